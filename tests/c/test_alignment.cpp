// NumPy's two alignments (seed 003): "true" alignment and "uint" alignment, for
// predefined and derived types, and the ALIGNED flag (weft_buffer_is_aligned).
#include "weft_test_util.hpp"

using namespace wt;

namespace {

struct Flags {
  bool aligned;
  bool uint_aligned;
  bool operator==(const Flags &o) const { return aligned == o.aligned && uint_aligned == o.uint_aligned; }
};
void PrintTo(const Flags &f, std::ostream *os) {
  *os << "{aligned=" << f.aligned << ", uint_aligned=" << f.uint_aligned << "}";
}

Flags flags(const void *buf, int64_t count, weft_type t) {
  // Query twice with opposite presets, so an output the library forgets to write
  // shows up as a disagreement.
  bool a = false, u = false;
  bool a2 = true, u2 = true;
  EXPECT_EQ(WEFT_SUCCESS, weft_buffer_is_aligned(buf, count, t, &a, &u)) << weft_last_error();
  EXPECT_EQ(WEFT_SUCCESS, weft_buffer_is_aligned(buf, count, t, &a2, &u2)) << weft_last_error();
  EXPECT_EQ(a, a2);
  EXPECT_EQ(u, u2);
  return {a, u};
}

alignas(64) unsigned char g_buf[1024];
const unsigned char *base() { return g_buf + 256; }  // 64-byte aligned, room both ways

}  // namespace

// ---- the seed's table (typical Linux x86_64 GCC) -----------------------------------

#if defined(__x86_64__)  // the values below are this platform's ABI
TEST(SeedTable, Complex64True4Uint8) {
  for (weft_type t : {WEFT_C_FLOAT_COMPLEX, WEFT_COMPLEX}) {
    SCOPED_TRACE(type_name(t));
    auto a = alignment_of(t);
    EXPECT_EQ(4, a.first);
    EXPECT_EQ(8, a.second);
  }
}
#endif

#if defined(__x86_64__)  // the values below are this platform's ABI
TEST(SeedTable, Float128True16Uint8) {
  // NumPy's float128 on x86_64 is C long double: 16 bytes, true alignment 16.
  EXPECT_EQ(16, size_of(WEFT_LONG_DOUBLE));
  auto a = alignment_of(WEFT_LONG_DOUBLE);
  EXPECT_EQ(16, a.first);
  EXPECT_EQ(8, a.second);
}
#endif

// uint8, uint16, uint32, uint64, uint64 copy elements of 1, 2, 4, 8, 16 bytes.
TEST(UintRule, BySize) {
  struct Case {
    weft_type t;
    int64_t size, uint_align;
  };
  for (const Case &c : {Case{WEFT_CHAR, 1, 1}, Case{WEFT_INT8, 1, 1}, Case{WEFT_BOOL, 1, 1},
                        Case{WEFT_SHORT, 2, 2}, Case{WEFT_UINT16, 2, 2}, Case{WEFT_INT, 4, 4},
                        Case{WEFT_FLOAT, 4, 4}, Case{WEFT_DOUBLE, 8, 8}, Case{WEFT_INT64, 8, 8},
                        Case{WEFT_C_FLOAT_COMPLEX, 8, 8}, Case{WEFT_C_DOUBLE_COMPLEX, 16, 8},
                        Case{WEFT_DOUBLE_COMPLEX, 16, 8}, Case{WEFT_LONG_DOUBLE, 16, 8}}) {
    SCOPED_TRACE(type_name(c.t));
    EXPECT_EQ(c.size, size_of(c.t));
    EXPECT_EQ(c.uint_align, alignment_of(c.t).second);
  }
}

// ---- derived types ----------------------------------------------------------------

TEST(DerivedAlignment, LargestOverBasicEntries) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  EXPECT_EQ(std::make_pair(int64_t(8), int64_t(8)), alignment_of(dc));
  Owned sh = contiguous(3, WEFT_SHORT);
  EXPECT_EQ(std::make_pair(int64_t(2), int64_t(2)), alignment_of(sh));
  // complex64 + char: true 4, uint 8
  Owned cc = structure({1, 1}, {0, 8}, {WEFT_C_FLOAT_COMPLEX, WEFT_CHAR});
  EXPECT_EQ(std::make_pair(int64_t(4), int64_t(8)), alignment_of(cc));
  // long double + short: true 16, uint 8
  Owned ls = structure({1, 2}, {0, 16}, {WEFT_LONG_DOUBLE, WEFT_SHORT});
  EXPECT_EQ(std::make_pair(int64_t(16), int64_t(8)), alignment_of(ls));
  // nested: vector of the struct keeps its alignment
  Owned v = vector(3, 1, 2, cc);
  EXPECT_EQ(std::make_pair(int64_t(4), int64_t(8)), alignment_of(v));
}

TEST(DerivedAlignment, MisplacedEntriesDoNotChangeTheTypesAlignment) {
  // {(char,0),(int,1)}: the int is misplaced, but the type's alignment is still 4
  // (it is a property of the entries' C types), and the extent is rounded to 4.
  Owned t = structure({1, 1}, {0, 1}, {WEFT_CHAR, WEFT_INT});
  EXPECT_EQ(std::make_pair(int64_t(4), int64_t(4)), alignment_of(t));
  WT_EXPECT_PROPS(t, 5, 0, 8, 8, 0, 5, 2);
}

TEST(DerivedAlignment, ResizedKeepsTheAlignment) {
  Owned r = resized(WEFT_DOUBLE, 0, 3);
  EXPECT_EQ(std::make_pair(int64_t(8), int64_t(8)), alignment_of(r));
  Owned r2 = resized(WEFT_LONG_DOUBLE, -5, 7);
  EXPECT_EQ(std::make_pair(int64_t(16), int64_t(8)), alignment_of(r2));
}

TEST(DerivedAlignment, NoEntriesGivesTrueAlignmentOne) {
  Owned e = contiguous(0, WEFT_DOUBLE);
  int64_t ta = -1;
  WT_EXPECT_OK(weft_type_alignment(e, &ta, nullptr));
  EXPECT_EQ(1, ta);
  Owned m = structure({1, 1}, {-3, 6}, {WEFT_LB, WEFT_UB});
  ta = -1;
  WT_EXPECT_OK(weft_type_alignment(m, &ta, nullptr));
  EXPECT_EQ(1, ta);
}

TEST(DerivedAlignment, EpsilonUsesTheTrueAlignment) {
  // complex64 (true 4, uint 8) followed by a char: end 9, rounded to 4 -> 12, not 16.
  Owned t = structure({1, 1}, {0, 8}, {WEFT_C_FLOAT_COMPLEX, WEFT_CHAR});
  WT_EXPECT_PROPS(t, 9, 0, 12, 12, 0, 9, 2);
  // long double (true 16) followed by a char: end 17 -> 32.
  Owned u = structure({1, 1}, {0, 16}, {WEFT_LONG_DOUBLE, WEFT_CHAR});
  WT_EXPECT_PROPS(u, 17, 0, 32, 32, 0, 17, 2);
}

// ---- weft_buffer_is_aligned -------------------------------------------------------

TEST(IsAligned, Double) {
  EXPECT_EQ((Flags{true, true}), flags(base(), 1, WEFT_DOUBLE));
  EXPECT_EQ((Flags{true, true}), flags(base() + 8, 1, WEFT_DOUBLE));
  EXPECT_EQ((Flags{false, false}), flags(base() + 4, 1, WEFT_DOUBLE));
  EXPECT_EQ((Flags{false, false}), flags(base() + 1, 1, WEFT_DOUBLE));
  EXPECT_EQ((Flags{true, true}), flags(base(), 10, WEFT_DOUBLE));
  EXPECT_EQ((Flags{false, false}), flags(base() + 2, 10, WEFT_DOUBLE));
}

TEST(IsAligned, Complex64TrueButNotUint) {
  EXPECT_EQ((Flags{true, false}), flags(base() + 4, 1, WEFT_C_FLOAT_COMPLEX));
  EXPECT_EQ((Flags{true, false}), flags(base() + 12, 3, WEFT_C_FLOAT_COMPLEX));
  EXPECT_EQ((Flags{true, true}), flags(base() + 8, 3, WEFT_C_FLOAT_COMPLEX));
  EXPECT_EQ((Flags{false, false}), flags(base() + 2, 1, WEFT_C_FLOAT_COMPLEX));
}

#if defined(__x86_64__)  // the values below are this platform's ABI
TEST(IsAligned, LongDoubleUintButNotTrue) {
  EXPECT_EQ((Flags{false, true}), flags(base() + 8, 1, WEFT_LONG_DOUBLE));
  EXPECT_EQ((Flags{true, true}), flags(base() + 16, 2, WEFT_LONG_DOUBLE));
  EXPECT_EQ((Flags{false, false}), flags(base() + 4, 1, WEFT_LONG_DOUBLE));
}
#endif

TEST(IsAligned, Char) {
  for (int off = 0; off < 8; ++off) EXPECT_EQ((Flags{true, true}), flags(base() + off, 5, WEFT_CHAR)) << off;
}

TEST(IsAligned, CountGreaterThanOneWithOddExtent) {
  // int with extent 6: copies at 0, 6, 12, ...
  Owned r = resized(WEFT_INT, 0, 6);
  EXPECT_EQ((Flags{true, true}), flags(base(), 1, r));
  EXPECT_EQ((Flags{false, false}), flags(base(), 2, r));
  EXPECT_EQ((Flags{false, false}), flags(base() + 2, 1, r));
  // extent 5 struct: {(char,0),(int,1)} resized to 5; at base+3 the first int is at 4,
  // the second at 9.
  Owned p = structure({1, 1}, {0, 1}, {WEFT_CHAR, WEFT_INT});
  Owned p5 = resized(p, 0, 5);
  EXPECT_EQ((Flags{true, true}), flags(base() + 3, 1, p5));
  EXPECT_EQ((Flags{false, false}), flags(base() + 3, 2, p5));
  EXPECT_EQ((Flags{false, false}), flags(base(), 1, p5));
  // double with extent 12: copy 1 is at +12 (true 8 fails)
  Owned d12 = resized(WEFT_DOUBLE, 0, 12);
  EXPECT_EQ((Flags{true, true}), flags(base(), 1, d12));
  EXPECT_EQ((Flags{false, false}), flags(base(), 2, d12));
  // complex64 with extent 12: copies at 0, 12, 24: true alignment 4 holds, uint 8 does not
  Owned c12 = resized(WEFT_C_FLOAT_COMPLEX, 0, 12);
  EXPECT_EQ((Flags{true, true}), flags(base(), 1, c12));
  EXPECT_EQ((Flags{true, false}), flags(base(), 2, c12));
  // extent 16 keeps both
  Owned c16 = resized(WEFT_C_FLOAT_COMPLEX, 0, 16);
  EXPECT_EQ((Flags{true, true}), flags(base(), 7, c16));
}

TEST(IsAligned, CountZeroIsVacuouslyAligned) {
  EXPECT_EQ((Flags{true, true}), flags(base() + 1, 0, WEFT_DOUBLE));
}

TEST(IsAligned, StridesAndDisplacements) {
  Owned hv = hvector(2, 1, 6, WEFT_INT);  // ints at 0, 6
  EXPECT_EQ((Flags{false, false}), flags(base(), 1, hv));
  Owned hv8 = hvector(3, 1, 8, WEFT_INT);  // ints at 0, 8, 16
  EXPECT_EQ((Flags{true, true}), flags(base(), 1, hv8));
  EXPECT_EQ((Flags{true, true}), flags(base() + 4, 1, hv8));
  // negative stride: doubles at 0, -8, -16
  Owned nv = vector(3, 1, -1, WEFT_DOUBLE);
  EXPECT_EQ((Flags{true, true}), flags(base() + 64, 1, nv));
  EXPECT_EQ((Flags{false, false}), flags(base() + 68, 1, nv));
  // a struct whose int sits at odd displacement 1
  Owned p = structure({1, 1}, {0, 1}, {WEFT_CHAR, WEFT_INT});
  EXPECT_EQ((Flags{false, false}), flags(base(), 1, p));
  EXPECT_EQ((Flags{true, true}), flags(base() + 3, 1, p));
  // mixed: complex64 at 4 (true ok, uint not) and double at 16
  Owned m = structure({1, 1}, {4, 16}, {WEFT_C_FLOAT_COMPLEX, WEFT_DOUBLE});
  EXPECT_EQ((Flags{true, false}), flags(base(), 1, m));
  EXPECT_EQ((Flags{false, false}), flags(base() + 4, 1, m));
}

TEST(IsAligned, MarkersDoNotCount) {
  // {(lb,-3),(int,0),(ub,6)}: extent 9, the int is at 0 relative to each copy
  Owned t = structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB});
  EXPECT_EQ((Flags{true, true}), flags(base(), 1, t));
  EXPECT_EQ((Flags{false, false}), flags(base(), 2, t));  // second int at +9
}

TEST(IsAligned, OutputsMayBeNull) {
  bool a = false;
  WT_EXPECT_OK(weft_buffer_is_aligned(base(), 1, WEFT_DOUBLE, nullptr, nullptr));
  WT_EXPECT_OK(weft_buffer_is_aligned(base(), 1, WEFT_DOUBLE, &a, nullptr));
  EXPECT_TRUE(a);
  bool u = true;
  WT_EXPECT_OK(weft_buffer_is_aligned(base() + 4, 1, WEFT_C_FLOAT_COMPLEX, nullptr, &u));
  EXPECT_FALSE(u);
}

TEST(IsAligned, AbsoluteAddressesWithBottom) {
  alignas(16) static double d[4];
  weft_aint ad = 0;
  WT_OK(weft_address(&d[1], &ad));
  Owned t = structure({1}, {ad}, {WEFT_DOUBLE});
  EXPECT_EQ((Flags{true, true}), flags(WEFT_BOTTOM, 1, t));
  Owned u = structure({1}, {ad + 4}, {WEFT_DOUBLE});
  EXPECT_EQ((Flags{false, false}), flags(WEFT_BOTTOM, 1, u));
}

TEST(IsAligned, UncommittedTypesAreFine) {
  Owned v = vector(2, 1, 3, WEFT_INT);  // not committed
  EXPECT_EQ((Flags{true, true}), flags(base(), 2, v));
}
