! weft_elements — values in and out of scalars, vectors and matrices from Fortran
! variables and arrays: weft_set_element, weft_extract_element, weft_remove_element,
! weft_build, weft_extract_tuples, and weft_build_dense (from a dense 1-D or 2-D array
! with a presence rule). One generic per operation for the three kinds of object.
!
!   call weft_matrix_new(WEFT_FP64, 3, 3, A)
!   call weft_build(A, [0, 1, 2], [1, 2, 0], [1.5d0, 2d0, -1d0])        ! 0-based
!   call weft_build(B, [1, 2, 3], [2, 3, 1], [1.5d0, 2d0, -1d0], base=1) ! the same, 1-based
!   call weft_extract_element(A, 1, 2, x)                                  ! x = 2
!   call weft_build_dense(D, dense, zero=0d0)        ! an entry where dense(i,j) /= 0
!
! Values (x, X, zero) are any intrinsic variable, array or expression: INTEGER(1/2/4/8),
! REAL(4/8), COMPLEX(4/8) and LOGICAL of any kind are WEFT_INT8..WEFT_INT64, WEFT_FP32,
! WEFT_FP64, WEFT_FC32, WEFT_FC64 and WEFT_BOOL, cast by C's rules to and from the
! object's domain. Anything else (a derived type, an array of bytes, integers meant as
! unsigned) needs xtype, the weft type of one element: the buffer is then read or
! written as size-in-bytes / extent(xtype) elements of xtype. Arrays of values must be
! contiguous (else WEFT_INVALID_VALUE) and hold the elements the call uses (else
! WEFT_DIMENSION_MISMATCH). A TYPE(C_PTR) is not a value (WEFT_INVALID_VALUE): for
! memory from C, c_f_pointer it to a Fortran array of its elements' type and pass that.
!
! Indices are 0-based as in C, or 1-based with base=1 (every index argument and result of
! the call; never the values). Pass the optional arguments by keyword (ierror=st too:
! in weft_remove_element(A, i, j, st) st would be taken for base). ierror as everywhere
! in module weft; without it a failure stops the program,
! but WEFT_NO_VALUE (extract_element of a missing entry, > 0: not an error) does not:
! ask for ierror when an entry may be missing.
module weft_elements
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated, c_loc, c_int, &
                                         c_int64_t, c_bool
  use weft_constants, only: WEFT_SUCCESS, WEFT_DIMENSION_MISMATCH, WEFT_OUTPUT_NOT_EMPTY, &
                            WEFT_INVALID_VALUE, WEFT_FORMAT_CSC
  use weft_handles
  use weft_operators
  use weft_sparse_handles, only: weft_scalar, weft_vector, weft_matrix
  use weft_sparse_c_api
  use weft_c_api, only: c_weft_type_signature
  use weft_sparse_args
  use weft_errors, only: weft_check_, weft_fail_, weft_int_text_
  implicit none
  private
  public :: weft_set_element, weft_extract_element, weft_remove_element, weft_build, &
            weft_extract_tuples, weft_build_dense

  ! weft_set_element(s, x) / (v, i, x) / (A, i, j, x) [, xtype, base, ierror]: the entry
  ! becomes x (cast to the domain). An index outside the object: WEFT_INVALID_INDEX.
  interface weft_set_element
    module procedure scalar_set_element, vector_set_element, matrix_set_element
  end interface
  ! weft_extract_element(s, x) / (v, i, x) / (A, i, j, x) [, xtype, base, ierror]: x =
  ! the entry cast to x's type; WEFT_NO_VALUE (x untouched) when there is none.
  interface weft_extract_element
    module procedure scalar_extract_element, vector_extract_element, matrix_extract_element
  end interface
  ! weft_remove_element(v, i) / (A, i, j) [, base, ierror]: deletes the entry if present.
  interface weft_remove_element
    module procedure vector_remove_element, matrix_remove_element
  end interface
  ! weft_build(v, I, X) / (A, I, J, X) [, dup, xtype, base, ierror]: fills an empty
  ! object (else WEFT_OUTPUT_NOT_EMPTY) with v(I(k)) = X(k) or A(I(k), J(k)) = X(k), k =
  ! 1..size(I) (size(J) must be size(I)). Duplicates are combined with dup (without dup
  ! a duplicate is WEFT_INVALID_VALUE); an index outside: WEFT_INDEX_OUT_OF_BOUNDS. On any
  ! error the object stays empty.
  interface weft_build
    module procedure vector_build, matrix_build
  end interface
  ! weft_extract_tuples(v, I, X, n) / (A, I, J, X, n) [, xtype, base, ierror]: the
  ! entries in increasing (row-major) order in I(1:n), J(1:n), X(1:n). The room is the
  ! smallest of size(I), size(J) and the elements X holds; less than nvals gives
  ! WEFT_INSUFFICIENT_SPACE with nothing written.
  interface weft_extract_tuples
    module procedure vector_extract_tuples, matrix_extract_tuples
  end interface
  ! weft_build_dense(v, X) / (A, X) [, pattern, zero, xtype, ierror]: fills an empty
  ! object (else WEFT_OUTPUT_NOT_EMPTY) from a dense array of its shape (X(1:n) for v,
  ! X(1:nrows, 1:ncols) for A; else WEFT_DIMENSION_MISMATCH): an entry X(i) / X(i,j)
  ! everywhere, or only where pattern (a LOGICAL array of X's shape) is .true., and, with
  ! zero (a value of X's type), only where X /= zero (compared in X's type; NaN /= NaN,
  ! -0 == 0). zero needs a predefined type for X (else WEFT_INVALID_VALUE). Cost
  ! O(size(X)) time and a temporary of size(X) entries.
  interface weft_build_dense
    module procedure vector_build_dense, matrix_build_dense
  end interface

contains

  ! ---- weft_set_element ---------------------------------------------------------------

  subroutine scalar_set_element(s, x, xtype, ierror)
    type(weft_scalar), intent(in) :: s
    type(*), dimension(..), intent(in) :: x
    type(weft_type), intent(in), optional :: xtype
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_set_element'
    type(values_), target :: xv
    if (.not. values_in_(x, xtype, 1_c_int64_t, 'x', r, xv, ierror)) return
    call weft_check_(c_weft_scalar_set_element(s%ptr, xv%address, xv%type), r, ierror)
  end subroutine scalar_set_element

  subroutine vector_set_element(v, i, x, xtype, base, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(in) :: i
    type(*), dimension(..), intent(in) :: x
    type(weft_type), intent(in), optional :: xtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_set_element'
    type(values_), target :: xv
    integer(c_int64_t) :: b, ii
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(i, b, 'i', r, ii, ierror)) return
    if (.not. values_in_(x, xtype, 1_c_int64_t, 'x', r, xv, ierror)) return
    call weft_check_(c_weft_vector_set_element(v%ptr, ii, xv%address, xv%type), r, ierror)
  end subroutine vector_set_element

  subroutine matrix_set_element(A, i, j, x, xtype, base, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: i, j
    type(*), dimension(..), intent(in) :: x
    type(weft_type), intent(in), optional :: xtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_set_element'
    type(values_), target :: xv
    integer(c_int64_t) :: b, ii, jj
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(i, b, 'i', r, ii, ierror)) return
    if (.not. index_in_(j, b, 'j', r, jj, ierror)) return
    if (.not. values_in_(x, xtype, 1_c_int64_t, 'x', r, xv, ierror)) return
    call weft_check_(c_weft_matrix_set_element(A%ptr, ii, jj, xv%address, xv%type), r, ierror)
  end subroutine matrix_set_element

  ! ---- weft_extract_element -----------------------------------------------------------

  ! The caller's x gets the value only on success (WEFT_NO_VALUE leaves it alone).
  subroutine element_out(st, xv, routine, ierror)
    integer(c_int), intent(in) :: st
    type(values_), intent(in) :: xv
    character(*), intent(in) :: routine
    integer, intent(out), optional :: ierror
    if (st == WEFT_SUCCESS) call values_done_(xv, 1_c_int64_t)
    call weft_check_(st, routine, ierror)
  end subroutine element_out

  subroutine scalar_extract_element(s, x, xtype, ierror)
    type(weft_scalar), intent(in) :: s
    type(*), dimension(..), intent(inout) :: x
    type(weft_type), intent(in), optional :: xtype
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_extract_element'
    type(values_), target :: xv
    if (.not. values_out_(x, xtype, 1_c_int64_t, 'x', r, xv, ierror)) return
    call element_out(c_weft_scalar_extract_element(s%ptr, xv%type, xv%address), xv, r, ierror)
  end subroutine scalar_extract_element

  subroutine vector_extract_element(v, i, x, xtype, base, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(in) :: i
    type(*), dimension(..), intent(inout) :: x
    type(weft_type), intent(in), optional :: xtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_extract_element'
    type(values_), target :: xv
    integer(c_int64_t) :: b, ii
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(i, b, 'i', r, ii, ierror)) return
    if (.not. values_out_(x, xtype, 1_c_int64_t, 'x', r, xv, ierror)) return
    call element_out(c_weft_vector_extract_element(v%ptr, ii, xv%type, xv%address), xv, r, &
                     ierror)
  end subroutine vector_extract_element

  subroutine matrix_extract_element(A, i, j, x, xtype, base, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: i, j
    type(*), dimension(..), intent(inout) :: x
    type(weft_type), intent(in), optional :: xtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_extract_element'
    type(values_), target :: xv
    integer(c_int64_t) :: b, ii, jj
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(i, b, 'i', r, ii, ierror)) return
    if (.not. index_in_(j, b, 'j', r, jj, ierror)) return
    if (.not. values_out_(x, xtype, 1_c_int64_t, 'x', r, xv, ierror)) return
    call element_out(c_weft_matrix_extract_element(A%ptr, ii, jj, xv%type, xv%address), xv, &
                     r, ierror)
  end subroutine matrix_extract_element

  ! ---- weft_remove_element ------------------------------------------------------------

  subroutine vector_remove_element(v, i, base, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(in) :: i
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_remove_element'
    integer(c_int64_t) :: b, ii
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(i, b, 'i', r, ii, ierror)) return
    call weft_check_(c_weft_vector_remove_element(v%ptr, ii), r, ierror)
  end subroutine vector_remove_element

  subroutine matrix_remove_element(A, i, j, base, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: i, j
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_remove_element'
    integer(c_int64_t) :: b, ii, jj
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(i, b, 'i', r, ii, ierror)) return
    if (.not. index_in_(j, b, 'j', r, jj, ierror)) return
    call weft_check_(c_weft_matrix_remove_element(A%ptr, ii, jj), r, ierror)
  end subroutine matrix_remove_element

  ! ---- weft_build ---------------------------------------------------------------------

  subroutine vector_build(v, I, X, dup, xtype, base, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(in) :: I(:)
    type(*), dimension(..), intent(in) :: X
    type(weft_binary_op), intent(in), optional :: dup
    type(weft_type), intent(in), optional :: xtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_build'
    type(values_), target :: xv
    integer(c_int64_t), allocatable :: ic(:)
    integer(c_int64_t) :: b, n
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. indices_in_(I, b, 'I', r, ic, ierror)) return
    n = size(ic, kind=c_int64_t)
    if (.not. values_in_(X, xtype, n, 'X', r, xv, ierror)) return
    call weft_check_(c_weft_vector_build(v%ptr, ic, xv%address, xv%type, n, opt_op_(dup)), r, &
                     ierror)
  end subroutine vector_build

  subroutine matrix_build(A, I, J, X, dup, xtype, base, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: I(:), J(:)
    type(*), dimension(..), intent(in) :: X
    type(weft_binary_op), intent(in), optional :: dup
    type(weft_type), intent(in), optional :: xtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_build'
    type(values_), target :: xv
    integer(c_int64_t), allocatable :: ic(:), jc(:)
    integer(c_int64_t) :: b, n
    if (.not. base_in_(base, r, b, ierror)) return
    if (size(J) /= size(I)) then
      call weft_fail_(WEFT_DIMENSION_MISMATCH, r, 'size(J) ' // &
        weft_int_text_(int(size(J), c_int64_t)) // ' /= size(I) ' // &
        weft_int_text_(int(size(I), c_int64_t)), ierror)
      return
    end if
    if (.not. indices_in_(I, b, 'I', r, ic, ierror)) return
    if (.not. indices_in_(J, b, 'J', r, jc, ierror)) return
    n = size(ic, kind=c_int64_t)
    if (.not. values_in_(X, xtype, n, 'X', r, xv, ierror)) return
    call weft_check_(c_weft_matrix_build(A%ptr, ic, jc, xv%address, xv%type, n, opt_op_(dup)), &
                     r, ierror)
  end subroutine matrix_build

  ! ---- weft_extract_tuples ------------------------------------------------------------

  ! The room: the smallest of the arrays (X's element count may be unknown: -1).
  integer(c_int64_t) function room(nidx, nx)
    integer(c_int64_t), intent(in) :: nidx, nx
    room = nidx
    if (nx >= 0) room = min(room, nx)
  end function room

  subroutine vector_extract_tuples(v, I, X, n, xtype, base, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(inout) :: I(:)
    type(*), dimension(..), intent(inout) :: X
    class(*), intent(inout) :: n
    type(weft_type), intent(in), optional :: xtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_extract_tuples'
    type(values_), target :: xv
    integer(c_int64_t), allocatable :: ic(:)
    integer(c_int64_t) :: b, cap, nn, size_v
    integer(c_int) :: st
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. vector_size_(v, r, size_v, ierror)) return
    if (.not. indices_ok_(I, size_v - 1 + b, 'I', r, ierror)) return
    if (.not. out_ok_(n, 0_c_int64_t, 'n', r, ierror)) return
    if (.not. values_out_(X, xtype, -1_c_int64_t, 'X', r, xv, ierror)) return
    cap = room(size(I, kind=c_int64_t), xv%n)
    allocate(ic(max(cap, 1_c_int64_t)))
    nn = 0
    st = c_weft_vector_extract_tuples(v%ptr, cap, ic, xv%address, xv%type, nn)
    if (st == WEFT_SUCCESS) then
      call set_indices_(I, ic(1:nn), b)
      call values_done_(xv, nn)
      call set_int_(n, nn)
    end if
    call weft_check_(st, r, ierror)
  end subroutine vector_extract_tuples

  subroutine matrix_extract_tuples(A, I, J, X, n, xtype, base, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(inout) :: I(:), J(:)
    type(*), dimension(..), intent(inout) :: X
    class(*), intent(inout) :: n
    type(weft_type), intent(in), optional :: xtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_extract_tuples'
    type(values_), target :: xv
    integer(c_int64_t), allocatable :: ic(:), jc(:)
    integer(c_int64_t) :: b, cap, nn, nrows, ncols
    integer(c_int) :: st
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. matrix_dims_(A, r, nrows, ncols, ierror)) return
    if (.not. indices_ok_(I, nrows - 1 + b, 'I', r, ierror)) return
    if (.not. indices_ok_(J, ncols - 1 + b, 'J', r, ierror)) return
    if (.not. out_ok_(n, 0_c_int64_t, 'n', r, ierror)) return
    if (.not. values_out_(X, xtype, -1_c_int64_t, 'X', r, xv, ierror)) return
    cap = room(min(size(I, kind=c_int64_t), size(J, kind=c_int64_t)), xv%n)
    allocate(ic(max(cap, 1_c_int64_t)), jc(max(cap, 1_c_int64_t)))
    nn = 0
    st = c_weft_matrix_extract_tuples(A%ptr, cap, ic, jc, xv%address, xv%type, nn)
    if (st == WEFT_SUCCESS) then
      call set_indices_(I, ic(1:nn), b)
      call set_indices_(J, jc(1:nn), b)
      call values_done_(xv, nn)
      call set_int_(n, nn)
    end if
    call weft_check_(st, r, ierror)
  end subroutine matrix_extract_tuples

  ! ---- weft_build_dense ---------------------------------------------------------------
  ! The dense array becomes a full temporary object T of X's type (a vector built on
  ! 0..n-1, or a matrix imported as CSC: X is column-major); the presence rule then
  ! moves T's entries into the caller's object with the engine's own operations: the
  ! pattern as a BOOL mask, zero as select(VALUENE_<X's type>, zero). So the comparison
  ! with zero follows the engine's rules and derived types need no special code.

  ! Whether the object is empty (else reported as WEFT_OUTPUT_NOT_EMPTY).
  logical function empty_output(st, nvals, routine, ierror) result(ok)
    integer(c_int), intent(in) :: st
    integer(c_int64_t), intent(in) :: nvals
    character(*), intent(in) :: routine
    integer, intent(out), optional :: ierror
    ok = st == WEFT_SUCCESS .and. nvals == 0
    if (st /= WEFT_SUCCESS) then
      call weft_check_(st, routine, ierror)
    else if (.not. ok) then
      call weft_fail_(WEFT_OUTPUT_NOT_EMPTY, routine, 'the output has ' // &
                      weft_int_text_(nvals) // ' entries', ierror)
    end if
  end function empty_output

  ! VALUENE_<T> for the predefined domain t (by signature: WEFT_INTEGER counts as INT32),
  ! or the null handle.
  type(weft_index_unary_op) function value_ne(t) result(op)
    type(c_ptr), intent(in) :: t
    type(weft_type) :: doms(11)
    type(weft_index_unary_op) :: ops(11)
    integer(c_int64_t) :: sig, s
    integer :: k
    doms = [WEFT_BOOL, WEFT_INT8, WEFT_INT16, WEFT_INT32, WEFT_INT64, WEFT_UINT8, WEFT_UINT16, &
            WEFT_UINT32, WEFT_UINT64, WEFT_FP32, WEFT_FP64]
    ops = [WEFT_VALUENE_BOOL, WEFT_VALUENE_INT8, WEFT_VALUENE_INT16, WEFT_VALUENE_INT32, &
           WEFT_VALUENE_INT64, WEFT_VALUENE_UINT8, WEFT_VALUENE_UINT16, WEFT_VALUENE_UINT32, &
           WEFT_VALUENE_UINT64, WEFT_VALUENE_FP32, WEFT_VALUENE_FP64]
    op = WEFT_INDEX_UNARY_OP_NULL
    sig = 0
    if (c_weft_type_signature(t, sig) /= WEFT_SUCCESS) return
    do k = 1, size(doms)
      s = -1
      if (c_weft_type_signature(doms(k)%ptr, s) == WEFT_SUCCESS .and. s == sig) op = ops(k)
    end do
  end function value_ne

  ! The scalar zero of domain t and its VALUENE operator (for select); reported failure
  ! when t has no VALUENE operator or zero cannot be read.
  logical function zero_rule(zero, t, xtype, routine, zs, op, ierror) result(ok)
    type(*), dimension(..), intent(in) :: zero
    type(c_ptr), intent(in) :: t
    type(weft_type), intent(in), optional :: xtype
    character(*), intent(in) :: routine
    type(c_ptr), intent(inout) :: zs
    type(weft_index_unary_op), intent(out) :: op
    integer, intent(out), optional :: ierror
    type(values_), target :: zv
    integer(c_int) :: st, freed
    ok = .false.
    op = value_ne(t)
    if (.not. c_associated(op%ptr)) then
      call weft_fail_(WEFT_INVALID_VALUE, routine, 'zero needs X of a predefined ' // &
                      'type other than complex', ierror)
      return
    end if
    if (.not. values_in_(zero, xtype, 1_c_int64_t, 'zero', routine, zv, ierror)) return
    st = c_weft_scalar_new(t, zs)
    if (st == WEFT_SUCCESS) st = c_weft_scalar_set_element(zs, zv%address, zv%type)
    ok = st == WEFT_SUCCESS
    if (ok) return
    if (c_associated(zs)) freed = c_weft_scalar_free(zs)
    call weft_check_(st, routine, ierror)
  end function zero_rule

  subroutine vector_build_dense(v, X, pattern, zero, xtype, ierror)
    type(weft_vector), intent(in) :: v
    type(*), dimension(..), intent(in) :: X
    logical, intent(in), optional :: pattern(:)
    type(*), dimension(..), intent(in), optional :: zero
    type(weft_type), intent(in), optional :: xtype
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_build_dense'
    type(values_), target :: xv
    type(weft_index_unary_op) :: ne
    type(c_ptr) :: t, m, zs
    integer(c_int64_t) :: n, nvals, k
    integer(c_int64_t), allocatable :: idx(:)
    logical(c_bool), allocatable, target :: keep(:)
    integer(c_int) :: st, freed
    if (.not. vector_size_(v, r, n, ierror)) return
    nvals = 0
    if (.not. empty_output(c_weft_vector_nvals(v%ptr, nvals), nvals, r, ierror)) return
    if (rank(X) /= 1 .or. size(X, kind=c_int64_t) /= n) then
      call weft_fail_(WEFT_DIMENSION_MISMATCH, r, 'X must have rank 1 and the size of v, ' // &
                      weft_int_text_(n), ierror)
      return
    end if
    if (present(pattern)) then
      if (size(pattern, kind=c_int64_t) /= n) then
        call weft_fail_(WEFT_DIMENSION_MISMATCH, r, 'pattern must have the shape of X', ierror)
        return
      end if
    end if
    if (.not. values_in_(X, xtype, n, 'X', r, xv, ierror)) return
    t = c_null_ptr
    m = c_null_ptr
    zs = c_null_ptr
    if (present(zero)) then
      if (.not. zero_rule(zero, xv%type, xtype, r, zs, ne, ierror)) return
    end if
    allocate(idx(n))
    do k = 1, n
      idx(k) = k - 1
    end do
    st = c_weft_vector_new(xv%type, n, t)
    if (st == WEFT_SUCCESS) st = c_weft_vector_build(t, idx, xv%address, xv%type, n, c_null_ptr)
    if (st == WEFT_SUCCESS .and. present(pattern)) then
      keep = logical(pattern, c_bool)
      st = c_weft_vector_new(WEFT_BOOL%ptr, n, m)
      if (st == WEFT_SUCCESS) st = c_weft_vector_build(m, idx, c_loc(keep), WEFT_BOOL%ptr, n, &
                                                       c_null_ptr)
    end if
    if (st == WEFT_SUCCESS .and. present(zero)) then
      st = c_weft_vector_select(v%ptr, m, c_null_ptr, ne%ptr, t, zs, c_null_ptr)
    else if (st == WEFT_SUCCESS) then
      st = c_weft_vector_assign(v%ptr, m, c_null_ptr, t, c_weft_all, n, c_null_ptr)
    end if
    if (c_associated(t)) freed = c_weft_vector_free(t)
    if (c_associated(m)) freed = c_weft_vector_free(m)
    if (c_associated(zs)) freed = c_weft_scalar_free(zs)
    call weft_check_(st, r, ierror)
  end subroutine vector_build_dense

  subroutine matrix_build_dense(A, X, pattern, zero, xtype, ierror)
    type(weft_matrix), intent(in) :: A
    type(*), dimension(..), intent(in) :: X
    logical, intent(in), optional :: pattern(:, :)
    type(*), dimension(..), intent(in), optional :: zero
    type(weft_type), intent(in), optional :: xtype
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_build_dense'
    type(values_), target :: xv
    type(weft_index_unary_op) :: ne
    type(c_ptr) :: t, m, zs
    integer(c_int64_t) :: nrows, ncols, nvals, k
    integer(c_int64_t), allocatable :: ptr(:), idx(:)
    logical(c_bool), allocatable, target :: keep(:, :)
    integer(c_int) :: st, freed
    if (.not. matrix_dims_(A, r, nrows, ncols, ierror)) return
    nvals = 0
    if (.not. empty_output(c_weft_matrix_nvals(A%ptr, nvals), nvals, r, ierror)) return
    if (rank(X) /= 2) then
      call weft_fail_(WEFT_DIMENSION_MISMATCH, r, 'X must have rank 2', ierror)
      return
    end if
    if (size(X, 1, kind=c_int64_t) /= nrows .or. size(X, 2, kind=c_int64_t) /= ncols) then
      call weft_fail_(WEFT_DIMENSION_MISMATCH, r, 'X is ' // &
        weft_int_text_(size(X, 1, kind=c_int64_t)) // ' x ' // &
        weft_int_text_(size(X, 2, kind=c_int64_t)) // ', A is ' // weft_int_text_(nrows) // &
        ' x ' // weft_int_text_(ncols), ierror)
      return
    end if
    if (present(pattern)) then
      if (any(shape(pattern, kind=c_int64_t) /= [nrows, ncols])) then
        call weft_fail_(WEFT_DIMENSION_MISMATCH, r, 'pattern must have the shape of X', ierror)
        return
      end if
    end if
    if (.not. values_in_(X, xtype, nrows * ncols, 'X', r, xv, ierror)) return
    t = c_null_ptr
    m = c_null_ptr
    zs = c_null_ptr
    if (present(zero)) then
      if (.not. zero_rule(zero, xv%type, xtype, r, zs, ne, ierror)) return
    end if
    ! Every position, column by column (CSC): column j holds rows 0..nrows-1.
    allocate(ptr(ncols + 1), idx(nrows * ncols))
    do k = 0, ncols
      ptr(k + 1) = k * nrows
    end do
    do k = 0, nrows * ncols - 1
      idx(k + 1) = mod(k, nrows)
    end do
    st = c_weft_matrix_import(xv%type, nrows, ncols, WEFT_FORMAT_CSC, ptr, idx, xv%address, &
                              xv%type, nrows * ncols, t)
    if (st == WEFT_SUCCESS .and. present(pattern)) then
      keep = logical(pattern, c_bool)
      st = c_weft_matrix_import(WEFT_BOOL%ptr, nrows, ncols, WEFT_FORMAT_CSC, ptr, idx, &
                                c_loc(keep), WEFT_BOOL%ptr, nrows * ncols, m)
    end if
    if (st == WEFT_SUCCESS .and. present(zero)) then
      st = c_weft_matrix_select(A%ptr, m, c_null_ptr, ne%ptr, t, zs, c_null_ptr)
    else if (st == WEFT_SUCCESS) then
      st = c_weft_matrix_assign(A%ptr, m, c_null_ptr, t, c_weft_all, nrows, c_weft_all, ncols, &
                                c_null_ptr)
    end if
    if (c_associated(t)) freed = c_weft_matrix_free(t)
    if (c_associated(m)) freed = c_weft_matrix_free(m)
    if (c_associated(zs)) freed = c_weft_scalar_free(zs)
    call weft_check_(st, r, ierror)
  end subroutine matrix_build_dense
end module weft_elements
