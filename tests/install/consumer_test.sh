#!/usr/bin/env bash
# Installs the built tree into a scratch prefix, then builds an outside program against
# it twice: with CMake's find_package(weft) and with pkg-config. Both must run.
#   consumer_test.sh <build dir> <source dir of tests/install> <scratch dir>
set -euo pipefail
build=$1 src=$2 scratch=$3
rm -rf "$scratch"
prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name 'libweft.so' | head -n 1)")

cmake -S "$src/consumer" -B "$scratch/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$scratch/cmake-build" >/dev/null
LD_LIBRARY_PATH=$libdir "$scratch/cmake-build/consumer"

export PKG_CONFIG_PATH=$libdir/pkgconfig
cc "$src/consumer/main.c" $(pkg-config --cflags --libs weft) -o "$scratch/pkgconfig-consumer"
LD_LIBRARY_PATH=$libdir "$scratch/pkgconfig-consumer"

# The Fortran binding, when it was built: module weft (and weft_mpi) from an outside
# Fortran project via find_package(weft).
if [ -f "$prefix/include/weft/fortran/weft.mod" ]; then
  cmake -S "$src/fortran_consumer" -B "$scratch/fortran-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
  cmake --build "$scratch/fortran-build" >/dev/null
  LD_LIBRARY_PATH=$libdir "$scratch/fortran-build/fortran_consumer"
  if [ -x "$scratch/fortran-build/fortran_mpi_consumer" ]; then
    LD_LIBRARY_PATH=$libdir "$scratch/fortran-build/fortran_mpi_consumer"
  fi
fi
