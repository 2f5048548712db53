// sparse_model_harness.cpp — operator tables, user-defined operators, random collections,
// conversions between model and weft objects, and Case (see sparse_model_harness.hpp).
#include "sparse_model_harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace sm {

using gbmodel::Udt;

const Config &config() {
  static const Config c = [] {
    Config k;
    if (const char *s = std::getenv("WEFT_MODEL_SEED")) k.seed = std::strtoull(s, nullptr, 0);
    if (const char *s = std::getenv("WEFT_MODEL_SCALE")) k.scale = std::atof(s);
    if (const char *s = std::getenv("WEFT_MODEL_CASE")) k.only_case = std::atol(s);
    if (const char *s = std::getenv("WEFT_TEST_MODE")) k.nonblocking = std::string(s) == "nonblocking";
    return k;
  }();
  return c;
}

int scaled(int base) {
  int n = static_cast<int>(base * config().scale);
  return n < 1 ? 1 : n;
}

// The execution mode is chosen once per process, before any collection exists: the
// same executable runs blocking (default) or nonblocking (WEFT_TEST_MODE=nonblocking).
class ModeEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    if (config().nonblocking) {
      ASSERT_EQ(WEFT_SUCCESS, weft_init(WEFT_NONBLOCKING)) << weft_last_error();
    }
    int mode = -1;
    ASSERT_EQ(WEFT_SUCCESS, weft_get_mode(&mode));
    ASSERT_EQ(config().nonblocking ? WEFT_NONBLOCKING : WEFT_BLOCKING, mode);
  }
};
static ::testing::Environment *const kModeEnvironment = ::testing::AddGlobalTestEnvironment(new ModeEnvironment);

// ---- The user-defined domain and operators -------------------------------------------
// Every function reads its inputs before writing z (z may alias x or y) and keeps
// integer arithmetic modulo 2^32 so no value can overflow.
namespace {

Udt load(const void *p) {
  Udt u;
  std::memcpy(&u, p, sizeof u);
  return u;
}
void store(void *z, Udt u) { std::memcpy(z, &u, sizeof u); }
int32_t wrap32(uint32_t x) { return static_cast<int32_t>(x); }
int32_t clamp32(double x) {
  if (std::isnan(x)) return 0;
  if (x > 1e9) return 1000000000;
  if (x < -1e9) return -1000000000;
  return static_cast<int32_t>(x);
}

// A commutative monoid on the struct: field-wise addition.
void u_plus(void *z, const void *x, const void *y) {
  Udt a = load(x), b = load(y);
  store(z, {wrap32(static_cast<uint32_t>(a.a) + static_cast<uint32_t>(b.a)), a.b + b.b});
}
// A non-commutative multiply.
void u_mul(void *z, const void *x, const void *y) {
  Udt a = load(x), b = load(y);
  store(z, {wrap32(static_cast<uint32_t>(a.a) * static_cast<uint32_t>(b.a)), a.b * b.a + b.b});
}
// A non-commutative accumulator.
void u_diff(void *z, const void *x, const void *y) {
  Udt a = load(x), b = load(y);
  store(z, {wrap32(static_cast<uint32_t>(a.a) - static_cast<uint32_t>(b.a)), 2 * a.b - b.b});
}
// Three different predefined domains: INT32 <- INT16 x FP64.
void u_mix(void *z, const void *x, const void *y) {
  int16_t a;
  double b;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&b, y, sizeof b);
  int32_t r = clamp32(a - 2.0 * b);
  std::memcpy(z, &r, sizeof r);
}
// FP64 <- INT8 x FP32 (a semiring multiply of mixed domains).
void u_fma(void *z, const void *x, const void *y) {
  int8_t a;
  float b;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&b, y, sizeof b);
  double r = 2.0 * a - b;
  std::memcpy(z, &r, sizeof r);
}
void u_norm(void *z, const void *x) {
  double r = load(x).a + load(x).b;
  std::memcpy(z, &r, sizeof r);
}
void u_lift(void *z, const void *x) {
  double d;
  std::memcpy(&d, x, sizeof d);
  store(z, {clamp32(d), d * 0.5});
}
void u_neg(void *z, const void *x) {
  Udt a = load(x);
  store(z, {wrap32(0u - static_cast<uint32_t>(a.a)), a.b - 1});
}
void u_idx_udt(void *z, const void *x, int64_t i, int64_t j, const void *s) {
  int64_t t;
  std::memcpy(&t, s, sizeof t);
  bool r = load(x).a + i - j >= t;
  std::memcpy(z, &r, sizeof r);
}
void u_idx_num(void *z, const void *x, int64_t i, int64_t j, const void *s) {
  float a;
  int32_t t;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&t, s, sizeof t);
  double r = 2.0 * a + static_cast<double>(i) - 3.0 * static_cast<double>(j) + t;
  std::memcpy(z, &r, sizeof r);
}

void expect_ok(weft_status s, const char *what) {
  if (s != WEFT_SUCCESS) ADD_FAILURE() << what << ": " << weft_status_name(s) << " " << weft_last_error();
}

weft_type make_udt() {
  int64_t bl[2] = {1, 1};
  weft_aint d[2] = {0, 8};
  weft_type ts[2] = {WEFT_INT32, WEFT_FP64};
  weft_type t = nullptr;
  expect_ok(weft_type_struct(2, bl, d, ts, &t), "weft_type_struct");
  expect_ok(weft_type_commit(t), "weft_type_commit");
  return t;
}

struct Tables {
  std::vector<Bin> binaries, user_binaries, udt_binaries;
  std::map<std::string, Bin> by_name;
  std::vector<Un> unaries, user_unaries;
  std::vector<Idx> indexes, user_indexes;
  std::vector<Mon> monoids;
  Mon udt_monoid;
  std::vector<Sem> semirings, user_semirings;
};

Bin user_bin(const char *name, Code z, Code x, Code y, gbmodel::binary_fn f) {
  weft_binary_op h = nullptr;
  expect_ok(weft_binary_op_new(f, wtype(z), wtype(x), wtype(y), &h), "weft_binary_op_new");
  return {gbmodel::user_binary(name, z, x, y, f), h};
}

// The predefined objects as data (name, domain, address of the handle): one loop each
// builds the pairs, instead of hundreds of inlined constructions.
template <class H>
struct Named {
  const char *name;
  Code t;
  const H *h;
};
#define SM_TYPED_(OP, TYPE) {#OP, Code::TYPE, &WEFT_##OP##_##TYPE},
#define SM_BOOL_(OP) {#OP, Code::BOOL, &WEFT_##OP},
#define SM_POSITIONAL_(OP) {#OP, Code::INT64, &WEFT_##OP},
#define SM_MONOID_(OP, TYPE) {#OP, Code::TYPE, &WEFT_##OP##_MONOID_##TYPE},
#define SM_SEMIRING_(NAME, TYPE) {#NAME, Code::TYPE, &WEFT_##NAME##_SEMIRING_##TYPE},
const Named<weft_binary_op> kBinaries[] = {WEFT_PREDEFINED_BINARY_OPS(SM_TYPED_)
                                               WEFT_PREDEFINED_BOOL_BINARY_OPS(SM_BOOL_)};
const Named<weft_unary_op> kUnaries[] = {WEFT_PREDEFINED_UNARY_OPS(SM_TYPED_){"LNOT", Code::BOOL, &WEFT_LNOT}};
const Named<weft_index_unary_op> kIndexes[] = {WEFT_PREDEFINED_INDEX_UNARY_OPS(SM_TYPED_)
                                                   WEFT_PREDEFINED_POSITIONAL_OPS(SM_POSITIONAL_)};
const Named<weft_monoid> kMonoids[] = {WEFT_PREDEFINED_MONOIDS(SM_MONOID_)};
const Named<weft_semiring> kSemirings[] = {WEFT_PREDEFINED_SEMIRINGS(SM_SEMIRING_)};
#undef SM_TYPED_
#undef SM_BOOL_
#undef SM_POSITIONAL_
#undef SM_MONOID_
#undef SM_SEMIRING_

// Built on first use (after the mode is set); the handles live for the whole process.
// The ANY binary operator is left out (which operand it returns is unspecified); ANY
// monoids and semirings stay, and their callers give them inputs where every candidate
// is equal (Pattern).
const Tables &tables() {
  static const Tables t = [] {
    Tables k;
    for (const auto &b : kBinaries)
      if (std::string(b.name) != "ANY") k.binaries.push_back({gbmodel::binary(b.name, b.t), *b.h});
    for (const Bin &b : k.binaries) k.by_name[b.m.name] = b;
    Bin plus = user_bin("u_plus", Code::UDT, Code::UDT, Code::UDT, u_plus);
    Bin mul = user_bin("u_mul", Code::UDT, Code::UDT, Code::UDT, u_mul);
    Bin diff = user_bin("u_diff", Code::UDT, Code::UDT, Code::UDT, u_diff);
    Bin mix = user_bin("u_mix", Code::INT32, Code::INT16, Code::FP64, u_mix);
    Bin fma = user_bin("u_fma", Code::FP64, Code::INT8, Code::FP32, u_fma);
    k.udt_binaries = {plus, mul, diff};
    k.user_binaries = {plus, mul, diff, mix, fma};
    k.by_name["u_mix"] = mix;

    for (const auto &u : kUnaries) k.unaries.push_back({gbmodel::unary(u.name, u.t), *u.h});
    auto user_un = [](const char *name, Code z, Code x, gbmodel::unary_fn f) {
      weft_unary_op h = nullptr;
      expect_ok(weft_unary_op_new(f, wtype(z), wtype(x), &h), "weft_unary_op_new");
      return Un{gbmodel::user_unary(name, z, x, f), h};
    };
    k.user_unaries = {user_un("u_norm", Code::FP64, Code::UDT, u_norm),
                      user_un("u_lift", Code::UDT, Code::FP64, u_lift), user_un("u_neg", Code::UDT, Code::UDT, u_neg)};

    for (const auto &x : kIndexes) k.indexes.push_back({gbmodel::index_op(x.name, x.t), *x.h});
    auto user_ix = [](const char *name, Code z, Code x, Code s, gbmodel::index_fn f) {
      weft_index_unary_op h = nullptr;
      expect_ok(weft_index_unary_op_new(f, wtype(z), wtype(x), wtype(s), &h), "weft_index_unary_op_new");
      return Idx{gbmodel::user_index(name, z, x, s, f), h};
    };
    k.user_indexes = {user_ix("u_idx_udt", Code::BOOL, Code::UDT, Code::INT64, u_idx_udt),
                      user_ix("u_idx_num", Code::FP64, Code::FP32, Code::INT32, u_idx_num)};

    for (const auto &m : kMonoids) k.monoids.push_back({gbmodel::monoid(m.name, m.t), *m.h});
    Udt zero{0, 0.0};
    k.udt_monoid.m = plus.m;
    expect_ok(weft_monoid_new(plus.h, &zero, &k.udt_monoid.h), "weft_monoid_new");

    for (const auto &x : kSemirings) {
      std::string n = x.name, add = n.substr(0, n.find('_')), mul = n.substr(n.find('_') + 1);
      k.semirings.push_back({gbmodel::semiring(add, mul, x.t), *x.h});
    }
    auto user_sr = [](const std::string &name, const gbmodel::BinaryOp &add, weft_monoid addh, const Bin &mul) {
      weft_semiring h = nullptr;
      expect_ok(weft_semiring_new(addh, mul.h, &h), "weft_semiring_new");
      return Sem{{name, add, mul.m}, h};
    };
    k.user_semirings = {
        user_sr("u_plus.u_mul", plus.m, k.udt_monoid.h, mul),
        user_sr("PLUS_FP64.u_fma", gbmodel::monoid("PLUS", Code::FP64), WEFT_PLUS_MONOID_FP64, fma),
        user_sr("PLUS_INT32.MINUS_INT32", gbmodel::monoid("PLUS", Code::INT32), WEFT_PLUS_MONOID_INT32,
                k.by_name["MINUS_INT32"]),
        user_sr("LOR_BOOL.GT_FP64", gbmodel::monoid("LOR", Code::BOOL), WEFT_LOR_MONOID_BOOL, k.by_name["GT_FP64"]),
        user_sr("MAX_INT16.DIV_INT16", gbmodel::monoid("MAX", Code::INT16), WEFT_MAX_MONOID_INT16,
                k.by_name["DIV_INT16"]),
    };
    return k;
  }();
  return t;
}

}  // namespace

weft_type wtype(Code c) {
  // In the order of gbmodel::Code.
  static const weft_type *const predefined[] = {&WEFT_BOOL,   &WEFT_INT8,  &WEFT_INT16,  &WEFT_INT32,
                                                &WEFT_INT64,  &WEFT_UINT8, &WEFT_UINT16, &WEFT_UINT32,
                                                &WEFT_UINT64, &WEFT_FP32,  &WEFT_FP64};
  static const weft_type udt = make_udt();
  if (gbmodel::is_predefined(c)) return *predefined[static_cast<int>(c)];
  if (c == Code::UDT) return udt;
  ADD_FAILURE() << "no weft type for " << gbmodel::code_name(c);
  return nullptr;
}

Code random_predefined(Rng &r) { return static_cast<Code>(r.uniform(0, gbmodel::kNumPredefined - 1)); }

Code random_compatible(Rng &r, Code dom) {
  if (dom == Code::UDT) return Code::UDT;
  if (dom == Code::ANY) return r.chance(0.15) ? Code::UDT : random_predefined(r);
  return r.chance(0.5) ? dom : random_predefined(r);
}

Value random_value(Rng &r, Code t, bool wide) {
  using gbmodel::cast;
  if (t == Code::UDT) return Value::of(Code::UDT, Udt{r.uniform(-3, 3), static_cast<double>(r.uniform(-3, 3))});
  if (t == Code::BOOL) return Value::of(Code::BOOL, r.chance(0.5));
  if (wide && r.chance(0.2)) {
    // Through FP64 they saturate or truncate; through INT64 they wrap.
    static const std::vector<double> fp = {127,   128, 255,  256,  -129, 300,  65536, 1e10,
                                           -1e10, 2.5, -2.5, 0.75, 3e9,  -3e9, -0.0};
    static const std::vector<int64_t> in = {127,   128, 255,       256,       -129,      300,       65535,
                                            65536, -1,  INT64_MIN, INT64_MAX, INT32_MIN, INT32_MAX, 4294967296};
    if (r.chance(0.5)) return cast(Value::of(Code::FP64, r.pick(fp)), t);
    return cast(Value::of(Code::INT64, r.pick(in)), t);
  }
  // Unsigned types get 0..3 (a wrapped -3 would be huge, and huge values added in
  // floating point would make sums depend on their order).
  int lo = gbmodel::is_unsigned_int(t) ? 0 : -3;
  return cast(Value::of(Code::INT64, static_cast<int64_t>(r.uniform(lo, 3))), t);
}

Mat random_mat(Rng &r, int nr, int nc, Code t, bool wide, Pattern p) {
  static const std::vector<double> density = {0.0, 0.15, 0.4, 0.7, 1.0};
  double d = r.pick(density);
  std::vector<Value> rows, cols;
  for (int i = 0; i < nr; ++i) rows.push_back(random_value(r, t, wide));
  for (int j = 0; j < nc; ++j) cols.push_back(random_value(r, t, wide));
  Mat A(nr, nc, t);
  for (int i = 0; i < nr; ++i)
    for (int j = 0; j < nc; ++j) {
      if (!r.chance(d)) continue;
      if (p == Pattern::FREE)
        A.set(i, j, random_value(r, t, wide));
      else
        A.set(i, j, p == Pattern::ROW ? rows[i] : p == Pattern::COL ? cols[j] : rows[0]);
    }
  return A;
}

Sem semiring_named(const std::string &name) {
  for (const Sem &x : tables().semirings)
    if (x.m.name == name) return x;
  ADD_FAILURE() << "no predefined semiring " << name;
  return tables().semirings.front();
}

const std::vector<Bin> &predefined_binaries() { return tables().binaries; }
const std::vector<Un> &predefined_unaries() { return tables().unaries; }
const std::vector<Idx> &predefined_index_ops() { return tables().indexes; }
const std::vector<Mon> &predefined_monoids() { return tables().monoids; }

Bin pick_binary(Rng &r) {
  const Tables &t = tables();
  return r.chance(0.15) ? r.pick(t.user_binaries) : r.pick(t.binaries);
}

Bin binary_named(const std::string &name, Code t) {
  auto it = tables().by_name.find(name + "_" + gbmodel::code_name(t));
  if (it == tables().by_name.end()) ADD_FAILURE() << "no binary operator " << name << "_" << gbmodel::code_name(t);
  return it->second;
}

Bin pick_accum(Rng &r, Code ctype, Code tz) {
  const Tables &t = tables();
  if (ctype == Code::UDT || tz == Code::UDT) return r.chance(0.5) ? t.udt_binaries[0] : t.udt_binaries[2];
  if (r.chance(0.1)) return t.by_name.at("u_mix");
  static const std::vector<std::string> names = {"PLUS", "MINUS", "FIRST", "SECOND", "TIMES", "MAX", "MIN", "DIV",
                                                 "GT",   "EQ",    "ONEB",  "LOR",    "LXOR",  "BOR", "BXOR"};
  static const std::vector<Code> narrow = {Code::BOOL, Code::INT8, Code::UINT8};
  std::string name = r.pick(names);
  double u = r.uniform(0, 3);
  Code type = u < 2 ? ctype : u < 3 ? r.pick(narrow) : random_predefined(r);
  if (name == "LOR" || name == "LXOR") type = Code::BOOL;
  if ((name == "BOR" || name == "BXOR") && !gbmodel::is_integer(type)) type = Code::INT16;
  return binary_named(name, type);
}

Bin pick_dup(Rng &r, Code type) {
  if (type == Code::UDT) return r.chance(0.5) ? tables().udt_binaries[0] : tables().udt_binaries[2];
  static const std::vector<std::string> names = {"PLUS", "MINUS", "FIRST", "SECOND", "TIMES", "MIN", "MAX", "DIV"};
  return binary_named(r.pick(names), type);
}

Un pick_unary(Rng &r) { return r.chance(0.15) ? r.pick(tables().user_unaries) : r.pick(tables().unaries); }

Idx pick_index(Rng &r) { return r.chance(0.15) ? r.pick(tables().user_indexes) : r.pick(tables().indexes); }

Mon pick_monoid(Rng &r, bool exact_float_times) {
  if (r.chance(0.12)) return tables().udt_monoid;
  for (;;) {
    const Mon &m = r.pick(tables().monoids);
    if (!exact_float_times && gbmodel::is_float(m.m.z) && m.m.name.compare(0, 5, "TIMES") == 0) continue;
    return m;
  }
}

bool is_any(const gbmodel::BinaryOp &add) { return add.name.compare(0, 4, "ANY_") == 0; }

Pattern any_pattern(const Sem &s, bool first_input) {
  if (!is_any(s.m.add)) return Pattern::FREE;
  const std::string &mul = s.m.mul.name;
  if (first_input && mul.compare(0, 6, "FIRST_") == 0) return Pattern::ROW;
  if (!first_input && mul.compare(0, 7, "SECOND_") == 0) return Pattern::COL;
  return Pattern::FREE;
}

Pattern transposed(Pattern p) { return p == Pattern::ROW ? Pattern::COL : p == Pattern::COL ? Pattern::ROW : p; }

bool order_free(const gbmodel::BinaryOp &add) {
  bool sum = add.name.compare(0, 4, "PLUS") == 0 || add.name.compare(0, 5, "TIMES") == 0;
  return !(sum && gbmodel::is_float(add.z));
}

Sem pick_semiring(Rng &r) { return r.chance(0.2) ? r.pick(tables().user_semirings) : r.pick(tables().semirings); }

// ---- Model <-> weft ----------------------------------------------------------------------
namespace {

struct Tuples {
  std::vector<int64_t> I, J;
  std::vector<unsigned char> X;
};
Tuples tuples_of(const Mat &A) {
  Tuples t;
  int64_t sz = gbmodel::size_of(A.t);
  for (int i = 0; i < A.nr; ++i)
    for (int j = 0; j < A.nc; ++j)
      if (A.present(i, j)) {
        Value x = gbmodel::cast(A.get(i, j), A.t);
        t.I.push_back(i);
        t.J.push_back(j);
        t.X.insert(t.X.end(), x.raw, x.raw + sz);
      }
  return t;
}

}  // namespace

weft_matrix new_matrix(const Mat &A) {
  weft_matrix h = nullptr;
  expect_ok(weft_matrix_new(wtype(A.t), A.nr, A.nc, &h), "weft_matrix_new");
  Tuples t = tuples_of(A);
  if (h != nullptr && !t.I.empty())
    expect_ok(
        weft_matrix_build(h, t.I.data(), t.J.data(), t.X.data(), wtype(A.t), static_cast<int64_t>(t.I.size()), nullptr),
        "weft_matrix_build");
  return h;
}

weft_vector new_vector(const Mat &v) {
  weft_vector h = nullptr;
  expect_ok(weft_vector_new(wtype(v.t), v.nr, &h), "weft_vector_new");
  Tuples t = tuples_of(v);
  if (h != nullptr && !t.I.empty())
    expect_ok(weft_vector_build(h, t.I.data(), t.X.data(), wtype(v.t), static_cast<int64_t>(t.I.size()), nullptr),
              "weft_vector_build");
  return h;
}

weft_scalar new_scalar(Code t, const gbmodel::Scalar &x) {
  weft_scalar h = nullptr;
  expect_ok(weft_scalar_new(wtype(t), &h), "weft_scalar_new");
  if (h != nullptr && x) expect_ok(weft_scalar_set_element(h, x->raw, wtype(x->t)), "weft_scalar_set_element");
  return h;
}

namespace {
Mat from_tuples(int nr, int nc, Code t, const std::vector<int64_t> &I, const std::vector<int64_t> *J,
                const std::vector<unsigned char> &X, int64_t n, bool *ok) {
  Mat A(nr, nc, t);
  int64_t sz = gbmodel::size_of(t);
  for (int64_t k = 0; k < n; ++k) {
    int64_t i = I[k], j = J ? (*J)[k] : 0;
    if (i < 0 || i >= nr || j < 0 || j >= nc || A.present(static_cast<int>(i), static_cast<int>(j))) {
      ADD_FAILURE() << "extract_tuples gave a bad or repeated index (" << i << "," << j << ")";
      *ok = false;
      continue;
    }
    Value x;
    x.t = t;
    std::memcpy(x.raw, X.data() + k * sz, static_cast<size_t>(sz));
    A.set(static_cast<int>(i), static_cast<int>(j), x);
  }
  return A;
}
}  // namespace

Mat read_matrix(weft_matrix A, Code t, bool *ok) {
  int64_t nr = 0, nc = 0, nv = 0;
  weft_status s1 = weft_matrix_nrows(A, &nr), s2 = weft_matrix_ncols(A, &nc), s3 = weft_matrix_nvals(A, &nv);
  if (s1 || s2 || s3 || nv < 0 || nv > nr * nc) {
    ADD_FAILURE() << "reading a matrix: "
                  << weft_status_name(s1   ? s1
                                      : s2 ? s2
                                           : s3)
                  << " nvals " << nv << " " << weft_last_error();
    *ok = false;
    return Mat();
  }
  std::vector<int64_t> I(static_cast<size_t>(nv) + 1), J(static_cast<size_t>(nv) + 1);
  std::vector<unsigned char> X(static_cast<size_t>((nv + 1) * gbmodel::size_of(t)));
  int64_t n = -1;
  weft_status s = weft_matrix_extract_tuples(A, nv, I.data(), J.data(), X.data(), wtype(t), &n);
  if (s != WEFT_SUCCESS || n != nv) {
    ADD_FAILURE() << "weft_matrix_extract_tuples: " << weft_status_name(s) << " n " << n << " nvals " << nv << " "
                  << weft_last_error();
    *ok = false;
    return Mat();
  }
  return from_tuples(static_cast<int>(nr), static_cast<int>(nc), t, I, &J, X, n, ok);
}

Mat read_vector(weft_vector v, Code t, bool *ok) {
  int64_t n = 0, nv = 0;
  weft_status s1 = weft_vector_size(v, &n), s2 = weft_vector_nvals(v, &nv);
  if (s1 || s2 || nv < 0 || nv > n) {
    ADD_FAILURE() << "reading a vector: " << weft_status_name(s1 ? s1 : s2) << " nvals " << nv << " "
                  << weft_last_error();
    *ok = false;
    return Mat();
  }
  std::vector<int64_t> I(static_cast<size_t>(nv) + 1);
  std::vector<unsigned char> X(static_cast<size_t>((nv + 1) * gbmodel::size_of(t)));
  int64_t got = -1;
  weft_status s = weft_vector_extract_tuples(v, nv, I.data(), X.data(), wtype(t), &got);
  if (s != WEFT_SUCCESS || got != nv) {
    ADD_FAILURE() << "weft_vector_extract_tuples: " << weft_status_name(s) << " n " << got << " nvals " << nv << " "
                  << weft_last_error();
    *ok = false;
    return Mat();
  }
  return from_tuples(static_cast<int>(n), 1, t, I, nullptr, X, got, ok);
}

gbmodel::Scalar read_scalar(weft_scalar s, Code t, bool *ok) {
  int64_t nv = -1;
  weft_status st = weft_scalar_nvals(s, &nv);
  if (st != WEFT_SUCCESS || nv < 0 || nv > 1) {
    ADD_FAILURE() << "weft_scalar_nvals: " << weft_status_name(st) << " " << nv << " " << weft_last_error();
    *ok = false;
    return {};
  }
  Value x;
  x.t = t;
  st = weft_scalar_extract_element(s, wtype(t), x.raw);
  if (st != (nv ? WEFT_SUCCESS : WEFT_NO_VALUE)) {
    ADD_FAILURE() << "weft_scalar_extract_element: " << weft_status_name(st) << " with nvals " << nv << " "
                  << weft_last_error();
    *ok = false;
  }
  if (nv == 0) return {};
  return x;
}

void perturb(Rng &r, Mat &A, weft_matrix Aw, weft_vector vw, bool remove_only) {
  int k = r.uniform(1, 3);
  for (int q = 0; q < k; ++q) {
    int i = r.uniform(0, A.nr - 1), j = r.uniform(0, A.nc - 1);
    if (!remove_only && r.chance(0.6)) {
      Value x = random_value(r, random_compatible(r, A.t));
      weft_status s =
          Aw ? weft_matrix_set_element(Aw, i, j, x.raw, wtype(x.t)) : weft_vector_set_element(vw, i, x.raw, wtype(x.t));
      expect_ok(s, "set_element");
      A.set(i, j, gbmodel::cast(x, A.t));
    } else {
      weft_status s = Aw ? weft_matrix_remove_element(Aw, i, j) : weft_vector_remove_element(vw, i);
      expect_ok(s, "remove_element");
      A.clear(i, j);
    }
  }
}

// ---- Case --------------------------------------------------------------------------------
namespace {
uint64_t case_seed(const std::string &test, int index) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a of the test name, mixed with seed and index
  for (char ch : test) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
  return h ^ (config().seed * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(index) * 0xD1B54A32D192ED03ull);
}

weft_descriptor predefined_descriptor(const std::string &name) {
#define SM_DESC_(N) \
  if (name == #N) return WEFT_DESC_##N;
  WEFT_PREDEFINED_DESCRIPTORS(SM_DESC_)
#undef SM_DESC_
  return nullptr;
}
}  // namespace

weft_descriptor new_descriptor(const gbmodel::Out &o, bool t0, bool t1, bool combined_mask) {
  weft_descriptor d = nullptr;
  expect_ok(weft_descriptor_new(&d), "weft_descriptor_new");
  if (o.replace) expect_ok(weft_descriptor_set(d, WEFT_OUTP, WEFT_REPLACE), "weft_descriptor_set");
  // WEFT_MASK accumulates: COMP then STRUCTURE is COMP_STRUCTURE; both spellings are used.
  if (o.structure && o.comp && combined_mask) {
    expect_ok(weft_descriptor_set(d, WEFT_MASK, WEFT_COMP_STRUCTURE), "weft_descriptor_set");
  } else {
    if (o.comp) expect_ok(weft_descriptor_set(d, WEFT_MASK, WEFT_COMP), "weft_descriptor_set");
    if (o.structure) expect_ok(weft_descriptor_set(d, WEFT_MASK, WEFT_STRUCTURE), "weft_descriptor_set");
  }
  if (t0) expect_ok(weft_descriptor_set(d, WEFT_INP0, WEFT_TRAN), "weft_descriptor_set");
  if (t1) expect_ok(weft_descriptor_set(d, WEFT_INP1, WEFT_TRAN), "weft_descriptor_set");
  return d;
}

Case::Case(const std::string &test, int index) : r(case_seed(test, index)), test_(test), index_(index) {
  seed_ = case_seed(test, index);
}

Case::~Case() {
  for (weft_matrix h : free_m_) weft_matrix_free(&h);
  for (weft_vector h : free_v_) weft_vector_free(&h);
  for (auto &kv : scalars_) weft_scalar_free(&kv.second);
  if (cs_ != nullptr) weft_scalar_free(&cs_);
  if (own_desc_) weft_descriptor_free(&desc_);
}

void Case::adopt_output(weft_matrix m, weft_vector v, Code t) {
  cm_ = m;
  cv_ = v;
  vec_ = v != nullptr;
  ctype = t;
  if (m != nullptr) free_m_.push_back(m);
  if (v != nullptr) free_v_.push_back(v);
}

void Case::output_scalar(Code tz) {
  scalar_ = true;
  ctype = tz == Code::UDT ? Code::UDT : r.chance(0.4) ? tz : random_predefined(r);
  C0 = Mat(1, 1, ctype);
  if (r.chance(0.6)) C0.set(0, 0, random_value(r, ctype));
  cs_ = new_scalar(ctype, C0.present(0, 0) ? gbmodel::Scalar(C0.get(0, 0)) : gbmodel::Scalar());
  if (r.chance(0.6)) {
    accum = pick_accum(r, ctype, tz);
    out.accum = &accum->m;
  }
  note("s: " + gbmodel::to_string(C0) + ", accum: " + (accum ? accum->m.name : std::string("NULL")));
}

void Case::output(int nr, int nc, bool vec, Code tz, OutOpts o) {
  vec_ = vec;
  ctype = tz == Code::UDT ? Code::UDT : r.chance(0.4) ? tz : random_predefined(r);
  if (tz == Code::ANY) ctype = random_compatible(r, Code::ANY);
  C0 = random_mat(r, nr, nc, ctype, o.wide);
  if (vec)
    free_v_.push_back(cv_ = new_vector(C0));
  else
    free_m_.push_back(cm_ = new_matrix(C0));
  note("C: " + gbmodel::to_string(C0));
  if (r.chance(0.3)) {
    perturb(r, C0, cm_, cv_);
    note("C after set/remove_element (pending): " + gbmodel::to_string(C0));
  }

  int kind = o.mask ? r.uniform(0, 2) : 0;  // none, valued, structural
  bool mvec = o.mask_nr < 0 ? vec : o.mask_vec;
  int mr = o.mask_nr < 0 ? nr : o.mask_nr, mc = o.mask_nr < 0 ? nc : o.mask_nc;
  if (kind != 0) {
    if (o.mask_nr < 0 && r.chance(0.8 * alias_p) && (kind == 2 || ctype != Code::UDT)) {
      mask_ = C0;
      mm_ = cm_;
      mv_ = cv_;
      note("mask: C itself");
    } else {
      Code mt = kind == 2 && r.chance(0.2) ? Code::UDT : random_predefined(r);
      mask_ = random_mat(r, mr, mc, mt, true);
      if (mvec)
        free_v_.push_back(mv_ = new_vector(mask_));
      else
        free_m_.push_back(mm_ = new_matrix(mask_));
      if (r.chance(0.2)) perturb(r, mask_, mm_, mv_);
      note("mask: " + gbmodel::to_string(mask_));
      inputs_.push_back({"mask", mask_, mm_, mv_, true});
    }
    out.M = &mask_;
  }
  out.structure = kind == 2 || (kind == 0 && r.chance(0.2));
  out.comp = r.chance(kind ? 0.4 : 0.1);
  out.replace = r.chance(0.4);
  if (o.accum && r.chance(0.6)) {
    accum = pick_accum(r, ctype, tz == Code::ANY ? ctype : tz);
    out.accum = &accum->m;
  }
  tran0 = o.t0 && r.chance(0.5);
  tran1 = o.t1 && r.chance(0.5);

  std::string name = std::string(out.replace ? "R" : "") + (out.structure ? "S" : "") + (out.comp ? "C" : "") +
                     (tran0 ? "T0" : "") + (tran1 ? "T1" : "");
  if (name.empty() && r.chance(0.7))
    desc_ = nullptr;
  else if (!name.empty() && r.chance(0.4))
    desc_ = predefined_descriptor(name);
  if (desc_ == nullptr && !(name.empty())) {
    desc_ = new_descriptor(out, tran0, tran1, r.chance(0.5));
    own_desc_ = true;
  }
  note("descriptor: " + (name.empty() ? std::string("default") : name) +
       (desc_ == nullptr ? " (NULL)"
        : own_desc_      ? " (new)"
                         : " (predefined)") +
       ", accum: " + (accum ? accum->m.name : std::string("NULL")));
}

Mat Case::input(const std::string &name, int nr, int nc, bool vec, Code dom, bool wide, Pattern p) {
  bool can_alias = (cm_ || cv_) && vec == vec_ && nr == C0.nr && nc == C0.nc && gbmodel::compatible(ctype, dom) &&
                   p == Pattern::FREE;
  if (can_alias && r.chance(alias_p)) {
    if (vec)
      vecs_[name] = cv_;
    else
      mats_[name] = cm_;
    note(name + ": C itself");
    return C0;
  }
  // Sometimes an earlier input or the mask again (weft_ewise_add(C, M, acc, op, A, A)):
  // only one holding no wider values than this input may hold.
  std::vector<const Input *> same;
  for (const Input &in : inputs_)
    if ((in.v != nullptr) == vec && in.model.nr == nr && in.model.nc == nc && gbmodel::compatible(in.model.t, dom) &&
        (wide || !in.wide))
      same.push_back(&in);
  if (!same.empty() && p == Pattern::FREE && r.chance(0.15)) {
    const Input &in = *r.pick(same);
    if (vec)
      vecs_[name] = in.v;
    else
      mats_[name] = in.m;
    note(name + ": the same object as " + in.name);
    return in.model;
  }
  Mat X = random_mat(r, nr, nc, random_compatible(r, dom), wide, p);
  weft_matrix hm = nullptr;
  weft_vector hv = nullptr;
  if (vec)
    free_v_.push_back(vecs_[name] = hv = new_vector(X));
  else
    free_m_.push_back(mats_[name] = hm = new_matrix(X));
  if (r.chance(0.2)) perturb(r, X, hm, hv, p != Pattern::FREE);
  note(name + ": " + gbmodel::to_string(X));
  inputs_.push_back({name, X, hm, hv, wide});
  return X;
}

Value Case::scalar(const std::string &name, Code dom, bool wide) {
  Value x = random_value(r, random_compatible(r, dom), wide);
  scalars_[name] = new_scalar(x.t, x);
  note(name + ": " + gbmodel::code_name(x.t) + " " + gbmodel::to_string(x));
  return x;
}

weft_matrix Case::A(const std::string &name) const { return mats_.at(name); }
weft_vector Case::v(const std::string &name) const { return vecs_.at(name); }
weft_scalar Case::s(const std::string &name) const { return scalars_.at(name); }

std::string Case::describe() const {
  std::ostringstream o;
  o << test_ << " case " << index_ << " (WEFT_MODEL_SEED=" << config().seed << " WEFT_MODEL_CASE=" << index_
    << (config().nonblocking ? " WEFT_TEST_MODE=nonblocking" : "") << ", case seed " << seed_ << ")";
  for (const std::string &n : notes_) o << "\n    " << n;
  return o.str();
}

bool Case::call(weft_status st, const char *what) {
  if (st == WEFT_SUCCESS) return true;
  ADD_FAILURE() << what << " returned " << weft_status_name(st) << " (" << weft_last_error() << ")\n  " << describe();
  return false;
}

bool Case::finish(const Mat &T) {
  Mat expected = C0;
  gbmodel::write_back(expected, out, T);
  note("T: " + gbmodel::to_string(T));
  return finish_expected(expected);
}

bool Case::finish_expected(const Mat &expected) {
  bool ok = true;
  if (!scalar_ && r.chance(0.2)) {
    int mode = r.chance(0.5) ? WEFT_COMPLETE : WEFT_MATERIALIZE;
    ok = call(vec_ ? weft_vector_wait(cv_, mode) : weft_matrix_wait(cm_, mode), "wait");
  }
  Mat got;
  if (scalar_) {
    got = Mat(1, 1, ctype);
    gbmodel::Scalar x = read_scalar(cs_, ctype, &ok);
    if (x) got.set(0, 0, *x);
  } else {
    got = vec_ ? read_vector(cv_, ctype, &ok) : read_matrix(cm_, ctype, &ok);
  }
  if (!ok) {
    ADD_FAILURE() << describe();
    return false;
  }
  std::string diff = gbmodel::first_difference(expected, got);
  if (diff.empty()) return verify_inputs();
  ADD_FAILURE() << "result differs from the model: " << diff << "\n  " << describe() << "\n    expected "
                << gbmodel::to_string(expected) << "\n    got      " << gbmodel::to_string(got);
  return false;
}

bool Case::verify_inputs() {
  for (const Input &in : inputs_) {
    bool ok = true;
    Mat got = in.m ? read_matrix(in.m, in.model.t, &ok) : read_vector(in.v, in.model.t, &ok);
    std::string diff = ok ? gbmodel::first_difference(in.model, got) : "unreadable";
    if (!diff.empty()) {
      ADD_FAILURE() << "input " << in.name << " changed: " << diff << "\n  " << describe();
      return false;
    }
  }
  return true;
}

std::vector<int> random_indices(Rng &r, int n, int dim, bool repeats) {
  std::vector<int> v;
  if (repeats) {
    for (int k = 0; k < n; ++k) v.push_back(r.uniform(0, dim - 1));
    return v;
  }
  std::vector<int> all(static_cast<size_t>(dim));
  for (int k = 0; k < dim; ++k) all[static_cast<size_t>(k)] = k;
  std::shuffle(all.begin(), all.end(), r.g);
  all.resize(static_cast<size_t>(n));
  return all;
}

std::vector<int64_t> to64(const std::vector<int> &v) { return std::vector<int64_t>(v.begin(), v.end()); }

}  // namespace sm
