// extern "C" extract: matrix, vector, column.
#include "sparse_args.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_matrix_extract(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_matrix A,
                                           const int64_t I[], int64_t ni, const int64_t J[], int64_t nj,
                                           weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    const Output out = output_arg<Matrix>(C, M, accum, desc);
    Matrix &a = *handle_arg<Matrix>(A, "A");
    extract(out, a, index_arg(I, ni, "I"), index_arg(J, nj, "J"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vector_extract(weft_vector w, weft_vector mask, weft_binary_op accum, weft_vector u,
                                           const int64_t I[], int64_t ni, weft_descriptor desc) {
  return guard_on<Vector>(__func__, w, [&] {
    const Output out = output_arg<Vector>(w, mask, accum, desc);
    extract(out, *handle_arg<Vector>(u, "u"), vector_row(), index_arg(I, ni, "I"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_col_extract(weft_vector w, weft_vector mask, weft_binary_op accum, weft_matrix A,
                                        const int64_t I[], int64_t ni, int64_t j, weft_descriptor desc) {
  return guard_on<Vector>(__func__, w, [&] {
    Output out = output_arg<Vector>(w, mask, accum, desc);
    out.d.tran0 = descriptor_arg(desc).tran0;
    Matrix &a = *handle_arg<Matrix>(A, "A");
    col_extract(out, a, index_arg(I, ni, "I"), j);
    return WEFT_SUCCESS;
  });
}
