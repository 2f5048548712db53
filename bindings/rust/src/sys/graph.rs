//! Raw declarations of `weft/graph.h`: the graph algorithms on the semiring engine (BFS,
//! SSSP, PageRank, triangles, connected components, betweenness), one to one (the same
//! names, argument order and types as the header; re-exported by [`crate::sys`]). The
//! safe API is [`crate::graph`].
#![allow(non_snake_case)]
use std::os::raw::c_int;

use super::{weft_matrix, weft_status, weft_vector};

// ---- enum weft_tc_method -------------------------------------------------------------
pub const WEFT_TC_DEFAULT: c_int = 0;
pub const WEFT_TC_BURKHARDT: c_int = 1;
pub const WEFT_TC_COHEN: c_int = 2;
pub const WEFT_TC_SANDIA_LL: c_int = 3;
pub const WEFT_TC_SANDIA_UU: c_int = 4;
pub const WEFT_TC_SANDIA_LUT: c_int = 5;
pub const WEFT_TC_SANDIA_ULT: c_int = 6;

// ---- enum weft_tc_presort ------------------------------------------------------------
pub const WEFT_TC_PRESORT_AUTO: c_int = 0;
pub const WEFT_TC_PRESORT_NONE: c_int = 1;
pub const WEFT_TC_PRESORT_ASCENDING: c_int = 2;
pub const WEFT_TC_PRESORT_DESCENDING: c_int = 3;

extern "C" {
    pub fn weft_graph_bfs(
        level: *mut weft_vector,
        parent: *mut weft_vector,
        A: weft_matrix,
        source: i64,
    ) -> weft_status;
    pub fn weft_graph_sssp(distance: *mut weft_vector, A: weft_matrix, source: i64) -> weft_status;
    pub fn weft_graph_pagerank(
        rank: *mut weft_vector,
        iterations: *mut c_int,
        A: weft_matrix,
        damping: f64,
        tolerance: f64,
        max_iterations: c_int,
    ) -> weft_status;
    pub fn weft_graph_triangles(count: *mut i64, A: weft_matrix, method: c_int, presort: c_int) -> weft_status;
    pub fn weft_graph_components(component: *mut weft_vector, ncomponents: *mut i64, A: weft_matrix) -> weft_status;
    pub fn weft_graph_betweenness(
        centrality: *mut weft_vector,
        A: weft_matrix,
        sources: *const i64,
        ns: i64,
    ) -> weft_status;
}
