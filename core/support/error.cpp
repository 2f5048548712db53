// This thread's last error: the one copy per process (libweft), set by every weft
// library through weft__set_last_error (private_abi.hpp).
//
// A fixed buffer, not a std::string: recording an error must not allocate, because
// WEFT_OUT_OF_MEMORY is recorded exactly when allocations fail, inside guard()'s
// noexcept handlers (an allocation failing there would terminate the program).
// Messages longer than the buffer are cut.
#include "error.hpp"

#include <cstdio>

namespace {
thread_local char last_error_text[1024];
thread_local weft_status deferred_status = WEFT_SUCCESS;  // the first one noted wins
thread_local char deferred_text[1024];
}

extern "C" void weft__set_last_error(const char *where, const char *message) noexcept {
  std::snprintf(last_error_text, sizeof last_error_text, "%s: %s", where, message);
}

extern "C" void weft__note_deferred_error(weft_status status, const char *message) noexcept {
  if (deferred_status != WEFT_SUCCESS) return;
  deferred_status = status;
  std::snprintf(deferred_text, sizeof deferred_text, "%s", message);
}

extern "C" weft_status weft__take_deferred_error(const char **message) noexcept {
  const weft_status s = deferred_status;
  deferred_status = WEFT_SUCCESS;
  *message = deferred_text;
  return s;
}

namespace weft {
const char *last_error() { return last_error_text; }
}  // namespace weft
