// Breadth-first search (weft/graph.h): one weft_vxm per level, masked by the complement
// of the visited vertices' structure, so weft picks push or pull per level by the
// frontier's size (mxm.cpp) and the search is direction-optimising without saying so.
//
// Levels only: the frontier is BOOL and the semiring ANY_PAIR (no values read, the first
// product found ends each dot product). Parents: the frontier holds each vertex's own
// number, so MIN_FIRST gives every newly reached vertex its lowest-numbered parent on the
// previous level; ROWINDEX then renumbers the new frontier with its own vertices.
#include "algorithms.hpp"
#include "support.hpp"

namespace weft::graph {

void bfs(weft_vector *level_out, weft_vector *parent_out, weft_matrix A, int64_t source) {
  const int64_t n = square_size(A);
  check_vertex(source, n, "source");
  const bool want_parent = parent_out != nullptr;
  Vector level, parent;
  if (level_out) level = new_vector(WEFT_INT64, n);
  Vector visited;  // the mask: the parents, else the levels
  Vector q = new_vector(want_parent ? WEFT_INT64 : WEFT_BOOL, n);
  if (want_parent) {
    parent = new_vector(WEFT_INT64, n);
    check(weft_vector_set_element(q, source, &source, WEFT_INT64));
    check(weft_vector_set_element(parent, source, &source, WEFT_INT64));
  } else {
    const bool yes = true;
    check(weft_vector_set_element(q, source, &yes, WEFT_BOOL));
  }
  const weft_vector seen = want_parent ? static_cast<weft_vector>(parent) : static_cast<weft_vector>(level);
  Scalar zero = scalar_int64(0);
  for (int64_t depth = 0;; ++depth) {
    if (level_out) {
      Scalar d = scalar_int64(depth);
      check(weft_vector_assign_scalar(level, q, nullptr, d, WEFT_ALL, n, WEFT_DESC_S));
    }
    // The next frontier: vertices not yet seen with an edge from this one.
    if (want_parent) {
      check(weft_vxm(q, seen, nullptr, WEFT_MIN_FIRST_SEMIRING_INT64, q, A, WEFT_DESC_RSC));
      if (nvals(q) == 0) break;
      check(weft_vector_assign(parent, q, nullptr, q, WEFT_ALL, n, WEFT_DESC_S));
      check(weft_vector_apply_index(q, nullptr, nullptr, WEFT_ROWINDEX_INT64, q, zero, nullptr));
    } else {
      check(weft_vxm(q, seen, nullptr, WEFT_ANY_PAIR_SEMIRING_BOOL, q, A, WEFT_DESC_RSC));
      if (nvals(q) == 0) break;
    }
  }
  if (level_out) *level_out = level.release();
  if (parent_out) *parent_out = parent.release();
}

}  // namespace weft::graph
