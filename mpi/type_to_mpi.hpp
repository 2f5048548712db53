// Building the MPI datatype equivalent to a weft type. Written against weft's public
// C API (envelope/contents), so it can live in libweft_mpi without reaching into
// libweft's internals, and libweft itself never depends on an MPI library.
#pragma once
#include <mpi.h>

#include "weft.h"

namespace weft::mpi {

// A committed MPI datatype with t's typemap, lb and extent. Throws weft::Error.
MPI_Datatype type_to_mpi(weft_type t);

}  // namespace weft::mpi
