// Exchanges over an indexer plan. A fixed-size take or put is a Request: begin() packs
// and posts the messages, finish() (after the messages complete) writes the outputs.
#pragma once
#include <functional>
#include <string>

#include "indexer.hpp"
#include "items.hpp"
#include "mpi_calls.hpp"

namespace weft::indexer {

// A first-failure-wins collector for local argument checks.
struct Check {
  weft_status status = WEFT_SUCCESS;
  std::string msg;
  void need(bool ok, weft_status s, const std::string &m) {
    if (!ok && status == WEFT_SUCCESS) {
      status = s;
      msg = m;
    }
  }
};

struct Request : Object {
  Ref<Indexer> gi;
  Requests msgs;
  Indexer::Buffer sbuf, rbuf;  // from the indexer's pool, returned by wait()
  std::function<void()> finish;
  Request() : Object(Magic::request) {}
};

// Local checks of an exchange, agreed over the communicator in one allreduce, which also
// agrees that count, the unit's size and a mode flag (reduce, extend) are the same
// everywhere.
void agree_fixed(Indexer &gi, weft_status local, const std::string &msg, const Items &it, int64_t flag,
                 const char *flag_name);


// `pre` carries a failure the caller found before the exchange (e.g. a NULL output
// handle); it joins the agreement, so a mistake on one rank never leaves the others
// waiting.
Request *take_begin(Indexer &gi, const void *dist, int64_t count, weft_type unit, void *const parts[],
                    const Check &pre = Check());
Request *put_begin(Indexer &gi, const void *const parts[], int64_t count, weft_type unit, weft_monoid reduce,
                   void *dist, const Check &pre = Check());
// Completes and destroys r.
void wait(Request *r);
// Put into a new buffer (malloc'd; weft_free releases it) of dn*count units: the
// monoid's identity in every unit, or zero bytes. Collective, like put_begin.
void *put_alloc(Indexer &gi, const void *const parts[], int64_t count, weft_type unit, weft_monoid reduce,
                const Check &pre);

void take_v(Indexer &gi, const int64_t *dist_counts, const void *dist_values, weft_type unit,
            int64_t *const part_counts[], void *const part_values[], const int64_t *part_capacity,
            int64_t *alloc_counts[], void *alloc_values[], const Check &pre = Check());
void put_v(Indexer &gi, const int64_t *const part_counts[], const void *const part_values[], weft_type unit,
           bool extend, const int64_t *init_counts, const void *init_values, int64_t **dist_counts,
           void **dist_values);

// Visits every requested item q = (part k, position i) in order.
template <class F>
void for_each_request(const Indexer &gi, F &&f) {
  int64_t q = 0;
  for (size_t k = 0; k < gi.part_size.size(); ++k)
    for (int64_t i = 0; i < gi.part_size[k]; ++i, ++q) f(q, k, i);
}

}  // namespace weft::indexer
