//! The few Open MPI calls the binding makes, and the predefined communicators.

use super::*;

// weft_indexer_new_f reads distrib[0 ..= nranks]: the slice's length is checked against
// the communicator's size first. libweft_mpi is built against Open MPI, whose handles are
// pointers; only the Fortran handle crosses the API.
use crate::mpi_ffi::ffi::{
    comm_self, comm_world, MPI_Comm_c2f, MPI_Comm_f2c, MPI_Comm_size, MPI_Finalized, MPI_Initialized,
};

pub(super) fn mpi_active() -> bool {
    let (mut init, mut fin) = (0 as c_int, 0 as c_int);
    // SAFETY: both may be called at any time.
    unsafe {
        MPI_Initialized(&mut init);
        MPI_Finalized(&mut fin);
    }
    init != 0 && fin == 0
}

/// The Fortran handle of `MPI_COMM_WORLD` (`MPI_Comm_c2f(MPI_COMM_WORLD)`), for
/// [`Indexer::new`]. Any call after `MPI_Init`.
pub fn comm_world_f() -> Fint {
    // SAFETY: only the address of Open MPI's predefined communicator object is taken.
    unsafe { MPI_Comm_c2f(comm_world()) }
}

/// The Fortran handle of `MPI_COMM_SELF`.
pub fn comm_self_f() -> Fint {
    // SAFETY: as in comm_world_f.
    unsafe { MPI_Comm_c2f(comm_self()) }
}

/// The number of ranks of a communicator given by its Fortran handle.
pub(super) fn comm_size(func: &str, comm: Fint) -> Result<usize> {
    if !mpi_active() {
        return Err(Error::new(
            Status::MpiError,
            format!("{func}: MPI is not initialised (or already finalised)"),
        ));
    }
    // SAFETY: MPI is active; MPI_Comm_f2c accepts any integer (NULL for an unknown one).
    let c = unsafe { MPI_Comm_f2c(comm) };
    if c.is_null() {
        return Err(Error::new(
            Status::InvalidHandle,
            format!("{func}: {comm} is not a Fortran communicator handle"),
        ));
    }
    let mut n: c_int = 0;
    // SAFETY: a live communicator handle, valid output.
    let rc = unsafe { MPI_Comm_size(c, &mut n) };
    if rc != 0 || n < 1 {
        return Err(Error::new(
            Status::MpiError,
            format!("{func}: MPI_Comm_size failed ({rc})"),
        ));
    }
    Ok(n as usize)
}
