! A semiring-engine call that the binding itself rejects (a REAL where an index belongs),
! without ierror: the binding must print
!   weft: weft_set_element failed: WEFT_INVALID_VALUE: weft_set_element: i is not an INTEGER
! and ERROR STOP 1 (checked by expect_error_stop.cmake).
program error_stop_sparse_binding
  use weft
  implicit none
  type(weft_matrix) :: A
  call weft_matrix_new(WEFT_FP64, 2, 3, A)
  print '(a)', 'before the failing call'
  call weft_set_element(A, 1.0, 0, 5d0)
  print '(a)', 'NOT REACHED'
end program error_stop_sparse_binding
