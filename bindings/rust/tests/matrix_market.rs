//! Matrix Market text: round trips through a string and a file, the domain taken from
//! the element type (an `integer` file as `Matrix<i32>`, `Matrix<f64>`, `Matrix<bool>`),
//! symmetric files, and the errors (a malformed text, a value that does not fit, a
//! missing file, an unwritable path, a NUL in a path, a user-defined domain).
use std::path::PathBuf;

mod common;
use common::Pair;

use weft::sparse::Matrix;
use weft::{Predefined, Status};

/// [[1.5, ., -2], [., 3, .], [0.25, ., .]]: not symmetric.
fn entries() -> Vec<(i64, i64, f64)> {
    vec![(0, 0, 1.5), (0, 2, -2.0), (1, 1, 3.0), (2, 0, 0.25)]
}

/// A file name in the temporary directory, unique to this process and test.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("weft-rust-mm-{}-{name}.mtx", std::process::id()))
}

#[test]
fn round_trip_through_a_string() {
    let a = Matrix::from_tuples(3, 3, &entries()).unwrap();
    let text = a.to_mm_string().unwrap();
    assert_eq!(
        text.lines().next(),
        Some("%%MatrixMarket matrix coordinate real general")
    );
    assert!(text.ends_with('\n'));
    let b = Matrix::<f64>::from_mm_str(&text).unwrap();
    assert_eq!((b.nrows().unwrap(), b.ncols().unwrap()), (3, 3));
    assert_eq!(b.to_tuples().unwrap(), entries());
    assert_eq!(b.weft_domain().unwrap().as_predefined(), Some(Predefined::Double));
    // Floats come back bit for bit.
    let odd = [(0, 0, 0.1f64), (0, 1, 1e-300), (1, 0, -f64::MAX), (1, 1, f64::INFINITY)];
    let c = Matrix::from_tuples(2, 2, &odd).unwrap();
    let back = Matrix::<f64>::from_mm_str(&c.to_mm_string().unwrap()).unwrap();
    assert_eq!(back.to_tuples().unwrap(), odd.to_vec());
    // An empty matrix still has its shape.
    let e = Matrix::<i16>::new(4, 7).unwrap();
    let e2 = Matrix::<i16>::from_mm_str(&e.to_mm_string().unwrap()).unwrap();
    assert_eq!(
        (e2.nrows().unwrap(), e2.ncols().unwrap(), e2.nvals().unwrap()),
        (4, 7, 0)
    );
}

#[test]
fn round_trip_through_a_file() {
    let path = temp_path("round-trip");
    let a = Matrix::from_tuples(4, 2, &[(0, 1, -7i64), (3, 0, i64::MAX), (3, 1, i64::MIN)]).unwrap();
    a.write_mm(&path).unwrap();
    let read = Matrix::<i64>::read_mm(&path);
    let text = std::fs::read_to_string(&path);
    std::fs::remove_file(&path).unwrap();
    let b = read.unwrap();
    assert_eq!(b.to_tuples().unwrap(), a.to_tuples().unwrap());
    assert_eq!((b.nrows().unwrap(), b.ncols().unwrap()), (4, 2));
    // The file holds what to_mm_string gives.
    assert_eq!(text.unwrap(), a.to_mm_string().unwrap());
    assert!(!path.exists());
}

#[test]
fn the_domain_is_the_element_types() {
    let text = "%%MatrixMarket matrix coordinate integer general\n% a comment\n2 3 2\n1 3 7\n2 1 -3\n";
    let a = Matrix::<i32>::from_mm_str(text).unwrap();
    assert_eq!(a.weft_domain().unwrap().as_predefined(), Some(Predefined::Int32));
    assert_eq!(a.to_tuples().unwrap(), vec![(0, 2, 7), (1, 0, -3)]);
    assert_eq!((a.nrows().unwrap(), a.ncols().unwrap()), (2, 3));
    let f = Matrix::<f64>::from_mm_str(text).unwrap();
    assert_eq!(f.weft_domain().unwrap().as_predefined(), Some(Predefined::Double));
    assert_eq!(f.to_tuples().unwrap(), vec![(0, 2, 7.0), (1, 0, -3.0)]);
    // A real field read as integers: whole numbers only.
    let whole = "%%MatrixMarket matrix coordinate real general\n1 2 2\n1 1 3.0\n1 2 -4e1\n";
    assert_eq!(
        Matrix::<i8>::from_mm_str(whole).unwrap().to_tuples().unwrap(),
        vec![(0, 0, 3), (0, 1, -40)]
    );
    // A pattern file's values are 1 (true).
    let pattern = "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n2 1\n";
    assert_eq!(
        Matrix::<bool>::from_mm_str(pattern).unwrap().to_tuples().unwrap(),
        vec![(0, 1, true), (1, 0, true)]
    );
    // The file's %%GraphBLAS type does not override T.
    let typed = Matrix::from_tuples(1, 1, &[(0, 0, 9u16)])
        .unwrap()
        .to_mm_string()
        .unwrap();
    assert!(typed.contains("%%GraphBLAS type uint16_t"), "{typed}");
    let as_i64 = Matrix::<i64>::from_mm_str(&typed).unwrap();
    assert_eq!(as_i64.weft_domain().unwrap().as_predefined(), Some(Predefined::Int64));
    assert_eq!(as_i64.to_tuples().unwrap(), vec![(0, 0, 9)]);
}

#[test]
fn symmetric_files_give_both_triangles() {
    let sym = "%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n1 1 1\n2 1 5\n";
    assert_eq!(
        Matrix::<f32>::from_mm_str(sym).unwrap().to_tuples().unwrap(),
        vec![(0, 0, 1.0), (0, 1, 5.0), (1, 0, 5.0)]
    );
    let skew = "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 1\n3 1 2\n";
    assert_eq!(
        Matrix::<i32>::from_mm_str(skew).unwrap().to_tuples().unwrap(),
        vec![(0, 2, -2), (2, 0, 2)]
    );
    // A symmetric matrix is written as its lower triangle and read back whole.
    let a = Matrix::from_tuples(2, 2, &[(0, 1, 4i32), (1, 0, 4), (1, 1, 1)]).unwrap();
    let text = a.to_mm_string().unwrap();
    assert!(
        text.starts_with("%%MatrixMarket matrix coordinate integer symmetric\n"),
        "{text}"
    );
    assert_eq!(
        Matrix::<i32>::from_mm_str(&text).unwrap().to_tuples().unwrap(),
        a.to_tuples().unwrap()
    );
}

#[test]
fn malformed_text_is_invalid_value() {
    let e = Matrix::<f64>::from_mm_str("%%MatrixMarket matrix coordinate real general\n2 2 1\n9 1 1\n").unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    assert!(e.message().contains("line"), "the message names the line: {e}");
    for bad in [
        "",
        "%%MatrixMarket matrix coordinate real general\n",
        "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n",
        "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 x\n",
        "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n1 1 2\n",
        "%%MatrixMarket tensor coordinate real general\n2 2 0\n",
    ] {
        let e = Matrix::<f64>::from_mm_str(bad).unwrap_err();
        assert_eq!(e.status(), Status::InvalidValue, "{bad:?}: {e}");
    }
    // Values that do not fit T.
    let st = |text: &str| Matrix::<u8>::from_mm_str(text).unwrap_err().status();
    assert_eq!(
        st("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 -1\n"),
        Status::InvalidValue
    );
    assert_eq!(
        st("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 256\n"),
        Status::InvalidValue
    );
    assert_eq!(
        st("%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2.5\n"),
        Status::InvalidValue
    );
    let e =
        Matrix::<f64>::from_mm_str("%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 2\n").unwrap_err();
    assert_eq!(
        e.status(),
        Status::InvalidValue,
        "complex values for a real domain: {e}"
    );
}

#[test]
fn missing_and_unwritable_files_are_io_errors() {
    let path = temp_path("missing");
    assert!(!path.exists());
    let e = Matrix::<f64>::read_mm(&path).unwrap_err();
    assert_eq!(e.status(), Status::IoError, "{e}");
    let a = Matrix::from_tuples(2, 2, &[(0, 0, 1.0f64)]).unwrap();
    let e = a.write_mm(temp_path("no-such-dir").join("x.mtx")).unwrap_err();
    assert_eq!(e.status(), Status::IoError, "{e}");
}

#[test]
fn a_nul_in_a_path_is_invalid_value() {
    let e = Matrix::<f64>::read_mm("/tmp/a\0b.mtx").unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    assert!(e.message().starts_with("Matrix::read_mm: "), "{e}");
    assert!(e.message().contains("NUL"), "{e}");
    let a = Matrix::from_tuples(1, 1, &[(0, 0, 1.0f64)]).unwrap();
    let e = a.write_mm("x\0").unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    assert!(e.message().starts_with("Matrix::write_mm: "), "{e}");
}

#[test]
fn a_user_defined_domain_is_domain_mismatch() {
    let p = Matrix::from_tuples(1, 1, &[(0, 0, Pair { a: 1, b: 2 })]).unwrap();
    assert_eq!(p.to_mm_string().unwrap_err().status(), Status::DomainMismatch);
    let path = temp_path("user-defined");
    assert_eq!(p.write_mm(&path).unwrap_err().status(), Status::DomainMismatch);
    assert!(!path.exists(), "no file is created");
    let text = "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 1\n";
    assert_eq!(
        Matrix::<Pair>::from_mm_str(text).unwrap_err().status(),
        Status::DomainMismatch
    );
}
