// ewise add (union), mult (intersection) and union (union with fill values): element-wise
// expressions saved by the one loop (write_back_expr), so T is never built.
#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"

namespace weft {

namespace {
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

void ewise_add(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B) {
  check_ewise(out, op, A, B);
  // A lone entry is copied into T (op's output domain), so it must also fit there.
  check_domain(*op.ztype, *A.type, "A into the operator's output (lone entries)");
  check_domain(*op.ztype, *B.type, "B into the operator's output (lone entries)");
  Csr ta, tb;
  const Csr &a = view(A, out.d.tran0, ta), &b = view(B, out.d.tran1, tb);
  write_back_expr(out, expr::Union<expr::Ref, expr::Ref>{{&a}, {&b}, &op});
}

void ewise_mult(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B) {
  check_ewise(out, op, A, B);
  Csr ta, tb;
  const Csr &a = view(A, out.d.tran0, ta), &b = view(B, out.d.tran1, tb);
  write_back_expr(out, expr::Intersect<expr::Ref, expr::Ref>{{&a}, {&b}, &op});
}

void ewise_union(const Output &out, const BinaryOp &op, Matrix &A, Scalar &alpha, Matrix &B, Scalar &beta) {
  check_ewise(out, op, A, B);
  check_domain(*op.xtype, *alpha.type, "alpha into the operator's first input");
  check_domain(*op.ytype, *beta.type, "beta into the operator's second input");
  check_has_value(alpha, "alpha");
  check_has_value(beta, "beta");
  Csr ta, tb;
  const Csr &a = view(A, out.d.tran0, ta), &b = view(B, out.d.tran1, tb);
  write_back_expr(out, expr::UnionFill<expr::Ref, expr::Ref>{{&a}, {&b}, &op, alpha.value(), alpha.type.get(),
                                                             beta.value(), beta.type.get()});
}

}  // namespace weft
