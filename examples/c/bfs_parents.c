/* Breadth-first search parents with the semiring engine, after the GraphBLAS
 * specification's appendix: the frontier q carries vertex ids instead of booleans, so
 * one vxm both finds the next vertices and tells each where it came from. Each level
 *   q(i) = i                              (apply_index ROWINDEX: ids into the frontier)
 *   q<!parents, struct, replace> = q MIN.FIRST A
 *                                         (each new vertex gets its smallest-id parent)
 *   parents<q, struct> = q                (record them)
 * MIN makes the tree deterministic (ANY_FIRST would give some valid parent, cheaper);
 * FIRST because the value comes from the frontier, the left operand. The program checks
 * every parent against a plain BFS: the smallest neighbour one level nearer the source. */
#include <stdio.h>
#include <stdlib.h>

#include "example_graph.h"
#include "weft.h"

int main(void) {
  enum { n = EXAMPLE_N, source = 0 };
  bool adj[n][n];
  weft_matrix A;
  CHECK(example_graph(adj, &A));

  weft_vector parents, q; /* both INT64 vertex ids */
  CHECK(weft_vector_new(WEFT_INT64, n, &parents));
  CHECK(weft_vector_new(WEFT_INT64, n, &q));
  const int64_t s = source;
  CHECK(weft_vector_set_element(parents, source, &s, WEFT_INT64)); /* the root is its own parent */
  CHECK(weft_vector_set_element(q, source, &s, WEFT_INT64));

  weft_scalar zero; /* ROWINDEX's offset: q(i) = i + 0 */
  CHECK(weft_scalar_new(WEFT_INT64, &zero));
  const int64_t z = 0;
  CHECK(weft_scalar_set_element(zero, &z, WEFT_INT64));

  int64_t nq = 1;
  int depth = 0;
  while (nq > 0 && depth < n) { /* a BFS tree is less than n deep */
    /* q(i) = i: each frontier vertex offers its own id as the parent */
    CHECK(weft_vector_apply_index(q, NULL, NULL, WEFT_ROWINDEX_INT64, q, zero, NULL));
    /* q<!parents, struct, replace> = q MIN.FIRST A: unvisited neighbours, smallest parent */
    CHECK(weft_vxm(q, parents, NULL, WEFT_MIN_FIRST_SEMIRING_INT64, q, A, WEFT_DESC_RSC));
    /* parents<q, struct> = q: the new vertices are visited (q is disjoint from parents) */
    CHECK(weft_vector_assign(parents, q, NULL, q, WEFT_ALL, n, WEFT_DESC_S));
    CHECK(weft_vector_nvals(q, &nq));
    if (nq > 0) ++depth;
  }

  /* The plain answer: levels by a queue, then each vertex's smallest neighbour one level
   * up (-1: unreached). */
  int level[n], queue[n], head = 0, tail = 0;
  for (int i = 0; i < n; ++i) level[i] = -1;
  level[source] = 0, queue[tail++] = source;
  while (head < tail) {
    const int u = queue[head++];
    for (int w = 0; w < n; ++w)
      if (adj[u][w] && level[w] < 0) level[w] = level[u] + 1, queue[tail++] = w;
  }
  int64_t expect[n];
  for (int w = 0; w < n; ++w) {
    expect[w] = w == source ? source : -1;
    if (level[w] <= 0) continue;
    for (int u = 0; u < n && expect[w] < 0; ++u)
      if (adj[u][w] && level[u] == level[w] - 1) expect[w] = u;
  }

  int64_t idx[n], ids[n], got[n], nv = 0;
  CHECK(weft_vector_extract_tuples(parents, n, idx, ids, WEFT_INT64, &nv));
  for (int i = 0; i < n; ++i) got[i] = -1;
  for (int64_t k = 0; k < nv; ++k) got[idx[k]] = ids[k];
  int failures = depth == EXAMPLE_DEPTH - 1 ? 0 : 1; /* levels 1..5 are 4 steps deep */
  printf("bfs_parents: BFS tree from vertex %d, depth %d; parent of each vertex:\n", source, depth);
  for (int i = 0; i < n; ++i) {
    printf(" %d<-%lld%s", i, (long long)got[i], i % 10 == 9 || i == n - 1 ? "\n" : "");
    if (got[i] != expect[i]) ++failures;
  }

  CHECK(weft_scalar_free(&zero));
  CHECK(weft_vector_free(&q));
  CHECK(weft_vector_free(&parents));
  CHECK(weft_matrix_free(&A));
  if (failures) {
    fprintf(stderr, "bfs_parents: %d wrong parents\n", failures);
    return 1;
  }
  printf("bfs_parents: all %d parents as a plain BFS finds them\n", n);
  return 0;
}
