/* Breadth-first search levels with the semiring engine, the GraphBLAS way: the frontier
 * q advances by q' = q' LOR.LAND A under the complemented structural mask of the visited
 * set v, with replace (so q holds only the newly reached vertices), and each level is
 * assigned into v under q's mask. The graph is the shared 34-vertex one of
 * example_graph.h; the program checks its answer against a plain queue-based BFS and
 * the graph's known level sizes. */
#include <stdio.h>
#include <stdlib.h>

#include "example_graph.h"
#include "weft.h"

int main(void) {
  enum { n = EXAMPLE_N, source = 0 };
  bool adj[n][n];
  weft_matrix A;
  CHECK(example_graph(adj, &A));

  weft_vector v, q; /* levels (INT32) and frontier (BOOL) */
  CHECK(weft_vector_new(WEFT_INT32, n, &v));
  CHECK(weft_vector_new(WEFT_BOOL, n, &q));
  const bool yes = true;
  CHECK(weft_vector_set_element(q, source, &yes, WEFT_BOOL));

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

  /* The plain answer: a queue, the source at level 1 as above, 0 for unreached. */
  int expect[n] = {0}, queue[n], head = 0, tail = 0;
  expect[source] = 1, queue[tail++] = source;
  while (head < tail) {
    const int u = queue[head++];
    for (int w = 0; w < n; ++w)
      if (adj[u][w] && expect[w] == 0) expect[w] = expect[u] + 1, queue[tail++] = w;
  }

  /* Back to a plain array, 0 where v has no entry, to compare with the plain answer. */
  int64_t idx[n], nv = 0;
  int32_t lvl[n];
  CHECK(weft_vector_extract_tuples(v, n, idx, lvl, WEFT_INT32, &nv));
  int got[n] = {0}, sizes[n + 1] = {0}, failures = 0;
  for (int64_t k = 0; k < nv; ++k) got[idx[k]] = lvl[k];
  for (int i = 0; i < n; ++i) {
    if (got[i] != expect[i]) ++failures;
    if (got[i] >= 1 && got[i] <= n) ++sizes[got[i]];
  }
  printf("bfs_levels: from vertex %d, vertices per level:", source);
  for (int d = 1; d <= n && sizes[d] > 0; ++d) printf(" %d", sizes[d]);
  printf("\n");
  for (int d = 1; d <= n; ++d)
    if (sizes[d] != (d <= EXAMPLE_DEPTH ? example_level_sizes[d - 1] : 0)) ++failures;

  CHECK(weft_scalar_free(&level));
  CHECK(weft_vector_free(&q));
  CHECK(weft_vector_free(&v));
  CHECK(weft_matrix_free(&A));
  if (failures) {
    fprintf(stderr, "bfs_levels: %d wrong levels or level sizes\n", failures);
    return 1;
  }
  printf("bfs_levels: all %d levels as a plain BFS finds them\n", n);
  return 0;
}
