//! Monoids in the indexer: user-defined ones on #[repr(C)] struct units, and the
//! predefined ones with their identities.

use crate::support::*;

/// A running summary: sum and count, and the max/min of a tag.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Acc {
    pub(crate) sum: f64,
    pub(crate) count: i64,
    pub(crate) max: i32,
    pub(crate) min: i32,
}
unsafe impl Pod for Acc {}

pub(crate) extern "C" fn acc_op(z: *mut c_void, x: *const c_void, y: *const c_void) {
    // SAFETY: weft passes elements of the Acc unit (maybe unaligned).
    unsafe {
        let a = (x as *const Acc).read_unaligned();
        let b = (y as *const Acc).read_unaligned();
        (z as *mut Acc).write_unaligned(Acc {
            sum: a.sum + b.sum,
            count: a.count + b.count,
            max: a.max.max(b.max),
            min: a.min.min(b.min),
        });
    }
}

/// A point whose middle field the unit skips (extent 16, data at [0,4) and [8,16)).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Pt {
    pub(crate) x: i32,
    pub(crate) tag: i32,
    pub(crate) y: f64,
}
unsafe impl Pod for Pt {}

pub(crate) extern "C" fn pt_op(z: *mut c_void, x: *const c_void, y: *const c_void) {
    // Only the covered fields: x (sum) and y (max); tag is left as z had it.
    unsafe {
        let (a, b) = ((x as *const Pt).read_unaligned(), (y as *const Pt).read_unaligned());
        let zp = z as *mut u8;
        (zp as *mut i32).write_unaligned(a.x + b.x);
        (zp.add(8) as *mut f64).write_unaligned(a.y.max(b.y));
    }
}

pub(crate) extern "C" fn add_i32_at_origin(z: *mut c_void, x: *const c_void, y: *const c_void) {
    unsafe {
        let v = (x as *const i32).read_unaligned() + (y as *const i32).read_unaligned();
        (z as *mut i32).write_unaligned(v);
    }
}

pub(crate) fn user_monoids(comm: &Comm) {
    let r = comm.rank;
    let (unit, offs) = Datatype::struct_aligned(
        &[1, 1, 1, 1],
        &[
            &Datatype::double(),
            &Datatype::int64(),
            &Datatype::int32(),
            &Datatype::int32(),
        ],
    )
    .unwrap();
    assert_eq!(offs, vec![0, 8, 16, 20]);
    let unit = unit.committed().unwrap();
    assert_eq!(unit.extent() as usize, std::mem::size_of::<Acc>());
    let ident = Acc {
        sum: 0.0,
        count: 0,
        max: i32::MIN,
        min: i32::MAX,
    };
    let m = Monoid::new(&unit, acc_op, &ident).unwrap();
    assert!(!m.is_predefined());
    assert_eq!(m.identity::<Acc>().unwrap(), ident);
    assert_eq!(
        m.domain().unwrap().as_raw(),
        unit.as_raw(),
        "domain() is the unit object"
    );
    let one = Acc {
        sum: 1.5,
        count: 1,
        max: 7,
        min: 7,
    };
    assert_eq!(m.apply(&ident, &one).unwrap(), one);

    // Everybody sends, to every global item, an Acc of its rank; count 2 units per item.
    for seed in 0..4u64 {
        let p = Problem::random(comm.size, 77 + seed, 2);
        let gi = p.indexer(comm);
        let (lo, dn) = (p.lo(r), p.dn(r));
        let mk = |rr: usize, k: usize, i: usize, u: usize| Acc {
            sum: val(seed, rr, k, i, u) as f64 * 0.25,
            count: 1,
            max: (rr * 10 + i) as i32,
            min: -((rr * 10 + i + u) as i32),
        };
        let parts: Vec<Vec<Acc>> = p.idx[r]
            .iter()
            .enumerate()
            .map(|(k, q)| (0..q.len() * 2).map(|x| mk(r, k, x / 2, x % 2)).collect())
            .collect();
        let prefs: Vec<&[Acc]> = parts.iter().map(|v| v.as_slice()).collect();
        let mut sim = vec![ident; p.n() * 2];
        for (rr, k, i, g) in p.arrivals() {
            for u in 0..2 {
                let a = sim[g * 2 + u];
                let b = mk(rr, k, i, u);
                sim[g * 2 + u] = Acc {
                    sum: a.sum + b.sum,
                    count: a.count + b.count,
                    max: a.max.max(b.max),
                    min: a.min.min(b.min),
                };
            }
        }
        let got = gi.put_alloc(&prefs, 2, &unit, Some(&m)).unwrap();
        assert_eq!(
            got,
            sim[lo * 2..(lo + dn) * 2].to_vec(),
            "put_alloc with a struct monoid"
        );
        let mut d = vec![ident; dn * 2];
        gi.put(&prefs, 2, &unit, Some(&m), &mut d).unwrap();
        assert_eq!(d, got, "put with a struct monoid");
        // Take of the struct unit gives back the owners' items.
        let mut back: Vec<Vec<Acc>> = p.idx[r].iter().map(|q| vec![ident; q.len() * 2]).collect();
        gi.take(&d, 2, &unit, slices_mut(&mut back)).unwrap();
        for (k, q) in p.idx[r].iter().enumerate() {
            let want: Vec<Acc> = q
                .iter()
                .flat_map(|&g| [sim[g as usize * 2], sim[g as usize * 2 + 1]])
                .collect();
            assert_eq!(back[k], want, "take of the struct unit");
        }
    }

    // A unit with a hole: Pt's tag is not part of it, so weft leaves it alone.
    let inner = Datatype::structure(&[1, 1], &[0, 8], &[&Datatype::int32(), &Datatype::double()]).unwrap();
    let pt = Datatype::resized(&inner, 0, 16).unwrap().committed().unwrap();
    drop(inner);
    let dom = pt.dup().unwrap().committed().unwrap();
    let pm = Monoid::new(
        &dom,
        pt_op,
        &Pt {
            x: 0,
            tag: 0,
            y: f64::NEG_INFINITY,
        },
    )
    .unwrap();
    {
        let d = pm.domain().unwrap();
        assert_eq!((d.size(), d.extent(), d.as_raw()), (12, 16, dom.as_raw()));
    }
    let p = Problem::random(comm.size, 4242, 1);
    let gi = p.indexer(comm);
    let (lo, dn) = (p.lo(r), p.dn(r));
    let part: Vec<Pt> = (0..p.idx[r][0].len())
        .map(|i| Pt {
            x: (r * 100 + i) as i32,
            tag: 5,
            y: val(9, r, 0, i, 0) as f64,
        })
        .collect();
    // The monoid's domain is its own type object: pt is not it (same typemap, another object).
    let res = gi.put(&part, 1, &pt, Some(&pm), &mut vec![Pt { x: 0, tag: 0, y: 0.0 }; dn]);
    same_status(comm, "monoid on another type object", &res, Status::DomainMismatch);
    let mut d: Vec<Pt> = (0..dn)
        .map(|j| Pt {
            x: 1,
            tag: -(j as i32) - 1,
            y: f64::NEG_INFINITY,
        })
        .collect();
    gi.put(&part, 1, &dom, Some(&pm), &mut d).unwrap();
    let mut sim: Vec<(i32, f64)> = vec![(1, f64::NEG_INFINITY); p.n()];
    for (rr, _, i, g) in p.arrivals() {
        sim[g].0 += (rr * 100 + i) as i32;
        sim[g].1 = sim[g].1.max(val(9, rr, 0, i, 0) as f64);
    }
    for j in 0..dn {
        assert_eq!(
            d[j],
            Pt {
                x: sim[lo + j].0,
                tag: -(j as i32) - 1,
                y: sim[lo + j].1
            },
            "hole kept"
        );
    }
    // Allocating: the hole is zero in the returned vector.
    let a = gi.put_alloc(&part, 1, &dom, Some(&pm)).unwrap();
    for j in 0..dn {
        assert_eq!(
            a[j],
            Pt {
                x: sim[lo + j].0 - 1,
                tag: 0,
                y: sim[lo + j].1
            },
            "hole zero"
        );
    }
    // take leaves the parts' holes alone
    let mut t: Vec<Pt> = (0..p.idx[r][0].len()).map(|_| Pt { x: 0, tag: 99, y: 0.0 }).collect();
    gi.take(&d, 1, &dom, &mut t).unwrap();
    for (i, &g) in p.idx[r][0].iter().enumerate() {
        assert_eq!(
            t[i],
            Pt {
                x: sim[g as usize].0,
                tag: 99,
                y: sim[g as usize].1
            }
        );
    }
    // A domain whose lb is not 0 (MPI-1 markers: lb -8, int32 at 0, extent 16): the
    // operator's pointers are the elements' origins (displacement 0), not their lb; an
    // element is the extent's 16 bytes from the origin (weft/algebra.h), so the identity
    // is a [i32; 4].
    let shifted = Datatype::structure(
        &[1, 1, 1],
        &[-8, 0, 8],
        &[&Datatype::lb_marker(), &Datatype::int32(), &Datatype::ub_marker()],
    )
    .unwrap()
    .committed()
    .unwrap();
    assert_eq!((shifted.lb(), shifted.extent()), (-8, 16));
    assert_eq!(
        Monoid::new(&shifted, add_i32_at_origin, &0i32).unwrap_err().status(),
        Status::IndexOutOfBounds,
        "an i32 identity is 4 of the element's 16 bytes"
    );
    let sm = Monoid::new(&shifted, add_i32_at_origin, &[0i32; 4]).unwrap();
    assert_eq!(sm.identity::<[i32; 4]>().unwrap(), [0; 4]);
    let part: Vec<[i32; 4]> = (0..p.idx[r][0].len())
        .map(|i| [(r * 10 + i) as i32, -7, -7, -7])
        .collect();
    let mut d: Vec<[i32; 4]> = vec![[100, 5, 5, 5]; dn];
    gi.put(&part, 1, &shifted, Some(&sm), &mut d).unwrap();
    let mut sim = vec![100i32; p.n()];
    for (rr, _, i, g) in p.arrivals() {
        sim[g] += (rr * 10 + i) as i32;
    }
    for j in 0..dn {
        assert_eq!(d[j], [sim[lo + j], 5, 5, 5], "monoid on a domain with lb -8");
    }
    let a = gi.put_alloc(&part, 1, &shifted, Some(&sm)).unwrap();
    for j in 0..dn {
        assert_eq!(a[j], [sim[lo + j] - 100, 0, 0, 0], "put_alloc, domain with lb -8");
    }

    // The monoid keeps its domain object, not the handle: once the last Datatype naming
    // it is gone, domain() reports the handle as dead (or, should weft keep it live,
    // still returns that object).
    let raw = dom.as_raw();
    drop(dom);
    match pm.domain() {
        Ok(d) => assert_eq!(d.as_raw(), raw),
        Err(e) => assert_eq!(e.status(), Status::InvalidHandle),
    }
    drop(pm);

    comm.barrier();
    if comm.rank == 0 {
        println!("  user-defined monoids on #[repr(C)] struct units ok");
    }
}

pub(crate) fn predefined_monoids() {
    assert_eq!(Monoid::PREDEFINED.len(), 105);
    for &(op, p) in Monoid::PREDEFINED {
        let m = Monoid::predefined(op, p).unwrap();
        assert_eq!(m.as_predefined(), Some((op, p)));
        assert_eq!(m.domain().unwrap().as_predefined(), Some(p));
        let bytes = m.identity_bytes().unwrap();
        let want: Vec<u8> = match (op, p) {
            (MonoidOp::Plus | MonoidOp::Lor | MonoidOp::Bor | MonoidOp::Lxor | MonoidOp::Bxor | MonoidOp::Any, _) => {
                vec![0; bytes.len()]
            }
            (MonoidOp::Band | MonoidOp::Bxnor, _) if p != Predefined::Bool => vec![0xff; bytes.len()],
            (MonoidOp::Band | MonoidOp::Land | MonoidOp::Lxnor, Predefined::Bool) => vec![1],
            (MonoidOp::Times | MonoidOp::Land, Predefined::Float) => 1f32.to_ne_bytes().to_vec(),
            (MonoidOp::Times | MonoidOp::Land, Predefined::Double) => 1f64.to_ne_bytes().to_vec(),
            (MonoidOp::Times | MonoidOp::Land, _) => {
                let mut v = vec![0; bytes.len()];
                v[0] = 1; // little endian
                v
            }
            (MonoidOp::Min, Predefined::Float) => f32::INFINITY.to_ne_bytes().to_vec(),
            (MonoidOp::Min, Predefined::Double) => f64::INFINITY.to_ne_bytes().to_vec(),
            (MonoidOp::Max, Predefined::Float) => f32::NEG_INFINITY.to_ne_bytes().to_vec(),
            (MonoidOp::Max, Predefined::Double) => f64::NEG_INFINITY.to_ne_bytes().to_vec(),
            (MonoidOp::Min, _) => int_limit(p, true),
            (MonoidOp::Max, _) => int_limit(p, false),
            _ => unreachable!(),
        };
        assert_eq!(bytes, want, "identity of {m:?}");
    }
    assert!(Monoid::of::<f64>(MonoidOp::Band).is_none());
    assert!(Monoid::of::<bool>(MonoidOp::Plus).is_none());
    assert_eq!(
        Monoid::of::<i8>(MonoidOp::Plus).unwrap().apply(&100i8, &100).unwrap(),
        -56
    );
    assert_eq!(Monoid::of::<u16>(MonoidOp::Land).unwrap().apply(&6u16, &9).unwrap(), 1);
    assert_eq!(Monoid::of::<i32>(MonoidOp::Band).unwrap().apply(&6i32, &3).unwrap(), 2);
    assert_eq!(
        Monoid::of::<f32>(MonoidOp::Min).unwrap().apply(&-0.5f32, &2.0).unwrap(),
        -0.5
    );
    // Too small a T for the domain.
    let e = Monoid::of::<i64>(MonoidOp::Plus)
        .unwrap()
        .identity::<i32>()
        .unwrap_err();
    assert_eq!(e.status(), Status::IndexOutOfBounds);
    // A domain without data.
    let empty = Datatype::structure(&[1], &[4], &[&Datatype::ub_marker()])
        .unwrap()
        .committed()
        .unwrap();
    assert_eq!(
        Monoid::new(&empty, acc_op, &0u64).unwrap_err().status(),
        Status::InvalidValue
    );
}

pub(crate) fn int_limit(p: Predefined, max: bool) -> Vec<u8> {
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
        (Uint8, true) => u8::MAX.to_ne_bytes().to_vec(),
        (Uint16, true) => u16::MAX.to_ne_bytes().to_vec(),
        (Uint32, true) => u32::MAX.to_ne_bytes().to_vec(),
        (Uint64, true) => u64::MAX.to_ne_bytes().to_vec(),
        (Uint8 | Uint16 | Uint32 | Uint64, false) => vec![0; Datatype::predefined(p).size() as usize],
        _ => unreachable!(),
    }
}
