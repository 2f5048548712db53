// reduce to a vector (row sums; column sums through WEFT_INP0 = WEFT_TRAN) and to a
// scalar, with a monoid. Values are cast to the monoid's domain and folded in storage
// order (row-major): left to right, floating PLUS pairwise as NumPy sums (fold.hpp); a
// row without entries gives no entry.
#include <algorithm>
#include <cstring>
#include <memory>

#include "compatible.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"
#include "parallel.hpp"
#include "../expr/typed.hpp"
#include "../algebra/fold.hpp"

namespace weft {

// The monoids folded with their functor inlined when A has the monoid's domain:
// X(opcode, domain). Add one when a benchmark or an algorithm shows the need.
#define WEFT_FAST_REDUCE(X)                                                                  \
  X(PLUS, FP64) X(PLUS, FP32) X(PLUS, INT64) X(PLUS, INT32) X(MIN, FP64) X(MAX, FP64)        \
  X(MIN, INT64) X(MAX, INT64) X(LOR, BOOL) X(LAND, BOOL)

namespace {

// Calls f(V{}, Op{}) when m is one of WEFT_FAST_REDUCE and `code` (A's domain) is its
// domain, and returns what f returns; else false.
template <class F>
bool with_fast_monoid(const Monoid &m, Code code, F f) {
  const BinaryOp &op = *m.op;
  if (code != m.code || op.xcode != m.code || op.ycode != m.code || op.zcode != m.code) return false;
#define WEFT_FAST_(name, type) \
  if (op.opcode == OpCode::name && m.code == Code::type) return f(ctype_t<Code::type>{}, ops::functor_t<OpCode::name>{});
  WEFT_FAST_REDUCE(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

// The fold of each non-empty row i in [r0, r1) (row i: x[p[i]] ... x[p[i+1]-1] of
// x[0..nvals)) written to oj/ox by index, i numbered from `first`; returns how many.
// Rows of fewer than 8 values are folded left to right here, as fold_array would; for
// floating PLUS without a branch per row: eight adds, the missing values added as -0.0
// (x + -0.0 is x, -0.0 included), loads clamped to the array. Row lengths of a graph are
// unpredictable: a branch per row cost more than the adds (R-MAT 2^18 row sums, rows
// permuted, a standalone loop: 3.9 -> 3.1 ms with pairwise_block inlined).
template <class V, class Op>
int64_t fold_row_range(const int64_t *p, const V *x, int64_t nvals, int64_t r0, int64_t r1, int64_t first,
                       int64_t *oj, char *ox) {
  if (nvals == 0) return 0;
  int64_t count = 0;
  const int64_t last = nvals - 1;
  for (int64_t i = r0; i < r1; ++i) {
    const int64_t begin = p[i], n = p[i + 1] - begin;
    V z;
    if (n >= 8) {
      if constexpr (numpy_order<V, Op>()) z = n <= 128 ? pairwise_block(x + begin, n) : numpy_sum(x + begin, n);
      else z = fold_array<V, Op>(x + begin, n);
    } else if constexpr (numpy_order<V, Op>()) {
      const int64_t at = std::min(begin, last);
      z = x[at];
      for (int64_t k = 1; k < 8; ++k) {
        const V v = x[std::min(at + k, last)];
        z += k < n ? v : V(-0.0);
      }
    } else {
      if (n <= 0) continue;
      z = x[begin];
      for (int64_t k = begin + 1; k < begin + n; ++k) z = Op::f(z, x[k]);
    }
    oj[count] = first + i;
    std::memcpy(ox + count * int64_t(sizeof(V)), &z, sizeof(V));
    count += n > 0;
  }
  return count;
}

// T gets, for each row of a (or, whole, for all of a as one at position 0), the fold of
// its entries with Op on T (fold_array: left to right, floating PLUS in NumPy's order);
// empty rows give no entry.
template <class V, class Op>
void fold_typed(const Csr &a, bool whole, Csr &T) {
  const V *x = reinterpret_cast<const V *>(a.x.data());
  // All of a with an order-free monoid: pieces folded by the threads, then in order;
  // floating PLUS: numpy_sum's blocks are the pieces (the same bits as one thread).
  if (whole && (order_free<V, Op>() || numpy_order<V, Op>())) {
    const int64_t n = a.nvals();
    const int nt = threads_for(n);
    if (nt > 1) {
      const int64_t size = numpy_order<V, Op>() ? kSumBlock : (n + nt - 1) / nt;  // values a piece
      const int64_t pieces = (n + size - 1) / size;
      std::unique_ptr<V[]> part(new V[size_t(pieces)]);  // (not vector<bool>: no data())
      const auto b = balanced_ranges(pieces, nt, [](int64_t q) { return q; });
      run_parts(nt, [&](int p) {
        for (int64_t q = b[size_t(p)]; q < b[size_t(p) + 1]; ++q)
          part[size_t(q)] = fold_array<V, Op>(x + q * size, std::min(size, n - q * size));
      });
      const V z = fold_in_order<V, Op>(part.get(), pieces);
      T.j.assign(1, 0);
      T.x.resize(sizeof(V));
      std::memcpy(T.x.data(), &z, sizeof(V));
      T.p.back() = 1;
      return;
    }
  }
  // Rows [r0, r1) of p (row i: x[p[i]], ..., x[p[i+1]-1]) into out, numbered from `first`.
  auto fold_rows = [x, &a](const int64_t *p, int64_t r0, int64_t r1, int64_t first, Csr &out) {
    out.j.resize(size_t(r1 - r0));
    out.x.resize(size_t(r1 - r0) * sizeof(V));
    const int64_t count = fold_row_range<V, Op>(p, x, a.nvals(), r0, r1, first, out.j.data(), out.x.data());
    out.j.resize(size_t(count));
    out.x.resize(size_t(count) * sizeof(V));
    out.p.back() = count;
  };
  if (whole) {
    const int64_t all[2] = {0, a.nvals()};
    fold_rows(all, 0, 1, 0, T);
    return;
  }
  // Rows split across threads by their entries (each row folded whole by one thread).
  // Each thread's sums go straight to their place in T: where its rows' entries start is
  // counted first from the row pointers (a row gives an entry unless it is empty), so no
  // pieces are joined after (uniform 2^18 row sums at 2 threads: the join copied a
  // quarter of the bytes the sums read).
  const int nt = threads_for(a.nvals());
  if (nt == 1) return fold_rows(a.p.data(), 0, a.nrows, 0, T);
  const auto b = balanced_ranges(a.nrows, nt, [&](int64_t r) { return a.row_begin(r) + r; });
  const int64_t *P = a.p.data();
  std::vector<int64_t> at(size_t(nt) + 1, 0);
  run_parts(nt, [&](int q) {
    int64_t rows = 0;
    for (int64_t i = b[size_t(q)]; i < b[size_t(q) + 1]; ++i) rows += P[i + 1] > P[i];
    at[size_t(q) + 1] = rows;
  });
  for (int q = 0; q < nt; ++q) at[size_t(q) + 1] += at[size_t(q)];
  T.j.resize(size_t(at.back()));
  T.x.resize(size_t(at.back()) * sizeof(V));
  int64_t *J = T.j.data();
  char *X = T.x.data();
  run_parts(nt, [&](int q) {
    fold_row_range<V, Op>(P, x, a.nvals(), b[size_t(q)], b[size_t(q) + 1], 0, J + at[size_t(q)],
                          X + at[size_t(q)] * int64_t(sizeof(V)));
  });
  T.p.back() = at.back();
}

// fold_typed when m is one of WEFT_FAST_REDUCE on a's domain; false: nothing done.
bool reduce_typed(const Monoid &m, const Csr &a, bool whole, Csr &T) {
  return with_fast_monoid(m, a.code, [&](auto v, auto op) {
    fold_typed<decltype(v), decltype(op)>(a, whole, T);
    return true;
  });
}

// The row folds of an iso a (T: 1 x a.nrows). A row's fold depends only on its length (n
// copies of one value, folded in one order), so each length is folded once, by
// fold_row_range itself on n copies of the value (the same bits as the rows it stands
// for), and a row reads only its row pointers, not 16 bytes per entry. false: a row too
// long for the copies (more than 2^20 entries), nothing done.
template <class V, class Op>
bool fold_iso_rows(const Csr &a, Csr &T) {
  int64_t longest = 0;
  for (int64_t i = 0; i < a.nrows; ++i) longest = std::max(longest, a.row_end(i) - a.row_begin(i));
  if (longest > (int64_t(1) << 20)) return false;
  V v;
  std::memcpy(&v, a.val(0), sizeof(V));
  std::unique_ptr<V[]> copies(new V[size_t(std::max<int64_t>(longest, 1))]), fold_of(new V[size_t(longest) + 1]);
  std::fill(copies.get(), copies.get() + std::max<int64_t>(longest, 1), v);  // (not vector<bool>: no data())
  std::vector<uint8_t> known(size_t(longest) + 1, 0);
  int64_t rows = 0;
  for (int64_t i = 0; i < a.nrows; ++i) rows += a.row_end(i) > a.row_begin(i);
  T.j.resize(size_t(rows));
  T.x.resize(size_t(rows) * sizeof(V));
  int64_t *Tj = T.j.data(), at = 0;
  V *Tx = reinterpret_cast<V *>(T.x.data());
  for (int64_t i = 0; i < a.nrows; ++i) {
    const int64_t n = a.row_end(i) - a.row_begin(i);
    if (n == 0) continue;
    if (!known[size_t(n)]) {
      const int64_t p[2] = {0, n};
      int64_t j = 0;
      fold_row_range<V, Op>(p, copies.get(), longest, 0, 1, 0, &j, reinterpret_cast<char *>(&fold_of[size_t(n)]));
      known[size_t(n)] = 1;
    }
    Tj[at] = i;
    Tx[at++] = fold_of[size_t(n)];
  }
  T.p.back() = rows;
  return true;
}

// The columns of a with fewer than 8 rows folded down the rows (T: 1 x a.ncols), each
// column's values in row order into a dense workspace, the columns split across threads.
// Left to right is NumPy's order below 8 values (fold_row_range), so the bits are those
// of folding a's transpose by rows, which this saves building (betweenness's 4 x n
// column sums: the transpose was most of the reduce).
template <class V, class Op>
void fold_columns_typed(const Csr &a, Csr &T) {
  const int64_t n = a.ncols;
  std::unique_ptr<V[]> z(new V[size_t(n)]);  // (not vector: vector<bool> has no V&)
  std::vector<uint8_t> has(size_t(n), 0);
  const V *x = reinterpret_cast<const V *>(a.x.data());
  const int64_t *J = a.j.data();
  const int nt = int(std::min<int64_t>(threads_for(a.nvals()), std::max<int64_t>(n / 4096, 1)));
  std::vector<int64_t> counts(size_t(nt) + 1, 0);
  const auto cols = balanced_ranges(n, nt, [](int64_t c) { return c; });  // thread p's columns
  run_parts(nt, [&](int p) {
    const int64_t c0 = cols[size_t(p)], c1 = cols[size_t(p) + 1];
    for (int64_t i = 0; i < a.nrows; ++i) {
      const int64_t *e = J + a.row_end(i);
      for (const int64_t *q = std::lower_bound(J + a.row_begin(i), e, c0); q < e && *q < c1; ++q) {
        const int64_t c = *q;
        const V v = x[q - J];
        z[size_t(c)] = has[size_t(c)] ? Op::f(z[size_t(c)], v) : v;
        has[size_t(c)] = 1;
      }
    }
    int64_t k = 0;
    for (int64_t c = c0; c < c1; ++c) k += has[size_t(c)];
    counts[size_t(p) + 1] = k;
  });
  for (int p = 0; p < nt; ++p) counts[size_t(p) + 1] += counts[size_t(p)];
  T.j.resize(size_t(counts.back()));
  T.x.resize(size_t(counts.back()) * sizeof(V));
  int64_t *Tj = T.j.data();  // (taken outside the threads: indices.hpp)
  char *Tx = T.x.data();
  run_parts(nt, [&](int p) {
    int64_t k = counts[size_t(p)];
    for (int64_t c = cols[size_t(p)]; c < cols[size_t(p) + 1]; ++c) {
      if (!has[size_t(c)]) continue;
      Tj[k] = c;
      std::memcpy(Tx + k * int64_t(sizeof(V)), &z[size_t(c)], sizeof(V));
      ++k;
    }
  });
  T.p.back() = counts.back();
}

// fold_columns_typed when m is one of WEFT_FAST_REDUCE on a's domain and a has fewer
// than 8 rows; false: nothing done.
bool reduce_columns_typed(const Monoid &m, const Csr &a, Csr &T) {
  return a.nrows < 8 && with_fast_monoid(m, a.code, [&](auto v, auto op) {
           fold_columns_typed<decltype(v), decltype(op)>(a, T);
           return true;
         });
}

// The value fold of nonblocking mode's full tiles (lazy/values.hpp): m one of
// WEFT_FAST_REDUCE on A's domain.
lazy::FoldFn fold_values(const Monoid &m, const Matrix &A) {
  lazy::FoldFn fn = nullptr;
  with_fast_monoid(m, A.code(), [&](auto v, auto op) {
    fn = &lazy::fold_values<decltype(v), decltype(op)>;
    return true;
  });
  return fn;
}

// reduce_typed for a floating PLUS monoid over values of another domain, so that its
// sums have the same order (NumPy's) whatever A's domain: a's values cast to the
// monoid's domain once (the structure shared), then folded typed. false: not such a monoid.
bool reduce_cast(const Monoid &m, const Csr &a, bool whole, const Cast &cast, Csr &T) {
  const BinaryOp &op = *m.op;
  if (op.opcode != OpCode::PLUS || (m.code != Code::FP64 && m.code != Code::FP32) || op.xcode != m.code ||
      op.ycode != m.code || op.zcode != m.code)
    return false;
  Csr c(a.nrows, a.ncols, *m.domain);
  c.p = a.p.share();
  c.j = a.j.share();
  c.x.resize(size_t(a.nvals() * c.esize));
  const int nt = threads_for(a.nvals());
  const auto b = balanced_ranges(a.nvals(), nt, [](int64_t k) { return k; });
  run_parts(nt, [&](int q) {
    for (int64_t k = b[size_t(q)]; k < b[size_t(q) + 1]; ++k) cast(c.val(k), a.val(k));
  });
  return reduce_typed(m, c, whole, T);
}

// Folds entries [begin, end) of a into z (z holds the first one cast; returns false if empty).
bool fold(const Monoid &m, const Csr &a, int64_t begin, int64_t end, char *z, char *tmp, const Cast &cast) {
  if (begin >= end) return false;
  cast(z, a.val(begin));
  for (int64_t k = begin + 1; k < end; ++k) {
    cast(tmp, a.val(k));
    m.op->f(z, z, tmp);
  }
  return true;
}
}  // namespace

void reduce_rows(const Output &out, const Monoid &m, Matrix &A) {
  check_domain(*m.domain, *A.type, "A into the monoid");
  check_output(out, *m.domain, 1, rows_of(A, out.d.tran0));
  if (lazy::defer_reduce_rows(out, A, out.d.tran0, m,
                              [&m, &A](const lazy::Bind &b) { reduce_rows(b.out, m, b(A)); }))
    return;
  if (out.d.tran0 && !A.has_transposed()) {  // column sums of a short matrix: no transpose
    Csr T(1, A.ncols(), *m.domain);
    if (reduce_columns_typed(m, A.ready(), T)) {
      write_back(out, std::move(T));
      return;
    }
  }
  if (!out.d.tran0) {  // an iso A's rows by their lengths
    const Csr &s = A.stored();
    Csr T(1, s.nrows, *m.domain);
    if (s.iso && s.nvals() > 0 &&
        with_fast_monoid(m, s.code, [&](auto v, auto op) { return fold_iso_rows<decltype(v), decltype(op)>(s, T); })) {
      write_back(out, std::move(T));
      return;
    }
  }
  const Csr &a = view(A, out.d.tran0);
  const Cast cast = make_cast(*m.domain, *a.type);
  Csr T(1, a.nrows, *m.domain);
  T.j.reserve(size_t(a.nrows));
  T.x.reserve(size_t(a.nrows * T.esize));
  expr::Element z(m.domain.get()), tmp(m.domain.get());
  if (!reduce_typed(m, a, false, T) && !reduce_cast(m, a, false, cast, T))
    for (int64_t i = 0; i < a.nrows; ++i)
      if (fold(m, a, a.row_begin(i), a.row_end(i), z.get(), tmp.get(), cast)) T.push(i, z.get());
  T.p.back() = T.nvals();
  write_back(out, std::move(T));
}

void reduce_scalar(const Output &out, const Monoid &m, Matrix &A) {
  check_domain(*m.domain, *A.type, "A into the monoid");
  check_output(out, *m.domain, 1, 1);
  if (lazy::defer_reduce(
          out, A, m, *m.domain, [&m, &A](const lazy::Bind &b) { reduce_scalar(b.out, m, b(A)); }, fold_values(m, A)))
    return;
  // An iso A with an idempotent monoid: the fold of its copies is its one value, cast
  // (SSSP's check for negative weights on a graph of ones).
  const Csr &a = m.idempotent() && A.stored().iso ? A.stored() : A.ready();
  const Cast cast = make_cast(*m.domain, *a.type);
  Csr T(1, 1, *m.domain);
  expr::Element z(m.domain.get()), tmp(m.domain.get());
  if (a.iso) {
    if (fold(m, a, 0, std::min<int64_t>(a.nvals(), 1), z.get(), tmp.get(), cast)) T.push(0, z.get());
  } else if (!reduce_typed(m, a, true, T) && !reduce_cast(m, a, true, cast, T) && fold(m, a, 0, a.nvals(), z.get(), tmp.get(), cast)) T.push(0, z.get());
  T.p.back() = T.nvals();
  write_back(out, std::move(T));
}

}  // namespace weft
