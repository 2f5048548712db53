//! Feature `mpi`: the global indexer (weft::mpi::Indexer) and monoids under mpirun. Run
//! it with any number of ranks (ctest: 1, 2, 3, 4):
//!
//!   mpirun --oversubscribe -np 3 target/debug/deps/indexer-<hash>
//!
//! (or `cargo test --features mpi --test indexer`, a singleton MPI run with one rank).
//! No test harness (`harness = false`): MPI is initialised once and every check runs in
//! order on every rank. A failed check prints the rank and aborts all ranks.
//!
//! * seed 001's worked examples, exactly, on 3 ranks (Take count 2, Put with write
//!   priority, Put MAX, Take_v, Put_v, Put_v extend; T10: 13.1, not 30.1);
//! * for any number of ranks, random problems (distributions with empty ranks, parts
//!   with duplicates and empty lists) checked against a serial simulation of the global
//!   array: take, put (last writer and monoids, floating-point order included),
//!   put_alloc, take_v, take_v_into, put_v (extend, init), access counts, split phase,
//!   on MPI_COMM_WORLD and on a split communicator;
//! * a user-defined monoid on a #[repr(C)] struct unit;
//! * errors: one rank wrong (index out of range, short buffer, wrong counts, …) gives
//!   the same status on every rank and no deadlock, and the indexer still works after.
use std::ffi::c_void;
use std::os::raw::c_int;
use std::ptr;

use weft::mpi::{scope, Indexer};
use weft::{Datatype, Monoid, MonoidOp, Pod, Predefined, Status};

// ---- Open MPI, the few calls the test needs (handles are pointers) -------------------
#[allow(non_camel_case_types)]
type MPI_Comm = *mut c_void;
#[repr(C)]
struct Opaque {
    _p: [u8; 0],
}
#[link(name = "mpi")]
extern "C" {
    static ompi_mpi_comm_world: Opaque;
    static ompi_mpi_int: Opaque;
    static ompi_mpi_op_min: Opaque;
    static ompi_mpi_op_max: Opaque;
    fn MPI_Init(argc: *mut c_int, argv: *mut c_void) -> c_int;
    fn MPI_Finalize() -> c_int;
    fn MPI_Abort(comm: MPI_Comm, code: c_int) -> c_int;
    fn MPI_Comm_rank(comm: MPI_Comm, rank: *mut c_int) -> c_int;
    fn MPI_Comm_size(comm: MPI_Comm, size: *mut c_int) -> c_int;
    fn MPI_Comm_split(comm: MPI_Comm, color: c_int, key: c_int, out: *mut MPI_Comm) -> c_int;
    fn MPI_Comm_free(comm: *mut MPI_Comm) -> c_int;
    fn MPI_Comm_c2f(comm: MPI_Comm) -> c_int;
    fn MPI_Barrier(comm: MPI_Comm) -> c_int;
    fn MPI_Allreduce(
        s: *const c_void,
        r: *mut c_void,
        n: c_int,
        t: *mut c_void,
        op: *mut c_void,
        comm: MPI_Comm,
    ) -> c_int;
}

#[allow(unused_unsafe)]
fn world() -> MPI_Comm {
    unsafe { ptr::addr_of!(ompi_mpi_comm_world) as MPI_Comm }
}

/// A communicator: its C handle, Fortran handle, rank and size.
#[derive(Clone, Copy)]
struct Comm {
    c: MPI_Comm,
    f: i32,
    rank: usize,
    size: usize,
}

impl Comm {
    fn new(c: MPI_Comm) -> Comm {
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
    #[allow(unused_unsafe)]
    fn min_max(&self, v: i32) -> (i32, i32) {
        let (mut lo, mut hi) = (0i32, 0i32);
        unsafe {
            let t = ptr::addr_of!(ompi_mpi_int) as *mut c_void;
            MPI_Allreduce(
                &v as *const i32 as *const c_void,
                &mut lo as *mut i32 as *mut c_void,
                1,
                t,
                ptr::addr_of!(ompi_mpi_op_min) as *mut c_void,
                self.c,
            );
            MPI_Allreduce(
                &v as *const i32 as *const c_void,
                &mut hi as *mut i32 as *mut c_void,
                1,
                t,
                ptr::addr_of!(ompi_mpi_op_max) as *mut c_void,
                self.c,
            );
        }
        (lo, hi)
    }

    fn barrier(&self) {
        unsafe { MPI_Barrier(self.c) };
    }
}

fn abort_all(code: i32) -> ! {
    unsafe { MPI_Abort(world(), code) };
    std::process::exit(code)
}

/// The status a result carries (0 for Ok).
fn code<T>(r: &weft::Result<T>) -> i32 {
    match r {
        Ok(_) => 0,
        Err(e) => e.code(),
    }
}

/// Every rank got the same status, and it is `want`.
fn same_status<T: std::fmt::Debug>(comm: &Comm, what: &str, r: &weft::Result<T>, want: Status) {
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

// ---- Deterministic random problems ---------------------------------------------------

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

/// The whole problem, the same on every rank (same seed): the distribution and every
/// rank's parts of indices.
struct Problem {
    distrib: Vec<i64>,
    idx: Vec<Vec<Vec<i64>>>, // [rank][part][i]
}

impl Problem {
    fn random(nranks: usize, seed: u64, max_parts: u64) -> Problem {
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

    fn n(&self) -> usize {
        *self.distrib.last().unwrap() as usize
    }
    fn lo(&self, r: usize) -> usize {
        self.distrib[r] as usize
    }
    fn dn(&self, r: usize) -> usize {
        (self.distrib[r + 1] - self.distrib[r]) as usize
    }
    fn parts(&self, r: usize) -> Vec<&[i64]> {
        self.idx[r].iter().map(|p| p.as_slice()).collect()
    }
    fn indexer(&self, comm: &Comm) -> Indexer {
        Indexer::new_multi(&self.distrib, &self.parts(comm.rank), comm.f).unwrap()
    }
    /// Every (rank, part, position, global index) in arrival order.
    fn arrivals(&self) -> Vec<(usize, usize, usize, usize)> {
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
fn val(s: u64, r: usize, k: usize, i: usize, u: usize) -> i64 {
    let x = (s as i64 * 1_000_003) ^ ((r as i64) << 40) ^ ((k as i64) << 28) ^ ((i as i64) << 12) ^ (u as i64);
    (x.wrapping_mul(0x5851_f42d) >> 7) % 100_000
}

// ---- Seed 001, worked examples on 3 ranks ------------------------------------------------

fn seed_examples(comm: &Comm) {
    let r = comm.rank;
    let distri = [0i64, 2, 4, 5];
    let idx: [&[i64]; 3] = [&[4, 0], &[1, 3], &[0]];
    let gi = Indexer::new(&distri, idx[r], comm.f).unwrap();
    assert_eq!(gi.dist_size(), [2, 2, 1][r]);
    assert_eq!(gi.nparts(), 1);
    assert_eq!(gi.part_sizes(), &[[2usize, 2, 1][r]]);
    assert_eq!(gi.part_size(0).unwrap(), [2, 2, 1][r]);
    assert_eq!(gi.part_size(1).unwrap_err().status(), Status::InvalidIndex);
    let access: [&[i64]; 3] = [&[2, 1], &[0, 1], &[1]];
    assert_eq!(gi.access_counts().unwrap(), access[r]);

    // Take, count 2.
    let i64t = Datatype::int64();
    let dist: [&[i64]; 3] = [&[3, 5, 5, 7], &[11, 13, 17, 19], &[29, 31]];
    let mut extr = vec![0i64; 2 * idx[r].len()];
    gi.take(dist[r], 2, &i64t, &mut extr).unwrap();
    let want: [&[i64]; 3] = [&[29, 31, 3, 5], &[5, 7, 17, 19], &[3, 5]];
    assert_eq!(extr, want[r], "Take count=2");

    // Put: write priority (rank 2 negated, comes last at index 0).
    let dn = (distri[r + 1] - distri[r]) as usize;
    if r == 2 {
        for v in extr.iter_mut() {
            *v = -*v;
        }
        assert_eq!(extr, [-3, -5]);
    }
    let mut new = vec![0i64; 2 * dn];
    gi.put(&extr, 2, &i64t, None, &mut new).unwrap();
    let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    assert_eq!(new, want[r], "Put (last writer wins)");

    // Put MAX, onto the previous result (the documented call) and onto fresh zeros.
    let max = Monoid::of::<i64>(MonoidOp::Max).unwrap();
    gi.put(&extr, 2, &i64t, Some(&max), &mut new).unwrap();
    let want: [&[i64]; 3] = [&[3, 5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    assert_eq!(new, want[r], "Put MAX");
    let mut zeros = vec![0i64; 2 * dn];
    gi.put(&extr, 2, &i64t, Some(&max), &mut zeros).unwrap();
    assert_eq!(zeros, want[r], "Put MAX onto zeros");
    // Allocating mode: starts from MAX's identity; index 2 is written by nobody.
    let alloc = gi.put_alloc(&extr, 2, &i64t, Some(&max)).unwrap();
    let m = i64::MIN;
    let want: [&[i64]; 3] = [&[3, 5, 5, 7], &[m, m, 17, 19], &[29, 31]];
    assert_eq!(alloc, want[r], "Put MAX, allocating");
    // Allocating without reduction: zero bytes where nobody writes.
    let alloc = gi.put_alloc(&extr, 2, &i64t, None).unwrap();
    let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    assert_eq!(alloc, want[r], "Put, allocating");

    // Split phase, the same Take and Put.
    let mut extr2 = vec![0i64; 2 * idx[r].len()];
    let mut new2 = vec![0i64; 2 * dn];
    scope(|s| {
        let t = gi.take_begin(s, dist[r], 2, &i64t, &mut extr2).unwrap();
        let p = gi.put_begin(s, &extr, 2, &i64t, None, &mut new2).unwrap();
        let put_out = p.wait().unwrap(); // completed in the other order than started
        let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
        assert_eq!(put_out, want[r], "put_begin, handed back by wait");
        let take_out = t.wait().unwrap();
        take_out[0] += 1000; // the buffer is ours again inside the scope
    });
    extr2[0] -= 1000;
    let want: [&[i64]; 3] = [&[29, 31, 3, 5], &[5, 7, 17, 19], &[3, 5]];
    assert_eq!(extr2, want[r], "take_begin");
    let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    assert_eq!(new2, want[r], "put_begin");

    // Take_v.
    let counts: [&[i64]; 3] = [&[1, 1], &[1, 2], &[3]];
    let data: [&[i64]; 3] = [&[1, 11], &[21, 12, 11], &[11, 12, 21]];
    let (co, vo) = gi.take_v(counts[r], data[r], &i64t).unwrap();
    let wc: [&[i64]; 3] = [&[3, 1], &[1, 2], &[1]];
    let wv: [&[i64]; 3] = [&[11, 12, 21, 1], &[11, 12, 11], &[1]];
    assert_eq!((co.as_slice(), vo.as_slice()), (wc[r], wv[r]), "Take_v");
    // The same into caller buffers; rank 0 gives too little room once.
    let mut c2 = vec![-1i64; idx[r].len()];
    let mut v2 = vec![0i64; wv[r].len()];
    let short = if r == 0 { 3 } else { v2.len() };
    let res = gi.take_v_into(counts[r], data[r], &i64t, &mut c2, &mut v2[..short]);
    if r == 0 {
        assert_eq!(res.unwrap_err().status(), Status::InsufficientSpace);
        assert_eq!(c2, wc[r], "counts are written even without room");
        assert_eq!(v2, [0, 0, 0, 0], "no values without room");
    } else {
        assert_eq!(res.unwrap(), wv[r].len());
    }
    let n = gi.take_v_into(counts[r], data[r], &i64t, &mut c2, &mut v2).unwrap();
    assert_eq!(
        (n, c2.as_slice(), v2.as_slice()),
        (wv[r].len(), wc[r], wv[r]),
        "take_v_into"
    );
    // Split phase: take_v_begin, and take_v_into_begin with rank 0 short of room (found
    // at wait: its counts are written, its values are not).
    let (mut c3, mut v3) = (vec![-1i64; idx[r].len()], vec![0i64; wv[r].len()]);
    let short = if r == 0 { 3 } else { v3.len() };
    scope(|s| {
        let a = gi.take_v_begin(s, counts[r], data[r], &i64t).unwrap();
        let b = gi
            .take_v_into_begin(s, counts[r], data[r], &i64t, &mut c3, &mut v3[..short])
            .unwrap();
        let res = b.wait();
        if r == 0 {
            assert_eq!(res.unwrap_err().status(), Status::InsufficientSpace);
        } else {
            let (c, v, n) = res.unwrap();
            assert_eq!((&c[..], &v[..], n), (wc[r], wv[r], wv[r].len()), "take_v_into_begin");
        }
        let (co, vo) = a.wait().unwrap();
        assert_eq!((co.as_slice(), vo.as_slice()), (wc[r], wv[r]), "take_v_begin");
    });
    assert_eq!(c3, wc[r], "take_v_into_begin: counts written");
    if r == 0 {
        assert_eq!(v3, [0, 0, 0, 0], "take_v_into_begin: no values without room");
    } else {
        assert_eq!(v3, wv[r]);
    }

    // Put_v (float32), the last writer wins; then extend.
    let f32t = Datatype::float();
    let pc: [&[i64]; 3] = [&[1, 3], &[0, 1], &[2]];
    let pv: [&[f32]; 3] = [&[4.1, 0.1, 0.2, 0.3], &[13.1], &[20.1, 20.2]];
    let (cn, dv) = gi.put_v(pc[r], pv[r], &f32t, false, None).unwrap();
    let wc: [&[i64]; 3] = [&[2, 0], &[0, 1], &[1]];
    let wv: [&[f32]; 3] = [&[20.1, 20.2], &[13.1], &[4.1]];
    assert_eq!((cn.as_slice(), dv.as_slice()), (wc[r], wv[r]), "Put_v");
    seed_put_v_into(&gi, pc[r], pv[r], &f32t, false, None, wc[r], wv[r], "Put_v");
    let (cn, dv) = gi.put_v(pc[r], pv[r], &f32t, true, None).unwrap();
    let wc: [&[i64]; 3] = [&[5, 0], &[0, 1], &[1]];
    let wv: [&[f32]; 3] = [&[0.1, 0.2, 0.3, 20.1, 20.2], &[13.1], &[4.1]];
    assert_eq!((cn.as_slice(), dv.as_slice()), (wc[r], wv[r]), "Put_v extend");
    seed_put_v_into(&gi, pc[r], pv[r], &f32t, true, None, wc[r], wv[r], "Put_v extend");
    // With initial data: unreferenced index 2 keeps its block; extend appends.
    let ic: [&[i64]; 3] = [&[1, 1], &[2, 0], &[1]];
    let iv: [&[f32]; 3] = [&[-0.5, -1.5], &[-2.5, -2.75], &[-4.5]];
    let (cn, dv) = gi.put_v(pc[r], pv[r], &f32t, false, Some((ic[r], iv[r]))).unwrap();
    let wc: [&[i64]; 3] = [&[2, 0], &[2, 1], &[1]];
    let wv: [&[f32]; 3] = [&[20.1, 20.2], &[-2.5, -2.75, 13.1], &[4.1]];
    assert_eq!((cn.as_slice(), dv.as_slice()), (wc[r], wv[r]), "Put_v with init");
    let init = Some((ic[r], iv[r]));
    seed_put_v_into(&gi, pc[r], pv[r], &f32t, false, init, wc[r], wv[r], "Put_v with init");
    let (cn, dv) = gi.put_v(pc[r], pv[r], &f32t, true, Some((ic[r], iv[r]))).unwrap();
    let wc: [&[i64]; 3] = [&[6, 1], &[2, 1], &[2]];
    let wv: [&[f32]; 3] = [
        &[-0.5, 0.1, 0.2, 0.3, 20.1, 20.2, -1.5],
        &[-2.5, -2.75, 13.1],
        &[-4.5, 4.1],
    ];
    assert_eq!((cn.as_slice(), dv.as_slice()), (wc[r], wv[r]), "Put_v extend with init");
    seed_put_v_into(
        &gi,
        pc[r],
        pv[r],
        &f32t,
        true,
        init,
        wc[r],
        wv[r],
        "Put_v extend with init",
    );
    // Too little room on rank 0 (needs 7 units): the error says so and nothing is
    // written there; ranks 1 and 2 complete.
    let (mut dc, mut dv) = (vec![-1i64; wc[r].len()], vec![-9f32; [6, 3, 2][r]]);
    let res = gi.put_v_into(pc[r], pv[r], &f32t, true, init, &mut dc, &mut dv);
    if r == 0 {
        let e = res.unwrap_err();
        assert_eq!((e.status(), e.needed()), (Status::InsufficientSpace, Some(7)));
        assert_eq!((dc, dv), (vec![-1; 2], vec![-9.0; 6]), "nothing written without room");
    } else {
        assert_eq!(res.unwrap(), wv[r].len());
        assert_eq!((dc.as_slice(), dv.as_slice()), (wc[r], wv[r]));
    }
}

/// put_v_into, put_v_in_place, put_v_begin and put_v_into_begin give exactly the owned
/// items `(wc, wv)` of a worked Put_v example.
#[allow(clippy::too_many_arguments)]
fn seed_put_v_into(
    gi: &Indexer,
    pc: &[i64],
    pv: &[f32],
    unit: &Datatype,
    extend: bool,
    init: Option<(&[i64], &[f32])>,
    wc: &[i64],
    wv: &[f32],
    what: &str,
) {
    let dn = wc.len();
    let (mut dc, mut dv) = (vec![-1i64; dn], vec![-9f32; wv.len() + 1]);
    let n = gi.put_v_into(pc, pv, unit, extend, init, &mut dc, &mut dv).unwrap();
    assert_eq!(
        (n, &dc[..], &dv[..n], dv[n]),
        (wv.len(), wc, wv, -9.0),
        "{what}: put_v_into"
    );
    let (mut ic, mut iv) = match init {
        Some((c, v)) => (c.to_vec(), v.to_vec()),
        None => (vec![0; dn], vec![]),
    };
    iv.resize(wv.len().max(iv.len()), -9.0);
    let n = gi.put_v_in_place(pc, pv, unit, extend, &mut ic, &mut iv).unwrap();
    assert_eq!((n, &ic[..], &iv[..n]), (wv.len(), wc, wv), "{what}: put_v_in_place");
    let (mut dc, mut dv) = (vec![-1i64; dn], vec![-9f32; wv.len()]);
    scope(|s| {
        let a = gi
            .put_v_into_begin(s, pc, pv, unit, extend, init, &mut dc, &mut dv)
            .unwrap();
        let b = gi.put_v_begin(s, pc, pv, unit, extend, init).unwrap();
        assert_eq!(b.wait().unwrap(), (wc.to_vec(), wv.to_vec()), "{what}: put_v_begin");
        let (c, v, n) = a.wait().unwrap();
        assert_eq!((&c[..], &v[..], n), (wc, wv, wv.len()), "{what}: put_v_into_begin");
    });
}

// ---- Properties against the serial simulation ---------------------------------------------

/// The global array in round s: item g has `c` units g*1000 + u (as T).
fn global_items(n: usize, c: usize, s: u64) -> Vec<i64> {
    (0..n * c)
        .map(|x| (x / c) as i64 * 1000 + (x % c) as i64 + s as i64 * 7)
        .collect()
}

fn check_take_put(comm: &Comm, p: &Problem, gi: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    for c in [1usize, 3] {
        let g = global_items(p.n(), c, s);
        let dist_i32: Vec<i32> = g[lo * c..(lo + dn) * c].iter().map(|&x| x as i32).collect();
        // take, every part
        let mut outs: Vec<Vec<i32>> = p.idx[r].iter().map(|q| vec![-1; q.len() * c]).collect();
        {
            let mut refs: Vec<&mut [i32]> = outs.iter_mut().map(|v| v.as_mut_slice()).collect();
            gi.take_parts(&dist_i32, c as i64, &Datatype::int32(), &mut refs)
                .unwrap();
        }
        for (k, q) in p.idx[r].iter().enumerate() {
            let want: Vec<i32> = q
                .iter()
                .flat_map(|&x| (0..c).map(move |u| x as usize * c + u))
                .map(|x| g[x] as i32)
                .collect();
            assert_eq!(outs[k], want, "take c={c} part {k}");
        }

        // put, last writer: values of every rank's parts, simulated globally.
        let parts_v: Vec<Vec<i64>> = (0..p.idx[r].len())
            .map(|k| (0..p.idx[r][k].len() * c).map(|x| val(s, r, k, x / c, x % c)).collect())
            .collect();
        let init: Vec<i64> = (0..dn * c).map(|x| -1 - x as i64).collect();
        let mut sim: Vec<i64> = (0..p.n() * c)
            .map(|x| -1 - (x - p.lo(owner(p, x / c)) * c) as i64)
            .collect();
        let mut sim_plus = sim.clone();
        let mut sim_max = vec![i64::MIN; p.n() * c];
        let mut sim_fsum: Vec<f64> = (0..p.n() * c).map(|x| 0.1 * x as f64).collect();
        let mut sim_bor = vec![0u32; p.n() * c];
        for (rr, k, i, gidx) in p.arrivals() {
            for u in 0..c {
                let v = val(s, rr, k, i, u);
                let at = gidx * c + u;
                sim[at] = v;
                sim_plus[at] += v;
                sim_max[at] = sim_max[at].max(v);
                sim_fsum[at] += v as f64 * 1e-3 + 1e10 * ((v % 3) as f64); // order-sensitive
                sim_bor[at] |= v as u32;
            }
        }
        let mine = |v: &[i64]| v[lo * c..(lo + dn) * c].to_vec();
        let prefs: Vec<&[i64]> = parts_v.iter().map(|v| v.as_slice()).collect();
        let i64t = Datatype::int64();

        let mut d = init.clone();
        gi.put_parts(&prefs, c as i64, &i64t, None, &mut d).unwrap();
        assert_eq!(d, mine(&sim), "put c={c}");
        let mut d = init.clone();
        let plus = Monoid::of::<i64>(MonoidOp::Plus).unwrap();
        gi.put_parts(&prefs, c as i64, &i64t, Some(&plus), &mut d).unwrap();
        assert_eq!(d, mine(&sim_plus), "put PLUS c={c}");
        let max = Monoid::of::<i64>(MonoidOp::Max).unwrap();
        let d = gi.put_alloc_parts(&prefs, c as i64, &i64t, Some(&max)).unwrap();
        assert_eq!(d, mine(&sim_max), "put_alloc MAX c={c}");
        // floating point: the exact arrival order shows in the bits
        let fparts: Vec<Vec<f64>> = parts_v
            .iter()
            .map(|v| v.iter().map(|&x| x as f64 * 1e-3 + 1e10 * ((x % 3) as f64)).collect())
            .collect();
        let frefs: Vec<&[f64]> = fparts.iter().map(|v| v.as_slice()).collect();
        let mut fd: Vec<f64> = (lo * c..(lo + dn) * c).map(|x| 0.1 * x as f64).collect();
        let fplus = Monoid::of::<f64>(MonoidOp::Plus).unwrap();
        gi.put_parts(&frefs, c as i64, &Datatype::double(), Some(&fplus), &mut fd)
            .unwrap();
        let fwant = &sim_fsum[lo * c..(lo + dn) * c];
        assert!(
            fd.iter().zip(fwant).all(|(a, b)| a.to_bits() == b.to_bits()),
            "put PLUS fp64 c={c}: {fd:?} vs {fwant:?}"
        );
        // a predefined monoid on a type of the same representation: BOR_UINT32 on WEFT_UNSIGNED
        let uparts: Vec<Vec<u32>> = parts_v.iter().map(|v| v.iter().map(|&x| x as u32).collect()).collect();
        let urefs: Vec<&[u32]> = uparts.iter().map(|v| v.as_slice()).collect();
        let bor = Monoid::of::<u32>(MonoidOp::Bor).unwrap();
        let ud = gi
            .put_alloc_parts(&urefs, c as i64, &Datatype::unsigned(), Some(&bor))
            .unwrap();
        assert_eq!(ud, sim_bor[lo * c..(lo + dn) * c].to_vec(), "put_alloc BOR c={c}");
    }
}

fn owner(p: &Problem, g: usize) -> usize {
    (0..p.distrib.len() - 1)
        .find(|&r| p.distrib[r] as usize <= g && g < p.distrib[r + 1] as usize)
        .unwrap()
}

fn check_var(comm: &Comm, p: &Problem, gi: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    // Global variable items: item g has (g*5 + s) % 4 units g*100 + u.
    let gcount = |g: usize| ((g * 5 + s as usize) % 4) as i64;
    let gvals = |g: usize| (0..gcount(g)).map(move |u| g as i64 * 100 + u);
    let dc: Vec<i64> = (lo..lo + dn).map(gcount).collect();
    let dv: Vec<i64> = (lo..lo + dn).flat_map(gvals).collect();
    let i64t = Datatype::int64();
    let got = gi.take_v_parts(&dc, &dv, &i64t).unwrap();
    assert_eq!(got.len(), p.idx[r].len());
    for (k, q) in p.idx[r].iter().enumerate() {
        let wc: Vec<i64> = q.iter().map(|&g| gcount(g as usize)).collect();
        let wv: Vec<i64> = q.iter().flat_map(|&g| gvals(g as usize)).collect();
        assert_eq!(got[k], (wc, wv), "take_v part {k}");
    }
    // into caller buffers, exact sizes
    let mut cbufs: Vec<Vec<i64>> = p.idx[r].iter().map(|q| vec![0; q.len()]).collect();
    let mut vbufs: Vec<Vec<i64>> = got.iter().map(|(_, v)| vec![0; v.len()]).collect();
    {
        let mut cr: Vec<&mut [i64]> = cbufs.iter_mut().map(|v| v.as_mut_slice()).collect();
        let mut vr: Vec<&mut [i64]> = vbufs.iter_mut().map(|v| v.as_mut_slice()).collect();
        let n = gi.take_v_into_parts(&dc, &dv, &i64t, &mut cr, &mut vr).unwrap();
        assert_eq!(n, got.iter().map(|(_, v)| v.len()).collect::<Vec<_>>());
    }
    for k in 0..got.len() {
        assert_eq!((&cbufs[k], &vbufs[k]), (&got[k].0, &got[k].1), "take_v_into part {k}");
    }

    // put_v: part item (rank, k, i) carries (r + k + i + s) % 3 units.
    let pcount = |rr: usize, k: usize, i: usize| ((rr + k + i + s as usize) % 3) as i64;
    let pvals = |rr: usize, k: usize, i: usize| (0..pcount(rr, k, i)).map(move |u| val(s, rr, k, i, u as usize));
    let parts: Vec<(Vec<i64>, Vec<i64>)> = p.idx[r]
        .iter()
        .enumerate()
        .map(|(k, q)| {
            let c: Vec<i64> = (0..q.len()).map(|i| pcount(r, k, i)).collect();
            let v: Vec<i64> = (0..q.len()).flat_map(|i| pvals(r, k, i)).collect();
            (c, v)
        })
        .collect();
    let prefs: Vec<(&[i64], &[i64])> = parts.iter().map(|(c, v)| (c.as_slice(), v.as_slice())).collect();
    let init_c: Vec<i64> = (lo..lo + dn).map(|g| (g % 2) as i64).collect();
    let init_v: Vec<i64> = (lo..lo + dn).filter(|g| g % 2 == 1).map(|g| -(g as i64)).collect();
    for extend in [false, true] {
        for with_init in [false, true] {
            let mut blocks: Vec<Vec<i64>> = (0..p.n())
                .map(|g| {
                    if with_init && g % 2 == 1 {
                        vec![-(g as i64)]
                    } else {
                        vec![]
                    }
                })
                .collect();
            for (rr, k, i, g) in p.arrivals() {
                let b: Vec<i64> = pvals(rr, k, i).collect();
                if extend {
                    blocks[g].extend(b);
                } else {
                    blocks[g] = b;
                }
            }
            let wc: Vec<i64> = (lo..lo + dn).map(|g| blocks[g].len() as i64).collect();
            let wv: Vec<i64> = (lo..lo + dn).flat_map(|g| blocks[g].clone()).collect();
            let init = if with_init {
                Some((init_c.as_slice(), init_v.as_slice()))
            } else {
                None
            };
            let got = gi.put_v_parts(&prefs, &i64t, extend, init).unwrap();
            assert_eq!(got, (wc.clone(), wv.clone()), "put_v extend={extend} init={with_init}");
            check_put_v_into(comm, gi, &prefs, &i64t, extend, init, &wc, &wv, s);
        }
    }

    // access counts
    let mut ac = vec![0i64; dn];
    for (_, _, _, g) in p.arrivals() {
        if g >= lo && g < lo + dn {
            ac[g - lo] += 1;
        }
    }
    assert_eq!(gi.access_counts().unwrap(), ac, "access_counts");
}

/// Sentinel for output bytes weft must not write.
const SENT: i64 = -7777;

/// put_v_into / put_v_in_place (`_parts` forms) against the owned items `(wc, wv)` the
/// blocking put_v gave: exact room, spare room (untouched after the result), too little
/// room on some ranks (the error carries `needed`, nothing is written there, the other
/// ranks complete), and in place (with too little room: the initial items stay).
#[allow(clippy::too_many_arguments)]
fn check_put_v_into(
    comm: &Comm,
    gi: &Indexer,
    prefs: &[(&[i64], &[i64])],
    unit: &Datatype,
    extend: bool,
    init: Option<(&[i64], &[i64])>,
    wc: &[i64],
    wv: &[i64],
    s: u64,
) {
    let r = comm.rank;
    let dn = wc.len();
    let what = format!("put_v_into extend={extend} init={}", init.is_some());
    // exact room
    let (mut dc, mut dv) = (vec![SENT; dn], vec![SENT; wv.len()]);
    let n = gi
        .put_v_into_parts(prefs, unit, extend, init, &mut dc, &mut dv)
        .unwrap();
    assert_eq!((n, &dc[..], &dv[..]), (wv.len(), wc, wv), "{what}, exact room");
    // spare room
    let (mut dc, mut dv) = (vec![SENT; dn], vec![SENT; wv.len() + 3]);
    let n = gi
        .put_v_into_parts(prefs, unit, extend, init, &mut dc, &mut dv)
        .unwrap();
    assert_eq!((n, &dc[..], &dv[..n]), (wv.len(), wc, wv), "{what}, spare room");
    assert!(dv[n..].iter().all(|&x| x == SENT), "{what}: written after the result");
    // too little room on some ranks
    let short = !wv.is_empty() && (r + s as usize) % 2 == 0;
    let (mut dc, mut dv) = (vec![SENT; dn], vec![SENT; wv.len() - usize::from(short)]);
    let res = gi.put_v_into_parts(prefs, unit, extend, init, &mut dc, &mut dv);
    if short {
        let e = res.unwrap_err();
        assert_eq!(e.status(), Status::InsufficientSpace, "{what}, short: {e}");
        assert_eq!(e.needed(), Some(wv.len()), "{what}, short: needed");
        assert!(
            dc.iter().chain(&dv).all(|&x| x == SENT),
            "{what}, short: nothing is written"
        );
    } else {
        assert_eq!(res.unwrap(), wv.len(), "{what}, others complete");
        assert_eq!((&dc[..], &dv[..]), (wc, wv), "{what}, others complete");
    }
    // in place: the buffers hold the initial items (without init: zero counts)
    let (ic, iv): (Vec<i64>, Vec<i64>) = match init {
        Some((c, v)) => (c.to_vec(), v.to_vec()),
        None => (vec![0; dn], Vec::new()),
    };
    let room = wv.len().max(iv.len());
    let (mut dc, mut dv) = (ic.clone(), iv.clone());
    dv.resize(room + 2, SENT);
    let n = gi.put_v_in_place_parts(prefs, unit, extend, &mut dc, &mut dv).unwrap();
    assert_eq!((n, &dc[..], &dv[..n]), (wv.len(), wc, wv), "{what}, in place");
    assert!(
        dv[room..].iter().all(|&x| x == SENT),
        "{what}, in place: written after the result"
    );
    // in place with too little room (possible only when the result outgrows the initial
    // items): the initial items stay as they were
    let short = wv.len() > iv.len() && (r + s as usize) % 2 == 1;
    let (mut dc, mut dv) = (ic.clone(), iv.clone());
    dv.resize(if short { wv.len() - 1 } else { wv.len().max(iv.len()) }, SENT);
    let res = gi.put_v_in_place_parts(prefs, unit, extend, &mut dc, &mut dv);
    if short {
        let e = res.unwrap_err();
        assert_eq!(
            (e.status(), e.needed()),
            (Status::InsufficientSpace, Some(wv.len())),
            "{what}, in place, short"
        );
        assert_eq!(
            (&dc[..], &dv[..iv.len()]),
            (&ic[..], &iv[..]),
            "{what}, in place, short: kept"
        );
        assert!(dv[iv.len()..].iter().all(|&x| x == SENT), "{what}, in place, short");
    } else {
        assert_eq!(res.unwrap(), wv.len());
        assert_eq!(
            (&dc[..], &dv[..wv.len()]),
            (wc, wv),
            "{what}, in place, others complete"
        );
    }
}

/// The split-phase forms of take_v / put_v against the blocking calls: every begin form
/// with five requests outstanding, waited in reverse order (odd ranks: another order);
/// too little room found at wait; a request dropped unwaited and one leaked.
fn check_split_v(comm: &Comm, p: &Problem, gi: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    let i64t = Datatype::int64();
    // Owned variable items: item g has (3g + s) % 4 units g*100 - u.
    let gcount = |g: usize| ((g * 3 + s as usize) % 4) as i64;
    let gvals = |g: usize| (0..gcount(g)).map(move |u| g as i64 * 100 - u);
    let dc: Vec<i64> = (lo..lo + dn).map(gcount).collect();
    let dv: Vec<i64> = (lo..lo + dn).flat_map(gvals).collect();
    let want_take = gi.take_v_parts(&dc, &dv, &i64t).unwrap();
    for (k, q) in p.idx[r].iter().enumerate() {
        let wc: Vec<i64> = q.iter().map(|&g| gcount(g as usize)).collect();
        let wv: Vec<i64> = q.iter().flat_map(|&g| gvals(g as usize)).collect();
        assert_eq!(want_take[k], (wc, wv), "take_v part {k} (split-phase reference)");
    }
    // Put: part item (rank, k, i) carries (r + 2k + i + s) % 3 units.
    let pcount = |rr: usize, k: usize, i: usize| ((rr + 2 * k + i + s as usize) % 3) as i64;
    let parts: Vec<(Vec<i64>, Vec<i64>)> = p.idx[r]
        .iter()
        .enumerate()
        .map(|(k, q)| {
            let c: Vec<i64> = (0..q.len()).map(|i| pcount(r, k, i)).collect();
            let v: Vec<i64> = (0..q.len())
                .flat_map(|i| (0..pcount(r, k, i)).map(move |u| val(s + 50, r, k, i, u as usize)))
                .collect();
            (c, v)
        })
        .collect();
    let prefs: Vec<(&[i64], &[i64])> = parts.iter().map(|(c, v)| (c.as_slice(), v.as_slice())).collect();
    let init_c: Vec<i64> = (lo..lo + dn).map(|g| (g % 3 == 0) as i64 * 2).collect();
    let init_v: Vec<i64> = (lo..lo + dn)
        .filter(|g| g % 3 == 0)
        .flat_map(|g| [-(g as i64), -(g as i64) - 1])
        .collect();
    let (extend, with_init) = (s % 2 == 1, s % 4 >= 2);
    let init = if with_init {
        Some((init_c.as_slice(), init_v.as_slice()))
    } else {
        None
    };
    let want_put = gi.put_v_parts(&prefs, &i64t, extend, init).unwrap();
    let (wc, wv) = (&want_put.0, &want_put.1);
    let what = format!("extend={extend} init={with_init}");

    // Every begin form outstanding at once.
    let mut tc: Vec<Vec<i64>> = p.idx[r].iter().map(|q| vec![SENT; q.len()]).collect();
    let mut tv: Vec<Vec<i64>> = want_take.iter().map(|(_, v)| vec![SENT; v.len() + 1]).collect();
    let (mut oc, mut ov) = (vec![SENT; dn], vec![SENT; wv.len() + 1]);
    let (mut pc, mut pv) = match init {
        Some((c, v)) => (c.to_vec(), v.to_vec()),
        None => (vec![0; dn], Vec::new()),
    };
    pv.resize(wv.len().max(pv.len()) + 1, SENT);
    scope(|sc| {
        let ra = gi.take_v_begin_parts(sc, &dc, &dv, &i64t).unwrap();
        let rb = gi
            .take_v_into_begin_parts(
                sc,
                &dc,
                &dv,
                &i64t,
                tc.iter_mut()
                    .zip(tv.iter_mut())
                    .map(|(c, v)| (c.as_mut_slice(), v.as_mut_slice())),
            )
            .unwrap();
        let rc = gi
            .put_v_begin_parts(sc, prefs.iter().copied(), &i64t, extend, init)
            .unwrap();
        let rd = gi
            .put_v_into_begin_parts(sc, prefs.iter().copied(), &i64t, extend, init, &mut oc, &mut ov)
            .unwrap();
        let re = gi
            .put_v_in_place_begin_parts(sc, prefs.iter().copied(), &i64t, extend, &mut pc, &mut pv)
            .unwrap();
        let check_a = |got: Vec<(Vec<i64>, Vec<i64>)>| assert_eq!(got, want_take, "take_v_begin_parts");
        let check_b = |got: Vec<(&mut [i64], &mut [i64], usize)>| {
            assert_eq!(got.len(), want_take.len());
            for (k, (c, v, n)) in got.into_iter().enumerate() {
                let (wtc, wtv) = &want_take[k];
                assert_eq!(n, wtv.len(), "take_v_into_begin_parts units, part {k}");
                assert_eq!(
                    (&c[..], &v[..n]),
                    (&wtc[..], &wtv[..]),
                    "take_v_into_begin_parts part {k}"
                );
            }
        };
        let check_c = |got: (Vec<i64>, Vec<i64>)| assert_eq!(&got, &want_put, "put_v_begin_parts {what}");
        let check_d = |(c, v, n): (&mut [i64], &mut [i64], usize)| {
            assert_eq!(
                (&c[..], &v[..n], n),
                (&wc[..], &wv[..], wv.len()),
                "put_v_into_begin_parts {what}"
            );
        };
        let check_e = |(c, v, n): (&mut [i64], &mut [i64], usize)| {
            assert_eq!(
                (&c[..], &v[..n], n),
                (&wc[..], &wv[..], wv.len()),
                "put_v_in_place_begin_parts {what}"
            );
        };
        if r % 2 == 0 {
            check_e(re.wait().unwrap());
            check_d(rd.wait().unwrap());
            check_c(rc.wait().unwrap());
            check_b(rb.wait().unwrap());
            check_a(ra.wait().unwrap());
        } else {
            check_c(rc.wait().unwrap());
            check_a(ra.wait().unwrap());
            check_e(re.wait().unwrap());
            check_b(rb.wait().unwrap());
            check_d(rd.wait().unwrap());
        }
    });
    for (k, (wtc, wtv)) in want_take.iter().enumerate() {
        assert_eq!(tc[k], *wtc, "take_v_into_begin_parts counts, part {k}");
        assert_eq!(tv[k][..wtv.len()], wtv[..], "take_v_into_begin_parts values, part {k}");
        assert_eq!(
            tv[k][wtv.len()],
            SENT,
            "take_v_into_begin_parts: written after the values"
        );
    }
    assert_eq!(
        (&oc, &ov[..wv.len()], ov[wv.len()]),
        (wc, &wv[..], SENT),
        "put_v_into_begin_parts"
    );
    assert_eq!(&pc, wc, "put_v_in_place_begin_parts");
    assert_eq!(pv[..wv.len()], wv[..], "put_v_in_place_begin_parts");

    // Too little room, found at wait: put_v_into_begin reports needed and writes nothing;
    // take_v_into_begin writes the counts and no values. The other ranks complete.
    let short_put = !wv.is_empty() && (r + s as usize) % 2 == 0;
    let short_take = want_take.iter().any(|(_, v)| !v.is_empty()) && (r + s as usize) % 3 != 1;
    let (mut oc, mut ov) = (vec![SENT; dn], vec![SENT; wv.len() - usize::from(short_put)]);
    let mut tc: Vec<Vec<i64>> = p.idx[r].iter().map(|q| vec![SENT; q.len()]).collect();
    let mut tv: Vec<Vec<i64>> = want_take
        .iter()
        .map(|(_, v)| vec![SENT; v.len().saturating_sub(usize::from(short_take))])
        .collect();
    scope(|sc| {
        let rd = gi
            .put_v_into_begin_parts(sc, prefs.iter().copied(), &i64t, extend, init, &mut oc, &mut ov)
            .unwrap();
        let rb = gi
            .take_v_into_begin_parts(
                sc,
                &dc,
                &dv,
                &i64t,
                tc.iter_mut()
                    .zip(tv.iter_mut())
                    .map(|(c, v)| (c.as_mut_slice(), v.as_mut_slice())),
            )
            .unwrap();
        let eb = rb.wait();
        let ed = rd.wait();
        if short_put {
            let e = ed.unwrap_err();
            assert_eq!(
                (e.status(), e.needed()),
                (Status::InsufficientSpace, Some(wv.len())),
                "put_v_into_begin, short {what}: {e}"
            );
        } else {
            assert_eq!(ed.unwrap().2, wv.len());
        }
        if short_take {
            let e = eb.unwrap_err();
            assert_eq!(e.status(), Status::InsufficientSpace, "take_v_into_begin, short: {e}");
        } else {
            eb.unwrap();
        }
    });
    if short_put {
        assert!(
            oc.iter().chain(&ov).all(|&x| x == SENT),
            "put_v_into_begin, short: nothing written"
        );
    } else {
        assert_eq!((&oc, &ov), (wc, wv), "put_v_into_begin, room enough");
    }
    for (k, (wtc, wtv)) in want_take.iter().enumerate() {
        assert_eq!(tc[k], *wtc, "take_v_into_begin: counts written, part {k}");
        if short_take {
            assert!(tv[k].iter().all(|&x| x == SENT), "take_v_into_begin, short: no values");
        } else {
            assert_eq!(tv[k], *wtv);
        }
    }

    // A request dropped unwaited (dropping waits; the vectors are freed) and one leaked
    // (the scope completes it before its buffers are usable again).
    let (mut oc, mut ov) = (vec![SENT; dn], vec![SENT; wv.len()]);
    scope(|sc| {
        let ra = gi.take_v_begin_parts(sc, &dc, &dv, &i64t).unwrap();
        let rd = gi
            .put_v_into_begin_parts(sc, prefs.iter().copied(), &i64t, extend, init, &mut oc, &mut ov)
            .unwrap();
        let rc = gi
            .put_v_begin_parts(sc, prefs.iter().copied(), &i64t, extend, init)
            .unwrap();
        drop(ra);
        std::mem::forget(rd);
        drop(rc);
    });
    assert_eq!(
        (&oc, &ov),
        (wc, wv),
        "leaked put_v_into_begin request completed by the scope"
    );
}

/// The single-part forms of the variable-size calls on a one-part indexer equal the
/// `_parts` forms on the multi-part one (same problem).
fn check_single_v(comm: &Comm, p: &Problem, multi: &Indexer, single: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    let u16t = Datatype::uint16();
    let dc: Vec<i64> = (lo..lo + dn).map(|g| ((g + s as usize) % 3) as i64).collect();
    let dv: Vec<u16> = (lo..lo + dn)
        .flat_map(|g| (0..(g + s as usize) % 3).map(move |u| (g * 10 + u) as u16))
        .collect();
    let want_take = multi.take_v_parts(&dc, &dv, &u16t).unwrap().pop().unwrap();
    let q = &p.idx[r][0];
    let pc: Vec<i64> = (0..q.len()).map(|i| ((i + r) % 3) as i64).collect();
    let pv: Vec<u16> = (0..q.len())
        .flat_map(|i| (0..(i + r) % 3).map(move |u| (r * 1000 + i * 10 + u) as u16))
        .collect();
    let init_c: Vec<i64> = (lo..lo + dn).map(|g| (g % 2) as i64).collect();
    let init_v: Vec<u16> = (lo..lo + dn).filter(|g| g % 2 == 1).map(|g| 60000 - g as u16).collect();
    let init = Some((init_c.as_slice(), init_v.as_slice()));
    let extend = s % 2 == 0;
    let (wc, wv) = multi.put_v_parts(&[(&pc, &pv)], &u16t, extend, init).unwrap();

    let (mut oc, mut ov) = (vec![0i64; dn], vec![0u16; wv.len()]);
    let n = single
        .put_v_into(&pc, &pv, &u16t, extend, init, &mut oc, &mut ov)
        .unwrap();
    assert_eq!((n, &oc, &ov), (wv.len(), &wc, &wv), "put_v_into (single part)");
    let (mut ic, mut iv) = (init_c.clone(), init_v.clone());
    iv.resize(wv.len().max(iv.len()), 0);
    let n = single
        .put_v_in_place(&pc, &pv, &u16t, extend, &mut ic, &mut iv)
        .unwrap();
    assert_eq!(
        (n, &ic, &iv[..n]),
        (wv.len(), &wc, &wv[..]),
        "put_v_in_place (single part)"
    );

    let (mut tc, mut tv) = (vec![0i64; q.len()], vec![0u16; want_take.1.len()]);
    let (mut oc, mut ov) = (vec![0i64; dn], vec![0u16; wv.len()]);
    let (mut ic, mut iv) = (init_c.clone(), init_v.clone());
    iv.resize(wv.len().max(iv.len()), 0);
    scope(|sc| {
        let ra = single.take_v_begin(sc, &dc, &dv, &u16t).unwrap();
        let rb = single.take_v_into_begin(sc, &dc, &dv, &u16t, &mut tc, &mut tv).unwrap();
        let rc = single.put_v_begin(sc, &pc, &pv, &u16t, extend, init).unwrap();
        let rd = single
            .put_v_into_begin(sc, &pc, &pv, &u16t, extend, init, &mut oc, &mut ov)
            .unwrap();
        let re = single
            .put_v_in_place_begin(sc, &pc, &pv, &u16t, extend, &mut ic, &mut iv)
            .unwrap();
        let (c, v, n) = re.wait().unwrap();
        assert_eq!((&c[..], &v[..n]), (&wc[..], &wv[..]), "put_v_in_place_begin");
        let (c, v, n) = rd.wait().unwrap();
        assert_eq!((&c[..], &v[..], n), (&wc[..], &wv[..], wv.len()), "put_v_into_begin");
        assert_eq!(rc.wait().unwrap(), (wc.clone(), wv.clone()), "put_v_begin");
        let (c, v, n) = rb.wait().unwrap();
        assert_eq!(
            (&c[..], &v[..], n),
            (&want_take.0[..], &want_take.1[..], want_take.1.len()),
            "take_v_into_begin"
        );
        assert_eq!(ra.wait().unwrap(), want_take, "take_v_begin");
    });
    // The unscoped forms, waited at once.
    unsafe {
        let got = single.take_v_begin_unscoped(&dc, &dv, &u16t).unwrap().wait().unwrap();
        assert_eq!(got, want_take, "take_v_begin_unscoped");
        let got = single
            .put_v_begin_unscoped(&pc, &pv, &u16t, extend, init)
            .unwrap()
            .wait()
            .unwrap();
        assert_eq!(got, (wc.clone(), wv.clone()), "put_v_begin_unscoped");
        let (mut tc, mut tv) = (vec![0i64; q.len()], vec![0u16; want_take.1.len()]);
        let (_, _, n) = single
            .take_v_into_begin_unscoped(&dc, &dv, &u16t, &mut tc, &mut tv)
            .unwrap()
            .wait()
            .unwrap();
        assert_eq!(
            (n, &tc, &tv),
            (want_take.1.len(), &want_take.0, &want_take.1),
            "take_v_into_begin_unscoped"
        );
        let (mut oc, mut ov) = (vec![0i64; dn], vec![0u16; wv.len()]);
        let req = single
            .put_v_into_begin_unscoped(&pc, &pv, &u16t, extend, init, &mut oc, &mut ov)
            .unwrap();
        drop(req); // dropping waits
        assert_eq!((&oc, &ov), (&wc, &wv), "put_v_into_begin_unscoped");
    }
}

/// Variable items of units with gaps: put_v_into writes only the units' data (a hole
/// keeps the caller's bytes), and a buffer's capacity counts the units whose data fit
/// (the last unit's trailing gap may lie outside the slice).
fn gapped_var(comm: &Comm) {
    let r = comm.rank;
    let p = Problem::random(comm.size, 555, 1);
    let gi = p.indexer(comm);
    let dn = p.dn(r);
    let q = &p.idx[r][0];
    let pc: Vec<i64> = (0..q.len()).map(|i| ((i + r) % 2 + 1) as i64).collect();

    // Pt without its tag: a hole in the middle.
    let inner = Datatype::structure(&[1, 1], &[0, 8], &[&Datatype::int32(), &Datatype::double()]).unwrap();
    let pt = Datatype::resized(&inner, 0, 16).unwrap().committed().unwrap();
    let pv: Vec<Pt> = (0..q.len())
        .flat_map(|i| {
            (0..pc[i]).map(move |u| Pt {
                x: (r * 100 + i * 10 + u as usize) as i32,
                tag: 5,
                y: i as f64 + 0.5,
            })
        })
        .collect();
    let (wc, wv) = gi.put_v(&pc, &pv, &pt, true, None).unwrap(); // holes are zero here
    let blank = Pt { x: 0, tag: -3, y: 0.0 };
    let (mut dc, mut dv) = (vec![0i64; dn], vec![blank; wv.len() + 1]);
    let n = gi.put_v_into(&pc, &pv, &pt, true, None, &mut dc, &mut dv).unwrap();
    assert_eq!((n, &dc), (wv.len(), &wc), "put_v_into, unit with a hole");
    for j in 0..n {
        assert_eq!(dv[j], Pt { tag: -3, ..wv[j] }, "put_v_into keeps the hole");
    }
    assert_eq!(dv[n], blank);

    // int32 padded to extent 8: n units need 8n - 4 bytes.
    let pad = Datatype::resized(&Datatype::int32(), 0, 8)
        .unwrap()
        .committed()
        .unwrap();
    let pv: Vec<i32> = (0..q.len())
        .flat_map(|i| (0..pc[i]).flat_map(move |u| [(r * 100 + i * 10 + u as usize) as i32, 77]))
        .collect();
    let (wc, wv) = gi.put_v(&pc, &pv, &pad, false, None).unwrap();
    let units = wv.len() / 2;
    let short = units > 0 && r % 2 == 1;
    let len = if units == 0 {
        0
    } else if short {
        2 * units - 2
    } else {
        2 * units - 1
    };
    let (mut dc, mut dv) = (vec![SENT; dn], vec![-1i32; len]);
    let res = gi.put_v_into(&pc, &pv, &pad, false, None, &mut dc, &mut dv);
    if short {
        let e = res.unwrap_err();
        assert_eq!((e.status(), e.needed()), (Status::InsufficientSpace, Some(units)));
        assert!(dc.iter().all(|&x| x == SENT) && dv.iter().all(|&x| x == -1));
    } else {
        assert_eq!(res.unwrap(), units, "the last unit's gap may lie outside the slice");
        assert_eq!(dc, wc);
        for u in 0..units {
            assert_eq!(dv[2 * u], wv[2 * u]);
            if 2 * u + 1 < len {
                assert_eq!(dv[2 * u + 1], -1, "the gap keeps its bytes");
            }
        }
    }
    comm.barrier();
    if r == 0 {
        println!("  variable items of units with gaps ok");
    }
}

fn check_split_phase(comm: &Comm, p: &Problem, gi: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    let g = global_items(p.n(), 2, s);
    let dist: Vec<i64> = g[lo * 2..(lo + dn) * 2].to_vec();
    let dist_f: Vec<f64> = dist.iter().map(|&x| x as f64).collect();
    let mut a: Vec<Vec<i64>> = p.idx[r].iter().map(|q| vec![0; q.len() * 2]).collect();
    let mut b: Vec<Vec<f64>> = p.idx[r].iter().map(|q| vec![0.0; q.len() * 2]).collect();
    let sources: Vec<Vec<i64>> = p.idx[r].iter().map(|q| (0..q.len() as i64 * 2).collect()).collect();
    let mut put_into = vec![0i64; dn * 2];
    let mut leaked = vec![0i64; dn * 2];
    let (i64t, f64t) = (Datatype::int64(), Datatype::double());
    let plus = Monoid::of::<i64>(MonoidOp::Plus).unwrap();
    scope(|sc| {
        let ra = gi
            .take_begin_parts(sc, &dist, 2, &i64t, a.iter_mut().map(|v| v.as_mut_slice()))
            .unwrap();
        let rb = gi
            .take_begin_parts(sc, &dist_f, 2, &f64t, b.iter_mut().map(|v| v.as_mut_slice()))
            .unwrap();
        let rc = gi
            .put_begin_parts(
                sc,
                sources.iter().map(|v| v.as_slice()),
                2,
                &i64t,
                Some(&plus),
                &mut put_into,
            )
            .unwrap();
        // leaked: the scope completes it
        let rd = gi
            .put_begin_parts(
                sc,
                sources.iter().map(|v| v.as_slice()),
                2,
                &i64t,
                Some(&plus),
                &mut leaked,
            )
            .unwrap();
        std::mem::forget(rd);
        let bs = rb.wait().unwrap();
        assert_eq!(bs.len(), p.idx[r].len());
        drop(ra); // dropping waits
        rc.wait().unwrap();
    });
    let mut sim = vec![0i64; p.n() * 2];
    for (rr, k, i, gidx) in p.arrivals() {
        let _ = (rr, k);
        sim[gidx * 2] += i as i64 * 2;
        sim[gidx * 2 + 1] += i as i64 * 2 + 1;
    }
    for (k, q) in p.idx[r].iter().enumerate() {
        let want: Vec<i64> = q
            .iter()
            .flat_map(|&x| [g[x as usize * 2], g[x as usize * 2 + 1]])
            .collect();
        assert_eq!(a[k], want, "take_begin_parts");
        assert_eq!(
            b[k],
            want.iter().map(|&x| x as f64).collect::<Vec<_>>(),
            "take_begin_parts f64"
        );
    }
    assert_eq!(put_into, sim[lo * 2..(lo + dn) * 2].to_vec(), "put_begin_parts PLUS");
    assert_eq!(leaked, put_into, "leaked request completed by the scope");
}

fn properties(comm: &Comm, rounds: u64, label: &str) {
    for s in 0..rounds {
        let p = Problem::random(comm.size, 1000 + s, if s % 3 == 0 { 1 } else { 3 });
        let gi = p.indexer(comm);
        assert_eq!(gi.dist_size(), p.dn(comm.rank));
        assert_eq!(
            gi.part_sizes(),
            p.idx[comm.rank].iter().map(|q| q.len()).collect::<Vec<_>>()
        );
        check_take_put(comm, &p, &gi, s);
        check_var(comm, &p, &gi, s);
        check_split_phase(comm, &p, &gi, s);
        check_split_v(comm, &p, &gi, s);
        // The single-part API on a one-part indexer equals the _parts form.
        if p.idx[comm.rank].len() == 1 && s % 3 == 0 {
            let single = Indexer::new(&p.distrib, &p.idx[comm.rank][0], comm.f).unwrap();
            let (lo, dn) = (p.lo(comm.rank), p.dn(comm.rank));
            let dist: Vec<u16> = (lo..lo + dn).map(|g| g as u16 * 3).collect();
            let mut out = vec![0u16; p.idx[comm.rank][0].len()];
            single.take(&dist, 1, &Datatype::uint16(), &mut out).unwrap();
            let want: Vec<u16> = p.idx[comm.rank][0].iter().map(|&g| g as u16 * 3).collect();
            assert_eq!(out, want);
            check_single_v(comm, &p, &gi, &single, s);
        }
    }
    comm.barrier();
    if comm.rank == 0 {
        println!(
            "  properties on {label} ({} ranks): {rounds} random problems ok",
            comm.size
        );
    }
}

// ---- A user-defined monoid on a #[repr(C)] struct --------------------------------------

/// A running summary: sum and count, and the max/min of a tag.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Acc {
    sum: f64,
    count: i64,
    max: i32,
    min: i32,
}
// SAFETY: 8 + 8 + 4 + 4 bytes, no padding; every bit pattern is valid.
unsafe impl Pod for Acc {}

extern "C" fn acc_op(z: *mut c_void, x: *const c_void, y: *const c_void) {
    // SAFETY: weft passes elements of the Acc unit (maybe unaligned).
    unsafe {
        let a = (x as *const Acc).read_unaligned();
        let b = (y as *const Acc).read_unaligned();
        (z as *mut Acc).write_unaligned(Acc {
            sum: a.sum + b.sum,
            count: a.count + b.count,
            max: a.max.max(b.max),
            min: a.min.min(b.min),
        });
    }
}

/// A point whose middle field the unit skips (extent 16, data at [0,4) and [8,16)).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pt {
    x: i32,
    tag: i32,
    y: f64,
}
unsafe impl Pod for Pt {}

extern "C" fn pt_op(z: *mut c_void, x: *const c_void, y: *const c_void) {
    // Only the covered fields: x (sum) and y (max); tag is left as z had it.
    unsafe {
        let (a, b) = ((x as *const Pt).read_unaligned(), (y as *const Pt).read_unaligned());
        let zp = z as *mut u8;
        (zp as *mut i32).write_unaligned(a.x + b.x);
        (zp.add(8) as *mut f64).write_unaligned(a.y.max(b.y));
    }
}

extern "C" fn add_i32_at_origin(z: *mut c_void, x: *const c_void, y: *const c_void) {
    unsafe {
        let v = (x as *const i32).read_unaligned() + (y as *const i32).read_unaligned();
        (z as *mut i32).write_unaligned(v);
    }
}

fn user_monoids(comm: &Comm) {
    let r = comm.rank;
    let (unit, offs) = Datatype::struct_aligned(
        &[1, 1, 1, 1],
        &[
            &Datatype::double(),
            &Datatype::int64(),
            &Datatype::int32(),
            &Datatype::int32(),
        ],
    )
    .unwrap();
    assert_eq!(offs, vec![0, 8, 16, 20]);
    let unit = unit.committed().unwrap();
    assert_eq!(unit.extent() as usize, std::mem::size_of::<Acc>());
    let ident = Acc {
        sum: 0.0,
        count: 0,
        max: i32::MIN,
        min: i32::MAX,
    };
    let m = Monoid::new(&unit, acc_op, &ident).unwrap();
    assert!(!m.is_predefined());
    assert_eq!(m.identity::<Acc>().unwrap(), ident);
    assert_eq!(
        m.domain().unwrap().as_raw(),
        unit.as_raw(),
        "domain() is the unit object"
    );
    let one = Acc {
        sum: 1.5,
        count: 1,
        max: 7,
        min: 7,
    };
    assert_eq!(m.apply(&ident, &one).unwrap(), one);

    // Everybody sends, to every global item, an Acc of its rank; count 2 units per item.
    for seed in 0..4u64 {
        let p = Problem::random(comm.size, 77 + seed, 2);
        let gi = p.indexer(comm);
        let (lo, dn) = (p.lo(r), p.dn(r));
        let mk = |rr: usize, k: usize, i: usize, u: usize| Acc {
            sum: val(seed, rr, k, i, u) as f64 * 0.25,
            count: 1,
            max: (rr * 10 + i) as i32,
            min: -((rr * 10 + i + u) as i32),
        };
        let parts: Vec<Vec<Acc>> = p.idx[r]
            .iter()
            .enumerate()
            .map(|(k, q)| (0..q.len() * 2).map(|x| mk(r, k, x / 2, x % 2)).collect())
            .collect();
        let prefs: Vec<&[Acc]> = parts.iter().map(|v| v.as_slice()).collect();
        let mut sim = vec![ident; p.n() * 2];
        for (rr, k, i, g) in p.arrivals() {
            for u in 0..2 {
                let a = sim[g * 2 + u];
                let b = mk(rr, k, i, u);
                sim[g * 2 + u] = Acc {
                    sum: a.sum + b.sum,
                    count: a.count + b.count,
                    max: a.max.max(b.max),
                    min: a.min.min(b.min),
                };
            }
        }
        let got = gi.put_alloc_parts(&prefs, 2, &unit, Some(&m)).unwrap();
        assert_eq!(
            got,
            sim[lo * 2..(lo + dn) * 2].to_vec(),
            "put_alloc with a struct monoid"
        );
        let mut d = vec![ident; dn * 2];
        gi.put_parts(&prefs, 2, &unit, Some(&m), &mut d).unwrap();
        assert_eq!(d, got, "put with a struct monoid");
        // Take of the struct unit gives back the owners' items.
        let mut back: Vec<Vec<Acc>> = p.idx[r].iter().map(|q| vec![ident; q.len() * 2]).collect();
        {
            let mut br: Vec<&mut [Acc]> = back.iter_mut().map(|v| v.as_mut_slice()).collect();
            gi.take_parts(&d, 2, &unit, &mut br).unwrap();
        }
        for (k, q) in p.idx[r].iter().enumerate() {
            let want: Vec<Acc> = q
                .iter()
                .flat_map(|&g| [sim[g as usize * 2], sim[g as usize * 2 + 1]])
                .collect();
            assert_eq!(back[k], want, "take of the struct unit");
        }
    }

    // A unit with a hole: Pt's tag is not part of it, so weft leaves it alone.
    let inner = Datatype::structure(&[1, 1], &[0, 8], &[&Datatype::int32(), &Datatype::double()]).unwrap();
    let pt = Datatype::resized(&inner, 0, 16).unwrap().committed().unwrap();
    drop(inner);
    let dom = pt.dup().unwrap().committed().unwrap();
    let pm = Monoid::new(
        &dom,
        pt_op,
        &Pt {
            x: 0,
            tag: 0,
            y: f64::NEG_INFINITY,
        },
    )
    .unwrap();
    {
        let d = pm.domain().unwrap();
        assert_eq!((d.size(), d.extent(), d.as_raw()), (12, 16, dom.as_raw()));
    }
    let p = Problem::random(comm.size, 4242, 1);
    let gi = p.indexer(comm);
    let (lo, dn) = (p.lo(r), p.dn(r));
    let part: Vec<Pt> = (0..p.idx[r][0].len())
        .map(|i| Pt {
            x: (r * 100 + i) as i32,
            tag: 5,
            y: val(9, r, 0, i, 0) as f64,
        })
        .collect();
    // The monoid's domain is its own type object: pt is not it (same typemap, another object).
    let res = gi.put(&part, 1, &pt, Some(&pm), &mut vec![Pt { x: 0, tag: 0, y: 0.0 }; dn]);
    same_status(comm, "monoid on another type object", &res, Status::DomainMismatch);
    let mut d: Vec<Pt> = (0..dn)
        .map(|j| Pt {
            x: 1,
            tag: -(j as i32) - 1,
            y: f64::NEG_INFINITY,
        })
        .collect();
    gi.put(&part, 1, &dom, Some(&pm), &mut d).unwrap();
    let mut sim: Vec<(i32, f64)> = vec![(1, f64::NEG_INFINITY); p.n()];
    for (rr, _, i, g) in p.arrivals() {
        sim[g].0 += (rr * 100 + i) as i32;
        sim[g].1 = sim[g].1.max(val(9, rr, 0, i, 0) as f64);
    }
    for j in 0..dn {
        assert_eq!(
            d[j],
            Pt {
                x: sim[lo + j].0,
                tag: -(j as i32) - 1,
                y: sim[lo + j].1
            },
            "hole kept"
        );
    }
    // Allocating: the hole is zero in the returned vector.
    let a = gi.put_alloc(&part, 1, &dom, Some(&pm)).unwrap();
    for j in 0..dn {
        assert_eq!(
            a[j],
            Pt {
                x: sim[lo + j].0 - 1,
                tag: 0,
                y: sim[lo + j].1
            },
            "hole zero"
        );
    }
    // take leaves the parts' holes alone
    let mut t: Vec<Pt> = (0..p.idx[r][0].len()).map(|_| Pt { x: 0, tag: 99, y: 0.0 }).collect();
    gi.take(&d, 1, &dom, &mut t).unwrap();
    for (i, &g) in p.idx[r][0].iter().enumerate() {
        assert_eq!(
            t[i],
            Pt {
                x: sim[g as usize].0,
                tag: 99,
                y: sim[g as usize].1
            }
        );
    }
    // A domain whose lb is not 0 (MPI-1 markers: lb -8, int32 at 0, extent 16): the
    // operator's pointers are the elements' origins (displacement 0), not their lb.
    let shifted = Datatype::structure(
        &[1, 1, 1],
        &[-8, 0, 8],
        &[&Datatype::lb_marker(), &Datatype::int32(), &Datatype::ub_marker()],
    )
    .unwrap()
    .committed()
    .unwrap();
    assert_eq!((shifted.lb(), shifted.extent()), (-8, 16));
    let sm = Monoid::new(&shifted, add_i32_at_origin, &0i32).unwrap();
    assert_eq!(sm.identity::<i32>().unwrap(), 0);
    let part: Vec<[i32; 4]> = (0..p.idx[r][0].len())
        .map(|i| [(r * 10 + i) as i32, -7, -7, -7])
        .collect();
    let mut d: Vec<[i32; 4]> = vec![[100, 5, 5, 5]; dn];
    gi.put(&part, 1, &shifted, Some(&sm), &mut d).unwrap();
    let mut sim = vec![100i32; p.n()];
    for (rr, _, i, g) in p.arrivals() {
        sim[g] += (rr * 10 + i) as i32;
    }
    for j in 0..dn {
        assert_eq!(d[j], [sim[lo + j], 5, 5, 5], "monoid on a domain with lb -8");
    }
    let a = gi.put_alloc(&part, 1, &shifted, Some(&sm)).unwrap();
    for j in 0..dn {
        assert_eq!(a[j], [sim[lo + j] - 100, 0, 0, 0], "put_alloc, domain with lb -8");
    }

    // The monoid keeps its domain object, not the handle: once the last Datatype naming
    // it is gone, domain() reports the handle as dead (or, should weft keep it live,
    // still returns that object).
    let raw = dom.as_raw();
    drop(dom);
    match pm.domain() {
        Ok(d) => assert_eq!(d.as_raw(), raw),
        Err(e) => assert_eq!(e.status(), Status::InvalidHandle),
    }
    drop(pm);

    comm.barrier();
    if comm.rank == 0 {
        println!("  user-defined monoids on #[repr(C)] struct units ok");
    }
}

fn predefined_monoids() {
    assert_eq!(Monoid::PREDEFINED.len(), 76);
    for &(op, p) in Monoid::PREDEFINED {
        let m = Monoid::predefined(op, p).unwrap();
        assert_eq!(m.as_predefined(), Some((op, p)));
        assert_eq!(m.domain().unwrap().as_predefined(), Some(p));
        let bytes = m.identity_bytes().unwrap();
        let want: Vec<u8> = match (op, p) {
            (MonoidOp::Plus | MonoidOp::Lor | MonoidOp::Bor, _) => vec![0; bytes.len()],
            (MonoidOp::Band, _) if p != Predefined::Bool => vec![0xff; bytes.len()],
            (MonoidOp::Band | MonoidOp::Land, Predefined::Bool) => vec![1],
            (MonoidOp::Times | MonoidOp::Land, Predefined::Float) => 1f32.to_ne_bytes().to_vec(),
            (MonoidOp::Times | MonoidOp::Land, Predefined::Double) => 1f64.to_ne_bytes().to_vec(),
            (MonoidOp::Times | MonoidOp::Land, _) => {
                let mut v = vec![0; bytes.len()];
                v[0] = 1; // little endian
                v
            }
            (MonoidOp::Min, Predefined::Float) => f32::INFINITY.to_ne_bytes().to_vec(),
            (MonoidOp::Min, Predefined::Double) => f64::INFINITY.to_ne_bytes().to_vec(),
            (MonoidOp::Max, Predefined::Float) => f32::NEG_INFINITY.to_ne_bytes().to_vec(),
            (MonoidOp::Max, Predefined::Double) => f64::NEG_INFINITY.to_ne_bytes().to_vec(),
            (MonoidOp::Min, _) => int_limit(p, true),
            (MonoidOp::Max, _) => int_limit(p, false),
            _ => unreachable!(),
        };
        assert_eq!(bytes, want, "identity of {m:?}");
    }
    assert!(Monoid::of::<f64>(MonoidOp::Band).is_none());
    assert!(Monoid::of::<bool>(MonoidOp::Plus).is_none());
    assert_eq!(
        Monoid::of::<i8>(MonoidOp::Plus).unwrap().apply(&100i8, &100).unwrap(),
        -56
    );
    assert_eq!(Monoid::of::<u16>(MonoidOp::Land).unwrap().apply(&6u16, &9).unwrap(), 1);
    assert_eq!(Monoid::of::<i32>(MonoidOp::Band).unwrap().apply(&6i32, &3).unwrap(), 2);
    assert_eq!(
        Monoid::of::<f32>(MonoidOp::Min).unwrap().apply(&-0.5f32, &2.0).unwrap(),
        -0.5
    );
    // Too small a T for the domain.
    let e = Monoid::of::<i64>(MonoidOp::Plus)
        .unwrap()
        .identity::<i32>()
        .unwrap_err();
    assert_eq!(e.status(), Status::IndexOutOfBounds);
    // A domain without data.
    let empty = Datatype::structure(&[1], &[4], &[&Datatype::ub_marker()])
        .unwrap()
        .committed()
        .unwrap();
    assert_eq!(
        Monoid::new(&empty, acc_op, &0u64).unwrap_err().status(),
        Status::InvalidValue
    );
}

fn int_limit(p: Predefined, max: bool) -> Vec<u8> {
    use Predefined::*;
    match (p, max) {
        (Int8, true) => i8::MAX.to_ne_bytes().to_vec(),
        (Int8, false) => i8::MIN.to_ne_bytes().to_vec(),
        (Int16, true) => i16::MAX.to_ne_bytes().to_vec(),
        (Int16, false) => i16::MIN.to_ne_bytes().to_vec(),
        (Int32, true) => i32::MAX.to_ne_bytes().to_vec(),
        (Int32, false) => i32::MIN.to_ne_bytes().to_vec(),
        (Int64, true) => i64::MAX.to_ne_bytes().to_vec(),
        (Int64, false) => i64::MIN.to_ne_bytes().to_vec(),
        (Uint8, true) => u8::MAX.to_ne_bytes().to_vec(),
        (Uint16, true) => u16::MAX.to_ne_bytes().to_vec(),
        (Uint32, true) => u32::MAX.to_ne_bytes().to_vec(),
        (Uint64, true) => u64::MAX.to_ne_bytes().to_vec(),
        (Uint8 | Uint16 | Uint32 | Uint64, false) => vec![0; Datatype::predefined(p).size() as usize],
        _ => unreachable!(),
    }
}

// ---- Errors: one rank wrong, every rank fails alike ---------------------------------------

fn errors(comm: &Comm) {
    let (r, n) = (comm.rank, comm.size);
    let last = n - 1;
    // distrib: 2 items per rank
    let distrib: Vec<i64> = (0..=n as i64).map(|x| 2 * x).collect();
    let total = 2 * n as i64;
    let good: Vec<i64> = vec![(2 * r as i64 + 3) % total, 0];

    // An index out of range on the last rank only; then a negative one.
    for bad in [total, -1] {
        let idx = if r == last { vec![0, bad] } else { good.clone() };
        let res = Indexer::new(&distrib, &idx, comm.f);
        same_status(comm, "index out of range on one rank", &res, Status::IndexOutOfBounds);
        if r == last {
            assert!(res.unwrap_err().message().contains("outside [0,"));
        }
    }
    // distrib of the wrong length on one rank (checked by the binding).
    let short = &distrib[..n];
    let res = Indexer::new(if r == last { short } else { &distrib }, &good, comm.f);
    same_status(comm, "distrib too short on one rank", &res, Status::InvalidValue);
    if r == last {
        let e = res.unwrap_err();
        assert!(e.message().starts_with("Indexer::new: distrib has"), "{}", e.message());
    }
    // distrib differing between ranks (only when there are two ranks to differ)
    let mut other = distrib.clone();
    if r == last && n > 1 {
        other[1] += 1;
    }
    let res = Indexer::new(&other, &good, comm.f);
    if n > 1 {
        same_status(comm, "distrib differs", &res, Status::InvalidValue);
    } else {
        assert!(res.is_ok());
    }
    let decreasing: Vec<i64> = (0..=n as i64).map(|x| if x == 1 { 5 } else { 2 * x }).collect();
    let res = Indexer::new(&decreasing, &[], comm.f);
    if n > 1 {
        same_status(comm, "distrib decreasing", &res, Status::InvalidValue);
    }

    // Not a communicator handle (every rank alike; nothing collective happens).
    let res = Indexer::new(&distrib, &good, 1 << 20);
    assert_eq!(res.unwrap_err().status(), Status::InvalidHandle);

    let gi = Indexer::new(&distrib, &good, comm.f).unwrap();
    let i32t = Datatype::int32();
    let dist: Vec<i32> = (0..2).map(|j| (2 * r + j) as i32).collect();
    let want: Vec<i32> = good.iter().map(|&g| g as i32).collect();
    let works = |gi: &Indexer| {
        let mut out = vec![0i32; 2];
        gi.take(&dist, 1, &i32t, &mut out).unwrap();
        assert_eq!(out, want, "the indexer still works after an agreed failure");
    };

    // A short part buffer on one rank: every rank fails with the agreed status.
    let mut out = [0i32; 2];
    let res = gi.take(&dist, 1, &i32t, &mut out[..if r == last { 1 } else { 2 }]);
    same_status(comm, "short part buffer on one rank", &res, Status::InvalidHandle);
    if r == last {
        let e = res.unwrap_err();
        assert!(e.message().starts_with("Indexer::take: 2 copies"), "{}", e.message());
    }
    works(&gi);
    // A short dist buffer on one rank, put.
    let mut d = [0i32; 2];
    let res = gi.put(&want, 1, &i32t, None, &mut d[..if r == 0 { 1 } else { 2 }]);
    same_status(comm, "short dist buffer on one rank", &res, Status::InvalidHandle);
    works(&gi);
    // The same for the split phase: the begin fails everywhere, nothing is pending.
    let mut out = [0i32; 2];
    let res = scope(|s| {
        gi.take_begin(s, &dist, 1, &i32t, &mut out[..if r == last { 1 } else { 2 }])
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "short buffer, take_begin", &res, Status::InvalidHandle);
    let mut d = [0i32; 2];
    let res = scope(|s| {
        gi.put_begin(s, &want, 1, &i32t, None, &mut d[..if r == last { 0 } else { 2 }])
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "short buffer, put_begin", &res, Status::InvalidHandle);
    works(&gi);
    // put_alloc: T too wide for the unit on one rank (extent 4, T = u64).
    let res = if r == last {
        gi.put_alloc(&[0u64, 0], 1, &Datatype::uint32(), None).map(|_| ())
    } else {
        gi.put_alloc(&[0u32, 0], 1, &Datatype::uint32(), None).map(|_| ())
    };
    same_status(
        comm,
        "Vec element wider than the unit on one rank",
        &res,
        Status::InvalidHandle,
    );
    works(&gi);
    // count differs between ranks
    let mut out = vec![0i32; 4];
    let res = gi.take(&[0i32; 4], if r == last { 2 } else { 1 }, &i32t, &mut out);
    if n > 1 {
        same_status(comm, "count differs", &res, Status::InvalidValue);
    }
    // a reduction on one rank only
    let plus = Monoid::of::<i32>(MonoidOp::Plus).unwrap();
    let mut d = vec![0i32; 2];
    let res = gi.put(&want, 1, &i32t, if r == last { Some(&plus) } else { None }, &mut d);
    if n > 1 {
        same_status(comm, "monoid on one rank only", &res, Status::InvalidValue);
    }
    // a monoid that does not reduce the unit (PLUS_FP64 on int32), everywhere
    let fplus = Monoid::of::<f64>(MonoidOp::Plus).unwrap();
    let res = gi.put(&want, 1, &i32t, Some(&fplus), &mut d);
    same_status(comm, "monoid domain mismatch", &res, Status::DomainMismatch);
    // unit size differs between ranks
    let mut o64 = vec![0i64; 2];
    let res = if r == last {
        gi.take(&[0i64; 2], 1, &Datatype::int64(), &mut o64)
    } else {
        gi.take(&dist, 1, &i32t, &mut out[..2])
    };
    if n > 1 {
        same_status(comm, "unit size differs", &res, Status::DomainMismatch);
    }
    // an uncommitted unit on one rank (checked by the binding)
    let raw = Datatype::contiguous(1, &i32t).unwrap();
    let res = gi.take(&dist, 1, if r == last { &raw } else { &i32t }, &mut out[..2]);
    same_status(comm, "uncommitted unit on one rank", &res, Status::InvalidHandle);
    if r == last {
        assert!(res.unwrap_err().message().contains("not committed"));
    }
    works(&gi);

    // Variable size: dist_counts of the wrong length on one rank.
    let dc = [1i64, 1];
    let res = gi.take_v(if r == last { &dc[..1] } else { &dc[..] }, &dist, &i32t);
    same_status(comm, "take_v, short dist_counts", &res, Status::InvalidHandle);
    // a negative count on one rank
    let res = gi.take_v(if r == 0 { &[1i64, -1][..] } else { &dc[..] }, &dist, &i32t);
    same_status(comm, "take_v, negative count", &res, Status::InvalidHandle);
    // dist_values too short on one rank
    let res = gi.take_v(&[2, 1], if r == last { &dist[..] } else { &[0i32; 3][..] }, &i32t);
    same_status(comm, "take_v, short values", &res, Status::InvalidHandle);
    // take_v_into: wrong number of counts on one rank
    let (mut c, mut v) = (vec![0i64; 3], vec![0i32; 2]);
    let res = gi.take_v_into(&dc, &dist, &i32t, &mut c[..if r == last { 3 } else { 2 }], &mut v);
    same_status(comm, "take_v_into, wrong counts length", &res, Status::InvalidHandle);
    // put_v: part values too short on one rank; init of the wrong length on one rank
    let res = gi.put_v(
        &[1, 1],
        if r == last { &[7i32][..] } else { &[7i32, 8][..] },
        &i32t,
        false,
        None,
    );
    same_status(comm, "put_v, short values", &res, Status::InvalidHandle);
    let res = gi.put_v(
        &[1, 1],
        &[7i32, 8],
        &i32t,
        true,
        Some((&[0, 0, 0][..if r == last { 3 } else { 2 }], &[][..])),
    );
    same_status(comm, "put_v, init counts length", &res, Status::InvalidHandle);
    let res = gi.put_v(&[1, if r == last { -2 } else { 0 }], &[7i32, 8], &i32t, true, None);
    same_status(comm, "put_v, negative count", &res, Status::InvalidHandle);
    // put_v_into: dist_counts of the wrong length on one rank
    let (mut oc, mut ov) = (vec![0i64; 3], vec![0i32; 8]);
    let res = gi.put_v_into(
        &[1, 1],
        &[7i32, 8],
        &i32t,
        false,
        None,
        &mut oc[..if r == last { 3 } else { 2 }],
        &mut ov,
    );
    same_status(comm, "put_v_into, dist_counts length", &res, Status::InvalidHandle);
    if r == last {
        let e = res.unwrap_err();
        assert!(
            e.message().starts_with("Indexer::put_v_into: dist_counts"),
            "{}",
            e.message()
        );
        assert_eq!(e.needed(), None);
    }
    // put_v_in_place: a negative owned count on one rank; initial items that do not fit
    // the buffer on another
    let mut ic = vec![1i64, if r == 0 { -1 } else { 1 }];
    let res = gi.put_v_in_place(&[1, 1], &[7i32, 8], &i32t, true, &mut ic, &mut ov);
    same_status(
        comm,
        "put_v_in_place, negative owned count",
        &res,
        Status::InvalidHandle,
    );
    let mut ic = vec![2i64, 2];
    let res = gi.put_v_in_place(
        &[1, 1],
        &[7i32, 8],
        &i32t,
        true,
        &mut ic,
        &mut ov[..if r == last { 3 } else { 8 }],
    );
    same_status(
        comm,
        "put_v_in_place, initial items too long",
        &res,
        Status::InvalidHandle,
    );
    // The split phase: the begin fails on every rank, nothing is pending.
    let res = scope(|sc| {
        gi.take_v_begin(sc, if r == last { &dc[..1] } else { &dc[..] }, &dist, &i32t)
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "take_v_begin, short dist_counts", &res, Status::InvalidHandle);
    let u32t = Datatype::uint32();
    let res = scope(|sc| {
        if r == last {
            gi.take_v_begin(sc, &dc, &[0u64, 0], &u32t)
                .and_then(|q| q.wait().map(|_| ()))
        } else {
            gi.take_v_begin(sc, &dc, &[0u32, 0], &u32t)
                .and_then(|q| q.wait().map(|_| ()))
        }
    });
    same_status(
        comm,
        "take_v_begin, Vec element wider than the unit",
        &res,
        Status::InvalidHandle,
    );
    let (mut c, mut v) = (vec![0i64; 3], vec![0i32; 2]);
    let res = scope(|sc| {
        gi.take_v_into_begin(sc, &dc, &dist, &i32t, &mut c[..if r == last { 3 } else { 2 }], &mut v)
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(
        comm,
        "take_v_into_begin, wrong counts length",
        &res,
        Status::InvalidHandle,
    );
    let res = scope(|sc| {
        gi.put_v_begin(
            sc,
            &[1, 1],
            &[7i32, 8],
            &i32t,
            true,
            Some((&[0, 0, 0][..if r == last { 3 } else { 2 }], &[][..])),
        )
        .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "put_v_begin, init counts length", &res, Status::InvalidHandle);
    let res = scope(|sc| {
        gi.put_v_into_begin(
            sc,
            &[1, 1],
            if r == last { &[7i32][..] } else { &[7i32, 8][..] },
            &i32t,
            false,
            None,
            &mut oc[..2],
            &mut ov,
        )
        .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "put_v_into_begin, short values", &res, Status::InvalidHandle);
    let mut ic = vec![1i64, if r == last { -1 } else { 1 }];
    let res = scope(|sc| {
        gi.put_v_in_place_begin(sc, &[1, 1], &[7i32, 8], &i32t, true, &mut ic, &mut ov)
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(
        comm,
        "put_v_in_place_begin, negative owned count",
        &res,
        Status::InvalidHandle,
    );
    // and it still works
    let (c, v) = gi.take_v(&dc, &dist, &i32t).unwrap();
    assert_eq!((c, v), (vec![1, 1], want.clone()));
    let mut oc = vec![0i64; 2];
    let units = gi
        .put_v_into(&[1, 1], &want, &i32t, true, None, &mut oc, &mut ov)
        .unwrap();
    assert_eq!(units as i64, oc.iter().sum::<i64>());

    // take_v_into failing on a rank that owns nothing (with one part, then with none):
    // still agreed, whatever the status.
    let dz: Vec<i64> = (0..=n).map(|x| 2 * x.min(n - 1) as i64).collect();
    let idx_z: Vec<i64> = if n > 1 { vec![0] } else { vec![] };
    for with_part in [true, false] {
        let gz = if with_part || r != last {
            Indexer::new(&dz, &idx_z, comm.f).unwrap()
        } else {
            Indexer::new_multi(&dz, &[], comm.f).unwrap()
        };
        let dnz = gz.dist_size();
        let (dcz, dvz) = (vec![1i64; dnz], vec![5i32; dnz]);
        let mut cz = vec![0i64; idx_z.len() + usize::from(r == last)];
        let mut vz = vec![0i32; 4];
        let res = if gz.nparts() == 1 {
            gz.take_v_into(&dcz, &dvz, &i32t, &mut cz, &mut vz)
        } else {
            gz.take_v_into_parts(&dcz, &dvz, &i32t, &mut [&mut cz[..]], &mut [&mut vz[..]])
                .map(|v| v.len())
        };
        let (lo, hi) = comm.min_max(code(&res));
        assert!(lo == hi && lo < 0, "take_v_into on an empty rank: {lo}..{hi} ({res:?})");
        // put_v_into failing on a rank that owns nothing (and sends one item, or has an
        // empty part, or has no parts): dist_counts of length 1 there. Agreed as
        // WEFT_INVALID_VALUE however little the rank holds.
        let pcz = vec![1i64; gz.part_sizes().first().copied().unwrap_or(0)];
        let pvz = vec![5i32; pcz.len()];
        let parts: Vec<(&[i64], &[i32])> = if gz.nparts() == 1 {
            vec![(&pcz[..], &pvz[..])]
        } else {
            vec![]
        };
        let mut ocz = vec![0i64; dnz + usize::from(r == last)];
        let mut ovz = vec![0i32; 8];
        let res = gz.put_v_into_parts(&parts, &i32t, true, None, &mut ocz, &mut ovz);
        same_status(comm, "put_v_into on an empty rank", &res, Status::InvalidHandle);
        let res = scope(|sc| {
            gz.put_v_into_begin_parts(sc, parts.iter().copied(), &i32t, true, None, &mut ocz, &mut ovz)
                .and_then(|q| q.wait().map(|_| ()))
        });
        same_status(comm, "put_v_into_begin on an empty rank", &res, Status::InvalidHandle);
    }

    // A two-part indexer on one rank, used with the single-part API.
    let gi2 = if r == last {
        Indexer::new_multi(&distrib, &[&good[..1], &good[1..]], comm.f).unwrap()
    } else {
        Indexer::new(&distrib, &good, comm.f).unwrap()
    };
    let mut out = vec![0i32; 2];
    let res = gi2.take(&dist, 1, &i32t, &mut out);
    same_status(
        comm,
        "single-part call on a two-part indexer",
        &res,
        Status::InvalidHandle,
    );
    if r == last {
        assert!(res.unwrap_err().message().contains("has 2 parts"));
    }
    let res = gi2.put_v(&[1, 1], &[1i32, 2], &i32t, false, None);
    same_status(
        comm,
        "single-part put_v on a two-part indexer",
        &res,
        Status::InvalidHandle,
    );
    let (mut oc, mut ov) = (vec![0i64; 2], vec![0i32; 4]);
    let res = gi2.put_v_into(&[1, 1], &[1i32, 2], &i32t, false, None, &mut oc, &mut ov);
    same_status(
        comm,
        "single-part put_v_into on a two-part indexer",
        &res,
        Status::InvalidHandle,
    );
    let (mut c, mut v) = (vec![0i64; 2], vec![0i32; 4]);
    let res = scope(|sc| {
        gi2.take_v_into_begin(sc, &dc, &dist, &i32t, &mut c, &mut v)
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(
        comm,
        "single-part take_v_into_begin on a two-part indexer",
        &res,
        Status::InvalidHandle,
    );
    // A rank with no parts at all, next to ranks with parts.
    let gi0 = if r == 0 {
        Indexer::new_multi(&distrib, &[], comm.f).unwrap()
    } else {
        Indexer::new(&distrib, &good, comm.f).unwrap()
    };
    assert_eq!(gi0.nparts(), if r == 0 { 0 } else { 1 });
    let mut o: Vec<Vec<i32>> = vec![vec![0; 2]; gi0.nparts()];
    let mut refs: Vec<&mut [i32]> = o.iter_mut().map(|v| v.as_mut_slice()).collect();
    gi0.take_parts(&dist, 1, &i32t, &mut refs).unwrap();
    if r != 0 {
        assert_eq!(o[0], want);
    }
    let ps: Vec<&[i32]> = o.iter().map(|v| v.as_slice()).collect();
    let (pc, pv) = gi0
        .put_v_parts(
            &if r == 0 { vec![] } else { vec![(&[1i64, 1][..], ps[0])] },
            &i32t,
            true,
            None,
        )
        .unwrap();
    assert_eq!(pc.len(), 2);
    assert_eq!(pv.len() as i64, pc.iter().sum::<i64>());

    comm.barrier();
    if comm.rank == 0 {
        println!("  rank-local errors fail every rank alike ({n} ranks) ok");
    }
}

fn main() {
    std::env::set_var("OMPI_ALLOW_RUN_AS_ROOT", "1");
    std::env::set_var("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    unsafe { assert_eq!(MPI_Init(ptr::null_mut(), ptr::null_mut()), 0) };
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let mut r = 0;
        unsafe { MPI_Comm_rank(world(), &mut r) };
        eprintln!("rank {r}:");
        default_hook(info);
        abort_all(1);
    }));
    let comm = Comm::new(world());
    assert_eq!(weft::mpi::comm_world_f(), comm.f);
    if comm.rank == 0 {
        println!("weft indexer tests on {} ranks", comm.size);
    }
    predefined_monoids();
    if comm.size == 3 {
        seed_examples(&comm);
        comm.barrier();
        if comm.rank == 0 {
            println!("  seed 001 worked examples (3 ranks) ok");
        }
    }
    properties(&comm, 24, "MPI_COMM_WORLD");
    // A split communicator: even and odd ranks, reversed order.
    let mut sub: MPI_Comm = ptr::null_mut();
    unsafe { MPI_Comm_split(world(), (comm.rank % 2) as c_int, -(comm.rank as c_int), &mut sub) };
    let subc = Comm::new(sub);
    properties(&subc, 6, "a split communicator");
    unsafe { MPI_Comm_free(&mut sub) };
    user_monoids(&comm);
    gapped_var(&comm);
    errors(&comm);
    comm.barrier();
    if comm.rank == 0 {
        println!("all indexer tests passed");
    }
    unsafe { MPI_Finalize() };
}
