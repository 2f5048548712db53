// random_types.cpp — independent oracle for weft's datatypes.
//
// Generates random type trees from a fixed seed, computes every expected value from
// the reference model of the typemap definition (typemap_model.hpp, which never calls
// weft), and asserts exact equality with weft: bounds, size, flattened typemap, packed
// bytes, partial packing, unpacking, copying, get_elements/get_count, iov, alignment.
//
// The same trees are built in Open MPI and compared against the MODEL too. Open MPI is
// known to depart from the definition in corner cases; those disagreements never fail
// the test, they are classified and printed as a table. Any weft-vs-model mismatch
// fails the test and prints the tree.
//
// Usage: weft_oracle_random_types [--trees N] [--only I] [--verbose] [--seed S] [--mpi-only]
//   --only I     test tree number I only (same tree and same random checks as in a full run)
//   --mpi-only   skip weft (for studying Open MPI against the model); always exits 1
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include "weft_mpi.h"

#include <weft.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "typemap_model.hpp"
#include "splitmix64.hpp"

// Open MPI 4.1.4 hides MPI_LB/MPI_UB from mpi.h (OMPI_ENABLE_MPI1_COMPAT 0), but libmpi
// still exports the predefined objects; declare them to build marker structs.
extern "C" {
extern struct ompi_predefined_datatype_t ompi_mpi_lb;
extern struct ompi_predefined_datatype_t ompi_mpi_ub;
}
static MPI_Datatype mpi_lb_marker() { return (MPI_Datatype)(void *)&ompi_mpi_lb; }
static MPI_Datatype mpi_ub_marker() { return (MPI_Datatype)(void *)&ompi_mpi_ub; }

using namespace oracle;

using weft_testing::Rng;  // tests/support/splitmix64.hpp

static uint8_t pattern(int64_t off) {
  uint64_t z = (uint64_t)off * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
  z = (z ^ (z >> 29)) * 0xBF58476D1CE4E5B9ull;
  z ^= z >> 32;
  return (uint8_t)(z % 255);  // never 0xFF, the sentinel
}
static const uint8_t SENTINEL = 0xFF;

// ------------------------------------------------------------------------------------
// Basic kinds -> weft / MPI handles
// ------------------------------------------------------------------------------------
static weft_type weft_basic(int k) {
  switch (k) {
    case K_CHAR: return WEFT_CHAR;
    case K_SIGNED_CHAR: return WEFT_SIGNED_CHAR;
    case K_UNSIGNED_CHAR: return WEFT_UNSIGNED_CHAR;
    case K_BYTE: return WEFT_BYTE;
    case K_SHORT: return WEFT_SHORT;
    case K_UNSIGNED_SHORT: return WEFT_UNSIGNED_SHORT;
    case K_INT: return WEFT_INT;
    case K_UNSIGNED: return WEFT_UNSIGNED;
    case K_LONG: return WEFT_LONG;
    case K_UNSIGNED_LONG: return WEFT_UNSIGNED_LONG;
    case K_LONG_LONG: return WEFT_LONG_LONG;
    case K_UNSIGNED_LONG_LONG: return WEFT_UNSIGNED_LONG_LONG;
    case K_INT8: return WEFT_INT8;
    case K_INT16: return WEFT_INT16;
    case K_INT32: return WEFT_INT32;
    case K_INT64: return WEFT_INT64;
    case K_UINT8: return WEFT_UINT8;
    case K_UINT16: return WEFT_UINT16;
    case K_UINT32: return WEFT_UINT32;
    case K_UINT64: return WEFT_UINT64;
    case K_FLOAT: return WEFT_FLOAT;
    case K_DOUBLE: return WEFT_DOUBLE;
    case K_LONG_DOUBLE: return WEFT_LONG_DOUBLE;
    case K_C_FLOAT_COMPLEX: return WEFT_C_FLOAT_COMPLEX;
    case K_C_DOUBLE_COMPLEX: return WEFT_C_DOUBLE_COMPLEX;
    case K_BOOL: return WEFT_BOOL;
    case K_WCHAR: return WEFT_WCHAR;
    case K_INTEGER: return WEFT_INTEGER;
    case K_REAL: return WEFT_REAL;
    case K_DOUBLE_PRECISION: return WEFT_DOUBLE_PRECISION;
    case K_COMPLEX: return WEFT_COMPLEX;
    case K_DOUBLE_COMPLEX: return WEFT_DOUBLE_COMPLEX;
    case K_LOGICAL: return WEFT_LOGICAL;
    case K_CHARACTER: return WEFT_CHARACTER;
    case KIND_LB: return WEFT_LB;
    case KIND_UB: return WEFT_UB;
  }
  return nullptr;
}

static MPI_Datatype mpi_basic(int k) {
  switch (k) {
    case K_CHAR: return MPI_CHAR;
    case K_SIGNED_CHAR: return MPI_SIGNED_CHAR;
    case K_UNSIGNED_CHAR: return MPI_UNSIGNED_CHAR;
    case K_BYTE: return MPI_BYTE;
    case K_SHORT: return MPI_SHORT;
    case K_UNSIGNED_SHORT: return MPI_UNSIGNED_SHORT;
    case K_INT: return MPI_INT;
    case K_UNSIGNED: return MPI_UNSIGNED;
    case K_LONG: return MPI_LONG;
    case K_UNSIGNED_LONG: return MPI_UNSIGNED_LONG;
    case K_LONG_LONG: return MPI_LONG_LONG;
    case K_UNSIGNED_LONG_LONG: return MPI_UNSIGNED_LONG_LONG;
    case K_INT8: return MPI_INT8_T;
    case K_INT16: return MPI_INT16_T;
    case K_INT32: return MPI_INT32_T;
    case K_INT64: return MPI_INT64_T;
    case K_UINT8: return MPI_UINT8_T;
    case K_UINT16: return MPI_UINT16_T;
    case K_UINT32: return MPI_UINT32_T;
    case K_UINT64: return MPI_UINT64_T;
    case K_FLOAT: return MPI_FLOAT;
    case K_DOUBLE: return MPI_DOUBLE;
    case K_LONG_DOUBLE: return MPI_LONG_DOUBLE;
    case K_C_FLOAT_COMPLEX: return MPI_C_FLOAT_COMPLEX;
    case K_C_DOUBLE_COMPLEX: return MPI_C_DOUBLE_COMPLEX;
    case K_BOOL: return MPI_C_BOOL;
    case K_WCHAR: return MPI_WCHAR;
    case K_INTEGER: return MPI_INTEGER;
    case K_REAL: return MPI_REAL;
    case K_DOUBLE_PRECISION: return MPI_DOUBLE_PRECISION;
    case K_COMPLEX: return MPI_COMPLEX;
    case K_DOUBLE_COMPLEX: return MPI_DOUBLE_COMPLEX;
    case K_LOGICAL: return MPI_LOGICAL;
    case K_CHARACTER: return MPI_CHARACTER;
    case KIND_LB: return mpi_lb_marker();
    case KIND_UB: return mpi_ub_marker();
  }
  return MPI_DATATYPE_NULL;
}

static const char *kind_name(int k) {
  if (k == KIND_LB) return "LB";
  if (k == KIND_UB) return "UB";
  return basic_kind(k).name;
}

// ------------------------------------------------------------------------------------
// Type trees
// ------------------------------------------------------------------------------------
enum Op {
  OP_BASIC, OP_MARKER, OP_CONTIG, OP_VECTOR, OP_HVECTOR, OP_INDEXED, OP_HINDEXED,
  OP_INDEXED_BLOCK, OP_HINDEXED_BLOCK, OP_STRUCT, OP_SUBARRAY, OP_RESIZED, OP_DUP, OP_COUNT
};
static const char *op_name(int op) {
  static const char *n[] = {"basic",   "marker",        "contiguous",     "vector",
                            "hvector", "indexed",       "hindexed",       "indexed_block",
                            "hindexed_block", "struct", "subarray",       "resized",
                            "dup"};
  return n[op];
}

struct Node;
using NodeP = std::shared_ptr<Node>;
struct Node {
  Op op = OP_BASIC;
  int kind = 0;  // OP_BASIC / OP_MARKER
  int64_t count = 0, blocklen = 0, stride = 0;
  std::vector<int64_t> blocklens, displs;
  std::vector<NodeP> kids;
  int order = 0;
  std::vector<int64_t> sizes, subsizes, starts;
  int64_t rlb = 0, rext = 0;
  // the model
  Typemap map;
  Bounds b;
  int64_t top_count = 0;
  // Open MPI's view of this node
  bool mpi_built = false, mpi_error = false;
  long long m_size = 0, m_lb = 0, m_ext = 0, m_tlb = 0, m_text = 0;
};

static std::string join(const std::vector<int64_t> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

static std::string tree_str(const Node &n) {
  std::ostringstream o;
  switch (n.op) {
    case OP_BASIC:
    case OP_MARKER: o << kind_name(n.kind); break;
    case OP_CONTIG: o << "contiguous(" << n.count << ", " << tree_str(*n.kids[0]) << ")"; break;
    case OP_VECTOR:
    case OP_HVECTOR:
      o << op_name(n.op) << "(" << n.count << "," << n.blocklen << "," << n.stride << ", "
        << tree_str(*n.kids[0]) << ")";
      break;
    case OP_INDEXED:
    case OP_HINDEXED:
      o << op_name(n.op) << "(" << join(n.blocklens) << "," << join(n.displs) << ", "
        << tree_str(*n.kids[0]) << ")";
      break;
    case OP_INDEXED_BLOCK:
    case OP_HINDEXED_BLOCK:
      o << op_name(n.op) << "(" << n.blocklen << "," << join(n.displs) << ", "
        << tree_str(*n.kids[0]) << ")";
      break;
    case OP_STRUCT: {
      o << "struct(" << join(n.blocklens) << "," << join(n.displs) << ", {";
      for (size_t i = 0; i < n.kids.size(); ++i) o << (i ? ", " : "") << tree_str(*n.kids[i]);
      o << "})";
      break;
    }
    case OP_SUBARRAY:
      o << "subarray(" << (n.order == 0 ? "C" : "F") << "," << join(n.sizes) << ","
        << join(n.subsizes) << "," << join(n.starts) << ", " << tree_str(*n.kids[0]) << ")";
      break;
    case OP_RESIZED:
      o << "resized(" << n.rlb << "," << n.rext << ", " << tree_str(*n.kids[0]) << ")";
      break;
    case OP_DUP: o << "dup(" << tree_str(*n.kids[0]) << ")"; break;
    default: o << "?";
  }
  return o.str();
}

// Compute the model typemap of a node whose kids are done.
static void compute_model(Node &n) {
  const Typemap *old = n.kids.empty() ? nullptr : &n.kids[0]->map;
  switch (n.op) {
    case OP_BASIC:
    case OP_MARKER:
      n.map = predefined(n.kind);
      n.top_count = n.op == OP_BASIC ? 1 : 0;
      break;
    case OP_CONTIG:
      n.map = contiguous(n.count, *old);
      n.top_count = n.count;
      break;
    case OP_VECTOR:
      n.map = vector(n.count, n.blocklen, n.stride, *old);
      n.top_count = n.count * n.blocklen;
      break;
    case OP_HVECTOR:
      n.map = hvector(n.count, n.blocklen, n.stride, *old);
      n.top_count = n.count * n.blocklen;
      break;
    case OP_INDEXED:
    case OP_HINDEXED:
      n.map = n.op == OP_INDEXED ? indexed(n.blocklens, n.displs, *old)
                                 : hindexed(n.blocklens, n.displs, *old);
      n.top_count = 0;
      for (int64_t x : n.blocklens) n.top_count += x;
      break;
    case OP_INDEXED_BLOCK:
      n.map = indexed_block(n.blocklen, n.displs, *old);
      n.top_count = n.blocklen * (int64_t)n.displs.size();
      break;
    case OP_HINDEXED_BLOCK:
      n.map = hindexed_block(n.blocklen, n.displs, *old);
      n.top_count = n.blocklen * (int64_t)n.displs.size();
      break;
    case OP_STRUCT: {
      std::vector<const Typemap *> T;
      n.top_count = 0;
      for (size_t i = 0; i < n.kids.size(); ++i) {
        T.push_back(&n.kids[i]->map);
        if (n.kids[i]->op != OP_MARKER) n.top_count += n.blocklens[i];
      }
      n.map = structure(n.blocklens, n.displs, T);
      break;
    }
    case OP_SUBARRAY:
      n.map = subarray(n.sizes, n.subsizes, n.starts, n.order, *old);
      n.top_count = 1;
      for (int64_t x : n.subsizes) n.top_count *= x;
      break;
    case OP_RESIZED:
      n.map = resized(*old, n.rlb, n.rext);
      n.top_count = 1;
      break;
    case OP_DUP:
      n.map = dup(*old);
      n.top_count = n.kids[0]->top_count;
      break;
    default: break;
  }
  n.b = bounds_of(n.map);
}

static const int64_t MAX_ENTRIES = 20000;
static const int64_t MAX_SPAN = 1 << 20;

static int64_t abs64(int64_t x) { return x < 0 ? -x : x; }

static bool fits(const Node &n) {
  if ((int64_t)n.map.size() > MAX_ENTRIES) return false;
  const Bounds &b = n.b;
  int64_t span = (b.true_ub - b.true_lb) + 2 * abs64(b.extent);
  if (span > MAX_SPAN) return false;
  if (abs64(b.lb) > MAX_SPAN || abs64(b.ub) > MAX_SPAN || abs64(b.true_lb) > MAX_SPAN ||
      abs64(b.true_ub) > MAX_SPAN)
    return false;
  return true;
}

static NodeP make_leaf(Op op, int kind) {
  auto n = std::make_shared<Node>();
  n->op = op;
  n->kind = kind;
  compute_model(*n);
  return n;
}

static NodeP gen_basic(Rng &r) { return make_leaf(OP_BASIC, (int)r.below(K_NUM_BASIC)); }

static Op pick_op(Rng &r) {
  static const int w[OP_COUNT] = {0, 0, 8, 9, 11, 9, 11, 8, 10, 14, 9, 11, 4};
  int tot = 0;
  for (int x : w) tot += x;
  int64_t u = r.below(tot);
  for (int i = 0; i < OP_COUNT; ++i) {
    if (u < w[i]) return (Op)i;
    u -= w[i];
  }
  return OP_DUP;
}

static int64_t gen_count(Rng &r) {
  int64_t u = r.below(100);
  return u < 4 ? 0 : u < 14 ? r.range(5, 16) : r.range(1, 4);
}
static int64_t gen_blen(Rng &r) {
  int64_t u = r.below(100);
  return u < 6 ? 0 : u < 14 ? r.range(4, 10) : r.range(1, 3);
}
static int64_t gen_hbytes(Rng &r, int64_t ex) {
  int64_t u = r.below(100);
  if (u < 40) return r.range(-3, 3) * ex;
  if (u < 55) return r.range(-3, 3) * ex + r.range(-3, 3);
  return r.range(-48, 64);
}

static void set_params(Rng &r, Node &n) {
  int64_t ex = n.kids[0]->b.extent;
  n.blocklens.clear();
  n.displs.clear();
  switch (n.op) {
    case OP_CONTIG: n.count = gen_count(r); break;
    case OP_VECTOR:
      n.count = gen_count(r);
      n.blocklen = gen_blen(r);
      n.stride = r.range(-4, 4);
      break;
    case OP_HVECTOR:
      n.count = gen_count(r);
      n.blocklen = gen_blen(r);
      n.stride = gen_hbytes(r, ex);
      break;
    case OP_INDEXED:
    case OP_HINDEXED: {
      int64_t c = gen_count(r);
      for (int64_t i = 0; i < c; ++i) {
        n.blocklens.push_back(gen_blen(r));
        n.displs.push_back(n.op == OP_INDEXED ? r.range(-6, 6) : gen_hbytes(r, ex));
      }
      break;
    }
    case OP_INDEXED_BLOCK:
    case OP_HINDEXED_BLOCK: {
      int64_t c = gen_count(r);
      n.blocklen = gen_blen(r);
      for (int64_t i = 0; i < c; ++i)
        n.displs.push_back(n.op == OP_INDEXED_BLOCK ? r.range(-6, 6) : gen_hbytes(r, ex));
      break;
    }
    case OP_STRUCT:
      for (size_t i = 0; i < n.kids.size(); ++i) {
        n.blocklens.push_back(gen_blen(r));
        if (r.chance(35))
          n.displs.push_back(r.range(-3, 6) * n.kids[i]->b.align);
        else
          n.displs.push_back(r.range(-48, 64));
      }
      break;
    case OP_SUBARRAY: {
      int64_t nd = r.range(1, 3);
      n.sizes.assign(nd, 0);
      n.subsizes.assign(nd, 0);
      n.starts.assign(nd, 0);
      for (int64_t d = 0; d < nd; ++d) {
        n.sizes[d] = r.range(1, 4);
        n.subsizes[d] = r.chance(4) ? 0 : r.range(1, n.sizes[d]);
        n.starts[d] = r.range(0, n.sizes[d] - n.subsizes[d]);
      }
      n.order = (int)r.below(2);
      break;
    }
    case OP_RESIZED: {
      int64_t u = r.below(100);
      n.rlb = u < 30 ? n.kids[0]->b.lb + r.range(-8, 8) : r.range(-40, 40);
      u = r.below(100);
      if (u < 12)
        n.rext = 0;
      else if (u < 35)
        n.rext = r.range(-48, -1);
      else if (u < 55)
        n.rext = ex + r.range(-8, 8);
      else
        n.rext = r.range(1, 64);
      break;
    }
    default: break;
  }
}

static NodeP gen(Rng &r, int depth) {
  if (depth <= 0) return gen_basic(r);
  auto n = std::make_shared<Node>();
  n->op = pick_op(r);
  if (n->op == OP_STRUCT) {
    int64_t nf = r.range(1, 4);
    for (int64_t i = 0; i < nf; ++i) {
      int64_t u = r.below(100);
      if (u < 12)
        n->kids.push_back(make_leaf(OP_MARKER, KIND_LB));
      else if (u < 24)
        n->kids.push_back(make_leaf(OP_MARKER, KIND_UB));
      else if (u < 55)
        n->kids.push_back(gen_basic(r));
      else
        n->kids.push_back(gen(r, depth - 1));
    }
  } else {
    n->kids.push_back(r.chance(20) ? gen_basic(r) : gen(r, depth - 1));
  }
  for (int attempt = 0; attempt < 12; ++attempt) {
    set_params(r, *n);
    compute_model(*n);
    if (fits(*n)) return n;
  }
  // Fall back to a dup of a kid that is not a marker (kids always fit).
  NodeP kid;
  for (auto &k : n->kids)
    if (k->op != OP_MARKER) {
      kid = k;
      break;
    }
  if (!kid) kid = gen_basic(r);
  auto d = std::make_shared<Node>();
  d->op = OP_DUP;
  d->kids.push_back(kid);
  compute_model(*d);
  return d;
}

static void collect_stats(const Node &n, std::map<std::string, int64_t> &st) {
  st[std::string("op ") + op_name(n.op)]++;
  if (n.op == OP_MARKER) st[std::string("marker ") + kind_name(n.kind)]++;
  if (n.op == OP_SUBARRAY) st[n.order == 0 ? "subarray C order" : "subarray Fortran order"]++;
  if ((n.op == OP_VECTOR || n.op == OP_HVECTOR) && n.stride < 0) st["negative stride"]++;
  for (int64_t d : n.displs)
    if (d < 0 && n.op != OP_BASIC) {
      st["negative displacement"]++;
      break;
    }
  bool zero = false;
  if ((n.op == OP_CONTIG || n.op == OP_VECTOR || n.op == OP_HVECTOR) && n.count == 0) zero = true;
  if ((n.op == OP_INDEXED_BLOCK || n.op == OP_HINDEXED_BLOCK) && n.displs.empty()) zero = true;
  if ((n.op == OP_INDEXED || n.op == OP_HINDEXED) && n.blocklens.empty()) zero = true;
  if (zero) st["zero count"]++;
  for (int64_t x : n.blocklens)
    if (x == 0) {
      st["empty block"]++;
      break;
    }
  if ((n.op == OP_VECTOR || n.op == OP_HVECTOR || n.op == OP_INDEXED_BLOCK ||
       n.op == OP_HINDEXED_BLOCK) && n.blocklen == 0)
    st["empty block"]++;
  if (n.op == OP_SUBARRAY)
    for (int64_t x : n.subsizes)
      if (x == 0) {
        st["subarray zero subsize"]++;
        break;
      }
  if (n.op == OP_RESIZED) {
    if (n.rext < 0) st["resized negative extent"]++;
    if (n.rext == 0) st["resized zero extent"]++;
  }
  if (n.op != OP_BASIC && n.op != OP_MARKER && n.b.epsilon != 0) st["nonzero epsilon"]++;
  for (auto &k : n.kids) collect_stats(*k, st);
}

static int tree_depth(const Node &n) {
  int d = 0;
  for (auto &k : n.kids) d = std::max(d, tree_depth(*k));
  return (n.op == OP_BASIC || n.op == OP_MARKER) ? 0 : d + 1;
}

// ------------------------------------------------------------------------------------
// Checking weft
// ------------------------------------------------------------------------------------
static int64_t g_to_mpi_checked = 0;     // trees converted with weft_type_to_mpi
static int64_t g_to_mpi_ompi_pack = 0;   // ... whose MPI_Pack differs only as Open MPI's own build does
static int64_t g_assertions = 0;          // every exact comparison made against weft
static int64_t g_data_success_paths = 0;  // (tree, count) pairs with unpack/copy compared
static int64_t g_data_overlap_paths = 0;  // (tree, count) pairs expecting WEFT_OVERLAPPING_TYPE

struct Check {
  std::vector<std::string> errs;
  template <class A, class B>
  void eq(const std::string &what, const A &got, const B &exp) {
    ++g_assertions;
    if (!(got == exp)) {
      std::ostringstream o;
      o << what << ": weft " << (long long)got << ", model " << (long long)exp;
      errs.push_back(o.str());
    }
  }
  void status(const std::string &what, weft_status got, weft_status exp) {
    ++g_assertions;
    if (got != exp) {
      std::ostringstream o;
      o << what << ": status " << weft_status_name(got) << " (" << weft_last_error()
        << "), expected " << weft_status_name(exp);
      errs.push_back(o.str());
    }
  }
  void fail(const std::string &s) { errs.push_back(s); }
  // A byte-range comparison counts as one assertion.
  void counted() { ++g_assertions; }
  bool ok() const { return errs.empty(); }
};

// Bounds, size, counts, alignment and typemap of a weft type against a model node.
static void check_queries(weft_type t, const Node &n, Check &ck, const std::string &where) {
  const Bounds &b = n.b;
  int64_t size = -1;
  ck.status(where + " size", weft_type_size(t, &size), WEFT_SUCCESS);
  ck.eq(where + " size", size, b.size);
  weft_aint lb = -1, ext = -1, ub = -1, tlb = -1, text = -1, lb2 = -1;
  ck.status(where + " extent", weft_type_extent(t, &lb, &ext), WEFT_SUCCESS);
  ck.eq(where + " lb", lb, b.lb);
  ck.eq(where + " extent", ext, b.extent);
  ck.status(where + " lb()", weft_type_lb(t, &lb2), WEFT_SUCCESS);
  ck.eq(where + " lb()", lb2, b.lb);
  ck.status(where + " ub()", weft_type_ub(t, &ub), WEFT_SUCCESS);
  ck.eq(where + " ub()", ub, b.ub);
  ck.status(where + " true_extent", weft_type_true_extent(t, &tlb, &text), WEFT_SUCCESS);
  ck.eq(where + " true_lb", tlb, b.true_lb);
  ck.eq(where + " true_extent", text, b.true_extent);
  int64_t cnt = -1;
  ck.status(where + " count", weft_type_count(t, &cnt), WEFT_SUCCESS);
  ck.eq(where + " top-level count", cnt, n.top_count);
  int64_t ta = -1, ua = -1;
  ck.status(where + " alignment", weft_type_alignment(t, &ta, &ua), WEFT_SUCCESS);
  ck.eq(where + " true_align", ta, b.align);
  if (b.nbasic > 0) ck.eq(where + " uint_align", ua, b.uint_align);

  int64_t nent = -1;
  ck.status(where + " typemap(n)", weft_type_typemap(t, 0, nullptr, nullptr, &nent), WEFT_SUCCESS);
  ck.eq(where + " typemap entries", nent, b.nbasic);
  if (nent == b.nbasic) {
    std::vector<weft_type> bt(b.nbasic + 1, nullptr);
    std::vector<weft_aint> bd(b.nbasic + 1, -777);
    int64_t n2 = -1;
    ck.status(where + " typemap", weft_type_typemap(t, b.nbasic, bt.data(), bd.data(), &n2),
              WEFT_SUCCESS);
    ck.eq(where + " typemap n", n2, b.nbasic);
    int64_t i = 0, bad = 0;
    for (const Entry &e : n.map) {
      if (!is_basic(e)) continue;
      if (bt[i] != weft_basic(e.kind) || bd[i] != e.disp) {
        if (bad++ < 3) {
          std::ostringstream o;
          o << where << " typemap[" << i << "]: model (" << kind_name(e.kind) << "," << e.disp
            << "), weft displ " << (long long)bd[i]
            << (bt[i] == weft_basic(e.kind) ? " same handle" : " different handle");
          ck.fail(o.str());
        }
      }
      ++i;
    }
    if (bad > 3) ck.fail(where + " typemap: " + std::to_string(bad) + " wrong entries");
    if (b.nbasic >= 2) {
      // Too small a capacity (capacity 0 is the query form): WEFT_INSUFFICIENT_SPACE,
      // nothing written.
      std::vector<weft_aint> sd(b.nbasic, -777);
      std::vector<weft_type> st(b.nbasic, nullptr);
      int64_t n3 = -5;
      ck.status(where + " typemap small capacity",
                weft_type_typemap(t, b.nbasic - 1, st.data(), sd.data(), &n3),
                WEFT_INSUFFICIENT_SPACE);
      bool untouched = n3 == -5;
      for (int64_t j = 0; j < b.nbasic; ++j)
        if (sd[j] != -777 || st[j] != nullptr) untouched = false;
      if (!untouched) ck.fail(where + " typemap small capacity: outputs were modified");
    }
  }
}

// A typed buffer: offsets relative to base cover [lo, hi) plus a margin.
struct TypedBuf {
  std::vector<uint8_t> mem;
  int64_t B = 0;  // index of offset 0
  int64_t lo = 0, hi = 0;
  uint8_t *base() { return mem.data() + B; }
  uint8_t &at(int64_t off) { return mem[(size_t)(B + off)]; }
};
static const int64_t MARGIN = 64;
static TypedBuf make_buf(int64_t lo, int64_t hi, int misalign, bool fill_pattern) {
  TypedBuf tb;
  tb.lo = lo - MARGIN;
  tb.hi = hi + MARGIN;
  tb.mem.assign((size_t)(tb.hi - tb.lo + 32), 0);
  int64_t B0 = -tb.lo + 16;
  uintptr_t a = (uintptr_t)(tb.mem.data() + B0);
  int64_t adj = (int64_t)(((uintptr_t)misalign - a % 16 + 16) % 16);
  tb.B = B0 + adj;  // base address % 16 == misalign
  for (size_t i = 0; i < tb.mem.size(); ++i)
    tb.mem[i] = fill_pattern ? pattern((int64_t)i - tb.B) : SENTINEL;
  return tb;
}

// Typed byte range [lo, hi) touched by count copies per the model.
static void typed_range(const Bounds &b, int64_t count, int64_t &lo, int64_t &hi) {
  lo = 0;
  hi = 0;
  if (b.nbasic == 0 || count == 0) return;
  int64_t cmin = std::min<int64_t>(0, (count - 1) * b.extent);
  int64_t cmax = std::max<int64_t>(0, (count - 1) * b.extent);
  lo = cmin + b.true_lb;
  hi = cmax + b.true_ub;
}

static std::vector<uint8_t> model_pack(const std::vector<Piece> &ents) {
  std::vector<uint8_t> out;
  for (const Piece &p : ents)
    for (int64_t t = 0; t < p.len; ++t) out.push_back(pattern(p.off + t));
  return out;
}

// Random windows [w_i, w_{i+1}) covering [0, total].
static std::vector<std::pair<int64_t, int64_t>> random_windows(Rng &r, int64_t total) {
  std::vector<int64_t> cuts{0, total};
  int64_t k = r.range(1, 5);
  for (int64_t i = 0; i < k; ++i) cuts.push_back(total ? r.range(0, total) : 0);
  std::sort(cuts.begin(), cuts.end());
  std::vector<std::pair<int64_t, int64_t>> w;
  for (size_t i = 0; i + 1 < cuts.size(); ++i) w.push_back({cuts[i], cuts[i + 1] - cuts[i]});
  return w;
}

static void check_data(weft_type t, const Node &n, int64_t count, Rng &r, Check &ck) {
  const Bounds &b = n.b;
  const std::string where = "count " + std::to_string(count);
  std::vector<Piece> ents = packed_entries(n.map, b.extent, count);
  const int64_t total = count * b.size;
  std::vector<uint8_t> exp = model_pack(ents);
  if ((int64_t)exp.size() != total) ck.fail("internal: model pack size");
  bool ov = overlapping(n.map, b.extent, count);
  ++(ov ? g_data_overlap_paths : g_data_success_paths);
  int64_t lo, hi;
  typed_range(b, count, lo, hi);
  int misalign = (int)r.below(16);

  int64_t ps = -1;
  ck.status(where + " pack_size", weft_pack_size(count, t, &ps), WEFT_SUCCESS);
  ck.eq(where + " pack_size", ps, total);

  // --- weft_pack ---
  TypedBuf src = make_buf(lo, hi, misalign, true);
  {
    int64_t p0 = r.range(0, 7);
    std::vector<uint8_t> out((size_t)(p0 + total + 16), 0xEE);
    int64_t pos = p0;
    ck.status(where + " pack", weft_pack(src.base(), count, t, out.data(), p0 + total, &pos),
              WEFT_SUCCESS);
    ck.eq(where + " pack position", pos, p0 + total);
    ck.counted();
    int64_t bad = 0, first = -1;
    for (int64_t i = 0; i < (int64_t)out.size(); ++i) {
      uint8_t e = (i >= p0 && i < p0 + total) ? exp[(size_t)(i - p0)] : 0xEE;
      if (out[(size_t)i] != e) {
        if (first < 0) first = i - p0;
        ++bad;
      }
    }
    if (bad)
      ck.fail(where + " pack: " + std::to_string(bad) + " wrong bytes, first at packed byte " +
              std::to_string(first));
    if (total > 0) {
      // One byte too little room: WEFT_INSUFFICIENT_SPACE, nothing written.
      std::vector<uint8_t> o2((size_t)total, 0xEE);
      int64_t pos2 = 0;
      ck.status(where + " pack short outsize",
                weft_pack(src.base(), count, t, o2.data(), total - 1, &pos2),
                WEFT_INSUFFICIENT_SPACE);
      ck.eq(where + " pack short outsize position", pos2, (int64_t)0);
      for (uint8_t x : o2)
        if (x != 0xEE) {
          ck.fail(where + " pack short outsize: output was written");
          break;
        }
    }
  }

  // --- weft_pack_partial ---
  auto wins = random_windows(r, total);
  {
    std::vector<uint8_t> cat;
    for (size_t wi = 0; wi < wins.size(); ++wi) {
      int64_t off = wins[wi].first, len = wins[wi].second;
      int64_t maxb = len;
      if (wi + 1 == wins.size()) maxb = len + r.range(0, 9);  // cut at the end of the stream
      std::vector<uint8_t> w((size_t)maxb + 1, 0xEE);
      int64_t actual = -1;
      ck.status(where + " pack_partial", weft_pack_partial(src.base(), count, t, off, maxb,
                                                           w.data(), &actual),
                WEFT_SUCCESS);
      ck.eq(where + " pack_partial actual [" + std::to_string(off) + "+" + std::to_string(maxb) +
                ")",
            actual, len);
      if (actual == len) cat.insert(cat.end(), w.begin(), w.begin() + len);
      if (w[(size_t)maxb] != 0xEE) ck.fail(where + " pack_partial wrote past max_bytes");
    }
    ck.counted();
    if (cat != exp) ck.fail(where + " pack_partial: concatenated windows differ from the model");
  }

  // Expected typed buffer after storing the packed stream.
  TypedBuf expdst = make_buf(lo, hi, misalign, false);
  {
    size_t k = 0;
    for (const Piece &p : ents)
      for (int64_t t2 = 0; t2 < p.len; ++t2) expdst.at(p.off + t2) = exp[k++];
  }
  auto compare_typed = [&](TypedBuf &got, const std::string &what) {
    ck.counted();
    int64_t bad = 0, first = 0;
    for (size_t i = 0; i < got.mem.size(); ++i)
      if (got.mem[i] != expdst.mem[i]) {
        if (!bad) first = (int64_t)i - got.B;
        ++bad;
      }
    if (bad)
      ck.fail(where + " " + what + ": " + std::to_string(bad) +
              " wrong bytes in the typed buffer, first at offset " + std::to_string(first));
  };

  // --- weft_unpack ---
  {
    TypedBuf dst = make_buf(lo, hi, misalign, false);
    int64_t p0 = r.range(0, 7);
    std::vector<uint8_t> in((size_t)p0, 0x11);
    in.insert(in.end(), exp.begin(), exp.end());
    int64_t pos = p0;
    weft_status st = weft_unpack(in.data(), p0 + total, &pos, dst.base(), count, t);
    if (ov) {
      ck.status(where + " unpack (overlapping type)", st, WEFT_OVERLAPPING_TYPE);
      ck.eq(where + " unpack (overlapping) position", pos, p0);
      for (uint8_t x : dst.mem)
        if (x != SENTINEL) {
          ck.fail(where + " unpack (overlapping type) wrote into the buffer");
          break;
        }
    } else {
      ck.status(where + " unpack", st, WEFT_SUCCESS);
      ck.eq(where + " unpack position", pos, p0 + total);
      compare_typed(dst, "unpack");
      if (total > 0) {
        TypedBuf d2 = make_buf(lo, hi, misalign, false);
        int64_t pos2 = p0;
        ck.status(where + " unpack short input",
                  weft_unpack(in.data(), p0 + total - 1, &pos2, d2.base(), count, t),
                  WEFT_INSUFFICIENT_SPACE);
        ck.eq(where + " unpack short input position", pos2, p0);
        for (uint8_t x : d2.mem)
          if (x != SENTINEL) {
            ck.fail(where + " unpack short input wrote into the buffer");
            break;
          }
      }
    }
  }

  // --- weft_unpack_partial ---
  if (!ov) {
    TypedBuf dst = make_buf(lo, hi, misalign, false);
    for (auto &w : wins) {
      ck.status(where + " unpack_partial",
                weft_unpack_partial(exp.data() + w.first, w.second, w.first, dst.base(), count,
                                    t),
                WEFT_SUCCESS);
    }
    compare_typed(dst, "unpack_partial windows");
  } else {
    TypedBuf dst = make_buf(lo, hi, misalign, false);
    ck.status(where + " unpack_partial (overlapping type)",
              weft_unpack_partial(exp.data(), total, 0, dst.base(), count, t),
              WEFT_OVERLAPPING_TYPE);
    for (uint8_t x : dst.mem)
      if (x != SENTINEL) {
        ck.fail(where + " unpack_partial (overlapping type) wrote into the buffer");
        break;
      }
  }

  // --- weft_copy type -> same type ---
  {
    TypedBuf dst = make_buf(lo, hi, misalign, false);
    int64_t nb = -1;
    weft_status st = weft_copy(src.base(), count, t, dst.base(), count, t, &nb);
    if (ov) {
      ck.status(where + " copy (overlapping type)", st, WEFT_OVERLAPPING_TYPE);
      for (uint8_t x : dst.mem)
        if (x != SENTINEL) {
          ck.fail(where + " copy (overlapping type) wrote into the buffer");
          break;
        }
    } else {
      ck.status(where + " copy", st, WEFT_SUCCESS);
      ck.eq(where + " copy nbytes", nb, total);
      // The stream built from src equals exp, so the expected dst is expdst.
      compare_typed(dst, "copy");
    }
  }

  // --- weft_copy against a different type with the same signature ---
  // P: a struct holding the basic entries of count copies at their packed offsets, in
  // packed order (the packed stream as a type). Copying into it must equal packing,
  // copying out of it must equal unpacking.
  if (b.nbasic > 0) {
    std::vector<int64_t> pbl;
    std::vector<weft_aint> pds;
    std::vector<weft_type> pts;
    int64_t off = 0;
    for (int64_t c = 0; c < count; ++c)
      for (const Entry &e : n.map) {
        if (!is_basic(e)) continue;
        pbl.push_back(1);
        pds.push_back(off);
        pts.push_back(weft_basic(e.kind));
        off += basic_kind(e.kind).size;
      }
    weft_type P = nullptr;
    ck.status(where + " packed-layout struct",
              weft_type_struct((int64_t)pbl.size(), pbl.data(), pds.data(), pts.data(), &P),
              WEFT_SUCCESS);
    if (P) ck.status(where + " packed-layout commit", weft_type_commit(P), WEFT_SUCCESS);
    if (P) {
      // type -> P equals pack
      std::vector<uint8_t> out((size_t)total + 8, 0xEE);
      int64_t nb = -1;
      ck.status(where + " copy type->packed layout",
                weft_copy(src.base(), count, t, out.data(), 1, P, &nb), WEFT_SUCCESS);
      ck.eq(where + " copy type->packed layout nbytes", nb, total);
      ck.counted();
      if (!std::equal(exp.begin(), exp.end(), out.begin()) || out[(size_t)total] != 0xEE)
        ck.fail(where + " copy type->packed layout: bytes differ from the model's pack");
      // A shorter message (count-1 copies) is fine: only its bytes are written.
      if (count >= 2) {
        std::vector<uint8_t> o2((size_t)total, 0xEE);
        int64_t nb2 = -1, part = (count - 1) * b.size;
        ck.status(where + " copy shorter message",
                  weft_copy(src.base(), count - 1, t, o2.data(), 1, P, &nb2), WEFT_SUCCESS);
        ck.eq(where + " copy shorter message nbytes", nb2, part);
        ck.counted();
        bool good = std::equal(exp.begin(), exp.begin() + part, o2.begin());
        for (int64_t i = part; i < total; ++i)
          if (o2[(size_t)i] != 0xEE) good = false;
        if (!good) ck.fail(where + " copy shorter message: wrong bytes");
      }
      // P -> type equals unpack (or is refused for an overlapping receive type)
      TypedBuf dst = make_buf(lo, hi, misalign, false);
      int64_t nb3 = -1;
      weft_status st = weft_copy(exp.data(), 1, P, dst.base(), count, t, &nb3);
      if (ov) {
        ck.status(where + " copy packed layout->type (overlapping)", st, WEFT_OVERLAPPING_TYPE);
      } else {
        ck.status(where + " copy packed layout->type", st, WEFT_SUCCESS);
        ck.eq(where + " copy packed layout->type nbytes", nb3, total);
        compare_typed(dst, "copy packed layout->type");
      }
      ck.status(where + " free packed layout", weft_type_free(&P), WEFT_SUCCESS);
    }
    // A receive type of another signature: bytes instead of the basic types.
    bool all_bytes = true;
    for (const Entry &e : n.map)
      if (is_basic(e) && e.kind != K_BYTE) all_bytes = false;
    weft_type Q = nullptr;
    ck.status(where + " byte type", weft_type_contiguous(total, WEFT_BYTE, &Q), WEFT_SUCCESS);
    if (Q) ck.status(where + " byte type commit", weft_type_commit(Q), WEFT_SUCCESS);
    if (Q && !all_bytes) {
      std::vector<uint8_t> out((size_t)total, 0xEE);
      int64_t nb = -5;
      ck.status(where + " copy to WEFT_BYTE (signature mismatch)",
                weft_copy(src.base(), count, t, out.data(), 1, Q, &nb), WEFT_SIGNATURE_MISMATCH);
      for (uint8_t x : out)
        if (x != 0xEE) {
          ck.fail(where + " copy with a signature mismatch wrote into the buffer");
          break;
        }
    }
    if (Q) ck.status(where + " free byte type", weft_type_free(&Q), WEFT_SUCCESS);
  }

  // --- get_elements / get_count ---
  {
    std::vector<int64_t> nbs{0, total};
    if (b.size > 0)
      for (int i = 0; i < 6; ++i) nbs.push_back(r.range(0, 3 * b.size + b.size / 2 + 1));
    for (int64_t nbytes : nbs) {
      if (b.size == 0 && nbytes != 0) continue;
      int64_t ge = -1, gc = -1;
      ck.status(where + " get_elements", weft_get_elements(t, nbytes, &ge), WEFT_SUCCESS);
      ck.eq(where + " get_elements(" + std::to_string(nbytes) + ")", ge,
            get_elements(n.map, nbytes, WEFT_UNDEFINED));
      ck.status(where + " get_count", weft_get_count(t, nbytes, &gc), WEFT_SUCCESS);
      ck.eq(where + " get_count(" + std::to_string(nbytes) + ")", gc,
            get_count(n.map, nbytes, WEFT_UNDEFINED));
    }
  }

  // --- iov ---
  {
    std::vector<Piece> pcs = iov_pieces(n.map, b.extent, count);
    int64_t np = -1;
    ck.status(where + " iov(n)", weft_type_iov(t, count, 0, 0, nullptr, nullptr, &np),
              WEFT_SUCCESS);
    ck.eq(where + " iov pieces", np, (int64_t)pcs.size());
    if (np == (int64_t)pcs.size() && np > 0) {
      int64_t first = r.range(0, np - 1);
      int64_t cap = r.range(1, np);
      int64_t expn = std::min(cap, np - first);
      std::vector<weft_aint> offs((size_t)cap + 1, -777);
      std::vector<int64_t> lens((size_t)cap + 1, -777);
      int64_t got = -1;
      ck.status(where + " iov", weft_type_iov(t, count, first, cap, offs.data(), lens.data(), &got),
                WEFT_SUCCESS);
      ck.eq(where + " iov npieces(first " + std::to_string(first) + ", cap " +
                std::to_string(cap) + ")",
            got, expn);
      int64_t bad = 0;
      for (int64_t i = 0; i < std::min(got, expn); ++i)
        if (offs[(size_t)i] != pcs[(size_t)(first + i)].off ||
            lens[(size_t)i] != pcs[(size_t)(first + i)].len)
          ++bad;
      if (bad) ck.fail(where + " iov: " + std::to_string(bad) + " wrong pieces");
      if (offs[(size_t)cap] != -777 || lens[(size_t)cap] != -777)
        ck.fail(where + " iov wrote past capacity");
      int64_t rest = -1;
      ck.status(where + " iov(rest)", weft_type_iov(t, count, first, 0, nullptr, nullptr, &rest),
                WEFT_SUCCESS);
      ck.eq(where + " iov pieces from " + std::to_string(first), rest, np - first);
    }
  }

  // --- buffer alignment flags ---
  if (b.nbasic > 0) {
    bool al = false, ual = false;
    ck.status(where + " buffer_is_aligned", weft_buffer_is_aligned(src.base(), count, t, &al, &ual),
              WEFT_SUCCESS);
    bool eal = true, eual = true;
    uintptr_t a0 = (uintptr_t)src.base();
    for (int64_t c = 0; c < count; ++c)
      for (const Entry &e : n.map) {
        if (!is_basic(e)) continue;
        uintptr_t a = a0 + (uintptr_t)(c * b.extent + e.disp);
        const BasicKind &k = basic_kind(e.kind);
        if (a % (uintptr_t)k.align) eal = false;
        int64_t ua = uint_align_of_size(k.size);
        if (ua == 0 || a % (uintptr_t)ua) eual = false;
      }
    if (count > 0) {
      ck.eq(where + " buffer aligned", al, eal);
      ck.eq(where + " buffer uint_aligned", ual, eual);
    }
  }
}

// Builds the weft type of a node (and checks every node's queries on the way).
// Returns nullptr on failure. Derived kids are freed as soon as the parent exists.
static weft_type build_weft(const Node &n, Check &ck, const std::string &path) {
  if (n.op == OP_BASIC || n.op == OP_MARKER) return weft_basic(n.kind);
  std::vector<weft_type> kt;
  bool ok = true;
  for (size_t i = 0; i < n.kids.size(); ++i) {
    weft_type k = build_weft(*n.kids[i], ck, path + "/" + std::to_string(i));
    if (!k) ok = false;
    kt.push_back(k);
  }
  weft_type nt = nullptr;
  weft_status st = WEFT_PANIC;
  if (ok) {
    std::vector<weft_aint> ad(n.displs.begin(), n.displs.end());
    switch (n.op) {
      case OP_CONTIG: st = weft_type_contiguous(n.count, kt[0], &nt); break;
      case OP_VECTOR: st = weft_type_vector(n.count, n.blocklen, n.stride, kt[0], &nt); break;
      case OP_HVECTOR: st = weft_type_hvector(n.count, n.blocklen, n.stride, kt[0], &nt); break;
      case OP_INDEXED:
        st = weft_type_indexed((int64_t)n.blocklens.size(), n.blocklens.data(), n.displs.data(),
                               kt[0], &nt);
        break;
      case OP_HINDEXED:
        st = weft_type_hindexed((int64_t)n.blocklens.size(), n.blocklens.data(), ad.data(), kt[0],
                                &nt);
        break;
      case OP_INDEXED_BLOCK:
        st = weft_type_indexed_block((int64_t)n.displs.size(), n.blocklen, n.displs.data(), kt[0],
                                     &nt);
        break;
      case OP_HINDEXED_BLOCK:
        st = weft_type_hindexed_block((int64_t)n.displs.size(), n.blocklen, ad.data(), kt[0], &nt);
        break;
      case OP_STRUCT:
        st = weft_type_struct((int64_t)n.blocklens.size(), n.blocklens.data(), ad.data(),
                              kt.data(), &nt);
        break;
      case OP_SUBARRAY:
        st = weft_type_subarray((int)n.sizes.size(), n.sizes.data(), n.subsizes.data(),
                                n.starts.data(), n.order == 0 ? WEFT_ORDER_C : WEFT_ORDER_FORTRAN,
                                kt[0], &nt);
        break;
      case OP_RESIZED: st = weft_type_resized(kt[0], n.rlb, n.rext, &nt); break;
      case OP_DUP: st = weft_type_dup(kt[0], &nt); break;
      default: break;
    }
    ck.status("node " + path + " " + op_name(n.op) + " constructor", st, WEFT_SUCCESS);
    if (st != WEFT_SUCCESS) nt = nullptr;
  }
  for (size_t i = 0; i < kt.size(); ++i)
    if (kt[i] && n.kids[i]->op != OP_BASIC && n.kids[i]->op != OP_MARKER) {
      weft_type k = kt[i];
      ck.status("free kid", weft_type_free(&k), WEFT_SUCCESS);
    }
  if (nt) check_queries(nt, n, ck, "node " + path + " " + op_name(n.op));
  return nt;
}

// ------------------------------------------------------------------------------------
// Open MPI
// ------------------------------------------------------------------------------------
static bool mpi_expressible(const Node &n) {
  if (n.op == OP_SUBARRAY)
    for (int64_t x : n.subsizes)
      if (x == 0) return false;  // MPI requires subsizes >= 1
  for (auto &k : n.kids)
    if (!mpi_expressible(*k)) return false;
  return true;
}

static bool is_predef(const Node &n) { return n.op == OP_BASIC || n.op == OP_MARKER; }

static MPI_Datatype build_mpi(Node &n) {
  if (is_predef(n)) {
    n.mpi_built = true;
    MPI_Datatype d = mpi_basic(n.kind);
    if (n.op == OP_BASIC) {
      MPI_Count s, lb, ex, tlb, tex;
      MPI_Type_size_x(d, &s);
      MPI_Type_get_extent_x(d, &lb, &ex);
      MPI_Type_get_true_extent_x(d, &tlb, &tex);
      n.m_size = s; n.m_lb = lb; n.m_ext = ex; n.m_tlb = tlb; n.m_text = tex;
    } else {
      n.m_size = n.b.size; n.m_lb = n.b.lb; n.m_ext = n.b.extent;
      n.m_tlb = n.b.true_lb; n.m_text = n.b.true_extent;
    }
    return d;
  }
  std::vector<MPI_Datatype> kt;
  bool ok = true;
  for (auto &k : n.kids) {
    MPI_Datatype d = build_mpi(*k);
    if (d == MPI_DATATYPE_NULL) ok = false;
    kt.push_back(d);
  }
  MPI_Datatype nt = MPI_DATATYPE_NULL;
  int rc = MPI_ERR_OTHER;
  if (ok) {
    std::vector<int> ib(n.blocklens.begin(), n.blocklens.end());
    std::vector<int> id(n.displs.begin(), n.displs.end());
    std::vector<MPI_Aint> ad(n.displs.begin(), n.displs.end());
    switch (n.op) {
      case OP_CONTIG: rc = MPI_Type_contiguous((int)n.count, kt[0], &nt); break;
      case OP_VECTOR:
        rc = MPI_Type_vector((int)n.count, (int)n.blocklen, (int)n.stride, kt[0], &nt);
        break;
      case OP_HVECTOR:
        rc = MPI_Type_create_hvector((int)n.count, (int)n.blocklen, (MPI_Aint)n.stride, kt[0], &nt);
        break;
      case OP_INDEXED: rc = MPI_Type_indexed((int)ib.size(), ib.data(), id.data(), kt[0], &nt); break;
      case OP_HINDEXED:
        rc = MPI_Type_create_hindexed((int)ib.size(), ib.data(), ad.data(), kt[0], &nt);
        break;
      case OP_INDEXED_BLOCK:
        rc = MPI_Type_create_indexed_block((int)id.size(), (int)n.blocklen, id.data(), kt[0], &nt);
        break;
      case OP_HINDEXED_BLOCK:
        rc = MPI_Type_create_hindexed_block((int)ad.size(), (int)n.blocklen, ad.data(), kt[0], &nt);
        break;
      case OP_STRUCT:
        rc = MPI_Type_create_struct((int)ib.size(), ib.data(), ad.data(), kt.data(), &nt);
        break;
      case OP_SUBARRAY: {
        std::vector<int> sz(n.sizes.begin(), n.sizes.end()), ss(n.subsizes.begin(), n.subsizes.end()),
            sta(n.starts.begin(), n.starts.end());
        rc = MPI_Type_create_subarray((int)sz.size(), sz.data(), ss.data(), sta.data(),
                                      n.order == 0 ? MPI_ORDER_C : MPI_ORDER_FORTRAN, kt[0], &nt);
        break;
      }
      case OP_RESIZED: rc = MPI_Type_create_resized(kt[0], n.rlb, n.rext, &nt); break;
      case OP_DUP: rc = MPI_Type_dup(kt[0], &nt); break;
      default: break;
    }
  }
  for (size_t i = 0; i < kt.size(); ++i)
    if (kt[i] != MPI_DATATYPE_NULL && !is_predef(*n.kids[i])) MPI_Type_free(&kt[i]);
  n.mpi_built = true;
  if (rc != MPI_SUCCESS) {
    n.mpi_error = ok;  // the error happened here (not in a kid)
    return MPI_DATATYPE_NULL;
  }
  MPI_Count s = 0, lb = 0, ex = 0, tlb = 0, tex = 0;
  MPI_Type_size_x(nt, &s);
  MPI_Type_get_extent_x(nt, &lb, &ex);
  MPI_Type_get_true_extent_x(nt, &tlb, &tex);
  n.m_size = s; n.m_lb = lb; n.m_ext = ex; n.m_tlb = tlb; n.m_text = tex;
  return nt;
}

static bool mpi_bounds_agree(const Node &n) {
  return n.m_size == n.b.size && n.m_lb == n.b.lb && n.m_ext == n.b.extent &&
         n.m_tlb == n.b.true_lb && n.m_text == n.b.true_extent;
}

static bool has_markers(const Node &n) { return n.b.nmarkers > 0; }

static bool node_has_negative(const Node &n) {
  if ((n.op == OP_VECTOR || n.op == OP_HVECTOR) && n.stride < 0) return true;
  for (int64_t d : n.displs)
    if (d < 0) return true;
  if (n.op == OP_RESIZED && n.rext < 0) return true;
  for (auto &k : n.kids)
    if (k->b.extent < 0) return true;
  return false;
}

static std::string bounds_diff(const Node &n) {
  std::ostringstream o;
  o << "model {size " << n.b.size << ", lb " << n.b.lb << ", extent " << n.b.extent
    << ", true_lb " << n.b.true_lb << ", true_extent " << n.b.true_extent << ", epsilon "
    << n.b.epsilon << "} vs Open MPI {size " << n.m_size << ", lb " << n.m_lb << ", extent "
    << n.m_ext << ", true_lb " << n.m_tlb << ", true_extent " << n.m_text << "}";
  return o.str();
}

// The first node (post-order: every kid agrees) where Open MPI departs from the model.
static const Node *first_disagreement(const Node &n) {
  for (auto &k : n.kids)
    if (const Node *d = first_disagreement(*k)) return d;
  if (n.mpi_error) return &n;
  if (!mpi_bounds_agree(n)) return &n;
  return nullptr;
}

static std::string classify_node(const Node &n) {
  std::string op = op_name(n.op);
  if (n.mpi_error) return "Open MPI error in " + op;
  bool bounds_same = n.m_lb == n.b.lb && n.m_ext == n.b.extent;
  bool true_same = n.m_tlb == n.b.true_lb && n.m_text == n.b.true_extent;
  if (n.b.nbasic == 0 && bounds_same && n.m_size == 0)
    return "true extent of a type without data";  // the model says (0, 0)
  if (n.b.nbasic == 0 && n.b.nmarkers == 0) return "bounds of an empty typemap (" + op + ")";
  for (size_t i = 0; i < n.kids.size(); ++i)
    if (n.kids[i]->map.empty() && n.top_count > 0 &&
        (n.op != OP_STRUCT || n.blocklens[i] > 0))
      return "copies of an empty typemap placed (" + op + ")";
  bool kid_markers = false;
  for (auto &k : n.kids)
    if (has_markers(*k)) kid_markers = true;
  bool own_markers_only = (n.op == OP_RESIZED || n.op == OP_SUBARRAY) && !kid_markers;
  if ((kid_markers || has_markers(n)) && !own_markers_only)
    return "marker handling (" + op + ")";
  if (n.m_size == n.b.size && true_same && n.m_lb == n.b.lb && n.m_ext != n.b.extent &&
      !n.b.has_ub)
    return "epsilon of " + op;
  if (node_has_negative(n)) return "negative stride/displacement (" + op + ")";
  return "bounds of " + op;
}

struct Classes {
  struct Row {
    int64_t count = 0, pack_differs = 0;
    std::string example;
  };
  std::map<std::string, Row> rows;
  void add(const std::string &cls, const std::string &example, bool pack_differs) {
    Row &r = rows[cls];
    if (r.count++ == 0) r.example = example;
    if (pack_differs) ++r.pack_differs;
  }
};

// MPI_Pack of count copies from a buffer holding pattern(offset) at every offset that
// the model or Open MPI may read. Returns "" when the bytes equal the model's stream.
static std::string mpi_pack_diff(const Node &root, MPI_Datatype dt, int64_t count) {
  const Bounds &b = root.b;
  int64_t lo, hi;
  typed_range(b, count, lo, hi);
  const long long LIM = (long long)1 << 40;
  if (root.m_size > 0 && (root.m_tlb > LIM || root.m_tlb < -LIM || root.m_text < 0 ||
                          root.m_text > LIM || root.m_ext > LIM || root.m_ext < -LIM))
    return "not compared (Open MPI reports an implausible data range)";
  if (root.m_size > 0) {  // Open MPI's own idea of where the data of count copies lies
    int64_t c0 = std::min<int64_t>(0, (count - 1) * root.m_ext);
    int64_t c1 = std::max<int64_t>(0, (count - 1) * root.m_ext);
    if (b.nbasic == 0) lo = hi = 0;
    lo = std::min<int64_t>(lo, c0 + root.m_tlb);
    hi = std::max<int64_t>(hi, c1 + root.m_tlb + root.m_text);
  }
  if (hi < lo || hi - lo > (int64_t)1 << 26) return "not compared (Open MPI's data range is too large)";
  TypedBuf src = make_buf(lo, hi, 0, true);
  std::vector<uint8_t> exp = model_pack(packed_entries(root.map, b.extent, count));
  int psize = 0;
  MPI_Pack_size((int)count, dt, MPI_COMM_WORLD, &psize);
  std::vector<uint8_t> out((size_t)std::max<int64_t>(psize, (int64_t)exp.size()) + 16, 0xEE);
  int pos = 0;
  int rc = MPI_Pack(src.base(), (int)count, dt, out.data(), (int)out.size(), &pos, MPI_COMM_WORLD);
  if (rc == MPI_SUCCESS && pos == (int)exp.size() &&
      std::equal(exp.begin(), exp.end(), out.begin()))
    return "";
  if (rc != MPI_SUCCESS) return "count " + std::to_string(count) + ": MPI_Pack failed";
  int64_t first = 0;
  while (first < (int64_t)exp.size() && first < pos && out[(size_t)first] == exp[(size_t)first])
    ++first;
  return "count " + std::to_string(count) + ": MPI_Pack wrote " + std::to_string(pos) +
         " bytes (model " + std::to_string(exp.size()) + "), first difference at byte " +
         std::to_string(first);
}

// Returns the MPI_Pack difference of Open MPI's own build of the tree ("" = none, or
// "not expressible").
static std::string mpi_compare(Node &root, Classes &cls, int64_t tree_index, int64_t &compared,
                               int64_t &skipped, bool verbose) {
  if (!mpi_expressible(root)) {
    ++skipped;
    return "not expressible";
  }
  ++compared;
  MPI_Datatype dt = build_mpi(root);
  std::string tree = "#" + std::to_string(tree_index) + " " + tree_str(root);
  // MPI_Pack bytes for 1..3 copies (whatever the bounds say).
  std::string pack_diff;
  if (dt != MPI_DATATYPE_NULL) {
    MPI_Type_commit(&dt);
    for (int64_t count = 1; count <= 3 && pack_diff.empty(); ++count)
      pack_diff = mpi_pack_diff(root, dt, count);
    MPI_Type_free(&dt);
  }
  if (const Node *d = first_disagreement(root)) {
    std::string ex = tree;
    if (d != &root) ex += "  -- at node " + tree_str(*d);
    ex += "  -- " + bounds_diff(*d);
    if (!pack_diff.empty()) ex += "; pack " + pack_diff;
    cls.add(classify_node(*d), ex, !pack_diff.empty());
    if (verbose) std::printf("  Open MPI: %s\n", ex.c_str());
  } else if (!pack_diff.empty()) {
    std::string ex = tree + "  -- " + pack_diff;
    cls.add("pack bytes (bounds agree)", ex, true);
    if (verbose) std::printf("  Open MPI: %s\n", ex.c_str());
  }
  return pack_diff;
}

// weft_type_to_mpi: the converted type must have the model's size and bounds exactly,
// and MPI_Pack with it must give the model's bytes. Returns the pack difference ("" if
// none); bounds mismatches go straight into ck.
static std::string check_to_mpi(weft_type t, const Node &root, Check &ck) {
  MPI_Datatype dt = MPI_DATATYPE_NULL;
  weft_status s = weft_type_to_mpi(t, &dt);
  ck.status("weft_type_to_mpi", s, WEFT_SUCCESS);
  if (s != WEFT_SUCCESS) return "";
  const Bounds &b = root.b;
  int size = -1;
  MPI_Aint lb = 0, ext = 0, tlb = 0, text = 0;
  MPI_Type_size(dt, &size);
  MPI_Type_get_extent(dt, &lb, &ext);
  ck.eq("to_mpi size", (int64_t)size, b.size);
  ck.eq("to_mpi lb", (int64_t)lb, b.lb);
  ck.eq("to_mpi extent", (int64_t)ext, b.extent);
  if (b.nbasic > 0) {
    MPI_Type_get_true_extent(dt, &tlb, &text);
    ck.eq("to_mpi true_lb", (int64_t)tlb, b.true_lb);
    ck.eq("to_mpi true_extent", (int64_t)text, b.true_extent);
  }
  std::string diff;
  for (int64_t count = 1; count <= 3 && diff.empty(); ++count) diff = mpi_pack_diff(root, dt, count);
  MPI_Type_free(&dt);
  return diff;
}

// ------------------------------------------------------------------------------------
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

  int64_t ntrees = 3000, only = -1;
  uint64_t seed = 0x5EED0F0FA11C0DEull;
  bool verbose = false, mpi_only = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--trees" && i + 1 < argc) ntrees = std::atoll(argv[++i]);
    else if (a == "--only" && i + 1 < argc) only = std::atoll(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 0);
    else if (a == "--verbose") verbose = true;
    else if (a == "--mpi-only") mpi_only = true;  // diagnose Open MPI vs the model only
  }

  Rng gen_rng(seed);
  Rng data_rng(seed ^ 0xDA7ADA7Aull);
  std::map<std::string, int64_t> stats;
  Classes cls;
  int64_t tested = 0, failed_trees = 0, total_mismatches = 0, mpi_compared = 0, mpi_skipped = 0;
  int64_t max_entries = 0, overlapping_trees = 0, depth_hist[6] = {0}, sizeless_roots = 0;

  for (int64_t ti = 0; ti < ntrees; ++ti) {
    int depth = (int)gen_rng.range(1, 4);
    NodeP root = gen(gen_rng, depth);
    Rng r(data_rng.next());  // per-tree stream: --only reproduces the same checks
    if (only >= 0 && ti != only) continue;
    ++tested;
    collect_stats(*root, stats);
    depth_hist[std::min(tree_depth(*root), 5)]++;
    max_entries = std::max<int64_t>(max_entries, (int64_t)root->map.size());
    if (root->b.size == 0) ++sizeless_roots;
    if (overlapping(root->map, root->b.extent, 3)) ++overlapping_trees;
    if (verbose) std::printf("tree #%" PRId64 ": %s\n", ti, tree_str(*root).c_str());
    std::fflush(stdout);

    Check ck;
    weft_type t = mpi_only ? nullptr : build_weft(*root, ck, "root");
    if (t) {
      ck.status("commit", weft_type_commit(t), WEFT_SUCCESS);
      check_queries(t, *root, ck, "committed root");
      if (root->b.size > 0) {
        bool flag = false;
        ck.status("is_contiguous", weft_type_is_contiguous(t, &flag), WEFT_SUCCESS);
        ck.eq("is_contiguous", flag, is_contiguous(root->map));
      }
      for (int64_t count = 1; count <= 3; ++count) check_data(t, *root, count, r, ck);
    }
    std::string conv_pack_diff = t ? check_to_mpi(t, *root, ck) : "";
    if (t) {
      ck.status("free root", weft_type_free(&t), WEFT_SUCCESS);
      if (t != nullptr) ck.fail("weft_type_free did not set the handle to NULL");
    }
    std::string direct_pack_diff = mpi_compare(*root, cls, ti, mpi_compared, mpi_skipped, verbose);
    if (!conv_pack_diff.empty()) {
      // The converted type has the model's typemap by construction; if Open MPI also
      // mis-packs its own build of this tree, the difference is Open MPI's pack engine.
      if (direct_pack_diff.empty() || direct_pack_diff == "not expressible") {
        ck.fail("MPI_Pack with weft_type_to_mpi's type differs from the model: " + conv_pack_diff);
      } else {
        ++g_to_mpi_ompi_pack;
        if (verbose) std::printf("  to_mpi: Open MPI packs this shape differently (%s)\n", conv_pack_diff.c_str());
      }
    }
    ++g_to_mpi_checked;
    if (!ck.ok()) {
      ++failed_trees;
      total_mismatches += (int64_t)ck.errs.size();
      if (failed_trees <= 25) {
        std::printf("WEFT MISMATCH tree #%" PRId64 ": %s\n", ti, tree_str(*root).c_str());
        std::printf("  model: size %" PRId64 " lb %" PRId64 " ub %" PRId64 " extent %" PRId64
                    " true_lb %" PRId64 " true_extent %" PRId64 " epsilon %" PRId64
                    " entries %zu\n",
                    root->b.size, root->b.lb, root->b.ub, root->b.extent, root->b.true_lb,
                    root->b.true_extent, root->b.epsilon, root->map.size());
        for (size_t i = 0; i < ck.errs.size() && i < 12; ++i)
          std::printf("  %s\n", ck.errs[i].c_str());
        if (ck.errs.size() > 12) std::printf("  ... %zu more\n", ck.errs.size() - 12);
      }
    }
    std::fflush(stdout);
  }

  std::printf("\n=== coverage (over all nodes of all tested trees) ===\n");
  for (auto &kv : stats) std::printf("  %-28s %" PRId64 "\n", kv.first.c_str(), kv.second);
  std::printf("  tree depth histogram: ");
  for (int d = 0; d <= 5; ++d) std::printf("%d:%" PRId64 " ", d, depth_hist[d]);
  std::printf("\n  largest typemap: %" PRId64 " entries; roots without data: %" PRId64
              "; trees whose 1..3 copies overlap: %" PRId64 "\n",
              max_entries, sizeless_roots, overlapping_trees);

  int64_t mpi_dis = 0;
  for (auto &kv : cls.rows) mpi_dis += kv.second.count;
  std::printf("\n=== Open MPI vs the definition (model wins; never a failure) ===\n");
  std::printf("  compared %" PRId64 " trees, skipped %" PRId64
              " (not valid MPI: zero subarray subsize), disagreeing %" PRId64 " (%.2f%%)\n",
              mpi_compared, mpi_skipped, mpi_dis,
              mpi_compared ? 100.0 * (double)mpi_dis / (double)mpi_compared : 0.0);
  std::printf("  %-46s %5s %5s  %s\n", "class (first departing node, kids agree)", "trees",
              "+pack", "example tree");
  for (auto &kv : cls.rows)
    std::printf("  %-46s %5" PRId64 " %5" PRId64 "  %s\n", kv.first.c_str(), kv.second.count,
                kv.second.pack_differs, kv.second.example.c_str());
  std::printf("  (+pack: of those trees, how many also have MPI_Pack bytes that differ from the "
              "model for 1, 2 or 3 copies)\n");
  int64_t core = 0;
  for (auto &kv : cls.rows)
    if (kv.first.rfind("epsilon of", 0) == 0 || kv.first.rfind("negative stride", 0) == 0)
      core += kv.second.count;
  std::printf("  epsilon + negative-stride classes alone: %" PRId64 " trees (%.2f%%); the rest are "
              "markers, empty typemaps and data-free true extents\n",
              core, mpi_compared ? 100.0 * (double)core / (double)mpi_compared : 0.0);
  {
    char ver[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(ver, &len);
    std::string v(ver, (size_t)len);
    size_t nl = v.find_first_of(",\n");
    std::printf("  MPI library: %s\n", v.substr(0, nl).c_str());
  }

  // Self-check: the generator must exercise every constructor and the corner cases.
  bool coverage_ok = true;
  if (only < 0) {
    const char *need[] = {"op contiguous", "op vector", "op hvector", "op indexed", "op hindexed",
                          "op indexed_block", "op hindexed_block", "op struct", "op subarray",
                          "op resized", "op dup", "marker LB", "marker UB", "subarray C order",
                          "subarray Fortran order", "negative stride", "negative displacement",
                          "zero count", "empty block", "resized negative extent",
                          "resized zero extent", "nonzero epsilon"};
    for (const char *k : need)
      if (stats[k] == 0) {
        std::printf("COVERAGE: generator never produced '%s'\n", k);
        coverage_ok = false;
      }
    if (tested < 1000) coverage_ok = false;
  }

  std::printf("\n=== totals ===\n  trees tested: %" PRId64 "\n  exact assertions on weft: %" PRId64
              "\n  (tree, count) data checks: %" PRId64 " with unpack/copy compared, %" PRId64
              " expecting WEFT_OVERLAPPING_TYPE\n  weft mismatches: %" PRId64 " in %" PRId64
              " trees (must be 0)\n  Open MPI disagreements: %" PRId64 " of %" PRId64
              " compared trees\n  weft_type_to_mpi: %" PRId64 " trees converted, bounds and MPI_Pack bytes"
              " equal to the model (%" PRId64 " where Open MPI mis-packs its own build too)\n",
              tested, g_assertions, g_data_success_paths, g_data_overlap_paths, total_mismatches,
              failed_trees, mpi_dis, mpi_compared, g_to_mpi_checked, g_to_mpi_ompi_pack);
  int rc = (failed_trees == 0 && coverage_ok && tested > 0 && !mpi_only) ? 0 : 1;
  std::printf("%s\n", rc == 0 ? "PASS" : "FAIL");
  MPI_Finalize();
  return rc;
}
