! weft_sparse_c_api — ISO_C_BINDING interfaces to the functions of weft/sparse.h, one
! for one, under the C names prefixed with c_ (c_weft_mxm binds weft_mxm), and the C
! globals the binding reads (WEFT_ALL). Handles are type(c_ptr) here (weft_matrix%ptr);
! indices, sizes and counts INTEGER(c_int64_t); element values are addresses
! (type(c_ptr), value) with their weft type. Index lists of extract and assign are
! addresses too, so that WEFT_ALL can be passed.
! The modules of the semiring binding (weft_collections, weft_elements, ...) wrap these
! with generics, optional arguments and Fortran arrays.
module weft_sparse_c_api
  use, intrinsic :: iso_c_binding, only: c_int, c_int64_t, c_ptr, c_char
  implicit none
  private
  public :: c_weft_init, c_weft_finalize, c_weft_get_mode, c_weft_set_threads, &
            c_weft_get_threads, c_weft_get_stat, c_weft_descriptor_new, &
            c_weft_descriptor_set, c_weft_descriptor_get, c_weft_descriptor_free, &
            c_weft_scalar_new, c_weft_scalar_dup, c_weft_scalar_clear, c_weft_scalar_nvals, &
            c_weft_scalar_set_element, c_weft_scalar_extract_element, c_weft_scalar_type, &
            c_weft_scalar_wait, c_weft_scalar_error, c_weft_scalar_free, c_weft_vector_new, &
            c_weft_vector_dup, c_weft_vector_clear, c_weft_vector_resize, c_weft_vector_size, &
            c_weft_vector_nvals, c_weft_vector_iso, c_weft_vector_type, c_weft_vector_build, &
            c_weft_vector_set_element, c_weft_vector_remove_element, &
            c_weft_vector_extract_element, c_weft_vector_extract_tuples, c_weft_vector_wait, &
            c_weft_vector_error, c_weft_vector_free, c_weft_matrix_new, c_weft_matrix_dup, &
            c_weft_matrix_clear, c_weft_matrix_resize, c_weft_matrix_nrows, c_weft_matrix_ncols, &
            c_weft_matrix_nvals, c_weft_matrix_iso, c_weft_matrix_type, c_weft_matrix_build, &
            c_weft_matrix_set_element, c_weft_matrix_remove_element, &
            c_weft_matrix_extract_element, c_weft_matrix_extract_tuples, c_weft_matrix_diag, &
            c_weft_matrix_import, c_weft_matrix_export_size, c_weft_matrix_export, &
            c_weft_matrix_serialize_size, c_weft_matrix_serialize, c_weft_matrix_deserialize, &
            c_weft_matrix_read_mm, c_weft_matrix_read_mm_buffer, c_weft_matrix_write_mm, &
            c_weft_matrix_write_mm_buffer, c_weft_matrix_wait, c_weft_matrix_error, c_weft_matrix_free, c_weft_mxm, c_weft_mxv, &
            c_weft_vxm, c_weft_matrix_ewise_add, c_weft_matrix_ewise_mult, &
            c_weft_matrix_ewise_union, c_weft_vector_ewise_add, c_weft_vector_ewise_mult, &
            c_weft_vector_ewise_union, c_weft_matrix_apply, c_weft_matrix_apply_first, &
            c_weft_matrix_apply_second, c_weft_matrix_apply_index, c_weft_matrix_select, &
            c_weft_vector_apply, c_weft_vector_apply_first, c_weft_vector_apply_second, &
            c_weft_vector_apply_index, c_weft_vector_select, c_weft_matrix_reduce, &
            c_weft_matrix_reduce_scalar, c_weft_vector_reduce_scalar, c_weft_transpose, &
            c_weft_matrix_extract, c_weft_vector_extract, c_weft_col_extract, &
            c_weft_matrix_assign, c_weft_matrix_assign_scalar, c_weft_vector_assign, &
            c_weft_vector_assign_scalar, c_weft_col_assign, c_weft_row_assign, &
            c_weft_matrix_subassign, c_weft_kronecker

  ! The C WEFT_ALL (const int64_t *const): the index list meaning 0, 1, ..., n-1. Bound by
  ! name, as the predefined handles are (see weft_handles). The binding passes it for an
  ! absent index list.
  type(c_ptr), bind(C, name="WEFT_ALL"), public, protected :: c_weft_all

  interface
    ! ---- Context ------------------------------------------------------------------------
    integer(c_int) function c_weft_init(mode) bind(C, name="weft_init")
      import :: c_int
      integer(c_int), value :: mode
    end function
    integer(c_int) function c_weft_finalize() bind(C, name="weft_finalize")
      import :: c_int
    end function
    integer(c_int) function c_weft_get_mode(mode) bind(C, name="weft_get_mode")
      import :: c_int
      integer(c_int), intent(inout) :: mode
    end function
    integer(c_int) function c_weft_set_threads(nthreads) bind(C, name="weft_set_threads")
      import :: c_int
      integer(c_int), value :: nthreads
    end function
    integer(c_int) function c_weft_get_threads(nthreads) bind(C, name="weft_get_threads")
      import :: c_int
      integer(c_int), intent(inout) :: nthreads
    end function
    integer(c_int) function c_weft_get_stat(which, value) bind(C, name="weft_get_stat")
      import :: c_int, c_int64_t
      integer(c_int), value :: which
      integer(c_int64_t), intent(inout) :: value
    end function

    ! ---- Descriptors --------------------------------------------------------------------
    integer(c_int) function c_weft_descriptor_new(desc) bind(C, name="weft_descriptor_new")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: desc
    end function
    integer(c_int) function c_weft_descriptor_set(desc, field, value) &
        bind(C, name="weft_descriptor_set")
      import :: c_int, c_ptr
      type(c_ptr), value :: desc
      integer(c_int), value :: field
      integer(c_int), value :: value
    end function
    integer(c_int) function c_weft_descriptor_get(desc, field, value) &
        bind(C, name="weft_descriptor_get")
      import :: c_int, c_ptr
      type(c_ptr), value :: desc
      integer(c_int), value :: field
      integer(c_int), intent(inout) :: value
    end function
    integer(c_int) function c_weft_descriptor_free(desc) bind(C, name="weft_descriptor_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: desc
    end function

    ! ---- Scalars ------------------------------------------------------------------------
    integer(c_int) function c_weft_scalar_new(type, s) bind(C, name="weft_scalar_new")
      import :: c_int, c_ptr
      type(c_ptr), value :: type
      type(c_ptr), intent(inout) :: s
    end function
    integer(c_int) function c_weft_scalar_dup(s, copy) bind(C, name="weft_scalar_dup")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
      type(c_ptr), intent(inout) :: copy
    end function
    integer(c_int) function c_weft_scalar_clear(s) bind(C, name="weft_scalar_clear")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
    end function
    integer(c_int) function c_weft_scalar_nvals(s, nvals) bind(C, name="weft_scalar_nvals")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: s
      integer(c_int64_t), intent(inout) :: nvals
    end function
    integer(c_int) function c_weft_scalar_set_element(s, x, xtype) &
        bind(C, name="weft_scalar_set_element")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
      type(c_ptr), value :: x
      type(c_ptr), value :: xtype
    end function
    integer(c_int) function c_weft_scalar_extract_element(s, xtype, x) &
        bind(C, name="weft_scalar_extract_element")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
      type(c_ptr), value :: xtype
      type(c_ptr), value :: x
    end function
    integer(c_int) function c_weft_scalar_type(s, type) bind(C, name="weft_scalar_type")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
      type(c_ptr), intent(inout) :: type
    end function
    integer(c_int) function c_weft_scalar_wait(s, mode) bind(C, name="weft_scalar_wait")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
      integer(c_int), value :: mode
    end function
    integer(c_int) function c_weft_scalar_error(s, msg) bind(C, name="weft_scalar_error")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
      type(c_ptr), intent(inout) :: msg
    end function
    integer(c_int) function c_weft_scalar_free(s) bind(C, name="weft_scalar_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: s
    end function

    ! ---- Vectors ------------------------------------------------------------------------
    integer(c_int) function c_weft_vector_new(type, n, v) bind(C, name="weft_vector_new")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), value :: n
      type(c_ptr), intent(inout) :: v
    end function
    integer(c_int) function c_weft_vector_dup(v, copy) bind(C, name="weft_vector_dup")
      import :: c_int, c_ptr
      type(c_ptr), value :: v
      type(c_ptr), intent(inout) :: copy
    end function
    integer(c_int) function c_weft_vector_clear(v) bind(C, name="weft_vector_clear")
      import :: c_int, c_ptr
      type(c_ptr), value :: v
    end function
    integer(c_int) function c_weft_vector_resize(v, n) bind(C, name="weft_vector_resize")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), value :: n
    end function
    integer(c_int) function c_weft_vector_size(v, n) bind(C, name="weft_vector_size")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), intent(inout) :: n
    end function
    integer(c_int) function c_weft_vector_nvals(v, nvals) bind(C, name="weft_vector_nvals")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), intent(inout) :: nvals
    end function
    integer(c_int) function c_weft_vector_iso(v, iso) bind(C, name="weft_vector_iso")
      import :: c_int, c_ptr
      type(c_ptr), value :: v
      integer(c_int), intent(inout) :: iso
    end function
    integer(c_int) function c_weft_vector_type(v, type) bind(C, name="weft_vector_type")
      import :: c_int, c_ptr
      type(c_ptr), value :: v
      type(c_ptr), intent(inout) :: type
    end function
    integer(c_int) function c_weft_vector_build(v, I, X, xtype, n, dup) &
        bind(C, name="weft_vector_build")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), intent(in) :: I(*)
      type(c_ptr), value :: X
      type(c_ptr), value :: xtype
      integer(c_int64_t), value :: n
      type(c_ptr), value :: dup
    end function
    integer(c_int) function c_weft_vector_set_element(v, i, x, xtype) &
        bind(C, name="weft_vector_set_element")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), value :: i
      type(c_ptr), value :: x
      type(c_ptr), value :: xtype
    end function
    integer(c_int) function c_weft_vector_remove_element(v, i) &
        bind(C, name="weft_vector_remove_element")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), value :: i
    end function
    integer(c_int) function c_weft_vector_extract_element(v, i, xtype, x) &
        bind(C, name="weft_vector_extract_element")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), value :: i
      type(c_ptr), value :: xtype
      type(c_ptr), value :: x
    end function
    integer(c_int) function c_weft_vector_extract_tuples(v, capacity, I, X, xtype, n) &
        bind(C, name="weft_vector_extract_tuples")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), value :: capacity
      integer(c_int64_t), intent(inout) :: I(*)
      type(c_ptr), value :: X
      type(c_ptr), value :: xtype
      integer(c_int64_t), intent(inout) :: n
    end function
    integer(c_int) function c_weft_vector_wait(v, mode) bind(C, name="weft_vector_wait")
      import :: c_int, c_ptr
      type(c_ptr), value :: v
      integer(c_int), value :: mode
    end function
    integer(c_int) function c_weft_vector_error(v, msg) bind(C, name="weft_vector_error")
      import :: c_int, c_ptr
      type(c_ptr), value :: v
      type(c_ptr), intent(inout) :: msg
    end function
    integer(c_int) function c_weft_vector_free(v) bind(C, name="weft_vector_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: v
    end function

    ! ---- Matrices -----------------------------------------------------------------------
    integer(c_int) function c_weft_matrix_new(type, nrows, ncols, A) &
        bind(C, name="weft_matrix_new")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), value :: nrows
      integer(c_int64_t), value :: ncols
      type(c_ptr), intent(inout) :: A
    end function
    integer(c_int) function c_weft_matrix_dup(A, copy) bind(C, name="weft_matrix_dup")
      import :: c_int, c_ptr
      type(c_ptr), value :: A
      type(c_ptr), intent(inout) :: copy
    end function
    integer(c_int) function c_weft_matrix_clear(A) bind(C, name="weft_matrix_clear")
      import :: c_int, c_ptr
      type(c_ptr), value :: A
    end function
    integer(c_int) function c_weft_matrix_resize(A, nrows, ncols) &
        bind(C, name="weft_matrix_resize")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), value :: nrows
      integer(c_int64_t), value :: ncols
    end function
    integer(c_int) function c_weft_matrix_nrows(A, nrows) bind(C, name="weft_matrix_nrows")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), intent(inout) :: nrows
    end function
    integer(c_int) function c_weft_matrix_ncols(A, ncols) bind(C, name="weft_matrix_ncols")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), intent(inout) :: ncols
    end function
    integer(c_int) function c_weft_matrix_nvals(A, nvals) bind(C, name="weft_matrix_nvals")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), intent(inout) :: nvals
    end function
    integer(c_int) function c_weft_matrix_iso(A, iso) bind(C, name="weft_matrix_iso")
      import :: c_int, c_ptr
      type(c_ptr), value :: A
      integer(c_int), intent(inout) :: iso
    end function
    integer(c_int) function c_weft_matrix_type(A, type) bind(C, name="weft_matrix_type")
      import :: c_int, c_ptr
      type(c_ptr), value :: A
      type(c_ptr), intent(inout) :: type
    end function
    integer(c_int) function c_weft_matrix_build(A, I, J, X, xtype, n, dup) &
        bind(C, name="weft_matrix_build")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), intent(in) :: I(*)
      integer(c_int64_t), intent(in) :: J(*)
      type(c_ptr), value :: X
      type(c_ptr), value :: xtype
      integer(c_int64_t), value :: n
      type(c_ptr), value :: dup
    end function
    integer(c_int) function c_weft_matrix_set_element(A, i, j, x, xtype) &
        bind(C, name="weft_matrix_set_element")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), value :: i
      integer(c_int64_t), value :: j
      type(c_ptr), value :: x
      type(c_ptr), value :: xtype
    end function
    integer(c_int) function c_weft_matrix_remove_element(A, i, j) &
        bind(C, name="weft_matrix_remove_element")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), value :: i
      integer(c_int64_t), value :: j
    end function
    integer(c_int) function c_weft_matrix_extract_element(A, i, j, xtype, x) &
        bind(C, name="weft_matrix_extract_element")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), value :: i
      integer(c_int64_t), value :: j
      type(c_ptr), value :: xtype
      type(c_ptr), value :: x
    end function
    integer(c_int) function c_weft_matrix_extract_tuples(A, capacity, I, J, X, xtype, n) &
        bind(C, name="weft_matrix_extract_tuples")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), value :: capacity
      integer(c_int64_t), intent(inout) :: I(*)
      integer(c_int64_t), intent(inout) :: J(*)
      type(c_ptr), value :: X
      type(c_ptr), value :: xtype
      integer(c_int64_t), intent(inout) :: n
    end function
    integer(c_int) function c_weft_matrix_diag(v, k, C) bind(C, name="weft_matrix_diag")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: v
      integer(c_int64_t), value :: k
      type(c_ptr), intent(inout) :: C
    end function
    integer(c_int) function c_weft_matrix_import(type, nrows, ncols, format, ptr, idx, values, &
        vtype, nvals, A) &
        bind(C, name="weft_matrix_import")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: type
      integer(c_int64_t), value :: nrows
      integer(c_int64_t), value :: ncols
      integer(c_int), value :: format
      integer(c_int64_t), intent(in) :: ptr(*)
      integer(c_int64_t), intent(in) :: idx(*)
      type(c_ptr), value :: values
      type(c_ptr), value :: vtype
      integer(c_int64_t), value :: nvals
      type(c_ptr), intent(inout) :: A
    end function
    integer(c_int) function c_weft_matrix_export_size(A, format, nptr, nidx, nvals) &
        bind(C, name="weft_matrix_export_size")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int), value :: format
      integer(c_int64_t), intent(inout) :: nptr
      integer(c_int64_t), intent(inout) :: nidx
      integer(c_int64_t), intent(inout) :: nvals
    end function
    integer(c_int) function c_weft_matrix_export(A, format, ptr, idx, values, vtype, nptr, &
        nidx, nvals) &
        bind(C, name="weft_matrix_export")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int), value :: format
      integer(c_int64_t), intent(inout) :: ptr(*)
      integer(c_int64_t), intent(inout) :: idx(*)
      type(c_ptr), value :: values
      type(c_ptr), value :: vtype
      integer(c_int64_t), intent(inout) :: nptr
      integer(c_int64_t), intent(inout) :: nidx
      integer(c_int64_t), intent(inout) :: nvals
    end function
    integer(c_int) function c_weft_matrix_serialize_size(A, size) &
        bind(C, name="weft_matrix_serialize_size")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      integer(c_int64_t), intent(inout) :: size
    end function
    integer(c_int) function c_weft_matrix_serialize(A, buf, capacity, size) &
        bind(C, name="weft_matrix_serialize")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      type(c_ptr), value :: buf
      integer(c_int64_t), value :: capacity
      integer(c_int64_t), intent(inout) :: size
    end function
    integer(c_int) function c_weft_matrix_deserialize(buf, size, A) &
        bind(C, name="weft_matrix_deserialize")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: buf
      integer(c_int64_t), value :: size
      type(c_ptr), intent(inout) :: A
    end function
    ! Matrix Market text. path: NUL-terminated; text: size characters, no NUL needed.
    integer(c_int) function c_weft_matrix_read_mm(path, type, A) &
        bind(C, name="weft_matrix_read_mm")
      import :: c_int, c_ptr, c_char
      character(kind=c_char), intent(in) :: path(*)
      type(c_ptr), value :: type
      type(c_ptr), intent(inout) :: A
    end function
    integer(c_int) function c_weft_matrix_read_mm_buffer(text, size, type, A) &
        bind(C, name="weft_matrix_read_mm_buffer")
      import :: c_int, c_int64_t, c_ptr, c_char
      character(kind=c_char), intent(in) :: text(*)
      integer(c_int64_t), value :: size
      type(c_ptr), value :: type
      type(c_ptr), intent(inout) :: A
    end function
    integer(c_int) function c_weft_matrix_write_mm(A, path) &
        bind(C, name="weft_matrix_write_mm")
      import :: c_int, c_ptr, c_char
      type(c_ptr), value :: A
      character(kind=c_char), intent(in) :: path(*)
    end function
    integer(c_int) function c_weft_matrix_write_mm_buffer(A, buf, capacity, size) &
        bind(C, name="weft_matrix_write_mm_buffer")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: A
      type(c_ptr), value :: buf
      integer(c_int64_t), value :: capacity
      integer(c_int64_t), intent(inout) :: size
    end function
    integer(c_int) function c_weft_matrix_wait(A, mode) bind(C, name="weft_matrix_wait")
      import :: c_int, c_ptr
      type(c_ptr), value :: A
      integer(c_int), value :: mode
    end function
    integer(c_int) function c_weft_matrix_error(A, msg) bind(C, name="weft_matrix_error")
      import :: c_int, c_ptr
      type(c_ptr), value :: A
      type(c_ptr), intent(inout) :: msg
    end function
    integer(c_int) function c_weft_matrix_free(A) bind(C, name="weft_matrix_free")
      import :: c_int, c_ptr
      type(c_ptr), intent(inout) :: A
    end function

    ! ---- Operations: (output, mask, accum, operator, inputs, descriptor), every handle by value 
    integer(c_int) function c_weft_mxm(C, M, accum, s, A, B, desc) bind(C, name="weft_mxm")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: s
      type(c_ptr), value :: A
      type(c_ptr), value :: B
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_mxv(w, mask, accum, s, A, u, desc) bind(C, name="weft_mxv")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: s
      type(c_ptr), value :: A
      type(c_ptr), value :: u
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vxm(w, mask, accum, s, u, A, desc) bind(C, name="weft_vxm")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: s
      type(c_ptr), value :: u
      type(c_ptr), value :: A
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_ewise_add(C, M, accum, op, A, B, desc) &
        bind(C, name="weft_matrix_ewise_add")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: A
      type(c_ptr), value :: B
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_ewise_mult(C, M, accum, op, A, B, desc) &
        bind(C, name="weft_matrix_ewise_mult")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: A
      type(c_ptr), value :: B
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_ewise_union(C, M, accum, op, A, alpha, B, beta, desc) &
        bind(C, name="weft_matrix_ewise_union")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: A
      type(c_ptr), value :: alpha
      type(c_ptr), value :: B
      type(c_ptr), value :: beta
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_ewise_add(w, mask, accum, op, u, v, desc) &
        bind(C, name="weft_vector_ewise_add")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: u
      type(c_ptr), value :: v
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_ewise_mult(w, mask, accum, op, u, v, desc) &
        bind(C, name="weft_vector_ewise_mult")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: u
      type(c_ptr), value :: v
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_ewise_union(w, mask, accum, op, u, alpha, v, beta, &
        desc) &
        bind(C, name="weft_vector_ewise_union")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: u
      type(c_ptr), value :: alpha
      type(c_ptr), value :: v
      type(c_ptr), value :: beta
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_apply(C, M, accum, op, A, desc) &
        bind(C, name="weft_matrix_apply")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: A
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_apply_first(C, M, accum, op, x, A, desc) &
        bind(C, name="weft_matrix_apply_first")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: x
      type(c_ptr), value :: A
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_apply_second(C, M, accum, op, A, y, desc) &
        bind(C, name="weft_matrix_apply_second")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: A
      type(c_ptr), value :: y
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_apply_index(C, M, accum, op, A, thunk, desc) &
        bind(C, name="weft_matrix_apply_index")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: A
      type(c_ptr), value :: thunk
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_select(C, M, accum, op, A, thunk, desc) &
        bind(C, name="weft_matrix_select")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: A
      type(c_ptr), value :: thunk
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_apply(w, mask, accum, op, u, desc) &
        bind(C, name="weft_vector_apply")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: u
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_apply_first(w, mask, accum, op, x, u, desc) &
        bind(C, name="weft_vector_apply_first")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: x
      type(c_ptr), value :: u
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_apply_second(w, mask, accum, op, u, y, desc) &
        bind(C, name="weft_vector_apply_second")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: u
      type(c_ptr), value :: y
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_apply_index(w, mask, accum, op, u, thunk, desc) &
        bind(C, name="weft_vector_apply_index")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: u
      type(c_ptr), value :: thunk
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_select(w, mask, accum, op, u, thunk, desc) &
        bind(C, name="weft_vector_select")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: u
      type(c_ptr), value :: thunk
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_reduce(w, mask, accum, monoid, A, desc) &
        bind(C, name="weft_matrix_reduce")
      import :: c_int, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: monoid
      type(c_ptr), value :: A
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_reduce_scalar(s, accum, monoid, A, desc) &
        bind(C, name="weft_matrix_reduce_scalar")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
      type(c_ptr), value :: accum
      type(c_ptr), value :: monoid
      type(c_ptr), value :: A
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_reduce_scalar(s, accum, monoid, u, desc) &
        bind(C, name="weft_vector_reduce_scalar")
      import :: c_int, c_ptr
      type(c_ptr), value :: s
      type(c_ptr), value :: accum
      type(c_ptr), value :: monoid
      type(c_ptr), value :: u
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_transpose(C, M, accum, A, desc) &
        bind(C, name="weft_transpose")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: A
      type(c_ptr), value :: desc
    end function

    ! ---- Index lists are addresses (type(c_ptr), value) so that WEFT_ALL can be passed --
    integer(c_int) function c_weft_matrix_extract(C, M, accum, A, I, ni, J, nj, desc) &
        bind(C, name="weft_matrix_extract")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: A
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      type(c_ptr), value :: J
      integer(c_int64_t), value :: nj
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_extract(w, mask, accum, u, I, ni, desc) &
        bind(C, name="weft_vector_extract")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: u
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_col_extract(w, mask, accum, A, I, ni, j, desc) &
        bind(C, name="weft_col_extract")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: A
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      integer(c_int64_t), value :: j
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_assign(C, M, accum, A, I, ni, J, nj, desc) &
        bind(C, name="weft_matrix_assign")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: A
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      type(c_ptr), value :: J
      integer(c_int64_t), value :: nj
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_assign_scalar(C, M, accum, x, I, ni, J, nj, desc) &
        bind(C, name="weft_matrix_assign_scalar")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: x
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      type(c_ptr), value :: J
      integer(c_int64_t), value :: nj
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_assign(w, mask, accum, u, I, ni, desc) &
        bind(C, name="weft_vector_assign")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: u
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_vector_assign_scalar(w, mask, accum, x, I, ni, desc) &
        bind(C, name="weft_vector_assign_scalar")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: w
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: x
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_col_assign(C, mask, accum, u, I, ni, j, desc) &
        bind(C, name="weft_col_assign")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: u
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      integer(c_int64_t), value :: j
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_row_assign(C, mask, accum, u, i, J, nj, desc) &
        bind(C, name="weft_row_assign")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: mask
      type(c_ptr), value :: accum
      type(c_ptr), value :: u
      integer(c_int64_t), value :: i
      type(c_ptr), value :: J
      integer(c_int64_t), value :: nj
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_matrix_subassign(C, M, accum, A, I, ni, J, nj, desc) &
        bind(C, name="weft_matrix_subassign")
      import :: c_int, c_int64_t, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: A
      type(c_ptr), value :: I
      integer(c_int64_t), value :: ni
      type(c_ptr), value :: J
      integer(c_int64_t), value :: nj
      type(c_ptr), value :: desc
    end function
    integer(c_int) function c_weft_kronecker(C, M, accum, op, A, B, desc) &
        bind(C, name="weft_kronecker")
      import :: c_int, c_ptr
      type(c_ptr), value :: C
      type(c_ptr), value :: M
      type(c_ptr), value :: accum
      type(c_ptr), value :: op
      type(c_ptr), value :: A
      type(c_ptr), value :: B
      type(c_ptr), value :: desc
    end function
  end interface
end module weft_sparse_c_api
