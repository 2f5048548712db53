// Small helpers for the MPI calls the indexer makes.
#pragma once
#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <vector>

#include "../mpi_check.hpp"

namespace weft::indexer {

// Messages longer than this go as several MPI messages of at most this many bytes, in
// order (MPI-3 counts are int, and Open MPI 4.1 has no large-count calls). Sender and
// receiver split a message of the same length the same way. 1 GiB;
// WEFT_INDEXER_CHUNK_BYTES overrides it so the tests can split small messages.
inline int64_t message_chunk_bytes() {
  static const int64_t bytes = [] {
    const char *v = std::getenv("WEFT_INDEXER_CHUNK_BYTES");
    long long n = v ? std::atoll(v) : 0;
    return n > 0 && n <= (int64_t(1) << 30) ? int64_t(n) : int64_t(1) << 30;
  }();
  return bytes;
}

// Outstanding point-to-point messages of bytes. Destroying it waits for what is still
// in flight.
class Requests {
 public:
  Requests() = default;
  Requests(Requests &&o) noexcept : reqs_(std::move(o.reqs_)) { o.reqs_.clear(); }
  Requests &operator=(Requests &&o) noexcept {
    if (this != &o) {
      drain();
      reqs_ = std::move(o.reqs_);
      o.reqs_.clear();
    }
    return *this;
  }
  void irecv(void *buf, int64_t bytes, int src, int tag, MPI_Comm comm) { post(buf, bytes, src, tag, comm, false); }
  void isend(const void *buf, int64_t bytes, int dst, int tag, MPI_Comm comm) {
    post(const_cast<void *>(buf), bytes, dst, tag, comm, true);
  }
  void wait_all() {
    if (!reqs_.empty())
      mpi_check(MPI_Waitall(int(reqs_.size()), reqs_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    reqs_.clear();
  }
  // True when everything has completed (then nothing is left).
  bool test_all() {
    if (reqs_.empty()) return true;
    int done = 0;
    mpi_check(MPI_Testall(int(reqs_.size()), reqs_.data(), &done, MPI_STATUSES_IGNORE), "MPI_Testall");
    if (done) reqs_.clear();
    return done != 0;
  }
  bool empty() const { return reqs_.empty(); }
  // Completes every message, ignoring errors (a message dropped by an agreed failure
  // may be truncated): one at a time, since a failed MPI_Waitall may leave some pending.
  void drain() {
    for (MPI_Request &r : reqs_)
      if (r != MPI_REQUEST_NULL) MPI_Wait(&r, MPI_STATUS_IGNORE);
    reqs_.clear();
  }
  ~Requests() { drain(); }

 private:
  void post(void *buf, int64_t bytes, int peer, int tag, MPI_Comm comm, bool send) {
    const int64_t chunk = message_chunk_bytes();
    char *p = static_cast<char *>(buf);
    int64_t at = 0;
    do {  // one message even for 0 bytes: every message is matched
      int n = int(std::min(chunk, bytes - at));
      MPI_Request r;
      if (send)
        mpi_check(MPI_Isend(p + at, n, MPI_BYTE, peer, tag, comm, &r), "MPI_Isend");
      else
        mpi_check(MPI_Irecv(p + at, n, MPI_BYTE, peer, tag, comm, &r), "MPI_Irecv");
      reqs_.push_back(r);
      at += n;
    } while (at < bytes);
  }
  std::vector<MPI_Request> reqs_;
};

}  // namespace weft::indexer
