// Argument checks of libweft's extern "C" entry points: typed handles and plain values.
// Each throws weft::Error (guard() in guard.hpp turns it into a status).
#pragma once
#include <cstring>
#include <new>

#include "../core/algebra/domains.hpp"
#include "../core/types/type.hpp"
#include "guard.hpp"
#include "handles.hpp"

namespace weft::capi {

// A live type handle (predefined or user), else WEFT_INVALID_HANDLE.
inline Type *type_arg(weft_type h, const char *what) { return handle_arg<Type>(h, what); }

// As type_arg, and not an LB/UB marker (only weft_type_struct takes those).
inline Type *data_type_arg(weft_type h, const char *what) {
  Type *t = type_arg(h, what);
  if (t->is_marker()) fail(WEFT_INVALID_VALUE, "%s is WEFT_LB/WEFT_UB, allowed only in weft_type_struct", what);
  return t;
}

// A domain argument: a live type that can hold elements (weft/algebra.h says which).
inline Type *domain_arg(weft_type h, const char *what) {
  Type *t = type_arg(h, what);
  if (const char *why = domain_problem(*t)) fail(WEFT_INVALID_VALUE, "%s cannot be a domain: it %s", what, why);
  return t;
}

inline void nonnull(const void *p, const char *what) {
  if (!p) fail(WEFT_NULL_POINTER, "%s is NULL", what);
}

inline void nonneg(int64_t v, const char *what) {
  if (v < 0) fail(WEFT_INVALID_VALUE, "%s %lld < 0", what, (long long)v);
}

// An array of count elements: may be NULL only when count is 0.
inline void array_arg(const void *p, int64_t count, const char *what) {
  if (count > 0 && !p) fail(WEFT_NULL_POINTER, "%s is NULL with count %lld", what, (long long)count);
}

// A new type from core (one user handle) -> its registered handle.
inline weft_type publish_type(Type *t) { return publish<weft_type>(t); }
// An existing type -> its handle, without a new reference.
inline weft_type handle(Type *t) { return handle_of<weft_type>(t); }

}  // namespace weft::capi
