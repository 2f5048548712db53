/* Example 3.20 of MPI-1.1 §3.12 with weft: a vector of a {double, char} struct, its
 * typemap, and a pack/unpack round trip. */
#include <stdio.h>
#include <string.h>

#include "weft.h"

#define CHECK(call)                                                                  \
  do {                                                                               \
    weft_status s_ = (call);                                                         \
    if (s_ != WEFT_SUCCESS) {                                                        \
      fprintf(stderr, "%s failed: %s (%s)\n", #call, weft_status_name(s_), weft_last_error()); \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

struct dc { double d; char c; };

int main(void) {
  int64_t bl[2] = {1, 1};
  weft_aint displs[2] = {0, 8};
  weft_type types[2] = {WEFT_DOUBLE, WEFT_CHAR};
  weft_type oldtype, vec;
  CHECK(weft_type_struct(2, bl, displs, types, &oldtype));
  CHECK(weft_type_vector(2, 3, 4, oldtype, &vec));
  CHECK(weft_type_commit(vec));

  int64_t size, n;
  weft_aint lb, extent;
  CHECK(weft_type_size(vec, &size));
  CHECK(weft_type_extent(vec, &lb, &extent));
  printf("vector(2,3,4) of {(double,0),(char,8)}: size %lld, lb %lld, extent %lld\n",
         (long long)size, (long long)lb, (long long)extent);
  weft_type basics[12];
  weft_aint d[12];
  CHECK(weft_type_typemap(vec, 12, basics, d, &n));
  printf("typemap:");
  for (int64_t i = 0; i < n; ++i) printf(" (%s,%lld)", basics[i] == WEFT_DOUBLE ? "double" : "char", (long long)d[i]);
  printf("\n");

  struct dc a[7], b[7];
  for (int i = 0; i < 7; ++i) { a[i].d = i + 0.5; a[i].c = (char)('a' + i); }
  memset(b, 0, sizeof b);
  char packed[64];
  int64_t pos = 0;
  CHECK(weft_pack(a, 1, vec, packed, sizeof packed, &pos));
  printf("packed %lld bytes\n", (long long)pos);
  pos = 0;
  CHECK(weft_unpack(packed, sizeof packed, &pos, b, 1, vec));
  int ok = 1;
  for (int i = 0; i < 7; ++i) {
    int in_type = i != 3;  /* elements 0,1,2 and 4,5,6 */
    if (in_type && (b[i].d != a[i].d || b[i].c != a[i].c)) ok = 0;
    if (!in_type && (b[i].d != 0 || b[i].c != 0)) ok = 0;
  }
  printf("unpacked elements 0-2 and 4-6 back, element 3 untouched: %s\n", ok ? "yes" : "NO");
  CHECK(weft_type_free(&vec));
  CHECK(weft_type_free(&oldtype));
  return ok ? 0 : 1;
}
