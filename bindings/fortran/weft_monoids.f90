! weft_monoids — monoids (weft.h "Monoids"): an associative binary operator on a domain
! type with an identity. The global indexer's reductions (weft_indexer_put with reduce=,
! module weft_mpi) are monoids. Use them through module weft.
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
! weft_monoid_new accepts the operator either as a type(c_funptr) (c_funloc of any
! bind(C) subroutine whose three arguments are passed by reference, as above) or as a
! procedure with the abstract interface weft_binary_op (three type(c_ptr), value
! arguments: the addresses of z, x and y, for c_f_pointer).
!
! The predefined monoids WEFT_<OP>_MONOID_<TYPE> are the C library's handles themselves
! (PROTECTED, never freed), with the identities of weft.h: PLUS 0, TIMES 1, MIN +inf or
! the type's largest value, MAX -inf or its smallest, LAND true (1), LOR false (0),
! BAND all bits set, BOR 0. PLUS, TIMES, MIN, MAX exist for INT8..INT64, UINT8..UINT64,
! FP32, FP64; LAND, LOR, BAND, BOR for BOOL and the integer types. A predefined monoid
! also reduces a predefined type of the same representation: WEFT_PLUS_MONOID_INT32
! reduces WEFT_INTEGER, WEFT_MAX_MONOID_FP64 reduces WEFT_DOUBLE_PRECISION,
! WEFT_MIN_MONOID_FP32 reduces WEFT_REAL, WEFT_LOR_MONOID_BOOL reduces LOGICAL(c_bool)
! data (WEFT_BOOL). Default LOGICAL is 4 bytes with .true. = 1 in gfortran: reduce it
! with the INT32 logical monoids on WEFT_INT32 units (WEFT_LOR_MONOID_INT32; they do not
! accept WEFT_LOGICAL units: WEFT_DOMAIN_MISMATCH).
!
! Element buffers (identity, value, z, x, y) are type(*), dimension(..): a scalar of the
! domain's Fortran type, or a contiguous array holding one element. Their storage must
! hold extent(domain) bytes when the binding can see it (else WEFT_DIMENSION_MISMATCH)
! and be contiguous (else WEFT_INVALID_VALUE). ierror as everywhere in module weft.
module weft_monoids
  use, intrinsic :: iso_c_binding, only: c_ptr, c_funptr, c_int, c_int64_t, c_intptr_t, &
                                         c_null_ptr, c_associated, c_funloc
  use weft_constants, only: WEFT_SUCCESS
  use weft_handles, only: weft_type
  use weft_c_api, only: c_weft_monoid_new, c_weft_monoid_free, c_weft_monoid_domain, &
                        c_weft_monoid_identity, c_weft_monoid_apply, c_weft_type_extent
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

  ! z = x op y for one element of the domain, the three arguments being the addresses of
  ! the elements (z may be x or y). weft_monoid_new also takes c_funloc of a bind(C)
  ! subroutine with the elements passed by reference.
  abstract interface
    subroutine weft_binary_op(z, x, y) bind(C)
      import :: c_ptr
      type(c_ptr), value :: z, x, y
    end subroutine weft_binary_op
  end interface
  public :: weft_binary_op

  ! The predefined monoids: the exported C globals of libweft (const weft_monoid), bound
  ! by name (see weft_handles for how this works). Immutable, never freed.
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_INT8")   , protected :: WEFT_PLUS_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_INT16")  , protected :: WEFT_PLUS_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_INT32")  , protected :: WEFT_PLUS_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_INT64")  , protected :: WEFT_PLUS_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_UINT8")  , protected :: WEFT_PLUS_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_UINT16") , protected :: WEFT_PLUS_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_UINT32") , protected :: WEFT_PLUS_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_UINT64") , protected :: WEFT_PLUS_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_FP32")   , protected :: WEFT_PLUS_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_PLUS_MONOID_FP64")   , protected :: WEFT_PLUS_MONOID_FP64
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_INT8")  , protected :: WEFT_TIMES_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_INT16") , protected :: WEFT_TIMES_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_INT32") , protected :: WEFT_TIMES_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_INT64") , protected :: WEFT_TIMES_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_UINT8") , protected :: WEFT_TIMES_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_UINT16"), protected :: WEFT_TIMES_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_UINT32"), protected :: WEFT_TIMES_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_UINT64"), protected :: WEFT_TIMES_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_FP32")  , protected :: WEFT_TIMES_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_TIMES_MONOID_FP64")  , protected :: WEFT_TIMES_MONOID_FP64
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_INT8")    , protected :: WEFT_MIN_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_INT16")   , protected :: WEFT_MIN_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_INT32")   , protected :: WEFT_MIN_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_INT64")   , protected :: WEFT_MIN_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_UINT8")   , protected :: WEFT_MIN_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_UINT16")  , protected :: WEFT_MIN_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_UINT32")  , protected :: WEFT_MIN_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_UINT64")  , protected :: WEFT_MIN_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_FP32")    , protected :: WEFT_MIN_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_MIN_MONOID_FP64")    , protected :: WEFT_MIN_MONOID_FP64
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_INT8")    , protected :: WEFT_MAX_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_INT16")   , protected :: WEFT_MAX_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_INT32")   , protected :: WEFT_MAX_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_INT64")   , protected :: WEFT_MAX_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_UINT8")   , protected :: WEFT_MAX_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_UINT16")  , protected :: WEFT_MAX_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_UINT32")  , protected :: WEFT_MAX_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_UINT64")  , protected :: WEFT_MAX_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_FP32")    , protected :: WEFT_MAX_MONOID_FP32
  type(weft_monoid), bind(C, name="WEFT_MAX_MONOID_FP64")    , protected :: WEFT_MAX_MONOID_FP64
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_BOOL")   , protected :: WEFT_LAND_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_INT8")   , protected :: WEFT_LAND_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_INT16")  , protected :: WEFT_LAND_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_INT32")  , protected :: WEFT_LAND_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_INT64")  , protected :: WEFT_LAND_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_UINT8")  , protected :: WEFT_LAND_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_UINT16") , protected :: WEFT_LAND_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_UINT32") , protected :: WEFT_LAND_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_LAND_MONOID_UINT64") , protected :: WEFT_LAND_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_BOOL")    , protected :: WEFT_LOR_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_INT8")    , protected :: WEFT_LOR_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_INT16")   , protected :: WEFT_LOR_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_INT32")   , protected :: WEFT_LOR_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_INT64")   , protected :: WEFT_LOR_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_UINT8")   , protected :: WEFT_LOR_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_UINT16")  , protected :: WEFT_LOR_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_UINT32")  , protected :: WEFT_LOR_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_LOR_MONOID_UINT64")  , protected :: WEFT_LOR_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_BOOL")   , protected :: WEFT_BAND_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_INT8")   , protected :: WEFT_BAND_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_INT16")  , protected :: WEFT_BAND_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_INT32")  , protected :: WEFT_BAND_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_INT64")  , protected :: WEFT_BAND_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_UINT8")  , protected :: WEFT_BAND_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_UINT16") , protected :: WEFT_BAND_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_UINT32") , protected :: WEFT_BAND_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_BAND_MONOID_UINT64") , protected :: WEFT_BAND_MONOID_UINT64
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_BOOL")    , protected :: WEFT_BOR_MONOID_BOOL
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_INT8")    , protected :: WEFT_BOR_MONOID_INT8
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_INT16")   , protected :: WEFT_BOR_MONOID_INT16
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_INT32")   , protected :: WEFT_BOR_MONOID_INT32
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_INT64")   , protected :: WEFT_BOR_MONOID_INT64
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_UINT8")   , protected :: WEFT_BOR_MONOID_UINT8
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_UINT16")  , protected :: WEFT_BOR_MONOID_UINT16
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_UINT32")  , protected :: WEFT_BOR_MONOID_UINT32
  type(weft_monoid), bind(C, name="WEFT_BOR_MONOID_UINT64")  , protected :: WEFT_BOR_MONOID_UINT64
  public :: WEFT_PLUS_MONOID_INT8, WEFT_PLUS_MONOID_INT16, WEFT_PLUS_MONOID_INT32, &
            WEFT_PLUS_MONOID_INT64, WEFT_PLUS_MONOID_UINT8, WEFT_PLUS_MONOID_UINT16, &
            WEFT_PLUS_MONOID_UINT32, WEFT_PLUS_MONOID_UINT64, WEFT_PLUS_MONOID_FP32, &
            WEFT_PLUS_MONOID_FP64
  public :: WEFT_TIMES_MONOID_INT8, WEFT_TIMES_MONOID_INT16, WEFT_TIMES_MONOID_INT32, &
            WEFT_TIMES_MONOID_INT64, WEFT_TIMES_MONOID_UINT8, WEFT_TIMES_MONOID_UINT16, &
            WEFT_TIMES_MONOID_UINT32, WEFT_TIMES_MONOID_UINT64, WEFT_TIMES_MONOID_FP32, &
            WEFT_TIMES_MONOID_FP64
  public :: WEFT_MIN_MONOID_INT8, WEFT_MIN_MONOID_INT16, WEFT_MIN_MONOID_INT32, &
            WEFT_MIN_MONOID_INT64, WEFT_MIN_MONOID_UINT8, WEFT_MIN_MONOID_UINT16, &
            WEFT_MIN_MONOID_UINT32, WEFT_MIN_MONOID_UINT64, WEFT_MIN_MONOID_FP32, &
            WEFT_MIN_MONOID_FP64
  public :: WEFT_MAX_MONOID_INT8, WEFT_MAX_MONOID_INT16, WEFT_MAX_MONOID_INT32, &
            WEFT_MAX_MONOID_INT64, WEFT_MAX_MONOID_UINT8, WEFT_MAX_MONOID_UINT16, &
            WEFT_MAX_MONOID_UINT32, WEFT_MAX_MONOID_UINT64, WEFT_MAX_MONOID_FP32, &
            WEFT_MAX_MONOID_FP64
  public :: WEFT_LAND_MONOID_BOOL, WEFT_LAND_MONOID_INT8, WEFT_LAND_MONOID_INT16, &
            WEFT_LAND_MONOID_INT32, WEFT_LAND_MONOID_INT64, WEFT_LAND_MONOID_UINT8, &
            WEFT_LAND_MONOID_UINT16, WEFT_LAND_MONOID_UINT32, WEFT_LAND_MONOID_UINT64
  public :: WEFT_LOR_MONOID_BOOL, WEFT_LOR_MONOID_INT8, WEFT_LOR_MONOID_INT16, &
            WEFT_LOR_MONOID_INT32, WEFT_LOR_MONOID_INT64, WEFT_LOR_MONOID_UINT8, &
            WEFT_LOR_MONOID_UINT16, WEFT_LOR_MONOID_UINT32, WEFT_LOR_MONOID_UINT64
  public :: WEFT_BAND_MONOID_BOOL, WEFT_BAND_MONOID_INT8, WEFT_BAND_MONOID_INT16, &
            WEFT_BAND_MONOID_INT32, WEFT_BAND_MONOID_INT64, WEFT_BAND_MONOID_UINT8, &
            WEFT_BAND_MONOID_UINT16, WEFT_BAND_MONOID_UINT32, WEFT_BAND_MONOID_UINT64
  public :: WEFT_BOR_MONOID_BOOL, WEFT_BOR_MONOID_INT8, WEFT_BOR_MONOID_INT16, &
            WEFT_BOR_MONOID_INT32, WEFT_BOR_MONOID_INT64, WEFT_BOR_MONOID_UINT8, &
            WEFT_BOR_MONOID_UINT16, WEFT_BOR_MONOID_UINT32, WEFT_BOR_MONOID_UINT64
  public :: weft_monoid_new, weft_monoid_free, weft_monoid_domain, weft_monoid_identity, &
            weft_monoid_apply
  public :: operator(==), operator(/=)

  ! weft_monoid_new(domain, op, identity, monoid [, ierror]): op is a type(c_funptr) or a
  ! procedure(weft_binary_op).
  interface weft_monoid_new
    module procedure monoid_new_funptr, monoid_new_procedure
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

  ! A user-defined monoid on domain (any weft type, a derived struct type too): op
  ! combines two elements, identity (one element, copied) is its neutral element. The
  ! caller promises that op is associative and identity neutral. Free it with
  ! weft_monoid_free; the domain type may be freed before.
  subroutine monoid_new_funptr(domain, op, identity, monoid, ierror)
    type(weft_type), intent(in) :: domain
    type(c_funptr), value :: op
    type(*), dimension(..), intent(in) :: identity
    type(weft_monoid), intent(inout) :: monoid
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_monoid_new'
    type(c_ptr) :: id
    if (.not. element(identity, extent_of(domain%ptr), 'identity', r, id, ierror)) return
    call weft_check_(c_weft_monoid_new(domain%ptr, op, id, monoid%ptr), r, ierror)
  end subroutine monoid_new_funptr

  subroutine monoid_new_procedure(domain, op, identity, monoid, ierror)
    type(weft_type), intent(in) :: domain
    procedure(weft_binary_op) :: op
    type(*), dimension(..), intent(in) :: identity
    type(weft_monoid), intent(inout) :: monoid
    integer, intent(out), optional :: ierror
    call monoid_new_funptr(domain, c_funloc(op), identity, monoid, ierror)
  end subroutine monoid_new_procedure

  ! Releases a user-defined monoid and sets the handle to WEFT_MONOID_NULL (a predefined
  ! monoid gives WEFT_INVALID_VALUE and is left alone).
  subroutine weft_monoid_free(monoid, ierror)
    type(weft_monoid), intent(inout) :: monoid
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_monoid_free(monoid%ptr), 'weft_monoid_free', ierror)
  end subroutine weft_monoid_free

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
