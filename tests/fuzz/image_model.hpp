// An independent reading of the matrix image format as documented at the top of
// core/sparse/serialize.cpp (written from that comment, not from the code): header
// offsets, the checksum, and patching helpers. The serialize tests use it to check the
// bytes weft writes and to forge images whose checksum is right but whose contents are
// not; fuzz_deserialize uses it to get past the checksum.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

namespace image_model {

using Bytes = std::vector<unsigned char>;

enum : size_t {
  kVersion = 8,
  kDomain = 12,
  kNrows = 16,
  kNcols = 24,
  kNvals = 32,
  kEsize = 40,
  kNruns = 48,
  kLength = 56,
  kHeader = 64
};

inline uint64_t get(const unsigned char *p, int bytes) {
  uint64_t v = 0;
  for (int b = bytes - 1; b >= 0; --b) v = (v << 8) | p[b];
  return v;
}
inline void put(unsigned char *p, uint64_t v, int bytes) {
  for (int b = 0; b < bytes; ++b) p[b] = static_cast<unsigned char>(v >> (8 * b));
}
inline int64_t get_i64(const Bytes &img, size_t at) { return static_cast<int64_t>(get(img.data() + at, 8)); }
inline void put_i64(Bytes &img, size_t at, int64_t v) { put(img.data() + at, static_cast<uint64_t>(v), 8); }

// The checksum of the words before the last: h starts at 0x6A09E667F3BCC909 xor the word
// count; per word h = (h xor w) * 0x9E3779B97F4A7C15, h ^= h >> 31 (mod 2^64).
inline uint64_t checksum(const unsigned char *p, size_t nwords) {
  uint64_t h = 0x6A09E667F3BCC909ull ^ nwords;
  for (size_t i = 0; i < nwords; ++i) {
    h = (h ^ get(p + 8 * i, 8)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 31;
  }
  return h;
}

// Rewrites the last word so the checksum holds again (size a multiple of 8, >= 8).
inline void fix_checksum(unsigned char *p, size_t size) { put(p + size - 8, checksum(p, size / 8 - 1), 8); }
inline void fix_checksum(Bytes &img) { fix_checksum(img.data(), img.size()); }
inline bool checksum_ok(const Bytes &img) {
  return img.size() >= 8 && img.size() % 8 == 0 &&
         get(img.data() + img.size() - 8, 8) == checksum(img.data(), img.size() / 8 - 1);
}

// Where the sections start (lb and runs for a user domain, row pointers, columns, values).
struct Sections {
  size_t runs, p, j, x;
};
inline Sections sections(const Bytes &img) {
  Sections s{};
  const bool udt = get(img.data() + kDomain, 4) == 0;
  const size_t nruns = static_cast<size_t>(get_i64(img, kNruns));
  s.runs = kHeader;
  s.p = kHeader + (udt ? 8 + 24 * nruns : 0);
  s.j = s.p + 8 * (static_cast<size_t>(get_i64(img, kNrows)) + 1);
  s.x = s.j + 8 * static_cast<size_t>(get_i64(img, kNvals));
  return s;
}

}  // namespace image_model
