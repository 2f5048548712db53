// A small cache of large freed blocks (SuiteSparse keeps one too): an operation's result
// arrays are usually as large as the ones the previous call freed, and a fresh large
// block comes from the kernel as untouched pages, each zero-filled on first write (at
// 2^18 rows a quarter of an element-wise call was page faults). Blocks of at least
// kPoolMin bytes are kept after release, up to kPoolBlocks of them and kPoolBytes in
// all (the oldest leave first), and handed out again for a request that fits (at most
// twice the size asked). Smaller blocks go straight to operator new / delete.
// kPoolMin is 64 KiB, not 1 MiB: glibc serves blocks of a few hundred KiB from the top of
// its heap and trims the heap when they are freed, so every operation on a matrix of
// 10^4-10^5 entries faulted its result's pages in afresh (triangle counting on
// bcsstk13, 84k entries: 10.5 -> 4.1 ms; connected components 3.9 -> 1.1 ms).
// A fresh block of 4 MiB or more is advised to use transparent huge pages (one page
// fault per 2 MiB instead of per 4 KiB, where the system honours madvise).
// Thread-safe (one mutex; large blocks are rare). pool_trim() returns every kept block.
#pragma once
#include <cstddef>
#include <new>
#include <utility>

namespace weft {

constexpr size_t kPoolMin = size_t(1) << 16;
constexpr size_t kPoolBlocks = 32;
constexpr size_t kPoolBytes = size_t(1) << 28;

// At least `bytes` bytes (operator new's alignment); throws std::bad_alloc.
void *pool_allocate(size_t bytes);
// Releases a block pool_allocate gave for `bytes` bytes.
void pool_release(void *p, size_t bytes) noexcept;
// Frees every kept block.
void pool_trim() noexcept;

// Releases a pool block of `bytes` bytes (std::unique_ptr<void, PoolDeleter>: scratch).
struct PoolDeleter {
  size_t bytes;
  void operator()(void *p) const noexcept { pool_release(p, bytes); }
};

// A standard allocator over the pool (a matrix's kept 32-bit column indices; a Csr's own
// indices are indices.hpp). Elements made without a value (resize(n), a vector of n) are
// left uninitialised, not zeroed: every such array is
// written whole right after (a result sized first and filled by index), and zeroing it
// first was a second pass over memory the size of the result. Give a value (assign(n, 0),
// resize(n, 0)) where zeros are meant.
template <class T>
struct PoolAllocator {
  using value_type = T;
  PoolAllocator() = default;
  template <class U>
  PoolAllocator(const PoolAllocator<U> &) {}
  T *allocate(size_t n) { return static_cast<T *>(pool_allocate(n * sizeof(T))); }
  void deallocate(T *p, size_t n) noexcept { pool_release(p, n * sizeof(T)); }
  template <class U>
  void construct(U *p) noexcept {
    ::new (static_cast<void *>(p)) U;
  }
  template <class U, class... Args>
  void construct(U *p, Args &&...args) {
    ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
  }
  template <class U>
  bool operator==(const PoolAllocator<U> &) const { return true; }
  template <class U>
  bool operator!=(const PoolAllocator<U> &) const { return false; }
};

}  // namespace weft
