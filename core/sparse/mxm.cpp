// mxm, mxv, vxm: T = A (+.*) B by Gustavson's method (rows of A times B into a dense
// workspace), a masked mxm also by dot products at the mask's entries (whichever costs
// less), mxv/vxm by dot products of A's rows with u (pull) or Gustavson with u as a row
// (push); the loops are in mxm_kernels.hpp, computing T only where the mask can admit it.
// Hash workspaces for very wide outputs are not written yet.
#include <cstdlib>
#include <cstring>
#include <memory>

#include "../support/error.hpp"
#include "compatible.hpp"
#include "mxm_kernels.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"

namespace weft {

// The semirings whose products are compiled with their operators inlined (when the
// inputs already have the semiring's domain): X(add monoid's op, multiply, domain). Each
// entry compiles both kernels again; add one when a benchmark or algorithm shows the need.
#define WEFT_FAST_SEMIRINGS(X)                                                              \
  X(PLUS, TIMES, FP64) X(PLUS, TIMES, FP32) X(PLUS, TIMES, INT64) X(PLUS, PAIR, INT64)      \
  X(PLUS, PAIR, FP64)                                                                       \
  X(ANY, PAIR, BOOL) X(LOR, LAND, BOOL) X(MIN, PLUS, FP64) X(PLUS, FIRST, FP64)            \
  X(PLUS, SECOND, FP64) X(MIN, FIRST, INT64) X(MIN, SECOND, INT64)

namespace {

// The multiply as the kernel sees it when its operands arrive swapped (swapped(): see
// GenericMA): FIRST and SECOND trade places, the commuting ones stay; others have no
// typed twin (GenericMA swaps their arguments).
OpCode as_swapped(OpCode m) {
  switch (m) {
    case OpCode::FIRST: return OpCode::SECOND;
    case OpCode::SECOND: return OpCode::FIRST;
    case OpCode::TIMES: case OpCode::PLUS: case OpCode::PAIR: case OpCode::ONEB: case OpCode::LAND:
    case OpCode::LOR: case OpCode::MIN: case OpCode::MAX: case OpCode::ANY: return m;
    default: return OpCode::USER;
  }
}

// f(policy) with the typed policy when s is one of WEFT_FAST_SEMIRINGS on inputs of its
// domain (an input the multiply does not read may have any domain), else with GenericMA.
// a_iso / b_iso: every value of that input is the same (Matrix::values_iso). swapped:
// the kernel's a is the multiply's second input (GenericMA).
// Whether the multiply reads the kernel's a (kernel_b false) or b input's values, the
// kernel's a being the multiply's second input when swapped.
// An input of a product as its kernels read it: an iso object as stored (its one value
// read for every entry, through the policy's a(k)/b(k)), else as view() gives it. A
// transposed view is the kept transpose, one value per entry.
const Csr &product_view(Matrix &A, bool tran) { return tran ? A.transposed() : A.stored(); }

bool kernel_reads(const Semiring &s, bool swapped, bool kernel_b) {
  const OpCode m = swapped ? as_swapped(s.multiply->opcode) : s.multiply->opcode;
  return m != (kernel_b ? OpCode::FIRST : OpCode::SECOND) && m != OpCode::PAIR && m != OpCode::ONEB;
}

// Whether every value of X, the kernel's a or b input, is the same, asked only when the
// multiply reads them (asking may scan them all: Matrix::values_iso).
bool iso_where_read(const Semiring &s, Matrix &X, bool swapped, bool kernel_b) {
  return kernel_reads(s, swapped, kernel_b) && X.values_iso();
}

template <class F>
Csr with_policy(const Semiring &s, const Csr &a, const Csr &b, bool a_iso, bool b_iso, F &&f, bool swapped = false) {
  const BinaryOp &add = *s.add->op, &mul = *s.multiply;
  const Code z = s.add->code;
  const OpCode m = swapped ? as_swapped(mul.opcode) : mul.opcode;
  const bool a_read = kernel_reads(s, swapped, false), b_read = kernel_reads(s, swapped, true);
  const bool same = m != OpCode::USER && mul.xcode == z && mul.ycode == z && mul.zcode == z &&
                    (!a_read || a.code == z) && (!b_read || b.code == z);
#define WEFT_FAST_(addop, mulop, type)                                                           \
  if (same && add.opcode == OpCode::addop && m == OpCode::mulop && z == Code::type)               \
    return f(kernels::TypedMA<ctype_t<Code::type>, ops::functor_t<OpCode::addop>, ops::functor_t<OpCode::mulop>>( \
        a, b, a_iso, b_iso, a_read, b_read));
  WEFT_FAST_SEMIRINGS(WEFT_FAST_)
#undef WEFT_FAST_
  return f(kernels::GenericMA(s, a, b, swapped));
}

// SuiteSparse's iso rule for products: when every product of T = A * B has one value z
// (each input the multiply reads has one value; PAIR and ONEB read none) and the add is
// idempotent (Monoid::idempotent: a fold of copies of z is z), T is the product's
// pattern, every entry z. The pattern is computed by the ANY_PAIR kernels, which keep
// no value per product: a shortest-paths frontier at one distance pushed through a graph
// of one weight (every round of SSSP on an unweighted graph) scatters a byte per product
// instead of reading and writing a value.
using PatternMA = kernels::TypedMA<bool, ops::functor_t<OpCode::ANY>, ops::functor_t<OpCode::PAIR>>;
PatternMA pattern_of(const Csr &a, const Csr &b) { return PatternMA(a, b, false, false, false, false); }

// The one value of every product of the kernel's inputs a and b (swapped as with_policy)
// into z, or false: the add is not idempotent, an input is empty, or one the multiply
// reads may have more than one value (a_same / b_same: it has one).
bool iso_product(const Semiring &s, const Csr &a, const Csr &b, bool a_same, bool b_same, bool swapped,
                 std::vector<char> &z) {
  if (!s.add->idempotent() || a.nvals() == 0 || b.nvals() == 0) return false;
  if ((kernel_reads(s, swapped, false) && !a_same) || (kernel_reads(s, swapped, true) && !b_same)) return false;
  kernels::GenericMA one(s, a, b, swapped);
  z.resize(size_t(one.zsize));
  one.product(z.data(), one.a(0), one.b(0));
  return true;
}

// T, a pattern of the product computed with PatternMA, given the semiring's domain and
// the one value z at every entry.
Csr with_value(Csr &&T, const Semiring &s, const std::vector<char> &z) {
  T.type = s.add->domain.get();
  T.code = s.add->code;
  T.esize = int64_t(z.size());
  if (T.nvals() > 0) set_iso(T, z.data());
  else T.x.clear();
  return std::move(T);
}

// Whether every value of u (a vector operand, whose contents are new on most calls:
// Matrix::values_iso would not scan them) is the same, asked only where the iso rule
// could use the answer: an idempotent add whose multiply reads u. One scan, stopped at
// the first value that differs.
bool same_where_read(const Semiring &s, const Csr &u, bool swapped, bool kernel_b) {
  return s.add->idempotent() && kernel_reads(s, swapped, kernel_b) && all_values_same(u);
}

// Whether out's mask admits no position: complemented without a mask, or a complemented
// structural mask with every entry (a BFS's last level, every vertex visited: the
// product would be computed only to be dropped).
bool admits_nothing(const Output &out) {
  return out.d.mask_comp && (!out.M || (out.d.mask_struct && is_full(out.M->ready())));
}

kernels::RowMask row_mask(const Output &out) {
  return kernels::RowMask(out.M ? &out.M->ready() : nullptr, out.d.mask_struct, out.d.mask_comp);
}

// T = A * B (A: m x n, B: n x p) where out's mask can admit entries.
// swapped: A's values are the multiply's second input (with_policy).
Csr gustavson(const Output &out, const Semiring &s, const Csr &A, const Csr &B, bool a_iso, bool b_iso,
              bool swapped = false) {
  const Type &z = *s.add->domain;
  if (admits_nothing(out)) return Csr(A.nrows, B.ncols, z);  // nothing is admitted
  const kernels::RowMask mask = row_mask(out);
  std::vector<char> one;
  if (iso_product(s, A, B, a_iso, b_iso, swapped, one))
    return with_value(kernels::gustavson(pattern_of(A, B), A, B, mask, *code_type(Code::BOOL)), s, one);
  return with_policy(
      s, A, B, a_iso, b_iso, [&](auto ma) { return kernels::gustavson(ma, A, B, mask, z); }, swapped);
}

// T<M> = A * Bt' at M's admitted entries only (kernels::masked_dots; Bt: the second
// operand's columns as rows).
Csr masked_dots(const Output &out, const Semiring &s, const Csr &A, const Csr &Bt, bool a_iso, bool b_iso) {
  const kernels::RowMask mask = row_mask(out);
  std::vector<char> one;
  if (iso_product(s, A, Bt, a_iso, b_iso, false, one))
    return with_value(kernels::masked_dots(pattern_of(A, Bt), A, Bt, mask, *code_type(Code::BOOL)), s, one);
  return with_policy(s, A, Bt, a_iso, b_iso,
                     [&](auto ma) { return kernels::masked_dots(ma, A, Bt, mask, *s.add->domain); });
}

// Whether C<M> = A*B is cheaper as dot products at M's entries than by Gustavson. Both
// costs are counted exactly from the row pointers (O(entries of A and M), small next to
// either product): Gustavson's is its products plus the mask's scatter; the dot
// products' is the merge of the two rows at each admitted entry (a short row against a
// long one: the short one's searches). `a`: A as read; `bt`: the second operand's
// columns as rows; `b_rows`: its rows, or nullptr when that orientation is not at hand
// (Gustavson's products need its row lengths: then counted from bt's column indices).
bool masked_dots_pay(const Output &out, const Csr &a, const Csr &bt, const Csr *b_rows) {
  if (const char *force = std::getenv("WEFT_MXM_METHOD")) return std::strcmp(force, "dot") == 0;
  const Csr &M = out.M->ready();
  std::vector<int64_t> counted;
  const int64_t *blen_before = nullptr;
  if (b_rows) {
    blen_before = b_rows->p.data();
  } else {
    counted.assign(size_t(bt.ncols) + 1, 0);
    for (int64_t k : bt.j) ++counted[size_t(k) + 1];
    for (size_t k = 1; k < counted.size(); ++k) counted[k] += counted[k - 1];
    blen_before = counted.data();
  }
  int64_t gus = M.nvals(), dot = 0;
  for (int64_t k : a.j) gus += blen_before[k + 1] - blen_before[k];
  for (int64_t i = 0; i < M.nrows; ++i) {
    const int64_t na = a.row_end(i) - a.row_begin(i);
    if (na == 0) continue;
    for (int64_t q = M.row_begin(i); q < M.row_end(i); ++q) {
      const int64_t j = M.j[size_t(q)], nb = bt.row_end(j) - bt.row_begin(j);
      const int64_t lo = std::min(na, nb), hi = std::max(na, nb);
      dot += lo * 16 < hi ? lo * (64 - __builtin_clzll(uint64_t(hi))) : na + nb;
    }
    if (dot > gus) return false;
  }
  return true;
}

// T(i) = add over k of A(i,k) * u(k) (u: 1 x n).
// narrow: A's column indices as 32-bit numbers, or nullptr (Matrix::narrow_columns);
// blocks: its column blocks, or nullptr (pull_blocks).
// u_same: every value of u is the same (same_where_read). The iso rule's pattern is
// pulled without the column blocks (ANY stops at a row's first term).
Csr dots(const Output &out, const Semiring &s, const Csr &A, const Csr &u, bool a_iso, bool u_same, bool swapped,
         const uint32_t *narrow, const ColumnBlocks *blocks) {
  const Type &z = *s.add->domain;
  if (admits_nothing(out)) return Csr(1, A.nrows, z);
  const kernels::RowMask mask = row_mask(out);
  std::vector<char> one;
  if (iso_product(s, A, u, a_iso, u_same, swapped, one))
    return with_value(kernels::dots(pattern_of(A, u), A, u, mask, *code_type(Code::BOOL), narrow), s, one);
  return with_policy(
      s, A, u, a_iso, false, [&](auto ma) { return kernels::dots(ma, A, u, mask, z, narrow, nullptr, blocks); },
      swapped);
}

// The column blocks of A's `tran` view (kept by A) for a pull that may sum by them
// (kernels::blocked_dots_range: no mask, a monoid that never or seldom stops early:
// Monoid::stops_rarely), where they pay.
// A's values are copied into the blocks when the multiply reads them (the kernel's a:
// `swapped` says which input of the multiply that is) and they are not all one value.
std::shared_ptr<const ColumnBlocks> pull_blocks(const Output &out, const Semiring &s, Matrix &A, bool tran, const Csr &u,
                                                bool swapped) {
  if (out.M || out.d.mask_comp || (s.add->has_terminal() && !s.add->stops_rarely())) return nullptr;
  return A.column_blocks(tran, u.esize, kernel_reads(s, swapped, false) && !A.values_iso());
}

// A pull whose result is accumulated into a C with every entry by the semiring's own add
// (PageRank's r += A'w): with the typed kernels the dot products add into C's values
// directly (DotInputs::into), the same c = add(c, t) as write_back without building T.
// False, nothing computed: no typed kernel, another accumulator or rule, or C is also an
// input (its values must not change while the dots read them).
// A: the matrix as the dots read it, Am its object; v: u's contents; blocks: A's column
// blocks or nullptr (pull_blocks), the sums then made block by block and added last.
bool pull_into_full(const Output &out, const Semiring &s, const Csr &A, const Matrix &Am, const Matrix &u, const Csr &v,
                    bool a_iso, bool swapped, const uint32_t *narrow, const ColumnBlocks *blocks) {
  Matrix &C = *out.C;
  const BinaryOp *acc = out.accum;
  const Code z = s.add->code;
  if (!acc || out.M || out.d.mask_comp || &C == &u || &C == &Am || acc->opcode != s.add->op->opcode) return false;
  if (acc->xcode != z || acc->ycode != z || acc->zcode != z || C.code() != z || C.has_transposed()) return false;
  if (!is_full(C.ready())) return false;
  bool done = false;
  with_policy(
      s, A, v, a_iso, false,
      [&](auto ma) {
        if constexpr (decltype(ma)::typed) {
          done = true;
          return kernels::dots(ma, A, v, row_mask(out), *s.add->domain, narrow, C.change_values().x.data(), blocks);
        } else {
          return Csr();
        }
      },
      swapped);
  return done;
}

// mxv and vxm: T = A*u pulls (a dot product per entry of T over the rows of A as the
// operation reads it: best when u is dense) or pushes (u's entries scattered through the
// other orientation, Gustavson with u as a one-row left operand: best when u is sparse).
// Both add the same terms in the same order (increasing k), so even floating-point
// results are identical. In the other direction the kernels meet the multiply's operands
// swapped, which the policy undoes (with_policy's `swapped`), so any semiring may take
// it; it is taken only when the other orientation is free: A's own rows, or a transpose
// already kept or worth keeping because A is used this way again (Matrix::transpose_pays).
//
// u as the choice sees it: how many entries of how many, and their indices (u's own, or
// presence bytes when u comes as dense arrays: lazy::Pending::dense_u).
struct UIndices {
  int64_t nvals, n;
  const int64_t *j = nullptr;
  const uint8_t *has = nullptr;
  UIndices(const Csr &u) : nvals(u.nvals()), n(u.ncols), j(u.j.data()) {}
  UIndices(const lazy::DenseResult &d, int64_t n_)
      : nvals(d.nvals), n(n_), has(reinterpret_cast<const uint8_t *>(d.has.data())) {}
  // f(k, in) for u's entries' indices (in: true), or for every index (in: whether u has
  // it; a select for the caller instead of a branch as random as u).
  template <class F>
  void each(F f) const {
    if (j) for (int64_t q = 0; q < nvals; ++q) f(j[q], true);
    else for (int64_t k = 0; k < n; ++k) f(k, has[k]);
  }
};

// Whether pushing u costs less than pulling: the push visits the rows of u's entries
// in the orientation it scatters through (A as read with `push_tran`), counted exactly;
// the pull visits the rows a mask admits (all entries without a mask, their share with
// one). With a monoid that stops early (ANY, LOR: BFS) a pull visits far fewer than it
// is counted for, and a pushed entry is weighed as 4 pulled ones; with one that does
// not (MIN: shortest paths), as one (measured: a pull from a sparse u tests u(k)'s
// presence per term, a branch as random as u, and was slower than the push at every
// density up to 86% on R-MAT and uniform graphs, 2^16 and 2^18). Below 1/16 of its
// entries u always pushes. A u with every entry always pulls (dot products without
// presence tests), and so does one above 1/2 when the monoid stops early or the push's
// orientation is not at hand (it would be a transpose): then the push is not counted.
bool pull_without_counting(const Semiring &s, const UIndices &u, bool push_rows_at_hand) {
  if (u.nvals == u.n) return true;
  return u.nvals * 2 > u.n && (s.add->has_terminal() || !push_rows_at_hand);
}
bool push_pays(const Output &out, const Semiring &s, const UIndices &u, Matrix &A, bool push_tran) {
  if (u.nvals * 16 < u.n) return true;
  if (pull_without_counting(s, u, !push_tran || A.has_transposed())) return false;
  const Csr &rows = product_view(A, push_tran);
  int64_t push = 0;
  const int64_t *P = rows.p.data();
  u.each([&](int64_t k, bool in) { push += (P[k + 1] - P[k]) & -int64_t(in); });
  double pull = double(rows.nvals());
  if (out.M && (push_tran || A.has_transposed())) {
    // The pull's rows are at hand: the rows at the mask's entries (complemented: all the
    // others) counted exactly; a valued mask's false entries are counted as if set. A
    // BFS's unvisited vertices late in the search are few and mostly of low degree, or
    // have no edge at all: a share of all entries counted them 10x too many.
    const Csr &m = out.M->ready();
    const int64_t *Q = product_view(A, !push_tran).p.data(), *Mj = m.j.data();
    int64_t in_mask = 0;
    for (int64_t q = 0; q < m.nvals(); ++q) in_mask += Q[Mj[q] + 1] - Q[Mj[q]];
    pull = double(out.d.mask_comp ? rows.nvals() - in_mask : in_mask);
  } else if (out.M) {
    const double share = double(out.M->ready().nvals()) / double(std::max<int64_t>(out.C->ncols(), 1));
    pull *= out.d.mask_comp ? 1.0 - share : share;
  }
  return double(push) * (s.add->has_terminal() ? 4.0 : 1.0) < pull;
}

bool other_orientation_free(Matrix &A, bool tran) { return tran || A.transpose_pays(); }

// The directions mxv and vxm take, asked by the products themselves (`wish`: a wish for
// A's transpose is counted, Matrix::transpose_pays) and by a fused group about to run one
// (not counted: the orientation is free only when it is already at hand).
// mxv pushes through A's other orientation (!tran) when u is not dense enough to pull
// without counting and the push costs less. (A dense u pulls without asking whether A's
// other orientation is free: asking counts.)
bool mxv_pushes(const Output &out, const Semiring &s, const UIndices &v, Matrix &A, bool tran, bool wish) {
  const bool at_hand = tran || A.has_transposed();
  if (pull_without_counting(s, v, at_hand)) return false;
  return (wish ? other_orientation_free(A, tran) : at_hand) && push_pays(out, s, v, A, !tran);
}
// vxm pulls through A's other orientation when the push costs more and it is free.
bool vxm_pulls(const Output &out, const Semiring &s, const UIndices &v, Matrix &A, bool tran, bool wish) {
  if (push_pays(out, s, v, A, tran)) return false;
  return wish ? other_orientation_free(A, tran) : tran || A.has_transposed();
}

void check_semiring_inputs(const Semiring &s, const Type &a, const Type &b, const char *an, const char *bn) {
  check_domain(*s.multiply->xtype, a, an);
  check_domain(*s.multiply->ytype, b, bn);
}

}  // namespace

namespace {

// Whether a product into C runs whole rather than by tiles, before asking how it would
// compute: a cast into C, several threads, or column blocks that pay (the whole pull then
// runs by blocks; a tile of rows would read each block's part of u again, and tiles and a
// whole pull measured the same).
bool runs_whole(const Semiring &s, Matrix &A, bool rows_tran, Matrix &u, const Matrix &C) {
  if (C.code() != s.add->code || threads_for(A.ready().nvals()) > 1) return true;
  return (!s.add->has_terminal() || s.add->stops_rarely()) && A.block_width(rows_tran, u.ready().esize) > 0;
}

// A product's result tile by tile, for a fused group (lazy::Pending::tiler): the pull of
// mxv / vxm (dot products of `rows_tran`'s view of A with u, in the same order: the same
// values) restricted to rows [lo, hi); u's missing entries are prepared once, on the
// first tile.
lazy::Tiles pull_tiles(const Semiring &s, Matrix &A, bool rows_tran, Matrix &u, bool swapped) {
  const Csr &a = product_view(A, rows_tran), &v = u.ready();
  const uint32_t *narrow = A.narrow_columns(rows_tran);
  const bool iso = iso_where_read(s, A, swapped, false);
  struct Prepared {
    kernels::DotInputs in;
    std::unique_ptr<char[]> spread;
    bool done = false;
  };
  auto u_in = std::make_shared<Prepared>();
  return [&s, &a, &v, narrow, iso, swapped, u_in](int64_t lo, int64_t hi) {
    return with_policy(
        s, a, v, iso, false,
        [&](auto ma) {
          Prepared &p = *u_in;
          if (!p.done) kernels::prepare_u(ma, v, p.in, p.spread), p.done = true;
          else kernels::use_spread(ma, p.spread);
          return narrow ? kernels::dots_range(ma, a, narrow, p.in, *s.add->domain, nullptr, lo, hi)
                        : kernels::dots_range(ma, a, a.j.data(), p.in, *s.add->domain, nullptr, lo, hi);
        },
        swapped);
  };
}

// The pull of a plain mxv / vxm (`rows_tran`'s view of A) with u's contents given as
// dense arrays (lazy::Pending::dense_u): the same dot products as the product's own pull,
// u read in place. False, nothing done, without a typed policy.
bool pull_dense_u(const Output &out, const Semiring &s, Matrix &A, bool rows_tran, const Matrix &u,
                  lazy::DenseResult &d, bool swapped) {
  const Csr &a = product_view(A, rows_tran);
  const Csr shape(1, u.ncols(), *u.type);
  const kernels::DenseU du{d.val.data(), reinterpret_cast<const uint8_t *>(d.has.data()), d.nvals};
  const std::shared_ptr<const ColumnBlocks> blocks = pull_blocks(out, s, A, rows_tran, shape, swapped);
  bool typed = false;
  Csr T = with_policy(
      s, a, shape, iso_where_read(s, A, swapped, false), false,
      [&](auto ma) {
        if constexpr (decltype(ma)::typed) {
          typed = true;
          return kernels::dots(ma, a, shape, row_mask(out), *s.add->domain, A.narrow_columns(rows_tran), nullptr,
                               blocks.get(), &du);
        } else {
          return Csr();
        }
      },
      swapped);
  if (typed) write_back_admitted(out, std::move(T));
  return typed;
}

}  // namespace

void mxm(const Output &out, const Semiring &s, Matrix &A, Matrix &B) {
  check_semiring_inputs(s, *A.type, *B.type, "A into the multiply's first input", "B into the multiply's second input");
  check_dim(cols_of(A, out.d.tran0), rows_of(B, out.d.tran1), "columns of A vs rows of B");
  check_output(out, *s.add->domain, rows_of(A, out.d.tran0), cols_of(B, out.d.tran1));
  if (lazy::defer(out, {&A, &B}, {&s}, lazy::Fuse::none, [&s, &A, &B](const lazy::Bind &b) { mxm(b.out, s, b(A), b(B)); }))
    return;
  const Csr &a = product_view(A, out.d.tran0);
  // Dot products at the mask's entries need B's columns as rows: B itself when it is
  // used transposed (triangle counting), else its kept transpose.
  if (out.M && !out.d.mask_comp && (out.d.tran1 || B.has_transposed())) {
    const Csr &bt = product_view(B, !out.d.tran1);
    const Csr *b_rows = out.d.tran1 ? (B.has_transposed() ? &B.transposed() : nullptr) : &B.stored();
    if (masked_dots_pay(out, a, bt, b_rows)) {
      write_back_admitted(out, masked_dots(out, s, a, bt, iso_where_read(s, A, false, false), iso_where_read(s, B, false, true)));
      return;
    }
  }
  const Csr &b = product_view(B, out.d.tran1);
  write_back_admitted(out, gustavson(out, s, a, b, iso_where_read(s, A, false, false), iso_where_read(s, B, false, true)));
}

void mxv(const Output &out, const Semiring &s, Matrix &A, Matrix &u) {
  check_semiring_inputs(s, *A.type, *u.type, "A into the multiply's first input", "u into the multiply's second input");
  check_dim(cols_of(A, out.d.tran0), u.ncols(), "columns of A vs size of u");
  check_output(out, *s.add->domain, 1, rows_of(A, out.d.tran0));
  if (lazy::defer_product(
          out, A, u, s, [&s, &A, &u](const lazy::Bind &b) { mxv(b.out, s, b(A), b(u)); },
          [&s, &A, &u, out]() {
            const bool tran = out.d.tran0;
            if (runs_whole(s, A, tran, u, *out.C) || mxv_pushes(out, s, u.ready(), A, tran, false)) return lazy::Tiles();
            return pull_tiles(s, A, tran, u, false);
          },
          [&s, &A, &u, out](lazy::DenseResult &d) {
            const bool tran = out.d.tran0;
            return !mxv_pushes(out, s, UIndices(d, u.ncols()), A, tran, false) &&
                   pull_dense_u(out, s, A, tran, u, d, false);
          }))
    return;
  const Csr &v = u.ready();
  if (mxv_pushes(out, s, v, A, out.d.tran0, true))
    write_back_admitted(out, gustavson(out, s, v, product_view(A, !out.d.tran0), same_where_read(s, v, true, false),
                                       iso_where_read(s, A, true, true), true));  // push
  else {  // pull
    const std::shared_ptr<const ColumnBlocks> blocks = pull_blocks(out, s, A, out.d.tran0, v, false);
    if (!pull_into_full(out, s, product_view(A, out.d.tran0), A, u, v, iso_where_read(s, A, false, false), false,
                        A.narrow_columns(out.d.tran0), blocks.get()))
      write_back_admitted(out, dots(out, s, product_view(A, out.d.tran0), v, iso_where_read(s, A, false, false),
                                    same_where_read(s, v, false, true), false, A.narrow_columns(out.d.tran0), blocks.get()));
  }
}

void vxm(const Output &out, const Semiring &s, Matrix &u, Matrix &A) {
  check_semiring_inputs(s, *u.type, *A.type, "u into the multiply's first input", "A into the multiply's second input");
  check_dim(u.ncols(), rows_of(A, out.d.tran1), "size of u vs rows of A");
  check_output(out, *s.add->domain, 1, cols_of(A, out.d.tran1));
  if (lazy::defer_product(
          out, A, u, s, [&s, &u, &A](const lazy::Bind &b) { vxm(b.out, s, b(u), b(A)); },
          [&s, &A, &u, out]() {
            const bool tran = out.d.tran1;  // (the pull's orientation at hand before runs_whole views it)
            if (!(tran || A.has_transposed()) || runs_whole(s, A, !tran, u, *out.C) ||
                !vxm_pulls(out, s, u.ready(), A, tran, false))
              return lazy::Tiles();
            return pull_tiles(s, A, !tran, u, true);
          },
          [&s, &A, &u, out](lazy::DenseResult &d) {
            const bool tran = out.d.tran1;
            return (tran || A.has_transposed()) && vxm_pulls(out, s, UIndices(d, u.ncols()), A, tran, false) &&
                   pull_dense_u(out, s, A, !tran, u, d, true);
          }))
    return;
  const Csr &v = u.ready();
  if (vxm_pulls(out, s, v, A, out.d.tran1, true)) {  // pull
    const std::shared_ptr<const ColumnBlocks> blocks = pull_blocks(out, s, A, !out.d.tran1, v, true);
    if (!pull_into_full(out, s, product_view(A, !out.d.tran1), A, u, v, iso_where_read(s, A, true, false), true,
                        A.narrow_columns(!out.d.tran1), blocks.get()))
      write_back_admitted(out, dots(out, s, product_view(A, !out.d.tran1), v, iso_where_read(s, A, true, false),
                                    same_where_read(s, v, true, true), true, A.narrow_columns(!out.d.tran1), blocks.get()));
  } else {
    write_back_admitted(out, gustavson(out, s, v, product_view(A, out.d.tran1), same_where_read(s, v, false, false),
                                       iso_where_read(s, A, false, true)));  // push
  }
}

}  // namespace weft
