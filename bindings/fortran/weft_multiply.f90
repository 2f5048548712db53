! weft_multiply — the operations of weft/sparse.h that combine two collections: the
! semiring products weft_mxm, weft_mxv, weft_vxm, the element-wise weft_ewise_add,
! weft_ewise_mult, weft_ewise_union (one generic each for matrices and vectors) and
! weft_kronecker. Use them through module weft.
!
!   call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B)                 ! C = A*B
!   call weft_mxm(C, WEFT_PLUS_PAIR_SEMIRING_INT64, L, L, mask=L)         ! C<L> = L*L
!   call weft_ewise_add(w, WEFT_PLUS_FP64, u, v, accum=WEFT_PLUS_FP64)   ! w += u + v
!
! Every operation follows weft/sparse.h's rule (compute T, accumulate, mask, replace).
! Arguments: the output, the operator, the inputs, as in C; then the optional ones, by
! keyword: mask (a matrix for a matrix output, a vector for a vector output), accum (a
! binary operator), desc (a descriptor: WEFT_DESC_RSC, ... or your own) and ierror.
! Absent mask, accum, desc are C's NULL. Outputs may be the same object as an input or
! the mask. ierror as everywhere in module weft.
module weft_multiply
  use weft_operators, only: weft_binary_op
  use weft_semirings, only: weft_semiring
  use weft_sparse_handles, only: weft_scalar, weft_vector, weft_matrix, weft_descriptor
  use weft_sparse_c_api
  use weft_sparse_args, only: opt_matrix_, opt_vector_, opt_op_, opt_desc_
  use weft_errors, only: weft_check_
  implicit none
  private
  public :: weft_mxm, weft_mxv, weft_vxm, weft_ewise_add, weft_ewise_mult, weft_ewise_union, &
            weft_kronecker

  ! weft_ewise_add(C, op, A, B) / (w, op, u, v): the union of the entries, op where both
  ! exist, the lone entry elsewhere.
  interface weft_ewise_add
    module procedure matrix_ewise_add, vector_ewise_add
  end interface
  ! weft_ewise_mult(C, op, A, B) / (w, op, u, v): the intersection, op on each pair.
  interface weft_ewise_mult
    module procedure matrix_ewise_mult, vector_ewise_mult
  end interface
  ! weft_ewise_union(C, op, A, alpha, B, beta) / (w, op, u, alpha, v, beta): the union,
  ! op everywhere, alpha standing in for a missing A (u) entry and beta for a missing B
  ! (v) entry (an empty alpha or beta: WEFT_EMPTY_OBJECT).
  interface weft_ewise_union
    module procedure matrix_ewise_union, vector_ewise_union
  end interface

contains

  ! C = A (+.*) B: C(i,j) = the semiring's sum over k of A(i,k)*B(k,j) where both exist.
  ! desc's WEFT_INP0 / WEFT_INP1 transpose A / B.
  subroutine weft_mxm(C, semiring, A, B, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A, B
    type(weft_semiring), intent(in) :: semiring
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_mxm(C%ptr, opt_matrix_(mask), opt_op_(accum), semiring%ptr, A%ptr, &
                                B%ptr, opt_desc_(desc)), 'weft_mxm', ierror)
  end subroutine weft_mxm

  ! w = A (+.*) u (WEFT_INP0 transposes A).
  subroutine weft_mxv(w, semiring, A, u, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u
    type(weft_semiring), intent(in) :: semiring
    type(weft_matrix), intent(in) :: A
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_mxv(w%ptr, opt_vector_(mask), opt_op_(accum), semiring%ptr, A%ptr, &
                                u%ptr, opt_desc_(desc)), 'weft_mxv', ierror)
  end subroutine weft_mxv

  ! w' = u' (+.*) A (WEFT_INP1 transposes A).
  subroutine weft_vxm(w, semiring, u, A, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u
    type(weft_semiring), intent(in) :: semiring
    type(weft_matrix), intent(in) :: A
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vxm(w%ptr, opt_vector_(mask), opt_op_(accum), semiring%ptr, u%ptr, &
                                A%ptr, opt_desc_(desc)), 'weft_vxm', ierror)
  end subroutine weft_vxm

  subroutine matrix_ewise_add(C, op, A, B, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A, B
    type(weft_binary_op), intent(in) :: op
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_ewise_add(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, &
                                             A%ptr, B%ptr, opt_desc_(desc)), 'weft_ewise_add', &
                                             ierror)
  end subroutine matrix_ewise_add

  subroutine vector_ewise_add(w, op, u, v, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u, v
    type(weft_binary_op), intent(in) :: op
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_ewise_add(w%ptr, opt_vector_(mask), opt_op_(accum), op%ptr, &
                                             u%ptr, v%ptr, opt_desc_(desc)), 'weft_ewise_add', &
                                             ierror)
  end subroutine vector_ewise_add

  subroutine matrix_ewise_mult(C, op, A, B, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A, B
    type(weft_binary_op), intent(in) :: op
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_ewise_mult(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, &
                                              A%ptr, B%ptr, opt_desc_(desc)), 'weft_ewise_mult', &
                                              ierror)
  end subroutine matrix_ewise_mult

  subroutine vector_ewise_mult(w, op, u, v, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u, v
    type(weft_binary_op), intent(in) :: op
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_ewise_mult(w%ptr, opt_vector_(mask), opt_op_(accum), op%ptr, &
                                              u%ptr, v%ptr, opt_desc_(desc)), 'weft_ewise_mult', &
                                              ierror)
  end subroutine vector_ewise_mult

  subroutine matrix_ewise_union(C, op, A, alpha, B, beta, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A, B
    type(weft_binary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: alpha, beta
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_ewise_union(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, &
                                               A%ptr, alpha%ptr, B%ptr, beta%ptr, &
                                               opt_desc_(desc)), 'weft_ewise_union', ierror)
  end subroutine matrix_ewise_union

  subroutine vector_ewise_union(w, op, u, alpha, v, beta, mask, accum, desc, ierror)
    type(weft_vector), intent(in) :: w, u, v
    type(weft_binary_op), intent(in) :: op
    type(weft_scalar), intent(in) :: alpha, beta
    type(weft_vector), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_ewise_union(w%ptr, opt_vector_(mask), opt_op_(accum), op%ptr, &
                                               u%ptr, alpha%ptr, v%ptr, beta%ptr, &
                                               opt_desc_(desc)), 'weft_ewise_union', ierror)
  end subroutine vector_ewise_union

  ! C = kron(A, B): C(i*mB + k, j*nB + l) = A(i,j) op B(k,l) (0-based; mB x nB is B's
  ! shape).
  subroutine weft_kronecker(C, op, A, B, mask, accum, desc, ierror)
    type(weft_matrix), intent(in) :: C, A, B
    type(weft_binary_op), intent(in) :: op
    type(weft_matrix), intent(in), optional :: mask
    type(weft_binary_op), intent(in), optional :: accum
    type(weft_descriptor), intent(in), optional :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_kronecker(C%ptr, opt_matrix_(mask), opt_op_(accum), op%ptr, A%ptr, &
                                      B%ptr, opt_desc_(desc)), 'weft_kronecker', ierror)
  end subroutine weft_kronecker
end module weft_multiply
