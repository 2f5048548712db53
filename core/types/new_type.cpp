#include "type.hpp"

namespace weft {

std::unique_ptr<Type> new_type(int combiner) {
  auto t = std::make_unique<Type>();
  t->combiner = combiner;
  return t;
}

void merge_signature(Type &t, const Type &in, int64_t copies) {
  if (copies == 0 || in.empty_sig) return;
  if (t.empty_sig) {
    t.homog = in.homog;
    t.empty_sig = false;
  } else if (t.homog != in.homog) {
    t.homog = BasicId::count_;
  }
}

Type *finish_new_type(std::unique_ptr<Type> t) {
  t->st.finish();
  return t.release();
}

}  // namespace weft
