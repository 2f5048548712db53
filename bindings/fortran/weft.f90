! weft — the Fortran binding of weft.h: the datatype API, the algebra (operators,
! monoids, semirings) of weft/algebra.h, the semiring engine of weft/sparse.h and the
! graph algorithms of weft/graph.h.
!
!   use weft
!   type(weft_type) :: row, xpose
!   call weft_type_vector(100, 1, 100, WEFT_REAL, row)
!   call weft_type_hvector(100, 1, 4, row, xpose)
!   call weft_type_commit(xpose)
!   call weft_copy(a, 1, xpose, b, 100*100, WEFT_REAL, nbytes)   ! b = transpose(a)
!
! Conventions:
!   - Every routine of weft.h is a subroutine of the same name with the same
!     arguments in the same order, plus an optional last argument ierror (default
!     INTEGER). With ierror present it receives the status (WEFT_SUCCESS = 0,
!     informational > 0, errors < 0); without it a failure prints the status and
!     weft_last_error() and stops the program (ERROR STOP 1). A failed call changes no
!     output argument.
!   - Handles are type(weft_type); the predefined ones (WEFT_REAL, WEFT_INTEGER,
!     WEFT_DOUBLE_PRECISION, ..., WEFT_LB, WEFT_UB, and all the C ones) are the C
!     library's handles themselves. weft_type_free sets a handle to WEFT_TYPE_NULL.
!   - Integers: counts, sizes, positions and element displacements are default
!     INTEGER or INTEGER(WEFT_COUNT_KIND); byte displacements, strides and extents are
!     INTEGER(WEFT_ADDRESS_KIND) or, when all the other integers of the call are
!     default INTEGER, default INTEGER too (MPI-1 style); addresses (weft_address) are
!     INTEGER(WEFT_ADDRESS_KIND). All integer arguments of one call follow one of these
!     combinations (flags such as order and combiner are always default INTEGER).
!     A 64-bit result that does not fit the output's kind gives WEFT_OVERFLOW.
!   - Arrays (blocklens, displs, types, ...) are assumed-shape; the count says how
!     many elements are used; an array shorter than its count gives
!     WEFT_DIMENSION_MISMATCH.
!   - Buffers are type(*), dimension(..): any variable, scalar, array or array
!     section, passed by the address of its first element without a copy (see
!     module weft_buffers). Pass WEFT_BOTTOM for types built from absolute addresses
!     (weft_address); give the variables such a type reaches the TARGET attribute, so
!     that the compiler does not keep them in registers across a call that reads or
!     writes them through WEFT_BOTTOM (as with MPI_BOTTOM in MPI).
!     The packed side of weft_pack/weft_unpack must be contiguous, and the byte size
!     given for it may not exceed its storage (WEFT_DIMENSION_MISMATCH).
!   - Positions and offsets in packed streams are 0-based byte offsets, as in C; so
!     are the starts of weft_type_subarray and the first_piece of weft_type_iov.
!   - The algebra of weft/algebra.h: operators (type(weft_unary_op), weft_binary_op,
!     weft_index_unary_op, from bind(C) procedures; the predefined WEFT_<OP>_<TYPE>):
!     see module weft_operators; monoids (type(weft_monoid), WEFT_<OP>_MONOID_<TYPE>,
!     weft_monoid_new from a bind(C) subroutine or an operator): module weft_monoids;
!     semirings (type(weft_semiring), WEFT_<ADD>_<MULT>_SEMIRING_<TYPE>): module
!     weft_semirings.
!   - The semiring engine of weft/sparse.h (GraphBLAS): type(weft_scalar), weft_vector,
!     weft_matrix (a new variable is the null handle), weft_descriptor (WEFT_DESC_<flags>
!     predefined), in modules weft_collections (context, descriptors, new/dup/free,
!     shapes), weft_elements (elements, build, tuples, dense arrays), weft_import_export
!     (CSR/CSC/COO, serialize, Matrix Market text), weft_multiply (mxm, mxv, vxm, ewise,
!     kronecker), weft_apply_select (apply, select, reduce, transpose) and
!     weft_extract_assign (extract, assign, subassign). What C spells per object or per
!     operator kind is one generic here: weft_matrix_apply, weft_vector_apply_first, ...
!     are all weft_apply; weft_nvals, weft_free, weft_build, ... take every object they
!     apply to. Conventions:
!       . arguments in C's order, the optional ones last and by keyword: the output, the
!         operator, the inputs, then mask, accum, desc, base, ierror (absent = C's NULL);
!       . integers (indices, sizes, counts) are INTEGER of any kind, mixed freely
!         (class(*)); indices are 0-based as in C, or 1-based with base=1 (only the
!         call's index arguments and results: the engine's own indices, those ROWINDEX
!         computes or an index-unary function receives, stay 0-based);
!       . values (elements, build and tuple arrays, dense arrays) are any intrinsic
!         variable or array (type(*), dimension(..)): INTEGER(1/2/4/8), REAL(4/8),
!         COMPLEX(4/8) and LOGICAL are WEFT_INT8..INT64, FP32, FP64, FC32, FC64 and BOOL;
!         anything else (a derived type) with xtype, its weft type;
!       . an absent index list of extract/assign means every index (C's WEFT_ALL).
!   - The graph algorithms of weft/graph.h (weft_graph_bfs, _sssp, _pagerank, _triangles,
!     _components, _betweenness; WEFT_TC_* choose a triangle-counting method and presort):
!     module weft_graph. They keep their C names; the graph comes first, the optional
!     outputs and settings last (pagerank's damping, tolerance and max_iterations have
!     defaults); source and sources are 0-based, or 1-based with base=1, while the result
!     vectors stay the engine's (positions and vertex values 0-based).
module weft
  use, intrinsic :: iso_c_binding, only: c_ptr, c_int, c_int64_t, c_bool, c_intptr_t, c_null_ptr, &
                                         c_associated, c_loc
  use weft_constants
  use weft_handles
  use weft_operators
  use weft_monoids
  use weft_semirings
  use weft_errors, only: weft_status_name, weft_status_message, weft_last_error, &
                         weft_check_, weft_report_, weft_fail_
  use weft_buffers, only: weft_buffer_address_
  use weft_c_api, only: c_weft_version, c_weft_free, c_weft_type_dup, c_weft_type_commit, &
                        c_weft_type_free, c_weft_type_is_contiguous, c_weft_type_signature, c_weft_address, &
                        c_weft_fortran_type_from_section
  use weft_counts_default
  use weft_counts_int64
  use weft_bytes_default
  use weft_bytes_address
  use weft_mixed_default
  use weft_mixed_default_address
  use weft_mixed_int64
  use weft_sparse_handles
  use weft_collections
  use weft_elements
  use weft_import_export
  use weft_multiply
  use weft_apply_select
  use weft_extract_assign
  use weft_graph
  implicit none
  private

  ! ---- re-exported: constants (weft_constants) ---------------------------------------
  public :: WEFT_COUNT_KIND, WEFT_ADDRESS_KIND
  public :: WEFT_VERSION_MAJOR, WEFT_VERSION_MINOR, WEFT_VERSION_PATCH
  public :: WEFT_SUCCESS, WEFT_NO_VALUE, WEFT_UNINITIALIZED_OBJECT, WEFT_NULL_POINTER, &
            WEFT_INVALID_VALUE, WEFT_INVALID_INDEX, WEFT_DOMAIN_MISMATCH, &
            WEFT_DIMENSION_MISMATCH, WEFT_OUTPUT_NOT_EMPTY, WEFT_NOT_IMPLEMENTED, &
            WEFT_INVALID_HANDLE, WEFT_TYPE_NOT_COMMITTED, WEFT_SIGNATURE_MISMATCH, &
            WEFT_OVERFLOW, WEFT_OVERLAPPING_TYPE, WEFT_PANIC, WEFT_OUT_OF_MEMORY, &
            WEFT_INSUFFICIENT_SPACE, WEFT_INVALID_OBJECT, WEFT_INDEX_OUT_OF_BOUNDS, &
            WEFT_EMPTY_OBJECT, WEFT_TRUNCATED, WEFT_IO_ERROR, WEFT_MPI_ERROR
  public :: WEFT_UNDEFINED, WEFT_ORDER_C, WEFT_ORDER_FORTRAN
  public :: WEFT_COMBINER_NAMED, WEFT_COMBINER_DUP, WEFT_COMBINER_CONTIGUOUS, &
            WEFT_COMBINER_VECTOR, WEFT_COMBINER_HVECTOR, WEFT_COMBINER_INDEXED, &
            WEFT_COMBINER_HINDEXED, WEFT_COMBINER_INDEXED_BLOCK, &
            WEFT_COMBINER_HINDEXED_BLOCK, WEFT_COMBINER_STRUCT, WEFT_COMBINER_SUBARRAY, &
            WEFT_COMBINER_RESIZED, WEFT_COMBINER_STRUCT_ALIGNED

  ! ---- re-exported: handles (weft_handles) -------------------------------------------
  public :: weft_type, WEFT_TYPE_NULL, WEFT_BOTTOM, operator(==), operator(/=)
  public :: WEFT_CHAR, WEFT_SIGNED_CHAR, WEFT_UNSIGNED_CHAR, WEFT_BYTE, WEFT_SHORT, &
            WEFT_UNSIGNED_SHORT, WEFT_INT, WEFT_UNSIGNED, WEFT_LONG, WEFT_UNSIGNED_LONG, &
            WEFT_LONG_LONG, WEFT_UNSIGNED_LONG_LONG, WEFT_INT8, WEFT_INT16, WEFT_INT32, &
            WEFT_INT64, WEFT_UINT8, WEFT_UINT16, WEFT_UINT32, WEFT_UINT64, WEFT_FLOAT, &
            WEFT_DOUBLE, WEFT_LONG_DOUBLE, WEFT_C_FLOAT_COMPLEX, WEFT_C_DOUBLE_COMPLEX, &
            WEFT_BOOL, WEFT_WCHAR, WEFT_INTEGER, WEFT_REAL, WEFT_DOUBLE_PRECISION, &
            WEFT_COMPLEX, WEFT_DOUBLE_COMPLEX, WEFT_LOGICAL, WEFT_CHARACTER, WEFT_LB, &
            WEFT_UB, WEFT_FP32, WEFT_FP64, WEFT_FC32, WEFT_FC64

  ! ---- algebra (weft_operators, weft_monoids, weft_semirings) ---------------------------
  public :: weft_unary_op, weft_binary_op, weft_index_unary_op, WEFT_UNARY_OP_NULL, &
            WEFT_BINARY_OP_NULL, WEFT_INDEX_UNARY_OP_NULL, weft_unary_fn, weft_binary_fn, &
            weft_index_unary_fn
  public :: weft_unary_op_new, weft_binary_op_new, weft_index_unary_op_new, &
            weft_unary_op_free, weft_binary_op_free, weft_index_unary_op_free, &
            weft_unary_op_types, weft_binary_op_types, weft_index_unary_op_types, &
            weft_unary_op_function, weft_binary_op_function, weft_index_unary_op_function
  public :: weft_binary_op_new_source, weft_set_jit, weft_get_jit
  public :: weft_monoid, WEFT_MONOID_NULL, weft_monoid_new, weft_monoid_new_terminal, &
            weft_monoid_free, weft_monoid_operator, weft_monoid_function, weft_monoid_domain, &
            weft_monoid_identity, weft_monoid_terminal, weft_monoid_accepts, &
            weft_monoid_apply
  public :: weft_semiring, WEFT_SEMIRING_NULL, weft_semiring_new, weft_semiring_free, &
            weft_semiring_add, weft_semiring_multiply
  ! The predefined operators, monoids and semirings (a long list, kept apart).
  include 'weft_algebra_names.inc'

  ! ---- the semiring engine (weft/sparse.h): another long list ------------------------
  include 'weft_sparse_names.inc'

  ! ---- graph algorithms (weft/graph.h, module weft_graph) ----------------------------
  public :: weft_graph_bfs, weft_graph_sssp, weft_graph_pagerank, weft_graph_triangles, &
            weft_graph_components, weft_graph_betweenness
  public :: WEFT_TC_DEFAULT, WEFT_TC_BURKHARDT, WEFT_TC_COHEN, WEFT_TC_SANDIA_LL, &
            WEFT_TC_SANDIA_UU, WEFT_TC_SANDIA_LUT, WEFT_TC_SANDIA_ULT, &
            WEFT_TC_PRESORT_AUTO, WEFT_TC_PRESORT_NONE, WEFT_TC_PRESORT_ASCENDING, &
            WEFT_TC_PRESORT_DESCENDING

  ! ---- library -----------------------------------------------------------------------
  public :: weft_status_name, weft_status_message, weft_last_error, weft_version, weft_free

  ! ---- constructors (kind-generic ones from weft_kinds) ------------------------------
  public :: weft_type_contiguous, weft_type_vector, weft_type_hvector, weft_type_indexed, &
            weft_type_hindexed, weft_type_indexed_block, weft_type_hindexed_block, &
            weft_type_struct, weft_type_subarray, weft_type_resized, weft_type_dup, &
            weft_type_struct_aligned, weft_type_commit, weft_type_free, &
            weft_type_from_section

  ! ---- queries -----------------------------------------------------------------------
  public :: weft_type_size, weft_type_extent, weft_type_true_extent, weft_type_lb, &
            weft_type_ub, weft_type_count, weft_type_alignment, weft_type_is_contiguous, &
            weft_type_signature, &
            weft_type_typemap, weft_type_iov, weft_type_envelope, weft_type_contents, &
            weft_buffer_is_aligned

  ! ---- moving data -------------------------------------------------------------------
  public :: weft_pack_size, weft_pack, weft_unpack, weft_pack_partial, weft_unpack_partial, &
            weft_copy, weft_get_elements, weft_get_count, weft_address

  ! weft_type_from_section(section, newtype [, basetype] [, ierror]): two specifics so
  ! that a positional ierror works without basetype.
  interface weft_type_from_section
    module procedure type_from_section, type_from_section_base
  end interface
  ! weft_free(p) for memory weft allocated, merged with weft_free(x) for the semiring
  ! engine's objects (module weft_collections).
  interface weft_free
    module procedure free_c_memory
  end interface

contains

  ! The library's version (not this binding's WEFT_VERSION_* constants).
  subroutine weft_version(major, minor, patch, ierror)
    integer, intent(inout) :: major, minor, patch
    integer, intent(out), optional :: ierror
    integer(c_int) :: a, b, c, st
    st = c_weft_version(a, b, c)
    if (st >= 0) then
      major = a
      minor = b
      patch = c
    end if
    call weft_check_(st, 'weft_version', ierror)
  end subroutine weft_version

  ! Releases memory weft allocated for a variable-size result (C pointers only; no
  ! routine of this module returns such memory).
  subroutine free_c_memory(p)
    type(c_ptr), intent(in) :: p
    call c_weft_free(p)
  end subroutine free_c_memory

  ! A new handle to a type with old's typemap; committed if old is.
  subroutine weft_type_dup(old, newtype, ierror)
    type(weft_type), intent(in) :: old
    type(weft_type), intent(inout) :: newtype
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_type_dup(old%ptr, newtype%ptr), 'weft_type_dup', ierror)
  end subroutine weft_type_dup

  ! Compiles the type for weft_pack, weft_unpack, weft_copy, ...; a no-op for a
  ! committed or predefined type.
  subroutine weft_type_commit(datatype, ierror)
    type(weft_type), intent(in) :: datatype
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_type_commit(datatype%ptr), 'weft_type_commit', ierror)
  end subroutine weft_type_commit

  ! Releases the handle and sets it to WEFT_TYPE_NULL (types built from it live on).
  subroutine weft_type_free(datatype, ierror)
    type(weft_type), intent(inout) :: datatype
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_type_free(datatype%ptr), 'weft_type_free', ierror)
  end subroutine weft_type_free

  ! Whether count copies of the type occupy one gap-free byte run in typemap order.
  subroutine weft_type_is_contiguous(datatype, flag, ierror)
    type(weft_type), intent(in) :: datatype
    logical, intent(inout) :: flag
    integer, intent(out), optional :: ierror
    logical(c_bool) :: f
    integer(c_int) :: st
    f = .false.
    st = c_weft_type_is_contiguous(datatype%ptr, f)
    if (st >= 0) flag = logical(f)
    call weft_check_(st, 'weft_type_is_contiguous', ierror)
  end subroutine weft_type_is_contiguous

  ! weft_type_signature: a fingerprint of the type signature (the bit pattern of C's
  ! uint64_t in an INTEGER(8)): equal for types whose basic types match in typemap order
  ! (INTEGER and WEFT_INT32 count as one), 0 for a type without entries.
  subroutine weft_type_signature(datatype, fingerprint, ierror)
    type(weft_type), intent(in) :: datatype
    integer(c_int64_t), intent(inout) :: fingerprint
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: h
    integer(c_int) :: st
    st = c_weft_type_signature(datatype%ptr, h)
    if (st >= 0) fingerprint = h
    call weft_check_(st, 'weft_type_signature', ierror)
  end subroutine weft_type_signature

  ! MPI_GET_ADDRESS: the address of location (any variable; for an array section the
  ! address of its first element), usable as a displacement with WEFT_BOTTOM.
  ! weft_address(WEFT_BOTTOM, a) gives 0.
  subroutine weft_address(location, address, ierror)
    type(*), dimension(..), target, intent(in) :: location
    integer(c_intptr_t), intent(inout) :: address
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_address(weft_buffer_address_(location), address), &
                     'weft_address', ierror)
  end subroutine weft_address

  ! The weft type of exactly the elements of `section` (an array section such as
  ! a(1:17:2, 3:11, 2:10), a whole array or a scalar), in array element order, with
  ! displacements relative to the section's first element: use the section itself (or
  ! its first element, a(1,3,2)) as the buffer. The section arrives as a descriptor,
  ! never copied; the type nests one hvector per dimension with that dimension's
  ! extent and byte stride (negative for a(10:1:-1)), starting from the element type:
  ! INTEGER -> WEFT_INTEGER, REAL -> WEFT_REAL, DOUBLE PRECISION ->
  ! WEFT_DOUBLE_PRECISION, COMPLEX -> WEFT_COMPLEX, COMPLEX(kind(0d0)) ->
  ! WEFT_DOUBLE_COMPLEX, LOGICAL -> WEFT_LOGICAL, CHARACTER(len=n) -> n x
  ! WEFT_CHARACTER, INTEGER(1/2/8) -> WEFT_INT8/INT16/INT64, LOGICAL(c_bool) ->
  ! WEFT_BOOL. For other element types (derived types, REAL(10), REAL(16), ...) pass
  ! basetype (else WEFT_INVALID_VALUE): the layout of one element relative to the
  ! element's start (it may describe only part of the element; the element stride
  ! always comes from the section). An assumed-size array gives WEFT_INVALID_VALUE.
  ! The result is not committed; free it with weft_type_free. What the compiler passes
  ! as a temporary copy cannot be described (the type would describe the copy):
  ! gfortran copies sections of substrings (s(1:6:5)(2:3)), vector-subscripted
  ! sections (a([1, 5, 2])) and expressions.
  subroutine type_from_section(section, newtype, ierror)
    type(*), dimension(..), intent(in) :: section
    type(weft_type), intent(inout) :: newtype
    integer, intent(out), optional :: ierror
    call weft_report_(c_weft_fortran_type_from_section(section, c_null_ptr, newtype%ptr), &
                      'weft_type_from_section', ierror)
  end subroutine type_from_section

  subroutine type_from_section_base(section, newtype, basetype, ierror)
    type(*), dimension(..), intent(in) :: section
    type(weft_type), intent(inout) :: newtype
    type(weft_type), intent(in) :: basetype
    integer, intent(out), optional :: ierror
    type(c_ptr) :: base
    base = basetype%ptr
    if (.not. c_associated(base)) then   ! NULL would mean "no basetype" to the C helper
      call weft_fail_(WEFT_INVALID_HANDLE, 'weft_type_from_section', &
                      'basetype is a NULL handle', ierror)
      return
    end if
    call weft_report_(c_weft_fortran_type_from_section(section, base, newtype%ptr), &
                      'weft_type_from_section', ierror)
  end subroutine type_from_section_base
end module weft
