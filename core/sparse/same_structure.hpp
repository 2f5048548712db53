// An element-wise operation whose operands have one structure — the same entries, as
// dense (full) vectors do, or a vector and what was computed from it — and whose result
// replaces C as it is (no mask, no accumulator): T then has that structure too, and its
// values are one loop over the value arrays, which the compiler vectorises, instead of a
// merge of two index lists (ewise) or a walk (apply). T shares the operand's row pointers
// and indices (indices.hpp: copied only if one of them is changed later), so only the
// values are written. A unary operation always keeps its operand's structure.
#pragma once
#include <algorithm>
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

// C = f(a, b) on the intersection of a full operand with one that is not (PageRank's
// r ./ deg: r dense, deg without its sinks), under the same output rule as
// save_same_structure: T has the other operand's structure (shared, not copied), and each
// value reads the full operand at its entry's own position, row_begin + column, with no
// merge of index lists (the expression's walk searched the full row for every entry:
// 0.49 ms for a 2^16 r ./ deg with 60% of the entries, 0.37 with that search made O(1)
// (expr::TypedRow::seek), 0.058 here; 2.1 -> 0.24 ms at 2^18).
// False: not applicable (neither or both full, a mask, an accumulator, another domain).
template <class T, class F>
bool save_with_full(const Output &out, const Csr &a, const Csr &b, F f) {
  Matrix &C = *out.C;
  if (out.M || out.accum || out.d.mask_comp || C.code() != code_for<T>()) return false;
  if (a.code != code_for<T>() || b.code != a.code) return false;
  const bool a_full = is_full(a), b_full = is_full(b);
  if (a_full == b_full) return false;
  const Csr &s = a_full ? b : a, &d = a_full ? a : b;  // sparse, full
  const int64_t n = s.nvals();
  Csr t(0, s.ncols, *C.type);
  t.nrows = s.nrows;
  t.p = s.p.share();
  t.j = s.j.share();
  t.x.resize(size_t(n) * sizeof(T));
  const int64_t *Sp = s.p.data(), *Sj = s.j.data(), *Dp = d.p.data();
  const char *sx = s.x.data(), *dx = d.x.data();
  char *z = t.x.data();
  const int nt = threads_for(n);
  const auto parts = balanced_ranges(n, nt, [](int64_t k) { return k; });  // (by entries: a vector is one row)
  run_parts(nt, [&](int part) {
    const F g = f;
    const int64_t k0 = parts[size_t(part)], k1 = parts[size_t(part) + 1];
    int64_t i = int64_t(std::upper_bound(Sp, Sp + s.nrows + 1, k0) - Sp) - 1;  // the row of entry k0
    for (int64_t k = k0; k < k1; ++k) {
      while (Sp[i + 1] <= k) ++i;
      const T x = expr::load<T>(sx + k * int64_t(sizeof(T))), y = expr::load<T>(dx + (Dp[i] + Sj[k]) * int64_t(sizeof(T)));
      const T v = a_full ? T(g(y, x)) : T(g(x, y));
      std::memcpy(z + k * int64_t(sizeof(T)), &v, sizeof(T));
    }
  });
  C.assign(std::move(t));
  return true;
}

}  // namespace weft
