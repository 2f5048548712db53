//! The graph algorithms of `weft/graph.h` (LAGraph's, written on weft's semiring engine):
//! [`bfs`] (levels and parents), [`sssp`], [`pagerank`], [`triangles`], [`components`] and
//! [`betweenness`].
//!
//! A graph is an `n x n` [`Matrix<T>`]: an edge `i -> j` for each entry `A(i, j)`, its
//! value the edge's weight where an algorithm reads weights ([`sssp`]); the others read
//! the pattern only. The directed algorithms ([`bfs`], [`sssp`], [`pagerank`],
//! [`betweenness`]) follow edges `i -> j` as stored: pass a symmetric matrix for an
//! undirected graph. The undirected ones ([`triangles`], [`components`]) use the pattern
//! of `A + A'` without self-loops, whatever `A` is.
//!
//! `T` is any [`Element`]: weft casts the values of a predefined domain (`bool`, the
//! integers, `f32`, `f64`) to the domain it computes in. Results are new vectors in
//! `i64` (levels, parents, component labels) or `f64` (distances, ranks, centralities)
//! indexed by vertex; `A` is left unchanged (weft may keep its transpose with it, as any
//! operation reading `A'` does).
//!
//! ```
//! use weft::graph::{self, TcMethod, TcPresort};
//! use weft::sparse::Matrix;
//! # fn main() -> weft::Result<()> {
//! // The undirected path 0 - 1 - 2 plus the triangle 2 - 3 - 4, and vertex 5 alone.
//! let mut t = Vec::new();
//! for &(i, j) in &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 2)] {
//!     t.push((i, j, true));
//!     t.push((j, i, true));
//! }
//! let a = Matrix::from_tuples(6, 6, &t)?;
//! let levels = graph::bfs_levels(&a, 0)?;
//! assert_eq!(levels.to_tuples()?, vec![(0, 0), (1, 1), (2, 2), (3, 3), (4, 3)]); // 5: unreached
//! assert_eq!(graph::triangles(&a, TcMethod::Default, TcPresort::Auto)?, 1);
//! let (labels, count) = graph::components(&a)?;
//! assert_eq!(count, 2);
//! assert_eq!(labels.get(4)?, Some(0)); // the lowest vertex of its component
//! assert_eq!(labels.get(5)?, Some(5));
//! # Ok(()) }
//! ```
//!
//! # Errors
//! Each function lists its own; all of them may return `WEFT_DIMENSION_MISMATCH` (`A` is
//! not square), `WEFT_DOMAIN_MISMATCH` (`T` is a user-defined domain: the algorithms cast
//! values to predefined domains) and `WEFT_OUT_OF_MEMORY`. The message is weft's
//! (`weft_last_error`), which names the C function and, for a failure inside the
//! algorithm, the operation that failed. On any error no vector is made.
use core::ptr;
use std::os::raw::c_int;

use crate::error::{check, Result};
use crate::sparse::element::{domain_of, Element};
use crate::sparse::{Matrix, Vector};
use crate::sys;

/// A triangle counting method (`enum weft_tc_method`, LAGraph's methods). With `S` the
/// pattern of `A + A'` without self-loops and `L`, `U` its strictly lower and upper
/// triangles, each variant's sum is over the entries of its product (masked by the
/// matrix it is multiplied with, so only those entries are computed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TcMethod {
    /// `WEFT_TC_DEFAULT`: [`SandiaLUT`](TcMethod::SandiaLUT).
    Default,
    /// `WEFT_TC_BURKHARDT`: `sum((S * S) .* S) / 6`.
    Burkhardt,
    /// `WEFT_TC_COHEN`: `sum((L * U) .* S) / 2`.
    Cohen,
    /// `WEFT_TC_SANDIA_LL`: `sum((L * L) .* L)`.
    SandiaLL,
    /// `WEFT_TC_SANDIA_UU`: `sum((U * U) .* U)`.
    SandiaUU,
    /// `WEFT_TC_SANDIA_LUT`: `sum((L * U') .* L)`.
    SandiaLUT,
    /// `WEFT_TC_SANDIA_ULT`: `sum((U * L') .* U)`.
    SandiaULT,
}

impl TcMethod {
    /// Every method, in the header's order.
    pub const ALL: &'static [TcMethod] = &[
        TcMethod::Default,
        TcMethod::Burkhardt,
        TcMethod::Cohen,
        TcMethod::SandiaLL,
        TcMethod::SandiaUU,
        TcMethod::SandiaLUT,
        TcMethod::SandiaULT,
    ];

    /// The C value (`WEFT_TC_BURKHARDT` is 1).
    pub fn raw(self) -> c_int {
        match self {
            TcMethod::Default => sys::WEFT_TC_DEFAULT,
            TcMethod::Burkhardt => sys::WEFT_TC_BURKHARDT,
            TcMethod::Cohen => sys::WEFT_TC_COHEN,
            TcMethod::SandiaLL => sys::WEFT_TC_SANDIA_LL,
            TcMethod::SandiaUU => sys::WEFT_TC_SANDIA_UU,
            TcMethod::SandiaLUT => sys::WEFT_TC_SANDIA_LUT,
            TcMethod::SandiaULT => sys::WEFT_TC_SANDIA_ULT,
        }
    }
}

impl Default for TcMethod {
    /// [`TcMethod::Default`].
    fn default() -> Self {
        TcMethod::Default
    }
}

/// Whether [`triangles`] renumbers the vertices by degree first (`enum weft_tc_presort`):
/// fewer products when the degrees are skewed (hubs last for the `L` methods, first for
/// the `U` ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TcPresort {
    /// `WEFT_TC_PRESORT_AUTO`: sorts (ascending for the `L` methods, descending for the
    /// `U` ones) when the mean degree exceeds 4 times the median, as LAGraph decides.
    Auto,
    /// `WEFT_TC_PRESORT_NONE`: keeps the vertex order.
    None,
    /// `WEFT_TC_PRESORT_ASCENDING`: by increasing degree.
    Ascending,
    /// `WEFT_TC_PRESORT_DESCENDING`: by decreasing degree.
    Descending,
}

impl TcPresort {
    /// Every choice, in the header's order.
    pub const ALL: &'static [TcPresort] = &[
        TcPresort::Auto,
        TcPresort::None,
        TcPresort::Ascending,
        TcPresort::Descending,
    ];

    /// The C value (`WEFT_TC_PRESORT_NONE` is 1).
    pub fn raw(self) -> c_int {
        match self {
            TcPresort::Auto => sys::WEFT_TC_PRESORT_AUTO,
            TcPresort::None => sys::WEFT_TC_PRESORT_NONE,
            TcPresort::Ascending => sys::WEFT_TC_PRESORT_ASCENDING,
            TcPresort::Descending => sys::WEFT_TC_PRESORT_DESCENDING,
        }
    }
}

impl Default for TcPresort {
    /// [`TcPresort::Auto`].
    fn default() -> Self {
        TcPresort::Auto
    }
}

/// A new vector of `U` made by `call`, which receives its output handle (the C function
/// makes it in `U`'s domain).
fn made<U: Element>(func: &str, call: impl FnOnce(*mut sys::weft_vector) -> sys::weft_status) -> Result<Vector<U>> {
    Vector::<U>::make(func, |_, out| call(out))
}

/// `weft_graph_bfs` with both outputs: the BFS levels and parents from `source`, as
/// [`bfs_levels`] and [`bfs_parents`] give them, from one search.
///
/// Errors: `WEFT_INVALID_INDEX` (`source` outside `[0, n)`), and those of every graph
/// algorithm (module docs).
pub fn bfs<T: Element>(a: &Matrix<T>, source: i64) -> Result<(Vector<i64>, Vector<i64>)> {
    let (ld, pd) = (domain_of::<i64>("graph::bfs")?, domain_of::<i64>("graph::bfs")?);
    let (mut level, mut parent) = (ptr::null_mut(), ptr::null_mut());
    // SAFETY: a live matrix handle and two outputs; on success both are new INT64
    // vectors owned by the caller (i64's domain).
    check(unsafe { sys::weft_graph_bfs(&mut level, &mut parent, a.as_raw(), source) })?;
    Ok((Vector::wrap(level, ld), Vector::wrap(parent, pd)))
}

/// `weft_graph_bfs` (levels only): breadth-first search from `source` along the edges
/// `i -> j` as stored. For every vertex reachable from `source` the vector holds the
/// number of edges on a shortest path (`source`: 0); unreached vertices have no entry.
/// Direction-optimising (pushes from a small frontier, pulls into a large one, reading
/// `A'`, which weft then keeps with `A`); O(nvals(A) + n).
///
/// Errors: `WEFT_INVALID_INDEX` (`source` outside `[0, n)`), and those of every graph
/// algorithm (module docs).
pub fn bfs_levels<T: Element>(a: &Matrix<T>, source: i64) -> Result<Vector<i64>> {
    // SAFETY: a live matrix handle and an output; no parent output (NULL: not wanted).
    made("graph::bfs_levels", |out| unsafe {
        sys::weft_graph_bfs(out, ptr::null_mut(), a.as_raw(), source)
    })
}

/// `weft_graph_bfs` (parents only): for every vertex reachable from `source`, the
/// lowest-numbered vertex of the previous BFS level with an edge to it (`source`:
/// itself); unreached vertices have no entry. See [`bfs_levels`].
///
/// Errors: as [`bfs_levels`].
pub fn bfs_parents<T: Element>(a: &Matrix<T>, source: i64) -> Result<Vector<i64>> {
    // SAFETY: a live matrix handle and an output; no level output (NULL: not wanted).
    made("graph::bfs_parents", |out| unsafe {
        sys::weft_graph_bfs(ptr::null_mut(), out, a.as_raw(), source)
    })
}

/// `weft_graph_sssp`: single-source shortest paths from `source`. For every vertex
/// reachable from `source` the vector holds the least sum of edge weights (`A`'s values
/// cast to `f64`) over the paths from `source` (`source`: 0); unreached vertices have no
/// entry. Bellman-Ford by frontiers on MIN_PLUS: each round relaxes only the edges
/// leaving vertices whose distance dropped in the round before; at most `n` rounds of
/// O(nvals(A)).
///
/// Errors: `WEFT_INVALID_VALUE` (a negative or NaN weight), `WEFT_INVALID_INDEX`
/// (`source` outside `[0, n)`), and those of every graph algorithm (module docs).
pub fn sssp<T: Element>(a: &Matrix<T>, source: i64) -> Result<Vector<f64>> {
    // SAFETY: a live matrix handle and an output.
    made("graph::sssp", |out| unsafe {
        sys::weft_graph_sssp(out, a.as_raw(), source)
    })
}

/// `weft_graph_pagerank`: PageRank as the GAP benchmark defines it, and the number of
/// iterations run. The rank (every vertex) is the fixed point of `r = (1 - damping) / n
/// + damping * (sum over edges i -> j of r(i) / outdegree(i) + the rank of all sinks /
/// n)`: sinks (no out-edge) spread their rank evenly, as networkx's pagerank does;
/// weights are not read. Starts from `r = 1/n` and stops after an iteration whose change
/// `sum |r - r_previous|` is below `tolerance`, or after `max_iterations` (`tolerance`
/// 0 runs exactly `max_iterations`). The ranks sum to 1 up to rounding. The usual
/// arguments are `0.85, 1e-4, 100`.
///
/// Errors: `WEFT_INVALID_VALUE` (`damping` outside `[0, 1)`, a negative or NaN
/// `tolerance`, or `max_iterations < 1`), and those of every graph algorithm (module
/// docs).
pub fn pagerank<T: Element>(
    a: &Matrix<T>,
    damping: f64,
    tolerance: f64,
    max_iterations: i32,
) -> Result<(Vector<f64>, i32)> {
    let mut iterations: c_int = 0;
    // SAFETY: a live matrix handle and two outputs.
    let rank = made("graph::pagerank", |out| unsafe {
        sys::weft_graph_pagerank(out, &mut iterations, a.as_raw(), damping, tolerance, max_iterations)
    })?;
    Ok((rank, iterations))
}

/// `weft_graph_triangles`: the number of triangles of the undirected graph `S`, the
/// pattern of `A + A'` without self-loops, counted by `method` after the vertex
/// renumbering `presort` asks for (every choice gives the same count; they differ in
/// time).
///
/// Errors: those of every graph algorithm (module docs).
pub fn triangles<T: Element>(a: &Matrix<T>, method: TcMethod, presort: TcPresort) -> Result<i64> {
    let mut count = 0i64;
    // SAFETY: a live matrix handle and an output; method and presort are the header's
    // enumerators.
    check(unsafe { sys::weft_graph_triangles(&mut count, a.as_raw(), method.raw(), presort.raw()) })?;
    Ok(count)
}

/// `weft_graph_components`: the connected components of the undirected graph `S`, the
/// pattern of `A + A'` without self-loops. The vector holds, for every vertex, the
/// lowest-numbered vertex of its component; the number is their count. FastSV (Zhang,
/// Azad and Hu 2020, as LAGraph's): O(log n) rounds in practice.
///
/// Errors: those of every graph algorithm (module docs).
pub fn components<T: Element>(a: &Matrix<T>) -> Result<(Vector<i64>, i64)> {
    let mut count = 0i64;
    // SAFETY: a live matrix handle and two outputs.
    let labels = made("graph::components", |out| unsafe {
        sys::weft_graph_components(out, &mut count, a.as_raw())
    })?;
    Ok((labels, count))
}

/// `weft_graph_betweenness`: betweenness centrality from a batch of sources (Brandes'
/// algorithm as LAGraph's, all sources at once). The vector holds, for every vertex `v`,
/// the sum over the sources `s != v` and the vertices `t != s, v` of `sigma_st(v) /
/// sigma_st` (shortest paths counted in edges, following the edges as stored;
/// `sigma_st(v)`: those through `v`). With every vertex as a source: the exact
/// betweenness of a directed graph; for a symmetric `A` each unordered pair counts twice
/// (networkx's undirected value is half of it). A source may repeat (counted each
/// time). Memory O(`sources.len()` * n) beyond `A`.
///
/// Errors: `WEFT_INVALID_VALUE` (`sources` is empty), `WEFT_INVALID_INDEX` (a source
/// outside `[0, n)`), and those of every graph algorithm (module docs).
pub fn betweenness<T: Element>(a: &Matrix<T>, sources: &[i64]) -> Result<Vector<f64>> {
    // SAFETY: a live matrix handle, sources.len() readable indices (an empty slice's
    // pointer is never read: weft rejects ns < 1 first) and an output.
    made("graph::betweenness", |out| unsafe {
        sys::weft_graph_betweenness(out, a.as_raw(), sources.as_ptr(), sources.len() as i64)
    })
}
