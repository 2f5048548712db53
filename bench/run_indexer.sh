#!/usr/bin/env bash
# Builds bench_indexer (Release) and runs it on 2 and 4 ranks: weft's global indexer
# against PETSc's PetscSF and a hand-written MPI_Alltoallv exchange (see
# bench/indexer_bench.cpp), then prints one table of medians and ratios for all runs.
# Benchmarks never fail on speed; a non-zero exit means the build or a run broke, or a
# correctness MISMATCH was printed.
#
#   bench/run_indexer.sh [extra args for bench_indexer, e.g. --n 100000 --reps 11 --count 3
#                         --pattern halo --petsc -sf_type neighbor]
#
# Environment: BUILD_DIR (default <repo>/build-ibench), JOBS (default 2),
#              NPS (default "2 4": rank counts), OUT_DIR (default $BUILD_DIR/indexer-results),
#              NO_PETSC_INSTALL=1 (do not apt-get install petsc-dev when it is missing).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
build="${BUILD_DIR:-$repo/build-ibench}"
jobs="${JOBS:-2}"
nps="${NPS:-2 4}"
out="${OUT_DIR:-$build/indexer-results}"

# PetscSF comes from Debian's petsc-dev; without it the benchmark runs weft vs alltoallv only.
if ! dpkg-query -W -f='${Status}' petsc-dev 2>/dev/null | grep -q "install ok installed"; then
  if [[ "${NO_PETSC_INSTALL:-0}" != 1 ]]; then
    sudo_cmd=""
    [[ "$(id -u)" -eq 0 ]] || sudo_cmd="sudo"
    echo "run_indexer: installing petsc-dev (for the PetscSF comparison)"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends petsc-dev >/dev/null ||
      echo "run_indexer: petsc-dev could not be installed: running without PetscSF"
  else
    echo "run_indexer: petsc-dev missing: running without PetscSF"
  fi
fi

cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DWEFT_BENCH=ON -DWEFT_TESTS=OFF \
  -DWEFT_FORTRAN=OFF -DWEFT_RUST=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target bench_indexer
bin="$build/bench/bench_indexer"
mkdir -p "$out"

# Open MPI as root refuses to start without these; the machine may have fewer cores than ranks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun="$(command -v mpirun.openmpi || command -v mpirun)"

echo "== $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  $(uname -m)  ranks: $nps  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
for np in $nps; do
  echo
  echo "=================================== $np ranks ==================================="
  "$mpirun" --oversubscribe -np "$np" "$bin" "$@" 2>&1 | tee "$out/np$np.log" || status=1
done

# One table from the RESULT lines: medians (ms) and ratios X/weft (> 1: weft faster).
echo
echo "=================================== summary ==================================="
cat "$out"/np*.log | awk '
  /^RESULT / {
    delete f
    for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
    key = f["pattern"] " " f["np"] " " f["op"]
    w = f["weft"]; p = ("PetscSF" in f) ? f["PetscSF"] : ""; a = f["alltoallv"]
    line[++n] = sprintf("%-7s %3s  %-12s | %9.3f %9s %9.3f | %8s %8.2f", f["pattern"], f["np"], f["op"], w,
                        (p == "" ? "-" : sprintf("%.3f", p)), a,
                        (p == "" ? "-" : sprintf("%.2f", p / w)), a / w)
  }
  END {
    printf("%-7s %3s  %-12s | %9s %9s %9s | %8s %8s\n", "pattern", "np", "operation", "weft", "PetscSF", "alltoallv",
           "Petsc/w", "a2av/w")
    print "---------------------------------------------------------------------------------"
    for (i = 1; i <= n; ++i) print line[i]
    print "(medians in ms over the repetitions, each the max over ranks; ratios X/weft, > 1: weft faster)"
  }' | tee "$out/summary.txt"

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews the absolute times)"
echo
echo "logs: $out"
if grep -q "MISMATCH" "$out"/np*.log 2>/dev/null; then
  echo "!!! correctness MISMATCH lines above (grep MISMATCH $out/np*.log)"
  status=1
fi
exit $status
