! The variable-size exchanges (module weft_mpi) against the serial simulation of
! indexer_test_support, blocking, with the one-part and the multi-part indexer, on 1 to
! 4 ranks: take_v into caller buffers (also too small ones: the counts only,
! WEFT_INSUFFICIENT_SPACE), take_v_alloc with 64-bit counts; put_v with and without
! extend and initial items, and put_v_into for each (new buffers with needed, 64-bit
! counts at exact capacity, the initial items in the output arrays themselves, a values
! buffer too small: only needed written), each against put_v's results.
program test_indexer_variable
  use indexer_test_support
  implicit none
  call world_setup()
  call take_v_blocking(gi, 'one part')
  call take_v_blocking(gim, 'multi-part')
  call put_v_blocking(gi, 'one part')
  call put_v_blocking(gim, 'multi-part')
  call world_teardown('test_indexer_variable')

contains

  subroutine take_v_blocking(g, what)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    integer, allocatable :: tc(:), tv(:), ec(:), ev(:), pc(:), pv(:)
    integer(I8), allocatable :: c8(:)
    call take_v_data(tc, tv, ec, ev)
    allocate(pc(L), pv(sum(ec) + 3))
    pc = -1
    pv = -7
    call weft_indexer_take_v(g, tc, tv, WEFT_INTEGER, pc, pv, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v')
    call same(pc, ec, what // ': take_v counts')
    call same(pv(1:sum(ec)), ev, what // ': take_v values')
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
    call same(pc, ec, what // ': take_v counts written even when the values do not fit')
    ! allocating, with INTEGER(8) counts
    call weft_indexer_take_v_alloc(g, int(tc, I8), tv, WEFT_INTEGER, c8, pv, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take_v_alloc')
    call same(c8, int(ec, I8), what // ': take_v_alloc counts')
    call same(pv, ev, what // ': take_v_alloc values')
  end subroutine take_v_blocking

  ! put_v (blocking, allocating) for each of extend and init, then put_v_into alike.
  subroutine put_v_blocking(g, what)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    integer, allocatable :: pc(:), ic(:), ec(:), cnt(:)
    integer(I8), allocatable :: c8(:)
    real(R8), allocatable :: pr(:), iv(:), er(:), rv(:)
    integer :: m
    logical :: extend, init
    call put_v_data(pc, pr)
    do m = 0, 3
      extend = mod(m, 2) == 1
      init = m >= 2
      call put_v_sim(extend, init, ic, iv, ec, er)
      if (init) then
        call weft_indexer_put_v(g, pc, pr, WEFT_DOUBLE_PRECISION, extend, cnt, rv, ic, iv, ierr)
      else
        call weft_indexer_put_v(g, int(pc, I8), pr, WEFT_DOUBLE_PRECISION, extend, c8, rv, ierr)
        cnt = int(c8)
      end if
      call check_status(ierr, WEFT_SUCCESS, put_v_tag(what, extend, init))
      call same(cnt, ec, put_v_tag(what, extend, init) // ' counts')
      call same(rv, er, put_v_tag(what, extend, init) // ' values')
      call put_v_into_blocking(g, what, extend, init, pc, pr, ic, iv, ec, er, cnt, rv)
    end do
  end subroutine put_v_blocking

  ! put_v_into for the put_v exchange (part counts pc and values pr, REAL(8) units;
  ! initial items ic, iv when init): new buffers, 64-bit counts, in place, and a values
  ! buffer too small, against the serial expectation (ec, er) and the blocking put_v's
  ! results (bc, bv).
  subroutine put_v_into_blocking(g, what, extend, init, pc, pr, ic, iv, ec, er, bc, bv)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    logical, intent(in) :: extend, init
    integer, intent(in) :: pc(:), ic(:), ec(:), bc(:)
    real(R8), intent(in) :: pr(:), iv(:), er(:), bv(:)
    integer, allocatable :: oc(:)
    integer(I8), allocatable :: oc8(:)
    real(R8), allocatable :: ov(:)
    integer :: nd
    character(len=:), allocatable :: tag
    integer :: ne, ni
    tag = put_v_tag(what, extend, init)
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
    call same(oc, ec, tag // '_into counts')
    call same(ov(1:ne), er, tag // '_into values')
    call check(all(ov(ne + 1:) == -7), tag // '_into writes only the values')
    call check_i(nd, ne, tag // '_into needed')
    call same(oc, bc, tag // '_into counts = put_v counts')
    call same(ov(1:ne), bv, tag // '_into values = put_v values')
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
    call same(oc8, int(ec, I8), tag // '_into INTEGER(8) counts')
    call same(ov, er, tag // '_into values, exact capacity')
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
      call same(oc, ec, tag // '_into in place counts')
      call same(ov(1:ne), er, tag // '_into in place values')
      call check(all(ov(max(ne, ni) + 1:) == -7), tag // '_into in place: nothing past the values')
      call check_i(nd, ne, tag // '_into in place needed')
    end if

    ! -- too small on the ranks whose result holds values: only needed is written, with
    !    the status from the call
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
    end if
  end subroutine put_v_into_blocking
end program test_indexer_variable
