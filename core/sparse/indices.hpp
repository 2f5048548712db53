// Indices: a Csr's row pointers or column indices. A growable int64_t array (the
// subset of std::vector's interface the kernels use) whose storage one object can share
// with another: share() gives a second Indices over the same block, which either side
// copies only when it is changed (copy on write). An element-wise result with its
// operand's entries (apply, A .* A, a fused chain over dense vectors) then writes its
// values alone: copying a dense vector's indices was as much memory traffic as computing
// its values (8 bytes an entry each), and the copy is never needed unless someone changes
// the indices later.
//
// Rules:
//   - Copying (constructor, assignment) copies the elements, as std::vector does; only
//     share() shares. Moving moves.
//   - Const access never copies. Every non-const access (data(), operator[], begin/end,
//     back, and every change) first makes the block this object's own, so a write never
//     reaches the other owners. Take `int64_t *p = v.data()` once before a loop, not
//     v[k] = ... in it: each non-const call tests whether the block is shared.
//   - That test is not thread-safe on a shared block: call own() before threads write
//     through a shared object (parallel kernels take data() once, outside their threads).
//   - Elements made without a value (Indices(n), resize(n)) are uninitialised, as the
//     pool allocator's were (every such array is written whole right after).
//   - equal() compares two arrays and remembers a match in the blocks (see there), so the
//     same two unchanged inputs compare in O(1) the next time.
// Blocks of 1 MiB and more come from the block pool (block_pool.hpp).
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <type_traits>
#include <new>

#include "../support/block_pool.hpp"

namespace weft {

class Indices {
 public:
  using value_type = int64_t;
  using iterator = int64_t *;
  using const_iterator = const int64_t *;

  Indices() = default;
  explicit Indices(size_t n) { resize(n); }
  Indices(size_t n, int64_t v) { assign(n, v); }
  Indices(std::initializer_list<int64_t> l) { assign(l.begin(), l.end()); }
  template <class It, class = std::enable_if_t<!std::is_integral_v<It>>>
  Indices(It b, It e) {
    assign(b, e);
  }
  Indices(const Indices &o) { assign(o.begin(), o.end()); }
  Indices(Indices &&o) noexcept { swap(o); }
  Indices &operator=(const Indices &o) {
    if (this != &o) assign(o.begin(), o.end());  // (from a sharer too: assign copies first)
    return *this;
  }
  Indices &operator=(Indices &&o) noexcept {
    Indices t(std::move(o));
    swap(t);
    return *this;
  }
  ~Indices() { release(); }

  // A second owner of this object's elements: no copy until one of them changes.
  Indices share() const {
    Indices s;
    if (!d_) return s;
    head()->refs.fetch_add(1, std::memory_order_relaxed);
    shared_.store(true, std::memory_order_relaxed);
    s.d_ = d_;
    s.n_ = n_;
    s.cap_ = cap_;
    s.shared_.store(true, std::memory_order_relaxed);
    return s;
  }
  // Whether another object may hold the same block (a hint: it may since have let go).
  bool shared() const { return shared_.load(std::memory_order_relaxed); }
  // Makes the block this object's own (a copy if another owner holds it).
  void own() {
    if (shared_.load(std::memory_order_relaxed)) unshare();
  }

  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  size_t capacity() const { return cap_; }
  const int64_t *data() const { return d_; }
  const int64_t *begin() const { return d_; }
  const int64_t *end() const { return d_ + n_; }
  const int64_t &operator[](size_t k) const { return d_[k]; }
  const int64_t &back() const { return d_[n_ - 1]; }
  int64_t *data() {
    own();
    return d_;
  }
  int64_t *begin() {
    own();
    return d_;
  }
  int64_t *end() {
    own();
    return d_ + n_;
  }
  int64_t &operator[](size_t k) {
    own();
    return d_[k];
  }
  int64_t &back() {
    own();
    return d_[n_ - 1];
  }

  void reserve(size_t n) {
    own();
    if (n > capacity()) grow(n);
  }
  void resize(size_t n) {
    reserve(n);
    n_ = n;
  }
  void resize(size_t n, int64_t v) {
    reserve(n);
    if (n > n_) std::fill(d_ + n_, d_ + n, v);
    n_ = n;
  }
  void clear() {
    if (shared()) release();
    n_ = 0;
  }
  void assign(size_t n, int64_t v) {
    clear();
    resize(n, v);
  }
  template <class It, class = std::enable_if_t<!std::is_integral_v<It>>>
  void assign(It b, It e) {
    const size_t n = size_t(std::distance(b, e));
    if (shared()) {  // into a block of its own; the shared one (maybe [b, e)) let go after
      Indices t;
      t.assign(b, e);
      swap(t);
      return;
    }
    n_ = 0;
    if (n == 0) return;
    reserve(n);
    std::copy(b, e, d_);
    n_ = n;
  }
  [[gnu::always_inline]] void push_back(int64_t v) {
    if (shared() || n_ == cap_) grow_for_push();
    d_[n_++] = v;
  }
  void pop_back() { --n_; }
  // Inserts [b, e) before `at` (a position of this object; not a range of it).
  template <class It>
  int64_t *insert(const int64_t *at, It b, It e) {
    const size_t k = size_t(at - d_), m = size_t(std::distance(b, e));
    if (m == 0) return d_ + k;
    own();
    if (n_ + m > cap_) grow(std::max(n_ + m, 2 * cap_));
    if (n_ > k) std::memmove(d_ + k + m, d_ + k, (n_ - k) * sizeof(int64_t));
    std::copy(b, e, d_ + k);
    n_ += m;
    return d_ + k;
  }
  void swap(Indices &o) noexcept {
    std::swap(d_, o.d_);
    std::swap(n_, o.n_);
    std::swap(cap_, o.cap_);
    const bool s = shared_.load(std::memory_order_relaxed);
    shared_.store(o.shared_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    o.shared_.store(s, std::memory_order_relaxed);
  }
  friend bool operator==(const Indices &a, const Indices &b) {
    return a.n_ == b.n_ && (a.d_ == b.d_ || std::equal(a.begin(), a.end(), b.begin()));
  }
  // Whether a and b hold the same elements, as ==; a match of two blocks is remembered in
  // them, and the same two unchanged arrays then compare without reading their elements
  // (two sparse vectors built with the same indices, the operands of every iteration of a
  // chain: comparing them was a quarter of a fused 4-op chain's time). Safe for several
  // threads comparing unchanged arrays at once, as reading them is. How a remembered match
  // stays true: every block has an id no other block ever gets (ids only grow), and a
  // match names both ids; remembering it marks both arrays shared, so the next non-const
  // access to either goes through unshare(), which gives a block it keeps a new id (its
  // elements may change in place now) and forgets its match. A copy is a new block anyway.
  static bool equal(const Indices &a, const Indices &b) {
    if (a.n_ != b.n_) return false;
    if (a.d_ == b.d_ || a.n_ == 0) return true;
    Head *ha = a.head(), *hb = b.head();
    const uint64_t ia = ha->id.load(std::memory_order_relaxed), ib = hb->id.load(std::memory_order_relaxed);
    if (ha->twin.load(std::memory_order_relaxed) == ib || hb->twin.load(std::memory_order_relaxed) == ia) return true;
    if (std::memcmp(a.d_, b.d_, a.n_ * sizeof(int64_t)) != 0) return false;
    a.shared_.store(true, std::memory_order_relaxed);
    b.shared_.store(true, std::memory_order_relaxed);
    ha->twin.store(ib, std::memory_order_relaxed);
    return true;
  }
  friend bool operator!=(const Indices &a, const Indices &b) { return !(a == b); }

 private:
  // A block: its owners' count and capacity, its id and the id of a block known to hold
  // the same first elements (equal()), then the elements (16-byte aligned).
  struct Head {
    std::atomic<int64_t> refs;
    size_t cap;
    std::atomic<uint64_t> id, twin;
  };
  static uint64_t next_id() {
    static std::atomic<uint64_t> last{0};
    return last.fetch_add(1, std::memory_order_relaxed) + 1;  // (twin 0: none)
  }
  Head *head() const { return reinterpret_cast<Head *>(d_) - 1; }
  static size_t bytes_for(size_t cap) { return sizeof(Head) + cap * sizeof(int64_t); }

  // A block of `cap` elements holding this object's n_ first ones; the old one released.
  void grow(size_t cap) {
    Head *h = static_cast<Head *>(pool_allocate(bytes_for(cap)));
    new (&h->refs) std::atomic<int64_t>(1);
    h->cap = cap;
    new (&h->id) std::atomic<uint64_t>(next_id());
    new (&h->twin) std::atomic<uint64_t>(0);
    int64_t *d = reinterpret_cast<int64_t *>(h + 1);
    if (n_) std::memcpy(d, d_, n_ * sizeof(int64_t));
    release_block();
    d_ = d;
    cap_ = cap;
    shared_.store(false, std::memory_order_relaxed);
  }
  [[gnu::noinline]] void grow_for_push() {
    own();
    if (n_ == cap_) grow(std::max<size_t>(2 * cap_, 8));
  }
  [[gnu::noinline]] void unshare() {
    if (d_ && head()->refs.load(std::memory_order_acquire) > 1) {
      grow(std::max<size_t>(n_, 1));
    } else if (d_) {  // kept, to be changed in place: what equal() remembered no longer holds
      head()->id.store(next_id(), std::memory_order_relaxed);
      head()->twin.store(0, std::memory_order_relaxed);
    }
    shared_.store(false, std::memory_order_relaxed);
  }
  // Lets go of the block (the last owner frees it); keeps n_.
  void release_block() {
    if (!d_) return;
    Head *h = head();
    if (h->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) pool_release(h, bytes_for(h->cap));
    d_ = nullptr;
    cap_ = 0;
  }
  void release() {
    release_block();
    n_ = 0;
    shared_.store(false, std::memory_order_relaxed);
  }

  int64_t *d_ = nullptr;
  size_t n_ = 0, cap_ = 0;  // cap_: the block's capacity (also in its Head, for the last owner)
  mutable std::atomic<bool> shared_{false};
};

}  // namespace weft
