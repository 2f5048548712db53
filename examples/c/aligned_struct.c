/* NumPy's align=True layout with weft_type_struct_aligned, checked against the C
 * compiler's own layout of the same struct. */
#include <stddef.h>
#include <stdio.h>

#include "weft.h"

struct rec { char tag; double x; short s; float f[3]; };

int main(void) {
  int64_t bl[4] = {1, 1, 1, 3};
  weft_type types[4] = {WEFT_CHAR, WEFT_DOUBLE, WEFT_SHORT, WEFT_FLOAT};
  weft_aint off[4];
  weft_type rec;
  if (weft_type_struct_aligned(4, bl, types, off, &rec) != WEFT_SUCCESS) {
    fprintf(stderr, "%s\n", weft_last_error());
    return 1;
  }
  weft_aint lb, extent;
  int64_t align, ualign;
  weft_type_extent(rec, &lb, &extent);
  weft_type_alignment(rec, &align, &ualign);
  size_t c[4] = {offsetof(struct rec, tag), offsetof(struct rec, x), offsetof(struct rec, s), offsetof(struct rec, f)};
  int ok = extent == (weft_aint)sizeof(struct rec) && align == (int64_t)_Alignof(struct rec);
  printf("field offsets (weft / C):");
  for (int i = 0; i < 4; ++i) {
    printf(" %lld/%zu", (long long)off[i], c[i]);
    ok = ok && off[i] == (weft_aint)c[i];
  }
  printf("\nextent %lld / sizeof %zu, alignment %lld / _Alignof %zu: %s\n", (long long)extent, sizeof(struct rec),
         (long long)align, _Alignof(struct rec), ok ? "match" : "DIFFER");
  weft_type_free(&rec);
  return ok ? 0 : 1;
}
