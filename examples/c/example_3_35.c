/* MPI-1.1 Example 3.35: unions. One datatype per member the union may currently hold,
 * each with an MPI_UB at the union's size, chosen at run time by `utype`. */
#include <string.h>

#include "mpi_example.h"

union U {
  int ival;
  float fval;
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  static union U u[1000], r[1000];
  int64_t blocklen[2] = {1, 1};
  weft_aint disp[2], i0, j0;
  weft_type type[2], mpi_utype[2];
  CHECK(weft_address(u, &i0));
  CHECK(weft_address(u + 1, &j0));
  disp[0] = 0;
  disp[1] = j0 - i0;
  type[1] = WEFT_UB;
  type[0] = WEFT_INT;
  CHECK(weft_type_struct(2, blocklen, disp, type, &mpi_utype[0]));
  type[0] = WEFT_FLOAT;
  CHECK(weft_type_struct(2, blocklen, disp, type, &mpi_utype[1]));
  for (int k = 0; k < 2; ++k) CHECK(weft_type_commit(mpi_utype[k]));

  int bad_copy = 0, bad_mpi = 0;
  int64_t nbytes;
  for (int utype = 0; utype < 2; ++utype) {
    for (int k = 0; k < 1000; ++k) {
      if (utype == 0) u[k].ival = 7 * k - 300;
      else u[k].fval = 0.25f * (float)k;
    }
    memset(r, 0, sizeof r);
    CHECK(weft_copy(u, 1000, mpi_utype[utype], r, 1000, mpi_utype[utype], &nbytes));
    for (int k = 0; k < 1000; ++k) bad_copy |= utype == 0 ? r[k].ival != u[k].ival : r[k].fval != u[k].fval;
    memset(r, 0, sizeof r);
    example_sendrecv(u, 1000, mpi_utype[utype], r, 1000, mpi_utype[utype]);
    for (int k = 0; k < 1000; ++k) bad_mpi |= utype == 0 ? r[k].ival != u[k].ival : r[k].fval != u[k].fval;
  }
  /* A message sent as ints cannot be received as floats: weft checks signatures. */
  weft_status s = weft_copy(u, 1000, mpi_utype[0], r, 1000, mpi_utype[1], &nbytes);
  bad_copy |= s != WEFT_SIGNATURE_MISMATCH;

  int rc = example_report("3.35", "1000 unions sent as int and as float (and int->float refused)", bad_copy, bad_mpi);
  weft_type_free(&mpi_utype[0]);
  weft_type_free(&mpi_utype[1]);
  MPI_Finalize();
  return rc;
}
