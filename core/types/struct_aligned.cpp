#include <algorithm>
#include <vector>

#include "../support/checked.hpp"
#include "constructor_support.hpp"
#include "type.hpp"

namespace weft {


// NumPy dtype(..., align=True): each field at the next multiple of its true alignment,
// the itemsize rounded up to the largest field alignment.
Type *make_struct_aligned(int64_t count, const int64_t *blocklens, Type *const *types,
                          int64_t *displs_out) {
  auto t = new_type(WEFT_COMBINER_STRUCT_ALIGNED);
  std::vector<int64_t> displs(count);
  int64_t off = 0, maxalign = 1, total = 0;
  Stats data;
  for (int64_t i = 0; i < count; ++i) {
    Type *ty = types[i];
    int64_t a = ty->st.true_align;
    off = round_up(off, a);
    displs[i] = off;
    Level lv{blocklens[i], ty->st.extent};
    data.place(ty->st, off, &lv, 1);
    off = add(off, mul(blocklens[i], ty->st.extent));
    maxalign = std::max(maxalign, a);
    total = add(total, blocklens[i]);
    t->inputs.emplace_back(ty);
    merge_signature(*t, *ty, blocklens[i]);
  }
  int64_t itemsize = round_up(off, maxalign);
  set_markers(t->st, data, 0, itemsize);
  t->st.true_align = maxalign;
  t->ints.push_back(count);
  t->ints.insert(t->ints.end(), blocklens, blocklens + count);
  t->addrs = displs;
  t->top_count = total;
  Type *r = finish_new_type(std::move(t));
  if (displs_out) std::copy(displs.begin(), displs.end(), displs_out);
  return r;
}

}  // namespace weft
