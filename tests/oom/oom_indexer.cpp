// Out of memory, indexer side (weft_mpi.h), on one rank: the plan (weft_indexer_new),
// every exchange blocking and split phase, with the k-th allocation failing for every k
// until the call succeeds (oom_hooks.hpp). Each failing call must return
// WEFT_OUT_OF_MEMORY, leak nothing, write none of its outputs, and leave the indexer
// usable. (On several ranks an allocation that fails inside an exchange is not agreed
// between the ranks: see weft_mpi.h.)
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "oom_hooks.hpp"
#include "weft_mpi.h"

namespace {

template <class T>
bool all(const std::vector<T> &v, T x) {
  return std::all_of(v.begin(), v.end(), [&](T y) { return y == x; });
}

}  // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::printf("out of memory, indexer (1 rank):\n");
  const int64_t distrib[2] = {0, 6};
  const std::vector<int64_t> idx = {5, 0, 3, 3, 1};
  const weft_indexer kNone = reinterpret_cast<weft_indexer>(uintptr_t(0x5E17));
  weft_indexer gi = kNone;
  auto make = [&] { return weft_indexer_new(distrib, int64_t(idx.size()), idx.data(), MPI_COMM_SELF, &gi); };
  make();
  weft_indexer_free(&gi);
  gi = kNone;
  oom::brutal("weft_indexer_new", [] {}, make, [] {}, [&] { return gi == kNone; });
  OOM_CHECK(gi != kNone, "the indexer was made");

  std::vector<int64_t> dist = {10, 11, 12, 13, 14, 15};
  const std::vector<int64_t> want = {15, 10, 13, 13, 11};
  {
    std::vector<int64_t> part(5, -1);
    void *parts[1] = {part.data()};
    auto take = [&] { return weft_indexer_take(gi, dist.data(), 1, WEFT_INT64, parts); };
    take();  // warm-up: the indexer's buffer pool
    std::fill(part.begin(), part.end(), -1);
    oom::brutal("weft_indexer_take", [] {}, take, [] {}, [&] { return all(part, int64_t(-1)); });
    OOM_CHECK(part == want, "take after the failures");
    weft_request r = nullptr;
    std::fill(part.begin(), part.end(), -1);
    auto begin = [&] { return weft_indexer_take_begin(gi, dist.data(), 1, WEFT_INT64, parts, &r); };
    oom::brutal("weft_indexer_take_begin", [] {}, begin, [&] { weft_request_wait(&r); },
                [&] { return r == nullptr && all(part, int64_t(-1)); });
  }
  {
    std::vector<int64_t> part = {1, 2, 3, 4, 5}, d(6, 0);
    const void *parts[1] = {part.data()};
    auto put = [&] { return weft_indexer_put(gi, parts, 1, WEFT_INT64, WEFT_PLUS_MONOID_INT64, d.data()); };
    put();
    std::fill(d.begin(), d.end(), 0);
    oom::brutal("weft_indexer_put (PLUS)", [&] { std::fill(d.begin(), d.end(), 0); }, put, [] {},
                [&] { return all(d, int64_t(0)); });
    void *out = nullptr;
    auto put_alloc = [&] { return weft_indexer_put_alloc(gi, parts, 1, WEFT_INT64, nullptr, &out); };
    put_alloc();
    weft_free(out);
    out = nullptr;
    oom::brutal("weft_indexer_put_alloc", [] {}, put_alloc, [&] { weft_free(out); out = nullptr; },
                [&] { return out == nullptr; });
  }
  {
    std::vector<int64_t> dc = {1, 0, 2, 1, 1, 3}, dv = {1, 2, 3, 4, 5, 6, 7, 8};
    std::vector<int64_t> pc(5, -9), pv(16, -9);
    int64_t *pcs[1] = {pc.data()};
    void *pvs[1] = {pv.data()};
    const int64_t cap[1] = {16};
    auto take_v = [&] { return weft_indexer_take_v(gi, dc.data(), dv.data(), WEFT_INT64, pcs, pvs, cap); };
    take_v();
    std::fill(pc.begin(), pc.end(), -9);
    std::fill(pv.begin(), pv.end(), -9);
    oom::brutal("weft_indexer_take_v", [] {}, take_v, [] {},
                [&] { return all(pc, int64_t(-9)) && all(pv, int64_t(-9)); });
    int64_t *ac[1] = {nullptr};
    void *av[1] = {nullptr};
    auto take_v_alloc = [&] { return weft_indexer_take_v_alloc(gi, dc.data(), dv.data(), WEFT_INT64, ac, av); };
    auto release = [&] {
      weft_free(ac[0]);
      weft_free(av[0]);
      ac[0] = nullptr;
      av[0] = nullptr;
    };
    take_v_alloc();
    release();
    oom::brutal("weft_indexer_take_v_alloc", [] {}, take_v_alloc, release,
                [&] { return ac[0] == nullptr && av[0] == nullptr; });
    // put_v: into new arrays, and into caller buffers
    std::vector<int64_t> qc = {1, 2, 0, 1, 1}, qv = {7, 8, 9, 10, 11};
    const int64_t *qcs[1] = {qc.data()};
    const void *qvs[1] = {qv.data()};
    int64_t *oc = nullptr;
    void *ov = nullptr;
    auto put_v = [&] { return weft_indexer_put_v(gi, qcs, qvs, WEFT_INT64, true, dc.data(), dv.data(), &oc, &ov); };
    auto release2 = [&] {
      weft_free(oc);
      weft_free(ov);
      oc = nullptr;
      ov = nullptr;
    };
    put_v();
    release2();
    oom::brutal("weft_indexer_put_v", [] {}, put_v, release2, [&] { return oc == nullptr && ov == nullptr; });
    std::vector<int64_t> ic(6, -9), iv(32, -9);
    int64_t needed = -9;
    auto put_v_into = [&] {
      return weft_indexer_put_v_into(gi, qcs, qvs, WEFT_INT64, false, nullptr, nullptr, ic.data(), iv.data(), 32,
                                     &needed);
    };
    put_v_into();
    std::fill(ic.begin(), ic.end(), -9);
    std::fill(iv.begin(), iv.end(), -9);
    needed = -9;
    oom::brutal("weft_indexer_put_v_into", [] {}, put_v_into, [] {},
                [&] { return needed == -9 && all(ic, int64_t(-9)) && all(iv, int64_t(-9)); });
  }
  weft_indexer_free(&gi);
  std::printf("out of memory, indexer: %s\n", oom::failures ? "FAILED" : "ok");
  int failures = oom::failures;
  MPI_Finalize();
  return failures ? 1 : 0;
}
