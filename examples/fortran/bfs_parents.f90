! BFS parents (the GraphBLAS C API specification, appendix "breadth-first search:
! parents"): p(i) = the parent of vertex i in a BFS tree from the source (p(source) =
! source). The frontier q holds each frontier vertex's own index, so one MIN.FIRST
! product gives every newly reached vertex its smallest frontier neighbour:
!   q<!p, replace> = q MIN.FIRST A     (p as a complemented structural mask)
!   p<q> = q                           (structural mask: the new vertices' parents)
!   q(i) = i                           (apply ROWINDEX: the positions as values)
! Checked against plain loops: the parent of v is its smallest neighbour one level up.
program bfs_parents
  use, intrinsic :: iso_fortran_env, only: int64
  use weft
  use graph34
  implicit none
  type(weft_matrix) :: A
  type(weft_vector) :: p, q
  type(weft_scalar) :: zero
  integer :: nq, k, u, w, idx(n), np
  integer(int64) :: parent(0:n - 1)
  integer :: level(0:n - 1), plain_parent(0:n - 1)
  logical :: adj(0:n - 1, 0:n - 1)
  integer, parameter :: source = 0

  call graph_matrix(A)
  call weft_vector_new(WEFT_INT64, n, p)
  call weft_vector_new(WEFT_INT64, n, q)
  call weft_set_element(p, source, source)
  call weft_set_element(q, source, source)
  call weft_scalar_new(WEFT_INT64, 0, zero)
  call weft_nvals(q, nq)
  do while (nq > 0)
    call weft_vxm(q, WEFT_MIN_FIRST_SEMIRING_INT64, q, A, mask=p, desc=WEFT_DESC_RSC)
    call weft_assign(p, q, mask=q, desc=WEFT_DESC_S)
    call weft_apply(q, WEFT_ROWINDEX_INT64, q, zero)          ! q(i) = i + 0
    call weft_nvals(q, nq)
  end do
  call weft_extract_tuples(p, idx, parent, np)
  if (np /= n) call fail('the BFS tree does not reach every vertex')

  ! Plain loops: levels by repeated relaxation, then the smallest neighbour one level up.
  adj = graph_adjacency()
  level = huge(0)
  level(source) = 0
  do k = 1, n
    do u = 0, n - 1
      do w = 0, n - 1
        if (adj(u, w) .and. level(u) < huge(0)) level(w) = min(level(w), level(u) + 1)
      end do
    end do
  end do
  plain_parent(source) = source
  do w = 0, n - 1
    if (w == source) cycle
    plain_parent(w) = minval([(u, u = 0, n - 1)], mask=[(adj(u, w) .and. level(u) == level(w) - 1, &
                                                         u = 0, n - 1)])
  end do
  if (any(parent /= plain_parent)) call fail('parents differ from the plain computation')
  write(*, '(a, 34(1x, i0))') 'bfs_parents:', parent

  call weft_free(A)
  call weft_free(p)
  call weft_free(q)
  call weft_free(zero)
end program bfs_parents
