// PageRank (weft/graph.h), the GAP definition with sinks spreading their rank evenly:
//
//   r = 1/n;  deg(i) = out-degree (no entry for sinks)
//   repeat: w = damping * r ./ deg                      (sinks drop out: no deg entry)
//           sink = damping * (sum of r over sinks) / n
//           r' = (1 - damping)/n + sink, then r' += w (+.first) A   (vxm: r'(j) += sum w(i))
//           change = sum |r' - r|;  r = r'
//   until change < tolerance or max_iterations
#include <cmath>

#include "algorithms.hpp"
#include "support.hpp"

namespace weft::graph {

weft_vector pagerank(weft_matrix A, double damping, double tolerance, int max_iterations, int *iterations) {
  const int64_t n = square_size(A);
  // Out-degrees: A's pattern times a vector of ones (PLUS_PAIR reads no values).
  Vector ones = new_vector(WEFT_FP64, n), deg = new_vector(WEFT_FP64, n);
  Scalar one = scalar_fp64(1.0);
  check(weft_vector_assign_scalar(ones, nullptr, nullptr, one, WEFT_ALL, n, nullptr));
  check(weft_mxv(deg, nullptr, nullptr, WEFT_PLUS_PAIR_SEMIRING_FP64, A, ones, nullptr));
  // deg = deg / damping, so w = r ./ deg carries the damping.
  Scalar dscale = scalar_fp64(damping);
  check(weft_vector_apply_second(deg, nullptr, nullptr, WEFT_DIV_FP64, deg, dscale, nullptr));

  Vector r = new_vector(WEFT_FP64, n), next = new_vector(WEFT_FP64, n), w = new_vector(WEFT_FP64, n);
  Vector sinks_r = new_vector(WEFT_FP64, n), diff = new_vector(WEFT_FP64, n);
  Scalar start = scalar_fp64(1.0 / double(n));
  check(weft_vector_assign_scalar(r, nullptr, nullptr, start, WEFT_ALL, n, nullptr));
  const double teleport = (1.0 - damping) / double(n);
  int it = 0;
  while (it < max_iterations) {
    ++it;
    check(weft_vector_ewise_mult(w, nullptr, nullptr, WEFT_DIV_FP64, r, deg, nullptr));
    check(weft_vector_apply(sinks_r, deg, nullptr, WEFT_IDENTITY_FP64, r, WEFT_DESC_RSC));
    Scalar base = scalar_fp64(teleport + damping * sum(sinks_r) / double(n));
    check(weft_vector_assign_scalar(next, nullptr, nullptr, base, WEFT_ALL, n, nullptr));
    check(weft_vxm(next, nullptr, WEFT_PLUS_FP64, WEFT_PLUS_FIRST_SEMIRING_FP64, w, A, nullptr));
    check(weft_vector_ewise_add(diff, nullptr, nullptr, WEFT_MINUS_FP64, next, r, nullptr));
    check(weft_vector_apply(diff, nullptr, nullptr, WEFT_ABS_FP64, diff, nullptr));
    std::swap(r, next);
    if (sum(diff) < tolerance) break;
  }
  if (iterations) *iterations = it;
  return r.release();
}

}  // namespace weft::graph
