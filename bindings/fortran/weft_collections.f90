! weft_collections — the objects of the semiring engine (weft/sparse.h) from Fortran: the
! context (weft_init, weft_finalize, weft_get_mode, weft_set_threads, weft_get_threads,
! weft_get_stat), descriptors, and the life and shape of scalars, vectors and matrices.
! What C names per object (weft_matrix_nvals, weft_vector_nvals, weft_scalar_nvals) is
! one generic here (weft_nvals), resolved by the handle's type; the constructors keep
! their C names (their arguments differ). Use them through module weft.
!
!   type(weft_matrix) :: A
!   integer(int64) :: n
!   call weft_matrix_new(WEFT_FP64, 3, 4, A)      ! C order: type, nrows, ncols, A
!   call weft_nvals(A, n)
!   call weft_free(A)                             ! A is the null handle again
!
! Integers (sizes, counts) are default INTEGER or INTEGER(WEFT_COUNT_KIND), mixed as you
! like (module weft_sparse_args); ierror as everywhere in module weft.
module weft_collections
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_int, c_int64_t
  use, intrinsic :: iso_fortran_env, only: int64
  use weft_constants, only: WEFT_SUCCESS
  use weft_handles, only: weft_type
  use weft_sparse_handles, only: weft_scalar, weft_vector, weft_matrix, weft_descriptor
  use weft_sparse_c_api
  use weft_sparse_args, only: int_in_, out_ok_, set_int_, values_, values_in_
  use weft_errors, only: weft_check_, weft_c_string_, weft_get_int_
  implicit none
  private
  public :: weft_init, weft_finalize, weft_get_mode, weft_set_threads, weft_get_threads, &
            weft_get_stat
  public :: weft_descriptor_new, weft_descriptor_set, weft_descriptor_get
  public :: weft_scalar_new, weft_vector_new, weft_matrix_new, weft_matrix_diag
  public :: weft_dup, weft_clear, weft_nvals, weft_iso, weft_domain, weft_wait, weft_error, weft_free
  public :: weft_resize, weft_size, weft_nrows, weft_ncols

  interface weft_scalar_new
    module procedure scalar_new, scalar_new_value
  end interface
  ! weft_dup(x, copy): a new object with x's domain, shape and entries.
  interface weft_dup
    module procedure scalar_dup, vector_dup, matrix_dup
  end interface
  ! weft_clear(x): removes every entry (shape and domain stay).
  interface weft_clear
    module procedure scalar_clear, vector_clear, matrix_clear
  end interface
  ! weft_nvals(x, nvals): the number of entries (a scalar: 0 or 1).
  interface weft_nvals
    module procedure scalar_nvals, vector_nvals, matrix_nvals
  end interface
  ! weft_iso(x, iso): whether x's values are stored once (every entry has one value;
  ! weft_matrix_iso in weft/sparse.h says when weft does that).
  interface weft_iso
    module procedure vector_iso, matrix_iso
  end interface
  ! weft_domain(x, type): the domain, as a new handle to release with weft_type_free (a
  ! predefined type needs no release: freeing it is WEFT_INVALID_VALUE).
  interface weft_domain
    module procedure scalar_domain, vector_domain, matrix_domain
  end interface
  ! weft_wait(x, mode): finishes pending work on x (mode WEFT_COMPLETE or
  ! WEFT_MATERIALIZE); reports execution errors a nonblocking operation left on x.
  interface weft_wait
    module procedure scalar_wait, vector_wait, matrix_wait
  end interface
  ! weft_error(x, message): the message of the last call that had x as its output.
  interface weft_error
    module procedure scalar_error, vector_error, matrix_error
  end interface
  ! weft_free(x): releases x and sets it to the null handle (objects keep what they
  ! need alive). As in C, the null handle (never created, or already freed) gives
  ! WEFT_INVALID_HANDLE, and a predefined descriptor WEFT_INVALID_VALUE. Module weft adds
  ! weft_free(c_ptr) for memory weft allocated.
  interface weft_free
    module procedure scalar_free, vector_free, matrix_free, descriptor_free
  end interface
  ! weft_resize(v, n) / weft_resize(A, nrows, ncols): a new shape; entries outside it are
  ! dropped.
  interface weft_resize
    module procedure vector_resize, matrix_resize
  end interface

contains

  ! ---- context ------------------------------------------------------------------------

  ! Chooses the execution mode (WEFT_BLOCKING, the default without weft_init, or
  ! WEFT_NONBLOCKING): at most once, before any scalar, vector or matrix exists (else
  ! WEFT_INVALID_VALUE).
  subroutine weft_init(mode, ierror)
    integer, intent(in) :: mode
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_init(int(mode, c_int)), 'weft_init', ierror)
  end subroutine weft_init

  ! Ends the session (weft_init may not be called again); live objects stay usable.
  subroutine weft_finalize(ierror)
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_finalize(), 'weft_finalize', ierror)
  end subroutine weft_finalize

  ! The current execution mode.
  subroutine weft_get_mode(mode, ierror)
    integer, intent(inout) :: mode
    integer, intent(out), optional :: ierror
    call weft_get_int_(c_weft_get_mode, mode, 'weft_get_mode', ierror)
  end subroutine weft_get_mode

  ! How many threads each operation may use from now on (one setting for the process).
  ! 1: every operation runs on the calling thread; 0: the default again (OMP_NUM_THREADS
  ! when it is set, else the machine's processors). Results do not depend on it (bit for
  ! bit). A negative count: WEFT_INVALID_VALUE. Builds without OpenMP accept any count and
  ! use one thread.
  subroutine weft_set_threads(nthreads, ierror)
    integer, intent(in) :: nthreads
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_set_threads(int(nthreads, c_int)), 'weft_set_threads', ierror)
  end subroutine weft_set_threads

  ! The number of threads the next operation may use (>= 1).
  subroutine weft_get_threads(nthreads, ierror)
    integer, intent(inout) :: nthreads
    integer, intent(out), optional :: ierror
    call weft_get_int_(c_weft_get_threads, nthreads, 'weft_get_threads', ierror)
  end subroutine weft_get_threads

  ! A counter since the process began: which is one of the nonblocking queue's
  ! WEFT_STAT_DEFERRED (operations queued), WEFT_STAT_PASSES (passes over memory: an
  ! operation run whole is one, a fused group one), WEFT_STAT_FUSED_GROUPS (groups of two
  ! or more operations run tile by tile), WEFT_STAT_FUSED_OPS (operations run inside those
  ! groups), WEFT_STAT_SKIPPED (results of fused groups never written to memory),
  ! WEFT_STAT_BYTES_WRITTEN (bytes of results queued operations wrote), or the JIT's
  ! (weft_binary_op_new_source) WEFT_STAT_JIT_KERNELS (kernels compiled, or loaded from
  ! its cache folder), WEFT_STAT_JIT_FAILED (kernels that could not be had: the
  ! operators' functions were called instead), WEFT_STAT_JIT_RUNS (calls of compiled
  ! kernels, one per thread's share of a product); else WEFT_INVALID_VALUE (value
  ! unchanged). Counts, not timings; blocking mode leaves the queue's at 0, the JIT's
  ! count in both modes.
  subroutine weft_get_stat(which, value, ierror)
    integer, intent(in) :: which
    integer(int64), intent(inout) :: value
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: v
    integer(c_int) :: st
    v = 0
    st = c_weft_get_stat(int(which, c_int), v)
    if (st == WEFT_SUCCESS) value = v
    call weft_check_(st, 'weft_get_stat', ierror)
  end subroutine weft_get_stat

  ! ---- descriptors --------------------------------------------------------------------

  ! A new descriptor, every field WEFT_DEFAULT; release it with weft_free.
  subroutine weft_descriptor_new(desc, ierror)
    type(weft_descriptor), intent(inout) :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_descriptor_new(desc%ptr), 'weft_descriptor_new', ierror)
  end subroutine weft_descriptor_new

  ! Sets a field: WEFT_OUTP (WEFT_REPLACE), WEFT_MASK (WEFT_COMP, WEFT_STRUCTURE; they
  ! accumulate), WEFT_INP0 / WEFT_INP1 (WEFT_TRAN); WEFT_DEFAULT resets the field. Other
  ! pairs, and a predefined descriptor, give WEFT_INVALID_VALUE.
  subroutine weft_descriptor_set(desc, field, value, ierror)
    type(weft_descriptor), intent(in) :: desc
    integer, intent(in) :: field, value
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_descriptor_set(desc%ptr, int(field, c_int), int(value, c_int)), &
                     'weft_descriptor_set', ierror)
  end subroutine weft_descriptor_set

  ! The value of a field (WEFT_MASK: WEFT_DEFAULT, WEFT_COMP, WEFT_STRUCTURE or
  ! WEFT_COMP_STRUCTURE).
  subroutine weft_descriptor_get(desc, field, value, ierror)
    type(weft_descriptor), intent(in) :: desc
    integer, intent(in) :: field
    integer, intent(inout) :: value
    integer, intent(out), optional :: ierror
    integer(c_int) :: v, st
    v = 0
    st = c_weft_descriptor_get(desc%ptr, int(field, c_int), v)
    if (st == WEFT_SUCCESS) value = v
    call weft_check_(st, 'weft_descriptor_get', ierror)
  end subroutine weft_descriptor_get

  subroutine descriptor_free(desc, ierror)
    type(weft_descriptor), intent(inout) :: desc
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_descriptor_free(desc%ptr), 'weft_free', ierror)
  end subroutine descriptor_free

  ! ---- constructors -------------------------------------------------------------------

  ! weft_scalar_new(type, s): a new empty scalar of domain type;
  ! weft_scalar_new(type, value, s [, xtype]): one holding value (any intrinsic type and
  ! kind, or of xtype) cast to the domain. (value comes before s so that a positional
  ! ierror can never be taken for a value.) On a failure no scalar is left behind.
  subroutine scalar_new(type, s, ierror)
    type(weft_type), intent(in) :: type
    type(weft_scalar), intent(inout) :: s
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_scalar_new(type%ptr, s%ptr), 'weft_scalar_new', ierror)
  end subroutine scalar_new

  subroutine scalar_new_value(type, value, s, xtype, ierror)
    type(weft_type), intent(in) :: type
    type(*), dimension(..), intent(in) :: value
    type(weft_scalar), intent(inout) :: s
    type(weft_type), intent(in), optional :: xtype
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_scalar_new'
    type(values_), target :: x
    type(c_ptr) :: p
    integer(c_int) :: st, freed
    if (.not. values_in_(value, xtype, 1_c_int64_t, 'value', r, x, ierror)) return
    p = c_null_ptr
    st = c_weft_scalar_new(type%ptr, p)
    if (st == WEFT_SUCCESS) then
      st = c_weft_scalar_set_element(p, x%address, x%type)
      if (st /= WEFT_SUCCESS) freed = c_weft_scalar_free(p)   ! the status is the set's
    end if
    if (st == WEFT_SUCCESS) s%ptr = p
    call weft_check_(st, r, ierror)
  end subroutine scalar_new_value

  ! A new empty vector of n positions (1 <= n <= WEFT_INDEX_MAX).
  subroutine weft_vector_new(type, n, v, ierror)
    type(weft_type), intent(in) :: type
    class(*), intent(in) :: n
    type(weft_vector), intent(inout) :: v
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: nn
    if (.not. int_in_(n, 'n', 'weft_vector_new', nn, ierror)) return
    call weft_check_(c_weft_vector_new(type%ptr, nn, v%ptr), 'weft_vector_new', ierror)
  end subroutine weft_vector_new

  ! A new empty nrows x ncols matrix.
  subroutine weft_matrix_new(type, nrows, ncols, A, ierror)
    type(weft_type), intent(in) :: type
    class(*), intent(in) :: nrows, ncols
    type(weft_matrix), intent(inout) :: A
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_matrix_new'
    integer(c_int64_t) :: m, n
    if (.not. int_in_(nrows, 'nrows', r, m, ierror)) return
    if (.not. int_in_(ncols, 'ncols', r, n, ierror)) return
    call weft_check_(c_weft_matrix_new(type%ptr, m, n, A%ptr), r, ierror)
  end subroutine weft_matrix_new

  ! A new square matrix of size(v) + |k| with v on diagonal k (k > 0 above the main
  ! diagonal): C(i, i+k) = v(i). k is an offset, not an index: base does not apply.
  subroutine weft_matrix_diag(v, k, C, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(in) :: k
    type(weft_matrix), intent(inout) :: C
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: kk
    if (.not. int_in_(k, 'k', 'weft_matrix_diag', kk, ierror)) return
    call weft_check_(c_weft_matrix_diag(v%ptr, kk, C%ptr), 'weft_matrix_diag', ierror)
  end subroutine weft_matrix_diag

  ! ---- weft_dup, weft_clear -------------------------------------------------------------

  subroutine scalar_dup(s, copy, ierror)
    type(weft_scalar), intent(in) :: s
    type(weft_scalar), intent(inout) :: copy
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_scalar_dup(s%ptr, copy%ptr), 'weft_dup', ierror)
  end subroutine scalar_dup
  subroutine vector_dup(v, copy, ierror)
    type(weft_vector), intent(in) :: v
    type(weft_vector), intent(inout) :: copy
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_dup(v%ptr, copy%ptr), 'weft_dup', ierror)
  end subroutine vector_dup
  subroutine matrix_dup(A, copy, ierror)
    type(weft_matrix), intent(in) :: A
    type(weft_matrix), intent(inout) :: copy
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_dup(A%ptr, copy%ptr), 'weft_dup', ierror)
  end subroutine matrix_dup

  subroutine scalar_clear(s, ierror)
    type(weft_scalar), intent(in) :: s
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_scalar_clear(s%ptr), 'weft_clear', ierror)
  end subroutine scalar_clear
  subroutine vector_clear(v, ierror)
    type(weft_vector), intent(in) :: v
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_clear(v%ptr), 'weft_clear', ierror)
  end subroutine vector_clear
  subroutine matrix_clear(A, ierror)
    type(weft_matrix), intent(in) :: A
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_clear(A%ptr), 'weft_clear', ierror)
  end subroutine matrix_clear

  ! ---- counts and shapes: the C result, then the caller's kind ------------------------

  ! Hands a 64-bit count from C to the caller's integer (WEFT_OVERFLOW if it does not fit).
  subroutine count_out(st, v, x, name, routine, ierror)
    integer(c_int), intent(in) :: st
    integer(c_int64_t), intent(in) :: v
    class(*), intent(inout) :: x
    character(*), intent(in) :: name, routine
    integer, intent(out), optional :: ierror
    if (st == WEFT_SUCCESS) then
      if (.not. out_ok_(x, v, name, routine, ierror)) return
      call set_int_(x, v)
    end if
    call weft_check_(st, routine, ierror)
  end subroutine count_out

  subroutine scalar_nvals(s, nvals, ierror)
    type(weft_scalar), intent(in) :: s
    class(*), intent(inout) :: nvals
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: n
    n = 0
    call count_out(c_weft_scalar_nvals(s%ptr, n), n, nvals, 'nvals', 'weft_nvals', ierror)
  end subroutine scalar_nvals
  subroutine vector_nvals(v, nvals, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(inout) :: nvals
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: n
    n = 0
    call count_out(c_weft_vector_nvals(v%ptr, n), n, nvals, 'nvals', 'weft_nvals', ierror)
  end subroutine vector_nvals
  subroutine matrix_nvals(A, nvals, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(inout) :: nvals
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: n
    n = 0
    call count_out(c_weft_matrix_nvals(A%ptr, n), n, nvals, 'nvals', 'weft_nvals', ierror)
  end subroutine matrix_nvals

  subroutine vector_iso(v, iso, ierror)
    type(weft_vector), intent(in) :: v
    logical, intent(out) :: iso
    integer, intent(out), optional :: ierror
    integer(c_int) :: k
    k = 0
    call weft_check_(c_weft_vector_iso(v%ptr, k), 'weft_iso', ierror)
    iso = k /= 0
  end subroutine vector_iso
  subroutine matrix_iso(A, iso, ierror)
    type(weft_matrix), intent(in) :: A
    logical, intent(out) :: iso
    integer, intent(out), optional :: ierror
    integer(c_int) :: k
    k = 0
    call weft_check_(c_weft_matrix_iso(A%ptr, k), 'weft_iso', ierror)
    iso = k /= 0
  end subroutine matrix_iso

  ! weft_size(v, n): the number of positions of a vector.
  subroutine weft_size(v, n, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(inout) :: n
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: k
    k = 0
    call count_out(c_weft_vector_size(v%ptr, k), k, n, 'n', 'weft_size', ierror)
  end subroutine weft_size

  ! weft_nrows(A, nrows), weft_ncols(A, ncols): a matrix's shape.
  subroutine weft_nrows(A, nrows, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(inout) :: nrows
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: k
    k = 0
    call count_out(c_weft_matrix_nrows(A%ptr, k), k, nrows, 'nrows', 'weft_nrows', ierror)
  end subroutine weft_nrows
  subroutine weft_ncols(A, ncols, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(inout) :: ncols
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: k
    k = 0
    call count_out(c_weft_matrix_ncols(A%ptr, k), k, ncols, 'ncols', 'weft_ncols', ierror)
  end subroutine weft_ncols

  subroutine vector_resize(v, n, ierror)
    type(weft_vector), intent(in) :: v
    class(*), intent(in) :: n
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: k
    if (.not. int_in_(n, 'n', 'weft_resize', k, ierror)) return
    call weft_check_(c_weft_vector_resize(v%ptr, k), 'weft_resize', ierror)
  end subroutine vector_resize
  subroutine matrix_resize(A, nrows, ncols, ierror)
    type(weft_matrix), intent(in) :: A
    class(*), intent(in) :: nrows, ncols
    integer, intent(out), optional :: ierror
    integer(c_int64_t) :: m, n
    if (.not. int_in_(nrows, 'nrows', 'weft_resize', m, ierror)) return
    if (.not. int_in_(ncols, 'ncols', 'weft_resize', n, ierror)) return
    call weft_check_(c_weft_matrix_resize(A%ptr, m, n), 'weft_resize', ierror)
  end subroutine matrix_resize

  ! ---- weft_domain, weft_wait, weft_error, weft_free --------------------------------------

  subroutine scalar_domain(s, type, ierror)
    type(weft_scalar), intent(in) :: s
    type(weft_type), intent(inout) :: type
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_scalar_type(s%ptr, type%ptr), 'weft_domain', ierror)
  end subroutine scalar_domain
  subroutine vector_domain(v, type, ierror)
    type(weft_vector), intent(in) :: v
    type(weft_type), intent(inout) :: type
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_type(v%ptr, type%ptr), 'weft_domain', ierror)
  end subroutine vector_domain
  subroutine matrix_domain(A, type, ierror)
    type(weft_matrix), intent(in) :: A
    type(weft_type), intent(inout) :: type
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_type(A%ptr, type%ptr), 'weft_domain', ierror)
  end subroutine matrix_domain

  subroutine scalar_wait(s, mode, ierror)
    type(weft_scalar), intent(in) :: s
    integer, intent(in) :: mode
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_scalar_wait(s%ptr, int(mode, c_int)), 'weft_wait', ierror)
  end subroutine scalar_wait
  subroutine vector_wait(v, mode, ierror)
    type(weft_vector), intent(in) :: v
    integer, intent(in) :: mode
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_wait(v%ptr, int(mode, c_int)), 'weft_wait', ierror)
  end subroutine vector_wait
  subroutine matrix_wait(A, mode, ierror)
    type(weft_matrix), intent(in) :: A
    integer, intent(in) :: mode
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_wait(A%ptr, int(mode, c_int)), 'weft_wait', ierror)
  end subroutine matrix_wait

  ! message: allocated to the text ("" when the last call succeeded); untouched on failure.
  subroutine error_out(st, msg, message, ierror)
    integer(c_int), intent(in) :: st
    type(c_ptr), intent(in) :: msg
    character(len=:), allocatable, intent(inout) :: message
    integer, intent(out), optional :: ierror
    if (st == WEFT_SUCCESS) message = weft_c_string_(msg)
    call weft_check_(st, 'weft_error', ierror)
  end subroutine error_out

  subroutine scalar_error(s, message, ierror)
    type(weft_scalar), intent(in) :: s
    character(len=:), allocatable, intent(inout) :: message
    integer, intent(out), optional :: ierror
    type(c_ptr) :: msg
    msg = c_null_ptr
    call error_out(c_weft_scalar_error(s%ptr, msg), msg, message, ierror)
  end subroutine scalar_error
  subroutine vector_error(v, message, ierror)
    type(weft_vector), intent(in) :: v
    character(len=:), allocatable, intent(inout) :: message
    integer, intent(out), optional :: ierror
    type(c_ptr) :: msg
    msg = c_null_ptr
    call error_out(c_weft_vector_error(v%ptr, msg), msg, message, ierror)
  end subroutine vector_error
  subroutine matrix_error(A, message, ierror)
    type(weft_matrix), intent(in) :: A
    character(len=:), allocatable, intent(inout) :: message
    integer, intent(out), optional :: ierror
    type(c_ptr) :: msg
    msg = c_null_ptr
    call error_out(c_weft_matrix_error(A%ptr, msg), msg, message, ierror)
  end subroutine matrix_error

  subroutine scalar_free(s, ierror)
    type(weft_scalar), intent(inout) :: s
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_scalar_free(s%ptr), 'weft_free', ierror)
  end subroutine scalar_free
  subroutine vector_free(v, ierror)
    type(weft_vector), intent(inout) :: v
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_vector_free(v%ptr), 'weft_free', ierror)
  end subroutine vector_free
  subroutine matrix_free(A, ierror)
    type(weft_matrix), intent(inout) :: A
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_matrix_free(A%ptr), 'weft_free', ierror)
  end subroutine matrix_free
end module weft_collections
