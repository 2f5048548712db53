// The expression vocabulary (seed 004, mshadow's expression.h): an expression only
// DESCRIBES an element-wise result over the rows of sparse operands; it does no work
// and holds only pointers to operands that outlive it (every expression lives inside
// one operation's call). plan.hpp turns an expression into a Plan that evaluates it one
// entry at a time; map_plan.hpp runs the one loop that saves a Plan into an output
// through a Saver (saver.hpp) where a mask (mask.hpp) allows.
//
// Kinds, as mshadow's kMapper / kComplex: everything here is a mapper (entry (i, j) of
// the result depends only on entries (i, j) of the operands). mxm, reduce, transpose,
// extract, kronecker and assign are complex: they compute their result T into a Csr,
// which enters an expression as a Ref.
//
// Values are bytes of a weft domain; operators are called through their C functions,
// with inputs cast to the operator's domains (one path for predefined and user
// operators; compile-time specialisations of the predefined ones plug in behind the
// same Plans in the kernels issue).
#pragma once
#include "../algebra/operator.hpp"
#include "../sparse/csr.hpp"

namespace weft::expr {

// A Csr read as it is.
struct Ref {
  const Csr *a;
};

// op(a) on each entry of sub.
template <class Sub>
struct Apply {
  Sub sub;
  const UnaryOp *op;
};

// op(x, a) (first = true) or op(a, x) on each entry of sub; x is one element of xtype.
template <class Sub>
struct Bind {
  Sub sub;
  const BinaryOp *op;
  const void *x;
  const Type *xtype;
  bool first;
};

// Where an operand's (0, 0) lies in the object it is a piece of: (0, 0) for whole
// objects; a tile's first row or column when nonblocking mode runs an operation on one
// tile (lazy/fused.cpp). Index-unary operators see positions in the whole object.
struct Origin {
  int64_t row = 0, col = 0;
};

// op(a, i, j, thunk) on each entry: as a value (Select = false) or as a filter that
// keeps the entries where it is true (Select = true). `vector`: the operand is a vector
// stored as one row, so the index passed is the column and j is 0.
template <class Sub, bool Select>
struct IndexOp {
  Sub sub;
  const IndexUnaryOp *op;
  const void *thunk;
  const Type *thunk_type;
  bool vector;
  Origin at;
};

// ewise add: the union of l and r; op(l, r) where both have an entry, the lone entry
// (cast to op's output domain) elsewhere.
template <class L, class R>
struct Union {
  L l;
  R r;
  const BinaryOp *op;
};

// ewise union: op everywhere in the union, alpha standing in for a missing l entry and
// beta for a missing r one (one element each, of alpha_type / beta_type).
template <class L, class R>
struct UnionFill {
  L l;
  R r;
  const BinaryOp *op;
  const void *alpha;
  const Type *alpha_type;
  const void *beta;
  const Type *beta_type;
};

// ewise mult: op(l, r) on the intersection.
template <class L, class R>
struct Intersect {
  L l;
  R r;
  const BinaryOp *op;
};

}  // namespace weft::expr
