//! The split-phase forms (*_begin) inside a scope: the public calls.

use super::*;

impl Indexer {
    // ---- Split phase -------------------------------------------------------------------

    pub(super) fn take_begin_impl<T: Pod>(
        &self,
        func: &str,
        dist: &[T],
        count: i64,
        unit: &Datatype,
        mut ptrs: PartPtrs,
        part_bytes: &[usize],
    ) -> Result<Pending> {
        if let Err(e) = self.check_fixed(func, unit, count, core::mem::size_of_val(dist), part_bytes) {
            return Err(self.abstain(e, Call::TakeBegin));
        }
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: units inside their slices (proved); the caller keeps dist, the parts,
        // the unit and this indexer borrowed until the request completes, and `ptrs`
        // moves into the Pending (a heap array, so its address is stable).
        check(unsafe {
            sys::weft_indexer_take_begin(
                self.raw,
                dist.as_ptr() as *const c_void,
                count,
                unit.as_raw(),
                ptrs.as_mut_ptr(),
                &mut req,
            )
        })?;
        Ok(Pending {
            raw: req,
            _arrays: Arrays {
                ptrs,
                ..Arrays::default()
            },
        })
    }

    pub(super) fn put_begin_impl<T: Pod>(
        &self,
        func: &str,
        parts: Vec<&[T]>,
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<Pending> {
        let bytes: Vec<usize> = parts.iter().map(|p| core::mem::size_of_val(*p)).collect();
        if let Err(e) = self.check_fixed(func, unit, count, core::mem::size_of_val(dist), &bytes) {
            return Err(self.abstain(e, Call::Put(PutMode::Begin)));
        }
        let cptrs: Vec<*const c_void> = parts.iter().map(|p| p.as_ptr() as *const c_void).collect();
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: as in take_begin_impl.
        check(unsafe {
            sys::weft_indexer_put_begin(
                self.raw,
                cptrs.as_ptr(),
                count,
                unit.as_raw(),
                reduce.map_or(ptr::null_mut(), Monoid::as_raw),
                dist.as_mut_ptr() as *mut c_void,
                &mut req,
            )
        })?;
        Ok(Pending {
            raw: req,
            _arrays: Arrays {
                cptrs,
                ..Arrays::default()
            },
        })
    }

    /// `weft_indexer_take_begin` inside a [`scope`]: starts a [`take`](Indexer::take) and
    /// returns at once. `dist`, `part`, `unit` and the indexer stay borrowed for the
    /// scope; [`Request::wait`] completes the exchange and hands `part` back, filled.
    /// A request dropped unwaited is waited by its drop, and one leaked
    /// (`mem::forget`) by the end of the scope: weft never writes into a buffer that
    /// Rust code can reach again.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx, dist) = (vec![0i64, 1], vec![0i64], vec![1.5f64]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::double();
    /// let mut got = vec![0.0f64; idx.len()];
    /// scope(|s| -> weft::Result<()> {
    ///     let r = gi.take_begin(s, &dist, 1, &unit, &mut got)?;
    ///     // ... other work; `got` cannot be touched here ...
    ///     let got = r.wait()?; // &mut [f64], filled
    ///     got[0] += 1.0;
    ///     Ok(())
    /// })?;
    /// println!("{got:?}");
    /// # Ok(()) }
    /// ```
    ///
    /// A buffer declared inside the scope cannot be lent to a request, and a lent one
    /// cannot be touched before the request hands it back:
    ///
    /// ```compile_fail
    /// use weft::mpi::{scope, Indexer};
    /// use weft::Datatype;
    /// # fn f(gi: &Indexer, dist: &[f64], unit: &Datatype) {
    /// scope(|s| {
    ///     let mut got = vec![0.0f64; 4];
    ///     let r = gi.take_begin(s, dist, 1, unit, &mut got).unwrap();
    ///     std::mem::forget(r);
    /// });
    /// # }
    /// ```
    ///
    /// ```compile_fail
    /// use weft::mpi::{scope, Indexer};
    /// use weft::Datatype;
    /// # fn f(gi: &Indexer, dist: &[f64], unit: &Datatype) {
    /// let mut got = vec![0.0f64; 4];
    /// scope(|s| {
    ///     let r = gi.take_begin(s, dist, 1, unit, &mut got).unwrap();
    ///     got[0] = 1.0; // still lent to the request
    ///     r.wait().unwrap();
    /// });
    /// # }
    /// ```
    pub fn take_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist: &'scope [T],
        count: i64,
        unit: &'scope Datatype,
        part: &'scope mut [T],
    ) -> Result<Request<'scope, &'scope mut [T]>> {
        let (p, back) = self.take_begin_one("Indexer::take_begin", dist, count, unit, part)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_begin` with one buffer per part, inside a [`scope`];
    /// [`Request::wait`] hands the part buffers back.
    pub fn take_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist: &'scope [T],
        count: i64,
        unit: &'scope Datatype,
        parts: I,
    ) -> Result<Request<'scope, Vec<&'scope mut [T]>>>
    where
        I: IntoIterator<Item = &'scope mut [T]>,
    {
        let mut bytes = Vec::new();
        let mut slices: Vec<(*mut T, usize)> = Vec::new();
        let ptrs: PartPtrs = parts
            .into_iter()
            .map(|p| {
                bytes.push(core::mem::size_of_val(p));
                slices.push((p.as_mut_ptr(), p.len()));
                p.as_mut_ptr() as *mut c_void
            })
            .collect();
        let p = self.take_begin_impl("Indexer::take_begin_parts", dist, count, unit, ptrs, &bytes)?;
        // SAFETY: the slices were lent for 'scope and are handed back only after the
        // exchange completed; nothing else holds them.
        let back: GiveBack<'scope, Vec<&'scope mut [T]>> = Box::new(move |done: Result<()>| {
            done.map(|()| {
                slices
                    .into_iter()
                    .map(|(p, n)| unsafe { core::slice::from_raw_parts_mut(p, n) })
                    .collect()
            })
        });
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_begin` inside a [`scope`]: starts a [`put`](Indexer::put).
    /// The buffers, unit, monoid and indexer stay borrowed for the scope;
    /// [`Request::wait`] completes the exchange and hands `dist` back.
    pub fn put_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part: &'scope [T],
        count: i64,
        unit: &'scope Datatype,
        reduce: Option<&'scope Monoid>,
        dist: &'scope mut [T],
    ) -> Result<Request<'scope, &'scope mut [T]>> {
        let (p, back) = self.put_begin_one("Indexer::put_begin", vec![part], count, unit, reduce, dist, true)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_begin` with one buffer per part, inside a [`scope`].
    pub fn put_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: I,
        count: i64,
        unit: &'scope Datatype,
        reduce: Option<&'scope Monoid>,
        dist: &'scope mut [T],
    ) -> Result<Request<'scope, &'scope mut [T]>>
    where
        I: IntoIterator<Item = &'scope [T]>,
    {
        let parts: Vec<&[T]> = parts.into_iter().collect();
        let (p, back) = self.put_begin_one("Indexer::put_begin_parts", parts, count, unit, reduce, dist, false)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_begin` without a scope: the [`Request`] borrows the buffers,
    /// and waiting it (or dropping it, which waits) completes the exchange.
    ///
    /// # Safety
    /// The request must be waited or dropped: leaking it (`mem::forget`, a reference
    /// cycle) ends the borrows while weft may still write `part`.
    /// [`take_begin`](Indexer::take_begin) in a [`scope`] is the safe form.
    pub unsafe fn take_begin_unscoped<'a, T: Pod>(
        &'a self,
        dist: &'a [T],
        count: i64,
        unit: &'a Datatype,
        part: &'a mut [T],
    ) -> Result<Request<'a, &'a mut [T]>> {
        let (p, back) = self.take_begin_one("Indexer::take_begin_unscoped", dist, count, unit, part)?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_put_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped).
    pub unsafe fn put_begin_unscoped<'a, T: Pod>(
        &'a self,
        part: &'a [T],
        count: i64,
        unit: &'a Datatype,
        reduce: Option<&'a Monoid>,
        dist: &'a mut [T],
    ) -> Result<Request<'a, &'a mut [T]>> {
        let (p, back) = self.put_begin_one(
            "Indexer::put_begin_unscoped",
            vec![part],
            count,
            unit,
            reduce,
            dist,
            true,
        )?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_take_v_alloc_begin` inside a [`scope`]: starts a
    /// [`take_v`](Indexer::take_v) and returns at once. [`Request::wait`] completes the
    /// exchange and returns `(counts, values)` of the requested items, as `take_v` does
    /// (weft's allocations become vectors and are freed). The inputs, the unit and the
    /// indexer stay borrowed for the scope.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 0]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::int64();
    /// let (dc, dv) = (vec![1i64, 2], vec![5i64, 6, 7]); // owned items [5] and [6, 7]
    /// let (counts, values) = scope(|s| -> weft::Result<_> {
    ///     let r = gi.take_v_begin(s, &dc, &dv, &unit)?;
    ///     // ... other work ...
    ///     r.wait()
    /// })?;
    /// assert_eq!((counts, values), (vec![2, 1], vec![6, 7, 5]));
    /// # Ok(()) }
    /// ```
    pub fn take_v_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
    ) -> Result<Request<'scope, (Vec<i64>, Vec<T>)>> {
        let (p, back) = self.take_v_begin_one("Indexer::take_v_begin", dist_counts, dist_values, unit)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_v_alloc_begin` with several parts, inside a [`scope`]:
    /// [`Request::wait`] returns `(counts, values)` per part, as
    /// [`take_v_parts`](Indexer::take_v_parts) does.
    #[allow(clippy::type_complexity)]
    pub fn take_v_begin_parts<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
    ) -> Result<Request<'scope, Vec<(Vec<i64>, Vec<T>)>>> {
        let (p, back) = self.take_v_begin_impl("Indexer::take_v_begin_parts", dist_counts, dist_values, unit)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_v_begin` inside a [`scope`]: starts a
    /// [`take_v_into`](Indexer::take_v_into). `part_counts` (one entry per index) and
    /// `part_values` are lent to the request; [`Request::wait`] completes the exchange and
    /// hands them back, filled, with the number of units received. A rank whose
    /// `part_values` is too small gets `WEFT_INSUFFICIENT_SPACE` from `wait` (its counts
    /// are written, its values are not; the buffers are usable again once the scope
    /// ends).
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 0]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::int64();
    /// let (dc, dv) = (vec![1i64, 2], vec![5i64, 6, 7]);
    /// let (mut counts, mut values) = (vec![0i64; 2], vec![0i64; 8]);
    /// scope(|s| -> weft::Result<()> {
    ///     let r = gi.take_v_into_begin(s, &dc, &dv, &unit, &mut counts, &mut values)?;
    ///     let (_counts, _values, n) = r.wait()?;
    ///     assert_eq!(n, 3);
    ///     Ok(())
    /// })?;
    /// assert_eq!((&counts[..], &values[..3]), (&[2, 1][..], &[6, 7, 5][..]));
    /// # Ok(()) }
    /// ```
    ///
    /// The lent buffers cannot be read before the request hands them back:
    ///
    /// ```compile_fail
    /// use weft::mpi::{scope, Indexer};
    /// use weft::Datatype;
    /// # fn f(gi: &Indexer, dc: &[i64], dv: &[i64], unit: &Datatype) {
    /// let (mut counts, mut values) = (vec![0i64; 2], vec![0i64; 8]);
    /// scope(|s| {
    ///     let r = gi.take_v_into_begin(s, dc, dv, unit, &mut counts, &mut values).unwrap();
    ///     let early = counts[0]; // still lent to the request
    ///     r.wait().unwrap();
    ///     let _ = early;
    /// });
    /// # }
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn take_v_into_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
        part_counts: &'scope mut [i64],
        part_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>> {
        let (p, back) = self.take_v_into_begin_one(
            "Indexer::take_v_into_begin",
            dist_counts,
            dist_values,
            unit,
            part_counts,
            part_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_v_begin` with one `(counts, values)` pair of buffers per part,
    /// inside a [`scope`]; [`Request::wait`] hands them back with the units received per
    /// part.
    #[allow(clippy::type_complexity)]
    pub fn take_v_into_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
        parts: I,
    ) -> Result<Request<'scope, Vec<(&'scope mut [i64], &'scope mut [T], usize)>>>
    where
        I: IntoIterator<Item = (&'scope mut [i64], &'scope mut [T])>,
    {
        let parts: Vec<(&'scope mut [i64], &'scope mut [T])> = parts.into_iter().collect();
        let (p, back) = self.take_v_into_begin_impl(
            "Indexer::take_v_into_begin_parts",
            dist_counts,
            dist_values,
            unit,
            parts,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_begin` inside a [`scope`]: starts a [`put_v`](Indexer::put_v).
    /// The inputs (and `init`), the unit and the indexer stay borrowed for the scope;
    /// [`Request::wait`] completes the exchange and returns the owned items
    /// `(counts, values)`, as `put_v` does.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 1]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::float();
    /// let (counts, values) = (vec![1i64, 2], vec![0.5f32, 1.5, 2.5]);
    /// let (dc, dv) = scope(|s| -> weft::Result<_> {
    ///     let r = gi.put_v_begin(s, &counts, &values, &unit, true, None)?;
    ///     r.wait()
    /// })?;
    /// assert_eq!((dc, dv), (vec![0, 3], vec![0.5, 1.5, 2.5]));
    /// # Ok(()) }
    /// ```
    pub fn put_v_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part_counts: &'scope [i64],
        part_values: &'scope [T],
        unit: &'scope Datatype,
        extend: bool,
        init: Option<(&'scope [i64], &'scope [T])>,
    ) -> Result<Request<'scope, (Vec<i64>, Vec<T>)>> {
        let (p, back) = self.put_v_begin_one("Indexer::put_v_begin", part_counts, part_values, unit, extend, init)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_begin` with one `(counts, values)` pair per part, inside a
    /// [`scope`].
    pub fn put_v_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: I,
        unit: &'scope Datatype,
        extend: bool,
        init: Option<(&'scope [i64], &'scope [T])>,
    ) -> Result<Request<'scope, (Vec<i64>, Vec<T>)>>
    where
        I: IntoIterator<Item = (&'scope [i64], &'scope [T])>,
    {
        let parts: Vec<(&'scope [i64], &'scope [T])> = parts.into_iter().collect();
        let (p, back) = self.put_v_begin_impl("Indexer::put_v_begin_parts", parts, unit, extend, init)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_into_begin` inside a [`scope`]: starts a
    /// [`put_v_into`](Indexer::put_v_into). `dist_counts` and `dist_values` are lent to
    /// the request; [`Request::wait`] completes the exchange and hands them back with
    /// the number of units written. A rank whose `dist_values` is too small gets
    /// `WEFT_INSUFFICIENT_SPACE` from `wait`, with [`Error::needed`] set (its buffers are
    /// not written).
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 1]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::int32();
    /// let (counts, values) = (vec![1i64, 2], vec![7i32, 8, 9]);
    /// let (mut dc, mut dv) = (vec![0i64; 2], vec![0i32; 4]);
    /// scope(|s| -> weft::Result<()> {
    ///     let r = gi.put_v_into_begin(s, &counts, &values, &unit, false, None, &mut dc, &mut dv)?;
    ///     let (_dc, _dv, n) = r.wait()?;
    ///     assert_eq!(n, 2); // the last writer wins: [8, 9]
    ///     Ok(())
    /// })?;
    /// assert_eq!((&dc[..], &dv[..2]), (&[0, 2][..], &[8, 9][..]));
    /// # Ok(()) }
    /// ```
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub fn put_v_into_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part_counts: &'scope [i64],
        part_values: &'scope [T],
        unit: &'scope Datatype,
        extend: bool,
        init: Option<(&'scope [i64], &'scope [T])>,
        dist_counts: &'scope mut [i64],
        dist_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>> {
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        let (p, back) = self.put_v_into_begin_one(
            "Indexer::put_v_into_begin",
            part_counts,
            part_values,
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_into_begin` with one `(counts, values)` pair per part, inside
    /// a [`scope`].
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub fn put_v_into_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: I,
        unit: &'scope Datatype,
        extend: bool,
        init: Option<(&'scope [i64], &'scope [T])>,
        dist_counts: &'scope mut [i64],
        dist_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>>
    where
        I: IntoIterator<Item = (&'scope [i64], &'scope [T])>,
    {
        let parts: Vec<(&'scope [i64], &'scope [T])> = parts.into_iter().collect();
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        let (p, back) = self.put_v_into_begin_impl(
            "Indexer::put_v_into_begin_parts",
            parts,
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_into_begin` in place, inside a [`scope`]: starts a
    /// [`put_v_in_place`](Indexer::put_v_in_place) (the owned items in `dist_counts` /
    /// `dist_values` are the initial items and receive the result). [`Request::wait`]
    /// hands the buffers back with the number of units they now hold.
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    pub fn put_v_in_place_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part_counts: &'scope [i64],
        part_values: &'scope [T],
        unit: &'scope Datatype,
        extend: bool,
        dist_counts: &'scope mut [i64],
        dist_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>> {
        let (p, back) = self.put_v_into_begin_one(
            "Indexer::put_v_in_place_begin",
            part_counts,
            part_values,
            unit,
            extend,
            VInit::InPlace,
            dist_counts,
            dist_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// [`put_v_in_place_begin`](Indexer::put_v_in_place_begin) with one
    /// `(counts, values)` pair per part.
    #[allow(clippy::type_complexity)]
    pub fn put_v_in_place_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: I,
        unit: &'scope Datatype,
        extend: bool,
        dist_counts: &'scope mut [i64],
        dist_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>>
    where
        I: IntoIterator<Item = (&'scope [i64], &'scope [T])>,
    {
        let parts: Vec<(&'scope [i64], &'scope [T])> = parts.into_iter().collect();
        let (p, back) = self.put_v_into_begin_impl(
            "Indexer::put_v_in_place_begin_parts",
            parts,
            unit,
            extend,
            VInit::InPlace,
            dist_counts,
            dist_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_v_alloc_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped (leaking it ends the borrows while weft may still read the
    /// inputs).
    pub unsafe fn take_v_begin_unscoped<'a, T: Pod>(
        &'a self,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
    ) -> Result<Request<'a, (Vec<i64>, Vec<T>)>> {
        let (p, back) = self.take_v_begin_one("Indexer::take_v_begin_unscoped", dist_counts, dist_values, unit)?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_take_v_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped, else weft may write `part_counts` / `part_values` after their
    /// borrows ended.
    #[allow(clippy::type_complexity)]
    pub unsafe fn take_v_into_begin_unscoped<'a, T: Pod>(
        &'a self,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
        part_counts: &'a mut [i64],
        part_values: &'a mut [T],
    ) -> Result<Request<'a, (&'a mut [i64], &'a mut [T], usize)>> {
        let (p, back) = self.take_v_into_begin_one(
            "Indexer::take_v_into_begin_unscoped",
            dist_counts,
            dist_values,
            unit,
            part_counts,
            part_values,
        )?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_put_v_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped (weft reads `init` until it completes).
    pub unsafe fn put_v_begin_unscoped<'a, T: Pod>(
        &'a self,
        part_counts: &'a [i64],
        part_values: &'a [T],
        unit: &'a Datatype,
        extend: bool,
        init: Option<(&'a [i64], &'a [T])>,
    ) -> Result<Request<'a, (Vec<i64>, Vec<T>)>> {
        let (p, back) = self.put_v_begin_one(
            "Indexer::put_v_begin_unscoped",
            part_counts,
            part_values,
            unit,
            extend,
            init,
        )?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_put_v_into_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped, else weft may write `dist_counts` / `dist_values` after their
    /// borrows ended.
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub unsafe fn put_v_into_begin_unscoped<'a, T: Pod>(
        &'a self,
        part_counts: &'a [i64],
        part_values: &'a [T],
        unit: &'a Datatype,
        extend: bool,
        init: Option<(&'a [i64], &'a [T])>,
        dist_counts: &'a mut [i64],
        dist_values: &'a mut [T],
    ) -> Result<Request<'a, (&'a mut [i64], &'a mut [T], usize)>> {
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        let (p, back) = self.put_v_into_begin_one(
            "Indexer::put_v_into_begin_unscoped",
            part_counts,
            part_values,
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )?;
        Ok(Request::new(State::Owned(p), back))
    }
}
