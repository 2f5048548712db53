// extern "C" matrix entry points: objects, elements, tuples, build, diag.
#include <memory>

#include "../core/sparse/operations.hpp"
#include "collections.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_matrix_new(weft_type type, int64_t nrows, int64_t ncols, weft_matrix *A) {
  return guard(__func__, [&] {
    Type *t = domain_arg(type, "type");
    dimension_arg(nrows, "nrows");
    dimension_arg(ncols, "ncols");
    nonnull(A, "A");
    *A = publish<weft_matrix>(make_matrix(t, nrows, ncols));
    return WEFT_SUCCESS;
  });
}
extern "C" weft_status weft_matrix_dup(weft_matrix A, weft_matrix *copy) { return collection_dup<Matrix>(__func__, A, copy); }
extern "C" weft_status weft_matrix_clear(weft_matrix A) { return collection_clear<Matrix>(__func__, A); }
extern "C" weft_status weft_matrix_nvals(weft_matrix A, int64_t *nvals) { return collection_nvals<Matrix>(__func__, A, nvals); }
extern "C" weft_status weft_matrix_iso(weft_matrix A, int *iso) { return collection_iso<Matrix>(__func__, A, iso); }
extern "C" weft_status weft_matrix_type(weft_matrix A, weft_type *type) { return collection_type<Matrix>(__func__, A, type); }
extern "C" weft_status weft_matrix_wait(weft_matrix A, int mode) { return collection_wait<Matrix>(__func__, A, mode); }
extern "C" weft_status weft_matrix_error(weft_matrix A, const char **msg) { return collection_error<Matrix>(__func__, A, msg); }
extern "C" weft_status weft_matrix_free(weft_matrix *A) { return collection_free<Matrix>(__func__, A); }

extern "C" weft_status weft_matrix_resize(weft_matrix A, int64_t nrows, int64_t ncols) {
  return guard_on<Matrix>(__func__, A, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    dimension_arg(nrows, "nrows");
    dimension_arg(ncols, "ncols");
    resize(*a, nrows, ncols);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_nrows(weft_matrix A, int64_t *nrows) {
  return guard(__func__, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    nonnull(nrows, "nrows");
    *nrows = a->nrows();
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_ncols(weft_matrix A, int64_t *ncols) {
  return guard(__func__, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    nonnull(ncols, "ncols");
    *ncols = a->ncols();
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_build(weft_matrix A, const int64_t I[], const int64_t J[], const void *X,
                                         weft_type xtype, int64_t n, weft_binary_op dup) {
  return guard_on<Matrix>(__func__, A, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    nonneg(n, "n");
    nonnull(I, "I");
    nonnull(J, "J");
    nonnull(X, "X");
    Type *t = type_arg(xtype, "xtype");
    BinaryOp *d = optional_arg<BinaryOp>(dup, "dup");
    build(*a, I, J, X, *t, n, d);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_set_element(weft_matrix A, int64_t i, int64_t j, const void *x, weft_type xtype) {
  return guard_on<Matrix>(__func__, A, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    Type *t = value_type_arg(x, xtype, "x");
    set_element(*a, i, j, x, *t);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_remove_element(weft_matrix A, int64_t i, int64_t j) {
  return guard_on<Matrix>(__func__, A, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    remove_element(*a, i, j);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_extract_element(weft_matrix A, int64_t i, int64_t j, weft_type xtype, void *x) {
  return guard(__func__, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    Type *t = value_type_arg(x, xtype, "x");
    return extract_element(*a, i, j, *t, x) ? WEFT_SUCCESS : WEFT_NO_VALUE;
  });
}

extern "C" weft_status weft_matrix_extract_tuples(weft_matrix A, int64_t capacity, int64_t I[], int64_t J[], void *X,
                                                  weft_type xtype, int64_t *n) {
  return collection_extract_tuples<Matrix>(__func__, A, capacity, I, J, X, xtype, n);
}

extern "C" weft_status weft_matrix_diag(weft_vector v, int64_t k, weft_matrix *C) {
  return guard(__func__, [&] {
    Vector *a = handle_arg<Vector>(v, "v");
    nonnull(C, "C");
    *C = publish<weft_matrix>(diag(*a, k));
    return WEFT_SUCCESS;
  });
}
