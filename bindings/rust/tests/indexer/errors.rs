//! Errors: one rank wrong gives the same status on every rank (rank-local errors
//! abstain), nothing is written, and the indexer still works after.

use crate::support::*;

pub(crate) fn errors(comm: &Comm) {
    let (r, n) = (comm.rank, comm.size);
    let last = n - 1;
    // distrib: 2 items per rank
    let distrib: Vec<i64> = (0..=n as i64).map(|x| 2 * x).collect();
    let total = 2 * n as i64;
    let good: Vec<i64> = vec![(2 * r as i64 + 3) % total, 0];

    // An index out of range on the last rank only; then a negative one.
    for bad in [total, -1] {
        let idx = if r == last { vec![0, bad] } else { good.clone() };
        let res = Indexer::new(&distrib, &idx, comm.f);
        same_status(comm, "index out of range on one rank", &res, Status::IndexOutOfBounds);
        if r == last {
            assert!(res.unwrap_err().message().contains("outside [0,"));
        }
    }
    // distrib of the wrong length on one rank (checked by the binding).
    let short = &distrib[..n];
    let res = Indexer::new(if r == last { short } else { &distrib }, &good, comm.f);
    same_status(comm, "distrib too short on one rank", &res, Status::InvalidValue);
    if r == last {
        let e = res.unwrap_err();
        assert!(e.message().starts_with("Indexer::new: distrib has"), "{}", e.message());
    }
    // distrib differing between ranks (only when there are two ranks to differ)
    let mut other = distrib.clone();
    if r == last && n > 1 {
        other[1] += 1;
    }
    let res = Indexer::new(&other, &good, comm.f);
    if n > 1 {
        same_status(comm, "distrib differs", &res, Status::InvalidValue);
    } else {
        assert!(res.is_ok());
    }
    let decreasing: Vec<i64> = (0..=n as i64).map(|x| if x == 1 { 5 } else { 2 * x }).collect();
    let res = Indexer::new(&decreasing, &[], comm.f);
    if n > 1 {
        same_status(comm, "distrib decreasing", &res, Status::InvalidValue);
    }

    // Not a communicator handle (every rank alike; nothing collective happens).
    let res = Indexer::new(&distrib, &good, 1 << 20);
    assert_eq!(res.unwrap_err().status(), Status::InvalidHandle);

    let gi = Indexer::new(&distrib, &good, comm.f).unwrap();
    let i32t = Datatype::int32();
    let dist: Vec<i32> = (0..2).map(|j| (2 * r + j) as i32).collect();
    let want: Vec<i32> = good.iter().map(|&g| g as i32).collect();
    let works = |gi: &Indexer| {
        let mut out = vec![0i32; 2];
        gi.take(&dist, 1, &i32t, &mut out).unwrap();
        assert_eq!(out, want, "the indexer still works after an agreed failure");
    };

    // A short part buffer on one rank: every rank fails with the agreed status.
    let mut out = [0i32; 2];
    let res = gi.take(&dist, 1, &i32t, &mut out[..if r == last { 1 } else { 2 }]);
    same_status(comm, "short part buffer on one rank", &res, Status::InvalidHandle);
    if r == last {
        let e = res.unwrap_err();
        assert!(e.message().starts_with("Indexer::take: 2 copies"), "{}", e.message());
    }
    works(&gi);
    // A short dist buffer on one rank, put.
    let mut d = [0i32; 2];
    let res = gi.put(&want, 1, &i32t, None, &mut d[..if r == 0 { 1 } else { 2 }]);
    same_status(comm, "short dist buffer on one rank", &res, Status::InvalidHandle);
    works(&gi);
    // The same for the split phase: the begin fails everywhere, nothing is pending.
    let mut out = [0i32; 2];
    let res = scope(|s| {
        gi.take_begin(s, &dist, 1, &i32t, &mut out[..if r == last { 1 } else { 2 }])
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "short buffer, take_begin", &res, Status::InvalidHandle);
    let mut d = [0i32; 2];
    let res = scope(|s| {
        gi.put_begin(s, &want, 1, &i32t, None, &mut d[..if r == last { 0 } else { 2 }])
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "short buffer, put_begin", &res, Status::InvalidHandle);
    works(&gi);
    // put_alloc: T too wide for the unit on one rank (extent 4, T = u64).
    let res = if r == last {
        gi.put_alloc(&[0u64, 0], 1, &Datatype::uint32(), None).map(|_| ())
    } else {
        gi.put_alloc(&[0u32, 0], 1, &Datatype::uint32(), None).map(|_| ())
    };
    same_status(
        comm,
        "Vec element wider than the unit on one rank",
        &res,
        Status::InvalidHandle,
    );
    works(&gi);
    // count differs between ranks
    let mut out = vec![0i32; 4];
    let res = gi.take(&[0i32; 4], if r == last { 2 } else { 1 }, &i32t, &mut out);
    if n > 1 {
        same_status(comm, "count differs", &res, Status::InvalidValue);
    }
    // a reduction on one rank only
    let plus = Monoid::of::<i32>(MonoidOp::Plus).unwrap();
    let mut d = vec![0i32; 2];
    let res = gi.put(&want, 1, &i32t, if r == last { Some(&plus) } else { None }, &mut d);
    if n > 1 {
        same_status(comm, "monoid on one rank only", &res, Status::InvalidValue);
    }
    // a monoid that does not reduce the unit (PLUS_FP64 on int32), everywhere
    let fplus = Monoid::of::<f64>(MonoidOp::Plus).unwrap();
    let res = gi.put(&want, 1, &i32t, Some(&fplus), &mut d);
    same_status(comm, "monoid domain mismatch", &res, Status::DomainMismatch);
    // unit size differs between ranks
    let mut o64 = vec![0i64; 2];
    let res = if r == last {
        gi.take(&[0i64; 2], 1, &Datatype::int64(), &mut o64)
    } else {
        gi.take(&dist, 1, &i32t, &mut out[..2])
    };
    if n > 1 {
        same_status(comm, "unit size differs", &res, Status::DomainMismatch);
    }
    // an uncommitted unit on one rank (checked by the binding)
    let raw = Datatype::contiguous(1, &i32t).unwrap();
    let res = gi.take(&dist, 1, if r == last { &raw } else { &i32t }, &mut out[..2]);
    same_status(comm, "uncommitted unit on one rank", &res, Status::InvalidHandle);
    if r == last {
        assert!(res.unwrap_err().message().contains("not committed"));
    }
    works(&gi);

    // Variable size: dist_counts of the wrong length on one rank.
    let dc = [1i64, 1];
    let res = gi.take_v(if r == last { &dc[..1] } else { &dc[..] }, &dist, &i32t);
    same_status(comm, "take_v, short dist_counts", &res, Status::InvalidHandle);
    // a negative count on one rank
    let res = gi.take_v(if r == 0 { &[1i64, -1][..] } else { &dc[..] }, &dist, &i32t);
    same_status(comm, "take_v, negative count", &res, Status::InvalidHandle);
    // dist_values too short on one rank
    let res = gi.take_v(&[2, 1], if r == last { &dist[..] } else { &[0i32; 3][..] }, &i32t);
    same_status(comm, "take_v, short values", &res, Status::InvalidHandle);
    // take_v_into: wrong number of counts on one rank
    let (mut c, mut v) = (vec![0i64; 3], vec![0i32; 2]);
    let res = gi.take_v_into(&dc, &dist, &i32t, &mut c[..if r == last { 3 } else { 2 }], &mut v);
    same_status(comm, "take_v_into, wrong counts length", &res, Status::InvalidHandle);
    // put_v: part values too short on one rank; init of the wrong length on one rank
    let res = gi.put_v(
        &[1, 1],
        if r == last { &[7i32][..] } else { &[7i32, 8][..] },
        &i32t,
        false,
        PutVNew { init: None },
    );
    same_status(comm, "put_v, short values", &res, Status::InvalidHandle);
    let res = gi.put_v(
        &[1, 1],
        &[7i32, 8],
        &i32t,
        true,
        PutVNew {
            init: Some((&[0, 0, 0][..if r == last { 3 } else { 2 }], &[][..])),
        },
    );
    same_status(comm, "put_v, init counts length", &res, Status::InvalidHandle);
    let res = gi.put_v(
        &[1, if r == last { -2 } else { 0 }],
        &[7i32, 8],
        &i32t,
        true,
        PutVNew { init: None },
    );
    same_status(comm, "put_v, negative count", &res, Status::InvalidHandle);
    // put_v_into: dist_counts of the wrong length on one rank
    let (mut oc, mut ov) = (vec![0i64; 3], vec![0i32; 8]);
    let out = PutVInto {
        init: None,
        counts: &mut oc[..if r == last { 3 } else { 2 }],
        values: &mut ov,
    };
    let res = gi.put_v(&[1, 1], &[7i32, 8], &i32t, false, out);
    same_status(comm, "put_v_into, dist_counts length", &res, Status::InvalidHandle);
    if r == last {
        let e = res.unwrap_err();
        assert!(
            e.message().starts_with("Indexer::put_v: dist_counts"),
            "{}",
            e.message()
        );
        assert_eq!(e.needed(), None);
    }
    // put_v_in_place: a negative owned count on one rank; initial items that do not fit
    // the buffer on another
    let mut ic = vec![1i64, if r == 0 { -1 } else { 1 }];
    let out = PutVInPlace {
        counts: &mut ic,
        values: &mut ov,
    };
    let res = gi.put_v(&[1, 1], &[7i32, 8], &i32t, true, out);
    same_status(
        comm,
        "put_v_in_place, negative owned count",
        &res,
        Status::InvalidHandle,
    );
    let mut ic = vec![2i64, 2];
    let out = PutVInPlace {
        counts: &mut ic,
        values: &mut ov[..if r == last { 3 } else { 8 }],
    };
    let res = gi.put_v(&[1, 1], &[7i32, 8], &i32t, true, out);
    same_status(
        comm,
        "put_v_in_place, initial items too long",
        &res,
        Status::InvalidHandle,
    );
    // The split phase: the begin fails on every rank, nothing is pending.
    let res = scope(|sc| {
        gi.take_v_begin(sc, if r == last { &dc[..1] } else { &dc[..] }, &dist, &i32t)
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "take_v_begin, short dist_counts", &res, Status::InvalidHandle);
    let u32t = Datatype::uint32();
    let res = scope(|sc| {
        if r == last {
            gi.take_v_begin(sc, &dc, &[0u64, 0], &u32t)
                .and_then(|q| q.wait().map(|_| ()))
        } else {
            gi.take_v_begin(sc, &dc, &[0u32, 0], &u32t)
                .and_then(|q| q.wait().map(|_| ()))
        }
    });
    same_status(
        comm,
        "take_v_begin, Vec element wider than the unit",
        &res,
        Status::InvalidHandle,
    );
    let (mut c, mut v) = (vec![0i64; 3], vec![0i32; 2]);
    let res = scope(|sc| {
        gi.take_v_into_begin(sc, &dc, &dist, &i32t, &mut c[..if r == last { 3 } else { 2 }], &mut v)
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(
        comm,
        "take_v_into_begin, wrong counts length",
        &res,
        Status::InvalidHandle,
    );
    let res = scope(|sc| {
        gi.put_v_begin(
            sc,
            &[1, 1],
            &[7i32, 8],
            &i32t,
            true,
            PutVNew {
                init: Some((&[0, 0, 0][..if r == last { 3 } else { 2 }], &[][..])),
            },
        )
        .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "put_v_begin, init counts length", &res, Status::InvalidHandle);
    let res = scope(|sc| {
        gi.put_v_begin(
            sc,
            &[1, 1],
            if r == last { &[7i32][..] } else { &[7i32, 8][..] },
            &i32t,
            false,
            PutVInto {
                init: None,
                counts: &mut oc[..2],
                values: &mut ov,
            },
        )
        .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(comm, "put_v_into_begin, short values", &res, Status::InvalidHandle);
    let mut ic = vec![1i64, if r == last { -1 } else { 1 }];
    let res = scope(|sc| {
        gi.put_v_begin(
            sc,
            &[1, 1],
            &[7i32, 8],
            &i32t,
            true,
            PutVInPlace {
                counts: &mut ic,
                values: &mut ov,
            },
        )
        .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(
        comm,
        "put_v_in_place_begin, negative owned count",
        &res,
        Status::InvalidHandle,
    );
    // and it still works
    let (c, v) = gi.take_v(&dc, &dist, &i32t).unwrap();
    assert_eq!((c, v), (vec![1, 1], want.clone()));
    let mut oc = vec![0i64; 2];
    let out = PutVInto {
        init: None,
        counts: &mut oc,
        values: &mut ov,
    };
    let (_, _, units) = gi.put_v(&[1, 1], &want, &i32t, true, out).unwrap();
    assert_eq!(units as i64, oc.iter().sum::<i64>());

    // take_v_into failing on a rank that owns nothing (with one part, then with none):
    // still agreed, whatever the status.
    let dz: Vec<i64> = (0..=n).map(|x| 2 * x.min(n - 1) as i64).collect();
    let idx_z: Vec<i64> = if n > 1 { vec![0] } else { vec![] };
    for with_part in [true, false] {
        let gz = if with_part || r != last {
            Indexer::new(&dz, &idx_z, comm.f).unwrap()
        } else {
            Indexer::new_multi(&dz, &[], comm.f).unwrap()
        };
        let dnz = gz.dist_size();
        let (dcz, dvz) = (vec![1i64; dnz], vec![5i32; dnz]);
        let mut cz = vec![0i64; idx_z.len() + usize::from(r == last)];
        let mut vz = vec![0i32; 4];
        let res = if gz.nparts() == 1 {
            gz.take_v_into(&dcz, &dvz, &i32t, &mut cz, &mut vz)
        } else {
            gz.take_v_into(&dcz, &dvz, &i32t, &mut [&mut cz[..]], &mut [&mut vz[..]])
                .map(|v| v.len())
        };
        let (lo, hi) = comm.min_max(code(&res));
        assert!(lo == hi && lo < 0, "take_v_into on an empty rank: {lo}..{hi} ({res:?})");
        // put_v_into failing on a rank that owns nothing (and sends one item, or has an
        // empty part, or has no parts): dist_counts of length 1 there. Agreed as
        // WEFT_INVALID_VALUE however little the rank holds.
        let pcz = vec![1i64; gz.part_sizes().first().copied().unwrap_or(0)];
        let pvz = vec![5i32; pcz.len()];
        let (pcs, pvs): (Vec<&[i64]>, Vec<&[i32]>) = if gz.nparts() == 1 {
            (vec![&pcz[..]], vec![&pvz[..]])
        } else {
            (vec![], vec![])
        };
        let mut ocz = vec![0i64; dnz + usize::from(r == last)];
        let mut ovz = vec![0i32; 8];
        let out = PutVInto {
            init: None,
            counts: &mut ocz,
            values: &mut ovz,
        };
        let res = gz.put_v(&pcs, &pvs, &i32t, true, out).map(|(_, _, n)| n);
        same_status(comm, "put_v_into on an empty rank", &res, Status::InvalidHandle);
        let res = scope(|sc| {
            let out = PutVInto {
                init: None,
                counts: &mut ocz,
                values: &mut ovz,
            };
            gz.put_v_begin(sc, &pcs, &pvs, &i32t, true, out)
                .and_then(|q| q.wait().map(|_| ()))
        });
        same_status(comm, "put_v_into_begin on an empty rank", &res, Status::InvalidHandle);
    }

    // A two-part indexer on one rank, used with the single-part API.
    let gi2 = if r == last {
        Indexer::new_multi(&distrib, &[&good[..1], &good[1..]], comm.f).unwrap()
    } else {
        Indexer::new(&distrib, &good, comm.f).unwrap()
    };
    let mut out = vec![0i32; 2];
    let res = gi2.take(&dist, 1, &i32t, &mut out);
    same_status(
        comm,
        "single-part call on a two-part indexer",
        &res,
        Status::InvalidHandle,
    );
    if r == last {
        assert!(res.unwrap_err().message().contains("has 2 parts"));
    }
    let res = gi2.put_v(&[1, 1], &[1i32, 2], &i32t, false, PutVNew { init: None });
    same_status(
        comm,
        "single-part put_v on a two-part indexer",
        &res,
        Status::InvalidHandle,
    );
    let (mut oc, mut ov) = (vec![0i64; 2], vec![0i32; 4]);
    let out = PutVInto {
        init: None,
        counts: &mut oc,
        values: &mut ov,
    };
    let res = gi2.put_v(&[1, 1], &[1i32, 2], &i32t, false, out).map(|(_, _, n)| n);
    same_status(
        comm,
        "single-part put_v_into on a two-part indexer",
        &res,
        Status::InvalidHandle,
    );
    let (mut c, mut v) = (vec![0i64; 2], vec![0i32; 4]);
    let res = scope(|sc| {
        gi2.take_v_into_begin(sc, &dc, &dist, &i32t, &mut c, &mut v)
            .and_then(|q| q.wait().map(|_| ()))
    });
    same_status(
        comm,
        "single-part take_v_into_begin on a two-part indexer",
        &res,
        Status::InvalidHandle,
    );
    // A rank with no parts at all, next to ranks with parts.
    let gi0 = if r == 0 {
        Indexer::new_multi(&distrib, &[], comm.f).unwrap()
    } else {
        Indexer::new(&distrib, &good, comm.f).unwrap()
    };
    assert_eq!(gi0.nparts(), if r == 0 { 0 } else { 1 });
    let mut o: Vec<Vec<i32>> = vec![vec![0; 2]; gi0.nparts()];
    gi0.take(&dist, 1, &i32t, slices_mut(&mut o)).unwrap();
    if r != 0 {
        assert_eq!(o[0], want);
    }
    let ps = slices(&o);
    let pcs: Vec<&[i64]> = if r == 0 { vec![] } else { vec![&[1, 1]] };
    let (pc, pv) = gi0.put_v(&pcs, &ps, &i32t, true, PutVNew { init: None }).unwrap();
    assert_eq!(pc.len(), 2);
    assert_eq!(pv.len() as i64, pc.iter().sum::<i64>());

    comm.barrier();
    if comm.rank == 0 {
        println!("  rank-local errors fail every rank alike ({n} ranks) ok");
    }
}
