/* example_check.h — what every C example shares: CHECK, which ends the example on a
 * failing weft call, printing the call, its status and weft's message. */
#ifndef WEFT_EXAMPLE_CHECK_H
#define WEFT_EXAMPLE_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "weft.h"

#define CHECK(call)                                                                           \
  do {                                                                                        \
    weft_status s_ = (call);                                                                  \
    if (s_ < 0) {                                                                             \
      fprintf(stderr, "%s failed: %s (%s)\n", #call, weft_status_name(s_), weft_last_error()); \
      exit(1);                                                                                \
    }                                                                                         \
  } while (0)

#endif
