// The operations on types that capi/ exposes: data movement and queries that need
// more than the cached stats. Each throws weft::Error (before touching any output)
// when the request cannot be carried out.
#pragma once
#include <cstdint>

#include "type.hpp"

namespace weft {

int64_t pack_size(const Type &t, int64_t count);
void pack(const Type &t, const void *in, int64_t count, void *out, int64_t outsize, int64_t &position);
void unpack(Type &t, const void *in, int64_t insize, int64_t &position, void *out, int64_t count);
int64_t pack_partial(const Type &t, const void *in, int64_t count, int64_t offset,
                     int64_t max_bytes, void *out);
void unpack_partial(Type &t, const void *in, int64_t insize, int64_t offset, void *out,
                    int64_t count);
int64_t copy(const void *src, int64_t scount, const Type &stype, void *dst, int64_t dcount,
             Type &dtype);

int64_t get_elements(const Type &t, int64_t nbytes);
int64_t get_count(const Type &t, int64_t nbytes);

bool is_contiguous(const Type &t);
// Number of basic entries; with capacity > 0 also writes them (predefined types and
// displacements), failing first if capacity is too small.
int64_t typemap(const Type &t, int64_t capacity, Type **basics, int64_t *displs);
// Fails with WEFT_OVERFLOW if the addresses of `count` copies do not fit 64 bits.
void check_copies_span(const Type &t, int64_t count);
int64_t iov(const Type &t, int64_t count, int64_t first, int64_t capacity, int64_t *offsets,
            int64_t *lengths);
void buffer_is_aligned(const void *buf, int64_t count, const Type &t, bool &aligned,
                       bool &uint_aligned);

}  // namespace weft
