// JIT kernels for dot products (the pulls of mxv and vxm): kernels::dots_range's
// function-pointer loop with a semiring's operators compiled in, for semirings whose
// multiply and addition are user-defined operators given with their C source
// (weft_binary_op_new_source). The loop, and so every result bit, is the generic one's:
// per row, the products in column order, the first one the start of the sum, each next
// one added as add(z, z, t); never an early stop.
#pragma once
#include <cstdint>

#include "../algebra/semiring.hpp"

namespace weft::jit {

// Rows r0 .. r1 (or, with `list`, rows list[r0 .. r1)) of A (row pointers Ap, column
// indices Aj: 32-bit when j32, else 64-bit, values Ax: one value for all entries when
// a_iso, an iso A) times u: u(k) is Bx[k] when
// `where` is nullptr (u has every entry), else Bx[where[k]] where where[k] >= 0. Rows
// with forbidden[i] != 0 (when forbidden is not nullptr) are skipped. Each row that met
// u gives one entry: its index in outj, its sum in outx; returns how many.
using DotsFn = int64_t (*)(const int64_t *Ap, const void *Aj, int j32, const void *Ax, int a_iso, const void *Bx,
                           const int64_t *where, const char *forbidden, const int64_t *list, int64_t r0,
                           int64_t r1, int64_t *outj, void *outx);

// The kernel for semiring (add, mult) with A's values of domain a and u's of domain b,
// the multiply given (b, a) instead of (a, b) when swapped; nullptr (run the function
// pointers) when an operator has no source, an input would have to be cast or is not a
// predefined domain, or the kernel cannot be compiled (compile.hpp).
DotsFn dots_kernel(const BinaryOp &add, const BinaryOp &mult, Code a, Code b, bool swapped);

}  // namespace weft::jit
