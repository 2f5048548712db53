//! The handle under every algebra object: owned (freed on drop) or predefined (never
//! freed, recognised by address), and [`Borrowed`] parts of other objects.
//!
//! One generic [`Handle`] does the ownership for the five kinds of object; each kind says,
//! through [`Object`], how it is freed and which handles are predefined (the tables in
//! `tables.rs`). `handle_methods!` gives the five public types the same raw-handle
//! methods and `Debug`.
use core::fmt;
use core::marker::PhantomData;
use core::ops::Deref;

use crate::sys;

/// A kind of algebra object (the opaque `sys::weft_<kind>_s` behind a handle).
pub(crate) trait Object: Sized + 'static {
    /// How a predefined object is named: an opcode and a domain.
    type Name: Copy + PartialEq + 'static;
    /// Every predefined object, in weft/algebra.h's order.
    const NAMES: &'static [Self::Name];
    /// `weft_<kind>_free`.
    const FREE: unsafe extern "C" fn(*mut *mut Self) -> sys::weft_status;
    /// The handle of a predefined object, `None` when weft has no object of that name.
    fn handle(name: Self::Name) -> Option<*mut Self>;
    /// The C name of a predefined object (`"WEFT_PLUS_INT32"`).
    fn c_name(name: Self::Name) -> String;
}

/// The name of a predefined handle, `None` for any other handle.
pub(crate) fn name_of<O: Object>(raw: *mut O) -> Option<O::Name> {
    if raw.is_null() {
        return None;
    }
    O::NAMES.iter().copied().find(|&n| O::handle(n) == Some(raw))
}

/// A handle of kind `O`, owned or not.
pub(crate) struct Handle<O: Object> {
    raw: *mut O,
    owned: bool,
}

// SAFETY: algebra objects are immutable after construction and weft's handle registry is
// thread-safe; user functions are plain `extern "C" fn`s (for the unsafe constructors,
// the caller vouches for them).
unsafe impl<O: Object> Send for Handle<O> {}
unsafe impl<O: Object> Sync for Handle<O> {}

impl<O: Object> Drop for Handle<O> {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: an owned, live, user-defined handle; nothing uses it afterwards. A
            // failure cannot be reported from drop (and would leave nothing to undo).
            unsafe {
                (O::FREE)(&mut self.raw);
            }
        }
    }
}

impl<O: Object> Handle<O> {
    /// A handle weft just made for the caller.
    pub(crate) fn owned(raw: *mut O) -> Handle<O> {
        Handle { raw, owned: true }
    }

    /// A handle the caller does not own (a predefined object, or a part of another).
    pub(crate) fn borrowed(raw: *mut O) -> Handle<O> {
        Handle { raw, owned: false }
    }

    /// The predefined object of that name (non-owning).
    pub(crate) fn predefined(name: O::Name) -> Option<Handle<O>> {
        O::handle(name).map(Handle::borrowed)
    }

    /// Wraps a handle; predefined handles are never owned.
    pub(crate) fn from_raw(raw: *mut O, owned: bool) -> Handle<O> {
        Handle {
            raw,
            owned: owned && name_of(raw).is_none(),
        }
    }

    pub(crate) fn raw(&self) -> *mut O {
        self.raw
    }

    pub(crate) fn into_raw(self) -> *mut O {
        let raw = self.raw;
        core::mem::forget(self);
        raw
    }

    pub(crate) fn name(&self) -> Option<O::Name> {
        name_of(self.raw)
    }

    /// `Kind(WEFT_PLUS_INT32)`, or `Kind(0x…)` for an object without a C name.
    pub(crate) fn describe(&self, kind: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => write!(f, "{kind}({})", O::c_name(n)),
            None => write!(f, "{kind}({:p})", self.raw),
        }
    }
}

/// The raw-handle methods and `Debug` of an algebra type `$t` whose handle is field `h`
/// and whose closure slots are field `keep` (`$mk` builds a `$t` around a `Handle`).
macro_rules! handle_methods {
    ($t:ident, $obj:ty, $name:ty, $c:literal, |$h:ident| $mk:expr) => {
        impl $t {
            /// The C handle. It stays owned by `self`.
            pub fn as_raw(&self) -> *mut $obj {
                self.h.raw()
            }

            #[doc = concat!("Gives up ownership: returns the C handle, which the caller must free with `", $c, "_free` (unless predefined).")]
            ///
            /// A closure behind the object keeps its trampoline slot for the rest of the
            /// process: weft may call it for as long as the handle lives.
            pub fn into_raw(self) -> *mut $obj {
                self.keep.leak();
                self.h.into_raw()
            }

            /// The closure slots behind the object (empty unless it was made from closures).
            pub(crate) fn keep(&self) -> &$crate::algebra::trampoline::Keep {
                &self.keep
            }

            #[doc = concat!("Wraps a C handle; with `owned`, the `", stringify!($t), "` frees it on drop (predefined handles never are).")]
            ///
            /// # Safety
            #[doc = concat!("`raw` must be a live `", $c, "` handle; with `owned` the caller transfers its handle, without it the handle must outlive the `", stringify!($t), "`.")]
            pub unsafe fn from_raw(raw: *mut $obj, owned: bool) -> $t {
                let $h = $crate::algebra::handle::Handle::from_raw(raw, owned);
                $mk
            }

            /// The name of a predefined object, `None` for a user-defined one (and for the
            /// few predefined objects without a C name: the operators of LAND and LOR on
            /// integers and of BAND and BOR on `Bool`, which only their monoids give).
            pub fn as_predefined(&self) -> Option<$name> {
                self.h.name()
            }

            /// Whether this is a named predefined object (`as_predefined` is `Some`).
            pub fn is_predefined(&self) -> bool {
                self.h.name().is_some()
            }
        }

        impl core::fmt::Debug for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                self.h.describe(stringify!($t), f)
            }
        }
    };
}
pub(crate) use handle_methods;

/// A part of an algebra object — a domain type, a monoid's operator, a semiring's
/// addition or multiplication — borrowed from it: a non-owning `T` that derefs to the
/// part and cannot outlive the object it came from.
pub struct Borrowed<'a, T> {
    part: T,
    _owner: PhantomData<&'a ()>,
}

impl<T> Borrowed<'_, T> {
    /// `part` must be non-owning (dropping it frees nothing).
    pub(crate) fn new(part: T) -> Self {
        Borrowed {
            part,
            _owner: PhantomData,
        }
    }
}

impl<T> Deref for Borrowed<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.part
    }
}

impl<T: fmt::Debug> fmt::Debug for Borrowed<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.part.fmt(f)
    }
}
