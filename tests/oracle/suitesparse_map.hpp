// suitesparse_map.hpp — what pairs weft with SuiteSparse:GraphBLAS in the differential test
// (suitesparse_diff.cpp): the 11 domains, a model of the C casts between them, the tables
// that map each weft predefined operator, monoid, semiring and descriptor to its
// SuiteSparse twin (plus a few user-defined operators, monoids and semirings made from the
// same C functions in both), and overloads over the type-suffixed GrB_ calls
// (GrB_Matrix_build_FP64 ...) so the test moves typed values through both libraries with
// one generic call.
//
// The tables are filled on first use, after main has started: both libraries export their
// predefined handles as global variables of shared libraries, and reading them from a
// static initializer of this program would depend on initialization order.
#ifndef WEFT_TESTS_ORACLE_SUITESPARSE_MAP_HPP
#define WEFT_TESTS_ORACLE_SUITESPARSE_MAP_HPP

// GraphBLAS.h has no extern "C" of its own and includes <complex> in C++ mode; <complex>
// must be seen first, outside the extern "C" block.
#include <complex>
extern "C" {
#include <GraphBLAS.h>
}
#include <weft.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace ssdiff {

// ---- Domains ---------------------------------------------------------------------------
// clang-format off
enum TypeId {
  T_BOOL, T_INT8, T_INT16, T_INT32, T_INT64, T_UINT8, T_UINT16, T_UINT32, T_UINT64, T_FP32, T_FP64, NTYPES
};
// clang-format on
enum Kind { K_BOOL, K_SIGNED, K_UNSIGNED, K_FLOAT };

// X(SUFFIX, ctype) in TypeId order.
// clang-format off
#define SSD_TYPES(X)                                                                              \
  X(BOOL, bool) X(INT8, int8_t) X(INT16, int16_t) X(INT32, int32_t) X(INT64, int64_t)             \
  X(UINT8, uint8_t) X(UINT16, uint16_t) X(UINT32, uint32_t) X(UINT64, uint64_t) X(FP32, float)    \
  X(FP64, double)
#define SSD_INT_TYPES(X)                                                                          \
  X(INT8, int8_t) X(INT16, int16_t) X(INT32, int32_t) X(INT64, int64_t)                           \
  X(UINT8, uint8_t) X(UINT16, uint16_t) X(UINT32, uint32_t) X(UINT64, uint64_t)
// clang-format on
#define SSD_NUM_TYPES(X) SSD_INT_TYPES(X) X(FP32, float) X(FP64, double)

struct TypeInfo {
  const char *name;
  Kind kind;
  size_t size;
  weft_type w;
  GrB_Type g;
};

inline const TypeInfo &type_info(int t) {
  static const std::vector<TypeInfo> table = [] {
    std::vector<TypeInfo> v;
    auto kind_of = [](const char *n) {
      if (!std::strcmp(n, "BOOL")) return K_BOOL;
      if (n[0] == 'I') return K_SIGNED;
      if (n[0] == 'U') return K_UNSIGNED;
      return K_FLOAT;
    };
#define SSD_TYPE_ROW_(T, C) v.push_back({#T, kind_of(#T), sizeof(C), WEFT_##T, GrB_##T});
    SSD_TYPES(SSD_TYPE_ROW_)
#undef SSD_TYPE_ROW_
    return v;
  }();
  return table.at(static_cast<size_t>(t));
}
inline const char *tname(int t) { return type_info(t).name; }
inline Kind tkind(int t) { return type_info(t).kind; }
inline size_t tsize(int t) { return type_info(t).size; }
inline bool is_float(int t) { return tkind(t) == K_FLOAT; }
inline bool is_int(int t) { return tkind(t) == K_SIGNED || tkind(t) == K_UNSIGNED; }

// Calls f with a value-initialized object of t's C type (a generic lambda picks its
// overloads from that).
template <class F>
decltype(auto) with_ctype(int t, F &&f) {
  switch (t) {
#define SSD_CASE_(T, C) \
  case T_##T:           \
    return f(C{});
    SSD_TYPES(SSD_CASE_)
#undef SSD_CASE_
  }
  std::abort();
}

// ---- The casts between domains --------------------------------------------------------
// One element read into a wide carrier; store() writes it to another domain by C's rules
// made total, as weft/algebra.h and SuiteSparse both define them: to BOOL x != 0; integer
// to integer modulo 2^bits; floating to integer truncated, saturated, NaN -> 0.
struct Num {
  Kind k = K_SIGNED;  // K_SIGNED uses i, K_UNSIGNED (and BOOL) u, K_FLOAT f
  int64_t i = 0;
  uint64_t u = 0;
  double f = 0;
};

inline Num num_signed(int64_t i) {
  Num n;
  n.k = K_SIGNED;
  n.i = i;
  return n;
}
inline Num num_unsigned(uint64_t u) {
  Num n;
  n.k = K_UNSIGNED;
  n.u = u;
  return n;
}
inline Num num_float(double f) {
  Num n;
  n.k = K_FLOAT;
  n.f = f;
  return n;
}

inline Num load(int t, const void *p) {
  return with_ctype(t, [&](auto z) -> Num {
    using C = decltype(z);
    if constexpr (std::is_same_v<C, bool>) {
      uint8_t b;
      std::memcpy(&b, p, 1);
      return num_unsigned(b != 0);
    } else {
      C x;
      std::memcpy(&x, p, sizeof x);
      if constexpr (std::is_floating_point_v<C>)
        return num_float(static_cast<double>(x));
      else if constexpr (std::is_signed_v<C>)
        return num_signed(static_cast<int64_t>(x));
      else
        return num_unsigned(static_cast<uint64_t>(x));
    }
  });
}

inline bool num_is_zero(const Num &n) { return n.k == K_FLOAT ? n.f == 0 : n.k == K_SIGNED ? n.i == 0 : n.u == 0; }

template <class I>
I saturate(double x) {
  if (std::isnan(x)) return 0;
  if (x <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (x >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(x);
}

inline void store(int t, void *p, const Num &n) {
  with_ctype(t, [&](auto z) {
    using C = decltype(z);
    C x;
    if constexpr (std::is_same_v<C, bool>) {
      x = !num_is_zero(n);
    } else if constexpr (std::is_floating_point_v<C>) {
      x = n.k == K_FLOAT ? static_cast<C>(n.f) : n.k == K_SIGNED ? static_cast<C>(n.i) : static_cast<C>(n.u);
    } else {
      // Integer to integer: modulo 2^bits (two's complement), as C++20 defines it and as
      // both libraries behave; floating: saturating.
      x = n.k == K_FLOAT ? saturate<C>(n.f) : n.k == K_SIGNED ? static_cast<C>(n.i) : static_cast<C>(n.u);
    }
    std::memcpy(p, &x, sizeof x);
  });
}

inline void cast_elem(int dt, void *d, int st, const void *s) { store(dt, d, load(st, s)); }

inline std::string elem_string(int t, const void *p) {
  Num n = load(t, p);
  char buf[64];
  if (t == T_BOOL) return n.u ? "true" : "false";
  if (n.k == K_FLOAT)
    std::snprintf(buf, sizeof buf, "%.17g", n.f);
  else if (n.k == K_SIGNED)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(n.i));
  else
    std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(n.u));
  return buf;
}

// ---- User-defined operators ------------------------------------------------------------
// The same C functions become user-defined operators in both libraries, so weft's generic
// (function-pointer) kernels meet SuiteSparse's: a plus and a times for a user monoid and
// semiring (INT64 wraps, through unsigned arithmetic), z = 2x - y (INT32; neither
// commutative nor associative, so the order of the operands shows), z = x*x + 1 (FP64) and
// the index test (i + 2j + s) % 3 == 0 on FP64 entries.
inline void user_plus_i64(void *z, const void *x, const void *y) {
  uint64_t a, b;
  std::memcpy(&a, x, 8), std::memcpy(&b, y, 8);
  a += b;
  std::memcpy(z, &a, 8);
}
inline void user_times_i64(void *z, const void *x, const void *y) {
  uint64_t a, b;
  std::memcpy(&a, x, 8), std::memcpy(&b, y, 8);
  a *= b;
  std::memcpy(z, &a, 8);
}
inline void user_plus_f64(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, 8), std::memcpy(&b, y, 8);
  a += b;
  std::memcpy(z, &a, 8);
}
inline void user_times_f64(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, 8), std::memcpy(&b, y, 8);
  a *= b;
  std::memcpy(z, &a, 8);
}
inline void user_lin_i32(void *z, const void *x, const void *y) {
  uint32_t a, b;
  std::memcpy(&a, x, 4), std::memcpy(&b, y, 4);
  a = 2 * a - b;
  std::memcpy(z, &a, 4);
}
inline void user_sq_f64(void *z, const void *x) {
  double a;
  std::memcpy(&a, x, 8);
  a = a * a + 1;
  std::memcpy(z, &a, 8);
}
inline bool user_mod3(uint64_t i, uint64_t j, const void *s) {
  int64_t t;
  std::memcpy(&t, s, 8);
  return ((static_cast<int64_t>(i + 2 * j) + t) % 3 + 3) % 3 == 0;
}
inline void user_mod3_weft(void *z, const void *, int64_t i, int64_t j, const void *s) {
  bool r = user_mod3(static_cast<uint64_t>(i), static_cast<uint64_t>(j), s);
  std::memcpy(z, &r, 1);
}
inline void user_mod3_ss(void *z, const void *, GrB_Index i, GrB_Index j, const void *s) {
  bool r = user_mod3(i, j, s);
  std::memcpy(z, &r, 1);
}

// ---- Operators ------------------------------------------------------------------------
// clang-format off
enum BinKind {
  B_FIRST, B_SECOND, B_ONEB, B_PAIR, B_ANY, B_MIN, B_MAX, B_PLUS, B_MINUS, B_TIMES, B_DIV, B_EQ, B_NE, B_GT,
  B_LT, B_GE, B_LE, B_BOR, B_BAND, B_BXOR, B_BXNOR, B_LOR, B_LAND, B_LXOR, B_LXNOR, B_USER_PLUS,
  B_USER_TIMES, B_USER_LIN, NBIN
};
// clang-format on
inline const char *bin_name(int k) {
  static const char *n[] = {"FIRST", "SECOND", "ONEB",  "PAIR",  "ANY",       "MIN",        "MAX",
                            "PLUS",  "MINUS",  "TIMES", "DIV",   "EQ",        "NE",         "GT",
                            "LT",    "GE",     "LE",    "BOR",   "BAND",      "BXOR",       "BXNOR",
                            "LOR",   "LAND",   "LXOR",  "LXNOR", "USER_PLUS", "USER_TIMES", "USER_LIN"};
  return n[k];
}
inline bool bin_is_compare(int k) { return k >= B_EQ && k <= B_LE; }

struct BinOp {
  int k;   // BinKind
  int t;   // the input domain (both inputs)
  int zt;  // the output domain
  weft_binary_op w;
  GrB_BinaryOp g;
  std::string name;
};

inline const std::vector<BinOp> &binops() {
  static const std::vector<BinOp> table = [] {
    std::vector<BinOp> v;
    auto add = [&](int k, int t, weft_binary_op w, GrB_BinaryOp g) {
      int zt = bin_is_compare(k) ? T_BOOL : t;
      v.push_back({k, t, zt, w, g, std::string(bin_name(k)) + "_" + tname(t)});
    };
#define SSD_BIN_ALL_(T, C)                               \
  add(B_FIRST, T_##T, WEFT_FIRST_##T, GrB_FIRST_##T);    \
  add(B_SECOND, T_##T, WEFT_SECOND_##T, GrB_SECOND_##T); \
  add(B_ONEB, T_##T, WEFT_ONEB_##T, GrB_ONEB_##T);       \
  add(B_PAIR, T_##T, WEFT_PAIR_##T, GxB_PAIR_##T);       \
  add(B_ANY, T_##T, WEFT_ANY_##T, GxB_ANY_##T);          \
  add(B_MIN, T_##T, WEFT_MIN_##T, GrB_MIN_##T);          \
  add(B_MAX, T_##T, WEFT_MAX_##T, GrB_MAX_##T);          \
  add(B_PLUS, T_##T, WEFT_PLUS_##T, GrB_PLUS_##T);       \
  add(B_MINUS, T_##T, WEFT_MINUS_##T, GrB_MINUS_##T);    \
  add(B_TIMES, T_##T, WEFT_TIMES_##T, GrB_TIMES_##T);    \
  add(B_DIV, T_##T, WEFT_DIV_##T, GrB_DIV_##T);          \
  add(B_EQ, T_##T, WEFT_EQ_##T, GrB_EQ_##T);             \
  add(B_NE, T_##T, WEFT_NE_##T, GrB_NE_##T);             \
  add(B_GT, T_##T, WEFT_GT_##T, GrB_GT_##T);             \
  add(B_LT, T_##T, WEFT_LT_##T, GrB_LT_##T);             \
  add(B_GE, T_##T, WEFT_GE_##T, GrB_GE_##T);             \
  add(B_LE, T_##T, WEFT_LE_##T, GrB_LE_##T);
    SSD_TYPES(SSD_BIN_ALL_)
#undef SSD_BIN_ALL_
#define SSD_BIN_INT_(T, C)                         \
  add(B_BOR, T_##T, WEFT_BOR_##T, GrB_BOR_##T);    \
  add(B_BAND, T_##T, WEFT_BAND_##T, GrB_BAND_##T); \
  add(B_BXOR, T_##T, WEFT_BXOR_##T, GrB_BXOR_##T); \
  add(B_BXNOR, T_##T, WEFT_BXNOR_##T, GrB_BXNOR_##T);
    SSD_INT_TYPES(SSD_BIN_INT_)
#undef SSD_BIN_INT_
    add(B_LOR, T_BOOL, WEFT_LOR, GrB_LOR);
    add(B_LAND, T_BOOL, WEFT_LAND, GrB_LAND);
    add(B_LXOR, T_BOOL, WEFT_LXOR, GrB_LXOR);
    add(B_LXNOR, T_BOOL, WEFT_LXNOR, GrB_LXNOR);
    // User-defined: created here, on first use (after GrB_init), and kept for the run.
    auto user = [&](int k, int t, weft_binary_fn f) {
      weft_binary_op w = nullptr;
      GrB_BinaryOp g = nullptr;
      weft_type wt = type_info(t).w;
      GrB_Type gt = type_info(t).g;
      if (weft_binary_op_new(f, wt, wt, wt, &w) != WEFT_SUCCESS || GrB_BinaryOp_new(&g, f, gt, gt, gt) != GrB_SUCCESS) {
        std::fprintf(stderr, "cannot create the user-defined operator %s\n", bin_name(k));
        std::abort();
      }
      add(k, t, w, g);
    };
    user(B_USER_PLUS, T_INT64, user_plus_i64);
    user(B_USER_TIMES, T_INT64, user_times_i64);
    user(B_USER_PLUS, T_FP64, user_plus_f64);
    user(B_USER_TIMES, T_FP64, user_times_f64);
    user(B_USER_LIN, T_INT32, user_lin_i32);
    return v;
  }();
  return table;
}

inline const BinOp *find_binop(int k, int t) {
  for (const BinOp &b : binops())
    if (b.k == k && b.t == t) return &b;
  return nullptr;
}

enum UnKind { U_IDENTITY, U_ABS, U_AINV, U_MINV, U_LNOT, U_BNOT, U_USER_SQ };
struct UnOp {
  int k;
  int t;  // input and output domain
  weft_unary_op w;
  GrB_UnaryOp g;
  std::string name;
};

inline const std::vector<UnOp> &unops() {
  static const std::vector<UnOp> table = [] {
    std::vector<UnOp> v;
#define SSD_UN_ALL_(T, C)                                                                \
  v.push_back({U_IDENTITY, T_##T, WEFT_IDENTITY_##T, GrB_IDENTITY_##T, "IDENTITY_" #T}); \
  v.push_back({U_ABS, T_##T, WEFT_ABS_##T, GrB_ABS_##T, "ABS_" #T});                     \
  v.push_back({U_AINV, T_##T, WEFT_AINV_##T, GrB_AINV_##T, "AINV_" #T});
    SSD_TYPES(SSD_UN_ALL_)
#undef SSD_UN_ALL_
#define SSD_UN_INT_(T, C) v.push_back({U_BNOT, T_##T, WEFT_BNOT_##T, GrB_BNOT_##T, "BNOT_" #T});
    SSD_INT_TYPES(SSD_UN_INT_)
#undef SSD_UN_INT_
    v.push_back({U_MINV, T_FP32, WEFT_MINV_FP32, GrB_MINV_FP32, "MINV_FP32"});
    v.push_back({U_MINV, T_FP64, WEFT_MINV_FP64, GrB_MINV_FP64, "MINV_FP64"});
    v.push_back({U_LNOT, T_BOOL, WEFT_LNOT, GrB_LNOT, "LNOT"});
    weft_unary_op w = nullptr;
    GrB_UnaryOp g = nullptr;
    if (weft_unary_op_new(user_sq_f64, WEFT_FP64, WEFT_FP64, &w) != WEFT_SUCCESS ||
        GrB_UnaryOp_new(&g, user_sq_f64, GrB_FP64, GrB_FP64) != GrB_SUCCESS) {
      std::fprintf(stderr, "cannot create the user-defined unary operator\n");
      std::abort();
    }
    v.push_back({U_USER_SQ, T_FP64, w, g, "USER_SQ_FP64"});
    return v;
  }();
  return table;
}

// Index-unary operators. The positional ones (TRIL .. COLGT) read no value: t is -1.
// clang-format off
enum IdxKind {
  I_ROWINDEX, I_COLINDEX, I_DIAGINDEX, I_TRIL, I_TRIU, I_DIAG, I_OFFDIAG, I_ROWLE, I_ROWGT, I_COLLE, I_COLGT,
  I_VALUEEQ, I_VALUENE, I_VALUELT, I_VALUELE, I_VALUEGT, I_VALUEGE, I_USER_MOD3
};
// clang-format on
struct IdxOp {
  int k;
  int t;       // value domain (-1: any)
  int thunkt;  // thunk domain
  int zt;      // output domain
  weft_index_unary_op w;
  GrB_IndexUnaryOp g;
  std::string name;
};

inline const std::vector<IdxOp> &idxops() {
  static const std::vector<IdxOp> table = [] {
    std::vector<IdxOp> v;
// clang-format off
#define SSD_IDX_INDEX_(K, T) v.push_back({I_##K, -1, T_##T, T_##T, WEFT_##K##_##T, GrB_##K##_##T, #K "_" #T})
    SSD_IDX_INDEX_(ROWINDEX, INT32);  SSD_IDX_INDEX_(ROWINDEX, INT64);
    SSD_IDX_INDEX_(COLINDEX, INT32);  SSD_IDX_INDEX_(COLINDEX, INT64);
    SSD_IDX_INDEX_(DIAGINDEX, INT32); SSD_IDX_INDEX_(DIAGINDEX, INT64);
#undef SSD_IDX_INDEX_
#define SSD_IDX_POS_(K) v.push_back({I_##K, -1, T_INT64, T_BOOL, WEFT_##K, GrB_##K, #K})
    SSD_IDX_POS_(TRIL);  SSD_IDX_POS_(TRIU);  SSD_IDX_POS_(DIAG);  SSD_IDX_POS_(OFFDIAG);
    SSD_IDX_POS_(ROWLE); SSD_IDX_POS_(ROWGT); SSD_IDX_POS_(COLLE); SSD_IDX_POS_(COLGT);
#undef SSD_IDX_POS_
#define SSD_IDX_VALUE_(T, C)                                                                        \
  v.push_back({I_VALUEEQ, T_##T, T_##T, T_BOOL, WEFT_VALUEEQ_##T, GrB_VALUEEQ_##T, "VALUEEQ_" #T}); \
  v.push_back({I_VALUENE, T_##T, T_##T, T_BOOL, WEFT_VALUENE_##T, GrB_VALUENE_##T, "VALUENE_" #T}); \
  v.push_back({I_VALUELT, T_##T, T_##T, T_BOOL, WEFT_VALUELT_##T, GrB_VALUELT_##T, "VALUELT_" #T}); \
  v.push_back({I_VALUELE, T_##T, T_##T, T_BOOL, WEFT_VALUELE_##T, GrB_VALUELE_##T, "VALUELE_" #T}); \
  v.push_back({I_VALUEGT, T_##T, T_##T, T_BOOL, WEFT_VALUEGT_##T, GrB_VALUEGT_##T, "VALUEGT_" #T}); \
  v.push_back({I_VALUEGE, T_##T, T_##T, T_BOOL, WEFT_VALUEGE_##T, GrB_VALUEGE_##T, "VALUEGE_" #T});
    SSD_TYPES(SSD_IDX_VALUE_)
#undef SSD_IDX_VALUE_
    // clang-format on
    weft_index_unary_op w = nullptr;
    GrB_IndexUnaryOp g = nullptr;
    if (weft_index_unary_op_new(user_mod3_weft, WEFT_BOOL, WEFT_FP64, WEFT_INT64, &w) != WEFT_SUCCESS ||
        GrB_IndexUnaryOp_new(&g, user_mod3_ss, GrB_BOOL, GrB_FP64, GrB_INT64) != GrB_SUCCESS) {
      std::fprintf(stderr, "cannot create the user-defined index-unary operator\n");
      std::abort();
    }
    v.push_back({I_USER_MOD3, T_FP64, T_INT64, T_BOOL, w, g, "USER_MOD3"});
    return v;
  }();
  return table;
}

// ---- Monoids and semirings ------------------------------------------------------------
// clang-format off
enum MonKind {
  M_PLUS, M_TIMES, M_MIN, M_MAX, M_LOR, M_LAND, M_LXOR, M_LXNOR, M_ANY, M_BOR, M_BAND, M_BXOR, M_BXNOR,
  M_USER_PLUS
};
// clang-format on
// The binary operator of a monoid kind.
inline int monoid_op(int mk) {
  static const int ops[] = {B_PLUS,  B_TIMES, B_MIN, B_MAX,  B_LOR,  B_LAND,  B_LXOR,
                            B_LXNOR, B_ANY,   B_BOR, B_BAND, B_BXOR, B_BXNOR, B_USER_PLUS};
  return ops[mk];
}
struct Monoid {
  int k;
  int t;
  weft_monoid w;
  GrB_Monoid g;
  std::string name;
};

inline const std::vector<Monoid> &monoids() {
  static const std::vector<Monoid> table = [] {
    std::vector<Monoid> v;
#define SSD_MON_NUM_(T, C)                                                                        \
  v.push_back({M_PLUS, T_##T, WEFT_PLUS_MONOID_##T, GrB_PLUS_MONOID_##T, "PLUS_MONOID_" #T});     \
  v.push_back({M_TIMES, T_##T, WEFT_TIMES_MONOID_##T, GrB_TIMES_MONOID_##T, "TIMES_MONOID_" #T}); \
  v.push_back({M_MIN, T_##T, WEFT_MIN_MONOID_##T, GrB_MIN_MONOID_##T, "MIN_MONOID_" #T});         \
  v.push_back({M_MAX, T_##T, WEFT_MAX_MONOID_##T, GrB_MAX_MONOID_##T, "MAX_MONOID_" #T});
    SSD_NUM_TYPES(SSD_MON_NUM_)
#undef SSD_MON_NUM_
#define SSD_MON_ANY_(T, C) v.push_back({M_ANY, T_##T, WEFT_ANY_MONOID_##T, GxB_ANY_##T##_MONOID, "ANY_MONOID_" #T});
    SSD_TYPES(SSD_MON_ANY_)
#undef SSD_MON_ANY_
    v.push_back({M_LOR, T_BOOL, WEFT_LOR_MONOID_BOOL, GrB_LOR_MONOID_BOOL, "LOR_MONOID_BOOL"});
    v.push_back({M_LAND, T_BOOL, WEFT_LAND_MONOID_BOOL, GrB_LAND_MONOID_BOOL, "LAND_MONOID_BOOL"});
    v.push_back({M_LXOR, T_BOOL, WEFT_LXOR_MONOID_BOOL, GrB_LXOR_MONOID_BOOL, "LXOR_MONOID_BOOL"});
    v.push_back({M_LXNOR, T_BOOL, WEFT_LXNOR_MONOID_BOOL, GrB_LXNOR_MONOID_BOOL, "LXNOR_MONOID_BOOL"});
    // SuiteSparse has the bitwise monoids on the unsigned types only.
// clang-format off
#define SSD_MON_BIT_(T)                                                                         \
  v.push_back({M_BOR, T_##T, WEFT_BOR_MONOID_##T, GxB_BOR_##T##_MONOID, "BOR_MONOID_" #T});     \
  v.push_back({M_BAND, T_##T, WEFT_BAND_MONOID_##T, GxB_BAND_##T##_MONOID, "BAND_MONOID_" #T}); \
  v.push_back({M_BXOR, T_##T, WEFT_BXOR_MONOID_##T, GxB_BXOR_##T##_MONOID, "BXOR_MONOID_" #T}); \
  v.push_back({M_BXNOR, T_##T, WEFT_BXNOR_MONOID_##T, GxB_BXNOR_##T##_MONOID, "BXNOR_MONOID_" #T})
    SSD_MON_BIT_(UINT8); SSD_MON_BIT_(UINT16); SSD_MON_BIT_(UINT32); SSD_MON_BIT_(UINT64);
#undef SSD_MON_BIT_
    // clang-format on
    for (int t : {T_INT64, T_FP64}) {  // user-defined: the user plus with identity 0
      const BinOp *op = find_binop(B_USER_PLUS, t);
      weft_monoid w = nullptr;
      GrB_Monoid g = nullptr;
      int64_t zi = 0;
      double zf = 0;
      weft_status ws = weft_monoid_new(op->w, t == T_INT64 ? static_cast<const void *>(&zi) : &zf, &w);
      GrB_Info gs = t == T_INT64 ? GrB_Monoid_new_INT64(&g, op->g, zi) : GrB_Monoid_new_FP64(&g, op->g, zf);
      if (ws != WEFT_SUCCESS || gs != GrB_SUCCESS) {
        std::fprintf(stderr, "cannot create the user-defined monoid\n");
        std::abort();
      }
      v.push_back({M_USER_PLUS, t, w, g, std::string("USER_PLUS_MONOID_") + tname(t)});
    }
    return v;
  }();
  return table;
}

struct Semiring {
  int add;   // MonKind of the addition
  int mult;  // BinKind of the multiplication
  int t;
  weft_semiring w;
  GrB_Semiring g;
  std::string name;
};

inline const std::vector<Semiring> &semirings() {
  static const std::vector<Semiring> table = [] {
    std::vector<Semiring> v;
// clang-format off
#define SSD_SR_(A, M, T, G) v.push_back({M_##A, B_##M, T_##T, WEFT_##A##_##M##_SEMIRING_##T, G, #A "_" #M "_" #T});
#define SSD_SR_NUM_(T, C)                                                                                 \
  SSD_SR_(PLUS, TIMES, T, GrB_PLUS_TIMES_SEMIRING_##T) SSD_SR_(MIN, PLUS, T, GrB_MIN_PLUS_SEMIRING_##T)   \
  SSD_SR_(MAX, PLUS, T, GrB_MAX_PLUS_SEMIRING_##T) SSD_SR_(MIN, TIMES, T, GrB_MIN_TIMES_SEMIRING_##T)     \
  SSD_SR_(MIN, MAX, T, GrB_MIN_MAX_SEMIRING_##T) SSD_SR_(MAX, MIN, T, GrB_MAX_MIN_SEMIRING_##T)           \
  SSD_SR_(MAX, TIMES, T, GrB_MAX_TIMES_SEMIRING_##T) SSD_SR_(PLUS, MIN, T, GrB_PLUS_MIN_SEMIRING_##T)     \
  SSD_SR_(MIN, FIRST, T, GrB_MIN_FIRST_SEMIRING_##T) SSD_SR_(MIN, SECOND, T, GrB_MIN_SECOND_SEMIRING_##T) \
  SSD_SR_(MAX, FIRST, T, GrB_MAX_FIRST_SEMIRING_##T) SSD_SR_(MAX, SECOND, T, GrB_MAX_SECOND_SEMIRING_##T) \
  SSD_SR_(PLUS, PAIR, T, GxB_PLUS_PAIR_##T) SSD_SR_(PLUS, FIRST, T, GxB_PLUS_FIRST_##T)                   \
  SSD_SR_(PLUS, SECOND, T, GxB_PLUS_SECOND_##T)
    SSD_NUM_TYPES(SSD_SR_NUM_)
#undef SSD_SR_NUM_
#define SSD_SR_ALL_(T, C)                                                               \
  SSD_SR_(ANY, PAIR, T, GxB_ANY_PAIR_##T) SSD_SR_(ANY, FIRST, T, GxB_ANY_FIRST_##T)     \
  SSD_SR_(ANY, SECOND, T, GxB_ANY_SECOND_##T)
    SSD_TYPES(SSD_SR_ALL_)
#undef SSD_SR_ALL_
    SSD_SR_(LOR, LAND, BOOL, GrB_LOR_LAND_SEMIRING_BOOL)
    SSD_SR_(LAND, LOR, BOOL, GrB_LAND_LOR_SEMIRING_BOOL)
    SSD_SR_(LXOR, LAND, BOOL, GrB_LXOR_LAND_SEMIRING_BOOL)
    SSD_SR_(LXNOR, LOR, BOOL, GrB_LXNOR_LOR_SEMIRING_BOOL)
    SSD_SR_(LOR, PAIR, BOOL, GxB_LOR_PAIR_BOOL)
#undef SSD_SR_
    // clang-format on
    for (const Monoid &m : monoids()) {  // user-defined: user plus and user times
      if (m.k != M_USER_PLUS) continue;
      const BinOp *times = find_binop(B_USER_TIMES, m.t);
      weft_semiring w = nullptr;
      GrB_Semiring g = nullptr;
      if (weft_semiring_new(m.w, times->w, &w) != WEFT_SUCCESS || GrB_Semiring_new(&g, m.g, times->g) != GrB_SUCCESS) {
        std::fprintf(stderr, "cannot create the user-defined semiring\n");
        std::abort();
      }
      v.push_back({M_USER_PLUS, B_USER_TIMES, m.t, w, g, std::string("USER_PLUS_USER_TIMES_") + tname(m.t)});
    }
    return v;
  }();
  return table;
}

// Frees the user-defined objects of the tables in both libraries (at the end of the run,
// before GrB_finalize; the tables are not used afterwards).
inline void free_user_objects() {
  for (const Semiring &x : semirings())
    if (x.add == M_USER_PLUS) {
      weft_semiring w = x.w;
      GrB_Semiring g = x.g;
      weft_semiring_free(&w), GrB_Semiring_free(&g);
    }
  for (const Monoid &x : monoids())
    if (x.k == M_USER_PLUS) {
      weft_monoid w = x.w;
      GrB_Monoid g = x.g;
      weft_monoid_free(&w), GrB_Monoid_free(&g);
    }
  for (const BinOp &x : binops())
    if (x.k >= B_USER_PLUS) {
      weft_binary_op w = x.w;
      GrB_BinaryOp g = x.g;
      weft_binary_op_free(&w), GrB_BinaryOp_free(&g);
    }
  for (const UnOp &x : unops())
    if (x.k == U_USER_SQ) {
      weft_unary_op w = x.w;
      GrB_UnaryOp g = x.g;
      weft_unary_op_free(&w), GrB_UnaryOp_free(&g);
    }
  for (const IdxOp &x : idxops())
    if (x.k == I_USER_MOD3) {
      weft_index_unary_op w = x.w;
      GrB_IndexUnaryOp g = x.g;
      weft_index_unary_op_free(&w), GrB_IndexUnaryOp_free(&g);
    }
}

// ---- Descriptors ------------------------------------------------------------------------
struct PreDesc {
  std::string name;
  bool replace, structure, comp, tran0, tran1;
  weft_descriptor w;
  GrB_Descriptor g;
};

inline const std::vector<PreDesc> &predefined_descriptors() {
  static const std::vector<PreDesc> table = [] {
    std::vector<PreDesc> v;
    auto add = [&](const char *n, weft_descriptor w, GrB_Descriptor g) {
      std::string s = n;
      auto has = [&](const char *x) { return s.find(x) != std::string::npos; };
      v.push_back({s, has("R"), has("S"), has("C"), has("T0"), has("T1"), w, g});
    };
#define SSD_DESC_(N) add(#N, WEFT_DESC_##N, GrB_DESC_##N);
    WEFT_PREDEFINED_DESCRIPTORS(SSD_DESC_)
#undef SSD_DESC_
    return v;
  }();
  return table;
}

// ---- Overloads over SuiteSparse's type-suffixed calls -----------------------------------
#define SSD_SS_OVERLOADS_(T, C)                                                                                       \
  inline GrB_Info ss_build(GrB_Matrix A, const GrB_Index *I, const GrB_Index *J, const C *X, GrB_Index n,             \
                           GrB_BinaryOp dup) {                                                                        \
    return GrB_Matrix_build_##T(A, I, J, X, n, dup);                                                                  \
  }                                                                                                                   \
  inline GrB_Info ss_build(GrB_Vector v, const GrB_Index *I, const C *X, GrB_Index n, GrB_BinaryOp dup) {             \
    return GrB_Vector_build_##T(v, I, X, n, dup);                                                                     \
  }                                                                                                                   \
  inline GrB_Info ss_tuples(GrB_Index *I, GrB_Index *J, C *X, GrB_Index *n, GrB_Matrix A) {                           \
    return GrB_Matrix_extractTuples_##T(I, J, X, n, A);                                                               \
  }                                                                                                                   \
  inline GrB_Info ss_tuples(GrB_Index *I, C *X, GrB_Index *n, GrB_Vector v) {                                         \
    return GrB_Vector_extractTuples_##T(I, X, n, v);                                                                  \
  }                                                                                                                   \
  inline GrB_Info ss_set(GrB_Matrix A, C x, GrB_Index i, GrB_Index j) {                                               \
    return GrB_Matrix_setElement_##T(A, x, i, j);                                                                     \
  }                                                                                                                   \
  inline GrB_Info ss_set(GrB_Vector v, C x, GrB_Index i) { return GrB_Vector_setElement_##T(v, x, i); }               \
  inline GrB_Info ss_set(GrB_Scalar s, C x) { return GrB_Scalar_setElement_##T(s, x); }                               \
  inline GrB_Info ss_get(C *x, GrB_Matrix A, GrB_Index i, GrB_Index j) {                                              \
    return GrB_Matrix_extractElement_##T(x, A, i, j);                                                                 \
  }                                                                                                                   \
  inline GrB_Info ss_get(C *x, GrB_Vector v, GrB_Index i) { return GrB_Vector_extractElement_##T(x, v, i); }          \
  inline GrB_Info ss_get(C *x, GrB_Scalar s) { return GrB_Scalar_extractElement_##T(x, s); }                          \
  inline GrB_Info ss_import(GrB_Matrix *A, GrB_Type type, GrB_Index nr, GrB_Index nc, const GrB_Index *p,             \
                            const GrB_Index *i, const C *x, GrB_Index np, GrB_Index ni, GrB_Index nx, GrB_Format f) { \
    return GrB_Matrix_import_##T(A, type, nr, nc, p, i, x, np, ni, nx, f);                                            \
  }                                                                                                                   \
  inline GrB_Info ss_export(GrB_Index *p, GrB_Index *i, C *x, GrB_Index *np, GrB_Index *ni, GrB_Index *nx,            \
                            GrB_Format f, GrB_Matrix A) {                                                             \
    return GrB_Matrix_export_##T(p, i, x, np, ni, nx, f, A);                                                          \
  }
SSD_TYPES(SSD_SS_OVERLOADS_)
#undef SSD_SS_OVERLOADS_

}  // namespace ssdiff

#endif
