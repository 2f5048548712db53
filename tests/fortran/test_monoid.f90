! Monoids from Fortran (module weft, weft_monoids): the predefined WEFT_<OP>_MONOID_<TYPE>
! handles are the C globals (domains, identities, operators), a user-defined monoid on a
! bind(C) derived type from a bind(C) subroutine (passed as c_funloc, elements by
! reference) and from a procedure(weft_binary_fn) (elements as c_ptr), and the errors:
! from C (bad handles, freeing a predefined monoid, a domain without data) and from the
! binding (element buffers too small or not contiguous). No MPI.
program test_monoid
  use, intrinsic :: iso_c_binding, only: c_bool, c_int8_t, c_int16_t, c_int32_t, c_int64_t, &
                                         c_float, c_double, c_funloc, c_funptr, c_associated
  use, intrinsic :: ieee_arithmetic, only: ieee_is_finite
  use weft
  use weft_test_check
  use monoid_ops
  implicit none
  type(weft_type) :: d, bt, empty
  type(weft_monoid) :: m, keep, argmax, psum
  type(c_funptr) :: op
  integer :: ierr
  integer(c_int8_t) :: i1, j1, k1
  integer(c_int16_t) :: i2
  integer(c_int32_t) :: i4, j4, k4
  integer(c_int64_t) :: i8
  real(c_float) :: r4, s4
  real(c_double) :: r8, pair(4)
  logical(c_bool) :: b1, b2, b3
  type(best_t) :: e, x, y, z
  integer(WEFT_ADDRESS_KIND) :: lb, ext, offs(2)

  ! ---- predefined monoids: the C globals ---------------------------------------------
  call check(c_associated(WEFT_PLUS_MONOID_INT32%ptr) .and. c_associated(WEFT_BOR_MONOID_UINT64%ptr), &
             'predefined monoids are bound to the C globals')
  call check(WEFT_PLUS_MONOID_INT32 /= WEFT_PLUS_MONOID_INT64 .and. &
             WEFT_MAX_MONOID_FP64 == WEFT_MAX_MONOID_FP64, 'handle comparison')
  d = WEFT_TYPE_NULL
  call weft_monoid_domain(WEFT_PLUS_MONOID_INT32, d, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'domain of PLUS_INT32')
  call check(d == WEFT_INT32, 'PLUS_INT32 has domain WEFT_INT32')
  call weft_monoid_domain(WEFT_LOR_MONOID_BOOL, d)
  call check(d == WEFT_BOOL, 'LOR_BOOL has domain WEFT_BOOL')
  call weft_monoid_domain(WEFT_MIN_MONOID_FP32, d)
  call check(d == WEFT_FP32, 'MIN_FP32 has domain WEFT_FP32 (= WEFT_FLOAT)')

  ! identities (weft.h: PLUS 0, TIMES 1, MIN +inf / max, MAX -inf / min, LAND 1,
  ! LOR 0, BAND all bits, BOR 0)
  i4 = 99
  call weft_monoid_identity(WEFT_PLUS_MONOID_INT32, i4, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'identity of PLUS_INT32')
  call check_i(i4, 0, 'PLUS_INT32 identity')
  r8 = 0
  call weft_monoid_identity(WEFT_TIMES_MONOID_FP64, r8)
  call check(r8 == 1d0, 'TIMES_FP64 identity is 1')
  i8 = 0
  call weft_monoid_identity(WEFT_MIN_MONOID_INT64, i8)
  call check(i8 == huge(0_c_int64_t), 'MIN_INT64 identity is the largest INT64')
  i2 = 0
  call weft_monoid_identity(WEFT_MAX_MONOID_INT16, i2)
  call check(i2 == -huge(0_c_int16_t) - 1_c_int16_t, 'MAX_INT16 identity is the smallest INT16')
  r4 = 0
  call weft_monoid_identity(WEFT_MAX_MONOID_FP32, r4)
  call check(.not. ieee_is_finite(r4) .and. r4 < 0, 'MAX_FP32 identity is -inf')
  r8 = 0
  call weft_monoid_identity(WEFT_MIN_MONOID_FP64, r8)
  call check(.not. ieee_is_finite(r8) .and. r8 > 0, 'MIN_FP64 identity is +inf')
  b1 = .false.
  call weft_monoid_identity(WEFT_LAND_MONOID_BOOL, b1)
  call check(logical(b1), 'LAND_BOOL identity is true')
  b1 = .true.
  call weft_monoid_identity(WEFT_LOR_MONOID_BOOL, b1)
  call check(.not. logical(b1), 'LOR_BOOL identity is false')
  i1 = 0
  call weft_monoid_identity(WEFT_BAND_MONOID_UINT8, i1)
  call check(i1 == -1_c_int8_t, 'BAND_UINT8 identity has all bits set')
  i8 = 0
  call weft_monoid_identity(WEFT_BAND_MONOID_INT64, i8)
  call check(i8 == -1_c_int64_t, 'BAND_INT64 identity has all bits set')
  i4 = 5
  call weft_monoid_identity(WEFT_BOR_MONOID_INT32, i4)
  call check_i(i4, 0, 'BOR_INT32 identity')

  ! operators
  i4 = 0
  call weft_monoid_apply(WEFT_PLUS_MONOID_INT32, i4, 3_c_int32_t, 4_c_int32_t, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'apply PLUS_INT32')
  call check_i(i4, 7, 'PLUS_INT32: 3 + 4')
  j4 = 3
  call weft_monoid_apply(WEFT_PLUS_MONOID_INT32, j4, j4, 40_c_int32_t)
  call check_i(j4, 43, 'PLUS_INT32 in place: z is x')
  call weft_monoid_apply(WEFT_TIMES_MONOID_FP64, r8, 2.5d0, 4d0)
  call check(r8 == 10d0, 'TIMES_FP64: 2.5 * 4')
  call weft_monoid_apply(WEFT_MAX_MONOID_INT64, i8, -7_c_int64_t, -9_c_int64_t)
  call check(i8 == -7, 'MAX_INT64(-7, -9)')
  call weft_monoid_apply(WEFT_MIN_MONOID_FP32, s4, 1.5, -2.25)
  call check(s4 == -2.25, 'MIN_FP32(1.5, -2.25)')
  b2 = .false.
  b3 = .true.
  call weft_monoid_apply(WEFT_LOR_MONOID_BOOL, b1, b2, b3)
  call check(logical(b1), 'LOR_BOOL(false, true)')
  call weft_monoid_apply(WEFT_LAND_MONOID_BOOL, b1, b2, b3)
  call check(.not. logical(b1), 'LAND_BOOL(false, true)')
  j1 = int(z'0F', c_int8_t)
  k1 = int(z'3C', c_int8_t)
  call weft_monoid_apply(WEFT_BAND_MONOID_UINT8, i1, j1, k1)
  call check(i1 == int(z'0C', c_int8_t), 'BAND_UINT8(0x0F, 0x3C) = 0x0C')
  call weft_monoid_apply(WEFT_BOR_MONOID_UINT8, i1, j1, k1)
  call check(i1 == int(z'3F', c_int8_t), 'BOR_UINT8(0x0F, 0x3C) = 0x3F')
  k4 = 0
  call weft_monoid_apply(WEFT_LAND_MONOID_INT32, k4, 2_c_int32_t, 3_c_int32_t)
  call check_i(k4, 1, 'LAND_INT32(2, 3) = 1')
  call weft_monoid_apply(WEFT_LAND_MONOID_INT32, k4, 2_c_int32_t, 0_c_int32_t)
  call check_i(k4, 0, 'LAND_INT32(2, 0) = 0')

  ! ---- a user-defined monoid on a bind(C) derived type --------------------------------
  call weft_type_struct_aligned(2, [1, 1], [WEFT_DOUBLE, WEFT_INT64], offs, bt)
  call weft_type_commit(bt)
  call weft_type_extent(bt, lb, ext)
  call check(lb == 0 .and. ext == storage_size(e) / 8 .and. all(offs == [0, 8]), &
             'the struct type has the bind(C) layout')
  argmax = WEFT_MONOID_NULL
  e = best_t(-huge(0d0), huge(0_c_int64_t))
  call weft_monoid_new(bt, c_funloc(best_of), e, argmax, ierr)
  op = c_funloc(best_of)
  call check_status(ierr, WEFT_SUCCESS, 'weft_monoid_new from c_funloc')
  call check(argmax /= WEFT_MONOID_NULL, 'a new handle')
  d = WEFT_TYPE_NULL
  call weft_monoid_domain(argmax, d)
  call check(d == bt, 'the domain is the struct type')
  z = best_t(0d0, 0)
  call weft_monoid_identity(argmax, z)
  call check(z%value == -huge(0d0) .and. z%where == huge(0_c_int64_t), 'identity copied back')
  x = best_t(2.5d0, 7)
  y = best_t(2.5d0, 3)
  call weft_monoid_apply(argmax, z, x, y, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'apply argmax')
  call check(z%value == 2.5d0 .and. z%where == 3, 'argmax: tie goes to the smaller where')
  call weft_monoid_apply(argmax, x, x, best_t(4d0, 9))
  call check(x%value == 4d0 .and. x%where == 9, 'argmax in place (z is x)')
  call weft_monoid_apply(argmax, z, e, y)
  call check(z%value == y%value .and. z%where == y%where, 'the identity is neutral')

  psum = WEFT_MONOID_NULL
  call weft_monoid_new(bt, pair_sum, best_t(0d0, 0), psum, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_monoid_new from a procedure(weft_binary_fn)')
  call weft_monoid_apply(psum, z, best_t(1.5d0, 2), best_t(2d0, 40))
  call check(z%value == 3.5d0 .and. z%where == 42, 'pair_sum')
  ! an element given as a contiguous array of the right size
  pair = [1d0, transfer(5_c_int64_t, 1d0), 0d0, 0d0]
  call weft_monoid_apply(psum, pair(3:4), pair(1:2), best_t(1d0, 1))
  call check(pair(3) == 2d0 .and. transfer(pair(4), 0_c_int64_t) == 6, 'elements as arrays')

  ! ---- errors ---------------------------------------------------------------------
  m = WEFT_PLUS_MONOID_INT32
  call weft_monoid_free(m, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'freeing a predefined monoid')
  call check(m == WEFT_PLUS_MONOID_INT32, 'the predefined handle is left alone')
  call weft_monoid_domain(WEFT_MONOID_NULL, d, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'domain of WEFT_MONOID_NULL')
  call weft_monoid_identity(WEFT_MONOID_NULL, i4, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'identity of WEFT_MONOID_NULL')
  call weft_monoid_apply(WEFT_MONOID_NULL, i4, i4, i4, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'apply of WEFT_MONOID_NULL')
  ! the binding: element buffers too small or not contiguous; nothing is written
  i4 = 77
  call weft_monoid_identity(WEFT_TIMES_MONOID_FP64, i4, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'identity into 4 bytes for an FP64 monoid')
  call check(weft_last_error() == 'weft_monoid_identity: the domain extent 8 > the 4 bytes of value', &
             'binding message: ' // weft_last_error())
  call check_i(i4, 77, 'value unchanged')
  call weft_monoid_apply(psum, z, x, 1d0, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'y of 8 bytes for a 16-byte domain')
  pair = 0
  call weft_monoid_identity(psum, pair(1:4:2), ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'a non-contiguous value')
  call check(all(pair == 0), 'nothing written')
  keep = argmax
  m = keep
  call weft_monoid_new(bt, op, 0d0, m, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'identity of 8 bytes for a 16-byte domain')
  call check(m == keep, 'monoid unchanged by a failed weft_monoid_new')
  call weft_monoid_new(WEFT_TYPE_NULL, op, e, m, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'weft_monoid_new on a NULL domain')
  call weft_type_contiguous(0, WEFT_INT, empty)
  call weft_monoid_new(empty, op, e, m, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'weft_monoid_new on a domain without data')
  call check(m == keep, 'monoid still unchanged')

  ! ---- free ---------------------------------------------------------------------------
  call weft_monoid_free(argmax, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'free a user-defined monoid')
  call check(argmax == WEFT_MONOID_NULL, 'free sets the handle to WEFT_MONOID_NULL')
  call weft_monoid_free(keep, ierr)   ! keep still holds the freed handle
  call check_status(ierr, WEFT_INVALID_HANDLE, 'freeing it twice')
  call weft_monoid_free(psum)
  call weft_type_free(bt)             ! (the monoid kept its domain alive until now)
  call weft_type_free(empty)
  call finish('test_monoid')
end program test_monoid
