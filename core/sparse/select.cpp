// select: the entries of A for which an index-unary operator is true, values unchanged
// (a filtering expression saved by the one loop).
#include "compatible.hpp"
#include "operations.hpp"

namespace weft {

namespace {

// select with a band operator (TRIL, TRIU, DIAG, OFFDIAG) on a predefined domain: the
// test inlined, values copied as words of their size (expr::TypedSelect). False: not
// applicable, nothing done.
template <class W>
bool select_band(const Output &out, const IndexUnaryOp &op, const Csr &a, int64_t s, bool vector) {
  switch (op.opcode) {
    case OpCode::TRIL: return write_back_typed(out, expr::TypedSelect<W, ops::Tril>{&a, s, vector});
    case OpCode::TRIU: return write_back_typed(out, expr::TypedSelect<W, ops::Triu>{&a, s, vector});
    case OpCode::DIAG: return write_back_typed(out, expr::TypedSelect<W, ops::Diag>{&a, s, vector});
    case OpCode::OFFDIAG: return write_back_typed(out, expr::TypedSelect<W, ops::Offdiag>{&a, s, vector});
    default: return false;
  }
}

bool select_typed(const Output &out, const IndexUnaryOp &op, const Csr &a, Scalar &thunk, bool vector) {
  if (a.code == Code::UDT || op.ycode != Code::INT64) return false;
  int64_t s = 0;
  make_cast(*op.ytype, *thunk.type)(&s, thunk.value());
  switch (a.esize) {
    case 8: return select_band<uint64_t>(out, op, a, s, vector);
    case 4: return select_band<uint32_t>(out, op, a, s, vector);
    case 1: return select_band<uint8_t>(out, op, a, s, vector);
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
  const Csr &a = view(A, out.d.tran0);
  if (!select_typed(out, op, a, thunk, vector))
    write_back_expr(out, expr::IndexOp<expr::Ref, true>{{&a}, &op, thunk.value(), thunk.type.get(), vector});
}

}  // namespace weft
