// Threads inside one operation (weft_set_threads): work is split into contiguous ranges
// of output rows (or, for a vector result, of its columns), balanced by a cost per row;
// each thread computes its range into its own Csr piece exactly as one thread would, and
// the pieces are joined in order. So results never depend on the thread count, and a
// kernel keeps one body for both cases. Small calls stay on the calling thread: starting
// a team costs microseconds. (Gustavson's products, whose results can be far larger than
// their inputs, count each row's entries first and write the rows in place instead:
// mxm_kernels.hpp gustavson.)
#pragma once
#include <cstdint>
#include <cstring>
#include <exception>
#include <vector>

#include "csr.hpp"
#include "matrix.hpp"

namespace weft {

// The threads worth using for `work` units (entries or products) of a call: 1 below
// about 64k units per thread, never more than thread_count().
inline int threads_for(int64_t work) {
  const int64_t per_thread = int64_t(1) << 16;
  const int64_t t = work / per_thread;
  const int n = thread_count();
  return t < 2 ? 1 : int(t < n ? t : n);
}

// nparts + 1 boundaries splitting rows [0, nrows) so that each range has about the same
// cost, cost_before(r) being the cost of rows [0, r) (non-decreasing, like a row pointer).
template <class CostBefore>
std::vector<int64_t> balanced_ranges(int64_t nrows, int nparts, CostBefore cost_before) {
  std::vector<int64_t> b(size_t(nparts) + 1, nrows);
  b[0] = 0;
  const int64_t total = cost_before(nrows);
  int64_t r = 0;
  for (int p = 1; p < nparts; ++p) {
    const int64_t target = total / nparts * p;
    int64_t lo = r, hi = nrows;  // the first row whose cost_before reaches the target
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (cost_before(mid) < target) lo = mid + 1;
      else hi = mid;
    }
    b[size_t(p)] = r = lo;
  }
  return b;
}

// Exceptions of the pieces of a parallel loop: OpenMP may not let one escape a parallel
// region, so each piece's is kept and the first one is rethrown after every piece ended.
class PieceErrors {
 public:
  explicit PieceErrors(int n) : errors_(static_cast<size_t>(n)) {}
  template <class Body>
  void run(Body &body, int k) {
    try {
      body(k);
    } catch (...) {
      errors_[size_t(k)] = std::current_exception();
    }
  }
  void rethrow() const {
    for (auto &e : errors_)
      if (e) std::rethrow_exception(e);
  }

 private:
  std::vector<std::exception_ptr> errors_;
};

// Runs body(part) for part in [0, nparts) on nparts threads (on this thread when 1).
// An exception in a part is rethrown here after every part ended; the first one wins.
template <class Body>
void run_parts(int nparts, Body body) {
  if (nparts <= 1) {
    body(0);
    return;
  }
  PieceErrors errors(nparts);
#pragma omp parallel for num_threads(nparts) schedule(static, 1)
  for (int p = 0; p < nparts; ++p) errors.run(body, p);
  errors.rethrow();
}

// Runs body(chunk) for chunk in [0, nchunks) on nthreads threads, each thread taking the
// next chunk when it is done with one: for work whose cost per row no cheap count
// predicts (triangle counting's dot products on a skewed graph), many chunks even out
// what a split by estimates leaves uneven. Exceptions as in run_parts.
template <class Body>
void run_chunks(int nthreads, int nchunks, Body body) {
  if (nthreads <= 1 || nchunks <= 1) {
    for (int c = 0; c < nchunks; ++c) body(c);
    return;
  }
  PieceErrors errors(nchunks);
#pragma omp parallel for num_threads(nthreads) schedule(dynamic, 1)
  for (int c = 0; c < nchunks; ++c) errors.run(body, c);
  errors.rethrow();
}

// dst = src (n elements of a trivially copyable type), large copies split across threads.
template <class E>
void copy_array(E *dst, const E *src, int64_t n) {
  const int nt = threads_for(n / 8);  // (a copy is cheaper per element than a kernel's work)
  run_parts(nt, [&](int part) {
    const int64_t lo = n / nt * part, hi = part + 1 == nt ? n : n / nt * (part + 1);
    if (hi > lo) std::memcpy(dst + lo, src + lo, size_t(hi - lo) * sizeof(E));
  });
}

// Joins row pieces (piece k holds rows b[k] .. b[k+1] as its rows 0 ..) into one Csr of
// nrows x ncols and domain t, the pieces copied by up to thread_count() threads.
Csr join_rows(std::vector<Csr> &pieces, int64_t nrows, int64_t ncols, const Type &t);

// Joins one-row pieces whose columns are in increasing ranges (a vector result split by
// columns) into one 1 x ncols Csr of domain t.
Csr join_columns(std::vector<Csr> &pieces, int64_t ncols, const Type &t);

}  // namespace weft
