//! MPI-1.1 Example 3.32: transpose again, sending 100 copies of one row whose extent is
//! one REAL, made with a struct {row at 0, MPI_UB at sizeofreal}. Column-major: a(i,j)
//! is a[(i-1) + 100*(j-1)].
//! Errata fixed: MPI_COMM_RANK lacked `ierr`.
use weft::Datatype;
use weft_examples::{mismatches, Mpi, OrAbort};

fn idx(i: usize, j: usize) -> usize {
    (i - 1) + 100 * (j - 1)
}
fn fill(rank: i32) -> Vec<f32> {
    (0..100 * 100)
        .map(|n| (7 * n + 100_000 * rank as usize) as f32)
        .collect()
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
    let row = Datatype::vector(100, 1, 100, &real).or_abort("vector");
    // one row, with the extent of one real number
    let disp = [0, sizeofreal];
    let blocklen = [1, 1];
    let row1 = Datatype::structure(&blocklen, &disp, &[&row, &Datatype::ub_marker()])
        .or_abort("struct")
        .committed()
        .or_abort("commit");
    let ok_bounds = row1.size() == 400 && row1.lb() == 0 && row1.extent() == sizeofreal;

    // send 100 rows and receive in column-major order
    let mut b = vec![0f32; 100 * 100];
    let n = weft::copy(&a, 100, &row1, &mut b, 100 * 100, &real).or_abort("copy");
    let bad_copy = mismatches(&b, &expected(&a)) + usize::from(n != 40_000 || !ok_bounds);

    let mut b = vec![0f32; 100 * 100];
    // SAFETY: 100 copies of row1 lie inside a (proved by the copy); b holds 10000 REALs.
    unsafe { mpi.sendrecv(a.as_ptr().cast(), 100, &row1, b.as_mut_ptr().cast(), 100 * 100, &real) };
    let bad_mpi = mismatches(&b, &expected(&fill(mpi.partner())));

    let rc = mpi.report(
        "3.32",
        "b = transpose(a) via 100 rows of struct{row, UB at 4} (size 400, extent 4)",
        bad_copy,
        bad_mpi,
    );
    drop(mpi);
    std::process::exit(rc);
}
