// Randomised properties of the global indexer against a serial simulation of the
// semantics (seed 001 + reference §1.5): random distributions with empty ranks, 0-3
// parts per rank with repeated and empty index lists, several unit types including a
// padded struct with a user-defined monoid, every exchange mode. Every rank regenerates
// every rank's inputs from the same seed, so each can simulate the whole exchange.
#include <mpi.h>

#include <cstdio>
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <cstdlib>
#include <string>
#include <vector>

#include "splitmix64.hpp"
#include "weft_mpi.h"

using weft_testing::Rng;

static int rank_, nranks_, failures = 0;
#define EXPECT(cond, ...)                                                   \
  do {                                                                      \
    if (!(cond)) {                                                          \
      if (failures < 20) {                                                  \
        std::fprintf(stderr, "rank %d: FAIL line %d: ", rank_, __LINE__);   \
        std::fprintf(stderr, __VA_ARGS__);                                  \
        std::fprintf(stderr, "\n");                                         \
      }                                                                     \
      ++failures;                                                           \
    }                                                                       \
  } while (0)
#define OK(call) EXPECT((call) == WEFT_SUCCESS, "%s: %s", #call, weft_last_error())

struct Pair {  // a padded struct unit: 12 bytes of data, extent 16
  int32_t n;
  double x;
};
static void pair_op(void *z, const void *a, const void *b) {  // (sum of n, max of x)
  Pair p, q;
  std::memcpy(&p, a, sizeof p);
  std::memcpy(&q, b, sizeof q);
  Pair r{p.n + q.n, p.x > q.x ? p.x : q.x};
  std::memcpy(z, &r, sizeof r);
}

struct World {  // every rank's inputs
  std::vector<int64_t> distrib;
  std::vector<std::vector<std::vector<int64_t>>> idx;  // [rank][part][i]
};

// Lists are random (repeats likely) or, one time in three, a contiguous range that
// wraps around (a halo: the plan stores such maps as runs). One world in eight is
// larger, so runs are long enough to be kept.
static World make_world(Rng &r) {
  World w;
  int64_t n = r.below(8) == 0 ? r.range(100, 400) : r.range(0, 40);
  w.distrib.assign(size_t(nranks_) + 1, 0);
  std::vector<int64_t> cuts;
  for (int i = 0; i < nranks_ - 1; ++i) cuts.push_back(r.range(0, n));
  std::sort(cuts.begin(), cuts.end());
  for (int i = 0; i < nranks_ - 1; ++i) w.distrib[size_t(i) + 1] = cuts[size_t(i)];
  w.distrib[size_t(nranks_)] = n;
  w.idx.resize(size_t(nranks_));
  for (int s = 0; s < nranks_; ++s) {
    int np = int(r.range(0, 3));
    w.idx[size_t(s)].resize(size_t(np));
    for (auto &list : w.idx[size_t(s)]) {
      int64_t len = n == 0 ? 0 : r.range(0, n > 40 ? n : 12);
      if (r.below(3) == 0 && n > 0) {
        int64_t start = r.below(n);
        for (int64_t i = 0; i < len; ++i) list.push_back((start + i) % n);
      } else {
        for (int64_t i = 0; i < len; ++i) list.push_back(r.below(n));  // repeats likely
      }
    }
  }
  return w;
}

// Arrival order of every request: (source rank, part, position), as (g, s, k, i).
struct Req {
  int64_t g;
  int s, k;
  int64_t i;
};
static std::vector<Req> arrival_order(const World &w) {
  std::vector<Req> out;
  for (int s = 0; s < nranks_; ++s)
    for (size_t k = 0; k < w.idx[size_t(s)].size(); ++k)
      for (size_t i = 0; i < w.idx[size_t(s)][k].size(); ++i) out.push_back({w.idx[size_t(s)][k][i], s, int(k), int64_t(i)});
  return out;
}

// Deterministic data: value of global item g (component c) and of request (s,k,i,c).
static int64_t dist_value(int64_t g, int64_t c) { return 1000 * g + c + 7; }
static int64_t part_value(int s, int k, int64_t i, int64_t c) { return 100000 * (s + 1) + 1000 * k + 10 * i + c; }

static void one_trial(Rng &r) {
  World w = make_world(r);
  int me = rank_;
  int64_t lo = w.distrib[size_t(me)], dn = w.distrib[size_t(me) + 1] - lo;
  const auto &mine = w.idx[size_t(me)];
  size_t np = mine.size();
  std::vector<int64_t> nidx(np);
  std::vector<const int64_t *> lists(np);
  for (size_t k = 0; k < np; ++k) {
    nidx[k] = int64_t(mine[k].size());
    lists[k] = mine[k].data();
  }
  weft_indexer gi;
  OK(weft_indexer_new_multi(w.distrib.data(), int64_t(np), nidx.data(), lists.data(), MPI_COMM_WORLD, &gi));
  std::vector<Req> order = arrival_order(w);
  int64_t count = r.range(1, 3);

  // take, INT64 x count
  std::vector<int64_t> dist(size_t(dn * count));
  for (int64_t j = 0; j < dn; ++j)
    for (int64_t c = 0; c < count; ++c) dist[size_t(j * count + c)] = dist_value(lo + j, c);
  std::vector<std::vector<int64_t>> parts(np);
  std::vector<void *> pp(np);
  for (size_t k = 0; k < np; ++k) {
    parts[k].assign(size_t(nidx[k] * count), -1);
    pp[k] = parts[k].data();
  }
  OK(weft_indexer_take(gi, dist.data(), count, WEFT_INT64, pp.data()));
  for (size_t k = 0; k < np; ++k)
    for (int64_t i = 0; i < nidx[k]; ++i)
      for (int64_t c = 0; c < count; ++c)
        EXPECT(parts[k][size_t(i * count + c)] == dist_value(mine[k][size_t(i)], c), "take");

  // put: last writer in arrival order; then PLUS; then MIN into a weft-allocated buffer
  std::vector<const void *> cp(np);
  for (size_t k = 0; k < np; ++k) {
    for (int64_t i = 0; i < nidx[k]; ++i)
      for (int64_t c = 0; c < count; ++c) parts[k][size_t(i * count + c)] = part_value(me, int(k), i, c);
    cp[k] = parts[k].data();
  }
  std::vector<int64_t> want_last(size_t(dn * count)), want_sum(size_t(dn * count)), want_min(size_t(dn * count), INT64_MAX);
  for (int64_t j = 0; j < dn * count; ++j) want_last[size_t(j)] = want_sum[size_t(j)] = dist[size_t(j)];
  for (const Req &q : order)
    if (q.g >= lo && q.g < lo + dn)
      for (int64_t c = 0; c < count; ++c) {
        size_t at = size_t((q.g - lo) * count + c);
        int64_t v = part_value(q.s, q.k, q.i, c);
        want_last[at] = v;
        want_sum[at] += v;
        want_min[at] = std::min(want_min[at], v);
      }
  std::vector<int64_t> d1 = dist, d2 = dist;
  OK(weft_indexer_put(gi, cp.data(), count, WEFT_INT64, nullptr, d1.data()));
  EXPECT(d1 == want_last, "put, last writer wins");
  weft_request req;
  OK(weft_indexer_put_begin(gi, cp.data(), count, WEFT_INT64, WEFT_PLUS_MONOID_INT64, d2.data(), &req));
  OK(weft_request_wait(&req));
  EXPECT(d2 == want_sum, "put_begin PLUS (initial contents included)");
  void *alloc = nullptr;
  OK(weft_indexer_put_alloc(gi, cp.data(), count, WEFT_INT64, WEFT_MIN_MONOID_INT64, &alloc));
  EXPECT(alloc && (want_min.empty() || std::memcmp(alloc, want_min.data(), want_min.size() * 8) == 0), "put_alloc MIN from the identity");
  weft_free(alloc);

  // a padded struct unit with a user-defined monoid
  int64_t bl[2] = {1, 1};
  weft_aint disp[2] = {offsetof(Pair, n), offsetof(Pair, x)};
  weft_type tys[2] = {WEFT_INT32, WEFT_DOUBLE}, pair_t;
  OK(weft_type_struct(2, bl, disp, tys, &pair_t));
  OK(weft_type_commit(pair_t));
  Pair ident{0, -1e300};
  weft_monoid pm;
  weft_binary_op pair_bop;
  OK(weft_binary_op_new(pair_op, pair_t, pair_t, pair_t, &pair_bop));
  OK(weft_monoid_new(pair_bop, &ident, &pm));
  OK(weft_binary_op_free(&pair_bop));  // the monoid keeps it: the put below still reduces with it
  std::vector<Pair> pd(static_cast<size_t>(dn));
  for (int64_t j = 0; j < dn; ++j) pd[size_t(j)] = Pair{int32_t(lo + j), double(lo + j) / 4};
  std::vector<std::vector<Pair>> pparts(np);
  std::vector<const void *> pcp(np);
  for (size_t k = 0; k < np; ++k) {
    for (int64_t i = 0; i < nidx[k]; ++i) pparts[k].push_back(Pair{int32_t(part_value(me, int(k), i, 0) % 1000), double(i) - k});
    pcp[k] = pparts[k].data();
  }
  const int64_t n = w.distrib.back();
  std::vector<Pair> want(static_cast<size_t>(n));  // every global item, simulated on every rank
  for (int64_t g = 0; g < n; ++g) want[size_t(g)] = Pair{int32_t(g), double(g) / 4};
  for (const Req &q : order) {
    Pair &t = want[size_t(q.g)];
    Pair v{int32_t(part_value(q.s, q.k, q.i, 0) % 1000), double(q.i) - q.k};
    pair_op(&t, &t, &v);
  }
  OK(weft_indexer_put(gi, pcp.data(), 1, pair_t, pm, pd.data()));
  for (int64_t j = 0; j < dn; ++j)
    EXPECT(pd[size_t(j)].n == want[size_t(lo + j)].n && pd[size_t(j)].x == want[size_t(lo + j)].x,
           "put with a struct monoid");
  // ... and take of struct units (non-contiguous: packed through weft)
  std::vector<std::vector<Pair>> tparts(np);
  std::vector<void *> tpp(np);
  for (size_t k = 0; k < np; ++k) {
    tparts[k].assign(size_t(nidx[k]), Pair{-1, -1});
    tpp[k] = tparts[k].data();
  }
  OK(weft_indexer_take(gi, pd.data(), 1, pair_t, tpp.data()));
  for (size_t k = 0; k < np; ++k)
    for (int64_t i = 0; i < nidx[k]; ++i) {
      const Pair &got = tparts[k][size_t(i)], &w2 = want[size_t(mine[k][size_t(i)])];
      EXPECT(got.n == w2.n && got.x == w2.x, "take of struct units");
    }
  OK(weft_monoid_free(&pm));
  OK(weft_type_free(&pair_t));

  // take_v / put_v: item g of the distributed array has g % 3 values
  std::vector<int64_t> vc(static_cast<size_t>(dn)), vv;
  for (int64_t j = 0; j < dn; ++j) {
    vc[size_t(j)] = (lo + j) % 3;
    for (int64_t c = 0; c < vc[size_t(j)]; ++c) vv.push_back(dist_value(lo + j, c));
  }
  std::vector<int64_t *> oc(np);
  std::vector<void *> ov(np);
  OK(weft_indexer_take_v_alloc(gi, vc.data(), vv.data(), WEFT_INT64, oc.data(), ov.data()));
  for (size_t k = 0; k < np; ++k) {
    const int64_t *v = static_cast<const int64_t *>(ov[k]);
    int64_t at = 0;
    for (int64_t i = 0; i < nidx[k]; ++i) {
      int64_t g = mine[k][size_t(i)];
      EXPECT(oc[k][i] == g % 3, "take_v count");
      for (int64_t c = 0; c < g % 3; ++c) EXPECT(v[at++] == dist_value(g, c), "take_v value");
    }
    weft_free(oc[k]);
    weft_free(ov[k]);
  }
  // put_v: request (s,k,i) carries (s+k+i) % 3 values; with and without extend, with initial data
  std::vector<std::vector<int64_t>> pcnt(np), pval(np);
  std::vector<const int64_t *> pcp2(np);
  std::vector<const void *> pvp(np);
  for (size_t k = 0; k < np; ++k) {
    for (int64_t i = 0; i < nidx[k]; ++i) {
      int64_t c = (me + int64_t(k) + i) % 3;
      pcnt[k].push_back(c);
      for (int64_t e = 0; e < c; ++e) pval[k].push_back(part_value(me, int(k), i, e));
    }
    pcp2[k] = pcnt[k].data();
    pvp[k] = pval[k].data();
  }
  // The simulated put_v results, without and with extend: blocks[ext][j].
  std::vector<std::vector<int64_t>> blocks[2];
  for (int ext = 0; ext < 2; ++ext) {
    blocks[ext].resize(static_cast<size_t>(dn));
    for (int64_t j = 0; j < dn; ++j)
      for (int64_t c = 0; c < vc[size_t(j)]; ++c) blocks[ext][size_t(j)].push_back(dist_value(lo + j, c));
    for (const Req &q : order)
      if (q.g >= lo && q.g < lo + dn) {
        auto &b = blocks[ext][size_t(q.g - lo)];
        if (!ext) b.clear();
        for (int64_t e = 0; e < (q.s + q.k + q.i) % 3; ++e) b.push_back(part_value(q.s, q.k, q.i, e));
      }
  }
  auto check_blocks = [&](int ext, const int64_t *dc, const int64_t *dv, const char *what) {
    int64_t at = 0;
    for (int64_t j = 0; j < dn; ++j) {
      EXPECT(dc[j] == int64_t(blocks[ext][size_t(j)].size()), "%s count (extend %d)", what, ext);
      for (int64_t v : blocks[ext][size_t(j)]) EXPECT(dv[at++] == v, "%s value (extend %d)", what, ext);
    }
  };
  int64_t want_total[2] = {0, 0};
  for (int ext = 0; ext < 2; ++ext)
    for (const auto &b : blocks[ext]) want_total[ext] += int64_t(b.size());
  for (int ext = 0; ext < 2; ++ext) {
    int64_t *dc = nullptr;
    void *dvv = nullptr;
    OK(weft_indexer_put_v(gi, pcp2.data(), pvp.data(), WEFT_INT64, ext == 1, vc.data(), vv.data(), &dc, &dvv));
    if (dc) check_blocks(ext, dc, static_cast<const int64_t *>(dvv), "put_v");
    weft_free(dc);
    weft_free(dvv);
    // into caller buffers, in place: the initial arrays are the output arrays
    std::vector<int64_t> ic = vc, iv = vv;
    iv.resize(std::max(vv.size(), size_t(want_total[ext])) + 1, -5);
    int64_t needed = -1;
    OK(weft_indexer_put_v_into(gi, pcp2.data(), pvp.data(), WEFT_INT64, ext == 1, ic.data(), iv.data(), ic.data(),
                               iv.data(), int64_t(iv.size()), &needed));
    EXPECT(needed == want_total[ext], "put_v_into needed %lld, want %lld", (long long)needed, (long long)want_total[ext]);
    check_blocks(ext, ic.data(), iv.data(), "put_v_into in place");
    // too little room on the last rank (when it needs any): only `needed` is written there
    bool short_here = me == nranks_ - 1 && want_total[ext] > 0;
    std::vector<int64_t> oc2(static_cast<size_t>(dn), -9), ov2(size_t(want_total[ext]) + 1, -9);
    int64_t cap = short_here ? want_total[ext] - 1 : int64_t(ov2.size());
    needed = -1;
    weft_status st = weft_indexer_put_v_into(gi, pcp2.data(), pvp.data(), WEFT_INT64, ext == 1, vc.data(), vv.data(),
                                             oc2.data(), ov2.data(), cap, &needed);
    EXPECT(st == (short_here ? WEFT_INSUFFICIENT_SPACE : WEFT_SUCCESS), "put_v_into short: %s", weft_status_name(st));
    EXPECT(needed == want_total[ext], "put_v_into short: needed");
    if (short_here) {
      EXPECT(std::all_of(oc2.begin(), oc2.end(), [](int64_t v) { return v == -9; }), "put_v_into short: counts kept");
      EXPECT(std::all_of(ov2.begin(), ov2.end(), [](int64_t v) { return v == -9; }), "put_v_into short: values kept");
    } else {
      check_blocks(ext, oc2.data(), ov2.data(), "put_v_into");
    }
  }

  // take_v into caller buffers (exact room; then one unit short on the last rank)
  std::vector<std::vector<int64_t>> tv_counts(np), tv_values(np);
  std::vector<int64_t> tv_need(np, 0);
  for (size_t k = 0; k < np; ++k)
    for (int64_t i = 0; i < nidx[k]; ++i) {
      int64_t g = mine[k][size_t(i)];
      tv_counts[k].push_back(g % 3);
      for (int64_t c = 0; c < g % 3; ++c) tv_values[k].push_back(dist_value(g, c));
      tv_need[k] += g % 3;
    }
  for (int shortened = 0; shortened < 2; ++shortened) {
    bool short_here = false;
    std::vector<std::vector<int64_t>> c3(np), v3(np);
    std::vector<int64_t *> c3p(np);
    std::vector<void *> v3p(np);
    std::vector<int64_t> cap(np);
    for (size_t k = 0; k < np; ++k) {
      cap[k] = tv_need[k];
      if (shortened && me == nranks_ - 1 && tv_need[k] > 0 && !short_here) {
        cap[k] = tv_need[k] - 1;
        short_here = true;
      }
      c3[k].assign(size_t(nidx[k]), -9);
      v3[k].assign(size_t(tv_need[k]) + 1, -9);
      c3p[k] = c3[k].data();
      v3p[k] = v3[k].data();
    }
    weft_status st = weft_indexer_take_v(gi, vc.data(), vv.data(), WEFT_INT64, c3p.data(), v3p.data(), cap.data());
    EXPECT(st == (short_here ? WEFT_INSUFFICIENT_SPACE : WEFT_SUCCESS), "take_v into buffers: %s",
           weft_status_name(st));
    for (size_t k = 0; k < np; ++k) {
      EXPECT(c3[k] == tv_counts[k], "take_v counts (written even when short)");
      if (short_here)
        EXPECT(std::all_of(v3[k].begin(), v3[k].end(), [](int64_t v) { return v == -9; }), "take_v short: values kept");
      else
        EXPECT(std::equal(tv_values[k].begin(), tv_values[k].end(), v3[k].begin()), "take_v values");
    }
  }

  // Split phase: four variable-size requests outstanding at once, waited in reverse
  // order on odd ranks (a wait needs the peers' begin, never their wait).
  {
    std::vector<std::vector<int64_t>> c4(np), v4(np);
    std::vector<int64_t *> c4p(np), a_counts(np, nullptr);
    std::vector<void *> v4p(np), a_values(np, nullptr);
    std::vector<int64_t> cap(np);
    for (size_t k = 0; k < np; ++k) {
      c4[k].assign(size_t(nidx[k]), -9);
      v4[k].assign(size_t(tv_need[k]), -9);
      c4p[k] = c4[k].data();
      v4p[k] = v4[k].data();
      cap[k] = tv_need[k];
    }
    int64_t *pc = nullptr;
    void *pv = nullptr;
    std::vector<int64_t> ic(static_cast<size_t>(dn), -9), iv(size_t(want_total[1]) + 1, -9);
    int64_t needed = -1;
    weft_request rq[4] = {nullptr, nullptr, nullptr, nullptr};
    OK(weft_indexer_take_v_begin(gi, vc.data(), vv.data(), WEFT_INT64, c4p.data(), v4p.data(), cap.data(), &rq[0]));
    OK(weft_indexer_put_v_begin(gi, pcp2.data(), pvp.data(), WEFT_INT64, false, vc.data(), vv.data(), &pc, &pv,
                                &rq[1]));
    OK(weft_indexer_take_v_alloc_begin(gi, vc.data(), vv.data(), WEFT_INT64, a_counts.data(), a_values.data(),
                                       &rq[2]));
    OK(weft_indexer_put_v_into_begin(gi, pcp2.data(), pvp.data(), WEFT_INT64, true, vc.data(), vv.data(), ic.data(),
                                     iv.data(), int64_t(iv.size()), &needed, &rq[3]));
    for (int t = 0; t < 4; ++t) OK(weft_request_wait(&rq[me % 2 ? 3 - t : t]));
    for (size_t k = 0; k < np; ++k) {
      EXPECT(c4[k] == tv_counts[k] && v4[k] == tv_values[k], "take_v_begin");
      EXPECT(a_counts[k] && std::equal(tv_counts[k].begin(), tv_counts[k].end(), a_counts[k]), "take_v_alloc_begin counts");
      EXPECT(a_values[k] && std::equal(tv_values[k].begin(), tv_values[k].end(), static_cast<int64_t *>(a_values[k])),
             "take_v_alloc_begin values");
      weft_free(a_counts[k]);
      weft_free(a_values[k]);
    }
    EXPECT(pc != nullptr, "put_v_begin allocates");
    if (pc) check_blocks(0, pc, static_cast<const int64_t *>(pv), "put_v_begin");
    weft_free(pc);
    weft_free(pv);
    EXPECT(needed == want_total[1], "put_v_into_begin needed");
    check_blocks(1, ic.data(), iv.data(), "put_v_into_begin");
  }

  // Floating-point sums whose value depends on the order of the additions: the result
  // must be the arrival-order sum, bit for bit.
  {
    auto fv = [](int s, int k, int64_t i) {
      int64_t h = (7 * s + 3 * k + i) % 4;
      return h == 0 ? 1e16 : h == 1 ? -1e16 : h == 2 ? 1.0 + double(i) : 0.25 * double(s + 1);
    };
    std::vector<double> fd(static_cast<size_t>(dn)), fwant(static_cast<size_t>(dn));
    for (int64_t j = 0; j < dn; ++j) fd[size_t(j)] = fwant[size_t(j)] = 0.5 * double(lo + j);
    for (const Req &q : order)
      if (q.g >= lo && q.g < lo + dn) fwant[size_t(q.g - lo)] += fv(q.s, q.k, q.i);
    std::vector<std::vector<double>> fparts(np);
    std::vector<const void *> fpp(np);
    for (size_t k = 0; k < np; ++k) {
      for (int64_t i = 0; i < nidx[k]; ++i) fparts[k].push_back(fv(me, int(k), i));
      fpp[k] = fparts[k].data();
    }
    std::vector<double> fd2 = fd;
    OK(weft_indexer_put(gi, fpp.data(), 1, WEFT_DOUBLE, WEFT_PLUS_MONOID_FP64, fd.data()));
    EXPECT(fd.empty() || std::memcmp(fd.data(), fwant.data(), fd.size() * 8) == 0, "FP64 sum in arrival order");
    weft_request rq;
    OK(weft_indexer_put_begin(gi, fpp.data(), 1, WEFT_DOUBLE, WEFT_PLUS_MONOID_FP64, fd2.data(), &rq));
    OK(weft_request_wait(&rq));
    EXPECT(fd2.empty() || std::memcmp(fd2.data(), fwant.data(), fd2.size() * 8) == 0, "FP64 sum in arrival order (split phase)");
  }

  // Agreed failures drop the messages already posted (which may be truncated) and
  // write nothing; the next exchange is unaffected.
  {
    std::vector<std::vector<int64_t>> keep(np);
    std::vector<void *> kp(np);
    for (size_t k = 0; k < np; ++k) {
      keep[k].assign(size_t(nidx[k] * (count + 1)), -3);
      kp[k] = keep[k].data();
    }
    std::vector<int64_t> wide(size_t(dn * (count + 1)), 5);
    bool odd_one = me == nranks_ - 1;
    weft_status st = WEFT_INVALID_VALUE;
    if (nranks_ > 1) {  // a count one larger on the last rank
      st = weft_indexer_take(gi, wide.data(), odd_one ? count + 1 : count, WEFT_INT64, kp.data());
      EXPECT(st == WEFT_INVALID_VALUE, "count mismatch: %s", weft_status_name(st));
    }
    // a NULL dist on the last rank fails (on every rank) when that rank owns items
    bool fails = w.distrib[size_t(nranks_)] > w.distrib[size_t(nranks_) - 1];
    st = weft_indexer_put(gi, cp.data(), count, WEFT_INT64, nullptr, odd_one ? nullptr : wide.data());
    EXPECT(st == (fails ? WEFT_NULL_POINTER : WEFT_SUCCESS), "NULL dist on one rank: %s", weft_status_name(st));
    for (size_t k = 0; k < np; ++k)
      EXPECT(std::all_of(keep[k].begin(), keep[k].end(), [](int64_t v) { return v == -3; }), "failed take wrote");
    EXPECT(!fails || std::all_of(wide.begin(), wide.end(), [](int64_t v) { return v == 5; }), "failed put wrote");
    OK(weft_indexer_take(gi, dist.data(), count, WEFT_INT64, kp.data()));
    for (size_t k = 0; k < np; ++k)
      for (int64_t i = 0; i < nidx[k]; ++i)
        for (int64_t c = 0; c < count; ++c)
          EXPECT(keep[k][size_t(i * count + c)] == dist_value(mine[k][size_t(i)], c), "take after failures");
  }

  // access counts
  std::vector<int64_t> acc(size_t(dn), -1), wacc(size_t(dn), 0);
  for (const Req &q : order)
    if (q.g >= lo && q.g < lo + dn) ++wacc[size_t(q.g - lo)];
  OK(weft_indexer_access_counts(gi, acc.data()));
  EXPECT(acc == wacc, "access counts");
  OK(weft_indexer_free(&gi));
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks_);
  Rng r(0x1DE7E5ull + uint64_t(nranks_));
  // --trials N: fewer under the sanitizers (tests/mpi/CMakeLists.txt), same seeds.
  int trials = 200;
  for (int a = 1; a + 1 < argc; ++a)
    if (std::string(argv[a]) == "--trials") trials = std::atoi(argv[a + 1]);
  for (int t = 0; t < trials; ++t) one_trial(r);
  // An index out of range on the last rank only: the same status everywhere.
  std::vector<int64_t> distrib(size_t(nranks_) + 1);
  for (int s = 0; s <= nranks_; ++s) distrib[size_t(s)] = 2 * s;
  int64_t bad = rank_ == nranks_ - 1 ? 2 * nranks_ : 0;
  weft_indexer g = nullptr;
  weft_status s = weft_indexer_new(distrib.data(), 1, &bad, MPI_COMM_WORLD, &g);
  EXPECT(s == WEFT_INDEX_OUT_OF_BOUNDS && g == nullptr, "agreed out-of-range: %s", weft_status_name(s));
  EXPECT(std::string(weft_last_error()).find("weft_indexer_new") == 0, "message names the call: %s", weft_last_error());
  // A distribution of the wrong size on one rank would be read past its end: the caller's
  // bug; a wrong shape (decreasing) is detected and agreed.
  std::vector<int64_t> dec = distrib;
  if (rank_ == 0 && nranks_ > 1) dec[1] = 3, dec[2] = 1;
  s = weft_indexer_new(dec.data(), 0, nullptr, MPI_COMM_WORLD, &g);
  EXPECT(nranks_ == 1 ? s == WEFT_SUCCESS : s == WEFT_INVALID_VALUE, "agreed bad distribution: %s", weft_status_name(s));
  if (g) weft_indexer_free(&g);
  int total;
  MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank_ == 0) std::printf("indexer properties on %d rank(s), %d trials: %s\n", nranks_, trials, total ? "FAILED" : "all equal the simulation");
  MPI_Finalize();
  return total ? 1 : 0;
}
