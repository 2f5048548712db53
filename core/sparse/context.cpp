// The execution mode of the process (weft_init / weft_finalize) and the count of live
// collections that decides whether the mode may still be chosen.
#include <atomic>
#include <mutex>

#include "matrix.hpp"

namespace weft {

namespace {
std::mutex mode_lock;
std::atomic<int> mode{WEFT_BLOCKING};
bool mode_set = false, finalized = false;
std::atomic<int64_t> live_collections{0};
}  // namespace

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
}

void collection_created() { live_collections.fetch_add(1); }
void collection_destroyed() { live_collections.fetch_sub(1); }

}  // namespace weft
