// The worked examples of MPI-1.1 §3.12 (seed 000): examples 3.18 – 3.25.
// The seed text lost its formulas; the typemaps below are those of the MPI-1.1 standard.
#include "weft_test_util.hpp"

using namespace wt;

namespace {

// type = {(double,0),(char,8)}
Owned double_char() { return structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR}); }

// Checks that weft_pack of `count` copies equals the typemap-order gather.
void expect_pack_matches_typemap(weft_type t, int64_t count, weft_aint before, weft_aint after) {
  Owned c = dup(t);
  WT_OK(weft_type_commit(c));
  Arena a(static_cast<size_t>(before), static_cast<size_t>(after));
  a.pattern(3);
  Bytes want = ref_pack(a.origin(), count, t);
  Bytes got = weft_pack_all(a.origin(), count, c);
  EXPECT_EQ(want, got);
}

}  // namespace

// Example 3.18: extent of {(double,0),(char,8)} is 16 (9 rounded up to a multiple of 8);
// a char followed by a double also has extent 16.
TEST(SeedExample, Ex3_18_DoubleThenChar) {
  Owned t = double_char();
  WT_EXPECT_PROPS(t, 9, 0, 16, 16, 0, 9, 2);
  EXPECT_EQ((Typemap{{WEFT_DOUBLE, 0}, {WEFT_CHAR, 8}}), typemap_of(t));
  auto al = alignment_of(t);
  EXPECT_EQ(8, al.first);
  EXPECT_EQ(8, al.second);
}

TEST(SeedExample, Ex3_18_CharThenDouble) {
  // "a character immediately followed by a double": {(char,0),(double,1)}
  Owned t = structure({1, 1}, {0, 1}, {WEFT_CHAR, WEFT_DOUBLE});
  WT_EXPECT_PROPS(t, 9, 0, 16, 16, 0, 9, 2);
  EXPECT_EQ((Typemap{{WEFT_CHAR, 0}, {WEFT_DOUBLE, 1}}), typemap_of(t));
  // and with the double at its aligned place {(char,0),(double,8)}
  Owned u = structure({1, 1}, {0, 8}, {WEFT_CHAR, WEFT_DOUBLE});
  WT_EXPECT_PROPS(u, 9, 0, 16, 16, 0, 16, 2);
  EXPECT_EQ((Typemap{{WEFT_CHAR, 0}, {WEFT_DOUBLE, 8}}), typemap_of(u));
}

// Example 3.19: contiguous(3, oldtype) = {(double,0),(char,8),(double,16),(char,24),
// (double,32),(char,40)}.
TEST(SeedExample, Ex3_19_Contiguous) {
  Owned old = double_char();
  Owned t = contiguous(3, old);
  EXPECT_EQ((Typemap{{WEFT_DOUBLE, 0},
                     {WEFT_CHAR, 8},
                     {WEFT_DOUBLE, 16},
                     {WEFT_CHAR, 24},
                     {WEFT_DOUBLE, 32},
                     {WEFT_CHAR, 40}}),
            typemap_of(t));
  // size 27, entries end at 41, extent rounded to 48
  WT_EXPECT_PROPS(t, 27, 0, 48, 48, 0, 41, 3);
  expect_pack_matches_typemap(t, 2, 0, 200);
}

// Example 3.20: vector(2, 3, 4, oldtype).
TEST(SeedExample, Ex3_20_Vector) {
  Owned old = double_char();
  Owned t = vector(2, 3, 4, old);
  EXPECT_EQ((Typemap{{WEFT_DOUBLE, 0},
                     {WEFT_CHAR, 8},
                     {WEFT_DOUBLE, 16},
                     {WEFT_CHAR, 24},
                     {WEFT_DOUBLE, 32},
                     {WEFT_CHAR, 40},
                     {WEFT_DOUBLE, 64},
                     {WEFT_CHAR, 72},
                     {WEFT_DOUBLE, 80},
                     {WEFT_CHAR, 88},
                     {WEFT_DOUBLE, 96},
                     {WEFT_CHAR, 104}}),
            typemap_of(t));
  WT_EXPECT_PROPS(t, 54, 0, 112, 112, 0, 105, 6);
  expect_pack_matches_typemap(t, 2, 0, 400);
}

// Example 3.21: vector(3, 1, -2, oldtype) = {(double,0),(char,8),(double,-32),(char,-24),
// (double,-64),(char,-56)}.
TEST(SeedExample, Ex3_21_VectorNegativeStride) {
  Owned old = double_char();
  Owned t = vector(3, 1, -2, old);
  EXPECT_EQ((Typemap{{WEFT_DOUBLE, 0},
                     {WEFT_CHAR, 8},
                     {WEFT_DOUBLE, -32},
                     {WEFT_CHAR, -24},
                     {WEFT_DOUBLE, -64},
                     {WEFT_CHAR, -56}}),
            typemap_of(t));
  // lb -64, entries end at 9: 73 rounded up to 80, so ub = 16.
  WT_EXPECT_PROPS(t, 27, -64, 16, 80, -64, 73, 3);
  expect_pack_matches_typemap(t, 3, 300, 300);
}

// Example 3.22: indexed(2, B=(3,1), D=(4,0), oldtype).
TEST(SeedExample, Ex3_22_Indexed) {
  Owned old = double_char();
  Owned t = indexed({3, 1}, {4, 0}, old);
  EXPECT_EQ((Typemap{{WEFT_DOUBLE, 64},
                     {WEFT_CHAR, 72},
                     {WEFT_DOUBLE, 80},
                     {WEFT_CHAR, 88},
                     {WEFT_DOUBLE, 96},
                     {WEFT_CHAR, 104},
                     {WEFT_DOUBLE, 0},
                     {WEFT_CHAR, 8}}),
            typemap_of(t));
  WT_EXPECT_PROPS(t, 36, 0, 112, 112, 0, 105, 4);
  expect_pack_matches_typemap(t, 2, 0, 400);
}

// Example 3.23: struct(3, B=(2,1,3), D=(0,16,26), T=(MPI_FLOAT, type1, MPI_CHAR)).
TEST(SeedExample, Ex3_23_Struct) {
  Owned type1 = double_char();
  Owned t = structure({2, 1, 3}, {0, 16, 26}, {WEFT_FLOAT, type1, WEFT_CHAR});
  EXPECT_EQ((Typemap{{WEFT_FLOAT, 0},
                     {WEFT_FLOAT, 4},
                     {WEFT_DOUBLE, 16},
                     {WEFT_CHAR, 24},
                     {WEFT_CHAR, 26},
                     {WEFT_CHAR, 27},
                     {WEFT_CHAR, 28}}),
            typemap_of(t));
  // 4+4+8+1+3 = 20 bytes; entries end at 29, largest alignment 8: extent 32.
  WT_EXPECT_PROPS(t, 20, 0, 32, 32, 0, 29, 6);
  auto al = alignment_of(t);
  EXPECT_EQ(8, al.first);
  EXPECT_EQ(8, al.second);
  expect_pack_matches_typemap(t, 3, 0, 200);
}

// Example 3.25: D=(-3,0,6), T=(MPI_LB, MPI_INT, MPI_UB): {(lb,-3),(int,0),(ub,6)},
// extent 9; contiguous(2) of it is {(lb,-3),(int,0),(int,9),(ub,15)}.
TEST(SeedExample, Ex3_25_Markers) {
  Owned type1 = structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB});
  EXPECT_EQ((Typemap{{WEFT_INT, 0}}), typemap_of(type1));
  WT_EXPECT_PROPS(type1, 4, -3, 6, 9, 0, 4, 1);

  Owned type2 = contiguous(2, type1);
  EXPECT_EQ((Typemap{{WEFT_INT, 0}, {WEFT_INT, 9}}), typemap_of(type2));
  WT_EXPECT_PROPS(type2, 8, -3, 15, 18, 0, 13, 2);
  expect_pack_matches_typemap(type2, 3, 16, 200);
}

// MPI-1.1 §3.12.5: a send of count copies is a send of one contiguous(count) copy.
TEST(SeedExample, CountIsContiguous) {
  Owned type1 = double_char();
  Owned t = committed(structure({2, 1, 3}, {0, 16, 26}, {WEFT_FLOAT, type1, WEFT_CHAR}));
  Owned c = committed(contiguous(4, t));
  Arena a(0, 400);
  a.pattern(11);
  EXPECT_EQ(weft_pack_all(a.origin(), 4, t), weft_pack_all(a.origin(), 1, c));
}

// Example 3.18 ff.: the MPI-1.1 equivalences of §3.12.1.
TEST(SeedExample, ConstructorEquivalences) {
  Owned old = double_char();
  // contiguous(count) == vector(count, 1, 1) == vector(1, count, n)
  Owned c = contiguous(3, old);
  Owned v1 = vector(3, 1, 1, old);
  Owned v2 = vector(1, 3, 7, old);
  EXPECT_EQ(typemap_of(c), typemap_of(v1));
  EXPECT_EQ(typemap_of(c), typemap_of(v2));
  EXPECT_EQ(extent_of(c), extent_of(v1));
  EXPECT_EQ(extent_of(c), extent_of(v2));
  // vector(count, bl, stride) == hvector(count, bl, stride*ex)
  Owned v = vector(2, 3, 4, old);
  Owned hv = hvector(2, 3, 4 * 16, old);
  EXPECT_EQ(typemap_of(v), typemap_of(hv));
  EXPECT_EQ(extent_of(v), extent_of(hv));
  // vector(count, bl, stride) == indexed(count, (bl..), (0, stride, 2*stride ..))
  Owned ix = indexed({3, 3}, {0, 4}, old);
  EXPECT_EQ(typemap_of(v), typemap_of(ix));
  EXPECT_EQ(extent_of(v), extent_of(ix));
  // indexed == hindexed with displacements * ex
  Owned ix2 = indexed({3, 1}, {4, 0}, old);
  Owned hix = hindexed({3, 1}, {64, 0}, old);
  EXPECT_EQ(typemap_of(ix2), typemap_of(hix));
  // indexed_block == indexed with equal block lengths
  Owned ib = indexed_block(2, {5, -1, 3}, old);
  Owned ix3 = indexed({2, 2, 2}, {5, -1, 3}, old);
  EXPECT_EQ(typemap_of(ib), typemap_of(ix3));
  EXPECT_EQ(extent_of(ib), extent_of(ix3));
  Owned hib = hindexed_block(2, {80, -16, 48}, old);
  EXPECT_EQ(typemap_of(ib), typemap_of(hib));
  // hindexed == struct with one type
  Owned st = structure({3, 1}, {64, 0}, {old, old});
  EXPECT_EQ(typemap_of(hix), typemap_of(st));
  EXPECT_EQ(extent_of(hix), extent_of(st));
}
