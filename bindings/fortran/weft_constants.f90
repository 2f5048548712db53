! weft_constants — the named constants of weft.h for Fortran: integer kinds, status
! codes, combiners, subarray orders, WEFT_UNDEFINED, the version, and the enumerations
! of weft/sparse.h (modes, descriptor fields and values, formats).
! Use them through module weft, which re-exports everything here.
module weft_constants
  use, intrinsic :: iso_c_binding, only: c_int, c_int64_t, c_intptr_t
  implicit none
  private

  ! Kinds. Counts, sizes and element strides are INTEGER(WEFT_COUNT_KIND) in C (int64_t);
  ! byte displacements and addresses are INTEGER(WEFT_ADDRESS_KIND) (weft_aint). Every
  ! routine also accepts default INTEGER arguments (see module weft).
  integer, parameter, public :: WEFT_COUNT_KIND = c_int64_t
  integer, parameter, public :: WEFT_ADDRESS_KIND = c_intptr_t

  ! Version of the weft.h this binding was written against (weft_version gives the
  ! library's).
  integer, parameter, public :: WEFT_VERSION_MAJOR = 0
  integer, parameter, public :: WEFT_VERSION_MINOR = 1
  integer, parameter, public :: WEFT_VERSION_PATCH = 0

  ! Status codes (weft.h WEFT_STATUS_LIST): 0 success, > 0 informational, < 0 errors.
  integer(c_int), parameter, public :: WEFT_SUCCESS = 0
  integer(c_int), parameter, public :: WEFT_NO_VALUE = 1
  integer(c_int), parameter, public :: WEFT_UNINITIALIZED_OBJECT = -1
  integer(c_int), parameter, public :: WEFT_NULL_POINTER = -2
  integer(c_int), parameter, public :: WEFT_INVALID_VALUE = -3
  integer(c_int), parameter, public :: WEFT_INVALID_INDEX = -4
  integer(c_int), parameter, public :: WEFT_DOMAIN_MISMATCH = -5
  integer(c_int), parameter, public :: WEFT_DIMENSION_MISMATCH = -6
  integer(c_int), parameter, public :: WEFT_OUTPUT_NOT_EMPTY = -7
  integer(c_int), parameter, public :: WEFT_NOT_IMPLEMENTED = -8
  integer(c_int), parameter, public :: WEFT_INVALID_HANDLE = -9
  integer(c_int), parameter, public :: WEFT_TYPE_NOT_COMMITTED = -10
  integer(c_int), parameter, public :: WEFT_SIGNATURE_MISMATCH = -11
  integer(c_int), parameter, public :: WEFT_OVERFLOW = -12
  integer(c_int), parameter, public :: WEFT_OVERLAPPING_TYPE = -13
  integer(c_int), parameter, public :: WEFT_PANIC = -101
  integer(c_int), parameter, public :: WEFT_OUT_OF_MEMORY = -102
  integer(c_int), parameter, public :: WEFT_INSUFFICIENT_SPACE = -103
  integer(c_int), parameter, public :: WEFT_INVALID_OBJECT = -104
  integer(c_int), parameter, public :: WEFT_INDEX_OUT_OF_BOUNDS = -105
  integer(c_int), parameter, public :: WEFT_EMPTY_OBJECT = -106
  integer(c_int), parameter, public :: WEFT_TRUNCATED = -107
  integer(c_int), parameter, public :: WEFT_IO_ERROR = -108
  integer(c_int), parameter, public :: WEFT_MPI_ERROR = -110

  ! weft_get_count / weft_get_elements when the byte count is not whole.
  integer, parameter, public :: WEFT_UNDEFINED = -32766

  ! weft_type_subarray orders.
  integer(c_int), parameter, public :: WEFT_ORDER_C = 0
  integer(c_int), parameter, public :: WEFT_ORDER_FORTRAN = 1

  ! Combiners (weft_type_envelope), enum weft_combiner.
  integer(c_int), parameter, public :: WEFT_COMBINER_NAMED = 0
  integer(c_int), parameter, public :: WEFT_COMBINER_DUP = 1
  integer(c_int), parameter, public :: WEFT_COMBINER_CONTIGUOUS = 2
  integer(c_int), parameter, public :: WEFT_COMBINER_VECTOR = 3
  integer(c_int), parameter, public :: WEFT_COMBINER_HVECTOR = 4
  integer(c_int), parameter, public :: WEFT_COMBINER_INDEXED = 5
  integer(c_int), parameter, public :: WEFT_COMBINER_HINDEXED = 6
  integer(c_int), parameter, public :: WEFT_COMBINER_INDEXED_BLOCK = 7
  integer(c_int), parameter, public :: WEFT_COMBINER_HINDEXED_BLOCK = 8
  integer(c_int), parameter, public :: WEFT_COMBINER_STRUCT = 9
  integer(c_int), parameter, public :: WEFT_COMBINER_SUBARRAY = 10
  integer(c_int), parameter, public :: WEFT_COMBINER_RESIZED = 11
  integer(c_int), parameter, public :: WEFT_COMBINER_STRUCT_ALIGNED = 12

  ! ---- The semiring engine (weft/sparse.h) ----------------------------------------------
  ! Execution modes (weft_init, weft_get_mode), enum weft_mode.
  integer(c_int), parameter, public :: WEFT_NONBLOCKING = 0
  integer(c_int), parameter, public :: WEFT_BLOCKING = 1
  ! Wait modes (weft_wait), enum weft_wait_mode.
  integer(c_int), parameter, public :: WEFT_COMPLETE = 0
  integer(c_int), parameter, public :: WEFT_MATERIALIZE = 1
  ! Counters (weft_get_stat), enum weft_stat: the nonblocking queue's, then the JIT's
  ! (weft_binary_op_new_source).
  integer(c_int), parameter, public :: WEFT_STAT_DEFERRED = 0
  integer(c_int), parameter, public :: WEFT_STAT_PASSES = 1
  integer(c_int), parameter, public :: WEFT_STAT_FUSED_GROUPS = 2
  integer(c_int), parameter, public :: WEFT_STAT_FUSED_OPS = 3
  integer(c_int), parameter, public :: WEFT_STAT_SKIPPED = 4
  integer(c_int), parameter, public :: WEFT_STAT_BYTES_WRITTEN = 5
  integer(c_int), parameter, public :: WEFT_STAT_JIT_KERNELS = 6
  integer(c_int), parameter, public :: WEFT_STAT_JIT_FAILED = 7
  integer(c_int), parameter, public :: WEFT_STAT_JIT_RUNS = 8
  ! Descriptor fields, enum weft_desc_field.
  integer(c_int), parameter, public :: WEFT_OUTP = 0
  integer(c_int), parameter, public :: WEFT_MASK = 1
  integer(c_int), parameter, public :: WEFT_INP0 = 2
  integer(c_int), parameter, public :: WEFT_INP1 = 3
  ! Descriptor values, enum weft_desc_value.
  integer(c_int), parameter, public :: WEFT_DEFAULT = 0
  integer(c_int), parameter, public :: WEFT_REPLACE = 1
  integer(c_int), parameter, public :: WEFT_COMP = 2
  integer(c_int), parameter, public :: WEFT_TRAN = 3
  integer(c_int), parameter, public :: WEFT_STRUCTURE = 4
  integer(c_int), parameter, public :: WEFT_COMP_STRUCTURE = 6
  ! Import/export formats, enum weft_format.
  integer(c_int), parameter, public :: WEFT_FORMAT_CSR = 0
  integer(c_int), parameter, public :: WEFT_FORMAT_CSC = 1
  integer(c_int), parameter, public :: WEFT_FORMAT_COO = 2
  ! The largest dimension a matrix or vector may have (the C WEFT_INDEX_MAX, 2**60).
  integer(c_int64_t), parameter, public :: WEFT_INDEX_MAX = 2_c_int64_t**60
end module weft_constants
