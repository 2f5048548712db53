#include "monoid.hpp"

#include <cstring>

namespace weft {

bool Monoid::accepts(const Type &t) const {
  if (&t == domain.get()) return true;
  if (basic == BasicId::count_ || !t.predefined) return false;
  return repr_of(t.basic) == repr_of(basic) && basic_info(t.basic).size == basic_info(basic).size;
}

Monoid *make_monoid(Type *domain, weft_binary_op op, const void *identity) {
  auto m = std::make_unique<Monoid>();
  m->domain = Ref<Type>(domain);
  m->op = op;
  const Stats &st = domain->st;
  m->identity.resize(size_t(st.true_hi - st.true_lo));
  std::memcpy(m->identity.data(), static_cast<const char *>(identity) + st.true_lo, m->identity.size());
  return m.release();
}

}  // namespace weft
