//! BFS parents (GraphBLAS C API specification, appendix "breadth-first search, parent
//! list"): each vertex's parent in a BFS tree from vertex 0, found with the MIN.FIRST
//! semiring on vertex ids, so that a vertex's parent is its smallest-numbered neighbour
//! one level up:
//!
//! ```text
//! p(0) = 0; q(0) = 0
//! while q has entries:
//!     q<!struct(p), replace> = q min.first A    (vxm: q(j) = the smallest frontier id next to j)
//!     p<struct(q)> = q                          (assign: record the parents)
//!     q = rowindex(q)                           (apply_index: each entry becomes its own id)
//! ```
//!
//! Checks p against a plain-loop BFS (the smallest neighbour at the level above) and
//! exits nonzero if they differ.
use weft::sparse::{Indices, Options, Scalar, Vector};
use weft::{BinaryOpcode, IndexUnaryOp, IndexUnaryOpcode, MonoidOp, Semiring};
use weft_examples::graph::{self, or_exit, verdict, N};

fn main() {
    let a = or_exit(graph::adjacency(true), "adjacency");
    let min_first = Semiring::of::<i64>(MonoidOp::Min, BinaryOpcode::First).unwrap();
    let rowindex = IndexUnaryOp::of::<i64>(IndexUnaryOpcode::RowIndex).unwrap();
    let zero = or_exit(Scalar::from_value(0i64), "Scalar::from_value");

    let p = or_exit(Vector::from_tuples(N, &[(0, 0i64)]), "p");
    let q = or_exit(Vector::from_tuples(N, &[(0, 0i64)]), "q");
    let mut steps = 0;
    while or_exit(q.nvals(), "nvals") > 0 {
        steps += 1;
        or_exit(
            q.vxm(
                &min_first,
                &q,
                &a,
                &Options::new().mask(&p).complement().structure().replace(),
            ),
            "q<!p> = q min.first A",
        );
        or_exit(
            p.assign(&q, Indices::All, &Options::new().mask(&q).structure()),
            "p<q> = q",
        );
        or_exit(q.apply_index(&rowindex, &q, &zero, &Options::new()), "q = rowindex(q)");
    }

    let got = or_exit(p.to_tuples(), "to_tuples");
    let level = graph::plain_levels(0);
    let adj = graph::neighbours();
    let want: Vec<(i64, i64)> = (0..N as usize)
        .map(|v| {
            let parent = if v == 0 {
                0
            } else {
                *adj[v].iter().find(|&&u| level[u].map(|l| l + 1) == level[v]).unwrap()
            };
            (v as i64, parent as i64)
        })
        .collect();
    println!("bfs_parents [rust]: {} vertices reached in {steps} steps", got.len());
    std::process::exit(verdict(
        "bfs_parents",
        &[
            ("every vertex has a parent", got.len() == N as usize),
            (
                "parents are the smallest neighbours one level up (plain BFS)",
                got == want,
            ),
        ],
    ));
}
