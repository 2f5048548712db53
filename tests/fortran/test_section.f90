! weft_type_from_section: the type of an array section, compared element by element
! with plain Fortran: the typemap's displacements are the element addresses relative to
! the first element, packing gives the bytes of the section in array element order
! (what `e = section` copies), copying through the type into a zeroed array changes
! exactly the section. Ranks 1-3, negative and non-unit strides, empty sections,
! scalars, every intrinsic element type, derived types with basetype, errors.
program test_section
  use, intrinsic :: iso_c_binding
  use weft
  use weft_test_check
  implicit none
  integer, parameter :: AK = WEFT_ADDRESS_KIND, CK = WEFT_COUNT_KIND
  type, bind(C) :: point
    integer(c_int) :: id
    real(c_double) :: x
  end type point
  real, target :: c(20, 12, 11), c2(20, 12, 11), v(10), v2(10), m(7, 8), m2(7, 8)
  integer :: i, j, k, ierr, nbytes
  integer(c_int8_t) :: mold(1)   ! transfer(x, mold): the bytes of x
  integer, target :: iv(6, 5)
  real(8), target :: dv(9)
  complex, target :: zv(4, 3)
  complex(8), target :: zdv(5)
  logical, target :: lv(7)
  character(len=3), target :: sv(6)
  integer(1), target :: i1v(9)
  integer(2), target :: i2v(5, 2)
  integer(8), target :: i8v(8)
  logical(c_bool), target :: bv(6)
  real(c_long_double), target :: ldv(4)
  type(point), target :: p(6), q(6)
  real(8) :: xs(3)
  type(weft_type) :: t, t2, inner, pt, xonly
  integer(CK) :: ints(2), nints, naddrs, ntypes
  integer(AK) :: addrs(1), d(1)
  type(weft_type) :: types(1)
  integer :: comb

  c = reshape([(real(i), i = 1, size(c))], shape(c))
  v = [(real(i), i = 1, 10)]
  m = reshape([(real(i), i = 1, 56)], [7, 8])

  ! ---- REAL sections of rank 1, 2, 3 ------------------------------------------------
  call check3(c(1:17:2, 3:11, 2:10), 'c(1:17:2, 3:11, 2:10)')
  call check3(c(20:1:-5, 1:3, 10:2:-4), 'c(20:1:-5, 1:3, 10:2:-4)')
  call check3(c, 'c (whole)')
  call check3(c(3:2, :, :), 'c(3:2, :, :) (empty)')
  call check2(c(:, 5, :), 'c(:, 5, :)')
  call check2(m(2:5, 3:3), 'm(2:5, 3:3)')
  call check2(m(1:7:2, 8:2:-3), 'm(1:7:2, 8:2:-3)')
  call check2(m(:, 2:4), 'm(:, 2:4)')
  call check1(v, 'v')
  call check1(v(2:9:3), 'v(2:9:3)')
  call check1(v(10:1:-1), 'v(10:1:-1)')
  call check1(v(9:1:-2), 'v(9:1:-2)')
  call check1(v(5:4), 'v(5:4) (empty)')
  call check1(m(3, :), 'm(3, :)')

  ! Pointer arrays (the section arrives through the pointer's descriptor) and arrays
  ! with other lower bounds.
  block
    real, pointer :: ptr(:, :)
    real, allocatable, target :: al(:, :)
    ptr => m(7:1:-3, 2:8:2)
    call check2(ptr, 'pointer => m(7:1:-3, 2:8:2)')
    allocate(al(-3:2, 0:4))
    al = reshape([(real(i), i = 1, 30)], [6, 5])
    call check2(al(2:-3:-1, 1:), 'al(2:-3:-1, 1:) with lbounds (-3, 0)')
    call check2(al, 'allocatable al(-3:2, 0:4)')
  end block

  ! A scalar: one element.
  call weft_type_from_section(v(3), t)
  call check_map(t, [0], 'the scalar v(3)')
  call weft_type_free(t)

  ! Copying through the section type into a zeroed array changes exactly the section.
  c2 = 0
  call weft_type_from_section(c(1:17:2, 3:11, 2:10), t)
  call weft_type_commit(t)
  call weft_copy(c(1:17:2, 3:11, 2:10), 1, t, c2(1:17:2, 3:11, 2:10), 1, t, nbytes)
  call check(nbytes == 9 * 9 * 9 * 4, 'copy section -> section: message size')
  call check(all(c2(1:17:2, 3:11, 2:10) == c(1:17:2, 3:11, 2:10)) .and. &
             count(c2 /= 0) == 9 * 9 * 9, 'copy section -> section changes exactly the section')
  call weft_type_free(t)
  ! MPI-1.1 Example 3.29: e(i,j,k) = a(2i-1, j+2, k+1), here through the section type
  block
    real :: e(9, 9, 9)
    e = 0
    call weft_type_from_section(c(1:17:2, 3:11, 2:10), t)
    call weft_type_commit(t)
    call weft_copy(c(1, 3, 2), 1, t, e, 9 * 9 * 9, WEFT_REAL, nbytes)
    call check(all([((( e(i, j, k) == c(2 * i - 1, j + 2, k + 1), i = 1, 9), j = 1, 9), k = 1, 9)]), &
               'e(i,j,k) = c(2i-1, j+2, k+1) (Example 3.29 through from_section)')
    ! the nest of hvectors: strides 960 (k), 80 (j), 8 (i) bytes
    call weft_type_envelope(t, nints, naddrs, ntypes, comb)
    call check(comb == WEFT_COMBINER_HVECTOR .and. nints == 2 .and. naddrs == 1 .and. ntypes == 1, &
               'outer level is an hvector')
    call weft_type_contents(t, 2_CK, 1_CK, 1_CK, ints, addrs, types)
    call check(all(ints == [9, 1]) .and. addrs(1) == 20 * 12 * 4, 'outer hvector: 9, 1, 960 bytes')
    inner = types(1)
    call weft_type_contents(inner, 2_CK, 1_CK, 1_CK, ints, addrs, types)
    call check(all(ints == [9, 1]) .and. addrs(1) == 20 * 4, 'middle hvector: 9, 1, 80 bytes')
    call weft_type_free(inner)
    inner = types(1)
    call weft_type_contents(inner, 2_CK, 1_CK, 1_CK, ints, addrs, types)
    call check(all(ints == [9, 1]) .and. addrs(1) == 8 .and. types(1) == WEFT_REAL, &
               'inner hvector: 9, 1, 8 bytes of WEFT_REAL')
    call weft_type_free(inner)
    call weft_type_free(t)
  end block
  v2 = 0
  call weft_type_from_section(v(10:1:-1), t)
  call weft_type_commit(t)
  call weft_copy(v(10:1:-1), 1, t, v2, 10, WEFT_REAL, nbytes)
  call check(all(v2 == v(10:1:-1)), 'copy v(10:1:-1) -> contiguous = reversed v')
  v2 = 0
  call weft_copy(v, 10, WEFT_REAL, v2(10:1:-1), 1, t, nbytes)
  call check(all(v2(10:1:-1) == v), 'copy contiguous -> v2(10:1:-1)')
  call weft_type_free(t)
  m2 = 0
  call weft_type_from_section(m(1:7:2, 8:2:-3), t)
  call weft_type_from_section(m2(7:1:-2, 2:8:3), t2)
  call weft_type_commit(t)
  call weft_type_commit(t2)
  call weft_copy(m(1:7:2, 8:2:-3), 1, t, m2(7:1:-2, 2:8:3), 1, t2, nbytes, ierr)
  call check_status(ierr, WEFT_SUCCESS, 'copy between two sections of the same shape')
  call check(all(m2(7:1:-2, 2:8:3) == m(1:7:2, 8:2:-3)) .and. count(m2 /= 0) == 12, &
             'copy m(1:7:2, 8:2:-3) -> m2(7:1:-2, 2:8:3) = plain assignment')
  call weft_type_free(t)
  call weft_type_free(t2)

  ! ---- every intrinsic element type -------------------------------------------------
  iv = reshape([(i, i = 1, 30)], shape(iv))
  call check_bytes(iv(5:1:-2, 2:5:2), transfer(iv(5:1:-2, 2:5:2), mold), WEFT_INTEGER, 1, &
                   'INTEGER iv(5:1:-2, 2:5:2)')
  dv = [(i * 1.25d0, i = 1, 9)]
  call check_bytes(dv(2:9:3), transfer(dv(2:9:3), mold), WEFT_DOUBLE_PRECISION, 1, &
                   'DOUBLE PRECISION dv(2:9:3)')
  zv = reshape([(cmplx(i, -i), i = 1, 12)], shape(zv))
  call check_bytes(zv(4:1:-3, :), transfer(zv(4:1:-3, :), mold), WEFT_COMPLEX, 1, &
                   'COMPLEX zv(4:1:-3, :)')
  zdv = [(cmplx(i, 2 * i, kind=8), i = 1, 5)]
  call check_bytes(zdv(1:5:4), transfer(zdv(1:5:4), mold), WEFT_DOUBLE_COMPLEX, 1, &
                   'COMPLEX(8) zdv(1:5:4)')
  lv = [(mod(i, 3) == 0, i = 1, 7)]
  call check_bytes(lv(7:1:-3), transfer(lv(7:1:-3), mold), WEFT_LOGICAL, 1, 'LOGICAL lv(7:1:-3)')
  sv = ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqr']
  call check_bytes(sv(2:6:2), transfer(sv(2:6:2), mold), WEFT_CHARACTER, 3, &
                   'CHARACTER(len=3) sv(2:6:2)')
  i1v = [(int(i, 1), i = 1, 9)]
  call check_bytes(i1v(9:2:-3), transfer(i1v(9:2:-3), mold), WEFT_INT8, 1, 'INTEGER(1) i1v(9:2:-3)')
  i2v = reshape([(int(i, 2), i = 1, 10)], shape(i2v))
  call check_bytes(i2v(2:4, 2), transfer(i2v(2:4, 2), mold), WEFT_INT16, 1, 'INTEGER(2) i2v(2:4, 2)')
  i8v = [(int(i, 8) * 3000000000_8, i = 1, 8)]
  call check_bytes(i8v(1:8:7), transfer(i8v(1:8:7), mold), WEFT_INT64, 1, 'INTEGER(8) i8v(1:8:7)')
  bv = [(mod(i, 2) == 0, i = 1, 6)]
  call check_bytes(bv(6:1:-1), transfer(bv(6:1:-1), mold), WEFT_BOOL, 1, 'LOGICAL(c_bool) bv(6:1:-1)')

  ! ---- derived types and other kinds: basetype --------------------------------------
  p = [(point(i, i + 0.5d0), i = 1, 6)]
  call weft_address(p(1), d(1))
  call weft_address(p(1)%x, addrs(1))
  call weft_type_struct(2, [1, 1], [0_AK, addrs(1) - d(1)], [WEFT_INTEGER, WEFT_DOUBLE_PRECISION], pt)
  call weft_type_from_section(p(5:1:-2), t, pt)
  call weft_type_commit(pt)
  call weft_type_commit(t)
  q = point(0, 0d0)
  call weft_copy(p(5:1:-2), 1, t, q, 3, pt, nbytes)
  call check(nbytes == 36 .and. all(q(1:3)%id == p(5:1:-2)%id) .and. all(q(1:3)%x == p(5:1:-2)%x) &
             .and. all(q(4:)%id == 0), 'type(point) p(5:1:-2) with basetype')
  call weft_type_free(t)
  ! basetype may describe part of the element: only x
  call weft_type_struct(1, [1], [addrs(1) - d(1)], [WEFT_DOUBLE_PRECISION], xonly)
  call weft_type_from_section(p(2:6:2), t, xonly, ierr)   ! positional ierror after basetype
  call check_status(ierr, WEFT_SUCCESS, 'from_section with basetype and positional ierror')
  call weft_type_commit(t)
  xs = 0
  call weft_copy(p(2:6:2), 1, t, xs, 3, WEFT_DOUBLE_PRECISION, nbytes)
  call check(all(xs == p(2:6:2)%x), 'only the x of p(2:6:2)')
  call weft_type_free(t)
  ldv = [(real(i, c_long_double) / 3, i = 1, 4)]
  call weft_type_from_section(ldv(4:1:-2), t, WEFT_LONG_DOUBLE)
  call check_bytes_type(t, ldv(4:1:-2), transfer(ldv(4:1:-2), mold), 'REAL(c_long_double) with basetype')
  call weft_type_free(t)

  ! ---- errors ----------------------------------------------------------------------
  t = WEFT_REAL
  call weft_type_from_section(p(1:3), t, ierr)   ! positional ierror, no basetype
  call check_status(ierr, WEFT_INVALID_VALUE, 'a derived type without basetype')
  block
    character(len=:), allocatable :: msg
    msg = weft_last_error()
    call check(msg == 'weft_type_from_section: no predefined weft type for this element ' // &
               'type (CFI type code 6, 16 bytes): pass basetype', 'message: ' // msg)
  end block
  call check(t == WEFT_REAL, 'newtype unchanged on failure')
  call weft_type_from_section(ldv, t, ierr)
  call check_status(ierr, WEFT_INVALID_VALUE, 'REAL(c_long_double) without basetype')
  call weft_type_from_section(v, t, WEFT_TYPE_NULL, ierr)
  call check_status(ierr, WEFT_INVALID_HANDLE, 'NULL basetype')
  call check(weft_last_error() == 'weft_type_from_section: basetype is a NULL handle', &
             'message: ' // weft_last_error())
  call assumed_size(v)
  call check(t == WEFT_REAL, 'newtype unchanged after the failures')

  call weft_type_free(pt)
  call weft_type_free(xonly)
  call finish('test_section')

contains

  ! The typemap of t: n entries, all WEFT_REAL, at the given displacements.
  subroutine check_map(t, displs, what)
    type(weft_type), intent(in) :: t
    integer, intent(in) :: displs(:)
    character(*), intent(in) :: what
    call check_map8(t, int(displs, AK), what)
  end subroutine check_map

  subroutine check_map8(t, displs, what)
    type(weft_type), intent(in) :: t
    integer(AK), intent(in) :: displs(:)
    character(*), intent(in) :: what
    type(weft_type), allocatable :: b(:)
    integer(AK), allocatable :: dd(:)
    integer(CK) :: n
    allocate(b(size(displs) + 1), dd(size(displs) + 1))
    call weft_type_typemap(t, int(size(b), CK), b, dd, n)
    call check_i(n, int(size(displs), CK), what // ': typemap entries')
    if (n /= size(displs)) return
    call check(all(dd(1:n) == displs), what // ': displacements = element addresses - first')
    call check(all(b(1:n) == WEFT_REAL), what // ': all entries WEFT_REAL')
  end subroutine check_map8

  ! typemap, packed bytes and a copy to contiguous storage, against plain Fortran.
  subroutine check_real(s, addr, flat, what)
    real, intent(in), target :: s(..)
    integer(AK), intent(in) :: addr(:)        ! element addresses, array element order
    real, intent(in) :: flat(:)               ! the elements, array element order
    character(*), intent(in) :: what
    type(weft_type) :: t
    integer(CK) :: sz
    character :: buf(4 * size(flat) + 1)
    real :: e(size(flat) + 1)
    integer :: pos, nb
    call weft_type_from_section(s, t)
    call weft_type_size(t, sz)
    call check_i(sz, int(4 * size(flat), CK), what // ': size')
    if (size(addr) > 0) call check_map8(t, addr - addr(1), what)
    call weft_type_commit(t)
    buf = achar(0)
    pos = 0
    call weft_pack(s, 1, t, buf, size(buf), pos)
    call check(pos == 4 * size(flat), what // ': packed bytes')
    if (size(flat) > 0) call check(all(transfer(buf(1:pos), flat) == flat), &
                                   what // ': packed = the section in array element order')
    e = -1
    call weft_copy(s, 1, t, e, size(flat), WEFT_REAL, nb)
    call check(all(e(1:size(flat)) == flat) .and. e(size(e)) == -1, &
               what // ': weft_copy = plain assignment')
    call weft_type_free(t)
  end subroutine check_real

  subroutine check1(s, what)
    real, intent(in), target :: s(:)
    character(*), intent(in) :: what
    integer(AK) :: addr(size(s))
    integer :: i
    do i = 1, size(s)
      call weft_address(s(i), addr(i))
    end do
    call check_real(s, addr, s, what)
  end subroutine check1

  subroutine check2(s, what)
    real, intent(in), target :: s(:, :)
    character(*), intent(in) :: what
    integer(AK) :: addr(size(s))
    integer :: i, j, n
    n = 0
    do j = 1, size(s, 2)
      do i = 1, size(s, 1)
        n = n + 1
        call weft_address(s(i, j), addr(n))
      end do
    end do
    call check_real(s, addr, reshape(s, [size(s)]), what)
  end subroutine check2

  subroutine check3(s, what)
    real, intent(in), target :: s(:, :, :)
    character(*), intent(in) :: what
    integer(AK) :: addr(size(s))
    integer :: i, j, k, n
    n = 0
    do k = 1, size(s, 3)
      do j = 1, size(s, 2)
        do i = 1, size(s, 1)
          n = n + 1
          call weft_address(s(i, j, k), addr(n))
        end do
      end do
    end do
    call check_real(s, addr, reshape(s, [size(s)]), what)
  end subroutine check3

  ! Any element type: the section's type has nelem*ncomp entries of `basic`, and packs
  ! to exactly the bytes of the section (transfer gives them in array element order).
  subroutine check_bytes(s, expected, basic, ncomp, what)
    type(*), intent(in) :: s(..)
    integer(c_int8_t), intent(in) :: expected(:)
    type(weft_type), intent(in) :: basic
    integer, intent(in) :: ncomp
    character(*), intent(in) :: what
    type(weft_type) :: t, b(64)
    integer(AK) :: dd(64)
    integer(CK) :: n, esize
    call weft_type_from_section(s, t)
    call weft_type_typemap(t, 64_CK, b, dd, n)
    call weft_type_size(basic, esize)
    call check(n * esize == size(expected), what // ': entries * element size = bytes')
    call check(all(b(1:n) == basic), what // ': basic type')
    call check(n == size(s) * ncomp, what // ': entries per element')
    call check_bytes_type(t, s, expected, what)
    call weft_type_free(t)
  end subroutine check_bytes

  subroutine check_bytes_type(t, s, expected, what)
    type(weft_type), intent(in) :: t
    type(*), intent(in) :: s(..)
    integer(c_int8_t), intent(in) :: expected(:)
    character(*), intent(in) :: what
    integer(c_int8_t) :: buf(size(expected) + 8)
    integer :: pos
    call weft_type_commit(t)
    buf = 77
    pos = 0
    call weft_pack(s, 1, t, buf, size(buf), pos)
    call check(pos == size(expected) .and. all(buf(1:pos) == expected) .and. &
               all(buf(pos + 1:) == 77), what // ': packed bytes = transfer(section)')
  end subroutine check_bytes_type

  subroutine assumed_size(a)
    real :: a(*)
    type(weft_type) :: u
    integer :: e
    u = WEFT_REAL
    call weft_type_from_section(a, u, e)
    call check_status(e, WEFT_INVALID_VALUE, 'an assumed-size array')
    call check(weft_last_error() == 'weft_type_from_section: the section is an assumed-size ' // &
               'array (its extent is unknown)', 'message: ' // weft_last_error())
    call weft_type_from_section(a(2:6:2), u)
    call check_map(u, [0, 8, 16], 'a section of an assumed-size array')
    call weft_type_free(u)
  end subroutine assumed_size
end program test_section
