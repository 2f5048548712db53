// weft_type_signature: the fingerprint of a type signature. Oracle: the typemap's
// sequence of basic types (weft_type_typemap), with predefined types of one
// representation and size counted as one; fingerprints must be equal exactly when the
// sequences are.
#include <map>

#include "weft_test_util.hpp"

using namespace wt;

namespace {

uint64_t fingerprint(weft_type t) {
  uint64_t h = 0;
  WT_EXPECT_OK(weft_type_signature(t, &h));
  return h;
}

// The representation class of a basic type (the test's own table, from weft.h's
// "same representation" rule: signed/unsigned integers, floating point and bool by
// size; every other basic type is its own class).
std::string repr(weft_type b) {
  static const std::map<weft_type, std::string> cls = {
      {WEFT_SIGNED_CHAR, "i1"}, {WEFT_INT8, "i1"},      {WEFT_SHORT, "i2"},   {WEFT_INT16, "i2"},
      {WEFT_INT, "i4"},         {WEFT_INT32, "i4"},     {WEFT_INTEGER, "i4"}, {WEFT_LONG, "i8"},
      {WEFT_LONG_LONG, "i8"},   {WEFT_INT64, "i8"},     {WEFT_UNSIGNED_CHAR, "u1"}, {WEFT_UINT8, "u1"},
      {WEFT_UNSIGNED_SHORT, "u2"}, {WEFT_UINT16, "u2"}, {WEFT_UNSIGNED, "u4"}, {WEFT_UINT32, "u4"},
      {WEFT_UNSIGNED_LONG, "u8"}, {WEFT_UNSIGNED_LONG_LONG, "u8"}, {WEFT_UINT64, "u8"},
      {WEFT_FLOAT, "f4"},       {WEFT_REAL, "f4"},      {WEFT_DOUBLE, "f8"},  {WEFT_DOUBLE_PRECISION, "f8"},
      {WEFT_BOOL, "b1"}};
  auto it = cls.find(b);
  return it != cls.end() ? it->second : type_name(b);
}

std::vector<std::string> signature_of(weft_type t) {
  std::vector<std::string> s;
  for (const Entry &e : typemap_of(t)) s.push_back(repr(e.type));
  return s;
}

}  // namespace

TEST(Signature, OneSignatureUnderManyConstructors) {
  Owned a = contiguous(4, WEFT_INT32);
  Owned b = vector(2, 2, 7, WEFT_INT);
  Owned c = indexed({1, 3}, {9, 0}, WEFT_INTEGER);
  Owned d = structure({1, 2, 1, 1}, {0, 4, 100, 200}, {WEFT_INT32, WEFT_INT, WEFT_LB, WEFT_INT32});
  Owned e = resized(contiguous(2, contiguous(2, WEFT_INT32)), -8, 64);
  Owned f = subarray({3, 3}, {2, 2}, {1, 1}, WEFT_ORDER_C, WEFT_INT32);
  Owned g = dup(a);
  uint64_t h = fingerprint(a);
  EXPECT_NE(h, 0u);
  for (weft_type t : {b.get(), c.get(), d.get(), e.get(), f.get(), g.get()}) EXPECT_EQ(fingerprint(t), h);
  EXPECT_EQ(fingerprint(WEFT_FLOAT), fingerprint(WEFT_REAL));
  EXPECT_EQ(fingerprint(WEFT_DOUBLE), fingerprint(WEFT_DOUBLE_PRECISION));
}

TEST(Signature, DifferentSignaturesDiffer) {
  EXPECT_NE(fingerprint(WEFT_INT32), fingerprint(WEFT_FLOAT));       // same size
  EXPECT_NE(fingerprint(WEFT_INT64), fingerprint(WEFT_DOUBLE));      // same size
  EXPECT_NE(fingerprint(WEFT_INT32), fingerprint(WEFT_UINT32));
  EXPECT_NE(fingerprint(WEFT_CHAR), fingerprint(WEFT_SIGNED_CHAR));  // char's sign varies
  Owned ab = structure({1, 1}, {0, 4}, {WEFT_INT32, WEFT_FLOAT});
  Owned ba = structure({1, 1}, {0, 4}, {WEFT_FLOAT, WEFT_INT32});
  EXPECT_NE(fingerprint(ab), fingerprint(ba));  // order counts
  EXPECT_NE(fingerprint(contiguous(3, WEFT_INT32)), fingerprint(contiguous(4, WEFT_INT32)));
  // No entries: 0, also for markers only.
  EXPECT_EQ(fingerprint(contiguous(0, WEFT_DOUBLE)), 0u);
  EXPECT_EQ(fingerprint(structure({1, 1}, {0, 8}, {WEFT_LB, WEFT_UB})), 0u);
}

TEST(Signature, EqualExactlyWhenTheTypemapsSequencesAre) {
  std::vector<Owned> ts;
  for (weft_type b : {WEFT_INT32, WEFT_INT, WEFT_FLOAT, WEFT_DOUBLE, WEFT_CHAR, WEFT_INT16}) {
    ts.push_back(contiguous(2, b));
    ts.push_back(vector(3, 1, -2, b));
    ts.push_back(structure({1, 1}, {0, 16}, {b, WEFT_DOUBLE}));
    ts.push_back(structure({1, 1}, {0, 16}, {WEFT_DOUBLE, b}));
    ts.push_back(hindexed({2, 0, 1}, {0, 5, -40}, b));
    ts.push_back(contiguous(2, structure({2, 1}, {0, 8}, {b, WEFT_INT16})));
    ts.push_back(structure({4, 2}, {0, 64}, {b, WEFT_INT16}));
  }
  std::vector<std::vector<std::string>> sigs;
  for (const Owned &t : ts) sigs.push_back(signature_of(t));
  for (size_t i = 0; i < ts.size(); ++i)
    for (size_t j = 0; j < ts.size(); ++j)
      EXPECT_EQ(fingerprint(ts[i]) == fingerprint(ts[j]), sigs[i] == sigs[j]) << "types " << i << " and " << j;
}

TEST(Signature, BadInputs) {
  uint64_t h = 7;
  WT_EXPECT_STATUS(WEFT_NULL_POINTER, weft_type_signature(WEFT_INT, nullptr));
  WT_EXPECT_STATUS(WEFT_INVALID_HANDLE, weft_type_signature(garbage_handle(), &h));
  EXPECT_EQ(h, 7u);
}
