#include "error.hpp"


namespace weft {

namespace {
thread_local std::string last_error;
}

void set_last_error(const char *where, const char *message) {
  last_error = std::string(where) + ": " + message;
}

}  // namespace weft

extern "C" const char *weft_last_error(void) { return weft::last_error.c_str(); }

// For weft's other libraries (libweft_mpi), which share this thread's last error.
// Exported, but not part of the public headers (see core/support/error.hpp).
extern "C" WEFT_API void weft_internal_set_last_error(const char *where, const char *message) {
  weft::set_last_error(where, message);
}

extern "C" const char *weft_status_name(weft_status status) {
  switch (status) {
#define WEFT_NAME_(name, value, msg) \
  case value:                        \
    return #name;
    WEFT_STATUS_LIST(WEFT_NAME_)
#undef WEFT_NAME_
  }
  return "WEFT_UNKNOWN_STATUS";
}

extern "C" const char *weft_status_message(weft_status status) {
  switch (status) {
#define WEFT_MSG_(name, value, msg) \
  case value:                       \
    return msg;
    WEFT_STATUS_LIST(WEFT_MSG_)
#undef WEFT_MSG_
  }
  return "unknown status";
}
