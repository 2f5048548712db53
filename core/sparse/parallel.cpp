// Joining the pieces of a split operation (parallel.hpp).
#include "parallel.hpp"

#include <cstring>

namespace weft {

Csr join_rows(std::vector<Csr> &pieces, int64_t nrows, int64_t ncols, const Type &t) {
  if (pieces.size() == 1 && pieces[0].nrows == nrows) {
    Csr c = std::move(pieces[0]);
    c.ncols = ncols;
    return c;
  }
  Csr out(nrows, ncols, t);
  int64_t total = 0;
  for (const Csr &c : pieces) total += c.nvals();
  out.j.resize(size_t(total));
  out.x.resize(size_t(total * out.esize));
  int64_t row = 0, at = 0;
  for (const Csr &c : pieces) {
    for (int64_t r = 0; r < c.nrows; ++r) out.p[size_t(row + r) + 1] = at + c.p[size_t(r) + 1];
    if (c.nvals()) {
      std::memcpy(out.j.data() + at, c.j.data(), size_t(c.nvals()) * sizeof(int64_t));
      std::memcpy(out.x.data() + at * out.esize, c.x.data(), size_t(c.nvals() * out.esize));
    }
    at += c.nvals();
    row += c.nrows;
  }
  return out;
}

Csr join_columns(std::vector<Csr> &pieces, int64_t ncols, const Type &t) {
  if (pieces.size() == 1) {
    Csr c = std::move(pieces[0]);
    c.ncols = ncols;
    return c;
  }
  Csr out(1, ncols, t);
  int64_t total = 0;
  for (const Csr &c : pieces) total += c.nvals();
  out.j.resize(size_t(total));
  out.x.resize(size_t(total * out.esize));
  int64_t at = 0;
  for (const Csr &c : pieces) {
    if (c.nvals()) {
      std::memcpy(out.j.data() + at, c.j.data(), size_t(c.nvals()) * sizeof(int64_t));
      std::memcpy(out.x.data() + at * out.esize, c.x.data(), size_t(c.nvals() * out.esize));
    }
    at += c.nvals();
  }
  out.p[1] = total;
  return out;
}

}  // namespace weft
