! weft_test_check — the assertions of the Fortran tests. Every check is counted; a test
! program ends with call finish('name'), which fails (ERROR STOP 1) when any check
! failed or when no check ran at all.
module weft_test_check
  use, intrinsic :: iso_fortran_env, only: output_unit, error_unit, int64
  use weft, only: weft_status_name, weft_last_error
  implicit none
  private
  public :: check, check_status, check_i, finish

  integer :: nchecks = 0, nfailed = 0

  interface check_i
    module procedure check_i4, check_i8
  end interface

contains

  subroutine check(cond, what)
    logical, intent(in) :: cond
    character(*), intent(in) :: what
    nchecks = nchecks + 1
    if (.not. cond) then
      nfailed = nfailed + 1
      write(error_unit, '(2a)') 'FAIL: ', what
    end if
  end subroutine check

  ! An integer result against its expected value (both printed on failure).
  subroutine check_i8(got, expected, what)
    integer(int64), intent(in) :: got, expected
    character(*), intent(in) :: what
    character(len=64) :: buf
    write(buf, '(i0, a, i0)') got, ' /= expected ', expected
    call check(got == expected, what // ': ' // trim(buf))
  end subroutine check_i8

  subroutine check_i4(got, expected, what)
    integer, intent(in) :: got, expected
    character(*), intent(in) :: what
    call check_i8(int(got, int64), int(expected, int64), what)
  end subroutine check_i4

  ! A status against its expected value, by name.
  subroutine check_status(got, expected, what)
    integer, intent(in) :: got, expected
    character(*), intent(in) :: what
    call check(got == expected, what // ': status ' // weft_status_name(got) // &
               ' (expected ' // weft_status_name(expected) // '); last error: ' // &
               weft_last_error())
  end subroutine check_status

  subroutine finish(name)
    character(*), intent(in) :: name
    if (nchecks == 0) then
      write(error_unit, '(2a)') name, ': no check ran'
      error stop 1
    end if
    if (nfailed > 0) then
      write(error_unit, '(a, ": ", i0, " of ", i0, " checks FAILED")') name, nfailed, nchecks
      error stop 1
    end if
    write(output_unit, '(a, ": all ", i0, " checks passed")') name, nchecks
  end subroutine finish
end module weft_test_check
