! Predefined handles, constants, status names and messages, version, handle equality.
program test_handles
  use, intrinsic :: iso_c_binding
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: npre = 38
  type(weft_type) :: pre(npre), t, before
  character(len=24) :: names(npre)
  integer :: sizes(npre), i, j, ierr, major, minor, patch
  integer(WEFT_COUNT_KIND) :: size8, count8, nints, naddrs, ntypes, n, true_align, uint_align
  integer(WEFT_ADDRESS_KIND) :: lb, extent, displs(1)
  integer :: combiner
  logical :: contig
  type(weft_type) :: basics(1)

  pre = [WEFT_CHAR, WEFT_SIGNED_CHAR, WEFT_UNSIGNED_CHAR, WEFT_BYTE, WEFT_SHORT, &
         WEFT_UNSIGNED_SHORT, WEFT_INT, WEFT_UNSIGNED, WEFT_LONG, WEFT_UNSIGNED_LONG, &
         WEFT_LONG_LONG, WEFT_UNSIGNED_LONG_LONG, WEFT_INT8, WEFT_INT16, WEFT_INT32, &
         WEFT_INT64, WEFT_UINT8, WEFT_UINT16, WEFT_UINT32, WEFT_UINT64, WEFT_FLOAT, &
         WEFT_DOUBLE, WEFT_LONG_DOUBLE, WEFT_C_FLOAT_COMPLEX, WEFT_C_DOUBLE_COMPLEX, &
         WEFT_BOOL, WEFT_WCHAR, WEFT_INTEGER, WEFT_REAL, WEFT_DOUBLE_PRECISION, &
         WEFT_COMPLEX, WEFT_DOUBLE_COMPLEX, WEFT_LOGICAL, WEFT_CHARACTER, WEFT_LB, WEFT_UB, &
         WEFT_FP32, WEFT_FP64]
  names = [character(len=24) :: 'WEFT_CHAR', 'WEFT_SIGNED_CHAR', 'WEFT_UNSIGNED_CHAR', &
           'WEFT_BYTE', 'WEFT_SHORT', 'WEFT_UNSIGNED_SHORT', 'WEFT_INT', 'WEFT_UNSIGNED', &
           'WEFT_LONG', 'WEFT_UNSIGNED_LONG', 'WEFT_LONG_LONG', 'WEFT_UNSIGNED_LONG_LONG', &
           'WEFT_INT8', 'WEFT_INT16', 'WEFT_INT32', 'WEFT_INT64', 'WEFT_UINT8', 'WEFT_UINT16', &
           'WEFT_UINT32', 'WEFT_UINT64', 'WEFT_FLOAT', 'WEFT_DOUBLE', 'WEFT_LONG_DOUBLE', &
           'WEFT_C_FLOAT_COMPLEX', 'WEFT_C_DOUBLE_COMPLEX', 'WEFT_BOOL', 'WEFT_WCHAR', &
           'WEFT_INTEGER', 'WEFT_REAL', 'WEFT_DOUBLE_PRECISION', 'WEFT_COMPLEX', &
           'WEFT_DOUBLE_COMPLEX', 'WEFT_LOGICAL', 'WEFT_CHARACTER', 'WEFT_LB', 'WEFT_UB', &
           'WEFT_FP32', 'WEFT_FP64']
  ! Sizes in bytes, from the Fortran kinds that interoperate with the C types
  ! (wchar_t is 4 bytes on Linux).
  sizes = [storage_size(c_char_'a'), storage_size(0_c_signed_char), &
           storage_size(0_c_signed_char), 8, storage_size(0_c_short), storage_size(0_c_short), &
           storage_size(0_c_int), storage_size(0_c_int), storage_size(0_c_long), &
           storage_size(0_c_long), storage_size(0_c_long_long), storage_size(0_c_long_long), &
           8, 16, 32, 64, 8, 16, 32, 64, storage_size(0._c_float), storage_size(0._c_double), &
           storage_size(0._c_long_double), storage_size((0._c_float, 0._c_float)), &
           storage_size((0._c_double, 0._c_double)), storage_size(.false._c_bool), 32, &
           storage_size(0), storage_size(0.), storage_size(0d0), storage_size((0., 0.)), &
           storage_size((0d0, 0d0)), storage_size(.false.), storage_size('a'), 0, 0, &
           storage_size(0._c_float), storage_size(0._c_double)] / 8

  ! Every handle is set (libweft initialised it), and all are distinct except the two
  ! aliases WEFT_FP32 == WEFT_FLOAT and WEFT_FP64 == WEFT_DOUBLE.
  do i = 1, npre
    call check(c_associated(pre(i)%ptr), trim(names(i)) // ' is not NULL')
    do j = 1, i - 1
      if (names(i) == 'WEFT_FP32' .and. names(j) == 'WEFT_FLOAT') then
        call check(pre(i) == pre(j), 'WEFT_FP32 == WEFT_FLOAT')
      else if (names(i) == 'WEFT_FP64' .and. names(j) == 'WEFT_DOUBLE') then
        call check(pre(i) == pre(j), 'WEFT_FP64 == WEFT_DOUBLE')
      else
        call check(pre(i) /= pre(j), trim(names(i)) // ' /= ' // trim(names(j)))
      end if
    end do
  end do

  ! Size, extent, typemap, envelope, count, contiguity of every predefined type.
  do i = 1, npre
    call weft_type_size(pre(i), size8)
    call check_i(size8, int(sizes(i), WEFT_COUNT_KIND), 'size of ' // trim(names(i)))
    call weft_type_extent(pre(i), lb, extent)
    call check_i(lb, 0_WEFT_ADDRESS_KIND, 'lb of ' // trim(names(i)))
    call check_i(extent, int(sizes(i), WEFT_ADDRESS_KIND), 'extent of ' // trim(names(i)))
    call weft_type_typemap(pre(i), 1_WEFT_COUNT_KIND, basics, displs, n)
    if (i == 35 .or. i == 36) then   ! the markers have no data entry
      call check_i(n, 0_WEFT_COUNT_KIND, 'typemap entries of ' // trim(names(i)))
    else
      call check_i(n, 1_WEFT_COUNT_KIND, 'typemap entries of ' // trim(names(i)))
      call check(basics(1) == pre(i), 'typemap entry of ' // trim(names(i)) // ' is itself')
      call check_i(displs(1), 0_WEFT_ADDRESS_KIND, 'typemap displacement of ' // trim(names(i)))
    end if
    call weft_type_envelope(pre(i), nints, naddrs, ntypes, combiner)
    call check_i(combiner, WEFT_COMBINER_NAMED, 'combiner of ' // trim(names(i)))
    call check(nints == 0 .and. naddrs == 0 .and. ntypes == 0, 'envelope of ' // trim(names(i)))
    call weft_type_count(pre(i), count8)
    call check_i(count8, merge(0_WEFT_COUNT_KIND, 1_WEFT_COUNT_KIND, i == 35 .or. i == 36), &
                 'count of ' // trim(names(i)))
    call weft_type_commit(pre(i), ierr)   ! a no-op for predefined types
    call check_status(ierr, WEFT_SUCCESS, 'commit ' // trim(names(i)))
    if (i /= 35 .and. i /= 36) then
      call weft_type_is_contiguous(pre(i), contig)
      call check(contig, trim(names(i)) // ' is contiguous')
    end if
    ! A predefined type cannot be freed; the handle is left as it was.
    t = pre(i)
    call weft_type_free(t, ierr)
    call check_status(ierr, WEFT_INVALID_VALUE, 'free ' // trim(names(i)))
    call check(t == pre(i), 'free ' // trim(names(i)) // ' leaves the handle')
  end do

  ! Alignments of the Fortran types (true alignment, NumPy's uint alignment).
  call weft_type_alignment(WEFT_INTEGER, true_align, uint_align)
  call check(true_align == 4 .and. uint_align == 4, 'alignment of WEFT_INTEGER')
  call weft_type_alignment(WEFT_DOUBLE_PRECISION, true_align, uint_align)
  call check(true_align == 8 .and. uint_align == 8, 'alignment of WEFT_DOUBLE_PRECISION')
  call weft_type_alignment(WEFT_COMPLEX, true_align, uint_align)
  call check(true_align == 4 .and. uint_align == 8, 'alignment of WEFT_COMPLEX')
  call weft_type_alignment(WEFT_DOUBLE_COMPLEX, true_align, uint_align)
  call check(true_align == 8 .and. uint_align == 8, 'alignment of WEFT_DOUBLE_COMPLEX')
  call weft_type_alignment(WEFT_CHARACTER, true_align, uint_align)
  call check(true_align == 1 .and. uint_align == 1, 'alignment of WEFT_CHARACTER')

  ! The null handle.
  call check(.not. c_associated(WEFT_TYPE_NULL%ptr), 'WEFT_TYPE_NULL is NULL')
  call check(WEFT_TYPE_NULL == WEFT_TYPE_NULL, 'WEFT_TYPE_NULL == WEFT_TYPE_NULL')
  call check(WEFT_TYPE_NULL /= WEFT_REAL, 'WEFT_TYPE_NULL /= WEFT_REAL')
  size8 = -5
  call weft_type_size(WEFT_TYPE_NULL, size8, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'size of WEFT_TYPE_NULL')
  call check_i(size8, -5_WEFT_COUNT_KIND, 'failed size leaves its output')
  before = WEFT_TYPE_NULL
  call weft_type_free(before, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'free WEFT_TYPE_NULL')

  ! Status names and messages (weft.h WEFT_STATUS_LIST), and the unknown status.
  call status(WEFT_SUCCESS, 0, 'WEFT_SUCCESS', 'success')
  call status(WEFT_NO_VALUE, 1, 'WEFT_NO_VALUE', 'no value')
  call status(WEFT_UNINITIALIZED_OBJECT, -1, 'WEFT_UNINITIALIZED_OBJECT', &
              'object used before it was initialised')
  call status(WEFT_NULL_POINTER, -2, 'WEFT_NULL_POINTER', 'a required pointer argument is NULL')
  call status(WEFT_INVALID_VALUE, -3, 'WEFT_INVALID_VALUE', 'an argument has an invalid value')
  call status(WEFT_INVALID_INDEX, -4, 'WEFT_INVALID_INDEX', 'an index is out of range')
  call status(WEFT_DOMAIN_MISMATCH, -5, 'WEFT_DOMAIN_MISMATCH', 'domains do not match')
  call status(WEFT_DIMENSION_MISMATCH, -6, 'WEFT_DIMENSION_MISMATCH', 'dimensions do not match')
  call status(WEFT_OUTPUT_NOT_EMPTY, -7, 'WEFT_OUTPUT_NOT_EMPTY', 'output object is not empty')
  call status(WEFT_NOT_IMPLEMENTED, -8, 'WEFT_NOT_IMPLEMENTED', 'not implemented')
  call status(WEFT_INVALID_HANDLE, -9, 'WEFT_INVALID_HANDLE', 'invalid, freed or NULL handle')
  call status(WEFT_TYPE_NOT_COMMITTED, -10, 'WEFT_TYPE_NOT_COMMITTED', &
              'the datatype has not been committed')
  call status(WEFT_SIGNATURE_MISMATCH, -11, 'WEFT_SIGNATURE_MISMATCH', 'type signatures do not match')
  call status(WEFT_OVERFLOW, -12, 'WEFT_OVERFLOW', 'a size, count or displacement overflows 64 bits')
  call status(WEFT_OVERLAPPING_TYPE, -13, 'WEFT_OVERLAPPING_TYPE', &
              'a receive type has overlapping entries')
  call status(WEFT_PANIC, -101, 'WEFT_PANIC', 'internal error')
  call status(WEFT_OUT_OF_MEMORY, -102, 'WEFT_OUT_OF_MEMORY', 'out of memory')
  call status(WEFT_INSUFFICIENT_SPACE, -103, 'WEFT_INSUFFICIENT_SPACE', 'an output buffer is too small')
  call status(WEFT_INVALID_OBJECT, -104, 'WEFT_INVALID_OBJECT', 'object is in an invalid state')
  call status(WEFT_INDEX_OUT_OF_BOUNDS, -105, 'WEFT_INDEX_OUT_OF_BOUNDS', &
              "an index is outside the object's bounds")
  call status(WEFT_EMPTY_OBJECT, -106, 'WEFT_EMPTY_OBJECT', 'object has no value')
  call status(WEFT_TRUNCATED, -107, 'WEFT_TRUNCATED', 'the message is longer than the receive buffer')
  call status(WEFT_IO_ERROR, -108, 'WEFT_IO_ERROR', 'a file could not be opened, read or written')
  call status(WEFT_MPI_ERROR, -110, 'WEFT_MPI_ERROR', 'an MPI call failed')
  call check(weft_status_name(-55) == 'WEFT_UNKNOWN_STATUS', 'name of an unknown status')

  ! Other constants of weft.h.
  call check_i(WEFT_UNDEFINED, -32766, 'WEFT_UNDEFINED')
  call check(WEFT_ORDER_C == 0 .and. WEFT_ORDER_FORTRAN == 1, 'WEFT_ORDER_C/FORTRAN')
  call check(WEFT_COUNT_KIND == c_int64_t .and. WEFT_ADDRESS_KIND == c_intptr_t, 'kinds')
  call check(WEFT_COMBINER_NAMED == 0 .and. WEFT_COMBINER_DUP == 1 .and. &
             WEFT_COMBINER_CONTIGUOUS == 2 .and. WEFT_COMBINER_VECTOR == 3 .and. &
             WEFT_COMBINER_HVECTOR == 4 .and. WEFT_COMBINER_INDEXED == 5 .and. &
             WEFT_COMBINER_HINDEXED == 6 .and. WEFT_COMBINER_INDEXED_BLOCK == 7 .and. &
             WEFT_COMBINER_HINDEXED_BLOCK == 8 .and. WEFT_COMBINER_STRUCT == 9 .and. &
             WEFT_COMBINER_SUBARRAY == 10 .and. WEFT_COMBINER_RESIZED == 11 .and. &
             WEFT_COMBINER_STRUCT_ALIGNED == 12, 'combiner values (enum weft_combiner)')

  ! Version: the library's equals the header's.
  major = -1
  minor = -1
  patch = -1
  call weft_version(major, minor, patch, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_version')
  call check(major == WEFT_VERSION_MAJOR .and. minor == WEFT_VERSION_MINOR .and. &
             patch == WEFT_VERSION_PATCH, 'library version equals WEFT_VERSION_*')
  call check(major == 0 .and. minor == 1 .and. patch == 0, 'version 0.1.0')

  ! weft_free(NULL) is a no-op (callable from Fortran).
  call weft_free(c_null_ptr)

  call finish('test_handles')

contains

  subroutine status(code, value, name, message)
    integer, intent(in) :: code, value
    character(*), intent(in) :: name, message
    call check_i(code, value, name // ' value')
    call check(weft_status_name(code) == name, 'weft_status_name(' // name // ')')
    call check(weft_status_message(code) == message, 'weft_status_message(' // name // ') = "' // &
               weft_status_message(code) // '"')
  end subroutine status
end program test_handles
