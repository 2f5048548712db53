// weft_matrix_diag: an (n+|k|) x (n+|k|) matrix with v on diagonal k (C(i, i+k) = v(i)
// for k >= 0, C(i-k, i) = v(i) for k < 0).
#include "../support/error.hpp"
#include "operations.hpp"

namespace weft {

Matrix *diag(Matrix &v, int64_t k) {
  const Csr &u = v.ready();
  const int64_t n = v.ncols();
  if (k <= -WEFT_INDEX_MAX || k >= WEFT_INDEX_MAX || n + (k < 0 ? -k : k) > WEFT_INDEX_MAX)
    fail(WEFT_INVALID_VALUE, "diagonal %lld of a vector of size %lld exceeds WEFT_INDEX_MAX", (long long)k, (long long)n);
  const int64_t m = n + (k < 0 ? -k : k);
  Csr T(m, m, *v.type);
  T.p.clear();
  T.p.push_back(0);
  int64_t q = u.row_begin(0);
  for (int64_t r = 0; r < m; ++r) {
    const int64_t i = k >= 0 ? r : r + k;  // the vector index whose entry lands in row r
    if (i >= 0 && q < u.row_end(0) && u.j[size_t(q)] == i) {
      T.push(k >= 0 ? r + k : i, u.val(q));
      ++q;
    }
    T.end_row();
  }
  return make_matrix(v.type.get(), std::move(T));
}

}  // namespace weft
