! sparse_test_support — what the tests of the semiring binding share: building a matrix or
! vector from 0-based tuples in one call, and checking an object's entries against the
! expected tuples (row-major, 0-based; values compared as REAL(8), exactly).
module sparse_test_support
  use, intrinsic :: iso_fortran_env, only: error_unit, int64
  use weft
  use weft_test_check
  implicit none
  private
  public :: matrix_of, vector_of, check_matrix, check_vector, check_scalar

contains

  ! A new nrows x ncols matrix of domain type (default FP64) with entries (I(k), J(k)) = X(k).
  function matrix_of(nrows, ncols, I, J, X, type) result(A)
    integer, intent(in) :: nrows, ncols, I(:), J(:)
    real(8), intent(in) :: X(:)
    type(weft_type), intent(in), optional :: type
    type(weft_matrix) :: A
    if (present(type)) then
      call weft_matrix_new(type, nrows, ncols, A)
    else
      call weft_matrix_new(WEFT_FP64, nrows, ncols, A)
    end if
    call weft_build(A, I, J, X)
  end function matrix_of

  function vector_of(n, I, X, type) result(v)
    integer, intent(in) :: n, I(:)
    real(8), intent(in) :: X(:)
    type(weft_type), intent(in), optional :: type
    type(weft_vector) :: v
    if (present(type)) then
      call weft_vector_new(type, n, v)
    else
      call weft_vector_new(WEFT_FP64, n, v)
    end if
    call weft_build(v, I, X)
  end function vector_of

  ! A's entries are exactly (I(k), J(k), X(k)), in row-major order.
  subroutine check_matrix(A, I, J, X, what)
    type(weft_matrix), intent(in) :: A
    integer, intent(in) :: I(:), J(:)
    real(8), intent(in) :: X(:)
    character(*), intent(in) :: what
    integer(int64) :: n
    integer(int64), allocatable :: gi(:), gj(:)
    real(8), allocatable :: gx(:)
    integer :: k
    call weft_nvals(A, n)
    allocate(gi(n), gj(n), gx(n))
    call weft_extract_tuples(A, gi, gj, gx, n)
    if (n == size(I)) then
      if (all(gi == I) .and. all(gj == J) .and. all(gx == X)) then
        call check(.true., what)
        return
      end if
    end if
    call check(.false., what)
    write(error_unit, '(a)') '  got (i, j, x):'
    do k = 1, int(n)
      write(error_unit, '(4x, i0, 1x, i0, 1x, g0)') gi(k), gj(k), gx(k)
    end do
    write(error_unit, '(a)') '  expected:'
    do k = 1, size(I)
      write(error_unit, '(4x, i0, 1x, i0, 1x, g0)') I(k), J(k), X(k)
    end do
  end subroutine check_matrix

  subroutine check_vector(v, I, X, what)
    type(weft_vector), intent(in) :: v
    integer, intent(in) :: I(:)
    real(8), intent(in) :: X(:)
    character(*), intent(in) :: what
    integer(int64) :: n
    integer(int64), allocatable :: gi(:)
    real(8), allocatable :: gx(:)
    integer :: k
    call weft_nvals(v, n)
    allocate(gi(n), gx(n))
    call weft_extract_tuples(v, gi, gx, n)
    if (n == size(I)) then
      if (all(gi == I) .and. all(gx == X)) then
        call check(.true., what)
        return
      end if
    end if
    call check(.false., what)
    write(error_unit, '(a)') '  got (i, x):'
    do k = 1, int(n)
      write(error_unit, '(4x, i0, 1x, g0)') gi(k), gx(k)
    end do
    write(error_unit, '(a)') '  expected:'
    do k = 1, size(I)
      write(error_unit, '(4x, i0, 1x, g0)') I(k), X(k)
    end do
  end subroutine check_vector

  ! s holds x (or, with x absent, is empty).
  subroutine check_scalar(s, what, x)
    type(weft_scalar), intent(in) :: s
    character(*), intent(in) :: what
    real(8), intent(in), optional :: x
    integer :: n
    real(8) :: got
    call weft_nvals(s, n)
    if (.not. present(x)) then
      call check_i(n, 0, what // ' (empty)')
      return
    end if
    got = -huge(0d0)
    call weft_extract_element(s, got)
    call check(n == 1 .and. got == x, what)
    if (got /= x) write(error_unit, '(2(a, g0))') '  got ', got, ', expected ', x
  end subroutine check_scalar
end module sparse_test_support
