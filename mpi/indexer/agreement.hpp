// Agreement: how every rank of an indexer learns whether a call failed anywhere, so all
// return the same status and none waits for a message that will never come.
//
// Every rank contributes its local status (0 or a negative weft_status) and some values;
// all learn the most negative status and the minimum of each value (pass v and -v to
// learn the minimum and the maximum). It starts without blocking (MPI_Iallreduce), so an
// exchange packs and sends while the agreement travels, and completes it before it posts
// a receive or writes any output: a blocking allreduce first would make every rank wait
// for the last one to arrive, which costs a scheduler slice per call on an
// oversubscribed machine.
//
// Receives wait for the agreement because a failed exchange may carry messages of other
// sizes than the receiver expects, and Open MPI 4.1's single-copy path writes a message
// past a smaller receive buffer instead of truncating it. A failed exchange takes every
// expected message with a matched probe, at its real size, and drops it (so an exchange
// sends at most one message to each peer before the agreement settles).
#pragma once
#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

#include "weft.h"

namespace weft::indexer {

struct Indexer;
struct Items;

// A rank's local argument checks, first failure wins: what it contributes to an
// agreement.
struct FirstFailure {
  weft_status status = WEFT_SUCCESS;
  std::string msg;
  void need(bool ok, weft_status s, const std::string &m) {
    if (!ok) fail_with(s, m);
  }
  void fail_with(weft_status s, const std::string &m) {
    if (status == WEFT_SUCCESS) {
      status = s;
      msg = m;
    }
  }
};

class Agreement {
 public:
  Agreement() = default;
  Agreement(const Agreement &) = delete;
  Agreement &operator=(const Agreement &) = delete;
  ~Agreement();
  void start(MPI_Comm comm, weft_status local, std::string local_msg, std::vector<int64_t> values);
  // Completes it; returns the agreed status. values() then holds the minima.
  weft_status finish();
  const std::vector<int64_t> &values() const { return out_; }
  // Throws the agreed failure: the local message, or a note that another rank failed.
  [[noreturn]] void raise(weft_status agreed) const;

 private:
  weft_status local_ = WEFT_SUCCESS;
  std::string msg_;
  std::vector<int64_t> in_, out_;
  MPI_Request req_ = MPI_REQUEST_NULL;
};

// A blocking agreement: throws the agreed failure; `extra` becomes the minima.
void agree(MPI_Comm comm, weft_status local, const char *local_msg, std::vector<int64_t> &extra);

// The agreement of an exchange also checks that every rank passed the same count, mode
// flag (reduce, extend) and unit: the same size and type signature (weft_type_signature,
// so WEFT_INT32 against WEFT_FLOAT fails with WEFT_DOMAIN_MISMATCH).
void agree_exchange_start(Agreement &a, const Indexer &gi, weft_status local, const std::string &msg,
                          const Items &it, int64_t flag);
// Completes it; on a failure anywhere, runs `drop` (which must complete the exchange's
// messages and discard them: nothing has been written) and throws the agreed status on
// every rank.
void agree_exchange_finish(Agreement &a, const std::function<void()> &drop, const char *flag_name);
// Receives and discards one message on `tag` from each of `peers`, whatever its size.
void discard_messages(MPI_Comm comm, const std::vector<int> &peers, int tag);
// Both at once, for exchanges that post nothing before agreeing.
void agree_exchange(const Indexer &gi, weft_status local, const std::string &msg, const Items &it, int64_t flag,
                    const char *flag_name);

}  // namespace weft::indexer
