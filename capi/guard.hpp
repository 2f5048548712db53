// guard(): runs an entry point's body and turns any exception into a weft_status plus
// this thread's last error, so nothing is ever thrown across the C boundary. Shared by
// every weft library (libweft, libweft_mpi).
//
// A call that ran queued work (nonblocking mode, core/lazy) whose execution failed does
// its own work and then returns that failure (with_deferred below).
#pragma once
#include <new>

#include "../core/support/error.hpp"

namespace weft::capi {

// The status to return for a body that ended with s, given a failure of queued work this
// call ran (noted in weft__take_deferred_error's slot): the body's own error if it failed
// (the queued failure then stays noted: the next call returns it), else the queued
// failure — also over an informational status such as WEFT_NO_VALUE, whose call is done.
inline weft_status with_deferred(const char *fn, weft_status s) noexcept {
  if (s < 0) return s;
  const char *deferred = nullptr;
  const weft_status d = weft__take_deferred_error(&deferred);
  if (d == WEFT_SUCCESS) return s;
  set_last_error(fn, deferred);
  return d;
}

template <class F>
weft_status guard(const char *fn, F &&body) noexcept {
  weft_status s = WEFT_SUCCESS;
  try {
    s = body();
  } catch (const Error &e) {
    set_last_error(fn, e.what());
    s = e.status();
  } catch (const std::bad_alloc &) {
    set_last_error(fn, "out of memory");
    s = WEFT_OUT_OF_MEMORY;
  } catch (const std::exception &e) {
    set_last_error(fn, e.what());
    s = WEFT_PANIC;
  } catch (...) {
    set_last_error(fn, "unknown internal error");
    s = WEFT_PANIC;
  }
  return with_deferred(fn, s);
}

}  // namespace weft::capi
