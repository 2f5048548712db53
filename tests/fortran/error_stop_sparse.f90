! A semiring-engine call that the C library rejects (mxm of a 2x3 by a 2x3 matrix),
! without ierror: the binding must print
!   weft: weft_mxm failed: WEFT_DIMENSION_MISMATCH: weft_mxm: columns of A vs rows of B: 3 != 2
! and ERROR STOP 1 (checked by expect_error_stop.cmake).
program error_stop_sparse
  use weft
  implicit none
  type(weft_matrix) :: A, C
  call weft_matrix_new(WEFT_FP64, 2, 3, A)
  call weft_matrix_new(WEFT_FP64, 2, 3, C)
  print '(a)', 'before the failing call'
  call weft_mxm(C, WEFT_PLUS_TIMES_SEMIRING_FP64, A, A)
  print '(a)', 'NOT REACHED'
end program error_stop_sparse
