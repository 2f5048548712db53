/*
 * weft_fortran_error.c — messages for the errors the Fortran binding detects itself
 * (an array shorter than its count, a buffer smaller than its stated size, a 64-bit
 * result that does not fit a default INTEGER, an element type without a weft type).
 * Thread-local, like weft_last_error().
 */
#include <string.h>

#include "weft_fortran_internal.h"

static _Thread_local char binding_message[512];
static _Thread_local int binding_message_current;

void weft_fortran_error_set(const char *msg, int64_t len) {
  if (len < 0) len = 0;
  if (len > (int64_t)sizeof binding_message - 1) len = (int64_t)sizeof binding_message - 1;
  memcpy(binding_message, msg, (size_t)len);
  binding_message[len] = '\0';
  binding_message_current = 1;
}

void weft_fortran_error_clear(void) { binding_message_current = 0; }

const char *weft_fortran_last_error(void) {
  return binding_message_current ? binding_message : weft_last_error();
}
