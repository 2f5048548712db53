// Out of memory, type side (weft.h): every constructor, commit, the queries that
// allocate, pack/unpack/copy and monoid creation, with the k-th allocation failing for
// every k until the call succeeds (oom_hooks.hpp). Each failing call must return
// WEFT_OUT_OF_MEMORY, leak nothing, and leave its inputs and outputs unchanged.
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "oom_hooks.hpp"

namespace {

// An array argument that lives until the end of the call's full expression.
template <class T>
const T *A(std::initializer_list<T> l) {
  return l.begin();
}

const weft_type kSentinel = reinterpret_cast<weft_type>(uintptr_t(0x5E17F00D));

int64_t size_of(weft_type t) {
  int64_t s = -1;
  weft_type_size(t, &s);
  return s;
}

// A constructor: built into `out` from `input`; out must stay the sentinel on failure
// and the input must keep its size.
template <class Make>
void constructor(const char *name, weft_type input, Make make) {
  weft_type out = kSentinel;
  int64_t input_size = size_of(input);
  auto call = [&] { return make(&out); };
  if (call() == WEFT_SUCCESS) weft_type_free(&out);  // warm-up
  out = kSentinel;
  oom::brutal(
      name, [] {}, call, [&] { weft_type_free(&out); },
      [&] { return out == kSentinel && size_of(input) == input_size; });
}

bool committed(weft_type t) {
  int64_t pos = 0;
  char buf[1];
  return weft_pack(buf, 0, t, buf, 0, &pos) != WEFT_TYPE_NOT_COMMITTED;
}

void double_op(void *z, const void *x, const void *y) {
  double a, b;
  std::memcpy(&a, x, 8);
  std::memcpy(&b, y, 8);
  a += b;
  std::memcpy(z, &a, 8);
}

}  // namespace

int main() {
  std::printf("out of memory, types and monoids:\n");
  // Inputs: a nested derived type, committed, and a struct.
  weft_type base = nullptr, pair = nullptr;
  weft_type_vector(3, 2, 5, WEFT_DOUBLE, &base);
  weft_type_commit(base);
  weft_type_struct(2, A<int64_t>({1, 2}), A<weft_aint>({0, 8}), A<weft_type>({WEFT_DOUBLE, WEFT_INT}), &pair);
  weft_type_commit(pair);

  constructor("weft_type_contiguous", base, [&](weft_type *o) { return weft_type_contiguous(4, base, o); });
  constructor("weft_type_vector", base, [&](weft_type *o) { return weft_type_vector(3, 2, -7, base, o); });
  constructor("weft_type_hvector", base, [&](weft_type *o) { return weft_type_hvector(3, 2, 1000, base, o); });
  constructor("weft_type_indexed", base, [&](weft_type *o) {
    return weft_type_indexed(3, A<int64_t>({1, 0, 2}), A<int64_t>({4, 0, -3}), base, o);
  });
  constructor("weft_type_hindexed", base, [&](weft_type *o) {
    return weft_type_hindexed(2, A<int64_t>({1, 3}), A<weft_aint>({400, 0}), base, o);
  });
  constructor("weft_type_indexed_block", base,
              [&](weft_type *o) { return weft_type_indexed_block(3, 2, A<int64_t>({0, 9, 4}), base, o); });
  constructor("weft_type_hindexed_block", base,
              [&](weft_type *o) { return weft_type_hindexed_block(2, 1, A<weft_aint>({-96, 96}), base, o); });
  constructor("weft_type_struct", base, [&](weft_type *o) {
    return weft_type_struct(3, A<int64_t>({1, 2, 1}), A<weft_aint>({0, 100, 300}),
                            A<weft_type>({base, pair, WEFT_UB}), o);
  });
  constructor("weft_type_subarray", pair, [&](weft_type *o) {
    return weft_type_subarray(2, A<int64_t>({4, 5}), A<int64_t>({2, 3}), A<int64_t>({1, 1}), WEFT_ORDER_C, pair, o);
  });
  constructor("weft_type_resized", base, [&](weft_type *o) { return weft_type_resized(base, -8, 200, o); });
  constructor("weft_type_dup", base, [&](weft_type *o) { return weft_type_dup(base, o); });
  constructor("weft_type_struct_aligned", pair, [&](weft_type *o) {
    weft_aint displs[2];
    return weft_type_struct_aligned(2, A<int64_t>({2, 1}), A<weft_type>({pair, WEFT_CHAR}), displs, o);
  });

  // commit: a fresh uncommitted type each time; a failed commit leaves it uncommitted,
  // and it commits afterwards.
  weft_type fresh = nullptr;
  auto make_fresh = [&] {
    if (fresh) weft_type_free(&fresh);
    weft_type_struct(3, A<int64_t>({2, 1, 3}), A<weft_aint>({0, 300, 500}), A<weft_type>({base, pair, WEFT_SHORT}),
                     &fresh);
  };
  make_fresh();
  weft_type_commit(fresh);  // warm-up
  oom::brutal(
      "weft_type_commit", make_fresh, [&] { return weft_type_commit(fresh); }, [] {},
      [&] { return !committed(fresh) && size_of(fresh) > 0; });
  OOM_CHECK(committed(fresh), "the type commits once memory is back");
  weft_type_free(&fresh);

  // Queries that allocate: contents (new handles), typemap, iov.
  weft_type st = nullptr;
  weft_type_struct(2, A<int64_t>({1, 2}), A<weft_aint>({0, 96}), A<weft_type>({base, pair}), &st);
  weft_type_commit(st);
  {
    int64_t ints[8];
    weft_aint addrs[8];
    weft_type types[4] = {kSentinel, kSentinel, kSentinel, kSentinel};
    auto call = [&] { return weft_type_contents(st, 8, 8, 4, ints, addrs, types); };
    auto release = [&] {
      for (int i = 0; i < 2; ++i) weft_type_free(&types[i]);
      for (auto &t : types) t = kSentinel;
    };
    call();
    release();
    oom::brutal("weft_type_contents", [] {}, call, release,
                [&] { return types[0] == kSentinel && types[1] == kSentinel; });
  }
  {
    std::vector<weft_type> b(64, kSentinel);
    std::vector<weft_aint> d(64, -1);
    int64_t n = -7;
    auto call = [&] { return weft_type_typemap(st, 64, b.data(), d.data(), &n); };
    call();
    n = -7;
    std::fill(b.begin(), b.end(), kSentinel);
    oom::brutal("weft_type_typemap", [] {}, call, [] {}, [&] { return n == -7 && b[0] == kSentinel; });
  }
  {
    weft_aint offs[16];
    int64_t lens[16], n = -7;
    auto call = [&] { return weft_type_iov(st, 3, 1, 16, offs, lens, &n); };
    call();
    n = -7;
    oom::brutal("weft_type_iov", [] {}, call, [] {}, [&] { return n == -7; });
  }

  // Moving data: the output buffer and position stay as they were.
  {
    std::vector<char> in(4096, 3), out(4096, 0x55), back(4096, 0x66);
    int64_t pos = 0, psize = 0;
    weft_pack_size(2, st, &psize);
    auto pack = [&] { return weft_pack(in.data() + 512, 2, st, out.data(), 4096, &pos); };
    pack();
    pos = 0;
    std::fill(out.begin(), out.end(), 0x55);
    auto untouched = [](const std::vector<char> &v, char c) {
      for (char x : v)
        if (x != c) return false;
      return true;
    };
    oom::brutal("weft_pack", [] {}, pack, [] {}, [&] { return pos == 0 && untouched(out, 0x55); });
    pack();
    int64_t upos = 0;
    auto unpack = [&] { return weft_unpack(out.data(), psize, &upos, back.data() + 512, 2, st); };
    oom::brutal("weft_unpack", [&] { upos = 0; }, unpack, [] {}, [&] { return upos == 0 && untouched(back, 0x66); });
    std::fill(back.begin(), back.end(), 0x66);
    int64_t nbytes = -7;
    auto copy = [&] { return weft_copy(in.data() + 512, 2, st, back.data() + 512, 2, st, &nbytes); };
    oom::brutal("weft_copy", [] {}, copy, [] {}, [&] { return nbytes == -7 && untouched(back, 0x66); });
  }

  // A receive type whose tree cannot rule out overlap (two interleaved copies of ints 8
  // bytes apart): its first unpack checks the pieces, allocating; a fresh type each time,
  // since the answer is cached.
  {
    weft_type inner = nullptr, half = nullptr, woven = nullptr;
    weft_type_vector(2, 1, 2, WEFT_INT, &inner);
    weft_type_resized(inner, 0, 4, &half);
    auto make = [&] {
      if (woven) weft_type_free(&woven);
      weft_type_contiguous(2, half, &woven);
      weft_type_commit(woven);
    };
    int32_t packed[4] = {1, 2, 3, 4}, out[4] = {-1, -1, -1, -1};
    int64_t pos = 0;
    auto call = [&] { return weft_unpack(packed, 16, &pos, out, 1, woven); };
    make();
    call();  // warm-up
    pos = 0;
    std::fill(out, out + 4, -1);
    oom::brutal("weft_unpack (first overlap check)", make, call, [] {},
                [&] { return pos == 0 && out[0] == -1 && out[3] == -1; });
    OOM_CHECK(out[0] == 1 && out[1] == 3 && out[2] == 2 && out[3] == 4, "interleaved unpack");
    weft_type_free(&woven);
    weft_type_free(&half);
    weft_type_free(&inner);
  }

  // A user-defined operator on a struct domain, a monoid and a semiring on it.
  {
    weft_binary_op op = reinterpret_cast<weft_binary_op>(kSentinel);
    auto call = [&] { return weft_binary_op_new(double_op, st, st, st, &op); };
    auto release = [&] {
      weft_binary_op_free(&op);
      op = reinterpret_cast<weft_binary_op>(kSentinel);
    };
    call();
    release();
    oom::brutal("weft_binary_op_new", [] {}, call, release,
                [&] { return op == reinterpret_cast<weft_binary_op>(kSentinel); });
  }
  {
    weft_binary_op op = nullptr;
    OOM_CHECK(weft_binary_op_new(double_op, WEFT_DOUBLE, WEFT_DOUBLE, WEFT_DOUBLE, &op) == WEFT_SUCCESS, "op");
    weft_monoid m = reinterpret_cast<weft_monoid>(kSentinel);
    double zero = 0.0;
    auto call = [&] { return weft_monoid_new(op, &zero, &m); };
    auto release = [&] {
      weft_monoid_free(&m);
      m = reinterpret_cast<weft_monoid>(kSentinel);
    };
    call();
    release();
    oom::brutal("weft_monoid_new", [] {}, call, release,
                [&] { return m == reinterpret_cast<weft_monoid>(kSentinel); });
    OOM_CHECK(weft_monoid_new(op, &zero, &m) == WEFT_SUCCESS, "monoid");
    weft_semiring sr = reinterpret_cast<weft_semiring>(kSentinel);
    auto call2 = [&] { return weft_semiring_new(m, op, &sr); };
    auto release2 = [&] {
      weft_semiring_free(&sr);
      sr = reinterpret_cast<weft_semiring>(kSentinel);
    };
    call2();
    release2();
    oom::brutal("weft_semiring_new", [] {}, call2, release2,
                [&] { return sr == reinterpret_cast<weft_semiring>(kSentinel); });
    weft_monoid_free(&m);
    weft_binary_op_free(&op);
  }

  weft_type_free(&st);
  weft_type_free(&pair);
  weft_type_free(&base);
  std::printf("out of memory, types and monoids: %s\n", oom::failures ? "FAILED" : "ok");
  return oom::failures ? 1 : 0;
}
