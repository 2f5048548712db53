// Compressed sparse rows, with values one per entry or one for all (iso): weft's storage
// format. Kept beside it per object: a transpose, 32-bit copies of the column indices,
// column blocks (matrix.hpp); hypersparse, bitmap and full formats are not built (a
// full object is a Csr with every entry). Invariants (check_invariants):
//   p has nrows+1 entries, p[0] = 0, non-decreasing, p[nrows] = nvals;
//   each row's column indices j[p[i] .. p[i+1]) are strictly increasing and < ncols;
//   x holds nvals values of `esize` bytes each, value k at x + k*esize; or, when iso is
//   set, one value of esize bytes that every entry has (val(k) is x for every k).
// A Csr is plain data: objects (Matrix) and intermediate results T both use it. Its p and
// j may share their storage with another Csr's (indices.hpp, copy on write).
#pragma once
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "../algebra/domains.hpp"
#include "../support/block_pool.hpp"
#include "indices.hpp"

namespace weft {

// The values of a Csr: bytes that grow without being zero-filled first (std::vector<char>
// writes every new byte on resize, which was a third of the cost of appending an entry).
// Bytes past size() are uninitialised; whoever resizes writes them.
class Bytes {
 public:
  Bytes() = default;
  Bytes(const Bytes &o) { assign(o.data(), o.data() + o.size()); }
  Bytes(Bytes &&o) noexcept { swap(o); }
  Bytes &operator=(Bytes o) noexcept {
    swap(o);
    return *this;
  }
  ~Bytes() { pool_release(p_, cap_); }
  void swap(Bytes &o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    std::swap(cap_, o.cap_);
  }
  char *data() { return p_; }
  const char *data() const { return p_; }
  size_t size() const { return n_; }
  size_t capacity() const { return cap_; }
  bool empty() const { return n_ == 0; }
  void reserve(size_t n) {
    if (n > cap_) grow(n);
  }
  void resize(size_t n) {
    reserve(n);
    n_ = n;
  }
  void clear() { n_ = 0; }
  void assign(const char *b, const char *e) {
    resize(size_t(e - b));
    if (n_) std::memcpy(p_, b, n_);
  }
  // Appends one element of n bytes (the common sizes copied without a call). GCC's
  // -Warray-bounds sees the 8-byte case reachable from callers whose element is smaller
  // (it cannot tie n to the element's size) and warns falsely; silenced here only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
  [[gnu::always_inline]] void append(const void *v, size_t n) {
    if (n_ + n > cap_) grow(std::max(2 * cap_, std::max(n_ + n, size_t(64))));
    char *at = p_ + n_;
    switch (n) {
      case 8: std::memcpy(at, v, 8); break;
      case 4: std::memcpy(at, v, 4); break;
      case 1: std::memcpy(at, v, 1); break;
      default: if (n) std::memcpy(at, v, n);
    }
    n_ += n;
  }
#pragma GCC diagnostic pop
  // Appends one value of a type known at compile time. Typed kernels use it, not
  // append(&v, esize): a runtime-sized copy makes the compiler keep v in memory, and a
  // running sum kept in memory pays a store and a reload per term.
  template <class V>
  [[gnu::always_inline]] void append_value(V v) {
    if (n_ + sizeof(V) > cap_) grow(std::max(2 * cap_, std::max(n_ + sizeof(V), size_t(64))));
    std::memcpy(p_ + n_, &v, sizeof(V));
    n_ += sizeof(V);
  }

 private:
  void grow(size_t cap) {
    char *q = static_cast<char *>(pool_allocate(cap));
    if (n_) std::memcpy(q, p_, n_);
    pool_release(p_, cap_);
    p_ = q;
    cap_ = cap;
  }
  char *p_ = nullptr;
  size_t n_ = 0, cap_ = 0;
};

struct Csr {
  int64_t nrows = 0, ncols = 0;
  const Type *type = nullptr;  // the values' domain (kept alive by whoever owns the Csr's type)
  Code code = Code::UDT;
  int64_t esize = 0;
  Indices p{0};
  Indices j;
  Bytes x;
  // Every entry's value is the one value x holds (SuiteSparse's iso matrices): a pattern
  // of ones, a selection or transpose of one, stored in 8 bytes per entry instead of 16.
  // Only the code that says so handles an iso Csr (Matrix::stored); every other reader
  // gets the values one per entry (Matrix::ready expands them). Appending (push) to an
  // iso Csr is wrong: only whole results are made iso (set_iso).
  bool iso = false;

  Csr() = default;
  // An empty nrows x ncols matrix of domain t.
  Csr(int64_t nrows, int64_t ncols, const Type &t);

  int64_t nvals() const { return int64_t(j.size()); }
  char *val(int64_t k) { return x.data() + (iso ? 0 : k * esize); }
  const char *val(int64_t k) const { return x.data() + (iso ? 0 : k * esize); }
  int64_t row_begin(int64_t i) const { return p[size_t(i)]; }
  int64_t row_end(int64_t i) const { return p[size_t(i) + 1]; }
  // The position of (i, jj) in j/x, or -1 (binary search in row i).
  int64_t find(int64_t i, int64_t jj) const;
  // Appends an entry to the last row being built (see RowBuilder use in kernels).
  [[gnu::always_inline]] void push(int64_t jj, const void *value) {
    j.push_back(jj);
    x.append(value, size_t(esize));
  }
  // push for a value of V, esize == sizeof(V) (Bytes::append_value says why).
  template <class V>
  [[gnu::always_inline]] void push_value(int64_t jj, V value) {
    j.push_back(jj);
    x.append_value(value);
  }
  // Closes row i (rows are built in order: after the last push of row i).
  void end_row() { p.push_back(int64_t(j.size())); }
  // Removes all entries, keeping the shape.
  void clear();
  // Sets an empty shape (p = nrows+1 zeros).
  void reset(int64_t nrows, int64_t ncols);
};

// Whether a stores every position of its shape (row i's entries then at i * ncols on).
inline bool is_full(const Csr &a) {
  int64_t n = 0;
  return !__builtin_mul_overflow(a.nrows, a.ncols, &n) && a.nvals() == n;
}

// The first position in the sorted indices [at, end) holding c or more (end if none):
// doubling steps, then a binary search, so a step of one costs one comparison and a
// short list walked against a long one costs O(short * log long) in all.
inline const int64_t *seek_sorted(const int64_t *at, const int64_t *end, int64_t c) {
  if (at == end || *at >= c) return at;
  const int64_t *lo = at;  // *lo < c
  int64_t step = 1;
  while (step < end - lo && lo[step] < c) lo += step, step *= 2;
  return std::lower_bound(lo + 1, std::min(lo + step, end), c);
}

// Copies one element of es bytes: the common sizes inline (a memcpy of a size known only
// at run time is a call per element).
[[gnu::always_inline]] inline void copy_element(char *dst, const char *src, size_t es) {
  switch (es) {
    case 8: std::memcpy(dst, src, 8); break;
    case 4: std::memcpy(dst, src, 4); break;
    case 1: *dst = *src; break;
    case 2: std::memcpy(dst, src, 2); break;
    default: std::memcpy(dst, src, es);
  }
}

// Copies count elements of `size` bytes; short runs (a row's few entries) by a loop of
// words instead of a call.
inline void copy_run(void *to, const void *from, int64_t count, int64_t size) {
  if (size == 8 && count <= 16) {
    for (int64_t k = 0; k < count; ++k) std::memcpy(static_cast<char *>(to) + 8 * k, static_cast<const char *>(from) + 8 * k, 8);
  } else if (count > 0 && size > 0) {
    std::memcpy(to, from, size_t(count * size));
  }
}

// t's values become the one value *v (t.iso): the values t held are dropped.
void set_iso(Csr &t, const char *v);
// An iso t given one value per entry again, in place (nothing done when t is not iso).
void expand_iso(Csr &t);
// Whether every value of a has the same bytes (one scan, stopped at the first that differs).
bool all_values_same(const Csr &a);
// t made iso when it has two entries or more and all_values_same (a result whose values
// all came out equal: a pattern of ones built from tuples).
void set_iso_if_same(Csr &t);

// A copy of a whose row pointers and indices share a's (indices.hpp: copied only when one
// side changes them); the values copied (an iso a's one value: the copy is iso too).
Csr share_structure(const Csr &a);

// Throws WEFT_PANIC naming the broken invariant (debug checks and tests).
void check_invariants(const Csr &a);

// Every value of t (its x sized for its entries) set to *v, by the threads: the result of
// an operation on a matrix whose values are all the same, whose values were not moved.
void fill_values(Csr &t, const char *v);

// A^T (values copied), O(nvals + nrows + ncols). iso: every value of a is the same
// (Matrix::values_iso): only the pattern is moved, then the value written everywhere.
// An iso a (a.iso) gives an iso transpose: only the pattern is moved.
Csr transpose_csr(const Csr &a, bool iso = false);

// Rows grouped by p (entries of row i at [p[i], p[i+1])) whose column indices j may be
// out of order, each entry carrying src, the caller's position of it (import, the
// Matrix Market reader): sorts each row that is out of order by (column, src), so
// entries given twice stay in the caller's order. Returns the first repeated position
// found, as the index q of its second entry (its first is q - 1), or -1 when there is none
// (rows after a repeat are left unsorted: the caller fails).
int64_t sort_rows_by_column(const Indices &p, Indices &j, std::vector<int64_t> &src);

}  // namespace weft
