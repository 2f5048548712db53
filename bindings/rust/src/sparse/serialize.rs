//! A [`Matrix<T>`] as a byte image: `weft_matrix_serialize` / `_deserialize` (the
//! format is described at the top of core/sparse/serialize.cpp: versioned,
//! little-endian, checksummed, self-contained).
use core::ffi::c_void;

use super::collection::Matrix;
use super::element::{domain_of, same_domain, Element};
use crate::error::{check, Error, Result, Status};
use crate::sys;

impl<T: Element> Matrix<T> {
    /// `weft_matrix_serialize` (after `weft_matrix_serialize_size`): the matrix's image.
    /// The same matrix always gives the same bytes.
    ///
    /// ```
    /// use weft::sparse::Matrix;
    /// # fn main() -> weft::Result<()> {
    /// let a = Matrix::from_tuples(3, 4, &[(0, 3, -1i16), (2, 0, 5)])?;
    /// let image = a.serialize()?;
    /// let b = Matrix::<i16>::deserialize(&image)?;
    /// assert_eq!(b.to_tuples()?, a.to_tuples()?);
    /// assert_eq!((b.nrows()?, b.ncols()?), (3, 4));
    /// assert!(Matrix::<f64>::deserialize(&image).is_err()); // another domain
    /// # Ok(()) }
    /// ```
    pub fn serialize(&self) -> Result<Vec<u8>> {
        let mut size = 0i64;
        // SAFETY: a live handle and an output.
        self.check(unsafe { sys::weft_matrix_serialize_size(self.as_raw(), &mut size) })?;
        let mut buf = vec![0u8; size.max(0) as usize];
        let mut got = 0i64;
        // SAFETY: buf has `size` bytes, the capacity passed.
        self.check(unsafe {
            sys::weft_matrix_serialize(self.as_raw(), buf.as_mut_ptr() as *mut c_void, size, &mut got)
        })?;
        buf.truncate(got.max(0) as usize);
        Ok(buf)
    }

    /// `weft_matrix_deserialize`: the matrix of an image, whose domain must be `T`'s (the
    /// same predefined type, or a user-defined type of the same typemap, lower bound and
    /// extent), else `WEFT_DOMAIN_MISMATCH`. An image that is not whole and intact
    /// (truncated, another format or version, a wrong checksum, broken contents) is
    /// `WEFT_INVALID_VALUE`.
    pub fn deserialize(image: &[u8]) -> Result<Matrix<T>> {
        const F: &str = "Matrix::deserialize";
        let domain = domain_of::<T>(F)?;
        let mut raw = core::ptr::null_mut();
        // SAFETY: image.len() readable bytes and an output.
        check(unsafe { sys::weft_matrix_deserialize(image.as_ptr() as *const c_void, image.len() as i64, &mut raw) })?;
        let a = Matrix::wrap(raw, domain);
        let found = a.weft_domain()?;
        if !same_domain(&found, a.domain()) {
            return Err(Error::new(
                Status::DomainMismatch,
                format!(
                    "{F}: the image's domain ({}) is not the domain of {}",
                    found.name().unwrap_or("a user-defined type"),
                    core::any::type_name::<T>()
                ),
            ));
        }
        Ok(a)
    }
}
