// Status names and messages, weft_last_error, weft_version, handle validation and
// weft_type_free semantics.
#include <string>
#include <thread>

#include "weft_test_util.hpp"

extern "C" int weft_test_c_header(void);

using namespace wt;

// ---- the status list --------------------------------------------------------------

static_assert(WEFT_SUCCESS == 0, "success is 0");
static_assert(WEFT_NO_VALUE > 0, "informational results are > 0");
static_assert(WEFT_NULL_POINTER < 0 && WEFT_NULL_POINTER > -100, "API error");
static_assert(WEFT_INVALID_HANDLE < 0 && WEFT_INVALID_HANDLE > -100, "API error");
static_assert(WEFT_OVERLAPPING_TYPE < 0 && WEFT_OVERLAPPING_TYPE > -100, "API error");
static_assert(WEFT_PANIC <= -100 && WEFT_INSUFFICIENT_SPACE <= -100 && WEFT_TRUNCATED <= -100,
              "execution errors are <= -100");

TEST(StatusNames, EveryStatusHasItsEnumName) {
#define WT_CHECK_NAME_(name, value, msg)                      \
  EXPECT_EQ(static_cast<int>(name), value);                   \
  EXPECT_STREQ(#name, weft_status_name(value)) << value;
  WEFT_STATUS_LIST(WT_CHECK_NAME_)
#undef WT_CHECK_NAME_
}

TEST(StatusNames, EveryStatusHasItsMessage) {
#define WT_CHECK_MSG_(name, value, msg) EXPECT_STREQ(msg, weft_status_message(value)) << #name;
  WEFT_STATUS_LIST(WT_CHECK_MSG_)
#undef WT_CHECK_MSG_
}

TEST(StatusNames, UnknownStatus) {
  for (int s : {2, 7, -14, -50, -99, -100, -109, -111, -1000, 12345, -2147483647 - 1}) {
    EXPECT_STREQ("WEFT_UNKNOWN_STATUS", weft_status_name(s)) << s;
    EXPECT_NE(nullptr, weft_status_message(s)) << s;
  }
}

TEST(StatusNames, NamesAreStaticStrings) {
  const char *a = weft_status_name(WEFT_TRUNCATED);
  const char *b = weft_status_name(WEFT_TRUNCATED);
  EXPECT_EQ(a, b);
  const char *m1 = weft_status_message(WEFT_OVERFLOW);
  const char *m2 = weft_status_message(WEFT_OVERFLOW);
  EXPECT_EQ(m1, m2);
}

// ---- version ----------------------------------------------------------------------

TEST(Version, MatchesHeader) {
  int major = -1, minor = -1, patch = -1;
  WT_EXPECT_OK(weft_version(&major, &minor, &patch));
  EXPECT_EQ(WEFT_VERSION_MAJOR, major);
  EXPECT_EQ(WEFT_VERSION_MINOR, minor);
  EXPECT_EQ(WEFT_VERSION_PATCH, patch);
  EXPECT_EQ(0, major);
  EXPECT_EQ(1, minor);
  EXPECT_EQ(0, patch);
}

TEST(Version, AnyArgumentMayBeNull) {
  int v = -1;
  WT_EXPECT_OK(weft_version(nullptr, nullptr, nullptr));
  WT_EXPECT_OK(weft_version(&v, nullptr, nullptr));
  EXPECT_EQ(WEFT_VERSION_MAJOR, v);
  v = -1;
  WT_EXPECT_OK(weft_version(nullptr, &v, nullptr));
  EXPECT_EQ(WEFT_VERSION_MINOR, v);
  v = -1;
  WT_EXPECT_OK(weft_version(nullptr, nullptr, &v));
  EXPECT_EQ(WEFT_VERSION_PATCH, v);
}

// ---- last error -------------------------------------------------------------------

TEST(LastError, EmptyOnAFreshThread) {
  std::string seen = "unset";
  std::thread th([&] { seen = weft_last_error(); });
  th.join();
  EXPECT_EQ("", seen);
}

TEST(LastError, NamesTheFailingFunction) {
  weft_type t = sentinel_type();
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_vector", weft_type_vector(2, -3, 4, WEFT_INT, &t));
  EXPECT_EQ(sentinel_type(), t);
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_contiguous", weft_type_contiguous(-1, WEFT_INT, &t));
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_type_size", weft_type_size(WEFT_INT, nullptr));
  EXPECT_EQ(sentinel_type(), t);
}

TEST(LastError, KeptAcrossSuccessfulCalls) {
  weft_type t = sentinel_type();
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_hvector", weft_type_hvector(-5, 1, 4, WEFT_INT, &t));
  std::string before = weft_last_error();
  int64_t size = 0;
  WT_EXPECT_OK(weft_type_size(WEFT_DOUBLE, &size));
  WT_EXPECT_OK(weft_version(nullptr, nullptr, nullptr));
  EXPECT_EQ(before, std::string(weft_last_error()));
  EXPECT_TRUE(last_error_names("weft_type_hvector")) << weft_last_error();
}

TEST(LastError, PointerStaysValidUntilTheNextFailure) {
  weft_type t = sentinel_type();
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_indexed_block",
                weft_type_indexed_block(1, -2, nullptr, WEFT_INT, &t));
  const char *msg = weft_last_error();
  std::string copy = msg;
  Owned v = vector(3, 1, 2, WEFT_INT);
  WT_EXPECT_OK(weft_type_commit(v));
  int64_t n = 0;
  WT_EXPECT_OK(weft_type_typemap(v, 0, nullptr, nullptr, &n));
  EXPECT_EQ(copy, std::string(msg));  // the same pointer still holds the message
}

TEST(LastError, IsPerThread) {
  weft_type t = sentinel_type();
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_vector", weft_type_vector(1, -1, 1, WEFT_INT, &t));
  std::string other_before = "unset", other_after = "unset";
  bool other_names = false;
  std::thread th([&] {
    other_before = weft_last_error();
    weft_type u = nullptr;
    weft_type_contiguous(-2, WEFT_INT, &u);
    other_after = weft_last_error();
    other_names = last_error_names("weft_type_contiguous");
  });
  th.join();
  EXPECT_EQ("", other_before);
  EXPECT_TRUE(other_names) << other_after;
  // This thread's message is unaffected by the other thread's failure.
  EXPECT_TRUE(last_error_names("weft_type_vector")) << weft_last_error();
}

// ---- handle validation ------------------------------------------------------------

TEST(Handles, NullHandleIsInvalid) {
  int64_t size = -3;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_size", weft_type_size(nullptr, &size));
  EXPECT_EQ(-3, size);
  weft_type t = sentinel_type();
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_contiguous", weft_type_contiguous(1, nullptr, &t));
  EXPECT_EQ(sentinel_type(), t);
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_commit", weft_type_commit(nullptr));
}

TEST(Handles, GarbagePointerIsInvalid) {
  int64_t size = -3;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_size", weft_type_size(garbage_handle(), &size));
  EXPECT_EQ(-3, size);
  // A pointer to an ordinary variable.
  double d = 1.5;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_size",
                weft_type_size(reinterpret_cast<weft_type>(&d), &size));
  EXPECT_EQ(-3, size);
  // A pointer into the middle of a live handle's object.
  Owned c = contiguous(2, WEFT_INT);
  weft_type inner = reinterpret_cast<weft_type>(reinterpret_cast<char *>(c.get()) + 8);
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_size", weft_type_size(inner, &size));
  EXPECT_EQ(-3, size);
  // Garbage as a constructor input.
  weft_type t = sentinel_type();
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_dup", weft_type_dup(garbage_handle(), &t));
  EXPECT_EQ(sentinel_type(), t);
}

TEST(Handles, WildPointersAreRejectedWithoutDereferencing) {
  int64_t size = -3;
  for (uintptr_t p : {uintptr_t(0x10), uintptr_t(0x1000), uintptr_t(0xdeadbeef), ~uintptr_t(0xf)}) {
    SCOPED_TRACE(p);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_size", weft_type_size(reinterpret_cast<weft_type>(p), &size));
    weft_type h = reinterpret_cast<weft_type>(p);
    WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_free", weft_type_free(&h));
    EXPECT_EQ(reinterpret_cast<weft_type>(p), h);
  }
  EXPECT_EQ(-3, size);
}

TEST(Handles, FreedHandleIsInvalid) {
  weft_type t = nullptr;
  WT_OK(weft_type_contiguous(4, WEFT_DOUBLE, &t));
  weft_type stale = t;
  WT_EXPECT_OK(weft_type_free(&t));
  EXPECT_EQ(nullptr, t);
  int64_t size = -3;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_size", weft_type_size(stale, &size));
  EXPECT_EQ(-3, size);
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_commit", weft_type_commit(stale));
  weft_type n = sentinel_type();
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_vector", weft_type_vector(1, 1, 1, stale, &n));
  EXPECT_EQ(sentinel_type(), n);
}

TEST(Handles, DoubleFreeIsInvalidAndLeavesTheArgument) {
  weft_type t = nullptr;
  WT_OK(weft_type_contiguous(4, WEFT_DOUBLE, &t));
  weft_type copy = t;
  WT_EXPECT_OK(weft_type_free(&t));
  EXPECT_EQ(nullptr, t);
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_free", weft_type_free(&copy));
  // On the error the argument keeps its (stale) value: it is not set to NULL.
  EXPECT_NE(nullptr, copy);
  weft_type stale = copy;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_free", weft_type_free(&copy));
  EXPECT_EQ(stale, copy);
}

TEST(Handles, FreeSetsNull) {
  weft_type t = nullptr;
  WT_OK(weft_type_vector(3, 1, 2, WEFT_INT, &t));
  ASSERT_NE(nullptr, t);
  WT_EXPECT_OK(weft_type_commit(t));
  WT_EXPECT_OK(weft_type_free(&t));
  EXPECT_EQ(nullptr, t);
}

TEST(Handles, FreeNullArguments) {
  WT_EXPECT_ERR(WEFT_NULL_POINTER, "weft_type_free", weft_type_free(nullptr));
  weft_type t = nullptr;
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_free", weft_type_free(&t));
  EXPECT_EQ(nullptr, t);
  weft_type g = garbage_handle();
  WT_EXPECT_ERR(WEFT_INVALID_HANDLE, "weft_type_free", weft_type_free(&g));
  EXPECT_EQ(garbage_handle(), g);
}

TEST(Handles, FreeingPredefinedIsAnError) {
#define WT_FREE_PREDEF_(n)                                                                   \
  {                                                                                        \
    weft_type p = WEFT_##n;                                                                \
    WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_free", weft_type_free(&p));               \
    EXPECT_EQ(WEFT_##n, p) << #n " must be left unchanged";                                \
    int64_t s = -1;                                                                        \
    WT_EXPECT_OK(weft_type_size(WEFT_##n, &s));                                            \
  }
  WEFT_PREDEFINED_LIST(WT_FREE_PREDEF_)
#undef WT_FREE_PREDEF_
  weft_type p = WEFT_FP64;
  WT_EXPECT_ERR(WEFT_INVALID_VALUE, "weft_type_free", weft_type_free(&p));
  EXPECT_EQ(WEFT_DOUBLE, p);
  int64_t s = -1;
  WT_EXPECT_OK(weft_type_size(WEFT_DOUBLE, &s));
  EXPECT_EQ(8, s);
}

TEST(Memory, WeftFreeNullIsANoOp) { weft_free(nullptr); }

TEST(Header, UsableFromC) { EXPECT_EQ(0, weft_test_c_header()); }
