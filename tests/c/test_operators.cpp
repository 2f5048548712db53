// The algebra of weft/algebra.h: every predefined unary, binary and index-unary operator
// on sample values (edge values included) against expressions written here, through the
// operators' C functions and domains; every predefined monoid's identity, terminal and
// operator; every predefined semiring's parts; user-defined operators, monoids and
// semirings with their error statuses (outputs unchanged), freeing rules and lifetimes;
// and the cast table between the predefined domains, through scalars.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "weft.h"

namespace {

// The C type of each type suffix of weft/algebra.h, written out here (independently of
// weft's own list).
using ctype_BOOL = bool;
using ctype_INT8 = int8_t;
using ctype_INT16 = int16_t;
using ctype_INT32 = int32_t;
using ctype_INT64 = int64_t;
using ctype_UINT8 = uint8_t;
using ctype_UINT16 = uint16_t;
using ctype_UINT32 = uint32_t;
using ctype_UINT64 = uint64_t;
using ctype_FP32 = float;
using ctype_FP64 = double;

template <class T>
constexpr bool is_bool_v = std::is_same_v<T, bool>;
template <class T>
constexpr bool is_int_v = std::is_integral_v<T> && !is_bool_v<T>;

// Values every operator is tried on: zeros, small values, the limits, and for floating
// types -0, infinities, NaN and subnormals.
template <class T>
std::vector<T> samples() {
  using L = std::numeric_limits<T>;
  if constexpr (is_bool_v<T>) {
    return {false, true};
  } else if constexpr (std::is_integral_v<T>) {
    std::vector<T> v = {T(0), T(1), T(2), T(7), T(100), L::max(), T(L::max() - 1), L::min()};
    if constexpr (std::is_signed_v<T>) {
      for (T x : {T(-1), T(-2), T(-7), T(-100), T(L::min() + 1)}) v.push_back(x);
    }
    return v;
  } else {
    return {T(0),           T(-0.0),        T(1),     T(-1),       T(2.5),   T(-7.25),        T(0.1), L::infinity(),
            -L::infinity(), L::quiet_NaN(), L::max(), L::lowest(), L::min(), L::denorm_min(), T(3)};
  }
}

// The same value: bit for bit, except that any NaN matches any NaN.
template <class T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
  } else {
    return a == b;
  }
}

// An operator's result: a value of T or (comparisons, tests) a bool.
template <class T>
struct Expected {
  bool is_bool = false;
  T value{};
  bool truth = false;
};
template <class T>
Expected<T> value(T v) {
  return {false, v, false};
}
template <class T>
Expected<T> truth(bool b) {
  return {true, T{}, b};
}

// Two's complement wrap-around: the low bits of a 64-bit unsigned computation.
template <class T>
T low_bits(uint64_t v) {
  return static_cast<T>(v);
}

// IEEE 754-2019 minimum/maximum, from their definition.
template <class T>
T ieee_min(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<T>::quiet_NaN();
  if (x == 0 && y == 0) return (std::signbit(x) || std::signbit(y)) ? T(-0.0) : T(0.0);
  return y < x ? y : x;
}
template <class T>
T ieee_max(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<T>::quiet_NaN();
  if (x == 0 && y == 0) return (std::signbit(x) && std::signbit(y)) ? T(-0.0) : T(0.0);
  return x < y ? y : x;
}

// What each binary operator of weft/algebra.h gives on T, written from its documentation.
template <class T>
Expected<T> ref_binary(const std::string &op, T x, T y) {
  const uint64_t ux = uint64_t(x), uy = uint64_t(y);
  if (op == "FIRST") return value(x);
  if (op == "SECOND" || op == "ANY") return value(y);  // weft's ANY gives y, as SuiteSparse's
  if (op == "ONEB" || op == "PAIR") return value(T(1));
  if (op == "EQ") return truth<T>(x == y);
  if (op == "NE") return truth<T>(x != y);
  if (op == "GT") return truth<T>(x > y);
  if (op == "LT") return truth<T>(x < y);
  if (op == "GE") return truth<T>(x >= y);
  if (op == "LE") return truth<T>(x <= y);
  if (op == "LOR") return value(T(x != 0 || y != 0));
  if (op == "LAND") return value(T(x != 0 && y != 0));
  if (op == "LXOR") return value(T((x != 0) != (y != 0)));
  if (op == "LXNOR") return value(T((x != 0) == (y != 0)));
  if constexpr (is_bool_v<T>) {
    if (op == "MIN" || op == "TIMES" || op == "BAND") return value(T(x && y));
    if (op == "MAX" || op == "PLUS" || op == "BOR") return value(T(x || y));
    if (op == "MINUS") return value(T(x != y));
    if (op == "DIV") return value(x);
  } else if constexpr (is_int_v<T>) {
    if (op == "MIN") return value(x < y ? x : y);
    if (op == "MAX") return value(x < y ? y : x);
    if (op == "PLUS") return value(low_bits<T>(ux + uy));
    if (op == "MINUS") return value(low_bits<T>(ux - uy));
    if (op == "TIMES") return value(low_bits<T>(ux * uy));
    if (op == "DIV") {
      if (y == 0) return value(T(0));
      if (std::is_signed_v<T> && y == T(-1)) return value(low_bits<T>(0 - ux));
      return value(T(x / y));
    }
    if (op == "BOR") return value(low_bits<T>(ux | uy));
    if (op == "BAND") return value(low_bits<T>(ux & uy));
    if (op == "BXOR") return value(low_bits<T>(ux ^ uy));
    if (op == "BXNOR") return value(low_bits<T>(~(ux ^ uy)));
  } else {
    if (op == "MIN") return value(ieee_min(x, y));
    if (op == "MAX") return value(ieee_max(x, y));
    if (op == "PLUS") return value(T(x + y));
    if (op == "MINUS") return value(T(x - y));
    if (op == "TIMES") return value(T(x * y));
    if (op == "DIV") return value(T(x / y));
  }
  ADD_FAILURE() << "no reference for binary " << op;
  return {};
}

template <class T>
T ref_unary(const std::string &op, T x) {
  if (op == "IDENTITY") return x;
  if constexpr (is_bool_v<T>) {
    if (op == "ABS" || op == "AINV") return x;
    if (op == "LNOT") return !x;
  } else if constexpr (is_int_v<T>) {
    if (op == "ABS") return std::is_signed_v<T> && x < 0 ? low_bits<T>(0 - uint64_t(x)) : x;
    if (op == "AINV") return low_bits<T>(0 - uint64_t(x));
    if (op == "BNOT") return low_bits<T>(~uint64_t(x));
  } else {
    if (op == "ABS") return std::signbit(x) ? -x : x;
    if (op == "AINV") return -x;
    if (op == "MINV") return T(1) / x;
  }
  ADD_FAILURE() << "no reference for unary " << op;
  return x;
}

bool is_comparison(const std::string &op) {
  return op == "EQ" || op == "NE" || op == "GT" || op == "LT" || op == "GE" || op == "LE";
}

// ---- Predefined operators ------------------------------------------------------------

template <class T>
void check_unary(const std::string &op, weft_unary_op h, weft_type type) {
  SCOPED_TRACE(op);
  weft_type z = nullptr, x = nullptr;
  ASSERT_EQ(weft_unary_op_types(h, &z, &x), WEFT_SUCCESS);
  EXPECT_EQ(z, type);
  EXPECT_EQ(x, type);
  weft_unary_fn f = nullptr;
  ASSERT_EQ(weft_unary_op_function(h, &f), WEFT_SUCCESS);
  ASSERT_NE(f, nullptr);
  for (T a : samples<T>()) {
    T got{};
    f(&got, &a);
    EXPECT_TRUE(same(got, ref_unary(op, a))) << "x = " << +a << ": got " << +got;
    T in_place = a;
    f(&in_place, &in_place);  // z may alias x
    EXPECT_TRUE(same(in_place, got));
  }
}

template <class T>
void check_binary(const std::string &op, weft_binary_op h, weft_type type) {
  SCOPED_TRACE(op);
  weft_type z = nullptr, x = nullptr, y = nullptr;
  ASSERT_EQ(weft_binary_op_types(h, &z, &x, &y), WEFT_SUCCESS);
  EXPECT_EQ(z, is_comparison(op) ? WEFT_BOOL : type);
  EXPECT_EQ(x, type);
  EXPECT_EQ(y, type);
  weft_binary_fn f = nullptr;
  ASSERT_EQ(weft_binary_op_function(h, &f), WEFT_SUCCESS);
  ASSERT_NE(f, nullptr);
  for (T a : samples<T>())
    for (T b : samples<T>()) {
      Expected<T> want = ref_binary(op, a, b);
      if (want.is_bool) {
        bool got = !want.truth;
        f(&got, &a, &b);
        EXPECT_EQ(got, want.truth) << "x = " << +a << ", y = " << +b;
      } else {
        T got{};
        f(&got, &a, &b);
        EXPECT_TRUE(same(got, want.value)) << "x = " << +a << ", y = " << +b << ": got " << +got;
        T zx = a, zy = b;  // z may alias x or y
        f(&zx, &zx, &b);
        f(&zy, &a, &zy);
        EXPECT_TRUE(same(zx, got) && same(zy, got)) << "aliased, x = " << +a << ", y = " << +b;
      }
    }
}

TEST(PredefinedOperators, Unary) {
  int n = 0;
#define WEFT_TEST_UNARY_(op, type) \
  check_unary<ctype_##type>(#op, WEFT_##op##_##type, WEFT_##type), ++n;
  WEFT_PREDEFINED_UNARY_OPS(WEFT_TEST_UNARY_)
#undef WEFT_TEST_UNARY_
  check_unary<bool>("LNOT", WEFT_LNOT, WEFT_BOOL);
  EXPECT_EQ(n + 1, 44);  // GraphBLAS's 44
}

TEST(PredefinedOperators, Binary) {
  int n = 0;
#define WEFT_TEST_BINARY2_(op, type) check_binary<ctype_##type>(#op, WEFT_##op##_##type, WEFT_##type), ++n;
#define WEFT_TEST_BINARY1_(op) check_binary<bool>(#op, WEFT_##op, WEFT_BOOL), ++n;
  WEFT_PREDEFINED_BINARY_OPS(WEFT_TEST_BINARY2_)
  WEFT_PREDEFINED_BOOL_BINARY_OPS(WEFT_TEST_BINARY1_)
#undef WEFT_TEST_BINARY1_
#undef WEFT_TEST_BINARY2_
  EXPECT_EQ(n, 17 * 11 + 4 * 8 + 4);
}

// Spot checks of the documented edge cases, written out.
TEST(PredefinedOperators, EdgeCasesSpelledOut) {
  auto b32 = [](weft_binary_op op, int32_t x, int32_t y) {
    weft_binary_fn f;
    EXPECT_EQ(weft_binary_op_function(op, &f), WEFT_SUCCESS);
    int32_t z = 12345;
    f(&z, &x, &y);
    return z;
  };
  EXPECT_EQ(b32(WEFT_DIV_INT32, 7, 0), 0);
  EXPECT_EQ(b32(WEFT_DIV_INT32, INT32_MIN, -1), INT32_MIN);
  EXPECT_EQ(b32(WEFT_DIV_INT32, -7, 2), -3);  // C truncates toward zero
  EXPECT_EQ(b32(WEFT_PLUS_INT32, INT32_MAX, 1), INT32_MIN);
  EXPECT_EQ(b32(WEFT_ANY_INT32, 3, 5), 5);
  weft_unary_fn abs8, ainv_u8;
  ASSERT_EQ(weft_unary_op_function(WEFT_ABS_INT8, &abs8), WEFT_SUCCESS);
  ASSERT_EQ(weft_unary_op_function(WEFT_AINV_UINT8, &ainv_u8), WEFT_SUCCESS);
  int8_t m = INT8_MIN, am = 0;
  abs8(&am, &m);
  EXPECT_EQ(am, INT8_MIN);
  uint8_t one = 1, neg = 0;
  ainv_u8(&neg, &one);
  EXPECT_EQ(neg, 255);
  weft_binary_fn fmin64, fmax32;
  ASSERT_EQ(weft_binary_op_function(WEFT_MIN_FP64, &fmin64), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_function(WEFT_MAX_FP32, &fmax32), WEFT_SUCCESS);
  double nan = std::nan(""), one_d = 1.0, lo = 0.0;
  fmin64(&lo, &nan, &one_d);
  EXPECT_TRUE(std::isnan(lo));  // C's fmin would give 1
  fmin64(&lo, &one_d, &nan);
  EXPECT_TRUE(std::isnan(lo));
  float pz = 0.0f, nz = -0.0f, hi = 1.0f;
  fmax32(&hi, &nz, &pz);
  EXPECT_FALSE(std::signbit(hi));
  fmin64(&lo, &one_d, &one_d);
  weft_binary_fn div_bool;
  ASSERT_EQ(weft_binary_op_function(WEFT_DIV_BOOL, &div_bool), WEFT_SUCCESS);
  bool t = true, f = false, z = false;
  div_bool(&z, &t, &f);  // DIV on BOOL is FIRST: no division by false
  EXPECT_TRUE(z);
  weft_unary_fn minv;
  ASSERT_EQ(weft_unary_op_function(WEFT_MINV_FP64, &minv), WEFT_SUCCESS);
  double nzd = -0.0, r = 0;
  minv(&r, &nzd);
  EXPECT_EQ(r, -std::numeric_limits<double>::infinity());
}

// The index-unary operators, from their documented formulas in exact (128-bit) arithmetic.
template <class S>
void check_positional(const std::string &op, weft_index_unary_op h, weft_type ztype, weft_type stype) {
  SCOPED_TRACE(op);
  weft_type z = nullptr, x = WEFT_INT8, s = nullptr;
  ASSERT_EQ(weft_index_unary_op_types(h, &z, &x, &s), WEFT_SUCCESS);
  EXPECT_EQ(z, ztype);
  EXPECT_EQ(x, nullptr);  // any domain: the element is never read
  EXPECT_EQ(s, stype);
  weft_index_unary_fn f = nullptr;
  ASSERT_EQ(weft_index_unary_op_function(h, &f), WEFT_SUCCESS);
  const int64_t big = (int64_t(1) << 60) - 1;
  const int64_t coords[][2] = {{0, 0}, {0, 5}, {5, 0}, {3, 3}, {1000000, 7}, {big, 0}, {0, big}, {big, big}};
  using L = std::numeric_limits<S>;
  const std::vector<S> thunks = {S(0), S(1), S(-1), S(5), S(-5), L::max(), L::min()};
  for (const auto &c : coords)
    for (S sv : thunks) {
      const __int128 i = c[0], j = c[1], k = sv;
      const char garbage[16] = {};  // positional operators never read it
      if (op == "ROWINDEX" || op == "COLINDEX" || op == "DIAGINDEX") {
        const __int128 v = op == "ROWINDEX" ? i + k : op == "COLINDEX" ? j + k : j - i + k;
        S got = 0;
        f(&got, garbage, c[0], c[1], &sv);
        EXPECT_EQ(got, S(int64_t(v))) << c[0] << "," << c[1] << " s=" << +sv;  // int64 result, then C's cast
      } else {
        const bool want = op == "TRIL"      ? j <= i + k
                          : op == "TRIU"    ? j >= i + k
                          : op == "DIAG"    ? j == i + k
                          : op == "OFFDIAG" ? j != i + k
                          : op == "ROWLE"   ? i <= k
                          : op == "ROWGT"   ? i > k
                          : op == "COLLE"   ? j <= k
                                            : j > k;
        bool got = !want;
        f(&got, garbage, c[0], c[1], &sv);
        EXPECT_EQ(got, want) << c[0] << "," << c[1] << " s=" << +sv;
      }
    }
}

template <class T>
void check_value_test(const std::string &op, weft_index_unary_op h, weft_type type) {
  SCOPED_TRACE(op);
  weft_type z = nullptr, x = nullptr, s = nullptr;
  ASSERT_EQ(weft_index_unary_op_types(h, &z, &x, &s), WEFT_SUCCESS);
  EXPECT_EQ(z, WEFT_BOOL);
  EXPECT_EQ(x, type);
  EXPECT_EQ(s, type);
  weft_index_unary_fn f = nullptr;
  ASSERT_EQ(weft_index_unary_op_function(h, &f), WEFT_SUCCESS);
  const std::string cmp = op.substr(5);  // VALUEEQ -> EQ
  for (T a : samples<T>())
    for (T b : samples<T>()) {
      bool got = false;
      f(&got, &a, 3, 4, &b);
      EXPECT_EQ(got, ref_binary(cmp, a, b).truth) << "x = " << +a << ", s = " << +b;
    }
}

// VALUEEQ_T ... test the element; ROWINDEX_INT32 ... are positional with an s of T.
template <class T>
void check_typed_index_unary(const std::string &op, weft_index_unary_op h, weft_type type) {
  if (op.rfind("VALUE", 0) == 0) return check_value_test<T>(op, h, type);
  if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) check_positional<T>(op, h, type, type);
  else ADD_FAILURE() << op << " is positional on a type that is not INT32 or INT64";
}

TEST(PredefinedOperators, IndexUnary) {
  int n = 0;
#define WEFT_TEST_INDEX2_(op, type) check_typed_index_unary<ctype_##type>(#op, WEFT_##op##_##type, WEFT_##type), ++n;
#define WEFT_TEST_INDEX1_(op) check_positional<int64_t>(#op, WEFT_##op, WEFT_BOOL, WEFT_INT64), ++n;
  WEFT_PREDEFINED_INDEX_UNARY_OPS(WEFT_TEST_INDEX2_)
  WEFT_PREDEFINED_POSITIONAL_OPS(WEFT_TEST_INDEX1_)
#undef WEFT_TEST_INDEX1_
#undef WEFT_TEST_INDEX2_
  EXPECT_EQ(n, 80);  // GraphBLAS's 80
}

// ---- Predefined monoids --------------------------------------------------------------

std::map<std::string, weft_binary_op> binary_ops_by_name() {
  std::map<std::string, weft_binary_op> m;
#define WEFT_NAME2_(op, type) m[#op "_" #type] = WEFT_##op##_##type;
#define WEFT_NAME1_(op) m[#op] = WEFT_##op;
  WEFT_PREDEFINED_BINARY_OPS(WEFT_NAME2_)
  WEFT_PREDEFINED_BOOL_BINARY_OPS(WEFT_NAME1_)
#undef WEFT_NAME1_
#undef WEFT_NAME2_
  return m;
}

// The exported operator OP on TYPE: WEFT_OP_TYPE, or the BOOL-only WEFT_OP.
weft_binary_op exported_binary(const std::string &op, const std::string &type) {
  static const auto ops = binary_ops_by_name();
  auto it = ops.find(op + "_" + type);
  if (it != ops.end()) return it->second;
  it = ops.find(op);
  return type == "BOOL" && it != ops.end() ? it->second : nullptr;
}

template <class T>
T all_bits() {
  if constexpr (is_bool_v<T>) return true;
  else return low_bits<T>(~uint64_t(0));
}

// Identities and terminals as weft/algebra.h lists them.
template <class T>
T ref_identity(const std::string &op) {
  using L = std::numeric_limits<T>;
  if (op == "TIMES" || op == "LAND" || op == "LXNOR") return T(1);
  if (op == "MIN") return L::has_infinity ? L::infinity() : L::max();
  if (op == "MAX") return L::has_infinity ? -L::infinity() : L::lowest();
  if (op == "BAND" || op == "BXNOR") return all_bits<T>();
  return T(0);  // PLUS LOR BOR LXOR BXOR ANY
}
template <class T>
std::optional<T> ref_terminal(const std::string &op) {
  using L = std::numeric_limits<T>;
  if (op == "LAND" || op == "BAND" || op == "ANY") return T(0);
  if (op == "LOR") return T(1);
  if (op == "BOR") return all_bits<T>();
  if constexpr (std::is_integral_v<T>) {
    if (op == "TIMES") return T(0);
    if (op == "MIN") return L::lowest();
    if (op == "MAX") return L::max();
  }
  return std::nullopt;
}

template <class T>
T monoid_apply(weft_monoid m, T x, T y) {
  T z{};
  EXPECT_EQ(weft_monoid_apply(m, &z, &x, &y), WEFT_SUCCESS);
  return z;
}

template <class T>
void check_monoid(const std::string &op, const std::string &tname, weft_monoid m, weft_type type) {
  SCOPED_TRACE(op + "_MONOID_" + tname);
  weft_type d = nullptr;
  ASSERT_EQ(weft_monoid_domain(m, &d), WEFT_SUCCESS);
  EXPECT_EQ(d, type);
  T id{};
  ASSERT_EQ(weft_monoid_identity(m, &id), WEFT_SUCCESS);
  EXPECT_TRUE(same(id, ref_identity<T>(op))) << +id;
  T term = T(3);
  bool has = !ref_terminal<T>(op).has_value();
  ASSERT_EQ(weft_monoid_terminal(m, &term, &has), WEFT_SUCCESS);
  EXPECT_EQ(has, ref_terminal<T>(op).has_value());
  if (has) EXPECT_TRUE(same(term, *ref_terminal<T>(op)));
  else EXPECT_EQ(term, T(3));  // untouched
  bool has_only = !has;
  ASSERT_EQ(weft_monoid_terminal(m, nullptr, &has_only), WEFT_SUCCESS);
  EXPECT_EQ(has_only, has);
  // The operator: the exported one of the same name, or (LAND/LOR on integers, BAND/BOR
  // on BOOL) a predefined one without a name, on the monoid's domain.
  weft_binary_op bop = nullptr;
  ASSERT_EQ(weft_monoid_operator(m, &bop), WEFT_SUCCESS);
  if (weft_binary_op named = exported_binary(op, tname)) {
    EXPECT_EQ(bop, named);
  }
  check_binary<T>(op, bop, type);
  weft_binary_fn f1 = nullptr, f2 = nullptr;
  ASSERT_EQ(weft_binary_op_function(bop, &f1), WEFT_SUCCESS);
  ASSERT_EQ(weft_monoid_function(m, &f2), WEFT_SUCCESS);
  EXPECT_EQ(f1, f2);
  EXPECT_EQ(weft_binary_op_free(&bop), WEFT_INVALID_VALUE);  // predefined, also without a name
  // The identity is neutral (ANY: on the left only; LAND/LOR on integers: on 0 and 1),
  // the terminal absorbing (ANY: on the right only).
  const bool logical_on_int = is_int_v<T> && (op == "LAND" || op == "LOR");
  for (T x : samples<T>()) {
    if (logical_on_int && x != 0 && x != 1) continue;
    SCOPED_TRACE(::testing::Message() << "x = " << +x);
    const T left = monoid_apply(m, id, x), right = monoid_apply(m, x, id);
    if (std::is_floating_point_v<T> && op == "PLUS") {  // -0 + +0 is +0: numerically neutral
      EXPECT_TRUE(same(left, x) || (x == 0 && left == 0));
      EXPECT_TRUE(same(right, x) || (x == 0 && right == 0));
    } else {
      EXPECT_TRUE(same(left, x));
      if (op != "ANY") {
        EXPECT_TRUE(same(right, x));
      }
    }
    if (has) {
      EXPECT_TRUE(same(monoid_apply(m, x, term), term));
      if (op != "ANY") {
        EXPECT_TRUE(same(monoid_apply(m, term, x), term));
      }
    }
  }
}

TEST(PredefinedMonoids, IdentitiesTerminalsAndOperators) {
  int n = 0;
#define WEFT_TEST_MONOID_(op, type) \
  check_monoid<ctype_##type>(#op, #type, WEFT_##op##_MONOID_##type, WEFT_##type), ++n;
  WEFT_PREDEFINED_MONOIDS(WEFT_TEST_MONOID_)
#undef WEFT_TEST_MONOID_
  EXPECT_EQ(n, 4 * 10 + 4 * 9 + 2 + 2 * 8 + 11);
}

TEST(PredefinedMonoids, AcceptTypesOfTheSameRepresentation) {
  bool ok = false;
  ASSERT_EQ(weft_monoid_accepts(WEFT_ANY_MONOID_INT32, WEFT_INTEGER, &ok), WEFT_SUCCESS);
  EXPECT_TRUE(ok);
  ASSERT_EQ(weft_monoid_accepts(WEFT_LXOR_MONOID_BOOL, WEFT_BOOL, &ok), WEFT_SUCCESS);
  EXPECT_TRUE(ok);
  ASSERT_EQ(weft_monoid_accepts(WEFT_BXOR_MONOID_UINT64, WEFT_INT64, &ok), WEFT_SUCCESS);
  EXPECT_FALSE(ok);
  ASSERT_EQ(weft_monoid_accepts(WEFT_PLUS_MONOID_FP32, WEFT_REAL, &ok), WEFT_SUCCESS);
  EXPECT_TRUE(ok);
}

// ---- Predefined semirings ------------------------------------------------------------

std::map<std::string, weft_monoid> monoids_by_name() {
  std::map<std::string, weft_monoid> m;
#define WEFT_NAME_(op, type) m[#op "_" #type] = WEFT_##op##_MONOID_##type;
  WEFT_PREDEFINED_MONOIDS(WEFT_NAME_)
#undef WEFT_NAME_
  return m;
}

void check_semiring(const std::string &name, const std::string &type, weft_semiring s) {
  SCOPED_TRACE(name + "_SEMIRING_" + type);
  static const auto monoids = monoids_by_name();
  const size_t cut = name.find('_');
  const std::string add = name.substr(0, cut), mult = name.substr(cut + 1);
  weft_monoid a = nullptr;
  weft_binary_op m = nullptr;
  ASSERT_EQ(weft_semiring_add(s, &a), WEFT_SUCCESS);
  ASSERT_EQ(weft_semiring_multiply(s, &m), WEFT_SUCCESS);
  ASSERT_TRUE(monoids.count(add + "_" + type));
  EXPECT_EQ(a, monoids.at(add + "_" + type));
  EXPECT_EQ(m, exported_binary(mult, type));
  weft_semiring copy = s;
  EXPECT_EQ(weft_semiring_free(&copy), WEFT_INVALID_VALUE);
  EXPECT_EQ(copy, s);
}

TEST(PredefinedSemirings, Parts) {
  int n = 0;
#define WEFT_TEST_SEMIRING_(name, type) check_semiring(#name, #type, WEFT_##name##_SEMIRING_##type), ++n;
  WEFT_PREDEFINED_SEMIRINGS(WEFT_TEST_SEMIRING_)
#undef WEFT_TEST_SEMIRING_
  EXPECT_EQ(n, 124 + 3 * 10 + 3 * 11 + 1);  // GraphBLAS's 124 and the extensions
  weft_monoid a = nullptr;
  weft_binary_op m = nullptr;
  ASSERT_EQ(weft_semiring_add(WEFT_PLUS_TIMES_SEMIRING_FP64, &a), WEFT_SUCCESS);
  ASSERT_EQ(weft_semiring_multiply(WEFT_PLUS_TIMES_SEMIRING_FP64, &m), WEFT_SUCCESS);
  EXPECT_EQ(a, WEFT_PLUS_MONOID_FP64);
  EXPECT_EQ(m, WEFT_TIMES_FP64);
  ASSERT_EQ(weft_semiring_multiply(WEFT_LOR_LAND_SEMIRING_BOOL, &m), WEFT_SUCCESS);
  EXPECT_EQ(m, WEFT_LAND);
}

TEST(PredefinedObjects, CannotBeFreedAndOtherKindsAreRejected) {
  weft_unary_op u = WEFT_ABS_FP64;
  weft_binary_op b = WEFT_PLUS_INT8;
  weft_index_unary_op i = WEFT_TRIL;
  weft_monoid m = WEFT_ANY_MONOID_BOOL;
  EXPECT_EQ(weft_unary_op_free(&u), WEFT_INVALID_VALUE);
  EXPECT_EQ(weft_binary_op_free(&b), WEFT_INVALID_VALUE);
  EXPECT_EQ(weft_index_unary_op_free(&i), WEFT_INVALID_VALUE);
  EXPECT_EQ(weft_monoid_free(&m), WEFT_INVALID_VALUE);
  EXPECT_EQ(u, WEFT_ABS_FP64);
  EXPECT_EQ(b, WEFT_PLUS_INT8);
  EXPECT_EQ(i, WEFT_TRIL);
  EXPECT_EQ(m, WEFT_ANY_MONOID_BOOL);
  // A handle of another kind, or an address that is none.
  weft_binary_fn f = nullptr;
  EXPECT_EQ(weft_binary_op_function(reinterpret_cast<weft_binary_op>(WEFT_ABS_FP64), &f), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_binary_op_function(reinterpret_cast<weft_binary_op>(WEFT_PLUS_MONOID_FP64), &f), WEFT_INVALID_HANDLE);
  int garbage[8] = {};
  EXPECT_EQ(weft_binary_op_function(reinterpret_cast<weft_binary_op>(garbage), &f), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_unary_op_function(nullptr, nullptr), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_unary_op_function(WEFT_ABS_FP64, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(f, nullptr);
  EXPECT_EQ(weft_binary_op_types(WEFT_PLUS_INT8, nullptr, nullptr, nullptr), WEFT_SUCCESS);  // every output optional
  EXPECT_EQ(weft_monoid_identity(WEFT_PLUS_MONOID_INT8, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_monoid_terminal(WEFT_PLUS_MONOID_INT8, nullptr, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_monoid_function(WEFT_PLUS_MONOID_INT8, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_semiring_add(WEFT_PLUS_TIMES_SEMIRING_FP64, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_semiring_multiply(reinterpret_cast<weft_semiring>(WEFT_PLUS_MONOID_FP64), &b), WEFT_INVALID_HANDLE);
}

// ---- User-defined operators, monoids and semirings -----------------------------------

struct Span {
  int32_t lo;
  double hi;
};

void span_hull(void *z, const void *x, const void *y) {
  Span a, b;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&b, y, sizeof b);
  Span r{a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  std::memcpy(z, &r, sizeof r);
}
void span_width(void *z, const void *x) {
  Span a;
  std::memcpy(&a, x, sizeof a);
  double w = a.hi - a.lo;
  std::memcpy(z, &w, sizeof w);
}
void span_reaches(void *z, const void *x, int64_t i, int64_t j, const void *thunk) {
  Span a;
  double s;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&s, thunk, sizeof s);
  bool r = a.hi + double(i + j) >= s;
  std::memcpy(z, &r, sizeof r);
}
void double_plus(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, 8);
  std::memcpy(&b, y, 8);
  a += b;
  std::memcpy(z, &a, 8);
}

// A struct domain {int32 lo; double hi} with C's layout (padding after lo).
class UserAlgebra : public ::testing::Test {
 protected:
  void SetUp() override {
    int64_t bl[2] = {1, 1};
    weft_aint disp[2] = {offsetof(Span, lo), offsetof(Span, hi)};
    weft_type tys[2] = {WEFT_INT32, WEFT_DOUBLE};
    ASSERT_EQ(weft_type_struct(2, bl, disp, tys, &span), WEFT_SUCCESS);
  }
  void TearDown() override {
    if (span) weft_type_free(&span);
  }
  weft_type span = nullptr;
};

TEST_F(UserAlgebra, OperatorsOnAStructDomain) {
  weft_unary_op u = nullptr;
  weft_binary_op b = nullptr;
  weft_index_unary_op iu = nullptr;
  ASSERT_EQ(weft_unary_op_new(span_width, WEFT_DOUBLE, span, &u), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_new(span_hull, span, span, span, &b), WEFT_SUCCESS);
  ASSERT_EQ(weft_index_unary_op_new(span_reaches, WEFT_BOOL, span, WEFT_DOUBLE, &iu), WEFT_SUCCESS);
  weft_type z, x, y;
  ASSERT_EQ(weft_unary_op_types(u, &z, &x), WEFT_SUCCESS);
  EXPECT_EQ(z, WEFT_DOUBLE);
  EXPECT_EQ(x, span);
  ASSERT_EQ(weft_binary_op_types(b, &z, &x, &y), WEFT_SUCCESS);
  EXPECT_TRUE(z == span && x == span && y == span);
  ASSERT_EQ(weft_index_unary_op_types(iu, &z, &x, &y), WEFT_SUCCESS);
  EXPECT_TRUE(z == WEFT_BOOL && x == span && y == WEFT_DOUBLE);
  weft_unary_fn uf = nullptr;
  weft_binary_fn bf = nullptr;
  weft_index_unary_fn iuf = nullptr;
  ASSERT_EQ(weft_unary_op_function(u, &uf), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_function(b, &bf), WEFT_SUCCESS);
  ASSERT_EQ(weft_index_unary_op_function(iu, &iuf), WEFT_SUCCESS);
  EXPECT_EQ(uf, &span_width);
  EXPECT_EQ(bf, &span_hull);
  EXPECT_EQ(iuf, &span_reaches);
  // The operators keep their domain alive: free the type, the queries still answer.
  ASSERT_EQ(weft_type_free(&span), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_types(b, &z, nullptr, nullptr), WEFT_SUCCESS);
  EXPECT_NE(z, nullptr);
  EXPECT_EQ(weft_unary_op_free(&u), WEFT_SUCCESS);
  EXPECT_EQ(weft_binary_op_free(&b), WEFT_SUCCESS);
  EXPECT_EQ(weft_index_unary_op_free(&iu), WEFT_SUCCESS);
  EXPECT_TRUE(u == nullptr && b == nullptr && iu == nullptr);
  EXPECT_EQ(weft_binary_op_free(&b), WEFT_INVALID_HANDLE);  // NULL handle
  EXPECT_EQ(weft_binary_op_free(nullptr), WEFT_NULL_POINTER);
}

TEST_F(UserAlgebra, OperatorErrorsLeaveTheOutputUnchanged) {
  const auto sentinel = reinterpret_cast<weft_binary_op>(uintptr_t(0x5E17));
  weft_binary_op b = sentinel;
  // Types that cannot be domains: a marker, no data, data at a negative displacement,
  // data beyond the extent.
  weft_type empty = nullptr, negative = nullptr, short_extent = nullptr, freed = nullptr;
  ASSERT_EQ(weft_type_contiguous(0, WEFT_INT32, &empty), WEFT_SUCCESS);
  int64_t one = 1;
  weft_aint minus8 = -8;
  ASSERT_EQ(weft_type_hindexed(1, &one, &minus8, WEFT_DOUBLE, &negative), WEFT_SUCCESS);
  ASSERT_EQ(weft_type_resized(WEFT_DOUBLE, 0, 4, &short_extent), WEFT_SUCCESS);
  ASSERT_EQ(weft_type_dup(WEFT_INT32, &freed), WEFT_SUCCESS);
  weft_type stale = freed;
  ASSERT_EQ(weft_type_free(&freed), WEFT_SUCCESS);
  int garbage[8] = {};
  const auto not_a_type = reinterpret_cast<weft_type>(garbage);
  EXPECT_EQ(weft_binary_op_new(nullptr, span, span, span, &b), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_binary_op_new(span_hull, span, span, span, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_binary_op_new(span_hull, nullptr, span, span, &b), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_binary_op_new(span_hull, span, stale, span, &b), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_binary_op_new(span_hull, span, span, not_a_type, &b), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_binary_op_new(span_hull, span, span, reinterpret_cast<weft_type>(WEFT_PLUS_INT8), &b),
            WEFT_INVALID_HANDLE);
  for (weft_type bad : {WEFT_LB, WEFT_UB, empty, negative, short_extent}) {
    EXPECT_EQ(weft_binary_op_new(span_hull, bad, span, span, &b), WEFT_INVALID_VALUE);
    EXPECT_EQ(weft_binary_op_new(span_hull, span, span, bad, &b), WEFT_INVALID_VALUE);
  }
  EXPECT_NE(std::string(weft_last_error()).find("weft_binary_op_new"), std::string::npos);
  EXPECT_EQ(b, sentinel);
  weft_unary_op u = reinterpret_cast<weft_unary_op>(sentinel);
  EXPECT_EQ(weft_unary_op_new(nullptr, WEFT_DOUBLE, span, &u), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_unary_op_new(span_width, WEFT_DOUBLE, nullptr, &u), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_unary_op_new(span_width, empty, span, &u), WEFT_INVALID_VALUE);
  EXPECT_EQ(u, reinterpret_cast<weft_unary_op>(sentinel));
  weft_index_unary_op iu = reinterpret_cast<weft_index_unary_op>(sentinel);
  EXPECT_EQ(weft_index_unary_op_new(nullptr, WEFT_BOOL, span, WEFT_DOUBLE, &iu), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_index_unary_op_new(span_reaches, WEFT_BOOL, nullptr, WEFT_DOUBLE, &iu), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_index_unary_op_new(span_reaches, WEFT_BOOL, span, negative, &iu), WEFT_INVALID_VALUE);
  EXPECT_EQ(weft_index_unary_op_new(span_reaches, WEFT_BOOL, span, WEFT_DOUBLE, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(iu, reinterpret_cast<weft_index_unary_op>(sentinel));
  // A long double is a user-defined domain (no predefined code), and a fine one.
  ASSERT_EQ(weft_binary_op_new(span_hull, WEFT_LONG_DOUBLE, WEFT_LONG_DOUBLE, WEFT_LONG_DOUBLE, &b), WEFT_SUCCESS);
  EXPECT_EQ(weft_binary_op_free(&b), WEFT_SUCCESS);
  for (weft_type *t : {&empty, &negative, &short_extent}) weft_type_free(t);
}

TEST_F(UserAlgebra, MonoidsCopyTheirElementsAndOutliveTheirOperator) {
  weft_binary_op hull = nullptr;
  ASSERT_EQ(weft_binary_op_new(span_hull, span, span, span, &hull), WEFT_SUCCESS);
  Span ident{INT32_MAX, -1e300}, term{INT32_MIN, 1e300};
  weft_monoid m = nullptr, mt = nullptr;
  ASSERT_EQ(weft_monoid_new(hull, &ident, &m), WEFT_SUCCESS);
  ASSERT_EQ(weft_monoid_new_terminal(hull, &ident, &term, &mt), WEFT_SUCCESS);
  ident = Span{0, 0};  // copied: the monoid does not see later changes
  term = Span{0, 0};
  weft_binary_op got_op = nullptr;
  ASSERT_EQ(weft_monoid_operator(m, &got_op), WEFT_SUCCESS);
  EXPECT_EQ(got_op, hull);
  weft_type d = nullptr;
  ASSERT_EQ(weft_monoid_domain(m, &d), WEFT_SUCCESS);
  EXPECT_EQ(d, span);
  // The operator's and the domain's handles may go: the monoids keep both.
  ASSERT_EQ(weft_binary_op_free(&hull), WEFT_SUCCESS);
  ASSERT_EQ(weft_type_free(&span), WEFT_SUCCESS);
  Span s{};
  ASSERT_EQ(weft_monoid_identity(m, &s), WEFT_SUCCESS);
  EXPECT_EQ(s.lo, INT32_MAX);
  EXPECT_EQ(s.hi, -1e300);
  bool has = true;
  s = Span{7, 7};
  ASSERT_EQ(weft_monoid_terminal(m, &s, &has), WEFT_SUCCESS);
  EXPECT_FALSE(has);
  EXPECT_EQ(s.lo, 7);  // untouched
  ASSERT_EQ(weft_monoid_terminal(mt, &s, &has), WEFT_SUCCESS);
  EXPECT_TRUE(has);
  EXPECT_EQ(s.lo, INT32_MIN);
  EXPECT_EQ(s.hi, 1e300);
  Span a{3, 1.0}, b{-2, 0.5}, c{};
  ASSERT_EQ(weft_monoid_apply(m, &c, &a, &b), WEFT_SUCCESS);
  EXPECT_EQ(c.lo, -2);
  EXPECT_EQ(c.hi, 1.0);
  weft_binary_fn f = nullptr;
  ASSERT_EQ(weft_monoid_function(m, &f), WEFT_SUCCESS);  // the function, whoever freed what
  EXPECT_EQ(f, &span_hull);
  EXPECT_EQ(weft_binary_op_function(got_op, &f), WEFT_INVALID_HANDLE);  // the caller's handle is gone
  bool ok = true;
  ASSERT_EQ(weft_monoid_accepts(m, WEFT_DOUBLE, &ok), WEFT_SUCCESS);
  EXPECT_FALSE(ok);
  ASSERT_EQ(weft_monoid_free(&m), WEFT_SUCCESS);
  ASSERT_EQ(weft_monoid_free(&mt), WEFT_SUCCESS);
  EXPECT_EQ(m, nullptr);
  EXPECT_EQ(weft_monoid_free(&m), WEFT_INVALID_HANDLE);
}

TEST_F(UserAlgebra, MonoidErrors) {
  const auto sentinel = reinterpret_cast<weft_monoid>(uintptr_t(0x5E17));
  weft_monoid m = sentinel;
  weft_binary_op mixed = nullptr, width = nullptr;
  ASSERT_EQ(weft_binary_op_new(span_hull, span, span, WEFT_DOUBLE, &mixed), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_new(double_plus, WEFT_DOUBLE, span, span, &width), WEFT_SUCCESS);
  Span ident{};
  EXPECT_EQ(weft_monoid_new(nullptr, &ident, &m), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_monoid_new(reinterpret_cast<weft_binary_op>(span), &ident, &m), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_monoid_new(WEFT_PLUS_FP64, nullptr, &m), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_monoid_new(WEFT_PLUS_FP64, &ident, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_monoid_new_terminal(WEFT_PLUS_FP64, &ident, nullptr, &m), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_monoid_new(mixed, &ident, &m), WEFT_DOMAIN_MISMATCH);
  EXPECT_EQ(weft_monoid_new(width, &ident, &m), WEFT_DOMAIN_MISMATCH);
  EXPECT_EQ(weft_monoid_new(WEFT_LT_FP64, &ident, &m), WEFT_DOMAIN_MISMATCH);  // BOOL = FP64 < FP64
  EXPECT_EQ(m, sentinel);
  // Types of one representation are one domain: WEFT_INT and WEFT_INT32.
  weft_binary_op alias = nullptr;
  ASSERT_EQ(weft_binary_op_new(span_hull, WEFT_INT, WEFT_INT32, WEFT_INTEGER, &alias), WEFT_SUCCESS);
  int32_t zero = 0;
  ASSERT_EQ(weft_monoid_new(alias, &zero, &m), WEFT_SUCCESS);
  EXPECT_EQ(weft_monoid_free(&m), WEFT_SUCCESS);
  // A user monoid on a predefined operator.
  double dz = 0, x = 1.5, y = 2.25, r = 0;
  ASSERT_EQ(weft_monoid_new(WEFT_PLUS_FP64, &dz, &m), WEFT_SUCCESS);
  ASSERT_EQ(weft_monoid_apply(m, &r, &x, &y), WEFT_SUCCESS);
  EXPECT_EQ(r, 3.75);
  bool ok = true;
  ASSERT_EQ(weft_monoid_accepts(m, WEFT_DOUBLE_PRECISION, &ok), WEFT_SUCCESS);
  EXPECT_FALSE(ok);  // a user monoid reduces its own domain type only
  EXPECT_EQ(weft_monoid_free(&m), WEFT_SUCCESS);
  for (weft_binary_op *op : {&mixed, &width, &alias}) EXPECT_EQ(weft_binary_op_free(op), WEFT_SUCCESS);
}

TEST_F(UserAlgebra, Semirings) {
  weft_binary_op hull = nullptr, less = nullptr;
  ASSERT_EQ(weft_binary_op_new(span_hull, span, span, span, &hull), WEFT_SUCCESS);
  Span ident{INT32_MAX, -1e300};
  weft_monoid add = nullptr;
  ASSERT_EQ(weft_monoid_new(hull, &ident, &add), WEFT_SUCCESS);
  const auto sentinel = reinterpret_cast<weft_semiring>(uintptr_t(0x5E17));
  weft_semiring s = sentinel;
  EXPECT_EQ(weft_semiring_new(add, hull, nullptr), WEFT_NULL_POINTER);
  EXPECT_EQ(weft_semiring_new(nullptr, hull, &s), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_semiring_new(add, nullptr, &s), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_semiring_new(add, WEFT_PLUS_FP64, &s), WEFT_DOMAIN_MISMATCH);
  EXPECT_EQ(weft_semiring_new(WEFT_PLUS_MONOID_INT32, WEFT_EQ_INT32, &s), WEFT_DOMAIN_MISMATCH);  // BOOL output
  EXPECT_EQ(s, sentinel);
  // The multiply's inputs may be any domains; its output is the monoid's.
  ASSERT_EQ(weft_semiring_new(WEFT_LOR_MONOID_BOOL, WEFT_EQ_INT32, &s), WEFT_SUCCESS);
  EXPECT_EQ(weft_semiring_free(&s), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_new(span_hull, span, WEFT_DOUBLE, WEFT_INT8, &less), WEFT_SUCCESS);
  ASSERT_EQ(weft_semiring_new(add, less, &s), WEFT_SUCCESS);
  weft_monoid got_add = nullptr;
  weft_binary_op got_mult = nullptr;
  ASSERT_EQ(weft_semiring_add(s, &got_add), WEFT_SUCCESS);
  ASSERT_EQ(weft_semiring_multiply(s, &got_mult), WEFT_SUCCESS);
  EXPECT_EQ(got_add, add);
  EXPECT_EQ(got_mult, less);
  // The semiring keeps its parts: free every other handle, then use it.
  ASSERT_EQ(weft_monoid_free(&add), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_free(&hull), WEFT_SUCCESS);
  ASSERT_EQ(weft_binary_op_free(&less), WEFT_SUCCESS);
  ASSERT_EQ(weft_type_free(&span), WEFT_SUCCESS);
  ASSERT_EQ(weft_semiring_add(s, &got_add), WEFT_SUCCESS);
  EXPECT_NE(got_add, nullptr);
  EXPECT_EQ(weft_semiring_free(&s), WEFT_SUCCESS);
  EXPECT_EQ(s, nullptr);
  EXPECT_EQ(weft_semiring_free(&s), WEFT_INVALID_HANDLE);
  EXPECT_EQ(weft_semiring_free(nullptr), WEFT_NULL_POINTER);
}

// ---- Casts between the predefined domains (through scalars) --------------------------

using fc32 = std::complex<float>;
using fc64 = std::complex<double>;
template <class T>
struct is_complex : std::false_type {};
template <class T>
struct is_complex<std::complex<T>> : std::true_type {};

// C's conversion made total, as weft/algebra.h states it, in long double.
template <class Z, class X>
Z ref_cast(X x) {
  if constexpr (is_complex<X>::value) {
    if constexpr (is_complex<Z>::value) return Z(typename Z::value_type(x.real()), typename Z::value_type(x.imag()));
    else if constexpr (is_bool_v<Z>) return x.real() != 0 || x.imag() != 0;
    else return ref_cast<Z>(x.real());
  } else if constexpr (is_complex<Z>::value) {
    return Z(ref_cast<typename Z::value_type>(x), 0);
  } else if constexpr (is_bool_v<Z>) {
    return x != 0;
  } else if constexpr (std::is_floating_point_v<X> && std::is_integral_v<Z>) {
    if (std::isnan(x)) return Z(0);
    const long double t = std::trunc((long double)x);
    if (t <= (long double)std::numeric_limits<Z>::lowest()) return std::numeric_limits<Z>::lowest();
    if (t >= (long double)std::numeric_limits<Z>::max()) return std::numeric_limits<Z>::max();
    return Z(t);
  } else {
    return static_cast<Z>(x);
  }
}

template <class T>
std::vector<T> cast_samples() {
  if constexpr (is_complex<T>::value) {
    using R = typename T::value_type;
    const R nan = std::numeric_limits<R>::quiet_NaN();
    return {T(0, 0), T(0, 1), T(R(3.75), 9), T(R(-2.5), 0), T(nan, 0), T(R(1e30), R(-1))};
  } else {
    std::vector<T> v = samples<T>();
    if constexpr (std::is_floating_point_v<T>) {
      for (double d : {300.7, -300.7, 2.9, -2.9, 65535.5, 4294967296.0, -2147483649.0, 9.3e18, 1.9e19, -9.3e18})
        v.push_back(T(d));
    }
    return v;
  }
}

template <class T>
bool same_value(T a, T b) {
  if constexpr (is_complex<T>::value) return same(a.real(), b.real()) && same(a.imag(), b.imag());
  else return same(a, b);
}

// x of type X set into a scalar of domain Z, extracted as Z.
template <class Z, class X>
void check_cast(weft_type ztype, weft_type xtype, const char *zname, const char *xname) {
  weft_scalar s = nullptr;
  ASSERT_EQ(weft_scalar_new(ztype, &s), WEFT_SUCCESS);
  for (X x : cast_samples<X>()) {
    ASSERT_EQ(weft_scalar_set_element(s, &x, xtype), WEFT_SUCCESS);
    Z got{};
    ASSERT_EQ(weft_scalar_extract_element(s, ztype, &got), WEFT_SUCCESS);
    const Z want = ref_cast<Z>(x);
    EXPECT_TRUE(same_value(got, want)) << xname << " -> " << zname << " of " << ::testing::PrintToString(x)
                                       << ": got " << ::testing::PrintToString(got) << ", want "
                                       << ::testing::PrintToString(want);
  }
  weft_scalar_free(&s);
}

#define WEFT_TEST_CAST_DOMAINS_(X)                                                                              \
  X(BOOL, bool) X(INT8, int8_t) X(INT16, int16_t) X(INT32, int32_t) X(INT64, int64_t) X(UINT8, uint8_t)         \
  X(UINT16, uint16_t) X(UINT32, uint32_t) X(UINT64, uint64_t) X(FP32, float) X(FP64, double) X(FC32, fc32)     \
  X(FC64, fc64)

template <class X>
void check_casts_from(weft_type xtype, const char *xname) {
#define WEFT_TEST_CAST_TO_(zname, ztype) check_cast<ztype, X>(WEFT_##zname, xtype, #zname, xname);
  WEFT_TEST_CAST_DOMAINS_(WEFT_TEST_CAST_TO_)
#undef WEFT_TEST_CAST_TO_
}

TEST(Casts, EveryPairOfPredefinedDomains) {
#define WEFT_TEST_CAST_FROM_(xname, xtype) check_casts_from<xtype>(WEFT_##xname, #xname);
  WEFT_TEST_CAST_DOMAINS_(WEFT_TEST_CAST_FROM_)
#undef WEFT_TEST_CAST_FROM_
}

// The documented cases, written out.
TEST(Casts, SpelledOut) {
  auto to = [](weft_type z, const void *x, weft_type xt, void *out) {
    weft_scalar s = nullptr;
    ASSERT_EQ(weft_scalar_new(z, &s), WEFT_SUCCESS);
    ASSERT_EQ(weft_scalar_set_element(s, x, xt), WEFT_SUCCESS);
    ASSERT_EQ(weft_scalar_extract_element(s, z, out), WEFT_SUCCESS);
    weft_scalar_free(&s);
  };
  double d = 300.7;
  int8_t i8 = 0;
  to(WEFT_INT8, &d, WEFT_FP64, &i8);
  EXPECT_EQ(i8, 127);  // saturates
  d = -1e300;
  int64_t i64 = 0;
  to(WEFT_INT64, &d, WEFT_FP64, &i64);
  EXPECT_EQ(i64, INT64_MIN);
  d = std::nan("");
  uint32_t u32 = 7;
  to(WEFT_UINT32, &d, WEFT_FP64, &u32);
  EXPECT_EQ(u32, 0u);  // NaN -> 0
  d = -2.9;
  int32_t i32 = 0;
  to(WEFT_INT32, &d, WEFT_FP64, &i32);
  EXPECT_EQ(i32, -2);  // toward zero
  int32_t minus1 = -1;
  uint8_t u8 = 0;
  to(WEFT_UINT8, &minus1, WEFT_INT32, &u8);
  EXPECT_EQ(u8, 255);  // integers: modular
  uint16_t big = 256;
  bool b = false;
  to(WEFT_BOOL, &big, WEFT_UINT16, &b);
  EXPECT_TRUE(b);  // x != 0, not the low byte
  fc64 c(3.75, 9.0);
  to(WEFT_INT32, &c, WEFT_FC64, &i32);
  EXPECT_EQ(i32, 3);  // the real part
  fc32 imag(0.0f, 1.0f);
  to(WEFT_BOOL, &imag, WEFT_FC32, &b);
  EXPECT_TRUE(b);
  int64_t n = -5;
  fc64 cz;
  to(WEFT_FC64, &n, WEFT_INT64, &cz);
  EXPECT_EQ(cz, fc64(-5.0, 0.0));
  EXPECT_EQ(WEFT_FC32, WEFT_C_FLOAT_COMPLEX);
  EXPECT_EQ(WEFT_FC64, WEFT_C_DOUBLE_COMPLEX);
}

}  // namespace
