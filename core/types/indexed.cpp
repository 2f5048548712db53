#include <vector>

#include "../support/checked.hpp"
#include "constructor_support.hpp"

namespace weft {

// indexed, hindexed, indexed_block, hindexed_block. blocklens == nullptr means every
// block has `blocklen` copies (the _block forms). bytes: displacements in bytes rather
// than extents of old.
Type *make_indexed(int64_t count, const int64_t *blocklens, int64_t blocklen,
                   const int64_t *displs, Type *old, bool bytes) {
  bool block = blocklens == nullptr;
  int comb = block ? (bytes ? WEFT_COMBINER_HINDEXED_BLOCK : WEFT_COMBINER_INDEXED_BLOCK)
                   : (bytes ? WEFT_COMBINER_HINDEXED : WEFT_COMBINER_INDEXED);
  auto t = new_type(comb);
  int64_t ex = old->st.extent;
  t->ints.push_back(count);
  if (block)
    t->ints.push_back(blocklen);
  else
    t->ints.insert(t->ints.end(), blocklens, blocklens + count);
  if (bytes)
    t->addrs.assign(displs, displs + count);
  else
    t->ints.insert(t->ints.end(), displs, displs + count);
  t->inputs.emplace_back(old);
  int64_t total = 0;
  if (bytes) {
    t->st.place_blocks(old->st, count, displs, blocklens, blocklen, ex);
  } else {
    std::vector<int64_t> offs(static_cast<size_t>(count));
    for (int64_t i = 0; i < count; ++i) offs[size_t(i)] = mul(displs[i], ex);
    t->st.place_blocks(old->st, count, offs.data(), blocklens, blocklen, ex);
  }
  if (block)
    total = mul(count, blocklen);
  else
    for (int64_t i = 0; i < count; ++i) total = add(total, blocklens[i]);
  t->top_count = total;
  merge_signature(*t, *old, total);
  return finish_new_type(std::move(t));
}

}  // namespace weft
