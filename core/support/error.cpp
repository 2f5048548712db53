// This thread's last error: the one copy per process (libweft), set by every weft
// library through weft__set_last_error (private_abi.hpp).
#include "error.hpp"

#include <string>

namespace {
thread_local std::string last_error_text;
}

extern "C" void weft__set_last_error(const char *where, const char *message) {
  last_error_text = std::string(where) + ": " + message;
}

namespace weft {
const char *last_error() { return last_error_text.c_str(); }
}  // namespace weft
