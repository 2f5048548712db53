//! mxm, mxv, vxm: products over a semiring.
use crate::sparse::collection::{Matrix, Vector};
use crate::sparse::element::Element;
use crate::sparse::options::Options;
use crate::sparse::shape::{Input, MatrixShape, VectorShape};
use crate::sys;
use crate::Semiring;

use super::finish;

impl<T: Element> Matrix<T> {
    /// `weft_mxm`: `C<M> = C ⊙ A ⊕.⊗ B` — `T(i, j)` is the semiring's sum over `k` of
    /// `A(i, k) ⊗ B(k, j)` where both entries exist (no such `k`: no entry).
    /// [`transpose0`](Options::transpose0) / [`transpose1`](Options::transpose1) use
    /// `A'` / `B'`. `WEFT_DIMENSION_MISMATCH` unless the shapes chain and fit `C`;
    /// `WEFT_DOMAIN_MISMATCH` unless the domains fit the semiring.
    ///
    /// ```
    /// use weft::sparse::{Matrix, Options};
    /// use weft::{BinaryOpcode, MonoidOp, Semiring};
    /// # fn main() -> weft::Result<()> {
    /// // Shortest two-hop paths: min-plus.
    /// let a = Matrix::from_tuples(3, 3, &[(0, 1, 2.0f64), (1, 2, 3.0), (0, 2, 9.0), (2, 2, 0.0)])?;
    /// let c = Matrix::<f64>::new(3, 3)?;
    /// let min_plus = Semiring::of::<f64>(MonoidOp::Min, BinaryOpcode::Plus).unwrap();
    /// c.mxm(&min_plus, &a, &a, &Options::new())?;
    /// assert_eq!(c.to_tuples()?, vec![(0, 2, 5.0), (1, 2, 3.0), (2, 2, 0.0)]);
    /// # Ok(()) }
    /// ```
    pub fn mxm<A, B>(&self, s: &Semiring, a: &A, b: &B, opts: &Options<'_, MatrixShape>) -> crate::Result<()>
    where
        A: Input<MatrixShape> + ?Sized,
        B: Input<MatrixShape> + ?Sized,
    {
        // SAFETY: live handles (or null for the absent mask, accum, descriptor).
        let code = unsafe {
            sys::weft_mxm(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                s.as_raw(),
                a.as_raw(),
                b.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, s.keep().has_closures() || opts.closures())
    }
}

impl<T: Element> Vector<T> {
    /// `weft_mxv`: `w<m> = w ⊙ A ⊕.⊗ u` (`u` a column;
    /// [`transpose0`](Options::transpose0) uses `A'`).
    pub fn mxv<A, U>(&self, s: &Semiring, a: &A, u: &U, opts: &Options<'_, VectorShape>) -> crate::Result<()>
    where
        A: Input<MatrixShape> + ?Sized,
        U: Input<VectorShape> + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            sys::weft_mxv(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                s.as_raw(),
                a.as_raw(),
                u.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, s.keep().has_closures() || opts.closures())
    }

    /// `weft_vxm`: `w'<m'> = w' ⊙ u' ⊕.⊗ A` (`u` a row; [`transpose1`](Options::transpose1)
    /// uses `A'`). BFS steps: `q<¬v, structure, replace> = q ∨.∧ A`.
    ///
    /// ```
    /// use weft::sparse::{Matrix, Options, Vector};
    /// use weft::{BinaryOpcode, MonoidOp, Semiring};
    /// # fn main() -> weft::Result<()> {
    /// let a = Matrix::from_tuples(3, 3, &[(0, 1, true), (1, 2, true), (1, 0, true)])?;
    /// let q = Vector::from_tuples(3, &[(1, true)])?;
    /// let seen = Vector::from_tuples(3, &[(1, true), (0, true)])?;
    /// let lor_land = Semiring::of::<bool>(MonoidOp::Lor, BinaryOpcode::Land).unwrap();
    /// // The unseen neighbours of the frontier {1}; q is input and output at once.
    /// q.vxm(&lor_land, &q, &a, &Options::new().mask(&seen).complement().structure().replace())?;
    /// assert_eq!(q.to_tuples()?, vec![(2, true)]);
    /// # Ok(()) }
    /// ```
    pub fn vxm<U, A>(&self, s: &Semiring, u: &U, a: &A, opts: &Options<'_, VectorShape>) -> crate::Result<()>
    where
        U: Input<VectorShape> + ?Sized,
        A: Input<MatrixShape> + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            sys::weft_vxm(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                s.as_raw(),
                u.as_raw(),
                a.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, s.keep().has_closures() || opts.closures())
    }
}
