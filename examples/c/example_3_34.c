/* MPI-1.1 Example 3.34: Example 3.33 with absolute addresses in the datatypes; every
 * send is from MPI_BOTTOM. Errata fixed: `zdisp[1000]` lacked ';', `.index` -> `.type`,
 * `(particle[k].index = 0)` was an assignment, and zzdisp[1] = MPI_BOTTOM is 0. */
#include "mpi_example.h"
#include "partstruct.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  static struct Partstruct particle[NPART], recv[NPART];
  partstruct_fill(particle);
  int bad_copy = 0, bad_mpi = 0;
  int64_t nbytes;

  /* Particletype describes the first array entry with absolute addresses. */
  weft_type type[3] = {WEFT_INT, WEFT_DOUBLE, WEFT_CHAR};
  int64_t block[3] = {1, 6, 7};
  weft_aint disp[3];
  CHECK(weft_address(particle, &disp[0]));
  CHECK(weft_address(particle[0].d, &disp[1]));
  CHECK(weft_address(particle[0].b, &disp[2]));
  weft_type Particletype;
  CHECK(weft_type_struct(3, block, disp, type, &Particletype));
  CHECK(weft_type_commit(Particletype));

  /* 5.1 the entire array: 1000 copies from MPI_BOTTOM (copy i at i*extent) */
  memset(recv, 0, sizeof recv);
  weft_type Rtype;  /* the receive side: the same layout, relative to recv */
  weft_aint rdisp[3] = {disp[0] - disp[0], disp[1] - disp[0], disp[2] - disp[0]};
  CHECK(weft_type_struct(3, block, rdisp, type, &Rtype));
  CHECK(weft_type_commit(Rtype));
  CHECK(weft_copy(WEFT_BOTTOM, NPART, Particletype, recv, NPART, Rtype, &nbytes));
  for (int i = 0; i < NPART; ++i) bad_copy |= !partstruct_equal(&recv[i], &particle[i]);
  memset(recv, 0, sizeof recv);
  example_sendrecv(MPI_BOTTOM, NPART, Particletype, recv, NPART, Rtype);
  for (int i = 0; i < NPART; ++i) bad_mpi |= !partstruct_equal(&recv[i], &particle[i]);

  /* 5.2 the class-0 entries, preceded by their number */
  static int64_t zdisp[NPART], zblock[NPART];
  int runs = partstruct_zero_runs(particle, zdisp, zblock);
  int j = 0;
  for (int i = 0; i < runs; ++i) j += (int)zblock[i];
  weft_type Zparticles, Ztype;
  CHECK(weft_type_indexed(runs, zblock, zdisp, Particletype, &Zparticles));
  int64_t zzblock[2] = {1, 1};
  weft_aint zzdisp[2];
  weft_type zztype[2] = {WEFT_INT, Zparticles};
  CHECK(weft_address(&j, &zzdisp[0]));
  zzdisp[1] = 0; /* MPI_BOTTOM: Zparticles already holds absolute addresses */
  CHECK(weft_type_struct(2, zzblock, zzdisp, zztype, &Ztype));
  CHECK(weft_type_commit(Ztype));
  /* receive: count into rj, particles into recv[0..j) */
  int rj;
  weft_type cont, Zr;
  CHECK(weft_type_contiguous(j, Rtype, &cont));
  weft_aint rzd[2];
  CHECK(weft_address(&rj, &rzd[0]));
  CHECK(weft_address(recv, &rzd[1]));
  weft_type rzt[2] = {WEFT_INT, cont};
  CHECK(weft_type_struct(2, zzblock, rzd, rzt, &Zr));
  CHECK(weft_type_commit(Zr));
  for (int pass = 0; pass < 2; ++pass) {
    rj = -1;
    memset(recv, 0, sizeof recv);
    if (pass == 0)
      CHECK(weft_copy(WEFT_BOTTOM, 1, Ztype, WEFT_BOTTOM, 1, Zr, &nbytes));
    else
      example_sendrecv(MPI_BOTTOM, 1, Ztype, MPI_BOTTOM, 1, Zr);
    int n = 0, bad = rj != j;
    for (int i = 0; i < NPART; ++i)
      if (particle[i].type == 0) bad |= n >= j || !partstruct_equal(&recv[n++], &particle[i]);
    if (pass == 0) bad_copy |= bad; else bad_mpi |= bad;
  }

  int rc = example_report("3.34", "absolute addresses from MPI_BOTTOM: 1000 particles, class-0 with count", bad_copy, bad_mpi);
  weft_type_free(&Particletype);
  weft_type_free(&Rtype);
  weft_type_free(&Zparticles);
  weft_type_free(&Ztype);
  weft_type_free(&cont);
  weft_type_free(&Zr);
  MPI_Finalize();
  return rc;
}
