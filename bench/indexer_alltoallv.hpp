// indexer_alltoallv.hpp — the hand-written baseline for the global-indexer benchmark:
// Maia's GlobalIndexer protocol written directly on MPI_Alltoallv (reference
// global_indexer.md §1.8).
//
//   plan:  owner binary search, stable counting sort by owner, MPI_Alltoall of counts,
//          MPI_Alltoallv of the global indices (sent once), local -= distrib[rank];
//   take:  pack dist[served[k]], one MPI_Alltoallv of values, part[perm[k]] = recv[k];
//   put:   pack part[perm[k]], one MPI_Alltoallv of values, then dist[served[k]] = or +=
//          recv[k] in receive order (= increasing source rank, then position in the
//          source's list: the same arrival order as weft's, so "last writer wins" agrees).
//
// Values are doubles; an item is `c` consecutive doubles and travels as one element of
// the caller's `unit` datatype (MPI_DOUBLE for c = 1, a contiguous type otherwise). The
// staging buffers are allocated once with the plan, as a hand-written code would.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace ibench {

struct A2APlan {
  MPI_Comm comm = MPI_COMM_NULL;
  int nranks = 0, rank = 0;
  int64_t dist_size = 0;
  std::vector<int> scount, sdispl;  // requests this rank sends, per owner (items)
  std::vector<int> rcount, rdispl;  // requests this rank serves, per requester (items)
  std::vector<int64_t> perm;        // send slot -> position in this rank's index list
  std::vector<int64_t> served;      // local dist index of each served request
  std::vector<double> part_buf;     // perm.size() * c
  std::vector<double> dist_buf;     // served.size() * c
};

inline void a2a_check(int rc, const char *what) {
  if (rc != MPI_SUCCESS) {
    std::fprintf(stderr, "alltoallv baseline: %s failed (%d)\n", what, rc);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

inline void a2a_build(A2APlan &p, const std::vector<int64_t> &distrib, const std::vector<int64_t> &idx, int c,
                      MPI_Comm comm) {
  p.comm = comm;
  MPI_Comm_size(comm, &p.nranks);
  MPI_Comm_rank(comm, &p.rank);
  const int P = p.nranks;
  const int64_t m = static_cast<int64_t>(idx.size());
  p.dist_size = distrib[p.rank + 1] - distrib[p.rank];

  // Owner search: the last r with distrib[r] <= g (empty ranks are skipped).
  std::vector<int> owner(static_cast<size_t>(m));
  p.scount.assign(P, 0);
  for (int64_t i = 0; i < m; ++i) {
    const int o = static_cast<int>(std::upper_bound(distrib.begin(), distrib.end(), idx[i]) - distrib.begin()) - 1;
    owner[i] = o;
    ++p.scount[o];
  }
  p.sdispl.assign(P, 0);
  for (int r = 1; r < P; ++r) p.sdispl[r] = p.sdispl[r - 1] + p.scount[r - 1];

  // Stable counting sort by owner.
  std::vector<int> pos(p.sdispl);
  p.perm.resize(static_cast<size_t>(m));
  std::vector<int64_t> sendidx(static_cast<size_t>(m));
  for (int64_t i = 0; i < m; ++i) {
    const int slot = pos[owner[i]]++;
    p.perm[slot] = i;
    sendidx[slot] = idx[i];
  }

  p.rcount.assign(P, 0);
  a2a_check(MPI_Alltoall(p.scount.data(), 1, MPI_INT, p.rcount.data(), 1, MPI_INT, comm), "MPI_Alltoall");
  p.rdispl.assign(P, 0);
  for (int r = 1; r < P; ++r) p.rdispl[r] = p.rdispl[r - 1] + p.rcount[r - 1];
  const int64_t nserved = P ? static_cast<int64_t>(p.rdispl[P - 1]) + p.rcount[P - 1] : 0;
  p.served.resize(static_cast<size_t>(nserved));
  a2a_check(MPI_Alltoallv(sendidx.data(), p.scount.data(), p.sdispl.data(), MPI_INT64_T, p.served.data(),
                          p.rcount.data(), p.rdispl.data(), MPI_INT64_T, comm),
            "MPI_Alltoallv(indices)");
  const int64_t lo = distrib[p.rank];
  for (auto &g : p.served) g -= lo;

  p.part_buf.resize(static_cast<size_t>(m) * c);
  p.dist_buf.resize(static_cast<size_t>(nserved) * c);
}

inline void a2a_free(A2APlan &p) { p = A2APlan(); }

// part[i] = dist[idx[i]].
inline void a2a_take(A2APlan &p, const double *dist, int c, MPI_Datatype unit, double *part) {
  const size_t ns = p.served.size(), np = p.perm.size();
  double *db = p.dist_buf.data(), *pb = p.part_buf.data();
  if (c == 1) {
    for (size_t k = 0; k < ns; ++k) db[k] = dist[p.served[k]];
  } else {
    for (size_t k = 0; k < ns; ++k)
      for (int t = 0; t < c; ++t) db[k * c + t] = dist[p.served[k] * c + t];
  }
  a2a_check(MPI_Alltoallv(db, p.rcount.data(), p.rdispl.data(), unit, pb, p.scount.data(), p.sdispl.data(), unit,
                          p.comm),
            "MPI_Alltoallv(take)");
  if (c == 1) {
    for (size_t k = 0; k < np; ++k) part[p.perm[k]] = pb[k];
  } else {
    for (size_t k = 0; k < np; ++k)
      for (int t = 0; t < c; ++t) part[p.perm[k] * c + t] = pb[k * c + t];
  }
}

// dist[idx[i]] = part[i] (sum: +=), in arrival order.
inline void a2a_put(A2APlan &p, const double *part, int c, MPI_Datatype unit, bool sum, double *dist) {
  const size_t ns = p.served.size(), np = p.perm.size();
  double *db = p.dist_buf.data(), *pb = p.part_buf.data();
  if (c == 1) {
    for (size_t k = 0; k < np; ++k) pb[k] = part[p.perm[k]];
  } else {
    for (size_t k = 0; k < np; ++k)
      for (int t = 0; t < c; ++t) pb[k * c + t] = part[p.perm[k] * c + t];
  }
  a2a_check(MPI_Alltoallv(pb, p.scount.data(), p.sdispl.data(), unit, db, p.rcount.data(), p.rdispl.data(), unit,
                          p.comm),
            "MPI_Alltoallv(put)");
  if (sum) {
    if (c == 1) {
      for (size_t k = 0; k < ns; ++k) dist[p.served[k]] += db[k];
    } else {
      for (size_t k = 0; k < ns; ++k)
        for (int t = 0; t < c; ++t) dist[p.served[k] * c + t] += db[k * c + t];
    }
  } else {
    if (c == 1) {
      for (size_t k = 0; k < ns; ++k) dist[p.served[k]] = db[k];
    } else {
      for (size_t k = 0; k < ns; ++k)
        for (int t = 0; t < c; ++t) dist[p.served[k] * c + t] = db[k * c + t];
    }
  }
}

}  // namespace ibench
