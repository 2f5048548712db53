! The split phase (module weft_mpi): every *_begin completed by weft_request_wait,
! against the serial simulation of indexer_test_support and against the blocking calls'
! results, with the one-part and the multi-part indexer, on 1 to 4 ranks: take_begin,
! put_begin (PLUS and the last writer), take_v_begin (caller buffers, 64-bit counts,
! too-small buffers found at wait), take_v_alloc_begin, three requests outstanding at
! once waited for in a rank-dependent order, put_v_into_begin (in place, 64-bit counts,
! too small: only needed written) and put_v_begin with
! weft_request_wait(request, counts, values).
program test_indexer_split_phase
  use indexer_test_support
  implicit none
  call world_setup()
  call fixed_split(gi, 'one part')
  call fixed_split(gim, 'multi-part')
  call take_v_split(gi, 'one part')
  call take_v_split(gim, 'multi-part')
  call put_v_split(gi, 'one part')
  call put_v_split(gim, 'multi-part')
  call world_teardown('test_indexer_split_phase')

contains

  ! take_begin and put_begin (with PLUS and without reduce).
  subroutine fixed_split(g, what)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    integer(I8), allocatable :: d8(:), p8(:), e8(:), s8(:), c8(:)
    integer, allocatable :: pi(:), di(:), ei(:)
    type(weft_request) :: req
    call take_data(d8, e8)
    allocate(p8(3 * L))
    p8 = -1
    call weft_indexer_take_begin(g, d8, 3, WEFT_INT64, p8, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_begin')
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take)')
    call same(p8, e8, what // ': take_begin + wait')
    call check(req == WEFT_REQUEST_NULL, what // ': wait nulls the request')

    call plus_data(c8, s8, e8)
    call weft_indexer_put_begin(g, c8, 1_I8, WEFT_INT64, s8, req, WEFT_PLUS_MONOID_INT64, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_begin PLUS')
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (put)')
    call same(s8, e8, what // ': put_begin PLUS + wait')

    call put_data(pi, ei)
    allocate(di(2 * dn))
    di = -1
    call weft_indexer_put_begin(g, pi, 2, WEFT_INTEGER, di, req, ierr)
    call weft_request_wait(req, ierr)
    call same(di, ei, what // ': put_begin + wait, last writer wins')
  end subroutine fixed_split

  ! take_v_begin (caller buffers, also too small ones) and take_v_alloc_begin, completed
  ! by weft_request_wait, against the serial simulation (ec, ev) and the blocking
  ! take_v_alloc's results (bc, bv); then three requests outstanding at once, waited for
  ! in an order that depends on the rank.
  subroutine take_v_split(g, what)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    integer, allocatable :: tc(:), tv(:), ec(:), ev(:), bv(:)
    integer(I8), allocatable :: bc(:)
    integer, allocatable, target, asynchronous :: pc(:), pv(:), pc2(:), pv2(:)
    integer(I8), allocatable, target, asynchronous :: pc8(:)
    integer(I8), allocatable :: ac8(:)
    integer, allocatable :: ac(:), av(:)
    type(weft_request) :: req, reqs(3)
    integer :: ne, k, w
    call take_v_data(tc, tv, ec, ev)
    call weft_indexer_take_v_alloc(g, int(tc, I8), tv, WEFT_INTEGER, bc, bv)   ! the reference
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
    call same(pc, ec, what // ': take_v_begin + wait counts')
    call same(pv(1:ne), ev, what // ': take_v_begin + wait values')
    call check(all(pv(ne + 1:) == -7), what // ': take_v_begin writes only the values')
    call same(int(pc, I8), bc, what // ': take_v_begin counts = take_v_alloc counts')
    call same(pv(1:ne), bv, what // ': take_v_begin values = take_v_alloc values')
    ! 64-bit counts, exact capacity
    deallocate(pv)
    allocate(pc8(L), pv(ne))
    pc8 = -1
    pv = -7
    call weft_indexer_take_v_begin(g, int(tc, I8), tv, WEFT_INTEGER, pc8, pv, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v_begin INTEGER(8)')
    call weft_request_wait(req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take_v INTEGER(8))')
    call same(pc8, bc, what // ': take_v_begin INTEGER(8) counts')
    call same(pv, bv, what // ': take_v_begin values, exact capacity')
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
    call same(pc, ec, what // ': take_v_begin counts written even when the values do not fit')
    ! allocating, with default and 64-bit counts
    call weft_indexer_take_v_alloc_begin(g, tc, tv, WEFT_INTEGER, req, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v_alloc_begin')
    call weft_request_wait(req, ac, av, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take_v_alloc)')
    call check(req == WEFT_REQUEST_NULL, what // ': wait nulls the take_v_alloc request')
    call same(ac, ec, what // ': take_v_alloc_begin + wait counts')
    call same(av, ev, what // ': take_v_alloc_begin + wait values')
    call weft_indexer_take_v_alloc_begin(g, int(tc, I8), tv, WEFT_INTEGER, req, ierr)
    call weft_request_wait(req, ac8, av, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': wait (take_v_alloc INTEGER(8))')
    call same(ac8, bc, what // ': take_v_alloc_begin counts = take_v_alloc counts')
    call same(av, bv, what // ': take_v_alloc_begin values = take_v_alloc values')

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
    call same(pc, ec, what // ': outstanding 1 counts')
    call same(pv, ev, what // ': outstanding 1 values')
    call same(ac8, bc, what // ': outstanding 2 counts')
    call same(av, bv, what // ': outstanding 2 values')
    call same(pc2, ec, what // ': outstanding 3 counts')
    call same(pv2(1:ne), ev, what // ': outstanding 3 values')
    call check(pv2(ne + 1) == -7, what // ': outstanding 3 writes only the values')
  end subroutine take_v_split

  ! put_v_into_begin and put_v_begin for each of extend and init, against the serial
  ! simulation (ec, er) and the blocking put_v's results (bc, bv).
  subroutine put_v_split(g, what)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    integer, allocatable :: pc(:), ic(:), ec(:), bc(:)
    real(R8), allocatable :: pr(:), iv(:), er(:), bv(:)
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
    integer :: ne, ni, m
    logical :: extend, init
    call put_v_data(pc, pr)
    allocate(oc(dn), oc8(dn))
    do m = 0, 3
      extend = mod(m, 2) == 1
      init = m >= 2
      call put_v_sim(extend, init, ic, iv, ec, er)
      if (init) then                                                        ! the reference
        call weft_indexer_put_v(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, bc, bv, ic, iv)
      else
        call weft_indexer_put_v(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, bc, bv)
      end if
      tag = put_v_tag(what, extend, init)
      ne = sum(ec)
      ni = 0
      if (init) ni = sum(ic)

      ! -- put_v_into_begin + wait: in place with default integers when init, else into new
      !    64-bit counts
      if (allocated(ov)) deallocate(ov)
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
        call same(oc, ec, tag // '_into_begin in place counts')
        call check_i(nd, ne, tag // '_into_begin in place needed')
      else
        call same(oc8, int(ec, I8), tag // '_into_begin INTEGER(8) counts')
        call check_i(nd8, int(ne, I8), tag // '_into_begin INTEGER(8) needed')
      end if
      call same(ov(1:ne), er, tag // '_into_begin values')
      call check(all(ov(max(ne, ni) + 1:) == -7), tag // '_into_begin: nothing past the values')

      ! -- too small on the ranks whose result holds values: only needed is written, with
      !    the status from the wait
      if (extend .and. init) then
        deallocate(ov)
        allocate(ov(max(ne - 1, 0)))
        ov = -7
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
      call same(ac, ec, tag // '_begin counts')
      call same(av, er, tag // '_begin values')
      call same(ac, bc, tag // '_begin counts = put_v counts')
      call same(av, bv, tag // '_begin values = put_v values')
      ! 64-bit result counts, other integer kind at begin
      if (init) then
        call weft_indexer_put_v_begin(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, req, &
                                      int(ic, I8), iv, ierr)
      else
        call weft_indexer_put_v_begin(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, req, ierr)
      end if
      call weft_request_wait(req, ac8, av, ierr)
      call check_status(ierr, WEFT_SUCCESS, tag // '_begin: wait INTEGER(8)')
      call same(ac8, int(ec, I8), tag // '_begin INTEGER(8) counts')
      call same(av, er, tag // '_begin values (INTEGER(8) counts)')
    end do
  end subroutine put_v_split
end program test_indexer_split_phase
