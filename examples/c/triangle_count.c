/* Triangle counting with the semiring engine, after the GraphBLAS specification's
 * appendix (and LAGraph's "Sandia" method):
 *   L = tril(A, -1)                 each edge once, as (larger, smaller) endpoint
 *   C<L, struct> = L PLUS.PAIR L'   C(i,j) = #k with k < j < i and i, j, k all joined
 *   count = sum of C                (PLUS monoid)
 * The mask keeps only the pairs (i,j) that are themselves an edge, so each triangle
 * i > j > k is counted exactly once, at C(i,j); PAIR (1 for every pair of entries) counts
 * without reading A's values. The program checks the count against a plain triple loop
 * and the graph's known 16. */
#include <stdio.h>
#include <stdlib.h>

#include "example_graph.h"
#include "weft.h"

int main(void) {
  enum { n = EXAMPLE_N };
  bool adj[n][n];
  weft_matrix A;
  CHECK(example_graph(adj, &A));
  int64_t nedges = 0;
  CHECK(weft_matrix_nvals(A, &nedges));
  nedges /= 2; /* both directions are stored */

  /* L = tril(A, -1): the entries strictly below the diagonal (j <= i - 1) */
  weft_scalar minus_one;
  CHECK(weft_scalar_new(WEFT_INT64, &minus_one));
  const int64_t m1 = -1;
  CHECK(weft_scalar_set_element(minus_one, &m1, WEFT_INT64));
  weft_matrix L;
  CHECK(weft_matrix_new(WEFT_BOOL, n, n, &L));
  CHECK(weft_matrix_select(L, NULL, NULL, WEFT_TRIL, A, minus_one, NULL));

  /* C<L, struct> = L PLUS.PAIR L': common smaller neighbours of each edge's endpoints */
  weft_matrix C;
  CHECK(weft_matrix_new(WEFT_INT64, n, n, &C));
  CHECK(weft_mxm(C, L, NULL, WEFT_PLUS_PAIR_SEMIRING_INT64, L, L, WEFT_DESC_ST1));

  /* count = sum of C (an empty C, no triangles, leaves the scalar empty: count stays 0) */
  weft_scalar total;
  CHECK(weft_scalar_new(WEFT_INT64, &total));
  CHECK(weft_matrix_reduce_scalar(total, NULL, WEFT_PLUS_MONOID_INT64, C, NULL));
  int64_t count = 0;
  CHECK(weft_scalar_extract_element(total, WEFT_INT64, &count));

  /* The plain answer: every i < j < k joined pairwise. */
  int64_t expect = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k) expect += adj[i][j] && adj[j][k] && adj[i][k];

  printf("triangle_count: %lld triangles among %d vertices and %lld edges\n", (long long)count, n,
         (long long)nedges);

  CHECK(weft_scalar_free(&total));
  CHECK(weft_matrix_free(&C));
  CHECK(weft_matrix_free(&L));
  CHECK(weft_scalar_free(&minus_one));
  CHECK(weft_matrix_free(&A));
  if (count != expect || count != EXAMPLE_TRIANGLES || nedges != EXAMPLE_EDGES) {
    fprintf(stderr, "triangle_count: expected %d triangles and %d edges (plain loop: %lld triangles)\n",
            EXAMPLE_TRIANGLES, EXAMPLE_EDGES, (long long)expect);
    return 1;
  }
  printf("triangle_count: as a plain triple loop finds\n");
  return 0;
}
