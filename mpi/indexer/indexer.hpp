// The global indexer (seed 001): a plan built once from (distribution, index lists),
// reused by every take/put exchange. Lives in libweft_mpi and uses libweft only through
// its public C API.
//
// Plan, for this rank. A request is one index of one part; requests are numbered part
// after part (q). Requests to other ranks ("remote") are sorted by owner with a stable
// counting sort, so an owner receives them in (part, position) order; their position in
// that order is their slot. Requests to this rank ("self") never go through MPI.
//
//   remote         (i, slot): part item i <-> slot in the remote message order;
//                  segments are the parts.
//   self_clean     (i, j): part item i <-> owned item j, for owned items that no lower
//                  rank writes; segments are the parts.
//   self_conflict  the same for owned items that a lower rank also writes (a put applies
//                  these in arrival order, after the lower ranks' items).
//   owner          (a, j): incoming remote request a (arrival order: source rank, then
//                  the source's order) asks for owned item j; segments are source ranks.
//
// Only peers with a non-zero count appear in send_peers / recv_peers: ranks that share
// nothing send nothing.
//
// Memory: the maps hold two indices per request of this rank and one per request it
// receives, 32-bit when they fit; a contiguous stretch of requests (a halo) is one
// entry. The first put adds one index per request to another rank (the pack order),
// the first put without a monoid the last writer of each owned item (at most two per
// item).
#pragma once
#include <mpi.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "../../core/support/object.hpp"
#include "mpi_calls.hpp"
#include "pair_list.hpp"
#include "weft.h"

namespace weft::indexer {

template <class I>
struct Lists {
  PairList<I> remote, self_clean, self_conflict, owner;
};

// What only a put walks, made on first use (put_lists.cpp), so a plan that only takes
// never pays for it:
//   pack        remote in slot order, (slot, part item): a put packs its messages front
//               to back; segment g holds items of part pack_part[g]. (first put)
//   last_clean  the own entries (i, j) that are the last writer of their item j, by part;
//   last_save   the arrivals (position in the put's arrival buffer [lower ranks |
//               self_conflict | higher ranks], j) that are the last writer of j, by j.
//               (first put without a monoid: last writer wins)
template <class I>
struct PutLists {
  PairList<I> pack;
  std::vector<int32_t> pack_part;
  PairList<I> last_clean, last_save;
};

struct Indexer : Object {
  MPI_Comm comm = MPI_COMM_NULL;  // a private duplicate: our messages never meet the user's
  int rank = 0, nranks = 0;
  int64_t dn = 0;                  // items owned here
  std::vector<int64_t> part_size;  // requests per part
  int64_t nreq = 0;                // all requests of this rank (sum of part_size)
  int64_t nself = 0;               // of which to this rank
  std::vector<int64_t> to_owner;   // [nranks+1] prefix: remote slots of each owner (own: none)
  std::vector<int> send_peers;     // owners with requests from here
  std::vector<int64_t> from_req;   // [nranks+1] prefix: remote arrivals from each rank (own: none)
  std::vector<int> recv_peers;     // requesters of items owned here
  int64_t nout() const { return to_owner.back(); }  // remote requests sent
  int64_t nin() const { return from_req.back(); }   // remote requests received

  // The maps, with 32-bit indices when every index fits (one of the two is set).
  std::unique_ptr<Lists<int32_t>> narrow;
  std::unique_ptr<Lists<int64_t>> wide;
  template <class F>
  void visit(F &&f) const {
    if (narrow)
      f(*narrow);
    else
      f(*wide);
  }
  // f(lists, put lists), making the put lists on first use (the last-writer ones only
  // when `last_writers`).
  template <class F>
  void visit_put(bool last_writers, F &&f) {
    std::call_once(pack_once_, [this] { make_put_lists(false); });
    if (last_writers) std::call_once(last_once_, [this] { make_put_lists(true); });
    if (narrow)
      f(*narrow, *put_narrow);
    else
      f(*wide, *put_wide);
  }
  // Arrivals of a put from lower ranks: its staged own items go after them.
  int64_t nin_lower() const { return from_req[size_t(rank)]; }

  // Exchange buffers kept between calls (no allocation or page faults per exchange);
  // several requests may be outstanding, so it is a small pool.
  struct Buffer {
    std::unique_ptr<char[]> p;
    int64_t cap = 0;
    char *get() const { return p.get(); }
  };
  Buffer take_buffer(int64_t bytes);
  void give_back(Buffer b) noexcept;

  // Every exchange gets its own tag (all ranks begin exchanges in the same order), so
  // outstanding requests never match each other's messages, whatever order they are
  // waited in.
  int next_tag();

  // Sends of completed variable-size exchanges that the peers have not received yet,
  // with what keeps their memory alive; finished in the background (checked at every
  // begin), waited for at destruction.
  void park_sends(Requests &&sends, std::shared_ptr<void> memory);
  void reap_sends();

  // How often each owned item is requested (counts[dn]).
  void access_counts(int64_t *counts) const;

  static constexpr Magic kMagic = Magic::indexer;
  static constexpr const char *kHandleName = "weft_indexer";

  Indexer() : Object(Magic::indexer) {}
  ~Indexer() override;

 private:
  void make_put_lists(bool last_writers);
  std::unique_ptr<PutLists<int32_t>> put_narrow;
  std::unique_ptr<PutLists<int64_t>> put_wide;
  std::once_flag pack_once_, last_once_;
  std::mutex mutex_;
  std::vector<Buffer> pool_;
  int tag_ = 0;
  struct Parked {
    Requests sends;
    std::shared_ptr<void> memory;
  };
  std::vector<Parked> parked_;
};

// Builds the plan; collective. Throws weft::Error with the same status on every rank.
Indexer *make_indexer(const int64_t *distrib, int64_t nparts, const int64_t *nidx, const int64_t *const *idx,
                      MPI_Comm comm);

}  // namespace weft::indexer
