! weft_errors — status names and messages, and how every routine of the binding reports
! its status through the optional ierror argument:
!   - ierror present: it receives the status (WEFT_SUCCESS, an informational status > 0
!     or an error < 0) and the program continues;
!   - ierror absent and the call failed (status < 0): the routine prints
!       weft: <routine> failed: <STATUS_NAME>: <weft_last_error()>
!     on the error unit and executes ERROR STOP 1.
! As in C, a failed call modifies no output argument.
module weft_errors
  use, intrinsic :: iso_c_binding, only: c_ptr, c_char, c_int, c_int64_t, c_associated, &
                                         c_f_pointer, c_null_char
  use, intrinsic :: iso_fortran_env, only: error_unit
  use weft_constants, only: WEFT_INVALID_VALUE, WEFT_SUCCESS
  use weft_c_api, only: c_weft_status_name, c_weft_status_message, c_weft_fortran_last_error, &
                        c_weft_fortran_error_set, c_weft_fortran_error_clear
  implicit none
  private
  public :: weft_status_name, weft_status_message, weft_last_error
  ! For the binding's own modules only (not part of the documented interface).
  public :: weft_check_, weft_report_, weft_fail_, weft_int_text_, weft_c_string_, weft_c_text_, weft_get_int_

  ! A C getter of one int setting (weft_get_mode, weft_get_threads, weft_get_jit).
  abstract interface
    integer(c_int) function weft_c_getter_(value) bind(C)
      import :: c_int
      integer(c_int), intent(inout) :: value
    end function
  end interface

contains

  ! The enum name of a status ("WEFT_INVALID_VALUE"); "WEFT_UNKNOWN_STATUS" otherwise.
  function weft_status_name(status) result(name)
    integer, intent(in) :: status
    character(len=:), allocatable :: name
    name = c_string(c_weft_status_name(int(status, c_int)))
  end function weft_status_name

  ! A one-line description of a status.
  function weft_status_message(status) result(message)
    integer, intent(in) :: status
    character(len=:), allocatable :: message
    message = c_string(c_weft_status_message(int(status, c_int)))
  end function weft_status_message

  ! This thread's detailed message for its most recent failing weft call ("" if none):
  ! weft_last_error() of the C library, or the binding's own message when the binding
  ! rejected the call before calling C (e.g. "weft_type_indexed: count 5 >
  ! size(blocklens) 4").
  function weft_last_error() result(message)
    character(len=:), allocatable :: message
    message = c_string(c_weft_fortran_last_error())
  end function weft_last_error

  ! A NUL-terminated C string as a Fortran string ("" for NULL).
  function weft_c_string_(p) result(s)
    type(c_ptr), intent(in) :: p
    character(len=:), allocatable :: s
    s = c_string(p)
  end function weft_c_string_

  function c_string(p) result(s)
    type(c_ptr), intent(in) :: p
    character(len=:), allocatable :: s
    character(kind=c_char), pointer :: chars(:)
    integer :: n
    if (.not. c_associated(p)) then
      s = ''
      return
    end if
    call c_f_pointer(p, chars, [huge(0)])
    n = 0
    do while (chars(n + 1) /= c_null_char)
      n = n + 1
    end do
    allocate(character(len=n) :: s)
    s = transfer(chars(1:n), s)
  end function c_string

  ! The status of a C call: a failure makes the C message the current one.
  subroutine weft_check_(status, routine, ierror)
    integer(c_int), intent(in) :: status
    character(*), intent(in) :: routine
    integer, intent(out), optional :: ierror
    if (status < 0) call c_weft_fortran_error_clear()
    call weft_report_(status, routine, ierror)
  end subroutine weft_check_

  ! value = what getter gives (value untouched when it fails); the status as weft_check_.
  subroutine weft_get_int_(getter, value, routine, ierror)
    procedure(weft_c_getter_) :: getter
    integer, intent(inout) :: value
    character(*), intent(in) :: routine
    integer, intent(out), optional :: ierror
    integer(c_int) :: v, st
    v = 0
    st = getter(v)
    if (st == WEFT_SUCCESS) value = int(v)
    call weft_check_(st, routine, ierror)
  end subroutine weft_get_int_

  ! An error the binding detected itself, with its message (prefixed by the routine).
  subroutine weft_fail_(status, routine, message, ierror)
    integer(c_int), intent(in) :: status
    character(*), intent(in) :: routine, message
    integer, intent(out), optional :: ierror
    character(len=:), allocatable :: full
    full = routine // ': ' // message
    call c_weft_fortran_error_set(full, int(len(full), c_int64_t))
    call weft_report_(status, routine, ierror)
  end subroutine weft_fail_

  ! Hands the status to ierror, or stops the program on failure when ierror is absent.
  subroutine weft_report_(status, routine, ierror)
    integer(c_int), intent(in) :: status
    character(*), intent(in) :: routine
    integer, intent(out), optional :: ierror
    if (present(ierror)) then
      ierror = status
    else if (status < 0) then
      write(error_unit, '(5a)') 'weft: ', routine, ' failed: ', weft_status_name(status), &
        ': ' // weft_last_error()
      flush(error_unit)
      error stop 1
    end if
  end subroutine weft_report_

  ! An integer as text, for messages.
  function weft_int_text_(i) result(s)
    integer(c_int64_t), intent(in) :: i
    character(len=:), allocatable :: s
    character(len=24) :: buf
    write(buf, '(i0)') i
    s = trim(buf)
  end function weft_int_text_

  ! text as C takes it (a path, an operator's C source): without its trailing blanks,
  ! NUL-terminated; .false. (reported for routine as WEFT_INVALID_VALUE, "<what> holds
  ! a NUL character") when it holds one, which C would take for its end.
  logical function weft_c_text_(text, what, routine, t, ierror) result(ok)
    character(*), intent(in) :: text, what, routine
    character(len=:), allocatable, intent(out) :: t
    integer, intent(out), optional :: ierror
    ok = index(text, c_null_char) == 0
    if (.not. ok) then
      call weft_fail_(WEFT_INVALID_VALUE, routine, what // ' holds a NUL character (at ' // &
        weft_int_text_(int(index(text, c_null_char), c_int64_t)) // ')', ierror)
      return
    end if
    t = trim(text) // c_null_char
  end function weft_c_text_
end module weft_errors
