! Queries: typemap and iov with capacities, alignment and the ALIGNED flag,
! get_count/get_elements (the MPI-1.1 §3.12.5 example), true extent with markers,
! is_contiguous, signature.
program test_queries
  use, intrinsic :: iso_c_binding, only: c_f_pointer, c_loc, c_char
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND, CK = WEFT_COUNT_KIND
  type(weft_type) :: t, type2, s, basics(8), no_basics(0)
  integer(AK) :: displs(8), no_displs(0), offsets(8), lb, extent
  integer(CK) :: lengths(8), n, np, ta, ua
  integer :: ierr, cnt
  logical :: flag, aligned, uint_aligned
  integer(8), target :: store(4)
  integer(8) :: fp1, fp2
  character(kind=c_char), pointer :: bytes(:)

  ! typemap: capacity 0 gives the number only; too small a capacity writes nothing.
  call weft_type_vector(3, 2, 3, WEFT_INTEGER, t)   ! entries at 0 4 12 16 24 28
  call weft_type_typemap(t, 0_CK, no_basics, no_displs, n)
  call check_i(n, 6_CK, 'typemap with capacity 0: number of entries')
  displs = -1
  basics = WEFT_TYPE_NULL
  n = -1
  call weft_type_typemap(t, 5_CK, basics, displs, n, ierr)
  call check_status(ierr, WEFT_INSUFFICIENT_SPACE, 'typemap with capacity 5 < 6')
  call check(all(displs == -1) .and. all(basics == WEFT_TYPE_NULL) .and. n == -1, &
             'a failed typemap writes nothing')
  call weft_type_typemap(t, 8_CK, basics, displs, n)
  call check(n == 6 .and. all(displs(1:6) == [0, 4, 12, 16, 24, 28]) .and. &
             all(basics(1:6) == WEFT_INTEGER), 'typemap of vector(3, 2, 3, INTEGER)')
  call check(all(displs(7:8) == -1) .and. all(basics(7:8) == WEFT_TYPE_NULL), &
             'typemap leaves the entries after n alone')

  ! iov needs a committed type; pieces in packed order; resumable from first_piece.
  call weft_type_iov(t, 1_CK, 0_CK, 8_CK, offsets, lengths, np, ierr)
  call check_status(ierr, WEFT_TYPE_NOT_COMMITTED, 'iov of an uncommitted type')
  call weft_type_commit(t)
  call weft_type_iov(t, 2_CK, 0_CK, 0_CK, offsets, lengths, np)
  ! 2 copies (extent 32): the last block of copy 1 (24..31) and the first of copy 2
  ! (32..39) touch, so they merge: 0:8, 12:8, 24:16, 44:8, 56:8
  call check_i(np, 5_CK, 'iov of 2 copies: number of pieces (adjacent pieces merged)')
  offsets = -1
  call weft_type_iov(t, 2_CK, 0_CK, 8_CK, offsets, lengths, np)
  call check(np == 5 .and. all(offsets(1:5) == [0, 12, 24, 44, 56]) .and. &
             all(lengths(1:5) == [8, 8, 16, 8, 8]) .and. offsets(6) == -1, 'iov pieces')
  call weft_type_iov(t, 2_CK, 3_CK, 1_CK, offsets, lengths, np)
  call check(np == 1 .and. offsets(1) == 44 .and. lengths(1) == 8, 'iov from piece 3, capacity 1')
  call weft_type_iov(t, 2_CK, 5_CK, 0_CK, offsets, lengths, np)
  call check_i(np, 0_CK, 'iov from the end: no pieces left')
  call weft_type_is_contiguous(t, flag)
  call check(.not. flag, 'vector(3, 2, 3) is not contiguous')
  call weft_type_free(t)

  ! Alignment of a struct: CHAR and DOUBLE -> true 8, uint 8; the ALIGNED flag.
  call weft_type_struct(2, [1, 1], [0_AK, 8_AK], [WEFT_CHAR, WEFT_DOUBLE], s)
  call weft_type_alignment(s, ta, ua)
  call check(ta == 8 .and. ua == 8, 'alignment of struct {CHAR, DOUBLE}')
  call c_f_pointer(c_loc(store), bytes, [32])   ! 8-byte aligned bytes
  call weft_buffer_is_aligned(bytes(1), 1, s, aligned, uint_aligned)
  call check(aligned .and. uint_aligned, 'struct at an 8-byte boundary is aligned')
  call weft_buffer_is_aligned(bytes(5), 1, s, aligned, uint_aligned)
  call check(.not. aligned .and. .not. uint_aligned, 'struct at offset 4 is not aligned')
  call weft_buffer_is_aligned(bytes(5), 2, WEFT_INTEGER, aligned, uint_aligned)
  call check(aligned .and. uint_aligned, 'INTEGERs at offset 4 are aligned')
  call weft_buffer_is_aligned(bytes(2), 1, WEFT_INT16, aligned, uint_aligned)
  call check(.not. aligned .and. .not. uint_aligned, 'INT16 at offset 1 is not aligned')
  call weft_type_free(s)

  ! MPI-1.1 §3.12.5: Type2 = 2 REAL; 2 REALs received: count 1, elements 2;
  ! 3 REALs: count WEFT_UNDEFINED, elements 3.
  call weft_type_contiguous(2, WEFT_REAL, type2)
  call weft_get_count(type2, 8, cnt)
  call check_i(cnt, 1, 'get_count of 8 bytes of Type2')
  call weft_get_elements(type2, 8, cnt)
  call check_i(cnt, 2, 'get_elements of 8 bytes of Type2')
  call weft_get_count(type2, 12, cnt)
  call check_i(cnt, WEFT_UNDEFINED, 'get_count of 12 bytes of Type2')
  call weft_get_elements(type2, 12, cnt)
  call check_i(cnt, 3, 'get_elements of 12 bytes of Type2')
  call weft_get_elements(type2, 6, cnt)
  call check_i(cnt, WEFT_UNDEFINED, 'get_elements of 6 bytes (inside a REAL)')
  call weft_type_free(type2)

  ! Markers: lb/extent follow them; the true extent ignores them.
  call weft_type_struct(3, [1, 2, 1], [-8_AK, 4_AK, 40_AK], [WEFT_LB, WEFT_REAL, WEFT_UB], t)
  call weft_type_extent(t, lb, extent)
  call check(lb == -8 .and. extent == 48, 'lb and extent with markers')
  call weft_type_lb(t, lb)
  call check_i(lb, -8_AK, 'weft_type_lb')
  call weft_type_ub(t, lb)
  call check_i(lb, 40_AK, 'weft_type_ub')
  call weft_type_true_extent(t, lb, extent)
  call check(lb == 4 .and. extent == 8, 'true extent ignores the markers')
  call weft_type_free(t)

  ! A contiguous type.
  call weft_type_contiguous(4, WEFT_DOUBLE_COMPLEX, t)
  call weft_type_is_contiguous(t, flag)
  call check(flag, 'contiguous(4, DOUBLE_COMPLEX) is contiguous')
  call weft_type_free(t)

  ! Signature fingerprints: INTEGER and WEFT_INT32 are one basic type; REAL is not.
  call weft_type_contiguous(2, WEFT_INTEGER, t)
  call weft_type_vector(2, 1, 5, WEFT_INT32, type2)
  call weft_type_signature(t, fp1)
  call weft_type_signature(type2, fp2)
  call check(fp1 == fp2 .and. fp1 /= 0, 'contiguous(2, INTEGER) and vector(2, 1, 5, INT32) match')
  call weft_type_free(type2)
  call weft_type_contiguous(2, WEFT_REAL, type2)
  call weft_type_signature(type2, fp2)
  call check(fp1 /= fp2, 'INTEGER and REAL differ')
  call weft_type_free(type2)
  call weft_type_free(t)
  call finish('test_queries')
end program test_queries
