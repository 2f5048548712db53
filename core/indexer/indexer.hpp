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
