// select: the entries of A for which an index-unary operator is true, values unchanged
// (a filtering expression saved by the one loop).
#include "compatible.hpp"
#include "operations.hpp"

namespace weft {

void select(const Output &out, const IndexUnaryOp &op, Matrix &A, Scalar &thunk, bool vector) {
  check_index_unary(op, A, thunk);
  // The operator's result is tested as a BOOL.
  check_domain(*code_type(Code::BOOL), *op.ztype, "the operator's output as a condition");
  check_output(out, *A.type, rows_of(A, out.d.tran0), cols_of(A, out.d.tran0));
  check_has_value(thunk, "thunk");
  Csr ta;
  const Csr &a = view(A, out.d.tran0, ta);
  write_back_expr(out, expr::IndexOp<expr::Ref, true>{{&a}, &op, thunk.value(), thunk.type.get(), vector});
}

}  // namespace weft
