! The worked example of Maia's GlobalIndexer (seed 001) in Fortran, for 3 ranks: take
! and put on an array of 5 items distributed as [0, 2, 4, 5], with the indices
!   rank 0: [4, 0]    rank 1: [1, 3]    rank 2: [0]
! (0-based global item numbers, as in Maia and in weft's C API):
!   1. Take, 2 INTEGERs per item;
!   2. Put, 2 per item, into zeros, rank 2 writing negated values: the last writer (the
!      highest rank) wins item 0, item 2 (asked by nobody) keeps its 0;
!   3. Put with MAX, into the result of 2 (the initial contents take part);
!      and the allocating Put with MAX, which starts from the identity (-2**31);
!   4. Take_v: variable items (counts + values);
!   5. Put_v of REAL values (the seed prints 30.1 where it means 13.1): the last writer
!      wins, an explicit count of 0 empties item 1;
!   6. Put_v with extend: the blocks written to one item are concatenated in arrival
!      order (rank 0 then rank 2 for item 0).
! Rank 0 prints what every rank got; every result is checked against the seed, and the
! program stops with exit code 1 on any mismatch.
program example_indexer
  use mpi
  use weft
  use weft_mpi
  implicit none
  integer, parameter :: NLINES = 11, LINE = 120
  integer, parameter :: DISTRI(4) = [0, 2, 4, 5]   ! rank r owns items DISTRI(r+1)..DISTRI(r+2)-1
  type(weft_indexer) :: gi
  integer :: rank, nranks, ierr, dn
  integer, allocatable :: idx(:), dist(:), extr(:), dist_new(:), dist_alloc(:)
  integer, allocatable :: counts(:), vdata(:), counts_o(:), vextr(:)
  integer, allocatable :: pcounts(:), counts_new(:)
  real, allocatable :: values(:), values_new(:)
  character(len=LINE) :: lines(NLINES)
  character(len=LINE), allocatable :: all_lines(:, :)
  logical :: bad, any_bad
  integer :: nl, r, l

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
  if (nranks /= 3) then
    if (rank == 0) write(*, '(a)') 'example_indexer: run with 3 ranks (mpirun -np 3)'
    call MPI_FINALIZE(ierr)
    error stop 2
  end if
  bad = .false.
  nl = 0

  ! ---- the indexer ------------------------------------------------------------------
  select case (rank)
  case (0)
    idx = [4, 0]          ! P0 accesses items 4 and 0
  case (1)
    idx = [1, 3]          ! P1 accesses items 1 and 3
  case default
    idx = [0]             ! P2 accesses item 0
  end select
  call weft_indexer_new(DISTRI, idx, MPI_COMM_WORLD, gi)   ! comm: an INTEGER handle
  dn = DISTRI(rank + 2) - DISTRI(rank + 1)
  call say('idx', ints(idx))

  ! ---- 1. Take, count = 2 -------------------------------------------------------------
  select case (rank)
  case (0)
    dist = [3, 5, 5, 7]             ! global items 0..1
  case (1)
    dist = [11, 13, 17, 19]         ! global items 2..3
  case default
    dist = [29, 31]                 ! global item 4
  end select
  allocate(extr(2 * size(idx)))
  call weft_indexer_take(gi, dist, 2, WEFT_INTEGER, extr)
  call say('Take(count=2)', ints(extr))
  call expect(extr, [integer :: 29, 31, 3, 5], [integer :: 5, 7, 17, 19], [integer :: 3, 5])

  ! ---- 2. Put, count = 2, into zeros; rank 2 writes -extr ------------------------------
  allocate(dist_new(2 * dn))
  dist_new = 0
  if (rank == 2) extr = -extr
  call weft_indexer_put(gi, extr, 2, WEFT_INTEGER, dist_new)
  call say('Put(count=2)', ints(dist_new))
  call expect(dist_new, [integer :: -3, -5, 5, 7], [integer :: 0, 0, 17, 19], [integer :: 29, 31])

  ! ---- 3. Put with reduce = MAX, into the result of 2 ----------------------------------
  call weft_indexer_put(gi, extr, 2, WEFT_INTEGER, dist_new, reduce=WEFT_MAX_MONOID_INT32)
  call say('Put(count=2, reduce=MAX)', ints(dist_new))
  call expect(dist_new, [integer :: 3, 5, 5, 7], [integer :: 0, 0, 17, 19], [integer :: 29, 31])
  ! allocating mode: the output starts as the identity of MAX, -2**31
  call weft_indexer_put_alloc(gi, extr, 2, WEFT_INTEGER, dist_alloc, reduce=WEFT_MAX_MONOID_INT32)
  call say('Put_alloc(count=2, reduce=MAX)', ints(dist_alloc))
  call expect(dist_alloc, [integer :: 3, 5, 5, 7], [integer :: -huge(0) - 1, -huge(0) - 1, 17, 19], &
              [integer :: 29, 31])

  ! ---- 4. Take_v ----------------------------------------------------------------------
  select case (rank)
  case (0)
    counts = [1, 1]                 ! items 0..1 have 1 and 1 values
    vdata = [1, 11]
  case (1)
    counts = [1, 2]                 ! items 2..3 have 1 and 2 values
    vdata = [21, 12, 11]
  case default
    counts = [3]                    ! item 4 has 3 values
    vdata = [11, 12, 21]
  end select
  call weft_indexer_take_v_alloc(gi, counts, vdata, WEFT_INTEGER, counts_o, vextr)
  call say('Take_v counts', ints(counts_o))
  call say('Take_v values', ints(vextr))
  call expect(counts_o, [integer :: 3, 1], [integer :: 1, 2], [integer :: 1])
  call expect(vextr, [integer :: 11, 12, 21, 1], [integer :: 11, 12, 11], [integer :: 1])

  ! ---- 5. Put_v of REAL values --------------------------------------------------------
  select case (rank)
  case (0)
    pcounts = [1, 3]                ! 1 value for item 4, 3 for item 0
    values = [4.1, 0.1, 0.2, 0.3]
  case (1)
    pcounts = [0, 1]                ! 0 values for item 1, 1 for item 3
    values = [13.1]
  case default
    pcounts = [2]                   ! 2 values for item 0
    values = [20.1, 20.2]
  end select
  call weft_indexer_put_v(gi, pcounts, values, WEFT_REAL, .false., counts_new, values_new)
  call say('Put_v counts', ints(counts_new))
  call say('Put_v values', reals(values_new))
  call expect(counts_new, [integer :: 2, 0], [integer :: 0, 1], [integer :: 1])
  call expect_real(values_new, [real :: 20.1, 20.2], [real :: 13.1], [real :: 4.1])

  ! ---- 6. Put_v with extend -----------------------------------------------------------
  call weft_indexer_put_v(gi, pcounts, values, WEFT_REAL, .true., counts_new, values_new)
  call say('Put_v(extend) counts', ints(counts_new))
  call say('Put_v(extend) values', reals(values_new))
  call expect(counts_new, [integer :: 5, 0], [integer :: 0, 1], [integer :: 1])
  call expect_real(values_new, [real :: 0.1, 0.2, 0.3, 20.1, 20.2], [real :: 13.1], [real :: 4.1])

  call weft_indexer_free(gi)

  ! ---- report -------------------------------------------------------------------------
  allocate(all_lines(NLINES, nranks))
  call MPI_GATHER(lines, LINE * NLINES, MPI_CHARACTER, all_lines, LINE * NLINES, MPI_CHARACTER, &
                  0, MPI_COMM_WORLD, ierr)
  call MPI_ALLREDUCE(bad, any_bad, 1, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    write(*, '(a)') 'Global indexer, seed 001 worked example (Fortran, 3 ranks), distri = [0,2,4,5]'
    do l = 1, nl
      do r = 1, nranks
        write(*, '(a, i0, a)') '  P', r - 1, ': ' // trim(all_lines(l, r))
      end do
    end do
    write(*, '(a)') 'example_indexer: ' // trim(merge('MISMATCH with the seed', &
                                                     'matches the seed      ', any_bad))
  end if
  call MPI_FINALIZE(ierr)
  ! gfortran keeps a main program's allocatables on MAIN__'s stack: release them, or
  ! LeakSanitizer (the asan-ubsan preset) reports them once MAIN__ has returned.
  deallocate(idx, dist, extr, dist_new, dist_alloc, counts, vdata, counts_o, vextr, pcounts, counts_new, &
             values, values_new, all_lines)
  if (any_bad) error stop 1

contains

  ! One report line of this rank.
  subroutine say(what, text)
    character(*), intent(in) :: what, text
    nl = nl + 1
    lines(nl) = what // ' = [' // text // ']'
  end subroutine say

  function ints(a) result(s)
    integer, intent(in) :: a(:)
    character(len=:), allocatable :: s
    character(len=LINE) :: buf
    buf = ''
    if (size(a) > 0) write(buf, '(*(i0, :, ", "))') a
    s = trim(buf)
  end function ints

  function reals(a) result(s)
    real, intent(in) :: a(:)
    character(len=:), allocatable :: s
    character(len=24) :: buf
    integer :: i
    s = ''
    do i = 1, size(a)
      write(buf, '(f0.1)') a(i)
      if (buf(1:1) == '.') buf = '0' // buf(1:23)   ! 0.1, not .1
      s = s // trim(buf)
      if (i < size(a)) s = s // ', '
    end do
  end function reals

  ! This rank's result against the seed's (e0 for rank 0, ...), exactly.
  subroutine expect(got, e0, e1, e2)
    integer, intent(in) :: got(:), e0(:), e1(:), e2(:)
    select case (rank)
    case (0)
      call compare(real(got, 8), real(e0, 8))
    case (1)
      call compare(real(got, 8), real(e1, 8))
    case default
      call compare(real(got, 8), real(e2, 8))
    end select
  end subroutine expect

  subroutine expect_real(got, e0, e1, e2)
    real, intent(in) :: got(:), e0(:), e1(:), e2(:)
    select case (rank)
    case (0)
      call compare(real(got, 8), real(e0, 8))
    case (1)
      call compare(real(got, 8), real(e1, 8))
    case default
      call compare(real(got, 8), real(e2, 8))
    end select
  end subroutine expect_real

  ! (INTEGER and REAL values are exact in REAL(8).)
  subroutine compare(got, want)
    real(8), intent(in) :: got(:), want(:)
    if (size(got) /= size(want)) then
      bad = .true.
    else if (any(got /= want)) then
      bad = .true.
    end if
  end subroutine compare
end program example_indexer
