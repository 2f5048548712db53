/*
 * weft/algebra.h — operators, monoids and semirings (included by weft.h; do not include
 * it alone). What GraphBLAS calls the algebra: the functions the semiring engine (and the
 * global indexer's reductions) combine elements with.
 *
 * Domains are weft types. The predefined domains are WEFT_BOOL, WEFT_INT8 .. WEFT_INT64,
 * WEFT_UINT8 .. WEFT_UINT64, WEFT_FP32, WEFT_FP64 and the complex WEFT_FC32, WEFT_FC64;
 * a predefined type with the same representation counts as that domain (WEFT_INT is
 * WEFT_INT32, WEFT_DOUBLE_PRECISION is WEFT_FP64). Values of these domains are cast into
 * each other by C's rules, made total: to BOOL, x != 0; from a complex type, its real
 * part; floating to integer truncates toward zero, saturates at the type's limits and
 * maps NaN to 0 (SuiteSparse:GraphBLAS does the same; C leaves those cases undefined).
 * Any other weft type (a struct, a vector of doubles, WEFT_LONG_DOUBLE) is a user-defined
 * domain, compatible only with a type of the same signature, extent and bounds (in
 * practice: itself). A user-defined domain must have data, no data at negative
 * displacements (true_lb >= 0) and an extent covering its data (true_lb + true_extent
 * <= extent); its elements are moved as `extent` bytes.
 *
 * An element is passed to a function as the address of one copy of its domain type (the
 * type's displacement 0, as in a buffer of count 1). Functions must allow z to alias x
 * or y, and must not keep the pointers.
 */
#ifndef WEFT_ALGEBRA_H
#define WEFT_ALGEBRA_H
#ifndef WEFT_H
#error "include weft.h, not weft/algebra.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct weft_unary_op_s *weft_unary_op;
typedef struct weft_binary_op_s *weft_binary_op;
typedef struct weft_index_unary_op_s *weft_index_unary_op;
typedef struct weft_monoid_s *weft_monoid;
typedef struct weft_semiring_s *weft_semiring;

/* The C functions behind operators: z = f(x), z = f(x, y), z = f(x, i, j, thunk). For an
 * index-unary operator applied to a vector, i is the index and j is 0. */
typedef void (*weft_unary_fn)(void *z, const void *x);
typedef void (*weft_binary_fn)(void *z, const void *x, const void *y);
typedef void (*weft_index_unary_fn)(void *z, const void *x, int64_t i, int64_t j, const void *thunk);

/* ---- Predefined operators ------------------------------------------------------------
 * Named WEFT_<OP>_<TYPE> (GraphBLAS's GrB_<OP>_<TYPE>); the operators that exist only on
 * BOOL have no suffix (WEFT_LOR). TYPE is one of BOOL INT8 INT16 INT32 INT64 UINT8 UINT16
 * UINT32 UINT64 FP32 FP64. Integer PLUS, MINUS, TIMES, AINV, ABS wrap around (two's
 * complement: ABS and AINV of INT_MIN give INT_MIN, AINV of an unsigned x gives 2^n - x);
 * integer DIV by 0 gives 0 (x/0 is undefined in C; SuiteSparse gives the type's max for
 * x > 0) and INT_MIN / -1 gives INT_MIN; floating arithmetic is IEEE (ABS clears the sign
 * bit, also of -0 and NaN). MIN and MAX on FP32/FP64 are IEEE 754-2019 minimum/maximum
 * (NaN-propagating, -0 < +0; C's fmin/fmax and SuiteSparse drop a NaN operand instead).
 * BOOL arithmetic: PLUS is LOR, TIMES is LAND, MINUS is LXOR, DIV is FIRST, MIN is LAND,
 * MAX is LOR, ABS and AINV are IDENTITY. Comparisons with a NaN are false but for NE.
 *
 *   unary   IDENTITY_T ABS_T AINV_T (-x) MINV_F (1/x, FP32/FP64 only) LNOT (BOOL) BNOT_I (~x)
 *   binary  T x T -> T: FIRST (x) SECOND (y) ONEB (1) PAIR (1, the same as ONEB) ANY (x or
 *           y: GraphBLAS leaves which unspecified; weft's, as SuiteSparse's, gives y) MIN
 *           MAX PLUS MINUS TIMES DIV; T x T -> BOOL: EQ NE GT LT GE LE;
 *           BOOL: LOR LAND LXOR LXNOR; I x I -> I: BOR BAND BXOR BXNOR (BXNOR: ~(x ^ y))
 *   (T: the 11 types, I: the 8 integer types, F: FP32 and FP64.)
 * The index-unary operators ignore (ROWINDEX, COLINDEX, DIAGINDEX, TRIL ... ROWGT) or test
 * (VALUE*) the element; the positional ones accept a collection of any domain:
 *   WEFT_ROWINDEX_INT64 i + s     WEFT_COLINDEX_INT64 j + s     WEFT_DIAGINDEX_INT64 j - i + s
 *   (also _INT32: the result and s are INT32; arithmetic is on int64_t, wrapping around,
 *   then cast to the result's type as C does)
 *   WEFT_TRIL j <= i + s   WEFT_TRIU j >= i + s   WEFT_DIAG j == i + s   WEFT_OFFDIAG j != i + s
 *   WEFT_ROWLE i <= s   WEFT_ROWGT i > s   WEFT_COLLE j <= s   WEFT_COLGT j > s
 *   (s is INT64; these give BOOL; exact for any s: TRIL compares j - i with s)
 *   WEFT_VALUEEQ_T x == s, VALUENE, VALUELT, VALUELE, VALUEGT, VALUEGE (s of type T; BOOL)
 * Predefined operators, monoids and semirings are immutable, shared by every thread and
 * cannot be freed (weft_*_free gives WEFT_INVALID_VALUE). */
#define WEFT_TYPES_ALL_(X, OP) \
  X(OP, BOOL) X(OP, INT8) X(OP, INT16) X(OP, INT32) X(OP, INT64) X(OP, UINT8) X(OP, UINT16) \
  X(OP, UINT32) X(OP, UINT64) X(OP, FP32) X(OP, FP64)
#define WEFT_TYPES_INT_(X, OP) \
  X(OP, INT8) X(OP, INT16) X(OP, INT32) X(OP, INT64) X(OP, UINT8) X(OP, UINT16) X(OP, UINT32) \
  X(OP, UINT64)
#define WEFT_TYPES_NUM_(X, OP) WEFT_TYPES_INT_(X, OP) X(OP, FP32) X(OP, FP64)
#define WEFT_TYPES_FP_(X, OP) X(OP, FP32) X(OP, FP64)

/* X(OP, TYPE) for every typed unary operator WEFT_<OP>_<TYPE>; WEFT_LNOT is extra. */
#define WEFT_PREDEFINED_UNARY_OPS(X)                                                      \
  WEFT_TYPES_ALL_(X, IDENTITY) WEFT_TYPES_ALL_(X, ABS) WEFT_TYPES_ALL_(X, AINV)          \
  WEFT_TYPES_FP_(X, MINV) WEFT_TYPES_INT_(X, BNOT)
/* X(OP, TYPE) for every typed binary operator WEFT_<OP>_<TYPE>. */
#define WEFT_PREDEFINED_BINARY_OPS(X)                                                     \
  WEFT_TYPES_ALL_(X, FIRST) WEFT_TYPES_ALL_(X, SECOND) WEFT_TYPES_ALL_(X, ONEB)           \
  WEFT_TYPES_ALL_(X, PAIR) WEFT_TYPES_ALL_(X, ANY) WEFT_TYPES_ALL_(X, MIN)                \
  WEFT_TYPES_ALL_(X, MAX) WEFT_TYPES_ALL_(X, PLUS) WEFT_TYPES_ALL_(X, MINUS)              \
  WEFT_TYPES_ALL_(X, TIMES) WEFT_TYPES_ALL_(X, DIV) WEFT_TYPES_ALL_(X, EQ)                \
  WEFT_TYPES_ALL_(X, NE) WEFT_TYPES_ALL_(X, GT) WEFT_TYPES_ALL_(X, LT)                    \
  WEFT_TYPES_ALL_(X, GE) WEFT_TYPES_ALL_(X, LE) WEFT_TYPES_INT_(X, BOR)                   \
  WEFT_TYPES_INT_(X, BAND) WEFT_TYPES_INT_(X, BXOR) WEFT_TYPES_INT_(X, BXNOR)
/* X(OP) for the BOOL-only binary operators WEFT_<OP>. */
#define WEFT_PREDEFINED_BOOL_BINARY_OPS(X) X(LOR) X(LAND) X(LXOR) X(LXNOR)
/* X(OP, TYPE) for the typed index-unary operators WEFT_<OP>_<TYPE>. */
#define WEFT_PREDEFINED_INDEX_UNARY_OPS(X)                                                \
  X(ROWINDEX, INT32) X(ROWINDEX, INT64) X(COLINDEX, INT32) X(COLINDEX, INT64)             \
  X(DIAGINDEX, INT32) X(DIAGINDEX, INT64)                                                 \
  WEFT_TYPES_ALL_(X, VALUEEQ) WEFT_TYPES_ALL_(X, VALUENE) WEFT_TYPES_ALL_(X, VALUELT)     \
  WEFT_TYPES_ALL_(X, VALUELE) WEFT_TYPES_ALL_(X, VALUEGT) WEFT_TYPES_ALL_(X, VALUEGE)
/* X(OP) for the untyped index-unary operators WEFT_<OP>. */
#define WEFT_PREDEFINED_POSITIONAL_OPS(X) \
  X(TRIL) X(TRIU) X(DIAG) X(OFFDIAG) X(ROWLE) X(ROWGT) X(COLLE) X(COLGT)

#define WEFT_OP_DECL2_(op, type) extern WEFT_API const weft_unary_op WEFT_##op##_##type;
WEFT_PREDEFINED_UNARY_OPS(WEFT_OP_DECL2_)
#undef WEFT_OP_DECL2_
extern WEFT_API const weft_unary_op WEFT_LNOT;
#define WEFT_OP_DECL2_(op, type) extern WEFT_API const weft_binary_op WEFT_##op##_##type;
WEFT_PREDEFINED_BINARY_OPS(WEFT_OP_DECL2_)
#undef WEFT_OP_DECL2_
#define WEFT_OP_DECL1_(op) extern WEFT_API const weft_binary_op WEFT_##op;
WEFT_PREDEFINED_BOOL_BINARY_OPS(WEFT_OP_DECL1_)
#undef WEFT_OP_DECL1_
#define WEFT_OP_DECL2_(op, type) extern WEFT_API const weft_index_unary_op WEFT_##op##_##type;
WEFT_PREDEFINED_INDEX_UNARY_OPS(WEFT_OP_DECL2_)
#undef WEFT_OP_DECL2_
#define WEFT_OP_DECL1_(op) extern WEFT_API const weft_index_unary_op WEFT_##op;
WEFT_PREDEFINED_POSITIONAL_OPS(WEFT_OP_DECL1_)
#undef WEFT_OP_DECL1_

/* ---- User-defined operators ----------------------------------------------------------
 * A new operator computing f with the given domains (weft types; see the top of this
 * file for what a domain may be; every domain is required, also xtype of an index-unary
 * operator). Fails with WEFT_NULL_POINTER (f or the output NULL), WEFT_INVALID_HANDLE (a
 * domain is NULL or not a live type), WEFT_INVALID_VALUE (a domain that cannot hold
 * elements: WEFT_LB/WEFT_UB, no data, data at a negative displacement or beyond the
 * extent); on failure *op is unchanged. The operator keeps its domain types alive: the
 * caller may free them at once. */
WEFT_API weft_status weft_unary_op_new(weft_unary_fn f, weft_type ztype, weft_type xtype,
                                       weft_unary_op *op);
WEFT_API weft_status weft_binary_op_new(weft_binary_fn f, weft_type ztype, weft_type xtype,
                                        weft_type ytype, weft_binary_op *op);
WEFT_API weft_status weft_index_unary_op_new(weft_index_unary_fn f, weft_type ztype,
                                             weft_type xtype, weft_type thunktype,
                                             weft_index_unary_op *op);

/* A user-defined binary operator given with f's C source as well, so that weft can
 * compile kernels with the operator inlined into their loops (a JIT, as SuiteSparse:
 * GraphBLAS 8 does for GxB_BinaryOp_new with a definition) instead of calling f for
 * every element.
 *   name:       the function's name in `definition`: a C identifier of at most 63
 *               characters, not beginning with "weft_" (weft's own names in the kernels).
 *   definition: the C definition of that function, in weft_binary_fn's form with the
 *               operator's C types, e.g.
 *                 "void my_times(double *z, const double *x, const double *y)"
 *                 " { *z = *x * *y; }"
 *               It must compute exactly what f computes: weft calls either, and results
 *               are the same only if they are. <stdint.h>, <stdbool.h> and <complex.h>
 *               are included before it (BOOL values are C's bool, FC32 / FC64 float /
 *               double _Complex); other headers it includes itself.
 * Which kernels are compiled (today): the dot products of weft_mxv and weft_vxm when
 * they pull (weft/sparse.h says when they do), for a semiring whose monoid's operator and
 * multiply both have source, on predefined domains that need no cast. Everything else,
 * and every call while the JIT is off (weft_set_jit), calls f.
 * A kernel is compiled at a product's first use in a process, by $WEFT_JIT_CC (else `cc`
 * on the PATH) with -O2 and no floating-point contraction (about 0.1 s), and kept in a
 * cache folder ($WEFT_JIT_CACHE, else $XDG_CACHE_HOME/weft/jit, else
 * $HOME/.cache/weft/jit), where later processes load it. When the compiler is missing or
 * the definition does not compile, f is used (weft_get_stat: WEFT_STAT_JIT_FAILED) and
 * the compiler's messages are left in the cache folder (k<hash>.log).
 * Fails as weft_binary_op_new, and with WEFT_NULL_POINTER (name or definition NULL),
 * WEFT_INVALID_VALUE (name not such an identifier, or not in definition); *op is then
 * unchanged. A definition is not compiled here: its errors show only as the fallback. */
WEFT_API weft_status weft_binary_op_new_source(weft_binary_fn f, weft_type ztype,
                                               weft_type xtype, weft_type ytype,
                                               const char *name, const char *definition,
                                               weft_binary_op *op);
/* Whether kernels are compiled for operators with source from now on (1) or f is always
 * called (0). Default 1, unless the environment's WEFT_JIT is "0" or "off" when weft
 * first asks. Results do not depend on it. Another value than 0 or 1: WEFT_INVALID_VALUE.
 * The getter fails with WEFT_NULL_POINTER (on NULL). */
WEFT_API weft_status weft_set_jit(int on);
WEFT_API weft_status weft_get_jit(int *on);
/* Release the caller's handle and set it to NULL (objects built from the operator keep
 * it alive). Fails with WEFT_NULL_POINTER (op NULL), WEFT_INVALID_HANDLE (*op not a live
 * operator of that kind) or WEFT_INVALID_VALUE (a predefined operator); *op is then
 * unchanged. */
WEFT_API weft_status weft_unary_op_free(weft_unary_op *op);
WEFT_API weft_status weft_binary_op_free(weft_binary_op *op);
WEFT_API weft_status weft_index_unary_op_free(weft_index_unary_op *op);

/* Queries: the domains (not new handles: usable while the caller holds its own handle to
 * the type, or it is predefined; any output may be NULL; a positional index-unary
 * operator's xtype is NULL: it accepts any domain, and thunktype is its s) and the C
 * function (for callers that apply it to many elements themselves; a predefined operator
 * has one too). Fail with WEFT_INVALID_HANDLE (op) or WEFT_NULL_POINTER (f). */
WEFT_API weft_status weft_unary_op_types(weft_unary_op op, weft_type *ztype, weft_type *xtype);
WEFT_API weft_status weft_binary_op_types(weft_binary_op op, weft_type *ztype, weft_type *xtype,
                                          weft_type *ytype);
WEFT_API weft_status weft_index_unary_op_types(weft_index_unary_op op, weft_type *ztype,
                                               weft_type *xtype, weft_type *thunktype);
WEFT_API weft_status weft_unary_op_function(weft_unary_op op, weft_unary_fn *f);
WEFT_API weft_status weft_binary_op_function(weft_binary_op op, weft_binary_fn *f);
WEFT_API weft_status weft_index_unary_op_function(weft_index_unary_op op, weft_index_unary_fn *f);

/* ------------------------------------------------------------------------------------
 * Monoids: an associative binary operator whose three domains are equal, with an
 * identity (and optionally a terminal value t: x op t = t, which lets reductions stop
 * early). The global indexer's reductions are monoids; so are the additions of semirings.
 * ---------------------------------------------------------------------------------- */

/* Predefined monoids WEFT_<OP>_MONOID_<TYPE>, identities as in GraphBLAS and Maia/NumPy:
 *   PLUS 0, TIMES 1, MIN +inf / the type's max, MAX -inf / the type's min,
 *   LAND true (1), LOR false (0), BAND all bits set, BOR 0, LXOR false, LXNOR true,
 *   BXOR 0, BXNOR all bits set, ANY 0.
 * Terminals: TIMES 0 on the integer types, MIN the type's min and MAX the type's max on
 * the integer types, LAND false, LOR true, BAND 0, BOR all bits set; ANY: every value is
 * terminal (a reduction may stop at its first value; weft_monoid_terminal reports 0, as
 * SuiteSparse does). The others have none: PLUS, LXOR, LXNOR, BXOR, BXNOR, TIMES on
 * FP32/FP64 (0 * NaN is NaN), and MIN, MAX on FP32/FP64 (a later NaN still changes the
 * result). ANY's operator returns its second operand, so its identity is neutral on the
 * left only (0 ANY x = x): a reduction that starts from the identity ends on a reduced
 * value.
 * PLUS, TIMES, MIN, MAX: the integer types and FP32, FP64.
 * On FP32/FP64, MIN and MAX are IEEE 754-2019 minimum/maximum, as numpy's minimum and
 * maximum: a NaN operand gives NaN, -0 is smaller than +0, and the result does not depend
 * on the order of the operands (so a reduction's result does not depend on the order
 * values arrive in). Note: C's fmin/fmax, and so SuiteSparse:GraphBLAS's MIN/MAX, return
 * the other operand when one is NaN; weft's do not.
 * LAND, LOR, BAND, BOR: BOOL and the integer types (LAND/LOR read nonzero as true and give
 * 0 or 1); LXOR, LXNOR: BOOL; BXOR, BXNOR: the integer types; ANY: all 11 types. A
 * monoid's operator is the predefined operator of the same name and type (WEFT_PLUS_INT32,
 * WEFT_LAND); LAND and LOR on the integer types and BAND and BOR on BOOL have predefined
 * operators without a WEFT_ name, which weft_monoid_operator returns.
 * A predefined monoid also accepts, as its domain, a predefined type with the same
 * representation: WEFT_PLUS_MONOID_INT32 reduces WEFT_INT, WEFT_INT32 and WEFT_INTEGER;
 * WEFT_PLUS_MONOID_FP64 reduces WEFT_DOUBLE and WEFT_DOUBLE_PRECISION. */
#define WEFT_MONOID_NUMERIC_TYPES(X, OP) WEFT_TYPES_NUM_(X, OP)
#define WEFT_MONOID_LOGICAL_TYPES(X, OP) \
  X(OP, BOOL) WEFT_TYPES_INT_(X, OP)
#define WEFT_PREDEFINED_MONOIDS(X)                                                      \
  WEFT_MONOID_NUMERIC_TYPES(X, PLUS) WEFT_MONOID_NUMERIC_TYPES(X, TIMES)                 \
  WEFT_MONOID_NUMERIC_TYPES(X, MIN) WEFT_MONOID_NUMERIC_TYPES(X, MAX)                    \
  WEFT_MONOID_LOGICAL_TYPES(X, LAND) WEFT_MONOID_LOGICAL_TYPES(X, LOR)                   \
  WEFT_MONOID_LOGICAL_TYPES(X, BAND) WEFT_MONOID_LOGICAL_TYPES(X, BOR)                   \
  X(LXOR, BOOL) X(LXNOR, BOOL) WEFT_TYPES_INT_(X, BXOR) WEFT_TYPES_INT_(X, BXNOR)        \
  WEFT_TYPES_ALL_(X, ANY)

#define WEFT_MONOID_DECL_(op, type) extern WEFT_API const weft_monoid WEFT_##op##_MONOID_##type;
WEFT_PREDEFINED_MONOIDS(WEFT_MONOID_DECL_)
#undef WEFT_MONOID_DECL_

/* A user-defined monoid on op, whose three domains must be one domain (the same
 * predefined domain, as WEFT_INT and WEFT_INT32 are, or the same user-defined one).
 * identity points to one element of the domain: its element size (the type's extent)
 * bytes are copied. The caller promises op is associative and identity neutral (for a
 * semiring's addition, also commutative). The monoid keeps op alive: the caller may free
 * it at once. It reduces units of op's domain type only (weft_monoid_accepts). Fails with
 * WEFT_NULL_POINTER (identity or monoid NULL), WEFT_INVALID_HANDLE (op) or
 * WEFT_DOMAIN_MISMATCH (op's domains differ); on failure *monoid is unchanged. */
WEFT_API weft_status weft_monoid_new(weft_binary_op op, const void *identity, weft_monoid *monoid);
/* As weft_monoid_new, with a terminal element (x op terminal = terminal for every x),
 * copied as the identity is; terminal NULL: WEFT_NULL_POINTER. */
WEFT_API weft_status weft_monoid_new_terminal(weft_binary_op op, const void *identity,
                                              const void *terminal, weft_monoid *monoid);
/* Releases the caller's handle to a user-defined monoid (semirings built on it keep it
 * alive) and sets *monoid to NULL. Fails with WEFT_NULL_POINTER (monoid NULL),
 * WEFT_INVALID_HANDLE (*monoid) or WEFT_INVALID_VALUE (a predefined monoid), leaving
 * *monoid unchanged. */
WEFT_API weft_status weft_monoid_free(weft_monoid *monoid);
/* The operator. Not a new handle: the monoid keeps the operator alive, but the handle is
 * usable only while the caller holds its own handle to it (or it is predefined); a
 * library that needs only the C function, whoever made the monoid, calls
 * weft_monoid_function. */
WEFT_API weft_status weft_monoid_operator(weft_monoid monoid, weft_binary_op *op);
/* The operator's C function (as weft_binary_op_function on weft_monoid_operator's result,
 * but valid while the monoid lives even if the caller freed the operator's handle): what
 * the global indexer calls to reduce units. */
WEFT_API weft_status weft_monoid_function(weft_monoid monoid, weft_binary_fn *f);
/* The domain type (not a new handle: usable while the caller holds its own handle to the
 * type, or it is predefined: WEFT_PLUS_MONOID_FP64's is WEFT_FP64). */
WEFT_API weft_status weft_monoid_domain(weft_monoid monoid, weft_type *domain);
/* Writes the identity as one element of the domain (element size bytes) at value. */
WEFT_API weft_status weft_monoid_identity(weft_monoid monoid, void *value);
/* Writes the terminal at value and sets *has_terminal, or only sets *has_terminal false
 * (value untouched) when the monoid has none. value may be NULL to ask only. */
WEFT_API weft_status weft_monoid_terminal(weft_monoid monoid, void *value, bool *has_terminal);
/* Whether the monoid reduces units of `type`: its domain, or for a predefined monoid a
 * predefined type of the same representation. */
WEFT_API weft_status weft_monoid_accepts(weft_monoid monoid, weft_type type, bool *accepts);
/* z = x op y for one element (z may alias x or y).
 * These queries fail with WEFT_INVALID_HANDLE (monoid, or type) or WEFT_NULL_POINTER (an
 * output, or z, x, y; weft_monoid_terminal's value may be NULL), writing nothing. */
WEFT_API weft_status weft_monoid_apply(weft_monoid monoid, void *z, const void *x, const void *y);

/* ------------------------------------------------------------------------------------
 * Semirings: an additive monoid (commutative) and a multiplicative operator whose output
 * domain is the monoid's domain. Predefined WEFT_<ADD>_<MULT>_SEMIRING_<TYPE>:
 *   GraphBLAS's 124: PLUS_TIMES MIN_PLUS MAX_PLUS MIN_TIMES MIN_MAX MAX_MIN MAX_TIMES
 *   PLUS_MIN MIN_FIRST MIN_SECOND MAX_FIRST MAX_SECOND on the 10 numeric types, and
 *   LOR_LAND LAND_LOR LXOR_LAND LXNOR_LOR on BOOL;
 *   beyond the specification (as SuiteSparse's GxB_ ones, for LAGraph's algorithms):
 *   PLUS_PAIR PLUS_FIRST PLUS_SECOND on the 10 numeric types, ANY_PAIR ANY_FIRST
 *   ANY_SECOND on all 11 types, and LOR_PAIR on BOOL.
 * ---------------------------------------------------------------------------------- */
#define WEFT_PREDEFINED_SEMIRINGS(X)                                                      \
  WEFT_TYPES_NUM_(X, PLUS_TIMES) WEFT_TYPES_NUM_(X, MIN_PLUS) WEFT_TYPES_NUM_(X, MAX_PLUS) \
  WEFT_TYPES_NUM_(X, MIN_TIMES) WEFT_TYPES_NUM_(X, MIN_MAX) WEFT_TYPES_NUM_(X, MAX_MIN)   \
  WEFT_TYPES_NUM_(X, MAX_TIMES) WEFT_TYPES_NUM_(X, PLUS_MIN) WEFT_TYPES_NUM_(X, MIN_FIRST) \
  WEFT_TYPES_NUM_(X, MIN_SECOND) WEFT_TYPES_NUM_(X, MAX_FIRST)                            \
  WEFT_TYPES_NUM_(X, MAX_SECOND)                                                          \
  X(LOR_LAND, BOOL) X(LAND_LOR, BOOL) X(LXOR_LAND, BOOL) X(LXNOR_LOR, BOOL)              \
  WEFT_TYPES_ALL_(X, ANY_PAIR) WEFT_TYPES_NUM_(X, PLUS_PAIR) WEFT_TYPES_ALL_(X, ANY_FIRST) \
  WEFT_TYPES_ALL_(X, ANY_SECOND) WEFT_TYPES_NUM_(X, PLUS_FIRST)                           \
  WEFT_TYPES_NUM_(X, PLUS_SECOND) X(LOR_PAIR, BOOL)

#define WEFT_SEMIRING_DECL_(name, type) extern WEFT_API const weft_semiring WEFT_##name##_SEMIRING_##type;
WEFT_PREDEFINED_SEMIRINGS(WEFT_SEMIRING_DECL_)
#undef WEFT_SEMIRING_DECL_

/* A semiring from an additive monoid and a multiplicative operator. The operator's
 * output domain must be the monoid's domain (the same domain, as for weft_monoid_new);
 * its inputs may be any domains. The semiring keeps both alive: the caller may free them
 * at once. Fails with WEFT_NULL_POINTER (semiring NULL), WEFT_INVALID_HANDLE (add or
 * multiply) or WEFT_DOMAIN_MISMATCH; on failure *semiring is unchanged. */
WEFT_API weft_status weft_semiring_new(weft_monoid add, weft_binary_op multiply,
                                       weft_semiring *semiring);
/* Releases the caller's handle and sets *semiring to NULL. Fails with WEFT_NULL_POINTER,
 * WEFT_INVALID_HANDLE or WEFT_INVALID_VALUE (a predefined semiring), leaving it unchanged. */
WEFT_API weft_status weft_semiring_free(weft_semiring *semiring);
/* The parts. Not new handles: the semiring keeps them alive, but a handle is usable only
 * while the caller holds its own handle to that part (or it is predefined: the parts of
 * WEFT_PLUS_TIMES_SEMIRING_FP64 are WEFT_PLUS_MONOID_FP64 and WEFT_TIMES_FP64). Fail with
 * WEFT_INVALID_HANDLE (semiring) or WEFT_NULL_POINTER (the output). */
WEFT_API weft_status weft_semiring_add(weft_semiring semiring, weft_monoid *add);
WEFT_API weft_status weft_semiring_multiply(weft_semiring semiring, weft_binary_op *multiply);

#ifdef __cplusplus
}
#endif
#endif /* WEFT_ALGEBRA_H */
