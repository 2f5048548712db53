// for_each_entry: the typemap definition of each constructor, applied literally.
#pragma once
#include <vector>

#include "contents.hpp"
#include "walk.hpp"

namespace weft {

template <class F>
void for_each_entry(const Type &t, int64_t off, F &&fn) {
  // A subtree without basic entries (markers, zero counts) is skipped whole: the walk
  // then costs the entries it reports plus the blocks that hold them, however many
  // copies of nothing a type repeats (found by fuzzing: 2^40 copies of a marker).
  if (t.st.nelem == 0) return;
  switch (t.combiner) {
    case WEFT_COMBINER_NAMED:
      if (!t.is_marker()) fn(t.basic, off);
      return;
    case WEFT_COMBINER_DUP:
    case WEFT_COMBINER_RESIZED:
      for_each_entry(*t.inputs[0], off, fn);
      return;
    case WEFT_COMBINER_CONTIGUOUS: {
      ContiguousArgs a(t);
      for (int64_t i = 0; i < a.count; ++i) for_each_entry(a.old, off + i * a.old.st.extent, fn);
      return;
    }
    case WEFT_COMBINER_VECTOR:
    case WEFT_COMBINER_HVECTOR: {
      VectorArgs a(t);
      int64_t ex = a.old.st.extent;
      for (int64_t i = 0; i < a.count; ++i)
        for (int64_t j = 0; j < a.blocklen; ++j) for_each_entry(a.old, off + i * a.stride + j * ex, fn);
      return;
    }
    case WEFT_COMBINER_INDEXED:
    case WEFT_COMBINER_HINDEXED:
    case WEFT_COMBINER_INDEXED_BLOCK:
    case WEFT_COMBINER_HINDEXED_BLOCK: {
      IndexedArgs a(t);
      int64_t ex = a.old.st.extent;
      for (int64_t i = 0; i < a.count; ++i) {
        int64_t c = a.blocklen(i);
        int64_t d = a.displ(i);
        for (int64_t j = 0; j < c; ++j) for_each_entry(a.old, off + d + j * ex, fn);
      }
      return;
    }
    case WEFT_COMBINER_STRUCT:
    case WEFT_COMBINER_STRUCT_ALIGNED: {
      StructArgs a(t);
      for (int64_t i = 0; i < a.count; ++i) {
        const Type &o = a.type(i);
        if (o.st.nelem == 0) continue;  // markers, or 2^40 copies of an empty type
        for (int64_t j = 0; j < a.blocklen(i); ++j) for_each_entry(o, off + a.displ(i) + j * o.st.extent, fn);
      }
      return;
    }
    case WEFT_COMBINER_SUBARRAY: {
      SubarrayArgs a(t);
      int nd = a.ndims;
      for (int d = 0; d < nd; ++d)
        if (a.subsizes[d] == 0) return;
      std::vector<int64_t> idx(nd, 0);
      while (true) {
        int64_t d0 = off;
        for (int d = 0; d < nd; ++d) d0 += (a.starts[d] + idx[d]) * a.strides[d];
        for_each_entry(a.old, d0, fn);
        // Advance the multi-index, fastest dimension first.
        int k = 0;
        for (; k < nd; ++k) {
          int d = a.dim(k);
          if (++idx[d] < a.subsizes[d]) break;
          idx[d] = 0;
        }
        if (k == nd) return;
      }
    }
  }
}

}  // namespace weft
