// Stats: what the MPI-1 typemap definition needs to know about a typemap, kept without
// the typemap itself. Every constructor builds its stats by "placing" copies of its
// inputs' stats at displacements, so lb/ub/extent, true bounds, sticky markers, the
// epsilon and alignment are all exact and cost O(number of blocks).
#pragma once
#include <cstdint>

namespace weft {

// The alignment classes 2, 4, 8, 16 tracked for alignment tests.
constexpr int kAlignClasses = 4;
constexpr int64_t align_class_value(int c) { return int64_t(2) << c; }
// Residue states per class.
constexpr int8_t kResNone = -1;      // no entry of this class
constexpr int8_t kResConflict = -2;  // entries at different residues: never aligned

// An arithmetic progression of placements: n copies, step bytes apart.
struct Level {
  int64_t n;
  int64_t step;
};

struct Stats {
  int64_t size = 0;   // bytes of data
  int64_t nelem = 0;  // basic entries
  bool has_entries = false;  // any entry at all (data or marker)
  int64_t min_all = 0, max_all = 0;  // min disp / max disp+size over all entries
  bool has_lb = false, has_ub = false;
  int64_t lb_marker = 0, ub_marker = 0;  // lowest LB marker, highest UB marker
  bool has_data = false;
  int64_t true_lo = 0, true_hi = 0;  // data bounds (true lb, true ub)
  int64_t true_align = 1;      // largest true alignment of a basic entry
  int64_t uint_max = 1;        // largest uint alignment of a basic entry
  bool uint_none = false;      // some entry has no uint alignment
  int8_t true_res[kAlignClasses] = {kResNone, kResNone, kResNone, kResNone};
  int8_t uint_res[kAlignClasses] = {kResNone, kResNone, kResNone, kResNone};

  // Derived by finish(): the MPI-1 bounds.
  int64_t lb = 0, ub = 0, extent = 0;

  // Adds copies of `child` at off + sum_l i_l * levels[l].step, 0 <= i_l < levels[l].n.
  void place(const Stats &child, int64_t off, const Level *levels, int nlevels);
  void place(const Stats &child, int64_t off) { place(child, off, nullptr, 0); }
  // Adds blocks: block i is ns[i] (or n when ns is null) copies of child at offs[i],
  // step bytes apart. One pass, O(1) work per block.
  void place_blocks(const Stats &child, int64_t nblocks, const int64_t *offs, const int64_t *ns, int64_t n,
                    int64_t step);
  // The shared tail of the placements: `copies` copies whose offsets lie in [lo, hi),
  // start at off0, and differ from off0 by multiples of the lowest set bit of `var`.
  void merge(const Stats &child, int64_t copies, int64_t lo, int64_t hi, int64_t off0, int64_t var);
  // Computes lb, ub, extent from the rest (the MPI-1 definition incl. the epsilon).
  void finish();
  // Stats of one basic entry or marker at displacement 0.
  static Stats basic(int64_t size, int64_t align, int64_t uint_align, bool lb_marker,
                     bool ub_marker);
};

}  // namespace weft
