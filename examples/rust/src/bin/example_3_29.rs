//! MPI-1.1 Example 3.29: send and receive the section a(1:17:2, 3:11, 2:10) of a
//! Fortran `REAL a(100,100,100)` into `e(9,9,9)`. Fortran column-major indexing:
//! a(i,j,k) is a[(i-1) + 100*(j-1) + 100*100*(k-1)].
//! Errata fixed: MPI_COMM_RANK lacked `ierr`; the third MPI_TYPE_HVECTOR call had a
//! spurious `1,` argument (7 arguments).
use weft::Datatype;
use weft_examples::{mismatches, Mpi, OrAbort};

fn a_idx(i: usize, j: usize, k: usize) -> usize {
    (i - 1) + 100 * (j - 1) + 100 * 100 * (k - 1)
}
fn e_idx(i: usize, j: usize, k: usize) -> usize {
    (i - 1) + 9 * (j - 1) + 81 * (k - 1)
}

/// The array of a rank: a(n) = n + 1e6 * rank (exact in REAL).
fn fill(rank: i32) -> Vec<f32> {
    (0..100 * 100 * 100)
        .map(|n| (n + 1_000_000 * rank as usize) as f32)
        .collect()
}

/// e(i,j,k) = a(2i-1, j+2, k+1), computed with plain array code.
fn expected(a: &[f32]) -> Vec<f32> {
    let mut e = vec![0f32; 729];
    for k in 1..=9 {
        for j in 1..=9 {
            for i in 1..=9 {
                e[e_idx(i, j, k)] = a[a_idx(2 * i - 1, j + 2, k + 1)];
            }
        }
    }
    e
}

fn main() {
    let mpi = Mpi::init();
    let a = fill(mpi.rank);
    let real = Datatype::real();
    let sizeofreal = real.extent(); // MPI_TYPE_EXTENT(MPI_REAL, sizeofreal)

    // datatype for a 1D section, a 2D section, the entire section
    let oneslice = Datatype::vector(9, 1, 2, &real).or_abort("vector");
    let twoslice = Datatype::hvector(9, 1, 100 * sizeofreal, &oneslice).or_abort("hvector");
    let threeslice = Datatype::hvector(9, 1, 100 * 100 * sizeofreal, &twoslice)
        .or_abort("hvector")
        .committed()
        .or_abort("commit");
    assert_eq!(threeslice.size(), 729 * 4);

    // weft copy: from a(1,3,2), 1 threeslice -> e, 9*9*9 REAL (safe slices: the
    // section fits in a[a(1,3,2)..], which weft's span proof checks)
    let mut e = vec![0f32; 729];
    let n = weft::copy(&a[a_idx(1, 3, 2)..], 1, &threeslice, &mut e, 9 * 9 * 9, &real).or_abort("copy");
    let bad_copy = mismatches(&e, &expected(&a)) + usize::from(n != 729 * 4);

    // MPI_SENDRECV(a(1,3,2), 1, threeslice, partner, 0, e, 9*9*9, MPI_REAL, partner, 0, ...)
    let mut e = vec![0f32; 729];
    // SAFETY: the section lies inside a (proved by the copy above), e holds 729 REALs.
    unsafe {
        mpi.sendrecv(
            a[a_idx(1, 3, 2)..].as_ptr().cast(),
            1,
            &threeslice,
            e.as_mut_ptr().cast(),
            729,
            &real,
        );
    }
    let bad_mpi = mismatches(&e, &expected(&fill(mpi.partner())));

    let rc = mpi.report(
        "3.29",
        "a(1:17:2,3:11,2:10) -> e(9,9,9) with vector/hvector/hvector, 729 REALs checked",
        bad_copy,
        bad_mpi,
    );
    drop(mpi);
    std::process::exit(rc);
}
