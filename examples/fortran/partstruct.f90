! partstruct — the particle array of MPI-1.1 Examples 3.33 and 3.34 in Fortran: a
! bind(C) derived type laid out as the C struct Partstruct (int; double[6]; char[7];
! 64 bytes), its member `class` named `type` as in MPI-3.0.
module partstruct
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_char
  implicit none
  private
  public :: partstruct_t, NPART, partstruct_fill, partstruct_equal, partstruct_zero_runs, &
            partstruct_zero_each

  integer, parameter :: NPART = 1000

  type, bind(C) :: partstruct_t
    integer(c_int) :: type                 ! particle class
    real(c_double) :: d(6)                 ! particle coordinates
    character(kind=c_char) :: b(7)         ! some additional information
  end type partstruct_t

contains

  ! Deterministic particles that depend on the rank; about a third have class 0, some
  ! of them in runs.
  subroutine partstruct_fill(p, rank)
    type(partstruct_t), intent(out) :: p(NPART)
    integer, intent(in) :: rank
    integer :: i, k
    do i = 1, NPART
      if (mod(i - 1, 3) == 0 .or. mod((i - 1) / 10, 7) == 0) then
        p(i)%type = 0
      else
        p(i)%type = 1 + mod(i - 1, 5)
      end if
      p(i)%d = [((i - 1) * 10d0 + k + 100000d0 * rank, k = 0, 5)]
      p(i)%b = [(achar(iachar('a') + mod(i - 1 + k + rank, 26)), k = 0, 6)]
    end do
  end subroutine partstruct_fill

  elemental logical function partstruct_equal(x, y)
    type(partstruct_t), intent(in) :: x, y
    partstruct_equal = x%type == y%type .and. all(x%d == y%d) .and. all(x%b == y%b)
  end function partstruct_equal

  ! Class-0 particles one per block: zdisp(1:j) (0-based element displacements) and
  ! zblock(1:j) = 1; returns j.
  integer function partstruct_zero_each(p, zdisp, zblock) result(j)
    type(partstruct_t), intent(in) :: p(NPART)
    integer, intent(out) :: zdisp(NPART), zblock(NPART)
    integer :: i
    j = 0
    do i = 1, NPART
      if (p(i)%type == 0) then
        j = j + 1
        zdisp(j) = i - 1
        zblock(j) = 1
      end if
    end do
  end function partstruct_zero_each

  ! The "probably more efficient" Zparticles: runs of consecutive class-0 particles
  ! as one block each (errata fixed: `.index` is `%type`, `=` is `==`). Returns the
  ! number of blocks.
  integer function partstruct_zero_runs(p, zdisp, zblock) result(j)
    type(partstruct_t), intent(in) :: p(NPART)
    integer, intent(out) :: zdisp(NPART), zblock(NPART)
    integer :: i, k
    j = 0
    i = 1
    do while (i <= NPART)
      if (p(i)%type == 0) then
        k = i + 1
        do while (k <= NPART)
          if (p(k)%type /= 0) exit
          k = k + 1
        end do
        j = j + 1
        zdisp(j) = i - 1
        zblock(j) = k - i
        i = k           ! particle k (if any) is not class 0
      end if
      i = i + 1
    end do
  end function partstruct_zero_runs
end module partstruct
