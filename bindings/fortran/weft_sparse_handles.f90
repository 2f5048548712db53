! weft_sparse_handles — the handles of the semiring engine (weft/sparse.h):
! type(weft_scalar), type(weft_vector), type(weft_matrix) and type(weft_descriptor), their
! null handles, the 31 predefined descriptors and handle comparison. Use them through
! module weft.
module weft_sparse_handles
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated
  implicit none
  private

  ! Collection handles: the C weft_scalar, weft_vector, weft_matrix (opaque pointers) in
  ! derived types, so that generic resolution tells a matrix from a vector. Unlike
  ! type(weft_type), a new variable starts as the null handle (there are no predefined
  ! collections bound as C globals, so the component can have a default value): using
  ! one that was never created gives WEFT_INVALID_HANDLE, never a wild pointer.
  ! weft_free sets a handle back to null.
  type, bind(C), public :: weft_scalar
    type(c_ptr) :: ptr = c_null_ptr
  end type weft_scalar
  type, bind(C), public :: weft_vector
    type(c_ptr) :: ptr = c_null_ptr
  end type weft_vector
  type, bind(C), public :: weft_matrix
    type(c_ptr) :: ptr = c_null_ptr
  end type weft_matrix
  ! A descriptor handle. No default value: the predefined descriptors below are the C
  ! globals themselves (a default value would make them Fortran definitions). Give a
  ! descriptor variable a value (weft_descriptor_new, WEFT_DESCRIPTOR_NULL) before you
  ! test or free it.
  type, bind(C), public :: weft_descriptor
    type(c_ptr) :: ptr
  end type weft_descriptor

  ! The null handles (what a new collection variable holds and weft_free leaves behind).
  type(weft_scalar), parameter, public :: WEFT_SCALAR_NULL = weft_scalar(c_null_ptr)
  type(weft_vector), parameter, public :: WEFT_VECTOR_NULL = weft_vector(c_null_ptr)
  type(weft_matrix), parameter, public :: WEFT_MATRIX_NULL = weft_matrix(c_null_ptr)
  type(weft_descriptor), parameter, public :: WEFT_DESCRIPTOR_NULL = weft_descriptor(c_null_ptr)

  ! The predefined descriptors WEFT_DESC_<flags> of weft/sparse.h's
  ! WEFT_PREDEFINED_DESCRIPTORS, in its order: R = WEFT_REPLACE, S = WEFT_STRUCTURE,
  ! C = WEFT_COMP, T0 / T1 = WEFT_TRAN on input 0 / 1. The C globals, bound by name (see
  ! weft_handles); immutable (weft_descriptor_set gives WEFT_INVALID_VALUE), never freed.
  type(weft_descriptor), bind(C, name="WEFT_DESC_T1")     , public, protected :: WEFT_DESC_T1
  type(weft_descriptor), bind(C, name="WEFT_DESC_T0")     , public, protected :: WEFT_DESC_T0
  type(weft_descriptor), bind(C, name="WEFT_DESC_T0T1")   , public, protected :: WEFT_DESC_T0T1
  type(weft_descriptor), bind(C, name="WEFT_DESC_C")      , public, protected :: WEFT_DESC_C
  type(weft_descriptor), bind(C, name="WEFT_DESC_S")      , public, protected :: WEFT_DESC_S
  type(weft_descriptor), bind(C, name="WEFT_DESC_CT1")    , public, protected :: WEFT_DESC_CT1
  type(weft_descriptor), bind(C, name="WEFT_DESC_ST1")    , public, protected :: WEFT_DESC_ST1
  type(weft_descriptor), bind(C, name="WEFT_DESC_CT0")    , public, protected :: WEFT_DESC_CT0
  type(weft_descriptor), bind(C, name="WEFT_DESC_ST0")    , public, protected :: WEFT_DESC_ST0
  type(weft_descriptor), bind(C, name="WEFT_DESC_CT0T1")  , public, protected :: WEFT_DESC_CT0T1
  type(weft_descriptor), bind(C, name="WEFT_DESC_ST0T1")  , public, protected :: WEFT_DESC_ST0T1
  type(weft_descriptor), bind(C, name="WEFT_DESC_SC")     , public, protected :: WEFT_DESC_SC
  type(weft_descriptor), bind(C, name="WEFT_DESC_SCT1")   , public, protected :: WEFT_DESC_SCT1
  type(weft_descriptor), bind(C, name="WEFT_DESC_SCT0")   , public, protected :: WEFT_DESC_SCT0
  type(weft_descriptor), bind(C, name="WEFT_DESC_SCT0T1") , public, protected :: WEFT_DESC_SCT0T1
  type(weft_descriptor), bind(C, name="WEFT_DESC_R")      , public, protected :: WEFT_DESC_R
  type(weft_descriptor), bind(C, name="WEFT_DESC_RT1")    , public, protected :: WEFT_DESC_RT1
  type(weft_descriptor), bind(C, name="WEFT_DESC_RT0")    , public, protected :: WEFT_DESC_RT0
  type(weft_descriptor), bind(C, name="WEFT_DESC_RT0T1")  , public, protected :: WEFT_DESC_RT0T1
  type(weft_descriptor), bind(C, name="WEFT_DESC_RC")     , public, protected :: WEFT_DESC_RC
  type(weft_descriptor), bind(C, name="WEFT_DESC_RS")     , public, protected :: WEFT_DESC_RS
  type(weft_descriptor), bind(C, name="WEFT_DESC_RCT1")   , public, protected :: WEFT_DESC_RCT1
  type(weft_descriptor), bind(C, name="WEFT_DESC_RST1")   , public, protected :: WEFT_DESC_RST1
  type(weft_descriptor), bind(C, name="WEFT_DESC_RCT0")   , public, protected :: WEFT_DESC_RCT0
  type(weft_descriptor), bind(C, name="WEFT_DESC_RST0")   , public, protected :: WEFT_DESC_RST0
  type(weft_descriptor), bind(C, name="WEFT_DESC_RCT0T1") , public, protected :: WEFT_DESC_RCT0T1
  type(weft_descriptor), bind(C, name="WEFT_DESC_RST0T1") , public, protected :: WEFT_DESC_RST0T1
  type(weft_descriptor), bind(C, name="WEFT_DESC_RSC")    , public, protected :: WEFT_DESC_RSC
  type(weft_descriptor), bind(C, name="WEFT_DESC_RSCT1")  , public, protected :: WEFT_DESC_RSCT1
  type(weft_descriptor), bind(C, name="WEFT_DESC_RSCT0")  , public, protected :: WEFT_DESC_RSCT0
  type(weft_descriptor), bind(C, name="WEFT_DESC_RSCT0T1"), public, protected :: WEFT_DESC_RSCT0T1

  public :: operator(==), operator(/=)
  ! Two handles are equal when they refer to the same object.
  interface operator(==)
    module procedure scalars_equal, vectors_equal, matrices_equal, descriptors_equal
  end interface
  interface operator(/=)
    module procedure scalars_differ, vectors_differ, matrices_differ, descriptors_differ
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

  elemental logical function scalars_equal(a, b)
    type(weft_scalar), intent(in) :: a, b
    scalars_equal = same_object(a%ptr, b%ptr)
  end function scalars_equal
  elemental logical function vectors_equal(a, b)
    type(weft_vector), intent(in) :: a, b
    vectors_equal = same_object(a%ptr, b%ptr)
  end function vectors_equal
  elemental logical function matrices_equal(a, b)
    type(weft_matrix), intent(in) :: a, b
    matrices_equal = same_object(a%ptr, b%ptr)
  end function matrices_equal
  elemental logical function descriptors_equal(a, b)
    type(weft_descriptor), intent(in) :: a, b
    descriptors_equal = same_object(a%ptr, b%ptr)
  end function descriptors_equal
  elemental logical function scalars_differ(a, b)
    type(weft_scalar), intent(in) :: a, b
    scalars_differ = .not. same_object(a%ptr, b%ptr)
  end function scalars_differ
  elemental logical function vectors_differ(a, b)
    type(weft_vector), intent(in) :: a, b
    vectors_differ = .not. same_object(a%ptr, b%ptr)
  end function vectors_differ
  elemental logical function matrices_differ(a, b)
    type(weft_matrix), intent(in) :: a, b
    matrices_differ = .not. same_object(a%ptr, b%ptr)
  end function matrices_differ
  elemental logical function descriptors_differ(a, b)
    type(weft_descriptor), intent(in) :: a, b
    descriptors_differ = .not. same_object(a%ptr, b%ptr)
  end function descriptors_differ
end module weft_sparse_handles
