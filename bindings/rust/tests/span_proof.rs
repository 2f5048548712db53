//! The safe data movers prove that the typemap fits the slice, and otherwise fail with
//! WEFT_INDEX_OUT_OF_BOUNDS without calling C (nothing is written, position unchanged).
mod common;
use common::*;
use weft::{copy, Datatype, Status};

fn oob(e: weft::Error) -> String {
    assert_eq!(e.status(), Status::IndexOutOfBounds, "{e}");
    assert_eq!(e.name(), "WEFT_INDEX_OUT_OF_BOUNDS");
    e.message().to_string()
}

#[test]
fn pack_reading_past_the_end_is_rejected() {
    // 3 doubles 2 apart: bytes [0, 40) of one copy
    let t = Datatype::vector(3, 1, 2, &Datatype::double())
        .unwrap()
        .committed()
        .unwrap();
    let a = [1.0f64; 5];
    let mut out = [0u8; 24];
    let mut pos = 0;
    t.pack(&a, 1, &mut out, &mut pos).unwrap(); // exactly fits: 40 bytes
    let mut out2 = [0xAAu8; 24];
    let mut pos2 = 0;
    let m = oob(t.pack(&a[..4], 1, &mut out2, &mut pos2).unwrap_err());
    assert_eq!(
        m,
        "Datatype::pack: 1 copies of the type touch bytes [0, 40) of inbuf, which has 32 bytes"
    );
    assert_eq!(pos2, 0);
    assert_eq!(out2, [0xAA; 24]);
    // 2 copies: the second starts at extent 40 and ends at 80
    let b = [0.0f64; 10];
    let mut out3 = [0u8; 48];
    t.pack(&b, 2, &mut out3, &mut 0).unwrap();
    let m = oob(t.pack(&b[..9], 2, &mut out3, &mut 0).unwrap_err());
    assert!(m.contains("touch bytes [0, 80)"), "{m}");
}

#[test]
fn negative_displacements_are_rejected() {
    // example 3.21: vector(3, 1, -2) reaches 64 bytes below the buffer
    let t = Datatype::vector(3, 1, -2, &double_char()).unwrap().committed().unwrap();
    let buf = vec![0u8; 1000];
    let m = oob(t.pack_to_vec(&buf, 1).unwrap_err());
    assert!(m.contains("touch bytes [-64, 9)"), "{m}");
    // resized with a negative extent: copies go downwards
    let r = Datatype::resized(&Datatype::int32(), 0, -4)
        .unwrap()
        .committed()
        .unwrap();
    let v = [1i32, 2, 3];
    assert_eq!(r.pack_to_vec(&v, 1).unwrap(), 1i32.to_ne_bytes());
    let m = oob(r.pack_to_vec(&v, 2).unwrap_err());
    assert!(m.contains("touch bytes [-4, 4)"), "{m}");
}

#[test]
fn unpack_writing_past_the_end_is_rejected() {
    let t = Datatype::vector(2, 1, 3, &Datatype::int32())
        .unwrap()
        .committed()
        .unwrap(); // [0, 16)
    let packed = [1u8; 8];
    let mut dst = [0i32; 3];
    let mut pos = 0;
    let m = oob(t.unpack(&packed, &mut pos, &mut dst, 1).unwrap_err());
    assert_eq!(
        m,
        "Datatype::unpack: 1 copies of the type touch bytes [0, 16) of outbuf, which has 12 bytes"
    );
    assert_eq!(dst, [0; 3]);
    assert_eq!(pos, 0);
    let mut dst = [0i32; 4];
    t.unpack(&packed, &mut pos, &mut dst, 1).unwrap();
    assert_eq!(pos, 8);
    assert_eq!(dst, [0x01010101, 0, 0, 0x01010101]);
}

#[test]
fn partial_forms_are_proved_too() {
    let t = Datatype::contiguous(4, &Datatype::int16())
        .unwrap()
        .committed()
        .unwrap(); // 8 bytes
    let src = [0i16; 3];
    let mut w = [0u8; 2];
    oob(t.pack_partial(&src, 1, 0, &mut w).unwrap_err());
    let mut dst = [0i16; 7];
    oob(t.unpack_partial(&[0u8; 2], 0, &mut dst, 2).unwrap_err());
}

#[test]
fn copy_checks_both_sides() {
    let int = Datatype::int32();
    let col = Datatype::vector(3, 1, 3, &int).unwrap().committed().unwrap(); // [0, 28)
    let a = [5i32; 9];
    let mut b = [0i32; 3];
    copy(&a, 1, &col, &mut b, 3, &int).unwrap();
    assert_eq!(b, [5; 3]);
    let m = oob(copy(&a[..6], 1, &col, &mut b, 3, &int).unwrap_err());
    assert!(
        m.starts_with("copy: 1 copies of the type touch bytes [0, 28) of src"),
        "{m}"
    );
    let mut small = [0i32; 2];
    let m = oob(copy(&a, 1, &col, &mut small, 3, &int).unwrap_err());
    assert!(m.contains("of dst, which has 8 bytes"), "{m}");
    // the receive side is proved for all dcount copies even if the message is shorter
    let mut c = [0i32; 4];
    oob(copy(&a, 1, &int, &mut c, 5, &int).unwrap_err());
    assert_eq!(c, [0; 4]);
}

#[test]
fn nothing_touched_needs_no_room() {
    let int = Datatype::int32().committed().unwrap();
    let empty: [i32; 0] = [];
    let mut out: [u8; 0] = [];
    int.pack(&empty, 0, &mut out, &mut 0).unwrap();
    // a type with markers only has no data: any count is fine on an empty slice
    let m = Datatype::structure(&[1, 1], &[0, 16], &[&Datatype::lb_marker(), &Datatype::ub_marker()])
        .unwrap()
        .committed()
        .unwrap();
    assert_eq!((m.size(), m.extent()), (0, 16));
    m.pack(&empty, 1000, &mut out, &mut 0).unwrap();
    // a huge count is rejected by the proof (no overflow in the arithmetic)
    let a = [0i32; 4];
    let mut o = [0u8; 16];
    oob(int.pack(&a, i64::MAX, &mut o, &mut 0).unwrap_err());
    // a negative count is left to weft, which rejects it
    let e = int.pack(&a, -1, &mut o, &mut 0).unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    assert_eq!(e.message(), "weft_pack: incount -1 < 0");
}

#[test]
fn raw_forms_reach_what_slices_cannot() {
    // MPI_BOTTOM with absolute addresses: i followed by a[0..i] (MPI-1.1 §3.13)
    let i = [3i32];
    let a = [1.5f32, 2.5, 3.5, 4.5];
    let t = Datatype::structure(
        &[1, 3],
        &[weft::address(i.as_ptr()), weft::address(a.as_ptr())],
        &[&Datatype::int(), &Datatype::float()],
    )
    .unwrap()
    .committed()
    .unwrap();
    let mut buf = [0u8; 16];
    let mut pos = 0i64;
    // SAFETY: the typemap names i and a[0..3], both live and initialised.
    unsafe {
        t.pack_raw(weft::BOTTOM, 1, buf.as_mut_ptr().cast(), 16, &mut pos)
            .unwrap()
    };
    assert_eq!(pos, 16);
    assert_eq!(&buf[..4], &3i32.to_ne_bytes());
    assert_eq!(&buf[12..16], &3.5f32.to_ne_bytes());
    // the slice form would treat the addresses as offsets into the slice: rejected
    oob(t.pack_to_vec(&buf, 1).unwrap_err());
}
