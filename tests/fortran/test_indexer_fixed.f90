! The fixed-size exchanges (module weft_mpi) against the serial simulation of
! indexer_test_support, blocking, with the one-part and the multi-part indexer, on 1 to
! 4 ranks: sizes, take (count as default and 64-bit integer), put (the last writer in
! arrival order wins), put with PLUS and MIN, put_alloc (REAL(8) with and without MAX,
! LOR on LOGICAL(c_bool) and on default LOGICAL, 2 DOUBLEs per COMPLEX element),
! access_counts, and user-defined monoids from Fortran bind(C) subroutines on a bind(C)
! derived type unit (argmax with ties to the earliest arrival, a componentwise sum).
program test_indexer_fixed
  use, intrinsic :: iso_c_binding, only: c_bool, c_int64_t, c_double
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_negative_inf
  use indexer_test_support
  implicit none
  call world_setup()
  call check_sizes()
  call fixed(gi, 'one part')
  call fixed(gim, 'multi-part')
  call world_teardown('test_indexer_fixed')

contains

  subroutine check_sizes()
    integer :: d, np, k, s
    integer(I8) :: d8, np8, s8
    call weft_indexer_sizes(gi, d, np, ierr)
    call check_status(ierr, WEFT_SUCCESS, 'weft_indexer_sizes')
    call check(d == dn .and. np == 1, 'one-part indexer: dn and 1 part')
    call weft_indexer_part_size(gi, 0, s)
    call check_i(s, L, 'part 0 (0-based) has the indices')
    call weft_indexer_sizes(gim, d8, np8)
    call check(d8 == dn .and. np8 == nparts, 'multi-part indexer: dn and nparts')
    do k = 1, nparts
      call weft_indexer_part_size(gim, int(k - 1, I8), s8)
      call check(s8 == nidx(k), 'multi-part: part sizes')
    end do
    call weft_indexer_part_size(gim, nparts, s, ierr)
    call check_status(ierr, WEFT_INVALID_INDEX, 'part number nparts is out of range')
  end subroutine check_sizes

  subroutine fixed(g, what)
    type(weft_indexer), intent(in) :: g
    character(*), intent(in) :: what
    integer(I8), allocatable :: d8(:), p8(:), e8(:), s8(:), acc8(:), c8(:)
    integer, allocatable :: pi(:), di(:), ei(:), acc(:)
    real(R8), allocatable :: rv(:), dr(:), er(:)
    complex(R8), allocatable :: cv(:), dc(:), ecx(:)
    logical(c_bool), allocatable :: fl(:), dfl(:), efl(:)
    logical, allocatable :: fld(:), dld(:)
    type(best_t), allocatable :: bp(:), bd(:), eb(:), bt(:)
    type(best_t) :: ident, best
    integer :: gg, p, k, u

    ! -- take, 3 INT64 per item; count as default and as 64-bit integer
    call take_data(d8, e8)
    allocate(p8(3 * L))
    p8 = -1
    call weft_indexer_take(g, d8, 3, WEFT_INT64, p8, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take')
    call same(p8, e8, what // ': take, count 3')
    p8 = -1
    call weft_indexer_take(g, d8, 3_I8, WEFT_INT64, p8, ierr)
    call same(p8, e8, what // ': take, count INTEGER(8)')

    ! -- put, 2 INTEGERs per item: the last writer in arrival order wins
    call put_data(pi, ei)
    allocate(di(2 * dn))
    di = -1
    call weft_indexer_put(g, pi, 2, WEFT_INTEGER, di, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put')
    call same(di, ei, what // ': put, last writer wins')

    ! -- put with PLUS (INT64, count 1), from initial contents
    call plus_data(c8, s8, e8)
    call weft_indexer_put(g, c8, 1, WEFT_INT64, s8, WEFT_PLUS_MONOID_INT64, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put PLUS')
    call same(s8, e8, what // ': put PLUS (initial contents included)')

    ! -- put with MIN (INTEGER via the INT32 monoid), count 2
    do i = 1, L
      do u = 1, 2
        pi(2 * (i - 1) + u) = mod(37 * rank + 11 * i + 5 * u, 17) - 8
      end do
    end do
    ei = 100
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (.not. owned(gg)) cycle
        do u = 1, 2
          ei(2 * (gg - base) + u) = min(ei(2 * (gg - base) + u), mod(37 * r + 11 * i + 5 * u, 17) - 8)
        end do
      end do
    end do
    di = 100
    call weft_indexer_put(g, pi, 2, WEFT_INTEGER, di, WEFT_MIN_MONOID_INT32, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put MIN')
    call same(di, ei, what // ': put MIN on WEFT_INTEGER')

    ! -- put_alloc: REAL(8), without reduce (zeros) and with MAX (-inf)
    allocate(rv(L), er(dn))
    do i = 1, L
      rv(i) = rank + i / 8d0
    end do
    er = 0
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) er(gg - base + 1) = r + i / 8d0
      end do
    end do
    call weft_indexer_put_alloc(g, rv, 1, WEFT_DOUBLE_PRECISION, dr, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc')
    call same(dr, er, what // ': put_alloc, zeros where nobody writes')
    er = ieee_value(0d0, ieee_negative_inf)
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) er(gg - base + 1) = max(er(gg - base + 1), r + i / 8d0)
      end do
    end do
    call weft_indexer_put_alloc(g, rv, 1_I8, WEFT_DOUBLE_PRECISION, dr, WEFT_MAX_MONOID_FP64, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc MAX')
    call same(dr, er, what // ': put_alloc MAX, -inf where nobody writes')
    ! LOR on LOGICAL(c_bool) flags into a LOGICAL(c_bool) array
    allocate(fl(L), efl(dn))
    do i = 1, L
      fl(i) = mod(rank + i, 3) == 0
    end do
    efl = .false.
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) efl(gg - base + 1) = efl(gg - base + 1) .or. mod(r + i, 3) == 0
      end do
    end do
    call weft_indexer_put_alloc(g, fl, 1, WEFT_BOOL, dfl, WEFT_LOR_MONOID_BOOL, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc LOR')
    call check(size(dfl) == dn, what // ': put_alloc LOR size')
    if (size(dfl) == dn) call check(logical(all(dfl .eqv. efl)), what // ': put_alloc LOR on WEFT_BOOL')
    ! default LOGICAL (4 bytes, .true. = 1 with gfortran): WEFT_INT32 units and the INT32
    ! logical monoid, into a LOGICAL array
    allocate(fld(L))
    fld = fl
    call weft_indexer_put_alloc(g, fld, 1, WEFT_INT32, dld, WEFT_LOR_MONOID_INT32, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc LOR_INT32 on LOGICAL')
    call check(size(dld) == dn, what // ': put_alloc LOGICAL size')
    if (size(dld) == dn) call check(all(dld .eqv. logical(efl)), what // ': put_alloc LOR on LOGICAL')
    ! 2 DOUBLEs per item into a COMPLEX(8) array (one element per item)
    allocate(cv(L), ecx(dn))
    do i = 1, L
      cv(i) = cmplx(rank, -i, R8)
    end do
    ecx = (0d0, 0d0)
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) ecx(gg - base + 1) = cmplx(r, -i, R8)
      end do
    end do
    call weft_indexer_put_alloc(g, cv, 2, WEFT_DOUBLE, dc, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put_alloc into COMPLEX')
    call check(size(dc) == dn, what // ': put_alloc COMPLEX size')
    if (size(dc) == dn) call check(all(dc == ecx), what // ': put_alloc, 2 DOUBLEs per COMPLEX')

    ! -- access_counts
    deallocate(ei)
    allocate(ei(dn))
    ei = 0
    do p = 1, size(allidx)
      if (owned(allidx(p))) ei(allidx(p) - base + 1) = ei(allidx(p) - base + 1) + 1
    end do
    call weft_indexer_access_counts(g, acc, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': access_counts')
    call same(acc, ei, what // ': access_counts')
    call weft_indexer_access_counts(g, acc8)
    call same(acc8, int(ei, I8), what // ': access_counts INTEGER(8)')

    ! -- the user-defined monoids on the bind(C) derived type
    allocate(bp(L), bd(dn), eb(dn), bt(L))
    do i = 1, L
      bp(i) = best_t(real(mod(7 * rank + 3 * i, 5), c_double), displs(rank + 1) + i)
    end do
    call weft_monoid_identity(argmax, ident)
    bd = ident
    eb = ident
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (.not. owned(gg)) cycle
        ident = eb(gg - base + 1)
        call best_of(eb(gg - base + 1), ident, &
                     best_t(real(mod(7 * r + 3 * i, 5), c_double), displs(r + 1) + i))
      end do
    end do
    call weft_indexer_put(g, bp, 1, best_type, bd, argmax, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put with the argmax monoid')
    call check(all(bd%value == eb%value .and. bd%where == eb%where), &
               what // ': argmax of bind(C) structs, ties to the earliest arrival')
    ! take the structs back: every index gets its item's best
    call weft_indexer_take(g, bd, 1, best_type, bt, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': take of bind(C) structs')
    do i = 1, L
      gg = idx(i)
      ! the best over every arrival at gg
      best = best_t(-huge(0d0), huge(0_c_int64_t))
      do r = 0, nranks - 1
        do k = 1, lens(r + 1)
          if (allidx(displs(r + 1) + k) /= gg) cycle
          ident = best
          call best_of(best, ident, best_t(real(mod(7 * r + 3 * k, 5), c_double), displs(r + 1) + k))
        end do
      end do
      call check(bt(i)%value == best%value .and. bt(i)%where == best%where, &
                 what // ': take returns the reduced structs')
    end do
    ! componentwise sum (procedure(weft_binary_fn) monoid), from zeros
    bd = best_t(0d0, 0)
    eb = best_t(0d0, 0)
    do r = 0, nranks - 1
      do i = 1, lens(r + 1)
        gg = allidx(displs(r + 1) + i)
        if (owned(gg)) eb(gg - base + 1) = best_t(eb(gg - base + 1)%value + mod(7 * r + 3 * i, 5), &
                                                  eb(gg - base + 1)%where + displs(r + 1) + i)
      end do
    end do
    call weft_indexer_put(g, bp, 1, best_type, bd, psum, ierr)
    call check_status(ierr, WEFT_SUCCESS, what // ': put with the pair_sum monoid')
    call check(all(bd%value == eb%value .and. bd%where == eb%where), what // ': pair_sum of structs')
  end subroutine fixed
end program test_indexer_fixed
