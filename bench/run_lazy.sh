#!/usr/bin/env bash
# Builds bench_lazy (Release, in build-lazybench/) and runs it once per weft execution mode:
# nonblocking mode's fused element-wise chains and PageRank's loop body against blocking
# mode, SuiteSparse:GraphBLAS 7.4 (the same GrB calls) and a hand-fused C loop (see
# bench/lazy_bench.cpp). The mode is fixed per process, hence two runs per thread count;
# bench/plot_lazy.py then merges them into one table (case | weft-nb | weft-blocking | SS |
# hand | blocking/nb | SS/nb | nb/hand), checks the issue's targets and draws
# bench/lazy_ratios.png. Benchmarks never fail on speed: a non-zero exit means the build or
# a run broke, or a MISMATCH / FAILED line was printed.
#
#   bench/run_lazy.sh [extra args for bench_lazy, e.g. --n 1000000 --scale 16 --reps 5
#                      --skip pagerank]
#
# Environment: BUILD_DIR (default <repo>/build-lazybench), JOBS (default 2), THREADS
#              (default "1"; "1 2" adds 2-thread runs: OMP_NUM_THREADS, weft_set_threads,
#              GxB_NTHREADS and the hand loop's std::threads), OUT_DIR (default
#              $BUILD_DIR/bench-results), PNG (default bench/lazy_ratios.png; "none": no
#              chart), NO_PLOT=1 (no table, no chart), ROUNDS (default 1: the two modes run
#              alternately that many times; plot_lazy.py takes the median of the rounds, which
#              evens out load that changes between the separate processes).
# Output: $OUT_DIR/lazy-<UTC stamp>.log (everything printed), lazy-<stamp>-<mode>-t<T>-r<R>.txt
#         (each run's output), lazy-<stamp>.table.md (the merged table and the targets),
#         and lazy-latest.{log,table.md} copies.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
build="${BUILD_DIR:-$repo/build-lazybench}"
jobs="${JOBS:-2}"
threads="${THREADS:-1}"
out="${OUT_DIR:-$build/bench-results}"
png="${PNG:-$here/lazy_ratios.png}"
rounds="${ROUNDS:-1}"

# SuiteSparse:GraphBLAS comes from Debian's libgraphblas-dev; without it there is no target.
if ! dpkg-query -W -f='${Status}' libgraphblas-dev 2>/dev/null | grep -q "install ok installed"; then
  echo "run_lazy: libgraphblas-dev (SuiteSparse:GraphBLAS) is not installed: apt-get install libgraphblas-dev" >&2
  exit 1
fi

cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DWEFT_TESTS=OFF -DWEFT_BENCH=ON \
  -DWEFT_FORTRAN=OFF -DWEFT_RUST=OFF -DWEFT_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target bench_lazy
bin="$build/bench/bench_lazy"
mkdir -p "$out"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
log="$out/lazy-$stamp.log"
: >"$log"

{
  echo "== $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  $(uname -m)  threads: $threads  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  commit="$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo "unknown (not a git checkout)")"
  dirty="$(git -C "$repo" status --porcelain -- core capi 2>/dev/null || true)"
  echo "== weft commit $commit${dirty:+ plus uncommitted changes in core/ or capi/}"
  echo "== bench_lazy args: ${*:-(defaults: --n 10000000 --scale 20 --reps 7)}"
} | tee -a "$log"

status=0
results=()
for t in $threads; do
  for ((round = 1; round <= rounds; ++round)); do
    for mode in nonblocking blocking; do
      echo | tee -a "$log"
      echo "=================================== $mode, $t thread(s), round $round of $rounds ===" | tee -a "$log"
      res="$out/lazy-$stamp-$mode-t$t-r$round.txt"
      results+=("$res")
      # libgomp reads OMP_NUM_THREADS when it is loaded (before main): export it here.
      OMP_NUM_THREADS="$t" "$bin" --mode "$mode" --threads "$t" "$@" 2>&1 | tee "$res" | tee -a "$log" || status=1
    done
  done
done

cp "$log" "$out/lazy-latest.log"
if [[ "${NO_PLOT:-0}" != 1 ]]; then
  echo | tee -a "$log"
  /usr/bin/python3 "$here/plot_lazy.py" --png "$png" --table "$out/lazy-$stamp.table.md" "${results[@]}" 2>&1 |
    tee -a "$log" || status=1
  [[ -f "$out/lazy-$stamp.table.md" ]] && cp "$out/lazy-$stamp.table.md" "$out/lazy-latest.table.md"
  cp "$log" "$out/lazy-latest.log"
fi

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews the absolute times)"
echo "log: $log"
if grep -q -e "MISMATCH" -e "FAILED" "$log"; then
  echo "!!! MISMATCH or FAILED lines above (grep -e MISMATCH -e FAILED $log)"
  status=1
fi
exit $status
