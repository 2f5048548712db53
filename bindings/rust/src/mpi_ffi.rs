//! Open MPI's raw C API for weft's own use (feature `mpi`): re-exported, hidden, as
//! `weft::mpi::ffi`.

/// Open MPI's raw C API: the few functions weft's own tests, examples and the indexer's
/// checks call (no MPI crate is reachable offline). Not part of weft's API. In Open MPI the handles
/// are pointers: MPI_COMM_WORLD is `&ompi_mpi_comm_world`, MPI_INT `&ompi_mpi_int`,
/// MPI_MAX `&ompi_mpi_op_max`, MPI_STATUS_IGNORE and MPI_BOTTOM are null.
#[doc(hidden)]
#[allow(non_camel_case_types, non_upper_case_globals, missing_docs)]
pub mod ffi {
    use core::ffi::c_void;
    use std::os::raw::{c_char, c_int};

    pub type MPI_Comm = *mut c_void;
    pub type MPI_Datatype = *mut c_void;
    pub type MPI_Op = *mut c_void;
    pub type MPI_Fint = c_int;

    /// An Open MPI predefined object; only its address is used.
    #[repr(C)]
    pub struct Opaque {
        _private: [u8; 0],
    }

    pub const MPI_SUCCESS: c_int = 0;
    pub const MPI_STATUS_IGNORE: *mut c_void = core::ptr::null_mut();
    pub const MPI_BOTTOM: *mut c_void = core::ptr::null_mut();

    #[link(name = "mpi")]
    extern "C" {
        pub static ompi_mpi_comm_world: Opaque;
        pub static ompi_mpi_int: Opaque;
        pub static ompi_mpi_op_max: Opaque;
        pub static ompi_mpi_byte: Opaque;
        pub static ompi_mpi_comm_self: Opaque;
        pub static ompi_mpi_op_min: Opaque;

        pub fn MPI_Initialized(flag: *mut c_int) -> c_int;
        pub fn MPI_Finalized(flag: *mut c_int) -> c_int;
        pub fn MPI_Comm_f2c(comm: MPI_Fint) -> MPI_Comm;
        pub fn MPI_Comm_c2f(comm: MPI_Comm) -> MPI_Fint;
        pub fn MPI_Comm_split(comm: MPI_Comm, color: c_int, key: c_int, out: *mut MPI_Comm) -> c_int;
        pub fn MPI_Comm_free(comm: *mut MPI_Comm) -> c_int;
        pub fn MPI_Type_size(datatype: MPI_Datatype, size: *mut c_int) -> c_int;
        pub fn MPI_Type_get_extent(datatype: MPI_Datatype, lb: *mut isize, extent: *mut isize) -> c_int;
        pub fn MPI_Pack(
            inbuf: *const c_void,
            incount: c_int,
            datatype: MPI_Datatype,
            outbuf: *mut c_void,
            outsize: c_int,
            position: *mut c_int,
            comm: MPI_Comm,
        ) -> c_int;

        pub fn MPI_Init(argc: *mut c_int, argv: *mut *mut *mut c_char) -> c_int;
        pub fn MPI_Finalize() -> c_int;
        pub fn MPI_Abort(comm: MPI_Comm, errorcode: c_int) -> c_int;
        pub fn MPI_Comm_rank(comm: MPI_Comm, rank: *mut c_int) -> c_int;
        pub fn MPI_Comm_size(comm: MPI_Comm, size: *mut c_int) -> c_int;
        pub fn MPI_Barrier(comm: MPI_Comm) -> c_int;
        pub fn MPI_Sendrecv(
            sendbuf: *const c_void,
            sendcount: c_int,
            sendtype: MPI_Datatype,
            dest: c_int,
            sendtag: c_int,
            recvbuf: *mut c_void,
            recvcount: c_int,
            recvtype: MPI_Datatype,
            source: c_int,
            recvtag: c_int,
            comm: MPI_Comm,
            status: *mut c_void,
        ) -> c_int;
        pub fn MPI_Allreduce(
            sendbuf: *const c_void,
            recvbuf: *mut c_void,
            count: c_int,
            datatype: MPI_Datatype,
            op: MPI_Op,
            comm: MPI_Comm,
        ) -> c_int;
        pub fn MPI_Gather(
            sendbuf: *const c_void,
            sendcount: c_int,
            sendtype: MPI_Datatype,
            recvbuf: *mut c_void,
            recvcount: c_int,
            recvtype: MPI_Datatype,
            root: c_int,
            comm: MPI_Comm,
        ) -> c_int;
        pub fn MPI_Gatherv(
            sendbuf: *const c_void,
            sendcount: c_int,
            sendtype: MPI_Datatype,
            recvbuf: *mut c_void,
            recvcounts: *const c_int,
            displs: *const c_int,
            recvtype: MPI_Datatype,
            root: c_int,
            comm: MPI_Comm,
        ) -> c_int;
        pub fn MPI_Type_f2c(datatype: MPI_Fint) -> MPI_Datatype;
        pub fn MPI_Type_free(datatype: *mut MPI_Datatype) -> c_int;
    }

    // The predefined handles: in Open MPI, the addresses of its predefined objects.
    macro_rules! predefined_handle {
        ($($name:ident: $ty:ty = $object:ident, $doc:literal;)*) => {$(
            #[doc = $doc]
            #[allow(unused_unsafe)] // addr_of! of an extern static needs unsafe before Rust 1.82
            pub fn $name() -> $ty {
                // SAFETY: only the address of the extern static is taken.
                unsafe { core::ptr::addr_of!($object) as $ty }
            }
        )*};
    }
    predefined_handle! {
        comm_world: MPI_Comm = ompi_mpi_comm_world, "MPI_COMM_WORLD.";
        comm_self: MPI_Comm = ompi_mpi_comm_self, "MPI_COMM_SELF.";
        mpi_int: MPI_Datatype = ompi_mpi_int, "MPI_INT.";
        mpi_byte: MPI_Datatype = ompi_mpi_byte, "MPI_BYTE.";
        mpi_min: MPI_Op = ompi_mpi_op_min, "MPI_MIN.";
        mpi_max: MPI_Op = ompi_mpi_op_max, "MPI_MAX.";
    }
}
