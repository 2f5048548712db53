// graph_bench.cpp — time to solution of weft's graph algorithms (weft/graph.h) against the
// same algorithms written with SuiteSparse:GraphBLAS 7.4 calls the way LAGraph writes them,
// in one process on the same graphs (bench/sparse_graphs.hpp: uniform and R-MAT at
// --scales, and Matrix Market files of ../shared/data with --files, their values made
// non-negative with |x| so that they are shortest-path weights).
//
// Algorithms (weft call / the GrB program here, step for step the same algorithm):
//   bfs        levels from the first vertex with an out-edge: weft_graph_bfs; GrB: LAGraph's
//              direction-optimising loop (push: vxm with A, pull: mxv with A' kept, as
//              LAGraph's cached G->AT; the same frontier-size rule as weft's)
//   sssp       weft_graph_sssp; GrB: Bellman-Ford by frontiers on MIN_PLUS, the same steps
//   pagerank   20 iterations (tolerance 0); GrB: the same steps (GAP, sinks spread)
//   tc         triangles, Sandia LUT with automatic presort; GrB: the same steps (S from
//              A + A' off the diagonal, degree presort when mean > 4 * median,
//              C<L> = L*U' with PLUS_PAIR, reduce)
//   cc         FastSV; GrB: the same (MIN_SECOND mxv, hooking on arrays)
//   sssp_all   (weft only, against weft_graph_sssp) Bellman-Ford relaxing every edge each
//              round, d = min(d, d (min.+) A) until d stops changing: the measurement behind
//              weft_graph_sssp's choice of frontiers (the GrB column times weft_graph_sssp)
//   bc         betweenness from 4 sources (vertices 0, n/4, n/2, 3n/4: LAGraph's GAP
//              batch size); GrB: batched Brandes, the backward products with A' kept
// A' for the GrB side is computed untimed (LAGraph caches it with the graph); weft keeps
// it with A from the warm-up on (Matrix::transposed), so neither side pays it per call.
//
// Results are compared before timing (levels, components and triangle counts exactly,
// distances exactly, PageRank within 1e-12, betweenness within 1e-9 relative); a
// difference prints "!!! MISMATCH" and makes the exit status 1. Timing: medians of
// repetitions alternating weft and GrB, each side until --budget seconds and at least 3
// (1 when a run takes longer than 10 s). SS/weft > 1: weft is faster.
//
// Usage: bench_graph [--scales 16,18] [--graphs uniform,rmat|none] [--files bcsstk13,...]
//                    [--algos bfs,sssp,...] [--threads T] [--budget S] [--csv FILE]
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

extern "C" {
#include <GraphBLAS.h>
}

#include "bench_util.hpp"
#include "sparse_graphs.hpp"
#include "weft.h"

using namespace sparse_bench;

namespace {

double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

[[noreturn]] void die_grb(GrB_Info info, const char *call, int line) {
  std::fprintf(stderr, "!!! FAILED (graph_bench.cpp:%d) %s -> %d\n", line, call, int(info));
  std::exit(1);
}
[[noreturn]] void die_weft(weft_status s, const char *call, int line) {
  std::fprintf(stderr, "!!! FAILED (graph_bench.cpp:%d) %s -> %s: %s\n", line, call, weft_status_name(s), weft_last_error());
  std::exit(1);
}
#define G(call)                                               \
  do {                                                        \
    GrB_Info info_ = (call);                                  \
    if (info_ != GrB_SUCCESS && info_ != GrB_NO_VALUE) die_grb(info_, #call, __LINE__); \
  } while (0)
#define W(call)                                     \
  do {                                              \
    weft_status s_ = (call);                        \
    if (s_ < 0) die_weft(s_, #call, __LINE__);      \
  } while (0)

// ---- the GrB programs (LAGraph style) ----------------------------------------------------

GrB_Index gi(int64_t v) { return static_cast<GrB_Index>(v); }

GrB_Index nv(GrB_Vector v) {
  GrB_Index n = 0;
  G(GrB_Vector_nvals(&n, v));
  return n;
}

GrB_Vector grb_bfs(GrB_Matrix A, GrB_Matrix AT, int64_t n, int64_t src) {
  GrB_Vector v = nullptr, q = nullptr;
  G(GrB_Vector_new(&v, GrB_INT64, gi(n)));
  G(GrB_Vector_new(&q, GrB_BOOL, gi(n)));
  G(GrB_Vector_setElement_BOOL(q, true, gi(src)));
  for (int64_t depth = 0;; ++depth) {
    G(GrB_Vector_assign_INT64(v, q, nullptr, depth, GrB_ALL, gi(n), GrB_DESC_S));
    if (nv(q) * 16 < gi(n))  // push: the frontier's rows of A
      G(GrB_vxm(q, v, nullptr, GxB_ANY_PAIR_BOOL, q, A, GrB_DESC_RSC));
    else  // pull: dot products with the rows of A'
      G(GrB_mxv(q, v, nullptr, GxB_ANY_PAIR_BOOL, AT, q, GrB_DESC_RSC));
    if (nv(q) == 0) break;
  }
  GrB_Vector_free(&q);
  return v;
}

GrB_Vector grb_sssp(GrB_Matrix A, int64_t n, int64_t src) {
  GrB_Vector d = nullptr, f = nullptr, t = nullptr, no_gain = nullptr;
  G(GrB_Vector_new(&d, GrB_FP64, gi(n)));
  G(GrB_Vector_new(&f, GrB_FP64, gi(n)));
  G(GrB_Vector_new(&t, GrB_FP64, gi(n)));
  G(GrB_Vector_new(&no_gain, GrB_BOOL, gi(n)));
  G(GrB_Vector_setElement_FP64(d, 0.0, gi(src)));
  G(GrB_Vector_setElement_FP64(f, 0.0, gi(src)));
  for (int64_t round = 0; round < n && nv(f) > 0; ++round) {
    G(GrB_vxm(t, nullptr, nullptr, GrB_MIN_PLUS_SEMIRING_FP64, f, A, nullptr));
    G(GrB_Vector_eWiseMult_BinaryOp(no_gain, nullptr, nullptr, GrB_GE_FP64, t, d, nullptr));
    G(GrB_Vector_apply(f, no_gain, nullptr, GrB_IDENTITY_FP64, t, GrB_DESC_RC));
    G(GrB_Vector_eWiseAdd_BinaryOp(d, nullptr, nullptr, GrB_MIN_FP64, d, f, nullptr));
  }
  GrB_Vector_free(&f);
  GrB_Vector_free(&t);
  GrB_Vector_free(&no_gain);
  return d;
}

double grb_sum(GrB_Vector v) {
  double s = 0;
  G(GrB_Vector_reduce_FP64(&s, nullptr, GrB_PLUS_MONOID_FP64, v, nullptr));
  return s;
}

GrB_Vector grb_pagerank(GrB_Matrix A, int64_t n, int iterations) {
  const double damping = 0.85, teleport = (1 - damping) / double(n);
  GrB_Vector ones, deg, r, next, w, sinks, diff;
  for (GrB_Vector *v : {&ones, &deg, &r, &next, &w, &sinks, &diff}) G(GrB_Vector_new(v, GrB_FP64, gi(n)));
  G(GrB_Vector_assign_FP64(ones, nullptr, nullptr, 1.0, GrB_ALL, gi(n), nullptr));
  G(GrB_mxv(deg, nullptr, nullptr, GxB_PLUS_PAIR_FP64, A, ones, nullptr));
  G(GrB_Vector_apply_BinaryOp2nd_FP64(deg, nullptr, nullptr, GrB_DIV_FP64, deg, damping, nullptr));
  G(GrB_Vector_assign_FP64(r, nullptr, nullptr, 1.0 / double(n), GrB_ALL, gi(n), nullptr));
  for (int it = 0; it < iterations; ++it) {
    G(GrB_Vector_eWiseMult_BinaryOp(w, nullptr, nullptr, GrB_DIV_FP64, r, deg, nullptr));
    G(GrB_Vector_apply(sinks, deg, nullptr, GrB_IDENTITY_FP64, r, GrB_DESC_RSC));
    const double base = teleport + damping * grb_sum(sinks) / double(n);
    G(GrB_Vector_assign_FP64(next, nullptr, nullptr, base, GrB_ALL, gi(n), nullptr));
    G(GrB_vxm(next, nullptr, GrB_PLUS_FP64, GxB_PLUS_FIRST_FP64, w, A, nullptr));
    G(GrB_Vector_eWiseAdd_BinaryOp(diff, nullptr, nullptr, GrB_MINUS_FP64, next, r, nullptr));
    G(GrB_Vector_apply(diff, nullptr, nullptr, GrB_ABS_FP64, diff, nullptr));
    std::swap(r, next);
    (void)grb_sum(diff);  // the convergence test weft makes each iteration
  }
  for (GrB_Vector *v : {&ones, &deg, &next, &w, &sinks, &diff}) GrB_Vector_free(v);
  return r;
}

std::vector<int64_t> grb_array(GrB_Vector v, int64_t n, int64_t missing) {
  std::vector<int64_t> x(static_cast<size_t>(n), missing);
  GrB_Index k = nv(v);
  std::vector<GrB_Index> I(k + 1);
  std::vector<int64_t> X(k + 1);
  G(GrB_Vector_extractTuples_INT64(I.data(), X.data(), &k, v));
  for (GrB_Index q = 0; q < k; ++q) x[I[q]] = X[q];
  return x;
}

GrB_Vector grb_from_array(const std::vector<int64_t> &x) {
  GrB_Vector v = nullptr;
  G(GrB_Vector_new(&v, GrB_INT64, gi(int64_t(x.size()))));
  std::vector<GrB_Index> I(x.size());
  std::iota(I.begin(), I.end(), GrB_Index(0));
  G(GrB_Vector_build_INT64(v, I.data(), x.data(), gi(int64_t(x.size())), nullptr));
  return v;
}

GrB_Matrix grb_undirected(GrB_Matrix A, int64_t n) {
  GrB_Matrix T = nullptr, S = nullptr;
  G(GrB_Matrix_new(&T, GrB_BOOL, gi(n), gi(n)));
  G(GrB_Matrix_new(&S, GrB_BOOL, gi(n), gi(n)));
  G(GrB_Matrix_select_INT64(T, nullptr, nullptr, GrB_OFFDIAG, A, 0, nullptr));
  G(GrB_Matrix_eWiseAdd_BinaryOp(S, nullptr, nullptr, GrB_LOR, T, T, GrB_DESC_T1));
  GrB_Matrix_free(&T);
  return S;
}

int64_t grb_triangles(GrB_Matrix A, int64_t n) {
  GrB_Matrix S = grb_undirected(A, n);
  // Degrees, and the presort rule.
  GrB_Vector ones = nullptr, deg = nullptr;
  G(GrB_Vector_new(&ones, GrB_INT64, gi(n)));
  G(GrB_Vector_new(&deg, GrB_INT64, gi(n)));
  G(GrB_Vector_assign_INT64(ones, nullptr, nullptr, 1, GrB_ALL, gi(n), nullptr));
  G(GrB_mxv(deg, nullptr, nullptr, GxB_PLUS_PAIR_INT64, S, ones, nullptr));
  std::vector<int64_t> d = grb_array(deg, n, 0), m = d;
  GrB_Vector_free(&ones);
  GrB_Vector_free(&deg);
  const double mean = double(std::accumulate(d.begin(), d.end(), int64_t(0))) / double(n);
  std::nth_element(m.begin(), m.begin() + n / 2, m.end());
  if (mean > 4.0 * double(m[size_t(n / 2)])) {
    std::vector<GrB_Index> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), GrB_Index(0));
    std::stable_sort(order.begin(), order.end(), [&](GrB_Index a, GrB_Index b) { return d[a] < d[b]; });
    GrB_Matrix P = nullptr;
    G(GrB_Matrix_new(&P, GrB_BOOL, gi(n), gi(n)));
    G(GrB_Matrix_extract(P, nullptr, nullptr, S, order.data(), gi(n), order.data(), gi(n), nullptr));
    GrB_Matrix_free(&S);
    S = P;
  }
  GrB_Matrix L = nullptr, U = nullptr, C = nullptr;
  G(GrB_Matrix_new(&L, GrB_BOOL, gi(n), gi(n)));
  G(GrB_Matrix_new(&U, GrB_BOOL, gi(n), gi(n)));
  G(GrB_Matrix_new(&C, GrB_INT64, gi(n), gi(n)));
  G(GrB_Matrix_select_INT64(L, nullptr, nullptr, GrB_TRIL, S, -1, nullptr));
  G(GrB_Matrix_select_INT64(U, nullptr, nullptr, GrB_TRIU, S, 1, nullptr));
  G(GrB_mxm(C, L, nullptr, GxB_PLUS_PAIR_INT64, L, U, GrB_DESC_ST1));
  int64_t t = 0;
  G(GrB_Matrix_reduce_INT64(&t, nullptr, GrB_PLUS_MONOID_INT64, C, nullptr));
  for (GrB_Matrix *M : {&S, &L, &U, &C}) GrB_Matrix_free(M);
  return t;
}

std::vector<int64_t> grb_components(GrB_Matrix A, int64_t n) {
  GrB_Matrix S = grb_undirected(A, n);
  std::vector<int64_t> f(static_cast<size_t>(n));
  std::iota(f.begin(), f.end(), 0);
  std::vector<int64_t> gp = f;
  GrB_Vector gpv = grb_from_array(gp), mngp = nullptr;
  G(GrB_Vector_new(&mngp, GrB_INT64, gi(n)));
  for (;;) {
    G(GrB_mxv(mngp, nullptr, nullptr, GrB_MIN_SECOND_SEMIRING_INT64, S, gpv, nullptr));
    const std::vector<int64_t> m = grb_array(mngp, n, INT64_MAX);
    for (int64_t i = 0; i < n; ++i) {
      if (m[size_t(i)] == INT64_MAX) continue;
      int64_t &root = f[size_t(f[size_t(i)])];
      root = std::min(root, m[size_t(i)]);
    }
    for (int64_t i = 0; i < n; ++i) f[size_t(i)] = std::min({f[size_t(i)], m[size_t(i)], gp[size_t(i)]});
    bool changed = false;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t g = f[size_t(f[size_t(i)])];
      changed = changed || g != gp[size_t(i)];
      gp[size_t(i)] = g;
    }
    if (!changed) break;
    GrB_Vector_free(&gpv);
    gpv = grb_from_array(gp);
  }
  for (bool again = true; again;) {
    again = false;
    for (int64_t i = 0; i < n; ++i)
      if (f[size_t(f[size_t(i)])] != f[size_t(i)]) f[size_t(i)] = f[size_t(f[size_t(i)])], again = true;
  }
  GrB_Vector_free(&gpv);
  GrB_Vector_free(&mngp);
  GrB_Matrix_free(&S);
  return f;
}

GrB_Vector grb_betweenness(GrB_Matrix A, GrB_Matrix AT, int64_t n, const std::vector<int64_t> &src) {
  const int64_t ns = int64_t(src.size());
  GrB_Matrix paths = nullptr, frontier = nullptr;
  G(GrB_Matrix_new(&paths, GrB_FP64, gi(ns), gi(n)));
  G(GrB_Matrix_new(&frontier, GrB_FP64, gi(ns), gi(n)));
  for (int64_t k = 0; k < ns; ++k) {
    G(GrB_Matrix_setElement_FP64(paths, 1.0, gi(k), gi(src[size_t(k)])));
    G(GrB_Matrix_setElement_FP64(frontier, 1.0, gi(k), gi(src[size_t(k)])));
  }
  std::vector<GrB_Matrix> level;
  for (;;) {
    G(GrB_mxm(frontier, paths, nullptr, GxB_PLUS_FIRST_FP64, frontier, A, GrB_DESC_RSC));
    GrB_Index f = 0;
    G(GrB_Matrix_nvals(&f, frontier));
    if (f == 0) break;
    GrB_Matrix s = nullptr;
    G(GrB_Matrix_new(&s, GrB_BOOL, gi(ns), gi(n)));
    G(GrB_Matrix_apply(s, nullptr, nullptr, GrB_IDENTITY_BOOL, frontier, nullptr));
    level.push_back(s);
    G(GrB_Matrix_eWiseAdd_BinaryOp(paths, nullptr, nullptr, GrB_PLUS_FP64, paths, frontier, nullptr));
  }
  GrB_Matrix_free(&frontier);
  GrB_Matrix bcu = nullptr, Wm = nullptr;
  G(GrB_Matrix_new(&bcu, GrB_FP64, gi(ns), gi(n)));
  G(GrB_Matrix_new(&Wm, GrB_FP64, gi(ns), gi(n)));
  G(GrB_Matrix_assign_FP64(bcu, nullptr, nullptr, 1.0, GrB_ALL, gi(ns), GrB_ALL, gi(n), nullptr));
  for (size_t d = level.size(); d >= 2; --d) {
    G(GrB_Matrix_eWiseMult_BinaryOp(Wm, level[d - 1], nullptr, GrB_DIV_FP64, bcu, paths, GrB_DESC_RS));
    G(GrB_mxm(Wm, level[d - 2], nullptr, GxB_PLUS_FIRST_FP64, Wm, AT, GrB_DESC_RS));
    G(GrB_Matrix_eWiseMult_BinaryOp(bcu, level[d - 2], GrB_PLUS_FP64, GrB_TIMES_FP64, Wm, paths, GrB_DESC_S));
  }
  GrB_Vector c = nullptr;
  G(GrB_Vector_new(&c, GrB_FP64, gi(n)));
  G(GrB_Matrix_reduce_Monoid(c, nullptr, nullptr, GrB_PLUS_MONOID_FP64, bcu, GrB_DESC_T0));
  G(GrB_Vector_apply_BinaryOp2nd_FP64(c, nullptr, nullptr, GrB_PLUS_FP64, c, -double(ns), nullptr));
  for (GrB_Matrix &M : level) GrB_Matrix_free(&M);
  for (GrB_Matrix *M : {&paths, &bcu, &Wm}) GrB_Matrix_free(M);
  return c;
}

// ---- results as arrays, to compare -------------------------------------------------------

std::vector<double> weft_reals(weft_vector v, int64_t n) {
  std::vector<double> x(static_cast<size_t>(n), NAN);
  int64_t k = 0;
  W(weft_vector_nvals(v, &k));
  std::vector<int64_t> I(size_t(k) + 1);
  std::vector<double> X(size_t(k) + 1);
  W(weft_vector_extract_tuples(v, k, I.data(), X.data(), WEFT_FP64, &k));
  for (int64_t q = 0; q < k; ++q) x[size_t(I[size_t(q)])] = X[size_t(q)];
  return x;
}
std::vector<int64_t> weft_ints(weft_vector v, int64_t n) {
  std::vector<int64_t> x(static_cast<size_t>(n), -1);
  int64_t k = 0;
  W(weft_vector_nvals(v, &k));
  std::vector<int64_t> I(size_t(k) + 1), X(size_t(k) + 1);
  W(weft_vector_extract_tuples(v, k, I.data(), X.data(), WEFT_INT64, &k));
  for (int64_t q = 0; q < k; ++q) x[size_t(I[size_t(q)])] = X[size_t(q)];
  return x;
}
std::vector<double> grb_reals(GrB_Vector v, int64_t n) {
  std::vector<double> x(static_cast<size_t>(n), NAN);
  GrB_Index k = nv(v);
  std::vector<GrB_Index> I(k + 1);
  std::vector<double> X(k + 1);
  G(GrB_Vector_extractTuples_FP64(I.data(), X.data(), &k, v));
  for (GrB_Index q = 0; q < k; ++q) x[I[q]] = X[q];
  return x;
}

bool same_reals(const std::vector<double> &a, const std::vector<double> &b, double tol) {
  for (size_t k = 0; k < a.size(); ++k) {
    if (std::isnan(a[k]) && std::isnan(b[k])) continue;
    if (a[k] == b[k]) continue;
    if (!(std::fabs(a[k] - b[k]) <= tol * std::max({1.0, std::fabs(a[k]), std::fabs(b[k])}))) return false;
  }
  return true;
}

// ---- driver ---------------------------------------------------------------------------

struct Options {
  std::vector<int> scales{16};
  std::vector<std::string> graphs{"uniform", "rmat"}, files, algos{"bfs", "sssp", "pagerank", "tc", "cc", "bc"};
  int threads = 1;
  double budget = 1.0;
  std::string csv, data_dir = WEFT_BENCH_DATA_DIR;
  bool wants(const std::string &a) const { return std::find(algos.begin(), algos.end(), a) != algos.end(); }
};

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> out;
  size_t b = 0;
  while (b <= s.size()) {
    const size_t e = s.find(',', b);
    const std::string t = s.substr(b, e == std::string::npos ? std::string::npos : e - b);
    if (!t.empty()) out.push_back(t);
    if (e == std::string::npos) break;
    b = e + 1;
  }
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Alternating repetitions; returns the medians (seconds).
std::pair<double, double> time_pair(const Options &o, const std::function<void()> &w, const std::function<void()> &s) {
  std::vector<double> tw, ts;
  double spent_w = 0, spent_s = 0;
  while (true) {
    const bool more_w = tw.size() < 3 || spent_w < o.budget, more_s = ts.size() < 3 || spent_s < o.budget;
    const bool slow_w = !tw.empty() && tw[0] > 10, slow_s = !ts.empty() && ts[0] > 10;
    const bool run_w = more_w && !(slow_w && !tw.empty()), run_s = more_s && !(slow_s && !ts.empty());
    if (!run_w && !run_s) break;
    if (run_w) {
      const double t0 = now();
      w();
      tw.push_back(now() - t0);
      spent_w += tw.back();
    }
    if (run_s) {
      const double t0 = now();
      s();
      ts.push_back(now() - t0);
      spent_s += ts.back();
    }
    if (tw.size() >= 50 && ts.size() >= 50) break;
  }
  return {median(tw), median(ts)};
}

int failures = 0;
std::vector<double> ratios;

void report(const Options &o, FILE *csv, const std::string &graph, int64_t n, int64_t nnz, const char *algo, bool same,
            std::pair<double, double> t, const std::string &note) {
  const double ratio = t.second / t.first;
  std::printf("%-12s %-9s %11.3f %11.3f %8.2f  %-8s %s\n", graph.c_str(), algo, 1e3 * t.first, 1e3 * t.second, ratio,
              same ? "same" : "MISMATCH", note.c_str());
  std::fflush(stdout);
  if (!same) ++failures, std::printf("!!! MISMATCH %s %s\n", graph.c_str(), algo);
  ratios.push_back(ratio);
  if (csv)
    std::fprintf(csv, "%s,%lld,%lld,%s,%d,%.9g,%.9g,%.6g,%s\n", graph.c_str(), (long long)n, (long long)nnz, algo,
                 o.threads, t.first, t.second, ratio, same ? "same" : "MISMATCH");
}

void run_graph(const Options &o, FILE *csv, const Coo &g, const std::string &label) {
  const int64_t n = g.n;
  weft_matrix A = nullptr;
  W(weft_matrix_new(WEFT_FP64, n, n, &A));
  W(weft_matrix_build(A, g.I.data(), g.J.data(), g.X.data(), WEFT_FP64, int64_t(g.X.size()), WEFT_PLUS_FP64));
  GrB_Matrix GA = nullptr, GAT = nullptr;
  G(GrB_Matrix_new(&GA, GrB_FP64, gi(n), gi(n)));
  G(GrB_Matrix_new(&GAT, GrB_FP64, gi(n), gi(n)));
  static_assert(sizeof(GrB_Index) == sizeof(int64_t), "index arrays are shared");
  G(GrB_Matrix_build_FP64(GA, reinterpret_cast<const GrB_Index *>(g.I.data()), reinterpret_cast<const GrB_Index *>(g.J.data()),
                          g.X.data(), gi(int64_t(g.X.size())), GrB_PLUS_FP64));
  G(GrB_transpose(GAT, nullptr, nullptr, GA, nullptr));
  G(GrB_Matrix_wait(GA, GrB_MATERIALIZE));
  G(GrB_Matrix_wait(GAT, GrB_MATERIALIZE));
  int64_t nnz = 0;
  W(weft_matrix_nvals(A, &nnz));
  const int64_t src = std::max<int64_t>(first_source(g), 0);
  std::printf("\n== %s: n = %lld, nnz = %lld, source %lld\n", label.c_str(), (long long)n, (long long)nnz, (long long)src);
  std::printf("%-12s %-9s %11s %11s %8s  %-8s %s\n", "graph", "algorithm", "weft ms", "GrB ms", "GrB/weft", "check", "note");

  if (o.wants("bfs")) {
    weft_vector wl = nullptr;
    W(weft_graph_bfs(&wl, nullptr, A, src));
    GrB_Vector sl = grb_bfs(GA, GAT, n, src);
    const std::vector<int64_t> a = weft_ints(wl, n), b = grb_array(sl, n, -1);
    const int64_t levels = *std::max_element(a.begin(), a.end()) + 1;
    weft_vector_free(&wl);
    GrB_Vector_free(&sl);
    auto t = time_pair(
        o, [&] { weft_vector v; W(weft_graph_bfs(&v, nullptr, A, src)); weft_vector_free(&v); },
        [&] { GrB_Vector v = grb_bfs(GA, GAT, n, src); GrB_Vector_free(&v); });
    report(o, csv, label, n, nnz, "bfs", a == b, t, "levels=" + std::to_string(levels));
  }
  if (o.wants("sssp")) {
    weft_vector wd = nullptr;
    W(weft_graph_sssp(&wd, A, src));
    GrB_Vector sd = grb_sssp(GA, n, src);
    const bool same = same_reals(weft_reals(wd, n), grb_reals(sd, n), 0);
    weft_vector_free(&wd);
    GrB_Vector_free(&sd);
    auto t = time_pair(
        o, [&] { weft_vector v; W(weft_graph_sssp(&v, A, src)); weft_vector_free(&v); },
        [&] { GrB_Vector v = grb_sssp(GA, n, src); GrB_Vector_free(&v); });
    report(o, csv, label, n, nnz, "sssp", same, t, "");
  }
  if (o.wants("sssp_all")) {
    // Every edge every round, against the frontier version weft_graph_sssp runs.
    auto all_edges = [&] {
      weft_vector d = nullptr, t = nullptr;
      W(weft_vector_new(WEFT_FP64, n, &d));
      W(weft_vector_new(WEFT_FP64, n, &t));
      const double zero = 0;
      W(weft_vector_set_element(d, src, &zero, WEFT_FP64));
      for (int64_t round = 0; round < n; ++round) {
        W(weft_vxm(t, nullptr, nullptr, WEFT_MIN_PLUS_SEMIRING_FP64, d, A, nullptr));
        W(weft_vector_ewise_add(t, nullptr, nullptr, WEFT_MIN_FP64, t, d, nullptr));
        int64_t a = 0, b = 0;
        W(weft_vector_nvals(t, &a));
        W(weft_vector_nvals(d, &b));
        bool same = a == b;
        if (same) {  // equal entries: the round changed nothing
          weft_vector eq = nullptr;
          W(weft_vector_new(WEFT_BOOL, n, &eq));
          W(weft_vector_ewise_mult(eq, nullptr, nullptr, WEFT_EQ_FP64, t, d, nullptr));
          bool all = true;
          weft_scalar s = nullptr;
          W(weft_scalar_new(WEFT_BOOL, &s));
          W(weft_vector_reduce_scalar(s, nullptr, WEFT_LAND_MONOID_BOOL, eq, nullptr));
          W(weft_scalar_extract_element(s, WEFT_BOOL, &all));
          weft_scalar_free(&s);
          weft_vector_free(&eq);
          same = all;
        }
        std::swap(d, t);
        if (same) break;
      }
      weft_vector_free(&t);
      return d;
    };
    weft_vector wf = nullptr;
    W(weft_graph_sssp(&wf, A, src));
    weft_vector wa = all_edges();
    const bool same = same_reals(weft_reals(wf, n), weft_reals(wa, n), 0);
    weft_vector_free(&wf);
    weft_vector_free(&wa);
    auto t = time_pair(
        o, [&] { weft_vector v = all_edges(); weft_vector_free(&v); },
        [&] { weft_vector v; W(weft_graph_sssp(&v, A, src)); weft_vector_free(&v); });
    report(o, csv, label, n, nnz, "sssp_all", same, t, "frontiers/all edges (both weft)");
  }
  if (o.wants("pagerank")) {
    weft_vector wr = nullptr;
    int it = 0;
    W(weft_graph_pagerank(&wr, &it, A, 0.85, 0.0, 20));
    GrB_Vector sr = grb_pagerank(GA, n, 20);
    const bool same = same_reals(weft_reals(wr, n), grb_reals(sr, n), 1e-12);
    weft_vector_free(&wr);
    GrB_Vector_free(&sr);
    auto t = time_pair(
        o, [&] { weft_vector v; W(weft_graph_pagerank(&v, nullptr, A, 0.85, 0.0, 20)); weft_vector_free(&v); },
        [&] { GrB_Vector v = grb_pagerank(GA, n, 20); GrB_Vector_free(&v); });
    report(o, csv, label, n, nnz, "pagerank", same, t, "20 iterations");
  }
  if (o.wants("tc")) {
    int64_t a = -1;
    W(weft_graph_triangles(&a, A, WEFT_TC_DEFAULT, WEFT_TC_PRESORT_AUTO));
    const int64_t b = grb_triangles(GA, n);
    auto t = time_pair(
        o, [&] { int64_t c; W(weft_graph_triangles(&c, A, WEFT_TC_DEFAULT, WEFT_TC_PRESORT_AUTO)); },
        [&] { (void)grb_triangles(GA, n); });
    report(o, csv, label, n, nnz, "tc", a == b, t, "triangles=" + std::to_string(a));
  }
  if (o.wants("cc")) {
    weft_vector wc = nullptr;
    int64_t count = 0;
    W(weft_graph_components(&wc, &count, A));
    const bool same = weft_ints(wc, n) == grb_components(GA, n);
    weft_vector_free(&wc);
    auto t = time_pair(
        o, [&] { weft_vector v; W(weft_graph_components(&v, nullptr, A)); weft_vector_free(&v); },
        [&] { (void)grb_components(GA, n); });
    report(o, csv, label, n, nnz, "cc", same, t, "components=" + std::to_string(count));
  }
  if (o.wants("bc")) {
    const std::vector<int64_t> src4{0, n / 4, n / 2, 3 * n / 4};
    weft_vector wb = nullptr;
    W(weft_graph_betweenness(&wb, A, src4.data(), 4));
    GrB_Vector sb = grb_betweenness(GA, GAT, n, src4);
    const bool same = same_reals(weft_reals(wb, n), grb_reals(sb, n), 1e-9);
    weft_vector_free(&wb);
    GrB_Vector_free(&sb);
    auto t = time_pair(
        o, [&] { weft_vector v; W(weft_graph_betweenness(&v, A, src4.data(), 4)); weft_vector_free(&v); },
        [&] { GrB_Vector v = grb_betweenness(GA, GAT, n, src4); GrB_Vector_free(&v); });
    report(o, csv, label, n, nnz, "bc", same, t, "4 sources");
  }
  weft_matrix_free(&A);
  GrB_Matrix_free(&GA);
  GrB_Matrix_free(&GAT);
}

}  // namespace

int main(int argc, char **argv) {
  bench_util::steady_malloc();
  Options o;
  for (int a = 1; a < argc; ++a) {
    const std::string s = argv[a];
    auto value = [&]() -> std::string {
      if (a + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", s.c_str());
        std::exit(2);
      }
      return argv[++a];
    };
    if (s == "--scales") {
      o.scales.clear();
      for (const std::string &t : split(value())) o.scales.push_back(std::atoi(t.c_str()));
    } else if (s == "--graphs") {
      o.graphs = split(value());
      if (o.graphs.size() == 1 && o.graphs[0] == "none") o.graphs.clear();
    } else if (s == "--files") {
      o.files = split(value());
    } else if (s == "--algos") {
      o.algos = split(value());
    } else if (s == "--threads") {
      o.threads = std::atoi(value().c_str());
    } else if (s == "--budget") {
      o.budget = std::atof(value().c_str());
    } else if (s == "--csv") {
      o.csv = value();
    } else if (s == "--data-dir") {
      o.data_dir = value();
    } else {
      std::fprintf(stderr,
                   "usage: bench_graph [--scales 16,18] [--graphs uniform,rmat|none] [--files a,b] [--algos bfs,...]\n"
                   "                   [--threads T] [--budget S] [--csv FILE] [--data-dir DIR]\n");
      return 2;
    }
  }
  G(GrB_init(GrB_NONBLOCKING));
  G(GxB_Global_Option_set_INT32(GxB_GLOBAL_NTHREADS, o.threads));
  W(weft_set_threads(o.threads));
  FILE *csv = nullptr;
  if (!o.csv.empty()) {
    csv = std::fopen(o.csv.c_str(), "a");
    if (csv && std::ftell(csv) == 0) std::fprintf(csv, "graph,n,nnz,algo,threads,weft_s,grb_s,ratio,check\n");
  }
  std::printf("threads: %d (weft and SuiteSparse); times are medians; GrB/weft > 1: weft faster\n", o.threads);
  for (const std::string &kind : o.graphs)
    for (int scale : o.scales) {
      const Coo g = make_graph(kind, scale, 42 + uint64_t(scale));
      run_graph(o, csv, g, kind + "-" + std::to_string(scale));
    }
  for (const std::string &f : o.files) {
    Coo g = load_file(o.data_dir, f);
    for (double &x : g.X) x = std::fabs(x);  // weights for sssp must be >= 0 (bcsstk13 has negatives)
    if (g.kind.empty()) {
      std::printf("!!! cannot read %s/%s.mtx\n", o.data_dir.c_str(), f.c_str());
      ++failures;
      continue;
    }
    run_graph(o, csv, g, f);
  }
  double logsum = 0;
  for (double r : ratios) logsum += std::log(r);
  if (!ratios.empty()) std::printf("\ngeometric mean of GrB/weft over %zu runs: %.2f\n", ratios.size(), std::exp(logsum / double(ratios.size())));
  if (csv) std::fclose(csv);
  GrB_finalize();
  weft_finalize();
  return failures ? 1 : 0;
}
