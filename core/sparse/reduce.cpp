// reduce to a vector (row sums; column sums through WEFT_INP0 = WEFT_TRAN) and to a
// scalar, with a monoid. Values are cast to the monoid's domain and folded left to
// right in storage order (row-major); a row without entries gives no entry.
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

// T gets, for each row of a (or, whole, for all of a as one at position 0), the fold of
// its entries left to right with Op on T (fold_array); empty rows give no entry.
template <class V, class Op>
void fold_typed(const Csr &a, bool whole, Csr &T) {
  const V *x = reinterpret_cast<const V *>(a.x.data());
  // All of a with an order-free monoid: pieces folded by the threads, then in order.
  if (whole && order_free<V, Op>()) {
    const int nt = threads_for(a.nvals());
    if (nt > 1) {
      std::unique_ptr<V[]> part(new V[size_t(nt)]);  // (not vector<bool>: no data())
      const auto b = balanced_ranges(a.nvals(), nt, [](int64_t k) { return k; });
      run_parts(nt, [&](int p) { part[size_t(p)] = fold_array<V, Op>(x + b[size_t(p)], b[size_t(p) + 1] - b[size_t(p)]); });
      const V z = fold_in_order<V, Op>(part.get(), nt);
      T.j.assign(1, 0);
      T.x.resize(sizeof(V));
      std::memcpy(T.x.data(), &z, sizeof(V));
      T.p.back() = 1;
      return;
    }
  }
  // Rows [r0, r1) (or all of a as one row) into out, sized first and written by index:
  // no call in the loop, so the running value stays in a register.
  auto fold_rows = [&](int64_t r0, int64_t r1, Csr &out) {
    const int64_t rows = whole ? 1 : r1 - r0;
    out.j.resize(size_t(rows));
    out.x.resize(size_t(rows) * sizeof(V));
    int64_t *oj = out.j.data(), count = 0;
    char *ox = out.x.data();
    for (int64_t i = r0; i < r1; ++i) {
      const int64_t begin = whole ? 0 : a.row_begin(i), end = whole ? a.nvals() : a.row_end(i);
      if (begin >= end) continue;
      const V z = fold_array<V, Op>(x + begin, end - begin);
      oj[count] = whole ? 0 : i;
      std::memcpy(ox + count * int64_t(sizeof(V)), &z, sizeof(V));
      ++count;
    }
    out.j.resize(size_t(count));
    out.x.resize(size_t(count) * sizeof(V));
    out.p.back() = count;
  };
  if (whole) {
    fold_rows(0, 1, T);
    return;
  }
  // Rows split across threads by their entries (each row folded whole by one thread).
  const int nt = threads_for(a.nvals());
  const auto b = balanced_ranges(a.nrows, nt, [&](int64_t r) { return a.row_begin(r) + r; });
  std::vector<Csr> pieces(static_cast<size_t>(nt), Csr(1, T.ncols, *T.type));
  run_parts(nt, [&](int p) { fold_rows(b[size_t(p)], b[size_t(p) + 1], nt == 1 ? T : pieces[size_t(p)]); });
  if (nt > 1) T = join_columns(pieces, T.ncols, *T.type);
}

// fold_typed when m is one of WEFT_FAST_REDUCE on a's domain; false: nothing done.
bool reduce_typed(const Monoid &m, const Csr &a, bool whole, Csr &T) {
  const BinaryOp &op = *m.op;
  if (a.code != m.code || op.xcode != m.code || op.ycode != m.code || op.zcode != m.code) return false;
#define WEFT_FAST_(name, type)                                                                  \
  if (op.opcode == OpCode::name && m.code == Code::type) {                                      \
    fold_typed<ctype_t<Code::type>, ops::functor_t<OpCode::name>>(a, whole, T);                 \
    return true;                                                                                \
  }
  WEFT_FAST_REDUCE(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

// The value fold of nonblocking mode's full tiles (lazy/values.hpp): m one of
// WEFT_FAST_REDUCE on A's domain.
lazy::FoldFn fold_values(const Monoid &m, const Matrix &A) {
  const BinaryOp &op = *m.op;
  if (A.code() != m.code || op.xcode != m.code || op.ycode != m.code || op.zcode != m.code) return nullptr;
#define WEFT_FAST_(name, type)                                 \
  if (op.opcode == OpCode::name && m.code == Code::type)       \
    return &lazy::fold_values<ctype_t<Code::type>, ops::functor_t<OpCode::name>>;
  WEFT_FAST_REDUCE(WEFT_FAST_)
#undef WEFT_FAST_
  return nullptr;
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
  const Csr &a = view(A, out.d.tran0);
  const Cast cast = make_cast(*m.domain, *a.type);
  Csr T(1, a.nrows, *m.domain);
  T.j.reserve(size_t(a.nrows));
  T.x.reserve(size_t(a.nrows * T.esize));
  expr::Element z(m.domain.get()), tmp(m.domain.get());
  if (!reduce_typed(m, a, false, T))
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
  const Csr &a = A.ready();
  const Cast cast = make_cast(*m.domain, *a.type);
  Csr T(1, 1, *m.domain);
  expr::Element z(m.domain.get()), tmp(m.domain.get());
  if (!reduce_typed(m, a, true, T) && fold(m, a, 0, a.nvals(), z.get(), tmp.get(), cast)) T.push(0, z.get());
  T.p.back() = T.nvals();
  write_back(out, std::move(T));
}

}  // namespace weft
