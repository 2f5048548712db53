//! The names of the predefined operators and monoids: an opcode per operation
//! (GraphBLAS's `GrB_PLUS` in `GrB_PLUS_INT32`); with a [`Predefined`](crate::Predefined)
//! domain it names one object (`BinaryOp::predefined(BinaryOpcode::Plus, Predefined::Int32)`
//! is `WEFT_PLUS_INT32`). What each computes is documented in weft/algebra.h.

macro_rules! opcodes {
    ($(#[$doc:meta])* $enum:ident { $($(#[$vdoc:meta])* $variant:ident = $cname:literal,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $enum {
            $($(#[$vdoc])* $variant,)*
        }

        impl $enum {
            /// All of them, in weft/algebra.h's order.
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)*];

            /// The C name part (`"PLUS"`).
            pub fn name(self) -> &'static str {
                match self {
                    $($enum::$variant => $cname,)*
                }
            }
        }
    };
}

opcodes! {
    /// The predefined unary operators `WEFT_<OP>_<TYPE>`, `z = f(x)`. `Lnot` exists only
    /// on `Bool` (C name `WEFT_LNOT`), `Minv` on `Float`/`Double`, `Bnot` on the integer
    /// types, the others on all eleven domains.
    UnaryOpcode {
        /// `x`.
        Identity = "IDENTITY",
        /// `|x|` (integers wrap: `|INT_MIN|` is `INT_MIN`).
        Abs = "ABS",
        /// `-x` (the additive inverse).
        Ainv = "AINV",
        /// `1/x` (the multiplicative inverse).
        Minv = "MINV",
        /// `~x` (bitwise not).
        Bnot = "BNOT",
        /// `!x` (logical not).
        Lnot = "LNOT",
    }
}

opcodes! {
    /// The predefined binary operators `WEFT_<OP>_<TYPE>`, `z = f(x, y)`. `Lor`, `Land`,
    /// `Lxor`, `Lxnor` exist only on `Bool` (C names `WEFT_LOR`, …); `Bor` … `Bxnor` on
    /// the integer types; the others on all eleven domains (the comparisons give `Bool`).
    BinaryOpcode {
        /// `x`.
        First = "FIRST",
        /// `y`.
        Second = "SECOND",
        /// `1`.
        Oneb = "ONEB",
        /// `1` (the same as `Oneb`).
        Pair = "PAIR",
        /// `x` or `y`, unspecified which.
        Any = "ANY",
        /// `min(x, y)` (IEEE 754-2019 minimum on floats: NaN-propagating).
        Min = "MIN",
        /// `max(x, y)` (IEEE 754-2019 maximum on floats).
        Max = "MAX",
        /// `x + y` (integers wrap).
        Plus = "PLUS",
        /// `x - y`.
        Minus = "MINUS",
        /// `x * y`.
        Times = "TIMES",
        /// `x / y` (integer division by 0 gives 0).
        Div = "DIV",
        /// `x == y`.
        Eq = "EQ",
        /// `x != y`.
        Ne = "NE",
        /// `x > y`.
        Gt = "GT",
        /// `x < y`.
        Lt = "LT",
        /// `x >= y`.
        Ge = "GE",
        /// `x <= y`.
        Le = "LE",
        /// `x | y`.
        Bor = "BOR",
        /// `x & y`.
        Band = "BAND",
        /// `x ^ y`.
        Bxor = "BXOR",
        /// `!(x ^ y)` (bitwise).
        Bxnor = "BXNOR",
        /// `x || y`.
        Lor = "LOR",
        /// `x && y`.
        Land = "LAND",
        /// `x != y` on booleans.
        Lxor = "LXOR",
        /// `x == y` on booleans.
        Lxnor = "LXNOR",
    }
}

opcodes! {
    /// The predefined index-unary operators, `z = f(x, i, j, s)` for the element `x` at
    /// row `i`, column `j`, with the thunk `s`. `RowIndex`, `ColIndex`, `DiagIndex` exist
    /// on `Int32` and `Int64` (the result and `s`); `Value*` on all eleven domains (`s`
    /// of that domain, result `Bool`); the positional ones `Tril` … `ColGt` are untyped
    /// (C names `WEFT_TRIL`, …; any domain, `s` `Int64`, result `Bool`).
    IndexUnaryOpcode {
        /// `i + s`.
        RowIndex = "ROWINDEX",
        /// `j + s`.
        ColIndex = "COLINDEX",
        /// `j - i + s`.
        DiagIndex = "DIAGINDEX",
        /// `x == s`.
        ValueEq = "VALUEEQ",
        /// `x != s`.
        ValueNe = "VALUENE",
        /// `x < s`.
        ValueLt = "VALUELT",
        /// `x <= s`.
        ValueLe = "VALUELE",
        /// `x > s`.
        ValueGt = "VALUEGT",
        /// `x >= s`.
        ValueGe = "VALUEGE",
        /// `j <= i + s` (the lower triangle).
        Tril = "TRIL",
        /// `j >= i + s` (the upper triangle).
        Triu = "TRIU",
        /// `j == i + s`.
        Diag = "DIAG",
        /// `j != i + s`.
        Offdiag = "OFFDIAG",
        /// `i <= s`.
        RowLe = "ROWLE",
        /// `i > s`.
        RowGt = "ROWGT",
        /// `j <= s`.
        ColLe = "COLLE",
        /// `j > s`.
        ColGt = "COLGT",
    }
}

opcodes! {
    /// The operator of a predefined monoid (`WEFT_<OP>_MONOID_<TYPE>`) with its identity
    /// (GraphBLAS's, Maia's `ReduceOp`, NumPy's), and of a semiring's addition.
    MonoidOp {
        /// `x + y`, identity 0.
        Plus = "PLUS",
        /// `x * y`, identity 1 (terminal 0 on integers).
        Times = "TIMES",
        /// `min(x, y)`, identity `+inf` (floats) or the type's maximum.
        Min = "MIN",
        /// `max(x, y)`, identity `-inf` (floats) or the type's minimum.
        Max = "MAX",
        /// logical and (result 0 or 1), identity 1.
        Land = "LAND",
        /// logical or (result 0 or 1), identity 0.
        Lor = "LOR",
        /// bitwise and, identity all bits set.
        Band = "BAND",
        /// bitwise or, identity 0.
        Bor = "BOR",
        /// logical exclusive or (`Bool`), identity false.
        Lxor = "LXOR",
        /// logical equivalence (`Bool`), identity true.
        Lxnor = "LXNOR",
        /// bitwise exclusive or, identity 0.
        Bxor = "BXOR",
        /// bitwise equivalence, identity all bits set.
        Bxnor = "BXNOR",
        /// any of `x`, `y`, identity 0 (every value is terminal).
        Any = "ANY",
    }
}

impl UnaryOpcode {
    /// Whether the operator exists only on `Bool`, with no type in its C name.
    pub(crate) fn untyped(self) -> bool {
        self == UnaryOpcode::Lnot
    }
}

impl BinaryOpcode {
    /// Whether the operator exists only on `Bool`, with no type in its C name.
    pub(crate) fn untyped(self) -> bool {
        matches!(
            self,
            BinaryOpcode::Lor | BinaryOpcode::Land | BinaryOpcode::Lxor | BinaryOpcode::Lxnor
        )
    }
}
