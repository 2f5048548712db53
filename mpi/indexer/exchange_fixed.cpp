// Fixed-size take and put (count units per item), blocking or split phase.
//
// take: the owner packs the items each peer asked for and sends them; the requester
//   unpacks them into the parts. Items a rank asks of itself go straight from dist to
//   the parts once the call is agreed.
// put: the requester packs its part items in slot order and sends them; the owner
//   saves them in arrival order. With a monoid, a rank's own items that no lower rank
//   writes are reduced straight into dist at begin (nothing arrives before them); the
//   others are staged between the lower and the higher ranks' items and reduced at
//   wait, so the order holds exactly, for non-commutative or rounding reductions too
//   (integer and logical monoids, exact in any order, reduce all own items at begin).
//   Without a monoid, only the last writer of each item is saved: own ones at begin,
//   arrivals at wait.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "exchange.hpp"
#include "item_movers.hpp"

namespace weft::indexer {

namespace {

// The checks every fixed-size exchange shares; the first failure is kept.
FirstFailure check_common(const Indexer &gi, const void *dist, int64_t count, weft_type unit, const void *const *parts,
                   Items &it) {
  FirstFailure ck;
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

// Posts, per peer p, a receive of items [rpre[p], rpre[p+1]) of rbuf.
void post_receives(Request &r, const Indexer &gi, const std::vector<int> &from, const std::vector<int64_t> &rpre,
                   int64_t ib, int tag) {
  for (int p : from)
    r.msgs.irecv(r.rbuf.get() + rpre[size_t(p)] * ib, (rpre[size_t(p) + 1] - rpre[size_t(p)]) * ib, p, tag, gi.comm);
}
// The sends of a fixed-size exchange, posted before its agreement settles. A message of
// one chunk (mpi_calls.hpp) goes at once; a longer one, which MPI carries as several,
// waits for the agreement: a failed exchange sends exactly one message to each peer,
// which the peer takes at whatever size it has and drops.
struct Sends {
  Request &r;
  int tag;
  struct Later {
    int peer;
    const char *buf;
    int64_t bytes;
  };
  std::vector<Later> later;
  void post(int peer, const char *buf, int64_t bytes) {
    if (bytes <= message_chunk_bytes())
      r.msgs.isend(buf, bytes, peer, tag, r.gi->comm);
    else
      later.push_back({peer, buf, bytes});
  }
  // Items [pre[p], pre[p+1]) of sbuf to each p.
  void post_all(const std::vector<int> &to, const std::vector<int64_t> &pre, int64_t ib) {
    for (int p : to) post(p, r.sbuf.get() + pre[size_t(p)] * ib, (pre[size_t(p) + 1] - pre[size_t(p)]) * ib);
  }
  // Completes the agreement. On a failure anywhere: one empty message for each send that
  // waited, the peers' messages taken and dropped, this rank's sends completed, and the
  // agreed status thrown. Else the waiting sends go.
  void settle(Agreement &agreement, const std::vector<int> &from, const char *flag_name) {
    MPI_Comm comm = r.gi->comm;
    agree_exchange_finish(
        agreement,
        [&] {
          for (const Later &l : later) r.msgs.isend(l.buf, 0, l.peer, tag, comm);
          discard_messages(comm, from, tag);
          r.msgs.drain();
        },
        flag_name);
    for (const Later &l : later) r.msgs.isend(l.buf, l.bytes, l.peer, tag, comm);
  }
};

}  // namespace

Request *take_begin(Indexer &gi, const void *dist, int64_t count, weft_type unit, void *const parts[],
                    const FirstFailure &pre) {
  gi.reap_sends();
  Items it;
  FirstFailure ck = abstention(pre, unit);
  if (ck.status == WEFT_SUCCESS) ck = check_common(gi, dist, count, unit, parts, it);
  const int tag = gi.next_tag();
  Agreement agreement;
  agree_exchange_start(agreement, gi, ck.status, ck.msg, it, 0);
  // The messages go out while the agreement travels (receives are posted once it is
  // settled: see agreement.hpp). A rank whose arguments failed sends empty messages, so
  // every rank sends the same ones and none waits forever.
  const bool ok = ck.status == WEFT_SUCCESS;
  const int64_t ib = ok ? it.item_bytes() : 0;
  auto r = std::make_unique<Request>(gi);
  std::vector<char *> base = ok ? part_bases(gi, parts) : std::vector<char *>();
  const char *d = static_cast<const char *>(dist);
  r->sbuf = gi.take_buffer(gi.nin() * ib);
  r->rbuf = gi.take_buffer(gi.nout() * ib);
  char *sb = r->sbuf.get();
  Sends sends{*r, tag, {}};
  // The map loops capture by value: their stores go through char pointers, which could
  // alias anything captured by reference and would force reloads at every item.
  with_mover(it, [&](auto mv) {
    gi.visit([&](const auto &L) {
      // Owner side: pack what each peer asked for, and send it at once.
      for (int p : gi.recv_peers) {
        if (ok)
          L.owner.each(size_t(p), size_t(p) + 1,
                       [=](int64_t a, int64_t j, int64_t len) { mv.pack(sb + a * mv.bytes(), d + j * mv.ext(), len); });
        sends.post(p, sb + gi.from_req[size_t(p)] * ib, (gi.from_req[size_t(p) + 1] - gi.from_req[size_t(p)]) * ib);
      }
    });
  });
  sends.settle(agreement, gi.send_peers, "-");
  post_receives(*r, gi, gi.send_peers, gi.to_owner, ib, tag);
  // The finish step is made (it allocates) before anything is written: a call that
  // fails for memory leaves its outputs as they were.
  Request *raw = r.get();
  r->finish = [raw, it, base]() {
    const char *rb = raw->rbuf.get();
    with_mover(it, [&](auto mv) {
      raw->gi->visit([&](const auto &L) {
        for (size_t k = 0; k < base.size(); ++k) {
          char *part = base[k];
          L.remote.each(k, k + 1, [=](int64_t i, int64_t s, int64_t len) {
            mv.unpack(part + i * mv.ext(), rb + s * mv.bytes(), len);
          });
        }
      });
    });
  };
  // What this rank asked of itself goes straight from dist to the parts.
  with_mover(it, [&](auto mv) {
    gi.visit([&](const auto &L) {
      for (size_t k = 0; k < base.size(); ++k) {
        char *part = base[k];
        auto own = [=](int64_t i, int64_t j, int64_t len) { mv.copy(part + i * mv.ext(), d + j * mv.ext(), len); };
        L.self_clean.each(k, k + 1, own);
        L.self_conflict.each(k, k + 1, own);
      }
    });
  });
  return r.release();
}

Request *put_begin(Indexer &gi, const void *const parts[], int64_t count, weft_type unit, weft_monoid reduce,
                   void *dist, const FirstFailure &pre) {
  gi.reap_sends();
  Items it;
  FirstFailure ck = abstention(pre, unit);
  if (ck.status == WEFT_SUCCESS) ck = check_common(gi, dist, count, unit, parts, it);
  weft_binary_fn op = nullptr;
  if (reduce && ck.status == WEFT_SUCCESS) {
    bool ok = false;
    weft_status s = weft_monoid_accepts(reduce, unit, &ok);
    ck.need(s == WEFT_SUCCESS, s, std::string("reduce: ") + (s == WEFT_SUCCESS ? "" : weft_last_error()));
    ck.need(s != WEFT_SUCCESS || ok, WEFT_DOMAIN_MISMATCH, "the monoid's domain is not the unit type");
    if (ck.status == WEFT_SUCCESS) weft_monoid_function(reduce, &op);
  }
  const int tag = gi.next_tag();
  Agreement agreement;
  agree_exchange_start(agreement, gi, ck.status, ck.msg, it, reduce ? 1 : 0);
  // Own items that lower ranks also write wait for them, unless the monoid gives the
  // same bits in any order (integer and logical ones do; floating-point ones and user
  // ones may not).
  const bool staged = reduce && !exact_in_any_order(reduce);
  // As in take_begin: sends go out while the agreement travels; receives are posted,
  // and dist written, once it says every rank is fine.
  const bool ok = ck.status == WEFT_SUCCESS;
  const int64_t ib = ok ? it.item_bytes() : 0;
  auto r = std::make_unique<Request>(gi);
  std::vector<char *> base = ok ? part_bases(gi, parts) : std::vector<char *>();
  char *d = static_cast<char *>(dist);
  int64_t nconflict = 0;
  gi.visit([&](const auto &L) { nconflict = L.self_conflict.pairs(); });
  // The arrival buffer: lower ranks' items, this rank's staged ones, higher ranks'.
  const int64_t lower = gi.nin_lower();
  r->sbuf = gi.take_buffer(gi.nout() * ib);
  r->rbuf = gi.take_buffer((gi.nin() + nconflict) * ib);
  char *sb = r->sbuf.get(), *stage = r->rbuf.get() + lower * ib;
  gi.visit_put(false, [&](const auto &L, const auto &P) {
    with_mover(it, [&](auto mv) {
      // Requester side: part items into slot order; with a monoid, own items that must
      // wait for the lower ranks' are staged.
      for (size_t g = 0; g < (ok ? P.pack.segments() : 0); ++g) {  // front to back
        const char *part = base[size_t(P.pack_part[g])];
        P.pack.each(g, g + 1, [=](int64_t s, int64_t i, int64_t len) {
          mv.pack(sb + s * mv.bytes(), part + i * mv.ext(), len);
        });
      }
      int64_t t = 0;
      for (size_t k = 0; k < base.size(); ++k) {
        const char *part = base[k];
        if (staged)
          L.self_conflict.each(k, k + 1, [&](int64_t i, int64_t, int64_t len) {
            mv.pack(stage + t * mv.bytes(), part + i * mv.ext(), len);
            t += len;
          });
      }
    });
  });
  Sends sends{*r, tag, {}};
  sends.post_all(gi.send_peers, gi.to_owner, ib);
  sends.settle(agreement, gi.recv_peers, "reduce");
  for (int p : gi.recv_peers) {
    int64_t at = gi.from_req[size_t(p)] + (p > gi.rank ? nconflict : 0);
    r->msgs.irecv(r->rbuf.get() + at * ib, (gi.from_req[size_t(p) + 1] - gi.from_req[size_t(p)]) * ib, p, tag,
                  gi.comm);
  }
  // As in take_begin, the finish step is made before dist is written.
  Request *raw = r.get();
  r->finish = [raw, it, reduce, op, staged, d, lower, nconflict]() {
    const char *rb = raw->rbuf.get();
    with_saver(it, reduce, op, [&](auto sv) {
      auto save = [=](int64_t shift) {
        return [=](int64_t a, int64_t j, int64_t len) {
          sv.save_packed(d + j * sv.ext(), rb + (a + shift) * sv.bytes(), len);
        };
      };
      Indexer &g = *raw->gi;
      if (!reduce)
        return g.visit_put(true, [&](const auto &, const auto &P) { P.last_save.each(save(0)); });
      g.visit([&](const auto &L) {  // arrival order: lower ranks, own staged items, higher ranks
        L.owner.each(0, size_t(g.rank), save(0));
        int64_t t = lower;
        if (staged)
          L.self_conflict.each([&](int64_t, int64_t j, int64_t len) {
            sv.save_packed(d + j * sv.ext(), rb + t * sv.bytes(), len);
            t += len;
          });
        L.owner.each(size_t(g.rank) + 1, size_t(g.nranks), save(nconflict));
      });
    });
  };
  // Own items saved now: those nobody below this rank writes (reduce; all of them when
  // nothing is staged), or those whose last writer is this rank (replace).
  auto save_own = [&](const auto &own) {
    with_saver(it, reduce, op, [&](auto sv) {
      for (size_t k = 0; k < base.size(); ++k) {
        const char *part = base[k];
        own.each(k, k + 1, [=](int64_t i, int64_t j, int64_t len) {
          sv.save_typed(d + j * sv.ext(), part + i * sv.ext(), len);
        });
      }
    });
  };
  if (reduce)
    gi.visit([&](const auto &L) {
      save_own(L.self_clean);
      if (!staged) save_own(L.self_conflict);
    });
  else
    gi.visit_put(true, [&](const auto &, const auto &P) { save_own(P.last_clean); });
  return r.release();
}

void *put_alloc(Indexer &gi, const void *const parts[], int64_t count, weft_type unit, weft_monoid reduce,
                const FirstFailure &given) {
  // Size the output; anything wrong here joins the exchange's agreement.
  FirstFailure pre = abstention(given, unit);
  Items it;
  int64_t bytes = 0;
  if (pre.status == WEFT_SUCCESS && count >= 0 && it.load(unit, count) == WEFT_SUCCESS) {
    pre.need(it.fits_allocation(), WEFT_INVALID_VALUE,
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
