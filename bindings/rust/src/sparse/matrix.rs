//! What only a [`Matrix<T>`] has: its two dimensions, elements at `(i, j)`, building
//! from and reading out `(i, j, x)` tuples, and `diag`. (CSR/CSC/COO arrays are in
//! `import_export.rs`, images in `serialize.rs`, Matrix Market text in
//! `matrix_market.rs`, the operations in `ops/`.)
use core::ffi::c_void;

use super::collection::{Matrix, Vector};
use super::element::{domain_of, Element};
use super::tuples::{same_lengths, split, to_i64};
use crate::error::{check, Result};
use crate::sys;
use crate::BinaryOp;

impl<T: Element> Matrix<T> {
    /// `weft_matrix_new`: an empty `nrows x ncols` matrix (each dimension in
    /// `[1, 2^60]`, else `WEFT_INVALID_VALUE`).
    pub fn new(nrows: i64, ncols: i64) -> Result<Matrix<T>> {
        // SAFETY: a live type handle and an output.
        Matrix::make("Matrix::new", |t, out| unsafe {
            sys::weft_matrix_new(t, nrows, ncols, out)
        })
    }

    /// `weft_matrix_nrows`.
    pub fn nrows(&self) -> Result<i64> {
        let mut n = 0;
        // SAFETY: a live handle and an output.
        self.check(unsafe { sys::weft_matrix_nrows(self.as_raw(), &mut n) })?;
        Ok(n)
    }

    /// `weft_matrix_ncols`.
    pub fn ncols(&self) -> Result<i64> {
        let mut n = 0;
        // SAFETY: a live handle and an output.
        self.check(unsafe { sys::weft_matrix_ncols(self.as_raw(), &mut n) })?;
        Ok(n)
    }

    /// `weft_matrix_resize`: new dimensions; entries outside them are dropped.
    pub fn resize(&self, nrows: i64, ncols: i64) -> Result<()> {
        // SAFETY: a live handle.
        self.check(unsafe { sys::weft_matrix_resize(self.as_raw(), nrows, ncols) })
    }

    /// `weft_matrix_set_element`: `A(i, j) = x`. A position outside the matrix is
    /// `WEFT_INVALID_INDEX`. O(1): the update is recorded and applied, in call order, by
    /// the next read or wait.
    pub fn set_element(&self, i: i64, j: i64, x: T) -> Result<()> {
        // SAFETY: one element of the domain at &x.
        self.check(unsafe {
            sys::weft_matrix_set_element(self.as_raw(), i, j, &x as *const T as *const c_void, self.domain_raw())
        })
    }

    /// `weft_matrix_extract_element`: `A(i, j)`, `None` where there is no entry. A
    /// position outside the matrix is `WEFT_INVALID_INDEX`.
    pub fn get(&self, i: i64, j: i64) -> Result<Option<T>> {
        let mut x = core::mem::MaybeUninit::<T>::uninit();
        // SAFETY: room for one element of the domain (T's layout).
        let code = unsafe {
            sys::weft_matrix_extract_element(self.as_raw(), i, j, self.domain_raw(), x.as_mut_ptr() as *mut c_void)
        };
        self.check(code)?;
        // SAFETY: WEFT_SUCCESS wrote one element of T's domain: a valid T (Element).
        Ok(if code == sys::WEFT_NO_VALUE {
            None
        } else {
            Some(unsafe { x.assume_init() })
        })
    }

    /// `weft_matrix_remove_element`: deletes `A(i, j)` if present (recorded as
    /// `set_element` is).
    pub fn remove_element(&self, i: i64, j: i64) -> Result<()> {
        // SAFETY: a live handle.
        self.check(unsafe { sys::weft_matrix_remove_element(self.as_raw(), i, j) })
    }

    /// `weft_matrix_build`: fills an empty matrix (else `WEFT_OUTPUT_NOT_EMPTY`) with
    /// `A(rows[k], cols[k]) = values[k]`. Duplicates are combined with `dup` in the order
    /// given (`None`: a duplicate is `WEFT_INVALID_VALUE`); an index outside the matrix
    /// is `WEFT_INDEX_OUT_OF_BOUNDS`; slices of different lengths are
    /// `WEFT_DIMENSION_MISMATCH`. On any error the matrix stays empty.
    pub fn build(&self, rows: &[i64], cols: &[i64], values: &[T], dup: Option<&BinaryOp>) -> Result<()> {
        same_lengths(
            "Matrix::build",
            &[("rows", rows.len()), ("cols", cols.len()), ("values", values.len())],
        )?;
        // SAFETY: three arrays of values.len() entries (proved); values are elements of
        // the domain.
        let code = unsafe {
            sys::weft_matrix_build(
                self.as_raw(),
                rows.as_ptr(),
                cols.as_ptr(),
                values.as_ptr() as *const c_void,
                self.domain_raw(),
                to_i64(values.len()),
                dup.map_or(core::ptr::null_mut(), |d| d.as_raw()),
            )
        };
        self.check(code)?;
        super::ops::settle(self, dup.map_or(false, |d| d.keep().has_closures()))
    }

    /// A new `nrows x ncols` matrix with these entries (no two at one position: that is
    /// `WEFT_INVALID_VALUE`; use [`build`](Matrix::build) with a `dup` operator to
    /// combine them).
    ///
    /// ```
    /// use weft::sparse::Matrix;
    /// # fn main() -> weft::Result<()> {
    /// let a = Matrix::from_tuples(2, 3, &[(1, 2, 7i32), (0, 0, 1)])?;
    /// assert_eq!(a.nvals()?, 2);
    /// assert_eq!(a.to_tuples()?, vec![(0, 0, 1), (1, 2, 7)]); // row-major order
    /// # Ok(()) }
    /// ```
    pub fn from_tuples(nrows: i64, ncols: i64, tuples: &[(i64, i64, T)]) -> Result<Matrix<T>> {
        let (rows, cols, values) = split(tuples);
        let a = Matrix::new(nrows, ncols)?;
        a.build(&rows, &cols, &values, None)?;
        Ok(a)
    }

    /// `weft_matrix_extract_tuples`: the entries in row-major order as three arrays
    /// (rows, columns, values).
    pub fn extract_tuples(&self) -> Result<(Vec<i64>, Vec<i64>, Vec<T>)> {
        let n = self.nvals()?;
        let cap = n as usize;
        let (mut rows, mut cols, mut vals) = (vec![0i64; cap], vec![0i64; cap], Vec::<T>::with_capacity(cap));
        let mut got = 0i64;
        // SAFETY: room for n entries in each array; values are written as elements of
        // the domain (T's layout).
        self.check(unsafe {
            sys::weft_matrix_extract_tuples(
                self.as_raw(),
                n,
                rows.as_mut_ptr(),
                cols.as_mut_ptr(),
                vals.as_mut_ptr() as *mut c_void,
                self.domain_raw(),
                &mut got,
            )
        })?;
        let got = (got.max(0) as usize).min(cap);
        // SAFETY: weft wrote `got` valid elements (Element) at the start of vals.
        unsafe { vals.set_len(got) };
        rows.truncate(got);
        cols.truncate(got);
        Ok((rows, cols, vals))
    }

    /// The entries as `(i, j, x)` in row-major order.
    pub fn to_tuples(&self) -> Result<Vec<(i64, i64, T)>> {
        let (rows, cols, vals) = self.extract_tuples()?;
        Ok(rows
            .into_iter()
            .zip(cols)
            .zip(vals)
            .map(|((i, j), x)| (i, j, x))
            .collect())
    }

    /// `weft_matrix_diag`: a new square matrix of size `n + |k|` (`n` = `v`'s size) with
    /// `v` on diagonal `k` (`k > 0` above the main diagonal): `C(i, i + k) = v(i)`.
    pub fn diag(v: &Vector<T>, k: i64) -> Result<Matrix<T>> {
        let domain = domain_of::<T>("Matrix::diag")?;
        let mut raw = core::ptr::null_mut();
        // SAFETY: a live vector handle and an output.
        check(unsafe { sys::weft_matrix_diag(v.as_raw(), k, &mut raw) })?;
        Ok(Matrix::wrap(raw, domain))
    }
}
