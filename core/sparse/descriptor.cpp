// Descriptors: the 31 predefined ones, built from their names (R, S, C, T0, T1).
#include "descriptor.hpp"

#include <cstring>

namespace weft {

namespace {
constexpr int kCount = int(PredefinedDescriptor::count_);

DescriptorFields fields_of(const char *name) {
  DescriptorFields f;
  const char *p = name;
  if (*p == 'R') { f.replace = true; ++p; }
  if (*p == 'S') { f.mask_struct = true; ++p; }
  if (*p == 'C') { f.mask_comp = true; ++p; }
  if (std::strncmp(p, "T0", 2) == 0) { f.tran0 = true; p += 2; }
  if (std::strncmp(p, "T1", 2) == 0) { f.tran1 = true; p += 2; }
  return f;
}

Descriptor *table() {
  static Descriptor *descs = [] {
    auto *d = new Descriptor[kCount];
    static const char *const names[] = {
#define WEFT_DESC_NAME_(name) #name,
        WEFT_PREDEFINED_DESCRIPTORS(WEFT_DESC_NAME_)
#undef WEFT_DESC_NAME_
    };
    for (int k = 0; k < kCount; ++k) {
      d[k].predefined = true;
      d[k].f = fields_of(names[k]);
    }
    return d;
  }();
  return descs;
}
}  // namespace

Descriptor *predefined_descriptor(PredefinedDescriptor which) { return &table()[int(which)]; }
bool Descriptor::is_predefined_address(const void *p) { return is_table_entry(p, table(), kCount); }

}  // namespace weft
