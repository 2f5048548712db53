// apply (unary, bound first/second, index): expressions over one operand, saved by
// the one loop. WEFT_INP0 = WEFT_TRAN applies to A transposed.
#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"

namespace weft {

// The unary operators applied with their functor inlined when the input, the operator
// and the output share its domain: X(opcode, domain). IDENTITY and ABS are what the graph
// algorithms apply each iteration (PageRank's sinks and |r - r'|).
#define WEFT_FAST_APPLY(X) X(IDENTITY, FP64) X(ABS, FP64) X(AINV, FP64) X(IDENTITY, INT64) X(IDENTITY, BOOL)

namespace {
void check_one(const Output &out, Matrix &A, const Type &t) {
  check_output(out, t, rows_of(A, out.d.tran0), cols_of(A, out.d.tran0));
}

// apply through a typed plan when op is one of WEFT_FAST_APPLY on a's domain and
// write_back_typed accepts the output; false: nothing done.
bool apply_typed(const Output &out, const UnaryOp &op, const Csr &a) {
  const Code z = op.zcode;
  if (op.xcode != z || a.code != z) return false;
#define WEFT_FAST_(code, type)                                                      \
  if (op.opcode == OpCode::code && z == Code::type)                                 \
    return write_back_typed(out, expr::TypedApply<ctype_t<Code::type>, ops::functor_t<OpCode::code>>{&a});
  WEFT_FAST_APPLY(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}
}  // namespace

void apply(const Output &out, const UnaryOp &op, Matrix &A) {
  check_domain(*op.xtype, *A.type, "A into the operator's input");
  check_one(out, A, *op.ztype);
  if (lazy::defer(out, {&A}, {&op}, lazy::elementwise_unless(out.d.tran0),
                  [&op, &A](const lazy::Bind &b) { apply(b.out, op, b(A)); }))
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
  check_has_value(x, first ? "x" : "y");
  if (lazy::defer(out, {&x, &A}, {&op}, lazy::elementwise_unless(tran),
                  [&op, &x, &A, first](const lazy::Bind &b) { apply_bound(b.out, op, b.as(x), b(A), first); }))
    return;
  const Csr &a = view(A, tran);
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
