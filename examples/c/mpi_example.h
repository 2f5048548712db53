/* What every MPI-1.1 §3.12.7 example program shares: status checks, the exchange
 * through real MPI with weft-built types, and the one-line report.
 *
 * Each example moves its data twice: once with weft_copy, once with MPI_Sendrecv using
 * the types converted by weft_type_to_mpi. With one rank the message goes to self; with
 * two ranks every rank exchanges with the other (rank r sends to and receives from r^1),
 * and since both hold the same data, both check the same expected result. */
#ifndef WEFT_MPI_EXAMPLE_H
#define WEFT_MPI_EXAMPLE_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "weft_mpi.h"

#define CHECK(call)                                                                         \
  do {                                                                                      \
    weft_status s_ = (call);                                                                \
    if (s_ != WEFT_SUCCESS) {                                                               \
      fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #call,             \
              weft_status_name(s_), weft_last_error());                                     \
      MPI_Abort(MPI_COMM_WORLD, 1);                                                         \
    }                                                                                       \
  } while (0)

static inline int example_partner(void) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > 2) {
    if (rank == 0) fprintf(stderr, "run with 1 or 2 ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return size == 1 ? 0 : rank ^ 1;
}

/* MPI_Sendrecv of scount stype from sbuf into rcount rtype at rbuf, both converted from
 * weft types. */
static inline void example_sendrecv(const void *sbuf, int scount, weft_type stype, void *rbuf, int rcount,
                                    weft_type rtype) {
  MPI_Datatype ms, mr;
  CHECK(weft_type_to_mpi(stype, &ms));
  CHECK(weft_type_to_mpi(rtype, &mr));
  int partner = example_partner();
  MPI_Sendrecv(sbuf, scount, ms, partner, 0, rbuf, rcount, mr, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Type_free(&ms);
  MPI_Type_free(&mr);
}

/* Agrees on success across ranks, prints one line from rank 0, returns the exit code. */
static inline int example_report(const char *name, const char *what, int bad_copy, int bad_mpi) {
  int rank, size, bad = bad_copy || bad_mpi, any_bad;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%s (%d rank%s): %s -- weft_copy %s, MPI_Sendrecv %s\n", name, size, size == 1 ? "" : "s", what,
           bad_copy ? "MISMATCH" : "matches", bad_mpi ? "MISMATCH" : "matches");
  return any_bad ? 1 : 0;
}

#endif
