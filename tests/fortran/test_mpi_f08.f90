! Module weft_mpi with `use mpi_f08`: weft_type_to_mpi gives a type(MPI_Datatype)
! whose datatype has weft's size and bounds and carries data through MPI_Sendrecv on 1
! rank (to itself) or 2 ranks (exchange; the data depend on the rank).
program test_mpi_f08
  use mpi_f08
  use weft
  use weft_mpi
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND, CK = WEFT_COUNT_KIND
  integer :: rank, nranks, partner, i, ierr, msize
  type(weft_type) :: t
  type(MPI_Datatype) :: mt, before
  integer(CK) :: wsize
  integer(AK) :: wlb, wext
  integer(MPI_ADDRESS_KIND) :: mlb, mext
  real :: m(6, 5), r(6, 5), pm(6, 5)

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks)
  partner = merge(rank, 1 - rank, nranks == 1)
  m = reshape([(real(i + 100 * rank), i = 1, 30)], [6, 5])

  ! The section m(5:1:-2, 2:5:3) as a weft type, then as an MPI_Datatype.
  call weft_type_from_section(m(5:1:-2, 2:5:3), t)
  call weft_type_to_mpi(t, mt, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_type_to_mpi into type(MPI_Datatype)')
  call MPI_Type_size(mt, msize)
  call weft_type_size(t, wsize)
  call check(msize == wsize .and. msize == 6 * 4, 'MPI size = weft size')
  call MPI_Type_get_extent(mt, mlb, mext)
  call weft_type_extent(t, wlb, wext)
  call check(mlb == wlb .and. mext == wext, 'MPI lb/extent = weft lb/extent')
  r = 0
  call MPI_Sendrecv(m(5, 2), 1, mt, partner, 3, r(5, 2), 1, mt, partner, 3, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE)
  pm = reshape([(real(i + 100 * partner), i = 1, 30)], [6, 5])   ! the partner's m
  call check(all(r(5:1:-2, 2:5:3) == pm(5:1:-2, 2:5:3)) .and. count(r /= 0) == 6, &
             "MPI_Sendrecv puts the partner's section, and only it, into r")
  call MPI_Type_free(mt)

  before = mt
  call weft_type_to_mpi(WEFT_TYPE_NULL, mt, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'NULL handle')
  call check(mt == before, 'the MPI handle is unchanged on failure')
  call weft_type_free(t)
  call finish('test_mpi_f08')
  call MPI_Finalize()
end program test_mpi_f08
