// apply (unary, bound first/second, index): expressions over one operand, saved by
// the one loop. WEFT_INP0 = WEFT_TRAN applies to A transposed.
#include "../support/error.hpp"
#include "compatible.hpp"
#include "same_structure.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"

namespace weft {

// The unary operators applied with their functor inlined when the input, the operator
// and the output share its domain: X(opcode, domain). IDENTITY and ABS are what the graph
// algorithms apply each iteration (PageRank's sinks and |r - r'|).
#define WEFT_FAST_APPLY(X) X(IDENTITY, FP64) X(ABS, FP64) X(AINV, FP64) X(IDENTITY, INT64) X(IDENTITY, BOOL)
// The binary operators with a bound scalar (apply_first / apply_second) inlined when the
// result is taken as it is, and in nonblocking mode's value loops (PageRank's damping and
// teleport).
#define WEFT_FAST_BIND(X) X(PLUS, FP64) X(MINUS, FP64) X(TIMES, FP64) X(DIV, FP64) X(MIN, FP64) X(MAX, FP64)

namespace {
void check_one(const Output &out, Matrix &A, const Type &t) {
  check_output(out, t, rows_of(A, out.d.tran0), cols_of(A, out.d.tran0));
}

// apply through a typed plan when op is one of WEFT_FAST_APPLY on a's domain and
// write_back_typed accepts the output; false: nothing done.
bool apply_typed(const Output &out, const UnaryOp &op, const Csr &a) {
  const Code z = op.zcode;
  // IDENTITY_BOOL of FP64 values (a pattern kept as booleans: betweenness's levels): the
  // cast x != 0 inlined (the expression loop cast each value through a call).
  if (op.opcode == OpCode::IDENTITY && z == Code::BOOL && op.xcode == Code::BOOL && a.code == Code::FP64)
    return save_same_structure<bool, double>(out, a, nullptr, [](double x) { return x != 0.0; });
  if (op.xcode != z || a.code != z) return false;
#define WEFT_FAST_(code, type)                                                                 \
  if (op.opcode == OpCode::code && z == Code::type) {                                          \
    using T = ctype_t<Code::type>;                                                             \
    using F = ops::functor_t<OpCode::code>;                                                    \
    return save_same_structure<T>(out, a, nullptr, [](T x) { return F::f(x); }) ||                       \
           write_back_typed(out, expr::TypedApply<T, F>{&a});                                  \
  }
  WEFT_FAST_APPLY(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

// How the nonblocking engine's value paths run apply (lazy/values.hpp): op one of
// WEFT_FAST_APPLY on A's domain.
lazy::ValueStage apply_values(const Output &out, const UnaryOp &op, Matrix &A) {
  lazy::ValueStage v;
  const Code z = op.zcode;
  if (op.xcode != z || A.code() != z || !lazy::value_output(out, z, v)) return v;
  v.x = &A;
#define WEFT_FAST_(code, type)                      \
  if (op.opcode == OpCode::code && z == Code::type) \
    v.f = &lazy::unary_values<ctype_t<Code::type>, ops::functor_t<OpCode::code>>;
  WEFT_FAST_APPLY(WEFT_FAST_)
#undef WEFT_FAST_
  if (v.f) v.kind = lazy::ValueStage::unary;
  return v;
}

// op with x bound (first: op(x, a), else op(a, x)) on a, typed when op is one of
// WEFT_FAST_BIND on a's domain and the result is taken as it is; false: nothing done.
bool bound_typed(const Output &out, const BinaryOp &op, const Csr &a, const void *x, const Type &xtype, bool first) {
  const Code z = op.zcode;
  if (op.xcode != z || op.ycode != z || code_of(xtype) != z) return false;
#define WEFT_FAST_(code, type)                                                                  \
  if (op.opcode == OpCode::code && z == Code::type) {                                           \
    using T = ctype_t<Code::type>;                                                              \
    using F = ops::functor_t<OpCode::code>;                                                     \
    const T s = expr::load<T>(x);                                                               \
    return first ? save_same_structure<T>(out, a, nullptr, [s](T v) { return F::f(s, v); })              \
                 : save_same_structure<T>(out, a, nullptr, [s](T v) { return F::f(v, s); });             \
  }
  WEFT_FAST_BIND(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

lazy::ValueStage bound_values(const Output &out, const BinaryOp &op, Scalar &x, Matrix &A, bool first) {
  lazy::ValueStage v;
  const Code z = op.zcode;
  if (op.xcode != z || op.ycode != z || x.code() != z || A.code() != z || !lazy::value_output(out, z, v)) return v;
  v.x = &A;
  v.bound = &x;
#define WEFT_FAST_(code, type)                                                                      \
  if (op.opcode == OpCode::code && z == Code::type)                                                 \
    v.f = first ? &lazy::bound_first_values<ctype_t<Code::type>, ops::functor_t<OpCode::code>>      \
                : &lazy::bound_second_values<ctype_t<Code::type>, ops::functor_t<OpCode::code>>;
  WEFT_FAST_BIND(WEFT_FAST_)
#undef WEFT_FAST_
  if (v.f) v.kind = lazy::ValueStage::unary;
  return v;
}
}  // namespace

void apply(const Output &out, const UnaryOp &op, Matrix &A) {
  check_domain(*op.xtype, *A.type, "A into the operator's input");
  check_one(out, A, *op.ztype);
  if (lazy::defer(out, {&A}, {&op}, lazy::elementwise_unless(out.d.tran0),
                  [&op, &A](const lazy::Bind &b) { apply(b.out, op, b(A)); }, apply_values(out, op, A)))
    return;
  const Csr &a = view(A, out.d.tran0);
  if (!apply_typed(out, op, a)) write_back_expr(out, expr::Apply<expr::Ref>{{&a}, &op});
}

void apply_bound(const Output &out, const BinaryOp &op, Scalar &x, Matrix &A, bool first) {
  // Bound first, A is the operator's second input, so WEFT_INP1 transposes it (the spec's
  // apply_BinaryOp1st); bound second, A is the first input and WEFT_INP0 does.
  const bool tran = first ? out.d.tran1 : out.d.tran0;
  check_domain(first ? *op.ytype : *op.xtype, *A.type, "A into the operator's input");
  check_scalar(x, first ? *op.xtype : *op.ytype, first ? "x" : "y");
  check_output(out, *op.ztype, rows_of(A, tran), cols_of(A, tran));
  check_has_value(x, first ? "x" : "y");  // reads x: runs the queued work that writes it
  if (lazy::defer(out, {&x, &A}, {&op}, lazy::elementwise_unless(tran),
                  [&op, &x, &A, first](const lazy::Bind &b) { apply_bound(b.out, op, b.as(x), b(A), first); },
                  bound_values(out, op, x, A, first)))
    return;
  const Csr &a = view(A, tran);
  if (bound_typed(out, op, a, x.value(), *x.type, first)) return;
  write_back_expr(out, expr::Bind<expr::Ref>{{&a}, &op, x.value(), x.type.get(), first});
}

void apply_index(const Output &out, const IndexUnaryOp &op, Matrix &A, Scalar &thunk, bool vector) {
  check_index_unary(op, A, thunk);
  check_one(out, A, *op.ztype);
  check_has_value(thunk, "thunk");
  if (lazy::defer(out, {&A, &thunk}, {&op}, lazy::elementwise_unless(out.d.tran0),
                  [&op, &A, &thunk, vector](const lazy::Bind &b) { apply_index(b.out, op, b(A), b.as(thunk), vector); }))
    return;
  const Csr &a = view(A, out.d.tran0);
  write_back_expr(out, expr::IndexOp<expr::Ref, false>{{&a}, &op, thunk.value(), thunk.type.get(), vector, A.origin});
}

}  // namespace weft
