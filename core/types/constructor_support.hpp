// What the constructors (core/types/<name>.cpp) share; defined in constructor_support.cpp.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "type.hpp"

namespace weft {

// A fresh node of the given combiner.
std::unique_ptr<Type> new_type(int combiner);
// Appends `copies` copies of input's signature to t's (its fingerprint and its
// uniform-basic summary). Constructors call it in typemap order.
void merge_signature(Type &t, const Type &input, int64_t copies);
// The tail of every constructor: finishes the stats (capi publishes the result).
Type *finish_new_type(std::unique_ptr<Type> t);
// Keeps only the data statistics of `data` and puts an LB marker at lb and a UB marker
// at ub (MPI-2 resized: every earlier marker is erased).
void set_markers(Stats &st, const Stats &data, int64_t lb, int64_t ub);
// Byte strides of each dimension of a full subarray, in elements of extent ex.
std::vector<int64_t> subarray_strides(int ndims, const int64_t *sizes, int order, int64_t ex);

}  // namespace weft
