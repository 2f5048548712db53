// Compressed sparse rows: the one storage format of part 1 (hypersparse, bitmap, full
// and 32-bit indices come with the kernels issue). Invariants (check_invariants):
//   p has nrows+1 entries, p[0] = 0, non-decreasing, p[nrows] = nvals;
//   each row's column indices j[p[i] .. p[i+1]) are strictly increasing and < ncols;
//   x holds nvals values of `esize` bytes each, value k at x + k*esize.
// A Csr is plain data: objects (Matrix) and intermediate results T both use it.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "../algebra/domains.hpp"

namespace weft {

struct Csr {
  int64_t nrows = 0, ncols = 0;
  const Type *type = nullptr;  // the values' domain (kept alive by whoever owns the Csr's type)
  Code code = Code::UDT;
  int64_t esize = 0;
  std::vector<int64_t> p{0};
  std::vector<int64_t> j;
  std::vector<char> x;

  Csr() = default;
  // An empty nrows x ncols matrix of domain t.
  Csr(int64_t nrows, int64_t ncols, const Type &t);

  int64_t nvals() const { return int64_t(j.size()); }
  char *val(int64_t k) { return x.data() + k * esize; }
  const char *val(int64_t k) const { return x.data() + k * esize; }
  int64_t row_begin(int64_t i) const { return p[size_t(i)]; }
  int64_t row_end(int64_t i) const { return p[size_t(i) + 1]; }
  // The position of (i, jj) in j/x, or -1 (binary search in row i).
  int64_t find(int64_t i, int64_t jj) const;
  // Appends an entry to the last row being built (see RowBuilder use in kernels).
  void push(int64_t jj, const void *value) {
    j.push_back(jj);
    size_t at = x.size();
    x.resize(at + size_t(esize));
    if (esize) std::memcpy(x.data() + at, value, size_t(esize));
  }
  // Closes row i (rows are built in order: after the last push of row i).
  void end_row() { p.push_back(int64_t(j.size())); }
  // Removes all entries, keeping the shape.
  void clear();
  // Sets an empty shape (p = nrows+1 zeros).
  void reset(int64_t nrows, int64_t ncols);
};

// Throws WEFT_PANIC naming the broken invariant (debug checks and tests).
void check_invariants(const Csr &a);

// A^T (values copied), O(nvals + nrows + ncols).
Csr transpose_csr(const Csr &a);

}  // namespace weft
