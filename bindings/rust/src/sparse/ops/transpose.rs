//! transpose.
use crate::sparse::collection::Matrix;
use crate::sparse::element::Element;
use crate::sparse::options::Options;
use crate::sparse::shape::{Input, MatrixShape};
use crate::sys;

use super::finish;

impl<T: Element> Matrix<T> {
    /// `weft_transpose`: `T = A'` ([`transpose0`](Options::transpose0) transposes it
    /// back: a masked, accumulated copy).
    pub fn transpose<A>(&self, a: &A, opts: &Options<'_, MatrixShape>) -> crate::Result<()>
    where
        A: Input<MatrixShape> + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            sys::weft_transpose(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                a.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, opts.closures())
    }
}
