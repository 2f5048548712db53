//! Random type trees (every constructor, markers, negative strides, zero counts,
//! overlaps), checked against the type's own flattened typemap:
//!   - the span proof is sound: every byte of every entry of `count` copies lies inside
//!     what `true_extent` and `extent` promise (the safe API relies on it);
//!   - size and true bounds agree with the typemap;
//!   - pack = the typemap-order gather; pack_partial windows concatenate to it; the iov
//!     pieces, read in order, give it too;
//!   - unpack writes exactly the typemap's bytes and nothing else (or refuses an
//!     overlapping type, exactly when copies write a byte twice);
//!   - copy to itself moves exactly the typemap's bytes;
//!   - get_elements / get_count of whole messages.
//!
//! Deterministic (splitmix64), no crates.
mod common;
use common::*;
use weft::{Datatype, Order, Predefined, Status};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// uniform in [lo, hi]
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const BASICS: [Predefined; 9] = [
    Predefined::Char,
    Predefined::Int16,
    Predefined::Int,
    Predefined::Float,
    Predefined::Double,
    Predefined::Int64,
    Predefined::Uint8,
    Predefined::CDoubleComplex,
    Predefined::LongDouble,
];

fn basic(r: &mut Rng) -> Datatype {
    Datatype::predefined(BASICS[r.range(0, BASICS.len() as i64 - 1) as usize])
}

/// A random type tree of at most `depth` constructor levels (None: weft refused it, e.g.
/// struct_aligned of a negative extent).
fn gen(r: &mut Rng, depth: u32) -> Option<Datatype> {
    if depth == 0 || r.chance(25) {
        return Some(basic(r));
    }
    let old = gen(r, depth - 1)?;
    let n = r.range(0, 3) as usize;
    let t = match r.range(0, 11) {
        0 => Datatype::contiguous(r.range(0, 4), &old),
        1 => Datatype::vector(r.range(0, 4), r.range(0, 3), r.range(-4, 5), &old),
        2 => Datatype::hvector(r.range(0, 4), r.range(0, 3), r.range(-40, 41) as isize, &old),
        3 => {
            let bl: Vec<i64> = (0..n).map(|_| r.range(0, 3)).collect();
            let d: Vec<i64> = (0..n).map(|_| r.range(-5, 6)).collect();
            Datatype::indexed(&bl, &d, &old)
        }
        4 => {
            let bl: Vec<i64> = (0..n).map(|_| r.range(0, 3)).collect();
            let d: Vec<isize> = (0..n).map(|_| r.range(-50, 51) as isize).collect();
            Datatype::hindexed(&bl, &d, &old)
        }
        5 => {
            let d: Vec<i64> = (0..n).map(|_| r.range(-5, 6)).collect();
            Datatype::indexed_block(r.range(0, 3), &d, &old)
        }
        6 => {
            let d: Vec<isize> = (0..n).map(|_| r.range(-50, 51) as isize).collect();
            Datatype::hindexed_block(r.range(0, 3), &d, &old)
        }
        7 => {
            let k = r.range(1, 4) as usize;
            let mut types = vec![old];
            for _ in 1..k {
                types.push(if r.chance(20) {
                    if r.chance(50) {
                        Datatype::lb_marker()
                    } else {
                        Datatype::ub_marker()
                    }
                } else {
                    gen(r, depth - 1)?
                });
            }
            let bl: Vec<i64> = (0..k).map(|_| r.range(0, 3)).collect();
            let d: Vec<isize> = (0..k).map(|_| r.range(-50, 51) as isize).collect();
            let refs: Vec<&Datatype> = types.iter().collect();
            Datatype::structure(&bl, &d, &refs)
        }
        8 => {
            let nd = r.range(1, 3) as usize;
            let sizes: Vec<i64> = (0..nd).map(|_| r.range(1, 4)).collect();
            let subs: Vec<i64> = sizes.iter().map(|&s| r.range(0, s)).collect();
            let starts: Vec<i64> = sizes.iter().zip(&subs).map(|(&s, &b)| r.range(0, s - b)).collect();
            let order = if r.chance(50) { Order::C } else { Order::Fortran };
            Datatype::subarray(&sizes, &subs, &starts, order, &old)
        }
        9 => Datatype::resized(&old, r.range(-16, 16) as isize, r.range(-16, 33) as isize),
        10 => old.dup(),
        _ => {
            let k = r.range(1, 3) as usize;
            let mut types = vec![old];
            for _ in 1..k {
                types.push(gen(r, depth - 1)?);
            }
            let bl: Vec<i64> = (0..k).map(|_| r.range(1, 3)).collect();
            let refs: Vec<&Datatype> = types.iter().collect();
            Datatype::struct_aligned(&bl, &refs).map(|(t, _)| t)
        }
    };
    t.ok()
}

/// The byte ranges of `count` copies' entries relative to the buffer, in typemap order.
fn entries(t: &Datatype, count: i64) -> Vec<(i128, usize)> {
    let tm = t.typemap().unwrap();
    let ext = t.extent() as i128;
    let mut v = Vec::new();
    for i in 0..count as i128 {
        for &(p, d) in &tm {
            v.push((i * ext + d as i128, basic_size(p)));
        }
    }
    v
}

fn check_type(t: Datatype, count: i64, case: usize) {
    let t = t.committed().unwrap();
    let ents = entries(&t, count);
    let what = format!("case {case}: {t:?} x{count}");

    // size and true bounds agree with the typemap
    let one = entries(&t, 1);
    assert_eq!(t.size(), one.iter().map(|e| e.1 as i64).sum::<i64>(), "{what}");
    let (tlb, tex) = t.true_extent();
    if one.is_empty() {
        assert_eq!((tlb, tex), (0, 0), "{what}");
    } else {
        let lo = one.iter().map(|e| e.0).min().unwrap();
        let hi = one.iter().map(|e| e.0 + e.1 as i128).max().unwrap();
        assert_eq!((tlb as i128, (tlb + tex) as i128), (lo, hi), "{what}");
    }
    // the span proof's range covers every entry of every copy
    if let Some((lo, hi)) = span(&t, count) {
        for &(o, s) in &ents {
            assert!(
                o >= lo && o + s as i128 <= hi,
                "{what}: entry at {o} outside [{lo}, {hi})"
            );
        }
    } else {
        assert!(ents.is_empty(), "{what}");
    }

    // a buffer that holds every copy, with the buffer address inside it
    let lo = ents.iter().map(|e| e.0).min().unwrap_or(0).min(0);
    let hi = ents.iter().map(|e| e.0 + e.1 as i128).max().unwrap_or(0).max(0);
    let origin = (-lo) as usize + 8;
    let len = origin + hi as usize + 8;
    let src = pattern(len, case as u8);
    let want: Vec<u8> = ents
        .iter()
        .flat_map(|&(o, s)| {
            let at = (origin as i128 + o) as usize;
            src[at..at + s].to_vec()
        })
        .collect();

    // pack (raw: the address may lie inside the buffer), and the safe form when it can
    let n = t.pack_size(count).unwrap() as usize;
    assert_eq!(n, want.len(), "{what}");
    let mut got = vec![0u8; n];
    let mut pos = 0i64;
    unsafe {
        t.pack_raw(
            src.as_ptr().add(origin).cast(),
            count,
            got.as_mut_ptr().cast(),
            n as i64,
            &mut pos,
        )
        .unwrap();
    }
    assert_eq!(pos as usize, n, "{what}");
    assert_eq!(got, want, "{what}: pack");
    if lo >= 0 {
        let mut got2 = vec![0u8; n];
        t.pack(&src[origin..], count, &mut got2, &mut 0).unwrap();
        assert_eq!(got2, want, "{what}: safe pack");
    } else {
        let e = t.pack_to_vec(&src[origin..], count).unwrap_err();
        assert_eq!(e.status(), Status::IndexOutOfBounds, "{what}");
    }

    // windows
    for w in [1usize, 5, 16] {
        let mut stream = Vec::new();
        let mut off = 0i64;
        loop {
            let mut win = vec![0u8; w];
            let k = unsafe {
                t.pack_partial_raw(
                    src.as_ptr().add(origin).cast(),
                    count,
                    off,
                    w as i64,
                    win.as_mut_ptr().cast(),
                )
                .unwrap()
            };
            if k == 0 {
                break;
            }
            stream.extend_from_slice(&win[..k as usize]);
            off += k;
        }
        assert_eq!(stream, want, "{what}: windows of {w}");
    }

    // iov pieces in order
    let mut via_iov = Vec::new();
    for (o, l) in t.iov(count).unwrap() {
        let at = (origin as isize + o) as usize;
        via_iov.extend_from_slice(&src[at..at + l as usize]);
    }
    assert_eq!(via_iov, want, "{what}: iov");

    // elements / count of the whole message
    let nelem = t.typemap().unwrap().len() as i64;
    assert_eq!(t.get_elements(n as i64).unwrap(), Some(nelem * count), "{what}");
    if t.size() > 0 {
        assert_eq!(t.get_count(n as i64).unwrap(), Some(count), "{what}");
    }

    // unpack: exactly the typemap's bytes, or refused when copies write a byte twice
    let mut cover = vec![0u32; len];
    for &(o, s) in &ents {
        for b in 0..s {
            cover[(origin as i128 + o) as usize + b] += 1;
        }
    }
    let overlapping = cover.iter().any(|&c| c > 1);
    let mut dst = vec![0xEEu8; len];
    let mut p = 0i64;
    let r = unsafe {
        t.unpack_raw(
            want.as_ptr().cast(),
            n as i64,
            &mut p,
            dst.as_mut_ptr().add(origin).cast(),
            count,
        )
    };
    if overlapping {
        assert_eq!(r.unwrap_err().status(), Status::OverlappingType, "{what}");
        assert!(dst.iter().all(|&b| b == 0xEE), "{what}: wrote on error");
    } else {
        r.unwrap();
        for i in 0..len {
            let expect = if cover[i] == 1 { src[i] } else { 0xEE };
            assert_eq!(dst[i], expect, "{what}: unpack byte {i} (origin {origin})");
        }
        // copy to itself: the same bytes
        let mut dst2 = vec![0xEEu8; len];
        let nb = unsafe {
            weft::copy_raw(
                src.as_ptr().add(origin).cast(),
                count,
                &t,
                dst2.as_mut_ptr().add(origin).cast(),
                count,
                &t,
            )
            .unwrap()
        };
        assert_eq!(nb as usize, n, "{what}");
        assert_eq!(dst2, dst, "{what}: copy");
    }
}

/// The range the safe API's proof uses (mirrors data.rs).
fn span(t: &Datatype, count: i64) -> Option<(i128, i128)> {
    if count <= 0 || t.size() == 0 {
        return None;
    }
    let (tlb, tex) = t.true_extent();
    let last = (count as i128 - 1) * t.extent() as i128;
    Some((tlb as i128 + last.min(0), tlb as i128 + tex as i128 + last.max(0)))
}

#[test]
fn random_type_trees() {
    let mut r = Rng(0x5eed_0000_0000_0001);
    let (mut checked, mut case, mut refused) = (0, 0, 0);
    let mut by_combiner = std::collections::BTreeMap::new();
    let mut entries_total = 0usize;
    while checked < 3000 {
        case += 1;
        let t = match gen(&mut r, 4) {
            Some(t) => t,
            None => {
                refused += 1;
                continue;
            }
        };
        let ne = t.typemap().unwrap().len();
        if ne > 4000 {
            continue;
        }
        entries_total += ne;
        *by_combiner.entry(format!("{:?}", t.envelope().combiner)).or_insert(0) += 1;
        let count = r.range(1, 3);
        check_type(t, count, case);
        checked += 1;
    }
    eprintln!("{checked} types ({refused} refused by weft, {entries_total} entries): {by_combiner:?}");
    assert!(by_combiner.len() >= 12, "every constructor drawn");
}
