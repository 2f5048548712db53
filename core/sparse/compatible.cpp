// The domain and dimension rules (compatible.hpp) and the output rule's checks
// (write_back.hpp's check_output).
#include "compatible.hpp"

#include "../support/error.hpp"
#include "write_back.hpp"

namespace weft {

void check_domain(const Type &to, const Type &from, const char *what) {
  if (!compatible(to, from))
    fail(WEFT_DOMAIN_MISMATCH, "%s: a %s value cannot be given where %s is expected", what, code_name(code_of(from)),
         code_name(code_of(to)));
}

void check_dim(int64_t a, int64_t b, const char *what) {
  if (a != b) fail(WEFT_DIMENSION_MISMATCH, "%s: %lld != %lld", what, (long long)a, (long long)b);
}

void check_valued_mask(const Matrix &M) {
  if (code_of(*M.type) == Code::UDT)
    fail(WEFT_DOMAIN_MISMATCH, "a valued mask needs a predefined domain (use WEFT_STRUCTURE for a user-defined one)");
}

void check_scalar(Scalar &s, const Type &to, const char *what) {
  check_domain(to, *s.type, what);
}

void check_has_value(Scalar &s, const char *what) {
  if (s.empty()) fail(WEFT_EMPTY_OBJECT, "%s has no value", what);
}

void check_index_unary(const IndexUnaryOp &op, Matrix &A, Scalar &thunk) {
  if (!op.positional()) check_domain(*op.xtype, *A.type, "A into the operator's input");
  check_scalar(thunk, *op.ytype, "thunk");
}

const Csr &view(Matrix &A, bool tran) { return tran ? A.transposed() : A.ready(); }

void check_output(const Output &out, const Type &t, int64_t nrows, int64_t ncols) {
  const Matrix &C = *out.C;
  if (out.M) {
    check_dim(out.M->nrows(), C.nrows(), "mask rows vs output rows");
    check_dim(out.M->ncols(), C.ncols(), "mask columns vs output columns");
    if (!out.d.mask_struct) check_valued_mask(*out.M);
  }
  check_dim(nrows, C.nrows(), "result rows vs output rows");
  check_dim(ncols, C.ncols(), "result columns vs output columns");
  if (out.accum) {
    check_domain(*out.accum->xtype, *C.type, "output into accum's first input");
    check_domain(*out.accum->ytype, t, "result into accum's second input");
    check_domain(*C.type, *out.accum->ztype, "accum's output into the output");
  } else {
    check_domain(*C.type, t, "result into the output");
  }
}

}  // namespace weft
