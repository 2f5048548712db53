// CSR storage: construction, lookup, invariants, transpose (csr.hpp).
#include "csr.hpp"

#include <algorithm>

#include "../support/error.hpp"

namespace weft {

Csr::Csr(int64_t nr, int64_t nc, const Type &t)
    : nrows(nr), ncols(nc), type(&t), code(code_of(t)), esize(element_size(t)), p(size_t(nr) + 1, 0) {}

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
  nrows = nr;
  ncols = nc;
  p.assign(size_t(nr) + 1, 0);
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
