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
