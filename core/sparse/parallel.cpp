// Joining the pieces of a split operation (parallel.hpp).
#include "parallel.hpp"

#include <algorithm>
#include <cstring>

namespace weft {

namespace {

// Sizes out for the pieces' entries and copies them in order, a piece at a time by each
// of up to thread_count() threads (the pieces were usually computed by that many: the
// copy is split the same way); then per_piece(k, where piece k's entries start in out)
// in the same thread. out.p is the caller's to fill.
template <class PerPiece>
void copy_entries(std::vector<Csr> &pieces, Csr &out, PerPiece per_piece) {
  std::vector<int64_t> at(pieces.size() + 1, 0);
  for (size_t k = 0; k < pieces.size(); ++k) at[k + 1] = at[k] + pieces[k].nvals();
  out.j.resize(size_t(at.back()));
  out.x.resize(size_t(at.back() * out.esize));
  const int n = int(pieces.size());
  run_chunks(std::min(n, thread_count()), n, [&](int part) {
    const size_t k = size_t(part);
    const Csr &c = pieces[k];
    if (c.nvals()) {
      std::memcpy(out.j.data() + at[k], c.j.data(), size_t(c.nvals()) * sizeof(int64_t));
      std::memcpy(out.x.data() + at[k] * out.esize, c.x.data(), size_t(c.nvals() * out.esize));
    }
    per_piece(k, at[k]);
  });
}

}  // namespace

Csr join_rows(std::vector<Csr> &pieces, int64_t nrows, int64_t ncols, const Type &t) {
  if (pieces.size() == 1 && pieces[0].nrows == nrows) {
    Csr c = std::move(pieces[0]);
    c.ncols = ncols;
    return c;
  }
  Csr out(nrows, ncols, t);
  std::vector<int64_t> row(pieces.size() + 1, 0);  // the first row of each piece
  for (size_t k = 0; k < pieces.size(); ++k) row[k + 1] = row[k] + pieces[k].nrows;
  copy_entries(pieces, out, [&](size_t k, int64_t at) {
    const Csr &c = pieces[k];
    for (int64_t r = 0; r < c.nrows; ++r) out.p[size_t(row[k] + r) + 1] = at + c.p[size_t(r) + 1];
  });
  return out;
}

Csr join_columns(std::vector<Csr> &pieces, int64_t ncols, const Type &t) {
  if (pieces.size() == 1) {
    Csr c = std::move(pieces[0]);
    c.ncols = ncols;
    return c;
  }
  Csr out(1, ncols, t);
  copy_entries(pieces, out, [](size_t, int64_t) {});
  out.p[1] = out.nvals();
  return out;
}

}  // namespace weft
