// Small helpers for the MPI calls the indexer makes.
#pragma once
#include <mpi.h>

#include <climits>
#include <vector>

#include "../support/error.hpp"

namespace weft::indexer {

inline void mpi_check(int rc, const char *what) {
  if (rc == MPI_SUCCESS) return;
  char msg[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, msg, &len);
  fail(WEFT_MPI_ERROR, "%s failed: %s", what, msg);
}

// Outstanding point-to-point messages of bytes (messages above 2 GiB per peer are not
// supported: MPI-3 counts are int). Destroying it waits for what is still in flight.
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
    if (bytes > INT_MAX) fail(WEFT_OVERFLOW, "a message of %lld bytes to one rank exceeds 2 GiB", (long long)bytes);
    MPI_Request r;
    if (send)
      mpi_check(MPI_Isend(buf, int(bytes), MPI_BYTE, peer, tag, comm, &r), "MPI_Isend");
    else
      mpi_check(MPI_Irecv(buf, int(bytes), MPI_BYTE, peer, tag, comm, &r), "MPI_Irecv");
    reqs_.push_back(r);
  }
  std::vector<MPI_Request> reqs_;
};

}  // namespace weft::indexer
