// extern "C" context entry points: weft_init, weft_finalize, weft_get_mode, the thread count,
// the nonblocking queue's counters.
#include "../core/jit/compile.hpp"
#include "../core/lazy/queue.hpp"
#include "../core/sparse/matrix.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

extern "C" weft_status weft_init(int mode) {
  return guard(__func__, [&] {
    if (mode != WEFT_BLOCKING && mode != WEFT_NONBLOCKING)
      fail(WEFT_INVALID_VALUE, "mode %d is neither WEFT_BLOCKING nor WEFT_NONBLOCKING", mode);
    if (!set_execution_mode(mode))
      fail(WEFT_INVALID_VALUE, "weft_init may be called once, before weft_finalize and before any collection exists");
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_finalize(void) {
  return guard(__func__, [&] {
    lazy::settle_all();  // what is still queued runs: objects stay usable afterwards
    finalize_context();
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_get_mode(int *mode) {
  return guard(__func__, [&] {
    nonnull(mode, "mode");
    *mode = execution_mode();
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_set_threads(int nthreads) {
  return guard(__func__, [&] {
    if (nthreads < 0) fail(WEFT_INVALID_VALUE, "nthreads is %d (0: the default, else a count >= 1)", nthreads);
    set_thread_count(nthreads);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_get_threads(int *nthreads) {
  return guard(__func__, [&] {
    nonnull(nthreads, "nthreads");
    *nthreads = thread_count();
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_get_stat(int which, int64_t *value) {
  return guard(__func__, [&] {
    if (which < WEFT_STAT_DEFERRED || which > WEFT_STAT_JIT_RUNS)
      fail(WEFT_INVALID_VALUE, "which = %d is not one of enum weft_stat", which);
    nonnull(value, "value");
    switch (which) {
      case WEFT_STAT_JIT_KERNELS: *value = jit::compiled(); break;
      case WEFT_STAT_JIT_FAILED: *value = jit::failed(); break;
      case WEFT_STAT_JIT_RUNS: *value = jit::runs(); break;
      default: *value = lazy::stat(which);
    }
    return WEFT_SUCCESS;
  });
}
