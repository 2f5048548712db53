! mpi_example — what every Fortran MPI-1.1 §3.12.7 example program shares.
!
! Each example builds the example's datatypes with weft and moves the data twice:
! once with weft_copy (local), once with real MPI: MPI_SENDRECV with the datatypes
! converted by weft_type_to_mpi (module weft_mpi). With one rank the message goes to
! the rank itself, as in the MPI-1.1 text. With two ranks each rank exchanges with the
! other (rank r sends to and receives from 1 - r); the data depend on the rank, so
! each rank checks that it received its partner's data (computed by plain Fortran).
! One line is printed (by rank 0) saying what was done and whether it matched; the
! program exits non-zero on any mismatch.
module mpi_example
  use mpi
  use weft
  use weft_mpi
  implicit none
  private
  public :: example_start, example_report, mpi_type_of

contains

  ! MPI_INIT; this rank, the number of ranks (1 or 2) and the partner rank.
  subroutine example_start(rank, nranks, partner)
    integer, intent(out) :: rank, nranks, partner
    integer :: ierr
    call MPI_INIT(ierr)
    call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
    call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
    if (nranks > 2) then
      if (rank == 0) write(*, '(a)') 'run with 1 or 2 ranks'
      call MPI_ABORT(MPI_COMM_WORLD, 2, ierr)
    end if
    partner = merge(rank, 1 - rank, nranks == 1)
  end subroutine example_start

  ! The committed MPI datatype (INTEGER handle) for a weft type; free it with
  ! MPI_TYPE_FREE.
  integer function mpi_type_of(t) result(h)
    type(weft_type), intent(in) :: t
    h = 0
    call weft_type_to_mpi(t, h)   ! no ierror: a failure stops the program
  end function mpi_type_of

  ! Agrees on success across the ranks, prints one line from rank 0, finalises MPI and
  ! stops with exit code 1 on any mismatch.
  subroutine example_report(name, what, bad_copy, bad_mpi)
    character(*), intent(in) :: name, what
    logical, intent(in) :: bad_copy, bad_mpi
    logical :: bad(2), any_bad(2)
    integer :: rank, nranks, ierr
    call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
    call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
    bad = [bad_copy, bad_mpi]
    call MPI_ALLREDUCE(bad, any_bad, 2, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD, ierr)
    if (rank == 0) write(*, '(a, " (Fortran, ", i0, a, "): ", a, " -- weft_copy ", a, &
                              &", MPI_SENDRECV ", a)') name, nranks, &
      trim(merge(' rank ', ' ranks', nranks == 1)), what, &
      trim(merge('MISMATCH', 'matches ', any_bad(1))), trim(merge('MISMATCH', 'matches ', any_bad(2)))
    call MPI_FINALIZE(ierr)
    if (any(any_bad)) error stop 1
  end subroutine example_report
end module mpi_example
