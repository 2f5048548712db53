// The one output rule of every GraphBLAS operation (spec §"standard accumulate" and
// "standard mask and replace"; SuiteSparse's GB_accum_mask):
//
//   Z = T                         when accum is NULL
//   Z = accum(C, T)               otherwise, on the union of the entries of C and T:
//                                 accum(c, t) where both exist, c or t alone elsewhere,
//                                 every value in accum's output domain
//   C<M> = Z                      where the mask allows, C becomes exactly Z (an entry of
//                                 C that Z lacks is deleted);
//                                 elsewhere C keeps its entries, or, with replace, loses
//                                 them; values are cast to C's domain.
//
// The mask: none = every position; valued = entries true when cast to BOOL; structural =
// every entry; complemented with WEFT_COMP (no mask + WEFT_COMP = no position).
//
// Operations compute T (a Csr, or an element-wise expression evaluated lazily by
// expr::map_plan, so masked-out entries are never computed) and end with write_back.
// C is replaced only at the end, so C may also be an input or the mask.
#pragma once
#include "../expr/map_plan.hpp"
#include "../expr/typed.hpp"
#include "descriptor.hpp"
#include "matrix.hpp"

namespace weft {

// The output half of an operation's arguments: C, its mask and accumulator, and the
// descriptor's output/mask fields.
struct Output {
  Matrix *C;
  Matrix *M;               // may be nullptr
  const BinaryOp *accum;   // may be nullptr
  DescriptorFields d;
};

// Checks the output rule's domain and dimension rules for a result T of domain t and
// shape nrows x ncols (WEFT_DIMENSION_MISMATCH, WEFT_DOMAIN_MISMATCH), before anything
// is computed.
void check_output(const Output &out, const Type &t, int64_t nrows, int64_t ncols);

// C<M, replace> = accum(C, T) for a computed T.
void write_back(const Output &out, Csr &&T);
// The same for a T computed only where out's mask admits (the products' kernels apply
// the mask themselves): then C = T needs no pass over the mask when nothing of C is kept.
void write_back_admitted(const Output &out, Csr &&T);

// The same for an element-wise expression (instantiated in each operation's file).
template <class E>
void write_back_expr(const Output &out, const E &e) {
  const Csr *m = out.M ? &out.M->ready() : nullptr;
  const Csr &c = out.C->ready();
  expr::MaskPlan mask(m, out.d.mask_struct, out.d.mask_comp);
  auto plan = expr::make_plan(e);
  Csr result;
  if (out.accum) {
    expr::Accumulate saver(*out.accum, *c.type, plan.type());
    result = expr::map_plan(c, plan, mask, out.d.replace, saver);
  } else {
    expr::Assign saver(*c.type, plan.type());
    result = expr::map_plan(c, plan, mask, out.d.replace, saver);
  }
  out.C->assign(std::move(result));
}

// C<M> = Op(C, T) when C has every entry and nothing is replaced: C keeps its structure and
// only its values at T's admitted entries change, in place, so the work is T's and the
// mask's entries, not C's (betweenness's bcu<S> += W .* paths over one BFS level, a
// full vector's paths += frontier). Not when C keeps a transpose, which an operand
// might be. False: not applicable, nothing done.
template <class T, class Op, class P>
bool accumulate_into_full_values(const Output &out, P &plan) {
  Matrix &C = *out.C;
  if ((out.d.replace && (out.M || out.d.mask_comp)) || C.has_transposed() || !is_full(C.ready())) return false;
  expr::MaskPlan mask(out.M ? &out.M->ready() : nullptr, out.d.mask_struct, out.d.mask_comp);
  if (mask.allows_nothing()) return true;  // C as it is
  Csr &c = C.change_values();
  char *x = c.x.data();
  for (int64_t i = 0; i < c.nrows; ++i) {
    // The plan reads C's values (C may be an operand) only at its current entry, which
    // is written after it is read.
    char *row = x + i * c.ncols * int64_t(sizeof(T));
    mask.start(i);
    for (plan.start(i); !plan.done(); plan.next()) {
      const int64_t col = plan.col();
      if (!mask.allows(col)) continue;
      char *at = row + col * int64_t(sizeof(T));
      expr::store(at, Op::f(expr::load<T>(at), plan.value()));
    }
  }
  return true;
}

// write_back_expr for a typed expression (expr/typed.hpp) when the typed savers compute
// what the generic ones would: the output has the plan's domain, and the accumulator is
// absent or one of WEFT_FAST_ACCUMULATORS on that domain. Returns false otherwise (the
// caller then saves the generic expression); nothing is changed then.
#define WEFT_FAST_ACCUMULATORS(X) X(PLUS) X(MIN)
template <class E>
bool write_back_typed(const Output &out, const E &e) {
  using P = expr::Plan<E>;
  using T = typename P::value_type;
  const Csr &c = out.C->ready();
  P plan(e);
  if (c.code == Code::UDT || c.code != code_of(plan.type())) return false;
  const Csr *m = out.M ? &out.M->ready() : nullptr;
  expr::MaskPlan mask(m, out.d.mask_struct, out.d.mask_comp);
  if (!out.accum) {
    expr::TypedAssign<T> saver;
    out.C->assign(expr::map_plan(c, plan, mask, out.d.replace, saver));
    return true;
  }
  if constexpr (P::arithmetic) {
    const BinaryOp &a = *out.accum;
    if (a.xcode != c.code || a.ycode != c.code || a.zcode != c.code) return false;
#define WEFT_FAST_ACCUM_(op)                                                   \
    if (a.opcode == OpCode::op) {                                              \
      using F = ops::functor_t<OpCode::op>;                                    \
      if (accumulate_into_full_values<T, F>(out, plan)) return true;           \
      expr::TypedAccumulate<T, F> saver;                                       \
      out.C->assign(expr::map_plan(c, plan, mask, out.d.replace, saver));      \
      return true;                                                             \
    }
    WEFT_FAST_ACCUMULATORS(WEFT_FAST_ACCUM_)
#undef WEFT_FAST_ACCUM_
  }
  return false;
}

}  // namespace weft
