//! Finds libweft (and, with feature `mpi`, libweft_mpi) and tells rustc how to link it.
//!
//! Search order for libweft:
//!   1. the directory in env `WEFT_LIB_DIR` (must hold libweft.so);
//!   2. `pkg-config --libs weft` (run as a process);
//!   3. this tree's CMake builds: `../../build*/capi/libweft.so` relative to this crate
//!      (the most recently built one that is not a sanitizer build);
//!   4. otherwise it builds libweft itself: `cmake -S ../.. -B $OUT_DIR/cmake-build
//!      -DWEFT_TESTS=OFF -DWEFT_BENCH=OFF -DWEFT_MPI=OFF` (ON with feature `mpi`) and
//!      `cmake --build`.
//!
//! Whenever the library was not named by the user (steps 3 and 4), a `cargo:warning`
//! says which one was linked.
//!
//! libweft_mpi: env `WEFT_MPI_LIB_DIR`, else `pkg-config --libs weft_mpi`, else next to
//! the libweft found above (or anywhere in its CMake build tree).
//!
//! Emitted: `rustc-link-search`, `rustc-link-lib=dylib=weft` (and `weft_mpi`), an rpath
//! (`-Wl,-rpath,<dir>`, for this package's tests and binaries), and the metadata
//! `DEP_WEFT_LIB_DIR` / `DEP_WEFT_MPI_LIB_DIR` for dependents' build scripts (a
//! dependent binary gets no link-arg from here: its build.rs adds the rpath, or it runs
//! under `cargo run`/`cargo test`). The link-search directory is a mirror of symlinks
//! inside OUT_DIR, so that `cargo test` / `cargo run` (including doctests, which get no
//! link-args) put it on the dynamic loader's path by themselves.
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const LIB: &str = "libweft.so";
const MPI_LIB: &str = "libweft_mpi.so";

fn main() {
    for v in [
        "WEFT_LIB_DIR",
        "WEFT_MPI_LIB_DIR",
        "PKG_CONFIG",
        "PKG_CONFIG_PATH",
        "PKG_CONFIG_LIBDIR",
        "PKG_CONFIG_SYSROOT_DIR",
    ] {
        println!("cargo:rerun-if-env-changed={v}");
    }
    println!("cargo:rerun-if-changed=build.rs");

    let want_mpi = env::var_os("CARGO_FEATURE_MPI").is_some();
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let root = crate_dir.join("../..");
    let in_tree = root.join("capi/include/weft.h").is_file() && root.join("CMakeLists.txt").is_file();

    // ---- libweft ---------------------------------------------------------------------
    let (lib_dir, how) = find_weft(&root, in_tree, &out_dir, want_mpi);
    // Say which library this is whenever the user did not name it (WEFT_LIB_DIR or
    // pkg-config): a fallback must never pass silently.
    if how != "WEFT_LIB_DIR" && how != "pkg-config" {
        let dir = lib_dir
            .as_ref()
            .map_or("the linker's default path".to_string(), |d| d.display().to_string());
        println!(
            "cargo:warning=weft: linking libweft from {dir} ({how}): set WEFT_LIB_DIR or \
             PKG_CONFIG_PATH to choose an installed weft"
        );
    }

    // ---- libweft_mpi -----------------------------------------------------------------
    let mpi_dir = if want_mpi {
        Some(find_weft_mpi(lib_dir.as_deref()))
    } else {
        None
    };

    // ---- emit ------------------------------------------------------------------------
    let mirror = out_dir.join("weft-lib");
    let _ = fs::remove_dir_all(&mirror);
    fs::create_dir_all(&mirror).expect("create OUT_DIR/weft-lib");
    let mut real_dirs: Vec<PathBuf> = Vec::new();
    if let Some(d) = &lib_dir {
        mirror_libs(d, "libweft.so", &mirror);
        println!("cargo:rerun-if-changed={}", d.join(LIB).display());
        real_dirs.push(d.clone());
        println!("cargo:lib_dir={}", d.display());
    }
    if let Some(Some(d)) = &mpi_dir {
        mirror_libs(d, "libweft_mpi.so", &mirror);
        println!("cargo:rerun-if-changed={}", d.join(MPI_LIB).display());
        if !real_dirs.contains(d) {
            real_dirs.push(d.clone());
        }
        println!("cargo:mpi_lib_dir={}", d.display());
    }
    println!("cargo:rustc-link-search=native={}", mirror.display());
    for d in &real_dirs {
        println!("cargo:rustc-link-search=native={}", d.display());
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", d.display());
    }
    println!("cargo:rustc-link-lib=dylib=weft");
    if want_mpi {
        // libweft_mpi needs Open MPI's libmpi; let the linker find it (pinned to Open
        // MPI: MPICH may be installed too).
        for d in mpi_link_dirs() {
            println!("cargo:rustc-link-search=native={}", d.display());
        }
        println!("cargo:rustc-link-lib=dylib=weft_mpi");
    }
    if in_tree {
        println!("cargo:include={}", canon(&root.join("capi/include")).display());
    }
    println!("cargo:found_by={how}");
}

fn canon(p: &Path) -> PathBuf {
    fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The directory of libweft (None: the linker's default path) and how it was found.
fn find_weft(root: &Path, in_tree: bool, out_dir: &Path, want_mpi: bool) -> (Option<PathBuf>, &'static str) {
    // 1. WEFT_LIB_DIR
    if let Some(d) = env::var_os("WEFT_LIB_DIR").filter(|d| !d.is_empty()) {
        let d = canon(Path::new(&d));
        if !d.join(LIB).exists() {
            panic!("weft build.rs: WEFT_LIB_DIR={} holds no {LIB}", d.display());
        }
        return (Some(d), "WEFT_LIB_DIR");
    }
    // 2. pkg-config
    if let Some((dirs, _libs)) = pkg_config("weft") {
        let d = dirs
            .iter()
            .find(|d| d.join(LIB).exists())
            .cloned()
            .or_else(|| dirs.first().cloned());
        return (d.map(|d| canon(&d)), "pkg-config");
    }
    if !in_tree {
        panic!(
            "weft build.rs: libweft not found: set WEFT_LIB_DIR to the directory of {LIB}, \
             or make `pkg-config --libs weft` work (PKG_CONFIG_PATH)"
        );
    }
    // 3. this tree's CMake builds, newest first
    if let Some(d) = newest_tree_build(root, want_mpi) {
        return (Some(d), "tree CMake build");
    }
    // 4. build it
    let bdir = out_dir.join("cmake-build");
    let mpi = if want_mpi { "ON" } else { "OFF" };
    run(Command::new("cmake")
        .arg("-S")
        .arg(root)
        .arg("-B")
        .arg(&bdir)
        .args([
            "-DCMAKE_BUILD_TYPE=Release",
            "-DWEFT_TESTS=OFF",
            "-DWEFT_BENCH=OFF",
            "-DWEFT_RUST=OFF",
            "-DWEFT_FORTRAN=OFF",
        ])
        .arg(format!("-DWEFT_MPI={mpi}")));
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());
    let mut build = Command::new("cmake");
    build
        .arg("--build")
        .arg(&bdir)
        .arg("-j")
        .arg(&jobs)
        .arg("--target")
        .arg("weft");
    if want_mpi {
        build.arg("weft_mpi");
    }
    run(&mut build);
    for sub in ["capi", "core", "mpi"] {
        println!("cargo:rerun-if-changed={}", root.join(sub).display());
    }
    let d = bdir.join("capi");
    if !d.join(LIB).exists() {
        panic!(
            "weft build.rs: the CMake build in {} produced no capi/{LIB}",
            bdir.display()
        );
    }
    (Some(canon(&d)), "cmake build in OUT_DIR")
}

/// `<root>/build*/capi/libweft.so`, the most recently modified (with feature mpi: only
/// build trees that also hold libweft_mpi).
fn newest_tree_build(root: &Path, want_mpi: bool) -> Option<PathBuf> {
    let mut best: Option<(std::time::SystemTime, PathBuf)> = None;
    for e in fs::read_dir(root).ok()?.flatten() {
        let name = e.file_name();
        if !name.to_string_lossy().starts_with("build") || !e.path().is_dir() {
            continue;
        }
        let d = e.path().join("capi");
        let lib = d.join(LIB);
        let meta = match fs::metadata(&lib) {
            Ok(m) => m,
            Err(_) => continue,
        };
        if want_mpi && find_in_tree(&e.path(), MPI_LIB, 3).is_none() {
            continue;
        }
        // A sanitizer build's libweft cannot be loaded by an uninstrumented program.
        let cache = fs::read_to_string(e.path().join("CMakeCache.txt")).unwrap_or_default();
        if cache
            .lines()
            .any(|l| l.starts_with("WEFT_SANITIZE:") && !l.ends_with('='))
        {
            continue;
        }
        let t = meta.modified().ok()?;
        if best.as_ref().map_or(true, |(bt, _)| t > *bt) {
            best = Some((t, canon(&d)));
        }
    }
    best.map(|(_, d)| d)
}

/// The first directory under `dir` (depth <= `depth`) holding `file`.
fn find_in_tree(dir: &Path, file: &str, depth: u32) -> Option<PathBuf> {
    if dir.join(file).exists() {
        return Some(canon(dir));
    }
    if depth == 0 {
        return None;
    }
    let mut subdirs: Vec<PathBuf> = fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !p.file_name().map_or(false, |n| n.to_string_lossy().starts_with('.')))
        .collect();
    subdirs.sort();
    // capi first: where libweft lives.
    subdirs.sort_by_key(|p| p.file_name().map_or(true, |n| n != "capi"));
    subdirs.into_iter().find_map(|s| find_in_tree(&s, file, depth - 1))
}

/// The directory of libweft_mpi (None: the linker's default path).
fn find_weft_mpi(lib_dir: Option<&Path>) -> Option<PathBuf> {
    if let Some(d) = env::var_os("WEFT_MPI_LIB_DIR").filter(|d| !d.is_empty()) {
        let d = canon(Path::new(&d));
        if !d.join(MPI_LIB).exists() {
            panic!("weft build.rs: WEFT_MPI_LIB_DIR={} holds no {MPI_LIB}", d.display());
        }
        return Some(d);
    }
    if let Some(d) = lib_dir {
        if d.join(MPI_LIB).exists() {
            return Some(d.to_path_buf());
        }
    }
    if let Some((dirs, _)) = pkg_config("weft_mpi") {
        if let Some(d) = dirs.iter().find(|d| d.join(MPI_LIB).exists()) {
            return Some(canon(d));
        }
        return dirs.first().map(|d| canon(d));
    }
    if let Some(d) = lib_dir {
        // A CMake build tree: libweft is in <build>/capi; look through <build>.
        if let Some(build) = d.parent() {
            if let Some(found) = find_in_tree(build, MPI_LIB, 3) {
                return Some(found);
            }
        }
    }
    panic!(
        "weft build.rs: feature `mpi` needs {MPI_LIB}: set WEFT_MPI_LIB_DIR, or build weft with \
         -DWEFT_MPI=ON next to the libweft in {}",
        lib_dir.map_or("<system>".into(), |d| d.display().to_string())
    );
}

/// `pkg-config --libs <name>`: its -L directories and -l names, None if it fails.
fn pkg_config(name: &str) -> Option<(Vec<PathBuf>, Vec<String>)> {
    let exe = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into());
    let out = Command::new(exe).args(["--libs", name]).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut dirs = Vec::new();
    let mut libs = Vec::new();
    for tok in text.split_whitespace() {
        if let Some(d) = tok.strip_prefix("-L") {
            dirs.push(PathBuf::from(d));
        } else if let Some(l) = tok.strip_prefix("-l") {
            libs.push(l.to_string());
        }
    }
    Some((dirs, libs))
}

/// Open MPI's library directories (`mpicc.openmpi -showme:link`).
fn mpi_link_dirs() -> Vec<PathBuf> {
    for exe in ["mpicc.openmpi", "mpicc"] {
        if let Ok(out) = Command::new(exe).arg("-showme:link").output() {
            if out.status.success() {
                return String::from_utf8_lossy(&out.stdout)
                    .split_whitespace()
                    .filter_map(|t| t.strip_prefix("-L").map(PathBuf::from))
                    .collect();
            }
        }
    }
    Vec::new()
}

/// Symlinks `<dir>/<prefix>*` (the library, its SONAME link and file) into `mirror`.
fn mirror_libs(dir: &Path, prefix: &str, mirror: &Path) {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(_) => return,
    };
    for e in entries.flatten() {
        let name = e.file_name();
        if !name.to_string_lossy().starts_with(prefix) {
            continue;
        }
        let target = canon(&e.path());
        let link = mirror.join(&name);
        let _ = fs::remove_file(&link);
        #[cfg(unix)]
        {
            if std::os::unix::fs::symlink(&target, &link).is_err() {
                let _ = fs::copy(&target, &link);
            }
        }
        #[cfg(not(unix))]
        {
            let _ = fs::copy(&target, &link);
        }
    }
}

fn run(cmd: &mut Command) {
    // Captured, then echoed to stderr: a build script's stdout is read by cargo.
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("weft build.rs: cannot run {cmd:?}: {e}"));
    eprint!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if !out.status.success() {
        panic!("weft build.rs: {cmd:?} failed with {}", out.status);
    }
}
