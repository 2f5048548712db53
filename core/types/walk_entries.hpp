// for_each_entry: the typemap definition of each constructor, applied literally.
#pragma once
#include "constructor_support.hpp"
#include "walk.hpp"

namespace weft {


template <class F>
void for_each_entry(const Type &t, int64_t off, F &&fn) {
  const std::vector<int64_t> &I = t.ints;
  const std::vector<int64_t> &A = t.addrs;
  switch (t.combiner) {
    case WEFT_COMBINER_NAMED:
      if (!t.is_marker()) fn(t.basic, off);
      return;
    case WEFT_COMBINER_DUP:
    case WEFT_COMBINER_RESIZED:
      for_each_entry(*t.inputs[0], off, fn);
      return;
    case WEFT_COMBINER_CONTIGUOUS: {
      const Type &o = *t.inputs[0];
      for (int64_t i = 0; i < I[0]; ++i) for_each_entry(o, off + i * o.st.extent, fn);
      return;
    }
    case WEFT_COMBINER_VECTOR:
    case WEFT_COMBINER_HVECTOR: {
      const Type &o = *t.inputs[0];
      int64_t ex = o.st.extent;
      int64_t stride = t.combiner == WEFT_COMBINER_HVECTOR ? A[0] : I[2] * ex;
      for (int64_t i = 0; i < I[0]; ++i)
        for (int64_t j = 0; j < I[1]; ++j) for_each_entry(o, off + i * stride + j * ex, fn);
      return;
    }
    case WEFT_COMBINER_INDEXED:
    case WEFT_COMBINER_HINDEXED:
    case WEFT_COMBINER_INDEXED_BLOCK:
    case WEFT_COMBINER_HINDEXED_BLOCK: {
      const Type &o = *t.inputs[0];
      int64_t ex = o.st.extent, n = I[0];
      bool block = t.combiner == WEFT_COMBINER_INDEXED_BLOCK || t.combiner == WEFT_COMBINER_HINDEXED_BLOCK;
      bool bytes = t.combiner == WEFT_COMBINER_HINDEXED || t.combiner == WEFT_COMBINER_HINDEXED_BLOCK;
      for (int64_t i = 0; i < n; ++i) {
        int64_t c = block ? I[1] : I[1 + i];
        int64_t d = bytes ? A[i] : I[(block ? 2 : 1 + n) + i] * ex;
        for (int64_t j = 0; j < c; ++j) for_each_entry(o, off + d + j * ex, fn);
      }
      return;
    }
    case WEFT_COMBINER_STRUCT:
    case WEFT_COMBINER_STRUCT_ALIGNED:
      for (int64_t i = 0; i < I[0]; ++i) {
        const Type &o = *t.inputs[i];
        for (int64_t j = 0; j < I[1 + i]; ++j) for_each_entry(o, off + A[i] + j * o.st.extent, fn);
      }
      return;
    case WEFT_COMBINER_SUBARRAY: {
      const Type &o = *t.inputs[0];
      int nd = int(I[0]);
      const int64_t *sizes = &I[1], *subs = &I[1 + nd], *starts = &I[1 + 2 * nd];
      int order = int(I[1 + 3 * nd]);
      std::vector<int64_t> stride = subarray_strides(nd, sizes, order, o.st.extent);
      for (int d = 0; d < nd; ++d)
        if (subs[d] == 0) return;
      std::vector<int64_t> idx(nd, 0);
      while (true) {
        int64_t d0 = off;
        for (int d = 0; d < nd; ++d) d0 += (starts[d] + idx[d]) * stride[d];
        for_each_entry(o, d0, fn);
        // Advance the multi-index, fastest dimension first.
        int k = 0;
        for (; k < nd; ++k) {
          int d = order == WEFT_ORDER_C ? nd - 1 - k : k;
          if (++idx[d] < subs[d]) break;
          idx[d] = 0;
        }
        if (k == nd) return;
      }
    }
  }
}

}  // namespace weft
