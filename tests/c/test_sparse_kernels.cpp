// The kernels' choices must never show in results: a transpose kept with a matrix
// follows every change of it; mxv and vxm give the same bits whether they pull (dot
// products) or push (saxpy), the direction depending on the vector's density and on a
// kept transpose; the typed paths (predefined operators on one domain) give the same
// bits as the same operator written by the user (the generic path).
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "remembered_structure.hpp"
#include "weft_test_util.hpp"

namespace {

#define OK(call) ASSERT_EQ(WEFT_SUCCESS, (call)) << weft_last_error()

struct Entries {
  std::vector<int64_t> i, j;
  std::vector<double> x;
  bool operator==(const Entries &o) const {
    if (i != o.i || j != o.j || x.size() != o.x.size()) return false;
    for (size_t k = 0; k < x.size(); ++k)  // bitwise, so -0.0 and NaN patterns count
      if (std::memcmp(&x[k], &o.x[k], sizeof(double)) != 0) return false;
    return true;
  }
};

Entries entries(weft_matrix A) {
  int64_t n = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_nvals(A, &n));
  Entries t;
  t.i.resize(size_t(n));
  t.j.resize(size_t(n));
  t.x.resize(size_t(n));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_extract_tuples(A, n, t.i.data(), t.j.data(), t.x.data(), WEFT_FP64, &n));
  return t;
}

Entries entries(weft_vector v) {
  int64_t n = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_nvals(v, &n));
  Entries t;
  t.j.resize(size_t(n));
  t.x.resize(size_t(n));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(v, n, t.j.data(), t.x.data(), WEFT_FP64, &n));
  return t;
}

// A random m x n FP64 matrix with about `per_row` entries per row, each at column
// column_of(31 random bits), repeats summed; values of mixed magnitude so that a
// different summation order would change the bits.
template <class ColumnOf>
weft_matrix matrix_by(int64_t m, int64_t n, int per_row, uint64_t seed, ColumnOf column_of) {
  std::vector<int64_t> I, J;
  std::vector<double> X;
  for (int64_t r = 0; r < m; ++r)
    for (int q = 0; q < per_row; ++q) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      I.push_back(r);
      J.push_back(column_of(seed >> 33));
      X.push_back(std::ldexp(double((seed >> 20) % 1000) - 500.0, int((seed >> 12) % 40) - 20));
    }
  weft_matrix A = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, m, n, &A));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), WEFT_PLUS_FP64));
  return A;
}

// The same with columns uniform in [0, n).
weft_matrix random_matrix(int64_t m, int64_t n, int per_row, uint64_t seed) {
  return matrix_by(m, n, per_row, seed, [n](uint64_t bits) { return int64_t(bits % uint64_t(n)); });
}

weft_vector random_vector(int64_t n, int64_t nvals, uint64_t seed) {
  weft_vector v = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &v));
  for (int64_t q = 0; q < nvals; ++q) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    const double x = std::ldexp(double((seed >> 20) % 1000) - 500.0, int((seed >> 12) % 30) - 15);
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_set_element(v, int64_t((seed >> 33) % uint64_t(n)), &x, WEFT_FP64));
  }
  return v;
}

void user_plus(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = *static_cast<const double *>(x) + *static_cast<const double *>(y);
}
void user_times(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = *static_cast<const double *>(x) * *static_cast<const double *>(y);
}

// The generic path's PLUS_TIMES: the same arithmetic through function pointers.
struct UserSemiring {
  weft_binary_op plus = nullptr, times = nullptr;
  weft_monoid add = nullptr;
  weft_semiring s = nullptr;
  UserSemiring() {
    EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new(user_plus, WEFT_FP64, WEFT_FP64, WEFT_FP64, &plus));
    EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new(user_times, WEFT_FP64, WEFT_FP64, WEFT_FP64, &times));
    const double zero = 0;
    EXPECT_EQ(WEFT_SUCCESS, weft_monoid_new(plus, &zero, &add));
    EXPECT_EQ(WEFT_SUCCESS, weft_semiring_new(add, times, &s));
  }
  ~UserSemiring() {
    weft_semiring_free(&s);
    weft_monoid_free(&add);
    weft_binary_op_free(&times);
    weft_binary_op_free(&plus);
  }
};

TEST(KeptTranspose, FollowsEveryChangeOfTheMatrix) {
  weft_matrix A = random_matrix(40, 30, 4, 1), C = nullptr, D = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 30, 40, &C));
  OK(weft_matrix_new(WEFT_FP64, 30, 40, &D));
  auto check = [&] {
    // Through the transpose A keeps (WEFT_TRAN on an input, then weft_transpose's
    // copy of it) against A' computed by apply on a fresh copy.
    weft_matrix fresh = nullptr;
    ASSERT_EQ(WEFT_SUCCESS, weft_matrix_dup(A, &fresh));
    ASSERT_EQ(WEFT_SUCCESS, weft_transpose(D, nullptr, nullptr, fresh, nullptr));
    ASSERT_EQ(WEFT_SUCCESS, weft_matrix_apply(C, nullptr, nullptr, WEFT_IDENTITY_FP64, A, WEFT_DESC_T0));
    EXPECT_EQ(entries(D), entries(C));
    ASSERT_EQ(WEFT_SUCCESS, weft_transpose(C, nullptr, nullptr, A, nullptr));
    EXPECT_EQ(entries(D), entries(C));
    weft_matrix_free(&fresh);
  };
  check();
  const double v = 7.5;
  OK(weft_matrix_set_element(A, 3, 4, &v, WEFT_FP64));  // a new entry (pending)
  check();
  int64_t n = 0;
  OK(weft_matrix_nvals(A, &n));
  Entries e = entries(A);
  OK(weft_matrix_set_element(A, e.i[0], e.j[0], &v, WEFT_FP64));  // an existing entry, in place
  check();
  OK(weft_matrix_remove_element(A, e.i[1], e.j[1]));
  check();
  OK(weft_matrix_apply(A, nullptr, nullptr, WEFT_AINV_FP64, A, nullptr));  // A as an output
  check();
  OK(weft_matrix_clear(A));
  check();
  weft_matrix_free(&A);
  weft_matrix_free(&C);
  weft_matrix_free(&D);
}

// A matrix whose values are all alike is read as one value from its second use on
// (Matrix::values_iso); a change of any value must end that.
TEST(IsoValues, FollowEveryChangeOfTheMatrix) {
  const int64_t n = 50;
  std::vector<int64_t> I, J;
  std::vector<double> X;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t d : {1, 3, 7}) I.push_back(i), J.push_back((i + d) % n), X.push_back(1.5);
  weft_matrix A = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &A));
  OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), nullptr));
  weft_vector u = random_vector(n, 200, 31), w = nullptr;
  OK(weft_vector_new(WEFT_FP64, n, &w));
  auto expect = [&](const char *when) {
    // Plain loops over A's tuples and u's values, in increasing k per row as weft adds.
    Entries a = entries(A), v = entries(u);
    std::vector<double> uv(size_t(n), 0.0), sum(size_t(n), 0.0);
    std::vector<char> has_u(size_t(n), 0), has(size_t(n), 0);
    for (size_t q = 0; q < v.j.size(); ++q) uv[size_t(v.j[q])] = v.x[q], has_u[size_t(v.j[q])] = 1;
    for (size_t q = 0; q < a.x.size(); ++q) {
      const size_t i = size_t(a.i[q]), k = size_t(a.j[q]);
      if (!has_u[k]) continue;
      sum[i] = has[i] ? sum[i] + a.x[q] * uv[k] : a.x[q] * uv[k];
      has[i] = 1;
    }
    Entries want;
    for (int64_t i = 0; i < n; ++i)
      if (has[size_t(i)]) want.j.push_back(i), want.x.push_back(sum[size_t(i)]);
    for (int call = 0; call < 3; ++call) {
      ASSERT_EQ(WEFT_SUCCESS, weft_mxv(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, u, nullptr));
      EXPECT_EQ(want, entries(w)) << when << ", call " << call;
    }
  };
  expect("all alike");
  const double two = 2.0;
  OK(weft_matrix_set_element(A, 4, 5, &two, WEFT_FP64));  // an existing entry: in place
  expect("one value changed in place");
  OK(weft_matrix_set_element(A, 4, 5, &X[0], WEFT_FP64));
  expect("alike again");
  OK(weft_matrix_set_element(A, 9, 20, &two, WEFT_FP64));  // a new entry: pending
  expect("a new entry");
  weft_matrix_free(&A);
  weft_vector_free(&u);
  weft_vector_free(&w);
}

// A matrix transposed again, whose values are all alike, moves only its pattern and
// writes the one value everywhere (Matrix::values_iso, transpose_csr's iso path): the
// same result as the full transpose, on the blocked path (>= 2^17 entries, > 65536
// columns) and the plain one, on 1 and 2 threads, for 8- and 1-byte values, and no
// longer once a value differs.
TEST(Transpose, IsoValuesMoveOnlyThePattern) {
  for (weft_type type : {WEFT_FP64, WEFT_BOOL})
    for (int64_t m : {int64_t(40), int64_t(3000)})
      for (int threads : {1, 2}) {
        SCOPED_TRACE("m " + std::to_string(m) + " threads " + std::to_string(threads) +
                     (type == WEFT_BOOL ? " BOOL" : " FP64"));
        const int64_t n = m > 100 ? 70000 : 30;
        std::vector<int64_t> I, J;
        uint64_t seed = 77;
        for (int64_t i = 0; i < m; ++i)
          for (int q = 0; q < 50; ++q) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            I.push_back(i), J.push_back(int64_t((seed >> 33) % uint64_t(n)));
          }
        const std::vector<double> X(I.size(), 1.0);
        weft_matrix A = nullptr, C = nullptr;
        OK(weft_matrix_new(type, m, n, &A));
        OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), WEFT_FIRST_FP64));
        OK(weft_matrix_new(type, n, m, &C));
        int saved = 0;
        OK(weft_get_threads(&saved));
        OK(weft_set_threads(threads));
        for (int round = 0; round < 2; ++round) {
          // The model: A's tuples as (j, i), sorted.
          const Entries a = entries(A);
          std::vector<size_t> order(a.i.size());
          for (size_t q = 0; q < order.size(); ++q) order[q] = q;
          std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
            return a.j[x] != a.j[y] ? a.j[x] < a.j[y] : a.i[x] < a.i[y];
          });
          Entries want;
          for (size_t q : order) want.i.push_back(a.j[q]), want.j.push_back(a.i[q]), want.x.push_back(a.x[q]);
          for (int call = 0; call < 3; ++call) {  // (the second asks whether A is iso)
            ASSERT_EQ(WEFT_SUCCESS, weft_transpose(C, nullptr, nullptr, A, nullptr));
            EXPECT_TRUE(entries(C) == want) << "round " << round << " call " << call;
          }
          const double zero = 0.0;  // round 1: one value differs
          ASSERT_EQ(WEFT_SUCCESS, weft_matrix_set_element(A, a.i[a.i.size() / 2], a.j[a.i.size() / 2], &zero, WEFT_FP64));
        }
        OK(weft_set_threads(saved));
        weft_matrix_free(&A);
        weft_matrix_free(&C);
      }
}

// TRIL/TRIU without mask: rows of up to 32 entries count their band without a search,
// longer ones search; a matrix whose values are all the same has its pattern copied and
// the value written after. Against the model (A's entries filtered by j - i), on 1 and 2
// threads, before and after a value differs, for 8- and 1-byte values.
TEST(Select, BandsOfShortAndLongRowsAndIsoValues) {
  for (weft_type type : {WEFT_FP64, WEFT_BOOL})
    for (int threads : {1, 2}) {
      SCOPED_TRACE("threads " + std::to_string(threads) + (type == WEFT_BOOL ? " BOOL" : " FP64"));
      const int64_t m = 3000, n = 3000;
      std::vector<int64_t> I, J;
      uint64_t seed = 91;
      for (int64_t i = 0; i < m; ++i)
        for (int64_t q = 0; q < (i * 7) % 90; ++q) {  // 0 to 89 entries (duplicates folded)
          seed = seed * 6364136223846793005ull + 1442695040888963407ull;
          I.push_back(i), J.push_back(int64_t((seed >> 33) % uint64_t(n)));
        }
      const std::vector<double> X(I.size(), 1.0);
      weft_matrix A = nullptr, C = nullptr;
      weft_scalar k = nullptr;
      OK(weft_matrix_new(type, m, n, &A));
      OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), WEFT_FIRST_FP64));
      OK(weft_matrix_new(type, m, n, &C));
      OK(weft_scalar_new(WEFT_INT64, &k));
      int saved = 0;
      OK(weft_get_threads(&saved));
      OK(weft_set_threads(threads));
      for (int round = 0; round < 2; ++round) {
        const Entries a = entries(A);
        for (int64_t band : {int64_t(-1), int64_t(0), int64_t(5)})
          for (bool lower : {true, false}) {
            Entries want;
            for (size_t q = 0; q < a.i.size(); ++q) {
              const int64_t d = a.j[q] - a.i[q];
              if (lower ? d <= band : d >= band) want.i.push_back(a.i[q]), want.j.push_back(a.j[q]), want.x.push_back(a.x[q]);
            }
            OK(weft_scalar_set_element(k, &band, WEFT_INT64));
            for (int call = 0; call < 3; ++call) {  // (the second asks whether A is iso)
              ASSERT_EQ(WEFT_SUCCESS, weft_matrix_select(C, nullptr, nullptr, lower ? WEFT_TRIL : WEFT_TRIU, A, k, nullptr));
              EXPECT_TRUE(entries(C) == want) << "round " << round << " band " << band << (lower ? " TRIL" : " TRIU");
            }
          }
        const double zero = 0.0;  // round 1: one value differs
        ASSERT_EQ(WEFT_SUCCESS, weft_matrix_set_element(A, a.i[a.i.size() / 3], a.j[a.i.size() / 3], &zero, WEFT_FP64));
      }
      OK(weft_set_threads(saved));
      weft_scalar_free(&k);
      weft_matrix_free(&A);
      weft_matrix_free(&C);
    }
}

// Repeated calls switch direction (the second one keeps a transpose); every call must
// give the first call's bits, with and without masks and accumulators.
TEST(Directions, MxvAndVxmGiveTheSameBitsPushingOrPulling) {
  const int64_t m = 300, n = 200;
  for (int64_t nvals : {int64_t(3), int64_t(40), int64_t(400)}) {  // sparse to dense u
    weft_matrix A = random_matrix(m, n, 6, uint64_t(nvals));
    weft_vector u = random_vector(n, nvals, 7), x = random_vector(m, nvals, 8), mask = random_vector(m, 50, 9);
    for (int form = 0; form < 3; ++form) {
      Entries first_mxv, first_vxm;
      for (int call = 0; call < 4; ++call) {
        weft_vector w = nullptr, y = nullptr;
        ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, m, &w));
        ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &y));
        weft_vector wm = form == 1 ? mask : nullptr;
        weft_binary_op acc = form == 2 ? WEFT_PLUS_FP64 : nullptr;
        ASSERT_EQ(WEFT_SUCCESS, weft_vector_assign(w, nullptr, nullptr, x, WEFT_ALL, m, nullptr));
        ASSERT_EQ(WEFT_SUCCESS, weft_mxv(w, wm, acc, WEFT_PLUS_TIMES_SEMIRING_FP64, A, u, form == 1 ? WEFT_DESC_C : nullptr));
        ASSERT_EQ(WEFT_SUCCESS, weft_vxm(y, nullptr, acc, WEFT_PLUS_TIMES_SEMIRING_FP64, x, A, nullptr));
        if (call == 0) {
          first_mxv = entries(w);
          first_vxm = entries(y);
        } else {
          EXPECT_EQ(first_mxv, entries(w)) << "mxv call " << call << ", form " << form << ", nvals " << nvals;
          EXPECT_EQ(first_vxm, entries(y)) << "vxm call " << call << ", form " << form << ", nvals " << nvals;
        }
        weft_vector_free(&w);
        weft_vector_free(&y);
      }
    }
    weft_matrix_free(&A);
    weft_vector_free(&u);
    weft_vector_free(&x);
    weft_vector_free(&mask);
  }
}

// The typed paths against the same arithmetic through user operators.
TEST(TypedPaths, EqualTheGenericPathBitForBit) {
  UserSemiring user;
  weft_unary_op user_abs = nullptr;
  OK(weft_unary_op_new([](void *z, const void *x) { *static_cast<double *>(z) = std::fabs(*static_cast<const double *>(x)); },
                       WEFT_FP64, WEFT_FP64, &user_abs));
  weft_matrix A = random_matrix(50, 50, 5, 11), B = random_matrix(50, 50, 5, 12), M = random_matrix(50, 50, 8, 13);
  weft_matrix C0 = random_matrix(50, 50, 3, 14);
  // A short valued mask (about one entry a row, some values 0): the typed plans then walk
  // rows along the mask (map_plan's seek) where the output row is replaced or empty.
  weft_matrix M1 = random_matrix(50, 50, 1, 15);
  {
    weft_matrix Z = nullptr;  // every third row's mask entry is a 0
    OK(weft_matrix_dup(M1, &Z));
    const double zero = 0;
    for (int64_t i = 0; i < 50; i += 3) {
      Entries e = entries(M1);
      for (size_t k = 0; k < e.i.size(); ++k)
        if (e.i[k] == i) {
          OK(weft_matrix_set_element(Z, i, e.j[k], &zero, WEFT_FP64));
        }
    }
    weft_matrix_free(&M1);
    M1 = Z;
  }
  // form: 0 plain, 1 mask RS, 2 accum, 3 short valued mask with replace, 4 empty output
  // with the short mask (structural, no replace).
  auto run = [&](bool typed, int form, int op) {
    weft_matrix C = nullptr;
    if (form == 4) {
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, 50, 50, &C));
    } else {
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_dup(C0, &C));
    }
    weft_binary_op plus = typed ? WEFT_PLUS_FP64 : user.plus, times = typed ? WEFT_TIMES_FP64 : user.times;
    weft_matrix mask = form == 1 ? M : form >= 3 ? M1 : nullptr;
    weft_binary_op acc = form == 2 ? plus : nullptr;
    weft_descriptor d = form == 1 ? WEFT_DESC_RS : form == 3 ? WEFT_DESC_R : form == 4 ? WEFT_DESC_S : nullptr;
    if (op == 0) {
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_ewise_add(C, mask, acc, plus, A, B, d));
    }
    if (op == 1) {
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_ewise_mult(C, mask, acc, times, A, B, d));
    }
    if (op == 2) {
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_ewise_add(C, mask, acc, plus, A, B, WEFT_DESC_T1));
    }
    if (op == 3) {
      EXPECT_EQ(WEFT_SUCCESS, weft_mxm(C, mask, acc, typed ? WEFT_PLUS_TIMES_SEMIRING_FP64 : user.s, A, B, d));
    }
    if (op == 4) {
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_apply(C, mask, acc, typed ? WEFT_ABS_FP64 : user_abs, A, d));
    }
    Entries e = entries(C);
    weft_matrix_free(&C);
    return e;
  };
  for (int form = 0; form < 5; ++form)
    for (int op = 0; op < 5; ++op) {
      const Entries t = run(true, form, op);
      EXPECT_EQ(t, run(false, form, op)) << "form " << form << ", op " << op;
      if (form >= 3 && op != 1) {  // not vacuous (A .* B rarely meets a one-entry mask row)
        EXPECT_GT(t.x.size(), 0u) << "form " << form << ", op " << op;
      }
    }
  // Row sums: the typed fold against a user monoid.
  weft_vector r1 = nullptr, r2 = nullptr;
  OK(weft_vector_new(WEFT_FP64, 50, &r1));
  OK(weft_vector_new(WEFT_FP64, 50, &r2));
  OK(weft_matrix_reduce(r1, nullptr, nullptr, WEFT_PLUS_MONOID_FP64, A, nullptr));
  OK(weft_matrix_reduce(r2, nullptr, nullptr, user.add, A, nullptr));
  EXPECT_EQ(entries(r1), entries(r2));
  weft_vector_free(&r1);
  weft_vector_free(&r2);
  for (weft_matrix *h : {&A, &B, &M, &C0, &M1}) weft_matrix_free(h);
  weft_unary_op_free(&user_abs);
}

// Work split across threads (parallel.hpp) joins pieces computed as one thread would:
// results are the same bits with 1, 2 and 3 threads, for inputs large enough to split.
TEST(Threads, CountNeverChangesResults) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  weft_matrix A = random_matrix(3000, 3000, 60, 21), M = random_matrix(3000, 3000, 30, 22);
  weft_vector u = random_vector(3000, 2900, 23), us = random_vector(3000, 40, 24), mask = random_vector(3000, 500, 25);
  UserSemiring user;
  std::vector<Entries> first;
  for (int threads : {1, 2, 3}) {
    OK(weft_set_threads(threads));
    int got = 0;
    OK(weft_get_threads(&got));
    EXPECT_GE(got, 1);
    std::vector<Entries> now;
    auto record = [&](weft_status st, auto result) {  // a call's status and its result's entries
      EXPECT_EQ(WEFT_SUCCESS, st) << weft_last_error();
      now.push_back(entries(result));
    };
    for (weft_semiring s : {WEFT_PLUS_TIMES_SEMIRING_FP64, user.s}) {
      weft_vector w = nullptr;
      OK(weft_vector_new(WEFT_FP64, 3000, &w));
      record(weft_mxv(w, nullptr, nullptr, s, A, u, nullptr), w);
      record(weft_mxv(w, mask, nullptr, s, A, u, WEFT_DESC_R), w);
      record(weft_mxv(w, mask, nullptr, s, A, u, WEFT_DESC_RSC), w);
      record(weft_mxv(w, nullptr, nullptr, s, A, us, nullptr), w);
      record(weft_matrix_reduce(w, nullptr, nullptr, s == user.s ? user.add : WEFT_PLUS_MONOID_FP64, A, nullptr), w);
      weft_vector_free(&w);
      weft_matrix C = nullptr;
      OK(weft_matrix_new(WEFT_FP64, 3000, 3000, &C));
      record(weft_mxm(C, M, nullptr, s, A, A, WEFT_DESC_S), C);
      record(weft_mxm(C, M, nullptr, s, A, M, WEFT_DESC_RSC), C);
      // Dot products at the mask's entries, in chunks the threads take as they finish.
      setenv("WEFT_MXM_METHOD", "dot", 1);
      record(weft_mxm(C, M, nullptr, s, A, A, WEFT_DESC_ST1), C);
      unsetenv("WEFT_MXM_METHOD");
      weft_matrix_free(&C);
    }
    // Element-wise work split by rows (map_plan, select's two passes, build's row sorts).
    weft_matrix C = nullptr, B = random_matrix(3000, 3000, 60, 26);  // built at this count
    OK(weft_matrix_new(WEFT_FP64, 3000, 3000, &C));
    now.push_back(entries(B));
    // Extract (rows split by threads): a permutation of rows and columns (every column
    // mapped, rows sorted after), and a few columns, one repeated (J searched).
    {
      std::vector<int64_t> perm(3000), few{17, 5, 2999, 5, 0};
      for (size_t k = 0; k < perm.size(); ++k) perm[k] = int64_t((k * 7919) % 3000);
      record(weft_matrix_extract(C, nullptr, nullptr, A, perm.data(), 3000, perm.data(), 3000, nullptr), C);
      weft_matrix F = nullptr;
      OK(weft_matrix_new(WEFT_FP64, 3000, 5, &F));
      record(weft_matrix_extract(F, nullptr, nullptr, A, WEFT_ALL, 3000, few.data(), 5, nullptr), F);
      record(weft_matrix_extract(F, nullptr, nullptr, A, perm.data(), 3000, few.data(), 5, WEFT_DESC_T0), F);
      weft_matrix_free(&F);
    }
    record(weft_matrix_ewise_add(C, nullptr, nullptr, WEFT_PLUS_FP64, A, M, nullptr), C);
    record(weft_matrix_ewise_mult(C, M, WEFT_PLUS_FP64, WEFT_TIMES_FP64, A, B, nullptr), C);
    record(weft_matrix_ewise_add(C, M, nullptr, WEFT_MAX_FP64, A, B, WEFT_DESC_RSC), C);
    record(weft_matrix_apply(C, nullptr, WEFT_MIN_FP64, WEFT_ABS_FP64, B, nullptr), C);
    weft_scalar k = nullptr;
    OK(weft_scalar_new(WEFT_INT64, &k));
    for (int64_t band : {-7, 0, 100}) {
      OK(weft_scalar_set_element(k, &band, WEFT_INT64));
      record(weft_matrix_select(C, nullptr, nullptr, WEFT_TRIL, A, k, nullptr), C);
      record(weft_matrix_select(C, nullptr, nullptr, WEFT_TRIU, B, k, nullptr), C);
      record(weft_matrix_select(C, M, nullptr, WEFT_TRIL, A, k, WEFT_DESC_S), C);
    }
    weft_scalar_free(&k);
    weft_matrix_free(&B);
    weft_matrix_free(&C);
    if (first.empty()) first = now;
    else
      for (size_t k = 0; k < now.size(); ++k) EXPECT_EQ(first[k], now[k]) << "result " << k << ", " << threads << " threads";
  }
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_set_threads(-1));
  EXPECT_EQ(WEFT_NULL_POINTER, weft_get_threads(nullptr));
  OK(weft_set_threads(0));
  int def = 0;
  OK(weft_get_threads(&def));
  EXPECT_GE(def, 1);
  OK(weft_set_threads(saved == def ? 0 : saved));
  weft_matrix_free(&A);
  weft_matrix_free(&M);
  weft_vector_free(&u);
  weft_vector_free(&us);
  weft_vector_free(&mask);
}

}  // namespace

namespace {

// A build of shuffled tuples with many duplicates against a model folding them in the
// order given: the counting sort runs on several threads (each range of tuples counted
// and scattered by its own, ranges kept in order) and values of 1, 4 and 8 bytes travel
// with their tuples through the sort (also FP32 values cast into FP64); 2-byte values
// take the path that reads each value through its position. dup operators that are not commutative
// (MINUS, FIRST, SECOND) show the left-to-right order; the generic fold and the inlined
// one (PLUS); 1, 2 and 3 threads.
template <class T, class XT = T, class Fold>
void check_build(weft_type ctype, weft_type xtype, weft_binary_op dup, Fold fold, uint64_t seed, int64_t nrows = 3000) {
  const int64_t n = 300000, ncols = 400;
  std::vector<int64_t> I(static_cast<size_t>(n)), J(static_cast<size_t>(n));
  std::vector<XT> X(static_cast<size_t>(n));
  std::map<std::pair<int64_t, int64_t>, T> model;
  for (int64_t k = 0; k < n; ++k) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    I[size_t(k)] = int64_t((seed >> 33) % uint64_t(nrows));
    J[size_t(k)] = int64_t((seed >> 13) % uint64_t(ncols));
    X[size_t(k)] = XT(int64_t((seed >> 45) % 200) - (std::is_signed_v<XT> ? 100 : 0)) / XT(std::is_floating_point_v<XT> ? 8 : 1);
    const auto key = std::make_pair(I[size_t(k)], J[size_t(k)]);
    const auto found = model.find(key);
    if (found == model.end()) model.emplace(key, T(X[size_t(k)]));
    else found->second = fold(found->second, T(X[size_t(k)]));
  }
  Entries want;
  for (const auto &[key, v] : model) want.i.push_back(key.first), want.j.push_back(key.second), want.x.push_back(double(v));
  int saved = 0;
  OK(weft_get_threads(&saved));
  for (int threads : {1, 2, 3}) {
    OK(weft_set_threads(threads));
    weft_matrix A = nullptr;
    OK(weft_matrix_new(ctype, nrows, ncols, &A));
    OK(weft_matrix_build(A, I.data(), J.data(), X.data(), xtype, n, dup));
    EXPECT_EQ(want, entries(A)) << threads << " threads";
    weft_matrix_free(&A);
  }
  OK(weft_set_threads(saved));
}

TEST(Build, ThreadsAndCarriedValuesEqualTheModel) {
  check_build<double>(WEFT_FP64, WEFT_FP64, WEFT_MINUS_FP64, [](double a, double b) { return a - b; }, 1);
  check_build<int32_t>(WEFT_INT32, WEFT_INT32, WEFT_FIRST_INT32, [](int32_t a, int32_t) { return a; }, 2);
  check_build<uint8_t>(WEFT_UINT8, WEFT_UINT8, WEFT_SECOND_UINT8, [](uint8_t, uint8_t b) { return b; }, 3);
  check_build<int16_t>(WEFT_INT16, WEFT_INT16, WEFT_MINUS_INT16,
                       [](int16_t a, int16_t b) { return int16_t(a - b); }, 4);
  check_build<double, float>(WEFT_FP64, WEFT_FP32, WEFT_PLUS_FP64, [](double a, double b) { return a + b; }, 5);
  // (a dup with the inlined fold, fold_typed, and values carried)
  check_build<double>(WEFT_FP64, WEFT_FP64, WEFT_PLUS_FP64, [](double a, double b) { return a + b; }, 6);
  check_build<int32_t>(WEFT_INT32, WEFT_INT32, WEFT_PLUS_INT32, [](int32_t a, int32_t b) { return a + b; }, 7);
  // More rows than tuples: one range counts and scatters, the rows are still sorted on threads.
  check_build<double>(WEFT_FP64, WEFT_FP64, WEFT_MINUS_FP64, [](double a, double b) { return a - b; }, 8, 1000000);
}

// Tuples already in row-major order skip build's sort: the result must equal a build
// of the same tuples shuffled, for values copied, cast (FP32 and INT32 input into FP64)
// and cast through dup's domain (INT32 dup into FP64: the values truncate first); an
// index out of range or a repeat in otherwise ordered tuples still takes the checked path.
TEST(BuildInOrder, EqualsTheSortingPath) {
  std::vector<int64_t> I, J;
  std::vector<double> X;
  for (int64_t r = 0; r < 50; ++r)
    for (int64_t c = r % 3; c < 40; c += 1 + (r + c) % 5) I.push_back(r), J.push_back(c), X.push_back(0.25 * double(r * 41 - c * 7) + 0.3);
  const size_t n = X.size();
  std::vector<size_t> perm(n);
  for (size_t k = 0; k < n; ++k) perm[k] = (k * 7919) % n;  // n is not a multiple of 7919: a permutation
  std::vector<int64_t> Is(n), Js(n);
  std::vector<double> Xs(n);
  for (size_t k = 0; k < n; ++k) Is[k] = I[perm[k]], Js[k] = J[perm[k]], Xs[k] = X[perm[k]];
  std::vector<float> Xf(X.begin(), X.end()), Xfs(Xs.begin(), Xs.end());
  std::vector<int32_t> Xi(n), Xis(n);
  for (size_t k = 0; k < n; ++k) Xi[k] = int32_t(X[k] * 3), Xis[k] = int32_t(Xs[k] * 3);
  struct Way {
    const void *ordered, *shuffled;
    weft_type xtype;
    weft_binary_op dup;
  } ways[] = {{X.data(), Xs.data(), WEFT_FP64, nullptr},
              {X.data(), Xs.data(), WEFT_FP64, WEFT_PLUS_FP64},
              {Xf.data(), Xfs.data(), WEFT_FP32, nullptr},
              {Xi.data(), Xis.data(), WEFT_INT32, WEFT_PLUS_FP64},
              {X.data(), Xs.data(), WEFT_FP64, WEFT_PLUS_INT32}};
  for (const Way &w : ways) {
    weft_matrix A = nullptr, B = nullptr;
    OK(weft_matrix_new(WEFT_FP64, 50, 40, &A));
    OK(weft_matrix_new(WEFT_FP64, 50, 40, &B));
    OK(weft_matrix_build(A, I.data(), J.data(), w.ordered, w.xtype, int64_t(n), w.dup));
    OK(weft_matrix_build(B, Is.data(), Js.data(), w.shuffled, w.xtype, int64_t(n), w.dup));
    EXPECT_TRUE(entries(A) == entries(B));
    EXPECT_EQ(entries(A).x.size(), n);
    weft_matrix_free(&A);
    weft_matrix_free(&B);
  }
  // Ordered but for the last tuple: out of range, or a repeat (no dup).
  weft_matrix A = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 50, 40, &A));
  std::vector<int64_t> Jbad = J;
  Jbad.back() = 40;
  EXPECT_EQ(WEFT_INDEX_OUT_OF_BOUNDS, weft_matrix_build(A, I.data(), Jbad.data(), X.data(), WEFT_FP64, int64_t(n), nullptr));
  Jbad.back() = J[n - 2];
  std::vector<int64_t> Ibad = I;
  Ibad.back() = I[n - 2];
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_matrix_build(A, Ibad.data(), Jbad.data(), X.data(), WEFT_FP64, int64_t(n), nullptr));
  int64_t nv = -1;
  OK(weft_matrix_nvals(A, &nv));
  EXPECT_EQ(nv, 0);
  weft_matrix_free(&A);
}

}  // namespace

namespace {

void user_minus(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = *static_cast<const double *>(x) - *static_cast<const double *>(y);
}

// Pushing mxv and pulling vxm read A' and meet the multiply's operands the other way
// round; the policy swaps them back, so any multiply, commuting or not, gives the
// definition's result: each call (the first reads A's rows, later ones a kept transpose)
// equals a dense reference that applies mul(A(i,j), u(j)) / mul(u(i), A(i,j)) and adds
// in increasing k. Semirings: PLUS_FIRST, PLUS_SECOND (typed), PLUS with a user MINUS
// (generic), and MIN_FIRST on INT64 over an FP64 A (vxm's FIRST reads only the vector,
// so the typed kernel runs whatever A's domain); vectors from sparse to dense.
TEST(Directions, EveryMultiplyEitherWay) {
  const int64_t m = 120, n = 90;
  weft_binary_op minus = nullptr;
  weft_semiring user = nullptr;
  OK(weft_binary_op_new(user_minus, WEFT_FP64, WEFT_FP64, WEFT_FP64, &minus));
  OK(weft_semiring_new(WEFT_PLUS_MONOID_FP64, minus, &user));
  struct Ring {
    weft_semiring s;
    double (*mul)(double, double);
  } rings[] = {{WEFT_PLUS_FIRST_SEMIRING_FP64, [](double a, double) { return a; }},
               {WEFT_PLUS_SECOND_SEMIRING_FP64, [](double, double b) { return b; }},
               {user, [](double a, double b) { return a - b; }}};
  for (int64_t nvals : {int64_t(2), int64_t(30), int64_t(120)}) {
    weft_matrix A = random_matrix(m, n, 5, uint64_t(nvals) + 11);
    const Entries a = entries(A);
    weft_vector u = random_vector(n, std::min(nvals, n), 21), x = random_vector(m, nvals, 22);
    const Entries ue = entries(u), xe = entries(x);
    std::vector<double> ud(size_t(n), NAN), xd(size_t(m), NAN);
    for (size_t k = 0; k < ue.j.size(); ++k) ud[size_t(ue.j[k])] = ue.x[k];
    for (size_t k = 0; k < xe.j.size(); ++k) xd[size_t(xe.j[k])] = xe.x[k];
    for (const Ring &r : rings) {
      // References: rows of A in order (mxv adds over j increasing), and vxm over i increasing.
      std::vector<double> wref(size_t(m), NAN), yref(size_t(n), NAN);
      for (size_t k = 0; k < a.x.size(); ++k) {
        const int64_t i = a.i[k], j = a.j[k];
        if (!std::isnan(ud[size_t(j)])) {
          const double t = r.mul(a.x[k], ud[size_t(j)]);
          wref[size_t(i)] = std::isnan(wref[size_t(i)]) ? t : wref[size_t(i)] + t;
        }
      }
      for (int64_t i = 0; i < m; ++i)  // a is row-major: i increasing for each column j
        for (size_t k = 0; k < a.x.size(); ++k)
          if (a.i[k] == i && !std::isnan(xd[size_t(i)])) {
            const double t = r.mul(xd[size_t(i)], a.x[k]);
            double &y = yref[size_t(a.j[k])];
            y = std::isnan(y) ? t : y + t;
          }
      for (int call = 0; call < 3; ++call) {
        weft_vector w = nullptr, y = nullptr;
        OK(weft_vector_new(WEFT_FP64, m, &w));
        OK(weft_vector_new(WEFT_FP64, n, &y));
        OK(weft_mxv(w, nullptr, nullptr, r.s, A, u, nullptr));
        OK(weft_vxm(y, nullptr, nullptr, r.s, x, A, nullptr));
        const Entries we = entries(w), ye = entries(y);
        size_t got = 0;
        for (size_t k = 0; k < we.j.size(); ++k, ++got) EXPECT_EQ(we.x[k], wref[size_t(we.j[k])]) << "mxv " << call;
        size_t want = 0;
        for (double v : wref) want += !std::isnan(v);
        EXPECT_EQ(got, want);
        got = 0, want = 0;
        for (size_t k = 0; k < ye.j.size(); ++k, ++got) EXPECT_EQ(ye.x[k], yref[size_t(ye.j[k])]) << "vxm " << call;
        for (double v : yref) want += !std::isnan(v);
        EXPECT_EQ(got, want);
        weft_vector_free(&w);
        weft_vector_free(&y);
      }
    }
    // MIN_FIRST on INT64 reads only the vector (FIRST of vxm's u) and casts A's FP64
    // values when it reads them (mxv: FIRST is A's value): against the same arithmetic.
    for (int call = 0; call < 3; ++call) {
      weft_vector y = nullptr;
      OK(weft_vector_new(WEFT_INT64, n, &y));
      weft_vector xi = nullptr;
      OK(weft_vector_new(WEFT_INT64, m, &xi));
      OK(weft_vector_apply(xi, nullptr, nullptr, WEFT_IDENTITY_INT64, x, nullptr));
      OK(weft_vxm(y, nullptr, nullptr, WEFT_MIN_FIRST_SEMIRING_INT64, xi, A, nullptr));
      const Entries ye = entries(y);
      for (size_t k = 0; k < ye.j.size(); ++k) {
        double lowest = NAN;  // the least x value (cast to INT64) among i with A(i, j)
        for (size_t q = 0; q < a.x.size(); ++q)
          if (a.j[q] == ye.j[k] && !std::isnan(xd[size_t(a.i[q])])) {
            const double v = double(int64_t(xd[size_t(a.i[q])]));
            lowest = std::isnan(lowest) ? v : std::min(lowest, v);
          }
        EXPECT_EQ(ye.x[k], lowest) << "MIN_FIRST vxm call " << call;
      }
      weft_vector_free(&y);
      weft_vector_free(&xi);
    }
    weft_matrix_free(&A);
    weft_vector_free(&u);
    weft_vector_free(&x);
  }
  weft_semiring_free(&user);
  weft_binary_op_free(&minus);
}

// C<M> = A*B' is computed either by Gustavson's method or by dot products at M's entries
// (chosen by their cost; WEFT_MXM_METHOD forces one, for this test): the same bits, for
// typed and user semirings, structural and valued masks, with and without WEFT_TRAN on B
// (without it the dot products read B's kept transpose), an accumulator, replace.
TEST(MaskedProducts, DotProductsEqualGustavson) {
  UserSemiring user;
  const int64_t n = 60;
  weft_matrix A = random_matrix(n, 40, 12, 21), B = random_matrix(n, 40, 12, 22), BT = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 40, n, &BT));
  OK(weft_transpose(BT, nullptr, nullptr, B, nullptr));
  // One row of A much longer than the rest: its dot products search instead of merging.
  for (int64_t k = 0; k < 40; ++k) {
    const double v = double(k % 7) - 3.25;
    OK(weft_matrix_set_element(A, 5, k, &v, WEFT_FP64));
  }
  weft_matrix M = random_matrix(n, n, 3, 23), C0 = random_matrix(n, n, 2, 24);
  auto run = [&](const char *method, bool typed, int form) {
    if (method) setenv("WEFT_MXM_METHOD", method, 1);
    else unsetenv("WEFT_MXM_METHOD");
    weft_matrix C = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_dup(C0, &C));
    weft_semiring s = typed ? WEFT_PLUS_TIMES_SEMIRING_FP64 : user.s;
    // form: 0 structural, B used transposed; 1 valued mask, B' as B (kept transpose);
    // 2 accumulate, replace; 3 PAIR (no values read) into INT64.
    weft_status st = WEFT_SUCCESS;
    if (form == 0) st = weft_mxm(C, M, nullptr, s, A, B, WEFT_DESC_ST1);
    if (form == 1) st = weft_mxm(C, M, nullptr, s, A, BT, nullptr);
    if (form == 2) st = weft_mxm(C, M, WEFT_PLUS_FP64, s, A, B, WEFT_DESC_RT1);
    if (form == 3) st = weft_mxm(C, M, nullptr, WEFT_PLUS_PAIR_SEMIRING_INT64, A, B, WEFT_DESC_ST1);
    EXPECT_EQ(WEFT_SUCCESS, st) << weft_last_error();
    Entries e = entries(C);
    weft_matrix_free(&C);
    return e;
  };
  for (int form = 0; form < 4; ++form)
    for (bool typed : {true, false}) {
      const Entries g = run("gustavson", typed, form);
      EXPECT_GT(g.x.size(), 20u) << "form " << form;
      // Twice each: the second call may read kept facts (transpose, iso, narrow indices).
      for (int call = 0; call < 2; ++call) {
        EXPECT_EQ(g, run("dot", typed, form)) << "form " << form << ", typed " << typed << ", call " << call;
        EXPECT_EQ(g, run(nullptr, typed, form)) << "form " << form << ", typed " << typed << ", call " << call;
      }
    }
  unsetenv("WEFT_MXM_METHOD");
  for (weft_matrix *h : {&A, &B, &BT, &M, &C0}) weft_matrix_free(h);
}

// A mask that only admits bounds each row of C<M> = A*B by its own row, so Gustavson then
// writes without counting first (kernels::mask_bounds_rows) and closes the gaps after;
// a mask with more entries than products is counted as before. Both equal the product
// without a mask, then masked by apply: valued masks (some entries false), mask rows
// with entries no product reaches (their room closed up, the arrays copied to size),
// the product's own pattern, empty rows of A, 1 and 2 threads, typed and user.
TEST(MaskedProducts, RoomFromTheMaskEqualsTheCountedRoom) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  UserSemiring user;
  const int64_t n = 300;
  weft_matrix A = random_matrix(n, 80, 5, 31), B = random_matrix(80, n, 6, 32);
  for (int64_t i = 0; i < n; i += 7)  // empty rows of A
    for (int64_t k = 0; k < 80; ++k) OK(weft_matrix_remove_element(A, i, k));
  weft_matrix sparse_mask = random_matrix(n, n, 20, 33), dense_mask = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &dense_mask));
  weft_scalar x = nullptr;
  OK(weft_scalar_new(WEFT_FP64, &x));
  const double one = 1.0, zero = 0.0;
  OK(weft_scalar_set_element(x, &one, WEFT_FP64));
  OK(weft_matrix_assign_scalar(dense_mask, nullptr, nullptr, x, WEFT_ALL, n, WEFT_ALL, n, nullptr));
  for (int64_t i = 0; i < n; i += 3) {
    OK(weft_matrix_set_element(sparse_mask, i, (i * 7) % n, &zero, WEFT_FP64));
    OK(weft_matrix_set_element(dense_mask, i, (i * 11) % n, &zero, WEFT_FP64));
  }
  int checked = 0;
  for (int threads : {1, 2}) {
    OK(weft_set_threads(threads));
    for (weft_semiring s : {WEFT_PLUS_TIMES_SEMIRING_FP64, user.s}) {
      weft_matrix T = nullptr;
      OK(weft_matrix_new(WEFT_FP64, n, n, &T));
      OK(weft_mxm(T, nullptr, nullptr, s, A, B, nullptr));
      // (T itself as the mask: every room filled, nothing to close up)
      for (weft_matrix M : {sparse_mask, dense_mask, T})
        for (weft_descriptor d : {static_cast<weft_descriptor>(nullptr), WEFT_DESC_S}) {
          weft_matrix masked = nullptr, model = nullptr;
          OK(weft_matrix_new(WEFT_FP64, n, n, &masked));
          OK(weft_matrix_new(WEFT_FP64, n, n, &model));
          OK(weft_mxm(masked, M, nullptr, s, A, B, d));
          OK(weft_matrix_apply(model, M, nullptr, WEFT_IDENTITY_FP64, T, d));
          const Entries got = entries(masked), want = entries(model);
          EXPECT_GT(want.x.size(), 100u) << "case " << checked;
          EXPECT_EQ(want, got) << "case " << checked;
          ++checked;
          weft_matrix_free(&masked);
          weft_matrix_free(&model);
        }
      weft_matrix_free(&T);
    }
  }
  EXPECT_EQ(checked, 24);
  OK(weft_set_threads(saved));
  for (weft_matrix *h : {&A, &B, &sparse_mask, &dense_mask}) weft_matrix_free(h);
  weft_scalar_free(&x);
}

// A product of a few rows with few products against wide rows (a BFS's last frontiers)
// sizes its rows by their products instead of counting them first, and searches a
// complemented mask's long row for each column it keeps instead of scattering it
// (mxm_kernels.hpp: products_bound_rows, gustavson_rows' search). Against a model that
// folds every product in A's order: no mask, complemented masks structural and valued
// (false entries admit), admitting masks long and short; mxm of 1 and 3 rows and vxm; 1
// and 2 threads.
TEST(MaskedProducts, FewProductsBoundTheirRoomAndSearchALongComplement) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  const int64_t n = 20000;
  weft_matrix B = random_matrix(n, n, 5, 71);
  const Entries b = entries(B);
  std::vector<int64_t> bp(size_t(n) + 1, 0);  // B's rows in b
  for (int64_t r : b.i) ++bp[size_t(r) + 1];
  for (int64_t r = 0; r < n; ++r) bp[size_t(r) + 1] += bp[size_t(r)];
  // Masks of `rows` rows: each row's every other column up to n/2 (a long row, many
  // products' columns in it), or every 97th; valued ones with every fifth entry 0.
  auto make_mask = [&](int64_t rows, int64_t step, int64_t upto, bool zeros) {
    weft_matrix M = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, rows, n, &M));
    std::vector<int64_t> I, J;
    std::vector<double> X;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = r % 2; c < upto; c += step) I.push_back(r), J.push_back(c), X.push_back(zeros && c % 5 == 0 ? 0.0 : 1.0);
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_build(M, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), nullptr));
    return M;
  };
  int checked = 0;
  for (int64_t rows : {int64_t(1), int64_t(3)}) {
    weft_matrix A = random_matrix(rows, n, 40, 72 + uint64_t(rows));
    const Entries a = entries(A);
    // The model: T(i, j) folded over A's row i in order, B's rows in order.
    std::map<std::pair<int64_t, int64_t>, double> t;
    for (size_t q = 0; q < a.i.size(); ++q)
      for (int64_t e = bp[size_t(a.j[q])]; e < bp[size_t(a.j[q]) + 1]; ++e) {
        const std::pair<int64_t, int64_t> at{a.i[q], b.j[size_t(e)]};
        const double term = a.x[q] * b.x[size_t(e)];
        auto it = t.find(at);
        if (it == t.end()) t[at] = term;
        else it->second += term;
      }
    ASSERT_LT(int64_t(t.size()) * 8, n);  // (few products: the bound is taken)
    weft_matrix long_s = make_mask(rows, 2, n / 2, false), long_v = make_mask(rows, 2, n / 2, true),
                short_s = make_mask(rows, 13, n, false);
    const Entries ls = entries(long_s), lv = entries(long_v), ss = entries(short_s);
    struct Case {
      weft_matrix M;
      weft_descriptor d;
      const Entries *m;
      bool comp, valued;
    };
    const Case cases[] = {{nullptr, nullptr, nullptr, false, false},
                          {long_s, WEFT_DESC_SC, &ls, true, false},
                          {long_v, WEFT_DESC_C, &lv, true, true},
                          {long_s, WEFT_DESC_S, &ls, false, false},
                          {short_s, WEFT_DESC_S, &ss, false, false},
                          {long_v, nullptr, &lv, false, true}};
    for (int threads : {1, 2}) {
      OK(weft_set_threads(threads));
      for (const Case &c : cases) {
        std::map<std::pair<int64_t, int64_t>, bool> in;  // the mask's entries: their truth
        if (c.m)
          for (size_t q = 0; q < c.m->i.size(); ++q) in[{c.m->i[q], c.m->j[q]}] = !c.valued || c.m->x[q] != 0;
        Entries want;
        for (const auto &[ij, x] : t) {
          auto it = in.find(ij);
          const bool admitted = !c.m || (c.comp ? it == in.end() || !it->second : it != in.end() && it->second);
          if (admitted) want.i.push_back(ij.first), want.j.push_back(ij.second), want.x.push_back(x);
        }
        weft_matrix T = nullptr;
        OK(weft_matrix_new(WEFT_FP64, rows, n, &T));
        OK(weft_mxm(T, c.M, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, c.d));
        EXPECT_EQ(want, entries(T)) << "mxm, " << rows << " rows, case " << (&c - cases) << ", " << threads << " threads";
        EXPECT_GT(want.x.size(), 5u) << "case " << (&c - cases);
        OK(weft_matrix_free(&T));
        if (rows == 1) {  // the same as a pushed vector
          weft_vector u = nullptr, w = nullptr, m = nullptr;
          OK(weft_vector_new(WEFT_FP64, n, &u));
          OK(weft_vector_new(WEFT_FP64, n, &w));
          for (size_t q = 0; q < a.j.size(); ++q) OK(weft_vector_set_element(u, a.j[q], &a.x[q], WEFT_FP64));
          if (c.m) {
            OK(weft_vector_new(WEFT_FP64, n, &m));
            for (size_t q = 0; q < c.m->j.size(); ++q) OK(weft_vector_set_element(m, c.m->j[q], &c.m->x[q], WEFT_FP64));
          }
          OK(weft_vxm(w, m, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, u, B, c.d));
          Entries want_v = want;
          want_v.i.clear();
          EXPECT_EQ(want_v, entries(w)) << "vxm, case " << (&c - cases) << ", " << threads << " threads";
          for (weft_vector *h : {&u, &w, &m})
            if (*h) OK(weft_vector_free(h));
        }
        ++checked;
      }
    }
    // A complemented mask with every entry admits nothing (a BFS's last level): structural,
    // and valued with one entry false (that position alone admitted).
    weft_matrix full = make_mask(rows, 1, n, false), T = nullptr;
    OK(weft_matrix_new(WEFT_FP64, rows, n, &T));
    OK(weft_mxm(T, full, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, WEFT_DESC_SC));
    int64_t nv = -1;
    OK(weft_matrix_nvals(T, &nv));
    EXPECT_EQ(0, nv);
    const auto [i0, j0] = t.begin()->first;
    const double zero = 0;
    OK(weft_matrix_set_element(full, i0, j0, &zero, WEFT_FP64));
    OK(weft_mxm(T, full, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, WEFT_DESC_C));
    Entries one;
    one.i.push_back(i0), one.j.push_back(j0), one.x.push_back(t.begin()->second);
    EXPECT_EQ(one, entries(T));
    for (weft_matrix *h : {&A, &long_s, &long_v, &short_s, &full, &T}) OK(weft_matrix_free(h));
  }
  EXPECT_EQ(checked, 24);
  OK(weft_set_threads(saved));
  OK(weft_matrix_free(&B));
}

// mxv and vxm read a kept 32-bit copy of the column indices from a matrix's second pull
// on (Matrix::narrow_columns); like the transpose, it must follow every change.
TEST(NarrowIndices, FollowEveryChangeOfTheMatrix) {
  const int64_t m = 80, n = 70;
  weft_matrix A = random_matrix(m, n, 6, 41);
  weft_vector u = random_vector(n, 400, 42), x = random_vector(m, 400, 43);
  auto check = [&](const char *when) {
    weft_matrix fresh = nullptr;  // a copy's first pull reads the 64-bit indices
    ASSERT_EQ(WEFT_SUCCESS, weft_matrix_dup(A, &fresh));
    weft_vector w0 = nullptr, w = nullptr, y0 = nullptr, y = nullptr;
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, m, &w0));
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, m, &w));
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &y0));
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &y));
    ASSERT_EQ(WEFT_SUCCESS, weft_mxv(w0, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, fresh, u, nullptr));
    ASSERT_EQ(WEFT_SUCCESS, weft_mxv(y0, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, fresh, x, WEFT_DESC_T0));
    for (int call = 0; call < 3; ++call) {
      ASSERT_EQ(WEFT_SUCCESS, weft_mxv(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, u, nullptr));
      ASSERT_EQ(WEFT_SUCCESS, weft_vxm(y, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, x, A, nullptr));
      EXPECT_EQ(entries(w0), entries(w)) << when << ", call " << call;
      EXPECT_EQ(entries(y0), entries(y)) << when << ", call " << call;
    }
    for (weft_vector *h : {&w0, &w, &y0, &y}) weft_vector_free(h);
    weft_matrix_free(&fresh);
  };
  check("built");
  const double v = -2.5;
  OK(weft_matrix_set_element(A, 7, n - 1, &v, WEFT_FP64));  // a new entry: indices move
  check("a new entry");
  Entries e = entries(A);
  OK(weft_matrix_remove_element(A, e.i[3], e.j[3]));
  check("an entry removed");
  OK(weft_matrix_apply(A, nullptr, nullptr, WEFT_AINV_FP64, A, nullptr));
  check("A as an output");
  weft_matrix_free(&A);
  weft_vector_free(&u);
  weft_vector_free(&x);
}

// w = accum(w, A*u) when w has every entry changes w's values in place (the union is w's
// own structure): the same bits as the general rule, which a user accumulator takes.
// C<M, structural> = x merges x in at M's entries (write_back.cpp merge_over_mask); a
// valued mask of the same entries, all true, takes the general rule: the same result,
// for vectors and matrices, C empty, C holding some of M's positions, C its own mask,
// and x of another domain (cast once).
TEST(MergeOverMask, AssignScalarEqualsTheGeneralRule) {
  const int64_t m = 40, n = 3000;
  auto ones = [](int64_t rows, int64_t cols, int per_row, uint64_t seed) {  // a mask: values 1
    weft_matrix P = random_matrix(rows, cols, per_row, seed), M = nullptr;
    Entries e = entries(P);
    std::fill(e.x.begin(), e.x.end(), 1.0);
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, rows, cols, &M));
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_build(M, e.i.data(), e.j.data(), e.x.data(), WEFT_FP64, int64_t(e.x.size()),
                                              WEFT_FIRST_FP64));
    weft_matrix_free(&P);
    return M;
  };
  weft_scalar xf = nullptr, xi = nullptr;
  OK(weft_scalar_new(WEFT_FP64, &xf));
  OK(weft_scalar_new(WEFT_INT64, &xi));
  const double vf = -2.75;
  const int64_t vi = 7;
  OK(weft_scalar_set_element(xf, &vf, WEFT_FP64));
  OK(weft_scalar_set_element(xi, &vi, WEFT_INT64));
  for (int64_t rows : {int64_t(1), m}) {
    weft_matrix M = ones(rows, n, 300, 61), C0 = random_matrix(rows, n, 400, 62), E = nullptr;
    OK(weft_matrix_new(WEFT_FP64, rows, n, &E));
    for (weft_matrix start : {C0, E}) {
      for (weft_scalar x : {xf, xi}) {
        weft_matrix a = nullptr, b = nullptr;
        OK(weft_matrix_dup(start, &a));
        OK(weft_matrix_dup(start, &b));
        OK(weft_matrix_assign_scalar(a, M, nullptr, x, WEFT_ALL, rows, WEFT_ALL, n, WEFT_DESC_S));
        OK(weft_matrix_assign_scalar(b, M, nullptr, x, WEFT_ALL, rows, WEFT_ALL, n, nullptr));
        const Entries got = entries(a), want = entries(b);
        EXPECT_EQ(want, got) << "rows " << rows;
        EXPECT_GT(got.x.size(), entries(M).x.size() / 2);
        weft_matrix_free(&a);
        weft_matrix_free(&b);
      }
    }
    // C its own structural mask: its entries all become x, no entry added.
    weft_matrix c = nullptr;
    OK(weft_matrix_dup(C0, &c));
    OK(weft_matrix_assign_scalar(c, c, nullptr, xi, WEFT_ALL, rows, WEFT_ALL, n, WEFT_DESC_S));
    Entries want = entries(C0);
    std::fill(want.x.begin(), want.x.end(), double(vi));
    EXPECT_EQ(want, entries(c));
    // A vector: BFS's level<q, struct> = depth, level after level.
    if (rows == 1) {
      weft_vector level = nullptr, q = nullptr;
      OK(weft_vector_new(WEFT_INT64, n, &level));
      OK(weft_vector_new(WEFT_BOOL, n, &q));
      std::vector<int64_t> model(size_t(n), -1);
      for (int64_t depth = 0; depth < 6; ++depth) {
        OK(weft_vector_clear(q));
        for (int64_t k = depth; k < n; k += 7 + depth) {
          const bool yes = true;
          OK(weft_vector_set_element(q, k, &yes, WEFT_BOOL));
          model[size_t(k)] = depth;
        }
        weft_scalar d = nullptr;
        OK(weft_scalar_new(WEFT_INT64, &d));
        OK(weft_scalar_set_element(d, &depth, WEFT_INT64));
        OK(weft_vector_assign_scalar(level, q, nullptr, d, WEFT_ALL, n, WEFT_DESC_S));
        weft_scalar_free(&d);
      }
      Entries e = entries(level);
      Entries w;
      for (int64_t k = 0; k < n; ++k)
        if (model[size_t(k)] >= 0) w.j.push_back(k), w.x.push_back(double(model[size_t(k)]));
      EXPECT_EQ(w, e);
      weft_vector_free(&level);
      weft_vector_free(&q);
    }
    for (weft_matrix *h : {&M, &C0, &E, &c}) weft_matrix_free(h);
  }
  weft_scalar_free(&xf);
  weft_scalar_free(&xi);
}

void user_one(void *z, const void *, const void *) { *static_cast<double *>(z) = 1.0; }

// C = A (+) B with ONEB or PAIR merges the patterns only and stores one value when every
// value of the result is 1 (ewise.cpp union_of_patterns: one pattern, or A and B both
// storing the one value 1): the same entries as a user operator giving 1 through the
// general union (which copies lone entries), for operands of different patterns, one
// pattern, transposed operands and iso ones; and an extract of an iso matrix is iso with
// the same entries.
TEST(PatternUnion, OnebAndPairEqualTheGeneralUnion) {
  weft_binary_op one = nullptr;
  OK(weft_binary_op_new(user_one, WEFT_FP64, WEFT_FP64, WEFT_FP64, &one));
  const int64_t n = 500;
  weft_matrix A = random_matrix(n, n, 9, 71), B = random_matrix(n, n, 7, 72);
  auto iso_of = [&](weft_matrix P, double value) {  // P's pattern, every value `value`
    Entries e = entries(P);
    std::fill(e.x.begin(), e.x.end(), value);
    weft_matrix Q = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, n, n, &Q));
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_build(Q, e.i.data(), e.j.data(), e.x.data(), WEFT_FP64, int64_t(e.x.size()), nullptr));
    int iso = 0;
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_iso(Q, &iso));
    EXPECT_EQ(1, iso);
    return Q;
  };
  weft_matrix I = iso_of(A, 2.5), O = iso_of(A, 1.0), O2 = iso_of(B, 1.0);
  struct Case { weft_matrix x, y; weft_descriptor d; int iso; };
  for (const Case &c : {Case{A, B, nullptr, 0}, Case{A, A, nullptr, 1}, Case{A, B, WEFT_DESC_T1, 0},
                        Case{A, A, WEFT_DESC_T0, 0}, Case{I, B, WEFT_DESC_T0T1, 0}, Case{I, I, WEFT_DESC_T1, 0},
                        Case{O, O, WEFT_DESC_T1, 1}, Case{O, O2, nullptr, 1}, Case{O2, O, WEFT_DESC_T0, 1},
                        Case{O, A, nullptr, 1}, Case{O, B, nullptr, 0}}) {
    for (weft_binary_op op : {WEFT_ONEB_FP64, WEFT_PAIR_FP64}) {
      weft_matrix got = nullptr, want = nullptr;
      OK(weft_matrix_new(WEFT_FP64, n, n, &got));
      OK(weft_matrix_new(WEFT_FP64, n, n, &want));
      OK(weft_matrix_ewise_add(got, nullptr, nullptr, op, c.x, c.y, c.d));
      OK(weft_matrix_ewise_add(want, nullptr, nullptr, one, c.x, c.y, c.d));
      int iso = 0;
      OK(weft_matrix_iso(got, &iso));
      EXPECT_EQ(c.iso, iso) << "case with iso " << c.iso << " d " << (c.d != nullptr) << " x==y " << (c.x == c.y) << " x==I " << (c.x == I);
      EXPECT_EQ(entries(want), entries(got));
      EXPECT_GT(entries(got).x.size(), size_t(n * 5));
      weft_matrix_free(&got);
      weft_matrix_free(&want);
    }
  }
  // C<C, struct> = 1 keeps C's pattern and stores one value.
  weft_matrix K = nullptr;
  OK(weft_matrix_dup(A, &K));
  weft_scalar s1 = nullptr;
  OK(weft_scalar_new(WEFT_INT64, &s1));
  const int64_t v1 = 1;
  OK(weft_scalar_set_element(s1, &v1, WEFT_INT64));
  OK(weft_matrix_assign_scalar(K, K, nullptr, s1, WEFT_ALL, n, WEFT_ALL, n, WEFT_DESC_S));
  int kiso = 0;
  OK(weft_matrix_iso(K, &kiso));
  EXPECT_EQ(1, kiso);
  EXPECT_EQ(entries(O), entries(K));
  weft_matrix_free(&K);
  weft_scalar_free(&s1);
  // Extract of the iso matrix: iso, the same entries as extracted from A with 2.5 written in.
  std::vector<int64_t> perm(static_cast<size_t>(n));
  for (size_t k = 0; k < perm.size(); ++k) perm[k] = int64_t((k * 7) % size_t(n));
  weft_matrix X = nullptr, Y = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &X));
  OK(weft_matrix_new(WEFT_FP64, n, n, &Y));
  OK(weft_matrix_extract(X, nullptr, nullptr, I, perm.data(), n, perm.data(), n, nullptr));
  OK(weft_matrix_extract(Y, nullptr, nullptr, A, perm.data(), n, perm.data(), n, nullptr));
  int iso = 0;
  OK(weft_matrix_iso(X, &iso));
  EXPECT_EQ(1, iso);
  Entries want = entries(Y);
  std::fill(want.x.begin(), want.x.end(), 2.5);
  EXPECT_EQ(want, entries(X));
  for (weft_matrix *h : {&A, &B, &I, &O, &O2, &X, &Y}) weft_matrix_free(h);
  weft_binary_op_free(&one);
}

TEST(AccumulateInPlace, EqualsTheGeneralRule) {
  UserSemiring user;
  const int64_t m = 90, n = 60;
  weft_matrix A = random_matrix(m, n, 3, 51);
  weft_vector u = random_vector(n, 25, 52), full = nullptr;  // A*u has some rows empty
  OK(weft_vector_new(WEFT_FP64, m, &full));
  weft_scalar s = nullptr;
  OK(weft_scalar_new(WEFT_FP64, &s));
  const double base = 0.375;
  OK(weft_scalar_set_element(s, &base, WEFT_FP64));
  OK(weft_vector_assign_scalar(full, nullptr, nullptr, s, WEFT_ALL, m, nullptr));
  weft_vector x = u;  // the vector multiplied
  auto run = [&](weft_binary_op accum, weft_vector start) {
    weft_vector w = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_dup(start, &w));
    for (int call = 0; call < 3; ++call) {  // later calls: kept iso / narrow facts
      EXPECT_EQ(WEFT_SUCCESS, weft_mxv(w, nullptr, accum, WEFT_PLUS_TIMES_SEMIRING_FP64, A, x, nullptr));
    }
    Entries e = entries(w);
    weft_vector_free(&w);
    return e;
  };
  weft_vector sparse_w = random_vector(m, 30, 53);  // not full: the general rule
  // A dense u is always pulled: into a full w the dot products add into w's values
  // directly (mxm.cpp pull_into_full), for PLUS, the semiring's own add.
  weft_vector dense_u = random_vector(n, 8 * n, 56);
  for (weft_vector uu : {u, dense_u}) {
    x = uu;
    for (weft_vector start : {full, sparse_w}) {
      const Entries want = run(user.plus, start);
      EXPECT_EQ(want, run(WEFT_PLUS_FP64, start));
    }
  }
  x = u;
  EXPECT_EQ(size_t(m), run(WEFT_PLUS_FP64, full).x.size());
  // A square A: w += A*w, the input also the output.
  weft_matrix S = random_matrix(m, m, 3, 54);
  for (weft_binary_op accum : {WEFT_PLUS_FP64, user.plus, WEFT_MIN_FP64}) {
    weft_vector w1 = nullptr, w2 = nullptr;
    OK(weft_vector_dup(full, &w1));
    OK(weft_vector_dup(full, &w2));
    OK(weft_mxv(w1, nullptr, accum, WEFT_PLUS_TIMES_SEMIRING_FP64, S, w1, nullptr));
    weft_vector t = nullptr;  // the rule written out: t = S*w2, then w2 = accum(w2, t)
    OK(weft_vector_new(WEFT_FP64, m, &t));
    OK(weft_mxv(t, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, S, w2, nullptr));
    OK(weft_vector_ewise_add(w2, nullptr, nullptr, accum, w2, t, nullptr));
    EXPECT_EQ(entries(w2), entries(w1));
    for (weft_vector *h : {&w1, &w2, &t}) weft_vector_free(h);
  }
  weft_matrix_free(&S);
  weft_matrix_free(&A);
  for (weft_vector *h : {&u, &full, &sparse_w, &dense_u}) weft_vector_free(h);
  weft_scalar_free(&s);
}

}  // namespace

namespace {

// weft's MIN and MAX on doubles written out (algebra/ops.hpp): a NaN operand wins (the
// first one met), -0 < +0.
double weft_min(double a, double b) {
  if (a != a) return a;
  if (b != b) return b;
  if (a == b) return std::signbit(a) ? a : b;
  return b < a ? b : a;
}
double weft_max(double a, double b) {
  if (a != a) return a;
  if (b != b) return b;
  if (a == b) return std::signbit(a) ? b : a;
  return a < b ? b : a;
}
void user_min(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = weft_min(*static_cast<const double *>(x), *static_cast<const double *>(y));
}
void user_max(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = weft_max(*static_cast<const double *>(x), *static_cast<const double *>(y));
}
void user_plus_int64(void *z, const void *x, const void *y) {  // wraps, as WEFT_PLUS_INT64
  *static_cast<int64_t *>(z) =
      int64_t(uint64_t(*static_cast<const int64_t *>(x)) + uint64_t(*static_cast<const int64_t *>(y)));
}
void user_ge(void *z, const void *x, const void *y) {
  *static_cast<bool *>(z) = *static_cast<const double *>(x) >= *static_cast<const double *>(y);
}

// A user monoid on op with identity id (of op's domain), freed with it.
struct UserMonoid {
  weft_binary_op op = nullptr;
  weft_monoid m = nullptr;
  UserMonoid(weft_binary_fn f, weft_type t, const void *id) {
    EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new(f, t, t, t, &op));
    EXPECT_EQ(WEFT_SUCCESS, weft_monoid_new(op, id, &m));
  }
  ~UserMonoid() {
    weft_monoid_free(&m);
    weft_binary_op_free(&op);
  }
};

void set_all(weft_vector v, const std::vector<double> &x) {
  for (size_t k = 0; k < x.size(); ++k) {
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_set_element(v, int64_t(k), &x[k], WEFT_FP64));
  }
}

// A row of T = u*A that reaches many of its columns is summed in a workspace of the
// monoid's neutral values (mxm_kernels.hpp dense_row), with no state tested: the same
// bits as the ordinary workspace (taken with a mask admitting everything) and as the
// same arithmetic through user operators, also where only -0 terms reach a column
// (the neutral of floating PLUS is -0) and where NaN meets MIN.
TEST(DenseRows, EqualTheOrdinaryWorkspace) {
  const int64_t n = 2000;
  weft_matrix A = random_matrix(n, n, 40, 61);
  weft_vector u = random_vector(n, 100, 62), zeros = nullptr, nans = nullptr, all = nullptr;
  // u with fewer than n/16 entries is always pushed; 100 rows of 40 reach most columns.
  OK(weft_vector_dup(u, &zeros));
  OK(weft_vector_dup(u, &nans));
  {
    Entries e = entries(u);
    for (size_t k = 0; k < e.j.size(); ++k) {
      // One NaN payload: which of two different NaNs a + b returns depends on the
      // compiler's operand order (addition commutes), so only one kind is compared.
      const double z = k % 3 ? -0.0 : 0.0, q = k % 7 == 0 ? std::nan("1") : e.x[k];
      OK(weft_vector_set_element(zeros, e.j[k], &z, WEFT_FP64));
      OK(weft_vector_set_element(nans, e.j[k], &q, WEFT_FP64));
    }
  }
  OK(weft_vector_new(WEFT_BOOL, n, &all));
  const bool yes = true;
  for (int64_t k = 0; k < n; ++k) OK(weft_vector_set_element(all, k, &yes, WEFT_BOOL));
  UserSemiring user;
  const double inf = INFINITY;
  UserMonoid umin(user_min, WEFT_FP64, &inf);
  weft_semiring user_min_plus = nullptr;
  OK(weft_semiring_new(umin.m, user.plus, &user_min_plus));
  auto product = [&](weft_semiring s, weft_vector x, weft_vector mask) {
    weft_vector y = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &y));
    EXPECT_EQ(WEFT_SUCCESS, weft_vxm(y, mask, nullptr, s, x, A, mask ? WEFT_DESC_S : nullptr));
    Entries e = entries(y);
    weft_vector_free(&y);
    return e;
  };
  for (weft_vector x : {u, zeros, nans}) {
    const Entries plus = product(WEFT_PLUS_TIMES_SEMIRING_FP64, x, nullptr);
    EXPECT_GT(plus.j.size(), size_t(n / 2));
    EXPECT_EQ(plus, product(WEFT_PLUS_TIMES_SEMIRING_FP64, x, all));
    EXPECT_EQ(plus, product(user.s, x, nullptr));
    const Entries least = product(WEFT_MIN_PLUS_SEMIRING_FP64, x, nullptr);
    EXPECT_EQ(least, product(WEFT_MIN_PLUS_SEMIRING_FP64, x, all));
    EXPECT_EQ(least, product(user_min_plus, x, nullptr));
  }
  // Masks in the dense row: valued (some entries 0), structural, complemented; replace
  // or not, over an output that has entries (write_back_admitted's two cases).
  {
    weft_vector mask = random_vector(n, 900, 64), start = random_vector(n, 300, 65);
    const double zero = 0;
    for (int64_t k = 0; k < n; k += 5) OK(weft_vector_set_element(mask, k, &zero, WEFT_FP64));
    for (weft_descriptor d : {WEFT_DESC_R, WEFT_DESC_S, WEFT_DESC_RSC, WEFT_DESC_C, static_cast<weft_descriptor>(nullptr)}) {
      Entries got[2];
      for (int generic = 0; generic < 2; ++generic) {
        weft_vector y = nullptr;
        OK(weft_vector_dup(start, &y));
        OK(weft_vxm(y, mask, nullptr, generic ? user.s : WEFT_PLUS_TIMES_SEMIRING_FP64, u, A, d));
        got[generic] = entries(y);
        weft_vector_free(&y);
      }
      EXPECT_EQ(got[1], got[0]);
      EXPECT_GT(got[0].x.size(), 0u);
    }
    weft_vector_free(&mask);
    weft_vector_free(&start);
  }
  {  // -0 sums are not vacuous: some column got only -0 terms
    const Entries z = product(WEFT_PLUS_TIMES_SEMIRING_FP64, zeros, nullptr);
    size_t negative = 0;
    for (double v : z.x) negative += v == 0 && std::signbit(v);
    EXPECT_GT(negative, 0u);
  }
  // mxm: a hub row (long enough for the dense row) among short ones.
  weft_matrix H = random_matrix(20, n, 3, 63), C1 = nullptr, C2 = nullptr;
  {
    Entries e = entries(u);
    for (size_t k = 0; k < e.j.size(); ++k) OK(weft_matrix_set_element(H, 0, e.j[k], &e.x[k], WEFT_FP64));
  }
  OK(weft_matrix_new(WEFT_FP64, 20, n, &C1));
  OK(weft_matrix_new(WEFT_FP64, 20, n, &C2));
  OK(weft_mxm(C1, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, H, A, nullptr));
  OK(weft_mxm(C2, nullptr, nullptr, user.s, H, A, nullptr));
  EXPECT_EQ(entries(C2), entries(C1));
  for (weft_matrix *h : {&A, &H, &C1, &C2}) weft_matrix_free(h);
  for (weft_vector *h : {&u, &zeros, &nans, &all}) weft_vector_free(h);
  weft_semiring_free(&user_min_plus);
}

// MIN, MAX and integer PLUS fold in independent lanes and, whole, on several threads
// (algebra/fold.hpp): the same bits as the fold left to right that user monoids take,
// also with signed zeros (the lanes' plain comparison does not order them) and NaNs of
// different payloads (the first one met is the result).
TEST(OrderFreeFolds, EqualTheFoldInOrder) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  const double inf = INFINITY, minus_inf = -INFINITY;
  const int64_t zero = 0;
  UserMonoid umin(user_min, WEFT_FP64, &inf), umax(user_max, WEFT_FP64, &minus_inf), uplus(user_plus_int64, WEFT_INT64, &zero);
  const int64_t n = 100007;  // large enough to split, with a tail after the lanes
  std::vector<std::vector<double>> cases(4, std::vector<double>(size_t(n)));
  uint64_t seed = 71;
  for (int64_t k = 0; k < n; ++k) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    const double v = std::ldexp(double((seed >> 20) % 1000) - 500.0, int((seed >> 12) % 30) - 15);
    cases[0][size_t(k)] = v;
    cases[1][size_t(k)] = (seed >> 40) % 2 ? 0.0 : -0.0;
    cases[2][size_t(k)] = k == 70001 ? std::nan("1") : k == 90001 ? std::nan("2") : v;
    cases[3][size_t(k)] = k == 5 ? std::nan("2") : k == 3 ? std::nan("3") : v;  // NaNs in the lanes' start
  }
  cases[1][size_t(n - 1)] = 0.0;
  std::vector<int64_t> wide(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) wide[size_t(k)] = int64_t(uint64_t(k) * 0x9E3779B97F4A7C15ull);  // sums wrap
  weft_vector wv = nullptr;
  OK(weft_vector_new(WEFT_INT64, n, &wv));
  for (int64_t k = 0; k < n; ++k) OK(weft_vector_set_element(wv, k, &wide[size_t(k)], WEFT_INT64));
  auto scalar_bits = [](weft_scalar s, weft_type t) {
    uint64_t bits = 0;
    EXPECT_EQ(WEFT_SUCCESS, weft_scalar_extract_element(s, t, &bits));
    return bits;
  };
  for (int threads : {1, 2}) {
    OK(weft_set_threads(threads));
    weft_scalar s1 = nullptr, s2 = nullptr;
    OK(weft_scalar_new(WEFT_FP64, &s1));
    OK(weft_scalar_new(WEFT_FP64, &s2));
    for (const auto &x : cases) {
      weft_vector v = nullptr;
      OK(weft_vector_new(WEFT_FP64, n, &v));
      set_all(v, x);
      weft_matrix R = nullptr;  // the same values as 7 long rows
      OK(weft_matrix_new(WEFT_FP64, 7, n / 7 + 1, &R));
      for (int64_t k = 0; k < n; ++k) OK(weft_matrix_set_element(R, k % 7, k / 7, &x[size_t(k)], WEFT_FP64));
      const std::pair<weft_monoid, weft_monoid> pairs[] = {{WEFT_MIN_MONOID_FP64, umin.m}, {WEFT_MAX_MONOID_FP64, umax.m}};
      for (const auto &pair : pairs) {
        OK(weft_vector_reduce_scalar(s1, nullptr, pair.first, v, nullptr));
        OK(weft_vector_reduce_scalar(s2, nullptr, pair.second, v, nullptr));
        EXPECT_EQ(scalar_bits(s2, WEFT_FP64), scalar_bits(s1, WEFT_FP64)) << threads << " threads";
        weft_vector r1 = nullptr, r2 = nullptr;
        OK(weft_vector_new(WEFT_FP64, 7, &r1));
        OK(weft_vector_new(WEFT_FP64, 7, &r2));
        OK(weft_matrix_reduce(r1, nullptr, nullptr, pair.first, R, nullptr));
        OK(weft_matrix_reduce(r2, nullptr, nullptr, pair.second, R, nullptr));
        EXPECT_EQ(entries(r2), entries(r1)) << threads << " threads";
        weft_vector_free(&r1);
        weft_vector_free(&r2);
      }
      weft_vector_free(&v);
      weft_matrix_free(&R);
    }
    weft_scalar i1 = nullptr, i2 = nullptr;
    OK(weft_scalar_new(WEFT_INT64, &i1));
    OK(weft_scalar_new(WEFT_INT64, &i2));
    OK(weft_vector_reduce_scalar(i1, nullptr, WEFT_PLUS_MONOID_INT64, wv, nullptr));
    OK(weft_vector_reduce_scalar(i2, nullptr, uplus.m, wv, nullptr));
    EXPECT_EQ(scalar_bits(i2, WEFT_INT64), scalar_bits(i1, WEFT_INT64));
    for (weft_scalar *h : {&s1, &s2, &i1, &i2}) weft_scalar_free(h);
  }
  {  // the cases' answers themselves: -0 wins MIN of zeros, the first NaN met wins
    weft_scalar s = nullptr;
    weft_vector v = nullptr;
    OK(weft_scalar_new(WEFT_FP64, &s));
    OK(weft_vector_new(WEFT_FP64, n, &v));
    set_all(v, cases[1]);
    OK(weft_vector_reduce_scalar(s, nullptr, WEFT_MIN_MONOID_FP64, v, nullptr));
    double got = 1;
    OK(weft_scalar_extract_element(s, WEFT_FP64, &got));
    EXPECT_TRUE(got == 0 && std::signbit(got));
    OK(weft_vector_reduce_scalar(s, nullptr, WEFT_MAX_MONOID_FP64, v, nullptr));
    OK(weft_scalar_extract_element(s, WEFT_FP64, &got));
    EXPECT_TRUE(got == 0 && !std::signbit(got));
    set_all(v, cases[2]);
    OK(weft_vector_reduce_scalar(s, nullptr, WEFT_MIN_MONOID_FP64, v, nullptr));
    OK(weft_scalar_extract_element(s, WEFT_FP64, &got));
    const double first = std::nan("1");
    EXPECT_EQ(0, std::memcmp(&got, &first, sizeof got));
    weft_scalar_free(&s);
    weft_vector_free(&v);
  }
  weft_vector_free(&wv);
  OK(weft_set_threads(saved));
}

// Comparisons of two FP64 operands into BOOL run compiled (ewise.cpp's
// WEFT_FAST_COMPARE): the same entries as the same test through a user operator.
TEST(TypedPaths, ComparisonsEqualAUserOperator) {
  weft_binary_op ge = nullptr;
  OK(weft_binary_op_new(user_ge, WEFT_BOOL, WEFT_FP64, WEFT_FP64, &ge));
  weft_vector a = random_vector(500, 300, 81), b = random_vector(500, 300, 82), mask = random_vector(500, 200, 83);
  weft_vector c0 = nullptr;
  OK(weft_vector_new(WEFT_BOOL, 500, &c0));
  const bool no = false;
  for (int64_t k = 0; k < 500; k += 3) OK(weft_vector_set_element(c0, k, &no, WEFT_BOOL));
  for (int form = 0; form < 3; ++form) {
    Entries got[2];
    for (int user = 0; user < 2; ++user) {
      weft_vector c = nullptr;
      OK(weft_vector_dup(c0, &c));
      weft_binary_op op = user ? ge : WEFT_GE_FP64;
      const weft_status st = form == 0 ? weft_vector_ewise_mult(c, nullptr, nullptr, op, a, b, nullptr)
                             : form == 1 ? weft_vector_ewise_mult(c, mask, nullptr, op, a, b, WEFT_DESC_RC)
                                         : weft_vector_ewise_mult(c, nullptr, WEFT_LOR, op, a, a, nullptr);
      OK(st);
      got[user] = entries(c);
      weft_vector_free(&c);
    }
    EXPECT_EQ(got[1], got[0]) << "form " << form;
    EXPECT_GT(got[0].x.size(), 0u);
  }
  for (weft_vector *h : {&a, &b, &mask, &c0}) weft_vector_free(h);
  weft_binary_op_free(&ge);
}

}  // namespace

namespace {

// A pushed vector on several threads is split by the result's columns (gustavson's
// windows): the same bits on 1, 2 and 3 threads, with and without a mask, typed and
// through user operators, in the dense-row workspace and the ordinary one.
TEST(Threads, PushedVectorSplitByColumns) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  const int64_t n = 20000;
  weft_matrix A = random_matrix(n, n, 180, 91);
  // Fewer than n/16 entries: always pushed; about 1170 rows of 180 products: 3 parts.
  weft_vector u = random_vector(n, 1200, 92), mask = random_vector(n, 3000, 93);
  UserSemiring user;
  std::vector<Entries> first;
  for (int threads : {1, 2, 3}) {
    OK(weft_set_threads(threads));
    std::vector<Entries> now;
    for (weft_semiring s : {WEFT_PLUS_TIMES_SEMIRING_FP64, WEFT_MIN_PLUS_SEMIRING_FP64, user.s}) {
      for (int form = 0; form < 3; ++form) {
        weft_vector w = nullptr;
        OK(weft_vector_new(WEFT_FP64, n, &w));
        weft_vector m = form ? mask : nullptr;
        weft_descriptor d = form == 1 ? WEFT_DESC_S : form == 2 ? WEFT_DESC_SC : nullptr;
        OK(weft_vxm(w, m, nullptr, s, u, A, d));
        now.push_back(entries(w));
        EXPECT_GT(now.back().x.size(), 0u);
        weft_vector_free(&w);
      }
    }
    // PLUS_TIMES typed (u reaches most columns: one pass into a dense workspace) and
    // the user's plus and times (function pointers: the count and numeric phases) add
    // the same terms in the same order: the same bits.
    for (size_t form = 0; form < 3; ++form)
      EXPECT_EQ(now[form], now[6 + form]) << "form " << form << ", " << threads << " threads";
    if (first.empty()) first = now;
    else
      for (size_t k = 0; k < now.size(); ++k) EXPECT_EQ(first[k], now[k]) << "result " << k << ", " << threads << " threads";
  }
  OK(weft_set_threads(saved));
  weft_matrix_free(&A);
  weft_vector_free(&u);
  weft_vector_free(&mask);
}

}  // namespace

namespace {

void user_second(void *z, const void *, const void *y) { *static_cast<double *>(z) = *static_cast<const double *>(y); }

// A pull whose product is u(k) itself (PLUS_SECOND, and PLUS_FIRST's vxm) spreads u's
// missing values as the monoid's neutral value and sums every row as if u were dense
// (dots_range's neutral_spread): the same entries as the generic path, also for rows
// that meet no entry of u (no result) and rows whose terms are all -0 (a -0 result).
TEST(Directions, PullOverMissingValuesAddsNothing) {
  UserSemiring user;
  weft_binary_op second = nullptr;
  weft_semiring user_plus_second = nullptr;
  OK(weft_binary_op_new(user_second, WEFT_FP64, WEFT_FP64, WEFT_FP64, &second));
  OK(weft_semiring_new(user.add, second, &user_plus_second));
  const int64_t m = 400, n = 300;
  weft_matrix A = random_matrix(m, n, 2, 101);  // short rows: some meet only missing u(k)
  weft_vector u = nullptr;
  OK(weft_vector_new(WEFT_FP64, n, &u));
  for (int64_t k = 0; k < n; ++k) {
    if (k % 3 == 2) continue;  // two thirds present: a pull
    const double x = k % 5 == 0 ? -0.0 : k % 7 == 0 ? 0.0 : double(k % 11) - 5.5;
    OK(weft_vector_set_element(u, k, &x, WEFT_FP64));
  }
  auto product = [&](weft_semiring s) {
    weft_vector w = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, m, &w));
    EXPECT_EQ(WEFT_SUCCESS, weft_mxv(w, nullptr, nullptr, s, A, u, nullptr));
    Entries e = entries(w);
    weft_vector_free(&w);
    return e;
  };
  const Entries want = product(user_plus_second), got = product(WEFT_PLUS_SECOND_SEMIRING_FP64);
  EXPECT_EQ(want, got);
  size_t negative_zero = 0;
  for (double v : got.x) negative_zero += v == 0 && std::signbit(v);
  EXPECT_GT(negative_zero, 0u);
  EXPECT_LT(got.j.size(), size_t(m));  // some rows met only missing entries
  // TIMES by a matrix of ones (iso, learned from the second call on) is the same pull.
  weft_matrix ones = nullptr;
  weft_scalar one = nullptr;
  OK(weft_scalar_new(WEFT_FP64, &one));
  const double x1 = 1.0;
  OK(weft_scalar_set_element(one, &x1, WEFT_FP64));
  OK(weft_matrix_new(WEFT_FP64, m, n, &ones));
  OK(weft_matrix_apply_second(ones, nullptr, nullptr, WEFT_ONEB_FP64, A, one, nullptr));
  std::swap(A, ones);
  const Entries want_ones = product(user.s);
  for (int call = 0; call < 3; ++call) EXPECT_EQ(want_ones, product(WEFT_PLUS_TIMES_SEMIRING_FP64)) << "call " << call;
  weft_matrix_free(&ones);
  weft_scalar_free(&one);
  weft_matrix_free(&A);
  weft_vector_free(&u);
  weft_semiring_free(&user_plus_second);
  weft_binary_op_free(&second);
}

}  // namespace

namespace {

// An element-wise result with the structure C already has is written into C's values in
// place (same_structure.hpp), as is a scalar assigned to all of a C with every entry: the
// same entries as into a fresh output, and C's kept transpose is not read after it is
// dropped (C's own transpose as the operand takes the copying path).
TEST(InPlace, SameStructureResultsEqualAFreshOutput) {
  const int64_t n = 40;
  weft_matrix C = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &C));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      const double x = double(i * n + j) - 700.5;  // not symmetric
      OK(weft_matrix_set_element(C, i, j, &x, WEFT_FP64));
    }
  weft_vector u = random_vector(n, n * 4, 111), w = nullptr;
  OK(weft_vector_new(WEFT_FP64, n, &w));
  for (int call = 0; call < 3; ++call)  // C keeps its transpose (vxm pulls through it)
    OK(weft_vxm(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, u, C, nullptr));
  weft_matrix fresh = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &fresh));
  OK(weft_matrix_apply(fresh, nullptr, nullptr, WEFT_AINV_FP64, C, WEFT_DESC_T0));
  OK(weft_matrix_apply(C, nullptr, nullptr, WEFT_AINV_FP64, C, WEFT_DESC_T0));
  EXPECT_EQ(entries(fresh), entries(C));
  OK(weft_matrix_ewise_add(fresh, nullptr, nullptr, WEFT_TIMES_FP64, C, C, nullptr));
  OK(weft_matrix_ewise_add(C, nullptr, nullptr, WEFT_TIMES_FP64, C, C, nullptr));  // in place
  EXPECT_EQ(entries(fresh), entries(C));
  // A scalar over all of a full C, then a product that must see the new values.
  weft_scalar s = nullptr;
  OK(weft_scalar_new(WEFT_INT64, &s));
  const int64_t three = 3;
  OK(weft_scalar_set_element(s, &three, WEFT_INT64));
  OK(weft_matrix_assign_scalar(C, nullptr, nullptr, s, WEFT_ALL, n, WEFT_ALL, n, nullptr));
  Entries e = entries(C);
  ASSERT_EQ(size_t(n * n), e.x.size());
  for (double x : e.x) EXPECT_EQ(3.0, x);
  weft_vector ones = nullptr, y = nullptr;
  OK(weft_vector_new(WEFT_FP64, n, &ones));
  OK(weft_vector_new(WEFT_FP64, n, &y));
  OK(weft_vector_assign_scalar(ones, nullptr, nullptr, s, WEFT_ALL, n, nullptr));
  OK(weft_vxm(y, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, ones, C, nullptr));
  for (double x : entries(y).x) EXPECT_EQ(9.0 * double(n), x);
  // A complemented structural mask with every position admits nothing: C emptied with
  // replace, kept without; one position missing from the mask admits that one.
  weft_vector full = nullptr, r = nullptr;
  OK(weft_vector_dup(ones, &full));
  OK(weft_vector_dup(ones, &r));
  OK(weft_vector_apply(r, full, nullptr, WEFT_AINV_FP64, ones, WEFT_DESC_RSC));
  EXPECT_EQ(0u, entries(r).x.size());
  weft_vector kept = nullptr;
  OK(weft_vector_dup(ones, &kept));
  OK(weft_vector_apply(kept, full, nullptr, WEFT_AINV_FP64, ones, WEFT_DESC_SC));
  EXPECT_EQ(entries(ones), entries(kept));
  OK(weft_vector_remove_element(full, 7));
  OK(weft_vector_apply(r, full, nullptr, WEFT_AINV_FP64, ones, WEFT_DESC_RSC));
  e = entries(r);
  ASSERT_EQ(1u, e.x.size());
  EXPECT_EQ(7, e.j[0]);
  EXPECT_EQ(-3.0, e.x[0]);
  weft_matrix_free(&C);
  weft_matrix_free(&fresh);
  for (weft_vector *h : {&u, &w, &ones, &y, &full, &r, &kept}) weft_vector_free(h);
  weft_scalar_free(&s);
}

}  // namespace

namespace {

// Accumulating into a C with every entry changes its values in place at T's admitted
// entries (write_back.hpp accumulate_into_full_values; ewise.cpp union_into_full for
// C = C op B): the same entries as the same arithmetic through user operators, with
// structural, valued and complemented masks, and when C keeps a transpose.
TEST(InPlace, AccumulationIntoAFullOutput) {
  UserSemiring user;
  const int64_t n = 30;
  weft_matrix full = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &full));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      const double x = std::ldexp(double((i * 7 + j * 13) % 41) - 20.0, int((i + j) % 9) - 4);
      OK(weft_matrix_set_element(full, i, j, &x, WEFT_FP64));
    }
  weft_matrix W = random_matrix(n, n, 6, 121), P = random_matrix(n, n, 9, 122), S = random_matrix(n, n, 8, 123);
  const double zero = 0;
  for (int64_t i = 0; i < n; i += 4) OK(weft_matrix_set_element(S, i, (i * 3) % n, &zero, WEFT_FP64));
  for (int keep_transpose = 0; keep_transpose < 2; ++keep_transpose)
    for (weft_descriptor d : {static_cast<weft_descriptor>(nullptr), WEFT_DESC_S, WEFT_DESC_C, WEFT_DESC_SC}) {
      for (int form = 0; form < 3; ++form) {
        Entries got[2];
        for (int generic = 0; generic < 2; ++generic) {
          weft_matrix C = nullptr;
          OK(weft_matrix_dup(full, &C));
          if (keep_transpose) {
            weft_vector u = random_vector(n, 3 * n, 124), y = nullptr;
            OK(weft_vector_new(WEFT_FP64, n, &y));
            for (int call = 0; call < 3; ++call) OK(weft_vxm(y, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, u, C, nullptr));
            weft_vector_free(&u);
            weft_vector_free(&y);
          }
          weft_binary_op plus = generic ? user.plus : WEFT_PLUS_FP64, times = generic ? user.times : WEFT_TIMES_FP64;
          weft_status st = WEFT_SUCCESS;
          if (form == 0) st = weft_matrix_ewise_mult(C, S, plus, times, W, P, d);
          if (form == 1) st = weft_matrix_ewise_add(C, nullptr, nullptr, plus, C, W, nullptr);
          if (form == 2) st = weft_matrix_ewise_add(C, nullptr, nullptr, generic ? user.plus : WEFT_MIN_FP64, C, P, nullptr);
          OK(st);
          got[generic] = entries(C);
          weft_matrix_free(&C);
        }
        if (form == 2) {  // MIN against its definition: min of full and P where P has entries
          Entries f = entries(full), p = entries(P);
          size_t q = 0;
          for (size_t k = 0; k < f.x.size(); ++k) {
            double want = f.x[k];
            while (q < p.x.size() && (p.i[q] < f.i[k] || (p.i[q] == f.i[k] && p.j[q] < f.j[k]))) ++q;
            if (q < p.x.size() && p.i[q] == f.i[k] && p.j[q] == f.j[k]) want = std::min(want, p.x[q]);
            EXPECT_EQ(want, got[0].x[k]);
          }
          EXPECT_EQ(size_t(n * n), got[0].x.size());
        } else {
          EXPECT_EQ(got[1], got[0]) << "form " << form << ", transpose kept " << keep_transpose;
        }
      }
    }
  for (weft_matrix *h : {&full, &W, &P, &S}) weft_matrix_free(h);
}

}  // namespace

// ---- An intersection with a full operand (same_structure.hpp: save_with_full) -------
// A full operand met with a sparse one gives the sparse one's structure, each value read
// from the full operand at its own position: checked bit for bit against a model, both
// operand orders with non-commutative operators, vectors and matrices, 1 and 2 threads,
// C aliasing the sparse operand, and the sparse operand changed afterwards (the result
// shares its indices).
TEST(FullIntersections, ValuesReadAtTheirPositionsInEitherOrder) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  for (int threads : {1, 2}) {
    OK(weft_set_threads(threads));
    SCOPED_TRACE("threads " + std::to_string(threads));
    // Vectors: r full (n entries), d with about 60% of them (enough for two threads).
    const int64_t n = 300000;
    weft_vector r = nullptr, d = nullptr, w = nullptr;
    OK(weft_vector_new(WEFT_FP64, n, &r));
    OK(weft_vector_new(WEFT_FP64, n, &d));
    OK(weft_vector_new(WEFT_FP64, n, &w));
    std::vector<int64_t> ri, di;
    std::vector<double> rx, dx;
    uint64_t seed = 29;
    for (int64_t i = 0; i < n; ++i) {
      ri.push_back(i), rx.push_back(std::ldexp(double(i % 97) - 40.0, int(i % 9) - 4));
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      if ((seed >> 33) % 10 < 6) di.push_back(i), dx.push_back(double((seed >> 20) % 13) - 6.0);  // zeros: x/0
    }
    OK(weft_vector_build(r, ri.data(), rx.data(), WEFT_FP64, n, nullptr));
    OK(weft_vector_build(d, di.data(), dx.data(), WEFT_FP64, int64_t(di.size()), nullptr));
    Entries rd{{}, di, {}}, dr = rd;
    for (size_t q = 0; q < di.size(); ++q) {
      rd.x.push_back(rx[size_t(di[q])] / dx[q]);
      dr.x.push_back(dx[q] - rx[size_t(di[q])]);
    }
    OK(weft_vector_ewise_mult(w, nullptr, nullptr, WEFT_DIV_FP64, r, d, nullptr));
    EXPECT_EQ(rd, entries(w));
    OK(weft_vector_ewise_mult(w, nullptr, nullptr, WEFT_MINUS_FP64, d, r, nullptr));
    EXPECT_EQ(dr, entries(w));
    // With a mask or an accumulator the expression walk runs (expr::TypedRow::seek jumps
    // in the full row): the same values where the mask admits, and w + (d - r).
    weft_vector thirds = nullptr, v = nullptr;
    OK(weft_vector_new(WEFT_BOOL, n, &thirds));
    OK(weft_vector_new(WEFT_FP64, n, &v));
    Entries masked;
    for (int64_t i = 0; i < n; i += 3) {
      const bool yes = true;
      OK(weft_vector_set_element(thirds, i, &yes, WEFT_BOOL));
    }
    for (size_t q = 0; q < di.size(); ++q)
      if (di[q] % 3 == 0) masked.j.push_back(di[q]), masked.x.push_back(rd.x[q]);
    OK(weft_vector_ewise_mult(v, thirds, nullptr, WEFT_DIV_FP64, r, d, WEFT_DESC_S));
    EXPECT_EQ(masked, entries(v));
    OK(weft_vector_ewise_mult(w, nullptr, WEFT_PLUS_FP64, WEFT_MINUS_FP64, d, r, nullptr));
    Entries twice = dr;
    for (double &x : twice.x) x = x + x;
    EXPECT_EQ(twice, entries(w));
    OK(weft_vector_ewise_mult(w, nullptr, nullptr, WEFT_MINUS_FP64, d, r, nullptr));
    weft_vector_free(&thirds);
    weft_vector_free(&v);
    // C is the sparse operand; then d changes and w (sharing d's old indices) stays.
    weft_vector e = nullptr;
    OK(weft_vector_dup(d, &e));
    OK(weft_vector_ewise_mult(e, nullptr, nullptr, WEFT_MINUS_FP64, e, r, nullptr));
    EXPECT_EQ(dr, entries(e));
    OK(weft_vector_remove_element(d, di[0]));
    OK(weft_vector_wait(d, WEFT_MATERIALIZE));
    EXPECT_EQ(dr, entries(w));
    EXPECT_EQ(dr, entries(e));
    for (weft_vector *v : {&r, &d, &w, &e}) weft_vector_free(v);

    // Matrices: F full 60 x 50, S sparse; S's structure, F read at (i, j).
    const int64_t m = 60, c = 50;
    weft_matrix F = nullptr, S = random_matrix(m, c, 7, 31), Z = nullptr;
    OK(weft_matrix_new(WEFT_FP64, m, c, &F));
    OK(weft_matrix_new(WEFT_FP64, m, c, &Z));
    std::vector<int64_t> fi, fj;
    std::vector<double> fx;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < c; ++j) fi.push_back(i), fj.push_back(j), fx.push_back(double(i * c + j) * 0.25 - 100.0);
    OK(weft_matrix_build(F, fi.data(), fj.data(), fx.data(), WEFT_FP64, m * c, nullptr));
    const Entries se = entries(S);
    Entries fs = se, sf = se;
    for (size_t q = 0; q < se.x.size(); ++q) {
      const double f = fx[size_t(se.i[q] * c + se.j[q])];
      fs.x[q] = f / se.x[q];
      sf.x[q] = se.x[q] - f;
    }
    OK(weft_matrix_ewise_mult(Z, nullptr, nullptr, WEFT_DIV_FP64, F, S, nullptr));
    EXPECT_EQ(fs, entries(Z));
    OK(weft_matrix_ewise_mult(Z, nullptr, nullptr, WEFT_MINUS_FP64, S, F, nullptr));
    EXPECT_EQ(sf, entries(Z));
    for (weft_matrix *h : {&F, &S, &Z}) weft_matrix_free(h);
  }
  OK(weft_set_threads(saved));
}

// ---- Shared indices (core/sparse/indices.hpp) ----------------------------------------
// A same-structure result (apply, A .* A, x + y on one structure) and a dup share their
// source's row pointers and indices until one side changes them. Every change of either
// side, through every entry point that changes entries, must leave the other as it was.
Entries negated(Entries e) {
  for (double &v : e.x) v = -v;
  return e;
}

TEST(SharedIndices, ResultsAndCopiesChangeApartFromTheirSource) {
  const int64_t n = 3000;
  weft_vector x = nullptr;
  OK(weft_vector_new(WEFT_FP64, n, &x));
  for (int64_t i = 0; i < n; ++i) {
    const double v = double(i % 7) - 3.5;
    OK(weft_vector_set_element(x, i, &v, WEFT_FP64));
  }
  const Entries x0 = entries(x);
  weft_vector y = nullptr, z = nullptr, w = nullptr;
  OK(weft_vector_new(WEFT_FP64, n, &y));
  OK(weft_vector_apply(y, nullptr, nullptr, WEFT_AINV_FP64, x, nullptr));  // shares x's indices
  OK(weft_vector_dup(x, &z));                                              // shares them too
  OK(weft_vector_new(WEFT_FP64, n, &w));
  OK(weft_vector_ewise_add(w, nullptr, nullptr, WEFT_PLUS_FP64, x, z, nullptr));  // same structure
  EXPECT_EQ(negated(x0), entries(y));
  EXPECT_EQ(x0, entries(z));
  // y changes (an entry removed, one set, one added after a removal): x and z stay.
  const double v99 = 99;
  OK(weft_vector_remove_element(y, 5));
  OK(weft_vector_set_element(y, 10, &v99, WEFT_FP64));
  OK(weft_vector_wait(y, WEFT_MATERIALIZE));
  Entries ye = negated(x0);
  ye.x[10] = 99;
  ye.j.erase(ye.j.begin() + 5);
  ye.x.erase(ye.x.begin() + 5);
  EXPECT_EQ(ye, entries(y));
  EXPECT_EQ(x0, entries(x));
  EXPECT_EQ(x0, entries(z));
  // x changes: z and w (computed from x and z) stay; then z is resized and w cleared.
  OK(weft_vector_remove_element(x, 7));
  Entries x1 = x0;
  x1.j.erase(x1.j.begin() + 7);
  x1.x.erase(x1.x.begin() + 7);
  EXPECT_EQ(x1, entries(x));
  EXPECT_EQ(x0, entries(z));
  Entries we = x0;
  for (double &v : we.x) v += v;
  EXPECT_EQ(we, entries(w));
  OK(weft_vector_resize(z, n / 2));
  OK(weft_vector_clear(w));
  EXPECT_EQ(x1, entries(x));
  EXPECT_EQ(ye, entries(y));
  // In place on a sharer: y = y + y writes y's values only (same structure); x stays.
  weft_vector u = nullptr;
  OK(weft_vector_dup(x, &u));
  OK(weft_vector_ewise_add(u, nullptr, nullptr, WEFT_PLUS_FP64, u, x, nullptr));
  Entries ue = x1;
  for (double &v : ue.x) v += v;
  EXPECT_EQ(ue, entries(u));
  EXPECT_EQ(x1, entries(x));
  for (weft_vector *v : {&x, &y, &z, &w, &u}) weft_vector_free(v);

  // Matrices: B = A .* A and C = dup(A) share A's row pointers and indices.
  weft_matrix A = random_matrix(200, 150, 6, 77), B = nullptr, C = nullptr;
  const Entries a0 = entries(A);
  OK(weft_matrix_new(WEFT_FP64, 200, 150, &B));
  OK(weft_matrix_ewise_mult(B, nullptr, nullptr, WEFT_TIMES_FP64, A, A, nullptr));
  OK(weft_matrix_dup(A, &C));
  Entries b0 = a0;
  for (double &v : b0.x) v *= v;
  EXPECT_EQ(b0, entries(B));
  const double one = 1;
  OK(weft_matrix_set_element(B, 0, 149, &one, WEFT_FP64));  // (0, 149) may be new
  OK(weft_matrix_remove_element(C, a0.i[3], a0.j[3]));
  OK(weft_matrix_wait(B, WEFT_MATERIALIZE));
  OK(weft_matrix_wait(C, WEFT_MATERIALIZE));
  EXPECT_EQ(a0, entries(A));
  int64_t nb = 0, nc = 0;
  OK(weft_matrix_nvals(C, &nc));
  EXPECT_EQ(int64_t(a0.x.size()) - 1, nc);
  double got = 0;
  OK(weft_matrix_extract_element(B, 0, 149, WEFT_FP64, &got));
  EXPECT_EQ(1.0, got);
  OK(weft_matrix_nvals(B, &nb));
  EXPECT_GE(nb, int64_t(a0.x.size()));
  // A changes; B and C keep what they had.
  const Entries c1 = entries(C);
  const Entries b1 = entries(B);
  OK(weft_matrix_remove_element(A, a0.i[0], a0.j[0]));
  OK(weft_matrix_wait(A, WEFT_MATERIALIZE));
  EXPECT_EQ(c1, entries(C));
  EXPECT_EQ(b1, entries(B));
  weft_matrix_free(&A);
  EXPECT_EQ(c1, entries(C));  // the last owner keeps the block alive
  weft_matrix_free(&B);
  weft_matrix_free(&C);
}

// ---- Remembered structure (Indices::equal; remembered_structure.hpp) -------------------
TEST(RememberedStructure, ChangedOperandsAreComparedAgain) { remembered_structure::run(); }

namespace {

// A product of a few rows that each reach most of B (betweenness's batch of sources,
// SSSP's frontier) is accumulated whole in dense workspaces, one per row (one per column
// window for a single row at several threads): the same entries and bits as the user's
// plus and times, which take the count and numeric phases, with no mask, a structural
// mask and a complemented one, at 1, 2 and 3 threads.
TEST(DenseRows, FewRowsMatchTheGenericPath) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  const int64_t n = 6000;
  weft_matrix B = random_matrix(n, n, 12, 201);
  UserSemiring user;
  for (int64_t rows : {1, 2, 4, 8}) {
    weft_matrix A = random_matrix(rows, n, 1500, 202 + uint64_t(rows)), M = random_matrix(rows, n, 2500, 303);
    for (int threads : {1, 2, 3}) {
      OK(weft_set_threads(threads));
      for (int form = 0; form < 3; ++form) {
        weft_matrix typed = nullptr, generic = nullptr;
        OK(weft_matrix_new(WEFT_FP64, rows, n, &typed));
        OK(weft_matrix_new(WEFT_FP64, rows, n, &generic));
        weft_matrix m = form ? M : nullptr;
        weft_descriptor d = form == 1 ? WEFT_DESC_S : form == 2 ? WEFT_DESC_SC : nullptr;
        OK(weft_mxm(typed, m, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, d));
        OK(weft_mxm(generic, m, nullptr, user.s, A, B, d));
        const Entries t = entries(typed);
        EXPECT_GT(t.x.size(), size_t(rows) * 100) << rows << " rows, form " << form;
        EXPECT_EQ(t, entries(generic)) << rows << " rows, form " << form << ", " << threads << " threads";
        weft_matrix_free(&typed);
        weft_matrix_free(&generic);
      }
    }
    weft_matrix_free(&A);
    weft_matrix_free(&M);
  }
  OK(weft_set_threads(saved));
  weft_matrix_free(&B);
}

// A pushed vector whose entries are at B's few long rows (a shortest-paths frontier of
// hubs) takes the dense workspace judged by those rows' own products, though B's mean row
// is short: 40 hub rows of 3000 entries among 60000 rows of 2. The same bits as the user's
// semiring (the generic path), as a 1-row mxm and as vxm, at 1 and 2 threads.
TEST(DenseRows, HubRowsJudgedByTheirOwnProducts) {
  const int64_t n = 60000, hubs = 40;
  std::vector<int64_t> I, J;
  std::vector<double> X;
  uint64_t s = 11;
  for (int64_t r = 0; r < n; ++r)
    for (int64_t q = 0, len = r % (n / hubs) == 0 ? 3000 : 2; q < len; ++q) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      I.push_back(r), J.push_back(int64_t((s >> 33) % uint64_t(n)));
      X.push_back(std::ldexp(double((s >> 20) % 1000) - 500.0, int((s >> 12) % 40) - 20));
    }
  weft_matrix B = nullptr, A = nullptr;
  OK(weft_matrix_new(WEFT_FP64, n, n, &B));
  OK(weft_matrix_build(B, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), WEFT_PLUS_FP64));
  weft_vector u = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 1, n, &A));
  OK(weft_vector_new(WEFT_FP64, n, &u));
  for (int64_t h = 0; h < hubs; ++h) {
    const double x = 1.0 + double(h) / 7;
    OK(weft_matrix_set_element(A, 0, h * (n / hubs), &x, WEFT_FP64));
    OK(weft_vector_set_element(u, h * (n / hubs), &x, WEFT_FP64));
  }
  UserSemiring user;
  int saved = 0;
  OK(weft_get_threads(&saved));
  for (int threads : {1, 2}) {
    OK(weft_set_threads(threads));
    weft_matrix typed = nullptr, generic = nullptr;
    OK(weft_matrix_new(WEFT_FP64, 1, n, &typed));
    OK(weft_matrix_new(WEFT_FP64, 1, n, &generic));
    OK(weft_mxm(typed, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, nullptr));
    OK(weft_mxm(generic, nullptr, nullptr, user.s, A, B, nullptr));
    const Entries t = entries(typed);
    EXPECT_GT(t.x.size(), size_t(n) / 2);  // (40 x 3000 products over 60000 columns)
    EXPECT_EQ(t, entries(generic)) << threads << " threads";
    weft_vector w = nullptr;
    OK(weft_vector_new(WEFT_FP64, n, &w));
    OK(weft_vxm(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, u, B, nullptr));
    const Entries v = entries(w);
    EXPECT_EQ(t.j, v.j);
    EXPECT_EQ(0, std::memcmp(t.x.data(), v.x.data(), t.x.size() * sizeof(double)));
    weft_vector_free(&w);
    weft_matrix_free(&typed);
    weft_matrix_free(&generic);
    // Two rows, the second with one short row's entry: not every row is dense, so the
    // rows choose one by one (gustavson_rows), the hub row judged by its own products.
    weft_matrix A2 = nullptr, typed2 = nullptr, generic2 = nullptr;
    OK(weft_matrix_new(WEFT_FP64, 2, n, &A2));
    const int64_t first_row = 0;
    OK(weft_matrix_assign(A2, nullptr, nullptr, A, &first_row, 1, WEFT_ALL, n, nullptr));
    const double one = 1.0;
    OK(weft_matrix_set_element(A2, 1, 1, &one, WEFT_FP64));
    OK(weft_matrix_new(WEFT_FP64, 2, n, &typed2));
    OK(weft_matrix_new(WEFT_FP64, 2, n, &generic2));
    OK(weft_mxm(typed2, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A2, B, nullptr));
    OK(weft_mxm(generic2, nullptr, nullptr, user.s, A2, B, nullptr));
    const Entries t2 = entries(typed2);
    EXPECT_GT(t2.x.size(), size_t(n) / 2);
    EXPECT_EQ(t2, entries(generic2)) << "two rows, " << threads << " threads";
    weft_matrix_free(&typed2);
    weft_matrix_free(&generic2);
    weft_matrix_free(&A2);
  }
  OK(weft_set_threads(saved));
  weft_vector_free(&u);
  weft_matrix_free(&A);
  weft_matrix_free(&B);
}

void user_div(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = *static_cast<const double *>(x) / *static_cast<const double *>(y);
}

// C<M> = A ./ B with a mask far smaller than A and B is computed at the mask's entries
// only (looked up in A's and B's rows, by position in a full row): the same result as
// the user's divide, which merges A with B, for full and sparse operands, structural and
// valued masks, with and without replace and an accumulator.
TEST(MaskedIntersect, SmallMaskMatchesTheMerge) {
  weft_binary_op div = nullptr;
  OK(weft_binary_op_new(user_div, WEFT_FP64, WEFT_FP64, WEFT_FP64, &div));
  const int64_t m = 40, n = 500;
  weft_matrix full = nullptr, ones = nullptr;
  OK(weft_matrix_new(WEFT_FP64, m, n, &full));
  OK(weft_matrix_new(WEFT_FP64, m, n, &ones));
  weft_scalar x = nullptr;
  OK(weft_scalar_new(WEFT_FP64, &x));
  const double three = 3.0;
  OK(weft_scalar_set_element(x, &three, WEFT_FP64));
  OK(weft_matrix_assign_scalar(ones, nullptr, nullptr, x, WEFT_ALL, m, WEFT_ALL, n, nullptr));
  weft_matrix sparse = random_matrix(m, n, 300, 77);
  OK(weft_matrix_ewise_add(full, nullptr, nullptr, WEFT_PLUS_FP64, ones, sparse, nullptr));  // every entry, mixed values
  weft_matrix mask = random_matrix(m, n, 9, 78), C0 = random_matrix(m, n, 20, 79);
  // A valued mask: some of its entries false (0).
  OK(weft_matrix_assign_scalar(mask, mask, nullptr, x, WEFT_ALL, m, WEFT_ALL, n, nullptr));
  const double zero = 0.0;
  for (int64_t i = 0; i < m; i += 3) OK(weft_matrix_set_element(mask, i, (i * 7) % n, &zero, WEFT_FP64));
  const std::pair<weft_matrix, weft_matrix> operands[] = {{full, sparse}, {sparse, full}, {full, full}, {sparse, sparse}};
  int checked = 0;
  for (auto [a, b] : operands)
    for (weft_descriptor d : {static_cast<weft_descriptor>(nullptr), WEFT_DESC_S, WEFT_DESC_R, WEFT_DESC_RS})
      for (weft_binary_op accum : {static_cast<weft_binary_op>(nullptr), WEFT_PLUS_FP64}) {
        weft_matrix typed = nullptr, generic = nullptr;
        OK(weft_matrix_dup(C0, &typed));
        OK(weft_matrix_dup(C0, &generic));
        OK(weft_matrix_ewise_mult(typed, mask, accum, WEFT_DIV_FP64, a, b, d));
        OK(weft_matrix_ewise_mult(generic, mask, accum, div, a, b, d));
        EXPECT_EQ(entries(typed), entries(generic)) << "case " << checked;
        ++checked;
        weft_matrix_free(&typed);
        weft_matrix_free(&generic);
      }
  EXPECT_EQ(checked, 32);
  for (weft_matrix *A : {&full, &ones, &sparse, &mask, &C0}) weft_matrix_free(A);
  weft_scalar_free(&x);
  weft_binary_op_free(&div);
}

// IDENTITY_BOOL of FP64 values casts each x as C does (x != 0: NaN and infinities true,
// both zeros false), by the inlined loop as by the cast table.
TEST(ApplyCast, IdentityBoolOfReals) {
  const double values[] = {0.0, -0.0, 1.5, -2.0, NAN, INFINITY, 1e-300};
  const int64_t n = 7;
  std::vector<int64_t> I(n);
  for (int64_t k = 0; k < n; ++k) I[size_t(k)] = 3 * k;
  weft_vector u = nullptr, z = nullptr;
  OK(weft_vector_new(WEFT_FP64, 30, &u));
  OK(weft_vector_new(WEFT_BOOL, 30, &z));
  OK(weft_vector_build(u, I.data(), values, WEFT_FP64, n, nullptr));
  OK(weft_vector_apply(z, nullptr, nullptr, WEFT_IDENTITY_BOOL, u, nullptr));
  int64_t k = n;
  std::vector<int64_t> J(n);
  bool got[7] = {};
  OK(weft_vector_extract_tuples(z, k, J.data(), got, WEFT_BOOL, &k));
  ASSERT_EQ(k, n);
  EXPECT_EQ(J, I);
  const bool want[] = {false, false, true, true, true, true, true};
  for (int64_t q = 0; q < n; ++q) EXPECT_EQ(got[q], want[q]) << "value " << values[q];
  weft_vector_free(&u);
  weft_vector_free(&z);
}

}  // namespace

namespace {

// Column sums of a matrix with fewer than 8 rows (WEFT_DESC_T0 on a short, wide matrix)
// fold each column down the rows in a dense workspace instead of transposing: the same
// bits as reducing the rows of its explicit transpose, for floating PLUS (NumPy's order
// is left to right below 8 values), MIN and MAX, at 1 and 2 threads, 1 to 8 rows.
TEST(ReduceColumns, ShortMatrixEqualsItsTransposesRows) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  const int64_t n = 20000;
  for (int64_t rows : {1, 3, 7, 8}) {
    weft_matrix A = random_matrix(rows, n, 9000, 500 + uint64_t(rows)), At = nullptr, copy = nullptr;
    OK(weft_matrix_new(WEFT_FP64, n, rows, &At));
    OK(weft_matrix_dup(A, &copy));  // (A itself never keeps a transpose)
    OK(weft_transpose(At, nullptr, nullptr, copy, nullptr));
    weft_matrix_free(&copy);
    for (int threads : {1, 2}) {
      OK(weft_set_threads(threads));
      for (weft_monoid mon : {WEFT_PLUS_MONOID_FP64, WEFT_MIN_MONOID_FP64, WEFT_MAX_MONOID_FP64}) {
        weft_vector by_columns = nullptr, by_rows = nullptr;
        OK(weft_vector_new(WEFT_FP64, n, &by_columns));
        OK(weft_vector_new(WEFT_FP64, n, &by_rows));
        OK(weft_matrix_reduce(by_columns, nullptr, nullptr, mon, A, WEFT_DESC_T0));
        OK(weft_matrix_reduce(by_rows, nullptr, nullptr, mon, At, nullptr));
        const Entries c = entries(by_columns);
        EXPECT_GT(c.x.size(), size_t(n) / 4);
        EXPECT_EQ(c, entries(by_rows)) << rows << " rows, " << threads << " threads";
        weft_vector_free(&by_columns);
        weft_vector_free(&by_rows);
      }
    }
    weft_matrix_free(&A);
    weft_matrix_free(&At);
  }
  OK(weft_set_threads(saved));
}

}  // namespace

namespace {

// A + B whose result replaces C (no mask, no accumulator) merges A's and B's rows
// directly, one thread into arrays sized for both, several after counting each row:
// the same entries and bits as the user's plus (the expression loop), with C a new
// matrix, C = A (paths += frontier) and C = B, at 1 and 2 threads.
TEST(UnionRows, MatchesTheGenericPath) {
  int saved = 0;
  OK(weft_get_threads(&saved));
  UserSemiring user;  // user.plus: the generic path's PLUS
  const int64_t m = 300, n = 4000;
  for (int threads : {1, 2}) {
    OK(weft_set_threads(threads));
    for (int alias = 0; alias < 3; ++alias) {
      weft_matrix A = random_matrix(m, n, 400, 11), B = random_matrix(m, n, 150, 12);
      weft_matrix A2 = nullptr, B2 = nullptr, typed = nullptr, generic = nullptr;
      OK(weft_matrix_dup(A, &A2));
      OK(weft_matrix_dup(B, &B2));
      OK(weft_matrix_new(WEFT_FP64, m, n, &typed));
      OK(weft_matrix_new(WEFT_FP64, m, n, &generic));
      if (alias == 0) {
        OK(weft_matrix_ewise_add(typed, nullptr, nullptr, WEFT_PLUS_FP64, A, B, nullptr));
        OK(weft_matrix_ewise_add(generic, nullptr, nullptr, user.plus, A, B, nullptr));
        EXPECT_EQ(entries(typed), entries(generic)) << threads << " threads";
      } else if (alias == 1) {
        OK(weft_matrix_ewise_add(A, nullptr, nullptr, WEFT_PLUS_FP64, A, B, nullptr));
        OK(weft_matrix_ewise_add(A2, nullptr, nullptr, user.plus, A2, B2, nullptr));
        EXPECT_EQ(entries(A), entries(A2)) << threads << " threads, C = A";
      } else {
        // MINUS (not commutative) into B; the expression loop's result through a mask
        // of every position (a mask keeps the merge off union_rows).
        OK(weft_matrix_ewise_add(B, nullptr, nullptr, WEFT_MINUS_FP64, A, B, nullptr));
        weft_matrix all = nullptr, B3 = random_matrix(m, n, 150, 12);
        OK(weft_matrix_new(WEFT_BOOL, m, n, &all));
        weft_scalar yes = nullptr;
        OK(weft_scalar_new(WEFT_BOOL, &yes));
        const bool t = true;
        OK(weft_scalar_set_element(yes, &t, WEFT_BOOL));
        OK(weft_matrix_assign_scalar(all, nullptr, nullptr, yes, WEFT_ALL, m, WEFT_ALL, n, nullptr));
        OK(weft_matrix_ewise_add(B3, all, nullptr, WEFT_MINUS_FP64, A2, B3, WEFT_DESC_RS));
        EXPECT_EQ(entries(B), entries(B3)) << threads << " threads, C = B";
        weft_matrix_free(&all);
        weft_matrix_free(&B3);
        weft_scalar_free(&yes);
      }
      for (weft_matrix *X : {&A, &B, &A2, &B2, &typed, &generic}) weft_matrix_free(X);
    }
  }
  OK(weft_set_threads(saved));
}

}  // namespace

// A product whose T is too wide for a dense workspace (B with 2^40 columns) hashes its
// rows (core/sparse/column_hash.hpp): every mask kind and the pushed vector, at 1 and 2
// threads, against a model that adds each column's terms in A's order (so bitwise).
namespace wide {
using Row = std::map<int64_t, double>;
using Rows = std::vector<Row>;

Rows rows_of(weft_matrix A, int64_t nrows) {
  Entries e = entries(A);
  Rows r(static_cast<size_t>(nrows));
  for (size_t k = 0; k < e.i.size(); ++k) r[size_t(e.i[k])][e.j[k]] = e.x[k];
  return r;
}

// m x n with about per_row entries per row at columns drawn from `cols`.
weft_matrix matrix_at(int64_t m, int64_t n, int per_row, const std::vector<int64_t> &cols, uint64_t seed) {
  return matrix_by(m, n, per_row, seed, [&cols](uint64_t bits) { return cols[size_t(bits % cols.size())]; });
}
}  // namespace wide

TEST(HashRows, WideProductsMatchTheModel) {
  using namespace wide;
  const int64_t m = 7, inner = 40, width = int64_t(1) << 40;
  std::vector<int64_t> cols, inner_cols;
  uint64_t s = 99;
  for (int q = 0; q < 300; ++q) {  // 300 wide columns shared by B's rows: sums collide
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    cols.push_back(int64_t(s >> 24) % width);
  }
  for (int64_t k = 0; k < inner; ++k) inner_cols.push_back(k);
  weft_matrix A = matrix_at(m, inner, 9, inner_cols, 1), B = matrix_at(inner, width, 25, cols, 2);
  weft_matrix M = matrix_at(m, width, 60, cols, 3);  // valued: some entries 0 (false)
  const Rows a = rows_of(A, m), b = rows_of(B, inner), mk = rows_of(M, m);
  int saved = 0;
  OK(weft_get_threads(&saved));
  for (int t : {1, 2}) {
    OK(weft_set_threads(t));
    for (int kind = 0; kind < 4; ++kind) {  // none, structural, valued, complemented structural
      weft_descriptor d = kind == 1 ? WEFT_DESC_S : kind == 3 ? WEFT_DESC_SC : nullptr;
      weft_matrix C = nullptr;
      OK(weft_matrix_new(WEFT_FP64, m, width, &C));
      OK(weft_mxm(C, kind ? M : nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, d));
      Rows want(static_cast<size_t>(m));
      for (int64_t i = 0; i < m; ++i)
        for (const auto &[k, av] : a[size_t(i)])
          for (const auto &[j, bv] : b[size_t(k)]) {
            const auto in_mask = mk[size_t(i)].find(j);
            const bool admit = kind == 0 || (kind == 1 && in_mask != mk[size_t(i)].end()) ||
                               (kind == 2 && in_mask != mk[size_t(i)].end() && in_mask->second != 0) ||
                               (kind == 3 && in_mask == mk[size_t(i)].end());
            if (!admit) continue;
            auto [at, fresh] = want[size_t(i)].emplace(j, av * bv);
            if (!fresh) at->second = at->second + av * bv;
          }
      const Rows got = rows_of(C, m);
      for (int64_t i = 0; i < m; ++i) {
        ASSERT_EQ(want[size_t(i)].size(), got[size_t(i)].size()) << "row " << i << " mask kind " << kind << ", " << t << " threads";
        for (const auto &[j, x] : want[size_t(i)])
          EXPECT_EQ(0, std::memcmp(&x, &got[size_t(i)].at(j), sizeof(double))) << "(" << i << ", " << j << ")";
      }
      OK(weft_matrix_free(&C));
    }
    // A vector pushed through B (vxm: one row, split by column windows at 2 threads).
    weft_vector u = random_vector(inner, 25, 5), w = nullptr;
    OK(weft_vector_new(WEFT_FP64, width, &w));
    OK(weft_vxm(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, u, B, nullptr));
    const Entries ue = entries(u), we = entries(w);
    std::map<int64_t, double> want;
    for (size_t q = 0; q < ue.j.size(); ++q)
      for (const auto &[j, bv] : b[size_t(ue.j[q])]) {
        auto [at, fresh] = want.emplace(j, ue.x[q] * bv);
        if (!fresh) at->second = at->second + ue.x[q] * bv;
      }
    ASSERT_EQ(want.size(), we.j.size());
    for (size_t q = 0; q < we.j.size(); ++q) EXPECT_EQ(0, std::memcmp(&want.at(we.j[q]), &we.x[q], sizeof(double)));
    OK(weft_vector_free(&u));
    OK(weft_vector_free(&w));
  }
  OK(weft_set_threads(saved));
  OK(weft_matrix_free(&A));
  OK(weft_matrix_free(&B));
  OK(weft_matrix_free(&M));
}

// Gustavson's rows put the columns they reached in order by a sort when they are few for
// their window, by bits (column_bits.hpp) when they are many: rows of 1 to ~600 columns in
// a window of 2^20 (the bits pay from 32 columns there), with no mask and a complemented
// one, at 1 and 2 threads. Each row's columns must come out increasing and each value
// must be the model's bits (products added in A's row order).
TEST(GustavsonOrder, FewColumnsSortedManyByBits) {
  using namespace wide;
  const int64_t m = 80, inner = 50, width = int64_t(1) << 20;
  std::vector<int64_t> I, J;
  std::vector<double> X;
  uint64_t s = 7;
  auto draw = [&s] { return s = s * 6364136223846793005ull + 1442695040888963407ull, s >> 24; };
  for (int64_t i = 0; i < m; ++i)  // row i of A: 1 to 25 entries
    for (int64_t q = 0, n = 1 + (i * 7) % 25; q < n; ++q)
      I.push_back(i), J.push_back(int64_t(draw() % uint64_t(inner))), X.push_back(double(draw() % 1000) - 500.0);
  weft_matrix A = nullptr, B = nullptr, M = nullptr;
  OK(weft_matrix_new(WEFT_FP64, m, inner, &A));
  OK(weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), WEFT_PLUS_FP64));
  I.clear(), J.clear(), X.clear();
  for (int64_t k = 0; k < inner; ++k)  // row k of B: 1 to 30 entries anywhere in the width
    for (int64_t q = 0, n = 1 + (k * 11) % 30; q < n; ++q)
      I.push_back(k), J.push_back(int64_t(draw() % uint64_t(width))),
          X.push_back(std::ldexp(double(draw() % 1000) - 500.0, int(draw() % 40) - 20));
  OK(weft_matrix_new(WEFT_FP64, inner, width, &B));
  OK(weft_matrix_build(B, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), WEFT_PLUS_FP64));
  const Rows a = rows_of(A, m), b = rows_of(B, inner);
  Rows full(static_cast<size_t>(m));  // the unmasked product, in A's row order
  size_t fewest = SIZE_MAX, most = 0;
  for (int64_t i = 0; i < m; ++i) {
    for (const auto &[k, av] : a[size_t(i)])
      for (const auto &[j, bv] : b[size_t(k)]) {
        auto [at, fresh] = full[size_t(i)].emplace(j, av * bv);
        if (!fresh) at->second = at->second + av * bv;
      }
    fewest = std::min(fewest, full[size_t(i)].size()), most = std::max(most, full[size_t(i)].size());
  }
  ASSERT_LT(fewest, 32u);  // both ways are taken
  ASSERT_GE(most, 32u * 8);
  // The complemented mask: every third column some row of the product reached.
  I.clear(), J.clear();
  for (int64_t i = 0; i < m; ++i) {
    int q = 0;
    for (const auto &e : full[size_t(i)])
      if (q++ % 3 == 0) I.push_back(i), J.push_back(e.first);
  }
  X.assign(I.size(), 1.0);
  OK(weft_matrix_new(WEFT_FP64, m, width, &M));
  OK(weft_matrix_build(M, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(X.size()), WEFT_PLUS_FP64));
  int saved = 0;
  OK(weft_get_threads(&saved));
  for (int t : {1, 2})
    for (bool masked : {false, true}) {
      OK(weft_set_threads(t));
      weft_matrix C = nullptr;
      OK(weft_matrix_new(WEFT_FP64, m, width, &C));
      OK(weft_mxm(C, masked ? M : nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, masked ? WEFT_DESC_SC : nullptr));
      const Entries got = entries(C);
      size_t at = 0;
      for (int64_t i = 0; i < m; ++i) {
        int q = 0;
        for (const auto &[j, x] : full[size_t(i)]) {
          if (masked && q++ % 3 == 0) continue;
          ASSERT_LT(at, got.j.size()) << "row " << i;
          EXPECT_EQ(i, got.i[at]);
          ASSERT_EQ(j, got.j[at]) << "row " << i << ", " << t << " threads, masked " << masked;
          EXPECT_EQ(0, std::memcmp(&x, &got.x[at], sizeof(double))) << "(" << i << ", " << j << ")";
          ++at;
        }
      }
      EXPECT_EQ(at, got.j.size());
      OK(weft_matrix_free(&C));
    }
  OK(weft_set_threads(saved));
  OK(weft_matrix_free(&A));
  OK(weft_matrix_free(&B));
  OK(weft_matrix_free(&M));
}
