! weft_graph — the graph algorithms of weft/graph.h from Fortran: weft_graph_bfs,
! weft_graph_sssp, weft_graph_pagerank, weft_graph_triangles, weft_graph_components and
! weft_graph_betweenness, the triangle-counting methods and presorts (WEFT_TC_*), and the
! bind(C) interfaces they call (c_weft_graph_*, private). Use them through module weft.
!
!   type(weft_matrix) :: A
!   type(weft_vector) :: level, rank
!   integer(int64) :: ntriangles
!   call weft_matrix_read_mm('karate.mtx', A)
!   call weft_graph_bfs(A, 1, level, base=1)     ! levels from the file's vertex 1
!   call weft_graph_pagerank(A, rank)            ! damping 0.85, tolerance 1d-9
!   call weft_graph_triangles(A, ntriangles)     ! 45
!
! What weft/graph.h says holds here: a graph is an n x n matrix (an edge i -> j per entry
! A(i, j)); bfs, sssp, pagerank and betweenness follow the edges as stored, triangles and
! components use the pattern of A + A' without self-loops; the errors are C's.
! Arguments: the graph first, then the vertices the algorithm starts from (source,
! sources), then its outputs, then the optional arguments (by keyword). C puts the
! outputs first; here the outputs that may be absent (parent, iterations, ncomponents)
! come after the ones that may not, so that the usual call needs no keyword.
! Outputs: new vectors, to release with weft_free (a vector already in the variable is
! not released: free it first), set only when the call succeeds; a failed call changes
! no output. Integers (source, sources, count, ncomponents) are INTEGER of any kind
! (module weft_sparse_args); iterations and max_iterations are default INTEGER (C's int).
! Vertices: source and sources are 0-based as in C, or 1-based with base=1. The results
! are weft vectors whatever base is: their positions are the engine's 0..n-1
! (weft_extract_tuples(..., base=1) gives them 1-based), and values that are vertices
! (bfs parents, component representatives) are 0-based too. ierror as everywhere in
! module weft.
module weft_graph
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_loc, c_int, c_int64_t, c_double
  use weft_constants, only: WEFT_SUCCESS
  use weft_sparse_handles, only: weft_vector, weft_matrix
  use weft_sparse_c_api, only: c_weft_vector_free
  use weft_sparse_args, only: base_in_, index_in_, indices_in_, out_ok_, set_int_
  use weft_errors, only: weft_check_
  implicit none
  private
  public :: weft_graph_bfs, weft_graph_sssp, weft_graph_pagerank, weft_graph_triangles, &
            weft_graph_components, weft_graph_betweenness

  ! Triangle-counting methods (enum weft_tc_method; the formulas are in weft/graph.h).
  integer(c_int), parameter, public :: WEFT_TC_DEFAULT = 0      ! SANDIA_LUT
  integer(c_int), parameter, public :: WEFT_TC_BURKHARDT = 1
  integer(c_int), parameter, public :: WEFT_TC_COHEN = 2
  integer(c_int), parameter, public :: WEFT_TC_SANDIA_LL = 3
  integer(c_int), parameter, public :: WEFT_TC_SANDIA_UU = 4
  integer(c_int), parameter, public :: WEFT_TC_SANDIA_LUT = 5
  integer(c_int), parameter, public :: WEFT_TC_SANDIA_ULT = 6
  ! Degree presorts before counting (enum weft_tc_presort).
  integer(c_int), parameter, public :: WEFT_TC_PRESORT_AUTO = 0
  integer(c_int), parameter, public :: WEFT_TC_PRESORT_NONE = 1
  integer(c_int), parameter, public :: WEFT_TC_PRESORT_ASCENDING = 2
  integer(c_int), parameter, public :: WEFT_TC_PRESORT_DESCENDING = 3

  ! weft_graph_pagerank's defaults (C has none: it takes every argument). The change
  ! sum |r - r_previous| shrinks at least by the factor damping each iteration (the
  ! iteration is damping times a stochastic map, an L1 contraction) from at most 2, so
  ! tolerance 1d-9 takes at most about 135 iterations with damping 0.85; max_iterations
  ! only bounds the work for a damping close to 1.
  real(c_double), parameter :: default_damping = 0.85_c_double
  real(c_double), parameter :: default_tolerance = 1e-9_c_double
  integer, parameter :: default_max_iterations = 1000

  ! The functions of weft/graph.h, one for one. Outputs are addresses of handles
  ! (weft_vector *); bfs's are type(c_ptr), value so that an absent one can be NULL
  ! (C then does not compute it). pagerank's iterations and components' ncomponents may
  ! be NULL in C; the wrappers always ask for them.
  interface
    integer(c_int) function c_weft_graph_bfs(level, parent, A, source) &
        bind(C, name="weft_graph_bfs")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: level
      type(c_ptr), value :: parent
      type(c_ptr), value :: A
      integer(c_int64_t), value :: source
    end function
    integer(c_int) function c_weft_graph_sssp(distance, A, source) &
        bind(C, name="weft_graph_sssp")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), intent(inout) :: distance
      type(c_ptr), value :: A
      integer(c_int64_t), value :: source
    end function
    integer(c_int) function c_weft_graph_pagerank(rank, iterations, A, damping, tolerance, &
        max_iterations) bind(C, name="weft_graph_pagerank")
      import :: c_int, c_ptr, c_double
      type(c_ptr), intent(inout) :: rank
      integer(c_int), intent(inout) :: iterations
      type(c_ptr), value :: A
      real(c_double), value :: damping
      real(c_double), value :: tolerance
      integer(c_int), value :: max_iterations
    end function
    integer(c_int) function c_weft_graph_triangles(count, A, method, presort) &
        bind(C, name="weft_graph_triangles")
      import :: c_int, c_int64_t, c_ptr
      integer(c_int64_t), intent(inout) :: count
      type(c_ptr), value :: A
      integer(c_int), value :: method
      integer(c_int), value :: presort
    end function
    integer(c_int) function c_weft_graph_components(component, ncomponents, A) &
        bind(C, name="weft_graph_components")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), intent(inout) :: component
      integer(c_int64_t), intent(inout) :: ncomponents
      type(c_ptr), value :: A
    end function
    integer(c_int) function c_weft_graph_betweenness(centrality, A, sources, ns) &
        bind(C, name="weft_graph_betweenness")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), intent(inout) :: centrality
      type(c_ptr), value :: A
      integer(c_int64_t), intent(in) :: sources(*)
      integer(c_int64_t), value :: ns
    end function
  end interface

contains

  ! Breadth-first search from source: level (INT64) holds, for every vertex reachable from
  ! source, the number of edges on a shortest path (source: 0); parent (INT64) the
  ! lowest-numbered vertex (0-based) of the previous level with an edge to it (source:
  ! itself). Unreached vertices have no entry. Pass level, parent or both (neither:
  ! WEFT_NULL_POINTER); parent by keyword when level is absent. source outside the
  ! vertices: WEFT_INVALID_INDEX.
  subroutine weft_graph_bfs(A, source, level, parent, base, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: source
    type(weft_vector), intent(inout), optional :: level, parent
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_graph_bfs'
    type(c_ptr), target :: l, p
    type(c_ptr) :: lp, pp
    integer(c_int64_t) :: b, s
    integer(c_int) :: st
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(source, b, 'source', r, s, ierror)) return
    ! The handles come back in locals: C writes nothing on failure, and the caller's
    ! variables change only after success.
    l = c_null_ptr
    p = c_null_ptr
    lp = c_null_ptr
    pp = c_null_ptr
    if (present(level)) lp = c_loc(l)
    if (present(parent)) pp = c_loc(p)
    st = c_weft_graph_bfs(lp, pp, A%ptr, s)
    if (st == WEFT_SUCCESS) then
      if (present(level)) level%ptr = l
      if (present(parent)) parent%ptr = p
    end if
    call weft_check_(st, r, ierror)
  end subroutine weft_graph_bfs

  ! Single-source shortest paths: distance (FP64) holds, for every vertex reachable from
  ! source, the least sum of edge weights (A's values as REAL(8)) over paths from source
  ! (source: 0); unreached vertices have no entry. A negative or NaN weight:
  ! WEFT_INVALID_VALUE; source outside the vertices: WEFT_INVALID_INDEX.
  subroutine weft_graph_sssp(A, source, distance, base, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: source
    type(weft_vector), intent(inout) :: distance
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_graph_sssp'
    integer(c_int64_t) :: b, s
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. index_in_(source, b, 'source', r, s, ierror)) return
    call weft_check_(c_weft_graph_sssp(distance%ptr, A%ptr, s), r, ierror)
  end subroutine weft_graph_sssp

  ! PageRank (weft/graph.h: the GAP definition, sinks spreading their rank evenly; the
  ! weights are not read): rank (FP64, every vertex) sums to 1. Stops after an iteration
  ! whose change sum |r - r_previous| is below tolerance, or after max_iterations;
  ! iterations receives the count. Defaults: damping 0.85 (the usual value, GAP's and
  ! networkx's), tolerance 1d-9 (ranks to about 9 digits), max_iterations 1000 (see
  ! default_tolerance). damping outside [0, 1), a negative or NaN tolerance, or
  ! max_iterations < 1: WEFT_INVALID_VALUE.
  subroutine weft_graph_pagerank(A, rank, damping, tolerance, max_iterations, iterations, ierror)
    type(weft_matrix), intent(in) :: A
    type(weft_vector), intent(inout) :: rank
    real(c_double), intent(in), optional :: damping, tolerance
    integer, intent(in), optional :: max_iterations
    integer, intent(inout), optional :: iterations
    integer, intent(out), optional :: ierror
    real(c_double) :: d, t
    integer(c_int) :: m, it, st
    d = default_damping
    t = default_tolerance
    m = default_max_iterations
    if (present(damping)) d = damping
    if (present(tolerance)) t = tolerance
    if (present(max_iterations)) m = int(max_iterations, c_int)
    it = 0
    st = c_weft_graph_pagerank(rank%ptr, it, A%ptr, d, t, m)
    if (st == WEFT_SUCCESS .and. present(iterations)) iterations = it
    call weft_check_(st, 'weft_graph_pagerank', ierror)
  end subroutine weft_graph_pagerank

  ! count = the number of triangles of the undirected graph (the pattern of A + A'
  ! without self-loops). method: a WEFT_TC_<method> (default WEFT_TC_DEFAULT); presort:
  ! a WEFT_TC_PRESORT_<order> (default WEFT_TC_PRESORT_AUTO); any method and presort give
  ! the same count, at a different cost. An unknown one: WEFT_INVALID_VALUE. A count
  ! that does not fit count's kind: WEFT_OVERFLOW.
  subroutine weft_graph_triangles(A, count, method, presort, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(inout) :: count
    integer, intent(in), optional :: method, presort
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_graph_triangles'
    integer(c_int) :: m, p, st
    integer(c_int64_t) :: n
    if (.not. out_ok_(count, 0_c_int64_t, 'count', r, ierror)) return
    m = WEFT_TC_DEFAULT
    p = WEFT_TC_PRESORT_AUTO
    if (present(method)) m = int(method, c_int)
    if (present(presort)) p = int(presort, c_int)
    n = 0
    st = c_weft_graph_triangles(n, A%ptr, m, p)
    if (st == WEFT_SUCCESS) then
      if (.not. out_ok_(count, n, 'count', r, ierror)) return
      call set_int_(count, n)
    end if
    call weft_check_(st, r, ierror)
  end subroutine weft_graph_triangles

  ! Connected components of the undirected graph (the pattern of A + A' without
  ! self-loops): component (INT64, every vertex) holds the lowest-numbered vertex
  ! (0-based) of the vertex's component; ncomponents their number (WEFT_OVERFLOW, and no
  ! vector made, when it does not fit its kind).
  subroutine weft_graph_components(A, component, ncomponents, ierror)
    type(weft_matrix), intent(in) :: A
    type(weft_vector), intent(inout) :: component
    class(*), intent(inout), optional :: ncomponents
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_graph_components'
    type(c_ptr) :: c
    integer(c_int64_t) :: n
    integer(c_int) :: st, freed
    if (present(ncomponents)) then
      if (.not. out_ok_(ncomponents, 0_c_int64_t, 'ncomponents', r, ierror)) return
    end if
    c = c_null_ptr
    n = 0
    st = c_weft_graph_components(c, n, A%ptr)
    if (st == WEFT_SUCCESS .and. present(ncomponents)) then
      ! Known only now: a count too large for the kind undoes the call.
      if (.not. out_ok_(ncomponents, n, 'ncomponents', r, ierror)) then
        freed = c_weft_vector_free(c)
        return
      end if
      call set_int_(ncomponents, n)
    end if
    if (st == WEFT_SUCCESS) component%ptr = c
    call weft_check_(st, r, ierror)
  end subroutine weft_graph_components

  ! Betweenness centrality from the sources (an INTEGER array of any kind; a source may
  ! repeat, counted each time): centrality (FP64, every vertex) holds, for each vertex
  ! v, the sum over the sources s /= v and the vertices t /= s, v of the fraction of
  ! shortest s-t paths (in edges, following edges as stored) through v. Every vertex as
  ! a source gives the exact betweenness of a directed graph; a symmetric A counts each
  ! unordered pair twice. No sources: WEFT_INVALID_VALUE; a source outside the vertices:
  ! WEFT_INVALID_INDEX. Memory O(size(sources) * n) beyond A.
  subroutine weft_graph_betweenness(A, sources, centrality, base, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: sources(:)
    type(weft_vector), intent(inout) :: centrality
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_graph_betweenness'
    integer(c_int64_t), allocatable :: s(:)
    integer(c_int64_t) :: b
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. indices_in_(sources, b, 'sources', r, s, ierror)) return
    call weft_check_(c_weft_graph_betweenness(centrality%ptr, A%ptr, s, size(s, kind=c_int64_t)), &
                     r, ierror)
  end subroutine weft_graph_betweenness
end module weft_graph
