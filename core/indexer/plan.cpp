// Building the plan: validation agreed by every rank, owner search, stable counting
// sort by owner, one all-to-all of counts, indices sent only to their owners.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include "../support/error.hpp"
#include "indexer.hpp"
#include "mpi_calls.hpp"

namespace weft::indexer {

void agree(MPI_Comm comm, weft_status local, const char *local_msg, std::vector<int64_t> &extra) {
  extra.insert(extra.begin(), int64_t(local));
  std::vector<int64_t> out(extra.size());
  mpi_check(MPI_Allreduce(extra.data(), out.data(), int(extra.size()), MPI_INT64_T, MPI_MIN, comm), "MPI_Allreduce");
  weft_status agreed = weft_status(out[0]);
  out.erase(out.begin());
  extra = std::move(out);
  if (agreed == WEFT_SUCCESS) return;
  if (local != WEFT_SUCCESS) fail(agreed, "%s", local_msg);
  fail(agreed, "another rank's call failed (%s); nothing was exchanged", weft_status_name(agreed));
}

namespace {
// Local argument checks; the first failure is reported.
struct LocalCheck {
  weft_status status = WEFT_SUCCESS;
  std::string msg;
  void fail_with(weft_status s, std::string m) {
    if (status == WEFT_SUCCESS) {
      status = s;
      msg = std::move(m);
    }
  }
};
}  // namespace

// Builds select_runs and self_runs, keeping each only if its runs average >= 4 items;
// stops early (without a big allocation) once that cannot happen.
static void find_runs(Indexer &gi) {
  auto grow = [](std::vector<Indexer::Run> &v, int64_t k, int64_t i, int64_t j, int64_t a, int64_t limit) {
    Indexer::Run &b = v.empty() ? v.emplace_back(Indexer::Run{k, i, j, a, 0}) : v.back();
    if (b.len > 0 && !(b.k == k && b.i + b.len == i && b.j + b.len == j && b.a + b.len == a)) {
      if (int64_t(v.size()) >= limit) return false;
      v.push_back({k, i, j, a, 0});
    }
    ++v.back().len;
    return true;
  };
  int64_t n = gi.nin();
  bool ok = n > 0;
  for (int64_t k = 0; k < n && ok; ++k) ok = grow(gi.select_runs, 0, k, gi.select[size_t(k)], k, n / 4);
  gi.has_select_runs = ok;
  if (!ok) std::vector<Indexer::Run>().swap(gi.select_runs);
  int64_t nself = gi.self_hi() - gi.self_lo();
  ok = nself > 0;
  gi.for_each_self_run([&](const Indexer::Run &r) {
    if (ok) ok = grow(gi.self_runs, r.k, r.i, r.j, r.a, nself / 4);
  });
  gi.has_self_runs = ok;
  if (!ok) std::vector<Indexer::Run>().swap(gi.self_runs);
}

Indexer *make_indexer(const int64_t *distrib, int64_t nparts, const int64_t *nidx, const int64_t *const *idx,
                      MPI_Comm user_comm) {
  int rank, nranks;
  mpi_check(MPI_Comm_rank(user_comm, &rank), "MPI_Comm_rank");
  mpi_check(MPI_Comm_size(user_comm, &nranks), "MPI_Comm_size");
  LocalCheck ck;
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
      if (nidx[k] < 0) ck.fail_with(WEFT_INVALID_VALUE, "nidx[" + std::to_string(k) + "] < 0");
      else if (nidx[k] > 0 && !idx[k]) ck.fail_with(WEFT_NULL_POINTER, "idx[" + std::to_string(k) + "] is NULL");
    }
  }
  // Owner of every requested index; out-of-range indices are an agreed error.
  int64_t n = ck.status == WEFT_SUCCESS ? distrib[nranks] : 0;
  std::vector<int> owner;
  if (ck.status == WEFT_SUCCESS) {
    int64_t total = 0;
    for (int64_t k = 0; k < nparts; ++k) total += nidx[k] > 0 ? nidx[k] : 0;
    owner.reserve(size_t(total));
  }
  std::vector<int64_t> to_owner_count(size_t(nranks), 0);
  if (ck.status == WEFT_SUCCESS) {
    for (int64_t k = 0; k < nparts; ++k)
      for (int64_t i = 0; i < nidx[k]; ++i) {
        int64_t g = idx[k][i];
        if (g < 0 || g >= n) {
          ck.fail_with(WEFT_INDEX_OUT_OF_BOUNDS, "idx[" + std::to_string(k) + "][" + std::to_string(i) + "] = " +
                                                     std::to_string(g) + " outside [0, " + std::to_string(n) + ")");
          owner.push_back(0);
          continue;
        }
        // upper_bound - 1 skips empty ranks.
        int o = int(std::upper_bound(distrib, distrib + nranks + 1, g) - distrib) - 1;
        owner.push_back(o);
        ++to_owner_count[size_t(o)];
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
  gi->rank = rank;
  gi->nranks = nranks;
  gi->dn = distrib[rank + 1] - distrib[rank];
  gi->part_size.assign(nidx, nidx + nparts);
  // Stable counting sort by owner.
  gi->to_owner.assign(size_t(nranks + 1), 0);
  for (int r = 0; r < nranks; ++r) gi->to_owner[size_t(r + 1)] = gi->to_owner[size_t(r)] + to_owner_count[size_t(r)];
  gi->nreq = gi->to_owner.back();
  gi->slot.resize(size_t(gi->nreq));
  std::vector<int64_t> next(gi->to_owner.begin(), gi->to_owner.end() - 1);
  std::vector<int64_t> sorted(size_t(gi->nreq));
  int64_t q = 0;
  for (int64_t k = 0; k < nparts; ++k)
    for (int64_t i = 0; i < nidx[k]; ++i, ++q) {
      int64_t s = next[size_t(owner[size_t(q)])]++;
      gi->slot[size_t(q)] = s;
      sorted[size_t(s)] = idx[k][i];
    }
  for (int r = 0; r < nranks; ++r)
    if (to_owner_count[size_t(r)] > 0 && r != rank) gi->send_peers.push_back(r);
  // Counts to owners, then the indices themselves to the owners that hold them.
  std::vector<int64_t> from_count(static_cast<size_t>(nranks));
  mpi_check(MPI_Alltoall(to_owner_count.data(), 1, MPI_INT64_T, from_count.data(), 1, MPI_INT64_T, gi->comm),
            "MPI_Alltoall");
  gi->from_req.assign(size_t(nranks + 1), 0);
  for (int r = 0; r < nranks; ++r) {
    gi->from_req[size_t(r + 1)] = gi->from_req[size_t(r)] + from_count[size_t(r)];
    if (from_count[size_t(r)] > 0 && r != rank) gi->recv_peers.push_back(r);
  }
  gi->select.resize(size_t(gi->nin()));
  Requests reqs;
  for (int r : gi->recv_peers)
    reqs.irecv(gi->select.data() + gi->from_req[size_t(r)], from_count[size_t(r)] * 8, r, gi->comm);
  for (int r : gi->send_peers)
    reqs.isend(sorted.data() + gi->to_owner[size_t(r)], to_owner_count[size_t(r)] * 8, r, gi->comm);
  // This rank's requests to itself are already here, in the same order.
  std::copy(sorted.begin() + gi->to_owner[size_t(rank)], sorted.begin() + gi->to_owner[size_t(rank) + 1],
            gi->select.begin() + gi->from_req[size_t(rank)]);
  reqs.wait_all();
  for (int64_t &g : gi->select) g -= distrib[rank];
  // Runs (see indexer.hpp), kept only where they are long on average.
  find_runs(*gi);
  registry_add(gi.get());
  return gi.release();
}

}  // namespace weft::indexer
