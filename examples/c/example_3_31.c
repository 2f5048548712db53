/* MPI-1.1 Example 3.31: transpose a REAL a(100,100) onto b by sending it in row-major
 * order (a vector for one row, hvector of rows one REAL apart) and receiving it as
 * 10000 contiguous REALs. Column-major storage as in Fortran. */
#include "mpi_example.h"

static int check(const float *a, const float *b) {
  int bad = 0;
  for (int j = 0; j < 100; ++j)
    for (int i = 0; i < 100; ++i)
      if (b[i + 100 * j] != a[j + 100 * i]) bad = 1; /* b = transpose(a) */
  return bad;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  static float a[100 * 100], b[100 * 100];
  for (int n = 0; n < 10000; ++n) a[n] = (float)n;
  weft_aint lb, sizeofreal;
  CHECK(weft_type_extent(WEFT_FLOAT, &lb, &sizeofreal));
  weft_type row, xpose;
  CHECK(weft_type_vector(100, 1, 100, WEFT_FLOAT, &row));        /* one row */
  CHECK(weft_type_hvector(100, 1, sizeofreal, row, &xpose));     /* the matrix, row by row */
  CHECK(weft_type_commit(xpose));

  int64_t nbytes;
  CHECK(weft_copy(a, 1, xpose, b, 100 * 100, WEFT_FLOAT, &nbytes));
  int bad_copy = check(a, b);
  for (int n = 0; n < 10000; ++n) b[n] = 0;
  example_sendrecv(a, 1, xpose, b, 100 * 100, WEFT_FLOAT);
  int bad_mpi = check(a, b);

  int rc = example_report("3.31", "b = transpose(a) via hvector of row vectors", bad_copy, bad_mpi);
  weft_type_free(&row);
  weft_type_free(&xpose);
  MPI_Finalize();
  return rc;
}
