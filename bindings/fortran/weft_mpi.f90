! weft_mpi — the MPI bridge of weft_mpi.h for Fortran (libweft_fortran_mpi).
!
!   use mpi
!   use weft
!   use weft_mpi
!   integer :: mtype
!   call weft_type_to_mpi(threeslice, mtype)        ! an INTEGER handle, for `use mpi`
!   call MPI_SENDRECV(a(1,3,2), 1, mtype, ...)
!   call MPI_TYPE_FREE(mtype, ierr)
!
! weft_type_to_mpi(datatype, mpi_handle [, ierror]) builds a committed MPI datatype
! with exactly the typemap of datatype (the same basic entries at the same
! displacements in the same order, the same lb and extent); datatype need not be
! committed; MPI must be initialised. mpi_handle is either a default INTEGER (the
! handle of `use mpi` / mpif.h, from MPI_Type_c2f) or a type(MPI_Datatype) of
! `use mpi_f08`. The caller frees it with MPI_TYPE_FREE. ierror as in module weft
! (WEFT_MPI_ERROR when an MPI call failed, WEFT_OVERFLOW for a count above what MPI
! constructors take).
module weft_mpi
  use, intrinsic :: iso_c_binding, only: c_int, c_ptr
  use mpi_f08, only: MPI_Datatype
  use weft, only: weft_type
  use weft_errors, only: weft_check_
  implicit none
  private
  public :: weft_type_to_mpi

  interface weft_type_to_mpi
    module procedure type_to_mpi_integer, type_to_mpi_f08
  end interface

  interface
    ! MPI_Fint is int in Open MPI (default INTEGER of gfortran).
    integer(c_int) function c_weft_type_to_mpi_f(type, out) bind(C, name="weft_type_to_mpi_f")
      import :: c_int, c_ptr
      type(c_ptr), value :: type
      integer(c_int), intent(inout) :: out
    end function
  end interface

contains

  subroutine type_to_mpi_integer(datatype, mpi_handle, ierror)
    type(weft_type), intent(in) :: datatype
    integer, intent(inout) :: mpi_handle
    integer, intent(out), optional :: ierror
    integer(c_int) :: h, st
    h = 0
    st = c_weft_type_to_mpi_f(datatype%ptr, h)
    if (st >= 0) mpi_handle = int(h)
    call weft_check_(st, 'weft_type_to_mpi', ierror)
  end subroutine type_to_mpi_integer

  subroutine type_to_mpi_f08(datatype, mpi_handle, ierror)
    type(weft_type), intent(in) :: datatype
    type(MPI_Datatype), intent(inout) :: mpi_handle
    integer, intent(out), optional :: ierror
    integer(c_int) :: h, st
    h = 0
    st = c_weft_type_to_mpi_f(datatype%ptr, h)
    if (st >= 0) mpi_handle%MPI_VAL = int(h)
    call weft_check_(st, 'weft_type_to_mpi', ierror)
  end subroutine type_to_mpi_f08
end module weft_mpi
