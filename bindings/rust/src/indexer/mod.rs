//! The global indexer (feature `mpi`, weft_mpi.h "Global indexer"): NumPy `take`/`put` on
//! an array distributed over the ranks of a communicator (Maia's `GlobalIndexer` /
//! `GlobalMultiIndexer`). Re-exported from [`crate::mpi`].
//!
//! The sections "Collectives and errors" and "Buffers" of [`Indexer`] apply to every
//! exchange.

use core::cell::RefCell;
use core::ffi::c_void;
use core::fmt;
use core::marker::PhantomData;
use core::ptr;
use std::os::raw::c_int;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use crate::data::{copy_raw, prove_span, Pod};
use crate::error::{check, Error, Result, Status};
use crate::mpi::Fint;
use crate::sys;
use crate::{Datatype, Monoid};

mod checks;
mod fixed;
mod mpi_ffi;
mod parts;
mod put_v;
mod request;
mod take_v;

use checks::*;
use mpi_ffi::*;
pub use mpi_ffi::{comm_self_f, comm_world_f};
use parts::sealed;
pub use parts::{Parts, PartsMut};
pub use put_v::{PutVBuffers, PutVInPlace, PutVInto, PutVNew, PutVOut};
use request::*;
pub use request::{scope, Request, Scope};

// ---- Indexer -------------------------------------------------------------------------------

/// A global indexer (`weft_indexer`): the exchange plan of a distributed array and this
/// rank's lists of global indices ("parts"), built once and reused for any number of
/// take/put exchanges of any unit type.
///
/// `distrib` (one entry per rank plus one, the same on every rank) says that rank `r`
/// owns global items `distrib[r] .. distrib[r+1]`. Arrival order, which decides "the last
/// writer wins" and the order of reductions and of `extend`, is: increasing source
/// rank, then part, then position in the part.
///
/// Every exchange takes its part buffers as one buffer, for an indexer with one part on
/// this rank ([`Indexer::new`]), or one buffer per part ([`Parts`], [`PartsMut`]), and
/// comes in three forms: blocking (`take`), split phase in a [`scope`] (`take_begin`)
/// and split phase without one (`take_begin_unscoped`, `unsafe`).
///
/// Not `Send`/`Sync`: its calls are MPI calls of the thread that made it. Dropping it
/// is local (`weft_indexer_free`).
///
/// # Collectives and errors
///
/// Every exchange is collective over the indexer's communicator: every rank calls it,
/// with the same `count` and unit (and monoid / `extend`). weft agrees on argument
/// errors in one allreduce, so every rank returns the same status and nothing moves.
/// The binding keeps that promise for what it checks itself (a buffer too short for its
/// items, a counts slice of the wrong length, a negative count, a number of part buffers
/// that does not match the indexer, a unit that is not committed, an element type that
/// cannot hold the unit in a `Vec`, a `distrib` without one entry per rank plus one): it
/// still takes part in the collective by abstaining (`WEFT_ABSTAIN`, weft_mpi.h: the call
/// reads nothing but the indexer and writes nothing), and returns the agreed status with
/// its own message (`"Indexer::take: 2 copies of the type touch bytes [0, 8) of part 0,
/// which has 4 bytes"`); the other ranks get the same status and weft's "another rank's
/// call failed". The agreed status is `WEFT_INVALID_HANDLE` (the abstaining rank's NULL
/// unit), or a more negative one another rank failed with; `Indexer::new` abstains with
/// `nparts < 0` and agrees on `WEFT_INVALID_VALUE`. So a rank-local mistake
/// fails the call on every rank instead of deadlocking the others. The split
/// phase keeps the promise at begin: a `*_begin` that fails a local check fails on every
/// rank, and nothing is pending.
///
/// `WEFT_INSUFFICIENT_SPACE` from `take_v_into` and from `put_v` into caller buffers
/// ([`PutVInto`], [`PutVInPlace`]; blocking, or from [`Request::wait`]) is the one local
/// status: the exchange completed everywhere, only that rank's values did not fit. For
/// `put_v` the error says how many units would have: [`Error::needed`].
///
/// # Buffers
///
/// An item is `count` consecutive units (a committed weft [`Datatype`]); item `i` of a
/// buffer starts at `i * count * extent(unit)` bytes, and the units' typemaps say which
/// bytes are read or written. Before calling C, the safe functions prove that all
/// `n * count` units of a buffer (`n` = owned items `dn`, or a part's number of
/// indices) lie inside its slice, as [`Datatype::pack`] does. Element types are
/// [`Pod`]; a `#[repr(C)]` struct without padding can be made `Pod` with an `unsafe impl`.
///
/// Vectors returned by the allocating functions hold `n` units at stride
/// `extent(unit)`, so their element type's size must divide the extent; bytes the unit
/// does not cover are zero.
///
/// # Example
///
/// ```no_run
/// use weft::mpi::{comm_world_f, Indexer};
/// use weft::Datatype;
/// # fn main() -> weft::Result<()> {
/// // after MPI_Init, on 3 ranks (rank from MPI_Comm_rank):
/// # let rank = 0usize;
/// let distrib = [0, 2, 4, 5];
/// let idx: &[i64] = [&[4, 0][..], &[1, 3], &[0]][rank];
/// let gi = Indexer::new(&distrib, idx, comm_world_f())?;
/// let dist: Vec<i64> = [vec![3, 5, 5, 7], vec![11, 13, 17, 19], vec![29, 31]][rank].clone();
/// let mut got = vec![0i64; 2 * idx.len()];
/// gi.take(&dist, 2, &Datatype::int64(), &mut got)?;
/// // rank 0: [29, 31, 3, 5]
/// # Ok(()) }
/// ```
pub struct Indexer {
    raw: sys::weft_indexer,
    dist_size: usize,
    part_sizes: Vec<usize>,
}

impl Drop for Indexer {
    fn drop(&mut self) {
        // SAFETY: an owned, live handle (requests borrow the Indexer, so none is pending);
        // nothing uses it afterwards.
        unsafe {
            sys::weft_indexer_free(&mut self.raw);
        }
    }
}

impl fmt::Debug for Indexer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Indexer")
            .field("dist_size", &self.dist_size)
            .field("part_sizes", &self.part_sizes)
            .finish()
    }
}

/// Buffer pointers of the parts, kept in a heap array that outlives a pending request.
type PartPtrs = Vec<*mut c_void>;

impl Indexer {
    // ---- Construction ------------------------------------------------------------------

    /// `weft_indexer_new_f`: one list of global indices on this rank. `comm` is a
    /// Fortran communicator handle ([`comm_world_f`], or `MPI_Comm_c2f` of any
    /// communicator). Collective.
    ///
    /// Fails on every rank alike with `WEFT_INDEX_OUT_OF_BOUNDS` when some rank asks for
    /// an index outside `[0, n)`, `WEFT_INVALID_VALUE` for a malformed or rank-dependent
    /// distribution, or when `distrib` does not have one entry per rank plus one on some
    /// rank (checked here: weft reads that many).
    pub fn new(distrib: &[i64], idx: &[i64], comm: Fint) -> Result<Indexer> {
        Indexer::new_multi(distrib, &[idx], comm)
    }

    /// `weft_indexer_new_multi_f`: several lists of global indices on this rank (any
    /// number, also none; it may differ between ranks). Collective.
    pub fn new_multi(distrib: &[i64], parts: &[&[i64]], comm: Fint) -> Result<Indexer> {
        const F: &str = "Indexer::new";
        let nranks = comm_size(F, comm)?;
        let nidx: Vec<i64> = parts.iter().map(|p| len_i64(p.len())).collect();
        let idx: Vec<*const i64> = parts.iter().map(|p| p.as_ptr()).collect();
        let mut raw: sys::weft_indexer = ptr::null_mut();
        if distrib.len() != nranks + 1 {
            let local = Error::new(
                Status::InvalidValue,
                format!(
                    "{F}: distrib has {} entries, the communicator has {nranks} ranks (needs {})",
                    distrib.len(),
                    nranks + 1
                ),
            );
            // Abstain: nparts -1 (weft_mpi.h: nothing else is read).
            let zeros = vec![0i64; nranks + 1];
            // SAFETY: a distrib of nranks + 1 entries; with nparts < 0 weft reads nothing
            // else (weft_mpi.h).
            let code =
                unsafe { sys::weft_indexer_new_multi_f(zeros.as_ptr(), -1, ptr::null(), ptr::null(), comm, &mut raw) };
            if code >= 0 {
                let mut r = raw;
                // SAFETY: cannot happen; do not leak if it does.
                unsafe { sys::weft_indexer_free(&mut r) };
            }
            return Err(agreed(local, code));
        }
        // SAFETY: distrib holds nranks + 1 entries; nidx/idx hold one entry per part, each
        // list nidx[k] entries.
        check(unsafe {
            sys::weft_indexer_new_multi_f(
                distrib.as_ptr(),
                len_i64(parts.len()),
                nidx.as_ptr(),
                idx.as_ptr(),
                comm,
                &mut raw,
            )
        })?;
        // SAFETY: a new handle that we own.
        unsafe { Indexer::from_raw(raw) }
    }

    /// Wraps (and owns) a C handle.
    ///
    /// # Safety
    /// `raw` must be a live weft_indexer handle whose ownership passes to the `Indexer`.
    pub unsafe fn from_raw(raw: sys::weft_indexer) -> Result<Indexer> {
        let mut gi = Indexer {
            raw,
            dist_size: 0,
            part_sizes: Vec::new(),
        };
        let (mut dn, mut np) = (0i64, 0i64);
        // SAFETY: live handle, valid outputs.
        check(unsafe { sys::weft_indexer_sizes(raw, &mut dn, &mut np) })?;
        gi.dist_size = dn as usize;
        for k in 0..np {
            let mut s = 0i64;
            // SAFETY: as above; k < nparts.
            check(unsafe { sys::weft_indexer_part_size(raw, k, &mut s) })?;
            gi.part_sizes.push(s as usize);
        }
        Ok(gi)
    }

    /// The C handle. It stays owned by `self`.
    pub fn as_raw(&self) -> sys::weft_indexer {
        self.raw
    }

    // ---- Sizes -------------------------------------------------------------------------

    /// `dn`: the number of items this rank owns (`distrib[r+1] - distrib[r]`).
    pub fn dist_size(&self) -> usize {
        self.dist_size
    }

    /// The number of index lists (parts) of this rank.
    pub fn nparts(&self) -> usize {
        self.part_sizes.len()
    }

    /// The number of indices of each part of this rank.
    pub fn part_sizes(&self) -> &[usize] {
        &self.part_sizes
    }

    /// `weft_indexer_part_size`: the number of indices of part `part`
    /// (`WEFT_INVALID_INDEX` outside `0..nparts`).
    pub fn part_size(&self, part: usize) -> Result<usize> {
        let mut s = 0i64;
        // SAFETY: live handle, valid output; weft checks the part number.
        check(unsafe { sys::weft_indexer_part_size(self.raw, len_i64(part), &mut s) })?;
        Ok(s as usize)
    }

    /// `weft_indexer_access_counts`: how many times each owned item is requested, over
    /// all ranks and parts (`dn` entries). Local.
    pub fn access_counts(&self) -> Result<Vec<i64>> {
        let mut v = vec![0i64; self.dist_size];
        // SAFETY: v holds dn entries.
        check(unsafe { sys::weft_indexer_access_counts(self.raw, v.as_mut_ptr()) })?;
        Ok(v)
    }
}
