/* EXPECT for the C MPI tests: a failed check prints the rank, file and line and the
 * message, and counts; expect_total() sums the failures over all ranks (collective). */
#ifndef WEFT_TEST_MPI_EXPECT_H
#define WEFT_TEST_MPI_EXPECT_H
#include <mpi.h>
#include <stdio.h>

static int expect_rank = -1, expect_failures = 0;
#define EXPECT(cond, ...)                                                              \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      fprintf(stderr, "rank %d: FAIL %s:%d: ", expect_rank, __FILE__, __LINE__);       \
      fprintf(stderr, __VA_ARGS__);                                                    \
      fprintf(stderr, "\n");                                                           \
      ++expect_failures;                                                               \
    }                                                                                  \
  } while (0)

static inline int expect_total(void) {
  int total = 0;
  MPI_Allreduce(&expect_failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return total;
}
#endif
