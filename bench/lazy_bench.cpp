// lazy_bench.cpp — what weft's nonblocking mode (weft/sparse.h, "Execution (weft_init)") gains
// by fusing queued element-wise operations tile by tile, against the same program in
// blocking mode, the same GrB calls in SuiteSparse:GraphBLAS 7.4 (Debian libgraphblas-dev)
// and a hand-fused C loop (the physical limit), all on identical inputs.
//
// The execution mode is fixed per process (weft_init before any object exists), so one run
// measures one weft mode: `bench_lazy --mode nonblocking` and `bench_lazy --mode blocking`
// each time weft in that mode, SuiteSparse (always GrB_init(GrB_NONBLOCKING)) and the hand
// loop. bench/run_lazy.sh runs both and merges them (bench/plot_lazy.py: the table, the
// targets, bench/lazy_ratios.png).
//
// Cases (names: <inputs>_<kind>_<k>, and pagerank):
//   chains   inputs x, y of --n FP64 entries: "dense" (every position) or "sparse" (the same
//            10% of positions in both, drawn from a fixed seed). A chain of k (--chains,
//            default 2,4,8) element-wise operations, each with a typed FP64 path in weft:
//              t1 = x + y        ewise_add  PLUS        t5 = t4 - x       ewise_add  MINUS
//              t2 = t1 .* x      ewise_mult TIMES       t6 = -t5          apply      AINV
//              t3 = |t2|         apply      ABS         t7 = t6 .* y      ewise_mult TIMES
//              t4 = max(t3, y)   ewise_add  MAX         t8 = min(t7, x)   ewise_mult MIN
//            (x and y share their positions, so add and mult have the same structure.)
//            freed: each t_i (i < k) is freed right after the operation that reads it, so
//                   before the final weft_vector_wait(t_k): nonblocking mode never has to
//                   write it;
//            kept:  every t_i stays alive and is waited on after the chain (t_k first, so
//                   that the whole chain is one queued group, then t_1 .. t_{k-1}): all of
//                   them are materialised.
//            Timed: from the first weft_vector_new to the last wait inclusive (the objects'
//            creation is part of the program as a user writes it); t_k and the kept t_i
//            are freed after the clock stops. SuiteSparse: the same GrB calls
//            (GrB_Vector_new, GrB_Vector_eWiseAdd_BinaryOp / eWiseMult_BinaryOp,
//            GrB_Vector_apply, GrB_Vector_free, GrB_Vector_wait). Hand: one loop over the
//            dense arrays (dense) or over the shared index array and the two value arrays
//            (sparse: the output's index array is written too) computing t_k straight
//            into preallocated arrays; for "kept" the same single loop stores every t_i
//            (the least a program that keeps them can write).
//   pagerank R-MAT graph of 2^--scale vertices, 16 edges per vertex (sparse_graphs.hpp:
//            symmetrized, each edge once, values 1.0), out-degrees d_out (vertices without
//            edges have no entry). --iters (default 20) iterations of GAP/LAGraph's loop
//            body, r starting at 1/n, damping 0.85, teleport 0.15/n:
//              t    = r ./ d_out                       ewise_mult DIV
//              w    = A' t                             mxv, PLUS_SECOND_FP64, DESC_T0
//              rn   = teleport                         assign_scalar to every position
//              rn  += damping * w                      apply_second TIMES, accum PLUS
//              e    = rn - r;  e = |e|                 ewise_add MINUS, apply ABS
//              diff = sum(e)                           reduce_scalar PLUS, read as a double
//              r    = rn                               (t, w, e and the old r are freed)
//            diff is read every iteration, as a convergence test does (the tolerance is 0,
//            so all iterations run): it ends each iteration's queue. The tail after the mxv
//            (assign, apply, ewise, apply, reduce) is what nonblocking mode can fuse; e is
//            freed unread. Timed: the initial assign of r and all iterations. Hand: A' as
//            CSR (built untimed), then per iteration one loop over the rows computing w,
//            rn, |rn - r| summed into diff and the next iteration's t = rn ./ d_out.
//
// Correctness before timing: every side runs once untimed; the chains' results (t_k, and
// every t_i of "kept") must equal the hand loop's bit for bit, in weft and in SuiteSparse
// (the same operations in the same order; the inputs hold no NaN and no zero, so MIN/MAX's
// NaN and signed-zero rules never decide). PageRank's r and last diff must agree within
// 1e-9 relative (sums in different orders; nonblocking weft reduces tile by tile). A
// difference prints "!!! MISMATCH" and makes the exit status 1; the case is still timed.
//
// Timing: CLOCK_MONOTONIC; --reps repetitions (default 7) alternating weft, SuiteSparse,
// hand; medians in ms. Threads (--threads, default 1): weft_set_threads,
// GxB_Global_Option_set_INT32(GxB_GLOBAL_NTHREADS, ...), and the hand loop split into that
// many std::threads; OMP_NUM_THREADS should be exported too (libgomp reads it when loaded).
// --stats (nonblocking mode) prints weft_get_stat's counters over each case's untimed run.
//
// Output: "#" lines (settings, load, checks, stats) and one line per case:
//   <case> <weft ms> <SuiteSparse ms> <hand ms>
//
// Reproduce (full sizes; the defaults):
//   bench/run_lazy.sh                       (both modes, 1 thread; THREADS="1 2" adds 2)
//   build-lazybench/bench/bench_lazy --mode nonblocking [--n 10000000] [--reps 7]
//       [--scale 20] [--iters 20] [--chains 2,4,8] [--threads 1] [--skip a,b] [--only a,b]
//       [--seed N] [--stats]
//   --skip / --only take case names or parts of them: dense, sparse, freed, kept, 2, 4, 8,
//   pagerank, or several joined by "_" (e.g. --skip pagerank,8 or --only freed_4).
#include <time.h>

#include <algorithm>
#include <cmath>
#include <complex>  // GraphBLAS.h includes it in C++ mode: it must come before extern "C"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

extern "C" {
#include <GraphBLAS.h>
}

#include "bench_util.hpp"
#include "sparse_graphs.hpp"
#include "weft.h"

// weft_get_stat is declared by sparse.h but may not be exported by the libweft this links
// against yet: a weak reference links either way and is NULL when the symbol is absent.
#pragma weak weft_get_stat

namespace {

using sparse_bench::Coo;
using weft_testing::Rng;

using bench_util::loadavg;
using bench_util::median;
using bench_util::now;

// ---- failures: a failing call ends the run (nothing after it would mean anything) --------

[[noreturn]] void die_grb(GrB_Info info, const char *call, int line) {
  std::printf("!!! FAILED (lazy_bench.cpp:%d) %s -> GrB_Info %d\n", line, call, static_cast<int>(info));
  std::exit(1);
}
[[noreturn]] void die_weft(weft_status s, const char *call, int line) {
  const char *msg = weft_last_error();
  std::printf("!!! FAILED (lazy_bench.cpp:%d) %s -> %s: %s\n", line, call, weft_status_name(s), msg ? msg : "");
  std::exit(1);
}
// Errors are < 0 on both sides; NO_VALUE (1) is an answer.
#define G(call)                                              \
  do {                                                       \
    const GrB_Info g_info_ = (call);                         \
    if (g_info_ < 0) die_grb(g_info_, #call, __LINE__);      \
  } while (0)
#define W(call)                                              \
  do {                                                       \
    const weft_status w_s_ = (call);                         \
    if (w_s_ < 0) die_weft(w_s_, #call, __LINE__);           \
  } while (0)

GrB_Index gi(int64_t v) { return static_cast<GrB_Index>(v); }
const GrB_Index *gidx(const int64_t *p) { return reinterpret_cast<const GrB_Index *>(p); }
GrB_Index *gidx(int64_t *p) { return reinterpret_cast<GrB_Index *>(p); }

// ---- options -------------------------------------------------------------------------------

struct Options {
  int mode = -1;  // WEFT_BLOCKING or WEFT_NONBLOCKING (required)
  int64_t n = 10000000;
  int reps = 7;
  int scale = 20;
  int iters = 20;
  int threads = 1;
  std::vector<int> chains{2, 4, 8};
  std::vector<std::string> skip, only;
  uint64_t seed = 20261127;
  bool stats = false;
};

std::vector<std::string> split(const std::string &s, char sep = ',') {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t cut = s.find(sep, start);
    if (cut == std::string::npos) cut = s.size();
    if (cut > start) out.push_back(s.substr(start, cut - start));
    start = cut + 1;
  }
  return out;
}

[[noreturn]] void usage(const std::string &msg) {
  std::fprintf(stderr,
               "bench_lazy: %s\n"
               "usage: bench_lazy --mode blocking|nonblocking [--n 10000000] [--reps 7] [--scale 20]\n"
               "                  [--iters 20] [--chains 2,4,8] [--threads 1] [--skip a,b] [--only a,b]\n"
               "                  [--seed N] [--stats]\n"
               "cases: {dense,sparse}_{freed,kept}_{k} and pagerank; --skip/--only take names or parts\n",
               msg.c_str());
  std::exit(2);
}

Options parse(int argc, char **argv) {
  Options o;
  bench_util::Args r{argc, argv, [](const std::string &m) { usage(m); }};
  while (r.next()) {
    const std::string &a = r.flag;
    if (a == "--mode") {
      const std::string m = r.value();
      if (m == "blocking") o.mode = WEFT_BLOCKING;
      else if (m == "nonblocking") o.mode = WEFT_NONBLOCKING;
      else usage("--mode takes blocking or nonblocking");
    } else if (a == "--n") {
      o.n = static_cast<int64_t>(r.number(16, 4e9));
    } else if (a == "--reps") {
      o.reps = static_cast<int>(r.number(1, 1000));
    } else if (a == "--scale") {
      o.scale = static_cast<int>(r.number(4, 26));
    } else if (a == "--iters") {
      o.iters = static_cast<int>(r.number(1, 10000));
    } else if (a == "--threads") {
      o.threads = static_cast<int>(r.number(1, 256));
    } else if (a == "--chains") {
      o.chains.clear();
      for (const std::string &c : split(r.value())) {
        const int v = std::atoi(c.c_str());
        if (v < 1 || v > 8) usage("chain lengths are 1..8: " + c);
        o.chains.push_back(v);
      }
    } else if (a == "--skip") {
      o.skip = split(r.value());
    } else if (a == "--only") {
      o.only = split(r.value());
    } else if (a == "--seed") {
      o.seed = static_cast<uint64_t>(r.number(0, 9e15));
    } else if (a == "--stats") {
      o.stats = true;
    } else if (a == "--help" || a == "-h") {
      usage("help");
    } else {
      usage("unknown option " + a);
    }
  }
  if (o.mode < 0) usage("--mode blocking|nonblocking is required (the mode is fixed per process)");
  return o;
}

// A token selects a case when each of its "_"-separated parts is one of the case name's:
// "sparse", "8", "freed_4" (both dense_freed_4 and sparse_freed_4), "dense_kept_2".
bool matches(const std::vector<std::string> &tokens, const std::string &name) {
  const std::vector<std::string> parts = split(name, '_');
  for (const std::string &t : tokens) {
    bool all = true;
    for (const std::string &tp : split(t, '_')) all = all && std::find(parts.begin(), parts.end(), tp) != parts.end();
    if (all) return true;
  }
  return false;
}
bool wanted(const Options &o, const std::string &name) {
  if (!o.only.empty() && !matches(o.only, name)) return false;
  return !matches(o.skip, name);
}

// ---- the hand loop's threads ------------------------------------------------------------------

// f(lo, hi, chunk) over [0, n) in `threads` contiguous chunks (chunk order = index order, so
// per-chunk partial sums combined in chunk order are deterministic for a thread count).
template <class F>
void parallel_for(int threads, int64_t n, F f) {
  if (threads <= 1) {
    f(int64_t{0}, n, 0);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(threads - 1));
  for (int c = 1; c < threads; ++c)
    pool.emplace_back([&f, c, n, threads] { f(n * c / threads, n * (c + 1) / threads, c); });
  f(int64_t{0}, n / threads, 0);
  for (std::thread &t : pool) t.join();
}

// ---- weft_get_stat (optional) -----------------------------------------------------------------

struct Stats {
  int64_t v[6] = {0, 0, 0, 0, 0, 0};
  bool ok = false;
};
Stats read_stats() {
  Stats s;
  if (!weft_get_stat) return s;
  s.ok = true;
  for (int k = 0; k < 6; ++k) s.ok = s.ok && weft_get_stat(k, &s.v[k]) == WEFT_SUCCESS;
  return s;
}
void print_stats(const std::string &name, const Stats &a, const Stats &b) {
  if (!a.ok || !b.ok) {
    std::printf("# stats %s: weft_get_stat is not available in this libweft\n", name.c_str());
    return;
  }
  std::printf("# stats %s (one untimed weft run): deferred=%lld passes=%lld fused_groups=%lld fused_ops=%lld "
              "skipped=%lld bytes_written=%lld\n",
              name.c_str(), static_cast<long long>(b.v[0] - a.v[0]), static_cast<long long>(b.v[1] - a.v[1]),
              static_cast<long long>(b.v[2] - a.v[2]), static_cast<long long>(b.v[3] - a.v[3]),
              static_cast<long long>(b.v[4] - a.v[4]), static_cast<long long>(b.v[5] - a.v[5]));
}

// ---- one case: three sides, checked once, then timed ---------------------------------------

struct Side {
  std::function<void()> run;      // timed
  std::function<void()> release;  // untimed, after each run (may be empty)
};

struct Case {
  std::string name;
  Side w, s, h;
  std::function<std::string()> check;  // after one untimed run of each side: "" or what differs
};

struct Totals {
  int mismatches = 0;
};

void run_case(const Options &o, Totals &tot, Case &c) {
  // Untimed run of each side (warms caches, pages and weft's kept transposes), then the check.
  const Stats before = o.stats ? read_stats() : Stats{};
  c.w.run();
  const Stats after = o.stats ? read_stats() : Stats{};
  c.s.run();
  c.h.run();
  const std::string bad = c.check();
  if (c.w.release) c.w.release();
  if (c.s.release) c.s.release();
  if (c.h.release) c.h.release();
  if (o.stats) print_stats(c.name, before, after);
  if (!bad.empty()) {
    std::printf("!!! MISMATCH %s: %s\n", c.name.c_str(), bad.c_str());
    ++tot.mismatches;
  }
  std::vector<double> tw, ts, th;
  for (int r = 0; r < o.reps; ++r) {
    // Alternating sides: a slow phase of the machine (other builds share it) hits all three.
    double t0 = now();
    c.w.run();
    tw.push_back(now() - t0);
    if (c.w.release) c.w.release();
    t0 = now();
    c.s.run();
    ts.push_back(now() - t0);
    if (c.s.release) c.s.release();
    t0 = now();
    c.h.run();
    th.push_back(now() - t0);
    if (c.h.release) c.h.release();
  }
  std::printf("%-16s %11.3f %11.3f %11.3f\n", c.name.c_str(), 1e3 * median(tw), 1e3 * median(ts), 1e3 * median(th));
  std::fflush(stdout);
}

// ---- comparing results ------------------------------------------------------------------------

bool same_bits(double a, double b) {
  uint64_t x, y;
  std::memcpy(&x, &a, 8);
  std::memcpy(&y, &b, 8);
  return x == y;
}

// A vector's entries, extracted once for a check.
struct Entries {
  std::vector<int64_t> I;
  std::vector<double> X;
};
Entries entries(weft_vector v) {
  Entries e;
  int64_t nv = 0, got = 0;
  W(weft_vector_nvals(v, &nv));
  e.I.resize(static_cast<size_t>(std::max<int64_t>(nv, 1)));
  e.X.resize(e.I.size());
  W(weft_vector_extract_tuples(v, nv, e.I.data(), e.X.data(), WEFT_FP64, &got));
  e.I.resize(static_cast<size_t>(got));
  e.X.resize(static_cast<size_t>(got));
  return e;
}
Entries entries(GrB_Vector v) {
  Entries e;
  GrB_Index nv = 0;
  G(GrB_Vector_nvals(&nv, v));
  e.I.resize(std::max<size_t>(nv, 1));
  e.X.resize(e.I.size());
  GrB_Index got = nv;
  G(GrB_Vector_extractTuples_FP64(gidx(e.I.data()), e.X.data(), &got, v));
  e.I.resize(got);
  e.X.resize(got);
  // GraphBLAS does not promise an order; SuiteSparse gives increasing indices (checked).
  for (size_t k = 1; k < e.I.size(); ++k)
    if (e.I[k - 1] >= e.I[k]) {
      std::vector<size_t> p(e.I.size());
      for (size_t q = 0; q < p.size(); ++q) p[q] = q;
      std::sort(p.begin(), p.end(), [&e](size_t a, size_t b) { return e.I[a] < e.I[b]; });
      Entries s;
      for (size_t q : p) {
        s.I.push_back(e.I[q]);
        s.X.push_back(e.X[q]);
      }
      return s;
    }
  return e;
}

// "" when got holds exactly the entries (idx[k], val[k]), k < nnz (idx NULL: 0 .. nnz-1),
// values bitwise (rel < 0) or within rel relative; else the first differences.
std::string compare(const char *who, const Entries &got, const int64_t *idx, const double *val, int64_t nnz,
                    double rel = -1) {
  char buf[256];
  if (static_cast<int64_t>(got.I.size()) != nnz) {
    std::snprintf(buf, sizeof buf, "%s has %zu entries, the hand loop %lld; ", who, got.I.size(),
                  static_cast<long long>(nnz));
    return buf;
  }
  std::string out;
  int bad = 0;
  for (int64_t k = 0; k < nnz && bad < 3; ++k) {
    const size_t q = static_cast<size_t>(k);
    const int64_t i = idx ? idx[k] : k;
    const double a = got.X[q], b = val[k];
    bool ok = got.I[q] == i;
    if (ok) ok = rel < 0 ? same_bits(a, b) : (a == b || std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)));
    if (!ok) {
      std::snprintf(buf, sizeof buf, "%s entry %lld: (%lld, %.17g), hand (%lld, %.17g); ", who,
                    static_cast<long long>(k), static_cast<long long>(got.I[q]), a, static_cast<long long>(i), b);
      out += buf;
      ++bad;
    }
  }
  return out;
}

// ---- the chain --------------------------------------------------------------------------------

enum Kind { ADD, MULT, APPLY };
struct Step {
  Kind kind;
  bool other_y;  // the second input: y (else x); unused by APPLY
};
// t_s = op(t_{s-1}, other) with t_0 = x (so t_1 = x + y).
const Step kSteps[8] = {{ADD, true},  {MULT, false}, {APPLY, false}, {ADD, true},
                        {ADD, false}, {APPLY, false}, {MULT, true},  {MULT, false}};

weft_binary_op w_bin(int s) {
  switch (s) {
    case 0: return WEFT_PLUS_FP64;
    case 1: return WEFT_TIMES_FP64;
    case 3: return WEFT_MAX_FP64;
    case 4: return WEFT_MINUS_FP64;
    case 6: return WEFT_TIMES_FP64;
    default: return WEFT_MIN_FP64;
  }
}
weft_unary_op w_un(int s) { return s == 2 ? WEFT_ABS_FP64 : WEFT_AINV_FP64; }
GrB_BinaryOp g_bin(int s) {
  switch (s) {
    case 0: return GrB_PLUS_FP64;
    case 1: return GrB_TIMES_FP64;
    case 3: return GrB_MAX_FP64;
    case 4: return GrB_MINUS_FP64;
    case 6: return GrB_TIMES_FP64;
    default: return GrB_MIN_FP64;
  }
}
GrB_UnaryOp g_un(int s) { return s == 2 ? GrB_ABS_FP64 : GrB_AINV_FP64; }

// The hand loop's steps, S = 1..8 as in the table above. max/min as plain comparisons: the
// inputs never make them meet a NaN or a signed-zero tie (the check would show it).
template <int S>
inline double step(double t, double x, double y) {
  if constexpr (S == 1) return x + y;
  else if constexpr (S == 2) return t * x;
  else if constexpr (S == 3) return std::fabs(t);
  else if constexpr (S == 4) return t > y ? t : y;
  else if constexpr (S == 5) return t - x;
  else if constexpr (S == 6) return -t;
  else if constexpr (S == 7) return t * y;
  else return t < x ? t : x;
}
template <int K>
struct Chain {
  static inline double value(double x, double y) { return step<K>(Chain<K - 1>::value(x, y), x, y); }
  // Stores every t_s (s <= K) at position p of out[s - 1].
  static inline double keep(double x, double y, double *const *out, int64_t p) {
    const double t = step<K>(Chain<K - 1>::keep(x, y, out, p), x, y);
    out[K - 1][p] = t;
    return t;
  }
};
template <>
struct Chain<0> {
  static inline double value(double x, double) { return x; }
  static inline double keep(double x, double, double *const *, int64_t) { return x; }
};

// The inputs of one density, on the hand side's arrays.
struct Inputs {
  bool sparse = false;
  int64_t n = 0, nnz = 0;
  std::vector<int64_t> idx;  // the positions (dense: 0 .. n-1, used to build the objects)
  std::vector<double> x, y;  // nnz values each
};

// Where the hand loop writes (preallocated once, outside the timed region).
struct HandOut {
  std::vector<std::vector<double>> val;   // val[s]: t_{s+1}'s values (freed: only val[k-1])
  std::vector<std::vector<int64_t>> idx;  // sparse only: the index arrays written with them
};

template <int K>
void hand_chain(const Inputs &in, bool keep, HandOut &out, int threads) {
  const double *x = in.x.data(), *y = in.y.data();
  const int64_t *ix = in.idx.data();
  double *vals[8] = {};
  int64_t *idxs[8] = {};
  for (int s = 0; s < K; ++s) {
    vals[s] = out.val[static_cast<size_t>(s)].empty() ? nullptr : out.val[static_cast<size_t>(s)].data();
    if (in.sparse && !out.idx[static_cast<size_t>(s)].empty()) idxs[s] = out.idx[static_cast<size_t>(s)].data();
  }
  parallel_for(threads, in.nnz, [&](int64_t lo, int64_t hi, int) {
    if (!keep) {
      double *o = vals[K - 1];
      if (in.sparse) {
        int64_t *oi = idxs[K - 1];
        for (int64_t p = lo; p < hi; ++p) {
          oi[p] = ix[p];
          o[p] = Chain<K>::value(x[p], y[p]);
        }
      } else {
        for (int64_t p = lo; p < hi; ++p) o[p] = Chain<K>::value(x[p], y[p]);
      }
    } else {
      if (in.sparse) {
        for (int64_t p = lo; p < hi; ++p) {
          for (int s = 0; s < K; ++s) idxs[s][p] = ix[p];
          Chain<K>::keep(x[p], y[p], vals, p);
        }
      } else {
        for (int64_t p = lo; p < hi; ++p) Chain<K>::keep(x[p], y[p], vals, p);
      }
    }
  });
}

void hand_chain(int k, const Inputs &in, bool keep, HandOut &out, int threads) {
  switch (k) {
    case 1: hand_chain<1>(in, keep, out, threads); break;
    case 2: hand_chain<2>(in, keep, out, threads); break;
    case 3: hand_chain<3>(in, keep, out, threads); break;
    case 4: hand_chain<4>(in, keep, out, threads); break;
    case 5: hand_chain<5>(in, keep, out, threads); break;
    case 6: hand_chain<6>(in, keep, out, threads); break;
    case 7: hand_chain<7>(in, keep, out, threads); break;
    default: hand_chain<8>(in, keep, out, threads); break;
  }
}

// The same program in weft: t[s] created, computed, its predecessor freed (freed) or kept.
void weft_chain(weft_vector x, weft_vector y, int64_t n, int k, bool keep, std::vector<weft_vector> &t) {
  t.assign(static_cast<size_t>(k), nullptr);
  for (int s = 0; s < k; ++s) {
    const size_t q = static_cast<size_t>(s);
    W(weft_vector_new(WEFT_FP64, n, &t[q]));
    weft_vector prev = s == 0 ? x : t[q - 1];
    weft_vector other = kSteps[s].other_y ? y : x;
    switch (kSteps[s].kind) {
      case ADD: W(weft_vector_ewise_add(t[q], nullptr, nullptr, w_bin(s), prev, other, nullptr)); break;
      case MULT: W(weft_vector_ewise_mult(t[q], nullptr, nullptr, w_bin(s), prev, other, nullptr)); break;
      case APPLY: W(weft_vector_apply(t[q], nullptr, nullptr, w_un(s), prev, nullptr)); break;
    }
    if (!keep && s > 0) W(weft_vector_free(&t[q - 1]));  // its last reader is queued: never read again
  }
  // t_k first: in nonblocking mode this runs the whole chain as one group; then the kept
  // intermediates (already complete by then) are waited on as a user would.
  W(weft_vector_wait(t[static_cast<size_t>(k - 1)], WEFT_MATERIALIZE));
  if (keep)
    for (int s = 0; s + 1 < k; ++s) W(weft_vector_wait(t[static_cast<size_t>(s)], WEFT_MATERIALIZE));
}

void grb_chain(GrB_Vector x, GrB_Vector y, int64_t n, int k, bool keep, std::vector<GrB_Vector> &t) {
  t.assign(static_cast<size_t>(k), nullptr);
  for (int s = 0; s < k; ++s) {
    const size_t q = static_cast<size_t>(s);
    G(GrB_Vector_new(&t[q], GrB_FP64, gi(n)));
    GrB_Vector prev = s == 0 ? x : t[q - 1];
    GrB_Vector other = kSteps[s].other_y ? y : x;
    switch (kSteps[s].kind) {
      case ADD: G(GrB_Vector_eWiseAdd_BinaryOp(t[q], nullptr, nullptr, g_bin(s), prev, other, nullptr)); break;
      case MULT: G(GrB_Vector_eWiseMult_BinaryOp(t[q], nullptr, nullptr, g_bin(s), prev, other, nullptr)); break;
      case APPLY: G(GrB_Vector_apply(t[q], nullptr, nullptr, g_un(s), prev, nullptr)); break;
    }
    if (!keep && s > 0) G(GrB_Vector_free(&t[q - 1]));
  }
  G(GrB_Vector_wait(t[static_cast<size_t>(k - 1)], GrB_MATERIALIZE));
  if (keep)
    for (int s = 0; s + 1 < k; ++s) G(GrB_Vector_wait(t[static_cast<size_t>(s)], GrB_MATERIALIZE));
}

// ±(0, 1]: no zeros, so that no sum or difference of the chain meets a signed-zero tie by
// construction of a simple input (random ties have probability ~ n * 2^-53).
double signed_unit(Rng &rng) {
  const double v = sparse_bench::unit_open0(rng);
  return (rng.next() & 1) ? -v : v;
}

Inputs make_inputs(int64_t n, bool sparse, uint64_t seed) {
  Inputs in;
  in.sparse = sparse;
  in.n = n;
  Rng pick(seed ^ 0x706f73ull), vals(seed ^ 0x76616cull);
  if (sparse) {
    in.idx.reserve(static_cast<size_t>(n / 10 + n / 100 + 16));
    for (int64_t i = 0; i < n; ++i)
      if (pick.below(10) == 0) in.idx.push_back(i);
  } else {
    in.idx.resize(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) in.idx[static_cast<size_t>(i)] = i;
  }
  in.nnz = static_cast<int64_t>(in.idx.size());
  in.x.resize(in.idx.size());
  in.y.resize(in.idx.size());
  for (size_t p = 0; p < in.idx.size(); ++p) {
    in.x[p] = signed_unit(vals);
    in.y[p] = signed_unit(vals);
  }
  return in;
}

struct ChainObjects {
  weft_vector wx = nullptr, wy = nullptr;
  GrB_Vector gx = nullptr, gy = nullptr;
  std::vector<weft_vector> wt;
  std::vector<GrB_Vector> gt;
  HandOut hand;
};

void free_weft(std::vector<weft_vector> &t) {
  for (weft_vector &v : t)
    if (v) W(weft_vector_free(&v));
}
void free_grb(std::vector<GrB_Vector> &t) {
  for (GrB_Vector &v : t)
    if (v) G(GrB_Vector_free(&v));
}

void run_chains(const Options &o, Totals &tot, bool sparse) {
  std::vector<std::string> names;
  for (const char *kind : {"freed", "kept"})
    for (int k : o.chains) {
      const std::string name = std::string(sparse ? "sparse" : "dense") + "_" + kind + "_" + std::to_string(k);
      if (wanted(o, name)) names.push_back(name);
    }
  if (names.empty()) return;

  const double t0 = now();
  const Inputs in = make_inputs(o.n, sparse, o.seed + (sparse ? 1 : 0));
  ChainObjects ob;
  W(weft_vector_new(WEFT_FP64, o.n, &ob.wx));
  W(weft_vector_new(WEFT_FP64, o.n, &ob.wy));
  W(weft_vector_build(ob.wx, in.idx.data(), in.x.data(), WEFT_FP64, in.nnz, nullptr));
  W(weft_vector_build(ob.wy, in.idx.data(), in.y.data(), WEFT_FP64, in.nnz, nullptr));
  W(weft_vector_wait(ob.wx, WEFT_MATERIALIZE));
  W(weft_vector_wait(ob.wy, WEFT_MATERIALIZE));
  G(GrB_Vector_new(&ob.gx, GrB_FP64, gi(o.n)));
  G(GrB_Vector_new(&ob.gy, GrB_FP64, gi(o.n)));
  G(GrB_Vector_build_FP64(ob.gx, gidx(in.idx.data()), in.x.data(), gi(in.nnz), GrB_PLUS_FP64));
  G(GrB_Vector_build_FP64(ob.gy, gidx(in.idx.data()), in.y.data(), gi(in.nnz), GrB_PLUS_FP64));
  G(GrB_Vector_wait(ob.gx, GrB_MATERIALIZE));
  G(GrB_Vector_wait(ob.gy, GrB_MATERIALIZE));
  std::printf("# %s inputs: n = %lld, %lld entries each (set up in %.1f s)\n", sparse ? "sparse" : "dense",
              static_cast<long long>(o.n), static_cast<long long>(in.nnz), now() - t0);

  for (const std::string &name : names) {
    const std::vector<std::string> parts = split(name, '_');
    const bool keep = parts[1] == "kept";
    const int k = std::atoi(parts[2].c_str());
    // The hand loop's arrays: every t_s when kept, only t_k when freed.
    ob.hand.val.assign(8, {});
    ob.hand.idx.assign(8, {});
    for (int s = keep ? 0 : k - 1; s < k; ++s) {
      ob.hand.val[static_cast<size_t>(s)].assign(static_cast<size_t>(in.nnz), 0.0);
      if (sparse) ob.hand.idx[static_cast<size_t>(s)].assign(static_cast<size_t>(in.nnz), 0);
    }
    Case c;
    c.name = name;
    c.w.run = [&ob, &o, k, keep] { weft_chain(ob.wx, ob.wy, o.n, k, keep, ob.wt); };
    c.w.release = [&ob] { free_weft(ob.wt); };
    c.s.run = [&ob, &o, k, keep] { grb_chain(ob.gx, ob.gy, o.n, k, keep, ob.gt); };
    c.s.release = [&ob] { free_grb(ob.gt); };
    c.h.run = [&ob, &in, &o, k, keep] { hand_chain(k, in, keep, ob.hand, o.threads); };
    c.check = [&ob, &in, k, keep, sparse] {
      std::string out;
      for (int s = keep ? 0 : k - 1; s < k; ++s) {
        const size_t q = static_cast<size_t>(s);
        const int64_t *idx = sparse ? ob.hand.idx[q].data() : nullptr;
        const double *val = ob.hand.val[q].data();
        const std::string tag = "t" + std::to_string(s + 1);
        out += compare(("weft " + tag).c_str(), entries(ob.wt[q]), idx, val, in.nnz);
        out += compare(("SuiteSparse " + tag).c_str(), entries(ob.gt[q]), idx, val, in.nnz);
      }
      return out;
    };
    run_case(o, tot, c);
  }
  ob.hand = HandOut{};
  W(weft_vector_free(&ob.wx));
  W(weft_vector_free(&ob.wy));
  G(GrB_Vector_free(&ob.gx));
  G(GrB_Vector_free(&ob.gy));
}

// ---- PageRank ---------------------------------------------------------------------------------

const double kDamping = 0.85;

struct PageRank {
  int64_t n = 0, m = 0;
  // Hand side: A' as CSR (row i of A' = column i of A, increasing column indices), out-degrees.
  std::vector<int64_t> atp, atj;
  std::vector<double> deg;
  std::vector<double> r, rn, t, tn;  // rank and next rank, r ./ d_out and the next one
  const double *rank = nullptr;       // the hand loop's result (one of r and rn)
  double diff = 0;                    // the hand loop's last diff
  // weft side
  weft_matrix wA = nullptr;
  weft_vector wd = nullptr, wr = nullptr;
  weft_scalar wtele = nullptr, wdamp = nullptr, winv_n = nullptr, wdiff = nullptr;
  double wdiff_value = 0;
  // SuiteSparse side
  GrB_Matrix gA = nullptr;
  GrB_Vector gd = nullptr, gr = nullptr;
  GrB_Scalar gdiff = nullptr;
  double gdiff_value = 0;
};

void weft_pagerank(PageRank &P, int iters) {
  const int64_t n = P.n;
  W(weft_vector_new(WEFT_FP64, n, &P.wr));
  W(weft_vector_assign_scalar(P.wr, nullptr, nullptr, P.winv_n, WEFT_ALL, n, nullptr));
  for (int it = 0; it < iters; ++it) {
    weft_vector t = nullptr, w = nullptr, rn = nullptr, e = nullptr;
    W(weft_vector_new(WEFT_FP64, n, &t));
    W(weft_vector_ewise_mult(t, nullptr, nullptr, WEFT_DIV_FP64, P.wr, P.wd, nullptr));
    W(weft_vector_new(WEFT_FP64, n, &w));
    W(weft_mxv(w, nullptr, nullptr, WEFT_PLUS_SECOND_SEMIRING_FP64, P.wA, t, WEFT_DESC_T0));
    W(weft_vector_free(&t));
    W(weft_vector_new(WEFT_FP64, n, &rn));
    W(weft_vector_assign_scalar(rn, nullptr, nullptr, P.wtele, WEFT_ALL, n, nullptr));
    W(weft_vector_apply_second(rn, nullptr, WEFT_PLUS_FP64, WEFT_TIMES_FP64, w, P.wdamp, nullptr));
    W(weft_vector_free(&w));
    W(weft_vector_new(WEFT_FP64, n, &e));
    W(weft_vector_ewise_add(e, nullptr, nullptr, WEFT_MINUS_FP64, rn, P.wr, nullptr));
    W(weft_vector_apply(e, nullptr, nullptr, WEFT_ABS_FP64, e, nullptr));
    W(weft_vector_reduce_scalar(P.wdiff, nullptr, WEFT_PLUS_MONOID_FP64, e, nullptr));
    W(weft_vector_free(&e));
    W(weft_vector_free(&P.wr));
    P.wr = rn;
    double diff = 0;
    W(weft_scalar_extract_element(P.wdiff, WEFT_FP64, &diff));  // the convergence test's read
    P.wdiff_value = diff;
    if (diff < 0) break;  // tolerance 0: never (the branch keeps the read a real use)
  }
  W(weft_vector_wait(P.wr, WEFT_MATERIALIZE));
}

void grb_pagerank(PageRank &P, int iters) {
  const GrB_Index n = gi(P.n);
  const double inv_n = 1.0 / static_cast<double>(P.n), tele = (1.0 - kDamping) / static_cast<double>(P.n);
  G(GrB_Vector_new(&P.gr, GrB_FP64, n));
  G(GrB_Vector_assign_FP64(P.gr, nullptr, nullptr, inv_n, GrB_ALL, n, nullptr));
  for (int it = 0; it < iters; ++it) {
    GrB_Vector t = nullptr, w = nullptr, rn = nullptr, e = nullptr;
    G(GrB_Vector_new(&t, GrB_FP64, n));
    G(GrB_Vector_eWiseMult_BinaryOp(t, nullptr, nullptr, GrB_DIV_FP64, P.gr, P.gd, nullptr));
    G(GrB_Vector_new(&w, GrB_FP64, n));
    G(GrB_mxv(w, nullptr, nullptr, GxB_PLUS_SECOND_FP64, P.gA, t, GrB_DESC_T0));
    G(GrB_Vector_free(&t));
    G(GrB_Vector_new(&rn, GrB_FP64, n));
    G(GrB_Vector_assign_FP64(rn, nullptr, nullptr, tele, GrB_ALL, n, nullptr));
    G(GrB_Vector_apply_BinaryOp2nd_FP64(rn, nullptr, GrB_PLUS_FP64, GrB_TIMES_FP64, w, kDamping, nullptr));
    G(GrB_Vector_free(&w));
    G(GrB_Vector_new(&e, GrB_FP64, n));
    G(GrB_Vector_eWiseAdd_BinaryOp(e, nullptr, nullptr, GrB_MINUS_FP64, rn, P.gr, nullptr));
    G(GrB_Vector_apply(e, nullptr, nullptr, GrB_ABS_FP64, e, nullptr));
    G(GrB_Vector_reduce_Monoid_Scalar(P.gdiff, nullptr, GrB_PLUS_MONOID_FP64, e, nullptr));
    G(GrB_Vector_free(&e));
    G(GrB_Vector_free(&P.gr));
    P.gr = rn;
    double diff = 0;
    G(GrB_Scalar_extractElement_FP64(&diff, P.gdiff));
    P.gdiff_value = diff;
    if (diff < 0) break;
  }
  G(GrB_Vector_wait(P.gr, GrB_MATERIALIZE));
}

// One pass per iteration: w(i) = the sum of t over row i of A' (increasing column, as weft
// adds), rn = teleport + w * damping (teleport alone where row i of A' is empty: there w has
// no entry and the accumulate leaves the assigned value), diff += |rn - r| and the next
// t = rn / d_out. t is read at random positions, so the next t goes to a second array.
void hand_pagerank(PageRank &P, int iters, int threads) {
  const int64_t n = P.n;
  const double inv_n = 1.0 / static_cast<double>(n), tele = (1.0 - kDamping) / static_cast<double>(n);
  const int64_t *ap = P.atp.data(), *aj = P.atj.data();
  const double *deg = P.deg.data();
  std::vector<double> partial(static_cast<size_t>(threads));
  double *r = P.r.data(), *rn = P.rn.data(), *t = P.t.data(), *tn = P.tn.data();
  parallel_for(threads, n, [&](int64_t lo, int64_t hi, int) {
    for (int64_t i = lo; i < hi; ++i) {
      r[i] = inv_n;
      t[i] = deg[i] > 0 ? inv_n / deg[i] : 0.0;
    }
  });
  for (int it = 0; it < iters; ++it) {
    parallel_for(threads, n, [&](int64_t lo, int64_t hi, int chunk) {
      double d = 0;
      for (int64_t i = lo; i < hi; ++i) {
        double v = tele;
        if (ap[i] < ap[i + 1]) {
          double w = 0;
          for (int64_t p = ap[i]; p < ap[i + 1]; ++p) w += t[aj[p]];
          v = tele + w * kDamping;
        }
        d += std::fabs(v - r[i]);
        rn[i] = v;
        tn[i] = deg[i] > 0 ? v / deg[i] : 0.0;
      }
      partial[static_cast<size_t>(chunk)] = d;
    });
    double diff = 0;
    for (double d : partial) diff += d;
    P.diff = diff;
    std::swap(r, rn);
    std::swap(t, tn);
    if (diff < 0) break;
  }
  P.rank = r;  // after an odd number of iterations the rank is in P.rn's array
}

void run_pagerank(const Options &o, Totals &tot) {
  if (!wanted(o, "pagerank")) return;
  const double t0 = now();
  PageRank P;
  {
    const Coo g = sparse_bench::make_rmat(o.scale, o.seed + 42);
    P.n = g.n;
    P.m = static_cast<int64_t>(g.I.size());
    const size_t n = static_cast<size_t>(P.n), m = static_cast<size_t>(P.m);
    // A as CSR (counting sort by row), then A' as CSR by walking A's rows in order, which
    // leaves each row of A' with increasing column indices.
    std::vector<int64_t> ap(n + 1, 0), aj(m);
    for (int64_t i : g.I) ++ap[static_cast<size_t>(i) + 1];
    for (size_t i = 0; i < n; ++i) ap[i + 1] += ap[i];
    {
      std::vector<int64_t> fill(ap.begin(), ap.end() - 1);
      for (size_t k = 0; k < m; ++k) aj[static_cast<size_t>(fill[static_cast<size_t>(g.I[k])]++)] = g.J[k];
    }
    P.deg.assign(n, 0.0);
    for (size_t i = 0; i < n; ++i) P.deg[i] = static_cast<double>(ap[i + 1] - ap[i]);
    P.atp.assign(n + 1, 0);
    P.atj.resize(m);
    for (int64_t j : g.J) ++P.atp[static_cast<size_t>(j) + 1];
    for (size_t i = 0; i < n; ++i) P.atp[i + 1] += P.atp[i];
    {
      std::vector<int64_t> fill(P.atp.begin(), P.atp.end() - 1);
      for (size_t i = 0; i < n; ++i)
        for (int64_t p = ap[i]; p < ap[i + 1]; ++p)
          P.atj[static_cast<size_t>(fill[static_cast<size_t>(aj[static_cast<size_t>(p)])]++)] = static_cast<int64_t>(i);
    }
    // d_out: an entry for every vertex with an edge (none for isolated vertices).
    std::vector<int64_t> di;
    std::vector<double> dv;
    for (size_t i = 0; i < n; ++i)
      if (P.deg[i] > 0) {
        di.push_back(static_cast<int64_t>(i));
        dv.push_back(P.deg[i]);
      }

    W(weft_matrix_new(WEFT_FP64, P.n, P.n, &P.wA));
    W(weft_matrix_build(P.wA, g.I.data(), g.J.data(), g.X.data(), WEFT_FP64, P.m, nullptr));
    W(weft_matrix_wait(P.wA, WEFT_MATERIALIZE));
    W(weft_vector_new(WEFT_FP64, P.n, &P.wd));
    W(weft_vector_build(P.wd, di.data(), dv.data(), WEFT_FP64, static_cast<int64_t>(di.size()), nullptr));
    W(weft_vector_wait(P.wd, WEFT_MATERIALIZE));
    G(GrB_Matrix_new(&P.gA, GrB_FP64, gi(P.n), gi(P.n)));
    G(GrB_Matrix_build_FP64(P.gA, gidx(g.I.data()), gidx(g.J.data()), g.X.data(), gi(P.m), GrB_PLUS_FP64));
    G(GrB_Matrix_wait(P.gA, GrB_MATERIALIZE));
    G(GrB_Vector_new(&P.gd, GrB_FP64, gi(P.n)));
    G(GrB_Vector_build_FP64(P.gd, gidx(di.data()), dv.data(), gi(static_cast<int64_t>(di.size())), GrB_PLUS_FP64));
    G(GrB_Vector_wait(P.gd, GrB_MATERIALIZE));
    std::printf("# pagerank graph: R-MAT 2^%d vertices, %lld entries (symmetrized), %lld without edges, "
                "%d iterations (set up in %.1f s)\n",
                o.scale, static_cast<long long>(P.m), static_cast<long long>(P.n - static_cast<int64_t>(di.size())),
                o.iters, now() - t0);
  }
  const double inv_n = 1.0 / static_cast<double>(P.n), tele = (1.0 - kDamping) / static_cast<double>(P.n);
  W(weft_scalar_new(WEFT_FP64, &P.winv_n));
  W(weft_scalar_set_element(P.winv_n, &inv_n, WEFT_FP64));
  W(weft_scalar_new(WEFT_FP64, &P.wtele));
  W(weft_scalar_set_element(P.wtele, &tele, WEFT_FP64));
  W(weft_scalar_new(WEFT_FP64, &P.wdamp));
  W(weft_scalar_set_element(P.wdamp, &kDamping, WEFT_FP64));
  W(weft_scalar_new(WEFT_FP64, &P.wdiff));
  G(GrB_Scalar_new(&P.gdiff, GrB_FP64));
  const size_t n = static_cast<size_t>(P.n);
  P.r.assign(n, 0.0);
  P.rn.assign(n, 0.0);
  P.t.assign(n, 0.0);
  P.tn.assign(n, 0.0);

  Case c;
  c.name = "pagerank";
  c.w.run = [&P, &o] { weft_pagerank(P, o.iters); };
  c.w.release = [&P] { W(weft_vector_free(&P.wr)); };
  c.s.run = [&P, &o] { grb_pagerank(P, o.iters); };
  c.s.release = [&P] { G(GrB_Vector_free(&P.gr)); };
  c.h.run = [&P, &o] { hand_pagerank(P, o.iters, o.threads); };
  c.check = [&P] {
    const double rel = 1e-9;
    std::string out = compare("weft r", entries(P.wr), nullptr, P.rank, P.n, rel);
    out += compare("SuiteSparse r", entries(P.gr), nullptr, P.rank, P.n, rel);
    char buf[256];
    for (const auto &side : {std::make_pair("weft", P.wdiff_value), std::make_pair("SuiteSparse", P.gdiff_value)}) {
      const double a = side.second, b = P.diff;
      if (!(std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)))) {
        std::snprintf(buf, sizeof buf, "%s's last diff %.17g, hand %.17g; ", side.first, a, b);
        out += buf;
      }
    }
    if (out.empty())
      std::printf("# pagerank check: r within 1e-9 of the hand loop's on both sides; last diff %.6g\n", P.diff);
    return out;
  };
  run_case(o, tot, c);

  W(weft_scalar_free(&P.wdiff));
  W(weft_scalar_free(&P.wdamp));
  W(weft_scalar_free(&P.wtele));
  W(weft_scalar_free(&P.winv_n));
  W(weft_vector_free(&P.wd));
  W(weft_matrix_free(&P.wA));
  G(GrB_Scalar_free(&P.gdiff));
  G(GrB_Vector_free(&P.gd));
  G(GrB_Matrix_free(&P.gA));
}

int main_impl(int argc, char **argv) {
  bench_util::steady_malloc();
  const Options o = parse(argc, argv);
  // Before any OpenMP runtime starts its threads (run_lazy.sh exports it as well).
  const std::string nthreads = std::to_string(o.threads);
  setenv("OMP_NUM_THREADS", nthreads.c_str(), 1);

  // The mode first: weft_init must come before any weft object exists.
  W(weft_init(o.mode));
  int mode = -1, weft_threads = 0, wmaj = 0, wmin = 0, wpat = 0;
  W(weft_get_mode(&mode));
  W(weft_set_threads(o.threads));
  W(weft_get_threads(&weft_threads));
  W(weft_version(&wmaj, &wmin, &wpat));
  G(GrB_init(GrB_NONBLOCKING));
  G(GxB_Global_Option_set_INT32(GxB_GLOBAL_NTHREADS, o.threads));
  int32_t ss_threads = 0;
  G(GxB_Global_Option_get_INT32(GxB_GLOBAL_NTHREADS, &ss_threads));

  const char *mode_name = mode == WEFT_NONBLOCKING ? "nonblocking" : "blocking";
  std::printf("# bench_lazy mode=%s threads=%d n=%lld scale=%d iters=%d reps=%d\n", mode_name, o.threads,
              static_cast<long long>(o.n), o.scale, o.iters, o.reps);
  std::printf("# weft %d.%d.%d (%s, weft_get_threads %d) vs SuiteSparse:GraphBLAS %d.%d.%d (nonblocking, "
              "GxB_NTHREADS %d) and the hand-fused loop (%d thread(s)); load average %s\n",
              wmaj, wmin, wpat, mode_name, weft_threads, GxB_IMPLEMENTATION_MAJOR, GxB_IMPLEMENTATION_MINOR,
              GxB_IMPLEMENTATION_SUB, static_cast<int>(ss_threads), o.threads, loadavg().c_str());
  if (o.stats && mode != WEFT_NONBLOCKING) std::printf("# --stats: blocking mode leaves the counters at 0\n");
  std::printf("# medians of %d runs in ms; checked first (chains bitwise, pagerank 1e-9)\n", o.reps);
  std::printf("# %-14s %11s %11s %11s\n", "case", "weft_ms", "ss_ms", "hand_ms");
  std::fflush(stdout);

  Totals tot;
  run_chains(o, tot, false);
  run_chains(o, tot, true);
  run_pagerank(o, tot);

  G(GrB_finalize());
  W(weft_finalize());
  std::printf("# load average at the end: %s\n", loadavg().c_str());
  if (tot.mismatches) {
    std::printf("!!! %d mismatch(es)\n", tot.mismatches);
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char **argv) { return main_impl(argc, argv); }
