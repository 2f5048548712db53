// weft_copy: a local send/receive. Signatures are matched run by run; the data then
// moves directly when either side is contiguous, else through a small bounce buffer
// in byte windows.
#include <algorithm>
#include <vector>

#include "../support/checked.hpp"
#include "copy.hpp"
#include "pack.hpp"
#include "queries.hpp"
#include "pack_kernels.hpp"
#include "walk.hpp"

namespace weft {

namespace {
constexpr int64_t kChunk = 64 * 1024;

uintptr_t addr(const void *p) { return reinterpret_cast<uintptr_t>(p); }

// Fails unless the message's signature is a prefix of the receive signature.
void match_signatures(const Type &s, int64_t scount, const Type &d, int64_t dcount) {
  SigRuns a(s, scount), b(d, dcount);
  BasicId ia{}, ib{};
  int64_t la = 0, lb = 0, matched = 0;
  while (true) {
    if (la == 0 && !a.next(ia, la)) return;
    if (lb == 0 && !b.next(ib, lb))
      fail(WEFT_TRUNCATED, "the message has more than the %lld entries the receive holds", (long long)matched);
    if (ia != ib)
      fail(WEFT_SIGNATURE_MISMATCH, "entry %lld: message has %s, receive expects %s", (long long)matched,
           basic_info(ia).name, basic_info(ib).name);
    int64_t m = std::min(la, lb);
    la -= m;
    lb -= m;
    matched += m;
  }
}
}  // namespace

int64_t copy(const void *src, int64_t scount, const Type &st, void *dst, int64_t dcount, Type &dt) {
  if (!st.committed() || !dt.committed())
    fail(WEFT_TYPE_NOT_COMMITTED, "the %s datatype has not been committed", st.committed() ? "receive" : "send");
  check_copies_span(st, scount);
  check_copies_span(dt, dcount);
  int64_t nbytes = pack_size(st, scount);
  match_signatures(st, scount, dt, dcount);
  if (!receive_disjoint(dt, dcount))
    fail(WEFT_OVERLAPPING_TYPE, "%lld copies of the receive type write some bytes twice", (long long)dcount);
  const Program &sp = *st.program, &dp = *dt.program;
  if (nbytes == 0) return 0;
  if (sp.contiguous) {
    char *in = kernels::at(addr(src) + sp.true_lb);
    kernels::run_copies_window<false>(dp, addr(dst), 0, nbytes, in);
  } else if (dp.contiguous) {
    char *out = kernels::at(addr(dst) + dp.true_lb);
    kernels::run_copies_window<true>(sp, addr(src), 0, nbytes, out);
  } else {
    std::vector<char> bounce(size_t(std::min(nbytes, kChunk)));
    for (int64_t off = 0; off < nbytes; off += kChunk) {
      int64_t end = std::min(nbytes, off + kChunk);
      kernels::run_copies_window<true>(sp, addr(src), off, end, bounce.data());
      kernels::run_copies_window<false>(dp, addr(dst), off, end, bounce.data());
    }
  }
  return nbytes;
}

}  // namespace weft
