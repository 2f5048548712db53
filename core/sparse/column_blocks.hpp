// Column blocks of a CSR matrix, for cache-blocked dot products (kernels::dots).
//
// A pull (mxv, vxm: a dot product of each row with a dense u) fetches u(k) at the row's
// column indices: on a large matrix with scattered columns every term is a random read
// of u from L3 or memory. Split into blocks of `width` columns, the same sums can run
// block by block: each block's part of u stays in L2 while every row's terms in that
// block are added. A row's entries are sorted by column, so its entries in one block are
// one contiguous range of the row: a segment. The blocks hold their own copy of the
// entries, block after block (each block's segments by row, each segment's entries in
// column order), so that a block's sweep streams its own arrays instead of revisiting
// every row of the matrix. The sums keep their order (a row's segments come block after
// block, each left to right), so the results are the same bit for bit.
#pragma once
#include <cstdint>
#include <vector>

#include "csr.hpp"
#include "../support/block_pool.hpp"

namespace weft {

struct ColumnBlocks {
  // Pool arrays, not zero-filled: the blocks are a copy the size of the matrix, made in one
  // call; value-initialised std::vectors wrote every byte of it twice (zeros, then the
  // copy) and faulted fresh pages in each time a new matrix was blocked.
  template <class T>
  using Array = std::vector<T, PoolAllocator<T>>;
  static constexpr uint32_t kFirst = uint32_t(1) << 31;  // in row[]: the row's first segment
  int64_t width = 0;             // columns per block
  int64_t nblocks = 0;
  Array<int64_t> first;          // block b's segments are [first[b], first[b + 1])
  Array<uint32_t> row;           // a segment's row (below 2^31), or'ed with kFirst
  Array<int64_t> end;            // where its entries end in col / val (they start where
                                 // the segment before ends; the first at 0)
  Array<uint32_t> col;           // the entries' columns, block after block
  Bytes val;                     // ... their values, when made with values
  bool has_values = false;
  // Segments of block b whose rows lie in [r0, r1).
  std::pair<int64_t, int64_t> rows_in(int64_t b, int64_t r0, int64_t r1) const;
  int64_t begin(int64_t s) const { return s == 0 ? 0 : end[size_t(s) - 1]; }
};

// The blocks of `width` columns of a (sorted rows), copying its values when asked.
// width: a power of two (column_block_width's; an entry's block is found by a shift).
// Memory: 12 bytes a segment and 4 (+ the value) an entry.
ColumnBlocks make_column_blocks(const Csr &a, int64_t width, bool with_values);

// The block width for u values of `esize` bytes: a block's part of u fills the 1 MiB L2.
// 0: blocks do not pay (u is less than 8 blocks, the matrix has fewer entries than
// columns, its rows have fewer than 8 entries in a block on average, estimated from a
// sample of rows, or rows do not fit in 31 bits). O(1) when u is small; else the sample
// costs up to 4096 rows' segments (binary searches), every call (Matrix::block_width
// remembers the answer for a matrix's unchanged contents).
int64_t column_block_width(const Csr &a, int64_t esize);

}  // namespace weft
