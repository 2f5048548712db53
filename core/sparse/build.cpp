// build: an empty collection filled from tuples. Values are cast to the domain (through
// dup's domain when there is a dup), sorted stably by position, and duplicates are
// folded left to right in the order given. Everything is checked before C changes.
#include <algorithm>
#include <cstring>
#include <numeric>
#include <type_traits>

#include "../support/error.hpp"
#include "compatible.hpp"
#include "operations.hpp"
#include "parallel.hpp"
#include "../expr/typed.hpp"

namespace weft {

namespace {

// The tuples in (row, column) order, ties in the order given (so duplicates fold left to
// right): row[q] and col[q] are the tuple's indices, and either val[q] its value's bytes
// (values of 1, 4 or 8 bytes, when asked for) or order[q] its position in I/J/X; the
// other is left empty. in_range: every index was found in range (else not checked).
struct SortedTuples {
  std::vector<int64_t> order, row, col;
  std::vector<uint64_t> val;
  bool in_range = false;
  // Tuple q's value as stored in X.
  const char *value(size_t q, const char *x, int64_t xstride) const {
    return val.empty() ? x + order[q] * xstride : reinterpret_cast<const char *>(&val[q]);
  }
};

// A stable counting sort by row, then a sort of each row by (column, position): O(n + nrows)
// plus the rows' own sorts, reading I and J once. A comparison sort of the whole when an
// index is out of range (build reports it once its API checks are done) or the row count
// dwarfs n (a hypersparse shape: the row counters would cost more than the tuples).
// With x and vbytes (1, 4 or 8), each value travels with its tuple through the sort, read
// once in X's order, and order is not made: fetched afterwards through order[q], every
// value was a cache miss (R-MAT 2^18, 8M tuples: 90% of the fold's time on that one load).
SortedTuples sort_tuples(const int64_t *I, const int64_t *J, int64_t n, int64_t nrows, int64_t ncols,
                         const char *x = nullptr, int vbytes = 0) {
  auto row_of = [&](int64_t k) { return I ? I[k] : 0; };
  auto value_of = [&](int64_t k) {  // (a fixed-size copy per size: no memcpy call)
    uint64_t v = 0;
    if (vbytes == 8) std::memcpy(&v, x + k * 8, 8);
    else if (vbytes == 4) std::memcpy(&v, x + k * 4, 4);
    else std::memcpy(&v, x + k, 1);
    return v;
  };
  const size_t nn = static_cast<size_t>(n);
  SortedTuples s{std::vector<int64_t>(nn), std::vector<int64_t>(nn), std::vector<int64_t>(nn), {}, false};
  // The tuples are split into nt equal ranges, each checked, counted and scattered by its
  // thread into positions of its own (range p's tuples of row r after range p - 1's; each
  // row is then sorted by column and position anyway). One thread did all three: R-MAT
  // 2^18's build (8M tuples) at 2 threads ran at 0.80 of SuiteSparse's speed, now 2.1-2.2
  // (with the values carried, below).
  // (Ranges only when the rows are no more than the tuples: each range keeps a counter
  // per row, and a shape of many more rows than tuples would multiply that memory.)
  const int nt = threads_for(n), nr = nrows <= n ? nt : 1;
  auto range = [&](int p) { return std::pair<int64_t, int64_t>{n / nr * p, p + 1 == nr ? n : n / nr * (p + 1)}; };
  std::vector<char> ok(size_t(nr), 1);
  if (nrows <= 4 * n + 1024) {
    run_parts(nr, [&](int p) {
      const auto [k0, k1] = range(p);
      bool fine = true;
      for (int64_t k = k0; k < k1; ++k) fine &= row_of(k) >= 0 && row_of(k) < nrows && J[k] >= 0 && J[k] < ncols;
      ok[size_t(p)] = fine;
    });
  }
  const bool in_range = nrows <= 4 * n + 1024 && std::all_of(ok.begin(), ok.end(), [](char c) { return c != 0; });
  if (!in_range) {
    std::iota(s.order.begin(), s.order.end(), 0);
    std::stable_sort(s.order.begin(), s.order.end(), [&](int64_t a, int64_t b) {
      return row_of(a) != row_of(b) ? row_of(a) < row_of(b) : J[a] < J[b];
    });
    for (size_t q = 0; q < nn; ++q) s.row[q] = row_of(s.order[q]), s.col[q] = J[s.order[q]];
    if (x) {
      s.val.resize(nn);
      for (size_t q = 0; q < nn; ++q) s.val[q] = value_of(s.order[q]);
      std::vector<int64_t>().swap(s.order);
    }
    return s;
  }
  s.in_range = true;
  // at[p][r]: range p's count of row r, then where its next tuple of row r goes.
  std::vector<std::vector<int64_t>> at(static_cast<size_t>(nr));
  run_parts(nr, [&](int p) {
    std::vector<int64_t> &c = at[size_t(p)];
    c.assign(size_t(nrows), 0);
    const auto [k0, k1] = range(p);
    for (int64_t k = k0; k < k1; ++k) ++c[size_t(row_of(k))];
  });
  std::vector<int64_t> next(static_cast<size_t>(nrows) + 1, 0);  // next[r]: the end of row r
  int64_t total = 0;
  for (int64_t r = 0; r < nrows; ++r) {
    for (int p = 0; p < nr; ++p) {
      const int64_t c = at[size_t(p)][size_t(r)];
      at[size_t(p)][size_t(r)] = total;
      total += c;
    }
    next[size_t(r)] = total;
  }
  // Each tuple lands at its slot q in its row with its position k or its value (`slotted`,
  // the final order or val's contents not yet in order); a row's slots are in k's order,
  // so sorting its keys by (column, slot) sorts by (column, position), and then each key
  // takes its slotted entry from within the row (in cache).
  struct Key {
    int64_t col, slot;
    bool operator<(const Key &o) const { return col != o.col ? col < o.col : slot < o.slot; }
  };
  std::vector<Key> keys(nn);
  std::vector<uint64_t> slotted(nn);
  run_parts(nr, [&](int p) {
    int64_t *to = at[size_t(p)].data();
    const auto [k0, k1] = range(p);
    for (int64_t k = k0; k < k1; ++k) {
      const int64_t r = row_of(k);
      const int64_t q = to[r]++;
      keys[size_t(q)] = Key{J[k], q};
      slotted[size_t(q)] = x ? value_of(k) : uint64_t(k);
      s.row[size_t(q)] = r;
    }
  });
  if (x) {
    s.val.resize(nn);
    std::vector<int64_t>().swap(s.order);
  }
  // Rows are sorted independently (most are short), in ranges of rows split across
  // threads by their entries, and their tuples' positions and values follow.
  const auto parts = balanced_ranges(nrows, nt, [&](int64_t r) { return (r == 0 ? 0 : next[size_t(r) - 1]) + r; });
  run_parts(nt, [&](int part) {
    for (int64_t r = parts[size_t(part)]; r < parts[size_t(part) + 1]; ++r) {
      const int64_t begin = r == 0 ? 0 : next[size_t(r) - 1], end = next[size_t(r)];
      if (end - begin > 1) std::sort(keys.begin() + begin, keys.begin() + end);
      for (int64_t q = begin; q < end; ++q) {
        const Key &key = keys[size_t(q)];
        s.col[size_t(q)] = key.col;
        if (x) s.val[size_t(q)] = slotted[size_t(key.slot)];
        else s.order[size_t(q)] = int64_t(slotted[size_t(key.slot)]);
      }
    }
  });
  return s;
}

// The duplicate operators folded with their functor inlined when X, dup and the output
// share its domain: X(opcode, domain); without dup, any domain of 1, 4 or 8 bytes whose
// X already has the output's domain is copied as words.
#define WEFT_FAST_BUILD(X) X(PLUS, FP64) X(PLUS, INT64) X(PLUS, FP32) X(PLUS, INT32) X(FIRST, FP64) X(SECOND, FP64)

// T's entries from the sorted tuples, duplicates folded left to right with Op (None:
// there are none), values moved as V.
struct None {};
template <class V, class Op>
void fold_typed(const SortedTuples &s, const char *x, int64_t n, Csr &T) {
  auto value = [&](size_t q) { return expr::load<V>(s.value(q, x, int64_t(sizeof(V)))); };
  for (size_t q = 0; q < size_t(n);) {
    const int64_t r = s.row[q], col = s.col[q];
    V acc = value(q);
    if constexpr (std::is_same_v<Op, None>) {
      ++q;
    } else {
      for (++q; q < size_t(n) && s.row[q] == r && s.col[q] == col; ++q) acc = Op::f(acc, value(q));
    }
    T.push_value(col, acc);
    ++T.p[size_t(r) + 1];
  }
}

// fold_typed when it computes what the generic fold would; false: nothing done.
bool build_typed(const SortedTuples &s, const char *x, const Type &xtype, const BinaryOp *dup, int64_t n, Csr &T) {
  const Code c = T.code;
  if (c == Code::UDT || code_of(xtype) != c) return false;
  if (!dup) {
    switch (T.esize) {
      case 8: fold_typed<uint64_t, None>(s, x, n, T); return true;
      case 4: fold_typed<uint32_t, None>(s, x, n, T); return true;
      case 1: fold_typed<uint8_t, None>(s, x, n, T); return true;
      default: return false;
    }
  }
  if (dup->xcode != c || dup->ycode != c || dup->zcode != c) return false;
#define WEFT_FAST_(name, type)                                                    \
  if (dup->opcode == OpCode::name && c == Code::type) {                           \
    fold_typed<ctype_t<Code::type>, ops::functor_t<OpCode::name>>(s, x, n, T);   \
    return true;                                                                  \
  }
  WEFT_FAST_BUILD(WEFT_FAST_)
#undef WEFT_FAST_
  return false;
}

// Whether the tuples are already in strictly increasing (row, column) order with every
// index in range: a CSR walk or an export, the common input. Such tuples need no sort
// and have no duplicates.
bool in_order(const int64_t *I, const int64_t *J, int64_t n, int64_t nrows, int64_t ncols) {
  int64_t pi = -1, pj = -1;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t i = I ? I[k] : 0, j = J[k];
    if (i < pi || (i == pi && j <= pj) || i >= nrows || j < 0 || j >= ncols) return false;
    pi = i, pj = j;
  }
  return true;
}

// T from tuples in order (in_order): the indices copied, the values cast X -> vtype ->
// C's domain (copied when all three are one predefined domain).
void build_in_order(const int64_t *I, const int64_t *J, const char *x, const Type &xtype, const Type &vtype,
                    int64_t n, Csr &T) {
  T.p.assign(size_t(T.nrows) + 1, 0);
  for (int64_t k = 0; k < n; ++k) ++T.p[size_t(I ? I[k] : 0) + 1];
  for (int64_t r = 0; r < T.nrows; ++r) T.p[size_t(r) + 1] += T.p[size_t(r)];
  T.j.assign(J, J + n);
  T.x.resize(size_t(n) * size_t(T.esize));
  if (T.code != Code::UDT && code_of(xtype) == T.code && code_of(vtype) == T.code) {
    if (n) std::memcpy(T.x.data(), x, size_t(n) * size_t(T.esize));
    return;
  }
  const int64_t xstride = element_size(xtype);
  const Cast in = make_cast(vtype, xtype), out = make_cast(*T.type, vtype);
  expr::Element acc(&vtype);
  for (int64_t k = 0; k < n; ++k) {
    in(acc.get(), x + k * xstride);
    out(T.val(k), acc.get());
  }
}

}  // namespace

void build(Matrix &C, const int64_t *I, const int64_t *J, const void *X, const Type &xtype, int64_t n,
           const BinaryOp *dup) {
  if (C.ready().nvals() != 0) fail(WEFT_OUTPUT_NOT_EMPTY, "the output already has entries");
  const Type &vtype = dup ? *dup->ztype : *C.type;  // the domain values are combined in
  if (dup) {
    if (!compatible(*dup->xtype, *dup->ztype) || !compatible(*dup->ytype, *dup->ztype) ||
        code_of(*dup->xtype) != code_of(*dup->ztype) || code_of(*dup->ytype) != code_of(*dup->ztype))
      fail(WEFT_DOMAIN_MISMATCH, "dup's three domains must be the same");
    check_domain(*C.type, *dup->ztype, "dup's output into the output");
  }
  check_domain(vtype, xtype, "X into the output");
  const int64_t nrows = C.nrows(), ncols = C.ncols();
  if (in_order(I, J, n, nrows, ncols)) {
    Csr T(nrows, ncols, *C.type);
    build_in_order(I, J, static_cast<const char *>(X), xtype, vtype, n, T);
    set_iso_if_same(T);
    C.assign(std::move(T));
    return;
  }
  // X's values travel with the sort when they are words of 1, 4 or 8 bytes (any domain:
  // both folds then read a tuple's bytes through SortedTuples::value).
  const int64_t xbytes = element_size(xtype);
  const bool carry = xbytes == 1 || xbytes == 4 || xbytes == 8;
  const SortedTuples s = sort_tuples(I, J, n, nrows, ncols, carry ? static_cast<const char *>(X) : nullptr,
                                     carry ? int(xbytes) : 0);
  const bool vector = C.magic == Magic::vector;
  if (!dup)
    for (size_t q = 1; q < size_t(n); ++q)
      if (s.row[q] == s.row[q - 1] && s.col[q] == s.col[q - 1]) {
        if (vector) fail(WEFT_INVALID_VALUE, "index %lld appears twice and dup is NULL", (long long)s.col[q]);
        fail(WEFT_INVALID_VALUE, "(%lld, %lld) appears twice and dup is NULL", (long long)s.row[q],
             (long long)s.col[q]);
      }
  // Out-of-bounds indices are an execution error: reported after the API errors above.
  for (int64_t k = 0; k < n && !s.in_range; ++k) {
    const int64_t i = I ? I[k] : 0, j = J[k];
    if (i < 0 || i >= nrows || j < 0 || j >= ncols) {
      if (vector)
        fail(WEFT_INDEX_OUT_OF_BOUNDS, "I[%lld] = %lld is outside [0, %lld)", (long long)k, (long long)j, (long long)ncols);
      fail(WEFT_INDEX_OUT_OF_BOUNDS, "tuple %lld: (%lld, %lld) is outside %lld x %lld", (long long)k, (long long)i,
           (long long)j, (long long)nrows, (long long)ncols);
    }
  }
  const int64_t xstride = element_size(xtype);
  const Cast in = make_cast(vtype, xtype), out = make_cast(*C.type, vtype);
  expr::Element acc(&vtype), next(&vtype), v(C.type.get());
  Csr T(nrows, ncols, *C.type);
  T.p.assign(size_t(nrows) + 1, 0);
  T.j.reserve(size_t(n));
  T.x.reserve(size_t(n) * size_t(T.esize));
  const char *x = static_cast<const char *>(X);
  if (!build_typed(s, x, xtype, dup, n, T))
    for (size_t q = 0; q < size_t(n);) {
      const int64_t r = s.row[q], col = s.col[q];
      in(acc.get(), s.value(q, x, xstride));
      for (++q; q < size_t(n) && s.row[q] == r && s.col[q] == col; ++q) {
        in(next.get(), s.value(q, x, xstride));
        dup->f(acc.get(), acc.get(), next.get());
      }
      out(v.get(), acc.get());
      T.push(col, v.get());
      ++T.p[size_t(r) + 1];
    }
  for (int64_t r = 0; r < nrows; ++r) T.p[size_t(r) + 1] += T.p[size_t(r)];
  set_iso_if_same(T);  // (stored once: SuiteSparse's iso build)
  C.assign(std::move(T));
}

}  // namespace weft
