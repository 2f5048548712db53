//! [`Sparse<T, S>`]: the one type behind [`Matrix<T>`] and [`Vector<T>`] — an owned
//! weft collection handle of element type `T` and shape `S` — with what both shapes
//! share: dup, clear, nvals, wait, the recorded error, raw handles, drop. The
//! operations are in `ops/`, the shape-specific parts in `matrix.rs` and `vector.rs`.
use core::fmt;
use core::marker::PhantomData;
use core::ptr;

use super::context::WaitMode;
use super::element::{domain_of, Element};
use super::errors::{check_on, object_message};
use super::shape::{private, Input, MatrixShape, Shape, VectorShape};
use crate::error::Result;
use crate::Datatype;

/// A sparse matrix or vector of `T` (the shape `S` says which): use the aliases
/// [`Matrix<T>`] and [`Vector<T>`].
///
/// A collection owns its weft handle and frees it on drop. Each position holds an entry
/// or nothing (an absent entry is not a zero).
///
/// Every method takes `&self`, also on the output of an operation: weft allows an
/// output to be one of the inputs or the mask (`C<C> = C * C` is
/// `c.mxm(&s, &c, &c, &Options::new().mask(&c))`), and reading a collection with pending
/// work (nonblocking mode, `set_element`) completes it. A collection is thus mutable
/// through shared references, like a `Cell`: it is `Send` (it may move to another
/// thread) but not `Sync` (two threads cannot use it at once), which is weft's rule —
/// calls on distinct objects may run at once, and an object written by one thread must
/// not be used by another meanwhile.
///
/// ```compile_fail
/// fn shared<T: Sync>(_: &T) {}
/// shared(&weft::sparse::Matrix::<f64>::new(2, 2).unwrap()); // not Sync
/// ```
pub struct Sparse<T: Element, S: Shape> {
    raw: *mut S::Obj,
    /// The domain type, `T`'s: the type given with every value that crosses the C
    /// interface, so values are never cast on the way in or out.
    domain: Datatype,
    _t: PhantomData<(T, S)>,
}

/// A sparse matrix of `T`: `nrows x ncols` positions, each holding a `T` or nothing.
/// See [`Sparse`] for what all collections share and the operations.
pub type Matrix<T> = Sparse<T, MatrixShape>;
/// A sparse vector of `T`: `n` positions (an `n x 1` column in the operations' rules).
/// See [`Sparse`] for what all collections share and the operations.
pub type Vector<T> = Sparse<T, VectorShape>;

// SAFETY: weft objects may be used from any thread, one thread at a time (sparse.h
// "Threads"); a Sparse is not Sync, so moving it is the only way another thread gets it.
// T is Send + Sync (Element), the Datatype is Send + Sync.
unsafe impl<T: Element, S: Shape> Send for Sparse<T, S> {}

impl<T: Element, S: Shape> Drop for Sparse<T, S> {
    fn drop(&mut self) {
        // SAFETY: an owned, live handle; nothing uses it afterwards. A failure cannot be
        // reported from drop.
        unsafe {
            (S::CALLS.free)(&mut self.raw);
        }
    }
}

impl<T: Element, S: Shape> private::Sealed for Sparse<T, S> {}
impl<T: Element, S: Shape> Input<S> for Sparse<T, S> {
    fn as_raw(&self) -> *mut S::Obj {
        self.raw
    }
}

impl<T: Element, S: Shape> fmt::Debug for Sparse<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (m, n) = self.dims();
        write!(f, "{}<{}>({m}x{n}, ", S::NAME, core::any::type_name::<T>())?;
        match self.nvals() {
            Ok(k) => write!(f, "{k} entries)"),
            Err(e) => write!(f, "{e})"),
        }
    }
}

impl<T: Element, S: Shape> Sparse<T, S> {
    /// `T`'s domain type for a new collection made by `make` (which receives the type's
    /// handle and an output for the new handle).
    pub(crate) fn make(
        func: &str,
        make: impl FnOnce(crate::sys::weft_type, *mut *mut S::Obj) -> crate::sys::weft_status,
    ) -> Result<Self> {
        let domain = domain_of::<T>(func)?;
        let mut raw = ptr::null_mut();
        crate::error::check(make(domain.as_raw(), &mut raw))?;
        Ok(Sparse {
            raw,
            domain,
            _t: PhantomData,
        })
    }

    /// Wraps a handle weft just made for this collection type.
    pub(crate) fn wrap(raw: *mut S::Obj, domain: Datatype) -> Self {
        Sparse {
            raw,
            domain,
            _t: PhantomData,
        }
    }

    /// Ok, or the error with weft's message (see `errors.rs`).
    pub(crate) fn check(&self, code: std::os::raw::c_int) -> Result<()> {
        check_on(code, S::CALLS.error, self.raw)
    }

    /// The domain type handle (`T`'s).
    pub(crate) fn domain_raw(&self) -> crate::sys::weft_type {
        self.domain.as_raw()
    }

    /// (rows, columns); a vector is `n x 1`.
    pub(crate) fn dims(&self) -> (i64, i64) {
        super::shape::dims_of::<S, Self>(self)
    }

    /// `weft_*_dup`: a new collection with the same shape, domain and entries.
    pub fn dup(&self) -> Result<Self> {
        let domain = domain_of::<T>("Sparse::dup")?;
        let mut raw = ptr::null_mut();
        // SAFETY: a live handle and an output.
        self.check(unsafe { (S::CALLS.dup)(self.raw, &mut raw) })?;
        Ok(Sparse::wrap(raw, domain))
    }

    /// `weft_*_clear`: removes every entry (the shape stays).
    pub fn clear(&self) -> Result<()> {
        // SAFETY: a live handle.
        self.check(unsafe { (S::CALLS.clear)(self.raw) })
    }

    /// `weft_*_nvals`: the number of entries (finishing pending work first).
    pub fn nvals(&self) -> Result<i64> {
        let mut n = 0i64;
        // SAFETY: a live handle and an output.
        self.check(unsafe { (S::CALLS.nvals)(self.raw, &mut n) })?;
        Ok(n)
    }

    /// `weft_*_iso`: whether the values are stored once (every entry has the same value;
    /// `weft_matrix_iso` in `weft/sparse.h` says when weft stores them so). A storage
    /// fact: results are the same either way.
    pub fn is_iso(&self) -> Result<bool> {
        let mut iso: std::os::raw::c_int = 0;
        // SAFETY: a live handle and an output.
        self.check(unsafe { (S::CALLS.iso)(self.raw, &mut iso) })?;
        Ok(iso != 0)
    }

    /// `weft_*_wait`: finishes the pending work (nonblocking mode, `set_element`), and
    /// reports an execution error that work may have met.
    pub fn wait(&self, mode: WaitMode) -> Result<()> {
        // SAFETY: a live handle; the mode is one of the two.
        self.check(unsafe { (S::CALLS.wait)(self.raw, mode.raw()) })
    }

    /// `weft_*_error`: the message of the last call that had this collection as its
    /// output (`""` if it succeeded). [`Error::message`](crate::Error::message) of that
    /// call's error already holds it.
    pub fn error_message(&self) -> String {
        object_message(S::CALLS.error, self.raw)
    }

    /// The domain type: `T`'s ([`Element::datatype`]).
    pub fn domain(&self) -> &Datatype {
        &self.domain
    }

    /// `weft_*_type`: the domain as weft reports it (a new handle, freed on drop; a
    /// predefined domain is its predefined type, `WEFT_INT32` for a collection made with
    /// `WEFT_INT`).
    pub fn weft_domain(&self) -> Result<Datatype> {
        let mut t = ptr::null_mut();
        // SAFETY: a live handle and an output.
        self.check(unsafe { (S::CALLS.type_)(self.raw, &mut t) })?;
        // SAFETY: a new handle owed one weft_type_free (a predefined one none, which
        // from_raw knows).
        Ok(unsafe { Datatype::from_raw(t, true) })
    }

    /// The C handle, still owned by the collection.
    pub fn as_raw(&self) -> *mut S::Obj {
        self.raw
    }

    /// Gives up ownership: the C handle, which the caller frees (`weft_matrix_free` /
    /// `weft_vector_free`).
    pub fn into_raw(self) -> *mut S::Obj {
        let raw = self.raw;
        core::mem::forget(self);
        raw
    }

    /// Wraps a C handle, taking ownership (freed on drop).
    ///
    /// # Safety
    /// `raw` must be a live handle of this shape whose domain is `T`'s (so that values
    /// cross as `T`), owned by no one else, and used by no other thread while this
    /// collection lives.
    pub unsafe fn from_raw(raw: *mut S::Obj) -> Result<Self> {
        Ok(Sparse::wrap(raw, domain_of::<T>("Sparse::from_raw")?))
    }
}
