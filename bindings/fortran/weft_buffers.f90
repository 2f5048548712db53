! weft_buffers — buffer arguments of the binding. Every buffer (weft_pack's inbuf and
! outbuf, weft_copy's src and dst, weft_address's location, ...) is an assumed-type,
! assumed-rank dummy, type(*), dimension(..): any variable of any type and rank is
! accepted and passed by address without a copy, also a non-contiguous array section.
! The address used is that of the actual argument's first element in array element
! order (for a(10:1:-1) that is a(10)), which is where weft puts displacement 0.
! WEFT_BOTTOM (module weft_handles) is recognised and becomes the C WEFT_BOTTOM (NULL).
module weft_buffers
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_int, c_int64_t, c_loc, &
                                         c_associated
  use weft_constants, only: WEFT_INVALID_VALUE, WEFT_DIMENSION_MISMATCH
  use weft_handles, only: WEFT_BOTTOM
  use weft_c_api, only: c_weft_fortran_buffer_info
  use weft_errors, only: weft_fail_, weft_int_text_
  implicit none
  private
  public :: weft_buffer_address_, weft_packed_buffer_

contains

  ! The C address to pass for a typed buffer (NULL for WEFT_BOTTOM).
  function weft_buffer_address_(buf) result(address)
    type(*), dimension(..), intent(in) :: buf
    type(c_ptr) :: address
    integer(c_int64_t) :: nbytes
    integer(c_int) :: contiguous
    call c_weft_fortran_buffer_info(buf, address, nbytes, contiguous)
    if (c_associated(address, c_loc(WEFT_BOTTOM))) address = c_null_ptr
  end function weft_buffer_address_

  ! The packed side of pack/unpack (a byte stream): it must be contiguous, and the byte
  ! count the caller states for it (outsize, insize, max_bytes) must not exceed its
  ! storage when that is known (not for an assumed-size array). Returns .false. after
  ! reporting the failure (through ierror or ERROR STOP).
  logical function weft_packed_buffer_(buf, stated, bufname, statedname, routine, &
                                       address, ierror) result(ok)
    type(*), dimension(..), intent(in) :: buf
    integer(c_int64_t), intent(in) :: stated
    character(*), intent(in) :: bufname, statedname, routine
    type(c_ptr), intent(out) :: address
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: nbytes
    integer(c_int) :: contiguous
    ok = .false.
    call c_weft_fortran_buffer_info(buf, address, nbytes, contiguous)
    if (c_associated(address, c_loc(WEFT_BOTTOM))) then
      address = c_null_ptr
      ok = .true.
      return
    end if
    if (contiguous == 0) then
      call weft_fail_(WEFT_INVALID_VALUE, routine, bufname // ' is not contiguous', ierror)
      return
    end if
    if (nbytes >= 0 .and. stated > nbytes) then
      call weft_fail_(WEFT_DIMENSION_MISMATCH, routine, statedname // ' ' // &
        weft_int_text_(stated) // ' > the ' // weft_int_text_(nbytes) // ' bytes of ' // &
        bufname, ierror)
      return
    end if
    ok = .true.
  end function weft_packed_buffer_
end module weft_buffers
