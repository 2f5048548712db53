! weft_import_export — matrices to and from Fortran arrays in the compressed formats
! (weft_matrix_import, weft_matrix_export, weft_matrix_export_size) and to and from
! byte images (weft_matrix_serialize_size, weft_matrix_serialize,
! weft_matrix_deserialize) and Matrix Market text, in a file or in a string
! (weft_matrix_read_mm, weft_matrix_read_mm_buffer, weft_matrix_write_mm,
! weft_matrix_write_mm_buffer). The C names, with Fortran arrays: the counts C takes
! separately come from the arrays' sizes.
!
!   ! the 2 x 3 matrix [10 0 20; 0 30 0] in CSR, 1-based as Fortran codes often keep it
!   call weft_matrix_import(WEFT_FP64, 2, 3, WEFT_FORMAT_CSR, [1, 3, 4], [1, 3, 2], &
!                           [10d0, 20d0, 30d0], A, base=1)
!
! Formats (weft/sparse.h): WEFT_FORMAT_CSR (ptr: nrows+1 offsets, idx: column indices),
! WEFT_FORMAT_CSC (ptr: ncols+1 offsets, idx: row indices), WEFT_FORMAT_COO (ptr: row
! indices, idx: column indices); values(k) goes with idx(k). With base=1 every entry of
! ptr and idx is 1-based (offsets from 1, as in 1-based CSR: ptr(1) = 1); the default is
! 0-based, as in C. Index arrays are INTEGER of any kind; values as in module
! weft_elements (intrinsic types map to their domain, others need vtype). ierror as
! everywhere in module weft.
module weft_import_export
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated, c_int, c_int64_t, &
                                         c_loc
  use weft_constants, only: WEFT_SUCCESS, WEFT_DIMENSION_MISMATCH, WEFT_FORMAT_CSR, &
                            WEFT_FORMAT_CSC, WEFT_FORMAT_COO, &
                            WEFT_INSUFFICIENT_SPACE
  use weft_handles, only: weft_type
  use weft_sparse_handles, only: weft_matrix
  use weft_sparse_c_api
  use weft_c_api, only: c_weft_fortran_buffer_info
  use weft_buffers, only: weft_packed_buffer_
  use weft_sparse_args
  use weft_errors, only: weft_check_, weft_fail_, weft_int_text_, weft_c_text_
  implicit none
  private
  public :: weft_matrix_import, weft_matrix_export, weft_matrix_export_size, &
            weft_matrix_serialize_size, weft_matrix_serialize, weft_matrix_deserialize, &
            weft_matrix_read_mm, weft_matrix_read_mm_buffer, weft_matrix_write_mm, &
            weft_matrix_write_mm_buffer

contains

  ! A new nrows x ncols matrix of domain type from ptr, idx and values (nvals =
  ! size(idx); ptr must hold the nrows+1 / ncols+1 / nvals entries the format reads, and
  ! values at least nvals elements, else WEFT_DIMENSION_MISMATCH). The arrays are copied;
  ! A is set only on success. The C errors (weft/sparse.h): a bad offset array, an index
  ! out of range (WEFT_INDEX_OUT_OF_BOUNDS, its message names the 0-based position),
  ! a repeated position (WEFT_INVALID_VALUE), a domain mismatch.
  subroutine weft_matrix_import(type, nrows, ncols, format, ptr, idx, values, A, vtype, base, &
                                ierror)
    type(weft_type), intent(in) :: type
    class(*), intent(in) :: nrows, ncols
    integer, intent(in) :: format
    class(*), intent(in) :: ptr(:), idx(:)
    type(*), dimension(..), intent(in) :: values
    type(weft_matrix), intent(inout) :: A
    type(weft_type), intent(in), optional :: vtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_import'
    type(values_), target :: xv
    integer(c_int64_t), allocatable :: p(:), x(:)
    integer(c_int64_t) :: b, m, n, nvals, nptr
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. int_in_(nrows, 'nrows', r, m, ierror)) return
    if (.not. int_in_(ncols, 'ncols', r, n, ierror)) return
    if (.not. indices_in_(ptr, b, 'ptr', r, p, ierror)) return
    if (.not. indices_in_(idx, b, 'idx', r, x, ierror)) return
    nvals = size(x, kind=c_int64_t)
    nptr = -1   ! an unknown format: C reports it before reading ptr
    select case (format)
    case (WEFT_FORMAT_CSR)
      nptr = m + 1
    case (WEFT_FORMAT_CSC)
      nptr = n + 1
    case (WEFT_FORMAT_COO)
      nptr = nvals
    end select
    if (size(p, kind=c_int64_t) < nptr) then
      call weft_fail_(WEFT_DIMENSION_MISMATCH, r, 'size(ptr) ' // &
        weft_int_text_(size(p, kind=c_int64_t)) // ' < ' // weft_int_text_(nptr) // &
        ', the entries the format reads', ierror)
      return
    end if
    if (.not. values_in_(values, vtype, nvals, 'values', r, xv, ierror)) return
    call weft_check_(c_weft_matrix_import(type%ptr, m, n, int(format, c_int), p, x, xv%address, &
                                          xv%type, nvals, A%ptr), r, ierror)
  end subroutine weft_matrix_import

  ! The lengths weft_matrix_export writes in format: CSR (nrows+1, nvals, nvals), CSC
  ! (ncols+1, nvals, nvals), COO (nvals, nvals, nvals).
  subroutine weft_matrix_export_size(A, format, nptr, nidx, nvals, ierror)
    type(weft_matrix), intent(in) :: A
    integer, intent(in) :: format
    class(*), intent(inout) :: nptr, nidx, nvals
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_export_size'
    integer(c_int64_t) :: a1, a2, a3
    integer(c_int) :: st
    a1 = 0
    a2 = 0
    a3 = 0
    st = c_weft_matrix_export_size(A%ptr, int(format, c_int), a1, a2, a3)
    if (st == WEFT_SUCCESS) then
      if (.not. out_ok_(nptr, a1, 'nptr', r, ierror)) return
      if (.not. out_ok_(nidx, a2, 'nidx', r, ierror)) return
      if (.not. out_ok_(nvals, a3, 'nvals', r, ierror)) return
      call set_int_(nptr, a1)
      call set_int_(nidx, a2)
      call set_int_(nvals, a3)
    end if
    call weft_check_(st, r, ierror)
  end subroutine weft_matrix_export_size

  ! Writes A in format (indices sorted: CSR by row then column, CSC by column then row,
  ! COO row-major) to ptr(1:nptr), idx(1:nidx), values(1:nvals), values cast to vtype
  ! (default: values' own type). The capacities are the arrays' sizes (values: the
  ! elements it holds); one below its length gives WEFT_INSUFFICIENT_SPACE (ask
  ! weft_matrix_export_size). Nothing is written on failure.
  subroutine weft_matrix_export(A, format, ptr, idx, values, nptr, nidx, nvals, vtype, base, &
                                ierror)
    type(weft_matrix), intent(in) :: A
    integer, intent(in) :: format
    class(*), intent(inout) :: ptr(:), idx(:)
    type(*), dimension(..), intent(inout) :: values
    class(*), intent(inout) :: nptr, nidx, nvals
    type(weft_type), intent(in), optional :: vtype
    integer, intent(in), optional :: base
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_export'
    type(values_), target :: xv
    integer(c_int64_t), allocatable :: p(:), x(:)
    integer(c_int64_t) :: b, m, n, k, n1, n2, n3, vmax
    integer(c_int) :: st
    if (.not. base_in_(base, r, b, ierror)) return
    if (.not. matrix_dims_(A, r, m, n, ierror)) return
    k = 0
    n1 = 0
    n2 = 0
    st = c_weft_matrix_nvals(A%ptr, k)
    ! The largest value ptr and idx may receive: an offset up to nvals, an index below
    ! nrows or ncols.
    vmax = max(k, m - 1, n - 1) + b
    if (.not. indices_ok_(ptr, vmax, 'ptr', r, ierror)) return
    if (.not. indices_ok_(idx, vmax, 'idx', r, ierror)) return
    if (.not. out_ok_(nptr, 0_c_int64_t, 'nptr', r, ierror)) return
    if (.not. out_ok_(nidx, 0_c_int64_t, 'nidx', r, ierror)) return
    if (.not. out_ok_(nvals, 0_c_int64_t, 'nvals', r, ierror)) return
    if (.not. values_out_(values, vtype, -1_c_int64_t, 'values', r, xv, ierror)) return
    n1 = size(ptr, kind=c_int64_t)
    n2 = size(idx, kind=c_int64_t)
    n3 = xv%n
    if (n3 < 0) n3 = k   ! an assumed-size values array: trusted to hold nvals
    allocate(p(max(n1, 1_c_int64_t)), x(max(n2, 1_c_int64_t)))
    st = c_weft_matrix_export(A%ptr, int(format, c_int), p, x, xv%address, xv%type, n1, n2, n3)
    if (st == WEFT_SUCCESS) then
      call set_indices_(ptr, p(1:n1), b)
      call set_indices_(idx, x(1:n2), b)
      call values_done_(xv, n3)
      call set_int_(nptr, n1)
      call set_int_(nidx, n2)
      call set_int_(nvals, n3)
    end if
    call weft_check_(st, r, ierror)
  end subroutine weft_matrix_export

  ! The length in bytes of A's image (a self-contained, versioned, little-endian byte
  ! string: shape, domain, entries, checksum).
  subroutine weft_matrix_serialize_size(A, size, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(inout) :: size
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_serialize_size'
    integer(c_int64_t) :: n
    integer(c_int) :: st
    n = 0
    st = c_weft_matrix_serialize_size(A%ptr, n)
    if (st == WEFT_SUCCESS) then
      if (.not. out_ok_(size, n, 'size', r, ierror)) return
      call set_int_(size, n)
    end if
    call weft_check_(st, r, ierror)
  end subroutine weft_matrix_serialize_size

  ! Writes A's image to buf (any contiguous variable or array, e.g. INTEGER(INT8) or
  ! CHARACTER; its size in bytes is the capacity) and its length in bytes to size. The
  ! same matrix always gives the same bytes. A capacity below the image's length:
  ! WEFT_INSUFFICIENT_SPACE.
  subroutine weft_matrix_serialize(A, buf, size, ierror)
    type(weft_matrix), intent(in) :: A
    type(*), dimension(..), intent(inout) :: buf
    class(*), intent(inout) :: size
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_serialize'
    type(c_ptr) :: address
    integer(c_int64_t) :: nbytes, n
    integer(c_int) :: contiguous, st
    if (.not. out_ok_(size, 0_c_int64_t, 'size', r, ierror)) return
    call c_weft_fortran_buffer_info(buf, address, nbytes, contiguous)
    if (nbytes < 0) then   ! assumed-size: trusted to hold the image
      nbytes = 0
      st = c_weft_matrix_serialize_size(A%ptr, nbytes)
    end if
    if (.not. weft_packed_buffer_(buf, nbytes, 'buf', 'its size', r, address, ierror)) return
    n = 0
    st = c_weft_matrix_serialize(A%ptr, address, nbytes, n)
    if (st == WEFT_SUCCESS) then
      if (.not. out_ok_(size, n, 'size', r, ierror)) return
      call set_int_(size, n)
    end if
    call weft_check_(st, r, ierror)
  end subroutine weft_matrix_serialize

  ! A new matrix from the image in the first size bytes of buf (size must be the image's
  ! exact length; more than buf holds: WEFT_DIMENSION_MISMATCH). Anything that is not one
  ! whole, intact image: WEFT_INVALID_VALUE. A user-defined domain comes back as a new
  ! type compatible with the original (see weft/sparse.h).
  subroutine weft_matrix_deserialize(buf, size, A, ierror)
    type(*), dimension(..), intent(in) :: buf
    class(*), intent(in) :: size
    type(weft_matrix), intent(inout) :: A
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_deserialize'
    type(c_ptr) :: address
    integer(c_int64_t) :: n
    if (.not. int_in_(size, 'size', r, n, ierror)) return
    if (.not. weft_packed_buffer_(buf, n, 'buf', 'size', r, address, ierror)) return
    call weft_check_(c_weft_matrix_deserialize(address, n, A%ptr), r, ierror)
  end subroutine weft_matrix_deserialize

  ! ---- Matrix Market text (weft/sparse.h "Matrix Market text": the banner, the
  ! %%GraphBLAS type line, formats, fields and symmetries read and written). Paths are
  ! taken as OPEN's FILE= takes them: trailing blanks are ignored; a path holding a NUL
  ! character is WEFT_INVALID_VALUE.

  ! A new matrix in A from the Matrix Market file at path. type absent: the domain is the
  ! file's %%GraphBLAS line's, else its field's (real WEFT_FP64, integer WEFT_INT64,
  ! complex WEFT_FC64, pattern WEFT_BOOL); a predefined type given is the domain instead
  ! (its domain's predefined type: WEFT_INT gives WEFT_INT32), values parsed straight
  ! into it and required to fit exactly. A is set only on success. Errors:
  ! WEFT_IO_ERROR (the file cannot be opened or read), WEFT_INVALID_VALUE (not one whole,
  ! valid file, or a value that does not fit the domain; weft_last_error() names the
  ! line), WEFT_DOMAIN_MISMATCH (type is user-defined), WEFT_OUT_OF_MEMORY.
  subroutine weft_matrix_read_mm(path, A, type, ierror)
    character(*), intent(in) :: path
    type(weft_matrix), intent(inout) :: A
    type(weft_type), intent(in), optional :: type
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_read_mm'
    character(len=:), allocatable :: p
    if (.not. weft_c_text_(path, 'path', r, p, ierror)) return
    call weft_check_(c_weft_matrix_read_mm(p, opt_type_(type), A%ptr), r, ierror)
  end subroutine weft_matrix_read_mm

  ! The same from the Matrix Market text in text (all of it, len(text) characters; lines
  ! end with NEW_LINE('a'), that is LF, or CR LF).
  subroutine weft_matrix_read_mm_buffer(text, A, type, ierror)
    character(*), intent(in) :: text
    type(weft_matrix), intent(inout) :: A
    type(weft_type), intent(in), optional :: type
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_read_mm_buffer'
    call weft_check_(c_weft_matrix_read_mm_buffer(text, len(text, kind=c_int64_t), &
                                                  opt_type_(type), A%ptr), r, ierror)
  end subroutine weft_matrix_read_mm_buffer

  ! Writes A to the file at path (created or replaced) as Matrix Market text: coordinate
  ! format, the field of A's domain (integer for BOOL and the integers, real, complex), a
  ! %%GraphBLAS type line, the strongest symmetry A has (symmetric, skew-symmetric,
  ! hermitian: the lower triangle; else general), entries row by row, floating values
  ! as the shortest text that reads back as the same value (weft_matrix_read_mm gives A
  ! back exactly). Errors: WEFT_DOMAIN_MISMATCH (a user-defined domain; no file is
  ! created), WEFT_IO_ERROR (the file cannot be created or written; a partly written
  ! file is removed).
  subroutine weft_matrix_write_mm(A, path, ierror)
    type(weft_matrix), intent(in) :: A
    character(*), intent(in) :: path
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_write_mm'
    character(len=:), allocatable :: p
    if (.not. weft_c_text_(path, 'path', r, p, ierror)) return
    call weft_check_(c_weft_matrix_write_mm(A%ptr, p), r, ierror)
  end subroutine weft_matrix_write_mm

  ! The same text into text, allocated to its length (lines end with LF, the last one
  ! too); untouched on failure. Errors: those of weft_matrix_write_mm but WEFT_IO_ERROR.
  subroutine weft_matrix_write_mm_buffer(A, text, ierror)
    type(weft_matrix), intent(in) :: A
    character(len=:), allocatable, intent(inout) :: text
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_write_mm_buffer'
    character(len=:), allocatable, target :: buf
    integer(c_int64_t) :: n, got
    integer(c_int) :: st
    ! The length first (capacity 0: WEFT_INSUFFICIENT_SPACE with the length), then the
    ! text into a buffer of that length.
    n = 0
    got = 0
    st = c_weft_matrix_write_mm_buffer(A%ptr, c_null_ptr, 0_c_int64_t, n)
    if (st == WEFT_INSUFFICIENT_SPACE) then
      allocate(character(len=n) :: buf)
      st = c_weft_matrix_write_mm_buffer(A%ptr, c_loc(buf), n, got)
    else if (st == WEFT_SUCCESS) then
      allocate(character(len=0) :: buf)
    end if
    if (st == WEFT_SUCCESS) text = buf(1:got)
    call weft_check_(st, r, ierror)
  end subroutine weft_matrix_write_mm_buffer
end module weft_import_export
