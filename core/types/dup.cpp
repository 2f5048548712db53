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
  t->program = old->program;
  bool committed = old->committed();
  Type *r = finish_new_type(std::move(t));
  if (committed) commit(*r);  // a predefined input has no program to share
  return r;
}

}  // namespace weft
