//! The GraphBLAS operations, one file per family, each written once for matrices and
//! vectors where weft has both forms (generic over [`Shape`]): `mxm.rs` (mxm, mxv,
//! vxm), `ewise.rs` (add, mult, union), `apply.rs` (apply and its `_first`, `_second`,
//! `_index` forms), `select.rs`, `reduce.rs` (rows to a vector, all to a scalar),
//! `transpose.rs`, `extract.rs` (extract, col_extract), `assign.rs` (assign,
//! assign_scalar, subassign, col_assign, row_assign), `kronecker.rs`.
//!
//! Each method is `output.operation(operator, inputs…, &options)`: the output is
//! `self`, [`Options`](super::Options) carries the mask, accumulator and descriptor, and
//! the inputs are any [`Input`](super::Input) of the right shape (any element type).
//! Every operation follows weft/sparse.h's rule: inputs as given or transposed, `T` = the
//! operation, `Z = accum(C, T)` or `T`, then the mask selects where `C` becomes `Z`
//! (with replace, `C` loses its other entries).
//!
//! Errors: the status and weft's message, which it also records on the output. API errors (domain
//! and dimension mismatches, invalid values and indices) leave every object unchanged.
use std::os::raw::c_int;

use super::collection::Sparse;
use super::context::{mode, Mode, WaitMode};
use super::element::Element;
use super::shape::Shape;
use crate::error::Result;

mod apply;
mod assign;
mod ewise;
mod extract;
mod kronecker;
mod mxm;
mod reduce;
mod select;
mod transpose;

/// The end of every operation on `out`: its error, if any, then [`settle`].
pub(crate) fn finish<T: Element, S: Shape>(out: &Sparse<T, S>, code: c_int, closures: bool) -> Result<()> {
    out.check(code)?;
    settle(out, closures)
}

/// After an operation that ran a closure operator: in nonblocking mode, wait for `out`.
///
/// Why: a closure lives in a trampoline slot that is given back when the Rust operator
/// is dropped, which may happen right after the call. Work left pending on `out` would
/// then call a released slot. weft computes at once today in both modes, so this wait
/// costs nothing; it keeps the binding sound if weft starts deferring operations.
/// (`extern "C" fn` operators need no such care: weft keeps their objects alive.)
pub(crate) fn settle<T: Element, S: Shape>(out: &Sparse<T, S>, closures: bool) -> Result<()> {
    if closures && mode()? == Mode::Nonblocking {
        out.wait(WaitMode::Complete)?;
    }
    Ok(())
}
