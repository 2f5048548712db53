//! Matrices, vectors and scalars as objects: shapes, elements (set, get, remove,
//! pending updates), build with and without duplicates, dup, clear, resize, diag, the
//! domain, and a user-defined `#[repr(C)]` element type.
use weft::sparse::{Element, Matrix, Options, Scalar, Vector, WaitMode};
use weft::{BinaryOp, BinaryOpcode, Datatype, Predefined, Status};

#[test]
fn matrix_elements() {
    let a = Matrix::<f64>::new(2, 3).unwrap();
    assert_eq!((a.nrows().unwrap(), a.ncols().unwrap(), a.nvals().unwrap()), (2, 3, 0));
    a.set_element(1, 2, 2.5).unwrap();
    a.set_element(0, 0, -1.0).unwrap();
    a.set_element(1, 2, 3.5).unwrap(); // applied in call order: the last one wins
    a.remove_element(0, 0).unwrap();
    a.remove_element(0, 1).unwrap(); // nothing there: fine
    assert_eq!(a.get(1, 2).unwrap(), Some(3.5));
    assert_eq!(a.get(0, 0).unwrap(), None);
    assert_eq!(a.nvals().unwrap(), 1);
    a.wait(WaitMode::Complete).unwrap();
    a.wait(WaitMode::Materialize).unwrap();
    assert_eq!(format!("{a:?}"), "Matrix<f64>(2x3, 1 entries)");

    let b = a.dup().unwrap();
    a.clear().unwrap();
    assert_eq!((a.nvals().unwrap(), b.to_tuples().unwrap()), (0, vec![(1, 2, 3.5)]));
    b.resize(1, 5).unwrap(); // (1, 2) falls outside
    assert_eq!((b.nrows().unwrap(), b.ncols().unwrap(), b.nvals().unwrap()), (1, 5, 0));
}

#[test]
fn vector_elements_and_build() {
    let v = Vector::<u8>::new(6).unwrap();
    assert_eq!(v.size().unwrap(), 6);
    // Duplicates summed in the order given (u8 wraps): index 4 gets 200 + 100 = 44.
    let plus = BinaryOp::of::<u8>(BinaryOpcode::Plus).unwrap();
    v.build(&[4, 1, 4], &[200, 7, 100], Some(&plus)).unwrap();
    assert_eq!(v.to_tuples().unwrap(), vec![(1, 7), (4, 44)]);
    // Building a non-empty vector, or duplicates without an operator, fails.
    assert_eq!(v.build(&[0], &[1], None).unwrap_err().status(), Status::OutputNotEmpty);
    let e = Vector::<u8>::from_tuples(6, &[(2, 1), (2, 2)]).unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    // SECOND keeps the last.
    let w = Vector::<i32>::new(3).unwrap();
    w.build(
        &[0, 0, 0],
        &[1, 2, 3],
        Some(&BinaryOp::of::<i32>(BinaryOpcode::Second).unwrap()),
    )
    .unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 3)]);
    w.resize(10).unwrap();
    w.set_element(9, -4).unwrap();
    assert_eq!(w.extract_tuples().unwrap(), (vec![0, 9], vec![3, -4]));
}

#[test]
fn matrix_build_and_diag() {
    let a = Matrix::<i64>::new(3, 3).unwrap();
    let max = BinaryOp::of::<i64>(BinaryOpcode::Max).unwrap();
    a.build(&[2, 0, 2], &[1, 0, 1], &[5, 6, 9], Some(&max)).unwrap();
    assert_eq!(a.to_tuples().unwrap(), vec![(0, 0, 6), (2, 1, 9)]);
    let v = Vector::from_tuples(2, &[(0, 1.0f32), (1, 2.0)]).unwrap();
    let d = Matrix::diag(&v, 1).unwrap(); // 3x3, v above the diagonal
    assert_eq!((d.nrows().unwrap(), d.ncols().unwrap()), (3, 3));
    assert_eq!(d.to_tuples().unwrap(), vec![(0, 1, 1.0), (1, 2, 2.0)]);
    let d = Matrix::diag(&v, -1).unwrap();
    assert_eq!(d.to_tuples().unwrap(), vec![(1, 0, 1.0), (2, 1, 2.0)]);
}

#[test]
fn iso_storage() {
    // Values that all come out equal are stored once; a changed entry ends that.
    let a = Matrix::<f64>::from_tuples(3, 3, &[(0, 1, 2.0), (2, 0, 2.0), (1, 1, 2.0)]).unwrap();
    assert!(a.is_iso().unwrap());
    assert_eq!(a.to_tuples().unwrap(), vec![(0, 1, 2.0), (1, 1, 2.0), (2, 0, 2.0)]);
    a.set_element(1, 1, 3.0).unwrap();
    assert!(!a.is_iso().unwrap());
    assert_eq!(a.to_tuples().unwrap(), vec![(0, 1, 2.0), (1, 1, 3.0), (2, 0, 2.0)]);
    let v = Vector::from_tuples(4, &[(0, 1i32), (3, 2)]).unwrap();
    assert!(!v.is_iso().unwrap());
}

#[test]
fn scalars() {
    let s = Scalar::<bool>::new().unwrap();
    assert_eq!((s.get().unwrap(), s.nvals().unwrap()), (None, 0));
    s.set(true).unwrap();
    let t = s.dup().unwrap();
    s.clear().unwrap();
    assert_eq!((s.get().unwrap(), t.get().unwrap()), (None, Some(true)));
    t.wait(WaitMode::Complete).unwrap();
    assert_eq!(format!("{t:?}"), "Scalar(Some(true))");
    assert_eq!(t.domain().as_predefined(), Some(Predefined::Bool));
    assert_eq!(t.weft_domain().unwrap().as_predefined(), Some(Predefined::Bool));
}

#[test]
fn every_predefined_element_type() {
    fn roundtrip<T: Element + PartialEq + core::fmt::Debug>(x: T) {
        let v = Vector::<T>::from_tuples(3, &[(1, x)]).unwrap();
        assert_eq!(v.get(1).unwrap(), Some(x));
        assert_eq!(Scalar::from_value(x).unwrap().get().unwrap(), Some(x));
        let a = Matrix::<T>::from_tuples(2, 2, &[(1, 0, x)]).unwrap();
        assert_eq!(a.to_tuples().unwrap(), vec![(1, 0, x)]);
        assert_eq!(
            a.weft_domain().unwrap().as_predefined(),
            T::datatype().unwrap().as_predefined()
        );
    }
    roundtrip(true);
    roundtrip(-8i8);
    roundtrip(-16i16);
    roundtrip(-32i32);
    roundtrip(i64::MIN);
    roundtrip(8u8);
    roundtrip(16u16);
    roundtrip(32u32);
    roundtrip(u64::MAX);
    roundtrip(0.5f32);
    roundtrip(-0.25f64);
}

/// A user-defined domain: two fields with padding between them.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Tagged {
    tag: u8,
    value: f64,
}
// SAFETY: struct_aligned places u8 at 0 and f64 at 8, as #[repr(C)] does; extent 16.
unsafe impl Element for Tagged {
    fn datatype() -> weft::Result<Datatype> {
        let (t, offsets) = Datatype::struct_aligned(&[1, 1], &[&Datatype::uint8(), &Datatype::double()])?;
        assert_eq!(offsets, vec![0, 8]);
        t.committed()
    }
}

#[test]
fn a_user_defined_element_type() {
    let x = Tagged { tag: 3, value: 1.25 };
    let a = Matrix::<Tagged>::from_tuples(2, 2, &[(0, 1, x)]).unwrap();
    assert_eq!(a.get(0, 1).unwrap(), Some(x));
    assert_eq!(a.domain().extent(), 16);
    assert!(a.weft_domain().unwrap().as_predefined().is_none());
    // A user domain moves through operations that do not compute on values.
    let c = Matrix::<Tagged>::new(2, 2).unwrap();
    c.transpose(&a, &Options::new()).unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(1, 0, x)]);
    // ... and is never cast: into an f64 matrix it is a domain mismatch.
    let d = Matrix::<f64>::new(2, 2).unwrap();
    let e = d.transpose(&a, &Options::new()).unwrap_err();
    assert_eq!(e.status(), Status::DomainMismatch);
}
