// extern "C" Matrix Market reading and writing (files and in-memory text): handles,
// pointers and the type argument are checked here; core/sparse/matrix_market_*.cpp
// check the text.
#include <cstring>

#include "../core/sparse/matrix_market.hpp"
#include "collections.hpp"

using namespace weft;
using namespace weft::capi;

namespace {

// NULL (the file's domain) or a predefined domain.
Type *mm_type_arg(weft_type type) {
  if (!type) return nullptr;
  Type *t = domain_arg(type, "type");
  if (code_of(*t) == Code::UDT)
    fail(WEFT_DOMAIN_MISMATCH, "type: Matrix Market holds bool, integer, real and complex values, not a user-defined domain");
  return t;
}

}  // namespace

extern "C" weft_status weft_matrix_read_mm(const char *path, weft_type type, weft_matrix *A) {
  return guard(__func__, [&] {
    nonnull(path, "path");
    Type *t = mm_type_arg(type);
    nonnull(A, "A");
    *A = publish<weft_matrix>(read_matrix_market_file(path, t));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_read_mm_buffer(const void *text, int64_t size, weft_type type, weft_matrix *A) {
  return guard(__func__, [&] {
    array_arg(text, size, "text");
    nonneg(size, "size");
    Type *t = mm_type_arg(type);
    nonnull(A, "A");
    *A = publish<weft_matrix>(read_matrix_market(static_cast<const char *>(text), size_t(size), t));
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_write_mm(weft_matrix A, const char *path) {
  return guard(__func__, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    nonnull(path, "path");
    write_matrix_market_file(*a, path);
    return WEFT_SUCCESS;
  });
}

extern "C" weft_status weft_matrix_write_mm_buffer(weft_matrix A, void *buf, int64_t capacity, int64_t *size) {
  return guard(__func__, [&] {
    Matrix *a = handle_arg<Matrix>(A, "A");
    nonneg(capacity, "capacity");
    array_arg(buf, capacity, "buf");
    nonnull(size, "size");
    const std::string text = write_matrix_market(*a);
    *size = int64_t(text.size());
    if (capacity < *size)
      fail(WEFT_INSUFFICIENT_SPACE, "the text is %lld bytes, capacity %lld (*size says how many)", (long long)*size,
           (long long)capacity);
    std::memcpy(buf, text.data(), text.size());
    return WEFT_SUCCESS;
  });
}
