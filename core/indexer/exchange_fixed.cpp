// Fixed-size take and put (count units per item), blocking or split phase.
#include <memory>

#include "exchange.hpp"

namespace weft::indexer {

void agree_fixed(Indexer &gi, weft_status local, const std::string &msg, const Items &it, int64_t flag,
                 const char *flag_name) {
  std::vector<int64_t> v = {it.count, -it.count, it.usize, -it.usize, flag, -flag};
  agree(gi.comm, local, msg.c_str(), v);
  if (v[4] != -v[5]) fail(WEFT_INVALID_VALUE, "some ranks %s and others do not", flag_name);
  if (v[0] != -v[1]) fail(WEFT_INVALID_VALUE, "count differs between ranks (%lld..%lld)", (long long)v[0], (long long)-v[1]);
  if (v[2] != -v[3])
    fail(WEFT_DOMAIN_MISMATCH, "the unit type's size differs between ranks (%lld..%lld bytes)", (long long)v[2],
         (long long)-v[3]);
}

namespace {

// The checks every fixed-size exchange shares; the first failure is kept.
Check check_common(const Indexer &gi, const void *dist, int64_t count, weft_type unit, const void *const *parts,
                   Items &it) {
  Check ck;
  ck.need(count >= 0, WEFT_INVALID_VALUE, "count " + std::to_string(count) + " < 0");
  weft_status s = weft_status(WEFT_SUCCESS);
  if (ck.status == WEFT_SUCCESS) s = it.load(unit, count);
  ck.need(s == WEFT_SUCCESS, s, std::string("unit: ") + (s == WEFT_SUCCESS ? "" : weft_last_error()));
  bool moves = ck.status == WEFT_SUCCESS && it.item_bytes() > 0;
  ck.need(!(moves && gi.dn > 0 && !dist), WEFT_NULL_POINTER, "the owned buffer is NULL");
  ck.need(!(gi.part_size.size() > 0 && !parts), WEFT_NULL_POINTER, "parts is NULL");
  if (parts)
    for (size_t k = 0; k < gi.part_size.size(); ++k)
      ck.need(!(moves && gi.part_size[k] > 0 && !parts[k]), WEFT_NULL_POINTER,
              "parts[" + std::to_string(k) + "] is NULL");
  return ck;
}

// Part item q's typed address.
std::vector<char *> part_item_addresses(const Indexer &gi, void *const parts[], int64_t iext) {
  std::vector<char *> at(size_t(gi.nreq));
  for_each_request(gi, [&](int64_t q, size_t k, int64_t i) { at[size_t(q)] = static_cast<char *>(parts[k]) + i * iext; });
  return at;
}

}  // namespace

Request *take_begin(Indexer &gi, const void *dist, int64_t count, weft_type unit, void *const parts[],
                    const Check &pre) {
  Items it;
  Check ck = pre.status != WEFT_SUCCESS ? pre : check_common(gi, dist, count, unit, parts, it);
  agree_fixed(gi, ck.status, ck.msg, it, 0, "-");
  auto r = std::make_unique<Request>();
  r->gi = Ref<Indexer>(&gi);
  int64_t ib = it.item_bytes(), ie = it.item_ext();
  // Owner side: the requested items, in arrival order, to each requester.
  r->sbuf.resize(size_t(gi.nin() * ib));
  const char *d = static_cast<const char *>(dist);
  for (int64_t k = 0; k < gi.nin(); ++k) it.pack(d + gi.select[size_t(k)] * ie, it.count, r->sbuf.data() + k * ib);
  r->rbuf.resize(size_t(gi.nreq * ib));
  for (int o : gi.send_peers)
    r->msgs.irecv(r->rbuf.data() + gi.to_owner[size_t(o)] * ib, (gi.to_owner[size_t(o) + 1] - gi.to_owner[size_t(o)]) * ib,
                  o, gi.comm);
  for (int p : gi.recv_peers)
    r->msgs.isend(r->sbuf.data() + gi.from_req[size_t(p)] * ib, (gi.from_req[size_t(p) + 1] - gi.from_req[size_t(p)]) * ib,
                  p, gi.comm);
  Request *raw = r.get();
  std::vector<char *> at = part_item_addresses(gi, parts, ie);
  r->finish = [raw, it, at = std::move(at), ib]() {
    const Indexer &g = *raw->gi;
    for (int64_t q = 0; q < g.nreq; ++q) it.unpack(raw->rbuf.data() + g.slot[size_t(q)] * ib, it.count, at[size_t(q)]);
  };
  return r.release();
}

Request *put_begin(Indexer &gi, const void *const parts[], int64_t count, weft_type unit, weft_monoid reduce,
                   void *dist, const Check &pre) {
  Items it;
  Check ck = pre.status != WEFT_SUCCESS ? pre : check_common(gi, dist, count, unit, parts, it);
  weft_binary_op op = nullptr;
  if (reduce && ck.status == WEFT_SUCCESS) {
    bool ok = false;
    weft_status s = weft_monoid_accepts(reduce, unit, &ok);
    ck.need(s == WEFT_SUCCESS, s, std::string("reduce: ") + (s == WEFT_SUCCESS ? "" : weft_last_error()));
    ck.need(s != WEFT_SUCCESS || ok, WEFT_DOMAIN_MISMATCH, "the monoid's domain is not the unit type");
    if (ck.status == WEFT_SUCCESS) weft_monoid_operator(reduce, &op);
  }
  agree_fixed(gi, ck.status, ck.msg, it, reduce ? 1 : 0, "reduce");
  auto r = std::make_unique<Request>();
  r->gi = Ref<Indexer>(&gi);
  int64_t ib = it.item_bytes(), ie = it.item_ext();
  // Requester side: part items in owner-sorted order.
  r->sbuf.resize(size_t(gi.nreq * ib));
  for_each_request(gi, [&](int64_t q, size_t k, int64_t i) {
    it.pack(static_cast<const char *>(parts[k]) + i * ie, it.count, r->sbuf.data() + gi.slot[size_t(q)] * ib);
  });
  r->rbuf.resize(size_t(gi.nin() * ib));
  for (int p : gi.recv_peers)
    r->msgs.irecv(r->rbuf.data() + gi.from_req[size_t(p)] * ib, (gi.from_req[size_t(p) + 1] - gi.from_req[size_t(p)]) * ib,
                  p, gi.comm);
  for (int o : gi.send_peers)
    r->msgs.isend(r->sbuf.data() + gi.to_owner[size_t(o)] * ib, (gi.to_owner[size_t(o) + 1] - gi.to_owner[size_t(o)]) * ib,
                  o, gi.comm);
  Request *raw = r.get();
  char *d = static_cast<char *>(dist);
  r->finish = [raw, it, d, op, ib, ie]() {
    const Indexer &g = *raw->gi;
    if (!op) {  // arrival order: the last writer wins
      for (int64_t k = 0; k < g.nin(); ++k) it.unpack(raw->rbuf.data() + k * ib, it.count, d + g.select[size_t(k)] * ie);
      return;
    }
    // dist[j] = dist[j] op v, unit by unit, in arrival order. A non-contiguous unit is
    // first unpacked into a scratch unit.
    std::vector<char> scratch(size_t(it.text > 0 ? it.text : 1));
    char *sbase = scratch.data() - it.tlb;
    for (int64_t k = 0; k < g.nin(); ++k) {
      char *item = d + g.select[size_t(k)] * ie;
      const char *in = raw->rbuf.data() + k * ib;
      for (int64_t u = 0; u < it.count; ++u) {
        const char *src = in + u * it.usize - it.tlb;
        if (!it.contiguous) {
          it.unpack(in + u * it.usize, 1, sbase);
          src = sbase;
        }
        op(item + u * it.uext, item + u * it.uext, src);
      }
    }
  };
  return r.release();
}

void wait(Request *r) {
  std::unique_ptr<Request, void (*)(Request *)> hold(r, [](Request *p) { release(p); });
  r->msgs.wait_all();
  r->finish();
}

}  // namespace weft::indexer
