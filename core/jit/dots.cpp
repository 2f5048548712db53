// The dot-product kernel's C text (dots.hpp), made from the operators' definitions.
#include "dots.hpp"

#include <string>

#include "compile.hpp"

namespace weft::jit {

namespace {

// The C type of a predefined domain's values (nullptr for UDT).
const char *c_type(Code c) {
  switch (c) {
    case Code::BOOL: return "bool";
    case Code::INT8: return "int8_t";
    case Code::INT16: return "int16_t";
    case Code::INT32: return "int32_t";
    case Code::INT64: return "int64_t";
    case Code::UINT8: return "uint8_t";
    case Code::UINT16: return "uint16_t";
    case Code::UINT32: return "uint32_t";
    case Code::UINT64: return "uint64_t";
    case Code::FP32: return "float";
    case Code::FP64: return "double";
    case Code::FC32: return "float _Complex";
    case Code::FC64: return "double _Complex";
    default: return nullptr;
  }
}

// The loop of one (column index type, u dense or not, A iso or not) triple. Names the user's definitions
// might also use are avoided: everything of the kernel's own starts with weft_.
// A row's first product met starts its sum (as GenericMA's product(), the later ones
// its accumulate()).
const char *kLoop = R"(
#define WEFT_ROWS(J, DENSE, ISO)                                                   \
  for (int64_t weft_r = r0; weft_r < r1; ++weft_r) {                               \
    const int64_t weft_i = list ? list[weft_r] : weft_r;                           \
    if (forbidden && forbidden[weft_i]) continue;                                  \
    const J *weft_j = (const J *)Aj;                                               \
    int64_t weft_k = Ap[weft_i], weft_end = Ap[weft_i + 1];                        \
    weft_z weft_sum;                                                               \
    for (; weft_k < weft_end; ++weft_k) {                                          \
      const int64_t weft_q = DENSE ? (int64_t)weft_j[weft_k] : where[weft_j[weft_k]]; \
      if (!DENSE && weft_q < 0) continue;                                          \
      WEFT_MUL(weft_sum, weft_A[ISO ? 0 : weft_k], weft_B[weft_q]);                \
      break;                                                                       \
    }                                                                              \
    if (weft_k == weft_end) continue;                                              \
    for (++weft_k; weft_k < weft_end; ++weft_k) {                                  \
      const int64_t weft_q = DENSE ? (int64_t)weft_j[weft_k] : where[weft_j[weft_k]]; \
      if (!DENSE && weft_q < 0) continue;                                          \
      weft_z weft_t;                                                               \
      WEFT_MUL(weft_t, weft_A[ISO ? 0 : weft_k], weft_B[weft_q]);                  \
      WEFT_ADD(weft_sum, weft_t);                                                  \
    }                                                                              \
    outj[weft_count] = weft_i;                                                     \
    weft_out[weft_count++] = weft_sum;                                             \
  }

__attribute__((visibility("default")))
int64_t weft_jit_dots(const int64_t *Ap, const void *Aj, int j32, const void *Ax, int a_iso, const void *Bx,
                      const int64_t *where, const char *forbidden, const int64_t *list, int64_t r0,
                      int64_t r1, int64_t *outj, void *outx) {
  const weft_a *weft_A = (const weft_a *)Ax;
  const weft_b *weft_B = (const weft_b *)Bx;
  weft_z *weft_out = (weft_z *)outx;
  int64_t weft_count = 0;
  if (a_iso) {
    if (j32 && !where) WEFT_ROWS(uint32_t, 1, 1)
    else if (j32) WEFT_ROWS(uint32_t, 0, 1)
    else if (!where) WEFT_ROWS(int64_t, 1, 1)
    else WEFT_ROWS(int64_t, 0, 1)
  } else {
    if (j32 && !where) WEFT_ROWS(uint32_t, 1, 0)
    else if (j32) WEFT_ROWS(uint32_t, 0, 0)
    else if (!where) WEFT_ROWS(int64_t, 1, 0)
    else WEFT_ROWS(int64_t, 0, 0)
  }
  return weft_count;
}
)";

// An operator's definition, its lines numbered as its own in the compiler's messages.
std::string definition(const BinaryOp &op, const char *role) {
  return "#line 1 \"" + std::string(role) + " " + op.source_name + "\"\n" + op.source + "\n";
}

}  // namespace

DotsFn dots_kernel(const BinaryOp &add, const BinaryOp &mult, Code a, Code b, bool swapped) {
  if (add.source.empty() || mult.source.empty() || !enabled()) return nullptr;
  const Code x = swapped ? b : a, y = swapped ? a : b, z = mult.zcode;
  if (!c_type(a) || !c_type(b) || !c_type(z) || x != mult.xcode || y != mult.ycode || add.xcode != z ||
      add.ycode != z || add.zcode != z)
    return nullptr;
  std::string src = "/* weft JIT: dot products (core/jit/dots.cpp) */\n"
                    "#include <stdbool.h>\n#include <stdint.h>\n#include <complex.h>\n";
  src += std::string("typedef ") + c_type(a) + " weft_a;\ntypedef " + c_type(b) + " weft_b;\ntypedef " +
         c_type(z) + " weft_z;\n";
  src += definition(add, "add");
  if (mult.source_name != add.source_name || mult.source != add.source) src += definition(mult, "multiply");
  src += "#line 1 \"weft_jit_dots\"\n";
  src += "#define WEFT_MUL(z, a, b) " + mult.source_name + (swapped ? "(&(z), &(b), &(a))\n" : "(&(z), &(a), &(b))\n");
  src += "#define WEFT_ADD(z, t) " + add.source_name + "(&(z), &(z), &(t))\n";
  src += kLoop;
  return reinterpret_cast<DotsFn>(kernel(src, "weft_jit_dots"));
}

}  // namespace weft::jit
