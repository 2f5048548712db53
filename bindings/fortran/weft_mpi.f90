! weft_mpi — the MPI parts of weft (weft_mpi.h) for Fortran (libweft_fortran_mpi): MPI
! datatypes from weft types, and the global indexer.
!
! ==== weft_type_to_mpi ==================================================================
!
!   use mpi
!   use weft
!   use weft_mpi
!   integer :: mtype
!   call weft_type_to_mpi(threeslice, mtype)        ! an INTEGER handle, for `use mpi`
!   call MPI_SENDRECV(a(1,3,2), 1, mtype, ...)
!   call MPI_TYPE_FREE(mtype, ierr)
!
! weft_type_to_mpi(datatype, mpi_handle [, ierror]) builds a committed MPI datatype
! with exactly the typemap of datatype (the same basic entries at the same
! displacements in the same order, the same lb and extent); datatype need not be
! committed; MPI must be initialised. mpi_handle is either a default INTEGER (the
! handle of `use mpi` / mpif.h, from MPI_Type_c2f) or a type(MPI_Datatype) of
! `use mpi_f08`. The caller frees it with MPI_TYPE_FREE. ierror as in module weft
! (WEFT_MPI_ERROR when an MPI call failed, WEFT_OVERFLOW for a count above what MPI
! constructors take).
!
! ==== The global indexer (Maia's GlobalIndexer / GlobalMultiIndexer) ===================
!
! numpy take/put on an array distributed over the ranks of a communicator (3 ranks):
!
!   type(weft_indexer) :: gi
!   integer :: dist(4), mine(4)
!   ! rank r owns the global items distrib(r+1):distrib(r+2)-1: 0-1, 2-3, 4
!   call weft_indexer_new([0, 2, 4, 5], idx, MPI_COMM_WORLD, gi)   ! rank 0: idx = [4, 0]
!   call weft_indexer_take(gi, dist, 2, WEFT_INTEGER, mine)   ! 2 INTEGERs per item
!   call weft_indexer_put(gi, mine, 2, WEFT_INTEGER, dist, reduce=WEFT_MAX_MONOID_INT32)
!   call weft_indexer_free(gi)
!
! Conventions (those of module weft, plus):
!   - 0-BASED INDICES. distrib and idx hold 0-based global item numbers, as in C and
!     Maia: distrib has nranks+1 entries, the same on every rank, distrib(1) = 0,
!     non-decreasing; rank r (0-based) owns the items distrib(r+1) .. distrib(r+2)-1
!     (dn = distrib(r+2) - distrib(r+1) of them; empty ranks are allowed); every index
!     is in 0 .. distrib(nranks+1)-1 (else WEFT_INDEX_OUT_OF_BOUNDS on every rank).
!     Index lists may be empty, repeat indices and need not cover all items. Part
!     numbers (weft_indexer_part_size) are 0-based too. Local array positions are
!     Fortran ones: owned item j (0-based) is item j+1 of the dist-side buffer.
!   - Integers: distrib, idx, nidx, counts and sizes are default INTEGER or
!     INTEGER(WEFT_COUNT_KIND), one kind per call. comm is an INTEGER handle (`use mpi`)
!     or a type(MPI_Comm) (`use mpi_f08`).
!   - An item is `count` consecutive units of the committed weft type `unit` (a derived
!     type is a valid unit); item i of a buffer starts i*count*extent(unit) bytes after
!     the buffer's first element. Buffers are type(*), dimension(..), passed by the
!     address of their first element without a copy (as weft_pack); their sizes are the
!     caller's responsibility, as in C: dist holds dn items, the parts hold nidx items.
!   - Parts: an indexer made by weft_indexer_new has one part on every rank (its idx).
!     weft_indexer_new_multi(distrib, nidx, idx, comm, gi) gives a rank size(nidx) parts
!     (0 is fine; it may differ between ranks): part k (1-based here) is
!     idx(sum(nidx(1:k-1))+1 : sum(nidx(1:k))), i.e. idx holds the parts one after the
!     other. Every part-side buffer is flattened the same way: it holds the items of
!     part 1, then those of part 2, ... (for take_v/put_v: part_counts holds the counts
!     of all parts in that order, part_values their values in that order).
!   - Collective: every routine except weft_indexer_free, _sizes, _part_size and
!     _access_counts must be called by every rank of the communicator with the same
!     count, unit, reduce and extend. Errors that may differ between ranks make every
!     rank fail alike (no rank waits forever): the C library agrees on an index out of
!     range, a malformed or rank-dependent distrib, and mismatched counts or units; the
!     errors the binding finds itself on one rank (an array shorter than the number of
!     entries the call needs: WEFT_DIMENSION_MISMATCH; a size(distrib) other than
!     nranks+1 or a unit that is not a whole number of output elements:
!     WEFT_INVALID_VALUE) are reported on that rank, which still takes part by
!     abstaining (WEFT_ABSTAIN in weft_mpi.h): the other ranks then fail with
!     WEFT_INVALID_HANDLE (WEFT_INVALID_VALUE for a construction), or a more negative
!     status another rank failed with. A failed call changes no output.
!   - Arrival order: increasing source rank, then part, then position in the part. The
!     last writer wins (put, put_v); reductions and extend follow the same order.
!   - Allocatable outputs (weft_indexer_put_alloc, weft_indexer_take_v_alloc,
!     weft_indexer_put_v, and weft_request_wait(request, counts, values) for the
!     split-phase twins of the last two) are rank-1 arrays of INTEGER(int8/16/32/64),
!     REAL(real32/64), COMPLEX(real32/64), LOGICAL or LOGICAL(c_bool), (re)allocated on
!     success only, to the bytes of the units one after the other (a unit of 2
!     REAL(real64) gives 2 elements per unit; a unit must be a whole number of elements,
!     else WEFT_INVALID_VALUE). For units of a derived type, take into the caller buffers
!     of weft_indexer_put / weft_indexer_take_v / weft_indexer_put_v_into, or receive
!     the bytes as INTEGER(int8) and TRANSFER them.
!
! Routines (ierror optional everywhere, last):
!   weft_indexer_new(distrib, idx, comm, gi)
!   weft_indexer_new_multi(distrib, nidx, idx, comm, gi)
!   weft_indexer_free(gi)                             local; sets gi to WEFT_INDEXER_NULL
!   weft_indexer_sizes(gi, dist_size, nparts)         local: dn and this rank's parts
!   weft_indexer_part_size(gi, part, size)            local: nidx of part (0-based)
!   weft_indexer_access_counts(gi, counts)            local: counts (allocatable, dn):
!                                                     how often each owned item is asked
!                                                     for, over all ranks and parts
!   weft_indexer_take(gi, dist, count, unit, parts)   parts(i) = dist(idx(i))
!   weft_indexer_put(gi, parts, count, unit, dist [, reduce])
!       dist(idx(i)) = parts(i), the last writer winning; with reduce (a weft_monoid
!       whose domain is unit, or a predefined monoid of the same representation):
!       dist(j) = dist(j) op v for every arriving v, starting from dist. Items nobody
!       writes keep their contents.
!   weft_indexer_put_alloc(gi, parts, count, unit, dist [, reduce])
!       as put into dist (allocatable, dn*count units), first filled with the
!       identity of reduce, or with zero bytes without reduce.
!   weft_indexer_take_v(gi, dist_counts, dist_values, unit, part_counts, part_values)
!       variable items: owned item j has dist_counts(j) units (dist_values holds them one
!       item after the other); part item i gets dist_counts(idx(i)) units. part_counts
!       (at least sum(nidx) entries) and part_values are caller buffers; when
!       part_values (its storage, in units) is too small, this rank writes no values
!       and gets WEFT_INSUFFICIENT_SPACE, its counts still written (size the buffer and
!       call again).
!       With several parts on a rank the values pass through memory weft allocates
!       (then are copied into part_values), so the unit's data must lie within
!       [0, extent) there (else WEFT_INVALID_VALUE), as for the allocating routines.
!   weft_indexer_take_v_alloc(gi, dist_counts, dist_values, unit, part_counts, part_values)
!       the same into allocatable part_counts and part_values.
!   weft_indexer_put_v(gi, part_counts, part_values, unit, extend, dist_counts,
!                      dist_values [, init_counts, init_values])
!       part item i carries part_counts(i) units. extend = .false.: an item gets the last
!       arriving block (an explicit count of 0 empties it); .true.: the arriving blocks
!       are concatenated in arrival order after the initial ones. init_counts (dn
!       entries) and init_values give the initial items (default: none, count 0); items
!       nobody writes keep their initial block. dist_counts and dist_values are
!       allocatable (other variables than init_counts and init_values).
!   weft_indexer_put_v_into(gi, part_counts, part_values, unit, extend, dist_counts,
!                           dist_values [, init_counts, init_values] [, needed])
!       the same exchange into caller buffers: dist_counts (at least dn entries) and
!       dist_values, whose storage (in units) is the capacity. init_counts and
!       init_values may be the very variables given as dist_counts and dist_values (an
!       in-place update: the result is assembled before it is written). needed
!       (INTEGER of the kind of the counts) receives the number of units of the result.
!       When dist_values is too small, this rank writes only needed (dist_counts and
!       dist_values are left alone) and gets WEFT_INSUFFICIENT_SPACE (size the buffer
!       and call again); the exchange completes on every rank.
!   weft_indexer_take_begin(gi, dist, count, unit, parts, request)
!   weft_indexer_put_begin(gi, parts, count, unit, dist, request [, reduce])
!   weft_indexer_take_v_begin(gi, dist_counts, dist_values, unit, part_counts,
!                             part_values, request)
!   weft_indexer_put_v_into_begin(gi, part_counts, part_values, unit, extend,
!                                 dist_counts, dist_values, request
!                                 [, init_counts, init_values] [, needed])
!   weft_request_wait(request)
!       split phase: *_begin checks its arguments (every rank failing alike, as the
!       blocking call), reads its inputs, starts the exchange and returns;
!       weft_request_wait completes it, writes the outputs and gives the status the
!       blocking call would have (WEFT_INSUFFICIENT_SPACE of take_v and put_v_into
!       included: the counts, or needed, are written at the wait as they would be by
!       the blocking call). The inputs (dist, dist_counts and dist_values of take and
!       take_v; parts, part_counts and part_values of put and put_v) may be reused as
!       soon as begin returns. The outputs (parts, dist, part_counts, part_values,
!       dist_counts, dist_values, needed) and the initial items of put_v (init_counts,
!       init_values) must stay allocated and untouched until the wait returns: give them
!       the ASYNCHRONOUS (or TARGET) attribute, as for MPI nonblocking calls, and pass
!       variables, not expressions. (The binding writes the counts and needed at the
!       wait through pointers to the variables given at begin.) Several requests may
!       be outstanding; every rank must begin them in the same order, and may wait for
!       them in any order. request is a type(weft_request), WEFT_REQUEST_NULL again
!       after the wait, whatever its status.
!   weft_indexer_take_v_alloc_begin(gi, dist_counts, dist_values, unit, request)
!   weft_indexer_put_v_begin(gi, part_counts, part_values, unit, extend, request
!                            [, init_counts, init_values])
!   weft_request_wait(request, counts, values)
!       the split-phase twins of weft_indexer_take_v_alloc and weft_indexer_put_v: the
!       allocatable results are given to the wait, counts and values being
!       part_counts and part_values (take_v_alloc) or dist_counts and dist_values
!       (put_v), of any kinds and element types those take (chosen at the wait: a
!       unit that is not a whole number of elements of values gives WEFT_INVALID_VALUE
!       there, on the ranks that chose so). A request of another exchange given to
!       this wait, or one of these given to weft_request_wait(request), is completed all
!       the same (its results, if allocatable, dropped) and gives WEFT_INVALID_VALUE.
! Handles (type(weft_indexer), type(weft_request)) start null and compare with == and /=.
module weft_mpi
  use, intrinsic :: iso_c_binding, only: c_int, c_ptr
  use mpi_f08, only: MPI_Datatype
  use weft, only: weft_type
  use weft_errors, only: weft_check_
  use weft_mpi_c_api, only: c_weft_type_to_mpi_f, c_weft_indexer_free
  use weft_indexer_common, only: weft_indexer, weft_request, WEFT_INDEXER_NULL, &
                                 WEFT_REQUEST_NULL, operator(==), operator(/=), &
                                 weft_ix_request_wait_
  use weft_indexer_default
  use weft_indexer_int64
  use weft_indexer_alloc_d_i1
  use weft_indexer_alloc_d_i2
  use weft_indexer_alloc_d_i4
  use weft_indexer_alloc_d_i8
  use weft_indexer_alloc_d_r4
  use weft_indexer_alloc_d_r8
  use weft_indexer_alloc_d_c4
  use weft_indexer_alloc_d_c8
  use weft_indexer_alloc_d_l4
  use weft_indexer_alloc_d_lb
  use weft_indexer_alloc_8_i1
  use weft_indexer_alloc_8_i2
  use weft_indexer_alloc_8_i4
  use weft_indexer_alloc_8_i8
  use weft_indexer_alloc_8_r4
  use weft_indexer_alloc_8_r8
  use weft_indexer_alloc_8_c4
  use weft_indexer_alloc_8_c8
  use weft_indexer_alloc_8_l4
  use weft_indexer_alloc_8_lb
  implicit none
  private
  public :: weft_type_to_mpi
  public :: weft_indexer, weft_request, WEFT_INDEXER_NULL, WEFT_REQUEST_NULL, operator(==), &
            operator(/=)
  public :: weft_indexer_new, weft_indexer_new_multi, weft_indexer_free, weft_indexer_sizes, &
            weft_indexer_part_size, weft_indexer_access_counts, weft_indexer_take, &
            weft_indexer_put, weft_indexer_put_alloc, weft_indexer_take_v, &
            weft_indexer_take_v_alloc, weft_indexer_put_v, weft_indexer_put_v_into, &
            weft_indexer_take_begin, weft_indexer_put_begin, weft_indexer_take_v_begin, &
            weft_indexer_take_v_alloc_begin, weft_indexer_put_v_begin, &
            weft_indexer_put_v_into_begin, weft_request_wait

  interface weft_type_to_mpi
    module procedure type_to_mpi_integer, type_to_mpi_f08
  end interface
  ! With result arrays (allocating requests): the specifics of weft_indexer_alloc.inc.
  interface weft_request_wait
    module procedure request_wait
  end interface

contains

  subroutine type_to_mpi_integer(datatype, mpi_handle, ierror)
    type(weft_type), intent(in) :: datatype
    integer, intent(inout) :: mpi_handle
    integer, intent(out), optional :: ierror
    integer(c_int) :: h, st
    h = 0
    st = c_weft_type_to_mpi_f(datatype%ptr, h)
    if (st >= 0) mpi_handle = int(h)
    call weft_check_(st, 'weft_type_to_mpi', ierror)
  end subroutine type_to_mpi_integer

  subroutine type_to_mpi_f08(datatype, mpi_handle, ierror)
    type(weft_type), intent(in) :: datatype
    type(MPI_Datatype), intent(inout) :: mpi_handle
    integer, intent(out), optional :: ierror
    integer(c_int) :: h, st
    h = 0
    st = c_weft_type_to_mpi_f(datatype%ptr, h)
    if (st >= 0) mpi_handle%MPI_VAL = int(h)
    call weft_check_(st, 'weft_type_to_mpi', ierror)
  end subroutine type_to_mpi_f08

  ! Releases the indexer (local) and sets gi to WEFT_INDEXER_NULL.
  subroutine weft_indexer_free(gi, ierror)
    type(weft_indexer), intent(inout) :: gi
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_indexer_free(gi%ptr), 'weft_indexer_free', ierror)
  end subroutine weft_indexer_free

  ! Completes a split-phase exchange (writing the outputs the binding keeps for it, if
  ! any) and sets request to WEFT_REQUEST_NULL.
  subroutine request_wait(request, ierror)
    type(weft_request), intent(inout) :: request
    integer, intent(out), optional :: ierror
    call weft_ix_request_wait_(request, ierror)
  end subroutine request_wait
end module weft_mpi
