//! What the binding checks before calling weft, and how a rank whose checks failed
//! abstains from the collective (WEFT_ABSTAIN).

use super::*;

// ---- Checks ------------------------------------------------------------------------------

pub(super) fn len_i64(n: usize) -> i64 {
    // Slices never hold more than isize::MAX elements.
    n as i64
}

/// Proves that `nunits` (an exact product, maybe huge) units of `unit` stay inside
/// `len` bytes.
pub(super) fn prove_units(func: &str, which: &str, unit: &Datatype, nunits: i128, len: usize) -> Result<()> {
    if nunits <= 0 {
        return Ok(()); // nothing touched (a negative count is weft's to reject)
    }
    let n = i64::try_from(nunits)
        .map_err(|_| Error::new(Status::Overflow, format!("{func}: {nunits} units in {which}")))?;
    prove_span(func, which, unit, n, len)
}

pub(super) fn dim(func: &str, what: &str, got: usize, want: usize) -> Result<()> {
    if got == want {
        Ok(())
    } else {
        Err(Error::new(
            Status::DimensionMismatch,
            format!("{func}: {what} has {got} entries, the indexer needs {want}"),
        ))
    }
}

/// Sum of counts, all of which must be >= 0.
pub(super) fn sum_counts(func: &str, what: &str, counts: &[i64]) -> Result<i128> {
    let mut total = 0i128;
    for (i, &c) in counts.iter().enumerate() {
        if c < 0 {
            return Err(Error::new(
                Status::InvalidValue,
                format!("{func}: {what}[{i}] = {c} < 0"),
            ));
        }
        total += c as i128;
    }
    Ok(total)
}

pub(super) fn committed(func: &str, unit: &Datatype) -> Result<()> {
    if unit.is_committed_now() {
        Ok(())
    } else {
        Err(Error::new(
            Status::TypeNotCommitted,
            format!("{func}: the unit type is not committed"),
        ))
    }
}

/// A `Vec<T>` can hold units of `unit` at stride extent: extent > 0, a multiple of
/// `size_of::<T>()`, and each unit's data inside its extent.
pub(super) fn vec_layout<T>(func: &str, unit: &Datatype) -> Result<()> {
    let ext = unit.extent();
    let sz = core::mem::size_of::<T>() as isize;
    if sz == 0 || ext <= 0 || ext % sz != 0 {
        return Err(Error::new(
            Status::InvalidValue,
            format!(
                "{func}: a Vec of {}-byte elements cannot hold units of extent {ext}",
                sz
            ),
        ));
    }
    prove_span(func, "one unit's extent", unit, 1, ext as usize)
}

/// `n` units of `unit` at `src` (weft's buffer, units at stride extent) copied into a new
/// zeroed `Vec<T>` of `n * extent` bytes. `vec_layout::<T>` must hold.
///
/// # Safety
/// `src` must hold `n` units as weft lays them out (may be null when `n` is 0).
pub(super) unsafe fn units_to_vec<T: Pod>(func: &str, unit: &Datatype, src: *const c_void, n: i128) -> Result<Vec<T>> {
    if n < 0 {
        return Err(Error::new(Status::Panic, format!("{func}: weft returned {n} units")));
    }
    let ext = unit.extent() as i128;
    let bytes = n * ext;
    let sz = core::mem::size_of::<T>() as i128;
    let len = usize::try_from(bytes / sz)
        .map_err(|_| Error::new(Status::Overflow, format!("{func}: {bytes} bytes of output")))?;
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| Error::new(Status::OutOfMemory, format!("{func}: {bytes} bytes of output")))?;
    // SAFETY: capacity len; a zeroed Pod is a valid T.
    unsafe {
        ptr::write_bytes(v.as_mut_ptr(), 0, len);
        v.set_len(len);
    }
    if n == 0 || unit.size() == 0 {
        return Ok(v);
    }
    let n64 = n as i64; // n * ext fits usize, so n fits i64
    prove_span(func, "the output", unit, n64, len * core::mem::size_of::<T>())?;
    if unit.is_contiguous() && unit.size() as isize == unit.extent() && unit.true_extent().0 == 0 {
        // SAFETY: every byte of the n units is data weft wrote; both ranges hold
        // n * extent bytes and do not overlap.
        unsafe { ptr::copy_nonoverlapping(src as *const u8, v.as_mut_ptr() as *mut u8, bytes as usize) };
    } else {
        // SAFETY: the destination span is proved; weft's buffer holds the n units.
        unsafe { copy_raw(src, n64, unit, v.as_mut_ptr() as *mut c_void, n64, unit)? };
    }
    Ok(v)
}

/// Frees a weft allocation (NULL is fine).
pub(super) fn wfree<P>(p: *mut P) {
    // SAFETY: p came from weft (or is NULL); freed once.
    unsafe { sys::weft_free(p as *mut c_void) }
}

/// The pointer arrays that receive weft's allocations for variable items (one counts and
/// one values array per output); frees whatever they hold when dropped. Their heap
/// buffers stay where they are when the holder moves, so weft may fill them at a
/// request's wait.
pub(super) struct AllocOut {
    pub(super) counts: Vec<*mut i64>,
    pub(super) values: PartPtrs,
}

impl AllocOut {
    pub(super) fn new(n: usize) -> AllocOut {
        AllocOut {
            counts: vec![ptr::null_mut(); n],
            values: vec![ptr::null_mut(); n],
        }
    }

    /// Output `k` as vectors: `n` counts, and the units they add up to.
    ///
    /// # Safety
    /// weft filled output `k`: its counts array holds `n` entries and its values array
    /// the units those counts add up to (laid out at stride extent).
    pub(super) unsafe fn collect<T: Pod>(
        &self,
        func: &str,
        what: &str,
        unit: &Datatype,
        k: usize,
        n: usize,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        let (cp, vp) = (self.counts[k], self.values[k]);
        if n > 0 && cp.is_null() {
            return Err(Error::new(Status::Panic, format!("{func}: weft returned no {what}")));
        }
        let c: Vec<i64> = if n == 0 {
            Vec::new()
        } else {
            // SAFETY: (caller) weft's counts array holds n entries.
            unsafe { core::slice::from_raw_parts(cp, n) }.to_vec()
        };
        let total = sum_counts(func, what, &c)?;
        if total > 0 && unit.size() > 0 && vp.is_null() {
            return Err(Error::new(Status::Panic, format!("{func}: weft returned no values")));
        }
        // SAFETY: (caller) weft's values array holds `total` units.
        let v = unsafe { units_to_vec::<T>(func, unit, vp, total)? };
        Ok((c, v))
    }
}

impl Drop for AllocOut {
    fn drop(&mut self) {
        for (&c, &v) in self.counts.iter().zip(&self.values) {
            wfree(c);
            wfree(v);
        }
    }
}

/// A heap `int64_t` that weft writes at a request's wait (`*needed`); freed on drop.
pub(super) struct NeededSlot(pub(super) *mut i64);

impl NeededSlot {
    pub(super) fn new() -> NeededSlot {
        NeededSlot(Box::into_raw(Box::new(-1i64)))
    }
    pub(super) fn get(&self) -> i64 {
        // SAFETY: a live allocation of ours; weft wrote it (or not) before the wait
        // returned.
        unsafe { self.0.read() }
    }
}

impl Drop for NeededSlot {
    fn drop(&mut self) {
        // SAFETY: from Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(self.0) });
    }
}

/// The result of a put_v into caller buffers: the units written (`*needed`, or if weft
/// left it unset, the sum of the owned counts it wrote), or the error, which for
/// `WEFT_INSUFFICIENT_SPACE` carries the units needed.
pub(super) fn needed_result(done: Result<()>, needed: i64, counts: &[i64]) -> Result<usize> {
    match done {
        Ok(()) => Ok(if needed >= 0 { needed as usize } else { units_of(counts) }),
        Err(e) if e.status() == Status::InsufficientSpace && needed >= 0 => {
            let n = needed as usize; // >= 0, and at most a slice's worth of units or i64::MAX
            Err(e.with_needed(n))
        }
        Err(e) => Err(e),
    }
}

/// Units received per part of a take_v into caller buffers: the sums of the counts
/// weft wrote.
pub(super) fn units_of(counts: &[i64]) -> usize {
    counts.iter().map(|&x| x.max(0) as usize).sum()
}

/// The error of a rank-local check, after this rank abstained from the collective
/// (`Indexer::abstain`): the agreed status (the same on every rank) with `local`'s
/// message. (An abstaining call always fails; a success would keep the local status.)
pub(super) fn agreed(local: Error, code: c_int) -> Error {
    let status = if code < 0 {
        Status::from_code(code)
    } else {
        local.status()
    };
    Error::new(status, local.message().to_string())
}

/// Variable items are laid out at stride extent: a unit with data needs extent > 0.
pub(super) fn positive_extent(func: &str, unit: &Datatype) -> Result<()> {
    if unit.extent() <= 0 && unit.size() > 0 {
        return Err(Error::new(
            Status::InvalidValue,
            format!("{func}: variable items need a unit of positive extent"),
        ));
    }
    Ok(())
}

/// The largest number of units of `unit` whose typemap stays inside `len` bytes
/// (units at stride extent > 0).
pub(super) fn capacity(unit: &Datatype, len: usize) -> i64 {
    let ext = unit.extent() as i128;
    let (tlb, tex) = unit.true_extent();
    if unit.size() == 0 {
        return if ext > 0 {
            (len as i128 / ext).min(i64::MAX as i128) as i64
        } else {
            0
        };
    }
    let (lo, hi) = (tlb as i128, tlb as i128 + tex as i128);
    if ext <= 0 || lo < 0 || hi > len as i128 {
        return 0;
    }
    ((len as i128 - hi) / ext + 1).min(i64::MAX as i128) as i64
}

impl Indexer {
    // ---- Fixed-size exchanges: local checks ----------------------------------------------

    /// The checks of a take/put: unit committed, every buffer long enough (the number of
    /// buffers is [`part_buffers`](Indexer::part_buffers)'s).
    pub(super) fn check_fixed(
        &self,
        func: &str,
        unit: &Datatype,
        count: i64,
        dist_bytes: usize,
        part_bytes: &[usize],
    ) -> Result<()> {
        committed(func, unit)?;
        prove_units(func, "dist", unit, self.dist_size as i128 * count as i128, dist_bytes)?;
        for (k, (&b, &n)) in part_bytes.iter().zip(&self.part_sizes).enumerate() {
            prove_units(func, &format!("part {k}"), unit, n as i128 * count as i128, b)?;
        }
        Ok(())
    }

    // ---- Variable-size exchanges ------------------------------------------------------

    /// Takes part in an exchange this rank must not make (one of its local checks
    /// failed), so that no other rank waits for it: the call with
    /// `unit = WEFT_ABSTAIN`, which weft_mpi.h documents to read no argument but the
    /// indexer, to write nothing (no request, no allocation), and to fail on every rank
    /// alike. Returns the agreed status with `local`'s message.
    pub(super) fn abstain(&self, local: Error, call: Call) -> Error {
        let np = self.part_sizes.len();
        let (gi, unit) = (self.raw, sys::ABSTAIN);
        let (nulls, cnulls) = (vec![ptr::null_mut(); np], vec![ptr::null(); np]);
        let (count_nulls, ccount_nulls) = (vec![ptr::null_mut(); np], vec![ptr::null(); np]);
        let (mut out_c, mut out_v): (*mut i64, *mut c_void) = (ptr::null_mut(), ptr::null_mut());
        let (n, cn, c0) = (ptr::null_mut::<c_void>(), ptr::null::<c_void>(), ptr::null::<i64>());
        let mut req: sys::weft_request = ptr::null_mut();
        let r = &mut req;
        // SAFETY: an abstaining call reads nothing but gi and writes nothing (weft_mpi.h);
        // every pointer passed is NULL or an array of NULLs that weft does not read.
        let code = unsafe {
            match call {
                Call::Take => sys::weft_indexer_take_begin(gi, cn, 0, unit, nulls.as_ptr(), r),
                Call::Put => sys::weft_indexer_put_begin(gi, cnulls.as_ptr(), 0, unit, ptr::null_mut(), n, r),
                Call::PutAlloc => {
                    sys::weft_indexer_put_alloc(gi, cnulls.as_ptr(), 0, unit, ptr::null_mut(), &mut out_v)
                }
                Call::TakeV => {
                    let caps = ptr::null();
                    sys::weft_indexer_take_v_begin(gi, c0, cn, unit, count_nulls.as_ptr(), nulls.as_ptr(), caps, r)
                }
                Call::TakeVAlloc => {
                    sys::weft_indexer_take_v_alloc_begin(gi, c0, cn, unit, ptr::null_mut(), ptr::null_mut(), r)
                }
                Call::PutV => sys::weft_indexer_put_v_begin(
                    gi,
                    ccount_nulls.as_ptr(),
                    cnulls.as_ptr(),
                    unit,
                    false,
                    c0,
                    cn,
                    &mut out_c,
                    &mut out_v,
                    r,
                ),
                Call::PutVInto => sys::weft_indexer_put_v_into_begin(
                    gi,
                    ccount_nulls.as_ptr(),
                    cnulls.as_ptr(),
                    unit,
                    false,
                    c0,
                    cn,
                    ptr::null_mut(),
                    n,
                    0,
                    ptr::null_mut(),
                    r,
                ),
            }
        };
        debug_assert!(
            req.is_null() && out_c.is_null() && out_v.is_null(),
            "an abstaining call wrote an output"
        );
        agreed(local, code)
    }

    /// One buffer needs an indexer with one part on this rank; otherwise there must be
    /// one buffer per part.
    pub(super) fn part_buffers(&self, func: &str, one: bool, n: usize) -> Result<()> {
        let np = self.part_sizes.len();
        if one && np != 1 {
            return Err(Error::new(
                Status::DimensionMismatch,
                format!("{func}: this rank has {np} parts; pass one buffer per part"),
            ));
        }
        dim(func, "the list of part buffers", n, np)
    }

    /// The checks of take_v's owned side: `dist_counts` has `dn` entries, all >= 0, and
    /// `dist_values` holds their sum of units.
    pub(super) fn check_dist_v<T: Pod>(
        &self,
        func: &str,
        unit: &Datatype,
        dist_counts: &[i64],
        dist_values: &[T],
    ) -> Result<()> {
        committed(func, unit)?;
        dim(func, "dist_counts", dist_counts.len(), self.dist_size)?;
        let total = sum_counts(func, "dist_counts", dist_counts)?;
        prove_units(func, "dist_values", unit, total, core::mem::size_of_val(dist_values))
    }

    /// The checks of a take_v into caller buffers: the owned side, part k's counts
    /// slice with part_size[k] entries, and a unit of positive extent (the values
    /// slices' capacities are computed, not checked).
    pub(super) fn check_take_v_into<T: Pod>(
        &self,
        func: &str,
        unit: &Datatype,
        dist_counts: &[i64],
        dist_values: &[T],
        count_lens: &[usize],
    ) -> Result<()> {
        self.check_dist_v(func, unit, dist_counts, dist_values)?;
        for (k, &n) in count_lens.iter().enumerate() {
            dim(func, &format!("part_counts[{k}]"), n, self.part_sizes[k])?;
        }
        positive_extent(func, unit)
    }

    /// The checks of a put_v's parts: unit committed, part k's counts with
    /// part_size[k] entries, all >= 0, whose units its values hold.
    pub(super) fn check_v_parts<T: Pod>(
        &self,
        func: &str,
        unit: &Datatype,
        counts: &[&[i64]],
        values: &[&[T]],
    ) -> Result<()> {
        committed(func, unit)?;
        for (k, (c, v)) in counts.iter().zip(values).enumerate() {
            dim(func, &format!("part_counts[{k}]"), c.len(), self.part_sizes[k])?;
            let total = sum_counts(func, &format!("part_counts[{k}]"), c)?;
            prove_units(
                func,
                &format!("part_values[{k}]"),
                unit,
                total,
                core::mem::size_of_val(*v),
            )?;
        }
        Ok(())
    }

    /// The checks of a put_v's initial items (`what`), if any: `dn` counts, all >= 0,
    /// whose units the values hold.
    pub(super) fn check_init<T: Pod>(&self, func: &str, what: &str, unit: &Datatype, init: Init<'_, T>) -> Result<()> {
        let (c, v) = match init {
            Some(i) => i,
            None => return Ok(()),
        };
        dim(func, &format!("{what} counts"), c.len(), self.dist_size)?;
        let total = sum_counts(func, &format!("{what} counts"), c)?;
        prove_units(func, &format!("{what} values"), unit, total, core::mem::size_of_val(v))
    }
}

/// The exchange a rank abstains from (`Indexer::abstain`): the `*_begin` call every form
/// makes (`put_alloc` has no split phase).
#[derive(Clone, Copy)]
pub(super) enum Call {
    Take,
    Put,
    PutAlloc,
    TakeV,
    TakeVAlloc,
    PutV,
    PutVInto,
}

/// A put_v's initial items: `dn` counts and their units (`None`: every count 0).
pub(super) type Init<'a, T> = Option<(&'a [i64], &'a [T])>;

/// `init_counts` / `init_values` for C (both NULL without initial items).
pub(super) fn init_ptrs<T>(init: Init<'_, T>) -> (*const i64, *const c_void) {
    match init {
        Some((c, v)) => (c.as_ptr(), v.as_ptr() as *const c_void),
        None => (ptr::null(), ptr::null()),
    }
}
