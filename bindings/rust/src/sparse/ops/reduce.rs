//! Reductions with a monoid: each row of a matrix to a vector entry, or a whole matrix or
//! vector to a scalar.
use crate::sparse::collection::Vector;
use crate::sparse::context::{mode, Mode, WaitMode};
use crate::sparse::element::Element;
use crate::sparse::options::Options;
use crate::sparse::scalar::Scalar;
use crate::sparse::shape::{Input, MatrixShape, ScalarShape, Shape, VectorShape};
use crate::sys;
use crate::Monoid;

use super::finish;

impl<T: Element> Vector<T> {
    /// `weft_matrix_reduce`: `w(i)` = the monoid's sum of row `i` of `a` (rows without
    /// entries give no entry); [`transpose0`](Options::transpose0) sums columns.
    ///
    /// ```
    /// use weft::sparse::{Matrix, Options, Vector};
    /// use weft::{Monoid, MonoidOp};
    /// # fn main() -> weft::Result<()> {
    /// let a = Matrix::from_tuples(3, 2, &[(0, 0, 1i64), (0, 1, 2), (2, 1, 5)])?;
    /// let degree = Vector::<i64>::new(3)?;
    /// degree.reduce_rows(&Monoid::of::<i64>(MonoidOp::Plus).unwrap(), &a, &Options::new())?;
    /// assert_eq!(degree.to_tuples()?, vec![(0, 3), (2, 5)]);
    /// # Ok(()) }
    /// ```
    pub fn reduce_rows<A>(&self, monoid: &Monoid, a: &A, opts: &Options<'_, VectorShape>) -> crate::Result<()>
    where
        A: Input<MatrixShape> + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            sys::weft_matrix_reduce(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                monoid.as_raw(),
                a.as_raw(),
                opts.desc_raw(),
            )
        };
        finish(self, code, monoid.keep().has_closures() || opts.closures())
    }
}

impl<T: Element> Scalar<T> {
    /// `weft_matrix_reduce_scalar` / `weft_vector_reduce_scalar`: the monoid's sum of
    /// every entry of `a` (with an accumulator: `s = accum(s, sum)`). With no entries
    /// the scalar becomes empty (without accumulator) or stays as it was (with one).
    ///
    /// ```
    /// use weft::sparse::{Matrix, Options, Scalar};
    /// use weft::{Monoid, MonoidOp};
    /// # fn main() -> weft::Result<()> {
    /// let a = Matrix::from_tuples(2, 2, &[(0, 0, 1.5f64), (1, 0, 2.0)])?;
    /// let s = Scalar::<f64>::new()?;
    /// s.reduce(&Monoid::of::<f64>(MonoidOp::Plus).unwrap(), &a, &Options::new())?;
    /// assert_eq!(s.get()?, Some(3.5));
    /// # Ok(()) }
    /// ```
    pub fn reduce<S, A>(&self, monoid: &Monoid, a: &A, opts: &Options<'_, ScalarShape>) -> crate::Result<()>
    where
        S: Shape,
        A: Input<S> + ?Sized,
    {
        // SAFETY: live handles (or null).
        let code = unsafe {
            (S::CALLS.reduce_scalar)(
                self.as_raw(),
                opts.accum_raw(),
                monoid.as_raw(),
                a.as_raw(),
                opts.desc_raw(),
            )
        };
        crate::sparse::errors::check_on(code, sys::weft_scalar_error, self.as_raw())?;
        if (monoid.keep().has_closures() || opts.closures()) && mode()? == Mode::Nonblocking {
            // As ops::settle, for a scalar output.
            self.wait(WaitMode::Complete)?;
        }
        Ok(())
    }
}
