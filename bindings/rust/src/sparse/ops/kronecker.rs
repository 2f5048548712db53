//! The Kronecker product.
use crate::sparse::collection::Matrix;
use crate::sparse::element::Element;
use crate::sparse::options::Options;
use crate::sparse::shape::{Input, MatrixShape};
use crate::sys;
use crate::BinaryOp;

use super::finish;

impl<T: Element> Matrix<T> {
    /// `weft_kronecker`: `T(i*mB + k, j*nB + l) = op(A(i, j), B(k, l))` for `B` of
    /// `mB x nB`; `C` must be `(mA*mB) x (nA*nB)`.
    pub fn kronecker<A, B>(&self, op: &BinaryOp, a: &A, b: &B, opts: &Options<'_, MatrixShape>) -> crate::Result<()>
    where
        A: Input<MatrixShape> + ?Sized,
        B: Input<MatrixShape> + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            sys::weft_kronecker(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                op.as_raw(),
                a.as_raw(),
                b.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, op.keep().has_closures() || opts.closures())
    }
}
