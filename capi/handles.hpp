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
#include <new>

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

// A registry entry taken before a call's side effects and given its object after them,
// for calls that write the caller's memory before they have a handle to return (an
// indexer's *_begin writes a rank's own items): out of memory, the call fails before it
// writes anything, never after.
class HandleSlot {
 public:
  // Never throws: out of memory, ok() is false (a collective call then joins its
  // agreement with WEFT_OUT_OF_MEMORY instead of leaving the other ranks waiting).
  HandleSlot() noexcept : key_(new (std::nothrow) char) {
    if (!key_) return;
    try {
      weft__registry_add(key_);
    } catch (...) {
      delete key_;
      key_ = nullptr;
    }
  }
  HandleSlot(const HandleSlot &) = delete;
  HandleSlot &operator=(const HandleSlot &) = delete;
  ~HandleSlot() {
    if (!key_) return;
    weft__registry_remove(key_);
    delete key_;
  }
  bool ok() const { return key_ != nullptr; }
  // Publishes o in the slot (ok() must hold): cannot fail.
  template <class H, class T>
  H publish(T *o) noexcept {
    weft__registry_swap(key_, static_cast<Object *>(o));
    delete key_;
    key_ = nullptr;
    return reinterpret_cast<H>(static_cast<Object *>(o));
  }

 private:
  char *key_;
};

// The handle of an existing object (no new reference).
template <class H, class T>
H handle_of(T *o) {
  return reinterpret_cast<H>(static_cast<Object *>(o));
}

}  // namespace weft::capi
