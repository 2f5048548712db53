! MPI-1.1 Example 3.33: an array of structures (type(partstruct_t), the C struct
! Partstruct {int type; double d[6]; char b[7];} as a bind(C) derived type).
!   4.1  the entire array: Particletype from relative displacements, and the "safer"
!        version with a WEFT_UB at particle(2)
!   4.2  only the class-0 particles, preceded by their number: absolute addresses,
!        sent from WEFT_BOTTOM / MPI_BOTTOM; one block per particle, and the "more
!        efficient" version with one block per run of consecutive class-0 particles
!   4.3  the first two coordinates of every particle: Allpairs (hvector), Onepair
!        (LB/UB markers), and MPI-3.0's contiguous + resized
! Errata fixed: base is an address-kind integer; zdisp are plain integer
! displacements; `class` is `type`; the "more efficient" loop tests `%type`; Onepair
! subtracts the base from all three displacements and is sent from `particle`; the
! count prepended in 4.2 is the number of particles (the text prepends j, which in the
! "more efficient" version counts runs).
program example_3_33
  use, intrinsic :: iso_c_binding, only: c_int
  use mpi
  use weft
  use mpi_example
  use partstruct
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND
  ! the receive side of 4.2: the number, then up to NPART particles
  type, bind(C) :: zrecv_t
    integer(c_int) :: n
    type(partstruct_t) :: p(NPART)
  end type zrecv_t
  type(partstruct_t), target :: particle(NPART), recv(NPART), pparticle(NPART)
  type(zrecv_t), target :: zr
  real(8) :: pairs(2, NPART)
  integer, target :: nzero
  integer :: myrank, nranks, partner, ierr, i, v, j, nbytes, m, mr
  integer :: zdisp(NPART), zblock(NPART), status(MPI_STATUS_SIZE)
  integer(AK) :: disp(4), base, lb, sizeofentry, extent_ub, zzdisp(2), disp2(3), rdisp(2)
  type(weft_type) :: Particletype, Particletype_ub, whole(2), Zparticles, Ztype, Zrtype
  type(weft_type) :: Allpairs, Onepair, pair2, Onepair3, send_type(3)
  logical :: bad_copy, bad_mpi

  call example_start(myrank, nranks, partner)
  call partstruct_fill(particle, myrank)
  call partstruct_fill(pparticle, partner)   ! what the partner holds
  bad_copy = .false.
  bad_mpi = .false.

  ! ---- Particletype, relative displacements ----------------------------------------
  call weft_address(particle(1), disp(1))
  call weft_address(particle(1)%d, disp(2))
  call weft_address(particle(1)%b, disp(3))
  call weft_address(particle(2), disp(4))
  base = disp(1)
  disp = disp - base
  call weft_type_struct(3, [1, 6, 7], disp(1:3), [WEFT_INTEGER, WEFT_DOUBLE_PRECISION, &
                        WEFT_CHARACTER], Particletype)
  ! If the compiler does padding in mysterious ways, the following may be safer
  call weft_type_struct(4, [1, 6, 7, 1], disp, [WEFT_INTEGER, WEFT_DOUBLE_PRECISION, &
                        WEFT_CHARACTER, WEFT_UB], Particletype_ub)
  call weft_type_commit(Particletype)
  call weft_type_commit(Particletype_ub)
  call weft_type_extent(Particletype, lb, sizeofentry)
  call weft_type_extent(Particletype_ub, lb, extent_ub)
  ! the alignment epsilon gives the bind(C) type's size, as the explicit UB does
  bad_copy = sizeofentry /= storage_size(particle(1)) / 8 .or. extent_ub /= sizeofentry

  ! ---- 4.1: the entire array, both versions ----------------------------------------
  whole = [Particletype, Particletype_ub]
  do v = 1, 2
    call clear(recv)
    call weft_copy(particle, NPART, whole(v), recv, NPART, whole(v), nbytes)
    bad_copy = bad_copy .or. nbytes /= NPART * 59 .or. .not. all(partstruct_equal(recv, particle))
    call clear(recv)
    m = mpi_type_of(whole(v))
    call MPI_SENDRECV(particle, NPART, m, partner, 0, recv, NPART, m, partner, 0, &
                      MPI_COMM_WORLD, status, ierr)
    bad_mpi = bad_mpi .or. ierr /= MPI_SUCCESS .or. .not. all(partstruct_equal(recv, pparticle))
    call MPI_TYPE_FREE(m, ierr)
  end do

  ! ---- 4.2: class-0 particles preceded by their number, from WEFT_BOTTOM -------------
  ! receive type: the number, then up to NPART particles (a shorter message is fine)
  call weft_address(zr, rdisp(1))
  call weft_address(zr%p, rdisp(2))
  rdisp = rdisp - rdisp(1)
  call weft_type_struct(2, [1, NPART], rdisp, [WEFT_INTEGER, Particletype_ub], Zrtype)
  call weft_type_commit(Zrtype)
  do v = 1, 2
    if (v == 1) then
      j = partstruct_zero_each(particle, zdisp, zblock)   ! one block per particle
    else
      j = partstruct_zero_runs(particle, zdisp, zblock)   ! one block per run
    end if
    nzero = sum(zblock(1:j))
    ! create datatype for class zero particles
    call weft_type_indexed(j, zblock, zdisp, Particletype, Zparticles)
    ! prepend particle count
    call weft_address(nzero, zzdisp(1))
    call weft_address(particle, zzdisp(2))
    call weft_type_struct(2, [1, 1], zzdisp, [WEFT_INTEGER, Zparticles], Ztype)
    call weft_type_commit(Ztype)

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
  end do

  ! ---- 4.3: the first two coordinates of all entries -------------------------------
  call weft_type_hvector(NPART, 2, sizeofentry, WEFT_DOUBLE_PRECISION, Allpairs)
  call weft_type_commit(Allpairs)
  ! an alternative: one pair with the extent of one particle (LB/UB markers)
  call weft_address(particle(1), disp2(1))
  call weft_address(particle(1)%d, disp2(2))
  call weft_address(particle(2), disp2(3))
  base = disp2(1)
  disp2 = disp2 - base          ! all three (the text subtracts only two)
  call weft_type_struct(3, [1, 2, 1], disp2, [WEFT_LB, WEFT_DOUBLE_PRECISION, WEFT_UB], Onepair)
  call weft_type_commit(Onepair)
  ! MPI-3.0's version: contiguous pair resized to the extent of one particle
  call weft_type_contiguous(2, WEFT_DOUBLE_PRECISION, pair2)
  call weft_type_resized(pair2, 0_AK, sizeofentry, Onepair3)
  call weft_type_commit(Onepair3)
  send_type = [Allpairs, Onepair, Onepair3]
  do v = 1, 3
    pairs = 0
    select case (v)
    case (1)
      call weft_copy(particle(1)%d, 1, Allpairs, pairs, 2 * NPART, WEFT_DOUBLE_PRECISION, nbytes)
    case (2)
      call weft_copy(particle, NPART, Onepair, pairs, 2 * NPART, WEFT_DOUBLE_PRECISION, nbytes)
    case (3)
      call weft_copy(particle(1)%d, NPART, Onepair3, pairs, 2 * NPART, WEFT_DOUBLE_PRECISION, nbytes)
    end select
    bad_copy = bad_copy .or. nbytes /= 16 * NPART .or. .not. pairs_of(pairs, particle)
    pairs = 0
    m = mpi_type_of(send_type(v))
    select case (v)
    case (1)
      call MPI_SENDRECV(particle(1)%d, 1, m, partner, 0, pairs, 2 * NPART, &
                        MPI_DOUBLE_PRECISION, partner, 0, MPI_COMM_WORLD, status, ierr)
    case (2)
      call MPI_SENDRECV(particle, NPART, m, partner, 0, pairs, 2 * NPART, &
                        MPI_DOUBLE_PRECISION, partner, 0, MPI_COMM_WORLD, status, ierr)
    case (3)
      call MPI_SENDRECV(particle(1)%d, NPART, m, partner, 0, pairs, 2 * NPART, &
                        MPI_DOUBLE_PRECISION, partner, 0, MPI_COMM_WORLD, status, ierr)
    end select
    bad_mpi = bad_mpi .or. ierr /= MPI_SUCCESS .or. .not. pairs_of(pairs, pparticle)
    call MPI_TYPE_FREE(m, ierr)
  end do

  do i = 1, 3
    call weft_type_free(send_type(i))
  end do
  call weft_type_free(pair2)
  call weft_type_free(Zrtype)
  call weft_type_free(Particletype)
  call weft_type_free(Particletype_ub)
  call example_report('3.33', '1000 particles: whole array (2 ways), class-0 particles with ' // &
                      'their number from WEFT_BOTTOM (2 ways), first two coordinates (3 ways)', &
                      bad_copy, bad_mpi)

contains

  subroutine clear(p)
    type(partstruct_t), intent(out) :: p(NPART)
    p = partstruct_t(-1, 0d0, ' ')
  end subroutine clear

  subroutine clear_z(z)
    type(zrecv_t), intent(out) :: z
    z%n = -1
    call clear(z%p)
  end subroutine clear_z

  ! z holds the number of class-0 particles of src and those particles in order; the
  ! rest of z%p is untouched.
  logical function zero_received(z, src)
    type(zrecv_t), intent(in) :: z
    type(partstruct_t), intent(in) :: src(NPART)
    type(partstruct_t), allocatable :: zero(:)
    zero = pack(src, src%type == 0)
    zero_received = z%n == size(zero)
    if (.not. zero_received) return
    zero_received = all(partstruct_equal(z%p(1:z%n), zero)) .and. all(z%p(z%n + 1:)%type == -1)
  end function zero_received

  ! pairs(:, i) = src(i)%d(1:2)
  logical function pairs_of(pairs, src)
    real(8), intent(in) :: pairs(2, NPART)
    type(partstruct_t), intent(in) :: src(NPART)
    integer :: i
    pairs_of = .true.
    do i = 1, NPART
      if (any(pairs(:, i) /= src(i)%d(1:2))) pairs_of = .false.
    end do
  end function pairs_of
end program example_3_33
