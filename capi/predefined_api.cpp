// The exported predefined handles: WEFT_<TYPE> (weft.h's WEFT_PREDEFINED_LIST) and
// WEFT_<OP>_MONOID_<TYPE> (WEFT_PREDEFINED_MONOIDS), each the address of an entry of
// core's static tables. Initialised dynamically before main (or at dlopen); the tables
// build themselves on first use, so the order of initialisation does not matter.
#include "../core/algebra/monoid.hpp"
#include "handles.hpp"

using weft::capi::handle_of;

#define WEFT_PREDEFINED_DEF_(name) \
  extern "C" WEFT_API const weft_type WEFT_##name = handle_of<weft_type>(weft::predefined_type(weft::BasicId::name));
WEFT_PREDEFINED_LIST(WEFT_PREDEFINED_DEF_)
#undef WEFT_PREDEFINED_DEF_
extern "C" WEFT_API const weft_type WEFT_FP32 = WEFT_FLOAT;
extern "C" WEFT_API const weft_type WEFT_FP64 = WEFT_DOUBLE;

#define WEFT_MONOID_DEF_(op, type)                                  \
  extern "C" WEFT_API const weft_monoid WEFT_##op##_MONOID_##type = \
      handle_of<weft_monoid>(weft::predefined_monoid(weft::PredefinedMonoid::op##_##type));
WEFT_PREDEFINED_MONOIDS(WEFT_MONOID_DEF_)
#undef WEFT_MONOID_DEF_
