// PairList: the index maps of an indexer plan. Each is a sequence of (x, y) pairs in a
// fixed order ("item x of one buffer goes with item y of another"), cut into segments
// (the parts of a rank, or the source ranks of its arrivals).
//
// Where consecutive pairs step together (x+1, y+1), as in a halo or a rank's own range,
// the list is stored as runs (x, y, len) and a run moves with one memcpy. Runs are kept
// only where they average at least 4 pairs; otherwise the list keeps plain pairs, which
// cost 2 indices each and move one item per step. I is int32_t when every
// index of the plan fits, halving the index traffic of the exchanges.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace weft::indexer {

template <class I>
class PairList {
 public:
  PairList() = default;
  // Takes the pairs (x[t], y[t]) with the end of each segment (seg_end, non-decreasing,
  // the last = x.size()); keeps them as runs when runs average at least 4 pairs.
  PairList(std::vector<I> &&x, std::vector<I> &&y, std::vector<size_t> &&seg_end) {
    pairs_ = int64_t(seg_end.empty() ? 0 : seg_end.back());
    x.resize(size_t(pairs_));
    y.resize(size_t(pairs_));
    int64_t nruns = 0;
    for_runs(x, y, seg_end, [&](size_t, size_t) { ++nruns; });
    if (pairs_ > 0 && nruns * 4 <= pairs_) {
      runs_ = true;
      x_.reserve(size_t(nruns));
      y_.reserve(size_t(nruns));
      len_.reserve(size_t(nruns));
      size_t seg = 0;
      for_runs(x, y, seg_end, [&](size_t b, size_t e) {
        for (; seg < seg_end.size() && seg_end[seg] <= b; ++seg) seg_end_.push_back(x_.size());
        x_.push_back(x[b]);
        y_.push_back(y[b]);
        len_.push_back(I(e - b));
      });
      for (; seg < seg_end.size(); ++seg) seg_end_.push_back(x_.size());
    } else {
      // x is often the position itself (an owner's arrivals): then only y is kept.
      bool identity = true;
      for (size_t t = 0; t < x.size(); ++t) identity &= x[t] == I(t);
      if (!identity) x_ = std::move(x);
      x_is_position_ = identity;
      y_ = std::move(y);
      seg_end_ = std::move(seg_end);
    }
    x_.shrink_to_fit();
    y_.shrink_to_fit();
  }

  size_t segments() const { return seg_end_.size(); }
  int64_t pairs() const { return pairs_; }
  bool runs() const { return runs_; }

  // f(x, y, len) for every run (len 1 for plain pairs) of segments [s0, s1), in order.
  template <class F>
  void each(size_t s0, size_t s1, F &&f) const {
    size_t b = s0 == 0 ? 0 : seg_end_[s0 - 1], e = s1 == 0 ? 0 : seg_end_[s1 - 1];
    if (runs_) {
      for (size_t t = b; t < e; ++t) f(int64_t(x_[t]), int64_t(y_[t]), int64_t(len_[t]));
    } else if (x_is_position_) {
      const I *y = y_.data();
      for (size_t t = b; t < e; ++t) f(int64_t(t), int64_t(y[t]), int64_t(1));
    } else {
      const I *x = x_.data(), *y = y_.data();
      for (size_t t = b; t < e; ++t) f(int64_t(x[t]), int64_t(y[t]), int64_t(1));
    }
  }
  template <class F>
  void each(F &&f) const {
    each(0, segments(), f);
  }

 private:
  // f(b, e) for every maximal run [b, e) of pairs stepping together within a segment.
  template <class F>
  static void for_runs(const std::vector<I> &x, const std::vector<I> &y, const std::vector<size_t> &seg_end, F &&f) {
    size_t b = 0;
    for (size_t end : seg_end) {
      size_t run = b;
      for (size_t t = b + 1; t < end; ++t)
        if (!(x[t] == x[t - 1] + 1 && y[t] == y[t - 1] + 1)) {
          f(run, t);
          run = t;
        }
      if (end > b) f(run, end);
      b = end;
    }
  }

  int64_t pairs_ = 0;
  bool runs_ = false, x_is_position_ = false;
  std::vector<I> x_, y_, len_;
  std::vector<size_t> seg_end_;
};

}  // namespace weft::indexer
