! weft_monoids — monoids (weft/algebra.h "Monoids"): an associative binary operator whose
! three domains are one type, with an identity and optionally a terminal element. The
! global indexer's reductions (weft_indexer_put with reduce=, module weft_mpi) and the
! additions of semirings are monoids. Use them through module weft.
!
!   type, bind(C) :: best_t                  ! the domain: a bind(C) derived type ...
!     real(c_double) :: value
!     integer(c_int64_t) :: where
!   end type
!   type(weft_type) :: best                  ! ... described by a weft type
!   type(weft_monoid) :: argmax
!   call weft_type_struct_aligned(2, [1, 1], [WEFT_DOUBLE, WEFT_INT64], best)
!   call weft_type_commit(best)
!   call weft_monoid_new(best, c_funloc(best_of), best_t(-huge(0d0), huge(0_c_int64_t)), argmax)
!
! where best_of is a bind(C) subroutine taking the three elements by reference:
!
!   subroutine best_of(z, x, y) bind(C)
!     type(best_t), intent(inout) :: z
!     type(best_t), intent(in) :: x, y
!     type(best_t) :: r                      ! z may be the same memory as x or y:
!     r = x                                  ! compute into a local, then assign z
!     if (y%value > x%value .or. (y%value == x%value .and. y%where < x%where)) r = y
!     z = r
!   end subroutine
!
! weft_monoid_new has two forms:
!   - weft_monoid_new(domain, f, identity, monoid): f is a type(c_funptr) (c_funloc of
!     any bind(C) subroutine whose three arguments are passed by reference, as above) or
!     a procedure(weft_binary_fn) (three type(c_ptr), value arguments: the addresses of
!     z, x and y, for c_f_pointer). The binding makes the binary operator (domain three
!     times), the monoid on it, and releases its own operator handle: the monoid keeps
!     the operator alive (weft_monoid_function gives its C function).
!   - weft_monoid_new(op, identity, monoid): on a type(weft_binary_op) (module
!     weft_operators; a predefined WEFT_<OP>_<TYPE> or your own) whose three domains are
!     the same type (else WEFT_DOMAIN_MISMATCH). weft_monoid_new_terminal adds a
!     terminal element (x op terminal = terminal for every x: reductions may stop there).
! The caller promises that the operator is associative and the identity neutral.
!
! The predefined monoids WEFT_<OP>_MONOID_<TYPE> are the C library's handles themselves
! (PROTECTED, never freed), with the identities of weft/algebra.h: PLUS 0, TIMES 1, MIN
! +inf or the type's largest value, MAX -inf or its smallest, LAND true (1), LOR false
! (0), BAND all bits set, BOR 0, LXOR false, LXNOR true, BXOR 0, BXNOR all bits set,
! ANY 0. PLUS, TIMES, MIN, MAX exist for INT8..INT64, UINT8..UINT64, FP32, FP64; LAND,
! LOR, BAND, BOR for BOOL and the integer types; LXOR, LXNOR for BOOL; BXOR, BXNOR for
! the integer types; ANY for all eleven. A predefined monoid also reduces a predefined
! type of the same representation: WEFT_PLUS_MONOID_INT32 reduces WEFT_INTEGER,
! WEFT_MAX_MONOID_FP64 reduces WEFT_DOUBLE_PRECISION, WEFT_MIN_MONOID_FP32 reduces
! WEFT_REAL, WEFT_LOR_MONOID_BOOL reduces LOGICAL(c_bool) data (WEFT_BOOL). Default
! LOGICAL is 4 bytes with .true. = 1 in gfortran: reduce it with the INT32 logical
! monoids on WEFT_INT32 units (WEFT_LOR_MONOID_INT32; they do not accept WEFT_LOGICAL
! units: WEFT_DOMAIN_MISMATCH).
!
! Element buffers (identity, terminal, value, z, x, y) are type(*), dimension(..): a
! scalar of the domain's Fortran type, or a contiguous array holding one element. Their
! storage must hold extent(domain) bytes (the bytes weft reads or writes) when the
! binding can see it (else WEFT_DIMENSION_MISMATCH) and be contiguous (else
! WEFT_INVALID_VALUE). ierror as everywhere in module weft.
module weft_monoids
  use, intrinsic :: iso_c_binding, only: c_ptr, c_funptr, c_int, c_int64_t, c_intptr_t, &
                                         c_bool, c_null_ptr, c_associated, c_funloc
  use weft_constants, only: WEFT_SUCCESS
  use weft_handles, only: weft_type
  use weft_operators, only: weft_binary_op, weft_binary_fn
  use weft_c_api, only: c_weft_monoid_new, c_weft_monoid_new_terminal, c_weft_monoid_free, &
                        c_weft_monoid_operator, c_weft_monoid_function, c_weft_monoid_domain, &
                        c_weft_monoid_identity, c_weft_monoid_terminal, &
                        c_weft_monoid_accepts, c_weft_monoid_apply, c_weft_type_extent, &
                        c_weft_binary_op_new, c_weft_binary_op_free, c_weft_binary_op_types
  use weft_errors, only: weft_check_
  use weft_buffers, only: weft_packed_buffer_, weft_buffer_address_
  implicit none
  private

  ! A weft monoid handle: the C weft_monoid (an opaque pointer). Like type(weft_type), no
  ! default initialisation (the predefined monoids below are the C globals themselves):
  ! give a handle a value (weft_monoid_new, WEFT_MONOID_NULL) before you test or free it.
  type, bind(C), public :: weft_monoid
    type(c_ptr) :: ptr
  end type weft_monoid

  ! The null handle (what weft_monoid_free leaves behind).
  type(weft_monoid), parameter, public :: WEFT_MONOID_NULL = weft_monoid(c_null_ptr)

  ! The predefined monoids: the exported C globals of libweft (const weft_monoid), bound
  ! by name (see weft_handles for how this works), in the order of weft/algebra.h's
  ! WEFT_PREDEFINED_MONOIDS. Immutable, never freed.
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_INT8")   , public, protected :: WEFT_PLUS_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_INT16")  , public, protected :: WEFT_PLUS_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_INT32")  , public, protected :: WEFT_PLUS_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_INT64")  , public, protected :: WEFT_PLUS_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_UINT8")  , public, protected :: WEFT_PLUS_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_UINT16") , public, protected :: WEFT_PLUS_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_UINT32") , public, protected :: WEFT_PLUS_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_UINT64") , public, protected :: WEFT_PLUS_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_FP32")   , public, protected :: WEFT_PLUS_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_FP64")   , public, protected :: WEFT_PLUS_MONOID_FP64
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_INT8")  , public, protected :: WEFT_TIMES_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_INT16") , public, protected :: WEFT_TIMES_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_INT32") , public, protected :: WEFT_TIMES_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_INT64") , public, protected :: WEFT_TIMES_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_UINT8") , public, protected :: WEFT_TIMES_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_UINT16"), public, protected :: WEFT_TIMES_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_UINT32"), public, protected :: WEFT_TIMES_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_UINT64"), public, protected :: WEFT_TIMES_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_FP32")  , public, protected :: WEFT_TIMES_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_FP64")  , public, protected :: WEFT_TIMES_MONOID_FP64
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_INT8")    , public, protected :: WEFT_MIN_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_INT16")   , public, protected :: WEFT_MIN_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_INT32")   , public, protected :: WEFT_MIN_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_INT64")   , public, protected :: WEFT_MIN_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_UINT8")   , public, protected :: WEFT_MIN_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_UINT16")  , public, protected :: WEFT_MIN_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_UINT32")  , public, protected :: WEFT_MIN_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_UINT64")  , public, protected :: WEFT_MIN_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_FP32")    , public, protected :: WEFT_MIN_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_FP64")    , public, protected :: WEFT_MIN_MONOID_FP64
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_INT8")    , public, protected :: WEFT_MAX_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_INT16")   , public, protected :: WEFT_MAX_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_INT32")   , public, protected :: WEFT_MAX_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_INT64")   , public, protected :: WEFT_MAX_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_UINT8")   , public, protected :: WEFT_MAX_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_UINT16")  , public, protected :: WEFT_MAX_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_UINT32")  , public, protected :: WEFT_MAX_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_UINT64")  , public, protected :: WEFT_MAX_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_FP32")    , public, protected :: WEFT_MAX_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_FP64")    , public, protected :: WEFT_MAX_MONOID_FP64
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_BOOL")   , public, protected :: WEFT_LAND_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_INT8")   , public, protected :: WEFT_LAND_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_INT16")  , public, protected :: WEFT_LAND_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_INT32")  , public, protected :: WEFT_LAND_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_INT64")  , public, protected :: WEFT_LAND_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_UINT8")  , public, protected :: WEFT_LAND_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_UINT16") , public, protected :: WEFT_LAND_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_UINT32") , public, protected :: WEFT_LAND_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_UINT64") , public, protected :: WEFT_LAND_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_BOOL")    , public, protected :: WEFT_LOR_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_INT8")    , public, protected :: WEFT_LOR_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_INT16")   , public, protected :: WEFT_LOR_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_INT32")   , public, protected :: WEFT_LOR_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_INT64")   , public, protected :: WEFT_LOR_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_UINT8")   , public, protected :: WEFT_LOR_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_UINT16")  , public, protected :: WEFT_LOR_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_UINT32")  , public, protected :: WEFT_LOR_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_UINT64")  , public, protected :: WEFT_LOR_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_BOOL")   , public, protected :: WEFT_BAND_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_INT8")   , public, protected :: WEFT_BAND_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_INT16")  , public, protected :: WEFT_BAND_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_INT32")  , public, protected :: WEFT_BAND_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_INT64")  , public, protected :: WEFT_BAND_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_UINT8")  , public, protected :: WEFT_BAND_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_UINT16") , public, protected :: WEFT_BAND_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_UINT32") , public, protected :: WEFT_BAND_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_UINT64") , public, protected :: WEFT_BAND_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_BOOL")    , public, protected :: WEFT_BOR_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_INT8")    , public, protected :: WEFT_BOR_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_INT16")   , public, protected :: WEFT_BOR_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_INT32")   , public, protected :: WEFT_BOR_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_INT64")   , public, protected :: WEFT_BOR_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_UINT8")   , public, protected :: WEFT_BOR_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_UINT16")  , public, protected :: WEFT_BOR_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_UINT32")  , public, protected :: WEFT_BOR_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_UINT64")  , public, protected :: WEFT_BOR_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_LXOR_MONOID_BOOL")   , public, protected :: WEFT_LXOR_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_LXNOR_MONOID_BOOL")  , public, protected :: WEFT_LXNOR_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_BXOR_MONOID_INT8")   , public, protected :: WEFT_BXOR_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_BXOR_MONOID_INT16")  , public, protected :: WEFT_BXOR_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_BXOR_MONOID_INT32")  , public, protected :: WEFT_BXOR_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_BXOR_MONOID_INT64")  , public, protected :: WEFT_BXOR_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_BXOR_MONOID_UINT8")  , public, protected :: WEFT_BXOR_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_BXOR_MONOID_UINT16") , public, protected :: WEFT_BXOR_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_BXOR_MONOID_UINT32") , public, protected :: WEFT_BXOR_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_BXOR_MONOID_UINT64") , public, protected :: WEFT_BXOR_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_BXNOR_MONOID_INT8")  , public, protected :: WEFT_BXNOR_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_BXNOR_MONOID_INT16") , public, protected :: WEFT_BXNOR_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_BXNOR_MONOID_INT32") , public, protected :: WEFT_BXNOR_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_BXNOR_MONOID_INT64") , public, protected :: WEFT_BXNOR_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_BXNOR_MONOID_UINT8") , public, protected :: WEFT_BXNOR_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_BXNOR_MONOID_UINT16"), public, protected :: WEFT_BXNOR_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_BXNOR_MONOID_UINT32"), public, protected :: WEFT_BXNOR_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_BXNOR_MONOID_UINT64"), public, protected :: WEFT_BXNOR_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_BOOL")    , public, protected :: WEFT_ANY_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_INT8")    , public, protected :: WEFT_ANY_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_INT16")   , public, protected :: WEFT_ANY_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_INT32")   , public, protected :: WEFT_ANY_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_INT64")   , public, protected :: WEFT_ANY_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_UINT8")   , public, protected :: WEFT_ANY_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_UINT16")  , public, protected :: WEFT_ANY_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_UINT32")  , public, protected :: WEFT_ANY_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_UINT64")  , public, protected :: WEFT_ANY_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_FP32")    , public, protected :: WEFT_ANY_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_ANY_MONOID_FP64")    , public, protected :: WEFT_ANY_MONOID_FP64

  public :: weft_monoid_new, weft_monoid_new_terminal, weft_monoid_free, &
            weft_monoid_operator, weft_monoid_function, weft_monoid_domain, weft_monoid_identity, &
            weft_monoid_terminal, weft_monoid_accepts, weft_monoid_apply
  public :: operator(==), operator(/=)

  ! weft_monoid_new(domain, f, identity, monoid [, ierror]) with f a type(c_funptr) or a
  ! procedure(weft_binary_fn); weft_monoid_new(op, identity, monoid [, ierror]) with op
  ! a type(weft_binary_op).
  interface weft_monoid_new
    module procedure monoid_new_funptr, monoid_new_procedure, monoid_new_op
  end interface
  interface operator(==)
    module procedure monoids_equal
  end interface
  interface operator(/=)
    module procedure monoids_differ
  end interface

contains

  ! Two monoid handles are equal when they refer to the same monoid object.
  elemental logical function monoids_equal(a, b)
    type(weft_monoid), intent(in) :: a, b
    if (.not. c_associated(a%ptr)) then
      monoids_equal = .not. c_associated(b%ptr)
    else
      monoids_equal = c_associated(a%ptr, b%ptr)
    end if
  end function monoids_equal

  elemental logical function monoids_differ(a, b)
    type(weft_monoid), intent(in) :: a, b
    monoids_differ = .not. monoids_equal(a, b)
  end function monoids_differ

  ! The extent of a type in bytes, or -1 when it cannot be queried (a bad handle: the C
  ! call that follows reports it).
  integer(c_int64_t) function extent_of(t) result(e)
    type(c_ptr), intent(in) :: t
    integer(c_intptr_t) :: lb, ext
    lb = 0
    ext = 0
    e = -1
    if (c_weft_type_extent(t, lb, ext) == WEFT_SUCCESS) e = max(int(ext, c_int64_t), 0_c_int64_t)
  end function extent_of

  ! The extent of a monoid's domain, -1 when the handle is bad.
  integer(c_int64_t) function domain_extent(m) result(e)
    type(c_ptr), intent(in) :: m
    type(c_ptr) :: d
    d = c_null_ptr
    e = -1
    if (c_weft_monoid_domain(m, d) == WEFT_SUCCESS) e = extent_of(d)
  end function domain_extent

  ! The extent of a binary operator's output domain (a monoid's domain), -1 when the
  ! handle is bad.
  integer(c_int64_t) function op_extent(op) result(e)
    type(c_ptr), intent(in) :: op
    type(c_ptr) :: z, x, y
    z = c_null_ptr
    x = c_null_ptr
    y = c_null_ptr
    e = -1
    if (c_weft_binary_op_types(op, z, x, y) == WEFT_SUCCESS) e = extent_of(z)
  end function op_extent

  ! The address of an element buffer after checking it (see the module header); with an
  ! unknown extent (need < 0) only the address is taken.
  logical function element(buf, need, bufname, routine, address, ierror) result(ok)
    type(*), dimension(..), intent(in) :: buf
    integer(c_int64_t), intent(in) :: need
    character(*), intent(in) :: bufname, routine
    type(c_ptr), intent(out) :: address
    integer, intent(out), optional :: ierror
    if (need < 0) then
      address = weft_buffer_address_(buf)
      ok = .true.
    else
      ok = weft_packed_buffer_(buf, need, bufname, 'the domain extent', routine, address, ierror)
    end if
  end function element

  ! A user-defined monoid on domain with the operator f (domain x domain -> domain) and
  ! identity (one element, copied). Free it with weft_monoid_free; the domain type may
  ! be freed before. Fails, besides the element checks, with WEFT_NULL_POINTER (a null
  ! f), WEFT_INVALID_HANDLE (the domain) or WEFT_INVALID_VALUE (a domain that cannot
  ! hold elements: no data, data before displacement 0 or beyond the extent); the
  ! message is then weft_binary_op_new's.
  subroutine monoid_new_funptr(domain, op, identity, monoid, ierror)
    type(weft_type), intent(in) :: domain
    type(c_funptr), value :: op
    type(*), dimension(..), intent(in) :: identity
    type(weft_monoid), intent(inout) :: monoid
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_monoid_new'
    type(c_ptr) :: id, bop
    integer(c_int) :: st, freed
    if (.not. element(identity, extent_of(domain%ptr), 'identity', r, id, ierror)) return
    bop = c_null_ptr
    st = c_weft_binary_op_new(op, domain%ptr, domain%ptr, domain%ptr, bop)
    if (st == WEFT_SUCCESS) then
      st = c_weft_monoid_new(bop, id, monoid%ptr)
      ! The monoid holds the operator; this handle was only the binding's. (Freeing a
      ! live operator we just made cannot fail; its status would not be the call's.)
      freed = c_weft_binary_op_free(bop)
    end if
    call weft_check_(st, r, ierror)
  end subroutine monoid_new_funptr

  subroutine monoid_new_procedure(domain, op, identity, monoid, ierror)
    type(weft_type), intent(in) :: domain
    procedure(weft_binary_fn) :: op
    type(*), dimension(..), intent(in) :: identity
    type(weft_monoid), intent(inout) :: monoid
    integer, intent(out), optional :: ierror
    call monoid_new_funptr(domain, c_funloc(op), identity, monoid, ierror)
  end subroutine monoid_new_procedure

  ! A monoid on op, whose three domains must be one type (else WEFT_DOMAIN_MISMATCH).
  ! The monoid keeps op alive: op's handle may be freed before the monoid.
  subroutine monoid_new_op(op, identity, monoid, ierror)
    type(weft_binary_op), intent(in) :: op
    type(*), dimension(..), intent(in) :: identity
    type(weft_monoid), intent(inout) :: monoid
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_monoid_new'
    type(c_ptr) :: id
    if (.not. element(identity, op_extent(op%ptr), 'identity', r, id, ierror)) return
    call weft_check_(c_weft_monoid_new(op%ptr, id, monoid%ptr), r, ierror)
  end subroutine monoid_new_op

  ! As weft_monoid_new(op, identity, monoid), with a terminal element.
  subroutine weft_monoid_new_terminal(op, identity, terminal, monoid, ierror)
    type(weft_binary_op), intent(in) :: op
    type(*), dimension(..), intent(in) :: identity, terminal
    type(weft_monoid), intent(inout) :: monoid
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_monoid_new_terminal'
    type(c_ptr) :: id, term
    integer(c_int64_t) :: need
    need = op_extent(op%ptr)
    if (.not. element(identity, need, 'identity', r, id, ierror)) return
    if (.not. element(terminal, need, 'terminal', r, term, ierror)) return
    call weft_check_(c_weft_monoid_new_terminal(op%ptr, id, term, monoid%ptr), r, ierror)
  end subroutine weft_monoid_new_terminal

  ! Releases a user-defined monoid and sets the handle to WEFT_MONOID_NULL (a predefined
  ! monoid gives WEFT_INVALID_VALUE and is left alone).
  subroutine weft_monoid_free(monoid, ierror)
    type(weft_monoid), intent(inout) :: monoid
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_monoid_free(monoid%ptr), 'weft_monoid_free', ierror)
  end subroutine weft_monoid_free

  ! The binary operator: the monoid's own handle to it, not a new one (do not free it).
  ! The monoid keeps the operator alive, but the handle is usable only while you hold
  ! your own handle to the operator (or it is predefined). weft_monoid_new(domain, f,
  ! ...) released the binding's handle at once: for such a monoid use
  ! weft_monoid_function.
  subroutine weft_monoid_operator(monoid, op, ierror)
    type(weft_monoid), intent(in) :: monoid
    type(weft_binary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_monoid_operator(monoid%ptr, op%ptr), 'weft_monoid_operator', ierror)
  end subroutine weft_monoid_operator

  ! The operator's C function, valid while the monoid lives (c_f_procpointer turns it into
  ! a procedure pointer of interface weft_binary_fn).
  subroutine weft_monoid_function(monoid, f, ierror)
    type(weft_monoid), intent(in) :: monoid
    type(c_funptr), intent(inout) :: f
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_monoid_function(monoid%ptr, f), 'weft_monoid_function', ierror)
  end subroutine weft_monoid_function

  ! The domain type: the monoid's own handle, not a new one (do not free it).
  subroutine weft_monoid_domain(monoid, domain, ierror)
    type(weft_monoid), intent(in) :: monoid
    type(weft_type), intent(inout) :: domain
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_monoid_domain(monoid%ptr, domain%ptr), 'weft_monoid_domain', ierror)
  end subroutine weft_monoid_domain

  ! Copies the identity (one element of the domain) to value.
  subroutine weft_monoid_identity(monoid, value, ierror)
    type(weft_monoid), intent(in) :: monoid
    type(*), dimension(..), intent(inout) :: value
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_monoid_identity'
    type(c_ptr) :: v
    if (.not. element(value, domain_extent(monoid%ptr), 'value', r, v, ierror)) return
    call weft_check_(c_weft_monoid_identity(monoid%ptr, v), r, ierror)
  end subroutine weft_monoid_identity

  ! has_terminal: whether the monoid has a terminal; if so it is copied to value (one
  ! element of the domain), else value is left alone.
  subroutine weft_monoid_terminal(monoid, value, has_terminal, ierror)
    type(weft_monoid), intent(in) :: monoid
    type(*), dimension(..), intent(inout) :: value
    logical, intent(inout) :: has_terminal
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_monoid_terminal'
    type(c_ptr) :: v
    logical(c_bool) :: has
    integer(c_int) :: st
    if (.not. element(value, domain_extent(monoid%ptr), 'value', r, v, ierror)) return
    has = .false.
    st = c_weft_monoid_terminal(monoid%ptr, v, has)
    if (st >= 0) has_terminal = logical(has)
    call weft_check_(st, r, ierror)
  end subroutine weft_monoid_terminal

  ! Whether the monoid reduces units of datatype: its domain, or for a predefined monoid
  ! a predefined type of the same representation (WEFT_PLUS_MONOID_INT32 accepts
  ! WEFT_INTEGER).
  subroutine weft_monoid_accepts(monoid, datatype, accepts, ierror)
    type(weft_monoid), intent(in) :: monoid
    type(weft_type), intent(in) :: datatype
    logical, intent(inout) :: accepts
    integer, intent(out), optional :: ierror
    logical(c_bool) :: a
    integer(c_int) :: st
    a = .false.
    st = c_weft_monoid_accepts(monoid%ptr, datatype%ptr, a)
    if (st >= 0) accepts = logical(a)
    call weft_check_(st, 'weft_monoid_accepts', ierror)
  end subroutine weft_monoid_accepts

  ! z = x op y for one element; z may be the same variable as x or y.
  subroutine weft_monoid_apply(monoid, z, x, y, ierror)
    type(weft_monoid), intent(in) :: monoid
    type(*), dimension(..), intent(inout) :: z
    type(*), dimension(..), intent(in) :: x, y
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_monoid_apply'
    type(c_ptr) :: pz, px, py
    integer(c_int64_t) :: need
    need = domain_extent(monoid%ptr)
    if (.not. element(z, need, 'z', r, pz, ierror)) return
    if (.not. element(x, need, 'x', r, px, ierror)) return
    if (.not. element(y, need, 'y', r, py, ierror)) return
    call weft_check_(c_weft_monoid_apply(monoid%ptr, pz, px, py), r, ierror)
  end subroutine weft_monoid_apply
end module weft_monoids
