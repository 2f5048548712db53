/* What the ranks of an exchange agree on, each case from a defect found from outside
 * (issue 9), on 1-4 ranks:
 *   - floating MIN/MAX reductions keep a NaN and order -0 < +0 whichever rank's value
 *     arrives first (numpy's minimum.at gives NaN for {2, NaN, 0.5});
 *   - units of equal size but other type signatures (int32 against float, double
 *     against int64) fail with WEFT_DOMAIN_MISMATCH on every rank and write nothing,
 *     while units of one signature (WEFT_INT against WEFT_INT32, contiguous(2, int32)
 *     against a struct of two int32) exchange;
 *   - a take_v whose values buffer is NULL with room on one rank fails on every rank
 *     before any count is written;
 *   - two indexers' begins interleaved in one order on every rank, waited in different
 *     orders (the rule weft_mpi.h states). */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "weft_mpi.h"

#include "mpi_expect.h"

static int rank, size;

#define OK(call) EXPECT((call) == WEFT_SUCCESS, "%s: %s", #call, weft_last_error())

/* Every rank puts three values into global item 0 (owned by rank 0). */
static void nan_reductions(void) {
  int64_t distrib[5] = {0};
  for (int r = 1; r <= size; ++r) distrib[r] = 1;
  int64_t idx[3] = {0, 0, 0};
  weft_indexer gi;
  OK(weft_indexer_new(distrib, 3, idx, MPI_COMM_WORLD, &gi));
  /* The NaN comes first, in the middle or last, depending on the rank. */
  double v[3] = {2.0, 0.5, -1.0};
  v[rank % 3] = NAN;
  for (int op = 0; op < 2; ++op) {
    weft_monoid m = op == 0 ? WEFT_MIN_MONOID_FP64 : WEFT_MAX_MONOID_FP64;
    double d = 1.0;
    OK(weft_indexer_put(gi, (const void *[]){v}, 1, WEFT_DOUBLE, m, rank == 0 ? &d : NULL));
    if (rank == 0) EXPECT(isnan(d), "%s with a NaN: %g, want NaN", op == 0 ? "MIN" : "MAX", d);
  }
  /* Signed zeros: odd ranks send -0, even ranks +0; dist starts at +0 (MIN) or -0 (MAX). */
  double z[3] = {rank % 2 ? -0.0 : 0.0, rank % 2 ? -0.0 : 0.0, rank % 2 ? -0.0 : 0.0};
  double lo = 0.0, hi = -0.0;
  OK(weft_indexer_put(gi, (const void *[]){z}, 1, WEFT_DOUBLE, WEFT_MIN_MONOID_FP64, rank == 0 ? &lo : NULL));
  OK(weft_indexer_put(gi, (const void *[]){z}, 1, WEFT_DOUBLE, WEFT_MAX_MONOID_FP64, rank == 0 ? &hi : NULL));
  if (rank == 0) {
    EXPECT(lo == 0 && signbit(lo) == (size > 1), "MIN of signed zeros: signbit %d", signbit(lo) != 0);
    EXPECT(hi == 0 && !signbit(hi), "MAX of signed zeros: -0");
  }
  /* float too, with infinities around the NaN */
  float f[3] = {INFINITY, -INFINITY, NAN}, fd = 0.0f;
  OK(weft_indexer_put(gi, (const void *[]){f}, 1, WEFT_FLOAT, WEFT_MIN_MONOID_FP32, rank == 0 ? &fd : NULL));
  if (rank == 0) EXPECT(isnan(fd), "MIN fp32 with a NaN: %g", fd);
  weft_indexer_free(&gi);
}

/* Each rank owns 2 items and takes items (2r+2) mod n and its own first one. */
static weft_indexer two_per_rank(void) {
  int64_t distrib[5];
  for (int r = 0; r <= size; ++r) distrib[r] = 2 * r;
  int64_t idx[2] = {(2 * rank + 2) % (2 * size), 2 * rank};
  weft_indexer gi;
  OK(weft_indexer_new(distrib, 2, idx, MPI_COMM_WORLD, &gi));
  return gi;
}

static void expect_status(weft_status s, weft_status want, const char *what) {
  EXPECT(s == want, "%s: %s, want %s (%s)", what, weft_status_name(s), weft_status_name(want), weft_last_error());
}

static void unit_signatures(void) {
  weft_indexer gi = two_per_rank();
  const int last = size - 1;
  /* int32 on rank 0, float elsewhere: 4 bytes each, another signature. */
  int32_t ip[2] = {7, 8}, id[2] = {-1, -1};
  float fp[2] = {1.5f, 2.5f}, fdst[2] = {-1.0f, -1.0f};
  int mixed = size > 1 && rank == 0;
  weft_status s = mixed ? weft_indexer_put(gi, (const void *[]){ip}, 1, WEFT_INT32, NULL, id)
                        : weft_indexer_put(gi, (const void *[]){fp}, 1, WEFT_FLOAT, NULL, fdst);
  if (size > 1) {
    expect_status(s, WEFT_DOMAIN_MISMATCH, "put, int32 against float");
    EXPECT(strstr(weft_last_error(), "signature") != NULL, "message: %s", weft_last_error());
    EXPECT(id[0] == -1 && id[1] == -1 && fdst[0] == -1.0f && fdst[1] == -1.0f, "nothing written");
  } else {
    expect_status(s, WEFT_SUCCESS, "put of one rank");
  }
  /* take and take_v: double on the last rank, int64 elsewhere. */
  double dd[2] = {0.25, 0.5}, dt[2] = {-1, -1};
  int64_t ld[2] = {1, 2}, lt[2] = {-1, -1};
  mixed = size > 1 && rank == last;
  s = mixed ? weft_indexer_take(gi, dd, 1, WEFT_DOUBLE, (void *[]){dt})
            : weft_indexer_take(gi, ld, 1, WEFT_INT64, (void *[]){lt});
  if (size > 1) {
    expect_status(s, WEFT_DOMAIN_MISMATCH, "take, double against int64");
    EXPECT(dt[0] == -1 && dt[1] == -1 && lt[0] == -1 && lt[1] == -1, "take: nothing written");
  }
  int64_t dc[2] = {1, 1}, pc[2] = {-9, -9}, pv[4] = {-9, -9, -9, -9};
  double pvd[4] = {-9, -9, -9, -9};
  s = mixed ? weft_indexer_take_v(gi, dc, dd, WEFT_DOUBLE, (int64_t *[]){pc}, (void *[]){pvd}, (int64_t[]){4})
            : weft_indexer_take_v(gi, dc, ld, WEFT_INT64, (int64_t *[]){pc}, (void *[]){pv}, (int64_t[]){4});
  if (size > 1) {
    expect_status(s, WEFT_DOMAIN_MISMATCH, "take_v, double against int64");
    EXPECT(pc[0] == -9 && pc[1] == -9 && pv[0] == -9 && pvd[0] == -9, "take_v: nothing written");
  }
  /* One signature under other names and handles: WEFT_INT against WEFT_INT32, and
   * contiguous(2, int32) against struct {int32, int32}. */
  int32_t owned[2] = {10 * rank, 10 * rank + 1}, got[2] = {0, 0};
  OK(weft_indexer_take(gi, owned, 1, rank % 2 ? WEFT_INT : WEFT_INT32, (void *[]){got}));
  int want0 = 10 * (((2 * rank + 2) % (2 * size)) / 2) + ((2 * rank + 2) % 2);
  EXPECT(got[0] == want0 && got[1] == 10 * rank, "take int/int32: %d %d", got[0], got[1]);
  weft_type pair;
  if (rank % 2)
    OK(weft_type_contiguous(2, WEFT_INT32, &pair));
  else
    OK(weft_type_struct(2, (int64_t[]){1, 1}, (weft_aint[]){0, 4}, (weft_type[]){WEFT_INT32, WEFT_INT32}, &pair));
  OK(weft_type_commit(pair));
  int32_t owned2[4] = {1, 2, 3, 4}, got2[4] = {0};
  OK(weft_indexer_take(gi, owned2, 1, pair, (void *[]){got2}));
  EXPECT(got2[2] == 1 && got2[3] == 2, "take of two int32 under two constructors");
  weft_type_free(&pair);
  /* Same size, same basic types, another order: struct {int32, float} against
   * struct {float, int32}. */
  weft_type ab;
  weft_type order[2] = {WEFT_INT32, WEFT_FLOAT};
  if (size > 1 && rank == last) {
    order[0] = WEFT_FLOAT;
    order[1] = WEFT_INT32;
  }
  OK(weft_type_struct(2, (int64_t[]){1, 1}, (weft_aint[]){0, 4}, order, &ab));
  OK(weft_type_commit(ab));
  char buf[16] = {0}, out[16] = {0};
  s = weft_indexer_take(gi, buf, 1, ab, (void *[]){out});
  expect_status(s, size > 1 ? WEFT_DOMAIN_MISMATCH : WEFT_SUCCESS, "struct field order differs");
  weft_type_free(&ab);
  weft_indexer_free(&gi);
}

static void take_v_null_values(void) {
  weft_indexer gi = two_per_rank();
  int64_t dc[2] = {1, 2}, dv[3] = {rank, rank, rank};
  int64_t pc[2] = {-9, -9}, pv[8];
  for (int i = 0; i < 8; ++i) pv[i] = -9;
  /* Rank 0: values NULL with room for 4 units. */
  void *values = rank == 0 ? NULL : pv;
  weft_status s = weft_indexer_take_v(gi, dc, dv, WEFT_INT64, (int64_t *[]){pc}, (void *[]){values}, (int64_t[]){4});
  EXPECT(s < 0, "take_v with a NULL values buffer on rank 0: %s", weft_status_name(s));
  if (rank == 0) expect_status(s, WEFT_NULL_POINTER, "take_v, NULL values (rank 0)");
  int agreed = (int)s, lo, hi;
  MPI_Allreduce(&agreed, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&agreed, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  EXPECT(lo == hi, "take_v: statuses differ between ranks (%d..%d)", lo, hi);
  EXPECT(pc[0] == -9 && pc[1] == -9, "take_v: counts written before the failure");
  for (int i = 0; i < 8; ++i) EXPECT(pv[i] == -9, "take_v: values written");
  /* NULL values with capacity 0 are fine; a negative capacity is not. */
  s = weft_indexer_take_v(gi, dc, dv, WEFT_INT64, (int64_t *[]){pc}, (void *[]){NULL}, (int64_t[]){0});
  EXPECT(s == WEFT_INSUFFICIENT_SPACE, "take_v, NULL values with capacity 0: %s", weft_status_name(s));
  s = weft_indexer_take_v(gi, dc, dv, WEFT_INT64, (int64_t *[]){pc}, (void *[]){pv}, (int64_t[]){rank == 0 ? -1 : 8});
  EXPECT(s < 0, "take_v, negative capacity on rank 0: %s", weft_status_name(s));
  if (rank == 0) expect_status(s, WEFT_INVALID_VALUE, "take_v, negative capacity");
  weft_indexer_free(&gi);
}

/* Two indexers on one communicator; their begins interleaved a, b, a, b in the same
 * order on every rank, the waits in another order on odd ranks. */
static void two_indexers(void) {
  weft_indexer a = two_per_rank(), b = two_per_rank();
  int64_t owned[2] = {2 * rank, 2 * rank + 1};
  int64_t ta[2] = {0}, tb[2] = {0}, ta2[2] = {0}, tb2[2] = {0};
  weft_request r[4];
  OK(weft_indexer_take_begin(a, owned, 1, WEFT_INT64, (void *[]){ta}, &r[0]));
  OK(weft_indexer_take_begin(b, owned, 1, WEFT_INT64, (void *[]){tb}, &r[1]));
  OK(weft_indexer_take_begin(a, owned, 1, WEFT_INT64, (void *[]){ta2}, &r[2]));
  OK(weft_indexer_take_begin(b, owned, 1, WEFT_INT64, (void *[]){tb2}, &r[3]));
  for (int i = 0; i < 4; ++i) OK(weft_request_wait(&r[rank % 2 ? 3 - i : i]));
  int64_t want[2] = {(2 * rank + 2) % (2 * size), 2 * rank};
  for (int k = 0; k < 2; ++k)
    EXPECT(ta[k] == want[k] && tb[k] == want[k] && ta2[k] == want[k] && tb2[k] == want[k], "interleaved take %d", k);
  weft_indexer_free(&a);
  weft_indexer_free(&b);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  expect_rank = rank;
  if (size > 4) {
    if (rank == 0) fprintf(stderr, "run on 1-4 ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  nan_reductions();
  unit_signatures();
  take_v_null_values();
  two_indexers();
  int failures = expect_total();
  if (rank == 0) printf("indexer agreement: %s (%d ranks)\n", failures ? "FAILED" : "ok", size);
  MPI_Finalize();
  return failures ? 1 : 0;
}
