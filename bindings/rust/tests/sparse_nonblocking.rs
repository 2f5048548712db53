//! Nonblocking mode (one test in its own binary: the mode is chosen once per process,
//! before any collection exists): the mode is reported, a second `init` is refused,
//! pending element updates and operations give the blocking results after `wait` or on
//! the next read, closures included, the queue's counters (`stat`) show two element-wise
//! operations deferred and then run as one fused pass, and `finalize` leaves objects
//! usable.
use weft::sparse::{self, Matrix, Mode, Options, Stat, Vector, WaitMode};
use weft::{BinaryOp, BinaryOpcode, MonoidOp, Semiring, Status, UnaryOp, UnaryOpcode};

/// Every counter (the queue's, then the JIT's), in `Stat::ALL`'s order.
fn counters() -> Vec<i64> {
    Stat::ALL.iter().map(|&s| sparse::stat(s).unwrap()).collect()
}

/// How much counter `which` grew from `before` to `after`.
fn grew(before: &[i64], after: &[i64], which: Stat) -> i64 {
    after[which.raw() as usize] - before[which.raw() as usize]
}

#[test]
fn nonblocking_session() {
    assert_eq!(
        counters(),
        vec![0; Stat::ALL.len()],
        "blocking until init: nothing counted"
    );
    sparse::init(Mode::Nonblocking).unwrap();
    assert_eq!(sparse::mode().unwrap(), Mode::Nonblocking);
    assert_eq!(sparse::init(Mode::Blocking).unwrap_err().status(), Status::InvalidValue);

    let a = Matrix::<i64>::new(3, 3).unwrap();
    for (i, j, x) in [(0, 1, 2), (1, 2, 3), (2, 0, 4), (0, 1, 5)] {
        a.set_element(i, j, x).unwrap();
    }
    a.remove_element(2, 0).unwrap();
    a.wait(WaitMode::Complete).unwrap();
    assert_eq!(a.to_tuples().unwrap(), vec![(0, 1, 5), (1, 2, 3)]);

    // An operation, read without an explicit wait.
    let c = Matrix::<i64>::new(3, 3).unwrap();
    let s = Semiring::of::<i64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap();
    c.mxm(&s, &a, &a, &Options::new()).unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 2, 15)]);

    // A closure operator, dropped right after the call: the output was completed
    // before the call returned, so nothing pending can call the released slot.
    let w = Vector::<i64>::new(3).unwrap();
    {
        let f = BinaryOp::from_fn(|x: i64, y: i64| 10 * x + y).unwrap();
        w.ewise_add(
            &f,
            &Vector::from_tuples(3, &[(0, 1i64)]).unwrap(),
            &Vector::from_tuples(3, &[(0, 2i64), (2, 7)]).unwrap(),
            &Options::new(),
        )
        .unwrap();
    }
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 12), (2, 7)]);

    // The queue's counters: t = x + x and u = -t are queued; t is dropped unread, so the
    // wait on u runs both as one fused group that never writes t.
    let x = Vector::from_tuples(4, &[(0, 1i64), (3, 5)]).unwrap();
    let before = counters();
    let t = Vector::<i64>::new(4).unwrap();
    let u = Vector::<i64>::new(4).unwrap();
    let plus = BinaryOp::of::<i64>(BinaryOpcode::Plus).unwrap();
    let ainv = UnaryOp::of::<i64>(UnaryOpcode::Ainv).unwrap();
    t.ewise_add(&plus, &x, &x, &Options::new()).unwrap();
    u.apply(&ainv, &t, &Options::new()).unwrap();
    drop(t);
    let queued = counters();
    assert_eq!(grew(&before, &queued, Stat::Deferred), 2, "both operations queued");
    assert_eq!(grew(&before, &queued, Stat::Passes), 0, "nothing ran yet");
    u.wait(WaitMode::Complete).unwrap();
    let after = counters();
    assert!(sparse::stat(Stat::Deferred).unwrap() >= 1);
    assert_eq!(grew(&before, &after, Stat::Passes), 1, "one pass for the two");
    assert_eq!(grew(&before, &after, Stat::FusedGroups), 1);
    assert_eq!(grew(&before, &after, Stat::FusedOps), 2);
    assert_eq!(grew(&before, &after, Stat::Skipped), 1, "t never written");
    assert_eq!(
        grew(&before, &after, Stat::BytesWritten),
        2 * 16,
        "u alone: index + i64 value each"
    );
    assert_eq!(u.to_tuples().unwrap(), vec![(0, -2), (3, -10)]);

    sparse::finalize().unwrap();
    assert_eq!(c.nvals().unwrap(), 1, "objects stay usable after finalize");
    assert!(sparse::init(Mode::Nonblocking).is_err());
}
