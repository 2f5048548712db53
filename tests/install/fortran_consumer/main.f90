! Uses the installed module weft: builds a type two ways (constructors and an array
! section), checks its typemap, copies data with it and checks the result element by
! element. Prints one line; exits with 1 on any mismatch.
program fortran_consumer
  use weft
  implicit none
  real :: a(6, 5), b(3, 5)
  type(weft_type) :: col, t, s, basics(15)
  integer(WEFT_ADDRESS_KIND) :: displs(15), lb, extent
  integer :: n, nbytes, ierr, major, minor, patch, i, j
  logical :: ok

  a = reshape([(real(i), i = 1, 30)], [6, 5])
  ! rows 5, 3, 1 of every column: the section a(5:1:-2, :)
  call weft_type_vector(3, 1, -2, WEFT_REAL, col)
  call weft_type_hvector(5, 1, 24, col, t)
  call weft_type_commit(t)
  call weft_type_from_section(a(5:1:-2, :), s)
  call weft_type_commit(s)
  call weft_type_typemap(s, 15, basics, displs, n)
  ok = n == 15 .and. all(basics == WEFT_REAL) .and. &
       all(displs == [((24 * j - 8 * i, i = 0, 2), j = 0, 4)])
  call weft_type_extent(t, lb, extent)
  ok = ok .and. lb == -16 .and. extent == 4 * 24 + 4 + 16
  b = 0
  call weft_copy(a(5, 1), 1, t, b, 15, WEFT_REAL, nbytes)
  ok = ok .and. nbytes == 60 .and. all(b == a(5:1:-2, :))
  b = 0
  call weft_copy(a(5:1:-2, :), 1, s, b, 15, WEFT_REAL, nbytes)
  ok = ok .and. all(b == a(5:1:-2, :))
  call weft_type_vector(-1, 1, 1, WEFT_REAL, col, ierr)
  ok = ok .and. ierr == WEFT_INVALID_VALUE .and. weft_status_name(ierr) == 'WEFT_INVALID_VALUE'
  call weft_version(major, minor, patch)
  ok = ok .and. major == WEFT_VERSION_MAJOR
  call weft_type_free(col)
  call weft_type_free(t)
  call weft_type_free(s)
  if (.not. ok) then
    print '(a)', 'fortran consumer: MISMATCH'
    error stop 1
  end if
  print '(a, i0, ".", i0, ".", i0, a)', 'fortran consumer: weft ', major, minor, patch, &
    ' -- types, section type, weft_copy and statuses match'
end program fortran_consumer
