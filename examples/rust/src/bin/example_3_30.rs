//! MPI-1.1 Example 3.30: copy the strictly lower triangular part of a Fortran
//! `REAL a(100,100)` onto that of `b(100,100)` with one indexed datatype. Column i
//! (1-based) holds rows i+1..100: displacement 100*(i-1) + i, length 100 - i (the last
//! block is empty). Column-major: a(r,c) is a[(r-1) + 100*(c-1)].
//! Errata fixed: MPI_COMM_RANK lacked `ierr`; `blocklen` was declared but `block` was
//! assigned and passed.
use weft::Datatype;
use weft_examples::{mismatches, Mpi, OrAbort};

fn idx(r: usize, c: usize) -> usize {
    (r - 1) + 100 * (c - 1)
}
fn fill(rank: i32) -> Vec<f32> {
    (0..100 * 100)
        .map(|n| (3 * n + 100_000 * rank as usize) as f32)
        .collect()
}
const UNTOUCHED: f32 = -1.0;

/// b(r,c) = a(r,c) for r > c, untouched elsewhere.
fn expected(a: &[f32]) -> Vec<f32> {
    let mut b = vec![UNTOUCHED; 100 * 100];
    for c in 1..=100 {
        for r in c + 1..=100 {
            b[idx(r, c)] = a[idx(r, c)];
        }
    }
    b
}

fn main() {
    let mpi = Mpi::init();
    let a = fill(mpi.rank);
    // compute start and size of each column
    let disp: Vec<i64> = (1..=100).map(|i| 100 * (i - 1) + i).collect();
    let blocklen: Vec<i64> = (1..=100).map(|i| 100 - i).collect();
    let ltype = Datatype::indexed(&blocklen, &disp, &Datatype::real())
        .or_abort("indexed")
        .committed()
        .or_abort("commit");
    assert_eq!(ltype.size(), 4 * 4950);

    let mut b = vec![UNTOUCHED; 100 * 100];
    let n = weft::copy(&a, 1, &ltype, &mut b, 1, &ltype).or_abort("copy");
    let bad_copy = mismatches(&b, &expected(&a)) + usize::from(n != 4 * 4950);

    let mut b = vec![UNTOUCHED; 100 * 100];
    // SAFETY: ltype lies inside a and b (10000 REALs each; the proof of the copy above).
    unsafe { mpi.sendrecv(a.as_ptr().cast(), 1, &ltype, b.as_mut_ptr().cast(), 1, &ltype) };
    let bad_mpi = mismatches(&b, &expected(&fill(mpi.partner())));

    let rc = mpi.report(
        "3.30",
        "strict lower triangle of a(100,100) onto b with indexed (4950 REALs; upper part and diagonal untouched)",
        bad_copy,
        bad_mpi,
    );
    drop(mpi);
    std::process::exit(rc);
}
