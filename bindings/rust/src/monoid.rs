//! [`Monoid`]: an associative binary operator on a domain type with an identity element
//! (weft.h "Monoids"). The global indexer's reductions ([`crate::mpi::Indexer::put`]) are
//! monoids.
use core::ffi::c_void;
use core::fmt;
use core::marker::PhantomData;
use core::ops::Deref;
use core::ptr;

use crate::data::{prove_span, Pod};
use crate::error::{check, Error, Result, Status};
use crate::predefined::{Equivalence, Predefined};
use crate::sys;
use crate::Datatype;

/// The operator of a predefined monoid (`WEFT_<OP>_MONOID_<TYPE>`) and its identity
/// (Maia's `ReduceOp`, NumPy's identities).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MonoidOp {
    /// `x + y`, identity 0.
    Plus,
    /// `x * y`, identity 1.
    Times,
    /// `min(x, y)`, identity `+inf` (floats) or the type's maximum.
    Min,
    /// `max(x, y)`, identity `-inf` (floats) or the type's minimum.
    Max,
    /// logical and (result 0 or 1), identity 1.
    Land,
    /// logical or (result 0 or 1), identity 0.
    Lor,
    /// bitwise and, identity all bits set.
    Band,
    /// bitwise or, identity 0.
    Bor,
}

impl MonoidOp {
    /// All operators, in weft.h's order.
    pub const ALL: &'static [MonoidOp] = &[
        MonoidOp::Plus,
        MonoidOp::Times,
        MonoidOp::Min,
        MonoidOp::Max,
        MonoidOp::Land,
        MonoidOp::Lor,
        MonoidOp::Band,
        MonoidOp::Bor,
    ];

    /// The C name part (`"PLUS"`).
    pub fn name(self) -> &'static str {
        match self {
            MonoidOp::Plus => "PLUS",
            MonoidOp::Times => "TIMES",
            MonoidOp::Min => "MIN",
            MonoidOp::Max => "MAX",
            MonoidOp::Land => "LAND",
            MonoidOp::Lor => "LOR",
            MonoidOp::Band => "BAND",
            MonoidOp::Bor => "BOR",
        }
    }
}

macro_rules! predefined_monoids {
    ($($op:ident $ty:ident => $cname:ident;)*) => {
        /// The C handle of a predefined monoid, `None` if weft has no such monoid.
        fn predefined_handle(op: MonoidOp, domain: Predefined) -> Option<sys::weft_monoid> {
            // SAFETY: reading exported `const weft_monoid` globals of libweft, initialised
            // when the library was loaded.
            unsafe {
                match (op, domain) {
                    $((MonoidOp::$op, Predefined::$ty) => Some(sys::$cname),)*
                    _ => None,
                }
            }
        }

        /// Every predefined monoid as (operator, domain), in weft.h's order.
        const PREDEFINED_LIST: &[(MonoidOp, Predefined)] = &[$((MonoidOp::$op, Predefined::$ty),)*];
    };
}

predefined_monoids! {
    Plus Int8 => WEFT_PLUS_MONOID_INT8; Plus Int16 => WEFT_PLUS_MONOID_INT16;
    Plus Int32 => WEFT_PLUS_MONOID_INT32; Plus Int64 => WEFT_PLUS_MONOID_INT64;
    Plus Uint8 => WEFT_PLUS_MONOID_UINT8; Plus Uint16 => WEFT_PLUS_MONOID_UINT16;
    Plus Uint32 => WEFT_PLUS_MONOID_UINT32; Plus Uint64 => WEFT_PLUS_MONOID_UINT64;
    Plus Float => WEFT_PLUS_MONOID_FP32; Plus Double => WEFT_PLUS_MONOID_FP64;
    Times Int8 => WEFT_TIMES_MONOID_INT8; Times Int16 => WEFT_TIMES_MONOID_INT16;
    Times Int32 => WEFT_TIMES_MONOID_INT32; Times Int64 => WEFT_TIMES_MONOID_INT64;
    Times Uint8 => WEFT_TIMES_MONOID_UINT8; Times Uint16 => WEFT_TIMES_MONOID_UINT16;
    Times Uint32 => WEFT_TIMES_MONOID_UINT32; Times Uint64 => WEFT_TIMES_MONOID_UINT64;
    Times Float => WEFT_TIMES_MONOID_FP32; Times Double => WEFT_TIMES_MONOID_FP64;
    Min Int8 => WEFT_MIN_MONOID_INT8; Min Int16 => WEFT_MIN_MONOID_INT16;
    Min Int32 => WEFT_MIN_MONOID_INT32; Min Int64 => WEFT_MIN_MONOID_INT64;
    Min Uint8 => WEFT_MIN_MONOID_UINT8; Min Uint16 => WEFT_MIN_MONOID_UINT16;
    Min Uint32 => WEFT_MIN_MONOID_UINT32; Min Uint64 => WEFT_MIN_MONOID_UINT64;
    Min Float => WEFT_MIN_MONOID_FP32; Min Double => WEFT_MIN_MONOID_FP64;
    Max Int8 => WEFT_MAX_MONOID_INT8; Max Int16 => WEFT_MAX_MONOID_INT16;
    Max Int32 => WEFT_MAX_MONOID_INT32; Max Int64 => WEFT_MAX_MONOID_INT64;
    Max Uint8 => WEFT_MAX_MONOID_UINT8; Max Uint16 => WEFT_MAX_MONOID_UINT16;
    Max Uint32 => WEFT_MAX_MONOID_UINT32; Max Uint64 => WEFT_MAX_MONOID_UINT64;
    Max Float => WEFT_MAX_MONOID_FP32; Max Double => WEFT_MAX_MONOID_FP64;
    Land Bool => WEFT_LAND_MONOID_BOOL;
    Land Int8 => WEFT_LAND_MONOID_INT8; Land Int16 => WEFT_LAND_MONOID_INT16;
    Land Int32 => WEFT_LAND_MONOID_INT32; Land Int64 => WEFT_LAND_MONOID_INT64;
    Land Uint8 => WEFT_LAND_MONOID_UINT8; Land Uint16 => WEFT_LAND_MONOID_UINT16;
    Land Uint32 => WEFT_LAND_MONOID_UINT32; Land Uint64 => WEFT_LAND_MONOID_UINT64;
    Lor Bool => WEFT_LOR_MONOID_BOOL;
    Lor Int8 => WEFT_LOR_MONOID_INT8; Lor Int16 => WEFT_LOR_MONOID_INT16;
    Lor Int32 => WEFT_LOR_MONOID_INT32; Lor Int64 => WEFT_LOR_MONOID_INT64;
    Lor Uint8 => WEFT_LOR_MONOID_UINT8; Lor Uint16 => WEFT_LOR_MONOID_UINT16;
    Lor Uint32 => WEFT_LOR_MONOID_UINT32; Lor Uint64 => WEFT_LOR_MONOID_UINT64;
    Band Bool => WEFT_BAND_MONOID_BOOL;
    Band Int8 => WEFT_BAND_MONOID_INT8; Band Int16 => WEFT_BAND_MONOID_INT16;
    Band Int32 => WEFT_BAND_MONOID_INT32; Band Int64 => WEFT_BAND_MONOID_INT64;
    Band Uint8 => WEFT_BAND_MONOID_UINT8; Band Uint16 => WEFT_BAND_MONOID_UINT16;
    Band Uint32 => WEFT_BAND_MONOID_UINT32; Band Uint64 => WEFT_BAND_MONOID_UINT64;
    Bor Bool => WEFT_BOR_MONOID_BOOL;
    Bor Int8 => WEFT_BOR_MONOID_INT8; Bor Int16 => WEFT_BOR_MONOID_INT16;
    Bor Int32 => WEFT_BOR_MONOID_INT32; Bor Int64 => WEFT_BOR_MONOID_INT64;
    Bor Uint8 => WEFT_BOR_MONOID_UINT8; Bor Uint16 => WEFT_BOR_MONOID_UINT16;
    Bor Uint32 => WEFT_BOR_MONOID_UINT32; Bor Uint64 => WEFT_BOR_MONOID_UINT64;
}

/// The signature of a user-defined monoid's operator: `z = x op y` for one element of the
/// domain. weft calls it with `x` and `y` pointing to initialised elements and `z` to a
/// writable one (`z` may equal `x` or `y`); each pointer is the element's origin (the
/// domain's displacement 0), so a field at displacement `d` is at `ptr + d`. The pointers
/// need not be aligned for the Rust type: read and write with
/// [`read_unaligned`](core::ptr::read_unaligned) / [`write_unaligned`](core::ptr::write_unaligned).
///
/// A safe `extern "C" fn`: its body's `unsafe` blocks are its author's responsibility.
pub type BinaryOp = extern "C" fn(z: *mut c_void, x: *const c_void, y: *const c_void);

/// A monoid: an associative operator on a domain type with an identity (`weft_monoid`).
///
/// The predefined monoids ([`Monoid::predefined`], [`Monoid::of`]) are non-owning and
/// never freed. A user-defined monoid ([`Monoid::new`]) owns its handle and frees it on
/// drop (`weft_monoid_free`). Keep the domain `Datatype` for as long as the monoid is
/// used: a reduction's unit must be that very object.
///
/// A predefined monoid reduces units of its domain or of a predefined type with the same
/// representation (`WEFT_PLUS_MONOID_INT32` also reduces `WEFT_INT`); a user-defined one
/// reduces units of exactly its domain object.
///
/// ```
/// use weft::{Monoid, MonoidOp, Predefined};
/// # fn main() -> weft::Result<()> {
/// let max = Monoid::of::<i64>(MonoidOp::Max).unwrap();
/// assert_eq!(max.identity::<i64>()?, i64::MIN);
/// assert_eq!(max.apply(&3i64, &-7)?, 3);
/// assert!(Monoid::predefined(MonoidOp::Plus, Predefined::Bool).is_none());
/// # Ok(()) }
/// ```
pub struct Monoid {
    raw: sys::weft_monoid,
    owned: bool,
}

// SAFETY: a monoid is immutable after construction (domain, operator, identity); weft's
// handle registry is thread-safe, and the operator is a plain `extern "C" fn` (for
// `from_raw_parts`, the caller vouches for it).
unsafe impl Send for Monoid {}
unsafe impl Sync for Monoid {}

impl Drop for Monoid {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: an owned, live, user-defined handle; nothing uses it afterwards.
            unsafe {
                sys::weft_monoid_free(&mut self.raw);
            }
        }
    }
}

impl fmt::Debug for Monoid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_predefined() {
            Some((op, p)) => write!(f, "Monoid(WEFT_{}_MONOID_{})", op.name(), monoid_type_name(p)),
            None => write!(f, "Monoid(user-defined {:p})", self.raw),
        }
    }
}

/// `FP32`/`FP64` for `Float`/`Double`, else the predefined name without `WEFT_`.
fn monoid_type_name(p: Predefined) -> &'static str {
    match p {
        Predefined::Float => "FP32",
        Predefined::Double => "FP64",
        other => other.name().trim_start_matches("WEFT_"),
    }
}

/// The domain of a monoid, borrowed from it ([`Monoid::domain`]): a non-owning
/// [`Datatype`] that derefs to the monoid's own domain object.
pub struct MonoidDomain<'a> {
    t: Datatype,
    _monoid: PhantomData<&'a Monoid>,
}

impl Deref for MonoidDomain<'_> {
    type Target = Datatype;
    fn deref(&self) -> &Datatype {
        &self.t
    }
}

impl Monoid {
    /// Every predefined monoid as (operator, domain), in weft.h's order: PLUS, TIMES,
    /// MIN, MAX on the integer types and `Float` (FP32), `Double` (FP64); LAND, LOR,
    /// BAND, BOR on `Bool` and the integer types.
    pub const PREDEFINED: &'static [(MonoidOp, Predefined)] = PREDEFINED_LIST;

    /// `WEFT_<OP>_MONOID_<TYPE>` (non-owning), `None` when weft has no such monoid.
    /// `domain` is one of `Int8` … `Uint64`, `Float` (FP32), `Double` (FP64), `Bool`.
    pub fn predefined(op: MonoidOp, domain: Predefined) -> Option<Monoid> {
        predefined_handle(op, domain).map(|raw| Monoid { raw, owned: false })
    }

    /// The predefined monoid of `op` on the weft equivalent of `T`
    /// ([`Equivalence`]): `Monoid::of::<f64>(MonoidOp::Min)` is `WEFT_MIN_MONOID_FP64`.
    pub fn of<T: Equivalence>(op: MonoidOp) -> Option<Monoid> {
        Monoid::predefined(op, T::PREDEFINED)
    }

    /// `weft_monoid_new`: a user-defined monoid on `domain` (any weft type, e.g. a
    /// derived struct type) with operator `op` and identity `identity`, one element of
    /// the domain laid out at the value's address (the bytes the domain's data covers,
    /// `[true_lb, true_lb + true_extent)`, must lie inside `T`, else
    /// `WEFT_INDEX_OUT_OF_BOUNDS`; weft copies them). The caller promises that `op` is
    /// associative and `identity` neutral. Fails with `WEFT_INVALID_VALUE` for a domain
    /// with no data or a negative extent.
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
    pub fn new<T: Copy>(domain: &Datatype, op: BinaryOp, identity: &T) -> Result<Monoid> {
        prove_span("Monoid::new", "identity", domain, 1, core::mem::size_of_val(identity))?;
        // SAFETY: the domain's data bytes lie inside *identity (proved); a safe fn
        // pointer coerces to the unsafe one weft stores.
        unsafe { Monoid::from_raw_parts(domain, op, identity as *const T as *const c_void) }
    }

    /// As [`new`](Monoid::new), with the identity given as bytes (the element's origin
    /// at `identity[0]`).
    pub fn from_bytes(domain: &Datatype, op: BinaryOp, identity: &[u8]) -> Result<Monoid> {
        prove_span("Monoid::from_bytes", "identity", domain, 1, identity.len())?;
        // SAFETY: as in new.
        unsafe { Monoid::from_raw_parts(domain, op, identity.as_ptr() as *const c_void) }
    }

    /// `weft_monoid_new` on raw parts.
    ///
    /// # Safety
    /// `identity` must be readable at the bytes the domain's data covers; `op` must be
    /// safe to call with pointers to elements of the domain (as described at
    /// [`BinaryOp`]) from whatever thread runs a reduction.
    pub unsafe fn from_raw_parts(
        domain: &Datatype,
        op: sys::weft_binary_op_fn,
        identity: *const c_void,
    ) -> Result<Monoid> {
        let mut raw: sys::weft_monoid = ptr::null_mut();
        // SAFETY: the caller's contract covers identity and op; the handle is live.
        check(unsafe { sys::weft_monoid_new(domain.as_raw(), Some(op), identity, &mut raw) })?;
        Ok(Monoid { raw, owned: true })
    }

    /// The C handle. It stays owned by `self`.
    pub fn as_raw(&self) -> sys::weft_monoid {
        self.raw
    }

    /// Gives up ownership: returns the C handle, which the caller must free with
    /// `weft_monoid_free` (unless predefined).
    pub fn into_raw(self) -> sys::weft_monoid {
        let raw = self.raw;
        core::mem::forget(self);
        raw
    }

    /// Wraps a C handle; with `owned`, the `Monoid` frees it on drop (predefined
    /// handles never are).
    ///
    /// # Safety
    /// `raw` must be a live weft_monoid handle; with `owned` the caller transfers its
    /// handle, without it the handle must outlive the `Monoid`.
    pub unsafe fn from_raw(raw: sys::weft_monoid, owned: bool) -> Monoid {
        let predefined = PREDEFINED_LIST
            .iter()
            .any(|&(op, p)| predefined_handle(op, p) == Some(raw));
        Monoid {
            raw,
            owned: owned && !predefined,
        }
    }

    /// The (operator, domain) of a predefined monoid, `None` for a user-defined one.
    pub fn as_predefined(&self) -> Option<(MonoidOp, Predefined)> {
        PREDEFINED_LIST
            .iter()
            .copied()
            .find(|&(op, p)| predefined_handle(op, p) == Some(self.raw))
    }

    /// Whether this is a predefined monoid.
    pub fn is_predefined(&self) -> bool {
        self.as_predefined().is_some()
    }

    /// `weft_monoid_domain`: the domain type, borrowed from the monoid (the same weft
    /// object that was given to [`new`](Monoid::new); for a predefined monoid, the
    /// predefined type). A user-defined monoid's domain is reachable only while a handle
    /// to it is live (the `Datatype` given to `new`, or an alias): weft keeps the object
    /// for the monoid but not the handle, so after the last `Datatype` naming it is
    /// dropped this fails with `WEFT_INVALID_HANDLE` (and the monoid can no longer be used
    /// in a reduction, whose unit must be that object).
    pub fn domain(&self) -> Result<MonoidDomain<'_>> {
        let mut h: sys::weft_type = ptr::null_mut();
        // SAFETY: live handle, valid output.
        check(unsafe { sys::weft_monoid_domain(self.raw, &mut h) })?;
        let mut size = 0i64;
        // SAFETY: any handle value is accepted (a dead one is reported, not used).
        check(unsafe { sys::weft_type_size(h, &mut size) }).map_err(|e| {
            Error::new(
                e.status(),
                format!(
                    "Monoid::domain: the domain's handle is no longer live ({})",
                    e.message()
                ),
            )
        })?;
        Ok(MonoidDomain {
            // SAFETY: a live handle to the monoid's domain; non-owning, so never freed
            // through this Datatype.
            t: unsafe { Datatype::from_raw(h, false) },
            _monoid: PhantomData,
        })
    }

    /// `weft_monoid_identity`: the identity as a `T`, which must hold the domain's data
    /// bytes (else `WEFT_INDEX_OUT_OF_BOUNDS`); bytes of `T` the domain does not cover
    /// are zero.
    pub fn identity<T: Pod>(&self) -> Result<T> {
        let domain = self.domain()?;
        prove_span("Monoid::identity", "T", &domain, 1, core::mem::size_of::<T>())?;
        let mut v = core::mem::MaybeUninit::<T>::zeroed();
        // SAFETY: the written bytes lie inside v (proved); a zeroed Pod is a valid T and
        // any bytes written keep it one.
        unsafe {
            check(sys::weft_monoid_identity(self.raw, v.as_mut_ptr() as *mut c_void))?;
            Ok(v.assume_init())
        }
    }

    /// `weft_monoid_identity` as bytes: a vector of `max(extent, true_lb +
    /// true_extent)` bytes with the element's origin at index 0 (zero where the domain
    /// has no data). `WEFT_INDEX_OUT_OF_BOUNDS` if the data starts before the origin.
    pub fn identity_bytes(&self) -> Result<Vec<u8>> {
        let domain = self.domain()?;
        let (tlb, tex) = domain.true_extent();
        let n = (domain.extent().max(0) as i128).max(tlb as i128 + tex as i128);
        let n = usize::try_from(n)
            .map_err(|_| Error::new(Status::Overflow, format!("Monoid::identity_bytes: {n} bytes")))?;
        let mut v = vec![0u8; n];
        prove_span("Monoid::identity_bytes", "the element", &domain, 1, n)?;
        // SAFETY: the written bytes lie inside v (proved).
        check(unsafe { sys::weft_monoid_identity(self.raw, v.as_mut_ptr() as *mut c_void) })?;
        Ok(v)
    }

    /// `weft_monoid_apply`: `x op y`. `T` must hold the domain's data bytes (else
    /// `WEFT_INDEX_OUT_OF_BOUNDS`); bytes the domain does not cover are taken from `x`.
    /// For types that are not [`Pod`] (e.g. with padding) use
    /// [`apply_raw`](Monoid::apply_raw).
    pub fn apply<T: Pod>(&self, x: &T, y: &T) -> Result<T> {
        let domain = self.domain()?;
        prove_span("Monoid::apply", "T", &domain, 1, core::mem::size_of::<T>())?;
        let mut z = *x;
        // SAFETY: each pointer covers the domain's data bytes (proved); z is a separate
        // object; any bytes written into a Pod keep it valid.
        check(unsafe {
            sys::weft_monoid_apply(
                self.raw,
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
    /// `x` and `y` must be readable and `z` writable at the bytes the domain's data
    /// covers.
    pub unsafe fn apply_raw(&self, z: *mut c_void, x: *const c_void, y: *const c_void) -> Result<()> {
        // SAFETY: the caller's contract.
        check(unsafe { sys::weft_monoid_apply(self.raw, z, x, y) })
    }
}
