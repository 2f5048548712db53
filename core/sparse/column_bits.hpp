// ColumnBits: a set of columns [0, n) as one bit each, plus one summary bit per 64-bit
// word, that hands its members back in increasing order and is empty again afterwards.
// Gustavson's rows (mxm_kernels.hpp) put the columns a row touched in order with it:
// adding is two ORs, draining costs O(members + width / 4096), where a sort of the
// touched list costs O(members log members) with a mispredicted branch per comparison
// (half of uniform 2^16 C = A*A's time) and a scan of the row's state bytes O(width).
#pragma once
#include <cstdint>
#include <vector>

namespace weft {

class ColumnBits {
 public:
  explicit ColumnBits(int64_t n) : bits_(size_t(n / 64 + 1), 0), summary_(size_t(n / 4096 + 1), 0) {}

  void add(int64_t c) {
    const uint64_t w = uint64_t(c) >> 6;
    bits_[w] |= uint64_t(1) << (c & 63);
    summary_[w >> 6] |= uint64_t(1) << (w & 63);
  }

  // Whether putting n columns of [c0, c1) in order through the bits beats sorting them:
  // the drain reads the window's summary words, one per 4096 columns, whatever n is
  // (a row of 4 products in a window of 2^22 columns would read 1024).
  static bool pays(int64_t n, int64_t c0, int64_t c1) {
    return c1 > c0 && n * 8 >= ((c1 - 1) >> 12) - (c0 >> 12) + 1;
  }

  // Calls f(c) for each member, all of which lie in [c0, c1), in increasing order, and
  // empties the set.
  template <class F>
  void drain(int64_t c0, int64_t c1, F f) {
    if (c1 <= c0) return;
    uint64_t *bits = bits_.data(), *summary = summary_.data();
    for (uint64_t s = uint64_t(c0) >> 12, last = uint64_t(c1 - 1) >> 12; s <= last; ++s) {
      uint64_t sw = summary[s];
      if (!sw) continue;
      summary[s] = 0;
      do {
        const uint64_t w = s * 64 + uint64_t(__builtin_ctzll(sw));
        sw &= sw - 1;
        uint64_t bw = bits[w];
        bits[w] = 0;
        do {
          f(int64_t(w * 64 + uint64_t(__builtin_ctzll(bw))));
          bw &= bw - 1;
        } while (bw);
      } while (sw);
    }
  }

 private:
  std::vector<uint64_t> bits_, summary_;
};

}  // namespace weft
