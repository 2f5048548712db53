// Allocation-failure injection for the out-of-memory tests (LAGraph's "brutal" tests):
// this program's global operator new fails the k-th allocation after arm(k), and
// counts live allocations, so a test can check that a call which failed with
// WEFT_OUT_OF_MEMORY leaked nothing. libweft allocates through operator new (C++
// containers, handles); replacing it in the executable replaces it in the whole process.
//
// brutal(name, setup, call, release, unchanged): for k = 1, 2, ... runs setup() (no
// failures) and then call() with the k-th allocation failing, until call() succeeds;
// every failing run must return WEFT_OUT_OF_MEMORY, leave as many live allocations as
// before and keep unchanged() true (inputs, and outputs of the call). release() undoes
// the successful run. Run the call once before (warm-up), so that what weft allocates
// once per process is not counted as a leak.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "weft.h"

namespace oom {

inline std::atomic<long> calls{0}, fail_at{0}, live{0};
inline int failures = 0;

inline void arm(long k) {
  calls = 0;
  fail_at = k;
}
inline void disarm() { fail_at = 0; }

inline void *allocate(std::size_t n, std::size_t align = 0) {
  if (fail_at > 0 && ++calls == fail_at) throw std::bad_alloc();
  if (n == 0) n = 1;
  void *p = align > alignof(std::max_align_t) ? std::aligned_alloc(align, (n + align - 1) / align * align)
                                              : std::malloc(n);
  if (!p) throw std::bad_alloc();
  ++live;
  return p;
}
inline void release(void *p) noexcept {
  if (!p) return;
  --live;
  std::free(p);
}

#define OOM_CHECK(cond, ...)                                                   \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                \
      std::fprintf(stderr, __VA_ARGS__);                                       \
      std::fprintf(stderr, " (last error: %s)\n", weft_last_error());          \
      ++oom::failures;                                                         \
    }                                                                          \
  } while (0)

// Memory a failed call leaves with a live object (a cache, such as a matrix's kept
// transpose) is not a leak: it goes with the object. Callers whose objects may keep such
// memory pass `drop`, which frees every object setup made; the leak check then compares
// with the count before setup, objects gone.
struct NoDrop {
  bool operator()() const { return false; }
};

template <class Setup, class Call, class Release, class Unchanged, class Drop = NoDrop>
void brutal(const char *name, Setup setup, Call call, Release release_result, Unchanged unchanged, Drop drop = {}) {
  for (long k = 1;; ++k) {
    const long base = live;
    setup();
    long before = live;
    arm(k);
    weft_status s = call();
    disarm();
    if (s == WEFT_SUCCESS) {
      release_result();
      std::printf("  %-34s succeeds once %ld allocation%s may fail\n", name, k - 1, k == 2 ? "" : "s");
      return;
    }
    OOM_CHECK(s == WEFT_OUT_OF_MEMORY, "%s, allocation %ld failing: %s", name, k, weft_status_name(s));
    OOM_CHECK(unchanged(), "%s, allocation %ld failing: an input or output changed", name, k);
    if (drop()) before = base;  // the objects are gone, and whatever they kept with them
    // (Fewer is fine: a failed call may drop a cached buffer instead of keeping it.)
    OOM_CHECK(live <= before, "%s, allocation %ld failing: %ld allocations leaked", name, k, long(live - before));
    if (s != WEFT_OUT_OF_MEMORY || k > 100000) return;
  }
}

}  // namespace oom

// The replaced global allocation functions (every form the standard library may call).
void *operator new(std::size_t n) { return oom::allocate(n); }
void *operator new[](std::size_t n) { return oom::allocate(n); }
void *operator new(std::size_t n, std::align_val_t a) { return oom::allocate(n, std::size_t(a)); }
void *operator new[](std::size_t n, std::align_val_t a) { return oom::allocate(n, std::size_t(a)); }
void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
  try {
    return oom::allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {
  try {
    return oom::allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void *p) noexcept { oom::release(p); }
void operator delete[](void *p) noexcept { oom::release(p); }
void operator delete(void *p, std::size_t) noexcept { oom::release(p); }
void operator delete[](void *p, std::size_t) noexcept { oom::release(p); }
void operator delete(void *p, std::align_val_t) noexcept { oom::release(p); }
void operator delete[](void *p, std::align_val_t) noexcept { oom::release(p); }
void operator delete(void *p, std::size_t, std::align_val_t) noexcept { oom::release(p); }
void operator delete[](void *p, std::size_t, std::align_val_t) noexcept { oom::release(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { oom::release(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { oom::release(p); }
