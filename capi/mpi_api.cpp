// extern "C" entry points of weft_mpi.h.
#include "weft_mpi.h"

#include "../core/mpi/type_to_mpi.hpp"
#include "boundary.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_type_to_mpi(weft_type type, MPI_Datatype *out) {
  return guard(__func__, [&] {
    nonnull(out, "out");
    *out = mpi::type_to_mpi(type);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_type_to_mpi_f(weft_type type, MPI_Fint *out) {
  return guard(__func__, [&] {
    nonnull(out, "out");
    *out = MPI_Type_c2f(mpi::type_to_mpi(type));
    return WEFT_SUCCESS;
  });
}
