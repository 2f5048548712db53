#!/usr/bin/env bash
# Builds the pack benchmarks (Release) and runs them against Open MPI and MPICH, then
# prints the cross-MPI verdict. Benchmarks never fail on speed; a non-zero exit means the
# build or a run broke.
#
#   bench/run_all.sh [extra args for both binaries, e.g. --filter NAS --budget 1]
#
# Environment: BUILD_DIR (default <repo>/build-bench), JOBS (default 2),
#              OUT_DIR (default $BUILD_DIR/bench-results: logs and CSVs).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
build="${BUILD_DIR:-$repo/build-bench}"
jobs="${JOBS:-2}"
out="${OUT_DIR:-$build/bench-results}"

cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DWEFT_BENCH=ON -DWEFT_TESTS=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target bench_pack
mkdir -p "$out"

# Open MPI as root refuses to start without these; singleton MPI_Init needs no mpirun.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

echo "== $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  $(uname -m)"
status=0
for mpi in openmpi mpich; do
  bin="$build/bench/bench_pack_$mpi"
  if [[ ! -x "$bin" ]]; then
    echo "== bench_pack_$mpi was not built (see the cmake output)"
    status=1
    continue
  fi
  echo
  echo "=================================== $mpi ==================================="
  "$bin" --csv "$out/$mpi.csv" "$@" 2>&1 | tee "$out/$mpi.log" || status=1
done

if [[ -s "$out/openmpi.csv" && -s "$out/mpich.csv" ]]; then
  echo
  echo "=================================== both MPIs ==================================="
  "$build/bench/bench_pack_mpich" --combine "$out/openmpi.csv" "$out/mpich.csv" | tee "$out/combined.log"
fi
echo
echo "logs and CSVs: $out"
if grep -q "MISMATCH" "$out"/*.log 2>/dev/null; then
  echo "!!! correctness MISMATCH lines above (grep MISMATCH $out/*.log)"
fi
exit $status
