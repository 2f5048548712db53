// Every class of bad input for every function of weft.h: the exact status, that
// weft_last_error() names the function, and that no output argument or caller memory is
// modified (outputs are pre-filled with sentinels and checked afterwards).
#include <climits>
#include <functional>

#include "weft_test_util.hpp"

using namespace wt;

namespace {

constexpr int64_t I64MAX = INT64_MAX;
constexpr int64_t I64MIN = INT64_MIN;

// The three kinds of invalid handle. The freed one is made last and used at once.
struct BadHandle {
  const char *what;
  weft_type h;
};
std::vector<BadHandle> bad_handles() {
  std::vector<BadHandle> v;
  v.reserve(3);
  v.push_back({"NULL", nullptr});
  v.push_back({"garbage", garbage_handle()});
  v.push_back({"freed", freed_handle()});
  return v;
}

// A constructor call returning a status, given where to put the new handle.
using Ctor = std::function<weft_status(weft_type *)>;

// Expects `status` from the constructor, the function named, *newtype untouched.
void expect_ctor_fails(weft_status status, const char *fname, const Ctor &call, const char *what) {
  SCOPED_TRACE(std::string(fname) + ": " + what);
  weft_type t = sentinel_type();
  WT_EXPECT_ERR(status, fname, call(&t));
  EXPECT_EQ(sentinel_type(), t) << "newtype modified on error";
}

// The same with a NULL newtype.
void expect_null_newtype(const char *fname, const Ctor &call) {
  SCOPED_TRACE(std::string(fname) + ": NULL newtype");
  WT_EXPECT_ERR(WEFT_NULL_POINTER, fname, call(nullptr));
}

}  // namespace

// =====================================================================================
// Constructors
// =====================================================================================

TEST(BadConstructor, Contiguous) {
  const char *f = "weft_type_contiguous";
  expect_null_newtype(f, [](weft_type *o) { return weft_type_contiguous(2, WEFT_INT, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_contiguous(-1, WEFT_INT, o); }, "count -1");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_contiguous(I64MIN, WEFT_INT, o); }, "count INT64_MIN");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_contiguous(2, WEFT_LB, o); }, "LB marker");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_contiguous(2, WEFT_UB, o); }, "UB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [](weft_type *o) { return weft_type_contiguous(I64MAX / 2, WEFT_DOUBLE, o); }, "INT64_MAX/2 doubles");
  Owned big = contiguous(I64MAX / 8, WEFT_DOUBLE);  // fits: 2^63 - 8 bytes
  ASSERT_NE(nullptr, big.get());
  EXPECT_EQ(I64MAX / 8 * 8, size_of(big));
  weft_type b = big.get();
  expect_ctor_fails(WEFT_OVERFLOW, f, [b](weft_type *o) { return weft_type_contiguous(2, b, o); }, "2 x huge");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_contiguous(2, h.h, o); }, h.what);
}

TEST(BadConstructor, Vector) {
  const char *f = "weft_type_vector";
  expect_null_newtype(f, [](weft_type *o) { return weft_type_vector(2, 1, 2, WEFT_INT, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_vector(-1, 1, 2, WEFT_INT, o); }, "count -1");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_vector(2, -3, 4, WEFT_INT, o); }, "blocklen -3");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_vector(2, 1, 2, WEFT_LB, o); }, "LB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [](weft_type *o) { return weft_type_vector(2, 1, I64MAX / 4, WEFT_DOUBLE, o); }, "stride*extent");
  expect_ctor_fails(WEFT_OVERFLOW, f, [](weft_type *o) { return weft_type_vector(I64MAX / 2, 1, 1, WEFT_DOUBLE, o); }, "size");
  expect_ctor_fails(WEFT_OVERFLOW, f, [](weft_type *o) { return weft_type_vector(2, I64MAX / 4, 1, WEFT_DOUBLE, o); }, "blocklen size");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_vector(2, 1, 2, h.h, o); }, h.what);
}

TEST(BadConstructor, Hvector) {
  const char *f = "weft_type_hvector";
  expect_null_newtype(f, [](weft_type *o) { return weft_type_hvector(2, 1, 8, WEFT_INT, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_hvector(-2, 1, 8, WEFT_INT, o); }, "count -2");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_hvector(2, -1, 8, WEFT_INT, o); }, "blocklen -1");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_hvector(2, 1, 8, WEFT_UB, o); }, "UB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [](weft_type *o) { return weft_type_hvector(2, 1, I64MAX, WEFT_CHAR, o); }, "end past INT64_MAX");
  expect_ctor_fails(WEFT_OVERFLOW, f, [](weft_type *o) { return weft_type_hvector(3, 1, I64MAX / 2 + 1, WEFT_CHAR, o); }, "2*stride");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_hvector(2, 1, 8, h.h, o); }, h.what);
}

TEST(BadConstructor, Indexed) {
  const char *f = "weft_type_indexed";
  const int64_t B[2] = {1, 2}, D[2] = {0, 4}, Bneg[2] = {1, -1};
  const int64_t Dbig[1] = {I64MAX / 4}, B1[1] = {1}, Bbig[1] = {I64MAX / 2}, D0[1] = {0};
  expect_null_newtype(f, [&](weft_type *o) { return weft_type_indexed(2, B, D, WEFT_INT, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_indexed(-1, B, D, WEFT_INT, o); }, "count -1");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_indexed(2, Bneg, D, WEFT_INT, o); }, "blocklens[1] -1");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_indexed(2, nullptr, D, WEFT_INT, o); }, "NULL blocklens");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_indexed(2, B, nullptr, WEFT_INT, o); }, "NULL displs");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_indexed(2, B, D, WEFT_LB, o); }, "LB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_indexed(1, B1, Dbig, WEFT_DOUBLE, o); }, "displ*extent");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_indexed(1, Bbig, D0, WEFT_DOUBLE, o); }, "size");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_indexed(2, B, D, h.h, o); }, h.what);
  // the input arrays are untouched
  EXPECT_EQ(1, B[0]);
  EXPECT_EQ(4, D[1]);
}

TEST(BadConstructor, Hindexed) {
  const char *f = "weft_type_hindexed";
  const int64_t B[2] = {1, 2}, Bneg[2] = {-4, 1}, B11[2] = {1, 1}, Bbig[1] = {I64MAX / 2};
  const weft_aint D[2] = {0, 40}, Dmin[2] = {I64MIN, 0}, D0[1] = {0};
  expect_null_newtype(f, [&](weft_type *o) { return weft_type_hindexed(2, B, D, WEFT_INT, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_hindexed(-3, B, D, WEFT_INT, o); }, "count -3");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_hindexed(2, Bneg, D, WEFT_INT, o); }, "blocklens[0] -4");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_hindexed(2, nullptr, D, WEFT_INT, o); }, "NULL blocklens");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_hindexed(2, B, nullptr, WEFT_INT, o); }, "NULL displs");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_hindexed(2, B, D, WEFT_UB, o); }, "UB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_hindexed(2, B11, Dmin, WEFT_CHAR, o); }, "extent from INT64_MIN");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_hindexed(1, Bbig, D0, WEFT_DOUBLE, o); }, "size");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_hindexed(2, B, D, h.h, o); }, h.what);
}

TEST(BadConstructor, IndexedBlock) {
  const char *f = "weft_type_indexed_block";
  const int64_t D[3] = {0, 4, 8}, D0[1] = {0};
  expect_null_newtype(f, [&](weft_type *o) { return weft_type_indexed_block(3, 2, D, WEFT_INT, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_indexed_block(-1, 2, D, WEFT_INT, o); }, "count -1");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_indexed_block(3, -2, D, WEFT_INT, o); }, "blocklen -2");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_indexed_block(3, 2, nullptr, WEFT_INT, o); }, "NULL displs");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_indexed_block(3, 2, D, WEFT_LB, o); }, "LB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_indexed_block(1, I64MAX / 4, D0, WEFT_DOUBLE, o); }, "size");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_indexed_block(3, 2, D, h.h, o); }, h.what);
}

TEST(BadConstructor, HindexedBlock) {
  const char *f = "weft_type_hindexed_block";
  const weft_aint D[2] = {0, 64}, Dend[2] = {I64MAX - 2, 0};
  expect_null_newtype(f, [&](weft_type *o) { return weft_type_hindexed_block(2, 2, D, WEFT_INT, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_hindexed_block(-1, 2, D, WEFT_INT, o); }, "count -1");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_hindexed_block(2, -1, D, WEFT_INT, o); }, "blocklen -1");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_hindexed_block(2, 2, nullptr, WEFT_INT, o); }, "NULL displs");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_hindexed_block(2, 2, D, WEFT_UB, o); }, "UB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_hindexed_block(2, 1, Dend, WEFT_INT, o); }, "end past INT64_MAX");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_hindexed_block(2, 2, D, h.h, o); }, h.what);
}

TEST(BadConstructor, Struct) {
  const char *f = "weft_type_struct";
  const int64_t B[2] = {1, 2}, Bneg[2] = {1, -2}, Bbig[2] = {I64MAX / 8, I64MAX / 8};
  const weft_aint D[2] = {0, 8}, D00[2] = {0, 0}, Dmax[2] = {0, I64MAX - 1};
  const weft_type T[2] = {WEFT_INT, WEFT_DOUBLE}, TD[2] = {WEFT_DOUBLE, WEFT_DOUBLE};
  expect_null_newtype(f, [&](weft_type *o) { return weft_type_struct(2, B, D, T, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_struct(-1, B, D, T, o); }, "count -1");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_struct(2, Bneg, D, T, o); }, "blocklens[1] -2");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_struct(2, nullptr, D, T, o); }, "NULL blocklens");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_struct(2, B, nullptr, T, o); }, "NULL displs");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_struct(2, B, D, nullptr, o); }, "NULL types");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_struct(2, Bbig, D00, TD, o); }, "total size");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_struct(2, B, Dmax, TD, o); }, "end past INT64_MAX");
  for (const BadHandle &h : bad_handles()) {
    const weft_type Tb[2] = {WEFT_INT, h.h};
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_struct(2, B, D, Tb, o); }, h.what);
  }
  EXPECT_EQ(WEFT_DOUBLE, T[1]);
}

TEST(BadConstructor, Subarray) {
  const char *f = "weft_type_subarray";
  const int64_t S[2] = {4, 5}, SS[2] = {2, 3}, ST[2] = {1, 2}, Sbig[2] = {I64MAX / 2, 3}, SS1[2] = {1, 1},
                ST0[2] = {0, 0};
  expect_null_newtype(f, [&](weft_type *o) { return weft_type_subarray(2, S, SS, ST, WEFT_ORDER_C, WEFT_INT, o); });
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_subarray(2, nullptr, SS, ST, WEFT_ORDER_C, WEFT_INT, o); }, "NULL sizes");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_subarray(2, S, nullptr, ST, WEFT_ORDER_C, WEFT_INT, o); }, "NULL subsizes");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_subarray(2, S, SS, nullptr, WEFT_ORDER_C, WEFT_INT, o); }, "NULL starts");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_subarray(0, S, SS, ST, WEFT_ORDER_C, WEFT_INT, o); }, "ndims 0");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_subarray(2, S, SS, ST, 7, WEFT_INT, o); }, "order 7");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_subarray(2, S, SS, ST, WEFT_ORDER_C, WEFT_LB, o); }, "LB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_subarray(2, Sbig, SS1, ST0, WEFT_ORDER_C, WEFT_INT, o); }, "extent");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_subarray(2, S, SS, ST, WEFT_ORDER_C, h.h, o); }, h.what);
  // (bounds of sizes/subsizes/starts: test_subarray.cpp)
}

TEST(BadConstructor, Resized) {
  const char *f = "weft_type_resized";
  expect_null_newtype(f, [](weft_type *o) { return weft_type_resized(WEFT_INT, 0, 8, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_resized(WEFT_LB, 0, 8, o); }, "LB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [](weft_type *o) { return weft_type_resized(WEFT_INT, I64MAX, 1, o); }, "lb + extent");
  expect_ctor_fails(WEFT_OVERFLOW, f, [](weft_type *o) { return weft_type_resized(WEFT_INT, I64MIN, -1, o); }, "lb + extent negative");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_resized(h.h, 0, 8, o); }, h.what);
}

TEST(BadConstructor, Dup) {
  const char *f = "weft_type_dup";
  expect_null_newtype(f, [](weft_type *o) { return weft_type_dup(WEFT_INT, o); });
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [](weft_type *o) { return weft_type_dup(WEFT_UB, o); }, "UB marker");
  for (const BadHandle &h : bad_handles())
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_dup(h.h, o); }, h.what);
}

TEST(BadConstructor, StructAligned) {
  const char *f = "weft_type_struct_aligned";
  const int64_t B[2] = {1, 2}, Bneg[2] = {1, -1}, Bbig[1] = {I64MAX / 4};
  const weft_type T[2] = {WEFT_CHAR, WEFT_DOUBLE}, TL[2] = {WEFT_CHAR, WEFT_LB}, TD[1] = {WEFT_DOUBLE};
  weft_aint d[2] = {-7, -7};
  auto untouched = [&] {
    EXPECT_EQ(-7, d[0]);
    EXPECT_EQ(-7, d[1]);
  };
  expect_null_newtype(f, [&](weft_type *o) { return weft_type_struct_aligned(2, B, T, d, o); });
  untouched();
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_struct_aligned(-1, B, T, d, o); }, "count -1");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_struct_aligned(2, Bneg, T, d, o); }, "blocklens[1] -1");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_struct_aligned(2, nullptr, T, d, o); }, "NULL blocklens");
  expect_ctor_fails(WEFT_NULL_POINTER, f, [&](weft_type *o) { return weft_type_struct_aligned(2, B, nullptr, d, o); }, "NULL types");
  expect_ctor_fails(WEFT_INVALID_VALUE, f, [&](weft_type *o) { return weft_type_struct_aligned(2, B, TL, d, o); }, "LB marker");
  expect_ctor_fails(WEFT_OVERFLOW, f, [&](weft_type *o) { return weft_type_struct_aligned(1, Bbig, TD, d, o); }, "size");
  untouched();
  for (const BadHandle &h : bad_handles()) {
    const weft_type Tb[2] = {h.h, WEFT_DOUBLE};
    expect_ctor_fails(WEFT_INVALID_HANDLE, f, [&](weft_type *o) { return weft_type_struct_aligned(2, B, Tb, d, o); }, h.what);
  }
  untouched();
}

// =====================================================================================
// commit / free
// =====================================================================================

TEST(BadLifecycle, Commit) {
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_commit", weft_type_commit(h.h));
  }
}

TEST(BadLifecycle, Free) {
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_type_free", weft_type_free(nullptr));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    weft_type t = h.h;
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_free", weft_type_free(&t));
    EXPECT_EQ(h.h, t);
  }
  weft_type p = WEFT_INT;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_free", weft_type_free(&p));
  EXPECT_EQ(WEFT_INT, p);
}

// =====================================================================================
// Queries
// =====================================================================================

TEST(BadQuery, SizeExtentBoundsCount) {
  Owned v = vector(2, 1, 2, WEFT_INT);
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_type_size", weft_type_size(v, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_type_lb", weft_type_lb(v, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_type_ub", weft_type_ub(v, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_type_count", weft_type_count(v, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_type_is_contiguous", weft_type_is_contiguous(v, nullptr));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    int64_t i = -77;
    weft_aint a = -77, b = -77;
    bool flag = true;
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_size", weft_type_size(h.h, &i));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_extent", weft_type_extent(h.h, &a, &b));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_extent", weft_type_extent(h.h, nullptr, nullptr));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_true_extent", weft_type_true_extent(h.h, &a, &b));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_lb", weft_type_lb(h.h, &a));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_ub", weft_type_ub(h.h, &b));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_count", weft_type_count(h.h, &i));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_is_contiguous", weft_type_is_contiguous(h.h, &flag));
    int64_t ta = -77, ua = -77;
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_alignment", weft_type_alignment(h.h, &ta, &ua));
    EXPECT_EQ(-77, i);
    EXPECT_EQ(-77, a);
    EXPECT_EQ(-77, b);
    EXPECT_TRUE(flag);
    EXPECT_EQ(-77, ta);
    EXPECT_EQ(-77, ua);
  }
}

TEST(BadQuery, Typemap) {
  const char *f = "weft_type_typemap";
  Owned v = vector(3, 1, 2, WEFT_INT);  // 3 entries
  weft_type b[4] = {sentinel_type(), sentinel_type(), sentinel_type(), sentinel_type()};
  weft_aint d[4] = {-9, -9, -9, -9};
  int64_t n = -9;
  auto untouched = [&] {
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(sentinel_type(), b[k]) << k;
      EXPECT_EQ(-9, d[k]) << k;
    }
    EXPECT_EQ(-9, n);
  };
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_type_typemap(v, 2, b, d, &n));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_type_typemap(v, 1, b, d, &n));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_type_typemap(v, -1, b, d, &n));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_typemap(v, 4, nullptr, d, &n));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_typemap(v, 4, b, nullptr, &n));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_typemap(v, 4, b, d, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_typemap(v, 0, nullptr, nullptr, nullptr));
  untouched();
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_type_typemap(h.h, 4, b, d, &n));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_type_typemap(h.h, 0, nullptr, nullptr, &n));
  }
  untouched();
}

TEST(BadQuery, Iov) {
  const char *f = "weft_type_iov";
  Owned unc = vector(3, 1, 2, WEFT_INT);
  Owned com = committed(vector(3, 1, 2, WEFT_INT));
  weft_aint off[4] = {-9, -9, -9, -9};
  int64_t len[4] = {-9, -9, -9, -9};
  int64_t n = -9;
  auto untouched = [&] {
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(-9, off[k]) << k;
      EXPECT_EQ(-9, len[k]) << k;
    }
    EXPECT_EQ(-9, n);
  };
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, f, weft_type_iov(unc, 1, 0, 4, off, len, &n));
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, f, weft_type_iov(unc, 1, 0, 0, nullptr, nullptr, &n));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_type_iov(com, -1, 0, 4, off, len, &n));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_type_iov(com, 1, -1, 4, off, len, &n));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_type_iov(com, 1, 0, -1, off, len, &n));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_iov(com, 1, 0, 4, nullptr, len, &n));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_iov(com, 1, 0, 4, off, nullptr, &n));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_iov(com, 1, 0, 4, off, len, nullptr));
  untouched();
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_type_iov(h.h, 1, 0, 4, off, len, &n));
  }
  untouched();
}

TEST(BadQuery, Envelope) {
  const char *f = "weft_type_envelope";
  Owned v = vector(3, 1, 2, WEFT_INT);
  int64_t a = -9, b = -9, c = -9;
  int k = -9;
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_envelope(v, nullptr, &b, &c, &k));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_envelope(v, &a, nullptr, &c, &k));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_envelope(v, &a, &b, nullptr, &k));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_envelope(v, &a, &b, &c, nullptr));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_type_envelope(h.h, &a, &b, &c, &k));
  }
  EXPECT_EQ(-9, a);
  EXPECT_EQ(-9, b);
  EXPECT_EQ(-9, c);
  EXPECT_EQ(-9, k);
}

TEST(BadQuery, Contents) {
  const char *f = "weft_type_contents";
  Owned hv = hvector(3, 2, 40, WEFT_INT);  // 2 ints, 1 addr, 1 type
  int64_t ints[4] = {-9, -9, -9, -9};
  weft_aint addrs[4] = {-9, -9, -9, -9};
  weft_type types[4] = {sentinel_type(), sentinel_type(), sentinel_type(), sentinel_type()};
  auto untouched = [&] {
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(-9, ints[k]) << k;
      EXPECT_EQ(-9, addrs[k]) << k;
      EXPECT_EQ(sentinel_type(), types[k]) << k;
    }
  };
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_type_contents(hv, 1, 4, 4, ints, addrs, types));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_type_contents(hv, 4, 0, 4, ints, addrs, types));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_type_contents(hv, 4, 4, 0, ints, addrs, types));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_contents(hv, 4, 4, 4, nullptr, addrs, types));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_contents(hv, 4, 4, 4, ints, nullptr, types));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_type_contents(hv, 4, 4, 4, ints, addrs, nullptr));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_type_contents(WEFT_DOUBLE, 4, 4, 4, ints, addrs, types));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_type_contents(WEFT_LB, 4, 4, 4, ints, addrs, types));
  untouched();
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_type_contents(h.h, 4, 4, 4, ints, addrs, types));
  }
  untouched();
}

TEST(BadQuery, BufferIsAligned) {
  const char *f = "weft_buffer_is_aligned";
  double x[2] = {0, 0};
  bool a = true, u = true;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_buffer_is_aligned(reinterpret_cast<char *>(x) + 1, -1, WEFT_DOUBLE, &a, &u));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_buffer_is_aligned(reinterpret_cast<char *>(x) + 1, 1, h.h, &a, &u));
  }
  EXPECT_TRUE(a);
  EXPECT_TRUE(u);
}

// =====================================================================================
// Moving data
// =====================================================================================

TEST(BadData, PackSize) {
  const char *f = "weft_pack_size";
  int64_t s = -9;
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_pack_size(1, WEFT_INT, nullptr));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_pack_size(-1, WEFT_INT, &s));
  WT_EXPECT_ERR(WEFT_OVERFLOW, f, weft_pack_size(I64MAX / 2, WEFT_DOUBLE, &s));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_pack_size(1, h.h, &s));
  }
  EXPECT_EQ(-9, s);
}

TEST(BadData, Pack) {
  const char *f = "weft_pack";
  Owned unc = vector(2, 1, 2, WEFT_INT);
  Owned com = committed(vector(2, 1, 2, WEFT_INT));  // 8 bytes
  int in[4] = {1, 2, 3, 4};
  unsigned char out[32];
  std::memset(out, 0xEE, sizeof out);
  int64_t pos = 4;
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, f, weft_pack(in, 1, unc, out, 32, &pos));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_pack(in, 1, com, out, 32, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_pack(in, 1, com, nullptr, 32, &pos));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_pack(in, -1, com, out, 32, &pos));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_pack(in, 1, com, out, -1, &pos));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_pack(in, 1, com, out, 11, &pos));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_pack(in, 4, com, out, 32, &pos));
  WT_EXPECT_ERR(WEFT_OVERFLOW, f, weft_pack(in, I64MAX / 2, WEFT_DOUBLE, out, 32, &pos));
  EXPECT_EQ(4, pos);
  int64_t neg = -1;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_pack(in, 1, com, out, 32, &neg));
  EXPECT_EQ(-1, neg);
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_pack(in, 1, h.h, out, 32, &pos));
  }
  EXPECT_EQ(4, pos);
  for (unsigned char c : out) EXPECT_EQ(0xEE, c);
}

TEST(BadData, Unpack) {
  const char *f = "weft_unpack";
  Owned unc = vector(2, 1, 2, WEFT_INT);
  Owned com = committed(vector(2, 1, 2, WEFT_INT));  // 8 bytes, extent 12
  Owned ov = committed(hindexed({1, 1}, {0, 2}, WEFT_INT));
  unsigned char in[32];
  for (int k = 0; k < 32; ++k) in[k] = static_cast<unsigned char>(k);
  int out[8];
  for (int &x : out) x = -1;
  int64_t pos = 4;
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, f, weft_unpack(in, 32, &pos, out, 1, unc));
  WT_EXPECT_ERR(WEFT_OVERLAPPING_TYPE, f, weft_unpack(in, 32, &pos, out, 1, ov));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_unpack(in, 32, nullptr, out, 1, com));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_unpack(nullptr, 32, &pos, out, 1, com));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_unpack(in, 32, &pos, out, -1, com));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_unpack(in, -1, &pos, out, 1, com));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_unpack(in, 11, &pos, out, 1, com));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_unpack(in, 32, &pos, out, 4, com));
  EXPECT_EQ(4, pos);
  int64_t neg = -2;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_unpack(in, 32, &neg, out, 1, com));
  EXPECT_EQ(-2, neg);
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_unpack(in, 32, &pos, out, 1, h.h));
  }
  EXPECT_EQ(4, pos);
  for (int x : out) EXPECT_EQ(-1, x);
}

TEST(BadData, PackPartial) {
  const char *f = "weft_pack_partial";
  Owned unc = vector(2, 1, 2, WEFT_INT);
  Owned com = committed(vector(2, 1, 2, WEFT_INT));
  int in[4] = {1, 2, 3, 4};
  unsigned char out[16];
  std::memset(out, 0xEE, sizeof out);
  int64_t actual = -9;
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, f, weft_pack_partial(in, 1, unc, 0, 8, out, &actual));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_pack_partial(in, 1, com, 0, 8, out, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_pack_partial(in, 1, com, 0, 8, nullptr, &actual));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_pack_partial(in, -1, com, 0, 8, out, &actual));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_pack_partial(in, 1, com, -1, 8, out, &actual));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_pack_partial(in, 1, com, 0, -8, out, &actual));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_pack_partial(in, 1, h.h, 0, 8, out, &actual));
  }
  EXPECT_EQ(-9, actual);
  for (unsigned char c : out) EXPECT_EQ(0xEE, c);
}

TEST(BadData, UnpackPartial) {
  const char *f = "weft_unpack_partial";
  Owned unc = vector(2, 1, 2, WEFT_INT);
  Owned com = committed(vector(2, 1, 2, WEFT_INT));  // stream of 1 copy: 8 bytes
  Owned ov = committed(hindexed({1, 1}, {0, 2}, WEFT_INT));
  unsigned char in[16];
  for (int k = 0; k < 16; ++k) in[k] = static_cast<unsigned char>(k);
  int out[4] = {-1, -1, -1, -1};
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, f, weft_unpack_partial(in, 4, 0, out, 1, unc));
  WT_EXPECT_ERR(WEFT_OVERLAPPING_TYPE, f, weft_unpack_partial(in, 4, 0, out, 1, ov));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_unpack_partial(nullptr, 4, 0, out, 1, com));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_unpack_partial(in, -4, 0, out, 1, com));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_unpack_partial(in, 4, -1, out, 1, com));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_unpack_partial(in, 4, 0, out, -1, com));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_unpack_partial(in, 9, 0, out, 1, com));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, f, weft_unpack_partial(in, 4, 5, out, 1, com));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_unpack_partial(in, 4, 0, out, 1, h.h));
  }
  for (int x : out) EXPECT_EQ(-1, x);
}

TEST(BadData, Copy) {
  const char *f = "weft_copy";
  Owned unc = contiguous(2, WEFT_INT);
  Owned com = committed(contiguous(2, WEFT_INT));
  int src[4] = {1, 2, 3, 4};
  int dst[4] = {-1, -1, -1, -1};
  int64_t nb = -9;
  WT_EXPECT_ERR(WEFT_NULL_POINTER, f, weft_copy(src, 1, com, dst, 1, com, nullptr));
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, f, weft_copy(src, 1, unc, dst, 1, com, &nb));
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, f, weft_copy(src, 1, com, dst, 1, unc, &nb));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_copy(src, -1, com, dst, 1, com, &nb));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, f, weft_copy(src, 1, com, dst, -1, com, &nb));
  WT_EXPECT_ERR(WEFT_TRUNCATED, f, weft_copy(src, 2, com, dst, 1, com, &nb));
  WT_EXPECT_ERR(WEFT_SIGNATURE_MISMATCH, f, weft_copy(src, 1, com, dst, 2, WEFT_FLOAT, &nb));
  WT_EXPECT_ERR(WEFT_OVERFLOW, f, weft_copy(src, I64MAX / 2, WEFT_DOUBLE, dst, I64MAX / 2, WEFT_DOUBLE, &nb));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_copy(src, 1, h.h, dst, 1, com, &nb));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, f, weft_copy(src, 1, com, dst, 1, h.h, &nb));
  }
  EXPECT_EQ(-9, nb);
  for (int x : dst) EXPECT_EQ(-1, x);
}

TEST(BadData, GetElementsAndCount) {
  int64_t c = -9;
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_get_elements", weft_get_elements(WEFT_INT, 8, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_get_count", weft_get_count(WEFT_INT, 8, nullptr));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_get_elements", weft_get_elements(WEFT_INT, -1, &c));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_get_count", weft_get_count(WEFT_INT, -4, &c));
  for (const BadHandle &h : bad_handles()) {
    SCOPED_TRACE(h.what);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_get_elements", weft_get_elements(h.h, 8, &c));
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_get_count", weft_get_count(h.h, 8, &c));
  }
  EXPECT_EQ(-9, c);
}

TEST(BadData, Address) {
  int x = 0;
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_address", weft_address(&x, nullptr));
}

// A failing call made after a successful one reports the failing function, and a
// failing call never changes the outputs even when they alias valid-looking values.
TEST(BadInput, ErrorsDoNotDisturbValidHandles) {
  Owned v = committed(vector(3, 2, 4, WEFT_INT));
  Typemap before = typemap_of(v);
  weft_type t = v.get();
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_vector", weft_type_vector(-1, 1, 1, v, &t));
  EXPECT_EQ(v.get(), t);
  EXPECT_EQ(before, typemap_of(v));
  int64_t s = -1;
  WT_EXPECT_OK(weft_type_size(v, &s));
  EXPECT_EQ(24, s);
}
