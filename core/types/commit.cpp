// Commit: compile a type tree into its Program (program.hpp).
#include <algorithm>
#include <mutex>
#include <vector>

#include "../support/checked.hpp"
#include "contents.hpp"
#include "program_build.hpp"
#include "type.hpp"
#include "walk.hpp"

namespace weft {

NodePtr compile_node(const Type &t) {
  // No data, no program. Returning before the inputs are compiled also keeps the
  // builders' arithmetic inside what the type's size proved fits: vector(0, 2^35, ...)
  // of a 2^35-byte type must not build its 2^70-byte block (found by fuzzing).
  if (t.st.size == 0) return nullptr;
  switch (t.combiner) {
    case WEFT_COMBINER_NAMED:
      return t.is_marker() ? nullptr : build_leaf(t.st.size, 0);
    case WEFT_COMBINER_DUP:
    case WEFT_COMBINER_RESIZED:
      return compile_node(*t.inputs[0]);
    case WEFT_COMBINER_CONTIGUOUS: {
      ContiguousArgs a(t);
      return build_strided(a.count, a.old.st.extent, compile_node(a.old));
    }
    case WEFT_COMBINER_VECTOR:
    case WEFT_COMBINER_HVECTOR: {
      VectorArgs a(t);
      return build_strided(a.count, a.stride, build_strided(a.blocklen, a.old.st.extent, compile_node(a.old)));
    }
    case WEFT_COMBINER_INDEXED:
    case WEFT_COMBINER_HINDEXED:
    case WEFT_COMBINER_INDEXED_BLOCK:
    case WEFT_COMBINER_HINDEXED_BLOCK: {
      IndexedArgs a(t);
      std::vector<int64_t> d(a.count), c(a.count);
      for (int64_t i = 0; i < a.count; ++i) {
        c[i] = a.blocklen(i);
        d[i] = a.displ(i);
      }
      return build_indexed(d, c, a.old.st.extent, compile_node(a.old));
    }
    case WEFT_COMBINER_STRUCT:
    case WEFT_COMBINER_STRUCT_ALIGNED: {
      StructArgs a(t);
      std::vector<NodePtr> kids;
      for (int64_t i = 0; i < a.count; ++i) {
        const Type &o = a.type(i);
        kids.push_back(shifted(build_strided(a.blocklen(i), o.st.extent, compile_node(o)), a.displ(i)));
      }
      return build_sequence(std::move(kids));
    }
    case WEFT_COMBINER_SUBARRAY: {
      SubarrayArgs a(t);
      NodePtr n = compile_node(a.old);
      int64_t off = 0;
      for (int k = 0; k < a.ndims; ++k) {  // fastest dimension innermost
        int d = a.dim(k);
        n = build_strided(a.subsizes[d], a.strides[d], std::move(n));
        off += a.starts[d] * a.strides[d];
      }
      return shifted(std::move(n), off);
    }
  }
  fail(WEFT_PANIC, "unknown combiner %d", t.combiner);
}

void commit(Type &t) {
  if (t.committed()) return;
  // Several threads may commit one type at once: one builds, the others find it built.
  static std::mutex building;
  std::lock_guard<std::mutex> lock(building);
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
  p->disjoint_proved = !p->root || p->root->disjoint;
  t.program = std::move(p);
  t.committed_flag.store(true, std::memory_order_release);
}

}  // namespace weft
