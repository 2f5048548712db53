// One element at a time: set, remove, extract. set and remove append to the object's
// pending updates (assembled by its next read, matrix.hpp), except that setting an
// entry that exists while nothing is pending overwrites it in place: a loop of
// set_element calls costs O(1) each plus one O(n log n) assembly.
#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"
#include "../lazy/queue.hpp"

namespace weft {

namespace {
void check_position(const Matrix &A, int64_t i, int64_t j) {
  if (i < 0 || i >= A.nrows() || j < 0 || j >= A.ncols()) {
    if (A.magic == Magic::vector)  // stored as one row: the caller's index is j
      fail(WEFT_INVALID_INDEX, "index %lld is outside [0, %lld)", (long long)j, (long long)A.ncols());
    fail(WEFT_INVALID_INDEX, "(%lld, %lld) is outside %lld x %lld", (long long)i, (long long)j, (long long)A.nrows(),
         (long long)A.ncols());
  }
}
}  // namespace

void set_element(Matrix &C, int64_t i, int64_t j, const void *x, const Type &xtype) {
  check_position(C, i, j);
  check_domain(*C.type, xtype, "x into the collection");
  const Cast cast = make_cast(*C.type, xtype);
  lazy::settle_write(C);  // the update comes after the queued work on C
  C.forget_derived();
  if (!C.has_pending()) {
    const int64_t k = C.data.find(i, j);
    if (k >= 0) {
      expand_iso(C.data);  // (its entries no longer share one value)
      cast(C.data.val(k), x);
      return;
    }
  }
  const size_t at = C.pending_values.size();
  // Room first, so the push below cannot fail after the value is in: doubled, since
  // reserve(size + 1) would reallocate on every call (O(n) each, O(n^2) in all).
  if (C.pending.size() == C.pending.capacity()) C.pending.reserve(std::max<size_t>(16, 2 * C.pending.capacity()));
  C.pending_values.resize(at + size_t(C.esize()));
  cast(C.pending_values.data() + at, x);
  C.pending.push_back({i, j, false});
}

void remove_element(Matrix &C, int64_t i, int64_t j) {
  check_position(C, i, j);
  lazy::settle_write(C);
  if (!C.has_pending() && C.data.find(i, j) < 0) return;
  C.forget_derived();
  C.pending_values.resize(C.pending_values.size() + size_t(C.esize()));
  try {
    C.pending.push_back({i, j, true});
  } catch (...) {
    C.pending_values.resize(C.pending_values.size() - size_t(C.esize()));
    throw;
  }
}

bool extract_element(Matrix &A, int64_t i, int64_t j, const Type &xtype, void *x) {
  check_position(A, i, j);
  check_domain(xtype, *A.type, "the collection's value into x");
  const Csr &a = A.ready();
  const int64_t k = a.find(i, j);
  if (k < 0) return false;
  make_cast(xtype, *a.type)(x, a.val(k));
  return true;
}

void resize(Matrix &A, int64_t nrows, int64_t ncols) {
  const Csr &a = A.ready();
  Csr r(nrows, ncols, *A.type);
  r.p.clear();
  r.p.push_back(0);
  for (int64_t i = 0; i < nrows; ++i) {
    if (i < a.nrows)
      for (int64_t k = a.row_begin(i); k < a.row_end(i) && a.j[size_t(k)] < ncols; ++k) r.push(a.j[size_t(k)], a.val(k));
    r.end_row();
  }
  A.data = Csr(nrows, ncols, *A.type);
  A.assign(std::move(r));
}

}  // namespace weft
