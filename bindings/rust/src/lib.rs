//! Rust binding of **weft**: MPI-style derived datatypes (MPI-1.1 §3.12 plus MPI-2
//! resized) with NumPy's alignment properties, and packing, unpacking and copying data
//! between layouts.
//!
//! * [`sys`]: the raw C API of `weft.h`, one to one.
//! * [`Datatype`]: an owned handle with the constructors ([`Datatype::vector`],
//!   [`Datatype::structure`], …), [`commit`](Datatype::commit), the queries (size,
//!   extent, typemap, iov, envelope/contents, …) and the data movers
//!   ([`pack`](Datatype::pack), [`unpack`](Datatype::unpack), their partial forms and
//!   [`copy`]). Predefined types are [`Datatype::int`], [`Datatype::double`], …
//!   ([`Predefined`]).
//! * [`Error`]: a failed call's [`Status`] and weft's detailed message.
//! * The algebra of `weft/algebra.h`, GraphBLAS's objects: operators ([`UnaryOp`],
//!   [`BinaryOp`], [`IndexUnaryOp`]), [`Monoid`]s (an associative operator with an
//!   identity on a domain type) and [`Semiring`]s; the predefined ones
//!   (`WEFT_PLUS_INT32`: [`BinaryOp::of`] with a [`BinaryOpcode`]; `WEFT_MAX_MONOID_FP64`:
//!   [`Monoid::of`], [`MonoidOp`]; `WEFT_PLUS_TIMES_SEMIRING_FP64`: [`Semiring::of`]) or
//!   user-defined from `extern "C" fn`s ([`BinaryOp::new`], [`Monoid::new`]) and from
//!   each other ([`Monoid::from_op`], [`Semiring::new`]), or from Rust closures
//!   ([`BinaryOp::from_fn`], [`Monoid::from_fn`], …).
//! * [`sparse`]: the semiring engine of `weft/sparse.h` — sparse [`sparse::Matrix`],
//!   [`sparse::Vector`] and [`sparse::Scalar`] of any [`sparse::Element`] type and the
//!   GraphBLAS operations on them (mxm, element-wise, apply, select, reduce, extract,
//!   assign, …) with masks, accumulators and descriptors ([`sparse::Options`]).
//! * [`graph`]: the graph algorithms of `weft/graph.h` on a [`sparse::Matrix`] of any
//!   element type: BFS levels and parents, single-source shortest paths, PageRank,
//!   triangle counting (LAGraph's six methods), connected components and betweenness
//!   centrality.
//! * `mpi` (feature `mpi`): [`mpi::to_mpi_f`], the equivalent MPI datatype, and the
//!   global indexer `mpi::Indexer` (distributed NumPy take/put, with monoid reductions and
//!   split-phase exchanges in an `mpi::scope`).
//!
//! Safe code cannot make weft read or write outside a slice: the slice forms prove that
//! the typemap fits before calling C (see [`copy`]). The `_raw` forms take pointers,
//! e.g. [`BOTTOM`] with absolute [`address`]es.
//!
//! ```
//! use weft::{copy, Datatype};
//! # fn main() -> weft::Result<()> {
//! // The strict lower triangle of a 4x4 column-major matrix (MPI-1.1 example 3.30).
//! let n = 4i64;
//! let lens: Vec<i64> = (1..=n).map(|i| n - i).collect();
//! let displs: Vec<i64> = (1..=n).map(|i| n * (i - 1) + i).collect();
//! let ltype = Datatype::indexed(&lens, &displs, &Datatype::real())?.committed()?;
//! let a: Vec<f32> = (0..16).map(|v| v as f32).collect();
//! let mut b = vec![-1.0f32; 16];
//! copy(&a, 1, &ltype, &mut b, 1, &ltype)?;
//! for c in 0..4 {
//!     for r in 0..4 {
//!         let want = if r > c { a[r + 4 * c] } else { -1.0 };
//!         assert_eq!(b[r + 4 * c], want);
//!     }
//! }
//! # Ok(()) }
//! ```
//!
//! Threads: `Datatype` is `Send + Sync`. Committed types are immutable and shared
//! without locks; [`Datatype::commit`] takes `&mut self`, and since two `Datatype`s may
//! name one weft object (a type and a handle from [`Datatype::contents`]), commits and
//! the calls that read an uncommitted type's program run under one internal lock.
//!
//! Errors carry weft's status and message:
//!
//! ```
//! use weft::{Datatype, Status};
//! let e = Datatype::vector(2, -3, 1, &Datatype::int()).unwrap_err();
//! assert_eq!(e.status(), Status::InvalidValue);
//! assert_eq!(e.name(), "WEFT_INVALID_VALUE");
//! assert!(e.message().starts_with("weft_type_vector: "));
//! ```
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod graph;
pub mod sparse;
pub mod sys;

mod algebra;
mod data;
mod datatype;
mod error;
mod predefined;

#[cfg(feature = "mpi")]
mod indexer;
#[cfg(feature = "mpi")]
pub mod mpi;
#[cfg(feature = "mpi")]
mod mpi_ffi;

pub use algebra::{
    BinaryFn, BinaryOp, BinaryOpcode, Borrowed, Domain, IndexUnaryFn, IndexUnaryOp, IndexUnaryOpcode, Monoid, MonoidOp,
    RawBinaryFn, RawIndexUnaryFn, RawUnaryFn, Semiring, UnaryFn, UnaryOp, UnaryOpcode, CLOSURE_SLOTS,
};
pub use data::{copy, copy_raw, Pod, BOTTOM};
pub use datatype::{address, version, Alignment, Combiner, Contents, Datatype, Envelope, Order};
pub use error::{last_error, Error, Result, Status};
pub use predefined::{Equivalence, Predefined};
