//! Raw declarations of `weft/sparse.h`: contexts, descriptors, scalars, vectors,
//! matrices and the GraphBLAS operations on them, one to one (the same names, argument
//! order and types as the header; re-exported by [`crate::sys`]). The safe API is
//! [`crate::sparse`].
#![allow(non_snake_case)]
use core::ffi::c_void;
use core::marker::{PhantomData, PhantomPinned};
use std::os::raw::{c_char, c_int};

use super::{weft_binary_op, weft_index_unary_op, weft_monoid, weft_semiring, weft_status, weft_type, weft_unary_op};

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
    weft_scalar_s => weft_scalar: "one element of a domain, or nothing.";
    weft_vector_s => weft_vector: "a sparse vector.";
    weft_matrix_s => weft_matrix: "a sparse matrix.";
    weft_descriptor_s => weft_descriptor: "an operation's modifiers (replace, mask complement/structure, transposes).";
}

/// `WEFT_INDEX_MAX`: the largest index + 1 a dimension may have (2^60).
pub const WEFT_INDEX_MAX: i64 = 1 << 60;

// ---- enum weft_mode, enum weft_wait_mode ----------------------------------------------
pub const WEFT_NONBLOCKING: c_int = 0;
pub const WEFT_BLOCKING: c_int = 1;
pub const WEFT_COMPLETE: c_int = 0;
pub const WEFT_MATERIALIZE: c_int = 1;

// ---- enum weft_stat (weft_get_stat): the nonblocking queue's, then the JIT's ----------
pub const WEFT_STAT_DEFERRED: c_int = 0;
pub const WEFT_STAT_PASSES: c_int = 1;
pub const WEFT_STAT_FUSED_GROUPS: c_int = 2;
pub const WEFT_STAT_FUSED_OPS: c_int = 3;
pub const WEFT_STAT_SKIPPED: c_int = 4;
pub const WEFT_STAT_BYTES_WRITTEN: c_int = 5;
pub const WEFT_STAT_JIT_KERNELS: c_int = 6;
pub const WEFT_STAT_JIT_FAILED: c_int = 7;
pub const WEFT_STAT_JIT_RUNS: c_int = 8;

// ---- enum weft_desc_field, enum weft_desc_value --------------------------------------
pub const WEFT_OUTP: c_int = 0;
pub const WEFT_MASK: c_int = 1;
pub const WEFT_INP0: c_int = 2;
pub const WEFT_INP1: c_int = 3;
pub const WEFT_DEFAULT: c_int = 0;
pub const WEFT_REPLACE: c_int = 1;
pub const WEFT_COMP: c_int = 2;
pub const WEFT_TRAN: c_int = 3;
pub const WEFT_STRUCTURE: c_int = 4;
pub const WEFT_COMP_STRUCTURE: c_int = 6;

// ---- enum weft_format -------------------------------------------------------------------
pub const WEFT_FORMAT_CSR: c_int = 0;
pub const WEFT_FORMAT_CSC: c_int = 1;
pub const WEFT_FORMAT_COO: c_int = 2;

// The 31 predefined descriptors (WEFT_PREDEFINED_DESCRIPTORS, in its order) and WEFT_ALL.
extern "C" {
    pub static WEFT_DESC_T1: weft_descriptor;
    pub static WEFT_DESC_T0: weft_descriptor;
    pub static WEFT_DESC_T0T1: weft_descriptor;
    pub static WEFT_DESC_C: weft_descriptor;
    pub static WEFT_DESC_S: weft_descriptor;
    pub static WEFT_DESC_CT1: weft_descriptor;
    pub static WEFT_DESC_ST1: weft_descriptor;
    pub static WEFT_DESC_CT0: weft_descriptor;
    pub static WEFT_DESC_ST0: weft_descriptor;
    pub static WEFT_DESC_CT0T1: weft_descriptor;
    pub static WEFT_DESC_ST0T1: weft_descriptor;
    pub static WEFT_DESC_SC: weft_descriptor;
    pub static WEFT_DESC_SCT1: weft_descriptor;
    pub static WEFT_DESC_SCT0: weft_descriptor;
    pub static WEFT_DESC_SCT0T1: weft_descriptor;
    pub static WEFT_DESC_R: weft_descriptor;
    pub static WEFT_DESC_RT1: weft_descriptor;
    pub static WEFT_DESC_RT0: weft_descriptor;
    pub static WEFT_DESC_RT0T1: weft_descriptor;
    pub static WEFT_DESC_RC: weft_descriptor;
    pub static WEFT_DESC_RS: weft_descriptor;
    pub static WEFT_DESC_RCT1: weft_descriptor;
    pub static WEFT_DESC_RST1: weft_descriptor;
    pub static WEFT_DESC_RCT0: weft_descriptor;
    pub static WEFT_DESC_RST0: weft_descriptor;
    pub static WEFT_DESC_RCT0T1: weft_descriptor;
    pub static WEFT_DESC_RST0T1: weft_descriptor;
    pub static WEFT_DESC_RSC: weft_descriptor;
    pub static WEFT_DESC_RSCT1: weft_descriptor;
    pub static WEFT_DESC_RSCT0: weft_descriptor;
    pub static WEFT_DESC_RSCT0T1: weft_descriptor;
    /// An index list meaning 0, 1, ..., n-1 (n: the count passed with it). Never
    /// dereferenced.
    pub static WEFT_ALL: *const i64;
}

extern "C" {
    // ---- Context ---------------------------------------------------------------------
    pub fn weft_init(mode: c_int) -> weft_status;
    pub fn weft_finalize() -> weft_status;
    pub fn weft_get_mode(mode: *mut c_int) -> weft_status;
    pub fn weft_set_threads(nthreads: c_int) -> weft_status;
    pub fn weft_get_threads(nthreads: *mut c_int) -> weft_status;
    pub fn weft_get_stat(which: c_int, value: *mut i64) -> weft_status;

    // ---- Descriptors -----------------------------------------------------------------
    pub fn weft_descriptor_new(desc: *mut weft_descriptor) -> weft_status;
    pub fn weft_descriptor_set(desc: weft_descriptor, field: c_int, value: c_int) -> weft_status;
    pub fn weft_descriptor_get(desc: weft_descriptor, field: c_int, value: *mut c_int) -> weft_status;
    pub fn weft_descriptor_free(desc: *mut weft_descriptor) -> weft_status;

    // ---- Scalars -----------------------------------------------------------------------
    pub fn weft_scalar_new(type_: weft_type, s: *mut weft_scalar) -> weft_status;
    pub fn weft_scalar_dup(s: weft_scalar, copy: *mut weft_scalar) -> weft_status;
    pub fn weft_scalar_clear(s: weft_scalar) -> weft_status;
    pub fn weft_scalar_nvals(s: weft_scalar, nvals: *mut i64) -> weft_status;
    pub fn weft_scalar_set_element(s: weft_scalar, x: *const c_void, xtype: weft_type) -> weft_status;
    pub fn weft_scalar_extract_element(s: weft_scalar, xtype: weft_type, x: *mut c_void) -> weft_status;
    pub fn weft_scalar_type(s: weft_scalar, type_: *mut weft_type) -> weft_status;
    pub fn weft_scalar_wait(s: weft_scalar, mode: c_int) -> weft_status;
    pub fn weft_scalar_error(s: weft_scalar, msg: *mut *const c_char) -> weft_status;
    pub fn weft_scalar_free(s: *mut weft_scalar) -> weft_status;

    // ---- Vectors -----------------------------------------------------------------------
    pub fn weft_vector_new(type_: weft_type, n: i64, v: *mut weft_vector) -> weft_status;
    pub fn weft_vector_dup(v: weft_vector, copy: *mut weft_vector) -> weft_status;
    pub fn weft_vector_clear(v: weft_vector) -> weft_status;
    pub fn weft_vector_resize(v: weft_vector, n: i64) -> weft_status;
    pub fn weft_vector_size(v: weft_vector, n: *mut i64) -> weft_status;
    pub fn weft_vector_nvals(v: weft_vector, nvals: *mut i64) -> weft_status;
    pub fn weft_vector_iso(v: weft_vector, iso: *mut c_int) -> weft_status;
    pub fn weft_vector_type(v: weft_vector, type_: *mut weft_type) -> weft_status;
    pub fn weft_vector_build(
        v: weft_vector,
        I: *const i64,
        X: *const c_void,
        xtype: weft_type,
        n: i64,
        dup: weft_binary_op,
    ) -> weft_status;
    pub fn weft_vector_set_element(v: weft_vector, i: i64, x: *const c_void, xtype: weft_type) -> weft_status;
    pub fn weft_vector_remove_element(v: weft_vector, i: i64) -> weft_status;
    pub fn weft_vector_extract_element(v: weft_vector, i: i64, xtype: weft_type, x: *mut c_void) -> weft_status;
    pub fn weft_vector_extract_tuples(
        v: weft_vector,
        capacity: i64,
        I: *mut i64,
        X: *mut c_void,
        xtype: weft_type,
        n: *mut i64,
    ) -> weft_status;
    pub fn weft_vector_wait(v: weft_vector, mode: c_int) -> weft_status;
    pub fn weft_vector_error(v: weft_vector, msg: *mut *const c_char) -> weft_status;
    pub fn weft_vector_free(v: *mut weft_vector) -> weft_status;

    // ---- Matrices ----------------------------------------------------------------------
    pub fn weft_matrix_new(type_: weft_type, nrows: i64, ncols: i64, A: *mut weft_matrix) -> weft_status;
    pub fn weft_matrix_dup(A: weft_matrix, copy: *mut weft_matrix) -> weft_status;
    pub fn weft_matrix_clear(A: weft_matrix) -> weft_status;
    pub fn weft_matrix_resize(A: weft_matrix, nrows: i64, ncols: i64) -> weft_status;
    pub fn weft_matrix_nrows(A: weft_matrix, nrows: *mut i64) -> weft_status;
    pub fn weft_matrix_ncols(A: weft_matrix, ncols: *mut i64) -> weft_status;
    pub fn weft_matrix_nvals(A: weft_matrix, nvals: *mut i64) -> weft_status;
    pub fn weft_matrix_iso(A: weft_matrix, iso: *mut c_int) -> weft_status;
    pub fn weft_matrix_type(A: weft_matrix, type_: *mut weft_type) -> weft_status;
    pub fn weft_matrix_build(
        A: weft_matrix,
        I: *const i64,
        J: *const i64,
        X: *const c_void,
        xtype: weft_type,
        n: i64,
        dup: weft_binary_op,
    ) -> weft_status;
    pub fn weft_matrix_set_element(A: weft_matrix, i: i64, j: i64, x: *const c_void, xtype: weft_type) -> weft_status;
    pub fn weft_matrix_remove_element(A: weft_matrix, i: i64, j: i64) -> weft_status;
    pub fn weft_matrix_extract_element(A: weft_matrix, i: i64, j: i64, xtype: weft_type, x: *mut c_void)
        -> weft_status;
    pub fn weft_matrix_extract_tuples(
        A: weft_matrix,
        capacity: i64,
        I: *mut i64,
        J: *mut i64,
        X: *mut c_void,
        xtype: weft_type,
        n: *mut i64,
    ) -> weft_status;
    pub fn weft_matrix_diag(v: weft_vector, k: i64, C: *mut weft_matrix) -> weft_status;
    pub fn weft_matrix_import(
        type_: weft_type,
        nrows: i64,
        ncols: i64,
        format: c_int,
        ptr: *const i64,
        idx: *const i64,
        values: *const c_void,
        vtype: weft_type,
        nvals: i64,
        A: *mut weft_matrix,
    ) -> weft_status;
    pub fn weft_matrix_export_size(
        A: weft_matrix,
        format: c_int,
        nptr: *mut i64,
        nidx: *mut i64,
        nvals: *mut i64,
    ) -> weft_status;
    pub fn weft_matrix_export(
        A: weft_matrix,
        format: c_int,
        ptr: *mut i64,
        idx: *mut i64,
        values: *mut c_void,
        vtype: weft_type,
        nptr: *mut i64,
        nidx: *mut i64,
        nvals: *mut i64,
    ) -> weft_status;
    pub fn weft_matrix_serialize_size(A: weft_matrix, size: *mut i64) -> weft_status;
    pub fn weft_matrix_serialize(A: weft_matrix, buf: *mut c_void, capacity: i64, size: *mut i64) -> weft_status;
    pub fn weft_matrix_deserialize(buf: *const c_void, size: i64, A: *mut weft_matrix) -> weft_status;
    pub fn weft_matrix_read_mm(path: *const c_char, type_: weft_type, A: *mut weft_matrix) -> weft_status;
    pub fn weft_matrix_read_mm_buffer(
        text: *const c_void,
        size: i64,
        type_: weft_type,
        A: *mut weft_matrix,
    ) -> weft_status;
    pub fn weft_matrix_write_mm(A: weft_matrix, path: *const c_char) -> weft_status;
    pub fn weft_matrix_write_mm_buffer(A: weft_matrix, buf: *mut c_void, capacity: i64, size: *mut i64) -> weft_status;
    pub fn weft_matrix_wait(A: weft_matrix, mode: c_int) -> weft_status;
    pub fn weft_matrix_error(A: weft_matrix, msg: *mut *const c_char) -> weft_status;
    pub fn weft_matrix_free(A: *mut weft_matrix) -> weft_status;

    // ---- Operations ----------------------------------------------------------------------
    pub fn weft_mxm(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        s: weft_semiring,
        A: weft_matrix,
        B: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_mxv(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        s: weft_semiring,
        A: weft_matrix,
        u: weft_vector,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vxm(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        s: weft_semiring,
        u: weft_vector,
        A: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;

    pub fn weft_matrix_ewise_add(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_binary_op,
        A: weft_matrix,
        B: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_ewise_mult(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_binary_op,
        A: weft_matrix,
        B: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_ewise_union(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_binary_op,
        A: weft_matrix,
        alpha: weft_scalar,
        B: weft_matrix,
        beta: weft_scalar,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_ewise_add(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        op: weft_binary_op,
        u: weft_vector,
        v: weft_vector,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_ewise_mult(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        op: weft_binary_op,
        u: weft_vector,
        v: weft_vector,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_ewise_union(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        op: weft_binary_op,
        u: weft_vector,
        alpha: weft_scalar,
        v: weft_vector,
        beta: weft_scalar,
        desc: weft_descriptor,
    ) -> weft_status;

    pub fn weft_matrix_apply(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_unary_op,
        A: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_apply_first(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_binary_op,
        x: weft_scalar,
        A: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_apply_second(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_binary_op,
        A: weft_matrix,
        y: weft_scalar,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_apply_index(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_index_unary_op,
        A: weft_matrix,
        thunk: weft_scalar,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_select(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_index_unary_op,
        A: weft_matrix,
        thunk: weft_scalar,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_apply(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        op: weft_unary_op,
        u: weft_vector,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_apply_first(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        op: weft_binary_op,
        x: weft_scalar,
        u: weft_vector,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_apply_second(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        op: weft_binary_op,
        u: weft_vector,
        y: weft_scalar,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_apply_index(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        op: weft_index_unary_op,
        u: weft_vector,
        thunk: weft_scalar,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_select(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        op: weft_index_unary_op,
        u: weft_vector,
        thunk: weft_scalar,
        desc: weft_descriptor,
    ) -> weft_status;

    pub fn weft_matrix_reduce(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        monoid: weft_monoid,
        A: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_reduce_scalar(
        s: weft_scalar,
        accum: weft_binary_op,
        monoid: weft_monoid,
        A: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_reduce_scalar(
        s: weft_scalar,
        accum: weft_binary_op,
        monoid: weft_monoid,
        u: weft_vector,
        desc: weft_descriptor,
    ) -> weft_status;

    pub fn weft_transpose(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        A: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;

    pub fn weft_matrix_extract(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        A: weft_matrix,
        I: *const i64,
        ni: i64,
        J: *const i64,
        nj: i64,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_extract(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        u: weft_vector,
        I: *const i64,
        ni: i64,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_col_extract(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        A: weft_matrix,
        I: *const i64,
        ni: i64,
        j: i64,
        desc: weft_descriptor,
    ) -> weft_status;

    pub fn weft_matrix_assign(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        A: weft_matrix,
        I: *const i64,
        ni: i64,
        J: *const i64,
        nj: i64,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_assign_scalar(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        x: weft_scalar,
        I: *const i64,
        ni: i64,
        J: *const i64,
        nj: i64,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_assign(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        u: weft_vector,
        I: *const i64,
        ni: i64,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_vector_assign_scalar(
        w: weft_vector,
        mask: weft_vector,
        accum: weft_binary_op,
        x: weft_scalar,
        I: *const i64,
        ni: i64,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_col_assign(
        C: weft_matrix,
        mask: weft_vector,
        accum: weft_binary_op,
        u: weft_vector,
        I: *const i64,
        ni: i64,
        j: i64,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_row_assign(
        C: weft_matrix,
        mask: weft_vector,
        accum: weft_binary_op,
        u: weft_vector,
        i: i64,
        J: *const i64,
        nj: i64,
        desc: weft_descriptor,
    ) -> weft_status;
    pub fn weft_matrix_subassign(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        A: weft_matrix,
        I: *const i64,
        ni: i64,
        J: *const i64,
        nj: i64,
        desc: weft_descriptor,
    ) -> weft_status;

    pub fn weft_kronecker(
        C: weft_matrix,
        M: weft_matrix,
        accum: weft_binary_op,
        op: weft_binary_op,
        A: weft_matrix,
        B: weft_matrix,
        desc: weft_descriptor,
    ) -> weft_status;
}
