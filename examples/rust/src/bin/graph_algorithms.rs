//! The six graph algorithms of weft/graph.h (`weft::graph`) on a graph read from a
//! Matrix Market file: BFS, single-source shortest paths, PageRank, triangles,
//! connected components and betweenness centrality, with a readable summary of each.
//!
//! Usage: `graph_algorithms FILE.mtx [TRIANGLES [COMPONENTS]]`. With the optional
//! numbers, the example checks the triangle and component counts against them and exits
//! with 1 on a mismatch (ctest runs it so on karate.mtx and bcsstk13.mtx, whose counts
//! ../shared/data/README.md lists); 2 on an error (a file that cannot be read, a matrix
//! that is not square). Vertices are numbered from 0.
//!
//! The graph is the matrix as stored (edge i -> j for each entry A(i, j), weight A(i, j));
//! BFS, SSSP, PageRank and betweenness follow the edges as stored, triangles and
//! components use the undirected graph of the pattern without self-loops. SSSP needs
//! weights >= 0: a matrix with negative entries (bcsstk13, a stiffness matrix) is run on
//! |A|, and the summary says so.
use std::collections::BTreeSet;
use std::process::exit;
use std::time::Instant;

use weft::graph::{self, TcMethod, TcPresort};
use weft::sparse::{Matrix, Options, Vector};
use weft::{UnaryOp, UnaryOpcode};
use weft_examples::graph::{or_exit, verdict};

const NAME: &str = "graph_algorithms [rust]";
/// Betweenness from every vertex up to this many vertices, else from the first 64.
const ALL_SOURCES_UP_TO: i64 = 5000;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 2 || args.len() > 4 {
        eprintln!("usage: {} FILE.mtx [TRIANGLES [COMPONENTS]]", args[0]);
        exit(2);
    }
    let expected = |k: usize, what: &str| -> Option<i64> {
        args.get(k).map(|s| {
            s.parse().unwrap_or_else(|_| {
                eprintln!("{NAME}: the expected {what} {s:?} is not a whole number");
                exit(2)
            })
        })
    };
    let (want_triangles, want_components) = (expected(2, "triangles"), expected(3, "components"));

    // ---- The graph ------------------------------------------------------------------
    let path = &args[1];
    let t0 = Instant::now();
    let a = or_exit(Matrix::<f64>::read_mm(path), "Matrix::read_mm");
    let read_ms = ms(t0);
    let (n, ncols) = (or_exit(a.nrows(), "nrows"), or_exit(a.ncols(), "ncols"));
    if n != ncols {
        eprintln!("{NAME}: {path} is {n} x {ncols}: a graph needs a square matrix");
        exit(2);
    }
    let tuples = or_exit(a.to_tuples(), "to_tuples");
    let loops = tuples.iter().filter(|&&(i, j, _)| i == j).count();
    let pattern: BTreeSet<(i64, i64)> = tuples.iter().map(|&(i, j, _)| (i, j)).collect();
    let symmetric = pattern.iter().all(|&(i, j)| pattern.contains(&(j, i)));
    let negative = tuples.iter().filter(|t| t.2 < 0.0).count();
    println!("{NAME}: {path}");
    if symmetric {
        println!(
            "  graph: n = {n}, {} entries: {} undirected edges, {loops} self-loops (read in {read_ms:.1} ms)",
            tuples.len(),
            (tuples.len() - loops) / 2
        );
    } else {
        println!(
            "  graph: n = {n}, {} directed edges ({loops} self-loops), not symmetric (read in {read_ms:.1} ms)",
            tuples.len()
        );
    }

    // ---- BFS from 0 -----------------------------------------------------------------
    let t0 = Instant::now();
    let (level, parent) = or_exit(graph::bfs(&a, 0), "graph::bfs");
    let bfs_ms = ms(t0);
    let levels = or_exit(level.to_tuples(), "level.to_tuples");
    let depth = levels.iter().map(|&(_, l)| l).max().unwrap_or(0);
    let mut per_level = vec![0usize; depth as usize + 1];
    for &(_, l) in &levels {
        per_level[l as usize] += 1;
    }
    let shown: Vec<String> = per_level.iter().take(24).map(|c| c.to_string()).collect();
    let more = if per_level.len() > 24 { " ..." } else { "" };
    println!(
        "  BFS from 0: {} of {n} vertices reached, depth {depth}; vertices per level: {}{more} ({bfs_ms:.1} ms)",
        levels.len(),
        shown.join(" ")
    );
    // The first steps of a deepest vertex's path back to 0, by the parents.
    if let Some(&(far, _)) = levels.iter().find(|&&(_, l)| l == depth) {
        let mut path_back = vec![far];
        let mut v = far;
        while v != 0 && path_back.len() <= 12 {
            v = or_exit(parent.get(v), "parent.get").unwrap_or(0);
            path_back.push(v);
        }
        let steps: Vec<String> = path_back.iter().map(|v| v.to_string()).collect();
        let cut = if v != 0 { " <- ..." } else { "" };
        println!("    a deepest vertex and its parents: {}{cut}", steps.join(" <- "));
    }

    // ---- SSSP from 0 ----------------------------------------------------------------
    let weights;
    let (w, note) = if negative > 0 {
        weights = or_exit(Matrix::<f64>::new(n, n), "Matrix::new");
        let abs = UnaryOp::of::<f64>(UnaryOpcode::Abs).expect("ABS_FP64");
        or_exit(weights.apply(&abs, &a, &Options::new()), "|A|");
        (&weights, format!(" on |A| ({negative} negative weights)"))
    } else {
        (&a, String::new())
    };
    let t0 = Instant::now();
    let dist = or_exit(graph::sssp(w, 0), "graph::sssp");
    let sssp_ms = ms(t0);
    let d = or_exit(dist.to_tuples(), "dist.to_tuples");
    let (far, max_d) = d
        .iter()
        .filter(|x| x.1.is_finite())
        .fold((0, 0.0f64), |b, &(v, x)| if x > b.1 { (v, x) } else { b });
    println!(
        "  SSSP from 0{note}: {} vertices reached, max finite distance {} (vertex {far}) ({sssp_ms:.1} ms)",
        d.len(),
        fmt_num(max_d)
    );

    // ---- PageRank -------------------------------------------------------------------
    let (damping, tolerance, max_iterations) = (0.85, 1e-9, 1000);
    let t0 = Instant::now();
    let (rank, iterations) = or_exit(
        graph::pagerank(&a, damping, tolerance, max_iterations),
        "graph::pagerank",
    );
    let pr_ms = ms(t0);
    let r = or_exit(rank.to_tuples(), "rank.to_tuples");
    let sum: f64 = r.iter().map(|x| x.1).sum();
    println!("  PageRank (damping {damping}, tolerance {tolerance:e}): {iterations} iterations ({pr_ms:.1} ms)");
    println!("    ranks sum to {sum:.12}; top 5: {}", top5(&rank));

    // ---- Triangles ------------------------------------------------------------------
    let t0 = Instant::now();
    let triangles = or_exit(
        graph::triangles(&a, TcMethod::Default, TcPresort::Auto),
        "graph::triangles",
    );
    let tc_ms = ms(t0);
    println!("  triangles: {triangles} (Sandia LUT, presort auto) ({tc_ms:.1} ms)");

    // ---- Components -----------------------------------------------------------------
    let t0 = Instant::now();
    let (labels, ncomponents) = or_exit(graph::components(&a), "graph::components");
    let cc_ms = ms(t0);
    let mut sizes = std::collections::BTreeMap::new();
    for (_, root) in or_exit(labels.to_tuples(), "labels.to_tuples") {
        *sizes.entry(root).or_insert(0usize) += 1;
    }
    let largest = sizes.values().copied().max().unwrap_or(0);
    println!("  connected components: {ncomponents}, the largest with {largest} vertices ({cc_ms:.1} ms)");

    // ---- Betweenness ----------------------------------------------------------------
    let ns = if n <= ALL_SOURCES_UP_TO { n } else { n.min(64) };
    let sources: Vec<i64> = (0..ns).collect();
    let which = if ns == n {
        format!("all {n} sources")
    } else {
        format!("the first {ns} sources")
    };
    let t0 = Instant::now();
    let bc = or_exit(graph::betweenness(&a, &sources), "graph::betweenness");
    let bc_ms = ms(t0);
    println!("  betweenness from {which} ({bc_ms:.1} ms)");
    println!("    top 5: {}", top5(&bc));

    // ---- Checks (with the expected counts given) -------------------------------------
    let mut checks: Vec<(String, bool)> = Vec::new();
    if let Some(t) = want_triangles {
        checks.push((format!("triangles {triangles}, expected {t}"), triangles == t));
    }
    if let Some(c) = want_components {
        checks.push((format!("components {ncomponents}, expected {c}"), ncomponents == c));
    }
    if !checks.is_empty() {
        let checks: Vec<(&str, bool)> = checks.iter().map(|(what, ok)| (what.as_str(), *ok)).collect();
        exit(verdict("graph_algorithms", &checks));
    }
}

/// Milliseconds since `t0`.
fn ms(t0: Instant) -> f64 {
    t0.elapsed().as_secs_f64() * 1e3
}

/// A distance: whole numbers without a fraction.
fn fmt_num(x: f64) -> String {
    if x == x.trunc() && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x:.6}")
    }
}

/// The five largest values of `v` as "vertex (value)", largest first (ties: lower
/// vertex first).
fn top5(v: &Vector<f64>) -> String {
    let mut x = or_exit(v.to_tuples(), "to_tuples");
    x.sort_by(|p, q| {
        q.1.partial_cmp(&p.1)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(p.0.cmp(&q.0))
    });
    x.iter()
        .take(5)
        .map(|&(i, value)| format!("{i} ({})", sig(value)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Six significant digits.
fn sig(x: f64) -> String {
    if x == 0.0 {
        "0".to_string()
    } else if (1e-3..1e6).contains(&x.abs()) {
        let digits = (5 - x.abs().log10().floor() as i32).max(0) as usize;
        format!("{x:.digits$}")
    } else {
        format!("{x:.5e}")
    }
}
