#include "../support/checked.hpp"
#include "constructor_support.hpp"

namespace weft {

// count copies of old, extent apart.
Type *make_contiguous(int64_t count, Type *old) {
  auto t = new_type(WEFT_COMBINER_CONTIGUOUS);
  t->ints = {count};
  t->inputs.emplace_back(old);
  Level lv{count, old->st.extent};
  t->st.place(old->st, 0, &lv, 1);
  t->top_count = count;
  merge_signature(*t, *old, count);
  return finish_new_type(std::move(t));
}

}  // namespace weft
