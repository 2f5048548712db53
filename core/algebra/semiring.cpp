// Semiring objects (semiring.hpp): user-defined semirings.
#include "semiring.hpp"

#include <memory>

namespace weft {

Semiring *make_semiring(Monoid *add, BinaryOp *multiply) {
  auto s = std::make_unique<Semiring>();
  s->add = Ref<Monoid>(add);
  s->multiply = Ref<BinaryOp>(multiply);
  return s.release();
}

}  // namespace weft
