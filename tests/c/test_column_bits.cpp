// ColumnBits (core/sparse/column_bits.hpp), the set Gustavson's rows put their columns in
// order with, tested directly: a drain hands back each member once, in increasing order,
// and leaves the set empty for the next row; members at word and summary boundaries and
// in a window that starts past 0 come back too. Header-only: no libweft.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "../../core/sparse/column_bits.hpp"

namespace {

using weft::ColumnBits;

std::vector<int64_t> drained(ColumnBits &b, int64_t c0, int64_t c1) {
  std::vector<int64_t> out;
  b.drain(c0, c1, [&](int64_t c) { out.push_back(c); });
  return out;
}

TEST(ColumnBits, DrainsInOrderOnceAndEmpties) {
  const int64_t n = 3 * 4096 + 77;  // a last summary word only partly used
  ColumnBits b(n);
  uint64_t s = 5;
  for (int round = 0; round < 20; ++round) {
    std::vector<int64_t> want;
    const int count = 1 + round * 37;
    for (int q = 0; q < count; ++q) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      want.push_back(int64_t((s >> 33) % uint64_t(n)));
    }
    for (int64_t c : {int64_t(0), int64_t(63), int64_t(64), int64_t(4095), int64_t(4096), n - 1})
      if (round % 2) want.push_back(c);
    for (int64_t c : want) b.add(c), b.add(c);  // each twice: still one member
    std::sort(want.begin(), want.end());
    want.erase(std::unique(want.begin(), want.end()), want.end());
    EXPECT_EQ(want, drained(b, 0, n)) << "round " << round;
    EXPECT_TRUE(drained(b, 0, n).empty()) << "round " << round;
  }
}

TEST(ColumnBits, WindowPastZero) {
  const int64_t n = int64_t(1) << 20, c0 = 300000, c1 = 700001;
  ColumnBits b(n);
  const std::vector<int64_t> want = {c0, c0 + 1, 4096 * 80, 4096 * 80 + 63, 4096 * 80 + 64, c1 - 1};
  for (auto it = want.rbegin(); it != want.rend(); ++it) b.add(*it);
  EXPECT_EQ(want, drained(b, c0, c1));
  EXPECT_TRUE(drained(b, 0, n).empty());
}

// The bits pay once the columns are at least an eighth of the window's summary words.
TEST(ColumnBits, PaysForManyColumnsOfTheWindow) {
  const int64_t wide = int64_t(1) << 22;  // 1024 summary words
  EXPECT_FALSE(ColumnBits::pays(4, 0, wide));
  EXPECT_FALSE(ColumnBits::pays(127, 0, wide));
  EXPECT_TRUE(ColumnBits::pays(128, 0, wide));
  EXPECT_TRUE(ColumnBits::pays(2, 0, int64_t(1) << 16));  // 16 words
  EXPECT_TRUE(ColumnBits::pays(1, 0, 4096));
  EXPECT_FALSE(ColumnBits::pays(0, 0, 4096));
  EXPECT_FALSE(ColumnBits::pays(5, 10, 10));  // an empty window
}

}  // namespace
