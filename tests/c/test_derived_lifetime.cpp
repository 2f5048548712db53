// Lifetime rules: derived types keep their inputs alive (MPI-1.1 §3.12.4: "as if the
// input datatypes were passed by value"), dup of a committed type is committed, commit
// is idempotent, and shared handles are safe across threads.
#include <atomic>
#include <thread>

#include "weft_test_util.hpp"

using namespace wt;

TEST(Lifetime, DerivedTypeOutlivesItsInput) {
  weft_type inner = nullptr;
  WT_OK(weft_type_vector(3, 2, 4, WEFT_INT, &inner));
  Typemap inner_tm = typemap_of(inner);
  Owned outer = contiguous(2, inner);
  WT_OK(weft_type_free(&inner));
  EXPECT_EQ(nullptr, inner);
  // the outer type is unaffected: typemap, properties, commit, pack
  Typemap tm = typemap_of(outer);
  ASSERT_EQ(12u, tm.size());
  EXPECT_EQ(inner_tm[0], tm[0]);
  EXPECT_EQ((Entry{WEFT_INT, 40 + 36}), tm[11]);
  WT_EXPECT_PROPS(outer, 48, 0, 80, 80, 0, 80, 2);
  WT_OK(weft_type_commit(outer));
  Arena a(0, 256);
  a.pattern(2);
  EXPECT_EQ(ref_pack(a.origin(), 2, outer), weft_pack_all(a.origin(), 2, outer));
}

TEST(Lifetime, FreedInputHandleIsInvalidEvenWhileInUse) {
  weft_type inner = nullptr;
  WT_OK(weft_type_contiguous(3, WEFT_DOUBLE, &inner));
  Owned outer = vector(2, 1, 2, inner);
  weft_type stale = inner;
  WT_OK(weft_type_free(&inner));
  int64_t s = -1;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_size", weft_type_size(stale, &s));
  EXPECT_EQ(-1, s);
  WT_EXPECT_OK(weft_type_size(outer, &s));
  EXPECT_EQ(48, s);
}

TEST(Lifetime, DeepChainFreedInAnyOrder) {
  for (int order = 0; order < 3; ++order) {
    SCOPED_TRACE(order);
    weft_type t[6] = {};
    WT_OK(weft_type_contiguous(2, WEFT_SHORT, &t[0]));
    WT_OK(weft_type_vector(3, 1, 2, t[0], &t[1]));
    int64_t B[2] = {1, 2};
    weft_aint D[2] = {0, 64};
    weft_type T[2] = {t[1], t[0]};
    WT_OK(weft_type_struct(2, B, D, T, &t[2]));
    WT_OK(weft_type_resized(t[2], -4, 100, &t[3]));
    WT_OK(weft_type_dup(t[3], &t[4]));
    WT_OK(weft_type_hvector(2, 1, 200, t[4], &t[5]));
    Typemap want = typemap_of(t[5]);
    ASSERT_EQ(2u * (6 + 4), want.size());
    // free everything but the top, in some order
    int seq[3][5] = {{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 4, 1, 3}};
    for (int k : seq[order]) {
      WT_EXPECT_OK(weft_type_free(&t[k]));
      EXPECT_EQ(nullptr, t[k]);
    }
    EXPECT_EQ(want, typemap_of(t[5]));
    WT_EXPECT_OK(weft_type_commit(t[5]));
    Arena a(64, 1024);
    a.pattern(4);
    EXPECT_EQ(ref_pack(a.origin(), 1, t[5]), weft_pack_all(a.origin(), 1, t[5]));
    WT_EXPECT_OK(weft_type_free(&t[5]));
  }
}

TEST(Lifetime, FreeingTheDerivedTypeKeepsTheInput) {
  Owned in = contiguous(4, WEFT_INT);
  {
    weft_type d = nullptr;
    WT_OK(weft_type_vector(2, 1, 3, in, &d));
    WT_EXPECT_OK(weft_type_free(&d));
  }
  EXPECT_EQ(16, size_of(in));
  WT_EXPECT_OK(weft_type_commit(in));
}

TEST(Lifetime, InputFreedAfterCommit) {
  weft_type inner = nullptr;
  WT_OK(weft_type_vector(2, 1, 2, WEFT_DOUBLE, &inner));
  Owned outer = committed(contiguous(3, inner));
  WT_OK(weft_type_free(&inner));
  double in[12];
  for (int k = 0; k < 12; ++k) in[k] = k;
  double out[6];
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(in, 1, outer, out, 48, &pos));
  double want[6] = {0, 2, 3, 5, 6, 8};
  for (int k = 0; k < 6; ++k) EXPECT_EQ(want[k], out[k]) << k;
}

// ---- commit and dup ---------------------------------------------------------------

TEST(Commit, IsIdempotent) {
  Owned v = vector(2, 1, 2, WEFT_INT);
  WT_EXPECT_OK(weft_type_commit(v));
  WT_EXPECT_OK(weft_type_commit(v));
  WT_EXPECT_OK(weft_type_commit(v));
  int in[4] = {1, 2, 3, 4}, out[2] = {0, 0};
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(in, 1, v, out, 8, &pos));
  EXPECT_EQ(1, out[0]);
  EXPECT_EQ(3, out[1]);
  WT_EXPECT_OK(weft_type_commit(WEFT_INT));
  WT_EXPECT_OK(weft_type_commit(WEFT_LB));
}

TEST(Commit, DoesNotChangeTheType) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  Owned v = vector(3, 1, -2, dc);
  Typemap before = typemap_of(v);
  Props p0 = props_of(v);
  WT_OK(weft_type_commit(v));
  EXPECT_EQ(before, typemap_of(v));
  Props p1 = props_of(v);
  EXPECT_EQ(p0.size, p1.size);
  EXPECT_EQ(p0.lb, p1.lb);
  EXPECT_EQ(p0.extent, p1.extent);
  EXPECT_EQ(p0.true_lb, p1.true_lb);
  EXPECT_EQ(p0.true_extent, p1.true_extent);
  EXPECT_EQ(p0.count, p1.count);
}

TEST(Commit, CommittingADerivedTypeDoesNotCommitItsInput) {
  Owned in = vector(2, 1, 2, WEFT_INT);
  Owned out = committed(contiguous(2, in));
  int buf[8] = {};
  unsigned char packed[32];
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(buf, 1, out, packed, 32, &pos));
  pos = 0;
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, "weft_pack", weft_pack(buf, 1, in, packed, 32, &pos));
  EXPECT_EQ(0, pos);
}

TEST(Dup, OfCommittedIsCommitted) {
  Owned v = committed(vector(2, 1, 2, WEFT_INT));
  Owned d = dup(v);
  int in[4] = {1, 2, 3, 4}, out[2] = {0, 0};
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(in, 1, d, out, 8, &pos));
  EXPECT_EQ(8, pos);
  EXPECT_EQ(3, out[1]);
  weft_aint off[2] = {-1, -1};
  int64_t len[2] = {-1, -1}, n = -1;
  WT_EXPECT_OK(weft_type_iov(d, 1, 0, 2, off, len, &n));
  EXPECT_EQ(2, n);
}

TEST(Dup, OfUncommittedIsUncommitted) {
  Owned v = vector(2, 1, 2, WEFT_INT);
  Owned d = dup(v);
  int in[4] = {1, 2, 3, 4}, out[2] = {0, 0};
  int64_t pos = 0;
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, "weft_pack", weft_pack(in, 1, d, out, 8, &pos));
  // committing the original later does not commit the earlier dup (a new handle)
  WT_OK(weft_type_commit(v));
  WT_EXPECT_ERR(WEFT_TYPE_NOT_COMMITTED, "weft_pack", weft_pack(in, 1, d, out, 8, &pos));
  WT_OK(weft_type_commit(d));
  WT_EXPECT_OK(weft_pack(in, 1, d, out, 8, &pos));
}

TEST(Dup, IsIndependentOfTheOriginal) {
  weft_type v = nullptr;
  WT_OK(weft_type_vector(2, 1, 2, WEFT_INT, &v));
  WT_OK(weft_type_commit(v));
  Owned d = dup(v);
  EXPECT_NE(v, d.get());
  Typemap tm = typemap_of(v);
  WT_OK(weft_type_free(&v));
  EXPECT_EQ(tm, typemap_of(d));
  int in[4] = {1, 2, 3, 4}, out[2] = {0, 0};
  int64_t pos = 0;
  WT_EXPECT_OK(weft_pack(in, 1, d, out, 8, &pos));
  EXPECT_EQ(3, out[1]);
}

// ---- threads ------------------------------------------------------------------------

TEST(Threads, ConstructAndFreeFromASharedInput) {
  Owned shared = committed(vector(3, 2, 5, WEFT_DOUBLE));
  std::atomic<int> failures{0};
  std::vector<std::thread> th;
  for (int k = 0; k < 4; ++k)
    th.emplace_back([&, k] {
      for (int rep = 0; rep < 500; ++rep) {
        weft_type t = nullptr;
        if (weft_type_vector(2, 1, 3 + k, shared, &t) != WEFT_SUCCESS) {
          ++failures;
          continue;
        }
        if (rep % 2 == 0 && weft_type_commit(t) != WEFT_SUCCESS) ++failures;
        int64_t s = 0;
        if (weft_type_size(t, &s) != WEFT_SUCCESS || s != 96) ++failures;
        if (weft_type_free(&t) != WEFT_SUCCESS || t != nullptr) ++failures;
      }
    });
  for (auto &x : th) x.join();
  EXPECT_EQ(0, failures.load());
  EXPECT_EQ(48, size_of(shared));
  Arena a(0, 1024);
  a.pattern(8);
  EXPECT_EQ(ref_pack(a.origin(), 2, shared), weft_pack_all(a.origin(), 2, shared));
}

TEST(Threads, ConcurrentQueriesAndCopies) {
  Owned src_t = committed(vector(64, 1, 2, WEFT_INT));
  Owned dst_t = committed(contiguous(64, WEFT_INT));
  std::vector<int> src(128);
  for (int k = 0; k < 128; ++k) src[k] = k * 3;
  std::atomic<int> failures{0};
  std::vector<std::thread> th;
  for (int k = 0; k < 4; ++k)
    th.emplace_back([&] {
      std::vector<int> dst(64);
      for (int rep = 0; rep < 200; ++rep) {
        int64_t nb = 0;
        if (weft_copy(src.data(), 1, src_t, dst.data(), 1, dst_t, &nb) != WEFT_SUCCESS || nb != 256) ++failures;
        for (int j = 0; j < 64; ++j)
          if (dst[j] != src[2 * j]) ++failures;
        Typemap tm;
        int64_t n = 0;
        if (weft_type_typemap(src_t, 0, nullptr, nullptr, &n) != WEFT_SUCCESS || n != 64) ++failures;
        bool al = false;
        if (weft_buffer_is_aligned(src.data(), 1, src_t, &al, nullptr) != WEFT_SUCCESS || !al) ++failures;
      }
    });
  for (auto &x : th) x.join();
  EXPECT_EQ(0, failures.load());
}

TEST(Threads, ConcurrentUnpackWithDifferentCounts) {
  // receive types verify (and may cache) that their copies do not overlap: exercise that
  // from several threads at once with different counts
  Owned v = committed(vector(4, 1, 2, WEFT_INT));  // extent 28
  Owned ov = committed(resized(WEFT_INT, 0, 2));    // copies overlap when count > 1
  std::atomic<int> failures{0};
  std::vector<std::thread> th;
  for (int k = 0; k < 4; ++k)
    th.emplace_back([&, k] {
      for (int rep = 0; rep < 200; ++rep) {
        int64_t count = 1 + (rep + k) % 7;
        std::vector<int> packed(static_cast<size_t>(4 * count));
        for (size_t j = 0; j < packed.size(); ++j) packed[j] = static_cast<int>(j + 1);
        std::vector<int> out(static_cast<size_t>(7 * count + 1), -1);
        int64_t pos = 0;
        if (weft_unpack(packed.data(), 16 * count, &pos, out.data(), count, v) != WEFT_SUCCESS) ++failures;
        for (int64_t c = 0; c < count; ++c)
          for (int j = 0; j < 4; ++j)
            if (out[static_cast<size_t>(7 * c + 2 * j)] != packed[static_cast<size_t>(4 * c + j)]) ++failures;
        pos = 0;
        weft_status s = weft_unpack(packed.data(), 4 * count, &pos, out.data(), count, ov);
        if (s != (count > 1 ? WEFT_OVERLAPPING_TYPE : WEFT_SUCCESS)) ++failures;
      }
    });
  for (auto &x : th) x.join();
  EXPECT_EQ(0, failures.load());
}

TEST(Threads, OneTypeCommittedByManyWhileOthersUseIt) {
  // Handles created, committed, used and freed from several threads at once: every
  // round, a fresh uncommitted type is committed by four threads together while they
  // pack it, dup it and free their dups (ThreadSanitizer runs this: ./run test).
  Owned base = committed(vector(3, 2, 5, WEFT_DOUBLE));
  std::vector<double> in(64);
  for (size_t j = 0; j < in.size(); ++j) in[j] = double(j);
  std::atomic<int> failures{0};
  for (int round = 0; round < 50; ++round) {
    Owned t = hvector(2, 1, 200, base);
    std::atomic<int> ready{0};
    std::vector<std::thread> th;
    for (int k = 0; k < 4; ++k)
      th.emplace_back([&] {
        ++ready;  // all four start together, so their commits meet
        while (ready.load() < 4) std::this_thread::yield();
        if (weft_type_commit(t) != WEFT_SUCCESS) ++failures;
        std::vector<double> out(12, -1.0);
        int64_t pos = 0;
        if (weft_pack(in.data(), 1, t, out.data(), 96, &pos) != WEFT_SUCCESS || pos != 96) ++failures;
        if (out[0] != 0.0 || out[2] != 5.0 || out[6] != 25.0) ++failures;
        weft_type d = nullptr;
        if (weft_type_dup(t, &d) != WEFT_SUCCESS) ++failures;
        bool contiguous = true;
        if (weft_type_is_contiguous(d, &contiguous) != WEFT_SUCCESS || contiguous) ++failures;
        pos = 0;
        if (weft_pack(in.data(), 1, d, out.data(), 96, &pos) != WEFT_SUCCESS) ++failures;  // the dup is committed
        if (weft_type_free(&d) != WEFT_SUCCESS) ++failures;
        weft_monoid m = nullptr;
        double zero = 0.0;
        if (weft_monoid_new(nullptr, &zero, &m) == WEFT_SUCCESS) ++failures;  // NULL op: refused
        weft_binary_op op = nullptr;
        if (weft_binary_op_new([](void *z, const void *x, const void *) { std::memcpy(z, x, 48); }, base, base, base,
                               &op) != WEFT_SUCCESS ||
            weft_monoid_new(op, in.data(), &m) != WEFT_SUCCESS || weft_binary_op_free(&op) != WEFT_SUCCESS ||
            weft_monoid_free(&m) != WEFT_SUCCESS)
          ++failures;
      });
    for (auto &x : th) x.join();
  }
  EXPECT_EQ(0, failures.load());
}
