//! [`Shape`]: what makes a [`Sparse`](super::Sparse) collection a matrix or a vector —
//! the one place that maps each operation to its `weft_matrix_*` or `weft_vector_*`
//! function, so that every operation is written once for both ([`MatrixShape`],
//! [`VectorShape`]). [`Input`] and [`ScalarInput`] are what an operation reads: a
//! collection or scalar of any element type.
use std::os::raw::{c_char, c_int};

use crate::sys;

pub(crate) mod private {
    use super::*;

    /// The C functions of one shape (`O`: `sys::weft_matrix_s` or `sys::weft_vector_s`).
    /// Vector forms without a second index list (extract, assign) are adapted to the
    /// matrix signature, their `J` arguments ignored.
    #[allow(missing_docs)] // each field is the C function of that name
    pub struct Calls<O: 'static> {
        pub dup: unsafe extern "C" fn(*mut O, *mut *mut O) -> sys::weft_status,
        pub clear: unsafe extern "C" fn(*mut O) -> sys::weft_status,
        pub nvals: unsafe extern "C" fn(*mut O, *mut i64) -> sys::weft_status,
        pub iso: unsafe extern "C" fn(*mut O, *mut c_int) -> sys::weft_status,
        pub dims: unsafe extern "C" fn(*mut O, *mut i64, *mut i64) -> sys::weft_status,
        pub type_: unsafe extern "C" fn(*mut O, *mut sys::weft_type) -> sys::weft_status,
        pub wait: unsafe extern "C" fn(*mut O, c_int) -> sys::weft_status,
        pub error: unsafe extern "C" fn(*mut O, *mut *const c_char) -> sys::weft_status,
        pub free: unsafe extern "C" fn(*mut *mut O) -> sys::weft_status,
        pub ewise_add: Ewise<O>,
        pub ewise_mult: Ewise<O>,
        pub ewise_union: unsafe extern "C" fn(
            *mut O,
            *mut O,
            sys::weft_binary_op,
            sys::weft_binary_op,
            *mut O,
            sys::weft_scalar,
            *mut O,
            sys::weft_scalar,
            sys::weft_descriptor,
        ) -> sys::weft_status,
        pub apply: unsafe extern "C" fn(
            *mut O,
            *mut O,
            sys::weft_binary_op,
            sys::weft_unary_op,
            *mut O,
            sys::weft_descriptor,
        ) -> sys::weft_status,
        pub apply_first: unsafe extern "C" fn(
            *mut O,
            *mut O,
            sys::weft_binary_op,
            sys::weft_binary_op,
            sys::weft_scalar,
            *mut O,
            sys::weft_descriptor,
        ) -> sys::weft_status,
        pub apply_second: unsafe extern "C" fn(
            *mut O,
            *mut O,
            sys::weft_binary_op,
            sys::weft_binary_op,
            *mut O,
            sys::weft_scalar,
            sys::weft_descriptor,
        ) -> sys::weft_status,
        pub apply_index: IndexUnaryCall<O>,
        pub select: IndexUnaryCall<O>,
        pub extract: Region<O, *mut O>,
        pub assign: Region<O, *mut O>,
        pub assign_scalar: Region<O, sys::weft_scalar>,
        pub reduce_scalar: unsafe extern "C" fn(
            sys::weft_scalar,
            sys::weft_binary_op,
            sys::weft_monoid,
            *mut O,
            sys::weft_descriptor,
        ) -> sys::weft_status,
    }

    /// `weft_*_ewise_add` / `_mult`.
    pub type Ewise<O> = unsafe extern "C" fn(
        *mut O,
        *mut O,
        sys::weft_binary_op,
        sys::weft_binary_op,
        *mut O,
        *mut O,
        sys::weft_descriptor,
    ) -> sys::weft_status;
    /// `weft_*_apply_index` / `_select`.
    pub type IndexUnaryCall<O> = unsafe extern "C" fn(
        *mut O,
        *mut O,
        sys::weft_binary_op,
        sys::weft_index_unary_op,
        *mut O,
        sys::weft_scalar,
        sys::weft_descriptor,
    ) -> sys::weft_status;
    /// `weft_*_extract`, `_assign` (X = the input collection) and `_assign_scalar`
    /// (X = the scalar), with the matrix's two index lists.
    pub type Region<O, X> = unsafe extern "C" fn(
        *mut O,
        *mut O,
        sys::weft_binary_op,
        X,
        *const i64,
        i64,
        *const i64,
        i64,
        sys::weft_descriptor,
    ) -> sys::weft_status;

    /// Seals [`Input`](super::Input) and [`ScalarInput`](super::ScalarInput): only this
    /// crate's collections hand weft a handle.
    pub trait Sealed {}
}
use private::Calls;

/// Whether a [`Sparse`](super::Sparse) collection is a matrix ([`MatrixShape`]) or a
/// vector ([`VectorShape`]). Sealed: the crate implements it for these two only.
pub trait Shape: private::Sealed + Sized + 'static {
    /// The C object behind a handle: `sys::weft_matrix_s` or `sys::weft_vector_s`.
    type Obj: 'static;
    /// `"Matrix"` or `"Vector"`, for messages.
    const NAME: &'static str;
    /// Whether a descriptor's transposes apply (weft ignores them for a vector).
    #[doc(hidden)]
    const TRANSPOSABLE: bool;
    #[doc(hidden)]
    const CALLS: Calls<Self::Obj>;
}

/// The shape of a [`Matrix`](super::Matrix): `nrows x ncols` positions.
#[derive(Debug)]
pub enum MatrixShape {}
/// The shape of a [`Vector`](super::Vector): `n` positions (an `n x 1` column in
/// every rule of weft/sparse.h).
#[derive(Debug)]
pub enum VectorShape {}
/// The "shape" of a [`Scalar`](super::Scalar) output: an
/// [`Options<ScalarShape>`](super::Options) has no mask (a scalar output has none).
#[derive(Debug)]
pub enum ScalarShape {}

impl private::Sealed for MatrixShape {}
impl private::Sealed for VectorShape {}

unsafe extern "C" fn matrix_dims(a: sys::weft_matrix, m: *mut i64, n: *mut i64) -> sys::weft_status {
    // SAFETY: the caller passes a handle and two writable outputs.
    let s = unsafe { sys::weft_matrix_nrows(a, m) };
    if s < 0 {
        return s;
    }
    unsafe { sys::weft_matrix_ncols(a, n) }
}

unsafe extern "C" fn vector_dims(v: sys::weft_vector, m: *mut i64, n: *mut i64) -> sys::weft_status {
    // SAFETY: as in matrix_dims; a vector is an n x 1 column.
    unsafe {
        *n = 1;
        sys::weft_vector_size(v, m)
    }
}

unsafe extern "C" fn vector_extract(
    w: sys::weft_vector,
    mask: sys::weft_vector,
    accum: sys::weft_binary_op,
    u: sys::weft_vector,
    i: *const i64,
    ni: i64,
    _j: *const i64,
    _nj: i64,
    desc: sys::weft_descriptor,
) -> sys::weft_status {
    // SAFETY: the caller's arguments, passed on.
    unsafe { sys::weft_vector_extract(w, mask, accum, u, i, ni, desc) }
}

unsafe extern "C" fn vector_assign(
    w: sys::weft_vector,
    mask: sys::weft_vector,
    accum: sys::weft_binary_op,
    u: sys::weft_vector,
    i: *const i64,
    ni: i64,
    _j: *const i64,
    _nj: i64,
    desc: sys::weft_descriptor,
) -> sys::weft_status {
    // SAFETY: the caller's arguments, passed on.
    unsafe { sys::weft_vector_assign(w, mask, accum, u, i, ni, desc) }
}

unsafe extern "C" fn vector_assign_scalar(
    w: sys::weft_vector,
    mask: sys::weft_vector,
    accum: sys::weft_binary_op,
    x: sys::weft_scalar,
    i: *const i64,
    ni: i64,
    _j: *const i64,
    _nj: i64,
    desc: sys::weft_descriptor,
) -> sys::weft_status {
    // SAFETY: the caller's arguments, passed on.
    unsafe { sys::weft_vector_assign_scalar(w, mask, accum, x, i, ni, desc) }
}

impl Shape for MatrixShape {
    type Obj = sys::weft_matrix_s;
    const NAME: &'static str = "Matrix";
    const TRANSPOSABLE: bool = true;
    const CALLS: Calls<sys::weft_matrix_s> = Calls {
        dup: sys::weft_matrix_dup,
        clear: sys::weft_matrix_clear,
        nvals: sys::weft_matrix_nvals,
        iso: sys::weft_matrix_iso,
        dims: matrix_dims,
        type_: sys::weft_matrix_type,
        wait: sys::weft_matrix_wait,
        error: sys::weft_matrix_error,
        free: sys::weft_matrix_free,
        ewise_add: sys::weft_matrix_ewise_add,
        ewise_mult: sys::weft_matrix_ewise_mult,
        ewise_union: sys::weft_matrix_ewise_union,
        apply: sys::weft_matrix_apply,
        apply_first: sys::weft_matrix_apply_first,
        apply_second: sys::weft_matrix_apply_second,
        apply_index: sys::weft_matrix_apply_index,
        select: sys::weft_matrix_select,
        extract: sys::weft_matrix_extract,
        assign: sys::weft_matrix_assign,
        assign_scalar: sys::weft_matrix_assign_scalar,
        reduce_scalar: sys::weft_matrix_reduce_scalar,
    };
}

impl Shape for VectorShape {
    type Obj = sys::weft_vector_s;
    const NAME: &'static str = "Vector";
    const TRANSPOSABLE: bool = false;
    const CALLS: Calls<sys::weft_vector_s> = Calls {
        dup: sys::weft_vector_dup,
        clear: sys::weft_vector_clear,
        nvals: sys::weft_vector_nvals,
        iso: sys::weft_vector_iso,
        dims: vector_dims,
        type_: sys::weft_vector_type,
        wait: sys::weft_vector_wait,
        error: sys::weft_vector_error,
        free: sys::weft_vector_free,
        ewise_add: sys::weft_vector_ewise_add,
        ewise_mult: sys::weft_vector_ewise_mult,
        ewise_union: sys::weft_vector_ewise_union,
        apply: sys::weft_vector_apply,
        apply_first: sys::weft_vector_apply_first,
        apply_second: sys::weft_vector_apply_second,
        apply_index: sys::weft_vector_apply_index,
        select: sys::weft_vector_select,
        extract: vector_extract,
        assign: vector_assign,
        assign_scalar: vector_assign_scalar,
        reduce_scalar: sys::weft_vector_reduce_scalar,
    };
}

/// A matrix (`S` = [`MatrixShape`]) or vector ([`VectorShape`]) of any element type, as
/// an operation reads it: an input or a mask. Implemented by
/// [`Sparse<T, S>`](super::Sparse) for every element type `T`, so inputs of different
/// domains mix freely (weft casts predefined domains) and `&dyn Input<S>` works too.
/// Sealed.
pub trait Input<S: Shape>: private::Sealed {
    /// The C handle (owned by the collection).
    fn as_raw(&self) -> *mut S::Obj;
}

/// A [`Scalar`](super::Scalar) of any element type, as an operation reads it (a bound,
/// a thunk, `alpha`/`beta` of ewise_union, assign's value). Sealed.
pub trait ScalarInput: private::Sealed {
    /// The C handle (owned by the scalar).
    fn as_raw(&self) -> sys::weft_scalar;
}

/// An input's dimensions (rows, columns; a vector's columns are 1), read from weft.
pub(crate) fn dims_of<S: Shape, A: Input<S> + ?Sized>(a: &A) -> (i64, i64) {
    let (mut m, mut n) = (0i64, 0i64);
    // SAFETY: a live handle, two outputs. On failure (impossible for a live handle)
    // the zeros make weft report a dimension mismatch.
    unsafe { (S::CALLS.dims)(a.as_raw(), &mut m, &mut n) };
    (m, n)
}
