// Variable-size exchanges: take_v and put_v. Two rounds: the counts of the items, then
// their values (whose sizes the counts give).
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "exchange.hpp"

namespace weft::indexer {

namespace {

// Sends and receives one int64 per request: from owners (arrival order) to requesters
// (slot order) when `to_requesters`, else the other way.
void exchange_counts(Indexer &gi, const std::vector<int64_t> &out, std::vector<int64_t> &in, bool to_requesters) {
  Requests m;
  const std::vector<int> &src = to_requesters ? gi.send_peers : gi.recv_peers;
  const std::vector<int> &dst = to_requesters ? gi.recv_peers : gi.send_peers;
  const std::vector<int64_t> &in_pre = to_requesters ? gi.to_owner : gi.from_req;
  const std::vector<int64_t> &out_pre = to_requesters ? gi.from_req : gi.to_owner;
  for (int r : src) m.irecv(in.data() + in_pre[size_t(r)], (in_pre[size_t(r) + 1] - in_pre[size_t(r)]) * 8, r, gi.comm);
  for (int r : dst) m.isend(out.data() + out_pre[size_t(r)], (out_pre[size_t(r) + 1] - out_pre[size_t(r)]) * 8, r, gi.comm);
  // This rank's own requests never go through MPI.
  size_t me = size_t(gi.rank);
  std::copy(out.begin() + out_pre[me], out.begin() + out_pre[me + 1], in.begin() + in_pre[me]);
  m.wait_all();
}

// Byte offsets of n consecutive blocks of counts[i] units.
std::vector<int64_t> byte_offsets(const std::vector<int64_t> &counts, int64_t usize) {
  std::vector<int64_t> off(counts.size() + 1, 0);
  for (size_t i = 0; i < counts.size(); ++i) off[i + 1] = off[i] + counts[i] * usize;
  return off;
}

// Sends blocks [pre[r], pre[r+1]) of `sbuf` (byte offsets `soff`) to each peer in dst,
// and receives into rbuf (byte offsets `roff`, ranges `rpre`) from each peer in src.
void exchange_values(Indexer &gi, const std::vector<int> &dst, const std::vector<int64_t> &spre,
                     const std::vector<int64_t> &soff, const char *sbuf, const std::vector<int> &src,
                     const std::vector<int64_t> &rpre, const std::vector<int64_t> &roff, char *rbuf) {
  Requests m;
  for (int r : src) {
    int64_t a = roff[size_t(rpre[size_t(r)])], b = roff[size_t(rpre[size_t(r) + 1])];
    m.irecv(rbuf + a, b - a, r, gi.comm);
  }
  for (int r : dst) {
    int64_t a = soff[size_t(spre[size_t(r)])], b = soff[size_t(spre[size_t(r) + 1])];
    m.isend(sbuf + a, b - a, r, gi.comm);
  }
  size_t me = size_t(gi.rank);
  int64_t a = soff[size_t(spre[me])], b = soff[size_t(spre[me + 1])];
  if (b > a) std::memcpy(rbuf + roff[size_t(rpre[me])], sbuf + a, size_t(b - a));
  m.wait_all();
}

void *allocate(int64_t bytes) {
  void *p = std::malloc(size_t(bytes > 0 ? bytes : 1));
  if (!p) throw std::bad_alloc();
  return p;
}

// Units whose data lie in [0, extent) can be laid out in a buffer weft allocates.
bool fits_allocation(const Items &it) { return it.tlb >= 0 && it.tlb + it.text <= it.uext; }

}  // namespace

void take_v(Indexer &gi, const int64_t *dist_counts, const void *dist_values, weft_type unit,
            int64_t *const part_counts[], void *const part_values[], const int64_t *part_capacity,
            int64_t *alloc_counts[], void *alloc_values[], const Check &pre) {
  Items it;
  Check ck = pre;
  weft_status s = it.load(unit, 1);
  ck.need(s == WEFT_SUCCESS, s, std::string("unit: ") + (s == WEFT_SUCCESS ? "" : weft_last_error()));
  ck.need(!(gi.dn > 0 && !dist_counts), WEFT_NULL_POINTER, "dist_counts is NULL");
  int64_t total = 0;
  if (dist_counts)
    for (int64_t j = 0; j < gi.dn; ++j) {
      ck.need(dist_counts[j] >= 0, WEFT_INVALID_VALUE, "dist_counts[" + std::to_string(j) + "] < 0");
      total += dist_counts[j] > 0 ? dist_counts[j] : 0;
    }
  ck.need(!(total > 0 && it.usize > 0 && !dist_values), WEFT_NULL_POINTER, "dist_values is NULL");
  bool alloc = alloc_counts != nullptr;
  size_t np = gi.part_size.size();
  if (alloc) {
    ck.need(!(np > 0 && !alloc_values), WEFT_NULL_POINTER, "part_values is NULL");
    ck.need(s != WEFT_SUCCESS || fits_allocation(it), WEFT_INVALID_VALUE,
            "the unit's data must lie within [0, extent) for weft to allocate the output");
  } else {
    ck.need(!(np > 0 && (!part_counts || !part_values || !part_capacity)), WEFT_NULL_POINTER,
            "part_counts, part_values or part_capacity is NULL");
    if (part_counts && part_values)
      for (size_t k = 0; k < np; ++k)
        ck.need(!(gi.part_size[k] > 0 && !part_counts[k]), WEFT_NULL_POINTER, "part_counts[" + std::to_string(k) + "] is NULL");
  }
  agree_fixed(gi, ck.status, ck.msg, it, 0, "-");

  // Round 1: the count of each requested item.
  std::vector<int64_t> dist_off(size_t(gi.dn) + 1, 0);
  for (int64_t j = 0; j < gi.dn; ++j) dist_off[size_t(j + 1)] = dist_off[size_t(j)] + dist_counts[j];
  std::vector<int64_t> out_counts(size_t(gi.nin())), in_counts(size_t(gi.nreq));
  for (int64_t k = 0; k < gi.nin(); ++k) out_counts[size_t(k)] = dist_counts[gi.select[size_t(k)]];
  exchange_counts(gi, out_counts, in_counts, true);

  // Round 2: the values, packed in arrival order at the owner.
  std::vector<int64_t> soff = byte_offsets(out_counts, it.usize), roff = byte_offsets(in_counts, it.usize);
  std::vector<char> sbuf(size_t(soff.back())), rbuf(size_t(roff.back()));
  const char *dv = static_cast<const char *>(dist_values);
  for (int64_t k = 0; k < gi.nin(); ++k)
    it.pack(dv + dist_off[size_t(gi.select[size_t(k)])] * it.uext, out_counts[size_t(k)], sbuf.data() + soff[size_t(k)]);
  exchange_values(gi, gi.recv_peers, gi.from_req, soff, sbuf.data(), gi.send_peers, gi.to_owner, roff, rbuf.data());

  // Per part: counts, units needed, then the values.
  std::vector<int64_t> need(np, 0);
  for_each_request(gi, [&](int64_t q, size_t k, int64_t) { need[k] += in_counts[size_t(gi.slot[size_t(q)])]; });
  std::vector<int64_t *> counts_out(np);
  std::vector<char *> values_out(np);
  if (alloc) {
    for (size_t k = 0; k < np; ++k) {
      counts_out[k] = static_cast<int64_t *>(allocate(gi.part_size[k] * 8));
      values_out[k] = static_cast<char *>(allocate(need[k] * it.uext));
      alloc_counts[k] = counts_out[k];
      alloc_values[k] = values_out[k];
    }
  } else {
    for (size_t k = 0; k < np; ++k) {
      counts_out[k] = part_counts[k];
      values_out[k] = static_cast<char *>(part_values[k]);
    }
  }
  for_each_request(gi, [&](int64_t q, size_t k, int64_t i) { counts_out[k][i] = in_counts[size_t(gi.slot[size_t(q)])]; });
  if (!alloc) {
    for (size_t k = 0; k < np; ++k)
      if (need[k] > part_capacity[k])
        fail(WEFT_INSUFFICIENT_SPACE, "part %zu needs %lld units, capacity is %lld (counts were written)", k,
             (long long)need[k], (long long)part_capacity[k]);
    for (size_t k = 0; k < np; ++k)
      if (need[k] > 0 && !values_out[k]) fail(WEFT_NULL_POINTER, "part_values[%zu] is NULL", k);
  }
  std::vector<int64_t> cursor(np, 0);
  for_each_request(gi, [&](int64_t q, size_t k, int64_t) {
    int64_t s2 = gi.slot[size_t(q)], c = in_counts[size_t(s2)];
    it.unpack(rbuf.data() + roff[size_t(s2)], c, values_out[k] + cursor[k] * it.uext);
    cursor[k] += c;
  });
}

void put_v(Indexer &gi, const int64_t *const part_counts[], const void *const part_values[], weft_type unit,
           bool extend, const int64_t *init_counts, const void *init_values, int64_t **dist_counts,
           void **dist_values) {
  Items it;
  Check ck;
  weft_status s = it.load(unit, 1);
  ck.need(s == WEFT_SUCCESS, s, std::string("unit: ") + (s == WEFT_SUCCESS ? "" : weft_last_error()));
  ck.need(s != WEFT_SUCCESS || fits_allocation(it), WEFT_INVALID_VALUE,
          "the unit's data must lie within [0, extent) for weft to allocate the output");
  ck.need(dist_counts && dist_values, WEFT_NULL_POINTER, "dist_counts or dist_values is NULL");
  size_t np = gi.part_size.size();
  ck.need(!(np > 0 && (!part_counts || !part_values)), WEFT_NULL_POINTER, "part_counts or part_values is NULL");
  std::vector<int64_t> send_counts(size_t(gi.nreq), 0);
  if (part_counts)
    for_each_request(gi, [&](int64_t q, size_t k, int64_t i) {
      if (!part_counts[k]) {
        ck.need(false, WEFT_NULL_POINTER, "part_counts[" + std::to_string(k) + "] is NULL");
        return;
      }
      ck.need(part_counts[k][i] >= 0, WEFT_INVALID_VALUE, "a part count is negative");
      send_counts[size_t(gi.slot[size_t(q)])] = part_counts[k][i];
    });
  int64_t init_total = 0;
  if (init_counts)
    for (int64_t j = 0; j < gi.dn; ++j) {
      ck.need(init_counts[j] >= 0, WEFT_INVALID_VALUE, "an initial count is negative");
      init_total += init_counts[j] > 0 ? init_counts[j] : 0;
    }
  ck.need(!(init_total > 0 && it.usize > 0 && !init_values), WEFT_NULL_POINTER,
          "init_values is NULL but init_counts are not all 0");
  ck.need(!(init_values && !init_counts && gi.dn > 0), WEFT_NULL_POINTER, "init_values given without init_counts");
  agree_fixed(gi, ck.status, ck.msg, it, extend ? 1 : 0, "extend");

  // Round 1: counts, requester (slot order) -> owner (arrival order).
  std::vector<int64_t> in_counts(size_t(gi.nin()));
  exchange_counts(gi, send_counts, in_counts, false);
  // Round 2: values packed in slot order.
  std::vector<int64_t> soff = byte_offsets(send_counts, it.usize), roff = byte_offsets(in_counts, it.usize);
  std::vector<char> sbuf(size_t(soff.back())), rbuf(size_t(roff.back()));
  std::vector<int64_t> part_cursor(np, 0);
  for_each_request(gi, [&](int64_t q, size_t k, int64_t i) {
    int64_t c = part_counts[k][i];
    it.pack(static_cast<const char *>(part_values[k]) + part_cursor[k] * it.uext, c,
            sbuf.data() + soff[size_t(gi.slot[size_t(q)])]);
    part_cursor[k] += c;
  });
  exchange_values(gi, gi.send_peers, gi.to_owner, soff, sbuf.data(), gi.recv_peers, gi.from_req, roff, rbuf.data());

  // The owned items: the last arriving block wins, or all blocks are concatenated after
  // the initial one.
  int64_t dn = gi.dn;
  std::vector<int64_t> init_off(size_t(dn) + 1, 0), out_count(size_t(dn), 0), last(size_t(dn), -1);
  for (int64_t j = 0; j < dn; ++j) init_off[size_t(j + 1)] = init_off[size_t(j)] + (init_counts ? init_counts[j] : 0);
  for (int64_t j = 0; j < dn; ++j) out_count[size_t(j)] = init_counts ? init_counts[j] : 0;
  for (int64_t k = 0; k < gi.nin(); ++k) {
    int64_t j = gi.select[size_t(k)];
    if (extend)
      out_count[size_t(j)] += in_counts[size_t(k)];
    else {
      last[size_t(j)] = k;
      out_count[size_t(j)] = in_counts[size_t(k)];
    }
  }
  std::vector<int64_t> out_off(size_t(dn) + 1, 0);
  for (int64_t j = 0; j < dn; ++j) out_off[size_t(j + 1)] = out_off[size_t(j)] + out_count[size_t(j)];
  auto *counts = static_cast<int64_t *>(allocate(dn * 8));
  char *values = static_cast<char *>(allocate(out_off.back() * it.uext));
  const char *iv = static_cast<const char *>(init_values);
  std::vector<int64_t> cursor(out_off.begin(), out_off.end() - 1);
  for (int64_t j = 0; j < dn; ++j) {
    counts[j] = out_count[size_t(j)];
    bool keep_init = extend || last[size_t(j)] < 0;
    if (keep_init && init_counts && init_counts[j] > 0) {
      it.copy_typed(iv + init_off[size_t(j)] * it.uext, init_counts[j], values + cursor[size_t(j)] * it.uext);
      cursor[size_t(j)] += init_counts[j];
    }
  }
  for (int64_t k = 0; k < gi.nin(); ++k) {
    int64_t j = gi.select[size_t(k)];
    if (!extend && last[size_t(j)] != k) continue;
    int64_t c = in_counts[size_t(k)];
    it.unpack(rbuf.data() + roff[size_t(k)], c, values + cursor[size_t(j)] * it.uext);
    cursor[size_t(j)] += c;
  }
  *dist_counts = counts;
  *dist_values = values;
}

}  // namespace weft::indexer
