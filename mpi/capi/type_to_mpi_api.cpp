// extern "C" entry points of weft_mpi.h that convert a weft type to an MPI datatype.
#include "../../capi/guard.hpp"
#include "../type_to_mpi.hpp"
#include "weft_mpi.h"

using namespace weft;
using namespace weft::capi;

namespace {
void nonnull(const void *p, const char *what) {
  if (!p) fail(WEFT_NULL_POINTER, "%s is NULL", what);
}
}  // namespace

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
