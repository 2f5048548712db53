! The objects of weft/sparse.h from Fortran (module weft_collections): the context
! (weft_init once, before any collection; weft_get_mode; weft_set_threads and
! weft_get_threads; weft_get_stat, the queue's counters; weft_finalize), descriptors
! (new/set/get/free and the 31 predefined ones, field by field from their names), scalars,
! vectors and matrices (new, dup, clear, nvals, size, nrows, ncols, resize, domain, wait,
! error, free, diag), the null handles and handle comparison. Runs in nonblocking mode, so
! that wait, the pending element updates and the queue (two element-wise operations
! queued, then fused by the wait) are exercised too.
program test_sparse_objects
  use, intrinsic :: iso_fortran_env, only: int8, int64
  use weft
  use weft_test_check
  use sparse_test_support
  implicit none
  type(weft_descriptor) :: desc, d2
  type(weft_scalar) :: s, s2
  type(weft_vector) :: v, v2, w
  type(weft_matrix) :: A, A2, D
  type(weft_type) :: t
  character(len=:), allocatable :: msg
  integer :: mode, value, st, n
  integer(int64) :: n8, before(0:5), after(0:5)
  integer(int8) :: n1
  real :: r4
  real(8) :: x
  logical :: is_iso

  ! ---- context: the default mode, then nonblocking (before any collection exists) -----
  mode = -1
  call weft_get_mode(mode)
  call check_i(mode, WEFT_BLOCKING, 'default mode')
  ! The queue's counters: 0 while blocking; a `which` outside enum weft_stat is refused.
  before = counters()
  call check(all(before == 0), 'weft_get_stat: every counter 0 in blocking mode')
  n8 = 42
  call weft_get_stat(-1, n8, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'weft_get_stat(-1)')
  call weft_get_stat(WEFT_STAT_JIT_RUNS + 1, n8, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'weft_get_stat(WEFT_STAT_JIT_RUNS + 1)')
  call check_i(n8, 42_int64, 'weft_get_stat: value untouched by WEFT_INVALID_VALUE')
  call weft_init(7, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'weft_init(7)')
  call weft_init(WEFT_NONBLOCKING)
  call weft_get_mode(mode)
  call check_i(mode, WEFT_NONBLOCKING, 'mode after weft_init')
  call weft_init(WEFT_BLOCKING, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'weft_init twice')

  ! ---- threads: 1, the default (0), a negative count rejected, the default again ---------
  call weft_set_threads(1)
  n = -1
  call weft_get_threads(n)
  call check_i(n, 1, 'threads after weft_set_threads(1)')
  call weft_set_threads(0)
  n = -1
  call weft_get_threads(n)
  call check(n >= 1, 'threads after weft_set_threads(0) >= 1')
  value = n
  call weft_set_threads(-1, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'weft_set_threads(-1)')
  call weft_get_threads(n)
  call check_i(n, value, 'weft_set_threads(-1) leaves the count')
  call weft_set_threads(0, ierror=st)
  call check_status(st, WEFT_SUCCESS, 'weft_set_threads(0) restores the default')

  ! ---- null handles ---------------------------------------------------------------------
  call check(A == WEFT_MATRIX_NULL .and. v == WEFT_VECTOR_NULL .and. s == WEFT_SCALAR_NULL, &
             'a new handle variable is null')
  call weft_nvals(A, n, ierror=st)
  call check_status(st, WEFT_INVALID_HANDLE, 'nvals of the null matrix')

  ! ---- descriptors ----------------------------------------------------------------------
  desc = WEFT_DESCRIPTOR_NULL
  call weft_descriptor_new(desc)
  call check(desc /= WEFT_DESCRIPTOR_NULL, 'descriptor_new')
  call check(all(fields(desc) == [WEFT_DEFAULT, WEFT_DEFAULT, WEFT_DEFAULT, WEFT_DEFAULT]), &
             'a new descriptor is all default')
  call weft_descriptor_set(desc, WEFT_MASK, WEFT_COMP)
  call weft_descriptor_set(desc, WEFT_MASK, WEFT_STRUCTURE)
  call weft_descriptor_set(desc, WEFT_INP1, WEFT_TRAN)
  call weft_descriptor_set(desc, WEFT_OUTP, WEFT_REPLACE)
  call check(all(fields(desc) == [WEFT_REPLACE, WEFT_COMP_STRUCTURE, WEFT_DEFAULT, WEFT_TRAN]), &
             'descriptor_set: mask flags accumulate')
  call weft_descriptor_set(desc, WEFT_MASK, WEFT_DEFAULT)
  call weft_descriptor_get(desc, WEFT_MASK, value)
  call check_i(value, WEFT_DEFAULT, 'WEFT_DEFAULT resets a field')
  call weft_descriptor_set(desc, WEFT_INP0, WEFT_REPLACE, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'descriptor_set: a pair that does not exist')
  call weft_descriptor_get(desc, 9, value, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'descriptor_get: no field 9')
  call check_predefined()
  d2 = WEFT_DESC_T0
  call weft_descriptor_set(d2, WEFT_INP0, WEFT_DEFAULT, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'a predefined descriptor cannot be changed')
  call weft_free(d2, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'a predefined descriptor cannot be freed')
  call check(d2 == WEFT_DESC_T0, 'and the handle is left alone')
  call weft_free(desc)
  call check(desc == WEFT_DESCRIPTOR_NULL, 'weft_free nulls a descriptor')

  ! ---- scalars --------------------------------------------------------------------------
  call weft_scalar_new(WEFT_FP64, s)
  call weft_nvals(s, n)
  call check_i(n, 0, 'a new scalar is empty')
  call weft_set_element(s, 2.75d0)
  call weft_nvals(s, n8)
  call check_i(n8, 1_int64, 'nvals into INTEGER(8)')
  n = -1
  call weft_extract_element(s, n)
  call check_i(n, 2, 'extract into INTEGER: truncated')
  call weft_extract_element(s, r4)
  call check(r4 == 2.75, 'extract into REAL')
  call weft_dup(s, s2)
  call weft_set_element(s, -1)
  call check_scalar(s2, 'dup is a copy', 2.75d0)
  call check_scalar(s, 'the original changed', -1d0)
  call weft_clear(s)
  x = 42
  call weft_extract_element(s, x, ierror=st)
  call check_status(st, WEFT_NO_VALUE, 'extract from an empty scalar')
  call check(x == 42, 'x untouched by WEFT_NO_VALUE')
  call weft_extract_element(s, x)   ! no ierror: WEFT_NO_VALUE is not a failure
  call check(x == 42, 'WEFT_NO_VALUE without ierror does not stop')
  call weft_domain(s, t)
  call check(t == WEFT_FP64, 'weft_domain of an FP64 scalar')
  call weft_wait(s, WEFT_COMPLETE)
  call weft_free(s2)
  call weft_scalar_new(WEFT_INT32, 7.9d0, s2)
  call check_scalar(s2, 'scalar_new with a value: cast to INT32', 7d0)
  call weft_free(s)
  call weft_free(s2)
  call check(s == WEFT_SCALAR_NULL .and. s2 == WEFT_SCALAR_NULL, 'weft_free nulls scalars')

  ! ---- vectors --------------------------------------------------------------------------
  call weft_vector_new(WEFT_INT32, 5, v)
  call weft_size(v, n)
  call check_i(n, 5, 'vector size')
  call weft_set_element(v, 0, 10)
  call weft_set_element(v, 4, 40)
  call weft_set_element(v, 2, 20)
  call weft_remove_element(v, 0)
  call weft_wait(v, WEFT_COMPLETE)   ! applies the pending updates (nonblocking)
  call check_vector(v, [2, 4], [20d0, 40d0], 'pending updates applied in order')
  call weft_dup(v, v2)
  call weft_resize(v, 3)
  call weft_size(v, n8)
  call check_i(n8, 3_int64, 'resize: size')
  call check_vector(v, [2], [20d0], 'resize drops entries outside')
  call check_vector(v2, [2, 4], [20d0, 40d0], 'the dup keeps them')
  call weft_domain(v2, t)
  call check(t == WEFT_INT32, 'weft_domain of an INT32 vector')
  call weft_clear(v2)
  call weft_nvals(v2, n)
  call check_i(n, 0, 'clear')
  call weft_size(v2, n)
  call check_i(n, 5, 'clear keeps the size')
  call weft_free(v2)

  ! ---- the queue's counters (weft_get_stat) -------------------------------------------
  ! v2 = v + v and w = -v2 are queued; v2 is freed unread, so the wait on w runs both as
  ! one fused group that never writes v2.
  before = counters()
  call weft_vector_new(WEFT_INT32, 3, v2)
  call weft_vector_new(WEFT_INT32, 3, w)
  call weft_ewise_add(v2, WEFT_PLUS_INT32, v, v)
  call weft_apply(w, WEFT_AINV_INT32, v2)
  call weft_free(v2)
  after = counters()
  call check_i(after(WEFT_STAT_DEFERRED) - before(WEFT_STAT_DEFERRED), 2_int64, &
               'WEFT_STAT_DEFERRED: both operations queued')
  call check_i(after(WEFT_STAT_PASSES) - before(WEFT_STAT_PASSES), 0_int64, &
               'WEFT_STAT_PASSES: nothing ran before the wait')
  call weft_wait(w, WEFT_COMPLETE)
  after = counters()
  call check(after(WEFT_STAT_DEFERRED) >= 1, 'WEFT_STAT_DEFERRED >= 1 after the wait')
  call check_i(after(WEFT_STAT_PASSES) - before(WEFT_STAT_PASSES), 1_int64, &
               'WEFT_STAT_PASSES: one pass for the two')
  call check_i(after(WEFT_STAT_FUSED_GROUPS) - before(WEFT_STAT_FUSED_GROUPS), 1_int64, &
               'WEFT_STAT_FUSED_GROUPS')
  call check_i(after(WEFT_STAT_FUSED_OPS) - before(WEFT_STAT_FUSED_OPS), 2_int64, &
               'WEFT_STAT_FUSED_OPS')
  call check_i(after(WEFT_STAT_SKIPPED) - before(WEFT_STAT_SKIPPED), 1_int64, &
               'WEFT_STAT_SKIPPED: v2 never written')
  call check_i(after(WEFT_STAT_BYTES_WRITTEN) - before(WEFT_STAT_BYTES_WRITTEN), 12_int64, &
               'WEFT_STAT_BYTES_WRITTEN: w alone, one entry (index 8 + INT32 value 4)')
  call check_vector(w, [2], [-40d0], 'w = -(v + v)')
  call weft_free(w)

  ! ---- matrices -------------------------------------------------------------------------
  call weft_matrix_new(WEFT_FP32, 3, 4_int64, A)
  call weft_nrows(A, n)
  call check_i(n, 3, 'nrows')
  call weft_ncols(A, n8)
  call check_i(n8, 4_int64, 'ncols')
  call weft_set_element(A, 2, 3, 1.5)
  call weft_set_element(A, 0, 1, 2.5)
  call weft_wait(A, WEFT_MATERIALIZE)
  call weft_dup(A, A2)
  call weft_resize(A, 2, 2)
  call check_matrix(A, [0], [1], [2.5d0], 'matrix resize')
  call check_matrix(A2, [0, 2], [1, 3], [2.5d0, 1.5d0], 'matrix dup')
  call weft_domain(A2, t)
  call check(t == WEFT_FP32, 'weft_domain of an FP32 matrix')
  ! Any integer kind receives a count.
  call weft_nvals(A2, n1)
  call check(n1 == 2, 'nvals into INTEGER(1)')
  ! weft_error: the message of the last call with the object as output.
  call weft_set_element(A2, 7, 7, 1, ierror=st)
  call check_status(st, WEFT_INVALID_INDEX, 'set_element outside')
  call weft_error(A2, msg)
  call check(index(msg, 'weft_matrix_set_element') > 0 .or. index(msg, 'index') > 0, &
             'weft_error after an invalid index: ' // msg)
  ! weft_iso: values that are all one value are stored once; a changed entry ends that.
  D = matrix_of(3, 3, [0, 1, 2], [2, 1, 0], [4d0, 4d0, 4d0])
  call weft_iso(D, is_iso)
  call check(is_iso, 'weft_iso of a matrix built from one value')
  call weft_set_element(D, 1, 1, 5d0)
  call weft_iso(D, is_iso)
  call check(.not. is_iso, 'weft_iso after set_element of another value')
  call check_matrix(D, [0, 1, 2], [2, 1, 0], [4d0, 5d0, 4d0], 'iso matrix after set_element')
  call weft_free(D)
  ! diag: v = [. . 20] on diagonal 1 of a 4 x 4 matrix: (2, 3) = 20.
  call weft_matrix_diag(v, 1, D)
  call weft_nrows(D, n)
  call check_i(n, 4, 'diag: size(v) + |k| rows')
  call check_matrix(D, [2], [3], [20d0], 'diag k = 1')
  call weft_free(D)
  call weft_matrix_diag(v, -2, D)
  call check_matrix(D, [4], [2], [20d0], 'diag k = -2')
  call weft_free(D)
  call weft_free(A)
  call weft_free(A2)
  call check(A == WEFT_MATRIX_NULL, 'weft_free nulls a matrix')

  ! ---- finalize: objects stay usable; weft_init may not be called again ------------------
  call weft_finalize()
  call check_vector(v, [2], [20d0], 'a vector after weft_finalize')
  call weft_init(WEFT_BLOCKING, ierror=st)
  call check_status(st, WEFT_INVALID_VALUE, 'weft_init after weft_finalize')
  call weft_free(v)
  call finish('test_sparse_objects')

contains

  ! The six counters of weft_get_stat, indexed by WEFT_STAT_*.
  function counters() result(c)
    integer(int64) :: c(0:5)
    integer :: k
    c = -1
    do k = WEFT_STAT_DEFERRED, WEFT_STAT_BYTES_WRITTEN
      call weft_get_stat(k, c(k))
    end do
  end function counters

  ! OUTP, MASK, INP0, INP1.
  function fields(d) result(f)
    type(weft_descriptor), intent(in) :: d
    integer :: f(4)
    call weft_descriptor_get(d, WEFT_OUTP, f(1))
    call weft_descriptor_get(d, WEFT_MASK, f(2))
    call weft_descriptor_get(d, WEFT_INP0, f(3))
    call weft_descriptor_get(d, WEFT_INP1, f(4))
  end function fields

  ! Every predefined descriptor has the fields its name says (R, S, C, T0, T1).
  subroutine check_predefined()
    character(len=8), parameter :: names(31) = [character(len=8) :: 'T1', 'T0', 'T0T1', &
      'C', 'S', 'CT1', 'ST1', 'CT0', 'ST0', 'CT0T1', 'ST0T1', 'SC', 'SCT1', 'SCT0', 'SCT0T1', &
      'R', 'RT1', 'RT0', 'RT0T1', 'RC', 'RS', 'RCT1', 'RST1', 'RCT0', 'RST0', 'RCT0T1', &
      'RST0T1', 'RSC', 'RSCT1', 'RSCT0', 'RSCT0T1']
    type(weft_descriptor) :: predefined(31)
    integer :: k, want(4), mask
    character(len=8) :: nm
    predefined = [WEFT_DESC_T1, WEFT_DESC_T0, WEFT_DESC_T0T1, WEFT_DESC_C, WEFT_DESC_S, &
                  WEFT_DESC_CT1, WEFT_DESC_ST1, WEFT_DESC_CT0, WEFT_DESC_ST0, WEFT_DESC_CT0T1, &
                  WEFT_DESC_ST0T1, WEFT_DESC_SC, WEFT_DESC_SCT1, WEFT_DESC_SCT0, &
                  WEFT_DESC_SCT0T1, WEFT_DESC_R, WEFT_DESC_RT1, WEFT_DESC_RT0, WEFT_DESC_RT0T1, &
                  WEFT_DESC_RC, WEFT_DESC_RS, WEFT_DESC_RCT1, WEFT_DESC_RST1, WEFT_DESC_RCT0, &
                  WEFT_DESC_RST0, WEFT_DESC_RCT0T1, WEFT_DESC_RST0T1, WEFT_DESC_RSC, &
                  WEFT_DESC_RSCT1, WEFT_DESC_RSCT0, WEFT_DESC_RSCT0T1]
    do k = 1, 31
      nm = names(k)
      mask = WEFT_DEFAULT
      if (index(nm, 'C') > 0) mask = WEFT_COMP
      if (index(nm, 'S') > 0) mask = mask + WEFT_STRUCTURE
      want = [merge(WEFT_REPLACE, WEFT_DEFAULT, index(nm, 'R') > 0), mask, &
              merge(WEFT_TRAN, WEFT_DEFAULT, index(nm, 'T0') > 0), &
              merge(WEFT_TRAN, WEFT_DEFAULT, index(nm, 'T1') > 0)]
      call check(all(fields(predefined(k)) == want), 'predefined descriptor WEFT_DESC_' // trim(nm))
    end do
  end subroutine check_predefined
end program test_sparse_objects
