//! Threads: collections are `Send` (moved to and used by other threads, one at a time),
//! operators, monoids and semirings `Send + Sync` (one closure semiring used by several
//! threads at once on their own collections); the process's thread count per operation
//! (`set_threads` / `threads`) round-trips and does not change results; in this blocking
//! process the nonblocking queue's counters (`stat`) stay 0 (and the JIT's: no operator
//! here has source).
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;

use weft::sparse::{self, Matrix, Options, Scalar, Stat, Vector};
use weft::{BinaryOp, BinaryOpcode, Monoid, MonoidOp, Semiring};

/// The path graph 0 - 1 - ... - (n-1) with weights 1, as a symmetric matrix.
fn path(n: i64) -> Matrix<f64> {
    let mut t = Vec::new();
    for i in 0..n - 1 {
        t.push((i, i + 1, 1.0));
        t.push((i + 1, i, 1.0));
    }
    Matrix::from_tuples(n, n, &t).unwrap()
}

#[test]
fn one_closure_semiring_many_threads() {
    let calls = Arc::new(AtomicUsize::new(0));
    let counted = calls.clone();
    let min = Monoid::from_fn(|x: f64, y: f64| x.min(y), f64::INFINITY, None).unwrap();
    let plus = BinaryOp::from_fn(move |x: f64, y: f64| {
        counted.fetch_add(1, Ordering::Relaxed);
        x + y
    })
    .unwrap();
    let min_plus = Arc::new(Semiring::new(&min, &plus).unwrap());
    drop((min, plus));

    // Each thread makes its own graph and runs Bellman-Ford from vertex 0 with the
    // shared semiring: on a path, d(i) = i.
    let workers: Vec<_> = (0..4)
        .map(|t| {
            let s = Arc::clone(&min_plus);
            thread::spawn(move || {
                let n = 20 + t;
                let a = path(n);
                let d = Vector::from_tuples(n, &[(0, 0.0f64)]).unwrap();
                let keep_min = BinaryOp::of::<f64>(weft::BinaryOpcode::Min).unwrap();
                for _ in 0..n {
                    d.vxm(&s, &d, &a, &Options::new().accum(&keep_min)).unwrap();
                }
                d // a Vector moves back to the spawning thread
            })
        })
        .collect();
    for (t, w) in workers.into_iter().enumerate() {
        let d = w.join().unwrap();
        let n = 20 + t as i64;
        let want: Vec<(i64, f64)> = (0..n).map(|i| (i, i as f64)).collect();
        assert_eq!(d.to_tuples().unwrap(), want);
    }
    assert!(calls.load(Ordering::Relaxed) > 0);
}

#[test]
fn collections_move_between_threads() {
    let a = path(5);
    let s = Scalar::<f64>::new().unwrap();
    // Both move into the thread, are written there, and come back.
    let (a, s) = thread::spawn(move || {
        a.set_element(0, 4, 10.0).unwrap();
        s.reduce(&Monoid::of::<f64>(weft::MonoidOp::Plus).unwrap(), &a, &Options::new())
            .unwrap();
        (a, s)
    })
    .join()
    .unwrap();
    assert_eq!(s.get().unwrap(), Some(18.0));
    assert_eq!(a.get(0, 4).unwrap(), Some(10.0));
}

/// The thread count is one setting for the process, and the tests of this binary run at
/// once: this is the only test that sets it, in one sequence that ends on the default.
#[test]
fn thread_count_round_trip() {
    let square = |a: &Matrix<f64>| {
        let c = Matrix::<f64>::new(a.nrows().unwrap(), a.ncols().unwrap()).unwrap();
        let s = Semiring::of::<f64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap();
        c.mxm(&s, a, a, &Options::new()).unwrap();
        c.to_tuples().unwrap()
    };
    let a = path(3000);

    sparse::set_threads(1).unwrap();
    assert_eq!(sparse::threads().unwrap(), 1);
    let one = square(&a);

    sparse::set_threads(0).unwrap();
    let default = sparse::threads().unwrap();
    assert!(default >= 1, "threads() after set_threads(0): {default}");
    assert_eq!(square(&a), one, "the result does not depend on the thread count");

    // A count C's int cannot hold is refused before the call: the setting stays.
    let err = sparse::set_threads(usize::MAX).unwrap_err();
    assert_eq!(err.status(), weft::Status::Overflow);
    assert!(err.message().starts_with("set_threads:"), "{}", err.message());
    assert_eq!(sparse::threads().unwrap(), default);

    sparse::set_threads(0).unwrap();
}

#[test]
fn blocking_mode_leaves_the_queue_counters_at_zero() {
    // Stat is enum weft_stat, in its order.
    let raw: Vec<i32> = Stat::ALL.iter().map(|s| s.raw()).collect();
    assert_eq!(raw, (0..9).collect::<Vec<i32>>());

    // An operation in blocking mode runs at once: nothing is queued, fused or counted
    // (this binary never calls init, and its other tests are blocking too).
    let a = path(50);
    let c = Matrix::<f64>::new(50, 50).unwrap();
    let s = Semiring::of::<f64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap();
    c.mxm(&s, &a, &a, &Options::new()).unwrap();
    assert!(c.nvals().unwrap() > 0);
    for &which in Stat::ALL {
        assert_eq!(sparse::stat(which).unwrap(), 0, "{which:?} in blocking mode");
    }

    // A value outside enum weft_stat (only the raw call can pass one): WEFT_INVALID_VALUE,
    // the output untouched.
    let mut v = 42i64;
    for bad in [-1, weft::sys::WEFT_STAT_JIT_RUNS + 1] {
        // SAFETY: a valid output.
        let st = unsafe { weft::sys::weft_get_stat(bad, &mut v) };
        assert_eq!(st, weft::sys::WEFT_INVALID_VALUE, "weft_get_stat({bad})");
    }
    assert_eq!(v, 42);
}
