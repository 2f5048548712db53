//! MPI-1.1 Example 3.33: an array of structures, `Partstruct particle[1000]`.
//!   4.1 the entire array: Particletype from relative displacements (as published, the
//!       extent comes from the alignment epsilon) and the "safer" one with an MPI_UB at
//!       particle+1;
//!   4.2 only the class-0 particles, preceded by their number: the count's and the
//!       array's absolute addresses in a struct sent from MPI_BOTTOM; one block per
//!       particle, and the "probably more efficient" runs of particles;
//!   4.3 the first two coordinates of every entry: Allpairs (hvector sent from
//!       particle[0].d) and Onepair (LB, 2 doubles, UB sent from particle); also
//!       MPI-3.0's contiguous(2) resized to the entry, sent from particle[0].d.
//! Errata fixed: `base` is an address-sized integer (isize), not `int`; `tag` is
//! declared (here: 0); the member stays `class` (not a keyword in Rust); `zdisp` are
//! integer displacements for MPI_Type_indexed; `.index` is `.class`; Onepair subtracts
//! the base from all three displacements (`i<3`) and is sent from `particle`.
//! Partstruct has padding, so it is moved with the `_raw` forms (see the SAFETY notes).
use core::ffi::c_void;
use core::mem::size_of;
use weft::{address, copy_raw, Datatype, BOTTOM};
use weft_examples::{ffi, particles, zero_runs, Mpi, OrAbort, Partstruct, NPART, ZERO};

/// The receive side of 4.2: the count, then the particles one after another.
#[repr(C)]
struct Zrecv {
    n: i32,
    p: [Partstruct; NPART],
}

fn class_zero(p: &[Partstruct]) -> Vec<Partstruct> {
    p.iter().filter(|x| x.class == 0).copied().collect()
}

fn count_bad_zero(z: &Zrecv, want: &[Partstruct]) -> usize {
    let n = z.n.max(0) as usize;
    usize::from(n != want.len()) + want.iter().zip(&z.p[..n.min(NPART)]).filter(|(w, g)| w != g).count()
}

fn count_bad_pairs(pairs: &[f64], p: &[Partstruct]) -> usize {
    (0..NPART)
        .filter(|&i| pairs[2 * i] != p[i].d[0] || pairs[2 * i + 1] != p[i].d[1])
        .count()
}

fn main() {
    let mpi = Mpi::init();
    let particle = particles(mpi.rank);
    let theirs = particles(mpi.partner());
    let (mut bad_copy, mut bad_mpi) = (0usize, 0usize);

    // build datatype describing structure: displacements of the components
    let mut disp = [
        address(&particle[0]),
        address(&particle[0].d),
        address(&particle[0].b),
        address(&particle[1]),
    ];
    let base: isize = disp[0];
    for d in disp.iter_mut() {
        *d -= base;
    }
    let (int, double, char_) = (Datatype::int(), Datatype::double(), Datatype::char());
    let particletype = Datatype::structure(&[1, 6, 7], &disp[..3], &[&int, &double, &char_])
        .or_abort("struct")
        .committed()
        .or_abort("commit");
    // the "safer" version: an MPI_UB at particle+1
    let particletype_ub = Datatype::structure(&[1, 6, 7, 1], &disp, &[&int, &double, &char_, &Datatype::ub_marker()])
        .or_abort("struct")
        .committed()
        .or_abort("commit");
    let sizeofentry = particletype.extent();
    bad_copy += usize::from(sizeofentry != size_of::<Partstruct>() as isize || particletype_ub.extent() != sizeofentry);

    // 4.1: the entire array, both versions
    for pt in [&particletype, &particletype_ub] {
        let mut recv = vec![ZERO; NPART];
        // SAFETY: 1000 copies of pt touch the fields of particle[0..1000] / recv[0..1000]
        // (extent 64 = size_of::<Partstruct>()), initialised and valid for any bits.
        unsafe {
            copy_raw(
                particle.as_ptr().cast(),
                NPART as i64,
                pt,
                recv.as_mut_ptr().cast(),
                NPART as i64,
                pt,
            )
            .or_abort("copy");
        }
        bad_copy += recv.iter().zip(&particle).filter(|(r, p)| r != p).count();
        let mut recv = vec![ZERO; NPART];
        // SAFETY: as above.
        unsafe {
            mpi.sendrecv(
                particle.as_ptr().cast(),
                NPART as i32,
                pt,
                recv.as_mut_ptr().cast(),
                NPART as i32,
                pt,
            )
        };
        bad_mpi += recv.iter().zip(&theirs).filter(|(r, p)| r != p).count();
    }

    // 4.2: class-zero particles preceded by their number
    let (mut zdisp, mut zblock) = (Vec::new(), Vec::new());
    for (i, p) in particle.iter().enumerate() {
        if p.class == 0 {
            zdisp.push(i as i64);
            zblock.push(1);
        }
    }
    let runs = zero_runs(&particle);
    for (zdisp, zblock) in [(zdisp, zblock), runs] {
        let j: i32 = zblock.iter().sum::<i64>() as i32;
        let zparticles = Datatype::indexed(&zblock, &zdisp, &particletype).or_abort("indexed");
        // prepend particle count: absolute addresses of j and of particle
        let zzdisp = [address(&j), address(particle.as_ptr())];
        let ztype = Datatype::structure(&[1, 1], &zzdisp, &[&int, &zparticles])
            .or_abort("struct")
            .committed()
            .or_abort("commit");
        drop(zparticles); // ztype keeps it alive
                          // receive: the count, then j particles, relative to a Zrecv
        let cont = Datatype::contiguous(j as i64, &particletype).or_abort("contiguous");
        let mut zr = Box::new(Zrecv {
            n: -1,
            p: [ZERO; NPART],
        });
        let zbase = address(&*zr);
        let zrdisp = [address(&zr.n) - zbase, address(&zr.p) - zbase]; // offsetof n, p
        let zrtype = Datatype::structure(&[1, 1], &zrdisp, &[&int, &cont])
            .or_abort("struct")
            .committed()
            .or_abort("commit");
        // SAFETY: ztype names j and fields of particle[..] by absolute address (both live);
        // zrtype names the fields of *zr.
        unsafe {
            copy_raw(BOTTOM, 1, &ztype, (&mut *zr as *mut Zrecv).cast::<c_void>(), 1, &zrtype).or_abort("copy");
        }
        bad_copy += count_bad_zero(&zr, &class_zero(&particle));
        let mut zr = Box::new(Zrecv {
            n: -1,
            p: [ZERO; NPART],
        });
        // SAFETY: as above; MPI_BOTTOM is the null address.
        unsafe { mpi.sendrecv(ffi::MPI_BOTTOM, 1, &ztype, (&mut *zr as *mut Zrecv).cast(), 1, &zrtype) };
        bad_mpi += count_bad_zero(&zr, &class_zero(&theirs));
    }

    // 4.3: the first two coordinates of all entries
    let allpairs = Datatype::hvector(NPART as i64, 2, sizeofentry, &double)
        .or_abort("hvector")
        .committed()
        .or_abort("commit");
    let mut disp2 = [address(&particle[0]), address(&particle[0].d), address(&particle[1])];
    let base2 = disp2[0];
    for d in disp2.iter_mut() {
        *d -= base2; // all three (errata: the published loop stopped at i<2)
    }
    let onepair = Datatype::structure(
        &[1, 2, 1],
        &disp2,
        &[&Datatype::lb_marker(), &double, &Datatype::ub_marker()],
    )
    .or_abort("struct")
    .committed()
    .or_abort("commit");
    // MPI-3.0's version: contiguous(2, DOUBLE) resized to (0, sizeofentry)
    let pair = Datatype::contiguous(2, &double).or_abort("contiguous");
    let onepair3 = Datatype::resized(&pair, 0, sizeofentry)
        .or_abort("resized")
        .committed()
        .or_abort("commit");
    let d0 = |p: &[Partstruct]| p[0].d.as_ptr().cast::<c_void>();
    let ways: [(&Datatype, i64, bool); 3] = [
        (&allpairs, 1, true),
        (&onepair, NPART as i64, false),
        (&onepair3, NPART as i64, true),
    ];
    for (t, count, from_d) in ways {
        let src = if from_d {
            d0(&particle)
        } else {
            particle.as_ptr().cast()
        };
        let mut pairs = vec![0f64; 2 * NPART];
        // SAFETY: the types touch d[0], d[1] of the 1000 particles from these origins.
        unsafe {
            copy_raw(src, count, t, pairs.as_mut_ptr().cast(), 2 * NPART as i64, &double).or_abort("copy");
        }
        bad_copy += count_bad_pairs(&pairs, &particle);
        let mut pairs = vec![0f64; 2 * NPART];
        // SAFETY: as above.
        unsafe {
            mpi.sendrecv(
                src,
                count as i32,
                t,
                pairs.as_mut_ptr().cast(),
                2 * NPART as i32,
                &double,
            )
        };
        bad_mpi += count_bad_pairs(&pairs, &theirs);
    }

    let rc = mpi.report(
        "3.33",
        "1000 Partstruct: whole array (epsilon, UB), class-0 with count from MPI_BOTTOM (per particle, runs), \
         first two coordinates (Allpairs, Onepair, resized)",
        bad_copy,
        bad_mpi,
    );
    drop(mpi);
    std::process::exit(rc);
}
