! The shared sparse cases (tests/cases/README.md) through the Fortran binding: reads the
! case file named by the first command-line argument, makes each call with module weft's
! generics (the object, accum and descriptor by name, the index lists 0-based, an "all"
! list as an absent argument), and compares the output with the expected content exactly
! (nvals, indices, values with ==). Prints one line per mismatch and the totals; stops
! with ERROR STOP 1 on any mismatch or parse error. ctest case cases.fortran.
!
!   weft_fortran_test_sparse_cases <build>/tests/cases/sparse_cases.txt
module sparse_cases_reader
  use, intrinsic :: iso_fortran_env, only: int64, error_unit
  implicit none
  private
  public :: coll_t, list_t, case_t, read_case, next_line, token

  ! A collection or scalar of a case, as written: kind "matrix", "vector" or "scalar";
  ! its type; its shape (a vector: n x 1); its entries (0-based) with their values as
  ! text, converted when the object is built (so that INT64 values stay exact).
  type :: coll_t
    logical :: present = .false.
    character(len=8) :: kind = '', type = ''
    integer(int64) :: nrows = 0, ncols = 0, nvals = 0
    integer(int64), allocatable :: i(:), j(:)
    character(len=32), allocatable :: val(:)
  end type coll_t

  ! An index list: explicit values or WEFT_ALL with a count.
  type :: list_t
    logical :: present = .false., all = .false.
    integer(int64) :: n = 0
    integer(int64), allocatable :: v(:)
  end type list_t

  type :: case_t
    character(len=32) :: id = '', op = ''
    character(len=64) :: object = '-', accum = '-', desc = '-'
    type(coll_t) :: out, mask, in0, in1, expect, s, alpha, beta
    type(list_t) :: I, J
  end type case_t

  character(len=:), allocatable, public :: parse_error

contains

  ! The next line that is not a comment or blank; .false. at the end of the file.
  logical function next_line(unit, line, lineno) result(ok)
    integer, intent(in) :: unit
    character(len=:), allocatable, intent(inout) :: line
    integer, intent(inout) :: lineno
    character(len=4096) :: chunk
    integer :: ios, got
    ok = .false.
    do
      line = ''
      do   ! a line of any length, 4096 characters at a time
        read(unit, '(a)', advance='no', iostat=ios, size=got) chunk
        line = line // chunk(1:got)
        if (ios /= 0) exit
      end do
      if (is_iostat_end(ios) .and. len(line) == 0) return   ! (a last line may lack its newline)
      lineno = lineno + 1
      line = trim(line)
      if (len(line) > 0) then
        if (line(1:1) /= '#') exit
      end if
    end do
    ok = .true.
  end function next_line

  ! The k-th space-separated field of line ('' when there is none).
  function token(line, k) result(t)
    character(*), intent(in) :: line
    integer, intent(in) :: k
    character(len=:), allocatable :: t
    integer :: pos, n, e
    pos = 1
    t = ''
    do n = 1, k
      do while (pos <= len(line))
        if (line(pos:pos) /= ' ') exit
        pos = pos + 1
      end do
      if (pos > len(line)) return
      e = index(line(pos:), ' ')
      if (e == 0) then
        e = len(line) + 1
      else
        e = pos + e - 1
      end if
      if (n == k) t = line(pos:e - 1)
      pos = e
    end do
  end function token

  logical function to_int(text, v) result(ok)
    character(*), intent(in) :: text
    integer(int64), intent(out) :: v
    integer :: ios
    v = 0
    read(text, *, iostat=ios) v
    ok = ios == 0 .and. len(text) > 0
  end function to_int

  ! Reads one case (from "case" to "end"); .false. with parse_error set on a bad line.
  logical function read_case(unit, c, lineno) result(ok)
    integer, intent(in) :: unit
    type(case_t), intent(inout) :: c
    integer, intent(inout) :: lineno
    character(len=:), allocatable :: line, what
    ok = .false.
    if (.not. next_line(unit, line, lineno)) then
      parse_error = 'the file ends before the last case'
      return
    end if
    if (token(line, 1) /= 'case' .or. token(line, 3) == '') then
      parse_error = 'line ' // itoa(lineno) // ': expected "case <id> <operation>": ' // line
      return
    end if
    c%id = token(line, 2)
    c%op = token(line, 3)
    do
      if (.not. next_line(unit, line, lineno)) then
        parse_error = 'case ' // trim(c%id) // ': no "end"'
        return
      end if
      what = token(line, 1)
      select case (what)
      case ('end')
        exit
      case ('object')
        c%object = token(line, 2)
      case ('accum')
        c%accum = token(line, 2)
      case ('desc')
        c%desc = token(line, 2)
      case ('scalar')
        if (.not. read_scalar(line, c)) return
      case ('index')
        if (.not. read_index(line, c)) return
      case ('matrix', 'vector')
        if (.not. read_collection(unit, line, lineno, c)) return
      case default
        parse_error = 'line ' // itoa(lineno) // ': unknown item "' // what // '"'
        return
      end select
    end do
    ok = .true.
  end function read_case

  ! The slot of a role: out, mask, in0, in1, expect (collections); s, alpha, beta, out,
  ! expect (scalars).
  function slot(c, role) result(p)
    type(case_t), intent(inout), target :: c
    character(*), intent(in) :: role
    type(coll_t), pointer :: p
    nullify(p)
    select case (role)
    case ('out')
      p => c%out
    case ('mask')
      p => c%mask
    case ('in0')
      p => c%in0
    case ('in1')
      p => c%in1
    case ('expect')
      p => c%expect
    case ('s')
      p => c%s
    case ('alpha')
      p => c%alpha
    case ('beta')
      p => c%beta
    end select
  end function slot

  logical function read_scalar(line, c) result(ok)
    character(*), intent(in) :: line
    type(case_t), intent(inout), target :: c
    type(coll_t), pointer :: p
    ok = .false.
    p => slot(c, token(line, 2))
    if (.not. associated(p) .or. token(line, 4) == '') then
      parse_error = 'bad scalar line: ' // line
      return
    end if
    p%present = .true.
    p%kind = 'scalar'
    p%type = token(line, 3)
    p%nrows = 1
    p%ncols = 1
    if (token(line, 4) == '-') then
      p%nvals = 0
      allocate(p%i(0), p%j(0), p%val(0))
    else
      p%nvals = 1
      p%i = [0_int64]
      p%j = [0_int64]
      allocate(p%val(1))
      p%val(1) = token(line, 4)
    end if
    ok = .true.
  end function read_scalar

  logical function read_index(line, c) result(ok)
    character(*), intent(in) :: line
    type(case_t), intent(inout), target :: c
    type(list_t), pointer :: l
    integer(int64) :: k
    ok = .false.
    select case (token(line, 2))
    case ('I')
      l => c%I
    case ('J')
      l => c%J
    case default
      parse_error = 'bad index role: ' // line
      return
    end select
    l%present = .true.
    if (token(line, 3) == 'all') then
      l%all = .true.
      if (.not. to_int(token(line, 4), l%n)) then
        parse_error = 'bad count: ' // line
        return
      end if
    else
      if (.not. to_int(token(line, 3), l%n)) then
        parse_error = 'bad count: ' // line
        return
      end if
      allocate(l%v(l%n))
      do k = 1, l%n
        if (.not. to_int(token(line, int(k) + 3), l%v(k))) then
          parse_error = 'bad index list: ' // line
          return
        end if
      end do
    end if
    ok = .true.
  end function read_index

  ! "matrix <role> <nrows> <ncols> <TYPE> <nvals>" or "vector <role> <n> <TYPE> <nvals>",
  ! then nvals lines of entries.
  logical function read_collection(unit, head, lineno, c) result(ok)
    integer, intent(in) :: unit
    character(*), intent(in) :: head
    integer, intent(inout) :: lineno
    type(case_t), intent(inout), target :: c
    type(coll_t), pointer :: p
    character(len=:), allocatable :: line
    integer(int64) :: k
    logical :: good
    integer :: t0
    ok = .false.
    p => slot(c, token(head, 2))
    if (.not. associated(p)) then
      parse_error = 'bad role: ' // head
      return
    end if
    p%present = .true.
    p%kind = token(head, 1)
    if (p%kind == 'matrix') then
      good = to_int(token(head, 3), p%nrows) .and. to_int(token(head, 4), p%ncols)
      t0 = 5
    else
      good = to_int(token(head, 3), p%nrows)
      p%ncols = 1
      t0 = 4
    end if
    p%type = token(head, t0)
    good = good .and. to_int(token(head, t0 + 1), p%nvals)
    if (.not. good) then
      parse_error = 'line ' // itoa(lineno) // ': bad header: ' // head
      return
    end if
    allocate(p%i(p%nvals), p%j(p%nvals), p%val(p%nvals))
    p%j = 0
    do k = 1, p%nvals
      if (.not. next_line(unit, line, lineno)) then
        parse_error = 'the file ends inside ' // head
        return
      end if
      if (p%kind == 'matrix') then
        good = to_int(token(line, 1), p%i(k)) .and. to_int(token(line, 2), p%j(k))
        p%val(k) = token(line, 3)
      else
        good = to_int(token(line, 1), p%i(k))
        p%val(k) = token(line, 2)
      end if
      if (.not. good .or. p%val(k) == '') then
        parse_error = 'line ' // itoa(lineno) // ': bad entry: ' // line
        return
      end if
    end do
    ok = .true.
  end function read_collection

  function itoa(i) result(s)
    integer, intent(in) :: i
    character(len=:), allocatable :: s
    character(len=16) :: buf
    write(buf, '(i0)') i
    s = trim(buf)
  end function itoa
end module sparse_cases_reader

! Turning a case into weft objects and calls, and comparing the output.
module sparse_cases_runner
  use, intrinsic :: iso_fortran_env, only: int64
  use weft
  use sparse_cases_reader
  implicit none
  private
  public :: run_case

contains

  ! ---- names -> handles: the names the generator uses (README: "a reader needs a table
  ! of no more") ----------------------------------------------------------------------

  logical function semiring_of(name, s) result(ok)
    character(*), intent(in) :: name
    type(weft_semiring), intent(out) :: s
    ok = .true.
    select case (name)
    case ('PLUS_TIMES_SEMIRING_INT64'); s = WEFT_PLUS_TIMES_SEMIRING_INT64
    case ('PLUS_TIMES_SEMIRING_FP64'); s = WEFT_PLUS_TIMES_SEMIRING_FP64
    case ('MIN_PLUS_SEMIRING_INT64'); s = WEFT_MIN_PLUS_SEMIRING_INT64
    case ('MIN_PLUS_SEMIRING_FP64'); s = WEFT_MIN_PLUS_SEMIRING_FP64
    case ('MAX_PLUS_SEMIRING_FP64'); s = WEFT_MAX_PLUS_SEMIRING_FP64
    case ('LOR_LAND_SEMIRING_BOOL'); s = WEFT_LOR_LAND_SEMIRING_BOOL
    case ('PLUS_PAIR_SEMIRING_INT64'); s = WEFT_PLUS_PAIR_SEMIRING_INT64
    case ('ANY_PAIR_SEMIRING_BOOL'); s = WEFT_ANY_PAIR_SEMIRING_BOOL
    case ('MIN_FIRST_SEMIRING_INT64'); s = WEFT_MIN_FIRST_SEMIRING_INT64
    case ('PLUS_SECOND_SEMIRING_FP64'); s = WEFT_PLUS_SECOND_SEMIRING_FP64
    case default
      ok = .false.
      s = WEFT_SEMIRING_NULL
    end select
  end function semiring_of

  logical function binary_of(name, op) result(ok)
    character(*), intent(in) :: name
    type(weft_binary_op), intent(out) :: op
    ok = .true.
    select case (name)
    case ('PLUS_INT32'); op = WEFT_PLUS_INT32
    case ('PLUS_INT64'); op = WEFT_PLUS_INT64
    case ('PLUS_FP64'); op = WEFT_PLUS_FP64
    case ('TIMES_INT64'); op = WEFT_TIMES_INT64
    case ('TIMES_FP64'); op = WEFT_TIMES_FP64
    case ('MINUS_INT64'); op = WEFT_MINUS_INT64
    case ('MINUS_FP64'); op = WEFT_MINUS_FP64
    case ('MIN_INT64'); op = WEFT_MIN_INT64
    case ('MIN_FP64'); op = WEFT_MIN_FP64
    case ('MAX_INT64'); op = WEFT_MAX_INT64
    case ('MAX_FP64'); op = WEFT_MAX_FP64
    case ('FIRST_FP64'); op = WEFT_FIRST_FP64
    case ('SECOND_INT64'); op = WEFT_SECOND_INT64
    case ('DIV_FP64'); op = WEFT_DIV_FP64
    case ('LOR'); op = WEFT_LOR
    case ('LAND'); op = WEFT_LAND
    case ('EQ_INT64'); op = WEFT_EQ_INT64
    case ('GT_FP64'); op = WEFT_GT_FP64
    case default
      ok = .false.
      op = WEFT_BINARY_OP_NULL
    end select
  end function binary_of

  logical function monoid_of(name, m) result(ok)
    character(*), intent(in) :: name
    type(weft_monoid), intent(out) :: m
    ok = .true.
    select case (name)
    case ('PLUS_MONOID_INT64'); m = WEFT_PLUS_MONOID_INT64
    case ('PLUS_MONOID_FP64'); m = WEFT_PLUS_MONOID_FP64
    case ('MIN_MONOID_INT64'); m = WEFT_MIN_MONOID_INT64
    case ('MAX_MONOID_FP64'); m = WEFT_MAX_MONOID_FP64
    case ('TIMES_MONOID_INT64'); m = WEFT_TIMES_MONOID_INT64
    case ('LOR_MONOID_BOOL'); m = WEFT_LOR_MONOID_BOOL
    case ('LAND_MONOID_BOOL'); m = WEFT_LAND_MONOID_BOOL
    case default
      ok = .false.
      m = WEFT_MONOID_NULL
    end select
  end function monoid_of

  logical function unary_of(name, op) result(ok)
    character(*), intent(in) :: name
    type(weft_unary_op), intent(out) :: op
    ok = .true.
    select case (name)
    case ('IDENTITY_INT64'); op = WEFT_IDENTITY_INT64
    case ('IDENTITY_FP64'); op = WEFT_IDENTITY_FP64
    case ('AINV_INT64'); op = WEFT_AINV_INT64
    case ('AINV_FP64'); op = WEFT_AINV_FP64
    case ('ABS_FP64'); op = WEFT_ABS_FP64
    case ('MINV_FP64'); op = WEFT_MINV_FP64
    case ('LNOT'); op = WEFT_LNOT
    case default
      ok = .false.
      op = WEFT_UNARY_OP_NULL
    end select
  end function unary_of

  logical function index_unary_of(name, op) result(ok)
    character(*), intent(in) :: name
    type(weft_index_unary_op), intent(out) :: op
    ok = .true.
    select case (name)
    case ('TRIL'); op = WEFT_TRIL
    case ('TRIU'); op = WEFT_TRIU
    case ('DIAG'); op = WEFT_DIAG
    case ('OFFDIAG'); op = WEFT_OFFDIAG
    case ('ROWLE'); op = WEFT_ROWLE
    case ('COLGT'); op = WEFT_COLGT
    case ('ROWINDEX_INT64'); op = WEFT_ROWINDEX_INT64
    case ('COLINDEX_INT64'); op = WEFT_COLINDEX_INT64
    case ('DIAGINDEX_INT64'); op = WEFT_DIAGINDEX_INT64
    case ('VALUEGT_FP64'); op = WEFT_VALUEGT_FP64
    case ('VALUELE_INT64'); op = WEFT_VALUELE_INT64
    case ('VALUEEQ_INT64'); op = WEFT_VALUEEQ_INT64
    case default
      ok = .false.
      op = WEFT_INDEX_UNARY_OP_NULL
    end select
  end function index_unary_of

  logical function type_of(name, t) result(ok)
    character(*), intent(in) :: name
    type(weft_type), intent(out) :: t
    ok = .true.
    select case (name)
    case ('BOOL'); t = WEFT_BOOL
    case ('INT32'); t = WEFT_INT32
    case ('INT64'); t = WEFT_INT64
    case ('FP64'); t = WEFT_FP64
    case default
      ok = .false.
      t = WEFT_TYPE_NULL
    end select
  end function type_of

  ! A new descriptor with the flags' fields (letters from R S C T0 T1), or .false.
  logical function descriptor_of(flags, d) result(ok)
    character(*), intent(in) :: flags
    type(weft_descriptor), intent(inout) :: d
    character(len=:), allocatable :: rest
    ok = .true.
    call weft_descriptor_new(d)
    rest = trim(flags)
    do while (len(rest) > 0)
      if (rest(1:1) == 'R') then
        call weft_descriptor_set(d, WEFT_OUTP, WEFT_REPLACE)
        rest = rest(2:)
      else if (rest(1:1) == 'S') then
        call weft_descriptor_set(d, WEFT_MASK, WEFT_STRUCTURE)
        rest = rest(2:)
      else if (rest(1:1) == 'C') then
        call weft_descriptor_set(d, WEFT_MASK, WEFT_COMP)
        rest = rest(2:)
      else if (index(rest, 'T0') == 1) then
        call weft_descriptor_set(d, WEFT_INP0, WEFT_TRAN)
        rest = rest(3:)
      else if (index(rest, 'T1') == 1) then
        call weft_descriptor_set(d, WEFT_INP1, WEFT_TRAN)
        rest = rest(3:)
      else
        ok = .false.
        return
      end if
    end do
  end function descriptor_of

  ! ---- objects ---------------------------------------------------------------------------

  ! The values of a collection in its type's Fortran kind, for build and set_element.
  subroutine values(c, r8, i8, l)
    type(coll_t), intent(in) :: c
    real(8), allocatable, intent(inout) :: r8(:)
    integer(int64), allocatable, intent(inout) :: i8(:)
    logical, allocatable, intent(inout) :: l(:)
    integer :: k
    allocate(r8(c%nvals), i8(c%nvals), l(c%nvals))
    do k = 1, int(c%nvals)
      select case (c%type)
      case ('FP64')
        read(c%val(k), *) r8(k)
      case default
        read(c%val(k), *) i8(k)
        l(k) = i8(k) /= 0
      end select
    end do
  end subroutine values

  subroutine make_matrix(c, A)
    type(coll_t), intent(in) :: c
    type(weft_matrix), intent(inout) :: A
    type(weft_type) :: t
    real(8), allocatable :: r8(:)
    integer(int64), allocatable :: i8(:)
    logical, allocatable :: l(:)
    if (.not. type_of(c%type, t)) error stop 'unknown type'
    call weft_matrix_new(t, c%nrows, c%ncols, A)
    call values(c, r8, i8, l)
    select case (c%type)
    case ('FP64')
      call weft_build(A, c%i, c%j, r8)
    case ('BOOL')
      call weft_build(A, c%i, c%j, l)
    case default
      call weft_build(A, c%i, c%j, i8)
    end select
  end subroutine make_matrix

  subroutine make_vector(c, v)
    type(coll_t), intent(in) :: c
    type(weft_vector), intent(inout) :: v
    type(weft_type) :: t
    real(8), allocatable :: r8(:)
    integer(int64), allocatable :: i8(:)
    logical, allocatable :: l(:)
    if (.not. type_of(c%type, t)) error stop 'unknown type'
    call weft_vector_new(t, c%nrows, v)
    call values(c, r8, i8, l)
    select case (c%type)
    case ('FP64')
      call weft_build(v, c%i, r8)
    case ('BOOL')
      call weft_build(v, c%i, l)
    case default
      call weft_build(v, c%i, i8)
    end select
  end subroutine make_vector

  subroutine make_scalar(c, s)
    type(coll_t), intent(in) :: c
    type(weft_scalar), intent(inout) :: s
    type(weft_type) :: t
    real(8), allocatable :: r8(:)
    integer(int64), allocatable :: i8(:)
    logical, allocatable :: l(:)
    if (.not. type_of(c%type, t)) error stop 'unknown type'
    call weft_scalar_new(t, s)
    if (c%nvals == 0) return
    call values(c, r8, i8, l)
    select case (c%type)
    case ('FP64')
      call weft_set_element(s, r8(1))
    case ('BOOL')
      call weft_set_element(s, l(1))
    case default
      call weft_set_element(s, i8(1))
    end select
  end subroutine make_scalar

  ! ---- comparison ------------------------------------------------------------------------

  ! The difference between the entries got (0-based i, j, values as text of the
  ! expected type) and the expected collection; '' when equal.
  function difference(e, n, gi, gj, gr8, gi8) result(msg)
    type(coll_t), intent(in) :: e
    integer(int64), intent(in) :: n, gi(:), gj(:), gi8(:)
    real(8), intent(in) :: gr8(:)
    character(len=:), allocatable :: msg
    real(8), allocatable :: r8(:)
    integer(int64), allocatable :: i8(:)
    logical, allocatable :: l(:)
    integer :: k
    character(len=200) :: buf
    msg = ''
    if (n /= e%nvals) then
      write(buf, '(a, i0, a, i0)') 'nvals ', n, ', expected ', e%nvals
      msg = trim(buf)
      return
    end if
    call values(e, r8, i8, l)
    do k = 1, int(n)
      if (gi(k) /= e%i(k) .or. gj(k) /= e%j(k)) then
        write(buf, '(a, i0, a, 2(i0, 1x), a, 2(i0, 1x))') 'entry ', k, ': position ', gi(k), &
          gj(k), 'expected ', e%i(k), e%j(k)
      else if (e%type == 'FP64' .and. .not. gr8(k) == r8(k)) then
        write(buf, '(a, i0, a, 2(i0, 1x), a, g0, a, g0)') 'entry ', k, ' at ', gi(k), gj(k), &
          ': ', gr8(k), ' expected ', r8(k)
      else if (e%type /= 'FP64' .and. gi8(k) /= i8(k)) then
        write(buf, '(a, i0, a, 2(i0, 1x), a, i0, a, i0)') 'entry ', k, ' at ', gi(k), gj(k), &
          ': ', gi8(k), ' expected ', i8(k)
      else
        cycle
      end if
      msg = trim(buf)
      return
    end do
  end function difference

  function matrix_difference(A, e) result(msg)
    type(weft_matrix), intent(in) :: A
    type(coll_t), intent(in) :: e
    character(len=:), allocatable :: msg
    integer(int64) :: n
    integer(int64), allocatable :: gi(:), gj(:), gi8(:)
    real(8), allocatable :: gr8(:)
    call weft_nvals(A, n)
    allocate(gi(n), gj(n), gi8(n), gr8(n))
    if (e%type == 'FP64') then
      call weft_extract_tuples(A, gi, gj, gr8, n)
    else   ! BOOL, INT32, INT64: as integers (BOOL gives 0 or 1)
      call weft_extract_tuples(A, gi, gj, gi8, n)
    end if
    msg = difference(e, n, gi, gj, gr8, gi8)
  end function matrix_difference

  function vector_difference(v, e) result(msg)
    type(weft_vector), intent(in) :: v
    type(coll_t), intent(in) :: e
    character(len=:), allocatable :: msg
    integer(int64) :: n
    integer(int64), allocatable :: gi(:), gj(:), gi8(:)
    real(8), allocatable :: gr8(:)
    call weft_nvals(v, n)
    allocate(gi(n), gj(n), gi8(n), gr8(n))
    gj = 0
    if (e%type == 'FP64') then
      call weft_extract_tuples(v, gi, gr8, n)
    else
      call weft_extract_tuples(v, gi, gi8, n)
    end if
    msg = difference(e, n, gi, gj, gr8, gi8)
  end function vector_difference

  function scalar_difference(s, e) result(msg)
    type(weft_scalar), intent(in) :: s
    type(coll_t), intent(in) :: e
    character(len=:), allocatable :: msg
    integer(int64) :: n, gi(1), gj(1), gi8(1)
    real(8) :: gr8(1)
    call weft_nvals(s, n)
    gi = 0
    gj = 0
    gi8 = 0
    gr8 = 0
    if (n == 1 .and. e%type == 'FP64') then
      call weft_extract_element(s, gr8(1))
    else if (n == 1) then
      call weft_extract_element(s, gi8(1))
    end if
    msg = difference(e, n, gi, gj, gr8, gi8)
  end function scalar_difference

  ! ---- one case ----------------------------------------------------------------------

  ! Runs case c; msg = '' when the output matches, else what differs (or why the case
  ! could not run).
  function run_case(c) result(msg)
    type(case_t), intent(in), target :: c
    character(len=:), allocatable :: msg
    type(weft_matrix), target :: Mm
    type(weft_vector), target :: Mv
    type(weft_binary_op), target :: accum
    type(weft_descriptor), target :: d
    type(weft_matrix) :: Cm, A0, A1
    type(weft_vector) :: Cv, V0, V1
    type(weft_scalar) :: Cs, s, alpha, beta
    type(weft_binary_op) :: bop
    type(weft_semiring) :: sr
    type(weft_monoid) :: mon
    type(weft_unary_op) :: uop
    type(weft_index_unary_op) :: iop
    ! The optional arguments: a disassociated pointer passed to an optional dummy is an
    ! absent argument, so one call statement serves the cases with and without each.
    type(weft_matrix), pointer :: pm
    type(weft_vector), pointer :: pv
    type(weft_binary_op), pointer :: pa
    type(weft_descriptor), pointer :: pd
    integer(int64), pointer :: pI(:), pJ(:)
    logical :: matrix_out, scalar_out, known
    integer :: st

    msg = ''
    nullify(pm, pv, pa, pd, pI, pJ)
    if (.not. (c%out%present .and. c%expect%present)) then
      msg = 'no out or no expect'
      return
    end if
    matrix_out = c%out%kind == 'matrix'
    scalar_out = c%out%kind == 'scalar'
    if (c%accum /= '-') then
      if (.not. binary_of(trim(c%accum), accum)) then
        msg = 'unknown accum ' // trim(c%accum)
        return
      end if
      pa => accum
    end if
    if (c%desc /= '-') then
      d = WEFT_DESCRIPTOR_NULL
      pd => d
      if (.not. descriptor_of(c%desc, d)) then
        msg = 'bad descriptor ' // trim(c%desc)
        if (d /= WEFT_DESCRIPTOR_NULL) call weft_free(d)
        return
      end if
    end if
    if (c%I%present .and. .not. c%I%all) pI => c%I%v
    if (c%J%present .and. .not. c%J%all) pJ => c%J%v
    ! The objects of the case.
    if (matrix_out) then
      call make_matrix(c%out, Cm)
    else if (scalar_out) then
      call make_scalar(c%out, Cs)
    else
      call make_vector(c%out, Cv)
    end if
    if (c%mask%present .and. c%mask%kind == 'matrix') then
      call make_matrix(c%mask, Mm)
      pm => Mm
    else if (c%mask%present) then
      call make_vector(c%mask, Mv)
      pv => Mv
    end if
    call make_input(c%in0, A0, V0)
    call make_input(c%in1, A1, V1)
    if (c%s%present) call make_scalar(c%s, s)
    if (c%alpha%present) call make_scalar(c%alpha, alpha)
    if (c%beta%present) call make_scalar(c%beta, beta)

    ! The call (README's table), the matrix or vector form by the output.
    st = WEFT_SUCCESS
    known = .true.
    select case (trim(c%op))
    case ('mxm')
      known = semiring_of(trim(c%object), sr)
      if (known) call weft_mxm(Cm, sr, A0, A1, mask=pm, accum=pa, desc=pd, ierror=st)
    case ('mxv')
      known = semiring_of(trim(c%object), sr)
      if (known) call weft_mxv(Cv, sr, A0, V1, mask=pv, accum=pa, desc=pd, ierror=st)
    case ('vxm')
      known = semiring_of(trim(c%object), sr)
      if (known) call weft_vxm(Cv, sr, V0, A1, mask=pv, accum=pa, desc=pd, ierror=st)
    case ('ewise_add', 'ewise_mult', 'ewise_union', 'kronecker', 'apply_first', 'apply_second')
      known = binary_of(trim(c%object), bop)
      if (known) call binary_op_call()
    case ('apply')
      known = unary_of(trim(c%object), uop)
      if (known .and. matrix_out) then
        call weft_apply(Cm, uop, A0, mask=pm, accum=pa, desc=pd, ierror=st)
      else if (known) then
        call weft_apply(Cv, uop, V0, mask=pv, accum=pa, desc=pd, ierror=st)
      end if
    case ('apply_index', 'select')
      known = index_unary_of(trim(c%object), iop)
      if (known) call index_op_call()
    case ('reduce_rows')
      known = monoid_of(trim(c%object), mon)
      if (known) call weft_reduce(Cv, mon, A0, mask=pv, accum=pa, desc=pd, ierror=st)
    case ('reduce_scalar')
      known = monoid_of(trim(c%object), mon)
      if (known .and. c%in0%kind == 'matrix') then
        call weft_reduce(Cs, mon, A0, accum=pa, desc=pd, ierror=st)
      else if (known) then
        call weft_reduce(Cs, mon, V0, accum=pa, desc=pd, ierror=st)
      end if
    case ('transpose')
      call weft_transpose(Cm, A0, mask=pm, accum=pa, desc=pd, ierror=st)
    case ('extract', 'assign', 'assign_scalar')
      call region_call()
    case default
      msg = 'unknown operation'
    end select
    if (.not. known) msg = 'unknown object ' // trim(c%object)
    if (msg == '' .and. st /= WEFT_SUCCESS) msg = 'status ' // weft_status_name(st) // ': ' // &
                                                  weft_last_error()
    if (msg == '') then
      if (matrix_out) then
        msg = matrix_difference(Cm, c%expect)
      else if (scalar_out) then
        msg = scalar_difference(Cs, c%expect)
      else
        msg = vector_difference(Cv, c%expect)
      end if
    end if
    ! Release everything the case made (a handle still null was never made).
    call free_m(Cm)
    call free_m(Mm)
    call free_m(A0)
    call free_m(A1)
    call free_v(Cv)
    call free_v(Mv)
    call free_v(V0)
    call free_v(V1)
    call free_s(Cs)
    call free_s(s)
    call free_s(alpha)
    call free_s(beta)
    if (associated(pd)) call weft_free(d)

  contains

    subroutine make_input(x, A, v)
      type(coll_t), intent(in) :: x
      type(weft_matrix), intent(inout) :: A
      type(weft_vector), intent(inout) :: v
      if (.not. x%present) return
      if (x%kind == 'matrix') then
        call make_matrix(x, A)
      else
        call make_vector(x, v)
      end if
    end subroutine make_input

    subroutine binary_op_call()
      select case (trim(c%op))
      case ('ewise_add')
        if (matrix_out) then
          call weft_ewise_add(Cm, bop, A0, A1, mask=pm, accum=pa, desc=pd, ierror=st)
        else
          call weft_ewise_add(Cv, bop, V0, V1, mask=pv, accum=pa, desc=pd, ierror=st)
        end if
      case ('ewise_mult')
        if (matrix_out) then
          call weft_ewise_mult(Cm, bop, A0, A1, mask=pm, accum=pa, desc=pd, ierror=st)
        else
          call weft_ewise_mult(Cv, bop, V0, V1, mask=pv, accum=pa, desc=pd, ierror=st)
        end if
      case ('ewise_union')
        if (matrix_out) then
          call weft_ewise_union(Cm, bop, A0, alpha, A1, beta, mask=pm, accum=pa, desc=pd, &
                                ierror=st)
        else
          call weft_ewise_union(Cv, bop, V0, alpha, V1, beta, mask=pv, accum=pa, desc=pd, &
                                ierror=st)
        end if
      case ('kronecker')
        call weft_kronecker(Cm, bop, A0, A1, mask=pm, accum=pa, desc=pd, ierror=st)
      case ('apply_first')
        if (matrix_out) then
          call weft_apply(Cm, bop, s, A0, mask=pm, accum=pa, desc=pd, ierror=st)
        else
          call weft_apply(Cv, bop, s, V0, mask=pv, accum=pa, desc=pd, ierror=st)
        end if
      case ('apply_second')
        if (matrix_out) then
          call weft_apply(Cm, bop, A0, s, mask=pm, accum=pa, desc=pd, ierror=st)
        else
          call weft_apply(Cv, bop, V0, s, mask=pv, accum=pa, desc=pd, ierror=st)
        end if
      end select
    end subroutine binary_op_call

    subroutine index_op_call()
      if (c%op == 'select' .and. matrix_out) then
        call weft_select(Cm, iop, A0, s, mask=pm, accum=pa, desc=pd, ierror=st)
      else if (c%op == 'select') then
        call weft_select(Cv, iop, V0, s, mask=pv, accum=pa, desc=pd, ierror=st)
      else if (matrix_out) then
        call weft_apply(Cm, iop, A0, s, mask=pm, accum=pa, desc=pd, ierror=st)
      else
        call weft_apply(Cv, iop, V0, s, mask=pv, accum=pa, desc=pd, ierror=st)
      end if
    end subroutine index_op_call

    ! extract, assign, assign_scalar; an "all" list is an absent I or J (WEFT_ALL).
    subroutine region_call()
      select case (trim(c%op))
      case ('extract')
        if (matrix_out) then
          call weft_extract(Cm, A0, pI, pJ, mask=pm, accum=pa, desc=pd, ierror=st)
        else
          call weft_extract(Cv, V0, pI, mask=pv, accum=pa, desc=pd, ierror=st)
        end if
      case ('assign')
        if (matrix_out) then
          call weft_assign(Cm, A0, pI, pJ, mask=pm, accum=pa, desc=pd, ierror=st)
        else
          call weft_assign(Cv, V0, pI, mask=pv, accum=pa, desc=pd, ierror=st)
        end if
      case ('assign_scalar')
        if (matrix_out) then
          call weft_assign(Cm, s, pI, pJ, mask=pm, accum=pa, desc=pd, ierror=st)
        else
          call weft_assign(Cv, s, pI, mask=pv, accum=pa, desc=pd, ierror=st)
        end if
      end select
    end subroutine region_call
  end function run_case

  subroutine free_m(x)
    type(weft_matrix), intent(inout) :: x
    if (x /= WEFT_MATRIX_NULL) call weft_free(x)
  end subroutine free_m
  subroutine free_v(x)
    type(weft_vector), intent(inout) :: x
    if (x /= WEFT_VECTOR_NULL) call weft_free(x)
  end subroutine free_v
  subroutine free_s(x)
    type(weft_scalar), intent(inout) :: x
    if (x /= WEFT_SCALAR_NULL) call weft_free(x)
  end subroutine free_s
end module sparse_cases_runner

program test_sparse_cases
  use, intrinsic :: iso_fortran_env, only: output_unit, error_unit
  use sparse_cases_reader
  use sparse_cases_runner
  implicit none
  character(len=4096) :: path
  character(len=:), allocatable :: line, msg
  type(case_t) :: c
  integer :: unit, ios, lineno, ncases, k, nbad

  if (command_argument_count() < 1) then
    write(error_unit, '(a)') 'usage: weft_fortran_test_sparse_cases <case file>'
    error stop 1
  end if
  call get_command_argument(1, path)
  open(newunit=unit, file=trim(path), status='old', action='read', iostat=ios)
  if (ios /= 0) then
    write(error_unit, '(2a)') 'cannot open the case file ', trim(path)
    error stop 1
  end if
  lineno = 0
  ncases = -1
  if (next_line(unit, line, lineno)) then
    msg = token(line, 3)
    if (token(line, 1) == 'weft-sparse-cases' .and. token(line, 2) == '1' .and. len(msg) > 0) &
      read(msg, *, iostat=ios) ncases
  end if
  if (ncases < 0 .or. ios /= 0) then
    write(error_unit, '(2a)') 'parse error: the file does not start with ', &
      '"weft-sparse-cases 1 <ncases>"'
    error stop 1
  end if
  nbad = 0
  do k = 1, ncases
    c = case_t()   ! a fresh case: every slot absent
    if (.not. read_case(unit, c, lineno)) then
      write(error_unit, '(2a)') 'parse error: ', parse_error
      error stop 1
    end if
    msg = run_case(c)
    if (msg /= '') then
      nbad = nbad + 1
      write(output_unit, '(5a)') 'MISMATCH case ', trim(c%id), ' ', trim(c%op), ': ' // msg
    end if
  end do
  if (next_line(unit, line, lineno)) then
    write(error_unit, '(3a)') 'parse error: more than ', 'the announced cases: ', line
    error stop 1
  end if
  close(unit)
  write(output_unit, '(a, i0, a, i0, a)') 'test_sparse_cases: ', ncases, ' cases, ', nbad, &
    ' mismatches'
  if (nbad > 0) error stop 1
end program test_sparse_cases
