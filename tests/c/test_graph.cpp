// weft/graph.h: every algorithm against a checker written directly on adjacency lists in
// this file (a queue BFS, Dijkstra, Brandes, a dense power iteration, brute-force
// triangles, union-find components) on a few hundred random graphs; against networkx
// (tests/oracle/graph_networkx.py) on 50 random graphs and the karate club; the known
// answers of ../shared/data/README.md (triangles and components of every listed file,
// every triangle method and presort); and every error.
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <cmath>
#include <cstdio>
#include <deque>
#include <limits>
#include <numeric>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../support/splitmix64.hpp"
#include "weft_test_util.hpp"

using namespace wt;

namespace {

struct Edge {
  int64_t i, j;
  double w;
};
struct Graph {
  int64_t n = 0;
  std::vector<Edge> edges;  // no repeated (i, j)
  std::vector<std::vector<std::pair<int64_t, double>>> out() const {
    std::vector<std::vector<std::pair<int64_t, double>>> adj(static_cast<size_t>(n));
    for (const Edge &e : edges) adj[size_t(e.i)].push_back({e.j, e.w});
    for (auto &a : adj) std::sort(a.begin(), a.end());
    return adj;
  }
};

// A random graph: n in [1, max_n], directed or symmetric, self-loops sometimes, weights
// whole numbers 1..9 (exact sums) or reals in (0, 1].
Graph random_graph(weft_testing::Rng &rng, int64_t max_n, bool integer_weights) {
  Graph g;
  g.n = 1 + int64_t(rng.next() % uint64_t(max_n));
  const bool symmetric = rng.next() % 2 == 0, loops = rng.next() % 4 == 0;
  const int64_t per_vertex = 1 + int64_t(rng.next() % 5);
  std::set<std::pair<int64_t, int64_t>> seen;
  auto weight = [&] { return integer_weights ? double(1 + rng.next() % 9) : double((rng.next() >> 11) + 1) * 0x1.0p-53; };
  for (int64_t k = 0; k < g.n * per_vertex / 2; ++k) {
    const int64_t i = int64_t(rng.next() % uint64_t(g.n)), j = int64_t(rng.next() % uint64_t(g.n));
    if (i == j && !loops) continue;
    const double w = weight();
    if (seen.insert({i, j}).second) g.edges.push_back({i, j, w});
    if (symmetric && i != j && seen.insert({j, i}).second) g.edges.push_back({j, i, w});
  }
  return g;
}

weft_matrix to_matrix(const Graph &g) {
  weft_matrix A = nullptr;
  EXPECT_EQ(weft_matrix_new(WEFT_FP64, g.n, g.n, &A), WEFT_SUCCESS);
  std::vector<int64_t> I{0}, J{0};
  std::vector<double> X{0};
  for (const Edge &e : g.edges) I.push_back(e.i), J.push_back(e.j), X.push_back(e.w);
  EXPECT_EQ(weft_matrix_build(A, I.data() + 1, J.data() + 1, X.data() + 1, WEFT_FP64, int64_t(g.edges.size()), nullptr),
            WEFT_SUCCESS)
      << weft_last_error();
  return A;
}

// A vector's values as a dense array (missing: `none`).
template <class T>
std::vector<T> dense(weft_vector v, int64_t n, T none, weft_type as) {
  std::vector<T> x(size_t(n), none);
  int64_t nv = 0;
  EXPECT_EQ(weft_vector_nvals(v, &nv), WEFT_SUCCESS);
  std::vector<int64_t> I(size_t(nv) + 1);
  std::vector<T> X(size_t(nv) + 1);
  EXPECT_EQ(weft_vector_extract_tuples(v, nv, I.data(), X.data(), as, &nv), WEFT_SUCCESS);
  for (int64_t k = 0; k < nv; ++k) x[size_t(I[size_t(k)])] = X[size_t(k)];
  return x;
}

// ---- Checkers on adjacency lists ------------------------------------------------------

std::vector<int64_t> queue_bfs(const Graph &g, int64_t s) {
  const auto adj = g.out();
  std::vector<int64_t> level(size_t(g.n), -1);
  std::deque<int64_t> q{s};
  level[size_t(s)] = 0;
  while (!q.empty()) {
    const int64_t u = q.front();
    q.pop_front();
    for (auto [v, w] : adj[size_t(u)])
      if (level[size_t(v)] < 0) level[size_t(v)] = level[size_t(u)] + 1, q.push_back(v);
  }
  return level;
}

std::vector<double> dijkstra(const Graph &g, int64_t s) {
  const auto adj = g.out();
  std::vector<double> d(size_t(g.n), INFINITY);
  using Item = std::pair<double, int64_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> pq;
  d[size_t(s)] = 0;
  pq.push({0, s});
  while (!pq.empty()) {
    auto [du, u] = pq.top();
    pq.pop();
    if (du > d[size_t(u)]) continue;
    for (auto [v, w] : adj[size_t(u)])
      if (du + w < d[size_t(v)]) d[size_t(v)] = du + w, pq.push({d[size_t(v)], v});
  }
  return d;
}

std::vector<double> power_iteration(const Graph &g, int iterations) {
  const auto adj = g.out();
  const double n = double(g.n), damp = 0.85;
  std::vector<double> r(size_t(g.n), 1.0 / n), next(static_cast<size_t>(g.n));
  for (int it = 0; it < iterations; ++it) {
    double sink = 0;
    for (int64_t u = 0; u < g.n; ++u)
      if (adj[size_t(u)].empty()) sink += r[size_t(u)];
    std::fill(next.begin(), next.end(), (1 - damp) / n + damp * sink / n);
    for (int64_t u = 0; u < g.n; ++u)
      for (auto [v, w] : adj[size_t(u)]) next[size_t(v)] += damp * r[size_t(u)] / double(adj[size_t(u)].size());
    r.swap(next);
  }
  return r;
}

// The undirected simple graph (no loops) as neighbour sets.
std::vector<std::set<int64_t>> undirected(const Graph &g) {
  std::vector<std::set<int64_t>> nb(static_cast<size_t>(g.n));
  for (const Edge &e : g.edges)
    if (e.i != e.j) nb[size_t(e.i)].insert(e.j), nb[size_t(e.j)].insert(e.i);
  return nb;
}

int64_t brute_triangles(const Graph &g) {
  const auto nb = undirected(g);
  int64_t t = 0;
  for (int64_t a = 0; a < g.n; ++a)
    for (int64_t b : nb[size_t(a)])
      if (b > a)
        for (int64_t c : nb[size_t(b)])
          if (c > b && nb[size_t(a)].count(c)) ++t;
  return t;
}

std::vector<int64_t> union_find(const Graph &g) {
  std::vector<int64_t> p(static_cast<size_t>(g.n));
  std::iota(p.begin(), p.end(), 0);
  std::function<int64_t(int64_t)> find = [&](int64_t x) { return p[size_t(x)] == x ? x : p[size_t(x)] = find(p[size_t(x)]); };
  for (const Edge &e : g.edges) {
    const int64_t a = find(e.i), b = find(e.j);
    if (a != b) p[size_t(std::max(a, b))] = std::min(a, b);
  }
  std::vector<int64_t> label(static_cast<size_t>(g.n));
  for (int64_t v = 0; v < g.n; ++v) label[size_t(v)] = find(v);  // the least vertex: unions keep the smaller root
  return label;
}

// Brandes (unweighted), summed over the given sources.
std::vector<double> brandes(const Graph &g, const std::vector<int64_t> &sources) {
  const auto adj = g.out();
  std::vector<double> bc(size_t(g.n), 0.0);
  for (int64_t s : sources) {
    std::vector<int64_t> dist(size_t(g.n), -1), order;
    std::vector<double> sigma(size_t(g.n), 0), delta(size_t(g.n), 0);
    std::deque<int64_t> q{s};
    dist[size_t(s)] = 0, sigma[size_t(s)] = 1;
    while (!q.empty()) {
      const int64_t u = q.front();
      q.pop_front();
      order.push_back(u);
      for (auto [v, w] : adj[size_t(u)]) {
        if (dist[size_t(v)] < 0) dist[size_t(v)] = dist[size_t(u)] + 1, q.push_back(v);
        if (dist[size_t(v)] == dist[size_t(u)] + 1) sigma[size_t(v)] += sigma[size_t(u)];
      }
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const int64_t u = *it;
      for (auto [v, w] : adj[size_t(u)])
        if (dist[size_t(v)] == dist[size_t(u)] + 1) delta[size_t(u)] += sigma[size_t(u)] / sigma[size_t(v)] * (1 + delta[size_t(v)]);
      if (u != s) bc[size_t(u)] += delta[size_t(u)];
    }
  }
  return bc;
}

bool near(double a, double b, double tol) {
  if (a == b) return true;
  return std::fabs(a - b) <= tol * std::max({1.0, std::fabs(a), std::fabs(b)});
}

// ---- Against the checkers -------------------------------------------------------------

TEST(Bfs, MatchesAQueueLevelsAndLowestParents) {
  weft_testing::Rng rng(101);
  for (int trial = 0; trial < 200; ++trial) {
    const Graph g = random_graph(rng, 60, true);
    weft_matrix A = to_matrix(g);
    const int64_t s = int64_t(rng.next() % uint64_t(g.n));
    weft_vector level = nullptr, parent = nullptr, level_only = nullptr, parent_only = nullptr;
    WT_OK(weft_graph_bfs(&level, &parent, A, s));
    WT_OK(weft_graph_bfs(&level_only, nullptr, A, s));
    WT_OK(weft_graph_bfs(nullptr, &parent_only, A, s));
    const std::vector<int64_t> want = queue_bfs(g, s);
    const auto got = dense<int64_t>(level, g.n, -1, WEFT_INT64), got2 = dense<int64_t>(level_only, g.n, -1, WEFT_INT64);
    EXPECT_EQ(got, want) << "trial " << trial;
    EXPECT_EQ(got2, want);
    const auto par = dense<int64_t>(parent, g.n, -1, WEFT_INT64), par2 = dense<int64_t>(parent_only, g.n, -1, WEFT_INT64);
    EXPECT_EQ(par, par2);
    // Each reached vertex's parent: the lowest-numbered vertex one level up with an edge to it.
    for (int64_t v = 0; v < g.n; ++v) {
      if (want[size_t(v)] < 0) {
        EXPECT_EQ(par[size_t(v)], -1);
        continue;
      }
      if (v == s) {
        EXPECT_EQ(par[size_t(v)], s);
        continue;
      }
      int64_t lowest = -1;
      for (const Edge &e : g.edges)
        if (e.j == v && want[size_t(e.i)] == want[size_t(v)] - 1 && (lowest < 0 || e.i < lowest)) lowest = e.i;
      EXPECT_EQ(par[size_t(v)], lowest) << "vertex " << v << " trial " << trial;
    }
    for (weft_vector *v : {&level, &parent, &level_only, &parent_only}) weft_vector_free(v);
    weft_matrix_free(&A);
  }
}

TEST(Sssp, MatchesDijkstra) {
  weft_testing::Rng rng(202);
  for (int trial = 0; trial < 200; ++trial) {
    const Graph g = random_graph(rng, 60, trial % 2 == 0);
    weft_matrix A = to_matrix(g);
    const int64_t s = int64_t(rng.next() % uint64_t(g.n));
    weft_vector d = nullptr;
    WT_OK(weft_graph_sssp(&d, A, s));
    // The same path sums in the same order: equal bits, integer weights or not.
    EXPECT_EQ(dense<double>(d, g.n, INFINITY, WEFT_FP64), dijkstra(g, s)) << "trial " << trial;
    weft_vector_free(&d);
    weft_matrix_free(&A);
  }
}

TEST(PageRank, MatchesAPowerIteration) {
  weft_testing::Rng rng(303);
  for (int trial = 0; trial < 100; ++trial) {
    const Graph g = random_graph(rng, 60, true);
    weft_matrix A = to_matrix(g);
    weft_vector r = nullptr;
    int it = 0;
    WT_OK(weft_graph_pagerank(&r, &it, A, 0.85, 0.0, 30));  // tolerance 0: exactly 30 iterations
    EXPECT_EQ(it, 30);
    const auto got = dense<double>(r, g.n, NAN, WEFT_FP64), want = power_iteration(g, 30);
    double total = 0;
    for (int64_t v = 0; v < g.n; ++v) {
      EXPECT_TRUE(near(got[size_t(v)], want[size_t(v)], 1e-12)) << got[size_t(v)] << " vs " << want[size_t(v)];
      total += got[size_t(v)];
    }
    EXPECT_NEAR(total, 1.0, 1e-12);
    weft_vector_free(&r);
    // With a tolerance it stops early, and the change was below it.
    WT_OK(weft_graph_pagerank(&r, &it, A, 0.85, 1e-10, 1000));
    EXPECT_LT(it, 1000);
    weft_vector_free(&r);
    weft_matrix_free(&A);
  }
}

TEST(Triangles, EveryMethodAndPresortMatchBruteForce) {
  weft_testing::Rng rng(404);
  for (int trial = 0; trial < 60; ++trial) {
    const Graph g = random_graph(rng, 50, true);
    weft_matrix A = to_matrix(g);
    const int64_t want = brute_triangles(g);
    for (int method = WEFT_TC_DEFAULT; method <= WEFT_TC_SANDIA_ULT; ++method)
      for (int presort = WEFT_TC_PRESORT_AUTO; presort <= WEFT_TC_PRESORT_DESCENDING; ++presort) {
        int64_t t = -1;
        WT_OK(weft_graph_triangles(&t, A, method, presort));
        EXPECT_EQ(t, want) << "method " << method << " presort " << presort << " trial " << trial;
      }
    weft_matrix_free(&A);
  }
}

TEST(Components, MatchUnionFind) {
  weft_testing::Rng rng(505);
  for (int trial = 0; trial < 200; ++trial) {
    Graph g = random_graph(rng, 80, true);
    weft_matrix A = to_matrix(g);
    weft_vector c = nullptr;
    int64_t count = -1;
    WT_OK(weft_graph_components(&c, &count, A));
    const std::vector<int64_t> want = union_find(g);
    EXPECT_EQ(dense<int64_t>(c, g.n, -1, WEFT_INT64), want) << "trial " << trial;
    int64_t roots = 0;
    for (int64_t v = 0; v < g.n; ++v) roots += want[size_t(v)] == v;
    EXPECT_EQ(count, roots);
    weft_vector_free(&c);
    weft_matrix_free(&A);
  }
}

TEST(Betweenness, MatchesBrandes) {
  weft_testing::Rng rng(606);
  for (int trial = 0; trial < 150; ++trial) {
    const Graph g = random_graph(rng, 50, true);
    weft_matrix A = to_matrix(g);
    std::vector<int64_t> sources;
    const int64_t ns = trial % 10 == 0 ? g.n : 1 + int64_t(rng.next() % 8);
    for (int64_t k = 0; k < ns; ++k) sources.push_back(trial % 10 == 0 ? k : int64_t(rng.next() % uint64_t(g.n)));
    weft_vector bc = nullptr;
    WT_OK(weft_graph_betweenness(&bc, A, sources.data(), ns));
    const auto got = dense<double>(bc, g.n, NAN, WEFT_FP64), want = brandes(g, sources);
    for (int64_t v = 0; v < g.n; ++v)
      EXPECT_TRUE(near(got[size_t(v)], want[size_t(v)], 1e-12)) << v << ": " << got[size_t(v)] << " vs " << want[size_t(v)];
    weft_vector_free(&bc);
    weft_matrix_free(&A);
  }
}

// ---- Against networkx -------------------------------------------------------------------

TEST(Networkx, FiftyRandomGraphsAndKarate) {
  if (system(WEFT_PYTHON " -c 'import networkx' 2>/dev/null") != 0)
    FAIL() << WEFT_PYTHON " has no networkx (./run installs python3-networkx)";
  weft_testing::Rng rng(707);
  std::vector<Graph> graphs;
  std::vector<int64_t> source;
  std::vector<std::vector<int64_t>> sources;
  for (int k = 0; k < 50; ++k) graphs.push_back(random_graph(rng, 70, k % 2 == 0));
  // The karate club (../shared/data/karate.mtx), when the data is here.
  const std::string karate = std::string(WEFT_DATA_DIR) + "/karate.mtx";
  weft_matrix K = nullptr;
  if (weft_matrix_read_mm(karate.c_str(), WEFT_FP64, &K) == WEFT_SUCCESS) {
    Graph g;
    g.n = 34;
    int64_t nv = 0;
    weft_matrix_nvals(K, &nv);
    std::vector<int64_t> I(static_cast<size_t>(nv)), J(static_cast<size_t>(nv));
    std::vector<double> X(static_cast<size_t>(nv));
    WT_OK(weft_matrix_extract_tuples(K, nv, I.data(), J.data(), X.data(), WEFT_FP64, &nv));
    for (int64_t k = 0; k < nv; ++k) g.edges.push_back({I[size_t(k)], J[size_t(k)], X[size_t(k)]});
    graphs.push_back(g);
    weft_matrix_free(&K);
  }
  std::ostringstream in;
  in << graphs.size() << "\n";
  for (const Graph &g : graphs) {
    source.push_back(int64_t(rng.next() % uint64_t(g.n)));
    std::vector<int64_t> s;
    for (int64_t k = 0, ns = 1 + int64_t(rng.next() % 6); k < ns; ++k) {
      const int64_t v = int64_t(rng.next() % uint64_t(g.n));
      if (std::find(s.begin(), s.end(), v) == s.end()) s.push_back(v);  // networkx counts a source once
    }
    sources.push_back(s);
    char buf[64];
    in << g.n << " " << g.edges.size() << " " << source.back() << " " << s.size();
    for (int64_t v : s) in << " " << v;
    in << "\n";
    for (const Edge &e : g.edges) {
      std::snprintf(buf, sizeof buf, "%.17g", e.w);
      in << e.i << " " << e.j << " " << buf << "\n";
    }
  }
  char path[] = "/tmp/weft_graph_nx_XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  const std::string text = in.str();
  ASSERT_EQ(write(fd, text.data(), text.size()), ssize_t(text.size()));
  ::close(fd);
  FILE *p = popen((std::string(WEFT_PYTHON " " WEFT_GRAPH_ORACLE " < ") + path).c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[1 << 16];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, got);
  EXPECT_EQ(pclose(p), 0);
  unlink(path);
  std::istringstream ans(out);
  for (size_t k = 0; k < graphs.size(); ++k) {
    const Graph &g = graphs[k];
    SCOPED_TRACE("graph " + std::to_string(k) + " n " + std::to_string(g.n));
    auto reals = [&] {
      std::vector<double> v(static_cast<size_t>(g.n));
      for (double &x : v) {
        std::string t;
        ans >> t;
        x = std::strtod(t.c_str(), nullptr);
      }
      return v;
    };
    std::vector<int64_t> levels(static_cast<size_t>(g.n)), labels(static_cast<size_t>(g.n));
    for (int64_t &x : levels) ans >> x;
    const std::vector<double> dist = reals(), pr = reals();
    int64_t tri = -1;
    ans >> tri;
    for (int64_t &x : labels) ans >> x;
    const std::vector<double> bc = reals();
    ASSERT_TRUE(bool(ans));

    weft_matrix A = to_matrix(g);
    weft_vector v = nullptr;
    WT_OK(weft_graph_bfs(&v, nullptr, A, source[k]));
    EXPECT_EQ(dense<int64_t>(v, g.n, -1, WEFT_INT64), levels);
    weft_vector_free(&v);
    WT_OK(weft_graph_sssp(&v, A, source[k]));
    const auto d = dense<double>(v, g.n, INFINITY, WEFT_FP64);
    for (int64_t u = 0; u < g.n; ++u) EXPECT_TRUE(near(d[size_t(u)], dist[size_t(u)], 1e-12)) << u;
    weft_vector_free(&v);
    int it = 0;
    WT_OK(weft_graph_pagerank(&v, &it, A, 0.85, 1e-15, 100000));
    const auto r = dense<double>(v, g.n, NAN, WEFT_FP64);
    for (int64_t u = 0; u < g.n; ++u) EXPECT_NEAR(r[size_t(u)], pr[size_t(u)], 1e-9) << u;
    weft_vector_free(&v);
    int64_t t = -1;
    WT_OK(weft_graph_triangles(&t, A, WEFT_TC_DEFAULT, WEFT_TC_PRESORT_AUTO));
    EXPECT_EQ(t, tri);
    WT_OK(weft_graph_components(&v, nullptr, A));
    EXPECT_EQ(dense<int64_t>(v, g.n, -1, WEFT_INT64), labels);
    weft_vector_free(&v);
    WT_OK(weft_graph_betweenness(&v, A, sources[k].data(), int64_t(sources[k].size())));
    const auto b = dense<double>(v, g.n, NAN, WEFT_FP64);
    for (int64_t u = 0; u < g.n; ++u) EXPECT_TRUE(near(b[size_t(u)], bc[size_t(u)], 1e-9)) << u;
    weft_vector_free(&v);
    weft_matrix_free(&A);
  }
  EXPECT_GE(graphs.size(), 50u);
}

// ---- Known answers ----------------------------------------------------------------------

TEST(KnownAnswers, TrianglesAndComponentsOfTheDataFiles) {
  const std::string dir = WEFT_DATA_DIR;
  if (access((dir + "/karate.mtx").c_str(), R_OK) != 0) GTEST_SKIP() << "no test matrices at " << dir;
  const struct {
    const char *name;
    int64_t triangles, components;  // -1: not listed
  } known[] = {{"karate", 45, 1},   {"A", 11, 1},   {"jagmesh7", 2016, 1},    {"ldbc-cdlp-undirected-example", 6, 1},
               {"ldbc-undirected-example", 4, 1}, {"ldbc-wcc-example", 5, 1}, {"LFAT5", 0, 3},  {"LFAT5_two", -1, 6},
               {"LFAT5_hypersparse", -1, 1989},   {"bcsstk13", 342300, 1}, {"tree-example", 0, 1}, {"zenios", -1, 1391}};
  for (const auto &k : known) {
    SCOPED_TRACE(k.name);
    weft_matrix A = nullptr;
    WT_OK(weft_matrix_read_mm((dir + "/" + k.name + ".mtx").c_str(), nullptr, &A));
    if (k.triangles >= 0)
      for (int method = WEFT_TC_DEFAULT; method <= WEFT_TC_SANDIA_ULT; ++method)
        for (int presort = WEFT_TC_PRESORT_AUTO; presort <= WEFT_TC_PRESORT_DESCENDING; ++presort) {
          int64_t t = -1;
          WT_OK(weft_graph_triangles(&t, A, method, presort));
          EXPECT_EQ(t, k.triangles) << "method " << method << " presort " << presort;
        }
    weft_vector c = nullptr;
    int64_t count = -1;
    WT_OK(weft_graph_components(&c, &count, A));
    EXPECT_EQ(count, k.components);
    weft_vector_free(&c);
    weft_matrix_free(&A);
  }
}

// ---- Errors -----------------------------------------------------------------------------

TEST(GraphErrors, EveryCheckLeavesTheOutputsUntouched) {
  weft_matrix A = nullptr, R = nullptr;
  WT_OK(weft_matrix_new(WEFT_FP64, 4, 4, &A));
  WT_OK(weft_matrix_new(WEFT_FP64, 4, 5, &R));
  const double w[] = {1, -2};
  const int64_t I[] = {0, 1}, J[] = {1, 2};
  WT_OK(weft_matrix_build(A, I, J, w, WEFT_FP64, 1, nullptr));
  weft_matrix N = nullptr;  // a negative weight
  WT_OK(weft_matrix_new(WEFT_FP64, 4, 4, &N));
  WT_OK(weft_matrix_build(N, I, J, w, WEFT_FP64, 2, nullptr));
  const weft_vector untouched = reinterpret_cast<weft_vector>(uintptr_t(0x5E17F00D));
  weft_vector v = untouched, p = untouched;
  int64_t c = -7;
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_graph_bfs", weft_graph_bfs(nullptr, nullptr, A, 0));
  WT_EXPECT_ERR(WEFT_INVALID_INDEX, "weft_graph_bfs", weft_graph_bfs(&v, &p, A, 4));
  WT_EXPECT_ERR(WEFT_INVALID_INDEX, "weft_graph_bfs", weft_graph_bfs(&v, &p, A, -1));
  WT_EXPECT_ERR(WEFT_DIMENSION_MISMATCH, "weft_graph_bfs", weft_graph_bfs(&v, nullptr, R, 0));
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_graph_bfs", weft_graph_bfs(&v, nullptr, nullptr, 0));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_sssp", weft_graph_sssp(&v, N, 0));
  EXPECT_NE(std::string(weft_last_error()).find("weight -2"), std::string::npos) << weft_last_error();
  {
    weft_matrix Q = nullptr;  // a NaN weight
    const double nan_w[] = {NAN};
    WT_OK(weft_matrix_new(WEFT_FP64, 4, 4, &Q));
    WT_OK(weft_matrix_build(Q, I, J, nan_w, WEFT_FP64, 1, nullptr));
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_sssp", weft_graph_sssp(&v, Q, 0));
    weft_matrix_free(&Q);
  }
  WT_EXPECT_ERR(WEFT_INVALID_INDEX, "weft_graph_sssp", weft_graph_sssp(&v, A, 9));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_graph_sssp", weft_graph_sssp(nullptr, A, 0));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_pagerank", weft_graph_pagerank(&v, nullptr, A, 1.0, 0, 10));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_pagerank", weft_graph_pagerank(&v, nullptr, A, NAN, 0, 10));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_pagerank", weft_graph_pagerank(&v, nullptr, A, 0.85, -1, 10));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_pagerank", weft_graph_pagerank(&v, nullptr, A, 0.85, 0, 0));
  WT_EXPECT_ERR(WEFT_DIMENSION_MISMATCH, "weft_graph_pagerank", weft_graph_pagerank(&v, nullptr, R, 0.85, 0, 3));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_triangles", weft_graph_triangles(&c, A, 7, WEFT_TC_PRESORT_AUTO));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_triangles", weft_graph_triangles(&c, A, WEFT_TC_DEFAULT, 9));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_graph_triangles", weft_graph_triangles(nullptr, A, 0, 0));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_graph_components", weft_graph_components(nullptr, &c, A));
  WT_EXPECT_ERR(WEFT_DIMENSION_MISMATCH, "weft_graph_components", weft_graph_components(&v, &c, R));
  const int64_t src[] = {0, 4};
  WT_EXPECT_ERR(WEFT_INVALID_INDEX, "weft_graph_betweenness", weft_graph_betweenness(&v, A, src, 2));
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_graph_betweenness", weft_graph_betweenness(&v, A, src, 0));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_graph_betweenness", weft_graph_betweenness(&v, A, nullptr, 1));
  EXPECT_EQ(v, untouched);
  EXPECT_EQ(p, untouched);
  EXPECT_EQ(c, -7);
  // A user-defined domain cannot be read as graph values.
  weft_type pair = nullptr;
  WT_OK(weft_type_contiguous(2, WEFT_INT32, &pair));
  WT_OK(weft_type_commit(pair));
  weft_matrix U = nullptr;
  WT_OK(weft_matrix_new(pair, 3, 3, &U));
  WT_EXPECT_ERR(WEFT_DOMAIN_MISMATCH, "weft_graph_bfs", weft_graph_bfs(&v, nullptr, U, 0));
  WT_EXPECT_ERR(WEFT_DOMAIN_MISMATCH, "weft_graph_triangles", weft_graph_triangles(&c, U, 0, 0));
  EXPECT_EQ(v, untouched);
  weft_matrix_free(&U);
  weft_type_free(&pair);
  weft_matrix_free(&A);
  weft_matrix_free(&R);
  weft_matrix_free(&N);
}

}  // namespace
