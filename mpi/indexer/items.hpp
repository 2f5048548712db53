// Indexer items: `count` units of a committed weft type. In a typed buffer (the
// caller's) item i starts at i * count * extent; in a packed buffer (a message) items
// are back to back, count * size bytes each.
#pragma once
#include <cstring>

#include "../../core/support/error.hpp"
#include "weft.h"

namespace weft::indexer {

struct Items {
  weft_type unit = nullptr;
  int64_t count = 0;          // units per item (fixed-size exchanges; 1 for _v)
  int64_t usize = 0;          // packed bytes of one unit
  int64_t uext = 0;           // extent of one unit
  int64_t tlb = 0, text = 0;  // true bounds of one unit
  bool contiguous = false;    // any number of units is one run at base + tlb
  uint64_t signature = 0;     // weft_type_signature: what every rank's unit must match

  // Reads the unit's properties; returns a status instead of throwing (validation is
  // agreed across ranks first).
  weft_status load(weft_type u, int64_t n) {
    unit = u;
    count = n;
    weft_aint lb;
    weft_status s = weft_type_size(u, &usize);
    if (s == WEFT_SUCCESS) s = weft_type_extent(u, &lb, &uext);
    if (s == WEFT_SUCCESS) s = weft_type_true_extent(u, &tlb, &text);
    if (s == WEFT_SUCCESS) s = weft_type_is_contiguous(u, &contiguous);
    if (s == WEFT_SUCCESS) s = weft_type_signature(u, &signature);
    int64_t npieces;
    if (s == WEFT_SUCCESS) s = weft_type_iov(u, 0, 0, 0, nullptr, nullptr, &npieces);  // committed?
    return s;
  }
  int64_t item_bytes() const { return count * usize; }
  int64_t item_ext() const { return count * uext; }
  // Typed items are laid out back to back with no gaps: typed bytes = packed bytes.
  bool dense() const { return contiguous && tlb == 0 && usize == uext; }
  // Its data lie in [0, extent), so weft can allocate typed buffers of it.
  bool fits_allocation() const { return tlb >= 0 && tlb + text <= uext; }

  // n units at typed base -> bytes at out.
  // (Empty pieces return first: their pointers may be NULL, which memcpy may not get.)
  void pack(const char *base, int64_t n, char *out) const {
    if (n == 0 || usize == 0) return;
    if (contiguous) {
      std::memcpy(out, base + tlb, size_t(n * usize));
      return;
    }
    int64_t pos = 0;
    weft_status s = weft_pack(base, n, unit, out, n * usize, &pos);
    if (s != WEFT_SUCCESS) fail(s, "packing items: %s", weft_last_error());
  }
  // bytes at in -> n units at typed base.
  void unpack(const char *in, int64_t n, char *base) const {
    if (n == 0 || usize == 0) return;
    if (contiguous) {
      std::memcpy(base + tlb, in, size_t(n * usize));
      return;
    }
    int64_t pos = 0;
    weft_status s = weft_unpack(in, n * usize, &pos, base, n, unit);
    if (s != WEFT_SUCCESS) fail(s, "unpacking items: %s", weft_last_error());
  }
  // n units typed -> typed.
  void copy_typed(const char *src, int64_t n, char *dst) const {
    if (contiguous) {
      std::memcpy(dst + tlb, src + tlb, size_t(n * usize));
      return;
    }
    int64_t nbytes;
    weft_status s = weft_copy(src, n, unit, dst, n, unit, &nbytes);
    if (s != WEFT_SUCCESS) fail(s, "copying items: %s", weft_last_error());
  }
};

}  // namespace weft::indexer
