! Every algorithm of weft/graph.h through module weft on a graph read from a Matrix Market
! file:
!
!   example_fortran_graph_algorithms FILE.mtx [TRIANGLES [COMPONENTS]]
!
! The Fortran twin of examples/c/graph_algorithms.c, the vertices 1-based as the file
! numbers them (base=1 for the source vertices and the extracted positions): the graph's
! size, BFS from vertex 1 (the vertices on each level), SSSP from 1 (the largest
! distance), PageRank's top 5 and iteration count (the binding's defaults: damping 0.85,
! tolerance 1d-9), the triangle count, the connected components and betweenness's top 5
! (from every vertex when n <= 5000, else from vertices 1..64: its memory grows as sources
! x n). It checks the known triangle and component counts when given
! (../shared/data/README.md lists them), the ranks summing to 1 and SSSP reaching exactly
! the vertices BFS reaches, and stops with exit code 1 when a check fails.
program graph_algorithms
  use, intrinsic :: iso_fortran_env, only: int64, error_unit
  use weft
  implicit none
  integer, parameter :: top = 5, all_sources_up_to = 5000, some_sources = 64
  character(len=:), allocatable :: path
  integer(int64) :: n, ncols, nentries, nsym, reached, dreached, depth, ntriangles, &
                    ncomponents, ns, k, want_triangles, want_components
  integer(int64), allocatable :: idx(:), lv(:), per_level(:), sources(:)
  real(8), allocatable :: x(:)
  type(weft_matrix) :: A, S, W
  type(weft_vector) :: level, distance, rank, component, centrality
  type(weft_scalar) :: zero
  integer :: iterations
  logical :: failed

  call arguments(path, want_triangles, want_components)
  failed = .false.

  ! The graph: the file's domain (a pattern file reads as BOOL, every value 1).
  call weft_matrix_read_mm(path, A)
  call weft_nrows(A, n)
  call weft_ncols(A, ncols)
  call weft_nvals(A, nentries)
  if (n /= ncols) then
    write(error_unit, '(3a, i0, a, i0, a)') 'graph_algorithms: ', path, ' is ', n, ' x ', &
      ncols, ', not a graph (square)'
    stop 1
  end if
  ! The undirected edges triangles and components see: the pattern of A + A' without
  ! self-loops, each edge stored in both directions.
  call weft_matrix_new(WEFT_BOOL, n, n, S)
  call weft_ewise_add(S, WEFT_LOR, A, A, desc=WEFT_DESC_T1)
  call weft_scalar_new(WEFT_INT64, 0, zero)
  call weft_select(S, WEFT_OFFDIAG, S, zero)
  call weft_nvals(S, nsym)
  write(*, '(3a, i0, a, i0, a, i0, a)') 'graph_algorithms: ', path, ': ', n, ' vertices, ', &
    nentries, ' entries, ', nsym / 2, ' undirected edges (vertices 1-based)'
  allocate(idx(n), lv(n), x(n))

  ! BFS levels from vertex 1: how many vertices on each level.
  call weft_graph_bfs(A, 1, level, base=1)
  call weft_extract_tuples(level, idx, lv, reached, base=1)
  depth = maxval(lv(1:reached))
  allocate(per_level(0:depth))
  per_level = 0
  do k = 1, reached
    per_level(lv(k)) = per_level(lv(k)) + 1
  end do
  write(*, '(a, i0, a, i0, a, *(1x, i0))') '  bfs from 1: ', reached, &
    ' vertices reached on ', depth + 1, ' levels; vertices per level:', per_level

  ! SSSP from 1. Weights must be >= 0: run on |A| (a stiffness matrix such as bcsstk13
  ! has negative entries; for a pattern file |A| = A, every weight 1).
  call weft_matrix_new(WEFT_FP64, n, n, W)
  call weft_apply(W, WEFT_ABS_FP64, A)
  call weft_graph_sssp(W, 1, distance, base=1)
  call weft_extract_tuples(distance, idx, x, dreached, base=1)
  write(*, '(a, i0, 2a)') '  sssp from 1 (weights |A(i,j)|): ', dreached, &
    ' vertices reached, largest distance ', real_text(maxval(x(1:dreached)))
  if (dreached /= reached) then
    write(error_unit, '(a, i0, a, i0)') 'graph_algorithms: sssp reaches ', dreached, &
      ' vertices, bfs ', reached
    failed = .true.
  end if

  ! PageRank with the binding's defaults.
  call weft_graph_pagerank(A, rank, iterations=iterations)
  write(*, '(a, i0, a, i0, a)', advance='no') '  pagerank (damping 0.85, ', iterations, &
    ' iterations), top ', top, ':'
  call print_top(rank)
  call weft_extract_tuples(rank, idx, x, k)
  if (abs(sum(x(1:k)) - 1) > 1d-9) then
    write(error_unit, '(a, g0)') 'graph_algorithms: the ranks sum to ', sum(x(1:k))
    failed = .true.
  end if

  call weft_graph_triangles(A, ntriangles)
  write(*, '(a, i0)') '  triangles: ', ntriangles
  if (want_triangles >= 0 .and. ntriangles /= want_triangles) then
    write(error_unit, '(a, i0, a, i0)') 'graph_algorithms: ', ntriangles, &
      ' triangles, expected ', want_triangles
    failed = .true.
  end if

  call weft_graph_components(A, component, ncomponents)
  write(*, '(a, i0)') '  connected components: ', ncomponents
  if (want_components >= 0 .and. ncomponents /= want_components) then
    write(error_unit, '(a, i0, a, i0)') 'graph_algorithms: ', ncomponents, &
      ' components, expected ', want_components
    failed = .true.
  end if

  ! Betweenness from a batch of sources: all vertices (exact) or the first 64.
  ns = n
  if (n > all_sources_up_to) ns = some_sources
  sources = [(k, k = 1, ns)]
  call weft_graph_betweenness(A, sources, centrality, base=1)
  if (ns == n) then
    write(*, '(a, i0, a, i0, a)', advance='no') '  betweenness (', ns, ' sources, all), top ', &
      top, ':'
  else
    write(*, '(a, i0, a, i0, a)', advance='no') '  betweenness (', ns, ' sources), top ', top, ':'
  end if
  call print_top(centrality)

  call weft_free(centrality)
  call weft_free(component)
  call weft_free(rank)
  call weft_free(distance)
  call weft_free(W)
  call weft_free(level)
  call weft_free(zero)
  call weft_free(S)
  call weft_free(A)
  if (failed) stop 1
  if (want_triangles >= 0 .or. want_components >= 0) then
    write(*, '(a)') 'graph_algorithms: the known answers match, the checks pass'
  else
    write(*, '(a)') 'graph_algorithms: the checks pass'
  end if

contains

  ! FILE.mtx and the optional known counts (-1: not given).
  subroutine arguments(path, triangles, components)
    character(len=:), allocatable, intent(out) :: path
    integer(int64), intent(out) :: triangles, components
    integer :: length, nargs
    nargs = command_argument_count()
    if (nargs < 1 .or. nargs > 3) then
      write(error_unit, '(a)') 'usage: example_fortran_graph_algorithms FILE.mtx ' // &
        '[TRIANGLES [COMPONENTS]]'
      stop 2
    end if
    call get_command_argument(1, length=length)
    allocate(character(len=length) :: path)
    call get_command_argument(1, path)
    triangles = count_argument(2, 'TRIANGLES')
    components = count_argument(3, 'COMPONENTS')
  end subroutine arguments

  integer(int64) function count_argument(position, name) result(c)
    integer, intent(in) :: position
    character(*), intent(in) :: name
    character(len=64) :: text
    integer :: ios
    c = -1
    if (command_argument_count() < position) return
    call get_command_argument(position, text)
    read(text, *, iostat=ios) c
    if (ios /= 0 .or. c < 0) then
      write(error_unit, '(5a)') 'graph_algorithms: ', name, ' "', trim(text), '" is not a count'
      stop 2
    end if
  end function count_argument

  ! Writes the top largest values of an FP64 vector as " vertex (value)", vertices
  ! 1-based, ties to the lower vertex (maxloc takes the first), ending the line.
  subroutine print_top(v)
    type(weft_vector), intent(in) :: v
    integer(int64), allocatable :: i(:)
    real(8), allocatable :: val(:)
    logical, allocatable :: taken(:)
    integer(int64) :: nv
    integer :: t, best
    call weft_nvals(v, nv)
    allocate(i(nv), val(nv), taken(nv))
    call weft_extract_tuples(v, i, val, nv, base=1)
    taken = .false.
    do t = 1, int(min(int(top, int64), nv))
      best = maxloc(val, 1, mask=.not. taken)
      taken(best) = .true.
      if (t > 1) write(*, '(a)', advance='no') ','
      write(*, '(1x, i0, 3a)', advance='no') i(best), ' (', real_text(val(best)), ')'
    end do
    write(*, '(a)') ''
  end subroutine print_top

  ! x to 6 significant digits, as C's %.6g prints it: fixed-point with the trailing zeros
  ! dropped, or with an exponent outside 1d-4 <= |x| < 1d6.
  function real_text(x) result(s)
    real(8), intent(in) :: x
    character(len=:), allocatable :: s
    character(len=32) :: buf, fmt
    integer :: e
    if (x == 0) then
      s = '0'
      return
    end if
    e = floor(log10(abs(x)))
    if (e < -4 .or. e >= 6) then
      write(buf, '(es12.5)') x
      s = trim(adjustl(buf))
      return
    end if
    write(fmt, '(a, i0, a)') '(f0.', max(0, 5 - e), ')'
    write(buf, fmt) x
    s = trim(adjustl(buf))
    if (s(1:1) == '.') s = '0' // s
    if (index(s, '.') > 0) then
      do while (s(len(s):len(s)) == '0')
        s = s(1:len(s) - 1)
      end do
      if (s(len(s):len(s)) == '.') s = s(1:len(s) - 1)
    end if
  end function real_text
end program graph_algorithms
