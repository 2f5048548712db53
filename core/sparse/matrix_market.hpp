// Matrix Market text (weft_matrix_read_mm / write_mm and their buffer twins): the
// reader (matrix_market_read.cpp) and the writer (matrix_market_write.cpp). capi has
// checked handles, pointers and the type argument; these check the text and do the work.
//
// The format (NIST's "The Matrix Market Exchange Formats", with LAGraph's extension):
//   %%MatrixMarket matrix <coordinate|array> <real|integer|complex|pattern>
//                  <general|symmetric|skew-symmetric|hermitian>      (words: any case)
//   % comment lines; "%%GraphBLAS type <name>" names the domain (bool, int8_t .. uint64_t,
//   % float, double, float complex, double complex)
//   <nrows> <ncols> <nvals>         (array: <nrows> <ncols>)
//   coordinate: one entry a line, "i j [value]" (1-based; a complex value is "re im");
//   array: one value a line, column by column (symmetric and hermitian: the lower
//   triangle with the diagonal; skew-symmetric: strictly below it).
// Symmetric files store one of each pair (i, j), (j, i); the other is its value
// (symmetric), its negation (skew-symmetric) or its conjugate (hermitian).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "matrix.hpp"

namespace weft {

// A new matrix (one user handle) from the text[0 .. size). type: the domain wanted (a
// predefined one), or nullptr for the file's: its %%GraphBLAS line, else by field (real
// FP64, integer INT64, complex FC64, pattern BOOL). Anything that is not one whole, valid
// file is WEFT_INVALID_VALUE with a message naming the line; nothing is allocated before
// the counts that size it have been checked against what the text can hold.
Matrix *read_matrix_market(const char *text, size_t size, Type *type);
// The same from a file (read whole); WEFT_IO_ERROR when it cannot be opened or read.
Matrix *read_matrix_market_file(const char *path, Type *type);

// A's text: coordinate format, the field of A's domain (integer for BOOL and the
// integers, real, complex), a %%GraphBLAS type line, and the symmetry the values have
// (symmetric, skew-symmetric or hermitian are detected and only the lower triangle
// written). Reading it back gives A exactly (floating values are written as the
// shortest text that reads back as the same value). A user-defined domain:
// WEFT_DOMAIN_MISMATCH.
std::string write_matrix_market(Matrix &a);
// The same to a file; WEFT_IO_ERROR when it cannot be created or written (a partial file
// is removed).
void write_matrix_market_file(Matrix &a, const char *path);

// What the reader and the writer share (matrix_market_read.cpp).
namespace mm {
// The %%GraphBLAS type name of a predefined domain ("int8_t", "double complex").
const char *type_name(Code c);
// The domain a %%GraphBLAS type name names (any case), else UDT.
Code type_named(const char *b, const char *e);
// In place: -x (integers modulo 2^bits; unsigned domains unchanged) and conj(x) (complex
// domains; others unchanged): a skew-symmetric or hermitian file's mirrored entries.
void negate(Code c, void *x);
void conjugate(Code c, void *x);
}  // namespace mm

}  // namespace weft
