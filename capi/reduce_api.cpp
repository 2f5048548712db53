// extern "C" reductions: a matrix to a vector, a matrix or a vector to a scalar.
#include "sparse_args.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_matrix_reduce(weft_vector w, weft_vector mask, weft_binary_op accum, weft_monoid monoid,
                                          weft_matrix A, weft_descriptor desc) {
  return guard_on<Vector>(__func__, w, [&] {
    Output out = output_arg<Vector>(w, mask, accum, desc);
    out.d.tran0 = descriptor_arg(desc).tran0;
    reduce_rows(out, *handle_arg<Monoid>(monoid, "monoid"), *handle_arg<Matrix>(A, "A"));
    return WEFT_SUCCESS;
  });
}

namespace {
template <class K, class H>
weft_status reduce_to_scalar(const char *fn, weft_scalar s, weft_binary_op accum, weft_monoid monoid, H A,
                             weft_descriptor desc) {
  return guard_on<Scalar>(fn, s, [&] {
    const Output out = output_arg<Scalar>(s, nullptr, accum, desc);
    reduce_scalar(out, *handle_arg<Monoid>(monoid, "monoid"), *handle_arg<K>(A, "A"));
    return WEFT_SUCCESS;
  });
}
}  // namespace

extern "C" weft_status weft_matrix_reduce_scalar(weft_scalar s, weft_binary_op accum, weft_monoid monoid,
                                                 weft_matrix A, weft_descriptor desc) {
  return reduce_to_scalar<Matrix>(__func__, s, accum, monoid, A, desc);
}
extern "C" weft_status weft_vector_reduce_scalar(weft_scalar s, weft_binary_op accum, weft_monoid monoid,
                                                 weft_vector u, weft_descriptor desc) {
  return reduce_to_scalar<Vector>(__func__, s, accum, monoid, u, desc);
}
