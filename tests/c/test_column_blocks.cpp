// Column blocks (core/sparse/column_blocks.hpp): a pull over a matrix with many columns
// sums each row block by block once the blocks are kept (from the fifth product with
// the same matrix: kBlocksAtCall). The results must be those of one left-to-right sum per
// row, bit for bit: checked against a model that adds in column order, on values of mixed
// magnitude (another order changes the bits), for every call: the first ones (no blocks
// yet), the fifth (blocks made) and the next (blocks reused), on one and two threads, after the
// matrix changes, where a row's sum is the neutral value although it met u, and with the
// sums added into a full w by the semiring's own add (w += A u).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <cstring>
#include <vector>

#include "weft.h"

namespace {

#define OK(call) ASSERT_EQ(WEFT_SUCCESS, (call)) << weft_last_error()

// The call that makes a matrix's blocks (Matrix::column_blocks): the calls before it pull
// plainly.
constexpr int kBlocksAtCall = 5;

uint64_t next(uint64_t &seed) {
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return seed >> 17;
}

// Entries of an m x n matrix in row-major order, sorted by column within each row.
struct Coo {
  int64_t m = 0, n = 0;
  std::vector<int64_t> I, J;
  std::vector<double> X;
};

// Rows of a few entries up to several hundred spread over every block, mixed magnitudes.
// Row 0: two entries in different blocks where u is -0.0 (see the PLUS_SECOND case);
// row 1: no entries (one in the last round); row 2: entries only where u has gaps.
Coo make_coo(int64_t m, int64_t n, uint64_t seed) {
  Coo c;
  c.m = m, c.n = n;
  auto add = [&](int64_t i, int64_t j, double x) { c.I.push_back(i), c.J.push_back(j), c.X.push_back(x); };
  add(0, 7, 1.0);
  add(0, n - 5, 1.0);
  for (int64_t j = 3; j < n; j += 149997) add(2, j, 2.5);  // j % 3 == 0: u's gaps
  for (int64_t i = 3; i < m; ++i) {
    const int64_t len = i % 4 == 0 ? 900 : int64_t(next(seed) % 40);  // (more entries than columns: blocks pay)
    std::vector<int64_t> cols;
    for (int64_t q = 0; q < len; ++q) cols.push_back(int64_t(next(seed) % uint64_t(n)));
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    for (int64_t j : cols) add(i, j, std::ldexp(double(next(seed) % 1000) - 500.0, int(next(seed) % 40) - 20));
  }
  return c;
}

// u(k) for k % gaps != 0 (every k when gaps == 0); u(7) = u(n - 5) = -0.0.
std::vector<double> u_values(int64_t n, uint64_t seed) {
  std::vector<double> u(static_cast<size_t>(n));
  for (double &x : u) x = std::ldexp(double(next(seed) % 1000) + 1.0, int(next(seed) % 80) - 40);  // (sums inexact)
  u[7] = -0.0;
  u[size_t(n - 5)] = -0.0;
  return u;
}
bool in_u(int64_t k, int gaps) { return gaps == 0 || k % gaps != 0; }

enum class Semi { plus_times, plus_second, min_plus };

// The model: w(i) = the sum over row i's entries in column order, the first term as is,
// then each added; no entry where the row meets no u(k).
void model(const Coo &c, const std::vector<double> &u, int gaps, Semi semi, std::vector<int64_t> &wi,
           std::vector<double> &wx) {
  wi.clear(), wx.clear();
  size_t q = 0;
  for (int64_t i = 0; i < c.m; ++i) {
    bool any = false;
    double s = 0;
    for (; q < c.I.size() && c.I[q] == i; ++q) {
      const int64_t k = c.J[q];
      if (!in_u(k, gaps)) continue;
      const double t = semi == Semi::plus_times ? c.X[q] * u[size_t(k)]
                       : semi == Semi::min_plus ? c.X[q] + u[size_t(k)]
                                                : u[size_t(k)];
      s = !any ? t : semi == Semi::min_plus ? std::min(s, t) : s + t;
      any = true;
    }
    if (any) wi.push_back(i), wx.push_back(s);
  }
}

struct Run {
  bool vxm;     // w' = u' A' (A' read by rows: A's rows again)
  int gaps;     // u's missing entries
  Semi semi;
  int threads;
  Semi later;   // from the third round: blocks kept without A's values need them now
  bool accumulate = false;  // w full beforehand and w += A u (PageRank's r += A'w): the
                            // sums added into w's values in place (pull_into_full)
};

void check(const Run &r) {
  // n >= 8 FP64 blocks of 131072 columns, more entries than columns (test_column_block_width.cpp)
  const int64_t m = 6000, n = 1200000;
  const Coo c = make_coo(m, n, 17 + uint64_t(r.gaps));
  weft_matrix A = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, m, n, &A));
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_build(A, c.I.data(), c.J.data(), c.X.data(), WEFT_FP64, int64_t(c.I.size()), nullptr));
  const std::vector<double> uv = u_values(n, 5);
  std::vector<int64_t> ui;
  std::vector<double> ux;
  for (int64_t k = 0; k < n; ++k)
    if (in_u(k, r.gaps)) ui.push_back(k), ux.push_back(uv[size_t(k)]);
  weft_vector u = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &u));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(u, ui.data(), ux.data(), WEFT_FP64, int64_t(ui.size()), nullptr));
  weft_descriptor tran = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_descriptor_new(&tran));
  ASSERT_EQ(WEFT_SUCCESS, weft_descriptor_set(tran, WEFT_INP1, WEFT_TRAN));
  int saved = 0;
  ASSERT_EQ(WEFT_SUCCESS, weft_get_threads(&saved));
  ASSERT_EQ(WEFT_SUCCESS, weft_set_threads(r.threads));
  Coo now = c;
  for (int round = 0; round < 4; ++round) {
    if (round == 3) {  // a changed matrix: its blocks are made again
      const double v = 0.375;
      ASSERT_EQ(WEFT_SUCCESS, weft_matrix_set_element(A, 1, n - 1, &v, WEFT_FP64));
      now.I.push_back(1), now.J.push_back(n - 1), now.X.push_back(v);
      std::vector<size_t> order(now.I.size());
      for (size_t q = 0; q < order.size(); ++q) order[q] = q;
      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return now.I[a] != now.I[b] ? now.I[a] < now.I[b] : now.J[a] < now.J[b];
      });
      Coo sorted = now;
      for (size_t q = 0; q < order.size(); ++q)
        sorted.I[q] = now.I[order[q]], sorted.J[q] = now.J[order[q]], sorted.X[q] = now.X[order[q]];
      now = sorted;
    }
    const Semi semi = round >= 2 ? r.later : r.semi;
    const weft_semiring s = semi == Semi::plus_times ? WEFT_PLUS_TIMES_SEMIRING_FP64
                            : semi == Semi::min_plus ? WEFT_MIN_PLUS_SEMIRING_FP64
                                                     : WEFT_PLUS_SECOND_SEMIRING_FP64;
    // Rounds 0 and 3 (a new or changed matrix): plain calls, then blocks made, then reused.
    const int calls = round == 0 || round == 3 ? kBlocksAtCall + 1 : 2;
    for (int call = 0; call < calls; ++call) {
      SCOPED_TRACE("round " + std::to_string(round) + " call " + std::to_string(call));
      weft_vector w = nullptr;
      ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, m, &w));
      std::vector<int64_t> all(static_cast<size_t>(m));
      std::vector<double> before(static_cast<size_t>(m));
      if (r.accumulate) {
        uint64_t seed = 23;
        for (int64_t i = 0; i < m; ++i)
          all[size_t(i)] = i, before[size_t(i)] = std::ldexp(double(next(seed) % 1000) + 1.0, int(next(seed) % 60) - 30);
        ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(w, all.data(), before.data(), WEFT_FP64, m, nullptr));
      }
      const weft_binary_op acc = r.accumulate ? WEFT_PLUS_FP64 : nullptr;
      if (r.vxm) ASSERT_EQ(WEFT_SUCCESS, weft_vxm(w, nullptr, acc, s, u, A, tran));
      else ASSERT_EQ(WEFT_SUCCESS, weft_mxv(w, nullptr, acc, s, A, u, nullptr));
      int64_t nv = 0;
      ASSERT_EQ(WEFT_SUCCESS, weft_vector_nvals(w, &nv));
      std::vector<int64_t> gi(static_cast<size_t>(nv));
      std::vector<double> gx(static_cast<size_t>(nv));
      ASSERT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(w, nv, gi.data(), gx.data(), WEFT_FP64, &nv));
      std::vector<int64_t> wi;
      std::vector<double> wx;
      model(now, uv, r.gaps, semi, wi, wx);
      if (r.accumulate) {  // every row: its old value, plus its sum where it has one
        std::vector<double> sums = before;
        for (size_t q = 0; q < wi.size(); ++q) sums[size_t(wi[q])] = before[size_t(wi[q])] + wx[q];
        wi = all, wx = sums;
      }
      EXPECT_EQ(wi, gi);
      ASSERT_EQ(wx.size(), gx.size());
      for (size_t q = 0; q < wx.size(); ++q)
        ASSERT_EQ(0, std::memcmp(&wx[q], &gx[q], sizeof(double))) << "row " << wi[q] << ": " << wx[q] << " vs " << gx[q];
      weft_vector_free(&w);
    }
  }
  ASSERT_EQ(WEFT_SUCCESS, weft_set_threads(saved));
  weft_descriptor_free(&tran);
  weft_vector_free(&u);
  weft_matrix_free(&A);
}

TEST(ColumnBlocks, MxvFullVector) { check({false, 0, Semi::plus_times, 1, Semi::plus_second}); }
TEST(ColumnBlocks, VxmTransposedFullVector) { check({true, 0, Semi::plus_times, 1, Semi::plus_times}); }
TEST(ColumnBlocks, BlocksWithoutValuesThenAProductReadingThem) {
  check({false, 0, Semi::plus_second, 1, Semi::plus_times});
}
// PLUS_SECOND with gaps: u's missing values are spread as the monoid's neutral value
// (-0.0), so a row whose sum has the neutral value's bits is asked whether it met u: row 0
// did (its terms are -0.0: an entry -0.0), row 2 did not (no entry).
TEST(ColumnBlocks, MxvVectorWithGapsNeutralSum) { check({false, 3, Semi::plus_second, 1, Semi::plus_second}); }
TEST(ColumnBlocks, MxvTwoThreads) { check({false, 0, Semi::plus_times, 2, Semi::plus_times}); }
TEST(ColumnBlocks, MxvTwoThreadsVectorWithGaps) { check({false, 3, Semi::plus_second, 2, Semi::plus_second}); }
// MIN on FP64 (no terminal: NaN would not be absorbed by one) by blocks.
TEST(ColumnBlocks, MxvMinPlus) { check({false, 0, Semi::min_plus, 1, Semi::min_plus}); }
TEST(ColumnBlocks, VxmMinPlusVectorWithGapsTwoThreads) { check({true, 3, Semi::min_plus, 2, Semi::min_plus}); }
// MIN on INT64 has a terminal at compile time too (INT64_MIN, which the plain pull tests
// each sum for): by blocks no sum stops, and the results are the same. Connected
// components' product: MIN_SECOND over a pattern, u every vertex's label.
TEST(ColumnBlocks, MinSecondInt64TakesTheBlocksToo) {
  const int64_t m = 6000, n = 1200000;
  const Coo c = make_coo(m, n, 41);
  weft_matrix A = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, m, n, &A));
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_build(A, c.I.data(), c.J.data(), c.X.data(), WEFT_FP64, int64_t(c.I.size()), nullptr));
  std::vector<int64_t> ui(static_cast<size_t>(n)), ux(static_cast<size_t>(n));
  uint64_t seed = 9;
  for (int64_t k = 0; k < n; ++k) ui[size_t(k)] = k, ux[size_t(k)] = int64_t(next(seed) % 5000000) - 1000000;
  weft_vector u = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_INT64, n, &u));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(u, ui.data(), ux.data(), WEFT_INT64, n, nullptr));
  std::vector<int64_t> wi;
  std::vector<int64_t> wx;
  for (size_t q = 0; q < c.I.size(); ++q) {
    const int64_t i = c.I[q], v = ux[size_t(c.J[q])];
    if (wi.empty() || wi.back() != i) wi.push_back(i), wx.push_back(v);
    else wx.back() = std::min(wx.back(), v);
  }
  for (int call = 0; call <= kBlocksAtCall; ++call) {  // no blocks, blocks made, blocks reused
    SCOPED_TRACE("call " + std::to_string(call));
    weft_vector w = nullptr;
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_INT64, m, &w));
    ASSERT_EQ(WEFT_SUCCESS, weft_mxv(w, nullptr, nullptr, WEFT_MIN_SECOND_SEMIRING_INT64, A, u, nullptr));
    int64_t nv = 0;
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_nvals(w, &nv));
    std::vector<int64_t> gi(static_cast<size_t>(nv)), gx(static_cast<size_t>(nv));
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(w, nv, gi.data(), gx.data(), WEFT_INT64, &nv));
    EXPECT_EQ(wi, gi);
    EXPECT_EQ(wx, gx);
    weft_vector_free(&w);
  }
  weft_vector_free(&u);
  weft_matrix_free(&A);
}
TEST(ColumnBlocks, MxvAccumulatedIntoAFullVector) { check({false, 0, Semi::plus_times, 1, Semi::plus_second, true}); }
TEST(ColumnBlocks, VxmAccumulatedIntoAFullVectorWithGapsTwoThreads) {
  check({true, 3, Semi::plus_times, 2, Semi::plus_times, true});  // (SECOND would be A's value in a vxm)
}

}  // namespace
