// The table of predefined monoids (weft.h's WEFT_PREDEFINED_MONOIDS), with Maia's
// identities. capi/predefined_api.cpp exports them as WEFT_<OP>_MONOID_<TYPE>.
#include <cstring>
#include <limits>
#include <type_traits>

#include "binary_ops.hpp"
#include "monoid.hpp"

namespace weft {

namespace {

template <class T> T ident_plus() { return T(0); }
template <class T> T ident_times() { return T(1); }
template <class T> T ident_min() {
  return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
}
template <class T> T ident_max() {
  return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
}
template <class T> T ident_land() { return T(1); }
template <class T> T ident_lor() { return T(0); }
template <class T> T ident_band() {
  if constexpr (std::is_same_v<T, bool>) return true;
  else return T(~T(0));
}
template <class T> T ident_bor() { return T(0); }

// C type of each monoid domain name.
template <BasicId> struct CType;
template <> struct CType<BasicId::BOOL> { using T = bool; };
template <> struct CType<BasicId::INT8> { using T = int8_t; };
template <> struct CType<BasicId::INT16> { using T = int16_t; };
template <> struct CType<BasicId::INT32> { using T = int32_t; };
template <> struct CType<BasicId::INT64> { using T = int64_t; };
template <> struct CType<BasicId::UINT8> { using T = uint8_t; };
template <> struct CType<BasicId::UINT16> { using T = uint16_t; };
template <> struct CType<BasicId::UINT32> { using T = uint32_t; };
template <> struct CType<BasicId::UINT64> { using T = uint64_t; };
template <> struct CType<BasicId::FLOAT> { using T = float; };
template <> struct CType<BasicId::DOUBLE> { using T = double; };

// Monoid domain names (weft.h) to basic types: FP32/FP64 are FLOAT/DOUBLE.
constexpr BasicId domain_id(const char *name) {
  return name[0] == 'F' && name[2] == '3'   ? BasicId::FLOAT
         : name[0] == 'F' && name[2] == '6' ? BasicId::DOUBLE
         : name[0] == 'B'                   ? BasicId::BOOL
         : name[0] == 'I' && name[3] == '8' ? BasicId::INT8
         : name[0] == 'I' && name[3] == '1' ? BasicId::INT16
         : name[0] == 'I' && name[3] == '3' ? BasicId::INT32
         : name[0] == 'I'                   ? BasicId::INT64
         : name[4] == '8'                   ? BasicId::UINT8
         : name[4] == '1'                   ? BasicId::UINT16
         : name[4] == '3'                   ? BasicId::UINT32
                                            : BasicId::UINT64;
}

#define WEFT_OPF_PLUS ops::PLUS_op
#define WEFT_OPF_TIMES ops::TIMES_op
#define WEFT_OPF_MIN ops::MIN_op
#define WEFT_OPF_MAX ops::MAX_op
#define WEFT_OPF_LAND ops::LAND_op
#define WEFT_OPF_LOR ops::LOR_op
#define WEFT_OPF_BAND ops::BAND_op
#define WEFT_OPF_BOR ops::BOR_op
#define WEFT_IDENT_PLUS ident_plus
#define WEFT_IDENT_TIMES ident_times
#define WEFT_IDENT_MIN ident_min
#define WEFT_IDENT_MAX ident_max
#define WEFT_IDENT_LAND ident_land
#define WEFT_IDENT_LOR ident_lor
#define WEFT_IDENT_BAND ident_band
#define WEFT_IDENT_BOR ident_bor

// One monoid of the table: op on the predefined type id, with the given identity.
void fill(Monoid &m, BasicId id, weft_binary_op op, const void *identity) {
  m.predefined = true;
  m.domain = Ref<Type>(predefined_type(id));
  m.basic = id;
  m.op = op;
  size_t n = size_t(basic_info(id).size);
  m.identity.assign(static_cast<const char *>(identity), static_cast<const char *>(identity) + n);
}

template <BasicId Id, class F, typename CType<Id>::T (*Ident)()>
void fill(Monoid &m) {
  using T = typename CType<Id>::T;
  const T ident = Ident();
  fill(m, Id, &ops::apply<T, F>, &ident);
}

constexpr int kCount = int(PredefinedMonoid::count_);

// The table, in WEFT_PREDEFINED_MONOIDS order. Never freed: predefined objects live for
// the process.
Monoid *table() {
  static Monoid *monoids = [] {
    auto *ms = new Monoid[kCount];
#define WEFT_MONOID_FILL_(op, type)                                                          \
  fill<domain_id(#type), WEFT_OPF_##op, WEFT_IDENT_##op<CType<domain_id(#type)>::T>>(      \
      ms[int(PredefinedMonoid::op##_##type)]);
    WEFT_PREDEFINED_MONOIDS(WEFT_MONOID_FILL_)
#undef WEFT_MONOID_FILL_
    return ms;
  }();
  return monoids;
}

}  // namespace

Monoid *predefined_monoid(PredefinedMonoid which) { return &table()[int(which)]; }

bool Monoid::is_predefined_address(const void *p) { return is_table_entry(p, table(), kCount); }

}  // namespace weft
