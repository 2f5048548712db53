//! What the MPI-1.1 §3.12.7 example programs (src/bin/example_3_*.rs) and the global
//! indexer example (src/bin/global_indexer.rs) share (feature `mpi`): a minimal Open MPI
//! binding declared by hand (no crates), the exchange with MPI_Sendrecv using types
//! converted by weft, the one-line report, and the particle array of 3.33/3.34.
//!
//! Who sends to whom: with one rank the message goes to the rank itself. With two
//! ranks, rank r sends to rank r^1 and receives from rank r^1 (0 <-> 1), in one
//! MPI_Sendrecv. Every rank fills its data from its own rank number, so what a rank
//! receives is checked against its partner's data, element by element; the weft copy
//! (local) is checked against the rank's own data.
use core::ffi::c_void;
use core::ptr;
use std::os::raw::c_int;

use weft::Datatype;

/// Open MPI's raw C API, shared with the crate's own tests (`weft::mpi::ffi`).
pub use weft::mpi::ffi;

/// MPI for the duration of one example: MPI_Init on creation, MPI_Finalize on drop.
pub struct Mpi {
    /// This process's rank in MPI_COMM_WORLD.
    pub rank: i32,
    /// The number of ranks (1 or 2 for the §3.12.7 examples).
    pub size: i32,
}

impl Mpi {
    /// MPI_Init; refuses more than two ranks.
    pub fn init() -> Mpi {
        Mpi::init_checked(|size| size <= 2, "run with 1 or 2 ranks")
    }

    /// MPI_Init; refuses any number of ranks but `n`.
    pub fn init_exactly(n: i32) -> Mpi {
        Mpi::init_checked(|size| size == n, &format!("run with exactly {n} ranks"))
    }

    fn init_checked(ok: impl Fn(i32) -> bool, msg: &str) -> Mpi {
        let (mut rank, mut size) = (0, 0);
        // SAFETY: MPI_Init with NULL argc/argv is allowed; called once per process.
        unsafe {
            ffi::MPI_Init(ptr::null_mut(), ptr::null_mut());
            ffi::MPI_Comm_rank(ffi::comm_world(), &mut rank);
            ffi::MPI_Comm_size(ffi::comm_world(), &mut size);
        }
        if !ok(size) {
            if rank == 0 {
                eprintln!("{msg}");
            }
            abort(2);
        }
        Mpi { rank, size }
    }

    /// MPI_Barrier(MPI_COMM_WORLD).
    pub fn barrier(&self) {
        // SAFETY: MPI is initialised.
        unsafe {
            ffi::MPI_Barrier(ffi::comm_world());
        }
    }

    /// Rank 0 prints every rank's `text`, in rank order (MPI_Gather of the lengths, then
    /// MPI_Gatherv of the bytes); the other ranks print nothing.
    pub fn print_in_rank_order(&self, text: &str) {
        let len = text.len() as c_int;
        let mut lens = vec![0 as c_int; self.size as usize];
        // SAFETY: one int from every rank into `size` ints at the root.
        unsafe {
            ffi::MPI_Gather(
                &len as *const c_int as *const c_void,
                1,
                ffi::mpi_int(),
                lens.as_mut_ptr() as *mut c_void,
                1,
                ffi::mpi_int(),
                0,
                ffi::comm_world(),
            );
        }
        let displs: Vec<c_int> = lens
            .iter()
            .scan(0, |acc, &l| {
                let d = *acc;
                *acc += l;
                Some(d)
            })
            .collect();
        let mut all = vec![0u8; lens.iter().map(|&l| l as usize).sum()];
        // SAFETY: `len` bytes from every rank into their places at the root.
        unsafe {
            ffi::MPI_Gatherv(
                text.as_ptr() as *const c_void,
                len,
                ffi::mpi_byte(),
                all.as_mut_ptr() as *mut c_void,
                lens.as_ptr(),
                displs.as_ptr(),
                ffi::mpi_byte(),
                0,
                ffi::comm_world(),
            );
        }
        if self.rank == 0 {
            print!("{}", String::from_utf8_lossy(&all));
        }
    }

    /// The largest of `v` over the ranks (MPI_Allreduce with MPI_MAX).
    pub fn max_over_ranks(&self, v: i32) -> i32 {
        let mut all: c_int = 0;
        // SAFETY: one int in, one int out, predefined handles.
        unsafe {
            ffi::MPI_Allreduce(
                &v as *const c_int as *const c_void,
                &mut all as *mut c_int as *mut c_void,
                1,
                ffi::mpi_int(),
                ffi::mpi_max(),
                ffi::comm_world(),
            );
        }
        all
    }

    /// The rank this one exchanges with: itself with one rank, rank ^ 1 with two.
    pub fn partner(&self) -> i32 {
        if self.size == 1 {
            0
        } else {
            self.rank ^ 1
        }
    }

    /// "1 rank" / "2 ranks, 0<->1".
    pub fn describe(&self) -> String {
        if self.size == 1 {
            "1 rank, to itself".to_string()
        } else {
            "2 ranks: 0 sends to 1 and 1 sends to 0, each checks its partner's data".to_string()
        }
    }

    /// One MPI_Sendrecv with the partner: `scount` copies of `stype` from `sbuf`,
    /// received as `rcount` copies of `rtype` at `rbuf`. Both types are converted with
    /// `weft::mpi::to_mpi_f` and freed afterwards.
    ///
    /// # Safety
    /// As for MPI_Sendrecv: the typemaps at `sbuf`/`rbuf` (either may be MPI_BOTTOM for
    /// absolute addresses) must be valid to read / write.
    pub unsafe fn sendrecv(
        &self,
        sbuf: *const c_void,
        scount: i32,
        stype: &Datatype,
        rbuf: *mut c_void,
        rcount: i32,
        rtype: &Datatype,
    ) {
        let fs = weft::mpi::to_mpi_f(stype).unwrap_or_else(|e| fail("weft::mpi::to_mpi_f(send type)", &e));
        let fr = weft::mpi::to_mpi_f(rtype).unwrap_or_else(|e| fail("weft::mpi::to_mpi_f(receive type)", &e));
        // SAFETY: the handles are fresh committed MPI datatypes; the caller vouches for
        // the buffers.
        unsafe {
            let mut ms = ffi::MPI_Type_f2c(fs);
            let mut mr = ffi::MPI_Type_f2c(fr);
            let p = self.partner();
            let rc = ffi::MPI_Sendrecv(
                sbuf,
                scount,
                ms,
                p,
                0,
                rbuf,
                rcount,
                mr,
                p,
                0,
                ffi::comm_world(),
                ffi::MPI_STATUS_IGNORE,
            );
            if rc != ffi::MPI_SUCCESS {
                eprintln!("MPI_Sendrecv failed: {rc}");
                abort(1);
            }
            ffi::MPI_Type_free(&mut ms);
            ffi::MPI_Type_free(&mut mr);
        }
    }

    /// Agrees on the result across ranks, prints one line from rank 0, and returns the
    /// process exit code (1 if any rank saw a mismatch).
    pub fn report(&self, name: &str, what: &str, copy_mismatches: usize, mpi_mismatches: usize) -> i32 {
        let mine: c_int = i32::from(copy_mismatches > 0) | (i32::from(mpi_mismatches > 0) << 1);
        let mut all: c_int = 0;
        // SAFETY: one int in, one int out, predefined handles.
        unsafe {
            ffi::MPI_Allreduce(
                &mine as *const c_int as *const c_void,
                &mut all as *mut c_int as *mut c_void,
                1,
                ffi::mpi_int(),
                ffi::mpi_max(),
                ffi::comm_world(),
            );
        }
        if self.rank == 0 {
            let verdict = |bad: usize, any: bool| {
                if bad > 0 {
                    format!("MISMATCH ({bad} elements on rank 0)")
                } else if any {
                    "MISMATCH (on another rank)".to_string()
                } else {
                    "matches".to_string()
                }
            };
            println!(
                "{name} [rust] ({}): {what} -- weft copy {}, MPI_Sendrecv {}",
                self.describe(),
                verdict(copy_mismatches, all & 1 != 0),
                verdict(mpi_mismatches, all & 2 != 0)
            );
        }
        i32::from(all != 0)
    }
}

impl Drop for Mpi {
    fn drop(&mut self) {
        // SAFETY: MPI was initialised by Mpi::init.
        unsafe {
            ffi::MPI_Finalize();
        }
    }
}

/// MPI_Abort(MPI_COMM_WORLD, code).
pub fn abort(code: i32) -> ! {
    // SAFETY: MPI is initialised whenever an example aborts.
    unsafe {
        ffi::MPI_Abort(ffi::comm_world(), code);
    }
    std::process::exit(code)
}

/// Reports a failed weft call and aborts all ranks.
pub fn fail(what: &str, e: &weft::Error) -> ! {
    eprintln!("{what} failed: {e}");
    abort(1)
}

/// Unwraps a weft result or aborts with the call's name.
pub trait OrAbort<T> {
    /// The value, or MPI_Abort after printing the error.
    fn or_abort(self, what: &str) -> T;
}
impl<T> OrAbort<T> for weft::Result<T> {
    fn or_abort(self, what: &str) -> T {
        self.unwrap_or_else(|e| fail(what, &e))
    }
}

/// The number of positions where `got` and `want` differ.
pub fn mismatches<T: PartialEq>(got: &[T], want: &[T]) -> usize {
    assert_eq!(got.len(), want.len());
    got.iter().zip(want).filter(|(g, w)| g != w).count()
}

/// `struct Partstruct` of Examples 3.33 and 3.34. It has padding (after `class` and at
/// the end), so it is not `weft::Pod`: it is moved with the `_raw` functions, whose
/// typemaps touch only its fields.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Partstruct {
    /// particle class
    pub class: i32,
    /// particle coordinates
    pub d: [f64; 6],
    /// some additional information
    pub b: [u8; 7],
}

/// The number of particles.
pub const NPART: usize = 1000;

/// The particles of `rank`: classes are the same on every rank (about a third are
/// class 0, some in runs); coordinates and bytes depend on the rank.
pub fn particles(rank: i32) -> Vec<Partstruct> {
    (0..NPART)
        .map(|i| Partstruct {
            class: if i % 3 == 0 || (i / 10) % 7 == 0 {
                0
            } else {
                1 + (i % 5) as i32
            },
            d: core::array::from_fn(|k| i as f64 * 10.0 + k as f64 + 100_000.0 * rank as f64),
            b: core::array::from_fn(|k| b'a' + ((i + k + rank as usize) % 26) as u8),
        })
        .collect()
}

/// An all-zero particle (the receive buffers' initial value).
pub const ZERO: Partstruct = Partstruct {
    class: 0,
    d: [0.0; 6],
    b: [0; 7],
};

/// The class-0 particles as blocks of consecutive ones (the "probably more efficient"
/// Zparticles of 3.33/3.34, errata fixed: `.index` is `.class`, `=` is `==`, and the
/// outer loop continues after the run): (displacements, block lengths) in particles.
pub fn zero_runs(p: &[Partstruct]) -> (Vec<i64>, Vec<i64>) {
    let (mut zdisp, mut zblock) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < p.len() {
        if p[i].class == 0 {
            let mut k = i + 1;
            while k < p.len() && p[k].class == 0 {
                k += 1;
            }
            zdisp.push(i as i64);
            zblock.push((k - i) as i64);
            i = k;
        }
        i += 1;
    }
    (zdisp, zblock)
}
