! weft_c_api — ISO_C_BINDING interfaces to the functions of weft.h's datatype API and of
! weft/algebra.h (weft/sparse.h's are in weft_sparse_c_api.f90), one for one, under the
! C names prefixed with c_ (c_weft_type_vector binds weft_type_vector), plus the C
! helpers of the binding itself (weft_fortran_*.c). Handles are type(c_ptr) here
! (weft_type%ptr); counts are INTEGER(c_int64_t); byte displacements INTEGER(c_intptr_t).
! Module weft wraps these with generics, optional ierror and Fortran arrays; use these
! directly only to mirror C code exactly.
module weft_c_api
  use, intrinsic :: iso_c_binding, only: c_int, c_int64_t, c_intptr_t, c_ptr, c_bool, c_char, &
                                         c_funptr
  implicit none
  private
  public :: c_weft_status_name, c_weft_status_message, c_weft_last_error, c_weft_version, &
            c_weft_free
  public :: c_weft_type_contiguous, c_weft_type_vector, c_weft_type_hvector, &
            c_weft_type_indexed, c_weft_type_hindexed, c_weft_type_indexed_block, &
            c_weft_type_hindexed_block, c_weft_type_struct, c_weft_type_subarray, &
            c_weft_type_resized, c_weft_type_dup, c_weft_type_struct_aligned, &
            c_weft_type_commit, c_weft_type_free
  public :: c_weft_type_size, c_weft_type_extent, c_weft_type_true_extent, c_weft_type_lb, &
            c_weft_type_ub, c_weft_type_count, c_weft_type_alignment, &
            c_weft_type_is_contiguous, c_weft_type_signature, c_weft_type_typemap, c_weft_type_iov, &
            c_weft_type_envelope, c_weft_type_contents, c_weft_buffer_is_aligned
  public :: c_weft_pack_size, c_weft_pack, c_weft_unpack, c_weft_pack_partial, &
            c_weft_unpack_partial, c_weft_copy, c_weft_get_elements, c_weft_get_count, &
            c_weft_address
  public :: c_weft_unary_op_new, c_weft_binary_op_new, c_weft_binary_op_new_source, &
            c_weft_set_jit, c_weft_get_jit, c_weft_index_unary_op_new, &
            c_weft_unary_op_free, c_weft_binary_op_free, c_weft_index_unary_op_free, &
            c_weft_unary_op_types, c_weft_binary_op_types, c_weft_index_unary_op_types, &
            c_weft_unary_op_function, c_weft_binary_op_function, &
            c_weft_index_unary_op_function
  public :: c_weft_monoid_new, c_weft_monoid_new_terminal, c_weft_monoid_free, &
            c_weft_monoid_operator, c_weft_monoid_function, c_weft_monoid_domain, &
            c_weft_monoid_identity, &
            c_weft_monoid_terminal, c_weft_monoid_accepts, c_weft_monoid_apply
  public :: c_weft_semiring_new, c_weft_semiring_free, c_weft_semiring_add, &
            c_weft_semiring_multiply
  public :: c_weft_fortran_error_set, c_weft_fortran_error_clear, &
            c_weft_fortran_last_error, c_weft_fortran_buffer_info, &
            c_weft_fortran_type_from_section, c_weft_fortran_value_info, weft_fortran_value

  ! What weft_fortran_value_info reports on a value buffer (weft_fortran_internal.h's
  ! struct weft_fortran_value, member for member).
  type, bind(C) :: weft_fortran_value
    type(c_ptr) :: address
    integer(c_int64_t) :: count, elem_len
    type(c_ptr) :: type
    integer(c_int) :: contiguous, logical_len, c_pointer
  end type weft_fortran_value

  interface
    ! ---- Library -------------------------------------------------------------------
    type(c_ptr) function c_weft_status_name(status) bind(C, name="weft_status_name")
      import :: c_ptr, c_int
      integer(c_int), value :: status
    end function
    type(c_ptr) function c_weft_status_message(status) bind(C, name="weft_status_message")
      import :: c_ptr, c_int
      integer(c_int), value :: status
    end function
    type(c_ptr) function c_weft_last_error() bind(C, name="weft_last_error")
      import :: c_ptr
    end function
    integer(c_int) function c_weft_version(major, minor, patch) bind(C, name="weft_version")
      import :: c_int
      integer(c_int), intent(out) :: major, minor, patch
    end function
    subroutine c_weft_free(p) bind(C, name="weft_free")
      import :: c_ptr
      type(c_ptr), value :: p
    end subroutine

    ! ---- Constructors ----------------------------------------------------------------
    integer(c_int) function c_weft_type_contiguous(count, old, newtype) &
        bind(C, name="weft_type_contiguous")
      import :: c_int, c_int64_t, c_ptr
      integer(c_int64_t), value :: count
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_vector(count, blocklen, stride, old, newtype) &
        bind(C, name="weft_type_vector")
      import :: c_int, c_int64_t, c_ptr
      integer(c_int64_t), value :: count, blocklen, stride
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_hvector(count, blocklen, stride, old, newtype) &
        bind(C, name="weft_type_hvector")
      import :: c_int, c_int64_t, c_intptr_t, c_ptr
      integer(c_int64_t), value :: count, blocklen
      integer(c_intptr_t), value :: stride
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_indexed(count, blocklens, displs, old, newtype) &
        bind(C, name="weft_type_indexed")
      import :: c_int, c_int64_t, c_ptr
      integer(c_int64_t), value :: count
      integer(c_int64_t), intent(in) :: blocklens(*), displs(*)
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_hindexed(count, blocklens, displs, old, newtype) &
        bind(C, name="weft_type_hindexed")
      import :: c_int, c_int64_t, c_intptr_t, c_ptr
      integer(c_int64_t), value :: count
      integer(c_int64_t), intent(in) :: blocklens(*)
      integer(c_intptr_t), intent(in) :: displs(*)
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_indexed_block(count, blocklen, displs, old, newtype) &
        bind(C, name="weft_type_indexed_block")
      import :: c_int, c_int64_t, c_ptr
      integer(c_int64_t), value :: count, blocklen
      integer(c_int64_t), intent(in) :: displs(*)
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_hindexed_block(count, blocklen, displs, old, newtype) &
        bind(C, name="weft_type_hindexed_block")
      import :: c_int, c_int64_t, c_intptr_t, c_ptr
      integer(c_int64_t), value :: count, blocklen
      integer(c_intptr_t), intent(in) :: displs(*)
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_struct(count, blocklens, displs, types, newtype) &
        bind(C, name="weft_type_struct")
      import :: c_int, c_int64_t, c_intptr_t, c_ptr
      integer(c_int64_t), value :: count
      integer(c_int64_t), intent(in) :: blocklens(*)
      integer(c_intptr_t), intent(in) :: displs(*)
      type(c_ptr), intent(in) :: types(*)
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_subarray(ndims, sizes, subsizes, starts, order, old, &
        newtype) bind(C, name="weft_type_subarray")
      import :: c_int, c_int64_t, c_ptr
      integer(c_int), value :: ndims
      integer(c_int64_t), intent(in) :: sizes(*), subsizes(*), starts(*)
      integer(c_int), value :: order
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_resized(old, lb, extent, newtype) &
        bind(C, name="weft_type_resized")
      import :: c_int, c_intptr_t, c_ptr
      type(c_ptr), value :: old
      integer(c_intptr_t), value :: lb, extent
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_dup(old, newtype) bind(C, name="weft_type_dup")
      import :: c_int, c_ptr
      type(c_ptr), value :: old
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_struct_aligned(count, blocklens, types, displs_out, &
        newtype) bind(C, name="weft_type_struct_aligned")
      import :: c_int, c_int64_t, c_intptr_t, c_ptr
      integer(c_int64_t), value :: count
      integer(c_int64_t), intent(in) :: blocklens(*)
      type(c_ptr), intent(in) :: types(*)
      integer(c_intptr_t), intent(inout) :: displs_out(*)
      type(c_ptr), intent(inout) :: newtype
    end function
    integer(c_int) function c_weft_type_commit(type) bind(C, name="weft_type_commit")
      import :: c_int, c_ptr
      type(c_ptr), value :: type
    end function
    integer(c_int) function c_weft_type_free(type) bind(C, name="weft_type_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: type
    end function

    ! ---- Queries -----------------------------------------------------------------------
    integer(c_int) function c_weft_type_size(type, size) bind(C, name="weft_type_size")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), intent(inout) :: size
    end function
    integer(c_int) function c_weft_type_extent(type, lb, extent) bind(C, name="weft_type_extent")
      import :: c_int, c_intptr_t, c_ptr
      type(c_ptr), value :: type
      integer(c_intptr_t), intent(inout) :: lb, extent
    end function
    integer(c_int) function c_weft_type_true_extent(type, true_lb, true_extent) &
        bind(C, name="weft_type_true_extent")
      import :: c_int, c_intptr_t, c_ptr
      type(c_ptr), value :: type
      integer(c_intptr_t), intent(inout) :: true_lb, true_extent
    end function
    integer(c_int) function c_weft_type_lb(type, lb) bind(C, name="weft_type_lb")
      import :: c_int, c_intptr_t, c_ptr
      type(c_ptr), value :: type
      integer(c_intptr_t), intent(inout) :: lb
    end function
    integer(c_int) function c_weft_type_ub(type, ub) bind(C, name="weft_type_ub")
      import :: c_int, c_intptr_t, c_ptr
      type(c_ptr), value :: type
      integer(c_intptr_t), intent(inout) :: ub
    end function
    integer(c_int) function c_weft_type_count(type, count) bind(C, name="weft_type_count")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), intent(inout) :: count
    end function
    integer(c_int) function c_weft_type_alignment(type, true_align, uint_align) &
        bind(C, name="weft_type_alignment")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), intent(inout) :: true_align, uint_align
    end function
    integer(c_int) function c_weft_type_is_contiguous(type, flag) &
        bind(C, name="weft_type_is_contiguous")
      import :: c_int, c_bool, c_ptr
      type(c_ptr), value :: type
      logical(c_bool), intent(inout) :: flag
    end function
    integer(c_int) function c_weft_type_signature(type, fingerprint) &
        bind(C, name="weft_type_signature")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), intent(out) :: fingerprint
    end function
    integer(c_int) function c_weft_type_typemap(type, capacity, basics, displs, n) &
        bind(C, name="weft_type_typemap")
      import :: c_int, c_int64_t, c_intptr_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), value :: capacity
      type(c_ptr), intent(inout) :: basics(*)
      integer(c_intptr_t), intent(inout) :: displs(*)
      integer(c_int64_t), intent(inout) :: n
    end function
    integer(c_int) function c_weft_type_iov(type, count, first_piece, capacity, offsets, &
        lengths, npieces) bind(C, name="weft_type_iov")
      import :: c_int, c_int64_t, c_intptr_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), value :: count, first_piece, capacity
      integer(c_intptr_t), intent(inout) :: offsets(*)
      integer(c_int64_t), intent(inout) :: lengths(*)
      integer(c_int64_t), intent(inout) :: npieces
    end function
    integer(c_int) function c_weft_type_envelope(type, nints, naddrs, ntypes, combiner) &
        bind(C, name="weft_type_envelope")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), intent(inout) :: nints, naddrs, ntypes
      integer(c_int), intent(inout) :: combiner
    end function
    integer(c_int) function c_weft_type_contents(type, max_ints, max_addrs, max_types, ints, &
        addrs, types) bind(C, name="weft_type_contents")
      import :: c_int, c_int64_t, c_intptr_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), value :: max_ints, max_addrs, max_types
      integer(c_int64_t), intent(inout) :: ints(*)
      integer(c_intptr_t), intent(inout) :: addrs(*)
      type(c_ptr), intent(inout) :: types(*)
    end function
    integer(c_int) function c_weft_buffer_is_aligned(buf, count, type, aligned, uint_aligned) &
        bind(C, name="weft_buffer_is_aligned")
      import :: c_int, c_int64_t, c_bool, c_ptr
      type(c_ptr), value :: buf
      integer(c_int64_t), value :: count
      type(c_ptr), value :: type
      logical(c_bool), intent(inout) :: aligned, uint_aligned
    end function

    ! ---- Moving data -------------------------------------------------------------------
    integer(c_int) function c_weft_pack_size(incount, type, size) bind(C, name="weft_pack_size")
      import :: c_int, c_int64_t, c_ptr
      integer(c_int64_t), value :: incount
      type(c_ptr), value :: type
      integer(c_int64_t), intent(inout) :: size
    end function
    integer(c_int) function c_weft_pack(inbuf, incount, type, outbuf, outsize, position) &
        bind(C, name="weft_pack")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: inbuf
      integer(c_int64_t), value :: incount
      type(c_ptr), value :: type, outbuf
      integer(c_int64_t), value :: outsize
      integer(c_int64_t), intent(inout) :: position
    end function
    integer(c_int) function c_weft_unpack(inbuf, insize, position, outbuf, outcount, type) &
        bind(C, name="weft_unpack")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: inbuf
      integer(c_int64_t), value :: insize
      integer(c_int64_t), intent(inout) :: position
      type(c_ptr), value :: outbuf
      integer(c_int64_t), value :: outcount
      type(c_ptr), value :: type
    end function
    integer(c_int) function c_weft_pack_partial(inbuf, incount, type, offset, max_bytes, &
        outbuf, actual) bind(C, name="weft_pack_partial")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: inbuf
      integer(c_int64_t), value :: incount
      type(c_ptr), value :: type
      integer(c_int64_t), value :: offset, max_bytes
      type(c_ptr), value :: outbuf
      integer(c_int64_t), intent(inout) :: actual
    end function
    integer(c_int) function c_weft_unpack_partial(inbuf, insize, offset, outbuf, outcount, &
        type) bind(C, name="weft_unpack_partial")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: inbuf
      integer(c_int64_t), value :: insize, offset
      type(c_ptr), value :: outbuf
      integer(c_int64_t), value :: outcount
      type(c_ptr), value :: type
    end function
    integer(c_int) function c_weft_copy(src, scount, stype, dst, dcount, dtype, nbytes) &
        bind(C, name="weft_copy")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: src
      integer(c_int64_t), value :: scount
      type(c_ptr), value :: stype, dst
      integer(c_int64_t), value :: dcount
      type(c_ptr), value :: dtype
      integer(c_int64_t), intent(inout) :: nbytes
    end function
    integer(c_int) function c_weft_get_elements(type, nbytes, count) &
        bind(C, name="weft_get_elements")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), value :: nbytes
      integer(c_int64_t), intent(inout) :: count
    end function
    integer(c_int) function c_weft_get_count(type, nbytes, count) bind(C, name="weft_get_count")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), value :: nbytes
      integer(c_int64_t), intent(inout) :: count
    end function
    integer(c_int) function c_weft_address(location, address) bind(C, name="weft_address")
      import :: c_int, c_intptr_t, c_ptr
      type(c_ptr), value :: location
      integer(c_intptr_t), intent(inout) :: address
    end function

    ! ---- Operators (weft/algebra.h) ----------------------------------------------------
    ! The function arguments are C function pointers (weft_unary_fn, weft_binary_fn,
    ! weft_index_unary_fn): c_funloc of a bind(C) procedure.
    integer(c_int) function c_weft_unary_op_new(f, ztype, xtype, op) &
        bind(C, name="weft_unary_op_new")
      import :: c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      type(c_ptr), value :: ztype, xtype
      type(c_ptr), intent(inout) :: op
    end function
    integer(c_int) function c_weft_binary_op_new(f, ztype, xtype, ytype, op) &
        bind(C, name="weft_binary_op_new")
      import :: c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      type(c_ptr), value :: ztype, xtype, ytype
      type(c_ptr), intent(inout) :: op
    end function
    ! name, definition: NUL-terminated (f's C name and C text, for weft's JIT).
    integer(c_int) function c_weft_binary_op_new_source(f, ztype, xtype, ytype, name, &
                                                        definition, op) &
        bind(C, name="weft_binary_op_new_source")
      import :: c_int, c_ptr, c_funptr, c_char
      type(c_funptr), value :: f
      type(c_ptr), value :: ztype, xtype, ytype
      character(kind=c_char), intent(in) :: name(*), definition(*)
      type(c_ptr), intent(inout) :: op
    end function
    integer(c_int) function c_weft_set_jit(on) bind(C, name="weft_set_jit")
      import :: c_int
      integer(c_int), value :: on
    end function
    integer(c_int) function c_weft_get_jit(on) bind(C, name="weft_get_jit")
      import :: c_int
      integer(c_int), intent(inout) :: on
    end function
    integer(c_int) function c_weft_index_unary_op_new(f, ztype, xtype, thunktype, op) &
        bind(C, name="weft_index_unary_op_new")
      import :: c_int, c_ptr, c_funptr
      type(c_funptr), value :: f
      type(c_ptr), value :: ztype, xtype, thunktype
      type(c_ptr), intent(inout) :: op
    end function
    integer(c_int) function c_weft_unary_op_free(op) bind(C, name="weft_unary_op_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: op
    end function
    integer(c_int) function c_weft_binary_op_free(op) bind(C, name="weft_binary_op_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: op
    end function
    integer(c_int) function c_weft_index_unary_op_free(op) bind(C, name="weft_index_unary_op_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: op
    end function
    integer(c_int) function c_weft_unary_op_types(op, ztype, xtype) &
        bind(C, name="weft_unary_op_types")
      import :: c_int, c_ptr
      type(c_ptr), value :: op
      type(c_ptr), intent(inout) :: ztype, xtype
    end function
    integer(c_int) function c_weft_binary_op_types(op, ztype, xtype, ytype) &
        bind(C, name="weft_binary_op_types")
      import :: c_int, c_ptr
      type(c_ptr), value :: op
      type(c_ptr), intent(inout) :: ztype, xtype, ytype
    end function
    integer(c_int) function c_weft_index_unary_op_types(op, ztype, xtype, thunktype) &
        bind(C, name="weft_index_unary_op_types")
      import :: c_int, c_ptr
      type(c_ptr), value :: op
      type(c_ptr), intent(inout) :: ztype, xtype, thunktype
    end function
    integer(c_int) function c_weft_unary_op_function(op, f) bind(C, name="weft_unary_op_function")
      import :: c_int, c_ptr, c_funptr
      type(c_ptr), value :: op
      type(c_funptr), intent(inout) :: f
    end function
    integer(c_int) function c_weft_binary_op_function(op, f) bind(C, name="weft_binary_op_function")
      import :: c_int, c_ptr, c_funptr
      type(c_ptr), value :: op
      type(c_funptr), intent(inout) :: f
    end function
    integer(c_int) function c_weft_index_unary_op_function(op, f) &
        bind(C, name="weft_index_unary_op_function")
      import :: c_int, c_ptr, c_funptr
      type(c_ptr), value :: op
      type(c_funptr), intent(inout) :: f
    end function

    ! ---- Monoids ----------------------------------------------------------------------
    integer(c_int) function c_weft_monoid_new(op, identity, monoid) bind(C, name="weft_monoid_new")
      import :: c_int, c_ptr
      type(c_ptr), value :: op, identity
      type(c_ptr), intent(inout) :: monoid
    end function
    integer(c_int) function c_weft_monoid_new_terminal(op, identity, terminal, monoid) &
        bind(C, name="weft_monoid_new_terminal")
      import :: c_int, c_ptr
      type(c_ptr), value :: op, identity, terminal
      type(c_ptr), intent(inout) :: monoid
    end function
    integer(c_int) function c_weft_monoid_free(monoid) bind(C, name="weft_monoid_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: monoid
    end function
    integer(c_int) function c_weft_monoid_operator(monoid, op) bind(C, name="weft_monoid_operator")
      import :: c_int, c_ptr
      type(c_ptr), value :: monoid
      type(c_ptr), intent(inout) :: op
    end function
    integer(c_int) function c_weft_monoid_function(monoid, f) bind(C, name="weft_monoid_function")
      import :: c_int, c_ptr, c_funptr
      type(c_ptr), value :: monoid
      type(c_funptr), intent(inout) :: f
    end function
    integer(c_int) function c_weft_monoid_domain(monoid, domain) &
        bind(C, name="weft_monoid_domain")
      import :: c_int, c_ptr
      type(c_ptr), value :: monoid
      type(c_ptr), intent(inout) :: domain
    end function
    integer(c_int) function c_weft_monoid_identity(monoid, value) &
        bind(C, name="weft_monoid_identity")
      import :: c_int, c_ptr
      type(c_ptr), value :: monoid, value
    end function
    ! value may be c_null_ptr (only has_terminal is set).
    integer(c_int) function c_weft_monoid_terminal(monoid, value, has_terminal) &
        bind(C, name="weft_monoid_terminal")
      import :: c_int, c_ptr, c_bool
      type(c_ptr), value :: monoid, value
      logical(c_bool), intent(inout) :: has_terminal
    end function
    integer(c_int) function c_weft_monoid_accepts(monoid, type, accepts) &
        bind(C, name="weft_monoid_accepts")
      import :: c_int, c_ptr, c_bool
      type(c_ptr), value :: monoid, type
      logical(c_bool), intent(inout) :: accepts
    end function
    integer(c_int) function c_weft_monoid_apply(monoid, z, x, y) bind(C, name="weft_monoid_apply")
      import :: c_int, c_ptr
      type(c_ptr), value :: monoid, z, x, y
    end function

    ! ---- Semirings --------------------------------------------------------------------
    integer(c_int) function c_weft_semiring_new(add, multiply, semiring) &
        bind(C, name="weft_semiring_new")
      import :: c_int, c_ptr
      type(c_ptr), value :: add, multiply
      type(c_ptr), intent(inout) :: semiring
    end function
    integer(c_int) function c_weft_semiring_free(semiring) bind(C, name="weft_semiring_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: semiring
    end function
    integer(c_int) function c_weft_semiring_add(semiring, add) bind(C, name="weft_semiring_add")
      import :: c_int, c_ptr
      type(c_ptr), value :: semiring
      type(c_ptr), intent(inout) :: add
    end function
    integer(c_int) function c_weft_semiring_multiply(semiring, multiply) &
        bind(C, name="weft_semiring_multiply")
      import :: c_int, c_ptr
      type(c_ptr), value :: semiring
      type(c_ptr), intent(inout) :: multiply
    end function

    ! ---- The binding's own C helpers (weft_fortran_error.c, weft_fortran_descriptor.c) --
    subroutine c_weft_fortran_error_set(msg, len) bind(C, name="weft_fortran_error_set")
      import :: c_char, c_int64_t
      character(kind=c_char), intent(in) :: msg(*)
      integer(c_int64_t), value :: len
    end subroutine
    subroutine c_weft_fortran_error_clear() bind(C, name="weft_fortran_error_clear")
    end subroutine
    type(c_ptr) function c_weft_fortran_last_error() bind(C, name="weft_fortran_last_error")
      import :: c_ptr
    end function
    ! buf arrives as a C descriptor (CFI_cdesc_t): no copy of a section is made.
    subroutine c_weft_fortran_buffer_info(buf, address, nbytes, contiguous) &
        bind(C, name="weft_fortran_buffer_info")
      import :: c_ptr, c_int64_t, c_int
      type(*), dimension(..), intent(in) :: buf
      type(c_ptr), intent(out) :: address
      integer(c_int64_t), intent(out) :: nbytes
      integer(c_int), intent(out) :: contiguous
    end subroutine
    integer(c_int) function c_weft_fortran_type_from_section(section, base, newtype) &
        bind(C, name="weft_fortran_type_from_section")
      import :: c_int, c_ptr
      type(*), dimension(..), intent(in) :: section
      type(c_ptr), value :: base
      type(c_ptr), intent(inout) :: newtype
    end function
    ! The value buffers of the semiring binding: address, size and domain.
    subroutine c_weft_fortran_value_info(buf, info) bind(C, name="weft_fortran_value_info")
      import :: weft_fortran_value
      type(*), dimension(..), intent(in) :: buf
      type(weft_fortran_value), intent(out) :: info
    end subroutine
  end interface
end module weft_c_api
