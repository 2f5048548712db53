//! The algebra of weft/algebra.h through the crate: the predefined operators, monoids and
//! semirings (every one: its handle, name, domains, parts; identities and terminals),
//! user-defined operators from `extern "C" fn`s, monoids on them (they outlive the
//! operator's handle), a semiring of user-defined parts, an operator with its C source
//! and the JIT switch, and the errors, weft's and the binding's.
use core::ffi::c_void;
use std::collections::HashSet;

use weft::sparse::{self, Stat};
use weft::{
    BinaryOp, BinaryOpcode, Datatype, IndexUnaryOp, IndexUnaryOpcode, Monoid, MonoidOp, Predefined, Semiring, Status,
    UnaryOp, UnaryOpcode,
};

extern "C" fn hypot2(z: *mut c_void, x: *const c_void, y: *const c_void) {
    // SAFETY: weft passes f64 elements, maybe unaligned; z may be x or y.
    unsafe {
        let (a, b) = ((x as *const f64).read_unaligned(), (y as *const f64).read_unaligned());
        (z as *mut f64).write_unaligned(a * a + b * b);
    }
}

extern "C" fn negate(z: *mut c_void, x: *const c_void) {
    // SAFETY: f64 elements.
    unsafe { (z as *mut f64).write_unaligned(-(x as *const f64).read_unaligned()) }
}

/// |i - j| <= thunk and x != 0: a band of nonzeros.
extern "C" fn near_diagonal(z: *mut c_void, x: *const c_void, i: i64, j: i64, thunk: *const c_void) {
    // SAFETY: z BOOL, x FP64, thunk INT64.
    unsafe {
        let keep = (i - j).abs() <= (thunk as *const i64).read_unaligned() && (x as *const f64).read_unaligned() != 0.0;
        (z as *mut bool).write_unaligned(keep);
    }
}

/// z = x * y on f64: what `MY_TIMES_C` says in C (weft calls either).
extern "C" fn my_times(z: *mut c_void, x: *const c_void, y: *const c_void) {
    // SAFETY: f64 elements, maybe unaligned; z may be x or y.
    unsafe {
        let (a, b) = ((x as *const f64).read_unaligned(), (y as *const f64).read_unaligned());
        (z as *mut f64).write_unaligned(a * b);
    }
}
const MY_TIMES_C: &str = "void my_times(double *z, const double *x, const double *y) { *z = *x * *y; }";

fn status<T>(r: weft::Result<T>) -> Status {
    match r {
        Ok(_) => Status::Success,
        Err(e) => e.status(),
    }
}

#[test]
fn predefined_operators() {
    assert_eq!(UnaryOp::PREDEFINED.len(), 44);
    assert_eq!(BinaryOp::PREDEFINED.len(), 223);
    assert_eq!(IndexUnaryOp::PREDEFINED.len(), 80);
    let mut seen = HashSet::new();
    for &(op, p) in UnaryOp::PREDEFINED {
        let u = UnaryOp::predefined(op, p).unwrap();
        assert!(seen.insert(u.as_raw() as usize), "{u:?} is distinct");
        assert_eq!(u.as_predefined(), Some((op, p)));
        let (z, x) = u.types().unwrap();
        assert_eq!((z.as_predefined(), x.as_predefined()), (Some(p), Some(p)), "{u:?}");
        u.function().unwrap();
    }
    for &(op, p) in BinaryOp::PREDEFINED {
        let b = BinaryOp::predefined(op, p).unwrap();
        assert!(seen.insert(b.as_raw() as usize), "{b:?} is distinct");
        assert_eq!(b.as_predefined(), Some((op, p)));
        let (z, x, y) = b.types().unwrap();
        use BinaryOpcode::*;
        let zp = if matches!(op, Eq | Ne | Gt | Lt | Ge | Le) {
            Predefined::Bool
        } else {
            p
        };
        assert_eq!(
            (z.as_predefined(), x.as_predefined(), y.as_predefined()),
            (Some(zp), Some(p), Some(p)),
            "{b:?}"
        );
    }
    for &(op, t) in IndexUnaryOp::PREDEFINED {
        let iu = IndexUnaryOp::predefined(op, t).unwrap();
        assert!(seen.insert(iu.as_raw() as usize), "{iu:?} is distinct");
        assert_eq!(iu.as_predefined(), Some((op, t)));
        let (z, x, s) = iu.types().unwrap();
        let (z, x, s) = (z.as_predefined(), x.map(|x| x.as_predefined()), s.as_predefined());
        use IndexUnaryOpcode::*;
        match (op, t) {
            (RowIndex | ColIndex | DiagIndex, Some(t)) => assert_eq!((z, x, s), (Some(t), None, Some(t)), "{iu:?}"),
            (_, Some(t)) => assert_eq!((z, x, s), (Some(Predefined::Bool), Some(Some(t)), Some(t)), "{iu:?}"),
            (_, None) => assert_eq!(
                (z, x, s),
                (Some(Predefined::Bool), None, Some(Predefined::Int64)),
                "{iu:?}"
            ),
        }
    }
    // Names: the C names, untyped where the C name is.
    assert_eq!(
        format!("{:?}", UnaryOp::of::<bool>(UnaryOpcode::Lnot).unwrap()),
        "UnaryOp(WEFT_LNOT)"
    );
    assert_eq!(
        format!("{:?}", BinaryOp::of::<bool>(BinaryOpcode::Lxnor).unwrap()),
        "BinaryOp(WEFT_LXNOR)"
    );
    assert_eq!(
        format!("{:?}", BinaryOp::of::<f32>(BinaryOpcode::Ge).unwrap()),
        "BinaryOp(WEFT_GE_FP32)"
    );
    assert_eq!(
        format!(
            "{:?}",
            IndexUnaryOp::predefined(IndexUnaryOpcode::Offdiag, None).unwrap()
        ),
        "IndexUnaryOp(WEFT_OFFDIAG)"
    );
    assert_eq!(
        format!("{:?}", IndexUnaryOp::of::<i32>(IndexUnaryOpcode::DiagIndex).unwrap()),
        "IndexUnaryOp(WEFT_DIAGINDEX_INT32)"
    );
    // What does not exist.
    assert!(UnaryOp::of::<i32>(UnaryOpcode::Minv).is_none());
    assert!(UnaryOp::of::<i32>(UnaryOpcode::Lnot).is_none());
    assert!(BinaryOp::of::<f64>(BinaryOpcode::Bor).is_none());
    assert!(BinaryOp::of::<i8>(BinaryOpcode::Lor).is_none());
    assert!(IndexUnaryOp::of::<u8>(IndexUnaryOpcode::RowIndex).is_none());
    assert!(IndexUnaryOp::predefined(IndexUnaryOpcode::ValueEq, None).is_none());
    // A predefined handle is never owned: wrapping it as owned and dropping frees nothing.
    let plus = BinaryOp::of::<i32>(BinaryOpcode::Plus).unwrap();
    // SAFETY: a live predefined handle.
    drop(unsafe { BinaryOp::from_raw(plus.as_raw(), true) });
    assert!(plus.types().is_ok());
}

#[test]
fn predefined_functions_compute() {
    let plus = BinaryOp::of::<i32>(BinaryOpcode::Plus).unwrap().function().unwrap();
    let mut z = 0i32;
    // SAFETY: three i32 elements.
    unsafe {
        plus(
            &mut z as *mut i32 as *mut c_void,
            &i32::MAX as *const i32 as *const c_void,
            &1i32 as *const i32 as *const c_void,
        )
    };
    assert_eq!(z, i32::MIN, "integer PLUS wraps");
    let ainv = UnaryOp::of::<f64>(UnaryOpcode::Ainv).unwrap().function().unwrap();
    let mut r = 0f64;
    // SAFETY: two f64 elements.
    unsafe {
        ainv(
            &mut r as *mut f64 as *mut c_void,
            &2.5f64 as *const f64 as *const c_void,
        )
    };
    assert_eq!(r, -2.5);
    let tril = IndexUnaryOp::predefined(IndexUnaryOpcode::Tril, None)
        .unwrap()
        .function()
        .unwrap();
    let mut keep = false;
    let zero = 0i64;
    for (i, j, want) in [(3, 1, true), (1, 3, false), (2, 2, true)] {
        // SAFETY: z BOOL, any x (ignored), thunk INT64.
        unsafe {
            tril(
                &mut keep as *mut bool as *mut c_void,
                &r as *const f64 as *const c_void,
                i,
                j,
                &zero as *const i64 as *const c_void,
            )
        };
        assert_eq!(keep, want, "TRIL at ({i}, {j})");
    }
}

#[test]
fn predefined_monoids_and_terminals() {
    assert_eq!(Monoid::PREDEFINED.len(), 105);
    let mut seen = HashSet::new();
    for &(op, p) in Monoid::PREDEFINED {
        let m = Monoid::predefined(op, p).unwrap();
        assert!(seen.insert(m.as_raw() as usize), "{m:?} is distinct");
        assert_eq!(m.domain().unwrap().as_predefined(), Some(p));
        let o = m.operator().unwrap();
        let (z, x, y) = o.types().unwrap();
        assert_eq!(
            (z.as_predefined(), x.as_predefined(), y.as_predefined()),
            (Some(p), Some(p), Some(p)),
            "operator of {m:?}"
        );
        let terminal = m.terminal_bytes().unwrap();
        let n = Datatype::predefined(p).size() as usize;
        let ones = vec![0xffu8; n];
        let zeros = vec![0u8; n];
        let want: Option<Vec<u8>> = match (op, p) {
            (MonoidOp::Times, Predefined::Float | Predefined::Double) => None,
            (MonoidOp::Times | MonoidOp::Band, _) => Some(zeros.clone()),
            (MonoidOp::Bor, Predefined::Bool) | (MonoidOp::Lor, _) => {
                let mut v = zeros.clone();
                v[0] = 1;
                Some(v)
            }
            (MonoidOp::Land, _) => Some(zeros.clone()),
            (MonoidOp::Bor, _) => Some(ones.clone()),
            // (a later NaN would still change the result)
            (MonoidOp::Min | MonoidOp::Max, Predefined::Float | Predefined::Double) => None,
            (MonoidOp::Min, _) => Some(int_limit(p, false)),
            (MonoidOp::Max, _) => Some(int_limit(p, true)),
            (MonoidOp::Any, _) => Some(zeros.clone()), // every value; weft reports 0
            (MonoidOp::Plus | MonoidOp::Lxor | MonoidOp::Lxnor | MonoidOp::Bxor | MonoidOp::Bxnor, _) => None,
        };
        assert_eq!(terminal, want, "terminal of {m:?}");
        // The operator: the predefined one of the same name and type where it has a name.
        let named = match op {
            MonoidOp::Land | MonoidOp::Lor | MonoidOp::Lxor | MonoidOp::Lxnor if p == Predefined::Bool => {
                let b = match op {
                    MonoidOp::Land => BinaryOpcode::Land,
                    MonoidOp::Lor => BinaryOpcode::Lor,
                    MonoidOp::Lxor => BinaryOpcode::Lxor,
                    _ => BinaryOpcode::Lxnor,
                };
                BinaryOp::predefined(b, p)
            }
            MonoidOp::Land | MonoidOp::Lor => None,
            MonoidOp::Band | MonoidOp::Bor if p == Predefined::Bool => None,
            _ => BinaryOpcode::ALL
                .iter()
                .find(|b| b.name() == op.name())
                .and_then(|&b| BinaryOp::predefined(b, p)),
        };
        match named {
            Some(b) => assert_eq!(o.as_raw(), b.as_raw(), "operator of {m:?} is {b:?}"),
            None => assert!(o.as_predefined().is_none(), "operator of {m:?} has no WEFT_ name"),
        }
        assert_eq!(
            m.function().unwrap() as *const () as usize,
            o.function().unwrap() as *const () as usize
        );
    }
    // The identities of the monoids new in weft/algebra.h (the others: tests/indexer).
    assert!(!Monoid::of::<bool>(MonoidOp::Lxor)
        .unwrap()
        .identity::<u8>()
        .map(|v| v != 0)
        .unwrap());
    assert_eq!(
        Monoid::of::<bool>(MonoidOp::Lxnor).unwrap().identity::<u8>().unwrap(),
        1
    );
    assert_eq!(Monoid::of::<u16>(MonoidOp::Bxor).unwrap().identity::<u16>().unwrap(), 0);
    assert_eq!(
        Monoid::of::<i32>(MonoidOp::Bxnor).unwrap().identity::<i32>().unwrap(),
        -1
    );
    assert_eq!(
        Monoid::of::<f64>(MonoidOp::Any).unwrap().identity::<f64>().unwrap(),
        0.0
    );
    assert_eq!(
        Monoid::of::<u8>(MonoidOp::Bxor)
            .unwrap()
            .apply(&0b1100u8, &0b1010)
            .unwrap(),
        0b0110
    );
    assert_eq!(
        Monoid::of::<u8>(MonoidOp::Bxnor)
            .unwrap()
            .apply(&0b1100u8, &0b1010)
            .unwrap(),
        0b1111_1001
    );
    assert_eq!(
        Monoid::of::<i64>(MonoidOp::Times).unwrap().terminal::<i64>().unwrap(),
        Some(0)
    );
    assert_eq!(
        Monoid::of::<i64>(MonoidOp::Plus).unwrap().terminal::<i64>().unwrap(),
        None
    );
    // accepts: a predefined type of the same representation
    let plus = Monoid::of::<i32>(MonoidOp::Plus).unwrap();
    assert!(plus.accepts(&Datatype::int()).unwrap());
    assert!(plus.accepts(&Datatype::integer()).unwrap());
    assert!(!plus.accepts(&Datatype::double()).unwrap());
    // too small a T for an element
    let e = Monoid::of::<f64>(MonoidOp::Max).unwrap().terminal::<f32>().unwrap_err();
    assert_eq!(e.status(), Status::IndexOutOfBounds);
    assert!(e.message().starts_with("Monoid::terminal: "), "{}", e.message());
}

fn int_limit(p: Predefined, max: bool) -> Vec<u8> {
    use Predefined::*;
    match (p, max) {
        (Int8, true) => i8::MAX.to_ne_bytes().to_vec(),
        (Int8, false) => i8::MIN.to_ne_bytes().to_vec(),
        (Int16, true) => i16::MAX.to_ne_bytes().to_vec(),
        (Int16, false) => i16::MIN.to_ne_bytes().to_vec(),
        (Int32, true) => i32::MAX.to_ne_bytes().to_vec(),
        (Int32, false) => i32::MIN.to_ne_bytes().to_vec(),
        (Int64, true) => i64::MAX.to_ne_bytes().to_vec(),
        (Int64, false) => i64::MIN.to_ne_bytes().to_vec(),
        (Uint8 | Uint16 | Uint32 | Uint64, true) => vec![0xff; Datatype::predefined(p).size() as usize],
        (Uint8 | Uint16 | Uint32 | Uint64, false) => vec![0; Datatype::predefined(p).size() as usize],
        _ => unreachable!(),
    }
}

#[test]
fn predefined_semirings() {
    assert_eq!(Semiring::PREDEFINED.len(), 188);
    let mut seen = HashSet::new();
    for &(add, mul, p) in Semiring::PREDEFINED {
        let s = Semiring::predefined(add, mul, p).unwrap();
        assert!(seen.insert(s.as_raw() as usize), "{s:?} is distinct");
        assert_eq!(s.as_predefined(), Some((add, mul, p)));
        assert_eq!(s.add().unwrap().as_predefined(), Some((add, p)), "add of {s:?}");
        let m = s.multiply().unwrap();
        assert_eq!(m.types().unwrap().0.as_predefined(), Some(p), "multiply of {s:?}");
        if let Some(want) = BinaryOp::predefined(mul, p) {
            assert_eq!(m.as_raw(), want.as_raw(), "multiply of {s:?}");
        }
    }
    // GraphBLAS's 124 and the 64 beyond: a few by name.
    assert!(Semiring::of::<bool>(MonoidOp::Lxnor, BinaryOpcode::Lor).is_some());
    assert!(Semiring::of::<bool>(MonoidOp::Lor, BinaryOpcode::Pair).is_some());
    assert!(Semiring::of::<bool>(MonoidOp::Plus, BinaryOpcode::Times).is_none());
    assert!(Semiring::of::<u64>(MonoidOp::Any, BinaryOpcode::Second).is_some());
    assert_eq!(
        format!("{:?}", Semiring::of::<i8>(MonoidOp::Max, BinaryOpcode::Min).unwrap()),
        "Semiring(WEFT_MAX_MIN_SEMIRING_INT8)"
    );
}

#[test]
fn user_operators_and_monoids() {
    let d = Datatype::double();
    let op = BinaryOp::new(hypot2, &d, &d, &d).unwrap();
    assert!(!op.is_predefined() && op.as_predefined().is_none());
    assert!(format!("{op:?}").starts_with("BinaryOp(0x"));
    assert_eq!(
        op.function().unwrap() as *const () as usize,
        hypot2 as *const () as usize
    );
    {
        let (z, x, y) = op.types().unwrap();
        assert_eq!(
            (z.as_raw(), x.as_raw(), y.as_raw()),
            (d.as_raw(), d.as_raw(), d.as_raw())
        );
    }
    // (x*x + y*y is not associative: a monoid only records the caller's promise)
    let m = Monoid::from_op(&op, &0.0f64, None).unwrap();
    let mt = Monoid::from_op(&op, &0.0f64, Some(&f64::MAX)).unwrap();
    assert_eq!(m.operator().unwrap().as_raw(), op.as_raw());
    assert_eq!(m.terminal::<f64>().unwrap(), None);
    assert_eq!(mt.terminal::<f64>().unwrap(), Some(f64::MAX));
    assert_eq!(mt.terminal_bytes().unwrap(), Some(f64::MAX.to_ne_bytes().to_vec()));
    // The monoids keep the operator; its handle dies with `op`.
    drop(op);
    assert_eq!(m.apply(&3.0f64, &4.0).unwrap(), 25.0);
    assert_eq!(mt.apply(&1.0f64, &2.0).unwrap(), 5.0);
    assert_eq!(
        m.function().unwrap() as *const () as usize,
        hypot2 as *const () as usize
    );
    let e = m.operator().unwrap_err();
    assert_eq!(e.status(), Status::InvalidHandle);
    assert!(
        e.message()
            .starts_with("Monoid::operator: the operator's handle is no longer live"),
        "{}",
        e.message()
    );

    // Monoid::new makes (and keeps) its own operator: domain three times.
    let mn = Monoid::new(&d, hypot2, &0.0f64).unwrap();
    {
        let o = mn.operator().unwrap();
        assert!(!o.is_predefined());
        assert_eq!(
            o.function().unwrap() as *const () as usize,
            hypot2 as *const () as usize
        );
        let (z, x, y) = o.types().unwrap();
        assert_eq!(
            (z.as_raw(), x.as_raw(), y.as_raw()),
            (d.as_raw(), d.as_raw(), d.as_raw())
        );
    }
    assert_eq!(mn.apply(&1.0f64, &2.0).unwrap(), 5.0);
    assert_eq!(mn.identity_bytes().unwrap(), 0f64.to_ne_bytes().to_vec());
    // into_raw / from_raw keep the monoid (and free the operator's handle it made).
    // SAFETY: the handle from into_raw, transferred back.
    let mn = unsafe { Monoid::from_raw(mn.into_raw(), true) };
    assert_eq!(mn.apply(&2.0f64, &2.0).unwrap(), 8.0);
    assert_eq!(mn.operator().unwrap_err().status(), Status::InvalidHandle);

    // A monoid on a predefined operator, with a terminal.
    let max = BinaryOp::of::<u8>(BinaryOpcode::Max).unwrap();
    let m8 = Monoid::from_op(&max, &0u8, Some(&u8::MAX)).unwrap();
    assert_eq!(
        m8.operator().unwrap().as_predefined(),
        Some((BinaryOpcode::Max, Predefined::Uint8))
    );
    assert_eq!(
        (m8.apply(&3u8, &9).unwrap(), m8.terminal::<u8>().unwrap()),
        (9, Some(255))
    );

    // Unary and index-unary operators.
    let neg = UnaryOp::new(negate, &d, &d).unwrap();
    assert_eq!(
        neg.function().unwrap() as *const () as usize,
        negate as *const () as usize
    );
    let f = neg.function().unwrap();
    let mut r = 0f64;
    // SAFETY: two f64 elements.
    unsafe {
        f(
            &mut r as *mut f64 as *mut c_void,
            &1.5f64 as *const f64 as *const c_void,
        )
    };
    assert_eq!(r, -1.5);
    let band = IndexUnaryOp::new(near_diagonal, &Datatype::bool(), &d, &Datatype::int64()).unwrap();
    {
        let (z, x, t) = band.types().unwrap();
        assert_eq!(z.as_predefined(), Some(Predefined::Bool));
        assert_eq!(x.map(|x| x.as_raw()), Some(d.as_raw()));
        assert_eq!(t.as_predefined(), Some(Predefined::Int64));
    }
    let f = band.function().unwrap();
    let mut keep = false;
    // SAFETY: z BOOL, x FP64, thunk INT64.
    unsafe {
        f(
            &mut keep as *mut bool as *mut c_void,
            &1.5f64 as *const f64 as *const c_void,
            4,
            5,
            &1i64 as *const i64 as *const c_void,
        )
    };
    assert!(keep);
}

#[test]
fn operator_with_source_and_jit_switch() {
    let d = Datatype::double();
    // SAFETY: my_times and MY_TIMES_C touch one f64 element each of z, x, y.
    let op = unsafe { BinaryOp::with_source(my_times, &d, &d, &d, "my_times", MY_TIMES_C) }.unwrap();
    assert!(!op.is_predefined());
    assert_eq!(
        op.function().unwrap() as *const () as usize,
        my_times as *const () as usize
    );
    // weft's check of the name, and the binding's (a NUL would end the C string early).
    // SAFETY: as above (nothing is made).
    let e = unsafe { BinaryOp::with_source(my_times, &d, &d, &d, "1abc", MY_TIMES_C) }.unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    assert!(
        e.message().starts_with("weft_binary_op_new_source: "),
        "{}",
        e.message()
    );
    // SAFETY: as above.
    let e = unsafe { BinaryOp::with_source(my_times, &d, &d, &d, "my\0times", MY_TIMES_C) }.unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    assert_eq!(e.message(), "BinaryOp::with_source: name holds a NUL byte (at byte 2)");
    drop(op);

    // The process-wide switch (results do not depend on it: other tests may run meanwhile).
    let was = sparse::jit().unwrap();
    sparse::set_jit(false).unwrap();
    assert!(!sparse::jit().unwrap());
    sparse::set_jit(true).unwrap();
    assert!(sparse::jit().unwrap());
    // SAFETY: a plain int argument.
    assert_eq!(unsafe { weft::sys::weft_set_jit(2) }, weft::sys::WEFT_INVALID_VALUE);
    sparse::set_jit(was).unwrap();
    assert!(sparse::stat(Stat::JitRuns).unwrap() >= 0);
}

#[test]
fn user_semirings() {
    let d = Datatype::double();
    let times = BinaryOp::new(hypot2, &d, &d, &d).unwrap();
    let add = Monoid::of::<f64>(MonoidOp::Max).unwrap();
    let s = Semiring::new(&add, &times).unwrap();
    assert!(!s.is_predefined());
    assert_eq!(s.add().unwrap().as_raw(), add.as_raw());
    assert_eq!(s.multiply().unwrap().as_raw(), times.as_raw());
    drop(times);
    // The semiring keeps its multiplication; the handle is gone.
    assert_eq!(s.multiply().unwrap_err().status(), Status::InvalidHandle);
    assert_eq!(
        s.add().unwrap().as_predefined(),
        Some((MonoidOp::Max, Predefined::Double))
    );

    // A user-defined monoid as the addition.
    let plus = BinaryOp::of::<i64>(BinaryOpcode::Plus).unwrap();
    let sum = Monoid::from_op(&plus, &0i64, None).unwrap();
    let s2 = Semiring::new(&sum, &BinaryOp::of::<i64>(BinaryOpcode::Times).unwrap()).unwrap();
    assert_eq!(s2.add().unwrap().apply(&2i64, &40).unwrap(), 42);
    assert_eq!(
        s2.multiply().unwrap().as_predefined(),
        Some((BinaryOpcode::Times, Predefined::Int64))
    );
    drop(sum);
    assert_eq!(s2.add().unwrap_err().status(), Status::InvalidHandle);
    drop(s2);
    drop(s);

    fn send_sync<T: Send + Sync>() {}
    send_sync::<UnaryOp>();
    send_sync::<BinaryOp>();
    send_sync::<IndexUnaryOp>();
    send_sync::<Monoid>();
    send_sync::<Semiring>();
}

#[test]
fn algebra_errors() {
    let d = Datatype::double();
    // weft's: a domain without data, a monoid whose operator has two domains, a semiring
    // whose multiplication does not give the monoid's domain.
    let empty = Datatype::contiguous(0, &Datatype::int()).unwrap();
    let e = BinaryOp::new(hypot2, &empty, &empty, &empty).unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    assert!(e.message().starts_with("weft_binary_op_new: "), "{}", e.message());
    assert_eq!(status(UnaryOp::new(negate, &d, &empty)), Status::InvalidValue);
    assert_eq!(
        status(IndexUnaryOp::new(near_diagonal, &Datatype::bool(), &d, &empty)),
        Status::InvalidValue
    );
    assert_eq!(status(Monoid::new(&empty, hypot2, &0u64)), Status::InvalidValue);
    let lt = BinaryOp::of::<f64>(BinaryOpcode::Lt).unwrap();
    let e = Monoid::from_op(&lt, &0.0f64, None).unwrap_err();
    assert_eq!(e.status(), Status::DomainMismatch);
    assert!(e.message().starts_with("weft_monoid_new: "), "{}", e.message());
    assert_eq!(
        status(Monoid::from_op(&lt, &0.0f64, Some(&0.0))),
        Status::DomainMismatch,
        "weft_monoid_new_terminal"
    );
    let e = Semiring::new(
        &Monoid::of::<f64>(MonoidOp::Plus).unwrap(),
        &BinaryOp::of::<i32>(BinaryOpcode::Times).unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.status(), Status::DomainMismatch);
    assert!(e.message().starts_with("weft_semiring_new: "), "{}", e.message());
    assert_eq!(
        status(Semiring::new(&Monoid::of::<bool>(MonoidOp::Lor).unwrap(), &lt)),
        Status::Success,
        "LT_FP64 gives BOOL: a semiring on LOR_BOOL"
    );

    // The binding's: an identity or terminal smaller than an element, before any C call.
    let plus = BinaryOp::of::<f64>(BinaryOpcode::Plus).unwrap();
    let e = Monoid::from_op(&plus, &0i32, None).unwrap_err();
    assert_eq!(e.status(), Status::IndexOutOfBounds);
    assert_eq!(
        e.message(),
        "Monoid::from_op: an element of the domain is bytes [0, 8) of identity, which has 4 bytes"
    );
    // (identity and terminal are one T: proving the identity proves the terminal)
    assert_eq!(
        status(Monoid::from_op(&plus, &[0f32; 2], Some(&[1f32; 2]))),
        Status::Success
    );
    let e = Monoid::new(&d, hypot2, &0f32).unwrap_err();
    assert_eq!(e.status(), Status::IndexOutOfBounds);
    assert!(e.message().starts_with("Monoid::new: "), "{}", e.message());
    assert_eq!(
        status(Monoid::from_bytes(&d, hypot2, &[0u8; 7])),
        Status::IndexOutOfBounds
    );

    // Freeing a predefined object is refused by weft (the crate never tries).
    let mut raw = plus.as_raw();
    // SAFETY: a valid pointer to a handle.
    let st = unsafe { weft::sys::weft_binary_op_free(&mut raw) };
    assert_eq!(st, weft::sys::WEFT_INVALID_VALUE);
    assert_eq!(raw, plus.as_raw(), "the handle is left alone");
    let mut sr = Semiring::of::<f64>(MonoidOp::Plus, BinaryOpcode::Times)
        .unwrap()
        .as_raw();
    // SAFETY: as above.
    assert_eq!(
        unsafe { weft::sys::weft_semiring_free(&mut sr) },
        weft::sys::WEFT_INVALID_VALUE
    );
}
