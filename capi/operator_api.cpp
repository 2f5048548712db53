// extern "C" operator entry points: weft_unary_op_*, weft_binary_op_*, weft_index_unary_op_*.
#include "../core/algebra/operator.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

namespace {

// The shared free rule: a user operator's handle goes (the object lives while monoids or
// semirings use it); a predefined one cannot be freed.
template <class Op, class H>
weft_status free_op(const char *fn, H *op) {
  return guard(fn, [&] {
    nonnull(op, "op");
    Op *o = handle_arg<Op>(*op, "*op");
    if (o->predefined) fail(WEFT_INVALID_VALUE, "a predefined operator cannot be freed");
    *op = nullptr;
    user_release(o);
    return WEFT_SUCCESS;
  });
}

// Writes the requested domains (any output may be NULL; an empty one is a NULL handle).
void write_types(const Operator &o, weft_type *z, weft_type *x, weft_type *y) {
  if (z) *z = handle(o.ztype.get());
  if (x) *x = handle(o.xtype.get());
  if (y) *y = handle(o.ytype.get());
}

}  // namespace

extern "C" weft_status weft_unary_op_new(weft_unary_fn f, weft_type ztype, weft_type xtype, weft_unary_op *op) {
  return guard(__func__, [&] {
    nonnull(reinterpret_cast<const void *>(f), "f");
    nonnull(op, "op");
    Type *z = domain_arg(ztype, "ztype"), *x = domain_arg(xtype, "xtype");
    *op = publish<weft_unary_op>(make_unary_op(f, z, x));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_binary_op_new(weft_binary_fn f, weft_type ztype, weft_type xtype, weft_type ytype,
                                          weft_binary_op *op) {
  return guard(__func__, [&] {
    nonnull(reinterpret_cast<const void *>(f), "f");
    nonnull(op, "op");
    Type *z = domain_arg(ztype, "ztype"), *x = domain_arg(xtype, "xtype"), *y = domain_arg(ytype, "ytype");
    *op = publish<weft_binary_op>(make_binary_op(f, z, x, y));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_index_unary_op_new(weft_index_unary_fn f, weft_type ztype, weft_type xtype,
                                               weft_type thunktype, weft_index_unary_op *op) {
  return guard(__func__, [&] {
    nonnull(reinterpret_cast<const void *>(f), "f");
    nonnull(op, "op");
    Type *z = domain_arg(ztype, "ztype"), *x = domain_arg(xtype, "xtype"), *s = domain_arg(thunktype, "thunktype");
    *op = publish<weft_index_unary_op>(make_index_unary_op(f, z, x, s));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_unary_op_free(weft_unary_op *op) { return free_op<UnaryOp>(__func__, op); }
extern "C" weft_status weft_binary_op_free(weft_binary_op *op) { return free_op<BinaryOp>(__func__, op); }
extern "C" weft_status weft_index_unary_op_free(weft_index_unary_op *op) {
  return free_op<IndexUnaryOp>(__func__, op);
}

extern "C" weft_status weft_unary_op_types(weft_unary_op op, weft_type *ztype, weft_type *xtype) {
  return guard(__func__, [&] {
    write_types(*handle_arg<UnaryOp>(op, "op"), ztype, xtype, nullptr);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_binary_op_types(weft_binary_op op, weft_type *ztype, weft_type *xtype,
                                            weft_type *ytype) {
  return guard(__func__, [&] {
    write_types(*handle_arg<BinaryOp>(op, "op"), ztype, xtype, ytype);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_index_unary_op_types(weft_index_unary_op op, weft_type *ztype, weft_type *xtype,
                                                 weft_type *thunktype) {
  return guard(__func__, [&] {
    write_types(*handle_arg<IndexUnaryOp>(op, "op"), ztype, xtype, thunktype);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_unary_op_function(weft_unary_op op, weft_unary_fn *f) {
  return guard(__func__, [&] {
    UnaryOp *o = handle_arg<UnaryOp>(op, "op");
    nonnull(f, "f");
    *f = o->f;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_binary_op_function(weft_binary_op op, weft_binary_fn *f) {
  return guard(__func__, [&] {
    BinaryOp *o = handle_arg<BinaryOp>(op, "op");
    nonnull(f, "f");
    *f = o->f;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_index_unary_op_function(weft_index_unary_op op, weft_index_unary_fn *f) {
  return guard(__func__, [&] {
    IndexUnaryOp *o = handle_arg<IndexUnaryOp>(op, "op");
    nonnull(f, "f");
    *f = o->f;
    return WEFT_SUCCESS;
  });
}
