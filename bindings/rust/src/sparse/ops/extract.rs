//! extract (a submatrix or subvector) and col_extract (a column or row of a matrix).
use crate::sparse::collection::{Sparse, Vector};
use crate::sparse::element::Element;
use crate::sparse::indices::{Indices, Region};
use crate::sparse::options::Options;
use crate::sparse::shape::{dims_of, Input, MatrixShape, Shape, VectorShape};
use crate::sys;

use super::finish;

impl<T: Element, S: Shape> Sparse<T, S> {
    /// `weft_matrix_extract` / `weft_vector_extract`: `T(a, b) = A(I[a], J[b])` — the
    /// rows `I` and columns `J` of `a` (of `a'` with [`transpose0`](Options::transpose0)),
    /// in that order, repeats allowed; `region` is `(I, J)` for a matrix, `I` for a
    /// vector, each list explicit or [`Indices::All`]. The output must be
    /// `len(I) x len(J)`; an index outside `a` is `WEFT_INDEX_OUT_OF_BOUNDS`. See
    /// [`Region`] for an example.
    pub fn extract<'r, A, R>(&self, a: &A, region: R, opts: &Options<'_, S>) -> crate::Result<()>
    where
        A: Input<S> + ?Sized,
        R: Region<'r, S>,
    {
        let (rows, cols) = region.lists();
        let (m, n) = dims_of::<S, A>(a);
        let (m, n) = if S::TRANSPOSABLE && opts.descriptor().transpose0 {
            (n, m)
        } else {
            (m, n)
        };
        let ((ip, ni), (jp, nj)) = (rows.raw(m), cols.raw(n));
        // SAFETY: live handles (or null); each list holds its count of indices (a slice,
        // or WEFT_ALL, which weft never reads).
        let code = unsafe {
            (S::CALLS.extract)(
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
}

impl<T: Element> Vector<T> {
    /// `weft_col_extract`: `w(k) = A(rows[k], j)`, part of column `j`; with
    /// [`transpose0`](Options::transpose0), `A(j, rows[k])`, part of row `j`. A `j`
    /// outside `a` is `WEFT_INVALID_INDEX`.
    pub fn col_extract<'r, A, I>(&self, a: &A, rows: I, j: i64, opts: &Options<'_, VectorShape>) -> crate::Result<()>
    where
        A: Input<MatrixShape> + ?Sized,
        I: Into<Indices<'r>>,
    {
        let (m, n) = dims_of::<MatrixShape, A>(a);
        let len = if opts.descriptor().transpose0 { n } else { m };
        let (ip, ni) = rows.into().raw(len);
        // SAFETY: as in extract.
        let code = unsafe {
            sys::weft_col_extract(
                self.as_raw(),
                opts.mask_raw(),
                opts.accum_raw(),
                a.as_raw(),
                ip,
                ni,
                j,
                opts.desc_raw(),
            )
        };
        finish(self, code, opts.closures())
    }
}
