// The commit compiler's node builders: each takes compiled children and applies the
// order-preserving rewrites of program.hpp (count-1 removal, folding, flattening,
// merging, indexed -> block-indexed -> strided detection, sequence inlining).
#include <algorithm>
#include <climits>
#include <numeric>

#include "program_build.hpp"

namespace weft {

namespace {

bool is_arithmetic(const std::vector<int64_t> &d, int64_t &step) {
  if (d.size() < 2) return false;
  step = d[1] - d[0];
  for (size_t i = 2; i < d.size(); ++i)
    if (d[i] - d[i - 1] != step) return false;
  return true;
}

// Whether intervals [lo_i, hi_i) are pairwise disjoint. Linear when already sorted.
bool intervals_disjoint(std::vector<std::pair<int64_t, int64_t>> iv) {
  bool sorted = true;
  for (size_t i = 1; i < iv.size(); ++i)
    if (iv[i].first < iv[i - 1].second) { sorted = false; break; }
  if (sorted) return true;
  std::sort(iv.begin(), iv.end());
  for (size_t i = 1; i < iv.size(); ++i)
    if (iv[i].first < iv[i - 1].second) return false;
  return true;
}

NodePtr node(NodeKind kind) {
  auto n = std::make_unique<Node>();
  n->kind = kind;
  return n;
}

}  // namespace

NodePtr shifted(NodePtr n, int64_t d) {
  if (n) {
    n->disp += d;
    n->lo += d;
    n->hi += d;
  }
  return n;
}

NodePtr build_leaf(int64_t bytes, int64_t disp) {
  if (bytes == 0) return nullptr;
  auto n = node(NodeKind::leaf);
  n->bytes = n->size = bytes;
  n->disp = n->lo = disp;
  n->hi = disp + bytes;
  return n;
}

NodePtr build_strided(int64_t count, int64_t stride, NodePtr kid) {
  if (!kid || count == 0) return nullptr;
  if (count == 1) return kid;
  if (kid->kind == NodeKind::leaf && stride == kid->bytes)  // contiguous repeats fold into a leaf
    return build_leaf(count * kid->bytes, kid->disp);
  if (kid->kind == NodeKind::strided && stride == kid->count * kid->stride) {
    // Nested vector whose outer step continues the inner one: one longer vector.
    int64_t d = kid->disp, c = kid->count, s = kid->stride;
    NodePtr g = std::move(kid->kids[0]);
    return shifted(build_strided(count * c, s, std::move(g)), d);
  }
  auto n = node(NodeKind::strided);
  n->count = count;
  n->stride = stride;
  n->size = count * kid->size;
  int64_t span = (count - 1) * stride;
  n->lo = kid->lo + std::min<int64_t>(0, span);
  n->hi = kid->hi + std::max<int64_t>(0, span);
  n->disjoint = kid->disjoint && (stride >= kid->hi - kid->lo || -stride >= kid->hi - kid->lo);
  n->kids.push_back(std::move(kid));
  return n;
}

NodePtr build_pieces(const std::vector<int64_t> &displs, const std::vector<int64_t> &lens) {
  // Merge pieces that continue each other (typemap order is kept).
  std::vector<int64_t> d, l;
  d.reserve(displs.size());
  l.reserve(displs.size());
  for (size_t i = 0; i < displs.size(); ++i) {
    if (lens[i] == 0) continue;
    if (!d.empty() && d.back() + l.back() == displs[i])
      l.back() += lens[i];
    else {
      d.push_back(displs[i]);
      l.push_back(lens[i]);
    }
  }
  if (d.empty()) return nullptr;
  if (d.size() == 1) return build_leaf(l[0], d[0]);
  bool equal = std::all_of(l.begin(), l.end(), [&](int64_t x) { return x == l[0]; });
  if (!equal) {
    // Equal pieces move with a fixed-width kernel; a few merges (adjacent indices in a
    // random list) are not worth losing that. Merge only when it removes >= 1/4.
    size_t nonempty = 0;
    int64_t len0 = -1;
    bool all_equal_before = true;
    for (size_t i = 0; i < lens.size(); ++i) {
      if (lens[i] == 0) continue;
      ++nonempty;
      if (len0 < 0) len0 = lens[i];
      if (lens[i] != len0) all_equal_before = false;
    }
    if (all_equal_before && d.size() * 4 > nonempty * 3) {
      d.clear();
      for (size_t i = 0; i < displs.size(); ++i)
        if (lens[i] != 0) d.push_back(displs[i]);
      l.assign(d.size(), len0);
      equal = true;
    }
  }
  if (equal) {
    int64_t step;
    if (is_arithmetic(d, step)) return shifted(build_strided(int64_t(d.size()), step, build_leaf(l[0], 0)), d[0]);
    auto n = node(NodeKind::block_indexed);
    n->count = int64_t(d.size());
    n->size = n->count * l[0];
    n->lo = *std::min_element(d.begin(), d.end());
    n->hi = *std::max_element(d.begin(), d.end()) + l[0];
    std::vector<std::pair<int64_t, int64_t>> iv(d.size());
    for (size_t i = 0; i < d.size(); ++i) iv[i] = {d[i], d[i] + l[0]};
    n->disjoint = intervals_disjoint(std::move(iv));
    if (std::all_of(d.begin(), d.end(), [](int64_t x) { return x >= INT32_MIN && x <= INT32_MAX; }))
      n->displs32.assign(d.begin(), d.end());
    n->displs = std::move(d);
    n->kids.push_back(build_leaf(l[0], 0));
    return n;
  }
  auto n = node(NodeKind::pieces);
  n->count = int64_t(d.size());
  n->prefix.resize(d.size() + 1);
  n->prefix[0] = 0;
  std::vector<std::pair<int64_t, int64_t>> iv(d.size());
  n->lo = d[0];
  n->hi = d[0] + l[0];
  for (size_t i = 0; i < d.size(); ++i) {
    n->prefix[i + 1] = n->prefix[i] + l[i];
    iv[i] = {d[i], d[i] + l[i]};
    n->lo = std::min(n->lo, d[i]);
    n->hi = std::max(n->hi, d[i] + l[i]);
  }
  n->size = n->prefix.back();
  n->disjoint = intervals_disjoint(std::move(iv));
  n->displs = std::move(d);
  return n;
}

NodePtr build_block_indexed(const std::vector<int64_t> &displs, NodePtr kid) {
  if (!kid || displs.empty()) return nullptr;
  if (displs.size() == 1) return shifted(std::move(kid), displs[0]);
  int64_t step;
  if (is_arithmetic(displs, step))
    return shifted(build_strided(int64_t(displs.size()), step, std::move(kid)), displs[0]);
  if (kid->kind == NodeKind::leaf) {
    std::vector<int64_t> d(displs.size()), l(displs.size(), kid->bytes);
    for (size_t i = 0; i < d.size(); ++i) d[i] = displs[i] + kid->disp;
    return build_pieces(d, l);
  }
  auto n = node(NodeKind::block_indexed);
  n->count = int64_t(displs.size());
  n->size = n->count * kid->size;
  int64_t mn = *std::min_element(displs.begin(), displs.end());
  int64_t mx = *std::max_element(displs.begin(), displs.end());
  n->lo = mn + kid->lo;
  n->hi = mx + kid->hi;
  if (kid->disjoint) {
    std::vector<std::pair<int64_t, int64_t>> iv(displs.size());
    for (size_t i = 0; i < displs.size(); ++i) iv[i] = {displs[i] + kid->lo, displs[i] + kid->hi};
    n->disjoint = intervals_disjoint(std::move(iv));
  } else {
    n->disjoint = false;
  }
  n->displs = displs;
  n->kids.push_back(std::move(kid));
  return n;
}

NodePtr build_indexed(const std::vector<int64_t> &displs, const std::vector<int64_t> &ns, int64_t spacing,
                      NodePtr kid) {
  if (!kid) return nullptr;
  std::vector<int64_t> d, c;
  for (size_t i = 0; i < displs.size(); ++i)
    if (ns[i] != 0) {
      d.push_back(displs[i]);
      c.push_back(ns[i]);
    }
  if (d.empty()) return nullptr;
  if (kid->kind == NodeKind::leaf && kid->bytes == spacing) {
    // Copies of a dense leaf: each block is one contiguous piece.
    std::vector<int64_t> l(d.size());
    for (size_t i = 0; i < d.size(); ++i) {
      l[i] = c[i] * kid->bytes;
      d[i] += kid->disp;
    }
    return build_pieces(d, l);
  }
  if (std::all_of(c.begin(), c.end(), [&](int64_t x) { return x == c[0]; }))
    return build_block_indexed(d, build_strided(c[0], spacing, std::move(kid)));
  auto n = node(NodeKind::indexed);
  n->count = int64_t(d.size());
  n->stride = spacing;
  n->prefix.resize(d.size() + 1);
  n->prefix[0] = 0;
  int64_t klen = kid->hi - kid->lo;
  bool inner_ok = kid->disjoint && (spacing >= klen || -spacing >= klen);
  std::vector<std::pair<int64_t, int64_t>> iv(d.size());
  for (size_t i = 0; i < d.size(); ++i) {
    n->prefix[i + 1] = n->prefix[i] + c[i];
    if (c[i] > 1 && !inner_ok) n->disjoint = false;
    int64_t span = (c[i] - 1) * spacing;
    int64_t lo = d[i] + kid->lo + std::min<int64_t>(0, span);
    int64_t hi = d[i] + kid->hi + std::max<int64_t>(0, span);
    iv[i] = {lo, hi};
    if (i == 0 || lo < n->lo) n->lo = lo;
    if (i == 0 || hi > n->hi) n->hi = hi;
  }
  if (!kid->disjoint) n->disjoint = false;
  if (n->disjoint) n->disjoint = intervals_disjoint(std::move(iv));
  n->size = n->prefix.back() * kid->size;
  n->displs = std::move(d);
  n->kids.push_back(std::move(kid));
  return n;
}

NodePtr build_sequence(std::vector<NodePtr> kids) {
  std::vector<NodePtr> flat;
  for (auto &k : kids) {
    if (!k) continue;
    if (k->kind == NodeKind::sequence) {  // inline a nested sequence
      for (auto &g : k->kids) flat.push_back(shifted(std::move(g), k->disp));
    } else {
      flat.push_back(std::move(k));
    }
  }
  if (flat.empty()) return nullptr;
  if (flat.size() == 1) return std::move(flat[0]);
  if (std::all_of(flat.begin(), flat.end(), [](const NodePtr &k) { return k->kind == NodeKind::leaf; })) {
    std::vector<int64_t> d, l;
    for (auto &k : flat) {
      d.push_back(k->disp);
      l.push_back(k->bytes);
    }
    return build_pieces(d, l);
  }
  auto n = node(NodeKind::sequence);
  n->count = int64_t(flat.size());
  n->prefix.resize(flat.size() + 1);
  n->prefix[0] = 0;
  std::vector<std::pair<int64_t, int64_t>> iv;
  n->lo = flat[0]->lo;
  n->hi = flat[0]->hi;
  for (size_t i = 0; i < flat.size(); ++i) {
    n->prefix[i + 1] = n->prefix[i] + flat[i]->size;
    n->lo = std::min(n->lo, flat[i]->lo);
    n->hi = std::max(n->hi, flat[i]->hi);
    if (!flat[i]->disjoint) n->disjoint = false;
    iv.push_back({flat[i]->lo, flat[i]->hi});
  }
  if (n->disjoint) n->disjoint = intervals_disjoint(std::move(iv));
  n->size = n->prefix.back();
  n->kids = std::move(flat);
  return n;
}

}  // namespace weft
