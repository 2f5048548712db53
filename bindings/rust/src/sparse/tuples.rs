//! Helpers for element arrays crossing the interface: checking that parallel slices
//! have one length before C reads them, and splitting tuples into parallel arrays.
use crate::error::{Error, Result, Status};

/// Ok when every named slice length is the same, else `WEFT_DIMENSION_MISMATCH` naming
/// them (checked before C reads `n` entries of each).
pub(crate) fn same_lengths(func: &str, lens: &[(&str, usize)]) -> Result<()> {
    if lens.windows(2).all(|w| w[0].1 == w[1].1) {
        return Ok(());
    }
    let list: Vec<String> = lens.iter().map(|(n, l)| format!("{n} has {l}")).collect();
    Err(Error::new(
        Status::DimensionMismatch,
        format!("{func}: the arrays differ in length ({})", list.join(", ")),
    ))
}

/// A slice length as C's `int64_t` (slices never exceed isize::MAX elements).
pub(crate) fn to_i64(n: usize) -> i64 {
    n as i64
}

/// `(i, j, x)` tuples as three arrays.
pub(crate) fn split<T: Copy>(tuples: &[(i64, i64, T)]) -> (Vec<i64>, Vec<i64>, Vec<T>) {
    let mut rows = Vec::with_capacity(tuples.len());
    let mut cols = Vec::with_capacity(tuples.len());
    let mut vals = Vec::with_capacity(tuples.len());
    for &(i, j, x) in tuples {
        rows.push(i);
        cols.push(j);
        vals.push(x);
    }
    (rows, cols, vals)
}
