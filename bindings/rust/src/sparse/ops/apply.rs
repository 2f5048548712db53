//! apply (a unary operator on each entry), apply_first / apply_second (a binary operator
//! with a scalar bound to one side) and apply_index (an index-unary operator), on
//! matrices and vectors alike.
use crate::sparse::collection::Sparse;
use crate::sparse::element::Element;
use crate::sparse::options::Options;
use crate::sparse::shape::{Input, ScalarInput, Shape};
use crate::{BinaryOp, IndexUnaryOp, UnaryOp};

use super::finish;

impl<T: Element, S: Shape> Sparse<T, S> {
    /// `weft_*_apply`: `T = op(a)` on each entry of `a` ([`transpose0`](Options::transpose0)
    /// transposes a matrix `a`).
    pub fn apply<A>(&self, op: &UnaryOp, a: &A, opts: &Options<'_, S>) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            (S::CALLS.apply)(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                op.as_raw(),
                a.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, op.keep().has_closures() || opts.closures())
    }

    /// `weft_*_apply_first`: `T = op(x, a)` on each entry of `a`. An empty `x` is
    /// `WEFT_EMPTY_OBJECT`. Here `a` is the operator's second input:
    /// [`transpose1`](Options::transpose1) transposes a matrix `a`.
    ///
    /// ```
    /// use weft::sparse::{Options, Scalar, Vector};
    /// use weft::{BinaryOp, BinaryOpcode};
    /// # fn main() -> weft::Result<()> {
    /// let u = Vector::from_tuples(3, &[(0, 4.0f64), (2, 8.0)])?;
    /// let div = BinaryOp::of::<f64>(BinaryOpcode::Div).unwrap();
    /// let w = Vector::<f64>::new(3)?;
    /// w.apply_first(&div, &Scalar::from_value(1.0f64)?, &u, &Options::new())?; // 1 / u
    /// assert_eq!(w.to_tuples()?, vec![(0, 0.25), (2, 0.125)]);
    /// w.apply_second(&div, &u, &Scalar::from_value(2.0f64)?, &Options::new())?; // u / 2
    /// assert_eq!(w.to_tuples()?, vec![(0, 2.0), (2, 4.0)]);
    /// # Ok(()) }
    /// ```
    pub fn apply_first<X, A>(&self, op: &BinaryOp, x: &X, a: &A, opts: &Options<'_, S>) -> crate::Result<()>
    where
        X: ScalarInput + ?Sized,
        A: Input<S> + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            (S::CALLS.apply_first)(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                op.as_raw(),
                x.as_raw(),
                a.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, op.keep().has_closures() || opts.closures())
    }

    /// `weft_*_apply_second`: `T = op(a, y)` on each entry of `a`. An empty `y` is
    /// `WEFT_EMPTY_OBJECT`.
    pub fn apply_second<A, Y>(&self, op: &BinaryOp, a: &A, y: &Y, opts: &Options<'_, S>) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
        Y: ScalarInput + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            (S::CALLS.apply_second)(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                op.as_raw(),
                a.as_raw(),
                y.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, op.keep().has_closures() || opts.closures())
    }

    /// `weft_*_apply_index`: `T = op(a, i, j, thunk)` on each entry `a` at `(i, j)` (a
    /// vector's `j` is 0). An empty `thunk` is `WEFT_EMPTY_OBJECT`.
    ///
    /// ```
    /// use weft::sparse::{Options, Scalar, Vector};
    /// use weft::{IndexUnaryOp, IndexUnaryOpcode};
    /// # fn main() -> weft::Result<()> {
    /// // Replace each entry's value by its index (BFS parents' "q = index of q").
    /// let q = Vector::from_tuples(5, &[(1, 7i64), (4, 7)])?;
    /// let rowindex = IndexUnaryOp::of::<i64>(IndexUnaryOpcode::RowIndex).unwrap();
    /// q.apply_index(&rowindex, &q, &Scalar::from_value(0i64)?, &Options::new())?;
    /// assert_eq!(q.to_tuples()?, vec![(1, 1), (4, 4)]);
    /// # Ok(()) }
    /// ```
    pub fn apply_index<A, X>(&self, op: &IndexUnaryOp, a: &A, thunk: &X, opts: &Options<'_, S>) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
        X: ScalarInput + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            (S::CALLS.apply_index)(
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
