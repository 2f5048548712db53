// Queries that walk the type: get_elements/get_count, contiguity, the flattened
// typemap, iov pieces, and NumPy's ALIGNED test.
#include <algorithm>

#include "../support/checked.hpp"
#include "queries.hpp"
#include "walk.hpp"

namespace weft {

int64_t get_count(const Type &t, int64_t nbytes) {
  if (t.st.size == 0) return nbytes == 0 ? 0 : WEFT_UNDEFINED;
  return nbytes % t.st.size == 0 ? nbytes / t.st.size : WEFT_UNDEFINED;
}

int64_t get_elements(const Type &t, int64_t nbytes) {
  if (t.st.size == 0) return nbytes == 0 ? 0 : WEFT_UNDEFINED;
  int64_t whole = nbytes / t.st.size, rest = nbytes % t.st.size;
  int64_t n = mul(whole, t.st.nelem);
  SigRuns runs(t, 1);
  BasicId id;
  int64_t len;
  while (rest > 0 && runs.next(id, len)) {
    int64_t es = basic_info(id).size;
    int64_t take = std::min(len, rest / es);
    n += take;
    rest -= take * es;
    if (take < len) break;  // the rest ends inside this run
  }
  return rest == 0 ? n : WEFT_UNDEFINED;
}

bool is_contiguous(const Type &t) {
  if (t.committed()) return t.program->contiguous;
  if (t.st.size == 0) return true;
  if (t.st.extent != t.st.size) return false;
  NodePtr n = compile_node(t);
  return n && n->kind == NodeKind::leaf;
}

void check_copies_span(const Type &t, int64_t count) {
  if (count <= 1) return;
  int64_t span = mul(count - 1, t.st.extent);
  add(add(span, t.st.true_lo), t.st.true_hi - t.st.true_lo);
}

int64_t typemap(const Type &t, int64_t capacity, Type **basics, int64_t *displs) {
  int64_t n = t.st.nelem;
  if (capacity == 0) return n;
  if (capacity < n)
    fail(WEFT_INSUFFICIENT_SPACE, "the typemap has %lld entries, capacity is %lld", (long long)n,
         (long long)capacity);
  int64_t i = 0;
  for_each_entry(t, 0, [&](BasicId id, int64_t d) {
    basics[i] = predefined_type(id);
    displs[i] = d;
    ++i;
  });
  return n;
}

int64_t iov(const Type &t, int64_t count, int64_t first, int64_t capacity, int64_t *offsets,
            int64_t *lengths) {
  if (!t.committed()) fail(WEFT_TYPE_NOT_COMMITTED, "the datatype has not been committed");
  const Program &p = *t.program;
  if (!p.root || count == 0) return 0;
  check_copies_span(t, count);  // nothing below can fail once outputs are being written
  mul(count, p.size);
  int64_t index = 0, written = 0, cur_off = 0, cur_len = 0;
  bool have = false;
  // Finishes the current merged piece; false once the window is full.
  auto emit = [&]() {
    if (index >= first) {
      if (capacity == 0) {
        ++written;
      } else {
        offsets[written] = cur_off;
        lengths[written] = cur_len;
        if (++written == capacity) return false;
      }
    }
    ++index;
    return true;
  };
  auto piece = [&](int64_t off, int64_t len) {
    if (have && cur_off + cur_len == off) {
      cur_len += len;
      return true;
    }
    if (have && !emit()) return false;
    cur_off = off;
    cur_len = len;
    have = true;
    return true;
  };
  if (p.contiguous) {
    piece(p.true_lb, mul(count, p.size));
  } else {
    for (int64_t c = 0; c < count; ++c)
      if (!for_each_piece(*p.root, mul(c, p.extent), piece)) return written;
  }
  if (have) emit();
  return written;
}

void buffer_is_aligned(const void *buf, int64_t count, const Type &t, bool &aligned, bool &uint_aligned) {
  auto a = static_cast<int64_t>(reinterpret_cast<uintptr_t>(buf));
  auto check = [&](const int8_t *res) {
    for (int c = 0; c < kAlignClasses; ++c) {
      int64_t v = align_class_value(c);
      if (res[c] == kResNone) continue;
      if (res[c] == kResConflict) return false;
      if (mod(a + res[c], v) != 0) return false;
      if (count > 1 && mod(t.st.extent, v) != 0) return false;
    }
    return true;
  };
  aligned = count == 0 || check(t.st.true_res);
  uint_aligned = count == 0 || (!t.st.uint_none && check(t.st.uint_res));
}

}  // namespace weft
