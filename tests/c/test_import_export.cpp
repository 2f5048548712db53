// weft_matrix_import / export / export_size: every format both ways for every predefined
// domain and a user struct domain, unsorted input, casts each way, every error status
// with the outputs untouched, and 1000 random round trips against a sorted model.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "../support/splitmix64.hpp"
#include "weft_test_util.hpp"

using namespace wt;

namespace {

const int kFormats[] = {WEFT_FORMAT_CSR, WEFT_FORMAT_CSC, WEFT_FORMAT_COO};
const char *format_name(int f) { return f == WEFT_FORMAT_CSR ? "CSR" : f == WEFT_FORMAT_CSC ? "CSC" : "COO"; }

struct Domain {
  weft_type type;
  const char *name;
  int64_t size;
};
const Domain kPredefined[] = {{WEFT_BOOL, "BOOL", 1},     {WEFT_INT8, "INT8", 1},     {WEFT_INT16, "INT16", 2},
                              {WEFT_INT32, "INT32", 4},   {WEFT_INT64, "INT64", 8},   {WEFT_UINT8, "UINT8", 1},
                              {WEFT_UINT16, "UINT16", 2}, {WEFT_UINT32, "UINT32", 4}, {WEFT_UINT64, "UINT64", 8},
                              {WEFT_FP32, "FP32", 4},     {WEFT_FP64, "FP64", 8},     {WEFT_FC32, "FC32", 8},
                              {WEFT_FC64, "FC64", 16}};

// A user struct domain with padding: {int32 a; double b; char c;} (24 bytes).
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

// A matrix as the model sees it: entries (i, j) -> value bytes, sorted row-major.
struct Model {
  int64_t nrows = 0, ncols = 0, esize = 0;
  std::map<std::pair<int64_t, int64_t>, Bytes> entries;
};

// Random value bytes for a domain (BOOL: 0 or 1, the only valid C bool bytes).
Bytes random_value(weft_testing::Rng &rng, weft_type t, int64_t size) {
  Bytes v(static_cast<size_t>(size));
  for (auto &b : v) b = static_cast<unsigned char>(rng.next());
  if (t == WEFT_BOOL) v[0] &= 1;
  return v;
}

Model random_model(weft_testing::Rng &rng, weft_type t, int64_t esize, int64_t nrows, int64_t ncols, int percent) {
  Model m{nrows, ncols, esize, {}};
  for (int64_t i = 0; i < nrows; ++i)
    for (int64_t j = 0; j < ncols; ++j)
      if (rng.chance(percent)) m.entries[{i, j}] = random_value(rng, t, esize);
  return m;
}

// The three arrays of a model in a format. shuffled: indices within a row (column) in
// random order, COO entries in random order.
struct Arrays {
  std::vector<int64_t> ptr, idx;
  Bytes values;
  int64_t nvals = 0;
};
Arrays arrays_of(const Model &m, int format, weft_testing::Rng *shuffle) {
  std::vector<std::pair<std::pair<int64_t, int64_t>, const Bytes *>> list;
  for (const auto &e : m.entries) list.push_back({e.first, &e.second});
  if (format == WEFT_FORMAT_CSC)
    std::stable_sort(list.begin(), list.end(), [](const auto &x, const auto &y) {
      return std::make_pair(x.first.second, x.first.first) < std::make_pair(y.first.second, y.first.first);
    });
  Arrays a;
  a.nvals = static_cast<int64_t>(list.size());
  if (format == WEFT_FORMAT_COO) {
    if (shuffle)
      for (size_t k = list.size(); k > 1; --k)
        std::swap(list[k - 1], list[static_cast<size_t>(shuffle->below(int64_t(k)))]);
    for (const auto &e : list) {
      a.ptr.push_back(e.first.first);
      a.idx.push_back(e.first.second);
    }
  } else {
    const bool csr = format == WEFT_FORMAT_CSR;
    const int64_t n = csr ? m.nrows : m.ncols;
    a.ptr.assign(static_cast<size_t>(n) + 1, 0);
    for (const auto &e : list) ++a.ptr[static_cast<size_t>(csr ? e.first.first : e.first.second) + 1];
    for (int64_t i = 0; i < n; ++i) a.ptr[size_t(i) + 1] += a.ptr[size_t(i)];
    if (shuffle)
      for (int64_t i = 0; i < n; ++i) {
        const size_t b = size_t(a.ptr[size_t(i)]), e = size_t(a.ptr[size_t(i) + 1]);
        for (size_t k = e - b; k > 1; --k) std::swap(list[b + k - 1], list[b + size_t(shuffle->below(int64_t(k)))]);
      }
    for (const auto &e : list) a.idx.push_back(csr ? e.first.second : e.first.first);
  }
  for (const auto &e : list) a.values.insert(a.values.end(), e.second->begin(), e.second->end());
  return a;
}

weft_matrix import(const Model &m, weft_type t, int format, const Arrays &a) {
  weft_matrix A = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_import(t, m.nrows, m.ncols, format, a.ptr.data(), a.idx.data(), a.values.data(),
                                             t, a.nvals, &A))
      << format_name(format) << ": " << weft_last_error();
  return A;
}

Arrays export_arrays(weft_matrix A, int format, weft_type t, int64_t esize) {
  int64_t np = -1, ni = -1, nv = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_export_size(A, format, &np, &ni, &nv)) << weft_last_error();
  Arrays a;
  a.ptr.assign(size_t(np), -7);
  a.idx.assign(size_t(ni), -7);
  a.values.assign(size_t(nv * esize), 0xAB);
  int64_t cp = np, ci = ni, cv = nv;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_export(A, format, a.ptr.data(), a.idx.data(), a.values.data(), t, &cp, &ci, &cv))
      << format_name(format) << ": " << weft_last_error();
  EXPECT_EQ(np, cp);
  EXPECT_EQ(ni, ci);
  EXPECT_EQ(nv, cv);
  a.nvals = nv;
  return a;
}

// Imports m in `in` (shuffled), exports in every format, compares with m's sorted arrays.
void check_round_trip(const Model &m, weft_type t, int in, weft_testing::Rng &rng) {
  weft_matrix A = import(m, t, in, arrays_of(m, in, &rng));
  ASSERT_NE(A, nullptr);
  int64_t nvals = -1;
  WT_EXPECT_OK(weft_matrix_nvals(A, &nvals));
  EXPECT_EQ(int64_t(m.entries.size()), nvals);
  for (int out : kFormats) {
    SCOPED_TRACE(std::string(format_name(in)) + " -> " + format_name(out));
    const Arrays want = arrays_of(m, out, nullptr), got = export_arrays(A, out, t, m.esize);
    EXPECT_EQ(want.ptr, got.ptr);
    EXPECT_EQ(want.idx, got.idx);
    EXPECT_TRUE(want.values == got.values) << "values differ";
  }
  weft_matrix_free(&A);
}

TEST(ImportExport, EveryFormatEveryPredefinedDomain) {
  weft_testing::Rng rng(1);
  for (const Domain &d : kPredefined) {
    SCOPED_TRACE(d.name);
    const Model m = random_model(rng, d.type, d.size, 7, 5, 40);
    for (int in : kFormats) check_round_trip(m, d.type, in, rng);
  }
}

TEST(ImportExport, EveryFormatUserStructDomain) {
  weft_testing::Rng rng(2);
  Owned pt = point_type();
  const Model m = random_model(rng, pt.get(), sizeof(Point), 6, 9, 35);
  for (int in : kFormats) check_round_trip(m, pt.get(), in, rng);
  // A struct built separately with the same layout is the same domain.
  Owned again = point_type();
  weft_matrix A = import(m, pt.get(), WEFT_FORMAT_CSR, arrays_of(m, WEFT_FORMAT_CSR, nullptr));
  const Arrays a = export_arrays(A, WEFT_FORMAT_COO, again.get(), sizeof(Point));
  EXPECT_TRUE(a.values == arrays_of(m, WEFT_FORMAT_COO, nullptr).values);
  weft_matrix_free(&A);
}

TEST(ImportExport, PredefinedNonCodeDomains) {
  // WEFT_LONG_DOUBLE and WEFT_CHAR are user-defined domains (no GraphBLAS code).
  weft_testing::Rng rng(3);
  const Domain others[] = {{WEFT_LONG_DOUBLE, "LONG_DOUBLE", sizeof(long double)}, {WEFT_CHAR, "CHAR", 1}};
  for (const Domain &d : others) {
    SCOPED_TRACE(d.name);
    const Model m = random_model(rng, d.type, d.size, 4, 4, 50);
    for (int in : kFormats) check_round_trip(m, d.type, in, rng);
  }
}

TEST(ImportExport, UnsortedAndShuffledInputIsSorted) {
  // Row 0: columns 3 1 0; row 2: 2 0. COO in reverse order. CSC rows out of order.
  const int64_t ptr[] = {0, 3, 3, 5}, idx[] = {3, 1, 0, 2, 0};
  const int32_t vals[] = {30, 10, 0, 22, 20};
  weft_matrix A = nullptr;
  WT_OK(weft_matrix_import(WEFT_INT32, 3, 4, WEFT_FORMAT_CSR, ptr, idx, vals, WEFT_INT32, 5, &A));
  int64_t I[5], J[5], n = 5;
  int32_t X[5];
  WT_OK(weft_matrix_extract_tuples(A, 5, I, J, X, WEFT_INT32, &n));
  ASSERT_EQ(5, n);
  const int64_t wi[] = {0, 0, 0, 2, 2}, wj[] = {0, 1, 3, 0, 2};
  const int32_t wx[] = {0, 10, 30, 20, 22};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(wi[k], I[k]);
    EXPECT_EQ(wj[k], J[k]);
    EXPECT_EQ(wx[k], X[k]);
  }
  weft_matrix_free(&A);

  const int64_t rows[] = {2, 2, 0, 0, 0}, cols[] = {2, 0, 3, 1, 0};
  const int32_t cv[] = {22, 20, 30, 10, 0};
  WT_OK(weft_matrix_import(WEFT_INT32, 3, 4, WEFT_FORMAT_COO, rows, cols, cv, WEFT_INT32, 5, &A));
  int64_t cp[5], ci[5], cvn[1] = {5}, np = 5, ni = 5;
  int32_t out[5];
  WT_OK(weft_matrix_export(A, WEFT_FORMAT_COO, cp, ci, out, WEFT_INT32, &np, &ni, cvn));
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(wi[k], cp[k]);
    EXPECT_EQ(wj[k], ci[k]);
    EXPECT_EQ(wx[k], out[k]);
  }
  weft_matrix_free(&A);

  const int64_t sp[] = {0, 2, 3, 4, 5}, si[] = {2, 0, 0, 2, 0};  // column 0 holds rows 2, 0
  const int32_t sv[] = {20, 0, 10, 22, 30};
  WT_OK(weft_matrix_import(WEFT_INT32, 3, 4, WEFT_FORMAT_CSC, sp, si, sv, WEFT_INT32, 5, &A));
  n = 5;
  WT_OK(weft_matrix_extract_tuples(A, 5, I, J, X, WEFT_INT32, &n));
  for (int k = 0; k < 5; ++k) EXPECT_EQ(wx[k], X[k]);
  weft_matrix_free(&A);
}

TEST(ImportExport, EmptyMatrixWithNullArrays) {
  for (int f : kFormats) {
    SCOPED_TRACE(format_name(f));
    const int64_t zeros[4] = {0, 0, 0, 0};
    weft_matrix A = nullptr;
    WT_OK(weft_matrix_import(WEFT_FP64, 3, 3, f, f == WEFT_FORMAT_COO ? nullptr : zeros, nullptr, nullptr, WEFT_FP64, 0,
                             &A));
    int64_t np = -1, ni = -1, nv = -1;
    WT_OK(weft_matrix_export_size(A, f, &np, &ni, &nv));
    EXPECT_EQ(f == WEFT_FORMAT_COO ? 0 : 4, np);
    EXPECT_EQ(0, ni);
    EXPECT_EQ(0, nv);
    int64_t ptr[4] = {9, 9, 9, 9};
    WT_OK(weft_matrix_export(A, f, ptr, nullptr, nullptr, WEFT_FP64, &np, &ni, &nv));
    if (f != WEFT_FORMAT_COO) {
      EXPECT_EQ(0, ptr[3]);
    }
    weft_matrix_free(&A);
  }
}

TEST(ImportExport, CastsOnImport) {
  const int64_t rows[] = {0, 0, 1, 1}, cols[] = {0, 1, 0, 1};
  weft_matrix A = nullptr;
  auto exported = [&](weft_type t, void *out) {
    int64_t p[4], i[4], np = 4, ni = 4, nv = 4;
    WT_OK(weft_matrix_export(A, WEFT_FORMAT_COO, p, i, out, t, &np, &ni, &nv));
    weft_matrix_free(&A);
  };
  const double d[] = {1.9, -2.5, 1e20, std::nan("")};
  WT_OK(weft_matrix_import(WEFT_INT32, 2, 2, WEFT_FORMAT_COO, rows, cols, d, WEFT_FP64, 4, &A));
  int32_t i32[4];
  exported(WEFT_INT32, i32);
  EXPECT_EQ(1, i32[0]);
  EXPECT_EQ(-2, i32[1]);
  EXPECT_EQ(std::numeric_limits<int32_t>::max(), i32[2]);
  EXPECT_EQ(0, i32[3]);

  const int64_t l[] = {0, 5, -1, 256};
  WT_OK(weft_matrix_import(WEFT_BOOL, 2, 2, WEFT_FORMAT_COO, rows, cols, l, WEFT_INT64, 4, &A));
  bool b[4];
  exported(WEFT_BOOL, b);
  EXPECT_FALSE(b[0]);
  EXPECT_TRUE(b[1] && b[2] && b[3]);

  WT_OK(weft_matrix_import(WEFT_UINT8, 2, 2, WEFT_FORMAT_COO, rows, cols, l, WEFT_INT64, 4, &A));
  uint8_t u8[4];
  exported(WEFT_UINT8, u8);
  EXPECT_EQ(255, u8[2]);  // modular, as C
  EXPECT_EQ(0, u8[3]);

  const double c[] = {1.5, 9, -2, 8, 3, 7, 4, 6};  // FC64 pairs (re, im)
  WT_OK(weft_matrix_import(WEFT_FP32, 2, 2, WEFT_FORMAT_COO, rows, cols, c, WEFT_FC64, 4, &A));
  float f[4];
  exported(WEFT_FP32, f);
  EXPECT_EQ(1.5f, f[0]);  // the real part
  EXPECT_EQ(-2.0f, f[1]);

  // WEFT_INT is the INT32 domain; WEFT_DOUBLE_PRECISION is FP64.
  const int ints[] = {7, 8, 9, 10};
  WT_OK(weft_matrix_import(WEFT_INT, 2, 2, WEFT_FORMAT_COO, rows, cols, ints, WEFT_INT, 4, &A));
  double back[4];
  exported(WEFT_DOUBLE_PRECISION, back);
  EXPECT_EQ(10.0, back[3]);
}

TEST(ImportExport, CastsOnExport) {
  const int64_t ptr[] = {0, 2, 3}, idx[] = {0, 1, 1};
  const int32_t v[] = {-3, 0, 70000};
  weft_matrix A = nullptr;
  WT_OK(weft_matrix_import(WEFT_INT32, 2, 2, WEFT_FORMAT_CSR, ptr, idx, v, WEFT_INT32, 3, &A));
  int64_t p[3], i[3], np = 3, ni = 3, nv = 3;
  double d[3];
  WT_OK(weft_matrix_export(A, WEFT_FORMAT_CSR, p, i, d, WEFT_FP64, &np, &ni, &nv));
  EXPECT_EQ(-3.0, d[0]);
  EXPECT_EQ(70000.0, d[2]);
  bool b[3];
  WT_OK(weft_matrix_export(A, WEFT_FORMAT_CSC, p, i, b, WEFT_BOOL, &np, &ni, &nv));
  EXPECT_TRUE(b[0]);   // column 0: (0, 0) = -3
  EXPECT_FALSE(b[1]);  // column 1: (0, 1) = 0, then (1, 1)
  EXPECT_TRUE(b[2]);
  int16_t s[3];
  WT_OK(weft_matrix_export(A, WEFT_FORMAT_COO, p, i, s, WEFT_INT16, &np, &ni, &nv));
  EXPECT_EQ(int16_t(70000 - 65536), s[2]);
  weft_matrix_free(&A);
}

TEST(ImportExport, PendingUpdatesAreExported) {
  weft_matrix A = nullptr;
  WT_OK(weft_matrix_new(WEFT_FP64, 3, 3, &A));
  const double one = 1, two = 2;
  WT_OK(weft_matrix_set_element(A, 2, 1, &one, WEFT_FP64));
  WT_OK(weft_matrix_set_element(A, 0, 2, &two, WEFT_FP64));
  int64_t p[4], i[2], np = 4, ni = 2, nv = 2;
  double x[2];
  WT_OK(weft_matrix_export(A, WEFT_FORMAT_CSR, p, i, x, WEFT_FP64, &np, &ni, &nv));
  EXPECT_EQ(2, nv);
  EXPECT_EQ((std::vector<int64_t>{0, 1, 1, 2}), std::vector<int64_t>(p, p + 4));
  EXPECT_EQ(2, i[0]);
  EXPECT_EQ(2.0, x[0]);
  EXPECT_EQ(1, i[1]);
  weft_matrix_free(&A);
}

// ---- Errors -----------------------------------------------------------------------

weft_matrix sentinel_matrix() { return reinterpret_cast<weft_matrix>(static_cast<uintptr_t>(0x5e47)); }

// weft_matrix_import fails with `status`, *A untouched, the message containing `text`.
void expect_import_fails(weft_status status, const char *text, weft_type type, int64_t nrows, int64_t ncols, int format,
                         const int64_t *ptr, const int64_t *idx, const void *values, weft_type vtype, int64_t nvals) {
  SCOPED_TRACE(text);
  weft_matrix A = sentinel_matrix();
  WT_EXPECT_ERR(status, "weft_matrix_import",
                weft_matrix_import(type, nrows, ncols, format, ptr, idx, values, vtype, nvals, &A));
  EXPECT_EQ(sentinel_matrix(), A);
  EXPECT_NE(nullptr, std::strstr(weft_last_error(), text)) << weft_last_error();
}

TEST(ImportExportErrors, ImportArguments) {
  const int64_t ptr[] = {0, 1, 2}, idx[] = {0, 1};
  const double v[] = {1, 2};
  auto fails = [&](weft_status s, const char *text, weft_type t, int64_t nr, int64_t nc, int f, const int64_t *p,
                   const int64_t *i, const void *x, weft_type vt,
                   int64_t n) { expect_import_fails(s, text, t, nr, nc, f, p, i, x, vt, n); };
  const int C = WEFT_FORMAT_CSR, O = WEFT_FORMAT_COO;
  fails(WEFT_INVALID_HANDLE, "type", nullptr, 2, 2, C, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_INVALID_HANDLE, "vtype", WEFT_FP64, 2, 2, C, ptr, idx, v, nullptr, 2);
  fails(WEFT_INVALID_VALUE, "type", WEFT_LB, 2, 2, C, ptr, idx, v, WEFT_FP64, 2);
  Owned empty = contiguous(0, WEFT_INT);
  fails(WEFT_INVALID_VALUE, "domain", empty.get(), 2, 2, C, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_INVALID_VALUE, "format", WEFT_FP64, 2, 2, 3, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_INVALID_VALUE, "format", WEFT_FP64, 2, 2, -1, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_INVALID_VALUE, "nrows", WEFT_FP64, 0, 2, C, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_INVALID_VALUE, "nrows", WEFT_FP64, WEFT_INDEX_MAX + 1, 2, C, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_INVALID_VALUE, "ncols", WEFT_FP64, 2, -5, C, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_INVALID_VALUE, "ncols", WEFT_FP64, 2, INT64_MAX, C, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_INVALID_VALUE, "nvals", WEFT_FP64, 2, 2, C, ptr, idx, v, WEFT_FP64, -1);
  fails(WEFT_NULL_POINTER, "ptr", WEFT_FP64, 2, 2, C, nullptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_NULL_POINTER, "ptr", WEFT_FP64, 2, 2, C, nullptr, nullptr, nullptr, WEFT_FP64, 0);
  fails(WEFT_NULL_POINTER, "idx", WEFT_FP64, 2, 2, O, ptr, nullptr, v, WEFT_FP64, 2);
  fails(WEFT_NULL_POINTER, "values", WEFT_FP64, 2, 2, O, ptr, idx, nullptr, WEFT_FP64, 2);
  Owned pt = point_type();
  fails(WEFT_DOMAIN_MISMATCH, "cannot take values of", pt.get(), 2, 2, C, ptr, idx, v, WEFT_FP64, 2);
  fails(WEFT_DOMAIN_MISMATCH, "cannot take values of", WEFT_FP64, 2, 2, C, ptr, idx, v, pt.get(), 2);
  Owned other = structure({2}, {0}, {WEFT_DOUBLE});  // 16 bytes, another layout
  fails(WEFT_DOMAIN_MISMATCH, "cannot take values of", other.get(), 2, 2, C, ptr, idx, v, pt.get(), 2);
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_import",
                weft_matrix_import(WEFT_FP64, 2, 2, C, ptr, idx, v, WEFT_FP64, 2, nullptr));
}

TEST(ImportExportErrors, ImportPointers) {
  const int64_t idx[] = {0, 1, 0};
  const float v[] = {1, 2, 3};
  const int C = WEFT_FORMAT_CSR, S = WEFT_FORMAT_CSC;
  const int64_t start1[] = {1, 2, 3}, down[] = {0, 2, 1, 3}, short_end[] = {0, 1, 2}, long_end[] = {0, 2, 4};
  expect_import_fails(WEFT_INVALID_VALUE, "ptr[0] = 1", WEFT_FP32, 2, 2, C, start1, idx, v, WEFT_FP32, 3);
  expect_import_fails(WEFT_INVALID_VALUE, "ptr[2] = 1 < ptr[1] = 2", WEFT_FP32, 3, 2, C, down, idx, v, WEFT_FP32, 3);
  expect_import_fails(WEFT_INVALID_VALUE, "ptr[2] = 2, must equal nvals = 3", WEFT_FP32, 2, 2, C, short_end, idx, v,
                      WEFT_FP32, 3);
  expect_import_fails(WEFT_INVALID_VALUE, "ptr[2] = 4", WEFT_FP32, 2, 2, S, long_end, idx, v, WEFT_FP32, 3);
  // A bad pointer is reported before a bad index.
  const int64_t bad_idx[] = {9, 9, 9};
  expect_import_fails(WEFT_INVALID_VALUE, "ptr[0]", WEFT_FP32, 2, 2, C, start1, bad_idx, v, WEFT_FP32, 3);
}

TEST(ImportExportErrors, ImportIndices) {
  const float v[] = {1, 2, 3};
  const int C = WEFT_FORMAT_CSR, S = WEFT_FORMAT_CSC, O = WEFT_FORMAT_COO;
  const int64_t ptr[] = {0, 2, 3}, cols_big[] = {0, 1, 5}, cols_neg[] = {-1, 0, 1};
  expect_import_fails(WEFT_INDEX_OUT_OF_BOUNDS, "idx[2] = 5 is outside [0, 2)", WEFT_FP32, 2, 2, C, ptr, cols_big, v,
                      WEFT_FP32, 3);
  expect_import_fails(WEFT_INDEX_OUT_OF_BOUNDS, "idx[0] = -1", WEFT_FP32, 2, 2, C, ptr, cols_neg, v, WEFT_FP32, 3);
  expect_import_fails(WEFT_INDEX_OUT_OF_BOUNDS, "idx[2] = 5 is outside [0, 3) (a row index)", WEFT_FP32, 3, 2, S, ptr,
                      cols_big, v, WEFT_FP32, 3);
  const int64_t rows[] = {0, 4, 1}, cols[] = {0, 0, 7};
  expect_import_fails(WEFT_INDEX_OUT_OF_BOUNDS, "ptr[1] = 4 is outside [0, 2) (a row index)", WEFT_FP32, 2, 9, O, rows,
                      cols, v, WEFT_FP32, 3);
  expect_import_fails(WEFT_INDEX_OUT_OF_BOUNDS, "idx[2] = 7 is outside [0, 5) (a column index)", WEFT_FP32, 5, 5, O,
                      rows, cols, v, WEFT_FP32, 3);
  const int64_t min_rows[] = {INT64_MIN, 0, 0};
  expect_import_fails(WEFT_INDEX_OUT_OF_BOUNDS, "ptr[0]", WEFT_FP32, 2, 2, O, min_rows, cols, v, WEFT_FP32, 3);
}

TEST(ImportExportErrors, ImportRepeats) {
  const float v[] = {1, 2, 3, 4};
  const int64_t ptr[] = {0, 3, 4}, idx[] = {2, 0, 2, 1};
  expect_import_fails(WEFT_INVALID_VALUE, "entry (0, 2) is given twice, at idx[0] and idx[2]", WEFT_FP32, 2, 3,
                      WEFT_FORMAT_CSR, ptr, idx, v, WEFT_FP32, 4);
  const int64_t cptr[] = {0, 0, 1, 4}, rows[] = {1, 0, 1, 1};
  expect_import_fails(WEFT_INVALID_VALUE, "entry (1, 2) is given twice, at idx[2] and idx[3]", WEFT_FP32, 2, 3,
                      WEFT_FORMAT_CSC, cptr, rows, v, WEFT_FP32, 4);
  const int64_t r[] = {1, 0, 0, 1}, c[] = {1, 2, 0, 1};
  expect_import_fails(WEFT_INVALID_VALUE, "entry (1, 1) is given twice, at ptr/idx[0] and ptr/idx[3]", WEFT_FP32, 2, 3,
                      WEFT_FORMAT_COO, r, c, v, WEFT_FP32, 4);
}

TEST(ImportExportErrors, Export) {
  const int64_t ptr[] = {0, 2, 3}, idx[] = {0, 1, 1};
  const double v[] = {1, 2, 3};
  weft_matrix A = nullptr;
  WT_OK(weft_matrix_import(WEFT_FP64, 2, 3, WEFT_FORMAT_CSR, ptr, idx, v, WEFT_FP64, 3, &A));
  int64_t p[4], i[3];
  double x[3];
  auto fails = [&](weft_status s, const char *what, weft_matrix M, int f, int64_t *pp, int64_t *ii, void *xx,
                   weft_type t, int64_t cp, int64_t ci, int64_t cv) {
    SCOPED_TRACE(what);
    std::fill(p, p + 4, -9);
    std::fill(i, i + 3, -9);
    std::fill(x, x + 3, -9.0);
    int64_t np = cp, ni = ci, nv = cv;
    WT_EXPECT_ERR(s, "weft_matrix_export", weft_matrix_export(M, f, pp, ii, xx, t, &np, &ni, &nv));
    EXPECT_EQ(cp, np);
    EXPECT_EQ(ci, ni);
    EXPECT_EQ(cv, nv);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(-9, p[k]);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(-9, i[k]);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(-9.0, x[k]);
  };
  const int C = WEFT_FORMAT_CSR, S = WEFT_FORMAT_CSC, O = WEFT_FORMAT_COO;
  fails(WEFT_INVALID_HANDLE, "NULL A", nullptr, C, p, i, x, WEFT_FP64, 3, 3, 3);
  fails(WEFT_INVALID_HANDLE, "NULL vtype", A, C, p, i, x, nullptr, 3, 3, 3);
  fails(WEFT_INVALID_VALUE, "format", A, 7, p, i, x, WEFT_FP64, 3, 3, 3);
  fails(WEFT_INVALID_VALUE, "negative capacity", A, C, p, i, x, WEFT_FP64, -1, 3, 3);
  fails(WEFT_NULL_POINTER, "NULL ptr", A, C, nullptr, i, x, WEFT_FP64, 3, 3, 3);
  fails(WEFT_NULL_POINTER, "NULL idx", A, O, p, nullptr, x, WEFT_FP64, 3, 3, 3);
  fails(WEFT_NULL_POINTER, "NULL values", A, S, p, i, nullptr, WEFT_FP64, 4, 3, 3);
  Owned pt = point_type();
  fails(WEFT_DOMAIN_MISMATCH, "user vtype", A, C, p, i, x, pt.get(), 3, 3, 3);
  fails(WEFT_INSUFFICIENT_SPACE, "ptr capacity", A, C, p, i, x, WEFT_FP64, 2, 3, 3);
  fails(WEFT_INSUFFICIENT_SPACE, "CSC ptr capacity", A, S, p, i, x, WEFT_FP64, 3, 3, 3);
  fails(WEFT_INSUFFICIENT_SPACE, "idx capacity", A, O, p, i, x, WEFT_FP64, 3, 2, 3);
  fails(WEFT_INSUFFICIENT_SPACE, "values capacity", A, O, p, i, x, WEFT_FP64, 3, 3, 0);
  int64_t n = 3;
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_export", weft_matrix_export(A, C, p, i, x, WEFT_FP64, nullptr, &n, &n));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_export", weft_matrix_export(A, C, p, i, x, WEFT_FP64, &n, nullptr, &n));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_export", weft_matrix_export(A, C, p, i, x, WEFT_FP64, &n, &n, nullptr));

  int64_t a = -1, b = -1, c = -1;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_matrix_export_size", weft_matrix_export_size(A, 5, &a, &b, &c));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_export_size", weft_matrix_export_size(A, C, &a, nullptr, &c));
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_matrix_export_size", weft_matrix_export_size(nullptr, C, &a, &b, &c));
  EXPECT_EQ(-1, a);
  WT_OK(weft_matrix_export_size(A, S, &a, &b, &c));
  EXPECT_EQ(4, a);
  EXPECT_EQ(3, b);
  EXPECT_EQ(3, c);
  weft_matrix freed = A;
  weft_matrix_free(&A);
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_matrix_export_size", weft_matrix_export_size(freed, C, &a, &b, &c));
}

// ---- Random round trips -------------------------------------------------------------

TEST(ImportExport, ThousandRandomRoundTrips) {
  weft_testing::Rng rng(20240611);
  Owned pt = point_type();
  for (int c = 0; c < 1000; ++c) {
    SCOPED_TRACE("case " + std::to_string(c));
    const bool user = rng.chance(10);
    const Domain d = user ? Domain{pt.get(), "Point", sizeof(Point)} : kPredefined[rng.below(13)];
    const int64_t nrows = rng.range(1, 12), ncols = rng.range(1, 12);
    const Model m = random_model(rng, d.type, d.size, nrows, ncols, int(rng.range(0, 60)));
    const int in = kFormats[rng.below(3)], out = kFormats[rng.below(3)];
    weft_matrix A = import(m, d.type, in, arrays_of(m, in, &rng));
    ASSERT_NE(nullptr, A);
    Arrays a = export_arrays(A, out, d.type, d.size);
    const Arrays want = arrays_of(m, out, nullptr);
    ASSERT_EQ(want.ptr, a.ptr) << format_name(in) << " -> " << format_name(out);
    ASSERT_EQ(want.idx, a.idx);
    ASSERT_TRUE(want.values == a.values);
    // The exported arrays import again to the same matrix.
    weft_matrix B = import(m, d.type, out, a);
    const Arrays again = export_arrays(B, WEFT_FORMAT_CSR, d.type, d.size),
                 csr = arrays_of(m, WEFT_FORMAT_CSR, nullptr);
    ASSERT_EQ(csr.ptr, again.ptr);
    ASSERT_EQ(csr.idx, again.idx);
    ASSERT_TRUE(csr.values == again.values);
    weft_matrix_free(&A);
    weft_matrix_free(&B);
  }
}

}  // namespace
