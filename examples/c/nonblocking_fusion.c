/* Nonblocking mode: the same element-wise chain run fused.
 *
 *   example_nonblocking_fusion [N]        (N entries, default 1000000)
 *
 * w = max(|(x + y) .* x|, y) on two dense vectors, written as four calls with three
 * intermediates that are freed before w is read. In WEFT_NONBLOCKING mode the calls are
 * only checked and queued; reading w (here weft_vector_wait) runs them as one fused pass
 * over memory, tile by tile, and t1..t3 are never written at all. weft_get_stat tells what
 * happened; the result is checked against a plain loop. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"

#include "example_check.h"

static double xval(int64_t i) { return (double)(i % 13) - 6.0; }
static double yval(int64_t i) { return (double)((i * 7) % 11) - 5.0; }

static weft_vector dense(int64_t n, double (*f)(int64_t)) {
  int64_t *I = malloc((size_t)n * sizeof *I);
  double *X = malloc((size_t)n * sizeof *X);
  if (!I || !X) {
    fprintf(stderr, "nonblocking_fusion: out of memory\n");
    exit(1);
  }
  for (int64_t i = 0; i < n; ++i) {
    I[i] = i;
    X[i] = f(i);
  }
  weft_vector v;
  CHECK(weft_vector_new(WEFT_FP64, n, &v));
  CHECK(weft_vector_build(v, I, X, WEFT_FP64, n, NULL));
  free(I);
  free(X);
  return v;
}

int main(int argc, char **argv) {
  const int64_t n = argc > 1 ? atoll(argv[1]) : 1000000;
  if (n < 1) {
    fprintf(stderr, "usage: example_nonblocking_fusion [N >= 1]\n");
    return 2;
  }
  CHECK(weft_init(WEFT_NONBLOCKING)); /* before any object exists */
  weft_vector x = dense(n, xval), y = dense(n, yval);
  CHECK(weft_vector_wait(x, WEFT_MATERIALIZE));
  CHECK(weft_vector_wait(y, WEFT_MATERIALIZE));

  int64_t before[6], after[6];
  for (int k = 0; k < 6; ++k) CHECK(weft_get_stat(k, &before[k]));

  weft_vector t1, t2, t3, w;
  CHECK(weft_vector_new(WEFT_FP64, n, &t1));
  CHECK(weft_vector_new(WEFT_FP64, n, &t2));
  CHECK(weft_vector_new(WEFT_FP64, n, &t3));
  CHECK(weft_vector_new(WEFT_FP64, n, &w));
  CHECK(weft_vector_ewise_add(t1, NULL, NULL, WEFT_PLUS_FP64, x, y, NULL));   /* t1 = x + y */
  CHECK(weft_vector_ewise_mult(t2, NULL, NULL, WEFT_TIMES_FP64, t1, x, NULL)); /* t2 = t1 .* x */
  CHECK(weft_vector_apply(t3, NULL, NULL, WEFT_ABS_FP64, t2, NULL));           /* t3 = |t2| */
  CHECK(weft_vector_ewise_add(w, NULL, NULL, WEFT_MAX_FP64, t3, y, NULL));     /* w = max(t3, y) */
  CHECK(weft_vector_free(&t1));
  CHECK(weft_vector_free(&t2));
  CHECK(weft_vector_free(&t3));
  CHECK(weft_vector_wait(w, WEFT_MATERIALIZE)); /* runs the four, fused */

  for (int k = 0; k < 6; ++k) CHECK(weft_get_stat(k, &after[k]));
  const char *names[6] = {"queued", "passes over memory", "fused groups", "operations fused",
                          "results never written", "bytes written"};
  printf("w = max(|(x + y) .* x|, y) on %lld entries, nonblocking:\n", (long long)n);
  for (int k = 0; k < 6; ++k) printf("  %-22s %lld\n", names[k], (long long)(after[k] - before[k]));

  /* The result, against a plain loop. */
  int64_t nvals = 0;
  CHECK(weft_vector_nvals(w, &nvals));
  int bad = nvals != n;
  for (int64_t i = 0; i < n && !bad; i += 997) {
    double got = 0;
    CHECK(weft_vector_extract_element(w, i, WEFT_FP64, &got));
    const double want = fmax(fabs((xval(i) + yval(i)) * xval(i)), yval(i));
    bad = got != want;
  }
  /* One pass, four operations fused, three intermediates never written. */
  bad = bad || after[WEFT_STAT_FUSED_OPS] - before[WEFT_STAT_FUSED_OPS] != 4 ||
        after[WEFT_STAT_SKIPPED] - before[WEFT_STAT_SKIPPED] != 3;
  printf("%s\n", bad ? "MISMATCH" : "checked: the values of a plain loop; 4 operations in 1 pass");
  CHECK(weft_vector_free(&w));
  CHECK(weft_vector_free(&x));
  CHECK(weft_vector_free(&y));
  CHECK(weft_finalize());
  return bad;
}
