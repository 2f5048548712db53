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

// ---- The few Open MPI calls the binding needs ------------------------------------------
//
// weft_indexer_new_f reads distrib[0 ..= nranks]: the slice's length is checked against
// the communicator's size first. libweft_mpi is built against Open MPI, whose handles are
// pointers; only the Fortran handle crosses the API.
#[link(name = "mpi")]
extern "C" {
    fn MPI_Initialized(flag: *mut c_int) -> c_int;
    fn MPI_Finalized(flag: *mut c_int) -> c_int;
    fn MPI_Comm_f2c(comm: sys::MPI_Fint) -> *mut c_void;
    fn MPI_Comm_c2f(comm: *mut c_void) -> sys::MPI_Fint;
    fn MPI_Comm_size(comm: *mut c_void, size: *mut c_int) -> c_int;
    static ompi_mpi_comm_world: u8;
    static ompi_mpi_comm_self: u8;
}

fn mpi_active() -> bool {
    let (mut init, mut fin) = (0 as c_int, 0 as c_int);
    // SAFETY: both may be called at any time.
    unsafe {
        MPI_Initialized(&mut init);
        MPI_Finalized(&mut fin);
    }
    init != 0 && fin == 0
}

/// The Fortran handle of `MPI_COMM_WORLD` (`MPI_Comm_c2f(MPI_COMM_WORLD)`), for
/// [`Indexer::new`]. Any call after `MPI_Init`.
#[allow(unused_unsafe)] // addr_of! of an extern static needs unsafe before Rust 1.82
pub fn comm_world_f() -> Fint {
    // SAFETY: only the address of Open MPI's predefined communicator object is taken.
    unsafe { MPI_Comm_c2f(ptr::addr_of!(ompi_mpi_comm_world) as *mut c_void) }
}

/// The Fortran handle of `MPI_COMM_SELF`.
#[allow(unused_unsafe)]
pub fn comm_self_f() -> Fint {
    // SAFETY: as in comm_world_f.
    unsafe { MPI_Comm_c2f(ptr::addr_of!(ompi_mpi_comm_self) as *mut c_void) }
}

/// The number of ranks of a communicator given by its Fortran handle.
fn comm_size(func: &str, comm: Fint) -> Result<usize> {
    if !mpi_active() {
        return Err(Error::new(
            Status::MpiError,
            format!("{func}: MPI is not initialised (or already finalised)"),
        ));
    }
    // SAFETY: MPI is active; MPI_Comm_f2c accepts any integer (NULL for an unknown one).
    let c = unsafe { MPI_Comm_f2c(comm) };
    if c.is_null() {
        return Err(Error::new(
            Status::InvalidHandle,
            format!("{func}: {comm} is not a Fortran communicator handle"),
        ));
    }
    let mut n: c_int = 0;
    // SAFETY: a live communicator handle, valid output.
    let rc = unsafe { MPI_Comm_size(c, &mut n) };
    if rc != 0 || n < 1 {
        return Err(Error::new(
            Status::MpiError,
            format!("{func}: MPI_Comm_size failed ({rc})"),
        ));
    }
    Ok(n as usize)
}

// ---- Checks ------------------------------------------------------------------------------

fn len_i64(n: usize) -> i64 {
    // Slices never hold more than isize::MAX elements.
    n as i64
}

/// Proves that `nunits` (an exact product, maybe huge) units of `unit` stay inside
/// `len` bytes.
fn prove_units(func: &str, which: &str, unit: &Datatype, nunits: i128, len: usize) -> Result<()> {
    if nunits <= 0 {
        return Ok(()); // nothing touched (a negative count is weft's to reject)
    }
    let n = i64::try_from(nunits)
        .map_err(|_| Error::new(Status::Overflow, format!("{func}: {nunits} units in {which}")))?;
    prove_span(func, which, unit, n, len)
}

fn dim(func: &str, what: &str, got: usize, want: usize) -> Result<()> {
    if got == want {
        Ok(())
    } else {
        Err(Error::new(
            Status::DimensionMismatch,
            format!("{func}: {what} has {got} entries, the indexer needs {want}"),
        ))
    }
}

/// Sum of counts, all of which must be >= 0.
fn sum_counts(func: &str, what: &str, counts: &[i64]) -> Result<i128> {
    let mut total = 0i128;
    for (i, &c) in counts.iter().enumerate() {
        if c < 0 {
            return Err(Error::new(
                Status::InvalidValue,
                format!("{func}: {what}[{i}] = {c} < 0"),
            ));
        }
        total += c as i128;
    }
    Ok(total)
}

fn committed(func: &str, unit: &Datatype) -> Result<()> {
    if unit.is_committed_now() {
        Ok(())
    } else {
        Err(Error::new(
            Status::TypeNotCommitted,
            format!("{func}: the unit type is not committed"),
        ))
    }
}

/// A `Vec<T>` can hold units of `unit` at stride extent: extent > 0, a multiple of
/// `size_of::<T>()`, and each unit's data inside its extent.
fn vec_layout<T>(func: &str, unit: &Datatype) -> Result<()> {
    let ext = unit.extent();
    let sz = core::mem::size_of::<T>() as isize;
    if sz == 0 || ext <= 0 || ext % sz != 0 {
        return Err(Error::new(
            Status::InvalidValue,
            format!(
                "{func}: a Vec of {}-byte elements cannot hold units of extent {ext}",
                sz
            ),
        ));
    }
    prove_span(func, "one unit's extent", unit, 1, ext as usize)
}

/// `n` units of `unit` at `src` (weft's buffer, units at stride extent) copied into a new
/// zeroed `Vec<T>` of `n * extent` bytes. `vec_layout::<T>` must hold.
///
/// # Safety
/// `src` must hold `n` units as weft lays them out (may be null when `n` is 0).
unsafe fn units_to_vec<T: Pod>(func: &str, unit: &Datatype, src: *const c_void, n: i128) -> Result<Vec<T>> {
    if n < 0 {
        return Err(Error::new(Status::Panic, format!("{func}: weft returned {n} units")));
    }
    let ext = unit.extent() as i128;
    let bytes = n * ext;
    let sz = core::mem::size_of::<T>() as i128;
    let len = usize::try_from(bytes / sz)
        .map_err(|_| Error::new(Status::Overflow, format!("{func}: {bytes} bytes of output")))?;
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| Error::new(Status::OutOfMemory, format!("{func}: {bytes} bytes of output")))?;
    // SAFETY: capacity len; a zeroed Pod is a valid T.
    unsafe {
        ptr::write_bytes(v.as_mut_ptr(), 0, len);
        v.set_len(len);
    }
    if n == 0 || unit.size() == 0 {
        return Ok(v);
    }
    let n64 = n as i64; // n * ext fits usize, so n fits i64
    prove_span(func, "the output", unit, n64, len * core::mem::size_of::<T>())?;
    if unit.is_contiguous() && unit.size() as isize == unit.extent() && unit.true_extent().0 == 0 {
        // SAFETY: every byte of the n units is data weft wrote; both ranges hold
        // n * extent bytes and do not overlap.
        unsafe { ptr::copy_nonoverlapping(src as *const u8, v.as_mut_ptr() as *mut u8, bytes as usize) };
    } else {
        // SAFETY: the destination span is proved; weft's buffer holds the n units.
        unsafe { copy_raw(src, n64, unit, v.as_mut_ptr() as *mut c_void, n64, unit)? };
    }
    Ok(v)
}

/// Frees a weft allocation (NULL is fine).
fn wfree<P>(p: *mut P) {
    // SAFETY: p came from weft (or is NULL); freed once.
    unsafe { sys::weft_free(p as *mut c_void) }
}

/// The pointer arrays that receive weft's allocations for variable items (one counts and
/// one values array per output); frees whatever they hold when dropped. Their heap
/// buffers stay where they are when the holder moves, so weft may fill them at a
/// request's wait.
struct AllocOut {
    counts: Vec<*mut i64>,
    values: PartPtrs,
}

impl AllocOut {
    fn new(n: usize) -> AllocOut {
        AllocOut {
            counts: vec![ptr::null_mut(); n],
            values: vec![ptr::null_mut(); n],
        }
    }

    /// Output `k` as vectors: `n` counts, and the units they add up to.
    ///
    /// # Safety
    /// weft filled output `k`: its counts array holds `n` entries and its values array
    /// the units those counts add up to (laid out at stride extent).
    unsafe fn collect<T: Pod>(
        &self,
        func: &str,
        what: &str,
        unit: &Datatype,
        k: usize,
        n: usize,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        let (cp, vp) = (self.counts[k], self.values[k]);
        if n > 0 && cp.is_null() {
            return Err(Error::new(Status::Panic, format!("{func}: weft returned no {what}")));
        }
        let c: Vec<i64> = if n == 0 {
            Vec::new()
        } else {
            // SAFETY: (caller) weft's counts array holds n entries.
            unsafe { core::slice::from_raw_parts(cp, n) }.to_vec()
        };
        let total = sum_counts(func, what, &c)?;
        if total > 0 && unit.size() > 0 && vp.is_null() {
            return Err(Error::new(Status::Panic, format!("{func}: weft returned no values")));
        }
        // SAFETY: (caller) weft's values array holds `total` units.
        let v = unsafe { units_to_vec::<T>(func, unit, vp, total)? };
        Ok((c, v))
    }
}

impl Drop for AllocOut {
    fn drop(&mut self) {
        for (&c, &v) in self.counts.iter().zip(&self.values) {
            wfree(c);
            wfree(v);
        }
    }
}

/// A heap `int64_t` that weft writes at a request's wait (`*needed`); freed on drop.
struct NeededSlot(*mut i64);

impl NeededSlot {
    fn new() -> NeededSlot {
        NeededSlot(Box::into_raw(Box::new(-1i64)))
    }
    fn get(&self) -> i64 {
        // SAFETY: a live allocation of ours; weft wrote it (or not) before the wait
        // returned.
        unsafe { self.0.read() }
    }
}

impl Drop for NeededSlot {
    fn drop(&mut self) {
        // SAFETY: from Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(self.0) });
    }
}

/// The result of a put_v into caller buffers: the units written (`*needed`, or if weft
/// left it unset, the sum of the owned counts it wrote), or the error, which for
/// `WEFT_INSUFFICIENT_SPACE` carries the units needed.
fn needed_result(done: Result<()>, needed: i64, counts: &[i64]) -> Result<usize> {
    match done {
        Ok(()) => Ok(if needed >= 0 { needed as usize } else { units_of(counts) }),
        Err(e) if e.status() == Status::InsufficientSpace && needed >= 0 => {
            let n = needed as usize; // >= 0, and at most a slice's worth of units or i64::MAX
            Err(e.with_needed(n))
        }
        Err(e) => Err(e),
    }
}

/// Units received per part of a take_v into caller buffers: the sums of the counts
/// weft wrote.
fn units_of(counts: &[i64]) -> usize {
    counts.iter().map(|&x| x.max(0) as usize).sum()
}

/// The error of a rank-local check, after this rank abstained from the collective
/// (`Indexer::abstain`): the agreed status (the same on every rank) with `local`'s
/// message. (An abstaining call always fails; a success would keep the local status.)
fn agreed(local: Error, code: c_int) -> Error {
    let status = if code < 0 {
        Status::from_code(code)
    } else {
        local.status()
    };
    Error::new(status, local.message().to_string())
}

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
/// The single-part methods (`take`, `put`, …) need an indexer with one part on this
/// rank ([`Indexer::new`]); the `_parts` forms take one buffer per part.
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
/// `WEFT_INSUFFICIENT_SPACE` from the `take_v_into` and `put_v_into` / `put_v_in_place`
/// forms (blocking, or from [`Request::wait`]) is the one local status: the exchange
/// completed everywhere, only that rank's values did not fit. For `put_v_into` the error
/// says how many units would have: [`Error::needed`].
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

    fn one_part(&self, func: &str) -> Result<()> {
        if self.part_sizes.len() == 1 {
            Ok(())
        } else {
            Err(Error::new(
                Status::DimensionMismatch,
                format!(
                    "{func}: this rank has {} parts; use the _parts form",
                    self.part_sizes.len()
                ),
            ))
        }
    }

    // ---- Fixed-size exchanges: local checks ----------------------------------------------

    /// The checks of a take/put: unit committed, one buffer per part, every buffer
    /// long enough.
    fn check_fixed(
        &self,
        func: &str,
        unit: &Datatype,
        count: i64,
        dist_bytes: usize,
        part_bytes: &[usize],
    ) -> Result<()> {
        committed(func, unit)?;
        dim(
            func,
            "the list of part buffers",
            part_bytes.len(),
            self.part_sizes.len(),
        )?;
        prove_units(func, "dist", unit, self.dist_size as i128 * count as i128, dist_bytes)?;
        for (k, (&b, &n)) in part_bytes.iter().zip(&self.part_sizes).enumerate() {
            prove_units(func, &format!("part {k}"), unit, n as i128 * count as i128, b)?;
        }
        Ok(())
    }

    // ---- Take ----------------------------------------------------------------------------

    /// `weft_indexer_take`: `part[i] = dist[idx[i]]`, `count` units per item. `dist`
    /// holds this rank's `dn` items, `part` one item per index. Collective.
    pub fn take<T: Pod>(&self, dist: &[T], count: i64, unit: &Datatype, part: &mut [T]) -> Result<()> {
        const F: &str = "Indexer::take";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::Take));
        }
        self.take_parts_impl(F, dist, count, unit, &mut [part])
    }

    /// `weft_indexer_take` with one buffer per part: `parts[k][i] = dist[idx_k[i]]`.
    pub fn take_parts<T: Pod>(&self, dist: &[T], count: i64, unit: &Datatype, parts: &mut [&mut [T]]) -> Result<()> {
        self.take_parts_impl("Indexer::take_parts", dist, count, unit, parts)
    }

    fn take_parts_impl<T: Pod>(
        &self,
        func: &str,
        dist: &[T],
        count: i64,
        unit: &Datatype,
        parts: &mut [&mut [T]],
    ) -> Result<()> {
        let bytes: Vec<usize> = parts.iter().map(|p| core::mem::size_of_val(*p)).collect();
        if let Err(e) = self.check_fixed(func, unit, count, core::mem::size_of_val(dist), &bytes) {
            return Err(self.abstain(e, Call::Take));
        }
        let ptrs: PartPtrs = parts.iter_mut().map(|p| p.as_mut_ptr() as *mut c_void).collect();
        // SAFETY: every unit weft reads or writes lies inside dist or a part (proved);
        // the parts are distinct &mut slices, dist a shared one.
        check(unsafe {
            sys::weft_indexer_take(
                self.raw,
                dist.as_ptr() as *const c_void,
                count,
                unit.as_raw(),
                ptrs.as_ptr(),
            )
        })
    }

    // ---- Put -----------------------------------------------------------------------------

    /// `weft_indexer_put`: `dist[idx[i]] = part[i]` in arrival order (the last writer
    /// wins), or with `reduce`, `dist[j] = dist[j] op v` for every arriving `v`, starting
    /// from `dist`'s contents, unit by unit. Items nobody writes keep their contents.
    /// Collective; the monoid's domain must be the unit (or, for a predefined monoid, a
    /// predefined type of the same representation), else `WEFT_DOMAIN_MISMATCH`.
    pub fn put<T: Pod>(
        &self,
        part: &[T],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<()> {
        const F: &str = "Indexer::put";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::Put(PutMode::Blocking)));
        }
        self.put_parts_impl(F, &[part], count, unit, reduce, dist)
    }

    /// `weft_indexer_put` with one buffer per part.
    pub fn put_parts<T: Pod>(
        &self,
        parts: &[&[T]],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<()> {
        self.put_parts_impl("Indexer::put_parts", parts, count, unit, reduce, dist)
    }

    fn put_parts_impl<T: Pod>(
        &self,
        func: &str,
        parts: &[&[T]],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<()> {
        let bytes: Vec<usize> = parts.iter().map(|p| core::mem::size_of_val(*p)).collect();
        if let Err(e) = self.check_fixed(func, unit, count, core::mem::size_of_val(dist), &bytes) {
            return Err(self.abstain(e, Call::Put(PutMode::Blocking)));
        }
        let ptrs: Vec<*const c_void> = parts.iter().map(|p| p.as_ptr() as *const c_void).collect();
        // SAFETY: every unit lies inside its slice (proved); dist is a &mut slice, so no
        // part overlaps it; the monoid writes units of its domain (any bytes are a valid
        // Pod).
        check(unsafe {
            sys::weft_indexer_put(
                self.raw,
                ptrs.as_ptr(),
                count,
                unit.as_raw(),
                reduce.map_or(ptr::null_mut(), Monoid::as_raw),
                dist.as_mut_ptr() as *mut c_void,
            )
        })
    }

    /// `weft_indexer_put_alloc`: as [`put`](Indexer::put) into a new vector of `dn`
    /// items, which starts as the monoid's identity (or zero bytes without one).
    pub fn put_alloc<T: Pod>(
        &self,
        part: &[T],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
    ) -> Result<Vec<T>> {
        const F: &str = "Indexer::put_alloc";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::Put(PutMode::Alloc)));
        }
        self.put_alloc_parts_impl(F, &[part], count, unit, reduce)
    }

    /// `weft_indexer_put_alloc` with one buffer per part.
    pub fn put_alloc_parts<T: Pod>(
        &self,
        parts: &[&[T]],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
    ) -> Result<Vec<T>> {
        self.put_alloc_parts_impl("Indexer::put_alloc_parts", parts, count, unit, reduce)
    }

    fn put_alloc_parts_impl<T: Pod>(
        &self,
        func: &str,
        parts: &[&[T]],
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
    ) -> Result<Vec<T>> {
        let bytes: Vec<usize> = parts.iter().map(|p| core::mem::size_of_val(*p)).collect();
        let local = vec_layout::<T>(func, unit).and_then(|_| self.check_fixed(func, unit, count, usize::MAX, &bytes));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::Put(PutMode::Alloc)));
        }
        let ptrs: Vec<*const c_void> = parts.iter().map(|p| p.as_ptr() as *const c_void).collect();
        let mut out: *mut c_void = ptr::null_mut();
        // SAFETY: the parts' units lie inside their slices (proved); weft allocates the
        // output.
        let code = unsafe {
            sys::weft_indexer_put_alloc(
                self.raw,
                ptrs.as_ptr(),
                count,
                unit.as_raw(),
                reduce.map_or(ptr::null_mut(), Monoid::as_raw),
                &mut out,
            )
        };
        if let Err(e) = check(code) {
            wfree(out);
            return Err(e);
        }
        // SAFETY: weft's buffer holds dn * count units at stride extent.
        let v = unsafe { units_to_vec::<T>(func, unit, out, self.dist_size as i128 * count as i128) };
        wfree(out);
        v
    }

    // ---- Variable-size exchanges ------------------------------------------------------

    /// Takes part in an exchange this rank must not make (one of its local checks
    /// failed), so that no other rank waits for it: the call with
    /// `unit = WEFT_ABSTAIN`, which weft_mpi.h documents to read no argument but the
    /// indexer, to write nothing (no request, no allocation), and to fail on every rank
    /// alike. Returns the agreed status with `local`'s message.
    fn abstain(&self, local: Error, call: Call) -> Error {
        let np = self.part_sizes.len();
        let unit = sys::ABSTAIN;
        let nulls: Vec<*mut c_void> = vec![ptr::null_mut(); np];
        let cnulls: Vec<*const c_void> = vec![ptr::null(); np];
        let count_nulls: Vec<*mut i64> = vec![ptr::null_mut(); np];
        let ccount_nulls: Vec<*const i64> = vec![ptr::null(); np];
        let (mut out_c, mut out_v): (*mut i64, *mut c_void) = (ptr::null_mut(), ptr::null_mut());
        let mut req: sys::weft_request = ptr::null_mut();
        let (gi, n, cn) = (self.raw, ptr::null_mut::<c_void>(), ptr::null::<c_void>());
        // SAFETY: an abstaining call reads nothing but gi and writes nothing (weft_mpi.h);
        // every pointer passed is NULL or an array of NULLs that weft does not read.
        let code = unsafe {
            match call {
                Call::Take => sys::weft_indexer_take(gi, cn, 0, unit, nulls.as_ptr()),
                Call::TakeBegin => sys::weft_indexer_take_begin(gi, cn, 0, unit, nulls.as_ptr(), &mut req),
                Call::Put(PutMode::Blocking) => sys::weft_indexer_put(gi, cnulls.as_ptr(), 0, unit, ptr::null_mut(), n),
                Call::Put(PutMode::Alloc) => {
                    sys::weft_indexer_put_alloc(gi, cnulls.as_ptr(), 0, unit, ptr::null_mut(), &mut out_v)
                }
                Call::Put(PutMode::Begin) => {
                    sys::weft_indexer_put_begin(gi, cnulls.as_ptr(), 0, unit, ptr::null_mut(), n, &mut req)
                }
                Call::V(VMode::Take) => sys::weft_indexer_take_v(
                    gi,
                    ptr::null(),
                    cn,
                    unit,
                    count_nulls.as_ptr(),
                    nulls.as_ptr(),
                    ptr::null(),
                ),
                Call::V(VMode::TakeBegin) => sys::weft_indexer_take_v_begin(
                    gi,
                    ptr::null(),
                    cn,
                    unit,
                    count_nulls.as_ptr(),
                    nulls.as_ptr(),
                    ptr::null(),
                    &mut req,
                ),
                Call::V(VMode::TakeAlloc) => {
                    sys::weft_indexer_take_v_alloc(gi, ptr::null(), cn, unit, ptr::null_mut(), ptr::null_mut())
                }
                Call::V(VMode::TakeAllocBegin) => sys::weft_indexer_take_v_alloc_begin(
                    gi,
                    ptr::null(),
                    cn,
                    unit,
                    ptr::null_mut(),
                    ptr::null_mut(),
                    &mut req,
                ),
                Call::V(VMode::Put) => sys::weft_indexer_put_v(
                    gi,
                    ccount_nulls.as_ptr(),
                    cnulls.as_ptr(),
                    unit,
                    false,
                    ptr::null(),
                    cn,
                    &mut out_c,
                    &mut out_v,
                ),
                Call::V(VMode::PutBegin) => sys::weft_indexer_put_v_begin(
                    gi,
                    ccount_nulls.as_ptr(),
                    cnulls.as_ptr(),
                    unit,
                    false,
                    ptr::null(),
                    cn,
                    &mut out_c,
                    &mut out_v,
                    &mut req,
                ),
                Call::V(VMode::PutInto) => sys::weft_indexer_put_v_into(
                    gi,
                    ccount_nulls.as_ptr(),
                    cnulls.as_ptr(),
                    unit,
                    false,
                    ptr::null(),
                    cn,
                    ptr::null_mut(),
                    n,
                    0,
                    ptr::null_mut(),
                ),
                Call::V(VMode::PutIntoBegin) => sys::weft_indexer_put_v_into_begin(
                    gi,
                    ccount_nulls.as_ptr(),
                    cnulls.as_ptr(),
                    unit,
                    false,
                    ptr::null(),
                    cn,
                    ptr::null_mut(),
                    n,
                    0,
                    ptr::null_mut(),
                    &mut req,
                ),
            }
        };
        debug_assert!(
            req.is_null() && out_c.is_null() && out_v.is_null(),
            "an abstaining call wrote an output"
        );
        agreed(local, code)
    }

    /// The checks of take_v's owned side: `dist_counts` has `dn` entries, all >= 0, and
    /// `dist_values` holds their sum of units.
    fn check_dist_v<T: Pod>(&self, func: &str, unit: &Datatype, dist_counts: &[i64], dist_values: &[T]) -> Result<()> {
        committed(func, unit)?;
        dim(func, "dist_counts", dist_counts.len(), self.dist_size)?;
        let total = sum_counts(func, "dist_counts", dist_counts)?;
        prove_units(func, "dist_values", unit, total, core::mem::size_of_val(dist_values))
    }

    /// The checks of a take_v into caller buffers: the owned side, one counts and one
    /// values slice per part, part k's counts slice with part_size[k] entries, and a unit
    /// of positive extent (the values slices' capacities are computed, not checked).
    fn check_take_v_into<T: Pod>(
        &self,
        func: &str,
        unit: &Datatype,
        dist_counts: &[i64],
        dist_values: &[T],
        count_lens: &[usize],
        nvalues: usize,
    ) -> Result<()> {
        self.check_dist_v(func, unit, dist_counts, dist_values)?;
        dim(func, "part_counts", count_lens.len(), self.part_sizes.len())?;
        dim(func, "part_values", nvalues, self.part_sizes.len())?;
        for (k, &n) in count_lens.iter().enumerate() {
            dim(func, &format!("part_counts[{k}]"), n, self.part_sizes[k])?;
        }
        positive_extent(func, unit)
    }

    /// The checks of a put_v's inputs: unit committed, one (counts, values) pair per
    /// part, part k's counts with part_size[k] entries, all >= 0, whose units the values
    /// hold; the same for the initial items (dn counts).
    fn check_put_v<T: Pod>(
        &self,
        func: &str,
        unit: &Datatype,
        parts: &[(&[i64], &[T])],
        init: Option<(&[i64], &[T])>,
    ) -> Result<()> {
        committed(func, unit)?;
        dim(func, "the list of parts", parts.len(), self.part_sizes.len())?;
        for (k, (c, v)) in parts.iter().enumerate() {
            dim(func, &format!("part {k}'s counts"), c.len(), self.part_sizes[k])?;
            let total = sum_counts(func, &format!("part {k}'s counts"), c)?;
            prove_units(
                func,
                &format!("part {k}'s values"),
                unit,
                total,
                core::mem::size_of_val(*v),
            )?;
        }
        if let Some((c, v)) = init {
            dim(func, "init counts", c.len(), self.dist_size)?;
            let total = sum_counts(func, "init counts", c)?;
            prove_units(func, "init values", unit, total, core::mem::size_of_val(v))?;
        }
        Ok(())
    }

    /// The checks of a put_v into caller buffers: the inputs as for put_v, a unit of
    /// positive extent, `dn` output counts; in place, the output buffers' current
    /// contents are the initial items and are checked as such.
    fn check_put_v_into<T: Pod>(
        &self,
        func: &str,
        unit: &Datatype,
        parts: &[(&[i64], &[T])],
        init: &VInit<'_, T>,
        dist_counts: &[i64],
        dist_values: &[T],
    ) -> Result<()> {
        let given = match *init {
            VInit::Given(c, v) => Some((c, v)),
            _ => None,
        };
        self.check_put_v(func, unit, parts, given)?;
        positive_extent(func, unit)?;
        dim(func, "dist_counts", dist_counts.len(), self.dist_size)?;
        if let VInit::InPlace = init {
            let total = sum_counts(func, "dist_counts (the initial items)", dist_counts)?;
            prove_units(
                func,
                "dist_values (the initial items)",
                unit,
                total,
                core::mem::size_of_val(dist_values),
            )?;
        }
        Ok(())
    }

    /// `weft_indexer_take_v_alloc`: variable items. Owned item `j` has `dist_counts[j]`
    /// units (`dist_values` holds them item after item); requested item `i` receives
    /// `dist_counts[idx[i]]` units. Returns `(counts, values)`: one count per index, and
    /// the values item after item. Collective.
    pub fn take_v<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        const F: &str = "Indexer::take_v";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::TakeAlloc)));
        }
        let mut v = self.take_v_parts_impl(F, dist_counts, dist_values, unit)?;
        Ok(v.pop().expect("one part"))
    }

    /// `weft_indexer_take_v_alloc` with several parts: `(counts, values)` per part.
    pub fn take_v_parts<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
    ) -> Result<Vec<(Vec<i64>, Vec<T>)>> {
        self.take_v_parts_impl("Indexer::take_v_parts", dist_counts, dist_values, unit)
    }

    fn take_v_parts_impl<T: Pod>(
        &self,
        func: &str,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
    ) -> Result<Vec<(Vec<i64>, Vec<T>)>> {
        let local = self
            .check_dist_v(func, unit, dist_counts, dist_values)
            .and_then(|_| vec_layout::<T>(func, unit));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::V(VMode::TakeAlloc)));
        }
        let np = self.part_sizes.len();
        let mut out = AllocOut::new(np);
        // SAFETY: dist_counts holds dn entries and dist_values their units (proved);
        // weft allocates one counts and one values array per part.
        let code = unsafe {
            sys::weft_indexer_take_v_alloc(
                self.raw,
                dist_counts.as_ptr(),
                dist_values.as_ptr() as *const c_void,
                unit.as_raw(),
                out.counts.as_mut_ptr(),
                out.values.as_mut_ptr(),
            )
        };
        check(code)?;
        // SAFETY: weft filled every part: part_size[k] counts and their units.
        (0..np)
            .map(|k| unsafe { out.collect(func, "the received counts", unit, k, self.part_sizes[k]) })
            .collect()
    }

    /// `weft_indexer_take_v` into caller buffers: `part_counts` (one entry per index)
    /// receives the counts, `part_values` the values item after item, as many units as
    /// fit in it. Returns the number of units received. A rank whose `part_values` is
    /// too small gets `WEFT_INSUFFICIENT_SPACE` (the exchange completes on every rank;
    /// its counts are written, its values are not), so it can size the buffer and call
    /// again.
    pub fn take_v_into<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
        part_counts: &mut [i64],
        part_values: &mut [T],
    ) -> Result<usize> {
        const F: &str = "Indexer::take_v_into";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::Take)));
        }
        let mut n = self.take_v_into_parts_impl(
            F,
            dist_counts,
            dist_values,
            unit,
            &mut [part_counts],
            &mut [part_values],
        )?;
        Ok(n.pop().expect("one part"))
    }

    /// `weft_indexer_take_v` into caller buffers, one counts and one values slice per
    /// part. Returns the units received per part.
    pub fn take_v_into_parts<T: Pod>(
        &self,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
        part_counts: &mut [&mut [i64]],
        part_values: &mut [&mut [T]],
    ) -> Result<Vec<usize>> {
        self.take_v_into_parts_impl(
            "Indexer::take_v_into_parts",
            dist_counts,
            dist_values,
            unit,
            part_counts,
            part_values,
        )
    }

    fn take_v_into_parts_impl<T: Pod>(
        &self,
        func: &str,
        dist_counts: &[i64],
        dist_values: &[T],
        unit: &Datatype,
        part_counts: &mut [&mut [i64]],
        part_values: &mut [&mut [T]],
    ) -> Result<Vec<usize>> {
        let lens: Vec<usize> = part_counts.iter().map(|c| c.len()).collect();
        if let Err(e) = self.check_take_v_into(func, unit, dist_counts, dist_values, &lens, part_values.len()) {
            return Err(self.abstain(e, Call::V(VMode::Take)));
        }
        let caps: Vec<i64> = part_values
            .iter()
            .map(|v| capacity(unit, core::mem::size_of_val(*v)))
            .collect();
        let counts: Vec<*mut i64> = part_counts.iter_mut().map(|c| c.as_mut_ptr()).collect();
        let values: PartPtrs = part_values.iter_mut().map(|v| v.as_mut_ptr() as *mut c_void).collect();
        // SAFETY: dist side proved; part k's counts slice has part_size[k] entries and its
        // values slice holds caps[k] units (capacity proves it); weft writes no more.
        check(unsafe {
            sys::weft_indexer_take_v(
                self.raw,
                dist_counts.as_ptr(),
                dist_values.as_ptr() as *const c_void,
                unit.as_raw(),
                counts.as_ptr(),
                values.as_ptr(),
                caps.as_ptr(),
            )
        })?;
        Ok(part_counts.iter().map(|c| units_of(c)).collect())
    }

    /// `weft_indexer_put_v`: variable items. Requested item `i` carries
    /// `part_counts[i]` units (`part_values` holds them item after item). Without
    /// `extend` the last writer wins (an explicit count of 0 empties the item); with
    /// `extend` the arriving blocks are appended in arrival order after the initial
    /// ones. `init` (counts of the `dn` owned items and their values) gives the initial
    /// items; items nobody writes keep their initial block (count 0 without `init`).
    /// Returns the owned items `(counts, values)`. Collective.
    pub fn put_v<T: Pod>(
        &self,
        part_counts: &[i64],
        part_values: &[T],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        const F: &str = "Indexer::put_v";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::Put)));
        }
        self.put_v_parts_impl(F, &[(part_counts, part_values)], unit, extend, init)
    }

    /// `weft_indexer_put_v` with one `(counts, values)` pair per part.
    pub fn put_v_parts<T: Pod>(
        &self,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        self.put_v_parts_impl("Indexer::put_v_parts", parts, unit, extend, init)
    }

    fn put_v_parts_impl<T: Pod>(
        &self,
        func: &str,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
    ) -> Result<(Vec<i64>, Vec<T>)> {
        let local = vec_layout::<T>(func, unit).and_then(|_| self.check_put_v(func, unit, parts, init));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::V(VMode::Put)));
        }
        let (counts, values) = part_v_ptrs(parts);
        let (ic, iv) = init_ptrs(init);
        let mut out = AllocOut::new(1);
        // SAFETY: every counts array has its part's (or dn) entries and every values
        // array their units (proved); weft allocates the outputs.
        let code = unsafe {
            sys::weft_indexer_put_v(
                self.raw,
                counts.as_ptr(),
                values.as_ptr(),
                unit.as_raw(),
                extend,
                ic,
                iv,
                &mut out.counts[0],
                &mut out.values[0],
            )
        };
        check(code)?;
        // SAFETY: weft's counts array holds dn entries and its values array their units.
        unsafe { out.collect(func, "the owned counts", unit, 0, self.dist_size) }
    }

    /// `weft_indexer_put_v_into`: [`put_v`](Indexer::put_v) into caller buffers. The
    /// owned items' counts go to `dist_counts` (`dn` entries) and their values, item
    /// after item, to `dist_values`, as many units as fit in it (its capacity is the
    /// number of units whose typemaps lie inside the slice). Returns the number of units
    /// written.
    ///
    /// A rank whose `dist_values` is too small gets `WEFT_INSUFFICIENT_SPACE` with
    /// [`Error::needed`] set to the units the result holds; nothing else is written on
    /// that rank (neither `dist_counts` nor `dist_values`), and the exchange completes on
    /// every rank, so it can size the buffer and call again. To update the owned items in
    /// place, see [`put_v_in_place`](Indexer::put_v_in_place).
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, Indexer};
    /// use weft::{Datatype, Status};
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 1]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::int32();
    /// // index 1 is sent [7] then [8, 9]: appended after the initial block [1]
    /// let (counts, values) = (vec![1i64, 2], vec![7i32, 8, 9]);
    /// let init: (&[i64], &[i32]) = (&[0, 1], &[1]);
    /// let mut dc = vec![0i64; gi.dist_size()];
    /// let mut dv = vec![0i32; 2];
    /// let n = match gi.put_v_into(&counts, &values, &unit, true, Some(init), &mut dc, &mut dv) {
    ///     Err(e) if e.status() == Status::InsufficientSpace => {
    ///         dv = vec![0; e.needed().unwrap()]; // 4
    ///         gi.put_v_into(&counts, &values, &unit, true, Some(init), &mut dc, &mut dv)?
    ///     }
    ///     r => r?,
    /// };
    /// assert_eq!((n, &dc[..], &dv[..]), (4, &[0, 4][..], &[1, 7, 8, 9][..]));
    /// # Ok(()) }
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn put_v_into<T: Pod>(
        &self,
        part_counts: &[i64],
        part_values: &[T],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        const F: &str = "Indexer::put_v_into";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::PutInto)));
        }
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        self.put_v_into_impl(
            F,
            &[(part_counts, part_values)],
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )
    }

    /// `weft_indexer_put_v_into` with one `(counts, values)` pair per part.
    pub fn put_v_into_parts<T: Pod>(
        &self,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        init: Option<(&[i64], &[T])>,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        self.put_v_into_impl(
            "Indexer::put_v_into_parts",
            parts,
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )
    }

    /// `weft_indexer_put_v_into` in place: the owned items in `dist_counts` (`dn`
    /// counts) and `dist_values` (their units, item after item, at its start) are the
    /// initial items, and the result replaces them (weft assembles it before writing
    /// it, passing the same arrays as `init_counts`/`init_values` and as the output).
    /// With `extend`, the arriving blocks are appended to each item; without, the last
    /// writer replaces it. Returns the number of units the owned items now hold.
    ///
    /// A rank whose `dist_values` is too small for the result gets
    /// `WEFT_INSUFFICIENT_SPACE` with [`Error::needed`] set, and its buffers keep the
    /// initial items untouched.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![0i64]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// // owned items [10] and [20, 21]; room for 5 units
    /// let (mut dc, mut dv) = (vec![1i64, 2], vec![10i64, 20, 21, 0, 0]);
    /// // item 0 gets [11, 12] appended
    /// let n = gi.put_v_in_place(&[2], &[11i64, 12], &Datatype::int64(), true, &mut dc, &mut dv)?;
    /// assert_eq!((n, &dc[..], &dv[..]), (5, &[3, 2][..], &[10, 11, 12, 20, 21][..]));
    /// # Ok(()) }
    /// ```
    pub fn put_v_in_place<T: Pod>(
        &self,
        part_counts: &[i64],
        part_values: &[T],
        unit: &Datatype,
        extend: bool,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        const F: &str = "Indexer::put_v_in_place";
        if let Err(e) = self.one_part(F) {
            return Err(self.abstain(e, Call::V(VMode::PutInto)));
        }
        self.put_v_into_impl(
            F,
            &[(part_counts, part_values)],
            unit,
            extend,
            VInit::InPlace,
            dist_counts,
            dist_values,
        )
    }

    /// [`put_v_in_place`](Indexer::put_v_in_place) with one `(counts, values)` pair per
    /// part.
    pub fn put_v_in_place_parts<T: Pod>(
        &self,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        self.put_v_into_impl(
            "Indexer::put_v_in_place_parts",
            parts,
            unit,
            extend,
            VInit::InPlace,
            dist_counts,
            dist_values,
        )
    }

    /// The C arguments of a put_v into caller buffers, after its checks: the parts'
    /// counts and values arrays, `init_counts`/`init_values`, the outputs and the
    /// capacity. In place, the initial arrays are the outputs (same pointers).
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    fn put_v_into_args<T: Pod>(
        &self,
        func: &str,
        mode: VMode,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        init: VInit<'_, T>,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<(Arrays, *const i64, *const c_void, *mut i64, *mut c_void, i64)> {
        if let Err(e) = self.check_put_v_into(func, unit, parts, &init, dist_counts, dist_values) {
            return Err(self.abstain(e, Call::V(mode)));
        }
        let (ccounts, cptrs) = part_v_ptrs(parts);
        let cap = capacity(unit, core::mem::size_of_val(dist_values));
        let dc = dist_counts.as_mut_ptr();
        let dv = dist_values.as_mut_ptr() as *mut c_void;
        let (ic, iv) = match init {
            VInit::None => (ptr::null(), ptr::null()),
            VInit::Given(c, v) => (c.as_ptr(), v.as_ptr() as *const c_void),
            VInit::InPlace => (dc as *const i64, dv as *const c_void),
        };
        let arrays = Arrays {
            cptrs,
            ccounts,
            ..Arrays::default()
        };
        Ok((arrays, ic, iv, dc, dv, cap))
    }

    #[allow(clippy::too_many_arguments)]
    fn put_v_into_impl<T: Pod>(
        &self,
        func: &str,
        parts: &[(&[i64], &[T])],
        unit: &Datatype,
        extend: bool,
        init: VInit<'_, T>,
        dist_counts: &mut [i64],
        dist_values: &mut [T],
    ) -> Result<usize> {
        let (arrays, ic, iv, dc, dv, cap) =
            self.put_v_into_args(func, VMode::PutInto, parts, unit, init, dist_counts, dist_values)?;
        let mut needed = -1i64;
        // SAFETY: every counts array has its part's (or dn) entries and every values
        // array their units (proved; in place, the initial items lie inside the output
        // slices, which weft reads before it writes them); dist_counts has dn entries and
        // dist_values room for `cap` units (capacity proves it); weft writes no more.
        let code = unsafe {
            sys::weft_indexer_put_v_into(
                self.raw,
                arrays.ccounts.as_ptr(),
                arrays.cptrs.as_ptr(),
                unit.as_raw(),
                extend,
                ic,
                iv,
                dc,
                dv,
                cap,
                &mut needed,
            )
        };
        needed_result(check(code), needed, dist_counts)
    }

    // ---- Split phase -------------------------------------------------------------------

    fn take_begin_impl<T: Pod>(
        &self,
        func: &str,
        dist: &[T],
        count: i64,
        unit: &Datatype,
        mut ptrs: PartPtrs,
        part_bytes: &[usize],
    ) -> Result<Pending> {
        if let Err(e) = self.check_fixed(func, unit, count, core::mem::size_of_val(dist), part_bytes) {
            return Err(self.abstain(e, Call::TakeBegin));
        }
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: units inside their slices (proved); the caller keeps dist, the parts,
        // the unit and this indexer borrowed until the request completes, and `ptrs`
        // moves into the Pending (a heap array, so its address is stable).
        check(unsafe {
            sys::weft_indexer_take_begin(
                self.raw,
                dist.as_ptr() as *const c_void,
                count,
                unit.as_raw(),
                ptrs.as_mut_ptr(),
                &mut req,
            )
        })?;
        Ok(Pending {
            raw: req,
            _arrays: Arrays {
                ptrs,
                ..Arrays::default()
            },
        })
    }

    fn put_begin_impl<T: Pod>(
        &self,
        func: &str,
        parts: Vec<&[T]>,
        count: i64,
        unit: &Datatype,
        reduce: Option<&Monoid>,
        dist: &mut [T],
    ) -> Result<Pending> {
        let bytes: Vec<usize> = parts.iter().map(|p| core::mem::size_of_val(*p)).collect();
        if let Err(e) = self.check_fixed(func, unit, count, core::mem::size_of_val(dist), &bytes) {
            return Err(self.abstain(e, Call::Put(PutMode::Begin)));
        }
        let cptrs: Vec<*const c_void> = parts.iter().map(|p| p.as_ptr() as *const c_void).collect();
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: as in take_begin_impl.
        check(unsafe {
            sys::weft_indexer_put_begin(
                self.raw,
                cptrs.as_ptr(),
                count,
                unit.as_raw(),
                reduce.map_or(ptr::null_mut(), Monoid::as_raw),
                dist.as_mut_ptr() as *mut c_void,
                &mut req,
            )
        })?;
        Ok(Pending {
            raw: req,
            _arrays: Arrays {
                cptrs,
                ..Arrays::default()
            },
        })
    }

    /// `weft_indexer_take_begin` inside a [`scope`]: starts a [`take`](Indexer::take) and
    /// returns at once. `dist`, `part`, `unit` and the indexer stay borrowed for the
    /// scope; [`Request::wait`] completes the exchange and hands `part` back, filled.
    /// A request dropped unwaited is waited by its drop, and one leaked
    /// (`mem::forget`) by the end of the scope: weft never writes into a buffer that
    /// Rust code can reach again.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx, dist) = (vec![0i64, 1], vec![0i64], vec![1.5f64]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::double();
    /// let mut got = vec![0.0f64; idx.len()];
    /// scope(|s| -> weft::Result<()> {
    ///     let r = gi.take_begin(s, &dist, 1, &unit, &mut got)?;
    ///     // ... other work; `got` cannot be touched here ...
    ///     let got = r.wait()?; // &mut [f64], filled
    ///     got[0] += 1.0;
    ///     Ok(())
    /// })?;
    /// println!("{got:?}");
    /// # Ok(()) }
    /// ```
    ///
    /// A buffer declared inside the scope cannot be lent to a request, and a lent one
    /// cannot be touched before the request hands it back:
    ///
    /// ```compile_fail
    /// use weft::mpi::{scope, Indexer};
    /// use weft::Datatype;
    /// # fn f(gi: &Indexer, dist: &[f64], unit: &Datatype) {
    /// scope(|s| {
    ///     let mut got = vec![0.0f64; 4];
    ///     let r = gi.take_begin(s, dist, 1, unit, &mut got).unwrap();
    ///     std::mem::forget(r);
    /// });
    /// # }
    /// ```
    ///
    /// ```compile_fail
    /// use weft::mpi::{scope, Indexer};
    /// use weft::Datatype;
    /// # fn f(gi: &Indexer, dist: &[f64], unit: &Datatype) {
    /// let mut got = vec![0.0f64; 4];
    /// scope(|s| {
    ///     let r = gi.take_begin(s, dist, 1, unit, &mut got).unwrap();
    ///     got[0] = 1.0; // still lent to the request
    ///     r.wait().unwrap();
    /// });
    /// # }
    /// ```
    pub fn take_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist: &'scope [T],
        count: i64,
        unit: &'scope Datatype,
        part: &'scope mut [T],
    ) -> Result<Request<'scope, &'scope mut [T]>> {
        let (p, back) = self.take_begin_one("Indexer::take_begin", dist, count, unit, part)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_begin` with one buffer per part, inside a [`scope`];
    /// [`Request::wait`] hands the part buffers back.
    pub fn take_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist: &'scope [T],
        count: i64,
        unit: &'scope Datatype,
        parts: I,
    ) -> Result<Request<'scope, Vec<&'scope mut [T]>>>
    where
        I: IntoIterator<Item = &'scope mut [T]>,
    {
        let mut bytes = Vec::new();
        let mut slices: Vec<(*mut T, usize)> = Vec::new();
        let ptrs: PartPtrs = parts
            .into_iter()
            .map(|p| {
                bytes.push(core::mem::size_of_val(p));
                slices.push((p.as_mut_ptr(), p.len()));
                p.as_mut_ptr() as *mut c_void
            })
            .collect();
        let p = self.take_begin_impl("Indexer::take_begin_parts", dist, count, unit, ptrs, &bytes)?;
        // SAFETY: the slices were lent for 'scope and are handed back only after the
        // exchange completed; nothing else holds them.
        let back: GiveBack<'scope, Vec<&'scope mut [T]>> = Box::new(move |done: Result<()>| {
            done.map(|()| {
                slices
                    .into_iter()
                    .map(|(p, n)| unsafe { core::slice::from_raw_parts_mut(p, n) })
                    .collect()
            })
        });
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_begin` inside a [`scope`]: starts a [`put`](Indexer::put).
    /// The buffers, unit, monoid and indexer stay borrowed for the scope;
    /// [`Request::wait`] completes the exchange and hands `dist` back.
    pub fn put_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part: &'scope [T],
        count: i64,
        unit: &'scope Datatype,
        reduce: Option<&'scope Monoid>,
        dist: &'scope mut [T],
    ) -> Result<Request<'scope, &'scope mut [T]>> {
        let (p, back) = self.put_begin_one("Indexer::put_begin", vec![part], count, unit, reduce, dist, true)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_begin` with one buffer per part, inside a [`scope`].
    pub fn put_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: I,
        count: i64,
        unit: &'scope Datatype,
        reduce: Option<&'scope Monoid>,
        dist: &'scope mut [T],
    ) -> Result<Request<'scope, &'scope mut [T]>>
    where
        I: IntoIterator<Item = &'scope [T]>,
    {
        let parts: Vec<&[T]> = parts.into_iter().collect();
        let (p, back) = self.put_begin_one("Indexer::put_begin_parts", parts, count, unit, reduce, dist, false)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_begin` without a scope: the [`Request`] borrows the buffers,
    /// and waiting it (or dropping it, which waits) completes the exchange.
    ///
    /// # Safety
    /// The request must be waited or dropped: leaking it (`mem::forget`, a reference
    /// cycle) ends the borrows while weft may still write `part`.
    /// [`take_begin`](Indexer::take_begin) in a [`scope`] is the safe form.
    pub unsafe fn take_begin_unscoped<'a, T: Pod>(
        &'a self,
        dist: &'a [T],
        count: i64,
        unit: &'a Datatype,
        part: &'a mut [T],
    ) -> Result<Request<'a, &'a mut [T]>> {
        let (p, back) = self.take_begin_one("Indexer::take_begin_unscoped", dist, count, unit, part)?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_put_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped).
    pub unsafe fn put_begin_unscoped<'a, T: Pod>(
        &'a self,
        part: &'a [T],
        count: i64,
        unit: &'a Datatype,
        reduce: Option<&'a Monoid>,
        dist: &'a mut [T],
    ) -> Result<Request<'a, &'a mut [T]>> {
        let (p, back) = self.put_begin_one(
            "Indexer::put_begin_unscoped",
            vec![part],
            count,
            unit,
            reduce,
            dist,
            true,
        )?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_take_v_alloc_begin` inside a [`scope`]: starts a
    /// [`take_v`](Indexer::take_v) and returns at once. [`Request::wait`] completes the
    /// exchange and returns `(counts, values)` of the requested items, as `take_v` does
    /// (weft's allocations become vectors and are freed). The inputs, the unit and the
    /// indexer stay borrowed for the scope.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 0]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::int64();
    /// let (dc, dv) = (vec![1i64, 2], vec![5i64, 6, 7]); // owned items [5] and [6, 7]
    /// let (counts, values) = scope(|s| -> weft::Result<_> {
    ///     let r = gi.take_v_begin(s, &dc, &dv, &unit)?;
    ///     // ... other work ...
    ///     r.wait()
    /// })?;
    /// assert_eq!((counts, values), (vec![2, 1], vec![6, 7, 5]));
    /// # Ok(()) }
    /// ```
    pub fn take_v_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
    ) -> Result<Request<'scope, (Vec<i64>, Vec<T>)>> {
        let (p, back) = self.take_v_begin_one("Indexer::take_v_begin", dist_counts, dist_values, unit)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_v_alloc_begin` with several parts, inside a [`scope`]:
    /// [`Request::wait`] returns `(counts, values)` per part, as
    /// [`take_v_parts`](Indexer::take_v_parts) does.
    #[allow(clippy::type_complexity)]
    pub fn take_v_begin_parts<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
    ) -> Result<Request<'scope, Vec<(Vec<i64>, Vec<T>)>>> {
        let (p, back) = self.take_v_begin_impl("Indexer::take_v_begin_parts", dist_counts, dist_values, unit)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_v_begin` inside a [`scope`]: starts a
    /// [`take_v_into`](Indexer::take_v_into). `part_counts` (one entry per index) and
    /// `part_values` are lent to the request; [`Request::wait`] completes the exchange and
    /// hands them back, filled, with the number of units received. A rank whose
    /// `part_values` is too small gets `WEFT_INSUFFICIENT_SPACE` from `wait` (its counts
    /// are written, its values are not; the buffers are usable again once the scope
    /// ends).
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 0]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::int64();
    /// let (dc, dv) = (vec![1i64, 2], vec![5i64, 6, 7]);
    /// let (mut counts, mut values) = (vec![0i64; 2], vec![0i64; 8]);
    /// scope(|s| -> weft::Result<()> {
    ///     let r = gi.take_v_into_begin(s, &dc, &dv, &unit, &mut counts, &mut values)?;
    ///     let (_counts, _values, n) = r.wait()?;
    ///     assert_eq!(n, 3);
    ///     Ok(())
    /// })?;
    /// assert_eq!((&counts[..], &values[..3]), (&[2, 1][..], &[6, 7, 5][..]));
    /// # Ok(()) }
    /// ```
    ///
    /// The lent buffers cannot be read before the request hands them back:
    ///
    /// ```compile_fail
    /// use weft::mpi::{scope, Indexer};
    /// use weft::Datatype;
    /// # fn f(gi: &Indexer, dc: &[i64], dv: &[i64], unit: &Datatype) {
    /// let (mut counts, mut values) = (vec![0i64; 2], vec![0i64; 8]);
    /// scope(|s| {
    ///     let r = gi.take_v_into_begin(s, dc, dv, unit, &mut counts, &mut values).unwrap();
    ///     let early = counts[0]; // still lent to the request
    ///     r.wait().unwrap();
    ///     let _ = early;
    /// });
    /// # }
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn take_v_into_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
        part_counts: &'scope mut [i64],
        part_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>> {
        let (p, back) = self.take_v_into_begin_one(
            "Indexer::take_v_into_begin",
            dist_counts,
            dist_values,
            unit,
            part_counts,
            part_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_v_begin` with one `(counts, values)` pair of buffers per part,
    /// inside a [`scope`]; [`Request::wait`] hands them back with the units received per
    /// part.
    #[allow(clippy::type_complexity)]
    pub fn take_v_into_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        dist_counts: &'scope [i64],
        dist_values: &'scope [T],
        unit: &'scope Datatype,
        parts: I,
    ) -> Result<Request<'scope, Vec<(&'scope mut [i64], &'scope mut [T], usize)>>>
    where
        I: IntoIterator<Item = (&'scope mut [i64], &'scope mut [T])>,
    {
        let parts: Vec<(&'scope mut [i64], &'scope mut [T])> = parts.into_iter().collect();
        let (p, back) = self.take_v_into_begin_impl(
            "Indexer::take_v_into_begin_parts",
            dist_counts,
            dist_values,
            unit,
            parts,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_begin` inside a [`scope`]: starts a [`put_v`](Indexer::put_v).
    /// The inputs (and `init`), the unit and the indexer stay borrowed for the scope;
    /// [`Request::wait`] completes the exchange and returns the owned items
    /// `(counts, values)`, as `put_v` does.
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 1]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::float();
    /// let (counts, values) = (vec![1i64, 2], vec![0.5f32, 1.5, 2.5]);
    /// let (dc, dv) = scope(|s| -> weft::Result<_> {
    ///     let r = gi.put_v_begin(s, &counts, &values, &unit, true, None)?;
    ///     r.wait()
    /// })?;
    /// assert_eq!((dc, dv), (vec![0, 3], vec![0.5, 1.5, 2.5]));
    /// # Ok(()) }
    /// ```
    pub fn put_v_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part_counts: &'scope [i64],
        part_values: &'scope [T],
        unit: &'scope Datatype,
        extend: bool,
        init: Option<(&'scope [i64], &'scope [T])>,
    ) -> Result<Request<'scope, (Vec<i64>, Vec<T>)>> {
        let (p, back) = self.put_v_begin_one("Indexer::put_v_begin", part_counts, part_values, unit, extend, init)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_begin` with one `(counts, values)` pair per part, inside a
    /// [`scope`].
    pub fn put_v_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: I,
        unit: &'scope Datatype,
        extend: bool,
        init: Option<(&'scope [i64], &'scope [T])>,
    ) -> Result<Request<'scope, (Vec<i64>, Vec<T>)>>
    where
        I: IntoIterator<Item = (&'scope [i64], &'scope [T])>,
    {
        let parts: Vec<(&'scope [i64], &'scope [T])> = parts.into_iter().collect();
        let (p, back) = self.put_v_begin_impl("Indexer::put_v_begin_parts", parts, unit, extend, init)?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_into_begin` inside a [`scope`]: starts a
    /// [`put_v_into`](Indexer::put_v_into). `dist_counts` and `dist_values` are lent to
    /// the request; [`Request::wait`] completes the exchange and hands them back with
    /// the number of units written. A rank whose `dist_values` is too small gets
    /// `WEFT_INSUFFICIENT_SPACE` from `wait`, with [`Error::needed`] set (its buffers are
    /// not written).
    ///
    /// ```no_run
    /// use weft::mpi::{comm_world_f, scope, Indexer};
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// # let (distrib, idx) = (vec![0i64, 2], vec![1i64, 1]);
    /// let gi = Indexer::new(&distrib, &idx, comm_world_f())?;
    /// let unit = Datatype::int32();
    /// let (counts, values) = (vec![1i64, 2], vec![7i32, 8, 9]);
    /// let (mut dc, mut dv) = (vec![0i64; 2], vec![0i32; 4]);
    /// scope(|s| -> weft::Result<()> {
    ///     let r = gi.put_v_into_begin(s, &counts, &values, &unit, false, None, &mut dc, &mut dv)?;
    ///     let (_dc, _dv, n) = r.wait()?;
    ///     assert_eq!(n, 2); // the last writer wins: [8, 9]
    ///     Ok(())
    /// })?;
    /// assert_eq!((&dc[..], &dv[..2]), (&[0, 2][..], &[8, 9][..]));
    /// # Ok(()) }
    /// ```
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub fn put_v_into_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part_counts: &'scope [i64],
        part_values: &'scope [T],
        unit: &'scope Datatype,
        extend: bool,
        init: Option<(&'scope [i64], &'scope [T])>,
        dist_counts: &'scope mut [i64],
        dist_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>> {
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        let (p, back) = self.put_v_into_begin_one(
            "Indexer::put_v_into_begin",
            part_counts,
            part_values,
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_into_begin` with one `(counts, values)` pair per part, inside
    /// a [`scope`].
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub fn put_v_into_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: I,
        unit: &'scope Datatype,
        extend: bool,
        init: Option<(&'scope [i64], &'scope [T])>,
        dist_counts: &'scope mut [i64],
        dist_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>>
    where
        I: IntoIterator<Item = (&'scope [i64], &'scope [T])>,
    {
        let parts: Vec<(&'scope [i64], &'scope [T])> = parts.into_iter().collect();
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        let (p, back) = self.put_v_into_begin_impl(
            "Indexer::put_v_into_begin_parts",
            parts,
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_put_v_into_begin` in place, inside a [`scope`]: starts a
    /// [`put_v_in_place`](Indexer::put_v_in_place) (the owned items in `dist_counts` /
    /// `dist_values` are the initial items and receive the result). [`Request::wait`]
    /// hands the buffers back with the number of units they now hold.
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    pub fn put_v_in_place_begin<'scope, 'env, T: Pod>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        part_counts: &'scope [i64],
        part_values: &'scope [T],
        unit: &'scope Datatype,
        extend: bool,
        dist_counts: &'scope mut [i64],
        dist_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>> {
        let (p, back) = self.put_v_into_begin_one(
            "Indexer::put_v_in_place_begin",
            part_counts,
            part_values,
            unit,
            extend,
            VInit::InPlace,
            dist_counts,
            dist_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// [`put_v_in_place_begin`](Indexer::put_v_in_place_begin) with one
    /// `(counts, values)` pair per part.
    #[allow(clippy::type_complexity)]
    pub fn put_v_in_place_begin_parts<'scope, 'env, T: Pod, I>(
        &'scope self,
        scope: &'scope Scope<'scope, 'env>,
        parts: I,
        unit: &'scope Datatype,
        extend: bool,
        dist_counts: &'scope mut [i64],
        dist_values: &'scope mut [T],
    ) -> Result<Request<'scope, (&'scope mut [i64], &'scope mut [T], usize)>>
    where
        I: IntoIterator<Item = (&'scope [i64], &'scope [T])>,
    {
        let parts: Vec<(&'scope [i64], &'scope [T])> = parts.into_iter().collect();
        let (p, back) = self.put_v_into_begin_impl(
            "Indexer::put_v_in_place_begin_parts",
            parts,
            unit,
            extend,
            VInit::InPlace,
            dist_counts,
            dist_values,
        )?;
        Ok(scope.register(p, back))
    }

    /// `weft_indexer_take_v_alloc_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped (leaking it ends the borrows while weft may still read the
    /// inputs).
    pub unsafe fn take_v_begin_unscoped<'a, T: Pod>(
        &'a self,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
    ) -> Result<Request<'a, (Vec<i64>, Vec<T>)>> {
        let (p, back) = self.take_v_begin_one("Indexer::take_v_begin_unscoped", dist_counts, dist_values, unit)?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_take_v_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped, else weft may write `part_counts` / `part_values` after their
    /// borrows ended.
    #[allow(clippy::type_complexity)]
    pub unsafe fn take_v_into_begin_unscoped<'a, T: Pod>(
        &'a self,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
        part_counts: &'a mut [i64],
        part_values: &'a mut [T],
    ) -> Result<Request<'a, (&'a mut [i64], &'a mut [T], usize)>> {
        let (p, back) = self.take_v_into_begin_one(
            "Indexer::take_v_into_begin_unscoped",
            dist_counts,
            dist_values,
            unit,
            part_counts,
            part_values,
        )?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_put_v_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped (weft reads `init` until it completes).
    pub unsafe fn put_v_begin_unscoped<'a, T: Pod>(
        &'a self,
        part_counts: &'a [i64],
        part_values: &'a [T],
        unit: &'a Datatype,
        extend: bool,
        init: Option<(&'a [i64], &'a [T])>,
    ) -> Result<Request<'a, (Vec<i64>, Vec<T>)>> {
        let (p, back) = self.put_v_begin_one(
            "Indexer::put_v_begin_unscoped",
            part_counts,
            part_values,
            unit,
            extend,
            init,
        )?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// `weft_indexer_put_v_into_begin` without a scope.
    ///
    /// # Safety
    /// As [`take_begin_unscoped`](Indexer::take_begin_unscoped): the request must be
    /// waited or dropped, else weft may write `dist_counts` / `dist_values` after their
    /// borrows ended.
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub unsafe fn put_v_into_begin_unscoped<'a, T: Pod>(
        &'a self,
        part_counts: &'a [i64],
        part_values: &'a [T],
        unit: &'a Datatype,
        extend: bool,
        init: Option<(&'a [i64], &'a [T])>,
        dist_counts: &'a mut [i64],
        dist_values: &'a mut [T],
    ) -> Result<Request<'a, (&'a mut [i64], &'a mut [T], usize)>> {
        let init = init.map_or(VInit::None, |(c, v)| VInit::Given(c, v));
        let (p, back) = self.put_v_into_begin_one(
            "Indexer::put_v_into_begin_unscoped",
            part_counts,
            part_values,
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )?;
        Ok(Request::new(State::Owned(p), back))
    }

    /// A single-part take_begin: the pending exchange and how to hand `part` back.
    fn take_begin_one<'a, T: Pod>(
        &self,
        func: &str,
        dist: &'a [T],
        count: i64,
        unit: &'a Datatype,
        part: &'a mut [T],
    ) -> Result<(Pending, GiveBack<'a, &'a mut [T]>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::TakeBegin));
        }
        let bytes = [core::mem::size_of_val(part)];
        let (ptr_t, n) = (part.as_mut_ptr(), part.len());
        let p = self.take_begin_impl(func, dist, count, unit, vec![ptr_t as *mut c_void], &bytes)?;
        // SAFETY: `part` was lent for 'a and is handed back only after the exchange
        // completed; nothing else holds it.
        let back: GiveBack<'a, &'a mut [T]> =
            Box::new(move |done: Result<()>| done.map(|()| unsafe { core::slice::from_raw_parts_mut(ptr_t, n) }));
        Ok((p, back))
    }

    /// A put_begin (single part when `one`): the pending exchange and how to hand `dist`
    /// back.
    #[allow(clippy::too_many_arguments)]
    fn put_begin_one<'a, T: Pod>(
        &self,
        func: &str,
        parts: Vec<&'a [T]>,
        count: i64,
        unit: &'a Datatype,
        reduce: Option<&'a Monoid>,
        dist: &'a mut [T],
        one: bool,
    ) -> Result<(Pending, GiveBack<'a, &'a mut [T]>)> {
        if one {
            if let Err(e) = self.one_part(func) {
                return Err(self.abstain(e, Call::Put(PutMode::Begin)));
            }
        }
        let (ptr_t, n) = (dist.as_mut_ptr(), dist.len());
        let p = self.put_begin_impl(func, parts, count, unit, reduce, dist)?;
        // SAFETY: as in take_begin_one.
        let back: GiveBack<'a, &'a mut [T]> =
            Box::new(move |done: Result<()>| done.map(|()| unsafe { core::slice::from_raw_parts_mut(ptr_t, n) }));
        Ok((p, back))
    }

    // ---- Split phase, variable items: the pending exchange and how to hand back --------

    /// A single-part take_v_alloc_begin.
    #[allow(clippy::type_complexity)]
    fn take_v_begin_one<'a, T: Pod>(
        &'a self,
        func: &'static str,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
    ) -> Result<(Pending, GiveBack<'a, (Vec<i64>, Vec<T>)>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::V(VMode::TakeAllocBegin)));
        }
        let (p, back) = self.take_v_begin_impl(func, dist_counts, dist_values, unit)?;
        Ok((p, map_back(back, |mut v| v.pop().expect("one part"))))
    }

    #[allow(clippy::type_complexity)]
    fn take_v_begin_impl<'a, T: Pod>(
        &'a self,
        func: &'static str,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
    ) -> Result<(Pending, GiveBack<'a, Vec<(Vec<i64>, Vec<T>)>>)> {
        let local = self
            .check_dist_v(func, unit, dist_counts, dist_values)
            .and_then(|_| vec_layout::<T>(func, unit));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::V(VMode::TakeAllocBegin)));
        }
        let sizes = self.part_sizes.clone();
        let mut out = AllocOut::new(sizes.len());
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: dist_counts holds dn entries and dist_values their units (proved);
        // weft stores one allocation per part into out's arrays at the wait, and `out`
        // (moved into the give-back, its heap arrays do not move) outlives the request:
        // a request is completed before its give-back is dropped, and a leaked one
        // leaks it.
        check(unsafe {
            sys::weft_indexer_take_v_alloc_begin(
                self.raw,
                dist_counts.as_ptr(),
                dist_values.as_ptr() as *const c_void,
                unit.as_raw(),
                out.counts.as_mut_ptr(),
                out.values.as_mut_ptr(),
                &mut req,
            )
        })?;
        let back: GiveBack<'a, Vec<(Vec<i64>, Vec<T>)>> = Box::new(move |done: Result<()>| {
            done?;
            // SAFETY: the exchange completed: weft filled every part.
            (0..sizes.len())
                .map(|k| unsafe { out.collect(func, "the received counts", unit, k, sizes[k]) })
                .collect()
        });
        Ok((
            Pending {
                raw: req,
                _arrays: Arrays::default(),
            },
            back,
        ))
    }

    /// A single-part take_v_begin into caller buffers.
    #[allow(clippy::type_complexity)]
    fn take_v_into_begin_one<'a, T: Pod>(
        &'a self,
        func: &'static str,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
        part_counts: &'a mut [i64],
        part_values: &'a mut [T],
    ) -> Result<(Pending, GiveBack<'a, (&'a mut [i64], &'a mut [T], usize)>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::V(VMode::TakeBegin)));
        }
        let (p, back) =
            self.take_v_into_begin_impl(func, dist_counts, dist_values, unit, vec![(part_counts, part_values)])?;
        Ok((p, map_back(back, |mut v| v.pop().expect("one part"))))
    }

    #[allow(clippy::type_complexity)]
    fn take_v_into_begin_impl<'a, T: Pod>(
        &'a self,
        func: &'static str,
        dist_counts: &'a [i64],
        dist_values: &'a [T],
        unit: &'a Datatype,
        parts: Vec<(&'a mut [i64], &'a mut [T])>,
    ) -> Result<(Pending, GiveBack<'a, Vec<(&'a mut [i64], &'a mut [T], usize)>>)> {
        let lens: Vec<usize> = parts.iter().map(|(c, _)| c.len()).collect();
        if let Err(e) = self.check_take_v_into(func, unit, dist_counts, dist_values, &lens, parts.len()) {
            return Err(self.abstain(e, Call::V(VMode::TakeBegin)));
        }
        let mut arrays = Arrays::default();
        let mut slices: Vec<(*mut i64, usize, *mut T, usize)> = Vec::with_capacity(parts.len());
        for (c, v) in parts {
            arrays.caps.push(capacity(unit, core::mem::size_of_val(v)));
            arrays.counts.push(c.as_mut_ptr());
            arrays.ptrs.push(v.as_mut_ptr() as *mut c_void);
            slices.push((c.as_mut_ptr(), c.len(), v.as_mut_ptr(), v.len()));
        }
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: dist side proved; part k's counts slice has part_size[k] entries and its
        // values slice holds caps[k] units (capacity proves it); weft writes no more.
        // The slices stay lent to the request for 'a, and the arrays move into the
        // Pending (heap buffers, so their addresses are stable) until it completes.
        check(unsafe {
            sys::weft_indexer_take_v_begin(
                self.raw,
                dist_counts.as_ptr(),
                dist_values.as_ptr() as *const c_void,
                unit.as_raw(),
                arrays.counts.as_ptr(),
                arrays.ptrs.as_ptr(),
                arrays.caps.as_ptr(),
                &mut req,
            )
        })?;
        // SAFETY: the slices were lent for 'a and are handed back only after the exchange
        // completed; nothing else holds them.
        let back: GiveBack<'a, Vec<(&'a mut [i64], &'a mut [T], usize)>> = Box::new(move |done: Result<()>| {
            done.map(|()| {
                slices
                    .into_iter()
                    .map(|(c, nc, v, nv)| {
                        let c = unsafe { core::slice::from_raw_parts_mut(c, nc) };
                        let n = units_of(c);
                        (c, unsafe { core::slice::from_raw_parts_mut(v, nv) }, n)
                    })
                    .collect()
            })
        });
        Ok((
            Pending {
                raw: req,
                _arrays: arrays,
            },
            back,
        ))
    }

    /// A single-part put_v_begin.
    #[allow(clippy::type_complexity)]
    fn put_v_begin_one<'a, T: Pod>(
        &'a self,
        func: &'static str,
        part_counts: &'a [i64],
        part_values: &'a [T],
        unit: &'a Datatype,
        extend: bool,
        init: Option<(&'a [i64], &'a [T])>,
    ) -> Result<(Pending, GiveBack<'a, (Vec<i64>, Vec<T>)>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::V(VMode::PutBegin)));
        }
        self.put_v_begin_impl(func, vec![(part_counts, part_values)], unit, extend, init)
    }

    #[allow(clippy::type_complexity)]
    fn put_v_begin_impl<'a, T: Pod>(
        &'a self,
        func: &'static str,
        parts: Vec<(&'a [i64], &'a [T])>,
        unit: &'a Datatype,
        extend: bool,
        init: Option<(&'a [i64], &'a [T])>,
    ) -> Result<(Pending, GiveBack<'a, (Vec<i64>, Vec<T>)>)> {
        let local = vec_layout::<T>(func, unit).and_then(|_| self.check_put_v(func, unit, &parts, init));
        if let Err(e) = local {
            return Err(self.abstain(e, Call::V(VMode::PutBegin)));
        }
        let (ccounts, cptrs) = part_v_ptrs(&parts);
        let (ic, iv) = init_ptrs(init);
        let mut out = AllocOut::new(1);
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: every counts array has its part's (or dn) entries and every values
        // array their units (proved), all borrowed for 'a; weft stores its allocations
        // into out's arrays at the wait, and `out` outlives the request (as in
        // take_v_begin_impl).
        check(unsafe {
            sys::weft_indexer_put_v_begin(
                self.raw,
                ccounts.as_ptr(),
                cptrs.as_ptr(),
                unit.as_raw(),
                extend,
                ic,
                iv,
                out.counts.as_mut_ptr(),
                out.values.as_mut_ptr(),
                &mut req,
            )
        })?;
        let dn = self.dist_size;
        let back: GiveBack<'a, (Vec<i64>, Vec<T>)> = Box::new(move |done: Result<()>| {
            done?;
            // SAFETY: the exchange completed: dn counts and their units.
            unsafe { out.collect(func, "the owned counts", unit, 0, dn) }
        });
        Ok((
            Pending {
                raw: req,
                _arrays: Arrays {
                    cptrs,
                    ccounts,
                    ..Arrays::default()
                },
            },
            back,
        ))
    }

    /// A single-part put_v_into_begin (given initial items or in place).
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn put_v_into_begin_one<'a, T: Pod>(
        &'a self,
        func: &'static str,
        part_counts: &'a [i64],
        part_values: &'a [T],
        unit: &'a Datatype,
        extend: bool,
        init: VInit<'a, T>,
        dist_counts: &'a mut [i64],
        dist_values: &'a mut [T],
    ) -> Result<(Pending, GiveBack<'a, (&'a mut [i64], &'a mut [T], usize)>)> {
        if let Err(e) = self.one_part(func) {
            return Err(self.abstain(e, Call::V(VMode::PutIntoBegin)));
        }
        self.put_v_into_begin_impl(
            func,
            vec![(part_counts, part_values)],
            unit,
            extend,
            init,
            dist_counts,
            dist_values,
        )
    }

    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn put_v_into_begin_impl<'a, T: Pod>(
        &'a self,
        func: &'static str,
        parts: Vec<(&'a [i64], &'a [T])>,
        unit: &'a Datatype,
        extend: bool,
        init: VInit<'a, T>,
        dist_counts: &'a mut [i64],
        dist_values: &'a mut [T],
    ) -> Result<(Pending, GiveBack<'a, (&'a mut [i64], &'a mut [T], usize)>)> {
        let (nc, nv) = (dist_counts.len(), dist_values.len());
        let (arrays, ic, iv, dc, dv, cap) =
            self.put_v_into_args(func, VMode::PutIntoBegin, &parts, unit, init, dist_counts, dist_values)?;
        let needed = NeededSlot::new();
        let mut req: sys::weft_request = ptr::null_mut();
        // SAFETY: as in put_v_into_impl; the inputs, `init` and the output slices stay
        // borrowed for 'a, the arrays move into the Pending, and `needed` (moved into
        // the give-back) outlives the request.
        check(unsafe {
            sys::weft_indexer_put_v_into_begin(
                self.raw,
                arrays.ccounts.as_ptr(),
                arrays.cptrs.as_ptr(),
                unit.as_raw(),
                extend,
                ic,
                iv,
                dc,
                dv,
                cap,
                needed.0,
                &mut req,
            )
        })?;
        let dv = dv as *mut T;
        // SAFETY: as in take_v_into_begin_impl.
        let back: GiveBack<'a, (&'a mut [i64], &'a mut [T], usize)> = Box::new(move |done: Result<()>| {
            let counts = unsafe { core::slice::from_raw_parts_mut(dc, nc) };
            let n = needed_result(done, needed.get(), counts)?;
            Ok((counts, unsafe { core::slice::from_raw_parts_mut(dv, nv) }, n))
        });
        Ok((
            Pending {
                raw: req,
                _arrays: arrays,
            },
            back,
        ))
    }
}

/// Given the status of the completed exchange, rebuilds the borrows a request lent out
/// (and collects weft's allocations); on an error it hands nothing back.
type GiveBack<'a, B> = Box<dyn FnOnce(Result<()>) -> Result<B> + 'a>;

/// A give-back whose result goes through `f`.
fn map_back<'a, B: 'a, C>(back: GiveBack<'a, B>, f: impl FnOnce(B) -> C + 'a) -> GiveBack<'a, C> {
    Box::new(move |done: Result<()>| back(done).map(f))
}

#[derive(Clone, Copy)]
enum PutMode {
    Blocking,
    Alloc,
    Begin,
}

/// The exchange a rank abstains from (`Indexer::abstain`).
#[derive(Clone, Copy)]
enum Call {
    Take,
    TakeBegin,
    Put(PutMode),
    V(VMode),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum VMode {
    Take,
    TakeBegin,
    TakeAlloc,
    TakeAllocBegin,
    Put,
    PutBegin,
    PutInto,
    PutIntoBegin,
}

/// Where a put_v into caller buffers finds its initial items.
enum VInit<'a, T> {
    /// No initial items (every count 0).
    None,
    /// `dn` counts and their units.
    Given(&'a [i64], &'a [T]),
    /// The output buffers themselves (`init_counts == dist_counts`, `init_values ==
    /// dist_values`: weft assembles the result before writing it).
    InPlace,
}

/// Variable items are laid out at stride extent: a unit with data needs extent > 0.
fn positive_extent(func: &str, unit: &Datatype) -> Result<()> {
    if unit.extent() <= 0 && unit.size() > 0 {
        return Err(Error::new(
            Status::InvalidValue,
            format!("{func}: variable items need a unit of positive extent"),
        ));
    }
    Ok(())
}

/// The C arrays of a put_v's parts: one counts and one values pointer per part.
fn part_v_ptrs<T>(parts: &[(&[i64], &[T])]) -> (Vec<*const i64>, Vec<*const c_void>) {
    (
        parts.iter().map(|(c, _)| c.as_ptr()).collect(),
        parts.iter().map(|(_, v)| v.as_ptr() as *const c_void).collect(),
    )
}

/// `init_counts` / `init_values` (both NULL without initial items).
fn init_ptrs<T>(init: Option<(&[i64], &[T])>) -> (*const i64, *const c_void) {
    match init {
        Some((c, v)) => (c.as_ptr(), v.as_ptr() as *const c_void),
        None => (ptr::null(), ptr::null()),
    }
}

/// The largest number of units of `unit` whose typemap stays inside `len` bytes
/// (units at stride extent > 0).
fn capacity(unit: &Datatype, len: usize) -> i64 {
    let ext = unit.extent() as i128;
    let (tlb, tex) = unit.true_extent();
    if unit.size() == 0 {
        return if ext > 0 {
            (len as i128 / ext).min(i64::MAX as i128) as i64
        } else {
            0
        };
    }
    let (lo, hi) = (tlb as i128, tlb as i128 + tex as i128);
    if ext <= 0 || lo < 0 || hi > len as i128 {
        return 0;
    }
    ((len as i128 - hi) / ext + 1).min(i64::MAX as i128) as i64
}

// ---- Requests and scopes ---------------------------------------------------------------------

/// The heap arrays a started exchange was given (part pointers, counts pointers,
/// capacities), kept until it completes: weft may read them until then. Moving the
/// vectors does not move their heap buffers.
#[derive(Default)]
struct Arrays {
    ptrs: PartPtrs,
    cptrs: Vec<*const c_void>,
    counts: Vec<*mut i64>,
    ccounts: Vec<*const i64>,
    caps: Vec<i64>,
}

/// A started exchange: the C request and the heap arrays it was given.
struct Pending {
    raw: sys::weft_request,
    _arrays: Arrays,
}

impl Pending {
    fn wait(mut self) -> Result<()> {
        // SAFETY: a live request, completed once (weft sets the handle to NULL).
        check(unsafe { sys::weft_request_wait(&mut self.raw) })
    }
}

enum State<'a> {
    /// From an `_unscoped` begin.
    Owned(Pending),
    /// Slot `usize` of a scope's list.
    Scoped(&'a RefCell<Vec<Option<Pending>>>, usize),
    Done,
}

impl State<'_> {
    fn finish(&mut self) -> Result<()> {
        match core::mem::replace(self, State::Done) {
            State::Owned(p) => p.wait(),
            State::Scoped(slots, i) => {
                let p = slots.borrow_mut()[i].take();
                match p {
                    Some(p) => p.wait(),
                    None => Ok(()),
                }
            }
            State::Done => Ok(()),
        }
    }
}

/// A pending split-phase exchange (`weft_request`), holding the output buffer(s) it was
/// lent. [`wait`](Request::wait) completes it and returns `B`: the buffers handed back
/// (for variable items with the number of units received or written), or, for the
/// allocating forms, the new vectors. Dropping an unwaited request waits too (its
/// status is lost, and so are the vectors of an allocating form, which are freed).
#[must_use = "a request completes when waited or dropped; wait() returns its status and the output buffer"]
pub struct Request<'a, B> {
    state: State<'a>,
    give_back: Option<GiveBack<'a, B>>,
    _borrows: PhantomData<&'a mut ()>,
}

impl<'a, B> Request<'a, B> {
    fn new(state: State<'a>, give_back: GiveBack<'a, B>) -> Request<'a, B> {
        Request {
            state,
            give_back: Some(give_back),
            _borrows: PhantomData,
        }
    }

    /// `weft_request_wait`: completes the exchange (writes the outputs) and returns the
    /// output buffer(s) or vectors — or the error the blocking call would have returned
    /// (with [`Error::needed`] for a `put_v_into` form short of room).
    pub fn wait(mut self) -> Result<B> {
        let status = self.state.finish();
        let back = self.give_back.take().expect("a request is waited once");
        back(status)
    }
}

impl<B> Drop for Request<'_, B> {
    fn drop(&mut self) {
        let _ = self.state.finish();
    }
}

impl<B> fmt::Debug for Request<'_, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pending = !matches!(self.state, State::Done);
        f.debug_struct("Request").field("pending", &pending).finish()
    }
}

/// A scope for split-phase exchanges ([`scope`]): every request started in it
/// completes before the scope ends, even if its [`Request`] was leaked.
pub struct Scope<'scope, 'env: 'scope> {
    pending: RefCell<Vec<Option<Pending>>>,
    scope: PhantomData<&'scope mut &'scope ()>,
    env: PhantomData<&'env mut &'env ()>,
}

impl<'scope, 'env> Scope<'scope, 'env> {
    fn register<B>(&'scope self, p: Pending, back: GiveBack<'scope, B>) -> Request<'scope, B> {
        let mut v = self.pending.borrow_mut();
        v.push(Some(p));
        Request::new(State::Scoped(&self.pending, v.len() - 1), back)
    }

    /// Completes every request still pending, in the order they were started.
    fn wait_all(&self) {
        let mut i = 0;
        loop {
            let p = {
                let mut v = self.pending.borrow_mut();
                if i >= v.len() {
                    break;
                }
                v[i].take()
            };
            if let Some(p) = p {
                let _ = p.wait();
            }
            i += 1;
        }
    }
}

impl fmt::Debug for Scope<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scope")
    }
}

/// Runs `f` with a [`Scope`] in which split-phase exchanges
/// ([`Indexer::take_begin`], [`Indexer::put_begin`], [`Indexer::take_v_begin`],
/// [`Indexer::take_v_into_begin`], [`Indexer::put_v_begin`],
/// [`Indexer::put_v_into_begin`], [`Indexer::put_v_in_place_begin`] and their `_parts`
/// forms) may be started, then completes
/// every request still pending (in the order they were started; their statuses are
/// lost — [`Request::wait`] them to see them). The buffers lent to a request must
/// outlive the scope, so they cannot be freed or touched while an exchange may still
/// write them, even if a `Request` is leaked. If `f` panics, the pending requests are
/// completed before the panic continues.
pub fn scope<'env, F, R>(f: F) -> R
where
    F: for<'scope> FnOnce(&'scope Scope<'scope, 'env>) -> R,
{
    let s = Scope {
        pending: RefCell::new(Vec::new()),
        scope: PhantomData,
        env: PhantomData,
    };
    let r = catch_unwind(AssertUnwindSafe(|| f(&s)));
    s.wait_all();
    match r {
        Ok(v) => v,
        Err(p) => resume_unwind(p),
    }
}
