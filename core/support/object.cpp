// The one registry of live user handles (libweft only; other weft libraries reach it
// through the weft__ exports of private_abi.hpp).
#include "object.hpp"

#include <mutex>
#include <shared_mutex>
#include <unordered_set>

namespace {
std::shared_mutex registry_mutex;
std::unordered_set<const void *> &registry() {
  static auto *set = new std::unordered_set<const void *>();  // never destroyed: safe at exit
  return *set;
}
}  // namespace

extern "C" void weft__registry_add(const void *o) {
  std::unique_lock lock(registry_mutex);
  registry().insert(o);
}
extern "C" void weft__registry_remove(const void *o) {
  std::unique_lock lock(registry_mutex);
  registry().erase(o);
}
extern "C" void weft__registry_swap(const void *placeholder, const void *o) noexcept {
  std::unique_lock lock(registry_mutex);
  auto node = registry().extract(placeholder);
  node.value() = o;
  // One element out and one back in: the set never grows here, so nothing rehashes
  // and nothing allocates.
  registry().insert(std::move(node));
}
extern "C" bool weft__registry_contains(const void *p) {
  std::shared_lock lock(registry_mutex);
  return registry().count(p) != 0;
}

// The count and the registry change together under the registry lock, so a handle
// made by weft_type_contents in one thread cannot miss the registry while another
// thread frees the last other handle.
extern "C" void weft__user_retain(void *object) {
  auto *o = static_cast<weft::Object *>(object);
  if (o->predefined) return;
  weft::retain(o);
  std::unique_lock lock(registry_mutex);
  if (o->user_refs.fetch_add(1) == 0) registry().insert(o);
}

extern "C" void weft__user_release(void *object) {
  auto *o = static_cast<weft::Object *>(object);
  if (o->predefined) return;
  {
    std::unique_lock lock(registry_mutex);
    if (o->user_refs.fetch_sub(1) == 1) registry().erase(o);
  }
  weft::release(o);
}
