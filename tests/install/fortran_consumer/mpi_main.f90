! Uses the installed modules weft and weft_mpi with `use mpi`: converts a weft type to
! an MPI datatype and checks its size and extent, then sends it to itself. Run as a
! singleton (no mpirun needed) or under mpirun -np 1. Exits with 1 on any mismatch.
program fortran_mpi_consumer
  use mpi
  use weft
  use weft_mpi
  implicit none
  type(weft_type) :: t
  integer :: h, ierr, msize, i
  integer(MPI_ADDRESS_KIND) :: lb, extent
  integer :: status(MPI_STATUS_SIZE)
  real :: a(4, 3), r(4, 3)
  logical :: ok

  call MPI_INIT(ierr)
  a = reshape([(real(i), i = 1, 12)], [4, 3])
  call weft_type_from_section(a(4:1:-3, 1:3:2), t)   ! a(4,1), a(1,1), a(4,3), a(1,3)
  call weft_type_to_mpi(t, h)
  call MPI_TYPE_SIZE(h, msize, ierr)
  call MPI_TYPE_GET_EXTENT(h, lb, extent, ierr)
  ok = msize == 16 .and. lb == -12 .and. extent == 12 + 32 + 4
  r = 0
  call MPI_SENDRECV(a(4, 1), 1, h, 0, 0, r(4, 1), 1, h, 0, 0, MPI_COMM_SELF, status, ierr)
  ok = ok .and. all(r(4:1:-3, 1:3:2) == a(4:1:-3, 1:3:2)) .and. count(r /= 0) == 4
  call MPI_TYPE_FREE(h, ierr)
  call weft_type_free(t)
  call MPI_FINALIZE(ierr)
  if (.not. ok) then
    print '(a)', 'fortran MPI consumer: MISMATCH'
    error stop 1
  end if
  print '(a)', 'fortran MPI consumer: weft_type_to_mpi of a section type matches ' // &
               '(size, bounds, MPI_SENDRECV)'
end program fortran_mpi_consumer
