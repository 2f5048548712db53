// Argument checks of the semiring engine's entry points: collection, operator and
// descriptor handles, the output bundle of an operation (C, mask, accum, descriptor),
// index lists, and guard_on(), which also records the call's message on its output
// object (weft_*_error) as GraphBLAS's GrB_error requires.
#pragma once
#include <cstdio>

#include "../core/algebra/semiring.hpp"
#include "../core/lazy/queue.hpp"
#include "../core/sparse/operations.hpp"
#include "args.hpp"

namespace weft::capi {

template <class T>
T *optional_arg(const void *h, const char *what) {
  return h ? handle_arg<T>(h, what) : nullptr;
}

inline DescriptorFields descriptor_arg(weft_descriptor d) {
  return d ? handle_arg<Descriptor>(d, "desc")->f : DescriptorFields{};
}

// The output half of an operation: C of kind Out, a mask of the same kind (or NULL), an
// accumulator (or NULL), the descriptor's fields. For a vector output the transpose
// fields are cleared (a vector input is never transposed); the operations that take a
// matrix with a vector output (mxv, vxm, matrix_reduce, col_extract) set theirs again.
template <class Out>
Output output_arg(const void *C, const void *mask, weft_binary_op accum, weft_descriptor desc) {
  Output o;
  o.C = handle_arg<Out>(C, Out::kMagic == Magic::matrix ? "C" : Out::kMagic == Magic::vector ? "w" : "s");
  o.M = optional_arg<Out>(mask, "mask");
  o.accum = optional_arg<BinaryOp>(accum, "accum");
  o.d = descriptor_arg(desc);
  if (Out::kMagic != Magic::matrix) o.d.tran0 = o.d.tran1 = false;
  return o;
}

// An index list of n entries or WEFT_ALL.
inline IndexList index_arg(const int64_t *I, int64_t n, const char *what) {
  if (!I) fail(WEFT_NULL_POINTER, "%s is NULL (use WEFT_ALL for every index)", what);
  nonneg(n, what);
  return IndexList{I, n, I == WEFT_ALL, what};
}

// The one row of a vector (stored as 1 x n): the row index list of vector operations.
inline const IndexList &vector_row() {
  static const int64_t zero[1] = {0};
  static const IndexList row{zero, 1, false, "the vector's row"};
  return row;
}

// The object behind h if h is a live handle of kind T, else nullptr (never throws).
template <class T>
T *live_or_null(const void *h) noexcept {
  if (!h || (!T::is_predefined_address(h) && !registry_contains(h))) return nullptr;
  auto *o = static_cast<Object *>(const_cast<void *>(h));
  return o->magic == T::kMagic ? static_cast<T *>(o) : nullptr;
}

// guard() for a call whose output is the collection `out` (kind T): afterwards the
// object's error text is the call's message, or "" when it succeeded. A failure of queued
// work the call ran (nonblocking mode) is returned but is not this call's: the output's
// message then says the call succeeded, as in blocking mode (the failed operation's own
// output holds its message).
template <class T, class F>
weft_status guard_on(const char *fn, const void *out, F &&body) noexcept {
  lazy::set_current_call(fn);  // a queued operation's errors name the call that queued it
  bool succeeded = false;
  const weft_status s = guard(fn, [&] {
    const weft_status own = body();
    succeeded = own == WEFT_SUCCESS;
    return own;
  });
  if (T *o = live_or_null<T>(out)) {
    ++o->output_calls;
    if (succeeded) o->error[0] = '\0';
    else std::snprintf(o->error, sizeof o->error, "%s", last_error());
  }
  return s;
}

}  // namespace weft::capi
