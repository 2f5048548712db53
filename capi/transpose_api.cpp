// extern "C" weft_transpose and weft_kronecker.
#include "sparse_args.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_transpose(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_matrix A,
                                      weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    const Output out = output_arg<Matrix>(C, M, accum, desc);
    transpose(out, *handle_arg<Matrix>(A, "A"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_kronecker(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_binary_op op,
                                      weft_matrix A, weft_matrix B, weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    const Output out = output_arg<Matrix>(C, M, accum, desc);
    kronecker(out, *handle_arg<BinaryOp>(op, "op"), *handle_arg<Matrix>(A, "A"), *handle_arg<Matrix>(B, "B"));
    return WEFT_SUCCESS;
  });
}
