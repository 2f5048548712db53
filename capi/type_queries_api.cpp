// extern "C" datatype queries.
#include "../core/types/queries.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_type_size(weft_type type, int64_t *size) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonnull(size, "size");
    *size = t->st.size;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_extent(weft_type type, weft_aint *lb, weft_aint *extent) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    if (lb) *lb = t->st.lb;
    if (extent) *extent = t->st.extent;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_true_extent(weft_type type, weft_aint *true_lb, weft_aint *true_extent) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    bool d = t->st.has_data;
    if (true_lb) *true_lb = d ? t->st.true_lo : 0;
    if (true_extent) *true_extent = d ? t->st.true_hi - t->st.true_lo : 0;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_lb(weft_type type, weft_aint *lb) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonnull(lb, "lb");
    *lb = t->st.lb;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_ub(weft_type type, weft_aint *ub) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonnull(ub, "ub");
    *ub = t->st.ub;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_count(weft_type type, int64_t *count) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonnull(count, "count");
    *count = t->top_count;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_alignment(weft_type type, int64_t *true_align, int64_t *uint_align) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    if (true_align) *true_align = t->st.true_align;
    if (uint_align) *uint_align = t->st.uint_none ? 0 : t->st.uint_max;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_signature(weft_type type, uint64_t *fingerprint) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonnull(fingerprint, "fingerprint");
    *fingerprint = t->sig.hash;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_is_contiguous(weft_type type, bool *flag) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonnull(flag, "flag");
    *flag = is_contiguous(*t);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_typemap(weft_type type, int64_t capacity, weft_type basics[], weft_aint displs[],
                                         int64_t *n) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(capacity, "capacity");
    array_arg(basics, capacity, "basics");
    array_arg(displs, capacity, "displs");
    nonnull(n, "n");
    *n = typemap(*t, capacity, reinterpret_cast<Type **>(basics), reinterpret_cast<int64_t *>(displs));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_iov(weft_type type, int64_t count, int64_t first_piece, int64_t capacity,
                                     weft_aint offsets[], int64_t lengths[], int64_t *npieces) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(count, "count");
    nonneg(first_piece, "first_piece");
    nonneg(capacity, "capacity");
    array_arg(offsets, capacity, "offsets");
    array_arg(lengths, capacity, "lengths");
    nonnull(npieces, "npieces");
    *npieces = iov(*t, count, first_piece, capacity, reinterpret_cast<int64_t *>(offsets), lengths);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_envelope(weft_type type, int64_t *nints, int64_t *naddrs, int64_t *ntypes,
                                          int *combiner) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonnull(nints, "nints");
    nonnull(naddrs, "naddrs");
    nonnull(ntypes, "ntypes");
    nonnull(combiner, "combiner");
    *nints = int64_t(t->ints.size());
    *naddrs = int64_t(t->addrs.size());
    *ntypes = int64_t(t->inputs.size());
    *combiner = t->combiner;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_contents(weft_type type, int64_t max_ints, int64_t max_addrs, int64_t max_types,
                                          int64_t ints[], weft_aint addrs[], weft_type types[]) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    if (t->predefined) fail(WEFT_INVALID_VALUE, "%s is predefined: it has no contents", basic_info(t->basic).name);
    int64_t ni = int64_t(t->ints.size()), na = int64_t(t->addrs.size()), nt = int64_t(t->inputs.size());
    if (max_ints < ni || max_addrs < na || max_types < nt)
      fail(WEFT_INSUFFICIENT_SPACE, "needs %lld ints, %lld addrs, %lld types; got room for %lld, %lld, %lld",
           (long long)ni, (long long)na, (long long)nt, (long long)max_ints, (long long)max_addrs,
           (long long)max_types);
    array_arg(ints, ni, "ints");
    array_arg(addrs, na, "addrs");
    array_arg(types, nt, "types");
    for (int64_t i = 0; i < ni; ++i) ints[i] = t->ints[size_t(i)];
    for (int64_t i = 0; i < na; ++i) addrs[i] = t->addrs[size_t(i)];
    for (int64_t i = 0; i < nt; ++i) {
      Type *in = t->inputs[size_t(i)].get();
      user_retain(in);
      types[i] = handle(in);
    }
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_buffer_is_aligned(const void *buf, int64_t count, weft_type type, bool *aligned,
                                              bool *uint_aligned) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(count, "count");
    bool a, u;
    buffer_is_aligned(buf, count, *t, a, u);
    if (aligned) *aligned = a;
    if (uint_aligned) *uint_aligned = u;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_get_elements(weft_type type, int64_t nbytes, int64_t *count) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(nbytes, "nbytes");
    nonnull(count, "count");
    *count = get_elements(*t, nbytes);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_get_count(weft_type type, int64_t nbytes, int64_t *count) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(nbytes, "nbytes");
    nonnull(count, "count");
    *count = get_count(*t, nbytes);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_address(const void *location, weft_aint *address) {
  return guard(__func__, [&] {
    nonnull(address, "address");
    *address = reinterpret_cast<weft_aint>(location);
    return WEFT_SUCCESS;
  });
}
