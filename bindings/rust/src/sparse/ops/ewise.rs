//! Element-wise add (union of entries), mult (intersection) and union (union with
//! stand-in values), on matrices and vectors alike.
use crate::sparse::collection::Sparse;
use crate::sparse::element::Element;
use crate::sparse::options::Options;
use crate::sparse::shape::{Input, ScalarInput, Shape};
use crate::BinaryOp;

use super::finish;

impl<T: Element, S: Shape> Sparse<T, S> {
    /// `weft_*_ewise_add`: `T` has the union of the entries: `op(a, b)` where both
    /// exist, the lone entry (cast, `op` not applied) elsewhere. For a monoid or a
    /// semiring, pass its operator (`&*monoid.operator()?`).
    ///
    /// ```
    /// use weft::sparse::{Options, Vector};
    /// use weft::{BinaryOp, BinaryOpcode};
    /// # fn main() -> weft::Result<()> {
    /// let u = Vector::from_tuples(4, &[(0, 1i64), (1, 2)])?;
    /// let v = Vector::from_tuples(4, &[(1, 10i64), (3, 30)])?;
    /// let w = Vector::<i64>::new(4)?;
    /// let plus = BinaryOp::of::<i64>(BinaryOpcode::Plus).unwrap();
    /// w.ewise_add(&plus, &u, &v, &Options::new())?;
    /// assert_eq!(w.to_tuples()?, vec![(0, 1), (1, 12), (3, 30)]);
    /// w.ewise_mult(&plus, &u, &v, &Options::new())?;
    /// assert_eq!(w.to_tuples()?, vec![(1, 12)]);
    /// # Ok(()) }
    /// ```
    pub fn ewise_add<A, B>(&self, op: &BinaryOp, a: &A, b: &B, opts: &Options<'_, S>) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
        B: Input<S> + ?Sized,
    {
        // SAFETY: live handles of this shape (or null).
        let code = unsafe {
            (S::CALLS.ewise_add)(
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

    /// `weft_*_ewise_mult`: `T` has the intersection of the entries, `op(a, b)` on each
    /// pair.
    pub fn ewise_mult<A, B>(&self, op: &BinaryOp, a: &A, b: &B, opts: &Options<'_, S>) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
        B: Input<S> + ?Sized,
    {
        // SAFETY: live handles of this shape (or null).
        let code = unsafe {
            (S::CALLS.ewise_mult)(
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

    /// `weft_*_ewise_union`: the union of the entries with `op` applied everywhere,
    /// `alpha` standing in for a missing `a` entry and `beta` for a missing `b` entry
    /// (an empty `alpha` or `beta` is `WEFT_EMPTY_OBJECT`).
    pub fn ewise_union<A, X, B, Y>(
        &self,
        op: &BinaryOp,
        a: &A,
        alpha: &X,
        b: &B,
        beta: &Y,
        opts: &Options<'_, S>,
    ) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
        X: ScalarInput + ?Sized,
        B: Input<S> + ?Sized,
        Y: ScalarInput + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            (S::CALLS.ewise_union)(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                op.as_raw(),
                a.as_raw(),
                alpha.as_raw(),
                b.as_raw(),
                beta.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, op.keep().has_closures() || opts.closures())
    }
}
