//! A [`Matrix<T>`] as Matrix Market text (NIST's exchange format, as LAGraph reads and
//! writes it), in a file or in a string: `weft_matrix_read_mm`, `_read_mm_buffer`,
//! `_write_mm` and `_write_mm_buffer`. weft/sparse.h ("Matrix Market text") describes
//! the formats, fields and symmetries read and the text written.
use core::ffi::c_void;
use core::ptr;
use std::ffi::CString;
use std::path::Path;

use super::collection::Matrix;
use super::element::Element;
use crate::error::{Error, Result, Status};
use crate::sys;

impl<T: Element> Matrix<T> {
    /// `weft_matrix_read_mm`: the matrix in the Matrix Market file at `path`, in `T`'s
    /// domain (`T`'s type is passed as the domain, so the file's `%%GraphBLAS` line and
    /// field only have to be readable as `T`). Values are parsed straight into `T` and
    /// must fit it exactly: an integer `T` takes whole numbers in its range (`3.0` is 3,
    /// `2.5` an error), `bool` takes 0 and 1, floats any number C's `strtod` reads. A
    /// symmetric, skew-symmetric or hermitian file gives both triangles.
    ///
    /// Errors: `WEFT_IO_ERROR` (the file cannot be opened or read);
    /// `WEFT_INVALID_VALUE` (the text is not one whole, valid file, or a value does not
    /// fit `T`: the message names the line; or `path` holds a NUL byte);
    /// `WEFT_DOMAIN_MISMATCH` (`T` is a user-defined domain: Matrix Market has no such
    /// values); `WEFT_OUT_OF_MEMORY`.
    pub fn read_mm(path: impl AsRef<Path>) -> Result<Matrix<T>> {
        const F: &str = "Matrix::read_mm";
        let path = c_path(path.as_ref(), F)?;
        // SAFETY: a NUL-terminated path, a live type handle and an output.
        Matrix::make(F, |t, out| unsafe { sys::weft_matrix_read_mm(path.as_ptr(), t, out) })
    }

    /// `weft_matrix_read_mm_buffer`: the same as [`read_mm`](Matrix::read_mm) from
    /// Matrix Market text in memory (all of `text`; lines end with `\n` or `\r\n`).
    ///
    /// ```
    /// use weft::sparse::Matrix;
    /// # fn main() -> weft::Result<()> {
    /// let text = "%%MatrixMarket matrix coordinate integer symmetric\n2 2 2\n1 1 4\n2 1 -1\n";
    /// let a = Matrix::<i32>::from_mm_str(text)?;
    /// assert_eq!(a.to_tuples()?, vec![(0, 0, 4), (0, 1, -1), (1, 0, -1)]);
    /// assert!(Matrix::<u8>::from_mm_str(text).is_err()); // -1 does not fit u8
    /// # Ok(()) }
    /// ```
    ///
    /// Errors: those of [`read_mm`](Matrix::read_mm) but `WEFT_IO_ERROR`.
    pub fn from_mm_str(text: &str) -> Result<Matrix<T>> {
        // SAFETY: text.len() readable bytes, a live type handle and an output.
        Matrix::make("Matrix::from_mm_str", |t, out| unsafe {
            sys::weft_matrix_read_mm_buffer(text.as_ptr() as *const c_void, text.len() as i64, t, out)
        })
    }

    /// `weft_matrix_write_mm`: writes the matrix to the file at `path` (created or
    /// replaced) as Matrix Market text: coordinate format, the field of its domain
    /// (`integer` for `bool` and the integers, `real` for the floats), a `%%GraphBLAS`
    /// type line, the strongest symmetry the matrix has (symmetric or skew-symmetric:
    /// the lower triangle is written; else general), entries row by row. Floats are
    /// written as the shortest text that reads back as the same value, so
    /// [`read_mm`](Matrix::read_mm) gives the matrix back exactly.
    ///
    /// Errors: `WEFT_IO_ERROR` (the file cannot be created or written; a partly written
    /// file is removed); `WEFT_DOMAIN_MISMATCH` (a user-defined `T`; no file is
    /// created); `WEFT_INVALID_VALUE` (`path` holds a NUL byte).
    pub fn write_mm(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = c_path(path.as_ref(), "Matrix::write_mm")?;
        // SAFETY: a live handle and a NUL-terminated path.
        self.check(unsafe { sys::weft_matrix_write_mm(self.as_raw(), path.as_ptr()) })
    }

    /// `weft_matrix_write_mm_buffer` (asked for the length first, with capacity 0): the
    /// text [`write_mm`](Matrix::write_mm) writes, as a string (every line ends with
    /// `\n`).
    ///
    /// ```
    /// use weft::sparse::Matrix;
    /// # fn main() -> weft::Result<()> {
    /// let a = Matrix::from_tuples(2, 3, &[(0, 2, 0.5f64), (1, 0, -3.0)])?;
    /// let text = a.to_mm_string()?;
    /// assert_eq!(text.lines().next(), Some("%%MatrixMarket matrix coordinate real general"));
    /// assert_eq!(Matrix::<f64>::from_mm_str(&text)?.to_tuples()?, a.to_tuples()?);
    /// # Ok(()) }
    /// ```
    ///
    /// Errors: `WEFT_DOMAIN_MISMATCH` (a user-defined `T`).
    pub fn to_mm_string(&self) -> Result<String> {
        let mut size = 0i64;
        // SAFETY: a live handle; capacity 0 with no buffer asks for the length, which
        // comes with WEFT_INSUFFICIENT_SPACE.
        let code = unsafe { sys::weft_matrix_write_mm_buffer(self.as_raw(), ptr::null_mut(), 0, &mut size) };
        if code != sys::WEFT_INSUFFICIENT_SPACE {
            self.check(code)?;
        }
        let mut buf = vec![0u8; size.max(0) as usize];
        let mut got = 0i64;
        if !buf.is_empty() {
            // SAFETY: buf has `size` bytes, the capacity passed; the matrix cannot change
            // in between (not Sync, and this thread is here).
            self.check(unsafe {
                sys::weft_matrix_write_mm_buffer(self.as_raw(), buf.as_mut_ptr() as *mut c_void, size, &mut got)
            })?;
        }
        buf.truncate(got.max(0) as usize);
        // The text is ASCII.
        Ok(String::from_utf8(buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }
}

/// `path` as C takes it: its bytes, NUL-terminated (not Unicode on Unix: any bytes but
/// NUL). A NUL byte in it is `WEFT_INVALID_VALUE`, as is, elsewhere, a path that is not
/// Unicode.
fn c_path(path: &Path, func: &str) -> Result<CString> {
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = match path.to_str() {
        Some(s) => s.as_bytes().to_vec(),
        None => {
            return Err(Error::new(
                Status::InvalidValue,
                format!("{func}: the path {} is not Unicode", path.display()),
            ))
        }
    };
    CString::new(bytes).map_err(|e| {
        let at = e.nul_position();
        Error::new(
            Status::InvalidValue,
            format!("{func}: the path {path:?} holds a NUL byte (at byte {at})"),
        )
    })
}
