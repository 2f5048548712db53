//! Split phase underneath: starting a pending exchange and handing the borrowed buffers
//! back when it completes.

use super::*;

impl Indexer {
    /// A single-part take_begin: the pending exchange and how to hand `part` back.
    pub(super) fn take_begin_one<'a, T: Pod>(
        &self,
        func: &str,
        dist: &'a [T],
        count: i64,
        unit: &'a Datatype,
        part: &'a mut [T],
    ) -> Result<(Pending, GiveBack<'a, &'a mut [T]>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::TakeBegin));
        }
        let bytes = [core::mem::size_of_val(part)];
        let (ptr_t, n) = (part.as_mut_ptr(), part.len());
        let p = self.take_begin_impl(func, dist, count, unit, vec![ptr_t as *mut c_void], &bytes)?;
        // SAFETY: `part` was lent for 'a and is handed back only after the exchange
        // completed; nothing else holds it.
        let back: GiveBack<'a, &'a mut [T]> =
            Box::new(move |done: Result<()>| done.map(|()| unsafe { core::slice::from_raw_parts_mut(ptr_t, n) }));
        Ok((p, back))
    }

    /// A put_begin (single part when `one`): the pending exchange and how to hand `dist`
    /// back.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn put_begin_one<'a, T: Pod>(
        &self,
        func: &str,
        parts: Vec<&'a [T]>,
        count: i64,
        unit: &'a Datatype,
        reduce: Option<&'a Monoid>,
        dist: &'a mut [T],
        one: bool,
    ) -> Result<(Pending, GiveBack<'a, &'a mut [T]>)> {
        if one {
            if let Err(e) = self.one_part(func) {
                return Err(self.abstain(e, Call::Put(PutMode::Begin)));
            }
        }
        let (ptr_t, n) = (dist.as_mut_ptr(), dist.len());
        let p = self.put_begin_impl(func, parts, count, unit, reduce, dist)?;
        // SAFETY: as in take_begin_one.
        let back: GiveBack<'a, &'a mut [T]> =
            Box::new(move |done: Result<()>| done.map(|()| unsafe { core::slice::from_raw_parts_mut(ptr_t, n) }));
        Ok((p, back))
    }

    // ---- Split phase, variable items: the pending exchange and how to hand back --------

    /// A single-part take_v_alloc_begin.
    #[allow(clippy::type_complexity)]
    pub(super) fn take_v_begin_one<'a, T: Pod>(
        &'a self,
        func: &'static str,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
    ) -> Result<(Pending, GiveBack<'a, (Vec<i64>, Vec<T>)>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::V(VMode::TakeAllocBegin)));
        }
        let (p, back) = self.take_v_begin_impl(func, dist_counts, dist_values, unit)?;
        Ok((p, map_back(back, |mut v| v.pop().expect("one part"))))
    }

    #[allow(clippy::type_complexity)]
    pub(super) fn take_v_begin_impl<'a, T: Pod>(
        &'a self,
        func: &'static str,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
    ) -> Result<(Pending, GiveBack<'a, Vec<(Vec<i64>, Vec<T>)>>)> {
        let local = self
            .check_dist_v(func, unit, dist_counts, dist_values)
            .and_then(|_| vec_layout::<T>(func, unit));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::V(VMode::TakeAllocBegin)));
        }
        let sizes = self.part_sizes.clone();
        let mut out = AllocOut::new(sizes.len());
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: dist_counts holds dn entries and dist_values their units (proved);
        // weft stores one allocation per part into out's arrays at the wait, and `out`
        // (moved into the give-back, its heap arrays do not move) outlives the request:
        // a request is completed before its give-back is dropped, and a leaked one
        // leaks it.
        check(unsafe {
            sys::weft_indexer_take_v_alloc_begin(
                self.raw,
                dist_counts.as_ptr(),
                dist_values.as_ptr() as *const c_void,
                unit.as_raw(),
                out.counts.as_mut_ptr(),
                out.values.as_mut_ptr(),
                &mut req,
            )
        })?;
        let back: GiveBack<'a, Vec<(Vec<i64>, Vec<T>)>> = Box::new(move |done: Result<()>| {
            done?;
            // SAFETY: the exchange completed: weft filled every part.
            (0..sizes.len())
                .map(|k| unsafe { out.collect(func, "the received counts", unit, k, sizes[k]) })
                .collect()
        });
        Ok((
            Pending {
                raw: req,
                _arrays: Arrays::default(),
            },
            back,
        ))
    }

    /// A single-part take_v_begin into caller buffers.
    #[allow(clippy::type_complexity)]
    pub(super) fn take_v_into_begin_one<'a, T: Pod>(
        &'a self,
        func: &'static str,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
        part_counts: &'a mut [i64],
        part_values: &'a mut [T],
    ) -> Result<(Pending, GiveBack<'a, (&'a mut [i64], &'a mut [T], usize)>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::V(VMode::TakeBegin)));
        }
        let (p, back) =
            self.take_v_into_begin_impl(func, dist_counts, dist_values, unit, vec![(part_counts, part_values)])?;
        Ok((p, map_back(back, |mut v| v.pop().expect("one part"))))
    }

    #[allow(clippy::type_complexity)]
    pub(super) fn take_v_into_begin_impl<'a, T: Pod>(
        &'a self,
        func: &'static str,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
        parts: Vec<(&'a mut [i64], &'a mut [T])>,
    ) -> Result<(Pending, GiveBack<'a, Vec<(&'a mut [i64], &'a mut [T], usize)>>)> {
        let lens: Vec<usize> = parts.iter().map(|(c, _)| c.len()).collect();
        if let Err(e) = self.check_take_v_into(func, unit, dist_counts, dist_values, &lens, parts.len()) {
            return Err(self.abstain(e, Call::V(VMode::TakeBegin)));
        }
        let mut arrays = Arrays::default();
        let mut slices: Vec<(*mut i64, usize, *mut T, usize)> = Vec::with_capacity(parts.len());
        for (c, v) in parts {
            arrays.caps.push(capacity(unit, core::mem::size_of_val(v)));
            arrays.counts.push(c.as_mut_ptr());
            arrays.ptrs.push(v.as_mut_ptr() as *mut c_void);
            slices.push((c.as_mut_ptr(), c.len(), v.as_mut_ptr(), v.len()));
        }
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: dist side proved; part k's counts slice has part_size[k] entries and its
        // values slice holds caps[k] units (capacity proves it); weft writes no more.
        // The slices stay lent to the request for 'a, and the arrays move into the
        // Pending (heap buffers, so their addresses are stable) until it completes.
        check(unsafe {
            sys::weft_indexer_take_v_begin(
                self.raw,
                dist_counts.as_ptr(),
                dist_values.as_ptr() as *const c_void,
                unit.as_raw(),
                arrays.counts.as_ptr(),
                arrays.ptrs.as_ptr(),
                arrays.caps.as_ptr(),
                &mut req,
            )
        })?;
        // SAFETY: the slices were lent for 'a and are handed back only after the exchange
        // completed; nothing else holds them.
        let back: GiveBack<'a, Vec<(&'a mut [i64], &'a mut [T], usize)>> = Box::new(move |done: Result<()>| {
            done.map(|()| {
                slices
                    .into_iter()
                    .map(|(c, nc, v, nv)| {
                        let c = unsafe { core::slice::from_raw_parts_mut(c, nc) };
                        let n = units_of(c);
                        (c, unsafe { core::slice::from_raw_parts_mut(v, nv) }, n)
                    })
                    .collect()
            })
        });
        Ok((
            Pending {
                raw: req,
                _arrays: arrays,
            },
            back,
        ))
    }

    /// A single-part put_v_begin.
    #[allow(clippy::type_complexity)]
    pub(super) fn put_v_begin_one<'a, T: Pod>(
        &'a self,
        func: &'static str,
        part_counts: &'a [i64],
        part_values: &'a [T],
        unit: &'a Datatype,
        extend: bool,
        init: Option<(&'a [i64], &'a [T])>,
    ) -> Result<(Pending, GiveBack<'a, (Vec<i64>, Vec<T>)>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::V(VMode::PutBegin)));
        }
        self.put_v_begin_impl(func, vec![(part_counts, part_values)], unit, extend, init)
    }

    #[allow(clippy::type_complexity)]
    pub(super) fn put_v_begin_impl<'a, T: Pod>(
        &'a self,
        func: &'static str,
        parts: Vec<(&'a [i64], &'a [T])>,
        unit: &'a Datatype,
        extend: bool,
        init: Option<(&'a [i64], &'a [T])>,
    ) -> Result<(Pending, GiveBack<'a, (Vec<i64>, Vec<T>)>)> {
        let local = vec_layout::<T>(func, unit).and_then(|_| self.check_put_v(func, unit, &parts, init));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::V(VMode::PutBegin)));
        }
        let (ccounts, cptrs) = part_v_ptrs(&parts);
        let (ic, iv) = init_ptrs(init);
        let mut out = AllocOut::new(1);
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: every counts array has its part's (or dn) entries and every values
        // array their units (proved), all borrowed for 'a; weft stores its allocations
        // into out's arrays at the wait, and `out` outlives the request (as in
        // take_v_begin_impl).
        check(unsafe {
            sys::weft_indexer_put_v_begin(
                self.raw,
                ccounts.as_ptr(),
                cptrs.as_ptr(),
                unit.as_raw(),
                extend,
                ic,
                iv,
                out.counts.as_mut_ptr(),
                out.values.as_mut_ptr(),
                &mut req,
            )
        })?;
        let dn = self.dist_size;
        let back: GiveBack<'a, (Vec<i64>, Vec<T>)> = Box::new(move |done: Result<()>| {
            done?;
            // SAFETY: the exchange completed: dn counts and their units.
            unsafe { out.collect(func, "the owned counts", unit, 0, dn) }
        });
        Ok((
            Pending {
                raw: req,
                _arrays: Arrays {
                    cptrs,
                    ccounts,
                    ..Arrays::default()
                },
            },
            back,
        ))
    }

    /// A single-part put_v_into_begin (given initial items or in place).
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub(super) fn put_v_into_begin_one<'a, T: Pod>(
        &'a self,
        func: &'static str,
        part_counts: &'a [i64],
        part_values: &'a [T],
        unit: &'a Datatype,
        extend: bool,
        init: VInit<'a, T>,
        dist_counts: &'a mut [i64],
        dist_values: &'a mut [T],
    ) -> Result<(Pending, GiveBack<'a, (&'a mut [i64], &'a mut [T], usize)>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::V(VMode::PutIntoBegin)));
        }
        self.put_v_into_begin_impl(
            func,
            vec![(part_counts, part_values)],
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )
    }

    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub(super) fn put_v_into_begin_impl<'a, T: Pod>(
        &'a self,
        func: &'static str,
        parts: Vec<(&'a [i64], &'a [T])>,
        unit: &'a Datatype,
        extend: bool,
        init: VInit<'a, T>,
        dist_counts: &'a mut [i64],
        dist_values: &'a mut [T],
    ) -> Result<(Pending, GiveBack<'a, (&'a mut [i64], &'a mut [T], usize)>)> {
        let (nc, nv) = (dist_counts.len(), dist_values.len());
        let (arrays, ic, iv, dc, dv, cap) =
            self.put_v_into_args(func, VMode::PutIntoBegin, &parts, unit, init, dist_counts, dist_values)?;
        let needed = NeededSlot::new();
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: as in put_v_into_impl; the inputs, `init` and the output slices stay
        // borrowed for 'a, the arrays move into the Pending, and `needed` (moved into
        // the give-back) outlives the request.
        check(unsafe {
            sys::weft_indexer_put_v_into_begin(
                self.raw,
                arrays.ccounts.as_ptr(),
                arrays.cptrs.as_ptr(),
                unit.as_raw(),
                extend,
                ic,
                iv,
                dc,
                dv,
                cap,
                needed.0,
                &mut req,
            )
        })?;
        let dv = dv as *mut T;
        // SAFETY: as in take_v_into_begin_impl.
        let back: GiveBack<'a, (&'a mut [i64], &'a mut [T], usize)> = Box::new(move |done: Result<()>| {
            let counts = unsafe { core::slice::from_raw_parts_mut(dc, nc) };
            let n = needed_result(done, needed.get(), counts)?;
            Ok((counts, unsafe { core::slice::from_raw_parts_mut(dv, nv) }, n))
        });
        Ok((
            Pending {
                raw: req,
                _arrays: arrays,
            },
            back,
        ))
    }
}

/// Given the status of the completed exchange, rebuilds the borrows a request lent out
/// (and collects weft's allocations); on an error it hands nothing back.
pub(super) type GiveBack<'a, B> = Box<dyn FnOnce(Result<()>) -> Result<B> + 'a>;

/// A give-back whose result goes through `f`.
pub(super) fn map_back<'a, B: 'a, C>(back: GiveBack<'a, B>, f: impl FnOnce(B) -> C + 'a) -> GiveBack<'a, C> {
    Box::new(move |done: Result<()>| back(done).map(f))
}

#[derive(Clone, Copy)]
pub(super) enum PutMode {
    Blocking,
    Alloc,
    Begin,
}

/// The exchange a rank abstains from (`Indexer::abstain`).
#[derive(Clone, Copy)]
pub(super) enum Call {
    Take,
    TakeBegin,
    Put(PutMode),
    V(VMode),
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum VMode {
    Take,
    TakeBegin,
    TakeAlloc,
    TakeAllocBegin,
    Put,
    PutBegin,
    PutInto,
    PutIntoBegin,
}

/// Where a put_v into caller buffers finds its initial items.
pub(super) enum VInit<'a, T> {
    /// No initial items (every count 0).
    None,
    /// `dn` counts and their units.
    Given(&'a [i64], &'a [T]),
    /// The output buffers themselves (`init_counts == dist_counts`, `init_values ==
    /// dist_values`: weft assembles the result before writing it).
    InPlace,
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

/// The C arrays of a put_v's parts: one counts and one values pointer per part.
pub(super) fn part_v_ptrs<T>(parts: &[(&[i64], &[T])]) -> (Vec<*const i64>, Vec<*const c_void>) {
    (
        parts.iter().map(|(c, _)| c.as_ptr()).collect(),
        parts.iter().map(|(_, v)| v.as_ptr() as *const c_void).collect(),
    )
}

/// `init_counts` / `init_values` (both NULL without initial items).
pub(super) fn init_ptrs<T>(init: Option<(&[i64], &[T])>) -> (*const i64, *const c_void) {
    match init {
        Some((c, v)) => (c.as_ptr(), v.as_ptr() as *const c_void),
        None => (ptr::null(), ptr::null()),
    }
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
