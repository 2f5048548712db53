// Fixed-size take and put (count units per item), blocking or split phase.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "../algebra/binary_ops.hpp"
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

// The parts' base addresses (one per part).
std::vector<char *> part_bases(const Indexer &gi, const void *const parts[]) {
  std::vector<char *> b(gi.part_size.size());
  for (size_t k = 0; k < b.size(); ++k) b[k] = static_cast<char *>(const_cast<void *>(parts[k]));
  return b;
}

// Reduces every arriving item into dist along the select runs: dist item j op= arriving
// item k, n elements of T per item, with typed loops (no call per element).
using BulkOp = void (*)(const Indexer &gi, char *dist, const char *rb, int64_t ib, int64_t ie);

template <class T, class Op>
void reduce_runs(const Indexer &gi, char *dist, const char *rb, int64_t ib, int64_t ie) {
  int64_t n = ib / int64_t(sizeof(T));
  gi.for_each_select_run([&](const Indexer::Run &r) {
    if (ie == ib)  // whole run at once
      ops::apply_n<T, Op>(dist + r.j * ie, rb + r.a * ib, r.len * n);
    else
      for (int64_t t = 0; t < r.len; ++t) ops::apply_n<T, Op>(dist + (r.j + t) * ie, rb + (r.a + t) * ib, n);
  });
}

// The typed reducer of a predefined monoid, or null.
BulkOp bulk_op(weft_monoid m) {
#define WEFT_BULK_(op, type) \
  if (m == WEFT_##op##_MONOID_##type) return &reduce_runs<ops::type##_t::T, ops::op##_op>;
  WEFT_PREDEFINED_MONOIDS(WEFT_BULK_)
#undef WEFT_BULK_
  return nullptr;
}

// Items are laid out back to back, packed bytes = typed bytes: runs move by memcpy.
bool dense(const Items &it) { return it.contiguous && it.tlb == 0 && it.item_ext() == it.item_bytes(); }

void post(Request &r, const Indexer &gi, const std::vector<int> &recv_from, const std::vector<int64_t> &rpre,
          const std::vector<int> &send_to, const std::vector<int64_t> &spre, int64_t ib) {
  for (int p : recv_from)
    r.msgs.irecv(r.rbuf.p.get() + rpre[size_t(p)] * ib, (rpre[size_t(p) + 1] - rpre[size_t(p)]) * ib, p, gi.comm);
  for (int p : send_to)
    r.msgs.isend(r.sbuf.p.get() + spre[size_t(p)] * ib, (spre[size_t(p) + 1] - spre[size_t(p)]) * ib, p, gi.comm);
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
  const char *d = static_cast<const char *>(dist);
  r->sbuf = gi.take_buffer(gi.nin() * ib);
  r->rbuf = gi.take_buffer(gi.nreq * ib);
  // Owner side: the items other ranks asked for, in arrival order (the self range is
  // skipped: it is copied directly below).
  int64_t self_a = gi.self_in(), self_b = gi.self_in() + gi.self_hi() - gi.self_lo();
  bool fast = dense(it);
  gi.for_each_select_run([&](const Indexer::Run &run) {
    for (int64_t a = run.a, e = run.a + run.len; a < e;) {
      int64_t stop = a < self_a ? std::min(e, self_a) : e;
      if (a >= self_a && a < self_b) {
        a = std::min(e, self_b);
        continue;
      }
      int64_t j = run.j + (a - run.a);
      if (fast)
        Items::copy(r->sbuf.p.get() + a * ib, d + j * ie, (stop - a) * ib);
      else
        for (int64_t t = 0; t < stop - a; ++t) it.pack(d + (j + t) * ie, it.count, r->sbuf.p.get() + (a + t) * ib);
      a = stop;
    }
  });
  post(*r, gi, gi.send_peers, gi.to_owner, gi.recv_peers, gi.from_req, ib);
  // What this rank asked of itself goes straight from dist to the parts, now (dist may
  // be reused as soon as begin returns).
  std::vector<char *> base = part_bases(gi, parts);
  int64_t lo = gi.self_lo(), hi = gi.self_hi();
  gi.for_each_self_run([&](const Indexer::Run &run) {
    if (fast) {
      Items::copy(base[size_t(run.k)] + run.i * ie, d + run.j * ie, run.len * ib);
      return;
    }
    for (int64_t t = 0; t < run.len; ++t)
      it.copy_typed(d + (run.j + t) * ie, it.count, base[size_t(run.k)] + (run.i + t) * ie);
  });
  Request *raw = r.get();
  r->finish = [raw, it, base = std::move(base), ib, ie, lo, hi]() {
    const Indexer &g = *raw->gi;
    const char *rb = raw->rbuf.p.get();
    for_each_request(g, [&](int64_t q, size_t k, int64_t i) {
      int64_t s = g.slot[size_t(q)];
      if (s < lo || s >= hi) it.unpack(rb + s * ib, it.count, base[k] + i * ie);
    });
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
  r->sbuf = gi.take_buffer(gi.nreq * ib);
  r->rbuf = gi.take_buffer(gi.nin() * ib);
  // Requester side: part items in owner-sorted order; those for this rank go straight to
  // their arrival position in the receive buffer.
  int64_t lo = gi.self_lo(), hi = gi.self_hi();
  bool fast = dense(it);
  for_each_request(gi, [&](int64_t q, size_t k, int64_t i) {
    int64_t s = gi.slot[size_t(q)];
    if (s < lo || s >= hi) it.pack(static_cast<const char *>(parts[k]) + i * ie, it.count, r->sbuf.p.get() + s * ib);
  });
  gi.for_each_self_run([&](const Indexer::Run &run) {
    const char *from = static_cast<const char *>(parts[run.k]) + run.i * ie;
    if (fast)
      Items::copy(r->rbuf.p.get() + run.a * ib, from, run.len * ib);
    else
      for (int64_t t = 0; t < run.len; ++t) it.pack(from + t * ie, it.count, r->rbuf.p.get() + (run.a + t) * ib);
  });
  post(*r, gi, gi.recv_peers, gi.from_req, gi.send_peers, gi.to_owner, ib);
  Request *raw = r.get();
  char *d = static_cast<char *>(dist);
  // A predefined monoid on contiguous units reduces whole items with a typed loop.
  BulkOp bulk = op && it.contiguous && it.tlb == 0 && it.usize == it.uext ? bulk_op(reduce) : nullptr;
  r->finish = [raw, it, d, op, bulk, fast, ib, ie]() {
    const Indexer &g = *raw->gi;
    const char *rb = raw->rbuf.p.get();
    if (!op) {  // arrival order: the last writer wins
      g.for_each_select_run([&](const Indexer::Run &run) {
        if (fast) {
          Items::copy(d + run.j * ie, rb + run.a * ib, run.len * ib);
          return;
        }
        for (int64_t t = 0; t < run.len; ++t) it.unpack(rb + (run.a + t) * ib, it.count, d + (run.j + t) * ie);
      });
      return;
    }
    if (bulk) return bulk(g, d, rb, ib, ie);
    // dist[j] = dist[j] op v, unit by unit, in arrival order. A non-contiguous unit is
    // first unpacked into a scratch unit.
    std::vector<char> scratch(size_t(it.text > 0 ? it.text : 1));
    char *sbase = scratch.data() - it.tlb;
    for (int64_t k = 0; k < g.nin(); ++k) {
      char *item = d + g.select[size_t(k)] * ie;
      const char *in = rb + k * ib;
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

void *put_alloc(Indexer &gi, const void *const parts[], int64_t count, weft_type unit, weft_monoid reduce,
                const Check &given) {
  // Size the output; anything wrong here joins the exchange's agreement.
  Check pre = given;
  Items it;
  int64_t bytes = 0;
  if (pre.status == WEFT_SUCCESS && count >= 0 && it.load(unit, count) == WEFT_SUCCESS) {
    pre.need(it.tlb >= 0 && it.tlb + it.text <= it.uext, WEFT_INVALID_VALUE,
             "the unit's data must lie within [0, extent) for weft to allocate the output");
    pre.need(!__builtin_mul_overflow(gi.dn, it.item_ext(), &bytes) && bytes >= 0, WEFT_OVERFLOW,
             "the output of dn * count units does not fit 64 bits");
  }
  std::unique_ptr<char, void (*)(void *)> out(nullptr, std::free);
  if (pre.status == WEFT_SUCCESS && bytes > 0) {
    out.reset(static_cast<char *>(std::calloc(size_t(bytes), 1)));
    pre.need(out != nullptr, WEFT_OUT_OF_MEMORY, "out of memory for the output");
  }
  if (pre.status == WEFT_SUCCESS && bytes > 0 && reduce) {
    std::vector<char> one(static_cast<size_t>(it.uext));  // every unit starts as the identity
    if (weft_monoid_identity(reduce, one.data()) == WEFT_SUCCESS)
      for (int64_t u = 0; u < gi.dn * count; ++u) std::memcpy(out.get() + u * it.uext, one.data(), size_t(it.uext));
  }
  wait(put_begin(gi, parts, count, unit, reduce, out.get(), pre));
  if (!out) out.reset(static_cast<char *>(std::malloc(1)));  // nothing owned: still a valid allocation
  if (!out) throw std::bad_alloc();
  return out.release();
}

void wait(Request *r) {
  std::unique_ptr<Request, void (*)(Request *)> hold(r, [](Request *p) {
    p->gi->give_back(std::move(p->sbuf));
    p->gi->give_back(std::move(p->rbuf));
    release(p);
  });
  r->msgs.wait_all();
  r->finish();
}

}  // namespace weft::indexer
