// extern "C" semiring entry points.
#include "../core/algebra/semiring.hpp"
#include "args.hpp"

using namespace weft;
using namespace weft::capi;

namespace {
Semiring *semiring_arg(weft_semiring h, const char *what) { return handle_arg<Semiring>(h, what); }
}  // namespace

extern "C" weft_status weft_semiring_new(weft_monoid add, weft_binary_op multiply, weft_semiring *semiring) {
  return guard(__func__, [&] {
    nonnull(semiring, "semiring");
    Monoid *a = handle_arg<Monoid>(add, "add");
    BinaryOp *m = handle_arg<BinaryOp>(multiply, "multiply");
    if (!same_domain(*m->ztype, *a->domain))
      fail(WEFT_DOMAIN_MISMATCH, "multiply's output domain %s is not the add monoid's domain %s", code_name(m->zcode),
           code_name(a->code));
    *semiring = publish<weft_semiring>(make_semiring(a, m));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_semiring_free(weft_semiring *semiring) {
  return guard(__func__, [&] {
    nonnull(semiring, "semiring");
    Semiring *s = semiring_arg(*semiring, "*semiring");
    if (s->predefined) fail(WEFT_INVALID_VALUE, "a predefined semiring cannot be freed");
    *semiring = nullptr;
    user_release(s);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_semiring_add(weft_semiring semiring, weft_monoid *add) {
  return guard(__func__, [&] {
    Semiring *s = semiring_arg(semiring, "semiring");
    nonnull(add, "add");
    *add = handle_of<weft_monoid>(s->add.get());
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_semiring_multiply(weft_semiring semiring, weft_binary_op *multiply) {
  return guard(__func__, [&] {
    Semiring *s = semiring_arg(semiring, "semiring");
    nonnull(multiply, "multiply");
    *multiply = handle_of<weft_binary_op>(s->multiply.get());
    return WEFT_SUCCESS;
  });
}
