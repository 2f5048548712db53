// What the three collection kinds (weft_matrix, weft_vector, weft_scalar) share at the
// C boundary: new from a domain, dup, clear, nvals, type, wait, error, free. Each
// extern "C" function of matrix_api.cpp, vector_api.cpp and scalar_api.cpp is one call
// to these, with its own kind.
#pragma once
#include "../core/sparse/compatible.hpp"
#include "sparse_args.hpp"

namespace weft::capi {

// A dimension: 1 <= n <= WEFT_INDEX_MAX (GraphBLAS makes 0 an error).
inline void dimension_arg(int64_t n, const char *what) {
  if (n < 1 || n > WEFT_INDEX_MAX)
    fail(WEFT_INVALID_VALUE, "%s %lld is outside [1, WEFT_INDEX_MAX]", what, (long long)n);
}

template <class T, class H>
weft_status collection_dup(const char *fn, H h, H *copy) {
  return guard(fn, [&] {
    T *a = handle_arg<T>(h, "the collection");
    nonnull(copy, "copy");
    *copy = publish<H>(static_cast<T *>(dup_matrix(*a)));
    return WEFT_SUCCESS;
  });
}

template <class T, class H>
weft_status collection_clear(const char *fn, H h) {
  return guard_on<T>(fn, h, [&] {
    T *a = handle_arg<T>(h, "the collection");
    a->assign(Csr(a->nrows(), a->ncols(), *a->type));
    return WEFT_SUCCESS;
  });
}

template <class T, class H>
weft_status collection_nvals(const char *fn, H h, int64_t *nvals) {
  return guard(fn, [&] {
    T *a = handle_arg<T>(h, "the collection");
    nonnull(nvals, "nvals");
    *nvals = a->stored().nvals();
    return WEFT_SUCCESS;
  });
}

template <class T, class H>
weft_status collection_iso(const char *fn, H h, int *iso) {
  return guard(fn, [&] {
    T *a = handle_arg<T>(h, "the collection");
    nonnull(iso, "iso");
    *iso = a->stored().iso ? 1 : 0;
    return WEFT_SUCCESS;
  });
}

template <class T, class H>
weft_status collection_type(const char *fn, H h, weft_type *type) {
  return guard(fn, [&] {
    T *a = handle_arg<T>(h, "the collection");
    nonnull(type, "type");
    // A new handle: the collection's type may have no other (the caller freed theirs, or
    // it was rebuilt by weft_matrix_deserialize).
    user_retain(a->type.get());
    *type = handle(a->type.get());
    return WEFT_SUCCESS;
  });
}

// Both wait modes finish the pending work (weft computes operations eagerly today, so
// COMPLETE and MATERIALIZE coincide).
template <class T, class H>
weft_status collection_wait(const char *fn, H h, int mode) {
  return guard_on<T>(fn, h, [&] {
    T *a = handle_arg<T>(h, "the collection");
    if (mode != WEFT_COMPLETE && mode != WEFT_MATERIALIZE)
      fail(WEFT_INVALID_VALUE, "wait mode %d is neither WEFT_COMPLETE nor WEFT_MATERIALIZE", mode);
    a->stored();
    return WEFT_SUCCESS;
  });
}

template <class T, class H>
weft_status collection_error(const char *fn, H h, const char **msg) {
  return guard(fn, [&] {
    T *a = handle_arg<T>(h, "the collection");
    nonnull(msg, "msg");
    *msg = a->error;
    return WEFT_SUCCESS;
  });
}

template <class T, class H>
weft_status collection_free(const char *fn, H *h) {
  return guard(fn, [&] {
    nonnull(h, "the handle's address");
    T *a = handle_arg<T>(*h, "the collection");
    *h = nullptr;
    user_release(a);
    return WEFT_SUCCESS;
  });
}

// The entries as tuples (I for a matrix's rows may be NULL for a vector: rows skipped).
template <class T, class H>
weft_status collection_extract_tuples(const char *fn, H h, int64_t capacity, int64_t *I, int64_t *J, void *X,
                                      weft_type xtype, int64_t *n) {
  return guard(fn, [&] {
    T *a = handle_arg<T>(h, "the collection");
    nonnull(n, "n");
    nonneg(capacity, "capacity");
    Type *t = X ? type_arg(xtype, "xtype") : nullptr;
    if (t) check_domain(*t, *a->type, "the collection's values into X");
    const int64_t nv = a->ready().nvals();
    if (capacity < nv)
      fail(WEFT_INSUFFICIENT_SPACE, "capacity %lld < %lld entries", (long long)capacity, (long long)nv);
    extract_tuples(*a, I, J, X, t);
    *n = nv;
    return WEFT_SUCCESS;
  });
}

// An element argument: x non-NULL, xtype a live type.
inline Type *value_type_arg(const void *x, weft_type xtype, const char *what) {
  nonnull(x, what);
  return type_arg(xtype, "xtype");
}

}  // namespace weft::capi
