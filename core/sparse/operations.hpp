// The GraphBLAS operations (one .cpp each, named in core/CMakeLists.txt). Each checks
// its domain and dimension rules first (compatible.hpp; nothing is touched when one
// fails), computes T and ends with write_back. capi has validated the handles; vectors
// arrive as 1 x n matrices, scalars as 1 x 1 (matrix.hpp).
#pragma once
#include "../algebra/semiring.hpp"
#include "write_back.hpp"

namespace weft {

// An index list argument: n indices, or all of 0..n-1 when all is set (WEFT_ALL).
struct IndexList {
  const int64_t *idx;
  int64_t n;
  bool all;
  const char *name = "the index list";  // the caller's name for it, for messages
  int64_t operator[](int64_t k) const { return all ? k : idx[k]; }
};

void mxm(const Output &out, const Semiring &s, Matrix &A, Matrix &B);           // d.tran0/1 on A, B
void mxv(const Output &out, const Semiring &s, Matrix &A, Matrix &u);           // d.tran0 on A
void vxm(const Output &out, const Semiring &s, Matrix &u, Matrix &A);           // d.tran1 on A

void ewise_add(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B);
void ewise_mult(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B);
void ewise_union(const Output &out, const BinaryOp &op, Matrix &A, Scalar &alpha, Matrix &B, Scalar &beta);

// `vector`: the operands are vectors (index-unary operators then see (index, 0)).
void apply(const Output &out, const UnaryOp &op, Matrix &A);
void apply_bound(const Output &out, const BinaryOp &op, Scalar &x, Matrix &A, bool first);
void apply_index(const Output &out, const IndexUnaryOp &op, Matrix &A, Scalar &thunk, bool vector);
void select(const Output &out, const IndexUnaryOp &op, Matrix &A, Scalar &thunk, bool vector);

void reduce_rows(const Output &out, const Monoid &m, Matrix &A);               // d.tran0: columns
void reduce_scalar(const Output &out, const Monoid &m, Matrix &A);

void transpose(const Output &out, Matrix &A);
void kronecker(const Output &out, const BinaryOp &op, Matrix &A, Matrix &B);

// T = a(I, J) for checked indices (extract, and the regions of assign).
Csr extract_csr(const Csr &a, const IndexList &I, const IndexList &J);
void extract(const Output &out, Matrix &A, const IndexList &I, const IndexList &J);
void col_extract(const Output &out, Matrix &A, const IndexList &I, int64_t j);   // d.tran0: row j

void assign(const Output &out, Matrix &A, const IndexList &I, const IndexList &J);
void assign_scalar(const Output &out, Scalar &x, const IndexList &I, const IndexList &J);
void subassign(const Output &out, Matrix &A, const IndexList &I, const IndexList &J);
// C(I, j) = u / C(i, J) = u (the mask is a vector over the column / row).
void col_assign(const Output &out, Matrix &u, const IndexList &I, int64_t j);
void row_assign(const Output &out, Matrix &u, int64_t i, const IndexList &J);

// Objects: build, elements, tuples, diag (build.cpp, elements.cpp, tuples.cpp, diag.cpp).
void build(Matrix &C, const int64_t *I, const int64_t *J, const void *X, const Type &xtype, int64_t n,
           const BinaryOp *dup);
void set_element(Matrix &C, int64_t i, int64_t j, const void *x, const Type &xtype);
void remove_element(Matrix &C, int64_t i, int64_t j);
bool extract_element(Matrix &A, int64_t i, int64_t j, const Type &xtype, void *x);
// Writes the entries (row-major) to I, J, X (each may be nullptr); capacity checked by the caller.
void extract_tuples(Matrix &A, int64_t *I, int64_t *J, void *X, const Type *xtype);
Matrix *diag(Matrix &v, int64_t k);
void resize(Matrix &A, int64_t nrows, int64_t ncols);

}  // namespace weft
