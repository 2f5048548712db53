// Every object behind a handle starts with this header: a magic word naming its kind
// (so a handle of the wrong kind is rejected) and two reference counts.
//   user_refs: handles the caller holds; when it reaches 0 the handle is invalid.
//   refs:      all references (user handles + objects that use this one); at 0 the
//              object is destroyed.
// Live handles are also kept in a registry, so validating a garbage pointer never
// dereferences it. There is one registry per process: it lives in libweft and other weft
// libraries reach it through the private ABI (private_abi.hpp).
//
// Each kind of object behind a handle declares, for capi/handles.hpp:
//   static constexpr Magic kMagic;               its magic word
//   static constexpr const char *kHandleName;    its C handle type, for messages
//   static bool is_predefined_address(const void *p);
//     whether p is one of its predefined objects (kept in one static table per kind and
//     recognised by address, never dereferenced); Object's default says no.
#pragma once
#include <atomic>
#include <cstdint>

#include "private_abi.hpp"

namespace weft {

enum class Magic : uint64_t {
  type = 0x7466657774797065ull,  // any fixed, unlikely values, one per kind
  monoid = 0x6d6f6e6f69647766ull,
  indexer = 0x696e646578657277ull,
  request = 0x7265717565737477ull,
  unary_op = 0x756e6172796f7077ull,
  binary_op = 0x62696e6f70777766ull,
  index_unary_op = 0x69647875706f7077ull,
  semiring = 0x73656d6972696e67ull,
  matrix = 0x6d61747269787766ull,
  vector = 0x766563746f727766ull,
  scalar = 0x7363616c61727766ull,
  descriptor = 0x6465736372697074ull,
  dead = 0xdeaddeaddeaddeadull,
};

struct Object {
  Magic magic;
  std::atomic<int64_t> refs{1};
  std::atomic<int64_t> user_refs{1};
  bool predefined = false;

  explicit Object(Magic m) : magic(m) {}
  virtual ~Object() { magic = Magic::dead; }
  static bool is_predefined_address(const void *) { return false; }
};

// Whether p is the address of one of the n objects of a predefined table (compared as
// integers: p is never dereferenced). What each kind's is_predefined_address uses.
template <class T>
bool is_table_entry(const void *p, const T *table, int64_t n) {
  auto a = reinterpret_cast<uintptr_t>(p), lo = reinterpret_cast<uintptr_t>(table),
       hi = reinterpret_cast<uintptr_t>(table + n);
  return a >= lo && a < hi && (a - lo) % sizeof(T) == 0;
}

// Registry of live user handles. Only capi/handles.hpp adds (publish) and checks
// (handle_arg); a request's wait removes it.
inline void registry_add(const Object *o) { weft__registry_add(o); }
inline void registry_remove(const Object *o) { weft__registry_remove(o); }
inline bool registry_contains(const void *p) { return weft__registry_contains(p); }

// Internal reference management.
inline void retain(Object *o) { o->refs.fetch_add(1, std::memory_order_relaxed); }
inline void release(Object *o) {
  if (o->predefined) return;
  if (o->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete o;
}

// A new user handle to an existing object (e.g. returned by a contents query).
inline void user_retain(Object *o) { weft__user_retain(o); }
// The caller gives up one handle (the object goes when nothing else uses it).
inline void user_release(Object *o) { weft__user_release(o); }

// Intrusive smart pointer for internal references.
template <class T>
class Ref {
 public:
  Ref() = default;
  explicit Ref(T *p) : p_(p) { if (p_) retain(p_); }
  Ref(const Ref &o) : p_(o.p_) { if (p_) retain(p_); }
  Ref(Ref &&o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  Ref &operator=(Ref o) { std::swap(p_, o.p_); return *this; }
  ~Ref() { if (p_) release(p_); }
  T *get() const { return p_; }
  T *operator->() const { return p_; }
  T &operator*() const { return *p_; }
 private:
  T *p_ = nullptr;
};

}  // namespace weft
