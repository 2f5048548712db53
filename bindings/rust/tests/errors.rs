//! Error statuses and messages: weft's own (status + weft_last_error) and the Rust
//! layer's (same statuses, "Datatype::..." messages).
use weft::{copy, Datatype, Error, Status};

#[test]
fn status_names_match_the_library() {
    let listed = [
        (0, "WEFT_SUCCESS"),
        (1, "WEFT_NO_VALUE"),
        (-1, "WEFT_UNINITIALIZED_OBJECT"),
        (-2, "WEFT_NULL_POINTER"),
        (-3, "WEFT_INVALID_VALUE"),
        (-4, "WEFT_INVALID_INDEX"),
        (-5, "WEFT_DOMAIN_MISMATCH"),
        (-6, "WEFT_DIMENSION_MISMATCH"),
        (-7, "WEFT_OUTPUT_NOT_EMPTY"),
        (-8, "WEFT_NOT_IMPLEMENTED"),
        (-9, "WEFT_INVALID_HANDLE"),
        (-10, "WEFT_TYPE_NOT_COMMITTED"),
        (-11, "WEFT_SIGNATURE_MISMATCH"),
        (-12, "WEFT_OVERFLOW"),
        (-13, "WEFT_OVERLAPPING_TYPE"),
        (-101, "WEFT_PANIC"),
        (-102, "WEFT_OUT_OF_MEMORY"),
        (-103, "WEFT_INSUFFICIENT_SPACE"),
        (-104, "WEFT_INVALID_OBJECT"),
        (-105, "WEFT_INDEX_OUT_OF_BOUNDS"),
        (-106, "WEFT_EMPTY_OBJECT"),
        (-107, "WEFT_TRUNCATED"),
        (-108, "WEFT_IO_ERROR"),
        (-110, "WEFT_MPI_ERROR"),
    ];
    assert_eq!(Status::ALL.len(), listed.len());
    for (&s, &(code, name)) in Status::ALL.iter().zip(listed.iter()) {
        assert_eq!(s.code(), code);
        assert_eq!(s.name(), name);
        assert_eq!(Status::from_code(code), s);
        assert!(!s.description().is_empty());
        assert_eq!(s.is_error(), code < 0);
        assert_eq!(s.is_api_error(), (-99..=-1).contains(&code));
        assert_eq!(s.is_execution_error(), code <= -100);
    }
    assert_eq!(Status::InvalidValue.description(), "an argument has an invalid value");
    assert_eq!(Status::from_code(-55), Status::Unknown(-55));
    assert_eq!(Status::Unknown(-55).name(), "WEFT_UNKNOWN_STATUS");
    assert_eq!(Status::Unknown(-55).code(), -55);
}

fn err(r: weft::Result<Datatype>) -> Error {
    r.unwrap_err()
}

#[test]
fn constructor_errors() {
    let int = Datatype::int();
    let e = err(Datatype::vector(2, -3, 1, &int));
    assert_eq!((e.status(), e.code()), (Status::InvalidValue, -3));
    assert_eq!(e.message(), "weft_type_vector: blocklength -3 < 0");
    assert_eq!(
        e.to_string(),
        "WEFT_INVALID_VALUE: weft_type_vector: blocklength -3 < 0"
    );
    assert_eq!(weft::last_error(), e.message());

    let e = err(Datatype::contiguous(-1, &int));
    assert_eq!(e.message(), "weft_type_contiguous: count -1 < 0");
    let e = err(Datatype::indexed(&[1, -2], &[0, 4], &int));
    assert_eq!(e.message(), "weft_type_indexed: blocklens[1] = -2 < 0");
    // markers only in struct
    let e = err(Datatype::contiguous(2, &Datatype::ub_marker()));
    assert_eq!(e.status(), Status::InvalidValue);
    assert_eq!(
        e.message(),
        "weft_type_contiguous: oldtype is WEFT_LB/WEFT_UB, allowed only in weft_type_struct"
    );
    // subarray
    let e = err(Datatype::subarray(&[], &[], &[], weft::Order::C, &int));
    assert_eq!(e.message(), "weft_type_subarray: ndims 0 < 1");
    let e = err(Datatype::subarray(&[4], &[3], &[2], weft::Order::C, &int));
    assert_eq!(e.status(), Status::InvalidValue);
    // 64-bit overflow
    let e = err(Datatype::contiguous(i64::MAX / 2, &Datatype::double()));
    assert_eq!(e.status(), Status::Overflow);
    assert!(e.message().starts_with("weft_type_contiguous: "), "{}", e.message());
    // struct_aligned rejects markers
    let e = Datatype::struct_aligned(&[1], &[&Datatype::lb_marker()]).unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
}

#[test]
fn rust_side_argument_errors() {
    let int = Datatype::int();
    let e = err(Datatype::indexed(&[1, 2], &[0, 4, 8], &int));
    assert_eq!(e.status(), Status::DimensionMismatch);
    assert_eq!(e.message(), "Datatype::indexed: 2 block lengths but 3 displacements");
    let e = err(Datatype::hindexed(&[1], &[], &int));
    assert_eq!(e.message(), "Datatype::hindexed: 1 block lengths but 0 displacements");
    let e = err(Datatype::structure(&[1, 1], &[0, 4], &[&int]));
    assert_eq!(
        e.message(),
        "Datatype::structure: 2 block lengths, 2 displacements and 1 types"
    );
    let e = err(Datatype::subarray(&[4, 4], &[2], &[0, 0], weft::Order::C, &int));
    assert_eq!(e.status(), Status::DimensionMismatch);
}

#[test]
fn data_movement_errors() {
    let int = Datatype::int32();
    let t = Datatype::vector(2, 1, 2, &int).unwrap();
    let a = [1i32, 2, 3];
    let mut out = [0u8; 8];
    let mut pos = 0;
    let e = t.pack(&a, 1, &mut out, &mut pos).unwrap_err();
    assert_eq!(e.status(), Status::TypeNotCommitted);
    assert_eq!(e.message(), "weft_pack: the datatype has not been committed");
    let t = t.committed().unwrap();
    let mut small = [0u8; 7];
    let e = t.pack(&a, 1, &mut small, &mut pos).unwrap_err();
    assert_eq!(e.status(), Status::InsufficientSpace);
    assert_eq!(e.message(), "weft_pack: 8 bytes needed at position 0, outsize 7");
    assert_eq!(pos, 0);
    // unpacking with a type that writes a byte twice
    let twice = Datatype::indexed(&[1, 1], &[0, 0], &int).unwrap().committed().unwrap();
    let mut d = [0i32; 1];
    let e = twice.unpack(&[0u8; 8], &mut 0, &mut d, 1).unwrap_err();
    assert_eq!(e.status(), Status::OverlappingType);
    // but packing with it is fine
    assert_eq!(twice.pack_to_vec(&[9i32], 1).unwrap().len(), 8);
    let e = copy(&[1i32, 2], 2, &int, &mut d, 1, &twice).unwrap_err();
    assert_eq!(e.status(), Status::OverlappingType);
    // contents of a predefined type
    let e = int.contents().unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
    assert_eq!(
        e.message(),
        "weft_type_contents: WEFT_INT32 is predefined: it has no contents"
    );
    // get_count with a negative byte count
    let e = int.get_count(-1).unwrap_err();
    assert_eq!(e.status(), Status::InvalidValue);
}

#[test]
fn raw_handle_errors() {
    use weft::sys;
    unsafe {
        // freeing a predefined handle: WEFT_INVALID_VALUE, the handle is kept
        let mut h = sys::WEFT_INT;
        assert_eq!(sys::weft_type_free(&mut h), sys::WEFT_INVALID_VALUE);
        assert_eq!(h, sys::WEFT_INT);
        // NULL handle: WEFT_INVALID_HANDLE; NULL output: WEFT_NULL_POINTER
        let mut s = 0i64;
        assert_eq!(
            sys::weft_type_size(core::ptr::null_mut(), &mut s),
            sys::WEFT_INVALID_HANDLE
        );
        assert_eq!(
            sys::weft_type_size(sys::WEFT_INT, core::ptr::null_mut()),
            sys::WEFT_NULL_POINTER
        );
        // a freed handle is rejected, not dereferenced
        let mut t: sys::weft_type = core::ptr::null_mut();
        assert_eq!(sys::weft_type_contiguous(2, sys::WEFT_INT, &mut t), 0);
        let stale = t;
        assert_eq!(sys::weft_type_free(&mut t), 0);
        assert!(t.is_null());
        assert_eq!(sys::weft_type_size(stale, &mut s), sys::WEFT_INVALID_HANDLE);
        let msg = weft::last_error();
        assert_eq!(
            msg,
            "weft_type_size: type is not a live weft_type (freed or never created)"
        );
    }
    let (ma, mi, pa) = weft::version();
    assert_eq!(
        (ma, mi, pa),
        (
            weft::sys::WEFT_VERSION_MAJOR,
            weft::sys::WEFT_VERSION_MINOR,
            weft::sys::WEFT_VERSION_PATCH
        )
    );
}
