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
  // A power of two (make_column_blocks finds an entry's block by a shift): 1 MiB of u
  // for values of 1, 2, 4 or 8 bytes, 512 KiB to 1 MiB for others.
  const int64_t l2 = int64_t(1) << 20;
  int64_t width = 1024;
  while (width * 2 * std::max<int64_t>(esize, 1) <= l2) width *= 2;
  // u at least 8 blocks (8 MiB of FP64): measured (bench_sparse mxv, 1 thread), blocks of
  // a 2^18-column u (2 MiB, in L3) cost 10% more than the plain pull on uniform graphs; at
  // 2^20 columns they gained 28% on PageRank's R-MAT.
  if (a.ncols < 8 * width || a.nrows >= (int64_t(1) << 31) || a.nvals() < a.ncols) return 0;
  // Each segment costs its row's sum read and written and 12 bytes of its own, and saves
  // nothing: blocks pay where rows have several entries in a block. Uniform 2^20 (2.3
  // entries a segment) took 60 ms in blocks against 34-40 ms plain; R-MAT 2^20 (11) 52
  // against 65. The symmetric pattern of uniform 2^20 (connected components' S, 32 entries
  // a row, 4.3 a segment) took 80 ms a MIN_SECOND pull in blocks against 56-60 plain; that
  // of R-MAT 2^20 (11 a segment) 55-58 against 82-113 (2026-12-07, seventh session).
  if (entries_per_segment(a, width) < 8) return 0;
  return width;
}

ColumnBlocks make_column_blocks(const Csr &a, int64_t width, bool with_values) {
  ColumnBlocks cb;
  cb.width = width;
  cb.nblocks = (a.ncols + width - 1) / width;
  cb.has_values = with_values;
  int shift = 0;
  while ((int64_t(1) << shift) < width) ++shift;  // (width is a power of two)
  const int64_t *J = a.j.data(), *P = a.p.data();
  // Segments and entries per block, in one pass over the entries: a row's segment starts
  // where its entries cross into another block. (This was a binary search for each
  // segment's end, made in the count pass and again in the fill pass; with zero-filled
  // arrays it took 800-900 ms on uniform 2^20's 33M-entry symmetric pattern, now 230-500
  // ms, fresh pages included.)
  std::vector<int64_t> nseg(size_t(cb.nblocks) + 1, 0), nent(size_t(cb.nblocks) + 1, 0);
  for (int64_t i = 0; i < a.nrows; ++i) {
    int64_t prev = -1;
    for (int64_t q = P[i], end = P[i + 1]; q < end; ++q) {
      const int64_t b = J[q] >> shift;
      nseg[size_t(b) + 1] += b != prev;
      ++nent[size_t(b) + 1];
      prev = b;
    }
  }
  for (int64_t b = 0; b < cb.nblocks; ++b) nseg[size_t(b) + 1] += nseg[size_t(b)], nent[size_t(b) + 1] += nent[size_t(b)];
  cb.first.assign(nseg.begin(), nseg.end());
  cb.row.resize(size_t(nseg.back()));
  cb.end.resize(size_t(nseg.back()));
  cb.col.resize(size_t(nent.back()));
  const size_t es = size_t(a.esize);
  if (with_values) cb.val.resize(size_t(nent.back()) * es);
  // Then each entry to its block's next place, a segment's end written when the row moves
  // on to the next block (or ends).
  uint32_t *row = cb.row.data(), *col = cb.col.data();
  int64_t *send = cb.end.data();
  std::vector<int64_t> seg(nseg.begin(), nseg.end() - 1), ent(nent.begin(), nent.end() - 1);
  for (int64_t i = 0; i < a.nrows; ++i) {
    int64_t prev = -1, s = 0, q0 = P[i];
    auto close = [&](int64_t q) {
      int64_t &at = ent[size_t(prev)];
      if (with_values) std::memcpy(cb.val.data() + size_t(at) * es, a.val(q0), size_t(q - q0) * es);
      at += q - q0;
      send[s] = at;
    };
    for (int64_t q = P[i], end = P[i + 1]; q < end; ++q) {
      const int64_t b = J[q] >> shift;
      if (b != prev) {
        if (prev >= 0) close(q);
        s = seg[size_t(b)]++;
        row[s] = uint32_t(i) | (q == P[i] ? ColumnBlocks::kFirst : 0);
        prev = b, q0 = q;
      }
      col[ent[size_t(b)] + (q - q0)] = uint32_t(J[q]);
    }
    if (prev >= 0) close(P[i + 1]);
  }
  return cb;
}

}  // namespace weft
