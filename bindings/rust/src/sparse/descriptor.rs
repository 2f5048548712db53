//! [`Descriptor`]: an operation's modifiers — replace, the mask's complement and
//! structure, the inputs' transposes — as plain flags. Every combination is one of
//! weft's 31 predefined descriptors (`WEFT_DESC_RSCT0T1` …) or none (NULL), so the
//! binding never allocates a C descriptor.
use core::fmt;
use core::str::FromStr;

use crate::error::{Error, Status};
use crate::sys;

/// The modifiers of one operation (GraphBLAS's descriptor fields).
///
/// | flag | C field / value | letter in `WEFT_DESC_*` |
/// |---|---|---|
/// | `replace` | `WEFT_OUTP` = `WEFT_REPLACE`: the output loses its entries outside the mask | R |
/// | `structure` | `WEFT_MASK` has `WEFT_STRUCTURE`: the mask's entries, not its values, select | S |
/// | `complement` | `WEFT_MASK` has `WEFT_COMP`: the mask's complement selects | C |
/// | `transpose0` | `WEFT_INP0` = `WEFT_TRAN`: the first matrix input is transposed | T0 |
/// | `transpose1` | `WEFT_INP1` = `WEFT_TRAN`: the second matrix input is transposed | T1 |
///
/// Usually set through [`Options`](super::Options)' builder methods. Its text form is
/// the predefined descriptor's letters in that order (`"RSC"`, `"T0T1"`), `"-"` for
/// none:
///
/// ```
/// use weft::sparse::Descriptor;
/// let d: Descriptor = "RCT1".parse().unwrap();
/// assert!(d.replace && d.complement && d.transpose1 && !d.structure);
/// assert_eq!(d.to_string(), "RCT1");
/// assert_eq!(Descriptor::default().to_string(), "-");
/// assert!("SR".parse::<Descriptor>().is_err()); // letters out of order
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Descriptor {
    /// R: clear the output outside the mask.
    pub replace: bool,
    /// S: the mask's structure (any domain), not its values.
    pub structure: bool,
    /// C: the mask's complement.
    pub complement: bool,
    /// T0: transpose the first matrix input (for `apply_first`, the matrix is the
    /// operator's second input and `transpose1` transposes it).
    pub transpose0: bool,
    /// T1: transpose the second matrix input.
    pub transpose1: bool,
}

/// A 0/1 table entry as a bool pattern.
macro_rules! bit {
    (0) => {
        false
    };
    (1) => {
        true
    };
}

/// The predefined descriptor of each flag combination: (R, S, C, T0, T1) => handle.
macro_rules! predefined_descriptors {
    ($($r:tt $s:tt $c:tt $t0:tt $t1:tt => $name:ident,)*) => {
        fn predefined(d: Descriptor) -> sys::weft_descriptor {
            // SAFETY: reading exported const handles of libweft, set when it was loaded.
            unsafe {
                match (d.replace, d.structure, d.complement, d.transpose0, d.transpose1) {
                    (false, false, false, false, false) => core::ptr::null_mut(),
                    $((bit!($r), bit!($s), bit!($c), bit!($t0), bit!($t1)) => sys::$name,)*
                }
            }
        }
    };
}
predefined_descriptors! {
    0 0 0 0 1 => WEFT_DESC_T1,
    0 0 0 1 0 => WEFT_DESC_T0,
    0 0 0 1 1 => WEFT_DESC_T0T1,
    0 0 1 0 0 => WEFT_DESC_C,
    0 1 0 0 0 => WEFT_DESC_S,
    0 0 1 0 1 => WEFT_DESC_CT1,
    0 1 0 0 1 => WEFT_DESC_ST1,
    0 0 1 1 0 => WEFT_DESC_CT0,
    0 1 0 1 0 => WEFT_DESC_ST0,
    0 0 1 1 1 => WEFT_DESC_CT0T1,
    0 1 0 1 1 => WEFT_DESC_ST0T1,
    0 1 1 0 0 => WEFT_DESC_SC,
    0 1 1 0 1 => WEFT_DESC_SCT1,
    0 1 1 1 0 => WEFT_DESC_SCT0,
    0 1 1 1 1 => WEFT_DESC_SCT0T1,
    1 0 0 0 0 => WEFT_DESC_R,
    1 0 0 0 1 => WEFT_DESC_RT1,
    1 0 0 1 0 => WEFT_DESC_RT0,
    1 0 0 1 1 => WEFT_DESC_RT0T1,
    1 0 1 0 0 => WEFT_DESC_RC,
    1 1 0 0 0 => WEFT_DESC_RS,
    1 0 1 0 1 => WEFT_DESC_RCT1,
    1 1 0 0 1 => WEFT_DESC_RST1,
    1 0 1 1 0 => WEFT_DESC_RCT0,
    1 1 0 1 0 => WEFT_DESC_RST0,
    1 0 1 1 1 => WEFT_DESC_RCT0T1,
    1 1 0 1 1 => WEFT_DESC_RST0T1,
    1 1 1 0 0 => WEFT_DESC_RSC,
    1 1 1 0 1 => WEFT_DESC_RSCT1,
    1 1 1 1 0 => WEFT_DESC_RSCT0,
    1 1 1 1 1 => WEFT_DESC_RSCT0T1,
}

impl Descriptor {
    /// No modifier (the C API's NULL descriptor).
    pub const DEFAULT: Descriptor = Descriptor {
        replace: false,
        structure: false,
        complement: false,
        transpose0: false,
        transpose1: false,
    };

    /// The predefined C descriptor with these flags (`WEFT_DESC_RSC` …), null for none.
    pub fn as_raw(&self) -> sys::weft_descriptor {
        predefined(*self)
    }

    /// Whether no flag is set.
    pub fn is_default(&self) -> bool {
        *self == Descriptor::DEFAULT
    }
}

impl fmt::Display for Descriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_default() {
            return f.write_str("-");
        }
        for (on, letters) in [
            (self.replace, "R"),
            (self.structure, "S"),
            (self.complement, "C"),
            (self.transpose0, "T0"),
            (self.transpose1, "T1"),
        ] {
            if on {
                f.write_str(letters)?;
            }
        }
        Ok(())
    }
}

impl FromStr for Descriptor {
    type Err = Error;

    /// The letters of a predefined descriptor's name, in its order (`R`, `S`, `C`, `T0`,
    /// `T1`), or `"-"`; anything else is `WEFT_INVALID_VALUE`.
    fn from_str(text: &str) -> Result<Descriptor, Error> {
        let mut d = Descriptor::default();
        if text == "-" {
            return Ok(d);
        }
        let mut rest = text;
        let flags: [(&str, &mut bool); 5] = [
            ("R", &mut d.replace),
            ("S", &mut d.structure),
            ("C", &mut d.complement),
            ("T0", &mut d.transpose0),
            ("T1", &mut d.transpose1),
        ];
        for (letters, flag) in flags {
            if let Some(r) = rest.strip_prefix(letters) {
                *flag = true;
                rest = r;
            }
        }
        if !rest.is_empty() || text.is_empty() {
            return Err(Error::new(
                Status::InvalidValue,
                format!("Descriptor: {text:?} is not \"-\" or letters from R S C T0 T1 in that order"),
            ));
        }
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination's handle has exactly its flags (asked of weft), and the
    /// handles are distinct: the table above is the header's list.
    #[test]
    fn every_combination_is_its_predefined_descriptor() {
        let mut seen = std::collections::HashSet::new();
        for bits in 0u32..32 {
            let d = Descriptor {
                replace: bits & 1 != 0,
                structure: bits & 2 != 0,
                complement: bits & 4 != 0,
                transpose0: bits & 8 != 0,
                transpose1: bits & 16 != 0,
            };
            assert_eq!(d.to_string().parse::<Descriptor>().unwrap(), d);
            let raw = d.as_raw();
            assert!(seen.insert(raw as usize), "{d} is distinct");
            if d.is_default() {
                assert!(raw.is_null());
                continue;
            }
            let get = |field| {
                let mut v = -1;
                // SAFETY: a predefined descriptor and an output.
                assert_eq!(unsafe { sys::weft_descriptor_get(raw, field, &mut v) }, 0);
                v
            };
            let mask = match (d.complement, d.structure) {
                (false, false) => sys::WEFT_DEFAULT,
                (true, false) => sys::WEFT_COMP,
                (false, true) => sys::WEFT_STRUCTURE,
                (true, true) => sys::WEFT_COMP_STRUCTURE,
            };
            let flag = |on: bool, v| if on { v } else { sys::WEFT_DEFAULT };
            assert_eq!(get(sys::WEFT_OUTP), flag(d.replace, sys::WEFT_REPLACE), "{d}");
            assert_eq!(get(sys::WEFT_MASK), mask, "{d}");
            assert_eq!(get(sys::WEFT_INP0), flag(d.transpose0, sys::WEFT_TRAN), "{d}");
            assert_eq!(get(sys::WEFT_INP1), flag(d.transpose1, sys::WEFT_TRAN), "{d}");
            // Predefined descriptors are immutable.
            // SAFETY: as above.
            assert_eq!(
                unsafe { sys::weft_descriptor_set(raw, sys::WEFT_OUTP, sys::WEFT_DEFAULT) },
                sys::WEFT_INVALID_VALUE
            );
        }
    }

    /// The C descriptor object API, which the safe layer does not need, agrees: a
    /// descriptor built field by field reads back as the predefined one.
    #[test]
    fn a_built_descriptor_matches() {
        let mut d = core::ptr::null_mut();
        // SAFETY: new/set/get/free on one descriptor owned by this test.
        unsafe {
            assert_eq!(sys::weft_descriptor_new(&mut d), 0);
            assert_eq!(sys::weft_descriptor_set(d, sys::WEFT_MASK, sys::WEFT_COMP), 0);
            assert_eq!(sys::weft_descriptor_set(d, sys::WEFT_MASK, sys::WEFT_STRUCTURE), 0);
            let mut v = 0;
            assert_eq!(sys::weft_descriptor_get(d, sys::WEFT_MASK, &mut v), 0);
            assert_eq!(v, sys::WEFT_COMP_STRUCTURE);
            assert_eq!(
                sys::weft_descriptor_set(d, sys::WEFT_OUTP, sys::WEFT_TRAN),
                sys::WEFT_INVALID_VALUE
            );
            assert_eq!(sys::weft_descriptor_free(&mut d), 0);
            assert!(d.is_null());
        }
    }
}
