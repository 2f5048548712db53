// kronecker: T(i*mB + k, j*nB + l) = A(i,j) op B(k,l). Rows of T are built in order
// (row i of A, then row k of B; column j of A, then column l of B), so they come out
// sorted without a sort.
#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"

namespace weft {

void kronecker(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B) {
  check_domain(*op.xtype, *A.type, "A into the operator's first input");
  check_domain(*op.ytype, *B.type, "B into the operator's second input");
  const int64_t ma = rows_of(A, out.d.tran0), na = cols_of(A, out.d.tran0);
  const int64_t mb = rows_of(B, out.d.tran1), nb = cols_of(B, out.d.tran1);
  // A product beyond 64 bits cannot equal C's dimensions: report it as their mismatch.
  int64_t rows = 0, cols = 0;
  if (__builtin_mul_overflow(ma, mb, &rows) || __builtin_mul_overflow(na, nb, &cols))
    fail(WEFT_DIMENSION_MISMATCH, "the kronecker product's dimensions overflow 64 bits");
  check_output(out, *op.ztype, rows, cols);
  if (lazy::defer(out, {&A, &B}, {&op}, lazy::Fuse::none,
                  [&op, &A, &B](const lazy::Bind &b) { kronecker(b.out, op, b(A), b(B)); }))
    return;
  const Csr &a = view(A, out.d.tran0), &b = view(B, out.d.tran1);
  Csr T(ma * mb, na * nb, *op.ztype);
  T.p.clear();
  T.p.push_back(0);
  const Cast cx = make_cast(*op.xtype, *a.type), cy = make_cast(*op.ytype, *b.type);
  expr::Element x(op.xtype.get()), y(op.ytype.get()), z(op.ztype.get());
  for (int64_t i = 0; i < ma; ++i)
    for (int64_t k = 0; k < mb; ++k) {
      for (int64_t pa = a.row_begin(i); pa < a.row_end(i); ++pa) {
        cx(x.get(), a.val(pa));
        for (int64_t pb = b.row_begin(k); pb < b.row_end(k); ++pb) {
          cy(y.get(), b.val(pb));
          op.f(z.get(), x.get(), y.get());
          T.push(a.j[size_t(pa)] * nb + b.j[size_t(pb)], z.get());
        }
      }
      T.end_row();
    }
  write_back(out, std::move(T));
}

}  // namespace weft
