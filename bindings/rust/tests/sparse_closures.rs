//! Operators, monoids and semirings made from Rust closures and from `extern "C" fn`s,
//! used by the semiring engine: captured state, every operator kind, a semiring that
//! outlives the closures' own objects, user-defined element types, and the Send + Sync
//! bounds.
use core::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use weft::sparse::{Element, Matrix, Options, Scalar, Vector};
use weft::{BinaryOp, BinaryOpcode, Datatype, IndexUnaryOp, Monoid, MonoidOp, Semiring, UnaryOp};

fn none<'a, K>() -> Options<'a, K> {
    Options::new()
}

#[test]
fn closures_of_every_kind() {
    let calls = Arc::new(AtomicUsize::new(0));
    let counted = calls.clone();
    let offset = 0.5;
    let shift = UnaryOp::from_fn(move |x: i32| {
        counted.fetch_add(1, Ordering::Relaxed);
        x as f64 + offset
    })
    .unwrap();
    let u = Vector::from_tuples(4, &[(0, 1i32), (3, -2)]).unwrap();
    let w = Vector::<f64>::new(4).unwrap();
    w.apply(&shift, &u, &none()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 1.5), (3, -1.5)]);
    assert_eq!(calls.load(Ordering::Relaxed), 2);

    // A binary closure as the operator and as the accumulator: w = w - (u * 10)
    let scaled = BinaryOp::from_fn(|x: f64, y: i32| x * 10.0 + y as f64).unwrap();
    let minus = BinaryOp::from_fn(|c: f64, t: f64| c - t).unwrap();
    w.ewise_mult(&scaled, &w.dup().unwrap(), &u, &none().accum(&minus))
        .unwrap();
    // (0): 1.5 - (15 + 1) = -14.5; (3): -1.5 - (-15 - 2) = 15.5
    assert_eq!(w.to_tuples().unwrap(), vec![(0, -14.5), (3, 15.5)]);

    // An index-unary closure: keep entries on even rows whose value exceeds the thunk.
    let even_above = IndexUnaryOp::from_fn(|x: f64, i: i64, _j: i64, t: f64| i % 2 == 0 && x > t).unwrap();
    let a = Matrix::from_tuples(3, 2, &[(0, 0, 1.0f64), (0, 1, 5.0), (1, 0, 9.0), (2, 1, 4.0)]).unwrap();
    let c = Matrix::<f64>::new(3, 2).unwrap();
    c.select(&even_above, &a, &Scalar::from_value(2.0f64).unwrap(), &none())
        .unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 1, 5.0), (2, 1, 4.0)]);
    // ... and as apply_index: x * (i + j + t)
    let weighted = IndexUnaryOp::from_fn(|x: f64, i: i64, j: i64, t: i64| x * (i + j + t) as f64).unwrap();
    c.apply_index(&weighted, &a, &Scalar::from_value(1i64).unwrap(), &none())
        .unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 1.0), (0, 1, 10.0), (1, 0, 18.0), (2, 1, 16.0)]
    );
}

#[test]
fn a_closure_monoid_and_semiring_outlive_their_parts() {
    // Tropical max-min semiring from closures: (A max.min B)(i,j) = max_k min(A(i,k), B(k,j)).
    let s = {
        let max = Monoid::from_fn(|x: i64, y: i64| x.max(y), i64::MIN, Some(i64::MAX)).unwrap();
        assert_eq!(max.identity::<i64>().unwrap(), i64::MIN);
        assert_eq!(max.terminal::<i64>().unwrap(), Some(i64::MAX));
        assert_eq!(max.apply(&3i64, &8).unwrap(), 8);
        let min = BinaryOp::from_fn(|x: i64, y: i64| x.min(y)).unwrap();
        Semiring::new(&max, &min).unwrap()
        // max and min are dropped here: the semiring keeps their closures.
    };
    let a = Matrix::from_tuples(2, 2, &[(0, 0, 4i64), (0, 1, 7), (1, 0, 2)]).unwrap();
    let b = Matrix::from_tuples(2, 2, &[(0, 0, 5i64), (1, 0, 6), (1, 1, 1)]).unwrap();
    let c = Matrix::<i64>::new(2, 2).unwrap();
    c.mxm(&s, &a, &b, &none()).unwrap();
    // (0,0) = max(min(4,5), min(7,6)) = 6; (0,1) = min(7,1) = 1; (1,0) = min(2,5) = 2
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 6), (0, 1, 1), (1, 0, 2)]);
    assert_eq!(s.add().unwrap_err().status(), weft::Status::InvalidHandle); // its handle was dropped

    // The monoid reduces too.
    let sum_sq = Monoid::from_fn(|x: f64, y: f64| x + y, 0.0, None).unwrap();
    let r = Vector::<f64>::new(2).unwrap();
    r.reduce_rows(
        &sum_sq,
        &Matrix::from_tuples(2, 2, &[(1, 0, 1.5f64), (1, 1, 2.0)]).unwrap(),
        &none(),
    )
    .unwrap();
    assert_eq!(r.to_tuples().unwrap(), vec![(1, 3.5)]);
}

extern "C" fn saturating_add(z: *mut c_void, x: *const c_void, y: *const c_void) {
    // SAFETY: weft passes u8 elements; z may be x or y.
    unsafe { *(z as *mut u8) = (*(x as *const u8)).saturating_add(*(y as *const u8)) }
}

#[test]
fn extern_c_operators() {
    let t = Datatype::uint8();
    let sat = BinaryOp::new(saturating_add, &t, &t, &t).unwrap();
    let add = Monoid::from_op(&sat, &0u8, Some(&u8::MAX)).unwrap();
    let s = Semiring::new(&add, &BinaryOp::of::<u8>(BinaryOpcode::Times).unwrap()).unwrap();
    let a = Matrix::from_tuples(1, 2, &[(0, 0, 20u8), (0, 1, 30)]).unwrap();
    let b = Matrix::from_tuples(2, 1, &[(0, 0, 10u8), (1, 0, 5)]).unwrap();
    let c = Matrix::<u8>::new(1, 1).unwrap();
    c.mxm(&s, &a, &b, &none()).unwrap();
    // 20*10 = 200 and 30*5 = 150 (u8 times); 200 + 150 saturates at 255.
    assert_eq!(c.get(0, 0).unwrap(), Some(255));
}

/// A complex number as a user-defined domain.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Complex {
    re: f64,
    im: f64,
}
// SAFETY: two f64 at 0 and 8, extent 16, any bits valid.
unsafe impl Element for Complex {
    fn datatype() -> weft::Result<Datatype> {
        Datatype::contiguous(2, &Datatype::double())?.committed()
    }
}
fn cx(re: f64, im: f64) -> Complex {
    Complex { re, im }
}

#[test]
fn closures_on_a_user_defined_domain() {
    let plus = Monoid::from_fn(
        |a: Complex, b: Complex| cx(a.re + b.re, a.im + b.im),
        cx(0.0, 0.0),
        None,
    )
    .unwrap();
    let times =
        BinaryOp::from_fn(|a: Complex, b: Complex| cx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)).unwrap();
    let s = Semiring::new(&plus, &times).unwrap();
    // [i, 1] * [i; 2] = i*i + 1*2 = 1
    let a = Matrix::from_tuples(1, 2, &[(0, 0, cx(0.0, 1.0)), (0, 1, cx(1.0, 0.0))]).unwrap();
    let b = Matrix::from_tuples(2, 1, &[(0, 0, cx(0.0, 1.0)), (1, 0, cx(2.0, 0.0))]).unwrap();
    let c = Matrix::<Complex>::new(1, 1).unwrap();
    c.mxm(&s, &a, &b, &none()).unwrap();
    assert_eq!(c.get(0, 0).unwrap(), Some(cx(1.0, 0.0)));
    // The modulus, from the user domain to f64.
    let modulus = UnaryOp::from_fn(|z: Complex| (z.re * z.re + z.im * z.im).sqrt()).unwrap();
    let m = Matrix::<f64>::new(1, 2).unwrap();
    m.apply(
        &modulus,
        &Matrix::from_tuples(1, 2, &[(0, 1, cx(3.0, 4.0))]).unwrap(),
        &none(),
    )
    .unwrap();
    assert_eq!(m.to_tuples().unwrap(), vec![(0, 1, 5.0)]);
}

#[test]
fn operators_are_send_and_sync_and_collections_send() {
    fn send_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}
    send_sync::<UnaryOp>();
    send_sync::<BinaryOp>();
    send_sync::<IndexUnaryOp>();
    send_sync::<Monoid>();
    send_sync::<Semiring>();
    send::<Matrix<f64>>();
    send::<Vector<Complex>>();
    send::<Scalar<bool>>();
    let _ = MonoidOp::Plus;
}
