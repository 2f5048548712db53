// mm_bench.cpp — Matrix Market reading speed: weft_matrix_read_mm against a reader
// written the way LAGraph_MMRead is (a line at a time with fgets, each number converted
// with the C library, the tuples then given to SuiteSparse's GrB_Matrix_build), in one
// process on one generated file.
//
// The file: a uniform random nrows x nrows matrix (--nrows, default 2^20) with --entries
// entries (default 10^7), FP64 values drawn in [-1, 1) with 17 significant digits,
// written by weft_matrix_write_mm (its write time is reported too) to --file (default
// /tmp/weft_mm_bench.mtx, removed at the end unless --keep).
//
// Correctness first: both readers' matrices are extracted and compared (same entries,
// values bitwise). Timing: --reps repetitions each (default 3; the LAGraph-style reader
// once when --reps-lagraph 1), medians, MB/s of text and the ratio LAGraph-style / weft
// (> 1: weft faster). The page cache holds the file after the first read; both readers
// get it warm (a warm-up read each, untimed).
//
// Usage: bench_mm [--nrows N] [--entries N] [--reps N] [--reps-lagraph N] [--file PATH] [--keep]
#include <sys/stat.h>
#include <time.h>

#include <algorithm>
#include <cinttypes>
#include <complex>  // GraphBLAS.h includes it in C++ mode: it must come before extern "C"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include <GraphBLAS.h>
}

#include "splitmix64.hpp"
#include "weft.h"

namespace {

double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

[[noreturn]] void die(const char *what) {
  std::fprintf(stderr, "!!! FAILED: %s (%s)\n", what, weft_last_error());
  std::exit(1);
}

// The LAGraph_MMRead way: fgets, then strtoll/strtoll/strtod per line (a coordinate
// real general file; the banner and comments skipped), then GrB_Matrix_build.
GrB_Matrix lagraph_style_read(const char *path) {
  FILE *f = std::fopen(path, "r");
  if (!f) die("fopen");
  char line[1024];
  int64_t nrows = 0, ncols = 0, nvals = 0;
  while (std::fgets(line, sizeof line, f)) {
    if (line[0] == '%') continue;
    if (std::sscanf(line, "%" SCNd64 " %" SCNd64 " %" SCNd64, &nrows, &ncols, &nvals) != 3) die("size line");
    break;
  }
  std::vector<GrB_Index> I(static_cast<size_t>(nvals)), J(static_cast<size_t>(nvals));
  std::vector<double> X(static_cast<size_t>(nvals));
  for (int64_t k = 0; k < nvals; ++k) {
    if (!std::fgets(line, sizeof line, f)) die("truncated");
    char *p = line, *q;
    I[size_t(k)] = GrB_Index(std::strtoll(p, &q, 10) - 1);
    J[size_t(k)] = GrB_Index(std::strtoll(q, &p, 10) - 1);
    X[size_t(k)] = std::strtod(p, &q);
  }
  std::fclose(f);
  GrB_Matrix A = nullptr;
  if (GrB_Matrix_new(&A, GrB_FP64, GrB_Index(nrows), GrB_Index(ncols)) != GrB_SUCCESS) die("GrB_Matrix_new");
  if (GrB_Matrix_build_FP64(A, I.data(), J.data(), X.data(), GrB_Index(nvals), nullptr) != GrB_SUCCESS)
    die("GrB_Matrix_build");
  if (GrB_Matrix_wait(A, GrB_MATERIALIZE) != GrB_SUCCESS) die("GrB_Matrix_wait");
  return A;
}

}  // namespace

int main(int argc, char **argv) {
  int64_t nrows = int64_t(1) << 20, entries = 10000000;
  int reps = 3, reps_lagraph = 3;
  std::string path = "/tmp/weft_mm_bench.mtx";
  bool keep = false;
  for (int a = 1; a < argc; ++a) {
    const std::string s = argv[a];
    auto next = [&]() -> const char * {
      if (a + 1 >= argc) die("missing value");
      return argv[++a];
    };
    if (s == "--nrows") nrows = std::atoll(next());
    else if (s == "--entries") entries = std::atoll(next());
    else if (s == "--reps") reps = std::atoi(next());
    else if (s == "--reps-lagraph") reps_lagraph = std::atoi(next());
    else if (s == "--file") path = next();
    else if (s == "--keep") keep = true;
    else {
      std::fprintf(stderr, "usage: bench_mm [--nrows N] [--entries N] [--reps N] [--reps-lagraph N] [--file P] [--keep]\n");
      return 2;
    }
  }
  GrB_init(GrB_NONBLOCKING);

  // The file, written by weft.
  weft_testing::Rng rng(42);
  std::vector<int64_t> I(static_cast<size_t>(entries)), J(static_cast<size_t>(entries));
  std::vector<double> X(static_cast<size_t>(entries));
  for (int64_t k = 0; k < entries; ++k) {
    I[size_t(k)] = int64_t(rng.next() % uint64_t(nrows));
    J[size_t(k)] = int64_t(rng.next() % uint64_t(nrows));
    X[size_t(k)] = double(int64_t(rng.next() >> 11)) / double(int64_t(1) << 52) - 1.0;
  }
  weft_matrix A = nullptr;
  if (weft_matrix_new(WEFT_FP64, nrows, nrows, &A) ||
      weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, entries, WEFT_PLUS_FP64))
    die("weft build");
  int64_t nvals = 0;
  weft_matrix_nvals(A, &nvals);
  double t0 = now();
  if (weft_matrix_write_mm(A, path.c_str())) die("weft_matrix_write_mm");
  const double write_s = now() - t0;
  weft_matrix_free(&A);
  struct stat st;
  stat(path.c_str(), &st);
  const double mb = double(st.st_size) / 1e6;
  std::printf("file %s: %lld x %lld, %lld entries, %.1f MB (written by weft in %.2f s, %.0f MB/s)\n", path.c_str(),
              (long long)nrows, (long long)nrows, (long long)nvals, mb, write_s, mb / write_s);

  // Warm-ups, and the comparison.
  weft_matrix W = nullptr;
  if (weft_matrix_read_mm(path.c_str(), nullptr, &W)) die("weft_matrix_read_mm");
  GrB_Matrix G = lagraph_style_read(path.c_str());
  {
    std::vector<int64_t> wi(static_cast<size_t>(nvals)), wj(static_cast<size_t>(nvals));
    std::vector<double> wx(static_cast<size_t>(nvals));
    std::vector<GrB_Index> gi(static_cast<size_t>(nvals)), gj(static_cast<size_t>(nvals));
    std::vector<double> gx(static_cast<size_t>(nvals));
    int64_t n = nvals;
    GrB_Index gn = GrB_Index(nvals);
    if (weft_matrix_extract_tuples(W, n, wi.data(), wj.data(), wx.data(), WEFT_FP64, &n)) die("weft tuples");
    if (GrB_Matrix_extractTuples_FP64(gi.data(), gj.data(), gx.data(), &gn, G) != GrB_SUCCESS) die("GrB tuples");
    bool same = n == nvals && int64_t(gn) == nvals;
    for (int64_t k = 0; same && k < nvals; ++k)
      same = wi[size_t(k)] == int64_t(gi[size_t(k)]) && wj[size_t(k)] == int64_t(gj[size_t(k)]) &&
             std::memcmp(&wx[size_t(k)], &gx[size_t(k)], 8) == 0;
    std::printf("results: %s\n", same ? "identical (entries, values bitwise)" : "!!! MISMATCH");
    if (!same) return 1;
  }
  weft_matrix_free(&W);
  GrB_Matrix_free(&G);

  std::vector<double> tw, tl;
  for (int r = 0; r < std::max(reps, reps_lagraph); ++r) {
    if (r < reps) {
      t0 = now();
      if (weft_matrix_read_mm(path.c_str(), nullptr, &W)) die("weft_matrix_read_mm");
      tw.push_back(now() - t0);
      weft_matrix_free(&W);
    }
    if (r < reps_lagraph) {
      t0 = now();
      G = lagraph_style_read(path.c_str());
      tl.push_back(now() - t0);
      GrB_Matrix_free(&G);
    }
  }
  const double mw = median(tw), ml = median(tl);
  std::printf("%-26s %9s %9s\n", "reader", "median s", "MB/s");
  std::printf("%-26s %9.3f %9.0f\n", "weft_matrix_read_mm", mw, mb / mw);
  std::printf("%-26s %9.3f %9.0f\n", "LAGraph-style (fgets+strtod+build)", ml, mb / ml);
  std::printf("ratio LAGraph-style / weft: %.2f\n", ml / mw);
  if (!keep) std::remove(path.c_str());
  GrB_finalize();
  weft_finalize();
  return 0;
}
