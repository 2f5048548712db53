//! The error of a failed call on a collection or scalar: its status and weft's message
//! for that call.
//!
//! weft sets this thread's `weft_last_error()` on every failure and, for a call with an
//! output object (an operation, `set_element`, `build`, …), copies it onto that object,
//! where `weft_matrix_error` / `weft_vector_error` / `weft_scalar_error` (GraphBLAS's
//! `GrB_error`, here `error_message()`) read it later. The copy is cut at 511 bytes, and
//! calls that only read an object (`extract_element`, `nvals`, …) do not record on it,
//! so an object may still show an older call's message: the error therefore takes the
//! thread's message, and the object's only if the thread's is empty.
use std::ffi::CStr;
use std::os::raw::{c_char, c_int};

use crate::error::{Error, Result};
use crate::sys;

/// Ok for success and informational statuses; otherwise the status with weft's message
/// for the call (see the module docs).
pub(crate) fn check_on<O>(
    code: c_int,
    error_fn: unsafe extern "C" fn(*mut O, *mut *const c_char) -> sys::weft_status,
    out: *mut O,
) -> Result<()> {
    if code >= 0 {
        return Ok(());
    }
    // Read the thread's message first: the query below could replace it if it failed.
    let last = Error::from_last(code);
    if !last.message().is_empty() {
        return Err(last);
    }
    Err(Error::new(last.status(), object_message(error_fn, out)))
}

/// The message recorded on `out` ("" when there is none or `out` is not live).
pub(crate) fn object_message<O>(
    error_fn: unsafe extern "C" fn(*mut O, *mut *const c_char) -> sys::weft_status,
    out: *mut O,
) -> String {
    let mut p: *const c_char = core::ptr::null();
    // SAFETY: any handle value is accepted (a dead one is reported); on success p points
    // to the object's NUL-terminated message, copied at once.
    let s = unsafe { error_fn(out, &mut p) };
    if s < 0 || p.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}
