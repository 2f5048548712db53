// The table of predefined monoids (weft/algebra.h's WEFT_PREDEFINED_MONOIDS): each is the
// predefined binary operator of the same name on its domain, with the identity and
// terminal its functor in ops.hpp defines. capi/predefined_api.cpp exports them as
// WEFT_<OP>_MONOID_<TYPE>.
#include <array>
#include <stdexcept>

#include "monoid.hpp"

namespace weft {

namespace {

template <class T>
std::vector<char> bytes_of(T v) {
  std::vector<char> out(sizeof v);
  ops::store(out.data(), v);
  return out;
}

template <OpCode O, Code C>
void fill(Monoid &m) {
  using F = ops::functor_t<O>;
  using T = ctype_t<C>;
  BinaryOp *op = find_binary(O, C);
  if (!op) throw std::logic_error("a predefined monoid without its operator");  // caught by tests at load
  m.predefined = true;
  m.op = Ref<BinaryOp>(op);
  m.domain = op->ztype;
  m.code = C;
  m.basic = m.domain->basic;
  m.identity = bytes_of<T>(F::template identity<T>());
  constexpr std::optional<T> terminal = F::template terminal<T>();
  if (terminal) m.terminal = bytes_of<T>(*terminal);
}

constexpr int kCount = int(PredefinedMonoid::count_);

struct Table {
  Monoid *monoids;
  std::array<std::array<Monoid *, kCodes>, size_t(OpCode::count_)> by_code{};  // find_monoid's index
};

// The table, in WEFT_PREDEFINED_MONOIDS order. Never freed: predefined objects live for
// the process.
const Table &table() {
  static const Table t = [] {
    Table b{new Monoid[kCount]};
#define WEFT_MONOID_FILL_(op, type) fill<OpCode::op, Code::type>(b.monoids[int(PredefinedMonoid::op##_##type)]);
    WEFT_PREDEFINED_MONOIDS(WEFT_MONOID_FILL_)
#undef WEFT_MONOID_FILL_
    for (int k = 0; k < kCount; ++k) {
      Monoid &m = b.monoids[k];
      b.by_code[size_t(m.op->opcode)][size_t(m.code)] = &m;
    }
    return b;
  }();
  return t;
}

}  // namespace

Monoid *predefined_monoid(PredefinedMonoid which) { return &table().monoids[int(which)]; }

Monoid *find_monoid(OpCode op, Code c) {
  if (op >= OpCode::count_ || c >= Code::count_) return nullptr;
  return table().by_code[size_t(op)][size_t(c)];
}

bool Monoid::is_predefined_address(const void *p) { return is_table_entry(p, table().monoids, kCount); }

}  // namespace weft
