#!/usr/bin/env bash
# Builds bench_sparse (Release, in build-bench/) and runs it: weft's semiring engine against
# SuiteSparse:GraphBLAS 7.4 in one process (see bench/sparse_bench.cpp), at 1 and 2 threads;
# then once per side and graph in separate processes (--only weft / --only suitesparse) for
# the peak resident memory; then bench/plot_sparse.py prints the ratio table and draws
# bench/sparse_ratios.png. Benchmarks never fail on speed: a non-zero exit means the build
# or a run broke, or a MISMATCH / FAILED line was printed.
#
#   bench/run_sparse.sh [extra args for bench_sparse, e.g. --scales 16,18 --graphs rmat
#                        --skip mxm --budget 1]
#
# Environment: BUILD_DIR (default <repo>/build-bench), JOBS (default 2), THREADS (default
#              "1 2"), OUT_DIR (default $BUILD_DIR/bench-results), NO_MEMORY=1 (skip the
#              memory runs), NO_PLOT=1 (skip the plot script).
# Output: $OUT_DIR/sparse-<UTC stamp>.log (everything printed) and .csv (one row per
#         graph, operation and thread count), and sparse-latest.{log,csv} copies.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
build="${BUILD_DIR:-$repo/build-bench}"
jobs="${JOBS:-2}"
threads="${THREADS:-1 2}"
out="${OUT_DIR:-$build/bench-results}"

# SuiteSparse:GraphBLAS comes from Debian's libgraphblas-dev; without it there is no target.
if ! dpkg-query -W -f='${Status}' libgraphblas-dev 2>/dev/null | grep -q "install ok installed"; then
  sudo_cmd=""
  [[ "$(id -u)" -eq 0 ]] || sudo_cmd="sudo"
  echo "run_sparse: installing libgraphblas-dev (SuiteSparse:GraphBLAS)"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends libgraphblas-dev >/dev/null
fi

cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DWEFT_TESTS=OFF -DWEFT_BENCH=ON \
  -DWEFT_FORTRAN=OFF -DWEFT_RUST=OFF -DWEFT_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target bench_sparse
bin="$build/bench/bench_sparse"
mkdir -p "$out"
stamp="$(date -u +%Y%m%dT%H%MZ)"
log="$out/sparse-$stamp.log"
csv="$out/sparse-$stamp.csv"
: >"$log"

# The graphs and scales the memory runs repeat (the same defaults as bench_sparse).
graphs="uniform,rmat"
scales="16"
args=("$@")
for ((k = 0; k < ${#args[@]}; ++k)); do
  case "${args[k]}" in
    --graphs) graphs="${args[k + 1]:-$graphs}" ;;
    --scales) scales="${args[k + 1]:-$scales}" ;;
  esac
done

{
  echo "== $(date -u +%Y-%m-%dT%H:%MZ)  $(nproc) cores  $(uname -m)  threads: $threads  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  commit="$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo "unknown (not a git checkout)")"
  dirty="$(git -C "$repo" status --porcelain -- core capi 2>/dev/null || true)"
  echo "== weft commit $commit${dirty:+ plus uncommitted changes in core/ or capi/}"
} | tee -a "$log"

status=0
for t in $threads; do
  echo | tee -a "$log"
  echo "=================================== $t thread(s) ===================================" | tee -a "$log"
  # libgomp reads OMP_NUM_THREADS when it is loaded (before main): export it here too.
  OMP_NUM_THREADS="$t" "$bin" --threads "$t" --csv "$csv" "$@" 2>&1 | tee -a "$log" || status=1
done

if [[ "${NO_MEMORY:-0}" != 1 ]]; then
  echo | tee -a "$log"
  echo "=================================== peak memory (1 thread, one process per side and graph) ===" | tee -a "$log"
  for g in ${graphs//,/ }; do
    for s in ${scales//,/ }; do
      for side in weft suitesparse; do
        OMP_NUM_THREADS=1 "$bin" "$@" --threads 1 --graphs "$g" --scales "$s" --only "$side" 2>&1 |
          tee -a "$log" || status=1
      done
    done
  done
  echo | tee -a "$log"
  awk '
    /^PEAK_RSS / {
      delete f
      for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
      key = f["graph"] " 2^" f["scale"]
      if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      peak[key, f["side"]] = f["peak_mib"]; base[key] = f["baseline_mib"]
    }
    END {
      for (i = 1; i <= n; ++i) {
        k = order[i]
        printf("%-12s peak RSS weft %s MiB, SuiteSparse %s MiB (the generated input, %s MiB, is in both)\n",
               k, peak[k, "weft"], peak[k, "suitesparse"], base[k])
      }
    }' "$log" | tee -a "$out/sparse-$stamp.memory.txt" | tee -a "$log"
fi

cp "$log" "$out/sparse-latest.log"
[[ -f "$csv" ]] && cp "$csv" "$out/sparse-latest.csv"
if [[ "${NO_PLOT:-0}" != 1 && -f "$csv" ]]; then
  echo | tee -a "$log"
  /usr/bin/python3 "$here/plot_sparse.py" "$csv" "$here/sparse_ratios.png" 2>&1 | tee -a "$log" || status=1
  cp "$log" "$out/sparse-latest.log"
fi

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews the absolute times)"
echo "log: $log"
echo "csv: $csv"
if grep -q -e "MISMATCH" -e "FAILED" "$log"; then
  echo "!!! MISMATCH or FAILED lines above (grep -e MISMATCH -e FAILED $log)"
  status=1
fi
exit $status
