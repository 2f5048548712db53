#include "monoid.hpp"

#include <cstring>

namespace weft {

bool Monoid::accepts(const Type &t) const {
  if (&t == domain.get()) return true;
  if (basic == BasicId::count_ || !t.predefined) return false;
  // The same value representation is the rule type signatures use (basic.hpp).
  return signature_key(t.basic) == signature_key(basic);
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
