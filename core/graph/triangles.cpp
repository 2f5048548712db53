// Triangle counting (weft/graph.h): LAGraph's six methods on S = the undirected pattern
// of A, L = tril(S, -1), U = triu(S, 1). Each product is masked by the matrix it ends
// .* with (structure only), so it computes only entries that can close a triangle, and
// counts with PLUS_PAIR (no values read) into INT64.
//
// Presort: renumbering the vertices by degree (ascending for the L methods: each row of
// L then holds a vertex's lower-degree neighbours, so hubs have long rows that few
// products read) cuts the products when degrees are skewed (R-MAT, web graphs); it is a
// permutation extract, O(nvals + n log n). AUTO presorts when the mean degree exceeds 4
// times the median (LAGraph's rule).
#include <algorithm>
#include <numeric>
#include <vector>

#include "algorithms.hpp"
#include "support.hpp"

namespace weft::graph {

namespace {

bool uses_lower(int method) {
  return method == WEFT_TC_SANDIA_LL || method == WEFT_TC_SANDIA_LUT || method == WEFT_TC_DEFAULT;
}

// The vertices' degrees in S.
std::vector<int64_t> degrees(weft_matrix S, int64_t n) {
  Vector ones = new_vector(WEFT_INT64, n), deg = new_vector(WEFT_INT64, n);
  Scalar one = scalar_int64(1);
  check(weft_vector_assign_scalar(ones, nullptr, nullptr, one, WEFT_ALL, n, nullptr));
  check(weft_mxv(deg, nullptr, nullptr, WEFT_PLUS_PAIR_SEMIRING_INT64, S, ones, nullptr));
  return to_array(deg, n, 0);
}

// S with its vertices renumbered by degree (ascending or descending; ties by number).
Matrix sorted_by_degree(weft_matrix S, int64_t n, bool ascending) {
  const std::vector<int64_t> deg = degrees(S, n);
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    return ascending ? deg[size_t(a)] < deg[size_t(b)] : deg[size_t(a)] > deg[size_t(b)];
  });
  Matrix P = new_matrix(domain_of(S), n, n);  // (S's domain: no value cast)
  check(weft_matrix_extract(P, nullptr, nullptr, S, order.data(), n, order.data(), n, nullptr));
  return P;
}

bool skewed(weft_matrix S, int64_t n) {
  std::vector<int64_t> deg = degrees(S, n);
  const double mean = double(std::accumulate(deg.begin(), deg.end(), int64_t(0))) / double(n);
  std::nth_element(deg.begin(), deg.begin() + n / 2, deg.end());
  return mean > 4.0 * double(deg[size_t(n / 2)]);
}

Matrix band(weft_matrix S, int64_t n, bool lower) {
  Matrix B = new_matrix(domain_of(S), n, n);
  Scalar k = scalar_int64(lower ? -1 : 1);
  check(weft_matrix_select(B, nullptr, nullptr, lower ? WEFT_TRIL : WEFT_TRIU, S, k, nullptr));
  return B;
}

}  // namespace

int64_t triangles(weft_matrix A, int method, int presort) {
  if (method < WEFT_TC_DEFAULT || method > WEFT_TC_SANDIA_ULT)
    fail(WEFT_INVALID_VALUE, "method %d is not a weft_tc_method", method);
  if (presort < WEFT_TC_PRESORT_AUTO || presort > WEFT_TC_PRESORT_DESCENDING)
    fail(WEFT_INVALID_VALUE, "presort %d is not a weft_tc_presort", presort);
  const int64_t n = square_size(A);
  Matrix S = undirected_pattern(A);
  if (method != WEFT_TC_BURKHARDT && method != WEFT_TC_COHEN) {
    const bool sort = presort == WEFT_TC_PRESORT_AUTO ? skewed(S, n) : presort != WEFT_TC_PRESORT_NONE;
    const bool ascending = presort == WEFT_TC_PRESORT_AUTO ? uses_lower(method) : presort == WEFT_TC_PRESORT_ASCENDING;
    if (sort) S = sorted_by_degree(S, n, ascending);
  }
  Matrix C = new_matrix(WEFT_INT64, n, n);
  const weft_semiring pp = WEFT_PLUS_PAIR_SEMIRING_INT64;
  switch (method) {
    case WEFT_TC_BURKHARDT:
      check(weft_mxm(C, S, nullptr, pp, S, S, WEFT_DESC_S));
      return sum(C) / 6;
    case WEFT_TC_COHEN: {
      Matrix L = band(S, n, true), U = band(S, n, false);
      check(weft_mxm(C, S, nullptr, pp, L, U, WEFT_DESC_S));
      return sum(C) / 2;
    }
    case WEFT_TC_SANDIA_LL: {
      Matrix L = band(S, n, true);
      check(weft_mxm(C, L, nullptr, pp, L, L, WEFT_DESC_S));
      return sum(C);
    }
    case WEFT_TC_SANDIA_UU: {
      Matrix U = band(S, n, false);
      check(weft_mxm(C, U, nullptr, pp, U, U, WEFT_DESC_S));
      return sum(C);
    }
    case WEFT_TC_SANDIA_ULT: {
      Matrix U = band(S, n, false), L = band(S, n, true);
      check(weft_mxm(C, U, nullptr, pp, U, L, WEFT_DESC_ST1));
      return sum(C);
    }
    default: {  // SANDIA_LUT: C<L> = L * U' (U' = L, given as L with the transpose flag)
      Matrix L = band(S, n, true), U = band(S, n, false);
      check(weft_mxm(C, L, nullptr, pp, L, U, WEFT_DESC_ST1));
      return sum(C);
    }
  }
}

}  // namespace weft::graph
