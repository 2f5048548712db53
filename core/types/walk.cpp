#include "walk.hpp"

#include <algorithm>

#include "../support/checked.hpp"
#include "contents.hpp"

namespace weft {

bool pieces_disjoint(const Program &p, int64_t count) {
  if (!p.root) return true;
  // Pieces in increasing address order (the usual case) are checked as they come, in
  // O(1) memory; the first one out of order starts the general check (sort, compare
  // neighbours) over all of them.
  bool sorted = true;
  int64_t prev_end = INT64_MIN;
  for (int64_t c = 0; c < count && sorted; ++c)
    for_each_piece(*p.root, c * p.extent, [&](int64_t off, int64_t len) {
      if (len == 0) return true;  // an empty piece writes nothing
      if (off < prev_end) {
        sorted = false;
        return false;
      }
      prev_end = off + len;
      return true;
    });
  if (sorted) return true;
  std::vector<std::pair<int64_t, int64_t>> iv;
  for (int64_t c = 0; c < count; ++c)
    for_each_piece(*p.root, c * p.extent, [&](int64_t off, int64_t len) {
      if (len > 0) iv.push_back({off, off + len});
      return true;
    });
  std::sort(iv.begin(), iv.end());
  for (size_t i = 1; i < iv.size(); ++i)
    if (iv[i].first < iv[i - 1].second) return false;
  return true;
}

bool receive_disjoint(Type &t, int64_t count) {
  const Program &p = *t.program;
  if (count <= 0 || p.size == 0) return true;
  // Copies whose data spans do not reach each other cannot overlap.
  bool apart = count == 1 || p.extent >= p.true_extent || -p.extent >= p.true_extent;
  if (p.disjoint_proved && apart) return true;
  if (t.verified_disjoint_count.load(std::memory_order_relaxed) >= count) return true;
  if (t.known_overlap_count.load(std::memory_order_relaxed) <= count) return false;
  // Decided once per type and count range, at a cost of the order of the receive
  // itself (every piece of `count` copies is visited).
  if (!pieces_disjoint(p, count)) {
    int64_t prev = t.known_overlap_count.load();
    while (prev > count && !t.known_overlap_count.compare_exchange_weak(prev, count)) {
    }
    return false;
  }
  int64_t prev = t.verified_disjoint_count.load();
  while (prev < count && !t.verified_disjoint_count.compare_exchange_weak(prev, count)) {
  }
  return true;
}

SigRuns::SigRuns(const Type &t, int64_t count) : root_(&t), count_(count) {
  stack_.push_back({nullptr, 0, count});
}

size_t SigRuns::items(const Frame &f) const {
  if (!f.t) return 1;
  switch (f.t->combiner) {
    case WEFT_COMBINER_STRUCT:
    case WEFT_COMBINER_STRUCT_ALIGNED:
      return f.t->inputs.size();
    default:
      return 1;
  }
}

void SigRuns::item(const Frame &f, size_t i, const Type *&child, int64_t &reps) const {
  if (!f.t) {
    child = root_;
    reps = count_;
    return;
  }
  const Type &t = *f.t;
  switch (t.combiner) {
    case WEFT_COMBINER_STRUCT:
    case WEFT_COMBINER_STRUCT_ALIGNED: {
      StructArgs a(t);
      child = &a.type(int64_t(i));
      reps = a.blocklen(int64_t(i));
      return;
    }
    case WEFT_COMBINER_DUP:
    case WEFT_COMBINER_RESIZED:
      child = t.inputs[0].get();
      reps = 1;
      return;
    default:  // every other constructor repeats its one input top_count times
      child = t.inputs[0].get();
      reps = t.top_count;
      return;
  }
}

bool SigRuns::next(BasicId &id, int64_t &len) {
  while (!stack_.empty()) {
    Frame &f = stack_.back();
    if (f.item >= int64_t(items(f))) {
      stack_.pop_back();
      continue;
    }
    const Type *child;
    int64_t reps;
    item(f, size_t(f.item), child, reps);
    if (f.left == 0 || child->signature_empty) {  // done with this item
      ++f.item;
      if (f.item < int64_t(items(f))) {
        item(f, size_t(f.item), child, reps);
        f.left = reps;
      }
      continue;
    }
    if (child->uniform_basic != BasicId::count_) {  // a homogeneous subtree is one run
      id = child->uniform_basic;
      len = mul(child->st.nelem, f.left);
      f.left = 0;
      return true;
    }
    --f.left;
    Frame g{child, 0, 0};
    const Type *gc;
    int64_t greps;
    item(g, 0, gc, greps);
    g.left = greps;
    stack_.push_back(g);
  }
  return false;
}

}  // namespace weft
