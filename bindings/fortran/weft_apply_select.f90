! weft_apply_select — the operations of weft/sparse.h on one collection: weft_apply (an
! operator on every entry), weft_select (keep the entries a condition holds for),
! weft_reduce (rows to a vector, everything to a scalar) and weft_transpose. As
! GraphBLAS's polymorphic GrB_apply, one generic name covers the matrix and vector forms
! and the kinds of operator; the handles' types pick the C function:
!
!   call weft_apply(C, WEFT_AINV_FP64, A)              ! weft_matrix_apply: -a
!   call weft_apply(C, WEFT_TIMES_FP64, two, A)        ! weft_matrix_apply_first: 2*a
!   call weft_apply(C, WEFT_MINUS_FP64, A, one)        ! weft_matrix_apply_second: a-1
!   call weft_apply(w, WEFT_ROWINDEX_INT64, u, zero)   ! weft_vector_apply_index: i+0
!   call weft_select(L, WEFT_TRIL, A, minus_one)       ! strictly lower triangle
!   call weft_reduce(s, WEFT_PLUS_MONOID_INT64, A)     ! weft_matrix_reduce_scalar
!
! (two, one, zero, minus_one: type(weft_scalar), e.g. weft_scalar_new(WEFT_INT64, -1, t).)
! Positional index-unary operators see 0-based i and j (a vector's j is 0): the engine's
! indices, whatever base the binding's index arguments use.
! Arguments and the optional mask, accum, desc, ierror as in module weft_multiply.
module weft_apply_select
  use weft_operators, only: weft_unary_op, weft_binary_op, weft_index_unary_op
  use weft_monoids, only: weft_monoid
  use weft_sparse_handles, only: weft_scalar, weft_vector, weft_matrix, weft_descriptor
  use weft_sparse_c_api
  use weft_sparse_args, only: opt_matrix_, opt_vector_, opt_op_, opt_desc_
  use weft_errors, only: weft_check_
  implicit none
  private
  public :: weft_apply, weft_select, weft_reduce, weft_transpose

  ! weft_apply(C, op, A): T = op(a) for a unary op;
  ! weft_apply(C, op, x, A): T = op(x, a) for a binary op and a scalar x first (A is the
  !   operator's second input: WEFT_INP1 transposes it);
  ! weft_apply(C, op, A, y): T = op(a, y), a scalar y second;
  ! weft_apply(C, op, A, thunk): T = op(a, i, j, thunk) for an index-unary op;
  ! and the same with a vector output w and input u. An empty scalar: WEFT_EMPTY_OBJECT.
  interface weft_apply
    module procedure matrix_apply, matrix_apply_first, matrix_apply_second, matrix_apply_index, &
                     vector_apply, vector_apply_first, vector_apply_second, vector_apply_index
  end interface
  ! weft_select(C, op, A, thunk) / (w, op, u, thunk): T = the entries for which
  ! op(a, i, j, thunk) cast to BOOL is true, values unchanged.
  interface weft_select
    module procedure matrix_select, vector_select
  end interface
  ! weft_reduce(w, monoid, A): w(i) = the monoid's sum of row i (rows without entries
  !   give none; WEFT_INP0 = WEFT_TRAN sums columns); mask, accum, desc optional;
  ! weft_reduce(s, monoid, A) / (s, monoid, u): s = the sum of every entry (none: s
  !   becomes empty, or with accum stays as it was); accum and desc optional, no mask.
  interface weft_reduce
    module procedure matrix_reduce, matrix_reduce_scalar, vector_reduce_scalar
  end interface

contains

  ! ---- weft_apply ---------------------------------------------------------------------

  subroutine matrix_apply(C, op, A, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A
    type(weft_unary_op), intent(in) :: op
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_apply(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, A%ptr, &
                                         opt_desc_(desc)), 'weft_apply', ierror)
  end subroutine matrix_apply

  subroutine matrix_apply_first(C, op, x, A, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A
    type(weft_binary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: x
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_apply_first(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, &
                                               x%ptr, A%ptr, opt_desc_(desc)), 'weft_apply', &
                                               ierror)
  end subroutine matrix_apply_first

  subroutine matrix_apply_second(C, op, A, y, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A
    type(weft_binary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: y
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_apply_second(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, &
                                                A%ptr, y%ptr, opt_desc_(desc)), 'weft_apply', &
                                                ierror)
  end subroutine matrix_apply_second

  subroutine matrix_apply_index(C, op, A, thunk, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A
    type(weft_index_unary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: thunk
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_apply_index(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, &
                                               A%ptr, thunk%ptr, opt_desc_(desc)), 'weft_apply', &
                                               ierror)
  end subroutine matrix_apply_index

  subroutine vector_apply(w, op, u, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u
    type(weft_unary_op), intent(in) :: op
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_apply(w%ptr, opt_vector_(mask), opt_op_(accum), op%ptr, u%ptr, &
                                         opt_desc_(desc)), 'weft_apply', ierror)
  end subroutine vector_apply

  subroutine vector_apply_first(w, op, x, u, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u
    type(weft_binary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: x
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_apply_first(w%ptr, opt_vector_(mask), opt_op_(accum), op%ptr, &
                                               x%ptr, u%ptr, opt_desc_(desc)), 'weft_apply', &
                                               ierror)
  end subroutine vector_apply_first

  subroutine vector_apply_second(w, op, u, y, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u
    type(weft_binary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: y
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_apply_second(w%ptr, opt_vector_(mask), opt_op_(accum), op%ptr, &
                                                u%ptr, y%ptr, opt_desc_(desc)), 'weft_apply', &
                                                ierror)
  end subroutine vector_apply_second

  subroutine vector_apply_index(w, op, u, thunk, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u
    type(weft_index_unary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: thunk
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_apply_index(w%ptr, opt_vector_(mask), opt_op_(accum), op%ptr, &
                                               u%ptr, thunk%ptr, opt_desc_(desc)), 'weft_apply', &
                                               ierror)
  end subroutine vector_apply_index

  ! ---- weft_select --------------------------------------------------------------------

  subroutine matrix_select(C, op, A, thunk, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A
    type(weft_index_unary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: thunk
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_select(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, A%ptr, &
                                          thunk%ptr, opt_desc_(desc)), 'weft_select', ierror)
  end subroutine matrix_select

  subroutine vector_select(w, op, u, thunk, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u
    type(weft_index_unary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: thunk
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_select(w%ptr, opt_vector_(mask), opt_op_(accum), op%ptr, u%ptr, &
                                          thunk%ptr, opt_desc_(desc)), 'weft_select', ierror)
  end subroutine vector_select

  ! ---- weft_reduce --------------------------------------------------------------------

  subroutine matrix_reduce(w, monoid, A, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w
    type(weft_monoid), intent(in) :: monoid
    type(weft_matrix), intent(in) :: A
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_reduce(w%ptr, opt_vector_(mask), opt_op_(accum), monoid%ptr, &
                                          A%ptr, opt_desc_(desc)), 'weft_reduce', ierror)
  end subroutine matrix_reduce

  subroutine matrix_reduce_scalar(s, monoid, A, accum, desc, ierror)
    type(weft_scalar), intent(in) :: s
    type(weft_monoid), intent(in) :: monoid
    type(weft_matrix), intent(in) :: A
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_reduce_scalar(s%ptr, opt_op_(accum), monoid%ptr, A%ptr, &
                                                 opt_desc_(desc)), 'weft_reduce', ierror)
  end subroutine matrix_reduce_scalar

  subroutine vector_reduce_scalar(s, monoid, u, accum, desc, ierror)
    type(weft_scalar), intent(in) :: s
    type(weft_monoid), intent(in) :: monoid
    type(weft_vector), intent(in) :: u
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_reduce_scalar(s%ptr, opt_op_(accum), monoid%ptr, u%ptr, &
                                                 opt_desc_(desc)), 'weft_reduce', ierror)
  end subroutine vector_reduce_scalar

  ! ---- weft_transpose -----------------------------------------------------------------

  ! C = A' (with desc's WEFT_INP0 = WEFT_TRAN: a copy of A).
  subroutine weft_transpose(C, A, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_transpose(C%ptr, opt_matrix_(mask), opt_op_(accum), A%ptr, &
                                      opt_desc_(desc)), 'weft_transpose', ierror)
  end subroutine weft_transpose
end module weft_apply_select
