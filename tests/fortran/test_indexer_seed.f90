! The seed's worked examples (Maia's GlobalIndexer) exactly, from Fortran, on 3 ranks:
! distri [0,2,4,5], idx P0 [4,0], P1 [1,3], P2 [0]; Take count 2, Put (write priority),
! Put MAX, Take_v, Put_v, Put_v extend (13.1, not the seed's typo 30.1), with and
! without initial data.
program test_indexer_seed
  use indexer_test_support
  implicit none
  call world_setup()
  if (nranks == 3) call seed_examples()
  call world_teardown('test_indexer_seed')

contains

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

  ! got against this rank's expectation (e0 on rank 0, e1 on rank 1, e2 on rank 2).
  subroutine seed_check_r(got, e0, e1, e2, what)
    real, intent(in) :: got(:), e0(:), e1(:), e2(:)
    character(*), intent(in) :: what
    select case (rank)
    case (0)
      call same(real(got, R8), real(e0, R8), what)
    case (1)
      call same(real(got, R8), real(e1, R8), what)
    case default
      call same(real(got, R8), real(e2, R8), what)
    end select
  end subroutine seed_check_r

  ! The same for integers (small, compared as REAL: exact).
  subroutine seed_check(got, e0, e1, e2, what)
    integer, intent(in) :: got(:), e0(:), e1(:), e2(:)
    character(*), intent(in) :: what
    call seed_check_r(real(got), real(e0), real(e1), real(e2), what)
  end subroutine seed_check
end program test_indexer_seed
