// weft_type_struct_aligned (NumPy dtype(..., align=True)), checked against the layout
// the C++ compiler gives the same struct (offsetof / sizeof / alignof).
#include <complex>
#include <cstddef>

#include "weft_test_util.hpp"

using namespace wt;

namespace {

struct S1 {
  char a;
  double b;
};
struct S2 {
  char a;
  int b;
  char c;
};
struct S3 {
  double a;
  char b;
};
struct S4 {
  char a;
  short b[3];
  long double c;
};
struct S5 {
  char a;
  std::complex<float> b;
};
struct S6 {
  int a[3];
  char b;
};
struct S7 {
  char a;
  S1 b[2];
  short c;
};
struct S8 {
  short a;
  std::complex<double> b;
  char c[3];
};

// Checks the displacements, extent, size, lb, alignment and typemap of an aligned struct.
void check(const char *name, const std::vector<int64_t> &B, const std::vector<weft_type> &T,
           const std::vector<weft_aint> &offsets, int64_t sizeof_c, int64_t alignof_c) {
  SCOPED_TRACE(name);
  std::vector<weft_aint> d;
  Owned t = struct_aligned(B, T, &d);
  ASSERT_NE(nullptr, t.get());
  EXPECT_EQ(offsets, d) << "field offsets";
  weft_aint lb = -1, ext = -1;
  WT_EXPECT_OK(weft_type_extent(t, &lb, &ext));
  EXPECT_EQ(0, lb);
  EXPECT_EQ(sizeof_c, ext);
  EXPECT_EQ(alignof_c, alignment_of(t).first);
  int64_t size = 0, count = 0;
  for (size_t i = 0; i < B.size(); ++i) {
    size += B[i] * size_of(T[i]);
    count += B[i];
  }
  EXPECT_EQ(size, size_of(t));
  int64_t n = -1;
  WT_EXPECT_OK(weft_type_count(t, &n));
  EXPECT_EQ(count, n);
  // the same displacements through weft_type_struct give the same typemap
  Owned s = structure(B, offsets, T);
  EXPECT_EQ(typemap_of(s), typemap_of(t));
}

}  // namespace

TEST(StructAligned, CharDouble) {
  check("S1", {1, 1}, {WEFT_CHAR, WEFT_DOUBLE}, {offsetof(S1, a), offsetof(S1, b)}, sizeof(S1),
        alignof(S1));
  std::vector<weft_aint> d;
  Owned t = struct_aligned({1, 1}, {WEFT_CHAR, WEFT_DOUBLE}, &d);
  EXPECT_EQ((std::vector<weft_aint>{0, 8}), d);
  EXPECT_EQ(16, extent_of(t));
  EXPECT_EQ((Typemap{{WEFT_CHAR, 0}, {WEFT_DOUBLE, 8}}), typemap_of(t));
}

TEST(StructAligned, CharIntChar) {
  check("S2", {1, 1, 1}, {WEFT_CHAR, WEFT_INT, WEFT_CHAR},
        {offsetof(S2, a), offsetof(S2, b), offsetof(S2, c)}, sizeof(S2), alignof(S2));
  EXPECT_EQ(12u, sizeof(S2));
}

TEST(StructAligned, DoubleChar) {
  check("S3", {1, 1}, {WEFT_DOUBLE, WEFT_CHAR}, {offsetof(S3, a), offsetof(S3, b)}, sizeof(S3),
        alignof(S3));
}

TEST(StructAligned, ArrayFieldAndLongDouble) {
  check("S4", {1, 3, 1}, {WEFT_CHAR, WEFT_SHORT, WEFT_LONG_DOUBLE},
        {offsetof(S4, a), offsetof(S4, b), offsetof(S4, c)}, sizeof(S4), alignof(S4));
}

TEST(StructAligned, Complex64) {
  check("S5", {1, 1}, {WEFT_CHAR, WEFT_C_FLOAT_COMPLEX}, {offsetof(S5, a), offsetof(S5, b)},
        sizeof(S5), alignof(S5));
  EXPECT_EQ(12u, sizeof(S5));
}

TEST(StructAligned, TailPadding) {
  check("S6", {3, 1}, {WEFT_INT, WEFT_CHAR}, {offsetof(S6, a), offsetof(S6, b)}, sizeof(S6),
        alignof(S6));
  EXPECT_EQ(16u, sizeof(S6));
}

TEST(StructAligned, Nested) {
  Owned s1 = struct_aligned({1, 1}, {WEFT_CHAR, WEFT_DOUBLE});
  check("S7", {1, 2, 1}, {WEFT_CHAR, s1.get(), WEFT_SHORT},
        {offsetof(S7, a), offsetof(S7, b), offsetof(S7, c)}, sizeof(S7), alignof(S7));
  EXPECT_EQ(48u, sizeof(S7));
}

TEST(StructAligned, DoubleComplexAndCharArray) {
  check("S8", {1, 1, 3}, {WEFT_SHORT, WEFT_C_DOUBLE_COMPLEX, WEFT_CHAR},
        {offsetof(S8, a), offsetof(S8, b), offsetof(S8, c)}, sizeof(S8), alignof(S8));
}

TEST(StructAligned, FieldOfAPackedDerivedType) {
  // {(char,0),(int,1)}: true alignment 4 (of the int), extent 8
  Owned p = structure({1, 1}, {0, 1}, {WEFT_CHAR, WEFT_INT});
  std::vector<weft_aint> d;
  Owned t = struct_aligned({1, 1}, {WEFT_CHAR, p.get()}, &d);
  EXPECT_EQ((std::vector<weft_aint>{0, 4}), d);
  EXPECT_EQ(12, extent_of(t));
  EXPECT_EQ((Typemap{{WEFT_CHAR, 0}, {WEFT_CHAR, 4}, {WEFT_INT, 5}}), typemap_of(t));
  EXPECT_EQ(4, alignment_of(t).first);
}

TEST(StructAligned, EmptyStruct) {
  Owned t = struct_aligned({}, {});
  WT_EXPECT_PROPS(t, 0, 0, 0, 0, 0, 0, 0);
  EXPECT_EQ(1, alignment_of(t).first);
}

TEST(StructAligned, DisplsOutMayBeNull) {
  weft_type t = nullptr;
  int64_t B[2] = {1, 1};
  weft_type T[2] = {WEFT_CHAR, WEFT_DOUBLE};
  WT_OK(weft_type_struct_aligned(2, B, T, nullptr, &t));
  EXPECT_EQ(16, extent_of(t));
  WT_EXPECT_OK(weft_type_free(&t));
}

TEST(StructAligned, ArraysOfIt) {
  Owned s1 = struct_aligned({1, 1}, {WEFT_DOUBLE, WEFT_CHAR});  // extent 16
  Owned c = contiguous(3, s1);
  WT_EXPECT_PROPS(c, 27, 0, 48, 48, 0, 41, 3);
  EXPECT_EQ((Typemap{{WEFT_DOUBLE, 0}, {WEFT_CHAR, 8}, {WEFT_DOUBLE, 16}, {WEFT_CHAR, 24},
                     {WEFT_DOUBLE, 32}, {WEFT_CHAR, 40}}),
            typemap_of(c));
}

TEST(StructAligned, PackMatchesTheCStruct) {
  S2 in[3] = {{'a', 1, 'b'}, {'c', 2, 'd'}, {'e', 3, 'f'}};
  Owned t = committed(struct_aligned({1, 1, 1}, {WEFT_CHAR, WEFT_INT, WEFT_CHAR}));
  Bytes packed = weft_pack_all(in, 3, t);
  ASSERT_EQ(18u, packed.size());
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(in[k].a, static_cast<char>(packed[6 * k]));
    int v;
    std::memcpy(&v, &packed[6 * k + 1], 4);
    EXPECT_EQ(in[k].b, v);
    EXPECT_EQ(in[k].c, static_cast<char>(packed[6 * k + 5]));
  }
  bool aligned = false, uint_aligned = false;
  WT_EXPECT_OK(weft_buffer_is_aligned(in, 3, t, &aligned, &uint_aligned));
  EXPECT_TRUE(aligned);
  EXPECT_TRUE(uint_aligned);
}

TEST(StructAligned, MarkersAreRejected) {
  int64_t B[2] = {1, 1};
  weft_type T[2] = {WEFT_LB, WEFT_INT};
  weft_type t = sentinel_type();
  weft_aint d[2] = {-7, -7};
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_struct_aligned",
                weft_type_struct_aligned(2, B, T, d, &t));
  EXPECT_EQ(sentinel_type(), t);
  EXPECT_EQ(-7, d[0]);
  EXPECT_EQ(-7, d[1]);
  T[0] = WEFT_INT;
  T[1] = WEFT_UB;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_struct_aligned",
                weft_type_struct_aligned(2, B, T, d, &t));
  EXPECT_EQ(sentinel_type(), t);
  EXPECT_EQ(-7, d[0]);
}
