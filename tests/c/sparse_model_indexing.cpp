// sparse_model_indexing.cpp — randomised tests against the dense model, part 2: extract
// (matrix, vector, column), assign (standard matrix and vector, column, row, scalar),
// subassign, build with dup, diag, and the API-error guarantee (a call with a dimension
// or domain mismatch returns that status and leaves C unchanged). Part of the
// sparse_model executable (see test_sparse_model.cpp for what every case varies).
#include <gtest/gtest.h>

#include "sparse_model_harness.hpp"

namespace {

using namespace sm;
using gbmodel::transpose;

int dim(Rng &r) { return r.uniform(1, r.chance(0.8) ? 6 : r.chance(0.9) ? 12 : 32); }

// An index list over [0, dim): WEFT_ALL (all of it, in order) or explicit indices,
// distinct unless `repeats` (then up to max_n of them).
struct IndexList {
  bool all = false;
  std::vector<int> idx;
  std::vector<int64_t> v64;
  const int64_t *ptr() const { return all ? WEFT_ALL : v64.data(); }
  int64_t n() const { return static_cast<int64_t>(idx.size()); }
  std::string str() const {
    std::string s = all ? "ALL [" : "[";
    for (int i : idx) s += " " + std::to_string(i);
    return s + " ]";
  }
};

IndexList index_list(Rng &r, int dim, bool repeats, int max_n = 8) {
  IndexList L;
  if (r.chance(0.15)) {
    L.all = true;
    L.idx = random_indices(r, dim, dim, false);
    std::sort(L.idx.begin(), L.idx.end());
  } else {
    int n = repeats ? r.uniform(1, max_n) : r.chance(0.25) ? dim : r.uniform(1, dim);
    L.idx = random_indices(r, n, dim, repeats);
  }
  L.v64 = to64(L.idx);
  return L;
}

TEST(SparseModel, ExtractMatrix) {
  run_cases("ExtractMatrix", 1500, [](Case &c) {
    Code at = random_compatible(c.r, Code::ANY);
    int ar = dim(c.r), ac = dim(c.r);  // the shape of A~
    IndexList I = index_list(c.r, ar, true), J = index_list(c.r, ac, true);
    c.note("I " + I.str() + ", J " + J.str());
    c.output(static_cast<int>(I.n()), static_cast<int>(J.n()), false, at, {true, true, true, false, true});
    Mat A = c.input("A", c.tran0 ? ac : ar, c.tran0 ? ar : ac, false, at, true);
    if (!c.call(weft_matrix_extract(c.C(), c.M(), c.acc(), c.A("A"), I.ptr(), I.n(), J.ptr(), J.n(), c.desc()),
                "weft_matrix_extract"))
      return false;
    return c.finish(gbmodel::extract(c.tran0 ? transpose(A) : A, I.idx, J.idx));
  });
}

TEST(SparseModel, ExtractVector) {
  run_cases("ExtractVector", 1200, [](Case &c) {
    Code at = random_compatible(c.r, Code::ANY);
    int n = dim(c.r);
    IndexList I = index_list(c.r, n, true);
    c.note("I " + I.str());
    c.output(static_cast<int>(I.n()), 1, true, at, {true, true, false, false, true});
    Mat u = c.input("u", n, 1, true, at, true);
    if (!c.call(weft_vector_extract(c.w(), c.m(), c.acc(), c.v("u"), I.ptr(), I.n(), c.desc()), "weft_vector_extract"))
      return false;
    return c.finish(gbmodel::extract(u, I.idx, {0}));
  });
}

TEST(SparseModel, ExtractColumn) {
  run_cases("ExtractColumn", 1200, [](Case &c) {
    Code at = random_compatible(c.r, Code::ANY);
    int ar = dim(c.r), ac = dim(c.r);  // A~; with INP0 = TRAN, j names a row of A
    IndexList I = index_list(c.r, ar, true);
    int j = c.r.uniform(0, ac - 1);
    c.note("I " + I.str() + ", j " + std::to_string(j));
    c.output(static_cast<int>(I.n()), 1, true, at, {true, true, true, false, true});
    Mat A = c.input("A", c.tran0 ? ac : ar, c.tran0 ? ar : ac, false, at, true);
    if (!c.call(weft_col_extract(c.w(), c.m(), c.acc(), c.A("A"), I.ptr(), I.n(), j, c.desc()), "weft_col_extract"))
      return false;
    return c.finish(gbmodel::extract(c.tran0 ? transpose(A) : A, I.idx, {j}));
  });
}

TEST(SparseModel, AssignMatrix) {
  run_cases("AssignMatrix", 1800, [](Case &c) {
    Code at = random_compatible(c.r, Code::ANY);
    int nr = dim(c.r), nc = c.r.chance(0.5) ? nr : dim(c.r);
    IndexList I = index_list(c.r, nr, false), J = index_list(c.r, nc, false);
    int ni = static_cast<int>(I.n()), nj = static_cast<int>(J.n());
    c.note("I " + I.str() + ", J " + J.str());
    c.output(nr, nc, false, at, {true, true, true, false, true});
    Mat A = c.input("A", c.tran0 ? nj : ni, c.tran0 ? ni : nj, false, at, true);
    if (!c.call(weft_matrix_assign(c.C(), c.M(), c.acc(), c.A("A"), I.ptr(), I.n(), J.ptr(), J.n(), c.desc()),
                "weft_matrix_assign"))
      return false;
    Mat expected = c.C0;
    gbmodel::assign(expected, c.out, c.tran0 ? transpose(A) : A, I.idx, J.idx);
    return c.finish_expected(expected);
  });
}

TEST(SparseModel, AssignVector) {
  run_cases("AssignVector", 1200, [](Case &c) {
    Code at = random_compatible(c.r, Code::ANY);
    int n = dim(c.r);
    IndexList I = index_list(c.r, n, false);
    c.note("I " + I.str());
    c.output(n, 1, true, at, {true, true, false, false, true});
    Mat u = c.input("u", static_cast<int>(I.n()), 1, true, at, true);
    if (!c.call(weft_vector_assign(c.w(), c.m(), c.acc(), c.v("u"), I.ptr(), I.n(), c.desc()), "weft_vector_assign"))
      return false;
    Mat expected = c.C0;
    gbmodel::assign(expected, c.out, u, I.idx, {0});
    return c.finish_expected(expected);
  });
}

TEST(SparseModel, AssignScalar) {
  run_cases("AssignScalar", 1500, [](Case &c) {
    Code at = random_compatible(c.r, Code::ANY);
    bool vec = c.r.chance(0.4);
    int nr = dim(c.r), nc = vec ? 1 : dim(c.r);
    // Repeated indices are allowed here (they name the same position), but no more of
    // them than the dimension (GraphBLAS: WEFT_DIMENSION_MISMATCH).
    IndexList I = index_list(c.r, nr, true, nr), J = vec ? IndexList() : index_list(c.r, nc, true, nc);
    if (vec) J.idx = {0};
    c.note("I " + I.str() + (vec ? "" : ", J " + J.str()));
    c.output(nr, nc, vec, at, {true, true, false, false, true});
    Value x = c.scalar("x", at, true);
    weft_status st =
        vec ? weft_vector_assign_scalar(c.w(), c.m(), c.acc(), c.s("x"), I.ptr(), I.n(), c.desc())
            : weft_matrix_assign_scalar(c.C(), c.M(), c.acc(), c.s("x"), I.ptr(), I.n(), J.ptr(), J.n(), c.desc());
    if (!c.call(st, "assign_scalar")) return false;
    Mat expected = c.C0;
    gbmodel::assign(expected, c.out, gbmodel::filled(static_cast<int>(I.n()), static_cast<int>(J.idx.size()), x), I.idx,
                    J.idx);
    return c.finish_expected(expected);
  });
}

// Column and row assign: the mask is a vector over the column (row), and the whole
// rule, replace included, acts on that column (row) only.
TEST(SparseModel, AssignColumnRow) {
  run_cases("AssignColumnRow", 1500, [](Case &c) {
    Code at = random_compatible(c.r, Code::ANY);
    bool row = c.r.chance(0.5);
    int nr = dim(c.r), nc = dim(c.r);
    int len = row ? nc : nr;  // the length of the row (column)
    int fixed = c.r.uniform(0, (row ? nr : nc) - 1);
    IndexList I = index_list(c.r, len, false);
    c.note(std::string(row ? "row " : "column ") + std::to_string(fixed) + ", indices " + I.str());
    OutOpts o{true, true, false, false, true};
    o.mask_nr = len;
    o.mask_nc = 1;
    o.mask_vec = true;
    c.output(nr, nc, false, at, o);
    Mat u = c.input("u", static_cast<int>(I.n()), 1, true, at, true);
    weft_status st = row ? weft_row_assign(c.C(), c.m(), c.acc(), c.v("u"), fixed, I.ptr(), I.n(), c.desc())
                         : weft_col_assign(c.C(), c.m(), c.acc(), c.v("u"), I.ptr(), I.n(), fixed, c.desc());
    if (!c.call(st, row ? "weft_row_assign" : "weft_col_assign")) return false;
    Mat expected = row ? transpose(c.C0) : c.C0;
    Mat line = gbmodel::column(expected, fixed);
    gbmodel::assign(line, c.out, u, I.idx, {0});
    gbmodel::set_column(expected, fixed, line);
    return c.finish_expected(row ? transpose(expected) : expected);
  });
}

TEST(SparseModel, Subassign) {
  run_cases("Subassign", 1500, [](Case &c) {
    Code at = random_compatible(c.r, Code::ANY);
    int nr = dim(c.r), nc = c.r.chance(0.5) ? nr : dim(c.r);
    IndexList I = index_list(c.r, nr, false), J = index_list(c.r, nc, false);
    int ni = static_cast<int>(I.n()), nj = static_cast<int>(J.n());
    c.note("I " + I.str() + ", J " + J.str());
    OutOpts o{true, true, true, false, true};
    o.mask_nr = ni;
    o.mask_nc = nj;
    c.output(nr, nc, false, at, o);
    Mat A = c.input("A", c.tran0 ? nj : ni, c.tran0 ? ni : nj, false, at, true);
    if (!c.call(weft_matrix_subassign(c.C(), c.M(), c.acc(), c.A("A"), I.ptr(), I.n(), J.ptr(), J.n(), c.desc()),
                "weft_matrix_subassign"))
      return false;
    Mat expected = c.C0;
    gbmodel::subassign(expected, c.out, c.tran0 ? transpose(A) : A, I.idx, J.idx);
    return c.finish_expected(expected);
  });
}

// Build from tuples with repeats, combined by dup in the order given (a
// non-commutative dup shows the order); with repeats and no dup, WEFT_INVALID_VALUE
// and the object stays empty.
TEST(SparseModel, Build) {
  run_cases("Build", 1500, [](Case &c) {
    bool vec = c.r.chance(0.4);
    Code t = random_compatible(c.r, Code::ANY);
    Code xt = random_compatible(c.r, t);
    int nr = dim(c.r), nc = vec ? 1 : dim(c.r);
    int n = c.r.uniform(0, 3 * nr);
    std::vector<gbmodel::Tuple> tuples;
    std::vector<int64_t> I, J;
    std::vector<unsigned char> X;
    Mat seen(nr, nc, t);
    bool repeats = false;
    for (int k = 0; k < n; ++k) {
      gbmodel::Tuple e{c.r.uniform(0, nr - 1), c.r.uniform(0, nc - 1), random_value(c.r, xt, true)};
      repeats = repeats || seen.present(e.i, e.j);
      seen.set(e.i, e.j, e.x);
      tuples.push_back(e);
      I.push_back(e.i);
      J.push_back(e.j);
      X.insert(X.end(), e.x.raw, e.x.raw + gbmodel::size_of(xt));
    }
    std::optional<Bin> dup;
    // dup's domain may differ from v's (values pass through it).
    if (!repeats || c.r.chance(0.85))
      dup = pick_dup(c.r, t == Code::UDT || c.r.chance(0.6) ? t : random_predefined(c.r));
    weft_binary_op duph = dup ? dup->h : nullptr;
    std::string desc = std::string(vec ? "vector " : "matrix ") + std::to_string(nr) + "x" + std::to_string(nc) + " " +
                       gbmodel::code_name(t) + " from " + std::to_string(n) + " " + gbmodel::code_name(xt) +
                       " tuples, dup " + (dup ? dup->m.name : "NULL") + ":";
    for (const auto &e : tuples)
      desc += " (" + std::to_string(e.i) + "," + std::to_string(e.j) + ")=" + gbmodel::to_string(e.x);
    c.note(desc);
    weft_matrix m = nullptr;
    weft_vector v = nullptr;
    if (vec)
      EXPECT_EQ(WEFT_SUCCESS, weft_vector_new(wtype(t), nr, &v));
    else
      EXPECT_EQ(WEFT_SUCCESS, weft_matrix_new(wtype(t), nr, nc, &m));
    c.adopt_output(m, v, t);
    const void *xp = X.empty() ? static_cast<const void *>(&n) : X.data();  // never NULL
    const int64_t *ip = I.empty() ? &I.emplace_back(0) : I.data();
    const int64_t *jp = J.empty() ? &J.emplace_back(0) : J.data();
    weft_status st =
        vec ? weft_vector_build(v, ip, xp, wtype(xt), n, duph) : weft_matrix_build(m, ip, jp, xp, wtype(xt), n, duph);
    if (repeats && !dup) {
      if (st != WEFT_INVALID_VALUE) {
        ADD_FAILURE() << "build with repeats and no dup gave " << weft_status_name(st) << "\n  " << c.describe();
        return false;
      }
      return c.finish_expected(Mat(nr, nc, t));
    }
    if (!c.call(st, "build")) return false;
    return c.finish_expected(gbmodel::build(nr, nc, t, tuples, dup ? &dup->m : nullptr));
  });
}

TEST(SparseModel, Diag) {
  run_cases("Diag", 900, [](Case &c) {
    int n = dim(c.r), k = c.r.uniform(-3, 3);
    Mat v = c.input("v", n, 1, true, Code::ANY, true);
    c.note("k " + std::to_string(k));
    weft_matrix C = nullptr;
    if (!c.call(weft_matrix_diag(c.v("v"), k, &C), "weft_matrix_diag")) return false;
    c.adopt_output(C, nullptr, v.t);
    return c.finish_expected(gbmodel::diag(v, k));
  });
}

// A sample of calls that break a dimension, domain or index rule: each must return the
// status and leave C (which may hold pending work), its mask and inputs exactly as they
// were. A few execution errors too (an index out of bounds, which nonblocking mode may
// report at the wait; an empty scalar argument), which also leave C unchanged.
TEST(SparseModel, ApiErrorsLeaveOutputUnchanged) {
  run_cases("ApiErrors", 1800, [](Case &c) {
    int kind = c.r.uniform(0, 15);
    int m = dim(c.r), n = dim(c.r), k = dim(c.r);
    weft_status expect = WEFT_DIMENSION_MISMATCH, st = WEFT_SUCCESS;
    const Sem fp{gbmodel::semiring("PLUS", "TIMES", Code::FP64), WEFT_PLUS_TIMES_SEMIRING_FP64};
    switch (kind) {
      case 0: {  // mxm: inner dimensions differ
        c.note("mxm with ncols(A) != nrows(B)");
        c.output(m, n, false, Code::FP64);
        c.input("A", m, k, false, Code::FP64);
        c.input("B", k + 1, n, false, Code::FP64);
        st = weft_mxm(c.C(), c.M(), c.acc(), fp.h, c.A("A"), c.A("B"), c.desc());
        break;
      }
      case 1: {  // a mask of another shape
        c.note("mxm with a mask of another shape");
        c.output(m, n, false, Code::FP64, {false, true});
        c.input("A", m, k, false, Code::FP64);
        c.input("B", k, n, false, Code::FP64);
        c.input("Mbad", m + 1, n, false, Code::INT8);
        st = weft_mxm(c.C(), c.A("Mbad"), c.acc(), fp.h, c.A("A"), c.A("B"), c.desc());
        break;
      }
      case 2: {  // a user-defined input to a predefined semiring
        c.note("mxm with a UDT input to PLUS_TIMES_FP64");
        expect = WEFT_DOMAIN_MISMATCH;
        c.output(m, n, false, Code::FP64);
        c.input("A", m, k, false, Code::UDT);
        c.input("B", k, n, false, Code::FP64);
        st = weft_mxm(c.C(), c.M(), c.acc(), fp.h, c.A("A"), c.A("B"), c.desc());
        break;
      }
      case 3: {  // a valued mask of a user-defined domain
        c.note("apply with a valued UDT mask");
        expect = WEFT_DOMAIN_MISMATCH;
        c.output(m, n, false, Code::INT32, {false, true});
        c.input("A", m, n, false, Code::INT32);
        c.input("Mudt", m, n, false, Code::UDT);
        st = weft_matrix_apply(c.C(), c.A("Mudt"), c.acc(), WEFT_IDENTITY_INT32, c.A("A"), nullptr);
        break;
      }
      case 4: {  // ewise add of different shapes
        c.note("ewise_add with A and B of different shapes");
        c.output(m, n, false, Code::INT16);
        c.input("A", m, n, false, Code::INT16);
        c.input("B", m, n + 1, false, Code::INT16);
        st = weft_matrix_ewise_add(c.C(), c.M(), c.acc(), WEFT_PLUS_INT16, c.A("A"), c.A("B"), c.desc());
        break;
      }
      case 5: {  // a user-defined accumulator on a predefined C
        c.note("apply with a UDT accumulator on a predefined C");
        expect = WEFT_DOMAIN_MISMATCH;
        c.output(m, n, false, Code::FP32, {true, false});
        c.input("A", m, n, false, Code::FP32);
        Bin udt_acc = pick_accum(c.r, Code::UDT, Code::UDT);
        st = weft_matrix_apply(c.C(), c.M(), udt_acc.h, WEFT_AINV_FP32, c.A("A"), c.desc());
        break;
      }
      case 6: {  // extract: the index list does not match C
        c.note("extract with ni != nrows(C)");
        c.output(m, n, false, Code::UINT8);
        c.input("A", m + 1, n, false, Code::UINT8);
        std::vector<int64_t> I = to64(random_indices(c.r, m + 1, m + 1, false));
        st = weft_matrix_extract(c.C(), c.M(), c.acc(), c.A("A"), I.data(), m + 1, WEFT_ALL, n, c.desc());
        break;
      }
      case 7: {  // assign with a repeated index
        c.note("assign with a repeated row index");
        expect = WEFT_INVALID_VALUE;
        c.output(m, n, false, Code::INT64);
        c.input("A", 2, n, false, Code::INT64);
        int64_t I[2] = {m - 1, m - 1};
        st = weft_matrix_assign(c.C(), c.M(), c.acc(), c.A("A"), I, 2, WEFT_ALL, n, c.desc());
        break;
      }
      case 8: {  // column extract outside A
        c.note("col_extract with j = ncols(A)");
        expect = WEFT_INVALID_INDEX;
        c.output(m, 1, true, Code::BOOL);
        c.input("A", m, n, false, Code::BOOL);
        st = weft_col_extract(c.w(), c.m(), c.acc(), c.A("A"), WEFT_ALL, m, n, c.desc());
        break;
      }
      case 9: {  // reduce into a vector of the wrong size
        c.note("reduce into a vector of nrows(A) + 1");
        c.output(m + 1, 1, true, Code::INT32);
        c.input("A", m, n, false, Code::INT32);
        st = weft_matrix_reduce(c.w(), c.m(), c.acc(), WEFT_PLUS_MONOID_INT32, c.A("A"), c.desc());
        break;
      }
      case 10: {  // select with a user-defined thunk for TRIL
        c.note("select TRIL with a UDT thunk");
        expect = WEFT_DOMAIN_MISMATCH;
        c.output(m, n, false, Code::FP64);
        c.input("A", m, n, false, Code::FP64);
        c.scalar("thunk", Code::UDT);
        st = weft_matrix_select(c.C(), c.M(), c.acc(), WEFT_TRIL, c.A("A"), c.s("thunk"), c.desc());
        break;
      }
      case 12: {  // an execution error: an index outside A (may surface at the wait)
        c.note("extract with a row index = nrows(A)");
        expect = WEFT_INDEX_OUT_OF_BOUNDS;
        c.output(m, n, false, Code::INT8);
        c.input("A", m, n, false, Code::INT8);
        std::vector<int64_t> I = to64(random_indices(c.r, m, m, false));
        I[static_cast<size_t>(c.r.uniform(0, m - 1))] = m;
        st = weft_matrix_extract(c.C(), c.M(), c.acc(), c.A("A"), I.data(), m, WEFT_ALL, n, c.desc());
        if (st == WEFT_SUCCESS && config().nonblocking) st = weft_matrix_wait(c.C(), WEFT_MATERIALIZE);
        break;
      }
      case 13: {  // an empty bound scalar
        c.note("apply_first with an empty scalar");
        expect = WEFT_EMPTY_OBJECT;
        c.output(m, n, false, Code::UINT32);
        c.input("A", m, n, false, Code::UINT32);
        weft_scalar x = new_scalar(Code::UINT32, {});
        st = weft_matrix_apply_first(c.C(), c.M(), c.acc(), WEFT_MINUS_UINT32, x, c.A("A"), c.desc());
        weft_scalar_free(&x);
        break;
      }
      case 14: {  // an empty beta
        c.note("vector ewise_union with an empty beta");
        expect = WEFT_EMPTY_OBJECT;
        c.output(m, 1, true, Code::FP32);
        c.input("u", m, 1, true, Code::FP32);
        c.input("v", m, 1, true, Code::FP32);
        c.scalar("alpha", Code::FP32);
        weft_scalar beta = new_scalar(Code::FP32, {});
        st = weft_vector_ewise_union(c.w(), c.m(), c.acc(), WEFT_DIV_FP32, c.v("u"), c.s("alpha"), c.v("v"), beta,
                                     c.desc());
        weft_scalar_free(&beta);
        break;
      }
      case 15: {  // an empty scalar to assign
        c.note("assign_scalar of an empty scalar");
        expect = WEFT_EMPTY_OBJECT;
        c.output(m, n, false, Code::UDT);
        weft_scalar x = new_scalar(Code::UDT, {});
        st = weft_matrix_assign_scalar(c.C(), c.M(), c.acc(), x, WEFT_ALL, m, WEFT_ALL, n, c.desc());
        weft_scalar_free(&x);
        break;
      }
      default: {  // a UDT C for a predefined semiring
        c.note("mxm into a UDT C with PLUS_TIMES_FP64");
        expect = WEFT_DOMAIN_MISMATCH;
        c.output(m, n, false, Code::UDT, {true, false});
        c.input("A", m, k, false, Code::FP64);
        c.input("B", k, n, false, Code::FP64);
        st = weft_mxm(c.C(), c.M(), nullptr, fp.h, c.A("A"), c.A("B"), c.desc());
        break;
      }
    }
    if (st != expect) {
      ADD_FAILURE() << "expected " << weft_status_name(expect) << ", got " << weft_status_name(st) << " ("
                    << weft_last_error() << ")\n  " << c.describe();
      return false;
    }
    return c.finish_expected(c.C0);
  });
}

}  // namespace
