// lazy_programs.cpp — a differential test of weft's two execution modes (weft/sparse.h,
// "Execution (weft_init)"): random programs over the public C API must give the same
// results, the same API errors and the same execution errors in blocking and in
// nonblocking mode.
//
// How: this executable runs N random programs drawn from a seed in the mode it is told
// (--mode blocking|nonblocking; the mode is chosen once per process, so each mode is its
// own run) and prints a transcript. lazy_compare.cmake runs it in both modes with the
// same seed and requires the two transcripts to be byte-identical. The transcript holds
// only what the contract says is the same in both modes:
//   - every call, with its status when it is an API error (those are returned by the
//     call itself in both modes, nothing changed);
//   - the values of the reads made between operations (nvals, extract_element,
//     extract_tuples), which in nonblocking mode run the queued work they depend on;
//   - at the end of each program, every live object's contents and its weft_*_error
//     message (read before the object's final weft_*_wait, which clears the message);
//   - the set of execution errors (status <= -100) any call of the program returned. Not
//     their positions or counts: nonblocking mode reports a queued operation's error at
//     the later call that runs it, and one call may run several failing operations. A
//     read that returns an execution error is repeated (the queue it ran is then empty)
//     so both modes print its value.
// So the transcripts match only if deferral, fusion, dependency tracking, aliasing,
// freeing queued outputs and error recording all behave as blocking mode does.
//
// What the programs do: 1-12 operations over a small pool (about 4 vectors of one size,
// 3 matrices of one shape, scalars; FP64 mostly, also INT64, INT32, BOOL), drawn from
// apply (unary, bound first/second, index-unary), ewise add/mult/union, select, assign
// (scalar to every position or to index lists, vector or matrix to permutations),
// extract, col_extract, reduce to a scalar and to a vector, mxv, vxm, mxm and transpose,
// with masks (none, valued, structural, complemented, replace), accumulators and
// aliasing (the output also an input and/or the mask); interleaved with dup, new empty
// objects, frees, set/remove_element, clear, reads and waits; plus deliberate API errors
// (domain, dimension, index, repeated index) and deliberate execution errors (an index
// list with an index out of bounds, an empty scalar operand). A fifth of the programs
// have one structure: their vectors are FP64 with the same entries, masks are rare, and
// chains of plain element-wise operations (o_value_chain) run on the fused value tiles.
//
// Keeping the comparison exact: values are small integers or halves; the generator tracks
// a bound on every object's magnitude and fractional bits and uses the FP64 PLUS monoid
// for a reduce to a scalar only while every summation order is exact (a fused reduce may
// sum in tiles; otherwise results must be bit-identical). An operation that may fail with
// an execution error "seals" its output: never written or freed again, so it is still
// alive at the end and its queued failure must be reported by some call of the program;
// and each program fails with at most one kind of execution error, so a call that runs
// two failing operations (and returns one status) cannot change the set. The generator
// never looks at results: the same seed gives the same calls in both modes.
//
// Usage: lazy_programs --mode blocking|nonblocking --programs N --seed S
//                      [--first P] [--large PERCENT] [--full]
// Programs P .. P+N-1 (--first: default 0) of the seed; each program draws from its own
// stream, so --first P --programs 1 replays program P alone (to debug a difference).
// --large: the share of programs with vectors of 16000 to 100000 entries or matrices of
// 16000 to 40000 rows (default 8), so that the engine's tiles (about 16k entries) split
// the work. --full prints every entry of every object (by default an object of more than
// 48 entries is printed as a hash of all of them and its first and last six).
#include <weft.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "../support/splitmix64.hpp"

// The check that nonblocking mode really deferred work (weft_get_stat); -D...=0 builds the
// test against a library from before the nonblocking engine, to see both modes agree.
#ifndef LAZY_PROGRAMS_CHECK_STATS
#define LAZY_PROGRAMS_CHECK_STATS 1
#endif

namespace {

using weft_testing::Rng;

struct Options {
  bool nonblocking = false;
  int64_t programs = 100;
  int64_t first = 0;
  uint64_t seed = 1;
  int large_percent = 8;
  bool full = false;
};

[[noreturn]] void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::fputs("lazy_programs: ", stderr);
  std::vfprintf(stderr, fmt, ap);
  std::fputc('\n', stderr);
  va_end(ap);
  std::exit(2);
}

std::string fmt(const char *f, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

int bitlen(int64_t x) {
  int b = 0;
  while (x > 0) ++b, x >>= 1;
  return b;
}

// ---------------------------------------------------------------------------------
// Domains and value bounds
// ---------------------------------------------------------------------------------
enum Dom { D_FP64, D_INT64, D_INT32, D_BOOL, D_USER };
weft_type g_user_type = nullptr;  // two FP64s: a user-defined domain, for domain mismatches

weft_type type_of(Dom d) {
  switch (d) {
    case D_FP64: return WEFT_FP64;
    case D_INT64: return WEFT_INT64;
    case D_INT32: return WEFT_INT32;
    case D_BOOL: return WEFT_BOOL;
    case D_USER: return g_user_type;
  }
  return nullptr;
}
const char *dom_name(Dom d) {
  static const char *const names[] = {"FP64", "INT64", "INT32", "BOOL", "USER"};
  return names[d];
}

// What the generator knows of an object's values: |v| <= 2^m and v a multiple of 2^-f.
// Joined with the old bound at every write (so it only grows, whatever the mask kept or
// whether the call failed). kWild: anything (inf, NaN, 1/3 ...).
struct Bound {
  int m = 0, f = 0;
};
constexpr int kWild = 1000;
Bound wild() { return {kWild, kWild}; }
Bound tame(Bound b) { return (b.m >= kWild || b.f >= kWild) ? wild() : b; }
Bound join(Bound a, Bound b) { return {std::max(a.m, b.m), std::max(a.f, b.f)}; }
Bound cast(Bound b, Dom d) {
  switch (d) {
    case D_FP64: case D_USER: return tame(b);
    case D_INT64: return {std::min(b.m, 63), 0};  // truncation; wrap-around and saturation stay in 64 bits
    case D_INT32: return {std::min(b.m, 31), 0};
    case D_BOOL: return {1, 0};
  }
  return wild();
}
// The bound of the values a fresh object gets: k/2 (FP64) or k (integers), |k| < 64.
Bound initial_bound(Dom d) { return d == D_FP64 ? Bound{5, 1} : d == D_BOOL ? Bound{1, 0} : Bound{6, 0}; }
// A sum of `count` values within b is exact in FP64, in any order.
bool exact_sum(Bound b, int64_t count) { return b.m < kWild && b.m + b.f + bitlen(count) + 1 <= 53; }

// ---------------------------------------------------------------------------------
// The operators, monoids and semirings the programs draw from
// ---------------------------------------------------------------------------------
enum BinCls { B_ADD, B_MUL, B_SEL, B_FIRST, B_SECOND, B_LOGIC };
struct Bin {
  weft_binary_op op;
  const char *name;
  Dom x, y, z;
  BinCls cls;
};
Bound bin_bound(const Bin &b, Bound x, Bound y) {
  x = cast(x, b.x), y = cast(y, b.y);
  Bound z;
  switch (b.cls) {
    case B_ADD: z = {std::max(x.m, y.m) + 1, std::max(x.f, y.f)}; break;
    case B_MUL: z = {x.m + y.m, x.f + y.f}; break;
    case B_SEL: z = join(x, y); break;
    case B_FIRST: z = x; break;
    case B_SECOND: z = y; break;
    case B_LOGIC: z = {1, 0}; break;
  }
  return cast(tame(z), b.z);
}

// Element-wise and bound operators.
const std::vector<Bin> &binary_ops() {
  static const std::vector<Bin> ops = {
      {WEFT_PLUS_FP64, "PLUS_FP64", D_FP64, D_FP64, D_FP64, B_ADD},
      {WEFT_MINUS_FP64, "MINUS_FP64", D_FP64, D_FP64, D_FP64, B_ADD},
      {WEFT_TIMES_FP64, "TIMES_FP64", D_FP64, D_FP64, D_FP64, B_MUL},
      {WEFT_MIN_FP64, "MIN_FP64", D_FP64, D_FP64, D_FP64, B_SEL},
      {WEFT_MAX_FP64, "MAX_FP64", D_FP64, D_FP64, D_FP64, B_SEL},
      {WEFT_FIRST_FP64, "FIRST_FP64", D_FP64, D_FP64, D_FP64, B_FIRST},
      {WEFT_SECOND_FP64, "SECOND_FP64", D_FP64, D_FP64, D_FP64, B_SECOND},
      {WEFT_PLUS_INT64, "PLUS_INT64", D_INT64, D_INT64, D_INT64, B_ADD},
      {WEFT_MINUS_INT32, "MINUS_INT32", D_INT32, D_INT32, D_INT32, B_ADD},
      {WEFT_TIMES_INT64, "TIMES_INT64", D_INT64, D_INT64, D_INT64, B_MUL},
      {WEFT_MIN_INT64, "MIN_INT64", D_INT64, D_INT64, D_INT64, B_SEL},
      {WEFT_MAX_INT32, "MAX_INT32", D_INT32, D_INT32, D_INT32, B_SEL},
      {WEFT_FIRST_BOOL, "FIRST_BOOL", D_BOOL, D_BOOL, D_BOOL, B_FIRST},
      {WEFT_LOR, "LOR", D_BOOL, D_BOOL, D_BOOL, B_LOGIC},
      {WEFT_LAND, "LAND", D_BOOL, D_BOOL, D_BOOL, B_LOGIC},
      {WEFT_LXOR, "LXOR", D_BOOL, D_BOOL, D_BOOL, B_LOGIC},
      {WEFT_GT_FP64, "GT_FP64", D_FP64, D_FP64, D_BOOL, B_LOGIC},
      {WEFT_EQ_INT64, "EQ_INT64", D_INT64, D_INT64, D_BOOL, B_LOGIC},
      {WEFT_ONEB_FP64, "ONEB_FP64", D_FP64, D_FP64, D_FP64, B_LOGIC},
      {WEFT_PAIR_INT64, "PAIR_INT64", D_INT64, D_INT64, D_INT64, B_LOGIC},
  };
  return ops;
}
// Accumulators (GraphBLAS programs use PLUS, MIN, SECOND; MAX and LOR for variety).
const std::vector<Bin> &accumulators() {
  static const std::vector<Bin> ops = {
      {WEFT_PLUS_FP64, "PLUS_FP64", D_FP64, D_FP64, D_FP64, B_ADD},
      {WEFT_MIN_FP64, "MIN_FP64", D_FP64, D_FP64, D_FP64, B_SEL},
      {WEFT_SECOND_FP64, "SECOND_FP64", D_FP64, D_FP64, D_FP64, B_SECOND},
      {WEFT_MAX_FP64, "MAX_FP64", D_FP64, D_FP64, D_FP64, B_SEL},
      {WEFT_PLUS_INT64, "PLUS_INT64", D_INT64, D_INT64, D_INT64, B_ADD},
      {WEFT_MIN_INT64, "MIN_INT64", D_INT64, D_INT64, D_INT64, B_SEL},
      {WEFT_SECOND_INT32, "SECOND_INT32", D_INT32, D_INT32, D_INT32, B_SECOND},
      {WEFT_LOR, "LOR", D_BOOL, D_BOOL, D_BOOL, B_LOGIC},
  };
  return ops;
}

enum UnCls { U_SAME, U_WILD, U_LOGIC, U_GROW };
struct Un {
  weft_unary_op op;
  const char *name;
  Dom x, z;
  UnCls cls;
};
const std::vector<Un> &unary_ops() {
  static const std::vector<Un> ops = {
      {WEFT_IDENTITY_FP64, "IDENTITY_FP64", D_FP64, D_FP64, U_SAME},
      {WEFT_ABS_FP64, "ABS_FP64", D_FP64, D_FP64, U_SAME},
      {WEFT_AINV_FP64, "AINV_FP64", D_FP64, D_FP64, U_SAME},
      {WEFT_MINV_FP64, "MINV_FP64", D_FP64, D_FP64, U_WILD},  // 1/0 = inf, 1/3 inexact
      {WEFT_IDENTITY_INT64, "IDENTITY_INT64", D_INT64, D_INT64, U_SAME},
      {WEFT_AINV_INT64, "AINV_INT64", D_INT64, D_INT64, U_SAME},
      {WEFT_ABS_INT32, "ABS_INT32", D_INT32, D_INT32, U_SAME},
      {WEFT_BNOT_INT32, "BNOT_INT32", D_INT32, D_INT32, U_GROW},
      {WEFT_IDENTITY_BOOL, "IDENTITY_BOOL", D_BOOL, D_BOOL, U_LOGIC},
      {WEFT_LNOT, "LNOT", D_BOOL, D_BOOL, U_LOGIC},
  };
  return ops;
}
Bound un_bound(const Un &u, Bound x) {
  x = cast(x, u.x);
  Bound z = u.cls == U_WILD ? wild() : u.cls == U_LOGIC ? Bound{1, 0} : u.cls == U_GROW ? Bound{x.m + 1, x.f} : x;
  return cast(z, u.z);
}

// Index-unary operators: a positional value (i + s ...), a positional test, a value test.
enum IdxCls { I_POSV, I_POSB, I_VALB };
struct Idx {
  weft_index_unary_op op;
  const char *name;
  IdxCls cls;
  Dom z;
};
const std::vector<Idx> &index_ops() {
  static const std::vector<Idx> ops = {
      {WEFT_ROWINDEX_INT64, "ROWINDEX_INT64", I_POSV, D_INT64},
      {WEFT_ROWINDEX_INT32, "ROWINDEX_INT32", I_POSV, D_INT32},
      {WEFT_COLINDEX_INT64, "COLINDEX_INT64", I_POSV, D_INT64},
      {WEFT_DIAGINDEX_INT64, "DIAGINDEX_INT64", I_POSV, D_INT64},
      {WEFT_TRIL, "TRIL", I_POSB, D_BOOL},
      {WEFT_TRIU, "TRIU", I_POSB, D_BOOL},
      {WEFT_DIAG, "DIAG", I_POSB, D_BOOL},
      {WEFT_OFFDIAG, "OFFDIAG", I_POSB, D_BOOL},
      {WEFT_ROWLE, "ROWLE", I_POSB, D_BOOL},
      {WEFT_ROWGT, "ROWGT", I_POSB, D_BOOL},
      {WEFT_COLLE, "COLLE", I_POSB, D_BOOL},
      {WEFT_COLGT, "COLGT", I_POSB, D_BOOL},
      {WEFT_VALUEGT_FP64, "VALUEGT_FP64", I_VALB, D_BOOL},
      {WEFT_VALUENE_FP64, "VALUENE_FP64", I_VALB, D_BOOL},
      {WEFT_VALUELT_FP64, "VALUELT_FP64", I_VALB, D_BOOL},
      {WEFT_VALUEEQ_INT64, "VALUEEQ_INT64", I_VALB, D_BOOL},
      {WEFT_VALUEGE_INT32, "VALUEGE_INT32", I_VALB, D_BOOL},
      {WEFT_VALUEEQ_BOOL, "VALUEEQ_BOOL", I_VALB, D_BOOL},
  };
  return ops;
}

enum MonCls { M_ADD, M_SEL, M_LOGIC };
struct Mon {
  weft_monoid monoid;
  const char *name;
  Dom d;
  MonCls cls;
};
const std::vector<Mon> &monoids() {
  static const std::vector<Mon> ms = {
      {WEFT_PLUS_MONOID_FP64, "PLUS_MONOID_FP64", D_FP64, M_ADD},
      {WEFT_PLUS_MONOID_FP64, "PLUS_MONOID_FP64", D_FP64, M_ADD},  // drawn twice as often
      {WEFT_MIN_MONOID_FP64, "MIN_MONOID_FP64", D_FP64, M_SEL},
      {WEFT_MAX_MONOID_FP64, "MAX_MONOID_FP64", D_FP64, M_SEL},
      {WEFT_PLUS_MONOID_INT64, "PLUS_MONOID_INT64", D_INT64, M_ADD},
      {WEFT_MIN_MONOID_INT64, "MIN_MONOID_INT64", D_INT64, M_SEL},
      {WEFT_MAX_MONOID_INT32, "MAX_MONOID_INT32", D_INT32, M_SEL},
      {WEFT_LOR_MONOID_BOOL, "LOR_MONOID_BOOL", D_BOOL, M_LOGIC},
      {WEFT_LAND_MONOID_BOOL, "LAND_MONOID_BOOL", D_BOOL, M_LOGIC},
  };
  return ms;
}
// The bound of a monoid's sum of up to `count` values within x.
Bound sum_bound(const Mon &m, Bound x, int64_t count) {
  x = cast(x, m.d);
  Bound z = m.cls == M_ADD ? Bound{x.m + bitlen(count) + 1, x.f} : m.cls == M_SEL ? x : Bound{1, 0};
  return cast(tame(z), m.d);
}

struct Sem {
  weft_semiring s;
  const char *name;
  MonCls add;
  Bin mul;
};
const std::vector<Sem> &semirings() {
  static const std::vector<Sem> ss = {
      {WEFT_PLUS_TIMES_SEMIRING_FP64, "PLUS_TIMES_FP64", M_ADD, binary_ops()[2]},
      {WEFT_PLUS_TIMES_SEMIRING_FP64, "PLUS_TIMES_FP64", M_ADD, binary_ops()[2]},
      {WEFT_MIN_PLUS_SEMIRING_FP64, "MIN_PLUS_FP64", M_SEL, binary_ops()[0]},
      {WEFT_MAX_FIRST_SEMIRING_FP64, "MAX_FIRST_FP64", M_SEL, binary_ops()[5]},
      {WEFT_MIN_SECOND_SEMIRING_FP64, "MIN_SECOND_FP64", M_SEL, binary_ops()[6]},
      {WEFT_MAX_MIN_SEMIRING_FP64, "MAX_MIN_FP64", M_SEL, binary_ops()[3]},
      {WEFT_PLUS_TIMES_SEMIRING_INT64, "PLUS_TIMES_INT64", M_ADD, binary_ops()[9]},
      {WEFT_PLUS_PAIR_SEMIRING_INT64, "PLUS_PAIR_INT64", M_ADD, binary_ops()[19]},
      {WEFT_LOR_LAND_SEMIRING_BOOL, "LOR_LAND_BOOL", M_LOGIC, binary_ops()[14]},
      {WEFT_ANY_PAIR_SEMIRING_BOOL, "ANY_PAIR_BOOL", M_LOGIC, binary_ops()[14]},  // always 1
  };
  return ss;
}
Bound product_bound(const Sem &s, Bound a, Bound b, int64_t k) {
  Bound t = bin_bound(s.mul, a, b);
  if (s.add == M_ADD) t = {t.m + bitlen(k) + 1, t.f};
  if (s.add == M_LOGIC) t = {1, 0};
  return cast(tame(t), s.mul.z);
}

// The predefined descriptor with these fields (NULL: every field default).
weft_descriptor descriptor(bool r, bool s, bool c, bool t0, bool t1) {
#define LAZY_DESC_ENTRY_(name) {#name, WEFT_DESC_##name},
  static const std::map<std::string, weft_descriptor> table = {WEFT_PREDEFINED_DESCRIPTORS(LAZY_DESC_ENTRY_)};
#undef LAZY_DESC_ENTRY_
  std::string key = std::string(r ? "R" : "") + (s ? "S" : "") + (c ? "C" : "") + (t0 ? "T0" : "") + (t1 ? "T1" : "");
  if (key.empty()) return nullptr;
  auto it = table.find(key);
  if (it == table.end()) die("no predefined descriptor WEFT_DESC_%s", key.c_str());
  return it->second;
}

template <class T>
const T &pick(Rng &r, const std::vector<T> &v) {
  return v[size_t(r.below(int64_t(v.size())))];
}

// ---------------------------------------------------------------------------------
// Objects of a program
// ---------------------------------------------------------------------------------
enum Kind { K_VEC, K_MAT, K_SCAL };

struct Obj {
  Kind kind;
  Dom dom;
  std::string name;
  weft_vector v = nullptr;
  weft_matrix a = nullptr;
  weft_scalar s = nullptr;
  int64_t nrows = 1, ncols = 1;  // a vector of size n is n x 1
  Bound b;
  bool live = true;
  bool sealed = false;       // an operation that may fail wrote it: never written or freed again
  bool odd = false;          // wrong size or user domain: only in calls meant to fail
  bool constant = false;     // a scalar never written, so always has a value
  bool maybe_empty = false;  // a scalar that may have no value
  int64_t size() const { return nrows * ncols; }
};

// An index list's address; an empty list still needs one (NULL is an API error).
const int64_t *ptr(const std::vector<int64_t> &I) {
  static const int64_t none[1] = {0};
  return I.empty() ? none : I.data();
}
std::string list_text(const std::vector<int64_t> &I, bool all, bool oob) {
  if (all) return "ALL";
  return fmt("list(%zu%s)", I.size(), oob ? ",out of bounds" : "");
}

// The index lists of an assign or an extract, one per dimension: a vector's I, a matrix's
// I and J. Each is a list or, when `all`, every index (WEFT_ALL, with the dimension as its
// length).
struct Lists {
  bool all;
  int ndims;
  int64_t dim[2];
  std::vector<int64_t> list[2];
  Lists(bool all_, int64_t n) : all(all_), ndims(1), dim{n, 1} {}
  Lists(bool all_, int64_t nrows, int64_t ncols) : all(all_), ndims(2), dim{nrows, ncols} {}
  const int64_t *at(int k) const { return all ? WEFT_ALL : ptr(list[k]); }
  int64_t len(int k) const { return all ? dim[k] : int64_t(list[k].size()); }
  // The lists as the transcript shows them, list `marked` (if any) as out of bounds.
  std::string text(int marked) const {
    std::string t;
    for (int k = 0; k < ndims; ++k) t += (k ? "," : "") + list_text(list[k], all, k == marked);
    return t;
  }
};

// What the vector and the matrix form of an operation differ in: the C entry points, the
// handle, the prefix of the name in the transcript. Program's operations on either are
// written once over these (apply<Vec> prints as v_apply, apply<Mat> as m_apply). (A
// matrix operand may also be transposed: Program::can_transpose.)
#define LAZY_ENTRY_POINTS_(kind)                                     \
  static constexpr auto apply = weft_##kind##_apply;                 \
  static constexpr auto apply_first = weft_##kind##_apply_first;     \
  static constexpr auto apply_second = weft_##kind##_apply_second;   \
  static constexpr auto apply_index = weft_##kind##_apply_index;     \
  static constexpr auto select = weft_##kind##_select;               \
  static constexpr auto ewise_add = weft_##kind##_ewise_add;         \
  static constexpr auto ewise_mult = weft_##kind##_ewise_mult;       \
  static constexpr auto ewise_union = weft_##kind##_ewise_union;     \
  static constexpr auto assign_scalar = weft_##kind##_assign_scalar; \
  static constexpr auto assign = weft_##kind##_assign;               \
  static constexpr auto extract = weft_##kind##_extract;

struct Vec {
  static constexpr Kind kind = K_VEC;
  static constexpr const char *prefix = "v_";
  static constexpr int64_t max_list = 40;  // the longest index list of an assign_scalar
  static weft_vector handle(const Obj *o) { return o ? o->v : nullptr; }
  LAZY_ENTRY_POINTS_(vector)
  // f (assign_scalar, assign, extract) with a vector's index list.
  template <class F, class In>
  static weft_status with_lists(F f, weft_vector w, weft_vector mask, weft_binary_op accum, In u, const Lists &L,
                                weft_descriptor desc) {
    return f(w, mask, accum, u, L.at(0), L.len(0), desc);
  }
};

struct Mat {
  static constexpr Kind kind = K_MAT;
  static constexpr const char *prefix = "m_";
  static constexpr int64_t max_list = 12;  // per dimension: up to 144 positions
  static weft_matrix handle(const Obj *o) { return o ? o->a : nullptr; }
  LAZY_ENTRY_POINTS_(matrix)
  // f (assign_scalar, assign, extract) with a matrix's two index lists.
  template <class F, class In>
  static weft_status with_lists(F f, weft_matrix C, weft_matrix M, weft_binary_op accum, In A, const Lists &L,
                                weft_descriptor desc) {
    return f(C, M, accum, A, L.at(0), L.len(0), L.at(1), L.len(1), desc);
  }
};
#undef LAZY_ENTRY_POINTS_

// One entry as text: FP64 exactly (%a; a NaN by its bits), integers in decimal.
std::string value_text(Dom d, double x, int64_t y) {
  if (d != D_FP64) return fmt("%" PRId64, y);
  if (std::isnan(x)) {
    uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    return fmt("nan:%016" PRIx64, bits);
  }
  return fmt("%a", x);
}

class Program {
 public:
  Program(Rng &r, const Options &opt, int64_t number, std::string &out) : r_(r), opt_(opt), out_(out) {
    line(fmt("program %" PRId64, number));
  }
  void run();

 private:
  Rng &r_;
  const Options &opt_;
  std::string &out_;
  std::vector<std::unique_ptr<Obj>> objs_;
  int names_[3] = {0, 0, 0};
  int64_t n_ = 1, nr_ = 1, nc_ = 1;  // vector size, matrix shape
  bool square_ = false;
  std::set<int> exec_errors_;
  int fail_kind_ = 0;  // the one execution error this program may provoke (0: none yet)
  // Per program, so that some programs chain many calls on few objects: the percentage
  // of index lists given an index out of bounds, and of calls given a mask.
  int fail_rate_ = 10, mask_rate_ = 60;
  // One structure (some programs): the pool's vectors are FP64 with the same entries
  // (one_I_), and masks are rare, so that chains of plain element-wise operations run
  // on the fused value tiles and their L1 chunks (lazy/fused.cpp), which the programs
  // with mixed structures and domains seldom reach.
  bool one_structure_ = false;
  std::vector<int64_t> one_I_;
  int opno_ = 0;
  Obj *wrong_vec_ = nullptr, *user_vec_ = nullptr, *wrong_mat_ = nullptr;
  Obj *last_written_[3] = {nullptr, nullptr, nullptr};  // by kind

  void line(const std::string &s) { out_ += s, out_ += '\n'; }

  // -- statuses --
  // An operation's line: its status when it is an API error; an execution error goes to
  // the program's set only (its position depends on the mode).
  void done(const std::string &what, weft_status s) {
    std::string l = fmt("  %d ", opno_) + what;
    if (s < 0 && s > -100) l += std::string(" -> ") + weft_status_name(s);
    if (s > 0) l += fmt(" -> status %d", s);
    if (s <= -100) exec_errors_.insert(s);
    line(l);
  }
  // A read or a write outside an operation: in nonblocking mode it first runs the queued
  // work it depends on and returns that work's execution error instead; the repeat then
  // finds the queue empty. The calls repeated this way are idempotent.
  template <class F>
  weft_status again(F f) {
    weft_status s = f();
    if (s <= -100) {
      exec_errors_.insert(s);
      s = f();
      if (s <= -100) exec_errors_.insert(s), line(fmt("  (repeated call failed again: %s)", weft_status_name(s)));
    }
    return s;
  }

  // -- creating objects --
  Dom random_dom() {
    int64_t k = r_.below(100);
    return k < 70 ? D_FP64 : k < 82 ? D_INT64 : k < 91 ? D_INT32 : D_BOOL;
  }
  double random_value(Dom d) {
    int64_t k = r_.range(-63, 63);
    return d == D_FP64 ? double(k) / 2 : d == D_BOOL ? double(k & 1) : double(k);
  }
  double random_density() {
    static const double ds[] = {0, 0, 0.001, 0.01, 0.1, 0.1, 0.3, 0.7, 1, 1};
    return ds[r_.below(10)];
  }
  Obj *add(Kind k, Dom d) {
    auto o = std::make_unique<Obj>();
    o->kind = k, o->dom = d;
    o->name = fmt("%c%d", "vms"[k], names_[k]++);
    o->b = initial_bound(d);
    objs_.push_back(std::move(o));
    return objs_.back().get();
  }
  Obj *new_vector(Dom d, int64_t n, bool fill);
  Obj *new_matrix(Dom d, int64_t nrows, int64_t ncols, bool fill);
  Obj *new_scalar(Dom d, bool set);
  Obj *new_object(Kind k, bool fill) {
    Dom d = random_dom();
    return k == K_VEC ? new_vector(d, n_, fill) : k == K_MAT ? new_matrix(d, nr_, nc_, fill) : new_scalar(d, fill);
  }
  void free_object(Obj *o) {
    weft_status s = o->kind == K_VEC ? weft_vector_free(&o->v) : o->kind == K_MAT ? weft_matrix_free(&o->a) : weft_scalar_free(&o->s);
    o->live = false;
    if (s != WEFT_SUCCESS) line(fmt("  free %s: %s", o->name.c_str(), weft_status_name(s)));
  }

  // -- choosing objects --
  std::vector<Obj *> live(Kind k, bool writable) {
    std::vector<Obj *> v;
    for (auto &o : objs_)
      if (o->live && o->kind == k && !o->odd && !(writable && (o->sealed || o->constant))) v.push_back(o.get());
    return v;
  }
  // Inputs are often, and outputs sometimes, the object of that kind written last: chains
  // of queued operations, each depending on the one before (and on its failure).
  Obj *recent(Kind k, bool writable, int percent) {
    Obj *o = last_written_[k];
    if (!o || !o->live || (writable && (o->sealed || o->constant)) || !r_.chance(percent)) return nullptr;
    return o;
  }
  // Steering, for o_failure_chain: the next input() or output() of a kind, the next
  // operand(); the next call plain (no mask, accumulator, replace or transpose); the next
  // index list given an index out of bounds; the next reduce_scalar accumulated into a
  // scalar that has a value (so it keeps one).
  Obj *want_in_[3] = {nullptr, nullptr, nullptr}, *want_out_[3] = {nullptr, nullptr, nullptr};
  Obj *want_operand_ = nullptr;
  bool want_plain_ = false, want_fail_ = false, want_kept_ = false;
  bool want_value_op_ = false;  // o_value_chain: the next apply/ewise picks an FP64 operator with a value loop
  static Obj *take(Obj *&slot) {
    Obj *o = slot;
    slot = nullptr;
    return o && o->live ? o : nullptr;
  }
  Obj *input(Kind k) {
    if (Obj *o = take(want_in_[k])) return o;
    if (Obj *o = recent(k, false, 40)) return o;
    auto v = live(k, false);
    return v.empty() ? new_object(k, true) : pick(r_, v);
  }
  Obj *output(Kind k) {
    Obj *w = take(want_out_[k]);
    if (w && !w->sealed && !w->constant) return w;
    if (Obj *o = recent(k, true, 25)) return o;
    auto v = live(k, true);
    return v.empty() ? new_object(k, false) : pick(r_, v);
  }
  // An input that is the output itself about a third of the time (aliasing).
  Obj *input_or(Obj *out) { return r_.chance(30) ? out : input(out->kind); }
  // May the program provoke this execution error? It provokes one kind at most.
  bool may_fail(int status) { return fail_kind_ == 0 || fail_kind_ == status; }
  void seal(Obj *out, int status) { fail_kind_ = status, out->sealed = true, last_written_[out->kind] = out; }
  // A scalar operand (x, y, alpha, beta, thunk, assigned value). A scalar that may be
  // empty makes the call one that may fail with WEFT_EMPTY_OBJECT.
  Obj *operand(Obj *out, bool positional) {
    std::vector<Obj *> v = live(K_SCAL, false);
    if (Obj *o = take(want_operand_)) v = {o};
    else if (positional && r_.chance(60)) v = {objs_[1].get()};  // s1: a position
    else if (Obj *o = recent(K_SCAL, false, 40)) v = {o};
    Obj *x = v.empty() ? new_scalar(D_FP64, true) : pick(r_, v);
    if (x->maybe_empty && (!may_fail(WEFT_EMPTY_OBJECT) || r_.chance(50))) x = objs_[0].get();  // s0: constant
    if (x->maybe_empty) seal(out, WEFT_EMPTY_OBJECT);
    return x;
  }

  // -- masks, accumulators, descriptors --
  struct Ctl {
    Obj *mask = nullptr;
    bool s = false, c = false, rep = false, t0 = false, t1 = false;
    const Bin *acc = nullptr;
  };
  Ctl control(Obj *out, bool t0, bool t1) {
    Ctl c;
    if (want_plain_) {
      want_plain_ = false;
      return c;
    }
    if (r_.chance(mask_rate_)) {
      if (r_.chance(25)) c.mask = out;
      else if (out->kind == K_VEC && user_vec_ && user_vec_->live && r_.chance(10)) c.mask = user_vec_, c.s = true;
      else c.mask = input(out->kind);
      c.s = c.s || r_.chance(50);
      c.c = r_.chance(30);
      c.rep = r_.chance(25);
    } else {
      c.c = r_.chance(4);
      c.rep = r_.chance(10);
    }
    if (r_.chance(45)) c.acc = &pick(r_, accumulators());
    c.t0 = t0 && r_.chance(35);
    c.t1 = t1 && r_.chance(35);
    return c;
  }
  weft_descriptor desc(const Ctl &c) { return descriptor(c.rep, c.s, c.c, c.t0, c.t1); }
  template <class K>
  static auto mask(const Ctl &c) { return K::handle(c.mask); }
  static weft_vector vmask(const Ctl &c) { return mask<Vec>(c); }
  static weft_matrix mmask(const Ctl &c) { return mask<Mat>(c); }
  weft_binary_op acc(const Ctl &c) { return c.acc ? c.acc->op : nullptr; }
  static std::string ctl_text(const Ctl &c) {
    std::string t;
    if (c.mask) t += "<" + c.mask->name + ">";
    std::string d = std::string(c.rep ? "R" : "") + (c.s ? "S" : "") + (c.c ? "C" : "") + (c.t0 ? "T0" : "") + (c.t1 ? "T1" : "");
    if (!d.empty()) t += " desc=" + d;
    if (c.acc) t += std::string(" acc=") + c.acc->name;
    return t;
  }
  // The output's bound after T (within t) went through the accumulator and the mask.
  void result(Obj *out, const Ctl &c, Bound t) {
    last_written_[out->kind] = out;
    Bound z = t;
    if (c.acc) z = join(bin_bound(*c.acc, out->b, t), join(cast(out->b, c.acc->z), cast(t, c.acc->z)));
    out->b = join(out->b, cast(z, out->dom));
  }
  // Only a matrix operand can be transposed, and it keeps the shape only when square.
  bool can_transpose(Kind k) const { return k == K_MAT && square_; }
  // The largest dimension of a vector or a matrix (the values of positional operators).
  int64_t extent(Kind k) const { return k == K_MAT ? std::max(nr_, nc_) : n_; }

  // -- index lists --
  std::vector<int64_t> any_indices(int64_t len, int64_t bound) {
    std::vector<int64_t> I(static_cast<size_t>(len));
    for (auto &i : I) i = r_.below(bound);
    return I;
  }
  std::vector<int64_t> permutation(int64_t len) {
    std::vector<int64_t> I(static_cast<size_t>(len));
    std::iota(I.begin(), I.end(), 0);
    for (int64_t k = len - 1; k > 0; --k) std::swap(I[size_t(k)], I[size_t(r_.below(k + 1))]);
    return I;
  }
  // Sometimes (when the program may still fail that way) one index past the end: the
  // call then fails with WEFT_INDEX_OUT_OF_BOUNDS when it runs, and its output is sealed.
  bool out_of_bounds(std::vector<int64_t> &I, int64_t bound, Obj *out) {
    bool forced = want_fail_;
    want_fail_ = false;
    if (I.empty() || !may_fail(WEFT_INDEX_OUT_OF_BOUNDS) || !(forced || r_.chance(fail_rate_))) return false;
    I[size_t(r_.below(int64_t(I.size())))] = bound + r_.below(3);
    seal(out, WEFT_INDEX_OUT_OF_BOUNDS);
    return true;
  }
  bool out_of_bounds(Lists &L, int k, Obj *out) { return out_of_bounds(L.list[k], L.dim[k], out); }
  // A vector's index list or a matrix's two (unless every index), each drawn in turn by
  // draw(its dimension).
  template <class Draw>
  Lists lists(Kind k, bool all, Draw draw) const {
    Lists L = k == K_MAT ? Lists(all, nr_, nc_) : Lists(all, n_);
    for (int d = 0; !all && d < L.ndims; ++d) L.list[d] = draw(L.dim[d]);
    return L;
  }

  // -- printing contents --
  void print_contents(Obj *o, const std::string &prefix);
  template <class Get>
  void print_entries(Obj *o, int64_t nvals, Get entry, const std::string &prefix);

  // -- the operations --
  // Those of a vector and of a matrix alike, over Vec or Mat (apply<Vec> is v_apply).
  template <class K>
  void apply();
  template <class K>
  void apply_bound();
  template <class K>
  void apply_index() { index_op<K>(false); }
  template <class K>
  void select() { index_op<K>(true); }
  template <class K>
  void index_op(bool selects);
  template <class K>
  void ewise();
  template <class K>
  void assign_scalar();
  template <class K>
  void assign();
  template <class K>
  void extract();
  void reduce_scalar(Kind k);
  void reduce_scalar_vec() { reduce_scalar(K_VEC); }
  void v_mxv();
  void v_col_extract();
  void v_reduce_matrix();
  void m_mxm();
  void m_transpose();
  void o_dup();
  void o_new();
  void o_free();
  void o_set_remove();
  void o_clear();
  void o_read_nvals();
  void o_read_element();
  void o_read_tuples();
  void o_wait();
  void o_api_error();
  void o_empty_operand();
  void o_failure_chain();
  void o_value_chain();
  void o_product_chain();
  void o_sink_chain();
  void setup();
  void one_op();
  void finish();
};

Obj *Program::new_vector(Dom d, int64_t n, bool fill) {
  Obj *o = add(K_VEC, d);
  o->nrows = n;
  weft_status s = weft_vector_new(type_of(d), n, &o->v);
  if (s != WEFT_SUCCESS) die("weft_vector_new: %s", weft_status_name(s));
  std::vector<int64_t> I;
  std::vector<double> X;
  double p = fill ? random_density() : 0;
  if (fill && one_structure_ && !one_I_.empty()) {
    I = one_I_;
    for (size_t k = 0; k < I.size(); ++k) X.push_back(random_value(d));
    p = 0;
  }
  for (int64_t i = 0; p > 0 && i < n; ++i)
    if (p >= 1 || double(r_.below(1000000)) < p * 1e6) I.push_back(i), X.push_back(random_value(d));
  if (fill && one_structure_ && one_I_.empty()) one_I_ = I;
  if (!I.empty()) s = weft_vector_build(o->v, I.data(), X.data(), WEFT_FP64, int64_t(I.size()), nullptr);
  line(fmt("  new %s %s n=%" PRId64 " nvals=%zu", o->name.c_str(), dom_name(d), n, I.size()) +
       (s ? std::string(" -> ") + weft_status_name(s) : ""));
  return o;
}

Obj *Program::new_matrix(Dom d, int64_t nrows, int64_t ncols, bool fill) {
  Obj *o = add(K_MAT, d);
  o->nrows = nrows, o->ncols = ncols;
  weft_status s = weft_matrix_new(type_of(d), nrows, ncols, &o->a);
  if (s != WEFT_SUCCESS) die("weft_matrix_new: %s", weft_status_name(s));
  std::vector<int64_t> I, J;
  std::vector<double> X;
  double p = fill ? random_density() : 0;
  // A large matrix stays sparse (a few entries a row), so that products stay cheap.
  if (nrows * ncols > 100000) p = std::min(p, 6.0 / double(ncols));
  for (int64_t i = 0; p > 0 && i < nrows; ++i) {
    if (p * double(ncols) < 24) {  // a few random columns
      std::vector<int64_t> cols = any_indices(r_.below(int64_t(2 * p * double(ncols)) + 2), ncols);
      std::sort(cols.begin(), cols.end());
      cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
      for (int64_t j : cols) I.push_back(i), J.push_back(j), X.push_back(random_value(d));
    } else {
      for (int64_t j = 0; j < ncols; ++j)
        if (p >= 1 || double(r_.below(1000000)) < p * 1e6) I.push_back(i), J.push_back(j), X.push_back(random_value(d));
    }
  }
  if (!I.empty()) s = weft_matrix_build(o->a, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(I.size()), nullptr);
  line(fmt("  new %s %s %" PRId64 "x%" PRId64 " nvals=%zu", o->name.c_str(), dom_name(d), nrows, ncols, I.size()) +
       (s ? std::string(" -> ") + weft_status_name(s) : ""));
  return o;
}

Obj *Program::new_scalar(Dom d, bool set) {
  Obj *o = add(K_SCAL, d);
  weft_status s = weft_scalar_new(type_of(d), &o->s);
  if (s != WEFT_SUCCESS) die("weft_scalar_new: %s", weft_status_name(s));
  o->maybe_empty = !set;
  double x = random_value(d);
  if (set) s = weft_scalar_set_element(o->s, &x, WEFT_FP64);
  line(fmt("  new %s %s ", o->name.c_str(), dom_name(d)) + (set ? value_text(D_FP64, x, 0) : "empty") +
       (s ? std::string(" -> ") + weft_status_name(s) : ""));
  return o;
}

// The pool: s0 a constant FP64 value, s1 an INT64 position (the thunk of positional
// operators), s2 anything, possibly empty; four vectors and three matrices, or two and one.
void Program::setup() {
  int64_t shape = r_.below(100);
  bool large = r_.chance(opt_.large_percent);
  // Large: more than one tile (about 16k entries) of vector entries or matrix rows.
  if (shape < 40) {  // square: every product fits
    square_ = true;
    n_ = nr_ = nc_ = large ? r_.range(16000, 40000) : r_.chance(70) ? r_.range(1, 60) : r_.range(61, 3000);
  } else if (shape < 60) {  // tall matrices, vectors over their rows
    n_ = nr_ = large ? r_.range(16000, 40000) : r_.range(1000, 3000), nc_ = r_.range(1, 24);
  } else {  // vectors first, small matrices
    n_ = large ? r_.range(16000, 100000) : r_.chance(50) ? r_.range(1, 200) : r_.range(201, 3000);
    nr_ = r_.range(1, 60), nc_ = r_.range(1, 60);
    square_ = nr_ == nc_;
  }
  // A small pool and few masks make chains: the same objects written and read again
  // and again, queued failures among them.
  bool small_pool = r_.chance(30);
  fail_rate_ = r_.chance(40) ? 60 : 10;
  mask_rate_ = small_pool ? 30 : 60;
  one_structure_ = r_.chance(20);
  if (one_structure_) mask_rate_ = 10;
  line(fmt("  shape n=%" PRId64 " matrices %" PRId64 "x%" PRId64 "%s%s", n_, nr_, nc_, small_pool ? " small pool" : "",
           one_structure_ ? " one structure" : ""));
  Obj *s0 = new_scalar(D_FP64, true);
  s0->constant = true;
  Obj *s1 = add(K_SCAL, D_INT64);
  int64_t pos = r_.range(-std::max(nr_, n_) / 2, std::max(nr_, n_));
  weft_scalar_new(WEFT_INT64, &s1->s);
  weft_scalar_set_element(s1->s, &pos, WEFT_INT64);
  s1->b = {bitlen(std::abs(pos)) + 1, 0};
  line(fmt("  new s1 INT64 %" PRId64, pos));
  new_scalar(random_dom(), !r_.chance(25));
  for (int k = 0; k < (small_pool ? 2 : 4); ++k) new_vector(k == 0 || one_structure_ ? D_FP64 : random_dom(), n_, true);
  for (int k = 0; k < (small_pool ? 1 : 3); ++k) new_matrix(k == 0 ? D_FP64 : random_dom(), nr_, nc_, true);
}

// ---- operations on a vector or a matrix ---------------------------------------------
// Each written once, over Vec or Mat; C, A, B are vectors or matrices. Where the two
// forms draw differently, the difference is spelled out, each form keeping its draws
// and their order: a seed's programs are made of them.

template <class K>
void Program::apply() {
  Obj *C = output(K::kind), *A = input_or(C);
  Ctl c = control(C, can_transpose(K::kind), false);
  const Un &op = want_value_op_ ? unary_ops()[size_t(r_.below(3))] : pick(r_, unary_ops());  // IDENTITY, ABS, AINV
  weft_status s = K::apply(K::handle(C), mask<K>(c), acc(c), op.op, K::handle(A), desc(c));
  done(std::string(K::prefix) + "apply " + C->name + ctl_text(c) + " = " + op.name + "(" + A->name + ")", s);
  result(C, c, un_bound(op, A->b));
}

template <class K>
void Program::apply_bound() {
  Obj *C = output(K::kind), *A = input_or(C);
  // A matrix draws _first or _second before control(): it says which input may be
  // transposed (_first transposes A by INP1). A vector draws it last.
  bool matrix = K::kind == K_MAT, first = matrix && r_.chance(50);
  Ctl c = control(C, !first && can_transpose(K::kind), first && can_transpose(K::kind));
  const Bin &op = pick(r_, binary_ops());
  Obj *x = operand(C, false);
  if (!matrix) first = r_.chance(50);
  weft_status s = first ? K::apply_first(K::handle(C), mask<K>(c), acc(c), op.op, x->s, K::handle(A), desc(c))
                        : K::apply_second(K::handle(C), mask<K>(c), acc(c), op.op, K::handle(A), x->s, desc(c));
  done(std::string(K::prefix) + (first ? "apply_first " : "apply_second ") + C->name + ctl_text(c) + " = " + op.name +
           "(" + (first ? x->name + "," + A->name : A->name + "," + x->name) + ")",
       s);
  result(C, c, first ? bin_bound(op, x->b, A->b) : bin_bound(op, A->b, x->b));
}

// The bound of an index-unary operator's result on values within x.
Bound index_bound(const Idx &op, Bound thunk, int64_t dim) {
  if (op.cls != I_POSV) return {1, 0};
  return cast({std::max(bitlen(dim), cast(thunk, D_INT64).m) + 2, 0}, op.z);
}

// apply_index (the operator's values) or select (the entries where it is true): the
// same draws.
template <class K>
void Program::index_op(bool selects) {
  Obj *C = output(K::kind), *A = input_or(C);
  Ctl c = control(C, can_transpose(K::kind), false);
  const Idx &op = pick(r_, index_ops());
  Obj *y = operand(C, op.cls != I_VALB);
  auto call = selects ? K::select : K::apply_index;
  weft_status s = call(K::handle(C), mask<K>(c), acc(c), op.op, K::handle(A), y->s, desc(c));
  done(std::string(K::prefix) + (selects ? "select " : "apply_index ") + C->name + ctl_text(c) + " = " + op.name + "(" +
           A->name + "," + y->name + ")",
       s);
  result(C, c, selects ? A->b : index_bound(op, y->b, extent(K::kind)));
}

template <class K>
void Program::ewise() {
  Obj *C = output(K::kind), *A = input_or(C), *B = input_or(C);
  Ctl c = control(C, can_transpose(K::kind), can_transpose(K::kind));
  const Bin &op = want_value_op_ ? binary_ops()[size_t(r_.below(5))] : pick(r_, binary_ops());  // PLUS .. MAX
  int64_t kind = r_.below(want_value_op_ ? 2 : 3);
  weft_status s;
  std::string what = K::prefix;
  Bound t;
  if (kind == 0) {
    s = K::ewise_add(K::handle(C), mask<K>(c), acc(c), op.op, K::handle(A), K::handle(B), desc(c));
    what += "ewise_add ";
    t = join(bin_bound(op, A->b, B->b), join(cast(A->b, op.z), cast(B->b, op.z)));
  } else if (kind == 1) {
    s = K::ewise_mult(K::handle(C), mask<K>(c), acc(c), op.op, K::handle(A), K::handle(B), desc(c));
    what += "ewise_mult ";
    t = bin_bound(op, A->b, B->b);
  } else {
    Obj *alpha = operand(C, false), *beta = operand(C, false);
    s = K::ewise_union(K::handle(C), mask<K>(c), acc(c), op.op, K::handle(A), alpha->s, K::handle(B), beta->s, desc(c));
    what += "ewise_union(" + alpha->name + "," + beta->name + ") ";
    t = bin_bound(op, join(A->b, alpha->b), join(B->b, beta->b));
  }
  done(what + C->name + ctl_text(c) + " = " + op.name + "(" + A->name + "," + B->name + ")", s);
  result(C, c, t);
}

// A scalar to every position (fused in nonblocking mode) or to index lists (run whole).
template <class K>
void Program::assign_scalar() {
  Obj *C = output(K::kind);
  Ctl c = control(C, false, false);
  Obj *x = operand(C, false);
  // Every position of a large matrix would make it dense: there, index lists only.
  bool all = (K::kind == K_VEC || nr_ * nc_ <= 100000 || (c.mask && !c.c)) && r_.chance(50);
  auto draw = [&](int64_t n) { return any_indices(r_.below(std::min<int64_t>(n, K::max_list) + 1), n); };
  Lists L = lists(K::kind, all, draw);
  // A matrix's index out of bounds goes to I or to J (the text marks I either way).
  bool oob = !all && out_of_bounds(L, (L.ndims == 1 || r_.chance(50)) ? 0 : 1, C);
  weft_status s = K::with_lists(K::assign_scalar, K::handle(C), mask<K>(c), acc(c), x->s, L, desc(c));
  done(std::string(K::prefix) + "assign_scalar " + C->name + ctl_text(c) + "(" + L.text(oob ? 0 : -1) + ") = " +
           x->name,
       s);
  result(C, c, x->b);
}

// C(I) = A or C(I, J) = A with I and J permutations (or every index): A has C's shape.
template <class K>
void Program::assign() {
  Obj *C = output(K::kind), *A = input_or(C);
  Ctl c = control(C, false, false);
  bool all = !want_fail_ && r_.chance(40);  // o_failure_chain's forced failure needs a list
  Lists L = lists(K::kind, all, [&](int64_t n) { return permutation(n); });
  int last = L.ndims - 1;  // a matrix's index out of bounds goes to J
  bool oob = !all && out_of_bounds(L, last, C);
  weft_status s = K::with_lists(K::assign, K::handle(C), mask<K>(c), acc(c), K::handle(A), L, desc(c));
  done(std::string(K::prefix) + "assign " + C->name + ctl_text(c) + "(" + L.text(oob ? last : -1) + ") = " + A->name,
       s);
  result(C, c, A->b);
}

template <class K>
void Program::extract() {
  Obj *C = output(K::kind), *A = input_or(C);
  Ctl c = control(C, can_transpose(K::kind), false);
  bool all = !want_fail_ && r_.chance(30);  // as in assign
  Lists L = lists(K::kind, all, [&](int64_t n) { return any_indices(n, n); });
  bool oob = !all && out_of_bounds(L, 0, C);
  weft_status s = K::with_lists(K::extract, K::handle(C), mask<K>(c), acc(c), K::handle(A), L, desc(c));
  done(std::string(K::prefix) + "extract " + C->name + ctl_text(c) + " = " + A->name + "(" + L.text(oob ? 0 : -1) + ")",
       s);
  result(C, c, A->b);
}

// ---- vector operations --------------------------------------------------------------

// s = the sum of a vector's or matrix's entries. The FP64 PLUS monoid only while every
// order of summation is exact (a fused reduce sums tile by tile); else the INT64 one.
void Program::reduce_scalar(Kind k) {
  bool kept = want_kept_;
  want_kept_ = false;
  std::vector<Obj *> outs;
  for (Obj *o : live(K_SCAL, true))
    if (!kept || !o->maybe_empty) outs.push_back(o);
  Obj *s = outs.empty() || r_.chance(15) ? new_scalar(random_dom(), kept || r_.chance(50)) : pick(r_, outs);
  Obj *u = input(k);
  const Mon *m = &pick(r_, monoids());
  if (m->d == D_FP64 && m->cls == M_ADD && !exact_sum(u->b, u->size())) m = &monoids()[4];
  const Bin *accum = kept || r_.chance(40) ? &pick(r_, accumulators()) : nullptr;
  weft_status st = k == K_VEC ? weft_vector_reduce_scalar(s->s, accum ? accum->op : nullptr, m->monoid, u->v, nullptr)
                              : weft_matrix_reduce_scalar(s->s, accum ? accum->op : nullptr, m->monoid, u->a, nullptr);
  done(std::string(k == K_VEC ? "v_reduce " : "m_reduce ") + s->name + (accum ? std::string(" acc=") + accum->name : "") +
           " = " + m->name + "(" + u->name + ")",
       st);
  Ctl c;
  c.acc = accum;
  result(s, c, sum_bound(*m, u->b, u->size()));
  if (!accum) s->maybe_empty = true;  // no entries: s becomes empty
}

// w = A u or w' = u' A (square matrices only).
void Program::v_mxv() {
  if (!square_ || nr_ != n_) return apply<Vec>();
  Obj *w = output(K_VEC), *u = input_or(w), *A = input(K_MAT);
  bool mxv = r_.chance(50);
  Ctl c = control(w, mxv, !mxv);
  const Sem &sr = pick(r_, semirings());
  weft_status s = mxv ? weft_mxv(w->v, vmask(c), acc(c), sr.s, A->a, u->v, desc(c))
                      : weft_vxm(w->v, vmask(c), acc(c), sr.s, u->v, A->a, desc(c));
  done(std::string(mxv ? "mxv " : "vxm ") + w->name + ctl_text(c) + " = " + sr.name + "(" +
           (mxv ? A->name + "," + u->name : u->name + "," + A->name) + ")",
       s);
  result(w, c, product_bound(sr, mxv ? A->b : u->b, mxv ? u->b : A->b, n_));
}

// w = A(I, j) or, transposed, A(j, I): a vector computed from a matrix.
void Program::v_col_extract() {
  Obj *w = output(K_VEC), *A = input(K_MAT);
  Ctl c = control(w, false, false);
  c.t0 = r_.chance(35);
  int64_t along = c.t0 ? nc_ : nr_, across = c.t0 ? nr_ : nc_;
  bool all = along == n_ && r_.chance(40);
  std::vector<int64_t> I = all ? std::vector<int64_t>() : any_indices(n_, along);
  int64_t j = r_.below(across);
  weft_status s = weft_col_extract(w->v, vmask(c), acc(c), A->a, all ? WEFT_ALL : I.data(), n_, j, desc(c));
  done("col_extract " + w->name + ctl_text(c) + " = " + A->name + fmt("(%s,%" PRId64 ")", list_text(I, all, false).c_str(), j), s);
  result(w, c, A->b);
}

// w(i) = the sum of row i of A (or of column i, transposed).
void Program::v_reduce_matrix() {
  bool rows = nr_ == n_, cols = nc_ == n_;
  if (!rows && !cols) return select<Vec>();
  Obj *w = output(K_VEC), *A = input(K_MAT);
  Ctl c = control(w, false, false);
  c.t0 = !rows || (cols && r_.chance(40));
  const Mon &m = pick(r_, monoids());
  weft_status s = weft_matrix_reduce(w->v, vmask(c), acc(c), m.monoid, A->a, desc(c));
  done("m_reduce_rows " + w->name + ctl_text(c) + " = " + m.name + "(" + A->name + ")", s);
  result(w, c, sum_bound(m, A->b, c.t0 ? nr_ : nc_));
}

// ---- matrix operations --------------------------------------------------------------

// Products only of square matrices of up to 300 rows: a chain of C = C * C on larger
// ones (likely with a small pool) fills them, at up to n^3 work.
void Program::m_mxm() {
  if (!square_ || nr_ > 300) return ewise<Mat>();
  Obj *C = output(K_MAT), *A = input_or(C), *B = input_or(C);
  Ctl c = control(C, true, true);
  const Sem &sr = pick(r_, semirings());
  weft_status s = weft_mxm(C->a, mmask(c), acc(c), sr.s, A->a, B->a, desc(c));
  done("mxm " + C->name + ctl_text(c) + " = " + sr.name + "(" + A->name + "," + B->name + ")", s);
  result(C, c, product_bound(sr, A->b, B->b, nc_));
}

// C = A' (square), or a copy through WEFT_INP0 = WEFT_TRAN (any shape).
void Program::m_transpose() {
  Obj *C = output(K_MAT), *A = input_or(C);
  Ctl c = control(C, false, false);
  c.t0 = !square_ || r_.chance(30);
  weft_status s = weft_transpose(C->a, mmask(c), acc(c), A->a, desc(c));
  done("transpose " + C->name + ctl_text(c) + " = " + A->name + "'", s);
  result(C, c, A->b);
}

// ---- other calls --------------------------------------------------------------------

Obj *random_live(Rng &r, std::vector<std::unique_ptr<Obj>> &objs, bool odd_too) {
  std::vector<Obj *> v;
  for (auto &o : objs)
    if (o->live && (odd_too || !o->odd)) v.push_back(o.get());
  return v.empty() ? nullptr : pick(r, v);
}

void Program::o_dup() {
  Obj *src = random_live(r_, objs_, false);
  if (!src) return;
  Obj *o = add(src->kind, src->dom);
  o->nrows = src->nrows, o->ncols = src->ncols, o->b = src->b, o->maybe_empty = src->maybe_empty;
  weft_status s = again([&] {
    return src->kind == K_VEC ? weft_vector_dup(src->v, &o->v)
           : src->kind == K_MAT ? weft_matrix_dup(src->a, &o->a)
                                : weft_scalar_dup(src->s, &o->s);
  });
  done("dup " + o->name + " = " + src->name, s);
  if (s != WEFT_SUCCESS) o->live = false;
}

void Program::o_new() { new_object(Kind(r_.below(3)), false); }

void Program::o_free() {
  std::vector<Obj *> v;
  for (auto &o : objs_)
    if (o->live && !o->odd && !o->sealed && !o->constant && o.get() != objs_[1].get()) v.push_back(o.get());
  if (v.empty()) return;
  Obj *o = pick(r_, v);
  done("free " + o->name, WEFT_SUCCESS);
  free_object(o);
}

void Program::o_set_remove() {
  Kind k = Kind(r_.below(3));
  Obj *o = output(k);
  bool remove = k != K_SCAL && r_.chance(35);
  int64_t i = r_.below(o->nrows), j = r_.below(o->ncols);
  double x = random_value(o->dom);
  weft_status s = again([&] {
    if (k == K_VEC) return remove ? weft_vector_remove_element(o->v, i) : weft_vector_set_element(o->v, i, &x, WEFT_FP64);
    if (k == K_MAT) return remove ? weft_matrix_remove_element(o->a, i, j) : weft_matrix_set_element(o->a, i, j, &x, WEFT_FP64);
    return weft_scalar_set_element(o->s, &x, WEFT_FP64);
  });
  if (remove) done(fmt("remove_element %s(%" PRId64 ",%" PRId64 ")", o->name.c_str(), i, j), s);
  else done(fmt("set_element %s(%" PRId64 ",%" PRId64 ") = ", o->name.c_str(), i, j) + value_text(D_FP64, x, 0), s);
  if (!remove) o->b = join(o->b, cast(initial_bound(D_FP64), o->dom)), o->maybe_empty = false;
}

void Program::o_clear() {
  Obj *o = output(Kind(r_.below(3)));
  weft_status s = again([&] {
    return o->kind == K_VEC ? weft_vector_clear(o->v) : o->kind == K_MAT ? weft_matrix_clear(o->a) : weft_scalar_clear(o->s);
  });
  done("clear " + o->name, s);
  o->maybe_empty = o->kind == K_SCAL;
}

void Program::o_read_nvals() {
  Obj *o = random_live(r_, objs_, true);
  if (!o) return;
  int64_t nv = -1;
  weft_status s = again([&] {
    return o->kind == K_VEC ? weft_vector_nvals(o->v, &nv) : o->kind == K_MAT ? weft_matrix_nvals(o->a, &nv) : weft_scalar_nvals(o->s, &nv);
  });
  done(fmt("nvals %s = %" PRId64, o->name.c_str(), nv), s);
}

void Program::o_read_element() {
  Obj *o = random_live(r_, objs_, false);
  if (!o) return;
  int64_t i = r_.below(o->nrows), j = r_.below(o->ncols);
  bool fp = o->dom == D_FP64;
  double x = 0;
  int64_t y = 0;
  void *out = fp ? static_cast<void *>(&x) : static_cast<void *>(&y);
  weft_type t = fp ? WEFT_FP64 : WEFT_INT64;
  weft_status s = again([&] {
    return o->kind == K_VEC ? weft_vector_extract_element(o->v, i, t, out)
           : o->kind == K_MAT ? weft_matrix_extract_element(o->a, i, j, t, out)
                              : weft_scalar_extract_element(o->s, t, out);
  });
  done(fmt("extract_element %s(%" PRId64 ",%" PRId64 ") = ", o->name.c_str(), i, j) +
           (s == WEFT_SUCCESS ? value_text(o->dom, x, y) : s == WEFT_NO_VALUE ? "none" : "?"),
       s == WEFT_NO_VALUE ? WEFT_SUCCESS : s);
}

void Program::o_read_tuples() {
  Obj *o = random_live(r_, objs_, true);
  if (!o) return;
  done("read " + o->name, WEFT_SUCCESS);
  print_contents(o, "    ");
}

void Program::o_wait() {
  Obj *o = random_live(r_, objs_, true);
  if (!o) return;
  int mode = r_.chance(50) ? WEFT_COMPLETE : WEFT_MATERIALIZE;
  weft_status s = again([&] {
    return o->kind == K_VEC ? weft_vector_wait(o->v, mode) : o->kind == K_MAT ? weft_matrix_wait(o->a, mode) : weft_scalar_wait(o->s, mode);
  });
  done(std::string("wait ") + o->name + (mode == WEFT_COMPLETE ? " complete" : " materialize"), s);
}

// A call that breaks an API rule: it must fail at once, the same way in both modes, and
// change nothing (but its output's error message).
void Program::o_api_error() {
  Obj *w = output(K_VEC), *u = input(K_VEC);
  Ctl c = control(w, false, false);
  switch (r_.below(7)) {
    case 0: {  // an input of a user-defined domain
      if (!user_vec_ || !user_vec_->live) break;
      done("api v_apply " + w->name + " = IDENTITY_FP64(" + user_vec_->name + ")",
           weft_vector_apply(w->v, vmask(c), acc(c), WEFT_IDENTITY_FP64, user_vec_->v, desc(c)));
      return;
    }
    case 1: {  // a valued mask of a user-defined domain
      if (!user_vec_ || !user_vec_->live) break;
      done("api v_apply " + w->name + "<" + user_vec_->name + "> = AINV_FP64(" + u->name + ")",
           weft_vector_apply(w->v, user_vec_->v, nullptr, WEFT_AINV_FP64, u->v, nullptr));
      return;
    }
    case 2: {  // an input of another size
      done("api v_ewise_add " + w->name + ctl_text(c) + " = PLUS_FP64(" + u->name + "," + wrong_vec_->name + ")",
           weft_vector_ewise_add(w->v, vmask(c), acc(c), WEFT_PLUS_FP64, u->v, wrong_vec_->v, desc(c)));
      return;
    }
    case 3: {  // an index outside the vector
      double x = 1;
      done(fmt("api set_element %s(%" PRId64 ")", w->name.c_str(), n_), weft_vector_set_element(w->v, n_, &x, WEFT_FP64));
      return;
    }
    case 4: {  // a repeated index in an assign's list
      if (n_ < 2) break;
      std::vector<int64_t> I = permutation(n_);
      I[0] = I[1];
      done("api v_assign " + w->name + ctl_text(c) + "(repeated index) = " + u->name,
           weft_vector_assign(w->v, vmask(c), acc(c), u->v, I.data(), n_, desc(c)));
      return;
    }
    case 5: {  // a matrix of another shape
      Obj *C = output(K_MAT);
      done("api m_ewise_mult " + C->name + " = TIMES_FP64(" + C->name + "," + wrong_mat_->name + ")",
           weft_matrix_ewise_mult(C->a, nullptr, nullptr, WEFT_TIMES_FP64, C->a, wrong_mat_->a, nullptr));
      return;
    }
    case 6: {  // a column outside the matrix
      Obj *A = input(K_MAT);
      done("api col_extract " + w->name + " = " + A->name + fmt("(ALL,%" PRId64 ")", nc_),
           weft_col_extract(w->v, nullptr, nullptr, A->a, WEFT_ALL, nr_, nc_, nullptr));
      return;
    }
  }
  double x = 0;  // the case drawn needs what this program lacks: a NULL handle instead
  done("api set_element NULL", weft_vector_set_element(nullptr, 0, &x, WEFT_FP64));
}

// An operation with a scalar operand that has no value: WEFT_EMPTY_OBJECT when it runs.
void Program::o_empty_operand() {
  if (!may_fail(WEFT_EMPTY_OBJECT)) return ewise<Vec>();
  Obj *e = new_scalar(random_dom(), false);
  switch (r_.below(3)) {
    case 0: {
      Obj *w = output(K_VEC), *u = input_or(w);
      Ctl c = control(w, false, false);
      seal(w, WEFT_EMPTY_OBJECT);
      done("v_apply_first " + w->name + ctl_text(c) + " = PLUS_FP64(" + e->name + "," + u->name + ")",
           weft_vector_apply_first(w->v, vmask(c), acc(c), WEFT_PLUS_FP64, e->s, u->v, desc(c)));
      return;
    }
    case 1: {
      Obj *w = output(K_VEC);
      Ctl c = control(w, false, false);
      seal(w, WEFT_EMPTY_OBJECT);
      done("v_assign_scalar " + w->name + ctl_text(c) + "(ALL) = " + e->name,
           weft_vector_assign_scalar(w->v, vmask(c), acc(c), e->s, WEFT_ALL, n_, desc(c)));
      return;
    }
    default: {
      Obj *C = output(K_MAT), *A = input_or(C);
      Ctl c = control(C, false, false);
      seal(C, WEFT_EMPTY_OBJECT);
      done("m_apply_second " + C->name + ctl_text(c) + " = MIN_FP64(" + A->name + "," + e->name + ")",
           weft_matrix_apply_second(C->a, mmask(c), acc(c), WEFT_MIN_FP64, A->a, e->s, desc(c)));
      return;
    }
  }
}

// A queued failure inside a chain of dependent calls on one vector w: an element-wise
// write of w (often fused with the next call), a plain overwrite of w (extract, or assign
// to a permutation) that fails with an index out of bounds, so w keeps the first write;
// then w reduced into a scalar that keeps a value, and that scalar the operand of a
// later call (which in nonblocking mode needs the scalar, so the failed overwrite runs
// inside it). Each step is an ordinary call of its kind, steered.
void Program::o_failure_chain() {
  if (!may_fail(WEFT_INDEX_OUT_OF_BOUNDS)) return ewise<Vec>();
  using Step = void (Program::*)();
  static const Step writes[] = {&Program::apply<Vec>, &Program::apply_bound<Vec>, &Program::ewise<Vec>,
                                &Program::select<Vec>, &Program::assign_scalar<Vec>};
  static const Step users[] = {&Program::apply_bound<Vec>, &Program::apply_index<Vec>, &Program::select<Vec>,
                               &Program::apply_bound<Mat>, &Program::ewise<Vec>};
  auto step = [&](Step f, bool first = false) {
    if (!first) ++opno_;
    (this->*f)();
  };
  Obj *w = output(K_VEC);
  want_out_[K_VEC] = w;
  step(writes[r_.below(5)], true);
  if (r_.chance(50)) step(writes[r_.below(5)]);
  want_out_[K_VEC] = w, want_fail_ = true, want_plain_ = r_.chance(70);
  step(r_.chance(50) ? &Program::extract<Vec> : &Program::assign<Vec>);
  want_in_[K_VEC] = w, want_kept_ = true;
  step(&Program::reduce_scalar_vec);
  want_operand_ = last_written_[K_SCAL];
  step(users[r_.below(5)]);
  // Whatever a step did not use is not carried to the next call.
  want_in_[K_VEC] = want_out_[K_VEC] = want_operand_ = nullptr;
  want_plain_ = want_fail_ = want_kept_ = false;
}

// In a one-structure program: 2-5 plain FP64 applies and ewise add/mult over vectors of
// one structure, each reading the one before (often a new vector each), some of them
// freed after their reader: a fused group of value tiles whose stages read what earlier
// stages wrote in the same chunk.
void Program::o_value_chain() {
  using Step = void (Program::*)();
  static const Step steps[] = {&Program::apply<Vec>, &Program::ewise<Vec>};
  Obj *prev = nullptr;
  const int64_t n = r_.range(2, 5);
  for (int64_t k = 0; k < n; ++k) {
    if (k) ++opno_;
    Obj *out = r_.chance(60) ? new_vector(D_FP64, n_, false) : nullptr;
    if (out) want_out_[K_VEC] = out;
    if (prev) want_in_[K_VEC] = prev;
    want_plain_ = true, want_value_op_ = true;
    (this->*steps[r_.below(2)])();
    Obj *w = last_written_[K_VEC];
    if (prev && prev != w && prev->live && !prev->sealed && !prev->odd && !prev->constant && r_.chance(40)) {
      ++opno_;  // freed after its reader
      done("free " + prev->name, WEFT_SUCCESS);
      free_object(prev);
    }
    prev = w;
  }
  want_in_[K_VEC] = want_out_[K_VEC] = nullptr;
  want_plain_ = want_value_op_ = false;
}

// A plain mxv or vxm into a new FP64 vector, then 1-4 vector operations reading what the
// one before wrote (any controls), the product's result freed after them half of the
// time: in nonblocking mode the product may start the group (its result computed tile by
// tile as the group reads it: Fuse::product), which the random weights alone never made.
void Program::o_product_chain() {
  if (!square_ || nr_ != n_) return apply<Vec>();
  Obj *w = new_vector(D_FP64, n_, false);
  want_out_[K_VEC] = w;
  want_plain_ = true;
  v_mxv();
  Obj *prev = last_written_[K_VEC];
  const int64_t n = r_.range(1, 4);
  for (int64_t k = 0; k < n; ++k) {
    ++opno_;
    want_in_[K_VEC] = prev;
    if (r_.chance(50)) apply<Vec>();
    else ewise<Vec>();
    prev = last_written_[K_VEC];
  }
  want_in_[K_VEC] = want_out_[K_VEC] = nullptr;
  if (w != prev && w->live && !w->sealed && !w->odd && !w->constant && r_.chance(50)) {
    ++opno_;
    done("free " + w->name, WEFT_SUCCESS);
    free_object(w);
  }
}

// 1-3 vector operations writing a new FP64 vector t (each after the first reading the
// one before; any controls, mostly FP64 operators with value loops), then a plain mxv or vxm into a new vector reading t (most of
// the time), t freed after it: in nonblocking mode the group may hand t to the product as
// dense arrays (when it pulls with a typed policy: Pending::dense_u) and t is never
// stored; otherwise t is stored and the product reads it.
void Program::o_sink_chain() {
  if (!square_ || nr_ != n_) return apply<Vec>();
  Obj *t = new_vector(D_FP64, n_, false), *prev = nullptr;
  const int64_t n = r_.range(1, 3);
  for (int64_t k = 0; k < n; ++k) {
    if (k) ++opno_;
    want_out_[K_VEC] = t;
    if (prev) want_in_[K_VEC] = prev;
    want_value_op_ = r_.chance(70);  // (operators with value loops: dense tiles)
    if (r_.chance(50)) apply<Vec>();
    else ewise<Vec>();
    want_value_op_ = false;
    prev = last_written_[K_VEC];
  }
  ++opno_;
  want_out_[K_VEC] = new_vector(D_FP64, n_, false);
  want_in_[K_VEC] = t;
  want_plain_ = true;
  v_mxv();
  want_in_[K_VEC] = want_out_[K_VEC] = nullptr;
  want_plain_ = false;
  if (t->live && !t->sealed && !t->odd && !t->constant) {
    ++opno_;
    done("free " + t->name, WEFT_SUCCESS);
    free_object(t);
  }
}

// ---- printing -----------------------------------------------------------------------

// Small objects entry by entry; large ones as nvals, a 64-bit hash of every entry (its
// indices and value bits) and their first and last entries (--full: every entry).
template <class Get>
void Program::print_entries(Obj *o, int64_t nvals, Get entry, const std::string &prefix) {
  const int64_t shown = 48, ends = 6;
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t x) { h = (h ^ x) * 1099511628211ull, h ^= h >> 29; };
  std::string text;
  for (int64_t k = 0; k < nvals; ++k) {
    bool show = opt_.full || nvals <= shown || k < ends || k >= nvals - ends;
    uint64_t i, j, bits;
    std::string e = entry(k, show, i, j, bits);
    mix(i), mix(j), mix(bits);
    if (show) text += " " + e;
    if (!opt_.full && nvals > shown && k == ends - 1) text += " ...";
  }
  std::string head = prefix + o->name + " " + dom_name(o->dom) + fmt(" nvals=%" PRId64, nvals);
  if (!opt_.full && nvals > shown) head += fmt(" hash=%016" PRIx64, h);
  line(head + ":" + text);
}

void Program::print_contents(Obj *o, const std::string &prefix) {
  int64_t nv = 0;
  weft_status s = again([&] {
    return o->kind == K_VEC ? weft_vector_nvals(o->v, &nv) : o->kind == K_MAT ? weft_matrix_nvals(o->a, &nv) : weft_scalar_nvals(o->s, &nv);
  });
  if (s != WEFT_SUCCESS) return line(prefix + o->name + " nvals: " + weft_status_name(s));
  size_t cap = size_t(std::max<int64_t>(nv, 1));
  std::vector<int64_t> I(cap), J(cap, 0), Y(cap);
  std::vector<double> X(cap);
  bool fp = o->dom == D_FP64, user = o->dom == D_USER;
  void *vals = user ? nullptr : fp ? static_cast<void *>(X.data()) : static_cast<void *>(Y.data());
  weft_type t = fp ? WEFT_FP64 : WEFT_INT64;
  int64_t got = nv;
  if (o->kind == K_VEC) s = again([&] { return weft_vector_extract_tuples(o->v, nv, I.data(), vals, t, &got); });
  else if (o->kind == K_MAT) s = again([&] { return weft_matrix_extract_tuples(o->a, nv, I.data(), J.data(), vals, t, &got); });
  else if (nv > 0) s = again([&] { return weft_scalar_extract_element(o->s, t, vals); });
  if (s != WEFT_SUCCESS || got != nv) return line(prefix + o->name + " extract: " + weft_status_name(s));
  bool mat = o->kind == K_MAT, scal = o->kind == K_SCAL;
  print_entries(o, nv, [&](int64_t k, bool show, uint64_t &i, uint64_t &j, uint64_t &bits) {
    i = uint64_t(I[size_t(k)]), j = uint64_t(J[size_t(k)]);
    if (fp) std::memcpy(&bits, &X[size_t(k)], sizeof bits);
    else bits = uint64_t(Y[size_t(k)]);
    if (!show) return std::string();
    std::string v = user ? "?" : value_text(o->dom, X[size_t(k)], Y[size_t(k)]);
    if (scal) return v;
    return mat ? fmt("%" PRId64 ",%" PRId64 ":", I[size_t(k)], J[size_t(k)]) + v : fmt("%" PRId64 ":", I[size_t(k)]) + v;
  }, prefix);
}

// ---- a program ----------------------------------------------------------------------

void Program::one_op() {
  ++opno_;
  if (one_structure_ && r_.chance(40)) return o_value_chain();
  if (r_.chance(6)) return o_product_chain();
  if (r_.chance(5)) return o_sink_chain();
  // Weights: element-wise work (what nonblocking mode fuses) most, then the operations it
  // runs whole, then the other calls.
  static const int weights[] = {
      6, 4, 4, 7, 5, 4, 3, 3, 4, 3, 3, 2,  // vector: apply .. reduce_rows
      4, 3, 3, 5, 3, 2, 2, 2, 2, 3, 2,     // matrix: apply .. transpose, reduce
      3, 2, 3, 3, 1, 2, 2, 2, 2, 2, 3, 3,  // dup .. empty operand, failure chain
  };
  int total = 0;
  for (int w : weights) total += w;
  int64_t k = r_.below(total), which = 0;
  while (k >= weights[which]) k -= weights[which++];
  switch (which) {
    case 0: return apply<Vec>();
    case 1: return apply_bound<Vec>();
    case 2: return apply_index<Vec>();
    case 3: return ewise<Vec>();
    case 4: return select<Vec>();
    case 5: return assign_scalar<Vec>();
    case 6: return assign<Vec>();
    case 7: return extract<Vec>();
    case 8: return reduce_scalar(K_VEC);
    case 9: return v_mxv();
    case 10: return v_col_extract();
    case 11: return v_reduce_matrix();
    case 12: return apply<Mat>();
    case 13: return apply_bound<Mat>();
    case 14: return apply_index<Mat>();
    case 15: return ewise<Mat>();
    case 16: return select<Mat>();
    case 17: return assign_scalar<Mat>();
    case 18: return assign<Mat>();
    case 19: return extract<Mat>();
    case 20: return m_mxm();
    case 21: return m_transpose();
    case 22: return reduce_scalar(K_MAT);
    case 23: return o_dup();
    case 24: return o_new();
    case 25: return o_free();
    case 26: return o_set_remove();
    case 27: return o_clear();
    case 28: return o_read_nvals();
    case 29: return o_read_element();
    case 30: return o_read_tuples();
    case 31: return o_wait();
    case 32: return o_api_error();
    case 33: return o_empty_operand();
    default: return o_failure_chain();
  }
}

// Prints every live object (the read runs whatever is still queued for it) and its error
// message, waits on it, then prints the execution errors the program saw and frees
// everything. The message is read before the wait: weft_*_wait, as any call with the
// object as its output, clears it when it succeeds, so after the wait every message
// would be "" and a message recorded on the wrong object, or not at all, would go unseen.
void Program::finish() {
  line("  end");
  for (auto &o : objs_) {
    if (!o->live) continue;
    print_contents(o.get(), "  ");
    const char *msg = nullptr;
    weft_status s = o->kind == K_VEC ? weft_vector_error(o->v, &msg)
                    : o->kind == K_MAT ? weft_matrix_error(o->a, &msg)
                                       : weft_scalar_error(o->s, &msg);
    if (s != WEFT_SUCCESS) line("    error: " + std::string(weft_status_name(s)));
    else if (msg && *msg) line("    message: " + std::string(msg));
    s = again([&] {
      return o->kind == K_VEC ? weft_vector_wait(o->v, WEFT_COMPLETE)
             : o->kind == K_MAT ? weft_matrix_wait(o->a, WEFT_COMPLETE)
                                : weft_scalar_wait(o->s, WEFT_COMPLETE);
    });
    if (s != WEFT_SUCCESS) line("    wait: " + std::string(weft_status_name(s)));
  }
  std::string errs = "  exec errors:";
  for (int e : exec_errors_) errs += std::string(" ") + weft_status_name(e);
  line(errs);
  for (auto &o : objs_)
    if (o->live) free_object(o.get());
}

void Program::run() {
  setup();
  // The misfits for API errors: a vector of another size, a matrix of another shape and
  // (sometimes) a vector of a user-defined domain, also used as a structural mask.
  wrong_vec_ = new_vector(D_FP64, n_ + 1, true), wrong_vec_->odd = true;
  wrong_mat_ = new_matrix(D_FP64, nr_ + 1, nc_, true), wrong_mat_->odd = true;
  if (r_.chance(30)) {
    user_vec_ = add(K_VEC, D_USER);
    user_vec_->odd = true, user_vec_->nrows = n_;
    weft_vector_new(g_user_type, n_, &user_vec_->v);
    std::vector<int64_t> I = permutation(n_);
    I.resize(size_t(std::min<int64_t>(n_, r_.below(20))));
    std::sort(I.begin(), I.end());
    std::vector<double> X(2 * I.size(), 0.5);
    weft_status s = I.empty() ? WEFT_SUCCESS
                              : weft_vector_build(user_vec_->v, I.data(), X.data(), g_user_type, int64_t(I.size()), nullptr);
    line(fmt("  new %s USER n=%" PRId64 " nvals=%zu", user_vec_->name.c_str(), n_, I.size()) +
         (s ? std::string(" -> ") + weft_status_name(s) : ""));
  }
  int64_t ops = r_.range(1, 12);
  for (int64_t k = 0; k < ops; ++k) one_op();
  finish();
}

Options parse(int argc, char **argv) {
  Options o;
  for (int k = 1; k < argc; ++k) {
    std::string a = argv[k];
    auto value = [&]() -> const char * {
      if (k + 1 >= argc) die("%s needs a value", a.c_str());
      return argv[++k];
    };
    if (a == "--mode") {
      std::string m = value();
      if (m != "blocking" && m != "nonblocking") die("--mode blocking|nonblocking, not %s", m.c_str());
      o.nonblocking = m == "nonblocking";
    } else if (a == "--programs") o.programs = std::atoll(value());
    else if (a == "--seed") o.seed = std::strtoull(value(), nullptr, 10);
    else if (a == "--first") o.first = std::atoll(value());
    else if (a == "--large") o.large_percent = std::atoi(value());
    else if (a == "--full") o.full = true;
    else die("usage: lazy_programs --mode blocking|nonblocking --programs N --seed S [--first P] [--large PERCENT] [--full]");
  }
  return o;
}

}  // namespace

int main(int argc, char **argv) {
  Options opt = parse(argc, argv);
  // Before any object exists (the mode is fixed for the process).
  weft_status s = weft_init(opt.nonblocking ? WEFT_NONBLOCKING : WEFT_BLOCKING);
  if (s != WEFT_SUCCESS) die("weft_init: %s", weft_status_name(s));
  if (weft_type_contiguous(2, WEFT_FP64, &g_user_type) != WEFT_SUCCESS || weft_type_commit(g_user_type) != WEFT_SUCCESS)
    die("cannot make the user-defined domain: %s", weft_last_error());

  std::string out;
  for (int64_t p = opt.first; p < opt.first + opt.programs; ++p) {
    // Each program its own stream, so --first P --programs 1 replays program P alone.
    Rng rng(Rng(opt.seed).next() ^ Rng(uint64_t(p) + 0x5851F42D4C957F2Dull).next());
    Program(rng, opt, p, out).run();
    std::fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
  }
  std::fflush(stdout);

#if LAZY_PROGRAMS_CHECK_STATS
  // Deferral must really have happened in nonblocking mode (else this test compares
  // blocking with itself), and never in blocking mode.
  int64_t deferred = -1;
  s = weft_get_stat(WEFT_STAT_DEFERRED, &deferred);
  if (s != WEFT_SUCCESS) die("weft_get_stat: %s", weft_status_name(s));
  if (opt.nonblocking ? deferred <= 0 : deferred != 0)
    die("%s mode: weft_get_stat(WEFT_STAT_DEFERRED) = %" PRId64, opt.nonblocking ? "nonblocking" : "blocking", deferred);
  // What the run exercised, for whoever reads the test's log (not in the transcript).
  int64_t groups = 0, fused = 0, skipped = 0;
  weft_get_stat(WEFT_STAT_FUSED_GROUPS, &groups);
  weft_get_stat(WEFT_STAT_FUSED_OPS, &fused);
  weft_get_stat(WEFT_STAT_SKIPPED, &skipped);
  std::fprintf(stderr, "lazy_programs %s: %" PRId64 " operations deferred, %" PRId64 " fused groups of %" PRId64
               " operations, %" PRId64 " results never written\n",
               opt.nonblocking ? "nonblocking" : "blocking", deferred, groups, fused, skipped);
#endif
  weft_type_free(&g_user_type);
  weft_finalize();
  return 0;
}
