// Gustavson's hash accumulator: the columns one row of T = A * B reaches, kept in an
// open-addressing table sized for the row's products instead of a dense workspace as
// wide as B. Rows of a product whose T is so wide that a dense workspace would not fit
// (B with 2^40 columns: a hypersparse matrix of keys) take it; narrower ones keep the
// dense state bytes, which measured faster wherever they fit: hashing every row of
// C<A> = A*A made uniform 2^16 29 -> 55 ms and R-MAT 2^16 3.3 -> 6.4 s on this machine
// (a probe's unpredictable loop against a state byte in L2).
//
// A row's columns become entries 0, 1, ... in the order they are first added; the
// caller keeps their values (and states) in arrays indexed by entry.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace weft::kernels {

// Products whose T has more columns than this hash every row (its dense workspace, a state
// byte and a value per column for each thread, would take more than ~40 MB).
constexpr int64_t kHashWidth = int64_t(1) << 22;
inline bool hashes_rows(int64_t width) { return width > kHashWidth; }

class ColumnHash {
 public:
  // Empties the table, with room for `most` columns.
  void reset(int64_t most) {
    int bits = 4;
    while ((int64_t(1) << bits) < 4 * std::max<int64_t>(most, 1)) ++bits;
    shift_ = 64 - bits;
    last_ = (uint64_t(1) << bits) - 1;
    if (keys_.size() < size_t(last_) + 1) keys_.resize(size_t(last_) + 1), entry_.resize(size_t(last_) + 1);
    std::fill(keys_.begin(), keys_.begin() + int64_t(last_) + 1, int64_t(-1));
    columns_.clear();
  }
  // Column c's entry, or -1.
  int64_t find(int64_t c) const {
    for (uint64_t s = slot(c);; s = (s + 1) & last_) {
      if (keys_[s] == c) return entry_[s];
      if (keys_[s] < 0) return -1;
    }
  }
  // Column c's entry, a new one (the next number) if c was not there: fresh says which.
  // At most `most` columns (reset's) may be added.
  int64_t add(int64_t c, bool &fresh) {
    uint64_t s = slot(c);
    for (; keys_[s] >= 0; s = (s + 1) & last_)
      if (keys_[s] == c) return fresh = false, entry_[s];
    fresh = true;
    keys_[s] = c;
    entry_[s] = int64_t(columns_.size());
    columns_.push_back(c);
    return entry_[s];
  }
  int64_t size() const { return int64_t(columns_.size()); }
  // The columns by entry.
  const int64_t *columns() const { return columns_.data(); }

 private:
  uint64_t slot(int64_t c) const { return (uint64_t(c) * 0x9E3779B97F4A7C15ull) >> shift_; }
  std::vector<int64_t> keys_, entry_;  // keys_: -1 empty
  std::vector<int64_t> columns_;
  int shift_ = 60;
  uint64_t last_ = 15;
};

}  // namespace weft::kernels
