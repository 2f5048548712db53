// The graph algorithms (weft/graph.h documents each): one file each, on the public API
// (support.hpp). capi/graph_api.cpp checks the arguments it can without running them
// and publishes the results; these return new handles the caller owns.
#pragma once
#include <cstdint>

#include "weft.h"

namespace weft::graph {

// Either output may be null (not wanted).
void bfs(weft_vector *level, weft_vector *parent, weft_matrix A, int64_t source);
weft_vector sssp(weft_matrix A, int64_t source);
weft_vector pagerank(weft_matrix A, double damping, double tolerance, int max_iterations, int *iterations);
int64_t triangles(weft_matrix A, int method, int presort);
weft_vector components(weft_matrix A, int64_t *ncomponents);
weft_vector betweenness(weft_matrix A, const int64_t *sources, int64_t ns);

}  // namespace weft::graph
