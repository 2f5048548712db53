// The error model of the semiring engine (weft/sparse.h, weft/algebra.h) through the public
// API: every error class of GraphBLAS's "what each method must check" (reference
// graphblas.md §1.10-1.11) under weft's names. Each failing call is checked three ways:
//   - the exact status;
//   - weft_last_error() starts with the function's name and says what is wrong;
//   - nothing changed: every collection of the test world (its tuples, read back before
//     and after) and every byte of caller memory passed as an output, including the
//     handle out-arguments of new/dup (an API error leaves every argument unmodified;
//     weft also leaves outputs unchanged on the execution errors tested here).
// Also: the per-object message (weft_*_error), and that an API error wins over an
// execution error the same call would also hit.
//
// Most cases share one shape (a call and its expected failure), so they are tables of
// Case run by expect_cases(). Set WEFT_SHOW_ERRORS=1 to print every message.
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "weft_test_util.hpp"

namespace {

#define OK(call) ASSERT_EQ(WEFT_SUCCESS, (call)) << #call << ": " << weft_last_error()

// ---------------------------------------------------------------------------------
// A user-defined domain: a struct {int32 a; double b} (displacements 0 and 8, extent
// 16), and operators on it. Its functions are never called by a failing call.
// ---------------------------------------------------------------------------------
struct Pair {
  int32_t a;
  int32_t pad;
  double b;
};

void pair_plus_fn(void *z, const void *x, const void *y) {
  Pair p, q;
  std::memcpy(&p, x, sizeof p);
  std::memcpy(&q, y, sizeof q);
  const Pair r{p.a + q.a, 0, p.b + q.b};
  std::memcpy(z, &r, sizeof r);
}
void pair_neg_fn(void *z, const void *x) {
  Pair p;
  std::memcpy(&p, x, sizeof p);
  const Pair r{-p.a, 0, -p.b};
  std::memcpy(z, &r, sizeof r);
}
// FP64 x FP64 -> Pair.
void to_pair_fn(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&b, y, sizeof b);
  const Pair r{int32_t(a), 0, b};
  std::memcpy(z, &r, sizeof r);
}
// An index-unary operator whose result is a Pair (so it cannot be select's condition).
void pair_at_fn(void *z, const void *x, int64_t i, int64_t j, const void *) {
  double a;
  std::memcpy(&a, x, sizeof a);
  const Pair r{int32_t(i + j), 0, a};
  std::memcpy(z, &r, sizeof r);
}
void fp64_plus_fn(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&b, y, sizeof b);
  const double r = a + b;
  std::memcpy(z, &r, sizeof r);
}

// Handles of one kind passed where another is expected (the mistakes the API must
// catch: a weft_vector given as a weft_matrix, a monoid as a semiring ...).
template <class To, class From>
To as(From h) {
  return reinterpret_cast<To>(h);
}

// Readable memory that is no weft object.
template <class H>
H garbage() {
  alignas(64) static unsigned char junk[256];
  std::memset(junk, 0xA7, sizeof junk);
  return reinterpret_cast<H>(junk + 64);
}

// Handles that have just been freed. Use them at once (inside the case's call): a later
// allocation could reuse the address.
weft_matrix freed_matrix() {
  weft_matrix h = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, 2, 2, &h));
  weft_matrix stale = h;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_free(&h));
  return stale;
}
weft_vector freed_vector() {
  weft_vector h = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, 2, &h));
  weft_vector stale = h;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_free(&h));
  return stale;
}
weft_scalar freed_scalar() {
  weft_scalar h = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_scalar_new(WEFT_FP64, &h));
  weft_scalar stale = h;
  EXPECT_EQ(WEFT_SUCCESS, weft_scalar_free(&h));
  return stale;
}
weft_binary_op freed_binary_op() {
  weft_binary_op h = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new(fp64_plus_fn, WEFT_FP64, WEFT_FP64, WEFT_FP64, &h));
  weft_binary_op stale = h;
  EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_free(&h));
  return stale;
}
weft_monoid freed_monoid() {
  weft_monoid h = nullptr;
  const double zero = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_monoid_new(WEFT_PLUS_FP64, &zero, &h));
  weft_monoid stale = h;
  EXPECT_EQ(WEFT_SUCCESS, weft_monoid_free(&h));
  return stale;
}
weft_semiring freed_semiring() {
  weft_semiring h = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_semiring_new(WEFT_PLUS_MONOID_FP64, WEFT_TIMES_FP64, &h));
  weft_semiring stale = h;
  EXPECT_EQ(WEFT_SUCCESS, weft_semiring_free(&h));
  return stale;
}
weft_descriptor freed_descriptor() {
  weft_descriptor h = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_new(&h));
  weft_descriptor stale = h;
  EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_free(&h));
  return stale;
}

// ---------------------------------------------------------------------------------
// What a collection holds, read back through the API: its shape and its tuples, the
// values as raw bytes of its own domain (so user-defined domains compare too).
// ---------------------------------------------------------------------------------
struct Snapshot {
  int64_t nrows = -1, ncols = -1, nvals = -1;
  std::vector<int64_t> i, j;
  std::vector<unsigned char> x;
  bool operator==(const Snapshot &o) const {
    return nrows == o.nrows && ncols == o.ncols && nvals == o.nvals && i == o.i && j == o.j && x == o.x;
  }
};
void PrintTo(const Snapshot &s, std::ostream *os) {
  *os << s.nrows << "x" << s.ncols << " with " << s.nvals << " entries {";
  for (size_t k = 0; k < s.i.size(); ++k) *os << " (" << s.i[k] << "," << s.j[k] << ")";
  *os << " }";
}

int64_t extent_of(weft_type t) {
  weft_aint lb = 0, extent = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_extent(t, &lb, &extent));
  return int64_t(extent);
}

Snapshot snapshot(weft_matrix A) {
  Snapshot s;
  weft_type t = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_type(A, &t)) << weft_last_error();
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_nrows(A, &s.nrows));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_ncols(A, &s.ncols));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_nvals(A, &s.nvals));
  if (s.nvals <= 0) return s;
  s.i.resize(size_t(s.nvals));
  s.j.resize(size_t(s.nvals));
  s.x.resize(size_t(s.nvals * extent_of(t)));
  int64_t n = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_extract_tuples(A, s.nvals, s.i.data(), s.j.data(), s.x.data(), t, &n))
      << weft_last_error();
  EXPECT_EQ(s.nvals, n);
  return s;
}

Snapshot snapshot(weft_vector v) {
  Snapshot s;
  weft_type t = nullptr;
  s.nrows = 1;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_type(v, &t)) << weft_last_error();
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_size(v, &s.ncols));
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_nvals(v, &s.nvals));
  if (s.nvals <= 0) return s;
  s.j.resize(size_t(s.nvals));
  s.x.resize(size_t(s.nvals * extent_of(t)));
  int64_t n = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_extract_tuples(v, s.nvals, s.j.data(), s.x.data(), t, &n)) << weft_last_error();
  EXPECT_EQ(s.nvals, n);
  s.i.assign(size_t(s.nvals), 0);
  return s;
}

Snapshot snapshot(weft_scalar sc) {
  Snapshot s;
  weft_type t = nullptr;
  s.nrows = s.ncols = 1;
  EXPECT_EQ(WEFT_SUCCESS, weft_scalar_type(sc, &t)) << weft_last_error();
  EXPECT_EQ(WEFT_SUCCESS, weft_scalar_nvals(sc, &s.nvals));
  if (s.nvals <= 0) return s;
  s.x.resize(size_t(extent_of(t)));
  EXPECT_EQ(WEFT_SUCCESS, weft_scalar_extract_element(sc, t, s.x.data())) << weft_last_error();
  return s;
}

// ---------------------------------------------------------------------------------
// Caller memory that failing calls receive as outputs: element and tuple buffers,
// counts, message pointers and the handle out-arguments of every constructor. Filled
// with 0xA5 bytes; a failing call must leave every byte as it was.
// ---------------------------------------------------------------------------------
struct CallerMemory {
  int64_t I[8], J[8], n;
  double X[8], d;
  Pair p;
  int value;
  bool flag;
  const char *msg;
  weft_type type;
  weft_matrix mat;
  weft_vector vec;
  weft_scalar sca;
  weft_descriptor desc;
  weft_unary_op uop;
  weft_binary_op bop;
  weft_index_unary_op iop;
  weft_monoid mon;
  weft_semiring sem;
};

// Index lists shared by the cases.
const int64_t kI1[] = {0};
const int64_t kI2[] = {0, 1};
const int64_t kI3[] = {0, 1, 2};
const int64_t kI4[] = {0, 1, 2, 0};
const double kX4[] = {1, 2, 3, 4};
const bool kTrue4[] = {true, true, true, true};

// ---------------------------------------------------------------------------------
// The world every table runs against: small collections of known shapes (FP64 unless
// named U...), with entries so that any change shows, and a user-defined domain with
// its operators. Shapes:
//   A 3x4, B 4x2, C 3x2 (the usual output), Q 4x4, S 3x3, O 1x1, E 3x2 empty,
//   M 3x2 BOOL mask, M22 2x2 BOOL (a mask or input of the wrong shape),
//   U 3x4, UB 4x2, UC 3x2 (Pair), UE 3x2 empty (Pair);
//   u4, w3, v2 vectors, m3, m4 BOOL vectors, uU 3 (Pair), e3 empty;
//   x = 2 (FP64), i1 = 1 (INT64), none / noneU empty, xU (Pair), s (FP64 output) = 9.
// ---------------------------------------------------------------------------------
struct World {
  weft_type pair = nullptr, pair2 = nullptr;  // Pair, and another 16-byte struct {double, double}
  weft_matrix A, B, C, Q, S, O, E, M, M22, U, UB, UC, UE;
  weft_vector u4, w3, v2, m3, m4, uU, e3;
  weft_scalar x, i1, none, xU, noneU, s;
  weft_binary_op pair_plus = nullptr, to_pair = nullptr;
  weft_unary_op pair_neg = nullptr;
  weft_index_unary_op pair_at = nullptr;
  weft_monoid pair_monoid = nullptr;
  weft_semiring pair_semiring = nullptr;
  weft_descriptor desc = nullptr;  // a user descriptor (WEFT_INP0 = WEFT_TRAN)
  CallerMemory mem;
  const double dval = 3.5;
  const Pair pval{1, 0, 2.5};

  World() {
    const int64_t bl[] = {1, 1};
    const weft_aint disp[] = {0, 8};
    const weft_type pair_types[] = {WEFT_INT32, WEFT_DOUBLE}, pair2_types[] = {WEFT_DOUBLE, WEFT_DOUBLE};
    EXPECT_EQ(WEFT_SUCCESS, weft_type_struct(2, bl, disp, pair_types, &pair));
    EXPECT_EQ(WEFT_SUCCESS, weft_type_struct(2, bl, disp, pair2_types, &pair2));
    EXPECT_EQ(WEFT_SUCCESS, weft_type_commit(pair));
    EXPECT_EQ(WEFT_SUCCESS, weft_type_commit(pair2));
    EXPECT_EQ(int64_t(sizeof(Pair)), extent_of(pair));

    A = matrix(3, 4, {0, 0, 1, 2}, {0, 3, 1, 2});
    B = matrix(4, 2, {0, 1, 3}, {0, 1, 0});
    C = matrix(3, 2, {0, 2}, {1, 0});
    Q = matrix(4, 4, {0, 3}, {0, 3});
    S = matrix(3, 3, {0, 2}, {1, 2});
    O = matrix(1, 1, {0}, {0});
    E = matrix(3, 2, {}, {});
    M = matrix(3, 2, {0, 1}, {0, 1}, WEFT_BOOL);
    M22 = matrix(2, 2, {0}, {0}, WEFT_BOOL);
    U = matrix(3, 4, {0, 2}, {0, 3}, pair);
    UB = matrix(4, 2, {1}, {1}, pair);
    UC = matrix(3, 2, {1}, {0}, pair);
    UE = matrix(3, 2, {}, {}, pair);
    u4 = vector(4, {0, 3});
    w3 = vector(3, {1});
    v2 = vector(2, {0});
    m3 = vector(3, {0, 2}, WEFT_BOOL);
    m4 = vector(4, {1}, WEFT_BOOL);
    uU = vector(3, {2}, pair);
    e3 = vector(3, {});
    const double two = 2, nine = 9;
    const int64_t one = 1;
    x = scalar(WEFT_FP64, &two);
    i1 = scalar(WEFT_INT64, &one);
    none = scalar(WEFT_FP64, nullptr);
    xU = scalar(pair, &pval);
    noneU = scalar(pair, nullptr);
    s = scalar(WEFT_FP64, &nine);

    EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new(pair_plus_fn, pair, pair, pair, &pair_plus));
    EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_new(to_pair_fn, pair, WEFT_FP64, WEFT_FP64, &to_pair));
    EXPECT_EQ(WEFT_SUCCESS, weft_unary_op_new(pair_neg_fn, pair, pair, &pair_neg));
    EXPECT_EQ(WEFT_SUCCESS, weft_index_unary_op_new(pair_at_fn, pair, WEFT_FP64, WEFT_FP64, &pair_at));
    const Pair zero{0, 0, 0};
    EXPECT_EQ(WEFT_SUCCESS, weft_monoid_new(pair_plus, &zero, &pair_monoid));
    EXPECT_EQ(WEFT_SUCCESS, weft_semiring_new(pair_monoid, pair_plus, &pair_semiring));
    EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_new(&desc));
    EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_set(desc, WEFT_INP0, WEFT_TRAN));
    std::memset(&mem, 0xA5, sizeof mem);
  }

  ~World() {
    for (weft_matrix *h : {&A, &B, &C, &Q, &S, &O, &E, &M, &M22, &U, &UB, &UC, &UE})
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_free(h)) << weft_last_error();
    for (weft_vector *h : {&u4, &w3, &v2, &m3, &m4, &uU, &e3})
      EXPECT_EQ(WEFT_SUCCESS, weft_vector_free(h)) << weft_last_error();
    for (weft_scalar *h : {&x, &i1, &none, &xU, &noneU, &s})
      EXPECT_EQ(WEFT_SUCCESS, weft_scalar_free(h)) << weft_last_error();
    EXPECT_EQ(WEFT_SUCCESS, weft_semiring_free(&pair_semiring));
    EXPECT_EQ(WEFT_SUCCESS, weft_monoid_free(&pair_monoid));
    EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_free(&pair_plus));
    EXPECT_EQ(WEFT_SUCCESS, weft_binary_op_free(&to_pair));
    EXPECT_EQ(WEFT_SUCCESS, weft_unary_op_free(&pair_neg));
    EXPECT_EQ(WEFT_SUCCESS, weft_index_unary_op_free(&pair_at));
    EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_free(&desc));
    EXPECT_EQ(WEFT_SUCCESS, weft_type_free(&pair));
    EXPECT_EQ(WEFT_SUCCESS, weft_type_free(&pair2));
  }

  // An m x n collection with entries at (I[k], J[k]): FP64 values 1, 2, ..., BOOL true,
  // or Pair values {k+1, k+0.5}.
  weft_matrix matrix(int64_t m, int64_t n, std::vector<int64_t> I, std::vector<int64_t> J, weft_type t = WEFT_FP64) {
    weft_matrix h = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(t, m, n, &h));
    if (!I.empty()) {
      std::vector<Pair> pairs;
      const void *X = values(t, I.size(), pairs);
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_build(h, I.data(), J.data(), X, value_type(t), int64_t(I.size()), nullptr))
          << weft_last_error();
    }
    return h;
  }
  weft_vector vector(int64_t n, std::vector<int64_t> I, weft_type t = WEFT_FP64) {
    weft_vector h = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(t, n, &h));
    if (!I.empty()) {
      std::vector<Pair> pairs;
      const void *X = values(t, I.size(), pairs);
      EXPECT_EQ(WEFT_SUCCESS, weft_vector_build(h, I.data(), X, value_type(t), int64_t(I.size()), nullptr))
          << weft_last_error();
    }
    return h;
  }
  weft_scalar scalar(weft_type t, const void *value) {
    weft_scalar h = nullptr;
    EXPECT_EQ(WEFT_SUCCESS, weft_scalar_new(t, &h));
    if (value) {
      EXPECT_EQ(WEFT_SUCCESS, weft_scalar_set_element(h, value, t)) << weft_last_error();
    }
    return h;
  }
  const void *values(weft_type t, size_t n, std::vector<Pair> &pairs) const {
    if (t == WEFT_BOOL) return kTrue4;
    if (t != pair) return kX4;
    for (size_t k = 0; k < n; ++k) pairs.push_back(Pair{int32_t(k + 1), 0, double(k) + 0.5});
    return pairs.data();
  }
  weft_type value_type(weft_type t) const { return t == WEFT_BOOL ? WEFT_BOOL : t == pair ? pair : WEFT_FP64; }

  // Everything a failing call must leave alone.
  struct State {
    std::vector<Snapshot> collections;
    std::vector<unsigned char> memory;
    bool operator==(const State &o) const { return collections == o.collections && memory == o.memory; }
  };
  State state() {
    State st;
    for (weft_matrix h : {A, B, C, Q, S, O, E, M, M22, U, UB, UC, UE}) st.collections.push_back(snapshot(h));
    for (weft_vector h : {u4, w3, v2, m3, m4, uU, e3}) st.collections.push_back(snapshot(h));
    for (weft_scalar h : {x, i1, none, xU, noneU, s}) st.collections.push_back(snapshot(h));
    const auto *b = reinterpret_cast<const unsigned char *>(&mem);
    st.memory.assign(b, b + sizeof mem);
    return st;
  }
};

void PrintTo(const World::State &s, std::ostream *os) {
  *os << "{";
  for (const Snapshot &c : s.collections) {
    PrintTo(c, os);
    *os << "; ";
  }
  *os << "caller memory of " << s.memory.size() << " bytes}";
}

// One failing call: what it tests, the status it must give, the function weft_last_error
// must name, and a word of the message that says what is wrong.
struct Case {
  const char *what;
  weft_status status;
  const char *fn;
  const char *says;
  std::function<weft_status()> call;
};
#define CALL(expr) [&]() -> weft_status { return (expr); }

void expect_cases(World &w, const std::vector<Case> &cases) {
  const bool show = std::getenv("WEFT_SHOW_ERRORS") != nullptr;
  for (const Case &c : cases) {
    SCOPED_TRACE(c.what);
    const World::State before = w.state();
    const weft_status got = c.call();
    const std::string msg = weft_last_error();
    if (show) std::printf("%-60s %s\n", c.what, msg.c_str());
    EXPECT_EQ(wt::status_str(c.status), wt::status_str(got)) << c.what << "\n  last_error: " << msg;
    if (got == WEFT_SUCCESS) continue;
    EXPECT_TRUE(wt::last_error_names(c.fn)) << c.what << ": the message should name " << c.fn << ": '" << msg << "'";
    EXPECT_NE(std::string::npos, msg.find(c.says))
        << c.what << ": the message should say '" << c.says << "': '" << msg << "'";
    EXPECT_EQ(before, w.state()) << c.what << ": the failing call changed an argument";
  }
}

const weft_semiring PT = WEFT_PLUS_TIMES_SEMIRING_FP64;

// ---------------------------------------------------------------------------------
// NULL output pointers (and NULL required input pointers): WEFT_NULL_POINTER.
// ---------------------------------------------------------------------------------
TEST(Errors, NullPointers) {
  World w;
  CallerMemory &m = w.mem;
  const double zero = 0;
  weft_unary_fn no_unary = nullptr;
  weft_binary_fn no_binary = nullptr;
  weft_index_unary_fn no_index = nullptr;
  const std::vector<Case> cases = {
      {"matrix_new: A", WEFT_NULL_POINTER, "weft_matrix_new", "A is NULL",
       CALL(weft_matrix_new(WEFT_FP64, 2, 2, nullptr))},
      {"vector_new: v", WEFT_NULL_POINTER, "weft_vector_new", "v is NULL",
       CALL(weft_vector_new(WEFT_FP64, 2, nullptr))},
      {"scalar_new: s", WEFT_NULL_POINTER, "weft_scalar_new", "s is NULL", CALL(weft_scalar_new(WEFT_FP64, nullptr))},
      {"matrix_dup: copy", WEFT_NULL_POINTER, "weft_matrix_dup", "copy is NULL", CALL(weft_matrix_dup(w.A, nullptr))},
      {"vector_dup: copy", WEFT_NULL_POINTER, "weft_vector_dup", "copy is NULL", CALL(weft_vector_dup(w.w3, nullptr))},
      {"scalar_dup: copy", WEFT_NULL_POINTER, "weft_scalar_dup", "copy is NULL", CALL(weft_scalar_dup(w.x, nullptr))},
      {"descriptor_new", WEFT_NULL_POINTER, "weft_descriptor_new", "desc is NULL", CALL(weft_descriptor_new(nullptr))},
      {"matrix_diag: C", WEFT_NULL_POINTER, "weft_matrix_diag", "C is NULL", CALL(weft_matrix_diag(w.w3, 0, nullptr))},
      {"matrix_nvals", WEFT_NULL_POINTER, "weft_matrix_nvals", "nvals is NULL", CALL(weft_matrix_nvals(w.A, nullptr))},
      {"matrix_nrows", WEFT_NULL_POINTER, "weft_matrix_nrows", "nrows is NULL", CALL(weft_matrix_nrows(w.A, nullptr))},
      {"matrix_ncols", WEFT_NULL_POINTER, "weft_matrix_ncols", "ncols is NULL", CALL(weft_matrix_ncols(w.A, nullptr))},
      {"matrix_type", WEFT_NULL_POINTER, "weft_matrix_type", "type is NULL", CALL(weft_matrix_type(w.A, nullptr))},
      {"vector_size", WEFT_NULL_POINTER, "weft_vector_size", "n is NULL", CALL(weft_vector_size(w.w3, nullptr))},
      {"vector_nvals", WEFT_NULL_POINTER, "weft_vector_nvals", "nvals is NULL", CALL(weft_vector_nvals(w.w3, nullptr))},
      {"scalar_nvals", WEFT_NULL_POINTER, "weft_scalar_nvals", "nvals is NULL", CALL(weft_scalar_nvals(w.x, nullptr))},
      {"get_mode", WEFT_NULL_POINTER, "weft_get_mode", "mode is NULL", CALL(weft_get_mode(nullptr))},
      {"matrix_error: msg", WEFT_NULL_POINTER, "weft_matrix_error", "msg is NULL",
       CALL(weft_matrix_error(w.C, nullptr))},
      {"matrix_extract_element: x", WEFT_NULL_POINTER, "weft_matrix_extract_element", "x is NULL",
       CALL(weft_matrix_extract_element(w.A, 0, 0, WEFT_FP64, nullptr))},
      {"vector_extract_element: x", WEFT_NULL_POINTER, "weft_vector_extract_element", "x is NULL",
       CALL(weft_vector_extract_element(w.w3, 1, WEFT_FP64, nullptr))},
      {"scalar_extract_element: x", WEFT_NULL_POINTER, "weft_scalar_extract_element", "x is NULL",
       CALL(weft_scalar_extract_element(w.x, WEFT_FP64, nullptr))},
      {"matrix_extract_tuples: n", WEFT_NULL_POINTER, "weft_matrix_extract_tuples", "n is NULL",
       CALL(weft_matrix_extract_tuples(w.A, 8, m.I, m.J, m.X, WEFT_FP64, nullptr))},
      {"vector_extract_tuples: n", WEFT_NULL_POINTER, "weft_vector_extract_tuples", "n is NULL",
       CALL(weft_vector_extract_tuples(w.u4, 8, m.I, m.X, WEFT_FP64, nullptr))},
      {"matrix_set_element: x", WEFT_NULL_POINTER, "weft_matrix_set_element", "x is NULL",
       CALL(weft_matrix_set_element(w.C, 0, 0, nullptr, WEFT_FP64))},
      {"scalar_set_element: x", WEFT_NULL_POINTER, "weft_scalar_set_element", "x is NULL",
       CALL(weft_scalar_set_element(w.s, nullptr, WEFT_FP64))},
      {"matrix_build: I", WEFT_NULL_POINTER, "weft_matrix_build", "I is NULL",
       CALL(weft_matrix_build(w.E, nullptr, kI1, kX4, WEFT_FP64, 1, nullptr))},
      {"matrix_build: J", WEFT_NULL_POINTER, "weft_matrix_build", "J is NULL",
       CALL(weft_matrix_build(w.E, kI1, nullptr, kX4, WEFT_FP64, 1, nullptr))},
      {"matrix_build: X", WEFT_NULL_POINTER, "weft_matrix_build", "X is NULL",
       CALL(weft_matrix_build(w.E, kI1, kI1, nullptr, WEFT_FP64, 1, nullptr))},
      {"vector_build: I", WEFT_NULL_POINTER, "weft_vector_build", "I is NULL",
       CALL(weft_vector_build(w.e3, nullptr, kX4, WEFT_FP64, 1, nullptr))},
      {"matrix_extract: I", WEFT_NULL_POINTER, "weft_matrix_extract", "I is NULL",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.A, nullptr, 3, kI2, 2, nullptr))},
      {"matrix_extract: J", WEFT_NULL_POINTER, "weft_matrix_extract", "J is NULL",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.A, kI3, 3, nullptr, 2, nullptr))},
      {"vector_extract: I", WEFT_NULL_POINTER, "weft_vector_extract", "I is NULL",
       CALL(weft_vector_extract(w.w3, nullptr, nullptr, w.u4, nullptr, 3, nullptr))},
      {"col_extract: I", WEFT_NULL_POINTER, "weft_col_extract", "I is NULL",
       CALL(weft_col_extract(w.w3, nullptr, nullptr, w.A, nullptr, 3, 0, nullptr))},
      {"matrix_assign: J", WEFT_NULL_POINTER, "weft_matrix_assign", "J is NULL",
       CALL(weft_matrix_assign(w.C, nullptr, nullptr, w.M22, kI2, 2, nullptr, 2, nullptr))},
      {"matrix_assign_scalar: I", WEFT_NULL_POINTER, "weft_matrix_assign_scalar", "I is NULL",
       CALL(weft_matrix_assign_scalar(w.C, nullptr, nullptr, w.x, nullptr, 2, kI2, 2, nullptr))},
      {"vector_assign: I", WEFT_NULL_POINTER, "weft_vector_assign", "I is NULL",
       CALL(weft_vector_assign(w.w3, nullptr, nullptr, w.v2, nullptr, 2, nullptr))},
      {"vector_assign_scalar: I", WEFT_NULL_POINTER, "weft_vector_assign_scalar", "I is NULL",
       CALL(weft_vector_assign_scalar(w.w3, nullptr, nullptr, w.x, nullptr, 2, nullptr))},
      {"row_assign: J", WEFT_NULL_POINTER, "weft_row_assign", "J is NULL",
       CALL(weft_row_assign(w.C, nullptr, nullptr, w.v2, 0, nullptr, 2, nullptr))},
      {"col_assign: I", WEFT_NULL_POINTER, "weft_col_assign", "I is NULL",
       CALL(weft_col_assign(w.C, nullptr, nullptr, w.w3, nullptr, 3, 0, nullptr))},
      {"matrix_subassign: I", WEFT_NULL_POINTER, "weft_matrix_subassign", "I is NULL",
       CALL(weft_matrix_subassign(w.C, nullptr, nullptr, w.M22, nullptr, 2, kI2, 2, nullptr))},
      {"matrix_free: NULL", WEFT_NULL_POINTER, "weft_matrix_free", "NULL", CALL(weft_matrix_free(nullptr))},
      {"vector_free: NULL", WEFT_NULL_POINTER, "weft_vector_free", "NULL", CALL(weft_vector_free(nullptr))},
      {"scalar_free: NULL", WEFT_NULL_POINTER, "weft_scalar_free", "NULL", CALL(weft_scalar_free(nullptr))},
      {"descriptor_free: NULL", WEFT_NULL_POINTER, "weft_descriptor_free", "NULL", CALL(weft_descriptor_free(nullptr))},
      {"binary_op_free: NULL", WEFT_NULL_POINTER, "weft_binary_op_free", "NULL", CALL(weft_binary_op_free(nullptr))},
      {"monoid_free: NULL", WEFT_NULL_POINTER, "weft_monoid_free", "NULL", CALL(weft_monoid_free(nullptr))},
      {"semiring_free: NULL", WEFT_NULL_POINTER, "weft_semiring_free", "NULL", CALL(weft_semiring_free(nullptr))},
      {"descriptor_get: value", WEFT_NULL_POINTER, "weft_descriptor_get", "value is NULL",
       CALL(weft_descriptor_get(w.desc, WEFT_INP0, nullptr))},
      // Constructors of the algebra: a NULL function, identity or result pointer.
      {"unary_op_new: f", WEFT_NULL_POINTER, "weft_unary_op_new", "f is NULL",
       CALL(weft_unary_op_new(no_unary, WEFT_FP64, WEFT_FP64, &m.uop))},
      {"binary_op_new: f", WEFT_NULL_POINTER, "weft_binary_op_new", "f is NULL",
       CALL(weft_binary_op_new(no_binary, WEFT_FP64, WEFT_FP64, WEFT_FP64, &m.bop))},
      {"binary_op_new: op", WEFT_NULL_POINTER, "weft_binary_op_new", "op is NULL",
       CALL(weft_binary_op_new(fp64_plus_fn, WEFT_FP64, WEFT_FP64, WEFT_FP64, nullptr))},
      {"index_unary_op_new: f", WEFT_NULL_POINTER, "weft_index_unary_op_new", "f is NULL",
       CALL(weft_index_unary_op_new(no_index, WEFT_BOOL, WEFT_FP64, WEFT_FP64, &m.iop))},
      {"monoid_new: identity", WEFT_NULL_POINTER, "weft_monoid_new", "identity is NULL",
       CALL(weft_monoid_new(WEFT_PLUS_FP64, nullptr, &m.mon))},
      {"monoid_new: monoid", WEFT_NULL_POINTER, "weft_monoid_new", "monoid is NULL",
       CALL(weft_monoid_new(WEFT_PLUS_FP64, &zero, nullptr))},
      {"monoid_new_terminal: terminal", WEFT_NULL_POINTER, "weft_monoid_new_terminal", "terminal is NULL",
       CALL(weft_monoid_new_terminal(WEFT_PLUS_FP64, &zero, nullptr, &m.mon))},
      {"semiring_new: semiring", WEFT_NULL_POINTER, "weft_semiring_new", "semiring is NULL",
       CALL(weft_semiring_new(WEFT_PLUS_MONOID_FP64, WEFT_TIMES_FP64, nullptr))},
  };
  expect_cases(w, cases);
}

// ---------------------------------------------------------------------------------
// NULL, freed, garbage and wrong-kind handles: WEFT_INVALID_HANDLE (never a crash).
// ---------------------------------------------------------------------------------
TEST(Errors, InvalidHandles) {
  World w;
  CallerMemory &m = w.mem;
  const double zero = 0;
  const std::vector<Case> cases = {
      {"nvals of NULL", WEFT_INVALID_HANDLE, "weft_matrix_nvals", "NULL", CALL(weft_matrix_nvals(nullptr, &m.n))},
      {"nvals of a freed matrix", WEFT_INVALID_HANDLE, "weft_matrix_nvals", "weft_matrix",
       CALL(weft_matrix_nvals(freed_matrix(), &m.n))},
      {"nvals of garbage", WEFT_INVALID_HANDLE, "weft_matrix_nvals", "weft_matrix",
       CALL(weft_matrix_nvals(garbage<weft_matrix>(), &m.n))},
      {"nvals of a vector passed as a matrix", WEFT_INVALID_HANDLE, "weft_matrix_nvals", "weft_matrix",
       CALL(weft_matrix_nvals(as<weft_matrix>(w.w3), &m.n))},
      {"vector size of a matrix", WEFT_INVALID_HANDLE, "weft_vector_size", "weft_vector",
       CALL(weft_vector_size(as<weft_vector>(w.A), &m.n))},
      {"scalar nvals of a vector", WEFT_INVALID_HANDLE, "weft_scalar_nvals", "weft_scalar",
       CALL(weft_scalar_nvals(as<weft_scalar>(w.w3), &m.n))},
      {"scalar nvals of a freed scalar", WEFT_INVALID_HANDLE, "weft_scalar_nvals", "weft_scalar",
       CALL(weft_scalar_nvals(freed_scalar(), &m.n))},
      {"mxm: a vector as input A", WEFT_INVALID_HANDLE, "weft_mxm", "A",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, as<weft_matrix>(w.w3), w.B, nullptr))},
      {"mxm: a vector as the mask", WEFT_INVALID_HANDLE, "weft_mxm", "mask",
       CALL(weft_mxm(w.C, as<weft_matrix>(w.m3), nullptr, PT, w.A, w.B, nullptr))},
      {"mxm: a predefined monoid as the semiring", WEFT_INVALID_HANDLE, "weft_mxm", "semiring",
       CALL(weft_mxm(w.C, nullptr, nullptr, as<weft_semiring>(WEFT_PLUS_MONOID_FP64), w.A, w.B, nullptr))},
      {"mxm: a user monoid as the semiring", WEFT_INVALID_HANDLE, "weft_mxm", "semiring",
       CALL(weft_mxm(w.C, nullptr, nullptr, as<weft_semiring>(w.pair_monoid), w.A, w.B, nullptr))},
      {"mxm: NULL semiring", WEFT_INVALID_HANDLE, "weft_mxm", "semiring",
       CALL(weft_mxm(w.C, nullptr, nullptr, nullptr, w.A, w.B, nullptr))},
      {"mxm: a freed semiring", WEFT_INVALID_HANDLE, "weft_mxm", "semiring",
       CALL(weft_mxm(w.C, nullptr, nullptr, freed_semiring(), w.A, w.B, nullptr))},
      {"mxm: a freed input", WEFT_INVALID_HANDLE, "weft_mxm", "B",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.A, freed_matrix(), nullptr))},
      {"mxm: NULL input", WEFT_INVALID_HANDLE, "weft_mxm", "A",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, nullptr, w.B, nullptr))},
      {"mxm: a freed output", WEFT_INVALID_HANDLE, "weft_mxm", "C",
       CALL(weft_mxm(freed_matrix(), nullptr, nullptr, PT, w.A, w.B, nullptr))},
      {"mxm: garbage output", WEFT_INVALID_HANDLE, "weft_mxm", "C",
       CALL(weft_mxm(garbage<weft_matrix>(), nullptr, nullptr, PT, w.A, w.B, nullptr))},
      {"mxm: a unary operator as accum", WEFT_INVALID_HANDLE, "weft_mxm", "accum",
       CALL(weft_mxm(w.C, nullptr, as<weft_binary_op>(WEFT_AINV_FP64), PT, w.A, w.B, nullptr))},
      {"mxm: a matrix as the descriptor", WEFT_INVALID_HANDLE, "weft_mxm", "desc",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.B, as<weft_descriptor>(w.A)))},
      {"mxm: a freed descriptor", WEFT_INVALID_HANDLE, "weft_mxm", "desc",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.B, freed_descriptor()))},
      {"mxv: a matrix as the vector u", WEFT_INVALID_HANDLE, "weft_mxv", "u",
       CALL(weft_mxv(w.w3, nullptr, nullptr, PT, w.A, as<weft_vector>(w.Q), nullptr))},
      {"matrix_reduce: a semiring as the monoid", WEFT_INVALID_HANDLE, "weft_matrix_reduce", "monoid",
       CALL(weft_matrix_reduce(w.w3, nullptr, nullptr, as<weft_monoid>(PT), w.A, nullptr))},
      {"matrix_reduce: a freed monoid", WEFT_INVALID_HANDLE, "weft_matrix_reduce", "monoid",
       CALL(weft_matrix_reduce(w.w3, nullptr, nullptr, freed_monoid(), w.A, nullptr))},
      {"matrix_reduce_scalar: a vector as the scalar", WEFT_INVALID_HANDLE, "weft_matrix_reduce_scalar", "s",
       CALL(weft_matrix_reduce_scalar(as<weft_scalar>(w.w3), nullptr, WEFT_PLUS_MONOID_FP64, w.A, nullptr))},
      {"vector_reduce_scalar: NULL scalar", WEFT_INVALID_HANDLE, "weft_vector_reduce_scalar", "s",
       CALL(weft_vector_reduce_scalar(nullptr, nullptr, WEFT_PLUS_MONOID_FP64, w.w3, nullptr))},
      {"apply_first: a vector as the scalar x", WEFT_INVALID_HANDLE, "weft_matrix_apply_first", "x",
       CALL(weft_matrix_apply_first(w.C, nullptr, nullptr, WEFT_PLUS_FP64, as<weft_scalar>(w.w3), w.C, nullptr))},
      {"apply: a binary operator as the unary one", WEFT_INVALID_HANDLE, "weft_matrix_apply", "op",
       CALL(weft_matrix_apply(w.C, nullptr, nullptr, as<weft_unary_op>(WEFT_PLUS_FP64), w.C, nullptr))},
      {"select: a unary operator as the index-unary one", WEFT_INVALID_HANDLE, "weft_matrix_select", "op",
       CALL(weft_matrix_select(w.C, nullptr, nullptr, as<weft_index_unary_op>(WEFT_AINV_FP64), w.C, w.i1, nullptr))},
      {"vector_ewise_add: a freed operator", WEFT_INVALID_HANDLE, "weft_vector_ewise_add", "op",
       CALL(weft_vector_ewise_add(w.w3, nullptr, nullptr, freed_binary_op(), w.w3, w.w3, nullptr))},
      {"col_assign: a matrix as the vector mask", WEFT_INVALID_HANDLE, "weft_col_assign", "mask",
       CALL(weft_col_assign(w.C, as<weft_vector>(w.M), nullptr, w.w3, kI3, 3, 0, nullptr))},
      {"vector_assign: a freed input", WEFT_INVALID_HANDLE, "weft_vector_assign", "u",
       CALL(weft_vector_assign(w.w3, nullptr, nullptr, freed_vector(), kI2, 2, nullptr))},
      {"matrix_set_element: a matrix as xtype", WEFT_INVALID_HANDLE, "weft_matrix_set_element", "xtype",
       CALL(weft_matrix_set_element(w.C, 0, 0, &w.dval, as<weft_type>(w.C)))},
      {"matrix_build: a monoid as dup", WEFT_INVALID_HANDLE, "weft_matrix_build", "dup",
       CALL(weft_matrix_build(w.E, kI1, kI1, kX4, WEFT_FP64, 1, as<weft_binary_op>(WEFT_PLUS_MONOID_FP64)))},
      {"descriptor_set: a freed descriptor", WEFT_INVALID_HANDLE, "weft_descriptor_set", "desc",
       CALL(weft_descriptor_set(freed_descriptor(), WEFT_OUTP, WEFT_REPLACE))},
      {"matrix_error: a freed matrix", WEFT_INVALID_HANDLE, "weft_matrix_error", "weft_matrix",
       CALL(weft_matrix_error(freed_matrix(), &m.msg))},
      // Constructors: the handle out-argument stays as it was.
      {"matrix_new: a matrix as the type", WEFT_INVALID_HANDLE, "weft_matrix_new", "type",
       CALL(weft_matrix_new(as<weft_type>(w.A), 2, 2, &m.mat))},
      {"matrix_new: a freed type", WEFT_INVALID_HANDLE, "weft_matrix_new", "type",
       CALL(weft_matrix_new(wt::freed_handle(), 2, 2, &m.mat))},
      {"vector_new: NULL type", WEFT_INVALID_HANDLE, "weft_vector_new", "type",
       CALL(weft_vector_new(nullptr, 3, &m.vec))},
      {"scalar_new: garbage type", WEFT_INVALID_HANDLE, "weft_scalar_new", "type",
       CALL(weft_scalar_new(garbage<weft_type>(), &m.sca))},
      {"matrix_dup: a freed matrix", WEFT_INVALID_HANDLE, "weft_matrix_dup", "weft_matrix",
       CALL(weft_matrix_dup(freed_matrix(), &m.mat))},
      {"vector_dup: a matrix", WEFT_INVALID_HANDLE, "weft_vector_dup", "weft_vector",
       CALL(weft_vector_dup(as<weft_vector>(w.A), &m.vec))},
      {"scalar_dup: garbage", WEFT_INVALID_HANDLE, "weft_scalar_dup", "weft_scalar",
       CALL(weft_scalar_dup(garbage<weft_scalar>(), &m.sca))},
      {"matrix_diag: a matrix as v", WEFT_INVALID_HANDLE, "weft_matrix_diag", "v",
       CALL(weft_matrix_diag(as<weft_vector>(w.A), 0, &m.mat))},
      {"semiring_new: an operator as the monoid", WEFT_INVALID_HANDLE, "weft_semiring_new", "add",
       CALL(weft_semiring_new(as<weft_monoid>(WEFT_PLUS_FP64), WEFT_TIMES_FP64, &m.sem))},
      {"semiring_new: a monoid as the multiply", WEFT_INVALID_HANDLE, "weft_semiring_new", "multiply",
       CALL(weft_semiring_new(WEFT_PLUS_MONOID_FP64, as<weft_binary_op>(WEFT_TIMES_MONOID_FP64), &m.sem))},
      {"monoid_new: a monoid as the operator", WEFT_INVALID_HANDLE, "weft_monoid_new", "op",
       CALL(weft_monoid_new(as<weft_binary_op>(WEFT_PLUS_MONOID_FP64), &zero, &m.mon))},
      {"monoid_new: a freed operator", WEFT_INVALID_HANDLE, "weft_monoid_new", "op",
       CALL(weft_monoid_new(freed_binary_op(), &zero, &m.mon))},
      {"binary_op_new: a matrix as a domain", WEFT_INVALID_HANDLE, "weft_binary_op_new", "ytype",
       CALL(weft_binary_op_new(fp64_plus_fn, WEFT_FP64, WEFT_FP64, as<weft_type>(w.A), &m.bop))},
  };
  expect_cases(w, cases);
}

// ---------------------------------------------------------------------------------
// Dimensions 0 or beyond WEFT_INDEX_MAX, and other invalid scalar arguments:
// WEFT_INVALID_VALUE, the out-handle untouched and a resized object unchanged.
// ---------------------------------------------------------------------------------
TEST(Errors, InvalidDimensions) {
  World w;
  CallerMemory &m = w.mem;
  const int64_t too_big = WEFT_INDEX_MAX + 1;
  const std::vector<Case> cases = {
      {"matrix_new: 0 rows", WEFT_INVALID_VALUE, "weft_matrix_new", "nrows",
       CALL(weft_matrix_new(WEFT_FP64, 0, 2, &m.mat))},
      {"matrix_new: 0 columns", WEFT_INVALID_VALUE, "weft_matrix_new", "ncols",
       CALL(weft_matrix_new(WEFT_FP64, 2, 0, &m.mat))},
      {"matrix_new: negative rows", WEFT_INVALID_VALUE, "weft_matrix_new", "nrows",
       CALL(weft_matrix_new(WEFT_FP64, -1, 2, &m.mat))},
      {"matrix_new: rows > WEFT_INDEX_MAX", WEFT_INVALID_VALUE, "weft_matrix_new", "nrows",
       CALL(weft_matrix_new(WEFT_FP64, too_big, 2, &m.mat))},
      {"matrix_new: columns > WEFT_INDEX_MAX", WEFT_INVALID_VALUE, "weft_matrix_new", "ncols",
       CALL(weft_matrix_new(WEFT_FP64, 2, INT64_MAX, &m.mat))},
      {"vector_new: size 0", WEFT_INVALID_VALUE, "weft_vector_new", "n", CALL(weft_vector_new(WEFT_FP64, 0, &m.vec))},
      {"vector_new: size > WEFT_INDEX_MAX", WEFT_INVALID_VALUE, "weft_vector_new", "n",
       CALL(weft_vector_new(WEFT_FP64, too_big, &m.vec))},
      {"matrix_resize: 0 rows", WEFT_INVALID_VALUE, "weft_matrix_resize", "nrows", CALL(weft_matrix_resize(w.A, 0, 4))},
      {"matrix_resize: columns > WEFT_INDEX_MAX", WEFT_INVALID_VALUE, "weft_matrix_resize", "ncols",
       CALL(weft_matrix_resize(w.A, 3, too_big))},
      {"vector_resize: size 0", WEFT_INVALID_VALUE, "weft_vector_resize", "n", CALL(weft_vector_resize(w.u4, 0))},
      {"vector_resize: negative size", WEFT_INVALID_VALUE, "weft_vector_resize", "n",
       CALL(weft_vector_resize(w.u4, -4))},
      {"matrix_import: 0 rows", WEFT_INVALID_VALUE, "weft_matrix_import", "nrows",
       CALL(weft_matrix_import(WEFT_FP64, 0, 2, WEFT_FORMAT_COO, kI1, kI1, kX4, WEFT_FP64, 1, &m.mat))},
      {"matrix_import: columns > WEFT_INDEX_MAX", WEFT_INVALID_VALUE, "weft_matrix_import", "ncols",
       CALL(weft_matrix_import(WEFT_FP64, 2, too_big, WEFT_FORMAT_COO, kI1, kI1, kX4, WEFT_FP64, 1, &m.mat))},
      // A marker cannot be a domain.
      {"matrix_new: WEFT_LB as the type", WEFT_INVALID_VALUE, "weft_matrix_new", "type",
       CALL(weft_matrix_new(WEFT_LB, 2, 2, &m.mat))},
      {"scalar_new: WEFT_UB as the type", WEFT_INVALID_VALUE, "weft_scalar_new", "type",
       CALL(weft_scalar_new(WEFT_UB, &m.sca))},
      // Negative counts.
      {"matrix_build: n < 0", WEFT_INVALID_VALUE, "weft_matrix_build", "n",
       CALL(weft_matrix_build(w.E, kI1, kI1, kX4, WEFT_FP64, -1, nullptr))},
      {"matrix_extract_tuples: capacity < 0", WEFT_INVALID_VALUE, "weft_matrix_extract_tuples", "capacity",
       CALL(weft_matrix_extract_tuples(w.A, -1, m.I, m.J, m.X, WEFT_FP64, &m.n))},
      {"matrix_extract: ni < 0", WEFT_INVALID_VALUE, "weft_matrix_extract", "I",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.A, kI3, -3, kI2, 2, nullptr))},
  };
  expect_cases(w, cases);
  // The largest dimension is accepted (a vector costs O(1) whatever its size).
  weft_vector big = nullptr;
  OK(weft_vector_new(WEFT_FP64, WEFT_INDEX_MAX, &big));
  int64_t n = 0;
  OK(weft_vector_size(big, &n));
  EXPECT_EQ(WEFT_INDEX_MAX, n);
  OK(weft_vector_free(&big));
}

// ---------------------------------------------------------------------------------
// Shapes that do not fit (after the descriptor's transposes), and masks of another
// shape than the output: WEFT_DIMENSION_MISMATCH for every operation.
// ---------------------------------------------------------------------------------
TEST(Errors, DimensionMismatch) {
  World w;
  const weft_binary_op plus = WEFT_PLUS_FP64, times = WEFT_TIMES_FP64;
  const weft_monoid sum = WEFT_PLUS_MONOID_FP64;
  const int64_t I4[] = {0, 1, 2, 0};
  const std::vector<Case> cases = {
      // mxm: C (3x2) = A (3x4) * B (4x2) fits; each case breaks one rule.
      {"mxm: columns of A != rows of B", WEFT_DIMENSION_MISMATCH, "weft_mxm", "rows of B",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.A, nullptr))},
      {"mxm: A transposed no longer fits", WEFT_DIMENSION_MISMATCH, "weft_mxm", "rows of B",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.B, WEFT_DESC_T0))},
      {"mxm: B transposed no longer fits", WEFT_DIMENSION_MISMATCH, "weft_mxm", "rows of B",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.B, WEFT_DESC_T1))},
      {"mxm: result columns != C's", WEFT_DIMENSION_MISMATCH, "weft_mxm", "columns",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.Q, nullptr))},
      {"mxm: result rows != C's", WEFT_DIMENSION_MISMATCH, "weft_mxm", "rows",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.Q, w.B, nullptr))},
      {"mxm: user descriptor transposes A", WEFT_DIMENSION_MISMATCH, "weft_mxm", "rows of B",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.B, w.desc))},
      {"mxm: mask shape", WEFT_DIMENSION_MISMATCH, "weft_mxm", "mask",
       CALL(weft_mxm(w.C, w.M22, nullptr, PT, w.A, w.B, nullptr))},
      {"mxm: structural complemented mask shape", WEFT_DIMENSION_MISMATCH, "weft_mxm", "mask",
       CALL(weft_mxm(w.C, w.M22, nullptr, PT, w.A, w.B, WEFT_DESC_SC))},
      // mxv: w3 = A (3x4) * u4.
      {"mxv: size of u != columns of A", WEFT_DIMENSION_MISMATCH, "weft_mxv", "u",
       CALL(weft_mxv(w.w3, nullptr, nullptr, PT, w.A, w.w3, nullptr))},
      {"mxv: A transposed", WEFT_DIMENSION_MISMATCH, "weft_mxv", "u",
       CALL(weft_mxv(w.w3, nullptr, nullptr, PT, w.A, w.u4, WEFT_DESC_T0))},
      {"mxv: result size != w's", WEFT_DIMENSION_MISMATCH, "weft_mxv", "output",
       CALL(weft_mxv(w.u4, nullptr, nullptr, PT, w.A, w.u4, nullptr))},
      {"mxv: mask size", WEFT_DIMENSION_MISMATCH, "weft_mxv", "mask",
       CALL(weft_mxv(w.w3, w.m4, nullptr, PT, w.A, w.u4, nullptr))},
      // vxm: u4' = w3' * A (3x4).
      {"vxm: size of u != rows of A", WEFT_DIMENSION_MISMATCH, "weft_vxm", "u",
       CALL(weft_vxm(w.u4, nullptr, nullptr, PT, w.u4, w.A, nullptr))},
      {"vxm: A transposed", WEFT_DIMENSION_MISMATCH, "weft_vxm", "u",
       CALL(weft_vxm(w.u4, nullptr, nullptr, PT, w.w3, w.A, WEFT_DESC_T1))},
      {"vxm: result size != w's", WEFT_DIMENSION_MISMATCH, "weft_vxm", "output",
       CALL(weft_vxm(w.w3, nullptr, nullptr, PT, w.w3, w.A, nullptr))},
      {"vxm: mask size", WEFT_DIMENSION_MISMATCH, "weft_vxm", "mask",
       CALL(weft_vxm(w.u4, w.m3, nullptr, PT, w.w3, w.A, nullptr))},
      // Element-wise: A and B of one shape, that shape C's.
      {"matrix_ewise_add: A and B differ", WEFT_DIMENSION_MISMATCH, "weft_matrix_ewise_add", "rows of A",
       CALL(weft_matrix_ewise_add(w.C, nullptr, nullptr, plus, w.A, w.B, nullptr))},
      {"matrix_ewise_mult: result != C", WEFT_DIMENSION_MISMATCH, "weft_matrix_ewise_mult", "output",
       CALL(weft_matrix_ewise_mult(w.C, nullptr, nullptr, times, w.A, w.A, nullptr))},
      {"matrix_ewise_union: B transposed", WEFT_DIMENSION_MISMATCH, "weft_matrix_ewise_union", "B",
       CALL(weft_matrix_ewise_union(w.C, nullptr, nullptr, plus, w.C, w.x, w.C, w.x, WEFT_DESC_T1))},
      {"matrix_ewise_add: mask shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_ewise_add", "mask",
       CALL(weft_matrix_ewise_add(w.C, w.M22, nullptr, plus, w.C, w.C, nullptr))},
      {"vector_ewise_add: sizes differ", WEFT_DIMENSION_MISMATCH, "weft_vector_ewise_add", "B",
       CALL(weft_vector_ewise_add(w.w3, nullptr, nullptr, plus, w.w3, w.u4, nullptr))},
      {"vector_ewise_mult: result != w", WEFT_DIMENSION_MISMATCH, "weft_vector_ewise_mult", "output",
       CALL(weft_vector_ewise_mult(w.w3, nullptr, nullptr, times, w.u4, w.u4, nullptr))},
      {"vector_ewise_union: mask size", WEFT_DIMENSION_MISMATCH, "weft_vector_ewise_union", "mask",
       CALL(weft_vector_ewise_union(w.w3, w.m4, nullptr, plus, w.w3, w.x, w.w3, w.x, nullptr))},
      // apply and select: T has A's shape (transposed with WEFT_INP0).
      {"matrix_apply: A's shape != C's", WEFT_DIMENSION_MISMATCH, "weft_matrix_apply", "output",
       CALL(weft_matrix_apply(w.C, nullptr, nullptr, WEFT_AINV_FP64, w.A, nullptr))},
      {"matrix_apply: A transposed", WEFT_DIMENSION_MISMATCH, "weft_matrix_apply", "output",
       CALL(weft_matrix_apply(w.C, nullptr, nullptr, WEFT_AINV_FP64, w.C, WEFT_DESC_T0))},
      {"matrix_apply_first: mask shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_apply_first", "mask",
       CALL(weft_matrix_apply_first(w.C, w.M22, nullptr, plus, w.x, w.C, nullptr))},
      {"matrix_apply_second: A's shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_apply_second", "output",
       CALL(weft_matrix_apply_second(w.C, nullptr, nullptr, plus, w.A, w.x, nullptr))},
      {"matrix_apply_index: A's shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_apply_index", "output",
       CALL(weft_matrix_apply_index(w.C, nullptr, nullptr, WEFT_ROWINDEX_INT64, w.A, w.i1, nullptr))},
      {"vector_apply: u's size", WEFT_DIMENSION_MISMATCH, "weft_vector_apply", "output",
       CALL(weft_vector_apply(w.w3, nullptr, nullptr, WEFT_AINV_FP64, w.u4, nullptr))},
      {"vector_apply_first: u's size", WEFT_DIMENSION_MISMATCH, "weft_vector_apply_first", "output",
       CALL(weft_vector_apply_first(w.w3, nullptr, nullptr, plus, w.x, w.u4, nullptr))},
      {"vector_apply_second: mask size", WEFT_DIMENSION_MISMATCH, "weft_vector_apply_second", "mask",
       CALL(weft_vector_apply_second(w.w3, w.m4, nullptr, plus, w.w3, w.x, nullptr))},
      {"vector_apply_index: u's size", WEFT_DIMENSION_MISMATCH, "weft_vector_apply_index", "output",
       CALL(weft_vector_apply_index(w.w3, nullptr, nullptr, WEFT_ROWINDEX_INT64, w.u4, w.i1, nullptr))},
      {"matrix_select: A's shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_select", "output",
       CALL(weft_matrix_select(w.C, nullptr, nullptr, WEFT_TRIL, w.A, w.i1, nullptr))},
      {"matrix_select: mask shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_select", "mask",
       CALL(weft_matrix_select(w.C, w.M22, nullptr, WEFT_TRIL, w.C, w.i1, nullptr))},
      {"vector_select: u's size", WEFT_DIMENSION_MISMATCH, "weft_vector_select", "output",
       CALL(weft_vector_select(w.w3, nullptr, nullptr, WEFT_VALUEGT_FP64, w.u4, w.x, nullptr))},
      // reduce to a vector: w has A's rows (columns with WEFT_INP0 = WEFT_TRAN).
      {"matrix_reduce: w's size != rows of A", WEFT_DIMENSION_MISMATCH, "weft_matrix_reduce", "output",
       CALL(weft_matrix_reduce(w.u4, nullptr, nullptr, sum, w.A, nullptr))},
      {"matrix_reduce: columns of A", WEFT_DIMENSION_MISMATCH, "weft_matrix_reduce", "output",
       CALL(weft_matrix_reduce(w.w3, nullptr, nullptr, sum, w.A, WEFT_DESC_T0))},
      {"matrix_reduce: mask size", WEFT_DIMENSION_MISMATCH, "weft_matrix_reduce", "mask",
       CALL(weft_matrix_reduce(w.w3, w.m4, nullptr, sum, w.A, nullptr))},
      // transpose.
      {"transpose: A' != C's shape", WEFT_DIMENSION_MISMATCH, "weft_transpose", "output",
       CALL(weft_transpose(w.C, nullptr, nullptr, w.A, nullptr))},
      {"transpose: a copy of B != C's shape", WEFT_DIMENSION_MISMATCH, "weft_transpose", "output",
       CALL(weft_transpose(w.C, nullptr, nullptr, w.B, WEFT_DESC_T0))},
      {"transpose: mask shape", WEFT_DIMENSION_MISMATCH, "weft_transpose", "mask",
       CALL(weft_transpose(w.C, w.M22, nullptr, w.C, WEFT_DESC_T0))},
      // extract: ni x nj is C's shape; WEFT_ALL's count is the dimension it lists.
      {"matrix_extract: nj != columns of C", WEFT_DIMENSION_MISMATCH, "weft_matrix_extract", "columns",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.A, kI3, 3, kI3, 3, nullptr))},
      {"matrix_extract: WEFT_ALL count != rows of A", WEFT_DIMENSION_MISMATCH, "weft_matrix_extract", "WEFT_ALL",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.Q, WEFT_ALL, 3, kI2, 2, nullptr))},
      {"matrix_extract: mask shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_extract", "mask",
       CALL(weft_matrix_extract(w.C, w.M22, nullptr, w.A, kI3, 3, kI2, 2, nullptr))},
      {"vector_extract: ni != size of w", WEFT_DIMENSION_MISMATCH, "weft_vector_extract", "output",
       CALL(weft_vector_extract(w.w3, nullptr, nullptr, w.u4, kI2, 2, nullptr))},
      {"vector_extract: WEFT_ALL count != size of u", WEFT_DIMENSION_MISMATCH, "weft_vector_extract", "WEFT_ALL",
       CALL(weft_vector_extract(w.w3, nullptr, nullptr, w.u4, WEFT_ALL, 3, nullptr))},
      {"col_extract: ni != size of w", WEFT_DIMENSION_MISMATCH, "weft_col_extract", "output",
       CALL(weft_col_extract(w.w3, nullptr, nullptr, w.A, kI2, 2, 0, nullptr))},
      {"col_extract: WEFT_ALL count != column length", WEFT_DIMENSION_MISMATCH, "weft_col_extract", "WEFT_ALL",
       CALL(weft_col_extract(w.u4, nullptr, nullptr, w.A, WEFT_ALL, 4, 0, nullptr))},
      {"col_extract: mask size", WEFT_DIMENSION_MISMATCH, "weft_col_extract", "mask",
       CALL(weft_col_extract(w.w3, w.m4, nullptr, w.A, kI3, 3, 0, nullptr))},
      // assign: A is ni x nj; the mask has C's shape (not the region's).
      {"matrix_assign: rows of A != ni", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign", "rows of A",
       CALL(weft_matrix_assign(w.C, nullptr, nullptr, w.A, kI2, 2, kI2, 2, nullptr))},
      {"matrix_assign: A transposed", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign", "columns of A",
       CALL(weft_matrix_assign(w.C, nullptr, nullptr, w.B, kI2, 2, kI2, 2, WEFT_DESC_T0))},
      {"matrix_assign: WEFT_ALL count != columns of C", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign", "WEFT_ALL",
       CALL(weft_matrix_assign(w.C, nullptr, nullptr, w.S, WEFT_ALL, 3, WEFT_ALL, 3, nullptr))},
      {"matrix_assign: a mask of the region's shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign", "mask",
       CALL(weft_matrix_assign(w.C, w.M22, nullptr, w.M22, kI2, 2, kI2, 2, nullptr))},
      {"matrix_assign_scalar: more row indices than rows", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign_scalar",
       "row indices", CALL(weft_matrix_assign_scalar(w.C, nullptr, nullptr, w.x, I4, 4, kI2, 2, nullptr))},
      {"matrix_assign_scalar: WEFT_ALL count != rows", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign_scalar", "WEFT_ALL",
       CALL(weft_matrix_assign_scalar(w.C, nullptr, nullptr, w.x, WEFT_ALL, 2, WEFT_ALL, 2, nullptr))},
      {"vector_assign: size of u != ni", WEFT_DIMENSION_MISMATCH, "weft_vector_assign", "indices",
       CALL(weft_vector_assign(w.w3, nullptr, nullptr, w.u4, kI3, 3, nullptr))},
      {"vector_assign_scalar: mask size", WEFT_DIMENSION_MISMATCH, "weft_vector_assign_scalar", "mask",
       CALL(weft_vector_assign_scalar(w.w3, w.m4, nullptr, w.x, kI2, 2, nullptr))},
      {"row_assign: size of u != nj", WEFT_DIMENSION_MISMATCH, "weft_row_assign", "indices",
       CALL(weft_row_assign(w.C, nullptr, nullptr, w.u4, 0, kI2, 2, nullptr))},
      {"row_assign: mask size != columns of C", WEFT_DIMENSION_MISMATCH, "weft_row_assign", "mask",
       CALL(weft_row_assign(w.C, w.m3, nullptr, w.v2, 0, kI2, 2, nullptr))},
      {"col_assign: size of u != ni", WEFT_DIMENSION_MISMATCH, "weft_col_assign", "indices",
       CALL(weft_col_assign(w.C, nullptr, nullptr, w.v2, kI3, 3, 0, nullptr))},
      {"col_assign: mask size != rows of C", WEFT_DIMENSION_MISMATCH, "weft_col_assign", "mask",
       CALL(weft_col_assign(w.C, w.m4, nullptr, w.w3, kI3, 3, 0, nullptr))},
      {"matrix_subassign: a mask of C's shape", WEFT_DIMENSION_MISMATCH, "weft_matrix_subassign", "mask",
       CALL(weft_matrix_subassign(w.C, w.M, nullptr, w.M22, kI2, 2, kI2, 2, nullptr))},
      // kronecker: C is (rows A * rows B) x (columns A * columns B).
      {"kronecker: product shape != C's", WEFT_DIMENSION_MISMATCH, "weft_kronecker", "output",
       CALL(weft_kronecker(w.C, nullptr, nullptr, times, w.A, w.B, nullptr))},
      {"kronecker: A transposed", WEFT_DIMENSION_MISMATCH, "weft_kronecker", "output",
       CALL(weft_kronecker(w.C, nullptr, nullptr, times, w.C, w.O, WEFT_DESC_T0))},
      {"kronecker: mask shape", WEFT_DIMENSION_MISMATCH, "weft_kronecker", "mask",
       CALL(weft_kronecker(w.C, w.M22, nullptr, times, w.C, w.O, nullptr))},
  };
  expect_cases(w, cases);
}

// ---------------------------------------------------------------------------------
// Domains: a user-defined domain (struct Pair) meets only itself; a valued mask needs a
// predefined domain; the operator's and the accumulator's domain rules.
// ---------------------------------------------------------------------------------
TEST(Errors, DomainMismatch) {
  World w;
  CallerMemory &m = w.mem;
  const weft_binary_op plus = WEFT_PLUS_FP64, times = WEFT_TIMES_FP64;
  const weft_monoid sum = WEFT_PLUS_MONOID_FP64;
  const Pair pp[2] = {{1, 0, 1}, {2, 0, 2}};
  const double dd[2] = {1, 2};
  const std::vector<Case> cases = {
      // mxm and friends: inputs into the multiply, its result into C, the mask, accum.
      {"mxm: Pair A into an FP64 multiply", WEFT_DOMAIN_MISMATCH, "weft_mxm", "A",
       CALL(weft_mxm(w.C, nullptr, nullptr, PT, w.U, w.B, nullptr))},
      {"mxm: FP64 A into a Pair multiply", WEFT_DOMAIN_MISMATCH, "weft_mxm", "A",
       CALL(weft_mxm(w.UC, nullptr, nullptr, w.pair_semiring, w.A, w.UB, nullptr))},
      {"mxm: FP64 result into a Pair C", WEFT_DOMAIN_MISMATCH, "weft_mxm", "output",
       CALL(weft_mxm(w.UC, nullptr, nullptr, PT, w.A, w.B, nullptr))},
      {"mxm: a valued mask of a user-defined domain", WEFT_DOMAIN_MISMATCH, "weft_mxm", "mask",
       CALL(weft_mxm(w.C, w.UC, nullptr, PT, w.A, w.B, nullptr))},
      {"mxm: complemented valued mask of a user-defined domain", WEFT_DOMAIN_MISMATCH, "weft_mxm", "mask",
       CALL(weft_mxm(w.C, w.UC, nullptr, PT, w.A, w.B, WEFT_DESC_C))},
      {"mxm: a Pair accum on an FP64 C", WEFT_DOMAIN_MISMATCH, "weft_mxm", "accum",
       CALL(weft_mxm(w.C, nullptr, w.pair_plus, PT, w.A, w.B, nullptr))},
      {"mxm: an FP64 accum on a Pair C", WEFT_DOMAIN_MISMATCH, "weft_mxm", "accum",
       CALL(weft_mxm(w.UC, nullptr, plus, w.pair_semiring, w.U, w.UB, nullptr))},
      {"mxv: Pair C", WEFT_DOMAIN_MISMATCH, "weft_mxv", "output",
       CALL(weft_mxv(w.uU, nullptr, nullptr, PT, w.A, w.u4, nullptr))},
      {"mxv: a valued Pair mask", WEFT_DOMAIN_MISMATCH, "weft_mxv", "mask",
       CALL(weft_mxv(w.w3, w.uU, nullptr, PT, w.A, w.u4, nullptr))},
      {"vxm: Pair u", WEFT_DOMAIN_MISMATCH, "weft_vxm", "u",
       CALL(weft_vxm(w.u4, nullptr, nullptr, PT, w.uU, w.A, nullptr))},
      // Element-wise: inputs into the operator; with add, lone entries into its output.
      {"matrix_ewise_add: Pair A into an FP64 op", WEFT_DOMAIN_MISMATCH, "weft_matrix_ewise_add", "A",
       CALL(weft_matrix_ewise_add(w.C, nullptr, nullptr, plus, w.UC, w.C, nullptr))},
      {"matrix_ewise_add: FP64 lone entries into a Pair result", WEFT_DOMAIN_MISMATCH, "weft_matrix_ewise_add", "lone",
       CALL(weft_matrix_ewise_add(w.UC, nullptr, nullptr, w.to_pair, w.C, w.C, nullptr))},
      {"matrix_ewise_mult: Pair result into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_matrix_ewise_mult", "output",
       CALL(weft_matrix_ewise_mult(w.C, nullptr, nullptr, w.to_pair, w.C, w.C, nullptr))},
      {"matrix_ewise_union: Pair alpha", WEFT_DOMAIN_MISMATCH, "weft_matrix_ewise_union", "alpha",
       CALL(weft_matrix_ewise_union(w.C, nullptr, nullptr, plus, w.C, w.xU, w.C, w.x, nullptr))},
      {"vector_ewise_mult: a valued Pair mask", WEFT_DOMAIN_MISMATCH, "weft_vector_ewise_mult", "mask",
       CALL(weft_vector_ewise_mult(w.w3, w.uU, nullptr, times, w.w3, w.w3, nullptr))},
      {"vector_ewise_add: a Pair accum", WEFT_DOMAIN_MISMATCH, "weft_vector_ewise_add", "accum",
       CALL(weft_vector_ewise_add(w.w3, nullptr, w.pair_plus, plus, w.w3, w.w3, nullptr))},
      // apply and select.
      {"matrix_apply: FP64 A into a Pair op", WEFT_DOMAIN_MISMATCH, "weft_matrix_apply", "A",
       CALL(weft_matrix_apply(w.C, nullptr, nullptr, w.pair_neg, w.C, nullptr))},
      {"matrix_apply: Pair A into an FP64 op", WEFT_DOMAIN_MISMATCH, "weft_matrix_apply", "A",
       CALL(weft_matrix_apply(w.C, nullptr, nullptr, WEFT_AINV_FP64, w.UC, nullptr))},
      {"matrix_apply: Pair result into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_matrix_apply", "output",
       CALL(weft_matrix_apply(w.C, nullptr, nullptr, w.pair_neg, w.UC, nullptr))},
      {"matrix_apply_first: a Pair scalar", WEFT_DOMAIN_MISMATCH, "weft_matrix_apply_first", "x",
       CALL(weft_matrix_apply_first(w.C, nullptr, nullptr, plus, w.xU, w.C, nullptr))},
      {"matrix_apply_second: an FP64 scalar into a Pair op", WEFT_DOMAIN_MISMATCH, "weft_matrix_apply_second", "y",
       CALL(weft_matrix_apply_second(w.UC, nullptr, nullptr, w.pair_plus, w.UC, w.x, nullptr))},
      {"matrix_apply_index: Pair A into a value test", WEFT_DOMAIN_MISMATCH, "weft_matrix_apply_index", "A",
       CALL(weft_matrix_apply_index(w.C, nullptr, nullptr, WEFT_VALUEGT_FP64, w.UC, w.x, nullptr))},
      {"vector_apply_index: a Pair thunk", WEFT_DOMAIN_MISMATCH, "weft_vector_apply_index", "thunk",
       CALL(weft_vector_apply_index(w.w3, nullptr, nullptr, WEFT_VALUEGT_FP64, w.w3, w.xU, nullptr))},
      {"matrix_select: a Pair-valued condition", WEFT_DOMAIN_MISMATCH, "weft_matrix_select", "condition",
       CALL(weft_matrix_select(w.C, nullptr, nullptr, w.pair_at, w.C, w.x, nullptr))},
      {"matrix_select: Pair entries kept into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_matrix_select", "output",
       CALL(weft_matrix_select(w.C, nullptr, nullptr, WEFT_TRIL, w.UC, w.i1, nullptr))},
      {"vector_select: a valued Pair mask", WEFT_DOMAIN_MISMATCH, "weft_vector_select", "mask",
       CALL(weft_vector_select(w.w3, w.uU, nullptr, WEFT_VALUEGT_FP64, w.w3, w.x, nullptr))},
      // reduce: A into the monoid, the monoid's domain into w / s.
      {"matrix_reduce: Pair A into an FP64 monoid", WEFT_DOMAIN_MISMATCH, "weft_matrix_reduce", "monoid",
       CALL(weft_matrix_reduce(w.w3, nullptr, nullptr, sum, w.U, nullptr))},
      {"matrix_reduce: FP64 A into a Pair monoid", WEFT_DOMAIN_MISMATCH, "weft_matrix_reduce", "monoid",
       CALL(weft_matrix_reduce(w.w3, nullptr, nullptr, w.pair_monoid, w.A, nullptr))},
      {"matrix_reduce: FP64 sums into Pair w", WEFT_DOMAIN_MISMATCH, "weft_matrix_reduce", "output",
       CALL(weft_matrix_reduce(w.uU, nullptr, nullptr, sum, w.A, nullptr))},
      {"matrix_reduce_scalar: a Pair sum into an FP64 scalar", WEFT_DOMAIN_MISMATCH, "weft_matrix_reduce_scalar",
       "output", CALL(weft_matrix_reduce_scalar(w.s, nullptr, w.pair_monoid, w.U, nullptr))},
      {"vector_reduce_scalar: a Pair accum", WEFT_DOMAIN_MISMATCH, "weft_vector_reduce_scalar", "accum",
       CALL(weft_vector_reduce_scalar(w.s, w.pair_plus, sum, w.w3, nullptr))},
      {"vector_reduce_scalar: Pair u into an FP64 monoid", WEFT_DOMAIN_MISMATCH, "weft_vector_reduce_scalar", "monoid",
       CALL(weft_vector_reduce_scalar(w.s, nullptr, sum, w.uU, nullptr))},
      // transpose, extract, assign, kronecker: values of A into C.
      {"transpose: Pair A into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_transpose", "output",
       CALL(weft_transpose(w.C, nullptr, nullptr, w.UC, WEFT_DESC_T0))},
      {"transpose: a valued Pair mask", WEFT_DOMAIN_MISMATCH, "weft_transpose", "mask",
       CALL(weft_transpose(w.C, w.UC, nullptr, w.C, WEFT_DESC_T0))},
      {"matrix_extract: Pair A into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_matrix_extract", "output",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.U, kI3, 3, kI2, 2, nullptr))},
      {"vector_extract: Pair u into FP64 w", WEFT_DOMAIN_MISMATCH, "weft_vector_extract", "output",
       CALL(weft_vector_extract(w.w3, nullptr, nullptr, w.uU, WEFT_ALL, 3, nullptr))},
      {"col_extract: FP64 A into Pair w", WEFT_DOMAIN_MISMATCH, "weft_col_extract", "output",
       CALL(weft_col_extract(w.uU, nullptr, nullptr, w.A, WEFT_ALL, 3, 0, nullptr))},
      {"matrix_assign: Pair A into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_matrix_assign", "output",
       CALL(weft_matrix_assign(w.C, nullptr, nullptr, w.UC, WEFT_ALL, 3, WEFT_ALL, 2, nullptr))},
      {"matrix_assign_scalar: a Pair scalar into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_matrix_assign_scalar", "output",
       CALL(weft_matrix_assign_scalar(w.C, nullptr, nullptr, w.xU, kI2, 2, kI2, 2, nullptr))},
      {"vector_assign: Pair u into FP64 w", WEFT_DOMAIN_MISMATCH, "weft_vector_assign", "output",
       CALL(weft_vector_assign(w.w3, nullptr, nullptr, w.uU, WEFT_ALL, 3, nullptr))},
      {"vector_assign_scalar: an FP64 scalar into Pair w", WEFT_DOMAIN_MISMATCH, "weft_vector_assign_scalar", "output",
       CALL(weft_vector_assign_scalar(w.uU, nullptr, nullptr, w.x, kI2, 2, nullptr))},
      {"row_assign: a Pair accum", WEFT_DOMAIN_MISMATCH, "weft_row_assign", "accum",
       CALL(weft_row_assign(w.C, nullptr, w.pair_plus, w.v2, 0, WEFT_ALL, 2, nullptr))},
      {"col_assign: FP64 u into Pair C", WEFT_DOMAIN_MISMATCH, "weft_col_assign", "output",
       CALL(weft_col_assign(w.UC, nullptr, nullptr, w.w3, WEFT_ALL, 3, 0, nullptr))},
      {"matrix_subassign: Pair A into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_matrix_subassign", "output",
       CALL(weft_matrix_subassign(w.C, nullptr, nullptr, w.UC, WEFT_ALL, 3, WEFT_ALL, 2, nullptr))},
      {"kronecker: Pair A into an FP64 op", WEFT_DOMAIN_MISMATCH, "weft_kronecker", "A",
       CALL(weft_kronecker(w.C, nullptr, nullptr, times, w.UC, w.O, nullptr))},
      {"kronecker: Pair result into FP64 C", WEFT_DOMAIN_MISMATCH, "weft_kronecker", "output",
       CALL(weft_kronecker(w.C, nullptr, nullptr, w.to_pair, w.C, w.O, nullptr))},
      // Elements and tuples: caller values against the collection's domain.
      {"matrix_set_element: a Pair into FP64", WEFT_DOMAIN_MISMATCH, "weft_matrix_set_element", "x",
       CALL(weft_matrix_set_element(w.C, 0, 0, &w.pval, w.pair))},
      {"matrix_set_element: another struct into Pair", WEFT_DOMAIN_MISMATCH, "weft_matrix_set_element", "x",
       CALL(weft_matrix_set_element(w.UC, 0, 0, &w.pval, w.pair2))},
      {"matrix_extract_element: Pair as FP64", WEFT_DOMAIN_MISMATCH, "weft_matrix_extract_element", "x",
       CALL(weft_matrix_extract_element(w.UC, 1, 0, WEFT_FP64, &m.d))},
      {"vector_set_element: FP64 into Pair", WEFT_DOMAIN_MISMATCH, "weft_vector_set_element", "x",
       CALL(weft_vector_set_element(w.uU, 0, &w.dval, WEFT_FP64))},
      {"vector_extract_element: Pair as another struct", WEFT_DOMAIN_MISMATCH, "weft_vector_extract_element", "x",
       CALL(weft_vector_extract_element(w.uU, 2, w.pair2, &m.p))},
      {"scalar_set_element: a Pair into FP64", WEFT_DOMAIN_MISMATCH, "weft_scalar_set_element", "x",
       CALL(weft_scalar_set_element(w.s, &w.pval, w.pair))},
      {"scalar_extract_element: Pair as FP64", WEFT_DOMAIN_MISMATCH, "weft_scalar_extract_element", "x",
       CALL(weft_scalar_extract_element(w.xU, WEFT_FP64, &m.d))},
      {"matrix_extract_tuples: Pair as FP64", WEFT_DOMAIN_MISMATCH, "weft_matrix_extract_tuples", "X",
       CALL(weft_matrix_extract_tuples(w.UC, 8, m.I, m.J, m.X, WEFT_FP64, &m.n))},
      {"vector_extract_tuples: FP64 as Pair", WEFT_DOMAIN_MISMATCH, "weft_vector_extract_tuples", "X",
       CALL(weft_vector_extract_tuples(w.u4, 8, m.I, &m.p, w.pair, &m.n))},
      {"matrix_build: Pair values into FP64", WEFT_DOMAIN_MISMATCH, "weft_matrix_build", "X",
       CALL(weft_matrix_build(w.E, kI2, kI2, pp, w.pair, 2, nullptr))},
      {"matrix_build: FP64 values into Pair", WEFT_DOMAIN_MISMATCH, "weft_matrix_build", "X",
       CALL(weft_matrix_build(w.UE, kI2, kI2, dd, WEFT_FP64, 2, nullptr))},
      {"vector_build: dup's domains differ (EQ: FP64 x FP64 -> BOOL)", WEFT_DOMAIN_MISMATCH, "weft_vector_build", "dup",
       CALL(weft_vector_build(w.e3, kI2, dd, WEFT_FP64, 2, WEFT_EQ_FP64))},
      // A dup of another predefined domain (PLUS_INT32 on an FP64 vector) is fine: values
      // are cast through it (weft/sparse.h, the spec's "compatible").
      {"matrix_build: a Pair dup on FP64", WEFT_DOMAIN_MISMATCH, "weft_matrix_build", "dup",
       CALL(weft_matrix_build(w.E, kI2, kI2, dd, WEFT_FP64, 2, w.pair_plus))},
  };
  expect_cases(w, cases);
}

// ---------------------------------------------------------------------------------
// The algebra's own domain rules: a monoid's operator has one domain; a semiring's
// multiply gives the monoid's domain. The out-handle stays untouched.
// ---------------------------------------------------------------------------------
TEST(Errors, AlgebraDomainRules) {
  World w;
  CallerMemory &m = w.mem;
  const double zero = 0;
  weft_binary_op mixed = nullptr;  // FP64 x FP64 -> INT32
  OK(weft_binary_op_new(fp64_plus_fn, WEFT_INT32, WEFT_FP64, WEFT_FP64, &mixed));
  weft_binary_op half_pair = nullptr;  // Pair x FP64 -> Pair
  OK(weft_binary_op_new(pair_plus_fn, w.pair, w.pair, WEFT_FP64, &half_pair));
  const std::vector<Case> cases = {
      {"monoid_new: EQ (FP64 x FP64 -> BOOL)", WEFT_DOMAIN_MISMATCH, "weft_monoid_new", "domain",
       CALL(weft_monoid_new(WEFT_EQ_FP64, &zero, &m.mon))},
      {"monoid_new: a user op FP64 x FP64 -> INT32", WEFT_DOMAIN_MISMATCH, "weft_monoid_new", "domain",
       CALL(weft_monoid_new(mixed, &zero, &m.mon))},
      {"monoid_new: a user op Pair x FP64 -> Pair", WEFT_DOMAIN_MISMATCH, "weft_monoid_new", "domain",
       CALL(weft_monoid_new(half_pair, &w.pval, &m.mon))},
      {"monoid_new_terminal: EQ", WEFT_DOMAIN_MISMATCH, "weft_monoid_new_terminal", "domain",
       CALL(weft_monoid_new_terminal(WEFT_EQ_FP64, &zero, &zero, &m.mon))},
      {"semiring_new: multiply gives INT32, monoid is FP64", WEFT_DOMAIN_MISMATCH, "weft_semiring_new", "domain",
       CALL(weft_semiring_new(WEFT_PLUS_MONOID_FP64, WEFT_TIMES_INT32, &m.sem))},
      {"semiring_new: multiply gives BOOL", WEFT_DOMAIN_MISMATCH, "weft_semiring_new", "domain",
       CALL(weft_semiring_new(WEFT_PLUS_MONOID_FP64, WEFT_LT_FP64, &m.sem))},
      {"semiring_new: multiply gives FP64, monoid is Pair", WEFT_DOMAIN_MISMATCH, "weft_semiring_new", "domain",
       CALL(weft_semiring_new(w.pair_monoid, WEFT_TIMES_FP64, &m.sem))},
      {"semiring_new: multiply gives Pair, monoid is FP64", WEFT_DOMAIN_MISMATCH, "weft_semiring_new", "domain",
       CALL(weft_semiring_new(WEFT_PLUS_MONOID_FP64, w.to_pair, &m.sem))},
  };
  expect_cases(w, cases);
  OK(weft_binary_op_free(&mixed));
  OK(weft_binary_op_free(&half_pair));
}

// ---------------------------------------------------------------------------------
// Indices. One position outside the object (elements, and the single row/column of
// row/col assign and col extract) is the API error WEFT_INVALID_INDEX; an index list
// with an index outside (build, extract, assign) is the execution error
// WEFT_INDEX_OUT_OF_BOUNDS. weft leaves the output unchanged in both.
// ---------------------------------------------------------------------------------
TEST(Errors, ElementIndexOutside) {
  World w;
  CallerMemory &m = w.mem;
  const std::vector<Case> cases = {
      {"matrix_set_element: row = nrows", WEFT_INVALID_INDEX, "weft_matrix_set_element", "outside",
       CALL(weft_matrix_set_element(w.C, 3, 0, &w.dval, WEFT_FP64))},
      {"matrix_set_element: column -1", WEFT_INVALID_INDEX, "weft_matrix_set_element", "outside",
       CALL(weft_matrix_set_element(w.C, 0, -1, &w.dval, WEFT_FP64))},
      {"matrix_set_element: WEFT_INDEX_MAX", WEFT_INVALID_INDEX, "weft_matrix_set_element", "outside",
       CALL(weft_matrix_set_element(w.C, WEFT_INDEX_MAX, 0, &w.dval, WEFT_FP64))},
      {"matrix_remove_element: column = ncols", WEFT_INVALID_INDEX, "weft_matrix_remove_element", "outside",
       CALL(weft_matrix_remove_element(w.C, 0, 2))},
      {"matrix_extract_element: row -1", WEFT_INVALID_INDEX, "weft_matrix_extract_element", "outside",
       CALL(weft_matrix_extract_element(w.C, -1, 0, WEFT_FP64, &m.d))},
      {"vector_set_element: i = size", WEFT_INVALID_INDEX, "weft_vector_set_element", "outside",
       CALL(weft_vector_set_element(w.w3, 3, &w.dval, WEFT_FP64))},
      {"vector_remove_element: i -1", WEFT_INVALID_INDEX, "weft_vector_remove_element", "outside",
       CALL(weft_vector_remove_element(w.w3, -1))},
      {"vector_extract_element: i = size", WEFT_INVALID_INDEX, "weft_vector_extract_element", "outside",
       CALL(weft_vector_extract_element(w.u4, 4, WEFT_FP64, &m.d))},
  };
  expect_cases(w, cases);
}

TEST(Errors, SingleRowOrColumnIndexOutside) {
  World w;
  const std::vector<Case> cases = {
      {"col_extract: j = ncols", WEFT_INVALID_INDEX, "weft_col_extract", "j",
       CALL(weft_col_extract(w.w3, nullptr, nullptr, w.A, kI3, 3, 4, nullptr))},
      {"col_extract: j -1", WEFT_INVALID_INDEX, "weft_col_extract", "j",
       CALL(weft_col_extract(w.w3, nullptr, nullptr, w.A, kI3, 3, -1, nullptr))},
      {"col_extract of a row (WEFT_INP0 = WEFT_TRAN): row = nrows", WEFT_INVALID_INDEX, "weft_col_extract", "j",
       CALL(weft_col_extract(w.u4, nullptr, nullptr, w.A, WEFT_ALL, 4, 3, WEFT_DESC_T0))},
      {"row_assign: i = nrows", WEFT_INVALID_INDEX, "weft_row_assign", "i",
       CALL(weft_row_assign(w.C, nullptr, nullptr, w.v2, 3, WEFT_ALL, 2, nullptr))},
      {"row_assign: i -1", WEFT_INVALID_INDEX, "weft_row_assign", "i",
       CALL(weft_row_assign(w.C, nullptr, nullptr, w.v2, -1, WEFT_ALL, 2, nullptr))},
      {"col_assign: j = ncols", WEFT_INVALID_INDEX, "weft_col_assign", "j",
       CALL(weft_col_assign(w.C, nullptr, nullptr, w.w3, WEFT_ALL, 3, 2, nullptr))},
  };
  expect_cases(w, cases);
}

TEST(Errors, IndexListOutOfBounds) {
  World w;
  const int64_t row3[] = {0, 3}, colneg[] = {-1}, i5[] = {5}, mid3[] = {0, 3, 1}, col4[] = {0, 4};
  const int64_t u_out[] = {0, 4, 1}, last3[] = {0, 1, 3}, neg0[] = {-1, 0}, three[] = {3}, col2[] = {0, 2};
  const int64_t five[] = {0, 1, 5}, r13[] = {1, 3};
  const std::vector<Case> cases = {
      {"matrix_build: row = nrows", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_build", "outside",
       CALL(weft_matrix_build(w.E, row3, kI2, kX4, WEFT_FP64, 2, nullptr))},
      {"matrix_build: column -1", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_build", "outside",
       CALL(weft_matrix_build(w.E, kI1, colneg, kX4, WEFT_FP64, 1, nullptr))},
      {"matrix_import: a column index = ncols", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_import", "idx[1]",
       CALL(weft_matrix_import(WEFT_FP64, 3, 2, WEFT_FORMAT_COO, kI2, col2, kX4, WEFT_FP64, 2, &w.mem.mat))},
      {"vector_build: i = 5 of 3", WEFT_INDEX_OUT_OF_BOUNDS, "weft_vector_build", "outside",
       CALL(weft_vector_build(w.e3, i5, kX4, WEFT_FP64, 1, nullptr))},
      {"matrix_extract: I[1] = nrows", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_extract", "I[1]",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.A, mid3, 3, kI2, 2, nullptr))},
      {"matrix_extract: J[1] = ncols", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_extract", "J[1]",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.A, kI3, 3, col4, 2, nullptr))},
      {"matrix_extract: bounds of A transposed", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_extract", "I[2]",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.B, kI3, 3, kI2, 2, WEFT_DESC_T0))},
      {"vector_extract: I[1] = size", WEFT_INDEX_OUT_OF_BOUNDS, "weft_vector_extract", "I[1]",
       CALL(weft_vector_extract(w.w3, nullptr, nullptr, w.u4, u_out, 3, nullptr))},
      {"col_extract: I[2] = nrows", WEFT_INDEX_OUT_OF_BOUNDS, "weft_col_extract", "I[2]",
       CALL(weft_col_extract(w.w3, nullptr, nullptr, w.A, last3, 3, 0, nullptr))},
      {"matrix_assign: I[1] = nrows", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_assign", "I[1]",
       CALL(weft_matrix_assign(w.C, nullptr, nullptr, w.M22, row3, 2, kI2, 2, nullptr))},
      {"matrix_assign with accum: I[1] = nrows", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_assign", "I[1]",
       CALL(weft_matrix_assign(w.C, nullptr, WEFT_PLUS_FP64, w.M22, row3, 2, kI2, 2, nullptr))},
      {"matrix_assign_scalar: J[1] = ncols", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_assign_scalar", "J[1]",
       CALL(weft_matrix_assign_scalar(w.C, nullptr, nullptr, w.x, kI2, 2, col2, 2, nullptr))},
      {"vector_assign: I[0] = -1", WEFT_INDEX_OUT_OF_BOUNDS, "weft_vector_assign", "I[0]",
       CALL(weft_vector_assign(w.w3, nullptr, nullptr, w.v2, neg0, 2, nullptr))},
      {"vector_assign_scalar: I[0] = size", WEFT_INDEX_OUT_OF_BOUNDS, "weft_vector_assign_scalar", "I[0]",
       CALL(weft_vector_assign_scalar(w.w3, nullptr, nullptr, w.x, three, 1, nullptr))},
      {"row_assign: J[1] = ncols", WEFT_INDEX_OUT_OF_BOUNDS, "weft_row_assign", "J[1]",
       CALL(weft_row_assign(w.C, nullptr, nullptr, w.v2, 0, col2, 2, nullptr))},
      {"col_assign: I[2] = 5", WEFT_INDEX_OUT_OF_BOUNDS, "weft_col_assign", "I[2]",
       CALL(weft_col_assign(w.C, nullptr, nullptr, w.w3, five, 3, 1, nullptr))},
      {"matrix_subassign: I[1] = nrows", WEFT_INDEX_OUT_OF_BOUNDS, "weft_matrix_subassign", "I[1]",
       CALL(weft_matrix_subassign(w.C, nullptr, nullptr, w.M22, r13, 2, kI2, 2, nullptr))},
  };
  expect_cases(w, cases);
}

// ---------------------------------------------------------------------------------
// build: the output must be empty; duplicates need dup; on any error it stays empty.
// ---------------------------------------------------------------------------------
TEST(Errors, BuildRules) {
  World w;
  const int64_t I[] = {0, 1, 0}, J[] = {1, 0, 1}, twice[] = {2, 2};
  const std::vector<Case> cases = {
      {"matrix_build: C has entries", WEFT_OUTPUT_NOT_EMPTY, "weft_matrix_build", "entries",
       CALL(weft_matrix_build(w.C, kI1, kI1, kX4, WEFT_FP64, 1, nullptr))},
      {"matrix_build: C has entries, even to build nothing", WEFT_OUTPUT_NOT_EMPTY, "weft_matrix_build", "entries",
       CALL(weft_matrix_build(w.C, kI1, kI1, kX4, WEFT_FP64, 0, nullptr))},
      {"vector_build: w has entries", WEFT_OUTPUT_NOT_EMPTY, "weft_vector_build", "entries",
       CALL(weft_vector_build(w.w3, kI1, kX4, WEFT_FP64, 1, nullptr))},
      {"matrix_build: a duplicate with dup NULL", WEFT_INVALID_VALUE, "weft_matrix_build", "dup",
       CALL(weft_matrix_build(w.E, I, J, kX4, WEFT_FP64, 3, nullptr))},
      {"vector_build: a duplicate with dup NULL", WEFT_INVALID_VALUE, "weft_vector_build", "dup",
       CALL(weft_vector_build(w.e3, twice, kX4, WEFT_FP64, 2, nullptr))},
  };
  expect_cases(w, cases);
  // Entries that are only pending (set_element, not yet assembled) count too.
  weft_matrix P = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 2, 2, &P));
  const double v = 5;
  OK(weft_matrix_set_element(P, 1, 1, &v, WEFT_FP64));
  WT_EXPECT_ERR(WEFT_OUTPUT_NOT_EMPTY, "weft_matrix_build", weft_matrix_build(P, kI1, kI1, kX4, WEFT_FP64, 1, nullptr));
  double got = 0;
  OK(weft_matrix_extract_element(P, 1, 1, WEFT_FP64, &got));
  EXPECT_EQ(v, got);
  int64_t n = -1;
  OK(weft_matrix_nvals(P, &n));
  EXPECT_EQ(1, n);
  OK(weft_matrix_free(&P));
}

// ---------------------------------------------------------------------------------
// extract_tuples: capacity below nvals is WEFT_INSUFFICIENT_SPACE, writing nothing.
// ---------------------------------------------------------------------------------
TEST(Errors, ExtractTuplesCapacity) {
  World w;
  CallerMemory &m = w.mem;
  const std::vector<Case> cases = {
      {"matrix_extract_tuples: capacity 3 < 4", WEFT_INSUFFICIENT_SPACE, "weft_matrix_extract_tuples", "capacity",
       CALL(weft_matrix_extract_tuples(w.A, 3, m.I, m.J, m.X, WEFT_FP64, &m.n))},
      {"matrix_extract_tuples: capacity 0, only counting", WEFT_INSUFFICIENT_SPACE, "weft_matrix_extract_tuples",
       "capacity", CALL(weft_matrix_extract_tuples(w.A, 0, nullptr, nullptr, nullptr, WEFT_FP64, &m.n))},
      {"vector_extract_tuples: capacity 1 < 2", WEFT_INSUFFICIENT_SPACE, "weft_vector_extract_tuples", "capacity",
       CALL(weft_vector_extract_tuples(w.u4, 1, m.I, m.X, WEFT_FP64, &m.n))},
      {"matrix_extract_tuples: Pair values, capacity 0", WEFT_INSUFFICIENT_SPACE, "weft_matrix_extract_tuples",
       "capacity", CALL(weft_matrix_extract_tuples(w.UC, 0, m.I, m.J, &m.p, w.pair, &m.n))},
  };
  expect_cases(w, cases);
}

// ---------------------------------------------------------------------------------
// An empty weft_scalar where a value is needed: WEFT_EMPTY_OBJECT.
// ---------------------------------------------------------------------------------
TEST(Errors, EmptyScalarArguments) {
  World w;
  const weft_binary_op plus = WEFT_PLUS_FP64;
  const std::vector<Case> cases = {
      {"matrix_apply_first", WEFT_EMPTY_OBJECT, "weft_matrix_apply_first", "x",
       CALL(weft_matrix_apply_first(w.C, nullptr, nullptr, plus, w.none, w.C, nullptr))},
      {"matrix_apply_second", WEFT_EMPTY_OBJECT, "weft_matrix_apply_second", "y",
       CALL(weft_matrix_apply_second(w.C, nullptr, nullptr, plus, w.C, w.none, nullptr))},
      {"vector_apply_first", WEFT_EMPTY_OBJECT, "weft_vector_apply_first", "x",
       CALL(weft_vector_apply_first(w.w3, nullptr, nullptr, plus, w.none, w.w3, nullptr))},
      {"vector_apply_second of a Pair", WEFT_EMPTY_OBJECT, "weft_vector_apply_second", "y",
       CALL(weft_vector_apply_second(w.uU, nullptr, nullptr, w.pair_plus, w.uU, w.noneU, nullptr))},
      {"matrix_apply_index", WEFT_EMPTY_OBJECT, "weft_matrix_apply_index", "thunk",
       CALL(weft_matrix_apply_index(w.C, nullptr, nullptr, WEFT_ROWINDEX_INT64, w.C, w.none, nullptr))},
      {"vector_apply_index", WEFT_EMPTY_OBJECT, "weft_vector_apply_index", "thunk",
       CALL(weft_vector_apply_index(w.w3, nullptr, nullptr, WEFT_COLINDEX_INT64, w.w3, w.none, nullptr))},
      {"matrix_select", WEFT_EMPTY_OBJECT, "weft_matrix_select", "thunk",
       CALL(weft_matrix_select(w.C, nullptr, nullptr, WEFT_TRIL, w.C, w.none, nullptr))},
      {"vector_select", WEFT_EMPTY_OBJECT, "weft_vector_select", "thunk",
       CALL(weft_vector_select(w.w3, nullptr, nullptr, WEFT_VALUEGT_FP64, w.w3, w.none, nullptr))},
      {"matrix_ewise_union: alpha", WEFT_EMPTY_OBJECT, "weft_matrix_ewise_union", "alpha",
       CALL(weft_matrix_ewise_union(w.C, nullptr, nullptr, plus, w.C, w.none, w.C, w.x, nullptr))},
      {"matrix_ewise_union: beta", WEFT_EMPTY_OBJECT, "weft_matrix_ewise_union", "beta",
       CALL(weft_matrix_ewise_union(w.C, nullptr, nullptr, plus, w.C, w.x, w.C, w.none, nullptr))},
      {"vector_ewise_union: alpha", WEFT_EMPTY_OBJECT, "weft_vector_ewise_union", "alpha",
       CALL(weft_vector_ewise_union(w.w3, nullptr, nullptr, plus, w.w3, w.none, w.w3, w.x, nullptr))},
      {"matrix_assign_scalar", WEFT_EMPTY_OBJECT, "weft_matrix_assign_scalar", "value",
       CALL(weft_matrix_assign_scalar(w.C, nullptr, nullptr, w.none, kI2, 2, kI2, 2, nullptr))},
      {"vector_assign_scalar", WEFT_EMPTY_OBJECT, "weft_vector_assign_scalar", "value",
       CALL(weft_vector_assign_scalar(w.w3, nullptr, nullptr, w.none, kI2, 2, nullptr))},
  };
  expect_cases(w, cases);
}

// ---------------------------------------------------------------------------------
// Descriptors: a field/value pair not in the list, and any change to a predefined
// descriptor: WEFT_INVALID_VALUE, the descriptor unchanged.
// ---------------------------------------------------------------------------------
struct Fields {
  int outp, mask, inp0, inp1;
  bool operator==(const Fields &o) const {
    return outp == o.outp && mask == o.mask && inp0 == o.inp0 && inp1 == o.inp1;
  }
};
Fields fields_of(weft_descriptor d) {
  Fields f{-1, -1, -1, -1};
  EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_get(d, WEFT_OUTP, &f.outp));
  EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_get(d, WEFT_MASK, &f.mask));
  EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_get(d, WEFT_INP0, &f.inp0));
  EXPECT_EQ(WEFT_SUCCESS, weft_descriptor_get(d, WEFT_INP1, &f.inp1));
  return f;
}

TEST(Errors, DescriptorFieldsAndValues) {
  weft_descriptor d = nullptr;
  OK(weft_descriptor_new(&d));
  OK(weft_descriptor_set(d, WEFT_MASK, WEFT_STRUCTURE));
  OK(weft_descriptor_set(d, WEFT_INP1, WEFT_TRAN));
  const Fields before = fields_of(d);
  struct Bad {
    int field, value;
    const char *says;
  };
  const Bad bad[] = {
      {4, WEFT_DEFAULT, "field"},
      {-1, WEFT_DEFAULT, "field"},
      {WEFT_OUTP, WEFT_COMP, "WEFT_OUTP"},
      {WEFT_OUTP, WEFT_TRAN, "WEFT_OUTP"},
      {WEFT_MASK, WEFT_TRAN, "WEFT_MASK"},
      {WEFT_MASK, 5, "WEFT_MASK"},
      {WEFT_MASK, WEFT_REPLACE, "WEFT_MASK"},
      {WEFT_INP0, WEFT_REPLACE, "WEFT_INP"},
      {WEFT_INP1, WEFT_STRUCTURE, "WEFT_INP"},
      {WEFT_INP0, 7, "WEFT_INP"},
  };
  for (const Bad &b : bad) {
    SCOPED_TRACE("field " + std::to_string(b.field) + ", value " + std::to_string(b.value));
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_descriptor_set", weft_descriptor_set(d, b.field, b.value));
    EXPECT_NE(nullptr, std::strstr(weft_last_error(), b.says)) << weft_last_error();
    EXPECT_EQ(before, fields_of(d));
  }
  int v = -77;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_descriptor_get", weft_descriptor_get(d, 9, &v));
  EXPECT_EQ(-77, v);
  OK(weft_descriptor_free(&d));
}

TEST(Errors, PredefinedObjectsAreImmutable) {
  // Changing a predefined descriptor, in any field, even to the value it has.
  const weft_descriptor predefined[] = {WEFT_DESC_T0, WEFT_DESC_RSCT0T1, WEFT_DESC_S};
  for (weft_descriptor d : predefined) {
    const Fields before = fields_of(d);
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_descriptor_set", weft_descriptor_set(d, WEFT_OUTP, WEFT_REPLACE));
    EXPECT_NE(nullptr, std::strstr(weft_last_error(), "predefined")) << weft_last_error();
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_descriptor_set", weft_descriptor_set(d, WEFT_INP0, WEFT_DEFAULT));
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_descriptor_set", weft_descriptor_set(d, WEFT_MASK, before.mask));
    EXPECT_EQ(before, fields_of(d));
  }
  // Freeing predefined objects: the caller's handle stays as it was.
  weft_descriptor d = WEFT_DESC_T1;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_descriptor_free", weft_descriptor_free(&d));
  EXPECT_EQ(WEFT_DESC_T1, d);
  weft_unary_op u = WEFT_AINV_FP64;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_unary_op_free", weft_unary_op_free(&u));
  EXPECT_EQ(WEFT_AINV_FP64, u);
  weft_binary_op b = WEFT_PLUS_FP64;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_binary_op_free", weft_binary_op_free(&b));
  EXPECT_EQ(WEFT_PLUS_FP64, b);
  b = WEFT_LOR;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_binary_op_free", weft_binary_op_free(&b));
  EXPECT_EQ(WEFT_LOR, b);
  weft_index_unary_op i = WEFT_TRIL;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_index_unary_op_free", weft_index_unary_op_free(&i));
  EXPECT_EQ(WEFT_TRIL, i);
  weft_monoid mo = WEFT_PLUS_MONOID_FP64;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_monoid_free", weft_monoid_free(&mo));
  EXPECT_EQ(WEFT_PLUS_MONOID_FP64, mo);
  weft_semiring s = WEFT_PLUS_TIMES_SEMIRING_FP64;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_semiring_free", weft_semiring_free(&s));
  EXPECT_EQ(WEFT_PLUS_TIMES_SEMIRING_FP64, s);
  // They still work afterwards.
  int v = -1;
  OK(weft_descriptor_get(WEFT_DESC_T1, WEFT_INP1, &v));
  EXPECT_EQ(WEFT_TRAN, v);
  double z = 0, x = 2, y = 3;
  OK(weft_monoid_apply(WEFT_PLUS_MONOID_FP64, &z, &x, &y));
  EXPECT_EQ(5, z);
}

// Freeing: a freed or wrong-kind handle is WEFT_INVALID_HANDLE and *h stays as it was.
TEST(Errors, FreeInvalidHandles) {
  weft_matrix A = freed_matrix();
  const weft_matrix stale = A;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_matrix_free", weft_matrix_free(&A));
  EXPECT_EQ(stale, A);
  weft_vector v = nullptr;
  OK(weft_vector_new(WEFT_FP64, 3, &v));
  weft_matrix as_matrix = as<weft_matrix>(v);
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_matrix_free", weft_matrix_free(&as_matrix));
  EXPECT_EQ(as<weft_matrix>(v), as_matrix);
  int64_t n = -1;
  OK(weft_vector_size(v, &n));  // still alive
  EXPECT_EQ(3, n);
  OK(weft_vector_free(&v));
  EXPECT_EQ(nullptr, v);
  weft_monoid mo = freed_monoid();
  const weft_monoid stale_monoid = mo;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_monoid_free", weft_monoid_free(&mo));
  EXPECT_EQ(stale_monoid, mo);
  weft_semiring s = as<weft_semiring>(WEFT_PLUS_MONOID_FP64);
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_semiring_free", weft_semiring_free(&s));
  EXPECT_EQ(as<weft_semiring>(WEFT_PLUS_MONOID_FP64), s);
}

// ---------------------------------------------------------------------------------
// wait modes, and weft_init once a collection exists (or with a bad mode).
// ---------------------------------------------------------------------------------
TEST(Errors, WaitModes) {
  World w;
  const std::vector<Case> cases = {
      {"matrix_wait: mode 2", WEFT_INVALID_VALUE, "weft_matrix_wait", "mode", CALL(weft_matrix_wait(w.C, 2))},
      {"matrix_wait: mode -1", WEFT_INVALID_VALUE, "weft_matrix_wait", "mode", CALL(weft_matrix_wait(w.C, -1))},
      {"matrix_wait: the blocking mode's value", WEFT_INVALID_VALUE, "weft_matrix_wait", "mode",
       CALL(weft_matrix_wait(w.C, 7))},
      {"vector_wait: mode 2", WEFT_INVALID_VALUE, "weft_vector_wait", "mode", CALL(weft_vector_wait(w.w3, 2))},
      {"scalar_wait: mode 5", WEFT_INVALID_VALUE, "weft_scalar_wait", "mode", CALL(weft_scalar_wait(w.x, 5))},
      {"matrix_wait: NULL", WEFT_INVALID_HANDLE, "weft_matrix_wait", "NULL",
       CALL(weft_matrix_wait(nullptr, WEFT_COMPLETE))},
  };
  expect_cases(w, cases);
  OK(weft_matrix_wait(w.C, WEFT_COMPLETE));
  OK(weft_matrix_wait(w.C, WEFT_MATERIALIZE));
}

TEST(Errors, InitAfterACollectionExists) {
  int mode = -1;
  OK(weft_get_mode(&mode));
  weft_scalar s = nullptr;
  OK(weft_scalar_new(WEFT_INT8, &s));
  for (int m : {WEFT_BLOCKING, WEFT_NONBLOCKING}) {
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_init", weft_init(m));
    EXPECT_NE(nullptr, std::strstr(weft_last_error(), "collection")) << weft_last_error();
  }
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_init", weft_init(2));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_init", weft_init(-1));
  int after = -1;
  OK(weft_get_mode(&after));
  EXPECT_EQ(mode, after);
  OK(weft_scalar_free(&s));
}

TEST(Errors, InitAtMostOnceAndNeverAfterFinalize) {
  // No collection is alive here, so the first weft_init may succeed (the default mode:
  // nothing changes for the other tests); it fails if this process has called it before
  // or a test leaked a collection. Either way a second call must fail.
  const weft_status first = weft_init(WEFT_BLOCKING);
  EXPECT_TRUE(first == WEFT_SUCCESS || first == WEFT_INVALID_VALUE) << wt::status_str(first);
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_init", weft_init(WEFT_BLOCKING));
  OK(weft_finalize());
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_init", weft_init(WEFT_NONBLOCKING));
  int mode = -1;
  OK(weft_get_mode(&mode));
  EXPECT_EQ(WEFT_BLOCKING, mode);
  // Objects stay usable after weft_finalize.
  weft_vector v = nullptr;
  OK(weft_vector_new(WEFT_FP64, 2, &v));
  OK(weft_vector_free(&v));
}

// WEFT_NO_VALUE is informational: the output stays untouched, and neither
// weft_last_error nor the collection's message changes.
TEST(Errors, NoValueIsNotAnError) {
  World w;
  EXPECT_EQ(WEFT_INVALID_INDEX, weft_matrix_extract_element(w.A, 9, 9, WEFT_FP64, &w.mem.d));
  const std::string last = weft_last_error();
  const World::State before = w.state();
  WT_EXPECT_STATUS(WEFT_NO_VALUE, weft_matrix_extract_element(w.A, 0, 1, WEFT_FP64, &w.mem.d));
  WT_EXPECT_STATUS(WEFT_NO_VALUE, weft_vector_extract_element(w.w3, 0, WEFT_FP64, &w.mem.d));
  WT_EXPECT_STATUS(WEFT_NO_VALUE, weft_scalar_extract_element(w.none, WEFT_FP64, &w.mem.d));
  EXPECT_EQ(before, w.state());
  EXPECT_EQ(last, weft_last_error());
}

// ---------------------------------------------------------------------------------
// The per-object message: weft_*_error(obj) is the message of the last call that had
// obj as its output, "" after a successful one; inputs' messages are not touched.
// ---------------------------------------------------------------------------------
std::string error_of(weft_matrix A) {
  const char *msg = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_error(A, &msg));
  return msg ? msg : "(NULL)";
}
std::string error_of(weft_vector v) {
  const char *msg = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_vector_error(v, &msg));
  return msg ? msg : "(NULL)";
}
std::string error_of(weft_scalar s) {
  const char *msg = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_scalar_error(s, &msg));
  return msg ? msg : "(NULL)";
}

TEST(Errors, PerObjectMessage) {
  World w;
  EXPECT_EQ("", error_of(w.C));
  // A failing operation: C's message is the call's, the inputs' stay empty.
  EXPECT_EQ(WEFT_DIMENSION_MISMATCH, weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.A, nullptr));
  const std::string mxm_msg = weft_last_error();
  EXPECT_EQ(mxm_msg, error_of(w.C));
  EXPECT_EQ(0u, error_of(w.C).find("weft_mxm")) << error_of(w.C);
  EXPECT_EQ("", error_of(w.A));
  // Calls that do not write C (a query, a failure on another output) leave it alone.
  int64_t n = 0;
  OK(weft_matrix_nvals(w.C, &n));
  EXPECT_EQ(WEFT_OUTPUT_NOT_EMPTY, weft_vector_build(w.w3, kI1, kX4, WEFT_FP64, 1, nullptr));
  EXPECT_EQ(0u, error_of(w.w3).find("weft_vector_build")) << error_of(w.w3);
  EXPECT_EQ(WEFT_DIMENSION_MISMATCH, weft_mxm(w.Q, nullptr, nullptr, PT, w.C, w.C, nullptr));
  EXPECT_EQ(mxm_msg, error_of(w.C));
  // The message is the object's: still there after other threads' calls or other errors.
  EXPECT_EQ(WEFT_INVALID_HANDLE, weft_matrix_nvals(nullptr, &n));
  EXPECT_EQ(mxm_msg, error_of(w.C));
  // A successful call with C as output clears it.
  OK(weft_mxm(w.C, nullptr, nullptr, PT, w.A, w.B, nullptr));
  EXPECT_EQ("", error_of(w.C));
  // Element calls, wait and other operations record on their output too.
  EXPECT_EQ(WEFT_INVALID_INDEX, weft_matrix_set_element(w.C, 9, 9, &w.dval, WEFT_FP64));
  EXPECT_EQ(0u, error_of(w.C).find("weft_matrix_set_element")) << error_of(w.C);
  OK(weft_matrix_set_element(w.C, 0, 0, &w.dval, WEFT_FP64));
  EXPECT_EQ("", error_of(w.C));
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_matrix_wait(w.C, 9));
  EXPECT_EQ(0u, error_of(w.C).find("weft_matrix_wait")) << error_of(w.C);
  OK(weft_matrix_wait(w.C, WEFT_MATERIALIZE));
  EXPECT_EQ("", error_of(w.C));
  const int64_t out[] = {0, 9, 1};
  EXPECT_EQ(WEFT_INDEX_OUT_OF_BOUNDS, weft_matrix_extract(w.C, nullptr, nullptr, w.A, out, 3, kI2, 2, nullptr));
  EXPECT_EQ(0u, error_of(w.C).find("weft_matrix_extract")) << error_of(w.C);
  OK(weft_matrix_apply(w.C, nullptr, nullptr, WEFT_AINV_FP64, w.C, nullptr));
  EXPECT_EQ("", error_of(w.C));
  // Vectors.
  EXPECT_EQ(WEFT_DOMAIN_MISMATCH, weft_mxv(w.w3, w.uU, nullptr, PT, w.A, w.u4, nullptr));
  EXPECT_EQ(std::string(weft_last_error()), error_of(w.w3));
  EXPECT_EQ("", error_of(w.u4));
  OK(weft_mxv(w.w3, nullptr, nullptr, PT, w.A, w.u4, nullptr));
  EXPECT_EQ("", error_of(w.w3));
  // Scalars.
  EXPECT_EQ(WEFT_DOMAIN_MISMATCH, weft_matrix_reduce_scalar(w.s, nullptr, w.pair_monoid, w.U, nullptr));
  EXPECT_EQ(std::string(weft_last_error()), error_of(w.s));
  EXPECT_EQ(0u, error_of(w.s).find("weft_matrix_reduce_scalar")) << error_of(w.s);
  OK(weft_matrix_reduce_scalar(w.s, nullptr, WEFT_PLUS_MONOID_FP64, w.A, nullptr));
  EXPECT_EQ("", error_of(w.s));
  // weft_last_error keeps the last failure through successful calls.
  EXPECT_EQ(WEFT_EMPTY_OBJECT, weft_vector_assign_scalar(w.w3, nullptr, nullptr, w.none, kI2, 2, nullptr));
  const std::string last = weft_last_error();
  OK(weft_vector_nvals(w.w3, &n));
  EXPECT_EQ(last, weft_last_error());
  EXPECT_EQ(last, error_of(w.w3));
}

// ---------------------------------------------------------------------------------
// An API error is reported even when the call would also hit an execution error
// (INDEX_OUT_OF_BOUNDS, INSUFFICIENT_SPACE, EMPTY_OBJECT): API errors are decided from
// dimensions, domains and scalar arguments before anything else (spec §1.10).
// ---------------------------------------------------------------------------------
TEST(Errors, ApiErrorsBeforeExecutionErrors) {
  World w;
  CallerMemory &m = w.mem;
  const weft_binary_op plus = WEFT_PLUS_FP64;
  const int64_t out3[] = {0, 9, 1}, out2[] = {0, 9}, out1[] = {7}, rep[] = {1, 1}, dupI[] = {0, 0, 9},
                dupJ[] = {1, 1, 0}, with7[] = {0, 1, 7};
  const Pair pp[2] = {{1, 0, 1}, {2, 0, 2}};
  const std::vector<Case> cases = {
      {"matrix_extract: mask shape + I out of bounds", WEFT_DIMENSION_MISMATCH, "weft_matrix_extract", "mask",
       CALL(weft_matrix_extract(w.C, w.M22, nullptr, w.A, out3, 3, kI2, 2, nullptr))},
      {"matrix_extract: ni != rows of C + I out of bounds", WEFT_DIMENSION_MISMATCH, "weft_matrix_extract", "rows",
       CALL(weft_matrix_extract(w.C, nullptr, nullptr, w.A, out2, 2, kI2, 2, nullptr))},
      {"matrix_extract: accum domain + I out of bounds", WEFT_DOMAIN_MISMATCH, "weft_matrix_extract", "accum",
       CALL(weft_matrix_extract(w.C, nullptr, w.pair_plus, w.A, out3, 3, kI2, 2, nullptr))},
      {"vector_extract: mask size + I out of bounds", WEFT_DIMENSION_MISMATCH, "weft_vector_extract", "mask",
       CALL(weft_vector_extract(w.w3, w.m4, nullptr, w.u4, out3, 3, nullptr))},
      {"matrix_assign: WEFT_ALL count != columns of C + I out of bounds", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign",
       "WEFT_ALL", CALL(weft_matrix_assign(w.C, nullptr, nullptr, w.S, with7, 3, WEFT_ALL, 3, nullptr))},
      {"matrix_assign: repeated J + I out of bounds", WEFT_INVALID_VALUE, "weft_matrix_assign", "repeat",
       CALL(weft_matrix_assign(w.C, nullptr, nullptr, w.M22, out2, 2, rep, 2, nullptr))},
      {"vector_assign: mask size + I out of bounds", WEFT_DIMENSION_MISMATCH, "weft_vector_assign", "mask",
       CALL(weft_vector_assign(w.w3, w.m4, nullptr, w.v2, out2, 2, nullptr))},
      {"matrix_subassign: mask shape + I out of bounds", WEFT_DIMENSION_MISMATCH, "weft_matrix_subassign", "mask",
       CALL(weft_matrix_subassign(w.C, w.M, nullptr, w.M22, out2, 2, kI2, 2, nullptr))},
      {"col_extract: j outside + I out of bounds", WEFT_INVALID_INDEX, "weft_col_extract", "j",
       CALL(weft_col_extract(w.w3, nullptr, nullptr, w.A, out3, 3, 5, nullptr))},
      {"row_assign: i outside + J out of bounds", WEFT_INVALID_INDEX, "weft_row_assign", "i",
       CALL(weft_row_assign(w.C, nullptr, nullptr, w.v2, 5, out2, 2, nullptr))},
      {"matrix_build: X's domain + index out of bounds", WEFT_DOMAIN_MISMATCH, "weft_matrix_build", "X",
       CALL(weft_matrix_build(w.E, out2, kI2, pp, w.pair, 2, nullptr))},
      {"matrix_build: a duplicate with dup NULL + index out of bounds", WEFT_INVALID_VALUE, "weft_matrix_build", "dup",
       CALL(weft_matrix_build(w.E, dupI, dupJ, kX4, WEFT_FP64, 3, nullptr))},
      {"vector_build: C not empty + index out of bounds", WEFT_OUTPUT_NOT_EMPTY, "weft_vector_build", "entries",
       CALL(weft_vector_build(w.w3, out1, kX4, WEFT_FP64, 1, nullptr))},
      {"matrix_extract_tuples: X's domain + capacity too small", WEFT_DOMAIN_MISMATCH, "weft_matrix_extract_tuples",
       "X", CALL(weft_matrix_extract_tuples(w.UC, 0, m.I, m.J, m.X, WEFT_FP64, &m.n))},
      {"matrix_apply_first: mask shape + empty x", WEFT_DIMENSION_MISMATCH, "weft_matrix_apply_first", "mask",
       CALL(weft_matrix_apply_first(w.C, w.M22, nullptr, plus, w.none, w.C, nullptr))},
      {"matrix_apply_second: accum domain + empty y", WEFT_DOMAIN_MISMATCH, "weft_matrix_apply_second", "accum",
       CALL(weft_matrix_apply_second(w.C, nullptr, w.pair_plus, plus, w.C, w.none, nullptr))},
      {"matrix_select: mask shape + empty thunk", WEFT_DIMENSION_MISMATCH, "weft_matrix_select", "mask",
       CALL(weft_matrix_select(w.C, w.M22, nullptr, WEFT_TRIL, w.C, w.none, nullptr))},
      {"vector_apply_index: mask size + empty thunk", WEFT_DIMENSION_MISMATCH, "weft_vector_apply_index", "mask",
       CALL(weft_vector_apply_index(w.w3, w.m4, nullptr, WEFT_ROWINDEX_INT64, w.w3, w.none, nullptr))},
      {"matrix_ewise_union: mask shape + empty alpha", WEFT_DIMENSION_MISMATCH, "weft_matrix_ewise_union", "mask",
       CALL(weft_matrix_ewise_union(w.C, w.M22, nullptr, plus, w.C, w.none, w.C, w.x, nullptr))},
      {"matrix_assign_scalar: mask shape + empty x", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign_scalar", "mask",
       CALL(weft_matrix_assign_scalar(w.C, w.M22, nullptr, w.none, kI2, 2, kI2, 2, nullptr))},
      {"matrix_assign_scalar: more indices than rows + empty x", WEFT_DIMENSION_MISMATCH, "weft_matrix_assign_scalar",
       "row indices", CALL(weft_matrix_assign_scalar(w.C, nullptr, nullptr, w.none, kI4, 4, kI2, 2, nullptr))},
      {"vector_assign_scalar: FP64 into Pair w + empty x", WEFT_DOMAIN_MISMATCH, "weft_vector_assign_scalar", "output",
       CALL(weft_vector_assign_scalar(w.uU, nullptr, nullptr, w.none, kI2, 2, nullptr))},
  };
  expect_cases(w, cases);
}

// ---------------------------------------------------------------------------------
// The valid neighbours of cases above succeed: the failures come from the one thing
// each case breaks, not from the world.
// ---------------------------------------------------------------------------------
TEST(Errors, ValidNeighboursSucceed) {
  World w;
  const double one = 1;
  // A user-defined mask is fine when only its structure is read.
  OK(weft_mxm(w.C, w.UC, nullptr, PT, w.A, w.B, WEFT_DESC_S));
  OK(weft_mxm(w.C, w.M, nullptr, PT, w.A, w.B, nullptr));
  // mult applies the op everywhere, so FP64 x FP64 -> Pair into a Pair C is fine.
  OK(weft_matrix_ewise_mult(w.UC, nullptr, nullptr, w.to_pair, w.C, w.C, nullptr));
  // Positional index operators accept any domain.
  OK(weft_matrix_select(w.UC, nullptr, nullptr, WEFT_TRIL, w.UC, w.i1, nullptr));
  OK(weft_matrix_select(w.UE, nullptr, nullptr, WEFT_TRIL, w.UC, w.i1, nullptr));
  // Any two predefined domains are compatible (cast by C's rules).
  const int8_t small = -3;
  OK(weft_matrix_set_element(w.C, 0, 0, &small, WEFT_INT8));
  OK(weft_matrix_set_element(w.C, 0, 0, &one, WEFT_FP64));
  OK(weft_vector_reduce_scalar(w.s, WEFT_PLUS_FP64, WEFT_PLUS_MONOID_INT32, w.w3, nullptr));
  // Two separately built struct types with the same layout are one domain.
  const int64_t bl[] = {1, 1};
  const weft_aint disp[] = {0, 8};
  const weft_type types[] = {WEFT_INT32, WEFT_DOUBLE};
  weft_type twin = nullptr;
  OK(weft_type_struct(2, bl, disp, types, &twin));
  OK(weft_matrix_set_element(w.UC, 2, 1, &w.pval, twin));
  OK(weft_type_free(&twin));
  // Repeated indices are allowed in extract and the scalar assign.
  const int64_t rep[] = {1, 1, 1};
  OK(weft_matrix_extract(w.C, nullptr, nullptr, w.A, rep, 3, kI2, 2, nullptr));
  OK(weft_matrix_assign_scalar(w.C, nullptr, nullptr, w.x, rep, 3, kI2, 2, nullptr));
  // Build with duplicates and a dup of the output's domain.
  OK(weft_matrix_build(w.E, rep, rep, kX4, WEFT_FP64, 3, WEFT_PLUS_FP64));
  OK(weft_col_extract(w.u4, nullptr, nullptr, w.A, WEFT_ALL, 4, 2, WEFT_DESC_T0));
}

}  // namespace
