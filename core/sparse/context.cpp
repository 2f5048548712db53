// The execution mode of the process (weft_init / weft_finalize), the count of live
// collections that decides whether the mode may still be chosen, and the thread count.
#include <algorithm>
#include <atomic>
#include <mutex>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "matrix.hpp"
#include "../support/block_pool.hpp"

namespace weft {

namespace {
std::mutex mode_lock;
std::atomic<int> mode{WEFT_BLOCKING};
bool mode_set = false, finalized = false;
std::atomic<int64_t> live_collections{0};
std::atomic<int> threads{0};  // 0: not chosen (the default)

int default_threads() {
#ifdef _OPENMP
  return std::max(1, omp_get_max_threads());  // OMP_NUM_THREADS, else the processors
#else
  return 1;
#endif
}
}  // namespace

void set_thread_count(int n) { threads.store(n, std::memory_order_relaxed); }

int thread_count() {
#ifdef _OPENMP
  const int n = threads.load(std::memory_order_relaxed);
  return n > 0 ? n : default_threads();
#else
  return 1;
#endif
}

int execution_mode() { return mode.load(std::memory_order_relaxed); }

bool set_execution_mode(int m) {
  std::lock_guard<std::mutex> g(mode_lock);
  if (mode_set || finalized || live_collections.load() != 0) return false;
  mode = m;
  mode_set = true;
  return true;
}

void finalize_context() {
  std::lock_guard<std::mutex> g(mode_lock);
  finalized = true;
  pool_trim();  // the blocks kept for reuse go back to the system
}

void collection_created() { live_collections.fetch_add(1); }
void collection_destroyed() { live_collections.fetch_sub(1); }

}  // namespace weft
