// Monoids: the predefined ones (operators and Maia's identities for every type), aliases
// accepted as domains, user-defined monoids, and bad inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <cstddef>

#include "weft.h"

namespace {

template <class T>
T apply(weft_monoid m, T x, T y) {
  T z{};
  EXPECT_EQ(weft_monoid_apply(m, &z, &x, &y), WEFT_SUCCESS);
  return z;
}
template <class T>
T identity(weft_monoid m) {
  T v{};
  EXPECT_EQ(weft_monoid_identity(m, &v), WEFT_SUCCESS);
  return v;
}

TEST(Monoid, NumericIdentitiesAndOperators) {
  EXPECT_EQ(identity<int32_t>(WEFT_PLUS_MONOID_INT32), 0);
  EXPECT_EQ(identity<int32_t>(WEFT_TIMES_MONOID_INT32), 1);
  EXPECT_EQ(identity<int32_t>(WEFT_MIN_MONOID_INT32), std::numeric_limits<int32_t>::max());
  EXPECT_EQ(identity<int32_t>(WEFT_MAX_MONOID_INT32), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(identity<uint8_t>(WEFT_MIN_MONOID_UINT8), 255);
  EXPECT_EQ(identity<uint64_t>(WEFT_MAX_MONOID_UINT64), 0u);
  EXPECT_EQ(identity<double>(WEFT_MIN_MONOID_FP64), std::numeric_limits<double>::infinity());
  EXPECT_EQ(identity<float>(WEFT_MAX_MONOID_FP32), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(apply<int32_t>(WEFT_PLUS_MONOID_INT32, 40, 2), 42);
  EXPECT_EQ(apply<int64_t>(WEFT_TIMES_MONOID_INT64, -6, 7), -42);
  EXPECT_EQ(apply<double>(WEFT_MIN_MONOID_FP64, 1.5, -2.5), -2.5);
  EXPECT_EQ(apply<uint16_t>(WEFT_MAX_MONOID_UINT16, 65535, 3), 65535);
  EXPECT_EQ(apply<int8_t>(WEFT_PLUS_MONOID_INT8, 127, 1), -128);  // wraps like the C type
  // Integer PLUS and TIMES wrap like numpy's, without undefined behaviour (UBSan runs
  // this): signed overflow, and uint16 promoted to int.
  EXPECT_EQ(apply<int32_t>(WEFT_PLUS_MONOID_INT32, INT32_MAX, 1), INT32_MIN);
  EXPECT_EQ(apply<int64_t>(WEFT_TIMES_MONOID_INT64, INT64_MAX, 2), -2);
  EXPECT_EQ(apply<int64_t>(WEFT_PLUS_MONOID_INT64, INT64_MIN, -1), INT64_MAX);
  EXPECT_EQ(apply<uint16_t>(WEFT_TIMES_MONOID_UINT16, 65535, 65535), 1);
  EXPECT_EQ(apply<int16_t>(WEFT_TIMES_MONOID_INT16, -32768, -1), -32768);
}

// Floating MIN/MAX are IEEE 754-2019 minimum/maximum (numpy's minimum/maximum): NaN
// wins, -0 < +0, and both argument orders give the same bits (the indexer reduces in
// rank order, so an order-dependent operator would make results depend on the ranks).
template <class T>
void check_min_max_ieee(weft_monoid min, weft_monoid max) {
  const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
  const T values[] = {nan, -inf, T(-1.5), T(-0.0), T(0.0), T(2.5), inf};
  auto bits_equal = [](T a, T b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  for (T x : values) {
    for (T y : values) {
      T lo = apply<T>(min, x, y), hi = apply<T>(max, x, y);
      SCOPED_TRACE(::testing::Message() << "x=" << x << " (signbit " << std::signbit(x) << ") y=" << y
                                        << " (signbit " << std::signbit(y) << ")");
      if (std::isnan(x) || std::isnan(y)) {
        EXPECT_TRUE(std::isnan(lo));
        EXPECT_TRUE(std::isnan(hi));
        continue;
      }
      EXPECT_TRUE(bits_equal(lo, apply<T>(min, y, x))) << "MIN is symmetric";
      EXPECT_TRUE(bits_equal(hi, apply<T>(max, y, x))) << "MAX is symmetric";
      if (x == 0 && y == 0) {  // the zeros: -0 is the smaller
        EXPECT_EQ(std::signbit(lo), std::signbit(x) || std::signbit(y));
        EXPECT_EQ(std::signbit(hi), std::signbit(x) && std::signbit(y));
      } else {
        EXPECT_EQ(lo, x < y ? x : y);
        EXPECT_EQ(hi, x < y ? y : x);
      }
    }
  }
  // The identities stay neutral, also for NaN and -0.
  EXPECT_TRUE(std::isnan(apply<T>(min, identity<T>(min), nan)));
  EXPECT_TRUE(std::signbit(apply<T>(max, identity<T>(max), T(-0.0))));
  EXPECT_TRUE(std::signbit(apply<T>(min, T(-0.0), identity<T>(min))));
}

TEST(Monoid, FloatingMinMaxPropagateNaNSymmetrically) {
  check_min_max_ieee<double>(WEFT_MIN_MONOID_FP64, WEFT_MAX_MONOID_FP64);
  check_min_max_ieee<float>(WEFT_MIN_MONOID_FP32, WEFT_MAX_MONOID_FP32);
  // The reported case, reduced left to right in every order: numpy's minimum.at gives NaN.
  const double v[3] = {2.0, std::numeric_limits<double>::quiet_NaN(), 0.5};
  const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto &o : orders) {
    double acc = 1.0;
    for (int i : o) acc = apply<double>(WEFT_MIN_MONOID_FP64, acc, v[i]);
    EXPECT_TRUE(std::isnan(acc));
  }
}

TEST(Monoid, LogicalAndBitwise) {
  EXPECT_EQ(identity<bool>(WEFT_LAND_MONOID_BOOL), true);
  EXPECT_EQ(identity<bool>(WEFT_LOR_MONOID_BOOL), false);
  EXPECT_EQ(identity<bool>(WEFT_BAND_MONOID_BOOL), true);
  EXPECT_EQ(identity<int32_t>(WEFT_BAND_MONOID_INT32), -1);
  EXPECT_EQ(identity<uint32_t>(WEFT_BOR_MONOID_UINT32), 0u);
  EXPECT_EQ(identity<int64_t>(WEFT_LAND_MONOID_INT64), 1);
  EXPECT_EQ(apply<int32_t>(WEFT_LAND_MONOID_INT32, 5, 0), 0);
  EXPECT_EQ(apply<int32_t>(WEFT_LAND_MONOID_INT32, 5, -3), 1);
  EXPECT_EQ(apply<int16_t>(WEFT_LOR_MONOID_INT16, 0, 9), 1);
  EXPECT_EQ(apply<uint8_t>(WEFT_BAND_MONOID_UINT8, 0xF0, 0x3C), 0x30);
  EXPECT_EQ(apply<uint8_t>(WEFT_BOR_MONOID_UINT8, 0xF0, 0x0C), 0xFC);
  EXPECT_EQ(apply<bool>(WEFT_LOR_MONOID_BOOL, false, true), true);
}

TEST(Monoid, DomainsAndAliases) {
  weft_type d = nullptr;
  ASSERT_EQ(weft_monoid_domain(WEFT_PLUS_MONOID_FP64, &d), WEFT_SUCCESS);
  EXPECT_EQ(d, WEFT_DOUBLE);
  bool ok = false;
  for (weft_type t : {WEFT_INT, WEFT_INT32, WEFT_INTEGER}) {
    ASSERT_EQ(weft_monoid_accepts(WEFT_PLUS_MONOID_INT32, t, &ok), WEFT_SUCCESS);
    EXPECT_TRUE(ok);
  }
  for (weft_type t : {WEFT_UNSIGNED, WEFT_FLOAT, WEFT_INT64, WEFT_CHAR, WEFT_LOGICAL}) {
    ASSERT_EQ(weft_monoid_accepts(WEFT_PLUS_MONOID_INT32, t, &ok), WEFT_SUCCESS);
    EXPECT_FALSE(ok);
  }
  ASSERT_EQ(weft_monoid_accepts(WEFT_MAX_MONOID_FP64, WEFT_DOUBLE_PRECISION, &ok), WEFT_SUCCESS);
  EXPECT_TRUE(ok);
  weft_binary_op op = nullptr;
  ASSERT_EQ(weft_monoid_operator(WEFT_PLUS_MONOID_FP64, &op), WEFT_SUCCESS);
  EXPECT_EQ(op, WEFT_PLUS_FP64);
  weft_binary_fn f = nullptr, g = nullptr;
  ASSERT_EQ(weft_binary_op_function(op, &f), WEFT_SUCCESS);
  ASSERT_EQ(weft_monoid_function(WEFT_PLUS_MONOID_FP64, &g), WEFT_SUCCESS);
  EXPECT_EQ(f, g);
  double z, x = 1.25, y = 2.5;
  f(&z, &x, &y);
  EXPECT_EQ(z, 3.75);
}

struct Span {
  int32_t lo;
  double hi;
};
void span_op(void *z, const void *x, const void *y) {
  Span a, b;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&b, y, sizeof b);
  Span r{a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  std::memcpy(z, &r, sizeof r);
}

TEST(Monoid, UserDefinedOnAStruct) {
  int64_t bl[2] = {1, 1};
  weft_aint disp[2] = {offsetof(Span, lo), offsetof(Span, hi)};
  weft_type tys[2] = {WEFT_INT32, WEFT_DOUBLE}, t;
  ASSERT_EQ(weft_type_struct(2, bl, disp, tys, &t), WEFT_SUCCESS);
  Span ident{INT32_MAX, -1e300};
  weft_binary_op op = nullptr;
  ASSERT_EQ(weft_binary_op_new(span_op, t, t, t, &op), WEFT_SUCCESS);
  weft_monoid m = nullptr;
  ASSERT_EQ(weft_monoid_new(op, &ident, &m), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_free(&op), WEFT_SUCCESS);  // the monoid keeps its operator alive
  Span got{};
  ASSERT_EQ(weft_monoid_identity(m, &got), WEFT_SUCCESS);
  EXPECT_EQ(got.lo, INT32_MAX);
  EXPECT_EQ(got.hi, -1e300);
  Span a{3, 1.0}, b{-2, 0.5}, c{};
  ASSERT_EQ(weft_monoid_apply(m, &c, &a, &b), WEFT_SUCCESS);
  EXPECT_EQ(c.lo, -2);
  EXPECT_EQ(c.hi, 1.0);
  bool ok = false;
  ASSERT_EQ(weft_monoid_accepts(m, t, &ok), WEFT_SUCCESS);
  EXPECT_TRUE(ok);
  ASSERT_EQ(weft_monoid_accepts(m, WEFT_DOUBLE, &ok), WEFT_SUCCESS);
  EXPECT_FALSE(ok);
  ASSERT_EQ(weft_type_free(&t), WEFT_SUCCESS);  // the monoid keeps its domain alive
  weft_type d;
  ASSERT_EQ(weft_monoid_domain(m, &d), WEFT_SUCCESS);
  int64_t size;
  EXPECT_EQ(weft_type_size(d, &size), WEFT_INVALID_HANDLE);  // not a user handle: internal only
  ASSERT_EQ(weft_monoid_free(&m), WEFT_SUCCESS);
  EXPECT_EQ(m, nullptr);
  EXPECT_EQ(weft_monoid_free(&m), WEFT_INVALID_HANDLE);
}

TEST(Monoid, BadInputs) {
  weft_monoid m = reinterpret_cast<weft_monoid>(0x1);
  int32_t zero = 0;
  weft_binary_op mixed = nullptr;  // INT32 = INT32 op FP64: not one domain
  ASSERT_EQ(weft_binary_op_new(span_op, WEFT_INT32, WEFT_INT32, WEFT_DOUBLE, &mixed), WEFT_SUCCESS);
  EXPECT_EQ(weft_monoid_new(nullptr, &zero, &m), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_monoid_new(WEFT_PLUS_INT32, nullptr, &m), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_monoid_new(WEFT_PLUS_INT32, &zero, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_monoid_new(mixed, &zero, &m), WEFT_DOMAIN_MISMATCH);
  EXPECT_EQ(weft_monoid_new(WEFT_EQ_INT32, &zero, &m), WEFT_DOMAIN_MISMATCH);  // BOOL = INT32 == INT32
  EXPECT_EQ(m, reinterpret_cast<weft_monoid>(0x1));  // untouched
  ASSERT_EQ(weft_binary_op_free(&mixed), WEFT_SUCCESS);
  EXPECT_NE(std::string(weft_last_error()).find("weft_monoid_new"), std::string::npos);
  weft_monoid p = WEFT_PLUS_MONOID_INT32;
  EXPECT_EQ(weft_monoid_free(&p), WEFT_INVALID_VALUE);
  EXPECT_EQ(p, WEFT_PLUS_MONOID_INT32);
  int garbage = 0;
  EXPECT_EQ(weft_monoid_apply(reinterpret_cast<weft_monoid>(&garbage), &zero, &zero, &zero), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_monoid_identity(WEFT_PLUS_MONOID_INT32, nullptr), WEFT_NULL_POINTER);
}

}  // namespace
