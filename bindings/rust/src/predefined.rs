//! The predefined datatypes: [`Predefined`] names them, [`Datatype::int`] and friends
//! give them as (non-owning) [`Datatype`]s, [`Equivalence`] maps Rust types to them.
use crate::sys;
use crate::Datatype;

macro_rules! predefined {
    ($($variant:ident $cname:ident $func:ident $what:literal;)*) => {
        /// A predefined weft datatype (`WEFT_PREDEFINED_LIST` of weft.h).
        ///
        /// Each is committed, cannot be freed and matches only itself in a type
        /// signature (`Int` and `Int32` are different types). `Lb` and `Ub` are the
        /// MPI-1 lower/upper bound markers, usable only in [`Datatype::structure`].
        /// `WEFT_FP32`/`WEFT_FP64` are the same handles as `Float`/`Double`,
        /// `WEFT_FC32`/`WEFT_FC64` as `CFloatComplex`/`CDoubleComplex`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Predefined {
            $(#[doc = concat!("`", stringify!($cname), "`: ", $what)] $variant,)*
        }

        impl Predefined {
            /// All predefined types, in weft.h's order.
            pub const ALL: &'static [Predefined] = &[$(Predefined::$variant,)*];

            /// The C handle (`WEFT_INT`, …).
            pub fn handle(self) -> sys::weft_type {
                // SAFETY: reading an exported `const weft_type` global of libweft,
                // initialised when the library was loaded.
                unsafe {
                    match self {
                        $(Predefined::$variant => sys::$cname,)*
                    }
                }
            }

            /// The C name (`"WEFT_INT"`).
            pub fn name(self) -> &'static str {
                match self {
                    $(Predefined::$variant => stringify!($cname),)*
                }
            }
        }

        impl Datatype {
            $(
                #[doc = concat!("`", stringify!($cname), "` (", $what, "): a predefined, committed, non-owning datatype.")]
                pub fn $func() -> Datatype {
                    Datatype::predefined(Predefined::$variant)
                }
            )*
        }
    };
}

predefined! {
    Char WEFT_CHAR char "C `char`";
    SignedChar WEFT_SIGNED_CHAR signed_char "C `signed char`";
    UnsignedChar WEFT_UNSIGNED_CHAR unsigned_char "C `unsigned char`";
    Byte WEFT_BYTE byte "one uninterpreted byte";
    Short WEFT_SHORT short "C `short`";
    UnsignedShort WEFT_UNSIGNED_SHORT unsigned_short "C `unsigned short`";
    Int WEFT_INT int "C `int`";
    Unsigned WEFT_UNSIGNED unsigned "C `unsigned`";
    Long WEFT_LONG long "C `long`";
    UnsignedLong WEFT_UNSIGNED_LONG unsigned_long "C `unsigned long`";
    LongLong WEFT_LONG_LONG long_long "C `long long`";
    UnsignedLongLong WEFT_UNSIGNED_LONG_LONG unsigned_long_long "C `unsigned long long`";
    Int8 WEFT_INT8 int8 "C `int8_t`";
    Int16 WEFT_INT16 int16 "C `int16_t`";
    Int32 WEFT_INT32 int32 "C `int32_t`";
    Int64 WEFT_INT64 int64 "C `int64_t`";
    Uint8 WEFT_UINT8 uint8 "C `uint8_t`";
    Uint16 WEFT_UINT16 uint16 "C `uint16_t`";
    Uint32 WEFT_UINT32 uint32 "C `uint32_t`";
    Uint64 WEFT_UINT64 uint64 "C `uint64_t`";
    Float WEFT_FLOAT float "C `float`";
    Double WEFT_DOUBLE double "C `double`";
    LongDouble WEFT_LONG_DOUBLE long_double "C `long double`";
    CFloatComplex WEFT_C_FLOAT_COMPLEX c_float_complex "C `float _Complex`";
    CDoubleComplex WEFT_C_DOUBLE_COMPLEX c_double_complex "C `double _Complex`";
    Bool WEFT_BOOL bool "C `bool`";
    Wchar WEFT_WCHAR wchar "C `wchar_t`";
    Integer WEFT_INTEGER integer "Fortran `INTEGER`";
    Real WEFT_REAL real "Fortran `REAL`";
    DoublePrecision WEFT_DOUBLE_PRECISION double_precision "Fortran `DOUBLE PRECISION`";
    Complex WEFT_COMPLEX complex "Fortran `COMPLEX`";
    DoubleComplex WEFT_DOUBLE_COMPLEX double_complex "Fortran `DOUBLE COMPLEX`";
    Logical WEFT_LOGICAL logical "Fortran `LOGICAL`";
    Character WEFT_CHARACTER character "Fortran `CHARACTER`";
    Lb WEFT_LB lb_marker "the MPI-1 lower-bound marker";
    Ub WEFT_UB ub_marker "the MPI-1 upper-bound marker";
}

impl Predefined {
    /// The predefined type behind a handle, `None` for any other handle.
    pub fn from_handle(h: sys::weft_type) -> Option<Predefined> {
        if h.is_null() {
            return None;
        }
        Predefined::ALL.iter().copied().find(|p| p.handle() == h)
    }

    /// Whether this is one of the markers `Lb`, `Ub`.
    pub fn is_marker(self) -> bool {
        matches!(self, Predefined::Lb | Predefined::Ub)
    }
}

impl core::fmt::Display for Predefined {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Predefined> for Datatype {
    fn from(p: Predefined) -> Datatype {
        Datatype::predefined(p)
    }
}

impl Datatype {
    /// `WEFT_FP32`: the same handle as [`Datatype::float`].
    pub fn fp32() -> Datatype {
        Datatype::predefined(Predefined::Float)
    }
    /// `WEFT_FP64`: the same handle as [`Datatype::double`].
    pub fn fp64() -> Datatype {
        Datatype::predefined(Predefined::Double)
    }
    /// `WEFT_FC32`: the same handle as [`Datatype::c_float_complex`].
    pub fn fc32() -> Datatype {
        Datatype::predefined(Predefined::CFloatComplex)
    }
    /// `WEFT_FC64`: the same handle as [`Datatype::c_double_complex`].
    pub fn fc64() -> Datatype {
        Datatype::predefined(Predefined::CDoubleComplex)
    }
}

/// A Rust type with a predefined weft equivalent of the same size and alignment:
/// `Datatype::of::<f64>()` is `WEFT_DOUBLE`.
///
/// | Rust | weft |
/// |---|---|
/// | `i8` `i16` `i32` `i64` | `WEFT_INT8` … `WEFT_INT64` |
/// | `u8` `u16` `u32` `u64` | `WEFT_UINT8` … `WEFT_UINT64` |
/// | `f32` `f64` | `WEFT_FLOAT` `WEFT_DOUBLE` |
/// | `bool` | `WEFT_BOOL` |
pub trait Equivalence {
    /// The predefined equivalent.
    const PREDEFINED: Predefined;
}

macro_rules! equivalence {
    ($($t:ty => $p:ident),*) => { $(impl Equivalence for $t { const PREDEFINED: Predefined = Predefined::$p; })* };
}
equivalence!(i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64,
             u8 => Uint8, u16 => Uint16, u32 => Uint32, u64 => Uint64,
             f32 => Float, f64 => Double, bool => Bool);

impl Datatype {
    /// The predefined datatype equivalent to `T` (see [`Equivalence`]).
    ///
    /// ```
    /// use weft::Datatype;
    /// assert_eq!(Datatype::of::<f64>().size(), 8);
    /// assert_eq!(Datatype::of::<f64>().name(), Some("WEFT_DOUBLE"));
    /// ```
    pub fn of<T: Equivalence>() -> Datatype {
        Datatype::predefined(T::PREDEFINED)
    }
}
