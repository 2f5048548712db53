// Matrix, Vector and Scalar objects: creation, copies, pending element updates.
#include "matrix.hpp"

#include "../lazy/queue.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <numeric>

namespace weft {

namespace {
template <class T>
T *make_collection(Type *t, int64_t nrows, int64_t ncols) {
  auto m = std::make_unique<T>();
  m->type = Ref<Type>(t);
  m->data = Csr(nrows, ncols, *t);
  return m.release();
}
}  // namespace

Matrix *make_matrix(Type *t, int64_t nrows, int64_t ncols) { return make_collection<Matrix>(t, nrows, ncols); }
Vector *make_vector(Type *t, int64_t n) { return make_collection<Vector>(t, 1, n); }
Scalar *make_scalar(Type *t) { return make_collection<Scalar>(t, 1, 1); }

Matrix *make_matrix(Type *t, Csr &&data) {
  auto m = std::make_unique<Matrix>();
  m->type = Ref<Type>(t);
  m->assign(std::move(data));
  return m.release();
}

Matrix *dup_matrix(Matrix &a) {
  const Csr &d = a.stored();  // (an iso object's copy is iso)
  std::unique_ptr<Matrix> m;
  if (a.magic == Magic::vector) m.reset(new Vector());
  else if (a.magic == Magic::scalar) m.reset(new Scalar());
  else m.reset(new Matrix());
  m->type = a.type;
  m->data = share_structure(d);
  return m.release();
}

const Csr &Matrix::transposed() {
  const Csr &a = ready();
  std::lock_guard<std::mutex> hold(transposed_lock_);
  if (!transposed_) transposed_ = std::make_shared<const Csr>(transpose_csr(a, iso_ == 1 || data.iso));  // (iso if known)
  return *transposed_;
}


bool Matrix::values_iso() {
  const Csr &a = stored();
  if (a.iso) return true;
  std::lock_guard<std::mutex> hold(transposed_lock_);
  if (iso_ < 0) {
    if (++iso_asked_ < 2) return false;
    iso_ = all_values_same(a) ? 1 : 0;
  }
  return iso_ == 1;
}

const uint32_t *Matrix::narrow_columns(bool tran) {
  const Csr &a = tran ? transposed() : stored();  // (indices only: an iso object as it is)
  std::lock_guard<std::mutex> hold(transposed_lock_);
  auto &kept = narrow_[tran];
  if (!kept) {
    if (a.ncols > (int64_t(1) << 32) || a.nvals() == 0 || ++narrow_asked_[tran] < 2) return nullptr;
    auto j = std::make_shared<std::vector<uint32_t, PoolAllocator<uint32_t>>>(a.j.size());
    for (size_t k = 0; k < a.j.size(); ++k) (*j)[k] = uint32_t(a.j[k]);
    kept = std::move(j);
  }
  return kept->data();
}

std::shared_ptr<const ColumnBlocks> Matrix::column_blocks(bool tran, int64_t esize, bool with_values) {
  const Csr &a = tran ? transposed() : with_values ? ready() : stored();
  std::lock_guard<std::mutex> hold(transposed_lock_);
  auto &kept = blocks_[tran];
  if (!kept || (with_values && !kept->has_values)) {  // (blocks without values: made again)
    const int64_t width = width_locked(a, tran, esize);
    // Made at the fifth pull that could use them: the blocks cost about two plain pulls to
    // make (a copy of the matrix, fresh pages) and save a third to a half of one, so a
    // matrix pulled a few times never pays for them: FastSV's 4 rounds on the symmetric
    // R-MAT 2^20 pattern made them at the second pull and spent 135-180 ms on a copy
    // used three times (connected components 0.74 of SuiteSparse's speed).
    if (width == 0 || (!kept && ++blocks_asked_[tran] < 5)) return nullptr;
    kept = std::make_shared<const ColumnBlocks>(make_column_blocks(a, width, with_values));
  }
  return kept;
}

int64_t Matrix::block_width(bool tran, int64_t esize) {
  const Csr &a = tran ? transposed() : stored();
  std::lock_guard<std::mutex> hold(transposed_lock_);
  return width_locked(a, tran, esize);
}

int64_t Matrix::width_locked(const Csr &a, bool tran, int64_t esize) {
  if (width_[tran] < 0 || width_esize_[tran] != esize) width_[tran] = column_block_width(a, esize), width_esize_[tran] = esize;
  return width_[tran];
}

void Matrix::assign(Csr &&t) {
  lazy::settle_write(*this);  // queued work that reads or writes the old contents first
  forget_derived();
  retired_.reset();
  transpose_wanted_ = 0;
  data = std::move(t);
  data.type = type.get();
  pending.clear();
  pending_values.clear();
}

Csr &Matrix::change_values() {
  stored();
  lazy::settle_write(*this);
  std::shared_ptr<const Csr> given = expanded_;  // (kept: the change may read it)
  forget_derived();
  transpose_wanted_ = 0;
  expand_iso(data);
  retired_ = std::move(given);
  return data;
}

const Csr &Matrix::ready() {
  const Csr &d = stored();
  if (!d.iso) return d;
  std::lock_guard<std::mutex> hold(transposed_lock_);  // (readers of a completed object may be threads)
  if (!expanded_) {
    auto e = std::make_shared<Csr>(share_structure(d));
    expand_iso(*e);
    expanded_ = std::move(e);
  }
  return *expanded_;
}

// Pending updates are applied in call order: a stable sort by position keeps, for each
// position, its updates in order, and the last one decides (set: that value; remove:
// no entry). The result is merged with the existing rows in one pass. Built into new
// arrays first: out of memory leaves the object as it was, pending work included.
const Csr &Matrix::stored() {
  lazy::settle_read(*this);  // queued operations writing this object first (nonblocking)
  if (pending.empty()) return data;
  forget_derived();
  const int64_t n = int64_t(pending.size()), es = data.esize;
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    const Update &x = pending[size_t(a)], &y = pending[size_t(b)];
    return x.i != y.i ? x.i < y.i : x.j < y.j;
  });
  Csr out(data.nrows, data.ncols, *type);
  out.p.clear();
  out.p.push_back(0);
  out.j.reserve(data.j.size() + size_t(n));
  out.x.reserve(data.x.size() + size_t(n * es));
  int64_t u = 0;  // next update in `order`
  for (int64_t i = 0; i < data.nrows; ++i) {
    int64_t k = data.row_begin(i);
    const int64_t end = data.row_end(i);
    while (k < end || (u < n && pending[size_t(order[size_t(u)])].i == i)) {
      const bool take_update = u < n && pending[size_t(order[size_t(u)])].i == i &&
                               (k >= end || pending[size_t(order[size_t(u)])].j <= data.j[size_t(k)]);
      if (!take_update) {
        out.push(data.j[size_t(k)], data.val(k));
        ++k;
        continue;
      }
      const int64_t col = pending[size_t(order[size_t(u)])].j;
      int64_t last = u;
      while (last + 1 < n && pending[size_t(order[size_t(last + 1)])].i == i &&
             pending[size_t(order[size_t(last + 1)])].j == col)
        ++last;
      const int64_t which = order[size_t(last)];
      if (!pending[size_t(which)].remove) out.push(col, pending_values.data() + which * es);
      if (k < end && data.j[size_t(k)] == col) ++k;  // replaced or removed
      u = last + 1;
    }
    out.end_row();
  }
  data = std::move(out);
  data.type = type.get();
  pending.clear();
  pending_values.clear();
  return data;
}

}  // namespace weft
