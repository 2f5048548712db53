//! [`Options`]: the optional half of every operation — mask, accumulator, descriptor —
//! in one value, so that each operation is one method whatever of them it uses
//! (GraphBLAS's `(C, Mask, accum, op, inputs, desc)`, with `(Mask, accum, desc)` here).
use core::ffi::c_void;
use core::marker::PhantomData;
use core::ptr;

use super::descriptor::Descriptor;
use super::shape::{Input, Shape};
use crate::sys;
use crate::BinaryOp;

/// The mask, accumulator and descriptor of one operation whose output has shape `K`
/// ([`MatrixShape`](super::MatrixShape), [`VectorShape`](super::VectorShape), or
/// [`ScalarShape`](super::ScalarShape), which takes no mask). Built by value:
///
/// ```
/// use weft::sparse::{Matrix, Options};
/// use weft::{BinaryOp, BinaryOpcode, MonoidOp, Semiring};
/// # fn main() -> weft::Result<()> {
/// let a = Matrix::from_tuples(2, 2, &[(0, 0, 1i64), (0, 1, 2), (1, 0, 3)])?;
/// let m = Matrix::from_tuples(2, 2, &[(0, 1, true), (1, 1, true)])?;
/// let c = Matrix::from_tuples(2, 2, &[(0, 0, 100i64), (0, 1, 100)])?;
/// let plus_times = Semiring::of::<i64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap();
/// let plus = BinaryOp::of::<i64>(BinaryOpcode::Plus).unwrap();
/// // C<M, replace> += A * A: A*A = [[7, 2], [3, 6]]; only (0,1) and (1,1) are written,
/// // (0,0) is outside the mask and replaced away.
/// c.mxm(&plus_times, &a, &a, &Options::new().mask(&m).accum(&plus).replace())?;
/// assert_eq!(c.to_tuples()?, vec![(0, 1, 102), (1, 1, 6)]);
/// # Ok(()) }
/// ```
///
/// The mask, as every input, may be the output itself (weft reads inputs as they were
/// when the call began). A valued mask must have a predefined domain; with
/// [`structure`](Options::structure) any domain will do.
pub struct Options<'a, K> {
    mask: *mut c_void,
    accum: Option<&'a BinaryOp>,
    desc: Descriptor,
    /// The mask and accumulator are borrowed for 'a.
    _borrows: PhantomData<&'a ()>,
    /// The output's shape (no K value is held).
    _shape: PhantomData<fn() -> K>,
}

impl<K> Default for Options<'_, K> {
    fn default() -> Self {
        Options::new()
    }
}

impl<K> Clone for Options<'_, K> {
    fn clone(&self) -> Self {
        Options {
            mask: self.mask,
            accum: self.accum,
            desc: self.desc,
            _borrows: PhantomData,
            _shape: PhantomData,
        }
    }
}

impl<K> core::fmt::Debug for Options<'_, K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Options")
            .field("mask", &self.mask)
            .field("accum", &self.accum)
            .field("desc", &self.desc.to_string())
            .finish()
    }
}

impl<'a, K> Options<'a, K> {
    /// No mask, no accumulator, no modifier.
    pub fn new() -> Self {
        Options {
            mask: ptr::null_mut(),
            accum: None,
            desc: Descriptor::DEFAULT,
            _borrows: PhantomData,
            _shape: PhantomData,
        }
    }

    /// `Z = accum(C, T)` instead of `Z = T` (step 3 of weft/sparse.h's rule).
    pub fn accum(mut self, op: &'a BinaryOp) -> Self {
        self.accum = Some(op);
        self
    }

    /// All the modifiers at once.
    pub fn desc(mut self, d: Descriptor) -> Self {
        self.desc = d;
        self
    }

    /// R: outside the mask the output loses its entries (instead of keeping them).
    pub fn replace(mut self) -> Self {
        self.desc.replace = true;
        self
    }

    /// C: the mask's complement selects.
    pub fn complement(mut self) -> Self {
        self.desc.complement = true;
        self
    }

    /// S: the mask's entries select, whatever their values (any domain).
    pub fn structure(mut self) -> Self {
        self.desc.structure = true;
        self
    }

    /// T0: the first matrix input is used transposed.
    pub fn transpose0(mut self) -> Self {
        self.desc.transpose0 = true;
        self
    }

    /// T1: the second matrix input is used transposed.
    pub fn transpose1(mut self) -> Self {
        self.desc.transpose1 = true;
        self
    }

    /// The modifiers set so far.
    pub fn descriptor(&self) -> Descriptor {
        self.desc
    }

    /// The accumulator, if any.
    pub fn accumulator(&self) -> Option<&'a BinaryOp> {
        self.accum
    }

    pub(crate) fn accum_raw(&self) -> sys::weft_binary_op {
        self.accum.map_or(ptr::null_mut(), |a| a.as_raw())
    }

    pub(crate) fn desc_raw(&self) -> sys::weft_descriptor {
        self.desc.as_raw()
    }

    /// Whether the accumulator runs a closure (see `ops::finish`).
    pub(crate) fn closures(&self) -> bool {
        self.accum.map_or(false, |a| a.keep().has_closures())
    }
}

impl<'a, S: Shape> Options<'a, S> {
    /// Where the mask has an entry that is true (cast to `bool`), or with
    /// [`structure`](Options::structure) any entry, the output becomes the result;
    /// elsewhere it keeps its entries (or, with [`replace`](Options::replace), loses
    /// them). The mask has the output's shape, and any element type.
    pub fn mask<M: Input<S> + ?Sized>(mut self, m: &'a M) -> Self {
        self.mask = m.as_raw() as *mut c_void;
        self
    }

    pub(crate) fn mask_raw(&self) -> *mut S::Obj {
        self.mask as *mut S::Obj
    }
}
