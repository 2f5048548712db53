// assign (the mask has C's shape), subassign (the mask has the region's shape), their
// scalar forms, and the row and column forms.
//
// Standard assign, by the spec: T holds A's entries at (I[a], J[b]) in C's coordinates;
// with an accumulator Z = accum(C, T) as for every operation; without one Z is C with the
// region I x J emptied, plus T (the region becomes exactly A). Then C<M, replace> = Z.
// Subassign applies the whole rule to the region C(I, J) alone (its mask is ni x nj, and
// replace clears only inside the region), then puts the region back.
// Row/column assign are a vector assign into the row/column, put back.
#include <algorithm>
#include <cstring>

#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"
#include "same_structure.hpp"
#include "../lazy/queue.hpp"

namespace weft {

namespace {

// The API rules of an index list: WEFT_ALL's count is the dimension; no repeats unless
// allowed (an index out of bounds is not an API error: check_bounds, afterwards).
void check_list(const IndexList &L, int64_t bound, bool allow_repeats) {
  if (L.all) {
    check_dim(L.n, bound, "WEFT_ALL count vs the dimension it indexes");
    return;
  }
  if (allow_repeats) return;
  std::vector<int64_t> s(L.idx, L.idx + L.n);
  std::sort(s.begin(), s.end());
  auto d = std::adjacent_find(s.begin(), s.end());
  if (d != s.end())
    fail(WEFT_INVALID_VALUE, "%s repeats index %lld (assigning twice to one position is undefined)", L.name,
         (long long)*d);
}

void check_bounds(const IndexList &L, int64_t bound) {
  if (L.all) return;
  for (int64_t k = 0; k < L.n; ++k)
    if (L.idx[k] < 0 || L.idx[k] >= bound)
      fail(WEFT_INDEX_OUT_OF_BOUNDS, "%s[%lld] = %lld is outside [0, %lld)", L.name, (long long)k,
           (long long)L.idx[k], (long long)bound);
}

// The list as sorted distinct indices with, for each, the last position k that names it.
// Already-increasing lists (WEFT_ALL, ranges, sorted lists) cost one pass, no sort.
std::vector<std::pair<int64_t, int64_t>> sorted_positions(const IndexList &L) {
  std::vector<std::pair<int64_t, int64_t>> s;
  s.reserve(size_t(L.n));
  bool increasing = true;
  for (int64_t k = 0; k < L.n; ++k) {
    s.emplace_back(L[k], k);
    increasing = increasing && (k == 0 || L[k] > L[k - 1]);
  }
  if (increasing) return s;
  std::sort(s.begin(), s.end());
  std::vector<std::pair<int64_t, int64_t>> u;
  for (size_t q = 0; q < s.size(); ++q)
    if (q + 1 == s.size() || s[q + 1].first != s[q].first) u.push_back(s[q]);
  return u;
}

// T (nrows x ncols, a's domain): a(k, b) placed at (I[k], J[b]). I and J without repeats
// (or, for a scalar region, deduplicated: then a's rows/columns are all alike).
Csr scatter(const Csr &a, const IndexList &I, const IndexList &J, int64_t nrows, int64_t ncols) {
  Csr T(nrows, ncols, *a.type);
  T.p.clear();
  T.p.push_back(0);
  const auto rows = sorted_positions(I), cols = sorted_positions(J);
  // Position in the sorted column list of each column of a (by b).
  std::vector<int64_t> target(size_t(J.n), -1);
  for (size_t q = 0; q < cols.size(); ++q) target[size_t(cols[q].second)] = int64_t(q);
  // J increasing: a row of a lands in C's columns in its own order, no per-row sort.
  bool in_order = cols.size() == size_t(J.n);
  for (size_t q = 0; q < cols.size() && in_order; ++q) in_order = cols[q].second == int64_t(q);
  std::vector<std::pair<int64_t, int64_t>> row;
  size_t r = 0;
  for (int64_t i = 0; i < nrows; ++i) {
    if (r < rows.size() && rows[r].first == i) {
      const int64_t ka = rows[r].second;
      row.clear();
      for (int64_t k = a.row_begin(ka); k < a.row_end(ka); ++k) {
        const int64_t q = target[size_t(a.j[size_t(k)])];
        if (q >= 0) row.emplace_back(cols[size_t(q)].first, k);
      }
      if (!in_order) std::sort(row.begin(), row.end());
      for (auto &e : row) T.push(e.first, a.val(e.second));
      ++r;
    }
    T.end_row();
  }
  return T;
}

// Z = c with the region rows x cols emptied, plus T (cast to c's domain); T lies in the region.
Csr replace_region(const Csr &c, const Csr &T, const IndexList &I, const IndexList &J) {
  std::vector<char> in_row(size_t(c.nrows), 0), in_col(size_t(c.ncols), 0);
  for (int64_t k = 0; k < I.n; ++k) in_row[size_t(I[k])] = 1;
  for (int64_t k = 0; k < J.n; ++k) in_col[size_t(J[k])] = 1;
  const Cast cast = make_cast(*c.type, *T.type);
  Csr Z(c.nrows, c.ncols, *c.type);
  Z.p.clear();
  Z.p.push_back(0);
  std::vector<char> v(size_t(c.esize) + 1);
  for (int64_t i = 0; i < c.nrows; ++i) {
    if (!in_row[size_t(i)]) {
      for (int64_t k = c.row_begin(i); k < c.row_end(i); ++k) Z.push(c.j[size_t(k)], c.val(k));
    } else {
      int64_t k = c.row_begin(i), t = T.row_begin(i);
      while (k < c.row_end(i) || t < T.row_end(i)) {
        const bool take_c = k < c.row_end(i) && (t >= T.row_end(i) || c.j[size_t(k)] < T.j[size_t(t)]);
        if (take_c) {
          if (!in_col[size_t(c.j[size_t(k)])]) Z.push(c.j[size_t(k)], c.val(k));
          ++k;
        } else {
          if (k < c.row_end(i) && c.j[size_t(k)] == T.j[size_t(t)]) ++k;
          cast(v.data(), T.val(t));
          Z.push(T.j[size_t(t)], v.data());
          ++t;
        }
      }
    }
    Z.end_row();
  }
  return Z;
}

// The standard assign of T (already in C's coordinates, inside the region I x J).
void assign_placed(const Output &out, Csr &&T, const IndexList &I, const IndexList &J) {
  if (out.accum) {
    write_back(out, std::move(T));
    return;
  }
  write_back(out, replace_region(out.C->ready(), T, I, J));
}

// A region of x's value, ni' x nj' (distinct indices), as a Csr of x's domain.
Csr filled(const Scalar &x, int64_t n_rows, int64_t n_cols) {
  Csr a(n_rows, n_cols, *x.type);
  const int64_t n = n_rows * n_cols, es = a.esize;  // (fits: capi checked the region)
  a.j.resize(size_t(n));
  a.x.resize(size_t(n * es));
  int64_t *J = a.j.data(), *P = a.p.data();  // (taken once: a non-const access checks sharing)
  for (int64_t i = 0; i < n_rows; ++i) {
    for (int64_t jj = 0; jj < n_cols; ++jj) J[i * n_cols + jj] = jj;
    P[i + 1] = (i + 1) * n_cols;
  }
  fill_values(a, x.data.val(0));
  return a;
}

// x at every position of C's shape the mask can admit: M's entries when it is a mask
// that is not complemented (the rest could never be saved), every position otherwise.
Csr fill_admitted(const Output &out, const Scalar &x) {
  if (!out.M || out.d.mask_comp) return filled(x, out.C->nrows(), out.C->ncols());
  const Csr &m = out.M->ready();
  Csr T(m.nrows, m.ncols, *x.type);
  T.p = m.p.share();  // (copied only if changed; write_back may then see T's pattern is M's)
  T.j = m.j.share();
  set_iso(T, x.data.val(0));
  return T;
}

// The distinct indices of L, as a new list (held in `keep`).
IndexList distinct(const IndexList &L, std::vector<int64_t> &keep) {
  if (L.all) return L;
  keep.assign(L.idx, L.idx + L.n);
  std::sort(keep.begin(), keep.end());
  keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
  return IndexList{keep.data(), int64_t(keep.size()), false};
}

// The API rules of an assign of values of domain t (the bounds come after: check_bounds).
void check_assign(const Output &out, const Type &t, const IndexList &I, const IndexList &J, bool repeats) {
  check_output(out, t, out.C->nrows(), out.C->ncols());
  check_list(I, out.C->nrows(), repeats);
  check_list(J, out.C->ncols(), repeats);
}

// A temporary collection of C's domain (subassign's region, a row or a column).
void make_temporary(Matrix &m, const Matrix &C, Csr &&data) {
  m.type = C.type;
  m.data = Csr(data.nrows, data.ncols, *C.type);
  m.assign(std::move(data));
}

// The API rules of assign (of a matrix or vector A).
void check_assign_from(const Output &out, Matrix &A, const IndexList &I, const IndexList &J) {
  check_dim(rows_of(A, out.d.tran0), I.n, "rows of A vs the number of row indices");
  check_dim(cols_of(A, out.d.tran0), J.n, "columns of A vs the number of column indices");
  check_assign(out, *A.type, I, J, false);
}

}  // namespace

void assign(const Output &out, Matrix &A, const IndexList &I, const IndexList &J) {
  check_assign_from(out, A, I, J);
  if (lazy::defer(out, {&A, out.C}, {}, lazy::Fuse::none,
                  [&A, I = lazy::OwnedList(I), J = lazy::OwnedList(J)](const lazy::Bind &b) {
                    assign(b.out, b(A), *I, *J);
                  }))
    return;
  check_bounds(I, out.C->nrows());
  check_bounds(J, out.C->ncols());
  const Csr &a = view(A, out.d.tran0);
  assign_placed(out, scatter(a, I, J, out.C->nrows(), out.C->ncols()), I, J);
}

void assign_scalar(const Output &out, Scalar &x, const IndexList &I, const IndexList &J) {
  if (!I.all && I.n > out.C->nrows()) fail(WEFT_DIMENSION_MISMATCH, "more row indices than rows");
  if (!J.all && J.n > out.C->ncols()) fail(WEFT_DIMENSION_MISMATCH, "more column indices than columns");
  check_assign(out, *x.type, I, J, true);
  if (x.empty()) fail(WEFT_EMPTY_OBJECT, "the scalar to assign has no value");
  // Every position of C (all rows and columns; a vector's one row): element-wise, and a
  // tile's lists are all of the tile's. Else C outside the lists is read.
  const bool everywhere = J.all && (I.all || out.C->magic == Magic::vector);
  lazy::ValueStage fill;  // the value paths' form: every position gets x
  if (everywhere && x.code() == out.C->code() && lazy::value_output(out, x.code(), fill) &&
      (fill.f = lazy::fill_loop(x.code()))) {
    fill.kind = lazy::ValueStage::fill;
    fill.bound = &x;
  }
  if (lazy::defer(out, {&x, everywhere ? nullptr : out.C}, {}, everywhere ? lazy::Fuse::elementwise : lazy::Fuse::none,
                  [&x, I = lazy::OwnedList(I), J = lazy::OwnedList(J), everywhere](const lazy::Bind &b) {
                    if (!everywhere) return assign_scalar(b.out, b.as(x), *I, *J);
                    const Matrix &C = *b.out.C;
                    IndexList i = *I, j = *J;
                    if (i.all) i.n = C.nrows();
                    j.n = C.ncols();
                    assign_scalar(b.out, b.as(x), i, j);
                  },
                  std::move(fill)))
    return;
  check_bounds(I, out.C->nrows());
  check_bounds(J, out.C->ncols());
  std::vector<int64_t> ki, kj;
  const IndexList di = distinct(I, ki), dj = distinct(J, kj);
  if (di.n == out.C->nrows() && dj.n == out.C->ncols()) {  // all of C: nothing to empty first, Z = T
    if (!out.M && !out.accum && !out.d.mask_comp && is_full(out.C->ready())) {
      // C keeps its structure (every position): only its values change, in place.
      Csr &c = out.C->change_values();
      std::vector<char> v(size_t(c.esize));
      make_cast(*out.C->type, *x.type)(v.data(), x.data.val(0));
      fill_values(c, v.data());
      return;
    }
    write_back(out, fill_admitted(out, x));
    return;
  }
  assign_placed(out, scatter(filled(x, di.n, dj.n), di, dj, out.C->nrows(), out.C->ncols()), di, dj);
}

void subassign(const Output &out, Matrix &A, const IndexList &I, const IndexList &J) {
  Matrix &C = *out.C;
  check_dim(rows_of(A, out.d.tran0), I.n, "rows of A vs the number of row indices");
  check_dim(cols_of(A, out.d.tran0), J.n, "columns of A vs the number of column indices");
  // The rule acts on the region S = C(I, J); the mask has S's shape.
  Matrix S;
  make_temporary(S, C, Csr(I.n, J.n, *C.type));
  Output region = out;
  region.C = &S;
  check_output(region, *A.type, I.n, J.n);
  check_list(I, C.nrows(), false);
  check_list(J, C.ncols(), false);
  if (lazy::defer(out, {&A, &C}, {}, lazy::Fuse::none,
                  [&A, I = lazy::OwnedList(I), J = lazy::OwnedList(J)](const lazy::Bind &b) {
                    subassign(b.out, b(A), *I, *J);
                  }))
    return;
  check_bounds(I, C.nrows());
  check_bounds(J, C.ncols());
  S.assign(extract_csr(C.ready(), I, J));
  const Csr &a = view(A, out.d.tran0);
  write_back(region, Csr(a));
  // The region of C becomes exactly S.
  C.assign(replace_region(C.ready(), scatter(S.ready(), I, J, C.nrows(), C.ncols()), I, J));
}

void row_assign(const Output &out, Matrix &u, int64_t i, const IndexList &J) {
  Matrix &C = *out.C;
  if (i < 0 || i >= C.nrows()) fail(WEFT_INVALID_INDEX, "i = %lld is outside [0, %lld)", (long long)i, (long long)C.nrows());
  const int64_t one[1] = {i}, zero[1] = {0};
  const IndexList row{one, 1, false, "i"}, all{nullptr, C.ncols(), true, "all columns"};
  const IndexList first{zero, 1, false, "the row"};
  Matrix r;  // C(i, :) as a vector; the rule (and replace) act on it alone
  make_temporary(r, C, Csr(1, C.ncols(), *C.type));
  Output o = out;
  o.C = &r;
  o.d.tran0 = false;
  check_assign_from(o, u, first, J);
  if (lazy::defer(out, {&u, &C}, {}, lazy::Fuse::none,
                  [&u, i, J = lazy::OwnedList(J)](const lazy::Bind &b) { row_assign(b.out, b(u), i, *J); }))
    return;
  r.assign(extract_csr(C.ready(), row, all));
  assign(o, u, first, J);
  C.assign(replace_region(C.ready(), scatter(r.ready(), row, all, C.nrows(), C.ncols()), row, all));
}

void col_assign(const Output &out, Matrix &u, const IndexList &I, int64_t j) {
  Matrix &C = *out.C;
  if (j < 0 || j >= C.ncols()) fail(WEFT_INVALID_INDEX, "j = %lld is outside [0, %lld)", (long long)j, (long long)C.ncols());
  const int64_t one[1] = {j}, zero[1] = {0};
  const IndexList col{one, 1, false, "j"}, all{nullptr, C.nrows(), true, "all rows"};
  const IndexList first{zero, 1, false, "the column"};
  Matrix c;  // C(:, j) as a vector (1 x nrows); the rule acts on it alone
  make_temporary(c, C, Csr(1, C.nrows(), *C.type));
  Output o = out;
  o.C = &c;
  o.d.tran0 = false;
  check_assign_from(o, u, first, I);
  if (lazy::defer(out, {&u, &C}, {}, lazy::Fuse::none,
                  [&u, I = lazy::OwnedList(I), j](const lazy::Bind &b) { col_assign(b.out, b(u), *I, j); }))
    return;
  c.assign(extract_csr(transpose_csr(C.ready()), col, all));
  assign(o, u, first, I);
  C.assign(replace_region(C.ready(), scatter(transpose_csr(c.ready()), all, col, C.nrows(), C.ncols()), all, col));
}

}  // namespace weft
