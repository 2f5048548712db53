//! What only a [`Vector<T>`] has: its size, elements at `i`, building from and reading
//! out `(i, x)` tuples. (The operations are in `ops/`.)
use core::ffi::c_void;

use super::collection::Vector;
use super::element::Element;
use super::tuples::{same_lengths, to_i64};
use crate::error::Result;
use crate::sys;
use crate::BinaryOp;

impl<T: Element> Vector<T> {
    /// `weft_vector_new`: an empty vector of `n` positions (`n` in `[1, 2^60]`, else
    /// `WEFT_INVALID_VALUE`).
    pub fn new(n: i64) -> Result<Vector<T>> {
        // SAFETY: a live type handle and an output.
        Vector::make("Vector::new", |t, out| unsafe { sys::weft_vector_new(t, n, out) })
    }

    /// `weft_vector_size`: the number of positions.
    pub fn size(&self) -> Result<i64> {
        let mut n = 0;
        // SAFETY: a live handle and an output.
        self.check(unsafe { sys::weft_vector_size(self.as_raw(), &mut n) })?;
        Ok(n)
    }

    /// `weft_vector_resize`: a new size; entries at indices `>= n` are dropped.
    pub fn resize(&self, n: i64) -> Result<()> {
        // SAFETY: a live handle.
        self.check(unsafe { sys::weft_vector_resize(self.as_raw(), n) })
    }

    /// `weft_vector_set_element`: `v(i) = x`. An index outside `[0, size)` is
    /// `WEFT_INVALID_INDEX`. O(1): recorded, applied by the next read or wait.
    pub fn set_element(&self, i: i64, x: T) -> Result<()> {
        // SAFETY: one element of the domain at &x.
        self.check(unsafe {
            sys::weft_vector_set_element(self.as_raw(), i, &x as *const T as *const c_void, self.domain_raw())
        })
    }

    /// `weft_vector_extract_element`: `v(i)`, `None` where there is no entry. An index
    /// outside `[0, size)` is `WEFT_INVALID_INDEX`.
    pub fn get(&self, i: i64) -> Result<Option<T>> {
        let mut x = core::mem::MaybeUninit::<T>::uninit();
        // SAFETY: room for one element of the domain (T's layout).
        let code = unsafe {
            sys::weft_vector_extract_element(self.as_raw(), i, self.domain_raw(), x.as_mut_ptr() as *mut c_void)
        };
        self.check(code)?;
        // SAFETY: WEFT_SUCCESS wrote one element of T's domain: a valid T (Element).
        Ok(if code == sys::WEFT_NO_VALUE {
            None
        } else {
            Some(unsafe { x.assume_init() })
        })
    }

    /// `weft_vector_remove_element`: deletes `v(i)` if present.
    pub fn remove_element(&self, i: i64) -> Result<()> {
        // SAFETY: a live handle.
        self.check(unsafe { sys::weft_vector_remove_element(self.as_raw(), i) })
    }

    /// `weft_vector_build`: fills an empty vector (else `WEFT_OUTPUT_NOT_EMPTY`) with
    /// `v(indices[k]) = values[k]`, duplicates combined with `dup` in the order given
    /// (`None`: a duplicate is `WEFT_INVALID_VALUE`); as [`Matrix::build`](super::Matrix::build).
    pub fn build(&self, indices: &[i64], values: &[T], dup: Option<&BinaryOp>) -> Result<()> {
        same_lengths("Vector::build", &[("indices", indices.len()), ("values", values.len())])?;
        // SAFETY: two arrays of values.len() entries (proved).
        let code = unsafe {
            sys::weft_vector_build(
                self.as_raw(),
                indices.as_ptr(),
                values.as_ptr() as *const c_void,
                self.domain_raw(),
                to_i64(values.len()),
                dup.map_or(core::ptr::null_mut(), |d| d.as_raw()),
            )
        };
        self.check(code)?;
        super::ops::settle(self, dup.map_or(false, |d| d.keep().has_closures()))
    }

    /// A new vector of `n` positions with these entries (no index twice).
    ///
    /// ```
    /// use weft::sparse::Vector;
    /// # fn main() -> weft::Result<()> {
    /// let v = Vector::from_tuples(5, &[(3, true), (1, false)])?;
    /// assert_eq!(v.to_tuples()?, vec![(1, false), (3, true)]);
    /// assert_eq!(v.get(3)?, Some(true));
    /// assert_eq!(v.get(0)?, None);
    /// # Ok(()) }
    /// ```
    pub fn from_tuples(n: i64, tuples: &[(i64, T)]) -> Result<Vector<T>> {
        let (indices, values): (Vec<i64>, Vec<T>) = tuples.iter().copied().unzip();
        let v = Vector::new(n)?;
        v.build(&indices, &values, None)?;
        Ok(v)
    }

    /// `weft_vector_extract_tuples`: the entries in increasing index order as two arrays.
    pub fn extract_tuples(&self) -> Result<(Vec<i64>, Vec<T>)> {
        let n = self.nvals()?;
        let cap = n as usize;
        let (mut idx, mut vals) = (vec![0i64; cap], Vec::<T>::with_capacity(cap));
        let mut got = 0i64;
        // SAFETY: room for n entries in each array, values as elements of T's domain.
        self.check(unsafe {
            sys::weft_vector_extract_tuples(
                self.as_raw(),
                n,
                idx.as_mut_ptr(),
                vals.as_mut_ptr() as *mut c_void,
                self.domain_raw(),
                &mut got,
            )
        })?;
        let got = (got.max(0) as usize).min(cap);
        // SAFETY: weft wrote `got` valid elements at the start of vals.
        unsafe { vals.set_len(got) };
        idx.truncate(got);
        Ok((idx, vals))
    }

    /// The entries as `(i, x)` in increasing index order.
    pub fn to_tuples(&self) -> Result<Vec<(i64, T)>> {
        let (idx, vals) = self.extract_tuples()?;
        Ok(idx.into_iter().zip(vals).collect())
    }
}
