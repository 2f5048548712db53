// Monoids: an associative binary operator whose three domains are one type, with an
// identity and optionally a terminal element.
#pragma once
#include <vector>

#include "operator.hpp"

namespace weft {

struct Monoid : Object {
  Ref<BinaryOp> op;
  Ref<Type> domain;               // op's domain
  Code code = Code::UDT;          // its code
  std::vector<char> identity;     // one element: element_size(domain) bytes
  std::vector<char> terminal;     // empty: no terminal (ANY: every value is; this holds 0)
  BasicId basic = BasicId::count_;  // predefined: the domain's basic type; count_ if user-defined

  static constexpr Magic kMagic = Magic::monoid;
  static constexpr const char *kHandleName = "weft_monoid";
  static bool is_predefined_address(const void *p);  // one of predefined_monoid()'s table

  Monoid() : Object(Magic::monoid) {}
  bool has_terminal() const { return !terminal.empty(); }
  // Whether op(x, x) is x for every x: the fold of copies of one value is that value
  // (MIN, MAX, ANY, BOR, BAND; LOR and LAND on BOOL only: on numbers they give 0 or 1).
  bool idempotent() const {
    const OpCode o = op->opcode;
    return o == OpCode::MIN || o == OpCode::MAX || o == OpCode::ANY || o == OpCode::BOR || o == OpCode::BAND ||
           ((o == OpCode::LOR || o == OpCode::LAND) && code == Code::BOOL);
  }
  // Whether its terminal is an extreme value a sum seldom meets (the predefined MIN's
  // least value, MAX's greatest), so that adding every term, as a pull by column blocks
  // does, costs nothing a test per term would save (ANY and LOR stop early often).
  bool stops_rarely() const {
    return basic != BasicId::count_ && (op->opcode == OpCode::MIN || op->opcode == OpCode::MAX);
  }
  // Whether units of t can be reduced by this monoid.
  bool accepts(const Type &t) const;
};

// A user-defined monoid (one user handle; capi publishes it and checks op's domains).
// terminal may be nullptr.
Monoid *make_monoid(BinaryOp *op, const void *identity, const void *terminal);

// The predefined monoids, one per entry of weft/algebra.h's WEFT_PREDEFINED_MONOIDS list
// (capi/predefined_api.cpp exports them as WEFT_<OP>_MONOID_<TYPE>).
enum class PredefinedMonoid : int {
#define WEFT_MONOID_ENUM_(op, type) op##_##type,
  WEFT_PREDEFINED_MONOIDS(WEFT_MONOID_ENUM_)
#undef WEFT_MONOID_ENUM_
  count_
};
Monoid *predefined_monoid(PredefinedMonoid which);
// The predefined monoid of `op` on code c (WEFT_<OP>_MONOID_<c>), or nullptr.
Monoid *find_monoid(OpCode op, Code c);

}  // namespace weft
