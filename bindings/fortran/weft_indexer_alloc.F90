! weft_indexer_alloc -- the global indexer routines of module weft_mpi that return
! allocatable arrays (weft_indexer_put_alloc, weft_indexer_take_v_alloc,
! weft_indexer_put_v), instantiated from weft_indexer_alloc.inc for every pair of
!   IK      default INTEGER | WEFT_COUNT_KIND                       (counts)
!   WEFT_ET INTEGER(int8/int16/int32/int64), REAL(real32/real64),
!           COMPLEX(real32/real64), LOGICAL, LOGICAL(c_bool)         (values)
! The values come back as a rank-1 array of WEFT_ET holding the bytes of the units one
! after the other (a unit of 3 REALs gives 3 elements per unit); derived types: see
! weft_mpi.f90. Module weft_mpi merges the generics.
! (This file goes through the C preprocessor, for WEFT_ET: no apostrophes in comments.)

module weft_indexer_alloc_common
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_int, c_int64_t, c_bool, c_loc, &
                                         c_f_pointer, c_associated
  use, intrinsic :: iso_fortran_env, only: int8, int16, int32, int64, real32, real64
  use weft_constants, only: WEFT_COUNT_KIND, WEFT_SUCCESS, WEFT_OVERFLOW, WEFT_INVALID_VALUE, &
                            WEFT_DIMENSION_MISMATCH
  use weft_handles, only: weft_type
  use weft_monoids, only: weft_monoid
  use weft_c_api, only: c_weft_free
  use weft_errors, only: weft_fail_, weft_int_text_
  use weft_buffers, only: weft_buffer_address_
  use weft_mpi_c_api
  use weft_indexer_common
  implicit none
  public
end module weft_indexer_alloc_common

#define WEFT_ET integer(int8)
module weft_indexer_alloc_d_i1
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_i1
#undef WEFT_ET

#define WEFT_ET integer(int16)
module weft_indexer_alloc_d_i2
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_i2
#undef WEFT_ET

#define WEFT_ET integer(int32)
module weft_indexer_alloc_d_i4
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_i4
#undef WEFT_ET

#define WEFT_ET integer(int64)
module weft_indexer_alloc_d_i8
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_i8
#undef WEFT_ET

#define WEFT_ET real(real32)
module weft_indexer_alloc_d_r4
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_r4
#undef WEFT_ET

#define WEFT_ET real(real64)
module weft_indexer_alloc_d_r8
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_r8
#undef WEFT_ET

#define WEFT_ET complex(real32)
module weft_indexer_alloc_d_c4
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_c4
#undef WEFT_ET

#define WEFT_ET complex(real64)
module weft_indexer_alloc_d_c8
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_c8
#undef WEFT_ET

#define WEFT_ET logical
module weft_indexer_alloc_d_l4
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_l4
#undef WEFT_ET

#define WEFT_ET logical(c_bool)
module weft_indexer_alloc_d_lb
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_d_lb
#undef WEFT_ET

#define WEFT_ET integer(int8)
module weft_indexer_alloc_8_i1
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_i1
#undef WEFT_ET

#define WEFT_ET integer(int16)
module weft_indexer_alloc_8_i2
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_i2
#undef WEFT_ET

#define WEFT_ET integer(int32)
module weft_indexer_alloc_8_i4
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_i4
#undef WEFT_ET

#define WEFT_ET integer(int64)
module weft_indexer_alloc_8_i8
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_i8
#undef WEFT_ET

#define WEFT_ET real(real32)
module weft_indexer_alloc_8_r4
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_r4
#undef WEFT_ET

#define WEFT_ET real(real64)
module weft_indexer_alloc_8_r8
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_r8
#undef WEFT_ET

#define WEFT_ET complex(real32)
module weft_indexer_alloc_8_c4
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_c4
#undef WEFT_ET

#define WEFT_ET complex(real64)
module weft_indexer_alloc_8_c8
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_c8
#undef WEFT_ET

#define WEFT_ET logical
module weft_indexer_alloc_8_l4
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_l4
#undef WEFT_ET

#define WEFT_ET logical(c_bool)
module weft_indexer_alloc_8_lb
  use weft_indexer_alloc_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
#include "weft_indexer_alloc.inc"
end module weft_indexer_alloc_8_lb
#undef WEFT_ET
