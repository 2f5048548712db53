// catalog.hpp — the predefined objects the shared sparse cases use (tests/cases/README.md),
// one X-list per kind, so the generator (which builds each one's model from its name)
// and the C runner (which maps each name to its WEFT_ handle) cannot drift apart.
// The Fortran and Rust runners keep their own tables of the same names.
#pragma once

#define CASES_SEMIRINGS(X)                                                                 \
  X(PLUS_TIMES_SEMIRING_INT64) X(PLUS_TIMES_SEMIRING_FP64) X(MIN_PLUS_SEMIRING_INT64)       \
  X(MIN_PLUS_SEMIRING_FP64) X(MAX_PLUS_SEMIRING_FP64) X(LOR_LAND_SEMIRING_BOOL)             \
  X(PLUS_PAIR_SEMIRING_INT64) X(ANY_PAIR_SEMIRING_BOOL) X(MIN_FIRST_SEMIRING_INT64)         \
  X(PLUS_SECOND_SEMIRING_FP64)

#define CASES_BINARY_OPS(X)                                                                \
  X(PLUS_INT32) X(PLUS_INT64) X(PLUS_FP64) X(TIMES_INT64) X(TIMES_FP64) X(MINUS_INT64)      \
  X(MINUS_FP64) X(MIN_INT64) X(MIN_FP64) X(MAX_INT64) X(MAX_FP64) X(FIRST_FP64)             \
  X(SECOND_INT64) X(LOR) X(LAND) X(EQ_INT64) X(GT_FP64)

#define CASES_MONOIDS(X)                                                                   \
  X(PLUS_MONOID_INT64) X(PLUS_MONOID_FP64) X(MIN_MONOID_INT64) X(MAX_MONOID_FP64)           \
  X(TIMES_MONOID_INT64) X(LOR_MONOID_BOOL) X(LAND_MONOID_BOOL)

#define CASES_UNARY_OPS(X) \
  X(IDENTITY_INT64) X(IDENTITY_FP64) X(AINV_INT64) X(AINV_FP64) X(ABS_FP64) X(LNOT)

#define CASES_INDEX_UNARY_OPS(X)                                                           \
  X(TRIL) X(TRIU) X(DIAG) X(OFFDIAG) X(ROWLE) X(COLGT) X(ROWINDEX_INT64) X(COLINDEX_INT64)  \
  X(DIAGINDEX_INT64) X(VALUEGT_FP64) X(VALUELE_INT64) X(VALUEEQ_INT64)
