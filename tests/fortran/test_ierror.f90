! The optional ierror argument: present, it receives the status (0 on success, the
! error otherwise) and the program goes on; a failed call changes no output argument;
! weft_last_error() gives the C library's message or the binding's own one, whichever
! failure came last. (Absent ierror + failure = ERROR STOP: fortran.error_stop_*.)
program test_ierror
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND, CK = WEFT_COUNT_KIND
  type(weft_type) :: t, keep, types(2), tv(1)
  integer :: ierr, n, ints(4)
  integer(AK) :: d2(2), addrs(1), offs(1)
  integer(CK) :: lens(1), n8
  type(weft_type) :: basics(1)
  integer(AK) :: displs(1)

  ! Success: ierror = WEFT_SUCCESS.
  ierr = -99
  call weft_type_contiguous(2, WEFT_REAL, keep, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'contiguous')
  ierr = -99
  call weft_type_commit(keep, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'commit')

  ! Errors from the C library, with its messages; the output handle is untouched.
  t = keep
  call weft_type_vector(2, -3, 1, WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'negative blocklength')
  call check(weft_last_error() == 'weft_type_vector: blocklength -3 < 0', &
             'C message: ' // weft_last_error())
  call check(t == keep, 'newtype unchanged by a failed constructor')
  call weft_type_contiguous(1, WEFT_TYPE_NULL, t, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'NULL input handle')
  call weft_type_vector(2, 1, 1, WEFT_UB, t, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'marker outside weft_type_struct')
  call weft_type_subarray(2, [4, 4], [5, 1], [0, 0], WEFT_ORDER_FORTRAN, WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'subsize larger than size')
  call weft_type_subarray(1, [4], [1], [0], 7, WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'order 7')
  call weft_type_hvector(huge(0_CK), 2_CK, 1_AK, WEFT_DOUBLE, t, ierr)
  call check_status(ierr, WEFT_OVERFLOW, 'size overflowing 64 bits')
  call check(t == keep, 'newtype still unchanged')

  ! Errors found by the binding: an array shorter than its count.
  call weft_type_indexed(3, [1, 1], [0, 1, 2], WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'indexed: blocklens too short')
  call check(weft_last_error() == 'weft_type_indexed: count 3 > size(blocklens) 2', &
             'binding message: ' // weft_last_error())
  call weft_type_indexed(3, [1, 1, 1], [0, 1], WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'indexed: displs too short')
  call check(weft_last_error() == 'weft_type_indexed: count 3 > size(displs) 2', &
             'binding message: ' // weft_last_error())
  call weft_type_hindexed(2, [1], [0, 4], WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'hindexed: blocklens too short')
  call weft_type_indexed_block(2, 1, [0], WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'indexed_block: displs too short')
  call weft_type_hindexed_block(2_CK, 1_CK, [0_AK], WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'hindexed_block: displs too short')
  types = WEFT_REAL
  call weft_type_struct(2, [1, 1], [0], types(1:1), t, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'struct: displs too short')
  call check(weft_last_error() == 'weft_type_struct: count 2 > size(displs) 1', &
             'binding message: ' // weft_last_error())
  d2 = -1
  call weft_type_struct_aligned(3, [1, 1, 1], [WEFT_REAL, WEFT_REAL, WEFT_REAL], d2, t, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'struct_aligned: displs_out too short')
  call check(all(d2 == -1), 'displs_out unchanged')
  call weft_type_subarray(2, [4, 4], [1, 1], [0], WEFT_ORDER_C, WEFT_REAL, t, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'subarray: starts too short')
  call check(weft_last_error() == 'weft_type_subarray: ndims 2 > size(starts) 1', &
             'binding message: ' // weft_last_error())
  call check(t == keep, 'newtype unchanged by binding failures')
  n = -5
  call weft_type_typemap(keep, 2, basics, displs, n, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'typemap: capacity > size(basics)')
  call check(weft_last_error() == 'weft_type_typemap: capacity 2 > size(basics) 1', &
             'binding message: ' // weft_last_error())
  call check(n == -5, 'n unchanged')
  call weft_type_iov(keep, 1_CK, 0_CK, 2_CK, offs, lens, n8, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'iov: capacity > size(offsets)')
  call weft_type_contents(keep, 4, 1, 2, ints, addrs, tv, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'contents: max_types > size(types)')
  call check(weft_last_error() == 'weft_type_contents: max_types 2 > size(types) 1', &
             'binding message: ' // weft_last_error())
  call weft_type_contents(keep, 0, 0, 1, ints, addrs, tv, ierr)
  call check_status(ierr, WEFT_INSUFFICIENT_SPACE, 'contents: max_ints 0 < 1 (weft itself)')

  ! The last failure decides weft_last_error(); successful calls do not change it.
  call weft_type_indexed(2, [1], [0, 1], WEFT_REAL, t, ierr)
  call check(weft_last_error() == 'weft_type_indexed: count 2 > size(blocklens) 1', &
             'binding failure is the last one')
  call weft_type_size(keep, n)
  call check(weft_last_error() == 'weft_type_indexed: count 2 > size(blocklens) 1', &
             'a successful call keeps the message')
  call weft_type_contiguous(-1, WEFT_REAL, t, ierr)
  call check(weft_last_error() == 'weft_type_contiguous: count -1 < 0', &
             'then a C failure is the last one: ' // weft_last_error())
  call weft_type_free(keep, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'free')
  call check(keep == WEFT_TYPE_NULL, 'free sets WEFT_TYPE_NULL')

  call finish('test_ierror')
end program test_ierror
