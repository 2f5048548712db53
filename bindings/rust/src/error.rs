//! [`Status`] (weft's status codes) and [`Error`] (a status plus its detailed message).
use core::fmt;
use std::ffi::CStr;
use std::os::raw::{c_char, c_int};

use crate::sys;

macro_rules! statuses {
    ($($(#[$doc:meta])* $variant:ident = $code:ident,)*) => {
        /// A weft status code (`weft_status`, the `WEFT_STATUS_LIST` of weft.h).
        ///
        /// `code()` is the C value, `name()` its enum name (`"WEFT_INVALID_VALUE"`),
        /// `description()` its one-line message. Codes weft.h does not list are kept as
        /// `Unknown(code)`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Status {
            $($(#[$doc])* $variant,)*
            /// A code that weft.h does not list.
            Unknown(i32),
        }

        impl Status {
            /// Every listed status, in weft.h's order.
            pub const ALL: &'static [Status] = &[$(Status::$variant,)*];

            /// The status of a C code.
            pub fn from_code(code: i32) -> Status {
                match code {
                    $(sys::$code => Status::$variant,)*
                    other => Status::Unknown(other),
                }
            }

            /// The C value (`WEFT_INVALID_VALUE` is -3).
            pub fn code(self) -> i32 {
                match self {
                    $(Status::$variant => sys::$code,)*
                    Status::Unknown(code) => code,
                }
            }
        }
    };
}

statuses! {
    /// `WEFT_SUCCESS` (0)
    Success = WEFT_SUCCESS,
    /// `WEFT_NO_VALUE` (1, informational)
    NoValue = WEFT_NO_VALUE,
    /// `WEFT_UNINITIALIZED_OBJECT` (-1)
    UninitializedObject = WEFT_UNINITIALIZED_OBJECT,
    /// `WEFT_NULL_POINTER` (-2)
    NullPointer = WEFT_NULL_POINTER,
    /// `WEFT_INVALID_VALUE` (-3)
    InvalidValue = WEFT_INVALID_VALUE,
    /// `WEFT_INVALID_INDEX` (-4)
    InvalidIndex = WEFT_INVALID_INDEX,
    /// `WEFT_DOMAIN_MISMATCH` (-5)
    DomainMismatch = WEFT_DOMAIN_MISMATCH,
    /// `WEFT_DIMENSION_MISMATCH` (-6)
    DimensionMismatch = WEFT_DIMENSION_MISMATCH,
    /// `WEFT_OUTPUT_NOT_EMPTY` (-7)
    OutputNotEmpty = WEFT_OUTPUT_NOT_EMPTY,
    /// `WEFT_NOT_IMPLEMENTED` (-8)
    NotImplemented = WEFT_NOT_IMPLEMENTED,
    /// `WEFT_INVALID_HANDLE` (-9)
    InvalidHandle = WEFT_INVALID_HANDLE,
    /// `WEFT_TYPE_NOT_COMMITTED` (-10)
    TypeNotCommitted = WEFT_TYPE_NOT_COMMITTED,
    /// `WEFT_SIGNATURE_MISMATCH` (-11)
    SignatureMismatch = WEFT_SIGNATURE_MISMATCH,
    /// `WEFT_OVERFLOW` (-12)
    Overflow = WEFT_OVERFLOW,
    /// `WEFT_OVERLAPPING_TYPE` (-13)
    OverlappingType = WEFT_OVERLAPPING_TYPE,
    /// `WEFT_PANIC` (-101)
    Panic = WEFT_PANIC,
    /// `WEFT_OUT_OF_MEMORY` (-102)
    OutOfMemory = WEFT_OUT_OF_MEMORY,
    /// `WEFT_INSUFFICIENT_SPACE` (-103)
    InsufficientSpace = WEFT_INSUFFICIENT_SPACE,
    /// `WEFT_INVALID_OBJECT` (-104)
    InvalidObject = WEFT_INVALID_OBJECT,
    /// `WEFT_INDEX_OUT_OF_BOUNDS` (-105)
    IndexOutOfBounds = WEFT_INDEX_OUT_OF_BOUNDS,
    /// `WEFT_EMPTY_OBJECT` (-106)
    EmptyObject = WEFT_EMPTY_OBJECT,
    /// `WEFT_TRUNCATED` (-107)
    Truncated = WEFT_TRUNCATED,
    /// `WEFT_IO_ERROR` (-108)
    IoError = WEFT_IO_ERROR,
    /// `WEFT_MPI_ERROR` (-110)
    MpiError = WEFT_MPI_ERROR,
}

fn static_str(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    // SAFETY: weft_status_name/weft_status_message return static NUL-terminated ASCII.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("")
}

impl Status {
    /// The enum name from `weft_status_name` (`"WEFT_INVALID_VALUE"`;
    /// `"WEFT_UNKNOWN_STATUS"` for an unknown code).
    pub fn name(self) -> &'static str {
        // SAFETY: weft_status_name accepts any int and returns a static string.
        static_str(unsafe { sys::weft_status_name(self.code() as c_int) })
    }

    /// The one-line description from `weft_status_message` (`"an argument has an invalid
    /// value"`).
    pub fn description(self) -> &'static str {
        // SAFETY: as in name().
        static_str(unsafe { sys::weft_status_message(self.code() as c_int) })
    }

    /// An error (< 0).
    pub fn is_error(self) -> bool {
        self.code() < 0
    }
    /// An API error (-1 ..= -99): the call was rejected before anything was touched.
    pub fn is_api_error(self) -> bool {
        (-99..=-1).contains(&self.code())
    }
    /// An execution error (<= -100): the call was valid but could not be carried out.
    pub fn is_execution_error(self) -> bool {
        self.code() <= -100
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A failed weft call: the [`Status`] and the detailed message.
///
/// For errors reported by the C library the message is `weft_last_error()` read right
/// after the failing call (`"weft_type_vector: blocklength -3 < 0"`). Errors that the
/// Rust layer detects itself before calling C (a slice too short for the typemap, two
/// argument slices of different lengths) carry a weft status too and a message that
/// starts with the Rust function's name (`"Datatype::pack: ..."`).
///
/// A `WEFT_INSUFFICIENT_SPACE` error of a call that reports how much room it needed
/// (`Indexer::put_v` into caller buffers or in place, feature `mpi`) also carries that number:
/// [`needed`](Error::needed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    status: Status,
    message: String,
    needed: Option<usize>,
}

impl Error {
    /// An error with this status and message.
    pub fn new(status: Status, message: impl Into<String>) -> Error {
        Error {
            status,
            message: message.into(),
            needed: None,
        }
    }

    /// This error, carrying the room the call needed.
    #[cfg_attr(not(feature = "mpi"), allow(dead_code))]
    pub(crate) fn with_needed(mut self, needed: usize) -> Error {
        self.needed = Some(needed);
        self
    }

    /// The error of a failed C call: its status and this thread's `weft_last_error()`.
    pub(crate) fn from_last(code: c_int) -> Error {
        // SAFETY: weft_last_error returns this thread's message, valid until the next
        // failing weft call on this thread; it is copied at once.
        let msg = unsafe { sys::weft_last_error() };
        let message = if msg.is_null() {
            String::new()
        } else {
            unsafe { CStr::from_ptr(msg) }.to_string_lossy().into_owned()
        };
        Error {
            status: Status::from_code(code),
            message,
            needed: None,
        }
    }

    /// The status.
    pub fn status(&self) -> Status {
        self.status
    }
    /// The status's C code (< 0).
    pub fn code(&self) -> i32 {
        self.status.code()
    }
    /// The status's enum name (`"WEFT_INVALID_VALUE"`).
    pub fn name(&self) -> &'static str {
        self.status.name()
    }
    /// The detailed message.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// For `WEFT_INSUFFICIENT_SPACE` from a call that reports it (`Indexer::put_v` with
    /// `PutVInto` or `PutVInPlace`, blocking or split phase): the number of units the result
    /// holds, i.e. the room the output buffer needs. `None` for every other error.
    pub fn needed(&self) -> Option<usize> {
        self.needed
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status.name(), self.message)
    }
}

impl std::error::Error for Error {}

/// `Result<T, weft::Error>`.
pub type Result<T> = core::result::Result<T, Error>;

/// Ok for `WEFT_SUCCESS` and informational statuses, otherwise the error with this
/// thread's last message.
#[inline]
pub(crate) fn check(code: c_int) -> Result<()> {
    if code >= 0 {
        Ok(())
    } else {
        Err(Error::from_last(code))
    }
}

/// This thread's `weft_last_error()`: the detailed message of its most recent failing
/// C call (`""` if none failed). [`Error::message`] already holds it for each error.
pub fn last_error() -> String {
    // SAFETY: see Error::from_last.
    let msg = unsafe { sys::weft_last_error() };
    if msg.is_null() {
        String::new()
    } else {
        unsafe { CStr::from_ptr(msg) }.to_string_lossy().into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_maps_codes() {
        assert!(check(0).is_ok());
        assert!(check(sys::WEFT_NO_VALUE).is_ok()); // informational is not an error
        let e = check(sys::WEFT_OVERFLOW).unwrap_err();
        assert_eq!(e.status(), Status::Overflow);
        assert_eq!(e.code(), -12);
    }

    #[test]
    fn display_and_kinds() {
        let e = Error::new(Status::Truncated, "x: y");
        assert_eq!(e.to_string(), "WEFT_TRUNCATED: x: y");
        assert!(Status::Truncated.is_execution_error());
        assert!(Status::InvalidHandle.is_api_error());
        assert!(!Status::NoValue.is_error());
        assert_eq!(Status::Overflow.to_string(), "WEFT_OVERFLOW");
    }
}
