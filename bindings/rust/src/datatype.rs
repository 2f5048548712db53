//! [`Datatype`]: an owned weft datatype handle, its constructors, commit and queries.
use core::ffi::c_void;
use core::fmt;
use core::ptr;
use std::os::raw::c_int;
use std::sync::{Mutex, MutexGuard};

use crate::error::{check, Error, Result, Status};
use crate::predefined::Predefined;
use crate::sys;

// ---- Thread safety -------------------------------------------------------------------
//
// weft's C contract: calls on distinct objects may run concurrently; committed and
// predefined types are immutable and shareable. The one mutation after construction is
// weft_type_commit, which stores the compiled program in the object. It races with any
// call that reads that program on the same object: another commit, pack/unpack (and
// partial forms), copy, iov, is_contiguous and dup.
//
// A Rust `Datatype` is not the only way to reach a C object: `contents()` returns new
// handles to a type's inputs, so two `Datatype`s (even in two threads) may name the same
// object. `&mut self` on commit therefore is not enough. The rule used here:
//   - every commit runs under PROGRAM_LOCK;
//   - every call that reads the program through a `Datatype` not known to be committed
//     also runs under PROGRAM_LOCK;
//   - a `Datatype` known to be committed (its `committed` flag) is read without a lock:
//     a committed object is never written again.
// `committed` is exact when a Datatype is made (new types: false; predefined: true; dups
// and contents: probed under the lock) and is set by commit(&mut self), so the flag of a
// shared `&Datatype` never changes. That makes `Datatype: Send + Sync` sound.
static PROGRAM_LOCK: Mutex<()> = Mutex::new(());

pub(crate) fn program_lock() -> MutexGuard<'static, ()> {
    // A panic cannot happen while the lock is held (only C calls run under it); recover
    // from poisoning anyway.
    PROGRAM_LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// The lock when one of the types is not known to be committed, else none.
pub(crate) fn program_guard(types: &[&Datatype]) -> Option<MutexGuard<'static, ()>> {
    if types.iter().all(|t| t.committed) {
        None
    } else {
        Some(program_lock())
    }
}

/// Whether the C object is committed. Must run under PROGRAM_LOCK (reads the program
/// pointer that commit writes). weft_type_iov with count 0 fails exactly when the type
/// is not committed.
fn probe_committed(raw: sys::weft_type) -> bool {
    let mut n = 0i64;
    // SAFETY: raw is a live handle; capacity 0 writes only n.
    unsafe { sys::weft_type_iov(raw, 0, 0, 0, ptr::null_mut(), ptr::null_mut(), &mut n) == sys::WEFT_SUCCESS }
}

/// How a datatype was built (`enum weft_combiner`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combiner {
    /// A predefined type.
    Named,
    /// [`Datatype::dup`]
    Dup,
    /// [`Datatype::contiguous`]
    Contiguous,
    /// [`Datatype::vector`]
    Vector,
    /// [`Datatype::hvector`]
    Hvector,
    /// [`Datatype::indexed`]
    Indexed,
    /// [`Datatype::hindexed`]
    Hindexed,
    /// [`Datatype::indexed_block`]
    IndexedBlock,
    /// [`Datatype::hindexed_block`]
    HindexedBlock,
    /// [`Datatype::structure`]
    Struct,
    /// [`Datatype::subarray`]
    Subarray,
    /// [`Datatype::resized`]
    Resized,
    /// [`Datatype::struct_aligned`]
    StructAligned,
}

impl Combiner {
    /// The combiner of a C value, `None` if weft.h does not list it.
    pub fn from_raw(v: c_int) -> Option<Combiner> {
        Some(match v {
            sys::WEFT_COMBINER_NAMED => Combiner::Named,
            sys::WEFT_COMBINER_DUP => Combiner::Dup,
            sys::WEFT_COMBINER_CONTIGUOUS => Combiner::Contiguous,
            sys::WEFT_COMBINER_VECTOR => Combiner::Vector,
            sys::WEFT_COMBINER_HVECTOR => Combiner::Hvector,
            sys::WEFT_COMBINER_INDEXED => Combiner::Indexed,
            sys::WEFT_COMBINER_HINDEXED => Combiner::Hindexed,
            sys::WEFT_COMBINER_INDEXED_BLOCK => Combiner::IndexedBlock,
            sys::WEFT_COMBINER_HINDEXED_BLOCK => Combiner::HindexedBlock,
            sys::WEFT_COMBINER_STRUCT => Combiner::Struct,
            sys::WEFT_COMBINER_SUBARRAY => Combiner::Subarray,
            sys::WEFT_COMBINER_RESIZED => Combiner::Resized,
            sys::WEFT_COMBINER_STRUCT_ALIGNED => Combiner::StructAligned,
            _ => return None,
        })
    }

    /// The C value (`WEFT_COMBINER_VECTOR` is 3).
    pub fn raw(self) -> c_int {
        match self {
            Combiner::Named => sys::WEFT_COMBINER_NAMED,
            Combiner::Dup => sys::WEFT_COMBINER_DUP,
            Combiner::Contiguous => sys::WEFT_COMBINER_CONTIGUOUS,
            Combiner::Vector => sys::WEFT_COMBINER_VECTOR,
            Combiner::Hvector => sys::WEFT_COMBINER_HVECTOR,
            Combiner::Indexed => sys::WEFT_COMBINER_INDEXED,
            Combiner::Hindexed => sys::WEFT_COMBINER_HINDEXED,
            Combiner::IndexedBlock => sys::WEFT_COMBINER_INDEXED_BLOCK,
            Combiner::HindexedBlock => sys::WEFT_COMBINER_HINDEXED_BLOCK,
            Combiner::Struct => sys::WEFT_COMBINER_STRUCT,
            Combiner::Subarray => sys::WEFT_COMBINER_SUBARRAY,
            Combiner::Resized => sys::WEFT_COMBINER_RESIZED,
            Combiner::StructAligned => sys::WEFT_COMBINER_STRUCT_ALIGNED,
        }
    }
}

/// Subarray storage order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// `WEFT_ORDER_C`: the last dimension varies fastest.
    C,
    /// `WEFT_ORDER_FORTRAN`: the first dimension varies fastest.
    Fortran,
}

impl Order {
    fn raw(self) -> c_int {
        match self {
            Order::C => sys::WEFT_ORDER_C,
            Order::Fortran => sys::WEFT_ORDER_FORTRAN,
        }
    }
}

/// `weft_type_alignment`: NumPy's two alignments of a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Alignment {
    /// The largest true (C) alignment of the basic entries, 1 if none (for a
    /// struct_aligned type: the largest field alignment).
    pub true_align: i64,
    /// The largest uint alignment of the entries (1, 2, 4, 8 for element sizes 1, 2,
    /// 4, 8; 8 for size 16); 0 if some entry has none.
    pub uint_align: i64,
}

/// `weft_type_envelope`: how a type was built and how much `contents` returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Envelope {
    /// Number of integers in [`Contents::ints`].
    pub nints: i64,
    /// Number of addresses in [`Contents::addrs`].
    pub naddrs: i64,
    /// Number of types in [`Contents::types`].
    pub ntypes: i64,
    /// The constructor.
    pub combiner: Combiner,
}

/// `weft_type_contents`: the constructor's arguments, in the constructor's order
/// (counts first, then per-block integers; for subarray: ndims, sizes, subsizes,
/// starts, order). The input types are new handles (predefined ones non-owning).
#[derive(Debug)]
pub struct Contents {
    /// The constructor.
    pub combiner: Combiner,
    /// The integer arguments.
    pub ints: Vec<i64>,
    /// The byte displacements / strides.
    pub addrs: Vec<isize>,
    /// The input types.
    pub types: Vec<Datatype>,
}

/// A weft datatype: a typemap (MPI-1.1 §3.12 plus MPI-2 resized) with NumPy alignment.
///
/// A `Datatype` owns its handle and frees it on drop (`weft_type_free`); the predefined
/// types ([`Datatype::int`], [`Datatype::double`], …, [`Datatype::predefined`]) are
/// non-owning and never freed. A derived type keeps its inputs alive inside weft, so
/// inputs may be dropped right after the constructor returns.
///
/// Constructors return uncommitted types; [`commit`](Datatype::commit) (it takes
/// `&mut self`) compiles one, after which it is immutable and may be shared between
/// threads. Moving data ([`pack`](Datatype::pack), [`unpack`](Datatype::unpack),
/// [`copy`](crate::copy), …) needs a committed type.
///
/// ```
/// use weft::Datatype;
/// # fn main() -> weft::Result<()> {
/// // Every other double of an array, three of them.
/// let mut every_other = Datatype::vector(3, 1, 2, &Datatype::double())?;
/// every_other.commit()?;
/// assert_eq!(every_other.size(), 24);
/// assert_eq!(every_other.extent(), 40);
///
/// let a = [0.0f64, 1.0, 2.0, 3.0, 4.0, 5.0];
/// let packed = every_other.pack_to_vec(&a, 1)?;
/// let mut b = [0.0f64; 3];
/// Datatype::double().unpack(&packed, &mut 0, &mut b, 3)?;
/// assert_eq!(b, [0.0, 2.0, 4.0]);
/// # Ok(()) }
/// ```
pub struct Datatype {
    raw: sys::weft_type,
    owned: bool,
    committed: bool,
}

// SAFETY: see "Thread safety" above: every mutation of a C object after construction
// (commit) is serialised by PROGRAM_LOCK against every read of what it mutates, other
// queries read only immutable data, and weft's reference counts are atomic, so a handle
// may be dropped (freed) on any thread.
unsafe impl Send for Datatype {}
unsafe impl Sync for Datatype {}

impl Drop for Datatype {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: an owned, live, non-predefined handle; after this nothing uses it.
            // weft_type_free cannot fail for such a handle.
            unsafe {
                sys::weft_type_free(&mut self.raw);
            }
        }
    }
}

/// `Ok` when two argument slices have the same length, else `WEFT_DIMENSION_MISMATCH`.
fn same_len(func: &str, what_a: &str, a: usize, what_b: &str, b: usize) -> Result<()> {
    if a == b {
        return Ok(());
    }
    Err(Error::new(
        Status::DimensionMismatch,
        format!("{func}: {a} {what_a} but {b} {what_b}"),
    ))
}

fn len_i64(n: usize) -> i64 {
    // Slices never hold more than isize::MAX bytes.
    n as i64
}

impl Datatype {
    // ---- Handles -------------------------------------------------------------------

    /// A predefined type (non-owning, committed).
    pub fn predefined(p: Predefined) -> Datatype {
        Datatype {
            raw: p.handle(),
            owned: false,
            committed: true,
        }
    }

    /// The C handle. It stays owned by `self`.
    pub fn as_raw(&self) -> sys::weft_type {
        self.raw
    }

    /// Gives up ownership: returns the C handle, which the caller must free with
    /// `weft_type_free` (unless predefined).
    pub fn into_raw(self) -> sys::weft_type {
        let raw = self.raw;
        core::mem::forget(self);
        raw
    }

    /// Wraps a C handle. With `owned`, the `Datatype` frees it on drop; predefined
    /// handles are never freed.
    ///
    /// # Safety
    /// `raw` must be a live weft_type handle. With `owned`, the caller transfers its
    /// handle (one `weft_type_free` owed) to the `Datatype`; without, the handle must stay
    /// live as long as the `Datatype` is used.
    pub unsafe fn from_raw(raw: sys::weft_type, owned: bool) -> Datatype {
        if Predefined::from_handle(raw).is_some() {
            return Datatype {
                raw,
                owned: false,
                committed: true,
            };
        }
        let committed = {
            let _g = program_lock();
            probe_committed(raw)
        };
        Datatype { raw, owned, committed }
    }

    /// The predefined type this is, if it is one.
    pub fn as_predefined(&self) -> Option<Predefined> {
        Predefined::from_handle(self.raw)
    }

    /// The C name of a predefined type (`"WEFT_INT"`), `None` for a derived type.
    pub fn name(&self) -> Option<&'static str> {
        self.as_predefined().map(Predefined::name)
    }

    /// Whether the type is committed (predefined types always are).
    pub fn is_committed(&self) -> bool {
        self.committed
    }

    /// Whether the C object is committed now: the flag, else a probe under the lock (an
    /// alias may have been committed through another `Datatype`). Once true it stays true.
    #[cfg_attr(not(feature = "mpi"), allow(dead_code))]
    pub(crate) fn is_committed_now(&self) -> bool {
        if self.committed {
            return true;
        }
        let _g = program_lock();
        probe_committed(self.raw)
    }

    fn new_with(f: impl FnOnce(*mut sys::weft_type) -> c_int) -> Result<Datatype> {
        let mut h: sys::weft_type = ptr::null_mut();
        check(f(&mut h))?;
        Ok(Datatype {
            raw: h,
            owned: true,
            committed: false,
        })
    }

    // ---- Constructors ----------------------------------------------------------------

    /// `weft_type_contiguous`: `count` copies of `old`, each `extent(old)` after the
    /// previous.
    ///
    /// ```
    /// use weft::{Datatype, Predefined};
    /// # fn main() -> weft::Result<()> {
    /// let t = Datatype::contiguous(3, &Datatype::int())?;
    /// assert_eq!(t.typemap()?, vec![(Predefined::Int, 0), (Predefined::Int, 4), (Predefined::Int, 8)]);
    /// # Ok(()) }
    /// ```
    pub fn contiguous(count: i64, old: &Datatype) -> Result<Datatype> {
        // SAFETY: live input handle, valid output pointer.
        Datatype::new_with(|out| unsafe { sys::weft_type_contiguous(count, old.raw, out) })
    }

    /// `weft_type_vector`: `count` blocks of `blocklen` copies of `old`; block `i` starts
    /// at `i * stride * extent(old)`.
    pub fn vector(count: i64, blocklen: i64, stride: i64, old: &Datatype) -> Result<Datatype> {
        // SAFETY: as in contiguous.
        Datatype::new_with(|out| unsafe { sys::weft_type_vector(count, blocklen, stride, old.raw, out) })
    }

    /// `weft_type_hvector`: as [`vector`](Datatype::vector), with `stride` in bytes.
    pub fn hvector(count: i64, blocklen: i64, stride: isize, old: &Datatype) -> Result<Datatype> {
        // SAFETY: as in contiguous.
        Datatype::new_with(|out| unsafe { sys::weft_type_hvector(count, blocklen, stride, old.raw, out) })
    }

    /// `weft_type_indexed`: block `i` is `blocklens[i]` copies of `old` at
    /// `displs[i] * extent(old)`. The two slices must have the same length (the count),
    /// else `WEFT_DIMENSION_MISMATCH`.
    ///
    /// ```
    /// use weft::{Datatype, Predefined};
    /// # fn main() -> weft::Result<()> {
    /// let t = Datatype::indexed(&[2, 1], &[3, 0], &Datatype::int())?;
    /// assert_eq!(t.typemap()?, vec![(Predefined::Int, 12), (Predefined::Int, 16), (Predefined::Int, 0)]);
    /// # Ok(()) }
    /// ```
    pub fn indexed(blocklens: &[i64], displs: &[i64], old: &Datatype) -> Result<Datatype> {
        same_len(
            "Datatype::indexed",
            "block lengths",
            blocklens.len(),
            "displacements",
            displs.len(),
        )?;
        // SAFETY: both arrays hold count elements.
        Datatype::new_with(|out| unsafe {
            sys::weft_type_indexed(
                len_i64(blocklens.len()),
                blocklens.as_ptr(),
                displs.as_ptr(),
                old.raw,
                out,
            )
        })
    }

    /// `weft_type_hindexed`: as [`indexed`](Datatype::indexed), with byte displacements.
    pub fn hindexed(blocklens: &[i64], displs: &[isize], old: &Datatype) -> Result<Datatype> {
        same_len(
            "Datatype::hindexed",
            "block lengths",
            blocklens.len(),
            "displacements",
            displs.len(),
        )?;
        // SAFETY: both arrays hold count elements.
        Datatype::new_with(|out| unsafe {
            sys::weft_type_hindexed(
                len_i64(blocklens.len()),
                blocklens.as_ptr(),
                displs.as_ptr(),
                old.raw,
                out,
            )
        })
    }

    /// `weft_type_indexed_block`: block `i` is `blocklen` copies of `old` at
    /// `displs[i] * extent(old)`.
    pub fn indexed_block(blocklen: i64, displs: &[i64], old: &Datatype) -> Result<Datatype> {
        // SAFETY: displs holds count elements.
        Datatype::new_with(|out| unsafe {
            sys::weft_type_indexed_block(len_i64(displs.len()), blocklen, displs.as_ptr(), old.raw, out)
        })
    }

    /// `weft_type_hindexed_block`: as [`indexed_block`](Datatype::indexed_block), with
    /// byte displacements.
    pub fn hindexed_block(blocklen: i64, displs: &[isize], old: &Datatype) -> Result<Datatype> {
        // SAFETY: displs holds count elements.
        Datatype::new_with(|out| unsafe {
            sys::weft_type_hindexed_block(len_i64(displs.len()), blocklen, displs.as_ptr(), old.raw, out)
        })
    }

    /// `weft_type_struct`: block `i` is `blocklens[i]` copies of `types[i]` at
    /// `displs[i]` bytes. The only constructor that accepts the markers
    /// [`Datatype::lb_marker`] and [`Datatype::ub_marker`]. The three slices must have the same length.
    ///
    /// ```
    /// use weft::{Datatype, Predefined};
    /// # fn main() -> weft::Result<()> {
    /// // MPI-1.1 example 3.25: {(lb,-3),(int,0),(ub,6)} has extent 9.
    /// let t = Datatype::structure(&[1, 1, 1], &[-3, 0, 6], &[&Datatype::lb_marker(), &Datatype::int(), &Datatype::ub_marker()])?;
    /// assert_eq!((t.lb(), t.ub(), t.extent()), (-3, 6, 9));
    /// assert_eq!(t.typemap()?, vec![(Predefined::Int, 0)]);
    /// # Ok(()) }
    /// ```
    pub fn structure(blocklens: &[i64], displs: &[isize], types: &[&Datatype]) -> Result<Datatype> {
        if blocklens.len() != displs.len() || blocklens.len() != types.len() {
            return Err(Error::new(
                Status::DimensionMismatch,
                format!(
                    "Datatype::structure: {} block lengths, {} displacements and {} types",
                    blocklens.len(),
                    displs.len(),
                    types.len()
                ),
            ));
        }
        let raws: Vec<sys::weft_type> = types.iter().map(|t| t.raw).collect();
        // SAFETY: the three arrays hold count elements; the handles are live.
        Datatype::new_with(|out| unsafe {
            sys::weft_type_struct(
                len_i64(blocklens.len()),
                blocklens.as_ptr(),
                displs.as_ptr(),
                raws.as_ptr(),
                out,
            )
        })
    }

    /// `weft_type_subarray`: the block `subsizes` at `starts` of an array of `old` with
    /// dimensions `sizes`, in C or Fortran order (the three slices have one entry per
    /// dimension). MPI-2 semantics: lb 0 and extent `prod(sizes) * extent(old)`.
    ///
    /// ```
    /// use weft::{Datatype, Order};
    /// # fn main() -> weft::Result<()> {
    /// // rows 1..3, columns 2..5 of a 4x6 C array of ints
    /// let t = Datatype::subarray(&[4, 6], &[2, 3], &[1, 2], Order::C, &Datatype::int())?;
    /// assert_eq!((t.size(), t.extent()), (24, 96));
    /// assert_eq!(t.typemap()?[0].1, (6 + 2) * 4);
    /// # Ok(()) }
    /// ```
    pub fn subarray(sizes: &[i64], subsizes: &[i64], starts: &[i64], order: Order, old: &Datatype) -> Result<Datatype> {
        if sizes.len() != subsizes.len() || sizes.len() != starts.len() {
            return Err(Error::new(
                Status::DimensionMismatch,
                format!(
                    "Datatype::subarray: {} sizes, {} subsizes and {} starts",
                    sizes.len(),
                    subsizes.len(),
                    starts.len()
                ),
            ));
        }
        let ndims = c_int::try_from(sizes.len()).map_err(|_| {
            Error::new(
                Status::Overflow,
                format!("Datatype::subarray: {} dimensions do not fit an int", sizes.len()),
            )
        })?;
        // SAFETY: the three arrays hold ndims elements.
        Datatype::new_with(|out| unsafe {
            sys::weft_type_subarray(
                ndims,
                sizes.as_ptr(),
                subsizes.as_ptr(),
                starts.as_ptr(),
                order.raw(),
                old.raw,
                out,
            )
        })
    }

    /// `weft_type_resized`: `old` with its markers replaced by new ones at `lb` and
    /// `lb + extent` (MPI-2 `MPI_Type_create_resized`).
    pub fn resized(old: &Datatype, lb: isize, extent: isize) -> Result<Datatype> {
        // SAFETY: as in contiguous.
        Datatype::new_with(|out| unsafe { sys::weft_type_resized(old.raw, lb, extent, out) })
    }

    /// `weft_type_dup`: a new handle with this typemap, committed if this one is.
    pub fn dup(&self) -> Result<Datatype> {
        // weft_type_dup reads the compiled program: lock unless known committed.
        let _g = program_guard(&[self]);
        let mut h: sys::weft_type = ptr::null_mut();
        // SAFETY: live input handle, valid output pointer.
        check(unsafe { sys::weft_type_dup(self.raw, &mut h) })?;
        let committed = self.committed || probe_committed(h);
        Ok(Datatype {
            raw: h,
            owned: true,
            committed,
        })
    }

    /// `weft_type_struct_aligned` (NumPy `align=True`): field `i` is `blocklens[i]`
    /// copies of `types[i]`, placed at the next offset that is a multiple of its true
    /// alignment. Returns the type and the field offsets.
    ///
    /// ```
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// // like #[repr(C)] struct { a: u8, b: f64, c: [i16; 3] }
    /// let (t, offsets) = Datatype::struct_aligned(&[1, 1, 3], &[&Datatype::uint8(), &Datatype::double(), &Datatype::int16()])?;
    /// assert_eq!(offsets, vec![0, 8, 16]);
    /// assert_eq!((t.size(), t.extent()), (15, 24));
    /// # Ok(()) }
    /// ```
    pub fn struct_aligned(blocklens: &[i64], types: &[&Datatype]) -> Result<(Datatype, Vec<isize>)> {
        same_len(
            "Datatype::struct_aligned",
            "block lengths",
            blocklens.len(),
            "types",
            types.len(),
        )?;
        let raws: Vec<sys::weft_type> = types.iter().map(|t| t.raw).collect();
        let mut displs = vec![0isize; blocklens.len()];
        let t = Datatype::new_with(|out| unsafe {
            // SAFETY: the arrays hold count elements; displs_out has room for count.
            sys::weft_type_struct_aligned(
                len_i64(blocklens.len()),
                blocklens.as_ptr(),
                raws.as_ptr(),
                displs.as_mut_ptr(),
                out,
            )
        })?;
        Ok((t, displs))
    }

    // ---- Commit --------------------------------------------------------------------

    /// `weft_type_commit`: compiles the type for moving data. A no-op for committed and
    /// predefined types. Takes `&mut self`: a type being committed is not shared.
    pub fn commit(&mut self) -> Result<()> {
        if self.committed {
            return Ok(());
        }
        let _g = program_lock();
        // SAFETY: live handle; commits are serialised by PROGRAM_LOCK.
        check(unsafe { sys::weft_type_commit(self.raw) })?;
        self.committed = true;
        Ok(())
    }

    /// [`commit`](Datatype::commit), by value: `Datatype::vector(..)?.committed()?`.
    pub fn committed(mut self) -> Result<Datatype> {
        self.commit()?;
        Ok(self)
    }

    // ---- Queries -----------------------------------------------------------------------
    // They cannot fail on a live handle; a failure would be a weft bug and panics.

    fn expect_ok(code: c_int, what: &str) {
        if code < 0 {
            panic!("weft: {what} failed on a live handle: {}", Error::from_last(code));
        }
    }

    /// `weft_type_size`: bytes of data in the typemap (repeated entries counted each
    /// time).
    pub fn size(&self) -> i64 {
        let mut v = 0i64;
        // SAFETY: live handle, valid output.
        Datatype::expect_ok(unsafe { sys::weft_type_size(self.raw, &mut v) }, "weft_type_size");
        v
    }

    /// `weft_type_extent`: `ub - lb` (MPI-1 definition: markers, alignment epsilon).
    pub fn extent(&self) -> isize {
        let mut e = 0isize;
        // SAFETY: live handle; lb may be NULL.
        Datatype::expect_ok(
            unsafe { sys::weft_type_extent(self.raw, ptr::null_mut(), &mut e) },
            "weft_type_extent",
        );
        e
    }

    /// `weft_type_lb`: the lower bound.
    pub fn lb(&self) -> isize {
        let mut v = 0isize;
        // SAFETY: live handle, valid output.
        Datatype::expect_ok(unsafe { sys::weft_type_lb(self.raw, &mut v) }, "weft_type_lb");
        v
    }

    /// `weft_type_ub`: the upper bound.
    pub fn ub(&self) -> isize {
        let mut v = 0isize;
        // SAFETY: live handle, valid output.
        Datatype::expect_ok(unsafe { sys::weft_type_ub(self.raw, &mut v) }, "weft_type_ub");
        v
    }

    /// `weft_type_true_extent`: `(true_lb, true_extent)`, the bounds of the data entries
    /// only (markers ignored); `(0, 0)` when the type has no data.
    pub fn true_extent(&self) -> (isize, isize) {
        let (mut lb, mut ex) = (0isize, 0isize);
        // SAFETY: live handle, valid outputs.
        Datatype::expect_ok(
            unsafe { sys::weft_type_true_extent(self.raw, &mut lb, &mut ex) },
            "weft_type_true_extent",
        );
        (lb, ex)
    }

    /// `weft_type_count` (MPI_TYPE_COUNT): the number of top-level entries.
    pub fn count(&self) -> i64 {
        let mut v = 0i64;
        // SAFETY: live handle, valid output.
        Datatype::expect_ok(unsafe { sys::weft_type_count(self.raw, &mut v) }, "weft_type_count");
        v
    }

    /// `weft_type_alignment`: NumPy's true and uint alignments.
    pub fn alignment(&self) -> Alignment {
        let (mut t, mut u) = (0i64, 0i64);
        // SAFETY: live handle, valid outputs.
        Datatype::expect_ok(
            unsafe { sys::weft_type_alignment(self.raw, &mut t, &mut u) },
            "weft_type_alignment",
        );
        Alignment {
            true_align: t,
            uint_align: u,
        }
    }

    /// `weft_type_is_contiguous`: whether any number of copies is one gap-free byte run
    /// in typemap order.
    pub fn is_contiguous(&self) -> bool {
        let _g = program_guard(&[self]); // reads the program when committed
        let mut f = false;
        // SAFETY: live handle, valid output.
        Datatype::expect_ok(
            unsafe { sys::weft_type_is_contiguous(self.raw, &mut f) },
            "weft_type_is_contiguous",
        );
        f
    }

    /// `weft_type_signature`: a fingerprint of the type signature (its basic types in
    /// typemap order, markers excluded; predefined types of one representation and size,
    /// such as `int` and `int32`, count as one). Equal signatures have equal
    /// fingerprints; different ones collide with probability about 2^-61. O(1). A type
    /// without entries gives 0.
    pub fn signature(&self) -> u64 {
        let mut h = 0u64;
        // SAFETY: live handle, valid output.
        Datatype::expect_ok(
            unsafe { sys::weft_type_signature(self.raw, &mut h) },
            "weft_type_signature",
        );
        h
    }

    /// `weft_type_typemap`: the flattened typemap of one copy: its basic entries (never
    /// markers) in typemap order, with their byte displacements.
    pub fn typemap(&self) -> Result<Vec<(Predefined, isize)>> {
        let mut n = 0i64;
        // SAFETY: capacity 0: only n is written.
        check(unsafe { sys::weft_type_typemap(self.raw, 0, ptr::null_mut(), ptr::null_mut(), &mut n) })?;
        let len = usize::try_from(n)
            .map_err(|_| Error::new(Status::Panic, format!("Datatype::typemap: weft reported {n} entries")))?;
        let mut basics: Vec<sys::weft_type> = vec![ptr::null_mut(); len];
        let mut displs = vec![0isize; len];
        if len > 0 {
            // SAFETY: both arrays have room for n entries.
            check(unsafe { sys::weft_type_typemap(self.raw, n, basics.as_mut_ptr(), displs.as_mut_ptr(), &mut n) })?;
        }
        let mut out = Vec::with_capacity(len);
        let mut last: Option<(sys::weft_type, Predefined)> = None;
        for (h, d) in basics.into_iter().zip(displs) {
            let p = match last {
                Some((lh, lp)) if lh == h => lp,
                _ => Predefined::from_handle(h).ok_or_else(|| {
                    Error::new(
                        Status::Panic,
                        "Datatype::typemap: weft returned a handle that is not predefined",
                    )
                })?,
            };
            last = Some((h, p));
            out.push((p, d));
        }
        Ok(out)
    }

    /// `weft_type_iov`: the contiguous pieces `(offset, length)` of `count` copies of a
    /// committed type, in packed order, each as long as typemap order allows.
    pub fn iov(&self, count: i64) -> Result<Vec<(isize, i64)>> {
        let n = self.iov_len(count, 0)?;
        self.iov_window(count, 0, n)
    }

    /// The number of pieces of `count` copies from piece `first_piece` to the end.
    pub fn iov_len(&self, count: i64, first_piece: i64) -> Result<i64> {
        let _g = program_guard(&[self]);
        let mut n = 0i64;
        // SAFETY: capacity 0: only npieces is written.
        check(unsafe {
            sys::weft_type_iov(
                self.raw,
                count,
                first_piece,
                0,
                ptr::null_mut(),
                ptr::null_mut(),
                &mut n,
            )
        })?;
        Ok(n)
    }

    /// Pieces `first_piece .. first_piece + capacity` (fewer at the end) of `count`
    /// copies. With `capacity` 0 the result is empty.
    pub fn iov_window(&self, count: i64, first_piece: i64, capacity: i64) -> Result<Vec<(isize, i64)>> {
        if capacity <= 0 {
            // capacity 0 would mean "count the pieces" in C; a negative one is rejected.
            if capacity < 0 {
                let _g = program_guard(&[self]);
                let mut n = 0i64;
                // SAFETY: C rejects the negative capacity before writing anything.
                check(unsafe {
                    sys::weft_type_iov(
                        self.raw,
                        count,
                        first_piece,
                        capacity,
                        ptr::null_mut(),
                        ptr::null_mut(),
                        &mut n,
                    )
                })?;
            }
            return Ok(Vec::new());
        }
        let cap = usize::try_from(capacity)
            .map_err(|_| Error::new(Status::Overflow, format!("Datatype::iov_window: capacity {capacity}")))?;
        let mut offs = Vec::<isize>::new();
        let mut lens = Vec::<i64>::new();
        offs.try_reserve_exact(cap)
            .and_then(|_| lens.try_reserve_exact(cap))
            .map_err(|_| {
                Error::new(
                    Status::OutOfMemory,
                    format!("Datatype::iov_window: capacity {capacity}"),
                )
            })?;
        offs.resize(cap, 0);
        lens.resize(cap, 0);
        let _g = program_guard(&[self]);
        let mut n = 0i64;
        // SAFETY: both arrays have room for capacity entries.
        check(unsafe {
            sys::weft_type_iov(
                self.raw,
                count,
                first_piece,
                capacity,
                offs.as_mut_ptr(),
                lens.as_mut_ptr(),
                &mut n,
            )
        })?;
        let n = n as usize;
        offs.truncate(n);
        lens.truncate(n);
        Ok(offs.into_iter().zip(lens).collect())
    }

    /// `weft_type_envelope` (MPI_Type_get_envelope).
    pub fn envelope(&self) -> Envelope {
        let (mut ni, mut na, mut nt, mut c) = (0i64, 0i64, 0i64, 0 as c_int);
        // SAFETY: live handle, valid outputs.
        Datatype::expect_ok(
            unsafe { sys::weft_type_envelope(self.raw, &mut ni, &mut na, &mut nt, &mut c) },
            "weft_type_envelope",
        );
        let combiner = Combiner::from_raw(c).unwrap_or_else(|| panic!("weft: unknown combiner {c}"));
        Envelope {
            nints: ni,
            naddrs: na,
            ntypes: nt,
            combiner,
        }
    }

    /// `weft_type_contents` (MPI_Type_get_contents): the constructor's arguments. Fails
    /// with `WEFT_INVALID_VALUE` for a predefined type.
    ///
    /// ```
    /// use weft::{Combiner, Datatype};
    /// # fn main() -> weft::Result<()> {
    /// let t = Datatype::vector(2, 3, 4, &Datatype::double())?;
    /// let c = t.contents()?;
    /// assert_eq!(c.combiner, Combiner::Vector);
    /// assert_eq!(c.ints, vec![2, 3, 4]);
    /// assert_eq!(c.types[0].name(), Some("WEFT_DOUBLE"));
    /// # Ok(()) }
    /// ```
    pub fn contents(&self) -> Result<Contents> {
        let env = self.envelope();
        let mut ints = vec![0i64; env.nints as usize];
        let mut addrs = vec![0isize; env.naddrs as usize];
        let mut raws: Vec<sys::weft_type> = vec![ptr::null_mut(); env.ntypes as usize];
        // SAFETY: the arrays have exactly the envelope's sizes.
        check(unsafe {
            sys::weft_type_contents(
                self.raw,
                env.nints,
                env.naddrs,
                env.ntypes,
                ints.as_mut_ptr(),
                addrs.as_mut_ptr(),
                raws.as_mut_ptr(),
            )
        })?;
        // Each derived handle is a new user handle to an existing object, which another
        // Datatype may also name: learn whether it is committed under the lock.
        let types = {
            let _g = program_lock();
            raws.into_iter()
                .map(|h| match Predefined::from_handle(h) {
                    Some(p) => Datatype::predefined(p),
                    None => Datatype {
                        raw: h,
                        owned: true,
                        committed: probe_committed(h),
                    },
                })
                .collect()
        };
        Ok(Contents {
            combiner: env.combiner,
            ints,
            addrs,
            types,
        })
    }

    /// `weft_get_elements` (MPI_Get_elements): the basic entries in `nbytes` of a
    /// message of this type; `None` (`WEFT_UNDEFINED`) when `nbytes` ends inside an
    /// entry.
    pub fn get_elements(&self, nbytes: i64) -> Result<Option<i64>> {
        let mut c = 0i64;
        // SAFETY: live handle, valid output.
        check(unsafe { sys::weft_get_elements(self.raw, nbytes, &mut c) })?;
        Ok(if c == sys::WEFT_UNDEFINED { None } else { Some(c) })
    }

    /// `weft_get_count` (MPI_Get_count): whole copies in `nbytes`; `None`
    /// (`WEFT_UNDEFINED`) when `nbytes` is not a multiple of the size.
    pub fn get_count(&self, nbytes: i64) -> Result<Option<i64>> {
        let mut c = 0i64;
        // SAFETY: live handle, valid output.
        check(unsafe { sys::weft_get_count(self.raw, nbytes, &mut c) })?;
        Ok(if c == sys::WEFT_UNDEFINED { None } else { Some(c) })
    }

    /// `weft_buffer_is_aligned` (NumPy's ALIGNED flag) for `count` copies at `buf`:
    /// `(aligned, uint_aligned)`. Only the address is used; nothing is read.
    pub fn buffer_is_aligned<T>(&self, buf: *const T, count: i64) -> Result<(bool, bool)> {
        let (mut a, mut u) = (false, false);
        // SAFETY: weft only computes with the address.
        check(unsafe { sys::weft_buffer_is_aligned(buf as *const c_void, count, self.raw, &mut a, &mut u) })?;
        Ok((a, u))
    }

    /// `weft_pack_size`: the bytes `incount` copies pack into (`incount * size`).
    pub fn pack_size(&self, incount: i64) -> Result<i64> {
        let mut s = 0i64;
        // SAFETY: live handle, valid output.
        check(unsafe { sys::weft_pack_size(incount, self.raw, &mut s) })?;
        Ok(s)
    }
}

impl fmt::Debug for Datatype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.as_predefined() {
            return write!(f, "Datatype({})", p.name());
        }
        f.debug_struct("Datatype")
            .field("combiner", &self.envelope().combiner)
            .field("size", &self.size())
            .field("lb", &self.lb())
            .field("extent", &self.extent())
            .field("committed", &self.committed)
            .finish()
    }
}

/// `weft_version`: the library's version `(major, minor, patch)` (the one it was built
/// as).
pub fn version() -> (i32, i32, i32) {
    let (mut a, mut b, mut c) = (0, 0, 0);
    // SAFETY: valid outputs; always succeeds.
    unsafe { sys::weft_version(&mut a, &mut b, &mut c) };
    (a, b, c)
}

/// `weft_address` (MPI_Address): the address of `location`, usable as a displacement
/// with [`BOTTOM`](crate::BOTTOM). Nothing is read.
pub fn address<T: ?Sized>(location: *const T) -> isize {
    let mut a = 0isize;
    // SAFETY: weft only converts the pointer to an integer.
    unsafe { sys::weft_address(location as *const c_void, &mut a) };
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combiner_values_round_trip() {
        for v in 0..13 {
            let c = Combiner::from_raw(v).unwrap();
            assert_eq!(c.raw(), v);
        }
        assert_eq!(Combiner::from_raw(13), None);
        assert_eq!(Order::C.raw(), 0);
        assert_eq!(Order::Fortran.raw(), 1);
    }

    #[test]
    fn commit_flag_tracks_weft() {
        let mut t = Datatype::contiguous(2, &Datatype::int()).unwrap();
        assert!(!t.is_committed());
        assert!(!{
            let _g = program_lock();
            probe_committed(t.as_raw())
        });
        t.commit().unwrap();
        assert!(t.is_committed());
        assert!({
            let _g = program_lock();
            probe_committed(t.as_raw())
        });
        assert!(program_guard(&[&t, &Datatype::int()]).is_none());
    }

    #[test]
    fn debug_format() {
        assert_eq!(format!("{:?}", Datatype::double()), "Datatype(WEFT_DOUBLE)");
        let t = Datatype::vector(2, 1, 2, &Datatype::int()).unwrap();
        assert_eq!(
            format!("{t:?}"),
            "Datatype { combiner: Vector, size: 8, lb: 0, extent: 12, committed: false }"
        );
    }
}
