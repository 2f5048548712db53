! weft_sparse_args — how the semiring binding turns Fortran arguments into the C arguments
! of weft/sparse.h, in one place, so that every routine follows the same rules:
!   - optional handles (mask, accum, desc, dup, a domain): the handle, or NULL when
!     absent;
!   - integers (indices, sizes, counts) are class(*): INTEGER of kind 1, 2, 4 or 8, so
!     default INTEGER and INTEGER(WEFT_COUNT_KIND) may be mixed in one call; anything
!     else is WEFT_INVALID_VALUE. Results that do not fit the caller's kind give
!     WEFT_OVERFLOW with nothing written;
!   - index lists and single indices are 0-based (C's convention) unless base = 1;
!     an absent list of extract/assign is WEFT_ALL, counted by the dimension it indexes;
!   - value buffers are type(*), dimension(..): their weft type comes from the Fortran
!     type and kind (weft_fortran_value_info) or from an explicit xtype; a LOGICAL whose
!     kind is not C_BOOL goes through a C_BOOL copy (weft's BOOL is one byte); a
!     TYPE(C_PTR) is refused (see describe).
! Why run time and not one specific per kind: the value axis (10 kinds and derived types)
! times the index axis (2 kinds) times the routines would be hundreds of specifics; the
! descriptor already says what the value is, as weft_type_from_section uses it.
! Not part of the public interface: every name ends in an underscore.
module weft_sparse_args
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated, c_loc, c_f_pointer, &
                                         c_int, c_int64_t, c_intptr_t, c_bool
  use, intrinsic :: iso_fortran_env, only: int8, int16, int32, int64
  use weft_constants, only: WEFT_SUCCESS, WEFT_INVALID_VALUE, WEFT_DIMENSION_MISMATCH, &
                            WEFT_OVERFLOW
  use weft_handles, only: weft_type
  use weft_operators, only: weft_binary_op
  use weft_sparse_handles, only: weft_matrix, weft_vector, weft_descriptor
  use weft_c_api, only: c_weft_fortran_value_info, weft_fortran_value, c_weft_type_extent
  use weft_sparse_c_api, only: c_weft_all, c_weft_matrix_nrows, c_weft_matrix_ncols, &
                               c_weft_vector_size
  use weft_errors, only: weft_check_, weft_fail_, weft_int_text_
  implicit none
  private
  public :: opt_matrix_, opt_vector_, opt_op_, opt_desc_, opt_type_
  public :: int_in_, out_ok_, set_int_, base_in_, index_in_, indices_in_, indices_ok_, &
            set_indices_, list_in_, matrix_dims_, vector_size_
  public :: list_arg_, values_, values_in_, values_out_, values_done_

  ! An index list of extract/assign as C takes it: an address (the converted list, or
  ! WEFT_ALL) and a count.
  type :: list_arg_
    integer(c_int64_t), allocatable :: v(:)
    type(c_ptr) :: p = c_null_ptr
    integer(c_int64_t) :: n = 0
  end type list_arg_

  ! A value buffer as C takes it: the address and weft type of its elements and how many
  ! elements of that type it holds (-1: unknown, an assumed-size array). For a LOGICAL
  ! that is not C_BOOL, address is tmp's and user the caller's array.
  type :: values_
    type(c_ptr) :: address = c_null_ptr
    type(c_ptr) :: type = c_null_ptr
    integer(c_int64_t) :: n = -1
    integer :: logical_len = 0
    type(c_ptr) :: user = c_null_ptr
    logical(c_bool), allocatable :: tmp(:)
  end type values_

contains

  ! An optional handle's C pointer, NULL when absent (one name per handle type: a generic
  ! cannot tell absent arguments apart).
  type(c_ptr) function opt_matrix_(x) result(p)
    type(weft_matrix), intent(in), optional :: x
    p = c_null_ptr
    if (present(x)) p = x%ptr
  end function opt_matrix_
  type(c_ptr) function opt_vector_(x) result(p)
    type(weft_vector), intent(in), optional :: x
    p = c_null_ptr
    if (present(x)) p = x%ptr
  end function opt_vector_
  type(c_ptr) function opt_op_(x) result(p)
    type(weft_binary_op), intent(in), optional :: x
    p = c_null_ptr
    if (present(x)) p = x%ptr
  end function opt_op_
  type(c_ptr) function opt_desc_(x) result(p)
    type(weft_descriptor), intent(in), optional :: x
    p = c_null_ptr
    if (present(x)) p = x%ptr
  end function opt_desc_
  type(c_ptr) function opt_type_(x) result(p)
    type(weft_type), intent(in), optional :: x
    p = c_null_ptr
    if (present(x)) p = x%ptr
  end function opt_type_

  ! ---- integers ------------------------------------------------------------------------

  ! An integer argument as int64_t; .false. (reported) when x is not an INTEGER.
  logical function int_in_(x, name, routine, v, ierror) result(ok)
    class(*), intent(in) :: x
    character(*), intent(in) :: name, routine
    integer(c_int64_t), intent(out) :: v
    integer, intent(out), optional :: ierror
    ok = .true.
    v = 0
    select type (x)
    type is (integer(int8))
      v = x
    type is (integer(int16))
      v = x
    type is (integer(int32))
      v = x
    type is (integer(int64))
      v = x
    class default
      ok = .false.
      call weft_fail_(WEFT_INVALID_VALUE, routine, name // ' is not an INTEGER', ierror)
    end select
  end function int_in_

  ! Whether v fits x's integer kind (.false. for a non-integer x).
  elemental logical function fits(x, v)
    class(*), intent(in) :: x
    integer(c_int64_t), intent(in) :: v
    fits = .false.
    select type (x)
    type is (integer(int8))
      fits = v >= -int(huge(x), c_int64_t) - 1 .and. v <= huge(x)
    type is (integer(int16))
      fits = v >= -int(huge(x), c_int64_t) - 1 .and. v <= huge(x)
    type is (integer(int32))
      fits = v >= -int(huge(x), c_int64_t) - 1 .and. v <= huge(x)
    type is (integer(int64))
      fits = .true.
    end select
  end function fits

  ! Whether the integer output x can receive v; reported (WEFT_INVALID_VALUE for a
  ! non-integer, WEFT_OVERFLOW) when not. Called before anything is written.
  logical function out_ok_(x, v, name, routine, ierror) result(ok)
    class(*), intent(in) :: x
    integer(c_int64_t), intent(in) :: v
    character(*), intent(in) :: name, routine
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: dummy
    ok = .false.
    select type (x)
    type is (integer(int8))
    type is (integer(int16))
    type is (integer(int32))
    type is (integer(int64))
    class default
      ok = int_in_(x, name, routine, dummy, ierror)   ! reports "not an INTEGER"
      return
    end select
    ok = fits(x, v)
    if (.not. ok) call weft_fail_(WEFT_OVERFLOW, routine, name // ' = ' // weft_int_text_(v) // &
                                  ' does not fit the kind of the output argument', ierror)
  end function out_ok_

  ! x = v (after out_ok_).
  subroutine set_int_(x, v)
    class(*), intent(inout) :: x
    integer(c_int64_t), intent(in) :: v
    select type (x)
    type is (integer(int8))
      x = int(v, int8)
    type is (integer(int16))
      x = int(v, int16)
    type is (integer(int32))
      x = int(v, int32)
    type is (integer(int64))
      x = v
    end select
  end subroutine set_int_

  ! ---- indices -------------------------------------------------------------------------

  ! The optional base argument: 0 (C's convention, the default) or 1.
  logical function base_in_(base, routine, b, ierror) result(ok)
    integer, intent(in), optional :: base
    character(*), intent(in) :: routine
    integer(c_int64_t), intent(out) :: b
    integer, intent(out), optional :: ierror
    ok = .true.
    b = 0
    if (.not. present(base)) return
    ok = base == 0 .or. base == 1
    if (ok) then
      b = base
    else
      call weft_fail_(WEFT_INVALID_VALUE, routine, 'base = ' // &
                      weft_int_text_(int(base, c_int64_t)) // ' is neither 0 nor 1', ierror)
    end if
  end function base_in_

  ! One index, 0-based for C.
  logical function index_in_(x, base, name, routine, v, ierror) result(ok)
    class(*), intent(in) :: x
    integer(c_int64_t), intent(in) :: base
    character(*), intent(in) :: name, routine
    integer(c_int64_t), intent(out) :: v
    integer, intent(out), optional :: ierror
    ok = int_in_(x, name, routine, v, ierror)
    if (ok) v = v - base
  end function index_in_

  ! An index array, 0-based for C, in a new int64_t array.
  logical function indices_in_(x, base, name, routine, v, ierror) result(ok)
    class(*), intent(in) :: x(:)
    integer(c_int64_t), intent(in) :: base
    character(*), intent(in) :: name, routine
    integer(c_int64_t), allocatable, intent(inout) :: v(:)
    integer, intent(out), optional :: ierror
    ok = .true.
    select type (x)
    type is (integer(int8))
      v = int(x, c_int64_t) - base
    type is (integer(int16))
      v = int(x, c_int64_t) - base
    type is (integer(int32))
      v = int(x, c_int64_t) - base
    type is (integer(int64))
      v = x - base
    class default
      ok = .false.
      call weft_fail_(WEFT_INVALID_VALUE, routine, name // ' is not an INTEGER array', ierror)
    end select
  end function indices_in_

  ! Whether the index output array x is an INTEGER array whose kind holds every value up
  ! to vmax; reported when not. Checked before the C call, so that a failure writes
  ! nothing.
  logical function indices_ok_(x, vmax, name, routine, ierror) result(ok)
    class(*), intent(in) :: x(:)
    integer(c_int64_t), intent(in) :: vmax
    character(*), intent(in) :: name, routine
    integer, intent(out), optional :: ierror
    integer(c_int64_t), allocatable :: conv(:)
    ok = indices_in_(x(1:0), 0_c_int64_t, name, routine, conv, ierror)   ! the kind check
    if (.not. ok) return
    select type (x)
    type is (integer(int8))
      ok = vmax <= huge(x)
    type is (integer(int16))
      ok = vmax <= huge(x)
    type is (integer(int32))
      ok = vmax <= huge(x)
    end select
    if (.not. ok) call weft_fail_(WEFT_OVERFLOW, routine, name // ': values up to ' // &
      weft_int_text_(vmax) // ' do not fit its kind', ierror)
  end function indices_ok_

  ! x(1:size(v)) = v + base (after indices_ok_).
  subroutine set_indices_(x, v, base)
    class(*), intent(inout) :: x(:)
    integer(c_int64_t), intent(in) :: v(:), base
    integer :: n
    n = size(v)
    select type (x)
    type is (integer(int8))
      x(1:n) = int(v + base, int8)
    type is (integer(int16))
      x(1:n) = int(v + base, int16)
    type is (integer(int32))
      x(1:n) = int(v + base, int32)
    type is (integer(int64))
      x(1:n) = v + base
    end select
  end subroutine set_indices_

  ! An index list of extract/assign: the converted list, or, when absent, WEFT_ALL with
  ! count dim (the dimension the list indexes, which the caller reads from the output:
  ! extract's T and assign's region have the output's shape). a must be a TARGET.
  logical function list_in_(list, dim, base, name, routine, a, ierror) result(ok)
    class(*), intent(in), optional :: list(:)
    integer(c_int64_t), intent(in) :: dim, base
    character(*), intent(in) :: name, routine
    type(list_arg_), intent(inout), target :: a
    integer, intent(out), optional :: ierror
    ok = .true.
    if (.not. present(list)) then
      a%p = c_weft_all
      a%n = dim
      return
    end if
    ok = indices_in_(list, base, name, routine, a%v, ierror)
    if (.not. ok) return
    a%n = size(a%v, kind=c_int64_t)
    a%p = c_loc(a%v)
  end function list_in_

  ! The shape of a matrix or the size of a vector; a failure (a bad handle) is reported
  ! with the C message of the query.
  logical function matrix_dims_(A, routine, nrows, ncols, ierror) result(ok)
    type(weft_matrix), intent(in) :: A
    character(*), intent(in) :: routine
    integer(c_int64_t), intent(out) :: nrows, ncols
    integer, intent(out), optional :: ierror
    integer(c_int) :: st
    nrows = 0
    ncols = 0
    st = c_weft_matrix_nrows(A%ptr, nrows)
    if (st == WEFT_SUCCESS) st = c_weft_matrix_ncols(A%ptr, ncols)
    ok = st == WEFT_SUCCESS
    if (.not. ok) call weft_check_(st, routine, ierror)
  end function matrix_dims_

  logical function vector_size_(v, routine, n, ierror) result(ok)
    type(weft_vector), intent(in) :: v
    character(*), intent(in) :: routine
    integer(c_int64_t), intent(out) :: n
    integer, intent(out), optional :: ierror
    integer(c_int) :: st
    n = 0
    st = c_weft_vector_size(v%ptr, n)
    ok = st == WEFT_SUCCESS
    if (.not. ok) call weft_check_(st, routine, ierror)
  end function vector_size_

  ! ---- values --------------------------------------------------------------------------

  ! Reads what buf is (see values_); checks that it is contiguous, that its weft type is
  ! known, and that it holds at least need elements (need < 0: no check).
  logical function describe(buf, xtype, need, name, routine, v, ierror) result(ok)
    type(*), dimension(..), intent(in) :: buf
    type(weft_type), intent(in), optional :: xtype
    integer(c_int64_t), intent(in) :: need
    character(*), intent(in) :: name, routine
    type(values_), intent(inout) :: v
    integer, intent(out), optional :: ierror
    type(weft_fortran_value) :: info
    integer(c_intptr_t) :: lb, extent
    ok = .false.
    call c_weft_fortran_value_info(buf, info)
    if (info%c_pointer /= 0) then
      ! gfortran 12 hands a TYPE(C_PTR) to a type(*) dummy as the pointer itself or as
      ! its target depending on the call path: neither can be relied on.
      call weft_fail_(WEFT_INVALID_VALUE, routine, name // ' is a TYPE(C_PTR): pass the ' // &
        'elements (c_f_pointer them to a Fortran array of their type) with xtype', ierror)
      return
    end if
    v%user = info%address
    v%address = info%address
    if (present(xtype)) then
      v%type = xtype%ptr            ! the caller's type: the bytes as they are
      v%logical_len = 0
    else
      v%type = info%type
      v%logical_len = info%logical_len
      if (.not. c_associated(v%type)) then
        call weft_fail_(WEFT_INVALID_VALUE, routine, name // ' has no predefined weft ' // &
          'type (a derived type, CHARACTER, REAL(16), ...): pass xtype', ierror)
        return
      end if
    end if
    if (info%contiguous == 0) then
      call weft_fail_(WEFT_INVALID_VALUE, routine, name // ' is not contiguous', ierror)
      return
    end if
    v%n = -1
    if (info%count >= 0 .and. v%logical_len > 0) then
      v%n = info%count
    else if (info%count >= 0) then
      lb = 0
      extent = 0
      ! A bad xtype leaves n unknown: the C call reports the handle.
      if (c_weft_type_extent(v%type, lb, extent) == WEFT_SUCCESS .and. extent > 0) &
        v%n = info%count * info%elem_len / extent
    end if
    if (need >= 0 .and. v%n >= 0 .and. v%n < need) then
      call weft_fail_(WEFT_DIMENSION_MISMATCH, routine, name // ' holds ' // &
        weft_int_text_(v%n) // ' elements, the call needs ' // weft_int_text_(need), ierror)
      return
    end if
    ok = .true.
  end function describe

  ! A buffer C reads need elements from (need < 0: as many as it holds).
  logical function values_in_(buf, xtype, need, name, routine, v, ierror) result(ok)
    type(*), dimension(..), intent(in) :: buf
    type(weft_type), intent(in), optional :: xtype
    integer(c_int64_t), intent(in) :: need
    character(*), intent(in) :: name, routine
    type(values_), intent(inout), target :: v
    integer, intent(out), optional :: ierror
    logical(2), pointer :: l2(:)
    logical(4), pointer :: l4(:)
    logical(8), pointer :: l8(:)
    integer(c_int64_t) :: m
    ok = describe(buf, xtype, need, name, routine, v, ierror)
    if (.not. ok .or. v%logical_len == 0) return
    m = v%n
    if (need >= 0) m = min(m, need)
    allocate(v%tmp(max(m, 1_c_int64_t)))
    select case (v%logical_len)
    case (2)
      call c_f_pointer(v%user, l2, [m])
      v%tmp(1:m) = logical(l2, c_bool)
    case (4)
      call c_f_pointer(v%user, l4, [m])
      v%tmp(1:m) = logical(l4, c_bool)
    case (8)
      call c_f_pointer(v%user, l8, [m])
      v%tmp(1:m) = logical(l8, c_bool)
    end select
    v%address = c_loc(v%tmp)
  end function values_in_

  ! A buffer C writes up to need elements to (need < 0: as many as it holds); call
  ! values_done_ after a successful C call.
  logical function values_out_(buf, xtype, need, name, routine, v, ierror) result(ok)
    type(*), dimension(..), intent(inout) :: buf
    type(weft_type), intent(in), optional :: xtype
    integer(c_int64_t), intent(in) :: need
    character(*), intent(in) :: name, routine
    type(values_), intent(inout), target :: v
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: m
    ok = describe(buf, xtype, need, name, routine, v, ierror)
    if (.not. ok .or. v%logical_len == 0) return
    m = v%n
    if (need >= 0) m = min(m, need)
    allocate(v%tmp(max(m, 1_c_int64_t)))
    v%address = c_loc(v%tmp)
  end function values_out_

  ! After C wrote n elements through values_out_'s address: copies a C_BOOL result into
  ! the caller's LOGICAL of another kind.
  subroutine values_done_(v, n)
    type(values_), intent(in) :: v
    integer(c_int64_t), intent(in) :: n
    logical(2), pointer :: l2(:)
    logical(4), pointer :: l4(:)
    logical(8), pointer :: l8(:)
    select case (v%logical_len)
    case (2)
      call c_f_pointer(v%user, l2, [n])
      l2 = logical(v%tmp(1:n), 2)
    case (4)
      call c_f_pointer(v%user, l4, [n])
      l4 = logical(v%tmp(1:n), 4)
    case (8)
      call c_f_pointer(v%user, l8, [n])
      l8 = logical(v%tmp(1:n), 8)
    end select
  end subroutine values_done_
end module weft_sparse_args
