// An element-wise operation whose operands have one structure — the same entries, as
// dense (full) vectors do, or a vector and what was computed from it — and whose result
// replaces C as it is (no mask, no accumulator): T then has that structure too, and its
// values are one loop over the value arrays, which the compiler vectorises, instead of a
// merge of two index lists (ewise) or a walk (apply). T shares the operand's row pointers
// and indices (indices.hpp: copied only if one of them is changed later), so only the
// values are written. A unary operation always keeps its operand's structure.
#pragma once
#include <cstring>

#include "../algebra/ops.hpp"
#include "write_back.hpp"

namespace weft {

// Whether a and b (of one shape) have the same entries: both full, or equal row pointers
// and indices (compared at memory speed, or known from an earlier comparison of the same
// unchanged arrays; they differ early when they differ at all).
inline bool same_structure(const Csr &a, const Csr &b) {
  if (a.nvals() != b.nvals()) return false;
  if (a.nvals() == 0 || is_full(a)) return true;  // (and no memcmp of empty, maybe null, arrays)
  return Indices::equal(a.p, b.p) && Indices::equal(a.j, b.j);  // (shared or remembered: O(1))
}

// C = f(a) (b null) or f(a, b) on operands of domain X (T unless given) with one
// structure, when the output rule keeps T as it is and C has domain T. False: not
// applicable, nothing done. When C itself already has that structure (the same
// vector's next iteration, or C one of the operands), only its values are written, in
// place: no index array is copied.
template <class T, class X = T, class F>
bool save_same_structure(const Output &out, const Csr &a, const Csr *b, F f) {
  Matrix &C = *out.C;
  if (out.M || out.accum || out.d.mask_comp || C.code() != code_for<T>()) return false;
  if (a.code != code_for<X>() || (b && (b->code != a.code || !same_structure(a, *b)))) return false;
  const size_t n = size_t(a.nvals());
  auto values = [&](char *z) {  // z may be a's or b's own values (C an operand): k by k
    const char *x = a.x.data(), *y = b ? b->x.data() : nullptr;
    const int nt = threads_for(int64_t(n));
    const auto parts = balanced_ranges(int64_t(n), nt, [](int64_t k) { return k; });
    run_parts(nt, [&](int part) {
      // The bounds and pointers in locals: read through the captures, the compiler must
      // reload them after every store to z (it may alias them), and does not vectorise.
      const size_t from = size_t(parts[size_t(part)]), to = size_t(parts[size_t(part) + 1]);
      const char *xs = x, *ys = y;
      char *zs = z;
      const F g = f;
      for (size_t k = from; k < to; ++k) {
        T v;
        if constexpr (std::is_invocable_v<F, X, X>) v = g(expr::load<X>(xs + k * sizeof(X)), expr::load<X>(ys + k * sizeof(X)));
        else v = g(expr::load<X>(xs + k * sizeof(X)));
        std::memcpy(zs + k * sizeof(T), &v, sizeof(T));
      }
    });
  };
  // (Not when an operand is C's kept transpose, which changing C's values drops.)
  const Csr &c = C.ready();
  const bool derived = C.has_transposed() && (&a == &C.transposed() || b == &C.transposed());
  if (std::is_same_v<T, X> && !derived && same_structure(c, a)) {  // (in place only value for value)
    values(C.change_values().x.data());
    return true;
  }
  Csr t(0, a.ncols, *C.type);
  t.nrows = a.nrows;
  t.p = a.p.share();
  t.j = a.j.share();
  t.x.resize(n * sizeof(T));
  values(t.x.data());
  C.assign(std::move(t));
  return true;
}

}  // namespace weft
