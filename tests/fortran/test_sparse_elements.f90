! Values and indices between Fortran variables and the objects of weft/sparse.h (modules
! weft_elements, weft_import_export): every intrinsic kind as a value without naming a
! weft type (INTEGER(1/2/4/8), REAL(4/8), COMPLEX, default LOGICAL and LOGICAL(C_BOOL)),
! a bind(C) derived type with xtype (elements, build, tuples, a user operator on it),
! build/extract_tuples with either index kind, 1-based against 0-based calls
! (elements, build, tuples, extract, assign, import, export), dense arrays with a
! presence rule (all, pattern, zero, both), import/export in CSR/CSC/COO and
! serialize/deserialize round trips.
module sparse_elements_pair
  use, intrinsic :: iso_c_binding, only: c_int32_t, c_double
  implicit none
  private
  public :: pair_t, pair_plus

  ! A user-defined domain: {INT32 a; 4 bytes padding; FP64 b} (extent 16).
  type, bind(C), public :: pair_t
    integer(c_int32_t) :: a
    real(c_double) :: b
  end type pair_t

contains

  subroutine pair_plus(z, x, y) bind(C)
    type(pair_t), intent(inout) :: z
    type(pair_t), intent(in) :: x, y
    type(pair_t) :: r
    r = pair_t(x%a + y%a, x%b + y%b)
    z = r
  end subroutine pair_plus
end module sparse_elements_pair

program test_sparse_elements
  use, intrinsic :: iso_c_binding, only: c_bool, c_funloc, c_intptr_t, c_ptr, c_loc, &
                                         c_f_pointer
  use, intrinsic :: iso_fortran_env, only: int8, int16, int32, int64, real32, real64
  use weft
  use weft_test_check
  use sparse_test_support
  use sparse_elements_pair
  implicit none
  type(weft_matrix) :: A, A0, A1, Bm, P, D
  type(weft_vector) :: v, w0, w1
  integer :: st

  call intrinsic_values()
  call bool_values()
  call build_and_tuples()
  call one_based()
  call derived_values()
  call dense_arrays()
  call import_export()
  call serialize()
  call finish('test_sparse_elements')

contains

  ! Every intrinsic kind in and out of an FP64 matrix, cast by C's rules.
  subroutine intrinsic_values()
    integer(int8) :: i1
    integer(int16) :: i2
    integer(int32) :: i4
    integer(int64) :: i8
    real(real32) :: r4
    real(real64) :: r8
    complex(real64) :: z8
    logical :: l
    call weft_matrix_new(WEFT_FP64, 2, 4, A)
    call weft_set_element(A, 0, 0, 7_int8)
    call weft_set_element(A, 0, 1, -300_int16)
    call weft_set_element(A, 0, 2, 100000_int32)
    call weft_set_element(A, 0, 3, 2_int64**40)
    call weft_set_element(A, 1, 0, 0.5_real32)
    call weft_set_element(A, 1, 1, -2.25_real64)
    call weft_set_element(A, 1, 2, (1.5_real64, 9.0_real64))   ! complex: the real part
    call weft_set_element(A, 1, 3, .true.)
    call check_matrix(A, [0, 0, 0, 0, 1, 1, 1, 1], [0, 1, 2, 3, 0, 1, 2, 3], &
                      [7d0, -300d0, 1d5, 2d0**40, 0.5d0, -2.25d0, 1.5d0, 1d0], &
                      'set_element from every intrinsic kind')
    call weft_extract_element(A, 0, 0, i1)
    call weft_extract_element(A, 0, 1, i2)
    call weft_extract_element(A, 0, 2, i4)
    call weft_extract_element(A, 0, 3, i8)
    call weft_extract_element(A, 1, 0, r4)
    call weft_extract_element(A, 1, 1, r8)
    call weft_extract_element(A, 1, 2, z8)
    call weft_extract_element(A, 1, 3, l)
    call check(i1 == 7 .and. i2 == -300 .and. i4 == 100000 .and. i8 == 2_int64**40, &
               'extract_element into INTEGER(1/2/4/8)')
    call check(r4 == 0.5 .and. r8 == -2.25d0 .and. z8 == (1.5d0, 0d0) .and. l, &
               'extract_element into REAL(4/8), COMPLEX, LOGICAL')
    call weft_extract_element(A, 1, 1, i4)
    call check_i(i4, -2, 'FP64 -2.25 into INTEGER: truncated toward zero')
    call weft_extract_element(A, 1, 1, l)
    call check(l, 'FP64 -2.25 into LOGICAL: nonzero is .true.')
    call weft_free(A)
  end subroutine intrinsic_values

  ! A BOOL matrix with default LOGICAL and LOGICAL(C_BOOL) values and arrays.
  subroutine bool_values()
    logical :: l, lx(3)
    logical(c_bool) :: b, bx(3)
    integer :: n
    integer(int64) :: ii(3), jj(3)
    call weft_matrix_new(WEFT_BOOL, 2, 2, A)
    call weft_build(A, [0, 1, 1], [1, 0, 1], [.true., .false., .true.])
    call check_matrix(A, [0, 1, 1], [1, 0, 1], [1d0, 0d0, 1d0], 'build from default LOGICAL')
    call weft_extract_element(A, 1, 0, l)
    call weft_extract_element(A, 0, 1, b)
    call check(.not. l .and. logical(b), 'extract into LOGICAL and LOGICAL(C_BOOL)')
    lx = .false.
    call weft_extract_tuples(A, ii, jj, lx, n)
    call check(n == 3 .and. all(lx .eqv. [.true., .false., .true.]), &
               'extract_tuples into default LOGICAL')
    bx = .false.
    call weft_extract_tuples(A, ii, jj, bx, n)
    call check(logical(all(bx .eqv. [.true._c_bool, .false._c_bool, .true._c_bool])), &
               'extract_tuples into LOGICAL(C_BOOL)')
    call weft_set_element(A, 1, 0, .true._c_bool)
    call weft_extract_element(A, 1, 0, l)
    call check(l, 'set_element from LOGICAL(C_BOOL)')
    call weft_free(A)
  end subroutine bool_values

  ! build (default INTEGER and INTEGER(8) indices, mixed; a dup operator) and
  ! extract_tuples into either kind.
  subroutine build_and_tuples()
    integer :: i4(4), j4(4), n
    integer(int64) :: i8(4), j8(4), n8
    real(8) :: x(4)
    real(4) :: x4(4)
    call weft_matrix_new(WEFT_FP64, 3, 3, A)
    call weft_build(A, [2_int64, 0_int64, 2_int64], [1, 2, 1], [1d0, 2d0, 3d0], dup=WEFT_PLUS_FP64)
    call check_matrix(A, [0, 2], [2, 1], [2d0, 4d0], 'build: mixed index kinds, dup PLUS')
    call weft_extract_tuples(A, i4, j4, x, n)
    call check(n == 2 .and. all(i4(1:2) == [0, 2]) .and. all(j4(1:2) == [2, 1]) .and. &
               all(x(1:2) == [2d0, 4d0]), 'extract_tuples into default INTEGER, room to spare')
    call weft_extract_tuples(A, i8, j8, x4, n8)
    call check(n8 == 2 .and. all(i8(1:2) == [0, 2]) .and. all(x4(1:2) == [2.0, 4.0]), &
               'extract_tuples into INTEGER(8), values into REAL(4)')
    call weft_free(A)
    call weft_vector_new(WEFT_INT64, 4, v)
    call weft_build(v, [3, 1], [30_int64, 10_int64])
    call weft_extract_tuples(v, i4, i8, n)
    call check(n == 2 .and. all(i4(1:2) == [1, 3]) .and. all(i8(1:2) == [10, 30]), &
               'vector build and extract_tuples')
    call weft_free(v)
  end subroutine build_and_tuples

  ! base=1 against the 0-based calls, routine by routine.
  subroutine one_based()
    integer :: i(3), j(3), n, nptr, nidx, nvals, ptr(3), idx(3)
    real(8) :: x(3), y
    ! build
    call weft_matrix_new(WEFT_FP64, 2, 3, A0)
    call weft_matrix_new(WEFT_FP64, 2, 3, A1)
    call weft_build(A0, [0, 0, 1], [0, 2, 1], [1d0, 2d0, 3d0])
    call weft_build(A1, [1, 1, 2], [1, 3, 2], [1d0, 2d0, 3d0], base=1)
    call check_matrix(A1, [0, 0, 1], [0, 2, 1], [1d0, 2d0, 3d0], 'build base=1 = build 0-based')
    ! extract_tuples
    call weft_extract_tuples(A0, i, j, x, n, base=1)
    call check(all(i == [1, 1, 2]) .and. all(j == [1, 3, 2]), 'extract_tuples base=1')
    ! elements
    call weft_set_element(A1, 2, 3, 5d0, base=1)
    call weft_set_element(A0, 1, 2, 5d0)
    call weft_extract_element(A1, 2, 3, y, base=1)
    call check(y == 5d0, 'set/extract_element base=1')
    call weft_remove_element(A1, 1, 1, base=1)
    call weft_remove_element(A0, 0, 0)
    call check_matrix(A1, [0, 1, 1], [2, 1, 2], [2d0, 3d0, 5d0], 'remove_element base=1')
    call check_matrix(A0, [0, 1, 1], [2, 1, 2], [2d0, 3d0, 5d0], 'the same, 0-based')
    ! extract with lists, 1-based and 0-based; the column form
    call weft_vector_new(WEFT_FP64, 2, w0)
    call weft_vector_new(WEFT_FP64, 2, w1)
    call weft_col_extract(w0, A0, 2, [1, 0])
    call weft_col_extract(w1, A0, 3, [2, 1], base=1)
    call check_vector(w1, [0, 1], [5d0, 2d0], 'col_extract base=1')
    call check_vector(w0, [0, 1], [5d0, 2d0], 'col_extract 0-based')
    ! assign with a 1-based list
    call weft_assign(w1, w0, [2, 1], base=1)
    call check_vector(w1, [0, 1], [2d0, 5d0], 'assign base=1: w1([2,1]) = w0')
    call weft_free(w0)
    call weft_free(w1)
    ! extract and row_assign on matrices with 1-based lists
    call weft_matrix_new(WEFT_FP64, 2, 2, Bm)
    call weft_extract(Bm, A0, [2, 1], [3, 2], base=1)
    call check_matrix(Bm, [0, 0, 1], [0, 1, 0], [5d0, 3d0, 2d0], 'extract base=1')
    call weft_clear(Bm)
    call weft_extract(Bm, A0, [1, 0], [2, 1])
    call check_matrix(Bm, [0, 0, 1], [0, 1, 0], [5d0, 3d0, 2d0], 'the same, 0-based')
    call weft_vector_new(WEFT_FP64, 2, w0)
    call weft_build(w0, [0, 1], [8d0, 9d0])
    call weft_row_assign(Bm, w0, 2, [2, 1], base=1)
    call check_matrix(Bm, [0, 0, 1, 1], [0, 1, 0, 1], [5d0, 3d0, 9d0, 8d0], 'row_assign base=1')
    call weft_free(w0)
    call weft_free(Bm)
    ! import CSR 1-based (ptr from 1) and export 1-based
    call weft_free(A1)
    call weft_matrix_import(WEFT_FP64, 2, 3, WEFT_FORMAT_CSR, [1, 2, 4], [3, 2, 3], &
                            [2d0, 3d0, 5d0], A1, base=1)
    call check_matrix(A1, [0, 1, 1], [2, 1, 2], [2d0, 3d0, 5d0], 'import CSR base=1')
    call weft_matrix_export(A1, WEFT_FORMAT_CSR, ptr, idx, x, nptr, nidx, nvals, base=1)
    call check(all(ptr == [1, 2, 4]) .and. all(idx == [3, 2, 3]) .and. nptr == 3, &
               'export CSR base=1')
    call weft_matrix_export(A1, WEFT_FORMAT_CSR, ptr, idx, x, nptr, nidx, nvals)
    call check(all(ptr == [0, 1, 3]) .and. all(idx == [2, 1, 2]), 'export CSR 0-based')
    ! base must be 0 or 1
    call weft_set_element(A1, 1, 1, 1d0, base=2, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'base=2')
    call weft_free(A0)
    call weft_free(A1)
  end subroutine one_based

  ! A derived-type domain: values with xtype, a user operator on them.
  subroutine derived_values()
    type(weft_type) :: pair
    type(weft_binary_op) :: plus
    type(pair_t), target :: pairs(2)
    type(pair_t) :: p1, got(4)
    type(pair_t), pointer :: from_c(:)
    type(c_ptr) :: address
    integer(c_intptr_t) :: displs(2)
    integer :: i(4), j(4), n
    call weft_type_struct_aligned(2, [1, 1], [WEFT_INT32, WEFT_DOUBLE], displs, pair)
    call weft_type_commit(pair)
    call weft_matrix_new(pair, 2, 2, P)
    call weft_build(P, [0, 1], [0, 1], [pair_t(1, 0.5d0), pair_t(2, 1.5d0)], xtype=pair)
    call weft_set_element(P, 0, 1, pair_t(3, 2.5d0), xtype=pair)
    call weft_extract_element(P, 1, 1, p1, xtype=pair)
    call check(p1%a == 2 .and. p1%b == 1.5d0, 'extract_element of a derived type')
    call weft_binary_op_new(c_funloc(pair_plus), pair, pair, pair, plus)
    call weft_matrix_new(pair, 2, 2, Bm)
    call weft_ewise_add(Bm, plus, P, P)
    call weft_extract_tuples(Bm, i, j, got, n, xtype=pair)
    call check(n == 3 .and. all(got(1:3)%a == [2, 6, 4]) .and. &
               all(got(1:3)%b == [1d0, 5d0, 3d0]), &
               'a user operator on a derived type (ewise_add P + P)')
    ! A TYPE(C_PTR) is refused (gfortran passes its target or itself depending on the
    ! call path); memory from C goes in as a Fortran array of its type.
    pairs = [pair_t(7, 7.5d0), pair_t(8, 8.5d0)]
    address = c_loc(pairs)
    call weft_set_element(P, 0, 0, address, xtype=pair, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'a TYPE(C_PTR) value')
    call c_f_pointer(address, from_c, [2])
    call weft_clear(P)
    call weft_build(P, [1, 0], [0, 1], from_c, xtype=pair)
    call weft_extract_element(P, 1, 0, p1, xtype=pair)
    call check(p1%a == 7 .and. p1%b == 7.5d0, 'values from C memory through c_f_pointer')
    ! without xtype a derived type has no weft type
    call weft_set_element(P, 0, 0, pair_t(0, 0d0), ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'a derived-type value without xtype')
    ! nor can it go into an FP64 matrix
    call weft_matrix_new(WEFT_FP64, 1, 1, A)
    call weft_set_element(A, 0, 0, pair_t(0, 0d0), xtype=pair, ierror=st)
    call check_status(st, WEFT_DOMAIN_MISMATCH, 'a derived-type value into FP64')
    call weft_free(A)
    call weft_binary_op_free(plus)
    call weft_free(P)
    call weft_free(Bm)
    call weft_type_free(pair)
  end subroutine derived_values

  ! weft_build_dense: every position, a pattern, a zero, both; vectors; errors.
  subroutine dense_arrays()
    real(8) :: dense(2, 3)
    integer :: idense(2, 3)
    logical :: pattern(2, 3), ldense(2, 3)
    complex(8) :: zdense(2, 3)
    dense = reshape([1d0, 0d0, 0d0, 4d0, 5d0, 0d0], [2, 3])   ! [1 0 5; 0 4 0]
    pattern = reshape([.true., .true., .false., .false., .true., .true.], [2, 3])
    call weft_matrix_new(WEFT_FP64, 2, 3, D)
    call weft_build_dense(D, dense)
    call check_matrix(D, [0, 0, 0, 1, 1, 1], [0, 1, 2, 0, 1, 2], &
                      [1d0, 0d0, 5d0, 0d0, 4d0, 0d0], 'build_dense: every position')
    call weft_clear(D)
    call weft_build_dense(D, dense, zero=0d0)
    call check_matrix(D, [0, 0, 1], [0, 2, 1], [1d0, 5d0, 4d0], 'build_dense: zero=0')
    call weft_clear(D)
    call weft_build_dense(D, dense, pattern=pattern)
    call check_matrix(D, [0, 0, 1, 1], [0, 2, 0, 2], [1d0, 5d0, 0d0, 0d0], 'build_dense: pattern')
    call weft_clear(D)
    call weft_build_dense(D, dense, pattern=pattern, zero=0d0)
    call check_matrix(D, [0, 0], [0, 2], [1d0, 5d0], 'build_dense: pattern and zero')
    call weft_clear(D)
    call weft_build_dense(D, dense, pattern=dense > 2)
    call check_matrix(D, [0, 1], [2, 1], [5d0, 4d0], 'build_dense: pattern = dense > 2')
    ! other kinds: INTEGER with a zero of its own, default LOGICAL (zero .false.)
    idense = reshape([3, 0, 0, -1, 0, 0], [2, 3])
    call weft_clear(D)
    call weft_build_dense(D, idense, zero=0)
    call check_matrix(D, [0, 1], [0, 1], [3d0, -1d0], 'build_dense: INTEGER, zero=0')
    ldense = idense /= 0
    call weft_clear(D)
    call weft_build_dense(D, ldense, zero=.false.)
    call check_matrix(D, [0, 1], [0, 1], [1d0, 1d0], 'build_dense: LOGICAL, zero=.false.')
    ! errors: not empty, wrong shape, zero for a complex array
    call weft_build_dense(D, dense, ierror=st)
    call check_status(st, WEFT_OUTPUT_NOT_EMPTY, 'build_dense into a non-empty matrix')
    call weft_clear(D)
    call weft_build_dense(D, dense(:, 1:2), ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'build_dense: X of another shape')
    zdense = dense
    call weft_build_dense(D, zdense, zero=(0d0, 0d0), ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'build_dense: zero with a complex X')
    call weft_nvals(D, st)
    call check_i(st, 0, 'and D stayed empty')
    call weft_free(D)
    ! vectors
    call weft_vector_new(WEFT_INT32, 4, v)
    call weft_build_dense(v, [0, 7, 0, 9], zero=0)
    call check_vector(v, [1, 3], [7d0, 9d0], 'vector build_dense zero=0')
    call weft_clear(v)
    call weft_build_dense(v, [0, 7, 0, 9], pattern=[.true., .false., .false., .true.])
    call check_vector(v, [0, 3], [0d0, 9d0], 'vector build_dense pattern')
    call weft_free(v)
  end subroutine dense_arrays

  ! Import and export in the three formats, round trips, and the lengths.
  subroutine import_export()
    integer(int64) :: ptr(4), idx(3)
    integer :: nptr, nidx, nvals, pi(4), ii(3), nv
    real(4) :: x4(3)
    real(8) :: x(3)
    ! [10 . 20; . 30 .] in CSC: columns 0: {0}, 1: {1}, 2: {0}
    call weft_matrix_import(WEFT_FP64, 2, 3, WEFT_FORMAT_CSC, [0, 1, 2, 3], [0, 1, 0], &
                            [10d0, 30d0, 20d0], A)
    call check_matrix(A, [0, 0, 1], [0, 2, 1], [10d0, 20d0, 30d0], 'import CSC')
    call weft_matrix_import(WEFT_FP32, 2, 3, WEFT_FORMAT_COO, [1, 0, 0], [1, 2, 0], &
                            [30d0, 20d0, 10d0], Bm)
    call check_matrix(Bm, [0, 0, 1], [0, 2, 1], [10d0, 20d0, 30d0], 'import COO, any order')
    call weft_matrix_export_size(A, WEFT_FORMAT_CSC, nptr, nidx, nvals)
    call check(nptr == 4 .and. nidx == 3 .and. nvals == 3, 'export_size CSC')
    call weft_matrix_export(A, WEFT_FORMAT_CSC, ptr, idx, x4, nptr, nidx, nvals)
    call check(all(ptr == [0, 1, 2, 3]) .and. all(idx == [0, 1, 0]) .and. &
               all(x4 == [10.0, 30.0, 20.0]), 'export CSC into INTEGER(8), REAL(4)')
    call weft_matrix_export(A, WEFT_FORMAT_COO, pi, ii, x, nptr, nidx, nv)
    call check(nptr == 3 .and. all(pi(1:3) == [0, 0, 1]) .and. all(ii == [0, 2, 1]) .and. &
               all(x == [10d0, 20d0, 30d0]), 'export COO row-major')
    call weft_matrix_export(A, WEFT_FORMAT_CSR, pi(1:2), ii, x, nptr, nidx, nv, ierror=st)
    call check_status(st, WEFT_INSUFFICIENT_SPACE, 'export CSR: ptr too short')
    call weft_matrix_import(WEFT_FP64, 2, 3, WEFT_FORMAT_CSR, [0, 2], [0, 2], [1d0, 2d0], P, &
                            ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'import CSR: ptr shorter than nrows+1')
    call check(P == WEFT_MATRIX_NULL, 'and no matrix')
    call weft_matrix_import(WEFT_FP64, 2, 3, WEFT_FORMAT_COO, [0, 2], [0, 0], [1d0, 2d0], P, &
                            ierror=st)
    call check_status(st, WEFT_INDEX_OUT_OF_BOUNDS, 'import COO: a row index outside')
    call weft_free(A)
    call weft_free(Bm)
  end subroutine import_export

  ! serialize into bytes and back.
  subroutine serialize()
    integer(int8), allocatable :: bytes(:)
    integer(int64) :: nbytes, written
    A = matrix_of(3, 3, [0, 1, 2], [2, 1, 0], [1.5d0, -2d0, 3d0])
    call weft_matrix_serialize_size(A, nbytes)
    allocate(bytes(nbytes))
    call weft_matrix_serialize(A, bytes, written)
    call check(written == nbytes, 'serialize writes serialize_size bytes')
    call weft_matrix_deserialize(bytes, written, Bm)
    call check_matrix(Bm, [0, 1, 2], [2, 1, 0], [1.5d0, -2d0, 3d0], 'deserialize')
    call weft_matrix_deserialize(bytes, written - 1, P, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'deserialize a truncated image')
    call weft_matrix_deserialize(bytes, written + 1, P, ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'deserialize: size beyond the buffer')
    call weft_matrix_serialize(A, bytes(1:4), written, ierror=st)
    call check_status(st, WEFT_INSUFFICIENT_SPACE, 'serialize into too small a buffer')
    call weft_free(A)
    call weft_free(Bm)
  end subroutine serialize
end program test_sparse_elements
