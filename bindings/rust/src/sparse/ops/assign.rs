//! assign (a collection or a scalar into a region of the output), subassign (the rule
//! confined to the region), col_assign and row_assign (a vector into a column or row).
use crate::sparse::collection::{Matrix, Sparse};
use crate::sparse::element::Element;
use crate::sparse::indices::{Indices, Region};
use crate::sparse::options::Options;
use crate::sparse::shape::{Input, MatrixShape, ScalarInput, Shape, VectorShape};
use crate::sys;

use super::finish;

impl<T: Element, S: Shape> Sparse<T, S> {
    /// `weft_matrix_assign` / `weft_vector_assign`: `C(I[a], J[b]) = A(a, b)`; `region`
    /// is `(I, J)` for a matrix, `I` for a vector ([`Indices::All`]: every row/column of
    /// `C`). The mask has `C`'s shape. Without accumulator the region is replaced by
    /// `a`'s entries (positions where `a` has none lose `C`'s entry); with one, `C(…) =
    /// accum(C(…), A(a, b))` where `a` has an entry. Repeated indices are
    /// `WEFT_INVALID_VALUE`.
    pub fn assign<'r, A, R>(&self, a: &A, region: R, opts: &Options<'_, S>) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
        R: Region<'r, S>,
    {
        let ((ip, ni), (jp, nj)) = self.region_raw(region);
        // SAFETY: live handles (or null); each list holds its count of indices.
        let code = unsafe {
            (S::CALLS.assign)(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                a.as_raw(),
                ip,
                ni,
                jp,
                nj,
                opts.desc_raw(),
            )
        };
        finish(self, code, opts.closures())
    }

    /// `weft_matrix_assign_scalar` / `weft_vector_assign_scalar`: every position of the
    /// region gets `x` (repeats allowed). An empty `x` is `WEFT_EMPTY_OBJECT`.
    ///
    /// ```
    /// use weft::sparse::{Indices, Options, Scalar, Vector};
    /// # fn main() -> weft::Result<()> {
    /// // BFS: v<q> = level, the frontier's vertices get the level number.
    /// let q = Vector::from_tuples(4, &[(1, true), (3, true)])?;
    /// let v = Vector::from_tuples(4, &[(0, 1i32)])?;
    /// v.assign_scalar(&Scalar::from_value(2i32)?, Indices::All, &Options::new().mask(&q).structure())?;
    /// assert_eq!(v.to_tuples()?, vec![(0, 1), (1, 2), (3, 2)]);
    /// # Ok(()) }
    /// ```
    pub fn assign_scalar<'r, X, R>(&self, x: &X, region: R, opts: &Options<'_, S>) -> crate::Result<()>
    where
        X: ScalarInput + ?Sized,
        R: Region<'r, S>,
    {
        let ((ip, ni), (jp, nj)) = self.region_raw(region);
        // SAFETY: as in assign.
        let code = unsafe {
            (S::CALLS.assign_scalar)(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                x.as_raw(),
                ip,
                ni,
                jp,
                nj,
                opts.desc_raw(),
            )
        };
        finish(self, code, opts.closures())
    }

    /// The C lists of a region of this output (`All` counts are its dimensions).
    fn region_raw<'r, R: Region<'r, S>>(&self, region: R) -> ((*const i64, i64), (*const i64, i64)) {
        let (rows, cols) = region.lists();
        let (m, n) = self.dims();
        (rows.raw(m), cols.raw(n))
    }
}

impl<T: Element> Matrix<T> {
    /// `weft_matrix_subassign` (SuiteSparse's GxB_subassign): as [`assign`](Sparse::assign),
    /// but the mask has the region's shape (`len(I) x len(J)`) and the whole rule,
    /// replace included, acts on the region only.
    pub fn subassign<'r, A, R>(&self, a: &A, region: R, opts: &Options<'_, MatrixShape>) -> crate::Result<()>
    where
        A: Input<MatrixShape> + ?Sized,
        R: Region<'r, MatrixShape>,
    {
        let ((ip, ni), (jp, nj)) = self.region_raw(region);
        // SAFETY: as in assign.
        let code = unsafe {
            sys::weft_matrix_subassign(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                a.as_raw(),
                ip,
                ni,
                jp,
                nj,
                opts.desc_raw(),
            )
        };
        finish(self, code, opts.closures())
    }

    /// `weft_col_assign`: `C(rows[k], j) = u(k)`; the mask is a vector over column `j`
    /// and the rule acts on that column only.
    pub fn col_assign<'r, U, I>(&self, u: &U, rows: I, j: i64, opts: &Options<'_, VectorShape>) -> crate::Result<()>
    where
        U: Input<VectorShape> + ?Sized,
        I: Into<Indices<'r>>,
    {
        let (ip, ni) = rows.into().raw(self.dims().0);
        // SAFETY: as in assign.
        let code = unsafe {
            sys::weft_col_assign(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                u.as_raw(),
                ip,
                ni,
                j,
                opts.desc_raw(),
            )
        };
        finish(self, code, opts.closures())
    }

    /// `weft_row_assign`: `C(i, cols[k]) = u(k)`; the mask is a vector over row `i` and
    /// the rule acts on that row only.
    pub fn row_assign<'r, U, J>(&self, u: &U, i: i64, cols: J, opts: &Options<'_, VectorShape>) -> crate::Result<()>
    where
        U: Input<VectorShape> + ?Sized,
        J: Into<Indices<'r>>,
    {
        let (jp, nj) = cols.into().raw(self.dims().1);
        // SAFETY: as in assign.
        let code = unsafe {
            sys::weft_row_assign(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                u.as_raw(),
                i,
                jp,
                nj,
                opts.desc_raw(),
            )
        };
        finish(self, code, opts.closures())
    }
}
