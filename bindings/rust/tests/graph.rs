//! weft::graph (weft/graph.h): known answers on the Zachary karate club
//! (`karate.mtx` of the shared test matrices: 34 vertices, 78 undirected edges, 45
//! triangles, one component) checked against plain Rust computations on its
//! `to_tuples()` (a queue BFS, Brandes' algorithm), random graphs against a union-find
//! and a queue BFS, and the errors.
//!
//! The matrices are read from `WEFT_DATA_DIR` (ctest's rust.cargo_test sets it to the
//! CMake variable of that name), else `../../../shared/data` from this crate. Without
//! `karate.mtx` there the tests that read it say they were skipped and pass; a
//! `WEFT_DATA_DIR` that is set but holds no `karate.mtx` fails them.
use std::collections::VecDeque;
use std::path::PathBuf;

mod common;
use common::Pair;

use weft::graph::{self, TcMethod, TcPresort};
use weft::sparse::{Element, Matrix, Vector};
use weft::Status;

// ---- The data -------------------------------------------------------------------------

/// The path of a shared test matrix, or None (skip) when the default directory has no
/// karate.mtx.
fn data_file(name: &str) -> Option<PathBuf> {
    let (dir, explicit) = match std::env::var_os("WEFT_DATA_DIR") {
        Some(d) if !d.is_empty() => (PathBuf::from(d), true),
        _ => (
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
            false,
        ),
    };
    if !dir.join("karate.mtx").is_file() {
        assert!(!explicit, "WEFT_DATA_DIR={} holds no karate.mtx", dir.display());
        println!("graph: no test matrices at {}: skipped", dir.display());
        return None;
    }
    Some(dir.join(name))
}

fn karate<T: Element>() -> Option<Matrix<T>> {
    data_file("karate.mtx").map(|p| Matrix::<T>::read_mm(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
}

/// Out-neighbour lists of a matrix's pattern, each sorted.
fn out_lists<T: Element>(a: &Matrix<T>) -> Vec<Vec<usize>> {
    let n = a.nrows().unwrap() as usize;
    let mut adj = vec![Vec::new(); n];
    for (i, j, _) in a.to_tuples().unwrap() {
        adj[i as usize].push(j as usize);
    }
    for l in &mut adj {
        l.sort_unstable();
    }
    adj
}

/// A vector's values by index (None: no entry).
fn dense<T: Element>(v: &Vector<T>) -> Vec<Option<T>> {
    let mut x = vec![None; v.size().unwrap() as usize];
    for (i, value) in v.to_tuples().unwrap() {
        x[i as usize] = Some(value);
    }
    x
}

// ---- Plain computations -------------------------------------------------------------

/// BFS levels from `s` by a queue (None: unreached).
fn queue_bfs(adj: &[Vec<usize>], s: usize) -> Vec<Option<i64>> {
    let mut level = vec![None; adj.len()];
    level[s] = Some(0);
    let mut q = VecDeque::from(vec![s]);
    while let Some(u) = q.pop_front() {
        let next = level[u].unwrap() + 1;
        for &v in &adj[u] {
            if level[v].is_none() {
                level[v] = Some(next);
                q.push_back(v);
            }
        }
    }
    level
}

/// The BFS parents weft/graph.h defines: the lowest-numbered vertex of the previous level
/// with an edge to the vertex (the source: itself).
fn lowest_parents(adj: &[Vec<usize>], level: &[Option<i64>], s: usize) -> Vec<Option<i64>> {
    let mut parent = vec![None; adj.len()];
    parent[s] = Some(s as i64);
    for u in 0..adj.len() {
        for &v in &adj[u] {
            if v != s && level[u].is_some() && level[v] == level[u].map(|l| l + 1) && parent[v].is_none() {
                parent[v] = Some(u as i64); // u ascending: the first is the lowest
            }
        }
    }
    parent
}

/// Brandes' algorithm: the sum over `sources` of the dependencies delta_s(v), v != s.
fn brandes(adj: &[Vec<usize>], sources: &[i64]) -> Vec<f64> {
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
            for (v, adj_v) in adj.iter().enumerate() {
                // predecessors of w: v -> w on a shortest path
                if dist[v] != usize::MAX && dist[v] + 1 == dist[w] && adj_v.binary_search(&w).is_ok() {
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

/// splitmix64: a small deterministic generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random directed graph: n in [1, max_n], about `n * k / 2` edges (k in 1..=5), self
/// loops sometimes, each (i, j) once.
fn random_graph(rng: &mut Rng, max_n: u64) -> (i64, Vec<(i64, i64)>) {
    let n = 1 + rng.below(max_n) as i64;
    let loops = rng.below(4) == 0;
    let k = 1 + rng.below(5) as i64;
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..n * k / 2 {
        let (i, j) = (rng.below(n as u64) as i64, rng.below(n as u64) as i64);
        if i != j || loops {
            seen.insert((i, j));
        }
    }
    (n, seen.into_iter().collect())
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Union-find components of the undirected graph of `edges`: each vertex's lowest
/// vertex of its component, and the count.
fn union_find(n: usize, edges: &[(i64, i64)]) -> (Vec<i64>, i64) {
    let mut parent: Vec<usize> = (0..n).collect();
    for &(i, j) in edges {
        let (a, b) = (find(&mut parent, i as usize), find(&mut parent, j as usize));
        // the lower root wins: every root is its component's lowest vertex
        if a < b {
            parent[b] = a;
        } else if b < a {
            parent[a] = b;
        }
    }
    let labels: Vec<i64> = (0..n).map(|v| find(&mut parent, v) as i64).collect();
    let count = (0..n).filter(|&v| labels[v] == v as i64).count() as i64;
    (labels, count)
}

// ---- Karate --------------------------------------------------------------------------

#[test]
fn karate_has_45_triangles_by_every_method_and_presort() {
    let a = match karate::<f64>() {
        Some(a) => a,
        None => return,
    };
    assert_eq!((a.nrows().unwrap(), a.nvals().unwrap()), (34, 156));
    for &method in TcMethod::ALL {
        for &presort in TcPresort::ALL {
            assert_eq!(
                graph::triangles(&a, method, presort).unwrap(),
                45,
                "{method:?} {presort:?}"
            );
        }
    }
    // Any predefined element type: only the pattern is read.
    let b = karate::<bool>().unwrap();
    let i = karate::<i32>().unwrap();
    let u = karate::<u8>().unwrap();
    assert_eq!(graph::triangles(&b, TcMethod::Burkhardt, TcPresort::None).unwrap(), 45);
    assert_eq!(
        graph::triangles(&i, TcMethod::default(), TcPresort::default()).unwrap(),
        45
    );
    assert_eq!(
        graph::triangles(&u, TcMethod::SandiaUU, TcPresort::Descending).unwrap(),
        45
    );
}

#[test]
fn the_enums_are_the_headers_values() {
    let methods: Vec<i32> = TcMethod::ALL.iter().map(|m| m.raw()).collect();
    assert_eq!(methods, vec![0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(TcMethod::SandiaLUT.raw(), weft::sys::WEFT_TC_SANDIA_LUT);
    let presorts: Vec<i32> = TcPresort::ALL.iter().map(|p| p.raw()).collect();
    assert_eq!(presorts, vec![0, 1, 2, 3]);
    assert_eq!(TcPresort::Descending.raw(), weft::sys::WEFT_TC_PRESORT_DESCENDING);
}

#[test]
fn karate_is_one_component() {
    let a = match karate::<f64>() {
        Some(a) => a,
        None => return,
    };
    let (labels, count) = graph::components(&a).unwrap();
    assert_eq!(count, 1);
    assert_eq!(dense(&labels), vec![Some(0i64); 34]);
}

#[test]
fn karate_bfs_equals_a_queue_bfs() {
    let a = match karate::<f64>() {
        Some(a) => a,
        None => return,
    };
    let adj = out_lists(&a);
    for s in 0..34 {
        let want = queue_bfs(&adj, s);
        let levels = graph::bfs_levels(&a, s as i64).unwrap();
        assert_eq!(dense(&levels), want, "levels from {s}");
        let want_parents = lowest_parents(&adj, &want, s);
        let parents = graph::bfs_parents(&a, s as i64).unwrap();
        assert_eq!(dense(&parents), want_parents, "parents from {s}");
        let (l, p) = graph::bfs(&a, s as i64).unwrap();
        assert_eq!((dense(&l), dense(&p)), (want, want_parents), "bfs from {s}");
    }
    // From 0: the levels hold 1, 16, 9 and 8 vertices.
    let levels = dense(&graph::bfs_levels(&a, 0).unwrap());
    let sizes: Vec<usize> = (0..4)
        .map(|d| levels.iter().filter(|&&l| l == Some(d)).count())
        .collect();
    assert_eq!(sizes, vec![1, 16, 9, 8]);
}

#[test]
fn karate_sssp_equals_the_levels() {
    let a = match karate::<f64>() {
        Some(a) => a,
        None => return,
    };
    // A pattern file: every weight is 1.
    assert!(a.to_tuples().unwrap().iter().all(|&(_, _, w)| w == 1.0));
    for s in [0i64, 5, 33] {
        let levels = dense(&graph::bfs_levels(&a, s).unwrap());
        let dist = dense(&graph::sssp(&a, s).unwrap());
        let want: Vec<Option<f64>> = levels.iter().map(|l| l.map(|l| l as f64)).collect();
        assert_eq!(dist, want, "from {s}");
    }
    // Integer weights, cast to f64: 2 on every edge doubles every distance.
    let two = Matrix::<i32>::from_tuples(
        34,
        34,
        &a.to_tuples()
            .unwrap()
            .iter()
            .map(|&(i, j, _)| (i, j, 2))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let levels = dense(&graph::bfs_levels(&a, 0).unwrap());
    let dist = dense(&graph::sssp(&two, 0).unwrap());
    assert_eq!(
        dist,
        levels.iter().map(|l| l.map(|l| 2.0 * l as f64)).collect::<Vec<_>>()
    );
}

#[test]
fn karate_pagerank_sums_to_one_and_ranks_33_and_0_highest() {
    let a = match karate::<f64>() {
        Some(a) => a,
        None => return,
    };
    let (rank, iterations) = graph::pagerank(&a, 0.85, 1e-10, 1000).unwrap();
    assert!((1..1000).contains(&iterations), "{iterations} iterations");
    let r: Vec<f64> = dense(&rank)
        .into_iter()
        .map(|x| x.expect("every vertex has a rank"))
        .collect();
    let sum: f64 = r.iter().sum();
    assert!((sum - 1.0).abs() <= 1e-12, "sum {sum}");
    let mut order: Vec<usize> = (0..34).collect();
    order.sort_by(|&x, &y| r[y].partial_cmp(&r[x]).unwrap());
    assert_eq!(&order[..2], &[33, 0], "ranks {r:?}");
    // tolerance 0: exactly max_iterations.
    let (_, it) = graph::pagerank(&a, 0.85, 0.0, 7).unwrap();
    assert_eq!(it, 7);
}

#[test]
fn karate_betweenness_from_every_source_equals_brandes() {
    let a = match karate::<f64>() {
        Some(a) => a,
        None => return,
    };
    let adj = out_lists(&a);
    let sources: Vec<i64> = (0..34).collect();
    let bc: Vec<f64> = dense(&graph::betweenness(&a, &sources).unwrap())
        .into_iter()
        .map(|x| x.expect("every vertex has a centrality"))
        .collect();
    let want = brandes(&adj, &sources);
    for v in 0..34 {
        assert!((bc[v] - want[v]).abs() <= 1e-9, "vertex {v}: {} vs {}", bc[v], want[v]);
    }
    let top = (0..34).max_by(|&x, &y| bc[x].partial_cmp(&bc[y]).unwrap()).unwrap();
    assert_eq!(top, 0, "{bc:?}");
    // networkx's undirected betweenness of vertex 0 (not normalised) is 231.0714...: the
    // symmetric matrix counts each pair twice.
    assert!((bc[0] / 2.0 - 231.071_428_571_428_6).abs() < 1e-9, "{}", bc[0]);
    // A batch of a few sources, one repeated (counted twice).
    let some = [0i64, 9, 17, 26, 9];
    let bc: Vec<Option<f64>> = dense(&graph::betweenness(&a, &some).unwrap());
    let want = brandes(&adj, &some);
    for v in 0..34 {
        let got = bc[v].unwrap();
        assert!((got - want[v]).abs() <= 1e-9, "vertex {v}: {got} vs {}", want[v]);
    }
}

// ---- Random graphs ------------------------------------------------------------------

#[test]
fn random_graph_components_equal_union_find() {
    let mut rng = Rng(0x5EED_0F_C0);
    for round in 0..150 {
        let (n, edges) = random_graph(&mut rng, if round < 100 { 40 } else { 400 });
        let tuples: Vec<(i64, i64, i32)> = edges.iter().map(|&(i, j)| (i, j, 1 + (i + j) as i32 % 5)).collect();
        let a = Matrix::from_tuples(n, n, &tuples).unwrap();
        let (labels, count) = graph::components(&a).unwrap();
        let (want, want_count) = union_find(n as usize, &edges);
        assert_eq!(count, want_count, "round {round}: n {n}, {} edges", edges.len());
        let got: Vec<i64> = dense(&labels).into_iter().map(|x| x.unwrap()).collect();
        assert_eq!(got, want, "round {round}");
    }
}

#[test]
fn random_graph_bfs_equals_a_queue_bfs() {
    let mut rng = Rng(0xB_F5);
    for round in 0..60 {
        let (n, edges) = random_graph(&mut rng, 60);
        let tuples: Vec<(i64, i64, bool)> = edges.iter().map(|&(i, j)| (i, j, true)).collect();
        let a = Matrix::from_tuples(n, n, &tuples).unwrap();
        let adj = out_lists(&a);
        let s = rng.below(n as u64) as usize;
        let want = queue_bfs(&adj, s);
        let (l, p) = graph::bfs(&a, s as i64).unwrap();
        assert_eq!(dense(&l), want, "round {round}: levels from {s}");
        assert_eq!(
            dense(&p),
            lowest_parents(&adj, &want, s),
            "round {round}: parents from {s}"
        );
    }
}

// ---- Errors --------------------------------------------------------------------------

fn status<T>(r: weft::Result<T>) -> (Status, String) {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => (e.status(), e.message().to_string()),
    }
}

#[test]
fn errors() {
    let a = Matrix::from_tuples(4, 4, &[(0, 1, 1.0f64), (1, 2, 2.0)]).unwrap();
    let (s, m) = status(graph::bfs_levels(&a, 4));
    assert_eq!(s, Status::InvalidIndex);
    assert!(m.starts_with("weft_graph_bfs"), "{m}");
    assert_eq!(status(graph::bfs_parents(&a, -1)).0, Status::InvalidIndex);
    assert_eq!(status(graph::bfs(&a, 9)).0, Status::InvalidIndex);
    assert_eq!(status(graph::sssp(&a, 4)).0, Status::InvalidIndex);
    let (s, m) = status(graph::betweenness(&a, &[0, 4]));
    assert_eq!(s, Status::InvalidIndex);
    assert!(m.starts_with("weft_graph_betweenness"), "{m}");

    // Not square: every algorithm.
    let r = Matrix::<f64>::new(4, 5).unwrap();
    assert_eq!(status(graph::bfs_levels(&r, 0)).0, Status::DimensionMismatch);
    assert_eq!(status(graph::bfs_parents(&r, 0)).0, Status::DimensionMismatch);
    assert_eq!(status(graph::bfs(&r, 0)).0, Status::DimensionMismatch);
    assert_eq!(status(graph::sssp(&r, 0)).0, Status::DimensionMismatch);
    assert_eq!(status(graph::pagerank(&r, 0.85, 1e-6, 10)).0, Status::DimensionMismatch);
    assert_eq!(
        status(graph::triangles(&r, TcMethod::Default, TcPresort::Auto)).0,
        Status::DimensionMismatch
    );
    assert_eq!(status(graph::components(&r)).0, Status::DimensionMismatch);
    assert_eq!(status(graph::betweenness(&r, &[0])).0, Status::DimensionMismatch);

    // Invalid values.
    let (s, m) = status(graph::betweenness(&a, &[]));
    assert_eq!(s, Status::InvalidValue);
    assert!(m.starts_with("weft_graph_betweenness"), "{m}");
    assert_eq!(status(graph::pagerank(&a, 1.0, 0.0, 10)).0, Status::InvalidValue);
    assert_eq!(status(graph::pagerank(&a, f64::NAN, 0.0, 10)).0, Status::InvalidValue);
    assert_eq!(status(graph::pagerank(&a, 0.85, -1.0, 10)).0, Status::InvalidValue);
    assert_eq!(status(graph::pagerank(&a, 0.85, 0.0, 0)).0, Status::InvalidValue);
    let negative = Matrix::from_tuples(3, 3, &[(0, 1, 1i64), (1, 2, -2)]).unwrap();
    let (s, m) = status(graph::sssp(&negative, 0));
    assert_eq!(s, Status::InvalidValue);
    assert!(m.contains("weight -2"), "{m}");
    // ... but the algorithms that read the pattern take it.
    assert_eq!(
        dense(&graph::bfs_levels(&negative, 0).unwrap()),
        vec![Some(0), Some(1), Some(2)]
    );
}

#[test]
fn a_user_defined_domain_is_a_domain_mismatch() {
    let u = Matrix::from_tuples(3, 3, &[(0, 1, Pair { a: 1, b: 2 })]).unwrap();
    let (s, m) = status(graph::bfs_levels(&u, 0));
    assert_eq!(s, Status::DomainMismatch);
    assert!(m.starts_with("weft_graph_bfs"), "{m}");
    assert_eq!(status(graph::bfs(&u, 0)).0, Status::DomainMismatch);
    assert_eq!(status(graph::sssp(&u, 0)).0, Status::DomainMismatch);
    assert_eq!(status(graph::pagerank(&u, 0.85, 1e-6, 10)).0, Status::DomainMismatch);
    assert_eq!(
        status(graph::triangles(&u, TcMethod::Cohen, TcPresort::None)).0,
        Status::DomainMismatch
    );
    assert_eq!(status(graph::components(&u)).0, Status::DomainMismatch);
    assert_eq!(status(graph::betweenness(&u, &[0])).0, Status::DomainMismatch);
}
