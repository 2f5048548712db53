/* An outside MPI program: weft_mpi.h found through the installed CMake package
 * (COMPONENTS MPI) or pkg-config (weft_mpi). Runs as an MPI singleton: converts a vector
 * type to MPI and checks MPI's size and extent, then a one-rank indexer take. */
#include <mpi.h>
#include <stdio.h>

#include "weft_mpi.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int ok = 1;
  weft_type v;
  MPI_Datatype m;
  ok &= weft_type_vector(3, 1, 2, WEFT_DOUBLE, &v) == WEFT_SUCCESS;
  ok &= weft_type_to_mpi(v, &m) == WEFT_SUCCESS;
  int size = 0;
  MPI_Aint lb = 0, extent = 0;
  if (ok) {
    MPI_Type_size(m, &size);
    MPI_Type_get_extent(m, &lb, &extent);
    MPI_Type_free(&m);
  }
  ok &= size == 24 && extent == 40;
  weft_type_free(&v);

  const int64_t distrib[2] = {0, 3}, idx[2] = {2, 0};
  double dist[3] = {1.5, 2.5, 3.5}, got[2] = {0, 0};
  weft_indexer gi;
  ok &= weft_indexer_new(distrib, 2, idx, MPI_COMM_WORLD, &gi) == WEFT_SUCCESS;
  ok &= ok && weft_indexer_take(gi, dist, 1, WEFT_DOUBLE, (void *[]){got}) == WEFT_SUCCESS;
  ok &= got[0] == 3.5 && got[1] == 1.5;
  if (ok) weft_indexer_free(&gi);
  printf("mpi_consumer: type_to_mpi size %d extent %ld, take %.1f %.1f: %s\n", size, (long)extent, got[0], got[1],
         ok ? "ok" : weft_last_error());
  MPI_Finalize();
  return ok ? 0 : 1;
}
