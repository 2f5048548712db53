/* Breadth-first search levels with the semiring engine, the GraphBLAS way: the frontier
 * q advances by q' = q' LOR.LAND A under the complemented structural mask of the visited
 * set v, with replace (so q holds only the newly reached vertices), and each level is
 * assigned into v under q's mask. The graph (built in code) is the 7-vertex example of
 * the GraphBLAS specification's appendix; the program checks its answer. */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"

#define CHECK(call)                                                                  \
  do {                                                                               \
    weft_status s_ = (call);                                                         \
    if (s_ < 0) {                                                                    \
      fprintf(stderr, "%s failed: %s (%s)\n", #call, weft_status_name(s_), weft_last_error()); \
      exit(1);                                                                       \
    }                                                                                \
  } while (0)

int main(void) {
  enum { n = 7, nedges = 12 };
  const int64_t src[nedges] = {0, 0, 1, 1, 2, 3, 3, 4, 5, 6, 6, 6};
  const int64_t dst[nedges] = {1, 3, 4, 6, 5, 0, 2, 5, 2, 2, 3, 4};
  bool ones[nedges];
  for (int k = 0; k < nedges; ++k) ones[k] = true;

  weft_matrix A;
  CHECK(weft_matrix_new(WEFT_BOOL, n, n, &A));
  CHECK(weft_matrix_build(A, src, dst, ones, WEFT_BOOL, nedges, NULL));

  weft_vector v, q; /* levels (INT32) and frontier (BOOL) */
  CHECK(weft_vector_new(WEFT_INT32, n, &v));
  CHECK(weft_vector_new(WEFT_BOOL, n, &q));
  const bool yes = true;
  CHECK(weft_vector_set_element(q, 0, &yes, WEFT_BOOL)); /* start at vertex 0 */

  weft_scalar level;
  CHECK(weft_scalar_new(WEFT_INT32, &level));
  int64_t nq = 1;
  for (int32_t d = 1; nq > 0 && d <= n; ++d) {
    CHECK(weft_scalar_set_element(level, &d, WEFT_INT32));
    /* v<q> = d: the frontier's vertices get this level */
    CHECK(weft_vector_assign_scalar(v, q, NULL, level, WEFT_ALL, n, WEFT_DESC_S));
    /* q<!v, replace> = q LOR.LAND A: neighbours not yet visited */
    CHECK(weft_vxm(q, v, NULL, WEFT_LOR_LAND_SEMIRING_BOOL, q, A, WEFT_DESC_RSC));
    CHECK(weft_vector_nvals(q, &nq));
  }

  const int32_t expect[n] = {1, 2, 3, 2, 3, 4, 3};
  int failures = 0;
  for (int64_t i = 0; i < n; ++i) {
    int32_t got = 0;
    CHECK(weft_vector_extract_element(v, i, WEFT_INT32, &got));
    printf("vertex %lld: level %d\n", (long long)i, got);
    if (got != expect[i]) ++failures;
  }
  weft_scalar_free(&level);
  weft_vector_free(&q);
  weft_vector_free(&v);
  weft_matrix_free(&A);
  if (failures) {
    fprintf(stderr, "bfs_levels: %d wrong levels\n", failures);
    return 1;
  }
  printf("bfs_levels: all levels as expected\n");
  return 0;
}
