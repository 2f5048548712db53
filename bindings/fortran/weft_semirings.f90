! weft_semirings — semirings (weft/algebra.h "Semirings"): an additive monoid
! (commutative) and a multiplicative binary operator whose output domain is the monoid's
! domain; what the semiring engine's mxm, mxv and vxm compute with. Use them through
! module weft.
!
!   type(weft_semiring) :: s
!   call weft_semiring_new(WEFT_MIN_MONOID_FP64, WEFT_PLUS_FP64, s)   ! = WEFT_MIN_PLUS_SEMIRING_FP64
!   ...
!   call weft_semiring_free(s)
!
! The predefined semirings WEFT_<ADD>_<MULT>_SEMIRING_<TYPE> are the C library's handles
! themselves (PROTECTED, never freed): GraphBLAS's PLUS_TIMES, MIN_PLUS, MAX_PLUS,
! MIN_TIMES, MIN_MAX, MAX_MIN, MAX_TIMES, PLUS_MIN, MIN_FIRST, MIN_SECOND, MAX_FIRST,
! MAX_SECOND on the ten numeric types and LOR_LAND, LAND_LOR, LXOR_LAND, LXNOR_LOR on
! BOOL; PLUS_PAIR, PLUS_FIRST, PLUS_SECOND on the numeric types, ANY_PAIR, ANY_FIRST,
! ANY_SECOND on all eleven and LOR_PAIR on BOOL (SuiteSparse's GxB_ ones).
! ierror as everywhere in module weft; a failed call changes no output argument.
module weft_semirings
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated
  use weft_operators, only: weft_binary_op
  use weft_monoids, only: weft_monoid
  use weft_c_api, only: c_weft_semiring_new, c_weft_semiring_free, c_weft_semiring_add, &
                        c_weft_semiring_multiply
  use weft_errors, only: weft_check_
  implicit none
  private

  ! A weft semiring handle: the C weft_semiring (an opaque pointer); no default
  ! initialisation, as type(weft_monoid).
  type, bind(C), public :: weft_semiring
    type(c_ptr) :: ptr
  end type weft_semiring

  ! The null handle (what weft_semiring_free leaves behind).
  type(weft_semiring), parameter, public :: WEFT_SEMIRING_NULL = weft_semiring(c_null_ptr)

  ! The predefined semirings: the exported C globals of libweft, bound by name (see
  ! weft_handles), in the order of weft/algebra.h's WEFT_PREDEFINED_SEMIRINGS.
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_INT8")   , public, protected :: WEFT_PLUS_TIMES_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_INT16")  , public, protected :: WEFT_PLUS_TIMES_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_INT32")  , public, protected :: WEFT_PLUS_TIMES_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_INT64")  , public, protected :: WEFT_PLUS_TIMES_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_UINT8")  , public, protected :: WEFT_PLUS_TIMES_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_UINT16") , public, protected :: WEFT_PLUS_TIMES_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_UINT32") , public, protected :: WEFT_PLUS_TIMES_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_UINT64") , public, protected :: WEFT_PLUS_TIMES_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_FP32")   , public, protected :: WEFT_PLUS_TIMES_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_PLUS_TIMES_SEMIRING_FP64")   , public, protected :: WEFT_PLUS_TIMES_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_INT8")     , public, protected :: WEFT_MIN_PLUS_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_INT16")    , public, protected :: WEFT_MIN_PLUS_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_INT32")    , public, protected :: WEFT_MIN_PLUS_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_INT64")    , public, protected :: WEFT_MIN_PLUS_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_UINT8")    , public, protected :: WEFT_MIN_PLUS_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_UINT16")   , public, protected :: WEFT_MIN_PLUS_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_UINT32")   , public, protected :: WEFT_MIN_PLUS_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_UINT64")   , public, protected :: WEFT_MIN_PLUS_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_FP32")     , public, protected :: WEFT_MIN_PLUS_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MIN_PLUS_SEMIRING_FP64")     , public, protected :: WEFT_MIN_PLUS_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_INT8")     , public, protected :: WEFT_MAX_PLUS_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_INT16")    , public, protected :: WEFT_MAX_PLUS_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_INT32")    , public, protected :: WEFT_MAX_PLUS_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_INT64")    , public, protected :: WEFT_MAX_PLUS_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_UINT8")    , public, protected :: WEFT_MAX_PLUS_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_UINT16")   , public, protected :: WEFT_MAX_PLUS_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_UINT32")   , public, protected :: WEFT_MAX_PLUS_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_UINT64")   , public, protected :: WEFT_MAX_PLUS_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_FP32")     , public, protected :: WEFT_MAX_PLUS_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MAX_PLUS_SEMIRING_FP64")     , public, protected :: WEFT_MAX_PLUS_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_INT8")    , public, protected :: WEFT_MIN_TIMES_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_INT16")   , public, protected :: WEFT_MIN_TIMES_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_INT32")   , public, protected :: WEFT_MIN_TIMES_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_INT64")   , public, protected :: WEFT_MIN_TIMES_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_UINT8")   , public, protected :: WEFT_MIN_TIMES_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_UINT16")  , public, protected :: WEFT_MIN_TIMES_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_UINT32")  , public, protected :: WEFT_MIN_TIMES_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_UINT64")  , public, protected :: WEFT_MIN_TIMES_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_FP32")    , public, protected :: WEFT_MIN_TIMES_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MIN_TIMES_SEMIRING_FP64")    , public, protected :: WEFT_MIN_TIMES_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_INT8")      , public, protected :: WEFT_MIN_MAX_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_INT16")     , public, protected :: WEFT_MIN_MAX_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_INT32")     , public, protected :: WEFT_MIN_MAX_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_INT64")     , public, protected :: WEFT_MIN_MAX_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_UINT8")     , public, protected :: WEFT_MIN_MAX_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_UINT16")    , public, protected :: WEFT_MIN_MAX_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_UINT32")    , public, protected :: WEFT_MIN_MAX_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_UINT64")    , public, protected :: WEFT_MIN_MAX_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_FP32")      , public, protected :: WEFT_MIN_MAX_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MIN_MAX_SEMIRING_FP64")      , public, protected :: WEFT_MIN_MAX_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_INT8")      , public, protected :: WEFT_MAX_MIN_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_INT16")     , public, protected :: WEFT_MAX_MIN_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_INT32")     , public, protected :: WEFT_MAX_MIN_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_INT64")     , public, protected :: WEFT_MAX_MIN_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_UINT8")     , public, protected :: WEFT_MAX_MIN_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_UINT16")    , public, protected :: WEFT_MAX_MIN_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_UINT32")    , public, protected :: WEFT_MAX_MIN_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_UINT64")    , public, protected :: WEFT_MAX_MIN_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_FP32")      , public, protected :: WEFT_MAX_MIN_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MAX_MIN_SEMIRING_FP64")      , public, protected :: WEFT_MAX_MIN_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_INT8")    , public, protected :: WEFT_MAX_TIMES_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_INT16")   , public, protected :: WEFT_MAX_TIMES_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_INT32")   , public, protected :: WEFT_MAX_TIMES_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_INT64")   , public, protected :: WEFT_MAX_TIMES_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_UINT8")   , public, protected :: WEFT_MAX_TIMES_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_UINT16")  , public, protected :: WEFT_MAX_TIMES_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_UINT32")  , public, protected :: WEFT_MAX_TIMES_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_UINT64")  , public, protected :: WEFT_MAX_TIMES_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_FP32")    , public, protected :: WEFT_MAX_TIMES_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MAX_TIMES_SEMIRING_FP64")    , public, protected :: WEFT_MAX_TIMES_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_INT8")     , public, protected :: WEFT_PLUS_MIN_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_INT16")    , public, protected :: WEFT_PLUS_MIN_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_INT32")    , public, protected :: WEFT_PLUS_MIN_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_INT64")    , public, protected :: WEFT_PLUS_MIN_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_UINT8")    , public, protected :: WEFT_PLUS_MIN_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_UINT16")   , public, protected :: WEFT_PLUS_MIN_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_UINT32")   , public, protected :: WEFT_PLUS_MIN_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_UINT64")   , public, protected :: WEFT_PLUS_MIN_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_FP32")     , public, protected :: WEFT_PLUS_MIN_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_PLUS_MIN_SEMIRING_FP64")     , public, protected :: WEFT_PLUS_MIN_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_INT8")    , public, protected :: WEFT_MIN_FIRST_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_INT16")   , public, protected :: WEFT_MIN_FIRST_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_INT32")   , public, protected :: WEFT_MIN_FIRST_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_INT64")   , public, protected :: WEFT_MIN_FIRST_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_UINT8")   , public, protected :: WEFT_MIN_FIRST_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_UINT16")  , public, protected :: WEFT_MIN_FIRST_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_UINT32")  , public, protected :: WEFT_MIN_FIRST_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_UINT64")  , public, protected :: WEFT_MIN_FIRST_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_FP32")    , public, protected :: WEFT_MIN_FIRST_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MIN_FIRST_SEMIRING_FP64")    , public, protected :: WEFT_MIN_FIRST_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_INT8")   , public, protected :: WEFT_MIN_SECOND_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_INT16")  , public, protected :: WEFT_MIN_SECOND_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_INT32")  , public, protected :: WEFT_MIN_SECOND_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_INT64")  , public, protected :: WEFT_MIN_SECOND_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_UINT8")  , public, protected :: WEFT_MIN_SECOND_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_UINT16") , public, protected :: WEFT_MIN_SECOND_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_UINT32") , public, protected :: WEFT_MIN_SECOND_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_UINT64") , public, protected :: WEFT_MIN_SECOND_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_FP32")   , public, protected :: WEFT_MIN_SECOND_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MIN_SECOND_SEMIRING_FP64")   , public, protected :: WEFT_MIN_SECOND_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_INT8")    , public, protected :: WEFT_MAX_FIRST_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_INT16")   , public, protected :: WEFT_MAX_FIRST_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_INT32")   , public, protected :: WEFT_MAX_FIRST_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_INT64")   , public, protected :: WEFT_MAX_FIRST_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_UINT8")   , public, protected :: WEFT_MAX_FIRST_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_UINT16")  , public, protected :: WEFT_MAX_FIRST_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_UINT32")  , public, protected :: WEFT_MAX_FIRST_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_UINT64")  , public, protected :: WEFT_MAX_FIRST_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_FP32")    , public, protected :: WEFT_MAX_FIRST_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MAX_FIRST_SEMIRING_FP64")    , public, protected :: WEFT_MAX_FIRST_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_INT8")   , public, protected :: WEFT_MAX_SECOND_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_INT16")  , public, protected :: WEFT_MAX_SECOND_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_INT32")  , public, protected :: WEFT_MAX_SECOND_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_INT64")  , public, protected :: WEFT_MAX_SECOND_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_UINT8")  , public, protected :: WEFT_MAX_SECOND_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_UINT16") , public, protected :: WEFT_MAX_SECOND_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_UINT32") , public, protected :: WEFT_MAX_SECOND_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_UINT64") , public, protected :: WEFT_MAX_SECOND_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_FP32")   , public, protected :: WEFT_MAX_SECOND_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_MAX_SECOND_SEMIRING_FP64")   , public, protected :: WEFT_MAX_SECOND_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_LOR_LAND_SEMIRING_BOOL")     , public, protected :: WEFT_LOR_LAND_SEMIRING_BOOL
  type(weft_semiring), bind(C, name="WEFT_LAND_LOR_SEMIRING_BOOL")     , public, protected :: WEFT_LAND_LOR_SEMIRING_BOOL
  type(weft_semiring), bind(C, name="WEFT_LXOR_LAND_SEMIRING_BOOL")    , public, protected :: WEFT_LXOR_LAND_SEMIRING_BOOL
  type(weft_semiring), bind(C, name="WEFT_LXNOR_LOR_SEMIRING_BOOL")    , public, protected :: WEFT_LXNOR_LOR_SEMIRING_BOOL
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_BOOL")     , public, protected :: WEFT_ANY_PAIR_SEMIRING_BOOL
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_INT8")     , public, protected :: WEFT_ANY_PAIR_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_INT16")    , public, protected :: WEFT_ANY_PAIR_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_INT32")    , public, protected :: WEFT_ANY_PAIR_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_INT64")    , public, protected :: WEFT_ANY_PAIR_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_UINT8")    , public, protected :: WEFT_ANY_PAIR_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_UINT16")   , public, protected :: WEFT_ANY_PAIR_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_UINT32")   , public, protected :: WEFT_ANY_PAIR_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_UINT64")   , public, protected :: WEFT_ANY_PAIR_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_FP32")     , public, protected :: WEFT_ANY_PAIR_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_ANY_PAIR_SEMIRING_FP64")     , public, protected :: WEFT_ANY_PAIR_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_INT8")    , public, protected :: WEFT_PLUS_PAIR_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_INT16")   , public, protected :: WEFT_PLUS_PAIR_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_INT32")   , public, protected :: WEFT_PLUS_PAIR_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_INT64")   , public, protected :: WEFT_PLUS_PAIR_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_UINT8")   , public, protected :: WEFT_PLUS_PAIR_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_UINT16")  , public, protected :: WEFT_PLUS_PAIR_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_UINT32")  , public, protected :: WEFT_PLUS_PAIR_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_UINT64")  , public, protected :: WEFT_PLUS_PAIR_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_FP32")    , public, protected :: WEFT_PLUS_PAIR_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_PLUS_PAIR_SEMIRING_FP64")    , public, protected :: WEFT_PLUS_PAIR_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_BOOL")    , public, protected :: WEFT_ANY_FIRST_SEMIRING_BOOL
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_INT8")    , public, protected :: WEFT_ANY_FIRST_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_INT16")   , public, protected :: WEFT_ANY_FIRST_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_INT32")   , public, protected :: WEFT_ANY_FIRST_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_INT64")   , public, protected :: WEFT_ANY_FIRST_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_UINT8")   , public, protected :: WEFT_ANY_FIRST_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_UINT16")  , public, protected :: WEFT_ANY_FIRST_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_UINT32")  , public, protected :: WEFT_ANY_FIRST_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_UINT64")  , public, protected :: WEFT_ANY_FIRST_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_FP32")    , public, protected :: WEFT_ANY_FIRST_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_ANY_FIRST_SEMIRING_FP64")    , public, protected :: WEFT_ANY_FIRST_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_BOOL")   , public, protected :: WEFT_ANY_SECOND_SEMIRING_BOOL
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_INT8")   , public, protected :: WEFT_ANY_SECOND_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_INT16")  , public, protected :: WEFT_ANY_SECOND_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_INT32")  , public, protected :: WEFT_ANY_SECOND_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_INT64")  , public, protected :: WEFT_ANY_SECOND_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_UINT8")  , public, protected :: WEFT_ANY_SECOND_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_UINT16") , public, protected :: WEFT_ANY_SECOND_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_UINT32") , public, protected :: WEFT_ANY_SECOND_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_UINT64") , public, protected :: WEFT_ANY_SECOND_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_FP32")   , public, protected :: WEFT_ANY_SECOND_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_ANY_SECOND_SEMIRING_FP64")   , public, protected :: WEFT_ANY_SECOND_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_INT8")   , public, protected :: WEFT_PLUS_FIRST_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_INT16")  , public, protected :: WEFT_PLUS_FIRST_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_INT32")  , public, protected :: WEFT_PLUS_FIRST_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_INT64")  , public, protected :: WEFT_PLUS_FIRST_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_UINT8")  , public, protected :: WEFT_PLUS_FIRST_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_UINT16") , public, protected :: WEFT_PLUS_FIRST_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_UINT32") , public, protected :: WEFT_PLUS_FIRST_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_UINT64") , public, protected :: WEFT_PLUS_FIRST_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_FP32")   , public, protected :: WEFT_PLUS_FIRST_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_PLUS_FIRST_SEMIRING_FP64")   , public, protected :: WEFT_PLUS_FIRST_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_INT8")  , public, protected :: WEFT_PLUS_SECOND_SEMIRING_INT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_INT16") , public, protected :: WEFT_PLUS_SECOND_SEMIRING_INT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_INT32") , public, protected :: WEFT_PLUS_SECOND_SEMIRING_INT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_INT64") , public, protected :: WEFT_PLUS_SECOND_SEMIRING_INT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_UINT8") , public, protected :: WEFT_PLUS_SECOND_SEMIRING_UINT8
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_UINT16"), public, protected :: WEFT_PLUS_SECOND_SEMIRING_UINT16
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_UINT32"), public, protected :: WEFT_PLUS_SECOND_SEMIRING_UINT32
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_UINT64"), public, protected :: WEFT_PLUS_SECOND_SEMIRING_UINT64
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_FP32")  , public, protected :: WEFT_PLUS_SECOND_SEMIRING_FP32
  type(weft_semiring), bind(C, name="WEFT_PLUS_SECOND_SEMIRING_FP64")  , public, protected :: WEFT_PLUS_SECOND_SEMIRING_FP64
  type(weft_semiring), bind(C, name="WEFT_LOR_PAIR_SEMIRING_BOOL")     , public, protected :: WEFT_LOR_PAIR_SEMIRING_BOOL

  public :: weft_semiring_new, weft_semiring_free, weft_semiring_add, weft_semiring_multiply
  public :: operator(==), operator(/=)

  ! Two semiring handles are equal when they refer to the same semiring object.
  interface operator(==)
    module procedure semirings_equal
  end interface
  interface operator(/=)
    module procedure semirings_differ
  end interface

contains

  elemental logical function semirings_equal(a, b)
    type(weft_semiring), intent(in) :: a, b
    if (.not. c_associated(a%ptr)) then
      semirings_equal = .not. c_associated(b%ptr)
    else
      semirings_equal = c_associated(a%ptr, b%ptr)
    end if
  end function semirings_equal

  elemental logical function semirings_differ(a, b)
    type(weft_semiring), intent(in) :: a, b
    semirings_differ = .not. semirings_equal(a, b)
  end function semirings_differ

  ! A semiring from an additive monoid and a multiplicative operator whose output domain
  ! is the monoid's domain (else WEFT_DOMAIN_MISMATCH). It keeps both alive: their
  ! handles may be freed first. The caller promises that add is commutative.
  subroutine weft_semiring_new(add, multiply, semiring, ierror)
    type(weft_monoid), intent(in) :: add
    type(weft_binary_op), intent(in) :: multiply
    type(weft_semiring), intent(inout) :: semiring
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_semiring_new(add%ptr, multiply%ptr, semiring%ptr), &
                     'weft_semiring_new', ierror)
  end subroutine weft_semiring_new

  ! Releases a user-defined semiring and sets the handle to WEFT_SEMIRING_NULL (a
  ! predefined semiring gives WEFT_INVALID_VALUE and is left alone).
  subroutine weft_semiring_free(semiring, ierror)
    type(weft_semiring), intent(inout) :: semiring
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_semiring_free(semiring%ptr), 'weft_semiring_free', ierror)
  end subroutine weft_semiring_free

  ! The parts: the semiring's own handles, not new ones (do not free them; they live
  ! while the semiring does).
  subroutine weft_semiring_add(semiring, add, ierror)
    type(weft_semiring), intent(in) :: semiring
    type(weft_monoid), intent(inout) :: add
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_semiring_add(semiring%ptr, add%ptr), 'weft_semiring_add', ierror)
  end subroutine weft_semiring_add

  subroutine weft_semiring_multiply(semiring, multiply, ierror)
    type(weft_semiring), intent(in) :: semiring
    type(weft_binary_op), intent(inout) :: multiply
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_semiring_multiply(semiring%ptr, multiply%ptr), &
                     'weft_semiring_multiply', ierror)
  end subroutine weft_semiring_multiply
end module weft_semirings
