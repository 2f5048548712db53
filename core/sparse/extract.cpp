// extract: T(a, b) = A(I[a], J[b]) (repeats allowed), and the column form. For each
// selected row, A's entries are looked up in J sorted with its positions (so a column
// of A that appears several times in J lands at each of them): work O(entries of the
// selected rows * log nj + nj log nj + ni).
#include <algorithm>

#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"

namespace weft {

namespace {

void check_indices(const IndexList &L, int64_t bound) {
  if (L.all) return;
  for (int64_t k = 0; k < L.n; ++k)
    if (L.idx[k] < 0 || L.idx[k] >= bound)
      fail(WEFT_INDEX_OUT_OF_BOUNDS, "%s[%lld] = %lld is outside [0, %lld)", L.name, (long long)k, (long long)L.idx[k],
           (long long)bound);
}

}  // namespace

Csr extract_csr(const Csr &a, const IndexList &I, const IndexList &J) {
  Csr T(I.n, J.n, *a.type);
  T.p.clear();
  T.p.push_back(0);
  std::vector<std::pair<int64_t, int64_t>> sorted_j;  // (column of a, position in J)
  if (!J.all) {
    sorted_j.reserve(size_t(J.n));
    for (int64_t b = 0; b < J.n; ++b) sorted_j.emplace_back(J.idx[b], b);
    std::sort(sorted_j.begin(), sorted_j.end());
  }
  std::vector<std::pair<int64_t, int64_t>> row;  // (position in J, entry of a)
  for (int64_t r = 0; r < I.n; ++r) {
    const int64_t i = I[r];
    if (J.all) {
      for (int64_t k = a.row_begin(i); k < a.row_end(i); ++k) T.push(a.j[size_t(k)], a.val(k));
    } else {
      row.clear();
      for (int64_t k = a.row_begin(i); k < a.row_end(i); ++k) {
        auto it = std::lower_bound(sorted_j.begin(), sorted_j.end(), std::make_pair(a.j[size_t(k)], int64_t(-1)));
        for (; it != sorted_j.end() && it->first == a.j[size_t(k)]; ++it) row.emplace_back(it->second, k);
      }
      std::sort(row.begin(), row.end());
      for (auto &e : row) T.push(e.first, a.val(e.second));
    }
    T.end_row();
  }
  return T;
}

void extract(const Output &out, Matrix &A, const IndexList &I, const IndexList &J) {
  const int64_t m = rows_of(A, out.d.tran0), n = cols_of(A, out.d.tran0);
  if (I.all) check_dim(I.n, m, "WEFT_ALL row count vs rows of A");
  if (J.all) check_dim(J.n, n, "WEFT_ALL column count vs columns of A");
  check_output(out, *A.type, I.n, J.n);
  if (lazy::defer(out, {&A}, {}, lazy::Fuse::none, [&A, I = lazy::OwnedList(I), J = lazy::OwnedList(J)](const lazy::Bind &b) {
        extract(b.out, b(A), *I, *J);
      }))
    return;
  check_indices(I, m);
  check_indices(J, n);
  const Csr &a = view(A, out.d.tran0);
  write_back(out, extract_csr(a, I, J));
}

void col_extract(const Output &out, Matrix &A, const IndexList &I, int64_t j) {
  // Column j of A is row j of A'; WEFT_INP0 = WEFT_TRAN asks for row j of A instead.
  const bool row = out.d.tran0;
  const int64_t m = row ? A.ncols() : A.nrows(), n = row ? A.nrows() : A.ncols();
  if (j < 0 || j >= n) fail(WEFT_INVALID_INDEX, "j = %lld is outside [0, %lld)", (long long)j, (long long)n);
  if (I.all) check_dim(I.n, m, "WEFT_ALL count vs the column's length");
  check_output(out, *A.type, 1, I.n);
  if (lazy::defer(out, {&A}, {}, lazy::Fuse::none,
                  [&A, I = lazy::OwnedList(I), j](const lazy::Bind &b) { col_extract(b.out, b(A), *I, j); }))
    return;
  check_indices(I, m);
  const Csr &a = view(A, !row);
  const int64_t one[1] = {j};
  write_back(out, extract_csr(a, IndexList{one, 1, false}, I));
}

}  // namespace weft
