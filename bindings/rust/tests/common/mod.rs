//! Helpers shared by the integration tests.
#![allow(dead_code)]
use weft::{Datatype, Predefined};

/// (size, lb, ub, extent, true_lb, true_extent, count)
pub fn props(t: &Datatype) -> (i64, isize, isize, isize, isize, isize, i64) {
    let (tlb, tex) = t.true_extent();
    (t.size(), t.lb(), t.ub(), t.extent(), tlb, tex, t.count())
}

/// type = {(double,0),(char,8)}, the oldtype of MPI-1.1 examples 3.18-3.23.
pub fn double_char() -> Datatype {
    Datatype::structure(&[1, 1], &[0, 8], &[&Datatype::double(), &Datatype::char()]).unwrap()
}

/// Bytes 0, 1, 2, ... (mod 251, so that no two nearby bytes are equal).
pub fn pattern(n: usize, seed: u8) -> Vec<u8> {
    (0..n).map(|i| ((i * 7 + seed as usize) % 251) as u8).collect()
}

pub fn basic_size(p: Predefined) -> usize {
    Datatype::predefined(p).size() as usize
}

/// What packing `count` copies of `t` at `buf[origin..]` must give: the typemap's
/// entries in order, copy after copy (the MPI-1.1 definition, computed from the typemap).
pub fn reference_pack(buf: &[u8], origin: isize, count: i64, t: &Datatype) -> Vec<u8> {
    let tm = t.typemap().unwrap();
    let ext = t.extent();
    let mut out = Vec::new();
    for i in 0..count as isize {
        for &(p, d) in &tm {
            let at = (origin + i * ext + d) as usize;
            out.extend_from_slice(&buf[at..at + basic_size(p)]);
        }
    }
    out
}

/// A user-defined domain (two INT32): weft cannot cast its values, so operations that
/// read values as a predefined type give `WEFT_DOMAIN_MISMATCH`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    pub a: i32,
    pub b: i32,
}

// SAFETY: two INT32 at offsets 0 and 4, extent 8 = size_of::<Pair>(); any bits are valid.
unsafe impl weft::sparse::Element for Pair {
    fn datatype() -> weft::Result<Datatype> {
        Datatype::contiguous(2, &Datatype::int32())?.committed()
    }
}
