// Single-source shortest paths (weft/graph.h): Bellman-Ford by frontiers on MIN_PLUS.
//
//   d(source) = 0, f = d
//   repeat: t = f (min.+) A             candidate distances through the frontier's edges
//           f<!(t >= d), replace> = t     the candidates that improve d (or reach anew)
//           d = min(d, f)
//   until f is empty
//
// Each round relaxes only the edges out of vertices whose distance dropped in the round
// before; with non-negative weights a vertex's distance is final once no frontier can
// lower it, so at most n rounds. "t >= d" is a valued mask over the positions where both
// exist; its complement admits t where it is smaller or where d has no entry yet.
#include "algorithms.hpp"
#include "support.hpp"

namespace weft::graph {

weft_vector sssp(weft_matrix A, int64_t source) {
  const int64_t n = square_size(A);
  check_vertex(source, n, "source");
  // Weights must be >= 0: the least one, by a MIN reduction (weft's MIN propagates NaN,
  // so a NaN weight makes it NaN and fails the test too). No matrix is made.
  {
    Scalar least;
    check(weft_scalar_new(WEFT_FP64, least.out()));
    check(weft_matrix_reduce_scalar(least, nullptr, WEFT_MIN_MONOID_FP64, A, nullptr));
    double w = 0;
    const weft_status st = weft_scalar_extract_element(least, WEFT_FP64, &w);
    if (st != WEFT_NO_VALUE) check(st);
    if (st == WEFT_SUCCESS && !(w >= 0))
      fail(WEFT_INVALID_VALUE, "A has a weight %g: shortest paths need weights >= 0 (no NaN)", w);
  }
  Vector d = new_vector(WEFT_FP64, n), f = new_vector(WEFT_FP64, n), t = new_vector(WEFT_FP64, n);
  Vector no_gain = new_vector(WEFT_BOOL, n);
  const double zero = 0.0;
  check(weft_vector_set_element(d, source, &zero, WEFT_FP64));
  check(weft_vector_set_element(f, source, &zero, WEFT_FP64));
  for (int64_t round = 0; round < n && nvals(f) > 0; ++round) {
    check(weft_vxm(t, nullptr, nullptr, WEFT_MIN_PLUS_SEMIRING_FP64, f, A, nullptr));
    check(weft_vector_ewise_mult(no_gain, nullptr, nullptr, WEFT_GE_FP64, t, d, nullptr));
    check(weft_vector_apply(f, no_gain, nullptr, WEFT_IDENTITY_FP64, t, WEFT_DESC_RC));
    check(weft_vector_ewise_add(d, nullptr, nullptr, WEFT_MIN_FP64, d, f, nullptr));
  }
  return d.release();
}

}  // namespace weft::graph
