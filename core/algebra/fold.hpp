// The fold of an array of values with a predefined monoid's functor: x[0] op x[1] op ...
// op x[n-1], the result weft defines (left to right), computed faster where the order
// cannot show.
//
// Most monoids give the same bits in any order: integer PLUS and TIMES (they wrap),
// MIN and MAX, the logical and bitwise ones (order_free). Their folds run in kLanes
// independent chains that the compiler keeps in registers or vector lanes, instead of
// one chain whose every step waits for the one before; the lanes are combined at the
// end. Floating MIN and MAX are order-free too (IEEE minimum/maximum: -0 < +0, NaN wins,
// ops.hpp) except in which NaN a fold of several different NaNs ends on; their lanes
// use a plain comparison, and a fold that meets a NaN or ends on a zero (whose sign the
// plain comparison does not order) is done again left to right. Floating PLUS and TIMES
// round differently in another order: always left to right. ANY keeps the last value.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ops.hpp"

namespace weft {

template <class V, class Op>
constexpr bool order_free() {
  if constexpr (std::is_floating_point_v<V>) {
    return std::is_same_v<Op, ops::Min> || std::is_same_v<Op, ops::Max>;
  } else {
    return std::is_same_v<Op, ops::Plus> || std::is_same_v<Op, ops::Times> || std::is_same_v<Op, ops::Min> ||
           std::is_same_v<Op, ops::Max> || std::is_same_v<Op, ops::Lor> || std::is_same_v<Op, ops::Land> ||
           std::is_same_v<Op, ops::Lxor> || std::is_same_v<Op, ops::Bor> || std::is_same_v<Op, ops::Band> ||
           std::is_same_v<Op, ops::Bxor>;
  }
}

// x[0] op ... op x[n-1] strictly left to right (n >= 1).
template <class V, class Op>
V fold_in_order(const V *x, int64_t n) {
  V acc = x[0];
  for (int64_t k = 1; k < n; ++k) acc = Op::f(acc, x[k]);
  return acc;
}

// x[0] op ... op x[n-1] (n >= 1), the same bits as fold_in_order.
template <class V, class Op>
V fold_array(const V *x, int64_t n) {
  constexpr int64_t kLanes = 8;
  if constexpr (!order_free<V, Op>()) {
    return fold_in_order<V, Op>(x, n);
  } else {
    if (n < 2 * kLanes) return fold_in_order<V, Op>(x, n);
    constexpr bool floating = std::is_floating_point_v<V>;
    constexpr bool is_min = std::is_same_v<Op, ops::Min>;
    // The lanes' step: Op itself, or for floating MIN/MAX the plain comparison.
    auto step = [](V a, V b) {
      if constexpr (!floating) return Op::f(a, b);
      else if constexpr (is_min) return b < a ? b : a;
      else return a < b ? b : a;
    };
    V lane[kLanes];
    bool nan = false;
    for (int64_t l = 0; l < kLanes; ++l) lane[l] = x[l];
    int64_t k = kLanes;
    for (; k + kLanes <= n; k += kLanes)
      for (int64_t l = 0; l < kLanes; ++l) {
        if constexpr (floating) nan |= x[k + l] != x[k + l];
        lane[l] = step(lane[l], x[k + l]);
      }
    for (int64_t l = 0; l < kLanes; ++l)
      if constexpr (floating) nan |= lane[l] != lane[l];
    V acc = lane[0];
    for (int64_t l = 1; l < kLanes; ++l) acc = step(acc, lane[l]);
    for (; k < n; ++k) {
      if constexpr (floating) nan |= x[k] != x[k];
      acc = step(acc, x[k]);
    }
    if constexpr (floating)
      if (nan || acc == V(0)) return fold_in_order<V, Op>(x, n);
    return acc;
  }
}

}  // namespace weft
