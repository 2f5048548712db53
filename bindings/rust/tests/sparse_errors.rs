//! The error classes of the semiring engine through the binding: each failing call's
//! status, the message weft recorded on its output (also `error_message()`), that API
//! errors change nothing, and the errors the binding finds itself.
use weft::sparse::{Element, Indices, Matrix, Options, Scalar, Vector};
use weft::{BinaryOp, BinaryOpcode, Datatype, MonoidOp, Semiring, Status, UnaryOp, UnaryOpcode};

fn plus_times() -> Semiring {
    Semiring::of::<f64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap()
}
fn none<'a, K>() -> Options<'a, K> {
    Options::new()
}
fn m(r: i64, c: i64) -> Matrix<f64> {
    Matrix::from_tuples(r, c, &[(0, 0, 1.0)]).unwrap()
}

#[test]
fn dimension_mismatch() {
    let c = m(2, 2);
    let e = c.mxm(&plus_times(), &m(2, 3), &m(2, 3), &none()).unwrap_err();
    assert_eq!(e.status(), Status::DimensionMismatch);
    assert!(e.message().starts_with("weft_mxm"), "{}", e.message());
    assert_eq!(c.error_message(), e.message(), "the message is recorded on the output");
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 1.0)],
        "an API error changes nothing"
    );
    // A mask of another shape.
    let e = c
        .mxm(&plus_times(), &m(2, 2), &m(2, 2), &none().mask(&m(3, 2)))
        .unwrap_err();
    assert_eq!(e.status(), Status::DimensionMismatch);
    // A read that fails reports its own message, not the one still recorded on the
    // object by the failed mxm (reads do not record on their object).
    let e2 = c.get(5, 5).unwrap_err();
    assert_eq!(e2.status(), Status::InvalidIndex);
    assert!(
        e2.message().starts_with("weft_matrix_extract_element"),
        "{}",
        e2.message()
    );
    assert_eq!(c.error_message(), e.message());
    // The next successful call clears the recorded message.
    c.mxm(&plus_times(), &m(2, 2), &m(2, 2), &none()).unwrap();
    assert_eq!(c.error_message(), "");
    // Vectors: mxv with a vector of the wrong size.
    let w = Vector::<f64>::new(2).unwrap();
    let e = w
        .mxv(&plus_times(), &m(2, 2), &Vector::<f64>::new(3).unwrap(), &none())
        .unwrap_err();
    assert_eq!(e.status(), Status::DimensionMismatch);
    assert_eq!(w.error_message(), e.message());
}

#[repr(C)]
#[derive(Clone, Copy)]
struct Opaque([u32; 2]);
// SAFETY: two u32, extent 8, any bits valid.
unsafe impl Element for Opaque {
    fn datatype() -> weft::Result<Datatype> {
        Datatype::contiguous(2, &Datatype::uint32())
    }
}

#[test]
fn domain_mismatch() {
    let x = Matrix::from_tuples(2, 2, &[(1, 1, Opaque([1, 2]))]).unwrap();
    let c = m(2, 2);
    // A user-defined domain is never cast to a predefined one, in either direction.
    let e = c
        .ewise_add(&BinaryOp::of::<f64>(BinaryOpcode::Plus).unwrap(), &x, &x, &none())
        .unwrap_err();
    assert_eq!(e.status(), Status::DomainMismatch);
    assert_eq!(c.error_message(), e.message());
    let e = x
        .apply(&UnaryOp::of::<f64>(UnaryOpcode::Identity).unwrap(), &c, &none())
        .unwrap_err();
    assert_eq!(e.status(), Status::DomainMismatch);
    // A valued mask must have a predefined domain (a structural one may have any).
    let e = c
        .apply(&UnaryOp::of::<f64>(UnaryOpcode::Ainv).unwrap(), &c, &none().mask(&x))
        .unwrap_err();
    assert_eq!(e.status(), Status::DomainMismatch);
    c.apply(
        &UnaryOp::of::<f64>(UnaryOpcode::Ainv).unwrap(),
        &c,
        &none().mask(&x).structure(),
    )
    .unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 1.0)]); // (1,1) selected, no entry there
}

#[test]
fn invalid_index_and_index_out_of_bounds() {
    let a = m(2, 3);
    // One element outside the collection: an API error, WEFT_INVALID_INDEX.
    assert_eq!(a.set_element(2, 0, 1.0).unwrap_err().status(), Status::InvalidIndex);
    assert_eq!(a.get(0, 3).unwrap_err().status(), Status::InvalidIndex);
    assert_eq!(
        Vector::<i32>::new(4).unwrap().get(-1).unwrap_err().status(),
        Status::InvalidIndex
    );
    let w = Vector::<f64>::new(2).unwrap();
    assert_eq!(
        w.col_extract(&a, Indices::All, 7, &none()).unwrap_err().status(),
        Status::InvalidIndex
    );
    // An index list reaching outside: an execution error, WEFT_INDEX_OUT_OF_BOUNDS; the
    // output is left as it was.
    let c = Matrix::from_tuples(1, 1, &[(0, 0, 9.0)]).unwrap();
    let e = c.extract(&a, (&[5], &[0]), &none()).unwrap_err();
    assert_eq!(e.status(), Status::IndexOutOfBounds);
    assert!(e.status().is_execution_error());
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 9.0)]);
    let v = Vector::<f64>::new(3).unwrap();
    assert_eq!(
        v.build(&[3], &[1.0], None).unwrap_err().status(),
        Status::IndexOutOfBounds
    );
    assert_eq!(v.nvals().unwrap(), 0, "a failed build leaves the vector empty");
}

#[test]
fn invalid_values_and_empty_objects() {
    assert_eq!(Matrix::<f64>::new(0, 3).unwrap_err().status(), Status::InvalidValue);
    assert_eq!(Vector::<f64>::new(-1).unwrap_err().status(), Status::InvalidValue);
    let c = m(3, 3);
    // assign with a repeated index (GraphBLAS leaves it undefined; weft refuses it).
    let e = c.assign(&m(2, 2), (&[1, 1], &[0, 1]), &none()).unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    // An empty scalar where a value is needed: WEFT_EMPTY_OBJECT.
    let empty = Scalar::<f64>::new().unwrap();
    let minus = BinaryOp::of::<f64>(BinaryOpcode::Minus).unwrap();
    assert_eq!(
        c.apply_first(&minus, &empty, &m(3, 3), &none()).unwrap_err().status(),
        Status::EmptyObject
    );
    let one = Scalar::from_value(1.0f64).unwrap();
    let e = c
        .ewise_union(&minus, &m(3, 3), &one, &m(3, 3), &empty, &none())
        .unwrap_err();
    assert_eq!(e.status(), Status::EmptyObject);
    assert_eq!(
        c.assign_scalar(&empty, (Indices::All, Indices::All), &none())
            .unwrap_err()
            .status(),
        Status::EmptyObject
    );
    // Building a collection that has entries.
    assert_eq!(
        c.build(&[0], &[1], &[1.0], None).unwrap_err().status(),
        Status::OutputNotEmpty
    );
    // The binding's own checks, before C reads the slices.
    let e = Matrix::<f64>::new(2, 2)
        .unwrap()
        .build(&[0, 1], &[0], &[1.0, 2.0], None)
        .unwrap_err();
    assert_eq!(e.status(), Status::DimensionMismatch);
    assert!(e.message().starts_with("Matrix::build: "), "{}", e.message());
    assert_eq!(
        "RX".parse::<weft::sparse::Descriptor>().unwrap_err().status(),
        Status::InvalidValue
    );
}

#[test]
fn an_invalid_handle_is_refused() {
    // A handle weft never made (the address of a local): weft checks every handle
    // against its registry before using it, so this is an error, not a crash.
    let mut not_an_object = 0u64;
    let fake = &mut not_an_object as *mut u64 as *mut weft::sys::weft_matrix_s;
    // SAFETY: the handle is never dereferenced by weft (it is not registered), and it is
    // taken back with into_raw before the Matrix would free it.
    let a = unsafe { Matrix::<f64>::from_raw(fake) }.unwrap();
    let e = a.nvals().unwrap_err();
    assert_eq!(e.status(), Status::InvalidHandle);
    assert!(!e.message().is_empty());
    assert_eq!(a.error_message(), "", "a dead handle has no recorded message");
    let c = m(2, 2);
    assert_eq!(
        c.ewise_add(&BinaryOp::of::<f64>(BinaryOpcode::Plus).unwrap(), &a, &c, &none())
            .unwrap_err()
            .status(),
        Status::InvalidHandle
    );
    let _ = a.into_raw();
}
