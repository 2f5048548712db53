! weft_handles — the datatype handle, type(weft_type), the predefined handles and
! WEFT_BOTTOM. Use them through module weft.
module weft_handles
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated
  implicit none
  private

  ! A weft datatype handle: the C weft_type (an opaque pointer) in a derived type, so
  ! that generic resolution and argument checking see datatypes as such. It has no
  ! default initialisation (so that the predefined handles below can be the C globals
  ! themselves): give a handle a value with a constructor or WEFT_TYPE_NULL before you
  ! test or free it. The component is public for passing handles to C code.
  type, bind(C), public :: weft_type
    type(c_ptr) :: ptr
  end type weft_type

  ! The null handle (what weft_type_free leaves behind).
  type(weft_type), parameter, public :: WEFT_TYPE_NULL = weft_type(c_null_ptr)

  ! The predefined handles: the exported C globals of libweft (const weft_type), bound
  ! by name. Committed, immutable, never freed. PROTECTED: only libweft sets them.
  ! (A BIND(C) module variable without initialisation is a common symbol, which the
  ! linker resolves to libweft's definition.)
  type(weft_type), bind(C, name="WEFT_CHAR")              , protected :: WEFT_CHAR
  type(weft_type), bind(C, name="WEFT_SIGNED_CHAR")       , protected :: WEFT_SIGNED_CHAR
  type(weft_type), bind(C, name="WEFT_UNSIGNED_CHAR")     , protected :: WEFT_UNSIGNED_CHAR
  type(weft_type), bind(C, name="WEFT_BYTE")              , protected :: WEFT_BYTE
  type(weft_type), bind(C, name="WEFT_SHORT")             , protected :: WEFT_SHORT
  type(weft_type), bind(C, name="WEFT_UNSIGNED_SHORT")    , protected :: WEFT_UNSIGNED_SHORT
  type(weft_type), bind(C, name="WEFT_INT")               , protected :: WEFT_INT
  type(weft_type), bind(C, name="WEFT_UNSIGNED")          , protected :: WEFT_UNSIGNED
  type(weft_type), bind(C, name="WEFT_LONG")              , protected :: WEFT_LONG
  type(weft_type), bind(C, name="WEFT_UNSIGNED_LONG")     , protected :: WEFT_UNSIGNED_LONG
  type(weft_type), bind(C, name="WEFT_LONG_LONG")         , protected :: WEFT_LONG_LONG
  type(weft_type), bind(C, name="WEFT_UNSIGNED_LONG_LONG"), protected :: WEFT_UNSIGNED_LONG_LONG
  type(weft_type), bind(C, name="WEFT_INT8")              , protected :: WEFT_INT8
  type(weft_type), bind(C, name="WEFT_INT16")             , protected :: WEFT_INT16
  type(weft_type), bind(C, name="WEFT_INT32")             , protected :: WEFT_INT32
  type(weft_type), bind(C, name="WEFT_INT64")             , protected :: WEFT_INT64
  type(weft_type), bind(C, name="WEFT_UINT8")             , protected :: WEFT_UINT8
  type(weft_type), bind(C, name="WEFT_UINT16")            , protected :: WEFT_UINT16
  type(weft_type), bind(C, name="WEFT_UINT32")            , protected :: WEFT_UINT32
  type(weft_type), bind(C, name="WEFT_UINT64")            , protected :: WEFT_UINT64
  type(weft_type), bind(C, name="WEFT_FLOAT")             , protected :: WEFT_FLOAT
  type(weft_type), bind(C, name="WEFT_DOUBLE")            , protected :: WEFT_DOUBLE
  type(weft_type), bind(C, name="WEFT_LONG_DOUBLE")       , protected :: WEFT_LONG_DOUBLE
  type(weft_type), bind(C, name="WEFT_C_FLOAT_COMPLEX")   , protected :: WEFT_C_FLOAT_COMPLEX
  type(weft_type), bind(C, name="WEFT_C_DOUBLE_COMPLEX")  , protected :: WEFT_C_DOUBLE_COMPLEX
  type(weft_type), bind(C, name="WEFT_BOOL")              , protected :: WEFT_BOOL
  type(weft_type), bind(C, name="WEFT_WCHAR")             , protected :: WEFT_WCHAR
  type(weft_type), bind(C, name="WEFT_INTEGER")           , protected :: WEFT_INTEGER
  type(weft_type), bind(C, name="WEFT_REAL")              , protected :: WEFT_REAL
  type(weft_type), bind(C, name="WEFT_DOUBLE_PRECISION")  , protected :: WEFT_DOUBLE_PRECISION
  type(weft_type), bind(C, name="WEFT_COMPLEX")           , protected :: WEFT_COMPLEX
  type(weft_type), bind(C, name="WEFT_DOUBLE_COMPLEX")    , protected :: WEFT_DOUBLE_COMPLEX
  type(weft_type), bind(C, name="WEFT_LOGICAL")           , protected :: WEFT_LOGICAL
  type(weft_type), bind(C, name="WEFT_CHARACTER")         , protected :: WEFT_CHARACTER
  type(weft_type), bind(C, name="WEFT_LB")                , protected :: WEFT_LB
  type(weft_type), bind(C, name="WEFT_UB")                , protected :: WEFT_UB
  type(weft_type), bind(C, name="WEFT_FP32")              , protected :: WEFT_FP32
  type(weft_type), bind(C, name="WEFT_FP64")              , protected :: WEFT_FP64
  type(weft_type), bind(C, name="WEFT_FC32")              , protected :: WEFT_FC32
  type(weft_type), bind(C, name="WEFT_FC64")              , protected :: WEFT_FC64
  public :: WEFT_CHAR, WEFT_SIGNED_CHAR, WEFT_UNSIGNED_CHAR, WEFT_BYTE, WEFT_SHORT, WEFT_UNSIGNED_SHORT
  public :: WEFT_INT, WEFT_UNSIGNED, WEFT_LONG, WEFT_UNSIGNED_LONG, WEFT_LONG_LONG, WEFT_UNSIGNED_LONG_LONG
  public :: WEFT_INT8, WEFT_INT16, WEFT_INT32, WEFT_INT64, WEFT_UINT8, WEFT_UINT16, WEFT_UINT32, WEFT_UINT64
  public :: WEFT_FLOAT, WEFT_DOUBLE, WEFT_LONG_DOUBLE, WEFT_C_FLOAT_COMPLEX, WEFT_C_DOUBLE_COMPLEX, WEFT_BOOL, WEFT_WCHAR
  public :: WEFT_INTEGER, WEFT_REAL, WEFT_DOUBLE_PRECISION, WEFT_COMPLEX, WEFT_DOUBLE_COMPLEX, WEFT_LOGICAL, WEFT_CHARACTER
  public :: WEFT_LB, WEFT_UB, WEFT_FP32, WEFT_FP64, WEFT_FC32, WEFT_FC64

  ! Pass WEFT_BOTTOM as the buffer of weft_pack, weft_unpack, weft_copy, ... to use a
  ! type whose displacements are absolute addresses (from weft_address): the binding
  ! recognises this variable by its address and passes the C WEFT_BOTTOM (NULL).
  ! weft_address(WEFT_BOTTOM, a) gives a = 0.
  integer, target, public :: WEFT_BOTTOM = 0

  public :: operator(==), operator(/=)
  interface operator(==)
    module procedure handles_equal
  end interface
  interface operator(/=)
    module procedure handles_differ
  end interface

contains

  ! Two handles are equal when they refer to the same type object (the same handle,
  ! not an equal typemap). WEFT_FP32 == WEFT_FLOAT, WEFT_FP64 == WEFT_DOUBLE,
  ! WEFT_FC32 == WEFT_C_FLOAT_COMPLEX and WEFT_FC64 == WEFT_C_DOUBLE_COMPLEX.
  elemental logical function handles_equal(a, b)
    type(weft_type), intent(in) :: a, b
    if (.not. c_associated(a%ptr)) then
      handles_equal = .not. c_associated(b%ptr)
    else
      handles_equal = c_associated(a%ptr, b%ptr)
    end if
  end function handles_equal

  elemental logical function handles_differ(a, b)
    type(weft_type), intent(in) :: a, b
    handles_differ = .not. handles_equal(a, b)
  end function handles_differ
end module weft_handles
