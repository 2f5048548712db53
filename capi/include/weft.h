/*
 * weft.h — the public C interface of weft (no MPI needed; see weft_mpi.h for that).
 *
 * weft describes memory layouts the way MPI derived datatypes do (MPI-1.1 §3.12 plus
 * MPI-2 resized), gives every layout NumPy's alignment properties, and packs, unpacks
 * and copies data between layouts. On the same types it computes with sparse matrices
 * and vectors over semirings, with GraphBLAS's semantics: weft/algebra.h (operators,
 * monoids, semirings) and weft/sparse.h (collections and operations), both included
 * below.
 *
 * Conventions (they hold for every function below):
 *   - Every function returns a weft_status. WEFT_SUCCESS is 0, informational results
 *     are > 0, errors are < 0. weft_status_name() names a status; weft_last_error()
 *     gives this thread's detailed message for its last failing call.
 *   - On an error, no output argument and no caller memory is modified.
 *   - Handles are opaque. Passing a freed, garbage or NULL handle where a handle is
 *     required gives WEFT_INVALID_HANDLE (NULL output pointers give WEFT_NULL_POINTER).
 *   - Counts, sizes and element strides are int64_t; byte displacements and addresses
 *     are weft_aint. Arithmetic that would overflow 64 bits gives WEFT_OVERFLOW.
 *   - Created handles and query results are the last arguments.
 *   - Committed types and the predefined handles are immutable and may be used from
 *     any number of threads at once. No C++ exception ever leaves this interface.
 */
#ifndef WEFT_H
#define WEFT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define WEFT_API __declspec(dllimport)
#elif defined(__GNUC__)
#define WEFT_API __attribute__((visibility("default")))
#else
#define WEFT_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------
 * Version
 * ---------------------------------------------------------------------------------- */
#define WEFT_VERSION_MAJOR 0
#define WEFT_VERSION_MINOR 1
#define WEFT_VERSION_PATCH 0

/* ------------------------------------------------------------------------------------
 * Status codes. One list, used for the enum, the names and the messages.
 * X(NAME, value, message)
 *   > 0   informational
 *   -1..-99   API errors: the call was rejected before anything was touched
 *   <= -100   execution errors: the call was valid but could not be carried out
 * ---------------------------------------------------------------------------------- */
#define WEFT_STATUS_LIST(X)                                                              \
  X(WEFT_SUCCESS, 0, "success")                                                          \
  X(WEFT_NO_VALUE, 1, "no value")                                                        \
  X(WEFT_UNINITIALIZED_OBJECT, -1, "object used before it was initialised")              \
  X(WEFT_NULL_POINTER, -2, "a required pointer argument is NULL")                        \
  X(WEFT_INVALID_VALUE, -3, "an argument has an invalid value")                          \
  X(WEFT_INVALID_INDEX, -4, "an index is out of range")                                  \
  X(WEFT_DOMAIN_MISMATCH, -5, "domains do not match")                                    \
  X(WEFT_DIMENSION_MISMATCH, -6, "dimensions do not match")                              \
  X(WEFT_OUTPUT_NOT_EMPTY, -7, "output object is not empty")                             \
  X(WEFT_NOT_IMPLEMENTED, -8, "not implemented")                                         \
  X(WEFT_INVALID_HANDLE, -9, "invalid, freed or NULL handle")                            \
  X(WEFT_TYPE_NOT_COMMITTED, -10, "the datatype has not been committed")                 \
  X(WEFT_SIGNATURE_MISMATCH, -11, "type signatures do not match")                        \
  X(WEFT_OVERFLOW, -12, "a size, count or displacement overflows 64 bits")               \
  X(WEFT_OVERLAPPING_TYPE, -13, "a receive type has overlapping entries")                \
  X(WEFT_PANIC, -101, "internal error")                                                  \
  X(WEFT_OUT_OF_MEMORY, -102, "out of memory")                                           \
  X(WEFT_INSUFFICIENT_SPACE, -103, "an output buffer is too small")                      \
  X(WEFT_INVALID_OBJECT, -104, "object is in an invalid state")                          \
  X(WEFT_INDEX_OUT_OF_BOUNDS, -105, "an index is outside the object's bounds")           \
  X(WEFT_EMPTY_OBJECT, -106, "object has no value")                                      \
  X(WEFT_TRUNCATED, -107, "the message is longer than the receive buffer")               \
  X(WEFT_IO_ERROR, -108, "a file could not be opened, read or written")                  \
  X(WEFT_MPI_ERROR, -110, "an MPI call failed")

typedef int weft_status;
enum weft_status_code {
#define WEFT_STATUS_ENUM_(name, value, msg) name = value,
  WEFT_STATUS_LIST(WEFT_STATUS_ENUM_)
#undef WEFT_STATUS_ENUM_
};

/* The enum name of a status ("WEFT_INVALID_VALUE"); "WEFT_UNKNOWN_STATUS" otherwise.
 * The string is static. */
WEFT_API const char *weft_status_name(weft_status status);

/* A one-line description of a status (static string). */
WEFT_API const char *weft_status_message(weft_status status);

/* This thread's detailed message for its most recent failing call, e.g.
 * "weft_type_vector: blocklength -3 < 0". "" if no call has failed on this thread.
 * The string stays valid until the next failing weft call on the same thread. */
WEFT_API const char *weft_last_error(void);

/* The library's version (the one it was built as, not the header's). Any argument may
 * be NULL. Always WEFT_SUCCESS. */
WEFT_API weft_status weft_version(int *major, int *minor, int *patch);

/* Releases memory that weft allocated for a variable-size result. NULL is a no-op. */
WEFT_API void weft_free(void *p);

/* ------------------------------------------------------------------------------------
 * Datatypes
 * ---------------------------------------------------------------------------------- */
typedef intptr_t weft_aint;              /* byte displacement or absolute address */
typedef struct weft_type_s *weft_type;   /* opaque datatype handle */

#define WEFT_UNDEFINED ((int64_t)-32766) /* result of get_count/get_elements when not whole */
#define WEFT_BOTTOM ((void *)0)          /* buffer base for types built from absolute addresses */
#define WEFT_ORDER_C 0                   /* subarray: last dimension varies fastest */
#define WEFT_ORDER_FORTRAN 1             /* subarray: first dimension varies fastest */

/* Predefined types. Each is committed, cannot be freed, and matches only itself in a
 * type signature (WEFT_INT and WEFT_INT32 are different types, as in MPI).
 * WEFT_LB and WEFT_UB are the MPI-1 lower/upper bound markers: zero size, zero extent,
 * usable only inside weft_type_struct. */
#define WEFT_PREDEFINED_LIST(X)                                                          \
  X(CHAR) X(SIGNED_CHAR) X(UNSIGNED_CHAR) X(BYTE) X(SHORT) X(UNSIGNED_SHORT) X(INT)       \
  X(UNSIGNED) X(LONG) X(UNSIGNED_LONG) X(LONG_LONG) X(UNSIGNED_LONG_LONG)                 \
  X(INT8) X(INT16) X(INT32) X(INT64) X(UINT8) X(UINT16) X(UINT32) X(UINT64)                \
  X(FLOAT) X(DOUBLE) X(LONG_DOUBLE) X(C_FLOAT_COMPLEX) X(C_DOUBLE_COMPLEX) X(BOOL) X(WCHAR) \
  X(INTEGER) X(REAL) X(DOUBLE_PRECISION) X(COMPLEX) X(DOUBLE_COMPLEX) X(LOGICAL)          \
  X(CHARACTER) X(LB) X(UB)

#define WEFT_PREDEFINED_DECL_(name) extern WEFT_API const weft_type WEFT_##name;
WEFT_PREDEFINED_LIST(WEFT_PREDEFINED_DECL_)
#undef WEFT_PREDEFINED_DECL_
extern WEFT_API const weft_type WEFT_FP32; /* the same handle as WEFT_FLOAT */
extern WEFT_API const weft_type WEFT_FP64; /* the same handle as WEFT_DOUBLE */
extern WEFT_API const weft_type WEFT_FC32; /* the same handle as WEFT_C_FLOAT_COMPLEX */
extern WEFT_API const weft_type WEFT_FC64; /* the same handle as WEFT_C_DOUBLE_COMPLEX */

/* How a type was built (weft_type_envelope). */
enum weft_combiner {
  WEFT_COMBINER_NAMED = 0,
  WEFT_COMBINER_DUP,
  WEFT_COMBINER_CONTIGUOUS,
  WEFT_COMBINER_VECTOR,
  WEFT_COMBINER_HVECTOR,
  WEFT_COMBINER_INDEXED,
  WEFT_COMBINER_HINDEXED,
  WEFT_COMBINER_INDEXED_BLOCK,
  WEFT_COMBINER_HINDEXED_BLOCK,
  WEFT_COMBINER_STRUCT,
  WEFT_COMBINER_SUBARRAY,
  WEFT_COMBINER_RESIZED,
  WEFT_COMBINER_STRUCT_ALIGNED
};

/* ---- Constructors ------------------------------------------------------------------
 * Every constructor builds a new, uncommitted type whose typemap follows MPI-1.1
 * §3.12.1 exactly, with ex = extent(old):
 *   - LB/UB markers inside an input are kept ("sticky") and displaced with it.
 *   - lb is the lowest LB marker if there is one, else the lowest displacement of any
 *     entry (markers included, as MPI-1 writes it: {(INT,0),(UB,-8)} has lb -8);
 *     ub is the highest UB marker if there is one, else the highest end of any entry
 *     plus the epsilon that rounds the extent up to a multiple of the largest true
 *     alignment of the basic entries (NumPy's "true" alignment). An empty typemap has
 *     lb = ub = 0.
 *   - Counts and block lengths may be zero (no entries); strides and displacements may
 *     be negative; entries may repeat or overlap.
 *   - The new type keeps its inputs alive: freeing them afterwards is allowed.
 * Fails with WEFT_INVALID_VALUE for a negative count or block length, WEFT_NULL_POINTER
 * for a NULL array with a non-zero count or a NULL newtype, WEFT_INVALID_HANDLE for a bad
 * input handle, WEFT_INVALID_VALUE for a marker used outside weft_type_struct, and
 * WEFT_OVERFLOW when a size or displacement does not fit 64 bits. *newtype is set only on
 * success. Construction costs O(number of blocks). */

/* count copies of old, each ex after the previous. */
WEFT_API weft_status weft_type_contiguous(int64_t count, weft_type old, weft_type *newtype);

/* count blocks of blocklen copies of old; block i starts at i*stride*ex. */
WEFT_API weft_status weft_type_vector(int64_t count, int64_t blocklen, int64_t stride,
                                      weft_type old, weft_type *newtype);

/* As weft_type_vector, but block i starts at i*stride bytes. */
WEFT_API weft_status weft_type_hvector(int64_t count, int64_t blocklen, weft_aint stride,
                                       weft_type old, weft_type *newtype);

/* Block i: blocklens[i] copies of old starting at displs[i]*ex. */
WEFT_API weft_status weft_type_indexed(int64_t count, const int64_t blocklens[],
                                       const int64_t displs[], weft_type old,
                                       weft_type *newtype);

/* Block i: blocklens[i] copies of old starting at displs[i] bytes. */
WEFT_API weft_status weft_type_hindexed(int64_t count, const int64_t blocklens[],
                                        const weft_aint displs[], weft_type old,
                                        weft_type *newtype);

/* Block i: blocklen copies of old starting at displs[i]*ex. */
WEFT_API weft_status weft_type_indexed_block(int64_t count, int64_t blocklen,
                                             const int64_t displs[], weft_type old,
                                             weft_type *newtype);

/* Block i: blocklen copies of old starting at displs[i] bytes. */
WEFT_API weft_status weft_type_hindexed_block(int64_t count, int64_t blocklen,
                                              const weft_aint displs[], weft_type old,
                                              weft_type *newtype);

/* Block i: blocklens[i] copies of types[i] starting at displs[i] bytes. The only
 * constructor that accepts WEFT_LB and WEFT_UB. */
WEFT_API weft_status weft_type_struct(int64_t count, const int64_t blocklens[],
                                      const weft_aint displs[], const weft_type types[],
                                      weft_type *newtype);

/* The sub-block subsizes[] at starts[] of an ndims-dimensional array of old with
 * dimensions sizes[], in C (WEFT_ORDER_C) or Fortran order. As in MPI-2, LB/UB markers
 * are added at 0 and prod(sizes)*ex, so the result has lb 0 and that extent unless old
 * carries markers of its own that land outside (markers are sticky). Requires ndims >= 1,
 * sizes[i] >= 1, subsizes[i] >= 0, 0 <= starts[i] <= sizes[i] - subsizes[i]. */
WEFT_API weft_status weft_type_subarray(int ndims, const int64_t sizes[],
                                        const int64_t subsizes[], const int64_t starts[],
                                        int order, weft_type old, weft_type *newtype);

/* old with every LB/UB marker removed and new ones put at lb and lb+extent (MPI-2
 * MPI_Type_create_resized). extent may be negative or zero. */
WEFT_API weft_status weft_type_resized(weft_type old, weft_aint lb, weft_aint extent,
                                       weft_type *newtype);

/* A new handle to a type with old's typemap; committed if old is. */
WEFT_API weft_status weft_type_dup(weft_type old, weft_type *newtype);

/* NumPy's dtype(..., align=True): field i is blocklens[i] consecutive copies of
 * types[i]; each field is placed at the lowest offset >= the end of the previous field
 * that is a multiple of its type's true alignment; the extent is the end of the last
 * field rounded up to the largest field alignment, lb is 0, and the type's true
 * alignment is that largest field alignment (1 if count is 0). Like a resized type it
 * carries LB/UB markers at 0 and the extent, so it keeps that extent inside other
 * constructors. The offsets are written to displs_out[0..count) when displs_out is not
 * NULL. Markers and field types with a negative extent give WEFT_INVALID_VALUE. */
WEFT_API weft_status weft_type_struct_aligned(int64_t count, const int64_t blocklens[],
                                              const weft_type types[],
                                              weft_aint displs_out[], weft_type *newtype);

/* Compiles the type into its pack/unpack program (order-preserving: the typemap order
 * is the packed order). Committing an already committed or predefined type is a no-op.
 * Required before weft_pack, weft_unpack, weft_copy and their partial forms. */
WEFT_API weft_status weft_type_commit(weft_type type);

/* Releases the caller's handle and sets *type to NULL. The type's memory lives on
 * while derived types still use it. Fails with WEFT_INVALID_VALUE for a predefined type
 * (nothing is changed). */
WEFT_API weft_status weft_type_free(weft_type *type);

/* ---- Costs ----------------------------------------------------------------------------
 * A type's cost follows its constructors' arguments (b = the blocks of every constructor
 * in its tree, an input counted once per use), never its number of entries, which may
 * be 2^40 and more:
 *   constructors O(blocks of that constructor); weft_type_commit O(b log b);
 *   size, extent, true_extent, lb, ub, count, alignment, signature, get_count,
 *   pack_size O(1); is_contiguous O(1) once committed (else it compiles: O(b log b));
 *   get_elements O(1) plus the signature runs of the partial copy; typemap O(1) with
 *   capacity 0 or too small, else O(entries written); iov O(pieces up to the last one
 *   asked for); envelope, contents O(arguments); buffer_is_aligned O(1).
 *   pack, unpack, copy: O(bytes moved + contiguous pieces); the partial forms also
 *   seek their window in O(tree depth * log blocks).
 *   A receive type (weft_unpack*, weft_copy's dtype) whose tree does not rule out that
 *   its copies overlap (blocks closer than their length, negative or resized extents)
 *   is checked on its first use with a given count, in one pass over the pieces of that
 *   many copies (O(1) memory when the pieces come in address order, else 16 bytes per
 *   piece and a sort), and the answer is cached on the type; a type only ever sent is
 *   never checked, so an overlapping send type of 2^32 blocks commits at once.
 * ---------------------------------------------------------------------------------- */

/* ---- Queries (any type, committed or not) ------------------------------------------ */

/* Total bytes of data in the typemap (repeated entries counted each time). */
WEFT_API weft_status weft_type_size(weft_type type, int64_t *size);
/* lb and extent = ub - lb per the MPI-1 definition (markers, epsilon). Either output may
 * be NULL. */
WEFT_API weft_status weft_type_extent(weft_type type, weft_aint *lb, weft_aint *extent);
/* Bounds of the data entries only, markers ignored (MPI-2 true extent); 0, 0 when the
 * type has no data. Either output may be NULL. */
WEFT_API weft_status weft_type_true_extent(weft_type type, weft_aint *true_lb,
                                           weft_aint *true_extent);
WEFT_API weft_status weft_type_lb(weft_type type, weft_aint *lb);
WEFT_API weft_status weft_type_ub(weft_type type, weft_aint *ub);
/* MPI_TYPE_COUNT: the number of top-level entries: copies of the constructor's input
 * type(s), markers not counted. 1 for a predefined type, 0 for a marker; a dup counts as
 * its input; resized counts 1. */
WEFT_API weft_status weft_type_count(weft_type type, int64_t *count);
/* true_align: the largest true (C) alignment of the basic entries, 1 if none (for a
 * struct_aligned type: the largest field alignment). uint_align: NumPy's uint alignment,
 * the alignment the uint-width copy of each basic entry needs (1,2,4,8 for element sizes
 * 1,2,4,8; 8 for size 16): the largest over the entries, 0 if some entry has none.
 * Either output may be NULL. */
WEFT_API weft_status weft_type_alignment(weft_type type, int64_t *true_align,
                                         int64_t *uint_align);
/* True when count copies of the type occupy one gap-free byte run in typemap order:
 * the data of one copy is a single run of size bytes and extent == size. */
WEFT_API weft_status weft_type_is_contiguous(weft_type type, bool *flag);
/* A fingerprint of the type signature (MPI: the sequence of basic types of the typemap,
 * markers excluded), for checking that two ranks' types match: types with the same
 * signature have the same fingerprint; predefined types of the same representation and
 * size count as one basic type (WEFT_INT, WEFT_INT32 and WEFT_INTEGER; WEFT_DOUBLE and
 * WEFT_DOUBLE_PRECISION), as for monoid domains. Two different signatures share a
 * fingerprint with probability about 2^-61 (a polynomial hash modulo 2^61 - 1).
 * A type with no entries has fingerprint 0. O(1): computed when the type is built. */
WEFT_API weft_status weft_type_signature(weft_type type, uint64_t *fingerprint);
/* The flattened typemap of one copy: the basic entries (never markers) in typemap
 * order, as predefined handles and byte displacements. With capacity 0 (basics and
 * displs may then be NULL) only *n = number of entries is returned. Fails with
 * WEFT_INSUFFICIENT_SPACE (writing nothing) when capacity < number of entries. */
WEFT_API weft_status weft_type_typemap(weft_type type, int64_t capacity,
                                       weft_type basics[], weft_aint displs[],
                                       int64_t *n);
/* The contiguous pieces of count copies of a committed type, in packed order, each
 * piece as maximal as typemap order allows (a piece that starts where the previous one
 * ends is merged into it). Writes the pieces numbered first_piece .. first_piece +
 * capacity - 1 (fewer at the end) as byte offsets from the buffer and lengths, and sets
 * *npieces to the number written. With capacity 0, *npieces is the number of pieces from
 * first_piece to the end. Fails with WEFT_TYPE_NOT_COMMITTED if not committed. */
WEFT_API weft_status weft_type_iov(weft_type type, int64_t count, int64_t first_piece,
                                   int64_t capacity, weft_aint offsets[], int64_t lengths[],
                                   int64_t *npieces);
/* MPI_Type_get_envelope: how many integers, addresses and types weft_type_contents
 * returns, and the combiner (enum weft_combiner). */
WEFT_API weft_status weft_type_envelope(weft_type type, int64_t *nints, int64_t *naddrs,
                                        int64_t *ntypes, int *combiner);
/* MPI_Type_get_contents: the constructor's arguments, in the constructor's order
 * (counts first, then per-block integers; for subarray: ndims, sizes, subsizes, starts,
 * order). Returned derived types are new handles the caller frees with weft_type_free;
 * predefined ones need not be freed. Fails with WEFT_INVALID_VALUE for a predefined
 * type and WEFT_INSUFFICIENT_SPACE when a max is smaller than the envelope's number. */
WEFT_API weft_status weft_type_contents(weft_type type, int64_t max_ints,
                                        int64_t max_addrs, int64_t max_types,
                                        int64_t ints[], weft_aint addrs[],
                                        weft_type types[]);
/* NumPy's ALIGNED flag for count copies of type at buf: *aligned when every basic entry
 * lies at an address that is a multiple of its true alignment; *uint_aligned when every
 * entry is a multiple of its uint alignment (false if an entry has none). Either output
 * may be NULL. */
WEFT_API weft_status weft_buffer_is_aligned(const void *buf, int64_t count, weft_type type,
                                            bool *aligned, bool *uint_aligned);

/* ---- Moving data --------------------------------------------------------------------
 * A buffer of `count` copies of a type holds copy i at buf + i*extent. buf may be
 * WEFT_BOTTOM when the type's displacements are absolute addresses.
 * Nothing is ever read or written outside the typemap on the typed side, nor outside
 * [outbuf, outbuf + outsize) on the packed side. */

/* The bytes weft_pack needs for incount copies: incount * size. */
WEFT_API weft_status weft_pack_size(int64_t incount, weft_type type, int64_t *size);

/* MPI_Pack: appends incount copies of type from inbuf to outbuf + *position, in
 * typemap order, and advances *position. Fails, writing nothing, with
 * WEFT_TYPE_NOT_COMMITTED, WEFT_INVALID_VALUE (negative count or position) or
 * WEFT_INSUFFICIENT_SPACE when *position + incount*size > outsize. Overlapping entries
 * are fine for packing. */
WEFT_API weft_status weft_pack(const void *inbuf, int64_t incount, weft_type type,
                               void *outbuf, int64_t outsize, int64_t *position);

/* MPI_Unpack: reads outcount*size bytes at inbuf + *position into outcount copies of
 * type at outbuf and advances *position. Fails, writing nothing, with
 * WEFT_TYPE_NOT_COMMITTED, WEFT_OVERLAPPING_TYPE (a receive type must not write a byte
 * twice), or WEFT_INSUFFICIENT_SPACE when the input is too short. */
WEFT_API weft_status weft_unpack(const void *inbuf, int64_t insize, int64_t *position,
                                 void *outbuf, int64_t outcount, weft_type type);

/* The bytes [offset, offset + max_bytes) of the packed stream of incount copies (cut
 * at the end of the stream), written to outbuf; *actual = bytes written (0 when offset
 * is exactly the end). Windows may split an element: concatenated windows equal the
 * whole weft_pack output. An offset past the end gives WEFT_INVALID_VALUE. */
WEFT_API weft_status weft_pack_partial(const void *inbuf, int64_t incount, weft_type type,
                                       int64_t offset, int64_t max_bytes, void *outbuf,
                                       int64_t *actual);

/* The inverse: inbuf holds bytes [offset, offset + insize) of the packed stream of
 * outcount copies; they are stored into their places in outbuf. Fails with
 * WEFT_INSUFFICIENT_SPACE when offset + insize exceeds the stream, and with
 * WEFT_OVERLAPPING_TYPE as weft_unpack. */
WEFT_API weft_status weft_unpack_partial(const void *inbuf, int64_t insize, int64_t offset,
                                         void *outbuf, int64_t outcount, weft_type type);

/* The local equivalent of a send of scount stype from src received as dcount dtype at
 * dst. The message's type signature must be a prefix of dcount copies of dtype's
 * signature (a shorter message is fine: only its entries are written). Sets *nbytes to
 * the message size. Fails, writing nothing, with WEFT_SIGNATURE_MISMATCH,
 * WEFT_TRUNCATED (message longer than the receive), WEFT_OVERLAPPING_TYPE (dcount
 * copies of dtype write some byte twice: such a receive type is rejected whole, even
 * when a shorter message would not reach the overlap) or WEFT_TYPE_NOT_COMMITTED.
 * src and dst data must not overlap. */
WEFT_API weft_status weft_copy(const void *src, int64_t scount, weft_type stype, void *dst,
                               int64_t dcount, weft_type dtype, int64_t *nbytes);

/* MPI_Get_elements: basic entries contained in nbytes of a message of this type
 * (whole copies plus the entries of a partial copy); WEFT_UNDEFINED when nbytes ends
 * inside a basic entry. */
WEFT_API weft_status weft_get_elements(weft_type type, int64_t nbytes, int64_t *count);
/* MPI_Get_count: whole copies in nbytes; WEFT_UNDEFINED when nbytes is not a multiple
 * of the size (for a size-0 type: 0 copies in 0 bytes). */
WEFT_API weft_status weft_get_count(weft_type type, int64_t nbytes, int64_t *count);
/* MPI_Address: the address of location, usable as a displacement with WEFT_BOTTOM. */
WEFT_API weft_status weft_address(const void *location, weft_aint *address);


#ifdef __cplusplus
}
#endif

/* Operators, monoids and semirings; then sparse matrices, vectors and the GraphBLAS
 * operations; then the graph algorithms written with them. */
#include "weft/algebra.h"
#include "weft/sparse.h"
#include "weft/graph.h"

#endif /* WEFT_H */
