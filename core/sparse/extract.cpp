// extract: T(a, b) = A(I[a], J[b]) (repeats allowed), and the column form. For each
// selected row, A's entries are looked up in a map from A's columns to their positions
// in J (ColumnMap: so a column of A that appears several times in J lands at each of
// them): work O(entries of the selected rows + A's width + nj + ni), or, for a J much
// shorter than A is wide, a binary search per entry instead of A's width.
#include <algorithm>

#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"
#include "parallel.hpp"
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

namespace {

// Where the entries of a's columns land in T: the positions b of J with J[b] == c, for
// each column c (J may repeat a column: its entries then land at each of them).
//   dense: lists for every column, `start` (a's ncols + 1 row pointers) over `at`, each
//          list ascending: one lookup per entry, O(ncols + nj) to make;
//   else:  J's (column, position) pairs sorted, a binary search per entry (twice: once
//          to count, once to fill): when J is much shorter than a is wide (a few columns
//          of a wide matrix), where the lists would cost a's width.
// increasing: J strictly increasing, so a row's entries land in order (no sort).
struct ColumnMap {
  bool all = false, dense = false, increasing = true;
  std::vector<int64_t> start, at;
  std::vector<std::pair<int64_t, int64_t>> sorted;

  ColumnMap(const IndexList &J, int64_t ncols) : all(J.all) {
    if (all) return;
    for (int64_t b = 1; b < J.n && increasing; ++b) increasing = J.idx[b - 1] < J.idx[b];
    dense = J.n * 8 >= ncols;
    if (dense) {
      start.assign(size_t(ncols) + 1, 0);
      for (int64_t b = 0; b < J.n; ++b) ++start[size_t(J.idx[b]) + 1];
      for (int64_t c = 0; c < ncols; ++c) start[size_t(c) + 1] += start[size_t(c)];
      at.resize(size_t(J.n));
      std::vector<int64_t> next(start.begin(), start.end() - 1);
      for (int64_t b = 0; b < J.n; ++b) at[size_t(next[size_t(J.idx[b])]++)] = b;
    } else {
      sorted.reserve(size_t(J.n));
      for (int64_t b = 0; b < J.n; ++b) sorted.emplace_back(J.idx[b], b);
      std::sort(sorted.begin(), sorted.end());
    }
  }
  // f(b) for each position b of column c, ascending.
  template <class F>
  void each(int64_t c, F f) const {
    if (all) return f(c);
    if (dense) {
      for (int64_t q = start[size_t(c)]; q < start[size_t(c) + 1]; ++q) f(at[size_t(q)]);
      return;
    }
    for (auto it = std::lower_bound(sorted.begin(), sorted.end(), std::make_pair(c, int64_t(-1)));
         it != sorted.end() && it->first == c; ++it)
      f(it->second);
  }
  int64_t count(int64_t c) const {
    if (all) return 1;
    if (dense) return start[size_t(c) + 1] - start[size_t(c)];
    int64_t n = 0;
    each(c, [&](int64_t) { ++n; });
    return n;
  }
};

}  // namespace

// Two passes over the selected rows, split across threads: each row's entry count, then,
// once T is sized by their sum, each row written at its place (sorted by position in J
// unless J is increasing). A permutation of a matrix (triangle counting's presort by
// degree) is then one lookup per entry and a sort of each short row.
Csr extract_csr(const Csr &a, const IndexList &I, const IndexList &J) {
  Csr T(I.n, J.n, *a.type);
  const ColumnMap map(J, a.ncols);
  const int64_t *Aj = a.j.data();
  int64_t *P = T.p.data();
  int64_t selected = 0;  // entries of the selected rows: the threads' work
  for (int64_t r = 0; r < I.n; ++r) selected += a.row_end(I[r]) - a.row_begin(I[r]);
  const int nt = threads_for(selected);
  const auto rows = balanced_ranges(I.n, nt, [](int64_t r) { return r; });
  run_parts(nt, [&](int part) {
    for (int64_t r = rows[size_t(part)]; r < rows[size_t(part) + 1]; ++r) {
      int64_t n = 0;
      const int64_t i = I[r];
      for (int64_t k = a.row_begin(i); k < a.row_end(i); ++k) n += map.count(Aj[k]);
      P[r + 1] = n;
    }
  });
  for (int64_t r = 0; r < I.n; ++r) P[r + 1] += P[r];
  T.j.resize(size_t(P[I.n]));
  if (!a.iso) T.x.resize(size_t(P[I.n] * T.esize));
  int64_t *Tj = T.j.data();
  char *Tx = T.x.data();
  const size_t es = size_t(a.esize);
  const auto parts = balanced_ranges(I.n, nt, [&](int64_t r) { return P[r] + r; });
  run_parts(nt, [&](int part) {
    std::vector<std::pair<int64_t, int64_t>> row;  // (position in J, entry of a)
    for (int64_t r = parts[size_t(part)]; r < parts[size_t(part) + 1]; ++r) {
      const int64_t i = I[r];
      row.clear();
      for (int64_t k = a.row_begin(i); k < a.row_end(i); ++k) map.each(Aj[k], [&](int64_t b) { row.emplace_back(b, k); });
      if (!map.increasing) std::sort(row.begin(), row.end());
      int64_t dst = P[r];
      for (const auto &e : row) {
        Tj[dst] = e.first;
        if (!a.iso) copy_element(Tx + size_t(dst) * es, a.val(e.second), es);
        ++dst;
      }
    }
  });
  if (a.iso) set_iso(T, a.val(0));
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
  const Csr &a = out.d.tran0 ? A.transposed() : A.stored();  // (an iso A gives an iso T)
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
