// Exchanges over an indexer plan. Every exchange is a Request: *_begin checks the
// arguments (agreed over the ranks), reads the inputs, posts the messages; wait()
// completes the messages and writes the outputs. The blocking calls are begin + wait.
#pragma once
#include <functional>
#include <string>

#include "agreement.hpp"
#include "indexer.hpp"
#include "items.hpp"
#include "mpi_calls.hpp"

namespace weft::indexer {

// WEFT_ABSTAIN (weft_mpi.h): a NULL unit is this rank's failure, WEFT_INVALID_HANDLE
// whatever else the caller found (`pre`), decided before any other argument is read.
// Every begin starts from this check and reads its other arguments only when it passes,
// so an abstaining rank touches nothing but takes part in the agreement, and the
// exchange fails on every rank.
inline FirstFailure abstention(const FirstFailure &pre, weft_type unit) {
  if (unit) return pre;
  FirstFailure ck;
  ck.need(false, WEFT_INVALID_HANDLE, "unit is WEFT_ABSTAIN: this rank abstains");
  return ck;
}

struct Request : Object {
  Ref<Indexer> gi;                // kept alive until the request completes
  Requests msgs;                  // completed by wait() before finish runs
  Indexer::Buffer sbuf, rbuf;     // from the indexer's pool, returned by wait()
  std::function<void()> finish;   // writes the outputs (may exchange more messages)
  static constexpr Magic kMagic = Magic::request;
  static constexpr const char *kHandleName = "weft_request";

  explicit Request(Indexer &g) : Object(Magic::request), gi(&g) {}
};

// `pre` carries a failure the caller found before the exchange (e.g. a NULL output
// handle); it joins the agreement, so a mistake on one rank never leaves the others
// waiting.
Request *take_begin(Indexer &gi, const void *dist, int64_t count, weft_type unit, void *const parts[],
                    const FirstFailure &pre = FirstFailure());
Request *put_begin(Indexer &gi, const void *const parts[], int64_t count, weft_type unit, weft_monoid reduce,
                   void *dist, const FirstFailure &pre = FirstFailure());
// Put into a new buffer (malloc'd; weft_free releases it) of dn*count units: the
// monoid's identity in every unit, or zero bytes. Collective, like put_begin.
void *put_alloc(Indexer &gi, const void *const parts[], int64_t count, weft_type unit, weft_monoid reduce,
                const FirstFailure &pre);

// Where a take_v writes: caller buffers (counts, values, capacity per part), or, when
// `alloc`, new allocations whose addresses go to alloc_counts[k] / alloc_values[k] at
// wait (nothing is written there on failure).
struct TakeVOut {
  bool alloc = false;
  int64_t *const *counts = nullptr;
  void *const *values = nullptr;
  const int64_t *capacity = nullptr;
  int64_t **alloc_counts = nullptr;
  void **alloc_values = nullptr;
};
Request *take_v_begin(Indexer &gi, const int64_t *dist_counts, const void *dist_values, weft_type unit,
                      const TakeVOut &out, const FirstFailure &pre = FirstFailure());

// Where a put_v writes: new allocations (*alloc_counts, *alloc_values), or, when `into`,
// the caller's counts[dn] and values (capacity units; *needed gets the units used).
struct PutVOut {
  int64_t **alloc_counts = nullptr;
  void **alloc_values = nullptr;
  bool into = false;
  int64_t *counts = nullptr;
  void *values = nullptr;
  int64_t capacity = 0;
  int64_t *needed = nullptr;
};
Request *put_v_begin(Indexer &gi, const int64_t *const part_counts[], const void *const part_values[],
                     weft_type unit, bool extend, const int64_t *init_counts, const void *init_values,
                     const PutVOut &out, const FirstFailure &pre = FirstFailure());

// Completes and destroys r.
void wait(Request *r);

}  // namespace weft::indexer
