/* The worked examples of the global indexer seed (Maia's documentation), on 3 ranks:
 * distri = [0,2,4,5], P0 asks [4,0], P1 [1,3], P2 [0]. Take count 2, Put (last writer
 * wins, untouched item keeps its value), Put MAX, Take_v, Put_v, Put_v extend (with the
 * documentation's typo 30.1 read as 13.1), access counts. Every value asserted. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "weft_mpi.h"

#include "mpi_expect.h"
#define OK(call) EXPECT((call) == WEFT_SUCCESS, "%s: %s", #call, weft_last_error())

static int rank;

static int same_i64(const int64_t *a, const int64_t *b, int n) {
  for (int i = 0; i < n; ++i)
    if (a[i] != b[i]) return 0;
  return 1;
}
static int same_f(const float *a, const float *b, int n) {
  for (int i = 0; i < n; ++i)
    if (a[i] != b[i]) return 0;
  return 1;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  expect_rank = rank;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 3) {
    if (rank == 0) fprintf(stderr, "run with 3 ranks\n");
    MPI_Finalize();
    return 1;
  }
  const int64_t distri[4] = {0, 2, 4, 5};
  const int64_t idx0[2] = {4, 0}, idx1[2] = {1, 3}, idx2[1] = {0};
  const int64_t *idx = rank == 0 ? idx0 : rank == 1 ? idx1 : idx2;
  int64_t pn = rank == 2 ? 1 : 2, dn = distri[rank + 1] - distri[rank];
  weft_indexer gi;
  OK(weft_indexer_new(distri, pn, idx, MPI_COMM_WORLD, &gi));

  /* Take, 2 ints per item */
  int64_t dist[3][4] = {{3, 5, 5, 7}, {11, 13, 17, 19}, {29, 31}};
  int64_t extr[4] = {0};
  OK(weft_indexer_take(gi, dist[rank], 2, WEFT_INT64, (void *[]){extr}));
  const int64_t want_take[3][4] = {{29, 31, 3, 5}, {5, 7, 17, 19}, {3, 5}};
  EXPECT(same_i64(extr, want_take[rank], (int)(2 * pn)), "Take");

  /* Put: rank 2 negates; index 0 gets rank 2's value (last writer), index 2 keeps 0 */
  if (rank == 2)
    for (int i = 0; i < 2; ++i) extr[i] = -extr[i];
  int64_t dnew[4] = {0, 0, 0, 0};
  OK(weft_indexer_put(gi, (const void *[]){extr}, 2, WEFT_INT64, NULL, dnew));
  const int64_t want_put[3][4] = {{-3, -5, 5, 7}, {0, 0, 17, 19}, {29, 31}};
  EXPECT(same_i64(dnew, want_put[rank], (int)(2 * dn)), "Put");

  /* Put with MAX, starting again from zeros */
  memset(dnew, 0, sizeof dnew);
  OK(weft_indexer_put(gi, (const void *[]){extr}, 2, WEFT_INT64, WEFT_MAX_MONOID_INT64, dnew));
  const int64_t want_max[3][4] = {{3, 5, 5, 7}, {0, 0, 17, 19}, {29, 31}};
  EXPECT(same_i64(dnew, want_max[rank], (int)(2 * dn)), "Put MAX");

  /* Put MAX into a buffer weft allocates: unreferenced items hold the identity */
  void *alloc = NULL;
  OK(weft_indexer_put_alloc(gi, (const void *[]){extr}, 2, WEFT_INT64, WEFT_MAX_MONOID_INT64, &alloc));
  const int64_t *am = alloc;
  if (rank == 1) EXPECT(am[0] == INT64_MIN && am[1] == INT64_MIN && am[2] == 17 && am[3] == 19, "put_alloc MAX");
  else EXPECT(same_i64(am, want_max[rank], (int)(2 * dn)), "put_alloc MAX");
  weft_free(alloc);

  /* Take_v */
  const int64_t vcounts[3][2] = {{1, 1}, {1, 2}, {3}};
  const int64_t vdata[3][3] = {{1, 11}, {21, 12, 11}, {11, 12, 21}};
  int64_t oc[2] = {-1, -1}, ov[4] = {0};
  int64_t cap = 4;
  OK(weft_indexer_take_v(gi, vcounts[rank], vdata[rank], WEFT_INT64, (int64_t *[]){oc}, (void *[]){ov}, &cap));
  const int64_t want_tvc[3][2] = {{3, 1}, {1, 2}, {1}};
  const int64_t want_tvv[3][4] = {{11, 12, 21, 1}, {11, 12, 11}, {1}};
  EXPECT(same_i64(oc, want_tvc[rank], (int)pn), "Take_v counts");
  EXPECT(same_i64(ov, want_tvv[rank], rank == 0 ? 4 : rank == 1 ? 3 : 1), "Take_v values");
  /* the same, allocated by weft */
  int64_t *ac = NULL;
  void *avv = NULL;
  OK(weft_indexer_take_v_alloc(gi, vcounts[rank], vdata[rank], WEFT_INT64, &ac, &avv));
  EXPECT(same_i64(ac, want_tvc[rank], (int)pn) && same_i64(avv, want_tvv[rank], rank == 0 ? 4 : rank == 1 ? 3 : 1),
         "Take_v alloc");
  weft_free(ac);
  weft_free(avv);
  /* too small a buffer: counts written, values not, status on this rank only */
  cap = rank == 0 ? 3 : 4;
  weft_status s = weft_indexer_take_v(gi, vcounts[rank], vdata[rank], WEFT_INT64, (int64_t *[]){oc}, (void *[]){ov}, &cap);
  EXPECT(s == (rank == 0 ? WEFT_INSUFFICIENT_SPACE : WEFT_SUCCESS), "Take_v capacity: %s", weft_status_name(s));

  /* Put_v, last writer wins; explicit count 0 empties index 1 */
  const int64_t pc[3][2] = {{1, 3}, {0, 1}, {2}};
  const float pv[3][4] = {{4.1f, 0.1f, 0.2f, 0.3f}, {13.1f}, {20.1f, 20.2f}};
  int64_t *dc = NULL;
  void *dv = NULL;
  OK(weft_indexer_put_v(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, false, NULL, NULL,
                        &dc, &dv));
  const int64_t want_pvc[3][2] = {{2, 0}, {0, 1}, {1}};
  const float want_pvv[3][2] = {{20.1f, 20.2f}, {13.1f}, {4.1f}};
  EXPECT(same_i64(dc, want_pvc[rank], (int)dn) && same_f(dv, want_pvv[rank], rank == 0 ? 2 : 1), "Put_v");
  weft_free(dc);
  weft_free(dv);

  /* Put_v extend: index 0 gets P0's 3 values then P2's 2 */
  OK(weft_indexer_put_v(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, true, NULL, NULL,
                        &dc, &dv));
  const int64_t want_pec[3][2] = {{5, 0}, {0, 1}, {1}};
  const float want_pev[3][5] = {{0.1f, 0.2f, 0.3f, 20.1f, 20.2f}, {13.1f}, {4.1f}};
  EXPECT(same_i64(dc, want_pec[rank], (int)dn) && same_f(dv, want_pev[rank], rank == 0 ? 5 : 1), "Put_v extend");
  weft_free(dc);
  weft_free(dv);

  /* Put_v extend after initial data: the initial block comes first */
  const int64_t ic[3][2] = {{1, 0}, {0, 2}, {0}};
  const float iv[3][2] = {{-1.0f}, {-2.0f, -3.0f}, {0}};
  OK(weft_indexer_put_v(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, true, ic[rank],
                        iv[rank], &dc, &dv));
  const int64_t want_pic[3][2] = {{6, 0}, {0, 3}, {1}};
  const float want_piv[3][6] = {{-1.0f, 0.1f, 0.2f, 0.3f, 20.1f, 20.2f}, {-2.0f, -3.0f, 13.1f}, {4.1f}};
  EXPECT(same_i64(dc, want_pic[rank], (int)dn) && same_f(dv, want_piv[rank], rank == 0 ? 6 : rank == 1 ? 3 : 1),
         "Put_v extend with initial data");
  weft_free(dc);
  weft_free(dv);

  /* The same Put_v examples through put_v_into (caller buffers) and the split phase. */
  {
    int64_t oc2[2] = {-9, -9}, needed = -1;
    float ov2[6] = {-9, -9, -9, -9, -9, -9};
    OK(weft_indexer_put_v_into(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, true,
                               ic[rank], iv[rank], oc2, ov2, 6, &needed));
    EXPECT(needed == (rank == 0 ? 6 : rank == 1 ? 3 : 1) && same_i64(oc2, want_pic[rank], (int)dn) &&
               same_f(ov2, want_piv[rank], (int)needed),
           "put_v_into extend with initial data");
    /* in place: the initial arrays are the output */
    int64_t ioc[2] = {ic[rank][0], ic[rank][1]};
    float iov[6] = {iv[rank][0], iv[rank][1]};
    OK(weft_indexer_put_v_into(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, true, ioc,
                               iov, ioc, iov, 6, NULL));
    EXPECT(same_i64(ioc, want_pic[rank], (int)dn) && same_f(iov, want_piv[rank], rank == 0 ? 6 : rank == 1 ? 3 : 1),
           "put_v_into in place");
    /* too little room on rank 0: only needed is written there */
    int64_t oc3[2] = {-9, -9};
    float ov3[6] = {-9, -9, -9, -9, -9, -9};
    needed = -1;
    s = weft_indexer_put_v_into(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, false, NULL,
                                NULL, oc3, ov3, rank == 0 ? 1 : 6, &needed);
    EXPECT(s == (rank == 0 ? WEFT_INSUFFICIENT_SPACE : WEFT_SUCCESS) && needed == (rank == 0 ? 2 : 1),
           "put_v_into short: %s, needed %lld", weft_status_name(s), (long long)needed);
    EXPECT(rank != 0 || (oc3[0] == -9 && oc3[1] == -9 && ov3[0] == -9), "put_v_into short: nothing else written");
    /* split phase: Put_v and Take_v outstanding together, waited in reverse order on rank 1 */
    weft_request rq[2];
    int64_t *bc = NULL, *tc = NULL;
    void *bv = NULL, *tv = NULL;
    OK(weft_indexer_put_v_begin(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, false,
                                NULL, NULL, &bc, &bv, &rq[0]));
    OK(weft_indexer_take_v_alloc_begin(gi, vcounts[rank], vdata[rank], WEFT_INT64, &tc, &tv, &rq[1]));
    OK(weft_request_wait(&rq[rank == 1 ? 1 : 0]));
    OK(weft_request_wait(&rq[rank == 1 ? 0 : 1]));
    EXPECT(same_i64(bc, want_pvc[rank], (int)dn) && same_f(bv, want_pvv[rank], rank == 0 ? 2 : 1), "put_v_begin");
    EXPECT(tc != NULL && tv != NULL, "take_v_alloc_begin allocates");
    weft_free(bc);
    weft_free(bv);
    weft_free(tc);
    weft_free(tv);
    /* errors in a begin call are agreed: a NULL request on rank 2, a negative capacity on rank 1 */
    weft_request r2 = NULL;
    s = weft_indexer_take_v_begin(gi, vcounts[rank], vdata[rank], WEFT_INT64, (int64_t *[]){oc}, (void *[]){ov}, &cap,
                                  rank == 2 ? NULL : &r2);
    EXPECT(s == WEFT_NULL_POINTER && r2 == NULL, "NULL request on one rank: %s", weft_status_name(s));
    s = weft_indexer_put_v_into_begin(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, false,
                                      NULL, NULL, oc3, ov3, rank == 1 ? -1 : 6, NULL, &r2);
    EXPECT(s == WEFT_INVALID_VALUE && r2 == NULL, "negative capacity on one rank: %s", weft_status_name(s));
    s = weft_indexer_put_v(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, rank == 0, NULL,
                           NULL, &bc, &bv);
    EXPECT(s == WEFT_INVALID_VALUE, "extend on one rank only: %s", weft_status_name(s));
  }

  /* access counts: index 0 asked twice, 1, 3, 4 once, 2 never */
  int64_t acc[2] = {-1, -1};
  OK(weft_indexer_access_counts(gi, acc));
  const int64_t want_acc[3][2] = {{2, 1}, {0, 1}, {1}};
  EXPECT(same_i64(acc, want_acc[rank], (int)dn), "access counts");

  /* split phase: take while "computing" */
  weft_request req;
  memset(extr, 0, sizeof extr);
  OK(weft_indexer_take_begin(gi, dist[rank], 2, WEFT_INT64, (void *[]){extr}, &req));
  OK(weft_request_wait(&req));
  EXPECT(req == NULL && same_i64(extr, want_take[rank], (int)(2 * pn)), "take_begin/wait");

  /* an out-of-range index on rank 1 only: every rank gets the same status */
  const int64_t bad[2] = {1, rank == 1 ? 5 : 3};
  weft_indexer g2 = NULL;
  s = weft_indexer_new(distri, 2, bad, MPI_COMM_WORLD, &g2);
  EXPECT(s == WEFT_INDEX_OUT_OF_BOUNDS && g2 == NULL, "out of range on one rank: %s", weft_status_name(s));
  /* a count that differs between ranks */
  s = weft_indexer_take(gi, dist[rank], rank == 2 ? 1 : 2, WEFT_INT64, (void *[]){extr});
  EXPECT(s == WEFT_INVALID_VALUE, "count mismatch: %s", weft_status_name(s));
  /* a unit that differs between ranks */
  s = weft_indexer_take(gi, dist[rank], 2, rank == 0 ? WEFT_INT32 : WEFT_INT64, (void *[]){extr});
  EXPECT(s == WEFT_DOMAIN_MISMATCH, "unit mismatch: %s", weft_status_name(s));
  /* a distribution of the wrong shape on one rank */
  const int64_t wrong[4] = {0, 2, rank == 0 ? 3 : 4, 5};
  s = weft_indexer_new(distri[0] == 0 ? wrong : distri, pn, idx, MPI_COMM_WORLD, &g2);
  EXPECT(s == WEFT_INVALID_VALUE && g2 == NULL, "rank-dependent distribution: %s", weft_status_name(s));

  OK(weft_indexer_free(&gi));
  EXPECT(gi == NULL, "free sets NULL");
  int total = expect_total();
  if (rank == 0) printf("indexer seed examples on 3 ranks: %s\n", total ? "FAILED" : "all exact");
  MPI_Finalize();
  return total ? 1 : 0;
}
