// CSR storage: construction, lookup, invariants, transpose (csr.hpp).
#include "csr.hpp"

#include <unistd.h>

#include <algorithm>
#include <type_traits>

#include "../support/error.hpp"
#include "parallel.hpp"

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
  iso = false;
}

void Csr::reset(int64_t nr, int64_t nc) {
  p.assign(size_t(row_pointers_for(nr)), 0);
  nrows = nr;
  ncols = nc;
  j.clear();
  x.clear();
}

Csr share_structure(const Csr &a) {
  Csr c;
  c.nrows = a.nrows;
  c.ncols = a.ncols;
  c.type = a.type;
  c.code = a.code;
  c.esize = a.esize;
  c.p = a.p.share();
  c.j = a.j.share();
  c.x = a.x;
  c.iso = a.iso;
  return c;
}

namespace {
// Whether every value has the bytes of the first, compared as words of their size where
// they have one (a call to memcmp per value cost 1.5 ms on 1.8M values).
template <class W>
bool same_words(const char *x, int64_t n) {
  W first, v;
  std::memcpy(&first, x, sizeof(W));
  for (int64_t k = 1; k < n; ++k) {
    std::memcpy(&v, x + k * int64_t(sizeof(W)), sizeof(W));
    if (v != first) return false;
  }
  return true;
}
}  // namespace

bool all_values_same(const Csr &a) {
  const int64_t n = a.nvals();
  if (n < 2 || a.iso) return true;
  switch (a.esize) {
    case 8: return same_words<uint64_t>(a.x.data(), n);
    case 4: return same_words<uint32_t>(a.x.data(), n);
    case 2: return same_words<uint16_t>(a.x.data(), n);
    case 1: return same_words<uint8_t>(a.x.data(), n);
    default:
      for (int64_t k = 1; k < n; ++k)
        if (std::memcmp(a.val(k), a.val(0), size_t(a.esize)) != 0) return false;
      return true;
  }
}

void set_iso_if_same(Csr &t) {
  if (!t.iso && t.nvals() >= 2 && all_values_same(t)) set_iso(t, t.val(0));
}

void set_iso(Csr &t, const char *v) {
  Bytes one;
  one.assign(v, v + t.esize);  // (v may be one of t's values)
  t.x.swap(one);
  t.iso = true;
}

void expand_iso(Csr &t) {
  if (!t.iso) return;
  Bytes one;
  one.swap(t.x);
  t.iso = false;
  t.x.resize(size_t(t.nvals() * t.esize));
  fill_values(t, one.data());
}

void check_invariants(const Csr &a) {
  if (int64_t(a.p.size()) != a.nrows + 1) fail(WEFT_PANIC, "csr: %zu row pointers for %lld rows", a.p.size(), (long long)a.nrows);
  if (a.p[0] != 0) fail(WEFT_PANIC, "csr: p[0] = %lld", (long long)a.p[0]);
  if (a.p.back() != a.nvals()) fail(WEFT_PANIC, "csr: p[nrows] = %lld, nvals %lld", (long long)a.p.back(), (long long)a.nvals());
  if (a.iso) {
    if (int64_t(a.x.size()) != a.esize) fail(WEFT_PANIC, "csr: iso with %zu value bytes, not %lld", a.x.size(), (long long)a.esize);
  } else if (int64_t(a.x.size()) != a.nvals() * a.esize) fail(WEFT_PANIC, "csr: %zu value bytes for %lld entries", a.x.size(), (long long)a.nvals());
  for (int64_t i = 0; i < a.nrows; ++i) {
    if (a.p[size_t(i) + 1] < a.p[size_t(i)]) fail(WEFT_PANIC, "csr: row %lld has negative length", (long long)i);
    for (int64_t k = a.p[size_t(i)]; k < a.p[size_t(i) + 1]; ++k) {
      if (a.j[size_t(k)] < 0 || a.j[size_t(k)] >= a.ncols) fail(WEFT_PANIC, "csr: column %lld out of range", (long long)a.j[size_t(k)]);
      if (k > a.p[size_t(i)] && a.j[size_t(k)] <= a.j[size_t(k) - 1]) fail(WEFT_PANIC, "csr: row %lld not strictly sorted", (long long)i);
    }
  }
}

namespace {
// transpose_csr splits A's rows into parts, one per thread: each part counts its columns,
// and the counts' prefix over (column, part) gives every part its own run of positions in
// each column of T, after the parts of lower rows, so rows still increase within a column.
// A part then scatters its rows into its runs (`next`: its position in each column, advanced).
// Values are moved as W, a type of their size; W = void: not moved (iso: T's values are
// filled with the one value afterwards, a sequential pass instead of a scattered one).

// Moves value k of a to position `at` of t's values.
template <class W>
inline void move_value(char *tx, int64_t at, const char *ax, int64_t k) {
  if constexpr (!std::is_void_v<W>) std::memcpy(tx + at * int64_t(sizeof(W)), ax + k * int64_t(sizeof(W)), sizeof(W));
}

// The scatter of rows [r0, r1). Raw pointers in locals: stores through the value pointer
// could alias the vectors' own.
template <class W>
void scatter_transposed(const Csr &a, int64_t r0, int64_t r1, int64_t *next, int64_t *tj, char *tx) {
  const int64_t *ap = a.p.data(), *aj = a.j.data();
  const char *ax = a.x.data();
  for (int64_t i = r0; i < r1; ++i)
    for (int64_t k = ap[i], end = ap[i + 1]; k < end; ++k) {
      const int64_t at = next[aj[k]]++;
      tj[at] = i;
      move_value<W>(tx, at, ax, k);
    }
}

// Whether a part of `entries` entries is scattered through column blocks (below). Up to
// 2^16 columns the plain scatter's write streams still hit cache often enough that the
// staging pass costs more than it saves (transpose of 2^16-vertex graphs, 16 entries a row:
// uniform 8.5 -> 7.2 ms at 1 thread, 6.5 -> 3.7 at 2; at 2^17 blocked wins, 19 vs 35 ms).
bool blocked(int64_t entries, int64_t ncols) { return entries >= (int64_t(1) << 17) && ncols > 65536; }
// Columns c of a part's block c >> block_shift: at most 256 blocks.
int block_shift(int64_t ncols) {
  int shift = 0;
  while ((ncols >> shift) > 256) ++shift;
  return shift;
}

// A staged entry: 32-bit column and row numbers when they fit (half the staging traffic),
// and the value unless W is void.
template <class W, class I>
struct Staged {
  I col, row;
  W v;
};
template <class I>
struct Staged<void, I> {
  I col, row;
};

// The same as scatter_transposed for large parts, in two passes so that no pass writes
// all over memory: entries are first appended to their column block's run of a staging
// copy (at most 256 sequential write streams), then each block, whose part of the output
// is contiguous and small, is scattered from its run. Same result. `bstart`: each block's
// first staging position (the part's entries in lower blocks), advanced here.
template <class W, class I>
void scatter_transposed_blocked(const Csr &a, int64_t r0, int64_t r1, int64_t *next, int64_t *bstart, int64_t *tj,
                                char *tx) {
  using Entry = Staged<W, I>;
  const int shift = block_shift(a.ncols);
  const int64_t *ap = a.p.data(), *aj = a.j.data();
  // The staging copy is as large as the part's output: from the block pool and not
  // zero-filled (a std::vector was fresh pages, faulted in and cleared, on every call).
  const size_t tmp_bytes = size_t(ap[r1] - ap[r0]) * sizeof(Entry);
  std::unique_ptr<void, PoolDeleter> tmp(pool_allocate(tmp_bytes), PoolDeleter{tmp_bytes});
  const char *ax = a.x.data();
  Entry *e = static_cast<Entry *>(tmp.get());
  for (int64_t i = r0; i < r1; ++i)
    for (int64_t k = ap[i], end = ap[i + 1]; k < end; ++k) {
      Entry &d = e[bstart[aj[k] >> shift]++];
      d.col = I(aj[k]);
      d.row = I(i);
      if constexpr (!std::is_void_v<W>) std::memcpy(&d.v, ax + k * int64_t(sizeof(W)), sizeof(W));
    }
  for (int64_t q = 0, n = ap[r1] - ap[r0]; q < n; ++q) {
    const int64_t at = next[e[q].col]++;
    tj[at] = int64_t(e[q].row);
    if constexpr (!std::is_void_v<W>) std::memcpy(tx + at * int64_t(sizeof(W)), &e[q].v, sizeof(W));
  }
}

template <class W>
void transpose_values(const Csr &a, int64_t r0, int64_t r1, int64_t *next, int64_t *bstart, Csr &t) {
  if (bstart) {
    if (a.nrows <= INT32_MAX && a.ncols <= INT32_MAX)
      scatter_transposed_blocked<W, uint32_t>(a, r0, r1, next, bstart, t.j.data(), t.x.data());
    else
      scatter_transposed_blocked<W, int64_t>(a, r0, r1, next, bstart, t.j.data(), t.x.data());
  } else {
    scatter_transposed<W>(a, r0, r1, next, t.j.data(), t.x.data());
  }
}

// Rows [r0, r1) of a into t, any value size (none moved when iso).
void transpose_part(const Csr &a, bool iso, int64_t r0, int64_t r1, int64_t *next, int64_t *bstart, Csr &t) {
  switch (iso ? 0 : a.esize) {
    case 0: transpose_values<void>(a, r0, r1, next, bstart, t); break;
    case 8: transpose_values<uint64_t>(a, r0, r1, next, bstart, t); break;
    case 4: transpose_values<uint32_t>(a, r0, r1, next, bstart, t); break;
    case 1: transpose_values<uint8_t>(a, r0, r1, next, bstart, t); break;
    default: {
      const int64_t es = a.esize;
      for (int64_t i = r0; i < r1; ++i)
        for (int64_t k = a.p[size_t(i)]; k < a.p[size_t(i) + 1]; ++k) {
          const int64_t at = next[size_t(a.j[size_t(k)])]++;
          t.j[size_t(at)] = i;
          std::memcpy(t.val(at), a.val(k), size_t(es));
        }
    }
  }
}
}  // namespace

namespace {
// x[from, to) = v, values moved as W (a type of their size): a store each, not a call.
template <class W>
void fill_words(char *x, int64_t from, int64_t to, const char *v) {
  W w;
  std::memcpy(&w, v, sizeof(W));
  for (int64_t k = from; k < to; ++k) std::memcpy(x + k * int64_t(sizeof(W)), &w, sizeof(W));
}
}  // namespace

void fill_values(Csr &t, const char *v) {
  const int64_t n = t.nvals(), es = t.esize;
  const int nt = threads_for(n);
  const auto b = balanced_ranges(n, nt, [](int64_t k) { return k; });
  run_parts(nt, [&](int q) {
    const int64_t from = b[size_t(q)], to = b[size_t(q) + 1];
    switch (es) {
      case 8: fill_words<uint64_t>(t.x.data(), from, to, v); break;
      case 4: fill_words<uint32_t>(t.x.data(), from, to, v); break;
      case 1: fill_words<uint8_t>(t.x.data(), from, to, v); break;
      default:
        for (int64_t k = from; k < to; ++k) std::memcpy(t.val(k), v, size_t(es));
    }
  });
}

Csr transpose_csr(const Csr &a, bool iso) {
  Csr t(a.ncols, a.nrows, *a.type);
  const int64_t n = a.nvals(), ncols = a.ncols;
  iso = (iso || a.iso) && n > 0;
  t.j.resize(size_t(n));
  if (!a.iso) t.x.resize(size_t(n * a.esize));
  // Counting sort by column, the rows in parts (one per thread; each part's counts are
  // 8 bytes per column, so a wide matrix with few entries is not split).
  const int nt = ncols > n ? 1 : threads_for(n);
  const auto parts = balanced_ranges(a.nrows, nt, [&](int64_t r) { return a.p[size_t(r)] + r; });
  std::vector<int64_t> next(size_t(nt) * size_t(ncols), 0);  // part q's counts, then its positions
  run_parts(nt, [&](int q) {
    int64_t *count = next.data() + size_t(q) * size_t(ncols);
    for (int64_t k = a.p[size_t(parts[size_t(q)])]; k < a.p[size_t(parts[size_t(q) + 1])]; ++k) ++count[a.j[size_t(k)]];
  });
  // A blocked part's staging runs, from its column counts: block b's run starts after
  // the part's entries in lower blocks.
  const int shift = block_shift(ncols);
  const int64_t nblocks = (ncols >> shift) + 1;
  std::vector<int64_t> bstart;
  bool any_blocked = false;
  for (int q = 0; q < nt; ++q) any_blocked |= blocked(a.p[size_t(parts[size_t(q) + 1])] - a.p[size_t(parts[size_t(q)])], ncols);
  if (any_blocked) {
    bstart.assign(size_t(nt) * size_t(nblocks), 0);
    for (int q = 0; q < nt; ++q) {
      const int64_t *count = next.data() + size_t(q) * size_t(ncols);
      int64_t *start = bstart.data() + size_t(q) * size_t(nblocks), at = 0;
      for (int64_t c = 0; c < ncols; ++c) {
        if ((c & ((int64_t(1) << shift) - 1)) == 0) start[c >> shift] = at;
        at += count[c];
      }
    }
  }
  int64_t at = 0;
  for (int64_t c = 0; c < ncols; ++c) {
    t.p[size_t(c)] = at;
    for (int q = 0; q < nt; ++q) {
      int64_t &slot = next[size_t(q) * size_t(ncols) + size_t(c)];
      const int64_t count = slot;
      slot = at;
      at += count;
    }
  }
  t.p[size_t(ncols)] = at;
  run_parts(nt, [&](int q) {
    const int64_t r0 = parts[size_t(q)], r1 = parts[size_t(q) + 1];
    int64_t *start = blocked(a.p[size_t(r1)] - a.p[size_t(r0)], ncols) ? bstart.data() + size_t(q) * size_t(nblocks) : nullptr;
    transpose_part(a, iso, r0, r1, next.data() + size_t(q) * size_t(ncols), start, t);
  });
  if (a.iso) set_iso(t, a.val(0));
  else if (iso) fill_values(t, a.val(0));  // every value is a's first
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
