! Triangle counting (the GraphBLAS C API specification, appendix "triangle counting"):
! L = the strictly lower triangle of A (select TRIL with thunk -1), C<L> = L PLUS.PAIR L
! (C(i,j), for an edge i > j, counts the k with i > k > j adjacent to both: each
! triangle once), and the count is the sum of C. Checked against a triple loop and the
! known 16.
program triangle_count
  use, intrinsic :: iso_fortran_env, only: int64
  use weft
  use graph34
  implicit none
  type(weft_matrix) :: A, L, C
  type(weft_scalar) :: minus_one, total
  integer(int64) :: ntri, plain
  integer :: i, j, k
  logical :: adj(0:n - 1, 0:n - 1)

  call graph_matrix(A)
  call weft_matrix_new(WEFT_BOOL, n, n, L)
  call weft_scalar_new(WEFT_INT64, -1, minus_one)
  call weft_select(L, WEFT_TRIL, A, minus_one)                   ! L = tril(A, -1)
  call weft_matrix_new(WEFT_INT64, n, n, C)
  call weft_mxm(C, WEFT_PLUS_PAIR_SEMIRING_INT64, L, L, mask=L, desc=WEFT_DESC_S)
  call weft_scalar_new(WEFT_INT64, total)
  call weft_reduce(total, WEFT_PLUS_MONOID_INT64, C)
  call weft_extract_element(total, ntri)

  adj = graph_adjacency()
  plain = 0
  do i = 0, n - 1
    do j = i + 1, n - 1
      do k = j + 1, n - 1
        if (adj(i, j) .and. adj(j, k) .and. adj(i, k)) plain = plain + 1
      end do
    end do
  end do
  if (ntri /= plain .or. ntri /= 16) call fail('the triangle count is not 16')
  write(*, '(a, i0)') 'triangle_count: ', ntri

  call weft_free(A)
  call weft_free(L)
  call weft_free(C)
  call weft_free(minus_one)
  call weft_free(total)
end program triangle_count
