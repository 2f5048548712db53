// extern "C" assign: matrix, vector, their scalar forms, row, column; and subassign.
#include "sparse_args.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_matrix_assign(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_matrix A,
                                          const int64_t I[], int64_t ni, const int64_t J[], int64_t nj,
                                          weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    const Output out = output_arg<Matrix>(C, M, accum, desc);
    Matrix &a = *handle_arg<Matrix>(A, "A");
    assign(out, a, index_arg(I, ni, "I"), index_arg(J, nj, "J"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_assign_scalar(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_scalar x,
                                                 const int64_t I[], int64_t ni, const int64_t J[], int64_t nj,
                                                 weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    const Output out = output_arg<Matrix>(C, M, accum, desc);
    Scalar &s = *handle_arg<Scalar>(x, "x");
    assign_scalar(out, s, index_arg(I, ni, "I"), index_arg(J, nj, "J"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vector_assign(weft_vector w, weft_vector mask, weft_binary_op accum, weft_vector u,
                                          const int64_t I[], int64_t ni, weft_descriptor desc) {
  return guard_on<Vector>(__func__, w, [&] {
    const Output out = output_arg<Vector>(w, mask, accum, desc);
    assign(out, *handle_arg<Vector>(u, "u"), vector_row(), index_arg(I, ni, "I"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vector_assign_scalar(weft_vector w, weft_vector mask, weft_binary_op accum, weft_scalar x,
                                                 const int64_t I[], int64_t ni, weft_descriptor desc) {
  return guard_on<Vector>(__func__, w, [&] {
    const Output out = output_arg<Vector>(w, mask, accum, desc);
    assign_scalar(out, *handle_arg<Scalar>(x, "x"), vector_row(), index_arg(I, ni, "I"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_col_assign(weft_matrix C, weft_vector mask, weft_binary_op accum, weft_vector u,
                                       const int64_t I[], int64_t ni, int64_t j, weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    Output out = output_arg<Matrix>(C, nullptr, accum, desc);
    out.M = optional_arg<Vector>(mask, "mask");
    col_assign(out, *handle_arg<Vector>(u, "u"), index_arg(I, ni, "I"), j);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_row_assign(weft_matrix C, weft_vector mask, weft_binary_op accum, weft_vector u, int64_t i,
                                       const int64_t J[], int64_t nj, weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    Output out = output_arg<Matrix>(C, nullptr, accum, desc);
    out.M = optional_arg<Vector>(mask, "mask");
    row_assign(out, *handle_arg<Vector>(u, "u"), i, index_arg(J, nj, "J"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_subassign(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_matrix A,
                                             const int64_t I[], int64_t ni, const int64_t J[], int64_t nj,
                                             weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    const Output out = output_arg<Matrix>(C, M, accum, desc);
    Matrix &a = *handle_arg<Matrix>(A, "A");
    subassign(out, a, index_arg(I, ni, "I"), index_arg(J, nj, "J"));
    return WEFT_SUCCESS;
  });
}
