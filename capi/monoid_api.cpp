// extern "C" monoid entry points.
#include "../core/algebra/monoid.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

namespace {

Monoid *monoid_arg(weft_monoid h, const char *what) { return handle_arg<Monoid>(h, what); }

// weft_monoid_new (with_terminal false) and weft_monoid_new_terminal.
weft_status new_monoid(const char *fn, weft_binary_op op, const void *identity, bool with_terminal,
                       const void *terminal, weft_monoid *monoid) {
  return guard(fn, [&] {
    nonnull(identity, "identity");
    if (with_terminal) nonnull(terminal, "terminal");
    nonnull(monoid, "monoid");
    BinaryOp *o = handle_arg<BinaryOp>(op, "op");
    if (!same_domain(*o->ztype, *o->xtype) || !same_domain(*o->xtype, *o->ytype))
      fail(WEFT_DOMAIN_MISMATCH, "op's domains (%s = %s op %s) are not one domain", code_name(o->zcode),
           code_name(o->xcode), code_name(o->ycode));
    *monoid = publish<weft_monoid>(make_monoid(o, identity, terminal));
    return WEFT_SUCCESS;
  });
}

}  // namespace

extern "C" weft_status weft_monoid_new(weft_binary_op op, const void *identity, weft_monoid *monoid) {
  return new_monoid(__func__, op, identity, false, nullptr, monoid);
}

extern "C" weft_status weft_monoid_new_terminal(weft_binary_op op, const void *identity, const void *terminal,
                                                weft_monoid *monoid) {
  return new_monoid(__func__, op, identity, true, terminal, monoid);
}

extern "C" weft_status weft_monoid_free(weft_monoid *monoid) {
  return guard(__func__, [&] {
    nonnull(monoid, "monoid");
    Monoid *m = monoid_arg(*monoid, "*monoid");
    if (m->predefined) fail(WEFT_INVALID_VALUE, "a predefined monoid cannot be freed");
    *monoid = nullptr;
    user_release(m);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_monoid_operator(weft_monoid monoid, weft_binary_op *op) {
  return guard(__func__, [&] {
    Monoid *m = monoid_arg(monoid, "monoid");
    nonnull(op, "op");
    *op = handle_of<weft_binary_op>(m->op.get());
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_monoid_function(weft_monoid monoid, weft_binary_fn *f) {
  return guard(__func__, [&] {
    Monoid *m = monoid_arg(monoid, "monoid");
    nonnull(f, "f");
    *f = m->op->f;
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_monoid_domain(weft_monoid monoid, weft_type *domain) {
  return guard(__func__, [&] {
    Monoid *m = monoid_arg(monoid, "monoid");
    nonnull(domain, "domain");
    *domain = handle(m->domain.get());
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_monoid_identity(weft_monoid monoid, void *value) {
  return guard(__func__, [&] {
    Monoid *m = monoid_arg(monoid, "monoid");
    nonnull(value, "value");
    std::memcpy(value, m->identity.data(), m->identity.size());
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_monoid_terminal(weft_monoid monoid, void *value, bool *has_terminal) {
  return guard(__func__, [&] {
    Monoid *m = monoid_arg(monoid, "monoid");
    nonnull(has_terminal, "has_terminal");
    if (value && m->has_terminal()) std::memcpy(value, m->terminal.data(), m->terminal.size());
    *has_terminal = m->has_terminal();
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_monoid_accepts(weft_monoid monoid, weft_type type, bool *accepts) {
  return guard(__func__, [&] {
    Monoid *m = monoid_arg(monoid, "monoid");
    Type *t = type_arg(type, "type");
    nonnull(accepts, "accepts");
    *accepts = m->accepts(*t);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_monoid_apply(weft_monoid monoid, void *z, const void *x, const void *y) {
  return guard(__func__, [&] {
    Monoid *m = monoid_arg(monoid, "monoid");
    nonnull(z, "z");
    nonnull(x, "x");
    nonnull(y, "y");
    m->op->f(z, x, y);
    return WEFT_SUCCESS;
  });
}
