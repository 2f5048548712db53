// What the semiring benches share (sparse_bench.cpp, lazy_bench.cpp, graph_bench.cpp): a
// monotonic clock in seconds, the median of samples (the mean of the middle two for an even
// count), the load average to print next to results (the machine is shared: quote ratios),
// one malloc behaviour for both libraries, and the reading of their command lines.
#pragma once
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace bench_util {

inline double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// weft and SuiteSparse share this process's malloc. glibc trims the top of its heap when a
// block there is freed, so a later block of a few hundred KiB (a 10^4-10^5-entry matrix's
// arrays) is faulted in afresh: whichever library allocates after the other frees pays
// for it (measured on bcsstk13: weft's triangle count 10.5 ms against 4.1; after weft's
// block pool took those sizes, SuiteSparse's 4.6 -> 9.1 ms instead). Called first in main:
// no trimming, and blocks below 64 MiB from the heap, for both alike.
inline void steady_malloc() {
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
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

// A command line read option by option: next() moves to the next option (flag), value()
// takes the argument after it, number(lo, hi) that argument as a number in [lo, hi];
// anything missing or malformed goes to usage (which does not return).
struct Args {
  Args(int c, char **v, std::function<void(const std::string &)> u) : argc(c), argv(v), usage(std::move(u)) {}
  int argc;
  char **argv;
  std::function<void(const std::string &)> usage;
  int k = 0;
  std::string flag;
  bool next() {
    if (++k >= argc) return false;
    flag = argv[k];
    return true;
  }
  std::string value() {
    if (k + 1 >= argc) usage("missing value after " + flag);
    return argv[++k];
  }
  double number(double lo, double hi) {
    const std::string v = value();
    char *end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    if (end == v.c_str() || *end != '\0' || !(d >= lo && d <= hi)) usage("bad value for " + flag + ": " + v);
    return d;
  }
};

}  // namespace bench_util
