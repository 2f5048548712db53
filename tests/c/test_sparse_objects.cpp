// Collections one call at a time, with hand-computed answers: new, build, tuples,
// elements (set, remove, pending updates), dup, clear, resize, diag, wait, per-object
// errors, the execution mode, descriptors; and one worked example of each operation
// (the random cases against a reference model are in test_sparse_model.cpp).
#include <vector>

#include "weft_test_util.hpp"

namespace {

#define OK(call) ASSERT_EQ(WEFT_SUCCESS, (call)) << weft_last_error()

struct Tuples {
  std::vector<int64_t> i, j;
  std::vector<double> x;
  bool operator==(const Tuples &o) const { return i == o.i && j == o.j && x == o.x; }
};

Tuples tuples(weft_matrix A) {
  int64_t n = 0;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_nvals(A, &n));
  Tuples t;
  t.i.resize(size_t(n));
  t.j.resize(size_t(n));
  t.x.resize(size_t(n));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_extract_tuples(A, n, t.i.data(), t.j.data(), t.x.data(), WEFT_FP64, &n));
  return t;
}

weft_matrix matrix(int64_t m, int64_t n, const Tuples &t, weft_type type = WEFT_FP64) {
  weft_matrix A = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(type, m, n, &A));
  EXPECT_EQ(WEFT_SUCCESS, weft_matrix_build(A, t.i.data(), t.j.data(), t.x.data(), WEFT_FP64, int64_t(t.x.size()), nullptr))
      << weft_last_error();
  return A;
}

TEST(Objects, BuildAndExtractTuplesSortAndCast) {
  weft_matrix A = matrix(3, 4, {{2, 0, 1}, {1, 3, 0}, {7.9, -1.5, 2}}, WEFT_INT32);
  Tuples t = tuples(A);
  EXPECT_EQ((std::vector<int64_t>{0, 1, 2}), t.i);
  EXPECT_EQ((std::vector<int64_t>{3, 0, 1}), t.j);
  EXPECT_EQ((std::vector<double>{-1, 2, 7}), t.x);  // truncated toward zero
  OK(weft_matrix_free(&A));
  EXPECT_EQ(nullptr, A);
}

TEST(Objects, BuildDuplicatesFoldInOrderOrFail) {
  weft_matrix A = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 2, 2, &A));
  const int64_t I[] = {1, 0, 1}, J[] = {1, 0, 1};
  const double X[] = {10, 1, 3};
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_matrix_build(A, I, J, X, WEFT_FP64, 3, nullptr));
  int64_t n = -1;
  OK(weft_matrix_nvals(A, &n));
  EXPECT_EQ(0, n);
  OK(weft_matrix_build(A, I, J, X, WEFT_FP64, 3, WEFT_MINUS_FP64));
  EXPECT_EQ((Tuples{{0, 1}, {0, 1}, {1, 7}}), tuples(A));
  EXPECT_EQ(WEFT_OUTPUT_NOT_EMPTY, weft_matrix_build(A, I, J, X, WEFT_FP64, 1, nullptr));
  const char *msg = nullptr;
  OK(weft_matrix_error(A, &msg));
  EXPECT_NE(nullptr, std::strstr(msg, "weft_matrix_build")) << msg;
  const int64_t bad[] = {2};
  weft_matrix B = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 2, 2, &B));
  EXPECT_EQ(WEFT_INDEX_OUT_OF_BOUNDS, weft_matrix_build(B, bad, J, X, WEFT_FP64, 1, nullptr));
  OK(weft_matrix_free(&A));
  OK(weft_matrix_free(&B));
}

TEST(Objects, ElementsPendingUpdatesApplyInCallOrder) {
  weft_matrix A = matrix(3, 3, {{0, 2}, {0, 2}, {1, 2}});
  const double v5 = 5, v6 = 6, v7 = 7;
  OK(weft_matrix_set_element(A, 1, 1, &v5, WEFT_FP64));
  OK(weft_matrix_remove_element(A, 0, 0));
  OK(weft_matrix_set_element(A, 0, 0, &v6, WEFT_FP64));
  OK(weft_matrix_set_element(A, 1, 1, &v7, WEFT_FP64));
  OK(weft_matrix_remove_element(A, 2, 2));
  OK(weft_matrix_set_element(A, 2, 0, &v5, WEFT_FP64));
  EXPECT_EQ((Tuples{{0, 1, 2}, {0, 1, 0}, {6, 7, 5}}), tuples(A));
  double x = 0;
  EXPECT_EQ(WEFT_NO_VALUE, weft_matrix_extract_element(A, 2, 2, WEFT_FP64, &x));
  EXPECT_EQ(0, x);
  OK(weft_matrix_extract_element(A, 1, 1, WEFT_FP64, &x));
  EXPECT_EQ(7, x);
  EXPECT_EQ(WEFT_INVALID_INDEX, weft_matrix_set_element(A, 3, 0, &v5, WEFT_FP64));
  EXPECT_EQ(WEFT_INVALID_INDEX, weft_matrix_extract_element(A, 0, -1, WEFT_FP64, &x));
  OK(weft_matrix_free(&A));
}

TEST(Objects, ScalarSetExtractClear) {
  weft_scalar s = nullptr;
  OK(weft_scalar_new(WEFT_INT8, &s));
  int64_t n = -1;
  OK(weft_scalar_nvals(s, &n));
  EXPECT_EQ(0, n);
  double x = 300.7;
  int32_t y = 0;
  EXPECT_EQ(WEFT_NO_VALUE, weft_scalar_extract_element(s, WEFT_INT32, &y));
  OK(weft_scalar_set_element(s, &x, WEFT_FP64));
  OK(weft_scalar_extract_element(s, WEFT_INT32, &y));
  EXPECT_EQ(127, y);  // saturated to INT8
  OK(weft_scalar_clear(s));
  OK(weft_scalar_nvals(s, &n));
  EXPECT_EQ(0, n);
  OK(weft_scalar_free(&s));
}

TEST(Objects, DupResizeDiag) {
  weft_matrix A = matrix(3, 3, {{0, 1, 2}, {2, 1, 0}, {1, 2, 3}});
  weft_matrix B = nullptr;
  OK(weft_matrix_dup(A, &B));
  OK(weft_matrix_resize(A, 2, 2));
  EXPECT_EQ((Tuples{{1}, {1}, {2}}), tuples(A));
  EXPECT_EQ((Tuples{{0, 1, 2}, {2, 1, 0}, {1, 2, 3}}), tuples(B));
  weft_vector v = nullptr;
  OK(weft_vector_new(WEFT_FP64, 3, &v));
  const int64_t I[] = {0, 2};
  const double X[] = {4, 5};
  OK(weft_vector_build(v, I, X, WEFT_FP64, 2, nullptr));
  weft_matrix D = nullptr;
  OK(weft_matrix_diag(v, -1, &D));
  int64_t m = 0;
  OK(weft_matrix_nrows(D, &m));
  EXPECT_EQ(4, m);
  EXPECT_EQ((Tuples{{1, 3}, {0, 2}, {4, 5}}), tuples(D));
  OK(weft_matrix_free(&D));
  OK(weft_matrix_diag(v, 2, &D));
  EXPECT_EQ((Tuples{{0, 2}, {2, 4}, {4, 5}}), tuples(D));
  OK(weft_matrix_free(&D));
  OK(weft_vector_free(&v));
  OK(weft_matrix_free(&A));
  OK(weft_matrix_free(&B));
}

TEST(Operations, MxmWorkedExample) {
  // [1 2; 0 3] * [4 0; 5 6] = [14 12; 15 18]
  weft_matrix A = matrix(2, 2, {{0, 0, 1}, {0, 1, 1}, {1, 2, 3}});
  weft_matrix B = matrix(2, 2, {{0, 1, 1}, {0, 0, 1}, {4, 5, 6}});
  weft_matrix C = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 2, 2, &C));
  OK(weft_mxm(C, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, nullptr));
  EXPECT_EQ((Tuples{{0, 0, 1, 1}, {0, 1, 0, 1}, {14, 12, 15, 18}}), tuples(C));
  // C = C * C with C as its own mask (structural): every entry stays present.
  OK(weft_mxm(C, C, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, C, C, WEFT_DESC_S));
  EXPECT_EQ((Tuples{{0, 0, 1, 1}, {0, 1, 0, 1}, {14 * 14 + 12 * 15, 14 * 12 + 12 * 18, 15 * 14 + 18 * 15, 15 * 12 + 18 * 18}}),
            tuples(C));
  // MIN_PLUS with A transposed: A' = [1 0; 2 3]; T(0,0) = min(1+4) = 5 ...
  OK(weft_mxm(C, nullptr, nullptr, WEFT_MIN_PLUS_SEMIRING_FP64, A, B, WEFT_DESC_T0));
  EXPECT_EQ((Tuples{{0, 1, 1}, {0, 0, 1}, {5, 6, 9}}), tuples(C));
  // A dimension mismatch leaves C as it was.
  weft_matrix D = nullptr;
  OK(weft_matrix_new(WEFT_FP64, 3, 2, &D));
  EXPECT_EQ(WEFT_DIMENSION_MISMATCH, weft_mxm(C, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, D, B, nullptr));
  EXPECT_EQ((Tuples{{0, 1, 1}, {0, 0, 1}, {5, 6, 9}}), tuples(C));
  for (weft_matrix *h : {&A, &B, &C, &D}) OK(weft_matrix_free(h));
}

TEST(Operations, MaskAccumReplace) {
  // C = [1 . 3], T = u + v, mask selects positions 1 and 2.
  weft_vector w = nullptr, u = nullptr, m = nullptr;
  OK(weft_vector_new(WEFT_FP64, 3, &w));
  OK(weft_vector_new(WEFT_FP64, 3, &u));
  OK(weft_vector_new(WEFT_BOOL, 3, &m));
  const int64_t Iw[] = {0, 2}, Iu[] = {1}, Im[] = {0, 1, 2};
  const double Xw[] = {1, 3}, Xu[] = {10};
  const bool Xm[] = {false, true, true};
  OK(weft_vector_build(w, Iw, Xw, WEFT_FP64, 2, nullptr));
  OK(weft_vector_build(u, Iu, Xu, WEFT_FP64, 1, nullptr));
  OK(weft_vector_build(m, Im, Xm, WEFT_BOOL, 3, nullptr));
  // No accum: inside the mask w becomes T (position 2 loses its 3), outside kept.
  weft_vector w1 = nullptr;
  OK(weft_vector_dup(w, &w1));
  OK(weft_vector_apply(w1, m, nullptr, WEFT_IDENTITY_FP64, u, nullptr));
  std::vector<int64_t> I(3);
  std::vector<double> X(3);
  int64_t n = 3;
  OK(weft_vector_extract_tuples(w1, 3, I.data(), X.data(), WEFT_FP64, &n));
  ASSERT_EQ(2, n);
  EXPECT_EQ(0, I[0]);
  EXPECT_EQ(1, X[0]);
  EXPECT_EQ(1, I[1]);
  EXPECT_EQ(10, X[1]);
  // Accum PLUS with replace: outside the mask (position 0) cleared; 1 -> 10, 2 -> 3.
  OK(weft_vector_apply(w, m, WEFT_PLUS_FP64, WEFT_IDENTITY_FP64, u, WEFT_DESC_R));
  n = 3;
  OK(weft_vector_extract_tuples(w, 3, I.data(), X.data(), WEFT_FP64, &n));
  ASSERT_EQ(2, n);
  EXPECT_EQ(1, I[0]);
  EXPECT_EQ(10, X[0]);
  EXPECT_EQ(2, I[1]);
  EXPECT_EQ(3, X[1]);
  for (weft_vector *h : {&w, &w1, &u, &m}) OK(weft_vector_free(h));
}

TEST(Context, InitOnlyBeforeCollectionsAndModes) {
  int mode = -1;
  OK(weft_get_mode(&mode));
  EXPECT_EQ(WEFT_BLOCKING, mode);
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_init(7));
}

TEST(Descriptors, SetGetAndPredefined) {
  weft_descriptor d = nullptr;
  OK(weft_descriptor_new(&d));
  OK(weft_descriptor_set(d, WEFT_MASK, WEFT_COMP));
  OK(weft_descriptor_set(d, WEFT_MASK, WEFT_STRUCTURE));
  int v = 0;
  OK(weft_descriptor_get(d, WEFT_MASK, &v));
  EXPECT_EQ(WEFT_COMP_STRUCTURE, v);
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_descriptor_set(d, WEFT_OUTP, WEFT_TRAN));
  EXPECT_EQ(WEFT_INVALID_VALUE, weft_descriptor_set(WEFT_DESC_RSC, WEFT_OUTP, WEFT_DEFAULT));
  OK(weft_descriptor_get(WEFT_DESC_RSCT0T1, WEFT_INP1, &v));
  EXPECT_EQ(WEFT_TRAN, v);
  OK(weft_descriptor_get(WEFT_DESC_SC, WEFT_OUTP, &v));
  EXPECT_EQ(WEFT_DEFAULT, v);
  OK(weft_descriptor_free(&d));
}

}  // namespace
