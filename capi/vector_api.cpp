// extern "C" vector entry points (a vector of size n is a 1 x n collection inside).
#include "../core/sparse/operations.hpp"
#include "collections.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_vector_new(weft_type type, int64_t n, weft_vector *v) {
  return guard(__func__, [&] {
    Type *t = domain_arg(type, "type");
    dimension_arg(n, "n");
    nonnull(v, "v");
    *v = publish<weft_vector>(make_vector(t, n));
    return WEFT_SUCCESS;
  });
}
extern "C" weft_status weft_vector_dup(weft_vector v, weft_vector *copy) { return collection_dup<Vector>(__func__, v, copy); }
extern "C" weft_status weft_vector_clear(weft_vector v) { return collection_clear<Vector>(__func__, v); }
extern "C" weft_status weft_vector_nvals(weft_vector v, int64_t *nvals) { return collection_nvals<Vector>(__func__, v, nvals); }
extern "C" weft_status weft_vector_iso(weft_vector v, int *iso) { return collection_iso<Vector>(__func__, v, iso); }
extern "C" weft_status weft_vector_type(weft_vector v, weft_type *type) { return collection_type<Vector>(__func__, v, type); }
extern "C" weft_status weft_vector_wait(weft_vector v, int mode) { return collection_wait<Vector>(__func__, v, mode); }
extern "C" weft_status weft_vector_error(weft_vector v, const char **msg) { return collection_error<Vector>(__func__, v, msg); }
extern "C" weft_status weft_vector_free(weft_vector *v) { return collection_free<Vector>(__func__, v); }

extern "C" weft_status weft_vector_resize(weft_vector v, int64_t n) {
  return guard_on<Vector>(__func__, v, [&] {
    Vector *a = handle_arg<Vector>(v, "v");
    dimension_arg(n, "n");
    resize(*a, 1, n);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vector_size(weft_vector v, int64_t *n) {
  return guard(__func__, [&] {
    Vector *a = handle_arg<Vector>(v, "v");
    nonnull(n, "n");
    *n = a->size();
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vector_build(weft_vector v, const int64_t I[], const void *X, weft_type xtype, int64_t n,
                                         weft_binary_op dup) {
  return guard_on<Vector>(__func__, v, [&] {
    Vector *a = handle_arg<Vector>(v, "v");
    nonneg(n, "n");
    nonnull(I, "I");
    nonnull(X, "X");
    Type *t = type_arg(xtype, "xtype");
    BinaryOp *d = optional_arg<BinaryOp>(dup, "dup");
    build(*a, nullptr, I, X, *t, n, d);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vector_set_element(weft_vector v, int64_t i, const void *x, weft_type xtype) {
  return guard_on<Vector>(__func__, v, [&] {
    Vector *a = handle_arg<Vector>(v, "v");
    Type *t = value_type_arg(x, xtype, "x");
    set_element(*a, 0, i, x, *t);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vector_remove_element(weft_vector v, int64_t i) {
  return guard_on<Vector>(__func__, v, [&] {
    Vector *a = handle_arg<Vector>(v, "v");
    remove_element(*a, 0, i);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vector_extract_element(weft_vector v, int64_t i, weft_type xtype, void *x) {
  return guard(__func__, [&] {
    Vector *a = handle_arg<Vector>(v, "v");
    Type *t = value_type_arg(x, xtype, "x");
    return extract_element(*a, 0, i, *t, x) ? WEFT_SUCCESS : WEFT_NO_VALUE;
  });
}

extern "C" weft_status weft_vector_extract_tuples(weft_vector v, int64_t capacity, int64_t I[], void *X,
                                                  weft_type xtype, int64_t *n) {
  return collection_extract_tuples<Vector>(__func__, v, capacity, nullptr, I, X, xtype, n);
}
