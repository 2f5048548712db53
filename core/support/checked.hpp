// 64-bit arithmetic that reports overflow as WEFT_OVERFLOW instead of wrapping.
#pragma once
#include <cstdint>

#include "error.hpp"

namespace weft {

inline int64_t add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) fail(WEFT_OVERFLOW, "%lld + %lld overflows", (long long)a, (long long)b);
  return r;
}
inline int64_t sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) fail(WEFT_OVERFLOW, "%lld - %lld overflows", (long long)a, (long long)b);
  return r;
}
inline int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) fail(WEFT_OVERFLOW, "%lld * %lld overflows", (long long)a, (long long)b);
  return r;
}
// Mathematical modulo: result in [0, m) for m > 0.
inline int64_t mod(int64_t a, int64_t m) {
  int64_t r = a % m;
  return r < 0 ? r + m : r;
}
// Smallest multiple of m (> 0) that is >= a.
inline int64_t round_up(int64_t a, int64_t m) { return add(a, mod(-a, m)); }

}  // namespace weft
