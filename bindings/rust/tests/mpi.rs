//! Feature `mpi`: weft::mpi::to_mpi_f against Open MPI itself (singleton MPI_Init, no
//! mpirun needed): the converted type has weft's size, lb, extent, and MPI_Pack packs the
//! same bytes as weft. The MPI functions come from weft::mpi::ffi (no MPI crate).
#![cfg(feature = "mpi")]
use std::os::raw::c_int;
use weft::{Datatype, Order, Status};

// Open MPI's raw calls: the crate's shared declarations.
use weft::mpi::ffi::*;

#[test]
fn converted_types_match_weft() {
    std::env::set_var("OMPI_ALLOW_RUN_AS_ROOT", "1");
    std::env::set_var("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    let world = comm_world();
    unsafe { assert_eq!(MPI_Init(core::ptr::null_mut(), core::ptr::null_mut()), 0) };

    let dc = Datatype::structure(&[1, 1], &[0, 8], &[&Datatype::double(), &Datatype::char()]).unwrap();
    let types = vec![
        Datatype::vector(3, 1, -2, &dc).unwrap(),
        Datatype::structure(
            &[1, 1, 1],
            &[-3, 0, 6],
            &[&Datatype::lb_marker(), &Datatype::int(), &Datatype::ub_marker()],
        )
        .unwrap(),
        Datatype::indexed(&[3, 1], &[4, 0], &dc).unwrap(),
        Datatype::subarray(&[4, 6], &[2, 3], &[1, 2], Order::Fortran, &Datatype::real()).unwrap(),
        Datatype::resized(&Datatype::int32(), -4, 12).unwrap(),
    ];
    let buf: Vec<u8> = (0..2048).map(|i| (i * 13 % 251) as u8).collect();
    let origin = 1024usize;
    for t in types {
        let f = weft::mpi::to_mpi_f(&t).unwrap();
        let mut m = unsafe { MPI_Type_f2c(f) };
        let (mut size, mut lb, mut ext) = (0, 0isize, 0isize);
        unsafe {
            MPI_Type_size(m, &mut size);
            MPI_Type_get_extent(m, &mut lb, &mut ext);
        }
        assert_eq!((size as i64, lb, ext), (t.size(), t.lb(), t.extent()), "{t:?}");
        // the same bytes from MPI_Pack and weft_pack, 2 copies at the middle of buf
        let t = t.committed().unwrap();
        let n = t.pack_size(2).unwrap() as usize;
        let (mut a, mut b) = (vec![0u8; n], vec![0u8; n]);
        let mut pos: c_int = 0;
        let mut wpos = 0i64;
        unsafe {
            let inb = buf.as_ptr().add(origin).cast();
            assert_eq!(
                MPI_Pack(inb, 2, m, a.as_mut_ptr().cast(), n as c_int, &mut pos, world),
                0
            );
            t.pack_raw(inb, 2, b.as_mut_ptr().cast(), n as i64, &mut wpos).unwrap();
            MPI_Type_free(&mut m);
        }
        assert_eq!(pos as usize, n);
        assert_eq!(a, b, "{t:?}");
    }
    // a count above INT_MAX cannot become an MPI type
    let big = Datatype::contiguous(3_000_000_000, &Datatype::byte()).unwrap();
    let e = weft::mpi::to_mpi_f(&big).unwrap_err();
    assert_eq!(e.status(), Status::Overflow);
    assert!(e.message().starts_with("weft_type_to_mpi_f: "), "{}", e.message());

    unsafe { MPI_Finalize() };
}
