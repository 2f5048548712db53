// The tables of predefined operators: one object per entry of weft/algebra.h's operator
// lists, in list order, each with its opcode, its domains and a C function instantiated
// from the functor of ops.hpp. Built on first use and never freed (predefined objects
// live for the process); capi/predefined_api.cpp exports them as WEFT_<OP>_<TYPE>.
#include <array>

#include "monoid.hpp"
#include "operator.hpp"

namespace weft {

namespace {

// One predefined operator: what it computes and on which domains.
template <class Op>
void fill(Op &op, OpCode opcode, Code z, Code x, Code y) {
  op.predefined = true;
  op.opcode = opcode;
  op.set_types(code_type(z), x == Code::UDT ? nullptr : code_type(x), y == Code::UDT ? nullptr : code_type(y));
}

template <OpCode O, Code C>
void fill_unary(UnaryOp &op) {
  using F = ops::functor_t<O>;
  using T = ctype_t<C>;
  fill(op, O, code_for<decltype(F::f(T()))>(), C, Code::UDT);
  op.f = &ops::apply_unary<T, F>;
}

template <OpCode O, Code C>
void fill_binary(BinaryOp &op) {
  using F = ops::functor_t<O>;
  using T = ctype_t<C>;
  fill(op, O, code_for<decltype(F::f(T(), T()))>(), C, C);
  op.f = &ops::apply<T, F>;
}

// C is the element's domain for a value test, the thunk's for a positional operator
// (whose element may be of any domain: xtype stays empty).
template <OpCode O, Code C>
void fill_index_unary(IndexUnaryOp &op) {
  using F = ops::functor_t<O>;
  using T = ctype_t<C>;
  if constexpr (F::positional) {
    fill(op, O, code_for<decltype(F::f(int64_t(), int64_t(), T()))>(), Code::UDT, C);
    op.f = &ops::apply_positional<T, F>;
  } else {
    fill(op, O, code_for<decltype(F::f(T(), T()))>(), C, C);
    op.f = &ops::apply_value_test<T, F>;
  }
}

constexpr int kUnary = int(PredefinedUnary::count_);
constexpr int kIndexUnary = int(PredefinedIndexUnary::count_);
constexpr int kPublicBinary = int(PredefinedBinary::count_);

// The binary operators of the predefined monoids that have no exported handle follow the
// exported ones in the binary table (find_binary finds both). Which they are is worked
// out from the two lists at compile time.
struct OpOn {
  OpCode op;
  Code code;
};
constexpr OpOn kExportedBinary[] = {
#define WEFT_OPON2_(op, type) {OpCode::op, Code::type},
#define WEFT_OPON1_(op) {OpCode::op, Code::BOOL},
    WEFT_PREDEFINED_BINARY_OPS(WEFT_OPON2_) WEFT_PREDEFINED_BOOL_BINARY_OPS(WEFT_OPON1_)
#undef WEFT_OPON1_
#undef WEFT_OPON2_
};
constexpr OpOn kMonoidOps[] = {
#define WEFT_OPON2_(op, type) {OpCode::op, Code::type},
    WEFT_PREDEFINED_MONOIDS(WEFT_OPON2_)
#undef WEFT_OPON2_
};
constexpr bool exported(OpOn e) {
  for (const OpOn &x : kExportedBinary)
    if (x.op == e.op && x.code == e.code) return true;
  return false;
}
constexpr int count_hidden() {
  int n = 0;
  for (const OpOn &m : kMonoidOps) n += exported(m) ? 0 : 1;
  return n;
}
static_assert(sizeof kExportedBinary / sizeof *kExportedBinary == kPublicBinary, "one row per exported operator");
constexpr int kBinary = kPublicBinary + count_hidden();

UnaryOp *unary_table() {
  static UnaryOp *table = [] {
    auto *t = new UnaryOp[kUnary];
#define WEFT_FILL2_(op, type) fill_unary<OpCode::op, Code::type>(t[int(PredefinedUnary::op##_##type)]);
    WEFT_PREDEFINED_UNARY_OPS(WEFT_FILL2_)
#undef WEFT_FILL2_
    fill_unary<OpCode::LNOT, Code::BOOL>(t[int(PredefinedUnary::LNOT)]);
    return t;
  }();
  return table;
}

struct BinaryTable {
  BinaryOp *ops;
  std::array<std::array<BinaryOp *, kCodes>, size_t(OpCode::count_)> by_code{};  // find_binary's index
};

const BinaryTable &binary_table() {
  static const BinaryTable table = [] {
    BinaryTable b{new BinaryOp[kBinary]};
    BinaryOp *t = b.ops;
#define WEFT_FILL2_(op, type) fill_binary<OpCode::op, Code::type>(t[int(PredefinedBinary::op##_##type)]);
#define WEFT_FILL1_(op) fill_binary<OpCode::op, Code::BOOL>(t[int(PredefinedBinary::op)]);
    WEFT_PREDEFINED_BINARY_OPS(WEFT_FILL2_)
    WEFT_PREDEFINED_BOOL_BINARY_OPS(WEFT_FILL1_)
#undef WEFT_FILL1_
#undef WEFT_FILL2_
    int next = kPublicBinary;
#define WEFT_FILL_HIDDEN_(op, type) \
  if (!exported({OpCode::op, Code::type})) fill_binary<OpCode::op, Code::type>(t[next++]);
    WEFT_PREDEFINED_MONOIDS(WEFT_FILL_HIDDEN_)
#undef WEFT_FILL_HIDDEN_
    for (int k = 0; k < kBinary; ++k) b.by_code[size_t(t[k].opcode)][size_t(t[k].xcode)] = &t[k];
    return b;
  }();
  return table;
}

IndexUnaryOp *index_unary_table() {
  static IndexUnaryOp *table = [] {
    auto *t = new IndexUnaryOp[kIndexUnary];
#define WEFT_FILL2_(op, type) fill_index_unary<OpCode::op, Code::type>(t[int(PredefinedIndexUnary::op##_##type)]);
#define WEFT_FILL1_(op) fill_index_unary<OpCode::op, Code::INT64>(t[int(PredefinedIndexUnary::op)]);
    WEFT_PREDEFINED_INDEX_UNARY_OPS(WEFT_FILL2_)
    WEFT_PREDEFINED_POSITIONAL_OPS(WEFT_FILL1_)
#undef WEFT_FILL1_
#undef WEFT_FILL2_
    return t;
  }();
  return table;
}

}  // namespace

UnaryOp *predefined_unary(PredefinedUnary which) { return &unary_table()[int(which)]; }
BinaryOp *predefined_binary(PredefinedBinary which) { return &binary_table().ops[int(which)]; }
IndexUnaryOp *predefined_index_unary(PredefinedIndexUnary which) { return &index_unary_table()[int(which)]; }

BinaryOp *find_binary(OpCode op, Code c) {
  if (op >= OpCode::count_ || c >= Code::count_) return nullptr;
  return binary_table().by_code[size_t(op)][size_t(c)];
}

bool UnaryOp::is_predefined_address(const void *p) { return is_table_entry(p, unary_table(), kUnary); }
bool BinaryOp::is_predefined_address(const void *p) { return is_table_entry(p, binary_table().ops, kBinary); }
bool IndexUnaryOp::is_predefined_address(const void *p) {
  return is_table_entry(p, index_unary_table(), kIndexUnary);
}

}  // namespace weft
