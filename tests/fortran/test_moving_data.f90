! Moving data: weft_pack / weft_unpack (appending, positions), weft_pack_size,
! weft_pack_partial / weft_unpack_partial windows, weft_copy (matching, errors),
! buffers of any type and rank, WEFT_BOTTOM with absolute addresses, and the binding's
! checks of the packed buffer.
program test_moving_data
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_char
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND
  type, bind(C) :: point
    integer(c_int) :: id
    real(c_double) :: x
  end type point
  real :: a(5, 4), b(5, 4), v(10)
  character :: buf(200), whole(200), win(7)
  integer :: ibuf(5, 5), i, k, pos, ierr, got, nbytes
  type(weft_type) :: row, row1, t, abs1, abs2, pt
  real, target :: x, y
  integer, target :: iv(3), jv(3)
  integer(AK) :: d(2), base
  type(point) :: p(3), q(3)
  real(8) :: r8

  a = reshape([(real(i), i = 1, 20)], [5, 4])

  ! Row 2 of a (a vector with stride 5), packed twice, appended: 2 x 16 bytes.
  call weft_type_vector(4, 1, 5, WEFT_REAL, row)
  call weft_type_commit(row)
  call weft_pack_size(2, row, got)
  call check_i(got, 32, 'pack_size of 2 rows')
  buf = achar(90)
  pos = 0
  call weft_pack(a(2, 1), 1, row, buf, 200, pos)
  call check_i(pos, 16, 'position after the first pack')
  call weft_pack(a(4, 1), 1, row, buf, 200, pos)
  call check_i(pos, 32, 'position after the second pack (appended)')
  call check(all(transfer(buf(1:32), v(1:8)) == [a(2, :), a(4, :)]), 'packed rows 2 and 4')
  call check(all(buf(33:) == achar(90)), 'nothing written after the packed bytes')
  b = 0
  pos = 0
  call weft_unpack(buf, 32, pos, b(1, 1), 1, row)
  call weft_unpack(buf, 32, pos, b(3, 1), 1, row)
  call check_i(pos, 32, 'position after two unpacks')
  call check(all(b(1, :) == a(2, :)) .and. all(b(3, :) == a(4, :)) .and. all(b(2, :) == 0) .and. &
             all(b(4:5, :) == 0), 'unpacked rows go to rows 1 and 3 only')

  ! The packed side may be any contiguous array: a rank-2 INTEGER array (100 bytes).
  ibuf = -1
  pos = 0
  call weft_pack(a, 1, row, ibuf, 100, pos)
  call check(all(transfer(ibuf(1:4, 1), v(1:4)) == a(1, :)) .and. all(ibuf(5:, 1) == -1), &
             'pack into a rank-2 INTEGER buffer')
  ! Scalars are buffers too.
  r8 = 2.5d0
  pos = 0
  call weft_pack(r8, 1, WEFT_DOUBLE_PRECISION, buf, 8, pos)
  call check(transfer(buf(1:8), r8) == 2.5d0 .and. pos == 8, 'pack a scalar')

  ! Partial windows: 7-byte windows concatenated equal the whole stream, and
  ! unpacking them window by window rebuilds the array. row1 is row resized to the
  ! extent of one REAL, so 5 copies are the 5 rows (the array in row-major order).
  call weft_type_resized(row, 0_AK, 4_AK, row1)
  call weft_type_commit(row1)
  whole = achar(0)
  pos = 0
  call weft_pack(a, 5, row1, whole, 200, pos)
  call check_i(pos, 80, 'pack 5 copies of row1')
  call check(all(reshape(transfer(whole(1:80), v(1:1), 20), [4, 5]) == transpose(a)), &
             'packed rows = transpose(a)')
  b = 0
  k = 0
  do while (k < 80)
    win = achar(0)
    call weft_pack_partial(a, 5, row1, k, 7, win, got)
    call check(got == min(7, 80 - k), 'pack_partial window size')
    call check(all(win(1:got) == whole(k + 1:k + got)), 'pack_partial window bytes')
    call weft_unpack_partial(win, got, k, b, 5, row1)
    k = k + got
  end do
  call weft_pack_partial(a, 5, row1, 80, 7, win, got)
  call check_i(got, 0, 'pack_partial at the end of the stream')
  call check(all(b == a), 'unpack_partial windows rebuild the whole array')
  call weft_pack_partial(a, 5, row1, 81, 7, win, got, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'pack_partial past the end')

  ! copy: a row into a contiguous REAL array; a shorter message; signature checks.
  v = 0
  call weft_copy(a(3, 1), 1, row, v, 10, WEFT_REAL, nbytes)
  call check(nbytes == 16 .and. all(v(1:4) == a(3, :)) .and. all(v(5:) == 0), 'copy a row')
  b = -1
  call weft_copy(a, 3, WEFT_REAL, b, 1, row, nbytes)
  call check(nbytes == 12 .and. b(1, 1) == 1 .and. b(1, 2) == 2 .and. b(1, 3) == 3 .and. &
             b(1, 4) == -1 .and. all(b(2:, :) == -1), 'a shorter message writes only its entries')
  b = -1
  call weft_copy(a, 4, WEFT_REAL, b, 1, WEFT_INTEGER, nbytes, ierr)
  call check_status(ierr, WEFT_SIGNATURE_MISMATCH, 'copy REAL into INTEGER')
  call check(all(b == -1), 'a failed copy writes nothing')
  call weft_copy(a, 5, WEFT_REAL, b, 1, row, nbytes, ierr)
  call check_status(ierr, WEFT_TRUNCATED, 'copy 5 REALs into a 4-REAL row')
  call weft_type_hvector(2, 2, 4_AK, WEFT_REAL, t)   ! overlapping entries
  call weft_type_commit(t)
  call weft_copy(a, 4, WEFT_REAL, b, 1, t, nbytes, ierr)
  call check_status(ierr, WEFT_OVERLAPPING_TYPE, 'copy into an overlapping type')
  call weft_type_free(t)
  call weft_type_vector(2, 1, 2, WEFT_REAL, t)       ! not committed
  call weft_copy(a, 1, t, b, 2, WEFT_REAL, nbytes, ierr)
  call check_status(ierr, WEFT_TYPE_NOT_COMMITTED, 'copy with an uncommitted type')
  pos = 0
  call weft_pack(a, 1, t, buf, 200, pos, ierr)
  call check_status(ierr, WEFT_TYPE_NOT_COMMITTED, 'pack with an uncommitted type')
  call weft_type_free(t)

  ! The binding's checks of the packed side.
  buf = achar(7)
  pos = 0
  call weft_pack(a, 1, row, buf(1:10), 16, pos, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'outsize larger than outbuf')
  call check(weft_last_error() == 'weft_pack: outsize 16 > the 10 bytes of outbuf', &
             'message: ' // weft_last_error())
  call check(pos == 0 .and. all(buf == achar(7)), 'nothing packed')
  call weft_pack(a, 1, row, buf(1:40:2), 16, pos, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'non-contiguous outbuf')
  call check(weft_last_error() == 'weft_pack: outbuf is not contiguous', &
             'message: ' // weft_last_error())
  call weft_pack(a, 1, row, buf, 10, pos, ierr)
  call check_status(ierr, WEFT_INSUFFICIENT_SPACE, 'outsize 10 < 16 bytes (weft itself)')
  call weft_unpack(buf(1:10), 16, pos, b, 1, row, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'insize larger than inbuf')
  call weft_pack_partial(a, 1, row, 0, 16, win, got, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'max_bytes larger than outbuf')
  call weft_unpack_partial(win, 16, 0, b, 1, row, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'insize larger than inbuf (partial)')
  call pack_into_assumed_size(buf)
  call check(all(transfer(buf(1:16), v(1:4)) == a(5, :)), &
             'pack into an assumed-size array (size unknown: not checked)')

  ! The typed side is addressed at its first element, also for a section.
  call weft_type_vector(4, 1, 2, WEFT_REAL, t)
  call weft_type_commit(t)
  v = [(real(i), i = 1, 10)]
  b = 0
  call weft_copy(v(3:9:2), 1, t, b, 4, WEFT_REAL, nbytes)
  call check(all(b(1:4, 1) == [3., 5., 7., 9.]), 'typed buffer v(3:9:2) starts at v(3)')
  call weft_type_free(t)

  ! Derived-type buffers: a struct type for type(point).
  call weft_address(p(1), base)
  call weft_address(p(1)%x, d(2))
  d(1) = 0
  d(2) = d(2) - base
  call weft_type_struct(2, [1, 1], d, [WEFT_INTEGER, WEFT_DOUBLE_PRECISION], pt)
  call weft_type_commit(pt)
  p = [point(1, 1.5d0), point(2, 2.5d0), point(3, 3.5d0)]
  q = point(0, 0d0)
  call weft_copy(p, 3, pt, q, 3, pt, nbytes)
  call check(nbytes == 36 .and. all(q%id == p%id) .and. all(q%x == p%x), 'copy 3 type(point)')

  ! WEFT_BOTTOM: types of absolute addresses.
  x = 4.5
  iv = [7, 8, 9]
  call weft_address(x, d(1))
  call weft_address(iv, d(2))
  call weft_type_struct(2, [1, 3], d, [WEFT_REAL, WEFT_INTEGER], abs1)
  call weft_type_commit(abs1)
  pos = 0
  buf = achar(0)
  call weft_pack(WEFT_BOTTOM, 1, abs1, buf, 200, pos)
  call check(pos == 16 .and. transfer(buf(1:4), x) == 4.5 .and. &
             all(transfer(buf(5:16), iv) == [7, 8, 9]), 'pack from WEFT_BOTTOM')
  call weft_address(y, d(1))
  call weft_address(jv, d(2))
  call weft_type_struct(2, [1, 3], d, [WEFT_REAL, WEFT_INTEGER], abs2)
  call weft_type_commit(abs2)
  y = 0
  jv = 0
  pos = 0
  call weft_unpack(buf, 16, pos, WEFT_BOTTOM, 1, abs2)
  call check(y == 4.5 .and. all(jv == [7, 8, 9]), 'unpack into WEFT_BOTTOM')
  y = 0
  jv = 0
  call weft_copy(WEFT_BOTTOM, 1, abs1, WEFT_BOTTOM, 1, abs2, nbytes)
  call check(nbytes == 16 .and. y == 4.5 .and. all(jv == [7, 8, 9]), 'copy WEFT_BOTTOM to WEFT_BOTTOM')
  ! WEFT_BOTTOM as the packed side is the C WEFT_BOTTOM (NULL): weft rejects it.
  pos = 0
  call weft_pack(WEFT_BOTTOM, 1, abs1, WEFT_BOTTOM, 16, pos, ierr)
  call check_status(ierr, WEFT_NULL_POINTER, 'WEFT_BOTTOM as outbuf')

  call weft_type_free(abs1)
  call weft_type_free(abs2)
  call weft_type_free(pt)
  call weft_type_free(row)
  call weft_type_free(row1)
  call finish('test_moving_data')

contains

  subroutine pack_into_assumed_size(out)
    character :: out(*)
    integer :: p
    p = 0
    call weft_pack(a(5, 1), 1, row, out, 16, p)
  end subroutine pack_into_assumed_size
end program test_moving_data
