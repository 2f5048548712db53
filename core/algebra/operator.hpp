// Operator objects: unary, binary and index-unary operators with their domains, their C
// function and, for the predefined ones, an opcode that names what they compute (kernels
// may specialise on (opcode, domain code); everything else calls `f`).
#pragma once
#include <string>

#include "domains.hpp"

namespace weft {

// OpCode (what a predefined operator computes; USER for user-defined ones) is generated
// in ops.hpp from WEFT_OPCODE_LIST, next to the functors. "PLUS", ..., "USER":
const char *opcode_name(OpCode op);

// What every operator has. Domain types are kept alive by the operator; xtype is
// empty for the positional index-unary operators (they accept any domain and never read
// the value).
struct Operator : Object {
  OpCode opcode = OpCode::USER;
  Ref<Type> ztype, xtype, ytype;  // ytype: binary's second input, index-unary's thunk
  Code zcode = Code::UDT, xcode = Code::UDT, ycode = Code::UDT;

  explicit Operator(Magic m) : Object(m) {}
  // Sets the types and their codes.
  void set_types(Type *z, Type *x, Type *y);
};

struct UnaryOp : Operator {
  weft_unary_fn f = nullptr;
  static constexpr Magic kMagic = Magic::unary_op;
  static constexpr const char *kHandleName = "weft_unary_op";
  static bool is_predefined_address(const void *p);
  UnaryOp() : Operator(kMagic) {}
};

struct BinaryOp : Operator {
  weft_binary_fn f = nullptr;
  // weft_binary_op_new_source: f's C definition and the function's name in it, which
  // the JIT compiles into kernels (core/jit); empty for every other operator.
  std::string source_name, source;
  static constexpr Magic kMagic = Magic::binary_op;
  static constexpr const char *kHandleName = "weft_binary_op";
  static bool is_predefined_address(const void *p);
  BinaryOp() : Operator(kMagic) {}
};

struct IndexUnaryOp : Operator {
  weft_index_unary_fn f = nullptr;
  static constexpr Magic kMagic = Magic::index_unary_op;
  static constexpr const char *kHandleName = "weft_index_unary_op";
  static bool is_predefined_address(const void *p);
  IndexUnaryOp() : Operator(kMagic) {}
  // A positional operator: the element's value is never read (xtype is empty).
  bool positional() const { return !xtype.get(); }
};

// User-defined operators (one user handle; capi publishes them). Domains are checked by capi.
UnaryOp *make_unary_op(weft_unary_fn f, Type *z, Type *x);
// A binary operator may come with f's C source (name: the function's name in it).
BinaryOp *make_binary_op(weft_binary_fn f, Type *z, Type *x, Type *y, std::string name = {},
                         std::string source = {});
IndexUnaryOp *make_index_unary_op(weft_index_unary_fn f, Type *z, Type *x, Type *thunk);

// The predefined operators, one per entry of weft/algebra.h's lists, in list order
// (capi/predefined_api.cpp exports them).
enum class PredefinedUnary : int {
#define WEFT_ENUM2_(op, type) op##_##type,
  WEFT_PREDEFINED_UNARY_OPS(WEFT_ENUM2_)
#undef WEFT_ENUM2_
  LNOT,
  count_
};
enum class PredefinedBinary : int {
#define WEFT_ENUM2_(op, type) op##_##type,
#define WEFT_ENUM1_(op) op,
  WEFT_PREDEFINED_BINARY_OPS(WEFT_ENUM2_) WEFT_PREDEFINED_BOOL_BINARY_OPS(WEFT_ENUM1_)
#undef WEFT_ENUM1_
#undef WEFT_ENUM2_
  count_
};
enum class PredefinedIndexUnary : int {
#define WEFT_ENUM2_(op, type) op##_##type,
#define WEFT_ENUM1_(op) op,
  WEFT_PREDEFINED_INDEX_UNARY_OPS(WEFT_ENUM2_) WEFT_PREDEFINED_POSITIONAL_OPS(WEFT_ENUM1_)
#undef WEFT_ENUM1_
#undef WEFT_ENUM2_
  count_
};
UnaryOp *predefined_unary(PredefinedUnary which);
BinaryOp *predefined_binary(PredefinedBinary which);
IndexUnaryOp *predefined_index_unary(PredefinedIndexUnary which);

// The predefined binary operator `op` whose input domain (xtype) is code c, or nullptr,
// for internal users (e.g. a monoid table, or a kernel that needs PLUS on INT64). Besides
// the exported ones it finds the operators of the predefined monoids that have no handle
// of their own (LAND, LOR on the integer types; BAND, BOR on BOOL): they sit after the
// exported ones in the same table, so they are predefined handles too (weft_monoid_operator
// returns them) but have no WEFT_* name.
BinaryOp *find_binary(OpCode op, Code c);

}  // namespace weft
