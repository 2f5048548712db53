// weft::fail: compiled into every weft library (it only throws; nothing to share).
#include <cstdio>

#include "error.hpp"

namespace weft {

void fail(weft_status status, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  throw Error(status, buf);
}

}  // namespace weft
