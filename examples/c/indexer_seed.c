/* The global indexer's worked example (seed 001) on 3 ranks: a distributed array of 5
 * items (P0 owns 0-1, P1 owns 2-3, P2 owns 4); P0 asks for [4,0], P1 for [1,3], P2 for
 * [0]. Take, Put (the last writer wins), Put with MAX, Take_v, Put_v and Put_v extend.
 * Each rank prints what it got and checks it against the documentation. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "weft_mpi.h"

#define CHECK(call)                                                                     \
  do {                                                                                  \
    weft_status s_ = (call);                                                            \
    if (s_ != WEFT_SUCCESS) {                                                           \
      fprintf(stderr, "%s failed: %s (%s)\n", #call, weft_status_name(s_), weft_last_error()); \
      MPI_Abort(MPI_COMM_WORLD, 1);                                                     \
    }                                                                                   \
  } while (0)

static int rank, bad = 0;

static void show(const char *what, const int64_t *v, int n, const int64_t *want) {
  char line[256];
  int len = snprintf(line, sizeof line, "P%d %-14s [", rank, what);
  for (int i = 0; i < n; ++i) {
    len += snprintf(line + len, sizeof line - (size_t)len, "%s%lld", i ? "," : "", (long long)v[i]);
    if (v[i] != want[i]) bad = 1;
  }
  printf("%s]\n", line);
}
static void showf(const char *what, const float *v, int n, const float *want) {
  char line[256];
  int len = snprintf(line, sizeof line, "P%d %-14s [", rank, what);
  for (int i = 0; i < n; ++i) {
    len += snprintf(line + len, sizeof line - (size_t)len, "%s%.1f", i ? "," : "", v[i]);
    if (v[i] != want[i]) bad = 1;
  }
  printf("%s]\n", line);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 3) {
    if (rank == 0) fprintf(stderr, "this example is written for 3 ranks\n");
    MPI_Finalize();
    return 1;
  }
  const int64_t distri[4] = {0, 2, 4, 5};
  const int64_t idx[3][2] = {{4, 0}, {1, 3}, {0}};
  const int pn = rank == 2 ? 1 : 2, dn = (int)(distri[rank + 1] - distri[rank]);
  weft_indexer gi;
  CHECK(weft_indexer_new(distri, pn, idx[rank], MPI_COMM_WORLD, &gi));

  /* Take, 2 values per item */
  int64_t dist[3][4] = {{3, 5, 5, 7}, {11, 13, 17, 19}, {29, 31}}, extr[4];
  CHECK(weft_indexer_take(gi, dist[rank], 2, WEFT_INT64, (void *[]){extr}));
  const int64_t take_want[3][4] = {{29, 31, 3, 5}, {5, 7, 17, 19}, {3, 5}};
  show("Take", extr, 2 * pn, take_want[rank]);

  /* Put: P2 negates its values; item 0 ends with P2's (the last writer) */
  if (rank == 2) extr[0] = -extr[0], extr[1] = -extr[1];
  int64_t dnew[4] = {0};
  CHECK(weft_indexer_put(gi, (const void *[]){extr}, 2, WEFT_INT64, NULL, dnew));
  const int64_t put_want[3][4] = {{-3, -5, 5, 7}, {0, 0, 17, 19}, {29, 31}};
  show("Put", dnew, 2 * dn, put_want[rank]);
  memset(dnew, 0, sizeof dnew);
  CHECK(weft_indexer_put(gi, (const void *[]){extr}, 2, WEFT_INT64, WEFT_MAX_MONOID_INT64, dnew));
  const int64_t max_want[3][4] = {{3, 5, 5, 7}, {0, 0, 17, 19}, {29, 31}};
  show("Put MAX", dnew, 2 * dn, max_want[rank]);

  /* Take_v: items of 1, 1, 1, 2, 3 values */
  const int64_t vc[3][2] = {{1, 1}, {1, 2}, {3}}, vd[3][3] = {{1, 11}, {21, 12, 11}, {11, 12, 21}};
  int64_t *oc;
  void *ov;
  CHECK(weft_indexer_take_v_alloc(gi, vc[rank], vd[rank], WEFT_INT64, &oc, &ov));
  const int64_t tvc_want[3][2] = {{3, 1}, {1, 2}, {1}}, tvv_want[3][4] = {{11, 12, 21, 1}, {11, 12, 11}, {1}};
  show("Take_v counts", oc, pn, tvc_want[rank]);
  show("Take_v values", ov, rank == 0 ? 4 : rank == 1 ? 3 : 1, tvv_want[rank]);
  weft_free(oc);
  weft_free(ov);

  /* Put_v, then Put_v extend (the documentation's 30.1 is a typo for 13.1) */
  const int64_t pc[3][2] = {{1, 3}, {0, 1}, {2}};
  const float pv[3][4] = {{4.1f, 0.1f, 0.2f, 0.3f}, {13.1f}, {20.1f, 20.2f}};
  for (int extend = 0; extend < 2; ++extend) {
    int64_t *dc;
    void *dv;
    CHECK(weft_indexer_put_v(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT, extend, NULL,
                             NULL, &dc, &dv));
    const int64_t c_want[2][3][2] = {{{2, 0}, {0, 1}, {1}}, {{5, 0}, {0, 1}, {1}}};
    const float v_want[2][3][5] = {{{20.1f, 20.2f}, {13.1f}, {4.1f}}, {{0.1f, 0.2f, 0.3f, 20.1f, 20.2f}, {13.1f}, {4.1f}}};
    show(extend ? "Put_v+ counts" : "Put_v counts", dc, dn, c_want[extend][rank]);
    showf(extend ? "Put_v+ values" : "Put_v values", dv, (int)(dc[0] + (dn > 1 ? dc[1] : 0)), v_want[extend][rank]);
    weft_free(dc);
    weft_free(dv);
  }
  /* Put_v extend again, split phase into caller buffers: begin, compute, wait. */
  {
    int64_t dc[2], needed;
    float dv[5];
    weft_request req;
    CHECK(weft_indexer_put_v_into_begin(gi, (const int64_t *[]){pc[rank]}, (const void *[]){pv[rank]}, WEFT_FLOAT,
                                        true, NULL, NULL, dc, dv, 5, &needed, &req));
    /* ... computation that does not touch dc, dv, needed overlaps the exchange ... */
    CHECK(weft_request_wait(&req));
    const int64_t c_want[3][2] = {{5, 0}, {0, 1}, {1}};
    const float v_want[3][5] = {{0.1f, 0.2f, 0.3f, 20.1f, 20.2f}, {13.1f}, {4.1f}};
    show("Put_v+ (split, into) counts", dc, dn, c_want[rank]);
    showf("Put_v+ (split, into) values", dv, (int)needed, v_want[rank]);
  }
  CHECK(weft_indexer_free(&gi));
  int any;
  MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (rank == 0) printf("global indexer seed example: %s\n", any ? "MISMATCH" : "every rank matches the documentation");
  MPI_Finalize();
  return any;
}
