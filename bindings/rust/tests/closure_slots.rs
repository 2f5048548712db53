//! The closure trampoline pool (src/algebra/trampoline.rs): at most
//! `weft::CLOSURE_SLOTS` closure operators of a kind are alive at once; one more is a
//! clear `WEFT_OUT_OF_MEMORY`; a slot is given back when the last object that can call
//! it is dropped (a semiring keeps its parts' slots), and a reused slot runs its new
//! closure. One test, in a binary of its own, since it fills the process-wide pool.
use weft::sparse::{Options, Vector};
use weft::{BinaryOp, Monoid, Semiring, Status, UnaryOp, CLOSURE_SLOTS};

/// w = u + k through a closure that adds `k`.
fn adder(k: i64) -> weft::Result<BinaryOp> {
    BinaryOp::from_fn(move |x: i64, y: i64| x + y + k)
}

fn apply(op: &BinaryOp) -> i64 {
    let u = Vector::from_tuples(1, &[(0, 1i64)]).unwrap();
    let w = Vector::<i64>::new(1).unwrap();
    w.ewise_mult(op, &u, &u, &Options::new()).unwrap();
    w.get(0).unwrap().unwrap()
}

#[test]
fn the_pool_fills_and_empties() {
    let mut ops: Vec<BinaryOp> = (0..CLOSURE_SLOTS as i64).map(|k| adder(k).unwrap()).collect();
    let e = adder(99).unwrap_err();
    assert_eq!(e.status(), Status::OutOfMemory);
    assert!(e.message().contains("closure slots are in use"), "{}", e.message());
    // Other kinds have their own pools.
    let _unary = UnaryOp::from_fn(|x: i64| x).unwrap();
    // Every closure is its own: 1 + 1 + k.
    for (k, op) in ops.iter().enumerate() {
        assert_eq!(apply(op), 2 + k as i64);
    }
    // A dropped operator gives its slot back, and the new closure runs there.
    ops.swap_remove(7);
    let again = adder(1000).unwrap();
    assert_eq!(apply(&again), 1002);
    drop(again);
    ops.clear();

    // A semiring holds its parts' slots after they are dropped.
    let s = {
        let m = Monoid::from_fn(|x: i64, y: i64| x + y, 0, None).unwrap();
        let t = BinaryOp::from_fn(|x: i64, y: i64| x * y).unwrap();
        Semiring::new(&m, &t).unwrap()
    };
    let rest: Vec<BinaryOp> = (0..CLOSURE_SLOTS as i64 - 2).map(|k| adder(k).unwrap()).collect();
    assert_eq!(adder(0).unwrap_err().status(), Status::OutOfMemory);
    let w = Vector::<i64>::new(1).unwrap();
    let a = weft::sparse::Matrix::from_tuples(1, 1, &[(0, 0, 6i64)]).unwrap();
    w.mxv(&s, &a, &Vector::from_tuples(1, &[(0, 7i64)]).unwrap(), &Options::new())
        .unwrap();
    assert_eq!(w.get(0).unwrap(), Some(42));
    drop(s);
    let two = (adder(1).unwrap(), adder(2).unwrap());
    assert_eq!(adder(3).unwrap_err().status(), Status::OutOfMemory);
    drop((rest, two));
}
