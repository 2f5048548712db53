// libFuzzer target: weft_matrix_deserialize on arbitrary bytes. The first byte says how
// much framing to repair before the rest goes in (bit 0: the length field := the buffer's
// length; bit 1: recompute the checksum, with tests/fuzz/image_model.hpp), so the fuzzer
// reaches every check behind the checksum as well as the checksum itself.
// A failure must be WEFT_INVALID_VALUE with *A untouched. An accepted image must be a
// matrix that gives back exactly that image, and agree with the image read
// independently (image_model.hpp, the format comment of core/sparse/serialize.cpp):
//   - nrows, ncols, nvals are the header's;
//   - export as CSR, with a domain type rebuilt from the image through the public API
//     (weft_type_struct + weft_type_resized for a user domain), gives the image's
//     pointers, indices and value bytes; extract_tuples gives the same entries;
//   - importing those arrays gives a matrix whose image is the same bytes again.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "image_model.hpp"
#include "weft.h"

namespace {

namespace im = image_model;

[[noreturn]] void broken(const char *what) {
  std::fprintf(stderr, "invariant broken: %s (%s)\n", what, weft_last_error());
  std::abort();
}

void ok(weft_status s, const char *what) {
  if (s != WEFT_SUCCESS) broken(what);
}

// The format's domain and basic type codes as public handles.
weft_type domain_type(uint32_t code) {
  const weft_type t[] = {nullptr,     WEFT_BOOL,   WEFT_INT8,   WEFT_INT16, WEFT_INT32, WEFT_INT64, WEFT_UINT8,
                         WEFT_UINT16, WEFT_UINT32, WEFT_UINT64, WEFT_FP32,  WEFT_FP64,  WEFT_FC32,  WEFT_FC64};
  return t[code];
}
weft_type basic_type(uint32_t code) {
  // clang-format off
  const weft_type t[] = {
      WEFT_CHAR, WEFT_SIGNED_CHAR, WEFT_UNSIGNED_CHAR, WEFT_BYTE, WEFT_SHORT, WEFT_UNSIGNED_SHORT, WEFT_INT,
      WEFT_UNSIGNED, WEFT_LONG, WEFT_UNSIGNED_LONG, WEFT_LONG_LONG, WEFT_UNSIGNED_LONG_LONG, WEFT_INT8, WEFT_INT16,
      WEFT_INT32, WEFT_INT64, WEFT_UINT8, WEFT_UINT16, WEFT_UINT32, WEFT_UINT64, WEFT_FLOAT, WEFT_DOUBLE,
      WEFT_LONG_DOUBLE, WEFT_C_FLOAT_COMPLEX, WEFT_C_DOUBLE_COMPLEX, WEFT_BOOL, WEFT_WCHAR, WEFT_INTEGER, WEFT_REAL,
      WEFT_DOUBLE_PRECISION, WEFT_COMPLEX, WEFT_DOUBLE_COMPLEX, WEFT_LOGICAL, WEFT_CHARACTER};
  // clang-format on
  return t[code - 1];
}

// The domain an accepted image describes, built from its bytes; *owned is set when the
// caller must free it.
weft_type model_domain(const im::Bytes &img, weft_type *owned) {
  *owned = nullptr;
  const uint32_t code = uint32_t(im::get(img.data() + im::kDomain, 4));
  if (code != 0) return domain_type(code);
  const int64_t nruns = im::get_i64(img, im::kNruns), lb = im::get_i64(img, im::kHeader);
  std::vector<int64_t> counts;
  std::vector<weft_aint> displs;
  std::vector<weft_type> types;
  for (int64_t r = 0; r < nruns; ++r) {
    const unsigned char *q = img.data() + im::kHeader + 8 + 24 * size_t(r);
    types.push_back(basic_type(uint32_t(im::get(q, 4))));
    counts.push_back(int64_t(im::get(q + 8, 8)));
    displs.push_back(weft_aint(im::get(q + 16, 8)));
  }
  weft_type s = nullptr;
  ok(weft_type_struct(nruns, counts.data(), displs.data(), types.data(), &s), "model struct");
  ok(weft_type_resized(s, lb, im::get_i64(img, im::kEsize), owned), "model resized");
  ok(weft_type_free(&s), "free model struct");
  return *owned;
}

im::Bytes serialized(weft_matrix A) {
  int64_t size = 0, written = 0;
  ok(weft_matrix_serialize_size(A, &size), "serialize_size");
  im::Bytes out(static_cast<size_t>(size));
  ok(weft_matrix_serialize(A, out.data(), size, &written), "serialize");
  if (written != size) broken("serialize wrote another length than serialize_size");
  return out;
}

void check_accepted(weft_matrix A, const im::Bytes &img) {
  if (serialized(A) != img) broken("serializing the matrix read gives other bytes");
  const int64_t nrows = im::get_i64(img, im::kNrows), ncols = im::get_i64(img, im::kNcols),
                nvals = im::get_i64(img, im::kNvals), esize = im::get_i64(img, im::kEsize);
  int64_t r = 0, c = 0, n = 0;
  ok(weft_matrix_nrows(A, &r), "nrows");
  ok(weft_matrix_ncols(A, &c), "ncols");
  ok(weft_matrix_nvals(A, &n), "nvals");
  if (r != nrows || c != ncols || n != nvals) broken("shape or nvals differ from the header");

  weft_type owned = nullptr;
  const weft_type t = model_domain(img, &owned);
  const im::Sections s = im::sections(img);
  int64_t np = nrows + 1, ni = nvals, nv = nvals;
  std::vector<int64_t> ptr(static_cast<size_t>(np)), idx(size_t(ni) + 1), I(size_t(ni) + 1), J(size_t(ni) + 1);
  im::Bytes x(size_t(nvals * esize) + 1), x2(x.size());
  ok(weft_matrix_export(A, WEFT_FORMAT_CSR, ptr.data(), idx.data(), x.data(), t, &np, &ni, &nv), "export");
  for (int64_t i = 0; i <= nrows; ++i)
    if (ptr[size_t(i)] != im::get_i64(img, s.p + 8 * size_t(i))) broken("exported ptr differs from the image");
  for (int64_t k = 0; k < nvals; ++k)
    if (idx[size_t(k)] != im::get_i64(img, s.j + 8 * size_t(k))) broken("exported idx differs from the image");
  if (nvals > 0 && std::memcmp(x.data(), img.data() + s.x, size_t(nvals * esize)) != 0)
    broken("exported values differ from the image");
  int64_t got = nvals;
  ok(weft_matrix_extract_tuples(A, nvals, I.data(), J.data(), x2.data(), t, &got), "extract_tuples");
  if (got != nvals || x != x2) broken("extract_tuples disagrees with export");
  for (int64_t i = 0; i < nrows; ++i)
    for (int64_t k = ptr[size_t(i)]; k < ptr[size_t(i) + 1]; ++k)
      if (I[size_t(k)] != i || J[size_t(k)] != idx[size_t(k)]) broken("extract_tuples disagrees with export");

  weft_matrix B = nullptr;
  ok(weft_matrix_import(t, nrows, ncols, WEFT_FORMAT_CSR, ptr.data(), idx.data(), x.data(), t, nvals, &B), "import");
  if (serialized(B) != img) broken("the exported arrays import to another image");
  ok(weft_matrix_free(&B), "free B");
  if (owned) ok(weft_type_free(&owned), "free model domain");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  if (n < 1) return 0;
  const uint8_t mode = data[0];
  im::Bytes img(data + 1, data + n);
  if ((mode & 1) && img.size() >= im::kHeader) im::put_i64(img, im::kLength, int64_t(img.size()));
  if ((mode & 2) && img.size() >= 8 && img.size() % 8 == 0) im::fix_checksum(img);
  // An exact-length copy (never NULL), so a read past the end is caught.
  std::vector<unsigned char> buf(img.size() + (img.empty() ? 1 : 0));
  if (!img.empty()) std::memcpy(buf.data(), img.data(), img.size());
  weft_matrix sentinel = reinterpret_cast<weft_matrix>(uintptr_t(0x5e47)), A = sentinel;
  const weft_status s = weft_matrix_deserialize(buf.data(), int64_t(img.size()), &A);
  if (s != WEFT_SUCCESS) {
    if (s != WEFT_INVALID_VALUE) broken("deserialize failed with a status other than WEFT_INVALID_VALUE");
    if (A != sentinel) broken("a failed deserialize wrote *A");
    return 0;
  }
  check_accepted(A, img);
  ok(weft_matrix_free(&A), "free A");
  return 0;
}
