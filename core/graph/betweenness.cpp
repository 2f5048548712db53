// Betweenness centrality from a batch of sources (weft/graph.h): Brandes' algorithm with
// all ns sources at once as the rows of ns x n matrices, as LAGraph's LAGr_Betweenness.
//
// Forward, one BFS level per step: frontier(k, :) holds the number of shortest paths
// from source k to each vertex first reached at this level,
//   frontier<!struct(paths), replace> = frontier (+.first) A,  paths += frontier,
// keeping each level's pattern S[d]. Backward, from the deepest level up to level 1, with
// bcu(k, v) = 1 + delta_k(v) (Brandes' dependency plus one, so the sum over the next
// level is a product):
//   W<S[d], replace> = bcu ./ paths;  W<S[d-1], replace> = W (+.first) A';
//   bcu<S[d-1]> += W .* paths
// centrality(v) = sum over k of (bcu(k, v) - 1): level 0 (the sources) is never added to,
// so a source gets nothing from its own row (Brandes sums over v != s).
#include <vector>

#include "algorithms.hpp"
#include "support.hpp"

namespace weft::graph {

weft_vector betweenness(weft_matrix A, const int64_t *sources, int64_t ns) {
  const int64_t n = square_size(A);
  for (int64_t k = 0; k < ns; ++k) check_vertex(sources[k], n, "a source");
  Matrix paths = new_matrix(WEFT_FP64, ns, n), frontier = new_matrix(WEFT_FP64, ns, n);
  {
    std::vector<int64_t> rows(static_cast<size_t>(ns));
    std::vector<double> ones(static_cast<size_t>(ns), 1.0);
    for (int64_t k = 0; k < ns; ++k) rows[size_t(k)] = k;
    check(weft_matrix_build(frontier, rows.data(), sources, ones.data(), WEFT_FP64, ns, nullptr));
    check(weft_matrix_build(paths, rows.data(), sources, ones.data(), WEFT_FP64, ns, nullptr));
  }
  std::vector<Matrix> level;  // S[d]: the pattern of level d, d >= 1
  for (;;) {
    check(weft_mxm(frontier, paths, nullptr, WEFT_PLUS_FIRST_SEMIRING_FP64, frontier, A, WEFT_DESC_RSC));
    if (nvals(frontier) == 0) break;
    Matrix s = new_matrix(WEFT_BOOL, ns, n);
    check(weft_matrix_apply(s, nullptr, nullptr, WEFT_IDENTITY_BOOL, frontier, nullptr));
    level.push_back(std::move(s));
    check(weft_matrix_ewise_add(paths, nullptr, nullptr, WEFT_PLUS_FP64, paths, frontier, nullptr));
  }
  frontier.reset();
  // bcu = 1 everywhere.
  Matrix bcu = new_matrix(WEFT_FP64, ns, n), W = new_matrix(WEFT_FP64, ns, n);
  Scalar one = scalar_fp64(1.0);
  check(weft_matrix_assign_scalar(bcu, nullptr, nullptr, one, WEFT_ALL, ns, WEFT_ALL, n, nullptr));
  // level[d - 1] is S[d]; contributions reach levels D-1 .. 1.
  for (size_t d = level.size(); d >= 2; --d) {
    check(weft_matrix_ewise_mult(W, level[d - 1], nullptr, WEFT_DIV_FP64, bcu, paths, WEFT_DESC_RS));
    check(weft_mxm(W, level[d - 2], nullptr, WEFT_PLUS_FIRST_SEMIRING_FP64, W, A, WEFT_DESC_RST1));
    check(weft_matrix_ewise_mult(bcu, level[d - 2], WEFT_PLUS_FP64, WEFT_TIMES_FP64, W, paths, WEFT_DESC_S));
  }
  // centrality = column sums of bcu, minus ns (the ones).
  Vector c = new_vector(WEFT_FP64, n);
  check(weft_matrix_reduce(c, nullptr, nullptr, WEFT_PLUS_MONOID_FP64, bcu, WEFT_DESC_T0));
  Scalar minus = scalar_fp64(-double(ns));
  check(weft_vector_apply_second(c, nullptr, nullptr, WEFT_PLUS_FP64, c, minus, nullptr));
  return c.release();
}

}  // namespace weft::graph
