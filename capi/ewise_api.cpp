// extern "C" element-wise operations: add, mult, union, on matrices and vectors.
#include "sparse_args.hpp"

using namespace weft;
using namespace weft::capi;

namespace {
// The form every element-wise entry point shares; K is Matrix or Vector.
template <class K, class H>
weft_status ewise(const char *fn, H C, H M, weft_binary_op accum, weft_binary_op op, H A, H B, weft_descriptor desc,
                  void (*run)(const Output &, const BinaryOp &, Matrix &, Matrix &)) {
  return guard_on<K>(fn, C, [&] {
    const Output out = output_arg<K>(C, M, accum, desc);
    run(out, *handle_arg<BinaryOp>(op, "op"), *handle_arg<K>(A, "A"), *handle_arg<K>(B, "B"));
    return WEFT_SUCCESS;
  });
}

template <class K, class H>
weft_status ewise_union_of(const char *fn, H C, H M, weft_binary_op accum, weft_binary_op op, H A, weft_scalar alpha,
                           H B, weft_scalar beta, weft_descriptor desc) {
  return guard_on<K>(fn, C, [&] {
    const Output out = output_arg<K>(C, M, accum, desc);
    ewise_union(out, *handle_arg<BinaryOp>(op, "op"), *handle_arg<K>(A, "A"), *handle_arg<Scalar>(alpha, "alpha"),
                *handle_arg<K>(B, "B"), *handle_arg<Scalar>(beta, "beta"));
    return WEFT_SUCCESS;
  });
}
}  // namespace

extern "C" weft_status weft_matrix_ewise_add(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_binary_op op,
                                             weft_matrix A, weft_matrix B, weft_descriptor desc) {
  return ewise<Matrix>(__func__, C, M, accum, op, A, B, desc, ewise_add);
}
extern "C" weft_status weft_matrix_ewise_mult(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_binary_op op,
                                              weft_matrix A, weft_matrix B, weft_descriptor desc) {
  return ewise<Matrix>(__func__, C, M, accum, op, A, B, desc, ewise_mult);
}
extern "C" weft_status weft_matrix_ewise_union(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_binary_op op,
                                               weft_matrix A, weft_scalar alpha, weft_matrix B, weft_scalar beta,
                                               weft_descriptor desc) {
  return ewise_union_of<Matrix>(__func__, C, M, accum, op, A, alpha, B, beta, desc);
}
extern "C" weft_status weft_vector_ewise_add(weft_vector w, weft_vector mask, weft_binary_op accum, weft_binary_op op,
                                             weft_vector u, weft_vector v, weft_descriptor desc) {
  return ewise<Vector>(__func__, w, mask, accum, op, u, v, desc, ewise_add);
}
extern "C" weft_status weft_vector_ewise_mult(weft_vector w, weft_vector mask, weft_binary_op accum, weft_binary_op op,
                                              weft_vector u, weft_vector v, weft_descriptor desc) {
  return ewise<Vector>(__func__, w, mask, accum, op, u, v, desc, ewise_mult);
}
extern "C" weft_status weft_vector_ewise_union(weft_vector w, weft_vector mask, weft_binary_op accum, weft_binary_op op,
                                               weft_vector u, weft_scalar alpha, weft_vector v, weft_scalar beta,
                                               weft_descriptor desc) {
  return ewise_union_of<Vector>(__func__, w, mask, accum, op, u, alpha, v, beta, desc);
}
