// weft_type_subarray: C and Fortran order, bounds, old types with their own extent.
#include "weft_test_util.hpp"

using namespace wt;

namespace {

// The typemap of the sub-block by direct enumeration (MPI-2 §4.1.3): elements in the
// array's storage order; in C order the last index varies fastest.
Typemap expected(const std::vector<int64_t> &sizes, const std::vector<int64_t> &subsizes,
                 const std::vector<int64_t> &starts, int order, weft_type basic, int64_t ex) {
  const size_t nd = sizes.size();
  // storage stride of each dimension in elements
  std::vector<int64_t> stride(nd);
  int64_t s = 1;
  for (size_t k = 0; k < nd; ++k) {
    size_t d = order == WEFT_ORDER_C ? nd - 1 - k : k;
    stride[d] = s;
    s *= sizes[d];
  }
  Typemap tm;
  int64_t total = 1;
  for (int64_t x : subsizes) total *= x;
  std::vector<int64_t> idx(nd, 0);
  for (int64_t n = 0; n < total; ++n) {
    int64_t lin = 0;
    for (size_t d = 0; d < nd; ++d) lin += (starts[d] + idx[d]) * stride[d];
    tm.push_back({basic, lin * ex});
    // increment the fastest dimension first
    for (size_t k = 0; k < nd; ++k) {
      size_t d = order == WEFT_ORDER_C ? nd - 1 - k : k;
      if (++idx[d] < subsizes[d]) break;
      idx[d] = 0;
    }
  }
  return tm;
}

}  // namespace

TEST(Subarray, COrder2D) {
  Owned t = subarray({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_C, WEFT_INT);
  Typemap want{{WEFT_INT, 28}, {WEFT_INT, 32}, {WEFT_INT, 36},
               {WEFT_INT, 48}, {WEFT_INT, 52}, {WEFT_INT, 56}};
  EXPECT_EQ(want, typemap_of(t));
  EXPECT_EQ(want, expected({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_C, WEFT_INT, 4));
  WT_EXPECT_PROPS(t, 24, 0, 80, 80, 28, 32, 6);
}

TEST(Subarray, FortranOrder2D) {
  Owned t = subarray({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_FORTRAN, WEFT_INT);
  Typemap want{{WEFT_INT, 36}, {WEFT_INT, 40}, {WEFT_INT, 52},
               {WEFT_INT, 56}, {WEFT_INT, 68}, {WEFT_INT, 72}};
  EXPECT_EQ(want, typemap_of(t));
  EXPECT_EQ(want, expected({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_FORTRAN, WEFT_INT, 4));
  WT_EXPECT_PROPS(t, 24, 0, 80, 80, 36, 40, 6);
}

TEST(Subarray, ThreeDimensions) {
  for (int order : {WEFT_ORDER_C, WEFT_ORDER_FORTRAN}) {
    SCOPED_TRACE(order);
    Owned t = subarray({3, 4, 5}, {2, 2, 2}, {1, 1, 3}, order, WEFT_DOUBLE);
    EXPECT_EQ(expected({3, 4, 5}, {2, 2, 2}, {1, 1, 3}, order, WEFT_DOUBLE, 8), typemap_of(t));
    weft_aint lb = -1, ext = -1;
    WT_EXPECT_OK(weft_type_extent(t, &lb, &ext));
    EXPECT_EQ(0, lb);
    EXPECT_EQ(60 * 8, ext);
    EXPECT_EQ(64, size_of(t));
  }
  // C order, explicit: (i,j,k) -> i*20 + j*5 + k, first entries (1,1,3),(1,1,4),(1,2,3)
  Owned c = subarray({3, 4, 5}, {2, 2, 2}, {1, 1, 3}, WEFT_ORDER_C, WEFT_DOUBLE);
  Typemap tm = typemap_of(c);
  ASSERT_EQ(8u, tm.size());
  EXPECT_EQ(28 * 8, tm[0].disp);
  EXPECT_EQ(29 * 8, tm[1].disp);
  EXPECT_EQ(33 * 8, tm[2].disp);
  EXPECT_EQ(54 * 8, tm[7].disp);
  // Fortran order: (i,j,k) -> i + 3j + 12k, first entries (1,1,3),(2,1,3),(1,2,3)
  Owned f = subarray({3, 4, 5}, {2, 2, 2}, {1, 1, 3}, WEFT_ORDER_FORTRAN, WEFT_DOUBLE);
  tm = typemap_of(f);
  ASSERT_EQ(8u, tm.size());
  EXPECT_EQ(40 * 8, tm[0].disp);
  EXPECT_EQ(41 * 8, tm[1].disp);
  EXPECT_EQ(43 * 8, tm[2].disp);
  EXPECT_EQ(56 * 8, tm[7].disp);
}

TEST(Subarray, OneDimensionBothOrdersAgree) {
  Owned c = subarray({10}, {4}, {3}, WEFT_ORDER_C, WEFT_SHORT);
  Owned f = subarray({10}, {4}, {3}, WEFT_ORDER_FORTRAN, WEFT_SHORT);
  Typemap want{{WEFT_SHORT, 6}, {WEFT_SHORT, 8}, {WEFT_SHORT, 10}, {WEFT_SHORT, 12}};
  EXPECT_EQ(want, typemap_of(c));
  EXPECT_EQ(want, typemap_of(f));
  WT_EXPECT_PROPS(c, 8, 0, 20, 20, 6, 8, 4);
}

TEST(Subarray, WholeArrayIsContiguous) {
  Owned t = subarray({4, 5}, {4, 5}, {0, 0}, WEFT_ORDER_C, WEFT_INT);
  Owned c = contiguous(20, WEFT_INT);
  EXPECT_EQ(typemap_of(c), typemap_of(t));
  EXPECT_TRUE(is_contiguous(t));
  WT_EXPECT_PROPS(t, 80, 0, 80, 80, 0, 80, 20);
}

TEST(Subarray, StartAtTheLastValidPlace) {
  Owned t = subarray({4, 5}, {1, 2}, {3, 3}, WEFT_ORDER_C, WEFT_INT);
  EXPECT_EQ((Typemap{{WEFT_INT, 72}, {WEFT_INT, 76}}), typemap_of(t));
  WT_EXPECT_PROPS(t, 8, 0, 80, 80, 72, 8, 2);
}

TEST(Subarray, ZeroSubsizeKeepsTheExtent) {
  Owned t = subarray({4, 5}, {0, 3}, {4, 0}, WEFT_ORDER_C, WEFT_INT);
  EXPECT_TRUE(typemap_of(t).empty());
  WT_EXPECT_PROPS(t, 0, 0, 80, 80, 0, 0, 0);
  Owned u = subarray({4, 5}, {2, 0}, {0, 5}, WEFT_ORDER_FORTRAN, WEFT_INT);
  WT_EXPECT_PROPS(u, 0, 0, 80, 80, 0, 0, 0);
}

TEST(Subarray, OldTypeWithPadding) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});  // extent 16
  Owned t = subarray({3}, {2}, {1}, WEFT_ORDER_C, dc);
  EXPECT_EQ((Typemap{{WEFT_DOUBLE, 16}, {WEFT_CHAR, 24}, {WEFT_DOUBLE, 32}, {WEFT_CHAR, 40}}),
            typemap_of(t));
  WT_EXPECT_PROPS(t, 18, 0, 48, 48, 16, 25, 2);
}

TEST(Subarray, OldTypeResized) {
  Owned r = resized(WEFT_INT, 0, 8);
  Owned t = subarray({2, 3}, {1, 2}, {1, 0}, WEFT_ORDER_C, r);
  EXPECT_EQ((Typemap{{WEFT_INT, 24}, {WEFT_INT, 32}}), typemap_of(t));
  WT_EXPECT_PROPS(t, 8, 0, 48, 48, 24, 12, 2);
}

TEST(Subarray, ExtentIsNotRoundedAndHasNoEpsilon) {
  // 3 chars + the UB marker at 3*1: extent 3 even inside a struct with a double
  Owned t = subarray({3}, {1}, {0}, WEFT_ORDER_C, WEFT_CHAR);
  WT_EXPECT_PROPS(t, 1, 0, 3, 3, 0, 1, 1);
  Owned c = contiguous(2, t);
  EXPECT_EQ((Typemap{{WEFT_CHAR, 0}, {WEFT_CHAR, 3}}), typemap_of(c));
  WT_EXPECT_PROPS(c, 2, 0, 6, 6, 0, 4, 2);
}

TEST(Subarray, PackExtractsTheBlock) {
  int a[4][5];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j) a[i][j] = 10 * i + j;
  Owned t = committed(subarray({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_C, WEFT_INT));
  int out[6] = {};
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(a, 1, t, out, 24, &pos));
  int want[6] = {12, 13, 14, 22, 23, 24};
  for (int k = 0; k < 6; ++k) EXPECT_EQ(want[k], out[k]) << k;
  // the Fortran view of the same memory: a(i,j) at i + 4j (sizes 4,5 with dim 0 fastest)
  Owned f = committed(subarray({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_FORTRAN, WEFT_INT));
  const int *flat = &a[0][0];
  pos = 0;
  WT_EXPECT_OK(weft_pack(a, 1, f, out, 24, &pos));
  int wantf[6] = {flat[9], flat[10], flat[13], flat[14], flat[17], flat[18]};
  for (int k = 0; k < 6; ++k) EXPECT_EQ(wantf[k], out[k]) << k;
}

TEST(SubarrayBounds, Rejected) {
  struct Bad {
    const char *what;
    std::vector<int64_t> sizes, subsizes, starts;
    int order;
    weft_status status;
  };
  for (const Bad &b : std::vector<Bad>{
           {"start past the end", {4, 5}, {2, 3}, {3, 2}, WEFT_ORDER_C, WEFT_INVALID_VALUE},
           {"start + subsize past the end", {4, 5}, {2, 3}, {1, 3}, WEFT_ORDER_FORTRAN, WEFT_INVALID_VALUE},
           {"negative start", {4, 5}, {2, 3}, {-1, 0}, WEFT_ORDER_C, WEFT_INVALID_VALUE},
           {"subsize larger than size", {4, 5}, {5, 3}, {0, 0}, WEFT_ORDER_C, WEFT_INVALID_VALUE},
           {"negative subsize", {4, 5}, {-1, 3}, {0, 0}, WEFT_ORDER_C, WEFT_INVALID_VALUE},
           {"size zero", {0, 5}, {0, 3}, {0, 0}, WEFT_ORDER_C, WEFT_INVALID_VALUE},
           {"negative size", {-4, 5}, {0, 3}, {0, 0}, WEFT_ORDER_C, WEFT_INVALID_VALUE},
           {"order 2", {4, 5}, {2, 3}, {1, 2}, 2, WEFT_INVALID_VALUE},
           {"order -1", {4, 5}, {2, 3}, {1, 2}, -1, WEFT_INVALID_VALUE},
       }) {
    SCOPED_TRACE(b.what);
    weft_type t = sentinel_type();
    WT_EXPECT_ERR(b.status, "weft_type_subarray",
                  weft_type_subarray(static_cast<int>(b.sizes.size()), b.sizes.data(),
                                     b.subsizes.data(), b.starts.data(), b.order, WEFT_INT, &t));
    EXPECT_EQ(sentinel_type(), t);
  }
  int64_t s[1] = {4}, ss[1] = {2}, st[1] = {0};
  weft_type t = sentinel_type();
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_subarray",
                weft_type_subarray(0, s, ss, st, WEFT_ORDER_C, WEFT_INT, &t));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_subarray",
                weft_type_subarray(-1, s, ss, st, WEFT_ORDER_C, WEFT_INT, &t));
  EXPECT_EQ(sentinel_type(), t);
}
