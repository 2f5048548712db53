// extern "C" operator entry points: weft_unary_op_*, weft_binary_op_*, weft_index_unary_op_*.
#include <cctype>
#include <cstring>

#include "../core/algebra/operator.hpp"
#include "../core/jit/compile.hpp"
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

extern "C" weft_status weft_binary_op_new_source(weft_binary_fn f, weft_type ztype, weft_type xtype,
                                                 weft_type ytype, const char *name, const char *definition,
                                                 weft_binary_op *op) {
  return guard(__func__, [&] {
    nonnull(reinterpret_cast<const void *>(f), "f");
    nonnull(name, "name");
    nonnull(definition, "definition");
    nonnull(op, "op");
    Type *z = domain_arg(ztype, "ztype"), *x = domain_arg(xtype, "xtype"), *y = domain_arg(ytype, "ytype");
    // The name is pasted into the kernels' C text: only an identifier of the user's own.
    const size_t n = std::strlen(name);
    bool identifier = n > 0 && n < 64 && !std::isdigit(static_cast<unsigned char>(name[0]));
    for (size_t i = 0; i < n && identifier; ++i)
      identifier = std::isalnum(static_cast<unsigned char>(name[i])) || name[i] == '_';
    if (!identifier) fail(WEFT_INVALID_VALUE, "name is not a C identifier of 1 to 63 characters");
    if (std::strncmp(name, "weft_", 5) == 0) fail(WEFT_INVALID_VALUE, "name '%s' begins with weft_ (weft's own)", name);
    if (!std::strstr(definition, name)) fail(WEFT_INVALID_VALUE, "definition does not mention name '%s'", name);
    *op = publish<weft_binary_op>(make_binary_op(f, z, x, y, name, definition));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_set_jit(int on) {
  return guard(__func__, [&] {
    if (on != 0 && on != 1) fail(WEFT_INVALID_VALUE, "on is %d (0 or 1)", on);
    jit::set_enabled(on == 1);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_get_jit(int *on) {
  return guard(__func__, [&] {
    nonnull(on, "on");
    *on = jit::enabled() ? 1 : 0;
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
