! A call that weft's C library rejects, without ierror: the binding must print
!   weft: weft_type_vector failed: WEFT_INVALID_VALUE: weft_type_vector: count -1 < 0
! and ERROR STOP 1 (checked by expect_error_stop.cmake).
program error_stop_c
  use weft
  implicit none
  type(weft_type) :: t
  print '(a)', 'before the failing call'
  call weft_type_vector(-1, 1, 1, WEFT_REAL, t)
  print '(a)', 'NOT REACHED'
end program error_stop_c
