/* The particle array of MPI-1.1 Examples 3.33 and 3.34 (member `class` renamed `type`,
 * as MPI-3.0 did: `class` is a C++ keyword). */
#ifndef WEFT_PARTSTRUCT_H
#define WEFT_PARTSTRUCT_H

#include <string.h>

#define NPART 1000

struct Partstruct {
  int type;     /* particle class */
  double d[6];  /* particle coordinates */
  char b[7];    /* some additional information */
};

/* Deterministic particles; about a third of them have class 0, some in runs. */
static inline void partstruct_fill(struct Partstruct *p) {
  memset(p, 0, sizeof(struct Partstruct) * NPART);
  for (int i = 0; i < NPART; ++i) {
    p[i].type = (i % 3 == 0 || (i / 10) % 7 == 0) ? 0 : 1 + i % 5;
    for (int k = 0; k < 6; ++k) p[i].d[k] = i * 10.0 + k;
    for (int k = 0; k < 7; ++k) p[i].b[k] = (char)('a' + (i + k) % 26);
  }
}

static inline int partstruct_equal(const struct Partstruct *x, const struct Partstruct *y) {
  if (x->type != y->type) return 0;
  for (int k = 0; k < 6; ++k)
    if (x->d[k] != y->d[k]) return 0;
  return memcmp(x->b, y->b, 7) == 0;
}

/* Indices of class-0 particles as blocks of consecutive ones (the "more efficient"
 * Zparticles: errata fixed, `.index` is `.type` and `=` is `==`). Returns the number of
 * blocks. */
static inline int partstruct_zero_runs(const struct Partstruct *p, int64_t *zdisp, int64_t *zblock) {
  int j = 0;
  for (int i = 0; i < NPART; ++i)
    if (p[i].type == 0) {
      int k = i + 1;
      while (k < NPART && p[k].type == 0) ++k;
      zdisp[j] = i;
      zblock[j] = k - i;
      ++j;
      i = k;  /* particle k (if any) is not class 0 */
    }
  return j;
}

#endif
