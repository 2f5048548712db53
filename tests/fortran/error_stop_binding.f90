! A call that the binding itself rejects (types has 2 elements, count says 3), without
! ierror: the binding must print
!   weft: weft_type_struct failed: WEFT_DIMENSION_MISMATCH: weft_type_struct: count 3 > size(types) 2
! and ERROR STOP 1 (checked by expect_error_stop.cmake).
program error_stop_binding
  use weft
  implicit none
  type(weft_type) :: t
  print '(a)', 'before the failing call'
  call weft_type_struct(3, [1, 1, 1], [0, 4, 8], [WEFT_INTEGER, WEFT_REAL], t)
  print '(a)', 'NOT REACHED'
end program error_stop_binding
