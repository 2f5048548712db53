// Out of memory, semiring engine (weft/sparse.h): collections, element updates and their
// assembly, build, import/export, serialization and every operation, with the k-th
// allocation failing for every k until the call succeeds (oom_hooks.hpp). Each failing
// call must return WEFT_OUT_OF_MEMORY, leak nothing, and leave its output (and inputs)
// as they were: operations build their result aside and swap it in at the end.
#include <cstdint>
#include <functional>
#include <vector>

#include "oom_hooks.hpp"

namespace {

struct Snapshot {
  std::vector<int64_t> i, j;
  std::vector<double> x;
  bool operator==(const Snapshot &o) const { return i == o.i && j == o.j && x == o.x; }
};

// Reading a matrix allocates nothing once its pending updates are assembled.
Snapshot snapshot(weft_matrix A) {
  int64_t n = 0;
  weft_matrix_nvals(A, &n);
  Snapshot s;
  s.i.resize(size_t(n));
  s.j.resize(size_t(n));
  s.x.resize(size_t(n));
  weft_matrix_extract_tuples(A, n, s.i.data(), s.j.data(), s.x.data(), WEFT_FP64, &n);
  return s;
}

weft_matrix random_matrix(int64_t m, int64_t n, uint64_t seed) {
  weft_matrix A = nullptr;
  weft_matrix_new(WEFT_FP64, m, n, &A);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      if ((seed >> 60) < 6) {
        double v = double((seed >> 40) % 7) - 3;
        weft_matrix_set_element(A, i, j, &v, WEFT_FP64);
      }
    }
  weft_matrix_wait(A, WEFT_MATERIALIZE);
  return A;
}

weft_matrix C, M, A, B;  // the output, a mask and two inputs, rebuilt before each run
Snapshot c0, a0;

// Frees the four objects (with whatever they keep, such as a transpose).
bool drop() {
  for (weft_matrix *h : {&C, &M, &A, &B})
    if (*h) weft_matrix_free(h);
  return true;
}

void fresh() {
  drop();
  C = random_matrix(6, 6, 1);
  M = random_matrix(6, 6, 2);
  A = random_matrix(6, 6, 3);
  B = random_matrix(6, 6, 4);
  c0 = snapshot(C);
  a0 = snapshot(A);
}

// An operation on C: C and A must be unchanged after each failing run.
void operation(const char *name, std::function<weft_status()> call) {
  fresh();
  call();  // warm-up: what weft allocates once per process is not a leak
  oom::brutal(name, fresh, call, [] {}, [] { return snapshot(C) == c0 && snapshot(A) == a0; }, drop);
}

const int64_t I3[] = {0, 2, 4}, J3[] = {1, 3, 5};

}  // namespace

int main() {
  std::printf("out of memory, semiring engine:\n");
  weft_scalar s = nullptr;
  weft_scalar_new(WEFT_FP64, &s);
  static const double two = 2;
  weft_scalar_set_element(s, &two, WEFT_FP64);

  operation("mxm, mask and accum", [] { return weft_mxm(C, M, WEFT_PLUS_FP64, WEFT_PLUS_TIMES_SEMIRING_FP64, A, B, nullptr); });
  operation("mxm, aliased, transposed", [] { return weft_mxm(C, C, nullptr, WEFT_MIN_PLUS_SEMIRING_FP64, C, C, WEFT_DESC_RSCT0); });
  operation("ewise_add", [] { return weft_matrix_ewise_add(C, M, WEFT_TIMES_FP64, WEFT_PLUS_FP64, A, B, WEFT_DESC_T1); });
  operation("ewise_mult", [] { return weft_matrix_ewise_mult(C, nullptr, nullptr, WEFT_MAX_FP64, A, B, nullptr); });
  operation("ewise_union", [s] { return weft_matrix_ewise_union(C, nullptr, nullptr, WEFT_MINUS_FP64, A, s, B, s, nullptr); });
  operation("apply", [] { return weft_matrix_apply(C, M, nullptr, WEFT_AINV_FP64, A, WEFT_DESC_S); });
  operation("apply_second", [s] { return weft_matrix_apply_second(C, nullptr, WEFT_PLUS_FP64, WEFT_TIMES_FP64, A, s, nullptr); });
  operation("select", [s] { return weft_matrix_select(C, nullptr, nullptr, WEFT_VALUEGT_FP64, A, s, nullptr); });
  operation("transpose", [] { return weft_transpose(C, M, nullptr, A, WEFT_DESC_C); });
  operation("kronecker", [] {
    weft_matrix K = nullptr;
    weft_status st = weft_matrix_new(WEFT_FP64, 36, 36, &K);
    if (st == WEFT_SUCCESS) st = weft_kronecker(K, nullptr, nullptr, WEFT_TIMES_FP64, A, B, nullptr);
    if (K) weft_matrix_free(&K);
    return st;
  });
  operation("extract", [] {
    weft_matrix E = nullptr;
    weft_status st = weft_matrix_new(WEFT_FP64, 3, 3, &E);
    if (st == WEFT_SUCCESS) st = weft_matrix_extract(E, nullptr, nullptr, A, I3, 3, J3, 3, nullptr);
    if (E) weft_matrix_free(&E);
    return st;
  });
  operation("assign", [] { return weft_matrix_assign(C, M, nullptr, A, WEFT_ALL, 6, WEFT_ALL, 6, nullptr); });
  operation("assign_scalar", [s] { return weft_matrix_assign_scalar(C, nullptr, WEFT_PLUS_FP64, s, I3, 3, J3, 3, nullptr); });
  operation("subassign", [] {
    weft_matrix S = nullptr;
    weft_status st = weft_matrix_new(WEFT_FP64, 3, 3, &S);
    if (st == WEFT_SUCCESS) st = weft_matrix_extract(S, nullptr, nullptr, A, I3, 3, J3, 3, nullptr);
    if (st == WEFT_SUCCESS) st = weft_matrix_subassign(C, nullptr, nullptr, S, J3, 3, I3, 3, WEFT_DESC_R);
    if (S) weft_matrix_free(&S);
    return st;
  });
  operation("set_element then assembly", [] {
    const double v = 9;
    weft_status st = weft_matrix_remove_element(C, 5, 0);  // recorded as pending updates
    if (st == WEFT_SUCCESS) st = weft_matrix_set_element(C, 5, 0, &v, WEFT_FP64);
    if (st == WEFT_SUCCESS) st = weft_matrix_set_element(C, 5, 5, &v, WEFT_FP64);
    int64_t n = 0;
    if (st == WEFT_SUCCESS) st = weft_matrix_nvals(C, &n);
    // A failure after an update was recorded leaves the update pending (the
    // collection is unchanged as a value): take it back for the comparison.
    if (st != WEFT_SUCCESS) {
      weft_matrix_clear(C);
      weft_matrix_free(&C);
      C = random_matrix(6, 6, 1);
    }
    return st;
  });
  operation("reduce to vector and scalar", [s] {
    weft_vector w = nullptr;
    weft_status st = weft_vector_new(WEFT_FP64, 6, &w);
    if (st == WEFT_SUCCESS) st = weft_matrix_reduce(w, nullptr, nullptr, WEFT_PLUS_MONOID_FP64, A, WEFT_DESC_T0);
    if (st == WEFT_SUCCESS) st = weft_matrix_reduce_scalar(s, nullptr, WEFT_MAX_MONOID_FP64, A, nullptr);
    if (w) weft_vector_free(&w);
    weft_scalar_set_element(s, &two, WEFT_FP64);
    return st;
  });
  operation("dup, serialize, deserialize, import", [] {
    weft_matrix D = nullptr, R = nullptr, X = nullptr;
    weft_status st = weft_matrix_dup(A, &D);
    int64_t size = 0;
    static char buf[1 << 16];  // the test's own memory must not come from the failing allocator
    if (st == WEFT_SUCCESS) st = weft_matrix_serialize(D, buf, sizeof buf, &size);
    if (st == WEFT_SUCCESS) st = weft_matrix_deserialize(buf, size, &R);
    const int64_t ptr[] = {0, 1, 2}, idx[] = {1, 0};
    const double vals[] = {1, 2};
    if (st == WEFT_SUCCESS) st = weft_matrix_import(WEFT_FP64, 2, 2, WEFT_FORMAT_CSR, ptr, idx, vals, WEFT_FP64, 2, &X);
    for (weft_matrix *h : {&D, &R, &X})
      if (*h) weft_matrix_free(h);
    return st;
  });

  weft_scalar_free(&s);
  for (weft_matrix *h : {&C, &M, &A, &B}) weft_matrix_free(h);
  std::printf("%s\n", oom::failures ? "FAILED" : "OK");
  return oom::failures ? 1 : 0;
}
