// How an exchange moves `len` consecutive items, chosen once per exchange so the loops
// over the plan's maps are compiled for it (as mshadow picks a Saver for its map loop).
// Each also gives the item strides, ext() in typed buffers and bytes() in packed ones:
// compile-time constants for dense items, so a random-access loop spends no multiply
// or branch per item (which would cut the misses it keeps in flight by a third).
//
//   Mover  pack(packed, typed, len), unpack(typed, packed, len), copy(typed, typed, len)
//     DenseMove<W>  typed bytes = packed bytes: one memcpy, a fixed-width move for one
//                   item of W bytes (W = 0: any width);
//     UnitMove      any committed unit: weft_pack / weft_unpack / weft_copy of the run.
//   Saver  save_packed(typed dst, packed src, len), save_typed(typed dst, typed src, len)
//     Replace<M>    the arriving item replaces the owned one;
//     BulkReduce    dst = dst op src with a predefined monoid on dense units, its typed
//                   loop compiled into the exchange's loops: only the monoids the
//                   benchmarks measure (inline_reduced(); each one compiles every
//                   exchange loop again, which is what a cold build pays for);
//     BulkCall      the other bulk_reduced() monoids (PLUS, TIMES, MIN, MAX, LAND, LOR,
//                   BAND, BOR on any type): the same typed loop, called through a
//                   pointer once per run of consecutive items;
//     UnitReduce    any monoid: its operator, unit by unit (unpacking a non-contiguous
//                   unit into a scratch unit first).
#pragma once
#include <cstring>
#include <type_traits>
#include <vector>

#include "../../core/algebra/ops.hpp"
#include "items.hpp"

namespace weft::indexer {

template <int W>
struct DenseMove {
  int64_t ib;  // item bytes (= W when W > 0)
  int64_t ext() const { return W > 0 ? W : ib; }
  int64_t bytes() const { return W > 0 ? W : ib; }
  static void bytes(char *d, const char *s, int64_t n, int64_t ib) {
    if (W > 0 && n == 1)
      std::memcpy(d, s, size_t(W));
    else
      std::memcpy(d, s, size_t(n * ib));
  }
  void pack(char *packed, const char *typed, int64_t len) const { bytes(packed, typed, len, ib); }
  void unpack(char *typed, const char *packed, int64_t len) const { bytes(typed, packed, len, ib); }
  void copy(char *dst, const char *src, int64_t len) const { bytes(dst, src, len, ib); }
};

struct UnitMove {
  const Items *it;
  int64_t ext() const { return it->item_ext(); }
  int64_t bytes() const { return it->item_bytes(); }
  void pack(char *packed, const char *typed, int64_t len) const { it->pack(typed, len * it->count, packed); }
  void unpack(char *typed, const char *packed, int64_t len) const { it->unpack(packed, len * it->count, typed); }
  void copy(char *dst, const char *src, int64_t len) const { it->copy_typed(src, len * it->count, dst); }
};

// f(mover) with the mover that fits the items.
template <class F>
void with_mover(const Items &it, F &&f) {
  if (!it.dense()) return f(UnitMove{&it});
  switch (it.item_bytes()) {
    case 1: return f(DenseMove<1>{1});
    case 2: return f(DenseMove<2>{2});
    case 4: return f(DenseMove<4>{4});
    case 8: return f(DenseMove<8>{8});
    case 16: return f(DenseMove<16>{16});
    default: return f(DenseMove<0>{it.item_bytes()});
  }
}

template <class M>
struct Replace {
  M mv;
  int64_t ext() const { return mv.ext(); }
  int64_t bytes() const { return mv.bytes(); }
  void save_packed(char *dst, const char *src, int64_t len) const { mv.unpack(dst, src, len); }
  void save_typed(char *dst, const char *src, int64_t len) const { mv.copy(dst, src, len); }
};

// E: elements of T per item when fixed (1: the common scatter of scalars), else 0.
template <class T, class Op, int E>
struct BulkReduce {
  int64_t elems;  // elements of T per item
  int64_t per_item() const { return E > 0 ? E : elems; }
  int64_t ext() const { return per_item() * int64_t(sizeof(T)); }
  int64_t bytes() const { return ext(); }
  void save(char *dst, const char *src, int64_t len) const {
    if (E == 1 && len == 1)  // one element: no loop, no call
      ops::store<T>(dst, Op::f(ops::load<T>(dst), ops::load<T>(src)));
    else
      ops::apply_n<T, Op>(dst, src, len * per_item());
  }
  void save_packed(char *dst, const char *src, int64_t len) const { save(dst, src, len); }
  void save_typed(char *dst, const char *src, int64_t len) const { save(dst, src, len); }
};

// n elements of T: dst = Op(dst, src), one compiled loop per (T, Op) behind BulkCall.
template <class T, class Op>
void bulk_loop(char *dst, const char *src, int64_t n) {
  ops::apply_n<T, Op>(dst, src, n);
}
struct BulkCall {
  void (*loop)(char *dst, const char *src, int64_t n);
  int64_t elems, esize;  // elements per item, bytes per element
  int64_t ext() const { return elems * esize; }
  int64_t bytes() const { return ext(); }
  void save_packed(char *dst, const char *src, int64_t len) const { loop(dst, src, len * elems); }
  void save_typed(char *dst, const char *src, int64_t len) const { loop(dst, src, len * elems); }
};

struct UnitReduce {
  const Items *it;
  weft_binary_fn op;
  char *scratch;  // one unit, typed (based so that its true data start at scratch + tlb)
  int64_t ext() const { return it->item_ext(); }
  int64_t bytes() const { return it->item_bytes(); }
  void save_packed(char *dst, const char *src, int64_t len) const {
    for (int64_t u = 0; u < len * it->count; ++u) {
      char *d = dst + u * it->uext;
      const char *in = src + u * it->usize;
      if (it->contiguous) {
        op(d, d, in - it->tlb);
      } else {
        it->unpack(in, 1, scratch);
        op(d, d, scratch);
      }
    }
  }
  void save_typed(char *dst, const char *src, int64_t len) const {
    for (int64_t u = 0; u < len * it->count; ++u) op(dst + u * it->uext, dst + u * it->uext, src + u * it->uext);
  }
};

// Whether reducing with m gives the same bits in any order: the predefined monoids on
// integer and logical domains (modular arithmetic, min/max, and/or/xor are exactly
// associative and commutative). Not floating point (rounding; NaN and signed zeros in
// min/max), not ANY (it keeps the last value to arrive), not user monoids.
inline bool exact_in_any_order(weft_monoid m) {
#define WEFT_EXACT_(opname, type)            \
  if (m == WEFT_##opname##_MONOID_##type) \
    return OpCode::opname != OpCode::ANY && !std::is_floating_point_v<ctype_t<Code::type>>;
  WEFT_PREDEFINED_MONOIDS(WEFT_EXACT_)
#undef WEFT_EXACT_
  return false;
}

// The monoids whose puts on dense units get compiled loops (BulkReduce); the others
// call their operator unit by unit.
constexpr bool bulk_reduced(OpCode op) {
  switch (op) {
    case OpCode::PLUS: case OpCode::TIMES: case OpCode::MIN: case OpCode::MAX:
    case OpCode::LAND: case OpCode::LOR: case OpCode::BAND: case OpCode::BOR:
      return true;
    default:
      return false;
  }
}

// The monoids compiled into the exchange loops: those bench/indexer_bench.cpp measures
// (sums of doubles) and their nearest kin. Anything added here multiplies the build time
// of exchange_fixed.cpp; measure before adding.
#define WEFT_INDEXER_INLINE_MONOIDS(X) X(PLUS, FP64) X(PLUS, INT64)

// f(saver) for a put with monoid `m` (NULL: replace) of operator function `op`.
template <class F>
void with_saver(const Items &it, weft_monoid m, weft_binary_fn op, F &&f) {
  if (!m) return with_mover(it, [&](auto mv) { f(Replace<decltype(mv)>{mv}); });
  if (it.dense() && it.usize > 0) {
#define WEFT_INLINE_(opname, type)                                                                 \
  if (m == WEFT_##opname##_MONOID_##type && it.usize == int64_t(sizeof(ctype_t<Code::type>))) {    \
    using T_ = ctype_t<Code::type>;                                                                \
    using Op_ = ops::functor_t<OpCode::opname>;                                                    \
    int64_t elems = it.item_bytes() / int64_t(sizeof(T_));                                         \
    if (elems == 1) return f(BulkReduce<T_, Op_, 1>{1});                                           \
    return f(BulkReduce<T_, Op_, 0>{elems});                                                       \
  }
    WEFT_INDEXER_INLINE_MONOIDS(WEFT_INLINE_)
#undef WEFT_INLINE_
#define WEFT_BULK_(opname, type)                                                                   \
  if constexpr (bulk_reduced(OpCode::opname)) {                                                    \
    using T_ = ctype_t<Code::type>;                                                                \
    if (m == WEFT_##opname##_MONOID_##type && it.usize == int64_t(sizeof(T_)))                     \
      return f(BulkCall{&bulk_loop<T_, ops::functor_t<OpCode::opname>>,                            \
                        it.item_bytes() / int64_t(sizeof(T_)), int64_t(sizeof(T_))});             \
  }
    WEFT_PREDEFINED_MONOIDS(WEFT_BULK_)
#undef WEFT_BULK_
  }
  std::vector<char> scratch(size_t(it.text > 0 ? it.text : 1));
  f(UnitReduce{&it, op, scratch.data() - it.tlb});
}

}  // namespace weft::indexer
