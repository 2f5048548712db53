//! Seed 001's worked examples, exactly, on 3 ranks.

use crate::support::*;

pub(crate) fn seed_examples(comm: &Comm) {
    let r = comm.rank;
    let distri = [0i64, 2, 4, 5];
    let idx: [&[i64]; 3] = [&[4, 0], &[1, 3], &[0]];
    let gi = Indexer::new(&distri, idx[r], comm.f).unwrap();
    assert_eq!(gi.dist_size(), [2, 2, 1][r]);
    assert_eq!(gi.nparts(), 1);
    assert_eq!(gi.part_sizes(), &[[2usize, 2, 1][r]]);
    assert_eq!(gi.part_size(0).unwrap(), [2, 2, 1][r]);
    assert_eq!(gi.part_size(1).unwrap_err().status(), Status::InvalidIndex);
    let access: [&[i64]; 3] = [&[2, 1], &[0, 1], &[1]];
    assert_eq!(gi.access_counts().unwrap(), access[r]);

    // Take, count 2.
    let i64t = Datatype::int64();
    let dist: [&[i64]; 3] = [&[3, 5, 5, 7], &[11, 13, 17, 19], &[29, 31]];
    let mut extr = vec![0i64; 2 * idx[r].len()];
    gi.take(dist[r], 2, &i64t, &mut extr).unwrap();
    let want: [&[i64]; 3] = [&[29, 31, 3, 5], &[5, 7, 17, 19], &[3, 5]];
    assert_eq!(extr, want[r], "Take count=2");

    // Put: write priority (rank 2 negated, comes last at index 0).
    let dn = (distri[r + 1] - distri[r]) as usize;
    if r == 2 {
        for v in extr.iter_mut() {
            *v = -*v;
        }
        assert_eq!(extr, [-3, -5]);
    }
    let mut new = vec![0i64; 2 * dn];
    gi.put(&extr, 2, &i64t, None, &mut new).unwrap();
    let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    assert_eq!(new, want[r], "Put (last writer wins)");

    // Put MAX, onto the previous result (the documented call) and onto fresh zeros.
    let max = Monoid::of::<i64>(MonoidOp::Max).unwrap();
    gi.put(&extr, 2, &i64t, Some(&max), &mut new).unwrap();
    let want: [&[i64]; 3] = [&[3, 5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    assert_eq!(new, want[r], "Put MAX");
    let mut zeros = vec![0i64; 2 * dn];
    gi.put(&extr, 2, &i64t, Some(&max), &mut zeros).unwrap();
    assert_eq!(zeros, want[r], "Put MAX onto zeros");
    // Allocating mode: starts from MAX's identity; index 2 is written by nobody.
    let alloc = gi.put_alloc(&extr, 2, &i64t, Some(&max)).unwrap();
    let m = i64::MIN;
    let want: [&[i64]; 3] = [&[3, 5, 5, 7], &[m, m, 17, 19], &[29, 31]];
    assert_eq!(alloc, want[r], "Put MAX, allocating");
    // Allocating without reduction: zero bytes where nobody writes.
    let alloc = gi.put_alloc(&extr, 2, &i64t, None).unwrap();
    let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    assert_eq!(alloc, want[r], "Put, allocating");

    // Split phase, the same Take and Put.
    let mut extr2 = vec![0i64; 2 * idx[r].len()];
    let mut new2 = vec![0i64; 2 * dn];
    scope(|s| {
        let t = gi.take_begin(s, dist[r], 2, &i64t, &mut extr2).unwrap();
        let p = gi.put_begin(s, &extr, 2, &i64t, None, &mut new2).unwrap();
        let put_out = p.wait().unwrap(); // completed in the other order than started
        let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
        assert_eq!(put_out, want[r], "put_begin, handed back by wait");
        let take_out = t.wait().unwrap();
        take_out[0] += 1000; // the buffer is ours again inside the scope
    });
    extr2[0] -= 1000;
    let want: [&[i64]; 3] = [&[29, 31, 3, 5], &[5, 7, 17, 19], &[3, 5]];
    assert_eq!(extr2, want[r], "take_begin");
    let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    assert_eq!(new2, want[r], "put_begin");

    // Take_v.
    let counts: [&[i64]; 3] = [&[1, 1], &[1, 2], &[3]];
    let data: [&[i64]; 3] = [&[1, 11], &[21, 12, 11], &[11, 12, 21]];
    let (co, vo) = gi.take_v(counts[r], data[r], &i64t).unwrap();
    let wc: [&[i64]; 3] = [&[3, 1], &[1, 2], &[1]];
    let wv: [&[i64]; 3] = [&[11, 12, 21, 1], &[11, 12, 11], &[1]];
    assert_eq!((co.as_slice(), vo.as_slice()), (wc[r], wv[r]), "Take_v");
    // The same into caller buffers; rank 0 gives too little room once.
    let mut c2 = vec![-1i64; idx[r].len()];
    let mut v2 = vec![0i64; wv[r].len()];
    let short = if r == 0 { 3 } else { v2.len() };
    let res = gi.take_v_into(counts[r], data[r], &i64t, &mut c2, &mut v2[..short]);
    if r == 0 {
        assert_eq!(res.unwrap_err().status(), Status::InsufficientSpace);
        assert_eq!(c2, wc[r], "counts are written even without room");
        assert_eq!(v2, [0, 0, 0, 0], "no values without room");
    } else {
        assert_eq!(res.unwrap(), wv[r].len());
    }
    let n = gi.take_v_into(counts[r], data[r], &i64t, &mut c2, &mut v2).unwrap();
    assert_eq!(
        (n, c2.as_slice(), v2.as_slice()),
        (wv[r].len(), wc[r], wv[r]),
        "take_v_into"
    );
    // Split phase: take_v_begin, and take_v_into_begin with rank 0 short of room (found
    // at wait: its counts are written, its values are not).
    let (mut c3, mut v3) = (vec![-1i64; idx[r].len()], vec![0i64; wv[r].len()]);
    let short = if r == 0 { 3 } else { v3.len() };
    scope(|s| {
        let a = gi.take_v_begin(s, counts[r], data[r], &i64t).unwrap();
        let b = gi
            .take_v_into_begin(s, counts[r], data[r], &i64t, &mut c3, &mut v3[..short])
            .unwrap();
        let res = b.wait();
        if r == 0 {
            assert_eq!(res.unwrap_err().status(), Status::InsufficientSpace);
        } else {
            let (c, v, n) = res.unwrap();
            assert_eq!((&c[..], &v[..], n), (wc[r], wv[r], wv[r].len()), "take_v_into_begin");
        }
        let (co, vo) = a.wait().unwrap();
        assert_eq!((co.as_slice(), vo.as_slice()), (wc[r], wv[r]), "take_v_begin");
    });
    assert_eq!(c3, wc[r], "take_v_into_begin: counts written");
    if r == 0 {
        assert_eq!(v3, [0, 0, 0, 0], "take_v_into_begin: no values without room");
    } else {
        assert_eq!(v3, wv[r]);
    }

    // Put_v (float32), the last writer wins; then extend.
    let f32t = Datatype::float();
    let pc: [&[i64]; 3] = [&[1, 3], &[0, 1], &[2]];
    let pv: [&[f32]; 3] = [&[4.1, 0.1, 0.2, 0.3], &[13.1], &[20.1, 20.2]];
    let (cn, dv) = gi.put_v(pc[r], pv[r], &f32t, false, PutVNew { init: None }).unwrap();
    let wc: [&[i64]; 3] = [&[2, 0], &[0, 1], &[1]];
    let wv: [&[f32]; 3] = [&[20.1, 20.2], &[13.1], &[4.1]];
    assert_eq!((cn.as_slice(), dv.as_slice()), (wc[r], wv[r]), "Put_v");
    seed_put_v_into(&gi, (pc[r], pv[r]), &f32t, false, None, (wc[r], wv[r]), "Put_v");
    let (cn, dv) = gi.put_v(pc[r], pv[r], &f32t, true, PutVNew { init: None }).unwrap();
    let wc: [&[i64]; 3] = [&[5, 0], &[0, 1], &[1]];
    let wv: [&[f32]; 3] = [&[0.1, 0.2, 0.3, 20.1, 20.2], &[13.1], &[4.1]];
    assert_eq!((cn.as_slice(), dv.as_slice()), (wc[r], wv[r]), "Put_v extend");
    seed_put_v_into(&gi, (pc[r], pv[r]), &f32t, true, None, (wc[r], wv[r]), "Put_v extend");
    // With initial data: unreferenced index 2 keeps its block; extend appends.
    let ic: [&[i64]; 3] = [&[1, 1], &[2, 0], &[1]];
    let iv: [&[f32]; 3] = [&[-0.5, -1.5], &[-2.5, -2.75], &[-4.5]];
    let (cn, dv) = gi
        .put_v(
            pc[r],
            pv[r],
            &f32t,
            false,
            PutVNew {
                init: Some((ic[r], iv[r])),
            },
        )
        .unwrap();
    let wc: [&[i64]; 3] = [&[2, 0], &[2, 1], &[1]];
    let wv: [&[f32]; 3] = [&[20.1, 20.2], &[-2.5, -2.75, 13.1], &[4.1]];
    assert_eq!((cn.as_slice(), dv.as_slice()), (wc[r], wv[r]), "Put_v with init");
    let init = Some((ic[r], iv[r]));
    seed_put_v_into(
        &gi,
        (pc[r], pv[r]),
        &f32t,
        false,
        init,
        (wc[r], wv[r]),
        "Put_v with init",
    );
    let (cn, dv) = gi
        .put_v(
            pc[r],
            pv[r],
            &f32t,
            true,
            PutVNew {
                init: Some((ic[r], iv[r])),
            },
        )
        .unwrap();
    let wc: [&[i64]; 3] = [&[6, 1], &[2, 1], &[2]];
    let wv: [&[f32]; 3] = [
        &[-0.5, 0.1, 0.2, 0.3, 20.1, 20.2, -1.5],
        &[-2.5, -2.75, 13.1],
        &[-4.5, 4.1],
    ];
    assert_eq!((cn.as_slice(), dv.as_slice()), (wc[r], wv[r]), "Put_v extend with init");
    let extend_init = "Put_v extend with init";
    seed_put_v_into(&gi, (pc[r], pv[r]), &f32t, true, init, (wc[r], wv[r]), extend_init);
    // Too little room on rank 0 (needs 7 units): the error says so and nothing is
    // written there; ranks 1 and 2 complete.
    let (mut dc, mut dv) = (vec![-1i64; wc[r].len()], vec![-9f32; [6, 3, 2][r]]);
    let out = PutVInto {
        init,
        counts: &mut dc,
        values: &mut dv,
    };
    let res = gi.put_v(pc[r], pv[r], &f32t, true, out).map(|(_, _, n)| n);
    if r == 0 {
        let e = res.unwrap_err();
        assert_eq!((e.status(), e.needed()), (Status::InsufficientSpace, Some(7)));
        assert_eq!((dc, dv), (vec![-1; 2], vec![-9.0; 6]), "nothing written without room");
    } else {
        assert_eq!(res.unwrap(), wv[r].len());
        assert_eq!((dc.as_slice(), dv.as_slice()), (wc[r], wv[r]));
    }
}

/// put_v into caller buffers and in place, and put_v_begin into new vectors and into
/// caller buffers, give exactly the owned items `(wc, wv)` of a worked Put_v example.
pub(crate) fn seed_put_v_into(
    gi: &Indexer,
    (pc, pv): (&[i64], &[f32]),
    unit: &Datatype,
    extend: bool,
    init: Option<(&[i64], &[f32])>,
    (wc, wv): (&[i64], &[f32]),
    what: &str,
) {
    let dn = wc.len();
    let (mut dc, mut dv) = (vec![-1i64; dn], vec![-9f32; wv.len() + 1]);
    let out = PutVInto {
        init,
        counts: &mut dc,
        values: &mut dv,
    };
    let (_, _, n) = gi.put_v(pc, pv, unit, extend, out).unwrap();
    assert_eq!(
        (n, &dc[..], &dv[..n], dv[n]),
        (wv.len(), wc, wv, -9.0),
        "{what}: put_v_into"
    );
    let (mut ic, mut iv) = match init {
        Some((c, v)) => (c.to_vec(), v.to_vec()),
        None => (vec![0; dn], vec![]),
    };
    iv.resize(wv.len().max(iv.len()), -9.0);
    let out = PutVInPlace {
        counts: &mut ic,
        values: &mut iv,
    };
    let (_, _, n) = gi.put_v(pc, pv, unit, extend, out).unwrap();
    assert_eq!((n, &ic[..], &iv[..n]), (wv.len(), wc, wv), "{what}: put_v_in_place");
    let (mut dc, mut dv) = (vec![-1i64; dn], vec![-9f32; wv.len()]);
    scope(|s| {
        let out = PutVInto {
            init,
            counts: &mut dc,
            values: &mut dv,
        };
        let a = gi.put_v_begin(s, pc, pv, unit, extend, out).unwrap();
        let b = gi.put_v_begin(s, pc, pv, unit, extend, PutVNew { init }).unwrap();
        assert_eq!(b.wait().unwrap(), (wc.to_vec(), wv.to_vec()), "{what}: put_v_begin");
        let (c, v, n) = a.wait().unwrap();
        assert_eq!((&c[..], &v[..], n), (wc, wv, wv.len()), "{what}: put_v_into_begin");
    });
}
