! MPI-1.1 Example 3.32: another approach to the transpose: one row as a struct with an
! MPI_UB (here WEFT_UB) at sizeofreal, so row1 has the size of 100 REALs and the extent
! of one; 100 copies of row1 start one REAL apart.
! Errata fixed: MPI_COMM_RANK gets its ierr. The MPI-1 arrays disp/type of the text
! (default INTEGER displacements) are kept; type(2) is named types here (TYPE is a
! Fortran keyword for the derived type statement, usable but confusing).
program example_3_32
  use mpi
  use weft
  use mpi_example
  implicit none
  real :: a(100, 100), b(100, 100), pa(100, 100)
  integer :: disp(2), blocklen(2), lb, sizeofreal, extent, myrank, nranks, partner, ierr
  integer :: nbytes, mrow1, row1_size
  integer :: status(MPI_STATUS_SIZE)
  type(weft_type) :: types(2), row, row1
  logical :: bad_copy, bad_mpi

  call example_start(myrank, nranks, partner)
  call fill(a, myrank)
  call fill(pa, partner)

  call weft_type_extent(WEFT_REAL, lb, sizeofreal)
  ! create datatype for one row
  call weft_type_vector(100, 1, 100, WEFT_REAL, row)
  ! create datatype for one row, with the extent of one real number
  disp(1) = 0
  disp(2) = sizeofreal
  types(1) = row
  types(2) = WEFT_UB
  blocklen(1) = 1
  blocklen(2) = 1
  call weft_type_struct(2, blocklen, disp, types, row1)
  call weft_type_commit(row1)
  call weft_type_size(row1, row1_size)
  call weft_type_extent(row1, lb, extent)

  ! send 100 rows and receive in column major order
  b = 0
  call weft_copy(a, 100, row1, b, 100 * 100, WEFT_REAL, nbytes)
  bad_copy = row1_size /= 400 .or. lb /= 0 .or. extent /= sizeofreal .or. nbytes /= 40000 .or. &
             any(b /= transpose(a))

  b = 0
  mrow1 = mpi_type_of(row1)
  call MPI_SENDRECV(a, 100, mrow1, partner, 0, b, 100 * 100, MPI_REAL, partner, 0, &
                    MPI_COMM_WORLD, status, ierr)
  bad_mpi = ierr /= MPI_SUCCESS .or. any(b /= transpose(pa))
  call MPI_TYPE_FREE(mrow1, ierr)

  call weft_type_free(row)
  call weft_type_free(row1)
  call example_report('3.32', 'transpose with a row struct ending in WEFT_UB (size 400, ' // &
                      'extent 4): b = transpose(a)', bad_copy, bad_mpi)

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
end program example_3_32
