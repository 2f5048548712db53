// Semirings: an additive monoid and a multiplicative operator whose output domain is
// the monoid's domain.
#pragma once
#include "monoid.hpp"

namespace weft {

struct Semiring : Object {
  Ref<Monoid> add;
  Ref<BinaryOp> multiply;

  static constexpr Magic kMagic = Magic::semiring;
  static constexpr const char *kHandleName = "weft_semiring";
  static bool is_predefined_address(const void *p);
  Semiring() : Object(kMagic) {}
};

// A user-defined semiring (one user handle); capi checks the domains.
Semiring *make_semiring(Monoid *add, BinaryOp *multiply);

enum class PredefinedSemiring : int {
#define WEFT_ENUM2_(name, type) name##_##type,
  WEFT_PREDEFINED_SEMIRINGS(WEFT_ENUM2_)
#undef WEFT_ENUM2_
  count_
};
Semiring *predefined_semiring(PredefinedSemiring which);

}  // namespace weft
