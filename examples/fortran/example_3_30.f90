! MPI-1.1 Example 3.30: copy the strictly lower triangular part of REAL a(100,100)
! onto the lower triangular part of b(100,100).
! Errata fixed: MPI_COMM_RANK gets its ierr; the block lengths are assigned and passed
! as blocklen (the text declares blocklen but uses block). blocklen(100) = 0: the
! last block is empty.
program example_3_30
  use mpi
  use weft
  use mpi_example
  implicit none
  real :: a(100, 100), b(100, 100), pa(100, 100)
  integer :: disp(100), blocklen(100), myrank, nranks, partner, ierr, i, nbytes, mltype
  integer :: status(MPI_STATUS_SIZE)
  type(weft_type) :: ltype
  logical :: bad_copy, bad_mpi

  call example_start(myrank, nranks, partner)
  call fill(a, myrank)
  call fill(pa, partner)

  ! compute start and size of each column
  do i = 1, 100
    disp(i) = 100 * (i - 1) + i
    blocklen(i) = 100 - i
  end do
  ! create datatype for lower triangular part
  call weft_type_indexed(100, blocklen, disp, WEFT_REAL, ltype)
  call weft_type_commit(ltype)

  b = -1
  call weft_copy(a, 1, ltype, b, 1, ltype, nbytes)
  bad_copy = nbytes /= 4 * (99 * 100 / 2) .or. .not. lower_copied(b, a)

  b = -1
  mltype = mpi_type_of(ltype)
  call MPI_SENDRECV(a, 1, mltype, partner, 0, b, 1, mltype, partner, 0, MPI_COMM_WORLD, &
                    status, ierr)
  bad_mpi = ierr /= MPI_SUCCESS .or. .not. lower_copied(b, pa)
  call MPI_TYPE_FREE(mltype, ierr)

  call weft_type_free(ltype)
  call example_report('3.30', 'strictly lower triangle of a(100,100) -> b: b(r,c) = a(r,c) ' // &
                      'for r > c, the rest of b untouched', bad_copy, bad_mpi)

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

  ! b(r,c) = src(r,c) exactly for r > c; b(r,c) = -1 (untouched) for r <= c.
  logical function lower_copied(b, src)
    real, intent(in) :: b(100, 100), src(100, 100)
    integer :: r, c
    lower_copied = .true.
    do c = 1, 100
      do r = 1, 100
        if (r > c) then
          if (b(r, c) /= src(r, c)) lower_copied = .false.
        else
          if (b(r, c) /= -1) lower_copied = .false.
        end if
      end do
    end do
  end function lower_copied
end program example_3_30
