! weft_address: addresses of scalars, array elements, sections (their first element),
! derived-type components, whole arrays; differences equal the storage offsets that
! c_loc gives; WEFT_BOTTOM has address 0.
program test_address
  use, intrinsic :: iso_c_binding
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND
  type, bind(C) :: partstruct
    integer(c_int) :: type
    real(c_double) :: d(6)
    character(kind=c_char) :: b(7)
  end type partstruct
  real, target :: a(10, 10), x
  type(partstruct), target :: particle(3)
  integer(AK) :: ad, ad2, base
  integer :: ierr

  call weft_address(x, ad)
  call check(ad == loc_of(c_loc(x)), 'address of a scalar = c_loc')
  call weft_address(a, ad)
  call check(ad == loc_of(c_loc(a)), 'address of an array = c_loc of its first element')
  call weft_address(a(3, 2), ad)
  call check(ad == loc_of(c_loc(a(3, 2))), 'address of an element')
  call weft_address(a(1, 1), base)
  call check_i(ad - base, int((3 - 1) + 10 * (2 - 1), AK) * 4, 'a(3,2) - a(1,1) in bytes')
  call weft_address(a(10:1:-3, 4), ad)
  call check(ad == loc_of(c_loc(a(10, 4))), 'address of a(10:1:-3, 4) = address of a(10, 4)')
  call weft_address(a(2:9:2, 5:7), ad)
  call check(ad == loc_of(c_loc(a(2, 5))), 'address of a(2:9:2, 5:7) = address of a(2, 5)')

  ! Components of a bind(C) derived type: the C layout (int, pad, double[6], char[7]).
  call weft_address(particle(1), base)
  call weft_address(particle(1)%d, ad)
  call check_i(ad - base, 8_AK, 'offset of particle%d')
  call weft_address(particle(1)%b, ad)
  call check_i(ad - base, 56_AK, 'offset of particle%b')
  call weft_address(particle(2), ad)
  call check_i(ad - base, int(storage_size(particle(1)) / 8, AK), 'particle(2) - particle(1)')
  call check_i(ad - base, 64_AK, 'sizeof(struct Partstruct) = 64')
  call weft_address(particle(2)%d(3), ad2)
  call check_i(ad2 - ad, 8_AK + 2 * 8_AK, 'offset of particle(2)%d(3) in particle(2)')

  ! WEFT_BOTTOM is address 0 (MPI_BOTTOM + address = address).
  ad = -1
  call weft_address(WEFT_BOTTOM, ad, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'weft_address(WEFT_BOTTOM)')
  call check_i(ad, 0_AK, 'address of WEFT_BOTTOM')

  call finish('test_address')

contains

  integer(AK) function loc_of(p)
    type(c_ptr), intent(in) :: p
    loc_of = transfer(p, 0_AK)
  end function loc_of
end program test_address
