// weft_matrix_serialize / deserialize: round trips for every predefined domain and user
// struct domains (rebuilt compatible), the documented byte layout (checked with the
// independent reading in tests/fuzz/image_model.hpp), empty and 1x1 matrices, every
// error status, every truncation and every single-bit corruption of a valid image, forged
// images that break each rule of the format, and 1000 random round trips.
#include <algorithm>
#include <cstddef>
#include <map>

#include "../fuzz/image_model.hpp"
#include "../support/splitmix64.hpp"
#include "weft_test_util.hpp"

using namespace wt;
namespace im = image_model;

namespace {

struct Domain {
  weft_type type;
  const char *name;
  int64_t size;
  uint32_t code;  // the image's domain code
};
const Domain kPredefined[] = {
    {WEFT_BOOL, "BOOL", 1, 1},     {WEFT_INT8, "INT8", 1, 2},     {WEFT_INT16, "INT16", 2, 3},
    {WEFT_INT32, "INT32", 4, 4},   {WEFT_INT64, "INT64", 8, 5},   {WEFT_UINT8, "UINT8", 1, 6},
    {WEFT_UINT16, "UINT16", 2, 7}, {WEFT_UINT32, "UINT32", 4, 8}, {WEFT_UINT64, "UINT64", 8, 9},
    {WEFT_FP32, "FP32", 4, 10},    {WEFT_FP64, "FP64", 8, 11},    {WEFT_FC32, "FC32", 8, 12},
    {WEFT_FC64, "FC64", 16, 13}};

struct Point {
  int32_t a;
  double b;
  char c;
};
Owned point_type() {
  Owned s = structure({1, 1, 1}, {offsetof(Point, a), offsetof(Point, b), offsetof(Point, c)},
                      {WEFT_INT32, WEFT_DOUBLE, WEFT_CHAR});
  return resized(s.get(), 0, sizeof(Point));
}

using Entries = std::map<std::pair<int64_t, int64_t>, Bytes>;

// A random matrix of domain t (values of `size` bytes; BOOL bytes at bool_offsets).
struct Built {
  weft_matrix A = nullptr;
  Entries entries;
};
Built random_matrix(weft_testing::Rng &rng, weft_type t, int64_t size, int64_t nrows, int64_t ncols, int percent,
                    const std::vector<int64_t> &bool_offsets = {}) {
  Built b;
  std::vector<int64_t> I, J;
  Bytes X;
  for (int64_t i = 0; i < nrows; ++i)
    for (int64_t j = 0; j < ncols; ++j) {
      if (!rng.chance(percent)) continue;
      Bytes v(static_cast<size_t>(size));
      for (auto &c : v) c = static_cast<unsigned char>(rng.next());
      for (int64_t off : bool_offsets) v[size_t(off)] &= 1;
      I.push_back(i);
      J.push_back(j);
      X.insert(X.end(), v.begin(), v.end());
      b.entries[{i, j}] = v;
    }
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_import(t, nrows, ncols, WEFT_FORMAT_COO, I.data(), J.data(), X.data(), t,
                                             int64_t(I.size()), &b.A))
      << weft_last_error();
  return b;
}

Bytes serialize(weft_matrix A) {
  int64_t size = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_serialize_size(A, &size)) << weft_last_error();
  Bytes img(static_cast<size_t>(size), 0xEE);
  int64_t written = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_serialize(A, img.data(), size, &written)) << weft_last_error();
  EXPECT_EQ(size, written);
  return img;
}

// Deserializes from an exact-length heap copy (so a read past the end is caught by ASan).
weft_status deserialize(const Bytes &img, size_t len, weft_matrix *A) {
  std::unique_ptr<unsigned char[]> copy(new unsigned char[std::max<size_t>(len, 1)]);
  std::copy(img.begin(), img.begin() + static_cast<std::ptrdiff_t>(len), copy.get());
  return weft_matrix_deserialize(copy.get(), int64_t(len), A);
}

Entries entries_of(weft_matrix A, weft_type t, int64_t size) {
  int64_t n = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_nvals(A, &n));
  std::vector<int64_t> I(size_t(n) + 1), J(size_t(n) + 1);
  Bytes X(size_t(n * size) + 1);
  int64_t got = n;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_extract_tuples(A, n, I.data(), J.data(), X.data(), t, &got)) << weft_last_error();
  Entries e;
  for (int64_t k = 0; k < got; ++k)
    e[{I[size_t(k)], J[size_t(k)]}] = Bytes(X.begin() + k * size, X.begin() + (k + 1) * size);
  return e;
}

// Image -> matrix -> the same entries, shape and the same image again.
weft_matrix check_round_trip(const Built &b, weft_type t, int64_t size) {
  const Bytes img = serialize(b.A);
  weft_matrix B = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, deserialize(img, img.size(), &B)) << weft_last_error();
  if (!B) return nullptr;
  int64_t r1 = 0, r2 = 0, c1 = 0, c2 = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_nrows(b.A, &r1));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_nrows(B, &r2));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_ncols(b.A, &c1));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_ncols(B, &c2));
  EXPECT_EQ(r1, r2);
  EXPECT_EQ(c1, c2);
  EXPECT_TRUE(entries_of(B, t, size) == b.entries) << "entries differ";
  EXPECT_TRUE(serialize(B) == img) << "serializing what was read gives other bytes";
  return B;
}

TEST(Serialize, EveryPredefinedDomain) {
  weft_testing::Rng rng(11);
  for (const Domain &d : kPredefined) {
    SCOPED_TRACE(d.name);
    Built b = random_matrix(rng, d.type, d.size, 9, 6, 30,
                            d.type == WEFT_BOOL ? std::vector<int64_t>{0} : std::vector<int64_t>{});
    const Bytes img = serialize(b.A);
    EXPECT_EQ(d.code, im::get(img.data() + im::kDomain, 4));
    EXPECT_EQ(d.size, im::get_i64(img, im::kEsize));
    weft_matrix B = check_round_trip(b, d.type, d.size);
    weft_type t = nullptr;
    WT_EXPECT_OK(weft_matrix_type(B, &t));
    EXPECT_EQ(d.type, t) << "a predefined domain comes back as itself";
    weft_matrix_free(&B);
    weft_matrix_free(&b.A);
  }
  // An alias comes back as the domain's own type.
  const int64_t I[] = {0}, J[] = {1};
  const int x = 5;
  weft_matrix A = nullptr, B = nullptr;
  WT_OK(weft_matrix_import(WEFT_INT, 1, 2, WEFT_FORMAT_COO, I, J, &x, WEFT_INT, 1, &A));
  const Bytes img = serialize(A);
  WT_OK(deserialize(img, img.size(), &B));
  weft_type t = nullptr;
  WT_OK(weft_matrix_type(B, &t));
  EXPECT_EQ(WEFT_INT32, t);
  weft_matrix_free(&A);
  weft_matrix_free(&B);
}

// A user domain comes back as a new type with the same typemap, lb and extent, which is
// compatible with the original both ways.
void check_user_domain(weft_type t, const std::vector<int64_t> &bools, uint64_t seed) {
  weft_testing::Rng rng(seed);
  const int64_t size = extent_of(t);
  Built b = random_matrix(rng, t, size, 5, 8, 40, bools);
  const Bytes img = serialize(b.A);
  EXPECT_EQ(0u, im::get(img.data() + im::kDomain, 4));
  weft_matrix B = check_round_trip(b, t, size);  // reads B's values as t's
  ASSERT_NE(nullptr, B);
  // FP64 is not the same domain.
  int64_t p[1], i[1], np = 1, ni = 1, nv = 1;
  double x;
  WT_EXPECT_STATUS(WEFT_DOMAIN_MISMATCH, weft_matrix_export(B, WEFT_FORMAT_COO, p, i, &x, WEFT_FP64, &np, &ni, &nv));
  weft_matrix_free(&B);
  weft_matrix_free(&b.A);
}

// The handle weft_matrix_type gives for a rebuilt user domain is a live type equal to
// the original in typemap, bounds and signature, usable as a domain for new values.
void check_rebuilt_type(weft_type t, uint64_t seed) {
  weft_testing::Rng rng(seed);
  const int64_t size = extent_of(t);
  Built b = random_matrix(rng, t, size, 3, 3, 60);
  const Bytes img = serialize(b.A);
  weft_matrix B = nullptr;
  WT_OK(deserialize(img, img.size(), &B));
  weft_type bt = nullptr;
  WT_OK(weft_matrix_type(B, &bt));
  weft_aint lb1 = 0, ex1 = 0, lb2 = 0, ex2 = 0;
  WT_OK(weft_type_extent(t, &lb1, &ex1));
  WT_OK(weft_type_extent(bt, &lb2, &ex2));
  EXPECT_EQ(lb1, lb2);
  EXPECT_EQ(ex1, ex2);
  EXPECT_EQ(size_of(t), size_of(bt));
  EXPECT_EQ(typemap_of(t), typemap_of(bt));
  uint64_t f1 = 0, f2 = 0;
  WT_OK(weft_type_signature(t, &f1));
  WT_OK(weft_type_signature(bt, &f2));
  EXPECT_EQ(f1, f2);
  EXPECT_TRUE(entries_of(b.A, bt, size) == b.entries);
  weft_matrix_free(&B);
  weft_matrix_free(&b.A);
}

TEST(Serialize, RebuiltUserTypeHandleIsLive) {
  Owned pt = point_type();
  check_rebuilt_type(pt.get(), 31);
  check_rebuilt_type(WEFT_LONG_DOUBLE, 32);
}

TEST(Serialize, UserStructDomain) {
  Owned pt = point_type();
  check_user_domain(pt.get(), {}, 21);
}

TEST(Serialize, UserDomainsOfOtherShapes) {
  {                                         // Negative lb, a BOOL field, repeated runs of one basic type.
    Owned v = vector(3, 1, 2, WEFT_INT16);  // INT16 at 0, 4, 8
    Owned s = structure({1, 1, 2}, {0, 12, 13}, {v.get(), WEFT_BOOL, WEFT_UINT8});
    Owned r = resized(s.get(), -8, 24);
    SCOPED_TRACE("vector + bool, lb -8");
    check_user_domain(r.get(), {12}, 22);
  }
  {  // One long run (300 chars), and WEFT_LONG_DOUBLE, a predefined type without a code.
    Owned c = contiguous(300, WEFT_CHAR);
    SCOPED_TRACE("300 chars");
    check_user_domain(c.get(), {}, 23);
  }
  SCOPED_TRACE("long double");
  check_user_domain(WEFT_LONG_DOUBLE, {}, 24);
}

TEST(Serialize, EmptyAndOneByOne) {
  weft_testing::Rng rng(3);
  for (int64_t nr : {1, 5})
    for (int percent : {0, 100}) {
      SCOPED_TRACE(std::to_string(nr) + " rows, " + std::to_string(percent) + "%");
      Built b = random_matrix(rng, WEFT_INT16, 2, nr, nr == 1 ? 1 : 7, percent);
      const Bytes img = serialize(b.A);
      const int64_t nvals = int64_t(b.entries.size());
      // header + row pointers + columns + values padded to 8 + checksum
      EXPECT_EQ(size_t(64 + 8 * (nr + 1) + 8 * nvals + (2 * nvals + 7) / 8 * 8 + 8), img.size());
      weft_matrix B = check_round_trip(b, WEFT_INT16, 2);
      weft_matrix_free(&B);
      weft_matrix_free(&b.A);
    }
}

TEST(Serialize, PendingUpdatesAreWritten) {
  weft_matrix A = nullptr, B = nullptr;
  WT_OK(weft_matrix_new(WEFT_UINT32, 4, 4, &A));
  const uint32_t v = 77;
  WT_OK(weft_matrix_set_element(A, 3, 2, &v, WEFT_UINT32));
  const Bytes img = serialize(A);
  EXPECT_EQ(1, im::get_i64(img, im::kNvals));
  WT_OK(deserialize(img, img.size(), &B));
  uint32_t x = 0;
  WT_OK(weft_matrix_extract_element(B, 3, 2, WEFT_UINT32, &x));
  EXPECT_EQ(77u, x);
  weft_matrix_free(&A);
  weft_matrix_free(&B);
}

// The bytes are the documented layout, read with the independent model.
TEST(Serialize, ImageIsTheDocumentedLayout) {
  const int64_t I[] = {0, 2, 2}, J[] = {3, 0, 1};
  const double X[] = {1.5, -2, 4};
  weft_matrix A = nullptr;
  WT_OK(weft_matrix_import(WEFT_FP64, 3, 4, WEFT_FORMAT_COO, I, J, X, WEFT_FP64, 3, &A));
  const Bytes img = serialize(A);
  const unsigned char magic[8] = {0x89, 'W', 'E', 'F', 'T', 'M', 'X', '\n'};
  EXPECT_EQ(0, std::memcmp(img.data(), magic, 8));
  EXPECT_EQ(1u, im::get(img.data() + im::kVersion, 4));
  EXPECT_EQ(11u, im::get(img.data() + im::kDomain, 4));
  EXPECT_EQ(3, im::get_i64(img, im::kNrows));
  EXPECT_EQ(4, im::get_i64(img, im::kNcols));
  EXPECT_EQ(3, im::get_i64(img, im::kNvals));
  EXPECT_EQ(8, im::get_i64(img, im::kEsize));
  EXPECT_EQ(0, im::get_i64(img, im::kNruns));
  EXPECT_EQ(int64_t(img.size()), im::get_i64(img, im::kLength));
  const im::Sections s = im::sections(img);
  const int64_t p[] = {0, 1, 1, 3}, j[] = {3, 0, 1};
  for (int k = 0; k < 4; ++k) EXPECT_EQ(p[k], im::get_i64(img, s.p + 8 * size_t(k)));
  for (int k = 0; k < 3; ++k) EXPECT_EQ(j[k], im::get_i64(img, s.j + 8 * size_t(k)));
  for (int k = 0; k < 3; ++k) {
    double d;
    const uint64_t bits = im::get(img.data() + s.x + 8 * size_t(k), 8);
    std::memcpy(&d, &bits, 8);
    EXPECT_EQ(X[k], d);
  }
  EXPECT_EQ(s.x + 24 + 8, img.size());
  EXPECT_TRUE(im::checksum_ok(img));
  weft_matrix_free(&A);

  // A user domain's runs: Point = INT32 at 0, DOUBLE at 8, CHAR at 16, extent 24.
  Owned pt = point_type();
  weft_testing::Rng rng(5);
  Built b = random_matrix(rng, pt.get(), sizeof(Point), 2, 2, 50);
  const Bytes u = serialize(b.A);
  EXPECT_EQ(3, im::get_i64(u, im::kNruns));
  EXPECT_EQ(0, im::get_i64(u, 64));  // lb
  const uint32_t codes[] = {15, 22, 1}, sizes[] = {4, 8, 1};
  const int64_t displs[] = {0, 8, 16};
  for (size_t r = 0; r < 3; ++r) {
    const unsigned char *q = u.data() + 72 + 24 * r;
    EXPECT_EQ(codes[r], im::get(q, 4));
    EXPECT_EQ(sizes[r], im::get(q + 4, 4));
    EXPECT_EQ(1u, im::get(q + 8, 8));
    EXPECT_EQ(uint64_t(displs[r]), im::get(q + 16, 8));
  }
  weft_matrix_free(&b.A);
}

// ---- Errors -----------------------------------------------------------------------

weft_matrix sentinel() { return reinterpret_cast<weft_matrix>(static_cast<uintptr_t>(0xbad5)); }

TEST(SerializeErrors, SerializeArguments) {
  weft_testing::Rng rng(7);
  Built b = random_matrix(rng, WEFT_FP32, 4, 3, 3, 50);
  int64_t size = -1;
  WT_OK(weft_matrix_serialize_size(b.A, &size));
  Bytes buf(size_t(size) + 8, 0x5A);
  int64_t out = -3;
  const char *f = "weft_matrix_serialize";
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_matrix_serialize(b.A, buf.data(), size - 1, &out));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_matrix_serialize(b.A, buf.data(), 0, &out));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_matrix_serialize(b.A, buf.data(), -1, &out));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_matrix_serialize(b.A, nullptr, size, &out));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_matrix_serialize(b.A, buf.data(), size, nullptr));
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_matrix_serialize(nullptr, buf.data(), size, &out));
  EXPECT_EQ(-3, out);
  EXPECT_TRUE(std::all_of(buf.begin(), buf.end(), [](unsigned char c) { return c == 0x5A; })) << "written on error";
  WT_OK(weft_matrix_serialize(b.A, buf.data(), size + 8, &out));  // more room is fine
  EXPECT_EQ(size, out);
  EXPECT_EQ(0x5A, buf[size_t(size)]);
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_serialize_size", weft_matrix_serialize_size(b.A, nullptr));
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_matrix_serialize_size", weft_matrix_serialize_size(nullptr, &out));
  weft_vector v = nullptr;
  WT_OK(weft_vector_new(WEFT_FP32, 3, &v));
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_matrix_serialize_size",
                weft_matrix_serialize_size(reinterpret_cast<weft_matrix>(v), &out));
  weft_vector_free(&v);
  weft_matrix_free(&b.A);
}

TEST(SerializeErrors, DeserializeArguments) {
  weft_testing::Rng rng(8);
  Built b = random_matrix(rng, WEFT_FP32, 4, 3, 3, 50);
  const Bytes img = serialize(b.A);
  weft_matrix A = sentinel();
  const char *f = "weft_matrix_deserialize";
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_matrix_deserialize(nullptr, int64_t(img.size()), &A));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_matrix_deserialize(img.data(), int64_t(img.size()), nullptr));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_matrix_deserialize(img.data(), -1, &A));
  Bytes longer = img;
  longer.resize(img.size() + 8, 0);
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, deserialize(longer, longer.size(), &A));
  EXPECT_NE(nullptr, std::strstr(weft_last_error(), "the buffer has")) << weft_last_error();
  EXPECT_EQ(sentinel(), A);
  weft_matrix_free(&b.A);
}

// Images to break: a predefined one with padding and a user-defined one with a BOOL.
struct Victims {
  Bytes fp, i8, udt, boolean;
};
Victims victims() {
  weft_testing::Rng rng(9);
  Victims v;
  Built a = random_matrix(rng, WEFT_FP64, 8, 4, 5, 50);
  v.fp = serialize(a.A);
  weft_matrix_free(&a.A);
  const int64_t I[] = {0, 1, 1}, J[] = {1, 0, 2};
  const int8_t x[] = {1, 2, 3};
  weft_matrix A = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_import(WEFT_INT8, 2, 3, WEFT_FORMAT_COO, I, J, x, WEFT_INT8, 3, &A));
  v.i8 = serialize(A);
  weft_matrix_free(&A);
  Owned s = structure({2, 1}, {0, 8}, {WEFT_INT32, WEFT_BOOL});
  Built u = random_matrix(rng, s.get(), 12, 3, 3, 60, {8});
  v.udt = serialize(u.A);
  weft_matrix_free(&u.A);
  const bool bx[] = {true, false, true};
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_import(WEFT_BOOL, 2, 3, WEFT_FORMAT_COO, I, J, bx, WEFT_BOOL, 3, &A));
  v.boolean = serialize(A);
  weft_matrix_free(&A);
  return v;
}

TEST(SerializeErrors, EveryTruncationFails) {
  const Victims v = victims();
  for (const Bytes *img : {&v.fp, &v.i8, &v.udt, &v.boolean})
    for (size_t len = 0; len < img->size(); ++len) {
      weft_matrix A = sentinel();
      const weft_status s = deserialize(*img, len, &A);
      ASSERT_EQ(status_str(WEFT_INVALID_VALUE), status_str(s)) << "length " << len;
      ASSERT_EQ(sentinel(), A);
      ASSERT_NE(nullptr, std::strstr(weft_last_error(), "truncated")) << weft_last_error();
    }
}

// Any single flipped bit fails (it changes one checksum word). With the checksum forged
// to match, the image either fails or is another valid matrix, whose image it is.
TEST(SerializeErrors, EveryBitFlipFailsOrIsValid) {
  const Victims v = victims();
  int valid = 0;
  for (const Bytes *orig : {&v.fp, &v.i8, &v.udt, &v.boolean})
    for (size_t at = 0; at < orig->size(); ++at)
      for (int bit = 0; bit < 8; bit += 3) {
        Bytes img = *orig;
        img[at] ^= static_cast<unsigned char>(1u << bit);
        weft_matrix A = sentinel();
        ASSERT_EQ(status_str(WEFT_INVALID_VALUE), status_str(deserialize(img, img.size(), &A))) << at;
        ASSERT_EQ(sentinel(), A);
        if (at >= img.size() - 8) continue;
        im::fix_checksum(img);
        const weft_status s = deserialize(img, img.size(), &A);
        if (s == WEFT_SUCCESS) {
          ++valid;
          EXPECT_TRUE(serialize(A) == img) << "byte " << at << " bit " << bit;
          weft_matrix_free(&A);
        } else {
          ASSERT_EQ(status_str(WEFT_INVALID_VALUE), status_str(s)) << at;
          ASSERT_EQ(sentinel(), A);
        }
      }
  EXPECT_GT(valid, 0) << "flipped value bits should give valid images";
}

// One rule of the format broken (the checksum forged), the message saying which.
void expect_rejected(Bytes img, const char *text, bool fix = true) {
  SCOPED_TRACE(text);
  if (fix) im::fix_checksum(img);
  weft_matrix A = sentinel();
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_matrix_deserialize", deserialize(img, img.size(), &A));
  EXPECT_EQ(sentinel(), A);
  EXPECT_NE(nullptr, std::strstr(weft_last_error(), text)) << weft_last_error();
}

TEST(SerializeErrors, ForgedHeaders) {
  const Victims v = victims();
  Bytes b = v.fp;
  b[1] = 'w';
  expect_rejected(b, "magic");
  b = v.fp;
  im::put(b.data() + im::kVersion, 2, 4);
  expect_rejected(b, "version 2");
  b = v.fp;
  b[im::kNrows + 1] ^= 1;
  expect_rejected(b, "checksum mismatch", false);
  b = v.fp;
  im::put(b.data() + im::kDomain, 14, 4);
  expect_rejected(b, "unknown domain code 14");
  b = v.fp;
  im::put_i64(b, im::kNrows, 0);
  expect_rejected(b, "nrows 0");
  b = v.fp;
  im::put_i64(b, im::kNcols, (int64_t(1) << 60) + 1);
  expect_rejected(b, "ncols");
  b = v.fp;
  im::put_i64(b, im::kNvals, -1);
  expect_rejected(b, "nvals -1");
  b = v.fp;
  im::put_i64(b, im::kNrows, im::get_i64(b, im::kNrows) + 1);
  expect_rejected(b, "do not make");
  b = v.fp;
  im::put_i64(b, im::kNvals, INT64_MAX / 4);
  expect_rejected(b, "do not make");
  b = v.fp;
  im::put_i64(b, im::kLength, int64_t(b.size()) + 8);
  expect_rejected(b, "truncated");
  b = v.fp;
  im::put_i64(b, im::kEsize, 0);
  expect_rejected(b, "value size 0");
}

TEST(SerializeErrors, ForgedPredefinedDomain) {
  // An empty 1 x 1 FP64 image: 64 + 16 (p) + 8 bytes; esize and nruns do not change its length.
  weft_matrix A = nullptr;
  WT_OK(weft_matrix_new(WEFT_FP64, 1, 1, &A));
  const Bytes img = serialize(A);
  weft_matrix_free(&A);
  ASSERT_EQ(88u, img.size());
  Bytes b = img;
  im::put_i64(b, im::kEsize, 4);
  expect_rejected(b, "FP64 domain has 8-byte values, not 4");
  b = img;
  im::put_i64(b, im::kNruns, 1);
  expect_rejected(b, "a predefined domain with 1 typemap runs");
  b = img;
  im::put_i64(b, im::kNruns, -1);
  expect_rejected(b, "-1 typemap runs");
}

TEST(SerializeErrors, ForgedEntries) {
  const Victims v = victims();
  const im::Sections s = im::sections(v.i8);  // 2 x 3: row 0 = {1}, row 1 = {0, 2}
  Bytes b = v.i8;
  im::put_i64(b, s.p, 1);
  expect_rejected(b, "p[0] = 1");
  b = v.i8;
  im::put_i64(b, s.p + 8, 4);
  expect_rejected(b, "p[1] = 4 after p[0] = 0");
  b = v.i8;
  im::put_i64(b, s.p + 8, 2);
  expect_rejected(b, "columns must increase");  // row 0 = {1, 0}
  b = v.i8;
  im::put_i64(b, s.p + 16, 2);
  expect_rejected(b, "p[2] = 2, must equal nvals = 3");
  b = v.i8;
  im::put_i64(b, s.j, 3);
  expect_rejected(b, "column index 3 of row 0 is outside [0, 3)");
  b = v.i8;
  im::put_i64(b, s.j + 8, -1);
  expect_rejected(b, "column index -1 of row 1");
  b = v.i8;
  im::put_i64(b, s.j + 16, 0);
  expect_rejected(b, "row 1: column 0 after 0");
  b = v.i8;
  b[s.x + 3] = 1;  // the first padding byte after 3 one-byte values
  expect_rejected(b, "padding byte");
  b = v.boolean;
  b[im::sections(b).x + 1] = 2;
  expect_rejected(b, "value 1 has 2 in a BOOL");
}

TEST(SerializeErrors, ForgedUserDomain) {
  const Victims v = victims();  // udt: INT32 x 2 at 0, BOOL at 8, extent 12
  const size_t run0 = 72, run1 = 96;
  ASSERT_EQ(2, im::get_i64(v.udt, im::kNruns));
  Bytes b = v.udt;
  im::put_i64(b, 64, int64_t(1) << 61);
  expect_rejected(b, "lb");
  b = v.udt;
  im::put(b.data() + run0, 0, 4);
  expect_rejected(b, "run 0: unknown basic type code 0");
  b = v.udt;
  im::put(b.data() + run1, 35, 4);
  expect_rejected(b, "run 1: unknown basic type code 35");
  b = v.udt;
  im::put(b.data() + run0 + 4, 8, 4);
  expect_rejected(b, "run 0: WEFT_INT32 has 8 bytes in the image but 4 here");
  b = v.udt;
  im::put_i64(b, run0 + 8, 0);
  expect_rejected(b, "run 0: count 0");
  b = v.udt;
  im::put_i64(b, run0 + 8, 4);
  expect_rejected(b, "outside the 12-byte element");
  b = v.udt;
  im::put_i64(b, run1 + 16, 12);
  expect_rejected(b, "run 1: 1 x WEFT_BOOL at 12 is outside");
  b = v.udt;
  im::put_i64(b, run1 + 16, -1);
  expect_rejected(b, "at -1 is outside");
  b = v.udt;
  im::put(b.data() + run1, 15, 4);  // run 1 becomes INT32 at 8: it continues run 0
  im::put(b.data() + run1 + 4, 4, 4);
  expect_rejected(b, "run 1 continues run 0");
  b = v.udt;
  b[im::sections(b).x + 8] = 7;  // the BOOL of value 0
  expect_rejected(b, "value 0 has 7 in a BOOL");
  // No runs at all: remove both and say so.
  b = v.udt;
  b.erase(b.begin() + run0, b.begin() + run0 + 48);
  im::put_i64(b, im::kNruns, 0);
  im::put_i64(b, im::kLength, int64_t(b.size()));
  expect_rejected(b, "a user-defined domain with 0 typemap runs");
  // Split run 0 (INT32 x 2) in two runs of 1: not maximal.
  b = v.udt;
  Bytes extra(b.begin() + run0, b.begin() + run0 + 24);
  im::put_i64(extra, 8, 1);
  im::put_i64(extra, 16, 4);
  im::put_i64(b, run0 + 8, 1);
  b.insert(b.begin() + run1, extra.begin(), extra.end());
  im::put_i64(b, im::kNruns, 3);
  im::put_i64(b, im::kLength, int64_t(b.size()));
  expect_rejected(b, "run 1 continues run 0");
  // The same split with another basic type of that size is a valid, different domain.
  im::put(b.data() + run1, 8, 4);  // WEFT_UNSIGNED (4 bytes) at 4
  im::fix_checksum(b);
  weft_matrix A = nullptr;
  WT_EXPECT_OK(deserialize(b, b.size(), &A));
  if (A) {
    EXPECT_TRUE(serialize(A) == b);
    weft_matrix_free(&A);
  }
}

TEST(SerializeErrors, ForgedHugeEmptyUserDomain) {
  // A user domain on an empty matrix: its element size sizes nothing, but the entry
  // count is still limited (every compatible() walks the entries).
  const Victims v = victims();
  Bytes b = v.udt;
  const im::Sections s = im::sections(b);
  im::put_i64(b, im::kNvals, 0);
  const int64_t nrows = im::get_i64(b, im::kNrows);
  for (int64_t i = 0; i <= nrows; ++i) im::put_i64(b, s.p + 8 * size_t(i), 0);
  b.resize(s.j + 8);
  im::put_i64(b, im::kLength, int64_t(b.size()));
  Bytes ok = b;
  im::fix_checksum(ok);
  weft_matrix A = nullptr;
  WT_EXPECT_OK(deserialize(ok, ok.size(), &A));
  weft_matrix_free(&A);
  Bytes big = b;
  im::put_i64(big, im::kEsize, int64_t(1) << 50);
  im::put(big.data() + 72, 1, 4);  // CHAR
  im::put(big.data() + 76, 1, 4);
  im::put_i64(big, 72 + 8, (int64_t(1) << 20) + 1);
  expect_rejected(big, "count 1048577");
  im::put_i64(big, 72 + 8, int64_t(1) << 20);
  expect_rejected(big, "run 1: count 1");  // the BOOL run goes over 2^20 entries in all
  im::put_i64(big, im::kEsize, (int64_t(1) << 60) + 1);
  expect_rejected(big, "value size");
}

TEST(SerializeErrors, ForeignBuffers) {
  weft_testing::Rng rng(10);
  const char *text = "this is not a matrix image, just some text padded to a length of eighty bytes..";
  const unsigned char png[16] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
  std::vector<Bytes> foreign = {Bytes(72, 0), Bytes(4096, 0xFF), Bytes(text, text + 80), Bytes(png, png + 16),
                                Bytes(1, 0x89)};
  for (int k = 0; k < 50; ++k) {
    Bytes r(size_t(rng.range(0, 300)));
    for (auto &c : r) c = static_cast<unsigned char>(rng.next());
    if (r.size() >= 8 && rng.chance(50)) {  // our magic and version, random rest
      const unsigned char magic[8] = {0x89, 'W', 'E', 'F', 'T', 'M', 'X', '\n'};
      std::memcpy(r.data(), magic, 8);
      if (r.size() >= 12) im::put(r.data() + 8, 1, 4);
    }
    foreign.push_back(r);
  }
  for (const Bytes &f : foreign) {
    weft_matrix A = sentinel();
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_matrix_deserialize", deserialize(f, f.size(), &A));
    EXPECT_EQ(sentinel(), A);
  }
}

TEST(Serialize, ThousandRandomRoundTrips) {
  weft_testing::Rng rng(20240612);
  Owned pt = point_type();
  for (int c = 0; c < 1000; ++c) {
    SCOPED_TRACE("case " + std::to_string(c));
    const bool user = rng.chance(15);
    const Domain d = user ? Domain{pt.get(), "Point", sizeof(Point), 0} : kPredefined[rng.below(13)];
    Built b = random_matrix(rng, d.type, d.size, rng.range(1, 15), rng.range(1, 15), int(rng.range(0, 70)),
                            d.type == WEFT_BOOL ? std::vector<int64_t>{0} : std::vector<int64_t>{});
    weft_matrix B = check_round_trip(b, d.type, d.size);
    ASSERT_NE(nullptr, B);
    weft_matrix_free(&B);
    weft_matrix_free(&b.A);
    if (HasFailure()) break;
  }
}

}  // namespace

namespace {

TEST(SerializeErrors, UserDomainOfTooManyEntries) {
  // 2^20 typemap entries serialize (one run); one more is refused before anything is written.
  for (int64_t n : {int64_t(1) << 20, (int64_t(1) << 20) + 1}) {
    Owned big = contiguous(n, WEFT_CHAR);
    weft_matrix A = nullptr, B = nullptr;
    WT_OK(weft_matrix_new(big.get(), 2, 2, &A));
    int64_t size = -1;
    if (n == int64_t(1) << 20) {
      WT_OK(weft_matrix_serialize_size(A, &size));
      const Bytes img = serialize(A);
      EXPECT_EQ(1, im::get_i64(img, im::kNruns));
      WT_OK(deserialize(img, img.size(), &B));
      EXPECT_TRUE(serialize(B) == img);
      weft_matrix_free(&B);
    } else {
      WT_EXPECT_ERR(WEFT_NOT_IMPLEMENTED, "weft_matrix_serialize_size", weft_matrix_serialize_size(A, &size));
      EXPECT_EQ(-1, size);
      Bytes buf(4096, 0x11);
      WT_EXPECT_ERR(WEFT_NOT_IMPLEMENTED, "weft_matrix_serialize",
                    weft_matrix_serialize(A, buf.data(), int64_t(buf.size()), &size));
      EXPECT_EQ(-1, size);
    }
    weft_matrix_free(&A);
  }
}

}  // namespace
