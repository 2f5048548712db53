// CSR/CSC/COO import and export. An import is a parser of outside data: every pointer
// and index is checked before it is used, then the entries are gathered by row (a
// counting sort, stable, so CSC and COO keep their given order within a row), each row
// sorted by column if it is not already, and a repeat reported by the caller's positions.
#include <algorithm>
#include <utility>
#include <vector>

#include "../support/error.hpp"
#include "import_export.hpp"

namespace weft {

namespace {

long long ll(int64_t v) { return (long long)v; }

// ptr of a CSR (CSC) import: n+1 entries from 0 to nvals, never decreasing.
void check_pointers(const int64_t *ptr, int64_t n, int64_t nvals) {
  if (ptr[0] != 0) fail(WEFT_INVALID_VALUE, "ptr[0] = %lld, must be 0", ll(ptr[0]));
  for (int64_t i = 1; i <= n; ++i)
    if (ptr[i] < ptr[i - 1])
      fail(WEFT_INVALID_VALUE, "ptr[%lld] = %lld < ptr[%lld] = %lld: pointers must not decrease", ll(i), ll(ptr[i]),
           ll(i - 1), ll(ptr[i - 1]));
  if (ptr[n] != nvals)
    fail(WEFT_INVALID_VALUE, "ptr[%lld] = %lld, must equal nvals = %lld", ll(n), ll(ptr[n]), ll(nvals));
}

void check_index(const int64_t *a, const char *array, int64_t k, int64_t bound, const char *what) {
  if (a[k] < 0 || a[k] >= bound)
    fail(WEFT_INDEX_OUT_OF_BOUNDS, "%s[%lld] = %lld is outside [0, %lld) (a %s index)", array, ll(k), ll(a[k]),
         ll(bound), what);
}

// The entries grouped by row: row i's columns are j[p[i] .. p[i+1]), and src[q] is the
// caller's position of entry q (where its value is, and what a message names).
struct Gathered {
  Indices p, j;
  std::vector<int64_t> src;
};

// CSR: already grouped; only the indices need checking.
void gather_csr(Gathered &g, int64_t nrows, int64_t ncols, const int64_t *ptr, const int64_t *idx, int64_t nvals) {
  check_pointers(ptr, nrows, nvals);
  for (int64_t k = 0; k < nvals; ++k) check_index(idx, "idx", k, ncols, "column");
  g.p.assign(ptr, ptr + nrows + 1);
  g.j.assign(idx, idx + nvals);
  g.src.resize(size_t(nvals));
  for (int64_t k = 0; k < nvals; ++k) g.src[size_t(k)] = k;
}

// Counting sort by row of entries given as (row_of(k), col_of(k)) in position order.
template <class RowOf, class ColOf>
void gather_by_row(Gathered &g, int64_t nrows, int64_t nvals, RowOf row_of, ColOf col_of) {
  g.p.assign(size_t(nrows) + 1, 0);
  for (int64_t k = 0; k < nvals; ++k) ++g.p[size_t(row_of(k)) + 1];
  for (int64_t i = 0; i < nrows; ++i) g.p[size_t(i) + 1] += g.p[size_t(i)];
  std::vector<int64_t> next(g.p.begin(), g.p.end() - 1);
  g.j.resize(size_t(nvals));
  g.src.resize(size_t(nvals));
  for (int64_t k = 0; k < nvals; ++k) {
    int64_t q = next[size_t(row_of(k))]++;
    g.j[size_t(q)] = col_of(k);
    g.src[size_t(q)] = k;
  }
}

void gather_csc(Gathered &g, int64_t nrows, int64_t ncols, const int64_t *ptr, const int64_t *idx, int64_t nvals) {
  check_pointers(ptr, ncols, nvals);
  for (int64_t k = 0; k < nvals; ++k) check_index(idx, "idx", k, nrows, "row");
  // The column of position k, walking the columns alongside k (positions come in
  // increasing order in gather_by_row's scatter pass, and again in its count pass).
  int64_t col = 0;
  auto col_of = [&](int64_t k) {
    if (k == 0) col = 0;
    while (ptr[col + 1] <= k) ++col;
    return col;
  };
  gather_by_row(
      g, nrows, nvals, [&](int64_t k) { return idx[k]; }, col_of);
}

void gather_coo(Gathered &g, int64_t nrows, int64_t ncols, const int64_t *ptr, const int64_t *idx, int64_t nvals) {
  for (int64_t k = 0; k < nvals; ++k) {
    check_index(ptr, "ptr", k, nrows, "row");
    check_index(idx, "idx", k, ncols, "column");
  }
  gather_by_row(
      g, nrows, nvals, [&](int64_t k) { return ptr[k]; }, [&](int64_t k) { return idx[k]; });
}

// Sorts each row by column (ties by position, so a repeat names the first two
// positions) and rejects repeats.
void sort_rows(Gathered &g, int format) {
  const int64_t q = sort_rows_by_column(g.p, g.j, g.src);
  if (q < 0) return;
  const int64_t i = int64_t(std::upper_bound(g.p.begin(), g.p.end(), q) - g.p.begin()) - 1;
  const char *where = format == WEFT_FORMAT_COO ? "ptr/idx" : "idx";
  fail(WEFT_INVALID_VALUE, "entry (%lld, %lld) is given twice, at %s[%lld] and %s[%lld]", ll(i), ll(g.j[size_t(q)]),
       where, ll(g.src[size_t(q - 1)]), where, ll(g.src[size_t(q)]));
}

}  // namespace

Matrix *import_matrix(Type *type, int64_t nrows, int64_t ncols, int format, const int64_t *ptr, const int64_t *idx,
                      const void *values, const Type &vtype, int64_t nvals) {
  Gathered g;
  switch (format) {
    case WEFT_FORMAT_CSR:
      gather_csr(g, nrows, ncols, ptr, idx, nvals);
      break;
    case WEFT_FORMAT_CSC:
      gather_csc(g, nrows, ncols, ptr, idx, nvals);
      break;
    default:
      gather_coo(g, nrows, ncols, ptr, idx, nvals);
      break;
  }
  sort_rows(g, format);

  Csr t(nrows, ncols, *type);
  t.p = std::move(g.p);
  t.j = std::move(g.j);
  t.x.resize(size_t(nvals * t.esize));
  const Cast cast = make_cast(*type, vtype);
  const int64_t vsize = element_size(vtype);
  const char *v = static_cast<const char *>(values);
  for (int64_t q = 0; q < nvals; ++q) cast(t.val(q), v + g.src[size_t(q)] * vsize);

  return make_matrix(type, std::move(t));
}

ExportLengths export_lengths(const Csr &a, int format) {
  const int64_t n = a.nvals();
  switch (format) {
    case WEFT_FORMAT_CSR:
      return {a.nrows + 1, n, n};
    case WEFT_FORMAT_CSC:
      return {a.ncols + 1, n, n};
    default:
      return {n, n, n};
  }
}

void export_matrix(const Csr &a, int format, int64_t *ptr, int64_t *idx, void *values, const Type &vtype) {
  const Cast cast = make_cast(vtype, *a.type);
  const int64_t vsize = element_size(vtype);
  char *v = static_cast<char *>(values);
  const int64_t nvals = a.nvals();
  if (format != WEFT_FORMAT_CSC) {
    if (format == WEFT_FORMAT_CSR) {
      std::copy(a.p.begin(), a.p.end(), ptr);
    } else {
      for (int64_t i = 0; i < a.nrows; ++i)
        for (int64_t q = a.row_begin(i); q < a.row_end(i); ++q) ptr[q] = i;
    }
    std::copy(a.j.begin(), a.j.end(), idx);
    for (int64_t q = 0; q < nvals; ++q) cast(v + q * vsize, a.val(q));
    return;
  }
  // CSC: a counting sort by column straight into the caller's arrays. ptr[c] first
  // counts column c - 1, then (prefix sums) is where column c starts and moves along as
  // it fills, ending where column c + 1 starts; one shift restores the starts. Rows are
  // visited in order, so each column's rows come out sorted.
  std::fill(ptr, ptr + a.ncols + 1, 0);
  for (int64_t jj : a.j) ++ptr[jj + 1];
  for (int64_t c = 0; c < a.ncols; ++c) ptr[c + 1] += ptr[c];
  for (int64_t i = 0; i < a.nrows; ++i)
    for (int64_t q = a.row_begin(i); q < a.row_end(i); ++q) {
      const int64_t at = ptr[a.j[size_t(q)]]++;
      idx[at] = i;
      cast(v + at * vsize, a.val(q));
    }
  for (int64_t c = a.ncols; c > 0; --c) ptr[c] = ptr[c - 1];
  ptr[0] = 0;
}

}  // namespace weft
