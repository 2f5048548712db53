// Data movement kernels. Pack = typed memory -> packed stream; unpack the reverse.
// Addresses are carried as uintptr_t so that WEFT_BOTTOM (address 0) plus absolute
// displacements is ordinary integer arithmetic.
//
// Leaves of common widths move with a fixed-size memcpy, which compilers lower to
// single uint-width loads and stores (the NumPy uint copy) whatever the alignment, so
// one kernel serves aligned and unaligned buffers; other widths use a short
// overlapping-move sequence, long pieces memcpy.
#pragma once
#include <cstdint>
#include <cstring>

#include "program.hpp"

namespace weft {
namespace kernels {

#ifndef WEFT_INLINE_MOVE_MAX
#define WEFT_INLINE_MOVE_MAX 256
#endif

inline char *at(uintptr_t a) { return reinterpret_cast<char *>(a); }

template <bool Pack, size_t N>
inline void move_n(uintptr_t typed, char *packed) {
  if (Pack)
    std::memcpy(packed, at(typed), N);
  else
    std::memcpy(at(typed), packed, N);
}

// Any length; short lengths without a call into libc.
template <bool Pack>
inline void move_var(uintptr_t typed, char *packed, int64_t n) {
  char *t = at(typed);
  char *dst = Pack ? packed : t;
  const char *src = Pack ? t : packed;
  if (n <= 16) {
    if (n >= 8) {
      uint64_t a, b;
      std::memcpy(&a, src, 8);
      std::memcpy(&b, src + n - 8, 8);
      std::memcpy(dst, &a, 8);
      std::memcpy(dst + n - 8, &b, 8);
    } else if (n >= 4) {
      uint32_t a, b;
      std::memcpy(&a, src, 4);
      std::memcpy(&b, src + n - 4, 4);
      std::memcpy(dst, &a, 4);
      std::memcpy(dst + n - 4, &b, 4);
    } else {
      for (int64_t i = 0; i < n; ++i) dst[i] = src[i];
    }
  } else if (n <= 32) {
    char a[16], b[16];
    std::memcpy(a, src, 16);
    std::memcpy(b, src + n - 16, 16);
    std::memcpy(dst, a, 16);
    std::memcpy(dst + n - 16, b, 16);
  } else if (n <= 64) {
    char a[32], b[32];
    std::memcpy(a, src, 32);
    std::memcpy(b, src + n - 32, 32);
    std::memcpy(dst, a, 32);
    std::memcpy(dst + n - 32, b, 32);
  } else if (n <= WEFT_INLINE_MOVE_MAX) {
    // Mid-size blocks (WRF's 92-byte rows): 32-byte moves plus an overlapping tail
    // beat a call into libc's memcpy.
    char a[32];
    for (int64_t i = 0; i + 32 < n; i += 32) {
      std::memcpy(a, src + i, 32);
      std::memcpy(dst + i, a, 32);
    }
    std::memcpy(a, src + n - 32, 32);
    std::memcpy(dst + n - 32, a, 32);
  } else {
    std::memcpy(dst, src, size_t(n));
  }
}

// count leaves of N bytes, stride apart.
// Unrolled by four: with a run-time stride the compiler cannot vectorise, so the win
// is in fewer loop-carried updates per element.
template <bool Pack, size_t N>
inline void strided_n(uintptr_t t, int64_t count, int64_t stride, char *&p) {
  char *q = p;
  int64_t i = 0;
  for (; i + 4 <= count; i += 4) {
    move_n<Pack, N>(t, q);
    move_n<Pack, N>(t + stride, q + N);
    move_n<Pack, N>(t + 2 * stride, q + 2 * N);
    move_n<Pack, N>(t + 3 * stride, q + 3 * N);
    t += 4 * stride;
    q += 4 * N;
  }
  for (; i < count; ++i) {
    move_n<Pack, N>(t, q);
    t += stride;
    q += N;
  }
  p = q;
}

template <bool Pack>
void strided(uintptr_t t, int64_t count, int64_t stride, int64_t bytes, char *&p) {
  switch (bytes) {
    case 1: return strided_n<Pack, 1>(t, count, stride, p);
    case 2: return strided_n<Pack, 2>(t, count, stride, p);
    case 4: return strided_n<Pack, 4>(t, count, stride, p);
    case 8: return strided_n<Pack, 8>(t, count, stride, p);
    case 12: return strided_n<Pack, 12>(t, count, stride, p);
    case 16: return strided_n<Pack, 16>(t, count, stride, p);
    case 24: return strided_n<Pack, 24>(t, count, stride, p);
    case 32: return strided_n<Pack, 32>(t, count, stride, p);
    case 40: return strided_n<Pack, 40>(t, count, stride, p);
    case 48: return strided_n<Pack, 48>(t, count, stride, p);
    case 64: return strided_n<Pack, 64>(t, count, stride, p);
    default:
      for (int64_t i = 0; i < count; ++i) {
        move_var<Pack>(t, p, bytes);
        t += stride;
        p += bytes;
      }
  }
}

// Leaves of N bytes at t + d[i]; indexed is int32_t when every displacement fits (half the
// index traffic), else int64_t.
template <bool Pack, size_t N, class Idx>
inline void indexed_n(uintptr_t t, const Idx *d, int64_t count, char *&p) {
  char *q = p;
  int64_t i = 0;
  for (; i + 4 <= count; i += 4) {
    move_n<Pack, N>(t + d[i], q);
    move_n<Pack, N>(t + d[i + 1], q + N);
    move_n<Pack, N>(t + d[i + 2], q + 2 * N);
    move_n<Pack, N>(t + d[i + 3], q + 3 * N);
    q += 4 * N;
  }
  for (; i < count; ++i) {
    move_n<Pack, N>(t + d[i], q);
    q += N;
  }
  p = q;
}

template <bool Pack, class Idx>
void indexed(uintptr_t t, const Idx *d, int64_t count, int64_t bytes, char *&p) {
  switch (bytes) {
    case 1: return indexed_n<Pack, 1>(t, d, count, p);
    case 2: return indexed_n<Pack, 2>(t, d, count, p);
    case 4: return indexed_n<Pack, 4>(t, d, count, p);
    case 8: return indexed_n<Pack, 8>(t, d, count, p);
    case 12: return indexed_n<Pack, 12>(t, d, count, p);
    case 16: return indexed_n<Pack, 16>(t, d, count, p);
    case 24: return indexed_n<Pack, 24>(t, d, count, p);
    case 32: return indexed_n<Pack, 32>(t, d, count, p);
    default:
      for (int64_t i = 0; i < count; ++i) {
        move_var<Pack>(t + d[i], p, bytes);
        p += bytes;
      }
  }
}

// Block-indexed leaves [a, b) of node n (kid is a leaf).
template <bool Pack>
void indexed_range(const Node &n, uintptr_t b, int64_t a, int64_t e, char *&p) {
  const Node &k = n.kid();
  if (!n.displs32.empty())
    return indexed<Pack>(b + k.disp, n.displs32.data() + a, e - a, k.bytes, p);
  indexed<Pack>(b + k.disp, n.displs.data() + a, e - a, k.bytes, p);
}

// A transpose-like nest: n1 x n2 leaves of N bytes at t + i*s1 + j*s2, packed i-major,
// with s1 small and s2 large. Walking it in tiles of T rows makes every cache line on
// both sides fully used instead of touching one line per element.
template <bool Pack, size_t N>
void tiled(uintptr_t t, int64_t n1, int64_t s1, int64_t n2, int64_t s2, char *&p) {
  constexpr int64_t T = 8;
  char *p0 = p;
  for (int64_t i0 = 0; i0 < n1; i0 += T) {
    int64_t ie = i0 + T < n1 ? i0 + T : n1;
    for (int64_t j = 0; j < n2; ++j)
      for (int64_t i = i0; i < ie; ++i) move_n<Pack, N>(t + i * s1 + j * s2, p0 + (i * n2 + j) * int64_t(N));
  }
  p = p0 + n1 * n2 * int64_t(N);
}

// Whether the strided-of-strided-of-leaf n is a transpose worth tiling, and runs it if so.
template <bool Pack>
bool try_tiled(const Node &n, uintptr_t b, char *&p) {
  const Node &k = n.kid();
  if (k.kind != NodeKind::strided || k.kid().kind != NodeKind::leaf || k.count < 16) return false;
  int64_t s1 = n.stride < 0 ? -n.stride : n.stride, s2 = k.stride < 0 ? -k.stride : k.stride;
  if (s1 > 64 || s2 < 1024) return false;
  uintptr_t t = b + k.disp + k.kid().disp;
  switch (k.kid().bytes) {
    case 4: tiled<Pack, 4>(t, n.count, n.stride, k.count, k.stride, p); return true;
    case 8: tiled<Pack, 8>(t, n.count, n.stride, k.count, k.stride, p); return true;
    case 16: tiled<Pack, 16>(t, n.count, n.stride, k.count, k.stride, p); return true;
    default: return false;
  }
}

// One whole instance of n at base.
template <bool Pack>
void run(const Node &n, uintptr_t base, char *&p) {
  uintptr_t b = base + n.disp;
  switch (n.kind) {
    case NodeKind::leaf:
      move_var<Pack>(b, p, n.bytes);
      p += n.bytes;
      return;
    case NodeKind::strided: {
      const Node &k = n.kid();
      if (k.kind == NodeKind::leaf) return strided<Pack>(b + k.disp, n.count, n.stride, k.bytes, p);
      if (try_tiled<Pack>(n, b, p)) return;
      for (int64_t i = 0; i < n.count; ++i) run<Pack>(k, b + i * n.stride, p);
      return;
    }
    case NodeKind::block_indexed: {
      const Node &k = n.kid();
      if (k.kind == NodeKind::leaf) return indexed_range<Pack>(n, b, 0, n.count, p);
      for (int64_t i = 0; i < n.count; ++i) run<Pack>(k, b + n.displs[i], p);
      return;
    }
    case NodeKind::pieces: {
      const int64_t *d = n.displs.data(), *pre = n.prefix.data();
      for (int64_t i = 0; i < n.count; ++i) {
        int64_t len = pre[i + 1] - pre[i];
        move_var<Pack>(b + d[i], p, len);
        p += len;
      }
      return;
    }
    case NodeKind::indexed: {
      const Node &k = n.kid();
      for (int64_t i = 0; i < n.count; ++i) {
        int64_t c = n.prefix[i + 1] - n.prefix[i];
        if (k.kind == NodeKind::leaf)
          strided<Pack>(b + n.displs[i] + k.disp, c, n.stride, k.bytes, p);
        else
          for (int64_t j = 0; j < c; ++j) run<Pack>(k, b + n.displs[i] + j * n.stride, p);
      }
      return;
    }
    case NodeKind::sequence:
      for (const auto &k : n.kids) run<Pack>(*k, b, p);
      return;
  }
}

// Bytes [lo, hi) of one instance's packed stream, 0 <= lo < hi <= n.size.
template <bool Pack>
void run_window(const Node &n, uintptr_t base, int64_t lo, int64_t hi, char *&p);

// Splits the window [lo, hi) over items of isz packed bytes each into a partial head,
// a run of whole items (full(a, b) moves items [a, b) with the fast kernels) and a
// partial tail (part(i, lo, hi) moves a window of item i).
template <class Full, class Part>
void split_window(int64_t isz, int64_t lo, int64_t hi, Full full, Part part) {
  int64_t i = lo / isz, end = (hi + isz - 1) / isz;
  if (lo % isz != 0 || (i + 1 == end && hi - i * isz < isz)) {
    int64_t s = i * isz;
    part(i, lo - s, hi - s < isz ? hi - s : isz);
    ++i;
  }
  int64_t whole_end = hi / isz;
  if (whole_end > i) {
    full(i, whole_end);
    i = whole_end;
  }
  if (i < end) part(i, 0, hi - i * isz);
}

// First i with prefix[i+1] > x.
inline int64_t find_item(const std::vector<int64_t> &prefix, int64_t x) {
  int64_t lo = 0, hi = int64_t(prefix.size()) - 1;
  while (lo < hi) {
    int64_t mid = (lo + hi) / 2;
    if (prefix[mid + 1] > x) hi = mid; else lo = mid + 1;
  }
  return lo;
}

// Instances [a, b) of k placed stride apart from b0.
template <bool Pack>
void run_strided(const Node &k, uintptr_t b0, int64_t stride, int64_t a, int64_t b, char *&p) {
  if (k.kind == NodeKind::leaf) return strided<Pack>(b0 + a * stride + k.disp, b - a, stride, k.bytes, p);
  for (int64_t i = a; i < b; ++i) run<Pack>(k, b0 + i * stride, p);
}

template <bool Pack>
void run_window(const Node &n, uintptr_t base, int64_t lo, int64_t hi, char *&p) {
  if (lo == 0 && hi == n.size) return run<Pack>(n, base, p);
  uintptr_t b = base + n.disp;
  switch (n.kind) {
    case NodeKind::leaf:
      move_var<Pack>(b + lo, p, hi - lo);
      p += hi - lo;
      return;
    case NodeKind::strided: {
      const Node &k = n.kid();
      return split_window(
          k.size, lo, hi, [&](int64_t a, int64_t e) { run_strided<Pack>(k, b, n.stride, a, e, p); },
          [&](int64_t i, int64_t x, int64_t y) { run_window<Pack>(k, b + i * n.stride, x, y, p); });
    }
    case NodeKind::block_indexed: {
      const Node &k = n.kid();
      return split_window(
          k.size, lo, hi,
          [&](int64_t a, int64_t e) {
            if (k.kind == NodeKind::leaf) return indexed_range<Pack>(n, b, a, e, p);
            for (int64_t i = a; i < e; ++i) run<Pack>(k, b + n.displs[i], p);
          },
          [&](int64_t i, int64_t x, int64_t y) { run_window<Pack>(k, b + n.displs[i], x, y, p); });
    }
    case NodeKind::pieces:
      for (int64_t i = find_item(n.prefix, lo); i < n.count && n.prefix[i] < hi; ++i) {
        int64_t s = n.prefix[i], e = n.prefix[i + 1];
        int64_t a = lo > s ? lo - s : 0, z = (hi < e ? hi : e) - s;
        move_var<Pack>(b + n.displs[i] + a, p, z - a);
        p += z - a;
      }
      return;
    case NodeKind::indexed: {
      const Node &k = n.kid();
      int64_t ks = k.size;
      for (int64_t i = find_item(n.prefix, lo / ks); i < n.count && n.prefix[i] * ks < hi; ++i) {
        int64_t s = n.prefix[i] * ks, e = n.prefix[i + 1] * ks;
        int64_t a = lo > s ? lo - s : 0, z = (hi < e ? hi : e) - s;
        uintptr_t bb = b + n.displs[i];
        split_window(
            ks, a, z, [&](int64_t x, int64_t y) { run_strided<Pack>(k, bb, n.stride, x, y, p); },
            [&](int64_t j, int64_t x, int64_t y) { run_window<Pack>(k, bb + j * n.stride, x, y, p); });
      }
      return;
    }
    case NodeKind::sequence:
      for (int64_t i = find_item(n.prefix, lo); i < n.count && n.prefix[i] < hi; ++i) {
        int64_t s = n.prefix[i], e = n.prefix[i + 1];
        int64_t a = lo > s ? lo - s : 0, z = (hi < e ? hi : e) - s;
        run_window<Pack>(*n.kids[i], b, a, z, p);
      }
      return;
  }
}

// `count` copies of program pr at base, whole.
template <bool Pack>
void run_copies(const Program &pr, uintptr_t base, int64_t count, char *&p) {
  if (!pr.root || count == 0) return;
  if (pr.contiguous) {
    move_var<Pack>(base + pr.true_lb, p, count * pr.size);
    p += count * pr.size;
    return;
  }
  const Node &r = *pr.root;
  if (r.kind == NodeKind::leaf) return strided<Pack>(base + r.disp, count, pr.extent, r.bytes, p);
  if (r.kind == NodeKind::strided && r.kid().kind == NodeKind::leaf && pr.extent == r.count * r.stride)
    return strided<Pack>(base + r.disp + r.kid().disp, count * r.count, r.stride, r.kid().bytes, p);
  for (int64_t c = 0; c < count; ++c) run<Pack>(r, base + c * pr.extent, p);
}

// Bytes [lo, hi) of the packed stream of copies of pr at base.
template <bool Pack>
void run_copies_window(const Program &pr, uintptr_t base, int64_t lo, int64_t hi, char *p) {
  if (!pr.root || lo >= hi) return;
  if (pr.contiguous) {
    move_var<Pack>(base + pr.true_lb + lo, p, hi - lo);
    return;
  }
  split_window(
      pr.size, lo, hi, [&](int64_t a, int64_t e) { run_copies<Pack>(pr, base + a * pr.extent, e - a, p); },
      [&](int64_t c, int64_t x, int64_t y) { run_window<Pack>(*pr.root, base + c * pr.extent, x, y, p); });
}

}  // namespace kernels
}  // namespace weft
