// The Matrix Market writer (the format: matrix_market.hpp).
//
// Coordinate format, row by row. A square matrix equal to its transpose (value bits
// compared, so -0.0 and 0.0 differ), to its negated transpose with an empty diagonal, or
// to its conjugate transpose with a real diagonal is written as symmetric,
// skew-symmetric or hermitian: the lower triangle only, which the reader mirrors back
// to the same bits (the diagonal it keeps as it is). Numbers are
// formatted with std::to_chars: integers exactly, floating values as the shortest text
// that reads back as the same value (NaN as "nan" or "-nan": the sign survives, a
// payload does not).
#include <cerrno>
#include <charconv>
#include <complex>
#include <cstdio>
#include <cstring>

#include "../support/error.hpp"
#include "matrix_market.hpp"

namespace weft {

namespace {

long long ll(int64_t v) { return (long long)v; }

enum class Symmetry { General, Symmetric, Skew, Hermitian };

// Text going to a string or, in pieces of about 1 MiB, to a file.
class Out {
 public:
  explicit Out(FILE *f = nullptr, const char *path = nullptr) : file_(f), path_(path) {}
  void put(const char *s, size_t n) {
    text_.append(s, n);
    if (file_ && text_.size() >= (1u << 20)) flush();
  }
  void put(const char *s) { put(s, std::strlen(s)); }
  void flush() {
    if (!file_ || text_.empty()) return;
    if (std::fwrite(text_.data(), 1, text_.size(), file_) != text_.size())
      fail(WEFT_IO_ERROR, "cannot write \"%s\": %s", path_, std::strerror(errno));
    text_.clear();
  }
  std::string &text() { return text_; }

 private:
  std::string text_;
  FILE *file_;
  const char *path_;
};

template <class T>
T load(const char *v) {
  T x;
  std::memcpy(&x, v, sizeof x);
  return x;
}

// Appends one number and returns the end.
template <class T>
char *number(char *at, char *end, T x) {
  return std::to_chars(at, end, x).ptr;
}

// Appends a value of domain c at `at` (room for two shortest doubles and a space).
char *value_text(char *at, char *end, Code c, const char *v) {
  switch (c) {
    case Code::BOOL: *at++ = load<bool>(v) ? '1' : '0'; return at;
    case Code::INT8: return number(at, end, int(load<int8_t>(v)));
    case Code::INT16: return number(at, end, int(load<int16_t>(v)));
    case Code::INT32: return number(at, end, load<int32_t>(v));
    case Code::INT64: return number(at, end, load<int64_t>(v));
    case Code::UINT8: return number(at, end, unsigned(load<uint8_t>(v)));
    case Code::UINT16: return number(at, end, unsigned(load<uint16_t>(v)));
    case Code::UINT32: return number(at, end, load<uint32_t>(v));
    case Code::UINT64: return number(at, end, load<uint64_t>(v));
    case Code::FP32: return number(at, end, load<float>(v));
    case Code::FP64: return number(at, end, load<double>(v));
    case Code::FC32:
      at = number(at, end, load<float>(v));
      *at++ = ' ';
      return number(at, end, load<float>(v + 4));
    default:
      at = number(at, end, load<double>(v));
      *at++ = ' ';
      return number(at, end, load<double>(v + 8));
  }
}

bool is_signed_or_floating(Code c) {
  return c == Code::INT8 || c == Code::INT16 || c == Code::INT32 || c == Code::INT64 || c == Code::FP32 ||
         c == Code::FP64 || c == Code::FC32 || c == Code::FC64;
}

// Whether every off-diagonal value of a equals f(the value of t at the same position),
// bitwise (the reader leaves diagonal entries as they are, so they need not).
template <class F>
bool off_diagonal_match(const Csr &a, const Csr &t, F f) {
  std::vector<char> v(size_t(a.esize));
  for (int64_t i = 0; i < a.nrows; ++i)
    for (int64_t q = a.row_begin(i); q < a.row_end(i); ++q) {
      if (a.j[size_t(q)] == i) continue;
      std::memcpy(v.data(), t.val(q), v.size());
      f(v.data());
      if (std::memcmp(v.data(), a.val(q), v.size()) != 0) return false;
    }
  return true;
}

// Whether the diagonal has no entry (skew-symmetric), or only real ones (hermitian:
// a zero imaginary part of either sign).
bool diagonal_is(const Csr &a, bool absent) {
  for (int64_t i = 0; i < a.nrows; ++i) {
    const int64_t q = a.find(i, i);
    if (q < 0) continue;
    if (absent) return false;
    const char *v = a.val(q);
    const bool real = a.code == Code::FC32 ? load<float>(v + 4) == 0.0f : load<double>(v + 8) == 0.0;
    if (!real) return false;
  }
  return true;
}

Symmetry symmetry_of(const Csr &a) {
  if (a.nrows != a.ncols) return Symmetry::General;
  const Csr t = transpose_csr(a);
  if (t.p != a.p || t.j != a.j) return Symmetry::General;
  if (a.nvals() == 0 || std::memcmp(a.x.data(), t.x.data(), size_t(a.nvals() * a.esize)) == 0)
    return Symmetry::Symmetric;
  if (is_signed_or_floating(a.code) && diagonal_is(a, true) &&
      off_diagonal_match(a, t, [&](void *v) { mm::negate(a.code, v); }))
    return Symmetry::Skew;
  if ((a.code == Code::FC32 || a.code == Code::FC64) && diagonal_is(a, false) &&
      off_diagonal_match(a, t, [&](void *v) { mm::conjugate(a.code, v); }))
    return Symmetry::Hermitian;
  return Symmetry::General;
}

void write(Matrix &m, Out &out) {
  const Csr &a = m.ready();
  if (a.code == Code::UDT)
    fail(WEFT_DOMAIN_MISMATCH, "Matrix Market holds bool, integer, real and complex values, not a user-defined domain");
  const Symmetry s = symmetry_of(a);
  const char *field = a.code == Code::FP32 || a.code == Code::FP64   ? "real"
                      : a.code == Code::FC32 || a.code == Code::FC64 ? "complex"
                                                                     : "integer";
  const char *sym = s == Symmetry::General     ? "general"
                    : s == Symmetry::Symmetric ? "symmetric"
                    : s == Symmetry::Skew      ? "skew-symmetric"
                                               : "hermitian";
  // The lower triangle of a symmetric matrix (and its diagonal, except when skew).
  auto written = [&](int64_t i, int64_t j) { return s == Symmetry::General || j < i || (j == i && s != Symmetry::Skew); };
  int64_t n = 0;
  if (s == Symmetry::General) {
    n = a.nvals();
  } else {
    for (int64_t i = 0; i < a.nrows; ++i)
      for (int64_t q = a.row_begin(i); q < a.row_end(i); ++q) n += written(i, a.j[size_t(q)]);
  }
  char line[256];
  std::snprintf(line, sizeof line, "%%%%MatrixMarket matrix coordinate %s %s\n%%%%GraphBLAS type %s\n%lld %lld %lld\n",
                field, sym, mm::type_name(a.code), ll(a.nrows), ll(a.ncols), ll(n));
  out.put(line);
  char *const end = line + sizeof line - 16;  // to_chars stops there; separators fit after it
  for (int64_t i = 0; i < a.nrows; ++i)
    for (int64_t q = a.row_begin(i); q < a.row_end(i); ++q) {
      const int64_t j = a.j[size_t(q)];
      if (!written(i, j)) continue;
      char *at = number(line, end, i + 1);
      *at++ = ' ';
      at = number(at, end, j + 1);
      *at++ = ' ';
      at = value_text(at, end, a.code, a.val(q));
      *at++ = '\n';
      out.put(line, size_t(at - line));
    }
}

}  // namespace

std::string write_matrix_market(Matrix &a) {
  Out out;
  write(a, out);
  return std::move(out.text());
}

void write_matrix_market_file(Matrix &a, const char *path) {
  // The domain first: a refused matrix leaves no file behind.
  if (a.code() == Code::UDT)
    fail(WEFT_DOMAIN_MISMATCH, "Matrix Market holds bool, integer, real and complex values, not a user-defined domain");
  FILE *f = std::fopen(path, "wb");
  if (!f) fail(WEFT_IO_ERROR, "cannot create \"%s\": %s", path, std::strerror(errno));
  try {
    Out out(f, path);
    write(a, out);
    out.flush();
    if (std::fclose(f) != 0) {
      f = nullptr;
      fail(WEFT_IO_ERROR, "cannot write \"%s\": %s", path, std::strerror(errno));
    }
  } catch (...) {
    if (f) std::fclose(f);
    std::remove(path);
    throw;
  }
}

}  // namespace weft
