//! Variable-size put: one `put_v` (blocking, scoped, unscoped) whose output argument
//! says where the owned items go: new vectors ([`PutVNew`]), caller buffers
//! ([`PutVInto`]) or in place ([`PutVInPlace`]).

use super::*;

/// Where [`Indexer::put_v`] leaves the owned items, and what it returns: implemented
/// by [`PutVNew`], [`PutVInto`] and [`PutVInPlace`] only (sealed).
pub trait PutVOut<T: Pod>: sealed::Sealed<T> + Sized {
    /// What `put_v` returns, and what [`Request::wait`] of `put_v_begin` hands back.
    type Done;
    #[doc(hidden)]
    /// Writes caller buffers (`weft_indexer_put_v_into`), rather than allocating.
    const INTO: bool;
    #[doc(hidden)]
    fn start<'a>(
        self,
        gi: &Indexer,
        func: &'static str,
        parts: Arrays,
        unit: &'a Datatype,
        extend: bool,
    ) -> Result<Started<'a, Self::Done>>
    where
        Self: 'a;
}

/// [`Indexer::put_v`] into new vectors (`weft_indexer_put_v`): returns the owned items
/// `(counts, values)`. `init` (counts of the `dn` owned items and their values) gives
/// the initial items; without it every item starts empty.
#[derive(Clone, Copy, Debug)]
pub struct PutVNew<'a, T> {
    /// The initial items: `dn` counts and their units.
    pub init: Option<(&'a [i64], &'a [T])>,
}

/// [`Indexer::put_v`] into caller buffers (`weft_indexer_put_v_into`): the owned items'
/// counts go to `counts` (`dn` entries) and their values, item after item, to
/// `values`, as many units as fit in it (its capacity is the number of units whose
/// typemaps lie inside the slice). `init` as in [`PutVNew`]. Returns the buffers and
/// the number of units written.
///
/// A rank whose `values` is too small gets `WEFT_INSUFFICIENT_SPACE` with
/// [`Error::needed`] set to the units the result holds; nothing else is written on that
/// rank (neither `counts` nor `values`), and the exchange completes on every rank, so it
/// can size the buffer and call again.
///
/// ```no_run
/// use weft::mpi::{comm_world_f, Indexer, PutVInto};
/// use weft::{Datatype, Status};
/// # fn main() -> weft::Result<()> {
/// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 1]);
/// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
/// let unit = Datatype::int32();
/// // index 1 is sent [7] then [8, 9]: appended after the initial block [1]
/// let (counts, values) = (vec![1i64, 2], vec![7i32, 8, 9]);
/// let init: (&[i64], &[i32]) = (&[0, 1], &[1]);
/// let mut dc = vec![0i64; gi.dist_size()];
/// let mut dv = vec![0i32; 2];
/// let out = PutVInto { init: Some(init), counts: &mut dc, values: &mut dv };
/// let n = match gi.put_v(&counts, &values, &unit, true, out) {
///     Err(e) if e.status() == Status::InsufficientSpace => {
///         dv = vec![0; e.needed().unwrap()]; // 4
///         let out = PutVInto { init: Some(init), counts: &mut dc, values: &mut dv };
///         gi.put_v(&counts, &values, &unit, true, out)?.2
///     }
///     r => r?.2,
/// };
/// assert_eq!((n, &dc[..], &dv[..]), (4, &[0, 4][..], &[1, 7, 8, 9][..]));
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct PutVInto<'a, T> {
    /// The initial items: `dn` counts and their units.
    pub init: Option<(&'a [i64], &'a [T])>,
    /// Receives the owned items' counts (`dn` entries).
    pub counts: &'a mut [i64],
    /// Receives their units, item after item.
    pub values: &'a mut [T],
}

/// [`Indexer::put_v`] in place (`weft_indexer_put_v_into` with the same arrays as
/// `init_counts`/`init_values` and as the output): the owned items in `counts` (`dn`
/// counts) and `values` (their units, item after item, at its start) are the initial
/// items, and the result replaces them (weft assembles it before writing it). With
/// `extend`, the arriving blocks are appended to each item; without, the last writer
/// replaces it. Returns the buffers and the number of units they now hold.
///
/// A rank whose `values` is too small for the result gets `WEFT_INSUFFICIENT_SPACE`
/// with [`Error::needed`] set, and its buffers keep the initial items untouched.
///
/// ```no_run
/// use weft::mpi::{comm_world_f, Indexer, PutVInPlace};
/// use weft::Datatype;
/// # fn main() -> weft::Result<()> {
/// # let (distrib, idx) = (vec![0i64, 2], vec![0i64]);
/// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
/// // owned items [10] and [20, 21]; room for 5 units
/// let (mut dc, mut dv) = (vec![1i64, 2], vec![10i64, 20, 21, 0, 0]);
/// // item 0 gets [11, 12] appended
/// let out = PutVInPlace { counts: &mut dc, values: &mut dv };
/// let (_, _, n) = gi.put_v(&[2], &[11i64, 12], &Datatype::int64(), true, out)?;
/// assert_eq!((n, &dc[..], &dv[..]), (5, &[3, 2][..], &[10, 11, 12, 20, 21][..]));
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct PutVInPlace<'a, T> {
    /// The owned items' counts (`dn` entries): the initial ones, then the result's.
    pub counts: &'a mut [i64],
    /// Their units, item after item: the initial ones, then the result's.
    pub values: &'a mut [T],
}

/// The caller buffers of [`PutVInto`] and [`PutVInPlace`], handed back with the number
/// of units they hold.
pub type PutVBuffers<'a, T> = (&'a mut [i64], &'a mut [T], usize);

impl<'a, T> sealed::Sealed<T> for PutVNew<'a, T> {}
impl<'a, T> sealed::Sealed<T> for PutVInto<'a, T> {}
impl<'a, T> sealed::Sealed<T> for PutVInPlace<'a, T> {}

impl<'b, T: Pod> PutVOut<T> for PutVNew<'b, T> {
    type Done = (Vec<i64>, Vec<T>);
    const INTO: bool = false;
    fn start<'a>(
        self,
        gi: &Indexer,
        func: &'static str,
        parts: Arrays,
        unit: &'a Datatype,
        extend: bool,
    ) -> Result<Started<'a, Self::Done>>
    where
        Self: 'a,
    {
        gi.put_v_new_start(func, parts, unit, extend, self.init)
    }
}

impl<'b, T: Pod> PutVOut<T> for PutVInto<'b, T> {
    type Done = PutVBuffers<'b, T>;
    const INTO: bool = true;
    fn start<'a>(
        self,
        gi: &Indexer,
        func: &'static str,
        parts: Arrays,
        unit: &'a Datatype,
        extend: bool,
    ) -> Result<Started<'a, Self::Done>>
    where
        Self: 'a,
    {
        let init = VInit::Given(self.init);
        gi.put_v_into_start(func, parts, unit, extend, init, (self.counts, self.values))
    }
}

impl<'b, T: Pod> PutVOut<T> for PutVInPlace<'b, T> {
    type Done = PutVBuffers<'b, T>;
    const INTO: bool = true;
    fn start<'a>(
        self,
        gi: &Indexer,
        func: &'static str,
        parts: Arrays,
        unit: &'a Datatype,
        extend: bool,
    ) -> Result<Started<'a, Self::Done>>
    where
        Self: 'a,
    {
        gi.put_v_into_start(func, parts, unit, extend, VInit::InPlace, (self.counts, self.values))
    }
}

impl Indexer {
    /// `weft_indexer_put_v` / `weft_indexer_put_v_into`: variable items. Requested item
    /// `i` of part `k` carries `part_counts[k][i]` units (`part_values[k]` holds them
    /// item after item); each is one buffer (one part on this rank) or one per part
    /// ([`Parts`]). Without `extend` the last writer wins (an explicit count of 0
    /// empties the item); with `extend` the arriving blocks are appended in arrival
    /// order after the initial ones. Items nobody writes keep their initial block.
    /// `out` says where the owned items go and so what this returns: [`PutVNew`]
    /// (vectors `(counts, values)`), [`PutVInto`] or [`PutVInPlace`] (caller buffers).
    /// Collective.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, Indexer, PutVNew};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 1]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let (counts, values) = (vec![1i64, 2], vec![0.5f32, 1.5, 2.5]);
    /// let (dc, dv) = gi.put_v(&counts, &values, &Datatype::float(), true, PutVNew { init: None })?;
    /// assert_eq!((dc, dv), (vec![0, 3], vec![0.5, 1.5, 2.5]));
    /// # Ok(()) }
    /// ```
    pub fn put_v<T: Pod, C: Parts<i64>, V: Parts<T>, O: PutVOut<T>>(
        &self,
        part_counts: C,
        part_values: V,
        unit: &Datatype,
        extend: bool,
        out: O,
    ) -> Result<O::Done> {
        self.put_v_start("Indexer::put_v", part_counts, part_values, unit, extend, out)?
            .wait()
    }

    /// `weft_indexer_put_v_begin` / `weft_indexer_put_v_into_begin` inside a [`scope`]:
    /// starts a [`put_v`](Indexer::put_v). The inputs (and `init`), the unit and the
    /// indexer stay borrowed for the scope, and so do the buffers of `out`;
    /// [`Request::wait`] completes the exchange and returns what `put_v` does (for
    /// caller buffers: hands them back with the number of units written, or
    /// `WEFT_INSUFFICIENT_SPACE` with [`Error::needed`] set, the buffers not written).
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer, PutVInto};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 1]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::int32();
    /// let (counts, values) = (vec![1i64, 2], vec![7i32, 8, 9]);
    /// let (mut dc, mut dv) = (vec![0i64; 2], vec![0i32; 4]);
    /// scope(|s| -> weft::Result<()> {
    ///     let out = PutVInto { init: None, counts: &mut dc, values: &mut dv };
    ///     let r = gi.put_v_begin(s, &counts, &values, &unit, false, out)?;
    ///     let (_dc, _dv, n) = r.wait()?;
    ///     assert_eq!(n, 2); // the last writer wins: [8, 9]
    ///     Ok(())
    /// })?;
    /// assert_eq!((&dc[..], &dv[..2]), (&[0, 2][..], &[8, 9][..]));
    /// # Ok(()) }
    /// ```
    pub fn put_v_begin<'scope, 'env, T: Pod, C, V, O>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part_counts: C,
        part_values: V,
        unit: &'scope Datatype,
        extend: bool,
        out: O,
    ) -> Result<Request<'scope, O::Done>>
    where
        C: Parts<i64> + 'scope,
        V: Parts<T> + 'scope,
        O: PutVOut<T> + 'scope,
    {
        let started = self.put_v_start("Indexer::put_v_begin", part_counts, part_values, unit, extend, out)?;
        Ok(started.scoped(scope))
    }

    /// `weft_indexer_put_v_begin` / `weft_indexer_put_v_into_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped (weft reads the inputs and `init`, and writes the buffers of
    /// `out`, until it completes).
    pub unsafe fn put_v_begin_unscoped<'a, T: Pod, C, V, O>(
        &'a self,
        part_counts: C,
        part_values: V,
        unit: &'a Datatype,
        extend: bool,
        out: O,
    ) -> Result<Request<'a, O::Done>>
    where
        C: Parts<i64> + 'a,
        V: Parts<T> + 'a,
        O: PutVOut<T> + 'a,
    {
        let started = self.put_v_start(
            "Indexer::put_v_begin_unscoped",
            part_counts,
            part_values,
            unit,
            extend,
            out,
        )?;
        Ok(started.unscoped())
    }

    /// The checks of a put_v's parts (one counts and one values buffer per part, part
    /// k's counts with part_size[k] entries, all >= 0, whose units the values hold),
    /// then `out`'s start.
    fn put_v_start<'a, T: Pod, C: Parts<i64>, V: Parts<T>, O: PutVOut<T> + 'a>(
        &self,
        func: &'static str,
        part_counts: C,
        part_values: V,
        unit: &'a Datatype,
        extend: bool,
        out: O,
    ) -> Result<Started<'a, O::Done>> {
        let (counts, values) = (part_counts.slices(), part_values.slices());
        let local = self
            .part_buffers(func, C::ONE, counts.len())
            .and_then(|_| self.part_buffers(func, V::ONE, values.len()))
            .and_then(|_| self.check_v_parts(func, unit, &counts, &values));
        if let Err(e) = local {
            return Err(self.abstain(e, if O::INTO { Call::PutVInto } else { Call::PutV }));
        }
        let parts = Arrays {
            ccounts: counts.iter().map(|c| c.as_ptr()).collect(),
            cptrs: values.iter().map(|v| v.as_ptr() as *const c_void).collect(),
            ..Arrays::default()
        };
        out.start(self, func, parts, unit, extend)
    }

    /// [`PutVNew`]: weft allocates the owned items.
    fn put_v_new_start<'a, T: Pod>(
        &self,
        func: &'static str,
        parts: Arrays,
        unit: &'a Datatype,
        extend: bool,
        init: Init<'_, T>,
    ) -> Result<Started<'a, (Vec<i64>, Vec<T>)>> {
        let local = vec_layout::<T>(func, unit).and_then(|_| self.check_init(func, "init", unit, init));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::PutV));
        }
        let (ic, iv) = init_ptrs(init);
        let mut out = AllocOut::new(1);
        let (counts, values) = (out.counts.as_mut_ptr(), out.values.as_mut_ptr());
        let dn = self.dist_size;
        Started::begin(
            parts,
            // SAFETY: every counts array has its part's (or dn) entries and every values
            // array their units (proved); the caller keeps them borrowed until the
            // exchange completes. weft stores its allocations into out's arrays at the
            // wait, and `out` outlives the request (as in take_v_start).
            |a, req| unsafe {
                sys::weft_indexer_put_v_begin(
                    self.raw,
                    a.ccounts.as_ptr(),
                    a.cptrs.as_ptr(),
                    unit.as_raw(),
                    extend,
                    ic,
                    iv,
                    counts,
                    values,
                    req,
                )
            },
            move |done| {
                done?;
                // SAFETY: the exchange completed: dn counts and their units.
                unsafe { out.collect(func, "the owned counts", unit, 0, dn) }
            },
        )
    }

    /// [`PutVInto`] and [`PutVInPlace`]: caller buffers, handed back at completion.
    fn put_v_into_start<'a, 'b: 'a, T: Pod>(
        &self,
        func: &'static str,
        parts: Arrays,
        unit: &'a Datatype,
        extend: bool,
        init: VInit<'_, T>,
        (counts, values): (&'b mut [i64], &'b mut [T]),
    ) -> Result<Started<'a, PutVBuffers<'b, T>>> {
        let local = positive_extent(func, unit)
            .and_then(|_| dim(func, "dist_counts", counts.len(), self.dist_size))
            .and_then(|_| match init {
                VInit::Given(i) => self.check_init(func, "init", unit, i),
                VInit::InPlace => self.check_init(func, "the initial items in place", unit, Some((counts, values))),
            });
        if let Err(e) = local {
            return Err(self.abstain(e, Call::PutVInto));
        }
        let cap = capacity(unit, core::mem::size_of_val(values));
        let (dc, dv) = (counts.as_mut_ptr(), values.as_mut_ptr() as *mut c_void);
        let (ic, iv) = match init {
            VInit::Given(i) => init_ptrs(i),
            VInit::InPlace => (dc as *const i64, dv as *const c_void),
        };
        let needed = NeededSlot::new();
        let slot = needed.0;
        Started::begin(
            parts,
            // SAFETY: every counts array has its part's (or dn) entries and every values
            // array their units (proved; in place, the initial items lie inside the
            // output slices, which weft reads before it writes them); counts has dn
            // entries and values room for `cap` units (capacity proves it); weft writes
            // no more. The buffers are handed back only after the exchange completed,
            // and `needed` (moved into the give-back) outlives the request.
            |a, req| unsafe {
                sys::weft_indexer_put_v_into_begin(
                    self.raw,
                    a.ccounts.as_ptr(),
                    a.cptrs.as_ptr(),
                    unit.as_raw(),
                    extend,
                    ic,
                    iv,
                    dc,
                    dv,
                    cap,
                    slot,
                    req,
                )
            },
            move |done| {
                let n = needed_result(done, needed.get(), counts)?;
                Ok((counts, values, n))
            },
        )
    }
}

/// Where a put_v into caller buffers finds its initial items.
enum VInit<'a, T> {
    /// Given apart from the output (or none).
    Given(Init<'a, T>),
    /// The output buffers themselves.
    InPlace,
}
