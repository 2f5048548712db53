/*
 * weft_mpi.h — the parts of weft that talk to MPI (Open MPI). Link with weft::weft_mpi
 * (libweft_mpi.so), which depends on libweft and on the MPI library.
 *
 * The same conventions as weft.h hold: every function returns a weft_status, failures
 * leave outputs untouched and set weft_last_error().
 */
#ifndef WEFT_MPI_H
#define WEFT_MPI_H

#include <mpi.h>

#include "weft.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Builds a committed MPI datatype with exactly the typemap of `type`: the same basic
 * entries at the same displacements in the same order, and the same lb and extent
 * (weft's MPI-1 markers and epsilon are reproduced with MPI_Type_create_resized
 * wherever the MPI's own bounds would differ). The caller owns *out and releases it with
 * MPI_Type_free. `type` need not be committed. MPI must be initialised.
 * Fails with WEFT_INVALID_HANDLE, WEFT_NULL_POINTER, WEFT_OVERFLOW (a count or
 * dimension above INT_MAX, which MPI-3 constructors cannot take) or WEFT_MPI_ERROR
 * (an MPI call failed; the message names it). */
WEFT_API weft_status weft_type_to_mpi(weft_type type, MPI_Datatype *out);

/* As weft_type_to_mpi, returning the Fortran handle (MPI_Type_c2f), for Fortran and
 * for languages that hold MPI handles as integers. Free it with MPI_TYPE_FREE (or
 * MPI_Type_free(MPI_Type_f2c(h))). */
WEFT_API weft_status weft_type_to_mpi_f(weft_type type, MPI_Fint *out);

#ifdef __cplusplus
}
#endif
#endif /* WEFT_MPI_H */
