// The JIT (weft_binary_op_new_source, core/jit): pulls of mxv / vxm by a semiring whose
// operators came with their C source run a compiled kernel, which must give what the
// function pointers give, bit for bit: every case runs with the JIT on and off and the
// two results are compared, and against a model that adds each row's terms in column
// order (the multiply is not commutative and the values are of mixed magnitude, so a
// swapped operand or another order shows). The counters (weft_get_stat) prove which
// path ran. A definition that does not compile, a missing compiler and the switch fall
// back to the function pointers with the same results.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "weft.h"

namespace {

#define OK(call) ASSERT_EQ(WEFT_SUCCESS, (call)) << weft_last_error()

// The kernels of this test go to a folder of its own (decided at weft's first use).
const bool cache_set = setenv("WEFT_JIT_CACHE", WEFT_JIT_TEST_CACHE, 1) == 0;

int64_t stat(int which) {
  int64_t v = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_get_stat(which, &v));
  return v;
}

// The operators as C++ functions (f) and as the C source weft compiles; the same code.
// sub_half is deliberately not commutative: x - y / 2.
void plus_f64(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = *static_cast<const double *>(x) + *static_cast<const double *>(y);
}
void sub_half_f64(void *z, const void *x, const void *y) {
  *static_cast<double *>(z) = *static_cast<const double *>(x) - *static_cast<const double *>(y) / 2;
}
const char *kPlus = "void jt_plus(double *z, const double *x, const double *y) { *z = *x + *y; }";
const char *kSubHalf = "void jt_sub_half(double *z, const double *x, const double *y) { *z = *x - *y / 2; }";
double sub_half(double x, double y) { return x - y / 2; }

// INT32 x FP32 -> INT64 multiply with an INT64 max: inputs of two other domains.
void max_i64(void *z, const void *x, const void *y) {
  const int64_t a = *static_cast<const int64_t *>(x), b = *static_cast<const int64_t *>(y);
  *static_cast<int64_t *>(z) = a > b ? a : b;
}
void scale_i64(void *z, const void *x, const void *y) {
  *static_cast<int64_t *>(z) = int64_t(*static_cast<const int32_t *>(x)) * 3 - int64_t(*static_cast<const float *>(y));
}
const char *kMax = "void jt_max(int64_t *z, const int64_t *x, const int64_t *y) { *z = *x > *y ? *x : *y; }";
const char *kScale = "void jt_scale(int64_t *z, const int32_t *x, const float *y)\n"
                     "{ *z = (int64_t)*x * 3 - (int64_t)*y; }";

uint64_t next(uint64_t &seed) {
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return seed >> 17;
}

// An m x n matrix: rows of 0 to 30 entries, some empty, values of mixed magnitude.
struct Coo {
  std::vector<int64_t> I, J;
  std::vector<double> X;
};
Coo make_coo(int64_t m, int64_t n, uint64_t seed) {
  Coo c;
  for (int64_t i = 0; i < m; ++i) {
    const int64_t len = i % 7 == 3 ? 0 : int64_t(next(seed) % 31);
    std::vector<char> used(size_t(n), 0);
    for (int64_t q = 0; q < len; ++q) used[next(seed) % uint64_t(n)] = 1;
    for (int64_t j = 0; j < n; ++j)
      if (used[size_t(j)])
        c.I.push_back(i), c.J.push_back(j), c.X.push_back(std::ldexp(double(next(seed) % 999) - 499, int(next(seed) % 50) - 25));
  }
  return c;
}

// The semirings: (plus, sub_half) on FP64 with source, the same without source.
struct Algebra {
  weft_binary_op plus = nullptr, mult = nullptr;
  weft_monoid monoid = nullptr;
  weft_semiring s = nullptr;
  Algebra(bool source) {
    const double zero = 0;
    if (source) {
      EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new_source(plus_f64, WEFT_FP64, WEFT_FP64, WEFT_FP64, "jt_plus", kPlus, &plus));
      EXPECT_EQ(WEFT_SUCCESS,
                weft_binary_op_new_source(sub_half_f64, WEFT_FP64, WEFT_FP64, WEFT_FP64, "jt_sub_half", kSubHalf, &mult));
    } else {
      EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new(plus_f64, WEFT_FP64, WEFT_FP64, WEFT_FP64, &plus));
      EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new(sub_half_f64, WEFT_FP64, WEFT_FP64, WEFT_FP64, &mult));
    }
    EXPECT_EQ(WEFT_SUCCESS, weft_monoid_new(plus, &zero, &monoid));
    EXPECT_EQ(WEFT_SUCCESS, weft_semiring_new(monoid, mult, &s));
  }
  ~Algebra() {
    weft_semiring_free(&s);
    weft_monoid_free(&monoid);
    weft_binary_op_free(&mult);
    weft_binary_op_free(&plus);
  }
};

struct Entries {
  std::vector<int64_t> I;
  std::vector<double> X;
  bool operator==(const Entries &o) const {
    return I == o.I && X.size() == o.X.size() && std::memcmp(X.data(), o.X.data(), X.size() * sizeof(double)) == 0;
  }
};
Entries entries(weft_vector w) {
  int64_t n = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_nvals(w, &n));
  Entries e;
  e.I.resize(size_t(n));
  e.X.resize(size_t(n));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(w, n, e.I.data(), e.X.data(), WEFT_FP64, &n));
  return e;
}

enum class Mask { none, valued, structural_complement };

struct Case {
  bool vxm;   // w' = u' A' (WEFT_TRAN): A's rows pulled, u(k) the multiply's first operand
  int gaps;   // u(k) missing where k % gaps == 0 (0: u has every entry)
  Mask mask;
  int threads;
};

// What the pull computes, row by row in column order: the model of every case.
Entries model(const Coo &c, int64_t m, const std::vector<double> &u, const Case &k, const std::vector<char> &admit) {
  Entries e;
  size_t q = 0;
  for (int64_t i = 0; i < m; ++i) {
    bool any = false;
    double s = 0;
    for (; q < c.I.size() && c.I[q] == i; ++q) {
      const int64_t j = c.J[q];
      if (k.gaps && j % k.gaps == 0) continue;
      const double t = k.vxm ? sub_half(u[size_t(j)], c.X[q]) : sub_half(c.X[q], u[size_t(j)]);
      s = any ? s + t : t;
      any = true;
    }
    if (any && admit[size_t(i)]) e.I.push_back(i), e.X.push_back(s);
  }
  return e;
}

void run_case(const Case &k) {
  const int64_t m = 700, n = 500;
  const Coo c = make_coo(m, n, 11 + uint64_t(k.gaps));
  weft_matrix A = nullptr;
  OK(weft_matrix_new(WEFT_FP64, m, n, &A));
  OK(weft_matrix_build(A, c.I.data(), c.J.data(), c.X.data(), WEFT_FP64, int64_t(c.I.size()), nullptr));
  std::vector<double> uv(static_cast<size_t>(n));
  uint64_t seed = 3;
  for (double &x : uv) x = std::ldexp(double(next(seed) % 999) + 1, int(next(seed) % 60) - 30);
  std::vector<int64_t> ui;
  std::vector<double> ux;
  for (int64_t j = 0; j < n; ++j)
    if (!k.gaps || j % k.gaps != 0) ui.push_back(j), ux.push_back(uv[size_t(j)]);
  weft_vector u = nullptr, M = nullptr;
  OK(weft_vector_new(WEFT_FP64, n, &u));
  OK(weft_vector_build(u, ui.data(), ux.data(), WEFT_FP64, int64_t(ui.size()), nullptr));
  // The mask: valued (true at i % 3 != 0, a false entry at i % 3 == 0 for even i), or
  // structural and complemented (entries at i % 5 == 0: those rows excluded).
  std::vector<char> admit(size_t(m), 1);
  weft_descriptor d = nullptr;
  OK(weft_descriptor_new(&d));
  if (k.vxm) {
    OK(weft_descriptor_set(d, WEFT_INP1, WEFT_TRAN));
  }
  if (k.mask != Mask::none) {
    OK(weft_vector_new(WEFT_BOOL, m, &M));
    for (int64_t i = 0; i < m; ++i) {
      const bool valued = k.mask == Mask::valued;
      const bool has = valued ? (i % 3 != 0 || i % 2 == 0) : i % 5 == 0;
      const bool value = valued ? i % 3 != 0 : true;
      if (has) {
        OK(weft_vector_set_element(M, i, &value, WEFT_BOOL));
      }
      admit[size_t(i)] = valued ? value : !has;
    }
    if (k.mask == Mask::structural_complement) {
      OK(weft_descriptor_set(d, WEFT_MASK, WEFT_COMP_STRUCTURE));
    }
  }
  const Entries want = model(c, m, uv, k, admit);
  int saved = 0;
  OK(weft_get_threads(&saved));
  OK(weft_set_threads(k.threads));
  Algebra with(true), without(false);
  // Three products with the JIT (the second and third read 32-bit column copies), one
  // without it, one by the operators without source.
  for (int call = 0; call < 5; ++call) {
    SCOPED_TRACE("call " + std::to_string(call));
    const bool jit = call < 3;
    OK(weft_set_jit(jit ? 1 : 0));
    const int64_t runs = stat(WEFT_STAT_JIT_RUNS), failed = stat(WEFT_STAT_JIT_FAILED);
    weft_vector w = nullptr;
    OK(weft_vector_new(WEFT_FP64, m, &w));
    const weft_semiring s = call == 4 ? without.s : with.s;
    if (k.vxm) {
      OK(weft_vxm(w, M, nullptr, s, u, A, d));
    } else {
      OK(weft_mxv(w, M, nullptr, s, A, u, d));
    }
    EXPECT_TRUE(entries(w) == want);
    EXPECT_EQ(failed, stat(WEFT_STAT_JIT_FAILED));
    if (jit) EXPECT_GT(stat(WEFT_STAT_JIT_RUNS), runs);  // the compiled kernel ran
    else EXPECT_EQ(stat(WEFT_STAT_JIT_RUNS), runs);
    weft_vector_free(&w);
  }
  OK(weft_set_jit(1));
  OK(weft_set_threads(saved));
  weft_descriptor_free(&d);
  weft_vector_free(&M);
  weft_vector_free(&u);
  weft_matrix_free(&A);
}

TEST(Jit, PullsGiveWhatTheFunctionPointersGive) {
  ASSERT_TRUE(cache_set);
  for (bool vxm : {false, true})
    for (int gaps : {0, 3})
      for (Mask mask : {Mask::none, Mask::valued, Mask::structural_complement})
        for (int threads : {1, 2}) {
          SCOPED_TRACE(std::string(vxm ? "vxm" : "mxv") + " gaps " + std::to_string(gaps) + " mask " +
                       std::to_string(int(mask)) + " threads " + std::to_string(threads));
          run_case({vxm, gaps, mask, threads});
        }
  EXPECT_GE(stat(WEFT_STAT_JIT_KERNELS), 1);
}

// A multiply from INT32 x FP32 into INT64 with an INT64 max: the kernel's three value
// types differ; compared with the same semiring without source.
TEST(Jit, InputsOfOtherDomains) {
  const int64_t m = 300, n = 200;
  const Coo c = make_coo(m, n, 5);
  std::vector<int32_t> ax;
  for (size_t q = 0; q < c.X.size(); ++q) ax.push_back(int32_t(q * 7919 % 2001) - 1000);
  std::vector<float> ux(static_cast<size_t>(n));
  std::vector<int64_t> ui(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) ui[size_t(j)] = j, ux[size_t(j)] = float(j % 17) * 1.5f - 9;
  weft_matrix A = nullptr;
  weft_vector u = nullptr;
  OK(weft_matrix_new(WEFT_INT32, m, n, &A));
  OK(weft_matrix_build(A, c.I.data(), c.J.data(), ax.data(), WEFT_INT32, int64_t(c.I.size()), nullptr));
  OK(weft_vector_new(WEFT_FP32, n, &u));
  OK(weft_vector_build(u, ui.data(), ux.data(), WEFT_FP32, n, nullptr));
  std::vector<int64_t> results[2];
  std::vector<int64_t> indices[2];
  for (int source = 0; source < 2; ++source) {
    weft_binary_op mx = nullptr, sc = nullptr;
    weft_monoid mon = nullptr;
    weft_semiring s = nullptr;
    const int64_t lowest = INT64_MIN;
    if (source) {
      OK(weft_binary_op_new_source(max_i64, WEFT_INT64, WEFT_INT64, WEFT_INT64, "jt_max", kMax, &mx));
      OK(weft_binary_op_new_source(scale_i64, WEFT_INT64, WEFT_INT32, WEFT_FP32, "jt_scale", kScale, &sc));
    } else {
      OK(weft_binary_op_new(max_i64, WEFT_INT64, WEFT_INT64, WEFT_INT64, &mx));
      OK(weft_binary_op_new(scale_i64, WEFT_INT64, WEFT_INT32, WEFT_FP32, &sc));
    }
    OK(weft_monoid_new(mx, &lowest, &mon));
    OK(weft_semiring_new(mon, sc, &s));
    const int64_t runs = stat(WEFT_STAT_JIT_RUNS);
    weft_vector w = nullptr;
    OK(weft_vector_new(WEFT_INT64, m, &w));
    OK(weft_mxv(w, nullptr, nullptr, s, A, u, nullptr));
    EXPECT_EQ(source ? 1 : 0, stat(WEFT_STAT_JIT_RUNS) - runs);
    int64_t nv = 0;
    OK(weft_vector_nvals(w, &nv));
    results[source].resize(size_t(nv));
    indices[source].resize(size_t(nv));
    OK(weft_vector_extract_tuples(w, nv, indices[source].data(), results[source].data(), WEFT_INT64, &nv));
    weft_vector_free(&w);
    weft_semiring_free(&s);
    weft_monoid_free(&mon);
    weft_binary_op_free(&sc);
    weft_binary_op_free(&mx);
  }
  EXPECT_GT(results[0].size(), size_t(m / 2));
  EXPECT_EQ(indices[0], indices[1]);
  EXPECT_EQ(results[0], results[1]);
  weft_vector_free(&u);
  weft_matrix_free(&A);
}

// mxv by the (plus, sub_half) semiring made from these definitions: the result, and how
// the counters moved.
struct Outcome {
  Entries w;
  int64_t kernels, failed, runs;
};
Outcome mxv_with(const char *plus_def, const char *mult_def) {
  Outcome o{};
  const int64_t m = 50, n = 40;
  const Coo c = make_coo(m, n, 9);
  std::vector<int64_t> ui(static_cast<size_t>(n));
  std::vector<double> ux(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) ui[size_t(j)] = j, ux[size_t(j)] = 0.25 * double(j) - 3;
  weft_matrix A = nullptr;
  weft_vector u = nullptr, w = nullptr;
  weft_binary_op plus = nullptr, mult = nullptr;
  weft_monoid mon = nullptr;
  weft_semiring s = nullptr;
  const double zero = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, m, n, &A));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_build(A, c.I.data(), c.J.data(), c.X.data(), WEFT_FP64, int64_t(c.I.size()), nullptr));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &u));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_build(u, ui.data(), ux.data(), WEFT_FP64, n, nullptr));
  EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new_source(plus_f64, WEFT_FP64, WEFT_FP64, WEFT_FP64, "jt_plus", plus_def, &plus));
  EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new_source(sub_half_f64, WEFT_FP64, WEFT_FP64, WEFT_FP64, "jt_sub_half", mult_def, &mult));
  EXPECT_EQ(WEFT_SUCCESS, weft_monoid_new(plus, &zero, &mon));
  EXPECT_EQ(WEFT_SUCCESS, weft_semiring_new(mon, mult, &s));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, m, &w));
  const int64_t kernels = stat(WEFT_STAT_JIT_KERNELS), failed = stat(WEFT_STAT_JIT_FAILED),
                runs = stat(WEFT_STAT_JIT_RUNS);
  EXPECT_EQ(WEFT_SUCCESS, weft_mxv(w, nullptr, nullptr, s, A, u, nullptr));
  o.kernels = stat(WEFT_STAT_JIT_KERNELS) - kernels;
  o.failed = stat(WEFT_STAT_JIT_FAILED) - failed;
  o.runs = stat(WEFT_STAT_JIT_RUNS) - runs;
  o.w = entries(w);
  weft_vector_free(&w);
  weft_semiring_free(&s);
  weft_monoid_free(&mon);
  weft_binary_op_free(&mult);
  weft_binary_op_free(&plus);
  weft_vector_free(&u);
  weft_matrix_free(&A);
  return o;
}

TEST(Jit, FallsBackToTheFunctions) {
  const Outcome good = mxv_with(kPlus, kSubHalf);
  EXPECT_EQ(1, good.runs);
  EXPECT_FALSE(good.w.I.empty());
  // A definition that does not compile: f runs, the failure is counted once.
  const std::string broken = std::string(kSubHalf) + " this is not C";
  const Outcome bad = mxv_with(kPlus, broken.c_str());
  EXPECT_EQ(1, bad.failed);
  EXPECT_EQ(0, bad.runs);
  EXPECT_TRUE(bad.w == good.w);
  EXPECT_EQ(0, mxv_with(kPlus, broken.c_str()).failed);  // (remembered: not compiled again)
  // No compiler: a definition not compiled before (a comment makes it new) fails alike.
  ASSERT_EQ(0, setenv("WEFT_JIT_CC", "/nonexistent/cc", 1));
  const std::string fresh = std::string(kSubHalf) + " /* " + std::to_string(reinterpret_cast<uintptr_t>(&bad)) + " */";
  const Outcome none = mxv_with(kPlus, fresh.c_str());
  ASSERT_EQ(0, unsetenv("WEFT_JIT_CC"));
  EXPECT_EQ(1, none.failed);
  EXPECT_EQ(0, none.runs);
  EXPECT_TRUE(none.w == good.w);
  // Switched off: nothing compiled, nothing run.
  OK(weft_set_jit(0));
  const std::string other = std::string(kSubHalf) + " /* off */";
  const Outcome off = mxv_with(kPlus, other.c_str());
  OK(weft_set_jit(1));
  EXPECT_EQ(0, off.kernels + off.failed + off.runs);
  EXPECT_TRUE(off.w == good.w);
}

TEST(Jit, ApiErrors) {
  weft_binary_op op = nullptr, before = reinterpret_cast<weft_binary_op>(&op);
  op = before;
  auto make = [&](const char *name, const char *def) {
    return weft_binary_op_new_source(plus_f64, WEFT_FP64, WEFT_FP64, WEFT_FP64, name, def, &op);
  };
  EXPECT_EQ(WEFT_NULL_POINTER, make(nullptr, kPlus));
  EXPECT_EQ(WEFT_NULL_POINTER, make("jt_plus", nullptr));
  EXPECT_EQ(WEFT_NULL_POINTER,
            weft_binary_op_new_source(nullptr, WEFT_FP64, WEFT_FP64, WEFT_FP64, "jt_plus", kPlus, &op));
  EXPECT_EQ(WEFT_NULL_POINTER,
            weft_binary_op_new_source(plus_f64, WEFT_FP64, WEFT_FP64, WEFT_FP64, "jt_plus", kPlus, nullptr));
  EXPECT_EQ(WEFT_INVALID_HANDLE,
            weft_binary_op_new_source(plus_f64, nullptr, WEFT_FP64, WEFT_FP64, "jt_plus", kPlus, &op));
  for (const char *name : {"", "1plus", "jt plus", "jt_plus;", "weft_plus",
                           "a234567890123456789012345678901234567890123456789012345678901234", "jt_other"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(WEFT_INVALID_VALUE, make(name, kPlus));
    EXPECT_NE(nullptr, std::strstr(weft_last_error(), "weft_binary_op_new_source"));
  }
  EXPECT_EQ(before, op);  // untouched by every failure
  OK(make("jt_plus", kPlus));
  weft_binary_fn f = nullptr;
  OK(weft_binary_op_function(op, &f));
  EXPECT_EQ(&plus_f64, f);
  OK(weft_binary_op_free(&op));
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_set_jit(2));
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_set_jit(-1));
  EXPECT_EQ(WEFT_NULL_POINTER, weft_get_jit(nullptr));
  int on = -1;
  OK(weft_set_jit(0));
  OK(weft_get_jit(&on));
  EXPECT_EQ(0, on);
  OK(weft_set_jit(1));
  OK(weft_get_jit(&on));
  EXPECT_EQ(1, on);
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_get_stat(WEFT_STAT_JIT_RUNS + 1, nullptr));
}

}  // namespace
