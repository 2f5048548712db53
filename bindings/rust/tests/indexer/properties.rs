//! Random problems against a serial simulation: take, put (last writer, monoids,
//! floating-point order), put_alloc, take_v, take_v_into, put_v, put_v_into, access
//! counts, single-part against multi-part indexers, gapped units.

use crate::monoids::Pt;
use crate::split_phase::{check_split_phase, check_split_v};
use crate::support::*;

pub(crate) fn check_take_put(comm: &Comm, p: &Problem, gi: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    for c in [1usize, 3] {
        let g = global_items(p.n(), c, s);
        let dist_i32: Vec<i32> = g[lo * c..(lo + dn) * c].iter().map(|&x| x as i32).collect();
        // take, every part
        let mut outs: Vec<Vec<i32>> = p.idx[r].iter().map(|q| vec![-1; q.len() * c]).collect();
        gi.take(&dist_i32, c as i64, &Datatype::int32(), slices_mut(&mut outs))
            .unwrap();
        for (k, q) in p.idx[r].iter().enumerate() {
            let want: Vec<i32> = q
                .iter()
                .flat_map(|&x| (0..c).map(move |u| x as usize * c + u))
                .map(|x| g[x] as i32)
                .collect();
            assert_eq!(outs[k], want, "take c={c} part {k}");
        }

        // put, last writer: values of every rank's parts, simulated globally.
        let parts_v: Vec<Vec<i64>> = (0..p.idx[r].len())
            .map(|k| (0..p.idx[r][k].len() * c).map(|x| val(s, r, k, x / c, x % c)).collect())
            .collect();
        let init: Vec<i64> = (0..dn * c).map(|x| -1 - x as i64).collect();
        let mut sim: Vec<i64> = (0..p.n() * c)
            .map(|x| -1 - (x - p.lo(owner(p, x / c)) * c) as i64)
            .collect();
        let mut sim_plus = sim.clone();
        let mut sim_max = vec![i64::MIN; p.n() * c];
        let mut sim_fsum: Vec<f64> = (0..p.n() * c).map(|x| 0.1 * x as f64).collect();
        let mut sim_bor = vec![0u32; p.n() * c];
        for (rr, k, i, gidx) in p.arrivals() {
            for u in 0..c {
                let v = val(s, rr, k, i, u);
                let at = gidx * c + u;
                sim[at] = v;
                sim_plus[at] += v;
                sim_max[at] = sim_max[at].max(v);
                sim_fsum[at] += v as f64 * 1e-3 + 1e10 * ((v % 3) as f64); // order-sensitive
                sim_bor[at] |= v as u32;
            }
        }
        let mine = |v: &[i64]| v[lo * c..(lo + dn) * c].to_vec();
        let prefs = slices(&parts_v);
        let i64t = Datatype::int64();

        let mut d = init.clone();
        gi.put(&prefs, c as i64, &i64t, None, &mut d).unwrap();
        assert_eq!(d, mine(&sim), "put c={c}");
        let mut d = init.clone();
        let plus = Monoid::of::<i64>(MonoidOp::Plus).unwrap();
        gi.put(&prefs, c as i64, &i64t, Some(&plus), &mut d).unwrap();
        assert_eq!(d, mine(&sim_plus), "put PLUS c={c}");
        let max = Monoid::of::<i64>(MonoidOp::Max).unwrap();
        let d = gi.put_alloc(&prefs, c as i64, &i64t, Some(&max)).unwrap();
        assert_eq!(d, mine(&sim_max), "put_alloc MAX c={c}");
        // floating point: the exact arrival order shows in the bits
        let fparts: Vec<Vec<f64>> = parts_v
            .iter()
            .map(|v| v.iter().map(|&x| x as f64 * 1e-3 + 1e10 * ((x % 3) as f64)).collect())
            .collect();
        let mut fd: Vec<f64> = (lo * c..(lo + dn) * c).map(|x| 0.1 * x as f64).collect();
        let fplus = Monoid::of::<f64>(MonoidOp::Plus).unwrap();
        gi.put(slices(&fparts), c as i64, &Datatype::double(), Some(&fplus), &mut fd)
            .unwrap();
        let fwant = &sim_fsum[lo * c..(lo + dn) * c];
        assert!(
            fd.iter().zip(fwant).all(|(a, b)| a.to_bits() == b.to_bits()),
            "put PLUS fp64 c={c}: {fd:?} vs {fwant:?}"
        );
        // a predefined monoid on a type of the same representation: BOR_UINT32 on WEFT_UNSIGNED
        let uparts: Vec<Vec<u32>> = parts_v.iter().map(|v| v.iter().map(|&x| x as u32).collect()).collect();

        let bor = Monoid::of::<u32>(MonoidOp::Bor).unwrap();
        let ud = gi
            .put_alloc(slices(&uparts), c as i64, &Datatype::unsigned(), Some(&bor))
            .unwrap();
        assert_eq!(ud, sim_bor[lo * c..(lo + dn) * c].to_vec(), "put_alloc BOR c={c}");
    }
}

pub(crate) fn check_var(comm: &Comm, p: &Problem, gi: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    // Global variable items: item g has (g*5 + s) % 4 units g*100 + u.
    let gcount = |g: usize| ((g * 5 + s as usize) % 4) as i64;
    let gvals = |g: usize| (0..gcount(g)).map(move |u| g as i64 * 100 + u);
    let dc: Vec<i64> = (lo..lo + dn).map(gcount).collect();
    let dv: Vec<i64> = (lo..lo + dn).flat_map(gvals).collect();
    let i64t = Datatype::int64();
    let got = gi.take_v_parts(&dc, &dv, &i64t).unwrap();
    assert_eq!(got.len(), p.idx[r].len());
    for (k, q) in p.idx[r].iter().enumerate() {
        let wc: Vec<i64> = q.iter().map(|&g| gcount(g as usize)).collect();
        let wv: Vec<i64> = q.iter().flat_map(|&g| gvals(g as usize)).collect();
        assert_eq!(got[k], (wc, wv), "take_v part {k}");
    }
    // into caller buffers, exact sizes
    let mut cbufs: Vec<Vec<i64>> = p.idx[r].iter().map(|q| vec![0; q.len()]).collect();
    let mut vbufs: Vec<Vec<i64>> = got.iter().map(|(_, v)| vec![0; v.len()]).collect();
    {
        let mut cr: Vec<&mut [i64]> = cbufs.iter_mut().map(|v| v.as_mut_slice()).collect();
        let mut vr: Vec<&mut [i64]> = vbufs.iter_mut().map(|v| v.as_mut_slice()).collect();
        let n = gi.take_v_into(&dc, &dv, &i64t, &mut cr, &mut vr).unwrap();
        assert_eq!(n, got.iter().map(|(_, v)| v.len()).collect::<Vec<_>>());
    }
    for k in 0..got.len() {
        assert_eq!((&cbufs[k], &vbufs[k]), (&got[k].0, &got[k].1), "take_v_into part {k}");
    }

    // put_v: part item (rank, k, i) carries (r + k + i + s) % 3 units.
    let pcount = |rr: usize, k: usize, i: usize| ((rr + k + i + s as usize) % 3) as i64;
    let pvals = |rr: usize, k: usize, i: usize| (0..pcount(rr, k, i)).map(move |u| val(s, rr, k, i, u as usize));
    let parts: Vec<(Vec<i64>, Vec<i64>)> = p.idx[r]
        .iter()
        .enumerate()
        .map(|(k, q)| {
            let c: Vec<i64> = (0..q.len()).map(|i| pcount(r, k, i)).collect();
            let v: Vec<i64> = (0..q.len()).flat_map(|i| pvals(r, k, i)).collect();
            (c, v)
        })
        .collect();
    let pcs: Vec<&[i64]> = parts.iter().map(|(c, _)| c.as_slice()).collect();
    let pvs: Vec<&[i64]> = parts.iter().map(|(_, v)| v.as_slice()).collect();
    let init_c: Vec<i64> = (lo..lo + dn).map(|g| (g % 2) as i64).collect();
    let init_v: Vec<i64> = (lo..lo + dn).filter(|g| g % 2 == 1).map(|g| -(g as i64)).collect();
    for extend in [false, true] {
        for with_init in [false, true] {
            let mut blocks: Vec<Vec<i64>> = (0..p.n())
                .map(|g| {
                    if with_init && g % 2 == 1 {
                        vec![-(g as i64)]
                    } else {
                        vec![]
                    }
                })
                .collect();
            for (rr, k, i, g) in p.arrivals() {
                let b: Vec<i64> = pvals(rr, k, i).collect();
                if extend {
                    blocks[g].extend(b);
                } else {
                    blocks[g] = b;
                }
            }
            let wc: Vec<i64> = (lo..lo + dn).map(|g| blocks[g].len() as i64).collect();
            let wv: Vec<i64> = (lo..lo + dn).flat_map(|g| blocks[g].clone()).collect();
            let init = if with_init {
                Some((init_c.as_slice(), init_v.as_slice()))
            } else {
                None
            };
            let got = gi.put_v(&pcs, &pvs, &i64t, extend, PutVNew { init }).unwrap();
            assert_eq!(got, (wc.clone(), wv.clone()), "put_v extend={extend} init={with_init}");
            check_put_v_into(comm, gi, (&pcs, &pvs), &i64t, extend, init, &wc, &wv, s);
        }
    }

    // access counts
    let mut ac = vec![0i64; dn];
    for (_, _, _, g) in p.arrivals() {
        if g >= lo && g < lo + dn {
            ac[g - lo] += 1;
        }
    }
    assert_eq!(gi.access_counts().unwrap(), ac, "access_counts");
}

/// put_v into caller buffers and in place, one buffer per part, against the owned items `(wc, wv)` the
/// blocking put_v gave: exact room, spare room (untouched after the result), too little
/// room on some ranks (the error carries `needed`, nothing is written there, the other
/// ranks complete), and in place (with too little room: the initial items stay).
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_put_v_into(
    comm: &Comm,
    gi: &Indexer,
    (pcs, pvs): (&[&[i64]], &[&[i64]]),
    unit: &Datatype,
    extend: bool,
    init: Option<(&[i64], &[i64])>,
    wc: &[i64],
    wv: &[i64],
    s: u64,
) {
    let r = comm.rank;
    let dn = wc.len();
    let what = format!("put_v_into extend={extend} init={}", init.is_some());
    // put_v into caller buffers and in place: the units written
    let into = |counts: &mut [i64], values: &mut [i64]| {
        let out = PutVInto { init, counts, values };
        gi.put_v(pcs, pvs, unit, extend, out).map(|(_, _, n)| n)
    };
    let in_place = |counts: &mut [i64], values: &mut [i64]| {
        let out = PutVInPlace { counts, values };
        gi.put_v(pcs, pvs, unit, extend, out).map(|(_, _, n)| n)
    };
    // exact room
    let (mut dc, mut dv) = (vec![SENT; dn], vec![SENT; wv.len()]);
    let n = into(&mut dc, &mut dv).unwrap();
    assert_eq!((n, &dc[..], &dv[..]), (wv.len(), wc, wv), "{what}, exact room");
    // spare room
    let (mut dc, mut dv) = (vec![SENT; dn], vec![SENT; wv.len() + 3]);
    let n = into(&mut dc, &mut dv).unwrap();
    assert_eq!((n, &dc[..], &dv[..n]), (wv.len(), wc, wv), "{what}, spare room");
    assert!(dv[n..].iter().all(|&x| x == SENT), "{what}: written after the result");
    // too little room on some ranks
    let short = !wv.is_empty() && (r + s as usize) % 2 == 0;
    let (mut dc, mut dv) = (vec![SENT; dn], vec![SENT; wv.len() - usize::from(short)]);
    let res = into(&mut dc, &mut dv);
    if short {
        let e = res.unwrap_err();
        assert_eq!(e.status(), Status::InsufficientSpace, "{what}, short: {e}");
        assert_eq!(e.needed(), Some(wv.len()), "{what}, short: needed");
        assert!(
            dc.iter().chain(&dv).all(|&x| x == SENT),
            "{what}, short: nothing is written"
        );
    } else {
        assert_eq!(res.unwrap(), wv.len(), "{what}, others complete");
        assert_eq!((&dc[..], &dv[..]), (wc, wv), "{what}, others complete");
    }
    // in place: the buffers hold the initial items (without init: zero counts)
    let (ic, iv): (Vec<i64>, Vec<i64>) = match init {
        Some((c, v)) => (c.to_vec(), v.to_vec()),
        None => (vec![0; dn], Vec::new()),
    };
    let room = wv.len().max(iv.len());
    let (mut dc, mut dv) = (ic.clone(), iv.clone());
    dv.resize(room + 2, SENT);
    let n = in_place(&mut dc, &mut dv).unwrap();
    assert_eq!((n, &dc[..], &dv[..n]), (wv.len(), wc, wv), "{what}, in place");
    assert!(
        dv[room..].iter().all(|&x| x == SENT),
        "{what}, in place: written after the result"
    );
    // in place with too little room (possible only when the result outgrows the initial
    // items): the initial items stay as they were
    let short = wv.len() > iv.len() && (r + s as usize) % 2 == 1;
    let (mut dc, mut dv) = (ic.clone(), iv.clone());
    dv.resize(if short { wv.len() - 1 } else { wv.len().max(iv.len()) }, SENT);
    let res = in_place(&mut dc, &mut dv);
    if short {
        let e = res.unwrap_err();
        assert_eq!(
            (e.status(), e.needed()),
            (Status::InsufficientSpace, Some(wv.len())),
            "{what}, in place, short"
        );
        assert_eq!(
            (&dc[..], &dv[..iv.len()]),
            (&ic[..], &iv[..]),
            "{what}, in place, short: kept"
        );
        assert!(dv[iv.len()..].iter().all(|&x| x == SENT), "{what}, in place, short");
    } else {
        assert_eq!(res.unwrap(), wv.len());
        assert_eq!(
            (&dc[..], &dv[..wv.len()]),
            (wc, wv),
            "{what}, in place, others complete"
        );
    }
}

/// The variable-size calls with one buffer on a one-part indexer equal the calls with
/// one buffer per part on the multi-part one (same problem).
pub(crate) fn check_single_v(comm: &Comm, p: &Problem, multi: &Indexer, single: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    let u16t = Datatype::uint16();
    let dc: Vec<i64> = (lo..lo + dn).map(|g| ((g + s as usize) % 3) as i64).collect();
    let dv: Vec<u16> = (lo..lo + dn)
        .flat_map(|g| (0..(g + s as usize) % 3).map(move |u| (g * 10 + u) as u16))
        .collect();
    let want_take = multi.take_v_parts(&dc, &dv, &u16t).unwrap().pop().unwrap();
    let q = &p.idx[r][0];
    let pc: Vec<i64> = (0..q.len()).map(|i| ((i + r) % 3) as i64).collect();
    let pv: Vec<u16> = (0..q.len())
        .flat_map(|i| (0..(i + r) % 3).map(move |u| (r * 1000 + i * 10 + u) as u16))
        .collect();
    let init_c: Vec<i64> = (lo..lo + dn).map(|g| (g % 2) as i64).collect();
    let init_v: Vec<u16> = (lo..lo + dn).filter(|g| g % 2 == 1).map(|g| 60000 - g as u16).collect();
    let init = Some((init_c.as_slice(), init_v.as_slice()));
    let extend = s % 2 == 0;
    let (wc, wv) = multi
        .put_v([&pc[..]], [&pv[..]], &u16t, extend, PutVNew { init })
        .unwrap();

    let (mut oc, mut ov) = (vec![0i64; dn], vec![0u16; wv.len()]);
    let out = PutVInto {
        init,
        counts: &mut oc,
        values: &mut ov,
    };
    let (_, _, n) = single.put_v(&pc, &pv, &u16t, extend, out).unwrap();
    assert_eq!((n, &oc, &ov), (wv.len(), &wc, &wv), "put_v_into (single part)");
    let (mut ic, mut iv) = (init_c.clone(), init_v.clone());
    iv.resize(wv.len().max(iv.len()), 0);
    let out = PutVInPlace {
        counts: &mut ic,
        values: &mut iv,
    };
    let (_, _, n) = single.put_v(&pc, &pv, &u16t, extend, out).unwrap();
    assert_eq!(
        (n, &ic, &iv[..n]),
        (wv.len(), &wc, &wv[..]),
        "put_v_in_place (single part)"
    );

    let (mut tc, mut tv) = (vec![0i64; q.len()], vec![0u16; want_take.1.len()]);
    let (mut oc, mut ov) = (vec![0i64; dn], vec![0u16; wv.len()]);
    let (mut ic, mut iv) = (init_c.clone(), init_v.clone());
    iv.resize(wv.len().max(iv.len()), 0);
    scope(|sc| {
        let ra = single.take_v_begin(sc, &dc, &dv, &u16t).unwrap();
        let rb = single.take_v_into_begin(sc, &dc, &dv, &u16t, &mut tc, &mut tv).unwrap();
        let rc = single
            .put_v_begin(sc, &pc, &pv, &u16t, extend, PutVNew { init })
            .unwrap();
        let out = PutVInto {
            init,
            counts: &mut oc,
            values: &mut ov,
        };
        let rd = single.put_v_begin(sc, &pc, &pv, &u16t, extend, out).unwrap();
        let out = PutVInPlace {
            counts: &mut ic,
            values: &mut iv,
        };
        let re = single.put_v_begin(sc, &pc, &pv, &u16t, extend, out).unwrap();
        let (c, v, n) = re.wait().unwrap();
        assert_eq!((&c[..], &v[..n]), (&wc[..], &wv[..]), "put_v_in_place_begin");
        let (c, v, n) = rd.wait().unwrap();
        assert_eq!((&c[..], &v[..], n), (&wc[..], &wv[..], wv.len()), "put_v_into_begin");
        assert_eq!(rc.wait().unwrap(), (wc.clone(), wv.clone()), "put_v_begin");
        let (c, v, n) = rb.wait().unwrap();
        assert_eq!(
            (&c[..], &v[..], n),
            (&want_take.0[..], &want_take.1[..], want_take.1.len()),
            "take_v_into_begin"
        );
        assert_eq!(ra.wait().unwrap(), want_take, "take_v_begin");
    });
    // The unscoped forms, waited at once.
    unsafe {
        let got = single.take_v_begin_unscoped(&dc, &dv, &u16t).unwrap().wait().unwrap();
        assert_eq!(got, want_take, "take_v_begin_unscoped");
        let got = single
            .put_v_begin_unscoped(&pc, &pv, &u16t, extend, PutVNew { init })
            .unwrap()
            .wait()
            .unwrap();
        assert_eq!(got, (wc.clone(), wv.clone()), "put_v_begin_unscoped");
        let (mut tc, mut tv) = (vec![0i64; q.len()], vec![0u16; want_take.1.len()]);
        let (_, _, n) = single
            .take_v_into_begin_unscoped(&dc, &dv, &u16t, &mut tc, &mut tv)
            .unwrap()
            .wait()
            .unwrap();
        assert_eq!(
            (n, &tc, &tv),
            (want_take.1.len(), &want_take.0, &want_take.1),
            "take_v_into_begin_unscoped"
        );
        let (mut oc, mut ov) = (vec![0i64; dn], vec![0u16; wv.len()]);
        let out = PutVInto {
            init,
            counts: &mut oc,
            values: &mut ov,
        };
        let req = single.put_v_begin_unscoped(&pc, &pv, &u16t, extend, out).unwrap();
        drop(req); // dropping waits
        assert_eq!((&oc, &ov), (&wc, &wv), "put_v_into_begin_unscoped");
    }
}

/// Variable items of units with gaps: put_v_into writes only the units' data (a hole
/// keeps the caller's bytes), and a buffer's capacity counts the units whose data fit
/// (the last unit's trailing gap may lie outside the slice).
pub(crate) fn gapped_var(comm: &Comm) {
    let r = comm.rank;
    let p = Problem::random(comm.size, 555, 1);
    let gi = p.indexer(comm);
    let dn = p.dn(r);
    let q = &p.idx[r][0];
    let pc: Vec<i64> = (0..q.len()).map(|i| ((i + r) % 2 + 1) as i64).collect();

    // Pt without its tag: a hole in the middle.
    let inner = Datatype::structure(&[1, 1], &[0, 8], &[&Datatype::int32(), &Datatype::double()]).unwrap();
    let pt = Datatype::resized(&inner, 0, 16).unwrap().committed().unwrap();
    let pv: Vec<Pt> = (0..q.len())
        .flat_map(|i| {
            (0..pc[i]).map(move |u| Pt {
                x: (r * 100 + i * 10 + u as usize) as i32,
                tag: 5,
                y: i as f64 + 0.5,
            })
        })
        .collect();
    let (wc, wv) = gi.put_v(&pc, &pv, &pt, true, PutVNew { init: None }).unwrap(); // holes are zero here
    let blank = Pt { x: 0, tag: -3, y: 0.0 };
    let (mut dc, mut dv) = (vec![0i64; dn], vec![blank; wv.len() + 1]);
    let out = PutVInto {
        init: None,
        counts: &mut dc,
        values: &mut dv,
    };
    let (_, _, n) = gi.put_v(&pc, &pv, &pt, true, out).unwrap();
    assert_eq!((n, &dc), (wv.len(), &wc), "put_v_into, unit with a hole");
    for j in 0..n {
        assert_eq!(dv[j], Pt { tag: -3, ..wv[j] }, "put_v_into keeps the hole");
    }
    assert_eq!(dv[n], blank);

    // int32 padded to extent 8: n units need 8n - 4 bytes.
    let pad = Datatype::resized(&Datatype::int32(), 0, 8)
        .unwrap()
        .committed()
        .unwrap();
    let pv: Vec<i32> = (0..q.len())
        .flat_map(|i| (0..pc[i]).flat_map(move |u| [(r * 100 + i * 10 + u as usize) as i32, 77]))
        .collect();
    let (wc, wv) = gi.put_v(&pc, &pv, &pad, false, PutVNew { init: None }).unwrap();
    let units = wv.len() / 2;
    let short = units > 0 && r % 2 == 1;
    let len = if units == 0 {
        0
    } else if short {
        2 * units - 2
    } else {
        2 * units - 1
    };
    let (mut dc, mut dv) = (vec![SENT; dn], vec![-1i32; len]);
    let out = PutVInto {
        init: None,
        counts: &mut dc,
        values: &mut dv,
    };
    let res = gi.put_v(&pc, &pv, &pad, false, out).map(|(_, _, n)| n);
    if short {
        let e = res.unwrap_err();
        assert_eq!((e.status(), e.needed()), (Status::InsufficientSpace, Some(units)));
        assert!(dc.iter().all(|&x| x == SENT) && dv.iter().all(|&x| x == -1));
    } else {
        assert_eq!(res.unwrap(), units, "the last unit's gap may lie outside the slice");
        assert_eq!(dc, wc);
        for u in 0..units {
            assert_eq!(dv[2 * u], wv[2 * u]);
            if 2 * u + 1 < len {
                assert_eq!(dv[2 * u + 1], -1, "the gap keeps its bytes");
            }
        }
    }
    comm.barrier();
    if r == 0 {
        println!("  variable items of units with gaps ok");
    }
}

pub(crate) fn properties(comm: &Comm, rounds: u64, label: &str) {
    for s in 0..rounds {
        let p = Problem::random(comm.size, 1000 + s, if s % 3 == 0 { 1 } else { 3 });
        let gi = p.indexer(comm);
        assert_eq!(gi.dist_size(), p.dn(comm.rank));
        assert_eq!(
            gi.part_sizes(),
            p.idx[comm.rank].iter().map(|q| q.len()).collect::<Vec<_>>()
        );
        check_take_put(comm, &p, &gi, s);
        check_var(comm, &p, &gi, s);
        check_split_phase(comm, &p, &gi, s);
        check_split_v(comm, &p, &gi, s);
        // One buffer on a one-part indexer equals one buffer per part.
        if p.idx[comm.rank].len() == 1 && s % 3 == 0 {
            let single = Indexer::new(&p.distrib, &p.idx[comm.rank][0], comm.f).unwrap();
            let (lo, dn) = (p.lo(comm.rank), p.dn(comm.rank));
            let dist: Vec<u16> = (lo..lo + dn).map(|g| g as u16 * 3).collect();
            let mut out = vec![0u16; p.idx[comm.rank][0].len()];
            single.take(&dist, 1, &Datatype::uint16(), &mut out).unwrap();
            let want: Vec<u16> = p.idx[comm.rank][0].iter().map(|&g| g as u16 * 3).collect();
            assert_eq!(out, want);
            check_single_v(comm, &p, &gi, &single, s);
        }
    }
    comm.barrier();
    if comm.rank == 0 {
        println!(
            "  properties on {label} ({} ranks): {rounds} random problems ok",
            comm.size
        );
    }
}
