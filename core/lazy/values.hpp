// Element-wise stages as loops over value arrays: the nonblocking engine's fast path for
// tiles whose operands are all full (fused.cpp). An operation that can run this way
// describes itself by a ValueStage when it queues: its result on full operands is full
// and replaces C as it is (no mask, no accumulator), and every operand and the result
// have the stage's one predefined domain, so no value is cast. The loops are the typed
// functors of algebra/ops.hpp, the same arithmetic as every other path.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "../algebra/ops.hpp"
#include "../sparse/matrix.hpp"

namespace weft::lazy {

// z[k] = f(x[k], y[k]) (or f(x[k]), f(s, x[k]), f(x[k], s)) for k < n; s: a bound value.
using ValueFn = void (*)(const char *x, const char *y, char *z, int64_t n, const char *s);
// z = x[0] op x[1] op ... op x[n-1], left to right (n >= 1).
using FoldFn = void (*)(const char *x, int64_t n, char *z);

struct ValueStage {
  ValueFn f = nullptr;
  FoldFn fold = nullptr;       // a reduce to a scalar
  Matrix *x = nullptr, *y = nullptr;  // the operands (y: none for unary and bound forms)
  Scalar *bound = nullptr;     // the bound value's scalar, read when the stage runs
  bool any() const { return f || fold; }
};

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

template <class T, class F>
void binary_values(const char *x, const char *y, char *z, int64_t n, const char *) {
  for (int64_t k = 0; k < n; ++k) set_at<T>(z, k, F::f(value_at<T>(x, k), value_at<T>(y, k)));
}
template <class T, class F>
void unary_values(const char *x, const char *, char *z, int64_t n, const char *) {
  for (int64_t k = 0; k < n; ++k) set_at<T>(z, k, F::f(value_at<T>(x, k)));
}
template <class T, class F>
void bound_first_values(const char *x, const char *, char *z, int64_t n, const char *s) {
  const T a = value_at<T>(s, 0);
  for (int64_t k = 0; k < n; ++k) set_at<T>(z, k, F::f(a, value_at<T>(x, k)));
}
template <class T, class F>
void bound_second_values(const char *x, const char *, char *z, int64_t n, const char *s) {
  const T b = value_at<T>(s, 0);
  for (int64_t k = 0; k < n; ++k) set_at<T>(z, k, F::f(value_at<T>(x, k), b));
}
template <class T, class F>
void fold_values(const char *x, int64_t n, char *z) {
  T acc = value_at<T>(x, 0);
  for (int64_t k = 1; k < n; ++k) acc = F::f(acc, value_at<T>(x, k));
  set_at<T>(z, 0, acc);
}

}  // namespace weft::lazy
