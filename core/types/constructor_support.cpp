// What the constructors share: a fresh node, the signature merge, the stats tail,
// MPI-2 markers and subarray strides (declared in constructor_support.hpp).
#include <algorithm>
#include <vector>

#include "../support/checked.hpp"
#include "constructor_support.hpp"

namespace weft {

std::unique_ptr<Type> new_type(int combiner) {
  auto t = std::make_unique<Type>();
  t->combiner = combiner;
  return t;
}

void merge_signature(Type &t, const Type &in, int64_t copies) {
  if (copies == 0 || in.signature_empty) return;
  t.sig.append(in.sig, copies);
  if (t.signature_empty) {
    t.uniform_basic = in.uniform_basic;
    t.signature_empty = false;
  } else if (t.uniform_basic != in.uniform_basic) {
    t.uniform_basic = BasicId::count_;
  }
}

Type *finish_new_type(std::unique_ptr<Type> t) {
  t->st.finish();
  return t.release();
}

// Keeps only the data statistics of `data` and puts an LB marker at lb and a UB
// marker at ub (MPI-2 resized: every earlier marker is erased).
void set_markers(Stats &st, const Stats &data, int64_t lb, int64_t ub) {
  Stats s = data;
  s.has_lb = s.has_ub = true;
  s.lb_marker = lb;
  s.ub_marker = ub;
  s.has_entries = true;
  s.min_all = std::min(lb, ub);
  s.max_all = std::max(lb, ub);
  if (data.has_data) {
    s.min_all = std::min(s.min_all, data.true_lo);
    s.max_all = std::max(s.max_all, data.true_hi);
  }
  st = s;
}

// Byte strides of each dimension of the full array, in elements of extent ex.
std::vector<int64_t> subarray_strides(int ndims, const int64_t *sizes, int order, int64_t ex) {
  std::vector<int64_t> stride(ndims);
  int64_t s = ex;
  for (int k = 0; k < ndims; ++k) {
    int d = order == WEFT_ORDER_C ? ndims - 1 - k : k;
    stride[d] = s;
    s = mul(s, sizes[d]);
  }
  return stride;
}

}  // namespace weft
