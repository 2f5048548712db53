// extern "C" apply (unary, bound first / second, index) and select, on matrices and vectors.
#include "sparse_args.hpp"

using namespace weft;
using namespace weft::capi;

namespace {
constexpr bool kMatrix = false, kVector = true;

template <class K, class H>
weft_status apply_unary(const char *fn, H C, H M, weft_binary_op accum, weft_unary_op op, H A, weft_descriptor desc) {
  return guard_on<K>(fn, C, [&] {
    const Output out = output_arg<K>(C, M, accum, desc);
    apply(out, *handle_arg<UnaryOp>(op, "op"), *handle_arg<K>(A, "A"));
    return WEFT_SUCCESS;
  });
}

template <class K, class H>
weft_status apply_bind(const char *fn, H C, H M, weft_binary_op accum, weft_binary_op op, weft_scalar x, H A,
                       weft_descriptor desc, bool first) {
  return guard_on<K>(fn, C, [&] {
    const Output out = output_arg<K>(C, M, accum, desc);
    apply_bound(out, *handle_arg<BinaryOp>(op, "op"), *handle_arg<Scalar>(x, first ? "x" : "y"), *handle_arg<K>(A, "A"),
                first);
    return WEFT_SUCCESS;
  });
}

// apply_index (Select false) or select (Select true).
template <class K, bool Select, class H>
weft_status index_unary(const char *fn, H C, H M, weft_binary_op accum, weft_index_unary_op op, H A,
                        weft_scalar thunk, weft_descriptor desc) {
  return guard_on<K>(fn, C, [&] {
    const Output out = output_arg<K>(C, M, accum, desc);
    const bool vector = K::kMagic == Magic::vector ? kVector : kMatrix;
    IndexUnaryOp &o = *handle_arg<IndexUnaryOp>(op, "op");
    Scalar &t = *handle_arg<Scalar>(thunk, "thunk");
    if (Select) select(out, o, *handle_arg<K>(A, "A"), t, vector);
    else apply_index(out, o, *handle_arg<K>(A, "A"), t, vector);
    return WEFT_SUCCESS;
  });
}
}  // namespace

extern "C" weft_status weft_matrix_apply(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_unary_op op,
                                         weft_matrix A, weft_descriptor desc) {
  return apply_unary<Matrix>(__func__, C, M, accum, op, A, desc);
}
extern "C" weft_status weft_matrix_apply_first(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_binary_op op,
                                               weft_scalar x, weft_matrix A, weft_descriptor desc) {
  return apply_bind<Matrix>(__func__, C, M, accum, op, x, A, desc, true);
}
extern "C" weft_status weft_matrix_apply_second(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_binary_op op,
                                                weft_matrix A, weft_scalar y, weft_descriptor desc) {
  return apply_bind<Matrix>(__func__, C, M, accum, op, y, A, desc, false);
}
extern "C" weft_status weft_matrix_apply_index(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                               weft_index_unary_op op, weft_matrix A, weft_scalar thunk,
                                               weft_descriptor desc) {
  return index_unary<Matrix, false>(__func__, C, M, accum, op, A, thunk, desc);
}
extern "C" weft_status weft_matrix_select(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_index_unary_op op,
                                          weft_matrix A, weft_scalar thunk, weft_descriptor desc) {
  return index_unary<Matrix, true>(__func__, C, M, accum, op, A, thunk, desc);
}
extern "C" weft_status weft_vector_apply(weft_vector w, weft_vector mask, weft_binary_op accum, weft_unary_op op,
                                         weft_vector u, weft_descriptor desc) {
  return apply_unary<Vector>(__func__, w, mask, accum, op, u, desc);
}
extern "C" weft_status weft_vector_apply_first(weft_vector w, weft_vector mask, weft_binary_op accum, weft_binary_op op,
                                               weft_scalar x, weft_vector u, weft_descriptor desc) {
  return apply_bind<Vector>(__func__, w, mask, accum, op, x, u, desc, true);
}
extern "C" weft_status weft_vector_apply_second(weft_vector w, weft_vector mask, weft_binary_op accum,
                                                weft_binary_op op, weft_vector u, weft_scalar y, weft_descriptor desc) {
  return apply_bind<Vector>(__func__, w, mask, accum, op, y, u, desc, false);
}
extern "C" weft_status weft_vector_apply_index(weft_vector w, weft_vector mask, weft_binary_op accum,
                                               weft_index_unary_op op, weft_vector u, weft_scalar thunk,
                                               weft_descriptor desc) {
  return index_unary<Vector, false>(__func__, w, mask, accum, op, u, thunk, desc);
}
extern "C" weft_status weft_vector_select(weft_vector w, weft_vector mask, weft_binary_op accum,
                                          weft_index_unary_op op, weft_vector u, weft_scalar thunk,
                                          weft_descriptor desc) {
  return index_unary<Vector, true>(__func__, w, mask, accum, op, u, thunk, desc);
}
