//! MPI-1.1 §3.12 worked examples 3.18-3.25 (seed 000), exactly: typemaps, size, bounds,
//! extent, true extent, count, alignment, and packing against the typemap.
//! The seed lost its formulas; the typemaps are those of the MPI-1.1 standard.
mod common;
use common::*;
use weft::{address, Datatype, Predefined::*};

/// Packs `count` copies of `t` at byte `origin` of a patterned buffer and compares with
/// the typemap-order gather.
fn check_pack(t: &Datatype, count: i64, origin: usize, len: usize) {
    let t = t.dup().unwrap().committed().unwrap();
    let buf = pattern(len, 3);
    let want = reference_pack(&buf, origin as isize, count, &t);
    let mut got = vec![0u8; t.pack_size(count).unwrap() as usize];
    let mut pos = 0usize;
    if origin == 0 {
        t.pack(&buf, count, &mut got, &mut pos).unwrap();
    } else {
        // Negative displacements: the buffer address lies inside the slice, which the
        // safe form (buffer = slice start) cannot express.
        let mut p = 0i64;
        unsafe {
            t.pack_raw(
                buf.as_ptr().add(origin).cast(),
                count,
                got.as_mut_ptr().cast(),
                got.len() as i64,
                &mut p,
            )
            .unwrap();
        }
        pos = p as usize;
    }
    assert_eq!(pos, got.len());
    assert_eq!(got, want);
}

#[test]
fn ex3_18_double_then_char() {
    let t = double_char();
    assert_eq!(props(&t), (9, 0, 16, 16, 0, 9, 2));
    assert_eq!(t.typemap().unwrap(), vec![(Double, 0), (Char, 8)]);
    let a = t.alignment();
    assert_eq!((a.true_align, a.uint_align), (8, 8));
}

#[test]
fn ex3_18_char_then_double() {
    // "a character immediately followed by a double": {(char,0),(double,1)}: extent 16.
    let t = Datatype::structure(&[1, 1], &[0, 1], &[&Datatype::char(), &Datatype::double()]).unwrap();
    assert_eq!(props(&t), (9, 0, 16, 16, 0, 9, 2));
    assert_eq!(t.typemap().unwrap(), vec![(Char, 0), (Double, 1)]);
    // with the double at its aligned place, {(char,0),(double,8)}: extent 16 too.
    let u = Datatype::structure(&[1, 1], &[0, 8], &[&Datatype::char(), &Datatype::double()]).unwrap();
    assert_eq!(props(&u), (9, 0, 16, 16, 0, 16, 2));
    assert_eq!(u.typemap().unwrap(), vec![(Char, 0), (Double, 8)]);
}

#[test]
fn ex3_19_contiguous() {
    let t = Datatype::contiguous(3, &double_char()).unwrap();
    assert_eq!(
        t.typemap().unwrap(),
        vec![
            (Double, 0),
            (Char, 8),
            (Double, 16),
            (Char, 24),
            (Double, 32),
            (Char, 40)
        ]
    );
    // size 27; entries end at 41, extent rounded up to 48
    assert_eq!(props(&t), (27, 0, 48, 48, 0, 41, 3));
    check_pack(&t, 2, 0, 200);
}

#[test]
fn ex3_20_vector() {
    let t = Datatype::vector(2, 3, 4, &double_char()).unwrap();
    assert_eq!(
        t.typemap().unwrap(),
        vec![
            (Double, 0),
            (Char, 8),
            (Double, 16),
            (Char, 24),
            (Double, 32),
            (Char, 40),
            (Double, 64),
            (Char, 72),
            (Double, 80),
            (Char, 88),
            (Double, 96),
            (Char, 104)
        ]
    );
    assert_eq!(props(&t), (54, 0, 112, 112, 0, 105, 6));
    check_pack(&t, 2, 0, 400);
}

#[test]
fn ex3_21_vector_negative_stride() {
    let t = Datatype::vector(3, 1, -2, &double_char()).unwrap();
    assert_eq!(
        t.typemap().unwrap(),
        vec![
            (Double, 0),
            (Char, 8),
            (Double, -32),
            (Char, -24),
            (Double, -64),
            (Char, -56)
        ]
    );
    // lb -64; entries end at 9: 73 rounded up to 80, so ub = 16
    assert_eq!(props(&t), (27, -64, 16, 80, -64, 73, 3));
    check_pack(&t, 3, 300, 600);
}

#[test]
fn ex3_22_indexed() {
    let t = Datatype::indexed(&[3, 1], &[4, 0], &double_char()).unwrap();
    assert_eq!(
        t.typemap().unwrap(),
        vec![
            (Double, 64),
            (Char, 72),
            (Double, 80),
            (Char, 88),
            (Double, 96),
            (Char, 104),
            (Double, 0),
            (Char, 8)
        ]
    );
    assert_eq!(props(&t), (36, 0, 112, 112, 0, 105, 4));
    check_pack(&t, 2, 0, 400);
}

#[test]
fn ex3_23_struct() {
    let type1 = double_char();
    let t = Datatype::structure(
        &[2, 1, 3],
        &[0, 16, 26],
        &[&Datatype::float(), &type1, &Datatype::char()],
    )
    .unwrap();
    assert_eq!(
        t.typemap().unwrap(),
        vec![
            (Float, 0),
            (Float, 4),
            (Double, 16),
            (Char, 24),
            (Char, 26),
            (Char, 27),
            (Char, 28)
        ]
    );
    // 4+4+8+1+3 = 20 bytes; entries end at 29, largest alignment 8: extent 32
    assert_eq!(props(&t), (20, 0, 32, 32, 0, 29, 6));
    let a = t.alignment();
    assert_eq!((a.true_align, a.uint_align), (8, 8));
    check_pack(&t, 3, 0, 200);
}

#[test]
fn ex3_24_address() {
    // REAL A(100,100); MPI_ADDRESS(A(1,1), I1); MPI_ADDRESS(A(10,10), I2);
    // DIFF = I2 - I1 = 909*sizeofreal (column-major: (10-1) + (10-1)*100 = 909).
    let a = vec![0.0f32; 100 * 100];
    let idx = |i: usize, j: usize| (i - 1) + (j - 1) * 100; // Fortran A(i,j)
    let i1 = address(&a[idx(1, 1)]);
    let i2 = address(&a[idx(10, 10)]);
    let sizeofreal = Datatype::real().extent();
    assert_eq!(sizeofreal, 4);
    assert_eq!(i2 - i1, 909 * sizeofreal);
    assert_eq!(i1, a.as_ptr() as isize);
}

#[test]
fn ex3_25_markers() {
    // D=(-3,0,6), T=(MPI_LB, MPI_INT, MPI_UB), B=(1,1,1): {(lb,-3),(int,0),(ub,6)}, extent 9
    let type1 = Datatype::structure(
        &[1, 1, 1],
        &[-3, 0, 6],
        &[&Datatype::lb_marker(), &Datatype::int(), &Datatype::ub_marker()],
    )
    .unwrap();
    assert_eq!(type1.typemap().unwrap(), vec![(Int, 0)]);
    assert_eq!(props(&type1), (4, -3, 6, 9, 0, 4, 1));
    // contiguous(2, type1) = {(lb,-3),(int,0),(int,9),(ub,15)}
    let type2 = Datatype::contiguous(2, &type1).unwrap();
    assert_eq!(type2.typemap().unwrap(), vec![(Int, 0), (Int, 9)]);
    assert_eq!(props(&type2), (8, -3, 15, 18, 0, 13, 2));
    check_pack(&type2, 3, 0, 200);
}

#[test]
fn count_is_contiguous() {
    // MPI-1.1 §3.12.5: a send of count copies equals a send of one contiguous(count).
    let type1 = double_char();
    let t = Datatype::structure(
        &[2, 1, 3],
        &[0, 16, 26],
        &[&Datatype::float(), &type1, &Datatype::char()],
    )
    .unwrap()
    .committed()
    .unwrap();
    let c = Datatype::contiguous(4, &t).unwrap().committed().unwrap();
    let buf = pattern(400, 11);
    assert_eq!(t.pack_to_vec(&buf, 4).unwrap(), c.pack_to_vec(&buf, 1).unwrap());
}

#[test]
fn get_count_and_elements_example() {
    // §3.12.5: Type2 = contiguous(2, REAL); receiving 2 reals gives count 1, elements 2;
    // receiving 3 reals gives count MPI_UNDEFINED, elements 3.
    let type2 = Datatype::contiguous(2, &Datatype::real()).unwrap().committed().unwrap();
    assert_eq!(type2.get_count(8).unwrap(), Some(1));
    assert_eq!(type2.get_elements(8).unwrap(), Some(2));
    assert_eq!(type2.get_count(12).unwrap(), None);
    assert_eq!(type2.get_elements(12).unwrap(), Some(3));
    assert_eq!(type2.get_elements(6).unwrap(), None); // ends inside a real
}

#[test]
fn constructor_equivalences() {
    let old = double_char();
    let tm = |t: &Datatype| (t.typemap().unwrap(), t.lb(), t.extent());
    // contiguous(count) == vector(count, 1, 1) == vector(1, count, n)
    let c = Datatype::contiguous(3, &old).unwrap();
    assert_eq!(tm(&c), tm(&Datatype::vector(3, 1, 1, &old).unwrap()));
    assert_eq!(tm(&c), tm(&Datatype::vector(1, 3, 7, &old).unwrap()));
    // vector == hvector with stride*extent == indexed with (0, stride, ..)
    let v = Datatype::vector(2, 3, 4, &old).unwrap();
    assert_eq!(tm(&v), tm(&Datatype::hvector(2, 3, 4 * 16, &old).unwrap()));
    assert_eq!(tm(&v), tm(&Datatype::indexed(&[3, 3], &[0, 4], &old).unwrap()));
    // indexed == hindexed (displs * extent) == struct with one type
    let ix = Datatype::indexed(&[3, 1], &[4, 0], &old).unwrap();
    assert_eq!(tm(&ix), tm(&Datatype::hindexed(&[3, 1], &[64, 0], &old).unwrap()));
    assert_eq!(
        tm(&ix),
        tm(&Datatype::structure(&[3, 1], &[64, 0], &[&old, &old]).unwrap())
    );
    // indexed_block == indexed with equal block lengths == hindexed_block
    let ib = Datatype::indexed_block(2, &[5, -1, 3], &old).unwrap();
    assert_eq!(tm(&ib), tm(&Datatype::indexed(&[2, 2, 2], &[5, -1, 3], &old).unwrap()));
    assert_eq!(tm(&ib), tm(&Datatype::hindexed_block(2, &[80, -16, 48], &old).unwrap()));
}

#[test]
fn predefined_handles() {
    use weft::Predefined;
    assert_eq!(Predefined::ALL.len(), 36);
    for &p in Predefined::ALL {
        let t = Datatype::predefined(p);
        assert!(t.is_committed());
        assert_eq!(t.as_predefined(), Some(p));
        assert_eq!(t.name(), Some(p.name()));
        assert_eq!(t.count(), if p.is_marker() { 0 } else { 1 });
        assert_eq!(t.envelope().combiner, weft::Combiner::Named);
    }
    // WEFT_FP32/FP64 are the FLOAT/DOUBLE handles
    assert_eq!(Datatype::fp32().as_raw(), Datatype::float().as_raw());
    assert_eq!(Datatype::fp64().as_raw(), Datatype::double().as_raw());
    unsafe {
        assert_eq!(weft::sys::WEFT_FP64, weft::sys::WEFT_DOUBLE);
    }
    // sizes of the C and Fortran types as weft lays them out (x86-64 Linux, gfortran)
    let sizes = [
        (Char, 1),
        (SignedChar, 1),
        (UnsignedChar, 1),
        (Byte, 1),
        (Short, 2),
        (UnsignedShort, 2),
        (Int, 4),
        (Unsigned, 4),
        (Long, 8),
        (UnsignedLong, 8),
        (LongLong, 8),
        (UnsignedLongLong, 8),
        (Int8, 1),
        (Int16, 2),
        (Int32, 4),
        (Int64, 8),
        (Uint8, 1),
        (Uint16, 2),
        (Uint32, 4),
        (Uint64, 8),
        (Float, 4),
        (Double, 8),
        (LongDouble, 16),
        (CFloatComplex, 8),
        (CDoubleComplex, 16),
        (Bool, 1),
        (Wchar, 4),
        (Integer, 4),
        (Real, 4),
        (DoublePrecision, 8),
        (Complex, 8),
        (DoubleComplex, 16),
        (Logical, 4),
        (Character, 1),
        (Lb, 0),
        (Ub, 0),
    ];
    for (p, s) in sizes {
        assert_eq!(Datatype::predefined(p).size(), s, "{p}");
    }
    assert_eq!(Datatype::of::<i32>().as_raw(), Datatype::int32().as_raw());
    assert_eq!(Datatype::of::<f32>().as_raw(), Datatype::float().as_raw());
}
