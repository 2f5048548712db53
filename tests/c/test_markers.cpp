// LB/UB markers and bounds corner cases (MPICH-test style), following the MPI-1.1
// typemap-with-markers definition literally:
//   lb = lowest LB marker if any, else lowest displacement;
//   ub = highest UB marker if any, else highest entry end + epsilon (extent rounded up to
//        a multiple of the largest true alignment);
//   markers are sticky: every constructor displaces them with the data.
#include "weft_test_util.hpp"

using namespace wt;

namespace {

// {(lb,-3),(int,0),(ub,6)}: extent 9 (MPI-1.1 example 3.25)
Owned T1() { return structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB}); }

Typemap ints(std::initializer_list<weft_aint> ds) {
  Typemap tm;
  for (weft_aint d : ds) tm.push_back({WEFT_INT, d});
  return tm;
}

// Committed copy of t; pack of `count` copies equals the typemap gather.
void expect_pack_ok(weft_type t, int64_t count) {
  Owned c = dup(t);
  WT_OK(weft_type_commit(c));
  Arena a(1024, 1024);
  a.pattern(5);
  EXPECT_EQ(ref_pack(a.origin(), count, t), weft_pack_all(a.origin(), count, c));
}

}  // namespace

// ---- markers in a struct ----------------------------------------------------------

TEST(StructMarkers, LbOnlyGetsEpsilonOnTheUpperBound) {
  // lb -3, data ends at 4: extent 7 rounded up to 8, so ub = 5
  Owned t = structure({1, 1}, {-3, 0}, {WEFT_LB, WEFT_INT});
  EXPECT_EQ(ints({0}), typemap_of(t));
  WT_EXPECT_PROPS(t, 4, -3, 5, 8, 0, 4, 1);
}

TEST(StructMarkers, UbOnly) {
  Owned t = structure({1, 1}, {0, 2}, {WEFT_INT, WEFT_UB});
  WT_EXPECT_PROPS(t, 4, 0, 2, 2, 0, 4, 1);
  Owned u = structure({1, 1}, {4, 20}, {WEFT_INT, WEFT_UB});
  WT_EXPECT_PROPS(u, 4, 4, 20, 16, 4, 4, 1);
}

TEST(StructMarkers, LowestLbAndHighestUbWin) {
  Owned t = structure({1, 1, 1, 1, 1}, {5, -2, 0, 3, 10},
                      {WEFT_LB, WEFT_LB, WEFT_INT, WEFT_UB, WEFT_UB});
  EXPECT_EQ(ints({0}), typemap_of(t));
  WT_EXPECT_PROPS(t, 4, -2, 10, 12, 0, 4, 1);
}

TEST(StructMarkers, MarkersInsideTheData) {
  // bounds narrower than the data: lb 2, ub 3
  Owned t = structure({1, 1, 1}, {0, 2, 3}, {WEFT_INT, WEFT_LB, WEFT_UB});
  WT_EXPECT_PROPS(t, 4, 2, 3, 1, 0, 4, 1);
}

TEST(StructMarkers, MarkerBlockLengths) {
  Owned t = structure({2, 1, 3}, {-8, 0, 4}, {WEFT_LB, WEFT_INT, WEFT_UB});
  EXPECT_EQ(ints({0}), typemap_of(t));
  WT_EXPECT_PROPS(t, 4, -8, 4, 12, 0, 4, 1);
}

TEST(StructMarkers, UbMarkerSuppressesEpsilon) {
  Owned t = structure({1, 1, 1}, {0, 8, 9}, {WEFT_DOUBLE, WEFT_CHAR, WEFT_UB});
  WT_EXPECT_PROPS(t, 9, 0, 9, 9, 0, 9, 2);
  // with an LB marker at -1 and no UB: extent 10 rounded to 16
  Owned u = structure({1, 1, 1}, {-1, 0, 8}, {WEFT_LB, WEFT_DOUBLE, WEFT_CHAR});
  WT_EXPECT_PROPS(u, 9, -1, 15, 16, 0, 9, 2);
}

TEST(StructMarkers, OnlyMarkers) {
  Owned m = structure({1, 1}, {-3, 6}, {WEFT_LB, WEFT_UB});
  EXPECT_TRUE(typemap_of(m).empty());
  WT_EXPECT_PROPS(m, 0, -3, 6, 9, 0, 0, 0);
  Owned c = contiguous(2, m);
  EXPECT_TRUE(typemap_of(c).empty());
  WT_EXPECT_PROPS(c, 0, -3, 15, 18, 0, 0, 2);
  Owned v = vector(3, 1, 2, m);  // blocks at 0, 18, 36
  WT_EXPECT_PROPS(v, 0, -3, 42, 45, 0, 0, 3);
}

// ---- sticky markers through every constructor -------------------------------------

TEST(StickyMarkers, Contiguous) {
  Owned t1 = T1();
  Owned t = contiguous(2, t1);
  EXPECT_EQ(ints({0, 9}), typemap_of(t));
  WT_EXPECT_PROPS(t, 8, -3, 15, 18, 0, 13, 2);
  expect_pack_ok(t, 3);
}

TEST(StickyMarkers, Vector) {
  Owned t1 = T1();
  Owned t = vector(2, 1, 3, t1);
  EXPECT_EQ(ints({0, 27}), typemap_of(t));
  WT_EXPECT_PROPS(t, 8, -3, 33, 36, 0, 31, 2);
  Owned n = vector(2, 1, -1, t1);
  EXPECT_EQ(ints({0, -9}), typemap_of(n));
  WT_EXPECT_PROPS(n, 8, -12, 6, 18, -9, 13, 2);
  Owned b = vector(2, 2, 3, t1);
  EXPECT_EQ(ints({0, 9, 27, 36}), typemap_of(b));
  WT_EXPECT_PROPS(b, 16, -3, 42, 45, 0, 40, 4);
  expect_pack_ok(n, 3);
  expect_pack_ok(b, 2);
}

TEST(StickyMarkers, Hvector) {
  Owned t1 = T1();
  Owned t = hvector(2, 1, 100, t1);
  EXPECT_EQ(ints({0, 100}), typemap_of(t));
  WT_EXPECT_PROPS(t, 8, -3, 106, 109, 0, 104, 2);
  Owned n = hvector(2, 1, -100, t1);
  EXPECT_EQ(ints({0, -100}), typemap_of(n));
  WT_EXPECT_PROPS(n, 8, -103, 6, 109, -100, 104, 2);
  expect_pack_ok(n, 2);
}

TEST(StickyMarkers, Indexed) {
  Owned t1 = T1();
  Owned t = indexed({1, 1}, {2, 0}, t1);
  EXPECT_EQ(ints({18, 0}), typemap_of(t));
  WT_EXPECT_PROPS(t, 8, -3, 24, 27, 0, 22, 2);
  expect_pack_ok(t, 3);
}

TEST(StickyMarkers, Hindexed) {
  Owned t1 = T1();
  Owned t = hindexed({1, 2}, {100, 0}, t1);
  EXPECT_EQ(ints({100, 0, 9}), typemap_of(t));
  WT_EXPECT_PROPS(t, 12, -3, 106, 109, 0, 104, 3);
  expect_pack_ok(t, 2);
}

TEST(StickyMarkers, IndexedBlock) {
  Owned t1 = T1();
  Owned t = indexed_block(2, {0, 3}, t1);
  EXPECT_EQ(ints({0, 9, 27, 36}), typemap_of(t));
  WT_EXPECT_PROPS(t, 16, -3, 42, 45, 0, 40, 4);
}

TEST(StickyMarkers, HindexedBlock) {
  Owned t1 = T1();
  Owned t = hindexed_block(1, {10, -10}, t1);
  EXPECT_EQ(ints({10, -10}), typemap_of(t));
  WT_EXPECT_PROPS(t, 8, -13, 16, 29, -10, 24, 2);
  expect_pack_ok(t, 2);
}

TEST(StickyMarkers, StructLbMarkerAboveOtherData) {
  // T1 at 10 brings (lb,7) and (ub,16); the double at 0 lies below lb.
  Owned t1 = T1();
  Owned t = structure({1, 1}, {10, 0}, {t1, WEFT_DOUBLE});
  EXPECT_EQ((Typemap{{WEFT_INT, 10}, {WEFT_DOUBLE, 0}}), typemap_of(t));
  WT_EXPECT_PROPS(t, 12, 7, 16, 9, 0, 14, 2);
  expect_pack_ok(t, 3);
}

TEST(StickyMarkers, Subarray) {
  Owned t1 = T1();
  Owned t = subarray({3}, {1}, {1}, WEFT_ORDER_C, t1);
  EXPECT_EQ(ints({9}), typemap_of(t));
  WT_EXPECT_PROPS(t, 4, 0, 27, 27, 9, 4, 1);
}

TEST(StickyMarkers, Dup) {
  Owned t1 = T1();
  Owned t = dup(t1);
  EXPECT_EQ(ints({0}), typemap_of(t));
  WT_EXPECT_PROPS(t, 4, -3, 6, 9, 0, 4, 1);
}

TEST(StickyMarkers, ResizedReplacesThem) {
  Owned t1 = T1();
  Owned t = resized(t1, 0, 4);
  EXPECT_EQ(ints({0}), typemap_of(t));
  WT_EXPECT_PROPS(t, 4, 0, 4, 4, 0, 4, 1);
  Owned u = resized(t1, -1, 2);
  WT_EXPECT_PROPS(u, 4, -1, 1, 2, 0, 4, 1);
}

TEST(StickyMarkers, TwoLevels) {
  Owned t1 = T1();
  Owned v = vector(2, 1, 3, t1);  // lb -3, extent 36
  Owned t = contiguous(2, v);
  EXPECT_EQ(ints({0, 27, 36, 63}), typemap_of(t));
  WT_EXPECT_PROPS(t, 16, -3, 69, 72, 0, 67, 2);
  expect_pack_ok(t, 2);
}

// ---- resized ----------------------------------------------------------------------

TEST(Resized, NegativeExtent) {
  Owned r = resized(WEFT_INT, 0, -4);
  EXPECT_EQ(ints({0}), typemap_of(r));
  WT_EXPECT_PROPS(r, 4, 0, -4, -4, 0, 4, 1);
  // copies at 0, -4, -8; markers (lb,0),(ub,-4),(lb,-4),(ub,-8),(lb,-8),(ub,-12)
  Owned c = contiguous(3, r);
  EXPECT_EQ(ints({0, -4, -8}), typemap_of(c));
  WT_EXPECT_PROPS(c, 12, -8, -4, 4, -8, 12, 3);
  expect_pack_ok(r, 3);
  expect_pack_ok(c, 2);
  Owned d = resized(WEFT_DOUBLE, 8, -16);
  WT_EXPECT_PROPS(d, 8, 8, -8, -16, 0, 8, 1);
}

TEST(Resized, ZeroExtent) {
  Owned r = resized(WEFT_INT, 0, 0);
  WT_EXPECT_PROPS(r, 4, 0, 0, 0, 0, 4, 1);
  Owned c = contiguous(3, r);  // all copies at 0
  EXPECT_EQ(ints({0, 0, 0}), typemap_of(c));
  WT_EXPECT_PROPS(c, 12, 0, 0, 0, 0, 4, 3);
}

TEST(Resized, ResizedOfResized) {
  Owned inner = resized(WEFT_INT, -2, 10);
  WT_EXPECT_PROPS(inner, 4, -2, 8, 10, 0, 4, 1);
  Owned outer = resized(inner, 4, 8);
  EXPECT_EQ(ints({0}), typemap_of(outer));
  WT_EXPECT_PROPS(outer, 4, 4, 12, 8, 0, 4, 1);
  Owned c = contiguous(2, outer);
  EXPECT_EQ(ints({0, 8}), typemap_of(c));
  WT_EXPECT_PROPS(c, 8, 4, 20, 16, 0, 12, 2);
}

TEST(Resized, ExtentNotAMultipleOfTheAlignmentGetsNoEpsilon) {
  Owned r = resized(WEFT_INT, 0, 5);
  Owned c = contiguous(2, r);
  EXPECT_EQ(ints({0, 5}), typemap_of(c));
  WT_EXPECT_PROPS(c, 8, 0, 10, 10, 0, 9, 2);
  expect_pack_ok(c, 3);
}

// ---- negative strides and displacements -------------------------------------------

TEST(NegativeStrides, Vector) {
  Owned t = vector(3, 2, -3, WEFT_INT);
  EXPECT_EQ(ints({0, 4, -12, -8, -24, -20}), typemap_of(t));
  WT_EXPECT_PROPS(t, 24, -24, 8, 32, -24, 32, 6);
  expect_pack_ok(t, 3);
}

TEST(NegativeStrides, HvectorOverlappingWithEpsilon) {
  // ints at 0 and -1: lb -1, ends at 4, extent 5 rounded to 8
  Owned t = hvector(2, 1, -1, WEFT_INT);
  EXPECT_EQ(ints({0, -1}), typemap_of(t));
  WT_EXPECT_PROPS(t, 8, -1, 7, 8, -1, 5, 2);
  expect_pack_ok(t, 2);
}

TEST(NegativeStrides, HvectorShorts) {
  Owned t = hvector(3, 2, -10, WEFT_SHORT);
  EXPECT_EQ((Typemap{{WEFT_SHORT, 0},
                     {WEFT_SHORT, 2},
                     {WEFT_SHORT, -10},
                     {WEFT_SHORT, -8},
                     {WEFT_SHORT, -20},
                     {WEFT_SHORT, -18}}),
            typemap_of(t));
  WT_EXPECT_PROPS(t, 12, -20, 4, 24, -20, 24, 6);
}

TEST(NegativeStrides, IndexedNegativeDisplacement) {
  Owned t = indexed({1, 2}, {-3, 1}, WEFT_INT);
  EXPECT_EQ(ints({-12, 4, 8}), typemap_of(t));
  WT_EXPECT_PROPS(t, 12, -12, 12, 24, -12, 24, 3);
}

TEST(NegativeStrides, VectorOfPaddedStruct) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  Owned t = vector(2, 1, -1, dc);
  EXPECT_EQ((Typemap{{WEFT_DOUBLE, 0}, {WEFT_CHAR, 8}, {WEFT_DOUBLE, -16}, {WEFT_CHAR, -8}}),
            typemap_of(t));
  WT_EXPECT_PROPS(t, 18, -16, 16, 32, -16, 25, 2);
}

// ---- epsilon ----------------------------------------------------------------------

TEST(Epsilon, RoundsToLargestAlignment) {
  Owned a = structure({1, 1}, {0, 4}, {WEFT_INT, WEFT_CHAR});
  WT_EXPECT_PROPS(a, 5, 0, 8, 8, 0, 5, 2);
  Owned b = structure({1, 1}, {0, 1}, {WEFT_CHAR, WEFT_SHORT});
  WT_EXPECT_PROPS(b, 3, 0, 4, 4, 0, 3, 2);
  Owned c = contiguous(2, a);
  WT_EXPECT_PROPS(c, 10, 0, 16, 16, 0, 13, 2);
  Owned d = structure({3}, {0}, {WEFT_CHAR});
  WT_EXPECT_PROPS(d, 3, 0, 3, 3, 0, 3, 3);
}

// ---- zero counts and empty types --------------------------------------------------

TEST(ZeroCounts, EmptyTypes) {
  Owned t1 = T1();
  std::vector<Owned> empties;
  empties.push_back(contiguous(0, WEFT_INT));
  empties.push_back(contiguous(0, t1));
  empties.push_back(vector(0, 3, 2, WEFT_INT));
  empties.push_back(vector(3, 0, 2, WEFT_INT));
  empties.push_back(hvector(0, 1, 8, WEFT_DOUBLE));
  empties.push_back(hvector(2, 0, 8, t1));
  empties.push_back(indexed({0, 0}, {1, 2}, WEFT_INT));
  empties.push_back(hindexed({0}, {8}, WEFT_INT));
  empties.push_back(indexed_block(0, {3, 4}, WEFT_INT));
  empties.push_back(hindexed_block(0, {3, 4}, t1));
  empties.push_back(structure({0, 0}, {4, 8}, {WEFT_INT, WEFT_DOUBLE}));
  empties.push_back(structure({0, 0, 0}, {-50, 0, 50}, {WEFT_LB, WEFT_INT, WEFT_UB}));
  for (size_t i = 0; i < empties.size(); ++i) {
    SCOPED_TRACE(i);
    ASSERT_NE(nullptr, empties[i].get());
    EXPECT_TRUE(typemap_of(empties[i]).empty());
    WT_EXPECT_PROPS(empties[i], 0, 0, 0, 0, 0, 0, 0);
  }
}

TEST(ZeroCounts, NullArraysWithZeroCount) {
  weft_type t = nullptr;
  WT_OK(weft_type_indexed(0, nullptr, nullptr, WEFT_INT, &t));
  WT_EXPECT_PROPS(t, 0, 0, 0, 0, 0, 0, 0);
  WT_EXPECT_OK(weft_type_free(&t));
  WT_OK(weft_type_hindexed(0, nullptr, nullptr, WEFT_INT, &t));
  WT_EXPECT_OK(weft_type_free(&t));
  WT_OK(weft_type_indexed_block(0, 3, nullptr, WEFT_INT, &t));
  WT_EXPECT_OK(weft_type_free(&t));
  WT_OK(weft_type_hindexed_block(0, 3, nullptr, WEFT_INT, &t));
  WT_EXPECT_OK(weft_type_free(&t));
  WT_OK(weft_type_struct(0, nullptr, nullptr, nullptr, &t));
  WT_EXPECT_PROPS(t, 0, 0, 0, 0, 0, 0, 0);
  WT_EXPECT_OK(weft_type_free(&t));
  WT_OK(weft_type_struct_aligned(0, nullptr, nullptr, nullptr, &t));
  WT_EXPECT_PROPS(t, 0, 0, 0, 0, 0, 0, 0);
  WT_EXPECT_OK(weft_type_free(&t));
}

TEST(ZeroCounts, ZeroBlocksContributeNoMarkers) {
  Owned t1 = T1();
  // zero copies of T1 at 100: neither data nor markers
  Owned s = structure({0, 1}, {100, 0}, {t1, WEFT_INT});
  EXPECT_EQ(ints({0}), typemap_of(s));
  WT_EXPECT_PROPS(s, 4, 0, 4, 4, 0, 4, 1);
  // zero-length block at displacement 5 does not move lb
  Owned ix = indexed({0, 2}, {5, 1}, WEFT_INT);
  EXPECT_EQ(ints({4, 8}), typemap_of(ix));
  WT_EXPECT_PROPS(ix, 8, 4, 12, 8, 4, 8, 2);
}

TEST(ZeroCounts, PackOfEmptyTypes) {
  Owned e = committed(contiguous(0, WEFT_INT));
  unsigned char out[4] = {9, 9, 9, 9};
  int64_t pos = 2;
  WT_EXPECT_OK(weft_pack(nullptr, 5, e, out, 4, &pos));
  EXPECT_EQ(2, pos);
  EXPECT_EQ(9, out[0]);
  EXPECT_EQ(9, out[3]);
  int64_t ps = -1;
  WT_EXPECT_OK(weft_pack_size(5, e, &ps));
  EXPECT_EQ(0, ps);
}

// ---- is_contiguous ----------------------------------------------------------------

TEST(IsContiguous, Cases) {
  Owned c = contiguous(4, WEFT_INT);
  EXPECT_TRUE(is_contiguous(c));
  Owned hv = hvector(2, 1, 4, WEFT_INT);
  EXPECT_TRUE(is_contiguous(hv));
  Owned v = vector(2, 3, 3, WEFT_DOUBLE);
  EXPECT_TRUE(is_contiguous(v));
  Owned gap = vector(2, 1, 2, WEFT_INT);
  EXPECT_FALSE(is_contiguous(gap));
  Owned r = resized(WEFT_INT, 0, 8);
  EXPECT_FALSE(is_contiguous(r));
  // gap-free but not in typemap order
  Owned rev = structure({1, 1}, {4, 0}, {WEFT_INT, WEFT_INT});
  EXPECT_FALSE(is_contiguous(rev));
  Owned t1 = T1();
  EXPECT_FALSE(is_contiguous(t1));
  Owned ub = structure({1, 1}, {0, 4}, {WEFT_INT, WEFT_UB});
  EXPECT_TRUE(is_contiguous(ub));
  // data at 0..4, copies every 4 bytes: gap free even though lb is -4
  Owned shifted = resized(WEFT_INT, -4, 4);
  EXPECT_TRUE(is_contiguous(shifted));
  Owned overlap = hvector(2, 1, 0, WEFT_INT);  // size 8, extent 4
  EXPECT_FALSE(is_contiguous(overlap));
  Owned padded = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});  // size 9, extent 16
  EXPECT_FALSE(is_contiguous(padded));
  Owned mixed = structure({1, 1, 2}, {0, 4, 8}, {WEFT_INT, WEFT_FLOAT, WEFT_DOUBLE});
  EXPECT_TRUE(is_contiguous(mixed));
  Owned negv = vector(2, 1, -1, WEFT_INT);  // ints at 0, -4: a run, but not in typemap order
  EXPECT_FALSE(is_contiguous(negv));
}

TEST(IsContiguous, SameAnswerBeforeAndAfterCommit) {
  std::vector<std::pair<std::string, Owned>> ts;
  Owned t1 = T1();
  ts.emplace_back("contiguous", contiguous(4, WEFT_INT));
  ts.emplace_back("hvector 4", hvector(2, 1, 4, WEFT_INT));
  ts.emplace_back("vector gap", vector(2, 1, 2, WEFT_INT));
  ts.emplace_back("reverse", structure({1, 1}, {4, 0}, {WEFT_INT, WEFT_INT}));
  ts.emplace_back("T1", dup(t1));
  ts.emplace_back("ub marker", structure({1, 1}, {0, 4}, {WEFT_INT, WEFT_UB}));
  ts.emplace_back("shifted", resized(WEFT_INT, -4, 4));
  ts.emplace_back("overlap", hvector(2, 1, 0, WEFT_INT));
  ts.emplace_back("mixed", structure({1, 1, 2}, {0, 4, 8}, {WEFT_INT, WEFT_FLOAT, WEFT_DOUBLE}));
  ts.emplace_back("negv", vector(2, 1, -1, WEFT_INT));
  ts.emplace_back("subarray whole", subarray({2, 3}, {2, 3}, {0, 0}, WEFT_ORDER_C, WEFT_SHORT));
  ts.emplace_back("subarray part", subarray({2, 3}, {1, 3}, {1, 0}, WEFT_ORDER_C, WEFT_SHORT));
  ts.emplace_back("padded", structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR}));
  for (auto &p : ts) {
    SCOPED_TRACE(p.first);
    bool before = is_contiguous(p.second);
    WT_OK(weft_type_commit(p.second));
    EXPECT_EQ(before, is_contiguous(p.second));
  }
}

// ---- struct of resized members (MPICH #2218, Open MPI #8560 / PR #8092) -------------

TEST(ResizedMembers, StructOfResized) {
  Owned r = resized(WEFT_INT, -2, 8);  // markers at -2 and 6
  Owned s = structure({1, 1}, {10, 0}, {r, WEFT_CHAR});
  EXPECT_EQ((Typemap{{WEFT_INT, 10}, {WEFT_CHAR, 0}}), typemap_of(s));
  WT_EXPECT_PROPS(s, 5, 8, 16, 8, 0, 14, 2);
}

TEST(ResizedMembers, ContiguousKeepsTheResizedExtent) {
  Owned r = resized(WEFT_INT, 0, 6);
  Owned c1 = contiguous(1, r);
  WT_EXPECT_PROPS(c1, 4, 0, 6, 6, 0, 4, 1);
  Owned c2 = contiguous(2, r);
  EXPECT_EQ(ints({0, 6}), typemap_of(c2));
  WT_EXPECT_PROPS(c2, 8, 0, 12, 12, 0, 10, 2);
}

TEST(ResizedMembers, VectorOfNegativeExtent) {
  Owned r = resized(WEFT_INT, 0, -4);
  // stride 2 elements of extent -4: block 1 at -8
  Owned v = vector(2, 1, 2, r);
  EXPECT_EQ(ints({0, -8}), typemap_of(v));
  WT_EXPECT_PROPS(v, 8, -8, -4, 4, -8, 12, 2);
  expect_pack_ok(v, 1);
}

// ---- huge types are described, never expanded --------------------------------------

TEST(HugeTypes, QueriesWithoutExpansion) {
  const int64_t n = INT64_MAX / 8;
  Owned big = contiguous(n, WEFT_DOUBLE);
  ASSERT_NE(nullptr, big.get());
  WT_EXPECT_PROPS(big, n * 8, 0, n * 8, n * 8, 0, n * 8, n);
  int64_t entries = -1;
  WT_EXPECT_OK(weft_type_typemap(big, 0, nullptr, nullptr, &entries));
  EXPECT_EQ(n, entries);
  weft_type b1 = sentinel_type();
  weft_aint d1 = -1;
  int64_t m = -1;
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_type_typemap", weft_type_typemap(big, 1, &b1, &d1, &m));
  EXPECT_EQ(sentinel_type(), b1);
  int64_t c = -1;
  WT_EXPECT_OK(weft_get_elements(big, 24, &c));
  EXPECT_EQ(3, c);
  WT_EXPECT_OK(weft_get_count(big, n * 8, &c));
  EXPECT_EQ(1, c);
  Owned v = vector(1 << 20, 1 << 20, 1 << 21, WEFT_CHAR);  // 2^40 bytes in 2^20 blocks
  WT_EXPECT_PROPS(v, int64_t(1) << 40, 0, (int64_t(1) << 41) - (int64_t(1) << 20),
                  (int64_t(1) << 41) - (int64_t(1) << 20), 0, (int64_t(1) << 41) - (int64_t(1) << 20),
                  int64_t(1) << 40);
}
