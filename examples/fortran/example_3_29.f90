! MPI-1.1 Example 3.29: send and receive the section a(1:17:2, 3:11, 2:10) of
! REAL a(100,100,100) into e(9,9,9).
! Errata fixed: MPI_COMM_RANK gets its ierr; the third MPI_TYPE_HVECTOR call had a
! spurious "1," argument. sizeofreal is a default INTEGER, as in the MPI-1 text (weft's
! generics accept default INTEGER byte strides).
! Also: weft_type_from_section(a(1:17:2, 3:11, 2:10), ...) builds the same type
! directly from the section.
program example_3_29
  use mpi
  use weft
  use mpi_example
  implicit none
  real, allocatable :: a(:, :, :), pa(:, :, :)
  real :: e(9, 9, 9)
  integer :: lb, sizeofreal, myrank, nranks, partner, ierr, i, j, k, nbytes, mthree
  integer :: status(MPI_STATUS_SIZE)
  type(weft_type) :: oneslice, twoslice, threeslice, section
  logical :: bad_copy, bad_mpi

  call example_start(myrank, nranks, partner)
  allocate(a(100, 100, 100), pa(100, 100, 100))
  call fill(a, myrank)
  call fill(pa, partner)   ! what the partner holds

  call weft_type_extent(WEFT_REAL, lb, sizeofreal)

  ! create datatype for a 1D section
  call weft_type_vector(9, 1, 2, WEFT_REAL, oneslice)
  ! create datatype for a 2D section
  call weft_type_hvector(9, 1, 100 * sizeofreal, oneslice, twoslice)
  ! create datatype for the entire section
  call weft_type_hvector(9, 1, 100 * 100 * sizeofreal, twoslice, threeslice)
  call weft_type_commit(threeslice)

  ! weft_copy: e(i,j,k) = a(2i-1, j+2, k+1)
  e = 0
  call weft_copy(a(1, 3, 2), 1, threeslice, e, 9 * 9 * 9, WEFT_REAL, nbytes)
  bad_copy = nbytes /= 9 * 9 * 9 * 4 .or. any(e /= a(1:17:2, 3:11, 2:10))
  do k = 1, 9
    do j = 1, 9
      do i = 1, 9
        if (e(i, j, k) /= a(2 * i - 1, j + 2, k + 1)) bad_copy = .true.
      end do
    end do
  end do
  ! the same with the type built from the section itself
  call weft_type_from_section(a(1:17:2, 3:11, 2:10), section)
  call weft_type_commit(section)
  bad_copy = bad_copy .or. .not. same_typemap(section, threeslice)
  e = 0
  call weft_copy(a(1:17:2, 3:11, 2:10), 1, section, e, 9 * 9 * 9, WEFT_REAL, nbytes)
  bad_copy = bad_copy .or. any(e /= a(1:17:2, 3:11, 2:10))

  ! MPI: the converted type on the send side, 729 MPI_REAL on the receive side
  e = 0
  mthree = mpi_type_of(threeslice)
  call MPI_SENDRECV(a(1, 3, 2), 1, mthree, partner, 0, e, 9 * 9 * 9, MPI_REAL, partner, 0, &
                    MPI_COMM_WORLD, status, ierr)
  bad_mpi = ierr /= MPI_SUCCESS .or. any(e /= pa(1:17:2, 3:11, 2:10))
  call MPI_TYPE_FREE(mthree, ierr)

  call weft_type_free(oneslice)
  call weft_type_free(twoslice)
  call weft_type_free(threeslice)
  call weft_type_free(section)
  deallocate(a, pa)   ! before example_report, which ends the program
  call example_report('3.29', 'a(1:17:2,3:11,2:10) -> e(9,9,9) (hvector nest and ' // &
                      'weft_type_from_section), checked against e = a(1:17:2,3:11,2:10)', &
                      bad_copy, bad_mpi)

contains

  ! Values exact in REAL and different on every rank.
  subroutine fill(x, rank)
    real, intent(out) :: x(100, 100, 100)
    integer, intent(in) :: rank
    integer :: i, j, k
    do k = 1, 100
      do j = 1, 100
        do i = 1, 100
          x(i, j, k) = real(i + 100 * (j - 1) + 10000 * (k - 1) + 1048576 * rank)
        end do
      end do
    end do
  end subroutine fill

  ! The two types have the same typemap and bounds.
  logical function same_typemap(t1, t2)
    type(weft_type), intent(in) :: t1, t2
    type(weft_type) :: b1(729), b2(729)
    integer(WEFT_ADDRESS_KIND) :: d1(729), d2(729), l1, e1, l2, e2
    integer(WEFT_COUNT_KIND) :: n1, n2
    call weft_type_typemap(t1, 729_WEFT_COUNT_KIND, b1, d1, n1)
    call weft_type_typemap(t2, 729_WEFT_COUNT_KIND, b2, d2, n2)
    call weft_type_extent(t1, l1, e1)
    call weft_type_extent(t2, l2, e2)
    same_typemap = n1 == 729 .and. n2 == 729 .and. all(b1 == b2) .and. all(d1 == d2) .and. &
                   l1 == l2 .and. e1 == e2
  end function same_typemap
end program example_3_29
