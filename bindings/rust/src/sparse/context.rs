//! The execution mode of the process ([`init`], [`mode`], [`finalize`]), the threads
//! each operation may use ([`set_threads`], [`threads`]), whether kernels are compiled
//! for operators with source ([`set_jit`], [`jit`]), how a collection's pending work is
//! finished ([`WaitMode`]) and the counters of the nonblocking queue and of the JIT
//! ([`stat`], [`Stat`]).
use std::os::raw::c_int;

use crate::error::{check, Error, Result, Status};
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

/// `weft_set_threads`: how many threads each operation may use from now on (one setting
/// for the process: calls made at once from several threads each use up to that many).
/// `1`: every operation runs on the calling thread; `0`: the default again
/// (`OMP_NUM_THREADS` when it is set, else the machine's processors). Results do not
/// depend on it: every result is the same bit for bit. Small calls stay on one thread.
/// Builds without OpenMP accept any count and use one thread ([`threads`] then gives 1).
/// A count that does not fit a C `int`: `WEFT_OVERFLOW`, nothing changed.
pub fn set_threads(n: usize) -> Result<()> {
    let n = c_int::try_from(n)
        .map_err(|_| Error::new(Status::Overflow, format!("set_threads: {n} threads do not fit an int")))?;
    // SAFETY: any count >= 0 is accepted (a negative one cannot be passed).
    check(unsafe { sys::weft_set_threads(n) })
}

/// `weft_get_threads`: the number of threads the next operation may use (>= 1).
pub fn threads() -> Result<usize> {
    let mut n: c_int = 0;
    // SAFETY: a valid output.
    check(unsafe { sys::weft_get_threads(&mut n) })?;
    usize::try_from(n).map_err(|_| Error::new(Status::Panic, format!("threads: weft returned {n} threads")))
}

/// `weft_set_jit`: whether kernels are compiled for operators made with their C source
/// ([`BinaryOp::with_source`](crate::BinaryOp::with_source)) from now on (`true`), or
/// their functions are always called (`false`). One setting for the process, declared
/// in weft/algebra.h; it decides how the products of the semiring engine run (which
/// ones weft/algebra.h says). Default `true`, unless the environment's `WEFT_JIT` is `0`
/// or `off` when weft first asks. Results do not depend on it.
pub fn set_jit(on: bool) -> Result<()> {
    // SAFETY: 0 and 1 are the values accepted.
    check(unsafe { sys::weft_set_jit(c_int::from(on)) })
}

/// `weft_get_jit`: the current setting of [`set_jit`].
pub fn jit() -> Result<bool> {
    let mut on: c_int = 0;
    // SAFETY: a valid output.
    check(unsafe { sys::weft_get_jit(&mut on) })?;
    Ok(on != 0)
}

/// A counter (`enum weft_stat`), read by [`stat`]: the nonblocking queue's, then the
/// JIT's (operators made with [`BinaryOp::with_source`](crate::BinaryOp::with_source)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stat {
    /// `WEFT_STAT_DEFERRED`: operations queued.
    Deferred,
    /// `WEFT_STAT_PASSES`: passes over memory (an operation run whole is one, a fused
    /// group one).
    Passes,
    /// `WEFT_STAT_FUSED_GROUPS`: groups of two or more operations run tile by tile.
    FusedGroups,
    /// `WEFT_STAT_FUSED_OPS`: operations run inside those groups.
    FusedOps,
    /// `WEFT_STAT_SKIPPED`: results of fused groups never written to memory (an
    /// intermediate dropped before anything read it).
    Skipped,
    /// `WEFT_STAT_BYTES_WRITTEN`: bytes of results queued operations wrote (indices and
    /// values).
    BytesWritten,
    /// `WEFT_STAT_JIT_KERNELS`: kernels compiled, or loaded from the JIT's cache folder.
    JitKernels,
    /// `WEFT_STAT_JIT_FAILED`: kernels that could not be had (no compiler, or a
    /// definition that does not compile): the operators' functions were called instead.
    JitFailed,
    /// `WEFT_STAT_JIT_RUNS`: calls of compiled kernels (one per thread's share of a
    /// product).
    JitRuns,
}

impl Stat {
    /// Every counter, in the header's order.
    pub const ALL: &'static [Stat] = &[
        Stat::Deferred,
        Stat::Passes,
        Stat::FusedGroups,
        Stat::FusedOps,
        Stat::Skipped,
        Stat::BytesWritten,
        Stat::JitKernels,
        Stat::JitFailed,
        Stat::JitRuns,
    ];

    /// The C value (`WEFT_STAT_PASSES` is 1).
    pub fn raw(self) -> c_int {
        match self {
            Stat::Deferred => sys::WEFT_STAT_DEFERRED,
            Stat::Passes => sys::WEFT_STAT_PASSES,
            Stat::FusedGroups => sys::WEFT_STAT_FUSED_GROUPS,
            Stat::FusedOps => sys::WEFT_STAT_FUSED_OPS,
            Stat::Skipped => sys::WEFT_STAT_SKIPPED,
            Stat::BytesWritten => sys::WEFT_STAT_BYTES_WRITTEN,
            Stat::JitKernels => sys::WEFT_STAT_JIT_KERNELS,
            Stat::JitFailed => sys::WEFT_STAT_JIT_FAILED,
            Stat::JitRuns => sys::WEFT_STAT_JIT_RUNS,
        }
    }
}

/// `weft_get_stat`: one counter since the process began (for all its threads): what a
/// test reads to see that work was deferred and fused, or that a compiled kernel ran —
/// counts, not timings. [`Mode::Blocking`] leaves the queue's counters at 0. In
/// [`Mode::Nonblocking`] an operation adds 1 to [`Stat::Deferred`] when it is called;
/// the others grow when the queued work runs (on a `wait` or a read of its output). The
/// JIT's ([`Stat::JitKernels`], [`Stat::JitFailed`], [`Stat::JitRuns`]) count in both
/// modes.
pub fn stat(which: Stat) -> Result<i64> {
    let mut v: i64 = 0;
    // SAFETY: every Stat is one of enum weft_stat; a valid output.
    check(unsafe { sys::weft_get_stat(which.raw(), &mut v) })?;
    Ok(v)
}

/// `weft_finalize`: ends the session; afterwards [`init`] may not be called again.
/// Objects still alive stay usable (weft keeps no global state that finalize must
/// release).
pub fn finalize() -> Result<()> {
    // SAFETY: no arguments.
    check(unsafe { sys::weft_finalize() })
}
