// Nonblocking mode (sparse.h, "Execution"): what is deferred, what a read runs, that
// element-wise chains are fused (proved by the queue's counters, weft_get_stat, not by
// timing), that intermediates freed before being read are never written, and how a
// deferred execution error is reported. Every result is checked against plain loops.
// The whole executable runs in nonblocking mode (weft_init before any object exists).
// The random programs run in both modes and compared are in lazy_programs.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "../support/splitmix64.hpp"
#include "remembered_structure.hpp"
#include "weft.h"

namespace {

class NonblockingEnvironment : public ::testing::Environment {
 public:
  void SetUp() override { ASSERT_EQ(WEFT_SUCCESS, weft_init(WEFT_NONBLOCKING)) << weft_last_error(); }
};
::testing::Environment *const kEnvironment = ::testing::AddGlobalTestEnvironment(new NonblockingEnvironment);

#define OK(call) ASSERT_EQ(WEFT_SUCCESS, (call)) << weft_last_error()

int64_t stat(int which) {
  int64_t v = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_get_stat(which, &v));
  return v;
}

// The counters' changes over a stretch of a test.
struct Counters {
  int64_t v[6];
  Counters() {
    for (int w = 0; w < 6; ++w) v[w] = stat(w);
  }
  int64_t since(const Counters &before, int which) const { return v[which] - before.v[which]; }
};

// A dense FP64 vector of n entries from f(i), or one with entries only where keep(i).
template <class F, class K>
weft_vector vector_of(int64_t n, F f, K keep) {
  std::vector<int64_t> I;
  std::vector<double> X;
  for (int64_t i = 0; i < n; ++i)
    if (keep(i)) {
      I.push_back(i);
      X.push_back(f(i));
    }
  weft_vector v = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &v));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_build(v, I.data(), X.data(), WEFT_FP64, int64_t(I.size()), nullptr));
  return v;
}
template <class F>
weft_vector dense(int64_t n, F f) {
  return vector_of(n, f, [](int64_t) { return true; });
}

// A vector's entries as (index, value) pairs.
std::vector<std::pair<int64_t, double>> entries(weft_vector v) {
  int64_t n = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_nvals(v, &n));
  std::vector<int64_t> I(size_t(n) + 1);
  std::vector<double> X(size_t(n) + 1);
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(v, n, I.data(), X.data(), WEFT_FP64, &n));
  std::vector<std::pair<int64_t, double>> e;
  for (int64_t k = 0; k < n; ++k) e.emplace_back(I[size_t(k)], X[size_t(k)]);
  return e;
}

// An FP64 scalar holding v.
weft_scalar scalar_of(double v) {
  weft_scalar s = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_scalar_new(WEFT_FP64, &s));
  EXPECT_EQ(WEFT_SUCCESS, weft_scalar_set_element(s, &v, WEFT_FP64));
  return s;
}

// A descriptor transposing a product's matrix: vxm's (INP1) or mxv's (INP0).
weft_descriptor transposing(bool vxm) {
  weft_descriptor d = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_new(&d));
  EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_set(d, vxm ? WEFT_INP1 : WEFT_INP0, WEFT_TRAN));
  return d;
}

weft_vector empty_vector(int64_t n) {
  weft_vector v = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &v));
  return v;
}

double xval(int64_t i) { return double(i % 13) - 6.0; }
double yval(int64_t i) { return double((i * 7) % 11) - 5.0; }

// w = max(|(x + y) .* x|, y), the chain of the tests below, by a plain loop.
double chain(double x, double y) { return std::max(std::fabs((x + y) * x), y); }

// Runs the four-operation chain into a new vector; intermediates freed unless `keep`
// (then returned in kept).
weft_vector run_chain(weft_vector x, weft_vector y, int64_t n, bool keep, std::vector<weft_vector> *kept) {
  weft_vector t1 = empty_vector(n), t2 = empty_vector(n), t3 = empty_vector(n), w = empty_vector(n);
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_ewise_add(t1, nullptr, nullptr, WEFT_PLUS_FP64, x, y, nullptr));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_ewise_mult(t2, nullptr, nullptr, WEFT_TIMES_FP64, t1, x, nullptr));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_apply(t3, nullptr, nullptr, WEFT_ABS_FP64, t2, nullptr));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_ewise_add(w, nullptr, nullptr, WEFT_MAX_FP64, t3, y, nullptr));
  if (keep) {
    *kept = {t1, t2, t3};
  } else {
    weft_vector_free(&t1);
    weft_vector_free(&t2);
    weft_vector_free(&t3);
  }
  return w;
}

TEST(Lazy, ChainWithFreedIntermediatesIsOnePassWritingOnlyTheResult) {
  const int64_t n = 100000;  // several tiles
  weft_vector x = dense(n, xval), y = dense(n, yval);
  const Counters before;
  weft_vector w = run_chain(x, y, n, false, nullptr);
  const Counters queued;
  EXPECT_EQ(4, queued.since(before, WEFT_STAT_DEFERRED));
  EXPECT_EQ(0, queued.since(before, WEFT_STAT_PASSES));  // nothing ran yet
  OK(weft_vector_wait(w, WEFT_MATERIALIZE));
  const Counters after;
  EXPECT_EQ(1, after.since(before, WEFT_STAT_PASSES));
  EXPECT_EQ(1, after.since(before, WEFT_STAT_FUSED_GROUPS));
  EXPECT_EQ(4, after.since(before, WEFT_STAT_FUSED_OPS));
  EXPECT_EQ(3, after.since(before, WEFT_STAT_SKIPPED));  // t1, t2, t3 never written
  EXPECT_EQ(n * 8, after.since(before, WEFT_STAT_BYTES_WRITTEN));  // w alone, its values: it shares x's indices
  const auto e = entries(w);
  ASSERT_EQ(size_t(n), e.size());
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(i, e[size_t(i)].first);
    ASSERT_EQ(chain(xval(i), yval(i)), e[size_t(i)].second) << i;
  }
  weft_vector_free(&w);
  weft_vector_free(&x);
  weft_vector_free(&y);
}

TEST(Lazy, KeptIntermediatesAreWrittenInTheSamePass) {
  const int64_t n = 50000;
  weft_vector x = dense(n, xval), y = dense(n, yval);
  std::vector<weft_vector> kept;
  const Counters before;
  weft_vector w = run_chain(x, y, n, true, &kept);
  OK(weft_vector_wait(w, WEFT_MATERIALIZE));
  const Counters after;
  EXPECT_EQ(1, after.since(before, WEFT_STAT_FUSED_GROUPS));
  EXPECT_EQ(0, after.since(before, WEFT_STAT_SKIPPED));
  EXPECT_EQ(4 * n * 8, after.since(before, WEFT_STAT_BYTES_WRITTEN));  // values: all share x's indices
  const auto t1 = entries(kept[0]), t3 = entries(kept[2]);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(xval(i) + yval(i), t1[size_t(i)].second);
    ASSERT_EQ(std::fabs((xval(i) + yval(i)) * xval(i)), t3[size_t(i)].second);
  }
  EXPECT_EQ(1, Counters().since(after, WEFT_STAT_PASSES) + 1);  // reading them ran nothing more
  for (weft_vector &t : kept) weft_vector_free(&t);
  weft_vector_free(&w);
  weft_vector_free(&x);
  weft_vector_free(&y);
}

TEST(Lazy, SparseOperandsAndMasksFuseWithTheSameResults) {
  const int64_t n = 70001;
  auto every3 = [](int64_t i) { return i % 3 == 0; };
  auto every5 = [](int64_t i) { return i % 5 != 1; };
  weft_vector x = vector_of(n, xval, every3), y = vector_of(n, yval, every5);
  weft_vector m = vector_of(n, [](int64_t i) { return double(i % 2); }, every5);
  weft_vector t = empty_vector(n), w = dense(n, [](int64_t) { return 100.0; });
  const Counters before;
  // t = x + y (union); w<m> += t + t (valued mask, accumulate); keep w < 100.5 (select)
  OK(weft_vector_ewise_add(t, nullptr, nullptr, WEFT_PLUS_FP64, x, y, nullptr));
  OK(weft_vector_ewise_add(w, m, WEFT_PLUS_FP64, WEFT_PLUS_FP64, t, t, nullptr));
  weft_vector_free(&t);
  weft_scalar zero = scalar_of(100.5);
  OK(weft_vector_select(w, nullptr, nullptr, WEFT_VALUELT_FP64, w, zero, nullptr));
  const auto e = entries(w);
  const Counters after;
  EXPECT_EQ(1, after.since(before, WEFT_STAT_FUSED_GROUPS));
  EXPECT_EQ(3, after.since(before, WEFT_STAT_FUSED_OPS));
  EXPECT_EQ(1, after.since(before, WEFT_STAT_SKIPPED));
  // The same by a loop.
  std::vector<std::pair<int64_t, double>> want;
  for (int64_t i = 0; i < n; ++i) {
    double v = 100.0;
    const bool hx = every3(i), hy = every5(i);
    if (every5(i) && i % 2 == 1 && (hx || hy)) v += 2 * ((hx ? xval(i) : 0.0) + (hy ? yval(i) : 0.0));
    if (v < 100.5) want.emplace_back(i, v);
  }
  EXPECT_EQ(want, e);
  weft_scalar_free(&zero);
  weft_vector_free(&w);
  weft_vector_free(&m);
  weft_vector_free(&x);
  weft_vector_free(&y);
}

TEST(Lazy, AReadRunsOnlyWhatItDependsOn) {
  const int64_t n = 1000;
  weft_vector x = dense(n, xval), y = dense(n, yval);
  weft_vector u = empty_vector(n), v = empty_vector(n);
  const Counters before;
  OK(weft_vector_apply(u, nullptr, nullptr, WEFT_ABS_FP64, x, nullptr));
  OK(weft_vector_apply(v, nullptr, nullptr, WEFT_AINV_FP64, y, nullptr));
  int64_t nv = 0;
  OK(weft_vector_nvals(u, &nv));
  EXPECT_EQ(n, nv);
  const Counters mid;
  EXPECT_EQ(1, mid.since(before, WEFT_STAT_PASSES));  // v's apply still queued
  double got = 0;
  OK(weft_vector_extract_element(v, 7, WEFT_FP64, &got));
  EXPECT_EQ(-yval(7), got);
  EXPECT_EQ(1, Counters().since(mid, WEFT_STAT_PASSES));
  weft_vector_free(&u);
  weft_vector_free(&v);
  weft_vector_free(&x);
  weft_vector_free(&y);
}

TEST(Lazy, ChangingAnInputRunsTheWorkThatReadsItFirst) {
  const int64_t n = 100;
  weft_vector x = dense(n, xval);
  weft_vector u = empty_vector(n);
  OK(weft_vector_apply(u, nullptr, nullptr, WEFT_AINV_FP64, x, nullptr));
  const double big = 1000;
  OK(weft_vector_set_element(x, 3, &big, WEFT_FP64));  // after the queued apply read x
  OK(weft_vector_clear(x));
  double got = 0;
  OK(weft_vector_extract_element(u, 3, WEFT_FP64, &got));
  EXPECT_EQ(-xval(3), got);
  // Freeing an input does not lose the work that reads it.
  weft_vector v = empty_vector(n), y = dense(n, yval);
  OK(weft_vector_apply(v, nullptr, nullptr, WEFT_AINV_FP64, y, nullptr));
  weft_vector_free(&y);
  OK(weft_vector_extract_element(v, 4, WEFT_FP64, &got));
  EXPECT_EQ(-yval(4), got);
  weft_vector_free(&v);
  weft_vector_free(&u);
  weft_vector_free(&x);
}

TEST(Lazy, ApiErrorsAreReturnedAtOnceAndQueueNothing) {
  weft_vector x = dense(10, xval), y = dense(11, yval), w = dense(10, yval);
  weft_scalar s = nullptr;
  OK(weft_scalar_new(WEFT_FP64, &s));  // empty
  const Counters before;
  EXPECT_EQ(WEFT_DIMENSION_MISMATCH, weft_vector_ewise_add(w, nullptr, nullptr, WEFT_PLUS_FP64, x, y, nullptr));
  EXPECT_EQ(WEFT_DIMENSION_MISMATCH, weft_vector_apply(w, y, nullptr, WEFT_ABS_FP64, x, nullptr));
  EXPECT_NE(WEFT_SUCCESS, weft_vector_apply(w, nullptr, nullptr, nullptr, x, nullptr));
  EXPECT_EQ(WEFT_EMPTY_OBJECT, weft_vector_apply_second(w, nullptr, nullptr, WEFT_PLUS_FP64, x, s, nullptr));
  EXPECT_EQ(0, Counters().since(before, WEFT_STAT_DEFERRED));
  const auto e = entries(w);  // untouched
  for (int64_t i = 0; i < 10; ++i) EXPECT_EQ(yval(i), e[size_t(i)].second);
  weft_scalar_free(&s);
  weft_vector_free(&x);
  weft_vector_free(&y);
  weft_vector_free(&w);
}

TEST(Lazy, ADeferredExecutionErrorIsReportedByTheCallThatRunsIt) {
  const int64_t n = 50;
  weft_vector w = dense(n, xval), u = dense(5, yval), z = empty_vector(n);
  const int64_t I[5] = {0, 1, 2, 3, 99};  // 99 is out of bounds: an execution error
  OK(weft_vector_assign(w, nullptr, nullptr, u, I, 5, nullptr));  // queued: success now
  OK(weft_vector_apply(z, nullptr, nullptr, WEFT_AINV_FP64, w, nullptr));  // after it, reads w
  int64_t nv = -1;
  EXPECT_EQ(WEFT_INDEX_OUT_OF_BOUNDS, weft_vector_nvals(z, &nv));
  EXPECT_EQ(n, nv);  // the call did its own work (the assign changed nothing) and reports the failure
  EXPECT_NE(nullptr, std::strstr(weft_last_error(), "weft_vector_assign")) << weft_last_error();
  const char *msg = nullptr;
  OK(weft_vector_error(w, &msg));
  EXPECT_NE(nullptr, std::strstr(msg, "weft_vector_assign")) << msg;
  EXPECT_NE(nullptr, std::strstr(msg, "99")) << msg;
  // Reported once; the operation after the failure ran on w as it was (unchanged, as in
  // blocking mode).
  OK(weft_vector_nvals(z, &nv));
  EXPECT_EQ(n, nv);
  const auto e = entries(z), ew = entries(w);
  for (int64_t i = 0; i < n; ++i) {
    EXPECT_EQ(-xval(i), e[size_t(i)].second);
    EXPECT_EQ(xval(i), ew[size_t(i)].second);
  }
  weft_vector_free(&w);
  weft_vector_free(&u);
  weft_vector_free(&z);
}

TEST(Lazy, MatrixTilesKeepRowNumbersForIndexOperators) {
  const int64_t m = 3000, k = 40;  // 120000 entries: several tiles of rows
  std::vector<int64_t> I, J;
  std::vector<double> X;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < k; ++j)
      if ((i + j) % 3 != 0) {
        I.push_back(i);
        J.push_back(j);
        X.push_back(double((i * 31 + j) % 17));
      }
  weft_matrix A = nullptr, T = nullptr, C = nullptr;
  OK(weft_matrix_new(WEFT_FP64, m, k, &A));
  OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(I.size()), nullptr));
  OK(weft_matrix_new(WEFT_FP64, m, k, &T));
  OK(weft_matrix_new(WEFT_FP64, m, k, &C));
  weft_scalar s = nullptr;
  OK(weft_scalar_new(WEFT_INT64, &s));
  const int64_t shift = -20;
  OK(weft_scalar_set_element(s, &shift, WEFT_INT64));
  const Counters before;
  OK(weft_matrix_apply_index(T, nullptr, nullptr, WEFT_ROWINDEX_INT64, A, s, nullptr));  // T = i - 20
  OK(weft_matrix_ewise_mult(T, nullptr, nullptr, WEFT_PLUS_FP64, T, A, nullptr));       // T = i - 20 + a
  OK(weft_matrix_select(C, nullptr, nullptr, WEFT_TRIL, T, s, nullptr));                 // j <= i - 20
  weft_matrix_free(&T);
  int64_t nv = 0;
  OK(weft_matrix_nvals(C, &nv));
  EXPECT_EQ(1, Counters().since(before, WEFT_STAT_FUSED_GROUPS));
  std::vector<int64_t> CI(static_cast<size_t>(nv)), CJ(static_cast<size_t>(nv));
  std::vector<double> CX(static_cast<size_t>(nv));
  OK(weft_matrix_extract_tuples(C, nv, CI.data(), CJ.data(), CX.data(), WEFT_FP64, &nv));
  size_t at = 0;
  for (size_t q = 0; q < I.size(); ++q) {
    if (J[q] > I[q] + shift) continue;
    ASSERT_LT(at, CI.size());
    ASSERT_EQ(I[q], CI[at]);
    ASSERT_EQ(J[q], CJ[at]);
    ASSERT_EQ(double(I[q] + shift) + X[q], CX[at]);
    ++at;
  }
  EXPECT_EQ(at, CI.size());
  weft_scalar_free(&s);
  weft_matrix_free(&A);
  weft_matrix_free(&C);
}

TEST(Lazy, AReduceOfTheRowsEndsAMatrixGroup) {
  // T = A + B (a freed intermediate); w<M, PLUS> = rows of T summed (PLUS), then read:
  // one fused pass; T never written; w, its structural mask and its old entries tiled by
  // T's row ranges. Small integers: every sum exact, checked against the rule written out.
  const int64_t m = 5000, k = 30;  // 100000 entries: several tiles of rows
  std::vector<int64_t> AI, AJ, BI, BJ;
  std::vector<double> AX, BX;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < k; ++j) {
      if (i % 7 == 3) continue;  // empty rows: no entry of w from them
      if ((i + j) % 3 != 0) AI.push_back(i), AJ.push_back(j), AX.push_back(double((i * 31 + j) % 17) - 8);
      if ((i * j) % 4 != 1) BI.push_back(i), BJ.push_back(j), BX.push_back(double((i + 5 * j) % 11) - 5);
    }
  weft_matrix A = nullptr, B = nullptr, T = nullptr;
  OK(weft_matrix_new(WEFT_FP64, m, k, &A));
  OK(weft_matrix_build(A, AI.data(), AJ.data(), AX.data(), WEFT_FP64, int64_t(AI.size()), nullptr));
  OK(weft_matrix_new(WEFT_FP64, m, k, &B));
  OK(weft_matrix_build(B, BI.data(), BJ.data(), BX.data(), WEFT_FP64, int64_t(BI.size()), nullptr));
  auto old_w = [](int64_t i) { return 1000.0 + double(i); };
  weft_vector w = vector_of(m, old_w, [](int64_t i) { return i % 5 == 0; });
  weft_vector M = vector_of(m, [](int64_t) { return 0.0; }, [](int64_t i) { return i % 3 == 0; });
  weft_descriptor d = nullptr;
  OK(weft_descriptor_new(&d));
  OK(weft_descriptor_set(d, WEFT_MASK, WEFT_STRUCTURE));
  OK(weft_vector_wait(w, WEFT_MATERIALIZE));
  OK(weft_vector_wait(M, WEFT_MATERIALIZE));
  const Counters before;
  OK(weft_matrix_new(WEFT_FP64, m, k, &T));
  OK(weft_matrix_ewise_add(T, nullptr, nullptr, WEFT_PLUS_FP64, A, B, nullptr));
  OK(weft_matrix_reduce(w, M, WEFT_PLUS_FP64, WEFT_PLUS_MONOID_FP64, T, d));
  weft_matrix_free(&T);
  const auto e = entries(w);
  const Counters after;
  EXPECT_EQ(1, after.since(before, WEFT_STAT_PASSES));
  EXPECT_EQ(1, after.since(before, WEFT_STAT_FUSED_GROUPS));
  EXPECT_EQ(2, after.since(before, WEFT_STAT_FUSED_OPS));
  EXPECT_EQ(1, after.since(before, WEFT_STAT_SKIPPED));  // T
  // The rule: row sums of A + B, left to right; w(i) += sum where M has i; else w stays.
  std::vector<double> sum(size_t(m), 0.0);
  std::vector<char> has(size_t(m), 0);
  std::vector<double> dense_t(size_t(m * k), 0.0);
  std::vector<char> dense_has(size_t(m * k), 0);
  for (size_t q = 0; q < AI.size(); ++q) dense_t[size_t(AI[q] * k + AJ[q])] += AX[q], dense_has[size_t(AI[q] * k + AJ[q])] = 1;
  for (size_t q = 0; q < BI.size(); ++q) dense_t[size_t(BI[q] * k + BJ[q])] += BX[q], dense_has[size_t(BI[q] * k + BJ[q])] = 1;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < k; ++j)
      if (dense_has[size_t(i * k + j)]) sum[size_t(i)] += dense_t[size_t(i * k + j)], has[size_t(i)] = 1;
  std::vector<std::pair<int64_t, double>> want;
  for (int64_t i = 0; i < m; ++i) {
    const bool old = i % 5 == 0;
    if (i % 3 == 0 && has[size_t(i)]) want.emplace_back(i, old ? old_w(i) + sum[size_t(i)] : sum[size_t(i)]);
    else if (old) want.emplace_back(i, old_w(i));
  }
  EXPECT_EQ(want, e);
  weft_descriptor_free(&d);
  weft_vector_free(&M);
  weft_vector_free(&w);
  weft_matrix_free(&A);
  weft_matrix_free(&B);
}

TEST(Lazy, MxvStartsAGroupWithTheTailAndItsReduce) {
  // PageRank's loop body: w = A' t; r = 0.5 w + 1 (two applies); diff = sum |r - r_old|:
  // one pass, w's tiles computed as the tail reads them.
  const int64_t n = 40000;
  std::vector<int64_t> I, J;
  std::vector<double> X;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t d = 1; d <= 3; ++d) {
      I.push_back(i);
      J.push_back((i * d * 7 + d) % n);
      X.push_back(1.0);
    }
  weft_matrix A = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &A));
  OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(I.size()), WEFT_PLUS_FP64));
  weft_vector t = dense(n, [](int64_t i) { return double(i % 4); });
  weft_vector r_old = dense(n, [](int64_t i) { return double(i % 3); });
  weft_vector w = empty_vector(n), r = empty_vector(n), d = empty_vector(n);
  weft_scalar half = scalar_of(0.5), one = scalar_of(1.0), diff = nullptr;
  OK(weft_scalar_new(WEFT_FP64, &diff));
  weft_descriptor tran = transposing(false);
  const Counters before;
  OK(weft_mxv(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, t, tran));
  OK(weft_vector_apply_second(r, nullptr, nullptr, WEFT_TIMES_FP64, w, half, nullptr));
  OK(weft_vector_apply_second(r, nullptr, nullptr, WEFT_PLUS_FP64, r, one, nullptr));
  OK(weft_vector_ewise_add(d, nullptr, nullptr, WEFT_MINUS_FP64, r, r_old, nullptr));
  OK(weft_vector_apply(d, nullptr, nullptr, WEFT_ABS_FP64, d, nullptr));
  OK(weft_vector_reduce_scalar(diff, nullptr, WEFT_PLUS_MONOID_FP64, d, nullptr));
  weft_vector_free(&w);
  weft_vector_free(&d);
  double got = 0;
  OK(weft_scalar_extract_element(diff, WEFT_FP64, &got));
  const Counters after;
  EXPECT_EQ(1, after.since(before, WEFT_STAT_PASSES));
  EXPECT_EQ(1, after.since(before, WEFT_STAT_FUSED_GROUPS));
  EXPECT_EQ(6, after.since(before, WEFT_STAT_FUSED_OPS));
  EXPECT_EQ(2, after.since(before, WEFT_STAT_SKIPPED));  // w and d never written
  // The same by loops (every value a multiple of 0.5: the sum is exact in any order).
  std::vector<double> wv(size_t(n), 0.0);
  for (size_t q = 0; q < I.size(); ++q) wv[size_t(J[q])] += double(I[q] % 4);
  double want = 0;
  std::vector<double> rv(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    rv[size_t(i)] = wv[size_t(i)] * 0.5 + 1.0;
    want += std::fabs(rv[size_t(i)] - double(i % 3));
  }
  EXPECT_EQ(want, got);
  const auto re = entries(r);
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(rv[size_t(i)], re[size_t(i)].second);
  weft_descriptor_free(&tran);
  weft_scalar_free(&half);
  weft_scalar_free(&one);
  weft_scalar_free(&diff);
  weft_vector_free(&t);
  weft_vector_free(&r_old);
  weft_vector_free(&r);
  weft_matrix_free(&A);
}

// A product starting a group (Fuse::product): w = A u or w' = u' A, then y = 2 w,
// z = y + x (x sparse) and s = the sum of z, for the ways a product may or may not
// start a group. Each against a model by loops: the group's one pass when u has every
// entry and the pull's rows are at hand (then w, freed, is never written), the product
// run whole otherwise; results the same either way.
TEST(Lazy, ProductTilesFeedTheGroupAfterThem) {
  const int64_t n = 40000;  // three tiles
  struct Case {
    const char *name;
    bool vxm, tran, keep_w;
    int u_gaps;  // 0: u full; 7: no u(k) where A's row k is empty (PageRank's t); 40: one in 40
    bool max_plus, fused;
  };
  const Case cases[] = {
      {"mxv A' u, w freed", false, true, false, 0, false, true},
      {"mxv A u, w kept, MAX_PLUS", false, false, true, 0, true, true},
      {"vxm u' A', w freed", true, true, false, 0, false, true},
      {"vxm u' A, no transpose kept: whole", true, false, false, 0, false, false},
      {"mxv A' u, u with gaps, w kept", false, true, true, 7, false, true},
      {"mxv A u, u with gaps, MAX_PLUS", false, false, false, 7, true, true},
      {"mxv A' u, u nearly empty: a push, whole", false, true, true, 40, false, false},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.name);
    // A(i, k) = i % 5 + d at three columns per row; rows i % 7 == 3 empty.
    std::vector<int64_t> I, J;
    std::vector<double> X;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t d = 1; d <= 3 && i % 7 != 3; ++d) {
        I.push_back(i);
        J.push_back((i * 7 + d * 977) % n);  // (no duplicates: MAX_PLUS would see their sum)
        X.push_back(double(i % 5 + d));
      }
    weft_matrix A = nullptr;
    OK(weft_matrix_new(WEFT_FP64, n, n, &A));
    OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(I.size()), WEFT_PLUS_FP64));
    auto uval = [](int64_t k) { return double(k % 4 + 1); };
    auto in_u = [&c](int64_t k) { return c.u_gaps == 0 || (c.u_gaps == 7 ? k % 7 != 3 : k % 40 == 0); };
    weft_vector u = vector_of(n, uval, in_u);
    weft_vector x = vector_of(n, [](int64_t i) { return double(i % 9); }, [](int64_t i) { return i % 3 == 1; });
    weft_vector w = empty_vector(n), y = empty_vector(n), z = empty_vector(n);
    weft_scalar two = scalar_of(2), sum = nullptr;
    OK(weft_scalar_new(WEFT_FP64, &sum));
    weft_descriptor tran = transposing(c.vxm);
    const weft_semiring sr = c.max_plus ? WEFT_MAX_PLUS_SEMIRING_FP64 : WEFT_PLUS_TIMES_SEMIRING_FP64;
    const Counters before;
    if (c.vxm) {
      OK(weft_vxm(w, nullptr, nullptr, sr, u, A, c.tran ? tran : nullptr));
    } else {
      OK(weft_mxv(w, nullptr, nullptr, sr, A, u, c.tran ? tran : nullptr));
    }
    OK(weft_vector_apply_second(y, nullptr, nullptr, WEFT_TIMES_FP64, w, two, nullptr));
    OK(weft_vector_ewise_add(z, nullptr, nullptr, WEFT_PLUS_FP64, y, x, nullptr));
    OK(weft_vector_reduce_scalar(sum, nullptr, WEFT_PLUS_MONOID_FP64, z, nullptr));
    weft_vector_free(&y);
    if (!c.keep_w) weft_vector_free(&w);
    double got = 0;
    OK(weft_scalar_extract_element(sum, WEFT_FP64, &got));
    const Counters after;
    EXPECT_EQ(c.fused ? 1 : 2, after.since(before, WEFT_STAT_PASSES));
    EXPECT_EQ(c.fused ? 4 : 3, after.since(before, WEFT_STAT_FUSED_OPS));
    EXPECT_EQ(c.keep_w || !c.fused ? 1 : 2, after.since(before, WEFT_STAT_SKIPPED));  // y, and w when fused
    // The model: w(i) over the row of i in the product's orientation (vxm: u' A = A' u),
    // every value a small integer (sums exact in any order).
    const bool rows_of_a = c.vxm == c.tran;  // w(i) from A's row i, else from its column i
    std::vector<double> wv(size_t(n), 0.0);
    std::vector<char> wh(size_t(n), 0);
    for (size_t q = 0; q < I.size(); ++q) {
      const int64_t i = rows_of_a ? I[q] : J[q], k = rows_of_a ? J[q] : I[q];
      if (!in_u(k)) continue;
      const double t = c.max_plus ? X[q] + uval(k) : X[q] * uval(k);
      wv[size_t(i)] = wh[size_t(i)] ? (c.max_plus ? std::max(wv[size_t(i)], t) : wv[size_t(i)] + t) : t;
      wh[size_t(i)] = 1;
    }
    std::vector<std::pair<int64_t, double>> want_z, want_w;
    double want_sum = 0;
    for (int64_t i = 0; i < n; ++i) {
      const bool hx = i % 3 == 1;
      if (wh[size_t(i)]) want_w.emplace_back(i, wv[size_t(i)]);
      if (!wh[size_t(i)] && !hx) continue;
      const double v = (wh[size_t(i)] ? 2 * wv[size_t(i)] : 0) + (hx ? double(i % 9) : 0);
      want_z.emplace_back(i, v);
      want_sum += v;
    }
    EXPECT_EQ(want_sum, got);
    EXPECT_EQ(want_z, entries(z));
    if (c.keep_w) {
      EXPECT_EQ(want_w, entries(w));
    }
    weft_descriptor_free(&tran);
    weft_scalar_free(&two);
    weft_scalar_free(&sum);
    weft_vector_free(&w);
    weft_vector_free(&z);
    weft_vector_free(&x);
    weft_vector_free(&u);
    weft_matrix_free(&A);
  }
}

// A group ending in a product (Pending::dense_u): t = x ./ d (and t = 2 t), then w = A t
// or w' = t' A, t freed: the group hands t to the product as dense arrays and t is never
// written, when the product pulls with a typed policy; otherwise t is stored and the
// product runs on it. x has -0.0 at every third index (rows whose terms are all -0.0
// must sum to -0.0 and still be entries: the neutral spread's "met u" test); d has gaps
// (t then too) or every entry. Each against a model folding each row's terms left to
// right, bit for bit.
uint64_t bits_of(double v) {
  uint64_t b;
  std::memcpy(&b, &v, 8);
  return b;
}

void times_fn(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, 8);
  std::memcpy(&b, y, 8);
  const double c = a * b;
  std::memcpy(z, &c, 8);
}

TEST(Lazy, AGroupHandsItsResultToTheProductAfterIt) {
  const int64_t n = 40000;  // three tiles
  enum Sr { PLUS_SECOND, PLUS_TIMES, MIN_PLUS, USER_PLUS_TIMES };
  struct Case {
    const char *name;
    bool vxm, tran;
    Sr sr;
    int d_gaps;        // 0: d full; 7: none where k % 7 == 3; 40: only where k % 40 == 0
    int second;        // a second op in the group, t = 2 t: 0 none, 1 TIMES, 2 a user-defined
                       // operator (proxy tiles); 3: none, and an assign into x before the
                       // group fails (an index out of range)
    bool keep_t, sunk;
    bool a_at_gaps = false;  // A has entries at k % 7 == 3 too (then only a pull without
                             // counting takes t: mxv A t, A' not kept)
  };
  const Case cases[] = {
      {"mxv A' t, PLUS_SECOND, t with gaps (PageRank)", false, true, PLUS_SECOND, 7, 0, false, true},
      {"mxv A t, PLUS_TIMES, t full", false, false, PLUS_TIMES, 0, 0, false, true},
      {"mxv A t, MIN_PLUS, t with gaps", false, false, MIN_PLUS, 7, 0, false, true},
      {"vxm t' A', PLUS_TIMES, two ops in the group", true, true, PLUS_TIMES, 7, 1, false, true},
      {"mxv A' t, a user-defined operator in the group", false, true, PLUS_SECOND, 7, 2, false, true},
      {"vxm t' A, no transpose kept: t stored", true, false, PLUS_TIMES, 7, 0, false, false},
      {"mxv A' t, t nearly empty (a push): t stored", false, true, PLUS_TIMES, 40, 0, false, false},
      {"mxv A t, a user-defined semiring (generic): t stored", false, false, USER_PLUS_TIMES, 7, 0, false, false},
      {"mxv A t, t kept by its user: t stored", false, false, PLUS_TIMES, 7, 1, true, false},
      {"mxv A t, a failed assign before the group", false, false, PLUS_TIMES, 7, 3, false, true},
      {"mxv A t, PLUS_SECOND, A's entries meet t's gaps", false, false, PLUS_SECOND, 7, 0, false, true, true},
      {"mxv A t, PLUS_TIMES, A's entries meet t's gaps", false, false, PLUS_TIMES, 7, 1, false, true, true},
  };
  weft_binary_op user_times = nullptr;
  OK(weft_binary_op_new(times_fn, WEFT_FP64, WEFT_FP64, WEFT_FP64, &user_times));
  weft_semiring user_sr = nullptr;
  OK(weft_semiring_new(WEFT_PLUS_MONOID_FP64, user_times, &user_sr));
  for (const Case &c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<int64_t> I, J;
    std::vector<double> X;
    // No entry in a row or column k % 7 == 3, where t has none (as PageRank's sinks): a
    // push would visit as many entries as the pull, which is then chosen.
    for (int64_t i = 0; i < n; ++i)
      for (int64_t e = 1; e <= 3 && (c.a_at_gaps || i % 7 != 3); ++e) {
        int64_t j = (i * 7 + e * 977) % n;
        if (j % 7 == 3 && !c.a_at_gaps) j = (j + 1) % n;
        I.push_back(i);
        J.push_back(j);
        X.push_back(double(i % 5 + e));
      }
    weft_matrix A = nullptr;
    OK(weft_matrix_new(WEFT_FP64, n, n, &A));
    OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(I.size()), WEFT_PLUS_FP64));
    auto xv = [](int64_t k) { return k % 3 == 0 ? -0.0 : double(k % 5) - 2.0; };
    auto dv = [](int64_t k) { return double(int64_t(1) << (k % 3)); };
    auto in_d = [&c](int64_t k) { return c.d_gaps == 0 || (c.d_gaps == 7 ? k % 7 != 3 : k % 40 == 0); };
    weft_vector x = dense(n, xv), d = vector_of(n, dv, in_d);
    weft_vector t = empty_vector(n), w = empty_vector(n);
    weft_scalar two = scalar_of(2);
    weft_descriptor tran = transposing(c.vxm);
    const weft_semiring sr = c.sr == PLUS_SECOND  ? WEFT_PLUS_SECOND_SEMIRING_FP64
                             : c.sr == MIN_PLUS   ? WEFT_MIN_PLUS_SEMIRING_FP64
                             : c.sr == PLUS_TIMES ? WEFT_PLUS_TIMES_SEMIRING_FP64
                                                  : user_sr;
    const Counters before;
    if (c.second == 3) {  // queued, fails when run; x stays as it was
      weft_vector y = dense(2, xv);
      const int64_t at[2] = {5, n + 5};
      OK(weft_vector_assign(x, nullptr, nullptr, y, at, 2, nullptr));
      weft_vector_free(&y);
    }
    OK(weft_vector_ewise_mult(t, nullptr, nullptr, WEFT_DIV_FP64, x, d, nullptr));
    if (c.second == 1 || c.second == 2) {
      const weft_binary_op op = c.second == 2 ? user_times : WEFT_TIMES_FP64;
      OK(weft_vector_apply_second(t, nullptr, nullptr, op, t, two, nullptr));
    }
    if (c.vxm) {
      OK(weft_vxm(w, nullptr, nullptr, sr, t, A, c.tran ? tran : nullptr));
    } else {
      OK(weft_mxv(w, nullptr, nullptr, sr, A, t, c.tran ? tran : nullptr));
    }
    if (!c.keep_t) weft_vector_free(&t);
    if (c.second == 3) {  // the failure is reported by the call that runs it, once
      EXPECT_EQ(WEFT_INDEX_OUT_OF_BOUNDS, weft_vector_wait(w, WEFT_MATERIALIZE));
      EXPECT_NE(nullptr, std::strstr(weft_last_error(), "weft_vector_assign")) << weft_last_error();
    }
    const auto got_w = entries(w);
    const Counters after;
    const bool twice = c.second == 1 || c.second == 2;
    const int64_t ops = twice ? 2 : 1;
    EXPECT_EQ(c.sunk ? 1 : 0, after.since(before, WEFT_STAT_SKIPPED));  // t, never written
    EXPECT_EQ(2, after.since(before, WEFT_STAT_PASSES));  // the group, the product (not a failed call)
    EXPECT_EQ(!c.keep_t || twice ? ops : 0, after.since(before, WEFT_STAT_FUSED_OPS));  // (a sink: fused)
    // The model: t, then w(i) over the row of i in the product's orientation (vxm: t' A =
    // A' t), the terms in increasing k, folded left to right from the first.
    std::vector<double> tv(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) tv[size_t(k)] = xv(k) / dv(k) * (twice ? 2.0 : 1.0);
    const bool rows_of_a = c.vxm == c.tran;
    std::vector<std::vector<std::pair<int64_t, double>>> terms(static_cast<size_t>(n));
    for (size_t q = 0; q < I.size(); ++q) {
      const int64_t i = rows_of_a ? I[q] : J[q], k = rows_of_a ? J[q] : I[q];
      if (!in_d(k)) continue;
      const double a = X[q], b = tv[size_t(k)];
      terms[size_t(i)].emplace_back(k, c.sr == PLUS_SECOND ? b : c.sr == MIN_PLUS ? a + b : a * b);
    }
    std::vector<std::pair<int64_t, uint64_t>> want, got;
    for (int64_t i = 0; i < n; ++i) {
      auto &ts = terms[size_t(i)];
      if (ts.empty()) continue;
      std::sort(ts.begin(), ts.end());
      double s = ts[0].second;
      for (size_t q = 1; q < ts.size(); ++q) s = c.sr == MIN_PLUS ? std::min(s, ts[q].second) : s + ts[q].second;
      want.emplace_back(i, bits_of(s));
    }
    for (const auto &e : got_w) got.emplace_back(e.first, bits_of(e.second));
    EXPECT_EQ(want.size(), got.size());
    EXPECT_TRUE(want == got);
    if (c.keep_t) {  // t itself, stored
      std::vector<std::pair<int64_t, uint64_t>> want_t, got_t;
      for (int64_t k = 0; k < n; ++k)
        if (in_d(k)) want_t.emplace_back(k, bits_of(tv[size_t(k)]));
      for (const auto &e : entries(t)) got_t.emplace_back(e.first, bits_of(e.second));
      EXPECT_TRUE(want_t == got_t);
    }
    weft_descriptor_free(&tran);
    weft_scalar_free(&two);
    weft_vector_free(&w);
    weft_vector_free(&t);
    weft_vector_free(&x);
    weft_vector_free(&d);
    weft_matrix_free(&A);
  }
  weft_semiring_free(&user_sr);
  weft_binary_op_free(&user_times);
}

TEST(Lazy, TheQueueIsBoundedAndRunsWhenFull) {
  const int64_t n = 10;
  weft_vector x = dense(n, xval), w = empty_vector(n);
  const Counters before;
  for (int k = 0; k < 300; ++k) OK(weft_vector_apply(w, nullptr, WEFT_PLUS_FP64, WEFT_IDENTITY_FP64, x, nullptr));
  EXPECT_EQ(300, Counters().since(before, WEFT_STAT_DEFERRED));
  EXPECT_GT(Counters().since(before, WEFT_STAT_FUSED_OPS), 0);  // the 257th call ran the queue
  double got = 0;
  OK(weft_vector_extract_element(w, 5, WEFT_FP64, &got));
  EXPECT_EQ(300 * xval(5), got);
  weft_vector_free(&x);
  weft_vector_free(&w);
}

// ---- Typed chains against a dense model -----------------------------------------------
// Random chains of FP64 operations that have typed loops (the value tiles' and dense
// tiles' fast paths: plain stages on operands with one structure, and any mix of masks,
// accumulators, replace and fills on dense tiles), on vectors of 1 to 100000 entries from
// empty to full, checked against plain arrays with a presence flag: every value bit for
// bit (each position computes the same IEEE operations in the same order), a reduce
// within 1e-12 (nonblocking mode sums tile by tile).
struct Model {
  std::vector<double> val;
  std::vector<char> has;
};

double min_op(double a, double b) { return a == b ? (std::signbit(a) ? a : b) : (b < a ? b : a); }
double max_op(double a, double b) { return a == b ? (std::signbit(a) ? b : a) : (a < b ? b : a); }

struct TypedOp {
  weft_binary_op op;
  double (*f)(double, double);
};
const TypedOp kBinary[] = {
    {WEFT_PLUS_FP64, [](double a, double b) { return a + b; }},
    {WEFT_MINUS_FP64, [](double a, double b) { return a - b; }},
    {WEFT_TIMES_FP64, [](double a, double b) { return a * b; }},
    {WEFT_MIN_FP64, min_op},
    {WEFT_MAX_FP64, max_op},
    {WEFT_FIRST_FP64, [](double a, double) { return a; }},
    {WEFT_SECOND_FP64, [](double, double b) { return b; }},
};

class TypedChain {
 public:
  explicit TypedChain(uint64_t seed) : rng_(seed) {
    const int64_t sizes[] = {1, 17, 5000, 40000, 100000};
    n_ = sizes[rng_.below(5)];
    // A third of the chains: every vector with the same entries (at one density).
    same_ = rng_.below(3) == 0 ? int(rng_.below(4)) : -1;
    for (int k = 0; k < 4; ++k) add_vector();
    OK_(weft_scalar_new(WEFT_FP64, &s_));
    sv_ = small();
    OK_(weft_scalar_set_element(s_, &sv_, WEFT_FP64));
  }
  ~TypedChain() {
    for (weft_vector &v : v_) weft_vector_free(&v);
    weft_scalar_free(&s_);
  }

  void step() {
    const int w = int(rng_.below(4)), a = int(rng_.below(4)), b = int(rng_.below(4));
    // The output rule: mask (none, valued, structural; maybe complemented), accumulator, replace.
    // Half the steps plain (T taken as it is: the same-entries path can run them).
    const bool plain = rng_.below(2) == 0;
    const int mk = plain ? 0 : int(rng_.below(4)), m = int(rng_.below(4));
    const bool comp = !plain && rng_.below(4) == 0, replace = rng_.below(3) == 0;
    const TypedOp *acc = !plain && rng_.below(3) == 0 ? &kBinary[rng_.below(2) ? 0 : 3] : nullptr;
    weft_descriptor d = nullptr;
    OK_(weft_descriptor_new(&d));
    if (mk == 2) OK_(weft_descriptor_set(d, WEFT_MASK, comp ? WEFT_COMP_STRUCTURE : WEFT_STRUCTURE));
    else if (comp) OK_(weft_descriptor_set(d, WEFT_MASK, WEFT_COMP));
    if (replace) OK_(weft_descriptor_set(d, WEFT_OUTP, WEFT_REPLACE));
    weft_vector mask = mk == 0 ? nullptr : v_[size_t(m)];
    // T and the model's T.
    Model T{std::vector<double>(size_t(n_)), std::vector<char>(size_t(n_))};
    const Model &A = model_[size_t(a)], &B = model_[size_t(b)];
    const int kind = int(rng_.below(5));
    const TypedOp &op = kBinary[rng_.below(7)];
    for (int64_t i = 0; i < n_; ++i) {
      const size_t k = size_t(i);
      if (kind == 0) {  // ewise add: the union
        T.has[k] = A.has[k] || B.has[k];
        T.val[k] = A.has[k] && B.has[k] ? op.f(A.val[k], B.val[k]) : A.has[k] ? A.val[k] : B.val[k];
      } else if (kind == 1) {  // ewise mult: the intersection
        T.has[k] = A.has[k] && B.has[k];
        T.val[k] = op.f(A.val[k], B.val[k]);
      } else if (kind == 2) {  // apply ABS
        T.has[k] = A.has[k];
        T.val[k] = std::fabs(A.val[k]);
      } else if (kind == 3) {  // apply_second TIMES s
        T.has[k] = A.has[k];
        T.val[k] = A.val[k] * sv_;
      } else {  // s to every position
        T.has[k] = 1;
        T.val[k] = sv_;
      }
    }
    weft_binary_op accum = acc ? acc->op : nullptr;
    weft_vector C = v_[size_t(w)], va = v_[size_t(a)], vb = v_[size_t(b)];
    if (kind == 0) OK_(weft_vector_ewise_add(C, mask, accum, op.op, va, vb, d));
    else if (kind == 1) OK_(weft_vector_ewise_mult(C, mask, accum, op.op, va, vb, d));
    else if (kind == 2) OK_(weft_vector_apply(C, mask, accum, WEFT_ABS_FP64, va, d));
    else if (kind == 3) OK_(weft_vector_apply_second(C, mask, accum, WEFT_TIMES_FP64, va, s_, d));
    else OK_(weft_vector_assign_scalar(C, mask, accum, s_, WEFT_ALL, n_, d));
    weft_descriptor_free(&d);
    // The output rule on the model (masks read before C changes: they may be C).
    const Model M = mk == 0 ? Model{} : model_[size_t(m)];
    Model &Cm = model_[size_t(w)];
    for (int64_t i = 0; i < n_; ++i) {
      const size_t k = size_t(i);
      bool allowed = mk == 0 ? true : mk == 2 ? bool(M.has[k]) : M.has[k] && M.val[k] != 0;
      if (comp) allowed = !allowed;
      double z = T.val[k];
      bool zh = T.has[k];
      if (acc) {
        if (Cm.has[k] && zh) z = acc->f(Cm.val[k], z);
        else if (Cm.has[k]) z = Cm.val[k];
        zh = zh || Cm.has[k];
      }
      if (allowed) {
        Cm.has[k] = zh;
        Cm.val[k] = z;
      } else if (replace) {
        Cm.has[k] = 0;
      }
    }
  }

  // Every vector (and a reduce of one) against the model.
  void check(const char *when) {
    weft_scalar sum = nullptr;
    OK_(weft_scalar_new(WEFT_FP64, &sum));
    OK_(weft_vector_reduce_scalar(sum, nullptr, WEFT_PLUS_MONOID_FP64, v_[0], nullptr));
    for (size_t q = 0; q < v_.size(); ++q) {
      const auto e = entries(v_[q]);
      size_t at = 0;
      for (int64_t i = 0; i < n_; ++i) {
        if (!model_[q].has[size_t(i)]) continue;
        ASSERT_LT(at, e.size()) << when << " v" << q;
        ASSERT_EQ(i, e[at].first) << when << " v" << q;
        ASSERT_EQ(std::memcmp(&e[at].second, &model_[q].val[size_t(i)], 8), 0)
            << when << " v" << q << "(" << i << "): " << e[at].second << " vs " << model_[q].val[size_t(i)];
        ++at;
      }
      ASSERT_EQ(at, e.size()) << when << " v" << q;
    }
    double got = 0, want = 0, magnitude = 0;
    bool any = false;
    for (int64_t i = 0; i < n_; ++i)
      if (model_[0].has[size_t(i)]) {
        want += model_[0].val[size_t(i)];
        magnitude += std::fabs(model_[0].val[size_t(i)]);
        any = true;
      }
    const weft_status st = weft_scalar_extract_element(sum, WEFT_FP64, &got);
    EXPECT_EQ(any ? WEFT_SUCCESS : WEFT_NO_VALUE, st) << when;
    if (any) {
      EXPECT_LE(std::fabs(got - want), 1e-12 * magnitude) << when;
    }
    weft_scalar_free(&sum);
  }

 private:
  static void OK_(weft_status s) { ASSERT_EQ(WEFT_SUCCESS, s) << weft_last_error(); }
  double small() { return double(rng_.range(-12, 12)) / 2; }
  void add_vector() {
    const int density = same_ >= 0 ? same_ : int(rng_.below(4));  // empty, 10%, half, full
    const double p[] = {0.0, 0.1, 0.5, 1.0};
    Model md{std::vector<double>(size_t(n_), 0.0), std::vector<char>(size_t(n_), 0)};
    std::vector<int64_t> I;
    std::vector<double> X;
    weft_testing::Rng where(same_ >= 0 ? 99 : rng_.next());  // one stream: the same entries
    for (int64_t i = 0; i < n_; ++i)
      if (double(where.below(1000)) < p[density] * 1000) {
        I.push_back(i);
        X.push_back(small());
        md.has[size_t(i)] = 1;
        md.val[size_t(i)] = X.back();
      }
    weft_vector v = nullptr;
    OK_(weft_vector_new(WEFT_FP64, n_, &v));
    if (!I.empty()) OK_(weft_vector_build(v, I.data(), X.data(), WEFT_FP64, int64_t(I.size()), nullptr));
    v_.push_back(v);
    model_.push_back(std::move(md));
  }

  weft_testing::Rng rng_;
  int64_t n_ = 0;
  int same_ = -1;  // >= 0: every vector has the entries of this density's one draw
  std::vector<weft_vector> v_;
  std::vector<Model> model_;
  weft_scalar s_ = nullptr;
  double sv_ = 0;
};

TEST(Lazy, TypedChainsMatchTheDenseModel) {
  const Counters before;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    TypedChain c(seed * 7919);
    const int steps = 1 + int(seed % 8);
    for (int k = 0; k < steps; ++k) c.step();
    c.check(("seed " + std::to_string(seed)).c_str());
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(Counters().since(before, WEFT_STAT_FUSED_GROUPS), 50);
}

TEST(Lazy, StatArguments) {
  int64_t v = 0;
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_get_stat(-1, &v));
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_get_stat(WEFT_STAT_JIT_RUNS + 1, &v));
  EXPECT_EQ(WEFT_NULL_POINTER, weft_get_stat(WEFT_STAT_PASSES, nullptr));
}

}  // namespace

namespace {

// A group whose every tile runs on value arrays is split across threads by tiles
// (fused.cpp value_pass): the same bits as one thread, for inputs with one structure
// that is not every position, a kept intermediate and a reduce ending the group.
TEST(Lazy, ValueTilesOnThreadsEqualOneThread) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  const int64_t n = 300007;
  auto half = [](int64_t i) { return (i * 2654435761u) % 7 < 4; };  // one pattern for both
  auto big = [](int64_t i) { return std::ldexp(double(i % 97) - 48.0, int(i % 23) - 11); };
  weft_vector x = vector_of(n, big, half), y = vector_of(n, yval, half);
  std::vector<std::pair<int64_t, double>> first_t, first_u;
  double first_sum = 0;
  for (int threads : {1, 2}) {
    OK(weft_set_threads(threads));
    weft_vector t = empty_vector(n), u = empty_vector(n);
    weft_scalar s = nullptr;
    OK(weft_scalar_new(WEFT_FP64, &s));
    const Counters before;
    OK(weft_vector_ewise_add(t, nullptr, nullptr, WEFT_PLUS_FP64, x, y, nullptr));
    OK(weft_vector_ewise_mult(u, nullptr, nullptr, WEFT_TIMES_FP64, t, x, nullptr));
    OK(weft_vector_reduce_scalar(s, nullptr, WEFT_PLUS_MONOID_FP64, u, nullptr));
    double sum = 0;
    OK(weft_scalar_extract_element(s, WEFT_FP64, &sum));
    EXPECT_EQ(1, Counters().since(before, WEFT_STAT_FUSED_GROUPS));
    const auto et = entries(t), eu = entries(u);
    if (threads == 1) {
      first_t = et, first_u = eu, first_sum = sum;
      size_t k = 0;  // against plain loops
      for (int64_t i = 0; i < n; ++i) {
        if (!half(i)) continue;
        ASSERT_EQ(i, et[k].first);
        ASSERT_EQ(big(i) + yval(i), et[k].second);
        ASSERT_EQ((big(i) + yval(i)) * big(i), eu[k].second);
        ++k;
      }
      ASSERT_EQ(k, et.size());
    } else {
      EXPECT_EQ(first_t, et);
      EXPECT_EQ(first_u, eu);
      EXPECT_EQ(0, std::memcmp(&first_sum, &sum, sizeof sum));
    }
    weft_vector_free(&t);
    weft_vector_free(&u);
    weft_scalar_free(&s);
  }
  OK(weft_set_threads(saved));
  weft_vector_free(&x);
  weft_vector_free(&y);
}

}  // namespace

// Fused groups on two vectors built apart with one structure (remembered_structure.hpp).
TEST(Lazy, RememberedStructureIsForgottenWhenAnOperandChanges) { remembered_structure::run(); }
