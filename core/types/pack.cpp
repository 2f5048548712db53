// pack, unpack and their byte-window forms.
#include "../support/checked.hpp"
#include "pack.hpp"
#include "queries.hpp"
#include "pack_kernels.hpp"
#include "program.hpp"
#include "walk.hpp"

namespace weft {

namespace {
uintptr_t addr(const void *p) { return reinterpret_cast<uintptr_t>(p); }

void require_committed(const Type &t, int64_t count) {
  if (!t.committed()) fail(WEFT_TYPE_NOT_COMMITTED, "the datatype has not been committed");
  check_copies_span(t, count);
}
void require_receivable(Type &t, int64_t count) {
  if (!receive_disjoint(t, count))
    fail(WEFT_OVERLAPPING_TYPE, "%lld copies of the receive type write some bytes twice", (long long)count);
}
}  // namespace

int64_t pack_size(const Type &t, int64_t count) { return mul(count, t.st.size); }

void pack(const Type &t, const void *in, int64_t count, void *out, int64_t outsize, int64_t &position) {
  require_committed(t, count);
  int64_t need = pack_size(t, count);
  if (position > outsize || need > outsize - position)
    fail(WEFT_INSUFFICIENT_SPACE, "%lld bytes needed at position %lld, outsize %lld", (long long)need,
         (long long)position, (long long)outsize);
  char *dst = static_cast<char *>(out) + position;
  kernels::run_copies<true>(*t.program, addr(in), count, dst);
  position += need;
}

void unpack(Type &t, const void *in, int64_t insize, int64_t &position, void *out, int64_t count) {
  require_committed(t, count);
  int64_t need = pack_size(t, count);
  if (position > insize || need > insize - position)
    fail(WEFT_INSUFFICIENT_SPACE, "%lld bytes needed at position %lld, insize %lld", (long long)need,
         (long long)position, (long long)insize);
  require_receivable(t, count);
  char *src = const_cast<char *>(static_cast<const char *>(in)) + position;
  kernels::run_copies<false>(*t.program, addr(out), count, src);
  position += need;
}

int64_t pack_partial(const Type &t, const void *in, int64_t count, int64_t offset,
                     int64_t max_bytes, void *out) {
  require_committed(t, count);
  int64_t total = pack_size(t, count);
  if (offset > total)
    fail(WEFT_INVALID_VALUE, "offset %lld is past the end of the %lld-byte stream", (long long)offset,
         (long long)total);
  int64_t end = max_bytes < total - offset ? offset + max_bytes : total;
  kernels::run_copies_window<true>(*t.program, addr(in), offset, end, static_cast<char *>(out));
  return end - offset;
}

void unpack_partial(Type &t, const void *in, int64_t insize, int64_t offset, void *out, int64_t count) {
  require_committed(t, count);
  int64_t total = pack_size(t, count);
  if (offset > total || insize > total - offset)
    fail(WEFT_INSUFFICIENT_SPACE, "bytes [%lld, %lld) exceed the %lld-byte stream", (long long)offset,
         (long long)add(offset, insize), (long long)total);
  require_receivable(t, count);
  char *src = const_cast<char *>(static_cast<const char *>(in));
  kernels::run_copies_window<false>(*t.program, addr(out), offset, offset + insize, src);
}

}  // namespace weft
