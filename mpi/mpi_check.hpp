// mpi_check: an MPI call's error code -> weft::Error(WEFT_MPI_ERROR) naming the call and
// MPI's message. Every MPI call libweft_mpi makes goes through it (its communicators
// return errors instead of aborting).
#pragma once
#include <mpi.h>

#include "../core/support/error.hpp"

namespace weft {

inline void mpi_check(int rc, const char *what) {
  if (rc == MPI_SUCCESS) return;
  char msg[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, msg, &len);
  fail(WEFT_MPI_ERROR, "%s failed: %s", what, msg);
}

}  // namespace weft
