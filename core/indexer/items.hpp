// Moving indexer items (count units of a weft type) between typed memory and a byte
// stream, with a memcpy fast path for contiguous units.
#pragma once
#include <cstring>
#include <vector>

#include "../support/error.hpp"
#include "weft.h"

namespace weft::indexer {

struct Items {
  weft_type unit = nullptr;
  int64_t count = 0;       // units per item (fixed-size exchanges)
  int64_t usize = 0;       // packed bytes of one unit
  int64_t uext = 0;        // extent of one unit
  int64_t tlb = 0, text = 0;  // true bounds of one unit
  bool contiguous = false;    // any number of units is one run at base + tlb

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
    int64_t npieces;
    if (s == WEFT_SUCCESS) s = weft_type_iov(u, 0, 0, 0, nullptr, nullptr, &npieces);  // committed?
    return s;
  }
  int64_t item_bytes() const { return count * usize; }
  int64_t item_ext() const { return count * uext; }

  // n units at typed base -> bytes at out.
  void pack(const char *base, int64_t n, char *out) const {
    int64_t bytes = n * usize;
    if (contiguous) {
      copy(out, base + tlb, bytes);
      return;
    }
    int64_t pos = 0;
    weft_status s = weft_pack(base, n, unit, out, bytes, &pos);
    if (s != WEFT_SUCCESS) fail(s, "packing items: %s", weft_last_error());
  }
  // bytes at in -> n units at typed base.
  void unpack(const char *in, int64_t n, char *base) const {
    int64_t bytes = n * usize;
    if (contiguous) {
      copy(base + tlb, in, bytes);
      return;
    }
    int64_t pos = 0;
    weft_status s = weft_unpack(in, bytes, &pos, base, n, unit);
    if (s != WEFT_SUCCESS) fail(s, "unpacking items: %s", weft_last_error());
  }
  // n units typed -> typed (initial blocks of put_v).
  void copy_typed(const char *src, int64_t n, char *dst) const {
    if (contiguous) {
      copy(dst + tlb, src + tlb, n * usize);
      return;
    }
    int64_t nbytes;
    weft_status s = weft_copy(src, n, unit, dst, n, unit, &nbytes);
    if (s != WEFT_SUCCESS) fail(s, "copying items: %s", weft_last_error());
  }

  // A run of bytes: fixed-width moves for one small item (no call into libc).
  static void copy(char *dst, const char *src, int64_t n) {
    switch (n) {
      case 4: std::memcpy(dst, src, 4); return;
      case 8: std::memcpy(dst, src, 8); return;
      case 16: std::memcpy(dst, src, 16); return;
      default: std::memcpy(dst, src, size_t(n));
    }
  }
};

}  // namespace weft::indexer
