// A small deterministic generator (splitmix64) shared by the tests and the benchmarks:
// no std distributions, so every platform sees the same sequences for a seed.
#pragma once
#include <cstdint>

namespace weft_testing {

struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform-ish in [0, n), n > 0.
  int64_t below(int64_t n) { return static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }
  // Inclusive range [lo, hi].
  int64_t range(int64_t lo, int64_t hi) { return lo + below(hi - lo + 1); }
  bool chance(int percent) { return below(100) < percent; }
};

}  // namespace weft_testing
