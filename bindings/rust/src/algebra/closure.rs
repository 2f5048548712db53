//! Operators and monoids from Rust closures: [`UnaryOp::from_fn`], [`BinaryOp::from_fn`],
//! [`IndexUnaryOp::from_fn`], [`Monoid::from_fn`]. Each closure runs behind one of a
//! fixed number of trampolines (`trampoline.rs`: [`SLOTS`](super::trampoline::SLOTS) per
//! kind), so at most that many closure operators of a kind are alive at once.
//!
//! The closures take and return [`Element`]s by value; the domains are the elements'
//! weft types, which the objects keep alive (so `types()`, a monoid's `domain()` and
//! `identity()` work). They must be `Send + Sync + 'static`: weft may call them from any thread
//! that uses the operator, at the same time, for as long as the operator (or a monoid or
//! semiring made from it) lives. A closure that panics aborts the process (a panic cannot
//! unwind through weft).
use core::ffi::c_void;

use super::trampoline::{take_binary, take_index_unary, take_unary};
use super::{BinaryOp, IndexUnaryOp, Monoid, UnaryOp};
use crate::error::Result;
use crate::sparse::element::domain_of;
use crate::sparse::Element;

impl UnaryOp {
    /// A user-defined operator `z = f(x)` from a closure, on the domains of `X` and `Z`.
    ///
    /// ```
    /// use weft::sparse::{Options, Vector};
    /// use weft::UnaryOp;
    /// # fn main() -> weft::Result<()> {
    /// let scale = 2.5;
    /// let op = UnaryOp::from_fn(move |x: f64| x * scale)?;
    /// let u = Vector::from_tuples(3, &[(0, 2.0f64), (2, -4.0)])?;
    /// let w = Vector::<f64>::new(3)?;
    /// w.apply(&op, &u, &Options::new())?;
    /// assert_eq!(w.to_tuples()?, vec![(0, 5.0), (2, -10.0)]);
    /// # Ok(()) }
    /// ```
    pub fn from_fn<Z, X, F>(f: F) -> Result<UnaryOp>
    where
        Z: Element,
        X: Element,
        F: Fn(X) -> Z + Send + Sync + 'static,
    {
        const F: &str = "UnaryOp::from_fn";
        let (zt, xt) = (domain_of::<Z>(F)?, domain_of::<X>(F)?);
        let (tramp, keep) = take_unary(
            F,
            Box::new(move |z: *mut c_void, x: *const c_void| {
                // SAFETY: weft passes one element of each domain (T's layout: domain_of
                // checked it), maybe unaligned; z may equal x, so x is read first.
                unsafe { (z as *mut Z).write_unaligned(f((x as *const X).read_unaligned())) }
            }),
        )?;
        // SAFETY: the trampoline calls the closure above with elements of the domains.
        // If weft refuses the operator, `keep` drops here and frees the slot.
        let mut op = unsafe { UnaryOp::from_raw_parts(tramp, &zt, &xt)? };
        op.keep = keep.with_types(vec![zt, xt]);
        Ok(op)
    }
}

impl BinaryOp {
    /// A user-defined operator `z = f(x, y)` from a closure, on the domains of `X`, `Y`
    /// and `Z`: a semiring's multiplication, an accumulator, an element-wise operator.
    ///
    /// ```
    /// use weft::sparse::{Matrix, Options};
    /// use weft::BinaryOp;
    /// # fn main() -> weft::Result<()> {
    /// let hypot = BinaryOp::from_fn(|x: f64, y: f64| (x * x + y * y).sqrt())?;
    /// let a = Matrix::from_tuples(1, 2, &[(0, 0, 3.0f64), (0, 1, 1.0)])?;
    /// let b = Matrix::from_tuples(1, 2, &[(0, 0, 4.0f64)])?;
    /// let c = Matrix::<f64>::new(1, 2)?;
    /// c.ewise_mult(&hypot, &a, &b, &Options::new())?;
    /// assert_eq!(c.to_tuples()?, vec![(0, 0, 5.0)]);
    /// # Ok(()) }
    /// ```
    pub fn from_fn<Z, X, Y, F>(f: F) -> Result<BinaryOp>
    where
        Z: Element,
        X: Element,
        Y: Element,
        F: Fn(X, Y) -> Z + Send + Sync + 'static,
    {
        const F: &str = "BinaryOp::from_fn";
        let (zt, xt, yt) = (domain_of::<Z>(F)?, domain_of::<X>(F)?, domain_of::<Y>(F)?);
        let (tramp, keep) = take_binary(
            F,
            Box::new(move |z: *mut c_void, x: *const c_void, y: *const c_void| {
                // SAFETY: as in UnaryOp::from_fn; z may equal x or y.
                unsafe {
                    let r = f((x as *const X).read_unaligned(), (y as *const Y).read_unaligned());
                    (z as *mut Z).write_unaligned(r)
                }
            }),
        )?;
        // SAFETY: as in UnaryOp::from_fn.
        let mut op = unsafe { BinaryOp::from_raw_parts(tramp, &zt, &xt, &yt)? };
        op.keep = keep.with_types(vec![zt, xt, yt]);
        Ok(op)
    }
}

impl IndexUnaryOp {
    /// A user-defined operator `z = f(x, i, j, thunk)` from a closure, on the domains of
    /// `X`, the thunk `S` and `Z`: for an element `x` at row `i`, column `j` (a vector's
    /// elements have `j` = 0). For select, `Z` is usually `bool`.
    ///
    /// ```
    /// use weft::sparse::{Matrix, Options, Scalar};
    /// use weft::IndexUnaryOp;
    /// # fn main() -> weft::Result<()> {
    /// // Keep the entries within `band` of the diagonal whose value is positive.
    /// let near = IndexUnaryOp::from_fn(|x: f64, i: i64, j: i64, band: i64| (i - j).abs() <= band && x > 0.0)?;
    /// let a = Matrix::from_tuples(3, 3, &[(0, 2, 1.0f64), (1, 1, 2.0), (2, 1, -1.0), (2, 2, 3.0)])?;
    /// let c = Matrix::<f64>::new(3, 3)?;
    /// c.select(&near, &a, &Scalar::from_value(1i64)?, &Options::new())?;
    /// assert_eq!(c.to_tuples()?, vec![(1, 1, 2.0), (2, 2, 3.0)]);
    /// # Ok(()) }
    /// ```
    pub fn from_fn<Z, X, S, F>(f: F) -> Result<IndexUnaryOp>
    where
        Z: Element,
        X: Element,
        S: Element,
        F: Fn(X, i64, i64, S) -> Z + Send + Sync + 'static,
    {
        const F: &str = "IndexUnaryOp::from_fn";
        let (zt, xt, st) = (domain_of::<Z>(F)?, domain_of::<X>(F)?, domain_of::<S>(F)?);
        let (tramp, keep) = take_index_unary(
            F,
            Box::new(
                move |z: *mut c_void, x: *const c_void, i: i64, j: i64, t: *const c_void| {
                    // SAFETY: as in UnaryOp::from_fn; the thunk is one element of S's domain.
                    unsafe {
                        let r = f((x as *const X).read_unaligned(), i, j, (t as *const S).read_unaligned());
                        (z as *mut Z).write_unaligned(r)
                    }
                },
            ),
        )?;
        // SAFETY: as in UnaryOp::from_fn.
        let mut op = unsafe { IndexUnaryOp::from_raw_parts(tramp, &zt, &xt, &st)? };
        op.keep = keep.with_types(vec![zt, xt, st]);
        Ok(op)
    }
}

impl Monoid {
    /// A user-defined monoid on `T` from a closure: `f` must be associative, `identity`
    /// neutral and `terminal`, when given, absorbing (`f(x, t) == t`: reductions may stop
    /// there). As for a semiring's addition, `f` must also be commutative there.
    /// [`operator`](Monoid::operator) returns the [`BinaryOp`] made here.
    ///
    /// ```
    /// use weft::sparse::{Options, Scalar, Vector};
    /// use weft::Monoid;
    /// # fn main() -> weft::Result<()> {
    /// // The largest absolute value.
    /// let maxabs = Monoid::from_fn(|x: f64, y: f64| x.abs().max(y.abs()), 0.0, None)?;
    /// let u = Vector::from_tuples(4, &[(0, 1.5f64), (1, -7.0), (3, 2.0)])?;
    /// let s = Scalar::<f64>::new()?;
    /// s.reduce(&maxabs, &u, &Options::new())?;
    /// assert_eq!(s.get()?, Some(7.0));
    /// # Ok(()) }
    /// ```
    pub fn from_fn<T, F>(f: F, identity: T, terminal: Option<T>) -> Result<Monoid>
    where
        T: Element,
        F: Fn(T, T) -> T + Send + Sync + 'static,
    {
        let op = BinaryOp::from_fn::<T, T, T, F>(f)?;
        let mut m = Monoid::from_op(&op, &identity, terminal.as_ref())?;
        m.op = Some(op);
        Ok(m)
    }
}
