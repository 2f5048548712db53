//! The split phase: every *_begin against the blocking calls, several requests
//! outstanding and waited for in different orders.

use crate::support::*;

/// The split-phase forms of take_v / put_v against the blocking calls: every begin form
/// with five requests outstanding, waited in reverse order (odd ranks: another order);
/// too little room found at wait; a request dropped unwaited and one leaked.
pub(crate) fn check_split_v(comm: &Comm, p: &Problem, gi: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    let i64t = Datatype::int64();
    // Owned variable items: item g has (3g + s) % 4 units g*100 - u.
    let gcount = |g: usize| ((g * 3 + s as usize) % 4) as i64;
    let gvals = |g: usize| (0..gcount(g)).map(move |u| g as i64 * 100 - u);
    let dc: Vec<i64> = (lo..lo + dn).map(gcount).collect();
    let dv: Vec<i64> = (lo..lo + dn).flat_map(gvals).collect();
    let want_take = gi.take_v_parts(&dc, &dv, &i64t).unwrap();
    for (k, q) in p.idx[r].iter().enumerate() {
        let wc: Vec<i64> = q.iter().map(|&g| gcount(g as usize)).collect();
        let wv: Vec<i64> = q.iter().flat_map(|&g| gvals(g as usize)).collect();
        assert_eq!(want_take[k], (wc, wv), "take_v part {k} (split-phase reference)");
    }
    // Put: part item (rank, k, i) carries (r + 2k + i + s) % 3 units.
    let pcount = |rr: usize, k: usize, i: usize| ((rr + 2 * k + i + s as usize) % 3) as i64;
    let parts: Vec<(Vec<i64>, Vec<i64>)> = p.idx[r]
        .iter()
        .enumerate()
        .map(|(k, q)| {
            let c: Vec<i64> = (0..q.len()).map(|i| pcount(r, k, i)).collect();
            let v: Vec<i64> = (0..q.len())
                .flat_map(|i| (0..pcount(r, k, i)).map(move |u| val(s + 50, r, k, i, u as usize)))
                .collect();
            (c, v)
        })
        .collect();
    let pcs: Vec<&[i64]> = parts.iter().map(|(c, _)| c.as_slice()).collect();
    let pvs: Vec<&[i64]> = parts.iter().map(|(_, v)| v.as_slice()).collect();
    let init_c: Vec<i64> = (lo..lo + dn).map(|g| (g % 3 == 0) as i64 * 2).collect();
    let init_v: Vec<i64> = (lo..lo + dn)
        .filter(|g| g % 3 == 0)
        .flat_map(|g| [-(g as i64), -(g as i64) - 1])
        .collect();
    let (extend, with_init) = (s % 2 == 1, s % 4 >= 2);
    let init = if with_init {
        Some((init_c.as_slice(), init_v.as_slice()))
    } else {
        None
    };
    let want_put = gi.put_v(&pcs, &pvs, &i64t, extend, PutVNew { init }).unwrap();
    let (wc, wv) = (&want_put.0, &want_put.1);
    let what = format!("extend={extend} init={with_init}");

    // Every begin form outstanding at once.
    let mut tc: Vec<Vec<i64>> = p.idx[r].iter().map(|q| vec![SENT; q.len()]).collect();
    let mut tv: Vec<Vec<i64>> = want_take.iter().map(|(_, v)| vec![SENT; v.len() + 1]).collect();
    let (mut oc, mut ov) = (vec![SENT; dn], vec![SENT; wv.len() + 1]);
    let (mut pc, mut pv) = match init {
        Some((c, v)) => (c.to_vec(), v.to_vec()),
        None => (vec![0; dn], Vec::new()),
    };
    pv.resize(wv.len().max(pv.len()) + 1, SENT);
    scope(|sc| {
        let ra = gi.take_v_begin_parts(sc, &dc, &dv, &i64t).unwrap();
        let rb = gi
            .take_v_into_begin(sc, &dc, &dv, &i64t, slices_mut(&mut tc), slices_mut(&mut tv))
            .unwrap();
        let rc = gi.put_v_begin(sc, &pcs, &pvs, &i64t, extend, PutVNew { init }).unwrap();
        let out = PutVInto {
            init,
            counts: &mut oc,
            values: &mut ov,
        };
        let rd = gi.put_v_begin(sc, &pcs, &pvs, &i64t, extend, out).unwrap();
        let out = PutVInPlace {
            counts: &mut pc,
            values: &mut pv,
        };
        let re = gi.put_v_begin(sc, &pcs, &pvs, &i64t, extend, out).unwrap();
        let check_a = |got: Vec<(Vec<i64>, Vec<i64>)>| assert_eq!(got, want_take, "take_v_begin_parts");
        let check_b = |(cs, vs, ns): (Vec<&mut [i64]>, Vec<&mut [i64]>, Vec<usize>)| {
            assert_eq!(
                (cs.len(), vs.len(), ns.len()),
                (want_take.len(), want_take.len(), want_take.len())
            );
            for (k, ((c, v), n)) in cs.into_iter().zip(vs).zip(ns).enumerate() {
                let (wtc, wtv) = &want_take[k];
                assert_eq!(n, wtv.len(), "take_v_into_begin units, part {k}");
                assert_eq!((&c[..], &v[..n]), (&wtc[..], &wtv[..]), "take_v_into_begin part {k}");
            }
        };
        let check_c = |got: (Vec<i64>, Vec<i64>)| assert_eq!(&got, &want_put, "put_v_begin, new vectors {what}");
        let check_d = |(c, v, n): (&mut [i64], &mut [i64], usize)| {
            assert_eq!(
                (&c[..], &v[..n], n),
                (&wc[..], &wv[..], wv.len()),
                "put_v_begin into buffers {what}"
            );
        };
        let check_e = |(c, v, n): (&mut [i64], &mut [i64], usize)| {
            assert_eq!(
                (&c[..], &v[..n], n),
                (&wc[..], &wv[..], wv.len()),
                "put_v_begin in place {what}"
            );
        };
        if r % 2 == 0 {
            check_e(re.wait().unwrap());
            check_d(rd.wait().unwrap());
            check_c(rc.wait().unwrap());
            check_b(rb.wait().unwrap());
            check_a(ra.wait().unwrap());
        } else {
            check_c(rc.wait().unwrap());
            check_a(ra.wait().unwrap());
            check_e(re.wait().unwrap());
            check_b(rb.wait().unwrap());
            check_d(rd.wait().unwrap());
        }
    });
    for (k, (wtc, wtv)) in want_take.iter().enumerate() {
        assert_eq!(tc[k], *wtc, "take_v_into_begin counts, part {k}");
        assert_eq!(tv[k][..wtv.len()], wtv[..], "take_v_into_begin values, part {k}");
        assert_eq!(tv[k][wtv.len()], SENT, "take_v_into_begin: written after the values");
    }
    assert_eq!(
        (&oc, &ov[..wv.len()], ov[wv.len()]),
        (wc, &wv[..], SENT),
        "put_v_begin into buffers"
    );
    assert_eq!(&pc, wc, "put_v_begin in place");
    assert_eq!(pv[..wv.len()], wv[..], "put_v_begin in place");

    // Too little room, found at wait: put_v_into_begin reports needed and writes nothing;
    // take_v_into_begin writes the counts and no values. The other ranks complete.
    let short_put = !wv.is_empty() && (r + s as usize) % 2 == 0;
    let short_take = want_take.iter().any(|(_, v)| !v.is_empty()) && (r + s as usize) % 3 != 1;
    let (mut oc, mut ov) = (vec![SENT; dn], vec![SENT; wv.len() - usize::from(short_put)]);
    let mut tc: Vec<Vec<i64>> = p.idx[r].iter().map(|q| vec![SENT; q.len()]).collect();
    let mut tv: Vec<Vec<i64>> = want_take
        .iter()
        .map(|(_, v)| vec![SENT; v.len().saturating_sub(usize::from(short_take))])
        .collect();
    scope(|sc| {
        let out = PutVInto {
            init,
            counts: &mut oc,
            values: &mut ov,
        };
        let rd = gi.put_v_begin(sc, &pcs, &pvs, &i64t, extend, out).unwrap();
        let rb = gi
            .take_v_into_begin(sc, &dc, &dv, &i64t, slices_mut(&mut tc), slices_mut(&mut tv))
            .unwrap();
        let eb = rb.wait();
        let ed = rd.wait();
        if short_put {
            let e = ed.unwrap_err();
            assert_eq!(
                (e.status(), e.needed()),
                (Status::InsufficientSpace, Some(wv.len())),
                "put_v_into_begin, short {what}: {e}"
            );
        } else {
            assert_eq!(ed.unwrap().2, wv.len());
        }
        if short_take {
            let e = eb.unwrap_err();
            assert_eq!(e.status(), Status::InsufficientSpace, "take_v_into_begin, short: {e}");
        } else {
            eb.unwrap();
        }
    });
    if short_put {
        assert!(
            oc.iter().chain(&ov).all(|&x| x == SENT),
            "put_v_into_begin, short: nothing written"
        );
    } else {
        assert_eq!((&oc, &ov), (wc, wv), "put_v_into_begin, room enough");
    }
    for (k, (wtc, wtv)) in want_take.iter().enumerate() {
        assert_eq!(tc[k], *wtc, "take_v_into_begin: counts written, part {k}");
        if short_take {
            assert!(tv[k].iter().all(|&x| x == SENT), "take_v_into_begin, short: no values");
        } else {
            assert_eq!(tv[k], *wtv);
        }
    }

    // A request dropped unwaited (dropping waits; the vectors are freed) and one leaked
    // (the scope completes it before its buffers are usable again).
    let (mut oc, mut ov) = (vec![SENT; dn], vec![SENT; wv.len()]);
    scope(|sc| {
        let ra = gi.take_v_begin_parts(sc, &dc, &dv, &i64t).unwrap();
        let out = PutVInto {
            init,
            counts: &mut oc,
            values: &mut ov,
        };
        let rd = gi.put_v_begin(sc, &pcs, &pvs, &i64t, extend, out).unwrap();
        let rc = gi.put_v_begin(sc, &pcs, &pvs, &i64t, extend, PutVNew { init }).unwrap();
        drop(ra);
        std::mem::forget(rd);
        drop(rc);
    });
    assert_eq!(
        (&oc, &ov),
        (wc, wv),
        "leaked put_v_into_begin request completed by the scope"
    );
}

pub(crate) fn check_split_phase(comm: &Comm, p: &Problem, gi: &Indexer, s: u64) {
    let r = comm.rank;
    let (lo, dn) = (p.lo(r), p.dn(r));
    let g = global_items(p.n(), 2, s);
    let dist: Vec<i64> = g[lo * 2..(lo + dn) * 2].to_vec();
    let dist_f: Vec<f64> = dist.iter().map(|&x| x as f64).collect();
    let mut a: Vec<Vec<i64>> = p.idx[r].iter().map(|q| vec![0; q.len() * 2]).collect();
    let mut b: Vec<Vec<f64>> = p.idx[r].iter().map(|q| vec![0.0; q.len() * 2]).collect();
    let sources: Vec<Vec<i64>> = p.idx[r].iter().map(|q| (0..q.len() as i64 * 2).collect()).collect();
    let mut put_into = vec![0i64; dn * 2];
    let mut leaked = vec![0i64; dn * 2];
    let (i64t, f64t) = (Datatype::int64(), Datatype::double());
    let plus = Monoid::of::<i64>(MonoidOp::Plus).unwrap();
    scope(|sc| {
        let ra = gi.take_begin(sc, &dist, 2, &i64t, slices_mut(&mut a)).unwrap();
        let rb = gi.take_begin(sc, &dist_f, 2, &f64t, slices_mut(&mut b)).unwrap();
        let rc = gi
            .put_begin(sc, slices(&sources), 2, &i64t, Some(&plus), &mut put_into)
            .unwrap();
        // leaked: the scope completes it
        let rd = gi
            .put_begin(sc, slices(&sources), 2, &i64t, Some(&plus), &mut leaked)
            .unwrap();
        std::mem::forget(rd);
        let bs = rb.wait().unwrap();
        assert_eq!(bs.len(), p.idx[r].len());
        drop(ra); // dropping waits
        rc.wait().unwrap();
    });
    let mut sim = vec![0i64; p.n() * 2];
    for (rr, k, i, gidx) in p.arrivals() {
        let _ = (rr, k);
        sim[gidx * 2] += i as i64 * 2;
        sim[gidx * 2 + 1] += i as i64 * 2 + 1;
    }
    for (k, q) in p.idx[r].iter().enumerate() {
        let want: Vec<i64> = q
            .iter()
            .flat_map(|&x| [g[x as usize * 2], g[x as usize * 2 + 1]])
            .collect();
        assert_eq!(a[k], want, "take_begin");
        assert_eq!(
            b[k],
            want.iter().map(|&x| x as f64).collect::<Vec<_>>(),
            "take_begin f64"
        );
    }
    assert_eq!(put_into, sim[lo * 2..(lo + dn) * 2].to_vec(), "put_begin PLUS");
    assert_eq!(leaked, put_into, "leaked request completed by the scope");
}
