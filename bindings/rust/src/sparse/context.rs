//! The execution mode of the process ([`init`], [`mode`], [`finalize`]) and how a
//! collection's pending work is finished ([`WaitMode`]).
use std::os::raw::c_int;

use crate::error::{check, Result};
use crate::sys;

/// How operations run (`enum weft_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// `WEFT_NONBLOCKING`: an operation may leave work pending on its output, finished
    /// by the output's `wait` or by any call that reads it; its execution errors may
    /// then be reported by that later call.
    Nonblocking,
    /// `WEFT_BLOCKING` (the default): a call returns when its result is complete.
    Blocking,
}

/// What a `wait` finishes (`enum weft_wait_mode`; today both do the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WaitMode {
    /// `WEFT_COMPLETE`: the object's pending work is done; it can be read by several
    /// threads (in Rust: by whoever it is moved to).
    Complete,
    /// `WEFT_MATERIALIZE`: as `Complete`, and the result is in memory.
    Materialize,
}

impl WaitMode {
    pub(crate) fn raw(self) -> c_int {
        match self {
            WaitMode::Complete => sys::WEFT_COMPLETE,
            WaitMode::Materialize => sys::WEFT_MATERIALIZE,
        }
    }
}

/// `weft_init`: chooses the process's execution mode. Optional (the default is
/// [`Mode::Blocking`]); at most once, before any matrix, vector or scalar exists, else
/// `WEFT_INVALID_VALUE`. Being process-wide, it belongs at the start of `main` (in a
/// test binary of its own: the tests of one binary share the process).
pub fn init(mode: Mode) -> Result<()> {
    let m = match mode {
        Mode::Nonblocking => sys::WEFT_NONBLOCKING,
        Mode::Blocking => sys::WEFT_BLOCKING,
    };
    // SAFETY: any int is accepted.
    check(unsafe { sys::weft_init(m) })
}

/// `weft_get_mode`: the current mode.
pub fn mode() -> Result<Mode> {
    let mut m: c_int = -1;
    // SAFETY: a valid output.
    check(unsafe { sys::weft_get_mode(&mut m) })?;
    Ok(if m == sys::WEFT_NONBLOCKING {
        Mode::Nonblocking
    } else {
        Mode::Blocking
    })
}

/// `weft_finalize`: ends the session; afterwards [`init`] may not be called again.
/// Objects still alive stay usable (weft keeps no global state that finalize must
/// release).
pub fn finalize() -> Result<()> {
    // SAFETY: no arguments.
    check(unsafe { sys::weft_finalize() })
}
