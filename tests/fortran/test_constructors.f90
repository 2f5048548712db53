! Every constructor: exact typemap (basic entries and byte displacements), size, lb,
! extent, envelope and contents; commit, dup and free.
program test_constructors
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND, CK = WEFT_COUNT_KIND
  type(weft_type) :: t, t2, u, types(3), got_types(4)
  integer(AK) :: d(3), displs_out(3), addrs(4)
  integer(CK) :: ints(10)
  integer :: ierr, i
  logical :: contig

  ! contiguous: 3 REAL
  call weft_type_contiguous(3, WEFT_REAL, t)
  call check_map(t, [(WEFT_REAL, i = 1, 3)], [0, 4, 8], 'contiguous(3, REAL)')
  call check_bounds(t, 12, 0, 12, 'contiguous(3, REAL)')
  call check_envelope(t, WEFT_COMBINER_CONTIGUOUS, 1, 0, 1, 'contiguous')
  call weft_type_contents(t, 1_CK, 0_CK, 1_CK, ints, addrs, got_types)
  call check(ints(1) == 3 .and. got_types(1) == WEFT_REAL, 'contents of contiguous')
  call weft_type_is_contiguous(t, contig)
  call check(contig, 'contiguous(3, REAL) is contiguous')
  call weft_type_free(t)
  call check(t == WEFT_TYPE_NULL, 'weft_type_free sets the handle to WEFT_TYPE_NULL')

  ! vector: 3 blocks of 2 REAL, stride 4 elements
  call weft_type_vector(3, 2, 4, WEFT_REAL, t)
  call check_map(t, [(WEFT_REAL, i = 1, 6)], [0, 4, 16, 20, 32, 36], 'vector(3, 2, 4, REAL)')
  call check_bounds(t, 24, 0, 40, 'vector(3, 2, 4, REAL)')
  call check_envelope(t, WEFT_COMBINER_VECTOR, 3, 0, 1, 'vector')
  call weft_type_contents(t, 3_CK, 0_CK, 1_CK, ints, addrs, got_types)
  call check(all(ints(1:3) == [3, 2, 4]) .and. got_types(1) == WEFT_REAL, 'contents of vector')
  call weft_type_is_contiguous(t, contig)
  call check(.not. contig, 'vector(3, 2, 4, REAL) is not contiguous')
  call weft_type_free(t)

  ! hvector with a negative byte stride: INTEGER at 0 and -12
  call weft_type_hvector(2, 1, -12_AK, WEFT_INTEGER, t)
  call check_map(t, [WEFT_INTEGER, WEFT_INTEGER], [0, -12], 'hvector(2, 1, -12, INTEGER)')
  call check_bounds(t, 8, -12, 16, 'hvector(2, 1, -12, INTEGER)')
  call check_envelope(t, WEFT_COMBINER_HVECTOR, 2, 1, 1, 'hvector')
  call weft_type_contents(t, 2_CK, 1_CK, 1_CK, ints, addrs, got_types)
  call check(all(ints(1:2) == [2, 1]) .and. addrs(1) == -12 .and. got_types(1) == WEFT_INTEGER, &
             'contents of hvector')
  call weft_type_free(t)

  ! indexed: blocks (2 at 5), (0 at -1), (1 at 0) of DOUBLE_PRECISION
  call weft_type_indexed(3, [2, 0, 1], [5, -1, 0], WEFT_DOUBLE_PRECISION, t)
  call check_map(t, [(WEFT_DOUBLE_PRECISION, i = 1, 3)], [40, 48, 0], 'indexed')
  call check_bounds(t, 24, 0, 56, 'indexed')
  call check_envelope(t, WEFT_COMBINER_INDEXED, 7, 0, 1, 'indexed')
  call weft_type_contents(t, 7_CK, 0_CK, 1_CK, ints, addrs, got_types)
  call check(all(ints(1:7) == [3, 2, 0, 1, 5, -1, 0]), 'contents of indexed')
  call weft_type_free(t)

  ! hindexed: (1 at 6 bytes), (2 at -4 bytes) of INT16
  call weft_type_hindexed(2, [1, 2], [6_AK, -4_AK], WEFT_INT16, t)
  call check_map(t, [(WEFT_INT16, i = 1, 3)], [6, -4, -2], 'hindexed')
  call check_bounds(t, 6, -4, 12, 'hindexed')
  call check_envelope(t, WEFT_COMBINER_HINDEXED, 3, 2, 1, 'hindexed')
  call weft_type_free(t)

  ! indexed_block: blocks of 2 REAL at 3 and 0 elements
  call weft_type_indexed_block(2, 2, [3, 0], WEFT_REAL, t)
  call check_map(t, [(WEFT_REAL, i = 1, 4)], [12, 16, 0, 4], 'indexed_block')
  call check_bounds(t, 16, 0, 20, 'indexed_block')
  call check_envelope(t, WEFT_COMBINER_INDEXED_BLOCK, 4, 0, 1, 'indexed_block')
  call weft_type_free(t)

  ! hindexed_block: blocks of 1 INTEGER at 8 and 2 bytes (the epsilon rounds the
  ! extent up to a multiple of 4)
  call weft_type_hindexed_block(2, 1, [8_AK, 2_AK], WEFT_INTEGER, t)
  call check_map(t, [WEFT_INTEGER, WEFT_INTEGER], [8, 2], 'hindexed_block')
  call check_bounds(t, 8, 2, 12, 'hindexed_block')
  call check_envelope(t, WEFT_COMBINER_HINDEXED_BLOCK, 2, 2, 1, 'hindexed_block')
  call weft_type_free(t)

  ! struct with markers, MPI-1.1 §3.12.3: D = (-3, 0, 6), T = (LB, INT, UB): extent 9,
  ! lb -3; contiguous(2) of it: {(lb,-3), (int,0), (int,9), (ub,15)}.
  types = [WEFT_LB, WEFT_INT, WEFT_UB]
  d = [-3_AK, 0_AK, 6_AK]
  call weft_type_struct(3, [1, 1, 1], d, types, t)
  call check_map(t, [WEFT_INT], [0], 'struct LB/INT/UB')
  call check_bounds(t, 4, -3, 9, 'struct LB/INT/UB')
  call check_envelope(t, WEFT_COMBINER_STRUCT, 4, 3, 3, 'struct')
  call weft_type_contents(t, 4_CK, 3_CK, 3_CK, ints, addrs, got_types)
  call check(all(ints(1:4) == [3, 1, 1, 1]) .and. all(addrs(1:3) == d) .and. &
             all(got_types(1:3) == types), 'contents of struct')
  call weft_type_contiguous(2, t, t2)
  call check_map(t2, [WEFT_INT, WEFT_INT], [0, 9], 'contiguous(2, struct LB/INT/UB)')
  call check_bounds(t2, 8, -3, 18, 'contiguous(2, struct LB/INT/UB)')
  call weft_type_free(t2)
  call weft_type_free(t)

  ! subarray: the 2 x 3 block at (1, 2) (0-based) of a 4 x 5 REAL array, both orders
  call weft_type_subarray(2, [4, 5], [2, 3], [1, 2], WEFT_ORDER_FORTRAN, WEFT_REAL, t)
  call check_map(t, [(WEFT_REAL, i = 1, 6)], [36, 40, 52, 56, 68, 72], 'subarray Fortran order')
  call check_bounds(t, 24, 0, 80, 'subarray Fortran order')
  call check_envelope(t, WEFT_COMBINER_SUBARRAY, 8, 0, 1, 'subarray')
  call weft_type_contents(t, 8_CK, 0_CK, 1_CK, ints, addrs, got_types)
  call check(all(ints(1:8) == [2, 4, 5, 2, 3, 1, 2, WEFT_ORDER_FORTRAN]), 'contents of subarray')
  call weft_type_free(t)
  call weft_type_subarray(2, [4, 5], [2, 3], [1, 2], WEFT_ORDER_C, WEFT_REAL, t)
  ! C order: row r (of 4) has 5 elements; rows 1..2, columns 2..4
  call check_map(t, [(WEFT_REAL, i = 1, 6)], [28, 32, 36, 48, 52, 56], 'subarray C order')
  call check_bounds(t, 24, 0, 80, 'subarray C order')
  call weft_type_free(t)

  ! resized: INTEGER with lb -4 and extent 12
  call weft_type_resized(WEFT_INTEGER, -4_AK, 12_AK, t)
  call check_map(t, [WEFT_INTEGER], [0], 'resized')
  call check_bounds(t, 4, -4, 12, 'resized')
  call check_envelope(t, WEFT_COMBINER_RESIZED, 0, 2, 1, 'resized')
  call weft_type_contiguous(2, t, t2)
  call check_map(t2, [WEFT_INTEGER, WEFT_INTEGER], [0, 12], 'contiguous(2, resized)')
  call weft_type_free(t2)

  ! dup: same typemap and bounds, combiner DUP; committed when the input is
  call weft_type_commit(t)
  call weft_type_dup(t, u)
  call check_map(u, [WEFT_INTEGER], [0], 'dup')
  call check_bounds(u, 4, -4, 12, 'dup')
  call check_envelope(u, WEFT_COMBINER_DUP, 0, 0, 1, 'dup')
  call weft_type_free(t)   ! u keeps working after its input is freed
  call check_map(u, [WEFT_INTEGER], [0], 'dup after freeing its input')
  call weft_type_free(u)

  ! struct_aligned: INT8, DOUBLE, 3 x INT16 -> offsets 0, 8, 16; extent 24
  call weft_type_struct_aligned(3, [1, 1, 3], [WEFT_INT8, WEFT_DOUBLE, WEFT_INT16], &
                                displs_out, t)
  call check(all(displs_out == [0, 8, 16]), 'struct_aligned offsets')
  call check_map(t, [WEFT_INT8, WEFT_DOUBLE, WEFT_INT16, WEFT_INT16, WEFT_INT16], &
                 [0, 8, 16, 18, 20], 'struct_aligned')
  call check_bounds(t, 15, 0, 24, 'struct_aligned')
  ! contents: count and blocklens, the computed offsets as addresses, the field types
  call check_envelope(t, WEFT_COMBINER_STRUCT_ALIGNED, 4, 3, 3, 'struct_aligned')
  call weft_type_contents(t, 4_CK, 3_CK, 3_CK, ints, addrs, got_types)
  call check(all(ints(1:4) == [3, 1, 1, 3]) .and. all(addrs(1:3) == [0, 8, 16]) .and. &
             all(got_types(1:3) == [WEFT_INT8, WEFT_DOUBLE, WEFT_INT16]), &
             'contents of struct_aligned')
  call weft_type_free(t)

  ! Zero counts give empty types (lb = ub = 0).
  call weft_type_contiguous(0, WEFT_REAL, t)
  call check_bounds(t, 0, 0, 0, 'contiguous(0, REAL)')
  call weft_type_free(t)
  call weft_type_indexed(0, [integer ::], [integer ::], WEFT_REAL, t)
  call check_bounds(t, 0, 0, 0, 'indexed with count 0 and empty arrays')
  call weft_type_free(t)

  ! Types keep their inputs alive; commit; freed handles are rejected.
  call weft_type_vector(2, 1, 2, WEFT_REAL, t)
  call weft_type_contiguous(2, t, t2)
  call weft_type_free(t)
  call weft_type_commit(t2, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'commit after freeing the input')
  call check_map(t2, [(WEFT_REAL, i = 1, 4)], [0, 8, 12, 20], 'contiguous(2, vector(2,1,2))')
  call weft_type_commit(t2, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'commit twice')
  u = t2
  call weft_type_free(t2)
  call weft_type_commit(u, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'commit a freed handle')

  call finish('test_constructors')

contains

  ! The flattened typemap equals (basics(i), displs(i)).
  subroutine check_map(t, basics, displs, what)
    type(weft_type), intent(in) :: t, basics(:)
    integer, intent(in) :: displs(:)
    character(*), intent(in) :: what
    type(weft_type), allocatable :: b(:)
    integer(AK), allocatable :: dd(:)
    integer(CK) :: n
    integer :: ierr
    type(weft_type) :: no_basics(0)
    integer(AK) :: no_displs(0)
    call weft_type_typemap(t, 0_CK, no_basics, no_displs, n)
    call check_i(n, int(size(basics), CK), what // ': number of typemap entries')
    if (n /= size(basics)) return
    allocate(b(n), dd(n))
    call weft_type_typemap(t, n, b, dd, n, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': typemap')
    call check(all(b == basics), what // ': typemap basic types')
    call check(all(dd == displs), what // ': typemap displacements')
  end subroutine check_map

  subroutine check_bounds(t, size, lb, extent, what)
    type(weft_type), intent(in) :: t
    integer, intent(in) :: size, lb, extent
    character(*), intent(in) :: what
    integer(CK) :: s
    integer(AK) :: l, e
    call weft_type_size(t, s)
    call check_i(s, int(size, CK), what // ': size')
    call weft_type_extent(t, l, e)
    call check_i(l, int(lb, AK), what // ': lb')
    call check_i(e, int(extent, AK), what // ': extent')
  end subroutine check_bounds

  subroutine check_envelope(t, combiner, nints, naddrs, ntypes, what)
    type(weft_type), intent(in) :: t
    integer, intent(in) :: combiner, nints, naddrs, ntypes
    character(*), intent(in) :: what
    integer(CK) :: ni, na, nt
    integer :: c
    call weft_type_envelope(t, ni, na, nt, c)
    call check_i(c, combiner, what // ': combiner')
    call check(ni == nints .and. na == naddrs .and. nt == ntypes, what // ': envelope numbers')
  end subroutine check_envelope
end program test_constructors
