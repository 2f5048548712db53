//! The semiring engine of `weft/sparse.h`: sparse [`Matrix<T>`], [`Vector<T>`] and
//! [`Scalar<T>`] of any [`Element`] type, and the GraphBLAS operations on them (C API
//! 2.1 semantics under weft names) with the algebra of [`crate::BinaryOp`],
//! [`crate::Monoid`], [`crate::Semiring`], … — predefined, from `extern "C" fn`s or from
//! closures.
//!
//! # Collections
//! A matrix has `nrows x ncols` positions, a vector `n` (an `n x 1` column in every
//! rule), a scalar one; each position holds an entry or nothing (an absent entry is not a
//! zero). The element type `T` is the domain: the predefined `bool`, `i8` … `u64`,
//! `f32`, `f64`, or a `#[repr(C)]` struct that describes itself as a weft type
//! ([`Element`]). Values cross the interface as `T` (never cast on the way); operations
//! cast between predefined domains by C's rules and never between a user-defined one and
//! anything else.
//!
//! [`Matrix<T>`] and [`Vector<T>`] are one generic type, [`Sparse<T, S>`], whose
//! [`Shape`] `S` picks the C functions: every operation that exists on both is written
//! once. Conversions: [`Matrix::from_tuples`] / [`Matrix::to_tuples`] with
//! `(i, j, x)`, [`Vector::from_tuples`] / [`Vector::to_tuples`] with `(i, x)`,
//! [`Matrix::build`] with duplicates combined by an operator, CSR/CSC/COO arrays
//! ([`Matrix::import`], [`Matrix::export`]), byte images ([`Matrix::serialize`],
//! [`Matrix::deserialize`]), Matrix Market text in a file ([`Matrix::read_mm`],
//! [`Matrix::write_mm`]) or a string ([`Matrix::from_mm_str`], [`Matrix::to_mm_string`]).
//!
//! # Operations
//! `output.operation(operator, inputs…, &options)`: [`Matrix::mxm`], [`Vector::mxv`],
//! [`Vector::vxm`], [`Sparse::ewise_add`], [`Sparse::ewise_mult`],
//! [`Sparse::ewise_union`], [`Sparse::apply`] (and `_first`, `_second`, `_index`),
//! [`Sparse::select`], [`Vector::reduce_rows`], [`Scalar::reduce`],
//! [`Matrix::transpose`], [`Sparse::extract`], [`Vector::col_extract`],
//! [`Sparse::assign`], [`Sparse::assign_scalar`], [`Matrix::subassign`],
//! [`Matrix::col_assign`], [`Matrix::row_assign`], [`Matrix::kronecker`]. Each follows
//! one rule (weft/sparse.h):
//! 1. the inputs as given, or transposed where the [`Descriptor`] says;
//! 2. `T` = the operation on them;
//! 3. `Z = T`, or with an accumulator `Z = accum(C, T)` on the union of their entries;
//! 4. where the mask selects (an entry that is true, or with *structure* any entry;
//!    *complement* inverts), `C` becomes `Z`; elsewhere `C` keeps its entries, or with
//!    *replace* loses them.
//!
//! Mask, accumulator and descriptor are the [`Options`]; the inputs are any
//! [`Input`] of the right shape, of any element type. Any output may be one of the
//! inputs or the mask: inputs are read as they were when the call began. That is why
//! every method takes `&self`, output included: collections are mutable through shared
//! references (like `Cell`), so they are `Send` and not `Sync`.
//!
//! ```
//! use weft::sparse::{Matrix, Options, Scalar};
//! use weft::{BinaryOpcode, IndexUnaryOp, IndexUnaryOpcode, Monoid, MonoidOp, Semiring};
//! # fn main() -> weft::Result<()> {
//! // Triangles of an undirected graph: L = tril(A, -1), C<L> = L * L (plus-pair),
//! // then the sum of C.
//! let edges = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (3, 4)];
//! let mut t = Vec::new();
//! for &(i, j) in &edges {
//!     t.push((i, j, true));
//!     t.push((j, i, true));
//! }
//! let a = Matrix::from_tuples(5, 5, &t)?;
//! let l = Matrix::<bool>::new(5, 5)?;
//! let tril = IndexUnaryOp::predefined(IndexUnaryOpcode::Tril, None).unwrap();
//! l.select(&tril, &a, &Scalar::from_value(-1i64)?, &Options::new())?;
//! let c = Matrix::<i64>::new(5, 5)?;
//! let plus_pair = Semiring::of::<i64>(MonoidOp::Plus, BinaryOpcode::Pair).unwrap();
//! c.mxm(&plus_pair, &l, &l, &Options::new().mask(&l).structure())?;
//! let count = Scalar::<i64>::new()?;
//! count.reduce(&Monoid::of::<i64>(MonoidOp::Plus).unwrap(), &c, &Options::new())?;
//! assert_eq!(count.get()?, Some(2));
//! # Ok(()) }
//! ```
//!
//! # Execution
//! By default every call returns when its result is complete. [`init`]`(Mode::Nonblocking)`
//! (once, before any collection exists) lets operations leave work pending on their
//! output, finished by its `wait` or by any call that reads it, which may then report
//! the work's execution error. `set_element` and `remove_element` are always recorded
//! and applied by the next read or wait, in call order. [`set_threads`] bounds the
//! threads each operation may use (`1`: the calling thread only; `0`: the default,
//! `OMP_NUM_THREADS` or the machine's processors); [`threads`] reads it. Results are the
//! same bit for bit whatever the count. [`set_jit`] switches the compiled kernels of
//! operators made with their C source ([`BinaryOp::with_source`](crate::BinaryOp::with_source));
//! [`jit`] reads it. [`stat`] reads the nonblocking queue's counters ([`Stat`]:
//! operations deferred, passes, fused groups, ...), all 0 in blocking mode, and the JIT's
//! (kernels compiled, failed, run).
//!
//! # Errors
//! A failed call returns the [`Status`](crate::Status) and weft's message for it, which
//! weft also records on the call's output (`weft_*_error`, readable later with
//! `error_message()`). API errors
//! (`WEFT_DOMAIN_MISMATCH`, `WEFT_DIMENSION_MISMATCH`, `WEFT_INVALID_INDEX`,
//! `WEFT_INVALID_VALUE`, …) are found before anything is touched; execution errors
//! (`WEFT_OUT_OF_MEMORY`, `WEFT_INDEX_OUT_OF_BOUNDS` in an index list) leave the inputs
//! unchanged. Errors the binding finds itself (slices of different lengths) carry a
//! status too, and a message starting with the Rust function's name.
//!
//! # Threads
//! Calls on distinct objects may run at once; a collection or scalar is used by one
//! thread at a time (`Send`, not `Sync`). Operators, monoids and semirings are
//! immutable and `Send + Sync` (a closure behind one must be `Send + Sync` itself).
mod collection;
mod context;
mod descriptor;
pub(crate) mod element;
mod errors;
mod import_export;
mod indices;
mod matrix;
mod matrix_market;
mod ops;
mod options;
mod scalar;
mod serialize;
mod shape;
mod tuples;
mod vector;

pub use collection::{Matrix, Sparse, Vector};
pub use context::{finalize, init, jit, mode, set_jit, set_threads, stat, threads, Mode, Stat, WaitMode};
pub use descriptor::Descriptor;
pub use element::Element;
pub use import_export::{Format, Storage};
pub use indices::{Indices, Region};
pub use options::Options;
pub use scalar::Scalar;
pub use shape::{Input, MatrixShape, ScalarInput, ScalarShape, Shape, VectorShape};
