// Typed views of a constructor's arguments. Each constructor (core/types/<name>.cpp) stores
// them in Type::ints/addrs in the layout weft_type_contents returns; the readers inside
// core (commit's compiler, for_each_entry, SigRuns) decode them here, once, instead of
// each indexing ints/addrs by hand. Displacements and strides come out in bytes.
// (mpi/type_to_mpi.cpp reads the public contents layout and does not use these.)
#pragma once
#include <cstdint>
#include <vector>

#include "constructor_support.hpp"
#include "type.hpp"

namespace weft {

// contiguous: ints = {count}.
struct ContiguousArgs {
  explicit ContiguousArgs(const Type &t) : old(*t.inputs[0]), count(t.ints[0]) {}
  const Type &old;
  int64_t count;
};

// vector: ints = {count, blocklen, stride in extents}; hvector: ints = {count, blocklen},
// addrs = {stride in bytes}. `count` blocks of `blocklen` instances of old, `stride` bytes
// apart.
struct VectorArgs {
  explicit VectorArgs(const Type &t)
      : old(*t.inputs[0]),
        count(t.ints[0]),
        blocklen(t.ints[1]),
        stride(t.combiner == WEFT_COMBINER_HVECTOR ? t.addrs[0] : t.ints[2] * old.st.extent) {}
  const Type &old;
  int64_t count, blocklen, stride;
};

// indexed:        ints = {count, blocklens[count], displs[count] in extents};
// hindexed:       ints = {count, blocklens[count]}, addrs = displs in bytes;
// indexed_block:  ints = {count, blocklen, displs[count] in extents};
// hindexed_block: ints = {count, blocklen},         addrs = displs in bytes.
// Block i is blocklen(i) instances of old at displ(i) bytes.
class IndexedArgs {
 public:
  explicit IndexedArgs(const Type &t)
      : old(*t.inputs[0]),
        count(t.ints[0]),
        t_(t),
        block_(t.combiner == WEFT_COMBINER_INDEXED_BLOCK || t.combiner == WEFT_COMBINER_HINDEXED_BLOCK),
        bytes_(t.combiner == WEFT_COMBINER_HINDEXED || t.combiner == WEFT_COMBINER_HINDEXED_BLOCK) {}
  const Type &old;
  int64_t count;

  int64_t blocklen(int64_t i) const { return block_ ? t_.ints[1] : t_.ints[1 + i]; }
  int64_t displ(int64_t i) const {
    return bytes_ ? t_.addrs[i] : t_.ints[(block_ ? 2 : 1 + count) + i] * old.st.extent;
  }

 private:
  const Type &t_;
  bool block_, bytes_;
};

// struct, struct_aligned: ints = {count, blocklens[count]}, addrs = displs in bytes,
// inputs = types[count]. Field i is blocklen(i) instances of type(i) at displ(i) bytes.
class StructArgs {
 public:
  explicit StructArgs(const Type &t) : count(t.ints[0]), t_(t) {}
  int64_t count;

  const Type &type(int64_t i) const { return *t_.inputs[size_t(i)]; }
  int64_t blocklen(int64_t i) const { return t_.ints[1 + i]; }
  int64_t displ(int64_t i) const { return t_.addrs[i]; }

 private:
  const Type &t_;
};

// subarray: ints = {ndims, sizes[ndims], subsizes[ndims], starts[ndims], order}.
struct SubarrayArgs {
  explicit SubarrayArgs(const Type &t)
      : old(*t.inputs[0]),
        ndims(int(t.ints[0])),
        sizes(&t.ints[1]),
        subsizes(&t.ints[1 + ndims]),
        starts(&t.ints[1 + 2 * ndims]),
        order(int(t.ints[1 + 3 * ndims])),
        strides(subarray_strides(ndims, sizes, order, old.st.extent)) {}
  const Type &old;
  int ndims;
  const int64_t *sizes, *subsizes, *starts;
  int order;
  std::vector<int64_t> strides;  // bytes between neighbours along each dimension

  // The dimension that varies k-th fastest (k = 0: the innermost).
  int dim(int k) const { return order == WEFT_ORDER_C ? ndims - 1 - k : k; }
};

}  // namespace weft
