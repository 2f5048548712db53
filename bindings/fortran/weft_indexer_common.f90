! weft_indexer_common — the handle types of the global indexer (type(weft_indexer),
! type(weft_request)) and what the kind-generic indexer routines (weft_indexer.inc,
! weft_indexer_alloc.inc) share: the layout of the parts on this rank, buffer addresses,
! abstaining from a call (weft_mpi.h), copies out of memory that weft
! allocated, and what a split-phase exchange keeps until weft_request_wait. Use the
! types through module weft_mpi.
module weft_indexer_common
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_int, c_int8_t, c_int64_t, &
                                         c_intptr_t, c_bool, c_loc, c_f_pointer, c_associated
  use mpi_f08, only: MPI_Comm, MPI_COMM_NULL, MPI_Comm_size, operator(==)
  use weft_constants, only: WEFT_SUCCESS, WEFT_INVALID_VALUE, WEFT_DIMENSION_MISMATCH, &
                            WEFT_OVERFLOW, WEFT_INSUFFICIENT_SPACE
  use weft_c_api, only: c_weft_type_extent, c_weft_free, c_weft_fortran_buffer_info, &
                        c_weft_fortran_error_set, c_weft_fortran_error_clear
  use weft_mpi_c_api, only: c_weft_indexer_sizes, c_weft_indexer_part_size, &
                            c_weft_indexer_free, c_weft_request_wait, &
                            c_weft_indexer_new_multi_f, c_weft_indexer_put_alloc, &
                            c_weft_indexer_take_v, c_weft_indexer_take_v_alloc, &
                            c_weft_indexer_put_v, c_weft_indexer_put_v_into, &
                            c_weft_indexer_take_v_begin, c_weft_indexer_take_v_alloc_begin, &
                            c_weft_indexer_put_v_begin, c_weft_indexer_put_v_into_begin
  use weft_errors, only: weft_report_, weft_int_text_
  implicit none
  private

  ! A global indexer handle (the C weft_indexer). Null until weft_indexer_new or
  ! weft_indexer_new_multi sets it; weft_indexer_free sets it back to null. The component
  ! is public for passing handles to C code.
  type, bind(C), public :: weft_indexer
    type(c_ptr) :: ptr = c_null_ptr
  end type weft_indexer

  ! The request of a split-phase exchange (weft_indexer_*_begin), null again after
  ! weft_request_wait. ptr is the C weft_request (public for passing it to C code, which
  ! then completes only the C side). pending holds what the binding must keep until the
  ! wait for the variable-size exchanges (the C arrays weft reads or writes at wait, and
  ! where the Fortran results go); null for the others.
  type, public :: weft_request
    type(c_ptr) :: ptr = c_null_ptr
    type(weft_ix_pending_), pointer, private :: pending => null()
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

  ! A rank-local error found by the binding in a collective call: this rank abstains
  ! from the call (weft_ix_abstained_), which fails it on every rank; the rank that found
  ! the error then reports it with this status and message.
  type, public :: weft_ix_fault_
    integer(c_int) :: status = WEFT_SUCCESS
    character(len=:), allocatable :: message
  end type weft_ix_fault_

  ! What a split-phase variable-size exchange leaves for weft_request_wait (what):
  integer, parameter, public :: &
    WEFT_IX_TAKE_V_ = 1, &        ! take_v_begin, one part: C writes counts and the caller's
                                  ! values; counts go to the caller's part_counts at wait
    WEFT_IX_TAKE_V_COPY_ = 2, &   ! take_v_begin, other numbers of parts: weft allocates
                                  ! each part (cps, vps), copied at wait into the caller's
                                  ! part_counts and values (at address values, capacity units)
    WEFT_IX_PUT_V_INTO_ = 3, &    ! put_v_into_begin: C writes counts, needed and the caller's
                                  ! values; counts and needed go to the caller's at wait
    WEFT_IX_TAKE_V_ALLOC_ = 4, &  ! take_v_alloc_begin: weft allocates cps, vps; the
                                  ! allocatable results are made at wait
    WEFT_IX_PUT_V_ = 5            ! put_v_begin: weft allocates outc, outv; likewise
  ! Every array given to C lives here until the wait (whether C reads it at begin or at
  ! wait), at a fixed address: a pending record is allocated once and never copied.
  type, public :: weft_ix_pending_
    integer :: what = 0
    type(weft_ix_layout_) :: lay
    integer(c_int64_t) :: ext = 0                    ! the unit's extent
    integer(c_int64_t), allocatable :: inputs(:)     ! dist_counts (take_v), part_counts (put_v)
    integer(c_int64_t), allocatable :: init(:)       ! init_counts (put_v)
    integer(c_int64_t), allocatable :: counts(:)     ! the counts C writes (take_v, put_v_into)
    integer(c_int64_t), allocatable :: cap(:)        ! part_capacity (take_v)
    integer(c_int64_t) :: needed = 0                 ! *needed (put_v_into)
    type(c_ptr), allocatable :: cps(:), vps(:)       ! the C part_counts[] and part_values[]
    type(c_ptr) :: outc = c_null_ptr, outv = c_null_ptr   ! *dist_counts, *dist_values (put_v)
    type(c_ptr) :: values = c_null_ptr               ! the caller's values (TAKE_V_COPY_)
    integer(c_int64_t) :: capacity = 0               ! ... and their capacity in units
    ! Where the counts and needed go: the caller's arrays, of one of the two kinds.
    integer, pointer :: counts_d(:) => null(), needed_d => null()
    integer(c_int64_t), pointer :: counts_8(:) => null(), needed_8 => null()
  end type weft_ix_pending_

  ! The calls a rank can abstain from (those in which the binding checks arguments).
  integer, parameter, public :: &
    WEFT_IX_CALL_NEW_ = 1, WEFT_IX_CALL_PUT_ALLOC_ = 2, WEFT_IX_CALL_TAKE_V_ = 3, &
    WEFT_IX_CALL_TAKE_V_ALLOC_ = 4, WEFT_IX_CALL_PUT_V_ = 5, WEFT_IX_CALL_PUT_V_INTO_ = 6, &
    WEFT_IX_CALL_TAKE_V_BEGIN_ = 7, WEFT_IX_CALL_TAKE_V_ALLOC_BEGIN_ = 8, &
    WEFT_IX_CALL_PUT_V_BEGIN_ = 9, WEFT_IX_CALL_PUT_V_INTO_BEGIN_ = 10

  public :: weft_ix_layout_of_, weft_ix_extent_, weft_ix_storage_, &
            weft_ix_offset_, weft_ix_part_pointers_, weft_ix_set_fault_, weft_ix_finish_, &
            weft_ix_distrib_, weft_ix_copy_bytes_, weft_ix_free_c_, weft_ix_need_entries_, &
            weft_ix_fit_, weft_ix_c_array_, weft_ix_capacity_, weft_ix_gather_counts_, &
            weft_ix_gather_values_, weft_ix_put_v_check_, weft_ix_put_v_args_, &
            weft_ix_keep_counts_, weft_ix_keep_needed_, weft_ix_begun_, weft_ix_wait_, &
            weft_ix_complete_, weft_ix_release_, weft_ix_allocating_, weft_ix_request_wait_, &
            weft_ix_abstained_

  ! Records where weft_request_wait writes the counts (and needed) of a request.
  interface weft_ix_keep_counts_
    module procedure keep_counts_d, keep_counts_8
  end interface
  interface weft_ix_keep_needed_
    module procedure keep_needed_d, keep_needed_8
  end interface

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

  ! ---- abstaining (weft_mpi.h, "Abstaining") ------------------------------------------
  ! A rank whose binding found a local error (fault) must not go ahead with a collective
  ! call, yet must take part in it, or the other ranks wait for it forever. It abstains:
  ! it makes the call with unit = WEFT_ABSTAIN (an exchange) or nparts < 0 (a
  ! construction) and NULL or 0 for every other argument (an output handle or pointer is
  ! the address of a local null, so that no caller's argument is passed). weft_mpi.h
  ! promises that such a call reads nothing but gi (or comm), writes nothing (no request,
  ! no allocation), and fails on every rank with one status: WEFT_INVALID_HANDLE
  ! (WEFT_INVALID_VALUE for a construction), or a more negative one another rank failed
  ! with. The abstaining rank reports its own fault; the others get the agreed status.
  ! This is the only place the binding abstains.

  ! Whether this rank abstained from the collective call `which` (of the named routine):
  ! false when fault holds no error (the caller then makes the call itself). Otherwise
  ! makes the abstaining call, reports fault (as weft_ix_finish_ does), releases rec (the
  ! pending record of a *_begin, if given) and returns true; the caller then returns,
  ! having changed no output. gi: the indexer (exchanges); comm: the Fortran communicator
  ! (WEFT_IX_CALL_NEW_).
  logical function weft_ix_abstained_(which, fault, routine, ierror, gi, comm, rec) &
      result(abstained)
    integer, intent(in) :: which
    type(weft_ix_fault_), intent(in) :: fault
    character(*), intent(in) :: routine
    integer, intent(out), optional :: ierror
    type(c_ptr), intent(in), optional :: gi
    integer(c_int), intent(in), optional :: comm
    type(weft_ix_pending_), pointer, intent(inout), optional :: rec
    type(c_ptr) :: u, none, g, out1, out2, request
    integer(c_int) :: c
    integer(c_int64_t), allocatable, target :: zeros(:)
    logical(c_bool), parameter :: no = .false.
    integer(c_int) :: st
    logical :: ok
    abstained = fault%status /= WEFT_SUCCESS
    if (.not. abstained) return
    u = c_null_ptr      ! WEFT_ABSTAIN ((weft_type)0)
    none = c_null_ptr
    g = c_null_ptr
    if (present(gi)) g = gi
    c = 0
    if (present(comm)) c = comm
    out1 = c_null_ptr
    out2 = c_null_ptr
    request = c_null_ptr
    select case (which)
    case (WEFT_IX_CALL_NEW_)   ! a distrib C does not read, but not NULL (weft_mpi.h)
      allocate(zeros(1))
      zeros = 0
      st = c_weft_indexer_new_multi_f(c_loc(zeros), -1_c_int64_t, none, none, c, out1)
    case (WEFT_IX_CALL_PUT_ALLOC_)
      st = c_weft_indexer_put_alloc(g, none, 0_c_int64_t, u, none, out1)
    case (WEFT_IX_CALL_TAKE_V_)
      st = c_weft_indexer_take_v(g, none, none, u, none, none, none)
    case (WEFT_IX_CALL_TAKE_V_ALLOC_)
      st = c_weft_indexer_take_v_alloc(g, none, none, u, none, none)
    case (WEFT_IX_CALL_PUT_V_)
      st = c_weft_indexer_put_v(g, none, none, u, no, none, none, out1, out2)
    case (WEFT_IX_CALL_PUT_V_INTO_)
      st = c_weft_indexer_put_v_into(g, none, none, u, no, none, none, none, none, &
                                     0_c_int64_t, none)
    case (WEFT_IX_CALL_TAKE_V_BEGIN_)
      st = c_weft_indexer_take_v_begin(g, none, none, u, none, none, none, request)
    case (WEFT_IX_CALL_TAKE_V_ALLOC_BEGIN_)
      st = c_weft_indexer_take_v_alloc_begin(g, none, none, u, none, none, request)
    case (WEFT_IX_CALL_PUT_V_BEGIN_)
      st = c_weft_indexer_put_v_begin(g, none, none, u, no, none, none, none, none, request)
    case (WEFT_IX_CALL_PUT_V_INTO_BEGIN_)
      st = c_weft_indexer_put_v_into_begin(g, none, none, u, no, none, none, none, none, &
                                           0_c_int64_t, none, request)
    case default
      error stop 'weft_ix_abstained_: unknown call'
    end select
    ok = weft_ix_finish_(fault, st, routine, ierror)   ! reports fault
    if (present(rec)) call weft_ix_release_(rec)
  end function weft_ix_abstained_

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
  ! A distribution of another size is an error of this rank (in fault; the construction
  ! then abstains).
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

  ! ---- argument checks and C arrays shared by the kind-generic routines -----------------

  ! Records (in fault) an array shorter than the number of entries the call needs.
  subroutine weft_ix_need_entries_(fault, routine, arrayname, array_size, needed, what)
    type(weft_ix_fault_), intent(inout) :: fault
    character(*), intent(in) :: routine, arrayname, what
    integer, intent(in) :: array_size
    integer(c_int64_t), intent(in) :: needed
    if (array_size < needed) call weft_ix_set_fault_(fault, WEFT_DIMENSION_MISMATCH, routine, &
      'size(' // arrayname // ') ' // weft_int_text_(int(array_size, c_int64_t)) // ' < ' // &
      weft_int_text_(needed) // ', ' // what)
  end subroutine weft_ix_need_entries_

  ! Whether every value lies in [-h-1, h] (h: huge() of the caller's integer kind).
  logical function weft_ix_fit_(v, h) result(fit)
    integer(c_int64_t), intent(in) :: v(:), h
    fit = all(v <= h .and. v >= -h - 1)
  end function weft_ix_fit_

  ! n entries of a (zeros past its end) as a C array of at least one int64_t.
  subroutine weft_ix_c_array_(a, n, out)
    integer(c_int64_t), intent(in) :: a(:)
    integer(c_int64_t), intent(in) :: n
    integer(c_int64_t), allocatable, intent(out) :: out(:)
    integer(c_int64_t) :: m
    allocate(out(max(n, 1_c_int64_t)))
    out = 0
    m = min(n, int(size(a), c_int64_t))
    if (m > 0) out(1:m) = a(1:m)
  end subroutine weft_ix_c_array_

  ! The capacity of a values buffer in units of ext bytes (its storage, when known).
  integer(c_int64_t) function weft_ix_capacity_(values, ext) result(capacity)
    type(*), dimension(..), intent(in) :: values
    integer(c_int64_t), intent(in) :: ext
    integer(c_int64_t) :: nbytes
    nbytes = weft_ix_storage_(values)
    capacity = huge(0_c_int64_t)
    if (nbytes >= 0 .and. ext > 0) capacity = nbytes / ext
  end function weft_ix_capacity_

  ! The counts of every part that weft allocated (cps), one part after the other.
  subroutine weft_ix_gather_counts_(lay, cps, pc)
    type(weft_ix_layout_), intent(in) :: lay
    type(c_ptr), intent(in) :: cps(:)
    integer(c_int64_t), allocatable, intent(out) :: pc(:)
    integer(c_int64_t), pointer :: got(:)
    integer(c_int64_t) :: k
    allocate(pc(lay%total))
    do k = 1, lay%nparts
      if (lay%nidx(k) == 0) cycle
      call c_f_pointer(cps(k), got, [lay%nidx(k)])
      pc(lay%first(k) + 1:lay%first(k) + lay%nidx(k)) = got
    end do
  end subroutine weft_ix_gather_counts_

  ! Copies the values of every part that weft allocated (vps; part counts pc, ext bytes
  ! a unit) one part after the other to dst.
  subroutine weft_ix_gather_values_(lay, pc, ext, vps, dst)
    type(weft_ix_layout_), intent(in) :: lay
    integer(c_int64_t), intent(in) :: pc(:), ext
    type(c_ptr), intent(in) :: vps(:), dst
    integer(c_int64_t) :: k, units, bytes
    bytes = 0
    do k = 1, lay%nparts
      units = sum(pc(lay%first(k) + 1:lay%first(k) + lay%nidx(k)))
      call weft_ix_copy_bytes_(vps(k), weft_ix_offset_(dst, bytes), units * ext)
      bytes = bytes + units * ext
    end do
  end subroutine weft_ix_gather_values_

  ! The rank-local checks of put_v's count arrays (their sizes), into fault.
  subroutine weft_ix_put_v_check_(lay, part_counts_size, has_init, init_counts_size, routine, &
                                  fault)
    type(weft_ix_layout_), intent(in) :: lay
    integer, intent(in) :: part_counts_size, init_counts_size
    logical, intent(in) :: has_init
    character(*), intent(in) :: routine
    type(weft_ix_fault_), intent(inout) :: fault
    call weft_ix_need_entries_(fault, routine, 'part_counts', part_counts_size, lay%total, &
                               'the number of indices of this rank')
    if (has_init) call weft_ix_need_entries_(fault, routine, 'init_counts', init_counts_size, &
                                             lay%dn, 'the number of items this rank owns')
  end subroutine weft_ix_put_v_check_

  ! The C arguments of put_v from the flattened part-side arrays (part_counts, values at
  ! address part_values, ext bytes a unit): pc, and the C part_counts[] and
  ! part_values[] (cps, vps: part k has its counts from entry first(k) of pc and its
  ! values after those of parts 1..k-1; at least one entry each); with has_init, the
  ! dn initial counts as ic and initc, initv the addresses C gets (else NULL).
  subroutine weft_ix_put_v_args_(lay, ext, part_counts, part_values, has_init, init_counts, &
                                 init_values, pc, cps, vps, ic, initc, initv)
    type(weft_ix_layout_), intent(in) :: lay
    integer(c_int64_t), intent(in) :: ext, part_counts(:), init_counts(:)
    type(c_ptr), intent(in) :: part_values, init_values
    logical, intent(in) :: has_init
    integer(c_int64_t), allocatable, target, intent(out) :: pc(:), ic(:)
    type(c_ptr), allocatable, intent(out) :: cps(:), vps(:)
    type(c_ptr), intent(out) :: initc, initv
    integer(c_int64_t) :: k, units
    call weft_ix_c_array_(part_counts, lay%total, pc)
    allocate(cps(max(lay%nparts, 1_c_int64_t)), vps(max(lay%nparts, 1_c_int64_t)))
    cps = c_loc(pc)
    vps = part_values
    units = 0
    do k = 1, lay%nparts
      cps(k) = weft_ix_offset_(c_loc(pc), 8 * lay%first(k))
      vps(k) = weft_ix_offset_(part_values, units * max(ext, 0_c_int64_t))
      units = units + sum(max(pc(lay%first(k) + 1:lay%first(k) + lay%nidx(k)), 0_c_int64_t))
    end do
    initc = c_null_ptr
    initv = c_null_ptr
    if (has_init) then
      call weft_ix_c_array_(init_counts, lay%dn, ic)
      initc = c_loc(ic)
      initv = init_values
    end if
  end subroutine weft_ix_put_v_args_

  ! ---- split phase: what the binding keeps until weft_request_wait ---------------------

  subroutine keep_counts_d(rec, counts)
    type(weft_ix_pending_), intent(inout) :: rec
    integer, target, intent(inout) :: counts(:)
    rec%counts_d => counts
  end subroutine keep_counts_d

  subroutine keep_counts_8(rec, counts)
    type(weft_ix_pending_), intent(inout) :: rec
    integer(c_int64_t), target, intent(inout) :: counts(:)
    rec%counts_8 => counts
  end subroutine keep_counts_8

  subroutine keep_needed_d(rec, needed)
    type(weft_ix_pending_), intent(inout) :: rec
    integer, target, intent(inout) :: needed
    rec%needed_d => needed
  end subroutine keep_needed_d

  subroutine keep_needed_8(rec, needed)
    type(weft_ix_pending_), intent(inout) :: rec
    integer(c_int64_t), target, intent(inout) :: needed
    rec%needed_8 => needed
  end subroutine keep_needed_8

  ! After a *_begin call (status st, rank-local errors in fault; reported as by
  ! weft_ix_finish_): on success the request keeps rec (may be null) for the wait, else
  ! rec is released.
  subroutine weft_ix_begun_(fault, st, routine, request, rec, ierror)
    type(weft_ix_fault_), intent(in) :: fault
    integer(c_int), intent(in) :: st
    character(*), intent(in) :: routine
    type(weft_request), intent(inout) :: request
    type(weft_ix_pending_), pointer, intent(inout) :: rec
    integer, intent(out), optional :: ierror
    integer(c_int) :: wst
    if (weft_ix_finish_(fault, st, routine, ierror)) then
      request%pending => rec
    else
      ! not expected: the C library accepted a call the binding rejected; every rank
      ! began it (the status is agreed), so completing it here cannot hang
      if (st >= 0) wst = c_weft_request_wait(request%ptr)
      call weft_ix_release_(rec)
    end if
  end subroutine weft_ix_begun_

  ! Completes the C request (its status in st) and hands over what the binding kept for
  ! it (null for none); request becomes WEFT_REQUEST_NULL.
  subroutine weft_ix_wait_(request, st, rec)
    type(weft_request), intent(inout) :: request
    integer(c_int), intent(out) :: st
    type(weft_ix_pending_), pointer, intent(out) :: rec
    st = c_weft_request_wait(request%ptr)
    rec => request%pending
    request%pending => null()
  end subroutine weft_ix_wait_

  ! Whether rec is a request whose results are allocatable arrays.
  logical function weft_ix_allocating_(rec) result(yes)
    type(weft_ix_pending_), pointer, intent(in) :: rec
    yes = .false.
    if (associated(rec)) yes = rec%what == WEFT_IX_TAKE_V_ALLOC_ .or. rec%what == WEFT_IX_PUT_V_
  end function weft_ix_allocating_

  ! Frees what weft allocated for rec, then rec.
  subroutine weft_ix_release_(rec)
    type(weft_ix_pending_), pointer, intent(inout) :: rec
    if (.not. associated(rec)) return
    select case (rec%what)
    case (WEFT_IX_TAKE_V_COPY_, WEFT_IX_TAKE_V_ALLOC_)   ! else cps, vps point at our memory
      if (allocated(rec%cps)) call weft_ix_free_c_(rec%cps)
      if (allocated(rec%vps)) call weft_ix_free_c_(rec%vps)
    end select
    if (c_associated(rec%outc)) call c_weft_free(rec%outc)
    if (c_associated(rec%outv)) call c_weft_free(rec%outv)
    deallocate(rec)
  end subroutine weft_ix_release_

  ! Whether every value fits a default INTEGER.
  logical function fit_d(v)
    integer(c_int64_t), intent(in) :: v(:)
    fit_d = weft_ix_fit_(v, int(huge(0), c_int64_t))
  end function fit_d

  ! Writes the n counts of v (unless .not. with_counts) and needed into the caller's
  ! arrays that rec keeps (those it keeps), unless a value does not fit them
  ! (WEFT_OVERFLOW in fault; then nothing is written).
  subroutine put_counts(rec, v, n, with_counts, fault, routine)
    type(weft_ix_pending_), intent(in) :: rec
    integer(c_int64_t), intent(in) :: v(:), n
    logical, intent(in) :: with_counts
    type(weft_ix_fault_), intent(inout) :: fault
    character(*), intent(in) :: routine
    character(len=:), allocatable :: what
    what = ''
    if (associated(rec%needed_d)) then
      if (.not. fit_d([rec%needed])) what = 'needed'
    end if
    if (with_counts .and. associated(rec%counts_d)) then
      if (.not. fit_d(v(1:n))) what = 'counts'
    end if
    if (len(what) > 0) then
      call weft_ix_set_fault_(fault, WEFT_OVERFLOW, routine, 'a value of ' // what // &
        ' does not fit the kind of the output argument')
      return
    end if
    if (with_counts .and. associated(rec%counts_d)) rec%counts_d(1:n) = int(v(1:n))
    if (with_counts .and. associated(rec%counts_8)) rec%counts_8(1:n) = v(1:n)
    if (associated(rec%needed_d)) rec%needed_d = int(rec%needed)
    if (associated(rec%needed_8)) rec%needed_8 = rec%needed
  end subroutine put_counts

  ! What weft_request_wait does after the C wait (status st) for a request that keeps rec
  ! (null: nothing more): writes the caller's outputs that the C library could not, then
  ! releases rec. Rank-local errors go to fault; st may become WEFT_INSUFFICIENT_SPACE.
  ! Allocating requests need the result arrays (weft_request_wait(request, counts,
  ! values)): here their results are dropped and, if the exchange succeeded, fault says so.
  subroutine weft_ix_complete_(rec, st, fault, routine)
    type(weft_ix_pending_), pointer, intent(inout) :: rec
    integer(c_int), intent(inout) :: st
    type(weft_ix_fault_), intent(inout) :: fault
    character(*), intent(in) :: routine
    integer(c_int64_t), allocatable :: pc(:)
    integer(c_int64_t) :: units
    if (.not. associated(rec)) return
    associate (lay => rec%lay)
      select case (rec%what)
      case (WEFT_IX_TAKE_V_)
        ! the counts are written even when the values did not fit (as in C)
        if (st >= 0 .or. st == WEFT_INSUFFICIENT_SPACE) &
          call put_counts(rec, rec%counts, lay%total, .true., fault, routine)
      case (WEFT_IX_TAKE_V_COPY_)
        if (st >= 0) then
          call weft_ix_gather_counts_(lay, rec%cps, pc)
          call put_counts(rec, pc, lay%total, .true., fault, routine)
          units = sum(pc)
          if (units > rec%capacity) then
            call weft_ix_set_fault_(fault, WEFT_INSUFFICIENT_SPACE, routine, 'part_values holds ' &
              // weft_int_text_(rec%capacity) // ' units, ' // weft_int_text_(units) // ' needed')
          else if (fault%status == WEFT_SUCCESS) then
            call weft_ix_gather_values_(lay, pc, rec%ext, rec%vps, rec%values)
          end if
        end if
      case (WEFT_IX_PUT_V_INTO_)
        ! too small: only needed is written (as in C)
        if (st >= 0 .or. st == WEFT_INSUFFICIENT_SPACE) &
          call put_counts(rec, rec%counts, lay%dn, st >= 0, fault, routine)
      case (WEFT_IX_TAKE_V_ALLOC_, WEFT_IX_PUT_V_)
        if (st >= 0) call weft_ix_set_fault_(fault, WEFT_INVALID_VALUE, routine, &
          'the results of this request are allocatable arrays: complete it with ' // &
          'weft_request_wait(request, counts, values) (they are lost)')
      end select
    end associate
    call weft_ix_release_(rec)
  end subroutine weft_ix_complete_

  ! weft_request_wait(request [, ierror]).
  subroutine weft_ix_request_wait_(request, ierror)
    type(weft_request), intent(inout) :: request
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_request_wait'
    type(weft_ix_pending_), pointer :: rec
    type(weft_ix_fault_) :: fault
    integer(c_int) :: st
    logical :: ok
    call weft_ix_wait_(request, st, rec)
    call weft_ix_complete_(rec, st, fault, r)
    ok = weft_ix_finish_(fault, st, r, ierror)
  end subroutine weft_ix_request_wait_
end module weft_indexer_common
