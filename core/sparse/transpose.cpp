// transpose: T = A' (a copy when WEFT_INP0 = WEFT_TRAN).
#include "compatible.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"

namespace weft {

void transpose(const Output &out, Matrix &A) {
  check_output(out, *A.type, cols_of(A, out.d.tran0), rows_of(A, out.d.tran0));
  if (lazy::defer(out, {&A}, {}, lazy::Fuse::none, [&A](const lazy::Bind &b) { transpose(b.out, b(A)); })) return;
  const Csr &a = A.ready();
  // A transpose A keeps (Matrix::transposed) is copied, not recomputed.
  write_back(out, out.d.tran0 ? Csr(a) : A.has_transposed() ? Csr(A.transposed()) : transpose_csr(a));
}

}  // namespace weft
