/* WEFT_ABSTAIN (weft_mpi.h): a rank that abstains from an exchange takes part, reads no
 * argument but gi, writes nothing, and every rank fails with one status. The last rank
 * abstains from each kind of exchange, blocking and split phase, passing pointers that
 * would crash if anything read them; the others pass valid arguments whose outputs must
 * stay untouched. After each failure a take must still be exact (tags stay in step).
 * Run on 1, 2 and 3 ranks. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "weft_mpi.h"

#include "mpi_expect.h"

static int rank, size;

#define PER 2     /* items owned per rank */
#define MAXN 8    /* items asked for per rank, at most */
#define SENTINEL (-77)

/* Pointers that must never be read or written by an abstaining call. */
#define POISON ((void *)16)
static void *const poison_parts[1] = {POISON};

static weft_indexer gi;
static int64_t nidx;
static int abstains; /* this rank abstains */

/* The status every rank must get, and the abstaining rank's message. */
static void expect_failed(weft_status s, weft_status want, const char *what) {
  EXPECT(s == want, "%s: %s, want %s (%s)", what, weft_status_name(s), weft_status_name(want), weft_last_error());
  if (abstains) EXPECT(strstr(weft_last_error(), "abstain") != NULL, "%s: message '%s'", what, weft_last_error());
}

static void expect_untouched(const int64_t *a, int64_t n, const char *what) {
  for (int64_t i = 0; i < n; ++i) EXPECT(a[i] == SENTINEL, "%s[%lld] = %lld was written", what, (long long)i, (long long)a[i]);
}

/* After a failed exchange the indexer still works: a take of global item values. */
static void expect_take_exact(const char *after) {
  int64_t dist[PER], got[MAXN];
  for (int i = 0; i < PER; ++i) dist[i] = 1000 + rank * PER + i;
  weft_status s = weft_indexer_take(gi, dist, 1, WEFT_INT64, (void *[]){got});
  EXPECT(s == WEFT_SUCCESS, "take after %s: %s", after, weft_last_error());
  for (int64_t i = 0; i < nidx && s == WEFT_SUCCESS; ++i)
    EXPECT(got[i] == 1000 + (i + rank) % (PER * size), "take after %s: item %lld", after, (long long)i);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  expect_rank = rank;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  abstains = rank == size - 1;
  int64_t distrib[16];
  for (int r = 0; r <= size; ++r) distrib[r] = (int64_t)r * PER;
  /* Every rank asks for every item, starting at its own rank's offset. */
  int64_t idx[MAXN];
  nidx = PER * size < MAXN ? PER * size : MAXN;
  for (int64_t i = 0; i < nidx; ++i) idx[i] = (i + rank) % (PER * size);
  if (weft_indexer_new(distrib, nidx, idx, MPI_COMM_WORLD, &gi) != WEFT_SUCCESS) {
    fprintf(stderr, "rank %d: weft_indexer_new: %s\n", rank, weft_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  const weft_type unit = abstains ? WEFT_ABSTAIN : WEFT_INT64;
  int64_t dist[PER], parts0[MAXN], counts[MAXN], cap[1] = {MAXN};
  int64_t *part_counts[1] = {counts};
  void *part_values[1] = {parts0};
  const int64_t *const in_counts[1] = {counts};
  const void *const in_values[1] = {parts0};
  weft_request req;

#define RESET()                                                       \
  do {                                                                \
    for (int i = 0; i < PER; ++i) dist[i] = SENTINEL;                 \
    for (int i = 0; i < MAXN; ++i) parts0[i] = counts[i] = SENTINEL;  \
    req = (weft_request)POISON;                                       \
  } while (0)
  /* Non-abstaining ranks pass real buffers; the abstaining one only poison. */
#define ARG(real) (abstains ? POISON : (void *)(real))

  /* take / take_begin: the parts must stay untouched. */
  RESET();
  expect_failed(weft_indexer_take(gi, ARG(dist), 1, unit, abstains ? poison_parts : (void *[]){parts0}),
                WEFT_INVALID_HANDLE, "take");
  expect_untouched(parts0, MAXN, "take parts");
  RESET();
  expect_failed(weft_indexer_take_begin(gi, ARG(dist), 1, unit, abstains ? poison_parts : (void *[]){parts0}, &req),
                WEFT_INVALID_HANDLE, "take_begin");
  EXPECT(req == (weft_request)POISON, "take_begin wrote *request");
  expect_untouched(parts0, MAXN, "take_begin parts");
  expect_take_exact("take");

  /* put (with and without a monoid), put_begin, put_alloc: dist untouched. */
  for (int with_monoid = 0; with_monoid < 2; ++with_monoid) {
    RESET();
    weft_monoid m = with_monoid ? WEFT_PLUS_MONOID_INT64 : NULL;
    expect_failed(weft_indexer_put(gi, abstains ? (const void *const *)poison_parts : (const void *const[]){parts0},
                                   1, unit, m, ARG(dist)),
                  WEFT_INVALID_HANDLE, "put");
    expect_untouched(dist, PER, "put dist");
    RESET();
    expect_failed(weft_indexer_put_begin(gi, abstains ? (const void *const *)poison_parts : (const void *const[]){parts0},
                                         1, unit, m, ARG(dist), &req),
                  WEFT_INVALID_HANDLE, "put_begin");
    EXPECT(req == (weft_request)POISON, "put_begin wrote *request");
    expect_untouched(dist, PER, "put_begin dist");
  }
  void *alloc = POISON;
  expect_failed(weft_indexer_put_alloc(gi, abstains ? (const void *const *)poison_parts : (const void *const[]){parts0},
                                       1, unit, NULL, abstains ? (void **)POISON : &alloc),
                WEFT_INVALID_HANDLE, "put_alloc");
  EXPECT(alloc == POISON, "put_alloc wrote its output");
  expect_take_exact("put");

  /* take_v (into buffers, allocating, split phase): counts and values untouched. */
  int64_t dist_counts[PER] = {1, 1};
  RESET();
  expect_failed(weft_indexer_take_v(gi, ARG(dist_counts), ARG(dist), unit, abstains ? (int64_t *const *)poison_parts : part_counts,
                                    abstains ? poison_parts : part_values, ARG(cap)),
                WEFT_INVALID_HANDLE, "take_v");
  expect_untouched(counts, MAXN, "take_v counts");
  expect_untouched(parts0, MAXN, "take_v values");
  int64_t *acounts[1] = {(int64_t *)POISON};
  void *avalues[1] = {POISON};
  expect_failed(weft_indexer_take_v_alloc(gi, ARG(dist_counts), ARG(dist), unit,
                                          abstains ? (int64_t **)POISON : acounts, abstains ? (void **)POISON : avalues),
                WEFT_INVALID_HANDLE, "take_v_alloc");
  EXPECT(acounts[0] == (int64_t *)POISON && avalues[0] == POISON, "take_v_alloc wrote its outputs");
  RESET();
  expect_failed(weft_indexer_take_v_begin(gi, ARG(dist_counts), ARG(dist), unit,
                                          abstains ? (int64_t *const *)poison_parts : part_counts,
                                          abstains ? poison_parts : part_values, ARG(cap), &req),
                WEFT_INVALID_HANDLE, "take_v_begin");
  EXPECT(req == (weft_request)POISON, "take_v_begin wrote *request");
  expect_untouched(counts, MAXN, "take_v_begin counts");
  expect_take_exact("take_v");

  /* put_v (allocating, into buffers, split phase). */
  RESET();
  for (int i = 0; i < MAXN; ++i) counts[i] = 1;
  int64_t *out_counts = (int64_t *)POISON;
  void *out_values = POISON;
  expect_failed(weft_indexer_put_v(gi, abstains ? (const int64_t *const *)poison_parts : in_counts,
                                   abstains ? (const void *const *)poison_parts : in_values, unit, false, NULL, NULL,
                                   abstains ? (int64_t **)POISON : &out_counts, abstains ? (void **)POISON : &out_values),
                WEFT_INVALID_HANDLE, "put_v");
  EXPECT(out_counts == (int64_t *)POISON && out_values == POISON, "put_v wrote its outputs");
  int64_t dcounts[PER] = {SENTINEL, SENTINEL}, needed = SENTINEL;
  expect_failed(weft_indexer_put_v_into(gi, abstains ? (const int64_t *const *)poison_parts : in_counts,
                                        abstains ? (const void *const *)poison_parts : in_values, unit, true, NULL, NULL,
                                        ARG(dcounts), ARG(dist), abstains ? -5 : PER * MAXN, ARG(&needed)),
                WEFT_INVALID_HANDLE, "put_v_into");
  expect_untouched(dcounts, PER, "put_v_into counts");
  EXPECT(needed == SENTINEL, "put_v_into wrote needed");
  req = (weft_request)POISON;
  expect_failed(weft_indexer_put_v_into_begin(gi, abstains ? (const int64_t *const *)poison_parts : in_counts,
                                              abstains ? (const void *const *)poison_parts : in_values, unit, true, NULL,
                                              NULL, ARG(dcounts), ARG(dist), PER * MAXN, ARG(&needed), &req),
                WEFT_INVALID_HANDLE, "put_v_into_begin");
  EXPECT(req == (weft_request)POISON, "put_v_into_begin wrote *request");
  expect_take_exact("put_v");

  /* A more negative status elsewhere wins on every rank: rank 0's dist_counts overflow
   * (WEFT_OVERFLOW, -12) while the last rank abstains (WEFT_INVALID_HANDLE, -9). */
  if (size >= 2) {
    int64_t huge[PER] = {INT64_MAX, INT64_MAX};
    RESET();
    weft_status s = weft_indexer_take_v(gi, rank == 0 ? huge : (const int64_t *)ARG(dist_counts), ARG(dist), unit,
                                        abstains ? (int64_t *const *)poison_parts : part_counts,
                                        abstains ? poison_parts : part_values, ARG(cap));
    EXPECT(s == WEFT_OVERFLOW, "overflow + abstain: %s (%s)", weft_status_name(s), weft_last_error());
    expect_untouched(counts, MAXN, "overflow + abstain counts");
    expect_take_exact("overflow + abstain");
  }

  weft_indexer_free(&gi);
  int total = expect_total();
  if (rank == 0) printf("indexer_abstain on %d ranks: %s\n", size, total ? "FAILED" : "ok");
  MPI_Finalize();
  return total ? 1 : 0;
}
