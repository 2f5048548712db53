// sparse_bench.cpp — weft's semiring engine (weft/sparse.h) against SuiteSparse:GraphBLAS
// 7.4 (Debian libgraphblas-dev) in one process, on the same generated graphs
// (sparse_graphs.hpp: uniform random and R-MAT; --scales 16,18,20, default 16 only).
//
// Operations, each with the same call on both sides (weft name / GraphBLAS name):
//   build        matrix_build from the COO arrays, dup PLUS_FP64
//   mxv, vxm     PLUS_TIMES_FP64 with a dense x
//   mxm          C = A*A, PLUS_TIMES_FP64 (scales <= --mxm-max-scale only: C is huge)
//   mxm_masked   C<A, structure> = A*A
//   tc           triangles: L = tril(ones(offdiag(A + A')), -1) as INT64 (set up untimed),
//                C<L, structure> = L*L' with PLUS_PAIR_INT64 (DESC_ST1), reduced with
//                PLUS_MONOID_INT64 to a C integer; the counts must agree
//   bfs          levels from the first vertex with an out-edge: v<q, struct> = level,
//                q<!struct(v), replace> = q ANY_PAIR_BOOL B (vxm, B = BOOL copy of A)
//   pagerank     20 iterations: w = t ./ d, r = teleport (assign), r += A' * w (PLUS accum,
//                PLUS_TIMES_FP64, A' = pattern(A)' and d = outdegree / 0.85 set up untimed)
//   transpose, ewise_add (A + A', PLUS_FP64, DESC_T1), ewise_mult (A .* A, TIMES_FP64),
//   reduce_rows (PLUS_MONOID_FP64 to a vector), select_tril (TRIL, k = -1),
//   mxv_udf      mxv with a user-defined semiring (plus and times on double as C functions,
//                given to weft with their source: its JIT kernel; SuiteSparse 7.4: generic)
//   mxv_udf_fn   the same, weft's semiring made without source (function pointers)
//
// Correctness before timing: each operation runs once on each side (the warm-up), both
// results are extracted as tuples (in row blocks when large) and compared: identical
// structure, values bitwise equal for the exact operations and within 1e-12 relative
// where the summation order may differ (for the summing vector results, mxv, vxm and
// reduce_rows, also within 1e-12 of the sum of the terms' magnitudes at that position:
// real matrices cancel, so a small sum may differ relatively much while both are right). A difference prints "!!! MISMATCH" and makes the
// exit status 1 (the other operations still run). A failing call prints the call, its
// status and message ("!!! FAILED"), ends that operation and makes the exit status 1.
//
// Timing: CLOCK_MONOTONIC around the call(s) and a wait(MATERIALIZE) of the output (or a
// reduction to a C scalar); output objects are created before and freed after the timed
// region. Repetitions alternate weft, SuiteSparse, weft, ... ; each side repeats until it
// has --min-reps and has spent --budget seconds, at most --max-reps. A side whose
// --min-reps repetitions would take longer than --slow seconds (judged by its warm-up)
// gets one timed repetition (marked "1*"); when the warm-up alone took longer than
// --slow, the warm-up is that one sample. The table shows medians and SuiteSparse/weft
// (> 1: weft faster); CSV rows go to --csv.
//
// Threads: SuiteSparse via GxB_Global_Option_set_INT32(GxB_GLOBAL_NTHREADS, t), weft via
// weft_set_threads(t). OMP_NUM_THREADS is also set at the top of main (libgomp reads it
// when it is loaded, before main: run_sparse.sh exports it too).
//
// Memory: --only weft|suitesparse runs one side only (warm-up runs, no comparison) and
// prints the peak resident memory per graph ("PEAK_RSS ..."), and per operation when
// /proc/self/clear_refs can reset the high-water mark.
//
// Files: --files bcsstk13,cryg2500 adds square Matrix Market files of --data-dir (default
// ../shared/data next to the source tree), read by weft_matrix_read_mm (sparse_graphs.hpp);
// they appear with scale 0 ("--graphs none" runs only them).
//
// Usage: bench_sparse [--scales 16,18,20] [--graphs uniform,rmat] [--threads 1|2]
//                     [--files a,b] [--data-dir DIR]
//                     [--ops a,b] [--skip a,b] [--only weft|suitesparse] [--csv FILE]
//                     [--budget S] [--min-reps N] [--max-reps N] [--reps N] [--slow S]
//                     [--mxm-max-scale S] [--seed N] [--blocking] [--no-check]
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <complex>  // GraphBLAS.h includes it in C++ mode: it must come before extern "C"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "sparse_graphs.hpp"
#include "weft.h"

extern "C" {
#include <GraphBLAS.h>
}

namespace sparse_bench {
namespace {

// ---- options ---------------------------------------------------------------------------

const char *const kAllOps[] = {"build", "mxv", "vxm", "mxm", "mxm_masked", "tc", "bfs", "pagerank",
                               "transpose", "ewise_add", "ewise_mult", "reduce_rows", "select_tril",
                               "mxv_udf", "mxv_udf_fn"};

struct Options {
  std::vector<int> scales{16};
  std::vector<std::string> graphs{"uniform", "rmat"};
  std::vector<std::string> files;
  std::string data_dir = WEFT_BENCH_DATA_DIR;
  int threads = 1;
  std::string only;  // "", "weft" or "suitesparse"
  std::string csv;
  std::vector<std::string> ops, skip;
  double budget = 2.0;
  int min_reps = 3, max_reps = 11, reps = 0;
  double slow = 60.0;
  int mxm_max_scale = 16;
  uint64_t seed = 20261127;
  bool blocking = false;
  bool check = true;

  bool weft() const { return only != "suitesparse"; }
  bool ss() const { return only != "weft"; }
  bool both() const { return only.empty(); }
  bool wants(const std::string &op) const {
    if (!ops.empty() && std::find(ops.begin(), ops.end(), op) == ops.end()) return false;
    return std::find(skip.begin(), skip.end(), op) == skip.end();
  }
};

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    if (comma == std::string::npos) comma = s.size();
    if (comma > start) out.push_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

[[noreturn]] void usage(const char *msg) {
  std::fprintf(stderr,
               "bench_sparse: %s\n"
               "usage: bench_sparse [--scales 16,18,20] [--graphs uniform,rmat] [--threads T]\n"
               "                    [--ops a,b] [--skip a,b] [--only weft|suitesparse] [--csv FILE]\n"
               "                    [--budget S] [--min-reps N] [--max-reps N] [--reps N] [--slow S]\n"
               "                    [--mxm-max-scale S] [--seed N] [--blocking] [--no-check]\n"
               "operations:",
               msg);
  for (const char *op : kAllOps) std::fprintf(stderr, " %s", op);
  std::fprintf(stderr, "\n");
  std::exit(2);
}

Options parse(int argc, char **argv) {
  Options o;
  bench_util::Args r{argc, argv, [](const std::string &m) { usage(m.c_str()); }};
  while (r.next()) {
    const std::string &a = r.flag;
    if (a == "--scales") {
      o.scales.clear();
      for (const std::string &s : split(r.value())) {
        const int v = std::atoi(s.c_str());
        if (v < 4 || v > 26) usage(("bad scale " + s).c_str());
        o.scales.push_back(v);
      }
      if (o.scales.empty()) usage("--scales needs at least one scale");
    } else if (a == "--graphs") {
      o.graphs = split(r.value());
      if (o.graphs.size() == 1 && o.graphs[0] == "none") o.graphs.clear();
      for (const std::string &g : o.graphs)
        if (g != "uniform" && g != "rmat") usage(("unknown graph " + g).c_str());
    } else if (a == "--files") {
      o.files = split(r.value());
    } else if (a == "--data-dir") {
      o.data_dir = r.value();
    } else if (a == "--threads") {
      o.threads = static_cast<int>(r.number(1, 256));
    } else if (a == "--ops" || a == "--skip") {
      std::vector<std::string> list = split(r.value());
      for (const std::string &op : list) {
        bool known = false;
        for (const char *name : kAllOps) known = known || op == name;
        if (!known) usage(("unknown operation " + op).c_str());
      }
      (a == "--ops" ? o.ops : o.skip) = list;
    } else if (a == "--only") {
      o.only = r.value();
      if (o.only != "weft" && o.only != "suitesparse") usage("--only takes weft or suitesparse");
    } else if (a == "--csv") {
      o.csv = r.value();
    } else if (a == "--budget") {
      o.budget = r.number(0, 1e6);
    } else if (a == "--min-reps") {
      o.min_reps = static_cast<int>(r.number(1, 1000));
    } else if (a == "--max-reps") {
      o.max_reps = static_cast<int>(r.number(1, 1000));
    } else if (a == "--reps") {
      o.reps = static_cast<int>(r.number(1, 1000));
    } else if (a == "--slow") {
      o.slow = r.number(0, 1e6);
    } else if (a == "--mxm-max-scale") {
      o.mxm_max_scale = static_cast<int>(r.number(0, 64));
    } else if (a == "--seed") {
      o.seed = static_cast<uint64_t>(r.number(0, 9e15));
    } else if (a == "--blocking") {
      o.blocking = true;
    } else if (a == "--no-check") {
      o.check = false;
    } else if (a == "--help" || a == "-h") {
      usage("help");
    } else {
      usage(("unknown option " + a).c_str());
    }
  }
  if (o.max_reps < o.min_reps) o.max_reps = o.min_reps;
  return o;
}

// ---- failures and handles ----------------------------------------------------------------

struct Failure {
  std::string msg;
};

const char *grb_name(GrB_Info info) {
  switch (info) {
    case GrB_SUCCESS: return "GrB_SUCCESS";
    case GrB_NO_VALUE: return "GrB_NO_VALUE";
    case GxB_EXHAUSTED: return "GxB_EXHAUSTED";
    case GrB_UNINITIALIZED_OBJECT: return "GrB_UNINITIALIZED_OBJECT";
    case GrB_NULL_POINTER: return "GrB_NULL_POINTER";
    case GrB_INVALID_VALUE: return "GrB_INVALID_VALUE";
    case GrB_INVALID_INDEX: return "GrB_INVALID_INDEX";
    case GrB_DOMAIN_MISMATCH: return "GrB_DOMAIN_MISMATCH";
    case GrB_DIMENSION_MISMATCH: return "GrB_DIMENSION_MISMATCH";
    case GrB_OUTPUT_NOT_EMPTY: return "GrB_OUTPUT_NOT_EMPTY";
    case GrB_NOT_IMPLEMENTED: return "GrB_NOT_IMPLEMENTED";
    case GrB_PANIC: return "GrB_PANIC";
    case GrB_OUT_OF_MEMORY: return "GrB_OUT_OF_MEMORY";
    case GrB_INSUFFICIENT_SPACE: return "GrB_INSUFFICIENT_SPACE";
    case GrB_INVALID_OBJECT: return "GrB_INVALID_OBJECT";
    case GrB_INDEX_OUT_OF_BOUNDS: return "GrB_INDEX_OUT_OF_BOUNDS";
    case GrB_EMPTY_OBJECT: return "GrB_EMPTY_OBJECT";
  }
  return "GrB_(unknown status)";
}

[[noreturn]] void weft_fail(const char *call, weft_status s, int line) {
  const char *last = weft_last_error();
  char buf[1024];
  std::snprintf(buf, sizeof buf, "weft call failed (sparse_bench.cpp:%d): %s -> %s (%d): %s", line, call,
                weft_status_name(s), s, last ? last : "");
  throw Failure{buf};
}

[[noreturn]] void grb_fail(const char *call, GrB_Info info, int line) {
  char buf[1024];
  std::snprintf(buf, sizeof buf, "SuiteSparse call failed (sparse_bench.cpp:%d): %s -> %s (%d)", line, call,
                grb_name(info), static_cast<int>(info));
  throw Failure{buf};
}

// Errors are < 0 on both sides; WEFT_NO_VALUE / GrB_NO_VALUE (1) are answers, not failures.
#define WCHK(call)                                     \
  do {                                                 \
    const weft_status wchk_s_ = (call);                \
    if (wchk_s_ < 0) weft_fail(#call, wchk_s_, __LINE__); \
  } while (0)
#define GCHK(call)                                      \
  do {                                                  \
    const GrB_Info gchk_i_ = (call);                    \
    if (gchk_i_ < 0) grb_fail(#call, gchk_i_, __LINE__); \
  } while (0)

// An owned handle: freed (unchecked) when it goes out of scope after a failure; normal
// paths free with a checked drop().
template <class H, class R, R (*Free)(H *)>
struct Own {
  H h = nullptr;
  Own() = default;
  Own(const Own &) = delete;
  Own &operator=(const Own &) = delete;
  ~Own() { reset(); }
  operator H() const { return h; }
  H *out() {
    reset();
    return &h;
  }
  void reset() {
    if (h) Free(&h);
    h = nullptr;
  }
  R drop() {  // the free's status (0 when there was nothing to free)
    R r = static_cast<R>(0);
    if (h) r = Free(&h);
    h = nullptr;
    return r;
  }
  void swap(Own &o) { std::swap(h, o.h); }
};
using WMatrix = Own<weft_matrix, weft_status, weft_matrix_free>;
using WVector = Own<weft_vector, weft_status, weft_vector_free>;
using WScalar = Own<weft_scalar, weft_status, weft_scalar_free>;
using WBinaryOp = Own<weft_binary_op, weft_status, weft_binary_op_free>;
using WMonoid = Own<weft_monoid, weft_status, weft_monoid_free>;
using WSemiring = Own<weft_semiring, weft_status, weft_semiring_free>;
using GMatrix = Own<GrB_Matrix, GrB_Info, GrB_Matrix_free>;
using GVector = Own<GrB_Vector, GrB_Info, GrB_Vector_free>;
using GBinaryOp = Own<GrB_BinaryOp, GrB_Info, GrB_BinaryOp_free>;
using GMonoid = Own<GrB_Monoid, GrB_Info, GrB_Monoid_free>;
using GSemiring = Own<GrB_Semiring, GrB_Info, GrB_Semiring_free>;

// GrB_Index is uint64_t; the COO arrays are int64_t (the same representation, and a
// signed/unsigned pair may alias).
const GrB_Index *gidx(const int64_t *p) { return reinterpret_cast<const GrB_Index *>(p); }
GrB_Index *gidx(int64_t *p) { return reinterpret_cast<GrB_Index *>(p); }

// The user-defined semiring's functions (z may alias x or y), and the same as C source
// for weft's JIT (weft_binary_op_new_source): mxv_udf runs weft's compiled kernel,
// mxv_udf_fn the same semiring made without source (the function pointers).
const char *const kUdfPlus = "void udf_plus(double *z, const double *x, const double *y) { *z = *x + *y; }";
const char *const kUdfTimes = "void udf_times(double *z, const double *x, const double *y) { *z = *x * *y; }";
void udf_plus(void *z, const void *x, const void *y) {
  const double a = *static_cast<const double *>(x), b = *static_cast<const double *>(y);
  *static_cast<double *>(z) = a + b;
}
void udf_times(void *z, const void *x, const void *y) {
  const double a = *static_cast<const double *>(x), b = *static_cast<const double *>(y);
  *static_cast<double *>(z) = a * b;
}

// ---- time and memory ------------------------------------------------------------------------

using bench_util::median;
using bench_util::now;

// A "Key:   123 kB" line of /proc/self/status, in KiB (-1 if absent).
int64_t status_kib(const char *key) {
  FILE *f = std::fopen("/proc/self/status", "r");
  if (!f) return -1;
  char line[256];
  int64_t v = -1;
  const size_t len = std::strlen(key);
  while (std::fgets(line, sizeof line, f)) {
    if (std::strncmp(line, key, len) == 0) {
      v = std::strtoll(line + len, nullptr, 10);
      break;
    }
  }
  std::fclose(f);
  return v;
}

// Resets the process's resident high-water mark (Linux >= 4.0); false if not allowed.
bool reset_peak_rss() {
  FILE *f = std::fopen("/proc/self/clear_refs", "w");
  if (!f) return false;
  const bool wrote = std::fputs("5", f) >= 0;
  return std::fclose(f) == 0 && wrote;
}

int64_t maxrss_kib() {
  rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0) return -1;
  return static_cast<int64_t>(ru.ru_maxrss);
}

double mib(int64_t kib) { return static_cast<double>(kib) / 1024.0; }

// ---- results and their comparison -------------------------------------------------------------

struct Tuples {
  std::vector<int64_t> I, J;
  std::vector<double> X;
};

// How to read an operation's output: a matrix or a vector (as one row), and optionally a
// C scalar the timed region produced.
struct Result {
  std::function<int64_t()> nrows, nvals;
  std::function<void(int64_t, int64_t, Tuples &)> rows;  // rows [r0, r1), global indices
  std::function<double()> scalar;
};

void resize(Tuples &t, int64_t n) {
  const size_t m = static_cast<size_t>(std::max<int64_t>(n, 1));
  t.I.resize(m);
  t.J.resize(m);
  t.X.resize(m);
}
void trim(Tuples &t, int64_t n) {
  t.I.resize(static_cast<size_t>(n));
  t.J.resize(static_cast<size_t>(n));
  t.X.resize(static_cast<size_t>(n));
}

std::vector<int64_t> range(int64_t r0, int64_t r1) {
  std::vector<int64_t> v(static_cast<size_t>(r1 - r0));
  std::iota(v.begin(), v.end(), r0);
  return v;
}

Result weft_matrix_result(WMatrix &C) {
  Result r;
  r.nrows = [&C] {
    int64_t n = 0;
    WCHK(weft_matrix_nrows(C, &n));
    return n;
  };
  r.nvals = [&C] {
    int64_t n = 0;
    WCHK(weft_matrix_nvals(C, &n));
    return n;
  };
  r.rows = [&C](int64_t r0, int64_t r1, Tuples &t) {
    int64_t nr = 0, nc = 0, nv = 0, got = 0;
    WCHK(weft_matrix_nrows(C, &nr));
    WCHK(weft_matrix_ncols(C, &nc));
    WMatrix block;
    weft_matrix src = C;
    if (r0 != 0 || r1 != nr) {
      const std::vector<int64_t> rows = range(r0, r1);
      WCHK(weft_matrix_new(WEFT_FP64, r1 - r0, nc, block.out()));
      WCHK(weft_matrix_extract(block, nullptr, nullptr, C, rows.data(), r1 - r0, WEFT_ALL, nc, nullptr));
      src = block;
    }
    WCHK(weft_matrix_nvals(src, &nv));
    resize(t, nv);
    WCHK(weft_matrix_extract_tuples(src, nv, t.I.data(), t.J.data(), t.X.data(), WEFT_FP64, &got));
    trim(t, got);
    for (int64_t &i : t.I) i += r0;
    WCHK(block.drop());
  };
  return r;
}

Result weft_vector_result(WVector &v) {
  Result r;
  r.nrows = [] { return int64_t{1}; };
  r.nvals = [&v] {
    int64_t n = 0;
    WCHK(weft_vector_nvals(v, &n));
    return n;
  };
  r.rows = [&v](int64_t, int64_t, Tuples &t) {
    int64_t nv = 0, got = 0;
    WCHK(weft_vector_nvals(v, &nv));
    resize(t, nv);
    WCHK(weft_vector_extract_tuples(v, nv, t.J.data(), t.X.data(), WEFT_FP64, &got));
    trim(t, got);
    std::fill(t.I.begin(), t.I.end(), 0);
  };
  return r;
}

Result ss_matrix_result(GMatrix &C) {
  Result r;
  r.nrows = [&C] {
    GrB_Index n = 0;
    GCHK(GrB_Matrix_nrows(&n, C));
    return static_cast<int64_t>(n);
  };
  r.nvals = [&C] {
    GrB_Index n = 0;
    GCHK(GrB_Matrix_nvals(&n, C));
    return static_cast<int64_t>(n);
  };
  r.rows = [&C](int64_t r0, int64_t r1, Tuples &t) {
    GrB_Index nr = 0, nc = 0, nv = 0;
    GCHK(GrB_Matrix_nrows(&nr, C));
    GCHK(GrB_Matrix_ncols(&nc, C));
    GMatrix block;
    GrB_Matrix src = C;
    if (r0 != 0 || static_cast<GrB_Index>(r1) != nr) {
      const std::vector<int64_t> rows = range(r0, r1);
      GCHK(GrB_Matrix_new(block.out(), GrB_FP64, static_cast<GrB_Index>(r1 - r0), nc));
      GCHK(GrB_Matrix_extract(block, nullptr, nullptr, C, gidx(rows.data()), static_cast<GrB_Index>(r1 - r0),
                              GrB_ALL, nc, nullptr));
      src = block;
    }
    GCHK(GrB_Matrix_nvals(&nv, src));
    resize(t, static_cast<int64_t>(nv));
    GrB_Index got = nv;
    GCHK(GrB_Matrix_extractTuples_FP64(gidx(t.I.data()), gidx(t.J.data()), t.X.data(), &got, src));
    trim(t, static_cast<int64_t>(got));
    for (int64_t &i : t.I) i += r0;
    GCHK(block.drop());
  };
  return r;
}

Result ss_vector_result(GVector &v) {
  Result r;
  r.nrows = [] { return int64_t{1}; };
  r.nvals = [&v] {
    GrB_Index n = 0;
    GCHK(GrB_Vector_nvals(&n, v));
    return static_cast<int64_t>(n);
  };
  r.rows = [&v](int64_t, int64_t, Tuples &t) {
    GrB_Index nv = 0;
    GCHK(GrB_Vector_nvals(&nv, v));
    resize(t, static_cast<int64_t>(nv));
    GrB_Index got = nv;
    GCHK(GrB_Vector_extractTuples_FP64(gidx(t.J.data()), t.X.data(), &got, v));
    trim(t, static_cast<int64_t>(got));
    std::fill(t.I.begin(), t.I.end(), 0);
  };
  return r;
}

// Row-major order (weft's is documented; SuiteSparse's is checked and fixed if needed).
void sort_row_major(Tuples &t) {
  const size_t n = t.I.size();
  bool sorted = true;
  for (size_t k = 1; k < n && sorted; ++k)
    sorted = t.I[k - 1] < t.I[k] || (t.I[k - 1] == t.I[k] && t.J[k - 1] < t.J[k]);
  if (sorted) return;
  std::vector<size_t> p(n);
  std::iota(p.begin(), p.end(), size_t{0});
  std::sort(p.begin(), p.end(), [&t](size_t a, size_t b) { return t.I[a] != t.I[b] ? t.I[a] < t.I[b] : t.J[a] < t.J[b]; });
  Tuples s;
  trim(s, static_cast<int64_t>(n));
  for (size_t k = 0; k < n; ++k) {
    s.I[k] = t.I[p[k]];
    s.J[k] = t.J[p[k]];
    s.X[k] = t.X[p[k]];
  }
  std::swap(t, s);
}

// slack: an absolute allowance (1e-12 * the sum of the terms' magnitudes), or 0.
bool same_value(double a, double b, bool exact, double slack = 0) {
  if (a == b) return true;
  if (std::isnan(a) && std::isnan(b)) return true;
  if (exact) return false;
  return std::fabs(a - b) <= std::max(1e-12 * std::max(std::fabs(a), std::fabs(b)), slack);
}

const int64_t kBlockEntries = int64_t{1} << 23;  // compare at most ~8M entries at a time

// "" when the two results agree, else a description of the first differences.
// slack: per vector position (vector results only), or empty.
std::string compare(const Result &w, const Result &s, bool exact, const std::vector<double> &slack = {}) {
  char buf[512];
  std::string out;
  const int64_t nvw = w.nvals(), nvs = s.nvals();
  if (nvw != nvs) {
    std::snprintf(buf, sizeof buf, "nvals weft %lld, SuiteSparse %lld; ", static_cast<long long>(nvw),
                  static_cast<long long>(nvs));
    out += buf;
  }
  const int64_t nr = w.nrows();
  if (nr != s.nrows()) return out + "different shapes";
  const int64_t nv = std::max<int64_t>(std::max(nvw, nvs), 1);
  const int64_t step = nv <= kBlockEntries ? nr : std::max<int64_t>(1, nr * kBlockEntries / nv);
  int64_t bad = 0;
  Tuples a, b;
  for (int64_t r0 = 0; r0 < nr && bad < 3; r0 += step) {
    const int64_t r1 = std::min(nr, r0 + step);
    w.rows(r0, r1, a);
    s.rows(r0, r1, b);
    sort_row_major(a);
    sort_row_major(b);
    const size_t n = std::min(a.I.size(), b.I.size());
    for (size_t k = 0; k < n && bad < 3; ++k) {
      if (a.I[k] != b.I[k] || a.J[k] != b.J[k]) {
        std::snprintf(buf, sizeof buf, "structure differs at tuple %zu of rows [%lld, %lld): weft (%lld, %lld), SuiteSparse (%lld, %lld); ", k,
                      static_cast<long long>(r0), static_cast<long long>(r1), static_cast<long long>(a.I[k]),
                      static_cast<long long>(a.J[k]), static_cast<long long>(b.I[k]), static_cast<long long>(b.J[k]));
        out += buf;
        bad = 3;  // later tuples are shifted: one report is enough
      } else if (!same_value(a.X[k], b.X[k], exact,
                             slack.empty() ? 0.0 : slack[static_cast<size_t>(a.J[k])])) {
        std::snprintf(buf, sizeof buf, "value at (%lld, %lld): weft %.17g, SuiteSparse %.17g; ", static_cast<long long>(a.I[k]),
                      static_cast<long long>(a.J[k]), a.X[k], b.X[k]);
        out += buf;
        ++bad;
      }
    }
    if (bad < 3 && a.I.size() != b.I.size()) {
      std::snprintf(buf, sizeof buf, "rows [%lld, %lld) hold %zu (weft) and %zu (SuiteSparse) entries; ", static_cast<long long>(r0),
                    static_cast<long long>(r1), a.I.size(), b.I.size());
      out += buf;
      bad = 3;
    }
  }
  if (w.scalar && s.scalar) {
    const double x = w.scalar(), y = s.scalar();
    if (!same_value(x, y, exact)) {
      std::snprintf(buf, sizeof buf, "scalar weft %.17g, SuiteSparse %.17g; ", x, y);
      out += buf;
    }
  }
  return out;
}

// ---- one side of one operation ---------------------------------------------------------------

struct Side {
  std::function<void()> prep;     // untimed: create the outputs
  std::function<void()> run;      // timed: the operation, ending with complete results
  std::function<void()> release;  // untimed: free the outputs
  Result result;
};

struct Case {
  std::string name;
  bool exact = false;
  std::vector<double> slack;  // vector results: per position, 1e-12 * sum of |terms| (compare)
  Side w, s;
  std::function<std::string()> note;  // e.g. the triangle count (after a run)
};

// ---- the per-graph objects of each side --------------------------------------------------------

struct WeftSide {
  WMatrix A, B, L, AT;  // graph; BOOL copy; tril(S, -1) INT64; pattern(A)'
  WMatrix A_copy;       // A for transpose only (never given a kept transpose)
  WVector x, d;         // dense input; outdegree / 0.85
  WSemiring udf, udf_fn;  // with source (JIT), without
  WScalar minus_one, level, one_over_n, teleport, count_s;
  WMatrix C;
  WVector y, v, q, r, t, w;
  int64_t count = 0, levels = 0;
};

struct SsSide {
  GMatrix A, B, L, AT;
  GVector x, d;
  // GraphBLAS semirings refer to their parts: they live as long as the semiring (and are
  // declared first, so that an unwinding frees the semiring before them).
  GBinaryOp udf_plus_op, udf_times_op;
  GMonoid udf_monoid;
  GSemiring udf;
  GMatrix C;
  GVector y, v, q, r, t, w;
  int64_t count = 0, levels = 0;
};

struct Needs {
  bool bool_copy, tril, pagerank, udf, a_copy;
};

void weft_setup(WeftSide &W, const Coo &g, const std::vector<double> &xv, const Needs &need) {
  const int64_t n = g.n, m = static_cast<int64_t>(g.I.size());
  WCHK(weft_matrix_new(WEFT_FP64, n, n, W.A.out()));
  WCHK(weft_matrix_build(W.A, g.I.data(), g.J.data(), g.X.data(), WEFT_FP64, m, WEFT_PLUS_FP64));
  WCHK(weft_matrix_wait(W.A, WEFT_MATERIALIZE));
  const std::vector<int64_t> all = range(0, n);
  WCHK(weft_vector_new(WEFT_FP64, n, W.x.out()));
  WCHK(weft_vector_build(W.x, all.data(), xv.data(), WEFT_FP64, n, WEFT_PLUS_FP64));
  WCHK(weft_vector_wait(W.x, WEFT_MATERIALIZE));

  const int64_t m1 = -1, i0 = 0, i1 = 1;
  const double one = 1.0, inv_n = 1.0 / static_cast<double>(n), tele = (1.0 - 0.85) / static_cast<double>(n),
               damping = 0.85;
  WCHK(weft_scalar_new(WEFT_INT64, W.minus_one.out()));
  WCHK(weft_scalar_set_element(W.minus_one, &m1, WEFT_INT64));
  WCHK(weft_scalar_new(WEFT_INT32, W.level.out()));
  WCHK(weft_scalar_new(WEFT_FP64, W.one_over_n.out()));
  WCHK(weft_scalar_set_element(W.one_over_n, &inv_n, WEFT_FP64));
  WCHK(weft_scalar_new(WEFT_FP64, W.teleport.out()));
  WCHK(weft_scalar_set_element(W.teleport, &tele, WEFT_FP64));

  if (need.a_copy) WCHK(weft_matrix_dup(W.A, W.A_copy.out()));
  if (need.bool_copy) {
    WCHK(weft_matrix_new(WEFT_BOOL, n, n, W.B.out()));
    WCHK(weft_matrix_apply(W.B, nullptr, nullptr, WEFT_IDENTITY_BOOL, W.A, nullptr));
    WCHK(weft_matrix_wait(W.B, WEFT_MATERIALIZE));
  }
  if (need.tril) {
    WMatrix T, S0, S;
    WScalar zero, one_i;
    WCHK(weft_scalar_new(WEFT_INT64, zero.out()));
    WCHK(weft_scalar_set_element(zero, &i0, WEFT_INT64));
    WCHK(weft_scalar_new(WEFT_INT64, one_i.out()));
    WCHK(weft_scalar_set_element(one_i, &i1, WEFT_INT64));
    WCHK(weft_matrix_new(WEFT_FP64, n, n, T.out()));
    WCHK(weft_matrix_ewise_add(T, nullptr, nullptr, WEFT_PLUS_FP64, W.A, W.A, WEFT_DESC_T1));
    WCHK(weft_matrix_new(WEFT_FP64, n, n, S0.out()));
    WCHK(weft_matrix_select(S0, nullptr, nullptr, WEFT_OFFDIAG, T, zero, nullptr));
    WCHK(weft_matrix_new(WEFT_INT64, n, n, S.out()));
    WCHK(weft_matrix_apply_second(S, nullptr, nullptr, WEFT_ONEB_INT64, S0, one_i, nullptr));
    WCHK(weft_matrix_new(WEFT_INT64, n, n, W.L.out()));
    WCHK(weft_matrix_select(W.L, nullptr, nullptr, WEFT_TRIL, S, W.minus_one, nullptr));
    WCHK(weft_matrix_wait(W.L, WEFT_MATERIALIZE));
    WCHK(S.drop());
    WCHK(S0.drop());
    WCHK(T.drop());
    WCHK(one_i.drop());
    WCHK(zero.drop());
  }
  if (need.pagerank) {
    WMatrix P;
    WScalar one_s, damp_s;
    WCHK(weft_scalar_new(WEFT_FP64, one_s.out()));
    WCHK(weft_scalar_set_element(one_s, &one, WEFT_FP64));
    WCHK(weft_scalar_new(WEFT_FP64, damp_s.out()));
    WCHK(weft_scalar_set_element(damp_s, &damping, WEFT_FP64));
    WCHK(weft_matrix_new(WEFT_FP64, n, n, P.out()));
    WCHK(weft_matrix_apply_second(P, nullptr, nullptr, WEFT_ONEB_FP64, W.A, one_s, nullptr));
    WCHK(weft_matrix_new(WEFT_FP64, n, n, W.AT.out()));
    WCHK(weft_transpose(W.AT, nullptr, nullptr, P, nullptr));
    WCHK(weft_matrix_wait(W.AT, WEFT_MATERIALIZE));
    WCHK(weft_vector_new(WEFT_FP64, n, W.d.out()));
    WCHK(weft_matrix_reduce(W.d, nullptr, nullptr, WEFT_PLUS_MONOID_FP64, P, nullptr));
    WCHK(weft_vector_apply_second(W.d, nullptr, nullptr, WEFT_DIV_FP64, W.d, damp_s, nullptr));
    WCHK(weft_vector_wait(W.d, WEFT_MATERIALIZE));
    WCHK(P.drop());
    WCHK(damp_s.drop());
    WCHK(one_s.drop());
  }
  for (int source = 0; source < 2 && need.udf; ++source) {
    WBinaryOp plus, times;
    WMonoid mon;
    const double zero = 0.0;
    if (source) {
      WCHK(weft_binary_op_new_source(udf_plus, WEFT_FP64, WEFT_FP64, WEFT_FP64, "udf_plus", kUdfPlus, plus.out()));
      WCHK(weft_binary_op_new_source(udf_times, WEFT_FP64, WEFT_FP64, WEFT_FP64, "udf_times", kUdfTimes, times.out()));
    } else {
      WCHK(weft_binary_op_new(udf_plus, WEFT_FP64, WEFT_FP64, WEFT_FP64, plus.out()));
      WCHK(weft_binary_op_new(udf_times, WEFT_FP64, WEFT_FP64, WEFT_FP64, times.out()));
    }
    WCHK(weft_monoid_new(plus, &zero, mon.out()));
    WCHK(weft_semiring_new(mon, times, (source ? W.udf : W.udf_fn).out()));
    WCHK(mon.drop());
    WCHK(times.drop());
    WCHK(plus.drop());
  }
}

void ss_setup(SsSide &S, const Coo &g, const std::vector<double> &xv, const Needs &need) {
  const GrB_Index n = static_cast<GrB_Index>(g.n), m = static_cast<GrB_Index>(g.I.size());
  GCHK(GrB_Matrix_new(S.A.out(), GrB_FP64, n, n));
  GCHK(GrB_Matrix_build_FP64(S.A, gidx(g.I.data()), gidx(g.J.data()), g.X.data(), m, GrB_PLUS_FP64));
  GCHK(GrB_Matrix_wait(S.A, GrB_MATERIALIZE));
  const std::vector<int64_t> all = range(0, g.n);
  GCHK(GrB_Vector_new(S.x.out(), GrB_FP64, n));
  GCHK(GrB_Vector_build_FP64(S.x, gidx(all.data()), xv.data(), n, GrB_PLUS_FP64));
  GCHK(GrB_Vector_wait(S.x, GrB_MATERIALIZE));

  if (need.bool_copy) {
    GCHK(GrB_Matrix_new(S.B.out(), GrB_BOOL, n, n));
    GCHK(GrB_Matrix_apply(S.B, nullptr, nullptr, GrB_IDENTITY_BOOL, S.A, nullptr));
    GCHK(GrB_Matrix_wait(S.B, GrB_MATERIALIZE));
  }
  if (need.tril) {
    GMatrix T, S0, S1;
    GCHK(GrB_Matrix_new(T.out(), GrB_FP64, n, n));
    GCHK(GrB_Matrix_eWiseAdd_BinaryOp(T, nullptr, nullptr, GrB_PLUS_FP64, S.A, S.A, GrB_DESC_T1));
    GCHK(GrB_Matrix_new(S0.out(), GrB_FP64, n, n));
    GCHK(GrB_Matrix_select_INT64(S0, nullptr, nullptr, GrB_OFFDIAG, T, 0, nullptr));
    GCHK(GrB_Matrix_new(S1.out(), GrB_INT64, n, n));
    GCHK(GrB_Matrix_apply_BinaryOp2nd_INT64(S1, nullptr, nullptr, GrB_ONEB_INT64, S0, 1, nullptr));
    GCHK(GrB_Matrix_new(S.L.out(), GrB_INT64, n, n));
    GCHK(GrB_Matrix_select_INT64(S.L, nullptr, nullptr, GrB_TRIL, S1, -1, nullptr));
    GCHK(GrB_Matrix_wait(S.L, GrB_MATERIALIZE));
    GCHK(S1.drop());
    GCHK(S0.drop());
    GCHK(T.drop());
  }
  if (need.pagerank) {
    GMatrix P;
    GCHK(GrB_Matrix_new(P.out(), GrB_FP64, n, n));
    GCHK(GrB_Matrix_apply_BinaryOp2nd_FP64(P, nullptr, nullptr, GrB_ONEB_FP64, S.A, 1.0, nullptr));
    GCHK(GrB_Matrix_new(S.AT.out(), GrB_FP64, n, n));
    GCHK(GrB_transpose(S.AT, nullptr, nullptr, P, nullptr));
    GCHK(GrB_Matrix_wait(S.AT, GrB_MATERIALIZE));
    GCHK(GrB_Vector_new(S.d.out(), GrB_FP64, n));
    GCHK(GrB_Matrix_reduce_Monoid(S.d, nullptr, nullptr, GrB_PLUS_MONOID_FP64, P, nullptr));
    GCHK(GrB_Vector_apply_BinaryOp2nd_FP64(S.d, nullptr, nullptr, GrB_DIV_FP64, S.d, 0.85, nullptr));
    GCHK(GrB_Vector_wait(S.d, GrB_MATERIALIZE));
    GCHK(P.drop());
  }
  if (need.udf) {
    GCHK(GrB_BinaryOp_new(S.udf_plus_op.out(), udf_plus, GrB_FP64, GrB_FP64, GrB_FP64));
    GCHK(GrB_BinaryOp_new(S.udf_times_op.out(), udf_times, GrB_FP64, GrB_FP64, GrB_FP64));
    GCHK(GrB_Monoid_new_FP64(S.udf_monoid.out(), S.udf_plus_op, 0.0));
    GCHK(GrB_Semiring_new(S.udf.out(), S.udf_monoid, S.udf_times_op));
  }
}

void weft_teardown(WeftSide &W) {
  WCHK(W.C.drop());
  WCHK(W.y.drop());
  WCHK(W.v.drop());
  WCHK(W.q.drop());
  WCHK(W.r.drop());
  WCHK(W.t.drop());
  WCHK(W.w.drop());
  WCHK(W.count_s.drop());
  WCHK(W.udf.drop());
  WCHK(W.udf_fn.drop());
  WCHK(W.teleport.drop());
  WCHK(W.one_over_n.drop());
  WCHK(W.level.drop());
  WCHK(W.minus_one.drop());
  WCHK(W.d.drop());
  WCHK(W.x.drop());
  WCHK(W.AT.drop());
  WCHK(W.A_copy.drop());
  WCHK(W.L.drop());
  WCHK(W.B.drop());
  WCHK(W.A.drop());
}

void ss_teardown(SsSide &S) {
  GCHK(S.C.drop());
  GCHK(S.y.drop());
  GCHK(S.v.drop());
  GCHK(S.q.drop());
  GCHK(S.r.drop());
  GCHK(S.t.drop());
  GCHK(S.w.drop());
  GCHK(S.udf.drop());
  GCHK(S.udf_monoid.drop());
  GCHK(S.udf_times_op.drop());
  GCHK(S.udf_plus_op.drop());
  GCHK(S.d.drop());
  GCHK(S.x.drop());
  GCHK(S.AT.drop());
  GCHK(S.L.drop());
  GCHK(S.B.drop());
  GCHK(S.A.drop());
}

// ---- the operations ---------------------------------------------------------------------------

std::function<void()> w_new(WMatrix &C, weft_type t, int64_t n) {
  return [&C, t, n] { WCHK(weft_matrix_new(t, n, n, C.out())); };
}
std::function<void()> w_new(WVector &v, weft_type t, int64_t n) {
  return [&v, t, n] { WCHK(weft_vector_new(t, n, v.out())); };
}
std::function<void()> w_free(WMatrix &C) {
  return [&C] { WCHK(C.drop()); };
}
std::function<void()> w_free(WVector &v) {
  return [&v] { WCHK(v.drop()); };
}
std::function<void()> g_new(GMatrix &C, GrB_Type t, int64_t n) {
  return [&C, t, n] { GCHK(GrB_Matrix_new(C.out(), t, static_cast<GrB_Index>(n), static_cast<GrB_Index>(n))); };
}
std::function<void()> g_new(GVector &v, GrB_Type t, int64_t n) {
  return [&v, t, n] { GCHK(GrB_Vector_new(v.out(), t, static_cast<GrB_Index>(n))); };
}
std::function<void()> g_free(GMatrix &C) {
  return [&C] { GCHK(C.drop()); };
}
std::function<void()> g_free(GVector &v) {
  return [&v] { GCHK(v.drop()); };
}

// An operation whose output is the matrix C (W.C / S.C) of domain FP64 or INT64.
Case matrix_case(const char *name, bool exact, WeftSide &W, SsSide &S, int64_t n, bool int64_out,
                 std::function<void()> wrun, std::function<void()> srun) {
  Case c;
  c.name = name;
  c.exact = exact;
  c.w.prep = w_new(W.C, int64_out ? WEFT_INT64 : WEFT_FP64, n);
  c.w.run = std::move(wrun);
  c.w.release = w_free(W.C);
  c.w.result = weft_matrix_result(W.C);
  c.s.prep = g_new(S.C, int64_out ? GrB_INT64 : GrB_FP64, n);
  c.s.run = std::move(srun);
  c.s.release = g_free(S.C);
  c.s.result = ss_matrix_result(S.C);
  return c;
}

// An operation whose output is the FP64 vector y (W.y / S.y).
Case vector_case(const char *name, bool exact, WeftSide &W, SsSide &S, int64_t n, std::function<void()> wrun,
                 std::function<void()> srun) {
  Case c;
  c.name = name;
  c.exact = exact;
  c.w.prep = w_new(W.y, WEFT_FP64, n);
  c.w.run = std::move(wrun);
  c.w.release = w_free(W.y);
  c.w.result = weft_vector_result(W.y);
  c.s.prep = g_new(S.y, GrB_FP64, n);
  c.s.run = std::move(srun);
  c.s.release = g_free(S.y);
  c.s.result = ss_vector_result(S.y);
  return c;
}

// 1e-12 * (sum over the tuples of row i (by_row) or column i of |x| * scale).
std::vector<double> magnitude_slack(const Coo &g, bool by_row, double scale) {
  std::vector<double> m(static_cast<size_t>(g.n), 0.0);
  for (size_t k = 0; k < g.X.size(); ++k) m[static_cast<size_t>(by_row ? g.I[k] : g.J[k])] += std::fabs(g.X[k]) * scale;
  for (double &v : m) v *= 1e-12;
  return m;
}

std::vector<Case> make_cases(WeftSide &W, SsSide &S, const Coo &g, const Options &o, int64_t src) {
  const int64_t n = g.n, m = static_cast<int64_t>(g.I.size());
  const GrB_Index gn = static_cast<GrB_Index>(n);
  std::vector<Case> cases;

  cases.push_back(matrix_case(
      "build", false, W, S, n, false,
      [&W, &g, m] {
        WCHK(weft_matrix_build(W.C, g.I.data(), g.J.data(), g.X.data(), WEFT_FP64, m, WEFT_PLUS_FP64));
        WCHK(weft_matrix_wait(W.C, WEFT_MATERIALIZE));
      },
      [&S, &g, m] {
        GCHK(GrB_Matrix_build_FP64(S.C, gidx(g.I.data()), gidx(g.J.data()), g.X.data(), static_cast<GrB_Index>(m),
                                   GrB_PLUS_FP64));
        GCHK(GrB_Matrix_wait(S.C, GrB_MATERIALIZE));
      }));

  cases.push_back(vector_case(
      "mxv", false, W, S, n,
      [&W] {
        WCHK(weft_mxv(W.y, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, W.A, W.x, nullptr));
        WCHK(weft_vector_wait(W.y, WEFT_MATERIALIZE));
      },
      [&S] {
        GCHK(GrB_mxv(S.y, nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, S.A, S.x, nullptr));
        GCHK(GrB_Vector_wait(S.y, GrB_MATERIALIZE));
      }));
  cases.back().slack = magnitude_slack(g, true, 1.5);

  cases.push_back(vector_case(
      "vxm", false, W, S, n,
      [&W] {
        WCHK(weft_vxm(W.y, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, W.x, W.A, nullptr));
        WCHK(weft_vector_wait(W.y, WEFT_MATERIALIZE));
      },
      [&S] {
        GCHK(GrB_vxm(S.y, nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, S.x, S.A, nullptr));
        GCHK(GrB_Vector_wait(S.y, GrB_MATERIALIZE));
      }));
  cases.back().slack = magnitude_slack(g, false, 1.5);

  if (g.scale <= o.mxm_max_scale) {
    cases.push_back(matrix_case(
        "mxm", false, W, S, n, false,
        [&W] {
          WCHK(weft_mxm(W.C, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, W.A, W.A, nullptr));
          WCHK(weft_matrix_wait(W.C, WEFT_MATERIALIZE));
        },
        [&S] {
          GCHK(GrB_mxm(S.C, nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, S.A, S.A, nullptr));
          GCHK(GrB_Matrix_wait(S.C, GrB_MATERIALIZE));
        }));
  }

  cases.push_back(matrix_case(
      "mxm_masked", false, W, S, n, false,
      [&W] {
        WCHK(weft_mxm(W.C, W.A, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, W.A, W.A, WEFT_DESC_S));
        WCHK(weft_matrix_wait(W.C, WEFT_MATERIALIZE));
      },
      [&S] {
        GCHK(GrB_mxm(S.C, S.A, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, S.A, S.A, GrB_DESC_S));
        GCHK(GrB_Matrix_wait(S.C, GrB_MATERIALIZE));
      }));

  {  // Triangles: C<L, struct> = L * L' (PLUS_PAIR), then the sum of C as a C integer.
    Case c = matrix_case(
        "tc", true, W, S, n, true,
        [&W] {
          WCHK(weft_mxm(W.C, W.L, nullptr, WEFT_PLUS_PAIR_SEMIRING_INT64, W.L, W.L, WEFT_DESC_ST1));
          WCHK(weft_matrix_reduce_scalar(W.count_s, nullptr, WEFT_PLUS_MONOID_INT64, W.C, nullptr));
          int64_t count = 0;
          WCHK(weft_scalar_extract_element(W.count_s, WEFT_INT64, &count));  // empty: WEFT_NO_VALUE, 0
          W.count = count;
        },
        [&S] {
          GCHK(GrB_mxm(S.C, S.L, nullptr, GxB_PLUS_PAIR_INT64, S.L, S.L, GrB_DESC_ST1));
          int64_t count = 0;
          GCHK(GrB_Matrix_reduce_INT64(&count, nullptr, GrB_PLUS_MONOID_INT64, S.C, nullptr));
          S.count = count;
        });
    c.w.prep = [&W, n] {
      WCHK(weft_matrix_new(WEFT_INT64, n, n, W.C.out()));
      WCHK(weft_scalar_new(WEFT_INT64, W.count_s.out()));
    };
    c.w.release = [&W] {
      WCHK(W.C.drop());
      WCHK(W.count_s.drop());
    };
    c.w.result.scalar = [&W] { return static_cast<double>(W.count); };
    c.s.result.scalar = [&S] { return static_cast<double>(S.count); };
    const bool weft_side = o.weft();
    c.note = [&W, &S, weft_side] {
      return "triangles=" + std::to_string(weft_side ? W.count : S.count);
    };
    cases.push_back(std::move(c));
  }

  {  // BFS levels (INT32) from src: v<q, struct> = level; q<!struct(v), replace> = q any.pair B.
    Case c;
    c.name = "bfs";
    c.exact = true;
    c.w.prep = [&W, n] {
      WCHK(weft_vector_new(WEFT_INT32, n, W.v.out()));
      WCHK(weft_vector_new(WEFT_BOOL, n, W.q.out()));
    };
    c.w.run = [&W, n, src] {
      const bool yes = true;
      WCHK(weft_vector_set_element(W.q, src, &yes, WEFT_BOOL));
      int32_t level = 0;
      int64_t nq = 1;
      while (nq > 0) {
        ++level;
        WCHK(weft_scalar_set_element(W.level, &level, WEFT_INT32));
        WCHK(weft_vector_assign_scalar(W.v, W.q, nullptr, W.level, WEFT_ALL, n, WEFT_DESC_S));
        WCHK(weft_vxm(W.q, W.v, nullptr, WEFT_ANY_PAIR_SEMIRING_BOOL, W.q, W.B, WEFT_DESC_RSC));
        WCHK(weft_vector_nvals(W.q, &nq));
      }
      WCHK(weft_vector_wait(W.v, WEFT_MATERIALIZE));
      W.levels = level;
    };
    c.w.release = [&W] {
      WCHK(W.v.drop());
      WCHK(W.q.drop());
    };
    c.w.result = weft_vector_result(W.v);
    c.s.prep = [&S, gn] {
      GCHK(GrB_Vector_new(S.v.out(), GrB_INT32, gn));
      GCHK(GrB_Vector_new(S.q.out(), GrB_BOOL, gn));
    };
    c.s.run = [&S, gn, src] {
      GCHK(GrB_Vector_setElement_BOOL(S.q, true, static_cast<GrB_Index>(src)));
      int32_t level = 0;
      GrB_Index nq = 1;
      while (nq > 0) {
        ++level;
        GCHK(GrB_Vector_assign_INT32(S.v, S.q, nullptr, level, GrB_ALL, gn, GrB_DESC_S));
        GCHK(GrB_vxm(S.q, S.v, nullptr, GxB_ANY_PAIR_BOOL, S.q, S.B, GrB_DESC_RSC));
        GCHK(GrB_Vector_nvals(&nq, S.q));
      }
      GCHK(GrB_Vector_wait(S.v, GrB_MATERIALIZE));
      S.levels = level;
    };
    c.s.release = [&S] {
      GCHK(S.v.drop());
      GCHK(S.q.drop());
    };
    c.s.result = ss_vector_result(S.v);
    const bool weft_side = o.weft();
    c.note = [&W, &S, weft_side, src] {
      return "source=" + std::to_string(src) + ";levels=" + std::to_string(weft_side ? W.levels : S.levels);
    };
    cases.push_back(std::move(c));
  }

  {  // PageRank, 20 iterations, spec objects only (AT = pattern(A)', d = outdegree / 0.85).
    Case c;
    c.name = "pagerank";
    c.exact = false;
    c.w.prep = [&W, n] {
      WCHK(weft_vector_new(WEFT_FP64, n, W.r.out()));
      WCHK(weft_vector_new(WEFT_FP64, n, W.t.out()));
      WCHK(weft_vector_new(WEFT_FP64, n, W.w.out()));
    };
    c.w.run = [&W, n] {
      WCHK(weft_vector_assign_scalar(W.r, nullptr, nullptr, W.one_over_n, WEFT_ALL, n, nullptr));
      for (int it = 0; it < 20; ++it) {
        W.r.swap(W.t);
        WCHK(weft_vector_ewise_mult(W.w, nullptr, nullptr, WEFT_DIV_FP64, W.t, W.d, nullptr));
        WCHK(weft_vector_assign_scalar(W.r, nullptr, nullptr, W.teleport, WEFT_ALL, n, nullptr));
        WCHK(weft_mxv(W.r, nullptr, WEFT_PLUS_FP64, WEFT_PLUS_TIMES_SEMIRING_FP64, W.AT, W.w, nullptr));
      }
      WCHK(weft_vector_wait(W.r, WEFT_MATERIALIZE));
    };
    c.w.release = [&W] {
      WCHK(W.r.drop());
      WCHK(W.t.drop());
      WCHK(W.w.drop());
    };
    c.w.result = weft_vector_result(W.r);
    c.s.prep = [&S, gn] {
      GCHK(GrB_Vector_new(S.r.out(), GrB_FP64, gn));
      GCHK(GrB_Vector_new(S.t.out(), GrB_FP64, gn));
      GCHK(GrB_Vector_new(S.w.out(), GrB_FP64, gn));
    };
    c.s.run = [&S, gn] {
      const double inv_n = 1.0 / static_cast<double>(gn), tele = (1.0 - 0.85) / static_cast<double>(gn);
      GCHK(GrB_Vector_assign_FP64(S.r, nullptr, nullptr, inv_n, GrB_ALL, gn, nullptr));
      for (int it = 0; it < 20; ++it) {
        S.r.swap(S.t);
        GCHK(GrB_Vector_eWiseMult_BinaryOp(S.w, nullptr, nullptr, GrB_DIV_FP64, S.t, S.d, nullptr));
        GCHK(GrB_Vector_assign_FP64(S.r, nullptr, nullptr, tele, GrB_ALL, gn, nullptr));
        GCHK(GrB_mxv(S.r, nullptr, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, S.AT, S.w, nullptr));
      }
      GCHK(GrB_Vector_wait(S.r, GrB_MATERIALIZE));
    };
    c.s.release = [&S] {
      GCHK(S.r.drop());
      GCHK(S.t.drop());
      GCHK(S.w.drop());
    };
    c.s.result = ss_vector_result(S.r);
    cases.push_back(std::move(c));
  }

  // weft transposes its own copy of A, which no product reads: A itself keeps its
  // transpose once vxm has pulled through it twice, and weft_transpose then copies that
  // (a copy, not a transpose, would be timed).
  cases.push_back(matrix_case(
      "transpose", true, W, S, n, false,
      [&W] {
        WCHK(weft_transpose(W.C, nullptr, nullptr, W.A_copy, nullptr));
        WCHK(weft_matrix_wait(W.C, WEFT_MATERIALIZE));
      },
      [&S] {
        GCHK(GrB_transpose(S.C, nullptr, nullptr, S.A, nullptr));
        GCHK(GrB_Matrix_wait(S.C, GrB_MATERIALIZE));
      }));

  cases.push_back(matrix_case(
      "ewise_add", true, W, S, n, false,
      [&W] {
        WCHK(weft_matrix_ewise_add(W.C, nullptr, nullptr, WEFT_PLUS_FP64, W.A, W.A, WEFT_DESC_T1));
        WCHK(weft_matrix_wait(W.C, WEFT_MATERIALIZE));
      },
      [&S] {
        GCHK(GrB_Matrix_eWiseAdd_BinaryOp(S.C, nullptr, nullptr, GrB_PLUS_FP64, S.A, S.A, GrB_DESC_T1));
        GCHK(GrB_Matrix_wait(S.C, GrB_MATERIALIZE));
      }));

  cases.push_back(matrix_case(
      "ewise_mult", true, W, S, n, false,
      [&W] {
        WCHK(weft_matrix_ewise_mult(W.C, nullptr, nullptr, WEFT_TIMES_FP64, W.A, W.A, nullptr));
        WCHK(weft_matrix_wait(W.C, WEFT_MATERIALIZE));
      },
      [&S] {
        GCHK(GrB_Matrix_eWiseMult_BinaryOp(S.C, nullptr, nullptr, GrB_TIMES_FP64, S.A, S.A, nullptr));
        GCHK(GrB_Matrix_wait(S.C, GrB_MATERIALIZE));
      }));

  cases.push_back(vector_case(
      "reduce_rows", false, W, S, n,
      [&W] {
        WCHK(weft_matrix_reduce(W.y, nullptr, nullptr, WEFT_PLUS_MONOID_FP64, W.A, nullptr));
        WCHK(weft_vector_wait(W.y, WEFT_MATERIALIZE));
      },
      [&S] {
        GCHK(GrB_Matrix_reduce_Monoid(S.y, nullptr, nullptr, GrB_PLUS_MONOID_FP64, S.A, nullptr));
        GCHK(GrB_Vector_wait(S.y, GrB_MATERIALIZE));
      }));
  cases.back().slack = magnitude_slack(g, true, 1.0);

  cases.push_back(matrix_case(
      "select_tril", true, W, S, n, false,
      [&W] {
        WCHK(weft_matrix_select(W.C, nullptr, nullptr, WEFT_TRIL, W.A, W.minus_one, nullptr));
        WCHK(weft_matrix_wait(W.C, WEFT_MATERIALIZE));
      },
      [&S] {
        GCHK(GrB_Matrix_select_INT64(S.C, nullptr, nullptr, GrB_TRIL, S.A, -1, nullptr));
        GCHK(GrB_Matrix_wait(S.C, GrB_MATERIALIZE));
      }));

  for (const char *name : {"mxv_udf", "mxv_udf_fn"}) {
    const bool jit = std::strcmp(name, "mxv_udf") == 0;
    cases.push_back(vector_case(
        name, false, W, S, n,
        [&W, jit] {
          WCHK(weft_mxv(W.y, nullptr, nullptr, jit ? W.udf : W.udf_fn, W.A, W.x, nullptr));
          WCHK(weft_vector_wait(W.y, WEFT_MATERIALIZE));
        },
        [&S] {
          GCHK(GrB_mxv(S.y, nullptr, nullptr, S.udf, S.A, S.x, nullptr));
          GCHK(GrB_Vector_wait(S.y, GrB_MATERIALIZE));
        }));
    cases.back().slack = magnitude_slack(g, true, 1.5);
  }

  // Keep the chosen operations only.
  std::vector<Case> kept;
  for (Case &c : cases)
    if (o.wants(c.name)) kept.push_back(std::move(c));
  return kept;
}

// ---- the driver -------------------------------------------------------------------------------

struct Totals {
  std::vector<double> ratios;
  int mismatches = 0, failures = 0;
};

struct Run {
  const Options &o;
  Totals &totals;
  FILE *csv;
  std::string date;
  int64_t graph_peak_kib = -1;  // --only: the highest VmHWM seen during the current graph
};

void release_quietly(Case &c) {
  try {
    c.w.release();
  } catch (const Failure &) {
  }
  try {
    c.s.release();
  } catch (const Failure &) {
  }
}

// One warm-up run of a side; returns its time.
double warm_up(Side &side) {
  side.prep();
  const double t0 = now();
  side.run();
  return now() - t0;
}

// A side's repetitions after the warm-up: "capped" (one run only) when min_reps runs would
// take longer than --slow, and none at all (the warm-up is the sample) when the warm-up
// alone took longer than --slow.
struct Reps {
  bool on = false;
  std::vector<double> t;
  double spent = 0;
  bool capped = false, warm_reused = false;
  bool more(const Options &o) const {
    if (!on) return false;
    if (capped) return t.empty();
    if (o.reps > 0) return static_cast<int>(t.size()) < o.reps;
    if (static_cast<int>(t.size()) < o.min_reps) return true;
    if (static_cast<int>(t.size()) >= o.max_reps) return false;
    return spent < o.budget;
  }
  void plan(const Options &o, double warm) {
    if (!on) return;
    const int planned = o.reps > 0 ? o.reps : o.min_reps;
    capped = warm * planned > o.slow;
    if (warm > o.slow) {
      warm_reused = true;
      t.push_back(warm);
    }
  }
  std::string count() const {
    return std::to_string(t.size()) + (capped ? "*" : "");
  }
};

void timed(Side &side, Reps &r) {
  side.prep();
  const double t0 = now();
  side.run();
  const double dt = now() - t0;
  side.release();
  r.t.push_back(dt);
  r.spent += dt;
}

void print_header() {
  std::printf("%-8s %5s %-12s %13s %13s %9s %8s  %-8s %s\n", "graph", "scale", "operation", "weft ms", "SuiteSparse ms",
              "SS/weft", "reps w/s", "check", "note");
}

void run_case(Run &run, Case &c, const Coo &g, int64_t nnz) {
  const Options &o = run.o;
  const bool W = o.weft(), S = o.ss();
  const bool mem = !o.both();
  std::string check = "-", note;
  double tw0 = NAN, ts0 = NAN;
  int64_t op_peak = -1;
  bool peak_reset = false;
  Reps rw, rs;
  rw.on = W;
  rs.on = S;
  try {
    if (mem) peak_reset = reset_peak_rss();
    if (W) tw0 = warm_up(c.w);
    if (S) ts0 = warm_up(c.s);
    if (mem) {
      op_peak = status_kib("VmHWM:");
      run.graph_peak_kib = std::max(run.graph_peak_kib, op_peak);
      if (!peak_reset) op_peak = -1;  // the process's peak, not this operation's
    }
    if (c.note) note = c.note();
    if (W && S && o.check) {
      const std::string diff = compare(c.w.result, c.s.result, c.exact, c.slack);
      if (diff.empty()) {
        check = c.exact ? "exact" : "1e-12";
      } else {
        check = "MISMATCH";
        ++run.totals.mismatches;
        std::printf("!!! MISMATCH %s 2^%d %s: %s\n", g.kind.c_str(), g.scale, c.name.c_str(), diff.c_str());
      }
    }
    if (W) c.w.release();
    if (S) c.s.release();
    if (!mem) {
      rw.plan(o, tw0);
      rs.plan(o, ts0);
      while (rw.more(o) || rs.more(o)) {  // alternate the two sides
        if (rw.more(o)) timed(c.w, rw);
        if (rs.more(o)) timed(c.s, rs);
      }
    } else {
      if (W) rw.t.push_back(tw0);
      if (S) rs.t.push_back(ts0);
    }
  } catch (const Failure &f) {
    std::printf("!!! FAILED %s 2^%d %s: %s\n", g.kind.c_str(), g.scale, c.name.c_str(), f.msg.c_str());
    std::fflush(stdout);
    ++run.totals.failures;
    release_quietly(c);
    return;
  }

  const double mw = median(rw.t), ms = median(rs.t);
  const double ratio = (W && S) ? ms / mw : NAN;
  char wbuf[32] = "-", sbuf[32] = "-", rbuf[32] = "-";
  if (W) std::snprintf(wbuf, sizeof wbuf, "%.3f", 1e3 * mw);
  if (S) std::snprintf(sbuf, sizeof sbuf, "%.3f", 1e3 * ms);
  if (W && S) std::snprintf(rbuf, sizeof rbuf, "%.2f", ratio);
  const std::string reps = (W ? rw.count() : "-") + "/" + (S ? rs.count() : "-");
  if (mem && op_peak >= 0) note += (note.empty() ? "" : ";") + std::string("op_peak_rss_mib=") + std::to_string(static_cast<int64_t>(mib(op_peak)));
  std::printf("%-8s %5d %-12s %13s %13s %9s %8s  %-8s %s\n", g.kind.c_str(), g.scale, c.name.c_str(), wbuf, sbuf, rbuf,
              reps.c_str(), check.c_str(), note.c_str());
  if ((W && rw.capped) || (S && rs.capped)) {
    std::printf("         (* %s: one timed repetition only, %s)\n", c.name.c_str(),
                (rw.warm_reused || rs.warm_reused) ? "the warm-up took longer than --slow and is the sample"
                                                    : "min-reps runs would take longer than --slow");
  }
  std::fflush(stdout);
  if (W && S) {
    if (ratio > 0 && std::isfinite(ratio)) run.totals.ratios.push_back(ratio);
    if (run.csv) {
      std::fprintf(run.csv, "%s,%s,%d,%lld,%s,%d,%.9g,%.9g,%.6g,%s,%s,%s,%s\n", run.date.c_str(), g.kind.c_str(), g.scale,
                   static_cast<long long>(nnz), c.name.c_str(), o.threads, mw, ms, ratio, rw.count().c_str(),
                   rs.count().c_str(), check.c_str(), note.c_str());
      std::fflush(run.csv);
    }
  }
}

void run_graph(Run &run, const std::string &kind, int scale) {
  const Options &o = run.o;
  std::printf("\n== %s 2^%d: %s\n", kind.c_str(), scale, scale ? "generating" : "reading");
  std::fflush(stdout);
  double t0 = now();
  const Coo g = scale ? make_graph(kind, scale, o.seed + static_cast<uint64_t>(scale)) : load_file(o.data_dir, kind);
  if (g.kind.empty()) {
    std::printf("!!! FAILED %s: cannot read %s/%s.mtx as a square matrix: %s\n", kind.c_str(), o.data_dir.c_str(),
                kind.c_str(), weft_last_error());
    ++run.totals.failures;
    return;
  }
  std::vector<double> xv(static_cast<size_t>(g.n));
  weft_testing::Rng rng(o.seed ^ 0x78ull);
  for (double &v : xv) v = 0.5 + unit_open0(rng);
  const int64_t src = first_source(g);
  const double gen_s = now() - t0;
  const int64_t base_kib = status_kib("VmRSS:");

  Needs need;
  need.bool_copy = o.wants("bfs");
  need.a_copy = o.wants("transpose");
  need.tril = o.wants("tc");
  need.pagerank = o.wants("pagerank");
  need.udf = o.wants("mxv_udf") || o.wants("mxv_udf_fn");
  const bool mem = !o.both();
  if (mem) reset_peak_rss();
  run.graph_peak_kib = -1;

  WeftSide W;
  SsSide S;
  int64_t nnz = 0;
  double wset = NAN, sset = NAN;
  try {
    if (o.weft()) {
      t0 = now();
      weft_setup(W, g, xv, need);
      wset = now() - t0;
      WCHK(weft_matrix_nvals(W.A, &nnz));
    }
    if (o.ss()) {
      t0 = now();
      ss_setup(S, g, xv, need);
      sset = now() - t0;
      GrB_Index nv = 0;
      GCHK(GrB_Matrix_nvals(&nv, S.A));
      nnz = static_cast<int64_t>(nv);
    }
    std::printf("n = %lld, COO tuples = %zu, nnz(A) = %lld, BFS source = %lld; generated in %.2f s; RSS after "
                "generation %.0f MiB; set up in",
                static_cast<long long>(g.n), g.I.size(), static_cast<long long>(nnz), static_cast<long long>(src), gen_s,
                mib(base_kib));
    if (o.weft()) std::printf(" %.2f s (weft)", wset);
    if (o.ss()) std::printf(" %.2f s (SuiteSparse)", sset);
    std::printf("\n");
    if (o.both() && o.check) {  // the untimed inputs the operations share
      std::string bad;
      auto same = [&bad](const char *what, const Result &a, const Result &b, bool exact) {
        const std::string d = compare(a, b, exact);
        if (!d.empty()) bad += std::string(what) + ": " + d;
      };
      same("A", weft_matrix_result(W.A), ss_matrix_result(S.A), false);
      if (need.bool_copy) same("B", weft_matrix_result(W.B), ss_matrix_result(S.B), true);
      if (need.tril) same("L", weft_matrix_result(W.L), ss_matrix_result(S.L), true);
      if (need.pagerank) {
        same("AT", weft_matrix_result(W.AT), ss_matrix_result(S.AT), true);
        same("d", weft_vector_result(W.d), ss_vector_result(S.d), true);
      }
      if (bad.empty()) {
        std::printf("inputs identical on both sides (A%s%s%s)\n", need.bool_copy ? ", B" : "", need.tril ? ", L" : "",
                    need.pagerank ? ", AT, d" : "");
      } else {
        ++run.totals.mismatches;
        std::printf("!!! MISMATCH %s 2^%d set-up: %s\n", kind.c_str(), scale, bad.c_str());
      }
    }
  } catch (const Failure &f) {
    std::printf("!!! FAILED %s 2^%d set-up: %s\n", kind.c_str(), scale, f.msg.c_str());
    ++run.totals.failures;
    return;
  }
  if (mem) run.graph_peak_kib = std::max(run.graph_peak_kib, status_kib("VmHWM:"));
  std::fflush(stdout);

  std::vector<Case> cases = make_cases(W, S, g, o, src);
  print_header();
  for (Case &c : cases) run_case(run, c, g, nnz);

  try {
    if (o.weft()) weft_teardown(W);
    if (o.ss()) ss_teardown(S);
  } catch (const Failure &f) {
    std::printf("!!! FAILED %s 2^%d tear-down: %s\n", kind.c_str(), scale, f.msg.c_str());
    ++run.totals.failures;
  }
  if (mem) {
    // The high-water mark is reset (clear_refs) after generation and before each
    // operation: the graph's peak is the highest mark read (set-up, each operation,
    // tear-down); it includes the generated arrays (baseline). Without clear_refs every
    // mark is the process's peak. ru_maxrss is printed as the kernel's own account.
    run.graph_peak_kib = std::max(run.graph_peak_kib, status_kib("VmHWM:"));
    std::printf("PEAK_RSS graph=%s scale=%d side=%s peak_mib=%.0f baseline_mib=%.0f maxrss_mib=%.0f\n", kind.c_str(),
                scale, o.weft() ? "weft" : "suitesparse", mib(std::max(run.graph_peak_kib, int64_t{0})), mib(base_kib),
                mib(maxrss_kib()));
  }
}

std::string today() {
  const time_t t = time(nullptr);
  tm u;
  gmtime_r(&t, &u);
  char buf[32];
  strftime(buf, sizeof buf, "%Y-%m-%d", &u);
  return buf;
}

using bench_util::loadavg;

int main_impl(int argc, char **argv) {
  bench_util::steady_malloc();
  const Options o = parse(argc, argv);
  // Before anything else: any OpenMP runtime initialised from here on sees the thread count.
  const std::string nthreads = std::to_string(o.threads);
  setenv("OMP_NUM_THREADS", nthreads.c_str(), 1);

  int wmaj = 0, wmin = 0, wpat = 0;
  int32_t ss_threads = -1;
  int weft_threads = -1;
  try {
    WCHK(weft_version(&wmaj, &wmin, &wpat));
    if (o.weft()) {
      WCHK(weft_init(o.blocking ? WEFT_BLOCKING : WEFT_NONBLOCKING));
      WCHK(weft_set_threads(o.threads));
      WCHK(weft_get_threads(&weft_threads));
    }
    if (o.ss()) {
      GCHK(GrB_init(o.blocking ? GrB_BLOCKING : GrB_NONBLOCKING));
      GCHK(GxB_Global_Option_set_INT32(GxB_GLOBAL_NTHREADS, o.threads));
      GCHK(GxB_Global_Option_get_INT32(GxB_GLOBAL_NTHREADS, &ss_threads));
    }
  } catch (const Failure &f) {
    std::printf("!!! FAILED start-up: %s\n", f.msg.c_str());
    return 1;
  }
  std::printf("bench_sparse %s UTC: weft %d.%d.%d vs SuiteSparse:GraphBLAS %d.%d.%d (header); %s mode; threads %d "
              "(SuiteSparse GxB_NTHREADS = %s; weft_get_threads = %s; "
              "OMP_NUM_THREADS=%s); load average %s\n",
              today().c_str(), wmaj, wmin, wpat, GxB_IMPLEMENTATION_MAJOR, GxB_IMPLEMENTATION_MINOR,
              GxB_IMPLEMENTATION_SUB, o.blocking ? "blocking" : "nonblocking", o.threads,
              o.ss() ? std::to_string(ss_threads).c_str() : "unset",
              o.weft() ? std::to_string(weft_threads).c_str() : "unset", nthreads.c_str(), loadavg().c_str());
  if (!o.both())
    std::printf("--only %s: a memory run (one run per operation, no comparison; op_peak_rss_mib is the process's "
                "resident high-water mark during the operation, inputs included)\n",
                o.weft() ? "weft" : "suitesparse");
  std::printf("times are medians in ms; SS/weft > 1 means weft is faster; check: exact = bitwise, 1e-12 = relative\n");

  Totals totals;
  FILE *csv = nullptr;
  if (!o.csv.empty() && o.both()) {
    csv = std::fopen(o.csv.c_str(), "a");
    if (!csv) {
      std::printf("!!! cannot open %s\n", o.csv.c_str());
      return 1;
    }
    std::fseek(csv, 0, SEEK_END);
    if (std::ftell(csv) == 0)
      std::fprintf(csv, "date,graph,scale,nnz,op,threads,weft_median_s,ss_median_s,ratio,weft_reps,ss_reps,check,note\n");
  }
  Run run{o, totals, csv, today()};
  for (const std::string &kind : o.graphs)
    for (int scale : o.scales) run_graph(run, kind, scale);
  for (const std::string &file : o.files) run_graph(run, file, 0);
  if (csv) std::fclose(csv);

  if (!totals.ratios.empty()) {
    double logsum = 0;
    for (double r : totals.ratios) logsum += std::log(r);
    std::printf("\ngeometric mean of SS/weft over %zu operations at %d thread(s): %.3f\n", totals.ratios.size(),
                o.threads, std::exp(logsum / static_cast<double>(totals.ratios.size())));
  }
  try {
    if (o.ss()) GCHK(GrB_finalize());
    if (o.weft()) WCHK(weft_finalize());
  } catch (const Failure &f) {
    std::printf("!!! FAILED finalize: %s\n", f.msg.c_str());
    ++totals.failures;
  }
  if (totals.mismatches || totals.failures) {
    std::printf("!!! %d mismatch(es), %d failure(s)\n", totals.mismatches, totals.failures);
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace sparse_bench

int main(int argc, char **argv) { return sparse_bench::main_impl(argc, argv); }
