#include <vector>

#include "../support/checked.hpp"
#include "constructor_support.hpp"

namespace weft {

// MPI-2 subarray: the elements of the sub-block in C or Fortran order, plus LB at 0
// and UB at prod(sizes)*ex. old's own markers are kept (sticky), so the lb is the
// lowest of them and 0.
Type *make_subarray(int ndims, const int64_t *sizes, const int64_t *subsizes,
                    const int64_t *starts, int order, Type *old) {
  auto t = new_type(WEFT_COMBINER_SUBARRAY);
  t->ints.push_back(ndims);
  t->ints.insert(t->ints.end(), sizes, sizes + ndims);
  t->ints.insert(t->ints.end(), subsizes, subsizes + ndims);
  t->ints.insert(t->ints.end(), starts, starts + ndims);
  t->ints.push_back(order);
  t->inputs.emplace_back(old);
  int64_t ex = old->st.extent;
  std::vector<int64_t> stride = subarray_strides(ndims, sizes, order, ex);
  int64_t full = ex, off = 0, copies = 1;
  std::vector<Level> lv(ndims);
  for (int d = 0; d < ndims; ++d) {
    full = mul(full, sizes[d]);
    off = add(off, mul(starts[d], stride[d]));
    lv[d] = {subsizes[d], stride[d]};
    copies = mul(copies, subsizes[d]);
  }
  Stats data;
  data.place(old->st, off, lv.data(), ndims);
  // The new markers join old's sticky ones.
  Stats lb_marker = Stats::basic(0, 1, 1, true, false), ub_marker = Stats::basic(0, 1, 1, false, true);
  data.place(lb_marker, 0);
  data.place(ub_marker, full);
  t->st = data;
  t->top_count = copies;
  merge_signature(*t, *old, copies);
  return finish_new_type(std::move(t));
}

}  // namespace weft
