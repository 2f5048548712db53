//! Fixed-size exchanges: take, put, put_alloc (count units per item).

use super::*;

impl Indexer {
    // ---- Take ----------------------------------------------------------------------------

    /// `weft_indexer_take`: `part[i] = dist[idx[i]]`, `count` units per item. `dist`
    /// holds this rank's `dn` items, `part` one item per index. Collective.
    pub fn take<T: Pod>(&self, dist: &[T], count: i64, unit: &Datatype, part: &mut [T]) -> Result<()> {
        const F: &str = "Indexer::take";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::Take));
        }
        self.take_parts_impl(F, dist, count, unit, &mut [part])
    }

    /// `weft_indexer_take` with one buffer per part: `parts[k][i] = dist[idx_k[i]]`.
    pub fn take_parts<T: Pod>(&self, dist: &[T], count: i64, unit: &Datatype, parts: &mut [&mut [T]]) -> Result<()> {
        self.take_parts_impl("Indexer::take_parts", dist, count, unit, parts)
    }

    pub(super) fn take_parts_impl<T: Pod>(
        &self,
        func: &str,
        dist: &[T],
        count: i64,
        unit: &Datatype,
        parts: &mut [&mut [T]],
    ) -> Result<()> {
        let bytes: Vec<usize> = parts.iter().map(|p| core::mem::size_of_val(*p)).collect();
        if let Err(e) = self.check_fixed(func, unit, count, core::mem::size_of_val(dist), &bytes) {
            return Err(self.abstain(e, Call::Take));
        }
        let ptrs: PartPtrs = parts.iter_mut().map(|p| p.as_mut_ptr() as *mut c_void).collect();
        // SAFETY: every unit weft reads or writes lies inside dist or a part (proved);
        // the parts are distinct &mut slices, dist a shared one.
        check(unsafe {
            sys::weft_indexer_take(
                self.raw,
                dist.as_ptr() as *const c_void,
                count,
                unit.as_raw(),
                ptrs.as_ptr(),
            )
        })
    }

    // ---- Put -----------------------------------------------------------------------------

    /// `weft_indexer_put`: `dist[idx[i]] = part[i]` in arrival order (the last writer
    /// wins), or with `reduce`, `dist[j] = dist[j] op v` for every arriving `v`, starting
    /// from `dist`'s contents, unit by unit. Items nobody writes keep their contents.
    /// Collective; the monoid's domain must be the unit (or, for a predefined monoid, a
    /// predefined type of the same representation), else `WEFT_DOMAIN_MISMATCH`.
    pub fn put<T: Pod>(
        &self,
        part: &[T],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<()> {
        const F: &str = "Indexer::put";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::Put(PutMode::Blocking)));
        }
        self.put_parts_impl(F, &[part], count, unit, reduce, dist)
    }

    /// `weft_indexer_put` with one buffer per part.
    pub fn put_parts<T: Pod>(
        &self,
        parts: &[&[T]],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<()> {
        self.put_parts_impl("Indexer::put_parts", parts, count, unit, reduce, dist)
    }

    pub(super) fn put_parts_impl<T: Pod>(
        &self,
        func: &str,
        parts: &[&[T]],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<()> {
        let bytes: Vec<usize> = parts.iter().map(|p| core::mem::size_of_val(*p)).collect();
        if let Err(e) = self.check_fixed(func, unit, count, core::mem::size_of_val(dist), &bytes) {
            return Err(self.abstain(e, Call::Put(PutMode::Blocking)));
        }
        let ptrs: Vec<*const c_void> = parts.iter().map(|p| p.as_ptr() as *const c_void).collect();
        // SAFETY: every unit lies inside its slice (proved); dist is a &mut slice, so no
        // part overlaps it; the monoid writes units of its domain (any bytes are a valid
        // Pod).
        check(unsafe {
            sys::weft_indexer_put(
                self.raw,
                ptrs.as_ptr(),
                count,
                unit.as_raw(),
                reduce.map_or(ptr::null_mut(), Monoid::as_raw),
                dist.as_mut_ptr() as *mut c_void,
            )
        })
    }

    /// `weft_indexer_put_alloc`: as [`put`](Indexer::put) into a new vector of `dn`
    /// items, which starts as the monoid's identity (or zero bytes without one).
    pub fn put_alloc<T: Pod>(
        &self,
        part: &[T],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
    ) -> Result<Vec<T>> {
        const F: &str = "Indexer::put_alloc";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::Put(PutMode::Alloc)));
        }
        self.put_alloc_parts_impl(F, &[part], count, unit, reduce)
    }

    /// `weft_indexer_put_alloc` with one buffer per part.
    pub fn put_alloc_parts<T: Pod>(
        &self,
        parts: &[&[T]],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
    ) -> Result<Vec<T>> {
        self.put_alloc_parts_impl("Indexer::put_alloc_parts", parts, count, unit, reduce)
    }

    pub(super) fn put_alloc_parts_impl<T: Pod>(
        &self,
        func: &str,
        parts: &[&[T]],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
    ) -> Result<Vec<T>> {
        let bytes: Vec<usize> = parts.iter().map(|p| core::mem::size_of_val(*p)).collect();
        let local = vec_layout::<T>(func, unit).and_then(|_| self.check_fixed(func, unit, count, usize::MAX, &bytes));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::Put(PutMode::Alloc)));
        }
        let ptrs: Vec<*const c_void> = parts.iter().map(|p| p.as_ptr() as *const c_void).collect();
        let mut out: *mut c_void = ptr::null_mut();
        // SAFETY: the parts' units lie inside their slices (proved); weft allocates the
        // output.
        let code = unsafe {
            sys::weft_indexer_put_alloc(
                self.raw,
                ptrs.as_ptr(),
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
        let v = unsafe { units_to_vec::<T>(func, unit, out, self.dist_size as i128 * count as i128) };
        wfree(out);
        v
    }
}
