// Shared helpers for the weft C-API unit tests (GoogleTest).
//
// Everything here goes through the public C interface only (weft.h).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "weft.h"

namespace wt {

// ---------------------------------------------------------------------------------
// Names for diagnostics
// ---------------------------------------------------------------------------------
inline std::string type_name(weft_type t) {
#define WT_NAME_(n) \
  if (t == WEFT_##n) return #n;
  WEFT_PREDEFINED_LIST(WT_NAME_)
#undef WT_NAME_
  if (t == nullptr) return "NULL";
  std::ostringstream o;
  o << "derived@" << static_cast<const void *>(t);
  return o.str();
}

// One typemap entry: a predefined (basic) handle and a byte displacement.
struct Entry {
  weft_type type;
  weft_aint disp;
  bool operator==(const Entry &o) const { return type == o.type && disp == o.disp; }
  bool operator!=(const Entry &o) const { return !(*this == o); }
};
inline void PrintTo(const Entry &e, std::ostream *os) {
  *os << "(" << type_name(e.type) << "," << static_cast<long long>(e.disp) << ")";
}
using Typemap = std::vector<Entry>;

// ---------------------------------------------------------------------------------
// Status assertions
// ---------------------------------------------------------------------------------
inline std::string status_str(weft_status s) {
  return std::string(weft_status_name(s)) + "(" + std::to_string(s) + ")";
}

// True when weft_last_error() starts with `fname` followed by a character that cannot
// continue an identifier (so "weft_type_indexed" does not match "weft_type_indexed_block").
inline bool last_error_names(const char *fname) {
  const char *e = weft_last_error();
  if (e == nullptr) return false;
  size_t n = std::strlen(fname);
  if (std::strncmp(e, fname, n) != 0) return false;
  char c = e[n];
  bool ident = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  return !ident;
}

}  // namespace wt

// Expect success, printing the thread's last error otherwise.
#define WT_OK(call)                                                                  \
  do {                                                                               \
    weft_status wt_s_ = (call);                                                      \
    ASSERT_EQ(wt::status_str(WEFT_SUCCESS), wt::status_str(wt_s_))                   \
        << #call << "\n  last_error: " << weft_last_error();                         \
  } while (0)

#define WT_EXPECT_OK(call)                                                           \
  do {                                                                               \
    weft_status wt_s_ = (call);                                                      \
    EXPECT_EQ(wt::status_str(WEFT_SUCCESS), wt::status_str(wt_s_))                   \
        << #call << "\n  last_error: " << weft_last_error();                         \
  } while (0)

// Expect an exact status (compared by name for readable output).
#define WT_EXPECT_STATUS(expected, call)                                             \
  do {                                                                               \
    weft_status wt_s_ = (call);                                                      \
    EXPECT_EQ(wt::status_str(expected), wt::status_str(wt_s_))                       \
        << #call << "\n  last_error: " << weft_last_error();                         \
  } while (0)

// Expect an exact error status AND that weft_last_error() names the function.
#define WT_EXPECT_ERR(expected, fname, call)                                         \
  do {                                                                               \
    weft_status wt_s_ = (call);                                                      \
    EXPECT_EQ(wt::status_str(expected), wt::status_str(wt_s_))                       \
        << #call << "\n  last_error: " << weft_last_error();                         \
    if (wt_s_ < 0) {                                                                 \
      EXPECT_TRUE(wt::last_error_names(fname))                                       \
          << #call << "\n  last_error should start with '" << (fname)                \
          << "' but is: '" << weft_last_error() << "'";                              \
    }                                                                                \
  } while (0)

namespace wt {

// ---------------------------------------------------------------------------------
// Owned handle (frees on destruction)
// ---------------------------------------------------------------------------------
class Owned {
 public:
  Owned() = default;
  explicit Owned(weft_type t) : t_(t) {}
  Owned(const Owned &) = delete;
  Owned &operator=(const Owned &) = delete;
  Owned(Owned &&o) noexcept : t_(o.t_) { o.t_ = nullptr; }
  Owned &operator=(Owned &&o) noexcept {
    if (this != &o) {
      reset();
      t_ = o.t_;
      o.t_ = nullptr;
    }
    return *this;
  }
  ~Owned() { reset(); }
  weft_type get() const { return t_; }
  operator weft_type() const { return t_; }  // NOLINT: implicit on purpose
  weft_type *out() {
    reset();
    return &t_;
  }
  weft_type release() {
    weft_type t = t_;
    t_ = nullptr;
    return t;
  }
  void reset() {
    if (t_ != nullptr) {
      weft_status s = weft_type_free(&t_);
      EXPECT_EQ(WEFT_SUCCESS, s) << "weft_type_free in Owned: " << weft_last_error();
      t_ = nullptr;
    }
  }

 private:
  weft_type t_ = nullptr;
};

// ---------------------------------------------------------------------------------
// Constructors returning Owned (ADD_FAILURE on error)
// ---------------------------------------------------------------------------------
#define WT_MAKE_(expr, what)                                                          \
  weft_type t = nullptr;                                                              \
  weft_status s = (expr);                                                             \
  if (s != WEFT_SUCCESS) {                                                            \
    ADD_FAILURE() << what << " failed: " << status_str(s) << " " << weft_last_error(); \
    return Owned();                                                                   \
  }                                                                                   \
  return Owned(t)

inline Owned contiguous(int64_t count, weft_type old) {
  WT_MAKE_(weft_type_contiguous(count, old, &t), "weft_type_contiguous");
}
inline Owned vector(int64_t count, int64_t bl, int64_t stride, weft_type old) {
  WT_MAKE_(weft_type_vector(count, bl, stride, old, &t), "weft_type_vector");
}
inline Owned hvector(int64_t count, int64_t bl, weft_aint stride, weft_type old) {
  WT_MAKE_(weft_type_hvector(count, bl, stride, old, &t), "weft_type_hvector");
}
inline Owned indexed(std::vector<int64_t> B, std::vector<int64_t> D, weft_type old) {
  WT_MAKE_(weft_type_indexed(static_cast<int64_t>(B.size()), B.data(), D.data(), old, &t),
           "weft_type_indexed");
}
inline Owned hindexed(std::vector<int64_t> B, std::vector<weft_aint> D, weft_type old) {
  WT_MAKE_(weft_type_hindexed(static_cast<int64_t>(B.size()), B.data(), D.data(), old, &t),
           "weft_type_hindexed");
}
inline Owned indexed_block(int64_t bl, std::vector<int64_t> D, weft_type old) {
  WT_MAKE_(weft_type_indexed_block(static_cast<int64_t>(D.size()), bl, D.data(), old, &t),
           "weft_type_indexed_block");
}
inline Owned hindexed_block(int64_t bl, std::vector<weft_aint> D, weft_type old) {
  WT_MAKE_(weft_type_hindexed_block(static_cast<int64_t>(D.size()), bl, D.data(), old, &t),
           "weft_type_hindexed_block");
}
inline Owned structure(std::vector<int64_t> B, std::vector<weft_aint> D,
                       std::vector<weft_type> T) {
  WT_MAKE_(weft_type_struct(static_cast<int64_t>(B.size()), B.data(), D.data(), T.data(), &t),
           "weft_type_struct");
}
inline Owned subarray(std::vector<int64_t> sizes, std::vector<int64_t> subsizes,
                      std::vector<int64_t> starts, int order, weft_type old) {
  WT_MAKE_(weft_type_subarray(static_cast<int>(sizes.size()), sizes.data(), subsizes.data(),
                              starts.data(), order, old, &t),
           "weft_type_subarray");
}
inline Owned resized(weft_type old, weft_aint lb, weft_aint extent) {
  WT_MAKE_(weft_type_resized(old, lb, extent, &t), "weft_type_resized");
}
inline Owned dup(weft_type old) { WT_MAKE_(weft_type_dup(old, &t), "weft_type_dup"); }
inline Owned struct_aligned(std::vector<int64_t> B, std::vector<weft_type> T,
                            std::vector<weft_aint> *displs = nullptr) {
  std::vector<weft_aint> d(B.size() + 1, -12345);
  weft_type t = nullptr;
  weft_status s = weft_type_struct_aligned(static_cast<int64_t>(B.size()), B.data(), T.data(),
                                           d.data(), &t);
  if (s != WEFT_SUCCESS) {
    ADD_FAILURE() << "weft_type_struct_aligned failed: " << status_str(s) << " "
                  << weft_last_error();
    return Owned();
  }
  EXPECT_EQ(-12345, d[B.size()]) << "struct_aligned wrote past displs_out[count-1]";
  d.pop_back();
  if (displs) *displs = d;
  return Owned(t);
}
#undef WT_MAKE_

// Commits and returns the same handle (for chaining).
inline Owned committed(Owned t) {
  weft_status s = weft_type_commit(t.get());
  EXPECT_EQ(WEFT_SUCCESS, s) << "weft_type_commit: " << weft_last_error();
  return t;
}

// ---------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------
inline Typemap typemap_of(weft_type t) {
  int64_t n = -7;
  weft_status s = weft_type_typemap(t, 0, nullptr, nullptr, &n);
  if (s != WEFT_SUCCESS) {
    ADD_FAILURE() << "weft_type_typemap(count) failed: " << status_str(s) << " "
                  << weft_last_error();
    return {};
  }
  if (n < 0) {
    ADD_FAILURE() << "weft_type_typemap: negative n " << n;
    return {};
  }
  std::vector<weft_type> b(static_cast<size_t>(n) + 1, nullptr);
  std::vector<weft_aint> d(static_cast<size_t>(n) + 1, -777);
  int64_t m = -7;
  s = weft_type_typemap(t, n, b.data(), d.data(), &m);
  if (s != WEFT_SUCCESS || m != n) {
    ADD_FAILURE() << "weft_type_typemap failed: " << status_str(s) << " m=" << m
                  << " n=" << n << " " << weft_last_error();
    return {};
  }
  EXPECT_EQ(nullptr, b[static_cast<size_t>(n)]) << "typemap wrote past n";
  EXPECT_EQ(-777, d[static_cast<size_t>(n)]) << "typemap wrote past n";
  Typemap out;
  for (int64_t i = 0; i < n; ++i) out.push_back({b[i], d[i]});
  return out;
}

struct Props {
  int64_t size = -1;
  weft_aint lb = -1, ub = -1, extent = -1, true_lb = -1, true_extent = -1;
  int64_t count = -1;
};

inline Props props_of(weft_type t) {
  Props p;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_size(t, &p.size)) << weft_last_error();
  EXPECT_EQ(WEFT_SUCCESS, weft_type_extent(t, &p.lb, &p.extent)) << weft_last_error();
  weft_aint lb2 = -99, ub = -99;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_lb(t, &lb2)) << weft_last_error();
  EXPECT_EQ(WEFT_SUCCESS, weft_type_ub(t, &ub)) << weft_last_error();
  p.ub = ub;
  EXPECT_EQ(p.lb, lb2) << "weft_type_lb disagrees with weft_type_extent";
  EXPECT_EQ(ub - lb2, p.extent) << "extent != ub - lb";
  EXPECT_EQ(WEFT_SUCCESS, weft_type_true_extent(t, &p.true_lb, &p.true_extent))
      << weft_last_error();
  EXPECT_EQ(WEFT_SUCCESS, weft_type_count(t, &p.count)) << weft_last_error();
  return p;
}

// Checks size, lb, ub, extent, true lb, true extent and top-level count.
#define WT_EXPECT_PROPS(t, size_, lb_, ub_, extent_, tlb_, textent_, count_)  \
  do {                                                                        \
    SCOPED_TRACE("properties of " #t);                                        \
    wt::Props wt_p_ = wt::props_of(t);                                        \
    EXPECT_EQ((int64_t)(size_), wt_p_.size) << "size";                        \
    EXPECT_EQ((weft_aint)(lb_), wt_p_.lb) << "lb";                            \
    EXPECT_EQ((weft_aint)(ub_), wt_p_.ub) << "ub";                            \
    EXPECT_EQ((weft_aint)(extent_), wt_p_.extent) << "extent";                \
    EXPECT_EQ((weft_aint)(tlb_), wt_p_.true_lb) << "true_lb";                 \
    EXPECT_EQ((weft_aint)(textent_), wt_p_.true_extent) << "true_extent";     \
    EXPECT_EQ((int64_t)(count_), wt_p_.count) << "count";                     \
  } while (0)

inline int64_t size_of(weft_type t) {
  int64_t s = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_size(t, &s)) << weft_last_error();
  return s;
}
inline weft_aint extent_of(weft_type t) {
  weft_aint lb = 0, e = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_extent(t, &lb, &e)) << weft_last_error();
  return e;
}
inline std::pair<int64_t, int64_t> alignment_of(weft_type t) {
  int64_t a = -1, u = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_alignment(t, &a, &u)) << weft_last_error();
  return {a, u};
}
inline bool is_contiguous(weft_type t) {
  bool f = false;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_is_contiguous(t, &f)) << weft_last_error();
  return f;
}

// ---------------------------------------------------------------------------------
// Memory helpers
// ---------------------------------------------------------------------------------
using Bytes = std::vector<unsigned char>;

// A zone of memory with an origin in the middle so that negative displacements are
// addressable. The origin is 64-byte aligned plus `misalign`.
class Arena {
 public:
  Arena(size_t before, size_t after, size_t misalign = 0, unsigned char fill = 0xEE)
      : n_(before + after + 128), before_(before), after_(after), mem_(new unsigned char[n_]) {
    std::memset(mem_.get(), fill, n_);
    uintptr_t p = reinterpret_cast<uintptr_t>(mem_.get()) + before + 64;
    p = (p & ~uintptr_t(63)) + misalign;
    origin_ = reinterpret_cast<unsigned char *>(p);
  }
  unsigned char *origin() const { return origin_; }
  unsigned char *at(weft_aint off) const { return origin_ + off; }
  // Fills every byte with a position-dependent pattern (never 0xEE-only).
  void pattern(unsigned seed) {
    for (size_t i = 0; i < n_; ++i) mem_[i] = static_cast<unsigned char>((i * 131u + seed * 7u + 1u) & 0xff);
  }
  void fill(unsigned char c) { std::memset(mem_.get(), c, n_); }
  // The bytes [origin - before, origin + after), independent of where the allocation
  // happened to land.
  Bytes snapshot() const { return Bytes(origin_ - before_, origin_ + after_); }
  size_t size() const { return n_; }
  unsigned char *raw() const { return mem_.get(); }

 private:
  size_t n_, before_, after_;
  std::unique_ptr<unsigned char[]> mem_;
  unsigned char *origin_;
};

inline const unsigned char *addr(const void *base, weft_aint off) {
  return reinterpret_cast<const unsigned char *>(reinterpret_cast<uintptr_t>(base) +
                                                 static_cast<uintptr_t>(off));
}
inline unsigned char *addr(void *base, weft_aint off) {
  return reinterpret_cast<unsigned char *>(reinterpret_cast<uintptr_t>(base) +
                                           static_cast<uintptr_t>(off));
}

// The packed stream of `count` copies of `t` at `buf`, computed from the flattened
// typemap and the extent (MPI-1.1 §3.12.5): entry j of copy i at buf + i*extent + disp_j.
inline Bytes ref_pack(const void *buf, int64_t count, weft_type t) {
  Typemap tm = typemap_of(t);
  weft_aint ext = extent_of(t);
  Bytes out;
  for (int64_t i = 0; i < count; ++i)
    for (const Entry &e : tm) {
      int64_t sz = size_of(e.type);
      const unsigned char *p = addr(buf, i * ext + e.disp);
      out.insert(out.end(), p, p + sz);
    }
  return out;
}

// The inverse of ref_pack: stores `packed` into the typemap places.
inline void ref_unpack(const Bytes &packed, void *buf, int64_t count, weft_type t) {
  Typemap tm = typemap_of(t);
  weft_aint ext = extent_of(t);
  size_t pos = 0;
  for (int64_t i = 0; i < count; ++i)
    for (const Entry &e : tm) {
      int64_t sz = size_of(e.type);
      unsigned char *p = addr(buf, i * ext + e.disp);
      for (int64_t k = 0; k < sz; ++k) p[k] = packed.at(pos++);
    }
}

// Packs with weft_pack into a fresh vector (exact size), checks status and position.
inline Bytes weft_pack_all(const void *buf, int64_t count, weft_type t) {
  int64_t need = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_pack_size(count, t, &need)) << weft_last_error();
  if (need < 0) return {};
  Bytes out(static_cast<size_t>(need) + 1, 0xC5);
  int64_t pos = 0;
  weft_status s = weft_pack(buf, count, t, out.data(), need, &pos);
  EXPECT_EQ(status_str(WEFT_SUCCESS), status_str(s)) << weft_last_error();
  EXPECT_EQ(need, pos);
  EXPECT_EQ(0xC5, out[static_cast<size_t>(need)]) << "weft_pack wrote past outsize";
  out.resize(static_cast<size_t>(need));
  return out;
}

// A handle value that is never a valid weft_type; used as an output sentinel.
inline weft_type sentinel_type() { return reinterpret_cast<weft_type>(uintptr_t(0x5E17F00D)); }

// A garbage handle: points at readable memory that is not a weft object.
inline weft_type garbage_handle() {
  alignas(64) static unsigned char junk[256];
  std::memset(junk, 0xA7, sizeof junk);
  return reinterpret_cast<weft_type>(junk + 64);
}

// A handle that has just been freed (no derived type keeps it alive). Use it right
// away: a later allocation could reuse the address.
inline weft_type freed_handle() {
  weft_type t = nullptr;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_contiguous(3, WEFT_INT, &t));
  weft_type stale = t;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_free(&t));
  EXPECT_EQ(nullptr, t);
  return stale;
}

}  // namespace wt
