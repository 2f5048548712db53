// extern "C" global indexer entry points (weft_mpi.h).
#include "../../capi/guard.hpp"
#include "../../capi/handles.hpp"
#include "../indexer/exchange.hpp"
#include "weft_mpi.h"

using namespace weft;
using namespace weft::indexer;
using weft::capi::guard;
using weft::capi::handle_arg;
using weft::capi::HandleSlot;
using weft::capi::publish;

namespace {

Indexer *indexer_arg(weft_indexer h) { return handle_arg<Indexer>(h, "gi"); }

// Blocking exchange = begin + wait.
weft_status finish_now(Request *r) {
  wait(r);
  return WEFT_SUCCESS;
}

}  // namespace

extern "C" weft_status weft_indexer_new(const int64_t distrib[], int64_t nidx, const int64_t idx[], MPI_Comm comm,
                                        weft_indexer *gi) {
  return guard(__func__, [&] {
    if (!gi) fail(WEFT_NULL_POINTER, "gi is NULL");  // a NULL output is the caller's bug on every rank alike
    const int64_t *lists[1] = {idx};
    *gi = publish<weft_indexer>(make_indexer(distrib, 1, &nidx, lists, comm));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_new_multi(const int64_t distrib[], int64_t nparts, const int64_t nidx[],
                                              const int64_t *const idx[], MPI_Comm comm, weft_indexer *gi) {
  return guard(__func__, [&] {
    if (!gi) fail(WEFT_NULL_POINTER, "gi is NULL");
    *gi = publish<weft_indexer>(make_indexer(distrib, nparts, nidx, idx, comm));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_new_f(const int64_t distrib[], int64_t nidx, const int64_t idx[], MPI_Fint comm,
                                          weft_indexer *gi) {
  return weft_indexer_new(distrib, nidx, idx, MPI_Comm_f2c(comm), gi);
}

extern "C" weft_status weft_indexer_new_multi_f(const int64_t distrib[], int64_t nparts, const int64_t nidx[],
                                                const int64_t *const idx[], MPI_Fint comm, weft_indexer *gi) {
  return weft_indexer_new_multi(distrib, nparts, nidx, idx, MPI_Comm_f2c(comm), gi);
}

extern "C" weft_status weft_indexer_free(weft_indexer *gi) {
  return guard(__func__, [&] {
    if (!gi) fail(WEFT_NULL_POINTER, "gi is NULL");
    Indexer *g = indexer_arg(*gi);
    *gi = nullptr;
    user_release(g);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_sizes(weft_indexer gi, int64_t *dist_size, int64_t *nparts) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    if (dist_size) *dist_size = g->dn;
    if (nparts) *nparts = int64_t(g->part_size.size());
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_part_size(weft_indexer gi, int64_t part, int64_t *size) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    if (!size) fail(WEFT_NULL_POINTER, "size is NULL");
    if (part < 0 || part >= int64_t(g->part_size.size()))
      fail(WEFT_INVALID_INDEX, "part %lld outside [0, %zu)", (long long)part, g->part_size.size());
    *size = g->part_size[size_t(part)];
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_access_counts(weft_indexer gi, int64_t counts[]) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    if (g->dn > 0 && !counts) fail(WEFT_NULL_POINTER, "counts is NULL");
    g->access_counts(counts);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_take(weft_indexer gi, const void *dist, int64_t count, weft_type unit,
                                         void *const parts[]) {
  return guard(__func__, [&] { return finish_now(take_begin(*indexer_arg(gi), dist, count, unit, parts)); });
}

extern "C" weft_status weft_indexer_put(weft_indexer gi, const void *const parts[], int64_t count, weft_type unit,
                                        weft_monoid reduce, void *dist) {
  return guard(__func__, [&] { return finish_now(put_begin(*indexer_arg(gi), parts, count, unit, reduce, dist)); });
}

extern "C" weft_status weft_indexer_put_alloc(weft_indexer gi, const void *const parts[], int64_t count,
                                              weft_type unit, weft_monoid reduce, void **dist) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    FirstFailure pre;
    pre.need(dist != nullptr, WEFT_NULL_POINTER, "dist is NULL");
    void *out = put_alloc(*g, parts, count, unit, reduce, pre);
    *dist = out;
    return WEFT_SUCCESS;
  });
}

// The variable-size calls: each blocking call is its *_begin twin plus a wait.
namespace {

Request *take_v_start(Indexer &g, const int64_t dist_counts[], const void *dist_values, weft_type unit,
                      int64_t *const part_counts[], void *const part_values[], const int64_t part_capacity[],
                      const FirstFailure &pre) {
  TakeVOut out;
  out.counts = part_counts;
  out.values = part_values;
  out.capacity = part_capacity;
  return take_v_begin(g, dist_counts, dist_values, unit, out, pre);
}

Request *take_v_alloc_start(Indexer &g, const int64_t dist_counts[], const void *dist_values, weft_type unit,
                            int64_t *part_counts[], void *part_values[], const FirstFailure &pre) {
  TakeVOut out;
  out.alloc = true;
  out.alloc_counts = part_counts;
  out.alloc_values = part_values;
  return take_v_begin(g, dist_counts, dist_values, unit, out, pre);
}

Request *put_v_start(Indexer &g, const int64_t *const part_counts[], const void *const part_values[],
                     weft_type unit, bool extend, const int64_t init_counts[], const void *init_values,
                     int64_t **dist_counts, void **dist_values, const FirstFailure &pre) {
  PutVOut out;
  out.alloc_counts = dist_counts;
  out.alloc_values = dist_values;
  return put_v_begin(g, part_counts, part_values, unit, extend, init_counts, init_values, out, pre);
}

Request *put_v_into_start(Indexer &g, const int64_t *const part_counts[], const void *const part_values[],
                          weft_type unit, bool extend, const int64_t init_counts[], const void *init_values,
                          int64_t dist_counts[], void *dist_values, int64_t dist_capacity, int64_t *needed,
                          const FirstFailure &pre) {
  PutVOut out;
  out.into = true;
  out.counts = dist_counts;
  out.values = dist_values;
  out.capacity = dist_capacity;
  out.needed = needed;
  return put_v_begin(g, part_counts, part_values, unit, extend, init_counts, init_values, out, pre);
}

// A split-phase call: `request` must not be NULL, and its handle's registry slot must
// have been made (failures every rank agrees on).
FirstFailure request_check(const weft_request *request, const HandleSlot &slot) {
  FirstFailure pre;
  pre.need(request != nullptr, WEFT_NULL_POINTER, "request is NULL");
  pre.need(slot.ok(), WEFT_OUT_OF_MEMORY, "out of memory for the request handle");
  return pre;
}

}  // namespace

extern "C" weft_status weft_indexer_take_v(weft_indexer gi, const int64_t dist_counts[], const void *dist_values,
                                           weft_type unit, int64_t *const part_counts[], void *const part_values[],
                                           const int64_t part_capacity[]) {
  return guard(__func__, [&] {
    return finish_now(
        take_v_start(*indexer_arg(gi), dist_counts, dist_values, unit, part_counts, part_values, part_capacity, {}));
  });
}

extern "C" weft_status weft_indexer_take_v_alloc(weft_indexer gi, const int64_t dist_counts[], const void *dist_values,
                                                 weft_type unit, int64_t *part_counts[], void *part_values[]) {
  return guard(__func__, [&] {
    return finish_now(
        take_v_alloc_start(*indexer_arg(gi), dist_counts, dist_values, unit, part_counts, part_values, {}));
  });
}

extern "C" weft_status weft_indexer_put_v(weft_indexer gi, const int64_t *const part_counts[],
                                          const void *const part_values[], weft_type unit, bool extend,
                                          const int64_t init_counts[], const void *init_values, int64_t **dist_counts,
                                          void **dist_values) {
  return guard(__func__, [&] {
    return finish_now(put_v_start(*indexer_arg(gi), part_counts, part_values, unit, extend, init_counts, init_values,
                                  dist_counts, dist_values, {}));
  });
}

extern "C" weft_status weft_indexer_put_v_into(weft_indexer gi, const int64_t *const part_counts[],
                                               const void *const part_values[], weft_type unit, bool extend,
                                               const int64_t init_counts[], const void *init_values,
                                               int64_t dist_counts[], void *dist_values, int64_t dist_capacity,
                                               int64_t *needed) {
  return guard(__func__, [&] {
    return finish_now(put_v_into_start(*indexer_arg(gi), part_counts, part_values, unit, extend, init_counts,
                                       init_values, dist_counts, dist_values, dist_capacity, needed, {}));
  });
}

extern "C" weft_status weft_indexer_take_begin(weft_indexer gi, const void *dist, int64_t count, weft_type unit,
                                               void *const parts[], weft_request *request) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    HandleSlot slot;
    *request = slot.publish<weft_request>(take_begin(*g, dist, count, unit, parts, request_check(request, slot)));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_put_begin(weft_indexer gi, const void *const parts[], int64_t count,
                                              weft_type unit, weft_monoid reduce, void *dist, weft_request *request) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    HandleSlot slot;
    *request = slot.publish<weft_request>(put_begin(*g, parts, count, unit, reduce, dist, request_check(request, slot)));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_take_v_begin(weft_indexer gi, const int64_t dist_counts[],
                                                 const void *dist_values, weft_type unit,
                                                 int64_t *const part_counts[], void *const part_values[],
                                                 const int64_t part_capacity[], weft_request *request) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    HandleSlot slot;
    *request = slot.publish<weft_request>(take_v_start(*g, dist_counts, dist_values, unit, part_counts, part_values, part_capacity,
                                    request_check(request, slot)));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_take_v_alloc_begin(weft_indexer gi, const int64_t dist_counts[],
                                                       const void *dist_values, weft_type unit,
                                                       int64_t *part_counts[], void *part_values[],
                                                       weft_request *request) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    HandleSlot slot;
    *request = slot.publish<weft_request>(
        take_v_alloc_start(*g, dist_counts, dist_values, unit, part_counts, part_values, request_check(request, slot)));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_put_v_begin(weft_indexer gi, const int64_t *const part_counts[],
                                                const void *const part_values[], weft_type unit, bool extend,
                                                const int64_t init_counts[], const void *init_values,
                                                int64_t **dist_counts, void **dist_values, weft_request *request) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    HandleSlot slot;
    *request = slot.publish<weft_request>(put_v_start(*g, part_counts, part_values, unit, extend, init_counts, init_values, dist_counts,
                                   dist_values, request_check(request, slot)));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_indexer_put_v_into_begin(weft_indexer gi, const int64_t *const part_counts[],
                                                     const void *const part_values[], weft_type unit, bool extend,
                                                     const int64_t init_counts[], const void *init_values,
                                                     int64_t dist_counts[], void *dist_values, int64_t dist_capacity,
                                                     int64_t *needed, weft_request *request) {
  return guard(__func__, [&] {
    Indexer *g = indexer_arg(gi);
    HandleSlot slot;
    *request = slot.publish<weft_request>(put_v_into_start(*g, part_counts, part_values, unit, extend, init_counts, init_values,
                                        dist_counts, dist_values, dist_capacity, needed, request_check(request, slot)));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_request_wait(weft_request *request) {
  return guard(__func__, [&] {
    if (!request) fail(WEFT_NULL_POINTER, "request is NULL");
    Request *r = handle_arg<Request>(*request, "*request");
    *request = nullptr;
    registry_remove(r);
    wait(r);
    return WEFT_SUCCESS;
  });
}
