//! The graph every semiring-engine example runs on, built in code, and what the examples
//! share to check themselves: its adjacency lists (for the plain-loop reference
//! computations) and the verdict line.
//!
//! Undirected, vertices 0..34, edges {i, i+1 mod 34}, {i, 7i+5 mod 34} (unless that is
//! i) and, when i mod 3 == 0, {i, i+2 mod 34}; duplicates merged. It has 75 edges and 16
//! triangles, is connected, and its BFS levels from vertex 0 hold 1, 5, 11, 12 and 5
//! vertices.
use weft::sparse::{Element, Matrix};

/// The number of vertices.
pub const N: i64 = 34;
/// The number of (undirected) edges.
pub const EDGES: usize = 75;
/// The number of triangles.
pub const TRIANGLES: i64 = 16;
/// How many vertices each BFS level from vertex 0 holds.
pub const LEVEL_SIZES: [usize; 5] = [1, 5, 11, 12, 5];

/// The edges `(i, j)` with `i < j`, sorted, each once.
pub fn edges() -> Vec<(i64, i64)> {
    let mut e = Vec::new();
    for i in 0..N {
        let mut ends = vec![(i + 1) % N, (7 * i + 5) % N];
        if i % 3 == 0 {
            ends.push((i + 2) % N);
        }
        for j in ends {
            if j != i {
                e.push((i.min(j), i.max(j)));
            }
        }
    }
    e.sort_unstable();
    e.dedup();
    e
}

/// The symmetric adjacency matrix with `one` at both `(i, j)` and `(j, i)` for every
/// edge.
pub fn adjacency<T: Element>(one: T) -> weft::Result<Matrix<T>> {
    let mut t = Vec::with_capacity(2 * EDGES);
    for (i, j) in edges() {
        t.push((i, j, one));
        t.push((j, i, one));
    }
    Matrix::from_tuples(N, N, &t)
}

/// The neighbours of each vertex, in increasing order (for the plain computations).
pub fn neighbours() -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); N as usize];
    for (i, j) in edges() {
        adj[i as usize].push(j as usize);
        adj[j as usize].push(i as usize);
    }
    for a in &mut adj {
        a.sort_unstable();
    }
    adj
}

/// BFS levels from `source` by plain loops (`None`: unreachable).
pub fn plain_levels(source: usize) -> Vec<Option<usize>> {
    let adj = neighbours();
    let mut level = vec![None; adj.len()];
    level[source] = Some(0);
    let mut frontier = vec![source];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for &u in &frontier {
            for &v in &adj[u] {
                if level[v].is_none() {
                    level[v] = Some(d);
                    next.push(v);
                }
            }
        }
        frontier = next;
    }
    level
}

/// Prints one line per check and returns the process exit code: 0 if every check
/// passed, 1 otherwise.
pub fn verdict(example: &str, checks: &[(&str, bool)]) -> i32 {
    let mut failed = 0;
    for (what, ok) in checks {
        println!("{example} [rust]: {what}: {}", if *ok { "ok" } else { "WRONG" });
        failed += usize::from(!ok);
    }
    i32::from(failed > 0)
}

/// Unwraps a weft result or exits with status 2 after printing the error.
pub fn or_exit<T>(r: weft::Result<T>, what: &str) -> T {
    r.unwrap_or_else(|e| {
        eprintln!("{what} failed: {e}");
        std::process::exit(2)
    })
}
