// The graph algorithms' shared pieces (support.hpp).
#include "support.hpp"

#include <memory>
#include <numeric>

namespace weft::graph {

void check(weft_status s) {
  if (s < 0) throw Error(s, weft_last_error());
}

Matrix new_matrix(weft_type type, int64_t nrows, int64_t ncols) {
  Matrix A;
  check(weft_matrix_new(type, nrows, ncols, A.out()));
  return A;
}

Vector new_vector(weft_type type, int64_t n) {
  Vector v;
  check(weft_vector_new(type, n, v.out()));
  return v;
}

Scalar scalar_int64(int64_t v) {
  Scalar s;
  check(weft_scalar_new(WEFT_INT64, s.out()));
  check(weft_scalar_set_element(s, &v, WEFT_INT64));
  return s;
}

Scalar scalar_fp64(double v) {
  Scalar s;
  check(weft_scalar_new(WEFT_FP64, s.out()));
  check(weft_scalar_set_element(s, &v, WEFT_FP64));
  return s;
}

int64_t nvals(weft_matrix A) {
  int64_t n = 0;
  check(weft_matrix_nvals(A, &n));
  return n;
}

int64_t nvals(weft_vector v) {
  int64_t n = 0;
  check(weft_vector_nvals(v, &n));
  return n;
}

namespace {

// The scalar s as T, 0 when empty (a reduction of no entries).
template <class T>
T value_or_zero(weft_scalar s, weft_type t) {
  T x = 0;
  const weft_status st = weft_scalar_extract_element(s, t, &x);
  if (st == WEFT_NO_VALUE) return 0;
  check(st);
  return x;
}

}  // namespace

double sum(weft_vector v) {
  Scalar s;
  check(weft_scalar_new(WEFT_FP64, s.out()));
  check(weft_vector_reduce_scalar(s, nullptr, WEFT_PLUS_MONOID_FP64, v, nullptr));
  return value_or_zero<double>(s, WEFT_FP64);
}

int64_t sum(weft_matrix C) {
  Scalar s;
  check(weft_scalar_new(WEFT_INT64, s.out()));
  check(weft_matrix_reduce_scalar(s, nullptr, WEFT_PLUS_MONOID_INT64, C, nullptr));
  return value_or_zero<int64_t>(s, WEFT_INT64);
}

int64_t square_size(weft_matrix A) {
  int64_t m = 0, n = 0;
  check(weft_matrix_nrows(A, &m));
  check(weft_matrix_ncols(A, &n));
  if (m != n) fail(WEFT_DIMENSION_MISMATCH, "A is %lld x %lld: a graph's matrix is square", (long long)m, (long long)n);
  return n;
}

void check_vertex(int64_t v, int64_t n, const char *what) {
  if (v < 0 || v >= n) fail(WEFT_INVALID_INDEX, "%s %lld is outside [0, %lld)", what, (long long)v, (long long)n);
}

weft_type domain_of(weft_matrix A) {
  weft_type t = nullptr;
  check(weft_matrix_type(A, &t));
  return t;
}

Matrix undirected_pattern(weft_matrix A) {
  const int64_t n = square_size(A);
  // Off the diagonal, then the union with the transpose. Only the pattern is read, so
  // the values are whatever is cheapest: an FP64 A (Matrix Market's real files, the
  // generated graphs) keeps its own domain (no value cast in the select); any other
  // domain goes to BOOL. T's values are then made 1 (T<T> = 1: T keeps its pattern and
  // stores one value) and the union is ONEB, so every value of S is 1: weft merges the
  // patterns only and S stores its one value (iso).
  const bool fp64 = domain_of(A) == WEFT_FP64;
  Matrix S = new_matrix(fp64 ? WEFT_FP64 : WEFT_BOOL, n, n), T = new_matrix(fp64 ? WEFT_FP64 : WEFT_BOOL, n, n);
  Scalar zero = scalar_int64(0);
  check(weft_matrix_select(T, nullptr, nullptr, WEFT_OFFDIAG, A, zero, nullptr));
  Scalar one = scalar_int64(1);
  check(weft_matrix_assign_scalar(T, T, nullptr, one, WEFT_ALL, n, WEFT_ALL, n, WEFT_DESC_S));
  check(weft_matrix_ewise_add(S, nullptr, nullptr, fp64 ? WEFT_ONEB_FP64 : WEFT_ONEB_BOOL, T, T, WEFT_DESC_T1));
  return S;
}

std::vector<int64_t> to_array(weft_vector v, int64_t n, int64_t missing) {
  int64_t nv = nvals(v);
  // The indices are scratch, not zero-filled; a vector with every entry gives its values
  // in index order, straight into x, without a second n-sized array and a scatter
  // (FastSV's product has every entry on a graph without isolated vertices; to_array was
  // 9% of a connected-components call at 2^20 in perf).
  std::unique_ptr<int64_t[]> I(new int64_t[size_t(nv) + 1]);
  if (nv == n) {
    std::vector<int64_t> x(static_cast<size_t>(n) + 1);
    check(weft_vector_extract_tuples(v, nv, I.get(), x.data(), WEFT_INT64, &nv));
    x.pop_back();
    return x;
  }
  std::vector<int64_t> x(static_cast<size_t>(n), missing);
  std::unique_ptr<int64_t[]> X(new int64_t[size_t(nv) + 1]);
  check(weft_vector_extract_tuples(v, nv, I.get(), X.get(), WEFT_INT64, &nv));
  for (int64_t k = 0; k < nv; ++k) x[static_cast<size_t>(I[size_t(k)])] = X[size_t(k)];
  return x;
}

Vector from_array(const std::vector<int64_t> &x) {
  const int64_t n = int64_t(x.size());
  Vector v = new_vector(WEFT_INT64, n);
  std::unique_ptr<int64_t[]> I(new int64_t[x.size() + 1]);  // (written once, by iota)
  std::iota(I.get(), I.get() + n, int64_t(0));
  check(weft_vector_build(v, I.get(), x.data(), WEFT_INT64, n, nullptr));
  return v;
}

}  // namespace weft::graph
