// mxm, mxv, vxm: T = A (+.*) B by Gustavson's method (row i of T accumulates A(i,k) *
// B(k,:) in a dense workspace the width of B, reset through the list of columns it
// touched), and mxv by dot products against u scattered into a dense array. Work
// O(flops + rows + the touched columns' sort). The kernels issue adds hash workspaces,
// masked dot products and typed fast paths behind the same entry points.
#include <algorithm>

#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"

namespace weft {

namespace {

// The multiply-add of one semiring with the casts of its inputs: z (+)= a * b.
struct MultiplyAdd {
  const BinaryOp *mult, *add;
  Cast a_to_x, b_to_y;
  int64_t zsize;
  expr::Element x, y, t;

  MultiplyAdd(const Semiring &s, const Type &a, const Type &b)
      : mult(s.multiply.get()), add(s.add->op.get()), zsize(element_size(*s.add->domain)),
        x(s.multiply->xtype.get()), y(s.multiply->ytype.get()), t(s.add->domain.get()) {
    a_to_x = make_cast(*mult->xtype, a);
    b_to_y = make_cast(*mult->ytype, b);
  }
  // z = a * b
  void product(void *z, const char *a, const char *b) {
    a_to_x(x.get(), a);
    b_to_y(y.get(), b);
    mult->f(z, x.get(), y.get());
  }
  // z = z + a * b
  void accumulate(void *z, const char *a, const char *b) {
    product(t.get(), a, b);
    add->f(z, z, t.get());
  }
};

// T = A * B (A: m x n, B: n x p), values in the semiring's domain.
Csr gustavson(const Semiring &s, const Csr &A, const Csr &B) {
  MultiplyAdd ma(s, *A.type, *B.type);
  Csr T(A.nrows, B.ncols, *s.add->domain);
  T.p.clear();
  T.p.push_back(0);
  const int64_t zs = ma.zsize;
  std::vector<char> work(size_t(B.ncols * zs) + 1);
  std::vector<int64_t> mark(size_t(B.ncols), -1);  // row that last touched the column
  std::vector<int64_t> touched;
  for (int64_t i = 0; i < A.nrows; ++i) {
    touched.clear();
    for (int64_t ka = A.row_begin(i); ka < A.row_end(i); ++ka) {
      const int64_t k = A.j[size_t(ka)];
      for (int64_t kb = B.row_begin(k); kb < B.row_end(k); ++kb) {
        const int64_t c = B.j[size_t(kb)];
        char *z = work.data() + c * zs;
        if (mark[size_t(c)] != i) {
          mark[size_t(c)] = i;
          touched.push_back(c);
          ma.product(z, A.val(ka), B.val(kb));
        } else {
          ma.accumulate(z, A.val(ka), B.val(kb));
        }
      }
    }
    std::sort(touched.begin(), touched.end());
    for (int64_t c : touched) T.push(c, work.data() + c * zs);
    T.end_row();
  }
  return T;
}

// T(i) = add over k of A(i,k) * u(k): dot products of A's rows with u (1 x n).
Csr dots(const Semiring &s, const Csr &A, const Csr &u) {
  MultiplyAdd ma(s, *A.type, *u.type);
  const int64_t n = u.ncols, zs = ma.zsize;
  std::vector<int64_t> where(size_t(n), -1);  // position of u(k) in u's arrays
  for (int64_t q = u.row_begin(0); q < u.row_end(0); ++q) where[size_t(u.j[size_t(q)])] = q;
  Csr T(1, A.nrows, *s.add->domain);
  std::vector<char> z(size_t(zs) + 1);
  for (int64_t i = 0; i < A.nrows; ++i) {
    bool any = false;
    for (int64_t ka = A.row_begin(i); ka < A.row_end(i); ++ka) {
      const int64_t q = where[size_t(A.j[size_t(ka)])];
      if (q < 0) continue;
      if (!any) ma.product(z.data(), A.val(ka), u.val(q));
      else ma.accumulate(z.data(), A.val(ka), u.val(q));
      any = true;
    }
    if (any) T.push(i, z.data());
  }
  T.p.back() = T.nvals();
  return T;
}

void check_semiring_inputs(const Semiring &s, const Type &a, const Type &b, const char *an, const char *bn) {
  check_domain(*s.multiply->xtype, a, an);
  check_domain(*s.multiply->ytype, b, bn);
}

}  // namespace

void mxm(const Output &out, const Semiring &s, Matrix &A, Matrix &B) {
  check_semiring_inputs(s, *A.type, *B.type, "A into the multiply's first input", "B into the multiply's second input");
  check_dim(cols_of(A, out.d.tran0), rows_of(B, out.d.tran1), "columns of A vs rows of B");
  check_output(out, *s.add->domain, rows_of(A, out.d.tran0), cols_of(B, out.d.tran1));
  Csr ta, tb;
  const Csr &a = view(A, out.d.tran0, ta);
  const Csr &b = view(B, out.d.tran1, tb);
  write_back(out, gustavson(s, a, b));
}

void mxv(const Output &out, const Semiring &s, Matrix &A, Matrix &u) {
  check_semiring_inputs(s, *A.type, *u.type, "A into the multiply's first input", "u into the multiply's second input");
  check_dim(cols_of(A, out.d.tran0), u.ncols(), "columns of A vs size of u");
  check_output(out, *s.add->domain, 1, rows_of(A, out.d.tran0));
  Csr ta;
  const Csr &a = view(A, out.d.tran0, ta);
  write_back(out, dots(s, a, u.ready()));
}

void vxm(const Output &out, const Semiring &s, Matrix &u, Matrix &A) {
  check_semiring_inputs(s, *u.type, *A.type, "u into the multiply's first input", "A into the multiply's second input");
  check_dim(u.ncols(), rows_of(A, out.d.tran1), "size of u vs rows of A");
  check_output(out, *s.add->domain, 1, cols_of(A, out.d.tran1));
  Csr ta;
  const Csr &a = view(A, out.d.tran1, ta);
  write_back(out, gustavson(s, u.ready(), a));
}

}  // namespace weft
