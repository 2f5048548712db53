//! Moving data: pack, unpack, their byte-window forms, and copy.
//!
//! The safe functions work on slices and never let weft touch memory outside them: before
//! calling C they prove that every byte the typemap can reach lies inside the slice.
//! With the slice's first byte as the buffer address, `count` copies of a type touch at
//! most the bytes `i * extent + [true_lb, true_lb + true_extent)` for `i` in
//! `0..count`; that whole range must lie in `[0, size_of_val(slice))`. When it does not,
//! the call fails with `WEFT_INDEX_OUT_OF_BOUNDS` and C is not called. The packed side is
//! bounded by the slice length, which weft checks itself (`WEFT_INSUFFICIENT_SPACE`).
//!
//! The `unsafe` `*_raw` variants take raw pointers for what the slice form cannot
//! express: absolute addresses with [`BOTTOM`], layouts that reach outside one Rust
//! object, or types whose padding the typemap is known to avoid.
use core::ffi::c_void;

use crate::datatype::program_guard;
use crate::error::{check, Error, Result, Status};
use crate::sys;
use crate::Datatype;

/// `WEFT_BOTTOM`: the buffer address for types whose displacements are absolute
/// addresses (from [`address`](crate::address)).
pub const BOTTOM: *mut c_void = sys::WEFT_BOTTOM;

/// Plain data that weft may read and write byte by byte.
///
/// # Safety
/// Implement only for `Copy` types with no padding bytes (every byte of a value is
/// initialised) for which every bit pattern is a valid value: integers, floats, arrays
/// of them, `#[repr(C)]` structs and unions of them without padding. `bool`, `char`,
/// references, enums and types with padding are not `Pod`; move those with the `_raw`
/// functions, whose caller checks what the typemap touches.
pub unsafe trait Pod: Copy + 'static {}

macro_rules! pod {
    ($($t:ty),*) => { $(unsafe impl Pod for $t {})* };
}
pod!(u8, i8, u16, i16, u32, i32, u64, i64, u128, i128, usize, isize, f32, f64);
unsafe impl<T: Pod, const N: usize> Pod for [T; N] {}

/// The bytes `[lo, hi)` that `count` copies of `t` touch relative to the buffer, `None`
/// when they touch nothing.
fn touched(t: &Datatype, count: i64) -> Option<(i128, i128)> {
    if count <= 0 || t.size() == 0 {
        return None;
    }
    let (tlb, tex) = t.true_extent();
    let ext = t.extent() as i128;
    let last = (count as i128 - 1) * ext;
    let lo = tlb as i128 + last.min(0);
    let hi = tlb as i128 + tex as i128 + last.max(0);
    Some((lo, hi))
}

/// Proves that `count` copies of `t` stay inside a buffer of `len` bytes.
pub(crate) fn prove_span(func: &str, which: &str, t: &Datatype, count: i64, len: usize) -> Result<()> {
    match touched(t, count) {
        Some((lo, hi)) if lo < 0 || hi > len as i128 => Err(Error::new(
            Status::IndexOutOfBounds,
            format!(
                "{func}: {count} copies of the type touch bytes [{lo}, {hi}) of {which}, \
                 which has {len} bytes"
            ),
        )),
        _ => Ok(()),
    }
}

fn pos_i64(func: &str, p: usize) -> Result<i64> {
    i64::try_from(p).map_err(|_| Error::new(Status::Overflow, format!("{func}: position {p} does not fit int64_t")))
}

impl Datatype {
    /// `weft_pack` (MPI_Pack): appends `incount` copies of the type from `inbuf` to
    /// `outbuf[*position..]` in typemap order and advances `position`. Fails, writing
    /// nothing, with `WEFT_TYPE_NOT_COMMITTED`, `WEFT_INSUFFICIENT_SPACE` (no room in
    /// `outbuf`), or `WEFT_INDEX_OUT_OF_BOUNDS` (the copies reach outside `inbuf`).
    ///
    /// ```
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// let col = Datatype::vector(3, 1, 3, &Datatype::int())?.committed()?; // a column of a 3x3
    /// let m: [i32; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    /// let mut buf = [0u8; 12];
    /// let mut pos = 0;
    /// col.pack(&m[1..], 1, &mut buf, &mut pos)?;
    /// assert_eq!(pos, 12);
    /// assert_eq!(&buf[4..8], &5i32.to_ne_bytes());
    /// // The same column starting at m[7] would read past the slice: rejected.
    /// let e = col.pack(&m[7..], 1, &mut buf, &mut 0).unwrap_err();
    /// assert_eq!(e.name(), "WEFT_INDEX_OUT_OF_BOUNDS");
    /// # Ok(()) }
    /// ```
    pub fn pack<T: Pod>(&self, inbuf: &[T], incount: i64, outbuf: &mut [u8], position: &mut usize) -> Result<()> {
        const F: &str = "Datatype::pack";
        prove_span(F, "inbuf", self, incount, core::mem::size_of_val(inbuf))?;
        let mut pos = pos_i64(F, *position)?;
        // SAFETY: the typed side stays in inbuf (proved); weft bounds the packed side by
        // outbuf's length.
        unsafe {
            self.pack_raw(
                inbuf.as_ptr() as *const c_void,
                incount,
                outbuf.as_mut_ptr() as *mut c_void,
                outbuf.len() as i64,
                &mut pos,
            )?;
        }
        *position = pos as usize;
        Ok(())
    }

    /// Packs `incount` copies from `inbuf` into a new vector of
    /// [`pack_size`](Datatype::pack_size) bytes.
    pub fn pack_to_vec<T: Pod>(&self, inbuf: &[T], incount: i64) -> Result<Vec<u8>> {
        let n = self.pack_size(incount)?;
        let n = usize::try_from(n)
            .map_err(|_| Error::new(Status::Overflow, format!("Datatype::pack_to_vec: {n} bytes")))?;
        let mut out = vec![0u8; n];
        self.pack(inbuf, incount, &mut out, &mut 0)?;
        Ok(out)
    }

    /// `weft_unpack` (MPI_Unpack): reads `outcount * size` bytes at
    /// `inbuf[*position..]` into `outcount` copies of the type in `outbuf` and advances
    /// `position`. Fails, writing nothing, with `WEFT_TYPE_NOT_COMMITTED`,
    /// `WEFT_OVERLAPPING_TYPE` (the type writes some byte twice),
    /// `WEFT_INSUFFICIENT_SPACE` (`inbuf` too short) or `WEFT_INDEX_OUT_OF_BOUNDS`.
    pub fn unpack<T: Pod>(&self, inbuf: &[u8], position: &mut usize, outbuf: &mut [T], outcount: i64) -> Result<()> {
        const F: &str = "Datatype::unpack";
        prove_span(F, "outbuf", self, outcount, core::mem::size_of_val(outbuf))?;
        let mut pos = pos_i64(F, *position)?;
        // SAFETY: the typed side stays in outbuf (proved); weft bounds the packed side by
        // inbuf's length.
        unsafe {
            self.unpack_raw(
                inbuf.as_ptr() as *const c_void,
                inbuf.len() as i64,
                &mut pos,
                outbuf.as_mut_ptr() as *mut c_void,
                outcount,
            )?;
        }
        *position = pos as usize;
        Ok(())
    }

    /// `weft_pack_partial`: the bytes `[offset, offset + outbuf.len())` of the packed
    /// stream of `incount` copies (cut at the end of the stream), written to the start of
    /// `outbuf`. Returns the bytes written (0 when `offset` is exactly the end); an offset
    /// past the end gives `WEFT_INVALID_VALUE`. Windows may split an element;
    /// concatenated windows equal the whole [`pack`](Datatype::pack) output.
    ///
    /// ```
    /// use weft::Datatype;
    /// # fn main() -> weft::Result<()> {
    /// let t = Datatype::vector(4, 1, 2, &Datatype::int16())?.committed()?;
    /// let a: [i16; 8] = [10, 11, 12, 13, 14, 15, 16, 17];
    /// let mut stream = Vec::new();
    /// let mut off = 0;
    /// loop {
    ///     let mut w = [0u8; 3];
    ///     let n = t.pack_partial(&a, 1, off, &mut w)?;
    ///     if n == 0 { break; }
    ///     stream.extend_from_slice(&w[..n]);
    ///     off += n as i64;
    /// }
    /// assert_eq!(stream, t.pack_to_vec(&a, 1)?);
    /// # Ok(()) }
    /// ```
    pub fn pack_partial<T: Pod>(&self, inbuf: &[T], incount: i64, offset: i64, outbuf: &mut [u8]) -> Result<usize> {
        prove_span(
            "Datatype::pack_partial",
            "inbuf",
            self,
            incount,
            core::mem::size_of_val(inbuf),
        )?;
        // SAFETY: typed side proved; weft writes at most outbuf.len() bytes.
        let n = unsafe {
            self.pack_partial_raw(
                inbuf.as_ptr() as *const c_void,
                incount,
                offset,
                outbuf.len() as i64,
                outbuf.as_mut_ptr() as *mut c_void,
            )?
        };
        Ok(n as usize)
    }

    /// `weft_unpack_partial`: `inbuf` holds the bytes `[offset, offset + inbuf.len())`
    /// of the packed stream of `outcount` copies; they are stored into their places in
    /// `outbuf`. `WEFT_INSUFFICIENT_SPACE` when the window exceeds the stream,
    /// `WEFT_OVERLAPPING_TYPE` as [`unpack`](Datatype::unpack).
    pub fn unpack_partial<T: Pod>(&self, inbuf: &[u8], offset: i64, outbuf: &mut [T], outcount: i64) -> Result<()> {
        prove_span(
            "Datatype::unpack_partial",
            "outbuf",
            self,
            outcount,
            core::mem::size_of_val(outbuf),
        )?;
        // SAFETY: typed side proved; weft reads at most inbuf.len() bytes.
        unsafe {
            self.unpack_partial_raw(
                inbuf.as_ptr() as *const c_void,
                inbuf.len() as i64,
                offset,
                outbuf.as_mut_ptr() as *mut c_void,
                outcount,
            )
        }
    }

    /// `weft_pack` on raw pointers.
    ///
    /// # Safety
    /// Every byte of the typemap of `incount` copies at `inbuf` (which may be
    /// [`BOTTOM`] for absolute addresses) must be readable and initialised, and
    /// `outbuf` must be valid for writes of `outsize` bytes, not overlapping the input.
    pub unsafe fn pack_raw(
        &self,
        inbuf: *const c_void,
        incount: i64,
        outbuf: *mut c_void,
        outsize: i64,
        position: &mut i64,
    ) -> Result<()> {
        let _g = program_guard(&[self]);
        // SAFETY: the caller's contract covers the buffers; the handle is live.
        check(unsafe { sys::weft_pack(inbuf, incount, self.raw_handle(), outbuf, outsize, position) })
    }

    /// `weft_unpack` on raw pointers.
    ///
    /// # Safety
    /// `inbuf` must be readable for `insize` bytes; every byte of the typemap of
    /// `outcount` copies at `outbuf` (which may be [`BOTTOM`]) must be valid for writes,
    /// and any bytes so written must be allowed to take any value; no overlap.
    pub unsafe fn unpack_raw(
        &self,
        inbuf: *const c_void,
        insize: i64,
        position: &mut i64,
        outbuf: *mut c_void,
        outcount: i64,
    ) -> Result<()> {
        let _g = program_guard(&[self]);
        // SAFETY: the caller's contract covers the buffers; the handle is live.
        check(unsafe { sys::weft_unpack(inbuf, insize, position, outbuf, outcount, self.raw_handle()) })
    }

    /// `weft_pack_partial` on raw pointers; returns the bytes written.
    ///
    /// # Safety
    /// As [`pack_raw`](Datatype::pack_raw), with `outbuf` valid for `max_bytes` bytes.
    pub unsafe fn pack_partial_raw(
        &self,
        inbuf: *const c_void,
        incount: i64,
        offset: i64,
        max_bytes: i64,
        outbuf: *mut c_void,
    ) -> Result<i64> {
        let _g = program_guard(&[self]);
        let mut actual = 0i64;
        // SAFETY: the caller's contract covers the buffers; the handle is live.
        check(unsafe {
            sys::weft_pack_partial(
                inbuf,
                incount,
                self.raw_handle(),
                offset,
                max_bytes,
                outbuf,
                &mut actual,
            )
        })?;
        Ok(actual)
    }

    /// `weft_unpack_partial` on raw pointers.
    ///
    /// # Safety
    /// As [`unpack_raw`](Datatype::unpack_raw).
    pub unsafe fn unpack_partial_raw(
        &self,
        inbuf: *const c_void,
        insize: i64,
        offset: i64,
        outbuf: *mut c_void,
        outcount: i64,
    ) -> Result<()> {
        let _g = program_guard(&[self]);
        // SAFETY: the caller's contract covers the buffers; the handle is live.
        check(unsafe { sys::weft_unpack_partial(inbuf, insize, offset, outbuf, outcount, self.raw_handle()) })
    }

    fn raw_handle(&self) -> sys::weft_type {
        self.as_raw()
    }
}

/// `weft_copy`: the local equivalent of sending `scount` copies of `stype` from `src`
/// and receiving them as `dcount` copies of `dtype` in `dst`. The message's type
/// signature must be a prefix of `dcount` copies of `dtype`'s (a shorter message is
/// fine: only its entries are written). Returns the message size in bytes.
///
/// Fails, writing nothing, with `WEFT_SIGNATURE_MISMATCH`, `WEFT_TRUNCATED` (message
/// longer than the receive), `WEFT_OVERLAPPING_TYPE`, `WEFT_TYPE_NOT_COMMITTED`, or
/// `WEFT_INDEX_OUT_OF_BOUNDS` (`scount` copies of `stype` reach outside `src`, or
/// `dcount` copies of `dtype` outside `dst`).
///
/// ```
/// use weft::{copy, Datatype};
/// # fn main() -> weft::Result<()> {
/// // Transpose a 3x3 matrix (MPI-1.1 example 3.31 in small, C order).
/// let int = Datatype::int32();
/// let col = Datatype::vector(3, 1, 3, &int)?;
/// let xpose = Datatype::hvector(3, 1, 4, &col)?.committed()?;
/// let a: [i32; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
/// let mut b = [0i32; 9];
/// let n = copy(&a, 1, &xpose, &mut b, 9, &int)?;
/// assert_eq!(n, 36);
/// assert_eq!(b, [1, 4, 7, 2, 5, 8, 3, 6, 9]);
/// # Ok(()) }
/// ```
pub fn copy<S: Pod, D: Pod>(
    src: &[S],
    scount: i64,
    stype: &Datatype,
    dst: &mut [D],
    dcount: i64,
    dtype: &Datatype,
) -> Result<i64> {
    const F: &str = "copy";
    prove_span(F, "src", stype, scount, core::mem::size_of_val(src))?;
    prove_span(F, "dst", dtype, dcount, core::mem::size_of_val(dst))?;
    // SAFETY: both typed sides proved inside their slices; &/&mut slices do not overlap.
    unsafe {
        copy_raw(
            src.as_ptr() as *const c_void,
            scount,
            stype,
            dst.as_mut_ptr() as *mut c_void,
            dcount,
            dtype,
        )
    }
}

/// `weft_copy` on raw pointers (either may be [`BOTTOM`]); returns the message size.
///
/// # Safety
/// Every byte of the typemap of `scount` copies of `stype` at `src` must be readable
/// and initialised; every byte of `dcount` copies of `dtype` at `dst` must be valid for
/// writes of any value; source and destination data must not overlap.
pub unsafe fn copy_raw(
    src: *const c_void,
    scount: i64,
    stype: &Datatype,
    dst: *mut c_void,
    dcount: i64,
    dtype: &Datatype,
) -> Result<i64> {
    let _g = program_guard(&[stype, dtype]);
    let mut nbytes = 0i64;
    // SAFETY: the caller's contract covers the buffers; the handles are live.
    check(unsafe { sys::weft_copy(src, scount, stype.as_raw(), dst, dcount, dtype.as_raw(), &mut nbytes) })?;
    Ok(nbytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touched_bytes_of_copies() {
        let int = Datatype::int32();
        assert_eq!(touched(&int, 0), None);
        assert_eq!(touched(&int, 1), Some((0, 4)));
        assert_eq!(touched(&int, 3), Some((0, 12)));
        // a hole at the front: data at [8, 12), extent 16
        let t = Datatype::structure(
            &[1, 1, 1],
            &[0, 8, 16],
            &[&Datatype::lb_marker(), &int, &Datatype::ub_marker()],
        )
        .unwrap();
        assert_eq!(touched(&t, 2), Some((8, 28)));
        // negative extent: copies go down
        let r = Datatype::resized(&int, 0, -8).unwrap();
        assert_eq!(touched(&r, 3), Some((-16, 4)));
        // no data, any count
        let m = Datatype::structure(&[1], &[5], &[&Datatype::ub_marker()]).unwrap();
        assert_eq!(touched(&m, 1_000_000), None);
        // no overflow for extreme counts
        assert_eq!(touched(&int, i64::MAX), Some((0, 4 * (i64::MAX as i128 - 1) + 4)));
    }

    #[test]
    fn span_proof_boundaries() {
        let t = Datatype::vector(2, 1, 3, &Datatype::int16()).unwrap(); // [0, 8)
        assert!(prove_span("f", "buf", &t, 1, 8).is_ok());
        let e = prove_span("f", "buf", &t, 1, 7).unwrap_err();
        assert_eq!(e.status(), Status::IndexOutOfBounds);
        assert_eq!(
            e.message(),
            "f: 1 copies of the type touch bytes [0, 8) of buf, which has 7 bytes"
        );
        assert!(prove_span("f", "buf", &t, 0, 0).is_ok());
        assert!(prove_span("f", "buf", &t, -5, 0).is_ok()); // left to weft, which rejects it
    }

    #[test]
    fn pod_covers_plain_types() {
        fn is_pod<T: Pod>() {}
        is_pod::<u8>();
        is_pod::<f64>();
        is_pod::<[[i32; 3]; 4]>();
    }
}
