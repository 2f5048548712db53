// The table of predefined semirings (weft/algebra.h's WEFT_PREDEFINED_SEMIRINGS): the
// entry X(ADD_MULT, TYPE) is the monoid WEFT_ADD_MONOID_TYPE with the multiply operator
// WEFT_MULT_TYPE (for BOOL, the BOOL-only operator WEFT_MULT when there is one).
// capi/predefined_api.cpp exports them as WEFT_<ADD>_<MULT>_SEMIRING_<TYPE>.
#include <stdexcept>
#include <string_view>

#include "semiring.hpp"

namespace weft {

namespace {

// The opcodes named by the two halves of "ADD_MULT" (no operator name has an underscore),
// found at compile time so a misspelt list entry does not build.
constexpr const char *kOpNames[] = {
    "USER",
#define WEFT_OPCODE_NAME_(name, functor) #name,
    WEFT_OPCODE_LIST(WEFT_OPCODE_NAME_)
#undef WEFT_OPCODE_NAME_
};
constexpr OpCode opcode_named(std::string_view name) {
  for (size_t k = 1; k < sizeof kOpNames / sizeof *kOpNames; ++k)
    if (name == kOpNames[k]) return OpCode(k);
  return OpCode::USER;
}
constexpr std::string_view half(std::string_view add_mult, int which) {
  const size_t cut = add_mult.find('_');
  return which == 0 ? add_mult.substr(0, cut) : add_mult.substr(cut + 1);
}

template <OpCode Add, OpCode Mult, Code C>
void fill(Semiring &s) {
  static_assert(Add != OpCode::USER && Mult != OpCode::USER, "a semiring name is not ADD_MULT");
  Monoid *add = find_monoid(Add, C);
  BinaryOp *mult = find_binary(Mult, C);
  if (!add || !mult || mult->zcode != C) throw std::logic_error("a predefined semiring without its parts");
  s.predefined = true;
  s.add = Ref<Monoid>(add);
  s.multiply = Ref<BinaryOp>(mult);
}

constexpr int kCount = int(PredefinedSemiring::count_);

Semiring *table() {
  static Semiring *semirings = [] {
    auto *t = new Semiring[kCount];
#define WEFT_SEMIRING_FILL_(name, type)                                                          \
  fill<opcode_named(half(#name, 0)), opcode_named(half(#name, 1)), Code::type>(                 \
      t[int(PredefinedSemiring::name##_##type)]);
    WEFT_PREDEFINED_SEMIRINGS(WEFT_SEMIRING_FILL_)
#undef WEFT_SEMIRING_FILL_
    return t;
  }();
  return semirings;
}

}  // namespace

Semiring *predefined_semiring(PredefinedSemiring which) { return &table()[int(which)]; }

bool Semiring::is_predefined_address(const void *p) { return is_table_entry(p, table(), kCount); }

}  // namespace weft
