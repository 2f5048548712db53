//! [`Scalar<T>`]: one element of a domain, or nothing — the value or bound of an
//! operation (apply's `x`/`y`, a select thunk, ewise_union's `alpha`/`beta`, assign's
//! value) and the output of a reduction to a scalar.
use core::ffi::c_void;
use core::fmt;
use core::marker::PhantomData;
use core::ptr;

use super::context::WaitMode;
use super::element::{domain_of, Element};
use super::errors::{check_on, object_message};
use super::shape::{private, ScalarInput};
use crate::error::Result;
use crate::sys;
use crate::Datatype;

/// A weft scalar of `T`: one element or nothing (`weft_scalar`).
///
/// As the collections, it takes `&self` everywhere (an operation writes its output
/// scalar through a shared reference) and is `Send` but not `Sync`.
///
/// ```
/// use weft::sparse::Scalar;
/// # fn main() -> weft::Result<()> {
/// let s = Scalar::<i32>::new()?;
/// assert_eq!(s.get()?, None);
/// s.set(7)?;
/// assert_eq!((s.get()?, s.nvals()?), (Some(7), 1));
/// s.clear()?;
/// assert_eq!(s.get()?, None);
/// # Ok(()) }
/// ```
pub struct Scalar<T: Element> {
    raw: sys::weft_scalar,
    domain: Datatype,
    _t: PhantomData<T>,
}

// SAFETY: as for Sparse: usable from any thread, one at a time; not Sync.
unsafe impl<T: Element> Send for Scalar<T> {}

impl<T: Element> Drop for Scalar<T> {
    fn drop(&mut self) {
        // SAFETY: an owned, live handle, unused afterwards.
        unsafe {
            sys::weft_scalar_free(&mut self.raw);
        }
    }
}

impl<T: Element> private::Sealed for Scalar<T> {}
impl<T: Element> ScalarInput for Scalar<T> {
    fn as_raw(&self) -> sys::weft_scalar {
        self.raw
    }
}

impl<T: Element + fmt::Debug> fmt::Debug for Scalar<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get() {
            Ok(v) => write!(f, "Scalar({v:?})"),
            Err(e) => write!(f, "Scalar({e})"),
        }
    }
}

impl<T: Element> Scalar<T> {
    /// `weft_scalar_new`: an empty scalar of `T`'s domain.
    pub fn new() -> Result<Scalar<T>> {
        let domain = domain_of::<T>("Scalar::new")?;
        let mut raw = ptr::null_mut();
        // SAFETY: a live type handle and an output.
        crate::error::check(unsafe { sys::weft_scalar_new(domain.as_raw(), &mut raw) })?;
        Ok(Scalar {
            raw,
            domain,
            _t: PhantomData,
        })
    }

    /// A scalar holding `x`.
    pub fn from_value(x: T) -> Result<Scalar<T>> {
        let s = Scalar::new()?;
        s.set(x)?;
        Ok(s)
    }

    fn check(&self, code: std::os::raw::c_int) -> Result<()> {
        check_on(code, sys::weft_scalar_error, self.raw)
    }

    /// `weft_scalar_set_element`: the scalar holds `x`.
    pub fn set(&self, x: T) -> Result<()> {
        // SAFETY: one element of the domain at &x.
        self.check(unsafe {
            sys::weft_scalar_set_element(self.raw, &x as *const T as *const c_void, self.domain.as_raw())
        })
    }

    /// `weft_scalar_extract_element`: the element, `None` when empty.
    pub fn get(&self) -> Result<Option<T>> {
        let mut x = core::mem::MaybeUninit::<T>::uninit();
        // SAFETY: room for one element of T's domain.
        let code =
            unsafe { sys::weft_scalar_extract_element(self.raw, self.domain.as_raw(), x.as_mut_ptr() as *mut c_void) };
        self.check(code)?;
        // SAFETY: success wrote a valid T (Element).
        Ok(if code == sys::WEFT_NO_VALUE {
            None
        } else {
            Some(unsafe { x.assume_init() })
        })
    }

    /// `weft_scalar_clear`: the scalar becomes empty.
    pub fn clear(&self) -> Result<()> {
        // SAFETY: a live handle.
        self.check(unsafe { sys::weft_scalar_clear(self.raw) })
    }

    /// `weft_scalar_nvals`: 0 or 1.
    pub fn nvals(&self) -> Result<i64> {
        let mut n = 0;
        // SAFETY: a live handle and an output.
        self.check(unsafe { sys::weft_scalar_nvals(self.raw, &mut n) })?;
        Ok(n)
    }

    /// `weft_scalar_dup`: a new scalar with the same element (or none).
    pub fn dup(&self) -> Result<Scalar<T>> {
        let domain = domain_of::<T>("Scalar::dup")?;
        let mut raw = ptr::null_mut();
        // SAFETY: a live handle and an output.
        self.check(unsafe { sys::weft_scalar_dup(self.raw, &mut raw) })?;
        Ok(Scalar {
            raw,
            domain,
            _t: PhantomData,
        })
    }

    /// `weft_scalar_wait`: finishes pending work.
    pub fn wait(&self, mode: WaitMode) -> Result<()> {
        // SAFETY: a live handle, a valid mode.
        self.check(unsafe { sys::weft_scalar_wait(self.raw, mode.raw()) })
    }

    /// `weft_scalar_error`: the message of the last call that had this scalar as its
    /// output (`""` if it succeeded).
    pub fn error_message(&self) -> String {
        object_message(sys::weft_scalar_error, self.raw)
    }

    /// The domain type: `T`'s.
    pub fn domain(&self) -> &Datatype {
        &self.domain
    }

    /// `weft_scalar_type`: the domain as weft reports it (a new handle, freed on drop).
    pub fn weft_domain(&self) -> Result<Datatype> {
        let mut t = ptr::null_mut();
        // SAFETY: a live handle and an output.
        self.check(unsafe { sys::weft_scalar_type(self.raw, &mut t) })?;
        // SAFETY: a new handle owed one weft_type_free (none if predefined).
        Ok(unsafe { Datatype::from_raw(t, true) })
    }

    /// The C handle, still owned by the scalar.
    pub fn as_raw(&self) -> sys::weft_scalar {
        self.raw
    }

    /// Gives up ownership: the handle, which the caller frees with `weft_scalar_free`.
    pub fn into_raw(self) -> sys::weft_scalar {
        let raw = self.raw;
        core::mem::forget(self);
        raw
    }

    /// Wraps a C handle, taking ownership (freed on drop).
    ///
    /// # Safety
    /// As for [`Sparse::from_raw`](super::Sparse::from_raw): a live scalar of `T`'s
    /// domain, owned by no one else.
    pub unsafe fn from_raw(raw: sys::weft_scalar) -> Result<Scalar<T>> {
        Ok(Scalar {
            raw,
            domain: domain_of::<T>("Scalar::from_raw")?,
            _t: PhantomData,
        })
    }
}
