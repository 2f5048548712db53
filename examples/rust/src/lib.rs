//! The Rust examples of weft (crate `weft-examples`).
//!
//! * With feature `mpi` (the default): the MPI-1.1 §3.12.7 examples 3.29-3.35 and seed
//!   001's global indexer example, sharing [`Mpi`] and friends (`mpi_common.rs`).
//! * Always: the GraphBLAS specification's appendix algorithms on the semiring engine
//!   (src/bin/bfs_levels.rs, bfs_parents.rs, triangle_count.rs, mis.rs, betweenness.rs),
//!   sharing the graph they all run on ([`graph`]). They need no MPI.
//! * Always: src/bin/graph_algorithms.rs, the six algorithms of `weft::graph`
//!   (weft/graph.h) on a Matrix Market file given on the command line.
#![deny(unsafe_op_in_unsafe_fn)]

pub mod graph;

#[cfg(feature = "mpi")]
mod mpi_common;
#[cfg(feature = "mpi")]
pub use mpi_common::*;
