// Variable-size exchanges: take_v and put_v, blocking or split phase.
//
// The sending side knows its counts and values at begin, so it sends both at once (two
// messages per peer, counts first, on the exchange's tag) and keeps its own items in a
// staging buffer. The receiving side posts the count receives at begin; wait() sizes
// and posts the value receives, completes them and writes the outputs. Sends still in
// flight then are parked in the indexer: a wait never needs a peer's wait, only its
// begin, so requests may be waited for in any order.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "exchange.hpp"

namespace weft::indexer {

namespace {

void *allocate(int64_t bytes) {
  void *p = std::malloc(size_t(bytes > 0 ? bytes : 1));
  if (!p) throw std::bad_alloc();
  return p;
}

// off[0] = 0, off[i+1] = off[i] + counts[i] * scale.
std::vector<int64_t> prefix(const int64_t *counts, int64_t n, int64_t scale = 1) {
  std::vector<int64_t> off(size_t(n) + 1, 0);
  for (int64_t i = 0; i < n; ++i) off[size_t(i + 1)] = off[size_t(i)] + counts[i] * scale;
  return off;
}

// n units of it from typed memory, as a message: sum checked against 2^63.
bool units_fit(int64_t units, int64_t bytes_per_unit) {
  int64_t b;
  return !__builtin_mul_overflow(units, bytes_per_unit, &b);
}

// What a sender hands to MPI: counts (one int64 per item) then the packed values, per
// peer; kept alive until the sends complete.
struct Outbox {
  std::vector<int64_t> counts;  // in message order
  std::vector<int64_t> off;     // byte offset of each item's values
  std::vector<char> values;
  Requests sends;  // handed to the indexer (with this box) when the exchange completes
  void send(Indexer &gi, const std::vector<int> &to, const std::vector<int64_t> &pre, int tag) {
    for (int p : to) {
      int64_t a = pre[size_t(p)], b = pre[size_t(p) + 1];
      sends.isend(counts.data() + a, (b - a) * 8, p, tag, gi.comm);
      sends.isend(values.data() + off[size_t(a)], off[size_t(b)] - off[size_t(a)], p, tag, gi.comm);
    }
  }
};

// Parks the box's sends, and the box they read from, in the indexer.
void park(Indexer &gi, std::shared_ptr<Outbox> box) {
  Requests sends = std::move(box->sends);
  gi.park_sends(std::move(sends), std::move(box));
}

// What a receiver gets: the counts posted at begin, the values at wait.
struct Inbox {
  std::vector<int64_t> counts;
  std::vector<int64_t> off;
  std::vector<char> values;
  // Posts the count receives: pre[p]..pre[p+1] from each p (pre: a prefix over ranks).
  void post_counts(Request &r, Indexer &gi, const std::vector<int> &from, const std::vector<int64_t> &pre, int tag) {
    counts.resize(size_t(pre.back()));
    for (int p : from)
      r.msgs.irecv(counts.data() + pre[size_t(p)], (pre[size_t(p) + 1] - pre[size_t(p)]) * 8, p, tag, gi.comm);
  }
  void receive_values(Indexer &gi, const std::vector<int> &from, const std::vector<int64_t> &pre, int64_t usize,
                      int tag) {
    off = prefix(counts.data(), int64_t(counts.size()), usize);
    values.resize(size_t(off.back()));
    Requests m;
    for (int p : from) {
      int64_t a = off[size_t(pre[size_t(p)])], b = off[size_t(pre[size_t(p) + 1])];
      m.irecv(values.data() + a, b - a, p, tag, gi.comm);
    }
    m.wait_all();
  }
};

// A rank's own items, read at begin: owned item j, its count and values, in list order
// (the clean list, then the conflicting one).
struct OwnItems {
  std::vector<int64_t> part_pos, item, counts, off;  // off: byte offsets into values
  std::vector<int> part;
  std::vector<char> values;
  void add(int k, int64_t i, int64_t j, int64_t c, const char *typed, const Items &it) {
    part.push_back(k);
    part_pos.push_back(i);
    item.push_back(j);
    counts.push_back(c);
    int64_t at = values.size();
    off.push_back(at);
    values.resize(size_t(at + c * it.usize));
    if (c > 0) it.pack(typed, c, values.data() + at);
  }
};

// What a variable-size exchange's finish keeps alive: what it sent (parked in the
// indexer once done), what it receives, and its own items.
struct VarState {
  int tag;
  std::shared_ptr<Outbox> outbox = std::make_shared<Outbox>();
  Inbox inbox;
  OwnItems own;
  explicit VarState(Indexer &gi) : tag(gi.next_tag()) {}
};

// Visits the own items of a plan: f(part k, i, owned j), clean list then conflicting.
template <class F>
void each_own(const Indexer &gi, F &&f) {
  gi.visit([&](const auto &L) {
    for (const auto *list : {&L.self_clean, &L.self_conflict})
      for (size_t k = 0; k < gi.part_size.size(); ++k)
        list->each(k, k + 1, [&](int64_t i, int64_t j, int64_t len) {
          for (int64_t t = 0; t < len; ++t) f(int(k), i + t, j + t);
        });
  });
}

}  // namespace

// ---- take_v -------------------------------------------------------------------------

namespace {

// take_v's argument checks (the first failure goes into ck); `it` gets the unit.
void check_take_v(const Indexer &gi, const int64_t *dist_counts, const void *dist_values, weft_type unit,
                  const TakeVOut &out, Items &it, FirstFailure &ck) {
  weft_status s = it.load(unit, 1);
  ck.need(s == WEFT_SUCCESS, s, std::string("unit: ") + (s == WEFT_SUCCESS ? "" : weft_last_error()));
  ck.need(!(gi.dn > 0 && !dist_counts), WEFT_NULL_POINTER, "dist_counts is NULL");
  int64_t total = 0;
  if (dist_counts)
    for (int64_t j = 0; j < gi.dn; ++j) {
      ck.need(dist_counts[j] >= 0, WEFT_INVALID_VALUE, "dist_counts[" + std::to_string(j) + "] < 0");
      ck.need(!__builtin_add_overflow(total, dist_counts[j] > 0 ? dist_counts[j] : 0, &total), WEFT_OVERFLOW,
              "the sum of dist_counts overflows");
    }
  ck.need(s != WEFT_SUCCESS || units_fit(total, std::max(it.uext, it.usize)), WEFT_OVERFLOW,
          "dist_values is larger than 2^63 bytes");
  ck.need(!(total > 0 && it.usize > 0 && !dist_values), WEFT_NULL_POINTER, "dist_values is NULL");
  size_t np = gi.part_size.size();
  const bool alloc = out.alloc;
  if (alloc) {
    ck.need(!(np > 0 && (!out.alloc_counts || !out.alloc_values)), WEFT_NULL_POINTER,
            "part_counts or part_values is NULL");
    ck.need(s != WEFT_SUCCESS || it.fits_allocation(), WEFT_INVALID_VALUE,
            "the unit's data must lie within [0, extent) for weft to allocate the output");
  } else {
    ck.need(!(np > 0 && (!out.counts || !out.values || !out.capacity)), WEFT_NULL_POINTER,
            "part_counts, part_values or part_capacity is NULL");
    if (out.counts)
      for (size_t k = 0; k < np; ++k)
        ck.need(!(gi.part_size[k] > 0 && !out.counts[k]), WEFT_NULL_POINTER,
                "part_counts[" + std::to_string(k) + "] is NULL");
    // Every argument is checked here, in the agreed step: at wait nothing may fail
    // but the room for the values (WEFT_INSUFFICIENT_SPACE, local by design), so a NULL
    // values buffer must come with capacity 0.
    if (out.values && out.capacity)
      for (size_t k = 0; k < np; ++k) {
        std::string part = "[" + std::to_string(k) + "]";
        ck.need(out.capacity[k] >= 0, WEFT_INVALID_VALUE,
                "part_capacity" + part + " = " + std::to_string(out.capacity[k]) + " < 0");
        ck.need(!(out.capacity[k] > 0 && !out.values[k]), WEFT_NULL_POINTER,
                "part_values" + part + " is NULL but part_capacity" + part + " > 0");
      }
  }
}

}  // namespace

Request *take_v_begin(Indexer &gi, const int64_t *dist_counts, const void *dist_values, weft_type unit,
                      const TakeVOut &out, const FirstFailure &pre) {
  gi.reap_sends();
  Items it;
  FirstFailure ck = abstention(pre, unit);
  if (ck.status == WEFT_SUCCESS) check_take_v(gi, dist_counts, dist_values, unit, out, it, ck);
  agree_exchange(gi, ck.status, ck.msg, it, 0, "-");

  auto r = std::make_unique<Request>(gi);
  auto st = std::make_shared<VarState>(gi);
  // Requester side: the counts of the requested items arrive first.
  st->inbox.post_counts(*r, gi, gi.send_peers, gi.to_owner, st->tag);
  // Owner side: counts and values of what each peer asked for, in arrival order.
  std::vector<int64_t> dist_off = prefix(dist_counts, gi.dn, it.uext);
  const char *dv = static_cast<const char *>(dist_values);
  st->outbox->counts.resize(size_t(gi.nin()));
  gi.visit([&](const auto &L) {
    L.owner.each([&](int64_t a, int64_t j, int64_t len) {
      for (int64_t t = 0; t < len; ++t) st->outbox->counts[size_t(a + t)] = dist_counts[j + t];
    });
  });
  st->outbox->off = prefix(st->outbox->counts.data(), gi.nin(), it.usize);
  st->outbox->values.resize(size_t(st->outbox->off.back()));
  gi.visit([&](const auto &L) {
    L.owner.each([&](int64_t a, int64_t j, int64_t len) {
      for (int64_t t = 0; t < len; ++t)
        it.pack(dv + dist_off[size_t(j + t)], dist_counts[j + t],
                st->outbox->values.data() + st->outbox->off[size_t(a + t)]);
    });
  });
  st->outbox->send(gi, gi.recv_peers, gi.from_req, st->tag);
  // Own items: read now (dist may change after begin), written at wait.
  each_own(gi, [&](int k, int64_t i, int64_t j) {
    st->own.add(k, i, j, dist_counts[j], dv + dist_off[size_t(j)], it);
  });

  Request *raw = r.get();
  r->finish = [raw, it, out, st]() {
    Indexer &g = *raw->gi;
    st->inbox.receive_values(g, g.send_peers, g.to_owner, it.usize, st->tag);
    park(g, st->outbox);
    size_t np = g.part_size.size();
    const bool alloc = out.alloc;
    // Everything that allocates comes first: the counts of every part item, where each
    // item's values go, weft's output arrays. Then the caller's buffers are written, so
    // a call that fails for memory leaves them as they were.
    std::vector<std::vector<int64_t>> cnt(np);
    for (size_t k = 0; k < np; ++k) cnt[k].resize(size_t(g.part_size[k]));
    g.visit([&](const auto &L) {
      for (size_t k = 0; k < np; ++k)
        L.remote.each(k, k + 1, [&](int64_t i, int64_t s, int64_t len) {
          for (int64_t t = 0; t < len; ++t) cnt[k][size_t(i + t)] = st->inbox.counts[size_t(s + t)];
        });
    });
    const OwnItems &own = st->own;
    for (size_t e = 0; e < own.item.size(); ++e) cnt[size_t(own.part[e])][size_t(own.part_pos[e])] = own.counts[e];
    std::vector<std::vector<int64_t>> at(np);  // in units
    for (size_t k = 0; k < np; ++k) at[k] = prefix(cnt[k].data(), g.part_size[k]);
    std::vector<std::unique_ptr<void, void (*)(void *)>> new_counts, new_values;
    std::vector<int64_t *> counts(np);
    std::vector<char *> values(np);
    for (size_t k = 0; k < np; ++k) {
      if (alloc) {
        new_counts.emplace_back(allocate(g.part_size[k] * 8), std::free);
        counts[k] = static_cast<int64_t *>(new_counts.back().get());
        new_values.emplace_back(allocate(at[k].back() * it.uext), std::free);
        values[k] = static_cast<char *>(new_values.back().get());
      } else {
        counts[k] = out.counts[k];
        values[k] = static_cast<char *>(out.values[k]);
      }
    }
    for (size_t k = 0; k < np; ++k)
      if (g.part_size[k] > 0) std::memcpy(counts[k], cnt[k].data(), size_t(g.part_size[k]) * 8);
    if (!alloc)
      for (size_t k = 0; k < np; ++k)
        if (at[k].back() > out.capacity[k])
          fail(WEFT_INSUFFICIENT_SPACE, "part %zu needs %lld units, capacity is %lld (counts were written)", k,
               (long long)at[k].back(), (long long)out.capacity[k]);
    g.visit([&](const auto &L) {
      for (size_t k = 0; k < np; ++k)
        L.remote.each(k, k + 1, [&](int64_t i, int64_t s, int64_t len) {
          for (int64_t t = 0; t < len; ++t)
            it.unpack(st->inbox.values.data() + st->inbox.off[size_t(s + t)], st->inbox.counts[size_t(s + t)],
                      values[k] + at[k][size_t(i + t)] * it.uext);
        });
    });
    for (size_t e = 0; e < own.item.size(); ++e) {
      size_t k = size_t(own.part[e]);
      it.unpack(own.values.data() + own.off[e], own.counts[e], values[k] + at[k][size_t(own.part_pos[e])] * it.uext);
    }
    if (alloc)
      for (size_t k = 0; k < np; ++k) {
        out.alloc_counts[k] = static_cast<int64_t *>(new_counts[k].release());
        out.alloc_values[k] = new_values[k].release();
      }
  };
  return r.release();
}

// ---- put_v --------------------------------------------------------------------------

namespace {

// The extent of memory n typed units starting at p touch: [lo, hi).
struct Span {
  uintptr_t lo = 0, hi = 0;
  Span(const void *p, int64_t n, const Items &it) {
    if (!p || n <= 0) return;
    uintptr_t b = reinterpret_cast<uintptr_t>(p);
    lo = b + uintptr_t(std::min<int64_t>(0, it.tlb));
    hi = b + uintptr_t(std::max<int64_t>(n * it.uext, (n - 1) * it.uext + it.tlb + it.text));
  }
  bool overlaps(const Span &o) const { return lo < o.hi && o.lo < hi; }
};


// put_v's argument checks (the first failure goes into ck); `it` gets the unit and
// part_off the byte offset of every part item's values.
void check_put_v(const Indexer &gi, const int64_t *const part_counts[], const void *const part_values[],
                 weft_type unit, const int64_t *init_counts, const void *init_values, const PutVOut &out, Items &it,
                 FirstFailure &ck, std::vector<std::vector<int64_t>> &part_off) {
  weft_status s = it.load(unit, 1);
  ck.need(s == WEFT_SUCCESS, s, std::string("unit: ") + (s == WEFT_SUCCESS ? "" : weft_last_error()));
  if (out.into) {
    ck.need(out.capacity >= 0, WEFT_INVALID_VALUE, "dist_capacity " + std::to_string(out.capacity) + " < 0");
    ck.need(!(gi.dn > 0 && !out.counts), WEFT_NULL_POINTER, "dist_counts is NULL");
    ck.need(!(out.capacity > 0 && !out.values), WEFT_NULL_POINTER, "dist_values is NULL");
  } else {
    ck.need(s != WEFT_SUCCESS || it.fits_allocation(), WEFT_INVALID_VALUE,
            "the unit's data must lie within [0, extent) for weft to allocate the output");
    ck.need(out.alloc_counts && out.alloc_values, WEFT_NULL_POINTER, "dist_counts or dist_values is NULL");
  }
  size_t np = gi.part_size.size();
  ck.need(!(np > 0 && (!part_counts || !part_values)), WEFT_NULL_POINTER, "part_counts or part_values is NULL");
  if (part_counts && part_values)
    for (size_t k = 0; k < np; ++k) {
      if (gi.part_size[k] > 0 && !part_counts[k]) {
        ck.need(false, WEFT_NULL_POINTER, "part_counts[" + std::to_string(k) + "] is NULL");
        continue;
      }
      int64_t units = 0;
      for (int64_t i = 0; i < gi.part_size[k]; ++i) {
        ck.need(part_counts[k][i] >= 0, WEFT_INVALID_VALUE,
                "part_counts[" + std::to_string(k) + "][" + std::to_string(i) + "] < 0");
        ck.need(!__builtin_add_overflow(units, std::max<int64_t>(0, part_counts[k][i]), &units), WEFT_OVERFLOW,
                "the counts of part " + std::to_string(k) + " overflow");
      }
      ck.need(s != WEFT_SUCCESS || units_fit(units, std::max(it.uext, it.usize)), WEFT_OVERFLOW,
              "part " + std::to_string(k) + " is larger than 2^63 bytes");
      ck.need(!(units > 0 && it.usize > 0 && !part_values[k]), WEFT_NULL_POINTER,
              "part_values[" + std::to_string(k) + "] is NULL");
      if (ck.status == WEFT_SUCCESS) part_off[k] = prefix(part_counts[k], gi.part_size[k], it.uext);
    }
  int64_t init_total = 0;
  if (init_counts)
    for (int64_t j = 0; j < gi.dn; ++j) {
      ck.need(init_counts[j] >= 0, WEFT_INVALID_VALUE, "init_counts[" + std::to_string(j) + "] < 0");
      ck.need(!__builtin_add_overflow(init_total, std::max<int64_t>(0, init_counts[j]), &init_total), WEFT_OVERFLOW,
              "the sum of init_counts overflows");
    }
  ck.need(!(init_total > 0 && it.usize > 0 && !init_values), WEFT_NULL_POINTER,
          "init_values is NULL but init_counts are not all 0");
  ck.need(!(init_values && !init_counts && gi.dn > 0), WEFT_NULL_POINTER, "init_values given without init_counts");
}

}  // namespace

Request *put_v_begin(Indexer &gi, const int64_t *const part_counts[], const void *const part_values[],
                     weft_type unit, bool extend, const int64_t *init_counts, const void *init_values,
                     const PutVOut &out, const FirstFailure &pre) {
  gi.reap_sends();
  Items it;
  FirstFailure ck = abstention(pre, unit);
  std::vector<std::vector<int64_t>> part_off(gi.part_size.size());  // byte offset of each part item's values
  if (ck.status == WEFT_SUCCESS)
    check_put_v(gi, part_counts, part_values, unit, init_counts, init_values, out, it, ck, part_off);
  agree_exchange(gi, ck.status, ck.msg, it, extend ? 1 : 0, "extend");
  const size_t np = gi.part_size.size();

  auto r = std::make_unique<Request>(gi);
  auto st = std::make_shared<VarState>(gi);
  st->inbox.post_counts(*r, gi, gi.recv_peers, gi.from_req, st->tag);
  // Requester side: part items in slot order.
  st->outbox->counts.resize(size_t(gi.nout()));
  gi.visit([&](const auto &L) {
    for (size_t k = 0; k < np; ++k)
      L.remote.each(k, k + 1, [&](int64_t i, int64_t s2, int64_t len) {
        for (int64_t t = 0; t < len; ++t) st->outbox->counts[size_t(s2 + t)] = part_counts[k][i + t];
      });
  });
  st->outbox->off = prefix(st->outbox->counts.data(), gi.nout(), it.usize);
  st->outbox->values.resize(size_t(st->outbox->off.back()));
  gi.visit([&](const auto &L) {
    for (size_t k = 0; k < np; ++k) {
      const char *pv = static_cast<const char *>(part_values[k]);
      L.remote.each(k, k + 1, [&](int64_t i, int64_t s2, int64_t len) {
        for (int64_t t = 0; t < len; ++t)
          it.pack(pv + part_off[k][size_t(i + t)], part_counts[k][i + t],
                  st->outbox->values.data() + st->outbox->off[size_t(s2 + t)]);
      });
    }
  });
  st->outbox->send(gi, gi.send_peers, gi.to_owner, st->tag);
  each_own(gi, [&](int k, int64_t i, int64_t j) {
    const char *typed = static_cast<const char *>(part_values[k]) + part_off[size_t(k)][size_t(i)];
    st->own.add(k, i, j, part_counts[k][i], typed, it);
  });

  Request *raw = r.get();
  r->finish = [raw, it, out, st, extend, init_counts, init_values]() {
    Indexer &g = *raw->gi;
    st->inbox.receive_values(g, g.recv_peers, g.from_req, it.usize, st->tag);
    park(g, st->outbox);
    const int64_t dn = g.dn;
    // Initial blocks (copied: the output may be the same memory).
    std::vector<int64_t> init(size_t(dn), 0);
    if (init_counts) std::copy(init_counts, init_counts + dn, init.begin());
    std::vector<int64_t> init_at = prefix(init.data(), dn);  // in units
    // Arrivals in order: lower ranks, this rank, higher ranks. Without extend the last
    // one wins (count and block); with extend all are appended.
    std::vector<int64_t> count(init);
    std::vector<const char *> last(extend ? 0 : size_t(dn), nullptr);  // packed block of the winner
    std::vector<uint8_t> written(extend ? 0 : size_t(dn), 0);
    auto each_arrival = [&](auto &&f) {
      g.visit([&](const auto &L) {
        auto remote = [&](int64_t a, int64_t j, int64_t len) {
          for (int64_t t = 0; t < len; ++t)
            f(j + t, st->inbox.counts[size_t(a + t)], st->inbox.values.data() + st->inbox.off[size_t(a + t)]);
        };
        L.owner.each(0, size_t(g.rank), remote);
        const OwnItems &own = st->own;
        for (size_t e = 0; e < own.item.size(); ++e) f(own.item[e], own.counts[e], own.values.data() + own.off[e]);
        L.owner.each(size_t(g.rank) + 1, size_t(g.nranks), remote);
      });
    };
    each_arrival([&](int64_t j, int64_t c, const char *v) {
      if (extend) {
        count[size_t(j)] += c;
      } else {
        count[size_t(j)] = c;
        last[size_t(j)] = v;
        written[size_t(j)] = 1;
      }
    });
    std::vector<int64_t> at = prefix(count.data(), dn);  // in units
    int64_t total = at.back();
    if (!units_fit(total, std::max(it.uext, it.usize)))
      fail(WEFT_OVERFLOW, "the result of %lld units is larger than 2^63 bytes", (long long)total);
    if (out.into && total > out.capacity) {  // by design, *needed is all this rank writes
      if (out.needed) *out.needed = total;
      fail(WEFT_INSUFFICIENT_SPACE, "the result needs %lld units, dist_capacity is %lld", (long long)total,
           (long long)out.capacity);
    }
    // Assemble into the output, or into scratch when the output overlaps the initial
    // values it is built from.
    std::unique_ptr<char, void (*)(void *)> fresh(nullptr, std::free);
    char *dst;
    bool scratch = false;
    if (!out.into) {
      fresh.reset(static_cast<char *>(allocate(total * it.uext)));
      dst = fresh.get();
    } else if (Span(out.values, total, it).overlaps(Span(init_values, init_at.back(), it))) {
      // The scratch holds the same typed layout, shifted so true data start inside it.
      int64_t shift = std::max<int64_t>(0, -it.tlb);
      fresh.reset(static_cast<char *>(allocate(shift + total * it.uext + std::max<int64_t>(0, it.tlb + it.text))));
      dst = fresh.get() + shift;
      scratch = true;
    } else {
      dst = static_cast<char *>(out.values);
    }
    const char *iv = static_cast<const char *>(init_values);
    std::vector<int64_t> cursor(at.begin(), at.end() - 1);
    // Nothing allocates below (the caller's buffers are written from here on).
    if (out.into && out.needed) *out.needed = total;
    for (int64_t j = 0; j < dn; ++j) {
      bool keep_init = extend || !written[size_t(j)];
      if (keep_init && init[size_t(j)] > 0) {
        it.copy_typed(iv + init_at[size_t(j)] * it.uext, init[size_t(j)], dst + cursor[size_t(j)] * it.uext);
        cursor[size_t(j)] += init[size_t(j)];
      }
    }
    if (extend) {
      each_arrival([&](int64_t j, int64_t c, const char *v) {
        it.unpack(v, c, dst + cursor[size_t(j)] * it.uext);
        cursor[size_t(j)] += c;
      });
    } else {
      for (int64_t j = 0; j < dn; ++j)
        if (written[size_t(j)]) it.unpack(last[size_t(j)], count[size_t(j)], dst + at[size_t(j)] * it.uext);
    }
    if (!out.into) {
      auto *counts = static_cast<int64_t *>(allocate(dn * 8));
      std::copy(count.begin(), count.end(), counts);
      *out.alloc_counts = counts;
      *out.alloc_values = fresh.release();
      return;
    }
    if (scratch && total > 0) it.copy_typed(dst, total, static_cast<char *>(out.values));
    std::copy(count.begin(), count.end(), out.counts);
  };
  return r.release();
}

}  // namespace weft::indexer
