// weft_get_elements and weft_get_count (MPI-1.1 §3.12.5, MPI_GET_ELEMENTS / MPI_GET_COUNT)
// for whole and partial receives.
#include "weft_test_util.hpp"

using namespace wt;

namespace {
int64_t elements(weft_type t, int64_t nbytes) {
  int64_t c = -999;
  EXPECT_EQ(WEFT_SUCCESS, weft_get_elements(t, nbytes, &c)) << weft_last_error();
  return c;
}
int64_t count(weft_type t, int64_t nbytes) {
  int64_t c = -999;
  EXPECT_EQ(WEFT_SUCCESS, weft_get_count(t, nbytes, &c)) << weft_last_error();
  return c;
}
}  // namespace

TEST(GetElements, Predefined) {
  EXPECT_EQ(0, elements(WEFT_INT, 0));
  EXPECT_EQ(3, elements(WEFT_INT, 12));
  EXPECT_EQ(WEFT_UNDEFINED, elements(WEFT_INT, 6));
  EXPECT_EQ(3, count(WEFT_INT, 12));
  EXPECT_EQ(WEFT_UNDEFINED, count(WEFT_INT, 6));
  EXPECT_EQ(1, elements(WEFT_CHAR, 1));
  EXPECT_EQ(2, count(WEFT_LONG_DOUBLE, 32));
  EXPECT_EQ(WEFT_UNDEFINED, count(WEFT_LONG_DOUBLE, 8));
  // for basic types both agree (MPI-1.1)
  for (int64_t n : {0, 8, 16, 24, 80}) EXPECT_EQ(count(WEFT_DOUBLE, n), elements(WEFT_DOUBLE, n)) << n;
}

TEST(GetElements, DoubleCharStruct) {
  Owned t = committed(structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR}));  // size 9
  EXPECT_EQ(0, elements(t, 0));
  EXPECT_EQ(WEFT_UNDEFINED, elements(t, 4));
  EXPECT_EQ(1, elements(t, 8));
  EXPECT_EQ(2, elements(t, 9));
  EXPECT_EQ(WEFT_UNDEFINED, elements(t, 13));
  EXPECT_EQ(3, elements(t, 17));
  EXPECT_EQ(4, elements(t, 18));
  EXPECT_EQ(5, elements(t, 26));
  EXPECT_EQ(6, elements(t, 27));

  EXPECT_EQ(0, count(t, 0));
  EXPECT_EQ(WEFT_UNDEFINED, count(t, 8));
  EXPECT_EQ(1, count(t, 9));
  EXPECT_EQ(WEFT_UNDEFINED, count(t, 17));
  EXPECT_EQ(2, count(t, 18));
  EXPECT_EQ(3, count(t, 27));
}

TEST(GetElements, TypemapOrderDecides) {
  // char first in the typemap although it lies after the double in memory
  Owned t = committed(structure({1, 1}, {8, 0}, {WEFT_CHAR, WEFT_DOUBLE}));
  EXPECT_EQ(1, elements(t, 1));
  EXPECT_EQ(WEFT_UNDEFINED, elements(t, 5));
  EXPECT_EQ(WEFT_UNDEFINED, elements(t, 8));
  EXPECT_EQ(2, elements(t, 9));
  EXPECT_EQ(3, elements(t, 10));
}

TEST(GetElements, Nested) {
  Owned v = vector(2, 2, 3, WEFT_SHORT);  // 4 shorts, 8 bytes
  Owned t = committed(contiguous(3, v));  // 12 shorts, 24 bytes
  EXPECT_EQ(5, elements(t, 10));
  EXPECT_EQ(WEFT_UNDEFINED, elements(t, 11));
  EXPECT_EQ(12, elements(t, 24));
  EXPECT_EQ(17, elements(t, 34));
  EXPECT_EQ(WEFT_UNDEFINED, count(t, 16));
  EXPECT_EQ(2, count(t, 48));
}

TEST(GetElements, MixedSizesInOneCopy) {
  // float, float, double, char, char, char, char (MPI-1.1 example 3.23)
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  Owned t = committed(structure({2, 1, 3}, {0, 16, 26}, {WEFT_FLOAT, dc, WEFT_CHAR}));
  struct Case {
    int64_t nbytes, elements;
  };
  for (Case c : {Case{0, 0}, Case{2, WEFT_UNDEFINED}, Case{4, 1}, Case{8, 2}, Case{12, WEFT_UNDEFINED},
                 Case{16, 3}, Case{17, 4}, Case{18, 5}, Case{19, 6}, Case{20, 7}, Case{24, 8},
                 Case{26, WEFT_UNDEFINED}, Case{36, 10}, Case{40, 14}, Case{60, 21}}) {
    EXPECT_EQ(c.elements, elements(t, c.nbytes)) << "nbytes " << c.nbytes;
  }
  EXPECT_EQ(1, count(t, 20));
  EXPECT_EQ(3, count(t, 60));
  EXPECT_EQ(WEFT_UNDEFINED, count(t, 19));
}

TEST(GetElements, MarkersDoNotCount) {
  Owned t1 = committed(structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB}));
  EXPECT_EQ(2, elements(t1, 8));
  EXPECT_EQ(2, count(t1, 8));
  EXPECT_EQ(WEFT_UNDEFINED, elements(t1, 7));
}

TEST(GetElements, RepeatedEntries) {
  Owned t = committed(hindexed({1, 1}, {0, 0}, WEFT_INT));  // size 8
  EXPECT_EQ(1, elements(t, 4));
  EXPECT_EQ(WEFT_UNDEFINED, count(t, 4));
  EXPECT_EQ(2, elements(t, 8));
  EXPECT_EQ(1, count(t, 8));
}

TEST(GetElements, SizeZeroType) {
  Owned e = committed(contiguous(0, WEFT_INT));
  EXPECT_EQ(0, count(e, 0));
  EXPECT_EQ(0, elements(e, 0));
}

TEST(GetElements, LargeCounts) {
  EXPECT_EQ(1000000000000LL, elements(WEFT_INT, 4000000000000LL));
  EXPECT_EQ(1000000000000LL, count(WEFT_INT, 4000000000000LL));
  Owned t = committed(structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR}));
  EXPECT_EQ(2000000000000LL + 1, elements(t, 9000000000000LL + 8));
}

TEST(GetElements, UncommittedTypesAreAccepted) {
  Owned v = vector(2, 1, 2, WEFT_INT);  // not committed
  EXPECT_EQ(3, elements(v, 12));
  EXPECT_EQ(WEFT_UNDEFINED, count(v, 12));
}

TEST(GetElements, AfterAShortCopy) {
  // receive 5 ints into 2 copies of vector(3,1,2,int): count undefined, 5 elements
  Owned v = committed(vector(3, 1, 2, WEFT_INT));
  int src[5] = {1, 2, 3, 4, 5};
  int dst[12] = {};
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src, 5, WEFT_INT, dst, 2, v, &nbytes));
  EXPECT_EQ(20, nbytes);
  EXPECT_EQ(5, elements(v, nbytes));
  EXPECT_EQ(WEFT_UNDEFINED, count(v, nbytes));
}
