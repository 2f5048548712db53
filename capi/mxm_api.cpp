// extern "C" weft_mxm, weft_mxv, weft_vxm.
#include "sparse_args.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_mxm(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_semiring s, weft_matrix A,
                                weft_matrix B, weft_descriptor desc) {
  return guard_on<Matrix>(__func__, C, [&] {
    const Output out = output_arg<Matrix>(C, M, accum, desc);
    mxm(out, *handle_arg<Semiring>(s, "semiring"), *handle_arg<Matrix>(A, "A"), *handle_arg<Matrix>(B, "B"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_mxv(weft_vector w, weft_vector mask, weft_binary_op accum, weft_semiring s, weft_matrix A,
                                weft_vector u, weft_descriptor desc) {
  return guard_on<Vector>(__func__, w, [&] {
    Output out = output_arg<Vector>(w, mask, accum, desc);
    out.d.tran0 = descriptor_arg(desc).tran0;
    mxv(out, *handle_arg<Semiring>(s, "semiring"), *handle_arg<Matrix>(A, "A"), *handle_arg<Vector>(u, "u"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_vxm(weft_vector w, weft_vector mask, weft_binary_op accum, weft_semiring s, weft_vector u,
                                weft_matrix A, weft_descriptor desc) {
  return guard_on<Vector>(__func__, w, [&] {
    Output out = output_arg<Vector>(w, mask, accum, desc);
    out.d.tran1 = descriptor_arg(desc).tran1;
    vxm(out, *handle_arg<Semiring>(s, "semiring"), *handle_arg<Vector>(u, "u"), *handle_arg<Matrix>(A, "A"));
    return WEFT_SUCCESS;
  });
}
