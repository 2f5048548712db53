! Errors agreed across ranks, on 1 to 4 ranks: an index out of range or negative on one
! rank only, a distribution of the wrong size on one rank, a rank-dependent
! distribution, mismatched counts, a monoid of the wrong domain, a negative count, a
! unit that is not a whole number of output elements; split phase: a wait without (or
! with) result arrays for a request with (without) allocatable results, result arrays
! of the wrong element type, a null request. Every rank fails (with the same status
! when the C library agreed it), nothing is written, and the indexer remains usable.
! Abstaining (weft_mpi.h): rank 0 passes an array too short to every call in which the
! binding checks sizes; it reports its own error, every other rank the agreed status,
! and no rank writes anything.
program test_indexer_errors
  use indexer_test_support
  implicit none
  ! the outputs of abstaining(), which no call may change
  integer, allocatable, target, asynchronous :: tpc(:), tpv(:), odc(:), odv(:)
  integer, allocatable :: ac(:), av(:)
  integer, target, asynchronous :: nd
  type(weft_request) :: req
  call world_setup()
  call abstaining()
  call errors()
  call world_teardown('test_indexer_errors')

contains

  ! After a call from which rank who abstained with its local error mine: that rank
  ! reports mine, every other rank fails with agreed.
  subroutine abstained(st, who, mine, agreed, what)
    integer, intent(in) :: st, who, mine, agreed
    character(*), intent(in) :: what
    integer :: sts(0:nranks - 1)
    call MPI_Allgather(st, 1, MPI_INTEGER, sts, 1, MPI_INTEGER, MPI_COMM_WORLD)
    if (rank == who) call check_status(st, mine, what // ': the abstaining rank reports its error')
    call check(all(sts == agreed .or. [(r == who, r = 0, nranks - 1)]), &
               what // ': every other rank fails with ' // weft_status_name(agreed))
  end subroutine abstained

  ! abstained() for an exchange from which rank 0 abstained with a short array, and no
  ! output written on any rank.
  subroutine abstained_untouched(what)
    character(*), intent(in) :: what
    call abstained(ierr, 0, WEFT_DIMENSION_MISMATCH, WEFT_INVALID_HANDLE, what)
    call check(all(tpc == -1) .and. all(tpv == -3) .and. all(odc == -5) .and. &
               all(odv == -7) .and. nd == -9 .and. .not. allocated(ac) .and. &
               .not. allocated(av) .and. req == WEFT_REQUEST_NULL, what // ': nothing written')
  end subroutine abstained_untouched

  ! Rank 0 (which owns items and has indices on every rank count) abstains from each
  ! exchange in which the binding checks sizes: its dist_counts or part_counts is one
  ! entry short (ns = 1 there, 0 elsewhere).
  subroutine abstaining()
    integer, allocatable :: tc(:), d(:), pcv(:), p(:)
    integer :: ns
    ns = merge(1, 0, rank == 0)
    allocate(tc(dn), d(dn), pcv(L), p(L), tpc(L), tpv(L + 1), odc(dn), odv(dn + 1))
    tc = 1
    d = 5
    pcv = 1
    p = 3
    tpc = -1
    tpv = -3
    odc = -5
    odv = -7
    nd = -9
    req = WEFT_REQUEST_NULL
    call weft_indexer_take_v(gi, tc(1:dn - ns), d, WEFT_INTEGER, tpc, tpv, ierr)
    call abstained_untouched('take_v, dist_counts short on rank 0')
    call weft_indexer_take_v_alloc(gi, tc(1:dn - ns), d, WEFT_INTEGER, ac, av, ierr)
    call abstained_untouched('take_v_alloc, dist_counts short on rank 0')
    call weft_indexer_put_v(gi, pcv(1:L - ns), p, WEFT_INTEGER, .false., ac, av, ierr)
    call abstained_untouched('put_v, part_counts short on rank 0')
    call weft_indexer_put_v_into(gi, pcv, p, WEFT_INTEGER, .false., odc(1:dn - ns), odv, nd, ierr)
    call abstained_untouched('put_v_into, dist_counts short on rank 0')
    call weft_indexer_take_v_begin(gi, tc, d, WEFT_INTEGER, tpc(1:L - ns), tpv, req, ierr)
    call abstained_untouched('take_v_begin, part_counts short on rank 0')
    call weft_indexer_take_v_alloc_begin(gi, tc(1:dn - ns), d, WEFT_INTEGER, req, ierr)
    call abstained_untouched('take_v_alloc_begin, dist_counts short on rank 0')
    call weft_indexer_put_v_begin(gi, pcv, p, WEFT_INTEGER, .false., req, tc(1:dn - ns), d, ierr)
    call abstained_untouched('put_v_begin, init_counts short on rank 0')
    call weft_indexer_put_v_into_begin(gi, pcv(1:L - ns), p, WEFT_INTEGER, .false., odc, odv, &
                                       req, nd, ierr)
    call abstained_untouched('put_v_into_begin, part_counts short on rank 0')
    ! The program's allocatables live on MAIN__'s stack (gfortran): release them here, or
    ! LeakSanitizer reports them once the program has returned.
    deallocate(tpc, tpv, odc, odv)
  end subroutine abstaining

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
    ! sum(nidx) > size(idx) on the last rank (found by the binding): it abstains from the
    ! construction, every other rank fails with WEFT_INVALID_VALUE
    call weft_indexer_new_multi(distrib, [L + merge(1, 0, rank == last)], idx, MPI_COMM_WORLD, &
                                bad, ierr)
    call abstained(ierr, last, WEFT_DIMENSION_MISMATCH, WEFT_INVALID_VALUE, &
                   'sum(nidx) > size(idx) on the last rank')
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
    ! a negative part count on rank 0 (found by C)
    allocate(tc(dn))
    tc = 1
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

    ! split phase: an allocating request waited for without result arrays: completed, results dropped
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
    allocate(pcs(L), pvs(L + 1))
    pcs = -1
    pvs = -3
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

    ! freeing: the handle becomes null; freeing it again is an error
    call weft_indexer_free(gi, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'weft_indexer_free')
    call check(gi == WEFT_INDEXER_NULL, 'free sets the handle to WEFT_INDEXER_NULL')
    call weft_indexer_free(gi, ierr)
    call check_status(ierr, WEFT_INVALID_HANDLE, 'freeing it again')
  end subroutine errors
end program test_indexer_errors
