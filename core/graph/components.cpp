// Connected components (weft/graph.h): FastSV (Zhang, Azad, Hu: "FastSV: a distributed-
// memory connected component algorithm with fast convergence", 2020), as LAGraph's
// LG_CC_FastSV. A forest of parent pointers f, each tree one part of a component, roots
// pointing at themselves; gp = f[f] the grandparents. Each round:
//
//   mngp = S (min.second) gp          each vertex's least neighbour grandparent (weft_mxv)
//   f[f[i]] = min(f[f[i]], mngp[i])   stochastic hooking: a tree hooks under a smaller one
//   f[i] = min(f[i], mngp[i])         aggressive hooking
//   f[i] = min(f[i], gp[i])           shortcutting
//   gp = f[f]
//
// until gp stops changing. Labels only ever decrease, so every vertex ends pointing at its
// component's lowest-numbered vertex. The product runs on the engine; the hooking is a
// scatter with a min on plain arrays (GraphBLAS assign leaves repeated indices undefined).
#include <algorithm>
#include <numeric>
#include <vector>

#include "algorithms.hpp"
#include "support.hpp"

namespace weft::graph {

weft_vector components(weft_matrix A, int64_t *ncomponents) {
  const int64_t n = square_size(A);
  Matrix S = undirected_pattern(A);
  std::vector<int64_t> f(static_cast<size_t>(n));
  std::iota(f.begin(), f.end(), 0);
  std::vector<int64_t> gp = f;
  Vector gpv = from_array(gp), mngp = new_vector(WEFT_INT64, n);
  for (;;) {
    check(weft_mxv(mngp, nullptr, nullptr, WEFT_MIN_SECOND_SEMIRING_INT64, S, gpv, nullptr));
    const std::vector<int64_t> m = to_array(mngp, n, INT64_MAX);  // isolated vertices: none
    for (int64_t i = 0; i < n; ++i) {
      const int64_t mi = m[size_t(i)];
      if (mi == INT64_MAX) continue;
      int64_t &root = f[size_t(f[size_t(i)])];
      root = std::min(root, mi);
    }
    for (int64_t i = 0; i < n; ++i) {
      f[size_t(i)] = std::min(f[size_t(i)], m[size_t(i)]);
      f[size_t(i)] = std::min(f[size_t(i)], gp[size_t(i)]);
    }
    bool changed = false;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t g = f[size_t(f[size_t(i)])];
      changed = changed || g != gp[size_t(i)];
      gp[size_t(i)] = g;
    }
    if (!changed) break;
    gpv = from_array(gp);
  }
  // Converged. Flatten what pointer chains remain, so every f[i] is its tree's root: the
  // least vertex of i's component.
  for (bool again = true; again;) {
    again = false;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t g = f[size_t(f[size_t(i)])];
      if (g != f[size_t(i)]) f[size_t(i)] = g, again = true;
    }
  }
  if (ncomponents) {
    int64_t c = 0;
    for (int64_t i = 0; i < n; ++i) c += f[size_t(i)] == i;
    *ncomponents = c;
  }
  return from_array(f).release();
}

}  // namespace weft::graph
