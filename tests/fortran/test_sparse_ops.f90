! The operations of weft/sparse.h through the Fortran generics, each against an answer
! computed by hand on small matrices (written out next to each check): mxm (mask, accum,
! replace, transposed input), mxv, vxm, ewise add/mult/union, every form of weft_apply,
! select, reduce (rows, columns, scalar), transpose, extract (lists, absent lists,
! column), assign (matrix, vector, scalar, column, row), subassign, kronecker, and user
! operators (unary, binary, index-unary) made from bind(C) procedures. All 0-based. Runs
! in blocking mode: after all of them the nonblocking queue's counters (weft_get_stat)
! are still 0.
!
!   A (2x3) = [1 . 2]    B (3x2) = [. 4]    u (3) = [1 . 10]   v (3) = [. 5 4]
!             [. 3 .]              [5 .]
!                                  [6 7]
module sparse_ops_user
  use, intrinsic :: iso_c_binding, only: c_double, c_bool, c_int64_t, c_ptr, c_f_pointer
  implicit none
  private
  public :: twice_plus_one, ten_x_plus_y, odd_position

contains

  ! z = 2x + 1 (elements by reference, for c_funloc).
  subroutine twice_plus_one(z, x) bind(C)
    real(c_double), intent(inout) :: z
    real(c_double), intent(in) :: x
    real(c_double) :: r
    r = 2 * x + 1
    z = r
  end subroutine twice_plus_one

  ! z = 10x + y.
  subroutine ten_x_plus_y(z, x, y) bind(C)
    real(c_double), intent(inout) :: z
    real(c_double), intent(in) :: x, y
    real(c_double) :: r
    r = 10 * x + y
    z = r
  end subroutine ten_x_plus_y

  ! z = x /= 0 and i + j + thunk is odd (procedure(weft_index_unary_fn): addresses).
  subroutine odd_position(z, x, i, j, thunk) bind(C)
    type(c_ptr), value :: z, x
    integer(c_int64_t), value :: i, j
    type(c_ptr), value :: thunk
    logical(c_bool), pointer :: pz
    real(c_double), pointer :: px
    integer(c_int64_t), pointer :: pt
    call c_f_pointer(z, pz)
    call c_f_pointer(x, px)
    call c_f_pointer(thunk, pt)
    pz = px /= 0 .and. mod(i + j + pt, 2_c_int64_t) == 1
  end subroutine odd_position
end module sparse_ops_user

program test_sparse_ops
  use, intrinsic :: iso_c_binding, only: c_funloc
  use, intrinsic :: iso_fortran_env, only: int64
  use weft
  use weft_test_check
  use sparse_test_support
  use sparse_ops_user
  implicit none
  type(weft_matrix) :: A, B, C, M, A2, At, K, S2
  type(weft_vector) :: u, v, w, wm
  type(weft_scalar) :: s, alpha, beta, ten, thunk
  type(weft_descriptor) :: desc
  type(weft_unary_op) :: uop
  type(weft_binary_op) :: bop
  type(weft_index_unary_op) :: iop
  integer(int64) :: counter
  integer :: which, st

  A = matrix_of(2, 3, [0, 0, 1], [0, 2, 1], [1d0, 2d0, 3d0])
  B = matrix_of(3, 2, [0, 1, 2, 2], [1, 0, 0, 1], [4d0, 5d0, 6d0, 7d0])
  u = vector_of(3, [0, 2], [1d0, 10d0])
  v = vector_of(3, [1, 2], [5d0, 4d0])

  ! ---- mxm ---------------------------------------------------------------------------
  ! A*B: (0,0) = 2*6, (0,1) = 1*4 + 2*7, (1,0) = 3*5, (1,1) none.
  call weft_matrix_new(WEFT_FP64, 2, 2, C)
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B)
  call check_matrix(C, [0, 0, 1], [0, 1, 0], [12d0, 18d0, 15d0], 'mxm')
  ! C0 = [1 .; . 5], mask M = {(0,1), (1,1)}: C<M> += A*B keeps (0,0) = 1 outside the mask,
  ! (0,1) = 18, (1,1) = 5 (C alone), and (1,0) stays absent.
  call weft_free(C)
  C = matrix_of(2, 2, [0, 1], [0, 1], [1d0, 5d0])
  M = matrix_of(2, 2, [0, 1], [1, 1], [1d0, 1d0], WEFT_BOOL)
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, mask=M, accum=WEFT_PLUS_FP64)
  call check_matrix(C, [0, 0, 1], [0, 1, 1], [1d0, 18d0, 5d0], 'mxm mask accum')
  ! The same with replace: C loses what the mask does not select.
  call weft_free(C)
  C = matrix_of(2, 2, [0, 1], [0, 1], [1d0, 5d0])
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, mask=M, accum=WEFT_PLUS_FP64, &
                desc=WEFT_DESC_R)
  call check_matrix(C, [0, 1], [1, 1], [18d0, 5d0], 'mxm mask accum replace')
  ! Complemented structural mask: C<!struct(M), replace> = A*B: (0,0) and (1,0).
  call weft_clear(C)
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, mask=M, desc=WEFT_DESC_RSC)
  call check_matrix(C, [0, 1], [0, 0], [12d0, 15d0], 'mxm complemented structural mask')
  ! A given transposed (desc T0): At' * B = A*B.
  call weft_matrix_new(WEFT_FP64, 3, 2, At)
  call weft_transpose(At, A)
  call weft_clear(C)
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, At, B, desc=WEFT_DESC_T0)
  call check_matrix(C, [0, 0, 1], [0, 1, 0], [12d0, 18d0, 15d0], 'mxm T0')
  ! Another semiring: MIN_PLUS: (0,0) = 2+6, (0,1) = min(1+4, 2+7), (1,0) = 3+5.
  call weft_clear(C)
  call weft_mxm(C, WEFT_MIN_PLUS_SEMIRING_FP64, A, B)
  call check_matrix(C, [0, 0, 1], [0, 1, 0], [8d0, 5d0, 8d0], 'mxm min-plus')

  ! ---- mxv, vxm ----------------------------------------------------------------------
  ! A*u: w(0) = 1*1 + 2*10, w(1) none.
  call weft_vector_new(WEFT_FP64, 2, w)
  call weft_mxv(w, WEFT_PLUS_TIMES_SEMIRING_FP64, A, u)
  call check_vector(w, [0], [21d0], 'mxv')
  ! u2' * A with u2 = [1 2]: (1*1, 2*3, 1*2).
  call weft_free(w)
  call weft_vector_new(WEFT_FP64, 3, w)
  wm = vector_of(2, [0, 1], [1d0, 2d0])
  call weft_vxm(w, WEFT_PLUS_TIMES_SEMIRING_FP64, wm, A)
  call check_vector(w, [0, 1, 2], [1d0, 6d0, 2d0], 'vxm')
  ! mxv with A transposed (T0): A' * u2 = the same vector.
  call weft_clear(w)
  call weft_mxv(w, WEFT_PLUS_TIMES_SEMIRING_FP64, A, wm, desc=WEFT_DESC_T0)
  call check_vector(w, [0, 1, 2], [1d0, 6d0, 2d0], 'mxv T0')

  ! ---- element-wise ------------------------------------------------------------------
  ! A2 = [10 . .; . . 20]
  A2 = matrix_of(2, 3, [0, 1], [0, 2], [10d0, 20d0])
  call weft_free(C)
  call weft_matrix_new(WEFT_FP64, 2, 3, C)
  call weft_ewise_add(C, WEFT_PLUS_FP64, A, A2)
  call check_matrix(C, [0, 0, 1, 1], [0, 2, 1, 2], [11d0, 2d0, 3d0, 20d0], 'ewise_add')
  call weft_clear(C)
  call weft_ewise_mult(C, WEFT_TIMES_FP64, A, A2)
  call check_matrix(C, [0], [0], [10d0], 'ewise_mult')
  ! union with MINUS, alpha = 100 for a missing A entry, beta = 1000 for a missing A2 entry:
  ! (0,0) 1-10, (0,2) 2-1000, (1,1) 3-1000, (1,2) 100-20.
  call weft_scalar_new(WEFT_FP64, 100d0, alpha)
  call weft_scalar_new(WEFT_FP64, 1000, beta)
  call weft_clear(C)
  call weft_ewise_union(C, WEFT_MINUS_FP64, A, alpha, A2, beta)
  call check_matrix(C, [0, 0, 1, 1], [0, 2, 1, 2], [-9d0, -998d0, -997d0, 80d0], 'ewise_union')
  ! vectors: u + v, u .* v, union: 0: 1-1000, 1: 100-5, 2: 10-4.
  call weft_free(w)
  call weft_vector_new(WEFT_FP64, 3, w)
  call weft_ewise_add(w, WEFT_PLUS_FP64, u, v)
  call check_vector(w, [0, 1, 2], [1d0, 5d0, 14d0], 'vector ewise_add')
  call weft_clear(w)
  call weft_ewise_mult(w, WEFT_TIMES_FP64, u, v)
  call check_vector(w, [2], [40d0], 'vector ewise_mult')
  call weft_clear(w)
  call weft_ewise_union(w, WEFT_MINUS_FP64, u, alpha, v, beta)
  call check_vector(w, [0, 1, 2], [-999d0, 95d0, 6d0], 'vector ewise_union')
  ! With a vector mask and accum: w = [-999 95 6], mask {1}: w<mask> += u + v -> w(1) = 100.
  call weft_free(wm)
  wm = vector_of(3, [1], [1d0], WEFT_BOOL)
  call weft_ewise_add(w, WEFT_PLUS_FP64, u, v, mask=wm, accum=WEFT_PLUS_FP64)
  call check_vector(w, [0, 1, 2], [-999d0, 100d0, 6d0], 'vector ewise_add mask accum')

  ! ---- apply -------------------------------------------------------------------------
  call weft_scalar_new(WEFT_FP64, 10, ten)
  call weft_clear(C)
  call weft_apply(C, WEFT_AINV_FP64, A)
  call check_matrix(C, [0, 0, 1], [0, 2, 1], [-1d0, -2d0, -3d0], 'apply unary')
  call weft_clear(C)
  call weft_apply(C, WEFT_MINUS_FP64, ten, A)
  call check_matrix(C, [0, 0, 1], [0, 2, 1], [9d0, 8d0, 7d0], 'apply first: 10 - a')
  call weft_clear(C)
  call weft_apply(C, WEFT_MINUS_FP64, A, ten)
  call check_matrix(C, [0, 0, 1], [0, 2, 1], [-9d0, -8d0, -7d0], 'apply second: a - 10')
  call weft_scalar_new(WEFT_INT64, 100, thunk)
  call weft_clear(C)
  call weft_apply(C, WEFT_ROWINDEX_INT64, A, thunk)
  call check_matrix(C, [0, 0, 1], [0, 2, 1], [100d0, 100d0, 101d0], 'apply index: i + 100')
  call weft_clear(C)
  call weft_apply(C, WEFT_COLINDEX_INT64, A, thunk)
  call check_matrix(C, [0, 0, 1], [0, 2, 1], [100d0, 102d0, 101d0], 'apply index: j + 100')
  ! vectors
  call weft_clear(w)
  call weft_apply(w, WEFT_AINV_FP64, u)
  call check_vector(w, [0, 2], [-1d0, -10d0], 'vector apply unary')
  call weft_clear(w)
  call weft_apply(w, WEFT_DIV_FP64, ten, u)
  call check_vector(w, [0, 2], [10d0, 1d0], 'vector apply first: 10 / u')
  call weft_clear(w)
  call weft_apply(w, WEFT_DIV_FP64, u, ten)
  call check_vector(w, [0, 2], [0.1d0, 1d0], 'vector apply second: u / 10')
  call weft_clear(w)
  call weft_apply(w, WEFT_ROWINDEX_INT64, u, thunk)
  call check_vector(w, [0, 2], [100d0, 102d0], 'vector apply index: i + 100')

  ! ---- select ------------------------------------------------------------------------
  call weft_free(thunk)
  call weft_scalar_new(WEFT_INT64, 0, thunk)
  call weft_clear(C)
  call weft_select(C, WEFT_TRIL, A, thunk)
  call check_matrix(C, [0, 1], [0, 1], [1d0, 3d0], 'select tril')
  call weft_scalar_new(WEFT_FP64, 1.5d0, s)
  call weft_clear(C)
  call weft_select(C, WEFT_VALUEGT_FP64, A, s)
  call check_matrix(C, [0, 1], [2, 1], [2d0, 3d0], 'select value > 1.5')
  call weft_set_element(s, 5)
  call weft_clear(w)
  call weft_select(w, WEFT_VALUEGT_FP64, u, s)
  call check_vector(w, [2], [10d0], 'vector select value > 5')

  ! ---- reduce ------------------------------------------------------------------------
  call weft_free(w)
  call weft_vector_new(WEFT_FP64, 2, w)
  call weft_reduce(w, WEFT_PLUS_MONOID_FP64, A)
  call check_vector(w, [0, 1], [3d0, 3d0], 'reduce rows')
  call weft_free(w)
  call weft_vector_new(WEFT_FP64, 3, w)
  call weft_reduce(w, WEFT_PLUS_MONOID_FP64, A, desc=WEFT_DESC_T0)
  call check_vector(w, [0, 1, 2], [1d0, 3d0, 2d0], 'reduce columns (T0)')
  call weft_free(s)
  call weft_scalar_new(WEFT_FP64, s)
  call weft_reduce(s, WEFT_PLUS_MONOID_FP64, A)
  call check_scalar(s, 'reduce matrix to scalar', 6d0)
  call weft_reduce(s, WEFT_MAX_MONOID_FP64, u, accum=WEFT_PLUS_FP64)
  call check_scalar(s, 'reduce vector to scalar, accumulated: 6 + max(1, 10)', 16d0)
  call weft_clear(w)
  call weft_reduce(s, WEFT_PLUS_MONOID_FP64, w)
  call check_scalar(s, 'reduce of nothing: empty')

  ! ---- transpose ---------------------------------------------------------------------
  call check_matrix(At, [0, 1, 2], [0, 1, 0], [1d0, 3d0, 2d0], 'transpose')

  ! ---- extract -----------------------------------------------------------------------
  ! A([1,0], [2,0]): T(1,0) = A(0,2) = 2, T(1,1) = A(0,0) = 1.
  call weft_free(C)
  call weft_matrix_new(WEFT_FP64, 2, 2, C)
  call weft_extract(C, A, [1, 0], [2, 0])
  call check_matrix(C, [1, 1], [0, 1], [2d0, 1d0], 'extract')
  ! Every column (J absent): the rows of A swapped.
  call weft_free(C)
  call weft_matrix_new(WEFT_FP64, 2, 3, C)
  call weft_extract(C, A, I=[1, 0])
  call check_matrix(C, [0, 1, 1], [1, 0, 2], [3d0, 1d0, 2d0], 'extract, all columns')
  call weft_clear(C)
  call weft_extract(C, A)
  call check_matrix(C, [0, 0, 1], [0, 2, 1], [1d0, 2d0, 3d0], 'extract, everything')
  call weft_free(w)
  call weft_vector_new(WEFT_FP64, 2, w)
  call weft_extract(w, u, [2_8, 0_8])
  call check_vector(w, [0, 1], [10d0, 1d0], 'vector extract (INTEGER(8) list)')
  call weft_clear(w)
  call weft_col_extract(w, A, 2)
  call check_vector(w, [0], [2d0], 'col_extract, all rows')
  call weft_free(w)
  call weft_vector_new(WEFT_FP64, 3, w)
  call weft_col_extract(w, A, 1, desc=WEFT_DESC_T0)
  call check_vector(w, [1], [3d0], 'col_extract T0: row 1')

  ! ---- assign ------------------------------------------------------------------------
  ! C (3x3) = empty; C([0,2], [1,2]) = [1 .; . 2] -> (0,1) = 1, (2,2) = 2.
  call weft_free(C)
  call weft_matrix_new(WEFT_FP64, 3, 3, C)
  S2 = matrix_of(2, 2, [0, 1], [0, 1], [1d0, 2d0])
  call weft_assign(C, S2, [0, 2], [1, 2])
  call check_matrix(C, [0, 2], [1, 2], [1d0, 2d0], 'assign')
  ! C(1, :) = 7 (a scalar over row 1, J absent).
  call weft_set_element(s, 7)
  call weft_assign(C, s, [1])
  call check_matrix(C, [0, 1, 1, 1, 2], [1, 0, 1, 2, 2], [1d0, 7d0, 7d0, 7d0, 2d0], &
                    'assign scalar to a row')
  ! C(:, 0) = [. 9 .]: the region's positions where u has none lose C's entry.
  call weft_free(wm)
  wm = vector_of(3, [1], [9d0])
  call weft_col_assign(C, wm, 0)
  call check_matrix(C, [0, 1, 1, 1, 2], [1, 0, 1, 2, 2], [1d0, 9d0, 7d0, 7d0, 2d0], &
                    'col_assign')
  ! C(2, [0, 1]) += [3 4]
  call weft_free(wm)
  wm = vector_of(2, [0, 1], [3d0, 4d0])
  call weft_row_assign(C, wm, 2, [0, 1], accum=WEFT_PLUS_FP64)
  call check_matrix(C, [0, 1, 1, 1, 2, 2, 2], [1, 0, 1, 2, 0, 1, 2], &
                    [1d0, 9d0, 7d0, 7d0, 3d0, 4d0, 2d0], 'row_assign accum')
  ! subassign with a region-shaped mask: C([0,1], [1,2])<{(0,0)}, replace> = [5 5; 5 5]:
  ! (0,1) = 5; the region's other positions lose their entries (replace), the rest stays.
  call weft_free(S2)
  S2 = matrix_of(2, 2, [0, 0, 1, 1], [0, 1, 0, 1], [5d0, 5d0, 5d0, 5d0])
  call weft_free(M)
  M = matrix_of(2, 2, [0], [0], [1d0], WEFT_BOOL)
  call weft_subassign(C, S2, [0, 1], [1, 2], mask=M, desc=WEFT_DESC_R)
  call check_matrix(C, [0, 1, 2, 2, 2], [1, 0, 0, 1, 2], [5d0, 9d0, 3d0, 4d0, 2d0], &
                    'subassign mask replace')
  ! vectors: w (4) = empty; w([3, 1, 0]) = u -> w(3) = 1, w(0) = 10; then w(2) = 5.
  call weft_free(w)
  call weft_vector_new(WEFT_FP64, 4, w)
  call weft_assign(w, u, [3, 1, 0])
  call check_vector(w, [0, 3], [10d0, 1d0], 'vector assign')
  call weft_set_element(s, 5)
  call weft_assign(w, s, [2])
  call check_vector(w, [0, 2, 3], [10d0, 5d0, 1d0], 'vector assign scalar')
  call weft_assign(w, s, accum=WEFT_PLUS_FP64)
  call check_vector(w, [0, 1, 2, 3], [15d0, 5d0, 10d0, 6d0], 'vector assign scalar, all, accum')

  ! ---- kronecker ---------------------------------------------------------------------
  ! A (x) [1 10]: C(i, 2j + l) = A(i,j) * K(0,l).
  K = matrix_of(1, 2, [0, 0], [0, 1], [1d0, 10d0])
  call weft_free(C)
  call weft_matrix_new(WEFT_FP64, 2, 6, C)
  call weft_kronecker(C, WEFT_TIMES_FP64, A, K)
  call check_matrix(C, [0, 0, 0, 0, 1, 1], [0, 1, 4, 5, 2, 3], &
                    [1d0, 10d0, 2d0, 20d0, 3d0, 30d0], 'kronecker')

  ! ---- user operators from bind(C) procedures ----------------------------------------
  call weft_unary_op_new(c_funloc(twice_plus_one), WEFT_FP64, WEFT_FP64, uop)
  call weft_binary_op_new(c_funloc(ten_x_plus_y), WEFT_FP64, WEFT_FP64, WEFT_FP64, bop)
  call weft_index_unary_op_new(odd_position, WEFT_BOOL, WEFT_FP64, WEFT_INT64, iop)
  call weft_free(C)
  call weft_matrix_new(WEFT_FP64, 2, 3, C)
  call weft_apply(C, uop, A)
  call check_matrix(C, [0, 0, 1], [0, 2, 1], [3d0, 5d0, 7d0], 'user unary: 2a + 1')
  call weft_clear(C)
  call weft_ewise_add(C, bop, A, A2)
  call check_matrix(C, [0, 0, 1, 1], [0, 2, 1, 2], [20d0, 2d0, 3d0, 20d0], &
                    'user binary in ewise_add: 10a + b where both')
  call weft_clear(C)
  call weft_select(C, iop, A2, thunk)
  call check_matrix(C, [1], [2], [20d0], 'user index-unary in select: i + j odd')
  ! a user semiring: (PLUS monoid, 10x + y): A*B (0,1) = (10*1 + 4) + (10*2 + 7) = 41.
  block
    type(weft_semiring) :: sr
    call weft_semiring_new(WEFT_PLUS_MONOID_FP64, bop, sr)
    call weft_free(C)
    call weft_matrix_new(WEFT_FP64, 2, 2, C)
    call weft_mxm(C, sr, A, B)
    call check_matrix(C, [0, 0, 1], [0, 1, 0], [26d0, 41d0, 35d0], 'user semiring')
    call weft_semiring_free(sr)
  end block

  ! ---- a descriptor of one's own -----------------------------------------------------
  call weft_descriptor_new(desc)
  call weft_descriptor_set(desc, WEFT_INP0, WEFT_TRAN)
  call weft_clear(C)
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, At, B, desc=desc)
  call check_matrix(C, [0, 0, 1], [0, 1, 0], [12d0, 18d0, 15d0], 'mxm, own descriptor T0')
  call weft_free(desc)

  ! ---- blocking mode queues nothing: every counter of weft_get_stat is still 0 ----------
  do which = WEFT_STAT_DEFERRED, WEFT_STAT_BYTES_WRITTEN
    counter = -1
    call weft_get_stat(which, counter)
    call check_i(counter, 0_int64, 'weft_get_stat in blocking mode')
  end do
  counter = 7
  call weft_get_stat(WEFT_STAT_JIT_RUNS + 1, counter, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'weft_get_stat: which past enum weft_stat')
  call check_i(counter, 7_int64, 'weft_get_stat: value untouched by WEFT_INVALID_VALUE')

  call weft_unary_op_free(uop)
  call weft_binary_op_free(bop)
  call weft_index_unary_op_free(iop)
  call weft_free(A)
  call weft_free(B)
  call weft_free(C)
  call weft_free(M)
  call weft_free(A2)
  call weft_free(At)
  call weft_free(K)
  call weft_free(S2)
  call weft_free(u)
  call weft_free(v)
  call weft_free(w)
  call weft_free(wm)
  call weft_free(s)
  call weft_free(alpha)
  call weft_free(beta)
  call weft_free(ten)
  call weft_free(thunk)
  call finish('test_sparse_ops')
end program test_sparse_ops
