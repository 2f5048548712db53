#!/usr/bin/env bash
# An outside crate using the weft crate: `cargo new` in a scratch directory,
# `cargo add --offline --path <weft crate>`, our main.rs, `cargo build`, then the binary
# run directly with no loader variable set (../loader_env.sh); its output must equal
# expected_output.txt exactly.
#
#   consumer_test.sh [weft crate dir] [scratch dir] [CMake build dir]
#
# weft crate dir defaults to this tree's bindings/rust; scratch dir to a temporary one.
# How the weft crate's build.rs finds libweft:
#   - with a CMake build dir: that build is installed into <scratch>/prefix and found
#     through pkg-config (PKG_CONFIG_PATH=<scratch>/prefix/lib/pkgconfig; WEFT_LIB_DIR
#     is unset), as an installed weft would be;
#   - without: as in any cargo build (WEFT_LIB_DIR if set, else pkg-config, else this
#     tree's build*/capi, else it builds libweft with CMake).
# Needs cargo (env WEFT_CARGO, or cargo on PATH, or ~/.cargo/bin/cargo). Offline.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../loader_env.sh"  # without_loader_env: nothing inherited may help the loader
crate=$(cd "${1:-$here/../../../bindings/rust}" && pwd)
scratch=${2:-}
build=${3:-}
if [ -z "$scratch" ]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
fi
cargo=${WEFT_CARGO:-}
if [ -z "$cargo" ]; then
  cargo=$(command -v cargo || echo "$HOME/.cargo/bin/cargo")
fi

rm -rf "$scratch"
mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)
export CARGO_TARGET_DIR=$scratch/target   # never the caller's target dir

how="build.rs search"
if [ -n "$build" ]; then
  cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
  pc=$(dirname "$(find "$scratch/prefix" -name weft.pc | head -n 1)")
  unset WEFT_LIB_DIR
  export PKG_CONFIG_PATH=$pc
  how="pkg-config ($pc)"
fi

cd "$scratch"
"$cargo" new --offline --quiet --vcs none --bin weft_consumer
cd weft_consumer
"$cargo" add --offline --quiet --path "$crate"
grep -q '^weft = ' Cargo.toml || { echo "rust_consumer: cargo add did not add weft" >&2; exit 1; }
cp "$here/main.rs" src/main.rs
cp "$here/build.rs" build.rs   # the run path a dependent binary needs (README)

"$cargo" build --offline --quiet
# Run as a user would, not through `cargo run` (which puts its link directories on the
# loader's search path): the binary must find libweft through the run path its build.rs
# added, with no loader variable set.
without_loader_env "$CARGO_TARGET_DIR/debug/weft_consumer" > "$scratch/output.txt"
if ! diff -u "$here/expected_output.txt" "$scratch/output.txt"; then
  echo "rust_consumer: output differs from expected_output.txt" >&2
  exit 1
fi
readelf -d "$CARGO_TARGET_DIR/debug/weft_consumer" | grep -q 'R.*PATH' ||
  { echo "rust_consumer: the binary has no RUNPATH" >&2; exit 1; }
cat "$scratch/output.txt"
found=$(cat "$CARGO_TARGET_DIR"/debug/build/weft-*/output | sed -n 's/^cargo:lib_dir=//p' | head -n 1)
# The libweft it loaded is the one build.rs linked (not a copy on the loader's default
# path, which would let the run pass without a working RUNPATH).
loaded=$(without_loader_env ldd "$CARGO_TARGET_DIR/debug/weft_consumer" | awk '/libweft\.so/ {print $3; exit}')
[ "$(readlink -f "$(dirname "$loaded")")" = "$(readlink -f "$found")" ] ||
  { echo "rust_consumer: loads libweft from '$loaded', not from $found" >&2; exit 1; }
echo "rust_consumer: OK (weft crate at $crate, libweft from $found via $how)"
