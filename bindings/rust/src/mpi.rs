//! The MPI bridge (feature `mpi`, links libweft_mpi and Open MPI): turn a weft
//! [`Datatype`] into an MPI datatype with exactly its typemap, lb and extent; and the
//! global indexer ([`Indexer`]: NumPy take/put on an array distributed over the ranks of
//! a communicator), with split-phase exchanges in a [`scope`].
//!
//! The crate has no MPI binding of its own (it calls only `MPI_Comm_f2c`/`_c2f` and
//! `MPI_Comm_size`, to check a distribution's length); it hands out and takes Fortran
//! handles (`MPI_Fint`), which any MPI binding converts with `MPI_Type_f2c` /
//! `MPI_Comm_c2f`. MPI must be
//! initialised (`MPI_Init`) before these functions are called.
use core::ffi::c_void;

use crate::datatype::program_lock;
use crate::error::{check, Result};
use crate::sys;
use crate::Datatype;

pub use crate::indexer::{
    comm_self_f, comm_world_f, scope, Indexer, Parts, PartsMut, PutVBuffers, PutVInPlace, PutVInto, PutVNew, PutVOut,
    Request, Scope,
};
#[doc(hidden)]
pub use crate::mpi_ffi::ffi;

/// `MPI_Fint`, a Fortran MPI handle.
pub type Fint = i32;

/// `weft_type_to_mpi_f`: a new, committed MPI datatype with `t`'s typemap, as a Fortran
/// handle. The caller owns it and frees it with `MPI_Type_free(MPI_Type_f2c(h))`. `t`
/// need not be committed. Fails with `WEFT_OVERFLOW` (a count above `INT_MAX`) or
/// `WEFT_MPI_ERROR` (an MPI call failed, e.g. MPI not initialised).
///
/// Calls are serialised with each other (and with commits), so this may be called
/// from any thread that MPI allows to call MPI.
///
/// ```no_run
/// # fn main() -> weft::Result<()> {
/// // after MPI_Init:
/// let row = weft::Datatype::vector(100, 1, 100, &weft::Datatype::real())?;
/// let f = weft::mpi::to_mpi_f(&row)?; // MPI_Type_f2c(f) is the MPI_Datatype
/// # let _ = f; Ok(()) }
/// ```
pub fn to_mpi_f(t: &Datatype) -> Result<Fint> {
    let _g = program_lock();
    let mut h: sys::MPI_Fint = 0;
    // SAFETY: live handle, valid output.
    check(unsafe { sys::weft_type_to_mpi_f(t.as_raw(), &mut h) })?;
    Ok(h)
}

/// `weft_type_to_mpi`: as [`to_mpi_f`], returning Open MPI's C handle
/// (`MPI_Datatype`, a pointer), which the caller frees with `MPI_Type_free`.
pub fn to_mpi(t: &Datatype) -> Result<*mut c_void> {
    let _g = program_lock();
    let mut h: sys::MPI_Datatype = core::ptr::null_mut();
    // SAFETY: live handle, valid output.
    check(unsafe { sys::weft_type_to_mpi(t.as_raw(), &mut h) })?;
    Ok(h)
}
