! weft_mpi_c_api — ISO_C_BINDING interfaces to every function of weft_mpi.h, one for one,
! under the C names prefixed with c_ (c_weft_indexer_take binds weft_indexer_take). As in
! weft_c_api: handles are type(c_ptr); counts INTEGER(c_int64_t); MPI communicators are
! Fortran handles (MPI_Fint, a default INTEGER with Open MPI and gfortran), so only the
! _f twins of the constructors are bound. Array arguments are type(c_ptr), value (the
! address of the first element: the binding passes buffers it owns). Module weft_mpi
! wraps these; use them directly only to mirror C code exactly.
module weft_mpi_c_api
  use, intrinsic :: iso_c_binding, only: c_int, c_int64_t, c_ptr, c_bool
  implicit none
  private
  public :: c_weft_type_to_mpi_f
  public :: c_weft_indexer_new_f, c_weft_indexer_new_multi_f, c_weft_indexer_free, &
            c_weft_indexer_sizes, c_weft_indexer_part_size, c_weft_indexer_access_counts, &
            c_weft_indexer_take, c_weft_indexer_put, c_weft_indexer_put_alloc, &
            c_weft_indexer_take_v, c_weft_indexer_take_v_alloc, c_weft_indexer_put_v, &
            c_weft_indexer_put_v_into, c_weft_indexer_take_begin, c_weft_indexer_put_begin, &
            c_weft_indexer_take_v_begin, c_weft_indexer_take_v_alloc_begin, &
            c_weft_indexer_put_v_begin, c_weft_indexer_put_v_into_begin, c_weft_request_wait

  interface
    ! ---- Datatypes ---------------------------------------------------------------------
    integer(c_int) function c_weft_type_to_mpi_f(type, out) bind(C, name="weft_type_to_mpi_f")
      import :: c_int, c_ptr
      type(c_ptr), value :: type
      integer(c_int), intent(inout) :: out
    end function

    ! ---- Global indexer: construction and queries ---------------------------------------
    ! distrib: int64_t[nranks+1]; idx: int64_t[nidx].
    integer(c_int) function c_weft_indexer_new_f(distrib, nidx, idx, comm, gi) &
        bind(C, name="weft_indexer_new_f")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: distrib
      integer(c_int64_t), value :: nidx
      type(c_ptr), value :: idx
      integer(c_int), value :: comm
      type(c_ptr), intent(inout) :: gi
    end function
    ! nidx: int64_t[nparts]; idx: const int64_t *[nparts].
    integer(c_int) function c_weft_indexer_new_multi_f(distrib, nparts, nidx, idx, comm, gi) &
        bind(C, name="weft_indexer_new_multi_f")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: distrib
      integer(c_int64_t), value :: nparts
      type(c_ptr), value :: nidx, idx
      integer(c_int), value :: comm
      type(c_ptr), intent(inout) :: gi
    end function
    integer(c_int) function c_weft_indexer_free(gi) bind(C, name="weft_indexer_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: gi
    end function
    integer(c_int) function c_weft_indexer_sizes(gi, dist_size, nparts) &
        bind(C, name="weft_indexer_sizes")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: gi
      integer(c_int64_t), intent(inout) :: dist_size, nparts
    end function
    integer(c_int) function c_weft_indexer_part_size(gi, part, size) &
        bind(C, name="weft_indexer_part_size")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: gi
      integer(c_int64_t), value :: part
      integer(c_int64_t), intent(inout) :: size
    end function
    ! counts: int64_t[dn].
    integer(c_int) function c_weft_indexer_access_counts(gi, counts) &
        bind(C, name="weft_indexer_access_counts")
      import :: c_int, c_ptr
      type(c_ptr), value :: gi, counts
    end function

    ! ---- Global indexer: exchanges (parts: void *[nparts]) -------------------------------
    integer(c_int) function c_weft_indexer_take(gi, dist, count, unit, parts) &
        bind(C, name="weft_indexer_take")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: gi, dist
      integer(c_int64_t), value :: count
      type(c_ptr), value :: unit, parts
    end function
    integer(c_int) function c_weft_indexer_put(gi, parts, count, unit, reduce, dist) &
        bind(C, name="weft_indexer_put")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: gi, parts
      integer(c_int64_t), value :: count
      type(c_ptr), value :: unit, reduce, dist
    end function
    integer(c_int) function c_weft_indexer_put_alloc(gi, parts, count, unit, reduce, dist) &
        bind(C, name="weft_indexer_put_alloc")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: gi, parts
      integer(c_int64_t), value :: count
      type(c_ptr), value :: unit, reduce
      type(c_ptr), intent(inout) :: dist
    end function
    ! part_counts: int64_t *[nparts]; part_values: void *[nparts];
    ! part_capacity: int64_t[nparts].
    integer(c_int) function c_weft_indexer_take_v(gi, dist_counts, dist_values, unit, &
        part_counts, part_values, part_capacity) bind(C, name="weft_indexer_take_v")
      import :: c_int, c_ptr
      type(c_ptr), value :: gi, dist_counts, dist_values, unit, part_counts, part_values, &
                            part_capacity
    end function
    ! part_counts, part_values: arrays of nparts pointers that the call fills.
    integer(c_int) function c_weft_indexer_take_v_alloc(gi, dist_counts, dist_values, unit, &
        part_counts, part_values) bind(C, name="weft_indexer_take_v_alloc")
      import :: c_int, c_ptr
      type(c_ptr), value :: gi, dist_counts, dist_values, unit, part_counts, part_values
    end function
    integer(c_int) function c_weft_indexer_put_v(gi, part_counts, part_values, unit, extend, &
        init_counts, init_values, dist_counts, dist_values) bind(C, name="weft_indexer_put_v")
      import :: c_int, c_ptr, c_bool
      type(c_ptr), value :: gi, part_counts, part_values, unit
      logical(c_bool), value :: extend
      type(c_ptr), value :: init_counts, init_values
      type(c_ptr), intent(inout) :: dist_counts, dist_values
    end function
    ! dist_counts: int64_t[dn]; dist_values: dist_capacity units; needed: int64_t * or NULL.
    ! init_counts/init_values may be dist_counts/dist_values.
    integer(c_int) function c_weft_indexer_put_v_into(gi, part_counts, part_values, unit, extend, &
        init_counts, init_values, dist_counts, dist_values, dist_capacity, needed) &
        bind(C, name="weft_indexer_put_v_into")
      import :: c_int, c_int64_t, c_ptr, c_bool
      type(c_ptr), value :: gi, part_counts, part_values, unit
      logical(c_bool), value :: extend
      type(c_ptr), value :: init_counts, init_values, dist_counts, dist_values
      integer(c_int64_t), value :: dist_capacity
      type(c_ptr), value :: needed
    end function

    ! ---- Split phase ---------------------------------------------------------------------
    integer(c_int) function c_weft_indexer_take_begin(gi, dist, count, unit, parts, request) &
        bind(C, name="weft_indexer_take_begin")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: gi, dist
      integer(c_int64_t), value :: count
      type(c_ptr), value :: unit, parts
      type(c_ptr), intent(inout) :: request
    end function
    integer(c_int) function c_weft_indexer_put_begin(gi, parts, count, unit, reduce, dist, &
        request) bind(C, name="weft_indexer_put_begin")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: gi, parts
      integer(c_int64_t), value :: count
      type(c_ptr), value :: unit, reduce, dist
      type(c_ptr), intent(inout) :: request
    end function
    ! The variable-size twins. Every output (and, for put_v, init_counts/init_values) is
    ! written or read at weft_request_wait, so these take addresses (type(c_ptr), value)
    ! of memory that must outlive the call: the C part_counts[]/part_values[] pointer
    ! arrays, part_capacity, and the int64_t * / void * that receive allocations.
    integer(c_int) function c_weft_indexer_take_v_begin(gi, dist_counts, dist_values, unit, &
        part_counts, part_values, part_capacity, request) bind(C, name="weft_indexer_take_v_begin")
      import :: c_int, c_ptr
      type(c_ptr), value :: gi, dist_counts, dist_values, unit, part_counts, part_values, &
                            part_capacity
      type(c_ptr), intent(inout) :: request
    end function
    integer(c_int) function c_weft_indexer_take_v_alloc_begin(gi, dist_counts, dist_values, unit, &
        part_counts, part_values, request) bind(C, name="weft_indexer_take_v_alloc_begin")
      import :: c_int, c_ptr
      type(c_ptr), value :: gi, dist_counts, dist_values, unit, part_counts, part_values
      type(c_ptr), intent(inout) :: request
    end function
    ! dist_counts: int64_t **; dist_values: void ** (filled at wait).
    integer(c_int) function c_weft_indexer_put_v_begin(gi, part_counts, part_values, unit, extend, &
        init_counts, init_values, dist_counts, dist_values, request) &
        bind(C, name="weft_indexer_put_v_begin")
      import :: c_int, c_ptr, c_bool
      type(c_ptr), value :: gi, part_counts, part_values, unit
      logical(c_bool), value :: extend
      type(c_ptr), value :: init_counts, init_values, dist_counts, dist_values
      type(c_ptr), intent(inout) :: request
    end function
    integer(c_int) function c_weft_indexer_put_v_into_begin(gi, part_counts, part_values, unit, &
        extend, init_counts, init_values, dist_counts, dist_values, dist_capacity, needed, &
        request) bind(C, name="weft_indexer_put_v_into_begin")
      import :: c_int, c_int64_t, c_ptr, c_bool
      type(c_ptr), value :: gi, part_counts, part_values, unit
      logical(c_bool), value :: extend
      type(c_ptr), value :: init_counts, init_values, dist_counts, dist_values
      integer(c_int64_t), value :: dist_capacity
      type(c_ptr), value :: needed
      type(c_ptr), intent(inout) :: request
    end function
    integer(c_int) function c_weft_request_wait(request) bind(C, name="weft_request_wait")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: request
    end function
  end interface
end module weft_mpi_c_api
