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
  // Where each piece goes, then the pieces copied by as many threads (they were computed
  // by that many: the copy is split the same way).
  std::vector<int64_t> at(pieces.size() + 1, 0), row(pieces.size() + 1, 0);
  for (size_t k = 0; k < pieces.size(); ++k) {
    at[k + 1] = at[k] + pieces[k].nvals();
    row[k + 1] = row[k] + pieces[k].nrows;
  }
  out.j.resize(size_t(at.back()));
  out.x.resize(size_t(at.back() * out.esize));
  run_parts(int(pieces.size()), [&](int part) {
    const size_t k = size_t(part);
    const Csr &c = pieces[k];
    for (int64_t r = 0; r < c.nrows; ++r) out.p[size_t(row[k] + r) + 1] = at[k] + c.p[size_t(r) + 1];
    if (c.nvals()) {
      std::memcpy(out.j.data() + at[k], c.j.data(), size_t(c.nvals()) * sizeof(int64_t));
      std::memcpy(out.x.data() + at[k] * out.esize, c.x.data(), size_t(c.nvals() * out.esize));
    }
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
  std::vector<int64_t> at(pieces.size() + 1, 0);  // where each piece goes
  for (size_t k = 0; k < pieces.size(); ++k) at[k + 1] = at[k] + pieces[k].nvals();
  out.j.resize(size_t(at.back()));
  out.x.resize(size_t(at.back() * out.esize));
  run_parts(int(pieces.size()), [&](int part) {  // as join_rows
    const Csr &c = pieces[size_t(part)];
    if (c.nvals()) {
      std::memcpy(out.j.data() + at[size_t(part)], c.j.data(), size_t(c.nvals()) * sizeof(int64_t));
      std::memcpy(out.x.data() + at[size_t(part)] * out.esize, c.x.data(), size_t(c.nvals() * out.esize));
    }
  });
  out.p[1] = at.back();
  return out;
}

}  // namespace weft
