// guard(): runs an entry point's body and turns any exception into a weft_status plus
// this thread's last error, so nothing is ever thrown across the C boundary. Shared by
// every weft library (libweft, libweft_mpi).
#pragma once
#include <new>

#include "../core/support/error.hpp"

namespace weft::capi {

template <class F>
weft_status guard(const char *fn, F &&body) noexcept {
  try {
    return body();
  } catch (const Error &e) {
    set_last_error(fn, e.what());
    return e.status();
  } catch (const std::bad_alloc &) {
    set_last_error(fn, "out of memory");
    return WEFT_OUT_OF_MEMORY;
  } catch (const std::exception &e) {
    set_last_error(fn, e.what());
    return WEFT_PANIC;
  } catch (...) {
    set_last_error(fn, "unknown internal error");
    return WEFT_PANIC;
  }
}

}  // namespace weft::capi
