! BFS levels (the GraphBLAS C API specification, appendix "breadth-first search:
! levels"): v(i) = the level of vertex i from the source (the source is level 1).
! Each round: v<q> = depth (the frontier gets its level), then the next frontier
! q<!v, replace> = q LOR.LAND A, with v as a complemented structural mask (a vertex
! with a level is done). Checked against a plain queue BFS and the known level sizes.
program bfs_levels
  use weft
  use graph34
  implicit none
  type(weft_matrix) :: A
  type(weft_vector) :: v, q
  type(weft_scalar) :: level
  integer :: depth, nq, k, levels(0:n - 1), plain(0:n - 1), got_counts(5)
  logical :: adj(0:n - 1, 0:n - 1)
  integer, parameter :: source = 0, counts(5) = [1, 5, 11, 12, 5]

  call graph_matrix(A)
  call weft_vector_new(WEFT_INT32, n, v)
  call weft_vector_new(WEFT_BOOL, n, q)
  call weft_set_element(q, source, .true.)
  depth = 0
  call weft_nvals(q, nq)
  do while (nq > 0)
    depth = depth + 1
    call weft_scalar_new(WEFT_INT32, depth, level)
    call weft_assign(v, level, mask=q, desc=WEFT_DESC_S)              ! v<q> = depth
    call weft_free(level)
    call weft_vxm(q, WEFT_LOR_LAND_SEMIRING_BOOL, q, A, mask=v, desc=WEFT_DESC_RSC)
    call weft_nvals(q, nq)
  end do

  ! The levels as a plain array (0-based positions: levels(i) is vertex i's level).
  block
    integer :: idx(n), nv
    call weft_extract_tuples(v, idx, levels, nv)
    if (nv /= n) call fail('BFS did not reach every vertex')
    if (any(idx /= [(k, k = 0, n - 1)])) call fail('extract_tuples order')
  end block

  ! The same with a queue over the plain adjacency.
  adj = graph_adjacency()
  call plain_bfs(adj, source, plain)
  if (any(levels /= plain)) call fail('levels differ from the plain BFS')
  got_counts = [(count(levels == k), k = 1, 5)]
  if (depth /= 5 .or. any(got_counts /= counts)) call fail('level sizes are not 1 5 11 12 5')
  write(*, '(a, 5(1x, i0))') 'bfs_levels: vertices per level:', got_counts

  call weft_free(A)
  call weft_free(v)
  call weft_free(q)

contains

  subroutine plain_bfs(adj, s, lev)
    logical, intent(in) :: adj(0:, 0:)
    integer, intent(in) :: s
    integer, intent(out) :: lev(0:)
    integer :: queue(n), head, tail, u, w
    lev = 0
    lev(s) = 1
    queue(1) = s
    head = 1
    tail = 1
    do while (head <= tail)
      u = queue(head)
      head = head + 1
      do w = 0, n - 1
        if (adj(u, w) .and. lev(w) == 0) then
          lev(w) = lev(u) + 1
          tail = tail + 1
          queue(tail) = w
        end if
      end do
    end do
  end subroutine plain_bfs
end program bfs_levels
