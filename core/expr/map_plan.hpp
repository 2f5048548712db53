// The one element loop (mshadow's MapPlan): saves a Plan into an output Csr through a
// Saver where the mask allows, keeping or (with replace) dropping the output's entries
// elsewhere. This is GraphBLAS's "accumulate, then mask and replace" step (the spec's
// rule, quoted at the top of core/sparse/write_back.hpp); every operation ends here.
//
// Per row i it merges three sorted lists — the output's old entries, the plan's entries
// and the mask's — so the work is O(entries of the three) plus O(rows). The result is
// built in a new Csr and returned; the caller swaps it in, so the inputs (which may be
// the output itself, or the mask) are read unchanged throughout and an exception leaves
// the output as it was.
#pragma once
#include "../sparse/parallel.hpp"
#include "mask.hpp"
#include "saver.hpp"

#include <type_traits>
#include <utility>

namespace weft::expr {

// Plans that know an upper bound on their entries (typed.hpp) let the output be sized once.
template <class P, class = void>
struct has_bound : std::false_type {};
template <class P>
struct has_bound<P, std::void_t<decltype(std::declval<const P &>().bound())>> : std::true_type {};

// Plans that can skip to a column (typed.hpp: seek) let a row be walked along a mask's
// entries instead of T's: O(mask entries * log) where T's row is long and the mask short
// (betweenness's W<S, replace> = bcu ./ paths over one BFS level).
template <class P, class = void>
struct has_seek : std::false_type {};
template <class P>
struct has_seek<P, std::void_t<decltype(std::declval<P &>().seek(int64_t(0)))>> : std::true_type {};

// Savers that write Z = T (C's old value never read: kAssigns).
template <class S, class = void>
struct assigns : std::false_type {};
template <class S>
struct assigns<S, std::void_t<decltype(S::kAssigns)>> : std::bool_constant<S::kAssigns> {};

// Plans that can tell the work of rows [0, r) (typed.hpp: cost_before, the entries of
// their operands' rows) may be split across threads by it.
template <class P, class = void>
struct has_cost : std::false_type {};
template <class P>
struct has_cost<P, std::void_t<decltype(std::declval<const P &>().cost_before(int64_t(0)))>> : std::true_type {};

// Rows r0 .. r1 of the result, as the rows of a Csr of their own.
template <class Saver, class P>
Csr map_rows(const Csr &c, P &plan, MaskPlan &mask, bool replace, Saver &saver, int64_t r0, int64_t r1) {
  Csr out(r1 - r0, c.ncols, *c.type);
  out.p.clear();
  out.p.reserve(size_t(r1 - r0) + 1);
  out.p.push_back(0);
  if constexpr (has_bound<P>::value) {  // untouched capacity costs address space, not memory
    int64_t entries = c.nvals() + plan.bound();
    if constexpr (has_cost<P>::value)  // a piece: its own rows' share
      if (r0 != 0 || r1 != c.nrows)
        entries = c.row_begin(r1) - c.row_begin(r0) + plan.cost_before(r1) - plan.cost_before(r0);
    out.j.reserve(size_t(entries));
    out.x.reserve(size_t(entries * c.esize));
  }
  std::vector<char> z(size_t(c.esize) + 1);
  const bool nothing = mask.allows_nothing(), everything = mask.allows_everything();
  for (int64_t i = r0; i < r1; ++i) {
    int64_t k = c.row_begin(i);
    const int64_t end = c.row_end(i);
    // The common case: no mask and C's old row empty, or not read at all (Z = T): T's
    // row is saved as it is (an output reused by an iterative algorithm, overwritten
    // each round, skips the merge with its old entries).
    if (everything && (k == end || assigns<Saver>::value)) {
      for (plan.start(i); !plan.done(); plan.next())
        if (saver.save(z.data(), nullptr, true, plan)) out.push(plan.col(), z.data());
      out.end_row();
      continue;
    }
    if (nothing || mask.blocks_row(i)) {  // no position allowed: C is kept, or cleared with replace
      if (!replace)
        for (; k < end; ++k) out.push(c.j[size_t(k)], c.val(k));
      out.end_row();
      continue;
    }
    if constexpr (has_seek<P>::value && assigns<Saver>::value) {
      // Along the mask: C's row is dropped (replace) or empty, so only mask positions
      // where T has an entry can hold one.
      if (mask.only_entries() && (replace || k == end)) {
        plan.start(i);
        for (int64_t q = mask.row_begin(i), qe = mask.row_end(i); q < qe && !plan.done(); ++q) {
          const int64_t col = mask.column(q);
          plan.seek(col);
          if (plan.done() || plan.col() != col || !mask.set(q)) continue;
          if (saver.save(z.data(), nullptr, true, plan)) out.push(col, z.data());
        }
        out.end_row();
        continue;
      }
    }
    plan.start(i);
    mask.start(i);
    while (k < end || !plan.done()) {
      const bool has_c = k < end && (plan.done() || c.j[size_t(k)] <= plan.col());
      const bool has_t = !plan.done() && (k >= end || plan.col() <= c.j[size_t(k)]);
      const int64_t col = has_c ? c.j[size_t(k)] : plan.col();
      if (mask.allows(col)) {
        if (saver.save(z.data(), has_c ? c.val(k) : nullptr, has_t, plan)) out.push(col, z.data());
      } else if (has_c && !replace) {
        out.push(col, c.val(k));
      }
      if (has_c) ++k;
      if (has_t) plan.next();
    }
    out.end_row();
  }
  return out;
}

// The whole result. Typed plans (has_cost) with enough work are split into row ranges of
// about equal work, one per thread, each with its own copies of the plan, the mask walk
// and the saver, and the pieces joined in order: the same entries as one thread.
template <class Saver, class P>
Csr map_plan(const Csr &c, P &plan, MaskPlan &mask, bool replace, Saver &saver) {
  if constexpr (has_cost<P>::value) {
    const int nt = c.nrows > 1 ? threads_for(plan.cost_before(c.nrows) + c.nvals()) : 1;
    if (nt > 1) {
      const auto b =
          balanced_ranges(c.nrows, nt, [&](int64_t r) { return plan.cost_before(r) + c.row_begin(r) + r; });
      std::vector<Csr> pieces(static_cast<size_t>(nt));
      run_parts(nt, [&](int part) {
        P own_plan = plan;
        MaskPlan own_mask = mask;
        Saver own_saver = saver;
        pieces[size_t(part)] = map_rows(c, own_plan, own_mask, replace, own_saver, b[size_t(part)], b[size_t(part) + 1]);
      });
      return join_rows(pieces, c.nrows, c.ncols, *c.type);
    }
  }
  return map_rows(c, plan, mask, replace, saver, 0, c.nrows);
}

}  // namespace weft::expr
