//! [`Semiring`]: an additive monoid and a multiplicative operator (weft/algebra.h
//! "Semirings"), what the semiring engine's mxm, mxv and vxm compute with.
use core::ptr;

use super::handle::{handle_methods, Handle, Object};
use super::opcodes::{BinaryOpcode, MonoidOp};
use super::trampoline::Keep;
use super::{BinaryOp, Borrowed, Monoid};
use crate::error::{check, Error, Result};
use crate::predefined::{Equivalence, Predefined};
use crate::sys;

/// A semiring (`weft_semiring`): a commutative [`Monoid`] (the addition) and a
/// [`BinaryOp`] (the multiplication) whose output domain is the monoid's domain.
///
/// The predefined ones `WEFT_<ADD>_<MULT>_SEMIRING_<TYPE>` ([`Semiring::predefined`],
/// [`Semiring::of`]) are non-owning and never freed; a user-defined one
/// ([`Semiring::new`]) frees its handle on drop and keeps its parts alive.
///
/// ```
/// use weft::{BinaryOp, BinaryOpcode, Monoid, MonoidOp, Semiring};
/// # fn main() -> weft::Result<()> {
/// let tropical = Semiring::of::<f64>(MonoidOp::Min, BinaryOpcode::Plus).unwrap();
/// assert_eq!(format!("{tropical:?}"), "Semiring(WEFT_MIN_PLUS_SEMIRING_FP64)");
/// assert_eq!(tropical.add()?.apply(&2.0f64, &-1.0)?, -1.0);
///
/// let min = Monoid::of::<i32>(MonoidOp::Min).unwrap();
/// let plus = BinaryOp::of::<i32>(BinaryOpcode::Plus).unwrap();
/// let s = Semiring::new(&min, &plus)?;
/// assert_eq!(s.add()?.as_raw(), min.as_raw());
/// # Ok(()) }
/// ```
pub struct Semiring {
    h: Handle<sys::weft_semiring_s>,
    /// The closure slots behind the parts, if any is a closure.
    pub(crate) keep: Keep,
}
handle_methods!(
    Semiring,
    sys::weft_semiring_s,
    (MonoidOp, BinaryOpcode, Predefined),
    "weft_semiring",
    |h| Semiring {
        h,
        keep: Keep::default()
    }
);

impl Semiring {
    /// Every predefined semiring as (addition, multiplication, domain), in
    /// weft/algebra.h's order.
    pub const PREDEFINED: &'static [(MonoidOp, BinaryOpcode, Predefined)] = <sys::weft_semiring_s as Object>::NAMES;

    /// `WEFT_<ADD>_<MULT>_SEMIRING_<TYPE>` (non-owning), `None` when weft has no such
    /// semiring: `Semiring::predefined(MonoidOp::Plus, BinaryOpcode::Times,
    /// Predefined::Double)` is `WEFT_PLUS_TIMES_SEMIRING_FP64`.
    pub fn predefined(add: MonoidOp, multiply: BinaryOpcode, domain: Predefined) -> Option<Semiring> {
        Handle::predefined((add, multiply, domain)).map(|h| Semiring {
            h,
            keep: Keep::default(),
        })
    }

    /// The predefined semiring on the weft equivalent of `T` ([`Equivalence`]).
    pub fn of<T: Equivalence>(add: MonoidOp, multiply: BinaryOpcode) -> Option<Semiring> {
        Semiring::predefined(add, multiply, T::PREDEFINED)
    }

    /// `weft_semiring_new`: a semiring from an additive monoid (the caller promises it is
    /// commutative) and a multiplicative operator whose output domain is the monoid's
    /// domain (else `WEFT_DOMAIN_MISMATCH`). The semiring keeps both alive;
    /// [`add`](Semiring::add) and [`multiply`](Semiring::multiply) work while handles to
    /// them do.
    pub fn new(add: &Monoid, multiply: &BinaryOp) -> Result<Semiring> {
        let mut raw = ptr::null_mut();
        // SAFETY: live handles, a valid output.
        check(unsafe { sys::weft_semiring_new(add.as_raw(), multiply.as_raw(), &mut raw) })?;
        Ok(Semiring {
            h: Handle::owned(raw),
            keep: add.keep.join(&multiply.keep),
        })
    }

    /// `weft_semiring_add`: the additive monoid, borrowed from the semiring
    /// (`WEFT_INVALID_HANDLE` once no handle to it is live).
    pub fn add(&self) -> Result<Borrowed<'_, Monoid>> {
        let mut raw = ptr::null_mut();
        // SAFETY: a valid output; a dead semiring handle is reported.
        check(unsafe { sys::weft_semiring_add(self.as_raw(), &mut raw) })?;
        // A live monoid handle answers a domain query; a dead one is refused.
        let mut d = ptr::null_mut();
        // SAFETY: valid output; any handle value is accepted.
        check(unsafe { sys::weft_monoid_domain(raw, &mut d) }).map_err(|e| {
            Error::new(
                e.status(),
                format!("Semiring::add: the monoid's handle is no longer live ({})", e.message()),
            )
        })?;
        // SAFETY: a live handle, not owned.
        let mut m = unsafe { Monoid::from_raw(raw, false) };
        m.keep = self.keep.clone();
        Ok(Borrowed::new(m))
    }

    /// `weft_semiring_multiply`: the multiplicative operator, borrowed from the semiring
    /// (`WEFT_INVALID_HANDLE` once no handle to it is live).
    pub fn multiply(&self) -> Result<Borrowed<'_, BinaryOp>> {
        let mut raw = ptr::null_mut();
        // SAFETY: a valid output; a dead semiring handle is reported.
        check(unsafe { sys::weft_semiring_multiply(self.as_raw(), &mut raw) })?;
        BinaryOp::borrowed(raw, "Semiring::multiply", "the operator", &self.keep)
    }
}
