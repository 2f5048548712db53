/* Compiled as C11: the public header must be valid C, and the interface usable from C. */
#include <stddef.h>

#include "weft.h"

int weft_test_c_header(void);

int weft_test_c_header(void) {
  weft_type t = NULL;
  int64_t size = 0;
  weft_aint lb = 1, extent = 0;
  bool contiguous = false;
  int major = -1, minor = -1, patch = -1;
  if (weft_version(&major, &minor, &patch) != WEFT_SUCCESS) return 1;
  if (major != WEFT_VERSION_MAJOR || minor != WEFT_VERSION_MINOR || patch != WEFT_VERSION_PATCH)
    return 2;
  if (weft_type_contiguous(3, WEFT_INT, &t) != WEFT_SUCCESS) return 3;
  if (weft_type_size(t, &size) != WEFT_SUCCESS || size != 3 * (int64_t)sizeof(int)) return 4;
  if (weft_type_extent(t, &lb, &extent) != WEFT_SUCCESS || lb != 0 ||
      extent != 3 * (weft_aint)sizeof(int))
    return 5;
  if (weft_type_is_contiguous(t, &contiguous) != WEFT_SUCCESS || !contiguous) return 6;
  if (weft_type_free(&t) != WEFT_SUCCESS || t != NULL) return 7;
  if (WEFT_FP64 != WEFT_DOUBLE || WEFT_FP32 != WEFT_FLOAT) return 8;
  {
    enum weft_combiner c = WEFT_COMBINER_STRUCT_ALIGNED;
    enum weft_status_code e = WEFT_MPI_ERROR;
    if ((int)c != 12 || (int)e != -110) return 9;
  }
  weft_free(NULL);
  return 0;
}
