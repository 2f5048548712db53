// MPI-2 resized: the data of old with an LB marker at lb and a UB marker at lb + extent.
#include <algorithm>

#include "../support/checked.hpp"
#include "constructor_support.hpp"

namespace weft {

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
