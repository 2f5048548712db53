// Descriptors: how an operation treats its output (replace), its mask (structure,
// complement) and its inputs (transpose). NULL means all defaults.
#pragma once
#include "../support/object.hpp"
#include "weft.h"

namespace weft {

struct DescriptorFields {
  bool replace = false;
  bool mask_comp = false;
  bool mask_struct = false;
  bool tran0 = false;
  bool tran1 = false;
};

struct Descriptor : Object {
  DescriptorFields f;
  static constexpr Magic kMagic = Magic::descriptor;
  static constexpr const char *kHandleName = "weft_descriptor";
  static bool is_predefined_address(const void *p);
  Descriptor() : Object(kMagic) {}
};

enum class PredefinedDescriptor : int {
#define WEFT_DESC_ENUM_(name) name,
  WEFT_PREDEFINED_DESCRIPTORS(WEFT_DESC_ENUM_)
#undef WEFT_DESC_ENUM_
  count_
};
Descriptor *predefined_descriptor(PredefinedDescriptor which);

}  // namespace weft
