// typemap_model.hpp — an independent reference model of the MPI-1.1 §3.12 typemap
// DEFINITION (plus MPI-2 resized and subarray), used as the oracle for weft.
//
// This file never calls weft. It works on explicit typemaps: flat lists of entries
// (kind, displacement), where kind is a basic type or an LB/UB marker, exactly as the
// standard writes them. Everything is computed literally from the definition, with no
// attempt at being fast: constructors copy entries, bounds scan all entries, packing
// walks every entry of every copy.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace oracle {

// The basic types on x86_64 Linux (LP64, GCC): size and true (C) alignment.
struct BasicKind {
  const char *name;
  int64_t size;
  int64_t align;
};

enum BasicKindId : int {
  K_CHAR, K_SIGNED_CHAR, K_UNSIGNED_CHAR, K_BYTE, K_SHORT, K_UNSIGNED_SHORT, K_INT,
  K_UNSIGNED, K_LONG, K_UNSIGNED_LONG, K_LONG_LONG, K_UNSIGNED_LONG_LONG, K_INT8, K_INT16,
  K_INT32, K_INT64, K_UINT8, K_UINT16, K_UINT32, K_UINT64, K_FLOAT, K_DOUBLE,
  K_LONG_DOUBLE, K_C_FLOAT_COMPLEX, K_C_DOUBLE_COMPLEX, K_BOOL, K_WCHAR, K_INTEGER,
  K_REAL, K_DOUBLE_PRECISION, K_COMPLEX, K_DOUBLE_COMPLEX, K_LOGICAL, K_CHARACTER,
  K_NUM_BASIC
};

inline const BasicKind &basic_kind(int k) {
  static const BasicKind table[K_NUM_BASIC] = {
      {"CHAR", 1, 1},          {"SIGNED_CHAR", 1, 1},      {"UNSIGNED_CHAR", 1, 1},
      {"BYTE", 1, 1},          {"SHORT", 2, 2},            {"UNSIGNED_SHORT", 2, 2},
      {"INT", 4, 4},           {"UNSIGNED", 4, 4},         {"LONG", 8, 8},
      {"UNSIGNED_LONG", 8, 8}, {"LONG_LONG", 8, 8},        {"UNSIGNED_LONG_LONG", 8, 8},
      {"INT8", 1, 1},          {"INT16", 2, 2},            {"INT32", 4, 4},
      {"INT64", 8, 8},         {"UINT8", 1, 1},            {"UINT16", 2, 2},
      {"UINT32", 4, 4},        {"UINT64", 8, 8},           {"FLOAT", 4, 4},
      {"DOUBLE", 8, 8},        {"LONG_DOUBLE", 16, 16},    {"C_FLOAT_COMPLEX", 8, 4},
      {"C_DOUBLE_COMPLEX", 16, 8}, {"BOOL", 1, 1},         {"WCHAR", 4, 4},
      {"INTEGER", 4, 4},       {"REAL", 4, 4},             {"DOUBLE_PRECISION", 8, 8},
      {"COMPLEX", 8, 4},       {"DOUBLE_COMPLEX", 16, 8},  {"LOGICAL", 4, 4},
      {"CHARACTER", 1, 1},
  };
  return table[k];
}

// NumPy's uint alignment of an element of this size (0 = none).
inline int64_t uint_align_of_size(int64_t size) {
  switch (size) {
    case 1: return 1;
    case 2: return 2;
    case 4: return 4;
    case 8: return 8;
    case 16: return 8;
    default: return 0;
  }
}

enum MarkerKind : int { KIND_LB = -1, KIND_UB = -2 };

struct Entry {
  int kind;      // >= 0: BasicKindId; KIND_LB / KIND_UB: marker
  int64_t disp;  // bytes
};
using Typemap = std::vector<Entry>;

inline bool is_basic(const Entry &e) { return e.kind >= 0; }
inline int64_t entry_size(const Entry &e) { return is_basic(e) ? basic_kind(e.kind).size : 0; }

// Mathematical modulo (result in [0, m) for m > 0).
inline int64_t math_mod(int64_t a, int64_t m) {
  int64_t r = a % m;
  return r < 0 ? r + m : r;
}

struct Bounds {
  int64_t size = 0;        // sum of basic sizes
  int64_t nbasic = 0;      // number of basic entries
  int64_t nmarkers = 0;    // number of LB/UB entries
  int64_t lb = 0, ub = 0, extent = 0;
  int64_t true_lb = 0, true_ub = 0, true_extent = 0;
  int64_t align = 1;       // max true alignment of basic entries (1 if none)
  int64_t uint_align = 0;  // max uint alignment of basic entries (0 if none or if one has none)
  int64_t epsilon = 0;     // the padding added to ub (0 when ub is marked)
  bool has_lb = false, has_ub = false;
};

// lb/ub/extent per MPI-1.1 §3.12.3 with markers (§3.12.3 "lower-bound and upper-bound
// markers") and the alignment epsilon.
inline Bounds bounds_of(const Typemap &t) {
  Bounds b;
  if (t.empty()) return b;
  int64_t min_all = INT64_MAX, max_end_all = INT64_MIN;
  int64_t min_lbm = INT64_MAX, max_ubm = INT64_MIN;
  int64_t tmin = INT64_MAX, tmax = INT64_MIN;
  bool any_uint_missing = false;
  for (const Entry &e : t) {
    int64_t s = entry_size(e);
    min_all = std::min(min_all, e.disp);
    max_end_all = std::max(max_end_all, e.disp + s);
    if (e.kind == KIND_LB) {
      b.has_lb = true;
      min_lbm = std::min(min_lbm, e.disp);
      ++b.nmarkers;
    } else if (e.kind == KIND_UB) {
      b.has_ub = true;
      max_ubm = std::max(max_ubm, e.disp);
      ++b.nmarkers;
    } else {
      const BasicKind &k = basic_kind(e.kind);
      b.size += k.size;
      ++b.nbasic;
      b.align = std::max(b.align, k.align);
      int64_t ua = uint_align_of_size(k.size);
      if (ua == 0) any_uint_missing = true;
      b.uint_align = std::max(b.uint_align, ua);
      tmin = std::min(tmin, e.disp);
      tmax = std::max(tmax, e.disp + k.size);
    }
  }
  if (any_uint_missing) b.uint_align = 0;
  b.lb = b.has_lb ? min_lbm : min_all;
  if (b.has_ub) {
    b.ub = max_ubm;
    b.epsilon = 0;
  } else {
    int64_t raw = max_end_all;
    b.epsilon = math_mod(-(raw - b.lb), b.align);
    b.ub = raw + b.epsilon;
  }
  b.extent = b.ub - b.lb;
  if (b.nbasic > 0) {
    b.true_lb = tmin;
    b.true_ub = tmax;
    b.true_extent = tmax - tmin;
  }
  return b;
}

inline int64_t extent_of(const Typemap &t) { return bounds_of(t).extent; }

inline void append_shifted(Typemap &out, const Typemap &old, int64_t shift) {
  for (const Entry &e : old) out.push_back({e.kind, e.disp + shift});
}

// ---- Constructors (MPI-1.1 §3.12.1, MPI-2 resized/subarray) --------------------------

inline Typemap predefined(int kind) { return Typemap{{kind, 0}}; }

inline Typemap contiguous(int64_t n, const Typemap &old) {
  int64_t ex = extent_of(old);
  Typemap out;
  for (int64_t i = 0; i < n; ++i) append_shifted(out, old, i * ex);
  return out;
}

inline Typemap vector(int64_t c, int64_t b, int64_t s, const Typemap &old) {
  int64_t ex = extent_of(old);
  Typemap out;
  for (int64_t i = 0; i < c; ++i)
    for (int64_t j = 0; j < b; ++j) append_shifted(out, old, (i * s + j) * ex);
  return out;
}

inline Typemap hvector(int64_t c, int64_t b, int64_t s_bytes, const Typemap &old) {
  int64_t ex = extent_of(old);
  Typemap out;
  for (int64_t i = 0; i < c; ++i)
    for (int64_t j = 0; j < b; ++j) append_shifted(out, old, i * s_bytes + j * ex);
  return out;
}

inline Typemap indexed(const std::vector<int64_t> &B, const std::vector<int64_t> &D,
                       const Typemap &old) {
  int64_t ex = extent_of(old);
  Typemap out;
  for (size_t i = 0; i < B.size(); ++i)
    for (int64_t j = 0; j < B[i]; ++j) append_shifted(out, old, (D[i] + j) * ex);
  return out;
}

inline Typemap hindexed(const std::vector<int64_t> &B, const std::vector<int64_t> &D_bytes,
                        const Typemap &old) {
  int64_t ex = extent_of(old);
  Typemap out;
  for (size_t i = 0; i < B.size(); ++i)
    for (int64_t j = 0; j < B[i]; ++j) append_shifted(out, old, D_bytes[i] + j * ex);
  return out;
}

inline Typemap indexed_block(int64_t b, const std::vector<int64_t> &D, const Typemap &old) {
  return indexed(std::vector<int64_t>(D.size(), b), D, old);
}

inline Typemap hindexed_block(int64_t b, const std::vector<int64_t> &D_bytes,
                              const Typemap &old) {
  return hindexed(std::vector<int64_t>(D_bytes.size(), b), D_bytes, old);
}

inline Typemap structure(const std::vector<int64_t> &B, const std::vector<int64_t> &D_bytes,
                         const std::vector<const Typemap *> &T) {
  Typemap out;
  for (size_t i = 0; i < B.size(); ++i) {
    int64_t ex = extent_of(*T[i]);
    for (int64_t j = 0; j < B[i]; ++j) append_shifted(out, *T[i], D_bytes[i] + j * ex);
  }
  return out;
}

inline Typemap resized(const Typemap &old, int64_t lb, int64_t ext) {
  Typemap out;
  for (const Entry &e : old)
    if (is_basic(e)) out.push_back(e);
  out.push_back({KIND_LB, lb});
  out.push_back({KIND_UB, lb + ext});
  return out;
}

inline Typemap dup(const Typemap &old) { return old; }

// order: 0 = C (last dimension fastest), 1 = Fortran (first dimension fastest).
inline Typemap subarray(const std::vector<int64_t> &sizes, const std::vector<int64_t> &subsizes,
                        const std::vector<int64_t> &starts, int order, const Typemap &old) {
  int64_t ex = extent_of(old);
  size_t nd = sizes.size();
  std::vector<int64_t> stride(nd, 1);
  int64_t total = 1;
  for (size_t d = 0; d < nd; ++d) total *= sizes[d];
  if (order == 0) {
    for (size_t d = 0; d < nd; ++d) {
      int64_t s = 1;
      for (size_t e = d + 1; e < nd; ++e) s *= sizes[e];
      stride[d] = s;
    }
  } else {
    for (size_t d = 0; d < nd; ++d) {
      int64_t s = 1;
      for (size_t e = 0; e < d; ++e) s *= sizes[e];
      stride[d] = s;
    }
  }
  Typemap out;
  out.push_back({KIND_LB, 0});
  bool empty = false;
  for (size_t d = 0; d < nd; ++d)
    if (subsizes[d] == 0) empty = true;
  if (!empty) {
    // Iteration order: the fastest dimension is the innermost loop.
    std::vector<size_t> loop_dims(nd);  // outer .. inner
    for (size_t q = 0; q < nd; ++q) loop_dims[q] = (order == 0) ? q : nd - 1 - q;
    std::vector<int64_t> idx(nd, 0);
    for (;;) {
      int64_t elem = 0;
      for (size_t d = 0; d < nd; ++d) elem += (starts[d] + idx[d]) * stride[d];
      append_shifted(out, old, elem * ex);
      // odometer: increment innermost loop dim first
      ssize_t q = (ssize_t)nd - 1;
      for (; q >= 0; --q) {
        size_t d = loop_dims[q];
        if (++idx[d] < subsizes[d]) break;
        idx[d] = 0;
      }
      if (q < 0) break;
    }
  }
  out.push_back({KIND_UB, total * ex});
  return out;
}

// ---- Derived quantities ---------------------------------------------------------------

// The basic entries of count copies, in packed order: (typed byte offset, size, kind).
struct Piece {
  int64_t off;
  int64_t len;
};

inline std::vector<Piece> packed_entries(const Typemap &t, int64_t extent, int64_t count) {
  std::vector<Piece> out;
  for (int64_t c = 0; c < count; ++c)
    for (const Entry &e : t)
      if (is_basic(e)) out.push_back({c * extent + e.disp, basic_kind(e.kind).size});
  return out;
}

// Maximal contiguous pieces in packed order (a piece that starts where the previous
// one ends is merged into it).
inline std::vector<Piece> iov_pieces(const Typemap &t, int64_t extent, int64_t count) {
  std::vector<Piece> out;
  for (const Piece &p : packed_entries(t, extent, count)) {
    if (!out.empty() && out.back().off + out.back().len == p.off)
      out.back().len += p.len;
    else
      out.push_back(p);
  }
  return out;
}

// True when some byte is covered twice by the basic entries of count copies.
inline bool overlapping(const Typemap &t, int64_t extent, int64_t count) {
  std::vector<Piece> p = packed_entries(t, extent, count);
  std::sort(p.begin(), p.end(), [](const Piece &a, const Piece &b) { return a.off < b.off; });
  for (size_t i = 1; i < p.size(); ++i)
    if (p[i - 1].off + p[i - 1].len > p[i].off) return true;
  return false;
}

// MPI_Get_elements from the definition: nbytes of a stream of copies of t.
// Returns `undefined` when nbytes ends inside a basic entry.
inline int64_t get_elements(const Typemap &t, int64_t nbytes, int64_t undefined) {
  Bounds b = bounds_of(t);
  if (b.size == 0) return nbytes == 0 ? 0 : undefined;
  int64_t full = nbytes / b.size, rem = nbytes % b.size;
  int64_t n = full * b.nbasic;
  int64_t acc = 0;
  for (const Entry &e : t) {
    if (!is_basic(e)) continue;
    if (acc == rem) return n;
    acc += basic_kind(e.kind).size;
    if (acc > rem) return undefined;
    ++n;
  }
  return n;  // rem == 0 handled above; unreachable otherwise
}

inline int64_t get_count(const Typemap &t, int64_t nbytes, int64_t undefined) {
  Bounds b = bounds_of(t);
  if (b.size == 0) return nbytes == 0 ? 0 : undefined;
  return nbytes % b.size == 0 ? nbytes / b.size : undefined;
}

// True when the data of one copy is a single gap-free run in typemap order and
// extent == size (the header's definition of weft_type_is_contiguous).
inline bool is_contiguous(const Typemap &t) {
  Bounds b = bounds_of(t);
  if (b.extent != b.size) return false;
  bool first = true;
  int64_t end = 0;
  for (const Entry &e : t) {
    if (!is_basic(e)) continue;
    if (!first && e.disp != end) return false;
    first = false;
    end = e.disp + basic_kind(e.kind).size;
  }
  return true;
}

}  // namespace oracle
