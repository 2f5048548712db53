//! Feature `mpi`: the global indexer (weft::mpi::Indexer) and monoids under mpirun. Run
//! it with any number of ranks (ctest: 1, 2, 3, 4):
//!
//!   mpirun --oversubscribe -np 3 target/debug/deps/indexer-<hash>
//!
//! (or `cargo test --features mpi --test indexer`, a singleton MPI run with one rank).
//! No test harness (`harness = false`): MPI is initialised once and every check runs in
//! order on every rank. A failed check prints the rank and aborts all ranks.
//!
//! * seed 001's worked examples, exactly, on 3 ranks (Take count 2, Put with write
//!   priority, Put MAX, Take_v, Put_v, Put_v extend; T10: 13.1, not 30.1);
//! * for any number of ranks, random problems (distributions with empty ranks, parts
//!   with duplicates and empty lists) checked against a serial simulation of the global
//!   array: take, put (last writer and monoids, floating-point order included),
//!   put_alloc, take_v, take_v_into, put_v (extend, init), access counts, split phase,
//!   on MPI_COMM_WORLD and on a split communicator;
//! * a user-defined monoid on a #[repr(C)] struct unit;
//! * errors: one rank wrong (index out of range, short buffer, wrong counts, …) gives
//!   the same status on every rank and no deadlock, and the indexer still works after.

mod errors;
mod monoids;
mod properties;
mod seed;
mod split_phase;
mod support;

use errors::errors;
use monoids::{predefined_monoids, user_monoids};
use properties::{gapped_var, properties};
use seed::seed_examples;
use support::*;

fn main() {
    std::env::set_var("OMPI_ALLOW_RUN_AS_ROOT", "1");
    std::env::set_var("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    unsafe { assert_eq!(MPI_Init(ptr::null_mut(), ptr::null_mut()), 0) };
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let mut r = 0;
        unsafe { MPI_Comm_rank(world(), &mut r) };
        eprintln!("rank {r}:");
        default_hook(info);
        abort_all(1);
    }));
    let comm = Comm::new(world());
    assert_eq!(weft::mpi::comm_world_f(), comm.f);
    if comm.rank == 0 {
        println!("weft indexer tests on {} ranks", comm.size);
    }
    predefined_monoids();
    if comm.size == 3 {
        seed_examples(&comm);
        comm.barrier();
        if comm.rank == 0 {
            println!("  seed 001 worked examples (3 ranks) ok");
        }
    }
    properties(&comm, 24, "MPI_COMM_WORLD");
    // A split communicator: even and odd ranks, reversed order.
    let mut sub: MPI_Comm = ptr::null_mut();
    unsafe { MPI_Comm_split(world(), (comm.rank % 2) as c_int, -(comm.rank as c_int), &mut sub) };
    let subc = Comm::new(sub);
    properties(&subc, 6, "a split communicator");
    unsafe { MPI_Comm_free(&mut sub) };
    user_monoids(&comm);
    gapped_var(&comm);
    errors(&comm);
    comm.barrier();
    if comm.rank == 0 {
        println!("all indexer tests passed");
    }
    unsafe { MPI_Finalize() };
}
