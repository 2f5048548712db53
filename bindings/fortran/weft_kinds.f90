! weft_kinds — the kind-generic routines of module weft, instantiated per integer kind.
! Each routine body is written once in an include file and compiled here for every
! kind it accepts; each module defines generic interfaces under the public names
! (weft_type_vector, ...), and module weft, which uses all of them, merges the generics
! of the same name:
!   weft_counts.inc  counts/sizes/positions   IK = default INTEGER | WEFT_COUNT_KIND
!   weft_bytes.inc   byte displacements       BK = default INTEGER | WEFT_ADDRESS_KIND
!   weft_mixed.inc   both                     (IK, BK) = (default, default),
!                                             (default, WEFT_ADDRESS_KIND),
!                                             (WEFT_COUNT_KIND, WEFT_ADDRESS_KIND)
! (WEFT_COUNT_KIND and WEFT_ADDRESS_KIND are both 8 on the 64-bit targets weft
! supports; default INTEGER is 4.)

module weft_kinds_common
  ! What every instantiation uses.
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_int, c_int64_t, c_intptr_t, &
                                         c_bool
  use weft_constants, only: WEFT_COUNT_KIND, WEFT_ADDRESS_KIND, WEFT_OVERFLOW, &
                            WEFT_DIMENSION_MISMATCH, WEFT_COMBINER_NAMED
  use weft_handles, only: weft_type
  use weft_c_api
  use weft_errors, only: weft_check_, weft_fail_, weft_int_text_
  use weft_buffers, only: weft_buffer_address_, weft_packed_buffer_
  implicit none
  public
end module weft_kinds_common

module weft_counts_default
  use weft_kinds_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
  include 'weft_counts.inc'
end module weft_counts_default

module weft_counts_int64
  use weft_kinds_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
  include 'weft_counts.inc'
end module weft_counts_int64

module weft_bytes_default
  use weft_kinds_common
  implicit none
  private
  integer, parameter :: BK = kind(0)
  include 'weft_bytes.inc'
end module weft_bytes_default

module weft_bytes_address
  use weft_kinds_common
  implicit none
  private
  integer, parameter :: BK = WEFT_ADDRESS_KIND
  include 'weft_bytes.inc'
end module weft_bytes_address

module weft_mixed_default
  use weft_kinds_common
  implicit none
  private
  integer, parameter :: IK = kind(0), BK = kind(0)
  include 'weft_mixed.inc'
end module weft_mixed_default

module weft_mixed_default_address
  use weft_kinds_common
  implicit none
  private
  integer, parameter :: IK = kind(0), BK = WEFT_ADDRESS_KIND
  include 'weft_mixed.inc'
end module weft_mixed_default_address

module weft_mixed_int64
  use weft_kinds_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND, BK = WEFT_ADDRESS_KIND
  include 'weft_mixed.inc'
end module weft_mixed_int64
