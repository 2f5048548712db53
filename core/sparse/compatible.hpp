// The domain and dimension rules of the operations (spec §1.9/§1.11; SuiteSparse's
// Source/compatible): each throws WEFT_DOMAIN_MISMATCH or WEFT_DIMENSION_MISMATCH with
// a message naming the arguments, and is called before anything is computed.
#pragma once
#include "../algebra/semiring.hpp"
#include "matrix.hpp"

namespace weft {

// Values of domain `from` (argument `what`) may be given to an operator input `to`.
void check_domain(const Type &to, const Type &from, const char *what);
// A dimension rule: a == b, else WEFT_DIMENSION_MISMATCH "<what>: a != b".
void check_dim(int64_t a, int64_t b, const char *what);
// An operator input or a collection of any domain, read through its C function: a
// valued mask needs a predefined domain.
void check_valued_mask(const Matrix &M);
// A scalar argument of a domain that fits `to`.
void check_scalar(Scalar &s, const Type &to, const char *what);
// A scalar argument that must hold a value (WEFT_EMPTY_OBJECT, an execution error:
// checked after every API rule).
void check_has_value(Scalar &s, const char *what);
// An index-unary operator on A with thunk.
void check_index_unary(const IndexUnaryOp &op, Matrix &A, Scalar &thunk);
// Rows and columns of A after an optional transpose.
inline int64_t rows_of(const Matrix &A, bool tran) { return tran ? A.ncols() : A.nrows(); }
inline int64_t cols_of(const Matrix &A, bool tran) { return tran ? A.nrows() : A.ncols(); }
// A's data, transposed when asked (the transpose is kept with A: Matrix::transposed).
const Csr &view(Matrix &A, bool tran);

}  // namespace weft
