// The global indexer (seed 001): a plan built once from (distribution, index lists),
// reused by every take/put exchange. Lives in libweft_mpi and uses libweft only through
// its public C API.
//
// Plan, for this rank:
//   requester side: every requested index q (parts concatenated in order) goes to its
//     owner; `slot[q]` is its position in the owner-sorted request order (a stable
//     counting sort, so arrival order at an owner is part, then position);
//   owner side: `select[r]` is the local item of incoming request r, in arrival order
//     (source rank, then the source's order).
// Only peers with a non-zero count appear in send_peers / recv_peers: ranks that share
// nothing send nothing.
#pragma once
#include <mpi.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "../support/object.hpp"
#include "weft.h"

namespace weft::indexer {

struct Indexer : Object {
  MPI_Comm comm = MPI_COMM_NULL;  // a private duplicate: our messages never meet the user's
  int rank = 0, nranks = 0;
  int64_t dn = 0;                  // items owned here
  std::vector<int64_t> part_size;  // requests per part
  int64_t nreq = 0;                // sum of part_size
  std::vector<int64_t> slot;       // [nreq] position in owner-sorted order
  std::vector<int64_t> to_owner;   // [nranks+1] prefix: requests to each owner, in slot order
  std::vector<int> send_peers;     // owners with requests from here
  std::vector<int64_t> select;     // [nin] local item of each incoming request
  std::vector<int64_t> from_req;   // [nranks+1] prefix: incoming requests from each rank
  std::vector<int> recv_peers;     // requesters of items owned here

  // Exchange buffers kept between calls (no allocation or page faults per exchange);
  // several requests may be outstanding, so it is a small pool.
  struct Buffer {
    std::unique_ptr<char[]> p;
    int64_t cap = 0;
  };
  std::mutex pool_mutex;
  std::vector<Buffer> pool;
  Buffer take_buffer(int64_t bytes) {
    {
      std::lock_guard<std::mutex> lock(pool_mutex);
      for (size_t i = 0; i < pool.size(); ++i)
        if (pool[i].cap >= bytes) {
          Buffer b = std::move(pool[i]);
          pool.erase(pool.begin() + long(i));
          return b;
        }
    }
    Buffer b;
    b.cap = bytes > 0 ? bytes : 1;
    b.p.reset(new char[size_t(b.cap)]);  // not zeroed: every byte used is written first
    return b;
  }
  void give_back(Buffer b) {
    std::lock_guard<std::mutex> lock(pool_mutex);
    if (b.p && pool.size() < 4) pool.push_back(std::move(b));
  }
  // Requests of this rank to itself: slots [self_lo, self_hi) are incoming requests
  // [self_in, self_in + self_hi - self_lo) in the same order. They never go through MPI.
  int64_t self_lo() const { return to_owner[size_t(rank)]; }
  int64_t self_hi() const { return to_owner[size_t(rank) + 1]; }
  int64_t self_in() const { return from_req[size_t(rank)]; }

  // Runs found at plan time, so ordered requests (a halo, a whole range) move as one
  // memcpy per run when items are contiguous:
  //   select_runs: arrival positions [a, a+len) ask for owned items [j, j+len);
  //   self_runs:   part k, items [i, i+len) are owned items [j, j+len) of this rank
  //                (the rank's requests to itself), arriving at [a, a+len).
  struct Run {
    int64_t k, i, j, a, len;
  };
  // Stored only when they are long enough to pay (average length >= 4); otherwise the
  // visitors below produce runs of one item on the fly.
  std::vector<Run> select_runs, self_runs;
  bool has_select_runs = false, has_self_runs = false;

  template <class F>
  void for_each_select_run(F &&f) const {
    if (has_select_runs) {
      for (const Run &r : select_runs) f(r);
      return;
    }
    for (int64_t k = 0; k < nin(); ++k) f(Run{0, k, select[size_t(k)], k, 1});
  }
  template <class F>
  void for_each_self_run(F &&f) const {
    if (has_self_runs) {
      for (const Run &r : self_runs) f(r);
      return;
    }
    int64_t lo = self_lo(), hi = self_hi(), in0 = self_in(), q = 0;
    for (size_t k = 0; k < part_size.size(); ++k)
      for (int64_t i = 0; i < part_size[k]; ++i, ++q) {
        int64_t s = slot[size_t(q)];
        if (s >= lo && s < hi) f(Run{int64_t(k), i, select[size_t(in0 + s - lo)], in0 + s - lo, 1});
      }
  }

  // How often each owned item is requested (counts[dn]).
  void access_counts(int64_t *counts) const {
    for (int64_t j = 0; j < dn; ++j) counts[j] = 0;
    for (int64_t j : select) ++counts[j];
  }

  Indexer() : Object(Magic::indexer) {}
  ~Indexer() override {
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  }
  int64_t nin() const { return from_req.back(); }
};

// Builds the plan; collective. Throws weft::Error with the same status on every rank.
Indexer *make_indexer(const int64_t *distrib, int64_t nparts, const int64_t *nidx, const int64_t *const *idx,
                      MPI_Comm comm);

// Every rank contributes its local status (0 or a negative weft_status) and message;
// returns on all ranks the most negative status, throwing it (with the local message,
// or a note that another rank failed). `extra` values are reduced with MPI_MIN in the
// same call (pass v and -v to learn the min and max).
void agree(MPI_Comm comm, weft_status local, const char *local_msg, std::vector<int64_t> &extra);

}  // namespace weft::indexer
