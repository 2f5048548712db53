#include "../support/checked.hpp"
#include "constructor_support.hpp"

namespace weft {

// Block i: blocklens[i] copies of types[i] at displs[i] bytes. Markers allowed.
Type *make_struct(int64_t count, const int64_t *blocklens, const int64_t *displs,
                  Type *const *types) {
  auto t = new_type(WEFT_COMBINER_STRUCT);
  t->ints.push_back(count);
  t->ints.insert(t->ints.end(), blocklens, blocklens + count);
  t->addrs.assign(displs, displs + count);
  int64_t total = 0;
  for (int64_t i = 0; i < count; ++i) {
    Type *ty = types[i];
    t->inputs.emplace_back(ty);
    Level lv{blocklens[i], ty->st.extent};
    t->st.place(ty->st, displs[i], &lv, 1);
    if (!ty->is_marker()) total = add(total, blocklens[i]);
    merge_signature(*t, *ty, blocklens[i]);
  }
  t->top_count = total;
  return finish_new_type(std::move(t));
}

}  // namespace weft
