// The predefined types: one table row per WEFT_PREDEFINED_LIST entry (size, alignment,
// NumPy uint alignment), built once into the Type objects that capi exports.
#include "program.hpp"
#include "type.hpp"

namespace weft {

namespace {
// Fortran defaults as gfortran lays them out: INTEGER/REAL/LOGICAL 4 bytes.
struct Row {
  BasicId id;
  BasicInfo info;
};
#define ROW(name, type) {BasicId::name, {"WEFT_" #name, sizeof(type), alignof(type), uint_alignment_for_size(sizeof(type)), false}}
// constexpr: constant-initialised, so the exported handles (capi/predefined_api.cpp, another
// translation unit) never see it before it is filled.
constexpr Row rows[] = {
    ROW(CHAR, char), ROW(SIGNED_CHAR, signed char), ROW(UNSIGNED_CHAR, unsigned char),
    ROW(BYTE, unsigned char), ROW(SHORT, short), ROW(UNSIGNED_SHORT, unsigned short),
    ROW(INT, int), ROW(UNSIGNED, unsigned), ROW(LONG, long), ROW(UNSIGNED_LONG, unsigned long),
    ROW(LONG_LONG, long long), ROW(UNSIGNED_LONG_LONG, unsigned long long),
    ROW(INT8, int8_t), ROW(INT16, int16_t), ROW(INT32, int32_t), ROW(INT64, int64_t),
    ROW(UINT8, uint8_t), ROW(UINT16, uint16_t), ROW(UINT32, uint32_t), ROW(UINT64, uint64_t),
    ROW(FLOAT, float), ROW(DOUBLE, double), ROW(LONG_DOUBLE, long double),
    ROW(C_FLOAT_COMPLEX, _Complex float), ROW(C_DOUBLE_COMPLEX, _Complex double),
    ROW(BOOL, bool), ROW(WCHAR, wchar_t),
    ROW(INTEGER, int32_t), ROW(REAL, float), ROW(DOUBLE_PRECISION, double),
    ROW(COMPLEX, _Complex float), ROW(DOUBLE_COMPLEX, _Complex double),
    ROW(LOGICAL, int32_t), ROW(CHARACTER, char),
    {BasicId::LB, {"WEFT_LB", 0, 1, 1, true}},
    {BasicId::UB, {"WEFT_UB", 0, 1, 1, true}},
};
#undef ROW
constexpr int kN = int(BasicId::count_);
static_assert(sizeof(rows) / sizeof(rows[0]) == kN, "one row per predefined type");

Type *build_all() {
  // Never freed: predefined handles live for the whole process.
  static Type *types = [] {
    Type *ts = new Type[kN];
    for (const Row &r : rows) {
      Type &t = ts[int(r.id)];
      t.predefined = true;
      t.basic = r.id;
      t.combiner = WEFT_COMBINER_NAMED;
      const BasicInfo &b = r.info;
      t.st = Stats::basic(b.size, b.align, b.uint_align, r.id == BasicId::LB, r.id == BasicId::UB);
      t.top_count = b.marker ? 0 : 1;
      if (!b.marker) {
        t.uniform_basic = r.id;
        t.signature_empty = false;
        t.sig = Signature::entry(signature_key(r.id));
      }
      build_program(t);
    }
    return ts;
  }();
  return types;
}
}  // namespace

Repr repr_of(BasicId id) {
  switch (id) {
    case BasicId::SIGNED_CHAR: case BasicId::SHORT: case BasicId::INT: case BasicId::LONG:
    case BasicId::LONG_LONG: case BasicId::INT8: case BasicId::INT16: case BasicId::INT32:
    case BasicId::INT64: case BasicId::INTEGER:
      return Repr::signed_int;
    case BasicId::UNSIGNED_CHAR: case BasicId::UNSIGNED_SHORT: case BasicId::UNSIGNED:
    case BasicId::UNSIGNED_LONG: case BasicId::UNSIGNED_LONG_LONG: case BasicId::UINT8:
    case BasicId::UINT16: case BasicId::UINT32: case BasicId::UINT64:
      return Repr::unsigned_int;
    case BasicId::FLOAT: case BasicId::DOUBLE: case BasicId::REAL: case BasicId::DOUBLE_PRECISION:
      return Repr::floating;
    case BasicId::BOOL:
      return Repr::boolean;
    default:  // char (signedness varies), byte, long double, complex, wchar, logical, markers
      return Repr::none;
  }
}

uint64_t signature_key(BasicId id) {
  Repr r = repr_of(id);
  if (r == Repr::none) return 1 + uint64_t(id);
  return 1000 + uint64_t(r) * 1000 + uint64_t(basic_info(id).size);
}

const BasicInfo &basic_info(BasicId id) {
  // rows[] is in BasicId order (checked below at first use).
  return rows[int(id)].info;
}

Type *predefined_type(BasicId id) { return &build_all()[int(id)]; }

bool Type::is_predefined_address(const void *p) { return is_table_entry(p, build_all(), kN); }

}  // namespace weft
