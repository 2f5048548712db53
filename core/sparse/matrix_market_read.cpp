// The Matrix Market reader (the format: matrix_market.hpp).
//
// One pass over the text, line by line: the banner, comments (and LAGraph's
// %%GraphBLAS type line), the size line, then the entries, each parsed straight into
// the domain's C type with its range checked (an INT8 matrix refuses 300, BOOL refuses
// 2, an integer domain refuses 2.5). Symmetric files get their mirrored entries
// appended after the file's. The entries are then grouped by row (a counting sort that
// keeps file order within a row; files are usually written column by column, so rows
// come out sorted and only rows that are not get sorted) and a repeated position is
// refused. Line numbers are counted as the pass goes; a repeat, found after the pass,
// is mapped back to its two lines by counting again (errors only).
//
// Strictness: every line holds exactly what the header says (an extra token is an
// error, not ignored) and counts are exact (fewer entries: truncated; more: an error).
// Blank lines and comment lines may appear anywhere after the banner (LAGraph's own
// test files have them between entries).
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "../support/error.hpp"
#include "matrix_market.hpp"

namespace weft {

namespace {

long long ll(int64_t v) { return (long long)v; }

enum class Field { Real, Integer, Complex, Pattern };
enum class Symmetry { General, Symmetric, Skew, Hermitian };

struct Header {
  bool coordinate = true;
  Field field = Field::Real;
  Symmetry symmetry = Symmetry::General;
};

// Case-insensitive equality of [b, e) with a lower-case word.
bool is_word(const char *b, const char *e, const char *word) {
  const size_t n = std::strlen(word);
  if (size_t(e - b) != n) return false;
  for (size_t k = 0; k < n; ++k) {
    char c = b[k];
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    if (c != word[k]) return false;
  }
  return true;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The next whitespace-separated token of [p, e): [tb, te), p moved past it.
bool next_token(const char *&p, const char *e, const char *&tb, const char *&te) {
  while (p < e && is_blank(*p)) ++p;
  if (p == e) return false;
  tb = p;
  while (p < e && !is_blank(*p)) ++p;
  te = p;
  return true;
}

// A token quoted in a message (at most 40 characters).
std::string quoted(const char *b, const char *e) {
  std::string s(b, size_t(std::min<ptrdiff_t>(e - b, 40)));
  if (e - b > 40) s += "...";
  return "\"" + s + "\"";
}

// [+-]digits into sign and magnitude (no overflow: false beyond 2^64 - 1).
bool parse_integer(const char *b, const char *e, bool &negative, uint64_t &magnitude) {
  negative = false;
  if (b < e && (*b == '+' || *b == '-')) negative = *b++ == '-';
  if (b == e) return false;
  auto r = std::from_chars(b, e, magnitude);
  return r.ec == std::errc() && r.ptr == e;
}

// A real number (C's strtod syntax without hex: digits, '.', exponent, inf, nan); values
// beyond the type's range become infinities or zeros (as strtod rounds them).
template <class F>
bool parse_real(const char *b, const char *e, F &v) {
  const char *s = b;
  if (s < e && *s == '+') {  // from_chars takes '-' only
    ++s;
    if (s < e && (*s == '+' || *s == '-')) return false;
  }
  if (s == e) return false;
  auto r = std::from_chars(s, e, v);
  if (r.ptr != e) return false;
  if (r.ec == std::errc()) return true;
  if (r.ec != std::errc::result_out_of_range) return false;
  // Out of range: what strtod gives (infinity or zero, keeping the sign).
  std::string copy(s, e);
  if constexpr (std::is_same_v<F, float>)
    v = std::strtof(copy.c_str(), nullptr);
  else
    v = std::strtod(copy.c_str(), nullptr);
  return true;
}

}  // namespace

namespace mm {

// The domains the %%GraphBLAS line may name; the first name of each is what the writer
// uses (LAGraph's spelling).
struct TypeName {
  const char *name;
  Code code;
};
constexpr TypeName kTypeNames[] = {
    {"bool", Code::BOOL},           {"int8_t", Code::INT8},       {"int16_t", Code::INT16},
    {"int32_t", Code::INT32},       {"int64_t", Code::INT64},     {"uint8_t", Code::UINT8},
    {"uint16_t", Code::UINT16},     {"uint32_t", Code::UINT32},   {"uint64_t", Code::UINT64},
    {"float", Code::FP32},          {"double", Code::FP64},       {"float complex", Code::FC32},
    {"double complex", Code::FC64}, {"gxb_fc32_t", Code::FC32},   {"gxb_fc64_t", Code::FC64}};

const char *type_name(Code c) {
  for (const TypeName &t : kTypeNames)
    if (t.code == c) return t.name;
  return nullptr;
}

Code type_named(const char *b, const char *e) {
  for (const TypeName &t : kTypeNames)
    if (is_word(b, e, t.name)) return t.code;
  return Code::UDT;
}

// -x or conj(x) in place (the mirrored entry of a skew-symmetric or hermitian file).
// Integers negate modulo 2^bits, as the writer does when it checks for skew symmetry.
void negate(Code c, void *v) {
  auto neg = [v](auto t) {
    using T = decltype(t);
    T x;
    std::memcpy(&x, v, sizeof x);
    if constexpr (std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      x = T(U(0) - U(x));
    } else {
      x = -x;
    }
    std::memcpy(v, &x, sizeof x);
  };
  switch (c) {
    case Code::INT8: neg(int8_t()); break;
    case Code::INT16: neg(int16_t()); break;
    case Code::INT32: neg(int32_t()); break;
    case Code::INT64: neg(int64_t()); break;
    case Code::FP32: neg(float()); break;
    case Code::FP64: neg(double()); break;
    case Code::FC32: neg(std::complex<float>()); break;
    case Code::FC64: neg(std::complex<double>()); break;
    default: break;  // unsigned domains are refused for skew-symmetric files
  }
}
void conjugate(Code c, void *v) {
  if (c == Code::FC32) {
    float im;
    std::memcpy(&im, static_cast<char *>(v) + 4, 4);
    im = -im;
    std::memcpy(static_cast<char *>(v) + 4, &im, 4);
  } else if (c == Code::FC64) {
    double im;
    std::memcpy(&im, static_cast<char *>(v) + 8, 8);
    im = -im;
    std::memcpy(static_cast<char *>(v) + 8, &im, 8);
  }
}

}  // namespace mm

namespace {

using namespace mm;

bool is_unsigned(Code c) {
  return c == Code::BOOL || c == Code::UINT8 || c == Code::UINT16 || c == Code::UINT32 || c == Code::UINT64;
}
bool is_complex(Code c) { return c == Code::FC32 || c == Code::FC64; }
bool is_floating(Code c) { return c == Code::FP32 || c == Code::FP64 || is_complex(c); }

// The range of an integer domain as sign-magnitude bounds.
void integer_range(Code c, uint64_t &max_negative, uint64_t &max_positive) {
  switch (c) {
    case Code::BOOL: max_negative = 0, max_positive = 1; break;
    case Code::INT8: max_negative = 128, max_positive = 127; break;
    case Code::INT16: max_negative = 32768, max_positive = 32767; break;
    case Code::INT32: max_negative = 2147483648u, max_positive = 2147483647u; break;
    case Code::INT64: max_negative = uint64_t(1) << 63, max_positive = (uint64_t(1) << 63) - 1; break;
    case Code::UINT8: max_negative = 0, max_positive = 255; break;
    case Code::UINT16: max_negative = 0, max_positive = 65535; break;
    case Code::UINT32: max_negative = 0, max_positive = 4294967295u; break;
    default: max_negative = 0, max_positive = ~uint64_t(0); break;
  }
}

template <class T>
void store(void *out, T v) {
  std::memcpy(out, &v, sizeof v);
}

// Writes an integer of sign and magnitude (within the domain's range) as domain c.
void store_integer(Code c, bool negative, uint64_t m, void *out) {
  const int64_t s = negative ? int64_t(0 - m) : int64_t(m);  // two's complement, in range
  switch (c) {
    case Code::BOOL: store<bool>(out, m != 0); break;
    case Code::INT8: store<int8_t>(out, int8_t(s)); break;
    case Code::INT16: store<int16_t>(out, int16_t(s)); break;
    case Code::INT32: store<int32_t>(out, int32_t(s)); break;
    case Code::INT64: store<int64_t>(out, s); break;
    case Code::UINT8: store<uint8_t>(out, uint8_t(m)); break;
    case Code::UINT16: store<uint16_t>(out, uint16_t(m)); break;
    case Code::UINT32: store<uint32_t>(out, uint32_t(m)); break;
    default: store<uint64_t>(out, m); break;
  }
}

// The value 1 of domain c (a pattern file's entries).
void store_one(Code c, void *out) {
  switch (c) {
    case Code::FP32: store<float>(out, 1.0f); break;
    case Code::FP64: store<double>(out, 1.0); break;
    case Code::FC32: store(out, std::complex<float>(1.0f, 0.0f)); break;
    case Code::FC64: store(out, std::complex<double>(1.0, 0.0)); break;
    default: store_integer(c, false, 1, out); break;
  }
}

class Reader {
 public:
  Reader(const char *text, size_t size, Type *type) : p_(text), end_(text + size), type_(type) {}
  Matrix *read();

 private:
  [[noreturn]] void error(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  // The next line as [b, e) without its end ('\n' or "\r\n"); false at the end of the text.
  bool next_line(const char *&b, const char *&e) {
    if (p_ == end_) return false;
    b = p_;
    const char *nl = static_cast<const char *>(std::memchr(p_, '\n', size_t(end_ - p_)));
    e = nl ? nl : end_;
    p_ = nl ? nl + 1 : end_;
    if (e > b && e[-1] == '\r') --e;
    ++line_;
    return true;
  }
  static bool blank_line(const char *b, const char *e) {
    while (b < e && is_blank(*b)) ++b;
    return b == e;
  }
  void banner();
  void comments_and_size();
  void graphblas_line(const char *b, const char *e);
  void choose_domain();
  void check_header();
  void entries();
  void value(const char *&q, const char *e, void *out);
  void real_value(const char *tb, const char *te, void *out, bool imaginary);
  void expect_end(const char *q, const char *e);
  void mirror();
  Matrix *assemble();
  int64_t line_of_entry(int64_t k);

  const char *p_, *end_;
  const char *data_ = nullptr;  // where the entries start
  int64_t line_ = 0, size_line_ = 0;
  Type *type_;
  Header h_;
  Code named_ = Code::UDT;  // the %%GraphBLAS line's domain
  Code code_ = Code::UDT;
  int64_t esize_ = 0;
  int64_t nrows_ = 0, ncols_ = 0, count_ = 0;  // count_: entries (coordinate) or values (array)
  std::vector<int64_t> I_, J_;
  std::vector<char> X_;
  int64_t file_entries_ = 0;  // entries that came from lines (mirrors follow)
};

void Reader::error(const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fail(WEFT_INVALID_VALUE, "Matrix Market line %lld: %s", ll(line_), msg);
}

void Reader::banner() {
  const char *b, *e, *tb, *te;
  if (!next_line(b, e)) line_ = 1, error("the text is empty (a Matrix Market file starts with %%%%MatrixMarket)");
  const char *q = b;
  if (!next_token(q, e, tb, te) || !is_word(tb, te, "%%matrixmarket"))
    error("the file does not start with %%%%MatrixMarket");
  const char *words[4][2];
  for (auto &w : words)
    if (!next_token(q, e, w[0], w[1])) error("the banner needs four words: matrix, format, field, symmetry");
  if (next_token(q, e, tb, te)) error("unexpected %s after the banner's four words", quoted(tb, te).c_str());
  if (!is_word(words[0][0], words[0][1], "matrix"))
    error("object %s is not \"matrix\"", quoted(words[0][0], words[0][1]).c_str());
  if (is_word(words[1][0], words[1][1], "coordinate"))
    h_.coordinate = true;
  else if (is_word(words[1][0], words[1][1], "array"))
    h_.coordinate = false;
  else
    error("format %s is not \"coordinate\" or \"array\"", quoted(words[1][0], words[1][1]).c_str());
  const char *fb = words[2][0], *fe = words[2][1];
  if (is_word(fb, fe, "real"))
    h_.field = Field::Real;
  else if (is_word(fb, fe, "integer"))
    h_.field = Field::Integer;
  else if (is_word(fb, fe, "complex"))
    h_.field = Field::Complex;
  else if (is_word(fb, fe, "pattern"))
    h_.field = Field::Pattern;
  else
    error("field %s is not real, integer, complex or pattern", quoted(fb, fe).c_str());
  const char *sb = words[3][0], *se = words[3][1];
  if (is_word(sb, se, "general"))
    h_.symmetry = Symmetry::General;
  else if (is_word(sb, se, "symmetric"))
    h_.symmetry = Symmetry::Symmetric;
  else if (is_word(sb, se, "skew-symmetric"))
    h_.symmetry = Symmetry::Skew;
  else if (is_word(sb, se, "hermitian"))
    h_.symmetry = Symmetry::Hermitian;
  else
    error("symmetry %s is not general, symmetric, skew-symmetric or hermitian", quoted(sb, se).c_str());
  if (!h_.coordinate && h_.field == Field::Pattern) error("\"array pattern\" is not a Matrix Market format");
  if (h_.symmetry == Symmetry::Hermitian && h_.field != Field::Complex)
    error("hermitian needs complex values (the field is not complex)");
  if (h_.symmetry == Symmetry::Skew && h_.field == Field::Pattern)
    error("a skew-symmetric pattern has no values to negate");
}

void Reader::graphblas_line(const char *b, const char *e) {
  const char *q = b, *tb, *te;
  next_token(q, e, tb, te);  // %%GraphBLAS
  if (!next_token(q, e, tb, te) || !is_word(tb, te, "type")) return;  // another GraphBLAS note
  while (q < e && is_blank(*q)) ++q;
  const char *ne = e;
  while (ne > q && is_blank(ne[-1])) --ne;
  // Inner blanks count as one ("double  complex").
  std::string name;
  for (const char *c = q; c < ne; ++c) {
    if (is_blank(*c) && !name.empty() && name.back() == ' ') continue;
    name += is_blank(*c) ? ' ' : *c;
  }
  named_ = type_named(name.data(), name.data() + name.size());
  if (named_ != Code::UDT) return;
  error("%%%%GraphBLAS type %s is not bool, int8_t .. uint64_t, float, double, float complex or double complex",
        quoted(q, ne).c_str());
}

void Reader::comments_and_size() {
  const char *b, *e;
  for (;;) {
    if (!next_line(b, e)) error("the file ends before the size line");
    if (b < e && *b == '%') {
      if (e - b >= 11 && is_word(b, b + 11, "%%graphblas")) graphblas_line(b, e);
      continue;
    }
    if (!blank_line(b, e)) break;
  }
  size_line_ = line_;
  const char *q = b, *tb, *te;
  int64_t v[3];
  const int want = h_.coordinate ? 3 : 2;
  const char *names[3] = {"rows", "columns", "entries"};
  for (int k = 0; k < want; ++k) {
    if (!next_token(q, e, tb, te))
      error("the size line needs %s (it has %d number%s)",
            h_.coordinate ? "rows, columns and entries" : "rows and columns", k, k == 1 ? "" : "s");
    bool neg;
    uint64_t m;
    if (!parse_integer(tb, te, neg, m) || neg || m > uint64_t(std::numeric_limits<int64_t>::max()))
      error("the number of %s, %s, is not a non-negative integer", names[k], quoted(tb, te).c_str());
    v[k] = int64_t(m);
  }
  if (next_token(q, e, tb, te)) error("unexpected %s after the size line's numbers", quoted(tb, te).c_str());
  nrows_ = v[0];
  ncols_ = v[1];
  for (int k = 0; k < 2; ++k)
    if (v[k] < 1 || v[k] > WEFT_INDEX_MAX)
      error("%lld %s: a weft matrix has 1 .. 2^60 %s", ll(v[k]), names[k], names[k]);
  if (h_.symmetry != Symmetry::General && nrows_ != ncols_)
    error("a %s matrix must be square (this one is %lld x %lld)",
          h_.symmetry == Symmetry::Symmetric ? "symmetric" : h_.symmetry == Symmetry::Skew ? "skew-symmetric" : "hermitian",
          ll(nrows_), ll(ncols_));
  // The positions a file of this symmetry can hold (as long double: 2^60 x 2^60 overflows).
  const long double n = (long double)nrows_, positions =
      h_.symmetry == Symmetry::General ? n * (long double)ncols_
      : h_.symmetry == Symmetry::Skew  ? n * (n - 1) / 2
                                       : n * (n + 1) / 2;
  if (h_.coordinate) {
    count_ = v[2];
    if ((long double)count_ > positions)
      error("%lld entries do not fit the %.0Lf positions a %lld x %lld %s file has", ll(count_), positions, ll(nrows_),
            ll(ncols_), h_.symmetry == Symmetry::General ? "general" : "symmetric");
  } else {
    if (positions > (long double)std::numeric_limits<int64_t>::max() / 2)
      error("%lld x %lld values are too many for one array", ll(nrows_), ll(ncols_));
    count_ = int64_t(positions);
  }
  data_ = p_;
}

void Reader::choose_domain() {
  if (type_) {
    code_ = code_of(*type_);
  } else if (named_ != Code::UDT) {
    code_ = named_;
  } else {
    switch (h_.field) {
      case Field::Real: code_ = Code::FP64; break;
      case Field::Integer: code_ = Code::INT64; break;
      case Field::Complex: code_ = Code::FC64; break;
      case Field::Pattern: code_ = Code::BOOL; break;
    }
  }
  esize_ = element_size(*code_type(code_));
}

void Reader::check_header() {
  // The banner (line 1) against the domain (named on a later line, or by the caller).
  const char *name = code_name(code_);
  line_ = 1;
  if (h_.field == Field::Complex && !is_complex(code_))
    error("complex values cannot be read as %s (ask for FC32 or FC64)", name);
  if (h_.symmetry == Symmetry::Skew && is_unsigned(code_))
    error("a skew-symmetric matrix cannot have the unsigned domain %s", name);
  line_ = size_line_;
}

// A real number (or the real or imaginary part of a complex one) as domain code_.
void Reader::real_value(const char *tb, const char *te, void *out, bool imaginary) {
  const char *name = code_name(code_);
  if (h_.field == Field::Integer && !is_floating(code_)) {
    // An integer domain from an integer field takes integers only ("2.5", "1e3" are not;
    // a floating domain parses what it is given, as LAGraph does: its test files hold
    // "-inf" in integer fields of float matrices).
    const char *d = tb + (tb < te && (*tb == '+' || *tb == '-'));
    if (d == te || std::find_if(d, te, [](char c) { return c < '0' || c > '9'; }) != te)
      error("value %s is not an integer (the field is integer)", quoted(tb, te).c_str());
  }
  if (is_floating(code_)) {
    char *at = static_cast<char *>(out);
    bool ok;
    if (code_ == Code::FP32 || code_ == Code::FC32) {
      float f;
      ok = parse_real(tb, te, f);
      std::memcpy(at + (imaginary ? 4 : 0), &f, 4);
    } else {
      double d;
      ok = parse_real(tb, te, d);
      std::memcpy(at + (imaginary ? 8 : 0), &d, 8);
    }
    if (!ok) error("value %s is not a number", quoted(tb, te).c_str());
    return;
  }
  bool neg;
  uint64_t m;
  uint64_t max_neg, max_pos;
  integer_range(code_, max_neg, max_pos);
  if (!parse_integer(tb, te, neg, m)) {
    // A real field read as integers: the value must be a whole number in range.
    double d;
    if (h_.field != Field::Real || !parse_real(tb, te, d)) error("value %s is not a number", quoted(tb, te).c_str());
    if (!(d == std::trunc(d)) || std::fabs(d) >= 18446744073709551616.0)
      error("value %s is not a whole number in %s's range", quoted(tb, te).c_str(), name);
    neg = d < 0;
    m = uint64_t(std::fabs(d));
  }
  if (neg ? m > max_neg : m > max_pos) error("value %s is outside %s's range", quoted(tb, te).c_str(), name);
  store_integer(code_, neg && m != 0, m, out);
}

// One entry's value: the tokens at q (one, or two for a complex field), stored at out.
void Reader::value(const char *&q, const char *e, void *out) {
  const char *tb, *te;
  if (h_.field == Field::Pattern) {
    store_one(code_, out);
    return;
  }
  if (!next_token(q, e, tb, te)) error("the entry has no value");
  if (is_complex(code_)) std::memset(out, 0, size_t(esize_));
  real_value(tb, te, out, false);
  if (h_.field == Field::Complex) {
    if (!next_token(q, e, tb, te)) error("the complex value has no imaginary part");
    real_value(tb, te, out, true);
  }
}

void Reader::expect_end(const char *q, const char *e) {
  const char *tb, *te;
  if (next_token(q, e, tb, te)) error("unexpected %s after the entry", quoted(tb, te).c_str());
}

void Reader::entries() {
  // Room for what the text can hold, not what the size line claims: an entry takes at
  // least two characters a line ("1\n"), so a forged count cannot allocate.
  const int64_t room = std::min<int64_t>(count_, int64_t(end_ - p_) / 2 + 1);
  const bool mirrored = h_.symmetry != Symmetry::General;
  const int64_t reserve = mirrored ? 2 * room : room;
  I_.reserve(size_t(reserve));
  J_.reserve(size_t(reserve));
  X_.reserve(size_t(reserve * esize_));
  int64_t row = 0, col = 0;  // array: the next position (column-major)
  if (!h_.coordinate && h_.symmetry == Symmetry::Skew) row = 1;
  const char *b, *e, *tb, *te;
  for (int64_t k = 0; k < count_; ++k) {
    do {
      if (!next_line(b, e))
        fail(WEFT_INVALID_VALUE, "Matrix Market line %lld: the file ends after %lld of the %lld %s the size line (line %lld) promises",
             ll(line_ + 1), ll(k), ll(count_), h_.coordinate ? "entries" : "values", ll(size_line_));
    } while ((b < e && *b == '%') || blank_line(b, e));
    const char *q = b;
    int64_t i, j;
    if (h_.coordinate) {
      int64_t ij[2];
      const int64_t bound[2] = {nrows_, ncols_};
      for (int a = 0; a < 2; ++a) {
        if (!next_token(q, e, tb, te)) error("entry %lld of %lld has no column index", ll(k + 1), ll(count_));
        bool neg;
        uint64_t m;
        if (!parse_integer(tb, te, neg, m) || neg || m < 1 || m > uint64_t(bound[a]))
          error("%s index %s is outside 1 .. %lld", a == 0 ? "row" : "column", quoted(tb, te).c_str(), ll(bound[a]));
        ij[a] = int64_t(m) - 1;
      }
      i = ij[0];
      j = ij[1];
      if (h_.symmetry == Symmetry::Skew && i == j)
        error("entry (%lld, %lld) is on the diagonal of a skew-symmetric matrix (its diagonal is zero and not stored)",
              ll(i + 1), ll(j + 1));
    } else {
      i = row;
      j = col;
      // Column-major; symmetric files hold the lower triangle (skew: strictly).
      if (++row == nrows_) {
        ++col;
        row = h_.symmetry == Symmetry::General ? 0 : h_.symmetry == Symmetry::Skew ? col + 1 : col;
      }
    }
    const size_t at = X_.size();
    X_.resize(at + size_t(esize_));
    value(q, e, X_.data() + at);
    expect_end(q, e);
    I_.push_back(i);
    J_.push_back(j);
  }
  file_entries_ = count_;
  // After the last entry only blank lines and comments.
  while (next_line(b, e))
    if (!blank_line(b, e) && *b != '%')
      error("text after the %lld %s the size line (line %lld) promises", ll(count_),
            h_.coordinate ? "entries" : "values", ll(size_line_));
}

// The other half of a symmetric, skew-symmetric or hermitian matrix.
void Reader::mirror() {
  if (h_.symmetry == Symmetry::General) return;
  const size_t n = I_.size(), es = size_t(esize_);
  std::vector<char> v(es);
  for (size_t k = 0; k < n; ++k) {
    if (I_[k] == J_[k]) continue;
    std::memcpy(v.data(), X_.data() + k * es, es);
    if (h_.symmetry == Symmetry::Skew) negate(code_, v.data());
    if (h_.symmetry == Symmetry::Hermitian) conjugate(code_, v.data());
    I_.push_back(J_[k]);
    J_.push_back(I_[k]);
    X_.insert(X_.end(), v.begin(), v.end());
  }
}

// The line of entry k (k >= file_entries_: a mirror, reported at its original's line).
int64_t Reader::line_of_entry(int64_t k) {
  if (k >= file_entries_) {
    int64_t m = k - file_entries_;
    for (int64_t q = 0; q < file_entries_; ++q)
      if (I_[size_t(q)] != J_[size_t(q)] && m-- == 0) {
        k = q;
        break;
      }
  }
  p_ = data_;
  line_ = size_line_;
  const char *b, *e;
  for (int64_t seen = -1; seen < k && next_line(b, e);)
    if (!(b < e && *b == '%') && !blank_line(b, e)) ++seen;
  return line_;
}

Matrix *Reader::assemble() {
  const int64_t n = int64_t(I_.size());
  Csr t(nrows_, ncols_, *code_type(code_));
  // Counting sort by row, keeping entry order within a row.
  t.p.assign(size_t(nrows_) + 1, 0);
  for (int64_t i : I_) ++t.p[size_t(i) + 1];
  for (int64_t r = 0; r < nrows_; ++r) t.p[size_t(r) + 1] += t.p[size_t(r)];
  std::vector<int64_t> src(static_cast<size_t>(n));
  {
    Indices next(t.p.begin(), t.p.end() - 1);
    for (int64_t k = 0; k < n; ++k) src[size_t(next[size_t(I_[size_t(k)])]++)] = k;
  }
  t.j.resize(size_t(n));
  for (int64_t q = 0; q < n; ++q) t.j[size_t(q)] = J_[size_t(src[size_t(q)])];
  // Rows out of order get sorted (ties by entry, so a repeat names its first two lines).
  if (const int64_t q = sort_rows_by_column(t.p, t.j, src); q >= 0) {
    const int64_t r = int64_t(std::upper_bound(t.p.begin(), t.p.end(), q) - t.p.begin()) - 1;
    const int64_t a = src[size_t(q - 1)], c = src[size_t(q)];
    const int64_t la = line_of_entry(a), lc = line_of_entry(c);
    const bool mirrored = std::max(a, c) >= file_entries_;
    fail(WEFT_INVALID_VALUE, "Matrix Market line %lld: entry (%lld, %lld) is already given on line %lld%s",
         ll(std::max(la, lc)), ll(r + 1), ll(t.j[size_t(q)] + 1), ll(std::min(la, lc)),
         mirrored ? " (in a symmetric file an entry (i, j) also gives (j, i))" : "");
  }
  t.x.resize(size_t(n * esize_));
  const size_t es = size_t(esize_);
  for (int64_t q = 0; q < n; ++q) std::memcpy(t.val(q), X_.data() + size_t(src[size_t(q)]) * es, es);
  return make_matrix(code_type(code_), std::move(t));
}

Matrix *Reader::read() {
  banner();
  comments_and_size();
  choose_domain();
  check_header();
  entries();
  mirror();
  return assemble();
}

}  // namespace

Matrix *read_matrix_market(const char *text, size_t size, Type *type) { return Reader(text, size, type).read(); }

Matrix *read_matrix_market_file(const char *path, Type *type) {
  std::unique_ptr<FILE, int (*)(FILE *)> f(std::fopen(path, "rb"), &std::fclose);
  if (!f) fail(WEFT_IO_ERROR, "cannot open \"%s\": %s", path, std::strerror(errno));
  // Regular files are read in one piece of their size (no zero fill first); others
  // (pipes) as they come.
  std::unique_ptr<char[]> text;
  size_t size = 0, capacity = 0;
  struct stat st;
  if (fstat(fileno(f.get()), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    capacity = size_t(st.st_size);
    text.reset(new char[capacity]);
  }
  for (;;) {
    if (size == capacity) {  // full: grow only if there is more (a pipe, a file that grew)
      char more_byte;
      if (std::fread(&more_byte, 1, 1, f.get()) == 0) break;
      const size_t grown = std::max<size_t>(2 * capacity, 1 << 16);
      std::unique_ptr<char[]> more(new char[grown]);
      if (size) std::memcpy(more.get(), text.get(), size);
      text = std::move(more);
      capacity = grown;
      text[size++] = more_byte;
    }
    const size_t got = std::fread(text.get() + size, 1, capacity - size, f.get());
    size += got;
    if (got == 0) break;
  }
  if (std::ferror(f.get())) fail(WEFT_IO_ERROR, "cannot read \"%s\": %s", path, std::strerror(errno));
  return read_matrix_market(text.get(), size, type);
}

}  // namespace weft
