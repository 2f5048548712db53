// graphblas_model.hpp — an independent, dense reference model of the GraphBLAS C API
// operations as weft/sparse.h and weft/algebra.h specify them, used as the oracle for
// weft's semiring engine (tests/c/test_sparse_model.cpp).
//
// This file never calls weft. Collections are dense arrays of optional values (n <= 64
// per dimension), every value carries its own domain code, and every rule is written
// literally from the specification's text (graphblas.md §1.9): compute T, accumulate Z
// (a union; lone entries of C or T are cast through accum's output domain), then mask
// and replace into C, casting into C's domain at the very end. Nothing is fast on
// purpose: it must be obviously right, as SuiteSparse's Test/GB_spec_*.m files are.
//
// Predefined operators are computed here by our own code from algebra.h's description
// (integer wrap-around, DIV by 0 -> 0, IEEE 754-2019 MIN/MAX, BOOL arithmetic); a
// user-defined operator is the same C function the test hands to weft.
#pragma once

#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace gbmodel {

// The domains: the 11 GraphBLAS types, one user-defined struct type, and ANY (the
// x domain of a positional index-unary operator: the value is never read).
enum class Code : int { BOOL, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64, FP32, FP64, UDT, ANY };
constexpr int kNumPredefined = 11;

inline const char *code_name(Code c) {
  static const char *names[] = {"BOOL",   "INT8",   "INT16", "INT32", "INT64", "UINT8", "UINT16",
                                "UINT32", "UINT64", "FP32",  "FP64",  "UDT",   "ANY"};
  return names[static_cast<int>(c)];
}
inline bool is_predefined(Code c) { return static_cast<int>(c) < kNumPredefined; }
inline bool is_float(Code c) { return c == Code::FP32 || c == Code::FP64; }
inline bool is_signed_int(Code c) { return c >= Code::INT8 && c <= Code::INT64; }
inline bool is_unsigned_int(Code c) { return c >= Code::UINT8 && c <= Code::UINT64; }
inline bool is_integer(Code c) { return is_signed_int(c) || is_unsigned_int(c); }
// GraphBLAS compatibility: any two predefined domains (cast by C rules); a user-defined
// one only with itself.
inline bool compatible(Code a, Code b) {
  if (a == Code::ANY || b == Code::ANY) return true;
  return (is_predefined(a) && is_predefined(b)) || a == b;
}

// The user-defined domain: weft_type_struct {int32 at 0, double at 8}, extent 16.
struct Udt {
  int32_t a;
  double b;
};
static_assert(sizeof(Udt) == 16, "Udt must match the struct type the test builds");

// One element with its domain. The bytes are the domain's C representation, so a
// value can be handed to weft or to a user function as is.
struct Value {
  Code t = Code::BOOL;
  alignas(8) unsigned char raw[16] = {};

  template <class T>
  T as() const {
    T x;
    std::memcpy(&x, raw, sizeof x);
    return x;
  }
  template <class T>
  static Value of(Code c, T x) {
    Value v;
    v.t = c;
    std::memcpy(v.raw, &x, sizeof x);
    return v;
  }
};

inline int64_t size_of(Code c) {
  static const int64_t s[] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8, 16, 0};
  return s[static_cast<int>(c)];
}

// Calls f with a default-constructed value of the C type of a predefined domain.
template <class F>
auto with_ctype(Code c, F &&f) {
  switch (c) {
    case Code::BOOL:
      return f(bool{});
    case Code::INT8:
      return f(int8_t{});
    case Code::INT16:
      return f(int16_t{});
    case Code::INT32:
      return f(int32_t{});
    case Code::INT64:
      return f(int64_t{});
    case Code::UINT8:
      return f(uint8_t{});
    case Code::UINT16:
      return f(uint16_t{});
    case Code::UINT32:
      return f(uint32_t{});
    case Code::UINT64:
      return f(uint64_t{});
    case Code::FP32:
      return f(float{});
    default:
      assert(c == Code::FP64);
      return f(double{});
  }
}

// A predefined value as one of three wide forms, so casts need one case per target.
struct Wide {
  enum Kind { S, U, F } kind;
  int64_t s;
  uint64_t u;
  double f;
};
inline Wide widen(const Value &v) {
  return with_ctype(v.t, [&](auto x) -> Wide {
    using T = decltype(x);
    T y = v.as<T>();
    if constexpr (std::is_same<T, bool>::value)
      return {Wide::U, 0, y ? 1u : 0u, 0};
    else if constexpr (std::is_floating_point<T>::value)
      return {Wide::F, 0, 0, static_cast<double>(y)};
    else if constexpr (std::is_signed<T>::value)
      return {Wide::S, static_cast<int64_t>(y), 0, 0};
    else
      return {Wide::U, 0, static_cast<uint64_t>(y), 0};
  });
}

// Casts by C's rules made total (algebra.h): to BOOL x != 0; integer to integer modulo
// 2^bits; floating to integer truncates toward zero, saturates, NaN -> 0.
inline Value cast(const Value &v, Code to) {
  if (v.t == to || to == Code::ANY) return v;
  assert(is_predefined(v.t) && is_predefined(to));
  Wide w = widen(v);
  return with_ctype(to, [&](auto zero) -> Value {
    using T = decltype(zero);
    T r;
    if constexpr (std::is_same<T, bool>::value) {
      r = w.kind == Wide::F ? (w.f != 0) : w.kind == Wide::S ? (w.s != 0) : (w.u != 0);
    } else if constexpr (std::is_floating_point<T>::value) {
      r = w.kind == Wide::F ? static_cast<T>(w.f) : w.kind == Wide::S ? static_cast<T>(w.s) : static_cast<T>(w.u);
    } else {
      if (w.kind == Wide::F) {
        double t = std::trunc(w.f);
        const double lo = static_cast<double>(std::numeric_limits<T>::min());
        const double hi = static_cast<double>(std::numeric_limits<T>::max());
        // hi may round up (2^63, 2^64): t >= hi then means "does not fit" exactly.
        if (std::isnan(t))
          r = 0;
        else if (t <= lo)
          r = std::numeric_limits<T>::min();
        else if (t >= hi)
          r = std::numeric_limits<T>::max();
        else
          r = static_cast<T>(t);
      } else {
        uint64_t bits = w.kind == Wide::S ? static_cast<uint64_t>(w.s) : w.u;
        r = static_cast<T>(bits);  // modulo 2^bits (C++20's rule, GCC's and Clang's always)
      }
    }
    return Value::of(to, r);
  });
}

// Equality for comparing results: NaN equals any NaN (payloads are not specified), -0
// differs from +0 (IEEE 754-2019 MIN/MAX order them; a sum is -0 only when every term
// is, whatever the order), a Udt by its fields (never its padding).
inline bool same(const Value &x, const Value &y) {
  if (x.t != y.t) return false;
  if (x.t == Code::UDT) {
    Udt a = x.as<Udt>(), b = y.as<Udt>();
    return a.a == b.a && (a.b == b.b || (std::isnan(a.b) && std::isnan(b.b)));
  }
  Wide a = widen(x), b = widen(y);
  if (a.kind == Wide::F)
    return (a.f == b.f && std::signbit(a.f) == std::signbit(b.f)) || (std::isnan(a.f) && std::isnan(b.f));
  return a.s == b.s && a.u == b.u;
}

inline std::string to_string(const Value &v) {
  std::ostringstream o;
  if (v.t == Code::UDT) {
    Udt u = v.as<Udt>();
    o << "{" << u.a << "," << u.b << "}";
  } else {
    Wide w = widen(v);
    if (w.kind == Wide::F)
      o << w.f;
    else if (w.kind == Wide::S)
      o << w.s;
    else
      o << w.u;
  }
  return o.str();
}

// ---- Operators --------------------------------------------------------------------
// Domains and a function; the model casts the arguments into x and y before calling.
struct UnaryOp {
  std::string name;
  Code z, x;
  std::function<Value(const Value &)> f;
};
struct BinaryOp {
  std::string name;
  Code z, x, y;
  std::function<Value(const Value &, const Value &)> f;
};
struct IndexOp {
  std::string name;
  Code z, x, s;  // x == ANY: positional (the value is not read)
  std::function<Value(const Value &, int64_t, int64_t, const Value &)> f;
};
// A monoid is its operator here: the model never needs the identity, since every rule
// that would use it (an empty sum) produces no entry instead.
struct Semiring {
  std::string name;
  BinaryOp add, mul;
};

namespace detail {

template <class T>
constexpr bool is_bool_v = std::is_same<T, bool>::value;

// Integer arithmetic modulo 2^bits, without signed overflow.
template <class T>
T wrap(uint64_t x) {
  return static_cast<T>(x);
}
template <class T>
uint64_t u64(T x) {
  return static_cast<uint64_t>(x);  // sign-extends a negative x modulo 2^64
}

template <class T>
T ieee_min(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<T>::quiet_NaN();
  if (x == y) return std::signbit(x) ? x : y;  // -0 < +0
  return x < y ? x : y;
}
template <class T>
T ieee_max(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<T>::quiet_NaN();
  if (x == y) return std::signbit(x) ? y : x;
  return x > y ? x : y;
}

// z = op(x, y) for a predefined binary operator on C type T (algebra.h's table).
template <class T>
Value binary_typed(const std::string &op, Code t, T x, T y) {
  auto r = [t](T v) { return Value::of(t, v); };
  auto b = [](bool v) { return Value::of(Code::BOOL, v); };
  if (op == "FIRST") return r(x);
  if (op == "SECOND") return r(y);
  if (op == "ONEB" || op == "PAIR") return r(static_cast<T>(1));
  if (op == "ANY") return r(x);  // only used where every candidate is equal
  if (op == "EQ") return b(x == y);
  if (op == "NE") return b(x != y);
  if (op == "GT") return b(x > y);
  if (op == "LT") return b(x < y);
  if (op == "GE") return b(x >= y);
  if (op == "LE") return b(x <= y);
  if constexpr (is_bool_v<T>) {
    if (op == "PLUS" || op == "MAX" || op == "LOR") return r(x || y);
    if (op == "TIMES" || op == "MIN" || op == "LAND") return r(x && y);
    if (op == "MINUS" || op == "LXOR") return r(x != y);
    if (op == "LXNOR" || op == "BXNOR") return r(x == y);
    if (op == "BOR") return r(x || y);
    if (op == "BAND") return r(x && y);
    if (op == "BXOR") return r(x != y);
    if (op == "DIV") return r(x);
  } else if constexpr (std::is_floating_point<T>::value) {
    if (op == "PLUS") return r(x + y);
    if (op == "MINUS") return r(x - y);
    if (op == "TIMES") return r(x * y);
    if (op == "DIV") return r(x / y);
    if (op == "MIN") return r(ieee_min(x, y));
    if (op == "MAX") return r(ieee_max(x, y));
  } else {
    if (op == "PLUS") return r(wrap<T>(u64(x) + u64(y)));
    if (op == "MINUS") return r(wrap<T>(u64(x) - u64(y)));
    if (op == "TIMES") return r(wrap<T>(u64(x) * u64(y)));
    if (op == "DIV") {
      if (y == 0) return r(0);
      if constexpr (std::is_signed<T>::value)
        if (x == std::numeric_limits<T>::min() && y == -1) return r(x);  // INT_MIN / -1 wraps
      return r(static_cast<T>(x / y));
    }
    if (op == "MIN") return r(x < y ? x : y);
    if (op == "MAX") return r(x > y ? x : y);
    if (op == "BOR") return r(static_cast<T>(x | y));
    if (op == "BAND") return r(static_cast<T>(x & y));
    if (op == "BXOR") return r(static_cast<T>(x ^ y));
    if (op == "BXNOR") return r(static_cast<T>(~(x ^ y)));
    // The monoid-only logical operators on integers give 0 or 1.
    if (op == "LOR") return r((x != 0) || (y != 0));
    if (op == "LAND") return r((x != 0) && (y != 0));
  }
  assert(false && "unknown predefined binary operator");
  return r(x);
}

template <class T>
Value unary_typed(const std::string &op, Code t, T x) {
  auto r = [t](T v) { return Value::of(t, v); };
  if (op == "IDENTITY") return r(x);
  if constexpr (is_bool_v<T>) {
    if (op == "ABS" || op == "AINV") return r(x);  // -true is true in C
    if (op == "LNOT") return r(!x);
  } else if constexpr (std::is_floating_point<T>::value) {
    if (op == "ABS") return r(std::fabs(x));
    if (op == "AINV") return r(-x);
    if (op == "MINV") return r(static_cast<T>(1) / x);
  } else {
    if (op == "ABS") {
      if constexpr (std::is_signed<T>::value) return r(x < 0 ? wrap<T>(0 - u64(x)) : x);  // |INT_MIN| is INT_MIN
      return r(x);
    }
    if (op == "AINV") return r(wrap<T>(0 - u64(x)));
    if (op == "BNOT") return r(static_cast<T>(~x));
  }
  assert(false && "unknown predefined unary operator");
  return r(x);
}

}  // namespace detail

// WEFT_<name>_<t> (t is BOOL for LOR, LAND, LXOR, LXNOR).
inline BinaryOp binary(const std::string &name, Code t) {
  static const char *const cmp[] = {"EQ", "NE", "GT", "LT", "GE", "LE"};
  Code z = t;
  for (const char *c : cmp)
    if (name == c) z = Code::BOOL;
  return {name + "_" + code_name(t), z, t, t, [name, t](const Value &x, const Value &y) {
            return with_ctype(t, [&](auto zero) {
              using T = decltype(zero);
              return detail::binary_typed<T>(name, t, x.as<T>(), y.as<T>());
            });
          }};
}

// The operator of WEFT_<name>_MONOID_<t>: LXOR/LXNOR are the BOOL operators, the integer
// LAND/LOR give 0 or 1, every other one is the binary operator of that name.
inline BinaryOp monoid(const std::string &name, Code t) {
  BinaryOp op = binary(name, t);
  op.name = name + "_MONOID_" + code_name(t);
  return op;
}

// WEFT_<add>_<mul>_SEMIRING_<t>.
inline Semiring semiring(const std::string &add, const std::string &mul, Code t) {
  return {add + "_" + mul + "_SEMIRING_" + code_name(t), monoid(add, t), binary(mul, t)};
}

inline UnaryOp unary(const std::string &name, Code t) {
  return {name + "_" + code_name(t), t, t, [name, t](const Value &x) {
            return with_ctype(t, [&](auto zero) {
              using T = decltype(zero);
              return detail::unary_typed<T>(name, t, x.as<T>());
            });
          }};
}

// Index-unary operators. Positional: WEFT_ROWINDEX/COLINDEX/DIAGINDEX_<INT32|INT64>
// (t is that type) and WEFT_TRIL ... WEFT_COLGT (t ignored, s is INT64); value tests
// WEFT_VALUE<cmp>_<t>.
inline IndexOp index_op(const std::string &name, Code t) {
  auto B = [](bool v) { return Value::of(Code::BOOL, v); };
  if (name == "ROWINDEX" || name == "COLINDEX" || name == "DIAGINDEX") {
    return {name + "_" + code_name(t), t, Code::ANY, t, [name, t](const Value &, int64_t i, int64_t j, const Value &s) {
              int64_t sv = t == Code::INT32 ? s.as<int32_t>() : s.as<int64_t>();
              int64_t r = name == "ROWINDEX" ? i + sv : name == "COLINDEX" ? j + sv : j - i + sv;
              return cast(Value::of(Code::INT64, r), t);
            }};
  }
  if (name.compare(0, 5, "VALUE") == 0) {
    BinaryOp cmp = binary(name.substr(5), t);
    return {name + "_" + code_name(t), Code::BOOL, t, t,
            [cmp](const Value &x, int64_t, int64_t, const Value &s) { return cmp.f(x, s); }};
  }
  return {name, Code::BOOL, Code::ANY, Code::INT64, [name, B](const Value &, int64_t i, int64_t j, const Value &sv) {
            int64_t s = sv.as<int64_t>();
            if (name == "TRIL") return B(j <= i + s);
            if (name == "TRIU") return B(j >= i + s);
            if (name == "DIAG") return B(j == i + s);
            if (name == "OFFDIAG") return B(j != i + s);
            if (name == "ROWLE") return B(i <= s);
            if (name == "ROWGT") return B(i > s);
            if (name == "COLLE") return B(j <= s);
            assert(name == "COLGT");
            return B(j > s);
          }};
}

// Operators backed by the user's C functions (the same ones weft is given).
using unary_fn = void (*)(void *, const void *);
using binary_fn = void (*)(void *, const void *, const void *);
using index_fn = void (*)(void *, const void *, int64_t, int64_t, const void *);
inline UnaryOp user_unary(const std::string &name, Code z, Code x, unary_fn fn) {
  return {name, z, x, [z, fn](const Value &a) {
            Value r;
            r.t = z;
            fn(r.raw, a.raw);
            return r;
          }};
}
inline BinaryOp user_binary(const std::string &name, Code z, Code x, Code y, binary_fn fn) {
  return {name, z, x, y, [z, fn](const Value &a, const Value &b) {
            Value r;
            r.t = z;
            fn(r.raw, a.raw, b.raw);
            return r;
          }};
}
inline IndexOp user_index(const std::string &name, Code z, Code x, Code s, index_fn fn) {
  return {name, z, x, s, [z, fn](const Value &a, int64_t i, int64_t j, const Value &sv) {
            Value r;
            r.t = z;
            fn(r.raw, a.raw, i, j, sv.raw);
            return r;
          }};
}

// ---- Collections ------------------------------------------------------------------
// A matrix (a vector is n x 1) of optional values. `t` is the nominal domain; each value
// keeps its own code, so an intermediate Z may hold values of several domains until
// the final cast into C.
struct Mat {
  int nr = 0, nc = 0;
  Code t = Code::BOOL;
  std::vector<char> has;
  std::vector<Value> v;

  Mat() = default;
  Mat(int r, int c, Code type)
      : nr(r), nc(c), t(type), has(static_cast<size_t>(r * c), 0), v(static_cast<size_t>(r * c)) {}
  size_t at(int i, int j) const { return static_cast<size_t>(i * nc + j); }
  bool present(int i, int j) const { return has[at(i, j)] != 0; }
  const Value &get(int i, int j) const { return v[at(i, j)]; }
  void set(int i, int j, const Value &x) {
    has[at(i, j)] = 1;
    v[at(i, j)] = x;
  }
  void clear(int i, int j) {
    has[at(i, j)] = 0;
    v[at(i, j)] = Value{};
  }
  int nvals() const {
    int n = 0;
    for (char h : has) n += h != 0;
    return n;
  }
};
using Scalar = std::optional<Value>;
using Mask = std::vector<char>;  // one flag per position of C

inline Mat transpose(const Mat &A) {
  Mat T(A.nc, A.nr, A.t);
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < A.nc; ++j)
      if (A.present(i, j)) T.set(j, i, A.get(i, j));
  return T;
}

// Every value cast into domain t.
inline Mat cast_all(const Mat &A, Code t) {
  Mat R(A.nr, A.nc, t);
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < A.nc; ++j)
      if (A.present(i, j)) R.set(i, j, cast(A.get(i, j), t));
  return R;
}

// ---- The shared output rule (sparse.h steps 3 and 4) ------------------------------
// M~: every position without a mask; with `structure` where M has an entry; else where
// M's entry cast to BOOL is true; `comp` complements.
inline Mask make_mask(const Mat *M, bool structure, bool comp, int nr, int nc) {
  Mask m(static_cast<size_t>(nr * nc), 1);
  if (M != nullptr) {
    assert(M->nr == nr && M->nc == nc);
    for (size_t p = 0; p < m.size(); ++p) m[p] = M->has[p] && (structure || cast(M->v[p], Code::BOOL).as<bool>());
  }
  if (comp)
    for (char &x : m) x = !x;
  return m;
}

// Z = T without accum; else the union of C and T: accum(c, t) where both exist (c cast
// to accum's x, t to its y), a lone c or t cast to accum's output domain.
inline Mat accumulate(const Mat &C, const BinaryOp *accum, const Mat &T) {
  if (accum == nullptr) return T;
  Mat Z(C.nr, C.nc, accum->z);
  for (size_t p = 0; p < Z.has.size(); ++p) {
    if (C.has[p] && T.has[p])
      Z.v[p] = accum->f(cast(C.v[p], accum->x), cast(T.v[p], accum->y));
    else if (C.has[p])
      Z.v[p] = cast(C.v[p], accum->z);
    else if (T.has[p])
      Z.v[p] = cast(T.v[p], accum->z);
    else
      continue;
    Z.has[p] = 1;
  }
  return Z;
}

// Inside the mask C becomes Z (cast to C's domain; entries absent from Z are deleted);
// outside it C keeps its entries, or loses them with replace.
inline void mask_replace(Mat &C, const Mask &m, bool replace, const Mat &Z) {
  for (size_t p = 0; p < C.has.size(); ++p) {
    if (m[p]) {
      C.has[p] = Z.has[p];
      C.v[p] = Z.has[p] ? cast(Z.v[p], C.t) : Value{};
    } else if (replace) {
      C.has[p] = 0;
      C.v[p] = Value{};
    }
  }
}

// The options of one call.
struct Out {
  const Mat *M = nullptr;  // the mask (nullptr: none)
  bool structure = false, comp = false, replace = false;
  const BinaryOp *accum = nullptr;
};

// C<M, replace> accum= T: the whole standard rule.
inline void write_back(Mat &C, const Out &o, const Mat &T) {
  assert(T.nr == C.nr && T.nc == C.nc);
  mask_replace(C, make_mask(o.M, o.structure, o.comp, C.nr, C.nc), o.replace, accumulate(C, o.accum, T));
}

// ---- Compute steps T (inputs already transposed as the descriptor says) -----------
// T(i,j) = add over k in ind(A(i,:)) ∩ ind(B(:,j)) of mul(A(i,k), B(k,j)); no k: no entry.
inline Mat mxm(const Semiring &s, const Mat &A, const Mat &B) {
  assert(A.nc == B.nr);
  Mat T(A.nr, B.nc, s.add.z);
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < B.nc; ++j)
      for (int k = 0; k < A.nc; ++k) {
        if (!A.present(i, k) || !B.present(k, j)) continue;
        Value prod = s.mul.f(cast(A.get(i, k), s.mul.x), cast(B.get(k, j), s.mul.y));
        prod = cast(prod, s.add.z);
        T.set(i, j, T.present(i, j) ? s.add.f(T.get(i, j), prod) : prod);
      }
  return T;
}

enum class Ewise { ADD, MULT, UNION };
// add: union, op on both, a lone entry cast to op's output (op not applied); mult:
// intersection; union: op everywhere, alpha/beta standing in for a missing a/b.
inline Mat ewise(Ewise kind, const BinaryOp &op, const Mat &A, const Mat &B, const Scalar &alpha = {},
                 const Scalar &beta = {}) {
  assert(A.nr == B.nr && A.nc == B.nc);
  Mat T(A.nr, A.nc, op.z);
  for (size_t p = 0; p < T.has.size(); ++p) {
    bool a = A.has[p], b = B.has[p];
    if (a && b)
      T.v[p] = op.f(cast(A.v[p], op.x), cast(B.v[p], op.y));
    else if (kind == Ewise::MULT || (!a && !b))
      continue;
    else if (kind == Ewise::ADD)
      T.v[p] = cast(a ? A.v[p] : B.v[p], op.z);
    else
      T.v[p] = op.f(cast(a ? A.v[p] : *alpha, op.x), cast(b ? B.v[p] : *beta, op.y));
    T.has[p] = 1;
  }
  return T;
}

inline Mat apply(const UnaryOp &op, const Mat &A) {
  Mat T(A.nr, A.nc, op.z);
  for (size_t p = 0; p < T.has.size(); ++p)
    if (A.has[p]) T.has[p] = 1, T.v[p] = op.f(cast(A.v[p], op.x));
  return T;
}
// op(x, a) (first) or op(a, y) (second).
inline Mat apply_bound(const BinaryOp &op, const Value &s, bool first, const Mat &A) {
  Mat T(A.nr, A.nc, op.z);
  for (size_t p = 0; p < T.has.size(); ++p)
    if (A.has[p]) {
      T.has[p] = 1;
      T.v[p] = first ? op.f(cast(s, op.x), cast(A.v[p], op.y)) : op.f(cast(A.v[p], op.x), cast(s, op.y));
    }
  return T;
}
// op(a, i, j, s) (a vector is n x 1: j = 0).
inline Mat apply_index(const IndexOp &op, const Mat &A, const Value &s) {
  Mat T(A.nr, A.nc, op.z);
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < A.nc; ++j)
      if (A.present(i, j)) T.set(i, j, op.f(cast(A.get(i, j), op.x), i, j, cast(s, op.s)));
  return T;
}
// The entries of A (values unchanged) where op(a, i, j, s) cast to BOOL is true.
inline Mat select(const IndexOp &op, const Mat &A, const Value &s) {
  Mat T(A.nr, A.nc, A.t);
  Mat keep = apply_index(op, A, s);
  for (size_t p = 0; p < T.has.size(); ++p)
    if (A.has[p] && cast(keep.v[p], Code::BOOL).as<bool>()) T.has[p] = 1, T.v[p] = A.v[p];
  return T;
}

// w(i) = the monoid sum of row i (an nr x 1 result; empty rows give no entry).
inline Mat reduce_rows(const BinaryOp &monoid, const Mat &A) {
  Mat T(A.nr, 1, monoid.z);
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < A.nc; ++j)
      if (A.present(i, j)) {
        Value x = cast(A.get(i, j), monoid.x);
        T.set(i, 0, T.present(i, 0) ? monoid.f(T.get(i, 0), x) : x);
      }
  return T;
}
// The sum of every entry, as a 1 x 1 T (no entries: an empty T).
inline Mat reduce_all(const BinaryOp &monoid, const Mat &A) {
  Mat T(1, 1, monoid.z);
  for (size_t p = 0; p < A.has.size(); ++p)
    if (A.has[p]) {
      Value x = cast(A.v[p], monoid.x);
      T.set(0, 0, T.present(0, 0) ? monoid.f(T.get(0, 0), x) : x);
    }
  return T;
}

// T(a, b) = A(I[a], J[b]) (repeats allowed).
inline Mat extract(const Mat &A, const std::vector<int> &I, const std::vector<int> &J) {
  Mat T(static_cast<int>(I.size()), static_cast<int>(J.size()), A.t);
  for (int a = 0; a < T.nr; ++a)
    for (int b = 0; b < T.nc; ++b)
      if (A.present(I[a], J[b])) T.set(a, b, A.get(I[a], J[b]));
  return T;
}

// Standard assign C(I, J)<M> accum= A (A ni x nj, the mask has C's shape): T places A at
// (I[a], J[b]); without accum Z is C with the region I x J replaced by T (positions of
// the region where A has no entry lose C's entry); with accum Z = accum(C, T) over their
// union; then the mask and replace act on all of C.
inline void assign(Mat &C, const Out &o, const Mat &A, const std::vector<int> &I, const std::vector<int> &J) {
  Mat T(C.nr, C.nc, A.t);
  std::vector<char> region(C.has.size(), 0);
  for (size_t a = 0; a < I.size(); ++a)
    for (size_t b = 0; b < J.size(); ++b) {
      region[C.at(I[a], J[b])] = 1;
      if (A.present(static_cast<int>(a), static_cast<int>(b)))
        T.set(I[a], J[b], A.get(static_cast<int>(a), static_cast<int>(b)));
    }
  Mat Z;
  if (o.accum != nullptr) {
    Z = accumulate(C, o.accum, T);
  } else {
    Z = C;
    for (size_t p = 0; p < Z.has.size(); ++p)
      if (region[p]) Z.has[p] = T.has[p], Z.v[p] = T.v[p];
  }
  mask_replace(C, make_mask(o.M, o.structure, o.comp, C.nr, C.nc), o.replace, Z);
}

// Every position of the region gets x (repeated indices name the same position).
inline Mat filled(int ni, int nj, const Value &x) {
  Mat A(ni, nj, x.t);
  for (int a = 0; a < ni; ++a)
    for (int b = 0; b < nj; ++b) A.set(a, b, x);
  return A;
}

// Subassign: S = C(I, J); S<M, replace> accum= A by the standard rule (the mask has the
// region's shape, replace clears only the region); S is written back into C(I, J).
inline void subassign(Mat &C, const Out &o, const Mat &A, const std::vector<int> &I, const std::vector<int> &J) {
  Mat S = extract(C, I, J);
  S.t = C.t;
  write_back(S, o, A);
  for (size_t a = 0; a < I.size(); ++a)
    for (size_t b = 0; b < J.size(); ++b) {
      int x = static_cast<int>(a), y = static_cast<int>(b);
      if (S.present(x, y))
        C.set(I[a], J[b], S.get(x, y));
      else
        C.clear(I[a], J[b]);
    }
}

// Row i / column j of C as a vector and back (row and column assign act on it only).
inline Mat column(const Mat &C, int j) {
  Mat v(C.nr, 1, C.t);
  for (int i = 0; i < C.nr; ++i)
    if (C.present(i, j)) v.set(i, 0, C.get(i, j));
  return v;
}
inline void set_column(Mat &C, int j, const Mat &v) {
  for (int i = 0; i < C.nr; ++i) {
    if (v.present(i, 0))
      C.set(i, j, v.get(i, 0));
    else
      C.clear(i, j);
  }
}

// T(i*mB + k, j*nB + l) = op(A(i,j), B(k,l)).
inline Mat kronecker(const BinaryOp &op, const Mat &A, const Mat &B) {
  Mat T(A.nr * B.nr, A.nc * B.nc, op.z);
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < A.nc; ++j)
      for (int k = 0; k < B.nr; ++k)
        for (int l = 0; l < B.nc; ++l)
          if (A.present(i, j) && B.present(k, l))
            T.set(i * B.nr + k, j * B.nc + l, op.f(cast(A.get(i, j), op.x), cast(B.get(k, l), op.y)));
  return T;
}

// Build: duplicates combined by dup in the order given. With dup every value is cast to
// dup's domain, combined there, and the results cast to t (weft/sparse.h); without dup
// each value is cast to t.
struct Tuple {
  int i, j;
  Value x;
};
inline Mat build(int nr, int nc, Code t, const std::vector<Tuple> &tuples, const BinaryOp *dup) {
  Mat C(nr, nc, t);
  for (const Tuple &e : tuples) {
    Value x = cast(e.x, dup != nullptr ? dup->z : t);
    if (C.present(e.i, e.j)) {
      assert(dup != nullptr);
      x = dup->f(C.get(e.i, e.j), x);
    }
    C.set(e.i, e.j, x);
  }
  return cast_all(C, t);
}

// diag(v, k): an (n+|k|) square matrix with C(i, i+k) = v(i) for k >= 0 and
// C(i-k, i) = v(i) for k < 0.
inline Mat diag(const Mat &v, int k) {
  int n = v.nr + (k < 0 ? -k : k);
  Mat C(n, n, v.t);
  for (int i = 0; i < v.nr; ++i)
    if (v.present(i, 0)) {
      if (k >= 0)
        C.set(i, i + k, v.get(i, 0));
      else
        C.set(i - k, i, v.get(i, 0));
    }
  return C;
}

// The first position where two collections differ, or "" (shape, then entry by entry,
// comparing values after casting both to `t`).
inline std::string first_difference(const Mat &expect, const Mat &got) {
  std::ostringstream o;
  if (expect.nr != got.nr || expect.nc != got.nc) {
    o << "shape: expected " << expect.nr << "x" << expect.nc << ", got " << got.nr << "x" << got.nc;
    return o.str();
  }
  for (int i = 0; i < expect.nr; ++i)
    for (int j = 0; j < expect.nc; ++j) {
      bool e = expect.present(i, j), g = got.present(i, j);
      if (!e && !g) continue;
      if (e && g && same(cast(expect.get(i, j), got.get(i, j).t), got.get(i, j))) continue;
      o << "at (" << i << "," << j << "): expected " << (e ? to_string(expect.get(i, j)) : "no entry") << ", got "
        << (g ? to_string(got.get(i, j)) : "no entry") << " (expected nvals " << expect.nvals() << ", got "
        << got.nvals() << ")";
      return o.str();
    }
  return "";
}

inline std::string to_string(const Mat &A) {
  std::ostringstream o;
  o << A.nr << "x" << A.nc << " " << code_name(A.t) << " {";
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < A.nc; ++j)
      if (A.present(i, j)) o << " (" << i << "," << j << ")=" << to_string(A.get(i, j));
  o << " }";
  return o.str();
}

}  // namespace gbmodel
