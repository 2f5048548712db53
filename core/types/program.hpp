// The compiled form of a committed type: a loop nest over contiguous leaves.
//
//   leaf           `bytes` contiguous bytes
//   strided        `count` instances of kids[0], `stride` bytes apart
//   block_indexed  one instance of kids[0] at each of displs[]
//   pieces         contiguous pieces: piece i is prefix[i+1]-prefix[i] bytes at displs[i]
//   indexed        block i is prefix[i+1]-prefix[i] instances of kids[0] at displs[i],
//                  `stride` bytes apart
//   sequence       kids[] one after another (a struct)
//
// Every node is placed at instance base + disp. The packed order of a node is exactly
// the typemap order of the type it came from: the builders only apply rewrites that
// keep that order (count-1 elimination, folding contiguous repeats into a leaf,
// flattening nested vectors, merging adjacent pieces, indexed -> block-indexed ->
// vector detection, inlining nested sequences, all-leaf structs -> pieces).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

namespace weft {

enum class NodeKind : uint8_t { leaf, strided, block_indexed, pieces, indexed, sequence };

struct Node {
  NodeKind kind = NodeKind::leaf;
  int64_t disp = 0;    // offset from the instance base
  int64_t size = 0;    // packed bytes of one instance
  int64_t count = 0;   // items (all but leaf)
  int64_t stride = 0;  // strided: instance spacing; indexed: spacing within a block
  int64_t bytes = 0;   // leaf
  std::vector<int64_t> displs;    // block_indexed, pieces, indexed
  std::vector<int32_t> displs32;  // block_indexed over a leaf: displs again when all fit 32 bits
  // pieces: packed byte offsets; indexed: instance counts; sequence: packed byte offsets
  // (count+1 entries each)
  std::vector<int64_t> prefix;
  std::vector<std::unique_ptr<Node>> kids;
  int64_t lo = 0, hi = 0;  // bytes touched by one instance, relative to its base
  bool disjoint = true;    // provably writes no byte twice (false = unknown)

  const Node &kid() const { return *kids[0]; }
};
using NodePtr = std::unique_ptr<Node>;

struct Program {
  NodePtr root;  // null when the type has no data
  int64_t size = 0, extent = 0, true_lb = 0, true_extent = 0;
  bool contiguous = false;  // any number of copies is one run starting at base + true_lb
  // The tree proves that one copy writes no byte twice. false means unknown: whether
  // copies overlap is decided on first use as a receive type (receive_disjoint), so a
  // send-only type with billions of overlapping blocks commits in O(its tree).
  bool disjoint_proved = true;
};

struct Type;
// Compiles t's typemap (order-preserving).
NodePtr compile_node(const Type &t);
// Builds t's program (the predefined types get theirs when they are created).
void build_program(Type &t);
// Commits t (no-op if already committed).
void commit(Type &t);

}  // namespace weft
