// What libweft's extern "C" entry points use: handle and argument checks that throw
// weft::Error (guard() in guard.hpp turns them into statuses).
#pragma once
#include <cstring>
#include <new>

#include "../core/types/type.hpp"
#include "guard.hpp"

namespace weft::capi {

// A live type handle (predefined or user), else WEFT_INVALID_HANDLE. Never
// dereferences a pointer that is not a live handle.
inline Type *type_arg(weft_type h, const char *what) {
  if (!h) fail(WEFT_INVALID_HANDLE, "%s is NULL", what);
  if (!is_predefined_type(h) && !registry_contains(reinterpret_cast<Type *>(h)))
    fail(WEFT_INVALID_HANDLE, "%s is not a live weft_type (freed or never created)", what);
  Type *t = reinterpret_cast<Type *>(h);
  if (t->magic != Magic::type) fail(WEFT_INVALID_HANDLE, "%s is not a weft_type", what);
  return t;
}

// As type_arg, and not an LB/UB marker (only weft_type_struct takes those).
inline Type *data_type_arg(weft_type h, const char *what) {
  Type *t = type_arg(h, what);
  if (t->is_marker()) fail(WEFT_INVALID_VALUE, "%s is WEFT_LB/WEFT_UB, allowed only in weft_type_struct", what);
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

inline weft_type handle(Type *t) { return reinterpret_cast<weft_type>(t); }

}  // namespace weft::capi
