! User-defined monoid operators from Fortran bind(C) procedures on a bind(C) derived
! type, shared by the monoid and indexer tests: argmax with ties to the smaller `where`,
! and a componentwise sum.
module monoid_ops
  use, intrinsic :: iso_c_binding, only: c_double, c_int64_t, c_ptr, c_f_pointer
  implicit none
  private
  public :: best_t, best_of, pair_sum

  ! The domain: the best value and where it was seen (ties: the smaller where).
  type, bind(C) :: best_t
    real(c_double) :: value
    integer(c_int64_t) :: where
  end type best_t

contains

  ! z = the better of x and y, elements passed by reference (use with c_funloc).
  subroutine best_of(z, x, y) bind(C)
    type(best_t), intent(inout) :: z
    type(best_t), intent(in) :: x, y
    type(best_t) :: r            ! z may be x or y: compute into a local first
    r = x
    if (y%value > x%value .or. (y%value == x%value .and. y%where < x%where)) r = y
    z = r
  end subroutine best_of

  ! z = x + y componentwise, elements passed as addresses (procedure(weft_binary_fn)).
  subroutine pair_sum(z, x, y) bind(C)
    type(c_ptr), value :: z, x, y
    type(best_t), pointer :: pz, px, py
    type(best_t) :: r
    call c_f_pointer(z, pz)
    call c_f_pointer(x, px)
    call c_f_pointer(y, py)
    r = best_t(px%value + py%value, px%where + py%where)
    pz = r
  end subroutine pair_sum
end module monoid_ops
