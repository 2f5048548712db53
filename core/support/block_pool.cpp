// The cache of large freed blocks (block_pool.hpp).
#include "block_pool.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <mutex>

namespace weft {

namespace {

struct Kept {
  void *p;
  size_t bytes;  // the size it was allocated with (what its operator delete expects)
};

struct Pool {
  std::mutex lock;
  Kept blocks[kPoolBlocks] = {};
  size_t count = 0, total = 0;
};

Pool &pool() {
  static Pool *p = new Pool();  // never destroyed: blocks may be released during exit
  return *p;
}

// A pooled block may be handed to a request smaller than the block, and comes back with
// that smaller size: each carries the size it was allocated with in a header.
struct Header {
  size_t bytes;
  size_t pad;  // keeps the payload 16-byte aligned
};

// A fresh large block's pages are faulted in one by one on first write, each zeroed by
// the kernel: a quarter of a product writing a 10^8-entry result was page faults. Asked
// for transparent huge pages (where the system leaves them to madvise), its whole 2 MiB
// parts fault once per 2 MiB. Advice only: nothing changes where it is not honoured.
void advise_huge_pages(void *p, size_t bytes) noexcept {
#ifdef MADV_HUGEPAGE
  constexpr uintptr_t huge = uintptr_t(1) << 21;
  if (bytes < 2 * huge) return;
  const uintptr_t b = (reinterpret_cast<uintptr_t>(p) + huge - 1) & ~(huge - 1);
  const uintptr_t e = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(huge - 1);
  if (e > b) (void)madvise(reinterpret_cast<void *>(b), e - b, MADV_HUGEPAGE);
#else
  (void)p, (void)bytes;
#endif
}

}  // namespace

void *pool_allocate(size_t bytes) {
  if (bytes < kPoolMin) return ::operator new(bytes);
  {
    Pool &P = pool();
    std::lock_guard<std::mutex> hold(P.lock);
    for (size_t k = 0; k < P.count; ++k) {
      Kept &b = P.blocks[k];
      if (b.bytes >= bytes && b.bytes / 2 <= bytes) {
        void *p = b.p;
        P.total -= b.bytes;
        for (size_t m = k + 1; m < P.count; ++m) P.blocks[m - 1] = P.blocks[m];  // keeps the age order
        --P.count;
        return p;
      }
    }
  }
  auto *h = static_cast<Header *>(::operator new(sizeof(Header) + bytes));
  h->bytes = bytes;
  advise_huge_pages(h, sizeof(Header) + bytes);
  return h + 1;
}

void pool_release(void *p, size_t bytes) noexcept {
  if (!p) return;
  if (bytes < kPoolMin) {
    ::operator delete(p);
    return;
  }
  Header *h = static_cast<Header *>(p) - 1;
  if (h->bytes > kPoolBytes) {
    ::operator delete(h);
    return;
  }
  Pool &P = pool();
  std::lock_guard<std::mutex> hold(P.lock);
  // Full: the oldest blocks make room (the recent sizes are the ones asked for next).
  while (P.count == kPoolBlocks || P.total + h->bytes > kPoolBytes) {
    ::operator delete(static_cast<Header *>(P.blocks[0].p) - 1);
    P.total -= P.blocks[0].bytes;
    for (size_t k = 1; k < P.count; ++k) P.blocks[k - 1] = P.blocks[k];
    --P.count;
  }
  P.blocks[P.count++] = Kept{p, h->bytes};
  P.total += h->bytes;
}

void pool_trim() noexcept {
  Pool &P = pool();
  std::lock_guard<std::mutex> hold(P.lock);
  for (size_t k = 0; k < P.count; ++k) ::operator delete(static_cast<Header *>(P.blocks[k].p) - 1);
  P.count = 0;
  P.total = 0;
}

}  // namespace weft
