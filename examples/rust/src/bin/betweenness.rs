//! Betweenness centrality (GraphBLAS C API specification, appendix "betweenness
//! centrality", BC_update): Brandes' algorithm for a batch of sources at once, in f64.
//! The forward sweep counts shortest paths level by level (numsp, one column per
//! source) and keeps each level's frontier pattern (sigmas); the backward sweep
//! accumulates the dependencies; delta(v) is their sum over the sources.
//!
//! Checks delta against a plain-loop Brandes over the same sources (relative error at
//! most 1e-9) and exits nonzero if they differ.
use weft::sparse::{Indices, Matrix, Options, Scalar, Vector};
use weft::{BinaryOp, BinaryOpcode, Monoid, MonoidOp, Semiring, UnaryOp, UnaryOpcode};
use weft_examples::graph::{self, or_exit, verdict, N};

const SOURCES: [i64; 4] = [0, 9, 17, 26]; // as examples/c and examples/fortran

fn main() {
    let n = N;
    let ns = SOURCES.len() as i64;
    let a = or_exit(graph::adjacency(true), "adjacency");
    let plus_times_i = Semiring::of::<i64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap();
    let plus_times_f = Semiring::of::<f64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap();
    let plus_i = BinaryOp::of::<i64>(BinaryOpcode::Plus).unwrap();
    let plus_f = BinaryOp::of::<f64>(BinaryOpcode::Plus).unwrap();
    let times_f = BinaryOp::of::<f64>(BinaryOpcode::Times).unwrap();

    // numsp(s_k, k) = 1: the paths found so far (n x ns, one column per source).
    let numsp = or_exit(Matrix::<i64>::new(n, ns), "numsp");
    let cols: Vec<i64> = (0..ns).collect();
    or_exit(
        numsp.build(&SOURCES, &cols, &vec![1; ns as usize], Some(&plus_i)),
        "numsp",
    );
    // The first frontier: the sources' neighbours, frontier<!numsp, replace> = A'(:, s).
    let frontier = or_exit(Matrix::<i64>::new(n, ns), "frontier");
    let tsr = || Options::new().mask(&numsp).complement().replace().transpose0();
    or_exit(
        frontier.extract(&a, (Indices::All, &SOURCES), &tsr()),
        "frontier = A'(:, s)",
    );

    // Forward sweep.
    let mut sigmas: Vec<Matrix<bool>> = Vec::new();
    let identity_b = UnaryOp::of::<bool>(UnaryOpcode::Identity).unwrap();
    loop {
        let sigma = or_exit(Matrix::<bool>::new(n, ns), "sigma");
        or_exit(
            sigma.apply(&identity_b, &frontier, &Options::new()),
            "sigma = (bool) frontier",
        );
        or_exit(
            numsp.ewise_add(&plus_i, &numsp, &frontier, &Options::new()),
            "numsp += frontier",
        );
        or_exit(
            frontier.mxm(&plus_times_i, &a, &frontier, &tsr()),
            "frontier<!numsp> = A' +.* frontier",
        );
        sigmas.push(sigma);
        if or_exit(frontier.nvals(), "nvals") == 0 {
            break;
        }
    }

    // Backward sweep.
    let nspinv = or_exit(Matrix::<f64>::new(n, ns), "nspinv");
    or_exit(
        nspinv.apply(&UnaryOp::of::<f64>(UnaryOpcode::Minv).unwrap(), &numsp, &Options::new()),
        "1 ./ numsp",
    );
    let bcu = or_exit(Matrix::<f64>::new(n, ns), "bcu");
    let one = or_exit(Scalar::from_value(1.0f64), "1");
    or_exit(
        bcu.assign_scalar(&one, (Indices::All, Indices::All), &Options::new()),
        "bcu = 1",
    );
    let w = or_exit(Matrix::<f64>::new(n, ns), "w");
    for i in (1..sigmas.len()).rev() {
        or_exit(
            w.ewise_mult(&times_f, &bcu, &nspinv, &Options::new().mask(&sigmas[i]).replace()),
            "w<sigma i>",
        );
        or_exit(
            w.mxm(&plus_times_f, &a, &w, &Options::new().mask(&sigmas[i - 1]).replace()),
            "w<sigma i-1> = A w",
        );
        or_exit(
            bcu.ewise_mult(&times_f, &w, &numsp, &Options::new().accum(&plus_f)),
            "bcu += w .* numsp",
        );
    }
    let delta = or_exit(Vector::<f64>::new(n), "delta");
    let minus_ns = or_exit(Scalar::from_value(-(ns as f64)), "-ns");
    or_exit(
        delta.assign_scalar(&minus_ns, Indices::All, &Options::new()),
        "delta = -ns",
    );
    let sum = Monoid::of::<f64>(MonoidOp::Plus).unwrap();
    or_exit(
        delta.reduce_rows(&sum, &bcu, &Options::new().accum(&plus_f)),
        "delta += rows of bcu",
    );

    let got = or_exit(delta.to_tuples(), "to_tuples");
    let want = plain_brandes(&SOURCES);
    let close = got.len() == n as usize
        && got
            .iter()
            .all(|&(v, x)| (x - want[v as usize]).abs() <= 1e-9 * want[v as usize].abs().max(1.0));
    let (top, best) = got
        .iter()
        .fold((0, f64::MIN), |b, &(v, x)| if x > b.1 { (v, x) } else { b });
    println!(
        "betweenness [rust]: sources {SOURCES:?}, {} BFS levels, largest delta {best:.4} at vertex {top}",
        sigmas.len()
    );
    std::process::exit(verdict("betweenness", &[("delta equals plain-loop Brandes", close)]));
}

/// The sum over `sources` of Brandes' dependencies delta_s(v), v != s, by plain loops.
fn plain_brandes(sources: &[i64]) -> Vec<f64> {
    let adj = graph::neighbours();
    let n = adj.len();
    let mut total = vec![0.0; n];
    for &s in sources {
        let s = s as usize;
        let (mut sigma, mut dist) = (vec![0.0f64; n], vec![usize::MAX; n]);
        let mut order = vec![s];
        sigma[s] = 1.0;
        dist[s] = 0;
        let mut head = 0;
        while head < order.len() {
            let u = order[head];
            head += 1;
            for &v in &adj[u] {
                if dist[v] == usize::MAX {
                    dist[v] = dist[u] + 1;
                    order.push(v);
                }
                if dist[v] == dist[u] + 1 {
                    sigma[v] += sigma[u];
                }
            }
        }
        let mut dep = vec![0.0f64; n];
        for &w in order.iter().rev() {
            for &v in &adj[w] {
                if dist[v] + 1 == dist[w] {
                    dep[v] += sigma[v] / sigma[w] * (1.0 + dep[w]);
                }
            }
            if w != s {
                total[w] += dep[w];
            }
        }
    }
    total
}
