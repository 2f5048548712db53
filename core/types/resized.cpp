#include <algorithm>

#include "../support/checked.hpp"
#include "type.hpp"

namespace weft {

// Keeps only the data statistics of `data` and puts an LB marker at lb and a UB
// marker at ub (MPI-2 resized: every earlier marker is erased).
void set_markers(Stats &st, const Stats &data, int64_t lb, int64_t ub) {
  Stats s = data;
  s.has_lb = s.has_ub = true;
  s.lbm = lb;
  s.ubm = ub;
  s.any = true;
  s.min_all = std::min(lb, ub);
  s.max_all = std::max(lb, ub);
  if (data.has_data) {
    s.min_all = std::min(s.min_all, data.tmin);
    s.max_all = std::max(s.max_all, data.tmax);
  }
  st = s;
}

Type *make_resized(Type *old, int64_t lb, int64_t extent) {
  auto t = new_type(WEFT_COMBINER_RESIZED);
  t->addrs = {lb, extent};
  t->inputs.emplace_back(old);
  set_markers(t->st, old->st, lb, add(lb, extent));
  t->top_count = 1;
  merge_signature(*t, *old, 1);
  return finish_new_type(std::move(t));
}

}  // namespace weft
