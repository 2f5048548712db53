#include "monoid.hpp"

#include <cstring>

namespace weft {

Repr repr_of(BasicId id) {
  switch (id) {
    case BasicId::SIGNED_CHAR: case BasicId::SHORT: case BasicId::INT: case BasicId::LONG:
    case BasicId::LONG_LONG: case BasicId::INT8: case BasicId::INT16: case BasicId::INT32:
    case BasicId::INT64: case BasicId::INTEGER:
      return Repr::signed_int;
    case BasicId::UNSIGNED_CHAR: case BasicId::UNSIGNED_SHORT: case BasicId::UNSIGNED:
    case BasicId::UNSIGNED_LONG: case BasicId::UNSIGNED_LONG_LONG: case BasicId::UINT8:
    case BasicId::UINT16: case BasicId::UINT32: case BasicId::UINT64:
      return Repr::unsigned_int;
    case BasicId::FLOAT: case BasicId::DOUBLE: case BasicId::REAL: case BasicId::DOUBLE_PRECISION:
      return Repr::floating;
    case BasicId::BOOL:
      return Repr::boolean;
    default:  // char (signedness varies), byte, long double, complex, wchar, logical, markers
      return Repr::none;
  }
}

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
