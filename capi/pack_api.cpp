// extern "C" data movement: pack, unpack, partial windows, copy.
#include "../core/types/copy.hpp"
#include "../core/types/pack.hpp"
#include "../core/types/queries.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_pack_size(int64_t incount, weft_type type, int64_t *size) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(incount, "incount");
    nonnull(size, "size");
    *size = pack_size(*t, incount);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_pack(const void *inbuf, int64_t incount, weft_type type, void *outbuf, int64_t outsize,
                                 int64_t *position) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(incount, "incount");
    nonneg(outsize, "outsize");
    nonnull(position, "position");
    nonneg(*position, "*position");
    if (t->st.size > 0 && incount > 0) nonnull(outbuf, "outbuf");
    int64_t pos = *position;
    pack(*t, inbuf, incount, outbuf, outsize, pos);
    *position = pos;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_unpack(const void *inbuf, int64_t insize, int64_t *position, void *outbuf,
                                   int64_t outcount, weft_type type) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(insize, "insize");
    nonneg(outcount, "outcount");
    nonnull(position, "position");
    nonneg(*position, "*position");
    if (t->st.size > 0 && outcount > 0) nonnull(inbuf, "inbuf");
    int64_t pos = *position;
    unpack(*t, inbuf, insize, pos, outbuf, outcount);
    *position = pos;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_pack_partial(const void *inbuf, int64_t incount, weft_type type, int64_t offset,
                                         int64_t max_bytes, void *outbuf, int64_t *actual) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(incount, "incount");
    nonneg(offset, "offset");
    nonneg(max_bytes, "max_bytes");
    nonnull(actual, "actual");
    if (max_bytes > 0) nonnull(outbuf, "outbuf");
    *actual = pack_partial(*t, inbuf, incount, offset, max_bytes, outbuf);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_unpack_partial(const void *inbuf, int64_t insize, int64_t offset, void *outbuf,
                                           int64_t outcount, weft_type type) {
  return guard(__func__, [&] {
    Type *t = type_arg(type, "type");
    nonneg(insize, "insize");
    nonneg(offset, "offset");
    nonneg(outcount, "outcount");
    if (insize > 0) nonnull(inbuf, "inbuf");
    unpack_partial(*t, inbuf, insize, offset, outbuf, outcount);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_copy(const void *src, int64_t scount, weft_type stype, void *dst, int64_t dcount,
                                 weft_type dtype, int64_t *nbytes) {
  return guard(__func__, [&] {
    Type *s = type_arg(stype, "stype");
    Type *d = type_arg(dtype, "dtype");
    nonneg(scount, "scount");
    nonneg(dcount, "dcount");
    nonnull(nbytes, "nbytes");
    *nbytes = copy(src, scount, *s, dst, dcount, *d);
    return WEFT_SUCCESS;
  });
}
