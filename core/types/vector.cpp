#include "../support/checked.hpp"
#include "constructor_support.hpp"

namespace weft {

// vector (stride in extents of old) and hvector (stride in bytes): count blocks of
// blocklen copies; block i at i*stride.
Type *make_vector(int64_t count, int64_t blocklen, int64_t stride, Type *old, bool bytes) {
  auto t = new_type(bytes ? WEFT_COMBINER_HVECTOR : WEFT_COMBINER_VECTOR);
  int64_t ex = old->st.extent;
  if (bytes) {
    t->ints = {count, blocklen};
    t->addrs = {stride};
  } else {
    t->ints = {count, blocklen, stride};
  }
  t->inputs.emplace_back(old);
  int64_t step = bytes ? stride : mul(stride, ex);
  Level lv[2] = {{count, step}, {blocklen, ex}};
  t->st.place(old->st, 0, lv, 2);
  t->top_count = mul(count, blocklen);
  merge_signature(*t, *old, t->top_count);
  return finish_new_type(std::move(t));
}

}  // namespace weft
