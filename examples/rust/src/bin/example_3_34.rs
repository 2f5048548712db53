//! MPI-1.1 Example 3.34: the manipulations of 3.33 with absolute addresses in the
//! datatypes; every send is from MPI_BOTTOM.
//!   5.1 the entire array: 1000 copies of Particletype (the first entry by absolute
//!       addresses) from MPI_BOTTOM;
//!   5.2 the class-0 entries preceded by their number.
//! Errata fixed: `zdisp[1000]` lacked `;` and holds integer displacements;
//! `.index` is `.class`; `(particle[k].index = 0)` was an assignment (`==`);
//! `zzdisp[1] = MPI_BOTTOM` assigned a pointer to an address integer (it is 0); and
//! Particletype gets an explicit MPI_UB at particle+1 instead of relying on the
//! alignment epsilon for extent == sizeof(struct Partstruct).
//! The receive side uses absolute addresses too (MPI_BOTTOM), of a separate array.
use core::cell::Cell;
use core::mem::size_of;
use weft::{address, copy_raw, Datatype, BOTTOM};
use weft_examples::{ffi, particles, zero_runs, Mpi, OrAbort, Partstruct, NPART, ZERO};

fn count_bad(recv: &[Partstruct], want: &[Partstruct]) -> usize {
    recv.iter().zip(want).filter(|(r, w)| r != w).count()
}

fn main() {
    let mpi = Mpi::init();
    let particle = particles(mpi.rank);
    let theirs = particles(mpi.partner());
    let (mut bad_copy, mut bad_mpi) = (0usize, 0usize);
    let (int, double, char_, ub) = (
        Datatype::int(),
        Datatype::double(),
        Datatype::char(),
        Datatype::ub_marker(),
    );
    let block = [1, 6, 7, 1];

    // Particletype describes the first array entry, using absolute addresses
    let disp = [
        address(&particle[0]),
        address(&particle[0].d),
        address(&particle[0].b),
        address(&particle[1]),
    ];
    let particletype = Datatype::structure(&block, &disp, &[&int, &double, &char_, &ub])
        .or_abort("struct")
        .committed()
        .or_abort("commit");
    bad_copy += usize::from(particletype.extent() != size_of::<Partstruct>() as isize || particletype.lb() != disp[0]);

    // the receive array and its Particletype, also by absolute addresses
    let mut recv = vec![ZERO; NPART];
    let rp = recv.as_mut_ptr();
    // SAFETY: addresses of fields of recv[0] and of recv[1] (in bounds), not dereferenced.
    let rdisp = unsafe {
        [
            address(rp),
            address(core::ptr::addr_of!((*rp).d)),
            address(core::ptr::addr_of!((*rp).b)),
            address(rp.add(1)),
        ]
    };
    let rtype = Datatype::structure(&block, &rdisp, &[&int, &double, &char_, &ub])
        .or_abort("struct")
        .committed()
        .or_abort("commit");

    // 5.1: the entire array, from MPI_BOTTOM into MPI_BOTTOM
    // SAFETY: 1000 copies of particletype / rtype touch the fields of particle[..] /
    // recv[..], which are live; recv is written only through rp.
    unsafe { copy_raw(BOTTOM, NPART as i64, &particletype, BOTTOM, NPART as i64, &rtype).or_abort("copy") };
    bad_copy += count_bad(&recv, &particle);
    recv.iter_mut().for_each(|r| *r = ZERO);
    let rp = recv.as_mut_ptr(); // re-derived after the writes above
    assert_eq!(address(rp), rdisp[0]);
    // SAFETY: as above.
    unsafe {
        mpi.sendrecv(
            ffi::MPI_BOTTOM,
            NPART as i32,
            &particletype,
            ffi::MPI_BOTTOM,
            NPART as i32,
            &rtype,
        )
    };
    bad_mpi += count_bad(&recv, &theirs);

    // 5.2: the class-0 entries, preceded by their number
    let (zdisp, zblock) = zero_runs(&particle);
    let j: i32 = zblock.iter().sum::<i64>() as i32;
    let zparticles = Datatype::indexed(&zblock, &zdisp, &particletype).or_abort("indexed");
    // zparticles describes the class-0 particles by their absolute addresses
    let zzdisp = [address(&j), 0]; // zzdisp[1] = (MPI_Aint)0, i.e. MPI_BOTTOM
    let ztype = Datatype::structure(&[1, 1], &zzdisp, &[&int, &zparticles])
        .or_abort("struct")
        .committed()
        .or_abort("commit");
    // receive: the count into rj, the particles into recv[0..j)
    let rj = Cell::new(-1i32); // written by weft / MPI through its address
    let cont = Datatype::contiguous(j as i64, &rtype).or_abort("contiguous");
    let zr = Datatype::structure(&[1, 1], &[address(rj.as_ptr()), 0], &[&int, &cont])
        .or_abort("struct")
        .committed()
        .or_abort("commit");
    let want_mine: Vec<Partstruct> = particle.iter().filter(|p| p.class == 0).copied().collect();
    let want_theirs: Vec<Partstruct> = theirs.iter().filter(|p| p.class == 0).copied().collect();
    for pass in 0..2 {
        rj.set(-1);
        recv.iter_mut().for_each(|r| *r = ZERO);
        assert_eq!(address(recv.as_mut_ptr()), rdisp[0]); // the writes below go to recv
        if pass == 0 {
            // SAFETY: ztype names j and class-0 particles; zr names rj and recv[0..j).
            unsafe { copy_raw(BOTTOM, 1, &ztype, BOTTOM, 1, &zr).or_abort("copy") };
        } else {
            // SAFETY: as above.
            unsafe { mpi.sendrecv(ffi::MPI_BOTTOM, 1, &ztype, ffi::MPI_BOTTOM, 1, &zr) };
        }
        let want = if pass == 0 { &want_mine } else { &want_theirs };
        let bad = usize::from(rj.get() != j) + count_bad(&recv[..j as usize], want);
        if pass == 0 {
            bad_copy += bad;
        } else {
            bad_mpi += bad;
        }
    }

    let rc = mpi.report(
        "3.34",
        "absolute addresses from MPI_BOTTOM: 1000 Partstruct (UB at particle+1), class-0 runs with count",
        bad_copy,
        bad_mpi,
    );
    drop(mpi);
    std::process::exit(rc);
}
