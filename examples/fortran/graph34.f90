! graph34 — the graph of the semiring-engine examples: undirected, vertices 0..33, edges
! {i, (i+1) mod 34}, {i, (7i+5) mod 34} (when not i) and, when i mod 3 == 0,
! {i, (i+2) mod 34}; duplicates merged. 75 edges, 16 triangles, connected; BFS from
! vertex 0 has levels of 1, 5, 11, 12 and 5 vertices. Each example computes with the
! engine on graph_matrix and checks against plain loops over graph_adjacency.
module graph34
  use weft
  implicit none
  private
  public :: n, graph_matrix, graph_adjacency, fail

  integer, parameter :: n = 34

contains

  ! The edges as generated, both directions, duplicates included (0-based).
  subroutine edge_list(I, J)
    integer, allocatable, intent(out) :: I(:), J(:)
    integer :: v, k
    integer :: ends(3)
    allocate(I(0), J(0))
    do v = 0, n - 1
      ends = [mod(v + 1, n), mod(7 * v + 5, n), merge(mod(v + 2, n), v, mod(v, 3) == 0)]
      do k = 1, 3
        if (ends(k) == v) cycle
        I = [I, v, ends(k)]
        J = [J, ends(k), v]
      end do
    end do
  end subroutine edge_list

  ! The adjacency matrix: BOOL, true on both directions of every edge. build merges
  ! the duplicate edges with LOR. (The examples' semirings cast true to 1.)
  subroutine graph_matrix(A)
    type(weft_matrix), intent(inout) :: A
    integer, allocatable :: I(:), J(:)
    integer :: nvals
    call edge_list(I, J)
    call weft_matrix_new(WEFT_BOOL, n, n, A)
    call weft_build(A, I, J, spread(.true., 1, size(I)), dup=WEFT_LOR)
    call weft_nvals(A, nvals)
    if (nvals /= 2 * 75) call fail('the graph should have 75 edges')
  end subroutine graph_matrix

  ! The same graph as a plain array: adj(i, j) for vertices i, j in 0..33.
  function graph_adjacency() result(adj)
    logical :: adj(0:n - 1, 0:n - 1)
    integer, allocatable :: I(:), J(:)
    integer :: k
    call edge_list(I, J)
    adj = .false.
    do k = 1, size(I)
      adj(I(k), J(k)) = .true.
    end do
  end function graph_adjacency

  ! Stops the example with an error.
  subroutine fail(why)
    character(*), intent(in) :: why
    write(*, '(2a)') 'WRONG: ', why
    error stop 1
  end subroutine fail
end module graph34
