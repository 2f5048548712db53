// The indexer's own bookkeeping: the buffer pool, exchange tags, parked sends, access
// counts.
#include "indexer.hpp"

#include <algorithm>
#include <new>

namespace weft::indexer {

Indexer::Buffer Indexer::take_buffer(int64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    size_t best = pool_.size();  // the smallest that fits
    for (size_t i = 0; i < pool_.size(); ++i)
      if (pool_[i].cap >= bytes && (best == pool_.size() || pool_[i].cap < pool_[best].cap)) best = i;
    if (best < pool_.size()) {
      Buffer b = std::move(pool_[best]);
      pool_.erase(pool_.begin() + long(best));
      return b;
    }
  }
  Buffer b;
  b.cap = bytes > 0 ? bytes : 1;
  b.p.reset(new char[size_t(b.cap)]);  // not zeroed: every byte used is written first
  return b;
}

void Indexer::give_back(Buffer b) noexcept {
  if (!b.p) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (pool_.size() < 6) {
    // Called while a request is destroyed, also after a failure: out of memory for the
    // pool's own array, the buffer is simply freed.
    try {
      pool_.push_back(std::move(b));
    } catch (const std::bad_alloc &) {
    }
    return;
  }
  auto smallest = std::min_element(pool_.begin(), pool_.end(),
                                   [](const Buffer &x, const Buffer &y) { return x.cap < y.cap; });
  if (smallest->cap < b.cap) *smallest = std::move(b);
}

int Indexer::next_tag() {
  std::lock_guard<std::mutex> lock(mutex_);
  tag_ = tag_ % 30000 + 1;  // within the 32767 every MPI allows
  return tag_;
}

void Indexer::park_sends(Requests &&sends, std::shared_ptr<void> memory) {
  if (sends.test_all()) return;
  std::lock_guard<std::mutex> lock(mutex_);
  parked_.push_back(Parked{std::move(sends), std::move(memory)});
}

void Indexer::reap_sends() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (size_t i = 0; i < parked_.size();)
    if (parked_[i].sends.test_all())
      parked_.erase(parked_.begin() + long(i));
    else
      ++i;
}

void Indexer::access_counts(int64_t *counts) const {
  for (int64_t j = 0; j < dn; ++j) counts[j] = 0;
  auto add = [&](int64_t, int64_t j, int64_t len) {
    for (int64_t t = 0; t < len; ++t) ++counts[j + t];
  };
  visit([&](const auto &L) {
    L.owner.each(add);
    L.self_clean.each(add);
    L.self_conflict.each(add);
  });
}

Indexer::~Indexer() {
  parked_.clear();  // each waits for its sends
  if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
}

}  // namespace weft::indexer
