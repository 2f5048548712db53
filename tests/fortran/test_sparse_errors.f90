! The error classes of weft/sparse.h through the Fortran binding, each by its status
! through ierror, with the objects it touched checked unchanged afterwards: null and
! freed handles, domain mismatches, dimension mismatches (from C and from the binding's
! own array checks), invalid indices (0- and 1-based), indices out of bounds in lists,
! a non-empty output, empty scalars, invalid values, and the binding's own rejections (a
! non-integer index, a non-contiguous value array, a result too big for the caller's
! integer kind). Who reports what: weft_last_error() starts with the C function's name
! for an error C found, with the Fortran routine's for one the binding found first.
! (Without ierror a failure stops the program: error_stop_sparse*.f90.)
program test_sparse_errors
  use, intrinsic :: iso_c_binding, only: c_intptr_t
  use, intrinsic :: iso_fortran_env, only: int8, int64
  use weft
  use weft_test_check
  use sparse_test_support
  implicit none
  type(weft_matrix) :: A, B, C, Z, stale, P, M
  type(weft_vector) :: v, w
  type(weft_scalar) :: empty, empty2
  character(len=:), allocatable :: msg
  type(weft_type) :: pair
  integer(c_intptr_t) :: displs(2)
  integer :: st, n
  integer(int8) :: n1, i1(300)
  real(8) :: x(300), strided(10)

  A = matrix_of(2, 3, [0, 0, 1], [0, 2, 1], [1d0, 2d0, 3d0])
  B = matrix_of(3, 2, [0, 1], [1, 0], [4d0, 5d0])
  C = matrix_of(2, 2, [1], [1], [9d0])

  ! ---- null handles (a new variable, or one weft_free has nulled) ---------------------
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, Z, B, ierror=st)
  call check_status(st, WEFT_INVALID_HANDLE, 'mxm with a null input')
  call check(starts(weft_last_error(), 'weft_mxm'), &
             'the message is weft_mxm''s: ' // weft_last_error())
  call weft_mxm(Z, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, ierror=st)
  call check_status(st, WEFT_INVALID_HANDLE, 'mxm into a null output')
  call weft_extract(Z, A, ierror=st)   ! the binding reads Z's shape for the absent lists
  call check_status(st, WEFT_INVALID_HANDLE, 'extract into a null output, lists absent')
  call weft_free(Z, ierror=st)
  call check_status(st, WEFT_INVALID_HANDLE, 'weft_free of a null handle')
  call check_matrix(C, [1], [1], [9d0], 'C unchanged')

  ! ---- freed handles ------------------------------------------------------------------
  call weft_matrix_new(WEFT_FP64, 2, 2, P)
  stale = P
  call weft_free(P)
  call weft_nvals(stale, n, ierror=st)
  call check_status(st, WEFT_INVALID_HANDLE, 'nvals of a freed matrix')
  call weft_ewise_add(C, WEFT_PLUS_FP64, C, stale, ierror=st)
  call check_status(st, WEFT_INVALID_HANDLE, 'ewise_add with a freed input')
  call weft_free(stale, ierror=st)
  call check_status(st, WEFT_INVALID_HANDLE, 'weft_free twice')
  call check_matrix(C, [1], [1], [9d0], 'C unchanged')

  ! ---- domain mismatch ----------------------------------------------------------------
  call weft_type_struct_aligned(2, [1, 1], [WEFT_INT32, WEFT_DOUBLE], displs, pair)
  call weft_matrix_new(pair, 2, 3, P)
  call weft_ewise_add(C, WEFT_PLUS_FP64, P, P, ierror=st)
  call check_status(st, WEFT_DOMAIN_MISMATCH, 'a user-defined domain with PLUS_FP64')
  call weft_matrix_new(pair, 2, 2, M)
  call weft_apply(C, WEFT_AINV_FP64, C, mask=M, ierror=st)
  call check_status(st, WEFT_DOMAIN_MISMATCH, 'a valued mask of a user-defined domain')
  call check_matrix(C, [1], [1], [9d0], 'C unchanged')
  call weft_free(P)
  call weft_free(M)
  call weft_type_free(pair)

  ! ---- dimension mismatch -------------------------------------------------------------
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, A, A, ierror=st)
  call check_status(st, WEFT_DIMENSION_MISMATCH, 'mxm of 2x3 by 2x3')
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, mask=A, ierror=st)
  call check_status(st, WEFT_DIMENSION_MISMATCH, 'a mask of another shape')
  call check_matrix(C, [1], [1], [9d0], 'C unchanged')
  call weft_vector_new(WEFT_FP64, 3, v)
  call weft_build(v, [0, 1, 2], [1d0, 2d0], ierror=st)
  call check_status(st, WEFT_DIMENSION_MISMATCH, 'build: X shorter than I (the binding)')
  call check(starts(weft_last_error(), 'weft_build'), &
             'the binding''s message: ' // weft_last_error())
  call weft_matrix_new(WEFT_FP64, 3, 3, P)
  call weft_build(P, [0, 1], [0], [1d0, 2d0], ierror=st)
  call check_status(st, WEFT_DIMENSION_MISMATCH, 'build: size(J) /= size(I)')

  ! ---- invalid index (a single index outside the object) ------------------------------
  call weft_set_element(A, 2, 0, 1d0, ierror=st)
  call check_status(st, WEFT_INVALID_INDEX, 'set_element row 2 of 2')
  call weft_set_element(A, 0, 0, 1d0, base=1, ierror=st)
  call check_status(st, WEFT_INVALID_INDEX, 'set_element (0,0) with base=1')
  call weft_extract_element(A, 1, 3, x(1), ierror=st)
  call check_status(st, WEFT_INVALID_INDEX, 'extract_element column 3 of 3')
  call weft_vector_new(WEFT_FP64, 2, w)
  call weft_col_extract(w, A, 5, ierror=st)
  call check_status(st, WEFT_INVALID_INDEX, 'col_extract column 5')
  call check_matrix(A, [0, 0, 1], [0, 2, 1], [1d0, 2d0, 3d0], 'A unchanged')

  ! ---- index out of bounds (in a list) ------------------------------------------------
  call weft_build(v, [0, 3], [1d0, 2d0], ierror=st)
  call check_status(st, WEFT_INDEX_OUT_OF_BOUNDS, 'build: index 3 of a 3-vector')
  call weft_nvals(v, n)
  call check_i(n, 0, 'and v stays empty')
  call weft_extract(w, v, [0, 7], ierror=st)
  call check_status(st, WEFT_INDEX_OUT_OF_BOUNDS, 'extract: I(2) = 7')
  call weft_assign(C, A, [0, 1], [0, 4], ierror=st)
  call check_status(st, WEFT_DIMENSION_MISMATCH, 'assign: A 2x3 into a 2x2 region')
  M = matrix_of(1, 1, [0], [0], [1d0])
  call weft_assign(C, M, [0], [4], ierror=st)
  call check_status(st, WEFT_INDEX_OUT_OF_BOUNDS, 'assign: J(1) = 4')
  call weft_free(M)
  call check_matrix(C, [1], [1], [9d0], 'C unchanged')

  ! ---- output not empty, empty objects, invalid values --------------------------------
  call weft_build(P, [0], [0], [1d0])
  call weft_build(P, [1], [1], [1d0], ierror=st)
  call check_status(st, WEFT_OUTPUT_NOT_EMPTY, 'build into a non-empty matrix')
  call weft_scalar_new(WEFT_FP64, empty)
  call weft_apply(C, WEFT_PLUS_FP64, empty, C, ierror=st)
  call check_status(st, WEFT_EMPTY_OBJECT, 'apply with an empty scalar')
  call weft_scalar_new(WEFT_LB, empty2, st)   ! a positional ierror is ierror, not a value
  call check_status(st, WEFT_INVALID_VALUE, 'a scalar of WEFT_LB')
  call check(empty2 == WEFT_SCALAR_NULL, 'and no scalar')
  call weft_matrix_new(WEFT_FP64, 0, 3, Z, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'a matrix with 0 rows')
  call check(Z == WEFT_MATRIX_NULL, 'and no matrix')
  call weft_free(P)
  call weft_matrix_new(WEFT_FP64, 3, 3, P)
  call weft_build(P, [0, 0], [1, 1], [1d0, 2d0], ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'a duplicate without dup')
  call weft_assign(C, C, [0, 0], [0, 1], ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'assign with a repeated index')
  ! The per-object message: C was that call's output.
  call weft_error(C, msg)
  call check(starts(msg, 'weft_matrix_assign'), 'weft_error(C): ' // msg)
  call check_matrix(C, [1], [1], [9d0], 'C unchanged')

  ! ---- the binding's own rejections ---------------------------------------------------
  call weft_set_element(A, 0.5, 0, 1d0, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'a REAL index')
  call check(weft_last_error() == 'weft_set_element: i is not an INTEGER', weft_last_error())
  strided = 1
  call weft_build(v, [0, 1], strided(1:4:2), ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'a non-contiguous value array')
  ! 300 entries: nvals does not fit INTEGER(1); nor do the row indices of a 300-row matrix.
  call weft_free(v)
  call weft_vector_new(WEFT_FP64, 300, v)
  x = 1
  call weft_build(v, [(n, n = 0, 299)], x)
  n1 = 5
  call weft_nvals(v, n1, ierror=st)
  call check_status(st, WEFT_OVERFLOW, 'nvals into INTEGER(1)')
  call check(n1 == 5, 'n1 untouched')
  x = -1
  i1 = 0
  call weft_extract_tuples(v, i1, x, n, ierror=st)
  call check_status(st, WEFT_OVERFLOW, 'extract_tuples: indices into INTEGER(1)')
  call check(all(x == -1) .and. all(i1 == 0), 'nothing written')
  call weft_extract_tuples(v, i1(1:5), x, n, ierror=st)
  call check_status(st, WEFT_OVERFLOW, 'the kind is checked before the room')

  call weft_free(A)
  call weft_free(B)
  call weft_free(C)
  call weft_free(P)
  call weft_free(v)
  call weft_free(w)
  call weft_free(empty)
  call finish('test_sparse_errors')

contains

  logical function starts(text, prefix)
    character(*), intent(in) :: text, prefix
    starts = index(text, prefix) == 1
  end function starts
end program test_sparse_errors
