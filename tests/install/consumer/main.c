/* An outside program: finds weft through its installed CMake package or pkg-config. */
#include <stdio.h>

#include "weft.h"

int main(void) {
  weft_type v;
  int64_t size = 0;
  int major = -1;
  if (weft_type_vector(3, 1, 2, WEFT_DOUBLE, &v) != WEFT_SUCCESS) return 1;
  weft_type_size(v, &size);
  weft_version(&major, NULL, NULL);
  weft_type_free(&v);
  printf("consumer: vector(3,1,2,double) has size %lld, weft %d.x\n", (long long)size, major);
  return size == 24 && major == WEFT_VERSION_MAJOR ? 0 : 1;
}
