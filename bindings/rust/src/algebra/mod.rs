//! The algebra of `weft/algebra.h`: operators ([`UnaryOp`], [`BinaryOp`],
//! [`IndexUnaryOp`]), [`Monoid`]s and [`Semiring`]s — GraphBLAS's objects under weft
//! names. The global indexer's reductions are monoids; the semiring engine computes with
//! semirings.
//!
//! User-defined objects come from `extern "C" fn`s ([`BinaryOp::new`], [`Monoid::new`])
//! or from Rust closures ([`BinaryOp::from_fn`], [`Monoid::from_fn`], …; at most
//! [`CLOSURE_SLOTS`] closure operators of each kind alive at once, see `trampoline.rs`).
//!
//! Every object is a handle: predefined ones (`WEFT_PLUS_INT32`,
//! `WEFT_MAX_MONOID_FP64`, `WEFT_PLUS_TIMES_SEMIRING_FP64`, … named by an opcode and a
//! [`Predefined`] domain) are never freed; user-defined ones, made from an `extern "C" fn`
//! or from other objects, own their handle and free it on drop. An object keeps the
//! objects it was made of alive (an operator its domain types, a monoid its operator, a
//! semiring its parts), but not their handles: weft's queries for parts
//! ([`Monoid::operator`], [`Semiring::add`], [`BinaryOp::types`], …) return the parts'
//! own handles, which are usable only while some handle to them is live — a `Datatype`,
//! `BinaryOp`, `Monoid` you still hold, or a predefined one. The queries check this and
//! report `WEFT_INVALID_HANDLE` instead of handing out a dead handle.
//!
//! Elements cross the C ABI as the address of one copy of their domain type, at the
//! type's displacement 0: `extent` bytes (weft reads and writes whole elements). The safe
//! functions prove that a Rust value holds those bytes before calling C.
mod closure;
mod handle;
mod monoid;
mod opcodes;
mod operator;
mod semiring;
mod tables;
pub(crate) mod trampoline;

pub use handle::Borrowed;
pub use monoid::Monoid;
pub use opcodes::{BinaryOpcode, IndexUnaryOpcode, MonoidOp, UnaryOpcode};
pub use operator::{
    BinaryFn, BinaryOp, Domain, IndexUnaryFn, IndexUnaryOp, RawBinaryFn, RawIndexUnaryFn, RawUnaryFn, UnaryFn, UnaryOp,
};
pub use semiring::Semiring;
pub use trampoline::SLOTS as CLOSURE_SLOTS;

use crate::error::{check, Error, Result, Status};
use crate::predefined::Predefined;
use crate::sys;
use crate::Datatype;

/// The type part of a predefined object's C name: `FP32`/`FP64` for `Float`/`Double`,
/// else the type's name without `WEFT_` (`INT32`).
fn type_suffix(p: Predefined) -> &'static str {
    match p {
        Predefined::Float => "FP32",
        Predefined::Double => "FP64",
        other => other.name().trim_start_matches("WEFT_"),
    }
}

/// A domain type that weft returned for an object (`func` asked for `what`), as a
/// non-owning `Datatype` borrowed from that object. weft keeps the type object for its
/// user but not the handle: once no handle to it is live, the handle is refused.
fn borrowed_type<'a>(h: sys::weft_type, func: &str, what: &str) -> Result<Borrowed<'a, Datatype>> {
    let mut size = 0i64;
    // SAFETY: any handle value is accepted (a dead one is reported, not used).
    check(unsafe { sys::weft_type_size(h, &mut size) }).map_err(|e| {
        Error::new(
            e.status(),
            format!("{func}: {what}'s handle is no longer live ({})", e.message()),
        )
    })?;
    // SAFETY: a live handle; non-owning, so never freed through this Datatype.
    Ok(Borrowed::new(unsafe { Datatype::from_raw(h, false) }))
}

/// The bytes one element of `domain` occupies relative to its origin: `[0, extent)` (weft
/// moves whole elements), widened to the data should a domain have data outside it (weft
/// rejects such domains, but the proof must not rely on the order of its checks).
fn element_span(domain: &Datatype) -> (i128, i128) {
    let (tlb, tex) = domain.true_extent();
    let ext = domain.extent() as i128;
    let (lo, hi) = (tlb as i128, tlb as i128 + tex as i128);
    (lo.min(0), hi.max(ext))
}

/// Proves that one element of `domain` fits in `which`, a value of `len` bytes with the
/// element's origin at its start.
fn prove_element(func: &str, which: &str, domain: &Datatype, len: usize) -> Result<()> {
    let (lo, hi) = element_span(domain);
    if lo < 0 || hi > len as i128 {
        return Err(Error::new(
            Status::IndexOutOfBounds,
            format!("{func}: an element of the domain is bytes [{lo}, {hi}) of {which}, which has {len} bytes"),
        ));
    }
    Ok(())
}
