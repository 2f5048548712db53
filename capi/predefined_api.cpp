// The exported predefined handles: WEFT_<TYPE> (weft.h's WEFT_PREDEFINED_LIST), and the
// algebra of weft/algebra.h: operators (WEFT_<OP>_<TYPE>, WEFT_LNOT, WEFT_LOR ...,
// WEFT_TRIL ...), monoids (WEFT_<OP>_MONOID_<TYPE>) and semirings
// (WEFT_<ADD>_<MULT>_SEMIRING_<TYPE>), each the address of an entry of core's static
// tables. Initialised dynamically before main (or at dlopen); the tables build themselves
// on first use, so the order of initialisation does not matter.
#include "../core/algebra/semiring.hpp"
#include "handles.hpp"

using weft::capi::handle_of;

#define WEFT_PREDEFINED_DEF_(name) \
  extern "C" WEFT_API const weft_type WEFT_##name = handle_of<weft_type>(weft::predefined_type(weft::BasicId::name));
WEFT_PREDEFINED_LIST(WEFT_PREDEFINED_DEF_)
#undef WEFT_PREDEFINED_DEF_
extern "C" WEFT_API const weft_type WEFT_FP32 = WEFT_FLOAT;
extern "C" WEFT_API const weft_type WEFT_FP64 = WEFT_DOUBLE;
extern "C" WEFT_API const weft_type WEFT_FC32 = WEFT_C_FLOAT_COMPLEX;
extern "C" WEFT_API const weft_type WEFT_FC64 = WEFT_C_DOUBLE_COMPLEX;

// One exported handle `name` of type H: entry `which` of core's table(Enum) lookup.
#define WEFT_DEF2_(H, table, Enum, name, which) \
  extern "C" WEFT_API const H name = handle_of<H>(weft::table(weft::Enum::which));

#define WEFT_UNARY2_(op, type) \
  WEFT_DEF2_(weft_unary_op, predefined_unary, PredefinedUnary, WEFT_##op##_##type, op##_##type)
WEFT_PREDEFINED_UNARY_OPS(WEFT_UNARY2_)
#undef WEFT_UNARY2_
WEFT_DEF2_(weft_unary_op, predefined_unary, PredefinedUnary, WEFT_LNOT, LNOT)

#define WEFT_BINARY2_(op, type) \
  WEFT_DEF2_(weft_binary_op, predefined_binary, PredefinedBinary, WEFT_##op##_##type, op##_##type)
#define WEFT_BINARY1_(op) WEFT_DEF2_(weft_binary_op, predefined_binary, PredefinedBinary, WEFT_##op, op)
WEFT_PREDEFINED_BINARY_OPS(WEFT_BINARY2_)
WEFT_PREDEFINED_BOOL_BINARY_OPS(WEFT_BINARY1_)
#undef WEFT_BINARY1_
#undef WEFT_BINARY2_

#define WEFT_INDEX2_(op, type) \
  WEFT_DEF2_(weft_index_unary_op, predefined_index_unary, PredefinedIndexUnary, WEFT_##op##_##type, op##_##type)
#define WEFT_INDEX1_(op) WEFT_DEF2_(weft_index_unary_op, predefined_index_unary, PredefinedIndexUnary, WEFT_##op, op)
WEFT_PREDEFINED_INDEX_UNARY_OPS(WEFT_INDEX2_)
WEFT_PREDEFINED_POSITIONAL_OPS(WEFT_INDEX1_)
#undef WEFT_INDEX1_
#undef WEFT_INDEX2_

#define WEFT_MONOID_DEF_(op, type) \
  WEFT_DEF2_(weft_monoid, predefined_monoid, PredefinedMonoid, WEFT_##op##_MONOID_##type, op##_##type)
WEFT_PREDEFINED_MONOIDS(WEFT_MONOID_DEF_)
#undef WEFT_MONOID_DEF_

#define WEFT_SEMIRING_DEF_(name, type) \
  WEFT_DEF2_(weft_semiring, predefined_semiring, PredefinedSemiring, WEFT_##name##_SEMIRING_##type, name##_##type)
WEFT_PREDEFINED_SEMIRINGS(WEFT_SEMIRING_DEF_)
#undef WEFT_SEMIRING_DEF_
#undef WEFT_DEF2_
