! MPI-1.1 Example 3.34: the manipulations of 3.33 with absolute addresses in the
! datatypes, sent from WEFT_BOTTOM / MPI_BOTTOM.
!   5.1  the entire array: Particletype describes particle(1) by absolute addresses;
!        1000 copies from WEFT_BOTTOM
!   5.2  the class-0 particles (runs of consecutive ones), preceded by their number
! Errata fixed: Particletype gets a WEFT_UB at the address of particle(2) (the text
! relies on the implementation's epsilon for the extent); the "more efficient" loop
! tests `%type == 0` (the text has `.index` and an assignment `=`); zzdisp(2) = 0 (the
! text assigns MPI_BOTTOM, a pointer constant, to an MPI_Aint); the prepended count is
! the number of particles. The receive side uses relative displacements.
program example_3_34
  use, intrinsic :: iso_c_binding, only: c_int
  use mpi
  use weft
  use mpi_example
  use partstruct
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND
  type, bind(C) :: zrecv_t
    integer(c_int) :: n
    type(partstruct_t) :: p(NPART)
  end type zrecv_t
  type(partstruct_t), target :: particle(NPART), recv(NPART), pparticle(NPART)
  type(zrecv_t), target :: zr
  integer, target :: nzero
  integer :: myrank, nranks, partner, ierr, j, nbytes, m, mr
  integer :: zdisp(NPART), zblock(NPART), status(MPI_STATUS_SIZE)
  integer(AK) :: disp(4), rel(4), lb, extent, zzdisp(2), rdisp(2)
  type(weft_type) :: Particletype, Relativetype, Zparticles, Ztype, Zrtype
  logical :: bad_copy, bad_mpi

  call example_start(myrank, nranks, partner)
  call partstruct_fill(particle, myrank)
  call partstruct_fill(pparticle, partner)

  ! build datatype describing first array entry, by absolute addresses
  call weft_address(particle(1), disp(1))
  call weft_address(particle(1)%d, disp(2))
  call weft_address(particle(1)%b, disp(3))
  call weft_address(particle(2), disp(4))
  call weft_type_struct(4, [1, 6, 7, 1], disp, [WEFT_INTEGER, WEFT_DOUBLE_PRECISION, &
                        WEFT_CHARACTER, WEFT_UB], Particletype)
  call weft_type_commit(Particletype)
  call weft_type_extent(Particletype, lb, extent)
  bad_copy = lb /= disp(1) .or. extent /= storage_size(particle(1)) / 8
  ! the receive side: the same with relative displacements
  rel = disp - disp(1)
  call weft_type_struct(4, [1, 6, 7, 1], rel, [WEFT_INTEGER, WEFT_DOUBLE_PRECISION, &
                        WEFT_CHARACTER, WEFT_UB], Relativetype)
  call weft_type_commit(Relativetype)

  ! ---- 5.1: the entire array from WEFT_BOTTOM --------------------------------------
  recv = partstruct_t(-1, 0d0, ' ')
  call weft_copy(WEFT_BOTTOM, NPART, Particletype, recv, NPART, Relativetype, nbytes)
  bad_copy = bad_copy .or. nbytes /= NPART * 59 .or. .not. all(partstruct_equal(recv, particle))
  recv = partstruct_t(-1, 0d0, ' ')
  m = mpi_type_of(Particletype)
  mr = mpi_type_of(Relativetype)
  call MPI_SENDRECV(MPI_BOTTOM, NPART, m, partner, 0, recv, NPART, mr, partner, 0, &
                    MPI_COMM_WORLD, status, ierr)
  bad_mpi = ierr /= MPI_SUCCESS .or. .not. all(partstruct_equal(recv, pparticle))
  call MPI_TYPE_FREE(m, ierr)
  call MPI_TYPE_FREE(mr, ierr)

  ! ---- 5.2: the class-0 particles preceded by their number -------------------------
  j = partstruct_zero_runs(particle, zdisp, zblock)
  nzero = sum(zblock(1:j))
  call weft_type_indexed(j, zblock, zdisp, Particletype, Zparticles)
  ! Zparticles describe particles with class zero, using their absolute addresses
  call weft_address(nzero, zzdisp(1))
  zzdisp(2) = 0
  call weft_type_struct(2, [1, 1], zzdisp, [WEFT_INTEGER, Zparticles], Ztype)
  call weft_type_commit(Ztype)
  call weft_address(zr, rdisp(1))
  call weft_address(zr%p, rdisp(2))
  rdisp = rdisp - rdisp(1)
  call weft_type_struct(2, [1, NPART], rdisp, [WEFT_INTEGER, Relativetype], Zrtype)
  call weft_type_commit(Zrtype)

  call clear_z(zr)
  call weft_copy(WEFT_BOTTOM, 1, Ztype, zr, 1, Zrtype, nbytes)
  bad_copy = bad_copy .or. nbytes /= 4 + nzero * 59 .or. .not. zero_received(zr, particle)
  call clear_z(zr)
  m = mpi_type_of(Ztype)
  mr = mpi_type_of(Zrtype)
  call MPI_SENDRECV(MPI_BOTTOM, 1, m, partner, 0, zr, 1, mr, partner, 0, MPI_COMM_WORLD, &
                    status, ierr)
  bad_mpi = bad_mpi .or. ierr /= MPI_SUCCESS .or. .not. zero_received(zr, pparticle)
  call MPI_TYPE_FREE(m, ierr)
  call MPI_TYPE_FREE(mr, ierr)

  call weft_type_free(Zparticles)
  call weft_type_free(Ztype)
  call weft_type_free(Zrtype)
  call weft_type_free(Particletype)
  call weft_type_free(Relativetype)
  call example_report('3.34', '1000 particles by absolute addresses from WEFT_BOTTOM, and ' // &
                      'the class-0 runs with their number', bad_copy, bad_mpi)

contains

  subroutine clear_z(z)
    type(zrecv_t), intent(out) :: z
    z%n = -1
    z%p = partstruct_t(-1, 0d0, ' ')
  end subroutine clear_z

  logical function zero_received(z, src)
    type(zrecv_t), intent(in) :: z
    type(partstruct_t), intent(in) :: src(NPART)
    type(partstruct_t), allocatable :: zero(:)
    zero = pack(src, src%type == 0)
    zero_received = z%n == size(zero)
    if (.not. zero_received) return
    zero_received = all(partstruct_equal(z%p(1:z%n), zero)) .and. all(z%p(z%n + 1:)%type == -1)
  end function zero_received
end program example_3_34
