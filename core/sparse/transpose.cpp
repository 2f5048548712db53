// transpose: T = A' (a copy when WEFT_INP0 = WEFT_TRAN).
#include "compatible.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"

namespace weft {

void transpose(const Output &out, Matrix &A) {
  check_output(out, *A.type, cols_of(A, out.d.tran0), rows_of(A, out.d.tran0));
  if (lazy::defer(out, {&A}, {}, lazy::Fuse::none, [&A](const lazy::Bind &b) { transpose(b.out, b(A)); })) return;
  const Csr &a = A.stored();
  // A transpose A keeps (Matrix::transposed) is copied, not recomputed, its indices
  // shared (copied only if one side changes). A matrix transposed again learns whether
  // its values are all the same (then only its pattern is moved). An iso A (as stored)
  // gives an iso result.
  if (out.d.tran0) {
    write_back(out, share_structure(a));
  } else if (A.has_transposed()) {
    Csr t = share_structure(A.transposed());
    if (a.iso) set_iso(t, a.val(0));
    write_back(out, std::move(t));
  } else {
    write_back(out, transpose_csr(a, A.values_iso()));
  }
}

}  // namespace weft
