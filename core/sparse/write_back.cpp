// write_back for a computed T (write_back.hpp states the rule).
#include "write_back.hpp"
#include "same_structure.hpp"

namespace weft {

namespace {

// C = accum(C, T) when C has every entry (accumulate_into_full_values: C's values change
// in place at T's entries, PageRank's r += A'w), unmasked, and C, T and the accumulator
// share one of the typed domains with a WEFT_FAST_ACCUMULATORS operator; false: nothing done.
bool accumulate_in_place(const Output &out, const Csr &T) {
  if (out.M || out.d.mask_comp || !out.accum) return false;
  Matrix &C = *out.C;
  const BinaryOp &a = *out.accum;
  const Code z = T.code;
  if (C.code() != z || a.xcode != z || a.ycode != z || a.zcode != z) return false;
#define WEFT_ACCUM_TYPE_(op, type)                                                          \
  if (a.opcode == OpCode::op && z == Code::type) {                                          \
    using V = ctype_t<Code::type>;                                                          \
    expr::Plan<expr::TypedRef<V>> plan(expr::TypedRef<V>{&T});                              \
    return accumulate_into_full_values<V, ops::functor_t<OpCode::op>>(out, plan);            \
  }
#define WEFT_ACCUM_(op) WEFT_ACCUM_TYPE_(op, FP64) WEFT_ACCUM_TYPE_(op, FP32) WEFT_ACCUM_TYPE_(op, INT64) \
  WEFT_ACCUM_TYPE_(op, INT32)
  WEFT_FAST_ACCUMULATORS(WEFT_ACCUM_)
#undef WEFT_ACCUM_
#undef WEFT_ACCUM_TYPE_
  return false;
}

}  // namespace

namespace {
// C = T, its values cast to C's domain (an iso T's one value: C is iso too).
void assign_cast(Matrix &C, Csr &&T) {
  const Cast cast = make_cast(*C.type, *T.type);
  if (cast.fn && T.iso) {
    Csr c(T.nrows, T.ncols, *C.type);
    c.p = std::move(T.p);
    c.j = std::move(T.j);
    std::vector<char> v(size_t(c.esize));
    cast(v.data(), T.val(0));
    set_iso(c, v.data());
    C.assign(std::move(c));
  } else if (cast.fn) {
    Csr c(T.nrows, T.ncols, *C.type);
    c.p = std::move(T.p);
    c.j = std::move(T.j);
    c.x.resize(size_t(c.nvals() * c.esize));
    for (int64_t k = 0; k < c.nvals(); ++k) cast(c.val(k), T.val(k));
    C.assign(std::move(c));
  } else {
    C.assign(std::move(T));
  }
}
}  // namespace

namespace {
// C<M, structural> = T without an accumulator or replace, T's entries exactly M's (an
// assign of a scalar through a structural mask: fill_admitted gives T M's pattern; BFS's
// level<q> = depth): every entry of C at a mask position is T's afterwards, and C keeps
// the rest, so Z is C's entries and T's merged, T's taking a position both have. One
// merge per row, C's runs between T's entries found by seek_sorted and copied whole, T's
// values cast once when T is iso, instead of the expression engine's walk over C and the
// mask entry by entry (a BFS level's assign into the levels found so far was a quarter
// of the search). False: not applicable, nothing done.
bool merge_over_mask(const Output &out, Csr &T) {
  if (out.accum || out.d.replace || !out.M || !out.d.mask_struct || out.d.mask_comp) return false;
  if (!same_structure(T, out.M->ready())) return false;
  Matrix &C = *out.C;
  const Csr &c = C.ready();
  if (same_structure(c, T)) {  // C's entries are the mask's (C<C> = x): all of them T's
    assign_cast(C, std::move(T));
    return true;
  }
  const Cast cast = make_cast(*C.type, *T.type);
  const int64_t es = c.esize;
  std::vector<char> one(static_cast<size_t>(es));  // an iso T's value in C's domain
  if (T.iso) cast(one.data(), T.val(0));
  Csr Z(c.nrows, c.ncols, *C.type);
  Z.j.resize(size_t(c.nvals() + T.nvals()));  // at most; trimmed below
  Z.x.resize(size_t((c.nvals() + T.nvals()) * es));
  int64_t *Zj = Z.j.data(), *Zp = Z.p.data();
  char *Zx = Z.x.data();
  const int64_t *Cj = c.j.data(), *Tj = T.j.data();
  int64_t z = 0;
  auto copy_c = [&](int64_t from, int64_t to) {  // C's entries [from, to) to Z's at z
    copy_run(Zj + z, Cj + from, to - from, int64_t(sizeof(int64_t)));
    copy_run(Zx + z * es, c.val(from), to - from, es);
    z += to - from;
  };
  for (int64_t i = 0; i < c.nrows; ++i) {
    int64_t kc = c.row_begin(i);
    const int64_t ec = c.row_end(i);
    for (int64_t kt = T.row_begin(i); kt < T.row_end(i); ++kt) {
      const int64_t col = Tj[kt], run = seek_sorted(Cj + kc, Cj + ec, col) - Cj;
      copy_c(kc, run);
      kc = run + (run < ec && Cj[run] == col);  // (C's entry there is replaced)
      Zj[z] = col;
      if (T.iso) std::memcpy(Zx + z * es, one.data(), size_t(es));
      else cast(Zx + z * es, T.val(kt));
      ++z;
    }
    copy_c(kc, ec);
    Zp[i + 1] = z;
  }
  Z.j.resize(size_t(z));
  Z.x.resize(size_t(z * es));
  C.assign(std::move(Z));
  return true;
}
}  // namespace

void write_back_admitted(const Output &out, Csr &&T) {
  // Without an accumulator, C<M> = T is T itself when nothing of C survives outside the
  // mask: replaced, or C empty (a BFS frontier, a level's product).
  if (!out.accum && (out.d.replace || out.C->ready().nvals() == 0)) {
    assign_cast(*out.C, std::move(T));
    return;
  }
  write_back(out, std::move(T));
}

void write_back(const Output &out, Csr &&T) {
  Matrix &C = *out.C;
  // Fast path: no mask, no accumulator: C = T (cast), whatever replace says.
  if (!out.M && !out.d.mask_comp && !out.accum) {
    assign_cast(C, std::move(T));
    return;
  }
  if (merge_over_mask(out, T)) return;
  expand_iso(T);  // (the merges below read T's values one per entry)
  if (accumulate_in_place(out, T)) return;
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
