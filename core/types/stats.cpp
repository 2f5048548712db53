#include "stats.hpp"

#include <algorithm>

#include "../support/checked.hpp"

namespace weft {

namespace {
int class_of(int64_t align) {
  switch (align) {
    case 2: return 0;
    case 4: return 1;
    case 8: return 2;
    case 16: return 3;
    default: return -1;
  }
}

// Merges a child's residue, placed at off0 with offsets varying by multiples of the
// lowest set bit of var, into `into`.
void merge_residue(int8_t &into, int8_t child, int64_t off0, int64_t var, int c) {
  if (child == kResNone) return;
  int64_t a = align_class_value(c);
  int8_t r = (child == kResConflict || (var & (a - 1)) != 0) ? kResConflict : int8_t(mod(child + off0, a));
  if (into == kResNone)
    into = r;
  else if (into != r)
    into = kResConflict;
}
}  // namespace

Stats Stats::basic(int64_t size, int64_t align, int64_t uint_align, bool lb_marker,
                   bool ub_marker) {
  Stats s;
  s.has_entries = true;
  s.min_all = 0;
  s.max_all = size;
  if (lb_marker || ub_marker) {
    s.has_lb = lb_marker;
    s.has_ub = ub_marker;
  } else {
    s.size = size;
    s.nelem = 1;
    s.has_data = true;
    s.true_lo = 0;
    s.true_hi = size;
    s.true_align = align;
    if (uint_align == 0)
      s.uint_none = true;
    else
      s.uint_max = uint_align;
    int c = class_of(align);
    if (c >= 0) s.true_res[c] = 0;
    c = class_of(uint_align);
    if (c >= 0) s.uint_res[c] = 0;
  }
  s.finish();
  return s;
}

void Stats::place(const Stats &c, int64_t off, const Level *lv, int nlv) {
  int64_t copies = 1, lo = off, hi = off, var = 0;
  for (int l = 0; l < nlv; ++l) {
    copies = mul(copies, lv[l].n);
    if (lv[l].n == 0) return;
    int64_t span = mul(lv[l].n - 1, lv[l].step);
    if (span < 0) lo = add(lo, span); else hi = add(hi, span);
    if (lv[l].n >= 2) var |= lv[l].step;
  }
  merge(c, copies, lo, hi, off, var);
}

void Stats::place_blocks(const Stats &c, int64_t nb, const int64_t *offs, const int64_t *ns, int64_t n,
                         int64_t step) {
  int64_t copies = 0, lo = 0, hi = 0, off0 = 0, var = 0;
  bool first = true;
  for (int64_t i = 0; i < nb; ++i) {
    int64_t k = ns ? ns[i] : n;
    if (k == 0) continue;
    int64_t span = mul(k - 1, step), o = offs[i];
    int64_t l = span < 0 ? add(o, span) : o, h = span < 0 ? o : add(o, span);
    copies = add(copies, k);
    if (k >= 2) var |= step;
    if (first) {
      lo = l;
      hi = h;
      off0 = o;
      first = false;
    } else {
      lo = std::min(lo, l);
      hi = std::max(hi, h);
      // Only the low bits matter; unsigned arithmetic keeps far-apart offsets defined
      // (the span check in merge() rejects them anyway).
      var |= int64_t(uint64_t(o) - uint64_t(off0));
    }
  }
  if (!first) merge(c, copies, lo, hi, off0, var);
}

void Stats::merge(const Stats &c, int64_t copies, int64_t lo, int64_t hi, int64_t off0, int64_t var) {
  if (copies == 0 || !c.has_entries) return;
  sub(hi, lo);  // the whole placement must be addressable
  size = add(size, mul(copies, c.size));
  nelem = add(nelem, mul(copies, c.nelem));
  int64_t cmin = add(lo, c.min_all), cmax = add(hi, c.max_all);
  if (!has_entries) { min_all = cmin; max_all = cmax; has_entries = true; }
  else { min_all = std::min(min_all, cmin); max_all = std::max(max_all, cmax); }
  if (c.has_lb) {
    int64_t v = add(lo, c.lb_marker);
    lb_marker = has_lb ? std::min(lb_marker, v) : v;
    has_lb = true;
  }
  if (c.has_ub) {
    int64_t v = add(hi, c.ub_marker);
    ub_marker = has_ub ? std::max(ub_marker, v) : v;
    has_ub = true;
  }
  if (c.has_data) {
    int64_t a = add(lo, c.true_lo), b = add(hi, c.true_hi);
    if (!has_data) { true_lo = a; true_hi = b; has_data = true; }
    else { true_lo = std::min(true_lo, a); true_hi = std::max(true_hi, b); }
    true_align = std::max(true_align, c.true_align);
    uint_max = std::max(uint_max, c.uint_max);
    uint_none = uint_none || c.uint_none;
    for (int i = 0; i < kAlignClasses; ++i) {
      merge_residue(true_res[i], c.true_res[i], off0, var, i);
      merge_residue(uint_res[i], c.uint_res[i], off0, var, i);
    }
  }
}

void Stats::finish() {
  if (!has_entries) {
    lb = ub = extent = 0;
    return;
  }
  lb = has_lb ? lb_marker : min_all;
  if (has_ub) {
    ub = ub_marker;
  } else {
    // The epsilon: the least non-negative increment that makes the extent a multiple
    // of the largest alignment of the basic entries.
    int64_t raw = sub(max_all, lb);
    ub = add(max_all, mod(-raw, true_align));
  }
  extent = sub(ub, lb);
}

}  // namespace weft
