// The maps a put walks (see PutLists in indexer.hpp), made from the plan on the first
// put. Both kinds write the owned array in address order.
//
//   with a monoid: every write counts, in arrival order; the lists are the plan's,
//     sorted by destination with a stable sort, and a rank's own items that lower
//     ranks also write are staged between the lower and the higher ranks' items.
//   without (last writer wins): only the last writer of each owned item matters, so
//     the lists keep that one alone. The others are never written, which saves the
//     duplicates of a random pattern, and nothing needs staging: a rank's own final
//     items are written at begin, whatever lower ranks sent.
#include <cstdint>
#include <limits>

#include "indexer.hpp"

namespace weft::indexer {

namespace {

// Arrival buffer positions: [lower ranks' items | staged own items | higher ranks'].
template <class I>
PairList<I> reduce_save_list(const Indexer &gi, const Lists<I> &L) {
  const int64_t lower = gi.nin_lower(), nconflict = L.self_conflict.pairs();
  const size_t n = size_t(gi.nin() + nconflict);
  std::vector<I> x(n + 1), y(n + 1);
  size_t t = 0;
  auto add = [&](int64_t shift) {
    return [&, shift](int64_t a, int64_t j, int64_t len) {
      for (int64_t u = 0; u < len; ++u, ++t) {
        x[t] = I(a + u + shift);
        y[t] = I(j + u);
      }
    };
  };
  L.owner.each(0, size_t(gi.rank), add(0));
  int64_t c = lower;
  L.self_conflict.each([&](int64_t, int64_t j, int64_t len) {
    for (int64_t u = 0; u < len; ++u, ++t, ++c) {
      x[t] = I(c);
      y[t] = I(j + u);
    }
  });
  L.owner.each(size_t(gi.rank) + 1, size_t(gi.nranks), add(nconflict));
  return sorted_by_y(PairList<I>(std::move(x), std::move(y), {n}), gi.dn);
}

// The last writer of every owned item: its arrival buffer position (>= 0), or own
// entry e as -(1 + e) (own entries numbered clean list then conflicting, part by part).
template <class I>
void last_writers(const Indexer &gi, const Lists<I> &L, PutLists<I> &P) {
  const int64_t none = std::numeric_limits<int64_t>::min(), nconflict = L.self_conflict.pairs();
  const size_t np = gi.part_size.size();
  std::vector<int64_t> last(size_t(gi.dn), none);
  auto remote = [&](int64_t shift) {
    return [&, shift](int64_t a, int64_t j, int64_t len) {
      for (int64_t u = 0; u < len; ++u) last[size_t(j + u)] = a + u + shift;
    };
  };
  L.owner.each(0, size_t(gi.rank), remote(0));
  std::vector<I> own_part, own_i;  // of own entry e
  for (const PairList<I> *list : {&L.self_clean, &L.self_conflict})
    for (size_t k = 0; k < np; ++k)
      list->each(k, k + 1, [&](int64_t i, int64_t j, int64_t len) {
        for (int64_t u = 0; u < len; ++u) {
          last[size_t(j + u)] = -(1 + int64_t(own_i.size()));
          own_part.push_back(I(k));
          own_i.push_back(I(i + u));
        }
      });
  L.owner.each(size_t(gi.rank) + 1, size_t(gi.nranks), remote(nconflict));
  // In address order: remote winners as one list; own winners by part (a stable
  // counting sort by part keeps the address order within each part).
  std::vector<I> rx, ry;
  std::vector<size_t> per_part(np + 1, 0);
  for (int64_t j = 0; j < gi.dn; ++j) {
    int64_t w = last[size_t(j)];
    if (w >= 0) {
      rx.push_back(I(w));
      ry.push_back(I(j));
    } else if (w != none) {
      ++per_part[size_t(own_part[size_t(-w - 1)]) + 1];
    }
  }
  const size_t nr = rx.size();
  P.last_save = PairList<I>(std::move(rx), std::move(ry), {nr});
  for (size_t k = 0; k < np; ++k) per_part[k + 1] += per_part[k];
  std::vector<size_t> seg_end(per_part.begin() + 1, per_part.end());
  std::vector<I> sx(per_part.back() + 1), sy(per_part.back() + 1);
  for (int64_t j = 0; j < gi.dn; ++j) {
    int64_t w = last[size_t(j)];
    if (w < 0 && w != none) {
      size_t e = size_t(-w - 1), at = per_part[size_t(own_part[e])]++;
      sx[at] = own_i[e];
      sy[at] = I(j);
    }
  }
  P.last_clean = PairList<I>(std::move(sx), std::move(sy), std::move(seg_end));
}

template <class I>
std::unique_ptr<PutLists<I>> build_put_lists(const Indexer &gi, const Lists<I> &L) {
  auto P = std::make_unique<PutLists<I>>();
  P->pack = sorted_by_y(L.remote, gi.nout());
  P->clean = sorted_by_y(L.self_clean, gi.dn);
  P->save = reduce_save_list(gi, L);
  last_writers(gi, L, *P);
  return P;
}

}  // namespace

void Indexer::make_put_lists() {
  if (narrow)
    put_narrow = build_put_lists(*this, *narrow);
  else
    put_wide = build_put_lists(*this, *wide);
}

}  // namespace weft::indexer
