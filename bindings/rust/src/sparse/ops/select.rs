//! select: the entries an index-unary operator keeps, on matrices and vectors alike.
use crate::sparse::collection::Sparse;
use crate::sparse::element::Element;
use crate::sparse::options::Options;
use crate::sparse::shape::{Input, ScalarInput, Shape};
use crate::IndexUnaryOp;

use super::finish;

impl<T: Element, S: Shape> Sparse<T, S> {
    /// `weft_*_select`: `T` = the entries `a` at `(i, j)` for which
    /// `op(a, i, j, thunk)` cast to `bool` is true, values unchanged. An empty `thunk`
    /// is `WEFT_EMPTY_OBJECT`.
    ///
    /// ```
    /// use weft::sparse::{Matrix, Options, Scalar};
    /// use weft::{IndexUnaryOp, IndexUnaryOpcode};
    /// # fn main() -> weft::Result<()> {
    /// // The strictly lower triangle: TRIL with thunk -1 keeps j <= i - 1.
    /// let a = Matrix::from_tuples(3, 3, &[(0, 1, 1i32), (1, 0, 2), (2, 0, 3), (2, 2, 4)])?;
    /// let l = Matrix::<i32>::new(3, 3)?;
    /// let tril = IndexUnaryOp::predefined(IndexUnaryOpcode::Tril, None).unwrap();
    /// l.select(&tril, &a, &Scalar::from_value(-1i64)?, &Options::new())?;
    /// assert_eq!(l.to_tuples()?, vec![(1, 0, 2), (2, 0, 3)]);
    /// # Ok(()) }
    /// ```
    pub fn select<A, X>(&self, op: &IndexUnaryOp, a: &A, thunk: &X, opts: &Options<'_, S>) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
        X: ScalarInput + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            (S::CALLS.select)(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                op.as_raw(),
                a.as_raw(),
                thunk.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, op.keep().has_closures() || opts.closures())
    }
}
