// Library-wide entry points: version and memory release. (Status names and the last
// error live with the error machinery in core/support/error.cpp.)
#include <cstdlib>

#include "weft.h"

extern "C" weft_status weft_version(int *major, int *minor, int *patch) {
  if (major) *major = WEFT_VERSION_MAJOR;
  if (minor) *minor = WEFT_VERSION_MINOR;
  if (patch) *patch = WEFT_VERSION_PATCH;
  return WEFT_SUCCESS;
}

extern "C" void weft_free(void *p) { std::free(p); }
