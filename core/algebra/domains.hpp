// GraphBLAS domains on weft types: which weft types are predefined domains (and which C
// type holds their values), how values of one domain are cast to another, and when two
// user-defined domains are the same. The domain list itself (Code, ctype_t: the one map
// from domain to C type, §3.3 of the architecture review) is in ops.hpp, which libweft_mpi
// may include too.
#pragma once
#include <complex>
#include <cstdint>

#include "../types/type.hpp"
#include "ops.hpp"

namespace weft {

// "BOOL", "INT8", ..., "UDT".
const char *code_name(Code c);
// The predefined type of a code (not UDT).
Type *code_type(Code c);
// The code of a type: a predefined type of a domain's representation and size (WEFT_INT
// is INT32, WEFT_DOUBLE_PRECISION is FP64, WEFT_COMPLEX is FC32), else UDT.
Code code_of(const Type &t);
inline bool is_predefined_code(Code c) { return c != Code::UDT; }

// Why t cannot be a domain ("has no data", ...), or nullptr when it can: predefined
// codes always can; a user type needs data, true_lb >= 0 and true_lb + true_extent <= extent.
const char *domain_problem(const Type &t);
// Bytes one element of a domain occupies in a collection and in caller arrays (the
// type's extent; the size for predefined domains).
inline int64_t element_size(const Type &t) { return t.st.extent; }

// Whether values of `from` may be given where `to` is expected: both predefined codes
// (C casts), or the same user-defined domain (the same type, or types with the same
// flattened typemap and extent, as a deserialized domain is).
bool compatible(const Type &to, const Type &from);
// Whether a and b are the same domain (not only compatible): the same predefined code
// (WEFT_INT and WEFT_INT32 are), or compatible user-defined domains. What a monoid needs
// of its operator's three domains and a semiring of its multiply's output.
bool same_domain(const Type &a, const Type &b);
// compatible(), else throws WEFT_DOMAIN_MISMATCH "<what>: <to name> and <from name>".
void require_compatible(const Type &to, const Type &from, const char *what);

// Casts one element: z (of `to`) = x (of `from`), by C's rules made total (to BOOL: x !=
// 0; complex to real: the real part; floating to integer: truncation toward zero,
// saturating at the limits, NaN -> 0). Between the same code, or for user-defined
// domains, a copy of element_size bytes. z and x may be the same address.
using CastFn = void (*)(void *z, const void *x);
CastFn cast_fn(Code to, Code from);
// The cast function between two compatible types (a byte copy of `size` bytes between
// the same user domain: callers pass element_size).
struct Cast {
  CastFn fn = nullptr;  // nullptr: copy `size` bytes
  int64_t size = 0;
  void operator()(void *z, const void *x) const;
};
Cast make_cast(const Type &to, const Type &from);

}  // namespace weft
