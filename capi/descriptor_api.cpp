// extern "C" descriptor entry points, the predefined WEFT_DESC_* handles and WEFT_ALL.
#include "../core/sparse/descriptor.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

namespace {
// WEFT_ALL points here; only its address matters.
const int64_t all_indices_marker = 0;
}  // namespace

extern "C" WEFT_API const int64_t *const WEFT_ALL = &all_indices_marker;

#define WEFT_DESC_DEF_(name)                                      \
  extern "C" WEFT_API const weft_descriptor WEFT_DESC_##name = \
      handle_of<weft_descriptor>(predefined_descriptor(PredefinedDescriptor::name));
WEFT_PREDEFINED_DESCRIPTORS(WEFT_DESC_DEF_)
#undef WEFT_DESC_DEF_

extern "C" weft_status weft_descriptor_new(weft_descriptor *desc) {
  return guard(__func__, [&] {
    nonnull(desc, "desc");
    *desc = publish<weft_descriptor>(new Descriptor());
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_descriptor_set(weft_descriptor desc, int field, int value) {
  return guard(__func__, [&] {
    Descriptor *d = handle_arg<Descriptor>(desc, "desc");
    if (d->predefined) fail(WEFT_INVALID_VALUE, "a predefined descriptor cannot be changed");
    DescriptorFields f = d->f;
    switch (field) {
      case WEFT_OUTP:
        if (value != WEFT_DEFAULT && value != WEFT_REPLACE) fail(WEFT_INVALID_VALUE, "WEFT_OUTP takes WEFT_REPLACE or WEFT_DEFAULT, not %d", value);
        f.replace = value == WEFT_REPLACE;
        break;
      case WEFT_MASK:
        if (value == WEFT_DEFAULT) f.mask_comp = f.mask_struct = false;
        else if (value == WEFT_COMP) f.mask_comp = true;
        else if (value == WEFT_STRUCTURE) f.mask_struct = true;
        else if (value == WEFT_COMP_STRUCTURE) f.mask_comp = f.mask_struct = true;
        else fail(WEFT_INVALID_VALUE, "WEFT_MASK takes WEFT_COMP, WEFT_STRUCTURE, WEFT_COMP_STRUCTURE or WEFT_DEFAULT, not %d", value);
        break;
      case WEFT_INP0:
      case WEFT_INP1:
        if (value != WEFT_DEFAULT && value != WEFT_TRAN) fail(WEFT_INVALID_VALUE, "WEFT_INP0/1 take WEFT_TRAN or WEFT_DEFAULT, not %d", value);
        (field == WEFT_INP0 ? f.tran0 : f.tran1) = value == WEFT_TRAN;
        break;
      default:
        fail(WEFT_INVALID_VALUE, "no descriptor field %d", field);
    }
    d->f = f;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_descriptor_get(weft_descriptor desc, int field, int *value) {
  return guard(__func__, [&] {
    Descriptor *d = handle_arg<Descriptor>(desc, "desc");
    nonnull(value, "value");
    const DescriptorFields &f = d->f;
    int v;
    switch (field) {
      case WEFT_OUTP: v = f.replace ? WEFT_REPLACE : WEFT_DEFAULT; break;
      case WEFT_MASK: v = (f.mask_comp ? WEFT_COMP : 0) | (f.mask_struct ? WEFT_STRUCTURE : 0); break;
      case WEFT_INP0: v = f.tran0 ? WEFT_TRAN : WEFT_DEFAULT; break;
      case WEFT_INP1: v = f.tran1 ? WEFT_TRAN : WEFT_DEFAULT; break;
      default: fail(WEFT_INVALID_VALUE, "no descriptor field %d", field);
    }
    *value = v;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_descriptor_free(weft_descriptor *desc) {
  return guard(__func__, [&] {
    nonnull(desc, "desc");
    Descriptor *d = handle_arg<Descriptor>(*desc, "*desc");
    if (d->predefined) fail(WEFT_INVALID_VALUE, "a predefined descriptor cannot be freed");
    *desc = nullptr;
    user_release(d);
    return WEFT_SUCCESS;
  });
}
