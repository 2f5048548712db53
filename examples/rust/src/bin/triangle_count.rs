//! Triangle counting (GraphBLAS C API specification, appendix "triangle counting", the
//! masked L*L variant): L = tril(A, -1), the strictly lower triangle; C<L> = L plus.pair
//! L counts, for each edge (i, j) of L, the k with i > k > j adjacent to both; the sum
//! of C is the number of triangles, each counted once.
//!
//! Checks the count against a plain triple loop and the known 16, and exits nonzero if
//! either differs.
use weft::sparse::{Matrix, Options, Scalar};
use weft::{BinaryOpcode, IndexUnaryOp, IndexUnaryOpcode, Monoid, MonoidOp, Semiring};
use weft_examples::graph::{self, or_exit, verdict, N, TRIANGLES};

fn main() {
    let a = or_exit(graph::adjacency(true), "adjacency");
    let l = or_exit(Matrix::<bool>::new(N, N), "Matrix::new");
    let tril = IndexUnaryOp::predefined(IndexUnaryOpcode::Tril, None).unwrap();
    or_exit(
        l.select(&tril, &a, &or_exit(Scalar::from_value(-1i64), "thunk"), &Options::new()),
        "L = tril(A, -1)",
    );

    let c = or_exit(Matrix::<i64>::new(N, N), "Matrix::new");
    let plus_pair = Semiring::of::<i64>(MonoidOp::Plus, BinaryOpcode::Pair).unwrap();
    or_exit(
        c.mxm(&plus_pair, &l, &l, &Options::new().mask(&l).structure()),
        "C<L> = L plus.pair L",
    );
    let count = or_exit(Scalar::<i64>::new(), "Scalar::new");
    or_exit(
        count.reduce(&Monoid::of::<i64>(MonoidOp::Plus).unwrap(), &c, &Options::new()),
        "sum(C)",
    );
    let got = or_exit(count.get(), "get").unwrap_or(0);

    // Plain: every i < j < k with all three edges.
    let adj = graph::neighbours();
    let mut plain = 0i64;
    for i in 0..N as usize {
        for &j in adj[i].iter().filter(|&&j| j > i) {
            plain += adj[j]
                .iter()
                .filter(|&&k| k > j && adj[i].binary_search(&k).is_ok())
                .count() as i64;
        }
    }
    println!(
        "triangle_count [rust]: {got} triangles ({} edges in L)",
        or_exit(l.nvals(), "nvals")
    );
    std::process::exit(verdict(
        "triangle_count",
        &[
            ("the plain triple loop's count", got == plain),
            ("16 triangles", got == TRIANGLES),
        ],
    ));
}
