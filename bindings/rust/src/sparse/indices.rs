//! [`Indices`]: an index list of extract and assign, either explicit or every index
//! (`WEFT_ALL`), and [`Region`]: the lists an operation on a matrix (rows, columns) or
//! a vector (one list) takes, so that extract and assign are written once for both.
use super::shape::{MatrixShape, Shape, VectorShape};
use crate::sys;

/// Row or column indices: an explicit list (0-based; repeats allowed where the
/// operation allows them) or [`Indices::All`], every index of the dimension in order
/// (`WEFT_ALL`; the binding passes the dimension's size as its count).
///
/// Converts from `&[i64]`, `&[i64; N]` and `&Vec<i64>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Indices<'a> {
    /// `0, 1, …, n-1` for a dimension of size `n` (`WEFT_ALL`).
    All,
    /// These indices, in this order.
    List(&'a [i64]),
}

impl<'a> From<&'a [i64]> for Indices<'a> {
    fn from(l: &'a [i64]) -> Self {
        Indices::List(l)
    }
}
impl<'a, const N: usize> From<&'a [i64; N]> for Indices<'a> {
    fn from(l: &'a [i64; N]) -> Self {
        Indices::List(&l[..])
    }
}
impl<'a> From<&'a Vec<i64>> for Indices<'a> {
    fn from(l: &'a Vec<i64>) -> Self {
        Indices::List(l.as_slice())
    }
}

impl Indices<'_> {
    /// The C pointer and count for a dimension of size `dim`.
    pub(crate) fn raw(&self, dim: i64) -> (*const i64, i64) {
        match self {
            // SAFETY: reading an exported const pointer of libweft (never dereferenced).
            Indices::All => (unsafe { sys::WEFT_ALL }, dim),
            Indices::List(l) => (l.as_ptr(), l.len() as i64),
        }
    }

    /// The number of indices for a dimension of size `dim`.
    pub fn len_for(&self, dim: i64) -> i64 {
        self.raw(dim).1
    }
}

/// The index lists of an extract or assign on shape `S`: `(rows, cols)` for a matrix,
/// one list for a vector; each list anything that converts [`Into`] [`Indices`].
///
/// ```
/// use weft::sparse::{Indices, Matrix, Options, Vector};
/// # fn main() -> weft::Result<()> {
/// let a = Matrix::from_tuples(3, 3, &[(0, 0, 1i32), (1, 2, 5), (2, 1, 7)])?;
/// let c = Matrix::<i32>::new(2, 3)?;
/// c.extract(&a, (&[2, 1], Indices::All), &Options::new())?; // rows 2 and 1, every column
/// assert_eq!(c.to_tuples()?, vec![(0, 1, 7), (1, 2, 5)]);
///
/// let u = Vector::from_tuples(4, &[(1, 1.5f64), (3, 2.5)])?;
/// let w = Vector::<f64>::new(2)?;
/// w.extract(&u, &[3, 0], &Options::new())?;
/// assert_eq!(w.to_tuples()?, vec![(0, 2.5)]);
/// # Ok(()) }
/// ```
pub trait Region<'a, S: Shape> {
    /// The row list and, for a matrix, the column list (a vector's is `All`, unused).
    fn lists(self) -> (Indices<'a>, Indices<'a>);
}

impl<'a, I: Into<Indices<'a>>> Region<'a, VectorShape> for I {
    fn lists(self) -> (Indices<'a>, Indices<'a>) {
        (self.into(), Indices::All)
    }
}

impl<'a, I: Into<Indices<'a>>, J: Into<Indices<'a>>> Region<'a, MatrixShape> for (I, J) {
    fn lists(self) -> (Indices<'a>, Indices<'a>) {
        (self.0.into(), self.1.into())
    }
}
