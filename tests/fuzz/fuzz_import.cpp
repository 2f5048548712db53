// libFuzzer target: weft_matrix_import on arbitrary arrays (import parses outside data).
// A model decides from the same arrays what import must do, in the documented order:
// a bad CSR/CSC pointer -> WEFT_INVALID_VALUE, else an index out of range ->
// WEFT_INDEX_OUT_OF_BOUNDS, else a repeated (row, column) -> WEFT_INVALID_VALUE, else
// success with the model's entries and values (cast as C casts); an incompatible value
// type -> WEFT_DOMAIN_MISMATCH first. Checked: the status, *A untouched on failure, and
// on success the entries (extract_tuples), an export in every format that imports back
// to the same entries, and a serialize/deserialize round trip.
//
// Input: format, domain, flags, nrows, ncols, nvals, then the arrays. With flag 1 the
// CSR/CSC pointers are built from small row counts (so they are valid) instead of read.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
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
  // Mostly in [-1, bound], sometimes anything.
  int64_t index(int64_t bound) {
    const uint8_t b = byte();
    if (b == 0xFF) {
      int64_t v = 0;
      for (int k = 0; k < 8; ++k) v = int64_t(uint64_t(v) << 8 | byte());
      return v;
    }
    return int64_t(b % (bound + 2)) - 1;
  }
};

[[noreturn]] void broken(const char *what) {
  std::fprintf(stderr, "invariant broken: %s (%s)\n", what, weft_last_error());
  std::abort();
}

void ok(weft_status s, const char *what) {
  if (s != WEFT_SUCCESS) broken(what);
}

// A domain and the type its values come in, with the model's cast (to 8-byte words).
struct Pairing {
  int64_t vsize, esize;
  bool compatible;
};
// 0: INT32 <- INT32; 1: FP64 <- INT32; 2: BOOL <- UINT8; 3: INT64 <- INT8;
// 4: a struct {INT32; DOUBLE} <- itself; 5: FP64 <- the struct (DOMAIN_MISMATCH).
constexpr int kPairings = 6;
const Pairing kPair[kPairings] = {{4, 4, true}, {4, 8, true},   {1, 1, true},
                                  {1, 8, true}, {16, 16, true}, {16, 8, false}};

weft_type g_point = nullptr;
weft_type point_type() {
  if (!g_point) {
    const int64_t bl[] = {1, 1};
    const weft_aint d[] = {0, 8};
    const weft_type t[] = {WEFT_INT32, WEFT_DOUBLE};
    weft_type s = nullptr;
    ok(weft_type_struct(2, bl, d, t, &s), "struct");
    ok(weft_type_resized(s, 0, 16, &g_point), "resized");
    ok(weft_type_free(&s), "free struct");
  }
  return g_point;
}
weft_type domain_of(int k) {
  const weft_type t[] = {WEFT_INT32, WEFT_FP64, WEFT_BOOL, WEFT_INT64, point_type(), WEFT_FP64};
  return t[k];
}
weft_type vtype_of(int k) {
  const weft_type t[] = {WEFT_INT32, WEFT_INT32, WEFT_UINT8, WEFT_INT8, point_type(), point_type()};
  return t[k];
}

// The model's value in the domain, as bytes.
std::vector<unsigned char> model_cast(int k, const unsigned char *v) {
  std::vector<unsigned char> out(size_t(kPair[k].esize));
  if (k == 1) {
    int32_t i;
    std::memcpy(&i, v, 4);
    const double d = i;
    std::memcpy(out.data(), &d, 8);
  } else if (k == 2) {
    out[0] = v[0] != 0;
  } else if (k == 3) {
    const int64_t w = int8_t(v[0]);
    std::memcpy(out.data(), &w, 8);
  } else {
    std::memcpy(out.data(), v, out.size());
  }
  return out;
}

using Entries = std::map<std::pair<int64_t, int64_t>, std::vector<unsigned char>>;

Entries entries_of(weft_matrix A, weft_type t, int64_t esize) {
  int64_t n = 0;
  ok(weft_matrix_nvals(A, &n), "nvals");
  std::vector<int64_t> I(size_t(n) + 1), J(size_t(n) + 1);
  std::vector<unsigned char> X(size_t(n * esize) + 1);
  int64_t got = n;
  ok(weft_matrix_extract_tuples(A, n, I.data(), J.data(), X.data(), t, &got), "extract_tuples");
  Entries e;
  for (int64_t k = 0; k < got; ++k) {
    if (k > 0 && std::make_pair(I[size_t(k - 1)], J[size_t(k - 1)]) >= std::make_pair(I[size_t(k)], J[size_t(k)]))
      broken("extract_tuples not in row-major order");
    e[{I[size_t(k)], J[size_t(k)]}].assign(X.begin() + k * esize, X.begin() + (k + 1) * esize);
  }
  return e;
}

// What import must do with these arrays: the status, and the entries on success.
weft_status model(int format, int64_t nrows, int64_t ncols, const std::vector<int64_t> &ptr,
                  const std::vector<int64_t> &idx, int pairing, const std::vector<unsigned char> &values, int64_t nvals,
                  Entries &out) {
  if (!kPair[pairing].compatible) return WEFT_DOMAIN_MISMATCH;
  std::vector<std::pair<int64_t, int64_t>> at(static_cast<size_t>(nvals));  // (row, column) of each position
  if (format == WEFT_FORMAT_COO) {
    for (int64_t k = 0; k < nvals; ++k) {
      if (ptr[size_t(k)] < 0 || ptr[size_t(k)] >= nrows || idx[size_t(k)] < 0 || idx[size_t(k)] >= ncols)
        return WEFT_INDEX_OUT_OF_BOUNDS;
      at[size_t(k)] = {ptr[size_t(k)], idx[size_t(k)]};
    }
  } else {
    const bool csr = format == WEFT_FORMAT_CSR;
    const int64_t n = csr ? nrows : ncols, other = csr ? ncols : nrows;
    if (ptr[0] != 0 || ptr[size_t(n)] != nvals) return WEFT_INVALID_VALUE;
    for (int64_t i = 0; i < n; ++i)
      if (ptr[size_t(i) + 1] < ptr[size_t(i)]) return WEFT_INVALID_VALUE;
    for (int64_t k = 0; k < nvals; ++k)
      if (idx[size_t(k)] < 0 || idx[size_t(k)] >= other) return WEFT_INDEX_OUT_OF_BOUNDS;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t k = ptr[size_t(i)]; k < ptr[size_t(i) + 1]; ++k)
        at[size_t(k)] = csr ? std::make_pair(i, idx[size_t(k)]) : std::make_pair(idx[size_t(k)], i);
  }
  const int64_t vsize = kPair[pairing].vsize;
  for (int64_t k = 0; k < nvals; ++k) {
    auto &slot = out[at[size_t(k)]];
    if (!slot.empty()) return WEFT_INVALID_VALUE;
    slot = model_cast(pairing, values.data() + k * vsize);
  }
  return WEFT_SUCCESS;
}

// Every export format imports back to the same entries; the image round trips.
void check_accepted(weft_matrix A, weft_type t, int64_t esize, int64_t nrows, int64_t ncols, const Entries &want) {
  for (int format : {WEFT_FORMAT_CSR, WEFT_FORMAT_CSC, WEFT_FORMAT_COO}) {
    int64_t np = 0, ni = 0, nv = 0;
    ok(weft_matrix_export_size(A, format, &np, &ni, &nv), "export_size");
    std::vector<int64_t> ptr(size_t(np) + 1), idx(size_t(ni) + 1);
    std::vector<unsigned char> x(size_t(nv * esize) + 1);
    ok(weft_matrix_export(A, format, ptr.data(), idx.data(), x.data(), t, &np, &ni, &nv), "export");
    weft_matrix B = nullptr;
    ok(weft_matrix_import(t, nrows, ncols, format, ptr.data(), idx.data(), x.data(), t, nv, &B), "re-import");
    if (entries_of(B, t, esize) != want) broken("an exported matrix imports back to other entries");
    ok(weft_matrix_free(&B), "free");
  }
  int64_t size = 0;
  ok(weft_matrix_serialize_size(A, &size), "serialize_size");
  std::vector<unsigned char> img(static_cast<size_t>(size));
  ok(weft_matrix_serialize(A, img.data(), size, &size), "serialize");
  weft_matrix C = nullptr;
  ok(weft_matrix_deserialize(img.data(), size, &C), "deserialize");
  if (entries_of(C, t, esize) != want) broken("the image holds other entries");
  ok(weft_matrix_free(&C), "free");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Input in{data, size};
  const int format = in.byte() % 3, pairing = in.byte() % kPairings, flags = in.byte();
  const int64_t nrows = 1 + in.byte() % 12, ncols = 1 + in.byte() % 12;
  int64_t nvals = in.byte() % 40;
  const bool csr = format == WEFT_FORMAT_CSR;
  std::vector<int64_t> ptr, idx;
  if (format == WEFT_FORMAT_COO) {
    for (int64_t k = 0; k < nvals; ++k) ptr.push_back(in.index(nrows));
  } else {
    const int64_t n = csr ? nrows : ncols;
    ptr.push_back(flags & 1 ? 0 : in.index(nvals));
    for (int64_t i = 0; i < n; ++i) ptr.push_back(flags & 1 ? ptr.back() + in.byte() % 4 : in.index(nvals));
    if (flags & 1) nvals = ptr.back();
  }
  for (int64_t k = 0; k < nvals; ++k) idx.push_back(in.index(format == WEFT_FORMAT_CSC ? nrows : ncols));
  const int64_t vsize = kPair[pairing].vsize, esize = kPair[pairing].esize;
  std::vector<unsigned char> values(size_t(nvals * vsize) + 1);
  for (auto &b : values) b = in.byte();

  Entries want;
  const weft_status expect = model(format, nrows, ncols, ptr, idx, pairing, values, nvals, want);
  const weft_type t = domain_of(pairing), vt = vtype_of(pairing);
  weft_matrix sentinel = reinterpret_cast<weft_matrix>(uintptr_t(0x5e47)), A = sentinel;
  const weft_status s =
      weft_matrix_import(t, nrows, ncols, format, ptr.data(), idx.data(), values.data(), vt, nvals, &A);
  if (s != expect) {
    std::fprintf(stderr, "import gave %s, the model %s\n", weft_status_name(s), weft_status_name(expect));
    broken("import and the model disagree");
  }
  if (s != WEFT_SUCCESS) {
    if (A != sentinel) broken("a failed import wrote *A");
    return 0;
  }
  if (entries_of(A, t, esize) != want) broken("imported entries differ from the model's");
  check_accepted(A, t, esize, nrows, ncols, want);
  ok(weft_matrix_free(&A), "free");
  return 0;
}
