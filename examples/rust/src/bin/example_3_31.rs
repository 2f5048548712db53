//! MPI-1.1 Example 3.31: transpose a Fortran `REAL a(100,100)` onto `b`: send a in
//! row-major order (hvector of 100 rows one REAL apart) and receive 100*100 REALs in
//! column-major order. Column-major: a(i,j) is a[(i-1) + 100*(j-1)].
//! Errata fixed: MPI_COMM_RANK lacked `ierr`.
use weft::Datatype;
use weft_examples::{mismatches, Mpi, OrAbort};

fn idx(i: usize, j: usize) -> usize {
    (i - 1) + 100 * (j - 1)
}
fn fill(rank: i32) -> Vec<f32> {
    (0..100 * 100).map(|n| (n + 100_000 * rank as usize) as f32).collect()
}
/// b(i,j) = a(j,i)
fn expected(a: &[f32]) -> Vec<f32> {
    let mut b = vec![0f32; 100 * 100];
    for j in 1..=100 {
        for i in 1..=100 {
            b[idx(i, j)] = a[idx(j, i)];
        }
    }
    b
}

fn main() {
    let mpi = Mpi::init();
    let a = fill(mpi.rank);
    let real = Datatype::real();
    let sizeofreal = real.extent();
    // datatype for one row; for the matrix in row-major order
    let row = Datatype::vector(100, 1, 100, &real).or_abort("vector");
    let xpose = Datatype::hvector(100, 1, sizeofreal, &row)
        .or_abort("hvector")
        .committed()
        .or_abort("commit");

    let mut b = vec![0f32; 100 * 100];
    let n = weft::copy(&a, 1, &xpose, &mut b, 100 * 100, &real).or_abort("copy");
    let bad_copy = mismatches(&b, &expected(&a)) + usize::from(n != 40_000);

    let mut b = vec![0f32; 100 * 100];
    // SAFETY: xpose lies inside a; b holds 100*100 REALs.
    unsafe { mpi.sendrecv(a.as_ptr().cast(), 1, &xpose, b.as_mut_ptr().cast(), 100 * 100, &real) };
    let bad_mpi = mismatches(&b, &expected(&fill(mpi.partner())));

    let rc = mpi.report(
        "3.31",
        "b = transpose(a(100,100)) with hvector of vector rows",
        bad_copy,
        bad_mpi,
    );
    drop(mpi);
    std::process::exit(rc);
}
