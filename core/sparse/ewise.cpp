// ewise add (union), mult (intersection) and union (union with fill values): element-wise
// expressions saved by the one loop (write_back_expr), so T is never built.
#include "../support/error.hpp"
#include "compatible.hpp"
#include "same_structure.hpp"
#include "operations.hpp"
#include "parallel.hpp"
#include "../lazy/queue.hpp"

namespace weft {

// The element-wise operators compiled with their functor inlined (expr/typed.hpp) when
// A, B, the operator and C share its domain: X(opcode, domain). Each entry compiles the
// union and the intersection loops with two or three savers; add one when a benchmark or
// an algorithm shows the need.
#define WEFT_FAST_EWISE(X)                                                                     \
  X(PLUS, FP64) X(MINUS, FP64) X(TIMES, FP64) X(DIV, FP64) X(MIN, FP64) X(MAX, FP64)           \
  X(FIRST, FP64) X(SECOND, FP64) X(PLUS, FP32) X(TIMES, FP32) X(PLUS, INT64) X(TIMES, INT64)    \
  X(MIN, INT64) X(MAX, INT64) X(PLUS, INT32) X(LOR, BOOL) X(LAND, BOOL)

// The comparisons compiled for the intersection (ewise mult) when A, B and the
// operator's inputs share the domain and C is BOOL: X(opcode, domain).
#define WEFT_FAST_COMPARE(X) X(GE, FP64) X(GT, FP64) X(LT, FP64) X(LE, FP64) X(EQ, INT64) X(NE, INT64)

namespace {

// Saves TypedIntersect<T, comparison>{a, b} (bool values) when op is one of
// WEFT_FAST_COMPARE on its inputs' domain; false: nothing done.
bool compare_typed(const Output &out, const BinaryOp &op, const Csr &a, const Csr &b) {
  const Code x = op.xcode;
  if (op.ycode != x || op.zcode != Code::BOOL || a.code != x || b.code != x) return false;
#define WEFT_FAST_(code, type)                                                             \
  if (op.opcode == OpCode::code && x == Code::type)                                        \
    return write_back_typed(out, expr::TypedIntersect<ctype_t<Code::type>, ops::functor_t<OpCode::code>>{&a, &b});
  WEFT_FAST_COMPARE(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

// Saves Node<T, functor>{a, b} when op is one of WEFT_FAST_EWISE on its inputs' domain
// and write_back_typed accepts the output; false: nothing done.
template <template <class, class> class Node>
bool ewise_typed(const Output &out, const BinaryOp &op, const Csr &a, const Csr &b) {
  const Code z = op.zcode;
  if (op.xcode != z || op.ycode != z || a.code != z || b.code != z) return false;
#define WEFT_FAST_(code, type)                                                                    \
  if (op.opcode == OpCode::code && z == Code::type) {                                             \
    using T = ctype_t<Code::type>;                                                                \
    using F = ops::functor_t<OpCode::code>;                                                       \
    auto f = [](T x, T y) { return F::f(x, y); };                                                 \
    if constexpr (std::is_same_v<Node<T, F>, expr::TypedIntersect<T, F>>)                         \
      if (save_with_full<T>(out, a, b, f)) return true;                                           \
    return save_same_structure<T>(out, a, &b, f) || write_back_typed(out, Node<T, F>{&a, &b});  \
  }
  WEFT_FAST_EWISE(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

// T = A (+) B (ewise add: union, op where both have an entry) for operands of domain T
// whose result replaces C as it is: each row one merge of two sorted lists, written
// through raw pointers. One thread writes the rows in order into arrays sized for
// nnz(A) + nnz(B) and shrinks them after; several count each row's union first, then
// write rows in place. The expression loop also merged C's old entries (which a result
// without a mask replaces) and grew T entry by entry: betweenness's paths += frontier,
// 4 x 2^18, 20 ms against SuiteSparse's 8.
// Values = false: the patterns only (t has no values; T and F unused).
template <class T, class F, bool Values = true>
Csr union_rows(const Csr &a, const Csr &b) {
  Csr t(a.nrows, a.ncols, *a.type);
  const int64_t *Aj = a.j.data(), *Bj = b.j.data();
  const T *ax = reinterpret_cast<const T *>(a.x.data()), *bx = reinterpret_cast<const T *>(b.x.data());
  // Row i merged into oj/ox from position `at`; returns the position after it. count:
  // only count (oj, ox unused).
  auto merge = [&](int64_t i, int64_t *oj, T *ox, int64_t at, bool count) {
    int64_t ka = a.row_begin(i), kb = b.row_begin(i);
    const int64_t ea = a.row_end(i), eb = b.row_end(i);
    while (ka < ea && kb < eb) {
      const int64_t ja = Aj[ka], jb = Bj[kb];
      if (!count) oj[at] = ja < jb ? ja : jb;
      if constexpr (Values)
        if (!count) ox[at] = ja < jb ? ax[ka] : jb < ja ? bx[kb] : T(F::f(ax[ka], bx[kb]));
      ++at;
      ka += ja <= jb;
      kb += jb <= ja;
    }
    if (!count && ea > ka) {  // (no memcpy of nothing: an empty operand's arrays may be null)
      std::memcpy(oj + at, Aj + ka, size_t(ea - ka) * sizeof(int64_t));
      if constexpr (Values) std::memcpy(ox + at, ax + ka, size_t(ea - ka) * sizeof(T));
    }
    if (!count && eb > kb) {
      std::memcpy(oj + at + (ea - ka), Bj + kb, size_t(eb - kb) * sizeof(int64_t));
      if constexpr (Values) std::memcpy(ox + at + (ea - ka), bx + kb, size_t(eb - kb) * sizeof(T));
    }
    return at + (ea - ka) + (eb - kb);
  };
  int64_t *P = t.p.data();
  const int nt = threads_for(a.nvals() + b.nvals());
  if (nt == 1) {
    t.j.resize(size_t(a.nvals() + b.nvals()));
    if (Values) t.x.resize(size_t(a.nvals() + b.nvals()) * sizeof(T));
    int64_t *oj = t.j.data();
    T *ox = reinterpret_cast<T *>(t.x.data());
    for (int64_t i = 0; i < a.nrows; ++i) P[i + 1] = merge(i, oj, ox, P[i], false);
  } else {
    const auto parts = balanced_ranges(a.nrows, nt, [&](int64_t r) { return a.row_begin(r) + b.row_begin(r) + r; });
    run_parts(nt, [&](int part) {
      for (int64_t i = parts[size_t(part)]; i < parts[size_t(part) + 1]; ++i) P[i + 1] = merge(i, nullptr, nullptr, 0, true);
    });
    for (int64_t i = 0; i < a.nrows; ++i) P[i + 1] += P[i];
    t.j.resize(size_t(P[a.nrows]));
    if (Values) t.x.resize(size_t(P[a.nrows]) * sizeof(T));
    int64_t *oj = t.j.data();
    T *ox = reinterpret_cast<T *>(t.x.data());
    run_parts(nt, [&](int part) {
      for (int64_t i = parts[size_t(part)]; i < parts[size_t(part) + 1]; ++i) merge(i, oj, ox, P[i], false);
    });
  }
  t.j.resize(size_t(P[a.nrows]));
  if (Values) t.x.resize(size_t(P[a.nrows]) * sizeof(T));
  return t;
}

// C = A (+) B with ONEB or PAIR, replacing C (no mask, accumulator or complement), when
// every value of T is 1: where both have an entry by the operator, and a lone entry
// (copied, cast) when A and B have no lone entries (one pattern) or store the one value 1
// (iso). Then only the patterns are merged, read as stored (an iso operand is neither
// expanded nor its values transposed), and T is iso: an undirected pattern S = T + T' of
// a T made all ones (triangle counting, connected components) moves no values. False:
// not applicable, nothing done.
bool union_of_patterns(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B) {
  if (op.opcode != OpCode::ONEB && op.opcode != OpCode::PAIR) return false;
  if (out.M || out.accum || out.d.mask_comp || out.C->code() != op.zcode) return false;
  std::vector<char> one(static_cast<size_t>(element_size(*op.ztype)) + 1), unread(64, 0), v(one.size());
  op.f(one.data(), unread.data(), unread.data());  // (ONEB and PAIR read no input)
  auto all_one = [&](Matrix &X) {
    const Csr &x = X.stored();
    if (!x.iso) return false;
    make_cast(*op.ztype, *X.type)(v.data(), x.val(0));
    return std::memcmp(v.data(), one.data(), one.size() - 1) == 0;
  };
  const bool ones = all_one(A) && all_one(B);
  // An iso operand's transpose: its pattern only (Matrix::transposed would write values).
  Csr at, bt;
  auto oriented = [&](Matrix &X, bool tran, Csr &keep) -> const Csr & {
    if (!tran) return X.stored();
    if (!ones) return X.transposed();
    keep = transpose_csr(X.stored());
    return keep;
  };
  const Csr &a = oriented(A, out.d.tran0, at), &b = oriented(B, out.d.tran1, bt);
  const bool same = same_structure(a, b);
  if (!same && !ones) return false;
  Csr t(a.nrows, a.ncols, *op.ztype);
  if (same) {
    t.p = a.p.share();
    t.j = a.j.share();
  } else {
    Csr u = union_rows<char, ops::First, false>(a, b);
    t.p = std::move(u.p);
    t.j = std::move(u.j);
  }
  set_iso(t, one.data());
  out.C->assign(std::move(t));
  return true;
}

// ewise add by union_rows when the result replaces C as it is (no mask, accumulator or
// complement), C has the operator's domain and op is one of WEFT_FAST_EWISE on A's and
// B's domain; false: nothing done.
bool union_replacing(const Output &out, const BinaryOp &op, const Csr &a, const Csr &b) {
  const Code z = op.zcode;
  if (out.M || out.accum || out.d.mask_comp || out.C->code() != z) return false;
  if (same_structure(a, b)) return false;  // save_same_structure: values only, indices shared
  if (op.xcode != z || op.ycode != z || a.code != z || b.code != z) return false;
#define WEFT_FAST_(code, type)                                                                  \
  if (op.opcode == OpCode::code && z == Code::type) {                                           \
    out.C->assign(union_rows<ctype_t<Code::type>, ops::functor_t<OpCode::code>>(a, b));         \
    return true;                                                                                \
  }
  WEFT_FAST_EWISE(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

// C<M> = A .* B where M has far fewer entries than A and B (betweenness's levels
// against full matrices): T computed only at M's entries, each looked up in A's and B's
// rows (by position in a full row, else by a galloping search from the last one found),
// then saved by the output rule like any T. The merge of A with B visits all of both
// (uniform 2^18 betweenness: 23 ms of these against SuiteSparse's 7).
template <class T, class F>
Csr intersect_at_mask(const Csr &m, const Csr &a, const Csr &b) {
  const bool a_full = is_full(a), b_full = is_full(b);
  auto rows = [&](int64_t r0, int64_t r1) {
    Csr t(r1 - r0, a.ncols, *a.type);
    t.p.assign(1, 0);  // (rows appended by end_row)
    t.j.reserve(size_t(m.row_begin(r1) - m.row_begin(r0)));
    // The position of column c in row i of x, at or after `from` (advanced), or -1.
    auto find = [](const Csr &x, bool full, int64_t i, int64_t c, int64_t &from) -> int64_t {
      if (full) return i * x.ncols + c;
      const int64_t *J = x.j.data(), *e = J + x.row_end(i);
      const int64_t *q = seek_sorted(J + from, e, c);
      from = q - J;
      return q < e && *q == c ? from : -1;
    };
    for (int64_t i = r0; i < r1; ++i) {
      int64_t fa = a.row_begin(i), fb = b.row_begin(i);
      for (int64_t q = m.row_begin(i); q < m.row_end(i); ++q) {
        const int64_t c = m.j[size_t(q)];
        const int64_t pa = find(a, a_full, i, c, fa);
        if (pa < 0) continue;
        const int64_t pb = find(b, b_full, i, c, fb);
        if (pb < 0) continue;
        t.push_value(c, T(F::f(expr::load<T>(a.val(pa)), expr::load<T>(b.val(pb)))));
      }
      t.end_row();
    }
    return t;
  };
  const int nt = threads_for(m.nvals() * 4);
  if (nt == 1) return rows(0, m.nrows);
  const auto parts = balanced_ranges(m.nrows, nt, [&](int64_t r) { return m.row_begin(r) + r; });
  std::vector<Csr> pieces(static_cast<size_t>(nt));
  run_parts(nt, [&](int part) { pieces[size_t(part)] = rows(parts[size_t(part)], parts[size_t(part) + 1]); });
  return join_rows(pieces, m.nrows, m.ncols, *a.type);
}

// ewise mult by intersect_at_mask when op is one of WEFT_FAST_EWISE on A's and B's
// domain, the mask is not complemented and has under a quarter of A's and B's entries;
// false: nothing done.
bool mult_at_mask(const Output &out, const BinaryOp &op, const Csr &a, const Csr &b) {
  if (!out.M || out.d.mask_comp) return false;
  const Csr &m = out.M->ready();
  const Code z = op.zcode;
  if (op.xcode != z || op.ycode != z || a.code != z || b.code != z || m.nvals() * 4 >= a.nvals() + b.nvals())
    return false;
#define WEFT_FAST_(code, type)                                                                                 \
  if (op.opcode == OpCode::code && z == Code::type) {                                                          \
    Csr t = intersect_at_mask<ctype_t<Code::type>, ops::functor_t<OpCode::code>>(m, a, b);                    \
    if (out.d.mask_struct) write_back_admitted(out, std::move(t)); /* (every entry of M admits) */            \
    else write_back(out, std::move(t));                                                                        \
    return true;                                                                                               \
  }
  WEFT_FAST_EWISE(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

// C = C op B (ewise add, no mask, no accumulator) with C having every entry: the same as
// accum(C, B) with op as the accumulator, which changes C's values in place at B's
// entries (write_back_typed: a full paths += frontier costs the frontier, not paths).
// False: not applicable, nothing done.
bool union_into_full(const Output &out, const BinaryOp &op, const Csr &a, const Csr &b) {
  if (out.M || out.accum || out.d.mask_comp || &a != &out.C->data || !is_full(a)) return false;
  const Code z = op.zcode;
  if (op.xcode != z || op.ycode != z || a.code != z || b.code != z) return false;
  Output acc = out;
  acc.accum = &op;
#define WEFT_FAST_ACCUM_(code)                                                              \
  if (op.opcode == OpCode::code) {                                                          \
    switch (z) {                                                                            \
      case Code::FP64: return write_back_typed(acc, expr::TypedRef<double>{&b});            \
      case Code::INT64: return write_back_typed(acc, expr::TypedRef<int64_t>{&b});          \
      default: return false;                                                                \
    }                                                                                       \
  }
  WEFT_FAST_ACCUMULATORS(WEFT_FAST_ACCUM_)
#undef WEFT_FAST_ACCUM_
  return false;
}

// How the nonblocking engine's value paths run ewise add (union) or mult (lazy/values.hpp):
// op one of WEFT_FAST_EWISE with A and B of its domain.
lazy::ValueStage ewise_values(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B, bool add) {
  lazy::ValueStage v;
  const Code z = op.zcode;
  if (op.xcode != z || op.ycode != z || A.code() != z || B.code() != z || !lazy::value_output(out, z, v)) return v;
  v.f = lazy::binary_loop(op, z);
  if (!v.f) return v;
  v.kind = add ? lazy::ValueStage::add : lazy::ValueStage::mult;
  v.x = &A;
  v.y = &B;
  return v;
}

// The rules every element-wise form shares: A and B of one shape (after transposes),
// that shape and the operator's output fit C.
void check_ewise(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B) {
  check_domain(*op.xtype, *A.type, "A into the operator's first input");
  check_domain(*op.ytype, *B.type, "B into the operator's second input");
  check_dim(rows_of(A, out.d.tran0), rows_of(B, out.d.tran1), "rows of A vs rows of B");
  check_dim(cols_of(A, out.d.tran0), cols_of(B, out.d.tran1), "columns of A vs columns of B");
  check_output(out, *op.ztype, rows_of(A, out.d.tran0), cols_of(A, out.d.tran0));
}
}  // namespace

namespace lazy {
ValueFn binary_loop(const BinaryOp &op, Code z) {
  if (op.xcode != z || op.ycode != z || op.zcode != z) return nullptr;
#define WEFT_FAST_(code, type)                      \
  if (op.opcode == OpCode::code && z == Code::type) \
    return &binary_values<ctype_t<Code::type>, ops::functor_t<OpCode::code>>;
  WEFT_FAST_EWISE(WEFT_FAST_)
#undef WEFT_FAST_
  return nullptr;
}

bool value_output(const Output &out, Code z, ValueStage &v) {
  const Matrix &C = *out.C;
  if (C.code() != z || z == Code::UDT || z == Code::FC32 || z == Code::FC64) return false;
  if (out.M && !out.d.mask_struct) {
    const Code m = out.M->code();
    if (m == Code::UDT || m == Code::FC32 || m == Code::FC64) return false;  // a valued mask tested by a typed != 0
  }
  if (out.accum && !(v.acc = binary_loop(*out.accum, z))) return false;
  v.plain = !out.M && !out.accum && !out.d.mask_comp;
  v.esize = int(C.esize());
  return true;
}
}  // namespace lazy

void ewise_add(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B) {
  check_ewise(out, op, A, B);
  // A lone entry is copied into T (op's output domain), so it must also fit there.
  check_domain(*op.ztype, *A.type, "A into the operator's output (lone entries)");
  check_domain(*op.ztype, *B.type, "B into the operator's output (lone entries)");
  if (lazy::defer(out, {&A, &B}, {&op}, lazy::elementwise_unless(out.d.tran0 || out.d.tran1),
                  [&op, &A, &B](const lazy::Bind &b) { ewise_add(b.out, op, b(A), b(B)); },
                  ewise_values(out, op, A, B, true)))
    return;
  if (union_of_patterns(out, op, A, B)) return;
  const Csr &a = view(A, out.d.tran0), &b = view(B, out.d.tran1);
  if (!union_into_full(out, op, a, b) && !union_replacing(out, op, a, b) && !ewise_typed<expr::TypedUnion>(out, op, a, b))
    write_back_expr(out, expr::Union<expr::Ref, expr::Ref>{{&a}, {&b}, &op});
}

void ewise_mult(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B) {
  check_ewise(out, op, A, B);
  if (lazy::defer(out, {&A, &B}, {&op}, lazy::elementwise_unless(out.d.tran0 || out.d.tran1),
                  [&op, &A, &B](const lazy::Bind &b) { ewise_mult(b.out, op, b(A), b(B)); },
                  ewise_values(out, op, A, B, false)))
    return;
  const Csr &a = view(A, out.d.tran0), &b = view(B, out.d.tran1);
  if (!mult_at_mask(out, op, a, b) && !ewise_typed<expr::TypedIntersect>(out, op, a, b) && !compare_typed(out, op, a, b))
    write_back_expr(out, expr::Intersect<expr::Ref, expr::Ref>{{&a}, {&b}, &op});
}

void ewise_union(const Output &out, const BinaryOp &op, Matrix &A, Scalar &alpha, Matrix &B, Scalar &beta) {
  check_ewise(out, op, A, B);
  check_domain(*op.xtype, *alpha.type, "alpha into the operator's first input");
  check_domain(*op.ytype, *beta.type, "beta into the operator's second input");
  check_has_value(alpha, "alpha");
  check_has_value(beta, "beta");
  if (lazy::defer(out, {&A, &alpha, &B, &beta}, {&op}, lazy::elementwise_unless(out.d.tran0 || out.d.tran1),
                  [&op, &A, &alpha, &B, &beta](const lazy::Bind &b) {
                    ewise_union(b.out, op, b(A), b.as(alpha), b(B), b.as(beta));
                  }))
    return;
  const Csr &a = view(A, out.d.tran0), &b = view(B, out.d.tran1);
  write_back_expr(out, expr::UnionFill<expr::Ref, expr::Ref>{{&a}, {&b}, &op, alpha.value(), alpha.type.get(),
                                                             beta.value(), beta.type.get()});
}

}  // namespace weft
