// apply (unary, bound first/second, index): expressions over one operand, saved by
// the one loop. WEFT_INP0 = WEFT_TRAN applies to A transposed.
#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"

namespace weft {

namespace {
void check_one(const Output &out, Matrix &A, const Type &t) {
  check_output(out, t, rows_of(A, out.d.tran0), cols_of(A, out.d.tran0));
}
}  // namespace

void apply(const Output &out, const UnaryOp &op, Matrix &A) {
  check_domain(*op.xtype, *A.type, "A into the operator's input");
  check_one(out, A, *op.ztype);
  const Csr &a = view(A, out.d.tran0);
  write_back_expr(out, expr::Apply<expr::Ref>{{&a}, &op});
}

void apply_bound(const Output &out, const BinaryOp &op, Scalar &x, Matrix &A, bool first) {
  // Bound first, A is the operator's second input, so WEFT_INP1 transposes it (the spec's
  // apply_BinaryOp1st); bound second, A is the first input and WEFT_INP0 does.
  const bool tran = first ? out.d.tran1 : out.d.tran0;
  check_domain(first ? *op.ytype : *op.xtype, *A.type, "A into the operator's input");
  check_scalar(x, first ? *op.xtype : *op.ytype, first ? "x" : "y");
  check_output(out, *op.ztype, rows_of(A, tran), cols_of(A, tran));
  check_has_value(x, first ? "x" : "y");
  const Csr &a = view(A, tran);
  write_back_expr(out, expr::Bind<expr::Ref>{{&a}, &op, x.value(), x.type.get(), first});
}

void apply_index(const Output &out, const IndexUnaryOp &op, Matrix &A, Scalar &thunk, bool vector) {
  check_index_unary(op, A, thunk);
  check_one(out, A, *op.ztype);
  check_has_value(thunk, "thunk");
  const Csr &a = view(A, out.d.tran0);
  write_back_expr(out, expr::IndexOp<expr::Ref, false>{{&a}, &op, thunk.value(), thunk.type.get(), vector});
}

}  // namespace weft
