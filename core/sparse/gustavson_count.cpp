// Gustavson's symbolic phase (mxm_kernels.hpp, gustavson_count): how many entries each row
// of T = A * B keeps, so that the numeric phase writes every row once at its final place.
// Before it, each thread grew its own T by doubling and the pieces were then joined: on
// R-MAT's products (hundreds of millions of entries) the copies and the page faults of
// the regrown arrays were half of the time, and two threads gained nothing.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "mxm_kernels.hpp"

namespace weft::kernels {

void gustavson_count(const Csr &A, const Csr &B, const RowMask &mask, int64_t r0, int64_t r1, const Window &win,
                     int64_t *counts) {
  // mark[c]: a stamp per column instead of a state to clear after each row. Row r's
  // stamps are `admitted` (the mask's columns: admitted, or forbidden when complemented)
  // and `reached` = admitted + 1; anything below `admitted` is from an earlier row, so
  // untouched in this one.
  const bool hashed = hashes_rows(win.c1 - win.c0);  // (no marks then: column_hash.hpp)
  std::vector<uint32_t> marks(hashed ? 0 : size_t(B.ncols), 0);
  uint32_t *mark = marks.data();
  uint32_t admitted = 0;
  const bool only_mask = mask.restricts();
  ColumnHash hash;
  std::vector<uint8_t> kept;  // (hashed rows: hash_row's reached)
  const int64_t *Bp = B.p.data(), *Bj = B.j.data(), *Aj = A.j.data();
  const int64_t *Mj = mask.m ? mask.m->j.data() : nullptr;
  for (int64_t i = r0; i < r1; ++i) {
    int64_t n = 0;
    if (A.row_begin(i) == A.row_end(i)) {
      counts[i - r0] = 0;
      continue;
    }
    if (admitted >= std::numeric_limits<uint32_t>::max() - 2) {  // after 2^31 rows
      std::fill(marks.begin(), marks.end(), 0);
      admitted = 0;
    }
    if (hashed) {
      hash_row(A, B, mask, i, win, hash, kept, [](int64_t, int64_t, int64_t, bool) {});
      counts[i - r0] = std::count(kept.begin(), kept.end(), uint8_t(1));
      continue;
    }
    admitted += 2;
    const uint32_t reached = admitted + 1;
    if (mask.m) {
      const auto [mb, me] = mask_window(mask, i, win);
      for (int64_t q = mb; q < me; ++q)
        if (mask.set(q)) mark[Mj[q]] = admitted;
    }
    const int64_t ka_end = A.row_end(i), total = A.nvals();
    for (int64_t ka = A.row_begin(i); ka < ka_end; ++ka) {
      prefetch_rows(Bp, Bj, Aj, ka, total);
      const int64_t k = Aj[ka];
      const int64_t b = win.begin(Bj, Bp[k], Bp[k + 1]), e = win.end(Bj, b, Bp[k + 1]);
      if (only_mask) {
        for (int64_t kb = b; kb < e; ++kb) {
          uint32_t &m = mark[Bj[kb]];
          if (m == admitted) m = reached, ++n;
        }
      } else if (mask.m) {  // complemented: the mask's columns stay `admitted`, not counted
        for (int64_t kb = b; kb < e; ++kb) {
          uint32_t &m = mark[Bj[kb]];
          if (m < admitted) m = reached, ++n;
        }
      } else {  // no mask: no branch per product
        for (int64_t kb = b; kb < e; ++kb) {
          uint32_t &m = mark[Bj[kb]];
          n += m != reached;
          m = reached;
        }
      }
    }
    counts[i - r0] = n;
  }
}

}  // namespace weft::kernels
