// The type queries that need more than the cached stats: core/types/queries.cpp. Each
// throws weft::Error before touching any output when the request cannot be met.
#pragma once
#include <cstdint>

#include "type.hpp"

namespace weft {

int64_t get_elements(const Type &t, int64_t nbytes);
int64_t get_count(const Type &t, int64_t nbytes);

bool is_contiguous(const Type &t);
// Number of basic entries; with capacity > 0 also writes them (predefined types and
// displacements), failing first if capacity is too small.
int64_t typemap(const Type &t, int64_t capacity, Type **basics, int64_t *displs);
// Fails with WEFT_OVERFLOW if the addresses of `count` copies do not fit 64 bits.
void check_copies_span(const Type &t, int64_t count);
int64_t iov(const Type &t, int64_t count, int64_t first, int64_t capacity, int64_t *offsets, int64_t *lengths);
void buffer_is_aligned(const void *buf, int64_t count, const Type &t, bool &aligned, bool &uint_aligned);

}  // namespace weft
