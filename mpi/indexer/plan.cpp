// Building the plan: validation agreed by every rank, owner search, one all-to-all of
// counts, a stable counting sort by owner, and the indices sent only to their owners.
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "../../core/support/error.hpp"
#include "agreement.hpp"
#include "indexer.hpp"
#include "mpi_calls.hpp"

namespace weft::indexer {

namespace {

// The rank owning global item g: the last r with distrib[r] <= g, which skips empty
// ranks (g in [0, n)). Branch-free, so random indices cost no mispredictions: a count
// over the boundaries for a few ranks (no dependency chain), a binary search beyond.
inline int owner_of(const int64_t *distrib, int nranks, int64_t g) {
  if (nranks <= 16) {
    int o = 0;
    for (int r = 1; r < nranks; ++r) o += distrib[r] <= g;
    return o;
  }
  const int64_t *base = distrib;
  int64_t len = nranks + 1;
  while (len > 1) {
    int64_t half = len / 2;
    base = base[half] <= g ? base + half : base;
    len -= half;
  }
  return int(base - distrib);
}

// The maps of the plan (see indexer.hpp), with indices of type I. The loops that sort
// requests by owner and split them are branch-free: with random indices a branch per
// request would mispredict half the time. Each appends to both candidate lists and
// advances only the one that keeps the entry (the lists have one spare slot).
template <class I>
std::unique_ptr<Lists<I>> build_lists(Indexer &gi, const int64_t *distrib, const int64_t *const *idx,
                                      const std::vector<int32_t> &owner) {
  auto L = std::make_unique<Lists<I>>();
  const int nranks = gi.nranks, me = gi.rank;
  const int64_t lo = distrib[me], nout = gi.nout(), nself = gi.nself;
  const int tag = gi.next_tag();
  // Owner side: receive the indices asked of this rank (as owned positions).
  std::vector<int64_t> incoming(size_t(gi.nin()));
  Requests msgs;
  for (int r : gi.recv_peers)
    msgs.irecv(incoming.data() + gi.from_req[size_t(r)], (gi.from_req[size_t(r) + 1] - gi.from_req[size_t(r)]) * 8, r,
               tag, gi.comm);
  // Requester side: the stable counting sort gives every remote request its slot; the
  // index goes to its owner, already made relative to the owner's range.
  std::vector<int64_t> outgoing(size_t(nout) + 1);
  std::vector<int64_t> next(gi.to_owner.begin(), gi.to_owner.end() - 1);
  std::vector<I> rx(size_t(nout) + 1), ry(size_t(nout) + 1), sx(size_t(nself) + 1), sy(size_t(nself) + 1);
  std::vector<size_t> rseg, sseg;
  int64_t nr = 0, ns = 0, q = 0;
  for (size_t k = 0; k < gi.part_size.size(); ++k) {
    const int64_t *list = idx[k];
    for (int64_t i = 0; i < gi.part_size[k]; ++i, ++q) {
      const int o = owner[size_t(q)];
      const bool self = o == me;
      const int64_t s = next[size_t(o)];
      next[size_t(o)] = s + !self;
      outgoing[size_t(self ? nout : s)] = list[i] - distrib[o];
      rx[size_t(nr)] = I(i);
      ry[size_t(nr)] = I(s);
      nr += !self;
      sx[size_t(ns)] = I(i);
      sy[size_t(ns)] = I(list[i] - lo);
      ns += self;
    }
    rseg.push_back(size_t(nr));
    sseg.push_back(size_t(ns));
  }
  for (int r : gi.send_peers)
    msgs.isend(outgoing.data() + gi.to_owner[size_t(r)], (gi.to_owner[size_t(r) + 1] - gi.to_owner[size_t(r)]) * 8,
               r, tag, gi.comm);
  L->remote = PairList<I>(std::move(rx), std::move(ry), std::move(rseg));
  msgs.wait_all();

  // Owner side, in arrival order (one segment per source rank).
  const int64_t nin = gi.nin(), lower = gi.from_req[size_t(me)];
  std::vector<I> ox(static_cast<size_t>(nin)), oy(static_cast<size_t>(nin));
  std::vector<size_t> oseg(static_cast<size_t>(nranks));
  for (int64_t a = 0; a < nin; ++a) {
    ox[size_t(a)] = I(a);
    oy[size_t(a)] = I(incoming[size_t(a)]);
  }
  for (int r = 0; r < nranks; ++r) oseg[size_t(r)] = size_t(gi.from_req[size_t(r) + 1]);
  L->owner = PairList<I>(std::move(ox), std::move(oy), std::move(oseg));

  // Requests to this rank, split by whether a lower rank also writes the item.
  if (lower == 0 || nself == 0) {
    std::vector<size_t> none(sseg.size(), 0);
    L->self_clean = PairList<I>(std::move(sx), std::move(sy), std::move(sseg));
    L->self_conflict = PairList<I>({}, {}, std::move(none));
    return L;
  }
  std::vector<uint8_t> lower_writes(size_t(gi.dn), 0);
  for (int64_t a = 0; a < lower; ++a) lower_writes[size_t(incoming[size_t(a)])] = 1;
  std::vector<I> cx(size_t(nself) + 1), cy(size_t(nself) + 1), fx(size_t(nself) + 1), fy(size_t(nself) + 1);
  std::vector<size_t> cseg, fseg;
  int64_t nc = 0, nf = 0;
  size_t t = 0;
  for (size_t end : sseg) {
    for (; t < end; ++t) {
      const bool conflict = lower_writes[size_t(sy[t])];
      cx[size_t(nc)] = fx[size_t(nf)] = sx[t];
      cy[size_t(nc)] = fy[size_t(nf)] = sy[t];
      nc += !conflict;
      nf += conflict;
    }
    cseg.push_back(size_t(nc));
    fseg.push_back(size_t(nf));
  }
  L->self_clean = PairList<I>(std::move(cx), std::move(cy), std::move(cseg));
  L->self_conflict = PairList<I>(std::move(fx), std::move(fy), std::move(fseg));
  return L;
}

}  // namespace

Indexer *make_indexer(const int64_t *distrib, int64_t nparts, const int64_t *nidx, const int64_t *const *idx,
                      MPI_Comm user_comm) {
  int rank, nranks;
  mpi_check(MPI_Comm_rank(user_comm, &rank), "MPI_Comm_rank");
  mpi_check(MPI_Comm_size(user_comm, &nranks), "MPI_Comm_size");
  FirstFailure ck;
  if (!distrib) ck.fail_with(WEFT_NULL_POINTER, "distrib is NULL");
  if (nparts < 0) ck.fail_with(WEFT_INVALID_VALUE, "nparts " + std::to_string(nparts) + " < 0");
  if (nparts > 0 && !nidx) ck.fail_with(WEFT_NULL_POINTER, "nidx is NULL");
  if (nparts > 0 && !idx) ck.fail_with(WEFT_NULL_POINTER, "idx is NULL");
  if (ck.status == WEFT_SUCCESS) {
    if (distrib[0] != 0) ck.fail_with(WEFT_INVALID_VALUE, "distrib[0] = " + std::to_string(distrib[0]) + ", not 0");
    for (int r = 0; r < nranks; ++r)
      if (distrib[r + 1] < distrib[r])
        ck.fail_with(WEFT_INVALID_VALUE, "distrib decreases at rank " + std::to_string(r));
    for (int64_t k = 0; k < nparts; ++k) {
      if (nidx[k] < 0)
        ck.fail_with(WEFT_INVALID_VALUE, "nidx[" + std::to_string(k) + "] < 0");
      else if (nidx[k] > 0 && !idx[k])
        ck.fail_with(WEFT_NULL_POINTER, "idx[" + std::to_string(k) + "] is NULL");
    }
  }
  // Owner of every requested index; out-of-range indices are an agreed error.
  std::vector<int32_t> owner;
  std::vector<int64_t> to_owner_count(size_t(nranks), 0);
  if (ck.status == WEFT_SUCCESS) {
    const int64_t n = distrib[nranks];
    int64_t total = 0;
    for (int64_t k = 0; k < nparts; ++k) total += nidx[k];
    owner.resize(size_t(total));
    int32_t *o = owner.data();
    bool in_range = true;
    // Four counters per owner: consecutive requests to one owner (a halo) would
    // otherwise wait on each other's increment.
    std::vector<int64_t> lanes(4 * size_t(nranks), 0);
    int64_t q = 0;
    for (int64_t k = 0; k < nparts; ++k) {
      const int64_t *list = idx[k];
      for (int64_t i = 0; i < nidx[k]; ++i, ++q) {
        int64_t g = list[i];
        bool ok = g >= 0 && g < n;
        in_range &= ok;
        int r = ok ? owner_of(distrib, nranks, g) : 0;
        *o++ = r;
        ++lanes[size_t(q & 3) * size_t(nranks) + size_t(r)];
      }
    }
    for (int r = 0; r < nranks; ++r)
      to_owner_count[size_t(r)] = lanes[size_t(r)] + lanes[size_t(nranks + r)] + lanes[size_t(2 * nranks + r)] +
                                  lanes[size_t(3 * nranks + r)];
    if (!in_range)  // find the first offender for the message
      for (int64_t k = 0; k < nparts && ck.status == WEFT_SUCCESS; ++k)
        for (int64_t i = 0; i < nidx[k]; ++i)
          if (idx[k][i] < 0 || idx[k][i] >= n) {
            ck.fail_with(WEFT_INDEX_OUT_OF_BOUNDS, "idx[" + std::to_string(k) + "][" + std::to_string(i) + "] = " +
                                                       std::to_string(idx[k][i]) + " outside [0, " + std::to_string(n) +
                                                       ")");
            break;
          }
    for (int64_t c : to_owner_count)
      if (c > INT32_MAX) ck.fail_with(WEFT_OVERFLOW, "more than 2^31 requests to one rank");
  }
  // Agree on the status and on the distribution (min and max of each entry).
  std::vector<int64_t> extra(2 * size_t(nranks + 1), 0);
  for (int r = 0; r <= nranks; ++r) {
    int64_t v = ck.status == WEFT_SUCCESS ? distrib[r] : 0;
    extra[size_t(r)] = v;
    extra[size_t(nranks + 1 + r)] = -v;
  }
  agree(user_comm, ck.status, ck.msg.c_str(), extra);
  for (int r = 0; r <= nranks; ++r)
    if (extra[size_t(r)] != -extra[size_t(nranks + 1 + r)])
      fail(WEFT_INVALID_VALUE, "distrib differs between ranks (entry %d)", r);

  auto gi = std::make_unique<Indexer>();
  mpi_check(MPI_Comm_dup(user_comm, &gi->comm), "MPI_Comm_dup");
  // Errors on the private communicator come back as codes (weft statuses), never abort:
  // an exchange that every rank agreed to drop may see its messages truncated.
  mpi_check(MPI_Comm_set_errhandler(gi->comm, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
  gi->rank = rank;
  gi->nranks = nranks;
  gi->dn = distrib[rank + 1] - distrib[rank];
  gi->part_size.assign(nidx, nidx + nparts);
  gi->nreq = int64_t(owner.size());
  gi->nself = to_owner_count[size_t(rank)];
  // Counts to owners (one all-to-all), then prefixes over remote requests only.
  std::vector<int64_t> from_count(static_cast<size_t>(nranks));
  mpi_check(MPI_Alltoall(to_owner_count.data(), 1, MPI_INT64_T, from_count.data(), 1, MPI_INT64_T, gi->comm),
            "MPI_Alltoall");
  gi->to_owner.assign(size_t(nranks + 1), 0);
  gi->from_req.assign(size_t(nranks + 1), 0);
  for (int r = 0; r < nranks; ++r) {
    bool other = r != rank;
    gi->to_owner[size_t(r + 1)] = gi->to_owner[size_t(r)] + (other ? to_owner_count[size_t(r)] : 0);
    gi->from_req[size_t(r + 1)] = gi->from_req[size_t(r)] + (other ? from_count[size_t(r)] : 0);
    if (other && to_owner_count[size_t(r)] > 0) gi->send_peers.push_back(r);
    if (other && from_count[size_t(r)] > 0) gi->recv_peers.push_back(r);
  }
  // 32-bit maps when every index of them fits.
  int64_t widest = std::max({gi->dn, gi->nout(), gi->nin() + gi->nself, gi->nreq});
  for (int64_t s : gi->part_size) widest = std::max(widest, s);
  // WEFT_INDEXER_INDEX_BITS=64 forces 64-bit maps, so the tests cover them without
  // 2^31 requests.
  const char *bits = std::getenv("WEFT_INDEXER_INDEX_BITS");
  if (widest < INT32_MAX && !(bits && std::strcmp(bits, "64") == 0))
    gi->narrow = build_lists<int32_t>(*gi, distrib, idx, owner);
  else
    gi->wide = build_lists<int64_t>(*gi, distrib, idx, owner);
  return gi.release();
}

}  // namespace weft::indexer
