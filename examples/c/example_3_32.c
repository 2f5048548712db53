/* MPI-1.1 Example 3.32: transpose again, now sending 100 copies of one row whose extent
 * is made one REAL with an MPI_UB marker (struct {row at 0, UB at sizeofreal}). */
#include "mpi_example.h"

static int check(const float *a, const float *b) {
  int bad = 0;
  for (int j = 0; j < 100; ++j)
    for (int i = 0; i < 100; ++i)
      if (b[i + 100 * j] != a[j + 100 * i]) bad = 1;
  return bad;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  static float a[100 * 100], b[100 * 100];
  for (int n = 0; n < 10000; ++n) a[n] = (float)(3 * n);
  weft_aint lb, sizeofreal;
  CHECK(weft_type_extent(WEFT_FLOAT, &lb, &sizeofreal));
  weft_type row, row1;
  CHECK(weft_type_vector(100, 1, 100, WEFT_FLOAT, &row));
  int64_t blocklen[2] = {1, 1};
  weft_aint disp[2] = {0, sizeofreal};
  weft_type type[2] = {row, WEFT_UB};
  CHECK(weft_type_struct(2, blocklen, disp, type, &row1));  /* one row, extent of one REAL */
  CHECK(weft_type_commit(row1));
  weft_aint extent;
  CHECK(weft_type_extent(row1, &lb, &extent));

  int64_t nbytes;
  CHECK(weft_copy(a, 100, row1, b, 100 * 100, WEFT_FLOAT, &nbytes));
  int bad_copy = check(a, b) || extent != sizeofreal;
  for (int n = 0; n < 10000; ++n) b[n] = 0;
  example_sendrecv(a, 100, row1, b, 100 * 100, WEFT_FLOAT);
  int bad_mpi = check(a, b);

  int rc = example_report("3.32", "b = transpose(a) via 100 rows with UB marker (extent 4)", bad_copy, bad_mpi);
  weft_type_free(&row);
  weft_type_free(&row1);
  MPI_Finalize();
  return rc;
}
