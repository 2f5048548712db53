// suitesparse_diff.cpp — differential test of weft's semiring engine against
// SuiteSparse:GraphBLAS 7.4 (ctest oracle.suitesparse, and oracle.suitesparse_nonblocking
// with weft in WEFT_NONBLOCKING mode).
//
// What it checks. Random matrices, vectors and scalars (fixed seeds; 1..40 rows and
// columns, a few cases up to 2^17 with few entries; densities 0..0.5 plus empty and full
// ones; all 11 domains) are built identically in weft and in SuiteSparse, the same
// operation runs through both, and the results must agree: the same structure, the same
// values for BOOL and integer domains, floating values equal or within 1e-12 relative
// (FP64; 1e-5 for FP32, whose products round) where a summation order may differ. Covered:
// mxm, mxv, vxm with every predefined semiring (GraphBLAS's 124, the PAIR/ANY/FIRST/SECOND
// extensions, and a user-defined one); element-wise add/mult/union through a binary
// operator, a monoid's or a semiring's; apply (unary, bound first/second, index-unary),
// select; reduce to a vector (rows, columns) and to a scalar; transpose; kronecker;
// extract (matrix, vector, column, row; GrB_ALL or explicit lists with repeats); assign
// (matrix, vector, scalar to a region, row, column) and subassign; build with dup; set /
// remove / extract element, resize, clear, dup; diag; import/export in CSR/CSC/COO (and
// extract tuples) with values cast; serialize/deserialize (weft's own image round-tripped,
// compared with SuiteSparse's matrix); chains of 2..8 operations over three matrices with
// no read in between (what nonblocking mode may defer). Every operation runs under random
// controls: no / valued / structural mask, complemented or not, replace or not, accum NULL
// or an operator (sometimes of another domain, sometimes user-defined), inputs transposed
// by the descriptor, NULL / built / predefined descriptors, the output aliased to an input
// or the mask; user-defined operators, monoids and semirings (the same C functions given
// to both libraries) run beside the predefined ones. Integers are small (|x| <= 8, sums
// exact) with some cases of full width (wrap-around); floating values are multiples of
// 1/4 (exact sums) with some cases of random reals; valued masks hold many zeros and -0.0.
//
// Why. SuiteSparse is the reference implementation of the GraphBLAS C API and weft
// follows the same specification (2.1) under its own names: a second, independent engine
// catches the errors that a test written from our own reading of the specification would
// share (masks with replace, accumulators, aliasing, casts, positional operators).
//
// Tolerated departures. SuiteSparse 7.4.0 departs from the specification, or fails, in the
// places below; weft follows the specification. Each is handled where it arises (the
// comparison adjusted or skipped, or SuiteSparse given an equivalent call) and counted in
// the summary; probe_departures also runs the first four on fixed inputs and checks weft's
// specified answer. Nothing else is tolerated: any other difference fails the test.
//   D1 GrB_DIAGINDEX: SuiteSparse computes j - (i + s), the specification j - i + s.
//      SuiteSparse is called with the thunk -s.
//   D2 Accumulator domain: Z = accum(C, T) has domain Dout(accum), so an entry present in
//      only one of C and T is cast through that domain (weft/sparse.h step 3); SuiteSparse
//      casts it straight to C's domain. Accepted where weft's value is SuiteSparse's cast
//      through Dout(accum); accumulators of another domain than C's are only drawn where
//      T has C's domain, so that this check is exact.
//   D3 Floating MIN/MAX: weft's are IEEE 754-2019 minimum/maximum (NaN wins, -0 < +0),
//      SuiteSparse's fmin/fmax (NaN loses, either zero). Inputs hold no NaN; where a
//      floating MIN/MAX takes part, +0 vs -0 is accepted, and a weft NaN where a floating
//      DIV or MINV may also have made one on the way (0/0).
//   D4 Integer DIV by zero: weft gives 0, SuiteSparse the type's max or min. Integer
//      divisors are drawn non-zero in the operator's own domain.
//   D5 ANY monoid: either value may win and the engines differ. ANY_PAIR is compared
//      fully; ANY_FIRST, ANY_SECOND and ANY reductions by structure, and where the result
//      is T itself (no mask, no accum) each value must be one the monoid could pick.
//   D6 Valued mask: SuiteSparse tests a mask value's bytes, so -0.0 is true there; the
//      specification casts it to BOOL (false). SuiteSparse gets the mask with +0.0 in place
//      of -0.0 (in chains, where masks are live results, floating masks are structural).
//   D7 SuiteSparse crashes (segfault in GB_subassign_08n) when a mask stored full meets an
//      accumulator: GrB_Matrix_apply(C, M, GrB_MAX_INT64, GrB_IDENTITY_INT64, A, NULL) with
//      C, A 40x40 holding 79 entries and M a full 40x40 BOOL, or C<C> += A .* B with C
//      full. SuiteSparse's objects are kept in sparse/hypersparse storage
//      (GxB_SPARSITY_CONTROL), which changes no value.
//   D8 eWiseAdd with an input transposed by the descriptor: SuiteSparse casts that input
//      to Din(op) while transposing, so an entry present only there reaches C through
//      Din(op) too: LT_UINT64 turns a lone FP64 0.75 into (bool)(uint64)0.75 = false
//      where the specification has (bool)0.75 = true. Then SuiteSparse gets the input
//      already transposed (by GrB_transpose, no cast) and no transpose flag.
//   D9 Pending work: with a pending setElement, C(:, [0,1,2]) = 0 on a sparse 3x3 C gives
//      10 entries in SuiteSparse; GrB_Matrix_extractTuples right after GrB_Matrix_nvals can
//      answer GrB_INSUFFICIENT_SPACE; GrB_Matrix_removeElement can stop the program
//      ("assertion failed: GrB_Matrix_removeElement.c line 33"). SuiteSparse's objects are
//      completed (GrB_Matrix_wait) after each change and before each read.
//   D10 A floating sum of -0 terms is -0, but SuiteSparse sometimes starts from the PLUS
//      identity +0 (the scalar reduction of {-0} gives +0): where a floating PLUS monoid
//      sums, +0 vs -0 is accepted.
//   D11 Aliasing: C = C .* C with GrB_REPLACE and no mask puts C(16,20) at row 0 (or a
//      garbage row). SuiteSparse never gets an input or mask that is its output: it gets a
//      copy, which the specification makes equivalent (inputs are read "as if copied").
//   D12 select with ROWINDEX/COLINDEX/DIAGINDEX_INT32: SuiteSparse casts the thunk to INT64,
//      not INT32 (select(COLINDEX_INT32, thunk (uint32)-17) keeps A(0,17); the thunk is
//      -17 as an INT32, so j + s = 0 and the entry goes; apply gets it right). Where the
//      two casts differ, SuiteSparse is given the thunk as an INT32.
//   D13 A full iso-valued C (every entry the same value) stays iso when an element-wise
//      result overwrites it: C (2x2 INT32, all 7) = A .* A with PLUS_INT32 and
//      A = [1 2; 3 4] gives all 2. Before each call, an iso SuiteSparse output is made
//      non-iso (one entry set to another value and back; no value changes).
// Not compared: error statuses. One is known to differ: weft rejects a scalar assign with
// more indices than the dimension (the specification's DIMENSION_MISMATCH), SuiteSparse
// accepts it; such lists are not drawn.
//
// Usage: weft_oracle_suitesparse [--nonblocking] [--seed N] [--scale F] [--only OP]
//   [--case K] [--print N] [--trace] [--slow SECONDS]. A mismatch report prints the
//   options that re-run its case alone; with --case, the report also dumps the case's
//   inputs and both results. --trace prints each case before SuiteSparse runs it (to find
//   a crash); --slow reports calls slower than the given time. Exit status 0 when every
//   case agrees.
#include "suitesparse_map.hpp"

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <map>
#include <utility>

namespace ssdiff {
namespace {

// ---- Options and the run's tallies ---------------------------------------------------

struct Options {
  uint64_t seed = 1;
  double scale = 1.0;
  std::string only;
  int one_case = -1;
  bool nonblocking = false;
  int max_print = 3;
  bool trace = false;  // print each case before its SuiteSparse call (to find a crash)
  double slow = 0;     // report calls slower than this many seconds (0: never)
};

Options g_opt;

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

struct OpStats {
  int64_t cases = 0, failed = 0;
  int printed = 0;
};
std::map<std::string, OpStats> g_stats;
int64_t g_rounded = 0;         // floating values equal only within the tolerance
int64_t g_harness_errors = 0;  // SuiteSparse refused a call: a bug of this program

// The tolerated departures (see the top of this file), in the order printed.
// clang-format off
enum Departure {
  DEP_DIAGINDEX, DEP_ACCUM_CAST, DEP_NAN, DEP_SIGNED_ZERO, DEP_DIV_ZERO, DEP_ANY, DEP_MASK_NEGZERO,
  DEP_FULL_MASK, DEP_EWISE_TRAN_CAST, DEP_PENDING, DEP_PLUS_ZERO, DEP_ALIAS, DEP_THUNK32, DEP_ISO, NDEP
};
// clang-format on
const char *const kDepartureNames[NDEP] = {
    "D1  GrB_DIAGINDEX is j-(i+s): SuiteSparse given -s (cases)",
    "D2  accum: lone entries not cast through accum's domain (entries)",
    "D3  floating MIN/MAX drop a NaN operand (probe; entries)",
    "D3  floating MIN/MAX: -0 vs +0 (entries)",
    "D4  integer DIV by zero gives max/min, not 0 (probe)",
    "D5  ANY monoid: values checked for membership only (results)",
    "D6  valued mask: -0.0 true in SuiteSparse, given +0.0 (mask entries)",
    "D7  crash with a full mask: SuiteSparse storage kept sparse (full objects)",
    "D8  eWiseAdd transposed input cast to Din(op): given pre-transposed (calls)",
    "D9  pending-work bugs: SuiteSparse objects completed (calls)",
    "D10 floating PLUS sums: -0 vs +0 (entries)",
    "D11 aliasing bug: SuiteSparse given a copy of an aliased argument (calls)",
    "D12 select with *INDEX_INT32: thunk taken as INT64, given as INT32 (cases)",
    "D13 iso-valued C stays iso: SuiteSparse outputs made non-iso first (calls)",
};
int64_t g_departures[NDEP];

std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char *f, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

// ---- Random numbers (splitmix64: the same stream on every platform) -----------------

struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  int64_t range(int64_t lo, int64_t hi) {  // inclusive
    return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  bool coin(double p) { return unit() < p; }
  template <class T>
  const T &pick(const std::vector<T> &v) {
    return v[static_cast<size_t>(range(0, static_cast<int64_t>(v.size()) - 1))];
  }
};

uint64_t hash_name(const std::string &s) {
  uint64_t h = 1469598103934665603ULL;
  for (char ch : s) h = (h ^ static_cast<uint8_t>(ch)) * 1099511628211ULL;
  return h;
}

// ---- One random case ------------------------------------------------------------------

struct Tuples;

struct Case {
  std::string op, variant;
  uint64_t seed;
  int index;
  Rng rng;
  std::string params;
  bool wide = false;          // integers of full width (wrap-around), not |x| <= 8
  bool real = false;          // FP64 values are random reals, not multiples of 1/4
  bool big = false;           // some dimensions up to 2^17, with few entries
  bool float_minmax = false;  // a floating MIN/MAX takes part (D3: the sign of a zero)
  bool float_plus = false;    // a floating PLUS monoid sums (D10: the sign of a zero)
  bool float_nan = false;     // a floating DIV or MINV may make NaN or Inf on the way (D3)
  bool pow2 = false;          // floating values 0, +-1/2, +-1, +-2: long products stay exact
  bool any_values = false;    // an ANY monoid picks values (D5: structure only)
  const BinOp *accum = nullptr;
  bool failed = false;
  GrB_Matrix ss_out_m = nullptr;  // SuiteSparse's output of the running call (D11)
  GrB_Vector ss_out_v = nullptr;
  std::vector<GrB_Matrix> ss_copies_m;
  std::vector<GrB_Vector> ss_copies_v;
  bool cycled = false;  // the first table pick of a case walks the table (see Case::cycle)
  std::vector<std::pair<std::string, const Tuples *>> objs;  // the inputs as built, for --case dumps

  Case(std::string o, uint64_t s, int i)
      : op(std::move(o)), seed(s), index(i), rng(s * 0x2545f4914f6cdd1dULL ^ hash_name(op) ^ (uint64_t(i) << 20)) {
    wide = rng.coin(0.1);
    real = rng.coin(0.3);
    big = rng.coin(0.04);
    if (wide) note("wide-integers");
    if (real) note("real-FP64");
    if (big) note("big-dimensions");
  }
  void note(const std::string &s) { params += s + " "; }
  // The first pick from a table in a case is entry `index` (mod its size), so every
  // operator, monoid and semiring is met once the cases outnumber the table; later picks
  // are random.
  template <class T>
  const T &cycle(const std::vector<T> &v) {
    if (cycled) return rng.pick(v);
    cycled = true;
    return v[static_cast<size_t>(index) % v.size()];
  }
};

void mismatch(Case &c, const std::string &what) {
  c.failed = true;
  OpStats &st = g_stats[c.op + (c.variant.empty() ? "" : "/" + c.variant)];
  if (st.printed >= g_opt.max_print) return;
  ++st.printed;
  std::printf("MISMATCH %s%s%s (re-run: %s--seed %llu --scale %g --only %s --case %d)\n  %s\n  case: %s\n",
              c.op.c_str(), c.variant.empty() ? "" : "/", c.variant.c_str(), g_opt.nonblocking ? "--nonblocking " : "",
              static_cast<unsigned long long>(c.seed), g_opt.scale, c.op.c_str(), c.index, what.c_str(),
              c.params.c_str());
}

void depart(Departure which, int64_t n = 1) { g_departures[which] += n; }

// A weft call that failed where SuiteSparse's twin succeeded (or a setup call) is a
// mismatch; the report carries weft's own message.
bool weft_ok(Case &c, weft_status s, const char *call) {
  if (s == WEFT_SUCCESS) return true;
  mismatch(c, fmt("%s returned %s: %s", call, weft_status_name(s), weft_last_error()));
  return false;
}

// SuiteSparse refusing a call means this program built an invalid call.
bool ss_ok(Case &c, GrB_Info s, const char *call) {
  if (s == GrB_SUCCESS) return true;
  ++g_harness_errors;
  c.failed = true;
  std::printf("HARNESS ERROR %s case %d: %s returned %d\n  case: %s\n", c.op.c_str(), c.index, call,
              static_cast<int>(s), c.params.c_str());
  return false;
}

// ---- Values and tuple lists -----------------------------------------------------------

Num random_num(Case &c, int t, bool nonzero = false) {
  for (;;) {
    Num v;
    switch (tkind(t)) {
      case K_BOOL:
        v = num_unsigned(c.rng.coin(0.5));
        break;
      case K_SIGNED:
        v = c.wide ? num_signed(static_cast<int64_t>(c.rng.next())) : num_signed(c.rng.range(-8, 8));
        break;
      case K_UNSIGNED:
        v = c.wide ? num_unsigned(c.rng.next()) : num_unsigned(static_cast<uint64_t>(c.rng.range(0, 8)));
        break;
      case K_FLOAT:
        if (c.pow2)
          v = num_float(c.rng.pick(std::vector<double>{0, 0.5, -0.5, 1, -1, 2, -2}));
        else if (t == T_FP64 && c.real)
          v = num_float(c.rng.unit() * 4 - 2);
        else
          v = num_float(static_cast<double>(c.rng.range(-16, 16)) / 4);
        break;
    }
    // The zero test is on the value as stored: a wide integer may truncate to 0.
    alignas(8) uint8_t buf[8];
    store(t, buf, v);
    if (!nonzero || !num_is_zero(load(t, buf))) return v;
  }
}

// Mask values: many zeros (false), and -0.0, so valued and structural masks differ.
Num mask_num(Case &c, int t) {
  if (c.rng.coin(0.35)) return is_float(t) && c.rng.coin(0.3) ? num_float(-0.0) : num_signed(0);
  return random_num(c, t, true);
}

std::string num_string(int t, const Num &n) {
  alignas(8) uint8_t buf[8];
  store(t, buf, n);
  return elem_string(t, buf);
}

struct Tuples {
  int t = T_FP64;
  std::vector<int64_t> I, J;
  std::vector<uint8_t> X;
  size_t size() const { return I.size(); }
  const uint8_t *x(size_t k) const { return X.data() + k * tsize(t); }
  uint8_t *x(size_t k) { return X.data() + k * tsize(t); }
  void push(int64_t i, int64_t j, const Num &v) {
    I.push_back(i);
    J.push_back(j);
    X.resize(X.size() + tsize(t));
    store(t, x(size() - 1), v);
  }
};

double pick_density(Case &c) {
  double r = c.rng.unit();
  if (r < 0.05) return 0;
  if (r < 0.10) return 1;
  return c.rng.unit() * 0.5;
}

// A dimension: often tiny, usually up to max; in a "big" case (where max allows 40) half
// the time up to 2^17, to reach index arithmetic beyond small numbers.
int64_t pick_dim(Case &c, int64_t max = 40) {
  if (c.big && max >= 40 && c.rng.coin(0.5)) return c.rng.range(1, int64_t(1) << 17);
  return c.rng.coin(0.4) ? c.rng.range(1, std::min<int64_t>(6, max)) : c.rng.range(1, max);
}

int random_type(Case &c) { return static_cast<int>(c.rng.range(0, NTYPES - 1)); }

Tuples random_tuples(Case &c, int t, int64_t nr, int64_t nc, double density, bool nonzero, bool mask = false) {
  Tuples tp;
  tp.t = t;
  if (nr * nc > 4096) {  // large: up to 60 entries at random positions, in order
    std::vector<std::pair<int64_t, int64_t>> pos;
    for (int64_t k = c.rng.range(0, 60); k > 0; --k) pos.emplace_back(c.rng.range(0, nr - 1), c.rng.range(0, nc - 1));
    std::sort(pos.begin(), pos.end());
    pos.erase(std::unique(pos.begin(), pos.end()), pos.end());
    for (const auto &p : pos) tp.push(p.first, p.second, mask ? mask_num(c, t) : random_num(c, t, nonzero));
    return tp;
  }
  for (int64_t i = 0; i < nr; ++i)
    for (int64_t j = 0; j < nc; ++j)
      if (c.rng.unit() < density) tp.push(i, j, mask ? mask_num(c, t) : random_num(c, t, nonzero));
  return tp;
}

// ---- Paired objects: the same collection in weft and in SuiteSparse ------------------

// D7: SuiteSparse 7.4.0 crashes (in GB_subassign_08n) when a mask stored full meets an
// accumulator. SuiteSparse's matrices and vectors are kept in its sparse or hypersparse
// formats (never bitmap or full), an internal choice that changes no result.
void ss_keep_sparse(Case &c, GrB_Matrix M, bool full) {
  ss_ok(c, GxB_Matrix_Option_set(M, GxB_SPARSITY_CONTROL, GxB_SPARSE + GxB_HYPERSPARSE), "GxB_Matrix_Option_set");
  if (full) depart(DEP_FULL_MASK);
}
void ss_keep_sparse(Case &c, GrB_Vector m, bool full) {
  ss_ok(c, GxB_Vector_Option_set(m, GxB_SPARSITY_CONTROL, GxB_SPARSE + GxB_HYPERSPARSE), "GxB_Vector_Option_set");
  if (full) depart(DEP_FULL_MASK);
}

// D9: SuiteSparse 7.4.0 mishandles pending work (entries set or deleted but not yet
// assembled) in several calls; so every SuiteSparse object is completed (GrB_wait) after
// each call that changes it and before it is read, which changes no value.
void ss_settle(Case &c, GrB_Matrix A, bool count = true) {
  ss_ok(c, GrB_Matrix_wait(A, GrB_MATERIALIZE), "GrB_Matrix_wait");
  if (count) depart(DEP_PENDING);
}
void ss_settle(Case &c, GrB_Vector v, bool count = true) {
  ss_ok(c, GrB_Vector_wait(v, GrB_MATERIALIZE), "GrB_Vector_wait");
  if (count) depart(DEP_PENDING);
}
GrB_Info ss_remove(Case &c, GrB_Matrix A, int64_t i, int64_t j) {
  GrB_Info s = GrB_Matrix_removeElement(A, static_cast<GrB_Index>(i), static_cast<GrB_Index>(j));
  ss_settle(c, A);
  return s;
}
GrB_Info ss_remove(Case &c, GrB_Vector v, int64_t i) {
  GrB_Info s = GrB_Vector_removeElement(v, static_cast<GrB_Index>(i));
  ss_settle(c, v);
  return s;
}

struct Mat {
  weft_matrix w = nullptr;
  GrB_Matrix g = nullptr;
  int t = T_FP64;
  int64_t nr = 0, nc = 0;
  Tuples init;  // what it was built from
  Mat() = default;
  Mat(const Mat &) = delete;
  Mat &operator=(const Mat &) = delete;
  Mat(Mat &&o) noexcept { *this = std::move(o); }
  Mat &operator=(Mat &&o) noexcept {
    std::swap(w, o.w);
    std::swap(g, o.g);
    t = o.t, nr = o.nr, nc = o.nc, init = std::move(o.init);
    return *this;
  }
  ~Mat() {
    if (w) weft_matrix_free(&w);
    if (g) GrB_Matrix_free(&g);
  }
};

struct Vec {
  weft_vector w = nullptr;
  GrB_Vector g = nullptr;
  int t = T_FP64;
  int64_t n = 0;
  Tuples init;
  Vec() = default;
  Vec(const Vec &) = delete;
  Vec &operator=(const Vec &) = delete;
  Vec(Vec &&o) noexcept { *this = std::move(o); }
  Vec &operator=(Vec &&o) noexcept {
    std::swap(w, o.w);
    std::swap(g, o.g);
    t = o.t, n = o.n, init = std::move(o.init);
    return *this;
  }
  ~Vec() {
    if (w) weft_vector_free(&w);
    if (g) GrB_Vector_free(&g);
  }
};

struct Scal {
  weft_scalar w = nullptr;
  GrB_Scalar g = nullptr;
  int t = T_FP64;
  Scal() = default;
  Scal(const Scal &) = delete;
  Scal &operator=(const Scal &) = delete;
  ~Scal() {
    if (w) weft_scalar_free(&w);
    if (g) GrB_Scalar_free(&g);
  }
};

std::vector<GrB_Index> to_grb(const std::vector<int64_t> &v) { return std::vector<GrB_Index>(v.begin(), v.end()); }

// An array argument that is never NULL: an empty list is still a list, and both libraries
// reject NULL arrays.
template <class T>
const T *arr(const std::vector<T> &v) {
  static const T dummy[1] = {};
  return v.empty() ? dummy : v.data();
}
template <class T>
T *arr(std::vector<T> &v) {
  static T dummy[1] = {};
  return v.empty() ? dummy : v.data();
}

// ss_tp, when given, is what SuiteSparse builds instead (an adjusted twin: D6).
Mat make_mat(Case &c, int t, int64_t nr, int64_t nc, const Tuples &tp, const Tuples *ss_tp = nullptr) {
  Mat m;
  m.t = t, m.nr = nr, m.nc = nc, m.init = tp;
  weft_ok(c, weft_matrix_new(type_info(t).w, nr, nc, &m.w), "weft_matrix_new");
  ss_ok(c, GrB_Matrix_new(&m.g, type_info(t).g, static_cast<GrB_Index>(nr), static_cast<GrB_Index>(nc)),
        "GrB_Matrix_new");
  ss_keep_sparse(c, m.g, static_cast<int64_t>(tp.size()) == nr * nc);
  if (tp.size() == 0) return m;
  weft_ok(c,
          weft_matrix_build(m.w, tp.I.data(), tp.J.data(), tp.X.data(), type_info(tp.t).w,
                            static_cast<int64_t>(tp.size()), nullptr),
          "weft_matrix_build");
  const Tuples &st = ss_tp ? *ss_tp : tp;
  std::vector<GrB_Index> I = to_grb(st.I), J = to_grb(st.J);
  with_ctype(st.t, [&](auto z) {
    using C = decltype(z);
    ss_ok(c, ss_build(m.g, I.data(), J.data(), reinterpret_cast<const C *>(st.X.data()), st.size(), nullptr),
          "GrB_Matrix_build");
  });
  ss_settle(c, m.g, false);
  return m;
}

Vec make_vec(Case &c, int t, int64_t n, const Tuples &tp, const Tuples *ss_tp = nullptr) {
  Vec v;
  v.t = t, v.n = n, v.init = tp;
  weft_ok(c, weft_vector_new(type_info(t).w, n, &v.w), "weft_vector_new");
  ss_ok(c, GrB_Vector_new(&v.g, type_info(t).g, static_cast<GrB_Index>(n)), "GrB_Vector_new");
  ss_keep_sparse(c, v.g, static_cast<int64_t>(tp.size()) == n);
  if (tp.size() == 0) return v;
  weft_ok(c,
          weft_vector_build(v.w, tp.I.data(), tp.X.data(), type_info(tp.t).w, static_cast<int64_t>(tp.size()), nullptr),
          "weft_vector_build");
  const Tuples &st = ss_tp ? *ss_tp : tp;
  std::vector<GrB_Index> I = to_grb(st.I);
  with_ctype(st.t, [&](auto z) {
    using C = decltype(z);
    ss_ok(c, ss_build(v.g, I.data(), reinterpret_cast<const C *>(st.X.data()), st.size(), nullptr), "GrB_Vector_build");
  });
  ss_settle(c, v.g, false);
  return v;
}

// A scalar holding v (cast from vt to t), or empty when v is null.
void make_scal(Case &c, Scal &s, int t, const Num *v, int vt) {
  s.t = t;
  weft_ok(c, weft_scalar_new(type_info(t).w, &s.w), "weft_scalar_new");
  ss_ok(c, GrB_Scalar_new(&s.g, type_info(t).g), "GrB_Scalar_new");
  if (!v) return;
  alignas(8) uint8_t buf[8];
  store(vt, buf, *v);
  weft_ok(c, weft_scalar_set_element(s.w, buf, type_info(vt).w), "weft_scalar_set_element");
  with_ctype(vt, [&](auto z) {
    decltype(z) x;
    std::memcpy(&x, buf, sizeof x);
    ss_ok(c, ss_set(s.g, x), "GrB_Scalar_setElement");
  });
}

Mat rand_mat(Case &c, int t, int64_t nr, int64_t nc, bool nonzero = false) {
  return make_mat(c, t, nr, nc, random_tuples(c, t, nr, nc, pick_density(c), nonzero));
}
Vec rand_vec(Case &c, int t, int64_t n, bool nonzero = false) {
  return make_vec(c, t, n, random_tuples(c, t, n, 1, pick_density(c), nonzero));
}

std::string mat_str(Case &c, const char *name, const Mat &m) {
  c.objs.emplace_back(name, &m.init);
  return fmt("%s:%s[%lldx%lld,%zu]", name, tname(m.t), static_cast<long long>(m.nr), static_cast<long long>(m.nc),
             m.init.size());
}
std::string vec_str(Case &c, const char *name, const Vec &v) {
  c.objs.emplace_back(name, &v.init);
  return fmt("%s:%s[%lld,%zu]", name, tname(v.t), static_cast<long long>(v.n), v.init.size());
}

// ---- Reading results back and comparing them ------------------------------------------

bool sorted_unique(const Tuples &tp) {
  for (size_t k = 1; k < tp.size(); ++k)
    if (std::make_pair(tp.I[k - 1], tp.J[k - 1]) >= std::make_pair(tp.I[k], tp.J[k])) return false;
  return true;
}

void sort_tuples(Tuples &tp) {
  std::vector<size_t> p(tp.size());
  for (size_t k = 0; k < p.size(); ++k) p[k] = k;
  std::sort(p.begin(), p.end(),
            [&](size_t a, size_t b) { return std::make_pair(tp.I[a], tp.J[a]) < std::make_pair(tp.I[b], tp.J[b]); });
  Tuples s;
  s.t = tp.t;
  s.I.reserve(p.size());
  s.J.reserve(p.size());
  s.X.resize(tp.X.size());
  for (size_t k = 0; k < p.size(); ++k) {
    s.I.push_back(tp.I[p[k]]);
    s.J.push_back(tp.J[p[k]]);
    std::memcpy(s.x(k), tp.x(p[k]), tsize(tp.t));
  }
  tp = std::move(s);
}

bool read_weft(Case &c, weft_matrix A, int t, Tuples &out) {
  out = Tuples{};
  out.t = t;
  int64_t n = 0;
  if (!weft_ok(c, weft_matrix_nvals(A, &n), "weft_matrix_nvals")) return false;
  out.I.resize(static_cast<size_t>(n));
  out.J.resize(static_cast<size_t>(n));
  out.X.resize(static_cast<size_t>(n) * tsize(t));
  int64_t got = -1;
  if (!weft_ok(c, weft_matrix_extract_tuples(A, n, out.I.data(), out.J.data(), out.X.data(), type_info(t).w, &got),
               "weft_matrix_extract_tuples"))
    return false;
  if (got != n) {
    mismatch(c, fmt("weft_matrix_extract_tuples wrote %lld entries, nvals says %lld", static_cast<long long>(got),
                    static_cast<long long>(n)));
    return false;
  }
  if (!sorted_unique(out)) {
    mismatch(c, "weft_matrix_extract_tuples: entries not in row-major order (or repeated)");
    return false;
  }
  return true;
}

bool read_weft(Case &c, weft_vector v, int t, Tuples &out) {
  out = Tuples{};
  out.t = t;
  int64_t n = 0;
  if (!weft_ok(c, weft_vector_nvals(v, &n), "weft_vector_nvals")) return false;
  out.I.resize(static_cast<size_t>(n));
  out.J.assign(static_cast<size_t>(n), 0);
  out.X.resize(static_cast<size_t>(n) * tsize(t));
  int64_t got = -1;
  if (!weft_ok(c, weft_vector_extract_tuples(v, n, out.I.data(), out.X.data(), type_info(t).w, &got),
               "weft_vector_extract_tuples"))
    return false;
  if (got != n || !sorted_unique(out)) {
    mismatch(c, "weft_vector_extract_tuples: wrong count, or indices not increasing");
    return false;
  }
  return true;
}

bool read_ss(Case &c, GrB_Matrix A, int t, Tuples &out) {
  out = Tuples{};
  out.t = t;
  GrB_Index n = 0;
  ss_settle(c, A, false);
  if (!ss_ok(c, GrB_Matrix_nvals(&n, A), "GrB_Matrix_nvals")) return false;
  std::vector<GrB_Index> I(n), J(n);
  out.X.resize(n * tsize(t));
  bool ok = with_ctype(t, [&](auto z) {
    using C = decltype(z);
    return ss_ok(c, ss_tuples(I.data(), J.data(), reinterpret_cast<C *>(out.X.data()), &n, A),
                 "GrB_Matrix_extractTuples");
  });
  out.I.assign(I.begin(), I.end());
  out.J.assign(J.begin(), J.end());
  sort_tuples(out);
  return ok;
}

bool read_ss(Case &c, GrB_Vector v, int t, Tuples &out) {
  out = Tuples{};
  out.t = t;
  GrB_Index n = 0;
  ss_settle(c, v, false);
  if (!ss_ok(c, GrB_Vector_nvals(&n, v), "GrB_Vector_nvals")) return false;
  std::vector<GrB_Index> I(n);
  out.X.resize(n * tsize(t));
  bool ok = with_ctype(t, [&](auto z) {
    using C = decltype(z);
    return ss_ok(c, ss_tuples(I.data(), reinterpret_cast<C *>(out.X.data()), &n, v), "GrB_Vector_extractTuples");
  });
  out.I.assign(I.begin(), I.end());
  out.J.assign(n, 0);
  sort_tuples(out);
  return ok;
}

bool same_bits(int t, const uint8_t *a, const uint8_t *b) {
  if (t == T_BOOL) return (a[0] != 0) == (b[0] != 0);
  return std::memcmp(a, b, tsize(t)) == 0;
}

// Whether weft's value w and SuiteSparse's value g (both of domain t, the output's) agree,
// counting the tolerated departures that explain a difference.
bool values_agree(Case &c, int t, const uint8_t *w, const uint8_t *g) {
  if (same_bits(t, w, g)) return true;
  if (is_float(t)) {
    double a = load(t, w).f, b = load(t, g).f;
    if (std::isnan(a) && std::isnan(b)) return true;
    if (std::isnan(a) && c.float_minmax && c.float_nan) {  // a NaN made on the way (0/0) met a MIN/MAX
      depart(DEP_NAN);
      return true;
    }
    if (a == b && (c.float_minmax || c.float_plus)) {  // +0 and -0
      depart(c.float_minmax ? DEP_SIGNED_ZERO : DEP_PLUS_ZERO);
      return true;
    }
    double tol = t == T_FP64 ? 1e-12 : 1e-5;
    if (a != b && std::fabs(a - b) <= tol * std::max({1.0, std::fabs(a), std::fabs(b)})) {
      ++g_rounded;
      return true;
    }
  }
  // D2: weft's value is SuiteSparse's passed through accum's domain.
  auto through = [&](int mid) {
    alignas(8) uint8_t m[8], back[8];
    cast_elem(mid, m, t, g);
    cast_elem(t, back, mid, m);
    return same_bits(t, w, back);
  };
  if (c.accum && c.accum->zt != t && through(c.accum->zt)) {
    depart(DEP_ACCUM_CAST);
    return true;
  }
  return false;
}

std::string pos_str(const Tuples &tp, size_t k, bool vec) {
  return vec ? fmt("(%lld)", static_cast<long long>(tp.I[k]))
             : fmt("(%lld,%lld)", static_cast<long long>(tp.I[k]), static_cast<long long>(tp.J[k]));
}

// With --case (a re-run of one case): everything there is to see about the difference at
// (i, j): each input as built, at (i, j) and (j, i), listed in full when small, and both results.
void dump(Case &c, int64_t i, int64_t j, const Tuples &w, const Tuples &g) {
  if (g_opt.one_case < 0) return;
  auto list = [](const Tuples &tp) {
    std::string s;
    for (size_t k = 0; k < tp.size(); ++k)
      s += fmt(" (%lld,%lld)=%s", static_cast<long long>(tp.I[k]), static_cast<long long>(tp.J[k]),
               elem_string(tp.t, tp.x(k)).c_str());
    return s;
  };
  auto at = [](const Tuples &tp, int64_t r, int64_t k) -> std::string {
    for (size_t q = 0; q < tp.size(); ++q)
      if (tp.I[q] == r && tp.J[q] == k) return elem_string(tp.t, tp.x(q));
    return "-";
  };
  std::printf("  at (%lld,%lld):\n", static_cast<long long>(i), static_cast<long long>(j));
  for (const auto &o : c.objs)
    std::printf("    %s:%s (i,j)=%s (j,i)=%s%s%s\n", o.first.c_str(), tname(o.second->t), at(*o.second, i, j).c_str(),
                at(*o.second, j, i).c_str(), o.second->size() <= 80 ? "\n      all:" : "",
                o.second->size() <= 80 ? list(*o.second).c_str() : "");
  if (w.size() <= 80) std::printf("    weft result:%s\n", list(w).c_str());
  if (g.size() <= 80) std::printf("    SuiteSparse result:%s\n", list(g).c_str());
}

bool compare_tuples(Case &c, const std::string &what, const Tuples &w, const Tuples &g, bool vec) {
  size_t a = 0, b = 0;
  auto counts = [&] { return fmt(" [weft %zu entries, SuiteSparse %zu]", w.size(), g.size()); };
  while (a < w.size() || b < g.size()) {
    auto kw = a < w.size() ? std::make_pair(w.I[a], w.J[a]) : std::make_pair(INT64_MAX, INT64_MAX);
    auto kg = b < g.size() ? std::make_pair(g.I[b], g.J[b]) : std::make_pair(INT64_MAX, INT64_MAX);
    if (kw < kg) {
      mismatch(c, what + ": weft has " + pos_str(w, a, vec) + " = " + elem_string(w.t, w.x(a)) +
                      ", SuiteSparse has no entry there" + counts());
      dump(c, w.I[a], w.J[a], w, g);
      return false;
    }
    if (kg < kw) {
      mismatch(c, what + ": SuiteSparse has " + pos_str(g, b, vec) + " = " + elem_string(g.t, g.x(b)) +
                      ", weft has no entry there" + counts());
      dump(c, g.I[b], g.J[b], w, g);
      return false;
    }
    if (!c.any_values && !values_agree(c, w.t, w.x(a), g.x(b))) {
      mismatch(c, what + ": value at " + pos_str(w, a, vec) + ": weft " + elem_string(w.t, w.x(a)) + ", SuiteSparse " +
                      elem_string(g.t, g.x(b)) + " (" + tname(w.t) + ")" + counts());
      dump(c, w.I[a], w.J[a], w, g);
      return false;
    }
    ++a, ++b;
  }
  if (c.any_values && w.size()) depart(DEP_ANY);  // values checked by check_any where it can
  return true;
}

bool compare_mat(Case &c, const std::string &what, weft_matrix W, GrB_Matrix G, int t) {
  Tuples tw, tg;
  if (!read_weft(c, W, t, tw) || !read_ss(c, G, t, tg)) return false;
  return compare_tuples(c, what, tw, tg, false);
}
bool compare_mat(Case &c, const std::string &what, const Mat &m) { return compare_mat(c, what, m.w, m.g, m.t); }
bool compare_vec(Case &c, const std::string &what, const Vec &v) {
  Tuples tw, tg;
  if (!read_weft(c, v.w, v.t, tw) || !read_ss(c, v.g, v.t, tg)) return false;
  return compare_tuples(c, what, tw, tg, true);
}

bool compare_scal(Case &c, const std::string &what, const Scal &s) {
  int64_t wn = -1;
  GrB_Index gn = 0;
  if (!weft_ok(c, weft_scalar_nvals(s.w, &wn), "weft_scalar_nvals") ||
      !ss_ok(c, GrB_Scalar_nvals(&gn, s.g), "GrB_Scalar_nvals"))
    return false;
  if (static_cast<GrB_Index>(wn) != gn) {
    mismatch(c, fmt("%s: weft scalar has %lld entries, SuiteSparse %llu", what.c_str(), static_cast<long long>(wn),
                    static_cast<unsigned long long>(gn)));
    return false;
  }
  if (gn == 0) return true;
  alignas(8) uint8_t wb[8] = {0}, gb[8] = {0};
  if (!weft_ok(c, weft_scalar_extract_element(s.w, type_info(s.t).w, wb), "weft_scalar_extract_element")) return false;
  with_ctype(s.t, [&](auto z) {
    decltype(z) x{};
    ss_ok(c, ss_get(&x, s.g), "GrB_Scalar_extractElement");
    std::memcpy(gb, &x, sizeof x);
  });
  if (c.any_values) {
    depart(DEP_ANY);
    return true;
  }
  if (!values_agree(c, s.t, wb, gb)) {
    mismatch(
        c, what + ": weft " + elem_string(s.t, wb) + ", SuiteSparse " + elem_string(s.t, gb) + " (" + tname(s.t) + ")");
    return false;
  }
  return true;
}

// D5: where an ANY monoid chose among several values, weft's value must be one of them.
// cands(i, j, take) calls take(src, k) for each value src.x(k) that entry (i, j) could
// hold; it reaches the output cast through the monoid's domain mid.
template <class Cands>
void check_any(Case &c, const char *what, const Tuples &res, int mid, Cands cands) {
  for (size_t q = 0; q < res.size(); ++q) {
    bool found = false;
    cands(res.I[q], res.J[q], [&](const Tuples &src, size_t k) {
      alignas(8) uint8_t m[8], o[8];
      cast_elem(mid, m, src.t, src.x(k));
      cast_elem(res.t, o, mid, m);
      if (same_bits(res.t, o, res.x(q))) found = true;
    });
    if (!found) {
      mismatch(c, fmt("%s: weft's value %s at (%lld,%lld) is none of the values the ANY monoid could pick", what,
                      elem_string(res.t, res.x(q)).c_str(), static_cast<long long>(res.I[q]),
                      static_cast<long long>(res.J[q])));
      return;
    }
  }
}

// The entries of X~ (X transposed when tran) in row r (by_row) or column r: calls take(k, other index).
template <class Take>
void line_of(const Tuples &x, bool tran, bool by_row, int64_t r, Take take) {
  for (size_t k = 0; k < x.size(); ++k) {
    int64_t i = tran ? x.J[k] : x.I[k], j = tran ? x.I[k] : x.J[k];
    if ((by_row ? i : j) == r) take(k, by_row ? j : i);
  }
}

// After the same operation ran in both: both must have succeeded, then the outputs agree.
bool both_ran(Case &c, const char *call, weft_status ws, const std::string &werr, GrB_Info gs) {
  if (gs != GrB_SUCCESS) {
    ++g_harness_errors;
    c.failed = true;
    std::printf("HARNESS ERROR %s case %d: SuiteSparse's %s returned %d (weft: %s)\n  case: %s\n", c.op.c_str(),
                c.index, call, static_cast<int>(gs), weft_status_name(ws), c.params.c_str());
    return false;
  }
  if (ws != WEFT_SUCCESS) {
    mismatch(c, fmt("%s returned %s where SuiteSparse succeeded: %s", call, weft_status_name(ws), werr.c_str()));
    return false;
  }
  return true;
}

// ---- Controls: mask, descriptor, accumulator, aliasing ----------------------------------

enum Alias { A_NONE, A_IN0, A_IN1, A_BOTH, A_MASK };

struct Controls {
  int mask = 0;  // 0 none, 1 valued, 2 structural
  bool comp = false, replace = false, tran0 = false, tran1 = false;
  const BinOp *accum = nullptr;
  int alias = A_NONE;
};

bool is_float_minmax(int k, int t) { return is_float(t) && (k == B_MIN || k == B_MAX); }

// An accumulator for an output of domain ct where T has domain tt: usually of domain ct;
// sometimes of another, and then only when tt == ct (D2: SuiteSparse's value then is T's
// or C's own, and weft's must be that value cast through the accumulator's domain).
const BinOp *pick_accum(Case &c, int ct, int tt) {
  static const std::vector<int> numeric = {B_PLUS, B_MINUS, B_TIMES, B_MIN, B_MAX, B_FIRST, B_SECOND};
  static const std::vector<int> logical = {B_LOR, B_LAND, B_LXOR, B_LXNOR, B_FIRST, B_SECOND, B_PLUS, B_MIN};
  int at = ct != tt || c.rng.coin(0.85) ? ct : random_type(c);
  int k = c.rng.pick(at == T_BOOL ? logical : numeric);
  // Now and then a user-defined accumulator (2c - t on INT32 shows the operand order).
  if (at == T_INT32 && c.rng.coin(0.2)) k = B_USER_LIN;
  if ((at == T_INT64 || at == T_FP64) && c.rng.coin(0.1)) k = B_USER_PLUS;
  const BinOp *op = find_binop(k, at);
  if (is_float_minmax(op->k, op->t)) c.float_minmax = true;
  return op;
}

// The controls of one call: output domain ct, T's domain tt. `aliases` lists what the
// output may be aliased to here.
Controls random_controls(Case &c, int ct, int tt, bool can_t0, bool can_t1, const std::vector<int> &aliases) {
  Controls k;
  double r = c.rng.unit();
  k.mask = r < 0.3 ? 0 : r < 0.65 ? 1 : 2;
  k.comp = c.rng.coin(k.mask ? 0.35 : 0.05);
  k.replace = c.rng.coin(0.3);
  k.tran0 = can_t0 && c.rng.coin(0.3);
  k.tran1 = can_t1 && c.rng.coin(0.3);
  if (c.rng.coin(0.45)) k.accum = pick_accum(c, ct, tt);
  if (!aliases.empty() && c.rng.coin(0.2)) k.alias = c.rng.pick(aliases);
  // A big case aliases only its mask: an aliased assign or extract would use index lists
  // as long as a dimension.
  if (c.big && k.alias != A_MASK) k.alias = A_NONE;
  if (k.alias == A_MASK && !k.mask) k.mask = c.rng.coin(0.5) ? 1 : 2;
  c.accum = k.accum;
  return k;
}

std::string controls_str(const Controls &k) {
  static const char *alias[] = {"", "C=in0", "C=in1", "C=in0=in1", "C=mask"};
  std::string s = k.mask == 0 ? "nomask" : k.mask == 1 ? "valued-mask" : "structural-mask";
  if (k.comp) s += " comp";
  if (k.replace) s += " replace";
  if (k.tran0) s += " T0";
  if (k.tran1) s += " T1";
  s += k.accum ? " accum=" + k.accum->name : " noaccum";
  if (k.alias) s += std::string(" ") + alias[k.alias];
  return s;
}

// The descriptor of the controls in both libraries: NULL when all default (half the
// time), a predefined one when one matches (half the time), else built field by field.
struct Desc {
  weft_descriptor w = nullptr;
  GrB_Descriptor g = nullptr;
  bool owned = false;
  Desc() = default;
  Desc(const Desc &) = delete;
  Desc &operator=(const Desc &) = delete;
  ~Desc() {
    if (owned) {
      weft_descriptor_free(&w);
      GrB_Descriptor_free(&g);
    }
  }
};

void make_desc(Case &c, const Controls &k, Desc &d) {
  bool structure = k.mask == 2;
  bool plain = !k.replace && !k.comp && !structure && !k.tran0 && !k.tran1;
  if (plain && c.rng.coin(0.5)) {
    c.note("desc=NULL");
    return;
  }
  if (!plain && c.rng.coin(0.5)) {
    for (const PreDesc &p : predefined_descriptors())
      if (p.replace == k.replace && p.comp == k.comp && p.structure == structure && p.tran0 == k.tran0 &&
          p.tran1 == k.tran1) {
        d.w = p.w, d.g = p.g;
        c.note("desc=DESC_" + p.name);
        return;
      }
  }
  d.owned = true;
  weft_ok(c, weft_descriptor_new(&d.w), "weft_descriptor_new");
  ss_ok(c, GrB_Descriptor_new(&d.g), "GrB_Descriptor_new");
  if (k.replace) {
    weft_ok(c, weft_descriptor_set(d.w, WEFT_OUTP, WEFT_REPLACE), "weft_descriptor_set");
    ss_ok(c, GrB_Descriptor_set(d.g, GrB_OUTP, GrB_REPLACE), "GrB_Descriptor_set");
  }
  if (k.comp || structure) {
    int wv = k.comp && structure ? WEFT_COMP_STRUCTURE : k.comp ? WEFT_COMP : WEFT_STRUCTURE;
    int gv = (k.comp ? GrB_COMP : 0) + (structure ? GrB_STRUCTURE : 0);
    weft_ok(c, weft_descriptor_set(d.w, WEFT_MASK, wv), "weft_descriptor_set");
    ss_ok(c, GrB_Descriptor_set(d.g, GrB_MASK, static_cast<GrB_Desc_Value>(gv)), "GrB_Descriptor_set");
  }
  if (k.tran0) {
    weft_ok(c, weft_descriptor_set(d.w, WEFT_INP0, WEFT_TRAN), "weft_descriptor_set");
    ss_ok(c, GrB_Descriptor_set(d.g, GrB_INP0, GrB_TRAN), "GrB_Descriptor_set");
  }
  if (k.tran1) {
    weft_ok(c, weft_descriptor_set(d.w, WEFT_INP1, WEFT_TRAN), "weft_descriptor_set");
    ss_ok(c, GrB_Descriptor_set(d.g, GrB_INP1, GrB_TRAN), "GrB_Descriptor_set");
  }
  c.note("desc=built");
}

// D6: SuiteSparse reads a valued mask's bytes (any bit set is true), so a floating -0.0 is
// true there and false by the specification (it casts to BOOL as 0). SuiteSparse gets a
// twin of the mask with +0.0 in place of each -0.0: the same mask by the specification.
bool ss_mask_twin(const Tuples &tp, Tuples &twin) {
  if (!is_float(tp.t)) return false;
  twin = tp;
  int64_t n = 0;
  for (size_t k = 0; k < twin.size(); ++k) {
    Num v = load(twin.t, twin.x(k));
    if (v.f == 0 && std::signbit(v.f)) store(twin.t, twin.x(k), num_float(0.0)), ++n;
  }
  if (n) depart(DEP_MASK_NEGZERO, n);
  return n > 0;
}

// A SuiteSparse descriptor for the controls (for calls where SuiteSparse's differs from weft's).
GrB_Descriptor ss_desc(Case &c, const Controls &k) {
  GrB_Descriptor d = nullptr;
  ss_ok(c, GrB_Descriptor_new(&d), "GrB_Descriptor_new");
  if (k.replace) ss_ok(c, GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE), "GrB_Descriptor_set");
  int mv = (k.comp ? GrB_COMP : 0) + (k.mask == 2 ? GrB_STRUCTURE : 0);
  if (mv) ss_ok(c, GrB_Descriptor_set(d, GrB_MASK, static_cast<GrB_Desc_Value>(mv)), "GrB_Descriptor_set");
  if (k.tran0) ss_ok(c, GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN), "GrB_Descriptor_set");
  if (k.tran1) ss_ok(c, GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN), "GrB_Descriptor_set");
  return d;
}

// A new SuiteSparse matrix A' of A's domain t.
GrB_Matrix ss_transposed(Case &c, GrB_Matrix A, int t) {
  GrB_Index nr = 0, nc = 0;
  GrB_Matrix T = nullptr;
  ss_ok(c, GrB_Matrix_nrows(&nr, A), "GrB_Matrix_nrows");
  ss_ok(c, GrB_Matrix_ncols(&nc, A), "GrB_Matrix_ncols");
  ss_ok(c, GrB_Matrix_new(&T, type_info(t).g, nc, nr), "GrB_Matrix_new");
  ss_ok(c, GrB_transpose(T, nullptr, nullptr, A, nullptr), "GrB_transpose");
  return T;
}

// The mask of a matrix output: none, the output itself (alias), or a new random matrix
// of any domain.
const Mat *matrix_mask(Case &c, const Controls &k, const Mat *C, Mat &own, int64_t nr, int64_t nc) {
  if (!k.mask) return nullptr;
  if (k.alias == A_MASK) return C;
  int t = random_type(c);
  Tuples tp = random_tuples(c, t, nr, nc, pick_density(c) * 1.5 + 0.1, false, true), ss_tp;
  own = make_mat(c, t, nr, nc, tp, k.mask == 1 && ss_mask_twin(tp, ss_tp) ? &ss_tp : nullptr);
  c.note(mat_str(c, "M", own));
  return &own;
}

const Vec *vector_mask(Case &c, const Controls &k, const Vec *w, Vec &own, int64_t n) {
  if (!k.mask) return nullptr;
  if (k.alias == A_MASK) return w;
  int t = random_type(c);
  Tuples tp = random_tuples(c, t, n, 1, pick_density(c) * 1.5 + 0.1, false, true), ss_tp;
  own = make_vec(c, t, n, tp, k.mask == 1 && ss_mask_twin(tp, ss_tp) ? &ss_tp : nullptr);
  c.note(vec_str(c, "m", own));
  return &own;
}

weft_matrix mw(const Mat *m) { return m ? m->w : nullptr; }
GrB_Matrix mg(const Mat *m) { return m ? m->g : nullptr; }
weft_vector vw(const Vec *v) { return v ? v->w : nullptr; }
GrB_Vector vg(const Vec *v) { return v ? v->g : nullptr; }
weft_binary_op aw(const Controls &k) { return k.accum ? k.accum->w : nullptr; }
GrB_BinaryOp ag(const Controls &k) { return k.accum ? k.accum->g : nullptr; }

// D11: SuiteSparse 7.4.0 can go wrong when its output is also an input: C = C .* C with
// GrB_REPLACE (no mask) gives C(0,20) for C(16,20) (or a garbage row index). So SuiteSparse
// never sees an input or mask that is its output: it gets a copy, which the specification
// makes equivalent ("as if copied"); weft gets the aliased call.
GrB_Matrix in(Case &c, GrB_Matrix x) {
  if (!x || x != c.ss_out_m) return x;
  GrB_Matrix d = nullptr;
  ss_ok(c, GrB_Matrix_dup(&d, x), "GrB_Matrix_dup");
  c.ss_copies_m.push_back(d);
  depart(DEP_ALIAS);
  return d;
}
GrB_Vector in(Case &c, GrB_Vector x) {
  if (!x || x != c.ss_out_v) return x;
  GrB_Vector d = nullptr;
  ss_ok(c, GrB_Vector_dup(&d, x), "GrB_Vector_dup");
  c.ss_copies_v.push_back(d);
  depart(DEP_ALIAS);
  return d;
}
// D13: SuiteSparse 7.4.0 keeps a full iso-valued C iso when an element-wise result
// overwrites it: C (2x2 INT32, all 7) = A .* A with PLUS_INT32 and A = [1 2; 3 4] gives
// all 2. Before each call its output, when iso, is made non-iso by setting one entry to
// another value and back (no value changes).
template <class Obj>
void ss_deiso(Case &c, Obj x, int t) {
  bool iso = false;
  if constexpr (std::is_same_v<Obj, GrB_Matrix>)
    ss_ok(c, GxB_Matrix_iso(&iso, x), "GxB_Matrix_iso");
  else
    ss_ok(c, GxB_Vector_iso(&iso, x), "GxB_Vector_iso");
  Tuples tp;
  if (!iso || !read_ss(c, x, t, tp) || tp.size() == 0) return;
  Num v = load(t, tp.x(0)), other = v;
  if (v.k == K_FLOAT)
    other.f += 1;
  else if (v.k == K_SIGNED)
    other.i += 1;
  else
    other.u = t == T_BOOL ? !v.u : v.u + 1;
  for (const Num &y : {other, v}) {
    alignas(8) uint8_t buf[8];
    store(t, buf, y);
    with_ctype(t, [&](auto z) {
      decltype(z) e;
      std::memcpy(&e, buf, sizeof e);
      auto i = static_cast<GrB_Index>(tp.I[0]), j = static_cast<GrB_Index>(tp.J[0]);
      if constexpr (std::is_same_v<Obj, GrB_Matrix>)
        ss_ok(c, ss_set(x, e, i, j), "GrB_Matrix_setElement");
      else
        ss_ok(c, ss_set(x, e, i), "GrB_Vector_setElement");
    });
    ss_settle(c, x, false);
  }
  depart(DEP_ISO);
}

// Brackets a SuiteSparse call with output m or v (the other NULL) of domain t.
void ss_call_begin(Case &c, GrB_Matrix m, GrB_Vector v, int t) {
  if (m) ss_deiso(c, m, t);
  if (v) ss_deiso(c, v, t);
  c.ss_out_m = m, c.ss_out_v = v;
}
void ss_call_end(Case &c) {
  for (GrB_Matrix &m : c.ss_copies_m) GrB_Matrix_free(&m);
  for (GrB_Vector &v : c.ss_copies_v) GrB_Vector_free(&v);
  c.ss_copies_m.clear(), c.ss_copies_v.clear();
  c.ss_out_m = nullptr, c.ss_out_v = nullptr;
}

// Runs the weft call, then SuiteSparse's, and compares the output.
void report_slow(Case &c, const char *call, double tw, double tg) {
  if (g_opt.slow > 0 && (tw > g_opt.slow || tg > g_opt.slow))
    std::printf("SLOW %s case %d %s: weft %.3f s, SuiteSparse %.3f s\n  case: %s\n", c.op.c_str(), c.index, call, tw,
                tg, c.params.c_str());
}

template <class WF, class GF>
void run_mat(Case &c, const char *call, const Mat &C, WF wcall, GF gcall) {
  double t0 = now();
  weft_status ws = wcall();
  double t1 = now();
  std::string werr = ws == WEFT_SUCCESS ? "" : weft_last_error();
  const char *oerr = nullptr;
  if (ws != WEFT_SUCCESS && weft_matrix_error(C.w, &oerr) == WEFT_SUCCESS && oerr && *oerr)
    werr += std::string(" / ") + oerr;
  if (g_opt.trace) std::printf("trace %s case %d: %s\n", c.op.c_str(), c.index, c.params.c_str());
  ss_call_begin(c, C.g, nullptr, C.t);
  double t2 = now();
  GrB_Info gs = gcall();
  report_slow(c, call, t1 - t0, now() - t2);
  ss_call_end(c);
  if (both_ran(c, call, ws, werr, gs)) compare_mat(c, call, C);
}

template <class WF, class GF>
void run_vec(Case &c, const char *call, const Vec &w, WF wcall, GF gcall) {
  double t0 = now();
  weft_status ws = wcall();
  double t1 = now();
  std::string werr = ws == WEFT_SUCCESS ? "" : weft_last_error();
  if (g_opt.trace) std::printf("trace %s case %d: %s\n", c.op.c_str(), c.index, c.params.c_str());
  ss_call_begin(c, nullptr, w.g, w.t);
  double t2 = now();
  GrB_Info gs = gcall();
  report_slow(c, call, t1 - t0, now() - t2);
  ss_call_end(c);
  if (both_ran(c, call, ws, werr, gs)) compare_vec(c, call, w);
}

// ---- Operator choices -------------------------------------------------------------------

bool int_div(const BinOp &b) { return b.k == B_DIV && is_int(b.t); }

// Any binary operator except ANY (which picks either operand: D5).
const BinOp &pick_binop(Case &c) {
  static std::vector<const BinOp *> pool;
  if (pool.empty())
    for (const BinOp &b : binops())
      if (b.k != B_ANY) pool.push_back(&b);
  const BinOp &b = *c.cycle(pool);
  if (is_float_minmax(b.k, b.t)) c.float_minmax = true;
  if (is_float(b.t) && b.k == B_DIV) c.float_nan = true;
  return b;
}

// The domain of an input feeding an operator of domain t: mostly t, sometimes another
// (cast by C rules in both engines); always t when the operator divides integers (D4: a
// cast could make a divisor zero).
int input_type(Case &c, int t, bool exact = false) { return exact || c.rng.coin(0.8) ? t : random_type(c); }

const Monoid &pick_monoid(Case &c, bool allow_any = true) {
  for (;;) {
    const Monoid &m = c.cycle(monoids());
    if (m.k == M_ANY && !allow_any) continue;
    if (m.k == M_ANY) c.any_values = true;
    if (is_float(m.t) && (m.k == M_MIN || m.k == M_MAX)) c.float_minmax = true;
    if (is_float(m.t) && (m.k == M_PLUS || m.k == M_USER_PLUS)) c.float_plus = true;
    // A product of hundreds of values up to 4 overflows, and then 0 * Inf = NaN or not
    // depending on the order (which no reduction promises): powers of two keep it exact.
    if (is_float(m.t) && m.k == M_TIMES) c.pow2 = true;
    return m;
  }
}

// ---- mxm, mxv, vxm --------------------------------------------------------------------

const Semiring &pick_semiring(Case &c) {
  const Semiring &s = c.cycle(semirings());
  if (s.add == M_ANY && s.mult != B_PAIR) c.any_values = true;
  if (is_float(s.t) && (s.add == M_MIN || s.add == M_MAX || s.mult == B_MIN || s.mult == B_MAX)) c.float_minmax = true;
  if (is_float(s.t) && (s.add == M_PLUS || s.add == M_USER_PLUS)) c.float_plus = true;
  c.note("semiring=" + s.name);
  return s;
}

void case_mxm(Case &c) {
  const Semiring &s = pick_semiring(c);
  int tc = input_type(c, s.t);
  Controls k = random_controls(c, tc, s.t, true, true, {A_IN0, A_IN1, A_BOTH, A_MASK});
  int64_t m = pick_dim(c), n = pick_dim(c), kk = pick_dim(c);
  if (k.alias == A_IN0 || k.alias == A_IN1 || k.alias == A_BOTH) m = n = kk;
  int ta = k.alias == A_IN0 || k.alias == A_BOTH ? tc : input_type(c, s.t);
  int tb = k.alias == A_IN1 || k.alias == A_BOTH ? tc : input_type(c, s.t);
  c.note(controls_str(k));
  Mat A = rand_mat(c, ta, k.tran0 ? kk : m, k.tran0 ? m : kk);
  Mat Bown, Cown, Mown;
  const Mat *B = &A;
  if (k.alias != A_BOTH) Bown = rand_mat(c, tb, k.tran1 ? n : kk, k.tran1 ? kk : n), B = &Bown;
  const Mat *C = k.alias == A_IN0 || k.alias == A_BOTH ? &A : k.alias == A_IN1 ? B : nullptr;
  if (!C) Cown = rand_mat(c, tc, m, n), C = &Cown;
  c.note(mat_str(c, "A", A) + " " + mat_str(c, "B", *B) + " " + mat_str(c, "C", *C));
  const Mat *M = matrix_mask(c, k, C, Mown, m, n);
  Desc d;
  make_desc(c, k, d);
  run_mat(
      c, "mxm", *C, [&] { return weft_mxm(C->w, mw(M), aw(k), s.w, A.w, B->w, d.w); },
      [&] { return GrB_mxm(C->g, in(c, mg(M)), ag(k), s.g, in(c, A.g), in(c, B->g), d.g); });
  Tuples res;
  if (c.any_values && !c.failed && !k.mask && !k.comp && !k.accum && !k.alias && read_weft(c, C->w, C->t, res)) {
    // C(i,j) is A~(i,k) (ANY_FIRST) or B~(k,j) (ANY_SECOND) for some k in both.
    check_any(c, "mxm", res, s.t, [&](int64_t i, int64_t j, auto take) {
      std::map<int64_t, size_t> a_row, b_col;
      line_of(A.init, k.tran0, true, i, [&](size_t q, int64_t kk) { a_row[kk] = q; });
      line_of(B->init, k.tran1, false, j, [&](size_t q, int64_t kk) { b_col[kk] = q; });
      for (const auto &ak : a_row) {
        auto bk = b_col.find(ak.first);
        if (bk == b_col.end()) continue;
        if (s.mult == B_FIRST)
          take(A.init, ak.second);
        else
          take(B->init, bk->second);
      }
    });
  }
}

// mxv (w = A u) and vxm (w' = u' A): the output aliases u when A is square.
void case_mxv_vxm(Case &c, bool mxv) {
  const Semiring &s = pick_semiring(c);
  int tw = input_type(c, s.t);
  Controls k = random_controls(c, tw, s.t, mxv, !mxv, {A_IN1, A_MASK});
  bool tran = mxv ? k.tran0 : k.tran1;
  int64_t m = pick_dim(c), n = pick_dim(c);  // the operator A~ is m x n for mxv, n x m for vxm
  if (k.alias == A_IN1) n = m;
  int ta = input_type(c, s.t), tu = k.alias == A_IN1 ? tw : input_type(c, s.t);
  c.note(controls_str(k));
  // mxv: A~ is m x n, u has n, w has m. vxm: A~ is n x m, u has n, w has m.
  int64_t ar = mxv ? m : n, ac = mxv ? n : m;
  Mat A = rand_mat(c, ta, tran ? ac : ar, tran ? ar : ac);
  Vec u = rand_vec(c, tu, n);
  Vec wown, mown;
  const Vec *w = &u;
  if (k.alias != A_IN1) wown = rand_vec(c, tw, m), w = &wown;
  c.note(mat_str(c, "A", A) + " " + vec_str(c, "u", u) + " " + vec_str(c, "w", *w));
  const Vec *M = vector_mask(c, k, w, mown, m);
  Desc d;
  make_desc(c, k, d);
  if (mxv)
    run_vec(
        c, "mxv", *w, [&] { return weft_mxv(w->w, vw(M), aw(k), s.w, A.w, u.w, d.w); },
        [&] { return GrB_mxv(w->g, in(c, vg(M)), ag(k), s.g, in(c, A.g), in(c, u.g), d.g); });
  else
    run_vec(
        c, "vxm", *w, [&] { return weft_vxm(w->w, vw(M), aw(k), s.w, u.w, A.w, d.w); },
        [&] { return GrB_vxm(w->g, in(c, vg(M)), ag(k), s.g, in(c, u.g), in(c, A.g), d.g); });
  Tuples res;
  if (c.any_values && !c.failed && !k.mask && !k.comp && !k.accum && !k.alias && read_weft(c, w->w, w->t, res)) {
    // mxv: w(i) from A~(i,k) and u(k); vxm: w(j) from u(k) and A~(k,j).
    check_any(c, mxv ? "mxv" : "vxm", res, s.t, [&](int64_t i, int64_t, auto take) {
      std::map<int64_t, size_t> u_at;
      for (size_t q = 0; q < u.init.size(); ++q) u_at[u.init.I[q]] = q;
      line_of(A.init, tran, mxv, i, [&](size_t q, int64_t kk) {
        auto uk = u_at.find(kk);
        if (uk == u_at.end()) return;
        bool from_a = (s.mult == B_FIRST) == mxv;
        if (from_a)
          take(A.init, q);
        else
          take(u.init, uk->second);
      });
    });
  }
}
void case_mxv(Case &c) { case_mxv_vxm(c, true); }
void case_vxm(Case &c) { case_mxv_vxm(c, false); }

// ---- Element-wise add, mult, union ----------------------------------------------------

enum EwiseKind { E_ADD, E_MULT, E_UNION };

// The operator of an element-wise call, given directly or as a monoid's or a semiring's
// (SuiteSparse's _Monoid and _Semiring variants; weft takes the operator out of them).
struct EwiseOp {
  const BinOp *op = nullptr;
  const Monoid *monoid = nullptr;
  const Semiring *semiring = nullptr;
  weft_binary_op w = nullptr;
};

EwiseOp pick_ewise_op(Case &c, EwiseKind kind) {
  EwiseOp e;
  double r = c.rng.unit();
  if (kind != E_UNION && r < 0.15) {
    e.monoid = &pick_monoid(c, false);
    weft_ok(c, weft_monoid_operator(e.monoid->w, &e.w), "weft_monoid_operator");
    e.op = find_binop(monoid_op(e.monoid->k), e.monoid->t);
    c.note("monoid=" + e.monoid->name);
  } else if (kind != E_UNION && r < 0.3) {
    for (;;) {
      e.semiring = &c.rng.pick(semirings());
      if (e.semiring->add != M_ANY) break;
    }
    if (kind == E_ADD) {
      weft_monoid add = nullptr;
      weft_ok(c, weft_semiring_add(e.semiring->w, &add), "weft_semiring_add");
      weft_ok(c, weft_monoid_operator(add, &e.w), "weft_monoid_operator");
      e.op = find_binop(monoid_op(e.semiring->add), e.semiring->t);
    } else {
      weft_ok(c, weft_semiring_multiply(e.semiring->w, &e.w), "weft_semiring_multiply");
      e.op = find_binop(e.semiring->mult, e.semiring->t);
    }
    c.note("semiring=" + e.semiring->name);
  } else {
    e.op = &pick_binop(c);
    e.w = e.op->w;
    c.note("op=" + e.op->name);
  }
  if (is_float_minmax(e.op->k, e.op->t)) c.float_minmax = true;
  return e;
}

template <class Obj>
GrB_Info ss_ewise(EwiseKind kind, const EwiseOp &e, Obj C, Obj M, GrB_BinaryOp acc, Obj A, GrB_Scalar alpha, Obj B,
                  GrB_Scalar beta, GrB_Descriptor d) {
  if constexpr (std::is_same_v<Obj, GrB_Matrix>) {
    if (kind == E_UNION) return GxB_Matrix_eWiseUnion(C, M, acc, e.op->g, A, alpha, B, beta, d);
    if (kind == E_ADD) {
      if (e.monoid) return GrB_Matrix_eWiseAdd_Monoid(C, M, acc, e.monoid->g, A, B, d);
      if (e.semiring) return GrB_Matrix_eWiseAdd_Semiring(C, M, acc, e.semiring->g, A, B, d);
      return GrB_Matrix_eWiseAdd_BinaryOp(C, M, acc, e.op->g, A, B, d);
    }
    if (e.monoid) return GrB_Matrix_eWiseMult_Monoid(C, M, acc, e.monoid->g, A, B, d);
    if (e.semiring) return GrB_Matrix_eWiseMult_Semiring(C, M, acc, e.semiring->g, A, B, d);
    return GrB_Matrix_eWiseMult_BinaryOp(C, M, acc, e.op->g, A, B, d);
  } else {
    if (kind == E_UNION) return GxB_Vector_eWiseUnion(C, M, acc, e.op->g, A, alpha, B, beta, d);
    if (kind == E_ADD) {
      if (e.monoid) return GrB_Vector_eWiseAdd_Monoid(C, M, acc, e.monoid->g, A, B, d);
      if (e.semiring) return GrB_Vector_eWiseAdd_Semiring(C, M, acc, e.semiring->g, A, B, d);
      return GrB_Vector_eWiseAdd_BinaryOp(C, M, acc, e.op->g, A, B, d);
    }
    if (e.monoid) return GrB_Vector_eWiseMult_Monoid(C, M, acc, e.monoid->g, A, B, d);
    if (e.semiring) return GrB_Vector_eWiseMult_Semiring(C, M, acc, e.semiring->g, A, B, d);
    return GrB_Vector_eWiseMult_BinaryOp(C, M, acc, e.op->g, A, B, d);
  }
}

void case_ewise(Case &c, EwiseKind kind) {
  bool vec = c.rng.coin(0.35);
  c.variant = vec ? "vector" : "matrix";
  EwiseOp e = pick_ewise_op(c, kind);
  const BinOp &op = *e.op;
  bool exact = int_div(op);
  int tc = input_type(c, op.zt);
  Controls k = random_controls(c, tc, op.zt, !vec, !vec, {A_IN0, A_IN1, A_BOTH, A_MASK});
  int64_t m = pick_dim(c), n = vec ? 1 : pick_dim(c);
  bool square = k.tran0 || k.tran1 || k.alias == A_IN0 || k.alias == A_IN1 || k.alias == A_BOTH;
  if (square && !vec) n = m;  // keeps the transposes simple: every operand is m x m
  // An aliased output shares the input's domain, so then the operator must accept it.
  int ta = k.alias == A_IN0 || k.alias == A_BOTH ? tc : input_type(c, op.t, exact);
  int tb = k.alias == A_IN1 || k.alias == A_BOTH ? tc : input_type(c, op.t, exact);
  if (exact && (ta != op.t || tb != op.t)) {  // a cast could make a divisor 0: back to no alias
    k.alias = k.alias == A_MASK ? A_MASK : A_NONE;
    ta = tb = op.t;
  }
  c.note(controls_str(k));
  Scal alpha, beta;
  if (kind == E_UNION) {
    int st = input_type(c, op.t, exact);
    Num a = random_num(c, op.t, exact), b = random_num(c, op.t, exact);
    make_scal(c, alpha, st, &a, op.t);
    make_scal(c, beta, st, &b, op.t);
    c.note(fmt("alpha=%s beta=%s (%s)", num_string(op.t, a).c_str(), num_string(op.t, b).c_str(), tname(st)));
  }
  Desc d;
  make_desc(c, k, d);
  static const char *names[] = {"ewise_add", "ewise_mult", "ewise_union"};
  if (vec) {
    Vec u = rand_vec(c, ta, m, exact);
    Vec vown, wown, mown;
    const Vec *v = &u;
    if (k.alias != A_BOTH) vown = rand_vec(c, tb, m, exact), v = &vown;
    const Vec *w = k.alias == A_IN0 || k.alias == A_BOTH ? &u : k.alias == A_IN1 ? v : nullptr;
    if (!w) wown = rand_vec(c, tc, m), w = &wown;
    c.note(vec_str(c, "u", u) + " " + vec_str(c, "v", *v) + " " + vec_str(c, "w", *w));
    const Vec *M = vector_mask(c, k, w, mown, m);
    run_vec(
        c, names[kind], *w,
        [&] {
          switch (kind) {
            case E_ADD:
              return weft_vector_ewise_add(w->w, vw(M), aw(k), e.w, u.w, v->w, d.w);
            case E_MULT:
              return weft_vector_ewise_mult(w->w, vw(M), aw(k), e.w, u.w, v->w, d.w);
            default:
              return weft_vector_ewise_union(w->w, vw(M), aw(k), e.w, u.w, alpha.w, v->w, beta.w, d.w);
          }
        },
        [&] {
          return ss_ewise<GrB_Vector>(kind, e, w->g, in(c, vg(M)), ag(k), in(c, u.g), alpha.g, in(c, v->g), beta.g,
                                      d.g);
        });
    return;
  }
  Mat A = rand_mat(c, ta, m, n, exact);
  Mat Bown, Cown, Mown;
  const Mat *B = &A;
  if (k.alias != A_BOTH) Bown = rand_mat(c, tb, m, n, exact), B = &Bown;
  const Mat *C = k.alias == A_IN0 || k.alias == A_BOTH ? &A : k.alias == A_IN1 ? B : nullptr;
  if (!C) Cown = rand_mat(c, tc, m, n), C = &Cown;
  c.note(mat_str(c, "A", A) + " " + mat_str(c, "B", *B) + " " + mat_str(c, "C", *C));
  const Mat *M = matrix_mask(c, k, C, Mown, m, n);
  run_mat(
      c, names[kind], *C,
      [&] {
        switch (kind) {
          case E_ADD:
            return weft_matrix_ewise_add(C->w, mw(M), aw(k), e.w, A.w, B->w, d.w);
          case E_MULT:
            return weft_matrix_ewise_mult(C->w, mw(M), aw(k), e.w, A.w, B->w, d.w);
          default:
            return weft_matrix_ewise_union(C->w, mw(M), aw(k), e.w, A.w, alpha.w, B->w, beta.w, d.w);
        }
      },
      [&] {
        // D8: an input SuiteSparse would transpose itself is given to it transposed already.
        bool pre0 = kind == E_ADD && k.tran0 && op.zt != op.t && ta != op.t;
        bool pre1 = kind == E_ADD && k.tran1 && op.zt != op.t && tb != op.t;
        if (!pre0 && !pre1)
          return ss_ewise<GrB_Matrix>(kind, e, C->g, in(c, mg(M)), ag(k), in(c, A.g), alpha.g, in(c, B->g), beta.g,
                                      d.g);
        depart(DEP_EWISE_TRAN_CAST);
        Controls k2 = k;
        k2.tran0 = k.tran0 && !pre0, k2.tran1 = k.tran1 && !pre1;
        GrB_Descriptor sd = ss_desc(c, k2);
        GrB_Matrix At = pre0 ? ss_transposed(c, A.g, ta) : in(c, A.g);
        GrB_Matrix Bt = pre1 ? ss_transposed(c, B->g, tb) : in(c, B->g);
        GrB_Info r = ss_ewise<GrB_Matrix>(kind, e, C->g, in(c, mg(M)), ag(k), At, alpha.g, Bt, beta.g, sd);
        if (pre0) GrB_Matrix_free(&At);
        if (pre1) GrB_Matrix_free(&Bt);
        GrB_Descriptor_free(&sd);
        return r;
      });
}
void case_ewise_add(Case &c) { case_ewise(c, E_ADD); }
void case_ewise_mult(Case &c) { case_ewise(c, E_MULT); }
void case_ewise_union(Case &c) { case_ewise(c, E_UNION); }

// ---- apply and select --------------------------------------------------------------

enum ApplyKind { AP_UNARY, AP_FIRST, AP_SECOND, AP_INDEX, AP_SELECT };

// The thunk of an index-unary operator: for positional operators a small offset; for
// VALUE* operators usually a value present in the input (so some entries match).
Num pick_thunk(Case &c, const IdxOp &op, const Tuples &in, int64_t span) {
  if (op.t < 0 || op.k == I_USER_MOD3) return num_signed(c.rng.range(-span, span));
  if (in.size() && c.rng.coin(0.6)) {
    alignas(8) uint8_t buf[8];
    cast_elem(op.t, buf, in.t, in.x(static_cast<size_t>(c.rng.range(0, static_cast<int64_t>(in.size()) - 1))));
    return load(op.t, buf);
  }
  return random_num(c, op.t);
}

void case_apply_select(Case &c, bool select) {
  bool vec = c.rng.coin(0.35);
  ApplyKind kind = AP_SELECT;
  if (!select) {
    double r = c.rng.unit();
    kind = r < 0.25 ? AP_UNARY : r < 0.5 ? AP_FIRST : r < 0.75 ? AP_SECOND : AP_INDEX;
  }
  static const char *kn[] = {"unary", "first", "second", "index", ""};
  c.variant = std::string(kn[kind]) + (kind == AP_SELECT ? "" : "-") + (vec ? "vector" : "matrix");
  const UnOp *un = nullptr;
  const BinOp *bin = nullptr;
  const IdxOp *idx = nullptr;
  int zt, in_t;
  bool exact = false;
  if (kind == AP_UNARY) {
    un = &c.cycle(unops());
    if (un->k == U_MINV) c.float_nan = true;
    zt = un->t;
    in_t = input_type(c, un->t);
    c.note("op=" + un->name);
  } else if (kind == AP_FIRST || kind == AP_SECOND) {
    bin = &pick_binop(c);
    exact = int_div(*bin);
    zt = bin->zt;
    in_t = input_type(c, bin->t, exact);
    c.note("op=" + bin->name);
  } else {
    // select: mostly the bool-valued operators; apply: mostly the index-valued ones.
    for (;;) {
      idx = &c.cycle(idxops());
      bool boolean = idx->zt == T_BOOL;
      if (boolean == (kind == AP_SELECT) || c.rng.coin(0.25)) break;
    }
    zt = kind == AP_SELECT ? -1 : idx->zt;
    in_t = idx->t < 0 ? random_type(c) : input_type(c, idx->t);
    c.note("op=" + idx->name);
  }
  int tc = kind == AP_SELECT ? input_type(c, in_t) : input_type(c, zt);
  // The specification transposes A with GrB_INP1 in the bind-first variant (A is the
  // operator's second input there) and with GrB_INP0 in the others.
  Controls k = random_controls(c, tc, kind == AP_SELECT ? in_t : zt, !vec && kind != AP_FIRST, !vec && kind == AP_FIRST,
                               {A_IN0, A_MASK});
  bool tran = k.tran0 || k.tran1;
  int64_t m = pick_dim(c), n = vec ? 1 : pick_dim(c);
  if (!vec && (tran || k.alias == A_IN0)) n = m;
  if (k.alias == A_IN0) {
    if (exact)
      k.alias = A_NONE;
    else
      in_t = tc;
  }
  c.note(controls_str(k));

  // Bound scalar (first/second) or thunk (index/select).
  Scal s;
  Tuples in_tuples;
  bool dep_diag = false;
  Num thunk{};
  int thunk_t = T_INT64;
  auto setup_scalar = [&](const Tuples &in) {
    if (bin) {
      Num x = random_num(c, bin->t, exact && kind == AP_SECOND);
      int st = input_type(c, bin->t, exact);
      make_scal(c, s, st, &x, bin->t);
      c.note(fmt("scalar=%s:%s", tname(st), num_string(bin->t, x).c_str()));
    } else if (idx) {
      // Usually of the operator's thunk domain; sometimes another, cast by both (not for
      // DIAGINDEX, whose D1 adjustment negates the thunk in its own domain).
      thunk_t = idx->k != I_DIAGINDEX && c.rng.coin(0.2) ? random_type(c) : idx->thunkt;
      thunk = pick_thunk(c, *idx, in, std::max(m, n) + 1);
      c.note(fmt("thunk=%s:%s", tname(thunk_t), num_string(thunk_t, thunk).c_str()));
      s.t = thunk_t;
      alignas(8) uint8_t buf[8], gbuf[8], as32[8], as64[8];
      store(thunk_t, buf, thunk);
      weft_ok(c, weft_scalar_new(type_info(thunk_t).w, &s.w), "weft_scalar_new");
      weft_ok(c, weft_scalar_set_element(s.w, buf, type_info(thunk_t).w), "weft_scalar_set_element");
      // D1: SuiteSparse's DIAGINDEX is j - (i + s); given -s it computes the specified j - i + s.
      dep_diag = idx->k == I_DIAGINDEX && thunk.i != 0;
      int gt = thunk_t;
      store(gt, gbuf, dep_diag ? num_signed(-thunk.i) : thunk);
      // D12: SuiteSparse's select takes the thunk of a *INDEX_INT32 operator as INT64; where
      // that differs from the thunk cast to INT32, it gets the INT32 value itself.
      cast_elem(T_INT32, as32, thunk_t, buf);
      cast_elem(T_INT64, as64, thunk_t, buf);
      if (kind == AP_SELECT && idx->thunkt == T_INT32 && load(T_INT32, as32).i != load(T_INT64, as64).i) {
        gt = T_INT32;
        std::memcpy(gbuf, as32, 4);
        depart(DEP_THUNK32);
      }
      ss_ok(c, GrB_Scalar_new(&s.g, type_info(gt).g), "GrB_Scalar_new");
      with_ctype(gt, [&](auto z) {
        decltype(z) x;
        std::memcpy(&x, gbuf, sizeof x);
        ss_ok(c, ss_set(s.g, x), "GrB_Scalar_setElement");
      });
    }
  };
  Desc d;
  const char *call = select ? "select" : "apply";
  if (vec) {
    Vec u = rand_vec(c, in_t, m, exact && kind == AP_FIRST);
    Vec wown, mown;
    const Vec *w = &u;
    if (k.alias != A_IN0) wown = rand_vec(c, tc, m), w = &wown;
    c.note(vec_str(c, "u", u) + " " + vec_str(c, "w", *w));
    setup_scalar(u.init);
    const Vec *M = vector_mask(c, k, w, mown, m);
    make_desc(c, k, d);
    run_vec(
        c, call, *w,
        [&] {
          switch (kind) {
            case AP_UNARY:
              return weft_vector_apply(w->w, vw(M), aw(k), un->w, u.w, d.w);
            case AP_FIRST:
              return weft_vector_apply_first(w->w, vw(M), aw(k), bin->w, s.w, u.w, d.w);
            case AP_SECOND:
              return weft_vector_apply_second(w->w, vw(M), aw(k), bin->w, u.w, s.w, d.w);
            case AP_INDEX:
              return weft_vector_apply_index(w->w, vw(M), aw(k), idx->w, u.w, s.w, d.w);
            default:
              return weft_vector_select(w->w, vw(M), aw(k), idx->w, u.w, s.w, d.w);
          }
        },
        [&] {
          switch (kind) {
            case AP_UNARY:
              return GrB_Vector_apply(w->g, in(c, vg(M)), ag(k), un->g, in(c, u.g), d.g);
            case AP_FIRST:
              return GrB_Vector_apply_BinaryOp1st_Scalar(w->g, in(c, vg(M)), ag(k), bin->g, s.g, in(c, u.g), d.g);
            case AP_SECOND:
              return GrB_Vector_apply_BinaryOp2nd_Scalar(w->g, in(c, vg(M)), ag(k), bin->g, in(c, u.g), s.g, d.g);
            case AP_INDEX:
              return GrB_Vector_apply_IndexOp_Scalar(w->g, in(c, vg(M)), ag(k), idx->g, in(c, u.g), s.g, d.g);
            default:
              return GrB_Vector_select_Scalar(w->g, in(c, vg(M)), ag(k), idx->g, in(c, u.g), s.g, d.g);
          }
        });
  } else {
    Mat A = rand_mat(c, in_t, tran ? n : m, tran ? m : n, exact && kind == AP_FIRST);
    Mat Cown, Mown;
    const Mat *C = &A;
    if (k.alias != A_IN0) Cown = rand_mat(c, tc, m, n), C = &Cown;
    c.note(mat_str(c, "A", A) + " " + mat_str(c, "C", *C));
    setup_scalar(A.init);
    const Mat *M = matrix_mask(c, k, C, Mown, m, n);
    make_desc(c, k, d);
    run_mat(
        c, call, *C,
        [&] {
          switch (kind) {
            case AP_UNARY:
              return weft_matrix_apply(C->w, mw(M), aw(k), un->w, A.w, d.w);
            case AP_FIRST:
              return weft_matrix_apply_first(C->w, mw(M), aw(k), bin->w, s.w, A.w, d.w);
            case AP_SECOND:
              return weft_matrix_apply_second(C->w, mw(M), aw(k), bin->w, A.w, s.w, d.w);
            case AP_INDEX:
              return weft_matrix_apply_index(C->w, mw(M), aw(k), idx->w, A.w, s.w, d.w);
            default:
              return weft_matrix_select(C->w, mw(M), aw(k), idx->w, A.w, s.w, d.w);
          }
        },
        [&] {
          switch (kind) {
            case AP_UNARY:
              return GrB_Matrix_apply(C->g, in(c, mg(M)), ag(k), un->g, in(c, A.g), d.g);
            case AP_FIRST:
              return GrB_Matrix_apply_BinaryOp1st_Scalar(C->g, in(c, mg(M)), ag(k), bin->g, s.g, in(c, A.g), d.g);
            case AP_SECOND:
              return GrB_Matrix_apply_BinaryOp2nd_Scalar(C->g, in(c, mg(M)), ag(k), bin->g, in(c, A.g), s.g, d.g);
            case AP_INDEX:
              return GrB_Matrix_apply_IndexOp_Scalar(C->g, in(c, mg(M)), ag(k), idx->g, in(c, A.g), s.g, d.g);
            default:
              return GrB_Matrix_select_Scalar(C->g, in(c, mg(M)), ag(k), idx->g, in(c, A.g), s.g, d.g);
          }
        });
  }
  if (dep_diag) depart(DEP_DIAGINDEX);
}
void case_apply(Case &c) { case_apply_select(c, false); }
void case_select(Case &c) { case_apply_select(c, true); }

// ---- reduce -----------------------------------------------------------------------------

void case_reduce_vector(Case &c) {
  const Monoid &mon = pick_monoid(c);
  c.note("monoid=" + mon.name);
  int tw = input_type(c, mon.t);
  Controls k = random_controls(c, tw, mon.t, true, false, {A_MASK});
  c.variant = k.tran0 ? "columns" : "rows";
  int64_t m = pick_dim(c), n = pick_dim(c);  // A~ is m x n, w has m
  Mat A = rand_mat(c, input_type(c, mon.t), k.tran0 ? n : m, k.tran0 ? m : n);
  Vec w = rand_vec(c, tw, m), mown;
  c.note(controls_str(k) + " " + mat_str(c, "A", A) + " " + vec_str(c, "w", w));
  const Vec *M = vector_mask(c, k, &w, mown, m);
  Desc d;
  make_desc(c, k, d);
  run_vec(
      c, "reduce", w, [&] { return weft_matrix_reduce(w.w, vw(M), aw(k), mon.w, A.w, d.w); },
      [&] { return GrB_Matrix_reduce_Monoid(w.g, in(c, vg(M)), ag(k), mon.g, in(c, A.g), d.g); });
  Tuples res;
  if (c.any_values && !c.failed && !k.mask && !k.comp && !k.accum && read_weft(c, w.w, w.t, res))
    check_any(c, "reduce", res, mon.t, [&](int64_t i, int64_t, auto take) {
      line_of(A.init, k.tran0, true, i, [&](size_t q, int64_t) { take(A.init, q); });
    });
}

// D5 for a reduction to a scalar by ANY: the value must be one of the input's.
void check_any_scalar(Case &c, const Scal &s, int mid, const Tuples &in) {
  int64_t n = 0;
  if (!c.any_values || !weft_ok(c, weft_scalar_nvals(s.w, &n), "weft_scalar_nvals") || n == 0) return;
  Tuples res;
  res.t = s.t;
  res.push(0, 0, Num{});
  if (!weft_ok(c, weft_scalar_extract_element(s.w, type_info(s.t).w, res.x(0)), "weft_scalar_extract_element")) return;
  check_any(c, "reduce_scalar", res, mid, [&](int64_t, int64_t, auto take) {
    for (size_t q = 0; q < in.size(); ++q) take(in, q);
  });
}

void case_reduce_scalar(Case &c) {
  const Monoid &mon = pick_monoid(c);
  bool vec = c.rng.coin(0.4);
  c.variant = vec ? "vector" : "matrix";
  int st = input_type(c, mon.t);
  Scal s;
  Num init = random_num(c, st);
  bool has = c.rng.coin(0.5);
  make_scal(c, s, st, has ? &init : nullptr, st);
  const BinOp *acc = c.rng.coin(0.5) ? pick_accum(c, st, mon.t) : nullptr;
  c.accum = acc;
  c.note("monoid=" + mon.name + " scalar:" + tname(st) + (has ? "=" + num_string(st, init) : "(empty)") +
         " accum=" + (acc ? acc->name : "NULL"));
  int ta = input_type(c, mon.t);
  weft_status ws;
  GrB_Info gs;
  if (vec) {
    Vec u = rand_vec(c, ta, pick_dim(c));
    c.note(vec_str(c, "u", u));
    ws = weft_vector_reduce_scalar(s.w, acc ? acc->w : nullptr, mon.w, u.w, nullptr);
    std::string werr = ws == WEFT_SUCCESS ? "" : weft_last_error();
    gs = GrB_Vector_reduce_Monoid_Scalar(s.g, acc ? acc->g : nullptr, mon.g, u.g, nullptr);
    if (both_ran(c, "vector_reduce_scalar", ws, werr, gs) && compare_scal(c, "vector_reduce_scalar", s) && !acc)
      check_any_scalar(c, s, mon.t, u.init);
  } else {
    Mat A = rand_mat(c, ta, pick_dim(c), pick_dim(c));
    c.note(mat_str(c, "A", A));
    ws = weft_matrix_reduce_scalar(s.w, acc ? acc->w : nullptr, mon.w, A.w, nullptr);
    std::string werr = ws == WEFT_SUCCESS ? "" : weft_last_error();
    gs = GrB_Matrix_reduce_Monoid_Scalar(s.g, acc ? acc->g : nullptr, mon.g, A.g, nullptr);
    if (both_ran(c, "matrix_reduce_scalar", ws, werr, gs) && compare_scal(c, "matrix_reduce_scalar", s) && !acc)
      check_any_scalar(c, s, mon.t, A.init);
  }
}

// ---- transpose, kronecker ------------------------------------------------------------

void case_transpose(Case &c) {
  int tc = random_type(c);
  int ta = input_type(c, tc);
  Controls k = random_controls(c, tc, ta, true, false, {A_IN0, A_MASK});
  int64_t m = pick_dim(c), n = k.alias == A_IN0 ? m : pick_dim(c);  // C is m x n
  if (k.alias == A_IN0) ta = tc;
  c.note(controls_str(k));
  // T = A~' is m x n, so A~ is n x m and A is stored m x n when transposed by the descriptor.
  Mat A = rand_mat(c, ta, k.tran0 ? m : n, k.tran0 ? n : m);
  Mat Cown, Mown;
  const Mat *C = &A;
  if (k.alias != A_IN0) Cown = rand_mat(c, tc, m, n), C = &Cown;
  c.note(mat_str(c, "A", A) + " " + mat_str(c, "C", *C));
  const Mat *M = matrix_mask(c, k, C, Mown, m, n);
  Desc d;
  make_desc(c, k, d);
  run_mat(
      c, "transpose", *C, [&] { return weft_transpose(C->w, mw(M), aw(k), A.w, d.w); },
      [&] { return GrB_transpose(C->g, in(c, mg(M)), ag(k), in(c, A.g), d.g); });
}

void case_kronecker(Case &c) {
  const BinOp &op = pick_binop(c);
  bool exact = int_div(op);
  c.note("op=" + op.name);
  int tc = input_type(c, op.zt);
  Controls k = random_controls(c, tc, op.zt, true, true, {A_MASK});
  int64_t ma = pick_dim(c, 6), na = pick_dim(c, 6), mb = pick_dim(c, 6), nb = pick_dim(c, 6);
  c.note(controls_str(k));
  Mat A = rand_mat(c, input_type(c, op.t, exact), k.tran0 ? na : ma, k.tran0 ? ma : na);
  Mat B = rand_mat(c, input_type(c, op.t, exact), k.tran1 ? nb : mb, k.tran1 ? mb : nb, exact);
  Mat C = rand_mat(c, tc, ma * mb, na * nb), Mown;
  c.note(mat_str(c, "A", A) + " " + mat_str(c, "B", B) + " " + mat_str(c, "C", C));
  const Mat *M = matrix_mask(c, k, &C, Mown, ma * mb, na * nb);
  Desc d;
  make_desc(c, k, d);
  run_mat(
      c, "kronecker", C, [&] { return weft_kronecker(C.w, mw(M), aw(k), op.w, A.w, B.w, d.w); },
      [&] { return GrB_Matrix_kronecker_BinaryOp(C.g, in(c, mg(M)), ag(k), op.g, in(c, A.g), in(c, B.g), d.g); });
}

// ---- extract, assign, subassign ---------------------------------------------------------

// An index list for both libraries: GrB_ALL / WEFT_ALL, or explicit (with repeats when
// allowed, else distinct in random order).
struct Index {
  bool all = false;
  std::vector<int64_t> v;
  std::vector<GrB_Index> gv;
  int64_t n = 0;
  const int64_t *w() const { return all ? WEFT_ALL : v.data(); }
  const GrB_Index *g() const { return all ? GrB_ALL : gv.data(); }
};

Index index_list(Case &c, int64_t dim, bool repeats, int64_t len = -1, bool at_most_dim = false) {
  Index x;
  if (len < 0 && !c.big && c.rng.coin(0.2)) {  // (a big region assigned a scalar would be dense)
    x.all = true;
    x.n = dim;
    return x;
  }
  if (repeats) {
    int64_t n = len >= 0 ? len : at_most_dim ? c.rng.range(1, dim) : pick_dim(c);
    if (c.big && len < 0) n = std::min<int64_t>(n, 40);  // regions stay small
    for (int64_t k = 0; k < n; ++k) x.v.push_back(c.rng.range(0, dim - 1));
  } else if (dim > 4096) {  // distinct, from a large range: drawn until distinct
    int64_t n = len >= 0 ? len : c.rng.range(1, 40);
    std::vector<int64_t> seen;
    while (static_cast<int64_t>(x.v.size()) < n) {
      int64_t k = c.rng.range(0, dim - 1);
      if (std::find(seen.begin(), seen.end(), k) == seen.end()) seen.push_back(k), x.v.push_back(k);
    }
  } else {
    std::vector<int64_t> p(static_cast<size_t>(dim));
    for (int64_t k = 0; k < dim; ++k) p[static_cast<size_t>(k)] = k;
    for (int64_t k = dim - 1; k > 0; --k)
      std::swap(p[static_cast<size_t>(k)], p[static_cast<size_t>(c.rng.range(0, k))]);
    int64_t n = len >= 0 ? len : c.rng.range(1, c.big ? std::min<int64_t>(dim, 40) : dim);
    x.v.assign(p.begin(), p.begin() + n);
  }
  x.n = static_cast<int64_t>(x.v.size());
  x.gv = to_grb(x.v);
  return x;
}

std::string index_str(const char *name, const Index &x) {
  if (x.all) return std::string(name) + "=ALL";
  std::string s = std::string(name) + "=[";
  for (size_t k = 0; k < x.v.size() && k < 12; ++k) s += (k ? "," : "") + std::to_string(x.v[k]);
  return s + (x.v.size() > 12 ? ",...]" : "]");
}

void case_extract(Case &c) {
  double r = c.rng.unit();
  int which = r < 0.5 ? 0 : r < 0.75 ? 1 : 2;  // matrix, vector, column/row
  int tc = random_type(c);
  int ta = input_type(c, tc);
  if (which == 0) {
    c.variant = "matrix";
    Controls k = random_controls(c, tc, ta, true, false, {A_IN0, A_MASK});
    int64_t ar = pick_dim(c), ac = pick_dim(c);  // A~ is ar x ac
    Index I, J;
    if (k.alias == A_IN0) {
      ac = ar, ta = tc;
      I = index_list(c, ar, true, ar), J = index_list(c, ac, true, ac);
    } else {
      I = index_list(c, ar, true), J = index_list(c, ac, true);
    }
    c.note(controls_str(k) + " " + index_str("I", I) + " " + index_str("J", J));
    Mat A = rand_mat(c, ta, k.tran0 ? ac : ar, k.tran0 ? ar : ac);
    Mat Cown, Mown;
    const Mat *C = &A;
    if (k.alias != A_IN0) Cown = rand_mat(c, tc, I.n, J.n), C = &Cown;
    c.note(mat_str(c, "A", A) + " " + mat_str(c, "C", *C));
    const Mat *M = matrix_mask(c, k, C, Mown, I.n, J.n);
    Desc d;
    make_desc(c, k, d);
    run_mat(
        c, "matrix_extract", *C,
        [&] { return weft_matrix_extract(C->w, mw(M), aw(k), A.w, I.w(), I.n, J.w(), J.n, d.w); },
        [&] {
          return GrB_Matrix_extract(C->g, in(c, mg(M)), ag(k), in(c, A.g), I.g(), static_cast<GrB_Index>(I.n), J.g(),
                                    static_cast<GrB_Index>(J.n), d.g);
        });
  } else if (which == 1) {
    c.variant = "vector";
    Controls k = random_controls(c, tc, ta, false, false, {A_IN0, A_MASK});
    int64_t n = pick_dim(c);
    Index I = k.alias == A_IN0 ? index_list(c, n, true, n) : index_list(c, n, true);
    if (k.alias == A_IN0) ta = tc;
    c.note(controls_str(k) + " " + index_str("I", I));
    Vec u = rand_vec(c, ta, n), wown, mown;
    const Vec *w = &u;
    if (k.alias != A_IN0) wown = rand_vec(c, tc, I.n), w = &wown;
    c.note(vec_str(c, "u", u) + " " + vec_str(c, "w", *w));
    const Vec *M = vector_mask(c, k, w, mown, I.n);
    Desc d;
    make_desc(c, k, d);
    run_vec(
        c, "vector_extract", *w, [&] { return weft_vector_extract(w->w, vw(M), aw(k), u.w, I.w(), I.n, d.w); },
        [&] {
          return GrB_Vector_extract(w->g, in(c, vg(M)), ag(k), in(c, u.g), I.g(), static_cast<GrB_Index>(I.n), d.g);
        });
  } else {
    Controls k = random_controls(c, tc, ta, true, false, {A_MASK});
    c.variant = k.tran0 ? "row" : "column";
    int64_t ar = pick_dim(c), ac = pick_dim(c);  // A~ is ar x ac
    Index I = index_list(c, ar, true);
    int64_t j = c.rng.range(0, ac - 1);
    c.note(controls_str(k) + " " + index_str("I", I) + fmt(" j=%lld", static_cast<long long>(j)));
    Mat A = rand_mat(c, ta, k.tran0 ? ac : ar, k.tran0 ? ar : ac);
    Vec w = rand_vec(c, tc, I.n), mown;
    c.note(mat_str(c, "A", A) + " " + vec_str(c, "w", w));
    const Vec *M = vector_mask(c, k, &w, mown, I.n);
    Desc d;
    make_desc(c, k, d);
    run_vec(
        c, "col_extract", w, [&] { return weft_col_extract(w.w, vw(M), aw(k), A.w, I.w(), I.n, j, d.w); },
        [&] {
          return GrB_Col_extract(w.g, in(c, vg(M)), ag(k), in(c, A.g), I.g(), static_cast<GrB_Index>(I.n),
                                 static_cast<GrB_Index>(j), d.g);
        });
  }
}

// Matrix and vector assign; with subassign, GxB_subassign (the mask has the region's shape).
void case_assign_common(Case &c, bool sub) {
  bool vec = !sub && c.rng.coin(0.35);
  c.variant = vec ? "vector" : "matrix";
  int tc = random_type(c);
  int ta = input_type(c, tc);
  Controls k = random_controls(c, tc, ta, !vec, false, sub ? std::vector<int>{A_IN0} : std::vector<int>{A_IN0, A_MASK});
  int64_t nr = pick_dim(c), nc = vec ? 1 : pick_dim(c);
  Index I, J;
  if (k.alias == A_IN0) {
    // C(I,J) = C with I, J permutations of everything: the input is read before C changes.
    if (!vec) nc = nr;
    ta = tc;
    I = index_list(c, nr, false, nr);
    J = index_list(c, nc, false, nc);
  } else {
    I = index_list(c, nr, false);
    J = index_list(c, nc, false);
  }
  if (vec) J = Index{}, J.n = 1;
  c.note(controls_str(k) + " " + index_str("I", I) + (vec ? "" : " " + index_str("J", J)));
  Desc d;
  if (vec) {
    Vec w = rand_vec(c, tc, nr), uown, mown;
    const Vec *u = &w;
    if (k.alias != A_IN0) uown = rand_vec(c, ta, I.n), u = &uown;
    c.note(vec_str(c, "w", w) + " " + vec_str(c, "u", *u));
    const Vec *M = vector_mask(c, k, &w, mown, nr);
    make_desc(c, k, d);
    run_vec(
        c, "vector_assign", w, [&] { return weft_vector_assign(w.w, vw(M), aw(k), u->w, I.w(), I.n, d.w); },
        [&] {
          return GrB_Vector_assign(w.g, in(c, vg(M)), ag(k), in(c, u->g), I.g(), static_cast<GrB_Index>(I.n), d.g);
        });
    return;
  }
  Mat C = rand_mat(c, tc, nr, nc), Aown, Mown;
  const Mat *A = &C;
  if (k.alias != A_IN0) Aown = rand_mat(c, ta, k.tran0 ? J.n : I.n, k.tran0 ? I.n : J.n), A = &Aown;
  c.note(mat_str(c, "C", C) + " " + mat_str(c, "A", *A));
  const Mat *M = sub ? matrix_mask(c, k, &C, Mown, I.n, J.n) : matrix_mask(c, k, &C, Mown, nr, nc);
  make_desc(c, k, d);
  if (sub)
    run_mat(
        c, "subassign", C, [&] { return weft_matrix_subassign(C.w, mw(M), aw(k), A->w, I.w(), I.n, J.w(), J.n, d.w); },
        [&] {
          return GxB_Matrix_subassign(C.g, in(c, mg(M)), ag(k), in(c, A->g), I.g(), static_cast<GrB_Index>(I.n), J.g(),
                                      static_cast<GrB_Index>(J.n), d.g);
        });
  else
    run_mat(
        c, "matrix_assign", C, [&] { return weft_matrix_assign(C.w, mw(M), aw(k), A->w, I.w(), I.n, J.w(), J.n, d.w); },
        [&] {
          return GrB_Matrix_assign(C.g, in(c, mg(M)), ag(k), in(c, A->g), I.g(), static_cast<GrB_Index>(I.n), J.g(),
                                   static_cast<GrB_Index>(J.n), d.g);
        });
}
void case_assign(Case &c) { case_assign_common(c, false); }
void case_subassign(Case &c) { case_assign_common(c, true); }

// Assign of one scalar to a region (repeated indices allowed).
void case_assign_scalar(Case &c) {
  bool vec = c.rng.coin(0.35);
  c.variant = vec ? "vector" : "matrix";
  int tc = random_type(c);
  int st = input_type(c, tc);
  Controls k = random_controls(c, tc, st, false, false, {A_MASK});
  int64_t nr = pick_dim(c), nc = vec ? 1 : pick_dim(c);
  // Repeats are allowed here, but not more indices than the dimension (the specification's
  // DIMENSION_MISMATCH, which weft checks and SuiteSparse does not).
  Index I = index_list(c, nr, c.rng.coin(0.5), -1, true);
  Index J = vec ? Index{} : index_list(c, nc, c.rng.coin(0.5), -1, true);
  Num x = random_num(c, st);
  Scal s;
  make_scal(c, s, st, &x, st);
  c.note(controls_str(k) + " " + index_str("I", I) + (vec ? "" : " " + index_str("J", J)) + " x=" + tname(st) + ":" +
         num_string(st, x));
  Desc d;
  if (vec) {
    Vec w = rand_vec(c, tc, nr), mown;
    c.note(vec_str(c, "w", w));
    const Vec *M = vector_mask(c, k, &w, mown, nr);
    make_desc(c, k, d);
    run_vec(
        c, "vector_assign_scalar", w,
        [&] { return weft_vector_assign_scalar(w.w, vw(M), aw(k), s.w, I.w(), I.n, d.w); },
        [&] {
          return GrB_Vector_assign_Scalar(w.g, in(c, vg(M)), ag(k), s.g, I.g(), static_cast<GrB_Index>(I.n), d.g);
        });
    return;
  }
  Mat C = rand_mat(c, tc, nr, nc), Mown;
  c.note(mat_str(c, "C", C));
  const Mat *M = matrix_mask(c, k, &C, Mown, nr, nc);
  make_desc(c, k, d);
  run_mat(
      c, "matrix_assign_scalar", C,
      [&] { return weft_matrix_assign_scalar(C.w, mw(M), aw(k), s.w, I.w(), I.n, J.w(), J.n, d.w); },
      [&] {
        return GrB_Matrix_assign_Scalar(C.g, in(c, mg(M)), ag(k), s.g, I.g(), static_cast<GrB_Index>(I.n), J.g(),
                                        static_cast<GrB_Index>(J.n), d.g);
      });
}

// C(I, j) = u (column) and C(i, J) = u' (row); the mask is a vector over the column/row.
void case_row_col_assign(Case &c) {
  bool row = c.rng.coin(0.5);
  c.variant = row ? "row" : "column";
  int tc = random_type(c);
  int tu = input_type(c, tc);
  Controls k = random_controls(c, tc, tu, false, false, {});
  int64_t nr = pick_dim(c), nc = pick_dim(c);
  int64_t line = row ? nc : nr;  // length of the row/column
  Index X = index_list(c, line, false);
  int64_t fixed = c.rng.range(0, (row ? nr : nc) - 1);
  c.note(controls_str(k) + " " + index_str(row ? "J" : "I", X) +
         fmt(" %s=%lld", row ? "i" : "j", static_cast<long long>(fixed)));
  Mat C = rand_mat(c, tc, nr, nc);
  Vec u = rand_vec(c, tu, X.n), mown;
  c.note(mat_str(c, "C", C) + " " + vec_str(c, "u", u));
  const Vec *M = vector_mask(c, k, nullptr, mown, line);
  Desc d;
  make_desc(c, k, d);
  if (row)
    run_mat(
        c, "row_assign", C, [&] { return weft_row_assign(C.w, vw(M), aw(k), u.w, fixed, X.w(), X.n, d.w); },
        [&] {
          return GrB_Row_assign(C.g, in(c, vg(M)), ag(k), in(c, u.g), static_cast<GrB_Index>(fixed), X.g(),
                                static_cast<GrB_Index>(X.n), d.g);
        });
  else
    run_mat(
        c, "col_assign", C, [&] { return weft_col_assign(C.w, vw(M), aw(k), u.w, X.w(), X.n, fixed, d.w); },
        [&] {
          return GrB_Col_assign(C.g, in(c, vg(M)), ag(k), in(c, u.g), X.g(), static_cast<GrB_Index>(X.n),
                                static_cast<GrB_Index>(fixed), d.g);
        });
}

// ---- build, elements, diag ---------------------------------------------------------------

void case_build(Case &c) {
  bool vec = c.rng.coin(0.35);
  c.variant = vec ? "vector" : "matrix";
  int t = random_type(c);
  int xt = input_type(c, t);
  int64_t nr = pick_dim(c), nc = vec ? 1 : pick_dim(c);
  // Tuples drawn from a few positions, so duplicates are common, in random order.
  int64_t ntup = c.rng.range(0, std::min<int64_t>(3 * nr * nc / 2 + 1, 400));
  Tuples tp;
  tp.t = xt;
  for (int64_t k = 0; k < ntup; ++k) tp.push(c.rng.range(0, nr - 1), c.rng.range(0, nc - 1), random_num(c, xt));
  std::vector<std::pair<int64_t, int64_t>> keys;
  for (size_t k = 0; k < tp.size(); ++k) keys.emplace_back(tp.I[k], tp.J[k]);
  std::sort(keys.begin(), keys.end());
  bool dups = std::adjacent_find(keys.begin(), keys.end()) != keys.end();
  static const std::vector<int> numeric = {B_PLUS, B_TIMES, B_MIN, B_MAX, B_FIRST, B_SECOND};
  static const std::vector<int> logical = {B_LOR, B_LAND, B_LXOR, B_FIRST, B_SECOND};
  const BinOp *dup = dups || c.rng.coin(0.5) ? find_binop(c.rng.pick(t == T_BOOL ? logical : numeric), t) : nullptr;
  if (dup && is_float_minmax(dup->k, dup->t)) c.float_minmax = true;
  c.note(fmt("%s:%s[%lldx%lld] %zu tuples of %s dup=%s", vec ? "v" : "A", tname(t), static_cast<long long>(nr),
             static_cast<long long>(nc), tp.size(), tname(xt), dup ? dup->name.c_str() : "NULL"));
  std::vector<GrB_Index> I = to_grb(tp.I), J = to_grb(tp.J);
  weft_status ws;
  GrB_Info gs = GrB_SUCCESS;
  std::string werr;
  if (vec) {
    Vec v = make_vec(c, t, nr, Tuples{});
    ws = weft_vector_build(v.w, arr(tp.I), arr(tp.X), type_info(xt).w, static_cast<int64_t>(tp.size()),
                           dup ? dup->w : nullptr);
    werr = ws == WEFT_SUCCESS ? "" : weft_last_error();
    with_ctype(xt, [&](auto z) {
      using C = decltype(z);
      gs = ss_build(v.g, arr(I), reinterpret_cast<const C *>(arr(tp.X)), tp.size(), dup ? dup->g : nullptr);
    });
    if (both_ran(c, "vector_build", ws, werr, gs)) compare_vec(c, "vector_build", v);
  } else {
    Mat A = make_mat(c, t, nr, nc, Tuples{});
    ws = weft_matrix_build(A.w, arr(tp.I), arr(tp.J), arr(tp.X), type_info(xt).w, static_cast<int64_t>(tp.size()),
                           dup ? dup->w : nullptr);
    werr = ws == WEFT_SUCCESS ? "" : weft_last_error();
    with_ctype(xt, [&](auto z) {
      using C = decltype(z);
      gs = ss_build(A.g, arr(I), arr(J), reinterpret_cast<const C *>(arr(tp.X)), tp.size(), dup ? dup->g : nullptr);
    });
    if (both_ran(c, "matrix_build", ws, werr, gs)) compare_mat(c, "matrix_build", A);
  }
}

// A random sequence of set/remove/extract element and resize on one matrix or vector;
// each extract and the final contents must agree.
void case_elements(Case &c) {
  bool vec = c.rng.coin(0.35);
  c.variant = vec ? "vector" : "matrix";
  int t = random_type(c);
  int64_t nr = pick_dim(c), nc = vec ? 1 : pick_dim(c);
  Mat A;
  Vec v;
  if (vec)
    v = rand_vec(c, t, nr), c.note(vec_str(c, "v", v));
  else
    A = rand_mat(c, t, nr, nc), c.note(mat_str(c, "A", A));
  int nops = static_cast<int>(c.rng.range(1, 40));
  for (int s = 0; s < nops && !c.failed; ++s) {
    double r = c.rng.unit();
    int64_t i = c.rng.range(0, nr - 1), j = c.rng.range(0, nc - 1);
    int xt = input_type(c, t);
    alignas(8) uint8_t buf[8] = {0};
    std::string step;
    weft_status ws;
    GrB_Info gs;
    if (r < 0.45) {
      Num x = random_num(c, xt);
      store(xt, buf, x);
      step = fmt("set(%lld,%lld)=%s:%s", static_cast<long long>(i), static_cast<long long>(j), tname(xt),
                 elem_string(xt, buf).c_str());
      ws = vec ? weft_vector_set_element(v.w, i, buf, type_info(xt).w)
               : weft_matrix_set_element(A.w, i, j, buf, type_info(xt).w);
      gs = with_ctype(xt, [&](auto z) {
        decltype(z) y;
        std::memcpy(&y, buf, sizeof y);
        return vec ? ss_set(v.g, y, static_cast<GrB_Index>(i))
                   : ss_set(A.g, y, static_cast<GrB_Index>(i), static_cast<GrB_Index>(j));
      });
      if (vec)
        ss_settle(c, v.g);
      else
        ss_settle(c, A.g);
    } else if (r < 0.7) {
      step = fmt("remove(%lld,%lld)", static_cast<long long>(i), static_cast<long long>(j));
      ws = vec ? weft_vector_remove_element(v.w, i) : weft_matrix_remove_element(A.w, i, j);
      gs = vec ? ss_remove(c, v.g, i) : ss_remove(c, A.g, i, j);
    } else if (r < 0.95) {
      step = fmt("extract(%lld,%lld) as %s", static_cast<long long>(i), static_cast<long long>(j), tname(xt));
      alignas(8) uint8_t gb[8] = {0};
      ws = vec ? weft_vector_extract_element(v.w, i, type_info(xt).w, buf)
               : weft_matrix_extract_element(A.w, i, j, type_info(xt).w, buf);
      gs = with_ctype(xt, [&](auto z) {
        decltype(z) y{};
        GrB_Info s2 = vec ? ss_get(&y, v.g, static_cast<GrB_Index>(i))
                          : ss_get(&y, A.g, static_cast<GrB_Index>(i), static_cast<GrB_Index>(j));
        std::memcpy(gb, &y, sizeof y);
        return s2;
      });
      c.note(step);
      if ((ws == WEFT_NO_VALUE) != (gs == GrB_NO_VALUE)) {
        mismatch(c, fmt("%s: weft %s, SuiteSparse %s", step.c_str(), weft_status_name(ws),
                        gs == GrB_NO_VALUE ? "no value" : "a value"));
        return;
      }
      if (gs == GrB_NO_VALUE) continue;
      if (both_ran(c, "extract_element", ws, weft_last_error(), gs) && !values_agree(c, xt, buf, gb))
        mismatch(c, step + ": weft " + elem_string(xt, buf) + ", SuiteSparse " + elem_string(xt, gb));
      continue;
    } else if (r < 0.97) {
      nr = pick_dim(c), nc = vec ? 1 : pick_dim(c);
      step = fmt("resize(%lld,%lld)", static_cast<long long>(nr), static_cast<long long>(nc));
      ws = vec ? weft_vector_resize(v.w, nr) : weft_matrix_resize(A.w, nr, nc);
      gs = vec ? GrB_Vector_resize(v.g, static_cast<GrB_Index>(nr))
               : GrB_Matrix_resize(A.g, static_cast<GrB_Index>(nr), static_cast<GrB_Index>(nc));
      v.n = nr, A.nr = nr, A.nc = nc;
    } else if (r < 0.985) {
      step = "clear";
      ws = vec ? weft_vector_clear(v.w) : weft_matrix_clear(A.w);
      gs = vec ? GrB_Vector_clear(v.g) : GrB_Matrix_clear(A.g);
    } else {
      step = "dup";  // the sequence goes on with the copies (the originals are freed)
      if (vec) {
        weft_vector w2 = nullptr;
        GrB_Vector g2 = nullptr;
        ws = weft_vector_dup(v.w, &w2);
        gs = GrB_Vector_dup(&g2, v.g);
        if (ws == WEFT_SUCCESS) weft_vector_free(&v.w), v.w = w2;
        if (gs == GrB_SUCCESS) GrB_Vector_free(&v.g), v.g = g2;
      } else {
        weft_matrix w2 = nullptr;
        GrB_Matrix g2 = nullptr;
        ws = weft_matrix_dup(A.w, &w2);
        gs = GrB_Matrix_dup(&g2, A.g);
        if (ws == WEFT_SUCCESS) weft_matrix_free(&A.w), A.w = w2;
        if (gs == GrB_SUCCESS) GrB_Matrix_free(&A.g), A.g = g2;
      }
    }
    c.note(step);
    if (!both_ran(c, step.c_str(), ws, ws == WEFT_SUCCESS ? "" : weft_last_error(), gs)) return;
  }
  if (c.failed) return;
  if (vec) {
    int64_t n = -1;
    weft_ok(c, weft_vector_size(v.w, &n), "weft_vector_size");
    if (n != nr)
      mismatch(c, fmt("weft_vector_size %lld, expected %lld", static_cast<long long>(n), static_cast<long long>(nr)));
    compare_vec(c, "after the element sequence", v);
  } else {
    int64_t r = -1, k = -1;
    weft_ok(c, weft_matrix_nrows(A.w, &r), "weft_matrix_nrows");
    weft_ok(c, weft_matrix_ncols(A.w, &k), "weft_matrix_ncols");
    if (r != nr || k != nc)
      mismatch(c, fmt("weft matrix is %lldx%lld, expected %lldx%lld", static_cast<long long>(r),
                      static_cast<long long>(k), static_cast<long long>(nr), static_cast<long long>(nc)));
    compare_mat(c, "after the element sequence", A);
  }
}

// Checks a matrix weft created (diag, import, deserialize) against SuiteSparse's: shape,
// domain, contents.
void compare_new_mat(Case &c, const char *what, weft_matrix W, GrB_Matrix G, int t) {
  int64_t r = -1, k = -1;
  GrB_Index gr = 0, gk = 0;
  weft_type wt = nullptr;
  if (!weft_ok(c, weft_matrix_nrows(W, &r), "weft_matrix_nrows") ||
      !weft_ok(c, weft_matrix_ncols(W, &k), "weft_matrix_ncols") ||
      !weft_ok(c, weft_matrix_type(W, &wt), "weft_matrix_type"))
    return;
  ss_ok(c, GrB_Matrix_nrows(&gr, G), "GrB_Matrix_nrows");
  ss_ok(c, GrB_Matrix_ncols(&gk, G), "GrB_Matrix_ncols");
  if (static_cast<GrB_Index>(r) != gr || static_cast<GrB_Index>(k) != gk) {
    mismatch(c,
             fmt("%s: weft is %lldx%lld, SuiteSparse %llux%llu", what, static_cast<long long>(r),
                 static_cast<long long>(k), static_cast<unsigned long long>(gr), static_cast<unsigned long long>(gk)));
    return;
  }
  if (wt != type_info(t).w) {
    mismatch(c, fmt("%s: weft's matrix does not have domain %s", what, tname(t)));
    return;
  }
  compare_mat(c, what, W, G, t);
}

void case_diag(Case &c) {
  int t = random_type(c);
  int64_t n = pick_dim(c, 30), k = c.rng.range(-n - 3, n + 3);
  Vec v = rand_vec(c, t, n);
  c.note(vec_str(c, "v", v) + fmt(" k=%lld", static_cast<long long>(k)));
  weft_matrix W = nullptr;
  GrB_Matrix G = nullptr;
  weft_status ws = weft_matrix_diag(v.w, k, &W);
  std::string werr = ws == WEFT_SUCCESS ? "" : weft_last_error();
  GrB_Info gs = GrB_Matrix_diag(&G, v.g, k);
  if (both_ran(c, "matrix_diag", ws, werr, gs)) compare_new_mat(c, "matrix_diag", W, G, t);
  if (W) weft_matrix_free(&W);
  if (G) GrB_Matrix_free(&G);
}

// ---- import/export, serialize ---------------------------------------------------------

// SuiteSparse exports, weft imports (arrays shuffled within rows/columns, or entirely for
// COO, as allowed; values maybe of another domain); then weft exports and SuiteSparse
// imports; both new matrices must equal the original.
void case_import_export(Case &c) {
  int t = random_type(c);
  int f = static_cast<int>(c.rng.range(0, 2));
  static const char *fname[] = {"CSR", "CSC", "COO"};
  c.variant = fname[f];
  GrB_Format gf = f == 0 ? GrB_CSR_FORMAT : f == 1 ? GrB_CSC_FORMAT : GrB_COO_FORMAT;
  Mat A = rand_mat(c, t, pick_dim(c), pick_dim(c));
  c.note(mat_str(c, "A", A));
  GrB_Index np = 0, ni = 0, nv = 0;
  if (!ss_ok(c, GrB_Matrix_exportSize(&np, &ni, &nv, gf, A.g), "GrB_Matrix_exportSize")) return;
  std::vector<GrB_Index> gp(np), gi(ni);
  std::vector<uint8_t> gx(std::max<GrB_Index>(nv, 1) * tsize(t));
  bool ok = with_ctype(t, [&](auto z) {
    using C = decltype(z);
    return ss_ok(c, ss_export(arr(gp), arr(gi), reinterpret_cast<C *>(gx.data()), &np, &ni, &nv, gf, A.g),
                 "GrB_Matrix_export");
  });
  if (!ok) return;
  // Shuffle (within each row/column for CSR/CSC; whole for COO).
  std::vector<int64_t> ptr(gp.begin(), gp.begin() + static_cast<long>(np)),
      idx(gi.begin(), gi.begin() + static_cast<long>(ni));
  int vt = input_type(c, t);
  std::vector<uint8_t> vals(std::max<GrB_Index>(nv, 1) * tsize(vt));
  std::vector<size_t> perm(nv);
  for (size_t k = 0; k < perm.size(); ++k) perm[k] = k;
  auto shuffle = [&](size_t lo, size_t hi) {
    for (size_t k = hi; k > lo + 1; --k)
      std::swap(perm[k - 1], perm[lo + static_cast<size_t>(c.rng.range(0, static_cast<int64_t>(k - 1 - lo)))]);
  };
  if (f == 2)
    shuffle(0, perm.size());
  else
    for (size_t s = 0; s + 1 < ptr.size(); ++s) shuffle(static_cast<size_t>(ptr[s]), static_cast<size_t>(ptr[s + 1]));
  std::vector<int64_t> ptr2 = ptr, idx2 = idx;
  for (size_t k = 0; k < perm.size(); ++k) {
    idx2[k] = idx[perm[k]];
    if (f == 2) ptr2[k] = ptr[perm[k]];
    cast_elem(vt, vals.data() + k * tsize(vt), t, gx.data() + perm[k] * tsize(t));
  }
  c.note(fmt("values:%s", tname(vt)));
  weft_matrix W = nullptr;
  weft_status ws = weft_matrix_import(type_info(t).w, A.nr, A.nc, f, arr(ptr2), arr(idx2), vals.data(), type_info(vt).w,
                                      static_cast<int64_t>(nv), &W);
  if (weft_ok(c, ws, "weft_matrix_import")) {
    // Compare with the original cast through vt: only the values change.
    Tuples tw, tg;
    if (read_weft(c, W, t, tw) && read_ss(c, A.g, t, tg)) {
      for (size_t k = 0; k < tg.size(); ++k) {
        alignas(8) uint8_t mid[8];
        cast_elem(vt, mid, t, tg.x(k));
        cast_elem(t, tg.x(k), vt, mid);
      }
      compare_tuples(c, "weft_matrix_import", tw, tg, false);
    }
    weft_matrix_free(&W);
  }
  if (c.failed) return;
  // weft exports, SuiteSparse imports.
  int64_t wp = -1, wi = -1, wv = -1;
  if (!weft_ok(c, weft_matrix_export_size(A.w, f, &wp, &wi, &wv), "weft_matrix_export_size")) return;
  if (static_cast<GrB_Index>(wp) != np || static_cast<GrB_Index>(wi) != ni || static_cast<GrB_Index>(wv) != nv) {
    mismatch(c, fmt("weft_matrix_export_size %lld %lld %lld, SuiteSparse's exportSize %llu %llu %llu",
                    static_cast<long long>(wp), static_cast<long long>(wi), static_cast<long long>(wv),
                    static_cast<unsigned long long>(np), static_cast<unsigned long long>(ni),
                    static_cast<unsigned long long>(nv)));
    return;
  }
  // Values exported in A's domain, sometimes in another (cast on the way out).
  int et = input_type(c, t);
  c.note(fmt("export-values:%s", tname(et)));
  std::vector<int64_t> ep(static_cast<size_t>(wp)), ei(static_cast<size_t>(wi));
  std::vector<uint8_t> ex(static_cast<size_t>(std::max<int64_t>(wv, 1)) * tsize(et));
  if (!weft_ok(c, weft_matrix_export(A.w, f, arr(ep), arr(ei), ex.data(), type_info(et).w, &wp, &wi, &wv),
               "weft_matrix_export"))
    return;
  // "Export writes sorted indices": within each row/column, or row-major for COO.
  bool sorted = true;
  if (f == 2) {
    for (int64_t k = 1; k < wv; ++k)
      if (std::make_pair(ep[k - 1], ei[k - 1]) >= std::make_pair(ep[k], ei[k])) sorted = false;
  } else {
    for (size_t s = 0; s + 1 < ep.size(); ++s)
      for (int64_t k = ep[s] + 1; k < ep[s + 1]; ++k)
        if (ei[k - 1] >= ei[k]) sorted = false;
  }
  if (!sorted) mismatch(c, "weft_matrix_export: indices not sorted");
  // The exported entries as tuples, against SuiteSparse's entries read in domain et.
  Tuples et_w, et_g;
  et_w.t = et;
  int64_t line = 0;
  for (int64_t k = 0; k < wv; ++k) {
    if (f != 2)
      while (line + 1 < wp && ep[static_cast<size_t>(line) + 1] <= k) ++line;
    int64_t i = f == 0 ? line : f == 1 ? ei[k] : ep[k], j = f == 0 ? ei[k] : f == 1 ? line : ei[k];
    et_w.push(i, j, load(et, ex.data() + k * tsize(et)));
  }
  sort_tuples(et_w);
  if (read_ss(c, A.g, et, et_g))
    compare_tuples(c, fmt("weft_matrix_export (values as %s)", tname(et)), et_w, et_g, false);
  // Extraction cast to a random domain, against SuiteSparse's typed extractTuples.
  int xt = random_type(c);
  Tuples x_w, x_g;
  if (read_weft(c, A.w, xt, x_w) && read_ss(c, A.g, xt, x_g))
    compare_tuples(c, fmt("weft_matrix_extract_tuples (values as %s)", tname(xt)), x_w, x_g, false);
  if (et != t || c.failed) return;
  std::vector<GrB_Index> gp2 = to_grb(ep), gi2 = to_grb(ei);
  GrB_Matrix G = nullptr;
  ok = with_ctype(t, [&](auto z) {
    using C = decltype(z);
    return ss_ok(c,
                 ss_import(&G, type_info(t).g, static_cast<GrB_Index>(A.nr), static_cast<GrB_Index>(A.nc), arr(gp2),
                           arr(gi2), reinterpret_cast<const C *>(ex.data()), static_cast<GrB_Index>(wp),
                           static_cast<GrB_Index>(wi), static_cast<GrB_Index>(wv), gf),
                 "GrB_Matrix_import (of weft's export)");
  });
  if (ok) {
    Tuples t1, t2;
    if (read_ss(c, G, t, t1) && read_ss(c, A.g, t, t2))
      compare_tuples(c, "weft_matrix_export (imported into SuiteSparse)", t1, t2, false);
  }
  if (G) GrB_Matrix_free(&G);
}

void case_serialize(Case &c) {
  int t = random_type(c);
  Mat A = rand_mat(c, t, pick_dim(c), pick_dim(c));
  c.note(mat_str(c, "A", A));
  int64_t size = -1;
  if (!weft_ok(c, weft_matrix_serialize_size(A.w, &size), "weft_matrix_serialize_size")) return;
  std::vector<uint8_t> buf(static_cast<size_t>(std::max<int64_t>(size, 1)));
  int64_t used = -1;
  if (!weft_ok(c, weft_matrix_serialize(A.w, buf.data(), size, &used), "weft_matrix_serialize")) return;
  if (used < 0 || used > size) {
    mismatch(c, fmt("weft_matrix_serialize used %lld bytes of %lld", static_cast<long long>(used),
                    static_cast<long long>(size)));
    return;
  }
  weft_matrix W = nullptr;
  if (weft_ok(c, weft_matrix_deserialize(buf.data(), used, &W), "weft_matrix_deserialize")) {
    compare_new_mat(c, "weft serialize/deserialize", W, A.g, t);
    weft_matrix_free(&W);
  }
  // SuiteSparse's own round trip, so that both images describe the same matrix.
  GrB_Index gsize = 0;
  if (!ss_ok(c, GrB_Matrix_serializeSize(&gsize, A.g), "GrB_Matrix_serializeSize")) return;
  std::vector<uint8_t> gbuf(gsize);
  if (!ss_ok(c, GrB_Matrix_serialize(gbuf.data(), &gsize, A.g), "GrB_Matrix_serialize")) return;
  GrB_Matrix G = nullptr;
  if (ss_ok(c, GrB_Matrix_deserialize(&G, type_info(t).g, gbuf.data(), gsize), "GrB_Matrix_deserialize")) {
    Tuples t1, t2;
    if (read_ss(c, G, t, t1) && read_weft(c, A.w, t, t2))
      compare_tuples(c, "SuiteSparse's round trip vs weft's original", t2, t1, false);
    GrB_Matrix_free(&G);
  }
}

// ---- Chains: several operations, one comparison --------------------------------------

// A chain of 2..8 operations on three square matrices, where outputs, inputs and masks are
// drawn from the same three (so they alias across and within calls) and nothing is read in
// between: in nonblocking mode weft may defer and fuse the steps, and the three matrices
// must still agree at the end.
void case_chain(Case &c) {
  static const std::vector<int> types = {T_INT8, T_INT32, T_INT64, T_UINT16, T_UINT64, T_FP32, T_FP64, T_BOOL};
  int t = c.rng.pick(types);
  int64_t n = pick_dim(c, 12);
  Mat X[3];
  for (Mat &x : X) x = rand_mat(c, t, n, n);
  c.note(mat_str(c, "X0", X[0]) + " " + mat_str(c, "X1", X[1]) + " " + mat_str(c, "X2", X[2]) + ":");
  const BinOp *plus = find_binop(t == T_BOOL ? B_LOR : B_PLUS, t),
              *times = find_binop(t == T_BOOL ? B_LAND : B_TIMES, t);
  const BinOp *maxop = find_binop(B_MAX, t);
  const Semiring *sr = nullptr;
  for (const Semiring &s : semirings())
    if (s.t == t && (t == T_BOOL ? s.add == M_LOR && s.mult == B_LAND : s.add == M_PLUS && s.mult == B_TIMES)) sr = &s;
  if (is_float(t)) c.float_minmax = c.float_plus = true;  // MAX and PLUS_TIMES take part
  int steps = static_cast<int>(c.rng.range(2, 8));
  for (int step = 0; step < steps && !c.failed; ++step) {
    Mat &C = X[c.rng.range(0, 2)], &A = X[c.rng.range(0, 2)], &B = X[c.rng.range(0, 2)];
    auto name = [&](const Mat &m) { return static_cast<char>('0' + (&m - X)); };
    Controls k;
    k.mask = static_cast<int>(c.rng.range(0, 2));
    // A computed floating matrix may hold -0.0, which SuiteSparse's valued masks take for
    // true (D6); with the masks live objects here, floating masks are structural.
    if (k.mask == 1 && is_float(t)) k.mask = 2;
    k.comp = k.mask && c.rng.coin(0.3);
    k.replace = c.rng.coin(0.2);
    k.accum = c.rng.coin(0.4) ? plus : nullptr;
    const Mat *M = k.mask ? &X[c.rng.range(0, 2)] : nullptr;
    int what = static_cast<int>(c.rng.range(0, 8));
    k.tran0 = (what <= 2 || what == 5) && c.rng.coin(0.3);
    k.tran1 = what <= 1 && c.rng.coin(0.3);
    std::string step_str = fmt("[%d: X%c=", step, name(C));
    if (g_opt.trace) std::printf("  step %d: %s\n", step, c.params.c_str());
    Desc d;
    make_desc(c, k, d);
    weft_status ws = WEFT_SUCCESS;
    GrB_Info gs = GrB_SUCCESS;
    Scal s;
    Num y = random_num(c, t);
    ss_call_begin(c, C.g, nullptr, t);
    switch (what) {
      case 0:
        step_str += fmt("X%c+X%c", name(A), name(B));
        ws = weft_matrix_ewise_add(C.w, mw(M), aw(k), maxop->w, A.w, B.w, d.w);
        gs = GrB_Matrix_eWiseAdd_BinaryOp(C.g, in(c, mg(M)), ag(k), maxop->g, in(c, A.g), in(c, B.g), d.g);
        break;
      case 1:
        step_str += fmt("X%c.*X%c", name(A), name(B));
        ws = weft_matrix_ewise_mult(C.w, mw(M), aw(k), times->w, A.w, B.w, d.w);
        gs = GrB_Matrix_eWiseMult_BinaryOp(C.g, in(c, mg(M)), ag(k), times->g, in(c, A.g), in(c, B.g), d.g);
        break;
      case 2:
        step_str += fmt("X%c*X%c", name(A), name(B));
        k.tran1 = false;
        ws = weft_mxm(C.w, mw(M), aw(k), sr->w, A.w, B.w, d.w);
        gs = GrB_mxm(C.g, in(c, mg(M)), ag(k), sr->g, in(c, A.g), in(c, B.g), d.g);
        break;
      case 3:
        step_str += fmt("X%c+y", name(A));
        make_scal(c, s, t, &y, t);
        ws = weft_matrix_apply_second(C.w, mw(M), aw(k), plus->w, A.w, s.w, d.w);
        gs = GrB_Matrix_apply_BinaryOp2nd_Scalar(C.g, in(c, mg(M)), ag(k), plus->g, in(c, A.g), s.g, d.g);
        break;
      case 4: {
        step_str += fmt("tril(X%c)", name(A));
        Num z = num_signed(c.rng.range(-2, 2));
        make_scal(c, s, T_INT64, &z, T_INT64);
        ws = weft_matrix_select(C.w, mw(M), aw(k), WEFT_TRIL, A.w, s.w, d.w);
        gs = GrB_Matrix_select_Scalar(C.g, in(c, mg(M)), ag(k), GrB_TRIL, in(c, A.g), s.g, d.g);
        break;
      }
      case 5:
        step_str += fmt("X%c'", name(A));
        ws = weft_transpose(C.w, mw(M), aw(k), A.w, d.w);
        gs = GrB_transpose(C.g, in(c, mg(M)), ag(k), in(c, A.g), d.g);
        break;
      case 6: {
        Index I = index_list(c, n, false), J = index_list(c, n, false);
        step_str += "y@" + index_str("I", I) + index_str("J", J);
        make_scal(c, s, t, &y, t);
        ws = weft_matrix_assign_scalar(C.w, mw(M), aw(k), s.w, I.w(), I.n, J.w(), J.n, d.w);
        gs = GrB_Matrix_assign_Scalar(C.g, in(c, mg(M)), ag(k), s.g, I.g(), static_cast<GrB_Index>(I.n), J.g(),
                                      static_cast<GrB_Index>(J.n), d.g);
        break;
      }
      default: {  // a few element insertions and deletions
        int64_t i = c.rng.range(0, n - 1), j = c.rng.range(0, n - 1);
        alignas(8) uint8_t buf[8];
        store(t, buf, y);
        bool remove = what == 8;
        step_str = fmt("[%d: X%c(%lld,%lld)%s", step, name(C), static_cast<long long>(i), static_cast<long long>(j),
                       remove ? " removed" : ("=" + elem_string(t, buf)).c_str());
        ws = remove ? weft_matrix_remove_element(C.w, i, j) : weft_matrix_set_element(C.w, i, j, buf, type_info(t).w);
        gs = remove ? ss_remove(c, C.g, i, j) : with_ctype(t, [&](auto z) {
          decltype(z) x;
          std::memcpy(&x, buf, sizeof x);
          return ss_set(C.g, x, static_cast<GrB_Index>(i), static_cast<GrB_Index>(j));
        });
        k = Controls{};
        M = nullptr;
      }
    }
    ss_call_end(c);
    if (M) step_str += fmt(" mask X%c", name(*M));
    c.note(step_str + " " + controls_str(k) + "]");
    if (g_opt.trace) std::printf("  %s\n", c.params.c_str());
    ss_settle(c, C.g);
    both_ran(c, "chain step", ws, ws == WEFT_SUCCESS ? "" : weft_last_error(), gs);
    for (int q = 0; q < 3 && g_opt.trace; ++q) {  // both sides of every matrix after the step
      Tuples tw, tg;
      read_weft(c, X[q].w, t, tw), read_ss(c, X[q].g, t, tg);
      for (const Tuples *tp : {&tw, &tg}) {
        std::printf("    X%d %s:", q, tp == &tw ? "weft" : "SuiteSparse");
        for (size_t e = 0; e < tp->size(); ++e)
          std::printf(" (%lld,%lld)=%s", static_cast<long long>(tp->I[e]), static_cast<long long>(tp->J[e]),
                      elem_string(t, tp->x(e)).c_str());
        std::printf("\n");
      }
    }
  }
  c.accum = plus;  // same domain as the output: D2 cannot arise
  for (int q = 0; q < 3 && !c.failed; ++q) compare_mat(c, fmt("chain, X%d at the end", q), X[q]);
}

// ---- Probes of the departures -----------------------------------------------------------
// Fixed tiny cases where the two engines must differ: each checks weft's specified answer
// and counts SuiteSparse's departure (so the summary shows it is real, not imagined).

void probe_departures(Case &c) {
  // D3: MIN/MAX with a NaN operand.
  for (int k : {B_MIN, B_MAX}) {
    const BinOp *op = find_binop(k, T_FP64);
    Tuples a, b;
    a.t = b.t = T_FP64;
    a.push(0, 0, num_float(std::nan("")));
    b.push(0, 0, num_float(1.0));
    Vec u = make_vec(c, T_FP64, 1, a), v = make_vec(c, T_FP64, 1, b), w = make_vec(c, T_FP64, 1, Tuples{});
    weft_ok(c, weft_vector_ewise_mult(w.w, nullptr, nullptr, op->w, u.w, v.w, nullptr), "weft_vector_ewise_mult");
    ss_ok(c, GrB_Vector_eWiseMult_BinaryOp(w.g, nullptr, nullptr, op->g, u.g, v.g, nullptr), "GrB_Vector_eWiseMult");
    double x = 0, y = 0;
    weft_ok(c, weft_vector_extract_element(w.w, 0, WEFT_FP64, &x), "weft_vector_extract_element");
    ss_ok(c, GrB_Vector_extractElement_FP64(&y, w.g, 0), "GrB_Vector_extractElement");
    if (!std::isnan(x)) mismatch(c, fmt("%s(NaN, 1): weft %g, expected NaN (weft/algebra.h)", op->name.c_str(), x));
    if (!std::isnan(y)) depart(DEP_NAN);
  }
  // D4: integer division by zero.
  {
    const BinOp *op = find_binop(B_DIV, T_INT32);
    Tuples a, b;
    a.t = b.t = T_INT32;
    a.push(0, 0, num_signed(7));
    b.push(0, 0, num_signed(0));
    Vec u = make_vec(c, T_INT32, 1, a), v = make_vec(c, T_INT32, 1, b), w = make_vec(c, T_INT32, 1, Tuples{});
    weft_ok(c, weft_vector_ewise_mult(w.w, nullptr, nullptr, op->w, u.w, v.w, nullptr), "weft_vector_ewise_mult");
    ss_ok(c, GrB_Vector_eWiseMult_BinaryOp(w.g, nullptr, nullptr, op->g, u.g, v.g, nullptr), "GrB_Vector_eWiseMult");
    int32_t x = -1, y = -1;
    weft_ok(c, weft_vector_extract_element(w.w, 0, WEFT_INT32, &x), "weft_vector_extract_element");
    ss_ok(c, GrB_Vector_extractElement_INT32(&y, w.g, 0), "GrB_Vector_extractElement");
    if (x != 0) mismatch(c, fmt("DIV_INT32(7, 0): weft %d, expected 0 (weft/algebra.h)", x));
    if (y != 0) depart(DEP_DIV_ZERO);
  }
  // D1: DIAGINDEX on a 3x3 matrix with s = 1: the specified value is j - i + 1.
  {
    Tuples a;
    a.t = T_INT64;
    for (int64_t i = 0; i < 3; ++i)
      for (int64_t j = 0; j < 3; ++j) a.push(i, j, num_signed(0));
    Mat A = make_mat(c, T_INT64, 3, 3, a), C = make_mat(c, T_INT64, 3, 3, Tuples{});
    Scal s;
    Num one = num_signed(1);
    make_scal(c, s, T_INT64, &one, T_INT64);
    weft_ok(c, weft_matrix_apply_index(C.w, nullptr, nullptr, WEFT_DIAGINDEX_INT64, A.w, s.w, nullptr),
            "weft_matrix_apply_index");
    ss_ok(c, GrB_Matrix_apply_IndexOp_Scalar(C.g, nullptr, nullptr, GrB_DIAGINDEX_INT64, A.g, s.g, nullptr),
          "GrB_Matrix_apply_IndexOp");
    for (int64_t i = 0; i < 3; ++i)
      for (int64_t j = 0; j < 3; ++j) {
        int64_t x = 0, y = 0;
        weft_ok(c, weft_matrix_extract_element(C.w, i, j, WEFT_INT64, &x), "weft_matrix_extract_element");
        ss_ok(c, GrB_Matrix_extractElement_INT64(&y, C.g, static_cast<GrB_Index>(i), static_cast<GrB_Index>(j)),
              "extractElement");
        if (x != j - i + 1)
          mismatch(c, fmt("DIAGINDEX(%lld,%lld; s=1): weft %lld, expected %lld", static_cast<long long>(i),
                          static_cast<long long>(j), static_cast<long long>(x), static_cast<long long>(j - i + 1)));
        if (y != x) depart(DEP_DIAGINDEX);
      }
  }
  // D2: C (FP64) has 300.5 at 0, T has 400.25 at 1; accum PLUS_INT8: both lone entries
  // pass through INT8 (saturating to 127) in the specification.
  {
    Tuples cc, tt;
    cc.t = tt.t = T_FP64;
    cc.push(0, 0, num_float(300.5));
    tt.push(1, 0, num_float(400.25));
    Vec w = make_vec(c, T_FP64, 2, cc), u = make_vec(c, T_FP64, 2, tt);
    const BinOp *acc = find_binop(B_PLUS, T_INT8);
    weft_ok(c, weft_vector_apply(w.w, nullptr, acc->w, WEFT_IDENTITY_FP64, u.w, nullptr), "weft_vector_apply");
    ss_ok(c, GrB_Vector_apply(w.g, nullptr, acc->g, GrB_IDENTITY_FP64, u.g, nullptr), "GrB_Vector_apply");
    for (int64_t i = 0; i < 2; ++i) {
      double x = 0, y = 0;
      weft_ok(c, weft_vector_extract_element(w.w, i, WEFT_FP64, &x), "weft_vector_extract_element");
      ss_ok(c, GrB_Vector_extractElement_FP64(&y, w.g, static_cast<GrB_Index>(i)), "GrB_Vector_extractElement");
      if (x != 127)
        mismatch(c, fmt("accum PLUS_INT8 into FP64, lone entry %s: weft %g, expected 127", i ? "of T" : "of C", x));
      if (y != x) depart(DEP_ACCUM_CAST);
    }
  }
}

// ---- The run --------------------------------------------------------------------------

struct OpSpec {
  const char *name;
  void (*fn)(Case &);
  int count;
};

const OpSpec kOps[] = {
    {"mxm", case_mxm, 1200},
    {"mxv", case_mxv, 600},
    {"vxm", case_vxm, 600},
    {"ewise_add", case_ewise_add, 800},
    {"ewise_mult", case_ewise_mult, 800},
    {"ewise_union", case_ewise_union, 600},
    {"apply", case_apply, 1000},
    {"select", case_select, 800},
    {"reduce", case_reduce_vector, 600},
    {"reduce_scalar", case_reduce_scalar, 600},
    {"transpose", case_transpose, 400},
    {"kronecker", case_kronecker, 400},
    {"extract", case_extract, 800},
    {"assign", case_assign, 800},
    {"assign_scalar", case_assign_scalar, 480},
    {"row_col_assign", case_row_col_assign, 480},
    {"subassign", case_subassign, 480},
    {"build", case_build, 480},
    {"elements", case_elements, 400},
    {"diag", case_diag, 240},
    {"import_export", case_import_export, 360},
    {"serialize", case_serialize, 240},
    {"chain", case_chain, 800},
    {"probe_departures", probe_departures, 1},
};

int usage(const char *prog) {
  std::fprintf(stderr, "usage: %s [--nonblocking] [--seed N] [--scale F] [--only OP] [--case K] [--print N]\n", prog);
  return 2;
}

}  // namespace
}  // namespace ssdiff

int main(int argc, char **argv) {
  using namespace ssdiff;
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // reports survive a crash of either library
  for (int a = 1; a < argc; ++a) {
    std::string s = argv[a];
    auto next = [&]() -> const char * { return a + 1 < argc ? argv[++a] : nullptr; };
    const char *v = nullptr;
    if (s == "--nonblocking")
      g_opt.nonblocking = true;
    else if (s == "--seed" && (v = next()))
      g_opt.seed = std::strtoull(v, nullptr, 10);
    else if (s == "--scale" && (v = next()))
      g_opt.scale = std::atof(v);
    else if (s == "--only" && (v = next()))
      g_opt.only = v;
    else if (s == "--case" && (v = next()))
      g_opt.one_case = std::atoi(v);
    else if (s == "--print" && (v = next()))
      g_opt.max_print = std::atoi(v);
    else if (s == "--trace")
      g_opt.trace = true;
    else if (s == "--slow" && (v = next()))
      g_opt.slow = std::atof(v);
    else
      return usage(argv[0]);
  }
  if (g_opt.nonblocking) {
    weft_status s = weft_init(WEFT_NONBLOCKING);
    if (s != WEFT_SUCCESS) {
      std::printf("weft_init(WEFT_NONBLOCKING) failed: %s %s\n", weft_status_name(s), weft_last_error());
      return 1;
    }
  }
  int mode = -1;
  if (weft_get_mode(&mode) != WEFT_SUCCESS || mode != (g_opt.nonblocking ? WEFT_NONBLOCKING : WEFT_BLOCKING)) {
    std::printf("weft_get_mode gives %d, not the mode asked for\n", mode);
    return 1;
  }
  if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) {
    std::printf("GrB_init failed\n");
    return 1;
  }
  // One thread: the machine is shared, and the results must not depend on scheduling.
  GxB_Global_Option_set(GxB_GLOBAL_NTHREADS, 1);
  int ver[3] = {0, 0, 0};
  GxB_Global_Option_get(GxB_LIBRARY_VERSION, ver);
  std::printf("weft vs SuiteSparse:GraphBLAS %d.%d.%d, weft %s, seed %llu, scale %g\n", ver[0], ver[1], ver[2],
              g_opt.nonblocking ? "nonblocking" : "blocking", static_cast<unsigned long long>(g_opt.seed), g_opt.scale);
  auto t0 = std::chrono::steady_clock::now();
  for (const OpSpec &op : kOps) {
    if (!g_opt.only.empty() && g_opt.only != op.name) continue;
    int n = op.count == 1 ? 1 : std::max(1, static_cast<int>(op.count * g_opt.scale + 0.5));
    for (int i = 0; i < n; ++i) {
      if (g_opt.one_case >= 0 && i != g_opt.one_case) continue;
      Case c(op.name, g_opt.seed, i);
      if (g_opt.trace) std::printf("trace: %s case %d\n", op.name, i);
      op.fn(c);
      OpStats &st = g_stats[c.op + (c.variant.empty() ? "" : "/" + c.variant)];
      ++st.cases;
      if (c.failed) ++st.failed;
      if (g_opt.one_case >= 0) std::printf("case: %s\n", c.params.c_str());
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  int64_t cases = 0, failed = 0;
  std::printf("\n%-28s %7s %7s\n", "operation", "cases", "failed");
  for (const auto &kv : g_stats) {
    std::printf("%-28s %7lld %7lld\n", kv.first.c_str(), static_cast<long long>(kv.second.cases),
                static_cast<long long>(kv.second.failed));
    cases += kv.second.cases, failed += kv.second.failed;
  }
  std::printf("%-28s %7lld %7lld   (%.1f s)\n", "total", static_cast<long long>(cases), static_cast<long long>(failed),
              secs);
  std::printf(
      "\nTolerated departures of SuiteSparse 7.4 from the specification (see the top of suitesparse_diff.cpp):\n");
  for (int d = 0; d < NDEP; ++d)
    std::printf("  %-76s %8lld\n", kDepartureNames[d], static_cast<long long>(g_departures[d]));
  std::printf("Floating values equal within the tolerance only: %lld\n", static_cast<long long>(g_rounded));
  if (g_harness_errors)
    std::printf("HARNESS ERRORS (SuiteSparse refused a call this program made): %lld\n",
                static_cast<long long>(g_harness_errors));
  free_user_objects();
  GrB_finalize();
  if (failed || g_harness_errors) {
    std::printf("FAILED: %lld of %lld cases differ\n", static_cast<long long>(failed), static_cast<long long>(cases));
    return 1;
  }
  std::printf("OK\n");
  return 0;
}
