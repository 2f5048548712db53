//! BFS levels (GraphBLAS C API specification, appendix "breadth-first search"): from
//! vertex 0 of the example graph, level by level with the LOR.LAND semiring, the
//! frontier masked by the complement of the visited set's structure, with replace:
//!
//! ```text
//! q(0) = true; d = 0
//! repeat:  d += 1
//!          v<q> = d                         (assign_scalar, mask q)
//!          q<!struct(v), replace> = q lor.land A   (vxm)
//!          succ = lor(q)                    (reduce to a scalar)
//! until !succ
//! ```
//!
//! Checks the levels against a plain-loop BFS and the known level sizes 1, 5, 11, 12,
//! 5, and exits nonzero if either differs.
use weft::sparse::{Indices, Options, Scalar, Vector};
use weft::{BinaryOpcode, Monoid, MonoidOp, Semiring};
use weft_examples::graph::{self, or_exit, verdict, N};

fn main() {
    let a = or_exit(graph::adjacency(true), "adjacency");
    let lor_land = Semiring::of::<bool>(MonoidOp::Lor, BinaryOpcode::Land).unwrap();
    let lor = Monoid::of::<bool>(MonoidOp::Lor).unwrap();

    let v = or_exit(Vector::<i32>::new(N), "Vector::new"); // v(i) = level of i, from 1
    let q = or_exit(Vector::<bool>::new(N), "Vector::new"); // the frontier
    or_exit(q.set_element(0, true), "set_element");
    let succ = or_exit(Scalar::<bool>::new(), "Scalar::new");
    let mut d = 0;
    loop {
        d += 1;
        let level = or_exit(Scalar::from_value(d), "Scalar::from_value");
        or_exit(
            v.assign_scalar(&level, Indices::All, &Options::new().mask(&q)),
            "v<q> = d",
        );
        or_exit(
            q.vxm(
                &lor_land,
                &q,
                &a,
                &Options::new().mask(&v).complement().structure().replace(),
            ),
            "q<!v> = q lor.land A",
        );
        or_exit(succ.reduce(&lor, &q, &Options::new()), "succ = lor(q)");
        if succ.get().ok().flatten() != Some(true) {
            break;
        }
    }

    let got = or_exit(v.to_tuples(), "to_tuples");
    let want = graph::plain_levels(0);
    let same = got.len() == want.len() && got.iter().all(|&(i, l)| want[i as usize] == Some(l as usize - 1));
    let mut sizes = vec![0usize; d as usize];
    for &(_, l) in &got {
        sizes[l as usize - 1] += 1;
    }
    println!("bfs_levels [rust]: {} levels from vertex 0, sizes {sizes:?}", d);
    std::process::exit(verdict(
        "bfs_levels",
        &[
            ("every vertex at its plain-BFS level", same),
            ("level sizes 1, 5, 11, 12, 5", sizes == graph::LEVEL_SIZES),
        ],
    ));
}
