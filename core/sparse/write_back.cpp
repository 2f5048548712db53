// write_back for a computed T (write_back.hpp states the rule).
#include "write_back.hpp"

namespace weft {

void write_back(const Output &out, Csr &&T) {
  Matrix &C = *out.C;
  // Fast path: no mask, no accumulator: C = T (cast), whatever replace says.
  if (!out.M && !out.d.mask_comp && !out.accum) {
    const Cast cast = make_cast(*C.type, *T.type);
    if (cast.fn) {
      Csr c(T.nrows, T.ncols, *C.type);
      c.p = std::move(T.p);
      c.j = std::move(T.j);
      c.x.resize(size_t(c.nvals() * c.esize));
      for (int64_t k = 0; k < c.nvals(); ++k) cast(c.val(k), T.val(k));
      C.assign(std::move(c));
    } else {
      C.assign(std::move(T));
    }
    return;
  }
  switch (T.code) {  // the domains of the kernels' typed paths
    case Code::FP64: if (write_back_typed(out, expr::TypedRef<double>{&T})) return; break;
    case Code::FP32: if (write_back_typed(out, expr::TypedRef<float>{&T})) return; break;
    case Code::INT64: if (write_back_typed(out, expr::TypedRef<int64_t>{&T})) return; break;
    case Code::INT32: if (write_back_typed(out, expr::TypedRef<int32_t>{&T})) return; break;
    case Code::BOOL: if (write_back_typed(out, expr::TypedRef<bool>{&T})) return; break;
    default: break;
  }
  write_back_expr(out, expr::Ref{&T});
}

}  // namespace weft
