// The private ABI between weft's own libraries. libweft defines and exports these under
// the prefix weft__ in the version node WEFT_PRIVATE_0 (capi/weft.map), as libuv marks
// its internals uv__; libweft_mpi (and any later weft library) calls them, so a process
// has one handle registry and one last error per thread, whichever library made the
// handle or failed. They are in no public header and carry no compatibility promise
// beyond one weft version: weft's libraries are always installed together.
#pragma once
#include "weft.h"

extern "C" {
// This thread's last error becomes "where: message" (weft_last_error reads it).
WEFT_API void weft__set_last_error(const char *where, const char *message) noexcept;
// The execution error of queued work this thread ran for the current call (nonblocking
// mode, core/lazy): noted by the queue, taken (and cleared) by capi's guard when the
// call's own work is done, so the call reports it. 0 when there is none.
WEFT_API void weft__note_deferred_error(weft_status status, const char *message) noexcept;
WEFT_API weft_status weft__take_deferred_error(const char **message) noexcept;
// The registry of live user handles (core/support/object.cpp).
WEFT_API void weft__registry_add(const void *object);
WEFT_API void weft__registry_remove(const void *object);
// Replaces the registered key `placeholder` by `object` without allocating (the entry's
// node is reused), so a handle can be published after a call's side effects.
WEFT_API void weft__registry_swap(const void *placeholder, const void *object) noexcept;
WEFT_API bool weft__registry_contains(const void *p);
// A user handle more / fewer on an object (weft::Object); see object.hpp.
WEFT_API void weft__user_retain(void *object);
WEFT_API void weft__user_release(void *object);
}
