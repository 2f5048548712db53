//! Nonblocking mode (one test in its own binary: the mode is chosen once per process,
//! before any collection exists): the mode is reported, a second `init` is refused,
//! pending element updates and operations give the blocking results after `wait` or on
//! the next read, closures included, and `finalize` leaves objects usable.
use weft::sparse::{self, Matrix, Mode, Options, Vector, WaitMode};
use weft::{BinaryOp, BinaryOpcode, MonoidOp, Semiring, Status};

#[test]
fn nonblocking_session() {
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

    sparse::finalize().unwrap();
    assert_eq!(c.nvals().unwrap(), 1, "objects stay usable after finalize");
    assert!(sparse::init(Mode::Nonblocking).is_err());
}
