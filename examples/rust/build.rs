//! Link flags for the examples: with feature `mpi`, Open MPI's library directory
//! (`mpicc.openmpi -showme:link`; pinned to Open MPI because MPICH may be installed too);
//! always an rpath to libweft (and libweft_mpi), whose directories the weft crate
//! publishes as DEP_WEFT_LIB_DIR and DEP_WEFT_MPI_LIB_DIR (it declares `links = "weft"`),
//! so that the binaries run directly, e.g. from ctest or under mpirun.
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=MPICC");
    if env::var_os("CARGO_FEATURE_MPI").is_some() {
        mpi_link_flags();
    }
    for var in ["DEP_WEFT_LIB_DIR", "DEP_WEFT_MPI_LIB_DIR"] {
        if let Ok(d) = env::var(var) {
            println!("cargo:rustc-link-arg=-Wl,-rpath,{d}");
        }
    }
}

fn mpi_link_flags() {
    let mpicc = env::var("MPICC").unwrap_or_else(|_| "mpicc.openmpi".into());
    let out = Command::new(&mpicc).arg("-showme:link").output().unwrap_or_else(|e| {
        panic!("weft-examples build.rs: cannot run {mpicc} -showme:link: {e} (install openmpi-bin / libopenmpi-dev)")
    });
    if !out.status.success() {
        panic!("weft-examples build.rs: {mpicc} -showme:link failed");
    }
    for tok in String::from_utf8_lossy(&out.stdout).split_whitespace() {
        if let Some(d) = tok.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={d}");
        } else if tok.starts_with("-Wl,") || tok == "-pthread" {
            println!("cargo:rustc-link-arg={tok}");
        }
        // -lmpi: declared with #[link(name = "mpi")] in weft::mpi::ffi
    }
}
