// weft_copy: the local equivalent of a send of scount stype received as dcount dtype.
// Type matching is by signature (MPI-1.1 §3.3.1, §3.12.5); a shorter message is fine.
#include "weft_test_util.hpp"

using namespace wt;

TEST(Copy, SameSignatureDifferentLayouts) {
  Owned every_other = committed(vector(3, 1, 2, WEFT_INT));
  Owned three = committed(contiguous(3, WEFT_INT));
  int src[6] = {10, 11, 12, 13, 14, 15};
  int dst[4] = {-1, -1, -1, -1};
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src, 1, every_other, dst, 1, three, &nbytes));
  EXPECT_EQ(12, nbytes);
  EXPECT_EQ(10, dst[0]);
  EXPECT_EQ(12, dst[1]);
  EXPECT_EQ(14, dst[2]);
  EXPECT_EQ(-1, dst[3]);
}

TEST(Copy, PredefinedToPredefined) {
  double src[3] = {1.5, 2.5, 3.5};
  double dst[4] = {0, 0, 0, -1};
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src, 3, WEFT_DOUBLE, dst, 3, WEFT_DOUBLE, &nbytes));
  EXPECT_EQ(24, nbytes);
  EXPECT_EQ(3.5, dst[2]);
  EXPECT_EQ(-1, dst[3]);
}

TEST(Copy, Transpose) {
  // MPI-1.1 example 3.31 on a 4x4 matrix: send a as one "xpose", receive 16 doubles.
  double a[16], b[16];
  for (int i = 0; i < 16; ++i) a[i] = i;
  for (double &x : b) x = -1;
  Owned column = vector(4, 1, 4, WEFT_DOUBLE);              // one column of a row-major matrix
  Owned xpose = committed(hvector(4, 1, 8, column));        // all columns, one after another
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(a, 1, xpose, b, 16, WEFT_DOUBLE, &nbytes));
  EXPECT_EQ(128, nbytes);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) EXPECT_EQ(a[i * 4 + j], b[j * 4 + i]) << i << "," << j;
}

TEST(Copy, StructToAlignedStruct) {
  // packed {int, double} at 0 and 4 -> C layout {int, double} at 0 and 8
  Owned packed = committed(structure({1, 1}, {0, 4}, {WEFT_INT, WEFT_DOUBLE}));
  Owned aligned = committed(struct_aligned({1, 1}, {WEFT_INT, WEFT_DOUBLE}));
  unsigned char src[2 * 16];  // extent of packed is 16 (12 rounded to 8)
  EXPECT_EQ(16, extent_of(packed));
  int i0 = 7, i1 = 8;
  double d0 = 0.5, d1 = -0.25;
  std::memcpy(src, &i0, 4);
  std::memcpy(src + 4, &d0, 8);
  std::memcpy(src + 16, &i1, 4);
  std::memcpy(src + 20, &d1, 8);
  struct S {
    int i;
    double d;
  } dst[2] = {{-1, -1}, {-1, -1}};
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src, 2, packed, dst, 2, aligned, &nbytes));
  EXPECT_EQ(24, nbytes);
  EXPECT_EQ(7, dst[0].i);
  EXPECT_EQ(0.5, dst[0].d);
  EXPECT_EQ(8, dst[1].i);
  EXPECT_EQ(-0.25, dst[1].d);
}

TEST(Copy, SignatureMatchAcrossCopyBoundaries) {
  // 2 x {int, double} sent, received as 1 x {int, double, int, double}
  Owned s = committed(structure({1, 1}, {0, 8}, {WEFT_INT, WEFT_DOUBLE}));
  Owned d = committed(structure({1, 1, 1, 1}, {24, 0, 40, 8}, {WEFT_INT, WEFT_DOUBLE, WEFT_INT, WEFT_DOUBLE}));
  struct {
    int i;
    double x;
  } src[2] = {{1, 1.5}, {2, 2.5}};
  unsigned char dst[48];
  std::memset(dst, 0xEE, sizeof dst);
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src, 2, s, dst, 1, d, &nbytes));
  EXPECT_EQ(24, nbytes);
  int i;
  double x;
  std::memcpy(&i, dst + 24, 4);
  EXPECT_EQ(1, i);
  std::memcpy(&x, dst + 0, 8);
  EXPECT_EQ(1.5, x);
  std::memcpy(&i, dst + 40, 4);
  EXPECT_EQ(2, i);
  std::memcpy(&x, dst + 8, 8);
  EXPECT_EQ(2.5, x);
  for (int k = 16; k < 24; ++k) EXPECT_EQ(0xEE, dst[k]);
  for (int k = 28; k < 40; ++k) EXPECT_EQ(0xEE, dst[k]);
  for (int k = 44; k < 48; ++k) EXPECT_EQ(0xEE, dst[k]);
}

// ---- shorter message --------------------------------------------------------------

TEST(ShortMessage, OnlyItsEntriesAreWritten) {
  Owned five = committed(contiguous(5, WEFT_INT));
  int src[2] = {4, 5};
  int dst[5] = {-1, -1, -1, -1, -1};
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src, 2, WEFT_INT, dst, 1, five, &nbytes));
  EXPECT_EQ(8, nbytes);
  EXPECT_EQ(4, dst[0]);
  EXPECT_EQ(5, dst[1]);
  EXPECT_EQ(-1, dst[2]);
  EXPECT_EQ(-1, dst[3]);
  EXPECT_EQ(-1, dst[4]);
}

TEST(ShortMessage, EndsInsideACopyOfTheReceiveType) {
  Owned v = committed(vector(2, 1, 2, WEFT_INT));  // ints at 0, 8; extent 12
  int src[3] = {1, 2, 3};
  int dst[8];
  for (int &x : dst) x = -1;
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src, 3, WEFT_INT, dst, 2, v, &nbytes));
  EXPECT_EQ(12, nbytes);
  // copy 0: dst[0], dst[2]; copy 1 (at +12 bytes = dst[3]): dst[3], dst[5]
  int want[8] = {1, -1, 2, 3, -1, -1, -1, -1};
  for (int k = 0; k < 8; ++k) EXPECT_EQ(want[k], dst[k]) << k;
}

TEST(ShortMessage, LaterSignatureDoesNotMatter) {
  // the message is one int; the receive type continues with a float that is never reached
  Owned r = committed(structure({1, 1}, {0, 4}, {WEFT_INT, WEFT_FLOAT}));
  int src = 42;
  int dst[2] = {-1, -1};
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(&src, 1, WEFT_INT, dst, 1, r, &nbytes));
  EXPECT_EQ(4, nbytes);
  EXPECT_EQ(42, dst[0]);
  EXPECT_EQ(-1, dst[1]);
}

TEST(ShortMessage, EmptyMessage) {
  int dst[2] = {-1, -1};
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(nullptr, 0, WEFT_DOUBLE, dst, 2, WEFT_INT, &nbytes));
  EXPECT_EQ(0, nbytes);
  EXPECT_EQ(-1, dst[0]);
  Owned e = committed(contiguous(0, WEFT_DOUBLE));
  nbytes = -1;
  WT_EXPECT_OK(weft_copy(nullptr, 3, e, dst, 1, WEFT_INT, &nbytes));
  EXPECT_EQ(0, nbytes);
  EXPECT_EQ(-1, dst[0]);
}

// ---- errors -----------------------------------------------------------------------

TEST(CopyErrors, LongerMessageIsTruncated) {
  int src[6] = {1, 2, 3, 4, 5, 6};
  int dst[6] = {-1, -1, -1, -1, -1, -1};
  int64_t nbytes = -5;
  WT_EXPECT_ERR(WEFT_TRUNCATED, "weft_copy", weft_copy(src, 6, WEFT_INT, dst, 5, WEFT_INT, &nbytes));
  EXPECT_EQ(-5, nbytes);
  for (int x : dst) EXPECT_EQ(-1, x);
  Owned three = committed(contiguous(3, WEFT_INT));
  WT_EXPECT_ERR(WEFT_TRUNCATED, "weft_copy", weft_copy(src, 4, WEFT_INT, dst, 1, three, &nbytes));
  WT_EXPECT_ERR(WEFT_TRUNCATED, "weft_copy", weft_copy(src, 1, WEFT_INT, dst, 0, WEFT_INT, &nbytes));
  EXPECT_EQ(-5, nbytes);
  for (int x : dst) EXPECT_EQ(-1, x);
}

TEST(CopyErrors, SignatureMismatch) {
  int src[4] = {1, 2, 3, 4};
  unsigned char dst[32];
  std::memset(dst, 0xEE, sizeof dst);
  int64_t nbytes = -5;
  struct Pair {
    weft_type s, d;
  };
  for (Pair p : {Pair{WEFT_INT, WEFT_FLOAT}, Pair{WEFT_INT, WEFT_INT32}, Pair{WEFT_INT32, WEFT_INT},
                 Pair{WEFT_INT, WEFT_UNSIGNED}, Pair{WEFT_CHAR, WEFT_SIGNED_CHAR},
                 Pair{WEFT_BYTE, WEFT_CHAR}, Pair{WEFT_UNSIGNED_CHAR, WEFT_BYTE},
                 Pair{WEFT_LONG, WEFT_LONG_LONG}, Pair{WEFT_INT64, WEFT_LONG},
                 Pair{WEFT_DOUBLE, WEFT_DOUBLE_PRECISION}, Pair{WEFT_INT, WEFT_INTEGER},
                 Pair{WEFT_FLOAT, WEFT_REAL}, Pair{WEFT_C_FLOAT_COMPLEX, WEFT_COMPLEX}}) {
    SCOPED_TRACE(type_name(p.s) + " -> " + type_name(p.d));
    WT_EXPECT_ERR(WEFT_SIGNATURE_MISMATCH, "weft_copy", weft_copy(src, 1, p.s, dst, 4, p.d, &nbytes));
    EXPECT_EQ(-5, nbytes);
  }
  for (unsigned char c : dst) EXPECT_EQ(0xEE, c);
}

TEST(CopyErrors, MismatchLaterInTheMessageWritesNothing) {
  // the first two entries match, the third does not: nothing may be written
  Owned s = committed(structure({2, 1}, {0, 8}, {WEFT_INT, WEFT_FLOAT}));
  Owned d = committed(contiguous(3, WEFT_INT));
  int src[3] = {1, 2, 3};
  int dst[3] = {-1, -1, -1};
  int64_t nbytes = -5;
  WT_EXPECT_ERR(WEFT_SIGNATURE_MISMATCH, "weft_copy", weft_copy(src, 1, s, dst, 1, d, &nbytes));
  EXPECT_EQ(-5, nbytes);
  for (int x : dst) EXPECT_EQ(-1, x);
  // mismatch in the second copy of the receive type
  Owned d2 = committed(structure({1, 1}, {0, 4}, {WEFT_INT, WEFT_INT}));
  Owned s2 = committed(structure({3, 1}, {0, 12}, {WEFT_INT, WEFT_FLOAT}));
  int src2[4] = {1, 2, 3, 4};
  int dst2[4] = {-1, -1, -1, -1};
  WT_EXPECT_ERR(WEFT_SIGNATURE_MISMATCH, "weft_copy", weft_copy(src2, 1, s2, dst2, 2, d2, &nbytes));
  for (int x : dst2) EXPECT_EQ(-1, x);
  EXPECT_EQ(-5, nbytes);
}

TEST(CopyErrors, OverlappingReceiveType) {
  Owned ov = committed(hindexed({1, 1}, {0, 2}, WEFT_INT));
  int src[2] = {1, 2};
  unsigned char dst[8];
  std::memset(dst, 0xEE, sizeof dst);
  int64_t nbytes = -5;
  WT_EXPECT_ERR(WEFT_OVERLAPPING_TYPE, "weft_copy", weft_copy(src, 2, WEFT_INT, dst, 1, ov, &nbytes));
  EXPECT_EQ(-5, nbytes);
  for (unsigned char c : dst) EXPECT_EQ(0xEE, c);
  // an overlapping send type is fine
  int out[2] = {0, 0};
  unsigned char in[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  WT_EXPECT_OK(weft_copy(in, 1, ov, out, 2, WEFT_INT, &nbytes));
  EXPECT_EQ(8, nbytes);
  EXPECT_EQ(0, std::memcmp(out, in, 4));
  EXPECT_EQ(0, std::memcmp(reinterpret_cast<unsigned char *>(out) + 4, in + 2, 4));
}

TEST(CopyErrors, Uncommitted) {
  Owned u = contiguous(2, WEFT_INT);  // not committed
  int src[2] = {1, 2}, dst[2] = {-1, -1};
  int64_t nbytes = -5;
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, "weft_copy", weft_copy(src, 1, u, dst, 2, WEFT_INT, &nbytes));
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, "weft_copy", weft_copy(src, 2, WEFT_INT, dst, 1, u, &nbytes));
  EXPECT_EQ(-5, nbytes);
  EXPECT_EQ(-1, dst[0]);
  EXPECT_EQ(-1, dst[1]);
}

// ---- layouts --------------------------------------------------------------------------

TEST(Copy, ResizedAndMarkers) {
  Owned every_other = committed(resized(WEFT_INT, 0, 8));
  int src[6] = {1, 2, 3, 4, 5, 6};
  int dst[3] = {0, 0, 0};
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src, 3, every_other, dst, 3, WEFT_INT, &nbytes));
  EXPECT_EQ(12, nbytes);
  EXPECT_EQ(1, dst[0]);
  EXPECT_EQ(3, dst[1]);
  EXPECT_EQ(5, dst[2]);
  // into a type with markers: {(lb,-3),(int,0),(ub,6)}, copies 9 bytes apart
  Owned t1 = committed(structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB}));
  unsigned char out[32];
  std::memset(out, 0xEE, sizeof out);
  WT_EXPECT_OK(weft_copy(src, 3, WEFT_INT, out, 3, t1, &nbytes));
  int v;
  std::memcpy(&v, out + 0, 4);
  EXPECT_EQ(1, v);
  std::memcpy(&v, out + 9, 4);
  EXPECT_EQ(2, v);
  std::memcpy(&v, out + 18, 4);
  EXPECT_EQ(3, v);
  for (int k : {4, 5, 6, 7, 8, 13, 17, 22, 23, 31}) EXPECT_EQ(0xEE, out[k]) << k;
}

TEST(Copy, FromBottom) {
  static int a = 5;
  static double b = 6.5;
  weft_aint aa = 0, ab = 0;
  WT_OK(weft_address(&a, &aa));
  WT_OK(weft_address(&b, &ab));
  Owned s = committed(structure({1, 1}, {ab, aa}, {WEFT_DOUBLE, WEFT_INT}));
  struct {
    double d;
    int i;
  } dst = {0, 0};
  Owned d = committed(structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_INT}));
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(WEFT_BOTTOM, 1, s, &dst, 1, d, &nbytes));
  EXPECT_EQ(12, nbytes);
  EXPECT_EQ(6.5, dst.d);
  EXPECT_EQ(5, dst.i);
}

TEST(Copy, MatchesPackThenUnpack) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  Owned s = committed(vector(3, 2, -3, dc));
  Owned d = committed(indexed({1, 4, 1}, {9, 0, 20}, dc));
  Arena src(2048, 2048);
  src.pattern(3);
  Arena dst(2048, 2048, 0, 0xEE);
  Arena want(2048, 2048, 0, 0xEE);
  ref_unpack(ref_pack(src.origin(), 2, s), want.origin(), 2, d);
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src.origin(), 2, s, dst.origin(), 2, d, &nbytes));
  EXPECT_EQ(2 * 6 * 9, nbytes);
  EXPECT_EQ(want.snapshot(), dst.snapshot());
}

TEST(Copy, LargeNonContiguousBothSides) {
  // more than any bounce buffer: 3 x 20000 doubles, strided on both sides
  Owned s = committed(vector(20000, 1, 2, WEFT_DOUBLE));
  Owned d = committed(vector(30000, 2, 5, WEFT_DOUBLE));  // 60000 doubles per copy
  Arena src(0, 3 * 20000 * 16 + 64);
  src.pattern(12);
  Arena dst(0, 30000 * 40 + 64, 0, 0xEE);
  Arena want(0, 30000 * 40 + 64, 0, 0xEE);
  Bytes packed = ref_pack(src.origin(), 3, s);
  ref_unpack(packed, want.origin(), 1, d);
  int64_t nbytes = -1;
  WT_EXPECT_OK(weft_copy(src.origin(), 3, s, dst.origin(), 1, d, &nbytes));
  EXPECT_EQ(3 * 20000 * 8, nbytes);
  EXPECT_TRUE(want.snapshot() == dst.snapshot());
}
