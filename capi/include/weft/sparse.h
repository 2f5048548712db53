/*
 * weft/sparse.h — the semiring engine: sparse matrices, vectors and scalars and the
 * GraphBLAS operations on them (GraphBLAS C API 2.1 semantics under weft names; included
 * by weft.h, do not include it alone).
 *
 * Objects. A weft_matrix has nrows x ncols positions (each >= 1 and <= WEFT_INDEX_MAX), a
 * weft_vector n (as an n x 1 column in every rule below), a weft_scalar one; each
 * position holds an entry or nothing (an absent entry is not a zero). The domain of
 * each is a weft type (weft/algebra.h says which types may be domains); a collection
 * keeps its type alive.
 *
 * Values crossing the interface come with their type: (const void *x, weft_type xtype)
 * is one element of xtype at x, (const void *X, weft_type xtype, n) is n elements at
 * X + k * extent(xtype). They are cast to and from the collection's domain by C's rules
 * (predefined domains) or must be of the same user-defined domain (else
 * WEFT_DOMAIN_MISMATCH).
 *
 * Every operation follows one rule (GraphBLAS's "compute T, accumulate, mask, replace"):
 *   1. Inputs as given, or transposed where the descriptor says (WEFT_INP0/WEFT_INP1).
 *   2. T = the operation on the inputs (its own section says how), in the operator's
 *      output domain.
 *   3. Z = T when accum is NULL; else Z = accum(C, T) on the union of their entries:
 *      accum(c, t) where both have one, c or t alone elsewhere, all in accum's output
 *      domain (a lone c or t is cast through it).
 *   4. The mask M (NULL: every position) selects positions: where M has an entry that
 *      is true when cast to BOOL; with WEFT_STRUCTURE where M has an entry at all (its
 *      values are never read, so any domain); WEFT_COMP takes the complement. Where the
 *      mask selects, C becomes Z (an entry of C absent from Z is deleted); elsewhere C
 *      keeps its entries, or loses them all with WEFT_REPLACE. Values are cast to C's
 *      domain.
 * A valued mask must have a predefined domain. Any output may be the same object as
 * any input or the mask (weft_mxm(C, C, NULL, s, C, C, NULL) is fine): inputs are read
 * as they were when the call began. Work is proportional to the entries involved (plus
 * O(nrows) per matrix pass), never to nrows * ncols unless an output is dense.
 * Storage today is compressed rows: 8 bytes per row plus 8 + the element size per
 * entry (a vector is one row, so its size costs nothing).
 * Kept transposes: a matrix read transposed (a descriptor's WEFT_TRAN, col_extract) is
 * transposed once, in O(entries + ncols), and the transpose is kept with the matrix until
 * the matrix changes (any write to it, set_element and remove_element included), so a
 * loop that reads A' costs one transpose, and the memory of a second copy of A while A
 * lives. weft_transpose copies a kept transpose instead of recomputing it. Likewise a
 * matrix used twice unchanged in a product learns whether all its values are the same
 * (one scan), and is then read as one value; transposing it (weft_transpose twice, or a
 * kept transpose) or selecting a band of it (TRIL, TRIU) then moves only its pattern.
 * Freed arrays of 1 MiB or more are kept for reuse (at most 16 of them, 256 MiB in all):
 * results of repeated operations then reuse warm memory instead of fresh pages.
 * Threads: weft_set_threads below; every result is the same whatever the count.
 * mxv and vxm choose their direction per call: pull (one dot product per output entry)
 * when u has every entry, or more than half of them and either the monoid can stop early
 * (ANY, LOR, ...) or the push would need a transpose not kept; push (u's entries
 * scattered through A's other orientation) below 1/16; otherwise whichever visits fewer
 * entries, counted from the rows u's entries reach against the rows a mask admits (a
 * pushed entry weighed as 4 pulled ones when the monoid can stop early, as 1 when it
 * cannot: MIN, PLUS); the other orientation is used when it is free (A
 * itself, or its kept transpose) or on the second such call with an unchanged A (which
 * then keeps the transpose), and only for semirings whose multiply commutes (TIMES,
 * PLUS, PAIR, LAND, LOR, MIN, MAX) with equal input domains. Both directions add the
 * same terms in the same order (increasing k), so results are identical bit for bit
 * (here and wherever this header says so: one caveat, a sum of two different NaN payloads
 * may keep either, as the compiler orders a commutative floating operation's operands).
 * A matrix pulled twice unchanged (mxv, or vxm through its kept transpose) also keeps a
 * 32-bit copy of its column indices when its columns fit (4 more bytes per entry, until
 * it changes): the dot products then read half the index bytes.
 * User-defined semirings call their operators' C functions for every term, except the
 * pulls of mxv / vxm by a semiring whose monoid and multiply were made with their source
 * (weft_binary_op_new_source, weft/algebra.h): those run a kernel compiled with both
 * inlined, which adds the same terms in the same order (the same results).
 * mxm with a mask (not complemented) computes either by Gustavson's method or, when its
 * second operand's columns are at hand (WEFT_TRAN on it, or its kept transpose), by dot
 * products at the mask's entries only, whichever does less work counted from the row
 * pointers; both add the same terms in the same order, so results are identical.
 * A shape whose row pointers would exceed half the machine's memory is
 * WEFT_OUT_OF_MEMORY.
 *
 * Execution (weft_init): in WEFT_BLOCKING mode (the default) a call returns when its
 * result is complete. In both modes set_element / remove_element only record the update
 * (O(1)), which the object's next read or wait applies in call order: the results are
 * the same as if each had been applied at once.
 * In WEFT_NONBLOCKING mode every operation (mxm ... kronecker, assign, extract, reduce,
 * transpose) is checked at once (its API errors are returned by the call itself, nothing
 * changed) and then queued. A call that reads an object (weft_*_wait, nvals, extract_*,
 * export, serialize, dup, write_mm) or changes it outside an operation (set/remove
 * element, build, clear, resize) first runs exactly the queued operations that object
 * depends on, in call order; the rest stay queued (at most 256 operations: the 257th
 * runs the queue). Consecutive element-wise operations over one index space (apply in
 * every form, ewise add/mult/union, select, assign of a scalar to every position, with
 * their masks and accumulators; then at most one reduce to a scalar, or of a matrix's rows
 * to a vector) are fused: they run tile by tile over ranges of the vectors' indices or the
 * matrices' rows (about 16k entries a tile; a row reduce's vector, its mask and its old
 * contents over the same ranges), so each input is read from memory once and the
 * intermediates stay in cache; an object a fused group writes and that is freed (or wholly
 * overwritten) before anything else reads it is never written to memory. An mxv or vxm
 * without mask or accumulator whose result has the semiring's domain may start such a
 * group when it computes by dot products on one thread: its result is computed tile by
 * tile as the group reads it (PageRank's w = A'(r ./ d) with the update and the
 * convergence sum after it: one pass, w never stored if freed). Such a product may also
 * end a group that computes its vector u (PageRank's t = r ./ d, freed after the mxv):
 * when it pulls (dot products) with one of the built-in typed semirings on u's domain,
 * the group hands u to it as dense arrays and u is never stored. mxm, transpose, extract,
 * assign with index lists, kronecker, other products and a reduce of a transposed matrix
 * run whole, between fused groups. Results are bit for bit those of blocking mode
 * (a tile holds whole rows: a row is reduced in the same order), except a fused reduce of floating-point values
 * to a scalar: each tile is reduced in the order below ("Order of a reduce") and the
 * tiles' results then in order (blocking reduces all entries as one array). A queued operation's execution
 * error (an index out of bounds, out of memory) leaves its output as blocking mode would
 * (unchanged) and is recorded on it (weft_*_error) if no later call had that output; the
 * call that ran it returns it after doing its own work (a read has read, an operation is
 * queued: the failure changed nothing they depend on), or, if that call fails itself, the
 * next call does. The operations after it still run. Freeing an object does not run its queued work (the
 * queue keeps what it needs). The queue is shared by the process's threads and guarded.
 *
 * Errors. API errors (< 0 and > -100: NULL pointers, invalid handles, domain and
 * dimension mismatches, invalid indices and values) are found before anything is
 * touched: no argument and no other object changes. Execution errors (<= -100: out of
 * memory, WEFT_INDEX_OUT_OF_BOUNDS in an index list) leave every input unchanged and
 * the output either unchanged or, where noted, cleared; in nonblocking mode they may be
 * reported by a later call on the output or its wait. The message of the last call
 * that had an object as its output is weft_*_error(obj).
 *
 * Threads: calls on distinct objects may run at once; an object may be read by several
 * threads at once once it is complete (after weft_*_wait, or in blocking mode);
 * writing an object while another thread uses it is the caller's error.
 */
#ifndef WEFT_SPARSE_H
#define WEFT_SPARSE_H
#ifndef WEFT_H
#error "include weft.h, not weft/sparse.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct weft_scalar_s *weft_scalar;
typedef struct weft_vector_s *weft_vector;
typedef struct weft_matrix_s *weft_matrix;
typedef struct weft_descriptor_s *weft_descriptor;

/* The largest index + 1 a dimension may have (GraphBLAS's GrB_INDEX_MAX + 1). */
#define WEFT_INDEX_MAX ((int64_t)1 << 60)

/* ---- Context ------------------------------------------------------------------------ */
enum weft_mode { WEFT_NONBLOCKING = 0, WEFT_BLOCKING = 1 };
enum weft_wait_mode { WEFT_COMPLETE = 0, WEFT_MATERIALIZE = 1 };

/* Chooses the execution mode for the process. Optional (without it: blocking); at most
 * once, before any matrix, vector or scalar exists (else WEFT_INVALID_VALUE, as is a
 * mode other than the two above). */
WEFT_API weft_status weft_init(int mode);
/* Ends the session: afterwards weft_init may not be called again. Objects still alive
 * stay usable. The freed blocks weft keeps for reuse are returned to the system. */
WEFT_API weft_status weft_finalize(void);
/* The current mode. */
WEFT_API weft_status weft_get_mode(int *mode);
/* How many threads each operation may use from now on (one setting for the process;
 * calls made at once from several user threads each use up to that many). 1: every
 * operation runs on the calling thread. 0: the default again, OMP_NUM_THREADS when it is
 * set, else the machine's processors. Results do not depend on it: work is split by
 * output rows and each row is computed as with one thread, so every result is the same
 * bit for bit. Kernels split only work large enough to gain (a small call stays on one
 * thread). A negative count: WEFT_INVALID_VALUE. Builds without OpenMP accept any count
 * and use one thread (weft_get_threads then gives 1). */
WEFT_API weft_status weft_set_threads(int nthreads);
/* The number of threads the next operation may use (>= 1). */
WEFT_API weft_status weft_get_threads(int *nthreads);
/* Counters since the process began: what tests read to see that work was deferred and
 * fused, or that a compiled kernel ran (counts, not timings). The nonblocking queue's
 * (0-5) stay 0 in blocking mode; the JIT's (6-8; weft_binary_op_new_source) count in
 * both. `which` is one of enum weft_stat (else WEFT_INVALID_VALUE); value non-NULL. */
enum weft_stat {
  WEFT_STAT_DEFERRED = 0,      /* operations queued */
  WEFT_STAT_PASSES = 1,        /* passes over memory: an operation run whole is one, a fused group one */
  WEFT_STAT_FUSED_GROUPS = 2,  /* groups of two or more operations run tile by tile */
  WEFT_STAT_FUSED_OPS = 3,     /* operations run inside those groups */
  WEFT_STAT_SKIPPED = 4,       /* results of fused groups never written to memory */
  WEFT_STAT_BYTES_WRITTEN = 5, /* bytes of results queued operations wrote (indices and values) */
  WEFT_STAT_JIT_KERNELS = 6,   /* kernels compiled, or loaded from the JIT's cache folder */
  WEFT_STAT_JIT_FAILED = 7,    /* kernels that could not be had (f used instead) */
  WEFT_STAT_JIT_RUNS = 8       /* calls of compiled kernels (one per thread's share of a product) */
};
WEFT_API weft_status weft_get_stat(int which, int64_t *value);

/* ---- Descriptors -------------------------------------------------------------------- */
enum weft_desc_field { WEFT_OUTP = 0, WEFT_MASK = 1, WEFT_INP0 = 2, WEFT_INP1 = 3 };
enum weft_desc_value {
  WEFT_DEFAULT = 0,
  WEFT_REPLACE = 1,        /* WEFT_OUTP */
  WEFT_COMP = 2,           /* WEFT_MASK: complement the mask */
  WEFT_TRAN = 3,           /* WEFT_INP0 / WEFT_INP1: use the input transposed */
  WEFT_STRUCTURE = 4,      /* WEFT_MASK: the mask's structure, not its values */
  WEFT_COMP_STRUCTURE = 6  /* WEFT_MASK: both */
};
/* A new descriptor with every field WEFT_DEFAULT. */
WEFT_API weft_status weft_descriptor_new(weft_descriptor *desc);
/* Sets one field. WEFT_MASK accumulates (COMP then STRUCTURE gives both); WEFT_DEFAULT
 * resets a field. A field/value pair not listed above: WEFT_INVALID_VALUE. Predefined
 * descriptors cannot be changed (WEFT_INVALID_VALUE). */
WEFT_API weft_status weft_descriptor_set(weft_descriptor desc, int field, int value);
/* The value of a field (WEFT_MASK: WEFT_DEFAULT, WEFT_COMP, WEFT_STRUCTURE or WEFT_COMP_STRUCTURE). */
WEFT_API weft_status weft_descriptor_get(weft_descriptor desc, int field, int *value);
WEFT_API weft_status weft_descriptor_free(weft_descriptor *desc);
/* The 31 predefined descriptors: R = WEFT_REPLACE, S = WEFT_STRUCTURE, C = WEFT_COMP,
 * T0 / T1 = WEFT_TRAN on input 0 / 1 (WEFT_DESC_RSCT0T1 has them all). */
#define WEFT_PREDEFINED_DESCRIPTORS(X)                                                   \
  X(T1) X(T0) X(T0T1) X(C) X(S) X(CT1) X(ST1) X(CT0) X(ST0) X(CT0T1) X(ST0T1) X(SC)       \
  X(SCT1) X(SCT0) X(SCT0T1) X(R) X(RT1) X(RT0) X(RT0T1) X(RC) X(RS) X(RCT1) X(RST1)        \
  X(RCT0) X(RST0) X(RCT0T1) X(RST0T1) X(RSC) X(RSCT1) X(RSCT0) X(RSCT0T1)
#define WEFT_DESC_DECL_(name) extern WEFT_API const weft_descriptor WEFT_DESC_##name;
WEFT_PREDEFINED_DESCRIPTORS(WEFT_DESC_DECL_)
#undef WEFT_DESC_DECL_

/* An index list meaning 0, 1, ..., n-1, where n is the count argument passed with it
 * (which must then equal the dimension it indexes). Never dereferenced. */
extern WEFT_API const int64_t *const WEFT_ALL;

/* ---- Scalars -------------------------------------------------------------------------
 * A scalar holds one element or nothing. */
WEFT_API weft_status weft_scalar_new(weft_type type, weft_scalar *s);
WEFT_API weft_status weft_scalar_dup(weft_scalar s, weft_scalar *copy);
/* Removes the element (the scalar becomes empty). */
WEFT_API weft_status weft_scalar_clear(weft_scalar s);
/* 0 or 1. */
WEFT_API weft_status weft_scalar_nvals(weft_scalar s, int64_t *nvals);
/* s = x (one element of xtype, cast to s's domain). */
WEFT_API weft_status weft_scalar_set_element(weft_scalar s, const void *x, weft_type xtype);
/* x = s cast to xtype; WEFT_NO_VALUE (x untouched) when s is empty. */
WEFT_API weft_status weft_scalar_extract_element(weft_scalar s, weft_type xtype, void *x);
/* The domain, as a new handle the caller releases with weft_type_free (a predefined
 * type needs no release: freeing it is WEFT_INVALID_VALUE). */
WEFT_API weft_status weft_scalar_type(weft_scalar s, weft_type *type);
WEFT_API weft_status weft_scalar_wait(weft_scalar s, int mode);
WEFT_API weft_status weft_scalar_error(weft_scalar s, const char **msg);
WEFT_API weft_status weft_scalar_free(weft_scalar *s);

/* ---- Vectors ------------------------------------------------------------------------ */
/* A new empty vector of n positions (1 <= n <= WEFT_INDEX_MAX, else WEFT_INVALID_VALUE). */
WEFT_API weft_status weft_vector_new(weft_type type, int64_t n, weft_vector *v);
/* An independent copy of v (its pending work done first). The copy's values are copied;
 * its indices are shared with v until either of them changes its entries (copy on
 * write), so a dup costs O(nvals) value bytes, not index bytes. The same holds for
 * weft_matrix_dup and for results with their operand's entries (apply, element-wise
 * operations on operands with one structure, fused nonblocking chains): the sharing is
 * invisible to callers, and either object may be changed or freed at any time. */
WEFT_API weft_status weft_vector_dup(weft_vector v, weft_vector *copy);
WEFT_API weft_status weft_vector_clear(weft_vector v);
/* New size; entries at indices >= n are dropped. */
WEFT_API weft_status weft_vector_resize(weft_vector v, int64_t n);
WEFT_API weft_status weft_vector_size(weft_vector v, int64_t *n);
WEFT_API weft_status weft_vector_nvals(weft_vector v, int64_t *nvals);
/* As weft_matrix_iso. */
WEFT_API weft_status weft_vector_iso(weft_vector v, int *iso);
/* The domain, as a new handle the caller releases with weft_type_free (a predefined
 * type needs no release: freeing it is WEFT_INVALID_VALUE). */
WEFT_API weft_status weft_vector_type(weft_vector v, weft_type *type);
/* Fills an empty vector (else WEFT_OUTPUT_NOT_EMPTY) with v(I[k]) = X[k], k < n.
 * Duplicates are combined with dup in the order given: dup's three domains must be one
 * domain, compatible with X's and v's (every value, duplicated or not, is cast to
 * it, combined, and cast to v's); else WEFT_DOMAIN_MISMATCH. With dup NULL a duplicate is WEFT_INVALID_VALUE. An
 * index outside [0, size) is WEFT_INDEX_OUT_OF_BOUNDS (reported after the API errors,
 * duplicates included). The arrays are not used after the call. On any error v stays
 * empty. */
WEFT_API weft_status weft_vector_build(weft_vector v, const int64_t I[], const void *X,
                                       weft_type xtype, int64_t n, weft_binary_op dup);
/* v(i) = x. An index outside [0, size): WEFT_INVALID_INDEX. */
WEFT_API weft_status weft_vector_set_element(weft_vector v, int64_t i, const void *x, weft_type xtype);
/* Deletes v(i) if present. */
WEFT_API weft_status weft_vector_remove_element(weft_vector v, int64_t i);
/* x = v(i) cast to xtype; WEFT_NO_VALUE (x untouched) when there is no entry. */
WEFT_API weft_status weft_vector_extract_element(weft_vector v, int64_t i, weft_type xtype, void *x);
/* The entries in increasing index order: I[k] and X[k] (cast to xtype) for k < *n.
 * capacity is the room in I and X; fewer than nvals gives WEFT_INSUFFICIENT_SPACE
 * (nothing written). I or X may be NULL (not wanted; xtype is then ignored). */
WEFT_API weft_status weft_vector_extract_tuples(weft_vector v, int64_t capacity, int64_t I[], void *X,
                                                weft_type xtype, int64_t *n);
WEFT_API weft_status weft_vector_wait(weft_vector v, int mode);
WEFT_API weft_status weft_vector_error(weft_vector v, const char **msg);
WEFT_API weft_status weft_vector_free(weft_vector *v);

/* ---- Matrices ----------------------------------------------------------------------- */
WEFT_API weft_status weft_matrix_new(weft_type type, int64_t nrows, int64_t ncols, weft_matrix *A);
WEFT_API weft_status weft_matrix_dup(weft_matrix A, weft_matrix *copy);
WEFT_API weft_status weft_matrix_clear(weft_matrix A);
WEFT_API weft_status weft_matrix_resize(weft_matrix A, int64_t nrows, int64_t ncols);
WEFT_API weft_status weft_matrix_nrows(weft_matrix A, int64_t *nrows);
WEFT_API weft_status weft_matrix_ncols(weft_matrix A, int64_t *ncols);
WEFT_API weft_status weft_matrix_nvals(weft_matrix A, int64_t *nvals);
/* *iso = 1 when A's values are stored once (iso, as SuiteSparse's GxB_Matrix_iso): every
 * entry has the same value, kept as one value instead of one per entry; else 0. A result
 * is iso when it is built from tuples whose values (after dup) are all the same bytes,
 * and stays iso through the operations that copy entries without computing values: dup,
 * transpose, select TRIL / TRIU / OFFDIAG without a mask or accumulator. A product
 * (mxm, mxv, vxm) written to C without an accumulator is iso when every product has one
 * value (each input the multiply reads has one value: PAIR and ONEB read none, FIRST only
 * the first, SECOND only the second) and the add is idempotent (MIN, MAX, ANY, BOR, BAND;
 * LOR, LAND on BOOL): its pattern is computed without a value per product, as
 * SuiteSparse's iso products are (a shortest-paths frontier at one distance through an
 * unweighted graph). A vector's values are checked for one value on each such call; a
 * matrix's as weft_matrix_iso says, or from its second use unchanged. (A product that a
 * nonblocking group fuses with the work after it keeps a value per entry.) Changing a value
 * in place (set_element of an entry, an accumulation into a full object) stores the
 * values one per entry again. A storage fact, for tests and tuning: every result is the
 * same either way. Pending work is finished first. */
WEFT_API weft_status weft_matrix_iso(weft_matrix A, int *iso);
/* The domain, as a new handle the caller releases with weft_type_free (a predefined
 * type needs no release: freeing it is WEFT_INVALID_VALUE). */
WEFT_API weft_status weft_matrix_type(weft_matrix A, weft_type *type);
/* As weft_vector_build with A(I[k], J[k]) = X[k]. */
WEFT_API weft_status weft_matrix_build(weft_matrix A, const int64_t I[], const int64_t J[],
                                       const void *X, weft_type xtype, int64_t n, weft_binary_op dup);
WEFT_API weft_status weft_matrix_set_element(weft_matrix A, int64_t i, int64_t j, const void *x,
                                             weft_type xtype);
WEFT_API weft_status weft_matrix_remove_element(weft_matrix A, int64_t i, int64_t j);
WEFT_API weft_status weft_matrix_extract_element(weft_matrix A, int64_t i, int64_t j,
                                                 weft_type xtype, void *x);
/* The entries in row-major order (row, then column increasing); as the vector form. */
WEFT_API weft_status weft_matrix_extract_tuples(weft_matrix A, int64_t capacity, int64_t I[],
                                                int64_t J[], void *X, weft_type xtype, int64_t *n);
/* A new n+|k| square matrix with v on diagonal k (k > 0 above the main diagonal): C(i, i+k) = v(i). */
WEFT_API weft_status weft_matrix_diag(weft_vector v, int64_t k, weft_matrix *C);

/* Import and export copy (the caller keeps its arrays; a matrix keeps none of them).
 *   WEFT_FORMAT_CSR: ptr has nrows+1 non-decreasing entries from ptr[0] = 0 to
 *     ptr[nrows] = nvals; row i's column indices are idx[ptr[i] .. ptr[i+1]), in any
 *     order, no repeats; values[k] belongs with idx[k].
 *   WEFT_FORMAT_CSC: the same by columns (ptr has ncols+1 entries, idx holds rows).
 *   WEFT_FORMAT_COO: ptr holds nvals row indices and idx nvals column indices, entry k
 *     being (ptr[k], idx[k], values[k]); any order, no repeated (row, column).
 * values: nvals elements of vtype (at values + k * extent(vtype)), cast to type.
 *
 * weft_matrix_import: a new nrows x ncols matrix of domain type in *A. Cost O(nvals +
 * nrows), plus sorting the rows whose indices are out of order. Fails, with *A untouched
 * and nothing created, with
 *   WEFT_INVALID_HANDLE    type or vtype is not a live weft_type;
 *   WEFT_NULL_POINTER      A is NULL; ptr (CSR/CSC), or ptr, idx or values with nvals > 0, is NULL;
 *   WEFT_INVALID_VALUE     type cannot be a domain (weft/algebra.h) or vtype is a marker;
 *                          format is none of the three; nrows or ncols outside
 *                          [1, WEFT_INDEX_MAX]; nvals < 0;
 *   WEFT_DOMAIN_MISMATCH   vtype's values cannot be cast to type (weft/algebra.h);
 * then, checking the arrays in this order,
 *   WEFT_INVALID_VALUE     (CSR, CSC) ptr[0] != 0, ptr decreases somewhere, or ptr's last
 *                          entry != nvals;
 *   WEFT_INDEX_OUT_OF_BOUNDS  an index (a row index below nrows, a column index below
 *                          ncols) is negative or too large; the message names the array
 *                          and position ("idx[17] = 9 is outside [0, 5)");
 *   WEFT_INVALID_VALUE     the same (row, column) twice (the message names both positions).
 * Export writes the same formats with indices sorted (CSR: by row, then column; CSC: by
 * column, then row; COO: row-major), values cast to vtype. */
enum weft_format { WEFT_FORMAT_CSR = 0, WEFT_FORMAT_CSC = 1, WEFT_FORMAT_COO = 2 };
WEFT_API weft_status weft_matrix_import(weft_type type, int64_t nrows, int64_t ncols, int format,
                                        const int64_t ptr[], const int64_t idx[], const void *values,
                                        weft_type vtype, int64_t nvals, weft_matrix *A);
/* The array lengths weft_matrix_export writes in format: CSR (nrows+1, nvals, nvals),
 * CSC (ncols+1, nvals, nvals), COO (nvals, nvals, nvals). WEFT_INVALID_HANDLE,
 * WEFT_INVALID_VALUE (format), WEFT_NULL_POINTER (an output). */
WEFT_API weft_status weft_matrix_export_size(weft_matrix A, int format, int64_t *nptr, int64_t *nidx,
                                             int64_t *nvals);
/* Writes A in format. *nptr, *nidx, *nvals: the capacities (in elements) of ptr, idx and
 * values on entry, the lengths written on return. Cost O(nvals + nrows + ncols). Fails,
 * writing nothing (arrays and lengths untouched), with WEFT_INVALID_HANDLE (A, vtype),
 * WEFT_INVALID_VALUE (format; a negative capacity; vtype a marker), WEFT_NULL_POINTER
 * (nptr, nidx or nvals; an array that must receive at least one element),
 * WEFT_DOMAIN_MISMATCH (A's values cannot be cast to vtype) and, when a capacity is below
 * its length, WEFT_INSUFFICIENT_SPACE. */
WEFT_API weft_status weft_matrix_export(weft_matrix A, int format, int64_t ptr[], int64_t idx[],
                                        void *values, weft_type vtype, int64_t *nptr, int64_t *nidx,
                                        int64_t *nvals);
/* The length in bytes of A's image: a self-contained, versioned, little-endian byte
 * string (the layout is described at the top of core/sparse/serialize.cpp) holding the
 * shape, the domain, the entries and a checksum; about 8 * (nrows + 1) + (8 + e) * nvals
 * bytes for values of e bytes. A user-defined domain is stored by its flattened typemap
 * (basic types and displacements), lb and extent, so deserializing rebuilds an
 * equivalent type (see weft_matrix_deserialize). WEFT_INVALID_HANDLE, WEFT_NULL_POINTER,
 * WEFT_NOT_IMPLEMENTED for a user-defined domain of more than 2^20 typemap entries. */
WEFT_API weft_status weft_matrix_serialize_size(weft_matrix A, int64_t *size);
/* Writes A's image to buf (capacity bytes) and its length to *size. The same matrix
 * always gives the same bytes. Fails, writing nothing, with WEFT_INVALID_HANDLE,
 * WEFT_NULL_POINTER (buf, size), WEFT_INVALID_VALUE (capacity < 0), WEFT_NOT_IMPLEMENTED
 * (as weft_matrix_serialize_size) and WEFT_INSUFFICIENT_SPACE (capacity below the
 * image's length: ask weft_matrix_serialize_size). */
WEFT_API weft_status weft_matrix_serialize(weft_matrix A, void *buf, int64_t capacity, int64_t *size);
/* A new matrix in *A from the image in buf[0 .. size) (size must be the image's exact
 * length; buf needs no alignment). A predefined domain comes back as its predefined type
 * (WEFT_INT32 for a matrix of WEFT_INT); a user-defined one as a new committed struct type
 * with the same typemap, lb and extent, compatible with the type the matrix had (values
 * of either may be given to or asked from it), and kept alive by the matrix. Images are
 * portable between hosts whose basic types have the same sizes (a user domain containing
 * WEFT_LONG or WEFT_LONG_DOUBLE needs the same sizes on both). Cost O(size).
 * Fails, with *A untouched and nothing created, with WEFT_NULL_POINTER (buf, A),
 * WEFT_INVALID_VALUE for size < 0 and for a buffer that is not one whole, intact image of
 * this format: truncated or too long, another format, another version, a checksum
 * mismatch, or contents that break the format's rules (weft_last_error says which).
 * Nothing is allocated before the counts that size it have been checked against size. */
WEFT_API weft_status weft_matrix_deserialize(const void *buf, int64_t size, weft_matrix *A);

/* Matrix Market text (NIST's exchange format, as LAGraph reads and writes it):
 *   %%MatrixMarket matrix <coordinate|array> <real|integer|complex|pattern>
 *                  <general|symmetric|skew-symmetric|hermitian>
 *   % comments, and optionally "%%GraphBLAS type <bool|int8_t..uint64_t|float|double|
 *   % float complex|double complex>" naming the domain
 *   <nrows> <ncols> <nvals>          (array format: <nrows> <ncols>)
 *   then one entry a line: coordinate "i j value" (1-based; pattern: "i j"; complex:
 *   "i j re im"), array one value a line column by column (symmetric and hermitian: the
 *   lower triangle with the diagonal; skew-symmetric: below it; every value becomes an
 *   entry, zeros included). A symmetric, skew-symmetric or hermitian file gives both
 *   A(i,j) and A(j,i) = A(i,j), -A(i,j) or conj(A(i,j)).
 *
 * weft_matrix_read_mm: a new matrix in *A from the file at path. type NULL: the domain
 * is the %%GraphBLAS line's, else the field's (real WEFT_FP64, integer WEFT_INT64,
 * complex WEFT_FC64, pattern WEFT_BOOL); a predefined type given is used instead (as its
 * domain's predefined type: WEFT_INT gives WEFT_INT32). Values are parsed straight into
 * the domain and must fit it exactly: an integer domain takes whole numbers in its range
 * (from a real field too: "3.0" is 3, "2.5" is an error), BOOL takes 0 and 1; real
 * domains take any number C's strtod does (inf, nan; beyond the range: +-inf or 0),
 * rounded once. A pattern file's values are 1. Cost O(file size + nvals + nrows).
 * Fails, with *A untouched and nothing created, with
 *   WEFT_NULL_POINTER      path or A is NULL;
 *   WEFT_INVALID_HANDLE    type is not NULL and not a live weft_type;
 *   WEFT_INVALID_VALUE     type cannot be a domain;
 *   WEFT_DOMAIN_MISMATCH   type is a user-defined domain;
 *   WEFT_IO_ERROR          the file cannot be opened or read;
 *   WEFT_INVALID_VALUE     the text is not one whole, valid file: a bad banner word or
 *                          combination (array pattern, hermitian without complex values,
 *                          skew-symmetric pattern or unsigned domain, complex values for
 *                          a real domain), an unknown %%GraphBLAS type, a bad size line,
 *                          a non-square symmetric matrix, an index outside 1..n, a
 *                          diagonal entry in a skew-symmetric file, a value that is not a
 *                          number or does not fit the domain, a missing or extra token on
 *                          a line, fewer or more entries than the size line says, or the
 *                          same position twice (a symmetric file's mirror included). The
 *                          message (weft_last_error) names the line. Counts are checked
 *                          against the text's length before anything they size is allocated;
 *   WEFT_OUT_OF_MEMORY     a valid file too large for memory.
 * weft_matrix_read_mm_buffer: the same from text[0 .. size) in memory (no terminating
 * NUL needed; WEFT_NULL_POINTER for text NULL with size > 0, WEFT_INVALID_VALUE for
 * size < 0). */
WEFT_API weft_status weft_matrix_read_mm(const char *path, weft_type type, weft_matrix *A);
WEFT_API weft_status weft_matrix_read_mm_buffer(const void *text, int64_t size, weft_type type, weft_matrix *A);
/* Writes A to the file at path (created or replaced): coordinate format, the field of
 * A's domain (integer for BOOL and the integers, real, complex), a %%GraphBLAS type line,
 * and as symmetry the strongest A has: symmetric (A equals its transpose bit for bit),
 * skew-symmetric (A equals its negated transpose and has no diagonal entry) or hermitian
 * (A equals its conjugate transpose), each written as its lower triangle; else general.
 * Entries row by row. Floating values are written as the shortest text that reads back
 * as the same value, so weft_matrix_read_mm gives back A exactly: same domain, same
 * entries, same bits (a NaN keeps its sign, not its payload). Cost O(nvals + nrows),
 * plus a transpose for a square matrix (to find its symmetry). Fails with
 * WEFT_INVALID_HANDLE, WEFT_NULL_POINTER (path), WEFT_DOMAIN_MISMATCH (a user-defined
 * domain: Matrix Market has no such values; no file is created) and WEFT_IO_ERROR (the
 * file cannot be created or written; a partly written file is removed). */
WEFT_API weft_status weft_matrix_write_mm(weft_matrix A, const char *path);
/* The same text into buf (capacity bytes, not NUL-terminated); *size receives its
 * length, also when the call fails with WEFT_INSUFFICIENT_SPACE (capacity below the
 * length: nothing is written to buf; call with capacity 0 and buf NULL to learn the
 * length). WEFT_INVALID_VALUE for capacity < 0, WEFT_NULL_POINTER for size NULL or buf
 * NULL with capacity > 0, and the errors of weft_matrix_write_mm but WEFT_IO_ERROR. */
WEFT_API weft_status weft_matrix_write_mm_buffer(weft_matrix A, void *buf, int64_t capacity, int64_t *size);
WEFT_API weft_status weft_matrix_wait(weft_matrix A, int mode);
WEFT_API weft_status weft_matrix_error(weft_matrix A, const char **msg);
WEFT_API weft_status weft_matrix_free(weft_matrix *A);

/* ---- Operations ----------------------------------------------------------------------
 * Arguments: output, mask, accum, operator, inputs, descriptor. mask, accum and desc may
 * be NULL. Domain rules (WEFT_DOMAIN_MISMATCH otherwise): each input is compatible with
 * the operator's input domain it meets, the operator's output with C (or with accum's
 * second input, and C with accum's first input and output). Dimension rules
 * (WEFT_DIMENSION_MISMATCH): the mask has C's shape; the inputs (after transposes) fit
 * the operation and C. */

/* C = A (+.*) B: T(i,j) = add over k of A(i,k)*B(k,j), where both entries exist (no
 * such k: no entry). */
WEFT_API weft_status weft_mxm(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_semiring s,
                              weft_matrix A, weft_matrix B, weft_descriptor desc);
/* w = A (+.*) u (WEFT_INP0 transposes A). */
WEFT_API weft_status weft_mxv(weft_vector w, weft_vector mask, weft_binary_op accum, weft_semiring s,
                              weft_matrix A, weft_vector u, weft_descriptor desc);
/* w' = u' (+.*) A (WEFT_INP1 transposes A). */
WEFT_API weft_status weft_vxm(weft_vector w, weft_vector mask, weft_binary_op accum, weft_semiring s,
                              weft_vector u, weft_matrix A, weft_descriptor desc);

/* Element-wise. add: the union of the entries, op where both exist, the lone entry
 * (cast, op not applied) elsewhere. mult: the intersection, op on each pair. union:
 * the union, op everywhere, with alpha standing in for a missing A entry and beta for
 * a missing B entry (empty alpha or beta: WEFT_EMPTY_OBJECT). For a monoid or a
 * semiring pass its operator (weft_monoid_operator, weft_semiring_add/multiply). */
WEFT_API weft_status weft_matrix_ewise_add(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                           weft_binary_op op, weft_matrix A, weft_matrix B,
                                           weft_descriptor desc);
WEFT_API weft_status weft_matrix_ewise_mult(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                            weft_binary_op op, weft_matrix A, weft_matrix B,
                                            weft_descriptor desc);
WEFT_API weft_status weft_matrix_ewise_union(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                             weft_binary_op op, weft_matrix A, weft_scalar alpha,
                                             weft_matrix B, weft_scalar beta, weft_descriptor desc);
WEFT_API weft_status weft_vector_ewise_add(weft_vector w, weft_vector mask, weft_binary_op accum,
                                           weft_binary_op op, weft_vector u, weft_vector v,
                                           weft_descriptor desc);
WEFT_API weft_status weft_vector_ewise_mult(weft_vector w, weft_vector mask, weft_binary_op accum,
                                            weft_binary_op op, weft_vector u, weft_vector v,
                                            weft_descriptor desc);
WEFT_API weft_status weft_vector_ewise_union(weft_vector w, weft_vector mask, weft_binary_op accum,
                                             weft_binary_op op, weft_vector u, weft_scalar alpha,
                                             weft_vector v, weft_scalar beta, weft_descriptor desc);

/* T = f(A) on A's entries; _first: op(x, a); _second: op(a, y); _index: op(a, i, j,
 * thunk). An empty scalar argument: WEFT_EMPTY_OBJECT. A is transposed by WEFT_INP0,
 * except in _first, where A is the operator's second input and WEFT_INP1 transposes it
 * (as GraphBLAS's apply_BinaryOp1st). */
WEFT_API weft_status weft_matrix_apply(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                       weft_unary_op op, weft_matrix A, weft_descriptor desc);
WEFT_API weft_status weft_matrix_apply_first(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                             weft_binary_op op, weft_scalar x, weft_matrix A,
                                             weft_descriptor desc);
WEFT_API weft_status weft_matrix_apply_second(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                              weft_binary_op op, weft_matrix A, weft_scalar y,
                                              weft_descriptor desc);
WEFT_API weft_status weft_matrix_apply_index(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                             weft_index_unary_op op, weft_matrix A, weft_scalar thunk,
                                             weft_descriptor desc);
/* T = the entries of A for which op(a, i, j, thunk) cast to BOOL is true, values unchanged. */
WEFT_API weft_status weft_matrix_select(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                        weft_index_unary_op op, weft_matrix A, weft_scalar thunk,
                                        weft_descriptor desc);
WEFT_API weft_status weft_vector_apply(weft_vector w, weft_vector mask, weft_binary_op accum,
                                       weft_unary_op op, weft_vector u, weft_descriptor desc);
WEFT_API weft_status weft_vector_apply_first(weft_vector w, weft_vector mask, weft_binary_op accum,
                                             weft_binary_op op, weft_scalar x, weft_vector u,
                                             weft_descriptor desc);
WEFT_API weft_status weft_vector_apply_second(weft_vector w, weft_vector mask, weft_binary_op accum,
                                              weft_binary_op op, weft_vector u, weft_scalar y,
                                              weft_descriptor desc);
WEFT_API weft_status weft_vector_apply_index(weft_vector w, weft_vector mask, weft_binary_op accum,
                                             weft_index_unary_op op, weft_vector u, weft_scalar thunk,
                                             weft_descriptor desc);
WEFT_API weft_status weft_vector_select(weft_vector w, weft_vector mask, weft_binary_op accum,
                                        weft_index_unary_op op, weft_vector u, weft_scalar thunk,
                                        weft_descriptor desc);

/* w(i) = the monoid's sum of row i of A (rows without entries give no entry);
 * WEFT_INP0 = WEFT_TRAN sums columns.
 *
 * Order of a reduce. A row's entries (a column's, a vector's, all of a matrix's in row
 * order) are folded in storage order: x0 op x1 op ... left to right, except with
 * WEFT_PLUS_MONOID_FP32 and _FP64 (values of other domains are cast to the monoid's first),
 * which sum as NumPy 1.24's np.add.reduce sums a contiguous array: in blocks of 8192
 * values added in order, each block pairwise (fewer than 8 values: left to right; up to
 * 128: eight running sums s0..s7 of every eighth value, then ((s0+s1)+(s2+s3)) +
 * ((s4+s5)+(s6+s7)), then the remaining values in order; more: the sums of the two halves,
 * split at the multiple of 8 at or below half). The bits are NumPy's but for the sign of
 * a zero sum (NumPy starts from +0; weft from the first value). Pairwise sums are more
 * accurate than left to right and need not wait on every add. Integer, MIN/MAX and logical
 * monoids give the same bits in any order. None of this depends on the thread count. */
WEFT_API weft_status weft_matrix_reduce(weft_vector w, weft_vector mask, weft_binary_op accum,
                                        weft_monoid monoid, weft_matrix A, weft_descriptor desc);
/* s = the sum of all entries (accum: s = accum(s, sum)). With no entries: s becomes empty
 * (without accum) or stays as it was (with accum). */
WEFT_API weft_status weft_matrix_reduce_scalar(weft_scalar s, weft_binary_op accum, weft_monoid monoid,
                                               weft_matrix A, weft_descriptor desc);
WEFT_API weft_status weft_vector_reduce_scalar(weft_scalar s, weft_binary_op accum, weft_monoid monoid,
                                               weft_vector u, weft_descriptor desc);

/* T = A' (WEFT_INP0 = WEFT_TRAN makes it a copy). */
WEFT_API weft_status weft_transpose(weft_matrix C, weft_matrix M, weft_binary_op accum, weft_matrix A,
                                    weft_descriptor desc);

/* T(a, b) = A(I[a], J[b]) (ni x nj; repeats allowed). An index list may be WEFT_ALL. An
 * index outside A: WEFT_INDEX_OUT_OF_BOUNDS. */
WEFT_API weft_status weft_matrix_extract(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                         weft_matrix A, const int64_t I[], int64_t ni,
                                         const int64_t J[], int64_t nj, weft_descriptor desc);
WEFT_API weft_status weft_vector_extract(weft_vector w, weft_vector mask, weft_binary_op accum,
                                         weft_vector u, const int64_t I[], int64_t ni,
                                         weft_descriptor desc);
/* w(a) = A(I[a], j) (WEFT_INP0 = WEFT_TRAN: A(j, I[a]), a row). j outside: WEFT_INVALID_INDEX. */
WEFT_API weft_status weft_col_extract(weft_vector w, weft_vector mask, weft_binary_op accum,
                                      weft_matrix A, const int64_t I[], int64_t ni, int64_t j,
                                      weft_descriptor desc);

/* C(I[a], J[b]) = A(a, b): the mask has C's shape; without accum the region I x J of C
 * is replaced by A's entries (positions of the region where A has none lose C's entry),
 * with accum C(I[a], J[b]) = accum(C(...), A(a, b)) where A has an entry. Repeated
 * indices in I or J: WEFT_INVALID_VALUE (GraphBLAS leaves them undefined). */
WEFT_API weft_status weft_matrix_assign(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                        weft_matrix A, const int64_t I[], int64_t ni,
                                        const int64_t J[], int64_t nj, weft_descriptor desc);
/* Every position of the region I x J gets x (repeats allowed). An empty x: WEFT_EMPTY_OBJECT. */
WEFT_API weft_status weft_matrix_assign_scalar(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                               weft_scalar x, const int64_t I[], int64_t ni,
                                               const int64_t J[], int64_t nj, weft_descriptor desc);
WEFT_API weft_status weft_vector_assign(weft_vector w, weft_vector mask, weft_binary_op accum,
                                        weft_vector u, const int64_t I[], int64_t ni,
                                        weft_descriptor desc);
WEFT_API weft_status weft_vector_assign_scalar(weft_vector w, weft_vector mask, weft_binary_op accum,
                                               weft_scalar x, const int64_t I[], int64_t ni,
                                               weft_descriptor desc);
/* C(I[a], j) = u(a) and C(i, J[b]) = u(b); the mask is a vector over the column (row)
 * and the rule acts on that column (row) only. */
WEFT_API weft_status weft_col_assign(weft_matrix C, weft_vector mask, weft_binary_op accum,
                                     weft_vector u, const int64_t I[], int64_t ni, int64_t j,
                                     weft_descriptor desc);
WEFT_API weft_status weft_row_assign(weft_matrix C, weft_vector mask, weft_binary_op accum,
                                     weft_vector u, int64_t i, const int64_t J[], int64_t nj,
                                     weft_descriptor desc);
/* Beyond GraphBLAS (SuiteSparse's GxB_subassign): the mask has the region's shape
 * (ni x nj) and the whole rule, replace included, acts on the region only. */
WEFT_API weft_status weft_matrix_subassign(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                           weft_matrix A, const int64_t I[], int64_t ni,
                                           const int64_t J[], int64_t nj, weft_descriptor desc);

/* T(i*mB + k, j*nB + l) = A(i,j) op B(k,l). */
WEFT_API weft_status weft_kronecker(weft_matrix C, weft_matrix M, weft_binary_op accum,
                                    weft_binary_op op, weft_matrix A, weft_matrix B,
                                    weft_descriptor desc);

#ifdef __cplusplus
}
#endif
#endif /* WEFT_SPARSE_H */
