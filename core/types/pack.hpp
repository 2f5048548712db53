// Pack and unpack (MPI_Pack semantics, whole and byte-windowed): core/types/pack.cpp.
// Each throws weft::Error before touching any output when the request cannot be met.
#pragma once
#include <cstdint>

#include "type.hpp"

namespace weft {

int64_t pack_size(const Type &t, int64_t count);
void pack(const Type &t, const void *in, int64_t count, void *out, int64_t outsize, int64_t &position);
void unpack(Type &t, const void *in, int64_t insize, int64_t &position, void *out, int64_t count);
int64_t pack_partial(const Type &t, const void *in, int64_t count, int64_t offset, int64_t max_bytes, void *out);
void unpack_partial(Type &t, const void *in, int64_t insize, int64_t offset, void *out, int64_t count);

}  // namespace weft
