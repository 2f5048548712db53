//! pack / unpack / partial windows / copy round trips, checked element by element.
mod common;
use common::*;
use weft::{copy, Datatype, Order, Status};

#[test]
fn vector_pack_unpack_round_trip() {
    // every third double, 5 of them, 2 copies back to back (extent 13*8)
    let t = Datatype::vector(5, 1, 3, &Datatype::double())
        .unwrap()
        .committed()
        .unwrap();
    assert_eq!(t.extent(), 13 * 8);
    let a: Vec<f64> = (0..26).map(|i| i as f64 * 1.5).collect();
    let packed = t.pack_to_vec(&a, 2).unwrap();
    assert_eq!(packed.len(), 80);
    let vals: Vec<f64> = packed
        .chunks(8)
        .map(|c| f64::from_ne_bytes(c.try_into().unwrap()))
        .collect();
    let want: Vec<f64> = [0, 3, 6, 9, 12, 13, 16, 19, 22, 25].iter().map(|&i| a[i]).collect();
    assert_eq!(vals, want);

    let mut b = vec![-1.0f64; 26];
    let mut pos = 0usize;
    t.unpack(&packed, &mut pos, &mut b, 2).unwrap();
    assert_eq!(pos, 80);
    for i in 0..26 {
        let in_map = (i % 13) % 3 == 0 && (i % 13) < 13 && (i % 13) / 3 < 5;
        assert_eq!(b[i], if in_map { a[i] } else { -1.0 }, "b[{i}]");
    }
}

#[test]
fn pack_appends_at_position() {
    let int = Datatype::int32();
    let i = [7i32];
    let j = [-9i32];
    let mut buf = [0u8; 16];
    let mut pos = 0usize;
    int.pack(&i, 1, &mut buf, &mut pos).unwrap();
    int.pack(&j, 1, &mut buf, &mut pos).unwrap();
    assert_eq!(pos, 8);
    let mut a = [0i32; 2];
    let mut p = 0usize;
    int.unpack(&buf, &mut p, &mut a, 2).unwrap();
    assert_eq!(a, [7, -9]);
    assert_eq!(p, 8);
}

#[test]
fn partial_windows_concatenate_to_pack() {
    let old = double_char();
    let t = Datatype::structure(&[2, 1, 3], &[0, 16, 26], &[&Datatype::float(), &old, &Datatype::char()])
        .unwrap()
        .committed()
        .unwrap();
    let src = pattern(32 * 5, 1);
    let whole = t.pack_to_vec(&src, 5).unwrap();
    for w in [1usize, 3, 7, 20, 100, 1000] {
        let mut stream = Vec::new();
        let mut off = 0i64;
        loop {
            let mut win = vec![0u8; w];
            let n = t.pack_partial(&src, 5, off, &mut win).unwrap();
            if n == 0 {
                break;
            }
            stream.extend_from_slice(&win[..n]);
            off += n as i64;
        }
        assert_eq!(stream, whole, "window {w}");
        // and back, window by window, into a fresh buffer
        let mut dst = vec![0u8; src.len()];
        for (k, chunk) in whole.chunks(w).enumerate() {
            t.unpack_partial(chunk, (k * w) as i64, &mut dst, 5).unwrap();
        }
        let mut full = vec![0u8; src.len()];
        t.unpack(&whole, &mut 0, &mut full, 5).unwrap();
        assert_eq!(dst, full, "window {w}");
    }
    // offset exactly at the end: 0 bytes; past the end: WEFT_INVALID_VALUE
    let mut win = [0u8; 4];
    assert_eq!(t.pack_partial(&src, 5, whole.len() as i64, &mut win).unwrap(), 0);
    let e = t.pack_partial(&src, 5, whole.len() as i64 + 1, &mut win).unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    // a window beyond the stream when unpacking: WEFT_INSUFFICIENT_SPACE
    let mut dst = vec![0u8; src.len()];
    let e = t
        .unpack_partial(&whole[..8], whole.len() as i64 - 4, &mut dst, 5)
        .unwrap_err();
    assert_eq!(e.status(), Status::InsufficientSpace);
}

#[test]
fn copy_transpose_and_signatures() {
    // 3.31 at 4x4, Fortran order: b(i,j) = a(j,i)
    let real = Datatype::real();
    let row = Datatype::vector(4, 1, 4, &real).unwrap();
    let xpose = Datatype::hvector(4, 1, real.extent(), &row)
        .unwrap()
        .committed()
        .unwrap();
    let a: Vec<f32> = (0..16).map(|v| v as f32).collect();
    let mut b = vec![0f32; 16];
    assert_eq!(copy(&a, 1, &xpose, &mut b, 16, &real).unwrap(), 64);
    for i in 0..4 {
        for j in 0..4 {
            assert_eq!(b[i + 4 * j], a[j + 4 * i]);
        }
    }
    // a shorter message is fine: only its entries are written
    let mut c = vec![-1f32; 16];
    assert_eq!(copy(&a, 3, &real, &mut c, 16, &real).unwrap(), 12);
    assert_eq!(&c[..4], &[0.0, 1.0, 2.0, -1.0]);
    // a longer one is WEFT_TRUNCATED, a different signature WEFT_SIGNATURE_MISMATCH
    let e = copy(&a, 5, &real, &mut c, 4, &real).unwrap_err();
    assert_eq!(e.status(), Status::Truncated);
    let ints = vec![0i32; 16];
    let e = copy(&ints, 4, &Datatype::int(), &mut c, 4, &real).unwrap_err();
    assert_eq!(e.status(), Status::SignatureMismatch);
    assert_eq!(c[3], -1.0, "nothing written on error");
    // REAL and FLOAT are different types too, INT and INT32 as well
    let e = copy(&a, 4, &Datatype::float(), &mut c, 4, &real).unwrap_err();
    assert_eq!(e.status(), Status::SignatureMismatch);
}

#[test]
fn subarray_c_and_fortran() {
    // a 4x5 array; the 2x3 block starting at (1,2)
    let int = Datatype::int32();
    let a: Vec<i32> = (0..20).collect();
    let c = Datatype::subarray(&[4, 5], &[2, 3], &[1, 2], Order::C, &int)
        .unwrap()
        .committed()
        .unwrap();
    let mut out = [0i32; 6];
    copy(&a, 1, &c, &mut out, 6, &int).unwrap();
    // C order: element (r, s) at r*5 + s
    assert_eq!(out, [7, 8, 9, 12, 13, 14]);
    assert_eq!((c.lb(), c.extent()), (0, 80));
    let f = Datatype::subarray(&[4, 5], &[2, 3], &[1, 2], Order::Fortran, &int)
        .unwrap()
        .committed()
        .unwrap();
    copy(&a, 1, &f, &mut out, 6, &int).unwrap();
    // Fortran order: element (r, s) at r + s*4, first index fastest
    assert_eq!(out, [9, 10, 13, 14, 17, 18]);
}

#[test]
fn resized_and_struct_aligned() {
    #[repr(C)]
    struct S {
        a: u8,
        b: f64,
        c: [i16; 3],
    }
    let (t, offs) = Datatype::struct_aligned(
        &[1, 1, 3],
        &[&Datatype::uint8(), &Datatype::double(), &Datatype::int16()],
    )
    .unwrap();
    // the field offsets of the #[repr(C)] struct, from a value's addresses
    let s = S {
        a: 0,
        b: 0.0,
        c: [0; 3],
    };
    let base = weft::address(&s);
    let (fa, fb, fc) = (
        weft::address(&s.a) - base,
        weft::address(&s.b) - base,
        weft::address(&s.c) - base,
    );
    assert_eq!(offs, vec![fa, fb, fc]);
    assert_eq!((s.a, s.b, s.c), (0, 0.0, [0; 3]));
    assert_eq!(t.extent(), core::mem::size_of::<S>() as isize);
    assert_eq!(t.alignment().true_align, core::mem::align_of::<S>() as i64);
    assert_eq!(t.envelope().combiner, weft::Combiner::StructAligned);

    // resized: a double with extent 24 and lb -8
    let r = Datatype::resized(&Datatype::double(), -8, 24).unwrap();
    assert_eq!((r.lb(), r.ub(), r.extent(), r.size()), (-8, 16, 24, 8));
    assert_eq!(r.count(), 1);
}

#[test]
fn iov_pieces() {
    let t = Datatype::vector(3, 2, 4, &Datatype::int32()).unwrap();
    let e = t.iov(1).unwrap_err();
    assert_eq!(e.status(), Status::TypeNotCommitted);
    let t = t.committed().unwrap();
    assert_eq!(t.iov(1).unwrap(), vec![(0, 8), (16, 8), (32, 8)]);
    // extent 40: the second copy starts at 40, where the first copy's last block ends,
    // so those two pieces merge
    assert_eq!(t.iov_len(2, 0).unwrap(), 5);
    assert_eq!(t.iov(2).unwrap(), vec![(0, 8), (16, 8), (32, 16), (56, 8), (72, 8)]);
    assert_eq!(t.iov_window(2, 2, 2).unwrap(), vec![(32, 16), (56, 8)]);
    assert_eq!(t.iov_window(2, 4, 10).unwrap(), vec![(72, 8)]);
    assert_eq!(t.iov_len(2, 4).unwrap(), 1);
    // contiguous pieces merge
    let c = Datatype::contiguous(4, &Datatype::int32())
        .unwrap()
        .committed()
        .unwrap();
    assert_eq!(c.iov(3).unwrap(), vec![(0, 48)]);
    assert!(c.is_contiguous());
    assert!(!t.is_contiguous());
}

#[test]
fn signature_fingerprints() {
    // one signature under other constructors and names; another order differs
    let four = Datatype::contiguous(4, &Datatype::int32()).unwrap();
    let vec = Datatype::vector(2, 2, 7, &Datatype::int()).unwrap();
    assert_eq!(four.signature(), vec.signature());
    assert_ne!(four.signature(), 0);
    assert_ne!(Datatype::int32().signature(), Datatype::float().signature());
    let ab = Datatype::structure(&[1, 1], &[0, 4], &[&Datatype::int32(), &Datatype::float()]).unwrap();
    let ba = Datatype::structure(&[1, 1], &[0, 4], &[&Datatype::float(), &Datatype::int32()]).unwrap();
    assert_ne!(ab.signature(), ba.signature());
    assert_eq!(Datatype::contiguous(0, &Datatype::double()).unwrap().signature(), 0);
}

#[test]
fn buffer_alignment() {
    let t = Datatype::double();
    let a = [0f64; 4];
    assert_eq!(t.buffer_is_aligned(a.as_ptr(), 4).unwrap(), (true, true));
    let p = (a.as_ptr() as *const u8).wrapping_add(4);
    assert_eq!(t.buffer_is_aligned(p, 1).unwrap(), (false, false));
}

#[test]
fn envelope_and_contents() {
    use weft::Combiner::*;
    let d = Datatype::double();
    let old = double_char();
    type Case = (Datatype, weft::Combiner, Vec<i64>, Vec<isize>, usize);
    let cases: Vec<Case> = vec![
        (Datatype::contiguous(3, &d).unwrap(), Contiguous, vec![3], vec![], 1),
        (Datatype::vector(2, 3, 4, &d).unwrap(), Vector, vec![2, 3, 4], vec![], 1),
        (
            Datatype::hvector(2, 3, 40, &d).unwrap(),
            Hvector,
            vec![2, 3],
            vec![40],
            1,
        ),
        (
            Datatype::indexed(&[3, 1], &[4, 0], &d).unwrap(),
            Indexed,
            vec![2, 3, 1, 4, 0],
            vec![],
            1,
        ),
        (
            Datatype::hindexed(&[3, 1], &[32, 0], &d).unwrap(),
            Hindexed,
            vec![2, 3, 1],
            vec![32, 0],
            1,
        ),
        (
            Datatype::indexed_block(2, &[4, 0], &d).unwrap(),
            IndexedBlock,
            vec![2, 2, 4, 0],
            vec![],
            1,
        ),
        (
            Datatype::hindexed_block(2, &[32, 0], &d).unwrap(),
            HindexedBlock,
            vec![2, 2],
            vec![32, 0],
            1,
        ),
        (
            Datatype::structure(&[1, 2], &[0, 8], &[&d, &old]).unwrap(),
            Struct,
            vec![2, 1, 2],
            vec![0, 8],
            2,
        ),
        (
            Datatype::subarray(&[4, 5], &[2, 3], &[1, 2], Order::Fortran, &d).unwrap(),
            Subarray,
            vec![2, 4, 5, 2, 3, 1, 2, 1],
            vec![],
            1,
        ),
        (Datatype::resized(&d, -8, 24).unwrap(), Resized, vec![], vec![-8, 24], 1),
        (d.dup().unwrap(), Dup, vec![], vec![], 1),
    ];
    for (t, comb, ints, addrs, ntypes) in cases {
        let env = t.envelope();
        assert_eq!(env.combiner, comb);
        assert_eq!(
            (env.nints as usize, env.naddrs as usize, env.ntypes as usize),
            (ints.len(), addrs.len(), ntypes)
        );
        let c = t.contents().unwrap();
        assert_eq!(c.combiner, comb);
        assert_eq!(c.ints, ints, "{comb:?}");
        assert_eq!(c.addrs, addrs, "{comb:?}");
        assert_eq!(c.types.len(), ntypes);
        assert_eq!(c.types[0].name(), Some("WEFT_DOUBLE"));
    }
    // a derived input comes back as a new, owned handle with the same typemap
    let s = Datatype::structure(&[1, 2], &[0, 8], &[&d, &old]).unwrap();
    let c = s.contents().unwrap();
    assert_eq!(c.types[1].typemap().unwrap(), old.typemap().unwrap());
    assert_eq!(c.types[1].as_raw(), old.as_raw()); // the same object, a second handle
    assert_eq!(c.types[1].envelope().combiner, Struct);
    drop(c);
    assert_eq!(old.size(), 9); // still valid after the contents handle is freed
}
