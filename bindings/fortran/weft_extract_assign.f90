! weft_extract_assign — the operations of weft/sparse.h on index regions: weft_extract
! (T = A(I, J), u(I)), weft_col_extract (T = A(I, j)), weft_assign (C(I, J) = A or a
! scalar; w(I) = u or a scalar), weft_col_assign, weft_row_assign and weft_subassign.
!
!   call weft_extract(C, A, [0, 2], [1, 3])              ! C = A([0,2], [1,3])
!   call weft_extract(C, A, J=[1, 3])                    ! every row: C = A(:, [1,3])
!   call weft_assign(w, x, [1, 2, 3], base=1, accum=WEFT_PLUS_FP64)   ! w(1:3) += x
!   call weft_col_assign(C, u, 4)                         ! C(:, 4) = u
!
! Index lists I and J: INTEGER arrays of any kind, 0-based (base=1: 1-based); an absent
! list means every index of the dimension it indexes (C's WEFT_ALL, counted by the
! output's dimension: extract's result and assign's region have the output's shape).
! Pass them by keyword after an absent one. Repeats: allowed in extract and in
! assign of a scalar, WEFT_INVALID_VALUE in assign of a collection; an index outside the
! object: WEFT_INDEX_OUT_OF_BOUNDS (its message gives the 0-based index). The other
! arguments as in module weft_multiply, plus base.
module weft_extract_assign
  use, intrinsic :: iso_c_binding, only: c_int64_t
  use weft_operators, only: weft_binary_op
  use weft_sparse_handles, only: weft_scalar, weft_vector, weft_matrix, weft_descriptor
  use weft_sparse_c_api
  use weft_sparse_args
  use weft_errors, only: weft_check_
  implicit none
  private
  public :: weft_extract, weft_col_extract, weft_assign, weft_col_assign, weft_row_assign, &
            weft_subassign

  ! weft_extract(C, A [, I, J]): T(a, b) = A(I(a), J(b)), shape size(I) x size(J);
  ! weft_extract(w, u [, I]): T(a) = u(I(a)).
  interface weft_extract
    module procedure matrix_extract, vector_extract
  end interface
  ! weft_assign(C, A [, I, J]): C(I(a), J(b)) = A(a, b) on the region I x J (without
  !   accum, positions of the region where A has no entry lose C's); the mask has C's
  !   shape and the rule acts on all of C;
  ! weft_assign(C, x [, I, J]) with a scalar x: every position of the region gets x (an
  !   empty x: WEFT_EMPTY_OBJECT);
  ! weft_assign(w, u [, I]) and weft_assign(w, x [, I]): the vector forms.
  interface weft_assign
    module procedure matrix_assign, matrix_assign_scalar, vector_assign, vector_assign_scalar
  end interface

contains

  ! The two lists of a matrix region as C takes them; the output's shape is read only
  ! when a list is absent.
  logical function matrix_lists(C, I, J, b, routine, ia, ja, ierror) result(ok)
    type(weft_matrix), intent(in) :: C
    class(*), intent(in), optional :: I(:), J(:)
    integer(c_int64_t), intent(in) :: b
    character(*), intent(in) :: routine
    type(list_arg_), intent(inout), target :: ia, ja
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: nrows, ncols
    ok = .true.
    nrows = 0
    ncols = 0
    if (.not. present(I) .or. .not. present(J)) ok = matrix_dims_(C, routine, nrows, ncols, ierror)
    if (ok) ok = list_in_(I, nrows, b, 'I', routine, ia, ierror)
    if (ok) ok = list_in_(J, ncols, b, 'J', routine, ja, ierror)
  end function matrix_lists

  ! The list of a vector region (or of a column or row of C: dim is then the output's).
  logical function vector_list(w, I, b, routine, ia, ierror) result(ok)
    type(weft_vector), intent(in) :: w
    class(*), intent(in), optional :: I(:)
    integer(c_int64_t), intent(in) :: b
    character(*), intent(in) :: routine
    type(list_arg_), intent(inout), target :: ia
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: n
    ok = .true.
    n = 0
    if (.not. present(I)) ok = vector_size_(w, routine, n, ierror)
    if (ok) ok = list_in_(I, n, b, 'I', routine, ia, ierror)
  end function vector_list

  ! ---- extract ------------------------------------------------------------------------

  subroutine matrix_extract(C, A, I, J, mask, accum, desc, base, ierror)
    type(weft_matrix), intent(in) :: C, A
    class(*), intent(in), optional :: I(:), J(:)
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_extract'
    type(list_arg_), target :: ia, ja
    integer(c_int64_t) :: b
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. matrix_lists(C, I, J, b, r, ia, ja, ierror)) return
    call weft_check_(c_weft_matrix_extract(C%ptr, opt_matrix_(mask), opt_op_(accum), A%ptr, ia%p, &
                                           ia%n, ja%p, ja%n, opt_desc_(desc)), r, ierror)
  end subroutine matrix_extract

  subroutine vector_extract(w, u, I, mask, accum, desc, base, ierror)
    type(weft_vector), intent(in) :: w, u
    class(*), intent(in), optional :: I(:)
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_extract'
    type(list_arg_), target :: ia
    integer(c_int64_t) :: b
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. vector_list(w, I, b, r, ia, ierror)) return
    call weft_check_(c_weft_vector_extract(w%ptr, opt_vector_(mask), opt_op_(accum), u%ptr, ia%p, &
                                           ia%n, opt_desc_(desc)), r, ierror)
  end subroutine vector_extract

  ! w(a) = A(I(a), j): part of column j (with desc's WEFT_INP0 = WEFT_TRAN, of row j:
  ! A(j, I(a))). j outside A: WEFT_INVALID_INDEX.
  subroutine weft_col_extract(w, A, j, I, mask, accum, desc, base, ierror)
    type(weft_vector), intent(in) :: w
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: j
    class(*), intent(in), optional :: I(:)
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_col_extract'
    type(list_arg_), target :: ia
    integer(c_int64_t) :: b, jj
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(j, b, 'j', r, jj, ierror)) return
    if (.not. vector_list(w, I, b, r, ia, ierror)) return
    call weft_check_(c_weft_col_extract(w%ptr, opt_vector_(mask), opt_op_(accum), A%ptr, ia%p, &
                                        ia%n, jj, opt_desc_(desc)), r, ierror)
  end subroutine weft_col_extract

  ! ---- assign -------------------------------------------------------------------------

  subroutine matrix_assign(C, A, I, J, mask, accum, desc, base, ierror)
    type(weft_matrix), intent(in) :: C, A
    class(*), intent(in), optional :: I(:), J(:)
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_assign'
    type(list_arg_), target :: ia, ja
    integer(c_int64_t) :: b
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. matrix_lists(C, I, J, b, r, ia, ja, ierror)) return
    call weft_check_(c_weft_matrix_assign(C%ptr, opt_matrix_(mask), opt_op_(accum), A%ptr, ia%p, &
                                          ia%n, ja%p, ja%n, opt_desc_(desc)), r, ierror)
  end subroutine matrix_assign

  subroutine matrix_assign_scalar(C, x, I, J, mask, accum, desc, base, ierror)
    type(weft_matrix), intent(in) :: C
    type(weft_scalar), intent(in) :: x
    class(*), intent(in), optional :: I(:), J(:)
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_assign'
    type(list_arg_), target :: ia, ja
    integer(c_int64_t) :: b
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. matrix_lists(C, I, J, b, r, ia, ja, ierror)) return
    call weft_check_(c_weft_matrix_assign_scalar(C%ptr, opt_matrix_(mask), opt_op_(accum), x%ptr, &
                                                 ia%p, ia%n, ja%p, ja%n, opt_desc_(desc)), r, &
                                                 ierror)
  end subroutine matrix_assign_scalar

  subroutine vector_assign(w, u, I, mask, accum, desc, base, ierror)
    type(weft_vector), intent(in) :: w, u
    class(*), intent(in), optional :: I(:)
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_assign'
    type(list_arg_), target :: ia
    integer(c_int64_t) :: b
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. vector_list(w, I, b, r, ia, ierror)) return
    call weft_check_(c_weft_vector_assign(w%ptr, opt_vector_(mask), opt_op_(accum), u%ptr, ia%p, &
                                          ia%n, opt_desc_(desc)), r, ierror)
  end subroutine vector_assign

  subroutine vector_assign_scalar(w, x, I, mask, accum, desc, base, ierror)
    type(weft_vector), intent(in) :: w
    type(weft_scalar), intent(in) :: x
    class(*), intent(in), optional :: I(:)
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_assign'
    type(list_arg_), target :: ia
    integer(c_int64_t) :: b
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. vector_list(w, I, b, r, ia, ierror)) return
    call weft_check_(c_weft_vector_assign_scalar(w%ptr, opt_vector_(mask), opt_op_(accum), x%ptr, &
                                                 ia%p, ia%n, opt_desc_(desc)), r, ierror)
  end subroutine vector_assign_scalar

  ! C(I(a), j) = u(a): the mask is a vector over the column and the rule acts on column
  ! j only. An absent I: every row.
  subroutine weft_col_assign(C, u, j, I, mask, accum, desc, base, ierror)
    type(weft_matrix), intent(in) :: C
    type(weft_vector), intent(in) :: u
    class(*), intent(in) :: j
    class(*), intent(in), optional :: I(:)
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_col_assign'
    type(list_arg_), target :: ia
    integer(c_int64_t) :: b, jj, nrows, ncols
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(j, b, 'j', r, jj, ierror)) return
    nrows = 0
    if (.not. present(I)) then
      if (.not. matrix_dims_(C, r, nrows, ncols, ierror)) return
    end if
    if (.not. list_in_(I, nrows, b, 'I', r, ia, ierror)) return
    call weft_check_(c_weft_col_assign(C%ptr, opt_vector_(mask), opt_op_(accum), u%ptr, ia%p, &
                                       ia%n, jj, opt_desc_(desc)), r, ierror)
  end subroutine weft_col_assign

  ! C(i, J(b)) = u(b): the mask is a vector over the row and the rule acts on row i only.
  ! An absent J: every column.
  subroutine weft_row_assign(C, u, i, J, mask, accum, desc, base, ierror)
    type(weft_matrix), intent(in) :: C
    type(weft_vector), intent(in) :: u
    class(*), intent(in) :: i
    class(*), intent(in), optional :: J(:)
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_row_assign'
    type(list_arg_), target :: ja
    integer(c_int64_t) :: b, ii, nrows, ncols
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(i, b, 'i', r, ii, ierror)) return
    ncols = 0
    if (.not. present(J)) then
      if (.not. matrix_dims_(C, r, nrows, ncols, ierror)) return
    end if
    if (.not. list_in_(J, ncols, b, 'J', r, ja, ierror)) return
    call weft_check_(c_weft_row_assign(C%ptr, opt_vector_(mask), opt_op_(accum), u%ptr, ii, ja%p, &
                                       ja%n, opt_desc_(desc)), r, ierror)
  end subroutine weft_row_assign

  ! As weft_assign(C, A [, I, J]), but (SuiteSparse's GxB_subassign) the mask has the
  ! region's shape, size(I) x size(J), and the whole rule, replace included, acts on the
  ! region only.
  subroutine weft_subassign(C, A, I, J, mask, accum, desc, base, ierror)
    type(weft_matrix), intent(in) :: C, A
    class(*), intent(in), optional :: I(:), J(:)
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_subassign'
    type(list_arg_), target :: ia, ja
    integer(c_int64_t) :: b
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. matrix_lists(C, I, J, b, r, ia, ja, ierror)) return
    call weft_check_(c_weft_matrix_subassign(C%ptr, opt_matrix_(mask), opt_op_(accum), A%ptr, &
                                             ia%p, ia%n, ja%p, ja%n, opt_desc_(desc)), r, ierror)
  end subroutine weft_subassign
end module weft_extract_assign
