// The one exception type used inside weft. capi/ catches it at the boundary and turns
// it into a weft_status plus the thread's last-error message; nothing else escapes.
#pragma once
#include <cstdarg>
#include <stdexcept>
#include <string>

#include "private_abi.hpp"
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

// Records "where: message" as this thread's last error. The thread-local message lives
// in libweft (error.cpp); every weft library reaches it through the private ABI, so
// they all share one last error.
inline void set_last_error(const char *where, const char *message) { weft__set_last_error(where, message); }
// This thread's last error ("" if none).
const char *last_error();
// Notes an execution error of queued work for the current call to return (guard.hpp).
inline void note_deferred_error(weft_status s, const char *message) { weft__note_deferred_error(s, message); }

}  // namespace weft
