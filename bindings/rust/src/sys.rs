//! Raw declarations of `weft.h`: its datatype API, `weft/algebra.h` (operators, monoids,
//! semirings), `weft/sparse.h` (collections and operations, in `sys/sparse.rs`) and
//! `weft/graph.h` (graph algorithms, in `sys/graph.rs`), both re-exported here, and with
//! feature `mpi` of `weft_mpi.h`.
//!
//! Everything here mirrors the C header one to one: the same names, the same argument
//! order, the same types (`int64_t` is `i64`, `weft_aint`/`intptr_t` is `isize`, `bool`
//! is `bool`, `int` is `c_int`). Every function is `unsafe` to call; the safe API in the
//! crate root ([`crate::Datatype`], [`crate::copy`], …) is built on top of it.
//!
//! The predefined handles (`WEFT_INT`, `WEFT_DOUBLE`, …, the operators `WEFT_PLUS_INT32`,
//! …, the monoids `WEFT_PLUS_MONOID_INT32`, … and the semirings
//! `WEFT_PLUS_TIMES_SEMIRING_FP64`, …) are the library's exported `const` globals:
//! `extern` statics of the handle types ([`weft_type`], [`weft_binary_op`], [`weft_monoid`],
//! …). They are initialised when libweft is loaded, so reading them from Rust code (which
//! runs after the dynamic loader) always sees the final value. The long lists are
//! expanded from weft/algebra.h's X-macro lists, in their order.
#![allow(non_camel_case_types, non_upper_case_globals, missing_docs)]

use core::ffi::c_void;
use core::marker::{PhantomData, PhantomPinned};
use std::os::raw::{c_char, c_int};

mod graph;
mod sparse;
pub use self::graph::*;
pub use self::sparse::*;

/// `weft_status`: `WEFT_SUCCESS` (0), informational (> 0) or an error (< 0).
pub type weft_status = c_int;
/// `weft_aint` (`intptr_t`): a byte displacement or an absolute address.
pub type weft_aint = isize;

/// The opaque object behind a [`weft_type`] handle (`struct weft_type_s`).
#[repr(C)]
pub struct weft_type_s {
    _private: [u8; 0],
    _marker: PhantomData<(*mut u8, PhantomPinned)>,
}
/// `weft_type`: an opaque datatype handle.
pub type weft_type = *mut weft_type_s;

// ---- Version ------------------------------------------------------------------------
pub const WEFT_VERSION_MAJOR: c_int = 0;
pub const WEFT_VERSION_MINOR: c_int = 1;
pub const WEFT_VERSION_PATCH: c_int = 0;

// ---- Status codes (WEFT_STATUS_LIST) --------------------------------------------------
pub const WEFT_SUCCESS: weft_status = 0;
pub const WEFT_NO_VALUE: weft_status = 1;
pub const WEFT_UNINITIALIZED_OBJECT: weft_status = -1;
pub const WEFT_NULL_POINTER: weft_status = -2;
pub const WEFT_INVALID_VALUE: weft_status = -3;
pub const WEFT_INVALID_INDEX: weft_status = -4;
pub const WEFT_DOMAIN_MISMATCH: weft_status = -5;
pub const WEFT_DIMENSION_MISMATCH: weft_status = -6;
pub const WEFT_OUTPUT_NOT_EMPTY: weft_status = -7;
pub const WEFT_NOT_IMPLEMENTED: weft_status = -8;
pub const WEFT_INVALID_HANDLE: weft_status = -9;
pub const WEFT_TYPE_NOT_COMMITTED: weft_status = -10;
pub const WEFT_SIGNATURE_MISMATCH: weft_status = -11;
pub const WEFT_OVERFLOW: weft_status = -12;
pub const WEFT_OVERLAPPING_TYPE: weft_status = -13;
pub const WEFT_PANIC: weft_status = -101;
pub const WEFT_OUT_OF_MEMORY: weft_status = -102;
pub const WEFT_INSUFFICIENT_SPACE: weft_status = -103;
pub const WEFT_INVALID_OBJECT: weft_status = -104;
pub const WEFT_INDEX_OUT_OF_BOUNDS: weft_status = -105;
pub const WEFT_EMPTY_OBJECT: weft_status = -106;
pub const WEFT_TRUNCATED: weft_status = -107;
pub const WEFT_IO_ERROR: weft_status = -108;
pub const WEFT_MPI_ERROR: weft_status = -110;

// ---- Datatype constants ----------------------------------------------------------------
/// Result of `weft_get_count`/`weft_get_elements` when the byte count is not whole.
pub const WEFT_UNDEFINED: i64 = -32766;
/// Buffer base for types built from absolute addresses (`(void *)0`).
pub const WEFT_BOTTOM: *mut c_void = core::ptr::null_mut();
/// Subarray order: last dimension varies fastest.
pub const WEFT_ORDER_C: c_int = 0;
/// Subarray order: first dimension varies fastest.
pub const WEFT_ORDER_FORTRAN: c_int = 1;

// ---- enum weft_combiner ----------------------------------------------------------------
pub const WEFT_COMBINER_NAMED: c_int = 0;
pub const WEFT_COMBINER_DUP: c_int = 1;
pub const WEFT_COMBINER_CONTIGUOUS: c_int = 2;
pub const WEFT_COMBINER_VECTOR: c_int = 3;
pub const WEFT_COMBINER_HVECTOR: c_int = 4;
pub const WEFT_COMBINER_INDEXED: c_int = 5;
pub const WEFT_COMBINER_HINDEXED: c_int = 6;
pub const WEFT_COMBINER_INDEXED_BLOCK: c_int = 7;
pub const WEFT_COMBINER_HINDEXED_BLOCK: c_int = 8;
pub const WEFT_COMBINER_STRUCT: c_int = 9;
pub const WEFT_COMBINER_SUBARRAY: c_int = 10;
pub const WEFT_COMBINER_RESIZED: c_int = 11;
pub const WEFT_COMBINER_STRUCT_ALIGNED: c_int = 12;

// ---- Predefined handles (WEFT_PREDEFINED_LIST, then WEFT_FP32, FP64, FC32, FC64) ------
extern "C" {
    pub static WEFT_CHAR: weft_type;
    pub static WEFT_SIGNED_CHAR: weft_type;
    pub static WEFT_UNSIGNED_CHAR: weft_type;
    pub static WEFT_BYTE: weft_type;
    pub static WEFT_SHORT: weft_type;
    pub static WEFT_UNSIGNED_SHORT: weft_type;
    pub static WEFT_INT: weft_type;
    pub static WEFT_UNSIGNED: weft_type;
    pub static WEFT_LONG: weft_type;
    pub static WEFT_UNSIGNED_LONG: weft_type;
    pub static WEFT_LONG_LONG: weft_type;
    pub static WEFT_UNSIGNED_LONG_LONG: weft_type;
    pub static WEFT_INT8: weft_type;
    pub static WEFT_INT16: weft_type;
    pub static WEFT_INT32: weft_type;
    pub static WEFT_INT64: weft_type;
    pub static WEFT_UINT8: weft_type;
    pub static WEFT_UINT16: weft_type;
    pub static WEFT_UINT32: weft_type;
    pub static WEFT_UINT64: weft_type;
    pub static WEFT_FLOAT: weft_type;
    pub static WEFT_DOUBLE: weft_type;
    pub static WEFT_LONG_DOUBLE: weft_type;
    pub static WEFT_C_FLOAT_COMPLEX: weft_type;
    pub static WEFT_C_DOUBLE_COMPLEX: weft_type;
    pub static WEFT_BOOL: weft_type;
    pub static WEFT_WCHAR: weft_type;
    pub static WEFT_INTEGER: weft_type;
    pub static WEFT_REAL: weft_type;
    pub static WEFT_DOUBLE_PRECISION: weft_type;
    pub static WEFT_COMPLEX: weft_type;
    pub static WEFT_DOUBLE_COMPLEX: weft_type;
    pub static WEFT_LOGICAL: weft_type;
    pub static WEFT_CHARACTER: weft_type;
    pub static WEFT_LB: weft_type;
    pub static WEFT_UB: weft_type;
    /// The same handle as `WEFT_FLOAT`.
    pub static WEFT_FP32: weft_type;
    /// The same handle as `WEFT_DOUBLE`.
    pub static WEFT_FP64: weft_type;
    /// The same handle as `WEFT_C_FLOAT_COMPLEX`.
    pub static WEFT_FC32: weft_type;
    /// The same handle as `WEFT_C_DOUBLE_COMPLEX`.
    pub static WEFT_FC64: weft_type;
}

// ---- Functions ---------------------------------------------------------------------------
extern "C" {
    pub fn weft_status_name(status: weft_status) -> *const c_char;
    pub fn weft_status_message(status: weft_status) -> *const c_char;
    pub fn weft_last_error() -> *const c_char;
    pub fn weft_version(major: *mut c_int, minor: *mut c_int, patch: *mut c_int) -> weft_status;
    pub fn weft_free(p: *mut c_void);

    // Constructors
    pub fn weft_type_contiguous(count: i64, old: weft_type, newtype: *mut weft_type) -> weft_status;
    pub fn weft_type_vector(
        count: i64,
        blocklen: i64,
        stride: i64,
        old: weft_type,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_hvector(
        count: i64,
        blocklen: i64,
        stride: weft_aint,
        old: weft_type,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_indexed(
        count: i64,
        blocklens: *const i64,
        displs: *const i64,
        old: weft_type,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_hindexed(
        count: i64,
        blocklens: *const i64,
        displs: *const weft_aint,
        old: weft_type,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_indexed_block(
        count: i64,
        blocklen: i64,
        displs: *const i64,
        old: weft_type,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_hindexed_block(
        count: i64,
        blocklen: i64,
        displs: *const weft_aint,
        old: weft_type,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_struct(
        count: i64,
        blocklens: *const i64,
        displs: *const weft_aint,
        types: *const weft_type,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_subarray(
        ndims: c_int,
        sizes: *const i64,
        subsizes: *const i64,
        starts: *const i64,
        order: c_int,
        old: weft_type,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_resized(old: weft_type, lb: weft_aint, extent: weft_aint, newtype: *mut weft_type) -> weft_status;
    pub fn weft_type_dup(old: weft_type, newtype: *mut weft_type) -> weft_status;
    pub fn weft_type_struct_aligned(
        count: i64,
        blocklens: *const i64,
        types: *const weft_type,
        displs_out: *mut weft_aint,
        newtype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_type_commit(type_: weft_type) -> weft_status;
    pub fn weft_type_free(type_: *mut weft_type) -> weft_status;

    // Queries
    pub fn weft_type_size(type_: weft_type, size: *mut i64) -> weft_status;
    pub fn weft_type_extent(type_: weft_type, lb: *mut weft_aint, extent: *mut weft_aint) -> weft_status;
    pub fn weft_type_true_extent(type_: weft_type, true_lb: *mut weft_aint, true_extent: *mut weft_aint)
        -> weft_status;
    pub fn weft_type_lb(type_: weft_type, lb: *mut weft_aint) -> weft_status;
    pub fn weft_type_ub(type_: weft_type, ub: *mut weft_aint) -> weft_status;
    pub fn weft_type_count(type_: weft_type, count: *mut i64) -> weft_status;
    pub fn weft_type_alignment(type_: weft_type, true_align: *mut i64, uint_align: *mut i64) -> weft_status;
    pub fn weft_type_is_contiguous(type_: weft_type, flag: *mut bool) -> weft_status;
    pub fn weft_type_signature(type_: weft_type, fingerprint: *mut u64) -> weft_status;
    pub fn weft_type_typemap(
        type_: weft_type,
        capacity: i64,
        basics: *mut weft_type,
        displs: *mut weft_aint,
        n: *mut i64,
    ) -> weft_status;
    pub fn weft_type_iov(
        type_: weft_type,
        count: i64,
        first_piece: i64,
        capacity: i64,
        offsets: *mut weft_aint,
        lengths: *mut i64,
        npieces: *mut i64,
    ) -> weft_status;
    pub fn weft_type_envelope(
        type_: weft_type,
        nints: *mut i64,
        naddrs: *mut i64,
        ntypes: *mut i64,
        combiner: *mut c_int,
    ) -> weft_status;
    pub fn weft_type_contents(
        type_: weft_type,
        max_ints: i64,
        max_addrs: i64,
        max_types: i64,
        ints: *mut i64,
        addrs: *mut weft_aint,
        types: *mut weft_type,
    ) -> weft_status;
    pub fn weft_buffer_is_aligned(
        buf: *const c_void,
        count: i64,
        type_: weft_type,
        aligned: *mut bool,
        uint_aligned: *mut bool,
    ) -> weft_status;

    // Moving data
    pub fn weft_pack_size(incount: i64, type_: weft_type, size: *mut i64) -> weft_status;
    pub fn weft_pack(
        inbuf: *const c_void,
        incount: i64,
        type_: weft_type,
        outbuf: *mut c_void,
        outsize: i64,
        position: *mut i64,
    ) -> weft_status;
    pub fn weft_unpack(
        inbuf: *const c_void,
        insize: i64,
        position: *mut i64,
        outbuf: *mut c_void,
        outcount: i64,
        type_: weft_type,
    ) -> weft_status;
    pub fn weft_pack_partial(
        inbuf: *const c_void,
        incount: i64,
        type_: weft_type,
        offset: i64,
        max_bytes: i64,
        outbuf: *mut c_void,
        actual: *mut i64,
    ) -> weft_status;
    pub fn weft_unpack_partial(
        inbuf: *const c_void,
        insize: i64,
        offset: i64,
        outbuf: *mut c_void,
        outcount: i64,
        type_: weft_type,
    ) -> weft_status;
    pub fn weft_copy(
        src: *const c_void,
        scount: i64,
        stype: weft_type,
        dst: *mut c_void,
        dcount: i64,
        dtype: weft_type,
        nbytes: *mut i64,
    ) -> weft_status;
    pub fn weft_get_elements(type_: weft_type, nbytes: i64, count: *mut i64) -> weft_status;
    pub fn weft_get_count(type_: weft_type, nbytes: i64, count: *mut i64) -> weft_status;
    pub fn weft_address(location: *const c_void, address: *mut weft_aint) -> weft_status;
}

// ---- Algebra (weft/algebra.h): operators, monoids, semirings ---------------------------
macro_rules! opaque_handles {
    ($($obj:ident => $handle:ident: $what:literal;)*) => {$(
        #[doc = concat!("The opaque object behind a [`", stringify!($handle), "`] handle (`struct ", stringify!($obj), "`).")]
        #[repr(C)]
        pub struct $obj {
            _private: [u8; 0],
            _marker: PhantomData<(*mut u8, PhantomPinned)>,
        }
        #[doc = concat!("`", stringify!($handle), "`: ", $what)]
        pub type $handle = *mut $obj;
    )*};
}
opaque_handles! {
    weft_unary_op_s => weft_unary_op: "an operator z = f(x).";
    weft_binary_op_s => weft_binary_op: "an operator z = f(x, y).";
    weft_index_unary_op_s => weft_index_unary_op: "an operator z = f(x, i, j, thunk).";
    weft_monoid_s => weft_monoid: "an associative binary operator on one domain with an identity.";
    weft_semiring_s => weft_semiring: "an additive monoid and a multiplicative binary operator.";
}

/// `weft_unary_fn`: `z = f(x)` for one element (`z` may alias `x`).
pub type weft_unary_fn = Option<unsafe extern "C" fn(z: *mut c_void, x: *const c_void)>;
/// `weft_binary_fn`: `z = f(x, y)` for one element (`z` may alias `x` or `y`).
pub type weft_binary_fn = Option<unsafe extern "C" fn(z: *mut c_void, x: *const c_void, y: *const c_void)>;
/// `weft_index_unary_fn`: `z = f(x, i, j, thunk)` for the element at row `i`, column `j`
/// (for a vector, `i` is the index and `j` is 0).
pub type weft_index_unary_fn =
    Option<unsafe extern "C" fn(z: *mut c_void, x: *const c_void, i: i64, j: i64, thunk: *const c_void)>;

// Predefined unary operators (WEFT_PREDEFINED_UNARY_OPS, then WEFT_LNOT): 44.
extern "C" {
    pub static WEFT_IDENTITY_BOOL: weft_unary_op;
    pub static WEFT_IDENTITY_INT8: weft_unary_op;
    pub static WEFT_IDENTITY_INT16: weft_unary_op;
    pub static WEFT_IDENTITY_INT32: weft_unary_op;
    pub static WEFT_IDENTITY_INT64: weft_unary_op;
    pub static WEFT_IDENTITY_UINT8: weft_unary_op;
    pub static WEFT_IDENTITY_UINT16: weft_unary_op;
    pub static WEFT_IDENTITY_UINT32: weft_unary_op;
    pub static WEFT_IDENTITY_UINT64: weft_unary_op;
    pub static WEFT_IDENTITY_FP32: weft_unary_op;
    pub static WEFT_IDENTITY_FP64: weft_unary_op;
    pub static WEFT_ABS_BOOL: weft_unary_op;
    pub static WEFT_ABS_INT8: weft_unary_op;
    pub static WEFT_ABS_INT16: weft_unary_op;
    pub static WEFT_ABS_INT32: weft_unary_op;
    pub static WEFT_ABS_INT64: weft_unary_op;
    pub static WEFT_ABS_UINT8: weft_unary_op;
    pub static WEFT_ABS_UINT16: weft_unary_op;
    pub static WEFT_ABS_UINT32: weft_unary_op;
    pub static WEFT_ABS_UINT64: weft_unary_op;
    pub static WEFT_ABS_FP32: weft_unary_op;
    pub static WEFT_ABS_FP64: weft_unary_op;
    pub static WEFT_AINV_BOOL: weft_unary_op;
    pub static WEFT_AINV_INT8: weft_unary_op;
    pub static WEFT_AINV_INT16: weft_unary_op;
    pub static WEFT_AINV_INT32: weft_unary_op;
    pub static WEFT_AINV_INT64: weft_unary_op;
    pub static WEFT_AINV_UINT8: weft_unary_op;
    pub static WEFT_AINV_UINT16: weft_unary_op;
    pub static WEFT_AINV_UINT32: weft_unary_op;
    pub static WEFT_AINV_UINT64: weft_unary_op;
    pub static WEFT_AINV_FP32: weft_unary_op;
    pub static WEFT_AINV_FP64: weft_unary_op;
    pub static WEFT_MINV_FP32: weft_unary_op;
    pub static WEFT_MINV_FP64: weft_unary_op;
    pub static WEFT_BNOT_INT8: weft_unary_op;
    pub static WEFT_BNOT_INT16: weft_unary_op;
    pub static WEFT_BNOT_INT32: weft_unary_op;
    pub static WEFT_BNOT_INT64: weft_unary_op;
    pub static WEFT_BNOT_UINT8: weft_unary_op;
    pub static WEFT_BNOT_UINT16: weft_unary_op;
    pub static WEFT_BNOT_UINT32: weft_unary_op;
    pub static WEFT_BNOT_UINT64: weft_unary_op;
    pub static WEFT_LNOT: weft_unary_op;
}

// Predefined binary operators (WEFT_PREDEFINED_BINARY_OPS, then WEFT_PREDEFINED_BOOL_BINARY_OPS): 223.
extern "C" {
    pub static WEFT_FIRST_BOOL: weft_binary_op;
    pub static WEFT_FIRST_INT8: weft_binary_op;
    pub static WEFT_FIRST_INT16: weft_binary_op;
    pub static WEFT_FIRST_INT32: weft_binary_op;
    pub static WEFT_FIRST_INT64: weft_binary_op;
    pub static WEFT_FIRST_UINT8: weft_binary_op;
    pub static WEFT_FIRST_UINT16: weft_binary_op;
    pub static WEFT_FIRST_UINT32: weft_binary_op;
    pub static WEFT_FIRST_UINT64: weft_binary_op;
    pub static WEFT_FIRST_FP32: weft_binary_op;
    pub static WEFT_FIRST_FP64: weft_binary_op;
    pub static WEFT_SECOND_BOOL: weft_binary_op;
    pub static WEFT_SECOND_INT8: weft_binary_op;
    pub static WEFT_SECOND_INT16: weft_binary_op;
    pub static WEFT_SECOND_INT32: weft_binary_op;
    pub static WEFT_SECOND_INT64: weft_binary_op;
    pub static WEFT_SECOND_UINT8: weft_binary_op;
    pub static WEFT_SECOND_UINT16: weft_binary_op;
    pub static WEFT_SECOND_UINT32: weft_binary_op;
    pub static WEFT_SECOND_UINT64: weft_binary_op;
    pub static WEFT_SECOND_FP32: weft_binary_op;
    pub static WEFT_SECOND_FP64: weft_binary_op;
    pub static WEFT_ONEB_BOOL: weft_binary_op;
    pub static WEFT_ONEB_INT8: weft_binary_op;
    pub static WEFT_ONEB_INT16: weft_binary_op;
    pub static WEFT_ONEB_INT32: weft_binary_op;
    pub static WEFT_ONEB_INT64: weft_binary_op;
    pub static WEFT_ONEB_UINT8: weft_binary_op;
    pub static WEFT_ONEB_UINT16: weft_binary_op;
    pub static WEFT_ONEB_UINT32: weft_binary_op;
    pub static WEFT_ONEB_UINT64: weft_binary_op;
    pub static WEFT_ONEB_FP32: weft_binary_op;
    pub static WEFT_ONEB_FP64: weft_binary_op;
    pub static WEFT_PAIR_BOOL: weft_binary_op;
    pub static WEFT_PAIR_INT8: weft_binary_op;
    pub static WEFT_PAIR_INT16: weft_binary_op;
    pub static WEFT_PAIR_INT32: weft_binary_op;
    pub static WEFT_PAIR_INT64: weft_binary_op;
    pub static WEFT_PAIR_UINT8: weft_binary_op;
    pub static WEFT_PAIR_UINT16: weft_binary_op;
    pub static WEFT_PAIR_UINT32: weft_binary_op;
    pub static WEFT_PAIR_UINT64: weft_binary_op;
    pub static WEFT_PAIR_FP32: weft_binary_op;
    pub static WEFT_PAIR_FP64: weft_binary_op;
    pub static WEFT_ANY_BOOL: weft_binary_op;
    pub static WEFT_ANY_INT8: weft_binary_op;
    pub static WEFT_ANY_INT16: weft_binary_op;
    pub static WEFT_ANY_INT32: weft_binary_op;
    pub static WEFT_ANY_INT64: weft_binary_op;
    pub static WEFT_ANY_UINT8: weft_binary_op;
    pub static WEFT_ANY_UINT16: weft_binary_op;
    pub static WEFT_ANY_UINT32: weft_binary_op;
    pub static WEFT_ANY_UINT64: weft_binary_op;
    pub static WEFT_ANY_FP32: weft_binary_op;
    pub static WEFT_ANY_FP64: weft_binary_op;
    pub static WEFT_MIN_BOOL: weft_binary_op;
    pub static WEFT_MIN_INT8: weft_binary_op;
    pub static WEFT_MIN_INT16: weft_binary_op;
    pub static WEFT_MIN_INT32: weft_binary_op;
    pub static WEFT_MIN_INT64: weft_binary_op;
    pub static WEFT_MIN_UINT8: weft_binary_op;
    pub static WEFT_MIN_UINT16: weft_binary_op;
    pub static WEFT_MIN_UINT32: weft_binary_op;
    pub static WEFT_MIN_UINT64: weft_binary_op;
    pub static WEFT_MIN_FP32: weft_binary_op;
    pub static WEFT_MIN_FP64: weft_binary_op;
    pub static WEFT_MAX_BOOL: weft_binary_op;
    pub static WEFT_MAX_INT8: weft_binary_op;
    pub static WEFT_MAX_INT16: weft_binary_op;
    pub static WEFT_MAX_INT32: weft_binary_op;
    pub static WEFT_MAX_INT64: weft_binary_op;
    pub static WEFT_MAX_UINT8: weft_binary_op;
    pub static WEFT_MAX_UINT16: weft_binary_op;
    pub static WEFT_MAX_UINT32: weft_binary_op;
    pub static WEFT_MAX_UINT64: weft_binary_op;
    pub static WEFT_MAX_FP32: weft_binary_op;
    pub static WEFT_MAX_FP64: weft_binary_op;
    pub static WEFT_PLUS_BOOL: weft_binary_op;
    pub static WEFT_PLUS_INT8: weft_binary_op;
    pub static WEFT_PLUS_INT16: weft_binary_op;
    pub static WEFT_PLUS_INT32: weft_binary_op;
    pub static WEFT_PLUS_INT64: weft_binary_op;
    pub static WEFT_PLUS_UINT8: weft_binary_op;
    pub static WEFT_PLUS_UINT16: weft_binary_op;
    pub static WEFT_PLUS_UINT32: weft_binary_op;
    pub static WEFT_PLUS_UINT64: weft_binary_op;
    pub static WEFT_PLUS_FP32: weft_binary_op;
    pub static WEFT_PLUS_FP64: weft_binary_op;
    pub static WEFT_MINUS_BOOL: weft_binary_op;
    pub static WEFT_MINUS_INT8: weft_binary_op;
    pub static WEFT_MINUS_INT16: weft_binary_op;
    pub static WEFT_MINUS_INT32: weft_binary_op;
    pub static WEFT_MINUS_INT64: weft_binary_op;
    pub static WEFT_MINUS_UINT8: weft_binary_op;
    pub static WEFT_MINUS_UINT16: weft_binary_op;
    pub static WEFT_MINUS_UINT32: weft_binary_op;
    pub static WEFT_MINUS_UINT64: weft_binary_op;
    pub static WEFT_MINUS_FP32: weft_binary_op;
    pub static WEFT_MINUS_FP64: weft_binary_op;
    pub static WEFT_TIMES_BOOL: weft_binary_op;
    pub static WEFT_TIMES_INT8: weft_binary_op;
    pub static WEFT_TIMES_INT16: weft_binary_op;
    pub static WEFT_TIMES_INT32: weft_binary_op;
    pub static WEFT_TIMES_INT64: weft_binary_op;
    pub static WEFT_TIMES_UINT8: weft_binary_op;
    pub static WEFT_TIMES_UINT16: weft_binary_op;
    pub static WEFT_TIMES_UINT32: weft_binary_op;
    pub static WEFT_TIMES_UINT64: weft_binary_op;
    pub static WEFT_TIMES_FP32: weft_binary_op;
    pub static WEFT_TIMES_FP64: weft_binary_op;
    pub static WEFT_DIV_BOOL: weft_binary_op;
    pub static WEFT_DIV_INT8: weft_binary_op;
    pub static WEFT_DIV_INT16: weft_binary_op;
    pub static WEFT_DIV_INT32: weft_binary_op;
    pub static WEFT_DIV_INT64: weft_binary_op;
    pub static WEFT_DIV_UINT8: weft_binary_op;
    pub static WEFT_DIV_UINT16: weft_binary_op;
    pub static WEFT_DIV_UINT32: weft_binary_op;
    pub static WEFT_DIV_UINT64: weft_binary_op;
    pub static WEFT_DIV_FP32: weft_binary_op;
    pub static WEFT_DIV_FP64: weft_binary_op;
    pub static WEFT_EQ_BOOL: weft_binary_op;
    pub static WEFT_EQ_INT8: weft_binary_op;
    pub static WEFT_EQ_INT16: weft_binary_op;
    pub static WEFT_EQ_INT32: weft_binary_op;
    pub static WEFT_EQ_INT64: weft_binary_op;
    pub static WEFT_EQ_UINT8: weft_binary_op;
    pub static WEFT_EQ_UINT16: weft_binary_op;
    pub static WEFT_EQ_UINT32: weft_binary_op;
    pub static WEFT_EQ_UINT64: weft_binary_op;
    pub static WEFT_EQ_FP32: weft_binary_op;
    pub static WEFT_EQ_FP64: weft_binary_op;
    pub static WEFT_NE_BOOL: weft_binary_op;
    pub static WEFT_NE_INT8: weft_binary_op;
    pub static WEFT_NE_INT16: weft_binary_op;
    pub static WEFT_NE_INT32: weft_binary_op;
    pub static WEFT_NE_INT64: weft_binary_op;
    pub static WEFT_NE_UINT8: weft_binary_op;
    pub static WEFT_NE_UINT16: weft_binary_op;
    pub static WEFT_NE_UINT32: weft_binary_op;
    pub static WEFT_NE_UINT64: weft_binary_op;
    pub static WEFT_NE_FP32: weft_binary_op;
    pub static WEFT_NE_FP64: weft_binary_op;
    pub static WEFT_GT_BOOL: weft_binary_op;
    pub static WEFT_GT_INT8: weft_binary_op;
    pub static WEFT_GT_INT16: weft_binary_op;
    pub static WEFT_GT_INT32: weft_binary_op;
    pub static WEFT_GT_INT64: weft_binary_op;
    pub static WEFT_GT_UINT8: weft_binary_op;
    pub static WEFT_GT_UINT16: weft_binary_op;
    pub static WEFT_GT_UINT32: weft_binary_op;
    pub static WEFT_GT_UINT64: weft_binary_op;
    pub static WEFT_GT_FP32: weft_binary_op;
    pub static WEFT_GT_FP64: weft_binary_op;
    pub static WEFT_LT_BOOL: weft_binary_op;
    pub static WEFT_LT_INT8: weft_binary_op;
    pub static WEFT_LT_INT16: weft_binary_op;
    pub static WEFT_LT_INT32: weft_binary_op;
    pub static WEFT_LT_INT64: weft_binary_op;
    pub static WEFT_LT_UINT8: weft_binary_op;
    pub static WEFT_LT_UINT16: weft_binary_op;
    pub static WEFT_LT_UINT32: weft_binary_op;
    pub static WEFT_LT_UINT64: weft_binary_op;
    pub static WEFT_LT_FP32: weft_binary_op;
    pub static WEFT_LT_FP64: weft_binary_op;
    pub static WEFT_GE_BOOL: weft_binary_op;
    pub static WEFT_GE_INT8: weft_binary_op;
    pub static WEFT_GE_INT16: weft_binary_op;
    pub static WEFT_GE_INT32: weft_binary_op;
    pub static WEFT_GE_INT64: weft_binary_op;
    pub static WEFT_GE_UINT8: weft_binary_op;
    pub static WEFT_GE_UINT16: weft_binary_op;
    pub static WEFT_GE_UINT32: weft_binary_op;
    pub static WEFT_GE_UINT64: weft_binary_op;
    pub static WEFT_GE_FP32: weft_binary_op;
    pub static WEFT_GE_FP64: weft_binary_op;
    pub static WEFT_LE_BOOL: weft_binary_op;
    pub static WEFT_LE_INT8: weft_binary_op;
    pub static WEFT_LE_INT16: weft_binary_op;
    pub static WEFT_LE_INT32: weft_binary_op;
    pub static WEFT_LE_INT64: weft_binary_op;
    pub static WEFT_LE_UINT8: weft_binary_op;
    pub static WEFT_LE_UINT16: weft_binary_op;
    pub static WEFT_LE_UINT32: weft_binary_op;
    pub static WEFT_LE_UINT64: weft_binary_op;
    pub static WEFT_LE_FP32: weft_binary_op;
    pub static WEFT_LE_FP64: weft_binary_op;
    pub static WEFT_BOR_INT8: weft_binary_op;
    pub static WEFT_BOR_INT16: weft_binary_op;
    pub static WEFT_BOR_INT32: weft_binary_op;
    pub static WEFT_BOR_INT64: weft_binary_op;
    pub static WEFT_BOR_UINT8: weft_binary_op;
    pub static WEFT_BOR_UINT16: weft_binary_op;
    pub static WEFT_BOR_UINT32: weft_binary_op;
    pub static WEFT_BOR_UINT64: weft_binary_op;
    pub static WEFT_BAND_INT8: weft_binary_op;
    pub static WEFT_BAND_INT16: weft_binary_op;
    pub static WEFT_BAND_INT32: weft_binary_op;
    pub static WEFT_BAND_INT64: weft_binary_op;
    pub static WEFT_BAND_UINT8: weft_binary_op;
    pub static WEFT_BAND_UINT16: weft_binary_op;
    pub static WEFT_BAND_UINT32: weft_binary_op;
    pub static WEFT_BAND_UINT64: weft_binary_op;
    pub static WEFT_BXOR_INT8: weft_binary_op;
    pub static WEFT_BXOR_INT16: weft_binary_op;
    pub static WEFT_BXOR_INT32: weft_binary_op;
    pub static WEFT_BXOR_INT64: weft_binary_op;
    pub static WEFT_BXOR_UINT8: weft_binary_op;
    pub static WEFT_BXOR_UINT16: weft_binary_op;
    pub static WEFT_BXOR_UINT32: weft_binary_op;
    pub static WEFT_BXOR_UINT64: weft_binary_op;
    pub static WEFT_BXNOR_INT8: weft_binary_op;
    pub static WEFT_BXNOR_INT16: weft_binary_op;
    pub static WEFT_BXNOR_INT32: weft_binary_op;
    pub static WEFT_BXNOR_INT64: weft_binary_op;
    pub static WEFT_BXNOR_UINT8: weft_binary_op;
    pub static WEFT_BXNOR_UINT16: weft_binary_op;
    pub static WEFT_BXNOR_UINT32: weft_binary_op;
    pub static WEFT_BXNOR_UINT64: weft_binary_op;
    pub static WEFT_LOR: weft_binary_op;
    pub static WEFT_LAND: weft_binary_op;
    pub static WEFT_LXOR: weft_binary_op;
    pub static WEFT_LXNOR: weft_binary_op;
}

// Predefined index-unary operators (WEFT_PREDEFINED_INDEX_UNARY_OPS, then WEFT_PREDEFINED_POSITIONAL_OPS): 80.
extern "C" {
    pub static WEFT_ROWINDEX_INT32: weft_index_unary_op;
    pub static WEFT_ROWINDEX_INT64: weft_index_unary_op;
    pub static WEFT_COLINDEX_INT32: weft_index_unary_op;
    pub static WEFT_COLINDEX_INT64: weft_index_unary_op;
    pub static WEFT_DIAGINDEX_INT32: weft_index_unary_op;
    pub static WEFT_DIAGINDEX_INT64: weft_index_unary_op;
    pub static WEFT_VALUEEQ_BOOL: weft_index_unary_op;
    pub static WEFT_VALUEEQ_INT8: weft_index_unary_op;
    pub static WEFT_VALUEEQ_INT16: weft_index_unary_op;
    pub static WEFT_VALUEEQ_INT32: weft_index_unary_op;
    pub static WEFT_VALUEEQ_INT64: weft_index_unary_op;
    pub static WEFT_VALUEEQ_UINT8: weft_index_unary_op;
    pub static WEFT_VALUEEQ_UINT16: weft_index_unary_op;
    pub static WEFT_VALUEEQ_UINT32: weft_index_unary_op;
    pub static WEFT_VALUEEQ_UINT64: weft_index_unary_op;
    pub static WEFT_VALUEEQ_FP32: weft_index_unary_op;
    pub static WEFT_VALUEEQ_FP64: weft_index_unary_op;
    pub static WEFT_VALUENE_BOOL: weft_index_unary_op;
    pub static WEFT_VALUENE_INT8: weft_index_unary_op;
    pub static WEFT_VALUENE_INT16: weft_index_unary_op;
    pub static WEFT_VALUENE_INT32: weft_index_unary_op;
    pub static WEFT_VALUENE_INT64: weft_index_unary_op;
    pub static WEFT_VALUENE_UINT8: weft_index_unary_op;
    pub static WEFT_VALUENE_UINT16: weft_index_unary_op;
    pub static WEFT_VALUENE_UINT32: weft_index_unary_op;
    pub static WEFT_VALUENE_UINT64: weft_index_unary_op;
    pub static WEFT_VALUENE_FP32: weft_index_unary_op;
    pub static WEFT_VALUENE_FP64: weft_index_unary_op;
    pub static WEFT_VALUELT_BOOL: weft_index_unary_op;
    pub static WEFT_VALUELT_INT8: weft_index_unary_op;
    pub static WEFT_VALUELT_INT16: weft_index_unary_op;
    pub static WEFT_VALUELT_INT32: weft_index_unary_op;
    pub static WEFT_VALUELT_INT64: weft_index_unary_op;
    pub static WEFT_VALUELT_UINT8: weft_index_unary_op;
    pub static WEFT_VALUELT_UINT16: weft_index_unary_op;
    pub static WEFT_VALUELT_UINT32: weft_index_unary_op;
    pub static WEFT_VALUELT_UINT64: weft_index_unary_op;
    pub static WEFT_VALUELT_FP32: weft_index_unary_op;
    pub static WEFT_VALUELT_FP64: weft_index_unary_op;
    pub static WEFT_VALUELE_BOOL: weft_index_unary_op;
    pub static WEFT_VALUELE_INT8: weft_index_unary_op;
    pub static WEFT_VALUELE_INT16: weft_index_unary_op;
    pub static WEFT_VALUELE_INT32: weft_index_unary_op;
    pub static WEFT_VALUELE_INT64: weft_index_unary_op;
    pub static WEFT_VALUELE_UINT8: weft_index_unary_op;
    pub static WEFT_VALUELE_UINT16: weft_index_unary_op;
    pub static WEFT_VALUELE_UINT32: weft_index_unary_op;
    pub static WEFT_VALUELE_UINT64: weft_index_unary_op;
    pub static WEFT_VALUELE_FP32: weft_index_unary_op;
    pub static WEFT_VALUELE_FP64: weft_index_unary_op;
    pub static WEFT_VALUEGT_BOOL: weft_index_unary_op;
    pub static WEFT_VALUEGT_INT8: weft_index_unary_op;
    pub static WEFT_VALUEGT_INT16: weft_index_unary_op;
    pub static WEFT_VALUEGT_INT32: weft_index_unary_op;
    pub static WEFT_VALUEGT_INT64: weft_index_unary_op;
    pub static WEFT_VALUEGT_UINT8: weft_index_unary_op;
    pub static WEFT_VALUEGT_UINT16: weft_index_unary_op;
    pub static WEFT_VALUEGT_UINT32: weft_index_unary_op;
    pub static WEFT_VALUEGT_UINT64: weft_index_unary_op;
    pub static WEFT_VALUEGT_FP32: weft_index_unary_op;
    pub static WEFT_VALUEGT_FP64: weft_index_unary_op;
    pub static WEFT_VALUEGE_BOOL: weft_index_unary_op;
    pub static WEFT_VALUEGE_INT8: weft_index_unary_op;
    pub static WEFT_VALUEGE_INT16: weft_index_unary_op;
    pub static WEFT_VALUEGE_INT32: weft_index_unary_op;
    pub static WEFT_VALUEGE_INT64: weft_index_unary_op;
    pub static WEFT_VALUEGE_UINT8: weft_index_unary_op;
    pub static WEFT_VALUEGE_UINT16: weft_index_unary_op;
    pub static WEFT_VALUEGE_UINT32: weft_index_unary_op;
    pub static WEFT_VALUEGE_UINT64: weft_index_unary_op;
    pub static WEFT_VALUEGE_FP32: weft_index_unary_op;
    pub static WEFT_VALUEGE_FP64: weft_index_unary_op;
    pub static WEFT_TRIL: weft_index_unary_op;
    pub static WEFT_TRIU: weft_index_unary_op;
    pub static WEFT_DIAG: weft_index_unary_op;
    pub static WEFT_OFFDIAG: weft_index_unary_op;
    pub static WEFT_ROWLE: weft_index_unary_op;
    pub static WEFT_ROWGT: weft_index_unary_op;
    pub static WEFT_COLLE: weft_index_unary_op;
    pub static WEFT_COLGT: weft_index_unary_op;
}

// Predefined monoids (WEFT_PREDEFINED_MONOIDS): 105.
extern "C" {
    pub static WEFT_PLUS_MONOID_INT8: weft_monoid;
    pub static WEFT_PLUS_MONOID_INT16: weft_monoid;
    pub static WEFT_PLUS_MONOID_INT32: weft_monoid;
    pub static WEFT_PLUS_MONOID_INT64: weft_monoid;
    pub static WEFT_PLUS_MONOID_UINT8: weft_monoid;
    pub static WEFT_PLUS_MONOID_UINT16: weft_monoid;
    pub static WEFT_PLUS_MONOID_UINT32: weft_monoid;
    pub static WEFT_PLUS_MONOID_UINT64: weft_monoid;
    pub static WEFT_PLUS_MONOID_FP32: weft_monoid;
    pub static WEFT_PLUS_MONOID_FP64: weft_monoid;
    pub static WEFT_TIMES_MONOID_INT8: weft_monoid;
    pub static WEFT_TIMES_MONOID_INT16: weft_monoid;
    pub static WEFT_TIMES_MONOID_INT32: weft_monoid;
    pub static WEFT_TIMES_MONOID_INT64: weft_monoid;
    pub static WEFT_TIMES_MONOID_UINT8: weft_monoid;
    pub static WEFT_TIMES_MONOID_UINT16: weft_monoid;
    pub static WEFT_TIMES_MONOID_UINT32: weft_monoid;
    pub static WEFT_TIMES_MONOID_UINT64: weft_monoid;
    pub static WEFT_TIMES_MONOID_FP32: weft_monoid;
    pub static WEFT_TIMES_MONOID_FP64: weft_monoid;
    pub static WEFT_MIN_MONOID_INT8: weft_monoid;
    pub static WEFT_MIN_MONOID_INT16: weft_monoid;
    pub static WEFT_MIN_MONOID_INT32: weft_monoid;
    pub static WEFT_MIN_MONOID_INT64: weft_monoid;
    pub static WEFT_MIN_MONOID_UINT8: weft_monoid;
    pub static WEFT_MIN_MONOID_UINT16: weft_monoid;
    pub static WEFT_MIN_MONOID_UINT32: weft_monoid;
    pub static WEFT_MIN_MONOID_UINT64: weft_monoid;
    pub static WEFT_MIN_MONOID_FP32: weft_monoid;
    pub static WEFT_MIN_MONOID_FP64: weft_monoid;
    pub static WEFT_MAX_MONOID_INT8: weft_monoid;
    pub static WEFT_MAX_MONOID_INT16: weft_monoid;
    pub static WEFT_MAX_MONOID_INT32: weft_monoid;
    pub static WEFT_MAX_MONOID_INT64: weft_monoid;
    pub static WEFT_MAX_MONOID_UINT8: weft_monoid;
    pub static WEFT_MAX_MONOID_UINT16: weft_monoid;
    pub static WEFT_MAX_MONOID_UINT32: weft_monoid;
    pub static WEFT_MAX_MONOID_UINT64: weft_monoid;
    pub static WEFT_MAX_MONOID_FP32: weft_monoid;
    pub static WEFT_MAX_MONOID_FP64: weft_monoid;
    pub static WEFT_LAND_MONOID_BOOL: weft_monoid;
    pub static WEFT_LAND_MONOID_INT8: weft_monoid;
    pub static WEFT_LAND_MONOID_INT16: weft_monoid;
    pub static WEFT_LAND_MONOID_INT32: weft_monoid;
    pub static WEFT_LAND_MONOID_INT64: weft_monoid;
    pub static WEFT_LAND_MONOID_UINT8: weft_monoid;
    pub static WEFT_LAND_MONOID_UINT16: weft_monoid;
    pub static WEFT_LAND_MONOID_UINT32: weft_monoid;
    pub static WEFT_LAND_MONOID_UINT64: weft_monoid;
    pub static WEFT_LOR_MONOID_BOOL: weft_monoid;
    pub static WEFT_LOR_MONOID_INT8: weft_monoid;
    pub static WEFT_LOR_MONOID_INT16: weft_monoid;
    pub static WEFT_LOR_MONOID_INT32: weft_monoid;
    pub static WEFT_LOR_MONOID_INT64: weft_monoid;
    pub static WEFT_LOR_MONOID_UINT8: weft_monoid;
    pub static WEFT_LOR_MONOID_UINT16: weft_monoid;
    pub static WEFT_LOR_MONOID_UINT32: weft_monoid;
    pub static WEFT_LOR_MONOID_UINT64: weft_monoid;
    pub static WEFT_BAND_MONOID_BOOL: weft_monoid;
    pub static WEFT_BAND_MONOID_INT8: weft_monoid;
    pub static WEFT_BAND_MONOID_INT16: weft_monoid;
    pub static WEFT_BAND_MONOID_INT32: weft_monoid;
    pub static WEFT_BAND_MONOID_INT64: weft_monoid;
    pub static WEFT_BAND_MONOID_UINT8: weft_monoid;
    pub static WEFT_BAND_MONOID_UINT16: weft_monoid;
    pub static WEFT_BAND_MONOID_UINT32: weft_monoid;
    pub static WEFT_BAND_MONOID_UINT64: weft_monoid;
    pub static WEFT_BOR_MONOID_BOOL: weft_monoid;
    pub static WEFT_BOR_MONOID_INT8: weft_monoid;
    pub static WEFT_BOR_MONOID_INT16: weft_monoid;
    pub static WEFT_BOR_MONOID_INT32: weft_monoid;
    pub static WEFT_BOR_MONOID_INT64: weft_monoid;
    pub static WEFT_BOR_MONOID_UINT8: weft_monoid;
    pub static WEFT_BOR_MONOID_UINT16: weft_monoid;
    pub static WEFT_BOR_MONOID_UINT32: weft_monoid;
    pub static WEFT_BOR_MONOID_UINT64: weft_monoid;
    pub static WEFT_LXOR_MONOID_BOOL: weft_monoid;
    pub static WEFT_LXNOR_MONOID_BOOL: weft_monoid;
    pub static WEFT_BXOR_MONOID_INT8: weft_monoid;
    pub static WEFT_BXOR_MONOID_INT16: weft_monoid;
    pub static WEFT_BXOR_MONOID_INT32: weft_monoid;
    pub static WEFT_BXOR_MONOID_INT64: weft_monoid;
    pub static WEFT_BXOR_MONOID_UINT8: weft_monoid;
    pub static WEFT_BXOR_MONOID_UINT16: weft_monoid;
    pub static WEFT_BXOR_MONOID_UINT32: weft_monoid;
    pub static WEFT_BXOR_MONOID_UINT64: weft_monoid;
    pub static WEFT_BXNOR_MONOID_INT8: weft_monoid;
    pub static WEFT_BXNOR_MONOID_INT16: weft_monoid;
    pub static WEFT_BXNOR_MONOID_INT32: weft_monoid;
    pub static WEFT_BXNOR_MONOID_INT64: weft_monoid;
    pub static WEFT_BXNOR_MONOID_UINT8: weft_monoid;
    pub static WEFT_BXNOR_MONOID_UINT16: weft_monoid;
    pub static WEFT_BXNOR_MONOID_UINT32: weft_monoid;
    pub static WEFT_BXNOR_MONOID_UINT64: weft_monoid;
    pub static WEFT_ANY_MONOID_BOOL: weft_monoid;
    pub static WEFT_ANY_MONOID_INT8: weft_monoid;
    pub static WEFT_ANY_MONOID_INT16: weft_monoid;
    pub static WEFT_ANY_MONOID_INT32: weft_monoid;
    pub static WEFT_ANY_MONOID_INT64: weft_monoid;
    pub static WEFT_ANY_MONOID_UINT8: weft_monoid;
    pub static WEFT_ANY_MONOID_UINT16: weft_monoid;
    pub static WEFT_ANY_MONOID_UINT32: weft_monoid;
    pub static WEFT_ANY_MONOID_UINT64: weft_monoid;
    pub static WEFT_ANY_MONOID_FP32: weft_monoid;
    pub static WEFT_ANY_MONOID_FP64: weft_monoid;
}

// Predefined semirings (WEFT_PREDEFINED_SEMIRINGS): 188.
extern "C" {
    pub static WEFT_PLUS_TIMES_SEMIRING_INT8: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_INT16: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_INT32: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_INT64: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_FP32: weft_semiring;
    pub static WEFT_PLUS_TIMES_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MIN_PLUS_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MAX_PLUS_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MIN_TIMES_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MIN_MAX_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MAX_MIN_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MAX_TIMES_SEMIRING_FP64: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_INT8: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_INT16: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_INT32: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_INT64: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_FP32: weft_semiring;
    pub static WEFT_PLUS_MIN_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MIN_FIRST_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MIN_SECOND_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MAX_FIRST_SEMIRING_FP64: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_INT8: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_INT16: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_INT32: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_INT64: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_FP32: weft_semiring;
    pub static WEFT_MAX_SECOND_SEMIRING_FP64: weft_semiring;
    pub static WEFT_LOR_LAND_SEMIRING_BOOL: weft_semiring;
    pub static WEFT_LAND_LOR_SEMIRING_BOOL: weft_semiring;
    pub static WEFT_LXOR_LAND_SEMIRING_BOOL: weft_semiring;
    pub static WEFT_LXNOR_LOR_SEMIRING_BOOL: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_BOOL: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_INT8: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_INT16: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_INT32: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_INT64: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_FP32: weft_semiring;
    pub static WEFT_ANY_PAIR_SEMIRING_FP64: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_INT8: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_INT16: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_INT32: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_INT64: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_FP32: weft_semiring;
    pub static WEFT_PLUS_PAIR_SEMIRING_FP64: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_BOOL: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_INT8: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_INT16: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_INT32: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_INT64: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_FP32: weft_semiring;
    pub static WEFT_ANY_FIRST_SEMIRING_FP64: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_BOOL: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_INT8: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_INT16: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_INT32: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_INT64: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_FP32: weft_semiring;
    pub static WEFT_ANY_SECOND_SEMIRING_FP64: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_INT8: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_INT16: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_INT32: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_INT64: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_FP32: weft_semiring;
    pub static WEFT_PLUS_FIRST_SEMIRING_FP64: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_INT8: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_INT16: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_INT32: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_INT64: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_UINT8: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_UINT16: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_UINT32: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_UINT64: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_FP32: weft_semiring;
    pub static WEFT_PLUS_SECOND_SEMIRING_FP64: weft_semiring;
    pub static WEFT_LOR_PAIR_SEMIRING_BOOL: weft_semiring;
}

extern "C" {
    // Operators
    pub fn weft_unary_op_new(
        f: weft_unary_fn,
        ztype: weft_type,
        xtype: weft_type,
        op: *mut weft_unary_op,
    ) -> weft_status;
    pub fn weft_binary_op_new(
        f: weft_binary_fn,
        ztype: weft_type,
        xtype: weft_type,
        ytype: weft_type,
        op: *mut weft_binary_op,
    ) -> weft_status;
    pub fn weft_binary_op_new_source(
        f: weft_binary_fn,
        ztype: weft_type,
        xtype: weft_type,
        ytype: weft_type,
        name: *const c_char,
        definition: *const c_char,
        op: *mut weft_binary_op,
    ) -> weft_status;
    pub fn weft_set_jit(on: c_int) -> weft_status;
    pub fn weft_get_jit(on: *mut c_int) -> weft_status;
    pub fn weft_index_unary_op_new(
        f: weft_index_unary_fn,
        ztype: weft_type,
        xtype: weft_type,
        thunktype: weft_type,
        op: *mut weft_index_unary_op,
    ) -> weft_status;
    pub fn weft_unary_op_free(op: *mut weft_unary_op) -> weft_status;
    pub fn weft_binary_op_free(op: *mut weft_binary_op) -> weft_status;
    pub fn weft_index_unary_op_free(op: *mut weft_index_unary_op) -> weft_status;
    pub fn weft_unary_op_types(op: weft_unary_op, ztype: *mut weft_type, xtype: *mut weft_type) -> weft_status;
    pub fn weft_binary_op_types(
        op: weft_binary_op,
        ztype: *mut weft_type,
        xtype: *mut weft_type,
        ytype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_index_unary_op_types(
        op: weft_index_unary_op,
        ztype: *mut weft_type,
        xtype: *mut weft_type,
        thunktype: *mut weft_type,
    ) -> weft_status;
    pub fn weft_unary_op_function(op: weft_unary_op, f: *mut weft_unary_fn) -> weft_status;
    pub fn weft_binary_op_function(op: weft_binary_op, f: *mut weft_binary_fn) -> weft_status;
    pub fn weft_index_unary_op_function(op: weft_index_unary_op, f: *mut weft_index_unary_fn) -> weft_status;

    // Monoids
    pub fn weft_monoid_new(op: weft_binary_op, identity: *const c_void, monoid: *mut weft_monoid) -> weft_status;
    pub fn weft_monoid_new_terminal(
        op: weft_binary_op,
        identity: *const c_void,
        terminal: *const c_void,
        monoid: *mut weft_monoid,
    ) -> weft_status;
    pub fn weft_monoid_free(monoid: *mut weft_monoid) -> weft_status;
    pub fn weft_monoid_operator(monoid: weft_monoid, op: *mut weft_binary_op) -> weft_status;
    pub fn weft_monoid_function(monoid: weft_monoid, f: *mut weft_binary_fn) -> weft_status;
    pub fn weft_monoid_domain(monoid: weft_monoid, domain: *mut weft_type) -> weft_status;
    pub fn weft_monoid_identity(monoid: weft_monoid, value: *mut c_void) -> weft_status;
    pub fn weft_monoid_terminal(monoid: weft_monoid, value: *mut c_void, has_terminal: *mut bool) -> weft_status;
    pub fn weft_monoid_accepts(monoid: weft_monoid, type_: weft_type, accepts: *mut bool) -> weft_status;
    pub fn weft_monoid_apply(monoid: weft_monoid, z: *mut c_void, x: *const c_void, y: *const c_void) -> weft_status;

    // Semirings
    pub fn weft_semiring_new(add: weft_monoid, multiply: weft_binary_op, semiring: *mut weft_semiring) -> weft_status;
    pub fn weft_semiring_free(semiring: *mut weft_semiring) -> weft_status;
    pub fn weft_semiring_add(semiring: weft_semiring, add: *mut weft_monoid) -> weft_status;
    pub fn weft_semiring_multiply(semiring: weft_semiring, multiply: *mut weft_binary_op) -> weft_status;
}

/// Open MPI's `MPI_Datatype` (`struct ompi_datatype_t *`). libweft_mpi is built against
/// Open MPI, whose handles are pointers.
#[cfg(feature = "mpi")]
pub type MPI_Datatype = *mut c_void;
/// `MPI_Fint`: a Fortran MPI handle (a default `INTEGER`, `int` in C).
#[cfg(feature = "mpi")]
pub type MPI_Fint = c_int;

#[cfg(feature = "mpi")]
extern "C" {
    /// `weft_type_to_mpi` (weft_mpi.h): a committed MPI datatype with `type`'s typemap.
    pub fn weft_type_to_mpi(type_: weft_type, out: *mut MPI_Datatype) -> weft_status;
    /// `weft_type_to_mpi_f` (weft_mpi.h): the same, as a Fortran handle.
    pub fn weft_type_to_mpi_f(type_: weft_type, out: *mut MPI_Fint) -> weft_status;
}

/// The opaque object behind a [`weft_indexer`] handle (`struct weft_indexer_s`).
#[cfg(feature = "mpi")]
#[repr(C)]
pub struct weft_indexer_s {
    _private: [u8; 0],
    _marker: PhantomData<(*mut u8, PhantomPinned)>,
}
/// `weft_indexer`: a global indexer (weft_mpi.h).
#[cfg(feature = "mpi")]
pub type weft_indexer = *mut weft_indexer_s;
/// The opaque object behind a [`weft_request`] handle (`struct weft_request_s`).
#[cfg(feature = "mpi")]
#[repr(C)]
pub struct weft_request_s {
    _private: [u8; 0],
    _marker: PhantomData<(*mut u8, PhantomPinned)>,
}
/// `weft_request`: a pending split-phase exchange of an indexer.
#[cfg(feature = "mpi")]
pub type weft_request = *mut weft_request_s;
/// `WEFT_ABSTAIN` (weft_mpi.h): the unit argument of a rank that abstains from an
/// exchange. Such a call reads nothing but the indexer, writes nothing, and fails on
/// every rank alike.
#[cfg(feature = "mpi")]
pub const ABSTAIN: weft_type = core::ptr::null_mut();

// Global indexer (weft_mpi.h). The MPI_Comm forms (weft_indexer_new, _new_multi) are not
// declared: MPI_Comm's C type belongs to the MPI library; the _f twins take the Fortran
// handle (MPI_Comm_c2f).
#[cfg(feature = "mpi")]
extern "C" {
    pub fn weft_indexer_new_f(
        distrib: *const i64,
        nidx: i64,
        idx: *const i64,
        comm: MPI_Fint,
        gi: *mut weft_indexer,
    ) -> weft_status;
    pub fn weft_indexer_new_multi_f(
        distrib: *const i64,
        nparts: i64,
        nidx: *const i64,
        idx: *const *const i64,
        comm: MPI_Fint,
        gi: *mut weft_indexer,
    ) -> weft_status;
    pub fn weft_indexer_free(gi: *mut weft_indexer) -> weft_status;
    pub fn weft_indexer_sizes(gi: weft_indexer, dist_size: *mut i64, nparts: *mut i64) -> weft_status;
    pub fn weft_indexer_part_size(gi: weft_indexer, part: i64, size: *mut i64) -> weft_status;
    pub fn weft_indexer_access_counts(gi: weft_indexer, counts: *mut i64) -> weft_status;
    pub fn weft_indexer_take(
        gi: weft_indexer,
        dist: *const c_void,
        count: i64,
        unit: weft_type,
        parts: *const *mut c_void,
    ) -> weft_status;
    pub fn weft_indexer_put(
        gi: weft_indexer,
        parts: *const *const c_void,
        count: i64,
        unit: weft_type,
        reduce: weft_monoid,
        dist: *mut c_void,
    ) -> weft_status;
    pub fn weft_indexer_put_alloc(
        gi: weft_indexer,
        parts: *const *const c_void,
        count: i64,
        unit: weft_type,
        reduce: weft_monoid,
        dist: *mut *mut c_void,
    ) -> weft_status;
    pub fn weft_indexer_take_v(
        gi: weft_indexer,
        dist_counts: *const i64,
        dist_values: *const c_void,
        unit: weft_type,
        part_counts: *const *mut i64,
        part_values: *const *mut c_void,
        part_capacity: *const i64,
    ) -> weft_status;
    pub fn weft_indexer_take_v_alloc(
        gi: weft_indexer,
        dist_counts: *const i64,
        dist_values: *const c_void,
        unit: weft_type,
        part_counts: *mut *mut i64,
        part_values: *mut *mut c_void,
    ) -> weft_status;
    pub fn weft_indexer_put_v(
        gi: weft_indexer,
        part_counts: *const *const i64,
        part_values: *const *const c_void,
        unit: weft_type,
        extend: bool,
        init_counts: *const i64,
        init_values: *const c_void,
        dist_counts: *mut *mut i64,
        dist_values: *mut *mut c_void,
    ) -> weft_status;
    pub fn weft_indexer_put_v_into(
        gi: weft_indexer,
        part_counts: *const *const i64,
        part_values: *const *const c_void,
        unit: weft_type,
        extend: bool,
        init_counts: *const i64,
        init_values: *const c_void,
        dist_counts: *mut i64,
        dist_values: *mut c_void,
        dist_capacity: i64,
        needed: *mut i64,
    ) -> weft_status;
    pub fn weft_indexer_take_begin(
        gi: weft_indexer,
        dist: *const c_void,
        count: i64,
        unit: weft_type,
        parts: *const *mut c_void,
        request: *mut weft_request,
    ) -> weft_status;
    pub fn weft_indexer_put_begin(
        gi: weft_indexer,
        parts: *const *const c_void,
        count: i64,
        unit: weft_type,
        reduce: weft_monoid,
        dist: *mut c_void,
        request: *mut weft_request,
    ) -> weft_status;
    pub fn weft_indexer_take_v_begin(
        gi: weft_indexer,
        dist_counts: *const i64,
        dist_values: *const c_void,
        unit: weft_type,
        part_counts: *const *mut i64,
        part_values: *const *mut c_void,
        part_capacity: *const i64,
        request: *mut weft_request,
    ) -> weft_status;
    pub fn weft_indexer_take_v_alloc_begin(
        gi: weft_indexer,
        dist_counts: *const i64,
        dist_values: *const c_void,
        unit: weft_type,
        part_counts: *mut *mut i64,
        part_values: *mut *mut c_void,
        request: *mut weft_request,
    ) -> weft_status;
    pub fn weft_indexer_put_v_begin(
        gi: weft_indexer,
        part_counts: *const *const i64,
        part_values: *const *const c_void,
        unit: weft_type,
        extend: bool,
        init_counts: *const i64,
        init_values: *const c_void,
        dist_counts: *mut *mut i64,
        dist_values: *mut *mut c_void,
        request: *mut weft_request,
    ) -> weft_status;
    pub fn weft_indexer_put_v_into_begin(
        gi: weft_indexer,
        part_counts: *const *const i64,
        part_values: *const *const c_void,
        unit: weft_type,
        extend: bool,
        init_counts: *const i64,
        init_values: *const c_void,
        dist_counts: *mut i64,
        dist_values: *mut c_void,
        dist_capacity: i64,
        needed: *mut i64,
        request: *mut weft_request,
    ) -> weft_status;
    pub fn weft_request_wait(request: *mut weft_request) -> weft_status;
}
