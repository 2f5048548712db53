#include "program.hpp"
#include "constructor_support.hpp"

namespace weft {

// Same typemap; shares old's compiled program, so a dup of a committed type is
// committed.
Type *make_dup(Type *old) {
  auto t = new_type(WEFT_COMBINER_DUP);
  t->inputs.emplace_back(old);
  t->st = old->st;
  t->top_count = old->top_count;
  t->uniform_basic = old->uniform_basic;
  t->signature_empty = old->signature_empty;
  t->sig = old->sig;
  bool committed = old->committed();
  if (committed) t->program = old->program;
  Type *r = finish_new_type(std::move(t));
  if (committed) r->committed_flag.store(true, std::memory_order_release);
  return r;
}

}  // namespace weft
