// Timing helpers the semiring benches share (sparse_bench.cpp, lazy_bench.cpp): a monotonic
// clock in seconds, the median of samples (the mean of the middle two for an even count),
// and the load average to print next to results (the machine is shared: quote ratios).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

namespace bench_clock {

inline double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

inline double median(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// "1.23 0.98 0.75" from /proc/loadavg ("?" if unreadable).
inline std::string loadavg() {
  FILE *f = std::fopen("/proc/loadavg", "r");
  if (!f) return "?";
  char buf[64] = "";
  if (!std::fgets(buf, sizeof buf, f)) buf[0] = '\0';
  std::fclose(f);
  std::string s = buf;
  size_t cut = 0;
  for (int k = 0; k < 3 && cut != std::string::npos; ++k) cut = s.find(' ', cut + (k ? 1 : 0));
  return s.substr(0, cut);
}

}  // namespace bench_clock
