// libFuzzer target: the predefined monoids on arbitrary operand bits. Invariants:
//   - the identity is neutral on both sides (bit for bit; a NaN stays a NaN), but for
//     ANY (which returns y: neutral on the left only) and LAND/LOR on integers (which
//     give 0 or 1);
//   - a terminal absorbs every operand on both sides (ANY's: on the right);
//   - MIN and MAX are symmetric (bit for bit unless both operands are NaN) and
//     associative; a NaN operand gives NaN; min(x, y) <= max(x, y);
//   - integer and logical operators are associative and (but for ANY) symmetric;
//   - weft_monoid_apply agrees with weft_monoid_function and with the function of the
//     operator weft_monoid_operator returns, also when z aliases x or y;
//   - a user-defined monoid on a struct domain reduces like its operator.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "weft.h"

namespace {

[[noreturn]] void broken(const char *what, const char *monoid) {
  std::fprintf(stderr, "invariant broken: %s (%s)\n", what, monoid);
  std::abort();
}

struct M {
  weft_monoid m;
  const char *name;
  int size;
  enum { integer, floating, boolean } kind;
  bool min_max;
};

#define WEFT_FUZZ_ROW_(op, type) {WEFT_##op##_MONOID_##type, #op "_" #type, 0, M::integer, false},
const M kRows[] = {WEFT_PREDEFINED_MONOIDS(WEFT_FUZZ_ROW_)};
#undef WEFT_FUZZ_ROW_

bool is_nan(const unsigned char *v, const M &m) {
  if (m.kind != M::floating) return false;
  if (m.size == 4) {
    float f;
    std::memcpy(&f, v, 4);
    return std::isnan(f);
  }
  double d;
  std::memcpy(&d, v, 8);
  return std::isnan(d);
}

void apply(const M &m, unsigned char *z, const unsigned char *x, const unsigned char *y) {
  if (weft_monoid_apply(m.m, z, x, y) != WEFT_SUCCESS) broken("apply failed", m.name);
}

bool same(const unsigned char *a, const unsigned char *b, const M &m) {
  if (is_nan(a, m) && is_nan(b, m)) return true;
  return std::memcmp(a, b, size_t(m.size)) == 0;
}

// Numerically equal: -0 == +0 (PLUS's identity is +0, as numpy's: -0 + 0 = +0).
bool equal(const unsigned char *a, const unsigned char *b, const M &m) {
  if (m.kind != M::floating) return same(a, b, m);
  if (is_nan(a, m) || is_nan(b, m)) return is_nan(a, m) && is_nan(b, m);
  if (m.size == 4) {
    float x, y;
    std::memcpy(&x, a, 4);
    std::memcpy(&y, b, 4);
    return x == y;
  }
  double x, y;
  std::memcpy(&x, a, 8);
  std::memcpy(&y, b, 8);
  return x == y;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  if (n < 1 + 3 * 8) return 0;
  M m = kRows[data[0] % (sizeof kRows / sizeof *kRows)];
  weft_type dom;
  if (weft_monoid_domain(m.m, &dom) != WEFT_SUCCESS) broken("domain", m.name);
  int64_t size = 0;
  weft_type_size(dom, &size);
  m.size = int(size);
  m.kind = dom == WEFT_FLOAT || dom == WEFT_DOUBLE ? M::floating : dom == WEFT_BOOL ? M::boolean : M::integer;
  m.min_max = std::strncmp(m.name, "MIN", 3) == 0 || std::strncmp(m.name, "MAX", 3) == 0;
  unsigned char x[8], y[8], w[8], id[8], r1[8], r2[8], t[8];
  std::memcpy(x, data + 1, 8);
  std::memcpy(y, data + 9, 8);
  std::memcpy(w, data + 17, 8);
  if (m.kind == M::boolean) x[0] &= 1, y[0] &= 1, w[0] &= 1;  // a bool holds 0 or 1
  if (weft_monoid_identity(m.m, id) != WEFT_SUCCESS) broken("identity", m.name);
  apply(m, r1, x, id);
  apply(m, r2, id, x);
  bool logical = std::strncmp(m.name, "LAND", 4) == 0 || std::strncmp(m.name, "LOR", 3) == 0;
  bool any = std::strncmp(m.name, "ANY", 3) == 0;
  bool neutral = m.min_max || m.kind != M::floating ? same(r1, x, m) && same(r2, x, m)
                                                   : equal(r1, x, m) && equal(r2, x, m);
  if (any) neutral = same(r2, x, m);
  if (!logical && !neutral) broken("the identity is not neutral", m.name);
  bool has_terminal = false;
  if (weft_monoid_terminal(m.m, t, &has_terminal) != WEFT_SUCCESS) broken("terminal", m.name);
  if (has_terminal) {
    apply(m, r1, x, t);
    apply(m, r2, t, x);
    if (!same(r1, t, m) || (!any && !same(r2, t, m))) broken("the terminal does not absorb", m.name);
  }
  // symmetry (every predefined monoid's operator but ANY's is commutative)
  apply(m, r1, x, y);
  apply(m, r2, y, x);
  if (!any && !same(r1, r2, m)) broken("not symmetric", m.name);
  if (m.min_max && (is_nan(x, m) || is_nan(y, m)) && !is_nan(r1, m)) broken("a NaN operand was dropped", m.name);
  // associativity: exact for everything but floating PLUS/TIMES
  bool exact = m.kind != M::floating || m.min_max;
  if (exact) {
    apply(m, t, x, y);
    apply(m, r1, t, w);
    apply(m, t, y, w);
    apply(m, r2, x, t);
    if (!same(r1, r2, m)) broken("not associative", m.name);
  }
  // the operator's function, and z aliasing an operand
  weft_binary_op handle = nullptr;
  weft_binary_fn op = nullptr, op2 = nullptr;
  if (weft_monoid_operator(m.m, &handle) != WEFT_SUCCESS || weft_binary_op_function(handle, &op) != WEFT_SUCCESS ||
      !op)
    broken("operator", m.name);
  if (weft_monoid_function(m.m, &op2) != WEFT_SUCCESS || op2 != op) broken("function", m.name);
  apply(m, r1, x, y);
  std::memcpy(t, x, 8);
  op(t, t, y);
  if (!same(t, r1, m)) broken("operator != apply, or aliasing z and x", m.name);
  std::memcpy(t, y, 8);
  op(t, x, t);
  if (!same(t, r1, m)) broken("aliasing z and y", m.name);
  return 0;
}
