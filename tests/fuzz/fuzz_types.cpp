// libFuzzer target: type construction sequences, then commit, queries and data movement
// into exactly sized buffers, checking weft.h's promises as invariants:
//   - a failing call changes nothing (its outputs and the caller's buffers);
//   - unpack(pack(x)) restores exactly the typemap's bytes and writes nothing else;
//   - weft_copy equals pack then unpack;
//   - nothing is written past outsize; partial windows concatenate to the whole pack;
//   - queries agree with each other (typemap count, signature, size).
// The input is a little program: each step reads an opcode and small arguments and
// pushes a new type built from the stack (predefined types at the bottom).
// A broken invariant aborts (libFuzzer saves the input); ASan/UBSan catch the rest.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "weft.h"

namespace {

struct Input {
  const uint8_t *p;
  size_t n;
  uint8_t byte() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
  int64_t small(int64_t lo, int64_t hi) { return lo + int64_t(byte()) % (hi - lo + 1); }
  // mostly small, sometimes huge: the costs must follow the arguments, not the entries
  int64_t count() {
    uint8_t b = byte();
    if (b < 240) return b % 6;
    return int64_t(1) << (20 + b % 24);
  }
  int64_t disp() { return int64_t(int8_t(byte())) * (byte() % 4 == 0 ? 1 : 4); }
};

[[noreturn]] void broken(const char *what) {
  std::fprintf(stderr, "invariant broken: %s (%s)\n", what, weft_last_error());
  std::abort();
}
void require(bool ok, const char *what) {
  if (!ok) broken(what);
}

const weft_type kBasics[] = {WEFT_CHAR, WEFT_SHORT, WEFT_INT, WEFT_INT64, WEFT_FLOAT, WEFT_DOUBLE,
                             WEFT_BOOL, WEFT_C_DOUBLE_COMPLEX, WEFT_LONG_DOUBLE, WEFT_UINT16};

struct Stack {
  std::vector<weft_type> types;  // derived ones are ours to free
  ~Stack() {
    for (weft_type &t : types) weft_type_free(&t);
  }
  weft_type pick(Input &in) {
    if (types.empty() || in.byte() % 3 == 0) return kBasics[in.byte() % (sizeof kBasics / sizeof *kBasics)];
    return types[in.byte() % types.size()];
  }
};

// A call that fails must leave *out as it was.
void built(Stack &s, weft_status st, weft_type t, weft_type before) {
  if (st == WEFT_SUCCESS) {
    require(t != nullptr && t != before, "a constructor succeeded without a new handle");
    s.types.push_back(t);
  } else {
    require(t == before, "a failing constructor wrote its output");
  }
}

void build_one(Stack &s, Input &in) {
  weft_type old = s.pick(in);
  weft_type marker = reinterpret_cast<weft_type>(uintptr_t(0x5E17));
  weft_type t = marker;
  int64_t n = in.small(0, 4);
  const size_t nb = static_cast<size_t>(n);
  std::vector<int64_t> bl(nb), di(nb);
  std::vector<weft_aint> da(nb);
  std::vector<weft_type> ty(nb);
  for (int64_t i = 0; i < n; ++i) {
    bl[size_t(i)] = in.count();
    di[size_t(i)] = in.disp();
    da[size_t(i)] = in.disp();
    ty[size_t(i)] = in.byte() % 8 == 0 ? (in.byte() % 2 ? WEFT_LB : WEFT_UB) : s.pick(in);
  }
  weft_status st;
  int64_t a1 = 0, a2 = 0, a3 = 0;  // the scalar arguments, for WEFT_FUZZ_VERBOSE
  const int op = in.byte() % 12;
  switch (op) {
    case 0: st = weft_type_contiguous(a1 = in.count(), old, &t); break;
    case 1: st = weft_type_vector(a1 = in.count(), a2 = in.count(), a3 = in.disp(), old, &t); break;
    case 2: st = weft_type_hvector(a1 = in.count(), a2 = in.count(), a3 = in.disp(), old, &t); break;
    case 3: st = weft_type_indexed(n, bl.data(), di.data(), old, &t); break;
    case 4: st = weft_type_hindexed(n, bl.data(), da.data(), old, &t); break;
    case 5: st = weft_type_indexed_block(n, a1 = in.count(), di.data(), old, &t); break;
    case 6: st = weft_type_hindexed_block(n, a1 = in.count(), da.data(), old, &t); break;
    case 7: st = weft_type_struct(n, bl.data(), da.data(), ty.data(), &t); break;
    case 8: {
      int64_t sizes[2] = {in.small(0, 5), in.small(0, 5)}, subs[2] = {in.small(0, 5), in.small(0, 5)},
              starts[2] = {in.small(0, 5), in.small(0, 5)};
      st = weft_type_subarray(int(in.small(1, 2)), sizes, subs, starts, in.byte() % 2 ? WEFT_ORDER_C : WEFT_ORDER_FORTRAN,
                              old, &t);
      break;
    }
    case 9: st = weft_type_resized(old, a1 = in.disp(), a2 = in.disp(), &t); break;
    case 10: st = weft_type_dup(old, &t); break;
    default: {
      std::vector<weft_aint> out(nb, -1);
      for (auto &x : ty)
        if (x == WEFT_LB || x == WEFT_UB) x = WEFT_INT;
      st = weft_type_struct_aligned(n, bl.data(), ty.data(), out.data(), &t);
      break;
    }
  }
  if (std::getenv("WEFT_FUZZ_VERBOSE")) {  // to read a finding: what was built
    int64_t ne = -1;
    if (st == WEFT_SUCCESS) weft_type_typemap(t, 0, nullptr, nullptr, &ne);
    int64_t osize = 0;
    weft_type_size(old, &osize);
    std::fprintf(stderr, "step: op %d (%lld, %lld, %lld) of a %lld-byte type: %s, %lld entries; blocks:", op,
                 (long long)a1, (long long)a2, (long long)a3, (long long)osize, weft_status_name(st), (long long)ne);
    for (size_t i = 0; i < nb; ++i) std::fprintf(stderr, " (%lld, %lld)", (long long)bl[i], (long long)da[i]);
    std::fprintf(stderr, "\n");
  }
  built(s, st, t, marker);
  if (st == WEFT_SUCCESS && in.byte() % 2) require(weft_type_commit(t) == WEFT_SUCCESS, "commit failed");
}

// Bytes of one copy's typemap at offsets relative to the origin.
struct Map {
  std::vector<std::pair<int64_t, int64_t>> entries;  // (displacement, size)
};

bool typemap_of(weft_type t, int64_t limit, Map &m) {
  int64_t n = -1;
  require(weft_type_typemap(t, 0, nullptr, nullptr, &n) == WEFT_SUCCESS && n >= 0, "typemap count");
  if (n > limit) return false;
  std::vector<weft_type> b(size_t(n) + 1, nullptr);
  std::vector<weft_aint> d(size_t(n) + 1, 0);
  int64_t got = -1;
  if (n > 1) {  // one entry short: WEFT_INSUFFICIENT_SPACE, nothing written
    require(weft_type_typemap(t, n - 1, b.data(), d.data(), &got) == WEFT_INSUFFICIENT_SPACE, "typemap capacity");
    require(got == -1 && b[0] == nullptr && d[0] == 0, "typemap wrote with too little room");
  }
  require(weft_type_typemap(t, n, b.data(), d.data(), &got) == WEFT_SUCCESS && got == n, "typemap");
  for (int64_t i = 0; i < n; ++i) {
    int64_t sz = 0;
    require(weft_type_size(b[size_t(i)], &sz) == WEFT_SUCCESS, "basic size");
    m.entries.push_back({d[size_t(i)], sz});
  }
  return true;
}

void move_data(weft_type t, Input &in) {
  require(weft_type_commit(t) == WEFT_SUCCESS, "commit");
  int64_t size = 0, count = in.small(0, 3), pack_size = -1;
  weft_aint lb = 0, extent = 0, tlb = 0, textent = 0;
  require(weft_type_size(t, &size) == WEFT_SUCCESS, "size");
  require(weft_type_extent(t, &lb, &extent) == WEFT_SUCCESS, "extent");
  require(weft_type_true_extent(t, &tlb, &textent) == WEFT_SUCCESS, "true extent");
  uint64_t fp = 0;
  require(weft_type_signature(t, &fp) == WEFT_SUCCESS, "signature");
  require(size != 0 || fp == 0, "a type without data has a signature");
  if (weft_pack_size(count, t, &pack_size) != WEFT_SUCCESS) return;  // overflow: fine
  if (pack_size > (1 << 16) || textent > (1 << 16) || extent > (1 << 16) || extent < -(1 << 16)) return;
  Map m;
  if (!typemap_of(t, 1 << 12, m)) return;
  // The typed buffer: count copies at origin + c*extent, data in [lo, hi).
  int64_t lo = 0, hi = 0;
  for (int64_t c = 0; c < count; ++c) {
    int64_t base = c * extent;
    if (c == 0 || base + tlb < lo) lo = base + tlb;
    if (c == 0 || base + tlb + textent > hi) hi = base + tlb + textent;
  }
  const int64_t guard = 16, span = hi - lo;
  std::vector<uint8_t> src(size_t(span + 2 * guard)), dst(src.size(), 0xEE), dst2(src.size(), 0xEE);
  for (size_t i = 0; i < src.size(); ++i) src[i] = uint8_t(i * 131 + 7);
  uint8_t *origin_src = src.data() + guard - lo, *origin_dst = dst.data() + guard - lo,
          *origin_dst2 = dst2.data() + guard - lo;
  // pack into exactly pack_size bytes, guard bytes after it untouched
  std::vector<uint8_t> packed(size_t(pack_size) + guard, 0xAB);
  int64_t pos = 0;
  require(weft_pack(origin_src, count, t, packed.data(), pack_size, &pos) == WEFT_SUCCESS && pos == pack_size,
          "pack into exactly pack_size");
  for (int64_t g = 0; g < guard; ++g) require(packed[size_t(pack_size + g)] == 0xAB, "pack wrote past outsize");
  if (pack_size > 0) {  // one byte short: fails, writes nothing, position kept
    std::vector<uint8_t> shorter(size_t(pack_size), 0xCD);
    int64_t p2 = 0;
    require(weft_pack(origin_src, count, t, shorter.data(), pack_size - 1, &p2) == WEFT_INSUFFICIENT_SPACE && p2 == 0,
            "short pack");
    for (uint8_t b : shorter) require(b == 0xCD, "a failing pack wrote");
  }
  // partial windows concatenate to the whole pack
  if (pack_size > 0) {
    int64_t w = in.small(1, 9), off = 0;
    std::vector<uint8_t> joined(static_cast<size_t>(pack_size));
    while (off < pack_size) {
      int64_t got = -1;
      require(weft_pack_partial(origin_src, count, t, off, w, joined.data() + off, &got) == WEFT_SUCCESS && got > 0,
              "pack_partial");
      off += got;
    }
    require(std::memcmp(joined.data(), packed.data(), size_t(pack_size)) == 0, "windows != pack");
  }
  // unpack: exactly the typemap bytes, or WEFT_OVERLAPPING_TYPE writing nothing
  pos = 0;
  weft_status su = weft_unpack(packed.data(), pack_size, &pos, origin_dst, count, t);
  if (su == WEFT_OVERLAPPING_TYPE) {
    require(pos == 0, "a failing unpack moved position");
    for (uint8_t b : dst) require(b == 0xEE, "a failing unpack wrote");
    return;
  }
  require(su == WEFT_SUCCESS && pos == pack_size, "unpack");
  std::vector<uint8_t> covered(dst.size(), 0);
  for (int64_t c = 0; c < count; ++c)
    for (auto [d, sz] : m.entries)
      for (int64_t b = 0; b < sz; ++b) covered[size_t(guard - lo + c * extent + d + b)] = 1;
  for (size_t i = 0; i < dst.size(); ++i)
    require(covered[i] ? dst[i] == src[i] : dst[i] == 0xEE, "unpack(pack(x)) differs from the typemap's bytes");
  // copy = pack then unpack
  int64_t nbytes = -1;
  require(weft_copy(origin_src, count, t, origin_dst2, count, t, &nbytes) == WEFT_SUCCESS && nbytes == pack_size,
          "copy");
  require(dst2 == dst, "copy != pack then unpack");
}

}  // namespace

// Envelope/contents agree and hand out handles that can be freed; the iov pieces of one
// committed copy add up to its size.
void queries(weft_type t) {
  int64_t ni = -1, na = -1, nt = -1;
  int comb = -1;
  require(weft_type_envelope(t, &ni, &na, &nt, &comb) == WEFT_SUCCESS && ni >= 0 && na >= 0 && nt >= 0,
          "envelope");
  if (comb != WEFT_COMBINER_NAMED && ni < 4096 && na < 4096 && nt < 4096) {
    std::vector<int64_t> ints(size_t(ni) + 1);
    std::vector<weft_aint> addrs(size_t(na) + 1);
    std::vector<weft_type> types(size_t(nt) + 1, nullptr);
    if (ni > 0)  // one integer short: WEFT_INSUFFICIENT_SPACE, no handle made
      require(weft_type_contents(t, ni - 1, na, nt, ints.data(), addrs.data(), types.data()) ==
                      WEFT_INSUFFICIENT_SPACE &&
                  types[0] == nullptr,
              "contents with too little room");
    require(weft_type_contents(t, ni, na, nt, ints.data(), addrs.data(), types.data()) == WEFT_SUCCESS,
            "contents");
    for (int64_t i = 0; i < nt; ++i) {
      int64_t ti = 0, tt = 0;
      int tc = 0;
      require(weft_type_envelope(types[size_t(i)], &ti, &tt, &tt, &tc) == WEFT_SUCCESS, "an input's envelope");
      if (tc != WEFT_COMBINER_NAMED) require(weft_type_free(&types[size_t(i)]) == WEFT_SUCCESS, "free an input");
    }
  }
  int64_t size = 0, npieces = -1, entries = 0;
  weft_type_size(t, &size);
  if (weft_type_commit(t) != WEFT_SUCCESS) broken("commit");
  // Counting pieces costs O(pieces) (weft.h): only where pieces <= entries are few.
  weft_type_typemap(t, 0, nullptr, nullptr, &entries);
  if (entries > (1 << 16)) return;
  require(weft_type_iov(t, 1, 0, 0, nullptr, nullptr, &npieces) == WEFT_SUCCESS && npieces >= 0, "iov count");
  if (npieces > 0 && npieces <= 4096) {
    std::vector<weft_aint> off(static_cast<size_t>(npieces));
    std::vector<int64_t> len(static_cast<size_t>(npieces));
    int64_t got = -1, total = 0;
    require(weft_type_iov(t, 1, 0, npieces, off.data(), len.data(), &got) == WEFT_SUCCESS && got == npieces, "iov");
    for (int64_t l : len) total += l;
    require(total == size, "the iov pieces do not add up to the size");
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Input in{data, size};
  Stack s;
  int steps = int(in.small(1, 6));
  for (int i = 0; i < steps; ++i) {
    build_one(s, in);
    // Sometimes free an earlier type: the types built on it keep it alive.
    if (s.types.size() > 1 && in.byte() % 4 == 0) {
      size_t k = in.byte() % (s.types.size() - 1);
      require(weft_type_free(&s.types[k]) == WEFT_SUCCESS && s.types[k] == nullptr, "free");
      s.types.erase(s.types.begin() + long(k));
    }
  }
  if (!s.types.empty() && in.byte() % 2) queries(s.types.back());
  if (!s.types.empty()) {
    weft_type t = s.types.back();
    int64_t n = 0;
    require(weft_type_typemap(t, 0, nullptr, nullptr, &n) == WEFT_SUCCESS, "typemap count of a new type");
    move_data(t, in);
  }
  return 0;
}
