/*
 * weft/graph.h — graph algorithms on the semiring engine (LAGraph's algorithms, written
 * on weft's public API only; included by weft.h, do not include it alone).
 *
 * A graph is an n x n matrix A: an edge i -> j for each entry A(i, j), its value the
 * edge's weight where an algorithm reads weights (sssp); the others read the pattern
 * only. Directed algorithms (bfs, sssp, pagerank, betweenness) follow edges i -> j as
 * stored; pass a symmetric A for an undirected graph. Undirected algorithms (triangles,
 * components) use the pattern of A + A' without self-loops, whatever A is.
 *
 * Common errors (each function also lists its own): WEFT_INVALID_HANDLE (A or a
 * returned object's handle), WEFT_NULL_POINTER (a required output), WEFT_DIMENSION_MISMATCH
 * (A not square), WEFT_DOMAIN_MISMATCH (A's domain is user-defined: the algorithms cast
 * values to predefined domains), WEFT_OUT_OF_MEMORY. Outputs are new objects the caller
 * frees; on any error no output is created and the outputs are untouched. A is never
 * changed (weft may keep its transpose with it, as any operation reading A' does).
 * weft_last_error names the algorithm and, for a failure inside it, the operation that
 * failed.
 */
#ifndef WEFT_GRAPH_H
#define WEFT_GRAPH_H
#ifndef WEFT_H
#error "include weft.h, not weft/graph.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Breadth-first search from source: *level (INT64) holds, for every vertex reachable from
 * source, the number of edges on a shortest path (source: 0); *parent (INT64) holds, for
 * the same vertices, the lowest-numbered vertex of the previous level with an edge to it
 * (source: itself). Unreached vertices have no entry. Either output may be NULL (not
 * wanted), not both. Direction-optimising: each level is one weft_vxm with the visited
 * vertices as a complemented structural mask, which pushes from a small frontier and
 * pulls (reading A') into a large one. Cost O(nvals(A) + n) per call plus, for pulls,
 * one transpose of A, kept with A. source outside [0, n): WEFT_INVALID_INDEX. */
WEFT_API weft_status weft_graph_bfs(weft_vector *level, weft_vector *parent, weft_matrix A, int64_t source);

/* Single-source shortest paths: *distance (FP64) holds, for every vertex reachable from
 * source, the least sum of edge weights (A's values cast to FP64) over paths from source
 * (source: 0). Weights must be >= 0: a negative or NaN weight is WEFT_INVALID_VALUE.
 * Bellman-Ford by frontiers on MIN_PLUS: each round relaxes only the edges leaving
 * vertices whose distance dropped in the round before (bench/RESULTS.md measures it
 * against relaxing every edge each round). At most n rounds of O(nvals(A)) each; on
 * graphs of few distinct path lengths, about the number of edges on the longest shortest
 * path. source outside [0, n): WEFT_INVALID_INDEX. */
WEFT_API weft_status weft_graph_sssp(weft_vector *distance, weft_matrix A, int64_t source);

/* PageRank (the GAP benchmark's definition): *rank (FP64, every vertex) is the fixed point
 * of r = (1 - damping) / n + damping * (sum over edges i -> j of r(i) / outdegree(i) +
 * the rank of all sinks / n), sinks (no out-edge) spreading their rank evenly, as
 * networkx's pagerank does; weights are not read. Starts from r = 1/n; stops after an
 * iteration whose change sum |r - r_previous| is below tolerance, or after
 * max_iterations; *iterations (may be NULL) receives the count. tolerance 0 runs exactly
 * max_iterations. The ranks sum to 1 up to rounding. damping outside [0, 1), a negative
 * or NaN tolerance, or max_iterations < 1: WEFT_INVALID_VALUE. */
WEFT_API weft_status weft_graph_pagerank(weft_vector *rank, int *iterations, weft_matrix A, double damping,
                                         double tolerance, int max_iterations);

/* Triangle counting methods (LAGraph's, on S = the pattern of A + A' without
 * self-loops, L and U its strictly lower and upper triangles; sums over entries):
 *   WEFT_TC_BURKHARDT   sum((S * S) .* S) / 6        WEFT_TC_COHEN  sum((L * U) .* S) / 2
 *   WEFT_TC_SANDIA_LL   sum((L * L) .* L)            WEFT_TC_SANDIA_UU  sum((U * U) .* U)
 *   WEFT_TC_SANDIA_LUT  sum((L * U') .* L)           WEFT_TC_SANDIA_ULT sum((U * L') .* U)
 * (each product masked by the matrix it is multiplied with, so only those entries are
 * computed). WEFT_TC_DEFAULT is SANDIA_LUT. presort: WEFT_TC_PRESORT_NONE keeps the
 * vertex order; _ASCENDING / _DESCENDING renumber the vertices by degree first (fewer
 * products when the degrees are skewed: hubs last for the L methods, first for the U
 * ones); _AUTO sorts (ascending for the L methods, descending for the U ones) when the
 * mean degree exceeds 4 times the median, as LAGraph decides. */
enum weft_tc_method {
  WEFT_TC_DEFAULT = 0,
  WEFT_TC_BURKHARDT = 1,
  WEFT_TC_COHEN = 2,
  WEFT_TC_SANDIA_LL = 3,
  WEFT_TC_SANDIA_UU = 4,
  WEFT_TC_SANDIA_LUT = 5,
  WEFT_TC_SANDIA_ULT = 6
};
enum weft_tc_presort {
  WEFT_TC_PRESORT_AUTO = 0,
  WEFT_TC_PRESORT_NONE = 1,
  WEFT_TC_PRESORT_ASCENDING = 2,
  WEFT_TC_PRESORT_DESCENDING = 3
};
/* *count = the number of triangles of the undirected graph S (above). An unknown method
 * or presort: WEFT_INVALID_VALUE. */
WEFT_API weft_status weft_graph_triangles(int64_t *count, weft_matrix A, int method, int presort);

/* Connected components of the undirected graph S (above): *component (INT64, every
 * vertex) holds the lowest-numbered vertex of the vertex's component; *ncomponents (may
 * be NULL) their number. FastSV (Zhang, Azad and Hu 2020, as LAGraph's): each round finds
 * every vertex's least grandparent among its neighbours with one MIN_SECOND weft_mxv,
 * then hooks and shortcuts the parent forest (stochastic and aggressive hooking), until
 * the grandparents stop changing: O(log n) rounds in practice. */
WEFT_API weft_status weft_graph_components(weft_vector *component, int64_t *ncomponents, weft_matrix A);

/* Betweenness centrality from a batch of sources (Brandes' algorithm as LAGraph's, all
 * sources at once as rows of ns x n matrices): *centrality (FP64, every vertex) holds, for
 * each vertex v, the sum over the sources s != v and the vertices t != s, v of
 * sigma_st(v) / sigma_st (shortest paths counted in edges, following edges as stored;
 * sigma_st(v): those through v). All sources: the exact betweenness of a directed graph;
 * for a symmetric A each unordered pair counts twice (networkx's undirected value is half
 * of it). A source may repeat (counted each time). ns < 1 or sources NULL:
 * WEFT_INVALID_VALUE / WEFT_NULL_POINTER; a source outside [0, n): WEFT_INVALID_INDEX.
 * Memory O(ns * n) beyond A. */
WEFT_API weft_status weft_graph_betweenness(weft_vector *centrality, weft_matrix A, const int64_t sources[],
                                            int64_t ns);

#ifdef __cplusplus
}
#endif
#endif /* WEFT_GRAPH_H */
