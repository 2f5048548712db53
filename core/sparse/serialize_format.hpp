// The matrix image's fixed parts: field offsets, limits, little-endian access, section
// layout and checksum (the format itself is described at the top of serialize.cpp).
// Header-only and free of weft types so the reader, the writer and their checks agree on
// one set of numbers.
#pragma once
#include <cstdint>
#include <cstring>

namespace weft::image {

constexpr unsigned char kMagic[8] = {0x89, 'W', 'E', 'F', 'T', 'M', 'X', '\n'};
constexpr uint32_t kVersion = 1;

// Header fields (byte offsets).
constexpr int64_t kAtVersion = 8, kAtDomain = 12, kAtNrows = 16, kAtNcols = 24, kAtNvals = 32, kAtEsize = 40,
                  kAtNruns = 48, kAtLength = 56;
constexpr int64_t kHeaderBytes = 64;
constexpr int64_t kRunBytes = 24;      // u32 basic, u32 size, i64 count, i64 displacement
constexpr int64_t kChecksumBytes = 8;  // the image's last word

// Limits. Dimensions as weft_matrix_new's; element sizes, displacements and lb within
// +-2^60 so every sum below fits 64 bits; a user domain of at most 2^20 typemap entries
// (every compatible() walks them all, and a few bytes of image must not describe a walk
// of hours).
constexpr int64_t kMaxDim = int64_t(1) << 60;
constexpr int64_t kMaxBytes = int64_t(1) << 60;
constexpr int64_t kMaxDomainEntries = int64_t(1) << 20;

constexpr bool kHostLittle = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;

// Little-endian loads and stores at any alignment (one move on a little-endian host).
inline uint64_t load_u64(const unsigned char *p) {
  uint64_t v = 0;
  for (int b = 7; b >= 0; --b) v = v << 8 | p[b];
  return v;
}
inline uint32_t load_u32(const unsigned char *p) {
  uint32_t v = 0;
  for (int b = 3; b >= 0; --b) v = v << 8 | p[b];
  return v;
}
inline int64_t load_i64(const unsigned char *p) { return int64_t(load_u64(p)); }
inline void store_u64(unsigned char *p, uint64_t v) {
  for (int b = 0; b < 8; ++b) p[b] = (unsigned char)(v >> (8 * b));
}
inline void store_u32(unsigned char *p, uint32_t v) {
  for (int b = 0; b < 4; ++b) p[b] = (unsigned char)(v >> (8 * b));
}
inline void store_i64(unsigned char *p, int64_t v) { store_u64(p, uint64_t(v)); }

// Where each section starts, from the header's counts.
struct Layout {
  int64_t runs_at = 0;  // lb, then the runs (user-defined domains only)
  int64_t p_at = 0, j_at = 0, x_at = 0, pad_at = 0, sum_at = 0;
  int64_t length = 0;  // sum_at + 8
};

// The layout of an image with these counts; false when a section does not fit 64 bits.
// The caller has checked nrows >= 1, nvals >= 0, esize >= 1, nruns >= 0.
inline bool layout_of(int64_t nrows, int64_t nvals, int64_t esize, int64_t nruns, bool udt, Layout &out) {
  int64_t runs = 0, p = 0, j = 0, x = 0, at = kHeaderBytes;
  if (udt && (__builtin_mul_overflow(nruns, kRunBytes, &runs) || __builtin_add_overflow(runs, 8, &runs))) return false;
  out.runs_at = at;
  if (__builtin_add_overflow(at, runs, &at)) return false;
  out.p_at = at;
  if (__builtin_add_overflow(nrows, 1, &p) || __builtin_mul_overflow(p, 8, &p) || __builtin_add_overflow(at, p, &at))
    return false;
  out.j_at = at;
  if (__builtin_mul_overflow(nvals, 8, &j) || __builtin_add_overflow(at, j, &at)) return false;
  out.x_at = at;
  if (__builtin_mul_overflow(nvals, esize, &x) || __builtin_add_overflow(at, x, &at)) return false;
  out.pad_at = at;
  if (__builtin_add_overflow(at, (8 - at % 8) % 8, &at)) return false;
  out.sum_at = at;
  return !__builtin_add_overflow(at, kChecksumBytes, &out.length);
}

// The checksum of nwords little-endian 8-byte words. Each step is a bijection of the
// running state for a fixed word (xor, multiplication by an odd constant, xorshift), so
// two images that differ in a single word always differ in their checksums.
inline uint64_t checksum(const unsigned char *p, int64_t nwords) {
  uint64_t h = 0x6A09E667F3BCC909ull ^ uint64_t(nwords);
  for (int64_t i = 0; i < nwords; ++i) {
    h = (h ^ load_u64(p + 8 * i)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 31;
  }
  return h;
}

}  // namespace weft::image
