// weft_type_envelope / weft_type_contents for every combiner (MPI-2 conventions), the
// ownership of returned handles, and a decode-and-rebuild round trip.
#include "weft_test_util.hpp"

using namespace wt;

namespace {

struct Contents {
  int combiner = -1;
  std::vector<int64_t> ints;
  std::vector<weft_aint> addrs;
  std::vector<weft_type> types;  // caller must free the derived ones
};

Contents contents_of(weft_type t) {
  Contents c;
  int64_t ni = -1, na = -1, nt = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_envelope(t, &ni, &na, &nt, &c.combiner)) << weft_last_error();
  if (ni < 0 || na < 0 || nt < 0) return c;
  // one extra slot each: must stay untouched
  c.ints.assign(static_cast<size_t>(ni) + 1, -4242);
  c.addrs.assign(static_cast<size_t>(na) + 1, -4242);
  c.types.assign(static_cast<size_t>(nt) + 1, sentinel_type());
  EXPECT_EQ(WEFT_SUCCESS, weft_type_contents(t, ni + 1, na + 1, nt + 1, c.ints.data(),
                                             c.addrs.data(), c.types.data()))
      << weft_last_error();
  EXPECT_EQ(-4242, c.ints.back()) << "contents wrote past nints";
  EXPECT_EQ(-4242, c.addrs.back()) << "contents wrote past naddrs";
  EXPECT_EQ(sentinel_type(), c.types.back()) << "contents wrote past ntypes";
  c.ints.pop_back();
  c.addrs.pop_back();
  c.types.pop_back();
  return c;
}

bool is_predefined(weft_type t) {
#define WT_IS_(n) \
  if (t == WEFT_##n) return true;
  WEFT_PREDEFINED_LIST(WT_IS_)
#undef WT_IS_
  return false;
}

// Frees the derived handles returned by contents.
void release(Contents &c) {
  for (weft_type &t : c.types)
    if (t != nullptr && !is_predefined(t)) {
      EXPECT_EQ(WEFT_SUCCESS, weft_type_free(&t)) << weft_last_error();
    }
}

// Rebuilds a type from its envelope/contents, recursively (MPI's decoding idiom).
Owned rebuild(weft_type t) {
  Contents c = contents_of(t);
  if (c.combiner == WEFT_COMBINER_NAMED) return dup(t);  // caller compares typemaps only
  std::vector<Owned> in;
  std::vector<weft_type> inputs;
  for (weft_type x : c.types) {
    if (is_predefined(x)) {
      inputs.push_back(x);
    } else {
      in.push_back(rebuild(x));
      inputs.push_back(in.back());
    }
  }
  release(c);
  const std::vector<int64_t> &I = c.ints;
  const std::vector<weft_aint> &A = c.addrs;
  weft_type out = nullptr;
  weft_status s = WEFT_PANIC;
  switch (c.combiner) {
    case WEFT_COMBINER_DUP: s = weft_type_dup(inputs[0], &out); break;
    case WEFT_COMBINER_CONTIGUOUS: s = weft_type_contiguous(I[0], inputs[0], &out); break;
    case WEFT_COMBINER_VECTOR: s = weft_type_vector(I[0], I[1], I[2], inputs[0], &out); break;
    case WEFT_COMBINER_HVECTOR: s = weft_type_hvector(I[0], I[1], A[0], inputs[0], &out); break;
    case WEFT_COMBINER_INDEXED:
      s = weft_type_indexed(I[0], &I[1], &I[1 + I[0]], inputs[0], &out);
      break;
    case WEFT_COMBINER_HINDEXED: s = weft_type_hindexed(I[0], &I[1], A.data(), inputs[0], &out); break;
    case WEFT_COMBINER_INDEXED_BLOCK:
      s = weft_type_indexed_block(I[0], I[1], &I[2], inputs[0], &out);
      break;
    case WEFT_COMBINER_HINDEXED_BLOCK:
      s = weft_type_hindexed_block(I[0], I[1], A.data(), inputs[0], &out);
      break;
    case WEFT_COMBINER_STRUCT:
      s = weft_type_struct(I[0], &I[1], A.data(), inputs.data(), &out);
      break;
    case WEFT_COMBINER_SUBARRAY: {
      int nd = static_cast<int>(I[0]);
      s = weft_type_subarray(nd, &I[1], &I[1 + nd], &I[1 + 2 * nd], static_cast<int>(I[1 + 3 * nd]),
                             inputs[0], &out);
      break;
    }
    case WEFT_COMBINER_RESIZED: s = weft_type_resized(inputs[0], A[0], A[1], &out); break;
    case WEFT_COMBINER_STRUCT_ALIGNED:
      s = weft_type_struct_aligned(I[0], &I[1], inputs.data(), nullptr, &out);
      break;
    default: ADD_FAILURE() << "unknown combiner " << c.combiner;
  }
  EXPECT_EQ(WEFT_SUCCESS, s) << "rebuild combiner " << c.combiner << ": " << weft_last_error();
  return Owned(out);
}

void expect_envelope(weft_type t, int64_t ni, int64_t na, int64_t nt, int comb) {
  int64_t a = -1, b = -1, c = -1;
  int k = -1;
  WT_EXPECT_OK(weft_type_envelope(t, &a, &b, &c, &k));
  EXPECT_EQ(ni, a) << "nints";
  EXPECT_EQ(na, b) << "naddrs";
  EXPECT_EQ(nt, c) << "ntypes";
  EXPECT_EQ(comb, k) << "combiner";
}

}  // namespace

TEST(Envelope, Dup) {
  Owned d = dup(WEFT_INT);
  expect_envelope(d, 0, 0, 1, WEFT_COMBINER_DUP);
  Contents c = contents_of(d);
  EXPECT_EQ(WEFT_INT, c.types.at(0));
}

TEST(Envelope, Contiguous) {
  Owned t = contiguous(5, WEFT_INT);
  expect_envelope(t, 1, 0, 1, WEFT_COMBINER_CONTIGUOUS);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{5}), c.ints);
  EXPECT_EQ(WEFT_INT, c.types.at(0));
  Owned z = contiguous(0, WEFT_INT);
  EXPECT_EQ((std::vector<int64_t>{0}), contents_of(z).ints);
}

TEST(Envelope, Vector) {
  Owned t = vector(3, 2, -4, WEFT_DOUBLE);
  expect_envelope(t, 3, 0, 1, WEFT_COMBINER_VECTOR);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{3, 2, -4}), c.ints);
  EXPECT_EQ(WEFT_DOUBLE, c.types.at(0));
}

TEST(Envelope, Hvector) {
  Owned t = hvector(3, 2, -40, WEFT_SHORT);
  expect_envelope(t, 2, 1, 1, WEFT_COMBINER_HVECTOR);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{3, 2}), c.ints);
  EXPECT_EQ((std::vector<weft_aint>{-40}), c.addrs);
  EXPECT_EQ(WEFT_SHORT, c.types.at(0));
}

TEST(Envelope, Indexed) {
  Owned t = indexed({1, 0, 2}, {5, -1, 7}, WEFT_INT);
  expect_envelope(t, 7, 0, 1, WEFT_COMBINER_INDEXED);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{3, 1, 0, 2, 5, -1, 7}), c.ints);
  EXPECT_EQ(WEFT_INT, c.types.at(0));
}

TEST(Envelope, Hindexed) {
  Owned t = hindexed({1, 3}, {100, -8}, WEFT_CHAR);
  expect_envelope(t, 3, 2, 1, WEFT_COMBINER_HINDEXED);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{2, 1, 3}), c.ints);
  EXPECT_EQ((std::vector<weft_aint>{100, -8}), c.addrs);
}

TEST(Envelope, IndexedBlock) {
  Owned t = indexed_block(2, {0, 5, 9}, WEFT_FLOAT);
  expect_envelope(t, 5, 0, 1, WEFT_COMBINER_INDEXED_BLOCK);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{3, 2, 0, 5, 9}), c.ints);
  EXPECT_EQ(WEFT_FLOAT, c.types.at(0));
}

TEST(Envelope, HindexedBlock) {
  Owned t = hindexed_block(4, {0, 64}, WEFT_INT);
  expect_envelope(t, 2, 2, 1, WEFT_COMBINER_HINDEXED_BLOCK);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{2, 4}), c.ints);
  EXPECT_EQ((std::vector<weft_aint>{0, 64}), c.addrs);
}

TEST(Envelope, Struct) {
  Owned t = structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB});
  expect_envelope(t, 4, 3, 3, WEFT_COMBINER_STRUCT);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{3, 1, 1, 1}), c.ints);
  EXPECT_EQ((std::vector<weft_aint>{-3, 0, 6}), c.addrs);
  EXPECT_EQ((std::vector<weft_type>{WEFT_LB, WEFT_INT, WEFT_UB}), c.types);
  Owned e = structure({}, {}, {});
  expect_envelope(e, 1, 0, 0, WEFT_COMBINER_STRUCT);
  EXPECT_EQ((std::vector<int64_t>{0}), contents_of(e).ints);
}

TEST(Envelope, Subarray) {
  Owned t = subarray({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_C, WEFT_INT);
  expect_envelope(t, 8, 0, 1, WEFT_COMBINER_SUBARRAY);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{2, 4, 5, 2, 3, 1, 2, WEFT_ORDER_C}), c.ints);
  Owned f = subarray({6, 7, 8}, {1, 2, 3}, {0, 1, 2}, WEFT_ORDER_FORTRAN, WEFT_DOUBLE);
  expect_envelope(f, 11, 0, 1, WEFT_COMBINER_SUBARRAY);
  EXPECT_EQ((std::vector<int64_t>{3, 6, 7, 8, 1, 2, 3, 0, 1, 2, WEFT_ORDER_FORTRAN}), contents_of(f).ints);
}

TEST(Envelope, Resized) {
  Owned t = resized(WEFT_INT, -4, 12);
  expect_envelope(t, 0, 2, 1, WEFT_COMBINER_RESIZED);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<weft_aint>{-4, 12}), c.addrs);
  EXPECT_EQ(WEFT_INT, c.types.at(0));
}

TEST(Envelope, StructAligned) {
  Owned t = struct_aligned({1, 3, 1}, {WEFT_CHAR, WEFT_SHORT, WEFT_DOUBLE});
  int64_t ni = -1, na = -1, nt = -1;
  int comb = -1;
  WT_EXPECT_OK(weft_type_envelope(t, &ni, &na, &nt, &comb));
  EXPECT_EQ(WEFT_COMBINER_STRUCT_ALIGNED, comb);
  EXPECT_EQ(4, ni);
  EXPECT_EQ(3, nt);
  Contents c = contents_of(t);
  EXPECT_EQ((std::vector<int64_t>{3, 1, 3, 1}), c.ints);
  EXPECT_EQ((std::vector<weft_type>{WEFT_CHAR, WEFT_SHORT, WEFT_DOUBLE}), c.types);
}

TEST(Envelope, TopLevelCount) {
  struct Case {
    const char *name;
    Owned t;
    int64_t count;
  };
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  std::vector<Case> cs;
  cs.push_back({"contiguous", contiguous(5, WEFT_INT), 5});
  cs.push_back({"vector", vector(3, 2, -4, WEFT_INT), 6});
  cs.push_back({"hvector", hvector(3, 2, 40, dc), 6});
  cs.push_back({"indexed", indexed({1, 0, 2}, {5, -1, 7}, WEFT_INT), 3});
  cs.push_back({"hindexed", hindexed({1, 3}, {100, -8}, dc), 4});
  cs.push_back({"indexed_block", indexed_block(2, {0, 5, 9}, WEFT_INT), 6});
  cs.push_back({"hindexed_block", hindexed_block(4, {0, 64}, WEFT_INT), 8});
  cs.push_back({"struct", structure({2, 1, 3}, {0, 16, 26}, {WEFT_FLOAT, dc, WEFT_CHAR}), 6});
  cs.push_back({"struct markers", structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB}), 1});
  cs.push_back({"subarray", subarray({4, 5}, {2, 3}, {1, 2}, WEFT_ORDER_C, WEFT_INT), 6});
  cs.push_back({"resized", resized(dc, 0, 32), 1});
  cs.push_back({"dup", dup(dc), 2});
  cs.push_back({"dup of contiguous", dup(contiguous(5, WEFT_INT)), 5});
  cs.push_back({"struct_aligned", struct_aligned({1, 3, 1}, {WEFT_CHAR, WEFT_SHORT, WEFT_DOUBLE}), 5});
  for (Case &c : cs) {
    int64_t n = -1;
    WT_EXPECT_OK(weft_type_count(c.t, &n));
    EXPECT_EQ(c.count, n) << c.name;
  }
}

// ---- returned handles -------------------------------------------------------------

TEST(Contents, ReturnedDerivedHandlesAreOwnedByTheCaller) {
  Owned inner = vector(2, 1, 3, WEFT_INT);
  Typemap inner_tm = typemap_of(inner);
  Owned outer = contiguous(4, inner);
  Contents c = contents_of(outer);
  ASSERT_EQ(1u, c.types.size());
  weft_type got = c.types[0];
  ASSERT_NE(nullptr, got);
  EXPECT_FALSE(is_predefined(got));
  EXPECT_EQ(inner_tm, typemap_of(got));
  // free the original handle: the returned one stays valid
  inner.reset();
  EXPECT_EQ(inner_tm, typemap_of(got));
  WT_EXPECT_OK(weft_type_free(&c.types[0]));
  EXPECT_EQ(nullptr, c.types[0]);
  // the outer type still works
  EXPECT_EQ(8u, typemap_of(outer).size());
}

TEST(Contents, FreeingTheReturnedHandleKeepsTheOriginal) {
  Owned inner = vector(2, 1, 3, WEFT_INT);
  Owned outer = contiguous(4, inner);
  for (int rep = 0; rep < 3; ++rep) {
    Contents c = contents_of(outer);
    release(c);
  }
  int64_t s = -1;
  WT_EXPECT_OK(weft_type_size(inner, &s));
  EXPECT_EQ(8, s);
  WT_EXPECT_OK(weft_type_size(outer, &s));
  EXPECT_EQ(32, s);
}

TEST(Contents, StructMixesPredefinedAndDerived) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  Owned t = structure({2, 1, 3}, {0, 16, 26}, {WEFT_FLOAT, dc, WEFT_CHAR});
  Contents c = contents_of(t);
  ASSERT_EQ(3u, c.types.size());
  EXPECT_EQ(WEFT_FLOAT, c.types[0]);
  EXPECT_EQ(WEFT_CHAR, c.types[2]);
  EXPECT_EQ(typemap_of(dc), typemap_of(c.types[1]));
  release(c);
}

TEST(Contents, InsufficientSpaceLeavesOutputs) {
  Owned t = indexed({1, 0, 2}, {5, -1, 7}, WEFT_INT);  // 7 ints, 0 addrs, 1 type
  int64_t ints[8];
  weft_aint addrs[2] = {-9, -9};
  weft_type types[2] = {sentinel_type(), sentinel_type()};
  for (int64_t &x : ints) x = -9;
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_type_contents",
                weft_type_contents(t, 6, 0, 1, ints, addrs, types));
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_type_contents",
                weft_type_contents(t, 7, 0, 0, ints, addrs, types));
  for (int64_t x : ints) EXPECT_EQ(-9, x);
  EXPECT_EQ(sentinel_type(), types[0]);
  Owned h = hindexed({1, 3}, {100, -8}, WEFT_CHAR);  // 3 ints, 2 addrs
  WT_EXPECT_ERR(WEFT_INSUFFICIENT_SPACE, "weft_type_contents",
                weft_type_contents(h, 3, 1, 1, ints, addrs, types));
  EXPECT_EQ(-9, addrs[0]);
  EXPECT_EQ(-9, ints[0]);
  EXPECT_EQ(sentinel_type(), types[0]);
  // exactly enough
  WT_EXPECT_OK(weft_type_contents(t, 7, 0, 1, ints, nullptr, types));
  EXPECT_EQ(3, ints[0]);
  EXPECT_EQ(WEFT_INT, types[0]);
}

// ---- decode and rebuild -------------------------------------------------------------

TEST(Contents, RebuildGivesTheSameTypemap) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  Owned t1 = structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB});
  Owned v = vector(2, 3, -4, dc);
  Owned h = hindexed({2, 1}, {-40, 200}, v);
  Owned s = structure({1, 2, 1}, {0, 300, 1000}, {h, t1, WEFT_SHORT});
  Owned r = resized(s, -8, 2000);
  Owned sa = subarray({3, 2}, {2, 1}, {1, 1}, WEFT_ORDER_FORTRAN, r);
  Owned ib = indexed_block(2, {1, 0}, sa);
  Owned hb = hindexed_block(1, {0, 99999}, ib);
  Owned al = struct_aligned({1, 2}, {WEFT_CHAR, hb});
  Owned top = dup(al);
  for (weft_type t : {dc.get(), t1.get(), v.get(), h.get(), s.get(), r.get(), sa.get(), ib.get(),
                      hb.get(), al.get(), top.get()}) {
    Owned rb = rebuild(t);
    ASSERT_NE(nullptr, rb.get());
    EXPECT_EQ(typemap_of(t), typemap_of(rb));
    Props a = props_of(t), b = props_of(rb);
    EXPECT_EQ(a.size, b.size);
    EXPECT_EQ(a.lb, b.lb);
    EXPECT_EQ(a.extent, b.extent);
    EXPECT_EQ(a.count, b.count);
  }
}
