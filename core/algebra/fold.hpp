// The fold of an array of values with a predefined monoid's functor: x[0] op x[1] op ...
// op x[n-1] in an order weft defines and documents (sparse.h, "Order of a reduce"),
// never one that depends on the thread count.
//
// Most monoids give the same bits in any order: integer PLUS and TIMES (they wrap),
// MIN and MAX, the logical and bitwise ones (order_free). Their folds run in kLanes
// independent chains that the compiler keeps in registers or vector lanes, instead of
// one chain whose every step waits for the one before; the lanes are combined at the
// end. Floating MIN and MAX are order-free too (IEEE minimum/maximum: -0 < +0, NaN wins,
// ops.hpp) except in which NaN a fold of several different NaNs ends on; their lanes
// use a plain comparison, and a fold that meets a NaN or ends on a zero (whose sign the
// plain comparison does not order) is done again left to right.
//
// Floating PLUS rounds differently in another order, so its order is part of the result:
// NumPy's (np.add.reduce of a contiguous array, numpy_sum below), which is pairwise and so
// both more accurate than left to right (error O(log n) instead of O(n)) and free of the
// one dependency chain that made a long row's sum wait on every add. Floating TIMES
// (NumPy multiplies left to right too) and ANY (keeps the last value) fold left to right.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ops.hpp"

namespace weft {

// Floating PLUS: summed in NumPy's order (numpy_sum).
template <class V, class Op>
constexpr bool numpy_order() {
  return std::is_floating_point_v<V> && std::is_same_v<Op, ops::Plus>;
}

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

// NumPy's pairwise sum of x[0..n) (n >= 1): below 8 values left to right; to 128, eight
// running sums of every eighth value, combined as ((s0+s1)+(s2+s3))+((s4+s5)+(s6+s7)), the
// rest added after in order; above, the sums of the halves split at a multiple of 8 at or
// below n/2. (NumPy starts below 8 from +0: only the sign of a zero sum can differ.)

// The part for 8 <= n <= 128, inlined where rows are summed (a call and its stack frame
// cost as much as a short row). The eight sums are 16-byte vectors of lanes (GCC/Clang
// vector extension: SSE2 registers, two doubles or four floats each); as an array of
// eight the compiler kept them on the stack. V: double or float.
template <class V>
__attribute__((always_inline)) inline V pairwise_block(const V *x, int64_t n) {
  typedef V Vec __attribute__((vector_size(16)));
  constexpr int kVecs = int(8 * sizeof(V) / 16);  // 4 for double, 2 for float
  static_assert(kVecs == 2 || kVecs == 4, "double or float");
  auto load = [x](int64_t at) {
    Vec v;
    std::memcpy(&v, x + at, sizeof v);
    return v;
  };
  constexpr int64_t w = 16 / int64_t(sizeof(V));  // lanes a vector
  Vec s0 = load(0), s1 = load(w), s2{}, s3{};
  if constexpr (kVecs == 4) s2 = load(2 * w), s3 = load(3 * w);
  const int64_t m = n - n % 8;
  for (int64_t k = 8; k < m; k += 8) {
    s0 += load(k);
    s1 += load(k + w);
    if constexpr (kVecs == 4) s2 += load(k + 2 * w), s3 += load(k + 3 * w);
  }
  V r;
  if constexpr (kVecs == 4) r = ((s0[0] + s0[1]) + (s1[0] + s1[1])) + ((s2[0] + s2[1]) + (s3[0] + s3[1]));
  else r = ((s0[0] + s0[1]) + (s0[2] + s0[3])) + ((s1[0] + s1[1]) + (s1[2] + s1[3]));
  for (int64_t k = m; k < n; ++k) r += x[k];
  return r;
}

template <class V>
V pairwise_sum(const V *x, int64_t n) {
  if (n < 8) {
    V r = x[0];
    for (int64_t k = 1; k < n; ++k) r += x[k];
    return r;
  }
  if (n <= 128) return pairwise_block(x, n);
  const int64_t half = n / 2 - (n / 2) % 8;
  return pairwise_sum(x, half) + pairwise_sum(x + half, n - half);
}

// NumPy's sum of a contiguous array x[0..n) (n >= 1): its reduction loop sees the array in
// buffers of kSumBlock values, sums each pairwise and adds the buffers' sums in order.
constexpr int64_t kSumBlock = 8192;
template <class V>
V numpy_sum(const V *x, int64_t n) {
  V r = pairwise_sum(x, n < kSumBlock ? n : kSumBlock);
  for (int64_t k = kSumBlock; k < n; k += kSumBlock) r += pairwise_sum(x + k, n - k < kSumBlock ? n - k : kSumBlock);
  return r;
}

// x[0] op ... op x[n-1] (n >= 1): the same bits as fold_in_order, or for floating PLUS
// numpy_sum's.
template <class V, class Op>
V fold_array(const V *x, int64_t n) {
  constexpr int64_t kLanes = 8;
  if constexpr (numpy_order<V, Op>()) {
    return numpy_sum(x, n);
  } else if constexpr (!order_free<V, Op>()) {
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
