// Element-wise stages as loops over value arrays: the nonblocking engine's fast paths for
// vector tiles (fused.cpp). An operation that can run this way describes itself by a
// ValueStage when it queues: every operand, the result and C (when accumulated) have the
// stage's one predefined domain, so no value is cast, and the accumulator, if any, has a
// typed loop too. Two ways to run it:
//   - plain stages (no mask, no accumulator) on operands that have the same entries in
//     the tile (every position, when a stage is a fill): the result has those entries;
//     only the value arrays are read;
//   - any stage on dense tiles: each object a value array plus a presence byte per
//     position (SuiteSparse's bitmap), the operator computed everywhere and the entries'
//     presence, the accumulator and the mask applied position by position.
// The loops are the typed functors of algebra/ops.hpp, the same arithmetic as every other
// path; absent positions hold zeros or earlier values, which the functors accept.
#pragma once
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "../algebra/fold.hpp"
#include "../algebra/ops.hpp"
#include "../sparse/write_back.hpp"

namespace weft::lazy {

// z[k] = f(x[k], y[k]) (or f(x[k]), f(s, x[k]), f(x[k], s)) for k < n; s: a bound value.
using ValueFn = void (*)(const char *x, const char *y, char *z, int64_t n, const char *s);
// z = x[0] op x[1] op ... op x[n-1], left to right (n >= 1; algebra/fold.hpp).
using FoldFn = void (*)(const char *x, int64_t n, char *z);

struct ValueStage {
  enum Kind : uint8_t { none, unary, add, mult, fill, fold_ };  // unary also the bound forms; add: union
  Kind kind = none;
  ValueFn f = nullptr;
  FoldFn fold = nullptr;       // a reduce to a scalar
  ValueFn acc = nullptr;       // the accumulator's loop (an accumulated stage)
  bool plain = false;          // no mask, no accumulator: the same-entries path may run it
  Matrix *x = nullptr, *y = nullptr;  // the operands (y: none for unary and bound forms)
  Scalar *bound = nullptr;     // the bound (or filled) value's scalar, read when the stage runs
  int esize = 0;               // the domain's size
  bool any() const { return kind != none; }
};

// The typed loop of a binary operator on domain z (one of WEFT_FAST_EWISE, ewise.cpp), or
// null.
ValueFn binary_loop(const BinaryOp &op, Code z);
// Sets v's output fields (acc, plain, esize) for an operation whose result, of domain z,
// goes to out; false when the value paths cannot run it (C, the accumulator or the mask
// would need a cast or a generic loop). ewise.cpp.
bool value_output(const Output &out, Code z, ValueStage &v);

template <class T>
T value_at(const char *p, int64_t k) {
  T v;
  std::memcpy(&v, p + k * int64_t(sizeof(T)), sizeof(T));
  return v;
}
template <class T>
void set_at(char *p, int64_t k, T v) {
  std::memcpy(p + k * int64_t(sizeof(T)), &v, sizeof(T));
}

// The value loops are compiled twice, for AVX2 and for any x86-64, and the first call
// picks the one the processor runs (GCC's function multiversioning, an ifunc): the same
// IEEE operations either way (no FMA: each loop applies one operator), twice as many
// values a step where it vectorizes. Not under ThreadSanitizer: the ifunc resolver runs
// while the library is relocated, before TSan's runtime is up, and the process crashed.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__gnu_linux__) && \
    !defined(__SANITIZE_THREAD__)
#define WEFT_VALUE_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define WEFT_VALUE_LOOP
#endif

// Floating MIN and MAX as the value loops compute them: ops::Min/Max's results (a NaN
// operand wins, the first when both are; -0 < +0) from integer operations on the bits,
// so the loop vectorizes. ops.hpp's branches mispredicted on mixed data (MAX took half of
// a 4-operation chain's time), and GCC does not turn a floating comparison into a
// select (it may trap). Keys order the values as signed integers: a negative value's
// magnitude bits flipped puts -0 below +0.
template <class T, bool kMax>
struct FloatPick {
  using I = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
  using U = std::make_unsigned_t<I>;
  static constexpr I kInf = sizeof(T) == 4 ? I(0x7F800000) : I(0x7FF0000000000000);
  static I key(I x) { return x ^ I(U(x >> (8 * sizeof(I) - 1)) >> 1); }
  static bool nan(I x) { return (x & std::numeric_limits<I>::max()) > kInf; }
  static T f(T a, T b) {
    I x, y;
    std::memcpy(&x, &a, sizeof x);
    std::memcpy(&y, &b, sizeof y);
    I r = (kMax ? key(x) < key(y) : key(y) < key(x)) ? y : x;
    r = nan(y) ? y : r;
    r = nan(x) ? x : r;
    std::memcpy(&a, &r, sizeof a);
    return a;
  }
};
// The functor a value loop uses for F on T.
template <class T, class F>
using ValueOp = std::conditional_t<
    std::is_floating_point_v<T> && (std::is_same_v<F, ops::Min> || std::is_same_v<F, ops::Max>),
    FloatPick<T, std::is_same_v<F, ops::Max>>, F>;

// z[k] = g(x[k], y[k]) for k < n, where z may be x or y itself (a stage in place in its
// tile; buffers never overlap partly). The in-place cases are loops of their own that
// name the shared array once: GCC vectorizes a loop behind a run-time check that its
// arrays do not overlap, which an in-place stage fails. (Unary forms pass y = x and
// ignore it: their in-place loop reads z alone.)
template <class T, class G>
[[gnu::always_inline]] inline void map_values(const char *x, const char *y, char *z, int64_t n, G g) {
  if (z == x)
    for (int64_t k = 0; k < n; ++k) set_at<T>(z, k, g(value_at<T>(z, k), value_at<T>(y, k)));
  else if (z == y)
    for (int64_t k = 0; k < n; ++k) set_at<T>(z, k, g(value_at<T>(x, k), value_at<T>(z, k)));
  else
    for (int64_t k = 0; k < n; ++k) set_at<T>(z, k, g(value_at<T>(x, k), value_at<T>(y, k)));
}

template <class T, class F>
WEFT_VALUE_LOOP void binary_values(const char *x, const char *y, char *z, int64_t n, const char *) {
  map_values<T>(x, y, z, n, [](T a, T b) { return ValueOp<T, F>::f(a, b); });
}
template <class T, class F>
WEFT_VALUE_LOOP void unary_values(const char *x, const char *, char *z, int64_t n, const char *) {
  map_values<T>(x, x, z, n, [](T a, T) { return F::f(a); });
}
template <class T, class F>
WEFT_VALUE_LOOP void bound_first_values(const char *x, const char *, char *z, int64_t n, const char *s) {
  const T c = value_at<T>(s, 0);
  map_values<T>(x, x, z, n, [c](T a, T) { return ValueOp<T, F>::f(c, a); });
}
template <class T, class F>
WEFT_VALUE_LOOP void bound_second_values(const char *x, const char *, char *z, int64_t n, const char *s) {
  const T c = value_at<T>(s, 0);
  map_values<T>(x, x, z, n, [c](T a, T) { return ValueOp<T, F>::f(a, c); });
}
template <class T>
void fill_values(const char *, const char *, char *z, int64_t n, const char *s) {
  const T v = value_at<T>(s, 0);
  for (int64_t k = 0; k < n; ++k) set_at<T>(z, k, v);
}
// The fill loop of domain z (an assign of a scalar to every position).
inline ValueFn fill_loop(Code z) {
  switch (z) {
#define WEFT_FILL_(name, ctype, basic) \
  case Code::name: return &fill_values<ctype>;
    WEFT_DOMAIN_LIST(WEFT_FILL_)
#undef WEFT_FILL_
    default: return nullptr;
  }
}

template <class T, class F>
void fold_values(const char *x, int64_t n, char *z) {
  set_at<T>(z, 0, fold_array<T, F>(reinterpret_cast<const T *>(x), n));  // (value arrays are aligned)
}

}  // namespace weft::lazy
