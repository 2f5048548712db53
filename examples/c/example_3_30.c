/* MPI-1.1 Example 3.30: copy the strictly lower triangular part of a REAL a(100,100)
 * onto b. Errata fixed: the published code assigns block(i) but declares blocklen.
 * The last block is empty (100-100 = 0): a zero-length block the engine must accept. */
#include "mpi_example.h"

static int check(const float *a, const float *b) {
  int bad = 0;
  for (int j = 0; j < 100; ++j)
    for (int i = 0; i < 100; ++i) {
      float want = i > j ? a[i + 100 * j] : -1.0f; /* strictly lower: row > column */
      if (b[i + 100 * j] != want) bad = 1;
    }
  return bad;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  static float a[100 * 100], b[100 * 100];
  for (int n = 0; n < 10000; ++n) a[n] = (float)n + 0.5f;
  int64_t disp[100], blocklen[100];
  for (int i = 1; i <= 100; ++i) {  /* start and size of each column */
    disp[i - 1] = 100 * (i - 1) + i;
    blocklen[i - 1] = 100 - i;
  }
  weft_type ltype;
  CHECK(weft_type_indexed(100, blocklen, disp, WEFT_FLOAT, &ltype));
  CHECK(weft_type_commit(ltype));

  int64_t nbytes;
  for (int n = 0; n < 10000; ++n) b[n] = -1.0f;
  CHECK(weft_copy(a, 1, ltype, b, 1, ltype, &nbytes));
  int bad_copy = check(a, b) || nbytes != 4950 * 4;

  for (int n = 0; n < 10000; ++n) b[n] = -1.0f;
  example_sendrecv(a, 1, ltype, b, 1, ltype);
  int bad_mpi = check(a, b);

  int rc = example_report("3.30", "strict lower triangle of a(100,100) onto b, upper part untouched", bad_copy, bad_mpi);
  weft_type_free(&ltype);
  MPI_Finalize();
  return rc;
}
