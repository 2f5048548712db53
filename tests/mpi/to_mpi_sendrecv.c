/* weft_type_to_mpi with real communication: each rank exchanges with its partner
 * (rank ^ 1, or itself on one rank) using converted send and receive types, and the
 * whole receive buffer must equal what weft_copy produces locally from the same data.
 * Also checks the Fortran-handle twin and the error paths. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "weft.h"
#include "weft_mpi.h"

#include "mpi_expect.h"

#define BUF 65536
static unsigned char src[BUF], want[BUF], got[BUF];

/* Sends count t and receives into rcount rt (rt = NULL: the same as the send). */
static void exchange2(const char *name, weft_type t, int count, weft_type rt, int rcount, int partner) {
  weft_aint lb, ext;
  if (!rt) {
    rt = t;
    rcount = count;
  }
  weft_type_commit(t);
  weft_type_commit(rt);
  weft_type_extent(t, &lb, &ext);
  /* Put the origin in the middle of the buffer so negative displacements stay inside. */
  unsigned char *s = src + BUF / 2, *w = want + BUF / 2, *g = got + BUF / 2;
  int64_t nbytes;
  memset(want, 0xAB, BUF);
  weft_status st = weft_copy(s, count, t, w, rcount, rt, &nbytes);
  EXPECT(st == WEFT_SUCCESS, "%s: weft_copy: %s", name, weft_last_error());

  MPI_Datatype m;
  st = weft_type_to_mpi(t, &m);
  EXPECT(st == WEFT_SUCCESS, "%s: weft_type_to_mpi: %s", name, weft_last_error());
  if (st != WEFT_SUCCESS) return;
  int size;
  MPI_Aint mlb, mext;
  MPI_Type_size(m, &size);
  MPI_Type_get_extent(m, &mlb, &mext);
  EXPECT(mlb == lb && mext == ext, "%s: MPI bounds %ld/%ld, weft %ld/%ld", name, (long)mlb, (long)mext, (long)lb, (long)ext);
  memset(got, 0xAB, BUF);
  MPI_Datatype mr = m;
  if (rt != t) EXPECT(weft_type_to_mpi(rt, &mr) == WEFT_SUCCESS, "%s: receive type", name);
  MPI_Sendrecv(s, count, m, partner, 7, g, rcount, mr, partner, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  EXPECT(memcmp(want, got, BUF) == 0, "%s: received buffer differs from weft_copy's", name);
  if (mr != m) MPI_Type_free(&mr);
  MPI_Type_free(&m);

  MPI_Fint f;
  st = weft_type_to_mpi_f(t, &f);
  EXPECT(st == WEFT_SUCCESS, "%s: weft_type_to_mpi_f: %s", name, weft_last_error());
  MPI_Datatype mf = MPI_Type_f2c(f);
  int fsize;
  MPI_Type_size(mf, &fsize);
  EXPECT(fsize == size, "%s: Fortran handle size %d vs %d", name, fsize, size);
  MPI_Type_free(&mf);
}

static void exchange(const char *name, weft_type t, int count, int partner) {
  exchange2(name, t, count, NULL, 0, partner);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  expect_rank = rank;
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  int partner = nranks == 1 ? 0 : rank ^ 1;
  for (int i = 0; i < BUF; ++i) src[i] = (unsigned char)(i * 7 + 3);

  weft_type dc, t;
  int64_t bl2[2] = {1, 1}, bl3[3] = {1, 1, 1};
  weft_aint d_dc[2] = {0, 8};
  weft_type t_dc[2] = {WEFT_DOUBLE, WEFT_CHAR};
  weft_type_struct(2, bl2, d_dc, t_dc, &dc); /* {(double,0),(char,8)}, extent 16 by the epsilon */

  weft_type_vector(2, 3, 4, dc, &t);
  exchange("vector(2,3,4) of {double,char}", t, 2, partner);
  weft_type_free(&t);
  weft_type_vector(3, 1, -2, dc, &t);
  exchange("vector(3,1,-2), negative stride", t, 3, partner);
  weft_type_free(&t);
  weft_aint d_m[3] = {-3, 0, 6};
  weft_type t_m[3] = {WEFT_LB, WEFT_INT, WEFT_UB}, t1;
  weft_type_struct(3, bl3, d_m, t_m, &t1); /* {(lb,-3),(int,0),(ub,6)} */
  weft_type_contiguous(2, t1, &t);
  exchange("contiguous(2) of an LB/UB struct", t, 4, partner);
  weft_type_free(&t);
  weft_type_resized(t1, 5, -12, &t);
  exchange("resized with negative extent", t, 1, partner);
  weft_type_free(&t);
  weft_type_free(&t1);
  int64_t sizes[3] = {6, 5, 4}, subs[3] = {2, 3, 2}, starts[3] = {1, 1, 2};
  weft_type_subarray(3, sizes, subs, starts, WEFT_ORDER_FORTRAN, WEFT_SHORT, &t);
  exchange("Fortran-order subarray of shorts", t, 2, partner);
  weft_type_free(&t);
  int64_t hb[3] = {2, 0, 3};
  weft_aint hd[3] = {40, -8, -64};
  weft_type_hindexed(3, hb, hd, dc, &t);
  exchange("hindexed with an empty block and negative displacements", t, 2, partner);
  weft_type_free(&t);
  weft_type_hvector(4, 2, -1, WEFT_INT8, &t);
  /* overlapping blocks may be sent, never received: receive as 8 contiguous INT8 */
  exchange2("overlapping negative-stride hvector, sent", t, 1, WEFT_INT8, 8, partner);
  weft_type_free(&t);

  /* Errors: NULL handle, NULL output; the MPI side is not touched. */
  MPI_Datatype m = MPI_DATATYPE_NULL;
  EXPECT(weft_type_to_mpi(NULL, &m) == WEFT_INVALID_HANDLE && m == MPI_DATATYPE_NULL, "NULL handle");
  EXPECT(strstr(weft_last_error(), "weft_type_to_mpi") != NULL, "message names the function: %s", weft_last_error());
  EXPECT(weft_type_to_mpi(WEFT_INT, NULL) == WEFT_NULL_POINTER, "NULL out");
  EXPECT(weft_type_to_mpi(WEFT_LB, &m) == WEFT_INVALID_VALUE && m == MPI_DATATYPE_NULL, "marker alone");
  weft_type_contiguous(3000000000LL, WEFT_CHAR, &t);
  EXPECT(weft_type_to_mpi(t, &m) == WEFT_OVERFLOW && m == MPI_DATATYPE_NULL, "count above INT_MAX");
  weft_type_free(&t);
  weft_type_free(&dc);

  int total = expect_total();
  if (rank == 0) printf("to_mpi_sendrecv on %d rank(s): %s\n", nranks, total ? "FAILED" : "all exchanges equal weft_copy");
  MPI_Finalize();
  return total ? 1 : 0;
}
