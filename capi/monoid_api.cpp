// extern "C" monoid entry points.
#include "../core/algebra/monoid.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

namespace {
Monoid *monoid_arg(weft_monoid h, const char *what) { return handle_arg<Monoid>(h, what); }
}  // namespace

extern "C" weft_status weft_monoid_new(weft_type domain, weft_binary_op op, const void *identity,
                                       weft_monoid *monoid) {
  return guard(__func__, [&] {
    Type *d = data_type_arg(domain, "domain");
    nonnull(reinterpret_cast<const void *>(op), "op");
    nonnull(identity, "identity");
    nonnull(monoid, "monoid");
    if (!d->st.has_data) fail(WEFT_INVALID_VALUE, "the domain type has no data");
    if (d->st.extent < 0) fail(WEFT_INVALID_VALUE, "the domain type has negative extent %lld", (long long)d->st.extent);
    *monoid = publish<weft_monoid>(make_monoid(d, op, identity));
    return WEFT_SUCCESS;
  });
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
    std::memcpy(static_cast<char *>(value) + m->domain->st.true_lo, m->identity.data(), m->identity.size());
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_monoid_operator(weft_monoid monoid, weft_binary_op *op) {
  return guard(__func__, [&] {
    Monoid *m = monoid_arg(monoid, "monoid");
    nonnull(reinterpret_cast<const void *>(op), "op");
    *op = m->op;
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
    m->op(z, x, y);
    return WEFT_SUCCESS;
  });
}
