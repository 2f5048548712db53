// Operator objects (operator.hpp): opcode names, domains, and the user-defined
// constructors. The predefined tables are in predefined_operators.cpp.
#include "operator.hpp"

#include <memory>
#include <utility>

namespace weft {

const char *opcode_name(OpCode op) {
  switch (op) {
#define WEFT_OPCODE_NAME_(name, functor) \
  case OpCode::name: return #name;
    WEFT_OPCODE_LIST(WEFT_OPCODE_NAME_)
#undef WEFT_OPCODE_NAME_
    default: return "USER";
  }
}

void Operator::set_types(Type *z, Type *x, Type *y) {
  ztype = Ref<Type>(z);
  xtype = Ref<Type>(x);
  ytype = Ref<Type>(y);
  zcode = z ? code_of(*z) : Code::UDT;
  xcode = x ? code_of(*x) : Code::UDT;
  ycode = y ? code_of(*y) : Code::UDT;
}

namespace {
template <class Op, class F>
Op *make_user_op(F f, Type *z, Type *x, Type *y) {
  auto op = std::make_unique<Op>();
  op->f = f;
  op->set_types(z, x, y);
  return op.release();
}
}  // namespace

UnaryOp *make_unary_op(weft_unary_fn f, Type *z, Type *x) { return make_user_op<UnaryOp>(f, z, x, nullptr); }
BinaryOp *make_binary_op(weft_binary_fn f, Type *z, Type *x, Type *y, std::string name, std::string source) {
  BinaryOp *op = make_user_op<BinaryOp>(f, z, x, y);
  op->source_name = std::move(name);
  op->source = std::move(source);
  return op;
}
IndexUnaryOp *make_index_unary_op(weft_index_unary_fn f, Type *z, Type *x, Type *thunk) {
  return make_user_op<IndexUnaryOp>(f, z, x, thunk);
}

}  // namespace weft
