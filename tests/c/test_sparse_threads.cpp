// Thread safety of the semiring engine (weft/sparse.h: "calls on distinct objects may run
// at once; an object may be read by several threads at once once it is complete").
// Several std::threads each build their own collections and run mxm, mxv, vxm, the
// element-wise operations, apply, select, reduce, transpose, assign and extract on them,
// sharing read-only what the contract allows them to share: predefined operators,
// monoids, semirings and descriptors, a user descriptor, and an input matrix, vector and
// scalar that have pending element updates until weft_*_wait completes them, before the
// threads start. The threads read those inputs first, all at once, so an input left
// incomplete shows up as a data race under ThreadSanitizer. Other threads create, use and
// free user-defined types, operators, monoids and semirings, some built on shared
// predefined ones. Each thread's results are compared with a serial run of the same work,
// and its weft_last_error / weft_*_error messages with its own failures.
//
// The suite is named Threads: ./run's ThreadSanitizer step selects it with
// -R '^c\.sparse_threads\.Threads\.'. Sizes keep a Release run well under a second
// (ThreadSanitizer is about 10x slower).
#include <algorithm>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "weft_test_util.hpp"

namespace {

constexpr int kThreads = 4;
constexpr int kRounds = 12;
constexpr int64_t kN = 40;  // shared input: kN x kN
constexpr int64_t kK = 7;   // index lists of extract/assign

// Runs work(t) on kThreads threads at once and waits for them all.
template <class Work>
void on_threads(Work work) {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(work, t);
  for (std::thread &th : threads) th.join();
}

// ---------------------------------------------------------------------------------
// Deterministic data: splitmix64, small integers as values (so every sum is exact and
// results compare bit for bit however a kernel orders its additions).
// ---------------------------------------------------------------------------------
struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int64_t below(int64_t n) { return int64_t(next() % uint64_t(n)); }
};

// Results and failures of one unit of work, comparable between a serial and a threaded run.
struct Tuples {
  std::vector<int64_t> i, j;
  std::vector<double> x;
  bool operator==(const Tuples &o) const { return i == o.i && j == o.j && x == o.x; }
};

struct Log {
  std::vector<Tuples> results;
  std::vector<std::string> failures;
  bool operator==(const Log &o) const { return results == o.results && failures == o.failures; }
  // Records a failing call (the work goes on: the comparison shows where it diverged).
  bool ok(weft_status s, const char *what) {
    if (s != WEFT_SUCCESS) failures.push_back(std::string(what) + ": " + weft_status_name(s) + " " + weft_last_error());
    return s == WEFT_SUCCESS;
  }
  void check(bool cond, const std::string &what) {
    if (!cond) failures.push_back(what);
  }
  void keep(weft_matrix A) {
    Tuples t;
    int64_t n = 0;
    if (!ok(weft_matrix_nvals(A, &n), "nvals")) return;
    t.i.resize(size_t(n));
    t.j.resize(size_t(n));
    t.x.resize(size_t(n));
    if (ok(weft_matrix_extract_tuples(A, n, t.i.data(), t.j.data(), t.x.data(), WEFT_FP64, &n), "extract_tuples"))
      results.push_back(std::move(t));
  }
  void keep(weft_vector v) {
    Tuples t;
    int64_t n = 0;
    if (!ok(weft_vector_nvals(v, &n), "nvals")) return;
    t.j.resize(size_t(n));
    t.x.resize(size_t(n));
    if (ok(weft_vector_extract_tuples(v, n, t.j.data(), t.x.data(), WEFT_FP64, &n), "extract_tuples"))
      results.push_back(std::move(t));
  }
  void keep(weft_scalar s) {
    Tuples t;
    double x = 0;
    const weft_status st = weft_scalar_extract_element(s, WEFT_FP64, &x);
    if (st == WEFT_SUCCESS)
      t.x.push_back(x);
    else if (st != WEFT_NO_VALUE)
      ok(st, "scalar_extract_element");
    results.push_back(std::move(t));
  }
};
#define TRY(log, call) (log).ok((call), #call)

// A random m x n FP64 matrix with about nnz entries, values in 1..9 (duplicates summed).
weft_matrix random_matrix(Log &log, int64_t m, int64_t n, int64_t nnz, uint64_t seed) {
  Rng r{seed};
  std::vector<int64_t> I(static_cast<size_t>(nnz)), J(static_cast<size_t>(nnz));
  std::vector<double> X(static_cast<size_t>(nnz));
  for (int64_t k = 0; k < nnz; ++k) {
    I[size_t(k)] = r.below(m);
    J[size_t(k)] = r.below(n);
    X[size_t(k)] = double(1 + r.below(9));
  }
  weft_matrix A = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, m, n, &A));
  TRY(log, weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, nnz, WEFT_PLUS_FP64));
  return A;
}

// k distinct indices below n (the first k of a shuffle), for assign, which forbids repeats.
std::vector<int64_t> distinct_indices(int64_t n, int64_t k, uint64_t seed) {
  Rng r{seed};
  std::vector<int64_t> p(static_cast<size_t>(n));
  for (int64_t q = 0; q < n; ++q) p[size_t(q)] = q;
  for (int64_t q = n - 1; q > 0; --q) std::swap(p[size_t(q)], p[size_t(r.below(q + 1))]);
  p.resize(size_t(k));
  return p;
}

// ---------------------------------------------------------------------------------
// What every thread may read: created and completed before the threads start, then
// never written until they have joined.
// ---------------------------------------------------------------------------------
struct Shared {
  weft_matrix S = nullptr;       // kN x kN input, also used as a mask
  weft_vector x = nullptr;       // kN input of mxv / vxm
  weft_scalar half = nullptr;    // 0.5, bound by apply_second
  weft_descriptor t0 = nullptr;  // a user descriptor: WEFT_INP0 = WEFT_TRAN
  Log log;

  Shared() {
    S = random_matrix(log, kN, kN, 4 * kN, 0x5EED);
    // Pending element updates until the wait below: reads after it must not assemble.
    const double v = 5;
    for (int64_t k = 0; k < kN; k += 3) TRY(log, weft_matrix_set_element(S, k, (k * 7) % kN, &v, WEFT_FP64));
    TRY(log, weft_matrix_remove_element(S, 0, 0));
    TRY(log, weft_matrix_wait(S, WEFT_MATERIALIZE));
    TRY(log, weft_vector_new(WEFT_FP64, kN, &x));
    for (int64_t k = 1; k < kN; k += 2) {
      const double xv = double(k % 5);
      TRY(log, weft_vector_set_element(x, k, &xv, WEFT_FP64));
    }
    TRY(log, weft_vector_wait(x, WEFT_COMPLETE));
    TRY(log, weft_scalar_new(WEFT_FP64, &half));
    const double h = 0.5;
    TRY(log, weft_scalar_set_element(half, &h, WEFT_FP64));
    TRY(log, weft_scalar_wait(half, WEFT_MATERIALIZE));
    TRY(log, weft_descriptor_new(&t0));
    TRY(log, weft_descriptor_set(t0, WEFT_INP0, WEFT_TRAN));
  }
  ~Shared() {
    weft_matrix_free(&S);
    weft_vector_free(&x);
    weft_scalar_free(&half);
    weft_descriptor_free(&t0);
  }
};

// ---------------------------------------------------------------------------------
// One round of work on the thread's own objects (and the shared inputs), from a seed.
// ---------------------------------------------------------------------------------
Log collections_round(const Shared &sh, uint64_t seed) {
  Log log;
  const weft_matrix S = sh.S;
  weft_matrix A = random_matrix(log, kN, kN, 3 * kN, seed);
  weft_matrix B = random_matrix(log, kN, kN, 3 * kN, seed ^ 0xB0B);

  // mxm: S as input and as a (structural, complemented) mask, shared semirings.
  weft_matrix C = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, kN, kN, &C));
  TRY(log, weft_mxm(C, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, S, A, nullptr));
  log.keep(C);
  TRY(log, weft_mxm(C, S, WEFT_PLUS_FP64, WEFT_MIN_PLUS_SEMIRING_FP64, A, S, WEFT_DESC_S));
  log.keep(C);
  TRY(log, weft_mxm(C, S, nullptr, WEFT_MAX_TIMES_SEMIRING_FP64, A, B, WEFT_DESC_RSCT0));
  log.keep(C);

  // mxv / vxm with the shared vector.
  weft_vector w = nullptr;
  TRY(log, weft_vector_new(WEFT_FP64, kN, &w));
  TRY(log, weft_mxv(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, sh.x, sh.t0));
  log.keep(w);
  TRY(log, weft_vxm(w, sh.x, WEFT_PLUS_FP64, WEFT_PLUS_TIMES_SEMIRING_FP64, sh.x, S, nullptr));
  log.keep(w);

  // Element-wise, with the shared user descriptor and predefined ones.
  weft_matrix E = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, kN, kN, &E));
  TRY(log, weft_matrix_ewise_add(E, nullptr, nullptr, WEFT_PLUS_FP64, S, A, sh.t0));
  log.keep(E);
  TRY(log, weft_matrix_ewise_mult(E, nullptr, WEFT_TIMES_FP64, WEFT_TIMES_FP64, A, S, WEFT_DESC_T1));
  log.keep(E);
  weft_scalar alpha = nullptr, beta = nullptr;
  const double a = double(seed % 7), b = -1;
  TRY(log, weft_scalar_new(WEFT_FP64, &alpha));
  TRY(log, weft_scalar_new(WEFT_FP64, &beta));
  TRY(log, weft_scalar_set_element(alpha, &a, WEFT_FP64));
  TRY(log, weft_scalar_set_element(beta, &b, WEFT_FP64));
  TRY(log, weft_matrix_ewise_union(E, nullptr, nullptr, WEFT_MINUS_FP64, S, alpha, B, beta, nullptr));
  log.keep(E);

  // apply and select: the shared scalar bound, S as a valued mask.
  weft_matrix F = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, kN, kN, &F));
  TRY(log, weft_matrix_apply(F, nullptr, nullptr, WEFT_AINV_FP64, E, nullptr));
  TRY(log, weft_matrix_apply_second(F, S, WEFT_PLUS_FP64, WEFT_TIMES_FP64, A, sh.half, nullptr));
  log.keep(F);
  weft_scalar k0 = nullptr;
  const int64_t diag = int64_t(seed % 5) - 2;
  TRY(log, weft_scalar_new(WEFT_INT64, &k0));
  TRY(log, weft_scalar_set_element(k0, &diag, WEFT_INT64));
  TRY(log, weft_matrix_select(F, nullptr, nullptr, WEFT_TRIL, S, k0, WEFT_DESC_R));
  log.keep(F);
  TRY(log, weft_matrix_apply_index(F, S, nullptr, WEFT_ROWINDEX_INT64, A, k0, WEFT_DESC_S));
  log.keep(F);

  // reduce to a vector and to a scalar.
  TRY(log, weft_matrix_reduce(w, nullptr, nullptr, WEFT_PLUS_MONOID_FP64, C, nullptr));
  log.keep(w);
  TRY(log, weft_matrix_reduce(w, nullptr, WEFT_MAX_FP64, WEFT_MAX_MONOID_FP64, S, WEFT_DESC_T0));
  log.keep(w);
  weft_scalar s = nullptr;
  TRY(log, weft_scalar_new(WEFT_FP64, &s));
  TRY(log, weft_matrix_reduce_scalar(s, nullptr, WEFT_PLUS_MONOID_FP64, E, nullptr));
  log.keep(s);
  TRY(log, weft_vector_reduce_scalar(s, WEFT_PLUS_FP64, WEFT_PLUS_MONOID_FP64, sh.x, nullptr));
  log.keep(s);

  // extract and assign: a dup of the shared input as the output.
  const std::vector<int64_t> I = distinct_indices(kN, kK, seed ^ 0x1), J = distinct_indices(kN, kK, seed ^ 0x2);
  weft_matrix X = nullptr, D = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, kK, kK, &X));
  TRY(log, weft_matrix_extract(X, nullptr, nullptr, S, I.data(), kK, J.data(), kK, nullptr));
  log.keep(X);
  TRY(log, weft_matrix_extract(X, nullptr, WEFT_PLUS_FP64, A, I.data(), kK, J.data(), kK, WEFT_DESC_T0));
  log.keep(X);
  TRY(log, weft_matrix_dup(S, &D));
  TRY(log, weft_matrix_assign(D, nullptr, nullptr, X, J.data(), kK, I.data(), kK, nullptr));
  log.keep(D);
  TRY(log, weft_matrix_assign_scalar(D, S, nullptr, alpha, I.data(), kK, WEFT_ALL, kN, WEFT_DESC_S));
  log.keep(D);
  weft_vector col = nullptr;
  TRY(log, weft_vector_new(WEFT_FP64, kN, &col));
  TRY(log, weft_col_extract(col, nullptr, nullptr, S, WEFT_ALL, kN, int64_t(seed % kN), nullptr));
  log.keep(col);
  TRY(log, weft_row_assign(D, nullptr, WEFT_PLUS_FP64, col, int64_t((seed + 1) % kN), WEFT_ALL, kN, nullptr));
  log.keep(D);
  TRY(log, weft_matrix_subassign(D, nullptr, nullptr, X, I.data(), kK, J.data(), kK, nullptr));
  log.keep(D);

  // transpose, and pending element updates on the thread's own matrix.
  TRY(log, weft_transpose(C, nullptr, nullptr, S, nullptr));
  log.keep(C);
  for (int64_t k = 0; k < kN; k += 4) {
    const double v = double(k);
    TRY(log, weft_matrix_set_element(A, k, (k + int64_t(seed)) % kN, &v, WEFT_FP64));
    TRY(log, weft_matrix_remove_element(A, (k + 1) % kN, k));
  }
  log.keep(A);

  for (weft_matrix *h : {&A, &B, &C, &E, &F, &X, &D}) TRY(log, weft_matrix_free(h));
  for (weft_vector *h : {&w, &col}) TRY(log, weft_vector_free(h));
  for (weft_scalar *h : {&alpha, &beta, &k0, &s}) TRY(log, weft_scalar_free(h));
  return log;
}

uint64_t seed_of(int thread, int round) { return 0x1000u * uint64_t(thread + 1) + uint64_t(round); }

// All kThreads threads wait here until every one has arrived.
class Barrier {
 public:
  void arrive_and_wait() {
    arrived_.fetch_add(1);
    while (arrived_.load() < kThreads) std::this_thread::yield();
  }

 private:
  std::atomic<int> arrived_{0};
};

// What each thread read of the shared inputs before its rounds, and each round's log.
struct ThreadLogs {
  std::vector<Log> first;
  std::vector<std::vector<Log>> rounds;
};

// Runs kThreads threads at once: each runs prologue(thread), then body(thread, round) for
// every round. The prologues run between two barriers, so every thread's first reads of
// the shared inputs happen in one window in which no thread creates an object: creating
// one takes the handle registry's exclusive lock, which would order the threads and hide
// from ThreadSanitizer a shared input that was not complete when they started.
template <class Prologue, class Body>
ThreadLogs run_threads(Prologue prologue, Body body) {
  ThreadLogs logs{std::vector<Log>(kThreads), std::vector<std::vector<Log>>(kThreads)};
  Barrier start, reads_done;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      logs.first[size_t(t)] = prologue(t);
      reads_done.arrive_and_wait();
      for (int r = 0; r < kRounds; ++r) logs.rounds[size_t(t)].push_back(body(t, r));
    });
  for (std::thread &th : threads) th.join();
  return logs;
}

// Reads every shared input (no object is created: see run_threads).
Log read_shared(const Shared &sh) {
  Log log;
  int64_t n[3] = {-1, -1, -1};
  TRY(log, weft_matrix_nvals(sh.S, &n[0]));
  TRY(log, weft_vector_nvals(sh.x, &n[1]));
  TRY(log, weft_scalar_nvals(sh.half, &n[2]));
  log.results.push_back(Tuples{{n[0], n[1], n[2]}, {}, {}});
  double v = -1;
  const weft_status st = weft_matrix_extract_element(sh.S, kN / 2, kN / 2, WEFT_FP64, &v);
  log.check(st == WEFT_SUCCESS || st == WEFT_NO_VALUE, "extract_element of the shared input failed");
  log.results.push_back(Tuples{{}, {}, {st == WEFT_SUCCESS ? v : -1}});
  log.keep(sh.S);
  log.keep(sh.x);
  log.keep(sh.half);
  int value = -1;
  TRY(log, weft_descriptor_get(sh.t0, WEFT_INP0, &value));
  log.check(value == WEFT_TRAN, "the shared descriptor lost WEFT_TRAN");
  return log;
}

Log no_prologue(int) { return Log(); }

void expect_same(const std::vector<std::vector<Log>> &expected, const std::vector<std::vector<Log>> &got) {
  for (int t = 0; t < kThreads; ++t)
    for (int r = 0; r < kRounds; ++r) {
      const Log &e = expected[size_t(t)][size_t(r)], &g = got[size_t(t)][size_t(r)];
      EXPECT_TRUE(e.failures.empty()) << "serial run, thread " << t << " round " << r << ": " << e.failures.front();
      EXPECT_TRUE(g.failures.empty()) << "thread " << t << " round " << r << ": " << g.failures.front();
      EXPECT_EQ(e.results.size(), g.results.size()) << "thread " << t << " round " << r;
      for (size_t k = 0; k < std::min(e.results.size(), g.results.size()); ++k)
        EXPECT_TRUE(e.results[k] == g.results[k])
            << "thread " << t << " round " << r << ": result " << k << " differs from the serial run";
    }
}

TEST(Threads, DistinctObjectsWithSharedInputsMatchASerialRun) {
  // The serial run first, on this thread, with inputs of its own built the same way; then
  // the same work on kThreads threads at once. The threads' inputs are thus completed by
  // weft_*_wait alone, never by an earlier read.
  Shared ref;
  ASSERT_TRUE(ref.log.failures.empty()) << ref.log.failures.front();
  std::vector<std::vector<Log>> serial(kThreads);
  for (int t = 0; t < kThreads; ++t)
    for (int r = 0; r < kRounds; ++r) serial[size_t(t)].push_back(collections_round(ref, seed_of(t, r)));
  // The rounds do real, seed-dependent work: 24 results each, most of them non-empty.
  ASSERT_EQ(24u, serial[0][0].results.size());
  EXPECT_FALSE(serial[0][0].results == serial[0][1].results);
  size_t entries = 0;
  for (const Tuples &t : serial[0][0].results) entries += t.x.size();
  EXPECT_LT(size_t(20 * kN), entries);
  Shared sh;
  ASSERT_TRUE(sh.log.failures.empty()) << sh.log.failures.front();
  const ThreadLogs threaded = run_threads([&](int) { return read_shared(sh); },
                                          [&](int t, int r) { return collections_round(sh, seed_of(t, r)); });
  const Log first = read_shared(ref);
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_TRUE(threaded.first[size_t(t)].failures.empty()) << threaded.first[size_t(t)].failures.front();
    EXPECT_TRUE(first == threaded.first[size_t(t)]) << "thread " << t << " read the shared inputs differently";
  }
  expect_same(serial, threaded.rounds);
  // The shared inputs are as they were.
  Log after, before;
  after.keep(sh.S);
  after.keep(sh.x);
  after.keep(sh.half);
  before.keep(ref.S);
  before.keep(ref.x);
  before.keep(ref.half);
  EXPECT_TRUE(before.results == after.results) << "a thread changed a shared input";
}

// ---------------------------------------------------------------------------------
// User-defined algebra created, used and freed concurrently: operators on user C
// functions, monoids and semirings built on them and on shared predefined objects, a
// user-defined struct domain. Each result must equal the predefined semiring's.
// ---------------------------------------------------------------------------------
void plus_fn(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&b, y, sizeof b);
  const double r = a + b;
  std::memcpy(z, &r, sizeof r);
}
void times_fn(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&b, y, sizeof b);
  const double r = a * b;
  std::memcpy(z, &r, sizeof r);
}
// Keeps entries whose value is above the thunk (as WEFT_VALUEGT_FP64).
void above_fn(void *z, const void *x, int64_t, int64_t, const void *thunk) {
  double a, t;
  std::memcpy(&a, x, sizeof a);
  std::memcpy(&t, thunk, sizeof t);
  const bool r = a > t;
  std::memcpy(z, &r, sizeof r);
}
// A struct domain {int64 count; double sum}: the pair's sum by component.
struct CountSum {
  int64_t count;
  double sum;
};
void count_sum_fn(void *z, const void *x, const void *y) {
  CountSum p, q;
  std::memcpy(&p, x, sizeof p);
  std::memcpy(&q, y, sizeof q);
  const CountSum r{p.count + q.count, p.sum + q.sum};
  std::memcpy(z, &r, sizeof r);
}

// The predefined reference: S * A (PLUS_TIMES), its row sums, its entries above 4.
Log reference_round(const Shared &sh, uint64_t seed) {
  Log log;
  weft_matrix A = random_matrix(log, kN, kN, 3 * kN, seed), C = nullptr, G = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, kN, kN, &C));
  TRY(log, weft_matrix_new(WEFT_FP64, kN, kN, &G));
  TRY(log, weft_mxm(C, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, sh.S, A, nullptr));
  log.keep(C);
  log.keep(C);
  weft_vector w = nullptr;
  TRY(log, weft_vector_new(WEFT_FP64, kN, &w));
  TRY(log, weft_matrix_reduce(w, nullptr, nullptr, WEFT_PLUS_MONOID_FP64, C, nullptr));
  log.keep(w);
  weft_scalar four = nullptr;
  const double f = 4;
  TRY(log, weft_scalar_new(WEFT_FP64, &four));
  TRY(log, weft_scalar_set_element(four, &f, WEFT_FP64));
  TRY(log, weft_matrix_select(G, nullptr, nullptr, WEFT_VALUEGT_FP64, C, four, nullptr));
  log.keep(G);
  // The struct domain's total: (number of entries of C, their sum), as two results.
  int64_t n = 0;
  TRY(log, weft_matrix_nvals(C, &n));
  weft_scalar total = nullptr;
  TRY(log, weft_scalar_new(WEFT_FP64, &total));
  TRY(log, weft_matrix_reduce_scalar(total, nullptr, WEFT_PLUS_MONOID_FP64, C, nullptr));
  Tuples count_sum;
  count_sum.x.push_back(double(n));
  log.results.push_back(count_sum);
  log.keep(total);
  for (weft_matrix *h : {&A, &C, &G}) TRY(log, weft_matrix_free(h));
  TRY(log, weft_vector_free(&w));
  TRY(log, weft_scalar_free(&four));
  TRY(log, weft_scalar_free(&total));
  return log;
}

Log user_algebra_round(const Shared &sh, uint64_t seed) {
  Log log;
  const double zero = 0;
  weft_binary_op plus = nullptr, times = nullptr;
  TRY(log, weft_binary_op_new(plus_fn, WEFT_FP64, WEFT_FP64, WEFT_FP64, &plus));
  TRY(log, weft_binary_op_new(times_fn, WEFT_FP64, WEFT_FP64, WEFT_FP64, &times));
  weft_monoid user_sum = nullptr, predef_op_sum = nullptr;
  TRY(log, weft_monoid_new(plus, &zero, &user_sum));
  TRY(log, weft_monoid_new(WEFT_PLUS_FP64, &zero, &predef_op_sum));  // a shared predefined operator inside
  weft_semiring user_sr = nullptr, mixed_sr = nullptr;
  TRY(log, weft_semiring_new(user_sum, times, &user_sr));
  TRY(log, weft_semiring_new(WEFT_PLUS_MONOID_FP64, times, &mixed_sr));  // a shared predefined monoid inside
  // The objects built on them keep them alive: free the caller's handles now, in an
  // order that varies with the round.
  if (seed % 2) {
    TRY(log, weft_binary_op_free(&plus));
    TRY(log, weft_monoid_free(&user_sum));
  } else {
    TRY(log, weft_monoid_free(&user_sum));
    TRY(log, weft_binary_op_free(&plus));
  }
  TRY(log, weft_binary_op_free(&times));

  weft_matrix A = random_matrix(log, kN, kN, 3 * kN, seed), C = nullptr, G = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, kN, kN, &C));
  TRY(log, weft_matrix_new(WEFT_FP64, kN, kN, &G));
  TRY(log, weft_mxm(C, nullptr, nullptr, user_sr, sh.S, A, nullptr));
  log.keep(C);
  TRY(log, weft_mxm(C, nullptr, nullptr, mixed_sr, sh.S, A, nullptr));
  log.keep(C);
  TRY(log, weft_semiring_free(&user_sr));
  TRY(log, weft_semiring_free(&mixed_sr));
  weft_vector w = nullptr;
  TRY(log, weft_vector_new(WEFT_FP64, kN, &w));
  TRY(log, weft_matrix_reduce(w, nullptr, nullptr, predef_op_sum, C, nullptr));
  log.keep(w);
  TRY(log, weft_monoid_free(&predef_op_sum));

  // A user index-unary operator in select.
  weft_index_unary_op above = nullptr;
  TRY(log, weft_index_unary_op_new(above_fn, WEFT_BOOL, WEFT_FP64, WEFT_FP64, &above));
  weft_scalar four = nullptr;
  const double f = 4;
  TRY(log, weft_scalar_new(WEFT_FP64, &four));
  TRY(log, weft_scalar_set_element(four, &f, WEFT_FP64));
  TRY(log, weft_matrix_select(G, nullptr, nullptr, above, C, four, nullptr));
  log.keep(G);
  TRY(log, weft_index_unary_op_free(&above));

  // A user-defined struct domain made and freed here: reduce C's entries, mapped to
  // (1, value) pairs, with a user monoid on it.
  const int64_t bl[] = {1, 1};
  const weft_aint disp[] = {0, 8};
  const weft_type fields[] = {WEFT_INT64, WEFT_DOUBLE};
  weft_type cs = nullptr;
  TRY(log, weft_type_struct(2, bl, disp, fields, &cs));
  TRY(log, weft_type_commit(cs));
  weft_binary_op cs_plus = nullptr;
  TRY(log, weft_binary_op_new(count_sum_fn, cs, cs, cs, &cs_plus));
  const CountSum none{0, 0};
  weft_monoid cs_sum = nullptr;
  TRY(log, weft_monoid_new(cs_plus, &none, &cs_sum));
  TRY(log, weft_binary_op_free(&cs_plus));
  weft_matrix P = nullptr;
  TRY(log, weft_matrix_new(cs, kN, kN, &P));
  int64_t n = 0;
  TRY(log, weft_matrix_nvals(C, &n));
  Tuples t;
  t.i.resize(size_t(n));
  t.j.resize(size_t(n));
  t.x.resize(size_t(n));
  TRY(log, weft_matrix_extract_tuples(C, n, t.i.data(), t.j.data(), t.x.data(), WEFT_FP64, &n));
  std::vector<CountSum> pairs;
  for (double v : t.x) pairs.push_back(CountSum{1, v});
  TRY(log, weft_matrix_build(P, t.i.data(), t.j.data(), pairs.data(), cs, n, nullptr));
  weft_scalar total = nullptr;
  TRY(log, weft_scalar_new(cs, &total));
  TRY(log, weft_matrix_reduce_scalar(total, nullptr, cs_sum, P, nullptr));
  CountSum got{-1, -1};
  TRY(log, weft_scalar_extract_element(total, cs, &got));
  TRY(log, weft_type_free(&cs));  // the collections keep their domain alive
  Tuples count, sum;
  count.x.push_back(double(got.count));
  sum.x.push_back(got.sum);
  log.results.push_back(count);
  log.results.push_back(sum);
  TRY(log, weft_monoid_free(&cs_sum));
  TRY(log, weft_scalar_free(&total));
  TRY(log, weft_matrix_free(&P));

  for (weft_matrix *h : {&A, &C, &G}) TRY(log, weft_matrix_free(h));
  TRY(log, weft_vector_free(&w));
  TRY(log, weft_scalar_free(&four));
  return log;
}

TEST(Threads, UserAlgebraCreatedAndFreedConcurrently) {
  // References computed serially with predefined objects on inputs of their own.
  Shared ref;
  ASSERT_TRUE(ref.log.failures.empty()) << ref.log.failures.front();
  std::vector<std::vector<Log>> expected(kThreads);
  for (int t = 0; t < kThreads; ++t)
    for (int r = 0; r < kRounds; ++r) expected[size_t(t)].push_back(reference_round(ref, seed_of(t, r)));
  // Half the threads work with user-defined algebra while the others run the
  // collection rounds, so creation and freeing overlap with operations.
  std::vector<std::vector<Log>> serial_collections(kThreads);
  for (int t = 1; t < kThreads; t += 2)
    for (int r = 0; r < kRounds; ++r) serial_collections[size_t(t)].push_back(collections_round(ref, seed_of(t, r)));
  Shared sh;
  ASSERT_TRUE(sh.log.failures.empty()) << sh.log.failures.front();
  const ThreadLogs got =
      run_threads([&](int) { return read_shared(sh); },
                  [&](int t, int r) {
                    return t % 2 == 0 ? user_algebra_round(sh, seed_of(t, r)) : collections_round(sh, seed_of(t, r));
                  });
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_TRUE(got.first[size_t(t)].failures.empty()) << got.first[size_t(t)].failures.front();
    for (int r = 0; r < kRounds; ++r) {
      const Log &g = got.rounds[size_t(t)][size_t(r)];
      const Log &e = t % 2 == 0 ? expected[size_t(t)][size_t(r)] : serial_collections[size_t(t)][size_t(r)];
      EXPECT_TRUE(e.failures.empty()) << "reference, thread " << t << " round " << r << ": " << e.failures.front();
      EXPECT_TRUE(g.failures.empty()) << "thread " << t << " round " << r << ": " << g.failures.front();
      EXPECT_TRUE(e.results == g.results) << "thread " << t << " round " << r << " differs from its reference";
    }
  }
}

// ---------------------------------------------------------------------------------
// Errors stay with their thread (weft_last_error) and their object (weft_*_error) while
// other threads fail and succeed at the same time.
// ---------------------------------------------------------------------------------
Log errors_round(int thread, int round) {
  Log log;
  const int64_t tag = -(1000 * int64_t(thread + 1) + round);  // a dimension only this call uses
  weft_matrix mine = nullptr, bad = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, 3, 2, &mine));
  log.check(weft_matrix_new(WEFT_FP64, tag, 1, &bad) == WEFT_INVALID_VALUE, "matrix_new with a negative size");
  log.check(bad == nullptr, "a failing matrix_new wrote its handle");
  const std::string tagged = weft_last_error();
  log.check(tagged.find("weft_matrix_new") == 0 && tagged.find(std::to_string(tag)) != std::string::npos,
            "last_error is not this thread's: " + tagged);
  // Successful calls, and a failure recorded on the thread's own object.
  weft_matrix A = nullptr, B = nullptr;
  TRY(log, weft_matrix_new(WEFT_FP64, 2, 3, &A));
  TRY(log, weft_matrix_new(WEFT_FP64, 2, 2, &B));
  log.check(weft_mxm(mine, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, A, nullptr) == WEFT_DIMENSION_MISMATCH,
            "mxm of 2x3 by 2x3");
  const std::string mxm_msg = weft_last_error();
  const char *msg = nullptr;
  TRY(log, weft_matrix_error(mine, &msg));
  log.check(msg != nullptr && mxm_msg == msg, "weft_matrix_error is not this thread's last mxm message");
  std::this_thread::yield();  // let other threads fail in between
  TRY(log, weft_matrix_error(mine, &msg));
  log.check(msg != nullptr && mxm_msg == msg, "another thread changed this object's message");
  log.check(mxm_msg == weft_last_error(), "another thread changed this thread's last error");
  TRY(log, weft_mxm(mine, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, WEFT_DESC_T0));  // 3x2 = A' B
  TRY(log, weft_matrix_error(mine, &msg));
  log.check(msg != nullptr && std::string(msg).empty(), "a successful call did not clear the object's message");
  log.check(mxm_msg == weft_last_error(), "a successful call changed weft_last_error");
  TRY(log, weft_matrix_free(&A));
  TRY(log, weft_matrix_free(&B));
  TRY(log, weft_matrix_free(&mine));
  return log;
}

TEST(Threads, ErrorsStayWithTheirThreadAndObject) {
  const ThreadLogs logs = run_threads(no_prologue, errors_round);
  for (int t = 0; t < kThreads; ++t)
    for (int r = 0; r < kRounds; ++r) {
      const Log &g = logs.rounds[size_t(t)][size_t(r)];
      EXPECT_TRUE(g.failures.empty()) << "thread " << t << " round " << r << ": " << g.failures.front();
    }
}

// Results and copies of one shared input share its indices (core/sparse/indices.hpp):
// every thread makes its own from the same vector at once, then changes them; each copy
// is made its own on its first change, and the input never changes.
TEST(Threads, SharedIndicesCopiedApartOnEachThread) {
  const int64_t n = 500;
  weft_vector v = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &v));
  for (int64_t i = 0; i < n; ++i) {
    const double x = double(i % 9) - 4;
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_set_element(v, i, &x, WEFT_FP64));
  }
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_wait(v, WEFT_MATERIALIZE));
  std::atomic<int> bad{0};
  auto work = [&](int t) {
    for (int r = 0; r < kRounds; ++r) {
      weft_vector a = nullptr, d = nullptr;
      bool ok = weft_vector_new(WEFT_FP64, n, &a) == WEFT_SUCCESS &&
                weft_vector_apply(a, nullptr, nullptr, WEFT_AINV_FP64, v, nullptr) == WEFT_SUCCESS &&
                weft_vector_dup(v, &d) == WEFT_SUCCESS;
      const int64_t k = (t * 37 + r * 11) % n;
      const double mark = 1000.0 + t;
      ok = ok && weft_vector_remove_element(a, k) == WEFT_SUCCESS &&
           weft_vector_set_element(d, k, &mark, WEFT_FP64) == WEFT_SUCCESS;
      int64_t na = -1, nd = -1;
      ok = ok && weft_vector_nvals(a, &na) == WEFT_SUCCESS && weft_vector_nvals(d, &nd) == WEFT_SUCCESS;
      ok = ok && na == n - 1 && nd == n;
      for (int64_t i = 0; ok && i < n; i += 7) {
        double x = 0, y = 0;
        const weft_status sa = weft_vector_extract_element(a, i, WEFT_FP64, &x);
        ok = weft_vector_extract_element(d, i, WEFT_FP64, &y) == WEFT_SUCCESS &&
             (i == k ? sa == WEFT_NO_VALUE && y == mark
                     : sa == WEFT_SUCCESS && x == -(double(i % 9) - 4) && y == double(i % 9) - 4);
      }
      if (!ok) ++bad;
      weft_vector_free(&a);
      weft_vector_free(&d);
    }
  };
  on_threads(work);
  EXPECT_EQ(0, bad.load());
  int64_t nv = 0;
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_nvals(v, &nv));
  EXPECT_EQ(n, nv);
  for (int64_t i = 0; i < n; ++i) {
    double x = 0;
    ASSERT_EQ(WEFT_SUCCESS, weft_vector_extract_element(v, i, WEFT_FP64, &x));
    EXPECT_EQ(double(i % 9) - 4, x);
  }
  weft_vector_free(&v);
}

// Two vectors built apart with the same indices, read by every thread at once: each
// x + y and x .* y compares their index arrays, and the first to find them equal
// remembers it in both (Indices::equal), while the others compare or read the match.
// Under ThreadSanitizer in ./run test. Results against the values written out.
TEST(Threads, RememberedStructureReadByManyThreads) {
  const int64_t n = 3000;
  std::vector<int64_t> I;
  std::vector<double> X, Y;
  for (int64_t i = 0; i < n; i += 2) I.push_back(i), X.push_back(double(i % 7) + 0.5), Y.push_back(double(i % 5) - 2);
  weft_vector x = nullptr, y = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &x));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &y));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(x, I.data(), X.data(), WEFT_FP64, int64_t(I.size()), nullptr));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(y, I.data(), Y.data(), WEFT_FP64, int64_t(I.size()), nullptr));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_wait(x, WEFT_MATERIALIZE));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_wait(y, WEFT_MATERIALIZE));
  std::atomic<int> bad{0};
  auto work = [&](int) {
    for (int r = 0; r < kRounds; ++r) {
      weft_vector s = nullptr, p = nullptr;
      bool ok = weft_vector_new(WEFT_FP64, n, &s) == WEFT_SUCCESS && weft_vector_new(WEFT_FP64, n, &p) == WEFT_SUCCESS &&
                weft_vector_ewise_add(s, nullptr, nullptr, WEFT_PLUS_FP64, x, y, nullptr) == WEFT_SUCCESS &&
                weft_vector_ewise_mult(p, nullptr, nullptr, WEFT_TIMES_FP64, x, y, nullptr) == WEFT_SUCCESS;
      int64_t ns = -1, np = -1;
      ok = ok && weft_vector_nvals(s, &ns) == WEFT_SUCCESS && weft_vector_nvals(p, &np) == WEFT_SUCCESS;
      ok = ok && ns == int64_t(I.size()) && np == int64_t(I.size());
      for (size_t k = 0; ok && k < I.size(); k += 13) {
        double a = 0, b = 0;
        ok = weft_vector_extract_element(s, I[k], WEFT_FP64, &a) == WEFT_SUCCESS &&
             weft_vector_extract_element(p, I[k], WEFT_FP64, &b) == WEFT_SUCCESS && a == X[k] + Y[k] && b == X[k] * Y[k];
      }
      if (!ok) ++bad;
      weft_vector_free(&s);
      weft_vector_free(&p);
    }
  };
  on_threads(work);
  EXPECT_EQ(0, bad.load());
  weft_vector_free(&x);
  weft_vector_free(&y);
}

// One iso matrix (built from one value) read by every thread at once: element-wise
// operations read it one value per entry (Matrix::ready makes that copy once, under its
// lock, while others may ask for it), products and selections as stored. Small
// integers: exact sums, checked against loops. Under ThreadSanitizer.
TEST(Threads, IsoMatrixReadByManyThreads) {
  const int64_t n = 500;
  std::vector<int64_t> I, J;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t d = 1; d <= 5; ++d) I.push_back(i), J.push_back((i * 7 + d * 13) % n);
  std::vector<double> X(I.size(), 3.0);
  weft_matrix A = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, n, n, &A));
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(I.size()), WEFT_PLUS_FP64));
  int iso = 0;
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_iso(A, &iso));
  ASSERT_EQ(1, iso);
  int64_t nv = 0;  // 5 distinct columns a row: every row sums to 15
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_nvals(A, &nv));
  ASSERT_EQ(5 * n, nv);
  std::atomic<int> bad{0};
  auto work = [&](int t) {
    for (int r = 0; r < kRounds; ++r) {
      weft_matrix C = nullptr;
      weft_vector u = nullptr, w = nullptr;
      bool ok = weft_matrix_new(WEFT_FP64, n, n, &C) == WEFT_SUCCESS && weft_vector_new(WEFT_FP64, n, &u) == WEFT_SUCCESS &&
                weft_vector_new(WEFT_FP64, n, &w) == WEFT_SUCCESS;
      const double one = 1;
      for (int64_t i = 0; ok && i < n; ++i) ok = weft_vector_set_element(u, i, &one, WEFT_FP64) == WEFT_SUCCESS;
      if ((r + t) % 2 == 0) {
        ok = ok && weft_matrix_ewise_add(C, nullptr, nullptr, WEFT_PLUS_FP64, A, A, nullptr) == WEFT_SUCCESS;
      } else {
        ok = ok && weft_transpose(C, nullptr, nullptr, A, nullptr) == WEFT_SUCCESS;
      }
      ok = ok && weft_mxv(w, nullptr, nullptr, WEFT_PLUS_TIMES_SEMIRING_FP64, A, u, nullptr) == WEFT_SUCCESS;
      int64_t nc = -1;
      ok = ok && weft_matrix_nvals(C, &nc) == WEFT_SUCCESS && nc == nv;
      for (int64_t i = 0; ok && i < n; i += 17) {
        double a = 0;
        ok = weft_vector_extract_element(w, i, WEFT_FP64, &a) == WEFT_SUCCESS && a == 15.0;
      }
      if (!ok) ++bad;
      weft_matrix_free(&C);
      weft_vector_free(&u);
      weft_vector_free(&w);
    }
  };
  on_threads(work);
  EXPECT_EQ(0, bad.load());
  weft_matrix_free(&A);
}

// One matrix with more columns than L2 holds of u, pulled by every thread at once with
// a semiring that does not read its values (PLUS_SECOND) and one that does (PLUS_TIMES):
// its column blocks (core/sparse/column_blocks.hpp) are made by the first threads that
// ask, and made again with values while others still read the first ones (they hold
// them: shared). Small integers: exact sums, checked against loops. Under ThreadSanitizer.
TEST(Threads, ColumnBlocksMadeAgainWhileOthersReadThem) {
  const int64_t m = 160, n = 1200000;  // n >= 8 FP64 blocks; more entries than columns
  std::vector<int64_t> I, J;
  std::vector<double> X;
  Rng rng{11};
  for (int64_t i = 0; i < m; ++i) {
    std::vector<int64_t> cols;
    for (int q = 0; q < 8000; ++q) cols.push_back(rng.below(n));
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    for (int64_t j : cols) I.push_back(i), J.push_back(j), X.push_back(double(rng.below(5) + 1));
  }
  weft_matrix A = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_new(WEFT_FP64, m, n, &A));
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_build(A, I.data(), J.data(), X.data(), WEFT_FP64, int64_t(I.size()), nullptr));
  weft_vector u = nullptr;
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_new(WEFT_FP64, n, &u));
  std::vector<int64_t> ui(static_cast<size_t>(n));
  std::vector<double> ux(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) ui[size_t(k)] = k, ux[size_t(k)] = double(k % 3);
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_build(u, ui.data(), ux.data(), WEFT_FP64, n, nullptr));
  ASSERT_EQ(WEFT_SUCCESS, weft_matrix_wait(A, WEFT_MATERIALIZE));
  ASSERT_EQ(WEFT_SUCCESS, weft_vector_wait(u, WEFT_MATERIALIZE));
  std::vector<double> second(static_cast<size_t>(m), 0.0), times(static_cast<size_t>(m), 0.0);
  for (size_t q = 0; q < I.size(); ++q) {
    second[size_t(I[q])] += ux[size_t(J[q])];
    times[size_t(I[q])] += X[q] * ux[size_t(J[q])];
  }
  std::atomic<int> bad{0};
  auto work = [&](int t) {
    for (int r = 0; r < 4; ++r) {
      const bool reads_a = (t + r) % 2 == 1;
      weft_vector w = nullptr;
      bool ok = weft_vector_new(WEFT_FP64, m, &w) == WEFT_SUCCESS &&
                weft_mxv(w, nullptr, nullptr, reads_a ? WEFT_PLUS_TIMES_SEMIRING_FP64 : WEFT_PLUS_SECOND_SEMIRING_FP64,
                         A, u, nullptr) == WEFT_SUCCESS;
      for (int64_t i = 0; ok && i < m; ++i) {
        double x = -1;
        ok = weft_vector_extract_element(w, i, WEFT_FP64, &x) == WEFT_SUCCESS &&
             x == (reads_a ? times : second)[size_t(i)];
      }
      if (!ok) ++bad;
      weft_vector_free(&w);
    }
  };
  on_threads(work);
  EXPECT_EQ(0, bad.load());
  weft_vector_free(&u);
  weft_matrix_free(&A);
}

}  // namespace
