//! Closures as weft functions: a fixed pool of `extern "C"` trampolines per function kind.
//!
//! weft's function types (`weft_unary_fn`, `weft_binary_fn`, `weft_index_unary_fn`)
//! carry no user-data pointer, so the only thing that can tell one closure's calls from
//! another's is the function address itself. Each kind therefore has [`SLOTS`] distinct
//! trampolines, `tramp::<K>` for K in 0..SLOTS, and a static slot per trampoline holding
//! a boxed, type-erased closure. Making a closure operator takes a free slot (an atomic
//! compare-and-swap from null) and hands weft the trampoline of that slot; the slot is
//! given back when the last Rust object that can reach the weft operator is dropped: the
//! operator and every monoid and semiring made from it hold the slot's [`Lease`] through
//! a shared [`Keep`]. A handle given away with `into_raw` leaks its lease (its slot is
//! never reused), since weft may call the trampoline for as long as that handle lives.
//!
//! When every slot of a kind is taken, making one more closure operator fails with
//! `WEFT_OUT_OF_MEMORY` and a message saying so; `extern "C" fn` operators are not
//! limited.
//!
//! A closure must not unwind into weft (a C++ frame): a panic inside one is caught at
//! the trampoline, reported on stderr, and the process aborts. No element could be
//! written for that call, and the operation cannot be abandoned half way safely.
use core::ffi::c_void;
use core::ptr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::Arc;

use super::operator::{RawBinaryFn, RawIndexUnaryFn, RawUnaryFn};
use crate::error::{Error, Result, Status};
use crate::Datatype;

/// The number of closure operators of each kind (unary, binary, index-unary) that can be
/// alive at once. A closure monoid uses a binary slot.
pub const SLOTS: usize = 64;

/// A type-erased unary closure: `z = f(x)` on element pointers.
pub(crate) type UnaryBody = dyn Fn(*mut c_void, *const c_void) + Send + Sync;
/// A type-erased binary closure: `z = f(x, y)` on element pointers.
pub(crate) type BinaryBody = dyn Fn(*mut c_void, *const c_void, *const c_void) + Send + Sync;
/// A type-erased index-unary closure: `z = f(x, i, j, thunk)` on element pointers.
pub(crate) type IndexUnaryBody = dyn Fn(*mut c_void, *const c_void, i64, i64, *const c_void) + Send + Sync;

/// What a slot points to (a thin pointer to a fat box).
struct Body<F: ?Sized>(Box<F>);

/// The slots of one kind.
struct Pool<F: ?Sized + 'static> {
    kind: &'static str,
    slots: [AtomicPtr<Body<F>>; SLOTS],
}

impl<F: ?Sized + 'static> Pool<F> {
    // Only the repeat operand of the slot array below: each slot is its own atomic.
    #[allow(clippy::declare_interior_mutable_const)]
    const EMPTY: AtomicPtr<Body<F>> = AtomicPtr::new(ptr::null_mut());

    const fn new(kind: &'static str) -> Pool<F> {
        Pool {
            kind,
            slots: [Self::EMPTY; SLOTS],
        }
    }

    /// Stores `body` in a free slot and returns its index, or `None` when all are taken.
    fn take(&'static self, body: Box<F>) -> Option<usize> {
        let cell = Box::into_raw(Box::new(Body(body)));
        for (k, slot) in self.slots.iter().enumerate() {
            if slot
                .compare_exchange(ptr::null_mut(), cell, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                return Some(k);
            }
        }
        // SAFETY: `cell` came from Box::into_raw above and was stored nowhere.
        drop(unsafe { Box::from_raw(cell) });
        None
    }

    /// Empties slot `k` and drops its closure. Only a Lease calls this, once.
    fn release(&self, k: usize) {
        let cell = self.slots[k].swap(ptr::null_mut(), Ordering::AcqRel);
        if !cell.is_null() {
            // SAFETY: the pointer came from `take`'s Box::into_raw and was just removed
            // from the slot; no weft object can call the trampoline any more (see the
            // module docs), so no call is using it.
            drop(unsafe { Box::from_raw(cell) });
        }
    }

    /// Runs `call` on slot `k`'s closure (from a trampoline, i.e. from inside weft).
    fn with(&self, k: usize, call: impl FnOnce(&F)) {
        let cell = self.slots[k].load(Ordering::Acquire);
        if cell.is_null() {
            // A weft object outlived every Rust object holding the lease: a binding bug.
            eprintln!(
                "weft: the closure behind {} trampoline {k} was called after it was released",
                self.kind
            );
            std::process::abort();
        }
        // SAFETY: the slot holds a live Body until its lease is released, which happens
        // only when no weft object can call this trampoline.
        let body = unsafe { &*cell };
        if catch_unwind(AssertUnwindSafe(|| call(&body.0))).is_err() {
            eprintln!(
                "weft: a closure {} operator panicked; a panic cannot unwind through weft: aborting",
                self.kind
            );
            std::process::abort();
        }
    }
}

static UNARY: Pool<UnaryBody> = Pool::new("unary");
static BINARY: Pool<BinaryBody> = Pool::new("binary");
static INDEX_UNARY: Pool<IndexUnaryBody> = Pool::new("index-unary");

extern "C" fn unary_tramp<const K: usize>(z: *mut c_void, x: *const c_void) {
    UNARY.with(K, |f| f(z, x));
}
extern "C" fn binary_tramp<const K: usize>(z: *mut c_void, x: *const c_void, y: *const c_void) {
    BINARY.with(K, |f| f(z, x, y));
}
extern "C" fn index_unary_tramp<const K: usize>(z: *mut c_void, x: *const c_void, i: i64, j: i64, t: *const c_void) {
    INDEX_UNARY.with(K, |f| f(z, x, i, j, t));
}

/// `[f::<0> as T, f::<1> as T, …]` for the slot numbers given.
macro_rules! trampolines {
    ($f:ident as $t:ty: $($k:literal)*) => { [$($f::<$k> as $t,)*] };
}
/// Calls `$m!(tramp as type: 0 1 … SLOTS-1)`.
macro_rules! for_slots {
    ($f:ident as $t:ty) => {
        trampolines!($f as $t: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
            32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63)
    };
}
const UNARY_FNS: [RawUnaryFn; SLOTS] = for_slots!(unary_tramp as RawUnaryFn);
const BINARY_FNS: [RawBinaryFn; SLOTS] = for_slots!(binary_tramp as RawBinaryFn);
const INDEX_UNARY_FNS: [RawIndexUnaryFn; SLOTS] = for_slots!(index_unary_tramp as RawIndexUnaryFn);

/// A taken slot; dropping the last `Arc` to it gives the slot back.
pub(crate) struct Lease {
    release: fn(usize),
    slot: usize,
}

impl Drop for Lease {
    fn drop(&mut self) {
        (self.release)(self.slot);
    }
}

/// What an algebra object made from closures must keep alive: the trampoline slots its
/// weft function(s) run through, and the domain types the closures were given (so that
/// the object's queries — `types`, a monoid's `domain`, `identity` — find live handles).
/// Empty for predefined and `extern "C" fn` objects; shared by every object made from a
/// closure operator.
#[derive(Clone, Default)]
pub(crate) struct Keep {
    leases: Vec<Arc<Lease>>,
    types: Vec<Arc<Datatype>>,
}

impl Keep {
    /// Both objects' slots and types (a semiring of a monoid and an operator).
    pub(crate) fn join(&self, other: &Keep) -> Keep {
        Keep {
            leases: self.leases.iter().chain(other.leases.iter()).cloned().collect(),
            types: self.types.iter().chain(other.types.iter()).cloned().collect(),
        }
    }

    /// These slots, keeping `types` alive as well.
    pub(crate) fn with_types(mut self, types: Vec<Datatype>) -> Keep {
        self.types.extend(types.into_iter().map(Arc::new));
        self
    }

    /// Whether some weft function behind the object is a closure.
    pub(crate) fn has_closures(&self) -> bool {
        !self.leases.is_empty()
    }

    /// Never give these slots back: their handle leaves Rust's control (`into_raw`).
    pub(crate) fn leak(&self) {
        for lease in &self.leases {
            core::mem::forget(Arc::clone(lease));
        }
    }
}

fn exhausted(func: &str, kind: &str) -> Error {
    Error::new(
        Status::OutOfMemory,
        format!(
            "{func}: all {SLOTS} {kind} closure slots are in use (a closure operator holds its slot until it \
             and every monoid and semiring made from it are dropped; use an extern \"C\" fn to go beyond)"
        ),
    )
}

/// Takes a unary slot for `body`: the trampoline to give weft and the lease.
pub(crate) fn take_unary(func: &str, body: Box<UnaryBody>) -> Result<(RawUnaryFn, Keep)> {
    let k = UNARY.take(body).ok_or_else(|| exhausted(func, "unary"))?;
    Ok((UNARY_FNS[k], lease(|k| UNARY.release(k), k)))
}

/// Takes a binary slot for `body`.
pub(crate) fn take_binary(func: &str, body: Box<BinaryBody>) -> Result<(RawBinaryFn, Keep)> {
    let k = BINARY.take(body).ok_or_else(|| exhausted(func, "binary"))?;
    Ok((BINARY_FNS[k], lease(|k| BINARY.release(k), k)))
}

/// Takes an index-unary slot for `body`.
pub(crate) fn take_index_unary(func: &str, body: Box<IndexUnaryBody>) -> Result<(RawIndexUnaryFn, Keep)> {
    let k = INDEX_UNARY.take(body).ok_or_else(|| exhausted(func, "index-unary"))?;
    Ok((INDEX_UNARY_FNS[k], lease(|k| INDEX_UNARY.release(k), k)))
}

fn lease(release: fn(usize), slot: usize) -> Keep {
    Keep {
        leases: vec![Arc::new(Lease { release, slot })],
        types: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trampolines_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for f in UNARY_FNS.iter() {
            assert!(seen.insert(*f as usize));
        }
        for f in BINARY_FNS.iter() {
            assert!(seen.insert(*f as usize));
        }
        for f in INDEX_UNARY_FNS.iter() {
            assert!(seen.insert(*f as usize));
        }
    }
}
