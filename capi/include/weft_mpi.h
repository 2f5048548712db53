/*
 * weft_mpi.h — the parts of weft that talk to MPI (Open MPI). Link with weft::weft_mpi
 * (libweft_mpi.so), which depends on libweft and on the MPI library.
 *
 * The same conventions as weft.h hold: every function returns a weft_status, failures
 * leave outputs untouched and set weft_last_error().
 */
#ifndef WEFT_MPI_H
#define WEFT_MPI_H

#include <mpi.h>

#include "weft.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Builds a committed MPI datatype with exactly the typemap of `type`: the same basic
 * entries at the same displacements in the same order, and the same lb and extent
 * (weft's MPI-1 markers and epsilon are reproduced with MPI_Type_create_resized
 * wherever the MPI's own bounds would differ). The caller owns *out and releases it with
 * MPI_Type_free. `type` need not be committed. MPI must be initialised.
 * Fails with WEFT_INVALID_HANDLE, WEFT_NULL_POINTER, WEFT_OVERFLOW (a count or
 * dimension above INT_MAX, which MPI-3 constructors cannot take) or WEFT_MPI_ERROR
 * (an MPI call failed; the message names it). */
WEFT_API weft_status weft_type_to_mpi(weft_type type, MPI_Datatype *out);

/* As weft_type_to_mpi, returning the Fortran handle (MPI_Type_c2f), for Fortran and
 * for languages that hold MPI handles as integers. Free it with MPI_TYPE_FREE (or
 * MPI_Type_free(MPI_Type_f2c(h))). */
WEFT_API weft_status weft_type_to_mpi_f(weft_type type, MPI_Fint *out);


/* ------------------------------------------------------------------------------------
 * Global indexer (seed 001, Maia's GlobalIndexer/GlobalMultiIndexer): numpy take/put on
 * an array distributed over the ranks of a communicator.
 *
 *   distrib[nranks+1]: rank r owns global items [distrib[r], distrib[r+1]); the same on
 *     every rank, distrib[0] = 0, non-decreasing (empty ranks allowed). n = distrib[nranks].
 *   A rank asks for items by 0-based global index, in one or more lists ("parts"); a list
 *   may be empty, repeat indices, and need not cover all items.
 *   An item is `count` consecutive elements of a committed weft `unit` type (a derived
 *   type is a valid unit). The owned side ("dist") of a rank holds dn = distrib[r+1] -
 *   distrib[r] items, part k holds nidx[k] items; item i of a buffer starts at
 *   buf + i * count * extent(unit).
 *
 * Every function here is collective over the indexer's communicator: every rank must
 * call it, with the same count and unit (and monoid/extend). "The same unit" means the
 * same type signature (weft_type_signature: the units may be different handles, and
 * WEFT_INT32 matches WEFT_INT, but not WEFT_FLOAT; a mismatch is WEFT_DOMAIN_MISMATCH).
 * Validation that could
 * differ between ranks (an index out of range, a distribution of the wrong size or
 * shape, a count or unit mismatch) is agreed collectively, so every rank returns the
 * same status and no output is written anywhere; no rank deadlocks. (An exchange sends
 * while the agreement travels; a failed one drops what it received.)
 *
 * Arrival order (which defines "last writer wins" and the order of reductions and of
 * extend): increasing source rank, then part, then position in the part's index list.
 *
 * Messages have no size limit: one above 1 GiB travels as several MPI messages (Open
 * MPI 4.1 has no large-count calls).
 *
 * Parts are passed as arrays with one entry per part of the calling rank (for an
 * indexer made by weft_indexer_new, exactly one: e.g. (void *[]){buf}).
 *
 * Out of memory. A call that cannot allocate returns WEFT_OUT_OF_MEMORY and leaks nothing;
 * on one rank it writes none of the caller's buffers (tests/oom). Across ranks only the
 * request handle's memory is part of the agreement: an allocation that fails inside an
 * exchange on one rank of several is not agreed, and the other ranks may wait for it.
 *
 * Abstaining. A rank that must not go ahead with an exchange (its caller found a local
 * error, such as a buffer that is too short) still has to take part, or the others wait
 * for it. It calls the exchange (any take/put call or its *_begin) with
 * unit = WEFT_ABSTAIN. That call reads no argument but gi, writes nothing (not even
 * *request or an allocation output), and the exchange fails on every rank with one
 * status: WEFT_INVALID_HANDLE, or a more negative status another rank failed with. The
 * abstaining rank's weft_last_error() says that it abstained. The Fortran and Rust
 * bindings abstain this way when their own checks fail.
 * ---------------------------------------------------------------------------------- */
typedef struct weft_indexer_s *weft_indexer;
typedef struct weft_request_s *weft_request;

/* The unit argument of an abstaining rank (see above). */
#define WEFT_ABSTAIN ((weft_type)0)

/* One index list. Builds the exchange plan once: owner search, stable counting sort by
 * owner, one all-to-all of counts, then the indices sent only to the ranks that own
 * them. Memory: at most two indices per request of this rank and one per request it
 * receives; the first puts add up to one more per request. Fails (on every rank alike)
 * with WEFT_INDEX_OUT_OF_BOUNDS when some rank asks for an index outside [0, n),
 * WEFT_INVALID_VALUE for a malformed or rank-dependent distribution, WEFT_NULL_POINTER
 * or WEFT_INVALID_VALUE for bad arguments on some rank. */
WEFT_API weft_status weft_indexer_new(const int64_t distrib[], int64_t nidx, const int64_t idx[],
                                      MPI_Comm comm, weft_indexer *gi);
/* Several lists per rank (nparts >= 0, may differ between ranks). A rank that passes a
 * non-NULL distrib and nparts < 0 abstains from the construction: it reads no argument
 * but comm, and every rank fails with WEFT_INVALID_VALUE (or a more negative status
 * another rank failed with). */
WEFT_API weft_status weft_indexer_new_multi(const int64_t distrib[], int64_t nparts, const int64_t nidx[],
                                            const int64_t *const idx[], MPI_Comm comm, weft_indexer *gi);
/* Fortran-handle twins. */
WEFT_API weft_status weft_indexer_new_f(const int64_t distrib[], int64_t nidx, const int64_t idx[],
                                        MPI_Fint comm, weft_indexer *gi);
WEFT_API weft_status weft_indexer_new_multi_f(const int64_t distrib[], int64_t nparts, const int64_t nidx[],
                                              const int64_t *const idx[], MPI_Fint comm, weft_indexer *gi);
/* Local (not collective). Sets *gi to NULL. Waits for this rank's sends of completed
 * exchanges that peers have not received yet; outstanding requests keep the indexer
 * alive until they are waited for. */
WEFT_API weft_status weft_indexer_free(weft_indexer *gi);

/* dn (items owned here) and the number of parts of this rank. Either may be NULL. */
WEFT_API weft_status weft_indexer_sizes(weft_indexer gi, int64_t *dist_size, int64_t *nparts);
/* The number of indices of part `part` on this rank. */
WEFT_API weft_status weft_indexer_part_size(weft_indexer gi, int64_t part, int64_t *size);
/* How many times each owned item is requested over all ranks and parts (counts[dn]).
 * Local: the plan already knows. */
WEFT_API weft_status weft_indexer_access_counts(weft_indexer gi, int64_t counts[]);

/* Take: parts[k][i] = dist[idx_k[i]], count units per item. */
WEFT_API weft_status weft_indexer_take(weft_indexer gi, const void *dist, int64_t count, weft_type unit,
                                       void *const parts[]);
/* Put: dist[idx_k[i]] = parts[k][i] in arrival order (the last writer wins), or, with a
 * monoid, dist[j] = dist[j] op v for every arriving v in arrival order, starting from
 * dist's contents. The monoid's domain is the unit (for a predefined monoid, a unit of
 * the same representation), applied to each of the count units of an item. Items nobody
 * writes keep their contents. */
WEFT_API weft_status weft_indexer_put(weft_indexer gi, const void *const parts[], int64_t count, weft_type unit,
                                      weft_monoid reduce, void *dist);
/* Put into a new buffer of dn*count units, allocated by weft (release with weft_free):
 * filled with the monoid's identity before reducing, or with zero bytes without one. */
WEFT_API weft_status weft_indexer_put_alloc(weft_indexer gi, const void *const parts[], int64_t count,
                                            weft_type unit, weft_monoid reduce, void **dist);

/* Take_v: dist item j has dist_counts[j] units (dist_values holds them one item after
 * another); part item i receives dist_counts[idx[i]] units. part_counts[k] (nidx[k]
 * entries) and part_values[k] are caller buffers; part_values[k] holds part_capacity[k]
 * units (part_values[k] may be NULL only with capacity 0; a negative capacity or a NULL
 * buffer with room is an argument error, agreed like the others before anything is
 * written). The exchange completes on every rank; a rank whose capacity is too small
 * writes no values and returns WEFT_INSUFFICIENT_SPACE (its counts are still written, so
 * it can size its buffers and call again). */
WEFT_API weft_status weft_indexer_take_v(weft_indexer gi, const int64_t dist_counts[], const void *dist_values,
                                         weft_type unit, int64_t *const part_counts[], void *const part_values[],
                                         const int64_t part_capacity[]);
/* As take_v, allocating each part's counts and values (release each with weft_free). */
WEFT_API weft_status weft_indexer_take_v_alloc(weft_indexer gi, const int64_t dist_counts[],
                                               const void *dist_values, weft_type unit,
                                               int64_t *part_counts[], void *part_values[]);
/* Put_v: part item i carries part_counts[k][i] units. Without extend the last writer
 * wins: the item gets the last arriving block (an explicit count of 0 empties it); with
 * extend, the arriving blocks are concatenated in arrival order after the initial ones.
 * init_counts/init_values (both NULL: no initial data) give the initial dist items;
 * items nobody writes keep their initial block (count 0 without initial data). The
 * result is allocated by weft (release with weft_free). */
WEFT_API weft_status weft_indexer_put_v(weft_indexer gi, const int64_t *const part_counts[],
                                        const void *const part_values[], weft_type unit, bool extend,
                                        const int64_t init_counts[], const void *init_values,
                                        int64_t **dist_counts, void **dist_values);

/* Put_v into caller buffers: the same exchange as weft_indexer_put_v, with the result
 * written to dist_counts[dn] and dist_values (room for dist_capacity units, item after
 * item). init_counts/init_values may be the very arrays given as dist_counts/dist_values
 * (an in-place update): the result is assembled before it is written. *needed (may be
 * NULL) receives the number of units the result holds. A rank whose dist_capacity is too
 * small writes only *needed and returns WEFT_INSUFFICIENT_SPACE; the exchange still
 * completes on every rank. */
WEFT_API weft_status weft_indexer_put_v_into(weft_indexer gi, const int64_t *const part_counts[],
                                             const void *const part_values[], weft_type unit, bool extend,
                                             const int64_t init_counts[], const void *init_values,
                                             int64_t dist_counts[], void *dist_values, int64_t dist_capacity,
                                             int64_t *needed);

/* Split phase. Every exchange above has a *_begin twin taking the same arguments plus
 * `request`. *_begin checks its arguments (agreed over the ranks, like the blocking
 * call), reads its inputs, posts the messages and returns; weft_request_wait completes
 * the exchange and writes the outputs. Computation placed between the two overlaps the
 * exchange. Only ranks that exchange items with each other send messages.
 *
 *   read at begin (reusable as soon as begin returns): take/take_v: dist, dist_counts,
 *     dist_values; put/put_v: parts, part_counts, part_values, and these arrays of
 *     pointers themselves; take's parts[] array (the addresses are copied).
 *   untouched by the caller until wait returns: the outputs (take: the part buffers;
 *     put: dist, whose initial contents count for reductions; take_v: part_counts,
 *     part_values, part_capacity, the arrays of pointers included; put_v:
 *     init_counts, init_values and the output pointers/buffers).
 *   take and put may write their outputs during begin (a rank's own items); take_v and
 *     put_v write theirs only at wait, so put_v_into's in-place form is safe in split
 *     phase too.
 *
 * Every rank must begin its exchanges on an indexer in the same order (as for any
 * collective); requests may be waited for in any order, and several may be outstanding.
 * A begin returns once every rank of the indexer has begun the same exchange: it
 * completes the call's agreement (argument checks, count, unit signature), because it
 * writes the rank's own items and sizes its receives only for an agreed call. So begins
 * on several indexers must also come in one order on every rank, as blocking
 * collectives on several communicators must: begun a then b on one rank and b then a on
 * another, both wait forever (tests/mpi/indexer_agreement.c runs the allowed pattern:
 * a, b, a, b everywhere, waited in different orders).
 * An error found at wait (WEFT_INSUFFICIENT_SPACE, WEFT_MPI_ERROR) is returned by
 * weft_request_wait, which releases the request in every case. */
WEFT_API weft_status weft_indexer_take_begin(weft_indexer gi, const void *dist, int64_t count, weft_type unit,
                                             void *const parts[], weft_request *request);
WEFT_API weft_status weft_indexer_put_begin(weft_indexer gi, const void *const parts[], int64_t count,
                                            weft_type unit, weft_monoid reduce, void *dist,
                                            weft_request *request);
WEFT_API weft_status weft_indexer_take_v_begin(weft_indexer gi, const int64_t dist_counts[],
                                               const void *dist_values, weft_type unit,
                                               int64_t *const part_counts[], void *const part_values[],
                                               const int64_t part_capacity[], weft_request *request);
/* The part_counts[] and part_values[] arrays receive the allocations at wait. */
WEFT_API weft_status weft_indexer_take_v_alloc_begin(weft_indexer gi, const int64_t dist_counts[],
                                                     const void *dist_values, weft_type unit,
                                                     int64_t *part_counts[], void *part_values[],
                                                     weft_request *request);
WEFT_API weft_status weft_indexer_put_v_begin(weft_indexer gi, const int64_t *const part_counts[],
                                              const void *const part_values[], weft_type unit, bool extend,
                                              const int64_t init_counts[], const void *init_values,
                                              int64_t **dist_counts, void **dist_values, weft_request *request);
WEFT_API weft_status weft_indexer_put_v_into_begin(weft_indexer gi, const int64_t *const part_counts[],
                                                   const void *const part_values[], weft_type unit, bool extend,
                                                   const int64_t init_counts[], const void *init_values,
                                                   int64_t dist_counts[], void *dist_values,
                                                   int64_t dist_capacity, int64_t *needed,
                                                   weft_request *request);
/* Completes a request and sets *request to NULL. It needs every peer of the exchange to
 * have begun it, not to have waited for it: requests may be waited for in different
 * orders on different ranks. (Sends still in flight when it returns finish in the
 * background; weft_indexer_free waits for them.) */
WEFT_API weft_status weft_request_wait(weft_request *request);

#ifdef __cplusplus
}
#endif
#endif /* WEFT_MPI_H */
