// Walks over a type: its contiguous pieces (from the program), its flattened typemap
// (from the type tree) and its signature as runs of one basic type.
#pragma once
#include <cstdint>
#include <vector>

#include "program.hpp"
#include "type.hpp"

namespace weft {

// Calls fn(offset, length) for every leaf piece of one instance of n at base, in packed
// order (unmerged). fn returns false to stop; returns false if stopped.
template <class F>
bool for_each_piece(const Node &n, int64_t base, F &&fn) {
  int64_t b = base + n.disp;
  switch (n.kind) {
    case NodeKind::leaf:
      return fn(b, n.bytes);
    case NodeKind::strided:
      for (int64_t i = 0; i < n.count; ++i)
        if (!for_each_piece(n.kid(), b + i * n.stride, fn)) return false;
      return true;
    case NodeKind::block_indexed:
      for (int64_t i = 0; i < n.count; ++i)
        if (!for_each_piece(n.kid(), b + n.displs[i], fn)) return false;
      return true;
    case NodeKind::pieces:
      for (int64_t i = 0; i < n.count; ++i)
        if (!fn(b + n.displs[i], n.prefix[i + 1] - n.prefix[i])) return false;
      return true;
    case NodeKind::indexed:
      for (int64_t i = 0; i < n.count; ++i)
        for (int64_t j = 0; j < n.prefix[i + 1] - n.prefix[i]; ++j)
          if (!for_each_piece(n.kid(), b + n.displs[i] + j * n.stride, fn)) return false;
      return true;
    case NodeKind::sequence:
      for (const auto &k : n.kids)
        if (!for_each_piece(*k, b, fn)) return false;
      return true;
  }
  return true;
}

// Exact test: do `count` copies of the program write each byte at most once?
bool pieces_disjoint(const Program &p, int64_t count);

// Whether `count` copies of committed t may be used as a receive type; caches the
// largest count verified.
bool receive_disjoint(Type &t, int64_t count);

// Calls fn(basic id, displacement) for every basic entry of t placed at off, in typemap
// order (markers skipped).
template <class F>
void for_each_entry(const Type &t, int64_t off, F &&fn);

// The signature of `count` copies of t as runs (basic type, number of entries). Runs
// of a homogeneous subtree come out whole, so the cost is the number of type changes.
class SigRuns {
 public:
  SigRuns(const Type &t, int64_t count);
  // Next run; false at the end. len > 0.
  bool next(BasicId &id, int64_t &len);

 private:
  struct Frame {
    const Type *t;  // nullptr: the root pseudo-frame (one item: the type, count times)
    int64_t item;   // current item
    int64_t left;   // repetitions of the current item still to visit
  };
  size_t items(const Frame &f) const;
  void item(const Frame &f, size_t i, const Type *&child, int64_t &reps) const;
  const Type *root_;
  int64_t count_;
  std::vector<Frame> stack_;
};

}  // namespace weft

#include "walk_entries.hpp"
