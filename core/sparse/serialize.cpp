// The matrix image: weft_matrix_serialize writes it, weft_matrix_deserialize reads it back.
//
// Format, version 1. Integers are little-endian (i64 two's complement); offsets in bytes.
//
//   0   8  magic 89 57 45 46 54 4D 58 0A ("\x89WEFTMX\n": the high byte and the newline
//          catch 7-bit and text-mode transfers)
//   8   4  u32 version = 1
//   12  4  u32 domain: 0 user-defined; 1..13 BOOL INT8 INT16 INT32 INT64 UINT8 UINT16
//          UINT32 UINT64 FP32 FP64 FC32 FC64
//   16  8  i64 nrows, 1 .. 2^60
//   24  8  i64 ncols, 1 .. 2^60
//   32  8  i64 nvals >= 0
//   40  8  i64 esize: bytes per value, the domain's size (user-defined: its extent), 1 .. 2^60
//   48  8  i64 nruns: 0 for a predefined domain, 1 .. 2^20 for a user-defined one
//   56  8  i64 length of the whole image, checksum included (a multiple of 8)
//   64     user-defined domain only: i64 lb, then nruns runs of 24 bytes,
//            u32 basic type, u32 its size on the writer's host, i64 count >= 1,
//            i64 displacement >= 0; basic types are numbered (kBasics below)
//              1 CHAR  2 SIGNED_CHAR  3 UNSIGNED_CHAR  4 BYTE  5 SHORT  6 UNSIGNED_SHORT
//              7 INT  8 UNSIGNED  9 LONG  10 UNSIGNED_LONG  11 LONG_LONG
//              12 UNSIGNED_LONG_LONG  13 INT8  14 INT16  15 INT32  16 INT64  17 UINT8
//              18 UINT16  19 UINT32  20 UINT64  21 FLOAT  22 DOUBLE  23 LONG_DOUBLE
//              24 C_FLOAT_COMPLEX  25 C_DOUBLE_COMPLEX  26 BOOL  27 WCHAR  28 INTEGER
//              29 REAL  30 DOUBLE_PRECISION  31 COMPLEX  32 DOUBLE_COMPLEX  33 LOGICAL
//              34 CHARACTER
//          (the reader refuses a size that differs from its own: WEFT_LONG is 4 bytes on
//          some hosts). A run is count entries of the basic type at displacement,
//          displacement + size, ... The runs are the domain's flattened typemap in
//          typemap order, each as long as it can be (so an image is canonical), all
//          within [0, esize), at most 2^20 entries in all. The reader rebuilds the
//          domain as a struct of the runs resized to (lb, esize): a new committed type
//          with the same typemap and extent, which compatible() accepts as the domain
//          that was serialized.
//   P      i64 row pointers p[0 .. nrows]: p[0] = 0, non-decreasing, p[nrows] = nvals
//   J      i64 column indices of row i at J[p[i] .. p[i+1]), strictly increasing, < ncols
//   X      nvals values of esize bytes (each basic value little-endian: the bytes of a
//          complex value are two reals; BOOL bytes are 0 or 1), then zero bytes up to a
//          multiple of 8
//   L-8 8  u64 checksum of the image's first L-8 bytes read as n = L/8 - 1 little-endian
//          words w: h = 0x6A09E667F3BCC909 xor n; for each w: h = (h xor w) *
//          0x9E3779B97F4A7C15, h = h xor (h >> 31) (mod 2^64). Every step is invertible,
//          so any change confined to one word is always detected.
//
// The reader trusts nothing: it checks the magic, the version, the length against the
// buffer's and the checksum, then every header field, the counts against the length
// (before allocating anything they size), the domain, the pointers, the indices and the
// values; any failure is WEFT_INVALID_VALUE saying which. A valid image has exactly one
// matrix and a matrix exactly one image, so writing what was read gives the same bytes.
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include "../support/error.hpp"
#include "../types/program.hpp"
#include "../types/walk_entries.hpp"
#include "import_export.hpp"
#include "serialize_format.hpp"

namespace weft {

namespace {

using namespace image;

long long ll(int64_t v) { return (long long)v; }

// The image's domain codes: index in this table. Never reorder; append only.
constexpr Code kDomains[] = {Code::UDT,   Code::BOOL,  Code::INT8,   Code::INT16,  Code::INT32,
                             Code::INT64, Code::UINT8, Code::UINT16, Code::UINT32, Code::UINT64,
                             Code::FP32,  Code::FP64,  Code::FC32,   Code::FC64};
constexpr uint32_t kNumDomains = sizeof kDomains / sizeof kDomains[0];

// The image's basic type codes: index + 1 in this table. Never reorder; append only.
// clang-format off
constexpr BasicId kBasics[] = {
    BasicId::CHAR, BasicId::SIGNED_CHAR, BasicId::UNSIGNED_CHAR, BasicId::BYTE, BasicId::SHORT,
    BasicId::UNSIGNED_SHORT, BasicId::INT, BasicId::UNSIGNED, BasicId::LONG, BasicId::UNSIGNED_LONG,
    BasicId::LONG_LONG, BasicId::UNSIGNED_LONG_LONG, BasicId::INT8, BasicId::INT16, BasicId::INT32,
    BasicId::INT64, BasicId::UINT8, BasicId::UINT16, BasicId::UINT32, BasicId::UINT64,
    BasicId::FLOAT, BasicId::DOUBLE, BasicId::LONG_DOUBLE, BasicId::C_FLOAT_COMPLEX, BasicId::C_DOUBLE_COMPLEX,
    BasicId::BOOL, BasicId::WCHAR, BasicId::INTEGER, BasicId::REAL, BasicId::DOUBLE_PRECISION,
    BasicId::COMPLEX, BasicId::DOUBLE_COMPLEX, BasicId::LOGICAL, BasicId::CHARACTER};
// clang-format on
constexpr uint32_t kNumBasics = sizeof kBasics / sizeof kBasics[0];
static_assert(kNumBasics == uint32_t(BasicId::count_) - 2, "every basic type but the markers has a code");

uint32_t basic_code(BasicId id) {
  for (uint32_t c = 0; c < kNumBasics; ++c)
    if (kBasics[c] == id) return c + 1;
  fail(WEFT_PANIC, "basic type %s has no image code", basic_info(id).name);
}

int64_t basic_size(BasicId id) { return basic_info(id).size; }

// Bytes of one scalar component: a complex value is two reals.
int64_t component_size(BasicId id) {
  switch (id) {
    case BasicId::C_FLOAT_COMPLEX:
    case BasicId::C_DOUBLE_COMPLEX:
    case BasicId::COMPLEX:
    case BasicId::DOUBLE_COMPLEX:
      return basic_size(id) / 2;
    default:
      return basic_size(id);
  }
}

// count entries of `basic` at displ, displ + size, ...
struct Run {
  BasicId basic;
  int64_t count, displ;
  bool continued_by(BasicId id, int64_t d) const { return id == basic && d == displ + count * basic_size(basic); }
};

// How a domain's values are laid out: one run of one entry for a predefined domain.
struct Domain {
  uint32_t code = 0;  // index in kDomains
  int64_t esize = 0, lb = 0;
  std::vector<Run> runs;  // user-defined only
};

Domain domain_of(const Csr &a, const Type &t) {
  Domain d;
  for (uint32_t c = 0; c < kNumDomains; ++c)
    if (kDomains[c] == a.code) d.code = c;
  d.esize = element_size(t);
  if (d.code != 0) return d;
  d.lb = t.st.lb;
  // What the reader would refuse is not written.
  if (d.esize > kMaxBytes || d.lb < -kMaxBytes || d.lb > kMaxBytes)
    fail(WEFT_NOT_IMPLEMENTED, "a domain of lb %lld and extent %lld: an image holds them within +-2^60", ll(d.lb),
         ll(d.esize));
  if (t.st.nelem > kMaxDomainEntries)
    fail(WEFT_NOT_IMPLEMENTED, "the domain has %lld typemap entries; an image holds at most %lld", ll(t.st.nelem),
         ll(kMaxDomainEntries));
  for_each_entry(t, 0, [&](BasicId id, int64_t displ) {
    if (!d.runs.empty() && d.runs.back().continued_by(id, displ))
      ++d.runs.back().count;
    else
      d.runs.push_back({id, 1, displ});
  });
  return d;
}

// Calls fn(offset, basic) for every basic value inside one element of the domain.
template <class F>
void for_each_scalar(const Domain &d, F &&fn) {
  if (d.code != 0) {
    fn(int64_t(0), code_type(kDomains[d.code])->basic);
    return;
  }
  for (const Run &r : d.runs)
    for (int64_t k = 0; k < r.count; ++k) fn(r.displ + k * basic_size(r.basic), r.basic);
}

// Values between host order and little-endian (the same swap both ways; nothing to do
// on a little-endian host).
void values_to_from_little(unsigned char *x, int64_t nvals, const Domain &d) {
  if (kHostLittle) return;
  for (int64_t v = 0; v < nvals; ++v)
    for_each_scalar(d, [&](int64_t off, BasicId id) {
      const int64_t w = component_size(id);
      for (int64_t at = off; at < off + basic_size(id); at += w) {
        unsigned char *c = x + v * d.esize + at;
        for (int64_t i = 0; i < w / 2; ++i) std::swap(c[i], c[w - 1 - i]);
      }
    });
}

Layout layout_for(const Csr &a, const Domain &d) {
  Layout at;
  if (!layout_of(a.nrows, a.nvals(), d.esize, int64_t(d.runs.size()), d.code == 0, at))
    fail(WEFT_OVERFLOW, "the image of a %lld x %lld matrix with %lld values does not fit 64 bits", ll(a.nrows),
         ll(a.ncols), ll(a.nvals()));
  return at;
}

// ---- Reading --------------------------------------------------------------------------

[[noreturn]] void bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void bad(const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fail(WEFT_INVALID_VALUE, "bad matrix image: %s", msg);
}

// A type that no user handle refers to (a query that hands one out registers it then),
// held by the returned reference only.
Ref<Type> internal(Type *t) {
  Ref<Type> r(t);
  t->user_refs.store(0);
  release(t);
  return r;
}

// The runs of a user-defined domain, checked; d.runs filled.
void read_runs(const unsigned char *b, const Layout &at, int64_t nruns, Domain &d) {
  d.lb = load_i64(b + at.runs_at);
  if (d.lb < -kMaxBytes || d.lb > kMaxBytes) bad("domain lb %lld outside [-2^60, 2^60]", ll(d.lb));
  int64_t entries = 0;
  for (int64_t r = 0; r < nruns; ++r) {
    const unsigned char *q = b + at.runs_at + 8 + r * kRunBytes;
    const uint32_t code = load_u32(q), size = load_u32(q + 4);
    const int64_t count = load_i64(q + 8), displ = load_i64(q + 16);
    if (code == 0 || code > kNumBasics) bad("run %lld: unknown basic type code %u", ll(r), code);
    const BasicId id = kBasics[code - 1];
    if (size != uint32_t(basic_size(id)))
      bad("run %lld: %s has %u bytes in the image but %lld here", ll(r), basic_info(id).name, size, ll(basic_size(id)));
    if (count < 1 || count > kMaxDomainEntries - entries)
      bad("run %lld: count %lld (runs hold 1 or more entries, 2^20 in all)", ll(r), ll(count));
    entries += count;
    if (displ < 0 || displ > d.esize || count * basic_size(id) > d.esize - displ)
      bad("run %lld: %lld x %s at %lld is outside the %lld-byte element", ll(r), ll(count), basic_info(id).name,
          ll(displ), ll(d.esize));
    if (r > 0 && d.runs.back().continued_by(id, displ))
      bad("run %lld continues run %lld (runs must be maximal)", ll(r), ll(r - 1));
    d.runs.push_back({id, count, displ});
  }
}

// The domain type an image describes (checked: a user-defined one from its runs).
Ref<Type> read_domain(const unsigned char *b, const Layout &at, int64_t nruns, Domain &d) {
  if (d.code != 0) {
    Type *t = code_type(kDomains[d.code]);
    if (d.esize != element_size(*t))
      bad("a %s domain has %lld-byte values, not %lld", code_name(kDomains[d.code]), ll(element_size(*t)), ll(d.esize));
    if (nruns != 0) bad("a predefined domain with %lld typemap runs", ll(nruns));
    return Ref<Type>(t);
  }
  if (nruns < 1 || nruns > kMaxDomainEntries) bad("a user-defined domain with %lld typemap runs", ll(nruns));
  read_runs(b, at, nruns, d);
  std::vector<int64_t> counts, displs;
  std::vector<Type *> types;
  for (const Run &r : d.runs) {
    counts.push_back(r.count);
    displs.push_back(r.displ);
    types.push_back(predefined_type(r.basic));
  }
  Ref<Type> s = internal(make_struct(nruns, counts.data(), displs.data(), types.data()));
  Ref<Type> t = internal(make_resized(s.get(), d.lb, d.esize));
  if (const char *why = domain_problem(*t)) bad("the domain %s", why);
  commit(*t);  // as a user would before using it elsewhere (weft_copy, weft_pack)
  return t;
}

Indices read_i64s(const unsigned char *at, int64_t n) {
  Indices v(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) v[size_t(k)] = load_i64(at + 8 * k);
  return v;
}

void check_structure(const Indices &p, const Indices &j, int64_t nrows, int64_t ncols) {
  const int64_t nvals = int64_t(j.size());
  if (p[0] != 0) bad("p[0] = %lld, must be 0", ll(p[0]));
  for (int64_t i = 0; i < nrows; ++i) {
    const int64_t b = p[size_t(i)], e = p[size_t(i) + 1];
    if (e < b || e > nvals)
      bad("p[%lld] = %lld after p[%lld] = %lld (nvals %lld)", ll(i + 1), ll(e), ll(i), ll(b), ll(nvals));
    for (int64_t q = b; q < e; ++q) {
      const int64_t c = j[size_t(q)];
      if (c < 0 || c >= ncols) bad("column index %lld of row %lld is outside [0, %lld)", ll(c), ll(i), ll(ncols));
      if (q > b && c <= j[size_t(q) - 1])
        bad("row %lld: column %lld after %lld (columns must increase)", ll(i), ll(c), ll(j[size_t(q) - 1]));
    }
  }
  if (p[size_t(nrows)] != nvals)
    bad("p[%lld] = %lld, must equal nvals = %lld", ll(nrows), ll(p[size_t(nrows)]), ll(nvals));
}

// BOOL bytes must be 0 or 1 (anything else is not a C bool: reading it is undefined).
void check_values(const unsigned char *x, int64_t nvals, const Domain &d) {
  std::vector<int64_t> bools;  // offsets within an element, each once
  for_each_scalar(d, [&](int64_t off, BasicId id) {
    if (id == BasicId::BOOL) bools.push_back(off);
  });
  std::sort(bools.begin(), bools.end());
  bools.erase(std::unique(bools.begin(), bools.end()), bools.end());
  for (int64_t v = 0; v < nvals; ++v)
    for (int64_t off : bools)
      if (x[v * d.esize + off] > 1)
        bad("value %lld has %u in a BOOL (must be 0 or 1)", ll(v), unsigned(x[v * d.esize + off]));
}

}  // namespace

int64_t image_length(Matrix &a) {
  const Csr &c = a.ready();
  return layout_for(c, domain_of(c, *a.type)).length;
}

int64_t write_image(Matrix &a, void *buf, int64_t capacity) {
  const Csr &c = a.ready();
  const Domain d = domain_of(c, *a.type);
  const Layout at = layout_for(c, d);
  if (capacity < at.length)
    fail(WEFT_INSUFFICIENT_SPACE, "capacity %lld < the image's %lld bytes", ll(capacity), ll(at.length));
  auto *o = static_cast<unsigned char *>(buf);
  std::memcpy(o, kMagic, sizeof kMagic);
  store_u32(o + kAtVersion, kVersion);
  store_u32(o + kAtDomain, d.code);
  store_i64(o + kAtNrows, c.nrows);
  store_i64(o + kAtNcols, c.ncols);
  store_i64(o + kAtNvals, c.nvals());
  store_i64(o + kAtEsize, d.esize);
  store_i64(o + kAtNruns, int64_t(d.runs.size()));
  store_i64(o + kAtLength, at.length);
  if (d.code == 0) {
    store_i64(o + at.runs_at, d.lb);
    unsigned char *q = o + at.runs_at + 8;
    for (const Run &r : d.runs) {
      store_u32(q, basic_code(r.basic));
      store_u32(q + 4, uint32_t(basic_size(r.basic)));
      store_i64(q + 8, r.count);
      store_i64(q + 16, r.displ);
      q += kRunBytes;
    }
  }
  for (int64_t i = 0; i <= c.nrows; ++i) store_i64(o + at.p_at + 8 * i, c.p[size_t(i)]);
  for (int64_t k = 0; k < c.nvals(); ++k) store_i64(o + at.j_at + 8 * k, c.j[size_t(k)]);
  if (at.pad_at > at.x_at) std::memcpy(o + at.x_at, c.x.data(), size_t(at.pad_at - at.x_at));
  values_to_from_little(o + at.x_at, c.nvals(), d);
  std::memset(o + at.pad_at, 0, size_t(at.sum_at - at.pad_at));
  store_u64(o + at.sum_at, checksum(o, at.sum_at / 8));
  return at.length;
}

Matrix *read_image(const void *buf, int64_t size) {
  const auto *b = static_cast<const unsigned char *>(buf);
  // Whole, ours, this version, intact.
  if (size < kHeaderBytes + kChecksumBytes)
    bad("truncated: %lld bytes, an image has at least %lld", ll(size), ll(kHeaderBytes + kChecksumBytes));
  if (std::memcmp(b, kMagic, sizeof kMagic) != 0) bad("not a weft matrix image (no magic number at the start)");
  const uint32_t version = load_u32(b + kAtVersion);
  if (version != kVersion) bad("version %u; this library reads version %u", version, kVersion);
  const int64_t length = load_i64(b + kAtLength);
  if (length > size) bad("truncated: the image has %lld bytes, the buffer %lld", ll(length), ll(size));
  if (length != size) bad("the buffer has %lld bytes but the image %lld", ll(size), ll(length));
  if (size % 8 != 0) bad("length %lld is not a multiple of 8", ll(size));
  if (load_u64(b + size - kChecksumBytes) != checksum(b, size / 8 - 1))
    bad("checksum mismatch: the image is corrupted");

  // The header's counts, then the sections they size (checked against the length
  // before anything is allocated).
  Domain d;
  d.code = load_u32(b + kAtDomain);
  const int64_t nrows = load_i64(b + kAtNrows), ncols = load_i64(b + kAtNcols), nvals = load_i64(b + kAtNvals);
  d.esize = load_i64(b + kAtEsize);
  const int64_t nruns = load_i64(b + kAtNruns);
  if (d.code >= kNumDomains) bad("unknown domain code %u", d.code);
  if (nrows < 1 || nrows > kMaxDim) bad("nrows %lld outside [1, 2^60]", ll(nrows));
  if (ncols < 1 || ncols > kMaxDim) bad("ncols %lld outside [1, 2^60]", ll(ncols));
  if (nvals < 0) bad("nvals %lld < 0", ll(nvals));
  if (d.esize < 1 || d.esize > kMaxBytes) bad("value size %lld outside [1, 2^60]", ll(d.esize));
  if (nruns < 0) bad("%lld typemap runs", ll(nruns));
  Layout at;
  if (!layout_of(nrows, nvals, d.esize, nruns, d.code == 0, at) || at.length != length)
    bad("the header's counts (%lld x %lld, %lld values of %lld bytes, %lld runs) do not make %lld bytes", ll(nrows),
        ll(ncols), ll(nvals), ll(d.esize), ll(nruns), ll(length));

  Ref<Type> type = read_domain(b, at, nruns, d);
  Csr t(nrows, ncols, *type);
  t.p = read_i64s(b + at.p_at, nrows + 1);
  t.j = read_i64s(b + at.j_at, nvals);
  check_structure(t.p, t.j, nrows, ncols);
  for (int64_t k = at.pad_at; k < at.sum_at; ++k)
    if (b[k] != 0) bad("padding byte %lld is %u, not 0", ll(k), unsigned(b[k]));
  t.x.assign(reinterpret_cast<const char *>(b + at.x_at), reinterpret_cast<const char *>(b + at.pad_at));
  values_to_from_little(reinterpret_cast<unsigned char *>(t.x.data()), nvals, d);
  check_values(reinterpret_cast<const unsigned char *>(t.x.data()), nvals, d);

  return make_matrix(type.get(), std::move(t));
}

}  // namespace weft
