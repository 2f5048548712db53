// CSR storage: construction, lookup, invariants, transpose (csr.hpp).
#include "csr.hpp"

#include <unistd.h>

#include <algorithm>

#include "../support/error.hpp"

namespace weft {

namespace {
// Row pointers cost 8 bytes per row whatever the entries (hypersparse storage, which
// does not, comes with the kernels issue). A shape whose pointers would not fit in this
// machine's memory is refused as out of memory up front: allocating them would either
// fail late or, with overcommit, be killed while zero-filling.
int64_t row_pointers_for(int64_t nrows) {
  static const int64_t limit = [] {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? int64_t(pages) * int64_t(page) / 2 : int64_t(1) << 34;
  }();
  if (nrows >= limit / 8)
    fail(WEFT_OUT_OF_MEMORY, "%lld rows need %lld bytes of row pointers (more than half this machine's memory)",
         (long long)nrows, (long long)(nrows + 1) * 8);
  return nrows + 1;
}
}  // namespace

Csr::Csr(int64_t nr, int64_t nc, const Type &t)
    : nrows(nr), ncols(nc), type(&t), code(code_of(t)), esize(element_size(t)),
      p(size_t(row_pointers_for(nr)), 0) {}

int64_t Csr::find(int64_t i, int64_t jj) const {
  auto b = j.begin() + p[size_t(i)], e = j.begin() + p[size_t(i) + 1];
  auto it = std::lower_bound(b, e, jj);
  return (it != e && *it == jj) ? int64_t(it - j.begin()) : -1;
}

void Csr::clear() {
  std::fill(p.begin(), p.end(), 0);
  j.clear();
  x.clear();
}

void Csr::reset(int64_t nr, int64_t nc) {
  p.assign(size_t(row_pointers_for(nr)), 0);
  nrows = nr;
  ncols = nc;
  j.clear();
  x.clear();
}

void check_invariants(const Csr &a) {
  if (int64_t(a.p.size()) != a.nrows + 1) fail(WEFT_PANIC, "csr: %zu row pointers for %lld rows", a.p.size(), (long long)a.nrows);
  if (a.p[0] != 0) fail(WEFT_PANIC, "csr: p[0] = %lld", (long long)a.p[0]);
  if (a.p.back() != a.nvals()) fail(WEFT_PANIC, "csr: p[nrows] = %lld, nvals %lld", (long long)a.p.back(), (long long)a.nvals());
  if (int64_t(a.x.size()) != a.nvals() * a.esize) fail(WEFT_PANIC, "csr: %zu value bytes for %lld entries", a.x.size(), (long long)a.nvals());
  for (int64_t i = 0; i < a.nrows; ++i) {
    if (a.p[size_t(i) + 1] < a.p[size_t(i)]) fail(WEFT_PANIC, "csr: row %lld has negative length", (long long)i);
    for (int64_t k = a.p[size_t(i)]; k < a.p[size_t(i) + 1]; ++k) {
      if (a.j[size_t(k)] < 0 || a.j[size_t(k)] >= a.ncols) fail(WEFT_PANIC, "csr: column %lld out of range", (long long)a.j[size_t(k)]);
      if (k > a.p[size_t(i)] && a.j[size_t(k)] <= a.j[size_t(k) - 1]) fail(WEFT_PANIC, "csr: row %lld not strictly sorted", (long long)i);
    }
  }
}

Csr transpose_csr(const Csr &a) {
  Csr t(a.ncols, a.nrows, *a.type);
  const int64_t n = a.nvals();
  t.j.resize(size_t(n));
  t.x.resize(size_t(n * a.esize));
  // Counting sort by column: rows come out in increasing order within each column.
  for (int64_t k = 0; k < n; ++k) t.p[size_t(a.j[size_t(k)]) + 1]++;
  for (int64_t c = 0; c < a.ncols; ++c) t.p[size_t(c) + 1] += t.p[size_t(c)];
  std::vector<int64_t> next(t.p.begin(), t.p.end() - 1);
  for (int64_t i = 0; i < a.nrows; ++i)
    for (int64_t k = a.p[size_t(i)]; k < a.p[size_t(i) + 1]; ++k) {
      int64_t at = next[size_t(a.j[size_t(k)])]++;
      t.j[size_t(at)] = i;
      if (a.esize) std::memcpy(t.val(at), a.val(k), size_t(a.esize));
    }
  return t;
}

}  // namespace weft
