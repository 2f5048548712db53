// A type signature's fingerprint: a polynomial hash of the sequence of basic types of
// the typemap (markers excluded), built alongside the type in O(log copies) per
// constructor, so that two types' signatures compare in O(1) however many entries
// they have (the indexer agrees on its unit this way).
//
// hash = sum over entries i of key(type_i) * B^(n-1-i)  (mod the prime 2^61 - 1),
// power = B^n. Appending `copies` copies of s to t is
//   t.hash = t.hash * s.power^copies + s.hash * (1 + s.power + ... + s.power^(copies-1)),
//   t.power = t.power * s.power^copies,
// and the geometric sum and the power come together by doubling.
#pragma once
#include <cstdint>
#include <utility>

namespace weft {

struct Signature {
  static constexpr uint64_t kPrime = (uint64_t(1) << 61) - 1;
  static constexpr uint64_t kBase = 0x1F2E3D4C5B6A798ull % kPrime;

  uint64_t hash = 0;   // < kPrime
  uint64_t power = 1;  // kBase^entries

  static uint64_t mul(uint64_t a, uint64_t b) {
    unsigned __int128 p = (unsigned __int128)a * b;
    uint64_t lo = uint64_t(p & kPrime), hi = uint64_t(p >> 61);
    uint64_t s = lo + hi;
    return s >= kPrime ? s - kPrime : s;
  }
  static uint64_t add(uint64_t a, uint64_t b) {
    uint64_t s = a + b;
    return s >= kPrime ? s - kPrime : s;
  }
  // (1 + r + ... + r^(n-1), r^n)
  static std::pair<uint64_t, uint64_t> geometric(uint64_t r, uint64_t n) {
    uint64_t sum = 0, pw = 1;
    for (int bit = 63; bit >= 0; --bit) {  // S(2m) = S(m)(1 + r^m); S(m+1) = S(m) r + 1
      sum = mul(sum, add(1, pw));
      pw = mul(pw, pw);
      if ((n >> bit) & 1) {
        sum = add(mul(sum, r), 1);
        pw = mul(pw, r);
      }
    }
    return {sum, pw};
  }

  // One entry of a basic type whose key is `key` (1 <= key < kPrime).
  static Signature entry(uint64_t key) { return Signature{key % kPrime, kBase}; }

  void append(const Signature &s, int64_t copies) {
    if (copies <= 0) return;
    auto [sum, pw] = geometric(s.power, uint64_t(copies));
    hash = add(mul(hash, pw), mul(s.hash, sum));
    power = mul(power, pw);
  }
};

}  // namespace weft
