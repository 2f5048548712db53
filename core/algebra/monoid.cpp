// Monoid objects (monoid.hpp): what a monoid accepts, and user-defined monoids.
#include "monoid.hpp"

#include <cstring>
#include <memory>

namespace weft {

bool Monoid::accepts(const Type &t) const {
  if (&t == domain.get()) return true;
  if (basic == BasicId::count_ || !t.predefined) return false;
  // The same value representation is the rule type signatures use (basic.hpp).
  return signature_key(t.basic) == signature_key(basic);
}

namespace {
std::vector<char> one_element(const Type &domain, const void *value) {
  const auto *p = static_cast<const char *>(value);
  return std::vector<char>(p, p + element_size(domain));
}
}  // namespace

Monoid *make_monoid(BinaryOp *op, const void *identity, const void *terminal) {
  auto m = std::make_unique<Monoid>();
  m->op = Ref<BinaryOp>(op);
  m->domain = op->ztype;
  m->code = op->zcode;
  m->identity = one_element(*m->domain, identity);
  if (terminal) m->terminal = one_element(*m->domain, terminal);
  return m.release();
}

}  // namespace weft
