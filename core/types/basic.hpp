// The predefined (basic) types: what each one is and how it aligns.
#pragma once
#include <cstdint>

#include "weft.h"

namespace weft {

enum class BasicId : int16_t {
#define WEFT_BASIC_ID_(name) name,
  WEFT_PREDEFINED_LIST(WEFT_BASIC_ID_)
#undef WEFT_BASIC_ID_
  count_
};

struct BasicInfo {
  const char *name;
  int64_t size;        // bytes; 0 for the markers
  int64_t align;       // true (C) alignment
  int64_t uint_align;  // NumPy uint alignment: the uint width moving one element, 0 if none
  bool marker;
};

const BasicInfo &basic_info(BasicId id);

// How a predefined type stores its value. Types of the same representation and size
// (WEFT_INT, WEFT_INT32, WEFT_INTEGER) hold the same values: a predefined monoid reduces
// any of them, and type signatures count them as one.
enum class Repr : uint8_t { none, signed_int, unsigned_int, floating, boolean };
Repr repr_of(BasicId id);
// The basic type's key in a type signature (core/types/signature.hpp): one per
// representation and size, else one per basic type.
uint64_t signature_key(BasicId id);

// NumPy's rule: elements of 1, 2, 4, 8, 16 bytes move as uint8/16/32/64/64.
constexpr int64_t uint_alignment_for_size(int64_t size) {
  switch (size) {
    case 1: return 1;
    case 2: return 2;
    case 4: return 4;
    case 8: return 8;
    case 16: return alignof(uint64_t);
    default: return 0;
  }
}

}  // namespace weft
