// extern "C" datatype constructors: validate, then call core/types.
#include <vector>

#include "../core/types/program.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

namespace {
void blocklens_arg(const int64_t *b, int64_t count) {
  array_arg(b, count, "blocklens");
  for (int64_t i = 0; i < count; ++i)
    if (b[i] < 0) fail(WEFT_INVALID_VALUE, "blocklens[%lld] = %lld < 0", (long long)i, (long long)b[i]);
}
}  // namespace

extern "C" weft_status weft_type_contiguous(int64_t count, weft_type old, weft_type *newtype) {
  return guard(__func__, [&] {
    Type *o = data_type_arg(old, "oldtype");
    nonneg(count, "count");
    nonnull(newtype, "newtype");
    *newtype = publish_type(make_contiguous(count, o));
    return WEFT_SUCCESS;
  });
}

namespace {
weft_status vector_common(const char *fn, int64_t count, int64_t blocklen, int64_t stride,
                          weft_type old, weft_type *newtype, bool bytes) {
  return guard(fn, [&] {
    Type *o = data_type_arg(old, "oldtype");
    nonneg(count, "count");
    nonneg(blocklen, "blocklength");
    nonnull(newtype, "newtype");
    *newtype = publish_type(make_vector(count, blocklen, stride, o, bytes));
    return WEFT_SUCCESS;
  });
}
}  // namespace

extern "C" weft_status weft_type_vector(int64_t count, int64_t blocklen, int64_t stride, weft_type old,
                                        weft_type *newtype) {
  return vector_common(__func__, count, blocklen, stride, old, newtype, false);
}

extern "C" weft_status weft_type_hvector(int64_t count, int64_t blocklen, weft_aint stride, weft_type old,
                                         weft_type *newtype) {
  return vector_common(__func__, count, blocklen, stride, old, newtype, true);
}

namespace {
weft_status indexed_common(const char *fn, int64_t count, const int64_t *blocklens, int64_t blocklen,
                           const int64_t *displs, weft_type old, weft_type *newtype, bool bytes) {
  return guard(fn, [&] {
    Type *o = data_type_arg(old, "oldtype");
    nonneg(count, "count");
    if (blocklens)
      blocklens_arg(blocklens, count);
    else
      nonneg(blocklen, "blocklength");
    array_arg(displs, count, "displs");
    nonnull(newtype, "newtype");
    *newtype = publish_type(make_indexed(count, blocklens, blocklen, displs, o, bytes));
    return WEFT_SUCCESS;
  });
}
}  // namespace

extern "C" weft_status weft_type_indexed(int64_t count, const int64_t blocklens[], const int64_t displs[],
                                         weft_type old, weft_type *newtype) {
  if (count > 0 && !blocklens)  // NULL here must not select the _block form
    return guard(__func__, []() -> weft_status { fail(WEFT_NULL_POINTER, "blocklens is NULL"); });
  return indexed_common(__func__, count, blocklens, 0, displs, old, newtype, false);
}

extern "C" weft_status weft_type_hindexed(int64_t count, const int64_t blocklens[], const weft_aint displs[],
                                          weft_type old, weft_type *newtype) {
  if (count > 0 && !blocklens)
    return guard(__func__, []() -> weft_status { fail(WEFT_NULL_POINTER, "blocklens is NULL"); });
  static_assert(sizeof(weft_aint) == sizeof(int64_t), "weft_aint is 64-bit");
  return indexed_common(__func__, count, blocklens, 0, reinterpret_cast<const int64_t *>(displs), old, newtype,
                        true);
}

extern "C" weft_status weft_type_indexed_block(int64_t count, int64_t blocklen, const int64_t displs[],
                                               weft_type old, weft_type *newtype) {
  return indexed_common(__func__, count, nullptr, blocklen, displs, old, newtype, false);
}

extern "C" weft_status weft_type_hindexed_block(int64_t count, int64_t blocklen, const weft_aint displs[],
                                                weft_type old, weft_type *newtype) {
  return indexed_common(__func__, count, nullptr, blocklen, reinterpret_cast<const int64_t *>(displs), old,
                        newtype, true);
}

extern "C" weft_status weft_type_struct(int64_t count, const int64_t blocklens[], const weft_aint displs[],
                                        const weft_type types[], weft_type *newtype) {
  return guard(__func__, [&] {
    nonneg(count, "count");
    blocklens_arg(blocklens, count);
    array_arg(displs, count, "displs");
    array_arg(types, count, "types");
    std::vector<Type *> ts(static_cast<size_t>(count));
    char what[48];
    for (int64_t i = 0; i < count; ++i) {
      snprintf(what, sizeof what, "types[%lld]", (long long)i);
      ts[size_t(i)] = type_arg(types[i], what);
    }
    nonnull(newtype, "newtype");
    *newtype = publish_type(make_struct(count, blocklens, reinterpret_cast<const int64_t *>(displs), ts.data()));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_subarray(int ndims, const int64_t sizes[], const int64_t subsizes[],
                                          const int64_t starts[], int order, weft_type old, weft_type *newtype) {
  return guard(__func__, [&] {
    Type *o = data_type_arg(old, "oldtype");
    if (ndims < 1) fail(WEFT_INVALID_VALUE, "ndims %d < 1", ndims);
    nonnull(sizes, "sizes");
    nonnull(subsizes, "subsizes");
    nonnull(starts, "starts");
    if (order != WEFT_ORDER_C && order != WEFT_ORDER_FORTRAN)
      fail(WEFT_INVALID_VALUE, "order %d is neither WEFT_ORDER_C nor WEFT_ORDER_FORTRAN", order);
    for (int d = 0; d < ndims; ++d) {
      if (sizes[d] < 1) fail(WEFT_INVALID_VALUE, "sizes[%d] = %lld < 1", d, (long long)sizes[d]);
      if (subsizes[d] < 0) fail(WEFT_INVALID_VALUE, "subsizes[%d] = %lld < 0", d, (long long)subsizes[d]);
      if (starts[d] < 0 || starts[d] > sizes[d] - subsizes[d])
        fail(WEFT_INVALID_VALUE, "starts[%d] = %lld outside [0, sizes - subsizes = %lld]", d, (long long)starts[d],
             (long long)(sizes[d] - subsizes[d]));
    }
    nonnull(newtype, "newtype");
    *newtype = publish_type(make_subarray(ndims, sizes, subsizes, starts, order, o));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_resized(weft_type old, weft_aint lb, weft_aint extent, weft_type *newtype) {
  return guard(__func__, [&] {
    Type *o = data_type_arg(old, "oldtype");
    nonnull(newtype, "newtype");
    *newtype = publish_type(make_resized(o, lb, extent));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_dup(weft_type old, weft_type *newtype) {
  return guard(__func__, [&] {
    Type *o = data_type_arg(old, "oldtype");
    nonnull(newtype, "newtype");
    *newtype = publish_type(make_dup(o));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_struct_aligned(int64_t count, const int64_t blocklens[], const weft_type types[],
                                                weft_aint displs_out[], weft_type *newtype) {
  return guard(__func__, [&] {
    nonneg(count, "count");
    blocklens_arg(blocklens, count);
    array_arg(types, count, "types");
    std::vector<Type *> ts(static_cast<size_t>(count));
    char what[48];
    for (int64_t i = 0; i < count; ++i) {
      snprintf(what, sizeof what, "types[%lld]", (long long)i);
      Type *t = data_type_arg(types[i], what);
      if (t->st.extent < 0)
        fail(WEFT_INVALID_VALUE, "%s has negative extent %lld", what, (long long)t->st.extent);
      ts[size_t(i)] = t;
    }
    nonnull(newtype, "newtype");
    *newtype = publish_type(make_struct_aligned(count, blocklens, ts.data(), reinterpret_cast<int64_t *>(displs_out)));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_commit(weft_type type) {
  return guard(__func__, [&] {
    commit(*type_arg(type, "type"));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_free(weft_type *type) {
  return guard(__func__, [&] {
    nonnull(type, "type");
    Type *t = type_arg(*type, "*type");
    if (t->predefined) fail(WEFT_INVALID_VALUE, "%s is predefined and cannot be freed", basic_info(t->basic).name);
    *type = nullptr;
    user_release(t);
    return WEFT_SUCCESS;
  });
}
