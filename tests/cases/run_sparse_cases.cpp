// run_sparse_cases — the reference reader of the shared case file (tests/cases/README.md):
// makes every call through weft's C API and compares with the expected output exactly.
// The Fortran and Rust runners do the same through their bindings.
//
//   run_sparse_cases <file>     exit 0: every case matched; 1: a mismatch; 2: unreadable
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "weft.h"

namespace {

// ---- The file's items ----------------------------------------------------------------------
struct Entry {
  int64_t i, j;
  std::string v;
};
struct Coll {
  bool present = false, vector = false;
  int64_t nr = 0, nc = 0;
  std::string type;
  std::vector<Entry> e;
};
struct Scal {
  bool present = false;
  std::string type, v;  // v "-": empty
};
struct Index {
  bool present = false, all = false;
  std::vector<int64_t> x;
};
struct Case {
  int id = -1;
  std::string op, object, accum, desc;
  std::map<std::string, Coll> coll;
  std::map<std::string, Scal> scal;
  std::map<std::string, Index> index;
};

// Reads the next case; false at the end of the file. Throws std::string on bad input.
bool read_case(std::istream &in, Case *c) {
  std::string line;
  *c = Case();
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    std::string key;
    s >> key;
    if (key == "case") {
      s >> c->id >> c->op;
    } else if (key == "object") {
      s >> c->object;
    } else if (key == "accum") {
      s >> c->accum;
    } else if (key == "desc") {
      s >> c->desc;
    } else if (key == "scalar") {
      std::string role;
      Scal &x = c->scal[(s >> role, role)];
      x.present = true;
      s >> x.type >> x.v;
    } else if (key == "index") {
      std::string role, n;
      Index &x = c->index[(s >> role, role)];
      x.present = true;
      s >> n;
      if (n == "all") {
        x.all = true;
        s >> n;
      }
      x.x.resize(std::stoul(n));
      for (int64_t &v : x.x) {
        if (x.all)
          v = &v - x.x.data();
        else
          s >> v;
      }
    } else if (key == "matrix" || key == "vector") {
      std::string role;
      Coll &x = c->coll[(s >> role, role)];
      x.present = true;
      x.vector = key == "vector";
      size_t n;
      s >> x.nr;
      if (x.vector)
        x.nc = 1;
      else
        s >> x.nc;
      s >> x.type >> n;
      for (size_t k = 0; k < n; ++k) {
        Entry e{0, 0, ""};
        if (!std::getline(in, line)) throw std::string("file ends inside a collection");
        std::istringstream t(line);
        if (x.vector)
          t >> e.i >> e.v;
        else
          t >> e.i >> e.j >> e.v;
        x.e.push_back(e);
      }
    } else if (key == "end") {
      return true;
    } else {
      throw "unknown line: " + line;
    }
    if (s.fail()) throw "malformed line: " + line;
  }
  if (c->id >= 0) throw std::string("file ends inside a case");
  return false;
}

// ---- Names to handles --------------------------------------------------------------------
template <class H>
H lookup(const std::map<std::string, H> &table, const std::string &name) {
  auto it = table.find(name);
  if (it == table.end()) throw "unknown object " + name;
  return it->second;
}
#define CASES_ENTRY_(name) {#name, WEFT_##name},
const std::map<std::string, weft_semiring> kSemirings = {CASES_SEMIRINGS(CASES_ENTRY_)};
const std::map<std::string, weft_binary_op> kBinaries = {CASES_BINARY_OPS(CASES_ENTRY_)};
const std::map<std::string, weft_monoid> kMonoids = {CASES_MONOIDS(CASES_ENTRY_)};
const std::map<std::string, weft_unary_op> kUnaries = {CASES_UNARY_OPS(CASES_ENTRY_)};
const std::map<std::string, weft_index_unary_op> kIndexOps = {CASES_INDEX_UNARY_OPS(CASES_ENTRY_)};
#undef CASES_ENTRY_
weft_type type_of(const std::string &name) {
  if (name == "BOOL") return WEFT_BOOL;
  if (name == "INT32") return WEFT_INT32;
  if (name == "INT64") return WEFT_INT64;
  if (name == "FP64") return WEFT_FP64;
  throw "unknown type " + name;
}

// ---- Values: stored in the collection's own C type ----------------------------------------
struct Bytes {
  alignas(8) unsigned char b[8] = {};
};
Bytes parse(const std::string &type, const std::string &v) {
  Bytes x;
  if (type == "BOOL") {
    bool y = v == "1";
    std::memcpy(x.b, &y, sizeof y);
  } else if (type == "INT32") {
    int32_t y = static_cast<int32_t>(std::stol(v));
    std::memcpy(x.b, &y, sizeof y);
  } else if (type == "INT64") {
    int64_t y = std::stoll(v);
    std::memcpy(x.b, &y, sizeof y);
  } else {
    double y = std::strtod(v.c_str(), nullptr);
    std::memcpy(x.b, &y, sizeof y);
  }
  return x;
}
// Equal as values of `type` (FP64: ==, so -0 equals 0).
bool equal(const std::string &type, const Bytes &a, const Bytes &b) {
  if (type == "FP64") {
    double x, y;
    std::memcpy(&x, a.b, 8), std::memcpy(&y, b.b, 8);
    return x == y;
  }
  size_t n = type == "BOOL" ? sizeof(bool) : type == "INT32" ? 4 : 8;
  return std::memcmp(a.b, b.b, n) == 0;
}
std::string show(const std::string &type, const Bytes &a) {
  if (type == "BOOL") return a.b[0] ? "1" : "0";
  if (type == "INT32") {
    int32_t x;
    std::memcpy(&x, a.b, 4);
    return std::to_string(x);
  }
  if (type == "INT64") {
    int64_t x;
    std::memcpy(&x, a.b, 8);
    return std::to_string(x);
  }
  double x;
  std::memcpy(&x, a.b, 8);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

void check(weft_status s, const char *what) {
  if (s != WEFT_SUCCESS) throw std::string(what) + ": " + weft_status_name(s) + " (" + weft_last_error() + ")";
}

// A weft collection built from the file's entries (values converted by weft from the
// collection's own type, which is also its domain).
struct Object {
  weft_matrix A = nullptr;
  weft_vector v = nullptr;
  ~Object() {
    if (A != nullptr) weft_matrix_free(&A);
    if (v != nullptr) weft_vector_free(&v);
  }
};
void build(const Coll &c, Object *o) {
  std::vector<int64_t> I, J;
  std::vector<Bytes> X;
  for (const Entry &e : c.e) I.push_back(e.i), J.push_back(e.j), X.push_back(parse(c.type, e.v));
  // Bytes is 8 bytes per value; pack them at the type's size for build.
  size_t w = c.type == "BOOL" ? sizeof(bool) : c.type == "INT32" ? 4 : 8;
  std::vector<unsigned char> packed(X.size() * w + 1);
  for (size_t k = 0; k < X.size(); ++k) std::memcpy(packed.data() + k * w, X[k].b, w);
  weft_type t = type_of(c.type);
  auto n = static_cast<int64_t>(X.size());
  if (c.vector) {
    check(weft_vector_new(t, c.nr, &o->v), "vector_new");
    if (n > 0)  // build refuses NULL arrays even for no entries, as GraphBLAS does
      check(weft_vector_build(o->v, I.data(), packed.data(), t, n, nullptr), "vector_build");
  } else {
    check(weft_matrix_new(t, c.nr, c.nc, &o->A), "matrix_new");
    if (n > 0)
      check(weft_matrix_build(o->A, I.data(), J.data(), packed.data(), t, n, nullptr), "matrix_build");
  }
}
// "" if o holds exactly c's entries, else the first difference.
std::string compare(const Coll &c, const Object &o) {
  int64_t n = 0, cap = static_cast<int64_t>(c.e.size()) + 64;
  std::vector<int64_t> I(static_cast<size_t>(cap)), J(static_cast<size_t>(cap));
  size_t w = c.type == "BOOL" ? sizeof(bool) : c.type == "INT32" ? 4 : 8;
  std::vector<unsigned char> X(static_cast<size_t>(cap) * w);
  weft_type t = type_of(c.type);
  if (c.vector)
    check(weft_vector_extract_tuples(o.v, cap, I.data(), X.data(), t, &n), "vector_extract_tuples");
  else
    check(weft_matrix_extract_tuples(o.A, cap, I.data(), J.data(), X.data(), t, &n), "matrix_extract_tuples");
  std::ostringstream d;
  for (size_t k = 0; k < c.e.size() || k < static_cast<size_t>(n); ++k) {
    const Entry *e = k < c.e.size() ? &c.e[k] : nullptr;
    bool got = k < static_cast<size_t>(n);
    int64_t gj = c.vector ? 0 : J[k];
    Bytes gv;
    if (got) std::memcpy(gv.b, X.data() + k * w, w);
    if (e != nullptr && got && e->i == I[k] && e->j == gj && equal(c.type, parse(c.type, e->v), gv)) continue;
    d << "entry " << k << ": expected ";
    if (e != nullptr)
      d << "(" << e->i << "," << e->j << ")=" << e->v;
    else
      d << "none";
    d << ", got ";
    if (got)
      d << "(" << I[k] << "," << gj << ")=" << show(c.type, gv);
    else
      d << "none";
    d << " (expected " << c.e.size() << " entries, got " << n << ")";
    return d.str();
  }
  return "";
}

struct Desc {
  weft_descriptor d = nullptr;
  explicit Desc(const std::string &flags) {
    if (flags == "-") return;
    check(weft_descriptor_new(&d), "descriptor_new");
    auto has = [&](const char *f) { return flags.find(f) != std::string::npos; };
    if (has("R")) check(weft_descriptor_set(d, WEFT_OUTP, WEFT_REPLACE), "descriptor_set");
    if (has("S")) check(weft_descriptor_set(d, WEFT_MASK, WEFT_STRUCTURE), "descriptor_set");
    if (has("C")) check(weft_descriptor_set(d, WEFT_MASK, WEFT_COMP), "descriptor_set");
    if (has("T0")) check(weft_descriptor_set(d, WEFT_INP0, WEFT_TRAN), "descriptor_set");
    if (has("T1")) check(weft_descriptor_set(d, WEFT_INP1, WEFT_TRAN), "descriptor_set");
  }
  ~Desc() {
    if (d != nullptr) weft_descriptor_free(&d);
  }
};
struct ScalarObj {
  weft_scalar s = nullptr;
  explicit ScalarObj(const Scal &x) {
    if (!x.present) return;
    weft_type t = type_of(x.type);
    check(weft_scalar_new(t, &s), "scalar_new");
    if (x.v == "-") return;
    Bytes b = parse(x.type, x.v);
    check(weft_scalar_set_element(s, b.b, t), "scalar_set_element");
  }
  ~ScalarObj() {
    if (s != nullptr) weft_scalar_free(&s);
  }
};

// Runs one case; "" when it matched.
std::string run(Case &c) {
  Object out, mask, in0, in1;
  if (c.coll["out"].present) build(c.coll["out"], &out);  // reduce_scalar's output is a scalar
  if (c.coll["mask"].present) build(c.coll["mask"], &mask);
  if (c.coll["in0"].present) build(c.coll["in0"], &in0);
  if (c.coll["in1"].present) build(c.coll["in1"], &in1);
  Desc desc(c.desc);
  weft_descriptor d = desc.d;
  weft_binary_op accum = c.accum == "-" ? nullptr : lookup(kBinaries, c.accum);
  ScalarObj s(c.scal["s"]), alpha(c.scal["alpha"]), beta(c.scal["beta"]);
  bool vec = c.coll["out"].vector;
  const Index &I = c.index["I"], &J = c.index["J"];
  const int64_t *Ip = I.all ? WEFT_ALL : I.x.data(), *Jp = J.all ? WEFT_ALL : J.x.data();
  auto ni = static_cast<int64_t>(I.x.size()), nj = static_cast<int64_t>(J.x.size());
  weft_status st = WEFT_SUCCESS;
  const std::string &op = c.op;
  if (op == "mxm") {
    st = weft_mxm(out.A, mask.A, accum, lookup(kSemirings, c.object), in0.A, in1.A, d);
  } else if (op == "mxv") {
    st = weft_mxv(out.v, mask.v, accum, lookup(kSemirings, c.object), in0.A, in1.v, d);
  } else if (op == "vxm") {
    st = weft_vxm(out.v, mask.v, accum, lookup(kSemirings, c.object), in0.v, in1.A, d);
  } else if (op == "ewise_add" || op == "ewise_mult") {
    weft_binary_op b = lookup(kBinaries, c.object);
    if (vec)
      st = (op == "ewise_add" ? weft_vector_ewise_add : weft_vector_ewise_mult)(out.v, mask.v, accum, b, in0.v, in1.v, d);
    else
      st = (op == "ewise_add" ? weft_matrix_ewise_add : weft_matrix_ewise_mult)(out.A, mask.A, accum, b, in0.A, in1.A, d);
  } else if (op == "ewise_union") {
    weft_binary_op b = lookup(kBinaries, c.object);
    st = vec ? weft_vector_ewise_union(out.v, mask.v, accum, b, in0.v, alpha.s, in1.v, beta.s, d)
             : weft_matrix_ewise_union(out.A, mask.A, accum, b, in0.A, alpha.s, in1.A, beta.s, d);
  } else if (op == "apply") {
    weft_unary_op u = lookup(kUnaries, c.object);
    st = vec ? weft_vector_apply(out.v, mask.v, accum, u, in0.v, d) : weft_matrix_apply(out.A, mask.A, accum, u, in0.A, d);
  } else if (op == "apply_first") {
    st = weft_matrix_apply_first(out.A, mask.A, accum, lookup(kBinaries, c.object), s.s, in0.A, d);
  } else if (op == "apply_second") {
    st = weft_matrix_apply_second(out.A, mask.A, accum, lookup(kBinaries, c.object), in0.A, s.s, d);
  } else if (op == "apply_index") {
    st = weft_matrix_apply_index(out.A, mask.A, accum, lookup(kIndexOps, c.object), in0.A, s.s, d);
  } else if (op == "select") {
    weft_index_unary_op x = lookup(kIndexOps, c.object);
    st = vec ? weft_vector_select(out.v, mask.v, accum, x, in0.v, s.s, d)
             : weft_matrix_select(out.A, mask.A, accum, x, in0.A, s.s, d);
  } else if (op == "reduce_rows") {
    st = weft_matrix_reduce(out.v, mask.v, accum, lookup(kMonoids, c.object), in0.A, d);
  } else if (op == "reduce_scalar") {
    ScalarObj o(c.scal["out"]);
    check(weft_matrix_reduce_scalar(o.s, accum, lookup(kMonoids, c.object), in0.A, d), "reduce_scalar");
    const Scal &e = c.scal["expect"];
    Bytes got;
    weft_status x = weft_scalar_extract_element(o.s, type_of(e.type), got.b);
    if (x == WEFT_NO_VALUE) return e.v == "-" ? "" : "expected " + e.v + ", got an empty scalar";
    check(x, "scalar_extract_element");
    if (e.v == "-") return "expected an empty scalar, got " + show(e.type, got);
    return equal(e.type, parse(e.type, e.v), got) ? "" : "expected " + e.v + ", got " + show(e.type, got);
  } else if (op == "transpose") {
    st = weft_transpose(out.A, mask.A, accum, in0.A, d);
  } else if (op == "extract") {
    st = vec ? weft_vector_extract(out.v, mask.v, accum, in0.v, Ip, ni, d)
             : weft_matrix_extract(out.A, mask.A, accum, in0.A, Ip, ni, Jp, nj, d);
  } else if (op == "assign") {
    st = vec ? weft_vector_assign(out.v, mask.v, accum, in0.v, Ip, ni, d)
             : weft_matrix_assign(out.A, mask.A, accum, in0.A, Ip, ni, Jp, nj, d);
  } else if (op == "assign_scalar") {
    st = weft_matrix_assign_scalar(out.A, mask.A, accum, s.s, Ip, ni, Jp, nj, d);
  } else if (op == "kronecker") {
    st = weft_kronecker(out.A, mask.A, accum, lookup(kBinaries, c.object), in0.A, in1.A, d);
  } else {
    throw "unknown operation " + op;
  }
  check(st, op.c_str());
  return compare(c.coll["expect"], out);
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: run_sparse_cases <file>\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::string magic;
  int version = 0, ncases = -1;
  in >> magic >> version >> ncases;
  if (!in || magic != "weft-sparse-cases" || version != 1) {
    std::fprintf(stderr, "%s: not a version 1 case file\n", argv[1]);
    return 2;
  }
  int run_count = 0, failed = 0;
  try {
    Case c;
    while (read_case(in, &c)) {
      ++run_count;
      std::string why;
      try {
        why = run(c);
      } catch (const std::string &e) {
        why = e;
      }
      if (!why.empty()) {
        ++failed;
        std::printf("case %d (%s %s): %s\n", c.id, c.op.c_str(), c.object.c_str(), why.c_str());
      }
    }
  } catch (const std::string &e) {
    std::fprintf(stderr, "%s: %s\n", argv[1], e.c_str());
    return 2;
  }
  if (run_count != ncases) {
    std::fprintf(stderr, "%s: %d cases announced, %d read\n", argv[1], ncases, run_count);
    return 2;
  }
  std::printf("%d cases, %d mismatches\n", run_count, failed);
  return failed == 0 ? 0 : 1;
}
