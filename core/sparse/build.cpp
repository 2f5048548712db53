// build: an empty collection filled from tuples. Values are cast to the domain (through
// dup's domain when there is a dup), sorted stably by position, and duplicates are
// folded left to right in the order given. Everything is checked before C changes.
#include <algorithm>
#include <numeric>

#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"

namespace weft {

namespace {

// The tuples' positions in (row, column) order, ties in the order given (so duplicates
// fold left to right). Two stable counting sorts (by column, then by row) when every
// index is in range and the dimensions are not much larger than n: O(n + nrows + ncols);
// otherwise a comparison sort (huge sparse dimensions, and the out-of-range indices that
// build reports once its API checks are done).
std::vector<int64_t> tuple_order(const int64_t *I, const int64_t *J, int64_t n, int64_t nrows, int64_t ncols) {
  auto row = [&](int64_t k) { return I ? I[k] : 0; };
  bool in_range = nrows <= 4 * n + 1024 && ncols <= 4 * n + 1024;
  for (int64_t k = 0; k < n && in_range; ++k)
    in_range = row(k) >= 0 && row(k) < nrows && J[k] >= 0 && J[k] < ncols;
  std::vector<int64_t> order(size_t(n), 0);
  if (!in_range) {
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return row(a) != row(b) ? row(a) < row(b) : J[a] < J[b];
    });
    return order;
  }
  std::vector<int64_t> by_col(static_cast<size_t>(n));
  std::vector<int64_t> start(static_cast<size_t>(std::max(nrows, ncols)) + 1, 0);
  for (int64_t k = 0; k < n; ++k) ++start[size_t(J[k]) + 1];
  for (int64_t c = 0; c < ncols; ++c) start[size_t(c) + 1] += start[size_t(c)];
  for (int64_t k = 0; k < n; ++k) by_col[size_t(start[size_t(J[k])]++)] = k;
  std::fill(start.begin(), start.begin() + nrows + 1, 0);
  for (int64_t k = 0; k < n; ++k) ++start[size_t(row(k)) + 1];
  for (int64_t r = 0; r < nrows; ++r) start[size_t(r) + 1] += start[size_t(r)];
  for (int64_t k : by_col) order[size_t(start[size_t(row(k))]++)] = k;
  return order;
}

}  // namespace

void build(Matrix &C, const int64_t *I, const int64_t *J, const void *X, const Type &xtype, int64_t n,
           const BinaryOp *dup) {
  if (C.ready().nvals() != 0) fail(WEFT_OUTPUT_NOT_EMPTY, "the output already has entries");
  const Type &vtype = dup ? *dup->ztype : *C.type;  // the domain values are combined in
  if (dup) {
    if (!compatible(*dup->xtype, *dup->ztype) || !compatible(*dup->ytype, *dup->ztype) ||
        code_of(*dup->xtype) != code_of(*dup->ztype) || code_of(*dup->ytype) != code_of(*dup->ztype))
      fail(WEFT_DOMAIN_MISMATCH, "dup's three domains must be the same");
    check_domain(*C.type, *dup->ztype, "dup's output into the output");
  }
  check_domain(vtype, xtype, "X into the output");
  const int64_t nrows = C.nrows(), ncols = C.ncols();
  auto row = [&](int64_t k) { return I ? I[k] : 0; };
  const std::vector<int64_t> order = tuple_order(I, J, n, nrows, ncols);
  const bool vector = C.magic == Magic::vector;
  if (!dup)
    for (int64_t q = 1; q < n; ++q)
      if (row(order[size_t(q)]) == row(order[size_t(q - 1)]) && J[order[size_t(q)]] == J[order[size_t(q - 1)]]) {
        if (vector) fail(WEFT_INVALID_VALUE, "index %lld appears twice and dup is NULL", (long long)J[order[size_t(q)]]);
        fail(WEFT_INVALID_VALUE, "(%lld, %lld) appears twice and dup is NULL", (long long)row(order[size_t(q)]),
             (long long)J[order[size_t(q)]]);
      }
  // Out-of-bounds indices are an execution error: reported after the API errors above.
  for (int64_t k = 0; k < n; ++k) {
    const int64_t i = row(k), j = J[k];
    if (i < 0 || i >= nrows || j < 0 || j >= ncols) {
      if (vector)
        fail(WEFT_INDEX_OUT_OF_BOUNDS, "I[%lld] = %lld is outside [0, %lld)", (long long)k, (long long)j, (long long)ncols);
      fail(WEFT_INDEX_OUT_OF_BOUNDS, "tuple %lld: (%lld, %lld) is outside %lld x %lld", (long long)k, (long long)i,
           (long long)j, (long long)nrows, (long long)ncols);
    }
  }
  const int64_t xstride = element_size(xtype);
  const Cast in = make_cast(vtype, xtype), out = make_cast(*C.type, vtype);
  expr::Element acc(&vtype), next(&vtype), v(C.type.get());
  Csr T(nrows, ncols, *C.type);
  T.p.clear();
  T.p.push_back(0);
  const char *x = static_cast<const char *>(X);
  int64_t q = 0, r = 0;
  while (r < nrows) {
    while (q < n && row(order[size_t(q)]) == r) {
      const int64_t col = J[order[size_t(q)]];
      in(acc.get(), x + order[size_t(q)] * xstride);
      for (++q; q < n && row(order[size_t(q)]) == r && J[order[size_t(q)]] == col; ++q) {
        in(next.get(), x + order[size_t(q)] * xstride);
        dup->f(acc.get(), acc.get(), next.get());
      }
      out(v.get(), acc.get());
      T.push(col, v.get());
    }
    T.end_row();
    ++r;
  }
  C.assign(std::move(T));
}

}  // namespace weft
