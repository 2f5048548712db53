// numpy_sum.cpp — NumPy oracle for the order of floating-point PLUS reductions.
//
// Runs numpy_sum.py (argv: <python> <script> [--nonblocking]) on a fresh folder, reads
// the rows it wrote there and the sums np.add.reduce gives for them, and checks, bit for
// bit, with 1 and 2 threads: weft_matrix_reduce of the rows (FP64 and FP32 values with
// their own PLUS monoid, FP32 values with PLUS_MONOID_FP64: cast, then summed), of the
// columns of the transpose (WEFT_INP0 = WEFT_TRAN), and weft_matrix_reduce_scalar /
// weft_vector_reduce_scalar of everything (blocking only: a fused reduce to a scalar sums
// tile by tile, sparse.h). It also checks that the data tells orders apart: summing
// the long rows left to right must disagree with NumPy.
#include <weft.h>

#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

static int failures = 0, checks = 0;

#define OK(call)                                                      \
  do {                                                                \
    weft_status s_ = (call);                                          \
    if (s_ != WEFT_SUCCESS) {                                         \
      std::printf("%s:%d: %s -> %d\n", __FILE__, __LINE__, #call, s_); \
      std::exit(1);                                                   \
    }                                                                 \
  } while (0)

template <class T>
static std::vector<T> read_raw(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<T> v(bytes.size() / sizeof(T));
  std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
  return v;
}

// The same bits (a sum is never a NaN here).
template <class T>
static void expect_same(const char *what, int64_t row, T got, double numpy) {
  ++checks;
  const T want = T(numpy);
  if (std::memcmp(&got, &want, sizeof(T)) != 0) {
    ++failures;
    if (failures <= 20)
      std::printf("MISMATCH %s row %" PRId64 ": weft %a, NumPy %a\n", what, row, double(got), double(want));
  }
}

struct Expected {
  std::map<int64_t, double> rows;  // row -> sum
  double all = 0;
};

// w's entries against the rows NumPy summed (the same rows, the same bits).
template <class T>
static void check_rows(const char *what, weft_vector w, weft_type t, const Expected &e) {
  int64_t n = 0;
  OK(weft_vector_nvals(w, &n));
  ++checks;
  if (n != int64_t(e.rows.size())) {
    ++failures;
    std::printf("MISMATCH %s: %" PRId64 " entries, NumPy %zu\n", what, n, e.rows.size());
    return;
  }
  std::vector<int64_t> I(static_cast<size_t>(n));
  std::vector<T> X(static_cast<size_t>(n));
  OK(weft_vector_extract_tuples(w, n, I.data(), X.data(), t, &n));
  for (int64_t k = 0; k < n; ++k) {
    auto it = e.rows.find(I[size_t(k)]);
    if (it == e.rows.end()) {
      ++failures;
      std::printf("MISMATCH %s: entry at %" PRId64 ", an empty row\n", what, I[size_t(k)]);
      continue;
    }
    expect_same<T>(what, I[size_t(k)], X[size_t(k)], it->second);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s <python3> <numpy_sum.py> [--nonblocking]\n", argv[0]);
    return 2;
  }
  const bool nonblocking = argc > 3 && std::strcmp(argv[3], "--nonblocking") == 0;
  OK(weft_init(nonblocking ? WEFT_NONBLOCKING : WEFT_BLOCKING));
  char folder[] = "/tmp/weft_numpy_sum_XXXXXX";
  if (!mkdtemp(folder)) {
    std::perror("mkdtemp");
    return 2;
  }
  const std::string dir = folder;
  std::map<std::string, Expected> expected;
  {
    const std::string cmd = std::string(argv[1]) + " " + argv[2] + " " + dir;
    FILE *p = popen(cmd.c_str(), "r");
    if (!p) {
      std::perror("popen");
      return 2;
    }
    std::string text;
    char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, got);
    if (pclose(p) != 0) {
      std::fprintf(stderr, "the NumPy script failed; is python3-numpy installed?\n");
      return 2;
    }
    std::istringstream in(text);
    std::string tag, kind, hex;
    while (in >> tag >> kind) {
      int64_t row = -1;
      if (tag == "ROW") in >> row;
      in >> hex;
      const double v = std::strtod(hex.c_str(), nullptr);
      if (tag == "ROW") expected[kind].rows[row] = v;
      else expected[kind].all = v;
    }
  }
  const std::vector<int64_t> lengths = read_raw<int64_t>(dir + "/lengths.i64");
  const std::vector<double> values = read_raw<double>(dir + "/values.f64");
  std::remove((dir + "/lengths.i64").c_str());
  std::remove((dir + "/values.f64").c_str());
  rmdir(folder);
  if (lengths.empty() || values.empty() || expected.size() != 3) {
    std::fprintf(stderr, "the NumPy script wrote nothing usable\n");
    return 2;
  }

  // Row i holds its values in columns 0, 1, ... (storage order = NumPy's array order).
  const int64_t nrows = int64_t(lengths.size()), n = int64_t(values.size());
  int64_t ncols = 1;
  std::vector<int64_t> I, J;
  for (int64_t i = 0; i < nrows; ++i)
    for (int64_t k = 0; k < lengths[size_t(i)]; ++k) {
      I.push_back(i);
      J.push_back(k);
      ncols = std::max(ncols, k + 1);
    }
  std::vector<float> values32(values.begin(), values.end());
  weft_matrix A64, A32, T64, T32;
  OK(weft_matrix_new(WEFT_FP64, nrows, ncols, &A64));
  OK(weft_matrix_new(WEFT_FP32, nrows, ncols, &A32));
  OK(weft_matrix_new(WEFT_FP64, ncols, nrows, &T64));
  OK(weft_matrix_new(WEFT_FP32, ncols, nrows, &T32));
  OK(weft_matrix_build(A64, I.data(), J.data(), values.data(), WEFT_FP64, n, nullptr));
  OK(weft_matrix_build(A32, I.data(), J.data(), values32.data(), WEFT_FP32, n, nullptr));
  OK(weft_transpose(T64, nullptr, nullptr, A64, nullptr));
  OK(weft_transpose(T32, nullptr, nullptr, A32, nullptr));

  // Left to right disagrees with NumPy on most long rows: the checks below can fail.
  {
    int differ = 0, long_rows = 0;
    for (int64_t i = 0, at = 0; i < nrows; at += lengths[size_t(i)], ++i) {
      if (lengths[size_t(i)] < 64) continue;
      ++long_rows;
      double s = values[size_t(at)];
      for (int64_t k = 1; k < lengths[size_t(i)]; ++k) s += values[size_t(at + k)];
      differ += s != expected["f64"].rows[i];
    }
    ++checks;
    if (differ * 2 < long_rows) {
      ++failures;
      std::printf("the data does not tell orders apart: %d of %d long rows differ\n", differ, long_rows);
    }
  }

  struct Kind {
    const char *name;
    weft_matrix A, T;
    weft_monoid monoid;
    weft_type type;
  };
  const Kind kinds[] = {{"f64", A64, T64, WEFT_PLUS_MONOID_FP64, WEFT_FP64},
                        {"f32", A32, T32, WEFT_PLUS_MONOID_FP32, WEFT_FP32},
                        {"f32to64", A32, T32, WEFT_PLUS_MONOID_FP64, WEFT_FP64}};
  for (int threads : {1, 2}) {
    OK(weft_set_threads(threads));
    for (const Kind &k : kinds) {
      const Expected &e = expected[k.name];
      const bool fp64 = k.type == WEFT_FP64;
      const std::string rows = std::string(k.name) + " rows, threads " + std::to_string(threads);
      const std::string cols = std::string(k.name) + " columns of the transpose, threads " + std::to_string(threads);
      weft_vector w;
      OK(weft_vector_new(k.type, nrows, &w));
      OK(weft_matrix_reduce(w, nullptr, nullptr, k.monoid, k.A, nullptr));
      OK(weft_vector_wait(w, WEFT_MATERIALIZE));
      if (fp64) check_rows<double>(rows.c_str(), w, k.type, e);
      else check_rows<float>(rows.c_str(), w, k.type, e);
      OK(weft_matrix_reduce(w, nullptr, nullptr, k.monoid, k.T, WEFT_DESC_T0));
      OK(weft_vector_wait(w, WEFT_MATERIALIZE));
      if (fp64) check_rows<double>(cols.c_str(), w, k.type, e);
      else check_rows<float>(cols.c_str(), w, k.type, e);
      OK(weft_vector_free(&w));
      if (nonblocking) continue;
      // Everything: the matrix's values in storage order, and the same as one vector.
      weft_scalar s;
      OK(weft_scalar_new(k.type, &s));
      OK(weft_matrix_reduce_scalar(s, nullptr, k.monoid, k.A, nullptr));
      const std::string all = std::string(k.name) + " all, threads " + std::to_string(threads);
      double z64 = 0;
      float z32 = 0;
      OK(weft_scalar_extract_element(s, k.type, fp64 ? static_cast<void *>(&z64) : &z32));
      if (fp64) expect_same<double>(all.c_str(), -1, z64, e.all);
      else expect_same<float>(all.c_str(), -1, z32, e.all);
      const bool values64 = std::strcmp(k.name, "f64") == 0;  // (else the float32 values)
      weft_vector u;
      OK(weft_vector_new(values64 ? WEFT_FP64 : WEFT_FP32, n, &u));
      std::vector<int64_t> at(static_cast<size_t>(n));
      for (int64_t q = 0; q < n; ++q) at[size_t(q)] = q;
      if (values64) OK(weft_vector_build(u, at.data(), values.data(), WEFT_FP64, n, nullptr));
      else OK(weft_vector_build(u, at.data(), values32.data(), WEFT_FP32, n, nullptr));
      OK(weft_vector_reduce_scalar(s, nullptr, k.monoid, u, nullptr));
      OK(weft_scalar_extract_element(s, k.type, fp64 ? static_cast<void *>(&z64) : &z32));
      const std::string vec = std::string(k.name) + " vector, threads " + std::to_string(threads);
      if (fp64) expect_same<double>(vec.c_str(), -1, z64, e.all);
      else expect_same<float>(vec.c_str(), -1, z32, e.all);
      OK(weft_vector_free(&u));
      OK(weft_scalar_free(&s));
    }
  }
  OK(weft_matrix_free(&A64));
  OK(weft_matrix_free(&A32));
  OK(weft_matrix_free(&T64));
  OK(weft_matrix_free(&T32));
  OK(weft_finalize());
  std::printf("numpy_sum%s: %d checks, %d mismatches\n", nonblocking ? " (nonblocking)" : "", checks, failures);
  return failures ? 1 : 0;
}
