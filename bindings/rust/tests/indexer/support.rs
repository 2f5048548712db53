//! What every part of the indexer test shares: the few Open MPI calls, a communicator,
//! agreed statuses, the random problems and their serial simulation.

pub(crate) use std::ffi::c_void;
pub(crate) use std::os::raw::c_int;
pub(crate) use std::ptr;

pub(crate) use weft::mpi::{scope, Indexer, PutVInPlace, PutVInto, PutVNew};
pub(crate) use weft::{Datatype, Monoid, MonoidOp, Pod, Predefined, Status};

// Open MPI's raw calls: the crate's shared declarations (weft::mpi::ffi).
pub(crate) use weft::mpi::ffi::*;

pub(crate) fn world() -> MPI_Comm {
    comm_world()
}

/// A communicator: its C handle, Fortran handle, rank and size.
#[derive(Clone, Copy)]
pub(crate) struct Comm {
    pub(crate) c: MPI_Comm,
    pub(crate) f: i32,
    pub(crate) rank: usize,
    pub(crate) size: usize,
}

impl Comm {
    pub(crate) fn new(c: MPI_Comm) -> Comm {
        let (mut r, mut s) = (0, 0);
        unsafe {
            MPI_Comm_rank(c, &mut r);
            MPI_Comm_size(c, &mut s);
        }
        Comm {
            c,
            f: unsafe { MPI_Comm_c2f(c) },
            rank: r as usize,
            size: s as usize,
        }
    }

    /// (min, max) of an int over the ranks.
    pub(crate) fn min_max(&self, v: i32) -> (i32, i32) {
        let (mut lo, mut hi) = (0i32, 0i32);
        unsafe {
            let t = mpi_int();
            MPI_Allreduce(
                &v as *const i32 as *const c_void,
                &mut lo as *mut i32 as *mut c_void,
                1,
                t,
                mpi_min(),
                self.c,
            );
            MPI_Allreduce(
                &v as *const i32 as *const c_void,
                &mut hi as *mut i32 as *mut c_void,
                1,
                t,
                mpi_max(),
                self.c,
            );
        }
        (lo, hi)
    }

    pub(crate) fn barrier(&self) {
        unsafe { MPI_Barrier(self.c) };
    }
}

pub(crate) fn abort_all(code: i32) -> ! {
    unsafe { MPI_Abort(world(), code) };
    std::process::exit(code)
}

/// The status a result carries (0 for Ok).
pub(crate) fn code<T>(r: &weft::Result<T>) -> i32 {
    match r {
        Ok(_) => 0,
        Err(e) => e.code(),
    }
}

/// Every rank got the same status, and it is `want`.
pub(crate) fn same_status<T: std::fmt::Debug>(comm: &Comm, what: &str, r: &weft::Result<T>, want: Status) {
    let c = code(r);
    let (lo, hi) = comm.min_max(c);
    assert_eq!(
        (lo, hi),
        (want.code(), want.code()),
        "{what}: rank {} got {:?}; statuses over the ranks {lo}..{hi}, want {}",
        comm.rank,
        r,
        want
    );
}

pub(crate) struct Rng(u64);
impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

/// The whole problem, the same on every rank (same seed): the distribution and every
/// rank's parts of indices.
pub(crate) struct Problem {
    pub(crate) distrib: Vec<i64>,
    pub(crate) idx: Vec<Vec<Vec<i64>>>, // [rank][part][i]
}

impl Problem {
    pub(crate) fn random(nranks: usize, seed: u64, max_parts: u64) -> Problem {
        let mut g = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut distrib = vec![0i64];
        for _ in 0..nranks {
            let d = if g.below(4) == 0 { 0 } else { g.below(7) as i64 };
            distrib.push(distrib.last().unwrap() + d);
        }
        let n = *distrib.last().unwrap();
        let mut idx = Vec::new();
        for _ in 0..nranks {
            let np = if max_parts <= 1 {
                1
            } else {
                g.below(max_parts + 1) as usize
            };
            let mut parts = Vec::new();
            for _ in 0..np {
                let len = if n == 0 || g.below(5) == 0 {
                    0
                } else {
                    g.below(9) as usize
                };
                parts.push((0..len).map(|_| g.below(n as u64) as i64).collect());
            }
            idx.push(parts);
        }
        Problem { distrib, idx }
    }

    pub(crate) fn n(&self) -> usize {
        *self.distrib.last().unwrap() as usize
    }
    pub(crate) fn lo(&self, r: usize) -> usize {
        self.distrib[r] as usize
    }
    pub(crate) fn dn(&self, r: usize) -> usize {
        (self.distrib[r + 1] - self.distrib[r]) as usize
    }
    pub(crate) fn parts(&self, r: usize) -> Vec<&[i64]> {
        self.idx[r].iter().map(|p| p.as_slice()).collect()
    }
    pub(crate) fn indexer(&self, comm: &Comm) -> Indexer {
        Indexer::new_multi(&self.distrib, &self.parts(comm.rank), comm.f).unwrap()
    }
    /// Every (rank, part, position, global index) in arrival order.
    pub(crate) fn arrivals(&self) -> Vec<(usize, usize, usize, usize)> {
        let mut v = Vec::new();
        for (r, parts) in self.idx.iter().enumerate() {
            for (k, p) in parts.iter().enumerate() {
                for (i, &g) in p.iter().enumerate() {
                    v.push((r, k, i, g as usize));
                }
            }
        }
        v
    }
}

/// A value for (rank, part, position, unit) in round `s`.
pub(crate) fn val(s: u64, r: usize, k: usize, i: usize, u: usize) -> i64 {
    let x = (s as i64 * 1_000_003) ^ ((r as i64) << 40) ^ ((k as i64) << 28) ^ ((i as i64) << 12) ^ (u as i64);
    (x.wrapping_mul(0x5851_f42d) >> 7) % 100_000
}

/// The global array in round s: item g has `c` units g*1000 + u (as T).
pub(crate) fn global_items(n: usize, c: usize, s: u64) -> Vec<i64> {
    (0..n * c)
        .map(|x| (x / c) as i64 * 1000 + (x % c) as i64 + s as i64 * 7)
        .collect()
}

pub(crate) fn owner(p: &Problem, g: usize) -> usize {
    (0..p.distrib.len() - 1)
        .find(|&r| p.distrib[r] as usize <= g && g < p.distrib[r + 1] as usize)
        .unwrap()
}

/// Sentinel for output bytes weft must not write.
pub(crate) const SENT: i64 = -7777;

/// One borrowed slice per part, as the exchanges take them.
pub(crate) fn slices<T>(v: &[Vec<T>]) -> Vec<&[T]> {
    v.iter().map(|x| x.as_slice()).collect()
}

/// One mutable slice per part.
pub(crate) fn slices_mut<T>(v: &mut [Vec<T>]) -> Vec<&mut [T]> {
    v.iter_mut().map(|x| x.as_mut_slice()).collect()
}
