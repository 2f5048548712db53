// The maps only a put walks (see PutLists in indexer.hpp), made from the plan on first
// use.
//
// pack: the remote requests in slot order, so the requester writes its messages front
// to back (reading the parts at random costs less than writing a buffer at random).
//
// last_clean / last_save, for a put without a monoid: only the last writer of each
// owned item matters there, so the lists keep that one alone. The others are never
// written, which saves the duplicates of a random pattern, and nothing needs staging (a
// rank's own final items are written at begin, whatever lower ranks send).
#include <cstdint>
#include <limits>

#include "indexer.hpp"

namespace weft::indexer {

namespace {

// The remote requests in slot order, cut where the part changes.
template <class I>
void pack_list(const Indexer &gi, const Lists<I> &L, PutLists<I> &P) {
  const int64_t nout = gi.nout();
  const size_t np = gi.part_size.size();
  std::vector<I> x(size_t(nout) + 1), y(size_t(nout) + 1);
  std::vector<int32_t> part_of(np > 1 ? size_t(nout) : 0);
  for (size_t k = 0; k < np; ++k)
    L.remote.each(k, k + 1, [&](int64_t i, int64_t s, int64_t len) {
      for (int64_t u = 0; u < len; ++u) {
        y[size_t(s + u)] = I(i + u);
        if (np > 1) part_of[size_t(s + u)] = int32_t(k);
      }
    });
  std::vector<size_t> seg;
  for (int64_t s = 0; s < nout; ++s) {
    x[size_t(s)] = I(s);
    if (np > 1 && s > 0 && part_of[size_t(s)] != part_of[size_t(s - 1)]) {
      seg.push_back(size_t(s));
      P.pack_part.push_back(part_of[size_t(s - 1)]);
    }
  }
  if (nout > 0) {
    seg.push_back(size_t(nout));
    P.pack_part.push_back(np > 1 ? part_of.back() : 0);
  }
  P.pack = PairList<I>(std::move(x), std::move(y), std::move(seg));
}

template <class I>
void last_writer_lists(const Indexer &gi, const Lists<I> &L, PutLists<I> &P) {
  const size_t np = gi.part_size.size();
  const int64_t nconflict = L.self_conflict.pairs(), nclean = L.self_clean.pairs();
  // last[j]: the last writer of owned item j in arrival order: its position in the
  // arrival buffer [lower ranks | staged own items | higher ranks] (>= 0), or own
  // entry e as -(1 + e), own entries numbered clean list then conflicting, part by part.
  const I none = std::numeric_limits<I>::min();
  std::vector<I> last(size_t(gi.dn), none);
  auto arrivals = [&](size_t r0, size_t r1, int64_t shift) {
    L.owner.each(r0, r1, [&](int64_t a, int64_t j, int64_t len) {
      for (int64_t u = 0; u < len; ++u) last[size_t(j + u)] = I(a + u + shift);
    });
  };
  auto own = [&](const PairList<I> &list, int64_t first, auto &&f) {  // f(k, i, j, e)
    int64_t e = first;
    for (size_t k = 0; k < np; ++k)
      list.each(k, k + 1, [&](int64_t i, int64_t j, int64_t len) {
        for (int64_t u = 0; u < len; ++u, ++e) f(k, i + u, j + u, e);
      });
  };
  auto mark = [&](size_t, int64_t, int64_t j, int64_t e) { last[size_t(j)] = I(-(1 + e)); };
  arrivals(0, size_t(gi.rank), 0);
  own(L.self_clean, 0, mark);
  own(L.self_conflict, nclean, mark);
  arrivals(size_t(gi.rank) + 1, size_t(gi.nranks), nconflict);

  // Arrivals that win, in address order (scanning the owned items).
  size_t nr = 0;
  for (I w : last) nr += w >= 0;
  std::vector<I> ax(nr + 1), ay(nr + 1);
  size_t t = 0;
  for (int64_t j = 0; j < gi.dn; ++j)
    if (last[size_t(j)] >= 0) {
      ax[t] = last[size_t(j)];
      ay[t++] = I(j);
    }
  P.last_save = PairList<I>(std::move(ax), std::move(ay), {nr});

  // Own entries that win, by part (within a part each item appears once, so the order
  // between the clean and the conflicting ones does not matter).
  std::vector<std::vector<I>> kx(np), ky(np);
  auto keep = [&](size_t k, int64_t i, int64_t j, int64_t e) {
    if (last[size_t(j)] == I(-(1 + e))) {
      kx[k].push_back(I(i));
      ky[k].push_back(I(j));
    }
  };
  own(L.self_clean, 0, keep);
  own(L.self_conflict, nclean, keep);
  std::vector<I> sx, sy;
  std::vector<size_t> seg_end;
  if (np == 1) {
    sx.swap(kx[0]);
    sy.swap(ky[0]);
    seg_end.push_back(sx.size());
  }
  for (size_t k = 0; k < np && np > 1; ++k) {
    sx.insert(sx.end(), kx[k].begin(), kx[k].end());
    sy.insert(sy.end(), ky[k].begin(), ky[k].end());
    seg_end.push_back(sx.size());
  }
  P.last_clean = PairList<I>(std::move(sx), std::move(sy), std::move(seg_end));
}

template <class I>
void make_lists(const Indexer &gi, const Lists<I> &L, std::unique_ptr<PutLists<I>> &P, bool last_writers) {
  if (!P) P = std::make_unique<PutLists<I>>();
  if (last_writers)
    last_writer_lists(gi, L, *P);
  else
    pack_list(gi, L, *P);
}

}  // namespace

// Called under the indexer's once flags: the pack list first, the last-writer lists
// after it (never concurrently with each other).
void Indexer::make_put_lists(bool last_writers) {
  if (narrow)
    make_lists(*this, *narrow, put_narrow, last_writers);
  else
    make_lists(*this, *wide, put_wide, last_writers);
}

}  // namespace weft::indexer
