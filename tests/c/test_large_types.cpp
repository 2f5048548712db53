// Types with billions of entries cost what weft.h states: construction, commit and the
// O(1) queries take microseconds whatever the count (found by fuzzing: commit used to
// enumerate every piece to decide overlap, 7.7 s and 1 GB for 2^26 pieces). Each case
// has a generous time bound (the machine is shared) far below what enumerating would
// take.
#include <chrono>

#include "weft_test_util.hpp"

using namespace wt;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST(LargeTypes, OverlappingSendTypeCommitsAtOnce) {
  auto t0 = std::chrono::steady_clock::now();
  // 2^32 blocks of 15 doubles, 15 bytes apart: blocks overlap (a legal send type).
  Owned t = hvector(int64_t(1) << 32, 15, 15, WEFT_DOUBLE);
  WT_EXPECT_OK(weft_type_commit(t));
  int64_t n = 0, size = 0;
  WT_EXPECT_OK(weft_type_typemap(t, 0, nullptr, nullptr, &n));
  EXPECT_EQ(n, 15 * (int64_t(1) << 32));
  weft_type basics[5];
  weft_aint displs[5];
  WT_EXPECT_STATUS(WEFT_INSUFFICIENT_SPACE, weft_type_typemap(t, 5, basics, displs, &n));
  WT_EXPECT_OK(weft_type_size(t, &size));
  EXPECT_EQ(size, 15 * 8 * (int64_t(1) << 32));
  uint64_t fp = 0;
  WT_EXPECT_OK(weft_type_signature(t, &fp));
  EXPECT_NE(fp, 0u);
  EXPECT_LT(seconds_since(t0), 1.0);
}

TEST(LargeTypes, ResizedElementsCommitAtOnce) {
  auto t0 = std::chrono::steady_clock::now();
  Owned half = resized(WEFT_DOUBLE, 0, 4);  // consecutive copies overlap by 4 bytes
  for (int64_t count : {int64_t(1) << 26, int64_t(1) << 32}) {
    Owned t = contiguous(count, half);
    WT_EXPECT_OK(weft_type_commit(t));
    int64_t n = 0;
    WT_EXPECT_OK(weft_type_typemap(t, 0, nullptr, nullptr, &n));
    EXPECT_EQ(n, count);
  }
  EXPECT_LT(seconds_since(t0), 1.0);
}

TEST(LargeTypes, OverlapIsDecidedOnFirstUseAsAReceiveType) {
  // Small enough to unpack into: the same kinds of overlap, found when received.
  Owned blocks = hvector(4, 3, 8, WEFT_DOUBLE);  // 24-byte blocks 8 bytes apart
  Owned halves = contiguous(5, resized(WEFT_DOUBLE, 0, 4));
  Owned apart = hvector(4, 3, 24, WEFT_DOUBLE);  // touching, not overlapping
  for (weft_type t : {blocks.get(), halves.get(), apart.get()}) WT_EXPECT_OK(weft_type_commit(t));
  std::vector<char> packed(4096), buf(4096);
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(buf.data(), 1, blocks, packed.data(), 4096, &pos));  // sending is fine
  pos = 0;
  WT_EXPECT_STATUS(WEFT_OVERLAPPING_TYPE, weft_unpack(packed.data(), 4096, &pos, buf.data(), 1, blocks));
  EXPECT_EQ(pos, 0);
  WT_EXPECT_STATUS(WEFT_OVERLAPPING_TYPE, weft_unpack(packed.data(), 4096, &pos, buf.data(), 1, halves));
  // asked twice: the cached answer
  WT_EXPECT_STATUS(WEFT_OVERLAPPING_TYPE, weft_unpack(packed.data(), 4096, &pos, buf.data(), 1, halves));
  WT_EXPECT_OK(weft_unpack(packed.data(), 4096, &pos, buf.data(), 2, apart));
}
