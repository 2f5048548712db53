// The one exception type used inside weft. capi/ catches it at the boundary and turns
// it into a weft_status plus the thread's last-error message; nothing else escapes.
#pragma once
#include <cstdarg>
#include <stdexcept>
#include <string>

#include "weft.h"

namespace weft {

class Error : public std::runtime_error {
 public:
  Error(weft_status status, std::string msg) : std::runtime_error(std::move(msg)), status_(status) {}
  weft_status status() const { return status_; }

 private:
  weft_status status_;
};

// Throws Error(status, printf-style message).
[[noreturn]] void fail(weft_status status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// Records "where: message" as this thread's last error. In libweft it writes the
// thread-local message; weft's other libraries define it to call
// weft_internal_set_last_error below, so every library shares one last error.
void set_last_error(const char *where, const char *message);

}  // namespace weft

extern "C" WEFT_API void weft_internal_set_last_error(const char *where, const char *message);
