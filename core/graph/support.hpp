// What the graph algorithms share. They are written on weft's public API only (weft.h),
// as LAGraph is on GraphBLAS: the algorithms are clients of the engine, not part of it,
// and so also its end-to-end tests. A failing call becomes an Error carrying its status
// and message (capi's guard then reports it under the algorithm's name); handles are
// owned by RAII wrappers, so every path out of an algorithm frees what it made.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "../support/error.hpp"
#include "weft.h"

namespace weft::graph {

// A failed public call (status < 0) as an Error with weft_last_error's text ("weft_vxm:
// ..."): the algorithm's caller sees which operation failed and why.
void check(weft_status s);

// An owned handle, freed on destruction (what LAGraph writes as GrB_free in its
// LG_FREE_ALL macros).
template <class H, weft_status (*Free)(H *)>
class Owned {
 public:
  Owned() = default;
  ~Owned() { reset(); }
  Owned(Owned &&o) noexcept : h_(o.h_) { o.h_ = nullptr; }
  Owned &operator=(Owned &&o) noexcept {
    std::swap(h_, o.h_);
    return *this;
  }
  Owned(const Owned &) = delete;
  Owned &operator=(const Owned &) = delete;
  operator H() const { return h_; }
  // For a constructor's output argument (any previous handle is freed first).
  H *out() {
    reset();
    return &h_;
  }
  // Gives the handle to the caller (an algorithm's result).
  H release() { return std::exchange(h_, nullptr); }
  void reset() {
    if (h_) Free(&h_);
    h_ = nullptr;
  }

 private:
  H h_ = nullptr;
};
using Matrix = Owned<weft_matrix, weft_matrix_free>;
using Vector = Owned<weft_vector, weft_vector_free>;
using Scalar = Owned<weft_scalar, weft_scalar_free>;

Matrix new_matrix(weft_type type, int64_t nrows, int64_t ncols);
Vector new_vector(weft_type type, int64_t n);
Scalar scalar_int64(int64_t v);
Scalar scalar_fp64(double v);
int64_t nvals(weft_matrix A);
int64_t nvals(weft_vector v);

// The sum of v's entries (FP64) and of C's (INT64); 0 without entries.
double sum(weft_vector v);
int64_t sum(weft_matrix C);

// n for an n x n A; WEFT_DIMENSION_MISMATCH otherwise.
int64_t square_size(weft_matrix A);
// WEFT_INVALID_INDEX unless 0 <= v < n.
void check_vertex(int64_t v, int64_t n, const char *what);

// A's domain.
weft_type domain_of(weft_matrix A);

// The pattern of A + A' without the diagonal (values: any; FP64 for an FP64 A, else
// BOOL): the undirected graph of A (triangles, components).
Matrix undirected_pattern(weft_matrix A);
// The n values of v as a dense array (missing entries: `missing`).
std::vector<int64_t> to_array(weft_vector v, int64_t n, int64_t missing);
// A new dense INT64 vector of n entries from an array.
Vector from_array(const std::vector<int64_t> &x);

}  // namespace weft::graph
