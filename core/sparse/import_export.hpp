// The core of weft_matrix_import/export (import_export.cpp) and of the matrix image
// (serialize.cpp). capi has checked handles, NULL pointers, shapes, the format and the
// domains; these check the contents of the caller's arrays or buffer and do the work.
#pragma once
#include <cstdint>

#include "matrix.hpp"

namespace weft {

// A new matrix (one user handle) of domain `type` from arrays in `format` (weft_format),
// values cast from vtype. Indices within a row (CSR) or column (CSC) may come in any
// order; COO entries in any order. Checked in this order, nothing created on error:
//   ptr of CSR/CSC: ptr[0] = 0, non-decreasing, ptr[n] = nvals    -> WEFT_INVALID_VALUE
//   every index (COO: ptr then idx at each position) in range    -> WEFT_INDEX_OUT_OF_BOUNDS
//   no (row, column) twice                                        -> WEFT_INVALID_VALUE
// Each message names the array position.
Matrix *import_matrix(Type *type, int64_t nrows, int64_t ncols, int format, const int64_t *ptr, const int64_t *idx,
                      const void *values, const Type &vtype, int64_t nvals);

// The array lengths of an export of a in `format`.
struct ExportLengths {
  int64_t nptr, nidx, nvals;
};
ExportLengths export_lengths(const Csr &a, int format);
// Writes a in `format` (sorted indices; values cast to vtype). The arrays have room for
// export_lengths(a, format).
void export_matrix(const Csr &a, int format, int64_t *ptr, int64_t *idx, void *values, const Type &vtype);

// The matrix image (serialize.cpp). Its length in bytes; WEFT_NOT_IMPLEMENTED for a
// user-defined domain of more than 2^20 typemap entries.
int64_t image_length(Matrix &a);
// Writes the image to buf and returns its length; capacity below it: WEFT_INSUFFICIENT_SPACE
// with nothing written.
int64_t write_image(Matrix &a, void *buf, int64_t capacity);
// A new matrix (one user handle) from an image; anything but a whole, intact image of
// this format: WEFT_INVALID_VALUE saying what is wrong.
Matrix *read_image(const void *buf, int64_t size);

}  // namespace weft
