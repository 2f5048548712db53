! The generic interfaces: every kind-generic routine called with default INTEGER and
! with 64-bit integers (and, for routines with byte displacements, with every accepted
! combination: all default / default counts + WEFT_ADDRESS_KIND bytes / all 64-bit);
! the results must be identical. Results that do not fit a default INTEGER give
! WEFT_OVERFLOW and leave the output unchanged.
program test_generics
  use, intrinsic :: iso_c_binding, only: c_int8_t
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND, CK = WEFT_COUNT_KIND
  type(weft_type) :: t(3), base, tt(3)
  integer :: i, ierr, i4, j4, k4, l4, comb
  integer(CK) :: i8, j8, k8
  integer(AK) :: a8, b8
  logical :: al(2), ul(2)
  real :: src(40), dst4(40), dst8(40)
  character :: bytes4(200), bytes8(200)
  integer :: pos4, act4
  integer(CK) :: pos8, act8

  ! ---- constructors: the same type from every kind combination ---------------------
  call weft_type_contiguous(5, WEFT_REAL, t(1))
  call weft_type_contiguous(5_CK, WEFT_REAL, t(2))
  call same(t(1), t(2), 'contiguous')
  call weft_type_free(t(1))
  call weft_type_free(t(2))
  call weft_type_vector(3, 2, -4, WEFT_REAL, t(1))
  call weft_type_vector(3_CK, 2_CK, -4_CK, WEFT_REAL, t(2))
  call same(t(1), t(2), 'vector')
  call weft_type_free(t(1))
  call weft_type_free(t(2))
  call weft_type_indexed(3, [1, 2, 3], [7, 0, -3], WEFT_REAL, t(1))
  call weft_type_indexed(3_CK, [1_CK, 2_CK, 3_CK], [7_CK, 0_CK, -3_CK], WEFT_REAL, t(2))
  call same(t(1), t(2), 'indexed')
  call weft_type_free(t(1))
  call weft_type_free(t(2))
  call weft_type_indexed_block(2, 3, [4, -1], WEFT_REAL, t(1))
  call weft_type_indexed_block(2_CK, 3_CK, [4_CK, -1_CK], WEFT_REAL, t(2))
  call same(t(1), t(2), 'indexed_block')
  call weft_type_free(t(1))
  call weft_type_free(t(2))
  call weft_type_subarray(3, [4, 5, 6], [2, 3, 1], [1, 0, 5], WEFT_ORDER_C, WEFT_REAL, t(1))
  call weft_type_subarray(3_CK, [4_CK, 5_CK, 6_CK], [2_CK, 3_CK, 1_CK], [1_CK, 0_CK, 5_CK], &
                          WEFT_ORDER_C, WEFT_REAL, t(2))
  call same(t(1), t(2), 'subarray')
  call weft_type_free(t(1))
  call weft_type_free(t(2))
  call weft_type_resized(WEFT_REAL, -8, 20, t(1))
  call weft_type_resized(WEFT_REAL, -8_AK, 20_AK, t(2))
  call same(t(1), t(2), 'resized')
  call weft_type_free(t(1))
  call weft_type_free(t(2))
  call weft_type_hvector(3, 2, -40, WEFT_REAL, t(1))
  call weft_type_hvector(3, 2, -40_AK, WEFT_REAL, t(2))
  call weft_type_hvector(3_CK, 2_CK, -40_AK, WEFT_REAL, t(3))
  call same3('hvector')
  call weft_type_free(t(3))
  call weft_type_hindexed(2, [2, 1], [12, -4], WEFT_REAL, t(1))
  call weft_type_hindexed(2, [2, 1], [12_AK, -4_AK], WEFT_REAL, t(2))
  call weft_type_hindexed(2_CK, [2_CK, 1_CK], [12_AK, -4_AK], WEFT_REAL, t(3))
  call same3('hindexed')
  call weft_type_free(t(3))
  call weft_type_hindexed_block(2, 2, [20, 0], WEFT_REAL, t(1))
  call weft_type_hindexed_block(2, 2, [20_AK, 0_AK], WEFT_REAL, t(2))
  call weft_type_hindexed_block(2_CK, 2_CK, [20_AK, 0_AK], WEFT_REAL, t(3))
  call same3('hindexed_block')
  call weft_type_free(t(3))
  call weft_type_struct(3, [1, 2, 1], [0, 8, 32], [WEFT_INTEGER, WEFT_DOUBLE_PRECISION, WEFT_UB], t(1))
  call weft_type_struct(3, [1, 2, 1], [0_AK, 8_AK, 32_AK], &
                        [WEFT_INTEGER, WEFT_DOUBLE_PRECISION, WEFT_UB], t(2))
  call weft_type_struct(3_CK, [1_CK, 2_CK, 1_CK], [0_AK, 8_AK, 32_AK], &
                        [WEFT_INTEGER, WEFT_DOUBLE_PRECISION, WEFT_UB], t(3))
  call same3('struct')
  base = t(3)   ! struct {INTEGER 0, 2 DOUBLE_PRECISION 8, UB 32}, used below
  block
    integer :: d4(2)
    integer(AK) :: d8(2), d8b(2)
    call weft_type_struct_aligned(2, [1, 2], [WEFT_CHAR, WEFT_DOUBLE], d4, t(1))
    call weft_type_struct_aligned(2, [1, 2], [WEFT_CHAR, WEFT_DOUBLE], d8, t(2))
    call weft_type_struct_aligned(2_CK, [1_CK, 2_CK], [WEFT_CHAR, WEFT_DOUBLE], d8b, t(3))
    call check(all(d4 == [0, 8]) .and. all(d8 == [0, 8]) .and. all(d8b == [0, 8]), &
               'struct_aligned offsets in every kind')
    call same3('struct_aligned')
    call weft_type_free(t(3))
  end block

  ! ---- queries, every kind ----------------------------------------------------------
  call weft_type_size(base, i4)
  call weft_type_size(base, i8)
  call check(i4 == 20 .and. i8 == 20, 'size in both kinds')
  call weft_type_count(base, i4)
  call weft_type_count(base, i8)
  call check(i4 == 3 .and. i8 == 3, 'count in both kinds (1 + 2 copies, the marker not counted)')
  call weft_type_alignment(base, i4, j4)
  call weft_type_alignment(base, i8, j8)
  call check(i4 == 8 .and. j4 == 8 .and. i8 == 8 .and. j8 == 8, 'alignment in both kinds')
  call weft_type_envelope(base, i4, j4, k4, comb)
  call weft_type_envelope(base, i8, j8, k8, l4)
  call check(i4 == 4 .and. j4 == 3 .and. k4 == 3 .and. comb == WEFT_COMBINER_STRUCT .and. &
             i8 == 4 .and. j8 == 3 .and. k8 == 3 .and. l4 == comb, 'envelope in both kinds')
  block
    integer :: ints4(4), addrs4(3)
    integer(AK) :: addrs8(3), addrs8b(3)
    integer(CK) :: ints8(4)
    integer :: ints4b(4)
    type(weft_type) :: ty(3, 3)
    call weft_type_contents(base, 4, 3, 3, ints4, addrs4, ty(:, 1))
    call weft_type_contents(base, 4, 3, 3, ints4b, addrs8, ty(:, 2))
    call weft_type_contents(base, 4_CK, 3_CK, 3_CK, ints8, addrs8b, ty(:, 3))
    call check(all(ints4 == [3, 1, 2, 1]) .and. all(ints4b == ints4) .and. all(ints8 == ints4), &
               'contents ints in every kind')
    call check(all(addrs4 == [0, 8, 32]) .and. all(addrs8 == addrs4) .and. all(addrs8b == addrs4), &
               'contents addrs in every kind')
    call check(all(ty(:, 1) == [WEFT_INTEGER, WEFT_DOUBLE_PRECISION, WEFT_UB]) .and. &
               all(ty(:, 2) == ty(:, 1)) .and. all(ty(:, 3) == ty(:, 1)), 'contents types')
  end block
  call weft_type_extent(base, i4, j4)
  call weft_type_extent(base, a8, b8)
  call check(i4 == 0 .and. j4 == 32 .and. a8 == 0 .and. b8 == 32, 'extent in both kinds')
  call weft_type_true_extent(base, i4, j4)
  call weft_type_true_extent(base, a8, b8)
  call check(i4 == 0 .and. j4 == 24 .and. a8 == 0 .and. b8 == 24, 'true_extent in both kinds')
  call weft_type_lb(base, i4)
  call weft_type_lb(base, a8)
  call check(i4 == 0 .and. a8 == 0, 'lb in both kinds (struct)')
  call weft_type_hvector(3, 2, -40, WEFT_REAL, t(1))
  call weft_type_lb(t(1), i4)
  call weft_type_lb(t(1), a8)
  call check(i4 == -80 .and. a8 == -80, 'lb in both kinds')
  call weft_type_ub(t(1), i4)
  call weft_type_ub(t(1), a8)
  call check(i4 == 8 .and. a8 == 8, 'ub in both kinds')
  block
    type(weft_type) :: b4(6), b4b(6), b8(6)
    integer :: d4(6)
    integer(AK) :: d8(6), d8b(6)
    call weft_type_typemap(t(1), 6, b4, d4, i4)
    call weft_type_typemap(t(1), 6, b4b, d8, j4)
    call weft_type_typemap(t(1), 6_CK, b8, d8b, i8)
    call check(i4 == 6 .and. j4 == 6 .and. i8 == 6, 'typemap n in every kind')
    call check(all(d4 == [0, 4, -40, -36, -80, -76]) .and. all(d8 == d4) .and. all(d8b == d4), &
               'typemap displs in every kind')
    call check(all(b4 == WEFT_REAL) .and. all(b4b == WEFT_REAL) .and. all(b8 == WEFT_REAL), &
               'typemap basics in every kind')
  end block
  call weft_type_commit(t(1))
  block
    integer :: o4(3), l4a(3), l4b(3)
    integer(AK) :: o8(3), o8b(3)
    integer(CK) :: l8a(3)
    call weft_type_iov(t(1), 1, 0, 3, o4, l4a, i4)
    call weft_type_iov(t(1), 1, 0, 3, o8, l4b, j4)
    call weft_type_iov(t(1), 1_CK, 0_CK, 3_CK, o8b, l8a, i8)
    call check(i4 == 3 .and. j4 == 3 .and. i8 == 3, 'iov npieces in every kind')
    call check(all(o4 == [0, -40, -80]) .and. all(o8 == o4) .and. all(o8b == o4), &
               'iov offsets in every kind')
    call check(all(l4a == 8) .and. all(l4b == 8) .and. all(l8a == 8), 'iov lengths in every kind')
  end block
  call weft_get_elements(base, 10, i4)   ! ends inside the first DOUBLE_PRECISION
  call weft_get_elements(base, 10_CK, i8)
  call check(i4 == WEFT_UNDEFINED .and. i8 == WEFT_UNDEFINED, 'get_elements undefined in both kinds')
  call weft_get_elements(base, 44, i4)   ! two copies (2 x 20 bytes) + one INTEGER
  call weft_get_elements(base, 44_CK, i8)
  call check(i4 == 7 .and. i8 == 7, 'get_elements in both kinds')
  call weft_get_count(base, 40, i4)
  call weft_get_count(base, 40_CK, i8)
  call check(i4 == 2 .and. i8 == 2, 'get_count in both kinds')
  call weft_buffer_is_aligned(src, 1, WEFT_DOUBLE_PRECISION, al(1), ul(1))
  call weft_buffer_is_aligned(src, 1_CK, WEFT_DOUBLE_PRECISION, al(2), ul(2))
  call check(al(1) .eqv. al(2) .and. (ul(1) .eqv. ul(2)), 'buffer_is_aligned in both kinds')
  call weft_buffer_is_aligned(src, 1, WEFT_REAL, al(1), ul(1))
  call check(al(1) .and. ul(1), 'a REAL array is aligned for REAL')

  ! ---- moving data, every kind ------------------------------------------------------
  src = [(real(i), i = 1, 40)]
  call weft_type_vector(4, 2, 5, WEFT_REAL, tt(1))
  call weft_type_commit(tt(1))
  call weft_pack_size(2, tt(1), i4)
  call weft_pack_size(2_CK, tt(1), i8)
  call check(i4 == 64 .and. i8 == 64, 'pack_size in both kinds')
  pos4 = 0
  pos8 = 0
  bytes4 = achar(0)
  bytes8 = achar(0)
  call weft_pack(src, 2, tt(1), bytes4, 200, pos4)
  call weft_pack(src, 2_CK, tt(1), bytes8, 200_CK, pos8)
  call check(pos4 == 64 .and. pos8 == 64 .and. all(bytes4 == bytes8), 'pack in both kinds')
  call check(all(transfer(bytes4(1:64), src(1:16)) == &
             [1., 2., 6., 7., 11., 12., 16., 17., 18., 19., 23., 24., 28., 29., 33., 34.]), &
             'packed values')
  dst4 = 0
  dst8 = 0
  pos4 = 0
  pos8 = 0
  call weft_unpack(bytes4, 200, pos4, dst4, 2, tt(1))
  call weft_unpack(bytes8, 200_CK, pos8, dst8, 2_CK, tt(1))
  call check(pos4 == 64 .and. pos8 == 64 .and. all(dst4 == dst8), 'unpack in both kinds')
  call check(all(pack(dst4, dst4 /= 0) == pack(src, dst4 /= 0)) .and. count(dst4 /= 0) == 16, &
             'unpack puts the values back')
  bytes4 = achar(0)
  bytes8 = achar(0)
  call weft_pack_partial(src, 2, tt(1), 10, 30, bytes4, act4)
  call weft_pack_partial(src, 2_CK, tt(1), 10_CK, 30_CK, bytes8, act8)
  call check(act4 == 30 .and. act8 == 30 .and. all(bytes4 == bytes8), 'pack_partial in both kinds')
  dst4 = 0
  dst8 = 0
  call weft_unpack_partial(bytes4, 30, 10, dst4, 2, tt(1))
  call weft_unpack_partial(bytes8, 30_CK, 10_CK, dst8, 2_CK, tt(1))
  ! bytes [10, 40) of the stream: the upper half of packed REAL 2 (6.0, whose lower two
  ! bytes are zero anyway) and packed REALs 3..9 whole
  call check(all(dst4 == dst8), 'unpack_partial in both kinds')
  call check(all(dst4 == merge(src, 0., [(any(i == [6, 7, 11, 12, 16, 17, 18, 19]), i = 1, 40)])), &
             'unpack_partial writes exactly the window')
  dst4 = 0
  dst8 = 0
  call weft_copy(src, 2, tt(1), dst4, 16, WEFT_REAL, i4)
  call weft_copy(src, 2_CK, tt(1), dst8, 16_CK, WEFT_REAL, i8)
  call check(i4 == 64 .and. i8 == 64 .and. all(dst4 == dst8), 'copy in both kinds')
  call check(all(dst4(1:4) == [1., 2., 6., 7.]) .and. all(dst4(17:) == 0), 'copied values')

  ! ---- results that do not fit a default INTEGER ------------------------------------
  call weft_type_contiguous(3000000000_CK, WEFT_CHAR, tt(2))   ! 3e9 bytes, no memory used
  i4 = -7
  call weft_type_size(tt(2), i4, ierr)
  call check_status(ierr, WEFT_OVERFLOW, 'size 3e9 into a default INTEGER')
  call check(i4 == -7, 'the overflowing output is unchanged')
  call check(weft_last_error() == 'weft_type_size: size 3000000000 does not fit the kind of ' // &
             'the output argument', 'overflow message: ' // weft_last_error())
  call weft_type_size(tt(2), i8)
  call check(i8 == 3000000000_CK, 'size 3e9 into INTEGER(WEFT_COUNT_KIND)')
  i4 = -7
  j4 = -7
  call weft_type_extent(tt(2), i4, j4, ierr)
  call check_status(ierr, WEFT_OVERFLOW, 'extent 3e9 into default INTEGERs')
  call check(i4 == -7 .and. j4 == -7, 'both extent outputs unchanged')
  call weft_type_ub(tt(2), i4, ierr)
  call check_status(ierr, WEFT_OVERFLOW, 'ub 3e9 into a default INTEGER')
  call weft_type_true_extent(tt(2), i4, j4, ierr)
  call check_status(ierr, WEFT_OVERFLOW, 'true_extent 3e9 into default INTEGERs')
  call weft_pack_size(1, tt(2), i4, ierr)
  call check_status(ierr, WEFT_OVERFLOW, 'pack_size 3e9 into a default INTEGER')
  call weft_get_elements(tt(2), 2000000000, i4, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'get_elements below 2**31 fits')
  call check(i4 == 2000000000, 'get_elements of CHARs = bytes')
  call weft_type_commit(tt(2))
  dst4 = -1
  i4 = -7
  ! 3e9 bytes would be moved: the binding refuses before touching any data
  call weft_copy(src, 1, tt(2), dst4, 1, tt(2), i4, ierr)
  call check_status(ierr, WEFT_OVERFLOW, 'copy whose nbytes does not fit a default INTEGER')
  call check(i4 == -7 .and. all(dst4 == -1), 'nothing copied')
  call weft_type_hvector(2, 1, 3000000000_AK, WEFT_REAL, tt(3))
  block
    type(weft_type) :: b(2), ty(1)
    integer :: d(2), ints(2), addrs(1), o(2), l(2)
    d = -7
    call weft_type_typemap(tt(3), 2, b, d, i4, ierr)
    call check_status(ierr, WEFT_OVERFLOW, 'typemap displacement 3e9 into default INTEGERs')
    call check(all(d == -7), 'typemap outputs unchanged')
    addrs = -7
    call weft_type_contents(tt(3), 2, 1, 1, ints, addrs, ty, ierr)
    call check_status(ierr, WEFT_OVERFLOW, 'contents address 3e9 into a default INTEGER')
    call check(addrs(1) == -7, 'contents outputs unchanged')
    call weft_type_commit(tt(3))
    o = -7
    call weft_type_iov(tt(3), 1, 0, 2, o, l, i4, ierr)
    call check_status(ierr, WEFT_OVERFLOW, 'iov offset 3e9 into default INTEGERs')
    call check(all(o == -7), 'iov outputs unchanged')
  end block

  call weft_type_free(t(1))
  call weft_type_free(base)
  do i = 1, 3
    call weft_type_free(tt(i))
  end do
  call finish('test_generics')

contains

  ! Two handles describe the same typemap and bounds.
  subroutine same(a, b, what)
    type(weft_type), intent(in) :: a, b
    character(*), intent(in) :: what
    type(weft_type) :: ba(64), bb(64)
    integer(AK) :: da(64), db(64), la, ea, lbb, eb
    integer(CK) :: na, nb
    call weft_type_typemap(a, 64_CK, ba, da, na)
    call weft_type_typemap(b, 64_CK, bb, db, nb)
    call weft_type_extent(a, la, ea)
    call weft_type_extent(b, lbb, eb)
    call check(na == nb .and. na > 0, what // ': same number of entries')
    call check(all(ba(1:na) == bb(1:na)) .and. all(da(1:na) == db(1:na)), what // ': same typemap')
    call check(la == lbb .and. ea == eb, what // ': same bounds')
  end subroutine same

  ! t(1), t(2), t(3) (the three kind combinations) describe the same type; frees t(1)
  ! and t(2).
  subroutine same3(what)
    character(*), intent(in) :: what
    call same(t(1), t(3), what // ' (default, default) vs (int64, address)')
    call same(t(2), t(3), what // ' (default, address) vs (int64, address)')
    call weft_type_free(t(1))
    call weft_type_free(t(2))
  end subroutine same3
end program test_generics
