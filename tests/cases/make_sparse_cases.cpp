// make_sparse_cases — writes the shared case file every language's runner checks
// (format and purpose: tests/cases/README.md). Each case is one random GraphBLAS call;
// its expected output comes from the dense reference model (graphblas_model.hpp), never
// from weft.
//
//   make_sparse_cases <file> [ncases] [seed]
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "../oracle/graphblas_model.hpp"
#include "catalog.hpp"

namespace {

using gbmodel::Code;
using gbmodel::Mat;
using gbmodel::Value;

#define CASES_NAME_(name) #name,
const std::vector<std::string> kSemirings = {CASES_SEMIRINGS(CASES_NAME_)};
const std::vector<std::string> kBinaries = {CASES_BINARY_OPS(CASES_NAME_)};
const std::vector<std::string> kMonoids = {CASES_MONOIDS(CASES_NAME_)};
const std::vector<std::string> kUnaries = {CASES_UNARY_OPS(CASES_NAME_)};
const std::vector<std::string> kIndexOps = {CASES_INDEX_UNARY_OPS(CASES_NAME_)};
#undef CASES_NAME_
const std::vector<Code> kTypes = {Code::BOOL, Code::INT32, Code::INT64, Code::FP64};

// ---- Names to models: "<OP>_<TYPE>", "<OP>_MONOID_<TYPE>", "<ADD>_<MUL>_SEMIRING_<TYPE>",
// the BOOL-only "LOR"/"LAND"/"LNOT" and the untyped positional TRIL ... COLGT.
bool type_suffix(const std::string &name, std::string *head, Code *t) {
  size_t u = name.rfind('_');
  if (u == std::string::npos) return false;
  std::string tail = name.substr(u + 1);
  for (Code c : kTypes)
    if (tail == gbmodel::code_name(c)) {
      *head = name.substr(0, u);
      *t = c;
      return true;
    }
  return false;
}
gbmodel::BinaryOp binary(const std::string &name) {
  std::string head;
  Code t;
  if (!type_suffix(name, &head, &t)) return gbmodel::binary(name, Code::BOOL);
  return gbmodel::binary(head, t);
}
gbmodel::BinaryOp monoid(const std::string &name) {
  std::string head;
  Code t = Code::BOOL;
  type_suffix(name, &head, &t);
  return gbmodel::monoid(head.substr(0, head.find("_MONOID")), t);
}
gbmodel::Semiring semiring(const std::string &name) {
  std::string head;
  Code t = Code::BOOL;
  type_suffix(name, &head, &t);
  head = head.substr(0, head.find("_SEMIRING"));
  size_t u = head.find('_');
  return gbmodel::semiring(head.substr(0, u), head.substr(u + 1), t);
}
gbmodel::UnaryOp unary(const std::string &name) {
  std::string head;
  Code t;
  if (!type_suffix(name, &head, &t)) return gbmodel::unary(name, Code::BOOL);
  return gbmodel::unary(head, t);
}
gbmodel::IndexOp index_op(const std::string &name) {
  std::string head;
  Code t;
  if (!type_suffix(name, &head, &t)) return gbmodel::index_op(name, Code::INT64);
  return gbmodel::index_op(head, t);
}

// ---- Randomness -------------------------------------------------------------------------
struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(g); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(g) < p; }
  template <class T>
  const T &pick(const std::vector<T> &v) {
    return v[static_cast<size_t>(uniform(0, static_cast<int>(v.size()) - 1))];
  }
};

// Small integers, and halves in FP64: every sum and product is exact in any order.
Value random_value(Rng &r, Code t) {
  switch (t) {
    case Code::BOOL:
      return Value::of(t, r.chance(0.6));
    case Code::INT32:
      return Value::of(t, static_cast<int32_t>(r.uniform(-4, 4)));
    case Code::INT64:
      return Value::of(t, static_cast<int64_t>(r.uniform(-4, 4)));
    default:
      return Value::of(Code::FP64, r.uniform(-8, 8) / 2.0);
  }
}
Mat random_mat(Rng &r, int nr, int nc, Code t, double density) {
  Mat A(nr, nc, t);
  for (int i = 0; i < nr; ++i)
    for (int j = 0; j < nc; ++j)
      if (r.chance(density)) A.set(i, j, random_value(r, t));
  return A;
}
Mat random_mat(Rng &r, int nr, int nc) { return random_mat(r, nr, nc, r.pick(kTypes), r.uniform(1, 7) / 10.0); }
int dim(Rng &r) { return r.uniform(1, 6); }
std::vector<int> iota(int n) {
  std::vector<int> I;
  for (int x = 0; x < n; ++x) I.push_back(x);
  return I;
}
std::vector<int> random_list(Rng &r, int n, int bound, bool distinct) {
  std::vector<int> I;
  while (static_cast<int>(I.size()) < n) {
    int x = r.uniform(0, bound - 1);
    bool seen = false;
    for (int y : I) seen = seen || y == x;
    if (!distinct || !seen) I.push_back(x);
  }
  return I;
}

// ---- Writing ------------------------------------------------------------------------------
std::string text(const Value &v, Code t) {
  Value x = gbmodel::cast(v, t);
  char buf[64];
  switch (t) {
    case Code::BOOL:
      return x.as<bool>() ? "1" : "0";
    case Code::INT32:
      return std::to_string(x.as<int32_t>());
    case Code::INT64:
      return std::to_string(x.as<int64_t>());
    default:
      std::snprintf(buf, sizeof buf, "%.17g", x.as<double>());
      return buf;
  }
}
void write_mat(FILE *f, const char *role, const Mat &A) {
  std::fprintf(f, "matrix %s %d %d %s %d\n", role, A.nr, A.nc, gbmodel::code_name(A.t), A.nvals());
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < A.nc; ++j)
      if (A.present(i, j)) std::fprintf(f, "%d %d %s\n", i, j, text(A.get(i, j), A.t).c_str());
}
void write_vec(FILE *f, const char *role, const Mat &v) {  // v is n x 1
  std::fprintf(f, "vector %s %d %s %d\n", role, v.nr, gbmodel::code_name(v.t), v.nvals());
  for (int i = 0; i < v.nr; ++i)
    if (v.present(i, 0)) std::fprintf(f, "%d %s\n", i, text(v.get(i, 0), v.t).c_str());
}
void write_scalar(FILE *f, const char *role, Code t, const gbmodel::Scalar &s) {
  std::fprintf(f, "scalar %s %s %s\n", role, gbmodel::code_name(t), s ? text(*s, t).c_str() : "-");
}
void write_index(FILE *f, const char *role, const std::vector<int> &I, bool all) {
  if (all) {
    std::fprintf(f, "index %s all %zu\n", role, I.size());
    return;
  }
  std::fprintf(f, "index %s %zu", role, I.size());
  for (int x : I) std::fprintf(f, " %d", x);
  std::fprintf(f, "\n");
}

// ---- One case -------------------------------------------------------------------------------
// The output side of a call: C's content, a mask, an accumulator and descriptor flags.
struct Call {
  std::string op, object = "-", accum = "-";
  gbmodel::Out out;
  gbmodel::BinaryOp accum_model;
  Mat mask;
  bool has_mask = false, t0 = false, t1 = false;
  std::string flags() const {
    std::string s;
    if (out.replace) s += "R";
    if (out.structure) s += "S";
    if (out.comp) s += "C";
    if (t0) s += "T0";
    if (t1) s += "T1";
    return s.empty() ? "-" : s;
  }
};

// Draws C (nr x nc), the mask and the accumulator, and the flags.
Call draw_output(Rng &r, const std::string &op, int nr, int nc, bool allow_mask, Mat *C) {
  Call k;
  k.op = op;
  *C = random_mat(r, nr, nc);
  if (allow_mask && r.chance(0.6)) {
    k.has_mask = true;
    k.mask = random_mat(r, nr, nc);
    k.out.structure = r.chance(0.4);
    k.out.comp = r.chance(0.4);
  }
  k.out.replace = r.chance(0.3);
  if (r.chance(0.5)) {
    k.accum = r.pick(kBinaries);
    k.accum_model = binary(k.accum);
  }
  return k;
}
void finish(Call &k) {
  k.out.M = k.has_mask ? &k.mask : nullptr;
  k.out.accum = k.accum == "-" ? nullptr : &k.accum_model;
}
void header(FILE *f, int id, const Call &k) {
  std::fprintf(f, "case %d %s\nobject %s\naccum %s\ndesc %s\n", id, k.op.c_str(), k.object.c_str(), k.accum.c_str(),
               k.flags().c_str());
}
Mat maybe_t(const Mat &A, bool t) { return t ? gbmodel::transpose(A) : A; }

// Writes case `id` of kind `op` with its expected result. Vectors are n x 1 in the model.
void write_case(FILE *f, Rng &r, int id, const std::string &op) {
  bool vec = r.chance(0.3);
  Mat C, A, B;
  Call k;
  // The case's header, C's content and the mask.
  auto emit_output = [&](bool as_vector) {
    header(f, id, k);
    auto w = as_vector ? write_vec : write_mat;
    w(f, "out", C);
    if (k.has_mask) w(f, "mask", k.mask);
  };
  if (op == "mxm" || op == "mxv" || op == "vxm") {
    int m = dim(r), n = dim(r), p = dim(r);
    int nc = op == "mxm" ? p : 1;
    if (op == "vxm") m = p;  // w has A's column count
    k = draw_output(r, op, m, nc, true, &C);
    k.object = r.pick(kSemirings);
    gbmodel::Semiring s = semiring(k.object);  // its only ANY one is ANY_PAIR: one right answer
    Mat T;
    if (op == "mxm") {
      k.t0 = r.chance(0.3), k.t1 = r.chance(0.3);
      A = random_mat(r, m, n), B = random_mat(r, n, p);
      A = maybe_t(A, k.t0), B = maybe_t(B, k.t1);  // stored forms
      T = gbmodel::mxm(s, maybe_t(A, k.t0), maybe_t(B, k.t1));
    } else if (op == "mxv") {
      k.t0 = r.chance(0.3);
      A = maybe_t(random_mat(r, m, n), k.t0), B = random_mat(r, n, 1);
      T = gbmodel::mxm(s, maybe_t(A, k.t0), B);
    } else {  // vxm: w(j) = add_k u(k) * A(k, j), A is n x m
      k.t1 = r.chance(0.3);
      A = random_mat(r, n, 1), B = maybe_t(random_mat(r, n, m), k.t1);
      T = gbmodel::transpose(gbmodel::mxm(s, gbmodel::transpose(A), maybe_t(B, k.t1)));
    }
    finish(k);
    Mat expect = C;
    gbmodel::write_back(expect, k.out, T);
    emit_output(op != "mxm");
    if (op == "vxm") {
      write_vec(f, "in0", A), write_mat(f, "in1", B);
    } else {
      write_mat(f, "in0", A);
      if (op == "mxv")
        write_vec(f, "in1", B);
      else
        write_mat(f, "in1", B);
    }
    if (op == "mxm")
      write_mat(f, "expect", expect);
    else
      write_vec(f, "expect", expect);
  } else if (op == "ewise_add" || op == "ewise_mult" || op == "ewise_union") {
    int m = dim(r), n = vec ? 1 : dim(r);
    k = draw_output(r, op, m, n, true, &C);
    k.object = r.pick(kBinaries);
    gbmodel::BinaryOp b = binary(k.object);
    if (!vec) k.t0 = r.chance(0.25), k.t1 = r.chance(0.25);
    A = maybe_t(random_mat(r, m, n), k.t0), B = maybe_t(random_mat(r, m, n), k.t1);
    gbmodel::Scalar alpha = random_value(r, r.pick(kTypes)), beta = random_value(r, r.pick(kTypes));
    gbmodel::Ewise kind = op == "ewise_add"    ? gbmodel::Ewise::ADD
                          : op == "ewise_mult" ? gbmodel::Ewise::MULT
                                               : gbmodel::Ewise::UNION;
    Mat T = gbmodel::ewise(kind, b, maybe_t(A, k.t0), maybe_t(B, k.t1), alpha, beta);
    finish(k);
    Mat expect = C;
    gbmodel::write_back(expect, k.out, T);
    emit_output(vec);
    auto w = vec ? write_vec : write_mat;
    w(f, "in0", A), w(f, "in1", B);
    if (kind == gbmodel::Ewise::UNION) write_scalar(f, "alpha", alpha->t, alpha), write_scalar(f, "beta", beta->t, beta);
    w(f, "expect", expect);
  } else if (op == "apply" || op == "apply_first" || op == "apply_second" || op == "apply_index" ||
             op == "select") {
    if (op == "apply_first" || op == "apply_second" || op == "apply_index") vec = false;  // matrix forms only
    int m = dim(r), n = vec ? 1 : dim(r);
    k = draw_output(r, op, m, n, true, &C);
    bool tran = !vec && r.chance(0.3);
    (op == "apply_first" ? k.t1 : k.t0) = tran;  // apply_first's A is its second input
    A = maybe_t(random_mat(r, m, n), tran);
    Mat At = maybe_t(A, tran), T;
    gbmodel::Scalar s;
    if (op == "apply") {
      k.object = r.pick(kUnaries);
      T = gbmodel::apply(unary(k.object), At);
    } else if (op == "apply_first" || op == "apply_second") {
      k.object = r.pick(kBinaries);
      s = random_value(r, r.pick(kTypes));
      T = gbmodel::apply_bound(binary(k.object), *s, op == "apply_first", At);
    } else {
      k.object = r.pick(kIndexOps);
      gbmodel::IndexOp x = index_op(k.object);
      s = random_value(r, x.s == Code::FP64 ? Code::FP64 : Code::INT64);
      if (x.s != Code::FP64) s = Value::of(Code::INT64, static_cast<int64_t>(r.uniform(-2, 2)));
      T = op == "select" ? gbmodel::select(x, At, *s) : gbmodel::apply_index(x, At, *s);
    }
    finish(k);
    Mat expect = C;
    gbmodel::write_back(expect, k.out, T);
    emit_output(vec);
    auto w = vec ? write_vec : write_mat;
    w(f, "in0", A);
    if (s) write_scalar(f, "s", s->t, s);
    w(f, "expect", expect);
  } else if (op == "reduce_rows") {
    int m = dim(r), n = dim(r);
    k = draw_output(r, op, m, 1, true, &C);
    k.object = r.pick(kMonoids);
    k.t0 = r.chance(0.3);
    A = maybe_t(random_mat(r, m, n), k.t0);
    Mat T = gbmodel::reduce_rows(monoid(k.object), maybe_t(A, k.t0));
    finish(k);
    Mat expect = C;
    gbmodel::write_back(expect, k.out, T);
    emit_output(true);
    write_mat(f, "in0", A);
    write_vec(f, "expect", expect);
  } else if (op == "reduce_scalar") {
    k.op = op;
    Code st = r.pick(kTypes);
    Mat s(1, 1, st);
    if (r.chance(0.6)) s.set(0, 0, random_value(r, st));
    if (r.chance(0.5)) k.accum = r.pick(kBinaries), k.accum_model = binary(k.accum);
    k.object = r.pick(kMonoids);
    A = random_mat(r, dim(r), dim(r));
    Mat T = gbmodel::reduce_all(monoid(k.object), A);
    finish(k);
    Mat expect = s;
    gbmodel::write_back(expect, k.out, T);
    header(f, id, k);
    auto value = [](const Mat &x) { return x.present(0, 0) ? gbmodel::Scalar(x.get(0, 0)) : gbmodel::Scalar(); };
    write_scalar(f, "out", st, value(s));
    write_mat(f, "in0", A);
    write_scalar(f, "expect", st, value(expect));
  } else if (op == "transpose" || op == "kronecker") {
    int m = dim(r), n = dim(r), p = op == "kronecker" ? r.uniform(1, 3) : 1, q = op == "kronecker" ? r.uniform(1, 3) : 1;
    int nr = op == "transpose" ? n : m * p, nc = op == "transpose" ? m : n * q;
    k = draw_output(r, op, nr, nc, true, &C);
    k.t0 = r.chance(0.3);
    A = maybe_t(random_mat(r, m, n), k.t0);
    Mat T;
    if (op == "transpose") {
      T = gbmodel::transpose(maybe_t(A, k.t0));
    } else {
      k.object = r.pick(kBinaries);
      k.t1 = r.chance(0.3);
      B = maybe_t(random_mat(r, p, q), k.t1);
      T = gbmodel::kronecker(binary(k.object), maybe_t(A, k.t0), maybe_t(B, k.t1));
    }
    finish(k);
    Mat expect = C;
    gbmodel::write_back(expect, k.out, T);
    emit_output(false);
    write_mat(f, "in0", A);
    if (op == "kronecker") write_mat(f, "in1", B);
    write_mat(f, "expect", expect);
  } else if (op == "extract") {
    int m = dim(r), n = vec ? 1 : dim(r);
    bool all_i = r.chance(0.2), all_j = !vec && r.chance(0.2);
    std::vector<int> I = all_i ? iota(m) : random_list(r, r.uniform(1, 5), m, false);  // repeats allowed
    std::vector<int> J = vec ? std::vector<int>{0} : all_j ? iota(n) : random_list(r, r.uniform(1, 5), n, false);
    k = draw_output(r, op, static_cast<int>(I.size()), static_cast<int>(J.size()), true, &C);
    if (!vec) k.t0 = r.chance(0.3);
    A = maybe_t(random_mat(r, m, n), k.t0);
    Mat T = gbmodel::extract(maybe_t(A, k.t0), I, J);
    finish(k);
    Mat expect = C;
    gbmodel::write_back(expect, k.out, T);
    emit_output(vec);
    auto w = vec ? write_vec : write_mat;
    w(f, "in0", A);
    write_index(f, "I", I, all_i);
    if (!vec) write_index(f, "J", J, all_j);
    w(f, "expect", expect);
  } else {  // assign, assign_scalar: I and J distinct (repeats are an error in weft)
    if (op == "assign_scalar") vec = false;
    int m = dim(r), n = vec ? 1 : dim(r);
    k = draw_output(r, op, m, n, true, &C);
    bool all_i = r.chance(0.2), all_j = !vec && r.chance(0.2);
    std::vector<int> I = all_i ? iota(m) : random_list(r, r.uniform(1, m), m, true);
    std::vector<int> J = vec ? std::vector<int>{0} : all_j ? iota(n) : random_list(r, r.uniform(1, n), n, true);
    gbmodel::Scalar s;
    if (op == "assign") {
      A = random_mat(r, static_cast<int>(I.size()), static_cast<int>(J.size()));
    } else {
      s = random_value(r, r.pick(kTypes));
      A = gbmodel::filled(static_cast<int>(I.size()), static_cast<int>(J.size()), *s);
    }
    finish(k);
    Mat expect = C;
    gbmodel::assign(expect, k.out, A, I, J);
    emit_output(vec);
    auto w = vec ? write_vec : write_mat;
    if (op == "assign")
      w(f, "in0", A);
    else
      write_scalar(f, "s", s->t, s);
    write_index(f, "I", I, all_i);
    if (!vec) write_index(f, "J", J, all_j);
    w(f, "expect", expect);
  }
  std::fprintf(f, "end\n");
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2 || argc > 4) {
    std::fprintf(stderr, "usage: make_sparse_cases <file> [ncases] [seed]\n");
    return 2;
  }
  int ncases = argc > 2 ? std::atoi(argv[2]) : 600;
  uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 20261126;
  FILE *f = std::fopen(argv[1], "w");
  if (f == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  static const std::vector<std::string> ops = {
      "mxm",         "mxv",          "vxm",        "ewise_add",   "ewise_mult", "ewise_union", "apply",
      "apply_first", "apply_second", "apply_index", "select",     "reduce_rows", "reduce_scalar",
      "transpose",   "extract",      "assign",     "assign_scalar", "kronecker"};
  Rng r(seed);
  std::fprintf(f, "weft-sparse-cases 1 %d\n", ncases);
  std::fprintf(f, "# written by make_sparse_cases (seed %" PRIu64 "); format: tests/cases/README.md\n", seed);
  for (int id = 0; id < ncases; ++id) write_case(f, r, id, ops[static_cast<size_t>(id) % ops.size()]);
  if (std::fclose(f) != 0) {
    std::perror(argv[1]);
    return 1;
  }
  return 0;
}
