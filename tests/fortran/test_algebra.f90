! The algebra of weft/algebra.h from Fortran (module weft: weft_operators, weft_monoids,
! weft_semirings): the predefined operators, monoids and semirings are the C globals
! (domains, functions, identities, terminals, parts); user-defined operators from
! bind(C) procedures, by reference (c_funloc) and by address (procedure(weft_*_fn));
! monoids on operators (with and without a terminal) that outlive the operator's handle;
! a semiring of user-defined parts; an operator with its C source and the JIT switch;
! and the errors, from C (bad handles, null functions, bad domains, domain mismatches,
! freeing predefined objects, a source name that is no C identifier) and from the
! binding (element buffers too small, a NUL in a name), all through ierror with nothing
! written. No MPI.
module algebra_ops
  use, intrinsic :: iso_c_binding, only: c_double, c_int64_t, c_bool, c_ptr, c_f_pointer
  implicit none
  private
  public :: hypot2, negate, near_diagonal, my_times

contains

  ! z = x*x + y*y, the elements by reference (for c_funloc).
  subroutine hypot2(z, x, y) bind(C)
    real(c_double), intent(inout) :: z
    real(c_double), intent(in) :: x, y
    real(c_double) :: r            ! z may be x or y: compute into a local first
    r = x * x + y * y
    z = r
  end subroutine hypot2

  ! z = x*y by reference: what MY_TIMES_C below says in C (weft calls either).
  subroutine my_times(z, x, y) bind(C)
    real(c_double), intent(inout) :: z
    real(c_double), intent(in) :: x, y
    z = x * y
  end subroutine my_times

  ! z = -x, the elements as addresses (procedure(weft_unary_fn)).
  subroutine negate(z, x) bind(C)
    type(c_ptr), value :: z, x
    real(c_double), pointer :: pz, px
    call c_f_pointer(z, pz)
    call c_f_pointer(x, px)
    pz = -px
  end subroutine negate

  ! z = |i - j| <= thunk and x /= 0 (procedure(weft_index_unary_fn)): a band of nonzeros.
  subroutine near_diagonal(z, x, i, j, thunk) bind(C)
    type(c_ptr), value :: z, x
    integer(c_int64_t), value :: i, j
    type(c_ptr), value :: thunk
    logical(c_bool), pointer :: pz
    real(c_double), pointer :: px
    integer(c_int64_t), pointer :: pt
    call c_f_pointer(z, pz)
    call c_f_pointer(x, px)
    call c_f_pointer(thunk, pt)
    pz = abs(i - j) <= pt .and. px /= 0
  end subroutine near_diagonal
end module algebra_ops

program test_algebra
  use, intrinsic :: iso_c_binding, only: c_bool, c_int8_t, c_int32_t, c_int64_t, c_double, &
                                         c_funptr, c_funloc, c_associated, c_null_funptr, &
                                         c_loc, c_f_procpointer
  use weft
  use weft_test_check
  use algebra_ops
  implicit none
  character(*), parameter :: MY_TIMES_C = &
    'void my_times(double *z, const double *x, const double *y) { *z = *x * *y; }'
  type(weft_type) :: zt, xt, yt, empty
  type(weft_unary_op) :: neg, uop
  type(weft_binary_op) :: h2, op, keep, made
  type(weft_index_unary_op) :: band, iop
  type(weft_monoid) :: m, mt, mf, mm
  type(weft_semiring) :: s, s2
  type(c_funptr) :: f
  procedure(weft_binary_fn), pointer :: fb
  procedure(weft_unary_fn), pointer :: fu
  procedure(weft_index_unary_fn), pointer :: fi
  integer :: ierr, jit, jit0
  integer(c_int64_t) :: runs
  logical :: has, acc
  integer(c_int8_t) :: b8
  integer(c_int32_t) :: i4
  integer(c_int64_t), target :: i8, thunk
  real(c_double), target :: r, x, y
  logical(c_bool), target :: bz

  ! ---- predefined operators: the C globals ---------------------------------------------
  call check(c_associated(WEFT_PLUS_INT32%ptr) .and. c_associated(WEFT_LNOT%ptr) .and. &
             c_associated(WEFT_LXNOR%ptr) .and. c_associated(WEFT_TRIL%ptr) .and. &
             c_associated(WEFT_VALUEGE_FP64%ptr) .and. c_associated(WEFT_BNOT_UINT64%ptr), &
             'predefined operators are bound to the C globals')
  call check(WEFT_PLUS_INT32 /= WEFT_PLUS_INT64 .and. WEFT_TIMES_FP64 == WEFT_TIMES_FP64 .and. &
             WEFT_ABS_FP32 /= WEFT_AINV_FP32 .and. WEFT_TRIL /= WEFT_TRIU, 'operator comparison')
  zt = WEFT_TYPE_NULL
  xt = WEFT_TYPE_NULL
  yt = WEFT_TYPE_NULL
  call weft_binary_op_types(WEFT_PLUS_INT32, zt, xt, yt, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'types of PLUS_INT32')
  call check(zt == WEFT_INT32 .and. xt == WEFT_INT32 .and. yt == WEFT_INT32, 'PLUS_INT32 is INT32^3')
  call weft_binary_op_types(WEFT_LT_FP64, zt, xt, yt)
  call check(zt == WEFT_BOOL .and. xt == WEFT_FP64 .and. yt == WEFT_FP64, 'LT_FP64: FP64 x FP64 -> BOOL')
  call weft_binary_op_types(WEFT_LOR, zt, xt, yt)
  call check(zt == WEFT_BOOL .and. xt == WEFT_BOOL .and. yt == WEFT_BOOL, 'LOR is BOOL^3')
  call weft_unary_op_types(WEFT_LNOT, zt, xt)
  call check(zt == WEFT_BOOL .and. xt == WEFT_BOOL, 'LNOT: BOOL -> BOOL')
  call weft_unary_op_types(WEFT_MINV_FP32, zt, xt)
  call check(zt == WEFT_FP32 .and. xt == WEFT_FP32, 'MINV_FP32: FP32 -> FP32')
  call weft_index_unary_op_types(WEFT_TRIL, zt, xt, yt, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'types of TRIL')
  call check(zt == WEFT_BOOL .and. xt == WEFT_TYPE_NULL .and. yt == WEFT_INT64, &
             'TRIL: any domain (xtype NULL), INT64 thunk -> BOOL')
  call weft_index_unary_op_types(WEFT_ROWINDEX_INT32, zt, xt, yt)
  call check(zt == WEFT_INT32 .and. xt == WEFT_TYPE_NULL .and. yt == WEFT_INT32, &
             'ROWINDEX_INT32: INT32 result and thunk')
  call weft_index_unary_op_types(WEFT_VALUEGT_FP64, zt, xt, yt)
  call check(zt == WEFT_BOOL .and. xt == WEFT_FP64 .and. yt == WEFT_FP64, 'VALUEGT_FP64')

  ! a predefined operator's C function, called from Fortran
  f = c_null_funptr
  call weft_binary_op_function(WEFT_PLUS_FP64, f, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'function of PLUS_FP64')
  call check(c_associated(f), 'PLUS_FP64 has a C function')
  call c_f_procpointer(f, fb)
  x = 2.5d0
  y = 4d0
  call fb(c_loc(r), c_loc(x), c_loc(y))
  call check(r == 6.5d0, 'PLUS_FP64 function: 2.5 + 4')
  call weft_unary_op_function(WEFT_AINV_FP64, f)
  call c_f_procpointer(f, fu)
  call fu(c_loc(r), c_loc(x))
  call check(r == -2.5d0, 'AINV_FP64 function: -2.5')
  call weft_index_unary_op_function(WEFT_TRIL, f)
  call c_f_procpointer(f, fi)
  thunk = 0
  bz = .false.
  call fi(c_loc(bz), c_loc(x), 3_c_int64_t, 1_c_int64_t, c_loc(thunk))
  call check(logical(bz), 'TRIL function: j=1 <= i=3')
  call fi(c_loc(bz), c_loc(x), 1_c_int64_t, 3_c_int64_t, c_loc(thunk))
  call check(.not. logical(bz), 'TRIL function: j=3 > i=1')

  ! ---- predefined monoids, new in issue 10 and their operators and terminals ----------
  call check(c_associated(WEFT_LXOR_MONOID_BOOL%ptr) .and. c_associated(WEFT_ANY_MONOID_FP64%ptr) &
             .and. c_associated(WEFT_BXNOR_MONOID_UINT16%ptr), 'the new predefined monoids')
  b8 = 5
  call weft_monoid_identity(WEFT_BXOR_MONOID_INT8, b8)
  call check(b8 == 0, 'BXOR_INT8 identity 0')
  call weft_monoid_identity(WEFT_BXNOR_MONOID_INT8, b8)
  call check(b8 == -1_c_int8_t, 'BXNOR_INT8 identity all bits set')
  bz = .true.
  call weft_monoid_identity(WEFT_LXOR_MONOID_BOOL, bz)
  call check(.not. logical(bz), 'LXOR_BOOL identity false')
  call weft_monoid_apply(WEFT_BXOR_MONOID_INT32, i4, 12_c_int32_t, 10_c_int32_t)
  call check_i(i4, 6, 'BXOR_INT32(12, 10)')
  op = WEFT_BINARY_OP_NULL
  call weft_monoid_operator(WEFT_PLUS_MONOID_INT32, op, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'operator of PLUS_MONOID_INT32')
  call weft_binary_op_types(op, zt, xt, yt)
  call check(op /= WEFT_BINARY_OP_NULL .and. zt == WEFT_INT32 .and. xt == WEFT_INT32, &
             'PLUS_MONOID_INT32 has an INT32 operator')
  i8 = 7
  has = .false.
  call weft_monoid_terminal(WEFT_TIMES_MONOID_INT64, i8, has, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'terminal of TIMES_INT64')
  call check(has .and. i8 == 0, 'TIMES_INT64 has terminal 0')
  i4 = 0
  call weft_monoid_terminal(WEFT_MAX_MONOID_INT32, i4, has)
  call check(has .and. i4 == huge(0_c_int32_t), 'MAX_INT32 has terminal huge')
  r = 7
  call weft_monoid_terminal(WEFT_MAX_MONOID_FP64, r, has)
  call check(.not. has .and. r == 7, 'MAX_FP64 has no terminal (a later NaN changes the result)')
  i8 = 7
  has = .true.
  call weft_monoid_terminal(WEFT_PLUS_MONOID_INT64, i8, has)
  call check(.not. has .and. i8 == 7, 'PLUS_INT64 has no terminal; value untouched')
  acc = .false.
  call weft_monoid_accepts(WEFT_PLUS_MONOID_INT32, WEFT_INTEGER, acc, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'accepts')
  call check(acc, 'PLUS_MONOID_INT32 accepts WEFT_INTEGER')
  call weft_monoid_accepts(WEFT_PLUS_MONOID_INT32, WEFT_FP64, acc)
  call check(.not. acc, 'PLUS_MONOID_INT32 does not accept WEFT_FP64')

  ! ---- predefined semirings --------------------------------------------------------
  call check(c_associated(WEFT_PLUS_TIMES_SEMIRING_FP64%ptr) .and. &
             c_associated(WEFT_LOR_PAIR_SEMIRING_BOOL%ptr) .and. &
             WEFT_MIN_PLUS_SEMIRING_INT64 /= WEFT_MAX_PLUS_SEMIRING_INT64, 'predefined semirings')
  m = WEFT_MONOID_NULL
  op = WEFT_BINARY_OP_NULL
  call weft_semiring_add(WEFT_MIN_PLUS_SEMIRING_FP64, m, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'add of MIN_PLUS_FP64')
  call weft_semiring_multiply(WEFT_MIN_PLUS_SEMIRING_FP64, op, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'multiply of MIN_PLUS_FP64')
  call weft_monoid_apply(m, r, 3d0, -1d0)
  call check(r == -1d0, 'MIN_PLUS_FP64: add is min')
  call weft_binary_op_function(op, f)
  call c_f_procpointer(f, fb)
  x = 3d0
  y = -1d0
  call fb(c_loc(r), c_loc(x), c_loc(y))
  call check(r == 2d0, 'MIN_PLUS_FP64: multiply is plus')

  ! ---- a user-defined binary operator and monoids on it ------------------------------
  h2 = WEFT_BINARY_OP_NULL
  call weft_binary_op_new(c_funloc(hypot2), WEFT_FP64, WEFT_FP64, WEFT_FP64, h2, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_binary_op_new from c_funloc')
  call check(h2 /= WEFT_BINARY_OP_NULL, 'a new operator handle')
  call weft_binary_op_types(h2, zt, xt, yt)
  call check(zt == WEFT_FP64 .and. xt == WEFT_FP64 .and. yt == WEFT_FP64, 'its domains')
  call weft_binary_op_function(h2, f)
  call check(c_associated(f, c_funloc(hypot2)), 'its function is hypot2')
  ! (x*x + y*y is not associative; a monoid only stores the caller's promise)
  m = WEFT_MONOID_NULL
  call weft_monoid_new(h2, 0d0, m, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_monoid_new on an operator')
  op = WEFT_BINARY_OP_NULL
  call weft_monoid_operator(m, op)
  call check(op == h2, 'the monoid''s operator is h2')
  mt = WEFT_MONOID_NULL
  call weft_monoid_new_terminal(h2, 0d0, huge(0d0), mt, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_monoid_new_terminal')
  keep = h2
  call weft_binary_op_free(h2, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'free the operator handle')
  call check(h2 == WEFT_BINARY_OP_NULL, 'free sets it to WEFT_BINARY_OP_NULL')
  call weft_monoid_apply(m, r, 3d0, 4d0, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'apply after the operator handle was freed')
  call check(r == 25d0, 'the monoid keeps its operator alive: 3*3 + 4*4')
  f = c_null_funptr
  call weft_monoid_function(m, f, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_monoid_function after the operator handle was freed')
  call check(c_associated(f, c_funloc(hypot2)), 'it is hypot2')
  call weft_monoid_operator(m, op)
  call weft_binary_op_types(op, zt, xt, yt, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'the operator''s handle died with h2')
  has = .false.
  r = 1
  call weft_monoid_terminal(mt, r, has)
  call check(has .and. r == huge(0d0), 'the terminal is copied back')
  call weft_monoid_terminal(m, r, has)
  call check(.not. has, 'weft_monoid_new makes no terminal')

  ! the domain + function form makes its own operator (domain three times)
  mf = WEFT_MONOID_NULL
  call weft_monoid_new(WEFT_FP64, c_funloc(hypot2), 0d0, mf, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_monoid_new(domain, c_funloc, ...)')
  call weft_monoid_apply(mf, r, 1d0, 2d0)
  call check(r == 5d0, 'it computes hypot2')
  call weft_monoid_domain(mf, zt)
  call check(zt == WEFT_FP64, 'on the domain')
  call weft_monoid_function(mf, f)
  call check(c_associated(f, c_funloc(hypot2)), 'weft_monoid_function gives hypot2')
  op = WEFT_BINARY_OP_NULL
  call weft_monoid_operator(mf, op, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_monoid_operator')
  call weft_binary_op_types(op, zt, xt, yt, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'the binding released its operator handle')
  call weft_monoid_function(WEFT_MONOID_NULL, f, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'weft_monoid_function of WEFT_MONOID_NULL')

  ! ---- an operator with its C source; the JIT switch ----------------------------------
  op = WEFT_BINARY_OP_NULL
  call weft_binary_op_new_source(c_funloc(my_times), WEFT_FP64, WEFT_FP64, WEFT_FP64, &
                                 'my_times', MY_TIMES_C, op, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_binary_op_new_source')
  call weft_binary_op_function(op, f)
  call check(c_associated(f, c_funloc(my_times)), 'its function is my_times')
  made = op
  call weft_binary_op_new_source(c_funloc(my_times), WEFT_FP64, WEFT_FP64, WEFT_FP64, &
                                 '1abc', MY_TIMES_C, op, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'a name that is not a C identifier')
  call check(op == made, 'op unchanged')
  call weft_binary_op_new_source(c_funloc(my_times), WEFT_FP64, WEFT_FP64, WEFT_FP64, &
                                 'my' // char(0) // 'times', MY_TIMES_C, op, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'a name holding a NUL (the binding''s check)')
  call weft_binary_op_free(op)
  call check(op == WEFT_BINARY_OP_NULL, 'free an operator with source')
  call weft_get_jit(jit0)
  call weft_set_jit(0)
  jit = -1
  call weft_get_jit(jit)
  call check_i(jit, 0, 'weft_get_jit after weft_set_jit(0)')
  call weft_set_jit(1, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_set_jit(1)')
  call weft_get_jit(jit, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_get_jit')
  call check_i(jit, 1, 'weft_get_jit after weft_set_jit(1)')
  call weft_set_jit(2, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'weft_set_jit(2)')
  call weft_set_jit(jit0)
  runs = -1
  call weft_get_stat(WEFT_STAT_JIT_RUNS, runs, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_get_stat(WEFT_STAT_JIT_RUNS)')
  call check(runs >= 0, 'a JIT counter')

  ! ---- user-defined unary and index-unary operators --------------------------------
  neg = WEFT_UNARY_OP_NULL
  call weft_unary_op_new(negate, WEFT_FP64, WEFT_FP64, neg, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_unary_op_new from a procedure(weft_unary_fn)')
  call weft_unary_op_types(neg, zt, xt)
  call check(zt == WEFT_FP64 .and. xt == WEFT_FP64, 'unary domains')
  call weft_unary_op_function(neg, f)
  call check(c_associated(f, c_funloc(negate)), 'its function is negate')
  band = WEFT_INDEX_UNARY_OP_NULL
  call weft_index_unary_op_new(near_diagonal, WEFT_BOOL, WEFT_FP64, WEFT_INT64, band, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_index_unary_op_new from a procedure')
  call weft_index_unary_op_types(band, zt, xt, yt)
  call check(zt == WEFT_BOOL .and. xt == WEFT_FP64 .and. yt == WEFT_INT64, 'index-unary domains')
  call weft_index_unary_op_function(band, f)
  call c_f_procpointer(f, fi)
  x = 1.5d0
  thunk = 1
  call fi(c_loc(bz), c_loc(x), 4_c_int64_t, 5_c_int64_t, c_loc(thunk))
  call check(logical(bz), 'near_diagonal(1.5, 4, 5; 1)')

  ! ---- a semiring of user-defined parts -------------------------------------------
  s = WEFT_SEMIRING_NULL
  call weft_semiring_new(WEFT_MAX_MONOID_FP64, keep, s, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'a semiring on a freed operator handle')
  call check(s == WEFT_SEMIRING_NULL, 'semiring unchanged')
  call weft_semiring_new(m, WEFT_TIMES_FP64, s, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_semiring_new(user monoid, TIMES_FP64)')
  mm = WEFT_MONOID_NULL
  op = WEFT_BINARY_OP_NULL
  call weft_semiring_add(s, mm)
  call weft_semiring_multiply(s, op)
  call check(mm == m .and. op == WEFT_TIMES_FP64, 'its parts are the objects it was made of')
  call weft_monoid_free(m)
  call weft_semiring_multiply(s, op, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'the semiring outlives its monoid''s handle')
  call weft_semiring_free(s, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'free a user-defined semiring')
  call check(s == WEFT_SEMIRING_NULL, 'free sets it to WEFT_SEMIRING_NULL')
  ! predefined parts
  s2 = WEFT_SEMIRING_NULL
  call weft_semiring_new(WEFT_MIN_MONOID_INT64, WEFT_PLUS_INT64, s2)
  call weft_semiring_add(s2, mm)
  call weft_semiring_multiply(s2, op)
  call check(mm == WEFT_MIN_MONOID_INT64 .and. op == WEFT_PLUS_INT64, 'a semiring of predefined parts')
  call weft_semiring_free(s2)

  ! ---- errors: from C, through ierror, nothing written -------------------------------
  uop = neg
  call weft_unary_op_new(c_null_funptr, WEFT_FP64, WEFT_FP64, uop, ierr)
  call check_status(ierr, WEFT_NULL_POINTER, 'an operator without a function')
  call check(uop == neg, 'op unchanged by a failed weft_unary_op_new')
  op = keep
  call weft_binary_op_new(c_funloc(hypot2), WEFT_FP64, WEFT_TYPE_NULL, WEFT_FP64, op, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'an operator on a NULL domain')
  call check(op == keep, 'op unchanged')
  call weft_type_contiguous(0, WEFT_INT, empty)
  call weft_binary_op_new(c_funloc(hypot2), empty, empty, empty, op, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'an operator on a domain without data')
  iop = band
  call weft_index_unary_op_new(near_diagonal, WEFT_BOOL, WEFT_FP64, empty, iop, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'a thunk domain without data')
  call check(iop == band, 'index-unary op unchanged')
  m = WEFT_MONOID_NULL
  call weft_monoid_new(WEFT_LT_FP64, .false._c_bool, m, ierr)
  call check_status(ierr, WEFT_DOMAIN_MISMATCH, 'a monoid on FP64 x FP64 -> BOOL')
  call check(m == WEFT_MONOID_NULL, 'monoid unchanged')
  call weft_monoid_new(WEFT_PLUS_FP64, 0_c_int32_t, m, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'a 4-byte identity for an FP64 operator')
  call check(weft_last_error() == 'weft_monoid_new: the domain extent 8 > the 4 bytes of identity', &
             'binding message: ' // weft_last_error())
  call weft_monoid_new_terminal(WEFT_PLUS_FP64, 0d0, 0_c_int32_t, m, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'a 4-byte terminal for an FP64 operator')
  call weft_monoid_new(WEFT_BINARY_OP_NULL, 0d0, m, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'a monoid on WEFT_BINARY_OP_NULL')
  call weft_monoid_new(keep, 0d0, m, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'a monoid on a freed operator handle')
  call check(m == WEFT_MONOID_NULL, 'monoid still unchanged')
  s = WEFT_SEMIRING_NULL
  call weft_semiring_new(WEFT_PLUS_MONOID_FP64, WEFT_TIMES_INT32, s, ierr)
  call check_status(ierr, WEFT_DOMAIN_MISMATCH, 'a semiring whose multiply gives INT32 for an FP64 add')
  call weft_semiring_new(WEFT_PLUS_MONOID_FP64, WEFT_LT_FP64, s, ierr)
  call check_status(ierr, WEFT_DOMAIN_MISMATCH, 'a semiring whose multiply gives BOOL for an FP64 add')
  call check(s == WEFT_SEMIRING_NULL, 'semiring unchanged')
  op = WEFT_PLUS_INT32
  call weft_binary_op_free(op, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'freeing a predefined operator')
  call check(op == WEFT_PLUS_INT32, 'the predefined handle is left alone')
  uop = WEFT_LNOT
  call weft_unary_op_free(uop, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'freeing a predefined unary operator')
  iop = WEFT_TRIL
  call weft_index_unary_op_free(iop, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'freeing a predefined index-unary operator')
  s = WEFT_PLUS_TIMES_SEMIRING_FP64
  call weft_semiring_free(s, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'freeing a predefined semiring')
  call check(s == WEFT_PLUS_TIMES_SEMIRING_FP64, 'the predefined semiring is left alone')
  call weft_binary_op_free(keep, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'freeing an operator handle twice')
  call weft_binary_op_types(keep, zt, xt, yt, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'types of a freed operator handle')
  call weft_unary_op_types(WEFT_UNARY_OP_NULL, zt, xt, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'types of WEFT_UNARY_OP_NULL')
  call weft_semiring_add(WEFT_SEMIRING_NULL, m, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'add of WEFT_SEMIRING_NULL')
  call weft_monoid_terminal(WEFT_MONOID_NULL, r, has, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'terminal of WEFT_MONOID_NULL')
  i4 = 3
  call weft_monoid_terminal(WEFT_MIN_MONOID_FP64, i4, has, ierr)
  call check_status(ierr, WEFT_DIMENSION_MISMATCH, 'a terminal into 4 bytes for an FP64 monoid')
  call check_i(i4, 3, 'value unchanged')

  ! ---- free ---------------------------------------------------------------------------
  call weft_monoid_free(mt)
  call weft_monoid_free(mf)
  call weft_unary_op_free(neg)
  call check(neg == WEFT_UNARY_OP_NULL, 'unary free sets WEFT_UNARY_OP_NULL')
  call weft_index_unary_op_free(band)
  call check(band == WEFT_INDEX_UNARY_OP_NULL, 'index-unary free sets WEFT_INDEX_UNARY_OP_NULL')
  call weft_type_free(empty)
  call finish('test_algebra')
end program test_algebra
