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

// One thread: element-wise work is bound by memory traffic, and splitting it across two
// cores measured slower (the pieces' fresh pages and the join cost more than the split
// saves; bench/RESULTS.md, 2026-11-27).
template <class Saver, class P>
Csr map_plan(const Csr &c, P &plan, MaskPlan &mask, bool replace, Saver &saver) {
  Csr out(c.nrows, c.ncols, *c.type);
  out.p.clear();
  out.p.reserve(size_t(c.nrows) + 1);
  out.p.push_back(0);
  if constexpr (has_bound<P>::value) {  // untouched capacity costs address space, not memory
    out.j.reserve(size_t(c.nvals() + plan.bound()));
    out.x.reserve(size_t((c.nvals() + plan.bound()) * c.esize));
  }
  std::vector<char> z(size_t(c.esize) + 1);
  const bool nothing = mask.allows_nothing(), everything = mask.allows_everything();
  for (int64_t i = 0; i < c.nrows; ++i) {
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
    if (nothing) {  // no position allowed: C is kept, or cleared with replace
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

}  // namespace weft::expr
