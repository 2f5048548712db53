// test_sparse_model.cpp — randomised property tests of weft's semiring engine against the
// dense reference model (tests/oracle/graphblas_model.hpp): mxm, mxv, vxm, element-wise
// add/mult/union, apply (unary, bound first/second, index), select, reduce, transpose and
// kronecker; the same with every aliasing that fits; chains of calls read only at the end
// (nonblocking's pending work); every predefined operator and monoid on special values.
// Extract, assign, build, diag and the API-error guarantee are in
// sparse_model_indexing.cpp; the shared machinery is sparse_model_harness.{hpp,cpp}.
//
// Every case draws the output side at random (C's domain and contents, possibly with
// pending set/remove_element work; no mask, a valued or structural mask of any domain,
// complemented or not; replace or merge; no accumulator or a mixed-domain,
// non-commutative, narrower or user-defined one; transposes; C aliasing inputs or the
// mask), then the operator and inputs (all 11 types, a user struct type, mixed domains),
// runs weft and compares C with the model entry by entry, and checks that inputs and
// masks are unchanged. Values are small integers, so floating sums are exact in any order
// and compare exactly; where each result comes from one operation, or the sum cannot
// round (integers, MIN/MAX), inputs also hold wide values that wrap, saturate, truncate.
//
// The same executable runs blocking and, with WEFT_TEST_MODE=nonblocking, nonblocking.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "sparse_model_harness.hpp"

namespace {

using namespace sm;
using gbmodel::transpose;

// A dimension: mostly small, sometimes up to 12, rarely up to 32.
int dim(Rng &r) { return r.uniform(1, r.chance(0.8) ? 6 : r.chance(0.9) ? 12 : 32); }

// The semirings core/sparse/mxm.cpp compiles with inlined operators (its
// WEFT_FAST_SEMIRINGS): the Fast tests draw only these, so the typed kernels meet every
// mask, accumulator and transpose as often as the generic ones.
Sem pick_fast_semiring(Rng &r) {
  static const std::vector<Sem> fast = {
      semiring_named("PLUS_TIMES_SEMIRING_FP64"), semiring_named("PLUS_TIMES_SEMIRING_FP32"),
      semiring_named("PLUS_TIMES_SEMIRING_INT64"), semiring_named("PLUS_PAIR_SEMIRING_INT64"),
      semiring_named("ANY_PAIR_SEMIRING_BOOL"),    semiring_named("LOR_LAND_SEMIRING_BOOL"),
      semiring_named("MIN_PLUS_SEMIRING_FP64")};
  return r.pick(fast);
}

bool mxm_case_of(Case &c, Sem s) {
  bool square = c.r.chance(0.5);
  int m = dim(c.r), n = square ? m : dim(c.r), k = square ? m : dim(c.r);
  c.note("semiring: " + s.m.name);
  bool wide = order_free(s.m.add);
  c.output(m, n, false, s.m.add.z, {true, true, true, true, true});
  // ANY_FIRST: every row of A~ constant; ANY_SECOND: every column of B~.
  Pattern pa = any_pattern(s, true), pb = any_pattern(s, false);
  Mat A = c.input("A", c.tran0 ? k : m, c.tran0 ? m : k, false, s.m.mul.x, wide, c.tran0 ? transposed(pa) : pa);
  Mat B = c.input("B", c.tran1 ? n : k, c.tran1 ? k : n, false, s.m.mul.y, wide, c.tran1 ? transposed(pb) : pb);
  if (!c.call(weft_mxm(c.C(), c.M(), c.acc(), s.h, c.A("A"), c.A("B"), c.desc()), "weft_mxm")) return false;
  return c.finish(gbmodel::mxm(s.m, c.tran0 ? transpose(A) : A, c.tran1 ? transpose(B) : B));
}

bool mxm_case(Case &c) { return mxm_case_of(c, pick_semiring(c.r)); }

TEST(SparseModel, Mxm) { run_cases("Mxm", 1500, mxm_case); }
TEST(SparseModel, MxmFast) {
  run_cases("MxmFast", 600, [](Case &c) { return mxm_case_of(c, pick_fast_semiring(c.r)); });
}

bool mxv_case_of(Case &c, Sem s) {
  int m = dim(c.r), k = c.r.chance(0.5) ? m : dim(c.r);
  c.note("semiring: " + s.m.name);
  bool wide = order_free(s.m.add);
  c.output(m, 1, true, s.m.add.z, {true, true, true, false, true});
  Pattern pa = any_pattern(s, true), pu = any_pattern(s, false) == Pattern::COL ? Pattern::ALL : Pattern::FREE;
  Mat A = c.input("A", c.tran0 ? k : m, c.tran0 ? m : k, false, s.m.mul.x, wide, c.tran0 ? transposed(pa) : pa);
  Mat u = c.input("u", k, 1, true, s.m.mul.y, wide, pu);
  if (!c.call(weft_mxv(c.w(), c.m(), c.acc(), s.h, c.A("A"), c.v("u"), c.desc()), "weft_mxv")) return false;
  return c.finish(gbmodel::mxm(s.m, c.tran0 ? transpose(A) : A, u));
}

bool mxv_case(Case &c) { return mxv_case_of(c, pick_semiring(c.r)); }

TEST(SparseModel, Mxv) { run_cases("Mxv", 1200, mxv_case); }
TEST(SparseModel, MxvFast) {
  run_cases("MxvFast", 600, [](Case &c) { return mxv_case_of(c, pick_fast_semiring(c.r)); });
}

bool vxm_case_of(Case &c, Sem s) {
  int n = dim(c.r), k = c.r.chance(0.5) ? n : dim(c.r);
  c.note("semiring: " + s.m.name);
  bool wide = order_free(s.m.add);
  c.output(n, 1, true, s.m.add.z, {true, true, false, true, true});
  Pattern pu = any_pattern(s, true) == Pattern::ROW ? Pattern::ALL : Pattern::FREE, pa = any_pattern(s, false);
  Mat u = c.input("u", k, 1, true, s.m.mul.x, wide, pu);
  Mat A = c.input("A", c.tran1 ? n : k, c.tran1 ? k : n, false, s.m.mul.y, wide, c.tran1 ? transposed(pa) : pa);
  if (!c.call(weft_vxm(c.w(), c.m(), c.acc(), s.h, c.v("u"), c.A("A"), c.desc()), "weft_vxm")) return false;
  // w' = u' A: T(j) = add over k of u(k) * A(k, j), u as the first operand.
  return c.finish(transpose(gbmodel::mxm(s.m, transpose(u), c.tran1 ? transpose(A) : A)));
}

bool vxm_case(Case &c) { return vxm_case_of(c, pick_semiring(c.r)); }

TEST(SparseModel, Vxm) { run_cases("Vxm", 1200, vxm_case); }
TEST(SparseModel, VxmFast) {
  run_cases("VxmFast", 600, [](Case &c) { return vxm_case_of(c, pick_fast_semiring(c.r)); });
}

const char *const kEwiseNames[] = {"add", "mult", "union"};

bool ewise_matrix_case(Case &c) {
  auto kind = static_cast<gbmodel::Ewise>(c.r.uniform(0, 2));
  Bin op = pick_binary(c.r);
  int nr = dim(c.r), nc = c.r.chance(0.5) ? nr : dim(c.r);
  c.note(std::string("ewise ") + kEwiseNames[static_cast<int>(kind)] + " op: " + op.m.name);
  c.output(nr, nc, false, op.m.z, {true, true, true, true, true});
  Mat A = c.input("A", c.tran0 ? nc : nr, c.tran0 ? nr : nc, false, op.m.x, true);
  Mat B = c.input("B", c.tran1 ? nc : nr, c.tran1 ? nr : nc, false, op.m.y, true);
  gbmodel::Scalar alpha, beta;
  weft_status st;
  if (kind == gbmodel::Ewise::UNION) {
    alpha = c.scalar("alpha", op.m.x, true);
    beta = c.scalar("beta", op.m.y, true);
    st = weft_matrix_ewise_union(c.C(), c.M(), c.acc(), op.h, c.A("A"), c.s("alpha"), c.A("B"), c.s("beta"), c.desc());
  } else if (kind == gbmodel::Ewise::ADD) {
    st = weft_matrix_ewise_add(c.C(), c.M(), c.acc(), op.h, c.A("A"), c.A("B"), c.desc());
  } else {
    st = weft_matrix_ewise_mult(c.C(), c.M(), c.acc(), op.h, c.A("A"), c.A("B"), c.desc());
  }
  if (!c.call(st, "weft_matrix_ewise")) return false;
  return c.finish(gbmodel::ewise(kind, op.m, c.tran0 ? transpose(A) : A, c.tran1 ? transpose(B) : B, alpha, beta));
}

TEST(SparseModel, EwiseMatrix) { run_cases("EwiseMatrix", 2100, ewise_matrix_case); }

bool ewise_vector_case(Case &c) {
  auto kind = static_cast<gbmodel::Ewise>(c.r.uniform(0, 2));
  Bin op = pick_binary(c.r);
  int n = dim(c.r);
  c.note(std::string("ewise ") + kEwiseNames[static_cast<int>(kind)] + " op: " + op.m.name);
  c.output(n, 1, true, op.m.z, {true, true, false, false, true});
  Mat u = c.input("u", n, 1, true, op.m.x, true);
  Mat v = c.input("v", n, 1, true, op.m.y, true);
  gbmodel::Scalar alpha, beta;
  weft_status st;
  if (kind == gbmodel::Ewise::UNION) {
    alpha = c.scalar("alpha", op.m.x, true);
    beta = c.scalar("beta", op.m.y, true);
    st = weft_vector_ewise_union(c.w(), c.m(), c.acc(), op.h, c.v("u"), c.s("alpha"), c.v("v"), c.s("beta"), c.desc());
  } else if (kind == gbmodel::Ewise::ADD) {
    st = weft_vector_ewise_add(c.w(), c.m(), c.acc(), op.h, c.v("u"), c.v("v"), c.desc());
  } else {
    st = weft_vector_ewise_mult(c.w(), c.m(), c.acc(), op.h, c.v("u"), c.v("v"), c.desc());
  }
  if (!c.call(st, "weft_vector_ewise")) return false;
  return c.finish(gbmodel::ewise(kind, op.m, u, v, alpha, beta));
}

TEST(SparseModel, EwiseVector) { run_cases("EwiseVector", 1500, ewise_vector_case); }

// One apply case on a matrix or a vector: unary, bound first, bound second or index.
bool apply_case(Case &c, bool vec) {
  int variant = c.r.uniform(0, 3);
  int nr = dim(c.r), nc = vec ? 1 : c.r.chance(0.5) ? nr : dim(c.r);
  // Bound first, A is the operator's second input: WEFT_INP1 transposes it.
  OutOpts o{true, true, !vec && variant != 1, !vec && variant == 1, true};
  // A's stored shape, known once output() has drawn the transpose.
  int ar = 0, ac = 0;
  bool tran = false;
  auto stored = [&]() {
    tran = variant == 1 ? c.tran1 : c.tran0;
    ar = tran ? nc : nr;
    ac = tran ? nr : nc;
  };
  weft_status st;
  Mat T;
  if (variant == 0) {
    Un op = pick_unary(c.r);
    c.note("apply op: " + op.m.name);
    c.output(nr, nc, vec, op.m.z, o);
    stored();
    Mat A = c.input("A", ar, ac, vec, op.m.x, true);
    st = vec ? weft_vector_apply(c.w(), c.m(), c.acc(), op.h, c.v("A"), c.desc())
             : weft_matrix_apply(c.C(), c.M(), c.acc(), op.h, c.A("A"), c.desc());
    T = gbmodel::apply(op.m, c.tran0 ? transpose(A) : A);
  } else if (variant <= 2) {
    bool first = variant == 1;
    Bin op = pick_binary(c.r);
    c.note(std::string("apply_") + (first ? "first" : "second") + " op: " + op.m.name);
    c.output(nr, nc, vec, op.m.z, o);
    stored();
    Mat A = c.input("A", ar, ac, vec, first ? op.m.y : op.m.x, true);
    Value x = c.scalar("x", first ? op.m.x : op.m.y, true);
    if (first) {
      st = vec ? weft_vector_apply_first(c.w(), c.m(), c.acc(), op.h, c.s("x"), c.v("A"), c.desc())
               : weft_matrix_apply_first(c.C(), c.M(), c.acc(), op.h, c.s("x"), c.A("A"), c.desc());
    } else {
      st = vec ? weft_vector_apply_second(c.w(), c.m(), c.acc(), op.h, c.v("A"), c.s("x"), c.desc())
               : weft_matrix_apply_second(c.C(), c.M(), c.acc(), op.h, c.A("A"), c.s("x"), c.desc());
    }
    T = gbmodel::apply_bound(op.m, x, first, tran ? transpose(A) : A);
  } else {
    Idx op = pick_index(c.r);
    c.note("apply_index op: " + op.m.name);
    c.output(nr, nc, vec, op.m.z, o);
    stored();
    Mat A = c.input("A", ar, ac, vec, op.m.x, true);
    Value s = c.scalar("thunk", op.m.s);
    st = vec ? weft_vector_apply_index(c.w(), c.m(), c.acc(), op.h, c.v("A"), c.s("thunk"), c.desc())
             : weft_matrix_apply_index(c.C(), c.M(), c.acc(), op.h, c.A("A"), c.s("thunk"), c.desc());
    T = gbmodel::apply_index(op.m, c.tran0 ? transpose(A) : A, s);
  }
  if (!c.call(st, "apply")) return false;
  return c.finish(T);
}

TEST(SparseModel, ApplyMatrix) {
  run_cases("ApplyMatrix", 2100, [](Case &c) { return apply_case(c, false); });
}

TEST(SparseModel, ApplyVector) {
  run_cases("ApplyVector", 1500, [](Case &c) { return apply_case(c, true); });
}

bool select_case(Case &c, bool vec) {
  Idx op = pick_index(c.r);
  int nr = dim(c.r), nc = vec ? 1 : c.r.chance(0.5) ? nr : dim(c.r);
  // T keeps A's values, so C must be compatible with A's domain (drawn here first).
  Code at = random_compatible(c.r, op.m.x);
  c.note("select op: " + op.m.name);
  c.output(nr, nc, vec, at, {true, true, !vec, false, true});
  Mat A = c.input("A", c.tran0 ? nc : nr, c.tran0 ? nr : nc, vec, at, true);
  Value s = c.scalar("thunk", op.m.s);
  weft_status st = vec ? weft_vector_select(c.w(), c.m(), c.acc(), op.h, c.v("A"), c.s("thunk"), c.desc())
                       : weft_matrix_select(c.C(), c.M(), c.acc(), op.h, c.A("A"), c.s("thunk"), c.desc());
  if (!c.call(st, "select")) return false;
  return c.finish(gbmodel::select(op.m, c.tran0 ? transpose(A) : A, s));
}

TEST(SparseModel, SelectMatrix) {
  run_cases("SelectMatrix", 1800, [](Case &c) { return select_case(c, false); });
}

TEST(SparseModel, SelectVector) {
  run_cases("SelectVector", 1200, [](Case &c) { return select_case(c, true); });
}

bool reduce_vector_case(Case &c) {
  int nr = dim(c.r), nc = dim(c.r);
  // A floating product of up to 12 small integers is exact (3^12 < 2^24); of more, not.
  Mon mon = pick_monoid(c.r, nc <= 12);
  c.note("monoid: " + mon.m.name);
  c.output(nr, 1, true, mon.m.z, {true, true, true, false, true});
  Pattern p = is_any(mon.m) ? (c.tran0 ? Pattern::COL : Pattern::ROW) : Pattern::FREE;  // rows of A~ constant
  Mat A = c.input("A", c.tran0 ? nc : nr, c.tran0 ? nr : nc, false, mon.m.x, order_free(mon.m), p);
  if (!c.call(weft_matrix_reduce(c.w(), c.m(), c.acc(), mon.h, c.A("A"), c.desc()), "weft_matrix_reduce")) return false;
  return c.finish(gbmodel::reduce_rows(mon.m, c.tran0 ? transpose(A) : A));
}

TEST(SparseModel, ReduceToVector) { run_cases("ReduceToVector", 1500, reduce_vector_case); }

TEST(SparseModel, ReduceToScalar) {
  run_cases("ReduceToScalar", 1500, [](Case &c) {
    Mon mon = pick_monoid(c.r, false);
    bool vec = c.r.chance(0.4);
    int nr = dim(c.r), nc = vec ? 1 : dim(c.r);
    c.note("monoid: " + mon.m.name);
    c.output_scalar(mon.m.z);
    Mat A = c.input("A", nr, nc, vec, mon.m.x, order_free(mon.m), is_any(mon.m) ? Pattern::ALL : Pattern::FREE);
    weft_status st = vec ? weft_vector_reduce_scalar(c.S(), c.acc(), mon.h, c.v("A"), nullptr)
                         : weft_matrix_reduce_scalar(c.S(), c.acc(), mon.h, c.A("A"), nullptr);
    if (!c.call(st, "reduce_scalar")) return false;
    return c.finish(gbmodel::reduce_all(mon.m, A));
  });
}

bool transpose_case(Case &c) {
  int nr = dim(c.r), nc = c.r.chance(0.5) ? nr : dim(c.r);
  Code at = random_compatible(c.r, Code::ANY);
  c.output(nr, nc, false, at, {true, true, true, false, true});
  // T = (A~)': with INP0 = TRAN a copy of A, which then has C's shape.
  Mat A = c.input("A", c.tran0 ? nr : nc, c.tran0 ? nc : nr, false, at, true);
  if (!c.call(weft_transpose(c.C(), c.M(), c.acc(), c.A("A"), c.desc()), "weft_transpose")) return false;
  return c.finish(c.tran0 ? A : transpose(A));
}

TEST(SparseModel, Transpose) { run_cases("Transpose", 1500, transpose_case); }

bool kronecker_case(Case &c) {
  Bin op = pick_binary(c.r);
  int ma = c.r.uniform(1, 3), na = c.r.uniform(1, 3), mb = c.r.uniform(1, 4), nb = c.r.uniform(1, 4);
  c.note("kronecker op: " + op.m.name);
  c.output(ma * mb, na * nb, false, op.m.z, {true, true, true, true, true});
  Mat A = c.input("A", c.tran0 ? na : ma, c.tran0 ? ma : na, false, op.m.x, true);
  Mat B = c.input("B", c.tran1 ? nb : mb, c.tran1 ? mb : nb, false, op.m.y, true);
  if (!c.call(weft_kronecker(c.C(), c.M(), c.acc(), op.h, c.A("A"), c.A("B"), c.desc()), "weft_kronecker"))
    return false;
  return c.finish(gbmodel::kronecker(op.m, c.tran0 ? transpose(A) : A, c.tran1 ? transpose(B) : B));
}

TEST(SparseModel, Kronecker) { run_cases("Kronecker", 1200, kronecker_case); }

// Every input that can be C is C (weft_mxm(C, C, NULL, s, C, C, NULL) and kin), and
// most masks too: inputs are read as they were when the call began.
TEST(SparseModel, AliasedCalls) {
  run_cases("Aliased", 1800, [](Case &c) {
    c.alias_p = 1.0;
    switch (c.r.uniform(0, 8)) {
      case 0:
        return mxm_case(c);
      case 1:
        return mxv_case(c);
      case 2:
        return vxm_case(c);
      case 3:
        return ewise_matrix_case(c);
      case 4:
        return ewise_vector_case(c);
      case 5:
        return apply_case(c, c.r.chance(0.5));
      case 6:
        return select_case(c, false);
      case 7:
        return reduce_vector_case(c);
      default:
        return transpose_case(c);
    }
  });
}

// Predefined-only operators for the chains (their objects are all of predefined domains).
bool predefined(Code z, Code x, Code y = Code::BOOL) {
  return gbmodel::is_predefined(z) && gbmodel::compatible(x, Code::BOOL) && gbmodel::is_predefined(y);
}

// Several calls in a row on three square matrices, read only at the end (sometimes in
// between): in nonblocking mode later calls meet earlier calls' pending work as inputs,
// masks and outputs. Descriptors, scalars and some inputs are freed right after the
// call that used them. Semirings are integer or BOOL ones here, so values that grow
// from step to step stay exact.
bool chain_case(Case &c) {
  int n = c.r.uniform(1, 6);
  std::vector<Mat> pool;
  std::vector<weft_matrix> h;
  for (int k = 0; k < 3; ++k) {
    pool.push_back(random_mat(c.r, n, n, random_predefined(c.r)));
    h.push_back(new_matrix(pool.back()));
    c.own(h.back());
    c.note("X" + std::to_string(k) + ": " + gbmodel::to_string(pool.back()));
  }
  int steps = c.r.uniform(2, 6);
  for (int step = 0; step < steps; ++step) {
    int o = c.r.uniform(0, 2), a = c.r.uniform(0, 2), b = c.r.uniform(0, 2), mi = c.r.uniform(-1, 2);
    // Copies of the inputs as the call begins (o may be any of them).
    Mat A = pool[static_cast<size_t>(a)], B = pool[static_cast<size_t>(b)];
    Mat Mk = mi >= 0 ? pool[static_cast<size_t>(mi)] : Mat();
    weft_matrix ah = h[static_cast<size_t>(a)], bh = h[static_cast<size_t>(b)];
    weft_matrix mh = mi >= 0 ? h[static_cast<size_t>(mi)] : nullptr;
    weft_matrix temp = nullptr;
    if (c.r.chance(0.2)) {  // B is a temporary, freed right after the call
      B = random_mat(c.r, n, n, random_predefined(c.r));
      bh = temp = new_matrix(B);
    }
    gbmodel::Out out;
    if (mi >= 0) {
      out.M = &Mk;
      out.structure = c.r.chance(0.5);
    }
    out.comp = c.r.chance(0.3);
    out.replace = c.r.chance(0.3);
    int kind = c.r.uniform(0, 5);
    bool t0 = kind != 3 && c.r.chance(0.3), t1 = (kind == 0 || kind == 2) && c.r.chance(0.3);
    Mat At = t0 ? gbmodel::transpose(A) : A, Bt = t1 ? gbmodel::transpose(B) : B;
    Mat &C = pool[static_cast<size_t>(o)];
    std::ostringstream what;
    what << "step " << step << ": X" << o << "<" << (mi >= 0 ? "X" + std::to_string(mi) : "-") << "> A=X" << a
         << " B=" << (temp ? "temp " + gbmodel::to_string(B) : "X" + std::to_string(b)) << " replace " << out.replace
         << " comp " << out.comp << " structure " << out.structure << " t0 " << t0 << " t1 " << t1;
    Mat T;
    Code tz = Code::BOOL;
    std::function<weft_status(weft_binary_op, weft_descriptor)> run;
    Bin bop;
    Un uop;
    Sem sem;
    Idx iop;
    Value x;
    weft_scalar xs = nullptr;
    std::vector<int> I, J;
    std::vector<int64_t> I64, J64;
    switch (kind) {
      case 0: {
        do bop = pick_binary(c.r);
        while (!predefined(bop.m.z, bop.m.x, bop.m.y));
        bool add = c.r.chance(0.5);
        what << (add ? " ewise_add " : " ewise_mult ") << bop.m.name;
        T = gbmodel::ewise(add ? gbmodel::Ewise::ADD : gbmodel::Ewise::MULT, bop.m, At, Bt);
        tz = bop.m.z;
        run = [&, add](weft_binary_op acc, weft_descriptor d) {
          return add ? weft_matrix_ewise_add(h[o], mh, acc, bop.h, ah, bh, d)
                     : weft_matrix_ewise_mult(h[o], mh, acc, bop.h, ah, bh, d);
        };
        break;
      }
      case 1: {
        do uop = pick_unary(c.r);
        while (!predefined(uop.m.z, uop.m.x));
        what << " apply " << uop.m.name;
        T = gbmodel::apply(uop.m, At);
        tz = uop.m.z;
        run = [&](weft_binary_op acc, weft_descriptor d) { return weft_matrix_apply(h[o], mh, acc, uop.h, ah, d); };
        break;
      }
      case 2: {
        do sem = pick_semiring(c.r);
        while (!predefined(sem.m.add.z, sem.m.mul.x, sem.m.mul.y) || gbmodel::is_float(sem.m.add.z) ||
               any_pattern(sem, true) != Pattern::FREE || any_pattern(sem, false) != Pattern::FREE);
        what << " mxm " << sem.m.name;
        T = gbmodel::mxm(sem.m, At, Bt);
        tz = sem.m.add.z;
        run = [&](weft_binary_op acc, weft_descriptor d) { return weft_mxm(h[o], mh, acc, sem.h, ah, bh, d); };
        break;
      }
      case 3: {
        x = random_value(c.r, random_predefined(c.r), true);
        xs = new_scalar(x.t, x);
        I = random_indices(c.r, c.r.uniform(1, n), n, false);
        J = random_indices(c.r, c.r.uniform(1, n), n, false);
        I64 = to64(I);
        J64 = to64(J);
        what << " assign_scalar " << gbmodel::code_name(x.t) << " " << gbmodel::to_string(x) << " to " << I.size()
             << "x" << J.size() << " rows/cols";
        for (size_t k = 0; k < I.size(); ++k) what << " " << I[k] << (k < J.size() ? "/" + std::to_string(J[k]) : "");
        for (size_t k = I.size(); k < J.size(); ++k) what << " -/" << J[k];
        tz = x.t;
        run = [&](weft_binary_op acc, weft_descriptor d) {
          return weft_matrix_assign_scalar(h[o], mh, acc, xs, I64.data(), static_cast<int64_t>(I64.size()), J64.data(),
                                           static_cast<int64_t>(J64.size()), d);
        };
        break;
      }
      case 4: {
        what << " transpose";
        T = t0 ? A : gbmodel::transpose(A);
        tz = A.t;
        run = [&](weft_binary_op acc, weft_descriptor d) { return weft_transpose(h[o], mh, acc, ah, d); };
        break;
      }
      default: {
        do iop = pick_index(c.r);
        while (!predefined(iop.m.z, iop.m.x, iop.m.s));
        x = random_value(c.r, random_compatible(c.r, iop.m.s));
        xs = new_scalar(x.t, x);
        what << " select " << iop.m.name << " thunk " << gbmodel::to_string(x);
        T = gbmodel::select(iop.m, At, x);
        tz = A.t;
        run = [&](weft_binary_op acc, weft_descriptor d) {
          return weft_matrix_select(h[o], mh, acc, iop.h, ah, xs, d);
        };
        break;
      }
    }
    std::optional<Bin> accum;
    if (c.r.chance(0.5)) accum = pick_accum(c.r, C.t, tz);
    out.accum = accum ? &accum->m : nullptr;
    what << " accum " << (accum ? accum->m.name : "NULL");
    c.note(what.str());
    weft_descriptor d = new_descriptor(out, t0, t1, c.r.chance(0.5));
    weft_status st = run(accum ? accum->h : nullptr, d);
    weft_descriptor_free(&d);
    if (xs != nullptr) weft_scalar_free(&xs);
    if (temp != nullptr) weft_matrix_free(&temp);
    if (!c.call(st, "chain step")) return false;
    if (kind == 3)
      gbmodel::assign(C, out, gbmodel::filled(static_cast<int>(I.size()), static_cast<int>(J.size()), x), I, J);
    else
      gbmodel::write_back(C, out, T);
    // Sometimes complete or read one object mid-chain.
    int peek = c.r.uniform(0, 9);
    if (peek < 3) {
      bool ok = true;
      Mat got = read_matrix(h[static_cast<size_t>(peek)], pool[static_cast<size_t>(peek)].t, &ok);
      std::string diff = ok ? gbmodel::first_difference(pool[static_cast<size_t>(peek)], got) : "unreadable";
      if (!diff.empty()) {
        ADD_FAILURE() << "X" << peek << " after step " << step << ": " << diff << "\n  " << c.describe();
        return false;
      }
    } else if (peek == 3) {
      c.call(weft_matrix_wait(h[static_cast<size_t>(o)], WEFT_MATERIALIZE), "weft_matrix_wait");
    }
  }
  for (size_t k = 0; k < 3; ++k) {
    bool ok = true;
    Mat got = read_matrix(h[k], pool[k].t, &ok);
    std::string diff = ok ? gbmodel::first_difference(pool[k], got) : "unreadable";
    if (!diff.empty()) {
      ADD_FAILURE() << "X" << k << " at the end: " << diff << "\n  " << c.describe() << "\n    expected "
                    << gbmodel::to_string(pool[k]) << "\n    got      " << gbmodel::to_string(got);
      return false;
    }
  }
  return true;
}

TEST(SparseModel, ChainsOfCalls) { run_cases("Chains", 1200, chain_case); }

// ---- Every predefined operator on special values ---------------------------------------
// Each predefined binary operator on every pair of special_values (0, -0, NaN, +-inf,
// extremes that wrap or saturate, fractions), through ewise_mult; each unary operator
// through apply; each index-unary operator through apply_index; each monoid through a
// reduction of two-entry rows. The model computes every result with its own arithmetic.
// Distinct values of a predefined domain that stress arithmetic and casts: 0, -0, +-1,
// small integers, fractions, the integer types' extremes, +-inf, NaN.
std::vector<Value> special_values(Code t) {
  using gbmodel::cast;
  const double inf = std::numeric_limits<double>::infinity();
  static const std::vector<double> fp = {0,   -0.0, 1,   -1,    2,    3,     -3,  0.5,  -2.5,
                                         127, -128, 255, 65535, 1e10, -1e10, inf, -inf, std::nan("")};
  static const std::vector<int64_t> in = {INT64_MIN, INT64_MAX, INT32_MIN, INT32_MAX, 128, -129, 4294967295};
  std::vector<Value> all, out;
  for (double d : fp) all.push_back(cast(Value::of(Code::FP64, d), t));
  for (int64_t i : in) all.push_back(cast(Value::of(Code::INT64, i), t));
  for (const Value &v : all) {
    bool seen = false;
    for (const Value &o : out) seen = seen || gbmodel::same(o, v);
    if (!seen) out.push_back(v);
  }
  return out;
}

Mat column_of(const std::vector<Value> &xs, Code t) {
  Mat v(static_cast<int>(xs.size()), 1, t);
  for (size_t k = 0; k < xs.size(); ++k) v.set(static_cast<int>(k), 0, xs[k]);
  return v;
}

// Compares w with expected entry by entry, naming the operator and its arguments.
int compare_each(const std::string &op, const Mat &expected, const Mat &got, const std::vector<std::string> &args) {
  int bad = 0;
  for (int k = 0; k < expected.nr && bad < 3; ++k) {
    bool e = expected.present(k, 0), g = k < got.nr && got.present(k, 0);
    if (e == g && (!e || gbmodel::same(expected.get(k, 0), got.get(k, 0)))) continue;
    ++bad;
    ADD_FAILURE() << op << args[static_cast<size_t>(k)] << ": expected "
                  << (e ? gbmodel::to_string(expected.get(k, 0)) : "no entry") << ", got "
                  << (g ? gbmodel::to_string(got.get(k, 0)) : "no entry");
  }
  return bad;
}

TEST(SparseModel, EveryPredefinedOperator) {
  int failures = 0;
  for (const Bin &op : predefined_binaries()) {
    if (failures > 10) break;
    std::vector<Value> xs, ys, X = special_values(op.m.x), Y = special_values(op.m.y);
    std::vector<std::string> args;
    for (const Value &x : X)
      for (const Value &y : Y) {
        xs.push_back(x);
        ys.push_back(y);
        args.push_back("(" + gbmodel::to_string(x) + ", " + gbmodel::to_string(y) + ")");
      }
    Mat u = column_of(xs, op.m.x), v = column_of(ys, op.m.y);
    weft_vector uh = new_vector(u), vh = new_vector(v), w = new_vector(Mat(u.nr, 1, op.m.z));
    bool ok = true;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_ewise_mult(w, nullptr, nullptr, op.h, uh, vh, nullptr)) << op.m.name;
    failures +=
        compare_each(op.m.name, gbmodel::ewise(gbmodel::Ewise::MULT, op.m, u, v), read_vector(w, op.m.z, &ok), args);
    for (weft_vector h : {uh, vh, w}) weft_vector_free(&h);
  }
  for (const Un &op : predefined_unaries()) {
    std::vector<Value> xs = special_values(op.m.x);
    std::vector<std::string> args;
    for (const Value &x : xs) args.push_back("(" + gbmodel::to_string(x) + ")");
    Mat u = column_of(xs, op.m.x);
    weft_vector uh = new_vector(u), w = new_vector(Mat(u.nr, 1, op.m.z));
    bool ok = true;
    EXPECT_EQ(WEFT_SUCCESS, weft_vector_apply(w, nullptr, nullptr, op.h, uh, nullptr)) << op.m.name;
    failures += compare_each(op.m.name, gbmodel::apply(op.m, u), read_vector(w, op.m.z, &ok), args);
    for (weft_vector h : {uh, w}) weft_vector_free(&h);
  }
  for (const Idx &op : predefined_index_ops()) {
    // The value tests meet every value as thunk; positional ones a few offsets, on a
    // vector (j = 0) of every value.
    Code xt = op.m.x == Code::ANY ? Code::INT16 : op.m.x;
    std::vector<Value> xs = special_values(xt), thunks = special_values(op.m.s);
    if (op.m.x == Code::ANY) thunks.resize(std::min<size_t>(thunks.size(), 8));
    for (const Value &s : thunks) {
      std::vector<std::string> args;
      for (size_t k = 0; k < xs.size(); ++k)
        args.push_back("(" + gbmodel::to_string(xs[k]) + ", i " + std::to_string(k) + ", s " + gbmodel::to_string(s) +
                       ")");
      Mat u = column_of(xs, xt);
      weft_vector uh = new_vector(u), w = new_vector(Mat(u.nr, 1, op.m.z));
      weft_scalar sh = new_scalar(s.t, s);
      bool ok = true;
      EXPECT_EQ(WEFT_SUCCESS, weft_vector_apply_index(w, nullptr, nullptr, op.h, uh, sh, nullptr)) << op.m.name;
      failures += compare_each(op.m.name, gbmodel::apply_index(op.m, u, s), read_vector(w, op.m.z, &ok), args);
      for (weft_vector h : {uh, w}) weft_vector_free(&h);
      weft_scalar_free(&sh);
    }
  }
  for (const Mon &mon : predefined_monoids()) {
    if (is_any(mon.m)) continue;  // any operand may come back
    std::vector<Value> X = special_values(mon.m.x);
    Mat A(static_cast<int>(X.size() * X.size()), 2, mon.m.x);
    std::vector<std::string> args;
    for (size_t a = 0; a < X.size(); ++a)
      for (size_t b = 0; b < X.size(); ++b) {
        A.set(static_cast<int>(a * X.size() + b), 0, X[a]);
        A.set(static_cast<int>(a * X.size() + b), 1, X[b]);
        args.push_back("(" + gbmodel::to_string(X[a]) + ", " + gbmodel::to_string(X[b]) + ")");
      }
    weft_matrix Ah = new_matrix(A);
    weft_vector w = new_vector(Mat(A.nr, 1, mon.m.z));
    bool ok = true;
    EXPECT_EQ(WEFT_SUCCESS, weft_matrix_reduce(w, nullptr, nullptr, mon.h, Ah, nullptr)) << mon.m.name;
    failures += compare_each(mon.m.name, gbmodel::reduce_rows(mon.m, A), read_vector(w, mon.m.z, &ok), args);
    weft_matrix_free(&Ah);
    weft_vector_free(&w);
  }
}

}  // namespace
