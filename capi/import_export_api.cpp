// extern "C" matrix import/export (CSR, CSC, COO) and serialize/deserialize: handles,
// NULL pointers, shapes, formats and domains are checked here, before anything is
// touched; core/sparse/import_export.cpp and serialize.cpp check the contents.
#include "../core/sparse/import_export.hpp"
#include "collections.hpp"

using namespace weft;
using namespace weft::capi;

namespace {

Matrix *matrix_arg(weft_matrix h, const char *what) { return handle_arg<Matrix>(h, what); }

void format_arg(int format) {
  if (format != WEFT_FORMAT_CSR && format != WEFT_FORMAT_CSC && format != WEFT_FORMAT_COO)
    fail(WEFT_INVALID_VALUE, "format %d is not WEFT_FORMAT_CSR, _CSC or _COO", format);
}

}  // namespace

extern "C" weft_status weft_matrix_import(weft_type type, int64_t nrows, int64_t ncols, int format, const int64_t ptr[],
                                          const int64_t idx[], const void *values, weft_type vtype, int64_t nvals,
                                          weft_matrix *A) {
  return guard(__func__, [&] {
    Type *t = domain_arg(type, "type");
    Type *vt = data_type_arg(vtype, "vtype");
    nonnull(A, "A");
    format_arg(format);
    dimension_arg(nrows, "nrows");
    dimension_arg(ncols, "ncols");
    nonneg(nvals, "nvals");
    // CSR/CSC pointers have nrows+1 / ncols+1 entries, never none; COO's hold nvals rows.
    array_arg(ptr, format == WEFT_FORMAT_COO ? nvals : 1, "ptr");
    array_arg(idx, nvals, "idx");
    array_arg(values, nvals, "values");
    require_compatible(*t, *vt, "vtype");
    *A = publish<weft_matrix>(import_matrix(t, nrows, ncols, format, ptr, idx, values, *vt, nvals));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_export_size(weft_matrix A, int format, int64_t *nptr, int64_t *nidx,
                                               int64_t *nvals) {
  return guard(__func__, [&] {
    Matrix *a = matrix_arg(A, "A");
    format_arg(format);
    nonnull(nptr, "nptr");
    nonnull(nidx, "nidx");
    nonnull(nvals, "nvals");
    const ExportLengths n = export_lengths(a->ready(), format);
    *nptr = n.nptr;
    *nidx = n.nidx;
    *nvals = n.nvals;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_export(weft_matrix A, int format, int64_t ptr[], int64_t idx[], void *values,
                                          weft_type vtype, int64_t *nptr, int64_t *nidx, int64_t *nvals) {
  return guard(__func__, [&] {
    Matrix *a = matrix_arg(A, "A");
    Type *vt = data_type_arg(vtype, "vtype");
    format_arg(format);
    nonnull(nptr, "nptr");
    nonnull(nidx, "nidx");
    nonnull(nvals, "nvals");
    nonneg(*nptr, "*nptr");
    nonneg(*nidx, "*nidx");
    nonneg(*nvals, "*nvals");
    require_compatible(*vt, *a->type, "vtype");
    const Csr &c = a->ready();
    const ExportLengths n = export_lengths(c, format);
    array_arg(ptr, n.nptr, "ptr");
    array_arg(idx, n.nidx, "idx");
    array_arg(values, n.nvals, "values");
    if (*nptr < n.nptr || *nidx < n.nidx || *nvals < n.nvals)
      fail(WEFT_INSUFFICIENT_SPACE, "capacities (%lld, %lld, %lld) < the lengths (%lld, %lld, %lld)", (long long)*nptr,
           (long long)*nidx, (long long)*nvals, (long long)n.nptr, (long long)n.nidx, (long long)n.nvals);
    export_matrix(c, format, ptr, idx, values, *vt);
    *nptr = n.nptr;
    *nidx = n.nidx;
    *nvals = n.nvals;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_serialize_size(weft_matrix A, int64_t *size) {
  return guard(__func__, [&] {
    Matrix *a = matrix_arg(A, "A");
    nonnull(size, "size");
    *size = image_length(*a);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_serialize(weft_matrix A, void *buf, int64_t capacity, int64_t *size) {
  return guard(__func__, [&] {
    Matrix *a = matrix_arg(A, "A");
    nonnull(buf, "buf");
    nonneg(capacity, "capacity");
    nonnull(size, "size");
    *size = write_image(*a, buf, capacity);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_deserialize(const void *buf, int64_t size, weft_matrix *A) {
  return guard(__func__, [&] {
    nonnull(buf, "buf");
    nonneg(size, "size");
    nonnull(A, "A");
    *A = publish<weft_matrix>(read_image(buf, size));
    return WEFT_SUCCESS;
  });
}
