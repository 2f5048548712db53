//! A [`Matrix<T>`] to and from arrays: CSR, CSC or COO ([`Format`], [`Storage`]), copied
//! both ways (a matrix keeps none of the caller's arrays).
use core::ffi::c_void;

use super::collection::Matrix;
use super::element::{domain_of, Element};
use super::tuples::to_i64;
use crate::error::{check, Error, Result, Status};
use crate::sys;

/// An array layout of a matrix (`enum weft_format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Compressed rows: `ptr` has `nrows + 1` offsets from 0 to `nvals`; row `i`'s
    /// column indices are `idx[ptr[i]..ptr[i+1]]`, with `values` alongside.
    Csr,
    /// Compressed columns: the same by columns (`ptr` has `ncols + 1` offsets, `idx`
    /// holds row indices).
    Csc,
    /// Coordinates: entry `k` is `(ptr[k], idx[k], values[k])`.
    Coo,
}

impl Format {
    fn raw(self) -> std::os::raw::c_int {
        match self {
            Format::Csr => sys::WEFT_FORMAT_CSR,
            Format::Csc => sys::WEFT_FORMAT_CSC,
            Format::Coo => sys::WEFT_FORMAT_COO,
        }
    }
}

/// A matrix's entries as arrays in one [`Format`] ([`Matrix::export`]). Exported arrays
/// are sorted: CSR by row then column, CSC by column then row, COO row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct Storage<T> {
    /// The layout.
    pub format: Format,
    /// Row (CSR) or column (CSC) offsets, or each entry's row (COO).
    pub ptr: Vec<i64>,
    /// Each entry's column (CSR, COO) or row (CSC).
    pub idx: Vec<i64>,
    /// Each entry's value.
    pub values: Vec<T>,
}

impl<T: Element> Matrix<T> {
    /// `weft_matrix_import`: a new `nrows x ncols` matrix from arrays in `format`
    /// (entries of a row, or column, in any order; no position twice). The slices'
    /// lengths are checked first (`WEFT_DIMENSION_MISMATCH`: `ptr` must have `nrows + 1`
    /// (CSR), `ncols + 1` (CSC) or `values.len()` (COO) entries, `idx` `values.len()`);
    /// then weft checks the contents: offsets that do not run from 0 to `nvals` or
    /// decrease, and a repeated position, are `WEFT_INVALID_VALUE`; an index outside the
    /// matrix is `WEFT_INDEX_OUT_OF_BOUNDS` (the message names the array and position).
    ///
    /// ```
    /// use weft::sparse::{Format, Matrix};
    /// # fn main() -> weft::Result<()> {
    /// // [[1, 0, 2], [0, 0, 0], [0, 3, 0]]
    /// let a = Matrix::<f64>::import(3, 3, Format::Csr, &[0, 2, 2, 3], &[2, 0, 1], &[2.0, 1.0, 3.0])?;
    /// assert_eq!(a.to_tuples()?, vec![(0, 0, 1.0), (0, 2, 2.0), (2, 1, 3.0)]);
    /// let csc = a.export(Format::Csc)?;
    /// assert_eq!((csc.ptr, csc.idx, csc.values), (vec![0, 1, 2, 3], vec![0, 2, 0], vec![1.0, 3.0, 2.0]));
    /// # Ok(()) }
    /// ```
    pub fn import(nrows: i64, ncols: i64, format: Format, ptr: &[i64], idx: &[i64], values: &[T]) -> Result<Matrix<T>> {
        const F: &str = "Matrix::import";
        let nvals = values.len() as i128;
        let want_ptr = match format {
            Format::Csr => nrows as i128 + 1,
            Format::Csc => ncols as i128 + 1,
            Format::Coo => nvals,
        };
        // weft reads exactly these many entries of each array: prove the slices hold them.
        if ptr.len() as i128 != want_ptr.max(0) || idx.len() as i128 != nvals {
            return Err(Error::new(
                Status::DimensionMismatch,
                format!(
                    "{F}: {format:?} of {nrows}x{ncols} with {nvals} values needs ptr of {want_ptr} and idx of {nvals} \
                     entries, got {} and {}",
                    ptr.len(),
                    idx.len()
                ),
            ));
        }
        let domain = domain_of::<T>(F)?;
        let mut raw = core::ptr::null_mut();
        // SAFETY: the arrays hold the counts weft reads (proved above); values are
        // elements of T's domain.
        check(unsafe {
            sys::weft_matrix_import(
                domain.as_raw(),
                nrows,
                ncols,
                format.raw(),
                ptr.as_ptr(),
                idx.as_ptr(),
                values.as_ptr() as *const c_void,
                domain.as_raw(),
                to_i64(values.len()),
                &mut raw,
            )
        })?;
        Ok(Matrix::wrap(raw, domain))
    }

    /// `weft_matrix_export` (after `weft_matrix_export_size`): the entries as arrays in
    /// `format`, sorted (see [`Storage`]).
    pub fn export(&self, format: Format) -> Result<Storage<T>> {
        let (mut np, mut ni, mut nv) = (0i64, 0i64, 0i64);
        // SAFETY: a live handle and three outputs.
        self.check(unsafe { sys::weft_matrix_export_size(self.as_raw(), format.raw(), &mut np, &mut ni, &mut nv) })?;
        let (cp, ci, cv) = (np.max(0) as usize, ni.max(0) as usize, nv.max(0) as usize);
        let mut ptr = vec![0i64; cp];
        let mut idx = vec![0i64; ci];
        let mut values = Vec::<T>::with_capacity(cv);
        // SAFETY: each array has the capacity passed with it; values are written as
        // elements of T's domain.
        self.check(unsafe {
            sys::weft_matrix_export(
                self.as_raw(),
                format.raw(),
                ptr.as_mut_ptr(),
                idx.as_mut_ptr(),
                values.as_mut_ptr() as *mut c_void,
                self.domain_raw(),
                &mut np,
                &mut ni,
                &mut nv,
            )
        })?;
        // SAFETY: weft wrote nv <= cv valid elements (Element) at the start of values.
        unsafe { values.set_len((nv.max(0) as usize).min(cv)) };
        ptr.truncate(np.max(0) as usize);
        idx.truncate(ni.max(0) as usize);
        Ok(Storage {
            format,
            ptr,
            idx,
            values,
        })
    }
}
