// Commit: compile a type tree into its Program (program.hpp).
#include <algorithm>
#include <vector>

#include "../support/checked.hpp"
#include "program_build.hpp"
#include "constructor_support.hpp"
#include "type.hpp"
#include "walk.hpp"

namespace weft {


NodePtr compile_node(const Type &t) {
  const std::vector<int64_t> &I = t.ints;
  const std::vector<int64_t> &A = t.addrs;
  switch (t.combiner) {
    case WEFT_COMBINER_NAMED:
      return t.is_marker() ? nullptr : build_leaf(t.st.size, 0);
    case WEFT_COMBINER_DUP:
    case WEFT_COMBINER_RESIZED:
      return compile_node(*t.inputs[0]);
    case WEFT_COMBINER_CONTIGUOUS: {
      const Type &o = *t.inputs[0];
      return build_strided(I[0], o.st.extent, compile_node(o));
    }
    case WEFT_COMBINER_VECTOR:
    case WEFT_COMBINER_HVECTOR: {
      const Type &o = *t.inputs[0];
      int64_t ex = o.st.extent;
      int64_t stride = t.combiner == WEFT_COMBINER_HVECTOR ? A[0] : I[2] * ex;
      return build_strided(I[0], stride, build_strided(I[1], ex, compile_node(o)));
    }
    case WEFT_COMBINER_INDEXED:
    case WEFT_COMBINER_HINDEXED:
    case WEFT_COMBINER_INDEXED_BLOCK:
    case WEFT_COMBINER_HINDEXED_BLOCK: {
      const Type &o = *t.inputs[0];
      int64_t ex = o.st.extent, n = I[0];
      bool block = t.combiner == WEFT_COMBINER_INDEXED_BLOCK || t.combiner == WEFT_COMBINER_HINDEXED_BLOCK;
      bool bytes = t.combiner == WEFT_COMBINER_HINDEXED || t.combiner == WEFT_COMBINER_HINDEXED_BLOCK;
      std::vector<int64_t> d(n), c(n);
      for (int64_t i = 0; i < n; ++i) {
        c[i] = block ? I[1] : I[1 + i];
        d[i] = bytes ? A[i] : I[(block ? 2 : 1 + n) + i] * ex;
      }
      return build_indexed(d, c, ex, compile_node(o));
    }
    case WEFT_COMBINER_STRUCT:
    case WEFT_COMBINER_STRUCT_ALIGNED: {
      std::vector<NodePtr> kids;
      for (int64_t i = 0; i < I[0]; ++i) {
        const Type &o = *t.inputs[i];
        kids.push_back(shifted(build_strided(I[1 + i], o.st.extent, compile_node(o)), A[i]));
      }
      return build_sequence(std::move(kids));
    }
    case WEFT_COMBINER_SUBARRAY: {
      const Type &o = *t.inputs[0];
      int nd = int(I[0]);
      const int64_t *sizes = &I[1], *subs = &I[1 + nd], *starts = &I[1 + 2 * nd];
      int order = int(I[1 + 3 * nd]);
      std::vector<int64_t> stride = subarray_strides(nd, sizes, order, o.st.extent);
      NodePtr n = compile_node(o);
      int64_t off = 0;
      for (int k = 0; k < nd; ++k) {  // fastest dimension innermost
        int d = order == WEFT_ORDER_C ? nd - 1 - k : k;
        n = build_strided(subs[d], stride[d], std::move(n));
        off += starts[d] * stride[d];
      }
      return shifted(std::move(n), off);
    }
  }
  fail(WEFT_PANIC, "unknown combiner %d", t.combiner);
}

void commit(Type &t) {
  if (!t.committed()) build_program(t);
}

void build_program(Type &t) {
  auto p = std::make_shared<Program>();
  p->root = compile_node(t);
  p->size = t.st.size;
  p->extent = t.st.extent;
  p->true_lb = t.st.has_data ? t.st.true_lo : 0;
  p->true_extent = t.st.has_data ? t.st.true_hi - t.st.true_lo : 0;
  p->contiguous = !p->root || (p->root->kind == NodeKind::leaf && p->extent == p->size);
  p->disjoint = !p->root || p->root->disjoint || pieces_disjoint(*p, 1);
  t.program = std::move(p);
}

}  // namespace weft
