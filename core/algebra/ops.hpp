// The operators of the predefined monoids as typed functors, shared by the monoid
// objects (one element per call) and by bulk loops that reduce whole arrays (the
// indexer's put): one definition of what PLUS, MIN, LAND ... mean.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace weft::ops {

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

// Integer PLUS and TIMES wrap around like numpy's (and the C unsigned types): they are
// computed in an unsigned type of at least int's width, where overflow is defined (in
// the signed types, or promoted to int, it would be undefined behaviour).
template <class T>
using wide_unsigned_t = std::make_unsigned_t<std::common_type_t<T, unsigned>>;
template <class T>
constexpr bool wraps_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

struct Plus {
  template <class T> static T f(T a, T b) {
    if constexpr (wraps_v<T>) return T(wide_unsigned_t<T>(a) + wide_unsigned_t<T>(b));
    else return T(a + b);
  }
};
struct Times {
  template <class T> static T f(T a, T b) {
    if constexpr (wraps_v<T>) return T(wide_unsigned_t<T>(a) * wide_unsigned_t<T>(b));
    else return T(a * b);
  }
};
// MIN and MAX are symmetric. On floating types they are IEEE 754-2019 minimum/maximum,
// as numpy's minimum/maximum (Maia's semantics): a NaN operand gives NaN, -0 < +0, and
// the result never depends on the order the operands arrive in, which for the indexer's
// reductions is the order of the ranks. (C's fmin/fmax, and so SuiteSparse:GraphBLAS's
// MIN/MAX, drop a NaN operand instead: fmin(NaN, 1) = 1.)
struct Min {
  template <class T> static T f(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (a != a) return a;
      if (b != b) return b;
      if (a == b) return std::signbit(a) ? a : b;  // -0 and +0: -0
    }
    return b < a ? b : a;
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
};
struct Land { template <class T> static T f(T a, T b) { return T((a != T(0)) && (b != T(0))); } };
struct Lor { template <class T> static T f(T a, T b) { return T((a != T(0)) || (b != T(0))); } };
struct Band { template <class T> static T f(T a, T b) { return T(a & b); } };
struct Bor { template <class T> static T f(T a, T b) { return T(a | b); } };

// One element: z = x op y (the weft_binary_op of a predefined monoid).
template <class T, class Op>
void apply(void *z, const void *x, const void *y) {
  store<T>(z, Op::f(load<T>(x), load<T>(y)));
}

// n elements: dst[i] = dst[i] op src[i], alignment-free.
template <class T, class Op>
void apply_n(char *dst, const char *src, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    store<T>(dst + i * int64_t(sizeof(T)), Op::f(load<T>(dst + i * int64_t(sizeof(T))), load<T>(src + i * int64_t(sizeof(T)))));
}

// The C type of each monoid domain name of weft.h.
#define WEFT_OPS_DOMAIN_(name, ctype) \
  struct name##_t { using T = ctype; };
WEFT_OPS_DOMAIN_(BOOL, bool)
WEFT_OPS_DOMAIN_(INT8, int8_t)
WEFT_OPS_DOMAIN_(INT16, int16_t)
WEFT_OPS_DOMAIN_(INT32, int32_t)
WEFT_OPS_DOMAIN_(INT64, int64_t)
WEFT_OPS_DOMAIN_(UINT8, uint8_t)
WEFT_OPS_DOMAIN_(UINT16, uint16_t)
WEFT_OPS_DOMAIN_(UINT32, uint32_t)
WEFT_OPS_DOMAIN_(UINT64, uint64_t)
WEFT_OPS_DOMAIN_(FP32, float)
WEFT_OPS_DOMAIN_(FP64, double)
#undef WEFT_OPS_DOMAIN_

// Operator functor of each monoid name.
using PLUS_op = Plus;
using TIMES_op = Times;
using MIN_op = Min;
using MAX_op = Max;
using LAND_op = Land;
using LOR_op = Lor;
using BAND_op = Band;
using BOR_op = Bor;

}  // namespace weft::ops
