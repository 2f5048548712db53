/* The graph every GraphBLAS appendix example here runs on (the Fortran and Rust versions
 * build the same one): undirected, vertices 0..33, vertex i joined to (i+1) mod 34, to
 * (7i+5) mod 34 (when that is not i) and, when i mod 3 == 0, to (i+2) mod 34; repeated
 * edges count once. It has 75 edges and 16 triangles, is connected, and a BFS from
 * vertex 0 reaches 1, 5, 11, 12 and 5 vertices at levels 1..5. Irregular enough that a
 * wrong mask or a missing transpose changes every answer, small enough to check with
 * plain loops.
 *
 * example_graph() fills both forms: the plain adjacency array the examples check
 * against, and the weft matrix A (BOOL, n x n, A(i,j) = A(j,i) = true for each edge). */
#ifndef WEFT_EXAMPLE_GRAPH_H
#define WEFT_EXAMPLE_GRAPH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"

#include "example_check.h"

enum { EXAMPLE_N = 34, EXAMPLE_EDGES = 75, EXAMPLE_TRIANGLES = 16, EXAMPLE_DEPTH = 5 };
/* Vertices first reached at BFS levels 1..EXAMPLE_DEPTH from vertex 0. */
static const int example_level_sizes[EXAMPLE_DEPTH] = {1, 5, 11, 12, 5};

/* Joins i and j in the plain array: a repeated edge changes nothing, i == j is skipped. */
static inline void example_link(bool adj[EXAMPLE_N][EXAMPLE_N], int i, int j) {
  if (i != j) adj[i][j] = adj[j][i] = true;
}

/* adj[i][j] is true when {i, j} is an edge; *A gets a new matrix of the same edges.
 * Returns the first failing weft status (nothing left allocated), else WEFT_SUCCESS. */
static inline weft_status example_graph(bool adj[EXAMPLE_N][EXAMPLE_N], weft_matrix *A) {
  enum { n = EXAMPLE_N };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) adj[i][j] = false;
  for (int i = 0; i < n; ++i) {
    example_link(adj, i, (i + 1) % n);
    example_link(adj, i, (7 * i + 5) % n);
    if (i % 3 == 0) example_link(adj, i, (i + 2) % n);
  }

  /* Both directions of every edge, from the merged array: build needs no dup operator. */
  int64_t I[n * n], J[n * n];
  bool ones[n * n];
  int64_t nvals = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (adj[i][j]) I[nvals] = i, J[nvals] = j, ones[nvals] = true, ++nvals;

  weft_matrix M;
  weft_status s = weft_matrix_new(WEFT_BOOL, n, n, &M);
  if (s < 0) return s;
  s = weft_matrix_build(M, I, J, ones, WEFT_BOOL, nvals, NULL);
  if (s < 0) {
    weft_matrix_free(&M);
    return s;
  }
  *A = M;
  return WEFT_SUCCESS;
}

#endif /* WEFT_EXAMPLE_GRAPH_H */
