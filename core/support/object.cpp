#include "object.hpp"

#include <mutex>
#include <shared_mutex>
#include <unordered_set>

namespace weft {

namespace {
std::shared_mutex registry_mutex;
std::unordered_set<const void *> &registry() {
  static auto *set = new std::unordered_set<const void *>();  // never destroyed: safe at exit
  return *set;
}
}  // namespace

void registry_add(const Object *o) {
  std::unique_lock lock(registry_mutex);
  registry().insert(o);
}
void registry_remove(const Object *o) {
  std::unique_lock lock(registry_mutex);
  registry().erase(o);
}
bool registry_contains(const void *p) {
  std::shared_lock lock(registry_mutex);
  return registry().count(p) != 0;
}

// The count and the registry change together under the registry lock, so a handle
// made by weft_type_contents in one thread cannot miss the registry while another
// thread frees the last other handle.
void user_retain(Object *o) {
  if (o->predefined) return;
  retain(o);
  std::unique_lock lock(registry_mutex);
  if (o->user_refs.fetch_add(1) == 0) registry().insert(o);
}

void user_release(Object *o) {
  if (o->predefined) return;
  {
    std::unique_lock lock(registry_mutex);
    if (o->user_refs.fetch_sub(1) == 1) registry().erase(o);
  }
  release(o);
}

}  // namespace weft
