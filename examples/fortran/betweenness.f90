! Betweenness centrality (the GraphBLAS C API specification, appendix "betweenness
! centrality": Brandes' algorithm for a batch of sources at once, here in FP64): column k
! of each n x nsver matrix belongs to source sources(k).
!   BFS:   numsp = the number of shortest paths from each source; sigmas(d) = the
!          vertices at depth d; frontier<!numsp, replace> = A' PLUS.TIMES frontier
!   tally: bcu = 1 + the dependency of each vertex, depth by depth from the deepest:
!          w<sigmas(i)> = bcu ./ numsp, w<sigmas(i-1)> = A PLUS.TIMES w, bcu += w .* numsp
!   delta(v) = sum over the batch of bcu(v, :) - nsver
! Checked against Brandes' algorithm written with plain loops.
program betweenness
  use weft
  use graph34
  implicit none
  integer, parameter :: nsver = 4, sources(nsver) = [0, 9, 17, 26]   ! as examples/c
  type(weft_matrix) :: A, numsp, frontier, nspinv, bcu, w, sigmas(n)
  type(weft_vector) :: delta
  type(weft_scalar) :: one, minus_nsver
  real(8) :: bc(0:n - 1), plain(0:n - 1)
  integer :: d, i, k, nf, idx(n)

  call graph_matrix(A)
  ! numsp(sources(k), k) = 1; the frontier: the sources' neighbours, sources excluded.
  call weft_matrix_new(WEFT_INT64, n, nsver, numsp)
  call weft_build(numsp, sources, [(k, k = 0, nsver - 1)], spread(1, 1, nsver))
  call weft_matrix_new(WEFT_INT64, n, nsver, frontier)
  call weft_extract(frontier, A, J=sources, mask=numsp, desc=WEFT_DESC_RSCT0)
  ! The BFS phase.
  d = 0
  do
    d = d + 1
    call weft_matrix_new(WEFT_BOOL, n, nsver, sigmas(d))
    call weft_apply(sigmas(d), WEFT_IDENTITY_BOOL, frontier)
    call weft_ewise_add(numsp, WEFT_PLUS_INT64, numsp, frontier)
    call weft_mxm(frontier, WEFT_PLUS_TIMES_SEMIRING_INT64, A, frontier, mask=numsp, &
                  desc=WEFT_DESC_RSCT0)
    call weft_nvals(frontier, nf)
    if (nf == 0) exit
  end do
  ! The tally phase.
  call weft_matrix_new(WEFT_FP64, n, nsver, nspinv)
  call weft_apply(nspinv, WEFT_MINV_FP64, numsp)
  call weft_matrix_new(WEFT_FP64, n, nsver, bcu)
  call weft_scalar_new(WEFT_FP64, 1, one)
  call weft_assign(bcu, one)                                  ! every position: 1
  call weft_matrix_new(WEFT_FP64, n, nsver, w)
  do i = d, 2, -1
    call weft_ewise_mult(w, WEFT_TIMES_FP64, bcu, nspinv, mask=sigmas(i), desc=WEFT_DESC_R)
    call weft_mxm(w, WEFT_PLUS_TIMES_SEMIRING_FP64, A, w, mask=sigmas(i - 1), desc=WEFT_DESC_R)
    call weft_ewise_mult(bcu, WEFT_TIMES_FP64, w, numsp, accum=WEFT_PLUS_FP64)
  end do
  call weft_vector_new(WEFT_FP64, n, delta)
  call weft_scalar_new(WEFT_FP64, -nsver, minus_nsver)
  call weft_assign(delta, minus_nsver)
  call weft_reduce(delta, WEFT_PLUS_MONOID_FP64, bcu, accum=WEFT_PLUS_FP64)
  call weft_extract_tuples(delta, idx, bc, k)

  plain = brandes(graph_adjacency())
  if (k /= n .or. any(abs(bc - plain) > 1d-9 * max(1d0, abs(plain)))) &
    call fail('betweenness differs from the plain Brandes computation')
  write(*, '(a, i0, a)') 'betweenness (', nsver, ' sources):'
  write(*, '(*(1x, f0.4))') bc

  call weft_free(A)
  call weft_free(numsp)
  call weft_free(frontier)
  call weft_free(nspinv)
  call weft_free(bcu)
  call weft_free(w)
  do i = 1, d
    call weft_free(sigmas(i))
  end do
  call weft_free(delta)
  call weft_free(one)
  call weft_free(minus_nsver)

contains

  ! Brandes' dependencies summed over the batch, with a queue and plain arrays.
  function brandes(adj) result(bc)
    logical, intent(in) :: adj(0:, 0:)
    real(8) :: bc(0:n - 1), sigma(0:n - 1), dep(0:n - 1)
    integer :: dist(0:n - 1), order(n), head, tail, s, u, v, k
    bc = 0
    do k = 1, nsver
      s = sources(k)
      dist = -1
      sigma = 0
      dist(s) = 0
      sigma(s) = 1
      order(1) = s
      head = 1
      tail = 1
      do while (head <= tail)            ! BFS; order lists the vertices by distance
        u = order(head)
        head = head + 1
        do v = 0, n - 1
          if (.not. adj(u, v)) cycle
          if (dist(v) < 0) then
            dist(v) = dist(u) + 1
            tail = tail + 1
            order(tail) = v
          end if
          if (dist(v) == dist(u) + 1) sigma(v) = sigma(v) + sigma(u)
        end do
      end do
      dep = 0
      do head = tail, 1, -1              ! dependencies, deepest first
        v = order(head)
        do u = 0, n - 1
          if (adj(u, v) .and. dist(u) == dist(v) - 1) &
            dep(u) = dep(u) + sigma(u) / sigma(v) * (1 + dep(v))
        end do
      end do
      dep(s) = 0
      bc = bc + dep
    end do
  end function brandes
end program betweenness
