// Column blocks (column_blocks.hpp): two passes over the rows, counting then filling.
#include "column_blocks.hpp"

#include <algorithm>
#include <cstring>

namespace weft {

std::pair<int64_t, int64_t> ColumnBlocks::rows_in(int64_t b, int64_t r0, int64_t r1) const {
  const uint32_t *R = row.data();
  const int64_t a = first[size_t(b)], e = first[size_t(b) + 1];
  auto before = [](uint32_t x, int64_t v) { return int64_t(x & ~kFirst) < v; };
  const int64_t lo = std::lower_bound(R + a, R + e, r0, before) - R;
  const int64_t hi = std::lower_bound(R + lo, R + e, r1, before) - R;
  return {lo, hi};
}

// Entries per segment in blocks of `width` columns, estimated from up to kSampleRows rows
// spread evenly over a (a sample's hub rows are rare, so the estimate errs low: toward
// the plain pull). A row's segments are found by search, so a long row costs its
// segments, not its entries: O(kSampleRows * blocks * log) at most.
double entries_per_segment(const Csr &a, int64_t width) {
  constexpr int64_t kSampleRows = 4096;
  const int64_t step = std::max<int64_t>(a.nrows / kSampleRows, 1);
  const int64_t *J = a.j.data();
  int64_t entries = 0, segments = 0;
  for (int64_t i = 0; i < a.nrows; i += step) {
    const int64_t *q = J + a.row_begin(i), *e = J + a.row_end(i);
    entries += e - q;
    for (; q < e; ++segments) q = std::lower_bound(q, e, (*q / width + 1) * width);
  }
  return segments ? double(entries) / double(segments) : 0;
}

int64_t column_block_width(const Csr &a, int64_t esize) {
  // A block's part of u fills the 1 MiB L2: measured (bench_sparse mxv, R-MAT 2^20, 1 and
  // 2 threads), blocks of 1 MiB of FP64 (8 blocks) took 49-55 ms where blocks of 512 KiB
  // (16, about 1.5 times the segments) took 58-71, 768 KiB 54-69 (at 2 threads 28-29
  // against 34-36 ms).
  const int64_t l2 = int64_t(1) << 20;
  const int64_t width = std::max<int64_t>(l2 / std::max<int64_t>(esize, 1), 1024);
  // u at least 8 blocks (8 MiB of FP64): measured (bench_sparse mxv, 1 thread), blocks of
  // a 2^18-column u (2 MiB, in L3) cost 10% more than the plain pull on uniform graphs; at
  // 2^20 columns they gained 28% on PageRank's R-MAT.
  if (a.ncols < 8 * width || a.nrows >= (int64_t(1) << 31) || a.nvals() < a.ncols) return 0;
  // Each segment costs its row's sum read and written and 12 bytes of its own, and saves
  // nothing: blocks pay where rows have several entries in a block. Uniform 2^20 (2.3
  // entries a segment) took 60 ms in blocks against 34-40 ms plain; R-MAT 2^20 (11) 52
  // against 65.
  if (entries_per_segment(a, width) < 4) return 0;
  return width;
}

ColumnBlocks make_column_blocks(const Csr &a, int64_t width, bool with_values) {
  ColumnBlocks cb;
  cb.width = width;
  cb.nblocks = (a.ncols + width - 1) / width;
  cb.has_values = with_values;
  const int64_t *J = a.j.data();
  // Each row's segments: where its entries cross into the next block.
  auto segments = [&](int64_t i, auto &&f) {
    for (int64_t q = a.row_begin(i), end = a.row_end(i); q < end;) {
      const int64_t b = J[q] / width;
      const int64_t e = std::lower_bound(J + q, J + end, (b + 1) * width) - J;
      f(b, q, e);
      q = e;
    }
  };
  // Segments and entries per block, then where each block's start.
  std::vector<int64_t> nseg(size_t(cb.nblocks) + 1, 0), nent(size_t(cb.nblocks) + 1, 0);
  for (int64_t i = 0; i < a.nrows; ++i)
    segments(i, [&](int64_t b, int64_t q, int64_t e) { ++nseg[size_t(b) + 1], nent[size_t(b) + 1] += e - q; });
  for (int64_t b = 0; b < cb.nblocks; ++b) nseg[size_t(b) + 1] += nseg[size_t(b)], nent[size_t(b) + 1] += nent[size_t(b)];
  cb.first = nseg;
  cb.row.resize(size_t(nseg.back()));
  cb.end.resize(size_t(nseg.back()));
  cb.col.resize(size_t(nent.back()));
  const size_t es = size_t(a.esize);
  if (with_values) cb.val.resize(size_t(nent.back()) * es);
  std::vector<int64_t> seg(nseg.begin(), nseg.end() - 1), ent(nent.begin(), nent.end() - 1);
  for (int64_t i = 0; i < a.nrows; ++i) {
    const int64_t row_start = a.row_begin(i);
    segments(i, [&](int64_t b, int64_t q, int64_t e) {
      const size_t s = size_t(seg[size_t(b)]++);
      int64_t &at = ent[size_t(b)];
      cb.row[s] = uint32_t(i) | (q == row_start ? ColumnBlocks::kFirst : 0);
      for (int64_t k = q; k < e; ++k) cb.col[size_t(at + k - q)] = uint32_t(J[k]);
      if (with_values) std::memcpy(cb.val.data() + size_t(at) * es, a.val(q), size_t(e - q) * es);
      at += e - q;
      cb.end[s] = at;
    });
  }
  return cb;
}

}  // namespace weft
