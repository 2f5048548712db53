! Shared by the Fortran indexer tests (test_indexer_seed, _exchanges, _errors): the
! world they run in (distribution, indices, indexers, user monoids), the serial
! simulation and the checks. Each test program calls world_setup, its part, and
! world_teardown. What the parts cover:
!   - On 3 ranks: the worked examples of the seed (Maia's GlobalIndexer), exactly:
!     distri [0,2,4,5], idx P0 [4,0], P1 [1,3], P2 [0]; Take count 2, Put (write
!     priority), Put MAX, Take_v, Put_v, Put_v extend (13.1, not the seed's typo 30.1).
!   - On every rank count: take, put, put with monoids, put_alloc, access_counts,
!     take_v (caller buffers, too-small buffers, allocating), put_v (with and without
!     extend and initial data), put_v_into (the same four cases, the initial items also
!     in the output arrays themselves, too-small buffers with needed), the split phase
!     of each (take_v_begin, take_v_alloc_begin, put_v_begin, put_v_into_begin completed
!     by weft_request_wait, also with three requests outstanding and waited for in a
!     rank-dependent order), checked against a serial simulation of the whole exchange
!     (every rank's indices gathered with MPI_Allgatherv) and against the blocking
!     calls' results; once with a one-part indexer (INTEGER comm, default integers) and
!     once with a multi-part indexer over the same flattened indices (type(MPI_Comm),
!     64-bit integers), whose results must be the same because the arrival order is.
!   - A user-defined monoid from Fortran bind(C) subroutines on a bind(C) derived type
!     unit (argmax with ties to the earliest arrival, and a componentwise sum).
!   - Errors: an index out of range or negative on one rank only, a distribution of the
!     wrong size on one rank, a rank-dependent distribution, mismatched counts, an array
!     too short on one rank, a monoid of the wrong domain, a negative count: every rank
!     fails (with the same status when the C library agreed it), nothing is written, and
!     the indexer remains usable. Split phase: an array too short at begin on one rank
!     (every rank fails, no request), a wait without (or with) result arrays for a
!     request with (without) allocatable results, result arrays of the wrong element
!     type, a null request.
! Distribution (rank r owns mod(3r+2, 5) items, 4 more on rank 0, so rank 1 owns none)
! and indices (mod(5r+4, 7) per rank, so rank 2 asks for none; pseudo-random, with a
! repeated index) are the same formulas on every rank count.
module indexer_test_world
  use, intrinsic :: iso_c_binding, only: c_bool, c_int64_t, c_double, c_funloc, c_funptr
  use, intrinsic :: iso_fortran_env, only: int64, real64
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_negative_inf
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
    call check_sizes()

    ! The user-defined monoids on the bind(C) derived type.
    call weft_type_struct_aligned(2, [1, 1], [WEFT_DOUBLE, WEFT_INT64], offs, best_type)
    call weft_type_commit(best_type)
    op = c_funloc(best_of)
    call weft_monoid_new(best_type, op, best_t(-huge(0d0), huge(0_c_int64_t)), argmax)
    call weft_monoid_new(best_type, pair_sum, best_t(0d0, 0), psum)
  end subroutine world_setup

  ! Frees everything (checking the free calls), reports, finalises MPI.
  subroutine world_teardown()
    call weft_indexer_free(gi, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'weft_indexer_free')
    call check(gi == WEFT_INDEXER_NULL, 'free sets the handle to WEFT_INDEXER_NULL')
    call weft_indexer_free(gi, ierr)
    call check_status(ierr, WEFT_INVALID_HANDLE, 'freeing it again')
    call weft_indexer_free(gim)
    call weft_monoid_free(argmax)
    call weft_monoid_free(psum)
    call weft_type_free(best_type)
    call finish_all()
    call MPI_Finalize()
  end subroutine world_teardown

  ! ---- helpers ------------------------------------------------------------------------

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

  ! finish() on every rank; the test fails when any rank failed (finish stops).
  subroutine finish_all()
    character(len=32) :: name
    write(name, '(a, i0, a, i0)') 'test_indexer rank ', rank, '/', nranks
    call finish(trim(name))
  end subroutine finish_all

  subroutine check_sizes()
    integer :: d, np, k, s
    integer(I8) :: d8, np8, s8
    call weft_indexer_sizes(gi, d, np, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'weft_indexer_sizes')
    call check(d == dn .and. np == 1, 'one-part indexer: dn and 1 part')
    call weft_indexer_part_size(gi, 0, s)
    call check_i(s, L, 'part 0 (0-based) has the indices')
    call weft_indexer_sizes(gim, d8, np8)
    call check(d8 == dn .and. np8 == nparts, 'multi-part indexer: dn and nparts')
    do k = 1, nparts
      call weft_indexer_part_size(gim, int(k - 1, I8), s8)
      call check(s8 == nidx(k), 'multi-part: part sizes')
    end do
    call weft_indexer_part_size(gim, nparts, s, ierr)
    call check_status(ierr, WEFT_INVALID_INDEX, 'part number nparts is out of range')
  end subroutine check_sizes

  ! ---- the seed's worked examples (3 ranks) -------------------------------------------

  subroutine seed_examples()
    type(weft_indexer) :: g
    integer, allocatable :: sidx(:), dist(:), extr(:), dnew(:), counts(:), vdata(:), co(:), vo(:)
    integer, allocatable :: pcounts(:), cn(:), icounts(:)
    integer(I8), allocatable :: cn8(:), pcounts8(:)
    real, allocatable :: values(:), vn(:), ivalues(:)
    integer :: sdn
    select case (rank)
    case (0)
      sidx = [4, 0]
      dist = [3, 5, 5, 7]
      counts = [1, 1]
      vdata = [1, 11]
      pcounts = [1, 3]
      values = [4.1, 0.1, 0.2, 0.3]
    case (1)
      sidx = [1, 3]
      dist = [11, 13, 17, 19]
      counts = [1, 2]
      vdata = [21, 12, 11]
      pcounts = [0, 1]
      values = [13.1]
    case default
      sidx = [0]
      dist = [29, 31]
      counts = [3]
      vdata = [11, 12, 21]
      pcounts = [2]
      values = [20.1, 20.2]
    end select
    sdn = size(dist) / 2
    call weft_indexer_new([0, 2, 4, 5], sidx, MPI_COMM_WORLD, g, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: GlobalIndexer(distri, idx, comm)')

    ! Take, count = 2
    allocate(extr(2 * size(sidx)))
    call weft_indexer_take(g, dist, 2, WEFT_INTEGER, extr, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Take')
    call seed_check(extr, [29, 31, 3, 5], [5, 7, 17, 19], [3, 5], 'seed: Take(count=2)')

    ! Put, count = 2, into zeros; rank 2 writes -extr: the last writer (rank 2) wins
    allocate(dnew(2 * sdn))
    dnew = 0
    if (rank == 2) extr = -extr
    call weft_indexer_put(g, extr, 2, WEFT_INTEGER, dnew, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Put')
    call seed_check(dnew, [-3, -5, 5, 7], [0, 0, 17, 19], [29, 31], 'seed: Put(count=2)')

    ! Put MAX, into the result of Put
    call weft_indexer_put(g, extr, 2, WEFT_INTEGER, dnew, WEFT_MAX_MONOID_INT32, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Put MAX')
    call seed_check(dnew, [3, 5, 5, 7], [0, 0, 17, 19], [29, 31], 'seed: Put(count=2, reduce=MAX)')
    ! ... and from zeros, as Maia's dist_data_new = zeros(...)
    dnew = 0
    call weft_indexer_put(g, extr, 2, WEFT_INTEGER, dnew, WEFT_MAX_MONOID_INT32, ierr)
    call seed_check(dnew, [3, 5, 5, 7], [0, 0, 17, 19], [29, 31], 'seed: Put MAX from zeros')

    ! Take_v
    call weft_indexer_take_v_alloc(g, counts, vdata, WEFT_INTEGER, co, vo, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Take_v')
    call seed_check(co, [3, 1], [1, 2], [1], 'seed: Take_v counts')
    call seed_check(vo, [11, 12, 21, 1], [11, 12, 11], [1], 'seed: Take_v values')
    ! the same into caller buffers
    deallocate(co, vo)
    allocate(co(size(sidx)), vo(4))
    vo = -9
    call weft_indexer_take_v(g, counts, vdata, WEFT_INTEGER, co, vo, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Take_v into caller buffers')
    call seed_check(co, [3, 1], [1, 2], [1], 'seed: Take_v counts (caller buffers)')
    call seed_check(vo(1:sum(co)), [11, 12, 21, 1], [11, 12, 11], [1], &
                    'seed: Take_v values (caller buffers)')
    call check(all(vo(sum(co) + 1:) == -9), 'seed: Take_v writes nothing past the values')

    ! Put_v (REAL values); then with extend
    call weft_indexer_put_v(g, pcounts, values, WEFT_REAL, .false., cn, vn, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Put_v')
    call seed_check(cn, [2, 0], [0, 1], [1], 'seed: Put_v counts')
    call seed_check_r(vn, [20.1, 20.2], [13.1], [4.1], 'seed: Put_v values')
    pcounts8 = int(pcounts, I8)
    call weft_indexer_put_v(g, pcounts8, values, WEFT_REAL, .true., cn8, vn, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Put_v extend')
    call seed_check(int(cn8), [5, 0], [0, 1], [1], 'seed: Put_v(extend=True) counts')
    call seed_check_r(vn, [0.1, 0.2, 0.3, 20.1, 20.2], [13.1], [4.1], &
                      'seed: Put_v(extend=True) values')
    ! extend after initial data (Maia: "the concatenation also includes the initial
    ! values"); item 2, which nobody writes, keeps its initial block
    select case (rank)
    case (0)
      icounts = [1, 0]
      ivalues = [-1.0]
    case (1)
      icounts = [2, 1]
      ivalues = [-2.0, -2.5, -3.0]
    case default
      icounts = [0]
      allocate(ivalues(0))
    end select
    call weft_indexer_put_v(g, pcounts, values, WEFT_REAL, .true., cn, vn, icounts, ivalues, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Put_v extend with initial data')
    call seed_check(cn, [6, 0], [2, 2], [1], 'seed: Put_v(initial, extend=True) counts')
    call seed_check_r(vn, [-1.0, 0.1, 0.2, 0.3, 20.1, 20.2], [-2.0, -2.5, -3.0, 13.1], [4.1], &
                      'seed: Put_v(initial, extend=True) values')
    ! without extend: written items get the last block, item 2 keeps its initial block
    call weft_indexer_put_v(g, pcounts, values, WEFT_REAL, .false., cn, vn, icounts, ivalues, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'seed: Put_v with initial data')
    call seed_check(cn, [2, 0], [2, 1], [1], 'seed: Put_v(initial) counts')
    call seed_check_r(vn, [20.1, 20.2], [-2.0, -2.5, 13.1], [4.1], 'seed: Put_v(initial) values')
    call weft_indexer_free(g)
  end subroutine seed_examples

  subroutine seed_check(got, e0, e1, e2, what)
    integer, intent(in) :: got(:), e0(:), e1(:), e2(:)
    character(*), intent(in) :: what
    select case (rank)
    case (0)
      call same_ints(got, e0, what)
    case (1)
      call same_ints(got, e1, what)
    case default
      call same_ints(got, e2, what)
    end select
  end subroutine seed_check

  subroutine seed_check_r(got, e0, e1, e2, what)
    real, intent(in) :: got(:), e0(:), e1(:), e2(:)
    character(*), intent(in) :: what
    select case (rank)
    case (0)
      call same_reals(real(got, R8), real(e0, R8), what)
    case (1)
      call same_reals(real(got, R8), real(e1, R8), what)
    case default
      call same_reals(real(got, R8), real(e2, R8), what)
    end select
  end subroutine seed_check_r

  ! got == want elementwise on this rank (sizes first), one check: a typed form per
  ! element type (Fortran has no generic bodies), one report (same_outcome).
  subroutine same_ints(got, want, what)
    integer, intent(in) :: got(:), want(:)
    character(*), intent(in) :: what
    logical :: equal
    equal = size(got) == size(want)
    if (equal) equal = all(got == want)
    call same_outcome(size(got) == size(want), equal, what)
  end subroutine same_ints

  subroutine same_i8(got, want, what)
    integer(I8), intent(in) :: got(:), want(:)
    character(*), intent(in) :: what
    logical :: equal
    equal = size(got) == size(want)
    if (equal) equal = all(got == want)
    call same_outcome(size(got) == size(want), equal, what)
  end subroutine same_i8

  subroutine same_reals(got, want, what)
    real(R8), intent(in) :: got(:), want(:)
    character(*), intent(in) :: what
    logical :: equal
    equal = size(got) == size(want)
    if (equal) equal = all(got == want)
    call same_outcome(size(got) == size(want), equal, what)
  end subroutine same_reals

  subroutine same_outcome(same_size, equal, what)
    logical, intent(in) :: same_size, equal
    character(*), intent(in) :: what
    character(len=32) :: rk
    write(rk, '(a, i0, a)') ' (rank ', rank, ')'
    if (.not. same_size) then
      call check(.false., what // ': wrong size' // trim(rk))
    else
      call check(equal, what // trim(rk))
    end if
  end subroutine same_outcome

  ! ---- every exchange against the serial simulation ----------------------------------

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

  subroutine exchanges(g, what)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    integer(I8), allocatable :: d8(:), p8(:), e8(:), s8(:), acc8(:), c8(:)
    integer, allocatable :: pi(:), di(:), ei(:), acc(:), tc(:), tv(:), pc(:), pv(:), ec(:), ev(:)
    integer, allocatable :: cnt(:)
    real(R8), allocatable :: rv(:), dr(:), er(:), pr(:)
    complex(R8), allocatable :: cv(:), dc(:), ecx(:)
    logical(c_bool), allocatable :: fl(:), dfl(:), efl(:)
    logical, allocatable :: fld(:), dld(:)
    type(best_t), allocatable :: bp(:), bd(:), eb(:), bt(:)
    type(best_t) :: ident, best
    type(weft_request) :: req
    integer :: j, u, gg, p, k, m, st
    logical :: extend, init

    ! -- take, 3 INT64 per item; count as default and as 64-bit integer
    allocate(d8(3 * dn), p8(3 * L), e8(3 * L))
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
    p8 = -1
    call weft_indexer_take(g, d8, 3, WEFT_INT64, p8, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take')
    call same_i8(p8, e8, what // ': take, count 3')
    p8 = -1
    call weft_indexer_take(g, d8, 3_I8, WEFT_INT64, p8, ierr)
    call same_i8(p8, e8, what // ': take, count INTEGER(8)')
    ! split phase
    p8 = -1
    call weft_indexer_take_begin(g, d8, 3, WEFT_INT64, p8, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_begin')
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take)')
    call same_i8(p8, e8, what // ': take_begin + wait')
    call check(req == WEFT_REQUEST_NULL, what // ': wait nulls the request')

    ! -- put, 2 INTEGERs per item: the last writer in arrival order wins
    allocate(pi(2 * L), di(2 * dn), ei(2 * dn))
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
    di = -1
    call weft_indexer_put(g, pi, 2, WEFT_INTEGER, di, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put')
    call same_ints(di, ei, what // ': put, last writer wins')

    ! -- put with PLUS (INT64, count 1), from initial contents; also split phase
    allocate(s8(dn), c8(L))
    do i = 1, L
      c8(i) = 1000_I8 * rank + i
    end do
    do j = 0, dn - 1
      s8(j + 1) = 7_I8 * (base + j)
    end do
    deallocate(e8)
    allocate(e8(dn))
    e8 = s8
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) e8(gg - base + 1) = e8(gg - base + 1) + 1000_I8 * r + i
      end do
    end do
    call weft_indexer_put(g, c8, 1, WEFT_INT64, s8, WEFT_PLUS_MONOID_INT64, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put PLUS')
    call same_i8(s8, e8, what // ': put PLUS (initial contents included)')
    do j = 0, dn - 1
      s8(j + 1) = 7_I8 * (base + j)
    end do
    call weft_indexer_put_begin(g, c8, 1_I8, WEFT_INT64, s8, req, WEFT_PLUS_MONOID_INT64, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_begin PLUS')
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (put)')
    call same_i8(s8, e8, what // ': put_begin PLUS + wait')
    ! without reduce, split phase
    di = -1
    call weft_indexer_put_begin(g, pi, 2, WEFT_INTEGER, di, req, ierr)
    call weft_request_wait(req, ierr)
    call same_ints(di, ei, what // ': put_begin + wait, last writer wins')

    ! -- put with MIN (INTEGER via the INT32 monoid), count 2
    do i = 1, L
      do u = 1, 2
        pi(2 * (i - 1) + u) = mod(37 * rank + 11 * i + 5 * u, 17) - 8
      end do
    end do
    ei = 100
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (.not. owned(gg)) cycle
        do u = 1, 2
          ei(2 * (gg - base) + u) = min(ei(2 * (gg - base) + u), mod(37 * r + 11 * i + 5 * u, 17) - 8)
        end do
      end do
    end do
    di = 100
    call weft_indexer_put(g, pi, 2, WEFT_INTEGER, di, WEFT_MIN_MONOID_INT32, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put MIN')
    call same_ints(di, ei, what // ': put MIN on WEFT_INTEGER')

    ! -- put_alloc: REAL(8), without reduce (zeros) and with MAX (-inf)
    allocate(rv(L), er(dn))
    do i = 1, L
      rv(i) = rank + i / 8d0
    end do
    er = 0
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) er(gg - base + 1) = r + i / 8d0
      end do
    end do
    call weft_indexer_put_alloc(g, rv, 1, WEFT_DOUBLE_PRECISION, dr, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc')
    call same_reals(dr, er, what // ': put_alloc, zeros where nobody writes')
    er = ieee_value(0d0, ieee_negative_inf)
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) er(gg - base + 1) = max(er(gg - base + 1), r + i / 8d0)
      end do
    end do
    call weft_indexer_put_alloc(g, rv, 1_I8, WEFT_DOUBLE_PRECISION, dr, WEFT_MAX_MONOID_FP64, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc MAX')
    call same_reals(dr, er, what // ': put_alloc MAX, -inf where nobody writes')
    ! LOR on LOGICAL(c_bool) flags into a LOGICAL(c_bool) array
    allocate(fl(L), efl(dn))
    do i = 1, L
      fl(i) = mod(rank + i, 3) == 0
    end do
    efl = .false.
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) efl(gg - base + 1) = efl(gg - base + 1) .or. mod(r + i, 3) == 0
      end do
    end do
    call weft_indexer_put_alloc(g, fl, 1, WEFT_BOOL, dfl, WEFT_LOR_MONOID_BOOL, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc LOR')
    call check(size(dfl) == dn, what // ': put_alloc LOR size')
    if (size(dfl) == dn) call check(logical(all(dfl .eqv. efl)), what // ': put_alloc LOR on WEFT_BOOL')
    ! default LOGICAL (4 bytes, .true. = 1 with gfortran): WEFT_INT32 units and the INT32
    ! logical monoid, into a LOGICAL array
    allocate(fld(L))
    fld = fl
    call weft_indexer_put_alloc(g, fld, 1, WEFT_INT32, dld, WEFT_LOR_MONOID_INT32, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc LOR_INT32 on LOGICAL')
    call check(size(dld) == dn, what // ': put_alloc LOGICAL size')
    if (size(dld) == dn) call check(all(dld .eqv. logical(efl)), what // ': put_alloc LOR on LOGICAL')
    ! 2 DOUBLEs per item into a COMPLEX(8) array (one element per item)
    allocate(cv(L), ecx(dn))
    do i = 1, L
      cv(i) = cmplx(rank, -i, R8)
    end do
    ecx = (0d0, 0d0)
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) ecx(gg - base + 1) = cmplx(r, -i, R8)
      end do
    end do
    call weft_indexer_put_alloc(g, cv, 2, WEFT_DOUBLE, dc, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc into COMPLEX')
    call check(size(dc) == dn, what // ': put_alloc COMPLEX size')
    if (size(dc) == dn) call check(all(dc == ecx), what // ': put_alloc, 2 DOUBLEs per COMPLEX')

    ! -- access_counts
    deallocate(ei)
    allocate(ei(dn))
    ei = 0
    do p = 1, size(allidx)
      if (owned(allidx(p))) ei(allidx(p) - base + 1) = ei(allidx(p) - base + 1) + 1
    end do
    call weft_indexer_access_counts(g, acc, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': access_counts')
    call same_ints(acc, ei, what // ': access_counts')
    call weft_indexer_access_counts(g, acc8)
    call same_i8(acc8, int(ei, I8), what // ': access_counts INTEGER(8)')

    ! -- take_v: item g has vcount(g) values 10*g + u
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
    allocate(pc(L), pv(sum(ec) + 3))
    pc = -1
    pv = -7
    call weft_indexer_take_v(g, tc, tv, WEFT_INTEGER, pc, pv, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v')
    call same_ints(pc, ec, what // ': take_v counts')
    call same_ints(pv(1:sum(ec)), ev, what // ': take_v values')
    call check(all(pv(sum(ec) + 1:) == -7), what // ': take_v writes only the values')
    ! too small on the ranks that receive values: their counts only, INSUFFICIENT_SPACE
    deallocate(pv)
    allocate(pv(max(sum(ec) - 1, 0)))
    pc = -1
    pv = -7
    call weft_indexer_take_v(g, tc, tv, WEFT_INTEGER, pc, pv, ierr)
    if (sum(ec) > 0) then
      call check_status(ierr, WEFT_INSUFFICIENT_SPACE, what // ': take_v, values do not fit')
      call check(all(pv == -7), what // ': no values written when they do not fit')
    else
      call check_status(ierr, WEFT_SUCCESS, what // ': take_v, nothing to receive')
    end if
    call same_ints(pc, ec, what // ': take_v counts written even when the values do not fit')
    ! allocating, with INTEGER(8) counts
    call weft_indexer_take_v_alloc(g, int(tc, I8), tv, WEFT_INTEGER, c8, pv, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v_alloc')
    call same_i8(c8, int(ec, I8), what // ': take_v_alloc counts')
    call same_ints(pv, ev, what // ': take_v_alloc values')
    call take_v_split(g, what, tc, tv, ec, ev, c8, pv)

    ! -- put_v: part item (r, i) carries pcount(r, i) values 1000 r + 10 i + u
    deallocate(pc)
    allocate(pc(L), pr(0))
    do i = 1, L
      pc(i) = pcount(rank, i)
      pr = [pr, (1000d0 * rank + 10 * i + u, u = 1, pc(i))]
    end do
    deallocate(er, dr)
    do m = 0, 3
      extend = mod(m, 2) == 1
      init = m >= 2
      ! the simulation
      deallocate(ec)
      allocate(ec(dn), er(0))
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
      end do
      if (init) then
        deallocate(tc)
        allocate(tc(dn), dr(0))
        do j = 0, dn - 1
          tc(j + 1) = mod(j, 2) + 1
          dr = [dr, (-(10d0 * (base + j) + u), u = 1, tc(j + 1))]
        end do
        call weft_indexer_put_v(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, cnt, rv, tc, dr, ierr)
      else
        allocate(dr(0))
        call weft_indexer_put_v(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, c8, rv, ierr)
        cnt = int(c8)
      end if
      call check_status(ierr, WEFT_SUCCESS, what // ': put_v')
      call same_ints(cnt, ec, what // ': put_v counts' // trim(merge(' extend', '       ', extend)) &
                     // trim(merge(' init', '     ', init)))
      call same_reals(rv, er, what // ': put_v values' // trim(merge(' extend', '       ', extend)) &
                      // trim(merge(' init', '     ', init)))
      call put_v_variants(g, what, extend, init, pc, pr, tc, dr, ec, er, cnt, rv)
      deallocate(er, dr)
    end do

    ! -- the user-defined monoids on the bind(C) derived type
    allocate(bp(L), bd(dn), eb(dn), bt(L))
    do i = 1, L
      bp(i) = best_t(real(mod(7 * rank + 3 * i, 5), c_double), displs(rank + 1) + i)
    end do
    call weft_monoid_identity(argmax, ident)
    bd = ident
    eb = ident
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (.not. owned(gg)) cycle
        ident = eb(gg - base + 1)
        call best_of(eb(gg - base + 1), ident, &
                     best_t(real(mod(7 * r + 3 * i, 5), c_double), displs(r + 1) + i))
      end do
    end do
    call weft_indexer_put(g, bp, 1, best_type, bd, argmax, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put with the argmax monoid')
    call check(all(bd%value == eb%value .and. bd%where == eb%where), &
               what // ': argmax of bind(C) structs, ties to the earliest arrival')
    ! take the structs back: every index gets its item's best
    call weft_indexer_take(g, bd, 1, best_type, bt, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take of bind(C) structs')
    do i = 1, L
      gg = idx(i)
      ! the best over every arrival at gg
      best = best_t(-huge(0d0), huge(0_c_int64_t))
      do r = 0, nranks - 1
        do k = 1, lens(r + 1)
          if (allidx(displs(r + 1) + k) /= gg) cycle
          ident = best
          call best_of(best, ident, best_t(real(mod(7 * r + 3 * k, 5), c_double), displs(r + 1) + k))
        end do
      end do
      call check(bt(i)%value == best%value .and. bt(i)%where == best%where, &
                 what // ': take returns the reduced structs')
    end do
    ! componentwise sum (procedure(weft_binary_op) monoid), from zeros
    bd = best_t(0d0, 0)
    eb = best_t(0d0, 0)
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) eb(gg - base + 1) = best_t(eb(gg - base + 1)%value + mod(7 * r + 3 * i, 5), &
                                                  eb(gg - base + 1)%where + displs(r + 1) + i)
      end do
    end do
    call weft_indexer_put(g, bp, 1, best_type, bd, psum, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put with the pair_sum monoid')
    call check(all(bd%value == eb%value .and. bd%where == eb%where), what // ': pair_sum of structs')
  end subroutine exchanges

  ! ---- the split-phase and caller-buffer twins of take_v and put_v ---------------------

  ! take_v_begin (caller buffers, also too small ones) and take_v_alloc_begin, completed
  ! by weft_request_wait, against the serial expectation (ec, ev) and the blocking
  ! take_v_alloc's results (bc, bv); then three requests outstanding at once, waited for
  ! in an order that depends on the rank.
  subroutine take_v_split(g, what, tc, tv, ec, ev, bc, bv)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    integer, intent(in) :: tc(:), tv(:), ec(:), ev(:), bv(:)
    integer(I8), intent(in) :: bc(:)
    integer, allocatable, target, asynchronous :: pc(:), pv(:), pc2(:), pv2(:)
    integer(I8), allocatable, target, asynchronous :: pc8(:)
    integer(I8), allocatable :: ac8(:)
    integer, allocatable :: ac(:), av(:)
    type(weft_request) :: req, reqs(3)
    integer :: ne, k, w
    ne = sum(ec)
    ! into caller buffers (3 units of slack, left alone)
    allocate(pc(L), pv(ne + 3))
    pc = -1
    pv = -7
    call weft_indexer_take_v_begin(g, tc, tv, WEFT_INTEGER, pc, pv, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v_begin')
    call check(req /= WEFT_REQUEST_NULL, what // ': take_v_begin gives a request')
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take_v)')
    call check(req == WEFT_REQUEST_NULL, what // ': wait nulls the take_v request')
    call same_ints(pc, ec, what // ': take_v_begin + wait counts')
    call same_ints(pv(1:ne), ev, what // ': take_v_begin + wait values')
    call check(all(pv(ne + 1:) == -7), what // ': take_v_begin writes only the values')
    call same_i8(int(pc, I8), bc, what // ': take_v_begin counts = take_v_alloc counts')
    call same_ints(pv(1:ne), bv, what // ': take_v_begin values = take_v_alloc values')
    ! 64-bit counts, exact capacity
    deallocate(pv)
    allocate(pc8(L), pv(ne))
    pc8 = -1
    pv = -7
    call weft_indexer_take_v_begin(g, int(tc, I8), tv, WEFT_INTEGER, pc8, pv, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v_begin INTEGER(8)')
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take_v INTEGER(8))')
    call same_i8(pc8, bc, what // ': take_v_begin INTEGER(8) counts')
    call same_ints(pv, bv, what // ': take_v_begin values, exact capacity')
    ! too small on the ranks that receive values: found at wait, counts written, values not
    deallocate(pv)
    allocate(pv(max(ne - 1, 0)))
    pc = -1
    pv = -7
    call weft_indexer_take_v_begin(g, tc, tv, WEFT_INTEGER, pc, pv, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v_begin, values will not fit')
    call weft_request_wait(req, ierr)
    if (ne > 0) then
      call check_status(ierr, WEFT_INSUFFICIENT_SPACE, what // ': wait (take_v), values do not fit')
      call check(all(pv == -7), what // ': take_v_begin wrote no values when they do not fit')
    else
      call check_status(ierr, WEFT_SUCCESS, what // ': wait (take_v), nothing to receive')
    end if
    call check(req == WEFT_REQUEST_NULL, what // ': a failed wait nulls the request too')
    call same_ints(pc, ec, what // ': take_v_begin counts written even when the values do not fit')
    ! allocating, with default and 64-bit counts
    call weft_indexer_take_v_alloc_begin(g, tc, tv, WEFT_INTEGER, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v_alloc_begin')
    call weft_request_wait(req, ac, av, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take_v_alloc)')
    call check(req == WEFT_REQUEST_NULL, what // ': wait nulls the take_v_alloc request')
    call same_ints(ac, ec, what // ': take_v_alloc_begin + wait counts')
    call same_ints(av, ev, what // ': take_v_alloc_begin + wait values')
    call weft_indexer_take_v_alloc_begin(g, int(tc, I8), tv, WEFT_INTEGER, req, ierr)
    call weft_request_wait(req, ac8, av, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take_v_alloc INTEGER(8))')
    call same_i8(ac8, bc, what // ': take_v_alloc_begin counts = take_v_alloc counts')
    call same_ints(av, bv, what // ': take_v_alloc_begin values = take_v_alloc values')

    ! three requests outstanding, begun in the same order everywhere, waited for in
    ! order 1 2 3 on even ranks and 3 2 1 on odd ranks
    deallocate(pv, av, ac8)
    allocate(pv(ne), pc2(L), pv2(ne + 1))
    pc = -1
    pv = -7
    pc2 = -1
    pv2 = -7
    call weft_indexer_take_v_begin(g, tc, tv, WEFT_INTEGER, pc, pv, reqs(1), ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': outstanding 1')
    call weft_indexer_take_v_alloc_begin(g, int(tc, I8), tv, WEFT_INTEGER, reqs(2), ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': outstanding 2')
    call weft_indexer_take_v_begin(g, tc, tv, WEFT_INTEGER, pc2, pv2, reqs(3), ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': outstanding 3')
    do w = 1, 3
      k = merge(w, 4 - w, mod(rank, 2) == 0)
      if (k == 2) then
        call weft_request_wait(reqs(k), ac8, av, ierr)
      else
        call weft_request_wait(reqs(k), ierr)
      end if
      call check_status(ierr, WEFT_SUCCESS, what // ': wait for an outstanding request')
    end do
    call check(all(reqs == WEFT_REQUEST_NULL), what // ': every outstanding request waited for')
    call same_ints(pc, ec, what // ': outstanding 1 counts')
    call same_ints(pv, ev, what // ': outstanding 1 values')
    call same_i8(ac8, bc, what // ': outstanding 2 counts')
    call same_ints(av, bv, what // ': outstanding 2 values')
    call same_ints(pc2, ec, what // ': outstanding 3 counts')
    call same_ints(pv2(1:ne), ev, what // ': outstanding 3 values')
    call check(pv2(ne + 1) == -7, what // ': outstanding 3 writes only the values')
  end subroutine take_v_split

  ! The put_v exchange (part counts pc and values pr, REAL(8) units; initial items ic, iv
  ! when init) through put_v_into (blocking and split phase; the initial items in other
  ! arrays and in the output arrays themselves; a too small values buffer) and
  ! put_v_begin, against the serial expectation (ec, er) and the blocking put_v's results
  ! (bc, bv).
  subroutine put_v_variants(g, what, extend, init, pc, pr, ic, iv, ec, er, bc, bv)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    logical, intent(in) :: extend, init
    integer, intent(in) :: pc(:), ic(:), ec(:), bc(:)
    real(R8), intent(in) :: pr(:), iv(:), er(:), bv(:)
    integer, allocatable, target, asynchronous :: oc(:)
    integer(I8), allocatable, target, asynchronous :: oc8(:)
    real(R8), allocatable, target, asynchronous :: ov(:)
    integer, target, asynchronous :: nd
    integer(I8), target, asynchronous :: nd8
    integer, allocatable :: ac(:)
    integer(I8), allocatable :: ac8(:)
    real(R8), allocatable :: av(:)
    type(weft_request) :: req
    character(len=:), allocatable :: tag
    integer :: ne, ni
    tag = what // ': put_v' // trim(merge(' extend', '       ', extend)) // &
          trim(merge(' init', '     ', init))
    ne = sum(ec)
    ni = 0
    if (init) ni = sum(ic)

    ! -- put_v_into, new buffers (2 units of slack, left alone), needed asked for
    allocate(oc(dn), ov(ne + 2))
    oc = -5
    ov = -7
    nd = -1
    if (init) then
      call weft_indexer_put_v_into(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, oc, ov, ic, iv, &
                                   needed=nd, ierror=ierr)
    else
      call weft_indexer_put_v_into(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, oc, ov, needed=nd, &
                                   ierror=ierr)
    end if
    call check_status(ierr, WEFT_SUCCESS, tag // '_into')
    call same_ints(oc, ec, tag // '_into counts')
    call same_reals(ov(1:ne), er, tag // '_into values')
    call check(all(ov(ne + 1:) == -7), tag // '_into writes only the values')
    call check_i(nd, ne, tag // '_into needed')
    call same_ints(oc, bc, tag // '_into counts = put_v counts')
    call same_reals(ov(1:ne), bv, tag // '_into values = put_v values')
    ! 64-bit counts, exact capacity, needed not asked for
    deallocate(ov)
    allocate(oc8(dn), ov(ne))
    oc8 = -5
    ov = -7
    if (init) then
      call weft_indexer_put_v_into(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, oc8, ov, &
                                   int(ic, I8), iv, ierror=ierr)
    else
      call weft_indexer_put_v_into(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, oc8, ov, &
                                   ierror=ierr)
    end if
    call check_status(ierr, WEFT_SUCCESS, tag // '_into INTEGER(8)')
    call same_i8(oc8, int(ec, I8), tag // '_into INTEGER(8) counts')
    call same_reals(ov, er, tag // '_into values, exact capacity')
    ! in place: the initial items in the output arrays themselves
    if (init) then
      deallocate(ov)
      allocate(ov(max(ne, ni) + 1))
      oc = ic
      ov = -7
      ov(1:ni) = iv
      nd = -1
      call weft_indexer_put_v_into(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, oc, ov, oc, ov, nd, &
                                   ierr)
      call check_status(ierr, WEFT_SUCCESS, tag // '_into in place')
      call same_ints(oc, ec, tag // '_into in place counts')
      call same_reals(ov(1:ne), er, tag // '_into in place values')
      call check(all(ov(max(ne, ni) + 1:) == -7), tag // '_into in place: nothing past the values')
      call check_i(nd, ne, tag // '_into in place needed')
    end if

    ! -- put_v_into_begin + wait: in place with default integers when init, else into new
    !    64-bit counts
    deallocate(ov)
    allocate(ov(max(ne, ni) + 1))
    ov = -7
    oc = -5
    oc8 = -5
    nd = -1
    nd8 = -1
    if (init) then
      oc = ic
      ov(1:ni) = iv
      call weft_indexer_put_v_into_begin(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, oc, ov, req, &
                                         oc, ov, nd, ierr)
    else
      call weft_indexer_put_v_into_begin(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, oc8, &
                                         ov, req, needed=nd8, ierror=ierr)
    end if
    call check_status(ierr, WEFT_SUCCESS, tag // '_into_begin')
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_SUCCESS, tag // '_into_begin: wait')
    call check(req == WEFT_REQUEST_NULL, tag // '_into_begin: wait nulls the request')
    if (init) then
      call same_ints(oc, ec, tag // '_into_begin in place counts')
      call check_i(nd, ne, tag // '_into_begin in place needed')
    else
      call same_i8(oc8, int(ec, I8), tag // '_into_begin INTEGER(8) counts')
      call check_i(nd8, int(ne, I8), tag // '_into_begin INTEGER(8) needed')
    end if
    call same_reals(ov(1:ne), er, tag // '_into_begin values')
    call check(all(ov(max(ne, ni) + 1:) == -7), tag // '_into_begin: nothing past the values')

    ! -- too small on the ranks whose result holds values: only needed is written, with
    !    the status (blocking: from the call; split phase: from the wait)
    if (extend .and. init) then
      deallocate(ov)
      allocate(ov(max(ne - 1, 0)))
      oc = -5
      ov = -7
      nd = -1
      call weft_indexer_put_v_into(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, oc, ov, ic, iv, nd, &
                                   ierr)
      if (ne > 0) then
        call check_status(ierr, WEFT_INSUFFICIENT_SPACE, tag // '_into, values do not fit')
        call check(all(ov == -7), tag // '_into wrote no values when they do not fit')
        call check(all(oc == -5), tag // '_into wrote no counts when the values do not fit')
      else
        call check_status(ierr, WEFT_SUCCESS, tag // '_into, no values')
      end if
      call check_i(nd, ne, tag // '_into reports needed when the values do not fit')
      nd = -1
      oc8 = -5
      call weft_indexer_put_v_into_begin(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, oc8, &
                                         ov, req, int(ic, I8), iv, nd8, ierr)
      call check_status(ierr, WEFT_SUCCESS, tag // '_into_begin, values will not fit')
      call weft_request_wait(req, ierr)
      if (ne > 0) then
        call check_status(ierr, WEFT_INSUFFICIENT_SPACE, tag // '_into_begin: wait, values do not fit')
        call check(all(ov == -7), tag // '_into_begin wrote no values when they do not fit')
        call check(all(oc8 == -5), tag // '_into_begin wrote no counts when the values do not fit')
      else
        call check_status(ierr, WEFT_SUCCESS, tag // '_into_begin: wait, no values')
      end if
      call check_i(nd8, int(ne, I8), tag // '_into_begin reports needed when the values do not fit')
    end if

    ! -- put_v_begin + weft_request_wait(request, counts, values)
    if (init) then
      call weft_indexer_put_v_begin(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, req, ic, iv, ierr)
    else
      call weft_indexer_put_v_begin(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, req, &
                                    ierror=ierr)
    end if
    call check_status(ierr, WEFT_SUCCESS, tag // '_begin')
    call weft_request_wait(req, ac, av, ierr)
    call check_status(ierr, WEFT_SUCCESS, tag // '_begin: wait')
    call check(req == WEFT_REQUEST_NULL, tag // '_begin: wait nulls the request')
    call same_ints(ac, ec, tag // '_begin counts')
    call same_reals(av, er, tag // '_begin values')
    call same_ints(ac, bc, tag // '_begin counts = put_v counts')
    call same_reals(av, bv, tag // '_begin values = put_v values')
    ! 64-bit result counts, other integer kind at begin
    if (init) then
      call weft_indexer_put_v_begin(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, req, &
                                    int(ic, I8), iv, ierr)
    else
      call weft_indexer_put_v_begin(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, req, ierr)
    end if
    call weft_request_wait(req, ac8, av, ierr)
    call check_status(ierr, WEFT_SUCCESS, tag // '_begin: wait INTEGER(8)')
    call same_i8(ac8, int(ec, I8), tag // '_begin INTEGER(8) counts')
    call same_reals(av, er, tag // '_begin values (INTEGER(8) counts)')
  end subroutine put_v_variants

  ! ---- errors -----------------------------------------------------------------------

  subroutine errors()
    type(weft_indexer) :: bad
    integer, allocatable :: bidx(:), bdist(:), p(:), d(:), tc(:), c(:)
    real(R8), allocatable :: rv(:)
    integer, allocatable :: ccount(:)
    integer, allocatable, target, asynchronous :: pcs(:), pvs(:)
    type(weft_request) :: req
    integer :: last, cnt

    last = nranks - 1
    ! an index out of range on the last rank only
    bidx = idx
    if (rank == last) bidx = [idx, n]
    bad = WEFT_INDEXER_NULL
    call weft_indexer_new(distrib, bidx, MPI_COMM_WORLD, bad, ierr)
    call same_everywhere(ierr, WEFT_INDEX_OUT_OF_BOUNDS, 'index n on the last rank')
    call check(bad == WEFT_INDEXER_NULL, 'no indexer made')
    ! a negative index on rank 0 only (multi-part, 64-bit)
    bidx = idx
    if (rank == 0) bidx = [-1, idx]
    call weft_indexer_new_multi(int(distrib, I8), [int(size(bidx), I8)], int(bidx, I8), &
                                MPI_COMM_WORLD%MPI_VAL, bad, ierr)
    call same_everywhere(ierr, WEFT_INDEX_OUT_OF_BOUNDS, 'index -1 on rank 0')
    ! a distribution of the wrong size on rank 0 (found by the binding)
    bdist = distrib
    if (rank == 0) bdist = [distrib, n]
    call weft_indexer_new(bdist, idx, MPI_COMM_WORLD, bad, ierr)
    call same_everywhere(ierr, WEFT_INVALID_VALUE, 'size(distrib) nranks+2 on rank 0')
    if (rank == 0) call check(index(weft_last_error(), 'size(distrib) ') > 0, &
                              'the binding says why: ' // weft_last_error())
    ! a rank-dependent (or, on one rank, decreasing) distribution
    bdist = distrib
    if (nranks > 1 .and. rank == last) bdist(nranks + 1) = n + 1
    if (nranks == 1) bdist = [0, -1]
    call weft_indexer_new(bdist, [integer ::], MPI_COMM_WORLD, bad, ierr)
    call same_everywhere(ierr, WEFT_INVALID_VALUE, 'rank-dependent or decreasing distrib')
    ! sum(nidx) > size(idx) on the last rank (found by the binding): every rank fails
    if (rank == last) then
      call weft_indexer_new_multi(distrib, [L + 1], idx, MPI_COMM_WORLD, bad, ierr)
      call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'sum(nidx) > size(idx) on the last rank')
    else
      call weft_indexer_new_multi(distrib, [L], idx, MPI_COMM_WORLD, bad, ierr)
    end if
    call failed_everywhere(ierr, 'sum(nidx) > size(idx) on the last rank')
    call check(bad == WEFT_INDEXER_NULL, 'still no indexer made')

    ! count mismatch (or a negative count on one rank): nothing is written
    allocate(p(2 * L), d(2 * dn))
    d = 5
    p = -3
    cnt = merge(2, 1, rank == 0)
    if (nranks == 1) cnt = -1
    call weft_indexer_take(gi, d, cnt, WEFT_INTEGER, p, ierr)
    call same_everywhere(ierr, WEFT_INVALID_VALUE, 'take with mismatched counts')
    call check(all(p == -3), 'take wrote nothing')
    ! a monoid of another domain
    call weft_indexer_put(gi, p, 1, WEFT_INTEGER, d, WEFT_PLUS_MONOID_FP64, ierr)
    call same_everywhere(ierr, WEFT_DOMAIN_MISMATCH, 'put with an FP64 monoid on INTEGER units')
    call check(all(d == 5), 'put wrote nothing')
    ! dist_counts too short on rank 0 (which owns items): the binding finds it, every
    ! rank fails
    allocate(tc(dn))
    tc = 1
    if (rank == 0) then
      call weft_indexer_take_v_alloc(gi, tc(1:dn - 1), d, WEFT_INTEGER, c, p, ierr)
      call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'take_v_alloc: dist_counts too short')
    else
      call weft_indexer_take_v_alloc(gi, tc, d, WEFT_INTEGER, c, p, ierr)
    end if
    call failed_everywhere(ierr, 'dist_counts too short on rank 0')
    call check(size(p) == 2 * L .and. all(p == -3), 'the outputs are unchanged')
    ! a negative part count on rank 0 (found by C)
    if (allocated(c)) deallocate(c)
    allocate(c(L))
    c = 0
    if (rank == 0) c(L) = -1
    call weft_indexer_put_v(gi, c, d, WEFT_INTEGER, .false., tc, p, ierr)
    call same_everywhere(ierr, WEFT_INVALID_VALUE, 'put_v with a negative count on rank 0')
    call check(size(tc) == dn .and. all(tc == 1), 'put_v changed no output')
    ! REAL(8) output for 4-byte units: not whole elements, on every rank
    c = 1
    call weft_indexer_put_v(gi, c(1:L), [(1.0, i = 1, L)], WEFT_REAL, .false., ccount, rv, ierr)
    call same_everywhere(ierr, WEFT_INVALID_VALUE, 'put_v of REAL units into REAL(8) values')
    call check(.not. allocated(rv) .and. .not. allocated(ccount), 'nothing allocated')

    ! split phase: part_counts too short on rank 0 (found by the binding at begin): every
    ! rank fails, no request is made
    req = WEFT_REQUEST_NULL
    allocate(pcs(merge(L - 1, L, rank == 0)), pvs(L + 1))
    pcs = -1
    pvs = -3
    call weft_indexer_take_v_begin(gi, tc, d, WEFT_INTEGER, pcs, pvs, req, ierr)
    if (rank == 0) call check_status(ierr, WEFT_DIMENSION_MISMATCH, &
                                     'take_v_begin: part_counts too short on rank 0')
    call failed_everywhere(ierr, 'take_v_begin with part_counts too short on rank 0')
    call check(req == WEFT_REQUEST_NULL, 'take_v_begin failed: no request')
    call check(all(pcs == -1) .and. all(pvs == -3), 'take_v_begin failed: nothing written')
    ! an allocating request waited for without result arrays: completed, results dropped
    call weft_indexer_take_v_alloc_begin(gi, tc, d, WEFT_INTEGER, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'take_v_alloc_begin')
    call weft_request_wait(req, ierr)
    call same_everywhere(ierr, WEFT_INVALID_VALUE, 'wait without the result arrays')
    call check(req == WEFT_REQUEST_NULL, 'wait without the result arrays: request released')
    ! result arrays of an element type the unit is not a whole number of (4-byte
    ! INTEGER units, REAL(8) values): the exchange completes, nothing is allocated
    call weft_indexer_put_v_begin(gi, c(1:L), p, WEFT_INTEGER, .false., req, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'put_v_begin of INTEGER units')
    call weft_request_wait(req, ccount, rv, ierr)
    call same_everywhere(ierr, WEFT_INVALID_VALUE, 'wait with REAL(8) values for INTEGER units')
    call check(.not. allocated(rv) .and. .not. allocated(ccount), 'wait allocated nothing')
    ! result arrays for a request without allocatable results: completed as by
    ! weft_request_wait(request) (its outputs written), the arrays left alone
    if (size(pcs) /= L) then
      deallocate(pcs)
      allocate(pcs(L))
    end if
    pcs = -1
    call weft_indexer_take_v_begin(gi, tc, d, WEFT_INTEGER, pcs, pvs, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'take_v_begin')
    call weft_request_wait(req, ccount, rv, ierr)
    call same_everywhere(ierr, WEFT_INVALID_VALUE, 'wait with result arrays for take_v_begin')
    call check(all(pcs == 1) .and. all(pvs(1:L) == 5), &
               'wait with result arrays: the take_v outputs are written all the same')
    call check(.not. allocated(rv) .and. .not. allocated(ccount), 'and the result arrays are not')
    ! a null request
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_INVALID_HANDLE, 'waiting for WEFT_REQUEST_NULL')

    ! the indexer still works
    call weft_indexer_take(gi, d, 1, WEFT_INTEGER, p, ierr)
    call same_everywhere(ierr, WEFT_SUCCESS, 'take after the errors')
  end subroutine errors
end module indexer_test_world
