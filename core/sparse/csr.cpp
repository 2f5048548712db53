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

namespace {
// The scatter of transpose_csr with values moved as W (a type of their size). Raw
// pointers in locals: stores through the value pointer could alias the vectors' own.
template <class W>
void scatter_transposed(const Csr &a, int64_t *next, int64_t *tj, char *tx) {
  const int64_t *ap = a.p.data(), *aj = a.j.data();
  const char *ax = a.x.data();
  for (int64_t i = 0; i < a.nrows; ++i)
    for (int64_t k = ap[i], end = ap[i + 1]; k < end; ++k) {
      const int64_t at = next[aj[k]]++;
      tj[at] = i;
      std::memcpy(tx + at * int64_t(sizeof(W)), ax + k * int64_t(sizeof(W)), sizeof(W));
    }
}

// The same for large matrices, in two passes so that no pass writes all over memory:
// entries are first appended to one of at most 256 column blocks (256 sequential write
// streams), then each block, whose part of the output is contiguous and small, is
// scattered from its sequential copy. Same result (rows increasing within a column).
template <class W>
void scatter_transposed_blocked(const Csr &a, const int64_t *tp, int64_t *tj, char *tx) {
  struct Entry {
    int64_t col, row;
    W v;
  };
  int shift = 0;
  while ((a.ncols >> shift) > 256) ++shift;
  const int64_t nblocks = (a.ncols >> shift) + 1;
  std::vector<int64_t> bnext(static_cast<size_t>(nblocks));
  for (int64_t b = 0; b < nblocks; ++b) bnext[size_t(b)] = tp[std::min(b << shift, a.ncols)];
  // The staging copy is as large as the output: from the block pool and not zero-filled
  // (a std::vector was fresh pages, faulted in and cleared, on every call).
  const size_t tmp_bytes = size_t(a.nvals()) * sizeof(Entry);
  std::unique_ptr<void, PoolDeleter> tmp(pool_allocate(tmp_bytes), PoolDeleter{tmp_bytes});
  const int64_t *ap = a.p.data(), *aj = a.j.data();
  const char *ax = a.x.data();
  Entry *e = static_cast<Entry *>(tmp.get());
  int64_t *bn = bnext.data();
  for (int64_t i = 0; i < a.nrows; ++i)
    for (int64_t k = ap[i], end = ap[i + 1]; k < end; ++k) {
      Entry &d = e[bn[aj[k] >> shift]++];
      d.col = aj[k];
      d.row = i;
      std::memcpy(&d.v, ax + k * int64_t(sizeof(W)), sizeof(W));
    }
  std::vector<int64_t> next(tp, tp + a.ncols);
  int64_t *nx = next.data();
  for (int64_t q = 0, n = a.nvals(); q < n; ++q) {
    const int64_t at = nx[e[q].col]++;
    tj[at] = e[q].row;
    std::memcpy(tx + at * int64_t(sizeof(W)), &e[q].v, sizeof(W));
  }
}

template <class W>
void transpose_values(const Csr &a, Csr &t) {
  if (a.nvals() >= (int64_t(1) << 18) && a.ncols > 4096) {
    scatter_transposed_blocked<W>(a, t.p.data(), t.j.data(), t.x.data());
  } else {
    std::vector<int64_t> next(t.p.begin(), t.p.end() - 1);
    scatter_transposed<W>(a, next.data(), t.j.data(), t.x.data());
  }
}
}  // namespace

Csr transpose_csr(const Csr &a) {
  Csr t(a.ncols, a.nrows, *a.type);
  const int64_t n = a.nvals();
  t.j.resize(size_t(n));
  t.x.resize(size_t(n * a.esize));
  // Counting sort by column: rows come out in increasing order within each column.
  for (int64_t k = 0; k < n; ++k) t.p[size_t(a.j[size_t(k)]) + 1]++;
  for (int64_t c = 0; c < a.ncols; ++c) t.p[size_t(c) + 1] += t.p[size_t(c)];
  switch (a.esize) {
    case 8: transpose_values<uint64_t>(a, t); break;
    case 4: transpose_values<uint32_t>(a, t); break;
    case 1: transpose_values<uint8_t>(a, t); break;
    default: {
      std::vector<int64_t> next(t.p.begin(), t.p.end() - 1);
      const int64_t es = a.esize;
      for (int64_t i = 0; i < a.nrows; ++i)
        for (int64_t k = a.p[size_t(i)]; k < a.p[size_t(i) + 1]; ++k) {
          const int64_t at = next[size_t(a.j[size_t(k)])]++;
          t.j[size_t(at)] = i;
          if (es) std::memcpy(t.val(at), a.val(k), size_t(es));
        }
    }
  }
  return t;
}

int64_t sort_rows_by_column(const Indices &p, Indices &j, std::vector<int64_t> &src) {
  std::vector<std::pair<int64_t, int64_t>> row;
  const int64_t nrows = int64_t(p.size()) - 1;
  for (int64_t i = 0; i < nrows; ++i) {
    const int64_t b = p[size_t(i)], e = p[size_t(i) + 1];
    bool sorted = true;
    for (int64_t q = b + 1; q < e && sorted; ++q) sorted = j[size_t(q)] > j[size_t(q - 1)];
    if (sorted) continue;
    row.clear();
    for (int64_t q = b; q < e; ++q) row.emplace_back(j[size_t(q)], src[size_t(q)]);
    std::sort(row.begin(), row.end());
    for (int64_t q = b; q < e; ++q) {
      j[size_t(q)] = row[size_t(q - b)].first;
      src[size_t(q)] = row[size_t(q - b)].second;
    }
    for (int64_t q = b + 1; q < e; ++q)
      if (j[size_t(q)] == j[size_t(q - 1)]) return q;
  }
  return -1;
}

}  // namespace weft
