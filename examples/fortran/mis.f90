! Maximal independent set (the GraphBLAS C API specification, appendix "maximal
! independent set": Luby's randomized algorithm). Each round every candidate draws a
! random weight, scaled by 1 / (1 + 2 degree) as in the appendix; a candidate heavier
! than all its candidate neighbours joins the set, and it and its neighbours stop being
! candidates:
!   prob<candidates, replace>          = weights
!   neighbor_max<candidates, replace>  = A MAX.SECOND prob
!   new_members<candidates, replace>   = prob GT neighbor_max  (ewise_add: no candidate
!                                        neighbour, no comparison: the vertex joins)
!   iset<new_members>                  = true
!   new_neighbors<candidates, replace> = A LOR.LAND new_members
!   candidates<!removed, replace>      = candidates, removed = new_members LOR new_neighbors
! Checked with plain loops: no edge inside the set (independent) and every other vertex
! has a neighbour in it (maximal).
program mis
  use, intrinsic :: iso_fortran_env, only: int64
  use weft
  use graph34
  implicit none
  type(weft_matrix) :: A
  type(weft_vector) :: degrees, candidates, prob, weights, neighbor_max, new_members, &
                       new_neighbors, removed, iset
  type(weft_scalar) :: true_value
  real(8) :: degree(0:n - 1), random(0:n - 1)
  integer :: idx(n), k, ncand, nset, rounds, u, w
  logical :: in_set(n), member(0:n - 1), adj(0:n - 1, 0:n - 1)
  integer(int64) :: seed

  call graph_matrix(A)
  call weft_vector_new(WEFT_FP64, n, degrees)
  call weft_reduce(degrees, WEFT_PLUS_MONOID_FP64, A)          ! degree = row sums of A
  call weft_extract_tuples(degrees, idx, degree, k)
  if (k /= n) call fail('a vertex without edges')
  call weft_vector_new(WEFT_BOOL, n, candidates)
  call weft_vector_new(WEFT_FP64, n, prob)
  call weft_vector_new(WEFT_FP64, n, weights)
  call weft_vector_new(WEFT_FP64, n, neighbor_max)
  call weft_vector_new(WEFT_BOOL, n, new_members)
  call weft_vector_new(WEFT_BOOL, n, new_neighbors)
  call weft_vector_new(WEFT_BOOL, n, removed)
  call weft_vector_new(WEFT_BOOL, n, iset)
  call weft_build_dense(candidates, spread(.true., 1, n))       ! every vertex
  call weft_scalar_new(WEFT_BOOL, .true., true_value)
  seed = 20240611
  rounds = 0
  call weft_nvals(candidates, ncand)
  do while (ncand > 0)
    rounds = rounds + 1
    do k = 0, n - 1
      random(k) = next_random()
    end do
    call weft_clear(weights)
    call weft_build_dense(weights, 0.0001d0 + random / (1 + 2 * degree))
    call weft_assign(prob, weights, mask=candidates, desc=WEFT_DESC_R)
    call weft_mxv(neighbor_max, WEFT_MAX_SECOND_SEMIRING_FP64, A, prob, mask=candidates, &
                  desc=WEFT_DESC_R)
    call weft_ewise_add(new_members, WEFT_GT_FP64, prob, neighbor_max, mask=candidates, &
                        desc=WEFT_DESC_R)
    call weft_assign(iset, true_value, mask=new_members)
    call weft_mxv(new_neighbors, WEFT_LOR_LAND_SEMIRING_BOOL, A, new_members, mask=candidates, &
                  desc=WEFT_DESC_R)
    call weft_ewise_add(removed, WEFT_LOR, new_members, new_neighbors)
    call weft_apply(candidates, WEFT_IDENTITY_BOOL, candidates, mask=removed, desc=WEFT_DESC_RC)
    call weft_nvals(candidates, ncand)
  end do

  ! The set as a plain array, then the two properties by plain loops.
  call weft_extract_tuples(iset, idx, in_set, nset)   ! every entry is true
  member = .false.
  member(idx(1:nset)) = .true.
  adj = graph_adjacency()
  do u = 0, n - 1
    do w = 0, n - 1
      if (adj(u, w) .and. member(u) .and. member(w)) call fail('two adjacent vertices in the set')
    end do
    if (.not. member(u) .and. .not. any(adj(u, :) .and. member)) &
      call fail('a vertex outside the set without a neighbour in it: not maximal')
  end do
  write(*, '(a, i0, a, i0, a)') 'mis: ', nset, ' vertices in ', rounds, ' rounds:'
  write(*, '(*(1x, i0))') pack([(u, u = 0, n - 1)], member)

  call weft_free(A)
  call weft_free(degrees)
  call weft_free(candidates)
  call weft_free(prob)
  call weft_free(weights)
  call weft_free(neighbor_max)
  call weft_free(new_members)
  call weft_free(new_neighbors)
  call weft_free(removed)
  call weft_free(iset)
  call weft_free(true_value)

contains

  ! A reproducible uniform number in [0, 1) (a 31-bit linear congruential generator).
  real(8) function next_random()
    seed = mod(1103515245_int64 * seed + 12345_int64, 2_int64**31)
    next_random = real(seed, 8) / 2d0**31
  end function next_random
end program mis
