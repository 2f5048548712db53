! weft_indexer_common — the handle types of the global indexer (type(weft_indexer),
! type(weft_request)) and what the kind-generic indexer routines (weft_indexer.inc,
! weft_indexer_alloc.inc) share: the layout of the parts on this rank, buffer addresses,
! the check that makes a call fail on every rank, and copies out of memory that weft
! allocated. Use the types through module weft_mpi.
module weft_indexer_common
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_int, c_int8_t, c_int64_t, &
                                         c_intptr_t, c_loc, c_f_pointer, c_associated
  use mpi_f08, only: MPI_Comm, MPI_COMM_NULL, MPI_Comm_size, operator(==)
  use weft_constants, only: WEFT_SUCCESS, WEFT_INVALID_VALUE, WEFT_DIMENSION_MISMATCH
  use weft_c_api, only: c_weft_type_extent, c_weft_free, c_weft_fortran_buffer_info, &
                        c_weft_fortran_error_set, c_weft_fortran_error_clear
  use weft_mpi_c_api, only: c_weft_indexer_sizes, c_weft_indexer_part_size, &
                            c_weft_indexer_free
  use weft_errors, only: weft_report_, weft_int_text_
  implicit none
  private

  ! A global indexer handle (the C weft_indexer). Null until weft_indexer_new or
  ! weft_indexer_new_multi sets it; weft_indexer_free sets it back to null. The component
  ! is public for passing handles to C code.
  type, bind(C), public :: weft_indexer
    type(c_ptr) :: ptr = c_null_ptr
  end type weft_indexer

  ! The request of a split-phase exchange (weft_indexer_take_begin / _put_begin), null
  ! again after weft_request_wait.
  type, bind(C), public :: weft_request
    type(c_ptr) :: ptr = c_null_ptr
  end type weft_request

  type(weft_indexer), parameter, public :: WEFT_INDEXER_NULL = weft_indexer(c_null_ptr)
  type(weft_request), parameter, public :: WEFT_REQUEST_NULL = weft_request(c_null_ptr)

  ! Handles are equal when they refer to the same object (both null included).
  public :: operator(==), operator(/=)
  interface operator(==)
    module procedure indexers_equal, requests_equal
  end interface
  interface operator(/=)
    module procedure indexers_differ, requests_differ
  end interface

  ! The layout of the indexer on this rank: dn items owned, nparts parts of nidx(k)
  ! items, part k starting at item first(k) of the flattened part-side arrays (0-based).
  ! ok is .false. when the handle could not be queried (the C call reports it).
  type, public :: weft_ix_layout_
    logical :: ok = .false.
    integer(c_int64_t) :: dn = 0, nparts = 0, total = 0
    integer(c_int64_t), allocatable :: nidx(:), first(:)
  end type weft_ix_layout_

  ! A rank-local error found by the binding in a collective call: the call is still made
  ! (so that no rank waits forever) with an invalid unit, which fails it on every rank;
  ! the rank that found the error then reports it with this status and message.
  type, public :: weft_ix_fault_
    integer(c_int) :: status = WEFT_SUCCESS
    character(len=:), allocatable :: message
  end type weft_ix_fault_

  public :: weft_ix_layout_of_, weft_ix_extent_, weft_ix_storage_, &
            weft_ix_offset_, weft_ix_part_pointers_, weft_ix_set_fault_, weft_ix_finish_, &
            weft_ix_distrib_, weft_ix_copy_bytes_, weft_ix_free_c_

contains

  elemental logical function same_ptr(a, b)
    type(c_ptr), intent(in) :: a, b
    if (.not. c_associated(a)) then
      same_ptr = .not. c_associated(b)
    else
      same_ptr = c_associated(a, b)
    end if
  end function same_ptr

  elemental logical function indexers_equal(a, b)
    type(weft_indexer), intent(in) :: a, b
    indexers_equal = same_ptr(a%ptr, b%ptr)
  end function indexers_equal

  elemental logical function indexers_differ(a, b)
    type(weft_indexer), intent(in) :: a, b
    indexers_differ = .not. same_ptr(a%ptr, b%ptr)
  end function indexers_differ

  elemental logical function requests_equal(a, b)
    type(weft_request), intent(in) :: a, b
    requests_equal = same_ptr(a%ptr, b%ptr)
  end function requests_equal

  elemental logical function requests_differ(a, b)
    type(weft_request), intent(in) :: a, b
    requests_differ = .not. same_ptr(a%ptr, b%ptr)
  end function requests_differ

  ! What this rank's side of the indexer looks like.
  function weft_ix_layout_of_(gi) result(lay)
    type(c_ptr), intent(in) :: gi
    type(weft_ix_layout_) :: lay
    integer(c_int64_t) :: k, n
    lay%ok = c_weft_indexer_sizes(gi, lay%dn, lay%nparts) == WEFT_SUCCESS
    if (.not. lay%ok) then
      lay%dn = 0
      lay%nparts = 0
    end if
    allocate(lay%nidx(lay%nparts), lay%first(lay%nparts))
    lay%total = 0
    do k = 1, lay%nparts
      n = 0
      if (c_weft_indexer_part_size(gi, k - 1, n) /= WEFT_SUCCESS) lay%ok = .false.
      lay%nidx(k) = n
      lay%first(k) = lay%total
      lay%total = lay%total + n
    end do
  end function weft_ix_layout_of_

  ! The extent of a unit in bytes (negative extents count as 0); -1 for a bad handle
  ! (the C call that follows reports it).
  integer(c_int64_t) function weft_ix_extent_(unit) result(e)
    type(c_ptr), intent(in) :: unit
    integer(c_intptr_t) :: lb, ext
    lb = 0
    ext = 0
    e = -1
    if (c_weft_type_extent(unit, lb, ext) == WEFT_SUCCESS) e = max(int(ext, c_int64_t), 0_c_int64_t)
  end function weft_ix_extent_

  ! The bytes a buffer's elements occupy (-1 for an assumed-size array).
  integer(c_int64_t) function weft_ix_storage_(buf) result(nbytes)
    type(*), dimension(..), intent(in) :: buf
    type(c_ptr) :: address
    integer(c_int) :: contiguous
    call c_weft_fortran_buffer_info(buf, address, nbytes, contiguous)
  end function weft_ix_storage_

  ! address + bytes.
  type(c_ptr) function weft_ix_offset_(address, bytes) result(p)
    type(c_ptr), intent(in) :: address
    integer(c_int64_t), intent(in) :: bytes
    p = transfer(transfer(address, 0_c_intptr_t) + int(bytes, c_intptr_t), address)
  end function weft_ix_offset_

  ! The C parts[] array for a flattened part-side buffer at base: part k starts at item
  ! first(k), each item being item_bytes long. Always at least one entry (so that C never
  ! sees a pointer to nothing).
  subroutine weft_ix_part_pointers_(lay, base, item_bytes, ptrs)
    type(weft_ix_layout_), intent(in) :: lay
    type(c_ptr), intent(in) :: base
    integer(c_int64_t), intent(in) :: item_bytes
    type(c_ptr), allocatable, intent(out) :: ptrs(:)
    integer(c_int64_t) :: k
    allocate(ptrs(max(lay%nparts, 1_c_int64_t)))
    ptrs = base
    do k = 1, lay%nparts
      ptrs(k) = weft_ix_offset_(base, lay%first(k) * max(item_bytes, 0_c_int64_t))
    end do
  end subroutine weft_ix_part_pointers_

  ! Records the first error the binding finds in a call.
  subroutine weft_ix_set_fault_(fault, status, routine, message)
    type(weft_ix_fault_), intent(inout) :: fault
    integer(c_int), intent(in) :: status
    character(*), intent(in) :: routine, message
    if (fault%status /= WEFT_SUCCESS) return
    fault%status = status
    fault%message = routine // ': ' // message
  end subroutine weft_ix_set_fault_

  ! Reports a collective call: the binding's own error if it found one on this rank,
  ! else the C status. Returns .true. when the call succeeded (status >= 0).
  logical function weft_ix_finish_(fault, status, routine, ierror) result(ok)
    type(weft_ix_fault_), intent(in) :: fault
    integer(c_int), intent(in) :: status
    character(*), intent(in) :: routine
    integer, intent(out), optional :: ierror
    if (fault%status /= WEFT_SUCCESS) then
      call c_weft_fortran_error_set(fault%message, int(len(fault%message), c_int64_t))
      call weft_report_(fault%status, routine, ierror)
      ok = .false.
    else
      if (status < 0) call c_weft_fortran_error_clear()
      call weft_report_(status, routine, ierror)
      ok = status >= 0
    end if
  end function weft_ix_finish_

  ! The distribution for C: nranks+1 entries (nranks of the Fortran communicator comm).
  ! A distribution of another size is an error of this rank: the C library then gets
  ! one that starts with -1, which it rejects on every rank alike.
  subroutine weft_ix_distrib_(d, comm, out, fault, routine)
    integer(c_int64_t), intent(in) :: d(:)
    integer(c_int), intent(in) :: comm
    integer(c_int64_t), allocatable, target, intent(out) :: out(:)
    type(weft_ix_fault_), intent(inout) :: fault
    character(*), intent(in) :: routine
    type(MPI_Comm) :: c
    integer :: nranks, ierr
    c%MPI_VAL = comm
    if (c == MPI_COMM_NULL) then        ! the C library reports it
      allocate(out(max(size(d), 1)))
      out = 0
      out(1:size(d)) = d
      return
    end if
    call MPI_Comm_size(c, nranks, ierr)
    allocate(out(nranks + 1))
    if (size(d) == nranks + 1) then
      out = d
    else
      out = 0
      out(1) = -1
      call weft_ix_set_fault_(fault, WEFT_INVALID_VALUE, routine, 'size(distrib) ' // &
        weft_int_text_(int(size(d), c_int64_t)) // ' /= the number of ranks + 1 = ' // &
        weft_int_text_(int(nranks + 1, c_int64_t)))
    end if
  end subroutine weft_ix_distrib_

  ! Copies nbytes from src to dst (no overlap).
  subroutine weft_ix_copy_bytes_(src, dst, nbytes)
    type(c_ptr), intent(in) :: src, dst
    integer(c_int64_t), intent(in) :: nbytes
    integer(c_int8_t), pointer :: s(:), t(:)
    if (nbytes <= 0) return
    call c_f_pointer(src, s, [nbytes])
    call c_f_pointer(dst, t, [nbytes])
    t = s
  end subroutine weft_ix_copy_bytes_

  ! weft_free for every non-NULL pointer of an array.
  subroutine weft_ix_free_c_(ptrs)
    type(c_ptr), intent(inout) :: ptrs(:)
    integer :: k
    do k = 1, size(ptrs)
      if (c_associated(ptrs(k))) call c_weft_free(ptrs(k))
      ptrs(k) = c_null_ptr
    end do
  end subroutine weft_ix_free_c_
end module weft_indexer_common
