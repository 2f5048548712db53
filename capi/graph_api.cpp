// extern "C" graph algorithms (weft/graph.h): the arguments are checked here; the
// algorithms (core/graph) run on the public API and return new handles.
#include <cmath>

#include "../core/graph/algorithms.hpp"
#include "collections.hpp"

using namespace weft;
using namespace weft::capi;

namespace {

void graph_arg(weft_matrix A) { handle_arg<Matrix>(A, "A"); }

}  // namespace

extern "C" weft_status weft_graph_bfs(weft_vector *level, weft_vector *parent, weft_matrix A, int64_t source) {
  return guard(__func__, [&] {
    graph_arg(A);
    if (!level && !parent) fail(WEFT_NULL_POINTER, "level and parent are both NULL: nothing to compute");
    weft_vector l = nullptr, p = nullptr;
    graph::bfs(level ? &l : nullptr, parent ? &p : nullptr, A, source);
    if (level) *level = l;
    if (parent) *parent = p;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_graph_sssp(weft_vector *distance, weft_matrix A, int64_t source) {
  return guard(__func__, [&] {
    graph_arg(A);
    nonnull(distance, "distance");
    *distance = graph::sssp(A, source);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_graph_pagerank(weft_vector *rank, int *iterations, weft_matrix A, double damping,
                                           double tolerance, int max_iterations) {
  return guard(__func__, [&] {
    graph_arg(A);
    nonnull(rank, "rank");
    if (!(damping >= 0.0 && damping < 1.0)) fail(WEFT_INVALID_VALUE, "damping %g is outside [0, 1)", damping);
    if (!(tolerance >= 0.0)) fail(WEFT_INVALID_VALUE, "tolerance %g is negative or NaN", tolerance);
    if (max_iterations < 1) fail(WEFT_INVALID_VALUE, "max_iterations %d < 1", max_iterations);
    int it = 0;
    *rank = graph::pagerank(A, damping, tolerance, max_iterations, &it);
    if (iterations) *iterations = it;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_graph_triangles(int64_t *count, weft_matrix A, int method, int presort) {
  return guard(__func__, [&] {
    graph_arg(A);
    nonnull(count, "count");
    *count = graph::triangles(A, method, presort);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_graph_components(weft_vector *component, int64_t *ncomponents, weft_matrix A) {
  return guard(__func__, [&] {
    graph_arg(A);
    nonnull(component, "component");
    int64_t c = 0;
    *component = graph::components(A, &c);
    if (ncomponents) *ncomponents = c;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_graph_betweenness(weft_vector *centrality, weft_matrix A, const int64_t sources[],
                                              int64_t ns) {
  return guard(__func__, [&] {
    graph_arg(A);
    nonnull(centrality, "centrality");
    if (ns < 1) fail(WEFT_INVALID_VALUE, "ns %lld < 1: no sources", (long long)ns);
    nonnull(sources, "sources");
    *centrality = graph::betweenness(A, sources, ns);
    return WEFT_SUCCESS;
  });
}
