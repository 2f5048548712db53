// sparse_graphs.hpp — the graphs of bench_sparse, generated in-process from a fixed seed
// (tests/support/splitmix64.hpp), as COO arrays (I, J, X) that both libraries build from.
//
//   uniform  n = 2^scale vertices, 16 column indices drawn uniformly per row, directed,
//            values uniform in (0, 1]; repeated (i, j) pairs stay in the arrays (the build
//            sums them with PLUS). Rows come in order, columns in drawing order.
//   rmat     R-MAT (Graph500 parameters a = 0.57, b = c = 0.19, d = 0.05), 16 * 2^scale
//            edges, a random vertex permutation (so vertex 0 is not the hub), symmetrized,
//            self-loops dropped, duplicates combined here (each edge once, value 1.0),
//            then the entries shuffled into a random order (an edge list, not a CSR walk).
//
// The same (kind, scale, seed) gives the same arrays on every platform: only splitmix64
// and integer arithmetic decide anything.
//
// Files (--files): a square Matrix Market file of ../shared/data read with
// weft_matrix_read_mm as FP64 (symmetric files expanded), its entries as the arrays;
// kind is the file's name and scale 0.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "splitmix64.hpp"
#include "weft.h"

namespace sparse_bench {

struct Coo {
  std::string kind;            // "uniform" or "rmat"
  int scale = 0;
  int64_t n = 0;               // vertices (rows = columns)
  std::vector<int64_t> I, J;   // one entry per tuple, duplicates possible (uniform)
  std::vector<double> X;
};

// A double uniform in (0, 1]: 53 random bits, never 0 (an explicit 0 would still be an
// entry, but the values are easier to read in a mismatch report without it).
inline double unit_open0(weft_testing::Rng &rng) {
  return static_cast<double>((rng.next() >> 11) + 1) * 0x1.0p-53;
}

inline Coo make_uniform(int scale, uint64_t seed) {
  Coo g;
  g.kind = "uniform";
  g.scale = scale;
  g.n = int64_t{1} << scale;
  const int64_t per_row = 16;
  const size_t m = static_cast<size_t>(g.n * per_row);
  g.I.resize(m);
  g.J.resize(m);
  g.X.resize(m);
  weft_testing::Rng rng(seed ^ 0x756e69666f726dull);  // "uniform"
  size_t k = 0;
  for (int64_t i = 0; i < g.n; ++i) {
    for (int64_t e = 0; e < per_row; ++e, ++k) {
      g.I[k] = i;
      g.J[k] = rng.below(g.n);
      g.X[k] = unit_open0(rng);
    }
  }
  return g;
}

inline Coo make_rmat(int scale, uint64_t seed) {
  Coo g;
  g.kind = "rmat";
  g.scale = scale;
  g.n = int64_t{1} << scale;
  const int64_t edges = 16 * g.n;
  weft_testing::Rng rng(seed ^ 0x726d6174ull);  // "rmat"

  // Vertex permutation (Fisher-Yates).
  std::vector<int64_t> perm(static_cast<size_t>(g.n));
  for (int64_t v = 0; v < g.n; ++v) perm[static_cast<size_t>(v)] = v;
  for (int64_t v = g.n - 1; v > 0; --v) std::swap(perm[static_cast<size_t>(v)], perm[static_cast<size_t>(rng.below(v + 1))]);

  // Quadrant thresholds on 53-bit integers: a, a + b, a + b + c.
  const double a = 0.57, b = 0.19, c = 0.19;
  const uint64_t t1 = static_cast<uint64_t>(a * 0x1.0p53);
  const uint64_t t2 = static_cast<uint64_t>((a + b) * 0x1.0p53);
  const uint64_t t3 = static_cast<uint64_t>((a + b + c) * 0x1.0p53);

  // Each undirected edge {u, v}, u != v, as the two keys u*n + v and v*n + u.
  std::vector<uint64_t> keys;
  keys.reserve(static_cast<size_t>(2 * edges));
  for (int64_t e = 0; e < edges; ++e) {
    int64_t i = 0, j = 0;
    for (int level = scale - 1; level >= 0; --level) {
      const uint64_t u = rng.next() >> 11;
      const int64_t bit = int64_t{1} << level;
      if (u < t1) {
      } else if (u < t2) {
        j |= bit;
      } else if (u < t3) {
        i |= bit;
      } else {
        i |= bit;
        j |= bit;
      }
    }
    i = perm[static_cast<size_t>(i)];
    j = perm[static_cast<size_t>(j)];
    if (i == j) continue;
    keys.push_back((static_cast<uint64_t>(i) << scale) | static_cast<uint64_t>(j));
    keys.push_back((static_cast<uint64_t>(j) << scale) | static_cast<uint64_t>(i));
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  // Back to edge-list order.
  for (size_t k = keys.size(); k > 1; --k) std::swap(keys[k - 1], keys[static_cast<size_t>(rng.below(static_cast<int64_t>(k)))]);

  const uint64_t low = (uint64_t{1} << scale) - 1;
  g.I.resize(keys.size());
  g.J.resize(keys.size());
  g.X.assign(keys.size(), 1.0);
  for (size_t k = 0; k < keys.size(); ++k) {
    g.I[k] = static_cast<int64_t>(keys[k] >> scale);
    g.J[k] = static_cast<int64_t>(keys[k] & low);
  }
  return g;
}

inline Coo make_graph(const std::string &kind, int scale, uint64_t seed) {
  return kind == "rmat" ? make_rmat(scale, seed) : make_uniform(scale, seed);
}

// A Matrix Market file's entries (FP64); kind "" when it cannot be read or is not square.
inline Coo load_file(const std::string &dir, const std::string &name) {
  Coo g;
  weft_matrix A = nullptr;
  int64_t nrows = 0, ncols = 0, nvals = 0;
  if (weft_matrix_read_mm((dir + "/" + name + ".mtx").c_str(), WEFT_FP64, &A) != WEFT_SUCCESS) return g;
  weft_matrix_nrows(A, &nrows);
  weft_matrix_ncols(A, &ncols);
  weft_matrix_nvals(A, &nvals);
  g.I.resize(static_cast<size_t>(nvals));
  g.J.resize(static_cast<size_t>(nvals));
  g.X.resize(static_cast<size_t>(nvals));
  int64_t n = nvals;
  if (nrows == ncols && weft_matrix_extract_tuples(A, n, g.I.data(), g.J.data(), g.X.data(), WEFT_FP64, &n) == WEFT_SUCCESS) {
    g.kind = name;
    g.n = nrows;
  }
  weft_matrix_free(&A);
  return g;
}

// The first vertex with an outgoing edge (BFS source), or -1.
inline int64_t first_source(const Coo &g) {
  int64_t best = -1;
  for (int64_t i : g.I)
    if (best < 0 || i < best) best = i;
  return best;
}

}  // namespace sparse_bench
