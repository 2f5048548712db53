// Monoids: an associative operator on a domain type, with an identity element.
#pragma once
#include <vector>

#include "../types/type.hpp"

namespace weft {

struct Monoid : Object {
  Ref<Type> domain;
  weft_binary_op op = nullptr;
  std::vector<char> identity;  // one element at displacement 0: bytes [true_lo, true_hi)
  BasicId basic = BasicId::count_;  // predefined: the domain's basic type

  static constexpr Magic kMagic = Magic::monoid;
  static constexpr const char *kHandleName = "weft_monoid";
  static bool is_predefined_address(const void *p);  // one of predefined_monoid()'s table

  Monoid() : Object(Magic::monoid) {}
  // Whether units of t can be reduced by this monoid.
  bool accepts(const Type &t) const;
};

// A user-defined monoid (one user handle; capi publishes it).
Monoid *make_monoid(Type *domain, weft_binary_op op, const void *identity);

// The predefined monoids, one per entry of weft.h's WEFT_PREDEFINED_MONOIDS list
// (capi/predefined_api.cpp exports them as WEFT_<OP>_MONOID_<TYPE>).
enum class PredefinedMonoid : int {
#define WEFT_MONOID_ENUM_(op, type) op##_##type,
  WEFT_PREDEFINED_MONOIDS(WEFT_MONOID_ENUM_)
#undef WEFT_MONOID_ENUM_
  count_
};
Monoid *predefined_monoid(PredefinedMonoid which);

}  // namespace weft
