//! A maximal independent set by Luby's algorithm (GraphBLAS C API specification,
//! appendix "maximal independent set"): each round, every candidate draws a random
//! weight scaled by its degree (a closure operator holding the random generator's
//! state); candidates heavier than all their candidate neighbours join the set, and they
//! and their neighbours stop being candidates.
//!
//! Checks, with plain loops over the edges, that the set is independent (no edge inside
//! it) and maximal (every other vertex has a neighbour in it), and exits nonzero if not.
use std::sync::atomic::{AtomicU64, Ordering};

use weft::sparse::{Indices, Options, Scalar, Vector};
use weft::{BinaryOp, BinaryOpcode, Monoid, MonoidOp, Semiring, UnaryOp, UnaryOpcode};
use weft_examples::graph::{self, or_exit, verdict, N};

fn main() {
    let a = or_exit(graph::adjacency(true), "adjacency");
    let n = N;
    // The spec's set_random: 0.0001 + random() / (1 + 2 degree), here with xorshift64
    // state captured by the closure (an atomic: operators are Sync).
    let state = AtomicU64::new(0x9E37_79B9_7F4A_7C15);
    let set_random = or_exit(
        UnaryOp::from_fn(move |degree: f64| {
            let mut x = state.load(Ordering::Relaxed);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            state.store(x, Ordering::Relaxed);
            0.0001 + (x >> 11) as f64 / (1u64 << 53) as f64 / (1.0 + 2.0 * degree)
        }),
        "UnaryOp::from_fn",
    );
    let max_second = Semiring::of::<f64>(MonoidOp::Max, BinaryOpcode::Second).unwrap();
    let lor_land = Semiring::of::<bool>(MonoidOp::Lor, BinaryOpcode::Land).unwrap();
    let gt = BinaryOp::of::<f64>(BinaryOpcode::Gt).unwrap();
    let lor = BinaryOp::predefined(BinaryOpcode::Lor, weft::Predefined::Bool).unwrap();
    let land = BinaryOp::predefined(BinaryOpcode::Land, weft::Predefined::Bool).unwrap();
    let identity = UnaryOp::of::<bool>(UnaryOpcode::Identity).unwrap();
    let none = || Options::new();

    let iset = or_exit(Vector::<bool>::new(n), "iset");
    let prob = or_exit(Vector::<f64>::new(n), "prob");
    let neighbor_max = or_exit(Vector::<f64>::new(n), "neighbor_max");
    let new_members = or_exit(Vector::<bool>::new(n), "new_members");
    let new_neighbors = or_exit(Vector::<bool>::new(n), "new_neighbors");
    let candidates = or_exit(Vector::<bool>::new(n), "candidates");
    let degrees = or_exit(Vector::<f64>::new(n), "degrees");
    or_exit(
        degrees.reduce_rows(&Monoid::of::<f64>(MonoidOp::Plus).unwrap(), &a, &none()),
        "degrees",
    );
    let yes = or_exit(Scalar::from_value(true), "true");
    // Isolated vertices are not candidates but join the set at once.
    or_exit(
        candidates.assign_scalar(&yes, Indices::All, &none().mask(&degrees)),
        "candidates",
    );
    or_exit(
        iset.assign_scalar(&yes, Indices::All, &none().mask(&degrees).complement().replace()),
        "singletons",
    );

    let mut rounds = 0;
    while or_exit(candidates.nvals(), "nvals") > 0 {
        rounds += 1;
        or_exit(
            prob.apply(&set_random, &degrees, &none().mask(&candidates).replace()),
            "prob",
        );
        or_exit(
            neighbor_max.mxv(&max_second, &a, &prob, &none().mask(&candidates).replace()),
            "neighbor_max",
        );
        // Heavier than every candidate neighbour (or without any); drop the falses.
        or_exit(new_members.ewise_add(&gt, &prob, &neighbor_max, &none()), "new_members");
        or_exit(
            new_members.apply(&identity, &new_members, &none().mask(&new_members).replace()),
            "drop falses",
        );
        or_exit(iset.ewise_add(&lor, &iset, &new_members, &none()), "iset |= new");
        or_exit(
            candidates.ewise_mult(
                &land,
                &candidates,
                &candidates,
                &none().mask(&new_members).complement().replace(),
            ),
            "candidates -= new",
        );
        if or_exit(candidates.nvals(), "nvals") == 0 {
            break;
        }
        or_exit(
            new_neighbors.mxv(&lor_land, &a, &new_members, &none().mask(&candidates)),
            "new_neighbors",
        );
        or_exit(
            candidates.ewise_mult(
                &land,
                &candidates,
                &candidates,
                &none().mask(&new_neighbors).complement().replace(),
            ),
            "candidates -= neighbours",
        );
    }

    let mut member = vec![false; n as usize];
    for (i, x) in or_exit(iset.to_tuples(), "to_tuples") {
        member[i as usize] = x;
    }
    let edges = graph::edges();
    let independent = edges.iter().all(|&(i, j)| !(member[i as usize] && member[j as usize]));
    let adj = graph::neighbours();
    let maximal = (0..n as usize).all(|v| member[v] || adj[v].iter().any(|&u| member[u]));
    let size = member.iter().filter(|&&m| m).count();
    println!("mis [rust]: {size} vertices in {rounds} rounds");
    std::process::exit(verdict("mis", &[("independent", independent), ("maximal", maximal)]));
}
