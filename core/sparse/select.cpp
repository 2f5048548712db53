// select: the entries of A for which an index-unary operator is true, values unchanged
// (a filtering expression saved by the one loop).
#include <algorithm>
#include <cstring>

#include "compatible.hpp"
#include "operations.hpp"
#include "parallel.hpp"
#include "../lazy/queue.hpp"

namespace weft {

namespace {

// select with a band operator (TRIL, TRIU, DIAG, OFFDIAG) on a predefined domain: the
// test inlined, values copied as words of their size (expr::TypedSelect). False: not
// applicable, nothing done.
template <class W>
bool select_band(const Output &out, const IndexUnaryOp &op, const Csr &a, int64_t s, bool vector, expr::Origin at) {
  switch (op.opcode) {
    case OpCode::TRIL: return write_back_typed(out, expr::TypedSelect<W, ops::Tril>{&a, s, vector, at});
    case OpCode::TRIU: return write_back_typed(out, expr::TypedSelect<W, ops::Triu>{&a, s, vector, at});
    case OpCode::DIAG: return write_back_typed(out, expr::TypedSelect<W, ops::Diag>{&a, s, vector, at});
    case OpCode::OFFDIAG: return write_back_typed(out, expr::TypedSelect<W, ops::Offdiag>{&a, s, vector, at});
    default: return false;
  }
}

// TRIL / TRIU without a mask or an accumulator: the test is monotone along a row (the
// column minus the row index only grows), so each row keeps a prefix or a suffix of its
// entries, found by binary search and copied whole; any domain. T then simply becomes C.
// A matrix whose values are all the same (Matrix::values_iso) has its pattern copied and
// the value written after (a write instead of a read and a write).

// The kept entries of row i: [from, from + count) of a's arrays. A short row counts its
// kept entries without a branch (a binary search's branches in a row of 16 mispredict
// about every other step); a long one searches.
template <class Op>
std::pair<int64_t, int64_t> band_of_row(const Csr &a, int64_t i, int64_t s, bool vector, expr::Origin at) {
  const int64_t *b = a.j.data() + a.row_begin(i), *e = a.j.data() + a.row_end(i);
  auto keep = [&](int64_t c) { return vector ? Op::f(c + at.col, int64_t(0), s) : Op::f(i + at.row, c + at.col, s); };
  if (b == e) return {b - a.j.data(), 0};
  const bool prefix = keep(*b);  // else the kept entries are a suffix (maybe empty)
  if (e - b <= 32) {
    int64_t kept = 0;
    for (const int64_t *c = b; c < e; ++c) kept += keep(*c);
    return {(prefix ? b : e - kept) - a.j.data(), kept};
  }
  const int64_t *lo = b, *hi = e;
  if (prefix) hi = std::partition_point(b, e, keep);
  else lo = std::partition_point(b, e, [&](int64_t c) { return !keep(c); });
  return {lo - a.j.data(), hi - lo};
}

// The values of T, a selection of a's entries whose values were not moved (iso): an iso
// a gives an iso T (its one value); else a's one value is written at each entry.
void finish_values(Csr &T, const Csr &a, bool iso) {
  if (a.iso) set_iso(T, a.val(0));
  else if (iso && T.nvals() > 0) fill_values(T, a.val(0));
}

// T's row pointers from the counts in T.p[i + 1] (the running sum), and its index and
// value arrays sized for them: the second pass then writes each row at its place.
// values: false when T will be iso (finish_values), whose values are not sized.
void size_by_row_counts(Csr &T, bool values) {
  int64_t *P = T.p.data();
  for (int64_t i = 0; i < T.nrows; ++i) P[i + 1] += P[i];
  T.j.resize(size_t(P[T.nrows]));
  if (values) T.x.resize(size_t(P[T.nrows] * T.esize));
}

// One thread: each row's range appended as it is found. Several: two passes, rows split
// across threads in each: the kept range of every row, then, once T is sized by their
// sum, each row's range copied to its place (one pass measured 1.3x faster alone; at two
// threads the two passes beat pieces joined afterwards, R-MAT 2^18: 10.3 vs 14.2 ms).
template <class Op>
Csr band_rows(const Csr &a, int64_t s, bool vector, expr::Origin at, bool iso) {
  const int64_t vsize = iso ? 0 : a.esize;  // bytes of a value moved
  Csr T(a.nrows, a.ncols, *a.type);
  const int nt = threads_for(a.nvals());
  if (nt == 1) {
    T.j.reserve(size_t(a.nvals()));
    if (!a.iso) T.x.reserve(size_t(a.nvals() * a.esize));
    for (int64_t i = 0; i < a.nrows; ++i) {
      const auto [from, count] = band_of_row<Op>(a, i, s, vector, at);
      const int64_t to = T.nvals();
      T.j.resize(size_t(to + count));
      if (!a.iso) T.x.resize(size_t((to + count) * a.esize));
      copy_run(T.j.data() + to, a.j.data() + from, count, sizeof(int64_t));
      if (vsize) copy_run(T.x.data() + to * a.esize, a.val(from), count, vsize);
      T.p[size_t(i) + 1] = T.nvals();
    }
    finish_values(T, a, iso);
    return T;
  }
  std::vector<int64_t> from(size_t(a.nrows));
  const auto parts = balanced_ranges(a.nrows, nt, [&](int64_t r) { return a.row_begin(r) + r; });
  run_parts(nt, [&](int part) {
    for (int64_t i = parts[size_t(part)]; i < parts[size_t(part) + 1]; ++i) {
      const auto [first, count] = band_of_row<Op>(a, i, s, vector, at);
      from[size_t(i)] = first;
      T.p[size_t(i) + 1] = count;  // summed below
    }
  });
  size_by_row_counts(T, !a.iso);
  run_parts(nt, [&](int part) {
    const int64_t r0 = parts[size_t(part)], r1 = parts[size_t(part) + 1];
    // Consecutive rows' kept ranges are copied as one block while they are adjacent in A.
    for (int64_t i = r0; i < r1;) {
      const int64_t src = from[size_t(i)], dst = T.p[size_t(i)];
      int64_t last = i + 1;
      while (last < r1 && from[size_t(last)] == src + (T.p[size_t(last)] - dst)) ++last;
      const int64_t count = T.p[size_t(last)] - dst;
      copy_run(T.j.data() + dst, a.j.data() + src, count, sizeof(int64_t));
      if (vsize) copy_run(T.x.data() + dst * a.esize, a.val(src), count, vsize);
      i = last;
    }
  });
  finish_values(T, a, iso);
  return T;
}

// OFFDIAG without a mask or an accumulator: each row loses at most its one entry on the
// diagonal s, so a thread's rows keep all of A's entries in their range but those: the
// runs between them are copied whole (R-MAT 2^16, 1.8M entries: 6.3 -> 3.0-3.5 ms at 1 thread; the
// expression loop appended entry by entry and regrew T's arrays, whose fresh pages were
// half of its time). First each row's dropped position (a scan without a branch; the
// row is copied anyway), then T sized once by their sum.
Csr offdiag_rows(const Csr &a, int64_t s, bool vector, expr::Origin at, bool iso) {
  const int64_t vsize = iso ? 0 : a.esize;
  Csr T(a.nrows, a.ncols, *a.type);
  const int nt = threads_for(a.nvals());
  const auto parts = balanced_ranges(a.nrows, nt, [&](int64_t r) { return a.row_begin(r) + r; });
  std::vector<int64_t> drop(size_t(a.nrows));  // row i's dropped position, or -1
  const int64_t *J = a.j.data();
  int64_t *P = T.p.data();  // (T's arrays taken outside the threads: indices.hpp)
  run_parts(nt, [&](int part) {
    for (int64_t i = parts[size_t(part)]; i < parts[size_t(part) + 1]; ++i) {
      int64_t d = -1;
      for (int64_t k = a.row_begin(i); k < a.row_end(i); ++k) {
        const bool keep = vector ? ops::Offdiag::f(J[k] + at.col, int64_t(0), s) : ops::Offdiag::f(i + at.row, J[k] + at.col, s);
        d = keep ? d : k;
      }
      drop[size_t(i)] = d;
      P[i + 1] = a.row_end(i) - a.row_begin(i) - (d >= 0);  // summed by size_by_row_counts
    }
  });
  size_by_row_counts(T, !a.iso);
  P = T.p.data();
  int64_t *Tj = T.j.data();
  char *Tx = T.x.data();
  run_parts(nt, [&](int part) {
    const int64_t r0 = parts[size_t(part)], r1 = parts[size_t(part) + 1];
    int64_t from = a.row_begin(r0), to = P[r0];
    auto copy_to = [&](int64_t end) {  // A's entries [from, end) to T's at `to`
      copy_run(Tj + to, J + from, end - from, sizeof(int64_t));
      if (vsize) copy_run(Tx + to * a.esize, a.val(from), end - from, vsize);
      to += end - from;
    };
    for (int64_t i = r0; i < r1; ++i) {
      const int64_t d = drop[size_t(i)];
      if (d < 0) continue;
      copy_to(d);
      from = d + 1;
    }
    copy_to(a.row_begin(r1));
  });
  finish_values(T, a, iso);
  return T;
}

// Whether select copies runs of A's entries (band_rows, offdiag_rows), which take an iso
// A as stored and give an iso result.
bool copies_runs(const Output &out, const IndexUnaryOp &op) {
  return op.ycode == Code::INT64 && !out.M && !out.d.mask_comp && !out.accum &&
         (op.opcode == OpCode::TRIL || op.opcode == OpCode::TRIU || op.opcode == OpCode::OFFDIAG);
}

bool select_typed(const Output &out, const IndexUnaryOp &op, const Csr &a, bool iso, Scalar &thunk, bool vector,
                  expr::Origin at) {
  if (op.ycode != Code::INT64) return false;
  int64_t s = 0;
  make_cast(*op.ytype, *thunk.type)(&s, thunk.value());
  if (copies_runs(out, op)) {
    switch (op.opcode) {
      case OpCode::TRIL: write_back(out, band_rows<ops::Tril>(a, s, vector, at, iso)); break;
      case OpCode::TRIU: write_back(out, band_rows<ops::Triu>(a, s, vector, at, iso)); break;
      default: write_back(out, offdiag_rows(a, s, vector, at, iso)); break;
    }
    return true;
  }
  if (a.code == Code::UDT) return false;
  switch (a.esize) {
    case 8: return select_band<uint64_t>(out, op, a, s, vector, at);
    case 4: return select_band<uint32_t>(out, op, a, s, vector, at);
    case 1: return select_band<uint8_t>(out, op, a, s, vector, at);
    default: return false;
  }
}

}  // namespace

void select(const Output &out, const IndexUnaryOp &op, Matrix &A, Scalar &thunk, bool vector) {
  check_index_unary(op, A, thunk);
  // The operator's result is tested as a BOOL.
  check_domain(*code_type(Code::BOOL), *op.ztype, "the operator's output as a condition");
  check_output(out, *A.type, rows_of(A, out.d.tran0), cols_of(A, out.d.tran0));
  check_has_value(thunk, "thunk");
  if (lazy::defer(out, {&A, &thunk}, {&op}, lazy::elementwise_unless(out.d.tran0),
                  [&op, &A, &thunk, vector](const lazy::Bind &b) { select(b.out, op, b(A), b.as(thunk), vector); }))
    return;
  const Csr &a = copies_runs(out, op) && !out.d.tran0 ? A.stored() : view(A, out.d.tran0);
  if (!select_typed(out, op, a, A.values_iso(), thunk, vector, A.origin))
    write_back_expr(out, expr::IndexOp<expr::Ref, true>{{&a}, &op, thunk.value(), thunk.type.get(), vector, A.origin});
}

}  // namespace weft
