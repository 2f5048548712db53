// Mirror each constructor with its MPI-2 equivalent, then resize the result wherever
// the MPI's lb/extent differ from weft's (MPI-1 sticky markers and the epsilon are not
// expressible otherwise in MPI-3). A typemap's entries depend only on the inputs'
// extents and the displacements, so fixing the bounds at every node reproduces the
// typemap exactly.
#include "type_to_mpi.hpp"

#include <climits>
#include <vector>

#include "mpi_check.hpp"

namespace weft::mpi {

namespace {

struct Named {
  weft_type weft;
  MPI_Datatype mpi;
};

const std::vector<Named> &named_types() {
  static const std::vector<Named> table = {
      {WEFT_CHAR, MPI_CHAR},
      {WEFT_SIGNED_CHAR, MPI_SIGNED_CHAR},
      {WEFT_UNSIGNED_CHAR, MPI_UNSIGNED_CHAR},
      {WEFT_BYTE, MPI_BYTE},
      {WEFT_SHORT, MPI_SHORT},
      {WEFT_UNSIGNED_SHORT, MPI_UNSIGNED_SHORT},
      {WEFT_INT, MPI_INT},
      {WEFT_UNSIGNED, MPI_UNSIGNED},
      {WEFT_LONG, MPI_LONG},
      {WEFT_UNSIGNED_LONG, MPI_UNSIGNED_LONG},
      {WEFT_LONG_LONG, MPI_LONG_LONG},
      {WEFT_UNSIGNED_LONG_LONG, MPI_UNSIGNED_LONG_LONG},
      {WEFT_INT8, MPI_INT8_T},
      {WEFT_INT16, MPI_INT16_T},
      {WEFT_INT32, MPI_INT32_T},
      {WEFT_INT64, MPI_INT64_T},
      {WEFT_UINT8, MPI_UINT8_T},
      {WEFT_UINT16, MPI_UINT16_T},
      {WEFT_UINT32, MPI_UINT32_T},
      {WEFT_UINT64, MPI_UINT64_T},
      {WEFT_FLOAT, MPI_FLOAT},
      {WEFT_DOUBLE, MPI_DOUBLE},
      {WEFT_LONG_DOUBLE, MPI_LONG_DOUBLE},
      {WEFT_C_FLOAT_COMPLEX, MPI_C_FLOAT_COMPLEX},
      {WEFT_C_DOUBLE_COMPLEX, MPI_C_DOUBLE_COMPLEX},
      {WEFT_BOOL, MPI_C_BOOL},
      {WEFT_WCHAR, MPI_WCHAR},
      {WEFT_INTEGER, MPI_INTEGER},
      {WEFT_REAL, MPI_REAL},
      {WEFT_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION},
      {WEFT_COMPLEX, MPI_COMPLEX},
      {WEFT_DOUBLE_COMPLEX, MPI_DOUBLE_COMPLEX},
      {WEFT_LOGICAL, MPI_LOGICAL},
      {WEFT_CHARACTER, MPI_CHARACTER},
  };
  return table;
}

void check_weft(weft_status s, const char *what) {
  if (s != WEFT_SUCCESS) fail(s, "%s: %s", what, weft_last_error());
}

int as_int(int64_t v, const char *what) {
  if (v > INT_MAX || v < INT_MIN) fail(WEFT_OVERFLOW, "%s %lld does not fit the int of an MPI-3 constructor", what, (long long)v);
  return int(v);
}

std::vector<int> as_ints(const int64_t *v, int64_t n, const char *what) {
  std::vector<int> r(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) r[size_t(i)] = as_int(v[i], what);
  return r;
}

// Owns the MPI datatypes made along the way (predefined ones are never freed).
class Scope {
 public:
  ~Scope() {
    for (MPI_Datatype &t : made_) MPI_Type_free(&t);
  }
  MPI_Datatype keep(MPI_Datatype t) {
    made_.push_back(t);
    return t;
  }
  // Hands the last made type to the caller.
  MPI_Datatype release(MPI_Datatype t) {
    for (size_t i = 0; i < made_.size(); ++i)
      if (made_[i] == t) {
        made_.erase(made_.begin() + long(i));
        break;
      }
    return t;
  }

 private:
  std::vector<MPI_Datatype> made_;
};

// weft handles returned by weft_type_contents, freed on scope exit.
struct Inputs {
  std::vector<weft_type> types;
  ~Inputs() {
    for (weft_type &t : types) weft_type_free(&t);  // predefined ones refuse, harmlessly
  }
};


MPI_Datatype convert(weft_type t, Scope &scope);

MPI_Datatype build(weft_type t, Scope &scope) {
  int64_t ni, na, nt;
  int comb;
  check_weft(weft_type_envelope(t, &ni, &na, &nt, &comb), "weft_type_envelope");
  if (comb == WEFT_COMBINER_NAMED) {
    for (const Named &n : named_types())
      if (n.weft == t) return n.mpi;
    fail(WEFT_INVALID_VALUE, "a marker (WEFT_LB/WEFT_UB) has no MPI datatype of its own");
  }
  // A derived type without data is only bounds: an empty type, which convert() resizes.
  // (Open MPI 4.1 mis-packs the second copy of a struct whose blocks include such types
  // built literally: found by tests/oracle with --seed 2.)
  int64_t size = 0;
  check_weft(weft_type_size(t, &size), "weft_type_size");
  if (size == 0) {
    MPI_Datatype r;
    mpi_check(MPI_Type_contiguous(0, MPI_BYTE, &r), "MPI_Type_contiguous");
    return scope.keep(r);
  }
  std::vector<int64_t> I(static_cast<size_t>(ni));
  std::vector<weft_aint> A(static_cast<size_t>(na));
  Inputs in;
  in.types.assign(static_cast<size_t>(nt), nullptr);
  check_weft(weft_type_contents(t, ni, na, nt, I.data(), A.data(), in.types.data()), "weft_type_contents");
  MPI_Datatype r = MPI_DATATYPE_NULL;
  switch (comb) {
    case WEFT_COMBINER_DUP:
      mpi_check(MPI_Type_dup(convert(in.types[0], scope), &r), "MPI_Type_dup");
      break;
    case WEFT_COMBINER_CONTIGUOUS:
      mpi_check(MPI_Type_contiguous(as_int(I[0], "count"), convert(in.types[0], scope), &r), "MPI_Type_contiguous");
      break;
    case WEFT_COMBINER_VECTOR:
    case WEFT_COMBINER_HVECTOR: {
      int n = as_int(I[0], "count"), bl = as_int(I[1], "blocklength");
      MPI_Datatype old = convert(in.types[0], scope);
      weft_aint ex;
      check_weft(weft_type_extent(in.types[0], nullptr, &ex), "weft_type_extent");
      weft_aint stride = comb == WEFT_COMBINER_HVECTOR ? A[0] : I[2] * ex;
      if (stride < 0 && n > 1) {
        // Open MPI 4.1 gets the true extent and the packed order of some negative-stride
        // vectors wrong; the same blocks as explicit displacements it handles right.
        std::vector<MPI_Aint> d(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i) d[size_t(i)] = MPI_Aint(i) * stride;
        mpi_check(MPI_Type_create_hindexed_block(n, bl, d.data(), old, &r), "MPI_Type_create_hindexed_block");
      } else {
        mpi_check(MPI_Type_create_hvector(n, bl, stride, old, &r), "MPI_Type_create_hvector");
      }
      break;
    }
    case WEFT_COMBINER_INDEXED: {
      int n = as_int(I[0], "count");
      auto bl = as_ints(&I[1], n, "blocklength"), d = as_ints(&I[1 + n], n, "displacement");
      mpi_check(MPI_Type_indexed(n, bl.data(), d.data(), convert(in.types[0], scope), &r), "MPI_Type_indexed");
      break;
    }
    case WEFT_COMBINER_HINDEXED: {
      int n = as_int(I[0], "count");
      auto bl = as_ints(&I[1], n, "blocklength");
      mpi_check(MPI_Type_create_hindexed(n, bl.data(), A.data(), convert(in.types[0], scope), &r),
                "MPI_Type_create_hindexed");
      break;
    }
    case WEFT_COMBINER_INDEXED_BLOCK: {
      int n = as_int(I[0], "count");
      auto d = as_ints(&I[2], n, "displacement");
      mpi_check(MPI_Type_create_indexed_block(n, as_int(I[1], "blocklength"), d.data(), convert(in.types[0], scope), &r),
                "MPI_Type_create_indexed_block");
      break;
    }
    case WEFT_COMBINER_HINDEXED_BLOCK: {
      int n = as_int(I[0], "count");
      mpi_check(MPI_Type_create_hindexed_block(n, as_int(I[1], "blocklength"), A.data(), convert(in.types[0], scope),
                                               &r),
                "MPI_Type_create_hindexed_block");
      break;
    }
    case WEFT_COMBINER_STRUCT:
    case WEFT_COMBINER_STRUCT_ALIGNED: {
      // Blocks without data (markers, empty types) are dropped here; the bounds fix-up
      // in convert() restores their effect.
      std::vector<int> bl;
      std::vector<MPI_Aint> d;
      std::vector<MPI_Datatype> ty;
      for (int64_t i = 0; i < I[0]; ++i) {
        int64_t block_size = 0;
        check_weft(weft_type_size(in.types[size_t(i)], &block_size), "weft_type_size");
        if (block_size == 0) continue;  // markers and data-free blocks: only bounds
        bl.push_back(as_int(I[1 + i], "blocklength"));
        d.push_back(A[size_t(i)]);
        ty.push_back(convert(in.types[size_t(i)], scope));
      }
      mpi_check(MPI_Type_create_struct(int(bl.size()), bl.data(), d.data(), ty.data(), &r), "MPI_Type_create_struct");
      break;
    }
    case WEFT_COMBINER_SUBARRAY: {
      int nd = as_int(I[0], "ndims");
      auto sizes = as_ints(&I[1], nd, "size"), subs = as_ints(&I[1 + nd], nd, "subsize"),
           starts = as_ints(&I[1 + 2 * nd], nd, "start");
      int order = I[1 + 3 * nd] == WEFT_ORDER_C ? MPI_ORDER_C : MPI_ORDER_FORTRAN;
      bool empty = false;
      for (int s : subs) empty = empty || s == 0;
      if (empty) {
        // MPI requires subsizes >= 1: an empty sub-block is an empty type with the bounds
        // fixed below.
        mpi_check(MPI_Type_contiguous(0, MPI_BYTE, &r), "MPI_Type_contiguous");
      } else {
        mpi_check(MPI_Type_create_subarray(nd, sizes.data(), subs.data(), starts.data(), order,
                                           convert(in.types[0], scope), &r),
                  "MPI_Type_create_subarray");
      }
      break;
    }
    case WEFT_COMBINER_RESIZED:
      mpi_check(MPI_Type_create_resized(convert(in.types[0], scope), A[0], A[1], &r), "MPI_Type_create_resized");
      break;
    default:
      fail(WEFT_NOT_IMPLEMENTED, "combiner %d has no MPI equivalent", comb);
  }
  return scope.keep(r);
}

MPI_Datatype convert(weft_type t, Scope &scope) {
  MPI_Datatype r = build(t, scope);
  weft_aint lb, extent;
  check_weft(weft_type_extent(t, &lb, &extent), "weft_type_extent");
  MPI_Aint mlb, mextent;
  mpi_check(MPI_Type_get_extent(r, &mlb, &mextent), "MPI_Type_get_extent");
  if (mlb != lb || mextent != extent) {
    MPI_Datatype fixed;
    mpi_check(MPI_Type_create_resized(r, lb, extent, &fixed), "MPI_Type_create_resized");
    r = scope.keep(fixed);
  }
  return r;
}

}  // namespace

MPI_Datatype type_to_mpi(weft_type t) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) fail(WEFT_MPI_ERROR, "MPI is not initialised");
  Scope scope;
  MPI_Datatype r = convert(t, scope);
  bool predefined = false;
  for (const Named &n : named_types()) predefined = predefined || n.mpi == r;
  if (predefined) {  // the caller owns what it gets: hand out a dup, never the constant
    MPI_Datatype d;
    mpi_check(MPI_Type_dup(r, &d), "MPI_Type_dup");
    r = scope.keep(d);
  }
  mpi_check(MPI_Type_commit(&r), "MPI_Type_commit");
  return scope.release(r);
}

}  // namespace weft::mpi
