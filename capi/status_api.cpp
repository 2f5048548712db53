// extern "C" status names, messages and the last error: the WEFT_STATUS_LIST of weft.h
// turned into two switches, and core's thread-local message.
#include "../core/support/error.hpp"

extern "C" const char *weft_last_error(void) { return weft::last_error(); }

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
