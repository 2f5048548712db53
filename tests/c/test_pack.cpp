// weft_pack, weft_unpack, weft_pack_size, position handling, partial windows,
// overlapping types, output bounds and WEFT_BOTTOM.
#include <thread>

#include "weft_test_util.hpp"

using namespace wt;

namespace {

Owned double_char() { return structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR}); }

// A set of committed types with their needs in bytes before/after the origin for 4 copies.
struct Case {
  std::string name;
  Owned type;
};

std::vector<Case> cases() {
  std::vector<Case> v;
  Owned dc = double_char();
  Owned t1 = structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB});
  v.push_back({"int", dup(WEFT_INT)});
  v.push_back({"vector(3,2,4,int)", vector(3, 2, 4, WEFT_INT)});
  v.push_back({"ex3.19", contiguous(3, dc)});
  v.push_back({"ex3.20", vector(2, 3, 4, dc)});
  v.push_back({"ex3.21", vector(3, 1, -2, dc)});
  v.push_back({"ex3.22", indexed({3, 1}, {4, 0}, dc)});
  v.push_back({"ex3.23", structure({2, 1, 3}, {0, 16, 26}, {WEFT_FLOAT, dc, WEFT_CHAR})});
  v.push_back({"ex3.25", contiguous(2, t1)});
  v.push_back({"misaligned struct", structure({1, 1, 1}, {0, 1, 9}, {WEFT_CHAR, WEFT_DOUBLE, WEFT_SHORT})});
  v.push_back({"long double vector", vector(2, 2, 3, WEFT_LONG_DOUBLE)});
  v.push_back({"resized neg", resized(WEFT_INT, 0, -4)});
  v.push_back({"hindexed mixed", hindexed({2, 1, 3}, {40, 3, -20}, WEFT_SHORT)});
  v.push_back({"subarray", subarray({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_C, WEFT_INT)});
  v.push_back({"complex block", hindexed_block(2, {0, 33, 70}, WEFT_C_DOUBLE_COMPLEX)});
  v.push_back({"empty", contiguous(0, WEFT_INT)});
  for (Case &c : v) WT_EXPECT_OK(weft_type_commit(c.type));
  return v;
}

}  // namespace

// ---- pack_size --------------------------------------------------------------------

TEST(PackSize, IsCountTimesSize) {
  Owned dc = double_char();
  int64_t s = -1;
  WT_EXPECT_OK(weft_pack_size(3, dc, &s));
  EXPECT_EQ(27, s);
  WT_EXPECT_OK(weft_pack_size(0, dc, &s));
  EXPECT_EQ(0, s);
  Owned t1 = structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB});
  WT_EXPECT_OK(weft_pack_size(5, t1, &s));
  EXPECT_EQ(20, s);
  Owned ov = hvector(3, 1, 0, WEFT_DOUBLE);  // repeated entries count each time
  WT_EXPECT_OK(weft_pack_size(2, ov, &s));
  EXPECT_EQ(48, s);
}

// ---- pack equals the typemap gather -----------------------------------------------

TEST(Pack, MatchesTypemapOrder) {
  for (Case &c : cases()) {
    SCOPED_TRACE(c.name);
    for (int64_t count : {0, 1, 2, 4}) {
      SCOPED_TRACE(count);
      for (size_t mis : {0, 1, 3}) {
        Arena a(1024, 2048, mis);
        a.pattern(static_cast<unsigned>(count * 10 + mis));
        EXPECT_EQ(ref_pack(a.origin(), count, c.type), weft_pack_all(a.origin(), count, c.type));
      }
    }
  }
}

TEST(Pack, PredefinedIsMemcpy) {
  int in[5] = {1, -2, 3, -4, 5};
  int out[6] = {0, 0, 0, 0, 0, 77};
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(in, 5, WEFT_INT, out, 20, &pos));
  EXPECT_EQ(20, pos);
  EXPECT_EQ(0, std::memcmp(in, out, 20));
  EXPECT_EQ(77, out[5]);
}

TEST(Pack, KernelsByElementWidthAndBlockLength) {
  // Vectors of 1, 2, 4, 8 and 16-byte elements with short and long blocks, positive and
  // negative strides, at aligned and misaligned bases.
  for (weft_type base : {WEFT_CHAR, WEFT_SHORT, WEFT_INT, WEFT_DOUBLE, WEFT_C_DOUBLE_COMPLEX}) {
    for (int64_t bl : {1, 2, 3, 4, 5, 7, 8, 9, 16, 33}) {
      for (int64_t stride : {bl, bl + 1, 2 * bl + 3, -(bl + 2)}) {
        SCOPED_TRACE(type_name(base) + " bl=" + std::to_string(bl) + " stride=" + std::to_string(stride));
        Owned v = committed(vector(5, bl, stride, base));
        for (size_t mis : {0, 1}) {
          Arena a(8192, 16384, mis);
          a.pattern(static_cast<unsigned>(bl + mis));
          EXPECT_EQ(ref_pack(a.origin(), 2, v), weft_pack_all(a.origin(), 2, v));
        }
      }
    }
  }
}

TEST(Pack, LargeVector) {
  Owned v = committed(vector(1000, 3, 7, WEFT_DOUBLE));
  Arena a(0, 3 * 7 * 8 * 1000 + 64);
  a.pattern(1);
  EXPECT_EQ(ref_pack(a.origin(), 3, v), weft_pack_all(a.origin(), 3, v));
}

// ---- position -----------------------------------------------------------------------

TEST(Position, SuccessivePacksAppend) {
  int i = 0x11223344;
  double d[2] = {1.25, -7.5};
  Owned dc = committed(double_char());
  struct {
    double x;
    char c;
  } s = {3.5, 'z'};
  unsigned char out[64];
  std::memset(out, 0xEE, sizeof out);
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(&i, 1, WEFT_INT, out, 40, &pos));
  EXPECT_EQ(4, pos);
  WT_EXPECT_OK(weft_pack(d, 2, WEFT_DOUBLE, out, 40, &pos));
  EXPECT_EQ(20, pos);
  WT_EXPECT_OK(weft_pack(&s, 1, dc, out, 40, &pos));
  EXPECT_EQ(29, pos);
  EXPECT_EQ(0, std::memcmp(out, &i, 4));
  EXPECT_EQ(0, std::memcmp(out + 4, d, 16));
  EXPECT_EQ(0, std::memcmp(out + 20, &s.x, 8));
  EXPECT_EQ('z', out[28]);
  for (int k = 29; k < 64; ++k) EXPECT_EQ(0xEE, out[k]) << k;

  // and unpack them in the same order
  int i2 = 0;
  double d2[2] = {0, 0};
  struct {
    double x;
    char c;
  } s2 = {0, 0};
  int64_t rpos = 0;
  WT_EXPECT_OK(weft_unpack(out, 29, &rpos, &i2, 1, WEFT_INT));
  EXPECT_EQ(4, rpos);
  WT_EXPECT_OK(weft_unpack(out, 29, &rpos, d2, 2, WEFT_DOUBLE));
  EXPECT_EQ(20, rpos);
  WT_EXPECT_OK(weft_unpack(out, 29, &rpos, &s2, 1, dc));
  EXPECT_EQ(29, rpos);
  EXPECT_EQ(i, i2);
  EXPECT_EQ(d[0], d2[0]);
  EXPECT_EQ(d[1], d2[1]);
  EXPECT_EQ(s.x, s2.x);
  EXPECT_EQ('z', s2.c);
}

TEST(Position, PackAtAnOffsetLeavesEarlierBytes) {
  Owned v = committed(vector(3, 1, 2, WEFT_SHORT));
  short in[6] = {1, 2, 3, 4, 5, 6};
  unsigned char out[32];
  std::memset(out, 0xEE, sizeof out);
  int64_t pos = 5;
  WT_EXPECT_OK(weft_pack(in, 1, v, out, 11, &pos));
  EXPECT_EQ(11, pos);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(0xEE, out[k]);
  short got[3];
  std::memcpy(got, out + 5, 6);
  EXPECT_EQ(1, got[0]);
  EXPECT_EQ(3, got[1]);
  EXPECT_EQ(5, got[2]);
  for (int k = 11; k < 32; ++k) EXPECT_EQ(0xEE, out[k]);
}

TEST(Position, CountZeroLeavesPosition) {
  Owned dc = committed(double_char());
  unsigned char out[8];
  std::memset(out, 0xEE, sizeof out);
  int64_t pos = 3;
  WT_EXPECT_OK(weft_pack(nullptr, 0, dc, out, 8, &pos));
  EXPECT_EQ(3, pos);
  WT_EXPECT_OK(weft_unpack(out, 8, &pos, nullptr, 0, dc));
  EXPECT_EQ(3, pos);
  for (unsigned char c : out) EXPECT_EQ(0xEE, c);
}

// ---- output bounds --------------------------------------------------------------------

TEST(Bounds, NothingWrittenPastOutsize) {
  for (Case &c : cases()) {
    SCOPED_TRACE(c.name);
    int64_t need = -1;
    WT_OK(weft_pack_size(3, c.type, &need));
    Arena in(1024, 2048);
    in.pattern(9);
    Bytes out(static_cast<size_t>(need) + 64, 0xEE);
    int64_t pos = 7;
    WT_EXPECT_OK(weft_pack(in.origin(), 3, c.type, out.data(), 7 + need, &pos));
    EXPECT_EQ(7 + need, pos);
    for (size_t k = 0; k < 7; ++k) EXPECT_EQ(0xEE, out[k]) << k;
    for (size_t k = static_cast<size_t>(7 + need); k < out.size(); ++k) EXPECT_EQ(0xEE, out[k]) << k;
  }
}

TEST(Bounds, InsufficientSpaceWritesNothing) {
  Owned v = committed(vector(3, 2, 4, WEFT_INT));  // 24 bytes
  int in[12];
  for (int k = 0; k < 12; ++k) in[k] = k;
  unsigned char out[64];
  std::memset(out, 0xEE, sizeof out);
  int64_t pos = 0;
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_pack", weft_pack(in, 1, v, out, 23, &pos));
  EXPECT_EQ(0, pos);
  pos = 10;
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_pack", weft_pack(in, 1, v, out, 33, &pos));
  EXPECT_EQ(10, pos);
  pos = 0;
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_pack", weft_pack(in, 2, v, out, 47, &pos));
  EXPECT_EQ(0, pos);
  for (unsigned char c : out) EXPECT_EQ(0xEE, c);
  // exactly enough works
  pos = 10;
  WT_EXPECT_OK(weft_pack(in, 1, v, out, 34, &pos));
  EXPECT_EQ(34, pos);
}

TEST(Bounds, UnpackWritesOnlyTheTypemap) {
  for (Case &c : cases()) {
    SCOPED_TRACE(c.name);
    Arena src(1024, 2048);
    src.pattern(21);
    Bytes packed = weft_pack_all(src.origin(), 3, c.type);
    Arena dst(1024, 2048, 0, 0xEE);
    Arena want(1024, 2048, 0, 0xEE);
    ref_unpack(packed, want.origin(), 3, c.type);
    int64_t pos = 0;
    WT_EXPECT_OK(weft_unpack(packed.data(), static_cast<int64_t>(packed.size()), &pos, dst.origin(), 3, c.type));
    EXPECT_EQ(static_cast<int64_t>(packed.size()), pos);
    EXPECT_EQ(want.snapshot(), dst.snapshot());
  }
}

TEST(Bounds, UnpackInsufficientInput) {
  Owned v = committed(vector(2, 1, 2, WEFT_INT));
  int packed[4] = {1, 2, 3, 4};
  int out[8];
  for (int &x : out) x = -1;
  int64_t pos = 0;
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_unpack", weft_unpack(packed, 7, &pos, out, 1, v));
  EXPECT_EQ(0, pos);
  pos = 4;
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_unpack", weft_unpack(packed, 8, &pos, out, 1, v));
  EXPECT_EQ(4, pos);
  pos = 0;
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_unpack", weft_unpack(packed, 15, &pos, out, 2, v));
  EXPECT_EQ(0, pos);
  for (int x : out) EXPECT_EQ(-1, x);
  pos = 4;
  WT_EXPECT_OK(weft_unpack(packed, 12, &pos, out, 1, v));
  EXPECT_EQ(12, pos);
  EXPECT_EQ(2, out[0]);
  EXPECT_EQ(-1, out[1]);
  EXPECT_EQ(3, out[2]);
  EXPECT_EQ(-1, out[3]);
}

// ---- overlapping types ---------------------------------------------------------------

TEST(Overlap, PackIsFineUnpackIsRejected) {
  // ints at 0 and 2: bytes 2,3 belong to both
  Owned t = committed(hindexed({1, 1}, {0, 2}, WEFT_INT));
  unsigned char in[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned char out[8];
  std::memset(out, 0xEE, sizeof out);
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(in, 1, t, out, 8, &pos));
  EXPECT_EQ(8, pos);
  unsigned char want[8] = {1, 2, 3, 4, 3, 4, 5, 6};
  EXPECT_EQ(0, std::memcmp(want, out, 8));

  unsigned char dst[8];
  std::memset(dst, 0xEE, sizeof dst);
  int64_t rpos = 0;
  WT_EXPECT_ERR(WEFT_OVERLAPPING_TYPE, "weft_unpack", weft_unpack(out, 8, &rpos, dst, 1, t));
  EXPECT_EQ(0, rpos);
  for (unsigned char c : dst) EXPECT_EQ(0xEE, c);
  WT_EXPECT_ERR(WEFT_OVERLAPPING_TYPE, "weft_unpack_partial",
                weft_unpack_partial(out, 4, 0, dst, 1, t));
  for (unsigned char c : dst) EXPECT_EQ(0xEE, c);
}

TEST(Overlap, RepeatedEntries) {
  Owned t = committed(indexed({1, 1}, {0, 0}, WEFT_DOUBLE));
  double in = 2.5;
  double out[2] = {0, 0};
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(&in, 1, t, out, 16, &pos));
  EXPECT_EQ(2.5, out[0]);
  EXPECT_EQ(2.5, out[1]);
  double dst = -1;
  pos = 0;
  WT_EXPECT_ERR(WEFT_OVERLAPPING_TYPE, "weft_unpack", weft_unpack(out, 16, &pos, &dst, 1, t));
  EXPECT_EQ(-1, dst);
  EXPECT_EQ(0, pos);
}

TEST(Overlap, CopiesThatOverlapEachOther) {
  // one copy is fine, but 2 copies of an int with extent 2 write bytes 2,3 twice
  Owned r = committed(resized(WEFT_INT, 0, 2));
  unsigned char packed[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned char dst[8];
  std::memset(dst, 0xEE, sizeof dst);
  int64_t pos = 0;
  WT_EXPECT_OK(weft_unpack(packed, 8, &pos, dst, 1, r));
  EXPECT_EQ(4, pos);
  std::memset(dst, 0xEE, sizeof dst);
  pos = 0;
  WT_EXPECT_ERR(WEFT_OVERLAPPING_TYPE, "weft_unpack", weft_unpack(packed, 8, &pos, dst, 2, r));
  EXPECT_EQ(0, pos);
  for (unsigned char c : dst) EXPECT_EQ(0xEE, c);
  // extent 0: every copy at the same place
  Owned z = committed(resized(WEFT_INT, 0, 0));
  pos = 0;
  WT_EXPECT_ERR(WEFT_OVERLAPPING_TYPE, "weft_unpack", weft_unpack(packed, 8, &pos, dst, 2, z));
  for (unsigned char c : dst) EXPECT_EQ(0xEE, c);
  // packing them is fine
  unsigned char out[8];
  pos = 0;
  WT_EXPECT_OK(weft_pack(packed, 2, r, out, 8, &pos));
  unsigned char want[8] = {1, 2, 3, 4, 3, 4, 5, 6};
  EXPECT_EQ(0, std::memcmp(want, out, 8));
}

TEST(Overlap, AdjacentIsNotOverlapping) {
  Owned t = committed(hindexed({1, 1}, {4, 0}, WEFT_INT));
  int packed[2] = {7, 8};
  int dst[2] = {0, 0};
  int64_t pos = 0;
  WT_EXPECT_OK(weft_unpack(packed, 8, &pos, dst, 1, t));
  EXPECT_EQ(8, dst[0]);
  EXPECT_EQ(7, dst[1]);
  // count 2 of a negative-extent type that tiles memory backwards
  Owned r = committed(resized(WEFT_INT, 0, -4));
  int dst2[3] = {0, 0, 0};
  pos = 0;
  int packed3[3] = {1, 2, 3};
  WT_EXPECT_OK(weft_unpack(packed3, 12, &pos, dst2 + 2, 3, r));
  EXPECT_EQ(3, dst2[0]);
  EXPECT_EQ(2, dst2[1]);
  EXPECT_EQ(1, dst2[2]);
}

// ---- partial pack / unpack ----------------------------------------------------------

TEST(Partial, ConcatenatedWindowsEqualThePack) {
  for (Case &c : cases()) {
    SCOPED_TRACE(c.name);
    Arena a(1024, 2048);
    a.pattern(33);
    Bytes full = weft_pack_all(a.origin(), 3, c.type);
    const int64_t L = static_cast<int64_t>(full.size());
    for (int64_t w : {1, 2, 3, 5, 7, 8, 13, 64}) {
      SCOPED_TRACE("window " + std::to_string(w));
      Bytes cat;
      for (int64_t off = 0; off < L; off += w) {
        Bytes buf(static_cast<size_t>(w) + 8, 0xEE);
        int64_t actual = -1;
        WT_EXPECT_OK(weft_pack_partial(a.origin(), 3, c.type, off, w, buf.data(), &actual));
        EXPECT_EQ(std::min(w, L - off), actual);
        if (actual < 0 || actual > w) break;
        for (size_t k = static_cast<size_t>(actual); k < buf.size(); ++k) EXPECT_EQ(0xEE, buf[k]);
        cat.insert(cat.end(), buf.begin(), buf.begin() + actual);
      }
      EXPECT_EQ(full, cat);
    }
    // a window at the end of the stream is empty
    int64_t actual = -1;
    unsigned char b[4] = {0xEE, 0xEE, 0xEE, 0xEE};
    WT_EXPECT_OK(weft_pack_partial(a.origin(), 3, c.type, L, 4, b, &actual));
    EXPECT_EQ(0, actual);
    EXPECT_EQ(0xEE, b[0]);
    // max_bytes 0
    actual = -1;
    WT_EXPECT_OK(weft_pack_partial(a.origin(), 3, c.type, 0, 0, b, &actual));
    EXPECT_EQ(0, actual);
  }
}

TEST(Partial, WindowSplittingAnElement) {
  Owned v = committed(vector(2, 1, 2, WEFT_DOUBLE));
  double in[4] = {1.0, 2.0, 3.0, 4.0};
  unsigned char win[5];
  int64_t actual = -1;
  WT_EXPECT_OK(weft_pack_partial(in, 1, v, 5, 5, win, &actual));
  EXPECT_EQ(5, actual);
  const unsigned char *p0 = reinterpret_cast<const unsigned char *>(&in[0]);
  const unsigned char *p2 = reinterpret_cast<const unsigned char *>(&in[2]);
  EXPECT_EQ(0, std::memcmp(win, p0 + 5, 3));
  EXPECT_EQ(0, std::memcmp(win + 3, p2, 2));

  // unpack the same window: only bytes 5..7 of in[0] and 0..1 of in[2] are written
  double out[4];
  std::memset(out, 0xEE, sizeof out);
  WT_EXPECT_OK(weft_unpack_partial(win, 5, 5, out, 1, v));
  const unsigned char *o = reinterpret_cast<const unsigned char *>(out);
  for (int k = 0; k < 32; ++k) {
    bool written = (k >= 5 && k < 8) || (k >= 16 && k < 18);
    unsigned char want = written ? reinterpret_cast<const unsigned char *>(in)[k] : 0xEE;
    EXPECT_EQ(want, o[k]) << "byte " << k;
  }
}

TEST(Partial, UnpackWindowsInAnyOrder) {
  for (Case &c : cases()) {
    SCOPED_TRACE(c.name);
    Arena a(1024, 2048);
    a.pattern(44);
    Bytes full = weft_pack_all(a.origin(), 2, c.type);
    const int64_t L = static_cast<int64_t>(full.size());
    Arena want(1024, 2048, 0, 0xEE);
    ref_unpack(full, want.origin(), 2, c.type);
    for (int64_t w : {1, 3, 8, 11}) {
      SCOPED_TRACE("window " + std::to_string(w));
      Arena dst(1024, 2048, 0, 0xEE);
      std::vector<int64_t> offs;
      for (int64_t off = 0; off < L; off += w) offs.push_back(off);
      // reverse order
      for (auto it = offs.rbegin(); it != offs.rend(); ++it) {
        int64_t n = std::min(w, L - *it);
        WT_EXPECT_OK(weft_unpack_partial(full.data() + *it, n, *it, dst.origin(), 2, c.type));
      }
      EXPECT_EQ(want.snapshot(), dst.snapshot());
    }
  }
}

TEST(Partial, UnpackPastTheStreamIsInsufficientSpace) {
  Owned v = committed(vector(2, 1, 2, WEFT_INT));  // stream of 1 copy: 8 bytes
  int in[2] = {5, 6};
  int out[4] = {-1, -1, -1, -1};
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_unpack_partial",
                weft_unpack_partial(in, 8, 1, out, 1, v));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_unpack_partial",
                weft_unpack_partial(in, 1, 8, out, 1, v));
  for (int x : out) EXPECT_EQ(-1, x);
  WT_EXPECT_OK(weft_unpack_partial(in, 4, 4, out, 1, v));
  EXPECT_EQ(-1, out[0]);
  EXPECT_EQ(5, out[2]);
}

// ---- WEFT_BOTTOM ------------------------------------------------------------------

TEST(Bottom, PackAndUnpackAbsoluteAddresses) {
  static int a = 0x01020304;
  static double b[3] = {1.5, 2.5, 3.5};
  static char c = 'q';
  weft_aint aa = 0, ab = 0, ac = 0;
  WT_OK(weft_address(&a, &aa));
  WT_OK(weft_address(&b[0], &ab));
  WT_OK(weft_address(&c, &ac));
  EXPECT_EQ(reinterpret_cast<weft_aint>(&a), aa);
  Owned t = committed(structure({1, 3, 1}, {aa, ab, ac}, {WEFT_INT, WEFT_DOUBLE, WEFT_CHAR}));
  unsigned char out[29];
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(WEFT_BOTTOM, 1, t, out, 29, &pos));
  EXPECT_EQ(29, pos);
  EXPECT_EQ(0, std::memcmp(out, &a, 4));
  EXPECT_EQ(0, std::memcmp(out + 4, b, 24));
  EXPECT_EQ('q', static_cast<char>(out[28]));

  // change the packed values and unpack into the variables
  int na = -9;
  double nb[3] = {-1.0, -2.0, -3.0};
  std::memcpy(out, &na, 4);
  std::memcpy(out + 4, nb, 24);
  out[28] = 'Z';
  pos = 0;
  WT_EXPECT_OK(weft_unpack(out, 29, &pos, WEFT_BOTTOM, 1, t));
  EXPECT_EQ(29, pos);
  EXPECT_EQ(-9, a);
  EXPECT_EQ(-2.0, b[1]);
  EXPECT_EQ('Z', c);

  // partial windows with WEFT_BOTTOM
  unsigned char w[6];
  int64_t actual = -1;
  WT_EXPECT_OK(weft_pack_partial(WEFT_BOTTOM, 1, t, 2, 6, w, &actual));
  EXPECT_EQ(6, actual);
  EXPECT_EQ(0, std::memcmp(w, out + 2, 6));
}

TEST(Bottom, AddressOfNullIsZero) {
  weft_aint ad = -1;
  WT_EXPECT_OK(weft_address(WEFT_BOTTOM, &ad));
  EXPECT_EQ(0, ad);
  int x;
  WT_EXPECT_OK(weft_address(&x, &ad));
  EXPECT_EQ(static_cast<weft_aint>(reinterpret_cast<uintptr_t>(&x)), ad);
}

// ---- threads ------------------------------------------------------------------------

TEST(Threads, ConcurrentPackOfOneCommittedType) {
  Owned dc = double_char();
  Owned t = committed(vector(50, 3, 5, dc));
  Arena a(0, 50 * 5 * 16 * 4 + 64);
  a.pattern(77);
  Bytes want = ref_pack(a.origin(), 4, t);
  std::vector<Bytes> got(4);
  std::vector<std::thread> th;
  for (int k = 0; k < 4; ++k)
    th.emplace_back([&, k] {
      for (int rep = 0; rep < 50; ++rep) {
        Bytes out(want.size());
        int64_t pos = 0;
        if (weft_pack(a.origin(), 4, t, out.data(), static_cast<int64_t>(out.size()), &pos) != WEFT_SUCCESS)
          return;
        got[k] = out;
      }
    });
  for (auto &x : th) x.join();
  for (int k = 0; k < 4; ++k) EXPECT_EQ(want, got[k]) << "thread " << k;
}

// ---- guard pages: nothing outside the typemap / the packed range is touched ----------
//
// Memory is laid out as [PROT_NONE][data pages][PROT_NONE]. The typed buffer is placed
// so that its first (or last) typemap byte is the first (or last) accessible byte, and
// the packed buffer so that it ends exactly at the upper guard. An access outside the
// typemap or outside [outbuf, outbuf + outsize) faults.
#include <sys/mman.h>
#include <unistd.h>

namespace {

class Guarded {
 public:
  explicit Guarded(size_t bytes) {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    data_pages_ = (bytes + page_ - 1) / page_ + 1;
    total_ = (data_pages_ + 2) * page_;
    void *p = mmap(nullptr, total_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      base_ = nullptr;
      return;
    }
    base_ = static_cast<unsigned char *>(p);
    mprotect(base_, page_, PROT_NONE);
    mprotect(base_ + (data_pages_ + 1) * page_, page_, PROT_NONE);
    for (size_t i = 0; i < data_pages_ * page_; ++i) lo()[i] = static_cast<unsigned char>(i * 7 + 3);
  }
  ~Guarded() {
    if (base_) munmap(base_, total_);
  }
  bool ok() const { return base_ != nullptr; }
  unsigned char *lo() const { return base_ + page_; }                       // first usable byte
  unsigned char *hi() const { return base_ + (data_pages_ + 1) * page_; }   // one past the last

 private:
  size_t page_ = 0, data_pages_ = 0, total_ = 0;
  unsigned char *base_ = nullptr;
};

// For `count` copies of t: the lowest and one-past-highest byte of any typemap entry,
// relative to the buffer start.
std::pair<weft_aint, weft_aint> data_span(weft_type t, int64_t count) {
  Typemap tm = typemap_of(t);
  weft_aint ext = extent_of(t);
  weft_aint lo = INT64_MAX, hi = INT64_MIN;
  for (int64_t i = 0; i < count; ++i)
    for (const Entry &e : tm) {
      weft_aint a = i * ext + e.disp;
      lo = std::min(lo, a);
      hi = std::max(hi, a + size_of(e.type));
    }
  return {lo, hi};
}

}  // namespace

TEST(GuardPages, TypedSideStaysInsideTheTypemap) {
  Owned dc = double_char();
  Owned t1 = structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB});
  std::vector<Case> v;
  v.push_back({"double,char", dup(dc)});
  v.push_back({"ex3.21", vector(3, 1, -2, dc)});
  v.push_back({"ex3.25", contiguous(2, t1)});
  v.push_back({"chars bl3", vector(7, 3, 5, WEFT_CHAR)});
  v.push_back({"odd hvector", hvector(9, 1, 3, WEFT_SHORT)});
  v.push_back({"char,long double", structure({1, 1}, {0, 1}, {WEFT_CHAR, WEFT_LONG_DOUBLE})});
  v.push_back({"char,int padded", structure({1, 1, 1}, {0, 4, 13}, {WEFT_INT, WEFT_CHAR, WEFT_CHAR})});
  v.push_back({"resized", resized(WEFT_INT, -8, 20)});
  for (Case &c : v) WT_OK(weft_type_commit(c.type));
  for (Case &c : v) {
    SCOPED_TRACE(c.name);
    for (int64_t count : {1, 3}) {
      SCOPED_TRACE(count);
      auto span = data_span(c.type, count);
      const size_t len = static_cast<size_t>(span.second - span.first);
      int64_t need = -1;
      WT_OK(weft_pack_size(count, c.type, &need));
      Guarded typed(len), packed(static_cast<size_t>(need));
      ASSERT_TRUE(typed.ok() && packed.ok());
      unsigned char *out = packed.hi() - need;  // the packed buffer ends at the guard
      for (int where = 0; where < 2; ++where) {
        // where 0: the lowest typemap byte is the first accessible byte;
        // where 1: the highest typemap byte is the last accessible byte.
        unsigned char *buf = where == 0 ? typed.lo() - span.first : typed.hi() - span.second;
        Bytes want = ref_pack(buf, count, c.type);
        int64_t pos = 0;
        WT_EXPECT_OK(weft_pack(buf, count, c.type, out, need, &pos));
        EXPECT_EQ(want, Bytes(out, out + need));
        // windows
        int64_t actual = -1;
        WT_EXPECT_OK(weft_pack_partial(buf, count, c.type, 1, need, out, &actual));
        EXPECT_EQ(need - 1, actual);
        // unpack back (writes only typemap bytes; reads only [out, out+need))
        pos = 0;
        WT_EXPECT_OK(weft_unpack(out, need, &pos, buf, count, c.type));
        WT_EXPECT_OK(weft_unpack_partial(out, need, 0, buf, count, c.type));
      }
    }
  }
}

TEST(GuardPages, CopyStaysInsideBothTypemaps) {
  Owned dc = double_char();
  Owned s = committed(vector(3, 1, -2, dc));           // ex 3.21, lb -64
  Owned d = committed(indexed({3, 1}, {4, 0}, dc));    // ex 3.22
  auto ss = data_span(s, 2);
  auto ds = data_span(d, 2);
  Guarded a(static_cast<size_t>(ss.second - ss.first)), b(static_cast<size_t>(ds.second - ds.first));
  ASSERT_TRUE(a.ok() && b.ok());
  for (int where = 0; where < 2; ++where) {
    unsigned char *src = where == 0 ? a.lo() - ss.first : a.hi() - ss.second;
    unsigned char *dst = where == 0 ? b.hi() - ds.second : b.lo() - ds.first;
    int64_t nbytes = -1;
    WT_EXPECT_OK(weft_copy(src, 2, s, dst, 2, d, &nbytes));  // 54 of 72 bytes
    EXPECT_EQ(54, nbytes);
    Bytes got = ref_pack(dst, 2, d);
    got.resize(54);
    EXPECT_EQ(ref_pack(src, 2, s), got);
  }
}
