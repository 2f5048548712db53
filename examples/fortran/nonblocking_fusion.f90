! Nonblocking mode: the same element-wise chain run fused.
!
!   example_fortran_nonblocking_fusion [N]        (N entries, default 1000000)
!
! w = max(|(x + y) .* x|, y) on two dense vectors, written as four calls with three
! intermediates that are freed before w is read. In WEFT_NONBLOCKING mode the calls are
! only checked and queued; reading w (here weft_wait) runs them as one fused pass over
! memory, tile by tile, and t1..t3 are never written at all. weft_get_stat tells what
! happened; the result is checked against a plain loop. The Fortran twin of
! examples/c/nonblocking_fusion.c; stops with exit code 1 on a mismatch.
program nonblocking_fusion
  use, intrinsic :: iso_fortran_env, only: int64, error_unit
  use weft
  implicit none
  character(len=22), parameter :: names(0:5) = [character(len=22) :: 'queued', &
    'passes over memory', 'fused groups', 'operations fused', 'results never written', &
    'bytes written']
  integer(int64) :: n, nvals, i, before(0:5), after(0:5)
  integer :: k
  type(weft_vector) :: x, y, t1, t2, t3, w
  real(8) :: got, want
  logical :: bad

  n = size_argument()
  call weft_init(WEFT_NONBLOCKING)   ! before any object exists
  x = dense(n, .true.)
  y = dense(n, .false.)
  call weft_wait(x, WEFT_MATERIALIZE)
  call weft_wait(y, WEFT_MATERIALIZE)

  do k = WEFT_STAT_DEFERRED, WEFT_STAT_BYTES_WRITTEN
    call weft_get_stat(k, before(k))
  end do

  call weft_vector_new(WEFT_FP64, n, t1)
  call weft_vector_new(WEFT_FP64, n, t2)
  call weft_vector_new(WEFT_FP64, n, t3)
  call weft_vector_new(WEFT_FP64, n, w)
  call weft_ewise_add(t1, WEFT_PLUS_FP64, x, y)     ! t1 = x + y
  call weft_ewise_mult(t2, WEFT_TIMES_FP64, t1, x)  ! t2 = t1 .* x
  call weft_apply(t3, WEFT_ABS_FP64, t2)            ! t3 = |t2|
  call weft_ewise_add(w, WEFT_MAX_FP64, t3, y)      ! w = max(t3, y)
  call weft_free(t1)
  call weft_free(t2)
  call weft_free(t3)
  call weft_wait(w, WEFT_MATERIALIZE)               ! runs the four, fused

  do k = WEFT_STAT_DEFERRED, WEFT_STAT_BYTES_WRITTEN
    call weft_get_stat(k, after(k))
  end do
  write(*, '(a, i0, a)') 'w = max(|(x + y) .* x|, y) on ', n, ' entries, nonblocking:'
  do k = 0, 5
    write(*, '(2x, a, 1x, i0)') names(k), after(k) - before(k)
  end do

  ! The result, against a plain loop.
  call weft_nvals(w, nvals)
  bad = nvals /= n
  i = 0
  do while (i < n .and. .not. bad)
    got = 0
    call weft_extract_element(w, i, got)
    want = max(abs((xval(i) + yval(i)) * xval(i)), yval(i))
    bad = got /= want
    i = i + 997
  end do
  ! One pass, four operations fused, three intermediates never written.
  bad = bad .or. after(WEFT_STAT_FUSED_OPS) - before(WEFT_STAT_FUSED_OPS) /= 4 .or. &
        after(WEFT_STAT_SKIPPED) - before(WEFT_STAT_SKIPPED) /= 3
  if (bad) then
    write(*, '(a)') 'MISMATCH'
  else
    write(*, '(a)') 'checked: the values of a plain loop; 4 operations in 1 pass'
  end if
  call weft_free(w)
  call weft_free(x)
  call weft_free(y)
  call weft_finalize()
  if (bad) stop 1

contains

  elemental real(8) function xval(i)
    integer(int64), intent(in) :: i
    xval = real(mod(i, 13_int64), 8) - 6
  end function xval

  elemental real(8) function yval(i)
    integer(int64), intent(in) :: i
    yval = real(mod(i * 7, 11_int64), 8) - 5
  end function yval

  ! A dense FP64 vector of n entries, x(i) = xval(i) (first) or yval(i), i = 0..n-1.
  function dense(n, first) result(v)
    integer(int64), intent(in) :: n
    logical, intent(in) :: first
    type(weft_vector) :: v
    integer(int64), allocatable :: idx(:)
    real(8), allocatable :: vals(:)
    integer(int64) :: j
    allocate(idx(n), vals(n))
    do j = 1, n
      idx(j) = j - 1
    end do
    if (first) then
      vals = xval(idx)
    else
      vals = yval(idx)
    end if
    call weft_vector_new(WEFT_FP64, n, v)
    call weft_build(v, idx, vals)
  end function dense

  ! N, the optional first argument (default 1000000); anything but a count >= 1 stops
  ! with the usage and exit code 2.
  integer(int64) function size_argument() result(m)
    character(len=64) :: text
    integer :: ios
    m = 1000000
    if (command_argument_count() < 1) return
    call get_command_argument(1, text)
    read(text, *, iostat=ios) m
    if (ios /= 0 .or. m < 1) then
      write(error_unit, '(a)') 'usage: example_fortran_nonblocking_fusion [N >= 1]'
      stop 2
    end if
  end function size_argument
end program nonblocking_fusion
