! MPI-1.1 Example 3.31: transpose REAL a(100,100) onto b: send a in row-major order
! (a vector per row, an hvector of rows one REAL apart), receive column-major.
! Errata fixed: MPI_COMM_RANK gets its ierr. sizeofreal is a default INTEGER, as in
! the MPI-1 text.
program example_3_31
  use mpi
  use weft
  use mpi_example
  implicit none
  real :: a(100, 100), b(100, 100), pa(100, 100)
  integer :: lb, sizeofreal, myrank, nranks, partner, ierr, nbytes, mxpose
  integer :: status(MPI_STATUS_SIZE)
  type(weft_type) :: row, xpose
  logical :: bad_copy, bad_mpi

  call example_start(myrank, nranks, partner)
  call fill(a, myrank)
  call fill(pa, partner)

  call weft_type_extent(WEFT_REAL, lb, sizeofreal)
  ! create datatype for one row
  call weft_type_vector(100, 1, 100, WEFT_REAL, row)
  ! create datatype for matrix in row-major order
  call weft_type_hvector(100, 1, sizeofreal, row, xpose)
  call weft_type_commit(xpose)

  ! send matrix in row-major order and receive in column major order
  b = 0
  call weft_copy(a, 1, xpose, b, 100 * 100, WEFT_REAL, nbytes)
  bad_copy = nbytes /= 40000 .or. any(b /= transpose(a))

  b = 0
  mxpose = mpi_type_of(xpose)
  call MPI_SENDRECV(a, 1, mxpose, partner, 0, b, 100 * 100, MPI_REAL, partner, 0, &
                    MPI_COMM_WORLD, status, ierr)
  bad_mpi = ierr /= MPI_SUCCESS .or. any(b /= transpose(pa))
  call MPI_TYPE_FREE(mxpose, ierr)

  call weft_type_free(row)
  call weft_type_free(xpose)
  call example_report('3.31', 'transpose with vector + hvector: b = transpose(a)', &
                      bad_copy, bad_mpi)

contains

  subroutine fill(x, rank)
    real, intent(out) :: x(100, 100)
    integer, intent(in) :: rank
    integer :: r, c
    do c = 1, 100
      do r = 1, 100
        x(r, c) = real(r + 1000 * c + 1000000 * rank)
      end do
    end do
  end subroutine fill
end program example_3_31
