// sparse_model_harness.hpp — the machinery behind the randomised tests of weft's
// semiring engine against the dense model (tests/oracle/graphblas_model.hpp): operators
// paired with their model, random collections, weft objects built from model ones and
// read back, and Case, which draws one call's output side (C, mask, accumulator,
// descriptor, aliasing) and checks the result.
//
// Reproducing a failure: every case is seeded from (WEFT_MODEL_SEED, test, case index);
// the failure message prints them, and WEFT_MODEL_CASE=<index> runs only that case.
// WEFT_MODEL_SCALE multiplies every case count (default 1).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../oracle/graphblas_model.hpp"
#include "weft.h"

namespace sm {

using gbmodel::Code;
using gbmodel::Mat;
using gbmodel::Value;

// ---- Configuration from the environment ---------------------------------------------
struct Config {
  uint64_t seed = 20240611;
  double scale = 1.0;
  long only_case = -1;  // WEFT_MODEL_CASE: run only this case index
  bool nonblocking = false;
};
const Config &config();
// base * WEFT_MODEL_SCALE, at least 1.
int scaled(int base);

// ---- Randomness ------------------------------------------------------------------------
struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(g); }  // [lo, hi]
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(g) < p; }
  template <class T>
  const T &pick(const std::vector<T> &v) {
    return v[static_cast<size_t>(uniform(0, static_cast<int>(v.size()) - 1))];
  }
};

// ---- Domains ---------------------------------------------------------------------------
weft_type wtype(Code c);  // Code::UDT is the test's struct {int32, double}
Code random_predefined(Rng &r);
// A domain compatible with `dom`: UDT stays UDT; a predefined one is often itself,
// else any predefined type (so inputs, operators and C often differ).
Code random_compatible(Rng &r, Code dom);
// Small integers (exact in every type, so summation order never matters); with `wide`,
// sometimes values that exercise wrap-around, saturation and truncation.
Value random_value(Rng &r, Code t, bool wide = false);
// How the values of a random collection may vary: freely, or constant along each row,
// each column or everywhere (so that an ANY monoid, which may return any of its
// operands, has one right answer).
enum class Pattern { FREE, ROW, COL, ALL };
Mat random_mat(Rng &r, int nr, int nc, Code t, bool wide = false, Pattern p = Pattern::FREE);

// ---- Operators paired with their model -------------------------------------------------
struct Bin {
  gbmodel::BinaryOp m;
  weft_binary_op h;
};
struct Un {
  gbmodel::UnaryOp m;
  weft_unary_op h;
};
struct Idx {
  gbmodel::IndexOp m;
  weft_index_unary_op h;
};
struct Mon {
  gbmodel::BinaryOp m;
  weft_monoid h;
};
struct Sem {
  gbmodel::Semiring m;
  weft_semiring h;
};

// For element-wise, apply and kronecker (anything goes, DIV and comparisons included).
Bin pick_binary(Rng &r);
// An accumulator for C of domain ctype and T of domain tz (mixed and narrower domains,
// non-commutative ones, user-defined ones).
Bin pick_accum(Rng &r, Code ctype, Code tz);
// A dup operator for build on domain t (its three domains must be t).
Bin pick_dup(Rng &r, Code t);
Un pick_unary(Rng &r);
// Any index-unary operator (every one here has a predefined output domain, so select
// can cast it to BOOL).
Idx pick_index(Rng &r);
// Monoids; `exact_float_times` false leaves TIMES out on floating domains (a product of
// many terms would round in an order-dependent way).
// Monoids and semirings include ANY ones (the caller shapes its inputs with a Pattern).
Mon pick_monoid(Rng &r, bool exact_float_times);
Sem pick_semiring(Rng &r);
// A predefined semiring by its model name ("PLUS_TIMES_SEMIRING_FP64"); a test failure
// if there is none.
Sem semiring_named(const std::string &name);
// An ANY monoid's operator (the model takes the first operand).
bool is_any(const gbmodel::BinaryOp &add);
// The pattern an ANY semiring needs: for its first input (ROW: each row of A~ constant)
// when it multiplies by FIRST, for its second (COL) when by SECOND; else FREE.
Pattern any_pattern(const Sem &s, bool first_input);
// A stored matrix's pattern for a pattern of its transpose.
Pattern transposed(Pattern p);
// Whether a sum with this monoid operator is exact in any order for any values (not a
// floating PLUS or TIMES), so inputs may hold wide values.
bool order_free(const gbmodel::BinaryOp &add);
// Every predefined operator and monoid with its model (the ANY binary operator left
// out), for the exhaustive operator test.
const std::vector<Bin> &predefined_binaries();
const std::vector<Un> &predefined_unaries();
const std::vector<Idx> &predefined_index_ops();
const std::vector<Mon> &predefined_monoids();
// A named predefined binary operator (for the error tests).
Bin binary_named(const std::string &name, Code t);

// ---- weft objects from model ones, and back ---------------------------------------------
weft_matrix new_matrix(const Mat &A);
weft_vector new_vector(const Mat &v);  // v is n x 1
weft_scalar new_scalar(Code t, const gbmodel::Scalar &x);
// Reads back into domain t (the object's domain). ok is cleared on any weft failure.
Mat read_matrix(weft_matrix A, Code t, bool *ok);
Mat read_vector(weft_vector v, Code t, bool *ok);
gbmodel::Scalar read_scalar(weft_scalar s, Code t, bool *ok);
// A few set_element / remove_element calls on both (pending work in weft).
void perturb(Rng &r, Mat &A, weft_matrix Aw, weft_vector vw, bool remove_only = false);

// ---- One randomised call -----------------------------------------------------------------
struct OutOpts {
  bool mask = true;   // may draw a mask
  bool accum = true;  // may draw an accumulator
  bool t0 = false;    // WEFT_INP0 = WEFT_TRAN is meaningful
  bool t1 = false;    // WEFT_INP1 = WEFT_TRAN is meaningful
  bool wide = false;  // C may hold wide values
  // The mask's shape when it is not C's (row/column assign, subassign): nr x nc, a
  // vector when mask_vec. A mask of another shape is never C itself.
  int mask_nr = -1, mask_nc = -1;
  bool mask_vec = false;
};

class Case {
 public:
  Case(const std::string &test, int index);
  ~Case();
  Case(const Case &) = delete;
  Case &operator=(const Case &) = delete;

  Rng r;
  double alias_p = 0.25;  // the chance that an input (0.8 of it: the mask) is C itself
  bool tran0 = false, tran1 = false;
  Code ctype = Code::BOOL;
  Mat C0;  // C as it was before the call
  gbmodel::Out out;
  std::optional<Bin> accum;

  // Draws C (nr x nc, a vector when vec) compatible with T's domain tz, its mask,
  // accumulator, replace, transposes and the descriptor.
  void output(int nr, int nc, bool vec, Code tz, OutOpts o = OutOpts());
  // A scalar output (reduce to scalar): empty or not, with or without accumulator.
  void output_scalar(Code tz);
  // An output the test created itself (build, diag): finish_expected reads it, and the
  // case frees it.
  void adopt_output(weft_matrix m, weft_vector v, Code t);
  // Objects the case frees at its end.
  void own(weft_matrix m) { free_m_.push_back(m); }
  // An input of shape nr x nc (a vector when vec) compatible with dom; sometimes C itself
  // or an earlier input (never when its values must follow a pattern).
  Mat input(const std::string &name, int nr, int nc, bool vec, Code dom, bool wide = false, Pattern p = Pattern::FREE);
  // A scalar argument holding one random value of a domain compatible with dom.
  Value scalar(const std::string &name, Code dom, bool wide = false);
  weft_matrix A(const std::string &name) const;
  weft_vector v(const std::string &name) const;
  weft_scalar s(const std::string &name) const;
  weft_matrix C() const { return cm_; }
  weft_vector w() const { return cv_; }
  weft_scalar S() const { return cs_; }
  weft_matrix M() const { return mm_; }
  weft_vector m() const { return mv_; }
  weft_binary_op acc() const { return accum ? accum->h : nullptr; }
  weft_descriptor desc() const { return desc_; }
  void note(const std::string &s) { notes_.push_back(s); }

  // Checks a weft call's status; on failure reports the case.
  bool call(weft_status st, const char *what);
  // The expected C after T (the standard rule) and the comparison.
  bool finish(const Mat &T);
  // Compares C with an expected collection computed by the caller.
  bool finish_expected(const Mat &expected);
  // A failure message for this case.
  std::string describe() const;
  // Every input and mask that is not C must still hold what it held (weft reads them as
  // they were; it never writes them).
  bool verify_inputs();

 private:
  std::string test_;
  int index_;
  uint64_t seed_;
  bool vec_ = false, scalar_ = false;
  weft_scalar cs_ = nullptr;
  weft_matrix cm_ = nullptr, mm_ = nullptr;
  weft_vector cv_ = nullptr, mv_ = nullptr;
  weft_descriptor desc_ = nullptr;
  bool own_desc_ = false;
  Mat mask_;
  std::map<std::string, weft_matrix> mats_;
  std::map<std::string, weft_vector> vecs_;
  std::map<std::string, weft_scalar> scalars_;
  std::vector<weft_matrix> free_m_;
  std::vector<weft_vector> free_v_;
  std::vector<std::string> notes_;
  struct Input {
    std::string name;
    Mat model;
    weft_matrix m;
    weft_vector v;
    bool wide;  // may hold wide values
  };
  std::vector<Input> inputs_;
};

// A new descriptor with the fields of o and the transposes (the caller frees it);
// combined_mask sets WEFT_COMP_STRUCTURE in one call instead of two.
weft_descriptor new_descriptor(const gbmodel::Out &o, bool t0, bool t1, bool combined_mask);

// Runs body(case) for `count` cases (scaled), stopping after a few failures.
template <class F>
void run_cases(const std::string &test, int count, F body) {
  int failures = 0;
  int n = scaled(count);
  for (int i = 0; i < n && failures < 3; ++i) {
    if (config().only_case >= 0 && i != config().only_case) continue;
    Case c(test, i);
    if (!body(c)) ++failures;
  }
}

// An index list of n entries below dim: distinct (a random arrangement) unless repeats.
std::vector<int> random_indices(Rng &r, int n, int dim, bool repeats);
std::vector<int64_t> to64(const std::vector<int> &v);

}  // namespace sm
