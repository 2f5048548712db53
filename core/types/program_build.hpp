// Node builders with the order-preserving rewrites of program.hpp. Each returns null
// for an empty result.
#pragma once
#include "program.hpp"

namespace weft {

NodePtr build_leaf(int64_t bytes, int64_t disp);
NodePtr build_strided(int64_t count, int64_t stride, NodePtr kid);
NodePtr build_block_indexed(const std::vector<int64_t> &displs, NodePtr kid);
NodePtr build_pieces(const std::vector<int64_t> &displs, const std::vector<int64_t> &lens);
NodePtr build_indexed(const std::vector<int64_t> &displs, const std::vector<int64_t> &ns, int64_t spacing,
                      NodePtr kid);
NodePtr build_sequence(std::vector<NodePtr> kids);
// Moves a node by d bytes.
NodePtr shifted(NodePtr n, int64_t d);

}  // namespace weft
