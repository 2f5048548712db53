// Typed copy between two layouts, the local send-receive: core/types/copy.cpp. Throws
// weft::Error before touching the destination when the request cannot be met.
#pragma once
#include <cstdint>

#include "type.hpp"

namespace weft {

// Copies scount x stype at src into dcount x dtype at dst; returns the bytes moved.
int64_t copy(const void *src, int64_t scount, const Type &stype, void *dst, int64_t dcount, Type &dtype);

}  // namespace weft
