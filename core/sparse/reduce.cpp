// reduce to a vector (row sums; column sums through WEFT_INP0 = WEFT_TRAN) and to a
// scalar, with a monoid. Values are cast to the monoid's domain and folded left to
// right in storage order (row-major); a row without entries gives no entry.
#include "compatible.hpp"
#include "operations.hpp"

namespace weft {

namespace {
// Folds entries [begin, end) of a into z (z holds the first one cast; returns false if empty).
bool fold(const Monoid &m, const Csr &a, int64_t begin, int64_t end, char *z, char *tmp, const Cast &cast) {
  if (begin >= end) return false;
  cast(z, a.val(begin));
  for (int64_t k = begin + 1; k < end; ++k) {
    cast(tmp, a.val(k));
    m.op->f(z, z, tmp);
  }
  return true;
}
}  // namespace

void reduce_rows(const Output &out, const Monoid &m, Matrix &A) {
  check_domain(*m.domain, *A.type, "A into the monoid");
  check_output(out, *m.domain, 1, rows_of(A, out.d.tran0));
  Csr ta;
  const Csr &a = view(A, out.d.tran0, ta);
  const Cast cast = make_cast(*m.domain, *a.type);
  Csr T(1, a.nrows, *m.domain);
  expr::Element z(m.domain.get()), tmp(m.domain.get());
  for (int64_t i = 0; i < a.nrows; ++i)
    if (fold(m, a, a.row_begin(i), a.row_end(i), z.get(), tmp.get(), cast)) T.push(i, z.get());
  T.p.back() = T.nvals();
  write_back(out, std::move(T));
}

void reduce_scalar(const Output &out, const Monoid &m, Matrix &A) {
  check_domain(*m.domain, *A.type, "A into the monoid");
  check_output(out, *m.domain, 1, 1);
  const Csr &a = A.ready();
  const Cast cast = make_cast(*m.domain, *a.type);
  Csr T(1, 1, *m.domain);
  expr::Element z(m.domain.get()), tmp(m.domain.get());
  if (fold(m, a, 0, a.nvals(), z.get(), tmp.get(), cast)) T.push(0, z.get());
  T.p.back() = T.nvals();
  write_back(out, std::move(T));
}

}  // namespace weft
