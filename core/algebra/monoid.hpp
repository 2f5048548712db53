// Monoids: an associative operator on a domain type, with an identity element.
#pragma once
#include <vector>

#include "../types/type.hpp"

namespace weft {

// How a predefined type stores its value: what a predefined monoid can reduce.
enum class Repr : uint8_t { none, signed_int, unsigned_int, floating, boolean };
Repr repr_of(BasicId id);

struct Monoid : Object {
  Ref<Type> domain;
  weft_binary_op op = nullptr;
  std::vector<char> identity;  // one element at displacement 0: bytes [tmin, tmax)
  BasicId basic = BasicId::count_;  // predefined: the domain's basic type

  Monoid() : Object(Magic::monoid) {}
  // Whether units of t can be reduced by this monoid.
  bool accepts(const Type &t) const;
};

Monoid *make_monoid(Type *domain, weft_binary_op op, const void *identity);
bool is_predefined_monoid(const void *p);

}  // namespace weft
