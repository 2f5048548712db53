// core/sparse/indices.hpp on its own (no libweft: the header and the block pool compiled
// in): Indices::equal remembers a match of two blocks, and every way either array can
// change afterwards must make it compare again. The public API reaches few of these
// (pending updates build new arrays), so each is driven here directly.
#include <gtest/gtest.h>

#include <vector>

#include "../../core/sparse/indices.hpp"

namespace {

using weft::Indices;

Indices ramp(size_t n, int64_t step) {
  Indices a(n);
  int64_t *d = a.data();
  for (size_t k = 0; k < n; ++k) d[k] = int64_t(k) * step;
  return a;
}

// Each case: a and b built apart, equal, compared (the match remembered), then `change`
// applied to a; equal() must then tell what the elements say.
template <class Change>
void after(const char *what, Change change) {
  const size_t n = 1 << 18;  // pool-sized blocks (1 MiB and more)
  Indices a = ramp(n, 3), b = ramp(n, 3);
  ASSERT_TRUE(Indices::equal(a, b)) << what;
  ASSERT_TRUE(Indices::equal(b, a)) << what << ": remembered either way round";
  change(a);
  const bool same = a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
  EXPECT_EQ(same, Indices::equal(a, b)) << what;
  EXPECT_EQ(same, Indices::equal(b, a)) << what;
}

TEST(Indices, ARememberedMatchIsForgottenWhenEitherSideChanges) {
  after("an element written through data()", [](Indices &a) { a.data()[100] += 1; });
  after("an element written through operator[]", [](Indices &a) { a[7] = -1; });
  after("through back()", [](Indices &a) { a.back() = 5; });
  after("through begin()", [](Indices &a) { *a.begin() = 9; });
  after("pop then push of another value", [](Indices &a) {
    a.pop_back();
    a.push_back(-3);
  });
  after("pop then push of the same value", [](Indices &a) {
    const int64_t v = a.back();
    a.pop_back();
    a.push_back(v);
  });
  after("resize down and up again", [](Indices &a) {
    const size_t n = a.size();
    a.resize(n - 10);
    a.resize(n, 4);
  });
  after("assign of other elements, same count", [](Indices &a) {
    std::vector<int64_t> v(a.size(), 2);
    a.assign(v.begin(), v.end());
  });
  after("insert at the front, then pop", [](Indices &a) {
    const int64_t z = 77;
    a.insert(a.begin(), &z, &z + 1);
    a.pop_back();
  });
  after("a write after a share (the copy changes)", [](Indices &a) {
    Indices s = a.share();
    s[3] = 1;  // s copies; a keeps the block and the match
  });
  after("a write after a share (a changes, the sharer keeps the block)", [](Indices &a) {
    Indices s = a.share();
    a[3] = 1;
  });
  after("clear and rebuild with the same elements", [](Indices &a) {
    const size_t n = a.size();
    a.clear();
    for (size_t k = 0; k < n; ++k) a.push_back(int64_t(k) * 3);
  });
  after("swap with an array of other elements", [](Indices &a) {
    Indices o = ramp(a.size(), 4);
    a.swap(o);
  });
}

// The other side changing, and two arrays that each changed and then agree again.
TEST(Indices, TheOtherSideAndBothSides) {
  const size_t n = 1 << 18;
  Indices a = ramp(n, 2), b = ramp(n, 2), c = ramp(n, 2);
  ASSERT_TRUE(Indices::equal(a, b));
  b.data()[n - 1] = 1;
  EXPECT_FALSE(Indices::equal(a, b));
  EXPECT_FALSE(Indices::equal(b, a));
  b.data()[n - 1] = int64_t(n - 1) * 2;
  EXPECT_TRUE(Indices::equal(a, b));
  // a matches c as well (one remembered match per block: the newer replaces the older).
  EXPECT_TRUE(Indices::equal(a, c));
  EXPECT_TRUE(Indices::equal(a, b));
  // A block freed and its memory reused holds a new id: the old match names nothing.
  {
    Indices d = ramp(n, 2);
    EXPECT_TRUE(Indices::equal(a, d));
  }
  Indices e = ramp(n, 5);
  EXPECT_FALSE(Indices::equal(a, e));
  // Shared arrays are equal without a comparison; an empty one equals an empty one.
  Indices s = a.share();
  EXPECT_TRUE(Indices::equal(a, s));
  EXPECT_TRUE(Indices::equal(Indices(), Indices()));
  EXPECT_FALSE(Indices::equal(a, Indices()));
}

}  // namespace
