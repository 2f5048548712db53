// ddt_cases.hpp — the benchmark cases: synthetic shapes and the 16 DDTBench kernels.
//
// A case owns its arrays (filled with distinct values), says where packing reads from
// (sbuf, or WEFT_BOTTOM/MPI_BOTTOM for absolute-address struct types) and where unpacking
// writes to (rbuf), describes its send and receive datatypes ONCE as a generic function of
// a builder (type_builders.hpp) so weft and the MPI get the identical construction, and
// carries the application's own hand-written pack and unpack loops ("manual" method of
// DDTBench) that produce/consume the same packed byte stream.
//
// Kernel constructions follow /work/shared/reference/ddtbench_kernels.md (DDTBench 1.2,
// src_c/timing_*.c). One parameter set per kernel; random index lists are distinct and
// unsorted (DDTBench's shuffle) but from a fixed seed, so every run packs the same data.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "type_builders.hpp"
#include "splitmix64.hpp"

namespace bench {

struct Case {
  std::string name;
  std::string shape;      // human description of the datatype(s), for the report
  bool ddtbench = false;  // one of the 16 DDTBench kernels
  bool same_type = true;  // unpack uses the send type (else the separate recv type)
  bool has_memcpy = false;  // also time a plain memcpy of the packed bytes (contiguous case)
  int64_t bytes = 0;        // packed bytes of one message (checked against both engines)

  const void *sbuf = nullptr;  // nullptr = BOTTOM (absolute addresses)
  void *rbuf = nullptr;        // nullptr = BOTTOM
  const void *memcpy_src = nullptr;  // for has_memcpy: the contiguous source/destination
  void *memcpy_dst = nullptr;

  // Memory the receive side may write: reset to a sentinel before each verified unpack
  // and compared byte for byte afterwards (also catches stray writes).
  std::vector<std::pair<char *, size_t>> recv_regions;

  std::function<void(char *out)> hand_pack;
  std::function<void(const char *in)> hand_unpack;
  std::function<weft_type(WeftBuilder &, bool recv)> build_weft;
  std::function<MPI_Datatype(MpiBuilder &, bool recv)> build_mpi;

  // ---- memory ------------------------------------------------------------------------
  template <class E>
  E *alloc(size_t n) {
    size_t bytes_ = (n * sizeof(E) + 63) / 64 * 64;
    if (bytes_ == 0) bytes_ = 64;
    void *p = std::aligned_alloc(64, bytes_);
    if (p == nullptr) throw CaseError("out of memory allocating " + std::to_string(bytes_) + " bytes");
    std::memset(p, 0, bytes_);
    owned_.emplace_back(p, [](void *q) { std::free(q); });
    return static_cast<E *>(p);
  }
  template <class E>
  void recv_region(E *p, size_t n) {
    recv_regions.emplace_back(reinterpret_cast<char *>(p), n * sizeof(E));
  }

  // Installs one generic description for both engines.
  template <class F>
  void types(F f) {
    build_weft = f;
    build_mpi = f;
  }

 private:
  std::vector<std::shared_ptr<void>> owned_;
};

// ---- helpers -------------------------------------------------------------------------

using weft_testing::Rng;  // tests/support/splitmix64.hpp

// DDTBench's utilities_random_array_shuffle: 0..dim-1, each position swapped with a random
// one, the first icount kept: distinct, unsorted.
inline std::vector<int64_t> shuffled_list(int64_t icount, int64_t dim, uint64_t seed) {
  std::vector<int64_t> v(static_cast<size_t>(dim));
  for (int64_t i = 0; i < dim; ++i) v[static_cast<size_t>(i)] = i;
  Rng r(seed);
  for (int64_t i = 0; i < dim; ++i) std::swap(v[static_cast<size_t>(i)], v[static_cast<size_t>(r.below(dim))]);
  v.resize(static_cast<size_t>(icount));
  return v;
}

inline std::vector<int> as_int(const std::vector<int64_t> &v) { return std::vector<int>(v.begin(), v.end()); }

// Distinct values (exact as float up to 2^24), different per array through base.
inline void fill(float *a, size_t n, int64_t base) {
  for (size_t i = 0; i < n; ++i) a[i] = static_cast<float>((base + static_cast<int64_t>(i)) % 16000000 + 1);
}
inline void fill(double *a, size_t n, int64_t base) {
  for (size_t i = 0; i < n; ++i) a[i] = static_cast<double>(base + static_cast<int64_t>(i)) + 0.5;
}

inline std::vector<int64_t> times(const std::vector<int64_t> &v, int64_t k) {
  std::vector<int64_t> r(v);
  for (auto &x : r) x *= k;
  return r;
}

constexpr int64_t M = 1 << 20;  // "1M" elements

// =====================================================================================
// Synthetic shapes
// =====================================================================================

inline Case make_contiguous() {
  Case c;
  const int64_t n = M;
  c.name = "contiguous";
  c.shape = "contiguous(1M, double)";
  c.bytes = 8 * n;
  c.has_memcpy = true;
  double *a = c.alloc<double>(n);
  fill(a, n, 1);
  c.sbuf = a;
  c.rbuf = a;
  c.memcpy_src = a;
  c.memcpy_dst = a;
  c.recv_region(a, n);
  c.types([n](auto &b, bool) { return b.contiguous(n, b.f64()); });
  c.hand_pack = [a, n](char *out) {
    double *o = reinterpret_cast<double *>(out);
    for (int64_t i = 0; i < n; ++i) o[i] = a[i];
  };
  c.hand_unpack = [a, n](const char *in) {
    const double *p = reinterpret_cast<const double *>(in);
    for (int64_t i = 0; i < n; ++i) a[i] = p[i];
  };
  return c;
}

inline Case make_vector_stride2() {
  Case c;
  const int64_t n = M;
  c.name = "vector_1_of_2";
  c.shape = "vector(1M, blocklen 1, stride 2, double)";
  c.bytes = 8 * n;
  double *a = c.alloc<double>(2 * n);
  fill(a, 2 * n, 1);
  c.sbuf = a;
  c.rbuf = a;
  c.recv_region(a, 2 * n);
  c.types([n](auto &b, bool) { return b.vector(n, 1, 2, b.f64()); });
  c.hand_pack = [a, n](char *out) {
    double *o = reinterpret_cast<double *>(out);
    for (int64_t i = 0; i < n; ++i) o[i] = a[2 * i];
  };
  c.hand_unpack = [a, n](const char *in) {
    const double *p = reinterpret_cast<const double *>(in);
    for (int64_t i = 0; i < n; ++i) a[2 * i] = p[i];
  };
  return c;
}

inline Case make_vector_4of8() {
  Case c;
  const int64_t nb = M / 4;
  c.name = "vector_4_of_8";
  c.shape = "vector(256K, blocklen 4, stride 8, double)";
  c.bytes = 8 * 4 * nb;
  double *a = c.alloc<double>(8 * nb);
  fill(a, 8 * nb, 1);
  c.sbuf = a;
  c.rbuf = a;
  c.recv_region(a, 8 * nb);
  c.types([nb](auto &b, bool) { return b.vector(nb, 4, 8, b.f64()); });
  c.hand_pack = [a, nb](char *out) {
    double *o = reinterpret_cast<double *>(out);
    for (int64_t i = 0; i < nb; ++i)
      for (int64_t j = 0; j < 4; ++j) o[4 * i + j] = a[8 * i + j];
  };
  c.hand_unpack = [a, nb](const char *in) {
    const double *p = reinterpret_cast<const double *>(in);
    for (int64_t i = 0; i < nb; ++i)
      for (int64_t j = 0; j < 4; ++j) a[8 * i + j] = p[4 * i + j];
  };
  return c;
}

inline Case make_irregular_indexed() {
  Case c;
  // Blocks of 1..8 doubles separated by gaps of 1..8 doubles, until ~1M doubles packed.
  auto bl = std::make_shared<std::vector<int64_t>>();
  auto dp = std::make_shared<std::vector<int64_t>>();
  Rng r(20261122);
  int64_t pos = 0, packed = 0;
  while (packed < M) {
    int64_t len = 1 + r.below(8);
    int64_t gap = 1 + r.below(8);
    dp->push_back(pos);
    bl->push_back(len);
    pos += len + gap;
    packed += len;
  }
  const int64_t extent = pos;
  c.name = "irregular_indexed";
  c.shape = "indexed(" + std::to_string(bl->size()) + " blocks of 1..8, gaps 1..8, double)";
  c.bytes = 8 * packed;
  double *a = c.alloc<double>(extent);
  fill(a, extent, 1);
  c.sbuf = a;
  c.rbuf = a;
  c.recv_region(a, extent);
  c.types([bl, dp](auto &b, bool) { return b.indexed(*bl, *dp, b.f64()); });
  // The application keeps int lists.
  auto ibl = std::make_shared<std::vector<int>>(as_int(*bl));
  auto idp = std::make_shared<std::vector<int>>(as_int(*dp));
  c.hand_pack = [a, ibl, idp](char *out) {
    double *o = reinterpret_cast<double *>(out);
    const int *L = ibl->data(), *D = idp->data();
    const size_t nb = ibl->size();
    for (size_t i = 0; i < nb; ++i) {
      const double *s = a + D[i];
      for (int j = 0; j < L[i]; ++j) *o++ = s[j];
    }
  };
  c.hand_unpack = [a, ibl, idp](const char *in) {
    const double *p = reinterpret_cast<const double *>(in);
    const int *L = ibl->data(), *D = idp->data();
    const size_t nb = ibl->size();
    for (size_t i = 0; i < nb; ++i) {
      double *d = a + D[i];
      for (int j = 0; j < L[i]; ++j) d[j] = *p++;
    }
  };
  return c;
}

inline Case make_random_indexed_block() {
  Case c;
  const int64_t n = M, dim = 2 * M;
  auto list = std::make_shared<std::vector<int64_t>>(shuffled_list(n, dim, 7));
  c.name = "random_idx_block";
  c.shape = "indexed_block(1M, blocklen 1, distinct random displs in 2M, double)";
  c.bytes = 8 * n;
  double *a = c.alloc<double>(dim);
  fill(a, dim, 1);
  c.sbuf = a;
  c.rbuf = a;
  c.recv_region(a, dim);
  c.types([list](auto &b, bool) { return b.indexed_block(1, *list, b.f64()); });
  auto il = std::make_shared<std::vector<int>>(as_int(*list));
  c.hand_pack = [a, il](char *out) {
    double *o = reinterpret_cast<double *>(out);
    const int *l = il->data();
    const size_t nn = il->size();
    for (size_t i = 0; i < nn; ++i) o[i] = a[l[i]];
  };
  c.hand_unpack = [a, il](const char *in) {
    const double *p = reinterpret_cast<const double *>(in);
    const int *l = il->data();
    const size_t nn = il->size();
    for (size_t i = 0; i < nn; ++i) a[l[i]] = p[i];
  };
  return c;
}

// =====================================================================================
// DDTBench: WRF (x/y direction, vector and subarray variants)
// =====================================================================================

struct WrfParams {
  int64_t ims, ime, jms, jme, is, ie, js, je;
  // kms=1, kme=65, ks=1, ke=65 for every set
};

// The 9 arrays of the halo exchange and the index arithmetic shared by the four WRF cases.
struct WrfArrays {
  int64_t dim1, dim2, dim3, sub1, sub2, sub3, is0, ks0, js0;
  static constexpr int64_t limit = 2, pfs = 1;  // 4-D arrays: 2 slices, send from slice 1
  float *a2[4];
  float *a3[3];
  float *a4[2];
  int64_t i2(int64_t i, int64_t j) const { return i + dim1 * j; }
  int64_t i3(int64_t i, int64_t k, int64_t j) const { return i + dim1 * (k + dim2 * j); }
  int64_t i4(int64_t i, int64_t k, int64_t j, int64_t l) const { return i + dim1 * (k + dim2 * (j + dim3 * l)); }
};

inline std::shared_ptr<WrfArrays> wrf_arrays(Case &c, const WrfParams &p) {
  auto w = std::make_shared<WrfArrays>();
  const int64_t kms = 1, kme = 65, ks = 1, ke = 65;
  w->dim1 = p.ime - p.ims + 1;
  w->dim2 = kme - kms + 1;
  w->dim3 = p.jme - p.jms + 1;
  w->sub1 = p.ie - p.is + 1;
  w->sub2 = ke - ks + 1;
  w->sub3 = p.je - p.js + 1;
  w->is0 = p.is - p.ims;
  w->ks0 = ks - kms;
  w->js0 = p.js - p.jms;
  const int64_t n2 = w->dim1 * w->dim3, n3 = n2 * w->dim2, n4 = n3 * WrfArrays::limit;
  int64_t base = 1;
  for (auto &a : w->a2) {
    a = c.alloc<float>(n2);
    fill(a, n2, base);
    base += n2;
    c.recv_region(a, n2);
  }
  for (auto &a : w->a3) {
    a = c.alloc<float>(n3);
    fill(a, n3, base);
    base += n3;
    c.recv_region(a, n3);
  }
  for (auto &a : w->a4) {
    a = c.alloc<float>(n4);
    fill(a, n4, base);
    base += n4;
    c.recv_region(a, n4);
  }
  return w;
}

// WRF's manual packing: array by array, j outer, k, i inner (typemap order of both variants).
inline void wrf_hand(Case &c, std::shared_ptr<WrfArrays> w) {
  c.hand_pack = [w](char *out) {
    float *o = reinterpret_cast<float *>(out);
    const WrfArrays &W = *w;
    for (int m = 0; m < 4; ++m)
      for (int64_t j = 0; j < W.sub3; ++j)
        for (int64_t i = 0; i < W.sub1; ++i) *o++ = W.a2[m][W.i2(W.is0 + i, W.js0 + j)];
    for (int m = 0; m < 3; ++m)
      for (int64_t j = 0; j < W.sub3; ++j)
        for (int64_t k = 0; k < W.sub2; ++k)
          for (int64_t i = 0; i < W.sub1; ++i) *o++ = W.a3[m][W.i3(W.is0 + i, W.ks0 + k, W.js0 + j)];
    for (int m = 0; m < 2; ++m)
      for (int64_t l = WrfArrays::pfs; l < WrfArrays::limit; ++l)
        for (int64_t j = 0; j < W.sub3; ++j)
          for (int64_t k = 0; k < W.sub2; ++k)
            for (int64_t i = 0; i < W.sub1; ++i) *o++ = W.a4[m][W.i4(W.is0 + i, W.ks0 + k, W.js0 + j, l)];
  };
  c.hand_unpack = [w](const char *in) {
    const float *p = reinterpret_cast<const float *>(in);
    const WrfArrays &W = *w;
    for (int m = 0; m < 4; ++m)
      for (int64_t j = 0; j < W.sub3; ++j)
        for (int64_t i = 0; i < W.sub1; ++i) W.a2[m][W.i2(W.is0 + i, W.js0 + j)] = *p++;
    for (int m = 0; m < 3; ++m)
      for (int64_t j = 0; j < W.sub3; ++j)
        for (int64_t k = 0; k < W.sub2; ++k)
          for (int64_t i = 0; i < W.sub1; ++i) W.a3[m][W.i3(W.is0 + i, W.ks0 + k, W.js0 + j)] = *p++;
    for (int m = 0; m < 2; ++m)
      for (int64_t l = WrfArrays::pfs; l < WrfArrays::limit; ++l)
        for (int64_t j = 0; j < W.sub3; ++j)
          for (int64_t k = 0; k < W.sub2; ++k)
            for (int64_t i = 0; i < W.sub1; ++i) W.a4[m][W.i4(W.is0 + i, W.ks0 + k, W.js0 + j, l)] = *p++;
  };
}

// x 2x2: ims..ime -4..27, jms..jme 34..85, is..ie 18..20, js..je 38..81 (173,712 bytes)
// y 2x2: same memory, is..ie 1..23, js..je 41..43 (90,804 bytes)
inline WrfParams wrf_params(bool x) {
  return x ? WrfParams{-4, 27, 34, 85, 18, 20, 38, 81} : WrfParams{-4, 27, 34, 85, 1, 23, 41, 43};
}

inline Case make_wrf_vec(bool x) {
  Case c;
  c.name = x ? "WRF_x_vec" : "WRF_y_vec";
  c.ddtbench = true;
  auto w = wrf_arrays(c, wrf_params(x));
  c.shape = "struct@BOTTOM of 4 vector(" + std::to_string(w->sub3) + "," + std::to_string(w->sub1) + "," +
            std::to_string(w->dim1) + ",float), 3 hvector(" + std::to_string(w->sub3) + ",1,..,vector(" +
            std::to_string(w->sub2) + "," + std::to_string(w->sub1) + "," + std::to_string(w->dim1) +
            ",float)), 2 hvector(1,1,..,<3D>)";
  c.bytes = 4 * (4 * w->sub1 * w->sub3 + 5 * w->sub1 * w->sub2 * w->sub3);
  c.types([w](auto &b, bool) {
    const WrfArrays &W = *w;
    auto t2 = b.vector(W.sub3, W.sub1, W.dim1, b.f32());
    auto tmp = b.vector(W.sub2, W.sub1, W.dim1, b.f32());
    auto t3 = b.hvector(W.sub3, 1, W.dim1 * W.dim2 * 4, tmp);
    auto t4a = b.hvector(WrfArrays::limit - WrfArrays::pfs, 1, W.dim1 * W.dim2 * W.dim3 * 4, t3);
    auto t4b = b.hvector(WrfArrays::limit - WrfArrays::pfs, 1, W.dim1 * W.dim2 * W.dim3 * 4, t3);
    std::vector<intptr_t> d;
    for (int m = 0; m < 4; ++m) d.push_back(b.address(&W.a2[m][W.i2(W.is0, W.js0)]));
    for (int m = 0; m < 3; ++m) d.push_back(b.address(&W.a3[m][W.i3(W.is0, W.ks0, W.js0)]));
    for (int m = 0; m < 2; ++m) d.push_back(b.address(&W.a4[m][W.i4(W.is0, W.ks0, W.js0, WrfArrays::pfs)]));
    return b.structure(std::vector<int64_t>(9, 1), d, {t2, t2, t2, t2, t3, t3, t3, t4a, t4b});
  });
  wrf_hand(c, w);
  return c;
}

inline Case make_wrf_sa(bool x) {
  Case c;
  c.name = x ? "WRF_x_sa" : "WRF_y_sa";
  c.ddtbench = true;
  auto w = wrf_arrays(c, wrf_params(x));
  c.shape = "struct@BOTTOM of 4 subarray2D{" + std::to_string(w->dim3) + "," + std::to_string(w->dim1) +
            "}/{" + std::to_string(w->sub3) + "," + std::to_string(w->sub1) + "}, 3 subarray3D, 2 subarray4D, float";
  c.bytes = 4 * (4 * w->sub1 * w->sub3 + 5 * w->sub1 * w->sub2 * w->sub3);
  c.types([w](auto &b, bool) {
    const WrfArrays &W = *w;
    const int64_t L = WrfArrays::limit, P = WrfArrays::pfs;
    auto t2 = b.subarray_c({W.dim3, W.dim1}, {W.sub3, W.sub1}, {W.js0, W.is0}, b.f32());
    auto t3 = b.subarray_c({W.dim3, W.dim2, W.dim1}, {W.sub3, W.sub2, W.sub1}, {W.js0, W.ks0, W.is0}, b.f32());
    auto t4 = b.subarray_c({L, W.dim3, W.dim2, W.dim1}, {L - P, W.sub3, W.sub2, W.sub1},
                           {P, W.js0, W.ks0, W.is0}, b.f32());
    std::vector<intptr_t> d;
    for (int m = 0; m < 4; ++m) d.push_back(b.address(W.a2[m]));
    for (int m = 0; m < 3; ++m) d.push_back(b.address(W.a3[m]));
    for (int m = 0; m < 2; ++m) d.push_back(b.address(W.a4[m]));
    return b.structure(std::vector<int64_t>(9, 1), d, {t2, t2, t2, t2, t3, t3, t3, t4, t4});
  });
  wrf_hand(c, w);
  return c;
}

// =====================================================================================
// DDTBench: MILC su3 zdown, 16^4 (98,304 bytes)
// =====================================================================================

inline Case make_milc() {
  Case c;
  const int64_t D2 = 16, D3 = 16, D4 = 16, D5 = 16;
  const int64_t n = 6 * D2 * D3 * D4 * D5;
  c.name = "MILC_su3_zd";
  c.ddtbench = true;
  c.shape = "hvector(2,1,786432B, vector(16, 128, 2048, contiguous(6,float)))";
  c.bytes = 2 * D5 * (D2 * D3 / 2) * 24;
  float *a = c.alloc<float>(n);
  fill(a, n, 1);
  c.sbuf = a;
  c.rbuf = a;
  c.recv_region(a, n);
  c.types([=](auto &b, bool) {
    auto su3 = b.contiguous(6, b.f32());
    auto tmp = b.vector(D5, D2 * D3 / 2, D2 * D3 * D4 / 2, su3);
    return b.hvector(2, 1, 24 * D2 * D3 * D4 * D5 / 2, tmp);
  });
  // MILC's loop nest (DDTBench manual): t, the two z-halves, y < D3/2, x, 6 floats.
  auto idx = [=](int64_t o, int64_t x, int64_t y, int64_t z, int64_t t) {
    return o + 6 * (x + D2 * (y + D3 * (z + D4 * t)));
  };
  c.hand_pack = [=](char *out) {
    float *o = reinterpret_cast<float *>(out);
    for (int64_t t = 0; t < D5; ++t)
      for (int64_t z = 0; z < D4; z += D4 / 2)
        for (int64_t y = 0; y < D3 / 2; ++y)
          for (int64_t x = 0; x < D2; ++x)
            for (int64_t e = 0; e < 6; ++e) *o++ = a[idx(e, x, y, z, t)];
  };
  c.hand_unpack = [=](const char *in) {
    const float *p = reinterpret_cast<const float *>(in);
    for (int64_t t = 0; t < D5; ++t)
      for (int64_t z = 0; z < D4; z += D4 / 2)
        for (int64_t y = 0; y < D3 / 2; ++y)
          for (int64_t x = 0; x < D2; ++x)
            for (int64_t e = 0; e < 6; ++e) a[idx(e, x, y, z, t)] = *p++;
  };
  return c;
}

// =====================================================================================
// DDTBench: NAS LU (DIM2 = DIM3 = 1020: 40,800 bytes)
// =====================================================================================

inline Case make_nas_lu(bool x) {
  Case c;
  const int64_t D2 = 1020, D3 = 1020, P = D2 + 2;
  const int64_t n = 5 * P * (D3 + 2);
  auto idx = [=](int64_t m, int64_t i, int64_t j) { return m + 5 * (i + j * P); };
  c.name = x ? "NAS_LU_x" : "NAS_LU_y";
  c.ddtbench = true;
  c.bytes = 40 * D2;
  double *a = c.alloc<double>(n);
  fill(a, n, 1);
  c.recv_region(a, n);
  if (x) {
    c.shape = "contiguous(5100, double)";
    c.sbuf = a + idx(0, 1, D3);
    c.rbuf = a + idx(0, 1, 0);
    c.types([=](auto &b, bool) { return b.contiguous(5 * D2, b.f64()); });
    // The original code's element loop over a contiguous row.
    c.hand_pack = [=](char *out) {
      double *o = reinterpret_cast<double *>(out);
      for (int64_t i = 1; i <= D2; ++i)
        for (int64_t m = 0; m < 5; ++m) *o++ = a[idx(m, i, D3)];
    };
    c.hand_unpack = [=](const char *in) {
      const double *p = reinterpret_cast<const double *>(in);
      for (int64_t i = 1; i <= D2; ++i)
        for (int64_t m = 0; m < 5; ++m) a[idx(m, i, 0)] = *p++;
    };
  } else {
    c.shape = "vector(1020, 1, 1022, contiguous(5, double))";
    c.sbuf = a + idx(0, D2, 1);
    c.rbuf = a + idx(0, 0, 1);
    c.types([=](auto &b, bool) {
      auto t = b.contiguous(5, b.f64());
      return b.vector(D3, 1, P, t);
    });
    c.hand_pack = [=](char *out) {
      double *o = reinterpret_cast<double *>(out);
      for (int64_t j = 1; j <= D3; ++j)
        for (int64_t m = 0; m < 5; ++m) *o++ = a[idx(m, D2, j)];
    };
    c.hand_unpack = [=](const char *in) {
      const double *p = reinterpret_cast<const double *>(in);
      for (int64_t j = 1; j <= D3; ++j)
        for (int64_t m = 0; m < 5; ++m) a[idx(m, 0, j)] = *p++;
    };
  }
  return c;
}

// =====================================================================================
// DDTBench: NAS MG, class A on 4 processes: 258 x 130 x 130 doubles
// =====================================================================================

inline Case make_nas_mg(char dir) {
  Case c;
  const int64_t D1 = 258, D2 = 130, D3 = 130;
  const int64_t n = D1 * D2 * D3;
  auto idx = [=](int64_t x, int64_t y, int64_t z) { return x + D1 * (y + z * D2); };
  c.name = std::string("NAS_MG_") + dir;
  c.ddtbench = true;
  double *a = c.alloc<double>(n);
  fill(a, n, 1);
  c.recv_region(a, n);
  if (dir == 'x') {
    c.shape = "hvector(128, 1, 268320B, vector(128, 1, 258, double))";
    c.bytes = 8 * (D2 - 2) * (D3 - 2);
    c.sbuf = a + idx(D1 - 2, 1, 1);
    c.rbuf = a + idx(D1 - 1, 1, 1);
    c.types([=](auto &b, bool) {
      auto t = b.vector(D2 - 2, 1, D1, b.f64());
      return b.hvector(D3 - 2, 1, D1 * D2 * 8, t);
    });
    c.hand_pack = [=](char *out) {
      double *o = reinterpret_cast<double *>(out);
      for (int64_t z = 1; z < D3 - 1; ++z)
        for (int64_t y = 1; y < D2 - 1; ++y) *o++ = a[idx(D1 - 2, y, z)];
    };
    c.hand_unpack = [=](const char *in) {
      const double *p = reinterpret_cast<const double *>(in);
      for (int64_t z = 1; z < D3 - 1; ++z)
        for (int64_t y = 1; y < D2 - 1; ++y) a[idx(D1 - 1, y, z)] = *p++;
    };
  } else if (dir == 'y') {
    c.shape = "vector(128, 256, 33540, double)";
    c.bytes = 8 * (D1 - 2) * (D3 - 2);
    // send plane y = D2-2; receive (our choice, not in the table) into ghost plane y = D2-1
    c.sbuf = a + idx(1, D2 - 2, 1);
    c.rbuf = a + idx(1, D2 - 1, 1);
    c.types([=](auto &b, bool) { return b.vector(D3 - 2, D1 - 2, D1 * D2, b.f64()); });
    c.hand_pack = [=](char *out) {
      double *o = reinterpret_cast<double *>(out);
      for (int64_t z = 1; z < D3 - 1; ++z)
        for (int64_t x = 1; x < D1 - 1; ++x) *o++ = a[idx(x, D2 - 2, z)];
    };
    c.hand_unpack = [=](const char *in) {
      const double *p = reinterpret_cast<const double *>(in);
      for (int64_t z = 1; z < D3 - 1; ++z)
        for (int64_t x = 1; x < D1 - 1; ++x) a[idx(x, D2 - 1, z)] = *p++;
    };
  } else {
    c.shape = "vector(128, 256, 258, double)";
    c.bytes = 8 * (D1 - 2) * (D2 - 2);
    c.sbuf = a + idx(1, 1, 1);
    c.rbuf = a + idx(1, 1, 0);
    c.types([=](auto &b, bool) { return b.vector(D2 - 2, D1 - 2, D1, b.f64()); });
    c.hand_pack = [=](char *out) {
      double *o = reinterpret_cast<double *>(out);
      for (int64_t y = 1; y < D2 - 1; ++y)
        for (int64_t x = 1; x < D1 - 1; ++x) *o++ = a[idx(x, y, 1)];
    };
    c.hand_unpack = [=](const char *in) {
      const double *p = reinterpret_cast<const double *>(in);
      for (int64_t y = 1; y < D2 - 1; ++y)
        for (int64_t x = 1; x < D1 - 1; ++x) a[idx(x, y, 0)] = *p++;
    };
  }
  return c;
}

// =====================================================================================
// DDTBench: FFT2, one process (local transpose), DIM1 = 512: 4 MiB
// Send type "gather" = resized(vector(N, N, N, complex), 0, 16N); receive type "scatter" =
// contiguous(N, resized(vector(N, 1, N, complex), 0, 16)).
// =====================================================================================

inline Case make_fft2() {
  Case c;
  const int64_t N = 512;
  c.name = "FFT2";
  c.ddtbench = true;
  c.same_type = false;
  c.shape = "send resized(vector(512,512,512,cplx),0,8192); recv contiguous(512, resized(vector(512,1,512,cplx),0,16))";
  c.bytes = 16 * N * N;
  double *m = c.alloc<double>(2 * N * N);
  double *r = c.alloc<double>(2 * N * N);
  fill(m, 2 * N * N, 1);
  c.sbuf = m;
  c.rbuf = r;
  c.recv_region(r, 2 * N * N);
  c.types([=](auto &b, bool recv) {
    auto cplx = b.contiguous(2, b.f64());
    if (!recv) {
      auto v2 = b.vector(N, N, N, cplx);
      return b.resized(v2, 0, N * 16);
    }
    auto v = b.vector(N, 1, N, cplx);
    auto rs = b.resized(v, 0, 16);
    return b.contiguous(N, rs);
  });
  c.hand_pack = [=](char *out) {
    double *o = reinterpret_cast<double *>(out);
    for (int64_t i = 0; i < N; ++i)
      for (int64_t j = 0; j < N; ++j) {
        o[2 * (i * N + j)] = m[2 * (i * N + j)];
        o[2 * (i * N + j) + 1] = m[2 * (i * N + j) + 1];
      }
  };
  // packed row i (source row i) becomes column i of the receive matrix
  c.hand_unpack = [=](const char *in) {
    const double *p = reinterpret_cast<const double *>(in);
    for (int64_t i = 0; i < N; ++i)
      for (int64_t k = 0; k < N; ++k) {
        r[2 * (k * N + i)] = p[2 * (i * N + k)];
        r[2 * (k * N + i) + 1] = p[2 * (i * N + k) + 1];
      }
  };
  return c;
}

// =====================================================================================
// DDTBench: SPECFEM3D
// =====================================================================================

// outer core: (icount, DIM1) = (3225, 88881): 12,900 bytes
inline Case make_specfem_oc() {
  Case c;
  const int64_t icount = 3225, dim = 88881;
  auto list = std::make_shared<std::vector<int64_t>>(shuffled_list(icount, dim, 11));
  c.name = "SPECFEM3D_oc";
  c.ddtbench = true;
  c.shape = "indexed_block(3225, 1, random distinct in 88881, float)";
  c.bytes = 4 * icount;
  float *a = c.alloc<float>(dim);
  fill(a, dim, 1);
  c.sbuf = a;
  c.rbuf = a;
  c.recv_region(a, dim);
  c.types([list](auto &b, bool) { return b.indexed_block(1, *list, b.f32()); });
  auto il = std::make_shared<std::vector<int>>(as_int(*list));
  c.hand_pack = [a, il](char *out) {
    float *o = reinterpret_cast<float *>(out);
    const int *l = il->data();
    for (size_t i = 0; i < il->size(); ++i) o[i] = a[l[i]];
  };
  c.hand_unpack = [a, il](const char *in) {
    const float *p = reinterpret_cast<const float *>(in);
    const int *l = il->data();
    for (size_t i = 0; i < il->size(); ++i) a[l[i]] = p[i];
  };
  return c;
}

// crust-mantle + inner core: (11797, 3009, 834917, 51153): 177,672 bytes
inline Case make_specfem_cm() {
  Case c;
  const int64_t icm = 11797, iic = 3009, dcm = 834917, dic = 51153;
  auto lcm = std::make_shared<std::vector<int64_t>>(shuffled_list(icm, dcm, 12));
  auto lic = std::make_shared<std::vector<int64_t>>(shuffled_list(iic, dic, 13));
  c.name = "SPECFEM3D_cm";
  c.ddtbench = true;
  c.shape = "struct@BOTTOM{indexed_block(11797, 3, 3*random, float), indexed_block(3009, 3, 3*random, float)}";
  c.bytes = 12 * (icm + iic);
  float *cm = c.alloc<float>(3 * dcm);
  float *ic = c.alloc<float>(3 * dic);
  fill(cm, 3 * dcm, 1);
  fill(ic, 3 * dic, 1 + 3 * dcm);
  c.recv_region(cm, 3 * dcm);
  c.recv_region(ic, 3 * dic);
  c.types([=](auto &b, bool) {
    auto t0 = b.indexed_block(3, times(*lcm, 3), b.f32());
    auto t1 = b.indexed_block(3, times(*lic, 3), b.f32());
    return b.structure({1, 1}, {b.address(cm), b.address(ic)}, {t0, t1});
  });
  auto icmv = std::make_shared<std::vector<int>>(as_int(*lcm));
  auto iicv = std::make_shared<std::vector<int>>(as_int(*lic));
  c.hand_pack = [=](char *out) {
    float *o = reinterpret_cast<float *>(out);
    for (int i : *icmv) {
      o[0] = cm[3 * i];
      o[1] = cm[3 * i + 1];
      o[2] = cm[3 * i + 2];
      o += 3;
    }
    for (int i : *iicv) {
      o[0] = ic[3 * i];
      o[1] = ic[3 * i + 1];
      o[2] = ic[3 * i + 2];
      o += 3;
    }
  };
  c.hand_unpack = [=](const char *in) {
    const float *p = reinterpret_cast<const float *>(in);
    for (int i : *icmv) {
      cm[3 * i] = p[0];
      cm[3 * i + 1] = p[1];
      cm[3 * i + 2] = p[2];
      p += 3;
    }
    for (int i : *iicv) {
      ic[3 * i] = p[0];
      ic[3 * i + 1] = p[1];
      ic[3 * i + 2] = p[2];
      p += 3;
    }
  };
  return c;
}

// matrix transpose/assembly: DIM1 = 3, DIM2 = 2, DIM3 = 7600: 91,200 bytes
inline Case make_specfem_mt() {
  Case c;
  const int64_t D1 = 3, D2 = 2, D3 = 7600;
  c.name = "SPECFEM3D_mt";
  c.ddtbench = true;
  c.same_type = false;
  c.shape = "send vector(7600, 1, 2, contiguous(3, float)); recv contiguous(22800, float)";
  c.bytes = 4 * D1 * D3;
  float *s = c.alloc<float>(D1 * D2 * D3);
  float *r = c.alloc<float>(D1 * D3);
  fill(s, D1 * D2 * D3, 1);
  c.sbuf = s;
  c.rbuf = r;
  c.recv_region(r, D1 * D3);
  c.types([=](auto &b, bool recv) {
    if (recv) return b.contiguous(D3 * D1, b.f32());
    auto t = b.contiguous(D1, b.f32());
    return b.vector(D3, 1, D2, t);
  });
  c.hand_pack = [=](char *out) {
    float *o = reinterpret_cast<float *>(out);
    for (int64_t k = 0; k < D3; ++k)
      for (int64_t i = 0; i < D1; ++i) *o++ = s[i + D1 * D2 * k];
  };
  c.hand_unpack = [=](const char *in) {
    const float *p = reinterpret_cast<const float *>(in);
    for (int64_t k = 0; k < D3; ++k)
      for (int64_t i = 0; i < D1; ++i) r[i + D1 * k] = *p++;
  };
  return c;
}

// =====================================================================================
// DDTBench: LAMMPS (full: 6 per-atom arrays, atomic: 4)
// send: struct@BOTTOM {indexed_block(icount,3,3*list) on ax, indexed_block(icount,1,list)
// on the others}; recv: struct@BOTTOM of contiguous blocks at the arrays' ends (ghost atoms).
// =====================================================================================

inline Case make_lammps(bool full) {
  Case c;
  const int64_t icount = full ? 3062 : 243, dim = full ? 3534 : 4084;
  const int nfields = full ? 6 : 4;  // ax + (nfields-1) scalar arrays
  auto list = std::make_shared<std::vector<int64_t>>(shuffled_list(icount, dim, full ? 21 : 22));
  c.name = full ? "LAMMPS_full" : "LAMMPS_atomic";
  c.ddtbench = true;
  c.same_type = false;
  c.shape = std::string("send struct@BOTTOM{indexed_block(") + std::to_string(icount) + ",3,3*list,double), " +
            std::to_string(nfields - 1) + "x indexed_block(" + std::to_string(icount) +
            ",1,list,double)}; recv struct@BOTTOM of contiguous";
  c.bytes = 8 * icount * (3 + (nfields - 1));
  auto arrays = std::make_shared<std::vector<double *>>();
  double *ax = c.alloc<double>(3 * (dim + icount));
  fill(ax, 3 * (dim + icount), 1);
  c.recv_region(ax, 3 * (dim + icount));
  arrays->push_back(ax);
  for (int f = 1; f < nfields; ++f) {
    double *a = c.alloc<double>(dim + icount);
    fill(a, dim + icount, 100000 * f);
    c.recv_region(a, dim + icount);
    arrays->push_back(a);
  }
  c.types([=](auto &b, bool recv) {
    const std::vector<double *> &A = *arrays;
    std::vector<intptr_t> d;
    std::vector<std::decay_t<decltype(b.f64())>> t;
    if (!recv) {
      auto idx3 = b.indexed_block(3, times(*list, 3), b.f64());
      auto idx1 = b.indexed_block(1, *list, b.f64());
      d.push_back(b.address(A[0]));
      t.push_back(idx3);
      for (int f = 1; f < nfields; ++f) {
        d.push_back(b.address(A[static_cast<size_t>(f)]));
        t.push_back(idx1);
      }
    } else {
      auto c1 = b.contiguous(icount, b.f64());
      auto c3 = b.contiguous(3 * icount, b.f64());
      d.push_back(b.address(&A[0][3 * dim]));
      t.push_back(c3);
      for (int f = 1; f < nfields; ++f) {
        d.push_back(b.address(&A[static_cast<size_t>(f)][dim]));
        t.push_back(c1);
      }
    }
    return b.structure(std::vector<int64_t>(static_cast<size_t>(nfields), 1), d, t);
  });
  auto il = std::make_shared<std::vector<int>>(as_int(*list));
  c.hand_pack = [=](char *out) {
    double *o = reinterpret_cast<double *>(out);
    const std::vector<double *> &A = *arrays;
    const double *x = A[0];
    for (int j : *il) {
      o[0] = x[3 * j];
      o[1] = x[3 * j + 1];
      o[2] = x[3 * j + 2];
      o += 3;
    }
    for (int f = 1; f < nfields; ++f) {
      const double *a = A[static_cast<size_t>(f)];
      for (int j : *il) *o++ = a[j];
    }
  };
  c.hand_unpack = [=](const char *in) {
    const double *p = reinterpret_cast<const double *>(in);
    const std::vector<double *> &A = *arrays;
    double *x = A[0] + 3 * dim;
    for (int64_t i = 0; i < 3 * icount; ++i) x[i] = *p++;
    for (int f = 1; f < nfields; ++f) {
      double *a = A[static_cast<size_t>(f)] + dim;
      for (int64_t i = 0; i < icount; ++i) a[i] = *p++;
    }
  };
  return c;
}

// ---- the list ------------------------------------------------------------------------

struct CaseFactory {
  std::string name;
  std::function<Case()> make;
};

inline std::vector<CaseFactory> all_cases() {
  return {
      {"contiguous", make_contiguous},
      {"vector_1_of_2", make_vector_stride2},
      {"vector_4_of_8", make_vector_4of8},
      {"irregular_indexed", make_irregular_indexed},
      {"random_idx_block", make_random_indexed_block},
      {"WRF_x_vec", [] { return make_wrf_vec(true); }},
      {"WRF_y_vec", [] { return make_wrf_vec(false); }},
      {"WRF_x_sa", [] { return make_wrf_sa(true); }},
      {"WRF_y_sa", [] { return make_wrf_sa(false); }},
      {"MILC_su3_zd", make_milc},
      {"NAS_LU_x", [] { return make_nas_lu(true); }},
      {"NAS_LU_y", [] { return make_nas_lu(false); }},
      {"NAS_MG_x", [] { return make_nas_mg('x'); }},
      {"NAS_MG_y", [] { return make_nas_mg('y'); }},
      {"NAS_MG_z", [] { return make_nas_mg('z'); }},
      {"FFT2", make_fft2},
      {"SPECFEM3D_oc", make_specfem_oc},
      {"SPECFEM3D_cm", make_specfem_cm},
      {"SPECFEM3D_mt", make_specfem_mt},
      {"LAMMPS_full", [] { return make_lammps(true); }},
      {"LAMMPS_atomic", [] { return make_lammps(false); }},
  };
}

}  // namespace bench
