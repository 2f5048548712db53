#include "error.hpp"

#include <cstdio>

namespace weft {

namespace {
thread_local std::string last_error;
}

void fail(weft_status status, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  throw Error(status, buf);
}

void set_last_error(const char *where, const char *message) {
  last_error = std::string(where) + ": " + message;
}

}  // namespace weft

extern "C" const char *weft_last_error(void) { return weft::last_error.c_str(); }

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
