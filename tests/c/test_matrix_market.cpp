// weft_matrix_read_mm / write_mm and their buffer twins: every file of ../shared/data
// against SciPy's reading (tests/oracle/mm_scipy.py), LAGraph's typed files, every
// mangled file and hand-made malformed text refused with the line named and *A untouched,
// every format/field/symmetry combination by hand, exact write-then-read round trips for
// every domain and symmetry (special floating values included), and the API errors.
#include <dirent.h>
#include <unistd.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "../support/splitmix64.hpp"
#include "weft_test_util.hpp"

using namespace wt;

namespace {

// ../shared/data as configured (WEFT_DATA_DIR); "" when absent on this machine.
std::string data_dir() {
  std::string d = WEFT_DATA_DIR;
  return access((d + "/karate.mtx").c_str(), R_OK) == 0 ? d : "";
}
#define NEED_DATA()                                                                         \
  const std::string dir = data_dir();                                                       \
  if (dir.empty()) GTEST_SKIP() << "the test matrices are not at " WEFT_DATA_DIR " (set WEFT_DATA_DIR)"

std::vector<std::string> mtx_files(const std::string &dir, bool mangled) {
  std::vector<std::string> out;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d)) {
      std::string n = e->d_name;
      if (n.size() > 4 && n.compare(n.size() - 4, 4, ".mtx") == 0 && (n.rfind("mangled", 0) == 0) == mangled)
        out.push_back(n);
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

weft_matrix read_text(const std::string &text, weft_type type = nullptr) {
  weft_matrix A = nullptr;
  weft_status s = weft_matrix_read_mm_buffer(text.data(), int64_t(text.size()), type, &A);
  EXPECT_EQ(s, WEFT_SUCCESS) << weft_last_error() << "\n" << text;
  return A;
}

// Expects text to be refused with WEFT_INVALID_VALUE naming `line` (0: any) and
// mentioning `words`, leaving A untouched.
void expect_refused(const std::string &text, int line, const char *words, weft_type type = nullptr) {
  weft_matrix A = reinterpret_cast<weft_matrix>(uintptr_t(0x5E17F00D));
  weft_status s = weft_matrix_read_mm_buffer(text.data(), int64_t(text.size()), type, &A);
  EXPECT_EQ(status_str(WEFT_INVALID_VALUE), status_str(s)) << text;
  EXPECT_EQ(A, reinterpret_cast<weft_matrix>(uintptr_t(0x5E17F00D)));
  const std::string msg = weft_last_error();
  EXPECT_TRUE(last_error_names("weft_matrix_read_mm_buffer")) << msg;
  if (line > 0) {
    EXPECT_NE(msg.find("line " + std::to_string(line) + ":"), std::string::npos) << msg << "\n" << text;
  }
  EXPECT_NE(msg.find(words), std::string::npos) << "message: " << msg << "\nwanted: " << words << "\n" << text;
}

// Entries as (i, j) -> value bytes, plus the shape and the domain.
struct Contents {
  int64_t nrows = 0, ncols = 0;
  weft_type type = nullptr;
  std::map<std::pair<int64_t, int64_t>, std::string> entries;
  bool operator==(const Contents &o) const {
    return nrows == o.nrows && ncols == o.ncols && type == o.type && entries == o.entries;
  }
};
int64_t size_of_domain(weft_type t) {
  int64_t s = 0;
  EXPECT_EQ(weft_type_size(t, &s), WEFT_SUCCESS);
  return s;
}
Contents contents(weft_matrix A, weft_type as = nullptr) {
  Contents c;
  WT_EXPECT_OK(weft_matrix_nrows(A, &c.nrows));
  WT_EXPECT_OK(weft_matrix_ncols(A, &c.ncols));
  WT_EXPECT_OK(weft_matrix_type(A, &c.type));
  if (!as) as = c.type;
  int64_t n = 0;
  WT_EXPECT_OK(weft_matrix_nvals(A, &n));
  const int64_t es = size_of_domain(as);
  std::vector<int64_t> I(size_t(n) + 1), J(size_t(n) + 1);
  std::vector<char> X(size_t((n + 1) * es));
  WT_EXPECT_OK(weft_matrix_extract_tuples(A, n, I.data(), J.data(), X.data(), as, &n));
  for (int64_t k = 0; k < n; ++k)
    c.entries[{I[size_t(k)], J[size_t(k)]}] = std::string(X.data() + k * es, size_t(es));
  return c;
}
template <class T>
T value_at(const Contents &c, int64_t i, int64_t j) {
  auto it = c.entries.find({i, j});
  EXPECT_NE(it, c.entries.end()) << "(" << i << ", " << j << ")";
  T v{};
  if (it != c.entries.end()) std::memcpy(&v, it->second.data(), sizeof v);
  return v;
}

std::string write_text(weft_matrix A) {
  int64_t size = -1;
  EXPECT_EQ(weft_matrix_write_mm_buffer(A, nullptr, 0, &size), WEFT_INSUFFICIENT_SPACE);
  std::string text(size_t(size), '\0');
  int64_t got = -1;
  WT_EXPECT_OK(weft_matrix_write_mm_buffer(A, text.data(), size, &got));
  EXPECT_EQ(got, size);
  return text;
}

// The banner's symmetry word of a written text.
std::string symmetry_word(const std::string &text) {
  std::istringstream in(text.substr(0, text.find('\n')));
  std::string w[5];
  for (auto &x : w) in >> x;
  return w[4];
}

// ---- Every file against SciPy --------------------------------------------------------

struct OracleEntry {
  int64_t i, j;
  std::string re, im;
};
struct Oracle {
  int64_t nrows = 0, ncols = 0, count = 0;
  std::string kind;
  std::vector<OracleEntry> entries;
};
// One Python run for all the files (starting SciPy takes a fifth of a second).
std::vector<Oracle> scipy_read(const std::vector<std::string> &paths) {
  std::string cmd = WEFT_PYTHON " " WEFT_MM_ORACLE;
  for (const std::string &p : paths) cmd += " '" + p + "'";
  std::vector<Oracle> out(paths.size());
  FILE *p = popen(cmd.c_str(), "r");
  EXPECT_NE(p, nullptr);
  if (!p) return out;
  std::string text;
  char buf[1 << 16];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, got);
  EXPECT_EQ(pclose(p), 0) << cmd;
  std::istringstream in(text);
  for (Oracle &o : out) {
    in >> o.nrows >> o.ncols >> o.count >> o.kind;
    for (int64_t k = 0; k < o.count; ++k) {
      OracleEntry e;
      in >> e.i >> e.j >> e.re;
      if (o.kind == "complex") in >> e.im;
      o.entries.push_back(e);
    }
  }
  EXPECT_TRUE(bool(in)) << cmd;
  return out;
}

TEST(MatrixMarketRead, EveryFileAgreesWithScipy) {
  NEED_DATA();
  if (system(WEFT_PYTHON " -c 'import scipy.io' 2>/dev/null") != 0)
    FAIL() << WEFT_PYTHON " has no scipy (./run installs python3-scipy)";
  // SciPy 1.10 cannot read these three (inf in an integer field; a uint64 above
  // 2^63): LAGraphTypedFiles checks them.
  const char *scipy_cannot[] = {"matrix_fp32.mtx", "matrix_fp64.mtx", "matrix_uint64.mtx"};
  std::vector<std::string> names, paths;
  for (const std::string &name : mtx_files(dir, false))
    if (std::find_if(std::begin(scipy_cannot), std::end(scipy_cannot), [&](const char *s) { return name == s; }) ==
        std::end(scipy_cannot))
      names.push_back(name), paths.push_back(dir + "/" + name);
  const std::vector<Oracle> oracles = scipy_read(paths);
  int checked = 0;
  for (size_t f = 0; f < names.size(); ++f) {
    SCOPED_TRACE(names[f]);
    const std::string &path = paths[f];
    const Oracle &o = oracles[f];
    const weft_type as = o.kind == "complex" ? WEFT_FC64 : o.kind == "integer" ? WEFT_INT64 : WEFT_FP64;
    weft_matrix A = nullptr;
    WT_OK(weft_matrix_read_mm(path.c_str(), as, &A));
    const Contents c = contents(A);
    EXPECT_EQ(c.nrows, o.nrows);
    EXPECT_EQ(c.ncols, o.ncols);
    ASSERT_EQ(int64_t(c.entries.size()), o.count);
    auto it = c.entries.begin();
    for (const OracleEntry &e : o.entries) {
      ASSERT_EQ(it->first, std::make_pair(e.i, e.j));
      if (o.kind == "integer") {
        int64_t v;
        std::memcpy(&v, it->second.data(), 8);
        EXPECT_EQ(v, std::stoll(e.re)) << e.i << "," << e.j;
      } else {
        double v[2] = {0, 0};
        std::memcpy(v, it->second.data(), it->second.size());
        EXPECT_EQ(v[0], std::strtod(e.re.c_str(), nullptr)) << e.i << "," << e.j;
        if (o.kind == "complex") {
          EXPECT_EQ(v[1], std::strtod(e.im.c_str(), nullptr));
        }
      }
      ++it;
    }
    weft_matrix_free(&A);
    ++checked;
  }
  EXPECT_GE(checked, 45);
}

// The domain comes from the %%GraphBLAS line, else from the field.
TEST(MatrixMarketRead, LAGraphTypedFiles) {
  NEED_DATA();
  const std::pair<const char *, weft_type> typed[] = {
      {"matrix_bool.mtx", WEFT_BOOL},     {"matrix_int8.mtx", WEFT_INT8},     {"matrix_int16.mtx", WEFT_INT16},
      {"matrix_int32.mtx", WEFT_INT32},   {"matrix_int64.mtx", WEFT_INT64},   {"matrix_uint8.mtx", WEFT_UINT8},
      {"matrix_uint16.mtx", WEFT_UINT16}, {"matrix_uint32.mtx", WEFT_UINT32}, {"matrix_uint64.mtx", WEFT_UINT64},
      {"matrix_fp32.mtx", WEFT_FP32},     {"matrix_fp64.mtx", WEFT_FP64},     {"skew_int8.mtx", WEFT_INT8},
      {"complex.mtx", WEFT_FC64},         {"karate.mtx", WEFT_BOOL},          {"bcsstk13.mtx", WEFT_FP64},
      {"cover.mtx", WEFT_INT32},          {"west0067.mtx", WEFT_FP64},        {"msf1.mtx", WEFT_INT64},          {"empty.mtx", WEFT_INT32}};
  for (const auto &[name, type] : typed) {
    SCOPED_TRACE(name);
    weft_matrix A = nullptr;
    WT_OK(weft_matrix_read_mm((dir + "/" + name).c_str(), nullptr, &A));
    weft_type t = nullptr;
    WT_EXPECT_OK(weft_matrix_type(A, &t));
    EXPECT_EQ(type_name(t), type_name(type));
    weft_matrix_free(&A);
  }
  // The values SciPy cannot read: infinities in an integer field of float matrices, 2^64-1.
  for (weft_type t : {WEFT_FP32, WEFT_FP64}) {
    weft_matrix A = nullptr;
    WT_OK(weft_matrix_read_mm((dir + (t == WEFT_FP32 ? "/matrix_fp32.mtx" : "/matrix_fp64.mtx")).c_str(), nullptr, &A));
    const Contents c = contents(A, WEFT_FP64);
    EXPECT_EQ(c.entries.size(), 12u);
    EXPECT_EQ(value_at<double>(c, 3, 0), -INFINITY);
    EXPECT_EQ(value_at<double>(c, 0, 1), INFINITY);
    EXPECT_EQ(value_at<double>(c, 1, 6), 8.0);
    weft_matrix_free(&A);
  }
  weft_matrix A = nullptr;
  WT_OK(weft_matrix_read_mm((dir + "/matrix_uint64.mtx").c_str(), nullptr, &A));
  const Contents c = contents(A);
  EXPECT_EQ(value_at<uint64_t>(c, 0, 1), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(value_at<uint64_t>(c, 5, 2), 5u);
  weft_matrix_free(&A);
  // karate: a symmetric pattern, 78 edges both ways.
  WT_OK(weft_matrix_read_mm((dir + "/karate.mtx").c_str(), nullptr, &A));
  int64_t n = 0, nv = 0;
  WT_EXPECT_OK(weft_matrix_nrows(A, &n));
  WT_EXPECT_OK(weft_matrix_nvals(A, &nv));
  EXPECT_EQ(n, 34);
  EXPECT_EQ(nv, 156);
  weft_matrix_free(&A);
}

TEST(MatrixMarketRead, EveryMangledFileIsRefused) {
  NEED_DATA();
  const std::vector<std::string> files = mtx_files(dir, true);
  EXPECT_GE(files.size(), 20u);
  for (const std::string &name : files) {
    SCOPED_TRACE(name);
    weft_matrix A = reinterpret_cast<weft_matrix>(uintptr_t(0x5E17F00D));
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_matrix_read_mm", weft_matrix_read_mm((dir + "/" + name).c_str(), nullptr, &A));
    EXPECT_EQ(A, reinterpret_cast<weft_matrix>(uintptr_t(0x5E17F00D)));
    EXPECT_NE(std::string(weft_last_error()).find("line"), std::string::npos) << weft_last_error();
  }
  // What a few of them are refused for, and where.
  const struct {
    const char *name;
    int line;
    const char *words;
  } why[] = {{"mangled1.mtx", 1, "object \"mangled\""},    {"mangled7.mtx", 2, "type \"gunk\""},
             {"mangled8.mtx", 4, "needs rows, columns and entries"}, {"mangled9.mtx", 4, "must be square"},
             {"mangled10.mtx", 7, "ends after 2 of the 3 entries"}, {"mangled11.mtx", 5, "\"zero\""},
             {"mangled12.mtx", 5, "no value"},             {"mangled13.mtx", 7, "column index \"9999\""},
             {"mangled14.mtx", 8, "already given on line 7"}, {"mangled_int8.mtx", 8, "outside INT8's range"},
             {"mangled_bool.mtx", 10, "outside BOOL's range"}, {"mangled_format.mtx", 1, "array pattern"},
             {"mangled5.mtx", 1, "hermitian"},             {"mangled15.mtx", 5, "unexpected \".959\""}};
  for (const auto &w : why) {
    SCOPED_TRACE(w.name);
    weft_matrix A = nullptr;
    EXPECT_EQ(weft_matrix_read_mm((dir + "/" + w.name).c_str(), nullptr, &A), WEFT_INVALID_VALUE);
    const std::string msg = weft_last_error();
    EXPECT_NE(msg.find("line " + std::to_string(w.line) + ":"), std::string::npos) << msg;
    EXPECT_NE(msg.find(w.words), std::string::npos) << msg;
  }
  weft_matrix A = nullptr;
  EXPECT_EQ(weft_matrix_read_mm((dir + "/mangled_skew.mtx").c_str(), nullptr, &A), WEFT_INVALID_VALUE);
  EXPECT_NE(std::string(weft_last_error()).find("unsigned domain UINT8"), std::string::npos) << weft_last_error();
}

// ---- Formats, fields and symmetries by hand --------------------------------------------

TEST(MatrixMarketRead, CoordinateFieldsAndSymmetries) {
  // Symmetric: the lower triangle mirrored; an upper entry is mirrored too.
  weft_matrix A = read_text(
      "%%MatrixMarket matrix coordinate real symmetric\n% c\n3 3 3\n1 1 1.5\n3 1 -2\n2 3 4e2\n");
  Contents c = contents(A);
  EXPECT_EQ(c.entries.size(), 5u);
  EXPECT_EQ(value_at<double>(c, 0, 2), -2.0);
  EXPECT_EQ(value_at<double>(c, 2, 0), -2.0);
  EXPECT_EQ(value_at<double>(c, 2, 1), 400.0);
  EXPECT_EQ(value_at<double>(c, 1, 2), 400.0);
  weft_matrix_free(&A);
  // Skew-symmetric integers: the mirror is negated (INT64 by default).
  A = read_text("%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 7\n3 2 -9223372036854775807\n");
  c = contents(A);
  EXPECT_EQ(value_at<int64_t>(c, 1, 0), 7);
  EXPECT_EQ(value_at<int64_t>(c, 0, 1), -7);
  EXPECT_EQ(value_at<int64_t>(c, 1, 2), 9223372036854775807);
  weft_matrix_free(&A);
  // Hermitian: the mirror is conjugated.
  A = read_text("%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 3 0\n2 1 1.5 -2\n");
  c = contents(A);
  EXPECT_EQ(value_at<std::complex<double>>(c, 1, 0), std::complex<double>(1.5, -2));
  EXPECT_EQ(value_at<std::complex<double>>(c, 0, 1), std::complex<double>(1.5, 2));
  weft_matrix_free(&A);
  // Pattern: value 1 in any domain; CRLF line ends, tabs, upper-case words, blank lines.
  A = read_text("%%MatrixMarket MATRIX Coordinate PATTERN General\r\n\r\n2\t3 2\r\n1 3\r\n\r\n2\t1\r\n\r\n", WEFT_FP32);
  c = contents(A);
  EXPECT_EQ(c.type, WEFT_FP32);
  EXPECT_EQ(value_at<float>(c, 0, 2), 1.0f);
  EXPECT_EQ(value_at<float>(c, 1, 0), 1.0f);
  weft_matrix_free(&A);
  // A real field read as integers: whole numbers only; as BOOL: 0 and 1.
  A = read_text("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 3.0\n2 2 -1e2\n", WEFT_INT16);
  c = contents(A);
  EXPECT_EQ(value_at<int16_t>(c, 1, 1), -100);
  weft_matrix_free(&A);
  // %%GraphBLAS names the domain; a type given wins over it.
  const std::string typed = "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type uint16_t\n1 2 1\n1 2 65535\n";
  A = read_text(typed);
  EXPECT_EQ(contents(A).type, WEFT_UINT16);
  weft_matrix_free(&A);
  A = read_text(typed, WEFT_INT);  // WEFT_INT is INT32's domain
  c = contents(A);
  EXPECT_EQ(c.type, WEFT_INT32);
  EXPECT_EQ(value_at<int32_t>(c, 0, 1), 65535);
  weft_matrix_free(&A);
  expect_refused(typed, 4, "outside INT8's range", WEFT_INT8);
  // Floating domains take inf, nan, huge and tiny values as strtod does.
  A = read_text("%%MatrixMarket matrix coordinate real general\n1 5 5\n1 1 inf\n1 2 -NaN\n1 3 1e999\n1 4 -1e-999\n1 5 +.5\n");
  c = contents(A);
  EXPECT_EQ(value_at<double>(c, 0, 0), INFINITY);
  EXPECT_TRUE(std::isnan(value_at<double>(c, 0, 1)));
  EXPECT_EQ(value_at<double>(c, 0, 2), INFINITY);
  EXPECT_EQ(value_at<double>(c, 0, 3), 0.0);
  EXPECT_TRUE(std::signbit(value_at<double>(c, 0, 3)));
  EXPECT_EQ(value_at<double>(c, 0, 4), 0.5);
  weft_matrix_free(&A);
  // FP32 parses the text as a float (rounded once, not through a double).
  A = read_text("%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 0.1\n", WEFT_FP32);
  EXPECT_EQ(value_at<float>(contents(A), 0, 0), 0.1f);
  weft_matrix_free(&A);
}

TEST(MatrixMarketRead, ArrayFormats) {
  // Column by column; zeros are entries.
  weft_matrix A = read_text("%%MatrixMarket matrix array integer general\n2 3\n1\n2\n0\n4\n5\n6\n");
  Contents c = contents(A);
  EXPECT_EQ(c.entries.size(), 6u);
  EXPECT_EQ(value_at<int64_t>(c, 1, 0), 2);
  EXPECT_EQ(value_at<int64_t>(c, 0, 1), 0);
  EXPECT_EQ(value_at<int64_t>(c, 1, 2), 6);
  weft_matrix_free(&A);
  // Symmetric: the lower triangle with the diagonal (3 x 3: 6 values).
  A = read_text("%%MatrixMarket matrix array real symmetric\n3 3\n1\n2\n3\n4\n5\n6\n");
  c = contents(A);
  EXPECT_EQ(c.entries.size(), 9u);
  EXPECT_EQ(value_at<double>(c, 2, 0), 3.0);
  EXPECT_EQ(value_at<double>(c, 0, 2), 3.0);
  EXPECT_EQ(value_at<double>(c, 1, 1), 4.0);
  EXPECT_EQ(value_at<double>(c, 2, 2), 6.0);
  weft_matrix_free(&A);
  // Skew-symmetric: strictly below the diagonal (3 x 3: 3 values), no diagonal entries.
  A = read_text("%%MatrixMarket matrix array real skew-symmetric\n3 3\n1\n2\n3\n");
  c = contents(A);
  EXPECT_EQ(c.entries.size(), 6u);
  EXPECT_EQ(value_at<double>(c, 1, 0), 1.0);
  EXPECT_EQ(value_at<double>(c, 0, 1), -1.0);
  EXPECT_EQ(value_at<double>(c, 2, 1), 3.0);
  EXPECT_EQ(value_at<double>(c, 1, 2), -3.0);
  weft_matrix_free(&A);
  // Hermitian complex.
  A = read_text("%%MatrixMarket matrix array complex hermitian\n2 2\n1 0\n2 3\n4 0\n");
  c = contents(A);
  EXPECT_EQ(value_at<std::complex<double>>(c, 0, 1), std::complex<double>(2, -3));
  weft_matrix_free(&A);
  expect_refused("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n", 6, "ends after 3 of the 4 values");
  expect_refused("%%MatrixMarket matrix array real general\n1 1\n1\n2\n", 4, "text after the 1 values");
  expect_refused("%%MatrixMarket matrix array real general\n1 1 1\n1\n", 2, "unexpected \"1\" after the size line");
}

TEST(MatrixMarketRead, MalformedTextNamesTheLine) {
  const std::string h = "%%MatrixMarket matrix coordinate real general\n";
  expect_refused("", 1, "empty");
  expect_refused("%%MatrixMarket matrix coordinate real\n1 1 0\n", 1, "four words");
  expect_refused("%MatrixMarket matrix coordinate real general\n", 1, "does not start with");
  expect_refused("%%MatrixMarket matrix coordinate real general extra\n1 1 0\n", 1, "after the banner");
  expect_refused("%%MatrixMarket matrix coordinate complex skew-symmetric\n%%GraphBLAS type float\n1 1 0\n", 0,
                 "complex values cannot be read as FP32");
  expect_refused("%%MatrixMarket matrix coordinate pattern skew-symmetric\n1 1 0\n", 1, "skew-symmetric pattern");
  expect_refused(h, 1, "ends before the size line");
  expect_refused(h + "% only comments\n\n", 3, "ends before the size line");
  expect_refused(h + "0 3 0\n", 2, "1 .. 2^60 rows");
  expect_refused(h + "3 1152921504606846977 0\n", 2, "1 .. 2^60 columns");
  expect_refused(h + "3 -3 0\n", 2, "columns, \"-3\"");
  expect_refused(h + "2 2 5\n", 2, "5 entries do not fit the 4 positions");
  expect_refused(h + "2 2 x\n", 2, "entries, \"x\"");
  expect_refused(h + "2 2 1\n1 1 1 1\n", 3, "unexpected \"1\" after the entry");
  expect_refused(h + "2 2 1\n1\n", 3, "no column index");
  expect_refused(h + "2 2 1\n0 1 1\n", 3, "row index \"0\" is outside 1 .. 2");
  expect_refused(h + "2 2 1\n1 -1 1\n", 3, "column index \"-1\"");
  expect_refused(h + "2 2 1\n1 99999999999999999999999 1\n", 3, "column index");
  expect_refused(h + "2 2 1\n1 1 1.5.5\n", 3, "\"1.5.5\" is not a number");
  expect_refused(h + "2 2 1\n1 1 ++1\n", 3, "not a number");
  expect_refused(h + "2 2 1\n1 1 +-1\n", 3, "not a number");
  expect_refused(h + "2 2 1\n1 1 0x10\n", 3, "not a number");
  expect_refused(h + "2 2 2\n1 1 1\n% a comment\n\n1 1 2\n", 6, "already given on line 3");
  expect_refused(h + "2 2 1\n1 1 1\n2 2 2\n", 4, "text after the 1 entries");
  expect_refused("%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n2 1 1\n1 2 1\n", 4,
                 "already given on line 3 (in a symmetric file");
  expect_refused("%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n1 1 0\n", 3, "on the diagonal");
  expect_refused("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 2.5\n", 3, "not an integer");
  expect_refused("%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2.5\n", 3, "not a whole number",
                 WEFT_INT32);
  expect_refused("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 -1\n", 3, "outside UINT32's range",
                 WEFT_UINT32);
  expect_refused("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 18446744073709551616\n", 3,
                 "not a number", WEFT_UINT64);
  expect_refused("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 9223372036854775808\n", 3,
                 "outside INT64's range");
  expect_refused("%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 2\n", 3, "no imaginary part");
  expect_refused("%%MatrixMarket vector coordinate real general\n1 1 0\n", 1, "not \"matrix\"");
  expect_refused("%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type int128_t\n1 1 0\n", 2,
                 "\"int128_t\"");
  // A forged count cannot allocate: 10^18 entries promised by a 60-byte text.
  expect_refused(h + "1000000000 1000000000 1000000000000000000\n1 1 1\n", 4, "ends after 1 of the");
  expect_refused("%%MatrixMarket matrix array real general\n1000000000 1000000000\n1\n", 4, "ends after 1 of the");
  expect_refused(h + "2 2 2\n1 1 1", 4, "ends after 1 of the 2 entries the size line (line 2)");
  // Bytes that are not text: a NUL in a number.
  expect_refused(h + std::string("1 1 1\n1 1 1\0", 12) + "5\n", 3, "not a number");
}

TEST(MatrixMarketRead, ApiErrors) {
  weft_matrix A = nullptr;
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_read_mm", weft_matrix_read_mm(nullptr, nullptr, &A));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_read_mm", weft_matrix_read_mm("x.mtx", nullptr, nullptr));
  WT_EXPECT_ERR(WEFT_IO_ERROR, "weft_matrix_read_mm", weft_matrix_read_mm("/nonexistent/x.mtx", nullptr, &A));
  EXPECT_NE(std::string(weft_last_error()).find("/nonexistent/x.mtx"), std::string::npos);
  WT_EXPECT_ERR(WEFT_IO_ERROR, "weft_matrix_read_mm", weft_matrix_read_mm("/", nullptr, &A));  // a directory
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_matrix_read_mm", weft_matrix_read_mm("x.mtx", sentinel_type(), &A));
  Owned pair = committed(contiguous(2, WEFT_INT32));
  WT_EXPECT_ERR(WEFT_DOMAIN_MISMATCH, "weft_matrix_read_mm_buffer",
                weft_matrix_read_mm_buffer("x", 1, pair.get(), &A));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_matrix_read_mm_buffer", weft_matrix_read_mm_buffer("x", -1, nullptr, &A));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_read_mm_buffer", weft_matrix_read_mm_buffer(nullptr, 3, nullptr, &A));
  EXPECT_EQ(A, nullptr);
  // Empty text with a NULL pointer is the empty file: refused for what it is.
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_matrix_read_mm_buffer", weft_matrix_read_mm_buffer(nullptr, 0, nullptr, &A));

  // Writing.
  WT_OK(weft_matrix_new(WEFT_FP64, 2, 2, &A));
  int64_t size = -1;
  char buf[8];
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_matrix_write_mm", weft_matrix_write_mm(nullptr, "x.mtx"));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_write_mm", weft_matrix_write_mm(A, nullptr));
  WT_EXPECT_ERR(WEFT_IO_ERROR, "weft_matrix_write_mm", weft_matrix_write_mm(A, "/nonexistent/dir/x.mtx"));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_write_mm_buffer", weft_matrix_write_mm_buffer(A, buf, 8, nullptr));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_matrix_write_mm_buffer", weft_matrix_write_mm_buffer(A, nullptr, 8, &size));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_matrix_write_mm_buffer", weft_matrix_write_mm_buffer(A, buf, -1, &size));
  std::memset(buf, 'z', sizeof buf);
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_matrix_write_mm_buffer", weft_matrix_write_mm_buffer(A, buf, 8, &size));
  EXPECT_EQ(size, int64_t(write_text(A).size()));
  EXPECT_EQ(std::string(buf, 8), std::string(8, 'z'));
  weft_matrix_free(&A);
  // A user-defined domain cannot be written, and no file is left behind.
  WT_OK(weft_matrix_new(pair.get(), 2, 2, &A));
  char path[] = "/tmp/weft_mm_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  unlink(path);
  WT_EXPECT_ERR(WEFT_DOMAIN_MISMATCH, "weft_matrix_write_mm", weft_matrix_write_mm(A, path));
  EXPECT_NE(access(path, F_OK), 0);
  WT_EXPECT_ERR(WEFT_DOMAIN_MISMATCH, "weft_matrix_write_mm_buffer", weft_matrix_write_mm_buffer(A, buf, 8, &size));
  weft_matrix_free(&A);
}

// ---- Round trips ---------------------------------------------------------------------

struct Domain {
  weft_type type;
  int64_t size;
  int kind;  // 0 bool, 1 signed, 2 unsigned, 3 real, 4 complex
};
const Domain kDomains[] = {{WEFT_BOOL, 1, 0},   {WEFT_INT8, 1, 1},   {WEFT_INT16, 2, 1},  {WEFT_INT32, 4, 1},
                           {WEFT_INT64, 8, 1},  {WEFT_UINT8, 1, 2},  {WEFT_UINT16, 2, 2}, {WEFT_UINT32, 4, 2},
                           {WEFT_UINT64, 8, 2}, {WEFT_FP32, 4, 3},   {WEFT_FP64, 8, 3},   {WEFT_FC32, 8, 4},
                           {WEFT_FC64, 16, 4}};

// A random value of d's bytes: integers over the whole range, floats with the special
// values (infinities, NaN of either sign, -0, subnormals, extremes) mixed in.
std::string random_value(weft_testing::Rng &rng, const Domain &d) {
  std::string v(size_t(d.size), '\0');
  auto real = [&](int bytes, char *at) {
    const uint64_t r = rng.next();
    if (bytes == 4) {
      const float specials[] = {INFINITY, -INFINITY, NAN, -NAN, -0.0f, 1e-45f, 3.4028235e38f, 1.17549435e-38f, 0.1f};
      float f = r % 4 == 0 ? specials[(r >> 8) % 9] : float(int64_t(r >> 11) % 2000001 - 1000000) / float(1 + (r >> 40) % 999);
      if (r % 7 == 1) std::memcpy(&f, &r, 4), f = std::isnan(f) ? 1.5f : f;
      std::memcpy(at, &f, 4);
    } else {
      const double specials[] = {INFINITY, -INFINITY, NAN, -NAN, -0.0, 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 0.1};
      double x = r % 4 == 0 ? specials[(r >> 8) % 9] : double(int64_t(r >> 11) % 2000001 - 1000000) / double(1 + (r >> 40) % 999);
      if (r % 7 == 1) std::memcpy(&x, &r, 8), x = std::isnan(x) ? 2.5 : x;
      std::memcpy(at, &x, 8);
    }
  };
  switch (d.kind) {
    case 0: v[0] = char(rng.next() & 1); break;
    case 1:
    case 2: {
      const uint64_t r = rng.next();
      const uint64_t edge[] = {0, 1, ~uint64_t(0), uint64_t(1) << (8 * d.size - 1), (uint64_t(1) << (8 * d.size - 1)) - 1};
      const uint64_t x = r % 3 == 0 ? edge[(r >> 8) % 5] : r >> 3;
      std::memcpy(v.data(), &x, size_t(d.size));
      break;
    }
    case 3: real(int(d.size), v.data()); break;
    default: real(int(d.size / 2), v.data()), real(int(d.size / 2), v.data() + d.size / 2); break;
  }
  return v;
}

// NaN payloads are not kept (only the sign): compare floating values that way.
std::string canonical(const Domain &d, std::string v) {
  if (d.kind < 3) return v;
  const int part = d.kind == 3 ? int(d.size) : int(d.size / 2);
  for (int off = 0; off < int(d.size); off += part) {
    if (part == 4) {
      float f;
      std::memcpy(&f, v.data() + off, 4);
      if (std::isnan(f)) f = std::signbit(f) ? -NAN : NAN;
      std::memcpy(v.data() + off, &f, 4);
    } else {
      double x;
      std::memcpy(&x, v.data() + off, 8);
      if (std::isnan(x)) x = std::signbit(x) ? -NAN : NAN;
      std::memcpy(v.data() + off, &x, 8);
    }
  }
  return v;
}

std::string negated(const Domain &d, std::string v) {
  if (d.kind == 1) {
    uint64_t x = 0;
    std::memcpy(&x, v.data(), size_t(d.size));
    x = 0 - x;
    std::memcpy(v.data(), &x, size_t(d.size));
  } else {
    const int part = d.kind == 3 ? int(d.size) : int(d.size / 2);
    for (int off = 0; off < int(d.size); off += part) v[size_t(off + part - 1)] ^= char(0x80);  // the sign bit
  }
  return v;
}
std::string conjugated(const Domain &d, std::string v) {
  v[size_t(d.size - 1)] ^= char(0x80);
  return v;
}

// Builds a matrix from (i, j) -> value bytes.
weft_matrix build(const Domain &d, int64_t nrows, int64_t ncols, const std::map<std::pair<int64_t, int64_t>, std::string> &e) {
  weft_matrix A = nullptr;
  EXPECT_EQ(weft_matrix_new(d.type, nrows, ncols, &A), WEFT_SUCCESS);
  std::vector<int64_t> I{0}, J{0};  // never empty: build wants arrays even for no entries
  std::string X(size_t(d.size), '\0');
  for (const auto &[ij, v] : e) I.push_back(ij.first), J.push_back(ij.second), X += v;
  EXPECT_EQ(weft_matrix_build(A, I.data() + 1, J.data() + 1, X.data() + d.size, d.type, int64_t(I.size()) - 1, nullptr),
            WEFT_SUCCESS)
      << weft_last_error();
  return A;
}

TEST(MatrixMarketRoundTrip, EveryDomainAndSymmetry) {
  weft_testing::Rng rng(20261127);
  int symmetric_seen = 0, skew_seen = 0, hermitian_seen = 0;
  for (const Domain &d : kDomains) {
    for (int shape = 0; shape < 4; ++shape) {  // 0 general, 1 symmetric, 2 skew, 3 hermitian
      if (shape == 2 && (d.kind == 0 || d.kind == 2)) continue;
      if (shape == 3 && d.kind != 4) continue;
      for (int trial = 0; trial < 12; ++trial) {
        const int64_t n = 1 + int64_t(rng.next() % 9), m = shape == 0 ? 1 + int64_t(rng.next() % 9) : n;
        std::map<std::pair<int64_t, int64_t>, std::string> e;
        const int percent = int(rng.next() % 101);
        for (int64_t i = 0; i < n; ++i)
          for (int64_t j = 0; j < m; ++j) {
            if (shape != 0 && j > i) continue;
            if (shape == 2 && i == j) continue;
            if (int(rng.next() % 100) >= percent) continue;
            std::string v = random_value(rng, d);
            if (shape == 3 && i == j) std::memset(&v[size_t(d.size / 2)], 0, size_t(d.size / 2));  // real diagonal
            e[{i, j}] = v;
            if (shape == 1) e[{j, i}] = v;
            if (shape == 2) e[{j, i}] = negated(d, v);
            if (shape == 3 && i != j) e[{j, i}] = conjugated(d, v);
          }
        SCOPED_TRACE(type_name(d.type) + " shape " + std::to_string(shape) + " trial " + std::to_string(trial));
        weft_matrix A = build(d, n, m, e);
        const std::string text = write_text(A);
        const std::string word = symmetry_word(text);
        if (shape == 1 && !e.empty()) {
          EXPECT_EQ(word, "symmetric") << text;
        }
        if (shape == 2 && !e.empty() && !(d.kind == 1 && word == "symmetric")) {
          // A skew matrix whose values all equal their negation (0, or the minimum
          // integer) is also symmetric, which the writer prefers.
          EXPECT_EQ(word, "skew-symmetric") << text;
        }
        if (shape == 3 && word == "hermitian") ++hermitian_seen;
        symmetric_seen += word == "symmetric";
        skew_seen += word == "skew-symmetric";
        weft_matrix B = read_text(text);
        ASSERT_NE(B, nullptr);
        Contents a = contents(A), b = contents(B);
        for (auto &[ij, v] : a.entries) v = canonical(d, v);
        for (auto &[ij, v] : b.entries) v = canonical(d, v);
        EXPECT_TRUE(a == b) << text;
        EXPECT_EQ(write_text(B), text);  // what was read writes the same text
        weft_matrix_free(&A);
        weft_matrix_free(&B);
      }
    }
  }
  EXPECT_GT(symmetric_seen, 50);
  EXPECT_GT(skew_seen, 30);
  EXPECT_GT(hermitian_seen, 10);
}

TEST(MatrixMarketRoundTrip, EveryDataFileThroughAFile) {
  NEED_DATA();
  char path[] = "/tmp/weft_mm_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  for (const std::string &name : mtx_files(dir, false)) {
    SCOPED_TRACE(name);
    weft_matrix A = nullptr, B = nullptr;
    WT_OK(weft_matrix_read_mm((dir + "/" + name).c_str(), nullptr, &A));
    WT_OK(weft_matrix_write_mm(A, path));
    WT_OK(weft_matrix_read_mm(path, nullptr, &B));
    EXPECT_TRUE(contents(A) == contents(B));
    // Symmetric files come back symmetric.
    std::ifstream in(dir + "/" + name);
    std::string banner;
    std::getline(in, banner);
    if (banner.find(" symmetric") != std::string::npos) {
      EXPECT_EQ(symmetry_word(write_text(A)), "symmetric");
    }
    weft_matrix_free(&A);
    weft_matrix_free(&B);
  }
  unlink(path);
}

}  // namespace
