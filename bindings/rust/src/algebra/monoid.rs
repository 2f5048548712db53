//! [`Monoid`]: an associative binary operator whose three domains are one type, with an
//! identity and optionally a terminal element (weft/algebra.h "Monoids"). The global
//! indexer's reductions ([`crate::mpi::Indexer::put`]) and semirings' additions are
//! monoids.
use core::ffi::c_void;
use core::ptr;

use super::handle::{handle_methods, Handle, Object};
use super::opcodes::MonoidOp;
use super::operator::{BinaryFn, BinaryOp, Domain, RawBinaryFn};
use super::trampoline::Keep;
use super::{borrowed_type, element_span, prove_element, Borrowed};
use crate::data::Pod;
use crate::error::{check, Error, Result, Status};
use crate::predefined::{Equivalence, Predefined};
use crate::sys;
use crate::Datatype;

/// A monoid: an associative operator on a domain type with an identity (`weft_monoid`).
///
/// The predefined monoids ([`Monoid::predefined`], [`Monoid::of`]) are non-owning and
/// never freed. A user-defined monoid ([`Monoid::new`], [`Monoid::from_op`]) owns its
/// handle and frees it on drop (`weft_monoid_free`). Keep the domain `Datatype` for as
/// long as the monoid is used: a reduction's unit must be that very object.
///
/// A predefined monoid reduces units of its domain or of a predefined type with the same
/// representation (`WEFT_PLUS_MONOID_INT32` also reduces `WEFT_INT`); a user-defined one
/// reduces units of exactly its domain object.
///
/// An element is `extent` bytes of the domain from its origin (displacement 0): the values
/// given and returned as `T` must hold them (else `WEFT_INDEX_OUT_OF_BOUNDS`).
///
/// ```
/// use weft::{Monoid, MonoidOp, Predefined};
/// # fn main() -> weft::Result<()> {
/// let max = Monoid::of::<i64>(MonoidOp::Max).unwrap();
/// assert_eq!(max.identity::<i64>()?, i64::MIN);
/// assert_eq!(max.apply(&3i64, &-7)?, 3);
/// assert_eq!(max.terminal::<i64>()?, Some(i64::MAX));
/// assert!(Monoid::predefined(MonoidOp::Plus, Predefined::Bool).is_none());
/// # Ok(()) }
/// ```
pub struct Monoid {
    h: Handle<sys::weft_monoid_s>,
    /// The operator [`Monoid::new`] made: its handle lives as long as the monoid, so that
    /// [`Monoid::operator`] can hand it out (weft keeps the object either way).
    pub(crate) op: Option<BinaryOp>,
    /// The closure slot behind the operator, if it is a closure.
    pub(crate) keep: Keep,
}
handle_methods!(Monoid, sys::weft_monoid_s, (MonoidOp, Predefined), "weft_monoid", |h| {
    Monoid {
        h,
        op: None,
        keep: Keep::default(),
    }
});

impl Monoid {
    /// Every predefined monoid as (operator, domain), in weft/algebra.h's order: PLUS,
    /// TIMES, MIN, MAX on the integer types and `Float` (FP32), `Double` (FP64); LAND,
    /// LOR, BAND, BOR on `Bool` and the integer types; LXOR, LXNOR on `Bool`; BXOR, BXNOR
    /// on the integer types; ANY on all eleven.
    pub const PREDEFINED: &'static [(MonoidOp, Predefined)] = <sys::weft_monoid_s as Object>::NAMES;

    /// `WEFT_<OP>_MONOID_<TYPE>` (non-owning), `None` when weft has no such monoid.
    /// `domain` is one of `Int8` … `Uint64`, `Float` (FP32), `Double` (FP64), `Bool`.
    pub fn predefined(op: MonoidOp, domain: Predefined) -> Option<Monoid> {
        Handle::predefined((op, domain)).map(|h| Monoid {
            h,
            op: None,
            keep: Keep::default(),
        })
    }

    /// The predefined monoid of `op` on the weft equivalent of `T`
    /// ([`Equivalence`]): `Monoid::of::<f64>(MonoidOp::Min)` is `WEFT_MIN_MONOID_FP64`.
    pub fn of<T: Equivalence>(op: MonoidOp) -> Option<Monoid> {
        Monoid::predefined(op, T::PREDEFINED)
    }

    /// A user-defined monoid on `domain` (a weft type, e.g. a derived struct type) with
    /// the operator `op` (domain x domain -> domain) and identity `identity`, one element
    /// of the domain at the value's address (weft copies it). The monoid's operator is a
    /// [`BinaryOp`] made here (`weft_binary_op_new` with the domain three times, then
    /// `weft_monoid_new`). The caller promises that `op` is associative and `identity`
    /// neutral. Fails with `WEFT_INVALID_VALUE` for a domain that cannot hold elements (no
    /// data, data before displacement 0 or beyond the extent).
    ///
    /// ```
    /// use core::ffi::c_void;
    /// use weft::{Datatype, Monoid};
    /// # fn main() -> weft::Result<()> {
    /// #[repr(C)]
    /// #[derive(Clone, Copy, Debug, PartialEq)]
    /// struct MinLoc { value: f64, index: i64 }
    /// // SAFETY: two 8-byte fields, no padding, every bit pattern valid.
    /// unsafe impl weft::Pod for MinLoc {}
    /// extern "C" fn minloc(z: *mut c_void, x: *const c_void, y: *const c_void) {
    ///     // SAFETY: weft passes elements of the domain (a MinLoc each), maybe unaligned.
    ///     unsafe {
    ///         let (a, b) = ((x as *const MinLoc).read_unaligned(), (y as *const MinLoc).read_unaligned());
    ///         let r = if b.value < a.value || (b.value == a.value && b.index < a.index) { b } else { a };
    ///         (z as *mut MinLoc).write_unaligned(r);
    ///     }
    /// }
    /// let (t, _) = Datatype::struct_aligned(&[1, 1], &[&Datatype::double(), &Datatype::int64()])?;
    /// let t = t.committed()?;
    /// let m = Monoid::new(&t, minloc, &MinLoc { value: f64::INFINITY, index: i64::MAX })?;
    /// let r = m.apply(&MinLoc { value: 2.0, index: 5 }, &MinLoc { value: 2.0, index: 3 })?;
    /// assert_eq!(r, MinLoc { value: 2.0, index: 3 });
    /// # Ok(()) }
    /// ```
    pub fn new<T: Copy>(domain: &Datatype, op: BinaryFn, identity: &T) -> Result<Monoid> {
        prove_element("Monoid::new", "identity", domain, core::mem::size_of_val(identity))?;
        // SAFETY: the element lies inside *identity (proved); a safe fn pointer coerces
        // to the unsafe one weft stores.
        unsafe { Monoid::from_raw_parts(domain, op, identity as *const T as *const c_void) }
    }

    /// As [`new`](Monoid::new), with the identity given as bytes (the element's origin
    /// at `identity[0]`).
    pub fn from_bytes(domain: &Datatype, op: BinaryFn, identity: &[u8]) -> Result<Monoid> {
        prove_element("Monoid::from_bytes", "identity", domain, identity.len())?;
        // SAFETY: as in new.
        unsafe { Monoid::from_raw_parts(domain, op, identity.as_ptr() as *const c_void) }
    }

    /// [`new`](Monoid::new) on raw parts.
    ///
    /// # Safety
    /// `identity` must be readable for one element of the domain (its `extent` bytes);
    /// `op` must be safe to call with pointers to elements of the domain (as described at
    /// [`BinaryFn`]) from whatever thread runs a reduction.
    pub unsafe fn from_raw_parts(domain: &Datatype, op: RawBinaryFn, identity: *const c_void) -> Result<Monoid> {
        // SAFETY: the caller's contract covers op.
        let op = unsafe { BinaryOp::from_raw_parts(op, domain, domain, domain)? };
        // SAFETY: the caller's contract covers identity; op is live.
        let mut m = unsafe { Monoid::from_op_raw(&op, identity, ptr::null())? };
        m.op = Some(op);
        Ok(m)
    }

    /// `weft_monoid_new` (`terminal` `None`) or `weft_monoid_new_terminal`: a monoid on
    /// `op`, whose three domains must be the same type (else `WEFT_DOMAIN_MISMATCH`),
    /// with `identity` and optionally a terminal element (`x op terminal = terminal` for
    /// every `x`: reductions may stop there), each one element of the domain (weft copies
    /// them). The caller promises that `op` is associative and `identity` neutral. The
    /// monoid keeps the operator alive; [`operator`](Monoid::operator) works while `op`
    /// (or another handle to it) does.
    ///
    /// ```
    /// use weft::{BinaryOp, BinaryOpcode, Monoid};
    /// # fn main() -> weft::Result<()> {
    /// let max = BinaryOp::of::<u8>(BinaryOpcode::Max).unwrap();
    /// let m = Monoid::from_op(&max, &0u8, Some(&u8::MAX))?;
    /// assert_eq!((m.apply(&3u8, &9)?, m.terminal::<u8>()?), (9, Some(255)));
    /// # Ok(()) }
    /// ```
    pub fn from_op<T: Copy>(op: &BinaryOp, identity: &T, terminal: Option<&T>) -> Result<Monoid> {
        const F: &str = "Monoid::from_op";
        let (z, _, _) = op.types()?;
        prove_element(F, "identity", &z, core::mem::size_of_val(identity))?;
        let terminal = match terminal {
            Some(t) => {
                prove_element(F, "terminal", &z, core::mem::size_of_val(t))?;
                t as *const T as *const c_void
            }
            None => ptr::null(),
        };
        // SAFETY: identity and terminal hold one element each (proved); op is live.
        unsafe { Monoid::from_op_raw(op, identity as *const T as *const c_void, terminal) }
    }

    /// [`from_op`](Monoid::from_op) on raw pointers (`terminal` null: none).
    ///
    /// # Safety
    /// `identity`, and `terminal` unless null, must be readable for one element of the
    /// operator's domain (its `extent` bytes).
    pub unsafe fn from_op_raw(op: &BinaryOp, identity: *const c_void, terminal: *const c_void) -> Result<Monoid> {
        let mut raw = ptr::null_mut();
        // SAFETY: the caller's contract; a valid output.
        check(unsafe {
            if terminal.is_null() {
                sys::weft_monoid_new(op.as_raw(), identity, &mut raw)
            } else {
                sys::weft_monoid_new_terminal(op.as_raw(), identity, terminal, &mut raw)
            }
        })?;
        Ok(Monoid {
            h: Handle::owned(raw),
            op: None,
            keep: op.keep.clone(),
        })
    }

    /// `weft_monoid_operator`: the binary operator, borrowed from the monoid (for a
    /// predefined monoid, the predefined operator of the same name and type, or an
    /// unnamed predefined one for LAND/LOR on integers and BAND/BOR on `Bool`). For a
    /// monoid from [`from_op`](Monoid::from_op), its handle is the `BinaryOp`'s given
    /// there: once that is dropped (and no other handle to the operator is live), this
    /// fails with `WEFT_INVALID_HANDLE`, although the monoid keeps working (and
    /// [`function`](Monoid::function) too).
    pub fn operator(&self) -> Result<Borrowed<'_, BinaryOp>> {
        let mut raw = ptr::null_mut();
        // SAFETY: a valid output; a dead monoid handle is reported.
        check(unsafe { sys::weft_monoid_operator(self.as_raw(), &mut raw) })?;
        BinaryOp::borrowed(raw, "Monoid::operator", "the operator", &self.keep)
    }

    /// `weft_monoid_function`: the operator's C function, valid while the monoid lives
    /// (whoever holds the operator's handle).
    pub fn function(&self) -> Result<RawBinaryFn> {
        let mut f = None;
        // SAFETY: a valid output; a dead monoid handle is reported.
        check(unsafe { sys::weft_monoid_function(self.as_raw(), &mut f) })?;
        f.ok_or_else(|| Error::new(Status::NullPointer, "Monoid::function: weft returned no function"))
    }

    /// `weft_monoid_domain`: the domain type, borrowed from the monoid (the same weft
    /// object that was given to [`new`](Monoid::new); for a predefined monoid, the
    /// predefined type). A user-defined monoid's domain is reachable only while a handle
    /// to it is live (the `Datatype` given to `new`, or an alias): weft keeps the object
    /// for the monoid but not the handle, so after the last `Datatype` naming it is
    /// dropped this fails with `WEFT_INVALID_HANDLE` (and the monoid can no longer be used
    /// in a reduction, whose unit must be that object).
    pub fn domain(&self) -> Result<Domain<'_>> {
        let mut h: sys::weft_type = ptr::null_mut();
        // SAFETY: live handle, valid output.
        check(unsafe { sys::weft_monoid_domain(self.as_raw(), &mut h) })?;
        borrowed_type(h, "Monoid::domain", "the domain")
    }

    /// `weft_monoid_accepts`: whether the monoid reduces units of `t` (its domain, or for
    /// a predefined monoid a predefined type of the same representation).
    pub fn accepts(&self, t: &Datatype) -> Result<bool> {
        let mut a = false;
        // SAFETY: live handles, valid output.
        check(unsafe { sys::weft_monoid_accepts(self.as_raw(), t.as_raw(), &mut a) })?;
        Ok(a)
    }

    /// `weft_monoid_identity`: the identity as a `T`, which must hold one element of the
    /// domain (else `WEFT_INDEX_OUT_OF_BOUNDS`); bytes of `T` beyond it are zero.
    pub fn identity<T: Pod>(&self) -> Result<T> {
        let domain = self.domain()?;
        prove_element("Monoid::identity", "T", &domain, core::mem::size_of::<T>())?;
        let mut v = core::mem::MaybeUninit::<T>::zeroed();
        // SAFETY: the written element lies inside v (proved); a zeroed Pod is a valid T
        // and any bytes written keep it one.
        unsafe {
            check(sys::weft_monoid_identity(self.as_raw(), v.as_mut_ptr() as *mut c_void))?;
            Ok(v.assume_init())
        }
    }

    /// `weft_monoid_identity` as bytes: one element of the domain (`extent` bytes), its
    /// origin at index 0.
    pub fn identity_bytes(&self) -> Result<Vec<u8>> {
        let mut v = self.element_bytes("Monoid::identity_bytes")?;
        // SAFETY: v holds one element (element_bytes proved it).
        check(unsafe { sys::weft_monoid_identity(self.as_raw(), v.as_mut_ptr() as *mut c_void) })?;
        Ok(v)
    }

    /// `weft_monoid_terminal`: the terminal element as a `T` (which must hold one element,
    /// as for [`identity`](Monoid::identity)), `None` when the monoid has none.
    pub fn terminal<T: Pod>(&self) -> Result<Option<T>> {
        let domain = self.domain()?;
        prove_element("Monoid::terminal", "T", &domain, core::mem::size_of::<T>())?;
        let mut v = core::mem::MaybeUninit::<T>::zeroed();
        let mut has = false;
        // SAFETY: as in identity.
        unsafe {
            check(sys::weft_monoid_terminal(
                self.as_raw(),
                v.as_mut_ptr() as *mut c_void,
                &mut has,
            ))?;
            Ok(if has { Some(v.assume_init()) } else { None })
        }
    }

    /// `weft_monoid_terminal` as bytes (as [`identity_bytes`](Monoid::identity_bytes)),
    /// `None` when the monoid has none.
    pub fn terminal_bytes(&self) -> Result<Option<Vec<u8>>> {
        let mut v = self.element_bytes("Monoid::terminal_bytes")?;
        let mut has = false;
        // SAFETY: v holds one element (element_bytes proved it).
        check(unsafe { sys::weft_monoid_terminal(self.as_raw(), v.as_mut_ptr() as *mut c_void, &mut has) })?;
        Ok(if has { Some(v) } else { None })
    }

    /// Zero bytes for one element of the domain.
    fn element_bytes(&self, func: &str) -> Result<Vec<u8>> {
        let domain = self.domain()?;
        let (_, hi) = element_span(&domain);
        let n = usize::try_from(hi)
            .map_err(|_| Error::new(Status::Overflow, format!("{func}: an element of {hi} bytes")))?;
        prove_element(func, "the element", &domain, n)?;
        Ok(vec![0u8; n])
    }

    /// `weft_monoid_apply`: `x op y`. `T` must hold one element of the domain (else
    /// `WEFT_INDEX_OUT_OF_BOUNDS`); bytes beyond it are taken from `x`. For types that
    /// are not [`Pod`] (e.g. with padding) use [`apply_raw`](Monoid::apply_raw).
    pub fn apply<T: Pod>(&self, x: &T, y: &T) -> Result<T> {
        let domain = self.domain()?;
        prove_element("Monoid::apply", "T", &domain, core::mem::size_of::<T>())?;
        let mut z = *x;
        // SAFETY: each pointer covers one element (proved); z is a separate object; any
        // bytes written into a Pod keep it valid.
        check(unsafe {
            sys::weft_monoid_apply(
                self.as_raw(),
                &mut z as *mut T as *mut c_void,
                x as *const T as *const c_void,
                y as *const T as *const c_void,
            )
        })?;
        Ok(z)
    }

    /// `weft_monoid_apply` on raw pointers.
    ///
    /// # Safety
    /// `x` and `y` must be readable and `z` writable for one element of the domain (its
    /// `extent` bytes).
    pub unsafe fn apply_raw(&self, z: *mut c_void, x: *const c_void, y: *const c_void) -> Result<()> {
        // SAFETY: the caller's contract.
        check(unsafe { sys::weft_monoid_apply(self.as_raw(), z, x, y) })
    }
}
