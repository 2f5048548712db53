//! Variable-size take: take_v (weft allocates the received items) and take_v_into
//! (caller buffers), each started once, blocking = start + wait.

use super::*;

/// The received items of every part, `(counts, values)` per part.
type PerPartItems<T> = Vec<(Vec<i64>, Vec<T>)>;

impl Indexer {
    // ---- take_v: weft allocates ------------------------------------------------------------

    /// `weft_indexer_take_v_alloc`: variable items. Owned item `j` has `dist_counts[j]`
    /// units (`dist_values` holds them item after item); requested item `i` receives
    /// `dist_counts[idx[i]]` units. Returns `(counts, values)`: one count per index, and
    /// the values item after item. Needs an indexer with one part on this rank (else
    /// `WEFT_DIMENSION_MISMATCH`; [`take_v_parts`](Indexer::take_v_parts) returns one
    /// pair per part). Collective.
    pub fn take_v<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        self.take_v_start("Indexer::take_v", true, dist_counts, dist_values, unit)?
            .map(one_part)
            .wait()
    }

    /// `weft_indexer_take_v_alloc` with any number of parts: `(counts, values)` per part.
    pub fn take_v_parts<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
    ) -> Result<PerPartItems<T>> {
        self.take_v_start("Indexer::take_v_parts", false, dist_counts, dist_values, unit)?
            .wait()
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
        let started = self.take_v_start("Indexer::take_v_begin", true, dist_counts, dist_values, unit)?;
        Ok(started.map(one_part).scoped(scope))
    }

    /// `weft_indexer_take_v_alloc_begin` with any number of parts, inside a [`scope`]:
    /// [`Request::wait`] returns `(counts, values)` per part, as
    /// [`take_v_parts`](Indexer::take_v_parts) does.
    pub fn take_v_begin_parts<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
    ) -> Result<Request<'scope, PerPartItems<T>>> {
        let started = self.take_v_start("Indexer::take_v_begin_parts", false, dist_counts, dist_values, unit)?;
        Ok(started.scoped(scope))
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
        let started = self.take_v_start("Indexer::take_v_begin_unscoped", true, dist_counts, dist_values, unit)?;
        Ok(started.map(one_part).unscoped())
    }

    /// Starts a take_v_alloc (`one`: the caller wants the single-part result).
    fn take_v_start<'a, T: Pod>(
        &self,
        func: &'static str,
        one: bool,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &'a Datatype,
    ) -> Result<Started<'a, PerPartItems<T>>> {
        let np = self.part_sizes.len();
        let local = self
            .part_buffers(func, one, if one { 1 } else { np })
            .and_then(|_| self.check_dist_v(func, unit, dist_counts, dist_values))
            .and_then(|_| vec_layout::<T>(func, unit));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::TakeVAlloc));
        }
        let sizes = self.part_sizes.clone();
        let mut out = AllocOut::new(np);
        let (counts, values) = (out.counts.as_mut_ptr(), out.values.as_mut_ptr());
        Started::begin(
            Arrays::default(),
            // SAFETY: dist_counts holds dn entries and dist_values their units (proved);
            // weft stores one allocation per part into out's arrays at the wait, and
            // `out` (moved into the give-back; its heap arrays do not move) outlives the
            // request: a request is completed before its give-back is dropped, and a
            // leaked one leaks it.
            |_, req| unsafe {
                sys::weft_indexer_take_v_alloc_begin(
                    self.raw,
                    dist_counts.as_ptr(),
                    dist_values.as_ptr() as *const c_void,
                    unit.as_raw(),
                    counts,
                    values,
                    req,
                )
            },
            move |done| {
                done?;
                // SAFETY: the exchange completed: weft filled every part.
                (0..sizes.len())
                    .map(|k| unsafe { out.collect(func, "the received counts", unit, k, sizes[k]) })
                    .collect()
            },
        )
    }

    // ---- take_v_into: caller buffers ---------------------------------------------------

    /// `weft_indexer_take_v` into caller buffers: `part_counts` (one entry per index)
    /// receives the counts, `part_values` the values item after item, as many units as
    /// fit in it. Each is one buffer (one part on this rank) or one per part
    /// ([`PartsMut`]). Returns the number of units received ([`PartsMut::PerPart`]:
    /// `usize`, or one per part). A rank whose `part_values` is too small gets
    /// `WEFT_INSUFFICIENT_SPACE` (the exchange completes on every rank; its counts are
    /// written, its values are not), so it can size the buffer and call again.
    pub fn take_v_into<T: Pod, C: PartsMut<i64>, V: PartsMut<T>>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
        part_counts: C,
        part_values: V,
    ) -> Result<C::PerPart> {
        let started = self.take_v_into_start(
            "Indexer::take_v_into",
            dist_counts,
            dist_values,
            unit,
            part_counts,
            part_values,
        )?;
        started.map(|(_, _, n)| n).wait()
    }

    /// `weft_indexer_take_v_begin` inside a [`scope`]: starts a
    /// [`take_v_into`](Indexer::take_v_into). `part_counts` and `part_values` are lent
    /// to the request; [`Request::wait`] completes the exchange and hands them back,
    /// filled, with the number of units received. A rank whose `part_values` is too
    /// small gets `WEFT_INSUFFICIENT_SPACE` from `wait` (its counts are written, its
    /// values are not; the buffers are usable again once the scope ends).
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
    pub fn take_v_into_begin<'scope, 'env, T: Pod, C: PartsMut<i64> + 'scope, V: PartsMut<T> + 'scope>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
        part_counts: C,
        part_values: V,
    ) -> Result<Request<'scope, (C, V, C::PerPart)>> {
        let func = "Indexer::take_v_into_begin";
        let started = self.take_v_into_start(func, dist_counts, dist_values, unit, part_counts, part_values)?;
        Ok(started.scoped(scope))
    }

    /// `weft_indexer_take_v_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped, else weft may write `part_counts` / `part_values` after their
    /// borrows ended.
    pub unsafe fn take_v_into_begin_unscoped<'a, T: Pod, C: PartsMut<i64> + 'a, V: PartsMut<T> + 'a>(
        &'a self,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
        part_counts: C,
        part_values: V,
    ) -> Result<Request<'a, (C, V, C::PerPart)>> {
        let func = "Indexer::take_v_into_begin_unscoped";
        let started = self.take_v_into_start(func, dist_counts, dist_values, unit, part_counts, part_values)?;
        Ok(started.unscoped())
    }

    fn take_v_into_start<'a, T: Pod, C: PartsMut<i64> + 'a, V: PartsMut<T> + 'a>(
        &self,
        func: &str,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
        mut part_counts: C,
        mut part_values: V,
    ) -> Result<Started<'a, (C, V, C::PerPart)>> {
        let mut counts = part_counts.slices_mut();
        let mut values = part_values.slices_mut();
        let lens: Vec<usize> = counts.iter().map(|c| c.len()).collect();
        let local = self
            .part_buffers(func, C::ONE, counts.len())
            .and_then(|_| self.part_buffers(func, V::ONE, values.len()))
            .and_then(|_| self.check_take_v_into(func, unit, dist_counts, dist_values, &lens));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::TakeV));
        }
        let arrays = Arrays {
            counts: counts.iter_mut().map(|c| c.as_mut_ptr()).collect(),
            ptrs: values.iter_mut().map(|v| v.as_mut_ptr() as *mut c_void).collect(),
            caps: values
                .iter()
                .map(|v| capacity(unit, core::mem::size_of_val(&**v)))
                .collect(),
            ..Arrays::default()
        };
        Started::begin(
            arrays,
            // SAFETY: dist side proved; part k's counts slice has part_size[k] entries and
            // its values slice holds caps[k] units (capacity proves it); weft writes no
            // more. The buffers are handed back only after the exchange completed, and
            // the pointer arrays move into the pending exchange.
            |a, req| unsafe {
                sys::weft_indexer_take_v_begin(
                    self.raw,
                    dist_counts.as_ptr(),
                    dist_values.as_ptr() as *const c_void,
                    unit.as_raw(),
                    a.counts.as_ptr(),
                    a.ptrs.as_ptr(),
                    a.caps.as_ptr(),
                    req,
                )
            },
            move |done| {
                done?;
                let n = part_counts.slices_mut().iter().map(|c| units_of(c)).collect();
                Ok((part_counts, part_values, C::per_part(n)))
            },
        )
    }
}

/// The only part's items of a single-part take_v.
fn one_part<T>(mut v: PerPartItems<T>) -> (Vec<i64>, Vec<T>) {
    v.pop().expect("one part")
}
