//! Fixed-size exchanges (`count` units per item): take, put, put_alloc. Each is started
//! once (`*_start`, a `weft_indexer_*_begin` call); the blocking form waits at once, the
//! split-phase forms return a [`Request`].

use super::*;

impl Indexer {
    // ---- Take ----------------------------------------------------------------------------

    /// `weft_indexer_take`: `part[i] = dist[idx[i]]`, `count` units per item, for every
    /// part. `dist` holds this rank's `dn` items; `parts` is one buffer (an indexer with
    /// one part on this rank) or one per part ([`PartsMut`]), each with one item per
    /// index. Collective.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let distrib = vec![0i64, 3];
    /// let gi = Indexer::new_multi(&distrib, &[&[2, 0], &[1]], comm_world_f())?;
    /// let (mut a, mut b) = (vec![0i32; 2], vec![0i32; 1]);
    /// gi.take(&[10, 11, 12], 1, &Datatype::int32(), [&mut a[..], &mut b[..]])?;
    /// assert_eq!((a, b), (vec![12, 10], vec![11]));
    /// # Ok(()) }
    /// ```
    pub fn take<T: Pod, P: PartsMut<T>>(&self, dist: &[T], count: i64, unit: &Datatype, parts: P) -> Result<()> {
        self.take_start("Indexer::take", dist, count, unit, parts)?
            .wait()
            .map(drop)
    }

    /// `weft_indexer_take_begin` inside a [`scope`]: starts a [`take`](Indexer::take) and
    /// returns at once. `dist`, `parts`, `unit` and the indexer stay borrowed for the
    /// scope; [`Request::wait`] completes the exchange and hands `parts` back, filled.
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
    ///     let got = r.wait()?; // &mut Vec<f64>, filled
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
    pub fn take_begin<'scope, 'env, T: Pod, P: PartsMut<T> + 'scope>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist: &'scope [T],
        count: i64,
        unit: &'scope Datatype,
        parts: P,
    ) -> Result<Request<'scope, P>> {
        Ok(self
            .take_start("Indexer::take_begin", dist, count, unit, parts)?
            .scoped(scope))
    }

    /// `weft_indexer_take_begin` without a scope: the [`Request`] borrows the buffers,
    /// and waiting it (or dropping it, which waits) completes the exchange.
    ///
    /// # Safety
    /// The request must be waited or dropped: leaking it (`mem::forget`, a reference
    /// cycle) ends the borrows while weft may still write `parts`.
    /// [`take_begin`](Indexer::take_begin) in a [`scope`] is the safe form. The same
    /// holds for every `_begin_unscoped` form.
    pub unsafe fn take_begin_unscoped<'a, T: Pod, P: PartsMut<T> + 'a>(
        &'a self,
        dist: &'a [T],
        count: i64,
        unit: &'a Datatype,
        parts: P,
    ) -> Result<Request<'a, P>> {
        Ok(self
            .take_start("Indexer::take_begin_unscoped", dist, count, unit, parts)?
            .unscoped())
    }

    fn take_start<'a, T: Pod, P: PartsMut<T> + 'a>(
        &self,
        func: &str,
        dist: &[T],
        count: i64,
        unit: &Datatype,
        mut parts: P,
    ) -> Result<Started<'a, P>> {
        let mut slices = parts.slices_mut();
        let bytes: Vec<usize> = slices.iter().map(|p| core::mem::size_of_val(&**p)).collect();
        let local = self
            .part_buffers(func, P::ONE, bytes.len())
            .and_then(|_| self.check_fixed(func, unit, count, core::mem::size_of_val(dist), &bytes));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::Take));
        }
        let arrays = Arrays {
            ptrs: slices.iter_mut().map(|p| p.as_mut_ptr() as *mut c_void).collect(),
            ..Arrays::default()
        };
        Started::begin(
            arrays,
            // SAFETY: every unit weft reads or writes lies inside dist or a part (proved);
            // the parts are distinct &mut slices, dist a shared one. The caller keeps
            // them borrowed until the exchange completes (the parts are handed back
            // then), and the pointer array moves into the pending exchange.
            |a, req| unsafe {
                sys::weft_indexer_take_begin(
                    self.raw,
                    dist.as_ptr() as *const c_void,
                    count,
                    unit.as_raw(),
                    a.ptrs.as_ptr(),
                    req,
                )
            },
            move |done| done.map(|()| parts),
        )
    }

    // ---- Put -----------------------------------------------------------------------------

    /// `weft_indexer_put`: `dist[idx[i]] = part[i]` in arrival order (the last writer
    /// wins), or with `reduce`, `dist[j] = dist[j] op v` for every arriving `v`, starting
    /// from `dist`'s contents, unit by unit. Items nobody writes keep their contents.
    /// `parts` is one buffer or one per part ([`Parts`]). Collective; the monoid's
    /// domain must be the unit (or, for a predefined monoid, a predefined type of the
    /// same representation), else `WEFT_DOMAIN_MISMATCH`.
    pub fn put<T: Pod, P: Parts<T>>(
        &self,
        parts: P,
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<()> {
        self.put_start("Indexer::put", parts, count, unit, reduce, dist)?
            .wait()
            .map(drop)
    }

    /// `weft_indexer_put_begin` inside a [`scope`]: starts a [`put`](Indexer::put).
    /// The buffers, unit, monoid and indexer stay borrowed for the scope;
    /// [`Request::wait`] completes the exchange and hands `dist` back.
    pub fn put_begin<'scope, 'env, T: Pod, P: Parts<T> + 'scope>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: P,
        count: i64,
        unit: &'scope Datatype,
        reduce: Option<&'scope Monoid>,
        dist: &'scope mut [T],
    ) -> Result<Request<'scope, &'scope mut [T]>> {
        Ok(self
            .put_start("Indexer::put_begin", parts, count, unit, reduce, dist)?
            .scoped(scope))
    }

    /// `weft_indexer_put_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped).
    pub unsafe fn put_begin_unscoped<'a, T: Pod, P: Parts<T> + 'a>(
        &'a self,
        parts: P,
        count: i64,
        unit: &'a Datatype,
        reduce: Option<&'a Monoid>,
        dist: &'a mut [T],
    ) -> Result<Request<'a, &'a mut [T]>> {
        Ok(self
            .put_start("Indexer::put_begin_unscoped", parts, count, unit, reduce, dist)?
            .unscoped())
    }

    fn put_start<'a, T: Pod, P: Parts<T>>(
        &self,
        func: &str,
        parts: P,
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &'a mut [T],
    ) -> Result<Started<'a, &'a mut [T]>> {
        let arrays = self.fixed_parts(func, &parts, count, unit, core::mem::size_of_val(dist), Call::Put)?;
        let out = dist.as_mut_ptr() as *mut c_void;
        Started::begin(
            arrays,
            // SAFETY: every unit lies inside its slice (proved); dist is a &mut slice,
            // so no part overlaps it; the monoid writes units of its domain (any bytes
            // are a valid Pod). The caller keeps the parts, unit and monoid borrowed
            // until the exchange completes, and dist is handed back only then.
            |a, req| unsafe {
                sys::weft_indexer_put_begin(
                    self.raw,
                    a.cptrs.as_ptr(),
                    count,
                    unit.as_raw(),
                    reduce.map_or(ptr::null_mut(), Monoid::as_raw),
                    out,
                    req,
                )
            },
            move |done| done.map(|()| dist),
        )
    }

    /// `weft_indexer_put_alloc`: as [`put`](Indexer::put) into a new vector of `dn`
    /// items, which starts as the monoid's identity (or zero bytes without one).
    /// Blocking only (weft has no split-phase form).
    pub fn put_alloc<T: Pod, P: Parts<T>>(
        &self,
        parts: P,
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
    ) -> Result<Vec<T>> {
        const F: &str = "Indexer::put_alloc";
        let local = vec_layout::<T>(F, unit);
        if let Err(e) = local {
            return Err(self.abstain(e, Call::PutAlloc));
        }
        let arrays = self.fixed_parts(F, &parts, count, unit, usize::MAX, Call::PutAlloc)?;
        let mut out: *mut c_void = ptr::null_mut();
        // SAFETY: the parts' units lie inside their slices (proved); weft allocates the
        // output.
        let code = unsafe {
            sys::weft_indexer_put_alloc(
                self.raw,
                arrays.cptrs.as_ptr(),
                count,
                unit.as_raw(),
                reduce.map_or(ptr::null_mut(), Monoid::as_raw),
                &mut out,
            )
        };
        if let Err(e) = check(code) {
            wfree(out);
            return Err(e);
        }
        // SAFETY: weft's buffer holds dn * count units at stride extent.
        let v = unsafe { units_to_vec::<T>(F, unit, out, self.dist_size as i128 * count as i128) };
        wfree(out);
        v
    }

    /// The checks of a put's inputs (abstaining from `call` if one fails) and their
    /// pointer array.
    fn fixed_parts<T: Pod, P: Parts<T>>(
        &self,
        func: &str,
        parts: &P,
        count: i64,
        unit: &Datatype,
        dist_bytes: usize,
        call: Call,
    ) -> Result<Arrays> {
        let slices = parts.slices();
        let bytes: Vec<usize> = slices.iter().map(|p| core::mem::size_of_val(*p)).collect();
        let local = self
            .part_buffers(func, P::ONE, bytes.len())
            .and_then(|_| self.check_fixed(func, unit, count, dist_bytes, &bytes));
        if let Err(e) = local {
            return Err(self.abstain(e, call));
        }
        Ok(Arrays {
            cptrs: slices.iter().map(|p| p.as_ptr() as *const c_void).collect(),
            ..Arrays::default()
        })
    }
}
