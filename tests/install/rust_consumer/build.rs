// The outside consumer's build script: what bindings/rust/README.md tells a dependent
// crate to do so that its binary finds libweft when run outside cargo. The weft crate
// (links = "weft") passes the directory it linked as DEP_WEFT_LIB_DIR.
fn main() {
    if let Ok(dir) = std::env::var("DEP_WEFT_LIB_DIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir);
    }
}
