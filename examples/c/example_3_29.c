/* MPI-1.1 Example 3.29: send and receive the section a(1:17:2, 3:11, 2:10) of a
 * Fortran REAL a(100,100,100) into e(9,9,9). Column-major indexing as in Fortran.
 * Errata fixed: the third MPI_TYPE_HVECTOR call had a spurious "1," argument. */
#include <string.h>

#include "mpi_example.h"

#define A(i, j, k) a[((i)-1) + 100 * ((j)-1) + 10000 * ((k)-1)]
#define E(i, j, k) e[((i)-1) + 9 * ((j)-1) + 81 * ((k)-1)]

static int check(const float *a, const float *e) {
  int bad = 0;
  for (int k = 1; k <= 9; ++k)
    for (int j = 1; j <= 9; ++j)
      for (int i = 1; i <= 9; ++i)  /* e(i,j,k) = a(2i-1, j+2, k+1) */
        if (E(i, j, k) != A(2 * i - 1, j + 2, k + 1)) bad = 1;
  return bad;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  float *a = malloc(sizeof(float) * 100 * 100 * 100), e[729];
  for (int n = 0; n < 1000000; ++n) a[n] = (float)n;
  weft_aint lb, sizeofreal;
  CHECK(weft_type_extent(WEFT_FLOAT, &lb, &sizeofreal));

  weft_type oneslice, twoslice, threeslice;
  CHECK(weft_type_vector(9, 1, 2, WEFT_FLOAT, &oneslice));                              /* 1-D section */
  CHECK(weft_type_hvector(9, 1, 100 * sizeofreal, oneslice, &twoslice));                /* 2-D section */
  CHECK(weft_type_hvector(9, 1, 100 * 100 * sizeofreal, twoslice, &threeslice));        /* whole section */
  CHECK(weft_type_commit(threeslice));

  int64_t nbytes;
  memset(e, 0, sizeof e);
  CHECK(weft_copy(&A(1, 3, 2), 1, threeslice, e, 9 * 9 * 9, WEFT_FLOAT, &nbytes));
  int bad_copy = check(a, e) || nbytes != 729 * 4;

  memset(e, 0, sizeof e);
  example_sendrecv(&A(1, 3, 2), 1, threeslice, e, 9 * 9 * 9, WEFT_FLOAT);
  int bad_mpi = check(a, e);

  int rc = example_report("3.29", "a(1:17:2,3:11,2:10) -> e(9,9,9), checked element by element", bad_copy, bad_mpi);
  weft_type_free(&oneslice);
  weft_type_free(&twoslice);
  weft_type_free(&threeslice);
  free(a);
  MPI_Finalize();
  return rc;
}
