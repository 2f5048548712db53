// A datatype node: how it was built (combiner + arguments + inputs), the cached stats
// of its typemap, and, once committed, its compiled program.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "../support/object.hpp"
#include "basic.hpp"
#include "signature.hpp"
#include "stats.hpp"

namespace weft {

struct Program;

// A weft_type handle is a Type* (reinterpret_cast at the C boundary).
struct Type : Object {
  int combiner = WEFT_COMBINER_NAMED;
  BasicId basic = BasicId::count_;  // for predefined types
  // The constructor's arguments, as weft_type_contents returns them.
  std::vector<int64_t> ints;
  std::vector<int64_t> addrs;
  std::vector<Ref<Type>> inputs;

  Stats st;
  int64_t top_count = 0;  // weft_type_count
  // Homogeneous signature: the single basic type of every entry, or count_ if mixed or
  // empty. Lets signature matching skip whole subtrees.
  BasicId uniform_basic = BasicId::count_;
  bool signature_empty = true;
  Signature sig;  // the signature's fingerprint (weft_type_signature)

  // Set once by commit (under its lock), before `committed_flag`; shared with dups.
  // Readers check committed() first: its acquire load orders their reads of `program`
  // after the committing thread's writes, so one thread may commit a type while others
  // ask whether it is committed.
  std::shared_ptr<const Program> program;
  std::atomic<bool> committed_flag{false};
  // Largest count of copies known not to overlap, and smallest known to overlap (for
  // receive types; receive_disjoint fills them in).
  std::atomic<int64_t> verified_disjoint_count{-1};
  std::atomic<int64_t> known_overlap_count{INT64_MAX};

  static constexpr Magic kMagic = Magic::type;
  static constexpr const char *kHandleName = "weft_type";
  static bool is_predefined_address(const void *p);  // one of predefined_type()'s table

  Type() : Object(Magic::type) {}

  bool committed() const { return committed_flag.load(std::memory_order_acquire); }
  bool is_marker() const { return predefined && basic_info(basic).marker; }
};

// Predefined type objects, indexed by BasicId (capi/predefined_api.cpp exports them).
Type *predefined_type(BasicId id);

// Constructors (core/types/<name>.cpp). Arguments are validated by capi; these only
// compute, throwing Error(WEFT_OVERFLOW) when 64 bits are not enough.
Type *make_contiguous(int64_t count, Type *old);
Type *make_vector(int64_t count, int64_t blocklen, int64_t stride, Type *old, bool bytes);
Type *make_indexed(int64_t count, const int64_t *blocklens, int64_t blocklen,
                   const int64_t *displs, Type *old, bool bytes);
Type *make_struct(int64_t count, const int64_t *blocklens, const int64_t *displs,
                  Type *const *types);
Type *make_subarray(int ndims, const int64_t *sizes, const int64_t *subsizes,
                    const int64_t *starts, int order, Type *old);
Type *make_resized(Type *old, int64_t lb, int64_t extent);
Type *make_dup(Type *old);
Type *make_struct_aligned(int64_t count, const int64_t *blocklens, Type *const *types,
                          int64_t *displs_out);


}  // namespace weft
