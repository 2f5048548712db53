! Shared by the Fortran indexer test programs (one per job, each on 1 to 4 ranks except
! the seed's, on 3):
!   test_indexer_seed         the seed's worked examples (Maia's GlobalIndexer), exactly
!   test_indexer_fixed        sizes, take, put (last writer, monoids, user monoids on a
!                             bind(C) derived type), put_alloc, access_counts
!   test_indexer_variable     take_v, take_v_alloc, put_v and put_v_into (extend, initial
!                             items, in place, too-small buffers with needed)
!   test_indexer_split_phase  every *_begin completed by weft_request_wait, against the
!                             simulation and the blocking calls' results; three requests
!                             outstanding, waited for in a rank-dependent order
!   test_indexer_errors       errors agreed across ranks, abstaining, nothing written,
!                             the indexer usable afterwards
! This module holds what they share: the world (distribution, this rank's indices, a
! one-part indexer gi with an INTEGER comm and default integers, a multi-part indexer
! gim with type(MPI_Comm) and 64-bit integers over the same flattened indices, whose
! results must be the same because the arrival order is; the user monoids), the
! inputs of each exchange and the serial simulation of its result (every rank's indices
! gathered with MPI_Allgatherv), and the checks.
! Distribution (rank r owns mod(3r+2, 5) items, 4 more on rank 0, so rank 1 owns none)
! and indices (mod(5r+4, 7) per rank, so rank 2 asks for none; pseudo-random, with a
! repeated index) are the same formulas on every rank count.
module indexer_test_support
  use, intrinsic :: iso_c_binding, only: c_int64_t, c_funloc, c_funptr
  use, intrinsic :: iso_fortran_env, only: int64, real64
  use mpi_f08
  use weft
  use weft_mpi
  use weft_test_check
  use monoid_ops
  implicit none
  integer, parameter :: I8 = int64, R8 = real64
  integer :: rank, nranks, n, dn, base, L, i, r, ierr, nparts
  integer, allocatable :: sz(:), distrib(:), idx(:), lens(:), displs(:), allidx(:), nidx(:)
  integer(I8) :: state
  integer(WEFT_ADDRESS_KIND) :: offs(2)
  type(weft_indexer) :: gi, gim
  type(weft_type) :: best_type
  type(weft_monoid) :: argmax, psum
  type(c_funptr) :: op

  ! got == want on this rank (sizes first), one check. Integers compare as INTEGER(8);
  ! REAL(8) values bit for bit (the indexer moves values, so their bits arrive unchanged).
  interface same
    module procedure same_i4, same_i8, same_r8
  end interface

contains

  ! MPI, the distribution and this rank's indices, both indexers and the user monoids.
  subroutine world_setup()
    call MPI_Init()
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    call MPI_Comm_size(MPI_COMM_WORLD, nranks)

    ! ---- the distribution and this rank's indices -----------------------------------------
    allocate(sz(0:nranks - 1), distrib(nranks + 1))
    do r = 0, nranks - 1
      sz(r) = mod(3 * r + 2, 5) + merge(4, 0, r == 0)
    end do
    distrib(1) = 0
    do r = 0, nranks - 1
      distrib(r + 2) = distrib(r + 1) + sz(r)
    end do
    n = distrib(nranks + 1)
    base = distrib(rank + 1)
    dn = sz(rank)
    L = mod(5 * rank + 4, 7)
    allocate(idx(L))
    state = 12345_I8 + 977_I8 * rank
    do i = 1, L
      state = mod(state * 1103515245_I8 + 12345_I8, 2147483648_I8)
      idx(i) = int(mod(state / 16, int(n, I8)))
    end do
    if (L >= 3) idx(L) = idx(1)   ! a repeated index
    ! Everybody's indices, in rank order (the arrival order of a one-part indexer).
    allocate(lens(nranks), displs(nranks))
    call MPI_Allgather(L, 1, MPI_INTEGER, lens, 1, MPI_INTEGER, MPI_COMM_WORLD)
    displs(1) = 0
    do r = 2, nranks
      displs(r) = displs(r - 1) + lens(r - 1)
    end do
    allocate(allidx(sum(lens)))
    call MPI_Allgatherv(idx, L, MPI_INTEGER, allidx, lens, displs, MPI_INTEGER, MPI_COMM_WORLD)

    ! The same indices as parts: 0 parts when there are none, else 1 to 3 parts (one of
    ! them empty when there are 3), flattened in order.
    nparts = merge(0, mod(rank + 2, 4) + 1, L == 0)
    nparts = min(nparts, 3)
    allocate(nidx(nparts))
    if (nparts == 1) nidx = [L]
    if (nparts == 2) nidx = [L / 2, L - L / 2]
    if (nparts == 3) nidx = [L / 2, 0, L - L / 2]

    ! ---- the indexers -------------------------------------------------------------------
    call weft_indexer_new(distrib, idx, MPI_COMM_WORLD%MPI_VAL, gi, ierr)   ! INTEGER comm
    call check_status(ierr, WEFT_SUCCESS, 'weft_indexer_new')
    call weft_indexer_new_multi(int(distrib, I8), int(nidx, I8), int(idx, I8), MPI_COMM_WORLD, &
                                gim, ierr)                                 ! type(MPI_Comm)
    call check_status(ierr, WEFT_SUCCESS, 'weft_indexer_new_multi')

    ! The user-defined monoids on the bind(C) derived type.
    call weft_type_struct_aligned(2, [1, 1], [WEFT_DOUBLE, WEFT_INT64], offs, best_type)
    call weft_type_commit(best_type)
    op = c_funloc(best_of)
    call weft_monoid_new(best_type, op, best_t(-huge(0d0), huge(0_c_int64_t)), argmax)
    call weft_monoid_new(best_type, pair_sum, best_t(0d0, 0), psum)
  end subroutine world_setup

  ! Frees everything, reports (finish() on every rank: the test fails when any rank
  ! failed), finalises MPI. name: the program.
  subroutine world_teardown(name)
    character(*), intent(in) :: name
    character(len=64) :: title
    if (gi /= WEFT_INDEXER_NULL) call weft_indexer_free(gi)
    call weft_indexer_free(gim)
    call weft_monoid_free(argmax)
    call weft_monoid_free(psum)
    call weft_type_free(best_type)
    write(title, '(2a, i0, a, i0)') name, ' rank ', rank, '/', nranks
    call finish(trim(title))
    call MPI_Finalize()
  end subroutine world_teardown

  ! ---- checks -------------------------------------------------------------------------

  ! Whether global item g is owned here.
  logical function owned(g)
    integer, intent(in) :: g
    owned = g >= base .and. g < base + dn
  end function owned

  ! Every rank's status against the expected one (all ranks see the same).
  subroutine same_everywhere(st, expected, what)
    integer, intent(in) :: st, expected
    character(*), intent(in) :: what
    integer :: sts(nranks)
    character(len=16) :: rk
    call MPI_Allgather(st, 1, MPI_INTEGER, sts, 1, MPI_INTEGER, MPI_COMM_WORLD)
    write(rk, '(a, i0)') ' (rank ', rank
    call check_status(st, expected, what // trim(rk) // ')')
    call check(all(sts == expected), what // ': the same status on every rank')
  end subroutine same_everywhere

  ! Every rank failed.
  subroutine failed_everywhere(st, what)
    integer, intent(in) :: st
    character(*), intent(in) :: what
    integer :: sts(nranks)
    call MPI_Allgather(st, 1, MPI_INTEGER, sts, 1, MPI_INTEGER, MPI_COMM_WORLD)
    call check(all(sts < 0), what // ': every rank fails')
  end subroutine failed_everywhere

  subroutine same_i8(got, want, what)
    integer(I8), intent(in) :: got(:), want(:)
    character(*), intent(in) :: what
    character(len=32) :: rk
    write(rk, '(a, i0, a)') ' (rank ', rank, ')'
    if (size(got) /= size(want)) then
      call check(.false., what // ': wrong size' // trim(rk))
    else
      call check(all(got == want), what // trim(rk))
    end if
  end subroutine same_i8

  subroutine same_i4(got, want, what)
    integer, intent(in) :: got(:), want(:)
    character(*), intent(in) :: what
    call same_i8(int(got, I8), int(want, I8), what)
  end subroutine same_i4

  subroutine same_r8(got, want, what)
    real(R8), intent(in) :: got(:), want(:)
    character(*), intent(in) :: what
    call same_i8(transfer(got, 0_I8, size(got)), transfer(want, 0_I8, size(want)), what)
  end subroutine same_r8

  ! ---- the exchanges' inputs and the serial simulation of their results -----------------

  ! What rank r writes, reads, ... : values that depend on the source rank, the position
  ! i (1-based) in its index list and the unit u.
  integer function put_value(r, i, u)
    integer, intent(in) :: r, i, u
    put_value = 100000 * r + 100 * i + u
  end function put_value

  ! The number of values of global item g (take_v) and of part item (r, i) (put_v).
  integer function vcount(g)
    integer, intent(in) :: g
    vcount = mod(7 * g + 3, 4)
  end function vcount
  integer function pcount(r, i)
    integer, intent(in) :: r, i
    pcount = mod(r + 2 * i, 3)
  end function pcount

  ! take, 3 INT64 per item: the owned items d8 and what this rank's indices get, e8.
  subroutine take_data(d8, e8)
    integer(I8), allocatable, intent(out) :: d8(:), e8(:)
    integer :: j, u
    allocate(d8(3 * dn), e8(3 * L))
    do j = 0, dn - 1
      do u = 1, 3
        d8(3 * j + u) = 1000_I8 * (base + j) + u
      end do
    end do
    do i = 1, L
      do u = 1, 3
        e8(3 * (i - 1) + u) = 1000_I8 * idx(i) + u
      end do
    end do
  end subroutine take_data

  ! put, 2 INTEGERs per item: this rank's items pi and the owned items ei (the last
  ! writer in arrival order wins; -1 where nobody writes).
  subroutine put_data(pi, ei)
    integer, allocatable, intent(out) :: pi(:), ei(:)
    integer :: u, gg
    allocate(pi(2 * L), ei(2 * dn))
    do i = 1, L
      do u = 1, 2
        pi(2 * (i - 1) + u) = put_value(rank, i, u)
      end do
    end do
    ei = -1
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (.not. owned(gg)) cycle
        do u = 1, 2
          ei(2 * (gg - base) + u) = put_value(r, i, u)
        end do
      end do
    end do
  end subroutine put_data

  ! put with PLUS (INT64, count 1): this rank's items c8, the owned items' initial
  ! contents s8 and the sums e8 (initial contents included).
  subroutine plus_data(c8, s8, e8)
    integer(I8), allocatable, intent(out) :: c8(:), s8(:), e8(:)
    integer :: j, gg
    allocate(s8(dn), c8(L))
    do i = 1, L
      c8(i) = 1000_I8 * rank + i
    end do
    do j = 0, dn - 1
      s8(j + 1) = 7_I8 * (base + j)
    end do
    e8 = s8
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) e8(gg - base + 1) = e8(gg - base + 1) + 1000_I8 * r + i
      end do
    end do
  end subroutine plus_data

  ! take_v: owned item g has vcount(g) values 10*g + u (counts tc, values tv); this
  ! rank's indices get ec, ev.
  subroutine take_v_data(tc, tv, ec, ev)
    integer, allocatable, intent(out) :: tc(:), tv(:), ec(:), ev(:)
    integer :: j, u
    allocate(tc(dn), tv(0))
    do j = 0, dn - 1
      tc(j + 1) = vcount(base + j)
      tv = [tv, (10 * (base + j) + u, u = 1, tc(j + 1))]
    end do
    allocate(ec(L), ev(0))
    do i = 1, L
      ec(i) = vcount(idx(i))
      ev = [ev, (10 * idx(i) + u, u = 1, ec(i))]
    end do
  end subroutine take_v_data

  ! put_v: part item (r, i) carries pcount(r, i) values 1000 r + 10 i + u (this rank's
  ! counts pc, REAL(8) values pr).
  subroutine put_v_data(pc, pr)
    integer, allocatable, intent(out) :: pc(:)
    real(R8), allocatable, intent(out) :: pr(:)
    integer :: u
    allocate(pc(L), pr(0))
    do i = 1, L
      pc(i) = pcount(rank, i)
      pr = [pr, (1000d0 * rank + 10 * i + u, u = 1, pc(i))]
    end do
  end subroutine put_v_data

  ! The result of put_v (with extend or not, with initial items or not) on the owned
  ! items: counts ec, values er; with init, the initial items ic, iv (owned item j has
  ! mod(j, 2) + 1 values -(10 g + u)), else none.
  subroutine put_v_sim(extend, init, ic, iv, ec, er)
    logical, intent(in) :: extend, init
    integer, allocatable, intent(out) :: ic(:), ec(:)
    real(R8), allocatable, intent(out) :: iv(:), er(:)
    integer :: j, gg, k, st, u
    allocate(ec(dn), er(0), ic(0), iv(0))
    do j = 0, dn - 1
      gg = base + j
      ! the last arrival at gg, if any
      k = 0
      st = -1
      do r = 0, nranks - 1
        do i = 1, lens(r + 1)
          if (allidx(displs(r + 1) + i) == gg) then
            st = r
            k = i
          end if
        end do
      end do
      ec(j + 1) = 0
      if (init .and. (extend .or. st < 0)) then
        ec(j + 1) = mod(j, 2) + 1
        er = [er, (-(10d0 * gg + u), u = 1, mod(j, 2) + 1)]
      end if
      if (extend) then
        do r = 0, nranks - 1
          do i = 1, lens(r + 1)
            if (allidx(displs(r + 1) + i) /= gg) cycle
            ec(j + 1) = ec(j + 1) + pcount(r, i)
            er = [er, (1000d0 * r + 10 * i + u, u = 1, pcount(r, i))]
          end do
        end do
      else if (st >= 0) then
        ec(j + 1) = pcount(st, k)
        er = [er, (1000d0 * st + 10 * k + u, u = 1, pcount(st, k))]
      end if
      if (init) then
        ic = [ic, mod(j, 2) + 1]
        iv = [iv, (-(10d0 * gg + u), u = 1, mod(j, 2) + 1)]
      end if
    end do
  end subroutine put_v_sim

  ! A label for the put_v variant: what, then extend and init when set.
  function put_v_tag(what, extend, init) result(tag)
    character(*), intent(in) :: what
    logical, intent(in) :: extend, init
    character(len=:), allocatable :: tag
    tag = what // ': put_v' // trim(merge(' extend', '       ', extend)) // &
          trim(merge(' init', '     ', init))
  end function put_v_tag
end module indexer_test_support
