/*
 * weft_fortran_internal.h — the C helpers of the Fortran binding (libweft_fortran).
 * They are called only from the Fortran modules (bind(C) interfaces in weft_c_api.f90);
 * they are not part of weft's C API.
 */
#ifndef WEFT_FORTRAN_INTERNAL_H
#define WEFT_FORTRAN_INTERNAL_H

#include <ISO_Fortran_binding.h>

#include "weft.h"

/* ---- weft_fortran_error.c: errors detected by the binding itself ------------------ */

/* Records `msg` (len bytes, not NUL-terminated: a Fortran string) as this thread's last
 * error. weft_fortran_last_error() returns it until the next failing weft call made
 * through the binding (weft_fortran_error_clear). */
void weft_fortran_error_set(const char *msg, int64_t len);
/* Called by the binding after every failing C call: the C message becomes current. */
void weft_fortran_error_clear(void);
/* The binding's message if the binding itself rejected the most recent failing call,
 * otherwise weft_last_error(). */
const char *weft_fortran_last_error(void);

/* ---- weft_fortran_descriptor.c: Fortran array descriptors ------------------------- */

/* The address of the first element of the object `d` describes (a scalar, a whole array
 * or an array section; for a section with negative strides that is its first element in
 * array element order, not its lowest address), the number of bytes it spans when it is
 * contiguous (-1 when the size is unknown: an assumed-size array), and whether it is
 * contiguous. */
void weft_fortran_buffer_info(const CFI_cdesc_t *d, void **address, int64_t *nbytes,
                              int *contiguous);

/* The weft type of exactly the elements `d` describes, in array element order,
 * displacements relative to the first element (d->base_addr). `base` (NULL when
 * absent) is the layout of one element; without it, the element type comes from the
 * descriptor's type code. Returns a weft status; *newtype is set only on success. */
weft_status weft_fortran_type_from_section(const CFI_cdesc_t *d, weft_type base,
                                           weft_type *newtype);

/* A value buffer of the semiring binding (a `type(*), dimension(..)` argument holding
 * elements for weft/sparse.h): where it is, how big, and the predefined domain of its
 * Fortran type and kind. Filled by weft_fortran_value_info; mirrored by a bind(C) type
 * in weft_c_api.f90 (keep the two in the same order). */
typedef struct {
  void *address;   /* the first element in array element order */
  int64_t count;   /* elements (the product of the extents); -1: assumed-size */
  int64_t elem_len; /* bytes per Fortran element */
  weft_type type;  /* INTEGER(1/2/4/8) -> WEFT_INT8..INT64, REAL(4/8) -> FP32/FP64,
                      COMPLEX(4/8) -> FC32/FC64, LOGICAL(any kind) -> BOOL; else NULL */
  int contiguous;
  int logical_len; /* > 1: a LOGICAL of this many bytes (not C_BOOL), which the binding
                      converts to and from C_BOOL: weft's BOOL is one byte */
  int c_pointer;   /* a TYPE(C_PTR) or TYPE(C_FUNPTR): rejected (gfortran 12 passes the
                      pointer's target, not the pointer, through Fortran type(*) dummies,
                      so neither reading can be relied on) */
} weft_fortran_value;

void weft_fortran_value_info(const CFI_cdesc_t *d, weft_fortran_value *info);

#endif
