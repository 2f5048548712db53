! Module weft_mpi with `use mpi`: weft_type_to_mpi gives an INTEGER handle whose MPI
! datatype has weft's size, lb and extent, packs (MPI_PACK) to the bytes weft_pack
! gives, and carries data through MPI_SENDRECV. Run on 1 rank (to itself) and 2 ranks
! (each rank exchanges with the other; the data depend on the rank, so the received
! data must be the partner's).
program test_mpi
  use mpi
  use weft
  use weft_mpi
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND, CK = WEFT_COUNT_KIND
  integer :: rank, nranks, partner, ierr, i, h, h0, nt
  type(weft_type) :: t(7)
  character(len=40) :: names(7)
  real(8), target :: a(400), b(400), pa(400)
  integer(AK) :: d3(3)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
  partner = merge(rank, 1 - rank, nranks == 1)

  a = [(i + 1000d0 * rank, i = 1, 400)]
  pa = [(i + 1000d0 * partner, i = 1, 400)]   ! what the partner sends

  ! Types to convert (all of DOUBLE PRECISION, at most 400 elements per 2 copies).
  call weft_type_vector(5, 2, 7, WEFT_DOUBLE_PRECISION, t(1))
  names(1) = 'vector(5, 2, 7)'
  d3 = [-16_AK, 8_AK, 48_AK]
  call weft_type_struct(3, [1, 2, 1], d3, [WEFT_LB, WEFT_DOUBLE_PRECISION, WEFT_UB], t(2))
  names(2) = 'struct LB -16, 2 DP at 8, UB 48'
  call weft_type_resized(t(1), -24_AK, 40_AK, t(3))
  names(3) = 'resized(vector, -24, 40)'
  call weft_type_subarray(2, [10, 8], [3, 4], [2, 1], WEFT_ORDER_FORTRAN, WEFT_DOUBLE_PRECISION, t(4))
  names(4) = 'subarray 3x4 of 10x8'
  call weft_type_from_section(a(150:101:-7), t(5))
  names(5) = 'from_section(a(150:101:-7))'
  call weft_type_indexed(3, [2, 0, 3], [9, 2, 0], WEFT_DOUBLE_PRECISION, t(6))
  names(6) = 'indexed (2 at 9, 0 at 2, 3 at 0)'
  call weft_type_hvector(4, 1, -24_AK, WEFT_DOUBLE_PRECISION, t(7))
  names(7) = 'hvector(4, 1, -24 bytes)'
  nt = 7

  do i = 1, nt
    call one(t(i), trim(names(i)))
  end do

  ! Errors: a NULL handle; the output is left alone.
  h0 = -12345
  h = h0
  call weft_type_to_mpi(WEFT_TYPE_NULL, h, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'weft_type_to_mpi(WEFT_TYPE_NULL)')
  call check(h == h0, 'the handle is unchanged on failure')

  do i = 1, nt
    call weft_type_free(t(i))
  end do
  call finish('test_mpi')
  call MPI_FINALIZE(ierr)

contains

  subroutine one(wt, what)
    type(weft_type), intent(in) :: wt
    character(*), intent(in) :: what
    integer :: mt, msize, ierr, pos, wpos, base
    integer(CK) :: wsize
    integer(AK) :: wlb, wext
    integer(MPI_ADDRESS_KIND) :: mlb, mext
    character :: mbuf(8000), wbuf(8000)
    real(8) :: want(8000 / 8), got(8000 / 8)
    call weft_type_to_mpi(wt, mt, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': weft_type_to_mpi')
    call MPI_TYPE_SIZE(mt, msize, ierr)
    call weft_type_size(wt, wsize)
    call check(msize == wsize, what // ': MPI size = weft size')
    call MPI_TYPE_GET_EXTENT(mt, mlb, mext, ierr)
    call weft_type_extent(wt, wlb, wext)
    call check(mlb == wlb .and. mext == wext, what // ': MPI lb/extent = weft lb/extent')
    ! Two copies placed at a(base) so that every displacement lands inside a.
    base = 200
    call weft_type_commit(wt)
    pos = 0
    call MPI_PACK(a(base), 2, mt, mbuf, size(mbuf), pos, MPI_COMM_WORLD, ierr)
    wpos = 0
    call weft_pack(a(base), 2, wt, wbuf, size(wbuf), wpos)
    call check(pos == wpos .and. all(mbuf(1:pos) == wbuf(1:wpos)), &
               what // ': MPI_PACK bytes = weft_pack bytes')
    ! Through MPI: receive 2 copies from the partner into zeros with the same type.
    b = 0
    call MPI_SENDRECV(a(base), 2, mt, partner, 7, b(base), 2, mt, partner, 7, MPI_COMM_WORLD, &
                      MPI_STATUS_IGNORE, ierr)
    wpos = 0
    call weft_pack(b(base), 2, wt, got, size(got) * 8, wpos)
    pos = 0
    call weft_pack(pa(base), 2, wt, want, size(want) * 8, pos)
    call check(pos == wpos .and. all(got(1:pos / 8) == want(1:pos / 8)), &
               what // ": MPI_SENDRECV delivers the partner's data")
    call check(count(b /= 0) == pos / 8, what // ': nothing else received')
    call MPI_TYPE_FREE(mt, ierr)
  end subroutine one
end program test_mpi
