/* Every algorithm of weft/graph.h on a graph read from a Matrix Market file:
 *
 *   example_graph_algorithms FILE.mtx [TRIANGLES [COMPONENTS]]
 *
 * prints the graph's size, BFS from vertex 0 (the vertices on each level), SSSP from 0
 * (the largest distance), PageRank's top 5 and iteration count, the triangle count, the
 * number of connected components and betweenness's top 5 (from every vertex when n <=
 * 5000, else from vertices 0..63: its memory grows as sources x n). Vertices are 0-based:
 * vertex k is the file's k+1. It checks what it can, and exits 1 when a check fails: the
 * known triangle and component counts when given (../shared/data/README.md lists them),
 * the ranks summing to 1, and SSSP reaching exactly the vertices BFS reaches. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"

#include "example_check.h"

enum { TOP = 5, ALL_SOURCES_UP_TO = 5000, SOME_SOURCES = 64 };

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes > 0 ? bytes : 1);
  if (!p) {
    fprintf(stderr, "graph_algorithms: out of memory\n");
    exit(1);
  }
  return p;
}

/* v's entries: their number, positions in *I and values as xtype in *X (new arrays). */
static int64_t tuples(weft_vector v, int64_t **I, void **X, weft_type xtype, size_t xsize) {
  int64_t nv = 0;
  CHECK(weft_vector_nvals(v, &nv));
  *I = xmalloc((size_t)nv * sizeof **I);
  *X = xmalloc((size_t)nv * xsize);
  CHECK(weft_vector_extract_tuples(v, nv, *I, *X, xtype, &nv));
  return nv;
}

/* Prints the TOP largest FP64 values of v as "vertex (value)"; ties go to the lower
 * vertex. */
static void print_top(weft_vector v) {
  int64_t *I;
  double *X;
  const int64_t nv = tuples(v, &I, (void **)&X, WEFT_FP64, sizeof *X);
  char *taken = xmalloc((size_t)nv);
  for (int64_t e = 0; e < nv; ++e) taken[e] = 0;
  for (int k = 0; k < TOP && k < nv; ++k) {
    int64_t best = -1;
    for (int64_t e = 0; e < nv; ++e)
      if (!taken[e] && (best < 0 || X[e] > X[best])) best = e;
    taken[best] = 1;
    printf("%s%lld (%.6g)", k ? ", " : " ", (long long)I[best], X[best]);
  }
  printf("\n");
  free(taken);
  free(I);
  free(X);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 4) {
    fprintf(stderr, "usage: %s FILE.mtx [TRIANGLES [COMPONENTS]]\n", argv[0]);
    return 2;
  }
  const char *path = argv[1];
  long long want_triangles = -1, want_components = -1;
  char *end;
  if (argc > 2 && ((want_triangles = strtoll(argv[2], &end, 10)) < 0 || *end)) {
    fprintf(stderr, "graph_algorithms: TRIANGLES \"%s\" is not a count\n", argv[2]);
    return 2;
  }
  if (argc > 3 && ((want_components = strtoll(argv[3], &end, 10)) < 0 || *end)) {
    fprintf(stderr, "graph_algorithms: COMPONENTS \"%s\" is not a count\n", argv[3]);
    return 2;
  }
  int failed = 0;

  /* The graph: the file's domain (a pattern file reads as BOOL, every value 1). */
  weft_matrix A;
  CHECK(weft_matrix_read_mm(path, NULL, &A));
  int64_t n = 0, ncols = 0, nentries = 0;
  CHECK(weft_matrix_nrows(A, &n));
  CHECK(weft_matrix_ncols(A, &ncols));
  CHECK(weft_matrix_nvals(A, &nentries));
  if (n != ncols) {
    fprintf(stderr, "graph_algorithms: %s is %lld x %lld, not a graph (square)\n", path, (long long)n,
            (long long)ncols);
    return 1;
  }
  /* The undirected edges triangles and components see: the pattern of A + A' without
   * self-loops, each edge stored in both directions. */
  weft_matrix S;
  weft_scalar zero;
  CHECK(weft_matrix_new(WEFT_BOOL, n, n, &S));
  CHECK(weft_matrix_ewise_add(S, NULL, NULL, WEFT_LOR, A, A, WEFT_DESC_T1));
  CHECK(weft_scalar_new(WEFT_INT64, &zero));
  const int64_t z = 0;
  CHECK(weft_scalar_set_element(zero, &z, WEFT_INT64));
  CHECK(weft_matrix_select(S, NULL, NULL, WEFT_OFFDIAG, S, zero, NULL));
  int64_t nsym = 0;
  CHECK(weft_matrix_nvals(S, &nsym));
  printf("graph_algorithms: %s: %lld vertices, %lld entries, %lld undirected edges "
         "(vertices 0-based)\n",
         path, (long long)n, (long long)nentries, (long long)(nsym / 2));

  /* BFS levels from vertex 0: how many vertices on each level. */
  weft_vector level;
  CHECK(weft_graph_bfs(&level, NULL, A, 0));
  int64_t *I;
  int64_t *L;
  const int64_t reached = tuples(level, &I, (void **)&L, WEFT_INT64, sizeof *L);
  int64_t depth = 0;
  for (int64_t k = 0; k < reached; ++k)
    if (L[k] > depth) depth = L[k];
  int64_t *per_level = calloc((size_t)depth + 1, sizeof *per_level);
  if (!per_level) return 1;
  for (int64_t k = 0; k < reached; ++k) ++per_level[L[k]];
  printf("  bfs from 0: %lld vertices reached on %lld levels; vertices per level:", (long long)reached,
         (long long)(depth + 1));
  for (int64_t d = 0; d <= depth; ++d) printf(" %lld", (long long)per_level[d]);
  printf("\n");
  free(per_level);
  free(I);
  free(L);

  /* SSSP from 0. Weights must be >= 0: run on |A| (a stiffness matrix such as bcsstk13
   * has negative entries; for a pattern file |A| = A, every weight 1). */
  weft_matrix W;
  CHECK(weft_matrix_new(WEFT_FP64, n, n, &W));
  CHECK(weft_matrix_apply(W, NULL, NULL, WEFT_ABS_FP64, A, NULL));
  weft_vector distance;
  CHECK(weft_graph_sssp(&distance, W, 0));
  double *D;
  const int64_t dreached = tuples(distance, &I, (void **)&D, WEFT_FP64, sizeof *D);
  double farthest = 0;
  for (int64_t k = 0; k < dreached; ++k)
    if (D[k] > farthest) farthest = D[k];
  printf("  sssp from 0 (weights |A(i,j)|): %lld vertices reached, largest distance %.6g\n", (long long)dreached,
         farthest);
  free(I);
  free(D);
  if (dreached != reached) {
    fprintf(stderr, "graph_algorithms: sssp reaches %lld vertices, bfs %lld\n", (long long)dreached,
            (long long)reached);
    failed = 1;
  }

  /* PageRank: damping 0.85, until the change sum is below 1e-9 (the Fortran binding's
   * defaults). */
  weft_vector rank;
  int iterations = 0;
  CHECK(weft_graph_pagerank(&rank, &iterations, A, 0.85, 1e-9, 1000));
  weft_scalar total;
  CHECK(weft_scalar_new(WEFT_FP64, &total));
  CHECK(weft_vector_reduce_scalar(total, NULL, WEFT_PLUS_MONOID_FP64, rank, NULL));
  double sum = 0;
  CHECK(weft_scalar_extract_element(total, WEFT_FP64, &sum));
  printf("  pagerank (damping 0.85, %d iterations), top %d:", iterations, TOP);
  print_top(rank);
  if (fabs(sum - 1) > 1e-9) {
    fprintf(stderr, "graph_algorithms: the ranks sum to %.17g, not 1\n", sum);
    failed = 1;
  }

  int64_t triangles = 0;
  CHECK(weft_graph_triangles(&triangles, A, WEFT_TC_DEFAULT, WEFT_TC_PRESORT_AUTO));
  printf("  triangles: %lld\n", (long long)triangles);
  if (want_triangles >= 0 && triangles != want_triangles) {
    fprintf(stderr, "graph_algorithms: %lld triangles, expected %lld\n", (long long)triangles, want_triangles);
    failed = 1;
  }

  weft_vector component;
  int64_t ncomponents = 0;
  CHECK(weft_graph_components(&component, &ncomponents, A));
  printf("  connected components: %lld\n", (long long)ncomponents);
  if (want_components >= 0 && ncomponents != want_components) {
    fprintf(stderr, "graph_algorithms: %lld components, expected %lld\n", (long long)ncomponents, want_components);
    failed = 1;
  }

  /* Betweenness from a batch of sources: all vertices (exact) or the first 64. */
  const int64_t ns = n <= ALL_SOURCES_UP_TO ? n : SOME_SOURCES;
  int64_t *sources = xmalloc((size_t)ns * sizeof *sources);
  for (int64_t k = 0; k < ns; ++k) sources[k] = k;
  weft_vector centrality;
  CHECK(weft_graph_betweenness(&centrality, A, sources, ns));
  printf("  betweenness (%lld sources%s), top %d:", (long long)ns, ns == n ? ", all" : "", TOP);
  print_top(centrality);
  free(sources);

  CHECK(weft_vector_free(&centrality));
  CHECK(weft_vector_free(&component));
  CHECK(weft_scalar_free(&total));
  CHECK(weft_vector_free(&rank));
  CHECK(weft_vector_free(&distance));
  CHECK(weft_matrix_free(&W));
  CHECK(weft_vector_free(&level));
  CHECK(weft_scalar_free(&zero));
  CHECK(weft_matrix_free(&S));
  CHECK(weft_matrix_free(&A));
  if (failed) return 1;
  printf("graph_algorithms: %s%s\n", want_triangles >= 0 || want_components >= 0 ? "the known answers match, " : "",
         "the checks pass");
  return 0;
}
