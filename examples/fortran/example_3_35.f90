! MPI-1.1 Example 3.35: handling of unions. The union {int ival; float fval;} u(1000)
! is Fortran storage association: INTEGER iu(1000) and REAL fu(1000) in EQUIVALENCE.
! One datatype per possible union type, each a struct with the value at displacement 0
! (values left-aligned in the union storage) and a WEFT_UB at the distance between two
! union elements; utype says which one is current.
! Errata fixed: the missing `;` after `} u[1000]` (C syntax); disp computed from the
! addresses of u(1) and u(2) as in the text.
program example_3_35
  use mpi
  use weft
  use mpi_example
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND
  integer :: iu(1000)
  real :: fu(1000)
  equivalence (iu, fu)
  integer :: ival(1000), myrank, nranks, partner, ierr, k, utype, nbytes, m, n
  real :: fval(1000)
  integer(AK) :: i, j, disp(2), lb, extent
  integer :: blocklen(2) = [1, 1]
  type(weft_type) :: types(2), weft_utype(2)
  integer :: status(MPI_STATUS_SIZE)
  logical :: bad_copy, bad_mpi

  call example_start(myrank, nranks, partner)
  bad_copy = .false.
  bad_mpi = .false.

  ! compute a datatype for each possible union type; assume values are left-aligned
  call weft_address(iu(1), i)
  call weft_address(iu(2), j)
  disp(1) = 0
  disp(2) = j - i
  types(2) = WEFT_UB
  types(1) = WEFT_INTEGER
  call weft_type_struct(2, blocklen, disp, types, weft_utype(1))
  types(1) = WEFT_REAL
  call weft_type_struct(2, blocklen, disp, types, weft_utype(2))
  do k = 1, 2
    call weft_type_commit(weft_utype(k))
    call weft_type_extent(weft_utype(k), lb, extent)
    bad_copy = bad_copy .or. lb /= 0 .or. extent /= storage_size(iu(1)) / 8
  end do

  ! actual communication, once with integers current, once with reals current
  do utype = 1, 2
    call fill(utype, myrank)
    if (utype == 1) then
      ival = 0
      call weft_copy(iu, 1000, weft_utype(utype), ival, 1000, WEFT_INTEGER, nbytes)
      bad_copy = bad_copy .or. nbytes /= 4000 .or. any(ival /= iu)
    else
      fval = 0
      call weft_copy(iu, 1000, weft_utype(utype), fval, 1000, WEFT_REAL, nbytes)
      bad_copy = bad_copy .or. nbytes /= 4000 .or. any(fval /= fu)
    end if
    m = mpi_type_of(weft_utype(utype))
    if (utype == 1) then
      ival = 0
      call MPI_SENDRECV(iu, 1000, m, partner, 0, ival, 1000, MPI_INTEGER, partner, 0, &
                        MPI_COMM_WORLD, status, ierr)
      call fill(utype, partner)   ! the partner's union values
      bad_mpi = bad_mpi .or. ierr /= MPI_SUCCESS .or. any(ival /= iu)
    else
      fval = 0
      call MPI_SENDRECV(iu, 1000, m, partner, 0, fval, 1000, MPI_REAL, partner, 0, &
                        MPI_COMM_WORLD, status, ierr)
      call fill(utype, partner)
      bad_mpi = bad_mpi .or. ierr /= MPI_SUCCESS .or. any(fval /= fu)
    end if
    call MPI_GET_COUNT(status, m, n, ierr)
    bad_mpi = bad_mpi .or. n /= 1000
    call MPI_TYPE_FREE(m, ierr)
  end do

  call weft_type_free(weft_utype(1))
  call weft_type_free(weft_utype(2))
  call example_report('3.35', 'union {int; float} u(1000) (EQUIVALENCE), sent as int and ' // &
                      'as float with a struct {value, WEFT_UB at 4} per union type', &
                      bad_copy, bad_mpi)

contains

  ! The union storage with the given member current, values depending on the rank.
  subroutine fill(which, rank)
    integer, intent(in) :: which, rank
    integer :: k
    if (which == 1) then
      iu = [(k * 7 - 3000 + 100000 * rank, k = 1, 1000)]
    else
      fu = [(k * 0.25 + 5000 * rank, k = 1, 1000)]
    end if
  end subroutine fill
end program example_3_35
