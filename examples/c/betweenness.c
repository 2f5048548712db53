/* Betweenness centrality for a batch of sources by Brandes' algorithm with the semiring
 * engine, after the GraphBLAS specification's appendix (batched BC). Row k of each
 * ns x n matrix below belongs to source k, so the whole batch moves together.
 *
 * Forward sweep, a BFS from every source at once that counts shortest paths:
 *   P = 1 at (k, source k)                    paths found so far
 *   F = P                                     the frontier, valued by its path counts
 *   repeat: levels[d] = F                     (only its structure is used, as a mask)
 *           F<!P, struct, replace> = F PLUS.FIRST A
 *                                             each new vertex sums its parents' counts
 *           P += F
 *   until F is empty.
 * Backward sweep, from the deepest level up, with B = 1 + dependency (1 everywhere at
 * first, so every vertex has an entry to divide):
 *   W<levels[d], struct, replace>   = B ./ P
 *   W<levels[d-1], struct, replace> = W PLUS.FIRST A'   sum over each vertex's successors
 *   B += W .* P
 * down to d = 2: a source takes no dependency on itself. Then
 *   bc(v) = sum over k of B(k, v) - ns        (column sums; each B started at 1)
 * The program compares bc with a plain Brandes over the same sources to 1e-9. */
#include <stdio.h>
#include <stdlib.h>

#include "example_graph.h"
#include "weft.h"

enum { n = EXAMPLE_N, ns = 4 };
static const int64_t sources[ns] = {0, 9, 17, 26};

/* The plain answer: Brandes' algorithm one source at a time, summed over the batch. */
static void plain_brandes(bool adj[n][n], double bc[n]) {
  for (int v = 0; v < n; ++v) bc[v] = 0.0;
  for (int k = 0; k < ns; ++k) {
    const int s = (int)sources[k];
    int dist[n], order[n], head = 0, tail = 0;
    double sigma[n], delta[n];
    for (int v = 0; v < n; ++v) dist[v] = -1, sigma[v] = 0.0, delta[v] = 0.0;
    dist[s] = 0, sigma[s] = 1.0, order[tail++] = s;
    while (head < tail) { /* BFS; order ends up sorted by distance */
      const int u = order[head++];
      for (int w = 0; w < n; ++w) {
        if (!adj[u][w]) continue;
        if (dist[w] < 0) dist[w] = dist[u] + 1, order[tail++] = w;
        if (dist[w] == dist[u] + 1) sigma[w] += sigma[u];
      }
    }
    for (int t = tail - 1; t > 0; --t) { /* farthest first; order[0] is s */
      const int w = order[t];
      for (int v = 0; v < n; ++v)
        if (adj[v][w] && dist[v] == dist[w] - 1) delta[v] += sigma[v] / sigma[w] * (1.0 + delta[w]);
      bc[w] += delta[w];
    }
  }
}

int main(void) {
  bool adj[n][n];
  weft_matrix A;
  CHECK(example_graph(adj, &A));

  /* ---- forward sweep ---- */
  int64_t batch[ns];
  double ones[ns];
  for (int k = 0; k < ns; ++k) batch[k] = k, ones[k] = 1.0;
  weft_matrix P, F;
  CHECK(weft_matrix_new(WEFT_FP64, ns, n, &P));
  CHECK(weft_matrix_build(P, batch, sources, ones, WEFT_FP64, ns, NULL)); /* P(k, source k) = 1 */
  CHECK(weft_matrix_dup(P, &F));

  weft_matrix levels[n]; /* a BFS has at most n levels */
  int depth = 0;
  int64_t nf = ns;
  while (nf > 0 && depth < n) {
    /* levels[d] = F */
    CHECK(weft_matrix_dup(F, &levels[depth++]));
    /* F<!P, struct, replace> = F PLUS.FIRST A: path counts into unvisited vertices */
    CHECK(weft_mxm(F, P, NULL, WEFT_PLUS_FIRST_SEMIRING_FP64, F, A, WEFT_DESC_RSC));
    /* P += F (disjoint: F avoided P) */
    CHECK(weft_matrix_ewise_add(P, NULL, NULL, WEFT_PLUS_FP64, P, F, NULL));
    CHECK(weft_matrix_nvals(F, &nf));
  }

  /* ---- backward sweep ---- */
  weft_scalar one;
  CHECK(weft_scalar_new(WEFT_FP64, &one));
  const double d1 = 1.0;
  CHECK(weft_scalar_set_element(one, &d1, WEFT_FP64));
  weft_matrix B, W;
  CHECK(weft_matrix_new(WEFT_FP64, ns, n, &B));
  CHECK(weft_matrix_new(WEFT_FP64, ns, n, &W));
  CHECK(weft_matrix_assign_scalar(B, NULL, NULL, one, WEFT_ALL, ns, WEFT_ALL, n, NULL)); /* B = 1 */
  for (int d = depth - 1; d >= 2; --d) {
    /* W<levels[d], struct, replace> = B ./ P: (1 + dependency) / paths, at level d */
    CHECK(weft_matrix_ewise_mult(W, levels[d], NULL, WEFT_DIV_FP64, B, P, WEFT_DESC_RS));
    /* W<levels[d-1], struct, replace> = W PLUS.FIRST A': summed into the parents */
    CHECK(weft_mxm(W, levels[d - 1], NULL, WEFT_PLUS_FIRST_SEMIRING_FP64, W, A, WEFT_DESC_RST1));
    /* B += W .* P: each parent's share is in proportion to its own path count */
    CHECK(weft_matrix_ewise_mult(B, NULL, WEFT_PLUS_FP64, WEFT_TIMES_FP64, W, P, NULL));
  }

  /* bc = -ns, then bc += the column sums of B */
  weft_scalar minus_ns;
  CHECK(weft_scalar_new(WEFT_FP64, &minus_ns));
  const double mns = -(double)ns;
  CHECK(weft_scalar_set_element(minus_ns, &mns, WEFT_FP64));
  weft_vector bc;
  CHECK(weft_vector_new(WEFT_FP64, n, &bc));
  CHECK(weft_vector_assign_scalar(bc, NULL, NULL, minus_ns, WEFT_ALL, n, NULL));
  CHECK(weft_matrix_reduce(bc, NULL, WEFT_PLUS_FP64, WEFT_PLUS_MONOID_FP64, B, WEFT_DESC_T0));

  /* ---- check ---- */
  double expect[n], got[n];
  int64_t idx[n], nv = 0;
  double vals[n];
  plain_brandes(adj, expect);
  CHECK(weft_vector_extract_tuples(bc, n, idx, vals, WEFT_FP64, &nv));
  for (int v = 0; v < n; ++v) got[v] = -1.0; /* bc is full; -1 would show a missing entry */
  for (int64_t k = 0; k < nv; ++k) got[idx[k]] = vals[k];
  int failures = 0, top = 0;
  for (int v = 0; v < n; ++v) {
    const double diff = got[v] > expect[v] ? got[v] - expect[v] : expect[v] - got[v];
    if (!(diff <= 1e-9)) {
      fprintf(stderr, "betweenness: vertex %d: %.12g, plain Brandes %.12g\n", v, got[v], expect[v]);
      ++failures;
    }
    if (got[v] > got[top]) top = v;
  }
  printf("betweenness: sources");
  for (int k = 0; k < ns; ++k) printf(" %lld", (long long)sources[k]);
  printf(", %d BFS levels; dependency sums:\n", depth);
  for (int v = 0; v < n; ++v) printf(" %2d:%7.3f%s", v, got[v], v % 6 == 5 || v == n - 1 ? "\n" : "");
  printf("betweenness: most central vertex %d (%.6f)\n", top, got[top]);

  for (int d = 0; d < depth; ++d) CHECK(weft_matrix_free(&levels[d]));
  CHECK(weft_vector_free(&bc));
  CHECK(weft_scalar_free(&minus_ns));
  CHECK(weft_scalar_free(&one));
  CHECK(weft_matrix_free(&W));
  CHECK(weft_matrix_free(&B));
  CHECK(weft_matrix_free(&F));
  CHECK(weft_matrix_free(&P));
  CHECK(weft_matrix_free(&A));
  if (failures) {
    fprintf(stderr, "betweenness: %d values differ from plain Brandes\n", failures);
    return 1;
  }
  printf("betweenness: all %d values match a plain Brandes to 1e-9\n", n);
  return 0;
}
