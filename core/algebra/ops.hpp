// What the predefined operators compute: the domain codes with their C types, the
// opcodes, and one typed functor per opcode (the monoid ones with their identity and
// terminal), plus the adapters that turn a functor into the C function of an operator
// object. The one definition of what PLUS, MIN, TRIL ... mean (architecture review §3.3):
// operator tables, monoid tables, kernels and the global indexer's bulk reductions all
// instantiate these. Header-only and free of libweft's internals, so libweft_mpi may
// include it (tests/layering).
#pragma once
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

namespace weft {

// ---- Domains ------------------------------------------------------------------------
// The predefined domains: X(Code name, C type, the predefined type (BasicId) that names
// it). The names are weft/algebra.h's type suffixes, so a public X-list entry X(OP, INT8)
// finds Code::INT8 and ctype_t<Code::INT8> by its own token. Everything that needs "the C
// type of INT16" uses this list (core/algebra/domains.hpp adds casts and compatibility).
#define WEFT_DOMAIN_LIST(X)                                                                  \
  X(BOOL, bool, BOOL) X(INT8, int8_t, INT8) X(INT16, int16_t, INT16) X(INT32, int32_t, INT32) \
  X(INT64, int64_t, INT64) X(UINT8, uint8_t, UINT8) X(UINT16, uint16_t, UINT16)              \
  X(UINT32, uint32_t, UINT32) X(UINT64, uint64_t, UINT64) X(FP32, float, FLOAT)               \
  X(FP64, double, DOUBLE) X(FC32, std::complex<float>, C_FLOAT_COMPLEX)                       \
  X(FC64, std::complex<double>, C_DOUBLE_COMPLEX)

// The domain code of a type: one of the predefined domains, or UDT (user-defined).
enum class Code : uint8_t {
  UDT = 0,
#define WEFT_DOMAIN_CODE_(name, ctype, basic) name,
  WEFT_DOMAIN_LIST(WEFT_DOMAIN_CODE_)
#undef WEFT_DOMAIN_CODE_
  count_
};
constexpr int kCodes = int(Code::count_);

template <Code C> struct ctype_of;
#define WEFT_DOMAIN_CTYPE_(name, ctype, basic) \
  template <> struct ctype_of<Code::name> { using type = ctype; };
WEFT_DOMAIN_LIST(WEFT_DOMAIN_CTYPE_)
#undef WEFT_DOMAIN_CTYPE_
template <Code C> using ctype_t = typename ctype_of<C>::type;

// The code whose C type is T (UDT if none).
template <class T>
constexpr Code code_for() {
#define WEFT_DOMAIN_CODE_FOR_(name, ctype, basic) \
  if constexpr (std::is_same_v<T, ctype>) return Code::name;
  WEFT_DOMAIN_LIST(WEFT_DOMAIN_CODE_FOR_)
#undef WEFT_DOMAIN_CODE_FOR_
  return Code::UDT;
}

// ---- Opcodes ------------------------------------------------------------------------
// X(opcode, functor) for every operator name of weft/algebra.h (the type comes from the
// domains): unary, binary, then index-unary, in OpCode order.
#define WEFT_OPCODE_LIST(X)                                                                           \
  X(IDENTITY, Identity) X(ABS, Abs) X(AINV, Ainv) X(MINV, Minv) X(LNOT, Lnot) X(BNOT, Bnot)           \
  X(FIRST, First) X(SECOND, Second) X(ONEB, Oneb) X(PAIR, Pair) X(ANY, Any) X(MIN, Min) X(MAX, Max)   \
  X(PLUS, Plus) X(MINUS, Minus) X(TIMES, Times) X(DIV, Div) X(EQ, Eq) X(NE, Ne) X(GT, Gt) X(LT, Lt)   \
  X(GE, Ge) X(LE, Le) X(LOR, Lor) X(LAND, Land) X(LXOR, Lxor) X(LXNOR, Lxnor) X(BOR, Bor)             \
  X(BAND, Band) X(BXOR, Bxor) X(BXNOR, Bxnor)                                                         \
  X(ROWINDEX, RowIndex) X(COLINDEX, ColIndex) X(DIAGINDEX, DiagIndex) X(TRIL, Tril) X(TRIU, Triu)     \
  X(DIAG, Diag) X(OFFDIAG, Offdiag) X(ROWLE, RowLe) X(ROWGT, RowGt) X(COLLE, ColLe) X(COLGT, ColGt) \
  X(VALUEEQ, ValueEq) X(VALUENE, ValueNe) X(VALUELT, ValueLt) X(VALUELE, ValueLe) X(VALUEGT, ValueGt) \
  X(VALUEGE, ValueGe)

// What a predefined operator computes; USER for user-defined ones.
enum class OpCode : uint8_t {
  USER = 0,
#define WEFT_OPCODE_ENUM_(name, functor) name,
  WEFT_OPCODE_LIST(WEFT_OPCODE_ENUM_)
#undef WEFT_OPCODE_ENUM_
  count_
};

namespace ops {

template <class T>
inline T load(const void *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class T>
inline void store(void *p, T v) {
  std::memcpy(p, &v, sizeof v);
}

// Integer arithmetic wraps around like numpy's (and the C unsigned types): it is computed
// in an unsigned type of at least int's width, where overflow is defined (in the signed
// types, or promoted to int, it would be undefined behaviour).
template <class T>
using wide_unsigned_t = std::make_unsigned_t<std::common_type_t<T, unsigned>>;
template <class T>
constexpr bool wraps_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T>
constexpr bool is_bool_v = std::is_same_v<T, bool>;

// Every bit set (true for bool): the identity of BAND and BXNOR, the terminal of BOR.
template <class T>
constexpr T all_bits() {
  if constexpr (is_bool_v<T>) return true;
  else return T(~T(0));
}

// ---- Unary: static Z f(T x) -------------------------------------------------------------
struct Identity { template <class T> static T f(T x) { return x; } };
// -x: wraps on integers (-INT_MIN is INT_MIN, unsigned -x is 2^n - x); on BOOL, x.
struct Ainv {
  template <class T> static T f(T x) {
    if constexpr (is_bool_v<T>) return x;
    else if constexpr (wraps_v<T>) return T(wide_unsigned_t<T>(0) - wide_unsigned_t<T>(x));
    else return -x;
  }
};
// |x|: |INT_MIN| wraps to INT_MIN; BOOL and unsigned types are their own absolute value;
// floating clears the sign (also of -0 and NaN).
struct Abs {
  template <class T> static T f(T x) {
    if constexpr (std::is_floating_point_v<T>) return std::fabs(x);
    else if constexpr (wraps_v<T> && std::is_signed_v<T>) return x < 0 ? Ainv::f(x) : x;
    else return x;
  }
};
// 1/x, floating only (GraphBLAS 1.3 dropped the integer ones).
struct Minv {
  template <class T> static T f(T x) {
    static_assert(std::is_floating_point_v<T>, "MINV is defined on FP32 and FP64 only");
    return T(1) / x;
  }
};
struct Lnot { template <class T> static T f(T x) { return T(!(x != T(0))); } };
struct Bnot { template <class T> static T f(T x) { return T(~x); } };

// ---- Binary: static Z f(T x, T y), Z = T or bool ----------------------------------------
// A monoid's operator also gives identity<T>() and terminal<T>() (std::nullopt: none).
struct First { template <class T> static T f(T x, T) { return x; } };
struct Second { template <class T> static T f(T, T y) { return y; } };
struct Oneb { template <class T> static T f(T, T) { return T(1); } };
struct Pair { template <class T> static T f(T, T) { return T(1); } };
// ANY may return either operand; weft's returns y, as SuiteSparse's GxB_ANY does, so a
// reduction that starts from the identity ends on a value that was reduced (not on the
// identity), and a put with ANY keeps the last value to arrive. Every value is terminal
// (a reduction may stop at its first value); the one reported is 0.
struct Any {
  template <class T> static T f(T, T y) { return y; }
  template <class T> static constexpr T identity() { return T(0); }
  template <class T> static constexpr std::optional<T> terminal() { return T(0); }
};
// MIN and MAX are symmetric. On floating types they are IEEE 754-2019 minimum/maximum,
// as numpy's minimum/maximum (Maia's semantics): a NaN operand gives NaN, -0 < +0, and
// the result never depends on the order the operands arrive in, which for the indexer's
// reductions is the order of the ranks. (C's fmin/fmax, and so SuiteSparse:GraphBLAS's
// MIN/MAX, drop a NaN operand instead: fmin(NaN, 1) = 1.) For the same reason -inf is
// not a terminal of floating MIN: a NaN arriving later still changes the result.
// On BOOL, MIN is LAND and MAX is LOR.
struct Min {
  template <class T> static T f(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (a != a) return a;
      if (b != b) return b;
      if (a == b) return std::signbit(a) ? a : b;  // -0 and +0: -0
    }
    return b < a ? b : a;
  }
  template <class T> static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::has_infinity) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  }
  template <class T> static constexpr std::optional<T> terminal() {
    if constexpr (std::is_integral_v<T>) return std::numeric_limits<T>::lowest();
    else return std::nullopt;
  }
};
struct Max {
  template <class T> static T f(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (a != a) return a;
      if (b != b) return b;
      if (a == b) return std::signbit(a) ? b : a;  // -0 and +0: +0
    }
    return a < b ? b : a;
  }
  template <class T> static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::has_infinity) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
  template <class T> static constexpr std::optional<T> terminal() {
    if constexpr (std::is_integral_v<T>) return std::numeric_limits<T>::max();
    else return std::nullopt;
  }
};
// On BOOL: PLUS is LOR, MINUS is LXOR, TIMES is LAND, DIV is FIRST.
struct Plus {
  template <class T> static T f(T a, T b) {
    if constexpr (is_bool_v<T>) return a || b;
    else if constexpr (wraps_v<T>) return T(wide_unsigned_t<T>(a) + wide_unsigned_t<T>(b));
    else return T(a + b);
  }
  template <class T> static constexpr T identity() { return T(0); }
  template <class T> static constexpr std::optional<T> terminal() { return std::nullopt; }
};
struct Minus {
  template <class T> static T f(T a, T b) {
    if constexpr (is_bool_v<T>) return a != b;
    else if constexpr (wraps_v<T>) return T(wide_unsigned_t<T>(a) - wide_unsigned_t<T>(b));
    else return T(a - b);
  }
};
// Integer TIMES has the terminal 0; floating has none (0 * inf and 0 * NaN are NaN).
struct Times {
  template <class T> static T f(T a, T b) {
    if constexpr (is_bool_v<T>) return a && b;
    else if constexpr (wraps_v<T>) return T(wide_unsigned_t<T>(a) * wide_unsigned_t<T>(b));
    else return T(a * b);
  }
  template <class T> static constexpr T identity() { return T(1); }
  template <class T> static constexpr std::optional<T> terminal() {
    if constexpr (std::is_integral_v<T>) return T(0);
    else return std::nullopt;
  }
};
// Integer x / 0 is 0 (C leaves it undefined; SuiteSparse gives the type's max for x > 0)
// and INT_MIN / -1 wraps to INT_MIN; floating division is IEEE.
struct Div {
  template <class T> static T f(T a, T b) {
    if constexpr (is_bool_v<T>) {
      return a;
    } else if constexpr (wraps_v<T>) {
      if (b == T(0)) return T(0);
      if constexpr (std::is_signed_v<T>)
        if (b == T(-1)) return Ainv::f(a);
      return T(a / b);
    } else {
      return a / b;
    }
  }
};
struct Eq { template <class T> static bool f(T a, T b) { return a == b; } };
struct Ne { template <class T> static bool f(T a, T b) { return a != b; } };
struct Gt { template <class T> static bool f(T a, T b) { return a > b; } };
struct Lt { template <class T> static bool f(T a, T b) { return a < b; } };
struct Ge { template <class T> static bool f(T a, T b) { return a >= b; } };
struct Le { template <class T> static bool f(T a, T b) { return a <= b; } };
// The logical operators read any nonzero value as true and give 0 or 1 (the LAND and
// LOR monoids also exist on the integer types).
struct Lor {
  template <class T> static T f(T a, T b) { return T((a != T(0)) || (b != T(0))); }
  template <class T> static constexpr T identity() { return T(0); }
  template <class T> static constexpr std::optional<T> terminal() { return T(1); }
};
struct Land {
  template <class T> static T f(T a, T b) { return T((a != T(0)) && (b != T(0))); }
  template <class T> static constexpr T identity() { return T(1); }
  template <class T> static constexpr std::optional<T> terminal() { return T(0); }
};
struct Lxor {
  template <class T> static T f(T a, T b) { return T((a != T(0)) != (b != T(0))); }
  template <class T> static constexpr T identity() { return T(0); }
  template <class T> static constexpr std::optional<T> terminal() { return std::nullopt; }
};
struct Lxnor {
  template <class T> static T f(T a, T b) { return T((a != T(0)) == (b != T(0))); }
  template <class T> static constexpr T identity() { return T(1); }
  template <class T> static constexpr std::optional<T> terminal() { return std::nullopt; }
};
// Bitwise (the BAND and BOR monoids also exist on BOOL, where they are LAND and LOR).
struct Bor {
  template <class T> static T f(T a, T b) { return T(a | b); }
  template <class T> static constexpr T identity() { return T(0); }
  template <class T> static constexpr std::optional<T> terminal() { return all_bits<T>(); }
};
struct Band {
  template <class T> static T f(T a, T b) { return T(a & b); }
  template <class T> static constexpr T identity() { return all_bits<T>(); }
  template <class T> static constexpr std::optional<T> terminal() { return T(0); }
};
struct Bxor {
  template <class T> static T f(T a, T b) { return T(a ^ b); }
  template <class T> static constexpr T identity() { return T(0); }
  template <class T> static constexpr std::optional<T> terminal() { return std::nullopt; }
};
struct Bxnor {
  template <class T> static T f(T a, T b) {
    if constexpr (is_bool_v<T>) return a == b;
    else return T(~(a ^ b));
  }
  template <class T> static constexpr T identity() { return all_bits<T>(); }
  template <class T> static constexpr std::optional<T> terminal() { return std::nullopt; }
};

// ---- Index-unary ------------------------------------------------------------------------
// Positional ones never read the element: static Z f(int64_t i, int64_t j, S s), where s
// is the thunk. Index arithmetic wraps in 64 bits, so it is exact for the indices of any
// collection (below 2^60) and defined for every input; ROWINDEX_INT32 ... then cast the
// 64-bit result to INT32 (modular, as C). TRIL ... compare j - i with s, which is j <= i
// + s without the overflow of i + s.
inline int64_t wrap_add(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }
inline int64_t wrap_sub(int64_t a, int64_t b) { return int64_t(uint64_t(a) - uint64_t(b)); }
struct RowIndex {
  static constexpr bool positional = true;
  template <class S> static S f(int64_t i, int64_t, S s) { return S(wrap_add(i, int64_t(s))); }
};
struct ColIndex {
  static constexpr bool positional = true;
  template <class S> static S f(int64_t, int64_t j, S s) { return S(wrap_add(j, int64_t(s))); }
};
struct DiagIndex {
  static constexpr bool positional = true;
  template <class S> static S f(int64_t i, int64_t j, S s) { return S(wrap_add(wrap_sub(j, i), int64_t(s))); }
};
#define WEFT_OPS_POSITIONAL_TEST_(name, expr)                              \
  struct name {                                                            \
    static constexpr bool positional = true;                               \
    template <class S> static bool f(int64_t i, int64_t j, S s) { return expr; } \
  };
WEFT_OPS_POSITIONAL_TEST_(Tril, wrap_sub(j, i) <= int64_t(s))
WEFT_OPS_POSITIONAL_TEST_(Triu, wrap_sub(j, i) >= int64_t(s))
WEFT_OPS_POSITIONAL_TEST_(Diag, wrap_sub(j, i) == int64_t(s))
WEFT_OPS_POSITIONAL_TEST_(Offdiag, wrap_sub(j, i) != int64_t(s))
WEFT_OPS_POSITIONAL_TEST_(RowLe, ((void)j, i <= int64_t(s)))
WEFT_OPS_POSITIONAL_TEST_(RowGt, ((void)j, i > int64_t(s)))
WEFT_OPS_POSITIONAL_TEST_(ColLe, ((void)i, j <= int64_t(s)))
WEFT_OPS_POSITIONAL_TEST_(ColGt, ((void)i, j > int64_t(s)))
#undef WEFT_OPS_POSITIONAL_TEST_
// Value tests: static bool f(T x, T s), the element x against the thunk s.
#define WEFT_OPS_VALUE_TEST_(name, cmp)                                    \
  struct name {                                                            \
    static constexpr bool positional = false;                              \
    template <class T> static bool f(T x, T s) { return cmp::f(x, s); }   \
  };
WEFT_OPS_VALUE_TEST_(ValueEq, Eq)
WEFT_OPS_VALUE_TEST_(ValueNe, Ne)
WEFT_OPS_VALUE_TEST_(ValueLt, Lt)
WEFT_OPS_VALUE_TEST_(ValueLe, Le)
WEFT_OPS_VALUE_TEST_(ValueGt, Gt)
WEFT_OPS_VALUE_TEST_(ValueGe, Ge)
#undef WEFT_OPS_VALUE_TEST_

// The functor of each opcode: functor_t<OpCode::PLUS> is Plus.
template <OpCode> struct functor_of;
#define WEFT_OPS_FUNCTOR_OF_(name, functor) \
  template <> struct functor_of<OpCode::name> { using type = functor; };
WEFT_OPCODE_LIST(WEFT_OPS_FUNCTOR_OF_)
#undef WEFT_OPS_FUNCTOR_OF_
template <OpCode O> using functor_t = typename functor_of<O>::type;

// ---- C functions of operator objects (z may alias x or y: operands are loaded first) ---
template <class T, class Op>
void apply_unary(void *z, const void *x) {
  store(z, Op::f(load<T>(x)));
}
// One element: z = x op y (the weft_binary_fn of a predefined binary operator).
template <class T, class Op>
void apply(void *z, const void *x, const void *y) {
  store(z, Op::f(load<T>(x), load<T>(y)));
}
// A positional index-unary operator with thunk type S.
template <class S, class Op>
void apply_positional(void *z, const void *, int64_t i, int64_t j, const void *thunk) {
  store(z, Op::f(i, j, load<S>(thunk)));
}
// A value test on T.
template <class T, class Op>
void apply_value_test(void *z, const void *x, int64_t, int64_t, const void *thunk) {
  store(z, Op::f(load<T>(x), load<T>(thunk)));
}

// n elements: dst[i] = dst[i] op src[i], alignment-free (bulk reductions).
template <class T, class Op>
void apply_n(char *dst, const char *src, int64_t n) {
  constexpr int64_t w = int64_t(sizeof(T));
  for (int64_t i = 0; i < n; ++i) store<T>(dst + i * w, Op::f(load<T>(dst + i * w), load<T>(src + i * w)));
}

}  // namespace ops
}  // namespace weft
