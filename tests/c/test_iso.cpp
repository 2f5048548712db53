// Iso-valued objects (weft_matrix_iso): a collection whose entries all have one value is
// stored with that value once. Which objects are iso is a storage fact the header
// promises (built from tuples of one value; dup, transpose and band selections of an iso
// object); what must never show is the storage in a result: every operation on an iso
// object gives the entries a model computed from the tuples gives, whatever reads it
// (products, element-wise operations, reductions, set_element, in-place accumulation
// with the object also an operand), at one thread and at two.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "../support/splitmix64.hpp"
#include "weft_test_util.hpp"

namespace {

// Kernels compiled for operators with source go to a cache folder of this test's own.
const bool cache_set = setenv("WEFT_JIT_CACHE", WEFT_JIT_TEST_CACHE, 1) == 0;

#define OK(call) ASSERT_EQ(WEFT_SUCCESS, (call)) << weft_last_error()

using Model = std::map<std::pair<int64_t, int64_t>, double>;

Model read(weft_matrix A) {
  int64_t n = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_nvals(A, &n));
  std::vector<int64_t> i(size_t(n) + 1), j(size_t(n) + 1);
  std::vector<double> x(size_t(n) + 1);
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_extract_tuples(A, n, i.data(), j.data(), x.data(), WEFT_FP64, &n));
  Model m;
  for (int64_t k = 0; k < n; ++k) m[{i[size_t(k)], j[size_t(k)]}] = x[size_t(k)];
  return m;
}

bool iso(weft_matrix A) {
  int v = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_iso(A, &v));
  return v == 1;
}

// n x n, about `per_row` entries a row (columns drawn at random, repeats combined by
// FIRST), every value `value`, the tuples out of order; and its model.
struct Graph {
  int64_t n;
  Model model;
  weft_matrix A = nullptr;
  Graph(int64_t n_, int per_row, double value, uint64_t seed) : n(n_) {
    weft_testing::Rng rng(seed);
    std::vector<int64_t> I, J;
    for (int64_t i = 0; i < n; ++i)
      for (int e = 0; e < per_row; ++e) I.push_back(i), J.push_back(int64_t(rng.below(n)));
    for (size_t k = I.size(); k > 1; --k) {  // shuffled: the sorting build
      const size_t r = size_t(rng.below(int64_t(k)));
      std::swap(I[k - 1], I[r]);
      std::swap(J[k - 1], J[r]);
    }
    std::vector<double> X(I.size(), value);
    for (size_t k = 0; k < I.size(); ++k) model[{I[k], J[k]}] = value;
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, n, n, &A));
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(I.size()), WEFT_FIRST_FP64));
  }
  ~Graph() { weft_matrix_free(&A); }
};

// A vector of n ones (itself iso).
weft_vector ones(int64_t n) {
  std::vector<int64_t> I(static_cast<size_t>(n));
  std::vector<double> X(static_cast<size_t>(n), 1.0);
  for (int64_t i = 0; i < n; ++i) I[size_t(i)] = i;
  weft_vector v = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &v));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_build(v, I.data(), X.data(), WEFT_FP64, n, nullptr));
  return v;
}

// Runs body at 1 and 2 threads, restoring the setting.
template <class F>
void at_thread_counts(F body) {
  int saved = 0;
  ASSERT_EQ(WEFT_SUCCESS, weft_get_threads(&saved));
  for (int t : {1, 2}) {
    ASSERT_EQ(WEFT_SUCCESS, weft_set_threads(t));
    body(t);
  }
  ASSERT_EQ(WEFT_SUCCESS, weft_set_threads(saved));
}

TEST(Iso, BuildStoresOneValueWhenAllAreEqual) {
  Graph g(300, 6, 1.0, 1);
  EXPECT_TRUE(iso(g.A));
  EXPECT_EQ(g.model, read(g.A));
  Graph h(300, 6, -0.0, 2);  // one value's bytes: -0.0 is stored as -0.0
  EXPECT_TRUE(iso(h.A));
  double x = 1;
  OK(weft_matrix_extract_element(h.A, h.model.begin()->first.first, h.model.begin()->first.second, WEFT_FP64, &x));
  EXPECT_TRUE(std::signbit(x));

  // Values that differ, duplicates that sum to different values, and in-order tuples.
  weft_matrix B = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 3, 3, &B));
  const int64_t I[] = {0, 0, 1, 2}, J[] = {0, 0, 1, 2};
  const double X[] = {1, 1, 2, 2};
  OK(weft_matrix_build(B, I, J, X, WEFT_FP64, 4, WEFT_PLUS_FP64));  // 2, 2, 2: iso
  EXPECT_TRUE(iso(B));
  EXPECT_EQ((Model{{{0, 0}, 2.0}, {{1, 1}, 2.0}, {{2, 2}, 2.0}}), read(B));
  OK(weft_matrix_clear(B));
  EXPECT_FALSE(iso(B));
  const double Y[] = {1, 2, 2, 2};
  OK(weft_matrix_build(B, I, J, Y, WEFT_FP64, 4, WEFT_PLUS_FP64));  // 3, 2, 2
  EXPECT_FALSE(iso(B));
  OK(weft_matrix_clear(B));
  const int64_t K[] = {0, 1};
  OK(weft_matrix_build(B, K, K, X, WEFT_FP64, 2, nullptr));  // in order, both 1
  EXPECT_TRUE(iso(B));
  OK(weft_matrix_free(&B));

  weft_vector v = nullptr;
  int vi = -1;
  OK(weft_vector_new(WEFT_INT32, 5, &v));
  const int32_t seven[] = {7, 7, 7};
  const int64_t at[] = {4, 0, 2};
  OK(weft_vector_build(v, at, seven, WEFT_INT32, 3, nullptr));
  OK(weft_vector_iso(v, &vi));
  EXPECT_EQ(1, vi);
  int32_t got = 0;
  OK(weft_vector_extract_element(v, 2, WEFT_INT32, &got));
  EXPECT_EQ(7, got);
  // Folds of the three 7s: MAX and BOR give 7 (idempotent: the value itself); LOR on an
  // integer type gives 1 (7 || 7), not 7.
  for (auto [m, want] : {std::pair<weft_monoid, int32_t>{WEFT_MAX_MONOID_INT32, 7}, {WEFT_BOR_MONOID_INT32, 7},
                         {WEFT_LOR_MONOID_INT32, 1}, {WEFT_PLUS_MONOID_INT32, 21}}) {
    weft_scalar s = nullptr;
    OK(weft_scalar_new(WEFT_INT32, &s));
    OK(weft_vector_reduce_scalar(s, nullptr, m, v, nullptr));
    int32_t z = -1;
    OK(weft_scalar_extract_element(s, WEFT_INT32, &z));
    EXPECT_EQ(want, z);
    OK(weft_scalar_free(&s));
  }
  OK(weft_vector_free(&v));
  EXPECT_EQ(WEFT_NULL_POINTER, weft_matrix_iso(g.A, nullptr));
  EXPECT_EQ(WEFT_INVALID_HANDLE, weft_matrix_iso(nullptr, &vi));
}

TEST(Iso, SelectionsAndTransposesStayIso) {
  at_thread_counts([](int t) {
    Graph g(3000, 12, 1.5, 10 + uint64_t(t));  // 36000 entries: split across threads
    ASSERT_TRUE(iso(g.A));
    weft_scalar k = nullptr;
    OK(weft_scalar_new(WEFT_INT64, &k));
    for (int64_t s : {-1, 0, 2}) {
      OK(weft_scalar_set_element(k, &s, WEFT_INT64));
      for (weft_index_unary_op op : {WEFT_TRIL, WEFT_TRIU, WEFT_OFFDIAG}) {
        Model want;
        for (const auto &[ij, x] : g.model) {
          const int64_t i = ij.first, j = ij.second;
          if (op == WEFT_TRIL ? j <= i + s : op == WEFT_TRIU ? j >= i + s : j != i + s) want[ij] = x;
        }
        weft_matrix C = nullptr;
        OK(weft_matrix_new(WEFT_FP64, g.n, g.n, &C));
        OK(weft_matrix_select(C, nullptr, nullptr, op, g.A, k, nullptr));
        EXPECT_TRUE(iso(C)) << t << " threads, s " << s;
        EXPECT_EQ(want, read(C)) << t << " threads, s " << s;
        // Into another domain: the one value cast, still iso.
        weft_matrix D = nullptr;
        OK(weft_matrix_new(WEFT_INT32, g.n, g.n, &D));
        OK(weft_matrix_select(D, nullptr, nullptr, op, g.A, k, nullptr));
        EXPECT_TRUE(iso(D));
        Model cast = want;
        for (auto &e : cast) e.second = 1.0;  // 1.5 as INT32
        EXPECT_EQ(cast, read(D));
        OK(weft_matrix_free(&D));
        OK(weft_matrix_free(&C));
      }
    }
    OK(weft_scalar_free(&k));

    Model tr;
    for (const auto &[ij, x] : g.model) tr[{ij.second, ij.first}] = x;
    weft_matrix T = nullptr, U = nullptr;
    OK(weft_matrix_new(WEFT_FP64, g.n, g.n, &T));
    OK(weft_transpose(T, nullptr, nullptr, g.A, nullptr));
    EXPECT_TRUE(iso(T));
    EXPECT_EQ(tr, read(T));
    OK(weft_transpose(T, nullptr, nullptr, g.A, WEFT_DESC_T0));  // a copy
    EXPECT_TRUE(iso(T));
    EXPECT_EQ(g.model, read(T));
    // A kept transpose (a pull through A' twice keeps one) is shared, the value set once.
    weft_vector u = nullptr, w = nullptr;
    u = ones(g.n);
    OK(weft_vector_new(WEFT_FP64, g.n, &w));
    for (int r = 0; r < 3; ++r) OK(weft_mxv(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, g.A, u, WEFT_DESC_T0));
    OK(weft_transpose(T, nullptr, nullptr, g.A, nullptr));
    EXPECT_TRUE(iso(T));
    EXPECT_EQ(tr, read(T));
    OK(weft_matrix_dup(T, &U));
    EXPECT_TRUE(iso(U));
    EXPECT_EQ(tr, read(U));
    OK(weft_vector_free(&u));
    OK(weft_vector_free(&w));
    OK(weft_matrix_free(&U));
    OK(weft_matrix_free(&T));
  });
}

// Every kind of reader of an iso object against the model: products (push and pull),
// element-wise operations, apply, reductions, extraction, serialization; then the
// changes that end iso storage.
TEST(Iso, ReadersSeeOneValuePerEntry) {
  at_thread_counts([](int t) {
    Graph g(2000, 8, 2.0, 20 + uint64_t(t));
    ASSERT_TRUE(iso(g.A));
    // Row sums through mxv (pull) and vxm (push), and a reduce: 2 * (entries in the row).
    std::vector<double> rows(size_t(g.n), 0), cols(size_t(g.n), 0);
    for (const auto &[ij, x] : g.model) rows[size_t(ij.first)] += x, cols[size_t(ij.second)] += x;
    weft_vector u = nullptr, w = nullptr;
    u = ones(g.n);
    OK(weft_vector_new(WEFT_FP64, g.n, &w));
    auto dense = [&](weft_vector v) {
      std::vector<double> d(size_t(g.n), 0);
      for (int64_t i = 0; i < g.n; ++i) {
        double x = 0;
        if (weft_vector_extract_element(v, i, WEFT_FP64, &x) == WEFT_SUCCESS) d[size_t(i)] = x;
      }
      return d;
    };
    for (int r = 0; r < 3; ++r) {  // (the kept iso fact and derived copies come on repeats)
      OK(weft_mxv(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, g.A, u, nullptr));
      EXPECT_EQ(rows, dense(w)) << t;
      OK(weft_vxm(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, u, g.A, nullptr));
      EXPECT_EQ(cols, dense(w)) << t;
      OK(weft_matrix_reduce(w, nullptr, nullptr, WEFT_PLUS_MONOID_FP64, g.A, nullptr));
      EXPECT_EQ(rows, dense(w)) << t;
    }
    // A + A, A .* A, -A: computed values, one per entry (2 + 2, 2 * 2, -2: iso or not, the
    // entries are the model's).
    weft_matrix C = nullptr;
    OK(weft_matrix_new(WEFT_FP64, g.n, g.n, &C));
    Model twice = g.model, square = g.model, neg = g.model;
    for (auto &e : twice) e.second = 4;
    for (auto &e : square) e.second = 4;
    for (auto &e : neg) e.second = -2;
    OK(weft_matrix_ewise_add(C, nullptr, nullptr, WEFT_PLUS_FP64, g.A, g.A, nullptr));
    EXPECT_EQ(twice, read(C));
    OK(weft_matrix_ewise_mult(C, nullptr, nullptr, WEFT_TIMES_FP64, g.A, g.A, nullptr));
    EXPECT_EQ(square, read(C));
    OK(weft_matrix_apply(C, nullptr, nullptr, WEFT_AINV_FP64, g.A, nullptr));
    EXPECT_EQ(neg, read(C));
    // C<A> += A with C iso (a masked accumulation merges C's values with the iso T).
    OK(weft_matrix_free(&C));
    OK(weft_matrix_dup(g.A, &C));
    EXPECT_TRUE(iso(C));
    OK(weft_matrix_ewise_add(C, g.A, WEFT_PLUS_FP64, WEFT_PLUS_FP64, g.A, g.A, WEFT_DESC_S));
    Model six = g.model;
    for (auto &e : six) e.second = 6;
    EXPECT_EQ(six, read(C));
    OK(weft_matrix_free(&C));
    // Serialization and export carry one value per entry.
    int64_t size = 0;
    OK(weft_matrix_serialize_size(g.A, &size));
    std::vector<char> buf(static_cast<size_t>(size));
    OK(weft_matrix_serialize(g.A, buf.data(), size, &size));
    weft_matrix D = nullptr;
    OK(weft_matrix_deserialize(buf.data(), size, &D));
    EXPECT_EQ(g.model, read(D));
    OK(weft_matrix_free(&D));
    OK(weft_vector_free(&u));
    OK(weft_vector_free(&w));
  });
}

// Row sums of an iso matrix are folded once per row length: the same bits as the sums of
// the same matrix stored with a value per entry (rows of 0 to 300 entries, so short rows,
// NumPy's pairwise blocks and its longer sums all occur).
TEST(Iso, RowFoldsEqualThoseOfTheValuesOnePerEntry) {
  const int64_t n = 600;
  std::vector<int64_t> I, J;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < (i * 37) % 301; ++j) I.push_back(i), J.push_back(j);
  std::vector<double> X(I.size(), 0.1);
  weft_matrix A = nullptr, B = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &A));
  OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), nullptr));
  ASSERT_TRUE(iso(A));
  OK(weft_matrix_dup(A, &B));  // B: the same entries, a value per entry
  const double other = 2, same = 0.1;
  OK(weft_matrix_set_element(B, 1, 0, &other, WEFT_FP64));
  OK(weft_matrix_set_element(B, 1, 0, &same, WEFT_FP64));
  ASSERT_FALSE(iso(B));
  at_thread_counts([&](int t) {
    for (weft_monoid m : {WEFT_PLUS_MONOID_FP64, WEFT_MIN_MONOID_FP64, WEFT_MAX_MONOID_FP64}) {
      weft_vector a = nullptr, b = nullptr;
      OK(weft_vector_new(WEFT_FP64, n, &a));
      OK(weft_vector_new(WEFT_FP64, n, &b));
      OK(weft_matrix_reduce(a, nullptr, nullptr, m, A, nullptr));
      OK(weft_matrix_reduce(b, nullptr, nullptr, m, B, nullptr));
      int64_t na = 0, nb = 0;
      OK(weft_vector_nvals(a, &na));
      OK(weft_vector_nvals(b, &nb));
      ASSERT_EQ(nb, na);
      std::vector<int64_t> ia(static_cast<size_t>(na)), ib(static_cast<size_t>(nb));
      std::vector<double> xa(static_cast<size_t>(na)), xb(static_cast<size_t>(nb));
      OK(weft_vector_extract_tuples(a, na, ia.data(), xa.data(), WEFT_FP64, &na));
      OK(weft_vector_extract_tuples(b, nb, ib.data(), xb.data(), WEFT_FP64, &nb));
      EXPECT_EQ(ib, ia);
      EXPECT_EQ(0, std::memcmp(xa.data(), xb.data(), xa.size() * sizeof(double))) << t << " threads";
      OK(weft_vector_free(&a));
      OK(weft_vector_free(&b));
      // To a scalar: MIN and MAX of an iso matrix are its value; PLUS folds its copies.
      weft_scalar sa = nullptr, sb = nullptr;
      OK(weft_scalar_new(WEFT_FP64, &sa));
      OK(weft_scalar_new(WEFT_FP64, &sb));
      OK(weft_matrix_reduce_scalar(sa, nullptr, m, A, nullptr));
      OK(weft_matrix_reduce_scalar(sb, nullptr, m, B, nullptr));
      double za = 1, zb = 2;
      OK(weft_scalar_extract_element(sa, WEFT_FP64, &za));
      OK(weft_scalar_extract_element(sb, WEFT_FP64, &zb));
      EXPECT_EQ(0, std::memcmp(&za, &zb, sizeof(double))) << t << " threads";
      if (m != WEFT_PLUS_MONOID_FP64) EXPECT_EQ(0.1, za);
      OK(weft_scalar_free(&sa));
      OK(weft_scalar_free(&sb));
    }
  });
  // A cleared matrix: no entries, no value.
  weft_scalar e = nullptr;
  OK(weft_scalar_new(WEFT_FP64, &e));
  OK(weft_matrix_clear(A));
  OK(weft_matrix_reduce_scalar(e, nullptr, WEFT_MIN_MONOID_FP64, A, nullptr));
  int64_t none = -1;
  OK(weft_scalar_nvals(e, &none));
  EXPECT_EQ(0, none);
  OK(weft_scalar_free(&e));
  OK(weft_matrix_free(&A));
  OK(weft_matrix_free(&B));
}

void user_plus(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = *static_cast<const double *>(x) + *static_cast<const double *>(y);
}
void user_times(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = *static_cast<const double *>(x) * *static_cast<const double *>(y);
}

// Products read an iso input as stored (its one value for every entry): typed kernels,
// the function-pointer path and the compiled one (operators with source) must give the
// bits the same products give on the values one per entry: mxv (pull), vxm (push),
// mxm and masked mxm.
TEST(Iso, ProductsEqualThoseOfTheValuesOnePerEntry) {
  Graph g(700, 8, 0.1, 40);
  ASSERT_TRUE(cache_set);
  ASSERT_TRUE(iso(g.A));
  weft_matrix B = nullptr;
  OK(weft_matrix_dup(g.A, &B));
  const auto first = g.model.begin()->first;
  const double other = 2, same = 0.1;
  OK(weft_matrix_set_element(B, first.first, first.second, &other, WEFT_FP64));
  OK(weft_matrix_set_element(B, first.first, first.second, &same, WEFT_FP64));
  ASSERT_FALSE(iso(B));
  weft_binary_op plus = nullptr, times = nullptr, plus_src = nullptr, times_src = nullptr;
  weft_monoid add = nullptr, add_src = nullptr;
  weft_semiring user = nullptr, user_src = nullptr;
  const double zero = 0;
  OK(weft_binary_op_new(user_plus, WEFT_FP64, WEFT_FP64, WEFT_FP64, &plus));
  OK(weft_binary_op_new(user_times, WEFT_FP64, WEFT_FP64, WEFT_FP64, &times));
  OK(weft_binary_op_new_source(user_plus, WEFT_FP64, WEFT_FP64, WEFT_FP64, "uplus",
                               "void uplus(double *z, const double *x, const double *y) { *z = *x + *y; }", &plus_src));
  OK(weft_binary_op_new_source(user_times, WEFT_FP64, WEFT_FP64, WEFT_FP64, "utimes",
                               "void utimes(double *z, const double *x, const double *y) { *z = *x * *y; }", &times_src));
  OK(weft_monoid_new(plus, &zero, &add));
  OK(weft_monoid_new(plus_src, &zero, &add_src));
  OK(weft_semiring_new(add, times, &user));
  OK(weft_semiring_new(add_src, times_src, &user_src));
  weft_vector u = nullptr;
  OK(weft_vector_new(WEFT_FP64, g.n, &u));
  for (int64_t i = 0; i < g.n; ++i) {  // (dense: mxv pulls)
    const double x = 1.0 / double(i + 3);
    OK(weft_vector_set_element(u, i, &x, WEFT_FP64));
  }
  auto vec = [](weft_vector v) {
    int64_t n = 0;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_nvals(v, &n));
    std::vector<int64_t> j(static_cast<size_t>(n) + 1);
    std::vector<double> x(static_cast<size_t>(n) + 1);
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(v, n, j.data(), x.data(), WEFT_FP64, &n));
    std::map<int64_t, uint64_t> m;
    for (int64_t k = 0; k < n; ++k) std::memcpy(&m[j[size_t(k)]], &x[size_t(k)], 8);
    return m;
  };
  auto bits = [](const Model &m) {
    std::map<std::pair<int64_t, int64_t>, uint64_t> b;
    for (const auto &[ij, x] : m) std::memcpy(&b[ij], &x, 8);
    return b;
  };
  at_thread_counts([&](int t) {
    for (weft_semiring s : {WEFT_PLUS_TIMES_SEMIRING_FP64, WEFT_MIN_PLUS_SEMIRING_FP64, user, user_src}) {
      for (int rep = 0; rep < 3; ++rep) {  // (derived copies and the iso fact come on repeats)
        weft_vector wa = nullptr, wb = nullptr;
        OK(weft_vector_new(WEFT_FP64, g.n, &wa));
        OK(weft_vector_new(WEFT_FP64, g.n, &wb));
        OK(weft_mxv(wa, nullptr, nullptr, s, g.A, u, nullptr));
        OK(weft_mxv(wb, nullptr, nullptr, s, B, u, nullptr));
        EXPECT_EQ(vec(wb), vec(wa)) << "mxv, " << t << " threads";
        OK(weft_vxm(wa, nullptr, nullptr, s, u, g.A, nullptr));
        OK(weft_vxm(wb, nullptr, nullptr, s, u, B, nullptr));
        EXPECT_EQ(vec(wb), vec(wa)) << "vxm, " << t << " threads";
        OK(weft_vector_free(&wa));
        OK(weft_vector_free(&wb));
      }
      weft_matrix Ca = nullptr, Cb = nullptr;
      OK(weft_matrix_new(WEFT_FP64, g.n, g.n, &Ca));
      OK(weft_matrix_new(WEFT_FP64, g.n, g.n, &Cb));
      OK(weft_mxm(Ca, nullptr, nullptr, s, g.A, g.A, nullptr));
      OK(weft_mxm(Cb, nullptr, nullptr, s, B, B, nullptr));
      EXPECT_EQ(bits(read(Cb)), bits(read(Ca))) << "mxm, " << t << " threads";
      OK(weft_mxm(Ca, g.A, nullptr, s, g.A, g.A, WEFT_DESC_T1));
      OK(weft_mxm(Cb, B, nullptr, s, B, B, WEFT_DESC_T1));
      EXPECT_EQ(bits(read(Cb)), bits(read(Ca))) << "masked mxm, " << t << " threads";
      OK(weft_matrix_free(&Ca));
      OK(weft_matrix_free(&Cb));
    }
  });
  int64_t runs = 0;  // (the compiled path ran: on B's pulls; an iso input takes the functions)
  OK(weft_get_stat(WEFT_STAT_JIT_RUNS, &runs));
  EXPECT_GT(runs, 0);
  OK(weft_vector_free(&u));
  OK(weft_semiring_free(&user));
  OK(weft_semiring_free(&user_src));
  OK(weft_monoid_free(&add));
  OK(weft_monoid_free(&add_src));
  OK(weft_binary_op_free(&plus));
  OK(weft_binary_op_free(&times));
  OK(weft_binary_op_free(&plus_src));
  OK(weft_binary_op_free(&times_src));
  OK(weft_matrix_free(&B));
}

// Products whose terms all have one value (each input the multiply reads has one value)
// under an idempotent add are iso, their pattern computed without values (mxm.cpp's iso
// rule): mxv and vxm pushed (a sparse u) and pulled (a dense u), mxm plain and masked,
// with a complemented mask as shortest paths uses, at 1 and 2 threads. Entries and bits
// against a model that folds every term; iso (weft_vector_iso) says the rule ran, and a
// semiring whose add is not idempotent (PLUS) or a u of two values must not be iso.
TEST(Iso, ProductsOfOneValueAreIsoWithIdempotentAdds) {
  Graph g(600, 6, 0.1, 50);
  ASSERT_TRUE(iso(g.A));
  const int64_t n = g.n;
  // C: A's pattern with values that differ (FIRST's u * C never reads them).
  weft_matrix C = nullptr;
  OK(weft_matrix_dup(g.A, &C));
  for (const auto &[ij, x] : g.model) {
    const double v = double(ij.first % 7) - 3;
    OK(weft_matrix_set_element(C, ij.first, ij.second, &v, WEFT_FP64));
  }
  ASSERT_FALSE(iso(C));
  struct Rule {
    weft_semiring s;
    double (*add)(double, double);
    double (*mul)(double, double);
    bool idempotent;
  };
  const Rule rules[] = {
      {WEFT_MIN_PLUS_SEMIRING_FP64, [](double a, double b) { return b < a ? b : a; }, [](double a, double b) { return a + b; }, true},
      {WEFT_MAX_TIMES_SEMIRING_FP64, [](double a, double b) { return b > a ? b : a; }, [](double a, double b) { return a * b; }, true},
      {WEFT_MIN_FIRST_SEMIRING_FP64, [](double a, double b) { return b < a ? b : a; }, [](double a, double) { return a; }, true},
      {WEFT_ANY_PAIR_SEMIRING_FP64, [](double a, double) { return a; }, [](double, double) { return 1.0; }, true},
      {WEFT_PLUS_TIMES_SEMIRING_FP64, [](double a, double b) { return a + b; }, [](double a, double b) { return a * b; }, false},
  };
  using Bits = std::map<int64_t, uint64_t>;
  auto bits_of = [](double x) {
    uint64_t b;
    std::memcpy(&b, &x, 8);
    return b;
  };
  auto vec = [&](weft_vector v) {
    int64_t nv = 0;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_nvals(v, &nv));
    std::vector<int64_t> j(static_cast<size_t>(nv) + 1);
    std::vector<double> x(static_cast<size_t>(nv) + 1);
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(v, nv, j.data(), x.data(), WEFT_FP64, &nv));
    Bits m;
    for (int64_t k = 0; k < nv; ++k) m[j[size_t(k)]] = bits_of(x[size_t(k)]);
    return m;
  };
  // u: every `step`-th position, value `value` (the last one `last`).
  auto make_u = [&](int64_t step, double value, double last, std::map<int64_t, double> &um) {
    weft_vector u = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &u));
    um.clear();
    for (int64_t k = 0; k < n; k += step) um[k] = value;
    std::prev(um.end())->second = last;
    for (const auto &[k, x] : um) EXPECT_EQ(WEFT_SUCCESS, weft_vector_set_element(u, k, &x, WEFT_FP64));
    return u;
  };
  const double nan = std::nan("");
  at_thread_counts([&](int t) {
    for (const Rule &r : rules) {
      for (weft_matrix A : {g.A, C}) {
        // Values of A as the model reads them.
        Model am = g.model;
        if (A == C)
          for (auto &[ij, x] : am) x = double(ij.first % 7) - 3;
        for (int64_t step : {int64_t(37), int64_t(1)}) {  // pushed, then pulled
          for (double value : {2.5, nan}) {
            for (bool two_values : {false, true}) {
              std::map<int64_t, double> um;
              weft_vector u = make_u(step, value, two_values ? 4.0 : value, um);
              // Every term, in increasing k: vxm's t(j) over A(k, j), mxv's over A(j, k).
              std::map<int64_t, double> want_vxm, want_mxv;
              for (const auto &[ij, a] : am) {
                const auto [i, j] = ij;
                auto fold = [&](std::map<int64_t, double> &w, int64_t at, double term) {
                  auto it = w.find(at);
                  if (it == w.end()) w[at] = term;
                  else it->second = std::isnan(it->second) ? it->second : std::isnan(term) ? term : r.add(it->second, term);
                };
                if (um.count(i)) fold(want_vxm, j, r.mul(um[i], a));
                if (um.count(j)) fold(want_mxv, i, r.mul(a, um[j]));
              }
              // A's values are one only for g.A; FIRST reads u's alone, PAIR neither.
              const bool one_value = r.s == WEFT_ANY_PAIR_SEMIRING_FP64 ||
                                     (!two_values && (A == g.A || r.s == WEFT_MIN_FIRST_SEMIRING_FP64));
              for (int rep = 0; rep < 3; ++rep) {  // (A's iso fact and its transpose come on repeats)
                for (bool by_vxm : {true, false}) {
                  weft_vector w = nullptr;
                  OK(weft_vector_new(WEFT_FP64, n, &w));
                  if (by_vxm) OK(weft_vxm(w, nullptr, nullptr, r.s, u, A, nullptr));
                  else if (r.s != WEFT_MIN_FIRST_SEMIRING_FP64) OK(weft_mxv(w, nullptr, nullptr, r.s, A, u, nullptr));
                  else {
                    OK(weft_vector_free(&w));
                    continue;  // (mxv's FIRST reads A)
                  }
                  Bits want;
                  for (const auto &[j, x] : by_vxm ? want_vxm : want_mxv) want[j] = bits_of(x);
                  const std::string where = std::string(by_vxm ? "vxm" : "mxv") + ", step " + std::to_string(step) +
                                            ", value " + std::to_string(value) + (two_values ? ", two values" : "") +
                                            (A == C ? ", varied A" : "") + ", rep " + std::to_string(rep) + ", " +
                                            std::to_string(t) + " threads";
                  EXPECT_EQ(want, vec(w)) << where;
                  int wi = -1;
                  OK(weft_vector_iso(w, &wi));
                  if (!r.idempotent || !one_value) {
                    EXPECT_EQ(0, wi) << where;
                  } else {
                    EXPECT_EQ(1, wi) << where;
                  }
                  // A complemented structural mask (shortest paths' frontier): the same rule
                  // inside the masked kernels.
                  weft_vector m = make_u(5, 1.0, 1.0, um);
                  OK(weft_vector_clear(w));
                  if (by_vxm) OK(weft_vxm(w, m, nullptr, r.s, u, A, WEFT_DESC_SC));
                  else OK(weft_mxv(w, m, nullptr, r.s, A, u, WEFT_DESC_SC));
                  for (auto it = want.begin(); it != want.end();) it = um.count(it->first) ? want.erase(it) : std::next(it);
                  EXPECT_EQ(want, vec(w)) << where << ", masked";
                  OK(weft_vector_free(&m));
                  OK(weft_vector_free(&w));
                }
              }
              OK(weft_vector_free(&u));
            }
          }
        }
      }
      // mxm, plain and at A's entries (masked dot products), on the iso A.
      std::map<std::pair<int64_t, int64_t>, double> want;
      for (const auto &[ik, a] : g.model)
        for (auto it = g.model.lower_bound({ik.second, 0}); it != g.model.end() && it->first.first == ik.second; ++it) {
          const std::pair<int64_t, int64_t> at{ik.first, it->first.second};
          const double term = r.mul(a, it->second);
          auto w = want.find(at);
          if (w == want.end()) want[at] = term;
          else w->second = r.add(w->second, term);
        }
      for (int rep = 0; rep < 2; ++rep) {
        weft_matrix P = nullptr;
        OK(weft_matrix_new(WEFT_FP64, n, n, &P));
        OK(weft_mxm(P, nullptr, nullptr, r.s, g.A, g.A, nullptr));
        EXPECT_EQ(want, read(P)) << "mxm, rep " << rep << ", " << t << " threads";
        EXPECT_EQ(r.idempotent, iso(P)) << "mxm, rep " << rep << ", " << t << " threads";
        OK(weft_matrix_clear(P));
        OK(weft_mxm(P, g.A, nullptr, r.s, g.A, g.A, WEFT_DESC_S));
        Model masked;
        for (const auto &[ij, x] : want)
          if (g.model.count(ij)) masked[ij] = x;
        EXPECT_EQ(masked, read(P)) << "masked mxm, rep " << rep << ", " << t << " threads";
        OK(weft_matrix_free(&P));
      }
    }
  });
  OK(weft_matrix_free(&C));
}

TEST(Iso, ChangesEndIsoStorage) {
  Graph g(50, 4, 1.0, 30);
  ASSERT_TRUE(iso(g.A));
  Model m = g.model;
  // An existing entry changed in place: the others keep their value.
  const auto first = m.begin()->first;
  const double five = 5;
  OK(weft_matrix_set_element(g.A, first.first, first.second, &five, WEFT_FP64));
  m[first] = 5;
  EXPECT_EQ(m, read(g.A));
  EXPECT_FALSE(iso(g.A));

  Graph h(50, 4, 1.0, 31);
  m = h.model;
  // A new entry and a removal (pending, assembled on the read).
  int64_t fresh = 0;
  while (m.count({0, fresh})) ++fresh;
  OK(weft_matrix_set_element(h.A, 0, fresh, &five, WEFT_FP64));
  m[{0, fresh}] = 5;
  const auto last = std::prev(m.end())->first;
  OK(weft_matrix_remove_element(h.A, last.first, last.second));
  m.erase(last);
  EXPECT_EQ(m, read(h.A));

  // A full iso vector accumulated in place with itself as an operand: v += v + v.
  const int64_t n = 1000;
  weft_vector v = ones(n);
  std::vector<int64_t> I(static_cast<size_t>(n));
  int vi = 0;
  OK(weft_vector_iso(v, &vi));
  ASSERT_EQ(1, vi);
  OK(weft_vector_ewise_add(v, nullptr, WEFT_PLUS_FP64, WEFT_PLUS_FP64, v, v, nullptr));
  OK(weft_vector_apply(v, nullptr, WEFT_PLUS_FP64, WEFT_IDENTITY_FP64, v, nullptr));  // and v += v
  std::vector<double> got(static_cast<size_t>(n));
  int64_t count = n;
  OK(weft_vector_extract_tuples(v, n, I.data(), got.data(), WEFT_FP64, &count));
  ASSERT_EQ(n, count);
  for (double x : got) EXPECT_EQ(6.0, x);
  OK(weft_vector_free(&v));
}

}  // namespace
