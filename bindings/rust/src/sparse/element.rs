//! [`Element`]: a Rust type whose values are the elements of a weft domain — what a
//! [`Matrix<T>`](super::Matrix), [`Vector<T>`](super::Vector) or [`Scalar<T>`](super::Scalar)
//! holds and what a closure operator ([`BinaryOp::from_fn`](crate::BinaryOp::from_fn), …)
//! takes and returns.
use crate::error::{Error, Result, Status};
use crate::Datatype;

/// A Rust type whose values are elements of a weft domain (weft/algebra.h "Domains").
///
/// Implemented for the predefined domains: `bool`, `i8` … `i64`, `u8` … `u64`, `f32`,
/// `f64` (`WEFT_BOOL`, `WEFT_INT8` …, `WEFT_FP32`, `WEFT_FP64`). A `#[repr(C)]` struct
/// becomes an element by describing its layout as a weft type; it is then a
/// user-defined domain, whose values weft moves as `extent` bytes and never casts:
///
/// ```
/// use weft::sparse::{Element, Matrix};
/// use weft::Datatype;
/// # fn main() -> weft::Result<()> {
/// #[repr(C)]
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Edge { weight: f64, hops: i32 }
///
/// // SAFETY: the type lists every field at its offset (struct_aligned places them as
/// // #[repr(C)] does), its extent is size_of::<Edge>() = 16, and every value of the
/// // fields' types is a valid Edge.
/// unsafe impl Element for Edge {
///     fn datatype() -> weft::Result<Datatype> {
///         let (t, _) = Datatype::struct_aligned(&[1, 1], &[&Datatype::double(), &Datatype::int32()])?;
///         t.committed()
///     }
/// }
///
/// let a = Matrix::<Edge>::from_tuples(2, 2, &[(0, 1, Edge { weight: 0.5, hops: 1 })])?;
/// assert_eq!(a.get(0, 1)?, Some(Edge { weight: 0.5, hops: 1 }));
/// assert_eq!(a.get(1, 0)?, None);
/// # Ok(()) }
/// ```
///
/// # Safety
/// `datatype()` must describe `Self` exactly: its extent is `size_of::<Self>()`, its
/// data lies in `[0, extent)`, and its typemap lists `Self`'s fields at their offsets,
/// each as a predefined type of the field's representation, so that every byte string
/// the typemap allows (any bits for integers and floats, 0 or 1 for `WEFT_BOOL`; padding
/// bytes are copied as they are) is a valid `Self`. weft hands back as `Self` the bytes of
/// values it was given, the results of the functions it applies, and the values of
/// deserialized images (which it checks against the typemap); nothing else.
pub unsafe trait Element: Copy + Send + Sync + 'static {
    /// The weft type of the domain. Called once for each collection, scalar or closure
    /// operator made (the object keeps its own handle); it may build a new type each
    /// time, because weft treats user-defined types of the same typemap and extent as
    /// one domain. Uncommitted types are committed by the caller.
    fn datatype() -> Result<Datatype>;
}

macro_rules! predefined_elements {
    ($($t:ty),*) => {$(
        // SAFETY: the predefined type of the same size and representation (Equivalence);
        // weft writes only 0 or 1 to a WEFT_BOOL element.
        unsafe impl Element for $t {
            fn datatype() -> Result<Datatype> {
                Ok(Datatype::of::<$t>())
            }
        }
    )*};
}
predefined_elements!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);

/// `T`'s domain type, committed and checked to be `T`'s layout: its extent is
/// `size_of::<T>()` and its data lies inside `[0, extent)` (else
/// `WEFT_DOMAIN_MISMATCH`), so that arrays of `T` are arrays of elements.
pub(crate) fn domain_of<T: Element>(func: &str) -> Result<Datatype> {
    let t = T::datatype()?.committed()?;
    let size = core::mem::size_of::<T>() as i128;
    let (tlb, tex) = t.true_extent();
    let (lo, hi) = (tlb as i128, tlb as i128 + tex as i128);
    if t.extent() as i128 != size || lo < 0 || hi > size {
        return Err(Error::new(
            Status::DomainMismatch,
            format!(
                "{func}: the datatype of {} has extent {} and data in [{lo}, {hi}), but the type has {size} bytes",
                core::any::type_name::<T>(),
                t.extent()
            ),
        ));
    }
    Ok(t)
}

/// Whether two domains are the same for a `Matrix<T>` read back from an image: the same
/// predefined handle, or user-defined types with the same typemap, lower bound and
/// extent (what weft's compatibility rule asks of user-defined domains).
pub(crate) fn same_domain(a: &Datatype, b: &Datatype) -> bool {
    match (a.as_predefined(), b.as_predefined()) {
        (Some(x), Some(y)) => x == y,
        (None, None) => {
            a.extent() == b.extent()
                && a.lb() == b.lb()
                && a.true_extent() == b.true_extent()
                && matches!((a.typemap(), b.typemap()), (Ok(x), Ok(y)) if x == y)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predefined_domains_fit() {
        assert_eq!(
            domain_of::<f64>("t").unwrap().as_predefined(),
            Some(crate::Predefined::Double)
        );
        assert_eq!(
            domain_of::<bool>("t").unwrap().as_predefined(),
            Some(crate::Predefined::Bool)
        );
        assert_eq!(domain_of::<u16>("t").unwrap().size(), 2);
    }

    #[derive(Clone, Copy)]
    #[repr(C)]
    struct Wrong(f64, f64);
    // SAFETY (deliberately wrong, never used as an element): the type is half the size.
    unsafe impl Element for Wrong {
        fn datatype() -> Result<Datatype> {
            Ok(Datatype::double())
        }
    }

    #[test]
    fn a_wrong_layout_is_refused() {
        let e = domain_of::<Wrong>("t").unwrap_err();
        assert_eq!(e.status(), Status::DomainMismatch);
        assert!(e.message().contains("has 16 bytes"), "{}", e.message());
    }
}
