! weft_indexer_kinds — the global indexer routines of module weft_mpi, instantiated per
! integer kind from weft_indexer.inc (IK = default INTEGER | WEFT_COUNT_KIND); module
! weft_mpi merges the generics. The allocating routines are in weft_indexer_alloc.F90.

module weft_indexer_kinds_common
  ! What every instantiation uses.
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_int, c_int64_t, c_bool, c_loc, &
                                         c_f_pointer, c_associated
  use mpi_f08, only: MPI_Comm
  use weft_constants, only: WEFT_COUNT_KIND, WEFT_SUCCESS, WEFT_OVERFLOW, &
                            WEFT_DIMENSION_MISMATCH, WEFT_INSUFFICIENT_SPACE
  use weft_handles, only: weft_type
  use weft_monoids, only: weft_monoid
  use weft_errors, only: weft_check_, weft_fail_, weft_int_text_
  use weft_buffers, only: weft_buffer_address_
  use weft_mpi_c_api
  use weft_indexer_common
  implicit none
  public
end module weft_indexer_kinds_common

module weft_indexer_default
  use weft_indexer_kinds_common
  implicit none
  private
  integer, parameter :: IK = kind(0)
  include 'weft_indexer.inc'
end module weft_indexer_default

module weft_indexer_int64
  use weft_indexer_kinds_common
  implicit none
  private
  integer, parameter :: IK = WEFT_COUNT_KIND
  include 'weft_indexer.inc'
end module weft_indexer_int64
