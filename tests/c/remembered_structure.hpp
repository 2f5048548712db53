// Two vectors built apart with the same indices have one structure; weft compares their
// index arrays once and remembers the match (core/sparse/indices.hpp, Indices::equal), in
// blocking element-wise operations and in nonblocking fused groups alike. The match must
// be forgotten as soon as either side changes: here an entry moves (same count, other
// indices), a value changes in place, the other side follows. After each change, x + y,
// x .* y and a two-stage chain with a freed intermediate, (x + y) .* y, must equal a model
// computed from the entries read back. Run by test_sparse_kernels (blocking) and
// test_lazy (nonblocking).
#pragma once
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "weft.h"

namespace remembered_structure {

using Model = std::map<int64_t, double>;

inline Model read(weft_vector v) {
  int64_t n = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_nvals(v, &n));
  std::vector<int64_t> j(size_t(n) + 1);
  std::vector<double> x(size_t(n) + 1);
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(v, n, j.data(), x.data(), WEFT_FP64, &n));
  Model m;
  for (int64_t k = 0; k < n; ++k) m[j[size_t(k)]] = x[size_t(k)];
  return m;
}

// Bitwise equality of two models (sums of the same two doubles: no rounding freedom).
inline void expect_same(const Model &want, const Model &got, const std::string &what) {
  ASSERT_EQ(want.size(), got.size()) << what;
  auto g = got.begin();
  for (const auto &w : want) {
    ASSERT_EQ(w.first, g->first) << what;
    EXPECT_EQ(0, std::memcmp(&w.second, &g->second, sizeof(double))) << what << " at " << w.first;
    ++g;
  }
}

inline void check(weft_vector x, weft_vector y, int64_t n, const std::string &when) {
  const Model mx = read(x), my = read(y);
  Model sum = mx, prod, chain;
  for (const auto &e : my) {
    auto it = sum.find(e.first);
    if (it == sum.end()) sum[e.first] = e.second;
    else it->second += e.second;
  }
  for (const auto &e : mx) {
    auto it = my.find(e.first);
    if (it != my.end()) prod[e.first] = e.second * it->second;
  }
  for (const auto &e : sum) {
    auto it = my.find(e.first);
    if (it != my.end()) chain[e.first] = e.second * it->second;
  }
  weft_vector s = nullptr, p = nullptr, t = nullptr, u = nullptr;
  for (weft_vector *v : {&s, &p, &t, &u}) ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, v));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_ewise_add(s, nullptr, nullptr, WEFT_PLUS_FP64, x, y, nullptr));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_ewise_mult(p, nullptr, nullptr, WEFT_TIMES_FP64, x, y, nullptr));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_ewise_add(t, nullptr, nullptr, WEFT_PLUS_FP64, x, y, nullptr));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_ewise_mult(u, nullptr, nullptr, WEFT_TIMES_FP64, t, y, nullptr));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_free(&t));
  expect_same(sum, read(s), when + ": x + y");
  expect_same(prod, read(p), when + ": x .* y");
  expect_same(chain, read(u), when + ": (x + y) .* y");
  for (weft_vector *v : {&s, &p, &u}) weft_vector_free(v);
}

inline void run() {
  const int64_t n = 200000;  // many fused tiles
  std::vector<int64_t> I;
  std::vector<double> X, Y;
  for (int64_t i = 0; i < n; i += 3) {
    I.push_back(i);
    X.push_back(double(i % 11) + 0.5);
    Y.push_back(double(i % 13) - 6.25);
  }
  weft_vector x = nullptr, y = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &x));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &y));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(x, I.data(), X.data(), WEFT_FP64, int64_t(I.size()), nullptr));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(y, I.data(), Y.data(), WEFT_FP64, int64_t(I.size()), nullptr));
  check(x, y, n, "built apart");
  check(x, y, n, "again (remembered)");
  // y: one entry moves to the next index (same count, other structure), deep in the array.
  const int64_t at = I[I.size() / 2 + 7];
  const double seven = 7, two = 2, half = 1.5;
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_remove_element(y, at));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_set_element(y, at + 1, &seven, WEFT_FP64));
  check(x, y, n, "an entry of y moved");
  // A value of y changes in place: the structure stays as it was.
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_set_element(y, I[20], &half, WEFT_FP64));
  check(x, y, n, "a value of y changed");
  // x moves the same entry: one structure again.
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_remove_element(x, at));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_set_element(x, at + 1, &two, WEFT_FP64));
  check(x, y, n, "x moved the same entry");
  check(x, y, n, "again (remembered)");
  // y rebuilt with the first indices: differs from x at one place again.
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_clear(y));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(y, I.data(), Y.data(), WEFT_FP64, int64_t(I.size()), nullptr));
  check(x, y, n, "y rebuilt");
  weft_vector_free(&x);
  weft_vector_free(&y);
}

}  // namespace remembered_structure
