// When a pull runs by column blocks (core/sparse/column_blocks.hpp, column_block_width):
// tested directly on hand-made CSR patterns, because the public API only shows the same
// results either way (test_column_blocks.cpp checks those bit for bit). Blocks hold 1 MiB
// of u; they are used when u has at least 8 blocks and the rows have, on average over a
// sample of rows, at least 8 entries in each block they touch. Compiled with
// column_blocks.cpp and the block pool only, no libweft.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "../../core/sparse/column_blocks.hpp"

namespace {

using weft::Csr;

uint64_t next(uint64_t &seed) {
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return seed >> 17;
}

// A pattern of m rows over n columns: row i gets the columns cols(i) (sorted, distinct).
template <class F>
Csr pattern(int64_t m, int64_t n, F cols) {
  Csr a;
  a.nrows = m, a.ncols = n, a.esize = 8;
  for (int64_t i = 0; i < m; ++i) {
    std::vector<int64_t> c = cols(i);
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    for (int64_t j : c) a.j.push_back(j);
    a.p.push_back(int64_t(a.j.size()));
  }
  return a;
}

constexpr int64_t kWidth = (int64_t(1) << 20) / 8;  // FP64 columns in 1 MiB

// 12 random columns over 8 blocks: fewer than 2 entries in a block a row touches.
TEST(ColumnBlockWidth, ScatteredRowsRunPlain) {
  uint64_t seed = 3;
  const int64_t n = 8 * kWidth;
  const Csr a = pattern(100000, n, [&](int64_t) {
    std::vector<int64_t> c;
    for (int q = 0; q < 12; ++q) c.push_back(int64_t(next(seed) % uint64_t(n)));
    return c;
  });
  EXPECT_EQ(0, weft::column_block_width(a, 8));
}

// Each row's columns in runs inside one or two blocks: many entries per segment.
TEST(ColumnBlockWidth, ClusteredRowsRunByBlocks) {
  uint64_t seed = 5;
  const int64_t n = 8 * kWidth;
  const Csr a = pattern(40000, n, [&](int64_t) {
    std::vector<int64_t> c;
    const int64_t at = int64_t(next(seed) % uint64_t(n - 64));
    for (int q = 0; q < 64; ++q) c.push_back(at + int64_t(next(seed) % 64));
    return c;
  });
  EXPECT_EQ(kWidth, weft::column_block_width(a, 8));
  EXPECT_EQ(kWidth / 2, weft::column_block_width(a, 16));  // (wider values: narrower blocks)
  // Always a power of two (make_column_blocks shifts): 12-byte values get 2^16 columns
  // (768 KiB), not 1 MiB / 12.
  EXPECT_EQ(kWidth / 2, weft::column_block_width(a, 12));
}

// Connected components' symmetric pattern of a uniform graph: 32 random columns a row
// over 8 blocks, 4 entries in each block a row touches. Measured slower by blocks (80 ms
// a pull against 56-60 plain at 2^20), so plain.
TEST(ColumnBlockWidth, FourEntriesABlockRunPlain) {
  uint64_t seed = 11;
  const int64_t n = 8 * kWidth;
  const Csr a = pattern(100000, n, [&](int64_t) {
    std::vector<int64_t> c;
    for (int b = 0; b < 8; ++b)
      for (int q = 0; q < 4; ++q) c.push_back(b * kWidth + int64_t(next(seed) % uint64_t(kWidth)));
    return c;
  });
  EXPECT_EQ(0, weft::column_block_width(a, 8));
}

// The shape of test_column_blocks.cpp's matrix (a quarter of the rows with 900 entries
// over every block, more entries than columns): its products run by blocks, so that test
// checks the blocked sums.
TEST(ColumnBlockWidth, TheBitwiseTestsMatrixRunsByBlocks) {
  uint64_t seed = 7;
  const int64_t n = 1200000;
  const Csr a = pattern(6000, n, [&](int64_t i) {
    std::vector<int64_t> c;
    const int64_t len = i % 4 == 0 ? 900 : int64_t(next(seed) % 40);
    for (int64_t q = 0; q < len; ++q) c.push_back(int64_t(next(seed) % uint64_t(n)));
    return c;
  });
  EXPECT_EQ(kWidth, weft::column_block_width(a, 8));
}

// Fewer than 8 blocks of u, or fewer entries than columns: plain.
TEST(ColumnBlockWidth, SmallUOrFewEntriesRunPlain) {
  const Csr narrow = pattern(40000, 8 * kWidth - 1, [](int64_t i) {
    std::vector<int64_t> c;
    for (int64_t q = 0; q < 64; ++q) c.push_back((i * 64 + q) % (8 * kWidth - 1));
    return c;
  });
  EXPECT_EQ(0, weft::column_block_width(narrow, 8));
  const Csr sparse = pattern(1000, 8 * kWidth, [](int64_t i) { return std::vector<int64_t>{i}; });
  EXPECT_EQ(0, weft::column_block_width(sparse, 8));
}

}  // namespace
