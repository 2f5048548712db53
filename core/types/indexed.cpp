#include "../support/checked.hpp"
#include "type.hpp"

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
  for (int64_t i = 0; i < count; ++i) {
    int64_t bl = block ? blocklen : blocklens[i];
    int64_t off = bytes ? displs[i] : mul(displs[i], ex);
    Level lv{bl, ex};
    t->st.place(old->st, off, &lv, 1);
    total = add(total, bl);
  }
  t->top_count = total;
  merge_signature(*t, *old, total);
  return finish_new_type(std::move(t));
}

}  // namespace weft
