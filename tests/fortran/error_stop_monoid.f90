! A monoid call that the C library rejects (freeing a predefined monoid), without
! ierror: the binding must print
!   weft: weft_monoid_free failed: WEFT_INVALID_VALUE: weft_monoid_free: a predefined monoid cannot be freed
! and ERROR STOP 1 (checked by expect_error_stop.cmake).
program error_stop_monoid
  use weft
  implicit none
  type(weft_monoid) :: m
  m = WEFT_PLUS_MONOID_INT32
  print '(a)', 'before the failing call'
  call weft_monoid_free(m)
  print '(a)', 'NOT REACHED'
end program error_stop_monoid
