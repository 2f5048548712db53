//! Conversions: `(i, j, x)` / `(i, x)` tuples, CSR/CSC/COO arrays (import and export),
//! and byte images (serialize and deserialize), with predefined and user-defined
//! element types, and the errors of each.
use weft::sparse::{Element, Format, Matrix, Storage, Vector};
use weft::{Datatype, Status};

/// [[1, ., 2], [., ., .], [., 3, .], [4, ., 5]] (4 x 3)
fn entries() -> Vec<(i64, i64, f64)> {
    vec![(0, 0, 1.0), (0, 2, 2.0), (2, 1, 3.0), (3, 0, 4.0), (3, 2, 5.0)]
}

#[test]
fn tuples_both_ways() {
    let a = Matrix::from_tuples(4, 3, &entries()).unwrap();
    assert_eq!(a.to_tuples().unwrap(), entries());
    // Unordered input comes back in row-major order.
    let mut shuffled = entries();
    shuffled.reverse();
    assert_eq!(
        Matrix::from_tuples(4, 3, &shuffled).unwrap().to_tuples().unwrap(),
        entries()
    );
    let v = Vector::from_tuples(10, &[(9, -1i64), (0, 7)]).unwrap();
    assert_eq!(v.to_tuples().unwrap(), vec![(0, 7), (9, -1)]);
    // Empty collections give empty lists.
    assert!(Matrix::<bool>::new(5, 5).unwrap().to_tuples().unwrap().is_empty());
    // An index outside is an execution error; the matrix is not made.
    let e = Matrix::from_tuples(4, 3, &[(4, 0, 1.0f64)]).unwrap_err();
    assert_eq!(e.status(), Status::IndexOutOfBounds);
}

#[test]
fn every_format_round_trips() {
    let a = Matrix::from_tuples(4, 3, &entries()).unwrap();
    let csr = a.export(Format::Csr).unwrap();
    assert_eq!(
        csr,
        Storage {
            format: Format::Csr,
            ptr: vec![0, 2, 2, 3, 5],
            idx: vec![0, 2, 1, 0, 2],
            values: vec![1.0, 2.0, 3.0, 4.0, 5.0],
        }
    );
    let csc = a.export(Format::Csc).unwrap();
    assert_eq!(
        (csc.ptr.clone(), csc.idx.clone()),
        (vec![0, 2, 3, 5], vec![0, 3, 2, 0, 3])
    );
    assert_eq!(csc.values, vec![1.0, 4.0, 3.0, 2.0, 5.0]);
    let coo = a.export(Format::Coo).unwrap();
    assert_eq!(
        (coo.ptr.clone(), coo.idx.clone()),
        (vec![0, 0, 2, 3, 3], vec![0, 2, 1, 0, 2])
    );
    for s in [csr, csc, coo] {
        let b = Matrix::<f64>::import(4, 3, s.format, &s.ptr, &s.idx, &s.values).unwrap();
        assert_eq!(b.to_tuples().unwrap(), entries(), "{:?}", s.format);
    }
    // CSR rows may list their columns in any order.
    let b = Matrix::<f64>::import(
        4,
        3,
        Format::Csr,
        &[0, 2, 2, 3, 5],
        &[2, 0, 1, 2, 0],
        &[2.0, 1.0, 3.0, 5.0, 4.0],
    );
    assert_eq!(b.unwrap().to_tuples().unwrap(), entries());
}

#[test]
fn import_errors() {
    let st = |r: weft::Result<Matrix<f64>>| r.unwrap_err().status();
    // The binding's length checks come first: weft would read past the slices.
    assert_eq!(
        st(Matrix::import(4, 3, Format::Csr, &[0, 1], &[0], &[1.0])),
        Status::DimensionMismatch
    );
    assert_eq!(
        st(Matrix::import(4, 3, Format::Coo, &[0], &[0, 1], &[1.0])),
        Status::DimensionMismatch
    );
    // Then weft's: offsets that decrease, a column outside, a position twice.
    assert_eq!(
        st(Matrix::import(2, 2, Format::Csr, &[0, 2, 1], &[0], &[1.0])),
        Status::InvalidValue
    );
    let e = Matrix::<f64>::import(2, 2, Format::Csr, &[0, 1, 1], &[5], &[1.0]).unwrap_err();
    assert_eq!(e.status(), Status::IndexOutOfBounds);
    assert!(e.message().contains("idx[0] = 5"), "{}", e.message());
    assert_eq!(
        st(Matrix::import(2, 2, Format::Coo, &[1, 1], &[0, 0], &[1.0, 2.0])),
        Status::InvalidValue
    );
    assert_eq!(
        st(Matrix::import(0, 2, Format::Csr, &[0], &[], &[])),
        Status::InvalidValue
    );
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pair {
    a: i32,
    b: bool,
}
// SAFETY: i32 at 0, bool at 4 (struct_aligned = #[repr(C)]), extent 8; weft writes only
// 0 or 1 to a WEFT_BOOL byte (deserialize checks it).
unsafe impl Element for Pair {
    fn datatype() -> weft::Result<Datatype> {
        Ok(Datatype::struct_aligned(&[1, 1], &[&Datatype::int32(), &Datatype::bool()])?.0)
    }
}

#[test]
fn images_round_trip() {
    let a = Matrix::from_tuples(4, 3, &entries()).unwrap();
    let image = a.serialize().unwrap();
    assert_eq!(image, a.serialize().unwrap(), "the same matrix, the same bytes");
    let b = Matrix::<f64>::deserialize(&image).unwrap();
    assert_eq!((b.nrows().unwrap(), b.ncols().unwrap()), (4, 3));
    assert_eq!(b.to_tuples().unwrap(), entries());
    assert_eq!(
        Matrix::<f32>::deserialize(&image).unwrap_err().status(),
        Status::DomainMismatch
    );

    // A user-defined domain is rebuilt from its typemap and accepted as the same.
    let p = Matrix::from_tuples(
        2,
        2,
        &[(1, 1, Pair { a: -5, b: true }), (0, 1, Pair { a: 9, b: false })],
    )
    .unwrap();
    let q = Matrix::<Pair>::deserialize(&p.serialize().unwrap()).unwrap();
    assert_eq!(q.to_tuples().unwrap(), p.to_tuples().unwrap());
    assert_eq!(
        Matrix::<i64>::deserialize(&p.serialize().unwrap())
            .unwrap_err()
            .status(),
        Status::DomainMismatch
    );
}

#[test]
fn broken_images_are_refused() {
    let image = Matrix::from_tuples(4, 3, &entries()).unwrap().serialize().unwrap();
    let st = |bytes: &[u8]| Matrix::<f64>::deserialize(bytes).unwrap_err().status();
    assert_eq!(st(&image[..image.len() - 8]), Status::InvalidValue); // truncated
    assert_eq!(st(&[]), Status::InvalidValue);
    let mut flipped = image.clone();
    flipped[70] ^= 1; // any change is caught by the checksum
    assert_eq!(st(&flipped), Status::InvalidValue);
    let mut longer = image;
    longer.push(0);
    assert_eq!(st(&longer), Status::InvalidValue);
}
