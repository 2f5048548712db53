// Handles at the C boundary: the one way an entry point turns a handle into its object
// (handle_arg) and a new object into a handle (publish). Every weft library uses these;
// they depend only on core/support, so libweft_mpi may include them.
//
// An object kind T (core/support/object.hpp) declares kMagic, kHandleName and
// is_predefined_address(). A handle is valid when it is non-NULL, is one of T's
// predefined objects or a live entry of the process's registry, and carries T's magic:
// a freed, garbage or NULL handle, or one of another kind, is WEFT_INVALID_HANDLE and is
// never dereferenced before it is known to be live.
#pragma once
#include "../core/support/error.hpp"
#include "../core/support/object.hpp"

namespace weft::capi {

template <class T>
T *handle_arg(const void *h, const char *what) {
  if (!h) fail(WEFT_INVALID_HANDLE, "%s is NULL", what);
  if (!T::is_predefined_address(h) && !registry_contains(h))
    fail(WEFT_INVALID_HANDLE, "%s is not a live %s (freed or never created)", what, T::kHandleName);
  auto *o = static_cast<Object *>(const_cast<void *>(h));
  if (o->magic != T::kMagic) fail(WEFT_INVALID_HANDLE, "%s is not a %s", what, T::kHandleName);
  return static_cast<T *>(o);
}

// Registers a new object (one user handle, as core creates it) and returns its handle.
// If registering fails (out of memory), the object is released and the error passes on,
// so nothing leaks and no output is written.
template <class H, class T>
H publish(T *o) {
  try {
    registry_add(o);
  } catch (...) {
    release(o);
    throw;
  }
  return reinterpret_cast<H>(static_cast<Object *>(o));
}

// The handle of an existing object (no new reference).
template <class H, class T>
H handle_of(T *o) {
  return reinterpret_cast<H>(static_cast<Object *>(o));
}

}  // namespace weft::capi
