// Sizes, extents, bounds, alignments and other properties of every predefined handle.
#include <complex>
#include <cwchar>
#include <set>

#include "weft_test_util.hpp"

using namespace wt;

namespace {

struct Predef {
  const char *name;
  weft_type handle;
  int64_t size;
  int64_t true_align;
};

// NumPy's uint alignment: the alignment of the uint used to copy an element of this
// size (uint8/16/32/64/64 for 1/2/4/8/16 bytes), 0 for any other size.
int64_t uint_align_for(int64_t size) {
  switch (size) {
    case 1: return 1;
    case 2: return 2;
    case 4: return 4;
    case 8: return 8;
    case 16: return 8;
    default: return 0;
  }
}

// The C types of the host compiler (the library is built with the same ABI).
// Fortran: INTEGER/REAL/LOGICAL 4 bytes, DOUBLE PRECISION 8, COMPLEX 2x4, DOUBLE COMPLEX 2x8,
// CHARACTER 1 (gfortran defaults).
std::vector<Predef> data_types() {
  return {
      {"CHAR", WEFT_CHAR, sizeof(char), alignof(char)},
      {"SIGNED_CHAR", WEFT_SIGNED_CHAR, sizeof(signed char), alignof(signed char)},
      {"UNSIGNED_CHAR", WEFT_UNSIGNED_CHAR, sizeof(unsigned char), alignof(unsigned char)},
      {"BYTE", WEFT_BYTE, 1, 1},
      {"SHORT", WEFT_SHORT, sizeof(short), alignof(short)},
      {"UNSIGNED_SHORT", WEFT_UNSIGNED_SHORT, sizeof(unsigned short), alignof(unsigned short)},
      {"INT", WEFT_INT, sizeof(int), alignof(int)},
      {"UNSIGNED", WEFT_UNSIGNED, sizeof(unsigned), alignof(unsigned)},
      {"LONG", WEFT_LONG, sizeof(long), alignof(long)},
      {"UNSIGNED_LONG", WEFT_UNSIGNED_LONG, sizeof(unsigned long), alignof(unsigned long)},
      {"LONG_LONG", WEFT_LONG_LONG, sizeof(long long), alignof(long long)},
      {"UNSIGNED_LONG_LONG", WEFT_UNSIGNED_LONG_LONG, sizeof(unsigned long long),
       alignof(unsigned long long)},
      {"INT8", WEFT_INT8, 1, alignof(int8_t)},
      {"INT16", WEFT_INT16, 2, alignof(int16_t)},
      {"INT32", WEFT_INT32, 4, alignof(int32_t)},
      {"INT64", WEFT_INT64, 8, alignof(int64_t)},
      {"UINT8", WEFT_UINT8, 1, alignof(uint8_t)},
      {"UINT16", WEFT_UINT16, 2, alignof(uint16_t)},
      {"UINT32", WEFT_UINT32, 4, alignof(uint32_t)},
      {"UINT64", WEFT_UINT64, 8, alignof(uint64_t)},
      {"FLOAT", WEFT_FLOAT, sizeof(float), alignof(float)},
      {"DOUBLE", WEFT_DOUBLE, sizeof(double), alignof(double)},
      {"LONG_DOUBLE", WEFT_LONG_DOUBLE, sizeof(long double), alignof(long double)},
      {"C_FLOAT_COMPLEX", WEFT_C_FLOAT_COMPLEX, sizeof(std::complex<float>),
       alignof(std::complex<float>)},
      {"C_DOUBLE_COMPLEX", WEFT_C_DOUBLE_COMPLEX, sizeof(std::complex<double>),
       alignof(std::complex<double>)},
      {"BOOL", WEFT_BOOL, sizeof(bool), alignof(bool)},
      {"WCHAR", WEFT_WCHAR, sizeof(wchar_t), alignof(wchar_t)},
      {"INTEGER", WEFT_INTEGER, 4, 4},
      {"REAL", WEFT_REAL, 4, 4},
      {"DOUBLE_PRECISION", WEFT_DOUBLE_PRECISION, 8, 8},
      {"COMPLEX", WEFT_COMPLEX, 8, 4},
      {"DOUBLE_COMPLEX", WEFT_DOUBLE_COMPLEX, 16, 8},
      {"LOGICAL", WEFT_LOGICAL, 4, 4},
      {"CHARACTER", WEFT_CHARACTER, 1, 1},
  };
}

}  // namespace

TEST(Predefined, AliasesAreTheSameHandle) {
  EXPECT_EQ(WEFT_FLOAT, WEFT_FP32);
  EXPECT_EQ(WEFT_DOUBLE, WEFT_FP64);
}

TEST(Predefined, HandlesAreDistinctAndNonNull) {
  std::set<weft_type> seen;
  size_t n = 0;
#define WT_DISTINCT_(name)                                   \
  EXPECT_NE(nullptr, WEFT_##name) << #name;                  \
  seen.insert(WEFT_##name);                                  \
  ++n;
  WEFT_PREDEFINED_LIST(WT_DISTINCT_)
#undef WT_DISTINCT_
  EXPECT_EQ(n, seen.size()) << "two predefined names share one handle";
  EXPECT_EQ(36u, n);
}

TEST(Predefined, TableCoversEveryDataType) {
  // Every predefined handle except the markers is in data_types().
  std::set<weft_type> listed;
  for (const Predef &p : data_types()) listed.insert(p.handle);
#define WT_LISTED_(name)                                       \
  if (WEFT_##name != WEFT_LB && WEFT_##name != WEFT_UB) {      \
    EXPECT_EQ(1u, listed.count(WEFT_##name)) << #name;         \
  }
  WEFT_PREDEFINED_LIST(WT_LISTED_)
#undef WT_LISTED_
}

#if defined(__x86_64__) && defined(__linux__)  // the values below are this platform's ABI
TEST(Predefined, X86_64Sizes) {
  EXPECT_EQ(16, size_of(WEFT_LONG_DOUBLE));
  EXPECT_EQ(8, size_of(WEFT_C_FLOAT_COMPLEX));
  EXPECT_EQ(16, size_of(WEFT_C_DOUBLE_COMPLEX));
  EXPECT_EQ(8, size_of(WEFT_LONG));
  EXPECT_EQ(4, size_of(WEFT_WCHAR));
  EXPECT_EQ(1, size_of(WEFT_BOOL));
  EXPECT_EQ(16, alignment_of(WEFT_LONG_DOUBLE).first);
  EXPECT_EQ(4, alignment_of(WEFT_C_FLOAT_COMPLEX).first);
  EXPECT_EQ(8, alignment_of(WEFT_C_DOUBLE_COMPLEX).first);
}
#endif

TEST(Predefined, SizesExtentsBounds) {
  for (const Predef &p : data_types()) {
    SCOPED_TRACE(p.name);
    WT_EXPECT_PROPS(p.handle, p.size, 0, p.size, p.size, 0, p.size, 1);
  }
}

TEST(Predefined, Alignments) {
  for (const Predef &p : data_types()) {
    SCOPED_TRACE(p.name);
    auto a = alignment_of(p.handle);
    EXPECT_EQ(p.true_align, a.first) << "true alignment";
    EXPECT_EQ(uint_align_for(p.size), a.second) << "uint alignment";
  }
}

TEST(Predefined, TypemapIsItself) {
  for (const Predef &p : data_types()) {
    SCOPED_TRACE(p.name);
    EXPECT_EQ((Typemap{{p.handle, 0}}), typemap_of(p.handle));
  }
}

TEST(Predefined, AreContiguous) {
  for (const Predef &p : data_types()) {
    SCOPED_TRACE(p.name);
    EXPECT_TRUE(is_contiguous(p.handle));
  }
}

TEST(Predefined, EnvelopeIsNamedAndContentsIsAnError) {
  for (const Predef &p : data_types()) {
    SCOPED_TRACE(p.name);
    int64_t ni = -1, na = -1, nt = -1;
    int comb = -1;
    WT_EXPECT_OK(weft_type_envelope(p.handle, &ni, &na, &nt, &comb));
    EXPECT_EQ(0, ni);
    EXPECT_EQ(0, na);
    EXPECT_EQ(0, nt);
    EXPECT_EQ(WEFT_COMBINER_NAMED, comb);
    int64_t ints[1] = {-5};
    weft_aint addrs[1] = {-5};
    weft_type types[1] = {sentinel_type()};
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_contents",
                  weft_type_contents(p.handle, 1, 1, 1, ints, addrs, types));
    EXPECT_EQ(-5, ints[0]);
    EXPECT_EQ(-5, addrs[0]);
    EXPECT_EQ(sentinel_type(), types[0]);
  }
}

TEST(Predefined, AreCommittedAndCommitIsANoOp) {
  for (const Predef &p : data_types()) {
    SCOPED_TRACE(p.name);
    WT_EXPECT_OK(weft_type_commit(p.handle));
    // Usable by pack without any commit by the caller.
    unsigned char in[16], out[16];
    for (int i = 0; i < 16; ++i) in[i] = static_cast<unsigned char>(i + 1);
    int64_t pos = 0;
    WT_EXPECT_OK(weft_pack(in, 1, p.handle, out, 16, &pos));
    EXPECT_EQ(p.size, pos);
    EXPECT_EQ(0, std::memcmp(in, out, static_cast<size_t>(p.size)));
    // iov needs a committed type: predefined ones are.
    weft_aint off = -1;
    int64_t len = -1, n = -1;
    WT_EXPECT_OK(weft_type_iov(p.handle, 1, 0, 1, &off, &len, &n));
    EXPECT_EQ(1, n);
    EXPECT_EQ(0, off);
    EXPECT_EQ(p.size, len);
  }
}

TEST(Predefined, PackSize) {
  for (const Predef &p : data_types()) {
    SCOPED_TRACE(p.name);
    int64_t s = -1;
    WT_EXPECT_OK(weft_pack_size(7, p.handle, &s));
    EXPECT_EQ(7 * p.size, s);
  }
}

TEST(Predefined, DupOfPredefined) {
  for (const Predef &p : data_types()) {
    SCOPED_TRACE(p.name);
    Owned d = dup(p.handle);
    ASSERT_NE(nullptr, d.get());
    EXPECT_NE(p.handle, d.get()) << "dup must be a new handle";
    WT_EXPECT_PROPS(d, p.size, 0, p.size, p.size, 0, p.size, 1);
    EXPECT_EQ((Typemap{{p.handle, 0}}), typemap_of(d));
    auto a = alignment_of(d);
    EXPECT_EQ(p.true_align, a.first);
    EXPECT_EQ(uint_align_for(p.size), a.second);
    // committed because the predefined type is
    unsigned char in[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, out[16] = {};
    int64_t pos = 0;
    WT_EXPECT_OK(weft_pack(in, 1, d, out, 16, &pos));
    EXPECT_EQ(p.size, pos);
    int64_t ni = -1, na = -1, nt = -1;
    int comb = -1;
    WT_EXPECT_OK(weft_type_envelope(d, &ni, &na, &nt, &comb));
    EXPECT_EQ(WEFT_COMBINER_DUP, comb);
    EXPECT_EQ(0, ni);
    EXPECT_EQ(0, na);
    EXPECT_EQ(1, nt);
  }
}

TEST(Predefined, Markers) {
  for (weft_type m : {WEFT_LB, WEFT_UB}) {
    SCOPED_TRACE(type_name(m));
    // zero size, zero extent, no entries, not counted
    WT_EXPECT_PROPS(m, 0, 0, 0, 0, 0, 0, 0);
    EXPECT_TRUE(typemap_of(m).empty());
    int64_t ni = -1, na = -1, nt = -1;
    int comb = -1;
    WT_EXPECT_OK(weft_type_envelope(m, &ni, &na, &nt, &comb));
    EXPECT_EQ(WEFT_COMBINER_NAMED, comb);
    EXPECT_EQ(0, ni);
    EXPECT_EQ(0, na);
    EXPECT_EQ(0, nt);
    WT_EXPECT_OK(weft_type_commit(m));
    // no basic entries: true alignment 1
    int64_t ta = -1;
    WT_EXPECT_OK(weft_type_alignment(m, &ta, nullptr));
    EXPECT_EQ(1, ta);
  }
}

TEST(Predefined, ExtentOutputsMayBeNull) {
  weft_aint lb = -1, ext = -1;
  WT_EXPECT_OK(weft_type_extent(WEFT_DOUBLE, nullptr, nullptr));
  WT_EXPECT_OK(weft_type_extent(WEFT_DOUBLE, &lb, nullptr));
  EXPECT_EQ(0, lb);
  WT_EXPECT_OK(weft_type_extent(WEFT_DOUBLE, nullptr, &ext));
  EXPECT_EQ(8, ext);
  weft_aint tlb = -1, text = -1;
  WT_EXPECT_OK(weft_type_true_extent(WEFT_SHORT, nullptr, nullptr));
  WT_EXPECT_OK(weft_type_true_extent(WEFT_SHORT, &tlb, nullptr));
  EXPECT_EQ(0, tlb);
  WT_EXPECT_OK(weft_type_true_extent(WEFT_SHORT, nullptr, &text));
  EXPECT_EQ(2, text);
  int64_t a = -1, u = -1;
  WT_EXPECT_OK(weft_type_alignment(WEFT_DOUBLE, nullptr, nullptr));
  WT_EXPECT_OK(weft_type_alignment(WEFT_DOUBLE, &a, nullptr));
  EXPECT_EQ(8, a);
  WT_EXPECT_OK(weft_type_alignment(WEFT_DOUBLE, nullptr, &u));
  EXPECT_EQ(8, u);
}

TEST(Predefined, TypemapCapacityZeroCounts) {
  int64_t n = -1;
  WT_EXPECT_OK(weft_type_typemap(WEFT_INT, 0, nullptr, nullptr, &n));
  EXPECT_EQ(1, n);
  n = -1;
  WT_EXPECT_OK(weft_type_typemap(WEFT_LB, 0, nullptr, nullptr, &n));
  EXPECT_EQ(0, n);
}
