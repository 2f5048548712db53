// indexer_bench.cpp — weft's global indexer (weft_indexer_new / _take / _put) against
// PETSc's PetscSF and a hand-written MPI_Alltoallv exchange, on the same distribution
// and the same global indices.
//
//   weft        weft_indexer_new (plan), weft_indexer_take, weft_indexer_put with
//               WEFT_PLUS_MONOID_FP64 (sum) and with no monoid (replace)
//   PetscSF     PetscLayoutCreateFromRanges + PetscSFCreate + PetscSFSetFromOptions +
//               PetscSFSetGraphLayout + PetscSFSetUp (plan), PetscSFBcastBegin/End with
//               MPI_REPLACE (take), PetscSFReduceBegin/End with MPI_SUM / MPI_REPLACE (put).
//               Only when built with PETSc (BENCH_HAVE_PETSC).
//   alltoallv   indexer_alltoallv.hpp: owner search, counts, indices sent once; take is one
//               MPI_Alltoallv of values, put is one MPI_Alltoallv plus local = / +=.
//
// Patterns (global n items, balanced distribution distrib[r] = r*n/P):
//   random  each rank asks for n/P indices drawn uniformly over [0, n) (fixed seed per
//           rank; duplicates across and within ranks happen, as in real use);
//   halo    each rank asks for its own range, then H items left of it and H items right
//           of it (periodic: rank 0's left neighbour is rank P-1).
//
// Every method is verified before timing (take against the expected values; put-sum and
// put-replace against each other and against an independent expectation); differences
// are printed as "!!! MISMATCH" and make the exit status 1. Timing: 2 warm-up calls per
// operation, then R repetitions in which the operations run in a fresh shuffled order (the
// same on every rank), each preceded by an MPI_Barrier; a repetition's time is the max
// over ranks; the table shows medians over the repetitions. Nothing fails on speed.
//
// Usage: mpirun -np P bench_indexer [--n N] [--count C] [--reps R] [--halo H]
//                                   [--pattern random|halo|all] [--seed S]
//                                   [--only weft|PetscSF|alltoallv]  (time one; for profiling)
//                                   [--petsc PETSC_OPTIONS...]   (e.g. --petsc -sf_type neighbor)
// Lines starting with "RESULT" are machine-readable (bench/run_indexer.sh collects them).
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "indexer_alltoallv.hpp"
#include "splitmix64.hpp"
#include "weft.h"
#include "weft_mpi.h"

#ifdef BENCH_HAVE_PETSC
#include <petscsf.h>
#endif

#if !defined(OPEN_MPI)
#error "bench_indexer must be compiled against Open MPI's mpi.h (weft_mpi is built with it)"
#endif

namespace ibench {
namespace {

using weft_testing::Rng;

int g_rank = 0, g_nranks = 1;
int g_mismatches = 0;  // on rank 0: total reported mismatches

// ---- options -------------------------------------------------------------------------

struct Options {
  int64_t n = 1000000;
  int count = 1;
  int reps = 21;
  int64_t halo = 4000;
  std::string pattern = "all";
  uint64_t seed = 20261122;
  std::string only;  // time only this implementation (all are still verified)
};

[[noreturn]] void usage_exit(const char *msg) {
  if (g_rank == 0)
    std::fprintf(stderr,
                 "%s\nusage: bench_indexer [--n N] [--count C] [--reps R] [--halo H] "
                 "[--pattern random|halo|all] [--seed S] [--only weft|PetscSF|alltoallv] "
                 "[--petsc PETSC_OPTIONS...]\n",
                 msg);
  MPI_Finalize();
  std::exit(2);
}

// Parses our options; returns the index of "--petsc" (or argc).
int parse(int argc, char **argv, Options &o) {
  int i = 1;
  for (; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--petsc") break;
    if (i + 1 >= argc) usage_exit(("missing value after " + a).c_str());
    std::string v = argv[++i];
    if (a == "--n") o.n = std::atoll(v.c_str());
    else if (a == "--count") o.count = std::atoi(v.c_str());
    else if (a == "--reps") o.reps = std::atoi(v.c_str());
    else if (a == "--halo") o.halo = std::atoll(v.c_str());
    else if (a == "--pattern") o.pattern = v;
    else if (a == "--seed") o.seed = std::strtoull(v.c_str(), nullptr, 10);
    else if (a == "--only") o.only = v;
    else usage_exit(("unknown option " + a).c_str());
  }
  if (o.n < 1 || o.count < 1 || o.reps < 1 || o.halo < 0) usage_exit("bad option value");
  if (o.pattern != "all" && o.pattern != "random" && o.pattern != "halo") usage_exit("bad --pattern");
  return i;
}

// ---- problems ------------------------------------------------------------------------

struct Problem {
  std::string name;
  std::vector<int64_t> distrib;  // nranks + 1, the same on every rank
  std::vector<int64_t> idx;      // this rank's requests (global, 0-based)
};

std::vector<int64_t> balanced(int64_t n, int P) {
  std::vector<int64_t> d(P + 1);
  for (int r = 0; r <= P; ++r) d[r] = static_cast<int64_t>((static_cast<__int128>(n) * r) / P);
  return d;
}

Problem make_random(const Options &o) {
  Problem p;
  p.name = "random";
  p.distrib = balanced(o.n, g_nranks);
  const int64_t m = p.distrib[g_rank + 1] - p.distrib[g_rank];
  Rng rng(o.seed * 1000003ull + static_cast<uint64_t>(g_rank));
  p.idx.resize(m);
  for (auto &g : p.idx) g = rng.below(o.n);
  return p;
}

Problem make_halo(const Options &o) {
  Problem p;
  p.name = "halo";
  p.distrib = balanced(o.n, g_nranks);
  const int64_t lo = p.distrib[g_rank], hi = p.distrib[g_rank + 1], n = o.n;
  for (int64_t g = lo; g < hi; ++g) p.idx.push_back(g);
  for (int64_t k = o.halo; k >= 1; --k) p.idx.push_back(((lo - k) % n + n) % n);  // left, ascending
  for (int64_t k = 0; k < o.halo; ++k) p.idx.push_back((hi + k) % n);            // right, ascending
  return p;
}

// ---- error checks --------------------------------------------------------------------

void wcheck(weft_status s, const char *what) {
  if (s != WEFT_SUCCESS) {
    std::fprintf(stderr, "!!! [rank %d] %s failed: %s: %s\n", g_rank, what, weft_status_name(s), weft_last_error());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
}

#ifdef BENCH_HAVE_PETSC
void pcheck(PetscErrorCode e, const char *what) {
  if (e) {
    std::fprintf(stderr, "!!! [rank %d] %s failed: PETSc error %d\n", g_rank, what, static_cast<int>(e));
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 4);
  }
}
#endif

// Collective: sums `bad` over the ranks and reports on rank 0.
bool agree(int64_t bad, const std::string &what, bool info_only = false) {
  int64_t total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  if (total != 0 && g_rank == 0) {
    if (info_only) {
      std::printf("  [info] %s: %lld values differ\n", what.c_str(), static_cast<long long>(total));
    } else {
      std::printf("!!! MISMATCH %s: %lld values differ\n", what.c_str(), static_cast<long long>(total));
      ++g_mismatches;
    }
    std::fflush(stdout);
  }
  return total == 0;
}

// Local count of differing doubles (bitwise equality of values; NaN sentinels never equal).
int64_t ndiff(const std::vector<double> &a, const std::vector<double> &b, const char *tag) {
  int64_t bad = 0;
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i])) {
      if (bad == 0 && tag)
        std::fprintf(stderr, "  [rank %d] %s: first difference at %zu: %.17g vs %.17g\n", g_rank, tag, i, a[i], b[i]);
      ++bad;
    }
  if (a.size() != b.size()) bad += 1;
  return bad;
}

// ---- the three implementations behind one interface ----------------------------------

struct Impl {
  std::string name;
  std::function<void()> build, destroy;                 // plan
  std::function<void(const double *, double *)> take;   // dist -> part
  std::function<void(const double *, double *)> put_sum, put_replace;  // part -> dist
};

struct WeftSide {
  weft_indexer gi = nullptr;
};

#ifdef BENCH_HAVE_PETSC
struct PetscSide {
  std::vector<PetscInt> range, gidx;  // the same distribution and indices, as PetscInt
  PetscLayout layout = nullptr;
  PetscSF sf = nullptr;
};
#endif

// ---- timing --------------------------------------------------------------------------

struct TimedOp {
  int impl, row;
  std::function<void()> run, after;  // `after` is not timed (e.g. freeing a plan)
};

// Returns med[i] (seconds): median over reps of the max over ranks of op i's time.
std::vector<double> time_ops(std::vector<TimedOp> &ops, int reps, uint64_t seed) {
  const size_t n = ops.size();
  for (int w = 0; w < 2; ++w)
    for (auto &op : ops) {
      MPI_Barrier(MPI_COMM_WORLD);
      op.run();
      if (op.after) op.after();
    }
  std::vector<double> t(n * reps, 0.0);
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  Rng rng(seed);  // the same on every rank: collective calls must match
  for (int r = 0; r < reps; ++r) {
    for (size_t k = n; k > 1; --k) std::swap(order[k - 1], order[static_cast<size_t>(rng.below(static_cast<int64_t>(k)))]);
    for (size_t k = 0; k < n; ++k) {
      const size_t i = order[k];
      MPI_Barrier(MPI_COMM_WORLD);
      const double t0 = MPI_Wtime();
      ops[i].run();
      t[i * reps + r] = MPI_Wtime() - t0;
      if (ops[i].after) ops[i].after();
    }
  }
  std::vector<double> tmax(t.size());
  MPI_Allreduce(t.data(), tmax.data(), static_cast<int>(t.size()), MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  std::vector<double> med(n);
  for (size_t i = 0; i < n; ++i) {
    std::vector<double> v(tmax.begin() + i * reps, tmax.begin() + (i + 1) * reps);
    std::sort(v.begin(), v.end());
    med[i] = v[v.size() / 2];
  }
  return med;
}

// ---- one pattern ---------------------------------------------------------------------

double val_take(int64_t g, int t) { return static_cast<double>((g * 7 + t * 3) % 1000003); }
double val_init(int64_t g, int t) { return static_cast<double>(g % 1009 + t); }
double val_idx(int64_t g, int t) { return static_cast<double>(-((g * 13 + t) % 999983) - 1); }

const char *kRows[] = {"plan build", "take", "put (sum)", "put (replace)"};
constexpr int kNRows = 4;

void run_pattern(const Problem &pb, const Options &o, MPI_Datatype unit) {
  const int c = o.count;
  const int P = g_nranks;
  const int64_t lo = pb.distrib[g_rank];
  const int64_t dn = pb.distrib[g_rank + 1] - lo;
  const int64_t m = static_cast<int64_t>(pb.idx.size());
  const std::string tag = pb.name + " np=" + std::to_string(P);

  // Shared buffers: every method reads and writes the same memory.
  std::vector<double> dist(static_cast<size_t>(dn) * c), part(static_cast<size_t>(m) * c);

  // --- the implementations
  std::vector<Impl> impls;
  WeftSide w;
  {
    Impl im;
    im.name = "weft";
    im.build = [&] { wcheck(weft_indexer_new(pb.distrib.data(), m, pb.idx.data(), MPI_COMM_WORLD, &w.gi), "weft_indexer_new"); };
    im.destroy = [&] { wcheck(weft_indexer_free(&w.gi), "weft_indexer_free"); };
    im.take = [&, c](const double *d, double *p) {
      void *parts[] = {p};
      wcheck(weft_indexer_take(w.gi, d, c, WEFT_DOUBLE, parts), "weft_indexer_take");
    };
    im.put_sum = [&, c](const double *p, double *d) {
      const void *parts[] = {p};
      wcheck(weft_indexer_put(w.gi, parts, c, WEFT_DOUBLE, WEFT_PLUS_MONOID_FP64, d), "weft_indexer_put(sum)");
    };
    im.put_replace = [&, c](const double *p, double *d) {
      const void *parts[] = {p};
      wcheck(weft_indexer_put(w.gi, parts, c, WEFT_DOUBLE, nullptr, d), "weft_indexer_put");
    };
    impls.push_back(im);
  }
#ifdef BENCH_HAVE_PETSC
  PetscSide ps;
  ps.range.assign(pb.distrib.begin(), pb.distrib.end());
  ps.gidx.assign(pb.idx.begin(), pb.idx.end());
  {
    Impl im;
    im.name = "PetscSF";
    im.build = [&, m] {
      pcheck(PetscLayoutCreateFromRanges(MPI_COMM_WORLD, ps.range.data(), PETSC_COPY_VALUES, 1, &ps.layout),
             "PetscLayoutCreateFromRanges");
      pcheck(PetscSFCreate(MPI_COMM_WORLD, &ps.sf), "PetscSFCreate");
      pcheck(PetscSFSetFromOptions(ps.sf), "PetscSFSetFromOptions");
      pcheck(PetscSFSetGraphLayout(ps.sf, ps.layout, static_cast<PetscInt>(m), nullptr, PETSC_COPY_VALUES, ps.gidx.data()),
             "PetscSFSetGraphLayout");
      pcheck(PetscSFSetUp(ps.sf), "PetscSFSetUp");
    };
    im.destroy = [&] {
      pcheck(PetscSFDestroy(&ps.sf), "PetscSFDestroy");
      pcheck(PetscLayoutDestroy(&ps.layout), "PetscLayoutDestroy");
    };
    im.take = [&, unit](const double *d, double *p) {
      pcheck(PetscSFBcastBegin(ps.sf, unit, d, p, MPI_REPLACE), "PetscSFBcastBegin");
      pcheck(PetscSFBcastEnd(ps.sf, unit, d, p, MPI_REPLACE), "PetscSFBcastEnd");
    };
    im.put_sum = [&, unit](const double *p, double *d) {
      pcheck(PetscSFReduceBegin(ps.sf, unit, p, d, MPI_SUM), "PetscSFReduceBegin(MPI_SUM)");
      pcheck(PetscSFReduceEnd(ps.sf, unit, p, d, MPI_SUM), "PetscSFReduceEnd(MPI_SUM)");
    };
    im.put_replace = [&, unit](const double *p, double *d) {
      pcheck(PetscSFReduceBegin(ps.sf, unit, p, d, MPI_REPLACE), "PetscSFReduceBegin(MPI_REPLACE)");
      pcheck(PetscSFReduceEnd(ps.sf, unit, p, d, MPI_REPLACE), "PetscSFReduceEnd(MPI_REPLACE)");
    };
    impls.push_back(im);
  }
#endif
  A2APlan a;
  {
    Impl im;
    im.name = "alltoallv";
    im.build = [&, c] { a2a_build(a, pb.distrib, pb.idx, c, MPI_COMM_WORLD); };
    im.destroy = [&] { a2a_free(a); };
    im.take = [&, c, unit](const double *d, double *p) { a2a_take(a, d, c, unit, p); };
    im.put_sum = [&, c, unit](const double *p, double *d) { a2a_put(a, p, c, unit, true, d); };
    im.put_replace = [&, c, unit](const double *p, double *d) { a2a_put(a, p, c, unit, false, d); };
    impls.push_back(im);
  }
  const int NI = static_cast<int>(impls.size());
  const int A2A = NI - 1;

  for (auto &im : impls) im.build();

  // --- shape of the problem (from the alltoallv plan, which is simple enough to trust)
  {
    int64_t loc[3] = {m, 0, 0};  // requests, requests to another rank, distinct items requested here
    for (int r = 0; r < P; ++r)
      if (r != g_rank) loc[1] += a.scount[r];
    std::vector<char> hit(static_cast<size_t>(dn), 0);
    for (auto j : a.served) hit[j] = 1;
    for (auto h : hit) loc[2] += h;
    int64_t tot[3], mn, mx;
    MPI_Allreduce(loc, tot, 3, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&m, &mn, 1, MPI_INT64_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&m, &mx, 1, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
    if (g_rank == 0) {
      std::printf("\n== pattern %s: n = %lld items of %d double(s), %d ranks, requests per rank %lld..%lld, %d reps\n",
                  pb.name.c_str(), static_cast<long long>(pb.distrib[P]), c, P, static_cast<long long>(mn),
                  static_cast<long long>(mx), o.reps);
      std::printf("   %.1f%% of requests go to another rank; %.1f%% of the n items are requested at least once\n",
                  100.0 * tot[1] / std::max<int64_t>(tot[0], 1), 100.0 * tot[2] / static_cast<double>(pb.distrib[P]));
      std::fflush(stdout);
    }
  }

  // --- verification
  {
    // weft's plan queries.
    int64_t bad = 0, ds = -1, np = -1, ps0 = -1;
    wcheck(weft_indexer_sizes(w.gi, &ds, &np), "weft_indexer_sizes");
    wcheck(weft_indexer_part_size(w.gi, 0, &ps0), "weft_indexer_part_size");
    if (ds != dn || np != 1 || ps0 != m) {
      std::fprintf(stderr, "  [rank %d] weft_indexer_sizes/part_size: %lld %lld %lld, expected %lld 1 %lld\n", g_rank,
                   (long long)ds, (long long)np, (long long)ps0, (long long)dn, (long long)m);
      bad = 1;
    }
    agree(bad, tag + " weft_indexer_sizes / part_size");
    std::vector<int64_t> wc(static_cast<size_t>(dn), -7), ac(static_cast<size_t>(dn), 0);
    wcheck(weft_indexer_access_counts(w.gi, wc.data()), "weft_indexer_access_counts");
    for (auto j : a.served) ++ac[j];
    bad = 0;
    for (int64_t j = 0; j < dn; ++j) bad += wc[j] != ac[j];
    agree(bad, tag + " weft_indexer_access_counts vs counted requests");

    // take: part[i] = f(idx[i]).
    std::vector<double> expect(part.size());
    for (int64_t i = 0; i < m; ++i)
      for (int t = 0; t < c; ++t) expect[i * c + t] = val_take(pb.idx[i], t);
    for (int64_t j = 0; j < dn; ++j)
      for (int t = 0; t < c; ++t) dist[j * c + t] = val_take(lo + j, t);
    const std::vector<double> dist_take = dist;
    for (auto &im : impls) {
      std::fill(part.begin(), part.end(), NAN);
      im.take(dist.data(), part.data());
      agree(ndiff(part, expect, (im.name + " take").c_str()), tag + " take: " + im.name + " vs expected");
      agree(ndiff(dist, dist_take, (im.name + " take (source)").c_str()), tag + " take modified dist: " + im.name);
    }

    // put (sum): small integers, so every summation order is exact; compare the three
    // results to each other and the global totals to sum(init) + sum(parts).
    std::vector<double> init(dist.size()), pv(part.size());
    for (int64_t j = 0; j < dn; ++j)
      for (int t = 0; t < c; ++t) init[j * c + t] = val_init(lo + j, t);
    for (int64_t i = 0; i < m; ++i)
      for (int t = 0; t < c; ++t) pv[i * c + t] = static_cast<double>((g_rank * 31 + i * 7 + t) % 17 + 1);
    std::vector<std::vector<double>> res(NI);
    for (int k = 0; k < NI; ++k) {
      dist = init;
      part = pv;
      impls[k].put_sum(part.data(), dist.data());
      res[k] = dist;
      agree(ndiff(part, pv, nullptr), tag + " put (sum) modified the part buffer: " + impls[k].name);
    }
    {
      double loc[2] = {0, 0}, tot[2];
      for (auto v : pv) loc[0] += v;
      for (size_t j = 0; j < init.size(); ++j) loc[1] += res[A2A][j] - init[j];
      MPI_Allreduce(loc, tot, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      agree(tot[0] != tot[1], tag + " put (sum): alltoallv's total increase != sum of all part values");
    }
    for (int k = 0; k < NI; ++k)
      if (k != A2A)
        agree(ndiff(res[k], res[A2A], (impls[k].name + " put (sum)").c_str()),
              tag + " put (sum): " + impls[k].name + " vs alltoallv");

    // put (replace), values a function of the global index: every writer agrees, so the
    // result is defined for all three: f(g) where requested, init elsewhere.
    std::vector<double> expect_d = init;
    for (auto j : a.served)
      for (int t = 0; t < c; ++t) expect_d[j * c + t] = val_idx(lo + j, t);
    for (int64_t i = 0; i < m; ++i)
      for (int t = 0; t < c; ++t) pv[i * c + t] = val_idx(pb.idx[i], t);
    for (auto &im : impls) {
      dist = init;
      part = pv;
      im.put_replace(part.data(), dist.data());
      agree(ndiff(dist, expect_d, (im.name + " put (replace)").c_str()),
            tag + " put (replace, index-valued): " + im.name + " vs expected");
    }

    // put (replace), values unique per (rank, position): the last writer in arrival order
    // (source rank, then position) wins in weft and in the alltoallv baseline; PetscSF
    // leaves the order of duplicate leaves unspecified, so it is information only.
    for (int64_t i = 0; i < m; ++i)
      for (int t = 0; t < c; ++t) pv[i * c + t] = static_cast<double>(g_rank) * 1e9 + static_cast<double>(i * c + t);
    for (int k = 0; k < NI; ++k) {
      dist = init;
      part = pv;
      impls[k].put_replace(part.data(), dist.data());
      res[k] = dist;
    }
    for (int k = 0; k < NI; ++k) {
      if (k == A2A) continue;
      const bool defined = impls[k].name == "weft";
      agree(ndiff(res[k], res[A2A], defined ? (impls[k].name + " put (replace, last writer)").c_str() : nullptr),
            tag + " put (replace, rank-valued: last writer wins): " + impls[k].name + " vs alltoallv" +
                (defined ? "" : " (order of duplicates unspecified there)"),
            !defined);
    }
  }

  // --- timing: plan builds (each timed build is freed untimed), then the exchanges on
  // the plans built above.
  for (auto &im : impls) im.destroy();
  std::vector<TimedOp> ops;
  auto timed = [&](int k) { return o.only.empty() || o.only == impls[k].name; };
  for (int k = 0; k < NI; ++k)
    if (timed(k)) ops.push_back({k, 0, impls[k].build, impls[k].destroy});
  std::vector<TimedOp> build_ops = ops;
  std::vector<double> med_build = time_ops(ops, o.reps, o.seed + 1);
  for (auto &im : impls) im.build();

  for (int64_t j = 0; j < dn; ++j)
    for (int t = 0; t < c; ++t) dist[j * c + t] = val_take(lo + j, t);
  for (int64_t i = 0; i < m; ++i)
    for (int t = 0; t < c; ++t) part[i * c + t] = 1.0;
  ops.clear();
  for (int k = 0; k < NI; ++k) {
    if (!timed(k)) continue;
    Impl &im = impls[k];
    ops.push_back({k, 1, [&im, &dist, &part] { im.take(dist.data(), part.data()); }, nullptr});
    ops.push_back({k, 2, [&im, &dist, &part] { im.put_sum(part.data(), dist.data()); }, nullptr});
    ops.push_back({k, 3, [&im, &dist, &part] { im.put_replace(part.data(), dist.data()); }, nullptr});
  }
  std::vector<double> med_x = time_ops(ops, o.reps, o.seed + 2);
  for (auto &im : impls) im.destroy();

  // --- table
  std::vector<std::vector<double>> ms(kNRows, std::vector<double>(NI, NAN));
  for (size_t i = 0; i < build_ops.size(); ++i) ms[0][build_ops[i].impl] = med_build[i] * 1e3;
  for (size_t i = 0; i < ops.size(); ++i) ms[ops[i].row][ops[i].impl] = med_x[i] * 1e3;
  if (g_rank == 0) {
    std::printf("   median of %d reps, each the max over ranks, in ms; ratios X/weft (> 1: weft faster)\n", o.reps);
    std::printf("   %-14s |", "operation");
    for (auto &im : impls) std::printf(" %10s", im.name.c_str());
    std::printf(" |");
    for (int k = 1; k < NI; ++k) std::printf(" %12s", (impls[k].name + "/weft").c_str());
    std::printf("\n   ");
    for (int i = 0; i < 17 + 11 * NI + 13 * (NI - 1); ++i) std::putchar('-');
    std::printf("\n");
    for (int r = 0; r < kNRows; ++r) {
      std::printf("   %-14s |", kRows[r]);
      for (int k = 0; k < NI; ++k) std::printf(" %10.3f", ms[r][k]);
      std::printf(" |");
      for (int k = 1; k < NI; ++k) std::printf(" %12.2f", ms[r][k] / ms[r][0]);
      std::printf("\n");
    }
    if (!o.only.empty()) {
      std::printf("   (--only %s: no ratios, targets or RESULT lines)\n", o.only.c_str());
      std::fflush(stdout);
      return;
    }
    for (int r = 0; r < kNRows; ++r) {
      std::printf("RESULT pattern=%s np=%d n=%lld count=%d op=%s", pb.name.c_str(), P,
                  static_cast<long long>(pb.distrib[P]), c, r == 0 ? "plan" : r == 1 ? "take" : r == 2 ? "put_sum" : "put_replace");
      for (int k = 0; k < NI; ++k) std::printf(" %s=%.6g", impls[k].name.c_str(), ms[r][k]);
      std::printf("\n");
    }
    // Targets: every exchange at least as fast as both others; plan build no slower than PetscSF.
    // Within 5% counts as noise on this shared machine, and is said so.
    auto verdict = [&](int r, int k) {
      const double q = ms[r][k] / ms[r][0];
      std::printf("   [%s] %-14s %s/weft %.2f%s\n", q >= 1.0 ? "MET " : "MISS", kRows[r], impls[k].name.c_str(), q,
                  (q < 1.0 && q >= 0.95) ? " (within noise)" : "");
    };
    std::printf("   targets: exchanges at least as fast as both; plan build no slower than PetscSF\n");
    for (int r = 1; r < kNRows; ++r)
      for (int k = 1; k < NI; ++k) verdict(r, k);
    for (int k = 1; k < NI; ++k)
      if (impls[k].name == "PetscSF") verdict(0, k);
    if (NI == 2) std::printf("   [info] built without PETSc: PetscSF columns absent\n");
    std::fflush(stdout);
  }
}

}  // namespace
}  // namespace ibench

int main(int argc, char **argv) {
  using namespace ibench;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_nranks);
  Options o;
  const int petsc_at = parse(argc, argv, o);
#ifdef BENCH_HAVE_PETSC
  // PETSc sees only what follows --petsc (our --options are not PETSc options).
  static std::vector<char *> pargv;
  pargv.push_back(argv[0]);
  for (int i = petsc_at + 1; i < argc; ++i) pargv.push_back(argv[i]);
  pargv.push_back(nullptr);
  static int pargc = static_cast<int>(pargv.size()) - 1;
  static char **pargvp = pargv.data();
  PETSC_COMM_WORLD = MPI_COMM_WORLD;
  pcheck(PetscInitialize(&pargc, &pargvp, nullptr, nullptr), "PetscInitialize");
#else
  if (petsc_at < argc && g_rank == 0) std::printf("[info] --petsc ignored: built without PETSc\n");
#endif

  MPI_Datatype unit = MPI_DOUBLE;
  if (o.count > 1) {
    MPI_Type_contiguous(o.count, MPI_DOUBLE, &unit);
    MPI_Type_commit(&unit);
  }
  if (g_rank == 0) {
    int maj = 0, min = 0, pat = 0;
    weft_version(&maj, &min, &pat);
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(lib, &len);
    std::string l(lib, static_cast<size_t>(len));
    l = l.substr(0, l.find_first_of(",\n"));
    std::printf("bench_indexer: weft %d.%d.%d, %s", maj, min, pat, l.c_str());
#ifdef BENCH_HAVE_PETSC
    char pv[256];
    PetscGetVersion(pv, sizeof pv);
    std::printf(", %s (PetscInt %d-bit)", pv, static_cast<int>(8 * sizeof(PetscInt)));
#endif
    std::printf(", %d ranks\n", g_nranks);
    std::fflush(stdout);
  }

  if (o.pattern == "all" || o.pattern == "random") run_pattern(make_random(o), o, unit);
  if (o.pattern == "all" || o.pattern == "halo") run_pattern(make_halo(o), o, unit);

  if (o.count > 1) MPI_Type_free(&unit);
  if (g_rank == 0) {
    if (g_mismatches) std::printf("\n!!! %d MISMATCH line(s) above\n", g_mismatches);
    else std::printf("\ncorrectness: weft, PetscSF (when built) and alltoallv agree on every check\n");
  }
  int bad = g_mismatches;
  MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
#ifdef BENCH_HAVE_PETSC
  pcheck(PetscFinalize(), "PetscFinalize");
#endif
  MPI_Finalize();
  return bad ? 1 : 0;
}
