#!/usr/bin/env bash
# Installs the built tree into a scratch prefix, then builds outside programs against it
# the ways users do, and runs each with no environment variable that steers the loader
# (loader_env.sh): a program finds the library it links through its own RUNPATH
# (CMake's, or the -Wl,-rpath a pkg-config user adds), and weft's libraries find each
# other through their $ORIGIN RUNPATH.
#   consumer_test.sh <build dir> <source dir of tests/install> <scratch dir>
set -euo pipefail
build=$1 src=$2 scratch=$3
rm -rf "$scratch"
prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name 'libweft.so' | head -n 1)")
. "$src/loader_env.sh"
# Runs a program with no loader variable set, then checks that every libweft it loads
# came from the prefix: passing because a copy elsewhere on the loader's default path
# was found would prove nothing about the RUNPATHs.
run() {
  echo "+ $*"
  without_loader_env "$@"
  from_prefix "$1"
}
from_prefix() {
  local deps
  deps=$(without_loader_env ldd "$1" | grep 'libweft') ||
    { echo "$1 loads no libweft" >&2; exit 1; }
  while read -r name _ path _; do
    case "$path" in
      "$prefix"/*) ;;
      *) echo "$1 loads $name from $path, not from $prefix" >&2; exit 1 ;;
    esac
  done <<< "$deps"
}

# Every installed library carries an $ORIGIN RUNPATH (weft_library in cmake/WeftHelpers.cmake).
for lib in "$libdir"/libweft*.so.0; do
  readelf -d "$lib" | grep -q 'R.*PATH.*\$ORIGIN' || { echo "no \$ORIGIN RUNPATH in $lib" >&2; exit 1; }
done
have_mpi=no
[ -f "$libdir/libweft_mpi.so" ] && have_mpi=yes

# CMake: find_package(weft) for C alone must not need MPI (find_package(MPI) disabled).
cmake -S "$src/consumer" -B "$scratch/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON >/dev/null
cmake --build "$scratch/cmake-build" >/dev/null
run "$scratch/cmake-build/consumer"
if [ $have_mpi = yes ]; then
  cmake -S "$src/consumer" -B "$scratch/cmake-mpi-build" -DCMAKE_PREFIX_PATH="$prefix" -DWITH_MPI=ON >/dev/null
  cmake --build "$scratch/cmake-mpi-build" >/dev/null
  run "$scratch/cmake-mpi-build/mpi_consumer"
fi

# pkg-config: weft, and weft_mpi (which brings Open MPI's flags through ompi-c).
export PKG_CONFIG_PATH=$libdir/pkgconfig
pcdir=$(pkg-config --variable=libdir weft)
cc "$src/consumer/main.c" $(pkg-config --cflags --libs weft) -Wl,-rpath,"$pcdir" -o "$scratch/pkgconfig-consumer"
run "$scratch/pkgconfig-consumer"
if [ $have_mpi = yes ]; then
  cc "$src/consumer/mpi_main.c" $(pkg-config --cflags --libs weft_mpi) -Wl,-rpath,"$pcdir" \
     -o "$scratch/pkgconfig-mpi-consumer"
  run "$scratch/pkgconfig-mpi-consumer"
fi

# The Fortran binding, when it was built: module weft (and weft_mpi).
if [ -f "$prefix/include/weft/fortran/weft.mod" ]; then
  # find_package(weft COMPONENTS Fortran [MPI]).
  cmake -S "$src/fortran_consumer" -B "$scratch/fortran-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
  cmake --build "$scratch/fortran-build" >/dev/null
  run "$scratch/fortran-build/fortran_consumer"
  if [ -x "$scratch/fortran-build/fortran_mpi_consumer" ]; then
    run "$scratch/fortran-build/fortran_mpi_consumer"
  fi
  # Linked by hand the usual way: gcc links --as-needed on Debian, so the program keeps
  # only libweft_fortran, which must find libweft.so.0 through its own RUNPATH.
  gfortran "$src/fortran_consumer/main.f90" -I"$prefix/include/weft/fortran" -L"$libdir" -lweft_fortran -lweft \
           -Wl,-rpath,"$libdir" -o "$scratch/fortran-by-hand"
  run "$scratch/fortran-by-hand"
  # pkg-config: weft_fortran (-I for the .mod directory) and weft_fortran_mpi.
  gfortran "$src/fortran_consumer/main.f90" $(pkg-config --cflags --libs weft_fortran) -Wl,-rpath,"$pcdir" \
           -o "$scratch/fortran-pkgconfig"
  run "$scratch/fortran-pkgconfig"
  # Open MPI's Fortran modules come with its compiler wrapper (Debian's ompi-fort.pc
  # lacks their directory), so an MPI Fortran program is built with mpif90.
  if [ -f "$libdir/pkgconfig/weft_fortran_mpi.pc" ]; then
    mpif90.openmpi "$src/fortran_consumer/mpi_main.f90" $(pkg-config --cflags --libs weft_fortran_mpi) \
                   -Wl,-rpath,"$pcdir" -o "$scratch/fortran-mpi-pkgconfig"
    run "$scratch/fortran-mpi-pkgconfig"
  fi
fi
echo "install consumers: OK"
