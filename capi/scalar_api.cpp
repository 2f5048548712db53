// extern "C" scalar entry points (a scalar is a 1 x 1 collection inside).
#include "../core/sparse/operations.hpp"
#include "collections.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_scalar_new(weft_type type, weft_scalar *s) {
  return guard(__func__, [&] {
    Type *t = domain_arg(type, "type");
    nonnull(s, "s");
    *s = publish<weft_scalar>(make_scalar(t));
    return WEFT_SUCCESS;
  });
}
extern "C" weft_status weft_scalar_dup(weft_scalar s, weft_scalar *copy) { return collection_dup<Scalar>(__func__, s, copy); }
extern "C" weft_status weft_scalar_clear(weft_scalar s) { return collection_clear<Scalar>(__func__, s); }
extern "C" weft_status weft_scalar_nvals(weft_scalar s, int64_t *nvals) { return collection_nvals<Scalar>(__func__, s, nvals); }
extern "C" weft_status weft_scalar_type(weft_scalar s, weft_type *type) { return collection_type<Scalar>(__func__, s, type); }
extern "C" weft_status weft_scalar_wait(weft_scalar s, int mode) { return collection_wait<Scalar>(__func__, s, mode); }
extern "C" weft_status weft_scalar_error(weft_scalar s, const char **msg) { return collection_error<Scalar>(__func__, s, msg); }
extern "C" weft_status weft_scalar_free(weft_scalar *s) { return collection_free<Scalar>(__func__, s); }

extern "C" weft_status weft_scalar_set_element(weft_scalar s, const void *x, weft_type xtype) {
  return guard_on<Scalar>(__func__, s, [&] {
    Scalar *a = handle_arg<Scalar>(s, "s");
    Type *t = value_type_arg(x, xtype, "x");
    set_element(*a, 0, 0, x, *t);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_scalar_extract_element(weft_scalar s, weft_type xtype, void *x) {
  return guard(__func__, [&] {
    Scalar *a = handle_arg<Scalar>(s, "s");
    Type *t = value_type_arg(x, xtype, "x");
    return extract_element(*a, 0, 0, *t, x) ? WEFT_SUCCESS : WEFT_NO_VALUE;
  });
}
