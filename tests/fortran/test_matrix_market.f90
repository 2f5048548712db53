! Matrix Market text through module weft_import_export: weft_matrix_write_mm_buffer
! (the banner of an FP64 matrix, the text read back by weft_matrix_read_mm_buffer),
! weft_matrix_write_mm / weft_matrix_read_mm through a file in /tmp (a blank-padded
! path), the domain with and without type= (the %%GraphBLAS line, the field, WEFT_INT32,
! WEFT_INT as WEFT_INT32), a symmetric file, and the errors: a malformed text
! (WEFT_INVALID_VALUE, its message naming the line, no matrix made), a missing file and
! an unwritable path (WEFT_IO_ERROR), a NUL in a path (WEFT_INVALID_VALUE), a
! user-defined domain (WEFT_DOMAIN_MISMATCH, the text left as it was).
program test_matrix_market
  use weft
  use weft_test_check
  use sparse_test_support
  implicit none
  character(*), parameter :: nl = new_line('a')
  type(weft_matrix) :: A, B, P
  type(weft_type) :: t
  integer :: st

  call buffer_round_trip()
  call file_round_trip()
  call typed_reads()
  call symmetric_read()
  call errors()
  call finish('test_matrix_market')

contains

  ! [1.5 . -2; . 3 .; 0.25 . .]: not symmetric, so "general".
  subroutine buffer_round_trip()
    character(len=:), allocatable :: text
    integer :: eol
    A = matrix_of(3, 3, [0, 0, 1, 2], [0, 2, 1, 0], [1.5d0, -2d0, 3d0, 0.25d0])
    call weft_matrix_write_mm_buffer(A, text)
    eol = index(text, nl)
    call check(eol > 1, 'write_mm_buffer: the text has lines')
    if (eol > 1) then
      call check(text(1:eol - 1) == '%%MatrixMarket matrix coordinate real general', &
                 'write_mm_buffer: the banner of an FP64 matrix, got "' // text(1:eol - 1) // '"')
    end if
    call check(text(len(text):) == nl, 'write_mm_buffer: the last line ends with LF')
    call weft_matrix_read_mm_buffer(text, B)
    call check_matrix(B, [0, 0, 1, 2], [0, 2, 1, 0], [1.5d0, -2d0, 3d0, 0.25d0], &
                      'read_mm_buffer gives the entries back')
    call weft_nrows(B, eol)
    call check_i(eol, 3, 'read_mm_buffer: nrows')
    call weft_ncols(B, eol)
    call check_i(eol, 3, 'read_mm_buffer: ncols')
    call weft_domain(B, t)
    call check(t == WEFT_FP64, 'read_mm_buffer: the domain is FP64 (the %%GraphBLAS line)')
    call weft_free(B)
    call weft_free(A)
  end subroutine buffer_round_trip

  ! Write to a file, read it back, delete it. The path is in a blank-padded variable:
  ! trailing blanks are ignored, as OPEN's FILE= ignores them.
  subroutine file_round_trip()
    character(len=200) :: path
    integer :: u, ios
    logical :: exists
    write(path, '(a, i0, a)') '/tmp/weft_fortran_test_mm_', getpid(), '.mtx'
    A = matrix_of(4, 2, [0, 3, 3], [1, 0, 1], [-1d0, 1d100, 2d0**(-30)])
    call weft_matrix_write_mm(A, path, ierror=st)
    call check_status(st, WEFT_SUCCESS, 'write_mm to ' // trim(path))
    inquire(file=trim(path), exist=exists)
    call check(exists, 'write_mm created the file')
    call weft_matrix_read_mm(path, B, ierror=st)
    call check_status(st, WEFT_SUCCESS, 'read_mm from ' // trim(path))
    call check_matrix(B, [0, 3, 3], [1, 0, 1], [-1d0, 1d100, 2d0**(-30)], &
                      'read_mm gives the entries back exactly')
    call weft_domain(B, t)
    call check(t == WEFT_FP64, 'read_mm: the domain is FP64')
    call weft_free(B)
    open(newunit=u, file=trim(path), status='old', iostat=ios)
    if (ios == 0) close(u, status='delete')
    inquire(file=trim(path), exist=exists)
    call check(.not. exists, 'the file is deleted')
    call weft_free(A)
  end subroutine file_round_trip

  ! An "integer" text: INT64 without type=, INT32 with WEFT_INT32 or WEFT_INT, FP64 with
  ! WEFT_FP64.
  subroutine typed_reads()
    character(len=:), allocatable :: text
    text = '%%MatrixMarket matrix coordinate integer general' // nl // &
           '% a comment' // nl // '2 3 2' // nl // '1 3 7' // nl // '2 1 -3' // nl
    call weft_matrix_read_mm_buffer(text, A, type=WEFT_INT32)
    call weft_domain(A, t)
    call check(t == WEFT_INT32, 'read_mm_buffer with type=WEFT_INT32: domain INT32')
    call check_matrix(A, [0, 1], [2, 0], [7d0, -3d0], 'read_mm_buffer as INT32: entries')
    call weft_free(A)
    call weft_matrix_read_mm_buffer(text, A, WEFT_INT)
    call weft_domain(A, t)
    call check(t == WEFT_INT32, 'read_mm_buffer with WEFT_INT: domain INT32')
    call weft_free(A)
    call weft_matrix_read_mm_buffer(text, A)
    call weft_domain(A, t)
    call check(t == WEFT_INT64, 'read_mm_buffer without type: the integer field is INT64')
    call weft_free(A)
    call weft_matrix_read_mm_buffer(text, A, type=WEFT_FP64)
    call weft_domain(A, t)
    call check(t == WEFT_FP64, 'read_mm_buffer with type=WEFT_FP64: domain FP64')
    call check_matrix(A, [0, 1], [2, 0], [7d0, -3d0], 'read_mm_buffer as FP64: entries')
    call weft_free(A)
    ! 2.5 does not fit an integer domain.
    text = '%%MatrixMarket matrix coordinate real general' // nl // '1 1 1' // nl // &
           '1 1 2.5' // nl
    call weft_matrix_read_mm_buffer(text, P, type=WEFT_INT32, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'read_mm_buffer: 2.5 into INT32')
    call check(P == WEFT_MATRIX_NULL, 'and no matrix')
  end subroutine typed_reads

  ! A symmetric file gives both triangles.
  subroutine symmetric_read()
    call weft_matrix_read_mm_buffer('%%MatrixMarket matrix coordinate real symmetric' // nl // &
                                    '2 2 2' // nl // '1 1 1' // nl // '2 1 5' // nl, A)
    call check_matrix(A, [0, 0, 1], [0, 1, 0], [1d0, 5d0, 5d0], 'a symmetric file: both triangles')
    call weft_free(A)
  end subroutine symmetric_read

  subroutine errors()
    character(len=:), allocatable :: text, msg
    character(len=200) :: path
    type(weft_type) :: pair
    ! An index outside 1..2 on line 3.
    call weft_matrix_read_mm_buffer('%%MatrixMarket matrix coordinate real general' // nl // &
                                    '2 2 1' // nl // '9 1 1' // nl, P, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'read_mm_buffer: a row index outside')
    msg = weft_last_error()
    call check(index(msg, 'line') > 0, 'its message names the line: "' // msg // '"')
    call check(P == WEFT_MATRIX_NULL, 'and no matrix')
    call weft_matrix_read_mm_buffer('', P, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'read_mm_buffer: an empty text')
    write(path, '(a, i0, a)') '/tmp/weft_fortran_test_mm_missing_', getpid(), '.mtx'
    call weft_matrix_read_mm(path, P, ierror=st)
    call check_status(st, WEFT_IO_ERROR, 'read_mm: a missing file')
    call check(P == WEFT_MATRIX_NULL, 'and no matrix')
    call weft_matrix_read_mm('/tmp/a' // achar(0) // 'b.mtx', P, ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'read_mm: a NUL in the path')
    msg = weft_last_error()
    call check(index(msg, 'weft_matrix_read_mm: path holds a NUL') == 1, &
               'the binding says so: "' // msg // '"')
    A = matrix_of(2, 2, [0], [1], [1d0])
    call weft_matrix_write_mm(A, '/nonexistent-weft-dir/x.mtx', ierror=st)
    call check_status(st, WEFT_IO_ERROR, 'write_mm into a missing directory')
    call weft_matrix_write_mm(A, 'x' // achar(0), ierror=st)
    call check_status(st, WEFT_INVALID_VALUE, 'write_mm: a NUL in the path')
    call weft_free(A)
    ! A user-defined domain has no Matrix Market values; text stays as it was.
    call weft_type_contiguous(2, WEFT_INT32, pair)
    call weft_type_commit(pair)
    call weft_matrix_new(pair, 2, 2, A)
    text = 'unchanged'
    call weft_matrix_write_mm_buffer(A, text, ierror=st)
    call check_status(st, WEFT_DOMAIN_MISMATCH, 'write_mm_buffer: a user-defined domain')
    call check(text == 'unchanged', 'and text is left as it was')
    call weft_matrix_read_mm_buffer('%%MatrixMarket matrix coordinate real general' // nl // &
                                    '1 1 0' // nl, P, type=pair, ierror=st)
    call check_status(st, WEFT_DOMAIN_MISMATCH, 'read_mm_buffer with a user-defined type')
    call weft_free(A)
    call weft_type_free(pair)
  end subroutine errors
end program test_matrix_market
