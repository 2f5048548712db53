//! Variable-size exchanges: take_v, take_v_into, put_v, put_v_into, put_v_in_place.

use super::*;

impl Indexer {
    /// `weft_indexer_take_v_alloc`: variable items. Owned item `j` has `dist_counts[j]`
    /// units (`dist_values` holds them item after item); requested item `i` receives
    /// `dist_counts[idx[i]]` units. Returns `(counts, values)`: one count per index, and
    /// the values item after item. Collective.
    pub fn take_v<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        const F: &str = "Indexer::take_v";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::TakeAlloc)));
        }
        let mut v = self.take_v_parts_impl(F, dist_counts, dist_values, unit)?;
        Ok(v.pop().expect("one part"))
    }

    /// `weft_indexer_take_v_alloc` with several parts: `(counts, values)` per part.
    pub fn take_v_parts<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
    ) -> Result<Vec<(Vec<i64>, Vec<T>)>> {
        self.take_v_parts_impl("Indexer::take_v_parts", dist_counts, dist_values, unit)
    }

    pub(super) fn take_v_parts_impl<T: Pod>(
        &self,
        func: &str,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
    ) -> Result<Vec<(Vec<i64>, Vec<T>)>> {
        let local = self
            .check_dist_v(func, unit, dist_counts, dist_values)
            .and_then(|_| vec_layout::<T>(func, unit));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::V(VMode::TakeAlloc)));
        }
        let np = self.part_sizes.len();
        let mut out = AllocOut::new(np);
        // SAFETY: dist_counts holds dn entries and dist_values their units (proved);
        // weft allocates one counts and one values array per part.
        let code = unsafe {
            sys::weft_indexer_take_v_alloc(
                self.raw,
                dist_counts.as_ptr(),
                dist_values.as_ptr() as *const c_void,
                unit.as_raw(),
                out.counts.as_mut_ptr(),
                out.values.as_mut_ptr(),
            )
        };
        check(code)?;
        // SAFETY: weft filled every part: part_size[k] counts and their units.
        (0..np)
            .map(|k| unsafe { out.collect(func, "the received counts", unit, k, self.part_sizes[k]) })
            .collect()
    }

    /// `weft_indexer_take_v` into caller buffers: `part_counts` (one entry per index)
    /// receives the counts, `part_values` the values item after item, as many units as
    /// fit in it. Returns the number of units received. A rank whose `part_values` is
    /// too small gets `WEFT_INSUFFICIENT_SPACE` (the exchange completes on every rank;
    /// its counts are written, its values are not), so it can size the buffer and call
    /// again.
    pub fn take_v_into<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
        part_counts: &mut [i64],
        part_values: &mut [T],
    ) -> Result<usize> {
        const F: &str = "Indexer::take_v_into";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::Take)));
        }
        let mut n = self.take_v_into_parts_impl(
            F,
            dist_counts,
            dist_values,
            unit,
            &mut [part_counts],
            &mut [part_values],
        )?;
        Ok(n.pop().expect("one part"))
    }

    /// `weft_indexer_take_v` into caller buffers, one counts and one values slice per
    /// part. Returns the units received per part.
    pub fn take_v_into_parts<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
        part_counts: &mut [&mut [i64]],
        part_values: &mut [&mut [T]],
    ) -> Result<Vec<usize>> {
        self.take_v_into_parts_impl(
            "Indexer::take_v_into_parts",
            dist_counts,
            dist_values,
            unit,
            part_counts,
            part_values,
        )
    }

    pub(super) fn take_v_into_parts_impl<T: Pod>(
        &self,
        func: &str,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
        part_counts: &mut [&mut [i64]],
        part_values: &mut [&mut [T]],
    ) -> Result<Vec<usize>> {
        let lens: Vec<usize> = part_counts.iter().map(|c| c.len()).collect();
        if let Err(e) = self.check_take_v_into(func, unit, dist_counts, dist_values, &lens, part_values.len()) {
            return Err(self.abstain(e, Call::V(VMode::Take)));
        }
        let caps: Vec<i64> = part_values
            .iter()
            .map(|v| capacity(unit, core::mem::size_of_val(*v)))
            .collect();
        let counts: Vec<*mut i64> = part_counts.iter_mut().map(|c| c.as_mut_ptr()).collect();
        let values: PartPtrs = part_values.iter_mut().map(|v| v.as_mut_ptr() as *mut c_void).collect();
        // SAFETY: dist side proved; part k's counts slice has part_size[k] entries and its
        // values slice holds caps[k] units (capacity proves it); weft writes no more.
        check(unsafe {
            sys::weft_indexer_take_v(
                self.raw,
                dist_counts.as_ptr(),
                dist_values.as_ptr() as *const c_void,
                unit.as_raw(),
                counts.as_ptr(),
                values.as_ptr(),
                caps.as_ptr(),
            )
        })?;
        Ok(part_counts.iter().map(|c| units_of(c)).collect())
    }

    /// `weft_indexer_put_v`: variable items. Requested item `i` carries
    /// `part_counts[i]` units (`part_values` holds them item after item). Without
    /// `extend` the last writer wins (an explicit count of 0 empties the item); with
    /// `extend` the arriving blocks are appended in arrival order after the initial
    /// ones. `init` (counts of the `dn` owned items and their values) gives the initial
    /// items; items nobody writes keep their initial block (count 0 without `init`).
    /// Returns the owned items `(counts, values)`. Collective.
    pub fn put_v<T: Pod>(
        &self,
        part_counts: &[i64],
        part_values: &[T],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        const F: &str = "Indexer::put_v";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::Put)));
        }
        self.put_v_parts_impl(F, &[(part_counts, part_values)], unit, extend, init)
    }

    /// `weft_indexer_put_v` with one `(counts, values)` pair per part.
    pub fn put_v_parts<T: Pod>(
        &self,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        self.put_v_parts_impl("Indexer::put_v_parts", parts, unit, extend, init)
    }

    pub(super) fn put_v_parts_impl<T: Pod>(
        &self,
        func: &str,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        let local = vec_layout::<T>(func, unit).and_then(|_| self.check_put_v(func, unit, parts, init));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::V(VMode::Put)));
        }
        let (counts, values) = part_v_ptrs(parts);
        let (ic, iv) = init_ptrs(init);
        let mut out = AllocOut::new(1);
        // SAFETY: every counts array has its part's (or dn) entries and every values
        // array their units (proved); weft allocates the outputs.
        let code = unsafe {
            sys::weft_indexer_put_v(
                self.raw,
                counts.as_ptr(),
                values.as_ptr(),
                unit.as_raw(),
                extend,
                ic,
                iv,
                &mut out.counts[0],
                &mut out.values[0],
            )
        };
        check(code)?;
        // SAFETY: weft's counts array holds dn entries and its values array their units.
        unsafe { out.collect(func, "the owned counts", unit, 0, self.dist_size) }
    }

    /// `weft_indexer_put_v_into`: [`put_v`](Indexer::put_v) into caller buffers. The
    /// owned items' counts go to `dist_counts` (`dn` entries) and their values, item
    /// after item, to `dist_values`, as many units as fit in it (its capacity is the
    /// number of units whose typemaps lie inside the slice). Returns the number of units
    /// written.
    ///
    /// A rank whose `dist_values` is too small gets `WEFT_INSUFFICIENT_SPACE` with
    /// [`Error::needed`] set to the units the result holds; nothing else is written on
    /// that rank (neither `dist_counts` nor `dist_values`), and the exchange completes on
    /// every rank, so it can size the buffer and call again. To update the owned items in
    /// place, see [`put_v_in_place`](Indexer::put_v_in_place).
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, Indexer};
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
    /// let n = match gi.put_v_into(&counts, &values, &unit, true, Some(init), &mut dc, &mut dv) {
    ///     Err(e) if e.status() == Status::InsufficientSpace => {
    ///         dv = vec![0; e.needed().unwrap()]; // 4
    ///         gi.put_v_into(&counts, &values, &unit, true, Some(init), &mut dc, &mut dv)?
    ///     }
    ///     r => r?,
    /// };
    /// assert_eq!((n, &dc[..], &dv[..]), (4, &[0, 4][..], &[1, 7, 8, 9][..]));
    /// # Ok(()) }
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn put_v_into<T: Pod>(
        &self,
        part_counts: &[i64],
        part_values: &[T],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        const F: &str = "Indexer::put_v_into";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::PutInto)));
        }
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        self.put_v_into_impl(
            F,
            &[(part_counts, part_values)],
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )
    }

    /// `weft_indexer_put_v_into` with one `(counts, values)` pair per part.
    pub fn put_v_into_parts<T: Pod>(
        &self,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        self.put_v_into_impl(
            "Indexer::put_v_into_parts",
            parts,
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )
    }

    /// `weft_indexer_put_v_into` in place: the owned items in `dist_counts` (`dn`
    /// counts) and `dist_values` (their units, item after item, at its start) are the
    /// initial items, and the result replaces them (weft assembles it before writing
    /// it, passing the same arrays as `init_counts`/`init_values` and as the output).
    /// With `extend`, the arriving blocks are appended to each item; without, the last
    /// writer replaces it. Returns the number of units the owned items now hold.
    ///
    /// A rank whose `dist_values` is too small for the result gets
    /// `WEFT_INSUFFICIENT_SPACE` with [`Error::needed`] set, and its buffers keep the
    /// initial items untouched.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![0i64]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// // owned items [10] and [20, 21]; room for 5 units
    /// let (mut dc, mut dv) = (vec![1i64, 2], vec![10i64, 20, 21, 0, 0]);
    /// // item 0 gets [11, 12] appended
    /// let n = gi.put_v_in_place(&[2], &[11i64, 12], &Datatype::int64(), true, &mut dc, &mut dv)?;
    /// assert_eq!((n, &dc[..], &dv[..]), (5, &[3, 2][..], &[10, 11, 12, 20, 21][..]));
    /// # Ok(()) }
    /// ```
    pub fn put_v_in_place<T: Pod>(
        &self,
        part_counts: &[i64],
        part_values: &[T],
        unit: &Datatype,
        extend: bool,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        const F: &str = "Indexer::put_v_in_place";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::PutInto)));
        }
        self.put_v_into_impl(
            F,
            &[(part_counts, part_values)],
            unit,
            extend,
            VInit::InPlace,
            dist_counts,
            dist_values,
        )
    }

    /// [`put_v_in_place`](Indexer::put_v_in_place) with one `(counts, values)` pair per
    /// part.
    pub fn put_v_in_place_parts<T: Pod>(
        &self,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        self.put_v_into_impl(
            "Indexer::put_v_in_place_parts",
            parts,
            unit,
            extend,
            VInit::InPlace,
            dist_counts,
            dist_values,
        )
    }

    /// The C arguments of a put_v into caller buffers, after its checks: the parts'
    /// counts and values arrays, `init_counts`/`init_values`, the outputs and the
    /// capacity. In place, the initial arrays are the outputs (same pointers).
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    pub(super) fn put_v_into_args<T: Pod>(
        &self,
        func: &str,
        mode: VMode,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        init: VInit<'_, T>,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<(Arrays, *const i64, *const c_void, *mut i64, *mut c_void, i64)> {
        if let Err(e) = self.check_put_v_into(func, unit, parts, &init, dist_counts, dist_values) {
            return Err(self.abstain(e, Call::V(mode)));
        }
        let (ccounts, cptrs) = part_v_ptrs(parts);
        let cap = capacity(unit, core::mem::size_of_val(dist_values));
        let dc = dist_counts.as_mut_ptr();
        let dv = dist_values.as_mut_ptr() as *mut c_void;
        let (ic, iv) = match init {
            VInit::None => (ptr::null(), ptr::null()),
            VInit::Given(c, v) => (c.as_ptr(), v.as_ptr() as *const c_void),
            VInit::InPlace => (dc as *const i64, dv as *const c_void),
        };
        let arrays = Arrays {
            cptrs,
            ccounts,
            ..Arrays::default()
        };
        Ok((arrays, ic, iv, dc, dv, cap))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn put_v_into_impl<T: Pod>(
        &self,
        func: &str,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        init: VInit<'_, T>,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        let (arrays, ic, iv, dc, dv, cap) =
            self.put_v_into_args(func, VMode::PutInto, parts, unit, init, dist_counts, dist_values)?;
        let mut needed = -1i64;
        // SAFETY: every counts array has its part's (or dn) entries and every values
        // array their units (proved; in place, the initial items lie inside the output
        // slices, which weft reads before it writes them); dist_counts has dn entries and
        // dist_values room for `cap` units (capacity proves it); weft writes no more.
        let code = unsafe {
            sys::weft_indexer_put_v_into(
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
                &mut needed,
            )
        };
        needed_result(check(code), needed, dist_counts)
    }
}
