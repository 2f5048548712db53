/*
 * weft_fortran_descriptor.c — what the Fortran binding reads from array descriptors
 * (ISO_Fortran_binding.h, the C view of an assumed-rank `type(*), dimension(..)`
 * argument): buffer addresses and sizes, weft_type_from_section, which turns an
 * array section into the weft type describing exactly its elements, and the value
 * buffers of the semiring binding (their GraphBLAS domain from the type code).
 */
#include <stdio.h>
#include <string.h>

#include "weft_fortran_internal.h"

void weft_fortran_buffer_info(const CFI_cdesc_t *d, void **address, int64_t *nbytes,
                              int *contiguous) {
  *address = d->base_addr;
  int64_t n = (int64_t)d->elem_len;
  int known = 1;
  for (int r = 0; r < d->rank; r++) {
    if (d->dim[r].extent < 0) known = 0; /* assumed-size: last extent is -1 */
    else n *= (int64_t)d->dim[r].extent;
  }
  *nbytes = known ? n : -1;
  *contiguous = d->rank == 0 ? 1 : CFI_is_contiguous(d);
}

static weft_status binding_error(weft_status status, const char *msg) {
  weft_fortran_error_set(msg, (int64_t)strlen(msg));
  return status;
}

/* A status from a weft C call: its message (weft_last_error) becomes the current one. */
static weft_status c_status(weft_status status) {
  if (status < 0) weft_fortran_error_clear();
  return status;
}

/* The predefined weft type for a Fortran intrinsic type and kind (NULL if none).
 * Integers of kind 1, 2, 8 map to the sized C integers: weft has one Fortran INTEGER
 * (default kind, 4 bytes). */
static weft_type element_type_of(CFI_type_t code) {
  int base = code & CFI_type_mask;
  int kind = code >> CFI_type_kind_shift;
  if (code < 0) return NULL;
  switch (base) {
  case CFI_type_Integer:
    if (kind == 1) return WEFT_INT8;
    if (kind == 2) return WEFT_INT16;
    if (kind == 4) return WEFT_INTEGER;
    if (kind == 8) return WEFT_INT64;
    return NULL;
  case CFI_type_Logical:
    if (kind == 1) return WEFT_BOOL;
    if (kind == 4) return WEFT_LOGICAL;
    return NULL;
  case CFI_type_Real:
    if (kind == 4) return WEFT_REAL;
    if (kind == 8) return WEFT_DOUBLE_PRECISION;
    return NULL; /* REAL(10) and REAL(16) both arrive as 16-byte reals: ambiguous */
  case CFI_type_Complex:
    if (kind == 4) return WEFT_COMPLEX;
    if (kind == 8) return WEFT_DOUBLE_COMPLEX;
    return NULL;
  case CFI_type_Character:
    if (kind == 1) return WEFT_CHARACTER; /* one character; LEN > 1 is a contiguous run */
    return NULL;
  default:
    return NULL;
  }
}

weft_status weft_fortran_type_from_section(const CFI_cdesc_t *d, weft_type base,
                                           weft_type *newtype) {
  char msg[256];
  weft_status st;
  weft_type elem = base, owned_elem = NULL;

  for (int r = 0; r < d->rank; r++) {
    if (d->dim[r].extent < 0)
      return binding_error(WEFT_INVALID_VALUE,
                           "weft_type_from_section: the section is an assumed-size array "
                           "(its extent is unknown)");
  }
  if (elem == NULL) {
    elem = element_type_of(d->type);
    if (elem == NULL) {
      snprintf(msg, sizeof msg,
               "weft_type_from_section: no predefined weft type for this element type "
               "(CFI type code %d, %zu bytes): pass basetype",
               (int)d->type, (size_t)d->elem_len);
      return binding_error(WEFT_INVALID_VALUE, msg);
    }
    int64_t size = 0;
    st = weft_type_size(elem, &size);
    if (st != WEFT_SUCCESS) return c_status(st);
    if ((d->type & CFI_type_mask) == CFI_type_Character && d->elem_len != 1) {
      st = weft_type_contiguous((int64_t)d->elem_len, elem, &owned_elem);
      if (st != WEFT_SUCCESS) return c_status(st);
      elem = owned_elem;
    } else if ((size_t)size != d->elem_len) {
      snprintf(msg, sizeof msg,
               "weft_type_from_section: element length %zu differs from the %lld bytes "
               "of the matching weft type: pass basetype",
               (size_t)d->elem_len, (long long)size);
      return binding_error(WEFT_INVALID_VALUE, msg);
    }
  }

  /* Dimension 1 varies fastest (array element order): nest hvectors from the first
   * dimension outwards, each with the byte stride (sm) of its dimension. */
  weft_type t = NULL;
  if (d->rank == 0) {
    st = weft_type_contiguous(1, elem, &t);
  } else {
    weft_type inner = elem;
    st = WEFT_SUCCESS;
    for (int r = 0; r < d->rank && st == WEFT_SUCCESS; r++) {
      weft_type outer = NULL;
      st = weft_type_hvector((int64_t)d->dim[r].extent, 1, (weft_aint)d->dim[r].sm, inner,
                             &outer);
      if (inner != elem) weft_type_free(&inner); /* outer keeps it alive */
      inner = outer;
    }
    if (st == WEFT_SUCCESS) t = inner;
  }
  if (owned_elem != NULL) weft_type_free(&owned_elem);
  if (st == WEFT_SUCCESS) *newtype = t;
  return c_status(st);
}

/* The GraphBLAS domain of a Fortran intrinsic type and kind, for values passed to
 * weft/sparse.h without a named type. Unlike element_type_of (datatypes: LOGICAL is
 * WEFT_LOGICAL, a 4-byte type of its own), every LOGICAL kind is BOOL here: the binding
 * converts the kinds that are not one byte, so a default LOGICAL means true/false to the
 * engine, not a user-defined 4-byte domain. */
static weft_type value_type_of(CFI_type_t code) {
  int base = code & CFI_type_mask;
  int kind = code >> CFI_type_kind_shift;
  if (code < 0) return NULL;
  switch (base) {
  case CFI_type_Integer:
    if (kind == 1) return WEFT_INT8;
    if (kind == 2) return WEFT_INT16;
    if (kind == 4) return WEFT_INT32;
    if (kind == 8) return WEFT_INT64;
    return NULL;
  case CFI_type_Logical:
    return kind == 1 || kind == 2 || kind == 4 || kind == 8 ? WEFT_BOOL : NULL;
  case CFI_type_Real:
    if (kind == 4) return WEFT_FP32;
    if (kind == 8) return WEFT_FP64;
    return NULL;
  case CFI_type_Complex:
    if (kind == 4) return WEFT_FC32;
    if (kind == 8) return WEFT_FC64;
    return NULL;
  default:
    return NULL;
  }
}

void weft_fortran_value_info(const CFI_cdesc_t *d, weft_fortran_value *info) {
  int64_t nbytes = 0;
  int contiguous = 0;
  weft_fortran_buffer_info(d, &info->address, &nbytes, &contiguous);
  info->count = 1;
  for (int r = 0; r < d->rank; r++) {
    if (d->dim[r].extent < 0) { info->count = -1; break; } /* assumed-size */
    info->count *= (int64_t)d->dim[r].extent;
  }
  info->elem_len = (int64_t)d->elem_len;
  info->contiguous = contiguous;
  info->type = value_type_of(d->type);
  info->logical_len = 0;
  if ((d->type & CFI_type_mask) == CFI_type_Logical && info->type != NULL && d->elem_len > 1)
    info->logical_len = (int)d->elem_len;
  info->c_pointer = d->type == CFI_type_cptr || d->type == CFI_type_cfunptr;
}
