// Domain codes, the cast table and domain compatibility (domains.hpp).
#include "domains.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "../support/error.hpp"
#include "../types/walk_entries.hpp"

namespace weft {

namespace {

template <class T> struct is_complex : std::false_type {};
template <class T> struct is_complex<std::complex<T>> : std::true_type {};

// C's conversion of one value, made total where C leaves it undefined.
template <class Z, class X>
Z convert(X x) {
  if constexpr (is_complex<X>::value) {
    if constexpr (is_complex<Z>::value) return Z(typename Z::value_type(x.real()), typename Z::value_type(x.imag()));
    else if constexpr (std::is_same_v<Z, bool>) return x.real() != 0 || x.imag() != 0;
    else return convert<Z>(x.real());
  } else if constexpr (is_complex<Z>::value) {
    return Z(convert<typename Z::value_type>(x), typename Z::value_type(0));
  } else if constexpr (std::is_same_v<Z, bool>) {
    return x != X(0);
  } else if constexpr (std::is_floating_point_v<X> && std::is_integral_v<Z>) {
    if (std::isnan(x)) return Z(0);
    // Compare in long double, where every limit of every integer type up to 64 bits is
    // exact enough that x >= max rounds the right way.
    if ((long double)x <= (long double)std::numeric_limits<Z>::lowest()) return std::numeric_limits<Z>::lowest();
    if ((long double)x >= (long double)std::numeric_limits<Z>::max()) return std::numeric_limits<Z>::max();
    return Z(x);
  } else {
    return Z(x);  // integer to integer: modular (C++20 rule, what every compiler does); to floating: rounded
  }
}

template <class Z, class X>
void cast_one(void *z, const void *x) {
  X v;
  std::memcpy(&v, x, sizeof v);
  Z r = convert<Z>(v);
  std::memcpy(z, &r, sizeof r);
}

template <class Z>
CastFn cast_from(Code from) {
  switch (from) {
#define WEFT_CAST_CASE_(name, ctype, basic) \
  case Code::name: return &cast_one<Z, ctype>;
    WEFT_DOMAIN_LIST(WEFT_CAST_CASE_)
#undef WEFT_CAST_CASE_
    default: return nullptr;
  }
}

}  // namespace

const char *code_name(Code c) {
  switch (c) {
#define WEFT_CODE_NAME_(name, ctype, basic) \
  case Code::name: return #name;
    WEFT_DOMAIN_LIST(WEFT_CODE_NAME_)
#undef WEFT_CODE_NAME_
    default: return "UDT";
  }
}

Type *code_type(Code c) {
  switch (c) {
#define WEFT_CODE_TYPE_(name, ctype, basic) \
  case Code::name: return predefined_type(BasicId::basic);
    WEFT_DOMAIN_LIST(WEFT_CODE_TYPE_)
#undef WEFT_CODE_TYPE_
    default: return nullptr;
  }
}

Code code_of(const Type &t) {
  if (!t.predefined) return Code::UDT;
  switch (t.basic) {
    case BasicId::C_FLOAT_COMPLEX: case BasicId::COMPLEX: return Code::FC32;
    case BasicId::C_DOUBLE_COMPLEX: case BasicId::DOUBLE_COMPLEX: return Code::FC64;
    default: break;
  }
  const int64_t size = basic_info(t.basic).size;
  switch (repr_of(t.basic)) {
    case Repr::boolean: return Code::BOOL;
    case Repr::signed_int:
      return size == 1 ? Code::INT8 : size == 2 ? Code::INT16 : size == 4 ? Code::INT32 : size == 8 ? Code::INT64 : Code::UDT;
    case Repr::unsigned_int:
      return size == 1 ? Code::UINT8 : size == 2 ? Code::UINT16 : size == 4 ? Code::UINT32 : size == 8 ? Code::UINT64 : Code::UDT;
    case Repr::floating: return size == 4 ? Code::FP32 : size == 8 ? Code::FP64 : Code::UDT;
    default: return Code::UDT;
  }
}

const char *domain_problem(const Type &t) {
  if (code_of(t) != Code::UDT) return nullptr;
  if (t.is_marker()) return "is WEFT_LB or WEFT_UB";
  if (!t.st.has_data) return "has no data";
  if (t.st.true_lo < 0) return "has data at a negative displacement";
  if (t.st.true_hi > t.st.extent) return "has data beyond its extent";
  return nullptr;
}

namespace {
// The flattened typemap (signature keys and displacements) of one copy, for comparing
// two user-defined domains built separately.
std::vector<std::pair<uint64_t, int64_t>> flat_typemap(const Type &t) {
  std::vector<std::pair<uint64_t, int64_t>> out;
  for_each_entry(t, 0, [&](BasicId id, int64_t displ) { out.emplace_back(signature_key(id), displ); });
  return out;
}
}  // namespace

bool compatible(const Type &to, const Type &from) {
  const Code a = code_of(to), b = code_of(from);
  if (a != Code::UDT && b != Code::UDT) return true;
  if (a != Code::UDT || b != Code::UDT) return false;
  if (&to == &from) return true;
  if (to.sig.hash != from.sig.hash || to.st.extent != from.st.extent || to.st.size != from.st.size ||
      to.st.true_lo != from.st.true_lo || to.st.true_hi != from.st.true_hi)
    return false;
  return flat_typemap(to) == flat_typemap(from);
}

bool same_domain(const Type &a, const Type &b) {
  const Code c = code_of(a);
  return c == code_of(b) && (c != Code::UDT || compatible(a, b));
}

void require_compatible(const Type &to, const Type &from, const char *what) {
  if (!compatible(to, from))
    fail(WEFT_DOMAIN_MISMATCH, "%s: domain %s cannot take values of %s", what, code_name(code_of(to)),
         code_name(code_of(from)));
}

CastFn cast_fn(Code to, Code from) {
  switch (to) {
#define WEFT_CAST_TO_(name, ctype, basic) \
  case Code::name: return cast_from<ctype>(from);
    WEFT_DOMAIN_LIST(WEFT_CAST_TO_)
#undef WEFT_CAST_TO_
    default: return nullptr;
  }
}

void Cast::operator()(void *z, const void *x) const {
  if (fn) fn(z, x);
  else if (z != x) std::memmove(z, x, size_t(size));
}

Cast make_cast(const Type &to, const Type &from) {
  Cast c;
  const Code a = code_of(to), b = code_of(from);
  c.size = element_size(to);
  if (a != Code::UDT && a != b) c.fn = cast_fn(a, b);
  return c;
}

}  // namespace weft
