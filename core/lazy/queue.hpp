// Nonblocking mode (weft_init(WEFT_NONBLOCKING); sparse.h describes what users see).
//
// Every operation of operations.hpp checks its API rules first, then offers itself to
// defer(): in nonblocking mode (and not while the queue itself is running) the call is
// recorded as a Pending operation — the objects it reads and writes, held by reference,
// and a closure that runs the operation on a Bind — and the operation returns at once.
// The closure is the operation itself called again, so both modes run the same kernels.
//
// An object is settled before anything reads it outside an operation (Matrix::ready)
// or changes it (Matrix::assign, set/remove element): the queued operations it depends
// on run, in call order, and leave the queue. Which ones: walking the queue backwards,
// an operation is needed when it writes an object a needed one (or the caller) reads or
// writes, or reads an object a needed one writes (read-after-write, write-after-write,
// write-after-read). The others commute with them and stay queued.
//
// The needed operations run in order. Consecutive element-wise ones over one index space
// (after a product that can compute its result tile by tile, Fuse::product, if one starts
// them) form a group that fused.cpp runs tile by tile: on value arrays where every stage has a
// ValueStage (values.hpp), else through proxies (small objects holding one tile of each
// object) with the Bind mapping each object to its proxy; a group of one runs whole with
// the identity Bind. A group may also end in a product (Fuse::product) whose vector u it
// writes and nothing after reads: the group then hands u to the product as dense arrays
// (DenseResult, Pending::dense_u), and u is never stored unless the product declines it.
// An execution error is noted for the caller's entry point to return once its own work is
// done (capi/guard.hpp): the call that ran the work reports it.
#pragma once
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "../sparse/operations.hpp"
#include "values.hpp"

namespace weft::lazy {

// How an operation may take part in a fused group.
enum class Fuse {
  none,         // runs whole (mxm, transpose, extract, assign with index lists, ...)
  elementwise,  // output and every matrix/vector argument share one shape; untransposed
  reduce,       // a reduce of a matrix/vector of the group's shape to a Scalar: ends a group
  reduce_rows,  // a reduce of a matrix of the group's shape to a vector of its rows (the
                // vector, its mask and C tiled by the same row ranges): ends a group
  product       // mxv, vxm without mask or accumulator: may start a group of vectors as its
                // source, each tile of its result computed alone (Pending::tiles)
};

// A product's entries in [lo, hi) of its result vector (indices absolute), computed on
// their own: dot products of the rows lo..hi of the matrix with the whole vector.
using Tiles = std::function<Csr(int64_t lo, int64_t hi)>;

// A vector's contents as dense arrays: its value at every index (zero bytes where it has
// none), a presence byte per index, and how many it has. A fused group gives its result so
// to the product after it (Pending::dense_u) instead of storing it.
struct DenseResult {
  Bytes val, has;
  int64_t nvals = 0;
};

// The objects an operation is run on: the original ones (whole) or their tile proxies.
struct Bind {
  Output out;                                        // C and M mapped
  std::function<Matrix &(Matrix &)> map;             // any other argument
  Matrix &operator()(Matrix &m) const { return map ? map(m) : m; }
  template <class K>
  K &as(K &m) const { return static_cast<K &>((*this)(m)); }
};

using Run = std::function<void(const Bind &)>;

// A queued operation.
struct Pending {
  Output out;                       // as given (C, M, accum, descriptor fields)
  std::vector<Ref<Matrix>> reads;   // inputs, scalars, the mask, and C when its old entries count
  Ref<Matrix> C;
  std::vector<Ref<Object>> keep;    // operators, monoids, semirings the closure uses
  Fuse fuse = Fuse::none;
  const Type *partial = nullptr;    // Fuse::reduce: the domain of a tile's result
  Matrix *reduced = nullptr;        // Fuse::reduce, reduce_rows: the reduced object
  const char *fn = "";              // the entry point that queued it (its errors name it)
  int64_t call = 0;                 // that call's number among C's output calls
  Run run;
  ValueStage values;                // how it runs on full tiles, if it can (values.hpp)
  // Fuse::product: asked when the operation is about to run (its inputs complete) for the
  // function computing its result tile by tile; null when it cannot (the operation then
  // runs whole). `tiles` holds the answer while its group runs.
  std::function<Tiles()> tiler;
  Tiles tiles;
  // Fuse::product: runs the operation with `u`'s contents given as dense arrays (the
  // result of the group before it, which nothing else reads: never stored), when it can
  // (a pull with a typed policy; the arrays may be changed); false, nothing done, when not.
  std::function<bool(DenseResult &)> dense_u;
  Matrix *u = nullptr;
};

// Fuse::elementwise unless an input is read transposed (its tiles would not line up).
inline Fuse elementwise_unless(bool transposed) { return transposed ? Fuse::none : Fuse::elementwise; }
// Fuse::reduce_rows unless the matrix is reduced transposed (by columns).
inline Fuse reduce_rows_unless(bool transposed) { return transposed ? Fuse::none : Fuse::reduce_rows; }

// An index list copied: the caller's array may go once the call returns.
struct OwnedList {
  std::vector<int64_t> idx;
  IndexList list;
  explicit OwnedList(const IndexList &L) : list(L) {
    if (!L.all && L.idx) idx.assign(L.idx, L.idx + L.n);
    list.idx = idx.data();
  }
  OwnedList(const OwnedList &o) : OwnedList(o.list) {}
  const IndexList &operator*() const { return list; }
};

// True when an operation called now should be queued instead of run.
bool deferring();

// Queues an operation (see Pending); `inputs` are the matrices, vectors and scalars it
// reads, `keep` the algebra objects its closure refers to.
void enqueue(Pending &&p);

// What operations call after their API checks: false in blocking mode and while the
// queue runs (the caller computes now); otherwise queues `run` and returns true.
// A Pending for out with `inputs` read and `keep` kept alive (and out's accumulator).
Pending pending(const Output &out, std::initializer_list<Matrix *> inputs, std::initializer_list<const Object *> keep,
                Fuse fuse, Run run, ValueStage values);

template <class F>
bool defer(const Output &out, std::initializer_list<Matrix *> inputs, std::initializer_list<const Object *> keep,
           Fuse fuse, F &&run, ValueStage values = {}) {
  if (!deferring()) return false;
  enqueue(pending(out, inputs, keep, fuse, Run(std::forward<F>(run)), std::move(values)));
  return true;
}

// The same for a reduce to a scalar of `A`, whose tiles reduce to values of domain `partial`
// (with `fold` when value tiles can reduce it).
template <class F>
bool defer_reduce(const Output &out, Matrix &A, const Object &monoid, const Type &partial, F &&run,
                  FoldFn fold = nullptr) {
  if (!deferring()) return false;
  ValueStage v;
  if (fold) {
    v.kind = ValueStage::fold_;
    v.fold = fold;
    v.x = &A;
    v.esize = int(A.esize());
  }
  Pending p = pending(out, {&A}, {&monoid}, Fuse::reduce, Run(std::forward<F>(run)), std::move(v));
  p.partial = &partial;
  p.reduced = &A;
  enqueue(std::move(p));
  return true;
}

// The same for a reduce of the rows of A (read transposed when `transposed`: then it
// runs whole) to a vector.
template <class F>
bool defer_reduce_rows(const Output &out, Matrix &A, bool transposed, const Object &monoid, F &&run) {
  if (!deferring()) return false;
  Pending p = pending(out, {&A}, {&monoid}, reduce_rows_unless(transposed), Run(std::forward<F>(run)), {});
  p.reduced = &A;
  enqueue(std::move(p));
  return true;
}

// Queues a product (Fuse::product, see Pending::tiler) when it may start a group, else
// as an operation that runs whole.
template <class F>
bool defer_product(const Output &out, Matrix &A, Matrix &u, const Object &semiring, F &&run,
                   std::function<Tiles()> tiler, std::function<bool(DenseResult &)> dense_u) {
  if (!deferring()) return false;
  const bool plain = !out.M && !out.accum && !out.d.mask_comp && out.C != &u;
  Pending p = pending(out, {&A, &u}, {&semiring}, plain ? Fuse::product : Fuse::none, Run(std::forward<F>(run)), {});
  if (plain) {
    p.tiler = std::move(tiler);
    p.dense_u = std::move(dense_u);
    p.u = &u;
  }
  enqueue(std::move(p));
  return true;
}

// Runs the queued operations m depends on before a read of m / before m is changed
// outside an operation. Cheap when nothing is queued on m. The first execution error
// among them is noted for the calling entry point to return (note_deferred_error).
void settle_read(Matrix &m);
void settle_write(Matrix &m);
// Runs the whole queue (weft_finalize).
void settle_all();

// The counters of weft_get_stat.
int64_t stat(int which);

// The entry point being called on this thread (set by capi's guard): a queued
// operation's errors are recorded under it.
void set_current_call(const char *fn);

// fused.cpp: runs ops[first, last) (a group, see Fuse) tile by tile. `read_later` tells
// whether an object is read after the group before being wholly overwritten (if not, it
// is never written). A reduce ending the group is finished by `finish` (the tiles'
// results reduced as a vector), which records its errors. Throws, having changed
// nothing, when a tile fails (the caller then runs the group operation by operation).
// `sink`: an object the group writes that only the product after it reads: its new
// contents go to `dense` instead of the object (which keeps its old contents).
void run_fused(std::vector<Pending> &ops, size_t first, size_t last,
               const std::function<bool(const Matrix *)> &read_later,
               const std::function<void(Pending &, const Bind &)> &finish, const Matrix *sink = nullptr,
               DenseResult *dense = nullptr);

// fused.cpp: a vector's contents given as dense arrays (DenseResult) as m's entries.
Csr stored(const DenseResult &d, const Matrix &m);

// Counters fused.cpp adds to.
void count_fused(int64_t ops, int64_t skipped, int64_t bytes);

}  // namespace weft::lazy
