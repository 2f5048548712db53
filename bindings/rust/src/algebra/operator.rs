//! [`UnaryOp`], [`BinaryOp`], [`IndexUnaryOp`]: functions on elements of domain types,
//! as objects (GraphBLAS's `GrB_UnaryOp`, `GrB_BinaryOp`, `GrB_IndexUnaryOp`).
use core::ffi::c_void;
use core::ptr;
use std::ffi::CString;

use super::handle::{handle_methods, Handle, Object};
use super::opcodes::{BinaryOpcode, IndexUnaryOpcode, UnaryOpcode};
use super::trampoline::Keep;
use super::{borrowed_type, Borrowed};
use crate::error::{check, Error, Result, Status};
use crate::predefined::{Equivalence, Predefined};
use crate::sys;
use crate::Datatype;

/// A domain type borrowed from an algebra object (its operator's `types`, a monoid's
/// `domain`).
pub type Domain<'a> = Borrowed<'a, Datatype>;

/// The function of a user-defined [`UnaryOp`]: `z = f(x)` for one element.
///
/// weft calls it with `x` pointing to an initialised element of the x domain and `z` to
/// a writable element of the z domain (`z` may equal `x`); each pointer is the element's
/// origin (the domain's displacement 0), so a field at displacement `d` is at `ptr + d`.
/// The pointers need not be aligned for the Rust type: read and write with
/// [`read_unaligned`](core::ptr::read_unaligned) /
/// [`write_unaligned`](core::ptr::write_unaligned). The function must not keep them.
///
/// A safe `extern "C" fn`: its body's `unsafe` blocks are its author's responsibility.
pub type UnaryFn = extern "C" fn(z: *mut c_void, x: *const c_void);
/// The function of a user-defined [`BinaryOp`] (and of [`Monoid::new`](crate::Monoid::new)):
/// `z = f(x, y)` for one element, under the rules of [`UnaryFn`] (`z` may equal `x` or
/// `y`).
pub type BinaryFn = extern "C" fn(z: *mut c_void, x: *const c_void, y: *const c_void);
/// The function of a user-defined [`IndexUnaryOp`]: `z = f(x, i, j, thunk)` for the
/// element `x` at row `i`, column `j` (0-based; for a vector `i` is the index and `j` is
/// 0), under the rules of [`UnaryFn`]; `thunk` points to one element of the thunk domain.
pub type IndexUnaryFn = extern "C" fn(z: *mut c_void, x: *const c_void, i: i64, j: i64, thunk: *const c_void);

/// An operator's C function as weft stores it ([`UnaryOp::function`]).
pub type RawUnaryFn = unsafe extern "C" fn(z: *mut c_void, x: *const c_void);
/// A binary operator's C function as weft stores it ([`BinaryOp::function`]).
pub type RawBinaryFn = unsafe extern "C" fn(z: *mut c_void, x: *const c_void, y: *const c_void);
/// An index-unary operator's C function as weft stores it ([`IndexUnaryOp::function`]).
pub type RawIndexUnaryFn = unsafe extern "C" fn(z: *mut c_void, x: *const c_void, i: i64, j: i64, thunk: *const c_void);

/// The function weft returned, or an error when there was none.
fn function_of<F>(f: Option<F>, func: &str) -> Result<F> {
    f.ok_or_else(|| Error::new(Status::NullPointer, format!("{func}: weft returned no function")))
}

/// An operator `z = f(x)` (`weft_unary_op`).
///
/// The predefined ones ([`UnaryOp::predefined`], [`UnaryOp::of`]) are non-owning and
/// never freed; a user-defined one ([`UnaryOp::new`]) frees its handle on drop. weft keeps
/// the domain types alive for the operator (the `Datatype`s may be dropped), but
/// [`types`](UnaryOp::types) can return their handles only while some handle to them is
/// live.
///
/// ```
/// use weft::{Predefined, UnaryOp, UnaryOpcode};
/// # fn main() -> weft::Result<()> {
/// let abs = UnaryOp::of::<i32>(UnaryOpcode::Abs).unwrap();
/// assert_eq!(format!("{abs:?}"), "UnaryOp(WEFT_ABS_INT32)");
/// let (z, x) = abs.types()?;
/// assert_eq!((z.as_predefined(), x.as_predefined()), (Some(Predefined::Int32), Some(Predefined::Int32)));
/// assert!(UnaryOp::predefined(UnaryOpcode::Minv, Predefined::Int32).is_none());
/// # Ok(()) }
/// ```
pub struct UnaryOp {
    h: Handle<sys::weft_unary_op_s>,
    /// The closure slot behind the function ([`from_fn`](UnaryOp::from_fn)), shared with the
    /// objects made from this one.
    pub(crate) keep: Keep,
}
handle_methods!(
    UnaryOp,
    sys::weft_unary_op_s,
    (UnaryOpcode, Predefined),
    "weft_unary_op",
    |h| UnaryOp {
        h,
        keep: Keep::default()
    }
);

impl UnaryOp {
    /// Every predefined unary operator as (opcode, domain), in weft/algebra.h's order
    /// (`WEFT_LNOT` is `(Lnot, Bool)`).
    pub const PREDEFINED: &'static [(UnaryOpcode, Predefined)] = <sys::weft_unary_op_s as Object>::NAMES;

    /// `WEFT_<OP>_<TYPE>` (non-owning), `None` when weft has no such operator. `domain`
    /// is `Bool`, `Int8` … `Uint64`, `Float` (FP32) or `Double` (FP64).
    pub fn predefined(op: UnaryOpcode, domain: Predefined) -> Option<UnaryOp> {
        Handle::predefined((op, domain)).map(|h| UnaryOp {
            h,
            keep: Keep::default(),
        })
    }

    /// The predefined operator `op` on the weft equivalent of `T` ([`Equivalence`]).
    pub fn of<T: Equivalence>(op: UnaryOpcode) -> Option<UnaryOp> {
        UnaryOp::predefined(op, T::PREDEFINED)
    }

    /// `weft_unary_op_new`: a user-defined operator computing `f` from the x domain to
    /// the z domain (weft types: see the crate docs on domains). Fails with
    /// `WEFT_INVALID_VALUE` for a domain that cannot hold elements (no data, data before
    /// displacement 0 or beyond the extent).
    pub fn new(f: UnaryFn, ztype: &Datatype, xtype: &Datatype) -> Result<UnaryOp> {
        // SAFETY: a safe fn pointer coerces to the unsafe one weft stores; weft calls it
        // only with elements of the domains, as UnaryFn describes.
        unsafe { UnaryOp::from_raw_parts(f, ztype, xtype) }
    }

    /// `weft_unary_op_new` with an `unsafe` function.
    ///
    /// # Safety
    /// `f` must be safe to call with pointers to elements of the domains (as described at
    /// [`UnaryFn`]) from whatever thread applies the operator.
    pub unsafe fn from_raw_parts(f: RawUnaryFn, ztype: &Datatype, xtype: &Datatype) -> Result<UnaryOp> {
        let mut raw = ptr::null_mut();
        // SAFETY: live type handles, a valid output; the caller vouches for f.
        check(unsafe { sys::weft_unary_op_new(Some(f), ztype.as_raw(), xtype.as_raw(), &mut raw) })?;
        Ok(UnaryOp {
            h: Handle::owned(raw),
            keep: Keep::default(),
        })
    }

    /// `weft_unary_op_types`: the z and x domains, borrowed from the operator.
    pub fn types(&self) -> Result<(Domain<'_>, Domain<'_>)> {
        const F: &str = "UnaryOp::types";
        let (mut z, mut x) = (ptr::null_mut(), ptr::null_mut());
        // SAFETY: valid outputs; a dead handle is reported.
        check(unsafe { sys::weft_unary_op_types(self.as_raw(), &mut z, &mut x) })?;
        Ok((borrowed_type(z, F, "ztype")?, borrowed_type(x, F, "xtype")?))
    }

    /// `weft_unary_op_function`: the C function (a predefined operator has one too), for
    /// callers that apply it to many elements themselves.
    pub fn function(&self) -> Result<RawUnaryFn> {
        let mut f = None;
        // SAFETY: a valid output; a dead handle is reported.
        check(unsafe { sys::weft_unary_op_function(self.as_raw(), &mut f) })?;
        function_of(f, "UnaryOp::function")
    }
}

/// An operator `z = f(x, y)` (`weft_binary_op`): a monoid's operation, a semiring's
/// multiplication, an accumulator.
///
/// The predefined ones ([`BinaryOp::predefined`], [`BinaryOp::of`]) are non-owning and
/// never freed; a user-defined one ([`BinaryOp::new`], [`BinaryOp::with_source`]) frees
/// its handle on drop (monoids and semirings made from it keep the operator alive).
///
/// ```
/// use core::ffi::c_void;
/// use weft::{BinaryOp, BinaryOpcode, Datatype, Monoid};
/// # fn main() -> weft::Result<()> {
/// extern "C" fn hypot2(z: *mut c_void, x: *const c_void, y: *const c_void) {
///     // SAFETY: weft passes f64 elements (maybe unaligned); z may be x or y.
///     unsafe {
///         let (a, b) = ((x as *const f64).read_unaligned(), (y as *const f64).read_unaligned());
///         (z as *mut f64).write_unaligned(a * a + b * b);
///     }
/// }
/// let d = Datatype::double();
/// let op = BinaryOp::new(hypot2, &d, &d, &d)?;
/// let f = op.function()?;
/// let mut z = 0f64;
/// // SAFETY: three f64 elements.
/// unsafe { f(&mut z as *mut f64 as *mut c_void, &3f64 as *const f64 as *const c_void, &4f64 as *const f64 as *const c_void) };
/// assert_eq!(z, 25.0);
/// assert_eq!(
///     format!("{:?}", BinaryOp::of::<f64>(BinaryOpcode::Plus).unwrap()),
///     "BinaryOp(WEFT_PLUS_FP64)"
/// );
/// # Ok(()) }
/// ```
pub struct BinaryOp {
    h: Handle<sys::weft_binary_op_s>,
    /// The closure slot behind the function ([`from_fn`](BinaryOp::from_fn)), shared with the
    /// objects made from this one.
    pub(crate) keep: Keep,
}
handle_methods!(
    BinaryOp,
    sys::weft_binary_op_s,
    (BinaryOpcode, Predefined),
    "weft_binary_op",
    |h| BinaryOp {
        h,
        keep: Keep::default()
    }
);

impl BinaryOp {
    /// Every predefined binary operator as (opcode, domain), in weft/algebra.h's order
    /// (`WEFT_LOR` is `(Lor, Bool)`; the comparisons are named by their input domain).
    pub const PREDEFINED: &'static [(BinaryOpcode, Predefined)] = <sys::weft_binary_op_s as Object>::NAMES;

    /// `WEFT_<OP>_<TYPE>` (non-owning), `None` when weft has no such operator. `domain`
    /// is `Bool`, `Int8` … `Uint64`, `Float` (FP32) or `Double` (FP64): the input domain
    /// (`BinaryOp::predefined(Lt, Double)` is `WEFT_LT_FP64`, FP64 x FP64 -> BOOL).
    pub fn predefined(op: BinaryOpcode, domain: Predefined) -> Option<BinaryOp> {
        Handle::predefined((op, domain)).map(|h| BinaryOp {
            h,
            keep: Keep::default(),
        })
    }

    /// The predefined operator `op` on the weft equivalent of `T` ([`Equivalence`]).
    pub fn of<T: Equivalence>(op: BinaryOpcode) -> Option<BinaryOp> {
        BinaryOp::predefined(op, T::PREDEFINED)
    }

    /// `weft_binary_op_new`: a user-defined operator computing `f` from the x and y
    /// domains to the z domain. Fails with `WEFT_INVALID_VALUE` for a domain that cannot
    /// hold elements (no data, data before displacement 0 or beyond the extent).
    pub fn new(f: BinaryFn, ztype: &Datatype, xtype: &Datatype, ytype: &Datatype) -> Result<BinaryOp> {
        // SAFETY: as in UnaryOp::new.
        unsafe { BinaryOp::from_raw_parts(f, ztype, xtype, ytype) }
    }

    /// `weft_binary_op_new` with an `unsafe` function.
    ///
    /// # Safety
    /// `f` must be safe to call with pointers to elements of the domains (as described at
    /// [`BinaryFn`]) from whatever thread applies the operator.
    pub unsafe fn from_raw_parts(
        f: RawBinaryFn,
        ztype: &Datatype,
        xtype: &Datatype,
        ytype: &Datatype,
    ) -> Result<BinaryOp> {
        let mut raw = ptr::null_mut();
        // SAFETY: live type handles, a valid output; the caller vouches for f.
        check(unsafe { sys::weft_binary_op_new(Some(f), ztype.as_raw(), xtype.as_raw(), ytype.as_raw(), &mut raw) })?;
        Ok(BinaryOp {
            h: Handle::owned(raw),
            keep: Keep::default(),
        })
    }

    /// `weft_binary_op_new_source`: [`from_raw_parts`](BinaryOp::from_raw_parts) with
    /// `f`'s C source as well, so that weft can compile kernels with the operator inlined
    /// instead of calling `f` for every element (a JIT; weft/algebra.h says which kernels,
    /// and [`sparse::set_jit`](crate::sparse::set_jit) switches it). A safe `extern "C"
    /// fn` ([`BinaryFn`]) coerces to `f`.
    ///
    /// `name` is the function's name in `definition`: a C identifier of at most 63
    /// characters, not beginning with `weft_`. `definition` is its C definition in
    /// `weft_binary_fn`'s form with the domains' C types, e.g.
    /// `"void my_times(double *z, const double *x, const double *y) { *z = *x * *y; }"`
    /// (`<stdint.h>`, `<stdbool.h>` and `<complex.h>` are included before it). A
    /// definition is not compiled here: one that does not compile shows only later, as
    /// `f` being called ([`Stat::JitFailed`](crate::sparse::Stat::JitFailed)).
    ///
    /// Fails as [`new`](BinaryOp::new), and with `WEFT_INVALID_VALUE` when `name` is not
    /// such an identifier or not in `definition`, or either holds a NUL byte (C would take
    /// it for the end).
    ///
    /// # Safety
    /// As for [`from_raw_parts`](BinaryOp::from_raw_parts), and the same of `definition`:
    /// weft compiles it and calls it in `f`'s place, in this process, with the same
    /// pointers, so it must read and write only those elements and keep no pointer. It
    /// must compute what `f` computes, or results depend on which of them weft calls.
    pub unsafe fn with_source(
        f: RawBinaryFn,
        ztype: &Datatype,
        xtype: &Datatype,
        ytype: &Datatype,
        name: &str,
        definition: &str,
    ) -> Result<BinaryOp> {
        const F: &str = "BinaryOp::with_source";
        let c_text = |text: &str, what: &str| {
            CString::new(text).map_err(|e| {
                Error::new(
                    Status::InvalidValue,
                    format!("{F}: {what} holds a NUL byte (at byte {})", e.nul_position()),
                )
            })
        };
        let (name, definition) = (c_text(name, "name")?, c_text(definition, "definition")?);
        let mut raw = ptr::null_mut();
        // SAFETY: live type handles, NUL-terminated strings, a valid output; the caller
        // vouches for f and definition.
        check(unsafe {
            sys::weft_binary_op_new_source(
                Some(f),
                ztype.as_raw(),
                xtype.as_raw(),
                ytype.as_raw(),
                name.as_ptr(),
                definition.as_ptr(),
                &mut raw,
            )
        })?;
        Ok(BinaryOp {
            h: Handle::owned(raw),
            keep: Keep::default(),
        })
    }

    /// A non-owning operator for a part handle weft returned (a monoid's operator, a
    /// semiring's multiplication), checked live; `keep` is its owner's closure slots.
    pub(crate) fn borrowed<'a>(
        raw: sys::weft_binary_op,
        func: &str,
        what: &str,
        keep: &Keep,
    ) -> Result<Borrowed<'a, BinaryOp>> {
        let (mut z, mut x, mut y) = (ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
        // SAFETY: valid outputs; any handle value is accepted (a dead one is reported).
        check(unsafe { sys::weft_binary_op_types(raw, &mut z, &mut x, &mut y) }).map_err(|e| {
            Error::new(
                e.status(),
                format!("{func}: {what}'s handle is no longer live ({})", e.message()),
            )
        })?;
        Ok(Borrowed::new(BinaryOp {
            h: Handle::borrowed(raw),
            keep: keep.clone(),
        }))
    }

    /// `weft_binary_op_types`: the z, x and y domains, borrowed from the operator.
    pub fn types(&self) -> Result<(Domain<'_>, Domain<'_>, Domain<'_>)> {
        const F: &str = "BinaryOp::types";
        let (mut z, mut x, mut y) = (ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
        // SAFETY: valid outputs; a dead handle is reported.
        check(unsafe { sys::weft_binary_op_types(self.as_raw(), &mut z, &mut x, &mut y) })?;
        Ok((
            borrowed_type(z, F, "ztype")?,
            borrowed_type(x, F, "xtype")?,
            borrowed_type(y, F, "ytype")?,
        ))
    }

    /// `weft_binary_op_function`: the C function (a predefined operator has one too).
    pub fn function(&self) -> Result<RawBinaryFn> {
        let mut f = None;
        // SAFETY: a valid output; a dead handle is reported.
        check(unsafe { sys::weft_binary_op_function(self.as_raw(), &mut f) })?;
        function_of(f, "BinaryOp::function")
    }
}

/// An operator `z = f(x, i, j, thunk)` on an element and its position
/// (`weft_index_unary_op`): what select and apply-with-index compute.
///
/// The predefined ones ([`IndexUnaryOp::predefined`]) are non-owning and never freed;
/// the positional ones (`Tril` … `ColGt`, and `RowIndex` … `DiagIndex`) accept elements
/// of any domain, so their x domain is `None`. A user-defined one
/// ([`IndexUnaryOp::new`]) frees its handle on drop.
///
/// ```
/// use weft::{IndexUnaryOp, IndexUnaryOpcode, Predefined};
/// # fn main() -> weft::Result<()> {
/// let tril = IndexUnaryOp::predefined(IndexUnaryOpcode::Tril, None).unwrap();
/// let (z, x, thunk) = tril.types()?;
/// assert!(x.is_none());
/// assert_eq!((z.as_predefined(), thunk.as_predefined()), (Some(Predefined::Bool), Some(Predefined::Int64)));
/// assert!(IndexUnaryOp::of::<f64>(IndexUnaryOpcode::ValueGt).is_some());
/// # Ok(()) }
/// ```
pub struct IndexUnaryOp {
    h: Handle<sys::weft_index_unary_op_s>,
    /// The closure slot behind the function ([`from_fn`](IndexUnaryOp::from_fn)), shared with the
    /// objects made from this one.
    pub(crate) keep: Keep,
}
handle_methods!(
    IndexUnaryOp,
    sys::weft_index_unary_op_s,
    (IndexUnaryOpcode, Option<Predefined>),
    "weft_index_unary_op",
    |h| IndexUnaryOp {
        h,
        keep: Keep::default()
    }
);

impl IndexUnaryOp {
    /// Every predefined index-unary operator as (opcode, type), in weft/algebra.h's
    /// order; the untyped positional ones (`WEFT_TRIL`, …) have type `None`.
    pub const PREDEFINED: &'static [(IndexUnaryOpcode, Option<Predefined>)] =
        <sys::weft_index_unary_op_s as Object>::NAMES;

    /// `WEFT_<OP>_<TYPE>`, or `WEFT_<OP>` for `ty` `None` (non-owning); `None` when weft
    /// has no such operator. `ty` is the type in the C name: the result and thunk type of
    /// `RowIndex` … `DiagIndex` (`Int32`, `Int64`), the domain of the `Value*` ones.
    pub fn predefined(op: IndexUnaryOpcode, ty: Option<Predefined>) -> Option<IndexUnaryOp> {
        Handle::predefined((op, ty)).map(|h| IndexUnaryOp {
            h,
            keep: Keep::default(),
        })
    }

    /// The predefined operator `op` typed by the weft equivalent of `T`
    /// ([`Equivalence`]): `IndexUnaryOp::of::<f64>(ValueGt)` is `WEFT_VALUEGT_FP64`.
    pub fn of<T: Equivalence>(op: IndexUnaryOpcode) -> Option<IndexUnaryOp> {
        IndexUnaryOp::predefined(op, Some(T::PREDEFINED))
    }

    /// `weft_index_unary_op_new`: a user-defined operator computing `f` from the x domain
    /// and the thunk domain to the z domain. Fails with `WEFT_INVALID_VALUE` for a domain
    /// that cannot hold elements.
    pub fn new(f: IndexUnaryFn, ztype: &Datatype, xtype: &Datatype, thunktype: &Datatype) -> Result<IndexUnaryOp> {
        // SAFETY: as in UnaryOp::new.
        unsafe { IndexUnaryOp::from_raw_parts(f, ztype, xtype, thunktype) }
    }

    /// `weft_index_unary_op_new` with an `unsafe` function.
    ///
    /// # Safety
    /// `f` must be safe to call with pointers to elements of the domains (as described at
    /// [`IndexUnaryFn`]) from whatever thread applies the operator.
    pub unsafe fn from_raw_parts(
        f: RawIndexUnaryFn,
        ztype: &Datatype,
        xtype: &Datatype,
        thunktype: &Datatype,
    ) -> Result<IndexUnaryOp> {
        let mut raw = ptr::null_mut();
        // SAFETY: live type handles, a valid output; the caller vouches for f.
        check(unsafe {
            sys::weft_index_unary_op_new(Some(f), ztype.as_raw(), xtype.as_raw(), thunktype.as_raw(), &mut raw)
        })?;
        Ok(IndexUnaryOp {
            h: Handle::owned(raw),
            keep: Keep::default(),
        })
    }

    /// `weft_index_unary_op_types`: the z domain, the x domain (`None` for a positional
    /// operator, which accepts any) and the thunk domain, borrowed from the operator.
    pub fn types(&self) -> Result<(Domain<'_>, Option<Domain<'_>>, Domain<'_>)> {
        const F: &str = "IndexUnaryOp::types";
        let (mut z, mut x, mut t) = (ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
        // SAFETY: valid outputs; a dead handle is reported.
        check(unsafe { sys::weft_index_unary_op_types(self.as_raw(), &mut z, &mut x, &mut t) })?;
        let x = if x.is_null() {
            None
        } else {
            Some(borrowed_type(x, F, "xtype")?)
        };
        Ok((borrowed_type(z, F, "ztype")?, x, borrowed_type(t, F, "thunktype")?))
    }

    /// `weft_index_unary_op_function`: the C function (a predefined operator has one too).
    pub fn function(&self) -> Result<RawIndexUnaryFn> {
        let mut f = None;
        // SAFETY: a valid output; a dead handle is reported.
        check(unsafe { sys::weft_index_unary_op_function(self.as_raw(), &mut f) })?;
        function_of(f, "IndexUnaryOp::function")
    }
}
