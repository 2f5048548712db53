! weft_operators — the operators of weft/algebra.h: unary, binary and index-unary
! operators as objects with domains (GraphBLAS's GrB_UnaryOp, GrB_BinaryOp,
! GrB_IndexUnaryOp). Monoids and semirings are built on binary operators (modules
! weft_monoids, weft_semirings). Use them through module weft.
!
!   subroutine hypot2(z, x, y) bind(C)       ! z = x*x + y*y on C doubles, the elements
!     real(c_double), intent(inout) :: z     ! by reference (z may be the same memory
!     real(c_double), intent(in) :: x, y     ! as x or y: compute into a local, then
!     real(c_double) :: r                    ! assign z)
!     r = x * x + y * y
!     z = r
!   end subroutine
!   type(weft_binary_op) :: op
!   call weft_binary_op_new(c_funloc(hypot2), WEFT_FP64, WEFT_FP64, WEFT_FP64, op)
!   ...
!   call weft_binary_op_free(op)
!
! The function is either a type(c_funptr) (c_funloc of any bind(C) subroutine with
! the elements passed by reference, as above) or a procedure with the abstract
! interface weft_unary_fn, weft_binary_fn or weft_index_unary_fn (elements as
! type(c_ptr), value: their addresses, for c_f_pointer). An element is one copy of its
! domain type at its displacement 0; the function must allow z to be x or y and must
! not keep the addresses. Domains are weft types (see weft/algebra.h): the predefined
! GraphBLAS domains (WEFT_BOOL, WEFT_INT8 .. WEFT_UINT64, WEFT_FP32, WEFT_FP64,
! WEFT_FC32, WEFT_FC64, and types of the same representation: WEFT_INTEGER is INT32,
! WEFT_DOUBLE_PRECISION is FP64) or a user-defined one (e.g. the weft type of a bind(C)
! derived type), whose elements are its extent in bytes.
!
! weft_binary_op_new_source also takes f's C source (its C name and C definition), so
! that weft can compile kernels with the operator inlined (a JIT; weft/algebra.h says
! which kernels, when, and with what compiler); weft_set_jit / weft_get_jit switch that
! for the process. f must be a C-callable function computing exactly what the C text
! computes (weft calls either):
!
!   call weft_binary_op_new_source(c_funloc(my_times), WEFT_FP64, WEFT_FP64, WEFT_FP64, &
!     'my_times', 'void my_times(double *z, const double *x, const double *y)' // &
!     ' { *z = *x * *y; }', op)
!
! The predefined operators WEFT_<OP>_<TYPE> (WEFT_PLUS_INT32, WEFT_EQ_FP64, ...;
! WEFT_LNOT, WEFT_LOR, WEFT_LAND, WEFT_LXOR, WEFT_LXNOR on BOOL; the positional
! index-unary WEFT_TRIL, WEFT_TRIU, WEFT_DIAG, WEFT_OFFDIAG, WEFT_ROWLE, WEFT_ROWGT,
! WEFT_COLLE, WEFT_COLGT) are the C library's handles themselves: PROTECTED, never
! freed. weft/algebra.h lists them all and says what each computes.
!
! Every routine has an optional last argument ierror, as everywhere in module weft; a
! failed call changes no output argument.
module weft_operators
  use, intrinsic :: iso_c_binding, only: c_ptr, c_funptr, c_int, c_int64_t, c_null_ptr, &
                                         c_associated, c_funloc
  use weft_constants, only: WEFT_SUCCESS
  use weft_handles, only: weft_type
  use weft_c_api, only: c_weft_unary_op_new, c_weft_binary_op_new, &
                        c_weft_binary_op_new_source, c_weft_set_jit, c_weft_get_jit, &
                        c_weft_index_unary_op_new, c_weft_unary_op_free, &
                        c_weft_binary_op_free, c_weft_index_unary_op_free, &
                        c_weft_unary_op_types, c_weft_binary_op_types, &
                        c_weft_index_unary_op_types, c_weft_unary_op_function, &
                        c_weft_binary_op_function, c_weft_index_unary_op_function
  use weft_errors, only: weft_check_, weft_c_text_, weft_get_int_
  implicit none
  private

  ! Operator handles: the C weft_unary_op, weft_binary_op, weft_index_unary_op (opaque
  ! pointers). Like type(weft_type), no default initialisation (the predefined operators
  ! below are the C globals themselves): give a handle a value (a constructor or the
  ! null handle) before you test or free it.
  type, bind(C), public :: weft_unary_op
    type(c_ptr) :: ptr
  end type weft_unary_op
  type, bind(C), public :: weft_binary_op
    type(c_ptr) :: ptr
  end type weft_binary_op
  type, bind(C), public :: weft_index_unary_op
    type(c_ptr) :: ptr
  end type weft_index_unary_op

  ! The null handles (what *_free leaves behind).
  type(weft_unary_op), parameter, public :: WEFT_UNARY_OP_NULL = weft_unary_op(c_null_ptr)
  type(weft_binary_op), parameter, public :: WEFT_BINARY_OP_NULL = weft_binary_op(c_null_ptr)
  type(weft_index_unary_op), parameter, public :: &
    WEFT_INDEX_UNARY_OP_NULL = weft_index_unary_op(c_null_ptr)

  ! The functions behind operators, with the elements' addresses: z = f(x),
  ! z = f(x, y), z = f(x, i, j, thunk) (i, j: the element's row and column, 0-based; for
  ! a vector i is the index and j is 0).
  abstract interface
    subroutine weft_unary_fn(z, x) bind(C)
      import :: c_ptr
      type(c_ptr), value :: z, x
    end subroutine weft_unary_fn
    subroutine weft_binary_fn(z, x, y) bind(C)
      import :: c_ptr
      type(c_ptr), value :: z, x, y
    end subroutine weft_binary_fn
    subroutine weft_index_unary_fn(z, x, i, j, thunk) bind(C)
      import :: c_ptr, c_int64_t
      type(c_ptr), value :: z, x
      integer(c_int64_t), value :: i, j
      type(c_ptr), value :: thunk
    end subroutine weft_index_unary_fn
  end interface
  public :: weft_unary_fn, weft_binary_fn, weft_index_unary_fn

  ! The predefined operators: the exported C globals of libweft, bound by name (see
  ! weft_handles for how this works), in weft/algebra.h's order
  ! (WEFT_PREDEFINED_UNARY_OPS, then WEFT_LNOT; WEFT_PREDEFINED_BINARY_OPS,
  ! WEFT_PREDEFINED_BOOL_BINARY_OPS; WEFT_PREDEFINED_INDEX_UNARY_OPS,
  ! WEFT_PREDEFINED_POSITIONAL_OPS). Immutable, never freed.
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_BOOL")  , public, protected :: WEFT_IDENTITY_BOOL
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_INT8")  , public, protected :: WEFT_IDENTITY_INT8
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_INT16") , public, protected :: WEFT_IDENTITY_INT16
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_INT32") , public, protected :: WEFT_IDENTITY_INT32
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_INT64") , public, protected :: WEFT_IDENTITY_INT64
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_UINT8") , public, protected :: WEFT_IDENTITY_UINT8
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_UINT16"), public, protected :: WEFT_IDENTITY_UINT16
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_UINT32"), public, protected :: WEFT_IDENTITY_UINT32
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_UINT64"), public, protected :: WEFT_IDENTITY_UINT64
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_FP32")  , public, protected :: WEFT_IDENTITY_FP32
  type(weft_unary_op), bind(C, name="WEFT_IDENTITY_FP64")  , public, protected :: WEFT_IDENTITY_FP64
  type(weft_unary_op), bind(C, name="WEFT_ABS_BOOL")       , public, protected :: WEFT_ABS_BOOL
  type(weft_unary_op), bind(C, name="WEFT_ABS_INT8")       , public, protected :: WEFT_ABS_INT8
  type(weft_unary_op), bind(C, name="WEFT_ABS_INT16")      , public, protected :: WEFT_ABS_INT16
  type(weft_unary_op), bind(C, name="WEFT_ABS_INT32")      , public, protected :: WEFT_ABS_INT32
  type(weft_unary_op), bind(C, name="WEFT_ABS_INT64")      , public, protected :: WEFT_ABS_INT64
  type(weft_unary_op), bind(C, name="WEFT_ABS_UINT8")      , public, protected :: WEFT_ABS_UINT8
  type(weft_unary_op), bind(C, name="WEFT_ABS_UINT16")     , public, protected :: WEFT_ABS_UINT16
  type(weft_unary_op), bind(C, name="WEFT_ABS_UINT32")     , public, protected :: WEFT_ABS_UINT32
  type(weft_unary_op), bind(C, name="WEFT_ABS_UINT64")     , public, protected :: WEFT_ABS_UINT64
  type(weft_unary_op), bind(C, name="WEFT_ABS_FP32")       , public, protected :: WEFT_ABS_FP32
  type(weft_unary_op), bind(C, name="WEFT_ABS_FP64")       , public, protected :: WEFT_ABS_FP64
  type(weft_unary_op), bind(C, name="WEFT_AINV_BOOL")      , public, protected :: WEFT_AINV_BOOL
  type(weft_unary_op), bind(C, name="WEFT_AINV_INT8")      , public, protected :: WEFT_AINV_INT8
  type(weft_unary_op), bind(C, name="WEFT_AINV_INT16")     , public, protected :: WEFT_AINV_INT16
  type(weft_unary_op), bind(C, name="WEFT_AINV_INT32")     , public, protected :: WEFT_AINV_INT32
  type(weft_unary_op), bind(C, name="WEFT_AINV_INT64")     , public, protected :: WEFT_AINV_INT64
  type(weft_unary_op), bind(C, name="WEFT_AINV_UINT8")     , public, protected :: WEFT_AINV_UINT8
  type(weft_unary_op), bind(C, name="WEFT_AINV_UINT16")    , public, protected :: WEFT_AINV_UINT16
  type(weft_unary_op), bind(C, name="WEFT_AINV_UINT32")    , public, protected :: WEFT_AINV_UINT32
  type(weft_unary_op), bind(C, name="WEFT_AINV_UINT64")    , public, protected :: WEFT_AINV_UINT64
  type(weft_unary_op), bind(C, name="WEFT_AINV_FP32")      , public, protected :: WEFT_AINV_FP32
  type(weft_unary_op), bind(C, name="WEFT_AINV_FP64")      , public, protected :: WEFT_AINV_FP64
  type(weft_unary_op), bind(C, name="WEFT_MINV_FP32")      , public, protected :: WEFT_MINV_FP32
  type(weft_unary_op), bind(C, name="WEFT_MINV_FP64")      , public, protected :: WEFT_MINV_FP64
  type(weft_unary_op), bind(C, name="WEFT_BNOT_INT8")      , public, protected :: WEFT_BNOT_INT8
  type(weft_unary_op), bind(C, name="WEFT_BNOT_INT16")     , public, protected :: WEFT_BNOT_INT16
  type(weft_unary_op), bind(C, name="WEFT_BNOT_INT32")     , public, protected :: WEFT_BNOT_INT32
  type(weft_unary_op), bind(C, name="WEFT_BNOT_INT64")     , public, protected :: WEFT_BNOT_INT64
  type(weft_unary_op), bind(C, name="WEFT_BNOT_UINT8")     , public, protected :: WEFT_BNOT_UINT8
  type(weft_unary_op), bind(C, name="WEFT_BNOT_UINT16")    , public, protected :: WEFT_BNOT_UINT16
  type(weft_unary_op), bind(C, name="WEFT_BNOT_UINT32")    , public, protected :: WEFT_BNOT_UINT32
  type(weft_unary_op), bind(C, name="WEFT_BNOT_UINT64")    , public, protected :: WEFT_BNOT_UINT64
  type(weft_unary_op), bind(C, name="WEFT_LNOT")           , public, protected :: WEFT_LNOT

  type(weft_binary_op), bind(C, name="WEFT_FIRST_BOOL")   , public, protected :: WEFT_FIRST_BOOL
  type(weft_binary_op), bind(C, name="WEFT_FIRST_INT8")   , public, protected :: WEFT_FIRST_INT8
  type(weft_binary_op), bind(C, name="WEFT_FIRST_INT16")  , public, protected :: WEFT_FIRST_INT16
  type(weft_binary_op), bind(C, name="WEFT_FIRST_INT32")  , public, protected :: WEFT_FIRST_INT32
  type(weft_binary_op), bind(C, name="WEFT_FIRST_INT64")  , public, protected :: WEFT_FIRST_INT64
  type(weft_binary_op), bind(C, name="WEFT_FIRST_UINT8")  , public, protected :: WEFT_FIRST_UINT8
  type(weft_binary_op), bind(C, name="WEFT_FIRST_UINT16") , public, protected :: WEFT_FIRST_UINT16
  type(weft_binary_op), bind(C, name="WEFT_FIRST_UINT32") , public, protected :: WEFT_FIRST_UINT32
  type(weft_binary_op), bind(C, name="WEFT_FIRST_UINT64") , public, protected :: WEFT_FIRST_UINT64
  type(weft_binary_op), bind(C, name="WEFT_FIRST_FP32")   , public, protected :: WEFT_FIRST_FP32
  type(weft_binary_op), bind(C, name="WEFT_FIRST_FP64")   , public, protected :: WEFT_FIRST_FP64
  type(weft_binary_op), bind(C, name="WEFT_SECOND_BOOL")  , public, protected :: WEFT_SECOND_BOOL
  type(weft_binary_op), bind(C, name="WEFT_SECOND_INT8")  , public, protected :: WEFT_SECOND_INT8
  type(weft_binary_op), bind(C, name="WEFT_SECOND_INT16") , public, protected :: WEFT_SECOND_INT16
  type(weft_binary_op), bind(C, name="WEFT_SECOND_INT32") , public, protected :: WEFT_SECOND_INT32
  type(weft_binary_op), bind(C, name="WEFT_SECOND_INT64") , public, protected :: WEFT_SECOND_INT64
  type(weft_binary_op), bind(C, name="WEFT_SECOND_UINT8") , public, protected :: WEFT_SECOND_UINT8
  type(weft_binary_op), bind(C, name="WEFT_SECOND_UINT16"), public, protected :: WEFT_SECOND_UINT16
  type(weft_binary_op), bind(C, name="WEFT_SECOND_UINT32"), public, protected :: WEFT_SECOND_UINT32
  type(weft_binary_op), bind(C, name="WEFT_SECOND_UINT64"), public, protected :: WEFT_SECOND_UINT64
  type(weft_binary_op), bind(C, name="WEFT_SECOND_FP32")  , public, protected :: WEFT_SECOND_FP32
  type(weft_binary_op), bind(C, name="WEFT_SECOND_FP64")  , public, protected :: WEFT_SECOND_FP64
  type(weft_binary_op), bind(C, name="WEFT_ONEB_BOOL")    , public, protected :: WEFT_ONEB_BOOL
  type(weft_binary_op), bind(C, name="WEFT_ONEB_INT8")    , public, protected :: WEFT_ONEB_INT8
  type(weft_binary_op), bind(C, name="WEFT_ONEB_INT16")   , public, protected :: WEFT_ONEB_INT16
  type(weft_binary_op), bind(C, name="WEFT_ONEB_INT32")   , public, protected :: WEFT_ONEB_INT32
  type(weft_binary_op), bind(C, name="WEFT_ONEB_INT64")   , public, protected :: WEFT_ONEB_INT64
  type(weft_binary_op), bind(C, name="WEFT_ONEB_UINT8")   , public, protected :: WEFT_ONEB_UINT8
  type(weft_binary_op), bind(C, name="WEFT_ONEB_UINT16")  , public, protected :: WEFT_ONEB_UINT16
  type(weft_binary_op), bind(C, name="WEFT_ONEB_UINT32")  , public, protected :: WEFT_ONEB_UINT32
  type(weft_binary_op), bind(C, name="WEFT_ONEB_UINT64")  , public, protected :: WEFT_ONEB_UINT64
  type(weft_binary_op), bind(C, name="WEFT_ONEB_FP32")    , public, protected :: WEFT_ONEB_FP32
  type(weft_binary_op), bind(C, name="WEFT_ONEB_FP64")    , public, protected :: WEFT_ONEB_FP64
  type(weft_binary_op), bind(C, name="WEFT_PAIR_BOOL")    , public, protected :: WEFT_PAIR_BOOL
  type(weft_binary_op), bind(C, name="WEFT_PAIR_INT8")    , public, protected :: WEFT_PAIR_INT8
  type(weft_binary_op), bind(C, name="WEFT_PAIR_INT16")   , public, protected :: WEFT_PAIR_INT16
  type(weft_binary_op), bind(C, name="WEFT_PAIR_INT32")   , public, protected :: WEFT_PAIR_INT32
  type(weft_binary_op), bind(C, name="WEFT_PAIR_INT64")   , public, protected :: WEFT_PAIR_INT64
  type(weft_binary_op), bind(C, name="WEFT_PAIR_UINT8")   , public, protected :: WEFT_PAIR_UINT8
  type(weft_binary_op), bind(C, name="WEFT_PAIR_UINT16")  , public, protected :: WEFT_PAIR_UINT16
  type(weft_binary_op), bind(C, name="WEFT_PAIR_UINT32")  , public, protected :: WEFT_PAIR_UINT32
  type(weft_binary_op), bind(C, name="WEFT_PAIR_UINT64")  , public, protected :: WEFT_PAIR_UINT64
  type(weft_binary_op), bind(C, name="WEFT_PAIR_FP32")    , public, protected :: WEFT_PAIR_FP32
  type(weft_binary_op), bind(C, name="WEFT_PAIR_FP64")    , public, protected :: WEFT_PAIR_FP64
  type(weft_binary_op), bind(C, name="WEFT_ANY_BOOL")     , public, protected :: WEFT_ANY_BOOL
  type(weft_binary_op), bind(C, name="WEFT_ANY_INT8")     , public, protected :: WEFT_ANY_INT8
  type(weft_binary_op), bind(C, name="WEFT_ANY_INT16")    , public, protected :: WEFT_ANY_INT16
  type(weft_binary_op), bind(C, name="WEFT_ANY_INT32")    , public, protected :: WEFT_ANY_INT32
  type(weft_binary_op), bind(C, name="WEFT_ANY_INT64")    , public, protected :: WEFT_ANY_INT64
  type(weft_binary_op), bind(C, name="WEFT_ANY_UINT8")    , public, protected :: WEFT_ANY_UINT8
  type(weft_binary_op), bind(C, name="WEFT_ANY_UINT16")   , public, protected :: WEFT_ANY_UINT16
  type(weft_binary_op), bind(C, name="WEFT_ANY_UINT32")   , public, protected :: WEFT_ANY_UINT32
  type(weft_binary_op), bind(C, name="WEFT_ANY_UINT64")   , public, protected :: WEFT_ANY_UINT64
  type(weft_binary_op), bind(C, name="WEFT_ANY_FP32")     , public, protected :: WEFT_ANY_FP32
  type(weft_binary_op), bind(C, name="WEFT_ANY_FP64")     , public, protected :: WEFT_ANY_FP64
  type(weft_binary_op), bind(C, name="WEFT_MIN_BOOL")     , public, protected :: WEFT_MIN_BOOL
  type(weft_binary_op), bind(C, name="WEFT_MIN_INT8")     , public, protected :: WEFT_MIN_INT8
  type(weft_binary_op), bind(C, name="WEFT_MIN_INT16")    , public, protected :: WEFT_MIN_INT16
  type(weft_binary_op), bind(C, name="WEFT_MIN_INT32")    , public, protected :: WEFT_MIN_INT32
  type(weft_binary_op), bind(C, name="WEFT_MIN_INT64")    , public, protected :: WEFT_MIN_INT64
  type(weft_binary_op), bind(C, name="WEFT_MIN_UINT8")    , public, protected :: WEFT_MIN_UINT8
  type(weft_binary_op), bind(C, name="WEFT_MIN_UINT16")   , public, protected :: WEFT_MIN_UINT16
  type(weft_binary_op), bind(C, name="WEFT_MIN_UINT32")   , public, protected :: WEFT_MIN_UINT32
  type(weft_binary_op), bind(C, name="WEFT_MIN_UINT64")   , public, protected :: WEFT_MIN_UINT64
  type(weft_binary_op), bind(C, name="WEFT_MIN_FP32")     , public, protected :: WEFT_MIN_FP32
  type(weft_binary_op), bind(C, name="WEFT_MIN_FP64")     , public, protected :: WEFT_MIN_FP64
  type(weft_binary_op), bind(C, name="WEFT_MAX_BOOL")     , public, protected :: WEFT_MAX_BOOL
  type(weft_binary_op), bind(C, name="WEFT_MAX_INT8")     , public, protected :: WEFT_MAX_INT8
  type(weft_binary_op), bind(C, name="WEFT_MAX_INT16")    , public, protected :: WEFT_MAX_INT16
  type(weft_binary_op), bind(C, name="WEFT_MAX_INT32")    , public, protected :: WEFT_MAX_INT32
  type(weft_binary_op), bind(C, name="WEFT_MAX_INT64")    , public, protected :: WEFT_MAX_INT64
  type(weft_binary_op), bind(C, name="WEFT_MAX_UINT8")    , public, protected :: WEFT_MAX_UINT8
  type(weft_binary_op), bind(C, name="WEFT_MAX_UINT16")   , public, protected :: WEFT_MAX_UINT16
  type(weft_binary_op), bind(C, name="WEFT_MAX_UINT32")   , public, protected :: WEFT_MAX_UINT32
  type(weft_binary_op), bind(C, name="WEFT_MAX_UINT64")   , public, protected :: WEFT_MAX_UINT64
  type(weft_binary_op), bind(C, name="WEFT_MAX_FP32")     , public, protected :: WEFT_MAX_FP32
  type(weft_binary_op), bind(C, name="WEFT_MAX_FP64")     , public, protected :: WEFT_MAX_FP64
  type(weft_binary_op), bind(C, name="WEFT_PLUS_BOOL")    , public, protected :: WEFT_PLUS_BOOL
  type(weft_binary_op), bind(C, name="WEFT_PLUS_INT8")    , public, protected :: WEFT_PLUS_INT8
  type(weft_binary_op), bind(C, name="WEFT_PLUS_INT16")   , public, protected :: WEFT_PLUS_INT16
  type(weft_binary_op), bind(C, name="WEFT_PLUS_INT32")   , public, protected :: WEFT_PLUS_INT32
  type(weft_binary_op), bind(C, name="WEFT_PLUS_INT64")   , public, protected :: WEFT_PLUS_INT64
  type(weft_binary_op), bind(C, name="WEFT_PLUS_UINT8")   , public, protected :: WEFT_PLUS_UINT8
  type(weft_binary_op), bind(C, name="WEFT_PLUS_UINT16")  , public, protected :: WEFT_PLUS_UINT16
  type(weft_binary_op), bind(C, name="WEFT_PLUS_UINT32")  , public, protected :: WEFT_PLUS_UINT32
  type(weft_binary_op), bind(C, name="WEFT_PLUS_UINT64")  , public, protected :: WEFT_PLUS_UINT64
  type(weft_binary_op), bind(C, name="WEFT_PLUS_FP32")    , public, protected :: WEFT_PLUS_FP32
  type(weft_binary_op), bind(C, name="WEFT_PLUS_FP64")    , public, protected :: WEFT_PLUS_FP64
  type(weft_binary_op), bind(C, name="WEFT_MINUS_BOOL")   , public, protected :: WEFT_MINUS_BOOL
  type(weft_binary_op), bind(C, name="WEFT_MINUS_INT8")   , public, protected :: WEFT_MINUS_INT8
  type(weft_binary_op), bind(C, name="WEFT_MINUS_INT16")  , public, protected :: WEFT_MINUS_INT16
  type(weft_binary_op), bind(C, name="WEFT_MINUS_INT32")  , public, protected :: WEFT_MINUS_INT32
  type(weft_binary_op), bind(C, name="WEFT_MINUS_INT64")  , public, protected :: WEFT_MINUS_INT64
  type(weft_binary_op), bind(C, name="WEFT_MINUS_UINT8")  , public, protected :: WEFT_MINUS_UINT8
  type(weft_binary_op), bind(C, name="WEFT_MINUS_UINT16") , public, protected :: WEFT_MINUS_UINT16
  type(weft_binary_op), bind(C, name="WEFT_MINUS_UINT32") , public, protected :: WEFT_MINUS_UINT32
  type(weft_binary_op), bind(C, name="WEFT_MINUS_UINT64") , public, protected :: WEFT_MINUS_UINT64
  type(weft_binary_op), bind(C, name="WEFT_MINUS_FP32")   , public, protected :: WEFT_MINUS_FP32
  type(weft_binary_op), bind(C, name="WEFT_MINUS_FP64")   , public, protected :: WEFT_MINUS_FP64
  type(weft_binary_op), bind(C, name="WEFT_TIMES_BOOL")   , public, protected :: WEFT_TIMES_BOOL
  type(weft_binary_op), bind(C, name="WEFT_TIMES_INT8")   , public, protected :: WEFT_TIMES_INT8
  type(weft_binary_op), bind(C, name="WEFT_TIMES_INT16")  , public, protected :: WEFT_TIMES_INT16
  type(weft_binary_op), bind(C, name="WEFT_TIMES_INT32")  , public, protected :: WEFT_TIMES_INT32
  type(weft_binary_op), bind(C, name="WEFT_TIMES_INT64")  , public, protected :: WEFT_TIMES_INT64
  type(weft_binary_op), bind(C, name="WEFT_TIMES_UINT8")  , public, protected :: WEFT_TIMES_UINT8
  type(weft_binary_op), bind(C, name="WEFT_TIMES_UINT16") , public, protected :: WEFT_TIMES_UINT16
  type(weft_binary_op), bind(C, name="WEFT_TIMES_UINT32") , public, protected :: WEFT_TIMES_UINT32
  type(weft_binary_op), bind(C, name="WEFT_TIMES_UINT64") , public, protected :: WEFT_TIMES_UINT64
  type(weft_binary_op), bind(C, name="WEFT_TIMES_FP32")   , public, protected :: WEFT_TIMES_FP32
  type(weft_binary_op), bind(C, name="WEFT_TIMES_FP64")   , public, protected :: WEFT_TIMES_FP64
  type(weft_binary_op), bind(C, name="WEFT_DIV_BOOL")     , public, protected :: WEFT_DIV_BOOL
  type(weft_binary_op), bind(C, name="WEFT_DIV_INT8")     , public, protected :: WEFT_DIV_INT8
  type(weft_binary_op), bind(C, name="WEFT_DIV_INT16")    , public, protected :: WEFT_DIV_INT16
  type(weft_binary_op), bind(C, name="WEFT_DIV_INT32")    , public, protected :: WEFT_DIV_INT32
  type(weft_binary_op), bind(C, name="WEFT_DIV_INT64")    , public, protected :: WEFT_DIV_INT64
  type(weft_binary_op), bind(C, name="WEFT_DIV_UINT8")    , public, protected :: WEFT_DIV_UINT8
  type(weft_binary_op), bind(C, name="WEFT_DIV_UINT16")   , public, protected :: WEFT_DIV_UINT16
  type(weft_binary_op), bind(C, name="WEFT_DIV_UINT32")   , public, protected :: WEFT_DIV_UINT32
  type(weft_binary_op), bind(C, name="WEFT_DIV_UINT64")   , public, protected :: WEFT_DIV_UINT64
  type(weft_binary_op), bind(C, name="WEFT_DIV_FP32")     , public, protected :: WEFT_DIV_FP32
  type(weft_binary_op), bind(C, name="WEFT_DIV_FP64")     , public, protected :: WEFT_DIV_FP64
  type(weft_binary_op), bind(C, name="WEFT_EQ_BOOL")      , public, protected :: WEFT_EQ_BOOL
  type(weft_binary_op), bind(C, name="WEFT_EQ_INT8")      , public, protected :: WEFT_EQ_INT8
  type(weft_binary_op), bind(C, name="WEFT_EQ_INT16")     , public, protected :: WEFT_EQ_INT16
  type(weft_binary_op), bind(C, name="WEFT_EQ_INT32")     , public, protected :: WEFT_EQ_INT32
  type(weft_binary_op), bind(C, name="WEFT_EQ_INT64")     , public, protected :: WEFT_EQ_INT64
  type(weft_binary_op), bind(C, name="WEFT_EQ_UINT8")     , public, protected :: WEFT_EQ_UINT8
  type(weft_binary_op), bind(C, name="WEFT_EQ_UINT16")    , public, protected :: WEFT_EQ_UINT16
  type(weft_binary_op), bind(C, name="WEFT_EQ_UINT32")    , public, protected :: WEFT_EQ_UINT32
  type(weft_binary_op), bind(C, name="WEFT_EQ_UINT64")    , public, protected :: WEFT_EQ_UINT64
  type(weft_binary_op), bind(C, name="WEFT_EQ_FP32")      , public, protected :: WEFT_EQ_FP32
  type(weft_binary_op), bind(C, name="WEFT_EQ_FP64")      , public, protected :: WEFT_EQ_FP64
  type(weft_binary_op), bind(C, name="WEFT_NE_BOOL")      , public, protected :: WEFT_NE_BOOL
  type(weft_binary_op), bind(C, name="WEFT_NE_INT8")      , public, protected :: WEFT_NE_INT8
  type(weft_binary_op), bind(C, name="WEFT_NE_INT16")     , public, protected :: WEFT_NE_INT16
  type(weft_binary_op), bind(C, name="WEFT_NE_INT32")     , public, protected :: WEFT_NE_INT32
  type(weft_binary_op), bind(C, name="WEFT_NE_INT64")     , public, protected :: WEFT_NE_INT64
  type(weft_binary_op), bind(C, name="WEFT_NE_UINT8")     , public, protected :: WEFT_NE_UINT8
  type(weft_binary_op), bind(C, name="WEFT_NE_UINT16")    , public, protected :: WEFT_NE_UINT16
  type(weft_binary_op), bind(C, name="WEFT_NE_UINT32")    , public, protected :: WEFT_NE_UINT32
  type(weft_binary_op), bind(C, name="WEFT_NE_UINT64")    , public, protected :: WEFT_NE_UINT64
  type(weft_binary_op), bind(C, name="WEFT_NE_FP32")      , public, protected :: WEFT_NE_FP32
  type(weft_binary_op), bind(C, name="WEFT_NE_FP64")      , public, protected :: WEFT_NE_FP64
  type(weft_binary_op), bind(C, name="WEFT_GT_BOOL")      , public, protected :: WEFT_GT_BOOL
  type(weft_binary_op), bind(C, name="WEFT_GT_INT8")      , public, protected :: WEFT_GT_INT8
  type(weft_binary_op), bind(C, name="WEFT_GT_INT16")     , public, protected :: WEFT_GT_INT16
  type(weft_binary_op), bind(C, name="WEFT_GT_INT32")     , public, protected :: WEFT_GT_INT32
  type(weft_binary_op), bind(C, name="WEFT_GT_INT64")     , public, protected :: WEFT_GT_INT64
  type(weft_binary_op), bind(C, name="WEFT_GT_UINT8")     , public, protected :: WEFT_GT_UINT8
  type(weft_binary_op), bind(C, name="WEFT_GT_UINT16")    , public, protected :: WEFT_GT_UINT16
  type(weft_binary_op), bind(C, name="WEFT_GT_UINT32")    , public, protected :: WEFT_GT_UINT32
  type(weft_binary_op), bind(C, name="WEFT_GT_UINT64")    , public, protected :: WEFT_GT_UINT64
  type(weft_binary_op), bind(C, name="WEFT_GT_FP32")      , public, protected :: WEFT_GT_FP32
  type(weft_binary_op), bind(C, name="WEFT_GT_FP64")      , public, protected :: WEFT_GT_FP64
  type(weft_binary_op), bind(C, name="WEFT_LT_BOOL")      , public, protected :: WEFT_LT_BOOL
  type(weft_binary_op), bind(C, name="WEFT_LT_INT8")      , public, protected :: WEFT_LT_INT8
  type(weft_binary_op), bind(C, name="WEFT_LT_INT16")     , public, protected :: WEFT_LT_INT16
  type(weft_binary_op), bind(C, name="WEFT_LT_INT32")     , public, protected :: WEFT_LT_INT32
  type(weft_binary_op), bind(C, name="WEFT_LT_INT64")     , public, protected :: WEFT_LT_INT64
  type(weft_binary_op), bind(C, name="WEFT_LT_UINT8")     , public, protected :: WEFT_LT_UINT8
  type(weft_binary_op), bind(C, name="WEFT_LT_UINT16")    , public, protected :: WEFT_LT_UINT16
  type(weft_binary_op), bind(C, name="WEFT_LT_UINT32")    , public, protected :: WEFT_LT_UINT32
  type(weft_binary_op), bind(C, name="WEFT_LT_UINT64")    , public, protected :: WEFT_LT_UINT64
  type(weft_binary_op), bind(C, name="WEFT_LT_FP32")      , public, protected :: WEFT_LT_FP32
  type(weft_binary_op), bind(C, name="WEFT_LT_FP64")      , public, protected :: WEFT_LT_FP64
  type(weft_binary_op), bind(C, name="WEFT_GE_BOOL")      , public, protected :: WEFT_GE_BOOL
  type(weft_binary_op), bind(C, name="WEFT_GE_INT8")      , public, protected :: WEFT_GE_INT8
  type(weft_binary_op), bind(C, name="WEFT_GE_INT16")     , public, protected :: WEFT_GE_INT16
  type(weft_binary_op), bind(C, name="WEFT_GE_INT32")     , public, protected :: WEFT_GE_INT32
  type(weft_binary_op), bind(C, name="WEFT_GE_INT64")     , public, protected :: WEFT_GE_INT64
  type(weft_binary_op), bind(C, name="WEFT_GE_UINT8")     , public, protected :: WEFT_GE_UINT8
  type(weft_binary_op), bind(C, name="WEFT_GE_UINT16")    , public, protected :: WEFT_GE_UINT16
  type(weft_binary_op), bind(C, name="WEFT_GE_UINT32")    , public, protected :: WEFT_GE_UINT32
  type(weft_binary_op), bind(C, name="WEFT_GE_UINT64")    , public, protected :: WEFT_GE_UINT64
  type(weft_binary_op), bind(C, name="WEFT_GE_FP32")      , public, protected :: WEFT_GE_FP32
  type(weft_binary_op), bind(C, name="WEFT_GE_FP64")      , public, protected :: WEFT_GE_FP64
  type(weft_binary_op), bind(C, name="WEFT_LE_BOOL")      , public, protected :: WEFT_LE_BOOL
  type(weft_binary_op), bind(C, name="WEFT_LE_INT8")      , public, protected :: WEFT_LE_INT8
  type(weft_binary_op), bind(C, name="WEFT_LE_INT16")     , public, protected :: WEFT_LE_INT16
  type(weft_binary_op), bind(C, name="WEFT_LE_INT32")     , public, protected :: WEFT_LE_INT32
  type(weft_binary_op), bind(C, name="WEFT_LE_INT64")     , public, protected :: WEFT_LE_INT64
  type(weft_binary_op), bind(C, name="WEFT_LE_UINT8")     , public, protected :: WEFT_LE_UINT8
  type(weft_binary_op), bind(C, name="WEFT_LE_UINT16")    , public, protected :: WEFT_LE_UINT16
  type(weft_binary_op), bind(C, name="WEFT_LE_UINT32")    , public, protected :: WEFT_LE_UINT32
  type(weft_binary_op), bind(C, name="WEFT_LE_UINT64")    , public, protected :: WEFT_LE_UINT64
  type(weft_binary_op), bind(C, name="WEFT_LE_FP32")      , public, protected :: WEFT_LE_FP32
  type(weft_binary_op), bind(C, name="WEFT_LE_FP64")      , public, protected :: WEFT_LE_FP64
  type(weft_binary_op), bind(C, name="WEFT_BOR_INT8")     , public, protected :: WEFT_BOR_INT8
  type(weft_binary_op), bind(C, name="WEFT_BOR_INT16")    , public, protected :: WEFT_BOR_INT16
  type(weft_binary_op), bind(C, name="WEFT_BOR_INT32")    , public, protected :: WEFT_BOR_INT32
  type(weft_binary_op), bind(C, name="WEFT_BOR_INT64")    , public, protected :: WEFT_BOR_INT64
  type(weft_binary_op), bind(C, name="WEFT_BOR_UINT8")    , public, protected :: WEFT_BOR_UINT8
  type(weft_binary_op), bind(C, name="WEFT_BOR_UINT16")   , public, protected :: WEFT_BOR_UINT16
  type(weft_binary_op), bind(C, name="WEFT_BOR_UINT32")   , public, protected :: WEFT_BOR_UINT32
  type(weft_binary_op), bind(C, name="WEFT_BOR_UINT64")   , public, protected :: WEFT_BOR_UINT64
  type(weft_binary_op), bind(C, name="WEFT_BAND_INT8")    , public, protected :: WEFT_BAND_INT8
  type(weft_binary_op), bind(C, name="WEFT_BAND_INT16")   , public, protected :: WEFT_BAND_INT16
  type(weft_binary_op), bind(C, name="WEFT_BAND_INT32")   , public, protected :: WEFT_BAND_INT32
  type(weft_binary_op), bind(C, name="WEFT_BAND_INT64")   , public, protected :: WEFT_BAND_INT64
  type(weft_binary_op), bind(C, name="WEFT_BAND_UINT8")   , public, protected :: WEFT_BAND_UINT8
  type(weft_binary_op), bind(C, name="WEFT_BAND_UINT16")  , public, protected :: WEFT_BAND_UINT16
  type(weft_binary_op), bind(C, name="WEFT_BAND_UINT32")  , public, protected :: WEFT_BAND_UINT32
  type(weft_binary_op), bind(C, name="WEFT_BAND_UINT64")  , public, protected :: WEFT_BAND_UINT64
  type(weft_binary_op), bind(C, name="WEFT_BXOR_INT8")    , public, protected :: WEFT_BXOR_INT8
  type(weft_binary_op), bind(C, name="WEFT_BXOR_INT16")   , public, protected :: WEFT_BXOR_INT16
  type(weft_binary_op), bind(C, name="WEFT_BXOR_INT32")   , public, protected :: WEFT_BXOR_INT32
  type(weft_binary_op), bind(C, name="WEFT_BXOR_INT64")   , public, protected :: WEFT_BXOR_INT64
  type(weft_binary_op), bind(C, name="WEFT_BXOR_UINT8")   , public, protected :: WEFT_BXOR_UINT8
  type(weft_binary_op), bind(C, name="WEFT_BXOR_UINT16")  , public, protected :: WEFT_BXOR_UINT16
  type(weft_binary_op), bind(C, name="WEFT_BXOR_UINT32")  , public, protected :: WEFT_BXOR_UINT32
  type(weft_binary_op), bind(C, name="WEFT_BXOR_UINT64")  , public, protected :: WEFT_BXOR_UINT64
  type(weft_binary_op), bind(C, name="WEFT_BXNOR_INT8")   , public, protected :: WEFT_BXNOR_INT8
  type(weft_binary_op), bind(C, name="WEFT_BXNOR_INT16")  , public, protected :: WEFT_BXNOR_INT16
  type(weft_binary_op), bind(C, name="WEFT_BXNOR_INT32")  , public, protected :: WEFT_BXNOR_INT32
  type(weft_binary_op), bind(C, name="WEFT_BXNOR_INT64")  , public, protected :: WEFT_BXNOR_INT64
  type(weft_binary_op), bind(C, name="WEFT_BXNOR_UINT8")  , public, protected :: WEFT_BXNOR_UINT8
  type(weft_binary_op), bind(C, name="WEFT_BXNOR_UINT16") , public, protected :: WEFT_BXNOR_UINT16
  type(weft_binary_op), bind(C, name="WEFT_BXNOR_UINT32") , public, protected :: WEFT_BXNOR_UINT32
  type(weft_binary_op), bind(C, name="WEFT_BXNOR_UINT64") , public, protected :: WEFT_BXNOR_UINT64
  type(weft_binary_op), bind(C, name="WEFT_LOR")          , public, protected :: WEFT_LOR
  type(weft_binary_op), bind(C, name="WEFT_LAND")         , public, protected :: WEFT_LAND
  type(weft_binary_op), bind(C, name="WEFT_LXOR")         , public, protected :: WEFT_LXOR
  type(weft_binary_op), bind(C, name="WEFT_LXNOR")        , public, protected :: WEFT_LXNOR

  type(weft_index_unary_op), bind(C, name="WEFT_ROWINDEX_INT32") , public, protected :: WEFT_ROWINDEX_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_ROWINDEX_INT64") , public, protected :: WEFT_ROWINDEX_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_COLINDEX_INT32") , public, protected :: WEFT_COLINDEX_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_COLINDEX_INT64") , public, protected :: WEFT_COLINDEX_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_DIAGINDEX_INT32"), public, protected :: WEFT_DIAGINDEX_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_DIAGINDEX_INT64"), public, protected :: WEFT_DIAGINDEX_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_BOOL")   , public, protected :: WEFT_VALUEEQ_BOOL
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_INT8")   , public, protected :: WEFT_VALUEEQ_INT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_INT16")  , public, protected :: WEFT_VALUEEQ_INT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_INT32")  , public, protected :: WEFT_VALUEEQ_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_INT64")  , public, protected :: WEFT_VALUEEQ_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_UINT8")  , public, protected :: WEFT_VALUEEQ_UINT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_UINT16") , public, protected :: WEFT_VALUEEQ_UINT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_UINT32") , public, protected :: WEFT_VALUEEQ_UINT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_UINT64") , public, protected :: WEFT_VALUEEQ_UINT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_FP32")   , public, protected :: WEFT_VALUEEQ_FP32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEEQ_FP64")   , public, protected :: WEFT_VALUEEQ_FP64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_BOOL")   , public, protected :: WEFT_VALUENE_BOOL
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_INT8")   , public, protected :: WEFT_VALUENE_INT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_INT16")  , public, protected :: WEFT_VALUENE_INT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_INT32")  , public, protected :: WEFT_VALUENE_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_INT64")  , public, protected :: WEFT_VALUENE_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_UINT8")  , public, protected :: WEFT_VALUENE_UINT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_UINT16") , public, protected :: WEFT_VALUENE_UINT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_UINT32") , public, protected :: WEFT_VALUENE_UINT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_UINT64") , public, protected :: WEFT_VALUENE_UINT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_FP32")   , public, protected :: WEFT_VALUENE_FP32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUENE_FP64")   , public, protected :: WEFT_VALUENE_FP64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_BOOL")   , public, protected :: WEFT_VALUELT_BOOL
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_INT8")   , public, protected :: WEFT_VALUELT_INT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_INT16")  , public, protected :: WEFT_VALUELT_INT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_INT32")  , public, protected :: WEFT_VALUELT_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_INT64")  , public, protected :: WEFT_VALUELT_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_UINT8")  , public, protected :: WEFT_VALUELT_UINT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_UINT16") , public, protected :: WEFT_VALUELT_UINT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_UINT32") , public, protected :: WEFT_VALUELT_UINT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_UINT64") , public, protected :: WEFT_VALUELT_UINT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_FP32")   , public, protected :: WEFT_VALUELT_FP32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELT_FP64")   , public, protected :: WEFT_VALUELT_FP64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_BOOL")   , public, protected :: WEFT_VALUELE_BOOL
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_INT8")   , public, protected :: WEFT_VALUELE_INT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_INT16")  , public, protected :: WEFT_VALUELE_INT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_INT32")  , public, protected :: WEFT_VALUELE_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_INT64")  , public, protected :: WEFT_VALUELE_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_UINT8")  , public, protected :: WEFT_VALUELE_UINT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_UINT16") , public, protected :: WEFT_VALUELE_UINT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_UINT32") , public, protected :: WEFT_VALUELE_UINT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_UINT64") , public, protected :: WEFT_VALUELE_UINT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_FP32")   , public, protected :: WEFT_VALUELE_FP32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUELE_FP64")   , public, protected :: WEFT_VALUELE_FP64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_BOOL")   , public, protected :: WEFT_VALUEGT_BOOL
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_INT8")   , public, protected :: WEFT_VALUEGT_INT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_INT16")  , public, protected :: WEFT_VALUEGT_INT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_INT32")  , public, protected :: WEFT_VALUEGT_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_INT64")  , public, protected :: WEFT_VALUEGT_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_UINT8")  , public, protected :: WEFT_VALUEGT_UINT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_UINT16") , public, protected :: WEFT_VALUEGT_UINT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_UINT32") , public, protected :: WEFT_VALUEGT_UINT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_UINT64") , public, protected :: WEFT_VALUEGT_UINT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_FP32")   , public, protected :: WEFT_VALUEGT_FP32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGT_FP64")   , public, protected :: WEFT_VALUEGT_FP64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_BOOL")   , public, protected :: WEFT_VALUEGE_BOOL
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_INT8")   , public, protected :: WEFT_VALUEGE_INT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_INT16")  , public, protected :: WEFT_VALUEGE_INT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_INT32")  , public, protected :: WEFT_VALUEGE_INT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_INT64")  , public, protected :: WEFT_VALUEGE_INT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_UINT8")  , public, protected :: WEFT_VALUEGE_UINT8
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_UINT16") , public, protected :: WEFT_VALUEGE_UINT16
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_UINT32") , public, protected :: WEFT_VALUEGE_UINT32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_UINT64") , public, protected :: WEFT_VALUEGE_UINT64
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_FP32")   , public, protected :: WEFT_VALUEGE_FP32
  type(weft_index_unary_op), bind(C, name="WEFT_VALUEGE_FP64")   , public, protected :: WEFT_VALUEGE_FP64
  type(weft_index_unary_op), bind(C, name="WEFT_TRIL")           , public, protected :: WEFT_TRIL
  type(weft_index_unary_op), bind(C, name="WEFT_TRIU")           , public, protected :: WEFT_TRIU
  type(weft_index_unary_op), bind(C, name="WEFT_DIAG")           , public, protected :: WEFT_DIAG
  type(weft_index_unary_op), bind(C, name="WEFT_OFFDIAG")        , public, protected :: WEFT_OFFDIAG
  type(weft_index_unary_op), bind(C, name="WEFT_ROWLE")          , public, protected :: WEFT_ROWLE
  type(weft_index_unary_op), bind(C, name="WEFT_ROWGT")          , public, protected :: WEFT_ROWGT
  type(weft_index_unary_op), bind(C, name="WEFT_COLLE")          , public, protected :: WEFT_COLLE
  type(weft_index_unary_op), bind(C, name="WEFT_COLGT")          , public, protected :: WEFT_COLGT

  public :: weft_unary_op_new, weft_binary_op_new, weft_index_unary_op_new, &
            weft_unary_op_free, weft_binary_op_free, weft_index_unary_op_free, &
            weft_unary_op_types, weft_binary_op_types, weft_index_unary_op_types, &
            weft_unary_op_function, weft_binary_op_function, weft_index_unary_op_function
  public :: weft_binary_op_new_source, weft_set_jit, weft_get_jit
  public :: operator(==), operator(/=)

  ! weft_<kind>_op_new(f, ztype, xtype[, ytype | thunktype], op [, ierror]): f is a
  ! type(c_funptr) or a procedure(weft_<kind>_fn).
  interface weft_unary_op_new
    module procedure unary_op_new_funptr, unary_op_new_procedure
  end interface
  interface weft_binary_op_new
    module procedure binary_op_new_funptr, binary_op_new_procedure
  end interface
  ! weft_binary_op_new_source(f, ztype, xtype, ytype, name, definition, op [, ierror]):
  ! f as for weft_binary_op_new.
  interface weft_binary_op_new_source
    module procedure binary_op_new_source_funptr, binary_op_new_source_procedure
  end interface
  interface weft_index_unary_op_new
    module procedure index_unary_op_new_funptr, index_unary_op_new_procedure
  end interface
  ! Two handles are equal when they refer to the same operator object.
  interface operator(==)
    module procedure unary_ops_equal, binary_ops_equal, index_unary_ops_equal
  end interface
  interface operator(/=)
    module procedure unary_ops_differ, binary_ops_differ, index_unary_ops_differ
  end interface

contains

  elemental logical function same_object(a, b)
    type(c_ptr), intent(in) :: a, b
    if (.not. c_associated(a)) then
      same_object = .not. c_associated(b)
    else
      same_object = c_associated(a, b)
    end if
  end function same_object

  elemental logical function unary_ops_equal(a, b)
    type(weft_unary_op), intent(in) :: a, b
    unary_ops_equal = same_object(a%ptr, b%ptr)
  end function unary_ops_equal
  elemental logical function binary_ops_equal(a, b)
    type(weft_binary_op), intent(in) :: a, b
    binary_ops_equal = same_object(a%ptr, b%ptr)
  end function binary_ops_equal
  elemental logical function index_unary_ops_equal(a, b)
    type(weft_index_unary_op), intent(in) :: a, b
    index_unary_ops_equal = same_object(a%ptr, b%ptr)
  end function index_unary_ops_equal
  elemental logical function unary_ops_differ(a, b)
    type(weft_unary_op), intent(in) :: a, b
    unary_ops_differ = .not. same_object(a%ptr, b%ptr)
  end function unary_ops_differ
  elemental logical function binary_ops_differ(a, b)
    type(weft_binary_op), intent(in) :: a, b
    binary_ops_differ = .not. same_object(a%ptr, b%ptr)
  end function binary_ops_differ
  elemental logical function index_unary_ops_differ(a, b)
    type(weft_index_unary_op), intent(in) :: a, b
    index_unary_ops_differ = .not. same_object(a%ptr, b%ptr)
  end function index_unary_ops_differ

  ! ---- constructors: a new operator computing f on the given domains (it keeps the
  ! domain types alive: they may be freed first). Fails with WEFT_NULL_POINTER (a null
  ! f), WEFT_INVALID_HANDLE (a domain) or WEFT_INVALID_VALUE (a domain that cannot hold
  ! elements: no data, data before displacement 0 or beyond the extent).
  subroutine unary_op_new_funptr(f, ztype, xtype, op, ierror)
    type(c_funptr), value :: f
    type(weft_type), intent(in) :: ztype, xtype
    type(weft_unary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_unary_op_new(f, ztype%ptr, xtype%ptr, op%ptr), &
                     'weft_unary_op_new', ierror)
  end subroutine unary_op_new_funptr

  subroutine unary_op_new_procedure(f, ztype, xtype, op, ierror)
    procedure(weft_unary_fn) :: f
    type(weft_type), intent(in) :: ztype, xtype
    type(weft_unary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call unary_op_new_funptr(c_funloc(f), ztype, xtype, op, ierror)
  end subroutine unary_op_new_procedure

  subroutine binary_op_new_funptr(f, ztype, xtype, ytype, op, ierror)
    type(c_funptr), value :: f
    type(weft_type), intent(in) :: ztype, xtype, ytype
    type(weft_binary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_binary_op_new(f, ztype%ptr, xtype%ptr, ytype%ptr, op%ptr), &
                     'weft_binary_op_new', ierror)
  end subroutine binary_op_new_funptr

  subroutine binary_op_new_procedure(f, ztype, xtype, ytype, op, ierror)
    procedure(weft_binary_fn) :: f
    type(weft_type), intent(in) :: ztype, xtype, ytype
    type(weft_binary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call binary_op_new_funptr(c_funloc(f), ztype, xtype, ytype, op, ierror)
  end subroutine binary_op_new_procedure

  ! The same with f's C source, for weft's JIT. name: f's name in definition, a C
  ! identifier of at most 63 characters not beginning with "weft_"; definition: the C
  ! definition of that function in weft_binary_fn's form with the domains' C types
  ! (elements by address: "void my_times(double *z, const double *x, const double *y)
  ! { *z = *x * *y; }"), computing exactly what f computes. Both without their trailing
  ! blanks. A definition that does not compile shows only later, as f being called
  ! (weft_get_stat: WEFT_STAT_JIT_FAILED). Fails as weft_binary_op_new, and with
  ! WEFT_INVALID_VALUE (name not such an identifier or not in definition, or a NUL
  ! character in either).
  subroutine binary_op_new_source_funptr(f, ztype, xtype, ytype, name, definition, op, &
                                         ierror)
    type(c_funptr), value :: f
    type(weft_type), intent(in) :: ztype, xtype, ytype
    character(*), intent(in) :: name, definition
    type(weft_binary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    character(*), parameter :: r = 'weft_binary_op_new_source'
    character(len=:), allocatable :: cname, cdef
    if (.not. weft_c_text_(name, 'name', r, cname, ierror)) return
    if (.not. weft_c_text_(definition, 'definition', r, cdef, ierror)) return
    call weft_check_(c_weft_binary_op_new_source(f, ztype%ptr, xtype%ptr, ytype%ptr, cname, &
                                                 cdef, op%ptr), r, ierror)
  end subroutine binary_op_new_source_funptr

  subroutine binary_op_new_source_procedure(f, ztype, xtype, ytype, name, definition, op, &
                                            ierror)
    procedure(weft_binary_fn) :: f
    type(weft_type), intent(in) :: ztype, xtype, ytype
    character(*), intent(in) :: name, definition
    type(weft_binary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call binary_op_new_source_funptr(c_funloc(f), ztype, xtype, ytype, name, definition, &
                                     op, ierror)
  end subroutine binary_op_new_source_procedure

  ! Whether kernels are compiled for operators with source from now on (1) or their
  ! functions are always called (0): one setting for the process. Default 1, unless the
  ! environment's WEFT_JIT is "0" or "off" when weft first asks. Results do not depend
  ! on it. Another value: WEFT_INVALID_VALUE.
  subroutine weft_set_jit(on, ierror)
    integer, intent(in) :: on
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_set_jit(int(on, c_int)), 'weft_set_jit', ierror)
  end subroutine weft_set_jit

  ! The current setting (0 or 1).
  subroutine weft_get_jit(on, ierror)
    integer, intent(inout) :: on
    integer, intent(out), optional :: ierror
    call weft_get_int_(c_weft_get_jit, on, 'weft_get_jit', ierror)
  end subroutine weft_get_jit

  ! thunktype: the domain of the thunk (the scalar the operation passes as its last
  ! argument).
  subroutine index_unary_op_new_funptr(f, ztype, xtype, thunktype, op, ierror)
    type(c_funptr), value :: f
    type(weft_type), intent(in) :: ztype, xtype, thunktype
    type(weft_index_unary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_index_unary_op_new(f, ztype%ptr, xtype%ptr, thunktype%ptr, &
                                               op%ptr), 'weft_index_unary_op_new', ierror)
  end subroutine index_unary_op_new_funptr

  subroutine index_unary_op_new_procedure(f, ztype, xtype, thunktype, op, ierror)
    procedure(weft_index_unary_fn) :: f
    type(weft_type), intent(in) :: ztype, xtype, thunktype
    type(weft_index_unary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call index_unary_op_new_funptr(c_funloc(f), ztype, xtype, thunktype, op, ierror)
  end subroutine index_unary_op_new_procedure

  ! ---- free: releases the caller's handle and sets it to the null handle (monoids and
  ! semirings built on the operator keep it alive). A predefined operator gives
  ! WEFT_INVALID_VALUE and is left alone.
  subroutine weft_unary_op_free(op, ierror)
    type(weft_unary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_unary_op_free(op%ptr), 'weft_unary_op_free', ierror)
  end subroutine weft_unary_op_free

  subroutine weft_binary_op_free(op, ierror)
    type(weft_binary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_binary_op_free(op%ptr), 'weft_binary_op_free', ierror)
  end subroutine weft_binary_op_free

  subroutine weft_index_unary_op_free(op, ierror)
    type(weft_index_unary_op), intent(inout) :: op
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_index_unary_op_free(op%ptr), 'weft_index_unary_op_free', ierror)
  end subroutine weft_index_unary_op_free

  ! ---- queries: the domains (the operator's own handles, not new ones: do not free
  ! them; a positional index-unary operator's xtype is WEFT_TYPE_NULL, it accepts any
  ! domain) and the C function (a predefined operator has one too).
  subroutine weft_unary_op_types(op, ztype, xtype, ierror)
    type(weft_unary_op), intent(in) :: op
    type(weft_type), intent(inout) :: ztype, xtype
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_unary_op_types(op%ptr, ztype%ptr, xtype%ptr), &
                     'weft_unary_op_types', ierror)
  end subroutine weft_unary_op_types

  subroutine weft_binary_op_types(op, ztype, xtype, ytype, ierror)
    type(weft_binary_op), intent(in) :: op
    type(weft_type), intent(inout) :: ztype, xtype, ytype
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_binary_op_types(op%ptr, ztype%ptr, xtype%ptr, ytype%ptr), &
                     'weft_binary_op_types', ierror)
  end subroutine weft_binary_op_types

  subroutine weft_index_unary_op_types(op, ztype, xtype, thunktype, ierror)
    type(weft_index_unary_op), intent(in) :: op
    type(weft_type), intent(inout) :: ztype, xtype, thunktype
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_index_unary_op_types(op%ptr, ztype%ptr, xtype%ptr, &
                                                 thunktype%ptr), &
                     'weft_index_unary_op_types', ierror)
  end subroutine weft_index_unary_op_types

  ! f: the C function (c_f_procpointer turns it into a procedure pointer).
  subroutine weft_unary_op_function(op, f, ierror)
    type(weft_unary_op), intent(in) :: op
    type(c_funptr), intent(inout) :: f
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_unary_op_function(op%ptr, f), 'weft_unary_op_function', ierror)
  end subroutine weft_unary_op_function

  subroutine weft_binary_op_function(op, f, ierror)
    type(weft_binary_op), intent(in) :: op
    type(c_funptr), intent(inout) :: f
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_binary_op_function(op%ptr, f), 'weft_binary_op_function', ierror)
  end subroutine weft_binary_op_function

  subroutine weft_index_unary_op_function(op, f, ierror)
    type(weft_index_unary_op), intent(in) :: op
    type(c_funptr), intent(inout) :: f
    integer, intent(out), optional :: ierror
    call weft_check_(c_weft_index_unary_op_function(op%ptr, f), &
                     'weft_index_unary_op_function', ierror)
  end subroutine weft_index_unary_op_function
end module weft_operators
