// Matrix, Vector and Scalar objects: a domain, a shape, CSR storage and the work still
// pending on them. A Vector of size n is stored as a 1 x n matrix and a Scalar as 1 x 1
// (so every operation has one implementation, on rows); their handles are distinct kinds
// (each has its own magic), as GraphBLAS's are.
//
// Pending work (nonblocking mode, and element updates in either mode): set_element and
// remove_element append to `pending` instead of moving entries; the next read of the
// object (ready()) or a wait assembles them in call order. Per-object error text is
// the message of the last call that had the object as its output (weft_*_error).
#pragma once

#include <memory>
#include <mutex>

#include "../expr/exp.hpp"
#include "column_blocks.hpp"
#include "csr.hpp"

namespace weft {

void collection_created();
void collection_destroyed();

struct Matrix : Object {
  Ref<Type> type;
  Csr data;  // data.type == type.get()
  // Pending element updates, in call order: remove when `remove` is set.
  struct Update {
    int64_t i, j;
    bool remove;
  };
  std::vector<Update> pending;
  std::vector<char> pending_values;  // esize bytes per update (removes too, unused)
  // weft_*_error: a fixed buffer, so recording an out-of-memory failure cannot fail.
  char error[512] = "";
  // How many calls have had this object as their output (capi's guard_on counts them): a
  // queued operation's execution error is recorded only if no later call has (the
  // message is always the last call's, as in blocking mode).
  std::atomic<int64_t> output_calls{0};
  // Nonblocking mode (lazy/queue.hpp): how many queued operations write / read this
  // object, so that settling an object nothing waits on costs two loads.
  std::atomic<int> queued_writes{0}, queued_reads{0};
  // Where a tile proxy's (0, 0) lies in the object it holds a tile of (lazy/fused.cpp).
  expr::Origin origin;

  static constexpr Magic kMagic = Magic::matrix;
  static constexpr const char *kHandleName = "weft_matrix";

  Matrix() : Matrix(Magic::matrix) {}
  explicit Matrix(Magic m) : Object(m) { collection_created(); }
  ~Matrix() override { collection_destroyed(); }

  int64_t nrows() const { return data.nrows; }
  int64_t ncols() const { return data.ncols; }
  Code code() const { return data.code; }
  int64_t esize() const { return data.esize; }
  // Assembles pending updates; returns the data with one value per entry. Every read
  // goes through it or stored(). An iso object (data.iso) is given to ready()'s callers
  // as a copy that shares its indices, its values written out once and kept until the
  // contents change (a second copy of the values, what a non-iso object holds anyway).
  const Csr &ready();
  // The same, as stored: iso (data.iso) or not. For the code that handles an iso Csr
  // (select's and transpose's pattern copies, nvals, wait) and keeps it iso.
  const Csr &stored();
  // Replaces the contents (shape unchanged) with t (same domain), dropping pending work.
  void assign(Csr &&t);
  bool has_pending() const { return !pending.empty(); }
  // The assembled contents, for a change of values in place that keeps the structure and
  // cannot fail (an accumulation into a full object): what assign does before replacing
  // them (queued work on the old contents first, derived facts forgotten). An iso object
  // gets one value per entry first; the copy ready() gave out stays alive until the
  // next change (an operand of the change may be this object, read through it).
  Csr &change_values();

  // The transpose of the assembled contents, computed on first use and kept until the
  // contents change (a second orientation: what WEFT_TRAN on an input, mxv pulls and vxm
  // pushes of a repeatedly used matrix read). Safe for several threads reading one
  // completed input at once (the computation is guarded); costs a second copy's memory.
  const Csr &transposed();
  bool has_transposed() const {
    std::lock_guard<std::mutex> hold(transposed_lock_);
    return bool(transposed_);
  }
  // Counts the calls that would have used the transpose; true once they repeat (a
  // matrix used once is not worth a second copy).
  bool transpose_pays() {
    std::lock_guard<std::mutex> hold(transposed_lock_);
    return transposed_ || ++transpose_wanted_ >= 2;
  }
  // Whether every stored value has the same bytes (a pattern of ones, say): a product
  // kernel then reads one value instead of all, the same arithmetic on the same values.
  // True at once for an iso object; else learned by one scan on the second call that
  // asks about unchanged contents (false before: one use is not worth the scan), and
  // kept like the transpose.
  bool values_iso();
  // The column indices of the assembled contents (tran: of the transpose) as 32-bit
  // numbers, or nullptr. Kept like the transpose, from the second call that asks about
  // unchanged contents, when the columns fit in 32 bits: the pull kernels (mxv, vxm)
  // then read half the index bytes, their main memory traffic, for 4 more bytes per entry.
  const uint32_t *narrow_columns(bool tran);
  // The column blocks of the assembled contents (tran: of the transpose) for the pull's
  // cache-blocked dot products (column_blocks.hpp), for u values of esize bytes, with a
  // copy of the values when the product reads them, or nullptr: kept like the transpose
  // from the fifth call that asks about unchanged contents, when blocks pay
  // (column_block_width). Shared: blocks made again with values replace the kept ones
  // while another thread may still be reading them.
  std::shared_ptr<const ColumnBlocks> column_blocks(bool tran, int64_t esize, bool with_values);
  // column_block_width of the contents (tran: of the transpose) for u values of esize
  // bytes, remembered like the transpose: its sample of rows costs tens of microseconds,
  // asked on every pull (and every nonblocking product) of an unchanged matrix, most of
  // all when the answer is no and no blocks are kept to say it.
  int64_t block_width(bool tran, int64_t esize);
  // What is kept about the contents (transpose, iso, narrow indices): every change of
  // data or pending goes through assign/ready or calls this.
  void forget_derived() {
    expanded_.reset();
    transposed_.reset();
    iso_ = -1;
    iso_asked_ = 0;
    for (int t = 0; t < 2; ++t)
      narrow_[t].reset(), narrow_asked_[t] = 0, blocks_[t].reset(), blocks_asked_[t] = 0, width_[t] = -1;
  }

 private:
  std::shared_ptr<const Csr> expanded_;  // an iso object's values one per entry (ready)
  std::shared_ptr<const Csr> retired_;   // the last one, alive through change_values' change
  std::shared_ptr<const Csr> transposed_;
  mutable std::mutex transposed_lock_;  // guards the kept transpose, its counter, iso and the
                                        // expanded values:
                                        // completed inputs are shared by threads
  int transpose_wanted_ = 0;
  int iso_ = -1, iso_asked_ = 0;  // iso_: -1 unknown, 0 no, 1 yes
  std::shared_ptr<const std::vector<uint32_t, PoolAllocator<uint32_t>>> narrow_[2];  // [tran]
  int narrow_asked_[2] = {0, 0};
  std::shared_ptr<const ColumnBlocks> blocks_[2];  // [tran]
  int blocks_asked_[2] = {0, 0};
  int64_t width_[2] = {-1, -1}, width_esize_[2] = {0, 0};  // [tran]: block_width, -1 unknown
  int64_t width_locked(const Csr &a, bool tran, int64_t esize);  // (transposed_lock_ held)
};

struct Vector : Matrix {
  static constexpr Magic kMagic = Magic::vector;
  static constexpr const char *kHandleName = "weft_vector";
  Vector() : Matrix(Magic::vector) {}
  int64_t size() const { return data.ncols; }
};

struct Scalar : Matrix {
  static constexpr Magic kMagic = Magic::scalar;
  static constexpr const char *kHandleName = "weft_scalar";
  Scalar() : Matrix(Magic::scalar) {}
  bool empty() { return ready().nvals() == 0; }
  const char *value() { return ready().val(0); }
};

// New empty objects of domain t (one user handle; capi publishes). Shapes are checked by capi.
Matrix *make_matrix(Type *t, int64_t nrows, int64_t ncols);
Vector *make_vector(Type *t, int64_t n);
Scalar *make_scalar(Type *t);
// A new matrix of domain t holding `data` (its shape and entries; values already in t).
Matrix *make_matrix(Type *t, Csr &&data);
// A deep copy of the same kind (pending work assembled first).
Matrix *dup_matrix(Matrix &a);

// The threads an operation may use (weft_set_threads; parallel.hpp splits work by it).
// 0 sets the default (OMP_NUM_THREADS, else the processors); always 1 without OpenMP.
void set_thread_count(int n);
int thread_count();

// The execution mode (weft_init).
int execution_mode();
// Sets it; false when it may no longer be set (already set, finalized, or objects exist).
bool set_execution_mode(int mode);
void finalize_context();

}  // namespace weft
