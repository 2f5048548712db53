! The graph algorithms (module weft_graph, weft/graph.h) on the karate club
! (<data dir>/karate.mtx, the data directory the first argument; without the file the test
! is skipped, exit code 77): triangles = 45 for every method and presort (../shared/data/
! README.md), one component, BFS levels from vertex 0 equal to a plain queue BFS over the
! extracted tuples and parents the lowest-numbered vertex of the level before, SSSP
! (unit weights: a pattern file reads as BOOL, values 1) equal to the BFS levels, PageRank
! summing to 1 with vertices 34 and 1 (1-based) the two largest, betweenness from all 34
! sources largest at vertex 1 (networkx's value, doubled: both directions are stored);
! base=1 against base=0; and the errors: a source outside the vertices
! (WEFT_INVALID_INDEX), a non-square matrix (WEFT_DIMENSION_MISMATCH), no BFS output,
! bad settings, sources and bases, a non-INTEGER source, each leaving the outputs as they
! were.
program test_graph
  use, intrinsic :: iso_fortran_env, only: int8, int64, output_unit, error_unit
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: n = 34
  character(len=4096) :: dir
  character(len=:), allocatable :: path
  logical :: exists
  type(weft_matrix) :: A
  integer(int64) :: nedges
  integer(int64), allocatable :: ti(:), tj(:)   ! A's entries, 0-based
  logical, allocatable :: tx(:)

  if (command_argument_count() < 1) then
    write(error_unit, '(a)') 'usage: weft_fortran_test_graph <data dir>'
    error stop 1
  end if
  call get_command_argument(1, dir)
  path = trim(dir) // '/karate.mtx'
  inquire(file=path, exist=exists)
  if (.not. exists) then
    write(output_unit, '(2a)') 'test_graph: skipped, no ', path
    stop 77
  end if
  call weft_matrix_read_mm(path, A)
  call weft_nvals(A, nedges)
  call check_i(nedges, 156_int64, 'karate: 78 edges, both directions stored')
  allocate(ti(nedges), tj(nedges), tx(nedges))
  call weft_extract_tuples(A, ti, tj, tx, nedges)

  call triangles()
  call components()
  call bfs()
  call sssp()
  call pagerank()
  call betweenness()
  call one_based()
  call errors()
  call weft_free(A)
  call finish('test_graph')

contains

  ! A vector's INT64 / FP64 values as a dense array over 0..n-1 (missing: none).
  function dense_int(v, none) result(x)
    type(weft_vector), intent(in) :: v
    integer(int64), intent(in) :: none
    integer(int64) :: x(0:n - 1), idx(n), val(n), k
    x = none
    call weft_extract_tuples(v, idx, val, k)
    x(idx(1:k)) = val(1:k)
  end function dense_int

  function dense_real(v, none) result(x)
    type(weft_vector), intent(in) :: v
    real(8), intent(in) :: none
    real(8) :: x(0:n - 1), val(n)
    integer(int64) :: idx(n), k
    x = none
    call weft_extract_tuples(v, idx, val, k)
    x(idx(1:k)) = val(1:k)
  end function dense_real

  ! Levels from s (-1: unreached) by a queue over the tuples: u's out-neighbours are the
  ! tj(k) with ti(k) == u.
  function queue_bfs(s) result(level)
    integer, intent(in) :: s
    integer(int64) :: level(0:n - 1)
    integer :: queue(n), head, tail, u, k
    level = -1
    level(s) = 0
    queue(1) = s
    head = 1
    tail = 1
    do while (head <= tail)
      u = queue(head)
      head = head + 1
      do k = 1, int(nedges)
        if (ti(k) == u .and. level(tj(k)) < 0) then
          level(tj(k)) = level(u) + 1
          tail = tail + 1
          queue(tail) = int(tj(k))
        end if
      end do
    end do
  end function queue_bfs

  subroutine triangles()
    integer :: method, presort, count4
    integer(int64) :: count
    character(len=40) :: what
    do method = WEFT_TC_DEFAULT, WEFT_TC_SANDIA_ULT
      do presort = WEFT_TC_PRESORT_AUTO, WEFT_TC_PRESORT_DESCENDING
        count = -1
        call weft_graph_triangles(A, count, method, presort)
        write(what, '(a, i0, a, i0)') 'triangles: method ', method, ', presort ', presort
        call check_i(count, 45_int64, trim(what))
      end do
    end do
    ! The defaults, into a default INTEGER.
    count4 = -1
    call weft_graph_triangles(A, count4)
    call check_i(count4, 45, 'triangles: default method and presort, INTEGER count')
  end subroutine triangles

  subroutine components()
    type(weft_vector) :: c
    integer(int64) :: nc
    integer(int8) :: nc8
    nc = -1
    call weft_graph_components(A, c, nc)
    call check_i(nc, 1_int64, 'components: one')
    call check(all(dense_int(c, -1_int64) == 0), 'components: every vertex labelled 0')
    call weft_free(c)
    nc8 = -1
    call weft_graph_components(A, c, nc8)
    call check_i(int(nc8), 1, 'components: into an INTEGER(1)')
    call weft_free(c)
    call weft_graph_components(A, c)
    call check(c /= WEFT_VECTOR_NULL, 'components: without ncomponents')
    call weft_free(c)
  end subroutine components

  ! Levels against the queue BFS; each parent the lowest-numbered vertex one level up
  ! with an edge to the vertex (the source its own parent).
  subroutine bfs()
    type(weft_vector) :: level, parent, only_level, only_parent
    integer(int64) :: lv(0:n - 1), pv(0:n - 1), want(0:n - 1)
    integer :: v, u, k
    call weft_graph_bfs(A, 0, level, parent)
    lv = dense_int(level, -1_int64)
    pv = dense_int(parent, -1_int64)
    call check(all(lv == queue_bfs(0)), 'bfs: levels from vertex 0 = the queue BFS')
    want = -1
    want(0) = 0
    do v = 1, n - 1
      do k = 1, int(nedges)
        u = int(ti(k))
        if (tj(k) == v .and. lv(u) == lv(v) - 1) then
          if (want(v) < 0 .or. u < want(v)) want(v) = u
        end if
      end do
    end do
    call check(all(pv == want), 'bfs: parents, the lowest-numbered vertex one level up')
    ! One output at a time (the other absent: C does not compute it).
    call weft_graph_bfs(A, 0, only_level)
    call check(all(dense_int(only_level, -1_int64) == lv), 'bfs: level alone')
    call weft_graph_bfs(A, 0, parent=only_parent)
    call check(all(dense_int(only_parent, -1_int64) == pv), 'bfs: parent alone')
    call weft_free(level)
    call weft_free(parent)
    call weft_free(only_level)
    call weft_free(only_parent)
  end subroutine bfs

  ! Unit weights: the distances are the BFS levels, from every source.
  subroutine sssp()
    type(weft_vector) :: d
    integer :: s
    logical :: same
    same = .true.
    do s = 0, n - 1
      call weft_graph_sssp(A, s, d)
      if (any(dense_real(d, -1d0) /= real(queue_bfs(s), 8))) same = .false.
      call weft_free(d)
    end do
    call check(same, 'sssp: distances from every vertex = the BFS levels')
  end subroutine sssp

  subroutine pagerank()
    type(weft_vector) :: rank
    real(8) :: r(0:n - 1)
    integer :: it, top
    it = -1
    call weft_graph_pagerank(A, rank, iterations=it)
    r = dense_real(rank, -1d0)
    call check(abs(sum(r) - 1) < 1d-12, 'pagerank: the ranks sum to 1')
    call check(all(r > 0), 'pagerank: every vertex ranked')
    call check(it >= 1 .and. it <= 1000, 'pagerank: iterations within the default maximum')
    top = maxloc(r, 1) - 1
    call check_i(top + 1, 34, 'pagerank: the largest rank (1-based vertex)')
    r(top) = -1
    call check_i(maxloc(r, 1), 1, 'pagerank: the second largest rank (1-based vertex)')
    call weft_free(rank)
    ! tolerance 0: exactly max_iterations.
    call weft_graph_pagerank(A, rank, damping=0.85d0, tolerance=0d0, max_iterations=30, &
                             iterations=it)
    call check_i(it, 30, 'pagerank: tolerance 0 runs max_iterations')
    call check(abs(sum(dense_real(rank, -1d0)) - 1) < 1d-12, 'pagerank: 30 iterations sum to 1')
    call weft_free(rank)
  end subroutine pagerank

  subroutine betweenness()
    type(weft_vector) :: bc
    real(8) :: b(0:n - 1)
    integer(int64) :: s(n)
    integer(int64) :: k
    s = [(k, k = 0, n - 1)]
    call weft_graph_betweenness(A, s, bc)
    b = dense_real(bc, -1d0)
    call check_i(maxloc(b, 1), 1, 'betweenness: the largest at vertex 1 (1-based)')
    ! networkx's betweenness_centrality(karate_club_graph(), normalized=False)[0] is
    ! 231.0714285714286, counting each unordered pair once; weft counts both directions.
    call check(abs(b(0) - 2 * 231.0714285714286d0) < 1d-9, 'betweenness: vertex 1 as networkx')
    call weft_free(bc)
  end subroutine betweenness

  ! base=1 takes 1-based vertices in; the results are the same weft vectors as with
  ! base=0 (their positions shift only when extracted with base=1).
  subroutine one_based()
    type(weft_vector) :: l0, p0, l1, p1, d0, d1, b0, b1
    integer(int64) :: i0(n), i1(n), x0(n), x1(n), k0, k1, k
    call weft_graph_bfs(A, 5, l0, p0)
    call weft_graph_bfs(A, 6, l1, p1, base=1)
    call check(all(dense_int(l1, -1_int64) == dense_int(l0, -1_int64)), &
               'base=1: bfs levels from 6 = base=0 levels from 5')
    call check(all(dense_int(p1, -1_int64) == dense_int(p0, -1_int64)), &
               'base=1: bfs parents (0-based values) the same')
    call weft_extract_tuples(l0, i0, x0, k0)
    call weft_extract_tuples(l1, i1, x1, k1, base=1)
    call check(k0 == k1 .and. all(i1(1:k1) == i0(1:k0) + 1) .and. all(x1(1:k1) == x0(1:k0)), &
               'base=1: the level tuples extracted 1-based are the 0-based ones shifted')
    call weft_graph_sssp(A, 5, d0)
    call weft_graph_sssp(A, 6, d1, base=1)
    call check(all(dense_real(d1, -1d0) == dense_real(d0, -1d0)), &
               'base=1: sssp from 6 = base=0 from 5')
    call weft_graph_betweenness(A, [(k, k = 0, 9)], b0)
    call weft_graph_betweenness(A, [(int(k), k = 1, 10)], b1, base=1)   ! default INTEGER
    call check(all(dense_real(b1, -1d0) == dense_real(b0, -1d0)), &
               'base=1: betweenness from 1..10 = base=0 from 0..9')
    call weft_free(l0)
    call weft_free(p0)
    call weft_free(l1)
    call weft_free(p1)
    call weft_free(d0)
    call weft_free(d1)
    call weft_free(b0)
    call weft_free(b1)
  end subroutine one_based

  subroutine errors()
    type(weft_matrix) :: R
    type(weft_vector) :: v, w
    integer(int64) :: count
    integer :: st, it
    real(8) :: x
    integer(int64), allocatable :: none(:)
    ! A source outside 0..n-1 (1..n with base=1).
    call weft_graph_bfs(A, n, v, ierror=st)
    call check_status(st, WEFT_INVALID_INDEX, 'bfs: source n')
    call weft_graph_bfs(A, 0, v, base=1, ierror=st)
    call check_status(st, WEFT_INVALID_INDEX, 'bfs: source 0 with base=1')
    call weft_graph_sssp(A, -1, v, ierror=st)
    call check_status(st, WEFT_INVALID_INDEX, 'sssp: source -1')
    call weft_graph_sssp(A, n + 1, v, base=1, ierror=st)
    call check_status(st, WEFT_INVALID_INDEX, 'sssp: source n+1 with base=1')
    call weft_graph_betweenness(A, [0, 1, n], v, ierror=st)
    call check_status(st, WEFT_INVALID_INDEX, 'betweenness: a source n')
    call check(v == WEFT_VECTOR_NULL, 'the failed calls made no vector')
    ! A non-square matrix.
    call weft_matrix_new(WEFT_BOOL, 3, 4, R)
    call weft_graph_bfs(R, 0, v, w, ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'bfs: 3 x 4')
    call weft_graph_sssp(R, 0, v, ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'sssp: 3 x 4')
    call weft_graph_pagerank(R, v, ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'pagerank: 3 x 4')
    count = -7
    call weft_graph_triangles(R, count, ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'triangles: 3 x 4')
    call check_i(count, -7_int64, 'triangles: count untouched on failure')
    call weft_graph_components(R, v, count, ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'components: 3 x 4')
    call check_i(count, -7_int64, 'components: ncomponents untouched on failure')
    call weft_graph_betweenness(R, [0], v, ierror=st)
    call check_status(st, WEFT_DIMENSION_MISMATCH, 'betweenness: 3 x 4')
    call check(v == WEFT_VECTOR_NULL .and. w == WEFT_VECTOR_NULL, 'no vector made on failure')
    call weft_free(R)
    ! No BFS output; bad settings; no sources; a bad base; a non-INTEGER source.
    call weft_graph_bfs(A, 0, ierror=st)
    call check_status(st, WEFT_NULL_POINTER, 'bfs: neither level nor parent')
    it = -7
    call weft_graph_pagerank(A, v, damping=1d0, iterations=it, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'pagerank: damping 1')
    call check_i(it, -7, 'pagerank: iterations untouched on failure')
    call weft_graph_pagerank(A, v, tolerance=-1d0, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'pagerank: tolerance -1')
    call weft_graph_pagerank(A, v, max_iterations=0, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'pagerank: max_iterations 0')
    call weft_graph_triangles(A, count, method=7, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'triangles: method 7')
    call weft_graph_triangles(A, count, presort=4, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'triangles: presort 4')
    allocate(none(0))
    call weft_graph_betweenness(A, none, v, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'betweenness: no sources')
    call weft_graph_bfs(A, 1, v, base=2, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'bfs: base 2')
    call weft_graph_sssp(A, 1d0, v, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'sssp: a REAL source')
    x = -7
    call weft_graph_triangles(A, x, ierror=st)   ! a REAL count cannot receive it
    call check_status(st, WEFT_INVALID_VALUE, 'triangles: a REAL count')
    call check(v == WEFT_VECTOR_NULL, 'no vector made by the rejected calls')
    ! A null matrix handle.
    call weft_graph_components(R, v, ierror=st)
    call check_status(st, WEFT_INVALID_HANDLE, 'components: a freed matrix')
  end subroutine errors
end program test_graph
